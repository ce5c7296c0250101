"""The sweep (engine/sweep.py) against CP-SAT on many dealt racks: a script, not collected.

    python tests/sweep_vs_sat.py COUNT [SEED] [--bar near|101]

For each rack (sizes 21 and 22 alternately, every fourth one of the okey
variant): the meld distance of the sweep and of ``DistanceSearch`` (CP-SAT),
with the bar near the rack's best opening (``near``: best, +6, +15 in turn) or
at 101. Prints mismatches (seed, size, bar) and the median / max seconds of
each side.
"""

from __future__ import annotations

import sys
import time
from statistics import median

from reference_distance import DistanceSearch  # tests/ is on the path of a script run here

from rummy101_solver.engine.outs import laid_bound, unseen_tiles
from rummy101_solver.engine.sweep import meld_distance, sweep_rack, value_curve
from rummy101_solver.game.deal import deal_indicator_rack, deal_rack
from rummy101_solver.game.rules import Rules


def main(count: int, seed: int, mode: str) -> int:
    bad = 0
    times: dict[str, list[float]] = {"sweep": [], "sat": []}
    for i in range(count):
        size = 21 + i % 2
        indicator = None
        if i % 4 == 3:
            indicator, rack = deal_indicator_rack(seed + i, size)
        else:
            rack = deal_rack(seed + i, size)
        bound = laid_bound(size)
        if mode == "near":
            free = sweep_rack(rack.face_counts, rack.wilds, {}, bound)
            bar = max(1, value_curve(free, 0)[0]) + (0, 6, 15)[i % 3]
        else:
            bar = 101
        rules = Rules(threshold=bar, indicator=indicator)
        unseen = unseen_tiles(rack, rules)
        t = time.process_time()
        got, _ = meld_distance(sweep_rack(rack.face_counts, rack.wilds, unseen.counts, bound), bar)
        times["sweep"].append(time.process_time() - t)
        t = time.process_time()
        search = DistanceSearch(rack, rules, "melds", unseen, max_laid=bound)
        want, _, proven = search.first(time.monotonic() + 120)
        times["sat"].append(time.process_time() - t)
        if not proven or got != want:
            bad += 1
            print(
                f"MISMATCH seed {seed + i} size {size} bar {bar}: sweep {got}, CP-SAT {want}"
                f" (proven {proven})",
                flush=True,
            )
        if (i + 1) % 50 == 0:
            print(f"{i + 1} racks, {bad} mismatches", flush=True)
    for side, ts in times.items():
        print(f"{side}: median {median(ts) * 1000:.1f} ms, max {max(ts) * 1000:.0f} ms CPU")
    print(f"{count} racks, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    mode = "101" if "--bar=101" in sys.argv else "near"
    sys.exit(main(int(args[0]), int(args[1]) if len(args) > 1 else 1, mode))
