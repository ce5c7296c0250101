"""Candidate melds and pairs that a rack can make [R-RUN, R-SET, R-WILD, R-PAIR].

A :class:`Pattern` is one meld or pair shape with its wild places marked: the
faces it plays as (``stands_for``) and which of those places a wild tile fills.
Candidates are pruned to the rack: every non-wild place names a face the rack
holds, and no pattern needs more wild tiles than the rack has.

Runs are generated with 3–5 tiles only. A longer run splits into runs of 3–5
of the same colour with the same tiles and the same value (den Hertog &
Hulshof, 2006), so nothing is lost; the solver joins touching runs again for
output.

Patterns are interned: the candidates of one run window (colour, start,
length, which of its places the rack holds, wild tiles) or of one set number
(which colours the rack holds, wild tiles) are built once per process and
shared by every rack, in the same order as a fresh build, so a rack's
candidates are a few table look-ups and the same pattern is the same object
(its hash computed once).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Literal

from rummy101_solver.game.tiles import ALL_FACES, COLOURS, NUMBERS, WILD_TILES, Face, face

MeldKind = Literal["run", "set", "pair"]

RUN_LENGTHS = range(3, 6)
"""Run lengths the model uses; longer runs are unions of these [R-RUN]."""


@dataclass(frozen=True)
class Pattern:
    """A meld or pair shape: what each place plays as, and which places are wild.

    The derived numbers (``real``, ``wilds``, ``value``, ``real_points``,
    ``need``) are computed once, on construction.
    """

    kind: MeldKind
    stands_for: tuple[Face, ...]
    wild: tuple[bool, ...]
    real: tuple[Face, ...] = field(init=False, repr=False, compare=False)
    """Faces of the non-wild places: the rack tiles this pattern uses."""
    need: tuple[tuple[Face, int], ...] = field(init=False, repr=False, compare=False)
    """Each face the pattern uses, with how many copies."""
    wilds: int = field(init=False, repr=False, compare=False)
    """Wild tiles the pattern uses."""
    value: int = field(init=False, repr=False, compare=False)
    """Points: the numbers of what every place plays as [R-VALUE]."""
    real_points: int = field(init=False, repr=False, compare=False)
    """Points of the non-wild tiles used."""
    need_index: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    """``need`` by face index (0–51, see ``tiles``): each face used, with how many copies."""
    places: int = field(init=False, repr=False, compare=False)
    """Sum of the canonical places (index + 1, 1–52) of the non-wild tiles used."""
    size: int = field(init=False, repr=False, compare=False)
    """Places (tiles) of the pattern: ``len(pattern)``."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        real = tuple(f for f, w in zip(self.stands_for, self.wild, strict=True) if not w)
        need = tuple(Counter(real).items())
        set_ = object.__setattr__
        set_(self, "real", real)
        set_(self, "need", need)
        set_(self, "wilds", sum(self.wild))
        set_(self, "value", sum(f.number for f in self.stands_for))
        set_(self, "real_points", sum(f.number for f in real))
        set_(self, "need_index", tuple((f.index, k) for f, k in need))
        set_(self, "places", sum(f.index + 1 for f in real))
        set_(self, "size", len(self.stands_for))
        set_(self, "_hash", hash((self.kind, self.stands_for, self.wild)))

    def __hash__(self) -> int:
        return self._hash

    def __len__(self) -> int:
        return self.size


def _wild_masks(size: int, missing: tuple[int, ...], wilds: int) -> list[tuple[bool, ...]]:
    """Ways to mark places wild: every ``missing`` place, plus up to ``wilds`` in
    all, one place real at least."""
    if len(missing) > wilds or len(missing) >= size:
        return []
    present = [i for i in range(size) if i not in missing]
    out = []
    for k in range(min(wilds - len(missing), len(present) - 1) + 1):
        for extra in combinations(present, k):
            marked = set(missing).union(extra)
            out.append(tuple(i in marked for i in range(size)))
    return out


def run_patterns(counts: Counter[Face], wilds: int) -> list[Pattern]:
    """Runs of 3–5 tiles the rack can make [R-RUN, R-WILD]: one colour,
    consecutive numbers within 1–13 (no wrap-around), wild tiles at any place."""
    return list(_runs(_held_bits(counts), wilds))


def _held_bits(counts: Counter[Face]) -> tuple[int, int, int, int]:
    """For each colour, a 13-bit mask: bit ``n - 1`` set when the rack holds number n."""
    bits = [0, 0, 0, 0]
    for f, k in counts.items():
        if k > 0:
            bits[f.index // 13] |= 1 << (f.index % 13)
    return bits[0], bits[1], bits[2], bits[3]


_WINDOWS = [
    (rank, length, start, (1 << length) - 1)
    for rank in range(len(COLOURS))
    for length in RUN_LENGTHS
    for start in range(1, 15 - length)
]
_POPCOUNT = [bin(i).count("1") for i in range(32)]


def _runs(held: tuple[int, int, int, int], wilds: int) -> list[Pattern]:
    if wilds == 0:
        return _plain_runs(held)
    out: list[Pattern] = []
    table = _RUN_WINDOWS
    for rank, length, start, full in _WINDOWS:
        window = (held[rank] >> (start - 1)) & full
        if window and length - _POPCOUNT[window] <= wilds:
            key = (rank, length, start, window, wilds)
            found = table.get(key)
            if found is None:
                found = table[key] = _run_window(*key)
            out += found
    return out


def _plain_runs(held: tuple[int, int, int, int]) -> list[Pattern]:
    """``_runs`` without wild tiles: only windows the rack holds in full, found
    by bit arithmetic (bit ``s - 1`` of ``whole[n]``: numbers s … s + n - 1 held)."""
    out: list[Pattern] = []
    table = _RUN_WINDOWS
    for rank, mask in enumerate(held):
        three = mask & mask >> 1 & mask >> 2
        if not three:
            continue
        four = three & mask >> 3
        for length, whole in ((3, three), (4, four), (5, four & mask >> 4)):
            while whole:
                low = whole & -whole
                key = (rank, length, low.bit_length(), (1 << length) - 1, 0)
                found = table.get(key)
                if found is None:
                    found = table[key] = _run_window(*key)
                out += found
                whole ^= low
    return out


_RUN_WINDOWS: dict[tuple[int, int, int, int, int], tuple[Pattern, ...]] = {}


def build_all_patterns(max_wilds: int = WILD_TILES) -> int:
    """Build the tables of every run window and set number for up to
    ``max_wilds`` wild tiles at once (about 7,000 patterns, some 50 ms), so
    that no rack of a long run pays for building them; returns how many
    patterns the tables hold."""
    for wilds in range(max_wilds + 1):
        for rank in range(len(COLOURS)):
            for length, start, full in ((n, s, (1 << n) - 1) for n in RUN_LENGTHS
                                        for s in range(1, 15 - n)):  # fmt: skip
                for window in range(1, full + 1):
                    key = (rank, length, start, window, wilds)
                    if length - _POPCOUNT[window] <= wilds and key not in _RUN_WINDOWS:
                        _RUN_WINDOWS[key] = _run_window(*key)
        for number in NUMBERS:
            for present in range(1, 16):
                if (number, present, wilds) not in _SET_NUMBERS:
                    _SET_NUMBERS[number, present, wilds] = _set_number(number, present, wilds)
    tables = (*_RUN_WINDOWS.values(), *_SET_NUMBERS.values())
    return sum(len(patterns) for patterns in tables)


def _run_window(rank: int, length: int, start: int, window: int, wilds: int) -> tuple[Pattern, ...]:
    """The runs of one window: colour ``rank``, numbers ``start`` … ``start + length
    - 1``, the rack holding the places set in ``window`` (bit 0: ``start``)."""
    colour = COLOURS[rank]
    missing = tuple(i for i in range(length) if not window >> i & 1)
    faces = tuple(face(colour, n) for n in range(start, start + length))
    return tuple(Pattern("run", faces, mask) for mask in _wild_masks(length, missing, wilds))


def set_patterns(counts: Counter[Face], wilds: int) -> list[Pattern]:
    """Sets of 3 or 4 tiles the rack can make [R-SET, R-WILD]: one number, every
    colour different; a wild tile stands for a missing colour (the first
    missing ones in canonical order, which changes nothing but the label)."""
    return list(_sets(_held_bits(counts), wilds))


def _sets(held: tuple[int, int, int, int], wilds: int) -> list[Pattern]:
    out: list[Pattern] = []
    table = _SET_NUMBERS
    red, blue, black, yellow = held
    for number in NUMBERS:
        shift = number - 1
        present = (
            (red >> shift & 1)
            | (blue >> shift & 1) << 1
            | (black >> shift & 1) << 2
            | (yellow >> shift & 1) << 3
        )
        if present:
            key = (number, present, wilds)
            found = table.get(key)
            if found is None:
                found = table[key] = _set_number(*key)
            out += found
    return out


_SET_NUMBERS: dict[tuple[int, int, int], tuple[Pattern, ...]] = {}


def _set_number(number: int, present_bits: int, wilds: int) -> tuple[Pattern, ...]:
    """The sets of one number, the rack holding the colours set in ``present_bits``
    (bit 0: the first colour in canonical order)."""
    present = [c for c in COLOURS if present_bits >> c.rank & 1]
    out = []
    for n_real in range(1, len(present) + 1):
        for real in combinations(present, n_real):
            missing = [c for c in COLOURS if c not in real]
            for n_wild in range(max(0, 3 - n_real), min(wilds, 4 - n_real) + 1):
                colours = sorted(real + tuple(missing[:n_wild]), key=lambda c: c.rank)
                faces = tuple(face(c, number) for c in colours)
                mask = tuple(c not in real for c in colours)
                out.append(Pattern("set", faces, mask))
    return tuple(out)


def meld_patterns(counts: Counter[Face], wilds: int) -> tuple[Pattern, ...]:
    """All run and set candidates for a rack with these face counts and wild tiles.

    Cached: the same rack (melds, then the one-turn finish) builds them once.
    """
    held = _held_bits(counts)
    return _meld_patterns(held, wilds)


@lru_cache(maxsize=64)
def _meld_patterns(held: tuple[int, int, int, int], wilds: int) -> tuple[Pattern, ...]:
    return tuple(_runs(held, wilds) + _sets(held, wilds))


_NATURAL_PAIRS = tuple(Pattern("pair", (f, f), (False, False)) for f in ALL_FACES)
_JOKER_PAIRS = tuple(Pattern("pair", (f, f), (False, True)) for f in ALL_FACES)


def pair_patterns(counts: Counter[Face], wilds: int, *, joker_pairs: bool = True) -> list[Pattern]:
    """Pairs the rack can make [R-PAIR]: two tiles of one face, or (unless the
    house forbids it) one tile and a wild tile. Two wild tiles are not a pair."""
    out = []
    jokers = joker_pairs and wilds > 0
    for i, k in sorted([(f.index, k) for f, k in counts.items()]):  # canonical order
        if k >= 2:
            out.append(_NATURAL_PAIRS[i])
        if jokers:
            out.append(_JOKER_PAIRS[i])
    return out
