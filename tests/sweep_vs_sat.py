"""The sweep (engine/sweep.py) against CP-SAT on many dealt racks: a script, not collected.

    python tests/sweep_vs_sat.py COUNT [SEED] [--bar=101] [--no-pairs]

For each rack (sizes 21 and 22 alternately, every fourth one of the okey
variant): the meld distance of the sweep and of ``DistanceSearch`` (CP-SAT,
``tests/reference_distance.py``), with the bar near the rack's best opening
(best, +6, +15 in turn) or at 101 (``--bar=101``); and, unless ``--no-pairs``,
the pairs distance and target of ``rack_distance`` (the pairs programme) and
the CP-SAT pairs distance (5 pairs; every third rack without joker pairs).
Prints mismatches (seed, size, bar) and the median / max seconds of each side.
"""

from __future__ import annotations

import sys
import time
from statistics import median

from reference_distance import DistanceSearch  # tests/ is on the path of a script run here

from rummy101_solver.engine.outs import laid_bound, rack_distance, unseen_tiles
from rummy101_solver.engine.sweep import meld_distance, sweep_rack, value_curve
from rummy101_solver.game.deal import deal_indicator_rack, deal_rack
from rummy101_solver.game.rules import Rules


def main(count: int, seed: int, mode: str, pairs: bool = True) -> int:
    bad = 0
    times: dict[str, list[float]] = {"sweep": [], "sat": [], "pairs": [], "pairs sat": []}
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
        if pairs:
            prules = Rules(indicator=indicator, joker_pairs=i % 3 != 2)
            t = time.process_time()
            got_pairs = rack_distance(rack, prules, "pairs", unseen=unseen)
            times["pairs"].append(time.process_time() - t)
            t = time.process_time()
            search = DistanceSearch(rack, prules, "pairs", unseen, max_laid=bound)
            want, _, proven = search.first(time.monotonic() + 120)
            times["pairs sat"].append(time.process_time() - t)
            target = got_pairs.target
            drawn = len(target.missing) if target is not None else None
            if not proven or got_pairs.tiles != want or drawn != want:
                bad += 1
                print(
                    f"MISMATCH pairs seed {seed + i} size {size}: programme {got_pairs.tiles}"
                    f" (target draws {drawn}), CP-SAT {want} (proven {proven})",
                    flush=True,
                )
        if (i + 1) % 50 == 0:
            print(f"{i + 1} racks, {bad} mismatches", flush=True)
    for side, ts in times.items():
        if not ts:
            continue
        print(f"{side}: median {median(ts) * 1000:.1f} ms, max {max(ts) * 1000:.0f} ms CPU")
    print(f"{count} racks, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    mode = "101" if "--bar=101" in sys.argv else "near"
    pairs = "--no-pairs" not in sys.argv
    sys.exit(main(int(args[0]), int(args[1]) if len(args) > 1 else 1, mode, pairs))
