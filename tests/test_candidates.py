"""Interned candidates (``candidates.py``) against a plain build [R-RUN, R-SET, R-WILD, R-PAIR].

The interned tables must give every rack exactly the patterns, in exactly the
order, that building them afresh gives: the CP-SAT model has one variable per
pattern in that order, and the order decides among openings equal on every tie-break.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from rummy101_solver.engine.candidates import (
    Pattern,
    build_all_patterns,
    meld_patterns,
    pair_patterns,
)
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.tiles import ALL_FACES, COLOURS, NUMBERS, Face, face


def _plain_melds(counts: Counter[Face], wilds: int) -> list[tuple[object, ...]]:
    """Runs of 3–5 then sets of 3–4, built place by place with no table."""
    out: list[tuple[object, ...]] = []
    for colour in COLOURS:
        held = [False] + [counts[face(colour, n)] > 0 for n in NUMBERS]
        for length in (3, 4, 5):
            for start in range(1, 15 - length):
                missing = [i for i in range(length) if not held[start + i]]
                if len(missing) > wilds or len(missing) >= length:
                    continue
                present = [i for i in range(length) if i not in missing]
                faces = tuple(face(colour, n) for n in range(start, start + length))
                for k in range(min(wilds - len(missing), len(present) - 1) + 1):
                    for extra in combinations(present, k):
                        marked = set(missing) | set(extra)
                        out.append(("run", faces, tuple(i in marked for i in range(length))))
    for number in NUMBERS:
        present_colours = [c for c in COLOURS if counts[face(c, number)]]
        for n_real in range(1, len(present_colours) + 1):
            for real in combinations(present_colours, n_real):
                missing_colours = [c for c in COLOURS if c not in real]
                for n_wild in range(max(0, 3 - n_real), min(wilds, 4 - n_real) + 1):
                    colours = sorted(real + tuple(missing_colours[:n_wild]), key=lambda c: c.rank)
                    out.append(
                        (
                            "set",
                            tuple(face(c, number) for c in colours),
                            tuple(c not in real for c in colours),
                        )
                    )
    return out


def _shape(patterns: tuple[Pattern, ...] | list[Pattern]) -> list[tuple[object, ...]]:
    return [(p.kind, p.stands_for, p.wild) for p in patterns]


@pytest.mark.parametrize("prebuilt", [False, True], ids=["lazy", "prebuilt"])
def test_interned_melds_are_a_fresh_build_in_the_same_order(prebuilt: bool) -> None:
    if prebuilt:
        assert build_all_patterns() == 7087
    for seed in range(1, 151):
        racks = [deal_racks(seed, 1, size)[0] for size in (22, 9)]
        racks.append(deal_indicator_rack(seed, 22)[1])
        for rack in racks:
            for wilds in sorted({rack.wilds, 2}):
                counts = rack.face_counts
                assert _shape(meld_patterns(counts, wilds)) == _plain_melds(counts, wilds)


def test_a_full_set_makes_every_run_and_set() -> None:
    counts = Counter({f: 2 for f in ALL_FACES})
    melds = meld_patterns(counts, 0)
    # 4 colours x (11 + 10 + 9) runs; 13 numbers x (4 sets of 3 + 1 set of 4)
    assert len(melds) == 4 * 30 + 13 * 5
    assert _shape(melds) == _plain_melds(counts, 0)
    assert len(meld_patterns(counts, 2)) == len(_plain_melds(counts, 2)) == 1649


def test_pairs_are_shared_and_respect_the_house_rule() -> None:
    counts = Counter({ALL_FACES[0]: 2, ALL_FACES[20]: 1})
    pairs = pair_patterns(counts, 1)
    assert _shape(pairs) == [
        ("pair", (ALL_FACES[0],) * 2, (False, False)),
        ("pair", (ALL_FACES[0],) * 2, (False, True)),
        ("pair", (ALL_FACES[20],) * 2, (False, True)),
    ]
    assert pair_patterns(counts, 1)[0] is pairs[0]  # interned: the same object
    assert _shape(pair_patterns(counts, 1, joker_pairs=False)) == _shape(pairs[:1])
    assert pair_patterns(counts, 0) == pairs[:1]
