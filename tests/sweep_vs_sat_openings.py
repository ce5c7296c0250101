"""The sweep (engine/sweep.py) against CP-SAT on the openings of many dealt racks [issue 32].

    python tests/sweep_vs_sat_openings.py COUNT [SEED]

For each rack (sizes 21 and 22 alternately, every fourth one of the okey
variant, so with fake okeys and an indicator's okey as wild tiles; jokers
wherever the deal gives them), two questions are answered by both exact
methods, and the answers must agree:

- the best meld opening's value [R-VALUE, R-KEEP-DISCARD]: the sweep's value
  curve at 0 placed tiles with the rack's laid bound, against the packing
  CP-SAT proves best for ``solve``'s meld problem (always CP-SAT here, never
  the small-rack search), the opening it lays also checked by
  ``tests/validator.py``;
- the best one-turn meld finish (every tile but one laid) [R-ONE-TURN]:
  ``one_turn_meld_value`` against CP-SAT on the same problem without a bar
  (``None`` when CP-SAT proves none exists).

Prints each mismatch (seed, size), then the racks, the mismatches and the
median CPU of each side. ``tests/test_sweep_openings.py`` runs it on a few
hundred racks; the note of issue 32 gives the figure of a 2,000-rack run.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from statistics import median

from validator import validate_opening  # tests/ is on the path of a script run here

from rummy101_solver.engine.model import solve_packings
from rummy101_solver.engine.solver import _problem, opening_from_packing
from rummy101_solver.engine.sweep import one_turn_meld_value, sweep_rack, value_curve
from rummy101_solver.game.deal import deal_indicator_rack, deal_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Rack


def dealt(seed: int, i: int) -> tuple[Rack, Rules]:
    """The ``i``-th rack of a run from ``seed`` and its rules (see the module docstring)."""
    size = 21 + i % 2
    if i % 4 == 3:
        indicator, rack = deal_indicator_rack(seed + i, size)
        return rack, Rules(indicator=indicator)
    return deal_rack(seed + i, size), Rules()


def compare(rack: Rack, rules: Rules, times: dict[str, list[float]]) -> list[str]:
    """The disagreements of the sweep and CP-SAT on ``rack`` (empty: they agree)."""
    problems = []
    problem = _problem(rack, rules, "melds")
    t = time.process_time()
    swept = value_curve(sweep_rack(problem.counts, problem.wilds, {}, problem.max_laid), 0)[0]
    times["sweep"].append(time.process_time() - t)
    t = time.process_time()
    packing = solve_packings(problem)[0]
    times["CP-SAT"].append(time.process_time() - t)
    opening = opening_from_packing(rack, rules, "melds", packing)
    validate_opening(rack, rules, opening)
    if packing.status != "optimal" or max(swept, 0) != opening.value:
        problems.append(
            f"best meld value: sweep {swept}, CP-SAT {opening.value} ({packing.status})"
        )
    laid = len(rack) - 1
    finish = replace(_problem(rack, replace(rules, keep=1), "melds"), min_laid=laid, max_laid=laid)
    t = time.process_time()
    swept_finish = one_turn_meld_value(problem.counts, problem.wilds)
    times["sweep one-turn"].append(time.process_time() - t)
    t = time.process_time()
    packing = solve_packings(finish)[0]
    times["CP-SAT one-turn"].append(time.process_time() - t)
    want = None
    if packing.status == "optimal":
        want = opening_from_packing(rack, rules, "melds", packing).value
    if packing.status not in ("optimal", "infeasible") or swept_finish != want:
        problems.append(f"one-turn meld finish: sweep {swept_finish}, CP-SAT {want}")
    return problems


def main(count: int, seed: int) -> int:
    times: dict[str, list[float]] = {
        "sweep": [], "CP-SAT": [], "sweep one-turn": [], "CP-SAT one-turn": []
    }  # fmt: skip
    bad = 0
    for i in range(count):
        rack, rules = dealt(seed, i)
        for problem in compare(rack, rules, times):
            bad += 1
            print(f"MISMATCH seed {seed + i} size {len(rack)}: {problem}", flush=True)
        if (i + 1) % 500 == 0:
            print(f"{i + 1} racks, {bad} mismatches", flush=True)
    for side, ts in times.items():
        print(f"{side}: median {median(ts) * 1000:.2f} ms, max {max(ts) * 1000:.1f} ms CPU")
    print(f"{count} racks, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    sys.exit(main(args[0], args[1] if len(args) > 1 else 1))
