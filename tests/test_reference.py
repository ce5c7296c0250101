"""The counts of issue 17: the product's distances, outs and discard rows against
the independent references, on seeded dealt racks, 0 mismatches.

- **CP-SAT** (``reference_distance.DistanceSearch``, the former product search,
  budget by budget, pairs included without the pairs programme): the meld
  distance on 300 racks of 21 and 22 tiles (with and without seen tiles,
  classic and okey with an indicator, fake okeys dealt), the pairs distance on
  100 of them, every row of 30 discard tables (melds and pairs), and the outs
  of 100 racks (melds; the pairs outs by their definition, asked of the
  face-by-face pairs programme, CP-SAT's pairs outs being slow).
- **The exact search** (``exact_search.best_melds``, plain Python, runs of any
  length): the best meld value with nothing drawn on 510 racks.

Bars are set near each rack's best opening (best, +6, +15 in turn) so the
distances are small and CP-SAT answers in milliseconds; the larger run at the
fixed 101 bar is ``python tests/sweep_vs_sat.py N --bar=101``. Each failure
names the case (kind/seed) so it can be replayed.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from rummy101_solver.engine.outs import (
    discard_table,
    full_set,
    kind_of,
    laid_bound,
    rack_distance,
    rack_outs,
    unseen_tiles,
)
from rummy101_solver.engine.pairs_distance import (
    Kind,
    pairs_plan,
)
from rummy101_solver.engine.sweep import sweep_rack, value_curve
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Rack, Tile

sys.path.insert(0, str(Path(__file__).parent))

from exact_search import best_melds
from reference_distance import DistanceSearch

DEADLINE = 120.0  # seconds per CP-SAT question: never reached on these racks

Case = tuple[str, Rack, Rules, list[Tile]]


def seen_for(rack: Rack, rules: Rules, seed: int, count: int = 8) -> list[Tile]:
    """Up to ``count`` numbered tiles of another deal that are still unseen."""
    left = full_set(rules)
    left.subtract(Counter(rack.tiles))
    out = []
    for tile in deal_racks(seed, 1, 22)[0].tiles:
        if not tile.is_wild and left[tile] > 0 and len(out) < count:
            left[tile] -= 1
            out.append(tile)
    return out


def near_bar(rack: Rack, step: int) -> int:
    free = sweep_rack(rack.face_counts, rack.wilds, {}, laid_bound(len(rack)))
    return max(1, value_curve(free, 0)[0]) + (0, 6, 15)[step % 3]


def cases(block: int, count: int) -> list[Case]:
    """``count`` racks of one of four kinds: 21 tiles classic, 22 classic with
    seen tiles, 21 okey, 22 okey with seen tiles (an indicator; fake okeys in
    the set [R-INDICATOR])."""
    out: list[Case] = []
    base = 30_000 + 1_000 * block
    for i in range(count):
        seed = base + i
        size = 21 + block % 2
        if block < 2:
            rack, indicator = deal_racks(seed, 1, size)[0], None
        else:
            indicator, rack = deal_indicator_rack(seed, size)
        rules = Rules(threshold=near_bar(rack, i), indicator=indicator)
        seen = seen_for(rack, rules, seed + 500) if size == 22 else []
        out.append((f"block {block} seed {seed}", rack, rules, seen))
    return out


def sat(rack: Rack, rules: Rules, kind: str, seen: list[Tile], **kw: object) -> DistanceSearch:
    unseen = unseen_tiles(rack, rules, seen)
    bound = kw.pop("max_laid", laid_bound(len(rack)))
    return DistanceSearch(rack, rules, kind, unseen, max_laid=bound, **kw)  # type: ignore[arg-type]


# --- distances ------------------------------------------------------------------------------


@pytest.mark.parametrize("block", range(4))
def test_distances_equal_cp_sat(block: int) -> None:
    """300 racks: the meld distance of the sweep; 100 of them: the pairs distance
    of the dynamic programme [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD]."""
    checked: Counter[int | None] = Counter()
    for n, (name, rack, rules, seen) in enumerate(cases(block, 75)):
        unseen = unseen_tiles(rack, rules, seen)
        melds = rack_distance(rack, rules, "melds", unseen=unseen)
        pairs = rack_distance(rack, rules, "pairs", unseen=unseen)
        want, _, proven = sat(rack, rules, "melds", seen, distance_only=True).first(
            time.monotonic() + DEADLINE
        )
        assert proven and melds.tiles == want, (name, melds.tiles, want)
        checked[want] += 1
        if n % 3 == 0:
            want, _, proven = sat(rack, rules, "pairs", seen, distance_only=True).first(
                time.monotonic() + DEADLINE
            )
            assert proven and pairs.tiles == want, (name, "pairs", pairs.tiles, want)
    assert len(set(checked)) >= 2, checked  # distances of several sizes occur


# --- discard rows ---------------------------------------------------------------------------


@pytest.mark.parametrize("block", [1, 3])
def test_every_discard_row_equals_cp_sat(block: int) -> None:
    """30 tables of 22-tile racks (classic and okey, seen tiles), every row: the
    rack without the tile, asked of CP-SAT with that tile thrown [R-KEEP-DISCARD]."""
    rows = 0
    for name, rack, rules, seen in cases(block, 15):
        unseen = unseen_tiles(rack, rules, seen)
        table = discard_table(rack, rules, unseen=unseen)
        for kind in ("melds", "pairs"):
            search = sat(rack, rules, kind, seen, max_laid=21, discard=True)
            # the nearest row, then each row from there (no row is nearer)
            nearest, _, proven = search.first(time.monotonic() + DEADLINE)
            assert proven, name
            for row in table:
                thrown: Kind = kind_of(row.tile)
                want, _, proven = search.first(
                    time.monotonic() + DEADLINE, assume=thrown, start=nearest or 0
                )
                got = row.distance(kind)  # type: ignore[arg-type]
                assert proven and got.tiles == want, (name, kind, row.tile.code, got.tiles, want)
                assert got.status == ("none" if want is None else "optimal")
                rows += 1
    assert rows >= 2 * 15 * 18, rows


# --- outs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("block", [0, 2])
def test_outs_equal_the_references(block: int) -> None:
    """100 racks of 21 tiles waiting to draw (classic and okey). Melds: the outs
    are the kinds some CP-SAT target at the distance draws. Pairs (CP-SAT's
    symmetric pairs take about 0.7 s a rack): the definition, asked of the
    face-by-face programme :func:`pairs_plan` (not the class programme that
    answers the outs): the rack with the tile, one copy fewer unseen, is one
    draw closer [R-OPEN-MELDS, R-OPEN-PAIRS]."""
    for name, rack, rules, seen in cases(block, 50):
        unseen = unseen_tiles(rack, rules, seen)
        melds, pairs, outs = rack_outs(rack, rules, unseen=unseen)
        search = sat(rack, rules, "melds", seen)
        budget, solution, proven = search.first(time.monotonic() + DEADLINE)
        assert proven and budget == melds.tiles, name
        found: set[Kind] = set()
        if budget and solution is not None:
            found.update(search.model(budget).drawn(solution))
            assert search.outs(budget, time.monotonic() + DEADLINE, found), name
        assert {kind_of(o.tile) for o in outs.melds} == found, name
        bound = laid_bound(len(rack))
        after: set[Kind] = set()
        for tile, _ in unseen.tiles if pairs.tiles else ():
            more = Rack((*rack.tiles, tile))
            left = {k: n - (k == kind_of(tile)) for k, n in unseen.counts.items()}
            plan = pairs_plan(more.face_counts, more.wilds, left, rules, bound)
            if plan is not None and plan.draws == pairs.tiles - 1:  # type: ignore[operator]
                after.add(kind_of(tile))
        assert {kind_of(o.tile) for o in outs.pairs} == after, name
        for o in (*outs.melds, *outs.pairs):
            assert o.copies == unseen.copies(o.tile), (name, o)


# --- the best meld value ----------------------------------------------------------------------


@pytest.mark.parametrize("size", [14, 21, 22])
def test_best_value_equals_the_exact_search(size: int) -> None:
    """510 racks (170 per size), nothing drawn, at most ``size - 1`` or 9 tiles
    laid in turn: the sweep's best meld value is the exact search's [R-VALUE]."""
    for seed, rack in enumerate(deal_racks(40_000 + size * 1_000, 170, size)):
        max_laid = size - 1 if seed % 2 else 9
        got = max(0, value_curve(sweep_rack(rack.face_counts, rack.wilds, {}, max_laid), 0)[0])
        best = best_melds(rack.face_counts, rack.wilds, max_laid=max_laid)
        assert got == (best[0] if best else 0), (seed, size, max_laid)
