"""Seeded deals from the 106-tile set, for examples, tests and the benchmark [R-TILES].

``deal_racks(seed, count, size)`` shuffles a fresh 106-tile set with
``random.Random(seed)`` for each rack (seed, seed + 1, …) and takes the first
``size`` tiles. The same seed always gives the same racks.
"""

from __future__ import annotations

import random

from rummy101_solver.tiles import ALL_FACES, COPIES, WILD, WILD_TILES, Rack, Tile

TILE_SET: tuple[Tile, ...] = tuple(Tile(f) for f in ALL_FACES for _ in range(COPIES)) + (
    (WILD,) * WILD_TILES
)
"""The 106 tiles: two of every numbered tile and two jokers [R-TILES, R-JOKER]."""


def deal_rack(seed: int, size: int = 22) -> Rack:
    """One rack of ``size`` tiles (1–22) from a 106-tile set shuffled with ``seed``."""
    tiles = list(TILE_SET)
    random.Random(seed).shuffle(tiles)
    return Rack(tuple(tiles[:size]))


def deal_racks(seed: int, count: int, size: int = 22) -> list[Rack]:
    """``count`` racks of ``size`` tiles, shuffled with seeds ``seed`` … ``seed + count - 1``."""
    return [deal_rack(seed + i, size) for i in range(count)]
