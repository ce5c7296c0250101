"""The exact pairs count (``pairs.py``) against the CP-SAT model [R-PAIR, R-OPEN-PAIRS].

Where the count answers, its packing must be the very packing CP-SAT returns
(same pairs, same copies, same order), so ``solve`` prints the same either way.
Racks: dealt (classic and okey variant) and built from pairs with up to two
wild tiles; rules: default, ``keep``, objective ``"penalty"`` (with several
bars) and ``joker_pairs=False``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from rummy101_solver.engine.model import PackingModel, PackingProblem
from rummy101_solver.engine.pairs import exact_pairs_packing
from rummy101_solver.engine.solver import _problem, best_openings
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import ALL_FACES, WILD, Rack, Tile


def _pairs_rack(rng: random.Random) -> Rack:
    """2–22 tiles, mostly pairs, with 0–2 wild tiles (copy limits kept)."""
    size = rng.randint(2, 22)
    tiles = [WILD] * rng.randint(0, 2)
    for face in rng.sample(ALL_FACES, 22):
        if len(tiles) >= size:
            break
        tiles += [Tile(face)] * min(rng.choice((1, 2, 2)), size - len(tiles))
    return Rack(tuple(tiles))


def _rules(rng: random.Random) -> list[Rules]:
    return [
        Rules(),
        Rules(keep=rng.randint(0, 12)),
        Rules(joker_pairs=False),
        Rules(objective="penalty", pairs_threshold=rng.randint(1, 7)),
    ]


@pytest.mark.parametrize("block", range(4))
def test_the_count_gives_the_packing_cp_sat_gives(block: int) -> None:
    rng = random.Random(block)
    answered: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for seed in range(1 + 60 * block, 61 + 60 * block):
        racks = {
            "dealt": deal_racks(seed, 1, rng.choice((22, 21, 14)))[0],
            "okey": deal_indicator_rack(seed, 22)[1],
            "pairs": _pairs_rack(rng),
        }
        for shape, rack in racks.items():
            for rules in _rules(rng):
                problem = _problem(rack, rules, "pairs")
                exact = exact_pairs_packing(problem)
                key = f"{shape} {rules.objective} keep={rules.keep}"
                asked[key] += 1
                if exact is None:
                    continue
                answered[key] += 1
                solved = PackingModel(problem).solve(10.0)
                assert exact == solved, (rack.codes, rules)
    # the count settles every default question on dealt racks, and most others
    # (racks of pairs often hold more pairs than may be laid: CP-SAT then)
    for shape in ("dealt", "okey"):
        assert answered[f"{shape} value keep=1"] == asked[f"{shape} value keep=1"] >= 120
    assert answered["pairs value keep=1"] >= 0.7 * asked["pairs value keep=1"]
    assert sum(answered.values()) >= 0.6 * sum(asked.values())


def test_a_bound_on_tiles_laid_that_binds_is_left_to_cp_sat() -> None:
    # 11 pairs in 22 tiles; keep 1 lays at most 21 tiles, so 10 pairs [R-KEEP-DISCARD]
    rack = parse_rack("R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 B1 B1 B2 B2 B3 B3 B4 B4 B5 B5")
    problem = _problem(rack, Rules(), "pairs")
    assert exact_pairs_packing(problem) is None
    best = best_openings(rack, Rules(), "pairs")[0]
    assert (best.count, best.status, [t.code for t in best.left]) == (10, "optimal", ["R1", "R1"])
    everything = _problem(rack, Rules(keep=0), "pairs")
    packing = exact_pairs_packing(everything)
    assert packing is not None
    assert sum(k for _, k in packing.uses) == 11


def test_jokers_go_where_they_save_most() -> None:
    # most pairs first, then the least penalty left: the two jokers pair the
    # two highest singles (K13, B9), not Y5 or Y7 [R-RESIDUAL]
    rack = parse_rack("R2 R2 B9 K13 Y5 Y7 J J")
    packing = exact_pairs_packing(_problem(rack, Rules(), "pairs"))
    assert packing is not None
    laid = sorted((p.stands_for[0].code, p.wilds, k) for p, k in packing.uses)
    assert laid == [("B9", 1, 1), ("K13", 1, 1), ("R2", 0, 1)]
    # one joker: it pairs the single that saves most (K13, 13 points)
    rack = parse_rack("R2 R2 B9 K13 J")
    packing = exact_pairs_packing(_problem(rack, Rules(), "pairs"))
    assert packing is not None
    laid = sorted((p.stands_for[0].code, p.wilds, k) for p, k in packing.uses)
    assert laid == [("K13", 1, 1), ("R2", 0, 1)]


def test_an_unmet_bar_and_other_questions_are_left_to_cp_sat() -> None:
    rack = parse_rack("R2 R2 B9 K13 J")
    penalty = _problem(rack, Rules(objective="penalty"), "pairs")  # 5 pairs needed, 2 possible
    assert exact_pairs_packing(penalty) is None
    assert PackingModel(penalty).solve(5.0).status == "infeasible"
    taken = _problem(rack, Rules(take=Tile(ALL_FACES[0])), "pairs")
    assert exact_pairs_packing(taken) is None
    finish = replace(_problem(rack, Rules(), "pairs"), min_laid=4)
    assert exact_pairs_packing(finish) is None
    melds = _problem(rack, Rules(), "melds")
    assert exact_pairs_packing(melds) is None

    class Extended(PackingProblem):
        pass

    extended = Extended(**{f: getattr(penalty, f) for f in ("patterns", "counts", "wilds",
                                                            "max_laid", "pairs")})  # fmt: skip
    assert exact_pairs_packing(extended) is None
