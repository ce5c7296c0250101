"""The sweep's compiled loops against its pure-Python engine on many dealt racks: a script.

    python tests/sweep_engines_vs.py COUNT [SEED]

For each rack (sizes 21 and 22 alternately, every fourth one of the okey
variant, every third with seen tiles): the meld distance at 101, the outs
and the target of both engines (:class:`~rummy101_solver.engine.sweep.Sweep`
and :class:`~rummy101_solver.engine.sweep.CompiledSweep`), and on every fifth
22-tile rack every discard row (distance, outs, wild out). Prints each
mismatch and the totals; exit 1 on any mismatch. Not collected by pytest
(``tests/test_sweep_engines.py`` runs the same comparisons on fewer racks).
"""

from __future__ import annotations

import sys

from rummy101_solver.engine import sweep as S
from rummy101_solver.engine.outs import laid_bound, read_seen, unseen_tiles
from rummy101_solver.game.deal import deal_indicator_rack, deal_rack
from rummy101_solver.game.rules import Rules

BAR = 101


def main(count: int, seed: int) -> int:
    bad = rows = 0
    for i in range(count):
        size = 21 + i % 2
        if i % 4 == 3:
            indicator, rack = deal_indicator_rack(seed + i, size)
            rules = Rules(indicator=indicator)
        else:
            rack, rules = deal_rack(seed + i, size), Rules()
        unseen = unseen_tiles(rack, rules)
        if i % 3 == 2:
            shown = [t for t in unseen.expanded() if t not in rack.tiles][::9][:6]
            unseen = unseen_tiles(rack, rules, read_seen([t.code for t in shown], rack, rules))
        bound = laid_bound(size) if size <= 21 else 21
        sr = S.sweep_rack(rack.face_counts, rack.wilds, unseen.counts, bound)
        found = []
        d, _ = S.meld_distance(sr, BAR)
        if d is not None:
            py, c = S.Sweep(sr, d), S.CompiledSweep(sr, d)
            if py.curve() != c.curve():
                found.append("curve")
            if d and py.outs(BAR, d) != c.outs(BAR, d):
                found.append("outs")
            if py.plan(BAR, d, True) != c.plan(BAR, d, True):
                found.append("target")
        if size == 22 and i % 5 == 1:
            fast = S.discard_rows(sr, BAR)
            for face, got in fast.items():
                rows += 1
                if got != S._row_alone(sr.without(face), BAR, 0):
                    found.append(f"row {face}")
        if found:
            bad += 1
            print(f"MISMATCH seed {seed + i} size {size}: {', '.join(found)}", flush=True)
        if (i + 1) % 100 == 0:
            print(f"{i + 1} racks, {rows} discard rows, {bad} mismatches", flush=True)
    print(f"{count} racks, {rows} discard rows, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1))
