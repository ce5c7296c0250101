"""The sweep over the numbers (engine/sweep.py) against CP-SAT and the exact search [issue 17].

Independent sides: :mod:`exact_search` (plain Python, runs of any length) for
the best meld value with nothing drawn, and the CP-SAT
:class:`reference_distance.DistanceSearch` for distances. Racks are
dealt with seeds (named in every message); thresholds are set near each
rack's best opening so the distances stay small and the tests fast.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from rummy101_solver.engine.outs import (
    Unseen,
    discard_table,
    laid_bound,
    unseen_tiles,
)
from rummy101_solver.engine.sweep import (
    Plan,
    SweepRack,
    discard_distances,
    meld_distance,
    meld_outs,
    meld_plan,
    sweep_rack,
    value_curve,
)
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.parsing import parse_face, parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import COLOURS, Rack, Tile

sys.path.insert(0, str(Path(__file__).parent))

from exact_search import best_melds
from reference_distance import DistanceSearch


def as_sweep(rack: Rack, unseen: Unseen, max_laid: int) -> SweepRack:
    return sweep_rack(rack.face_counts, rack.wilds, unseen.counts, max_laid)


def nothing_unseen(rack: Rack, max_laid: int) -> SweepRack:
    return sweep_rack(rack.face_counts, rack.wilds, {}, max_laid)


def sat_distance(rack: Rack, rules: Rules, unseen: Unseen) -> int | None:
    search = DistanceSearch(rack, rules, "melds", unseen, max_laid=laid_bound(len(rack)))
    budget, _, proven = search.first(time.monotonic() + 60)
    assert proven
    return budget


def check_plan(sr: SweepRack, plan: Plan, bar: int, k: int) -> None:
    """A plan is legal [R-RUN, R-SET, R-WILD], uses only the copies there are,
    places exactly ``k`` tiles, lays at most the bound and meets the bar."""
    used: Counter[int] = Counter()
    wilds = 0
    value = 0
    laid = 0
    for kind, places in plan.melds:
        faces = [f for f, _ in places]
        assert len(places) >= 3, places
        assert any(not w for _, w in places), places
        if kind == "run":
            assert len({f.colour for f in faces}) == 1
            assert [f.number for f in faces] == list(range(faces[0].number, faces[-1].number + 1))
        else:
            assert len(places) <= 4 and len({f.number for f in faces}) == 1
            assert len({f.colour for f in faces}) == len(faces)
        for f, w in places:
            value += f.number
            laid += 1
            if w:
                wilds += 1
            else:
                used[f.index] += 1
    assert value >= bar
    for i, n in used.items():
        assert n <= sr.avail[i]
    drawn = sum(max(0, n - sr.held[i]) for i, n in used.items())
    assert drawn + max(0, wilds - sr.wilds) == k == len(plan.placed) + plan.wilds_placed
    assert wilds <= sr.wild_avail
    assert laid <= sr.max_laid


# --- best value with nothing drawn, against the exact search --------------------------------


@pytest.mark.parametrize("size", [14, 21, 22])
def test_best_value_equals_the_exact_search(size: int) -> None:
    for seed, rack in enumerate(deal_racks(500, 60, size), start=500):
        for max_laid in (size - 1, 9):
            got = max(0, value_curve(nothing_unseen(rack, max_laid), 0)[0])
            best = best_melds(rack.face_counts, rack.wilds, max_laid=max_laid)
            assert got == (best[0] if best else 0), (seed, size, max_laid)


# --- distance, outs and targets, against CP-SAT -----------------------------------------------


def near_bars(rack: Rack) -> list[int]:
    best = max(1, value_curve(nothing_unseen(rack, laid_bound(len(rack))), 0)[0])
    return [best, best + 6, best + 15]


@pytest.mark.parametrize("size", [21, 22])
def test_distance_equals_cp_sat(size: int) -> None:
    for seed, rack in enumerate(deal_racks(700, 5, size), start=700):
        for bar in near_bars(rack):
            rules = Rules(threshold=bar)
            unseen = unseen_tiles(rack, rules)
            sr = as_sweep(rack, unseen, laid_bound(size))
            got, sweep = meld_distance(sr, bar)
            assert got == sat_distance(rack, rules, unseen), (seed, size, bar)
            if got is not None and sweep is not None:
                plan = meld_plan(sweep, bar, got)
                check_plan(sr, plan, bar, got)


def test_distance_with_seen_tiles_and_an_indicator_equals_cp_sat() -> None:
    for seed in range(900, 904):
        indicator, rack = deal_indicator_rack(seed, 21)
        bar = near_bars(rack)[1]
        rules = Rules(threshold=bar, indicator=indicator)
        seen = [t for t in deal_racks(seed + 50, 1, 22)[0].tiles if not t.is_wild][:10]
        full = Counter(rack.tiles)
        seen = [t for t in seen if full[t] + seen.count(t) <= 1]
        unseen = unseen_tiles(rack, rules, seen)
        got, _ = meld_distance(as_sweep(rack, unseen, 21), bar)
        assert got == sat_distance(rack, rules, unseen), seed


def test_discard_rows_equal_cp_sat() -> None:
    """Every row's meld distance of the discard table [R-KEEP-DISCARD]."""
    for seed, rack in enumerate(deal_racks(40, 2, 22), start=40):
        bar = near_bars(rack)[1] + 2
        rules = Rules(threshold=bar)
        unseen = unseen_tiles(rack, rules)
        got = discard_distances(as_sweep(rack, unseen, 21), bar)
        table = discard_table(rack, rules, unseen=unseen, time_limit=120)
        assert len(got) == len(table)
        for row in table:
            face = row.tile.face
            assert row.melds.status == "optimal"
            assert got[-1 if face is None else face.index] == row.melds.tiles, (seed, row.tile.code)


def test_outs_are_the_tiles_whose_draw_lowers_the_distance() -> None:
    """The definition, asked of the sweep itself tile by tile: rack + t with one
    copy fewer unseen is one tile closer."""
    for seed, rack in enumerate(deal_racks(800, 2, 21), start=800):
        bar = near_bars(rack)[1]
        rules = Rules(threshold=bar)
        unseen = unseen_tiles(rack, rules)
        dist, sweep = meld_distance(as_sweep(rack, unseen, 21), bar)
        assert dist and sweep is not None
        faces, wild = meld_outs(sweep, bar, dist)
        for tile, copies in unseen.tiles:
            more = Rack((*rack.tiles, tile))
            counts = {k: n - (k == (tile.face or "wild")) for k, n in unseen.counts.items()}
            after, _ = meld_distance(
                sweep_rack(more.face_counts, more.wilds, counts, 21), bar, start=dist
            )
            is_out = wild if tile.is_wild else tile.face.index in faces  # type: ignore[union-attr]
            assert is_out == (after == dist - 1), (seed, tile.code, copies)


# --- named cases -----------------------------------------------------------------------


def best_value(text: str, max_laid: int = 21) -> int:
    return value_curve(nothing_unseen(parse_rack(text), max_laid), 0)[0]


def test_a_run_needing_a_joker_at_13s_end() -> None:
    # R11 R12 J: the joker stands for R13 (36), not R10 (33) [R-RUN, R-WILD]
    assert best_value("R11 R12 J") == 36
    # nothing beyond 13: R12 R13 J is R11-R13 (36), never R12-R14
    assert best_value("R12 R13 J") == 36


def test_two_copies_of_a_tile_in_two_runs() -> None:
    assert best_value("R4 R4 R5 R5 R6 R6") == 30


def test_a_set_of_4_beside_a_run_sharing_a_number() -> None:
    # R3-R4-R5 and R5 B5 K5 Y5 [R-RUN, R-SET]
    assert best_value("R3 R4 R5 R5 B5 K5 Y5") == 32


def test_both_jokers_in_one_meld() -> None:
    # R5 J J: R5-R6-R7 (18) beats the set R5 + 2 jokers (15) [R-WILD]
    assert best_value("R5 J J") == 18
    assert best_value("R13 J J") == 39


def test_a_wild_stand_in_does_not_use_up_a_copy() -> None:
    # two real R5 in two runs and a joker standing for a third R5 in a set, as the model allows
    assert best_value("R4 R4 R5 R5 R6 R6 B5 K5 J") == 45


def test_the_laid_bound_is_exact() -> None:
    # all nine tiles make 1-2-3 runs worth 18; laying at most 8, two sets (3s and
    # 2s) are worth 15, one run less 12 [R-KEEP-DISCARD]
    rack = parse_rack("R1 R2 R3 B1 B2 B3 K1 K2 K3")
    for bound, want in ((9, 18), (8, 15), (6, 15), (5, 9), (3, 9), (2, 0)):
        exact = best_melds(rack.face_counts, rack.wilds, max_laid=bound)
        assert best_value("R1 R2 R3 B1 B2 B3 K1 K2 K3", bound) == want
        assert exact is not None and exact[0] == want


def test_a_rising_bar() -> None:
    rack = parse_rack("R10 R11 R12 R13 B10 B11 B12 B13 K10 K11 K12 K13 Y1")
    unseen = unseen_tiles(rack, Rules())
    sr = as_sweep(rack, unseen, 13)
    assert value_curve(sr, 0)[0] == 138
    rising = Rules(after=138)  # the next opening needs 139 [R-RISING]
    dist, _ = meld_distance(sr, rising.meld_bar)
    assert dist == sat_distance(rack, rising, unseen) == 1


def test_an_okey_rack_with_a_fake_okey() -> None:
    # indicator K12: the okey is K13, F plays as a plain K13, one K12 lies face up [R-INDICATOR]
    rules = Rules(indicator=parse_face("K12"), threshold=36)
    rack = parse_rack("K11 F R1", indicator=rules.indicator)
    unseen = unseen_tiles(rack, rules)
    dist, sweep = meld_distance(as_sweep(rack, unseen, 3), 36)
    assert dist == sat_distance(rack, rules, unseen) == 1
    assert sweep is not None
    faces, wild = meld_outs(sweep, 36, 1)
    assert wild  # an okey stands for K12
    assert parse_face("K12").index in faces
    assert dict(unseen.tiles)[Tile(parse_face("K12"))] == 1


def test_a_tile_with_both_copies_seen_is_never_an_out() -> None:
    rules = Rules(threshold=1)
    rack = parse_rack("R1 R2")
    seen = [Tile(parse_face("R3")), Tile(parse_face("R3"))]
    unseen = unseen_tiles(rack, rules, seen)
    dist, sweep = meld_distance(as_sweep(rack, unseen, 2), 1)
    assert dist is None  # two tiles laid at most: nothing can be added [R-KEEP-DISCARD]
    dist, sweep = meld_distance(as_sweep(rack, unseen, 3), 1)
    assert dist == 1 and sweep is not None
    faces, wild = meld_outs(sweep, 1, 1)
    assert parse_face("R3").index not in faces
    assert wild and not faces


def test_a_real_tile_is_preferred_to_a_joker_in_the_target() -> None:
    # `outs R1 R2 K9 --threshold 0`: R3 completes R1-R2-R3 as well as a joker does
    rack = parse_rack("R1 R2 K9")
    unseen = unseen_tiles(rack, Rules(threshold=0))
    dist, sweep = meld_distance(as_sweep(rack, unseen, 3), 0)
    assert dist == 1 and sweep is not None
    plan = meld_plan(sweep, 0, 1)
    assert [f.code for f in plan.placed] == ["R3"] and plan.wilds_placed == 0
    faces, wild = meld_outs(sweep, 0, 1)
    codes = {f"{COLOURS[i // 13].value}{i % 13 + 1}" for i in faces}
    assert codes == {"R3"} and wild  # R3 or a joker; nothing else completes a meld
