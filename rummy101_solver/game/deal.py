"""Seeded deals from the 106-tile set, for examples, tests and the benchmark [R-TILES].

``deal_racks(seed, count, size)`` shuffles a fresh 106-tile set with
``random.Random(seed)`` for each rack (seed, seed + 1, …) and takes the first
``size`` tiles. The same seed always gives the same racks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from rummy101_solver.game.tiles import (
    ALL_FACES,
    COPIES,
    WILD,
    WILD_TILES,
    Face,
    Rack,
    Tile,
    okey_face,
)

MAX_SEED = 2**63 - 1
"""The largest shuffle seed the commands and the API take (``--seed``)."""

TILE_SET: tuple[Tile, ...] = tuple(Tile(f) for f in ALL_FACES for _ in range(COPIES)) + (
    (WILD,) * WILD_TILES
)
"""The 106 tiles: two of every numbered tile and two jokers [R-TILES, R-JOKER]."""


def deal_rack(seed: int, size: int = 22) -> Rack:
    """One rack of ``size`` tiles (1–22) from a 106-tile set shuffled with ``seed``."""
    tiles = list(TILE_SET)
    random.Random(seed).shuffle(tiles)
    return Rack(tuple(tiles[:size]))


def iter_racks(seed: int, count: int, size: int = 22) -> Iterator[Rack]:
    """``count`` racks of ``size`` tiles, shuffled with seeds ``seed`` … ``seed + count - 1``,
    dealt one at a time (memory stays flat for any ``count``)."""
    for i in range(count):
        yield deal_rack(seed + i, size)


def deal_racks(seed: int, count: int, size: int = 22) -> list[Rack]:
    """``count`` racks of ``size`` tiles, shuffled with seeds ``seed`` … ``seed + count - 1``."""
    return list(iter_racks(seed, count, size))


def deal_indicator_rack(
    seed: int, size: int = 22, *, indicator: Face | None = None
) -> tuple[Face, Rack]:
    """A rack of the okey variant [R-INDICATOR]: (indicator, rack).

    The set is shuffled with ``seed`` and the indicator is taken out of it
    first, to lie face up: the first numbered tile of the shuffle (a special
    tile drawn first is set aside, as the rules say), or, when ``indicator`` is
    given, the first copy of that tile. The rack is the first ``size`` of the
    tiles left. The two copies of the okey are wild (``J``) and the two
    special tiles are fake okeys (``F``).
    """
    tiles = list(TILE_SET)
    random.Random(seed).shuffle(tiles)
    first = next(
        i
        for i, t in enumerate(tiles)
        if not t.is_wild and (indicator is None or t.face == indicator)
    )
    face_up = tiles.pop(first).face
    assert face_up is not None
    okey = okey_face(face_up)
    rack = []
    for tile in tiles[:size]:
        if tile.is_wild:
            rack.append(Tile(okey, fake=True))
        elif tile.face == okey:
            rack.append(WILD)
        else:
            rack.append(tile)
    return face_up, Rack(tuple(rack))


def deal_lines(
    seed: int, count: int, size: int = 22, *, indicator: str | None = None
) -> Iterator[str]:
    """The lines ``rummy101 deal`` prints: ``count`` racks of ``size`` tiles as
    text (``R3 B7 J …``), shuffled with seeds ``seed`` … ``seed + count - 1``.

    With ``indicator`` (a numbered tile, e.g. ``"K12"``) each rack comes from
    an okey set (:func:`deal_indicator_rack`): the okeys written ``J``, the
    fake okeys ``F`` [R-INDICATOR]. Raises
    :class:`~rummy101_solver.game.parsing.RackError` for an indicator that is
    not one numbered tile (before any rack is dealt).
    """
    face = None
    if indicator is not None:
        from rummy101_solver.game.parsing import RackError, parse_face

        try:
            face = parse_face(indicator)
        except RackError as err:
            reason = err.reason  # as solve --indicator says it
            if reason.startswith("need exactly one numbered tile") or "fake okey" in reason:
                reason = "the indicator is one numbered tile, e.g. B5 (not a joker or a fake)"
            raise RackError(indicator, None, f"--indicator: {reason}") from None
    for i in range(count):
        if face is None:
            rack = deal_rack(seed + i, size)
        else:
            rack = deal_indicator_rack(seed + i, size, indicator=face)[1]
        yield " ".join(rack.codes)
