"""Seeded deals from the 106-tile set, for examples, tests and the benchmark [R-TILES].

``deal_racks(seed, count, size)`` shuffles a fresh 106-tile set with
``random.Random(seed)`` for each rack (seed, seed + 1, …) and takes the first
``size`` tiles. The same seed always gives the same racks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rummy101_solver.game.tiles import (
    ALL_FACES,
    COPIES,
    WILD,
    WILD_TILES,
    Face,
    Rack,
    Tile,
    okey_face,
    sort_tiles,
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
    return face_up, Rack(tuple(_okey_tiles(tiles[:size], face_up)))


@dataclass(frozen=True)
class RoundDeal:
    """One shuffle of the 106 tiles dealt as a real round [R-TILES, R-RACK, R-INDICATOR].

    - ``seed``: the shuffle's seed (``None`` for a stacked deal built by hand);
    - ``racks``: one rack per seat, seat 1 first, canonical order: the
      starting player (seat 1) holds 22 tiles, the others 21;
    - ``indicator``: the face-up indicator of the okey variant, else ``None``
      (the okey's copies are then wild, ``J``; the special tiles fake okeys, ``F``);
    - ``stock``: the tiles left face down, the next one drawn first;
    - ``aside``: tiles out of play, never drawn (a short stock for tests and
      stacked deals; empty in a dealt round), still counted among the 106.
    """

    seed: int | None
    racks: tuple[tuple[Tile, ...], ...]
    indicator: Face | None
    stock: tuple[Tile, ...]
    aside: tuple[Tile, ...] = ()

    def short(self, stock: int) -> RoundDeal:
        """This deal with only the first ``stock`` tiles of the stock in play,
        the rest set aside (``aside``)."""
        return RoundDeal(self.seed, self.racks, self.indicator, self.stock[:stock],
                         self.aside + self.stock[stock:])  # fmt: skip

    @property
    def players(self) -> int:
        """Seats at the table (2–4)."""
        return len(self.racks)

    def lines(self) -> list[str]:
        """The round as ``rummy101 deal --round`` prints it: a header, the
        indicator (okey variant), one line per seat, the stock."""
        out = [
            f"Round dealt with seed {self.seed}, {self.players} players;"
            " seat 1 starts with 22 tiles."
        ]
        if self.indicator is not None:
            okey = okey_face(self.indicator).code
            out.append(f"indicator: {self.indicator.code} (okey {okey}: J; fake okey: F)")
        for number, tiles in enumerate(self.racks, start=1):
            out.append(f"seat {number} ({len(tiles)}): {' '.join(t.code for t in tiles)}")
        stock = " ".join(t.code for t in self.stock)
        out.append(f"stock ({len(self.stock)}, drawn first to last): {stock}")
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: ``{"seed", "players", "indicator" (code or null),
        "racks": [[codes]] (seat 1 first), "stock": [codes] (drawn first first),
        "aside": [codes]}``."""
        return {
            "seed": self.seed,
            "players": self.players,
            "indicator": self.indicator.code if self.indicator else None,
            "racks": [[t.code for t in rack] for rack in self.racks],
            "stock": [t.code for t in self.stock],
            "aside": [t.code for t in self.aside],
        }


ROUND_FIRST_RACK = 22
"""Tiles of the starting player (seat 1) [R-RACK]."""

ROUND_RACK = 21
"""Tiles of every other player [R-RACK]."""


def _okey_tiles(tiles: list[Tile], indicator: Face) -> list[Tile]:
    """The shuffled tiles as the okey variant reads them: the okey's copies
    wild, the two special tiles fake okeys [R-INDICATOR]."""
    okey = okey_face(indicator)
    out = []
    for tile in tiles:
        if tile.is_wild:
            out.append(Tile(okey, fake=True))
        elif tile.face == okey:
            out.append(WILD)
        else:
            out.append(tile)
    return out


def deal_round(
    seed: int,
    players: int = 4,
    *,
    indicator_from_deal: bool = False,
    indicator: Face | None = None,
) -> RoundDeal:
    """The 106 tiles shuffled with ``random.Random(seed)`` and dealt to
    ``players`` (2–4) seats [R-TILES, R-RACK, R-INDICATOR].

    Classic: seat 1 gets the first 22 tiles of the shuffle, seat 2 the next 21,
    and so on; the rest is the stock, in shuffled order. The okey variant
    (``indicator_from_deal``, or a fixed ``indicator``) first turns up the
    indicator as :func:`deal_indicator_rack` does (the first numbered tile of
    the shuffle, or the first copy of ``indicator``), then deals the tiles
    after it the same way. Raises ``ValueError`` for a player count outside 2–4.
    """
    if not 2 <= players <= 4:
        raise ValueError(f"{players} players; a round has 2–4 [R-RACK]")
    tiles = list(TILE_SET)
    random.Random(seed).shuffle(tiles)
    face_up: Face | None = None
    if indicator_from_deal or indicator is not None:
        first = next(
            i
            for i, t in enumerate(tiles)
            if not t.is_wild and (indicator is None or t.face == indicator)
        )
        face_up = tiles.pop(first).face
        assert face_up is not None
        tiles = _okey_tiles(tiles, face_up)
    racks = []
    at = 0
    for seat in range(players):
        size = ROUND_FIRST_RACK if seat == 0 else ROUND_RACK
        racks.append(sort_tiles(tiles[at : at + size]))
        at += size
    return RoundDeal(seed, tuple(racks), face_up, tuple(tiles[at:]))


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
