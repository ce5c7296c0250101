"""``rummy101 play``: the best turn against the table (lay-offs, joker retrieval, finishing)."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from rummy101_solver.cli.common import echo_text, fail
from rummy101_solver.cli.options import (
    RULE_OPTIONS,
    IntRange,
    house_option,
    read_rack_text,
    with_options,
)
from rummy101_solver.files.case import OptionError, build_case
from rummy101_solver.game.parsing import RackError

EXIT_LAYS = 0
EXIT_NOTHING = 1


@click.command()
@house_option
@click.argument("tiles", nargs=-1)
@click.option("--table", "table_text", metavar="GROUPS", default="",
              help="The groups on the table, as for check:"
              ' "R3 R4 R5 | B7 K7 J=Y7 | Y9 Y9".')  # fmt: skip
@click.option("--opened", type=click.Choice(["no", "melds", "pairs"]), default="no",
              show_default=True, help="The player's own state [R-PAIRS-AFTER].")  # fmt: skip
@click.option("--pairs-on-table", is_flag=True, default=False,
              help="Someone has opened with pairs: a meld opener may lay pairs"
              " [R-PAIRS-AFTER] (implied by a pair on the table).")  # fmt: skip
@click.option("--layoff-limit", type=IntRange(1, 13), default=None, metavar="N",
              help="House rule: at most N tiles laid off onto one group per turn (okey.gg's"
              " variant, rule seed 004: 3) [R-LAYOFF-LIMIT]. Default: no limit.")  # fmt: skip
@click.option("--layoff-per-end", type=IntRange(1, 13), default=None, metavar="N",
              help="House rule: at most N tiles laid off at one end of a run per turn (other"
              " tables: 2) [R-LAYOFF-LIMIT]. Default: no limit.")  # fmt: skip
@click.option("--pairs-declare", is_flag=True, default=False,
              help="House rule: a player may declare pairs ('çifte gitmek'); with"
              " --declared-pairs [R-PAIRS-DECLARE].")  # fmt: skip
@click.option("--declared-pairs", is_flag=True, default=False,
              help="You (not opened yet) declared pairs (needs --pairs-declare): a taken"
              " discard (--take) may be kept without opening, and you open with pairs or"
              " not at all [R-PAIRS-DECLARE].")  # fmt: skip
@click.option("--retrieve", type=click.Choice(["any", "full-set"]), default="any",
              show_default=True,
              help="full-set (okey.gg's variant, rule seed 004): a joker leaves a set only"
              " when the set then holds all four colours [R-RETRIEVE].")  # fmt: skip
@click.option("--no-same-turn-layoff", "same_turn_layoff", flag_value=False, default=True,
              help="House rule: a player opening this turn lays off and retrieves only from"
              " the next turn [R-LAYOFF].")  # fmt: skip
@click.option("--no-freed-joker-melds", "freed_joker_melds", flag_value=False, default=True,
              help="House rule: a joker taken back in the opening turn is laid off or kept,"
              " never put into a new meld of that turn. Default: it may go into a further"
              " meld once the opening meets its bar without it [R-RETRIEVE].")  # fmt: skip
@with_options(
    *RULE_OPTIONS, "one_turn_any_value", "play_alternatives", "time_limit", "fmt", "color"
)
def play(
    tiles: tuple[str, ...],
    table_text: str,
    opened: str,
    pairs_on_table: bool,
    layoff_limit: int | None,
    layoff_per_end: int | None,
    pairs_declare: bool,
    declared_pairs: bool,
    retrieve: str,
    same_turn_layoff: bool,
    freed_joker_melds: bool,
    fmt: str,
    color: bool,
    alternatives: int,
    time_limit: float,
    **options: Any,
) -> None:
    """Find the best turn against the table: opening, melds, pairs, lay-offs,
    joker retrieval, finishing [R-LAYOFF R-RETRIEVE R-SAME-TURN R-FINISH].

    TILES: the rack (with no TILES, or '-', read from stdin). The best turn
    finishes if it can (a joker finish first), else leaves the lowest residual
    penalty [R-RESIDUAL], keeping one tile for the discard. With
    --one-turn-any-value a one-turn finish (empty table, nobody opened)
    stands below the bar [R-ONE-TURN-ANY-VALUE].

    \b
    Example:
      rummy101 play R2 R6 B6 R8 R11 Y1 --opened melds --table "R3 R4 R5 | B8 K8 Y8 | R10 J R12"
      rummy101 play --opened melds --layoff-limit 3 --retrieve full-set \\
        --table "R4 R5 R6" R7 R8 R9 K1

    Exit code: 0 the turn lays something (or finishes), 1 nothing can be
    laid, or no plan was found within --time-limit (the verdict line says
    which), 2 bad input.
    """
    from dataclasses import replace

    from rummy101_solver.engine.plan import PlayRules, check_keep
    from rummy101_solver.engine.table import PlayError, parse_table

    try:
        case = build_case(read_rack_text(tiles, "play"), options)
        case = replace(case, rules=replace(case.rules, freed_joker_melds=freed_joker_melds))
        check_keep(case.rules)
        table = parse_table(table_text, case.rules)
    except (RackError, OptionError, PlayError) as err:
        fail(str(err))
    if declared_pairs and not pairs_declare:
        fail(
            "--declared-pairs needs the house rule --pairs-declare (a profile may set it)"
            " [R-PAIRS-DECLARE]"
        )
    if declared_pairs and opened != "no":
        fail(
            f"--declared-pairs is a player who has not opened yet, not --opened {opened}:"
            " a declared player opens with pairs or not at all [R-PAIRS-DECLARE]"
        )
    play_rules = PlayRules(
        opened=opened,  # type: ignore[arg-type]  # click.Choice
        pairs_on_table=pairs_on_table,
        layoff_limit=layoff_limit,
        retrieve=retrieve,  # type: ignore[arg-type]
        same_turn_layoff=same_turn_layoff,
        layoff_per_end=layoff_per_end,
        declared_pairs=declared_pairs,
    )

    from rummy101_solver.engine.play import best_turn, with_discard, with_distance
    from rummy101_solver.engine.table import check_copies
    from rummy101_solver.report.play import play_json, play_text
    from rummy101_solver.report.render import dumps

    try:
        check_copies(case.rack, table, case.rules)
    except RackError as err:
        fail(str(err))
    started = time.monotonic()
    result = best_turn(case.rack, table, case.rules, play_rules, alternatives=alternatives,
                       time_limit=time_limit)  # fmt: skip
    # a player who cannot open: how far, in the time the command has left
    result = with_distance(result, time_limit=max(0.001, time_limit - (time.monotonic() - started)))
    # the discard of a player who stays unopened: outs' discard table [R-KEEP-DISCARD]
    result = with_discard(result, time_limit=max(0.05, time_limit - (time.monotonic() - started)))
    if fmt == "json":
        click.echo(dumps(play_json(result)))
    else:
        echo_text(lambda c: play_text(result, fmt, color=c), fmt, color, "rummy101 play")
    # a finish exits 0 even when its only move is the discard [R-FINISH]
    finishes = result.best.finish.possible
    sys.exit(EXIT_LAYS if result.best.lays_something or finishes else EXIT_NOTHING)
