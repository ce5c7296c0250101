"""``rummy101 deal``: seeded dealt racks [R-TILES, R-RACK]."""

from __future__ import annotations

import click

from rummy101_solver.cli.common import fail
from rummy101_solver.cli.options import IntRange
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.parsing import RackError


@click.command()
@click.option(
    "--seed",
    type=IntRange(0, MAX_SEED),
    default=1,
    show_default=True,
    help="Shuffle seed of the first rack.",
)
@click.option(
    "--count",
    type=IntRange(min=1),
    default=1,
    show_default=True,
    help="Racks to deal (seeds SEED, SEED+1, …), one at a time: no upper limit.",
)
@click.option(
    "--size",
    type=IntRange(1, 22),
    default=22,
    show_default=True,
    help="Tiles per rack [R-RACK].",
)
@click.option(
    "--indicator",
    metavar="TILE",
    default=None,
    help="Deal an okey set: TILE lies face up (one copy taken out of the set), the two"
    " okeys are written J and the two special tiles F (fake okeys) [R-INDICATOR].",
)
def deal(seed: int, count: int, size: int, indicator: str | None) -> None:
    """Deal racks from a shuffled 106-tile set, one rack per line [R-TILES].

    Each rack is the first SIZE tiles of the set shuffled with Python's
    random.Random(seed). The output feeds 'rummy101 solve' directly.

    A classic deal's J is a joker; read with --indicator it would be an okey,
    and the set would hold no fake okeys. For the okey variant deal with
    --indicator TILE and solve with the same --indicator: the indicator is
    taken out of the set first, then the rack is dealt from the rest.

    \b
    Example:
      rummy101 deal --seed 7 | rummy101 solve
      rummy101 deal --seed 7 --indicator K12 | rummy101 solve --indicator K12

    Exit code: 0 dealt, 2 a bad option.
    """
    from rummy101_solver.game.deal import deal_lines

    try:
        for line in deal_lines(seed, count, size, indicator=indicator):
            click.echo(line)
    except RackError as err:
        fail(str(err))
