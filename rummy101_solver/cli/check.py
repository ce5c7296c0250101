"""``rummy101 check``: judge an arrangement group by group, with the rule each breaks."""

from __future__ import annotations

import sys
from typing import Any

import click

from rummy101_solver.cli.common import echo_text, fail
from rummy101_solver.cli.options import RULE_OPTIONS, house_option, read_rack_text, with_options
from rummy101_solver.cli.solve import EXIT_CAN_OPEN, EXIT_CANNOT_OPEN
from rummy101_solver.files.case import OptionError, build_case, build_rules
from rummy101_solver.game.parsing import RackError


@click.command()
@house_option
@click.argument("arrangement", nargs=-1)
@click.option("--rack", "rack_text", metavar="TILES", default=None,
              help="The rack the tiles come from: report tiles left, residual penalty and"
              " the discard kept [R-KEEP-DISCARD].")  # fmt: skip
@with_options(*RULE_OPTIONS, "indicator_twin", "twin_laid", "time_limit", "fmt", "color")
def check(arrangement: tuple[str, ...], rack_text: str | None, fmt: str, color: bool,
          time_limit: float, **options: Any) -> None:  # fmt: skip
    """Judge an arrangement: is every group legal, does it open?

    ARRANGEMENT: groups separated by '|' or '/', e.g. "R3 R4 R5 | B7 K7 Y7".
    A joker may be pinned to what it stands for: J=R11; otherwise the tool works
    out what it can stand for. Every broken rule is named with its id. With
    no ARRANGEMENT, or '-', it is read from stdin.

    \b
    Example:
      rummy101 check "R3 R4 R5 | B7 K7 Y7 | R10 J R12"
      rummy101 check "R12 R13 R1"
      rummy101 check "R10 R11 R12 | B11 B12 B13" --rack "R10 R11 R12 B11 B12 B13 Y1 Y2"

    Exit code: 0 a legal opening that meets the threshold, 1 illegal or
    short, 2 bad input.
    """
    from rummy101_solver.engine.check import check_arrangement, find_better
    from rummy101_solver.game.parsing import parse_arrangement

    text = read_rack_text(arrangement, "check")
    try:
        if rack_text is not None:
            case = build_case(rack_text, options)
            rules, rack = case.rules, case.rack
        else:
            rules, rack = build_rules(options), None
        groups = parse_arrangement(text, indicator=rules.indicator)
        result = check_arrangement(groups, rules, rack)
    except (RackError, OptionError) as err:
        fail(str(err))

    from rummy101_solver.report.render import check_json, check_text, dumps

    better = find_better(result, time_limit=time_limit)
    if fmt == "json":
        click.echo(dumps(check_json(result, better)))
    else:
        echo_text(lambda c: check_text(result, better, fmt, color=c), fmt, color, "rummy101 check")
    sys.exit(EXIT_CAN_OPEN if result.meets_threshold else EXIT_CANNOT_OPEN)
