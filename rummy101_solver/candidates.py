"""Candidate melds and pairs that a rack can make [R-RUN, R-SET, R-WILD, R-PAIR].

A :class:`Pattern` is one meld or pair shape with its wild places marked: the
faces it plays as (``stands_for``) and which of those places a wild tile fills.
Candidates are pruned to the rack: every non-wild place names a face the rack
holds, and no pattern needs more wild tiles than the rack has.

Runs are generated with 3–5 tiles only. A longer run splits into runs of 3–5
of the same colour with the same tiles and the same value (den Hertog &
Hulshof, 2006), so nothing is lost; the solver joins touching runs again for
output.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Literal

from rummy101_solver.tiles import ALL_FACES, COLOURS, NUMBERS, Face, face

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

    def __post_init__(self) -> None:
        real = tuple(f for f, w in zip(self.stands_for, self.wild, strict=True) if not w)
        set_ = object.__setattr__
        set_(self, "real", real)
        set_(self, "need", tuple(Counter(real).items()))
        set_(self, "wilds", sum(self.wild))
        set_(self, "value", sum(f.number for f in self.stands_for))
        set_(self, "real_points", sum(f.number for f in real))

    def __len__(self) -> int:
        return len(self.stands_for)


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
    out = []
    for colour in COLOURS:
        held = [False] + [counts[face(colour, n)] > 0 for n in NUMBERS]
        for length in RUN_LENGTHS:
            for start in range(1, 15 - length):
                missing = tuple(i for i in range(length) if not held[start + i])
                masks = _wild_masks(length, missing, wilds)
                if not masks:
                    continue
                faces = tuple(face(colour, n) for n in range(start, start + length))
                out += [Pattern("run", faces, mask) for mask in masks]
    return out


def set_patterns(counts: Counter[Face], wilds: int) -> list[Pattern]:
    """Sets of 3 or 4 tiles the rack can make [R-SET, R-WILD]: one number, every
    colour different; a wild tile stands for a missing colour (the first
    missing ones in canonical order, which changes nothing but the label)."""
    out = []
    for number in NUMBERS:
        present = [c for c in COLOURS if counts[face(c, number)]]
        for n_real in range(1, len(present) + 1):
            for real in combinations(present, n_real):
                missing = [c for c in COLOURS if c not in real]
                for n_wild in range(max(0, 3 - n_real), min(wilds, 4 - n_real) + 1):
                    colours = sorted(real + tuple(missing[:n_wild]), key=lambda c: c.rank)
                    faces = tuple(face(c, number) for c in colours)
                    mask = tuple(c not in real for c in colours)
                    out.append(Pattern("set", faces, mask))
    return out


def meld_patterns(counts: Counter[Face], wilds: int) -> tuple[Pattern, ...]:
    """All run and set candidates for a rack with these face counts and wild tiles.

    Cached: the same rack (melds, then the one-turn finish) builds them once.
    """
    key = tuple(sorted((f.index, k) for f, k in counts.items() if k))
    return _meld_patterns(key, wilds)


@lru_cache(maxsize=64)
def _meld_patterns(key: tuple[tuple[int, int], ...], wilds: int) -> tuple[Pattern, ...]:
    counts = Counter({ALL_FACES[i]: k for i, k in key})
    return tuple(run_patterns(counts, wilds) + set_patterns(counts, wilds))


def pair_patterns(counts: Counter[Face], wilds: int, *, joker_pairs: bool = True) -> list[Pattern]:
    """Pairs the rack can make [R-PAIR]: two tiles of one face, or (unless the
    house forbids it) one tile and a wild tile. Two wild tiles are not a pair."""
    out = []
    for held in sorted(counts):
        if counts[held] >= 2:
            out.append(Pattern("pair", (held, held), (False, False)))
        if joker_pairs and wilds:
            out.append(Pattern("pair", (held, held), (False, True)))
    return out
