"""``rummy101 deal``: seeded dealt racks [R-TILES, R-RACK]."""

from __future__ import annotations

import click

from rummy101_solver.cli.options import IntRange
from rummy101_solver.game.deal import MAX_SEED


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
def deal(seed: int, count: int, size: int) -> None:
    """Deal racks from a shuffled 106-tile set, one rack per line [R-TILES].

    Each rack is the first SIZE tiles of the set shuffled with Python's
    random.Random(seed). The output feeds 'rummy101 solve' directly.

    \b
    Example:
      rummy101 deal --seed 7 | rummy101 solve
    """
    from rummy101_solver.game.deal import iter_racks

    for rack in iter_racks(seed, count, size):
        click.echo(" ".join(rack.codes))
