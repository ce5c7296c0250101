"""The bounded exact search (``small.py``) against the CP-SAT model [R-OPEN-MELDS, R-OPEN-PAIRS].

Where the search answers, its packing must be the very packing CP-SAT returns
(same patterns, same copies, same order, same status), so ``solve`` prints the
same either way. Racks: dealt (22 tiles and smaller, classic and okey variant);
rules: default, ``keep``, objective ``"penalty"``, ``take`` and
``joker_pairs=False``; melds and pairs; and one-turn finishes (all tiles but
one laid, the bar met, a joker kept) [R-ONE-TURN, R-JOKER-FINISH].
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from rummy101_solver.engine.model import PackingModel
from rummy101_solver.engine.small import small_packing
from rummy101_solver.engine.solver import _problem
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.parsing import parse_rack, parse_tile
from rummy101_solver.game.rules import Rules


@pytest.mark.parametrize("block", range(3))
def test_the_search_gives_the_packing_cp_sat_gives(block: int) -> None:
    rng = random.Random(block)
    answered: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for seed in range(1 + 40 * block, 41 + 40 * block):
        racks = [
            deal_racks(seed, 1, 22)[0],
            deal_racks(seed, 1, rng.randint(5, 21))[0],
            deal_indicator_rack(seed, 22)[1],
        ]
        for rack in racks:
            rules_list = [
                Rules(),
                Rules(keep=rng.randint(0, 6)),
                Rules(objective="penalty"),
                Rules(take=rng.choice(rack.tiles)),
                Rules(joker_pairs=False),
            ]
            for rules in rules_list:
                for kind in ("melds", "pairs"):
                    problem = _problem(rack, rules, kind)
                    problems = {kind: problem}
                    if kind == "melds":
                        problems["finish"] = replace(
                            problem,
                            max_laid=len(rack) - 1,
                            min_laid=len(rack) - 1,
                            min_score=rules.bar("melds"),
                            wilds_laid=rack.wilds - 1 if rack.wilds else None,
                        )
                    for name, p in problems.items():
                        asked[name] += 1
                        found = small_packing(p)
                        if found is None:
                            continue
                        answered[name] += 1
                        assert found == PackingModel(p).solve(10.0), (rack.codes, rules, name)
    # most problems of small racks and of racks without jokers are settled here
    assert answered["melds"] >= 0.5 * asked["melds"]
    assert answered["pairs"] >= 0.5 * asked["pairs"]
    assert answered["finish"] >= 0.5 * asked["finish"]


def test_two_equally_good_openings_are_left_to_cp_sat() -> None:
    # R12 J J: the run J=R11 R12 J=R13 and the set R12 J=B12 J=K12 are both
    # 36 points with the same tiles: CP-SAT's own choice decides [R-RUN, R-SET]
    rack = parse_rack("R12 J J B1")
    problem = _problem(rack, Rules(), "melds")
    assert small_packing(problem) is None
    packing = PackingModel(problem).solve(5.0)
    assert packing.status == "optimal"
    assert sum(p.value * k for p, k in packing.uses) == 36


def test_a_unique_best_is_found_and_a_long_search_gives_up() -> None:
    rack = parse_rack("R1 R2 R3 R4 B4 K4 Y9")
    problem = _problem(rack, Rules(), "melds")
    packing = small_packing(problem)
    assert packing is not None and packing.status == "optimal"
    laid = sorted((p.kind, [f.code for f in p.stands_for]) for p, _ in packing.uses)
    assert laid == [("run", ["R1", "R2", "R3"]), ("set", ["R4", "B4", "K4"])]  # 6 + 12 points
    assert packing == PackingModel(problem).solve(5.0)
    assert small_packing(problem, node_limit=3) is None
    assert small_packing(problem, max_patterns=2) is None


def test_no_way_to_lay_the_taken_tile_is_proven_infeasible() -> None:
    # the taken B9 fits no meld: no opening may be laid [R-TAKE-DISCARD]
    rack = parse_rack("R1 R2 R3 B9")
    problem = _problem(rack, Rules(take=parse_tile("B9")), "melds")
    packing = small_packing(problem)
    assert packing is not None
    assert (packing.status, packing.uses) == ("infeasible", ())
    assert PackingModel(problem).solve(5.0).status == "infeasible"
