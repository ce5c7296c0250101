"""Tiles and racks: the 106-tile set of Rummy 101 [R-TILES, R-JOKER, R-RACK].

A :class:`Tile` is either a numbered tile (a colour and a number 1–13), a wild
tile (``J``: a joker in the classic game, an okey in the indicator variant) or a
fake okey (``F``: a plain tile that plays as the okey's face, [R-INDICATOR]).
A :class:`Rack` is an immutable, canonically sorted tuple of tiles.

Canonical order (used for every output): red, blue, black, yellow; within a
colour by number; fake okeys by their face; wild tiles last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, lru_cache
from types import MappingProxyType

NUMBERS = range(1, 14)
"""Tile numbers, 1–13 [R-TILES]."""

COPIES = 2
"""Copies of each numbered tile in the set [R-TILES]."""

WILD_TILES = 2
"""Wild tiles in the set: the 2 jokers, or the 2 okey tiles [R-JOKER, R-INDICATOR]."""

MAX_RACK = 22
"""Most tiles a rack holds: 21, or 22 after a draw or for the starting player [R-RACK]."""

WILD_PENALTY = 101
"""Penalty points for a wild tile left on the rack [R-PENALTY]."""


class Colour(Enum):
    """The four tile colours, in canonical order [R-TILES]."""

    RED = "R"
    BLUE = "B"
    BLACK = "K"
    YELLOW = "Y"

    @property
    def rank(self) -> int:
        """0–3: the colour's place in the canonical order."""
        return _COLOUR_RANK[self]


_COLOUR_RANK = {colour: i for i, colour in enumerate(Colour)}
COLOURS: tuple[Colour, ...] = tuple(Colour)


@dataclass(frozen=True, eq=False)
class Face:
    """What a tile plays as: a colour and a number 1–13 (no wild, no fake)."""

    colour: Colour
    number: int
    index: int = field(init=False, repr=False)
    """0–51: the face's place in the canonical order (also its hash)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", _COLOUR_RANK[self.colour] * 13 + self.number - 1)

    @cached_property
    def code(self) -> str:
        """The short form, e.g. ``R7``."""
        return f"{self.colour.value}{self.number}"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Face) and self.index == other.index

    def __lt__(self, other: Face) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self.code


def okey_face(indicator: Face) -> Face:
    """The okey named by an indicator: same colour, number + 1, 13 → 1 [R-INDICATOR]."""
    return Face(indicator.colour, indicator.number % 13 + 1)


ALL_FACES: tuple[Face, ...] = tuple(Face(c, n) for c in COLOURS for n in NUMBERS)
"""The 52 faces in canonical order: ``ALL_FACES[face.index] == face``."""


def face(colour: Colour, number: int) -> Face:
    """The shared :class:`Face` of a colour and a number 1–13 (no new object)."""
    return ALL_FACES[colour.rank * 13 + number - 1]


@dataclass(frozen=True)
class Tile:
    """One tile on a rack.

    ``face`` is ``None`` for a wild tile (a joker, or an okey in the indicator
    variant). ``fake`` marks a fake okey: a plain tile that plays as its face and
    is never wild [R-INDICATOR].
    """

    face: Face | None
    fake: bool = False

    @classmethod
    def of(cls, colour: Colour, number: int) -> Tile:
        """A plain numbered tile."""
        return cls(Face(colour, number))

    @property
    def is_wild(self) -> bool:
        """True for a joker or okey [R-JOKER, R-INDICATOR]."""
        return self.face is None

    @cached_property
    def code(self) -> str:
        """The canonical short form: ``R7``, ``J`` (wild) or ``F`` (fake okey)."""
        if self.face is None:
            return "J"
        if self.fake:
            return "F"
        return self.face.code

    @property
    def points(self) -> int:
        """Penalty points of the tile left on a rack: its number, 101 if wild [R-PENALTY]."""
        return WILD_PENALTY if self.face is None else self.face.number

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical order: by face (fakes by theirs), wild tiles last."""
        if self.face is None:
            return (1, 0)
        return (0, self.face.index)

    def __hash__(self) -> int:
        # equal tiles have equal faces (equal indices) and the same fake flag
        return (-1 if self.face is None else self.face.index) * 2 + self.fake

    def __str__(self) -> str:
        return self.code


WILD = Tile(None)
"""The wild tile: a joker (classic) or an okey (indicator variant)."""


def tile_set(indicator: Face | None) -> Counter[Tile]:
    """The tiles of the set not lying face up: two of each numbered tile, two
    wild tiles; with an indicator the okey's face is the two fake okeys and one
    copy of the indicator lies face up [R-TILES, R-INDICATOR]. A fresh
    ``Counter`` each call (built once per indicator: a simulated round asks
    thousands of times)."""
    return Counter(_tile_set(indicator))


@lru_cache(maxsize=64)
def _tile_set(indicator: Face | None) -> Counter[Tile]:
    okey = okey_face(indicator) if indicator is not None else None
    out: Counter[Tile] = Counter({Tile(f, fake=f == okey): COPIES for f in ALL_FACES})
    out[WILD] = WILD_TILES
    if indicator is not None:
        out[Tile(indicator)] -= 1
    return out


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles in canonical order (see the module docstring)."""
    return tuple(sorted(tiles, key=lambda t: t.sort_key))


def codes(tiles: Iterable[Tile]) -> list[str]:
    """The tiles' short forms, in the order given."""
    return [t.code for t in tiles]


@dataclass(frozen=True)
class Rack:
    """The tiles a player holds, in canonical order [R-RACK].

    Built by :func:`rummy101_solver.game.parsing.parse_rack`, which checks the copy
    limits; the constructor only sorts.
    """

    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", sort_tiles(self.tiles))

    def __len__(self) -> int:
        return len(self.tiles)

    @cached_property
    def wilds(self) -> int:
        """Number of wild tiles (jokers / okeys) on the rack."""
        return sum(1 for t in self.tiles if t.is_wild)

    @cached_property
    def _face_counts(self) -> dict[Face, int]:
        return dict(Counter(t.face for t in self.tiles if t.face is not None))

    @property
    def face_counts(self) -> Counter[Face]:
        """Copies of each face among the non-wild tiles (fake okeys by their face);
        a new Counter on every call (counted once per rack)."""
        return Counter(self._face_counts)

    @cached_property
    def face_tally(self) -> Mapping[Face, int]:
        """The same copies per face as :attr:`face_counts`, read-only and not
        copied: for loops that only read them (``simulate``'s per-deal path)."""
        return MappingProxyType(self._face_counts)

    @property
    def points(self) -> int:
        """Penalty points of the whole rack: numbers summed, 101 per wild tile [R-PENALTY]."""
        return sum(t.points for t in self.tiles)

    def with_tile(self, tile: Tile) -> Rack:
        """A new rack with ``tile`` added."""
        return Rack((*self.tiles, tile))

    @property
    def codes(self) -> list[str]:
        """The tiles' short forms in canonical order."""
        return codes(self.tiles)
