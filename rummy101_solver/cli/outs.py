"""``rummy101 outs``: distance to opening, outs, discard table, odds over draws."""

from __future__ import annotations

import sys
from typing import Any

import click

from rummy101_solver.cli.common import echo_text, fail
from rummy101_solver.cli.options import (
    FiniteFloatRange,
    IntRange,
    house_option,
    read_rack_text,
    with_options,
)
from rummy101_solver.files.case import MAX_TIME_LIMIT, OptionError, build_case
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.parsing import RackError
from rummy101_solver.game.tiles import MAX_RACK

EXIT_DISTANCE_ZERO = 0
EXIT_DISTANCE_MORE = 1


@click.command()
@house_option
@click.argument("tiles", nargs=-1)
@click.option("--seen", metavar="TILES", multiple=True,
              help="Tiles out of play: discards, melds on the table (the indicator"
              " counts as seen by itself). Repeatable: each --seen adds its tiles.")  # fmt: skip
@with_options("indicator", "threshold", "pairs_threshold", "rising", "after", "after_pairs",
              "joker_pairs")  # fmt: skip
@click.option("--turns", type=IntRange(0, 50), default=0, metavar="T",
              help="Own draws left: print the exact odds of opening within T draws (melds,"
              " pairs, either) for the rack and every discard row, and rank the table by"
              " them. 5 is the stock of a fresh 4-player deal divided by the players (21"
              " tiles, 20 with --indicator). Off (0) by default for now: a row three tiles"
              " from opening can come out unknown (docs/outs.md).")  # fmt: skip
@click.option("--draws", type=IntRange(2, 50), default=None, metavar="N",
              help="Also estimate P(the rack can open within N draws), by seeded Monte"
              " Carlo, twice: following the discard table's advice after each draw (a"
              " lower bound on the best play) and keeping every tile drawn (an upper"
              " bound): a cross-check of --turns.")  # fmt: skip
@click.option("--samples", type=IntRange(1, 100_000), default=1000, show_default=True,
              help="Monte Carlo samples for --draws keeping every tile.")  # fmt: skip
@click.option("--advice-samples", type=IntRange(1, 100_000), default=50, show_default=True,
              help="Monte Carlo samples for --draws following the advice (each costs up to"
              " one discard table per draw).")  # fmt: skip
@click.option("--seed", type=IntRange(0, MAX_SEED), default=0, show_default=True,
              help="Seed of the Monte Carlo samples.")  # fmt: skip
@click.option("--time-limit", type=FiniteFloatRange(0.001, MAX_TIME_LIMIT), default=10.0,
              show_default=True, metavar="SECONDS",
              help="Accepted for scripts and not needed: every distance, out and discard"
              " row is exact and never cut by a time limit.")  # fmt: skip
@with_options("fmt", "color")
def outs(
    tiles: tuple[str, ...],
    seen: tuple[str, ...],
    turns: int,
    draws: int | None,
    samples: int,
    advice_samples: int,
    seed: int,
    time_limit: float,
    fmt: str,
    color: bool,
    **options: Any,
) -> None:
    """How far a rack is from opening, which draws help, what to discard.

    TILES: the rack (at most 21 tiles waiting to draw, or 22 after the draw);
    with no TILES, or '-', it is read from stdin. Prints the unseen tiles, the
    distance to a meld and to a pairs opening (the fewest unseen tiles the rack
    lacks), one target opening for each with the missing tiles marked
    (draw), then the outs (tiles whose draw lowers the distance, with their
    unseen copies and P(next draw)) or, for 22 tiles, the discard table. With
    --turns, the exact odds of opening within that many own draws (a one-player
    model: docs/outs.md), for the rack and every discard row, the table ranked
    by them.

    \b
    Example:
      rummy101 outs R3 R4 R5 B7 K7 Y7 R10 R11 --seen "R6 R6"
      rummy101 deal --seed 3 | rummy101 outs --format json

    Exit code: 0 distance 0 (melds or pairs), 1 otherwise, 2 bad input.
    """
    options["time_limit"] = time_limit
    try:
        case = build_case(read_rack_text(tiles, "outs"), options)
    except (RackError, OptionError) as err:
        fail(str(err))

    from rummy101_solver.engine.lookahead import open_within
    from rummy101_solver.engine.outs import analyse_outs, read_seen, with_draw_odds
    from rummy101_solver.report.outs import analysis_outs_json, analysis_outs_text
    from rummy101_solver.report.render import dumps

    try:
        seen_tiles = read_seen(" ".join(seen), case.rack, case.rules)
    except RackError as err:
        fail(str(err))
    stderr = sys.stderr
    rows = len(set(case.rack.tiles))  # the discard table's rows, if it has one
    table = len(case.rack) >= MAX_RACK
    # the discard table and the draws take seconds: a bar on a terminal, nothing elsewhere
    with click.progressbar(length=rows, label="discard table", file=stderr,
                           hidden=not (table and stderr.isatty())) as bar:  # fmt: skip
        analysis = analyse_outs(
            case.rack, case.rules, seen_tiles, time_limit=case.time_limit, progress=bar.update
        )
    if turns:
        with click.progressbar(length=rows, label=f"odds within {turns} draws", file=stderr,
                               hidden=not (table and stderr.isatty())) as bar:  # fmt: skip
            analysis = open_within(analysis, turns, progress=bar.update)
    if draws is not None:
        with click.progressbar(length=advice_samples, label="draws following the advice",
                               file=stderr, hidden=not stderr.isatty()) as bar:  # fmt: skip
            analysis = with_draw_odds(analysis, draws, samples=samples,
                                      advice_samples=advice_samples, seed=seed,
                                      progress=bar.update)  # fmt: skip
    if fmt == "json":
        click.echo(dumps(analysis_outs_json(analysis)))
    else:
        echo_text(lambda c: analysis_outs_text(analysis, fmt, color=c), fmt, color, "rummy101 outs")
    sys.exit(EXIT_DISTANCE_ZERO if analysis.can_open else EXIT_DISTANCE_MORE)
