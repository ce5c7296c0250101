"""``rummy101 solve``: the best meld and pairs openings of one rack."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from rummy101_solver.cli.common import echo_report, fail, report_color
from rummy101_solver.cli.options import house_option, read_rack_text, solve_options
from rummy101_solver.files.case import OptionError, build_case
from rummy101_solver.game.parsing import RackError

EXIT_CAN_OPEN = 0
EXIT_CANNOT_OPEN = 1


@click.command()
@house_option
@click.argument("tiles", nargs=-1)
@solve_options
@click.option("--explain", is_flag=True, default=False,
              help="Add a few plain sentences: the bar and why, how the best opening adds up,"
              " how far short it is, what ranked the next best lower, why nothing can be laid."
              " JSON: an \"explanation\" list.")  # fmt: skip
def solve(
    tiles: tuple[str, ...],
    fmt: str,
    color: bool,
    explain: bool,
    alternatives: int,
    time_limit: float,
    **options: Any,
) -> None:
    """Find the best meld opening and the best pairs opening of a rack.

    TILES: the rack, e.g. R3 R4 R5 B7 K7 Y7 J (or 'red 7', '7r', '*' for a
    joker). With no TILES, or '-', the rack is read from stdin.

    \b
    Example:
      rummy101 solve R10 R11 R12 J B13 K13 Y13 B9 K9 Y9 R1 R2 R3
      rummy101 solve --format json --alternatives 0 < rack.txt
      rummy101 solve R7 R8 R9 --explain

    Exit code: 0 the rack can open, 1 it cannot, or no opening was found
    within --time-limit (the verdict line says which), 2 bad input.
    """
    options["alternatives"] = alternatives
    options["time_limit"] = time_limit
    try:
        case = build_case(read_rack_text(tiles), options)
    except (RackError, OptionError) as err:
        fail(str(err))

    from rummy101_solver.engine.solver import analyse
    from rummy101_solver.report.render import analysis_json, analysis_text, dumps

    started = time.monotonic()
    analysis = analyse(
        case.rack, case.rules, alternatives=case.alternatives, time_limit=case.time_limit
    )
    colored = fmt != "json" and report_color(color, fmt)

    def sentences() -> list[str]:
        from rummy101_solver.report.explain import distance_shortfall, explain_analysis

        # the tiles short come from 'outs', in the time the command has left, and
        # only for a rack that cannot open; not with --take: taking the discard
        # replaces the draw, so tiles to draw mean nothing this turn [R-TAKE-DISCARD]
        shortfall = None
        if not analysis.can_open and case.rules.take is None:
            left = max(0.001, case.time_limit - (time.monotonic() - started))
            shortfall = distance_shortfall(case.rack, case.rules, time_limit=left, color=colored)
        return explain_analysis(
            analysis, time_limit=case.time_limit, color=colored, shortfall=shortfall
        )

    if fmt == "json":
        data = analysis_json(analysis)
        if explain:
            data["explanation"] = sentences()
        click.echo(dumps(data))
    else:
        explanation = []
        if explain:
            explanation = sentences()
        text = analysis_text(analysis, fmt, color=colored, explanation=explanation)
        echo_report(text, fmt, color=colored, title="rummy101 solve")
    sys.exit(EXIT_CAN_OPEN if analysis.can_open else EXIT_CANNOT_OPEN)
