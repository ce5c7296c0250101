"""``rummy101 outs`` against an independent brute force [issue 8].

The brute force adds each possible drawn tile to the rack and asks
:mod:`exact_search` (plain Python, no CP-SAT) whether the rack then opens,
laying at most the tiles the rules allow [R-KEEP-DISCARD]. The unseen tiles
are recomputed here from the 106-tile set [R-TILES]. Racks are dealt with
``deal_racks`` (seed in every message, so a failure can be replayed);
thresholds are set near each rack's best opening so distances 0, 1 and 2 all
occur.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.engine.outs import (
    discard_table,
    rack_distance,
    rack_outs,
    read_seen,
    unseen_tiles,
)
from rummy101_solver.engine.pairs_distance import (
    Kind,
    pairs_distance,
)
from rummy101_solver.game.deal import TILE_SET, deal_racks
from rummy101_solver.game.parsing import RackError, parse_face, parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import ALL_FACES, WILD, Face, Rack, Tile

sys.path.insert(0, str(Path(__file__).parent))

from exact_search import best_melds, best_pairs

# --- the independent side --------------------------------------------------------------


def unseen_of(rack: Rack, seen: list[Tile]) -> Counter[Kind]:
    """Copies left per kind: 2 of each face and 2 jokers, minus rack and seen (classic)."""
    left: Counter[Kind] = Counter({f: 2 for f in ALL_FACES})
    left["wild"] = 2
    for tile in (*rack.tiles, *seen):
        left["wild" if tile.face is None else tile.face] -= 1
    return +left


def opens(counts: Counter[Face], wilds: int, kind: str, bar: int, max_laid: int) -> bool:
    """Whether the exact search finds an opening of ``kind`` meeting ``bar``."""
    search = best_melds if kind == "melds" else best_pairs
    best = search(counts, wilds, max_laid=max_laid)
    return best is not None and best[0] >= max(bar, 1)


def with_kind(counts: Counter[Face], wilds: int, kind: Kind) -> tuple[Counter[Face], int]:
    if kind == "wild":
        return counts, wilds + 1
    more = Counter(counts)
    more[kind] += 1
    return more, wilds


def single_draw_opens(
    rack: Rack, unseen: Counter[Kind], kind: str, bar: int, max_laid: int
) -> set[Kind]:
    """Every kind whose single draw lets the rack open (the brute force)."""
    return {
        k for k in unseen if opens(*with_kind(rack.face_counts, rack.wilds, k), kind, bar, max_laid)
    }


def rules_for(kind: str, bar: int) -> Rules:
    # the other kind's bar is set so that its own work stays small
    if kind == "melds":
        return Rules(threshold=bar, pairs_threshold=1)
    return Rules(threshold=1, pairs_threshold=bar)


def seen_for(rack: Rack, seed: int, count: int) -> list[Tile]:
    rest = Counter(TILE_SET)
    rest.subtract(Counter(rack.tiles))
    return random.Random(seed).sample(sorted(rest.elements(), key=lambda t: t.sort_key), count)


def kinds_of(outs: tuple[object, ...]) -> set[Kind]:
    return {"wild" if o.tile.face is None else o.tile.face for o in outs}  # type: ignore[attr-defined]


# --- distance 0 and 1 on dealt 21-tile racks -------------------------------------------


@pytest.mark.parametrize("with_seen", [False, True], ids=["no-seen", "seen"])
def test_distance_zero_and_one_against_brute_force(with_seen: bool) -> None:
    """Distance 0 iff the rack opens; 1 iff some single unseen tile opens it; the
    outs of distance-1 racks are exactly those tiles (every 4th rack checked in
    full); pairs on every rack [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD]."""
    checked = {0: 0, 1: 0, 2: 0}
    for seed in range(1000, 1100):
        rack = deal_racks(seed, 1, 21)[0]
        seen = seen_for(rack, seed, 14) if with_seen else []
        unseen = unseen_of(rack, seen)
        mine = unseen_tiles(rack, Rules(), seen)
        assert mine.counts == dict(unseen), seed
        best = best_melds(rack.face_counts, rack.wilds, max_laid=21)
        assert best is not None
        bar = max(1, best[0] + (-4, 0, 1, 1, 2, 6)[seed % 6])
        rules = Rules(threshold=bar)
        dist = rack_distance(rack, rules, "melds", unseen=unseen_tiles(rack, rules, seen))
        assert dist.status == "optimal", seed
        assert (dist.tiles == 0) == (best[0] >= bar), seed
        if dist.tiles == 1:
            # the target's missing tile opens the rack (and the rack alone does not)
            assert dist.target is not None and len(dist.target.missing) == 1, seed
            missing = dist.target.missing[0]
            kind: Kind = "wild" if missing.face is None else missing.face
            assert unseen[kind] > 0, seed
            assert opens(*with_kind(rack.face_counts, rack.wilds, kind), "melds", bar, 21), seed
        if seed % 8 == 0 or ((dist.tiles or 0) >= 2 and seed % 3 == 0):
            # the full brute force: every unseen kind drawn
            single = single_draw_opens(rack, unseen, "melds", bar, 21)
            assert (dist.tiles == 1) == (bool(single) and best[0] < bar), seed
            if dist.tiles == 1:
                _, _, outs = rack_outs(rack, rules, unseen=unseen_tiles(rack, rules, seen))
                assert kinds_of(outs.melds) == single, seed
                for out in outs.melds:
                    assert out.copies == unseen[kinds_of((out,)).pop()], seed
        checked[min(2, dist.tiles or 0)] += 1
        # pairs: the dynamic programme and the brute force, every rack
        pairs_bar = (4, 5, 6)[seed % 3]
        p_rules = Rules(pairs_threshold=pairs_bar)
        got = pairs_distance(rack.face_counts, rack.wilds, dict(unseen), p_rules, 21)
        p_zero = opens(rack.face_counts, rack.wilds, "pairs", pairs_bar, 21)
        p_single = single_draw_opens(rack, unseen, "pairs", pairs_bar, 21)
        assert (got == 0) == p_zero, seed
        assert (got == 1) == (not p_zero and bool(p_single)), seed
    assert checked[0] >= 15 and checked[1] >= 15, checked


# --- distance 2 on smaller racks --------------------------------------------------------


def test_distance_two_against_brute_force() -> None:
    """A claimed distance 2: no single draw opens the rack, the target's two
    missing tiles do; checked on 8-tile racks with a bar out of reach."""
    twos = 0
    for seed in range(2000, 2050):
        rack = deal_racks(seed, 1, 8)[0]
        best = best_melds(rack.face_counts, rack.wilds, max_laid=8)
        assert best is not None
        bar = best[0] + 30
        rules = Rules(threshold=bar)
        unseen = unseen_of(rack, [])
        dist = rack_distance(rack, rules, "melds")
        assert dist.tiles is not None and dist.tiles >= 1, seed
        single = single_draw_opens(rack, unseen, "melds", bar, 8)
        assert (dist.tiles == 1) == bool(single), seed
        if dist.tiles == 2:
            twos += 1
            assert dist.target is not None
            counts, wilds = rack.face_counts, rack.wilds
            for tile in dist.target.missing:
                counts, wilds = with_kind(counts, wilds, "wild" if tile.is_wild else tile.face)  # type: ignore[arg-type]
            assert opens(counts, wilds, "melds", bar, 8), seed
    assert twos >= 15


def test_outs_of_distance_two_racks_against_brute_force() -> None:
    """Every tile of a distance-2 rack: it is an out iff some second draw then
    opens (melds on 6-tile racks, pairs on dealt 21-tile racks)."""
    done = Counter[str]()
    for seed in range(3000, 3100):
        kind = "melds" if seed % 2 else "pairs"
        if done[kind] >= 2:
            continue
        size = 6 if kind == "melds" else 21
        rack = deal_racks(seed, 1, size)[0]
        search = best_melds if kind == "melds" else best_pairs
        best = search(rack.face_counts, rack.wilds, max_laid=size)
        assert best is not None
        bar = best[0] + (25 if kind == "melds" else 2)
        rules = rules_for(kind, bar)
        dist = rack_distance(rack, rules, kind)  # type: ignore[arg-type]
        if dist.tiles != 2:
            continue
        done[kind] += 1
        melds, pairs, outs = rack_outs(rack, rules)
        assert (melds if kind == "melds" else pairs).tiles == 2
        unseen = unseen_of(rack, [])
        expected = set()
        for k in unseen:
            if k == "wild" and rack.wilds == 2:
                continue
            after = Rack((*rack.tiles, WILD if k == "wild" else Tile(k)))  # type: ignore[arg-type]
            less = unseen.copy()
            less[k] -= 1
            if single_draw_opens(after, +less, kind, bar, size):
                expected.add(k)
        assert kinds_of(outs.of(kind)) == expected, seed  # type: ignore[arg-type]
    assert done == {"melds": 2, "pairs": 2}


# --- outs: copies, probabilities, the shortcut against the naive way -------------------


def test_outs_equal_the_naive_definition() -> None:
    """An out is a tile whose draw lowers the distance: rack_distance of rack +
    tile (with one copy fewer unseen) recomputed for every unseen kind."""
    for seed in (11, 12):
        rack = deal_racks(seed, 1, 10)[0]
        rules = Rules(threshold=45)
        melds, _, outs = rack_outs(rack, rules)
        assert melds.tiles is not None and melds.tiles >= 1
        naive = set()
        for tile, _copies in unseen_tiles(rack, rules).tiles:
            after = rack.with_tile(tile)
            d = rack_distance(after, rules, "melds", max_laid=len(rack))
            if d.tiles == melds.tiles - 1:
                naive.add(tile)
        assert {o.tile for o in outs.melds} == naive, seed


def test_copies_are_net_of_rack_and_seen_and_probabilities_sum() -> None:
    """Copies of an out subtract the rack's own and the seen copies; P = copies /
    unseen exactly; the union's probability is the sum over distinct outs."""
    rack = parse_rack("R1 R1 B2 B2 K3 K3 Y4 Y4 R7 B9")
    rules = Rules(threshold=20)
    seen = read_seen("B9 J", rack, rules)
    _, pairs, outs = rack_outs(rack, rules, unseen=unseen_tiles(rack, rules, seen))
    assert pairs.tiles == 1
    assert [(o.tile.code, o.copies) for o in outs.pairs] == [("R7", 1), ("J", 1)]
    assert outs.unseen == 106 - 10 - 2
    assert outs.probability("pairs") == Fraction(2, 94)
    assert outs.copies("any") == sum(o.copies for o in outs.any)
    assert outs.probability("any") == Fraction(outs.copies("any"), 94) <= 1


# --- named racks -----------------------------------------------------------------------

ONE_FROM_101 = "Y9 Y10 Y11 Y12 Y13 R10 R11 R13 B1 K2 Y3 R5 B6"


def test_one_tile_from_101_whose_only_out_is_a_joker() -> None:
    """Y9–Y13 (55) and R10 R11 _ R13 (46 with R12): with both R12 seen only a
    joker fills the gap: 1 tile away, one out, J with its 2 copies [R-WILD]."""
    rack = parse_rack(ONE_FROM_101)
    free, _, free_outs = rack_outs(rack, Rules())
    assert free.tiles == 1
    assert [(o.tile.code, o.copies) for o in free_outs.melds] == [("R12", 2), ("J", 2)]
    seen = read_seen("R12 R12", rack, Rules())
    melds, _, outs = rack_outs(rack, Rules(), unseen=unseen_tiles(rack, Rules(), seen))
    assert melds.tiles == 1
    assert [(o.tile.code, o.copies) for o in outs.melds] == [("J", 2)]
    assert outs.probability("melds") == Fraction(2, 106 - 13 - 2)
    assert melds.target is not None and [t.code for t in melds.target.missing] == ["J"]


def test_an_out_with_both_copies_seen_is_no_out_and_the_distance_rises() -> None:
    rack = parse_rack(ONE_FROM_101)
    seen = read_seen("R12 R12 J J", rack, Rules())
    melds, _, outs = rack_outs(rack, Rules(), unseen=unseen_tiles(rack, Rules(), seen))
    assert melds.tiles == 2
    assert {"R12", "J"}.isdisjoint(o.tile.code for o in outs.melds)
    assert all(o.copies > 0 for o in outs.melds)


def test_five_pairs_one_tile_away() -> None:
    """Four pairs and R7, B9: the second R7 or B9, or a joker, makes five [R-PAIR]."""
    rack = parse_rack("R1 R1 B2 B2 K3 K3 Y4 Y4 R7 B9")
    _, pairs, outs = rack_outs(rack, Rules(threshold=20))
    assert pairs.tiles == 1
    assert [(o.tile.code, o.copies) for o in outs.pairs] == [("R7", 1), ("B9", 1), ("J", 2)]
    assert outs.probability("pairs") == Fraction(4, 96)
    _, pairs, outs = rack_outs(rack, Rules(threshold=20, joker_pairs=False))
    assert [o.tile.code for o in outs.pairs] == ["R7", "B9"]


def test_indicator_the_okey_is_the_wild_out() -> None:
    """Indicator K5: the okey K6 is wild (written J), the fake okeys (F) play as
    K6, one K5 lies face up [R-INDICATOR]."""
    rules = Rules(indicator=parse_face("K5"))
    rack = parse_rack(ONE_FROM_101, indicator=rules.indicator)
    seen = read_seen("R12 R12", rack, rules)
    unseen = unseen_tiles(rack, rules, seen)
    assert unseen.total == 106 - 13 - 2 - 1
    assert unseen.copies(Tile(parse_face("K5"))) == 1
    assert unseen.copies(Tile(parse_face("K6"), fake=True)) == 2
    melds, _, outs = rack_outs(rack, rules, unseen=unseen)
    assert melds.tiles == 1
    assert [(o.tile.code, o.copies) for o in outs.melds] == [("J", 2)]
    # a fake okey plays as K6, never wild: K4 K5 F is a run
    rack = parse_rack("K4 K5 F R1", indicator=rules.indicator)
    dist = rack_distance(rack, Rules(indicator=rules.indicator, threshold=15), "melds")
    assert dist.tiles == 0
    # the fake okey is an out of its own, beside the okey: K4 K5 + K6 is 15
    rack = parse_rack("K4 K5 R1", indicator=rules.indicator)
    few = Rules(indicator=rules.indicator, threshold=15)
    melds, _, outs = rack_outs(rack, few)
    assert outs.unseen == 106 - 3 - 1
    assert [(o.tile.code, o.copies) for o in outs.melds] == [("F", 2), ("J", 2)]
    assert melds.target is not None and [t.code for t in melds.target.missing] == ["F"]
    with pytest.raises(RackError, match="indicator"):
        read_seen("K5", parse_rack("K5 R1", indicator=rules.indicator), rules)


# --- discard table ---------------------------------------------------------------------


def test_discard_rows_against_brute_force() -> None:
    """Each row's distance (0, 1 or more) recomputed with the exact search on
    the rack without that tile, on 50 dealt 8-tile racks (7 tiles laid at most);
    every fourth row also against every single draw (its outs)."""
    rows_checked = 0
    for seed in range(4000, 4050):
        rack = deal_racks(seed, 1, 8)[0]
        best = best_melds(rack.face_counts, rack.wilds, max_laid=7)
        assert best is not None
        bar = best[0] + (0, 3, 8)[seed % 3]
        rules = Rules(threshold=bar)
        table = discard_table(rack, rules)
        assert len(table) == len(set(rack.tiles))
        keys = [min(99 if d is None else d for d in (r.melds.tiles, r.pairs.tiles)) for r in table]
        assert keys == sorted(keys), seed
        unseen = unseen_of(rack, [])
        for place, row in enumerate(table):
            rest = list(rack.tiles)
            rest.remove(row.tile)
            short = Rack(tuple(rest))
            zero = opens(short.face_counts, short.wilds, "melds", bar, 7)
            assert (row.melds.tiles == 0) == zero, (seed, row.tile)
            assert row.melds.target is None  # a row names its outs, not one target
            if row.melds.tiles == 1:
                assert row.outs.melds, (seed, row.tile)
                for out in row.outs.melds:  # every out opens at once
                    got = with_kind(short.face_counts, short.wilds, out.tile.face or "wild")
                    assert opens(*got, "melds", bar, 7), (seed, row.tile, out.tile)
            if not zero and (seed + place) % 4 == 0:
                single = single_draw_opens(short, unseen, "melds", bar, 7)
                assert (row.melds.tiles == 1) == bool(single), (seed, row.tile)
                if row.melds.tiles == 1:
                    assert kinds_of(row.outs.melds) == single, (seed, row.tile)
            p_zero = opens(short.face_counts, short.wilds, "pairs", 5, 7)
            assert (row.pairs.tiles == 0) == p_zero, (seed, row.tile)
            rows_checked += 1
    assert rows_checked >= 250


def test_discard_table_equals_one_search_per_row() -> None:
    """The shared model gives what a separate search per discard gives (the naive
    way), on every row: rows at the rack's own distance and rows one further."""
    for seed, size, bar in [(21, 22, 60), (31, 10, 30), (33, 12, 50), (34, 10, 30)]:
        rack = deal_racks(seed, 1, size)[0]
        rules = Rules(threshold=bar)
        table = discard_table(rack, rules)
        unseen = unseen_tiles(rack, rules)
        assert len({row.melds.tiles for row in table}) >= 2 or seed == 21, seed
        rows = table if size < 22 else (*table[::3], *table[-2:])  # the worst rows last
        for row in rows:
            rest = list(rack.tiles)
            rest.remove(row.tile)
            short = Rack(tuple(rest))
            melds, pairs, outs = rack_outs(short, rules, unseen=unseen)
            assert (row.melds.tiles, row.pairs.tiles) == (melds.tiles, pairs.tiles), seed
            assert row.outs.melds == outs.melds and row.outs.pairs == outs.pairs, seed


# --- the command -----------------------------------------------------------------------


def run(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, ["outs", *args])
    return result.output, result.exit_code


def test_cli_text_and_exit_code_one() -> None:
    output, code = run(*ONE_FROM_101.split(), "--seen", "R12 R12")
    assert code == 1
    assert "Verdict: 1 tile away with melds; 1 out (2 tiles), 2.2 % next draw." in output
    assert "J=R12(draw)" in output


def test_seen_repeated_adds_its_tiles() -> None:
    """``--seen R12 --seen R12`` is ``--seen "R12 R12"``: each --seen adds its
    tiles (a player adds the discards one at a time; the last one alone was
    kept before, silently)."""
    once, code = run(*ONE_FROM_101.split(), "--seen", "R12 R12")
    twice, code2 = run(*ONE_FROM_101.split(), "--seen", "R12", "--seen", "R12")
    assert (twice, code2) == (once, code) and "Seen (2): R12 R12" in twice
    output, code = run("R3", "--seen", "R3", "--seen", "R3")
    assert code == 2
    assert "Error: 'R3': --seen tile 2: a third R3" in output


def test_cli_exit_zero_when_the_rack_opens() -> None:
    _, code = run("R10", "R11", "R12", "B11", "B12", "B13", "K10", "K11", "K12", "K13", "Y1")
    assert code == 0  # 115 points laying 10 of 11 tiles
    tiles = ["R10", "R11", "R12", "B11", "B12", "B13", "K10", "K11", "K12"]
    _, code = run(*tiles, "--threshold", "90")
    assert code == 0


def test_cli_json_shape() -> None:
    output, code = run(*ONE_FROM_101.split(), "--format", "json", "--turns", "5")
    data = json.loads(output)
    assert code == 1
    assert list(data) == ["rack", "seen", "unseen", "rules", "distance", "outs", "discards",
                          "draws", "open_within", "recommended_discard", "can_open"]  # fmt: skip
    assert data["distance"]["melds"]["tiles"] == 1
    assert data["distance"]["melds"]["missing"] == ["R12"]
    assert data["outs"]["melds"] == [
        {"tile": "R12", "copies": 2, "probability": "2/93", "percent": 2.15},
        {"tile": "J", "copies": 2, "probability": "2/93", "percent": 2.15},
    ]
    assert data["discards"] is None and data["draws"] is None
    # one tile away, 4 out tiles (R12 and J, 2 each) of 93 unseen: 1 - C(89, 5)/C(93, 5) [issue 29]
    assert data["open_within"] == {"turns": 5, "melds": 0.2013, "pairs": 0.0, "either": 0.2013}


def test_cli_discard_table_of_a_22_tile_rack() -> None:
    output, code = run(*ONE_FROM_101.split(), "B7", "K9", "Y1", "Y2", "R2", "K12", "B3", "R8",
                       "K1", "--format", "json")  # fmt: skip
    data = json.loads(output)
    assert code == 1
    rows = data["discards"]
    assert len(rows) == 22
    assert data["recommended_discard"] == rows[0]["tile"]
    assert rows[0]["distance"]["melds"] == 1
    assert data["outs"] == rows[0]["outs"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["R3", "R4", "--seen", "R3 R3"], "Error: 'R3': --seen tile 2: a third R3"),
        (["R3", "--seen", "J J J"], "Error: 'J': --seen tile 3: a third wild tile"),
        (["R3", "--seen", "R14"], "Error: 'R14': --seen tile 1: numbers run 1–13"),
        (["R3", "--draws", "1"], "Invalid value for '--draws'"),
        (["R1"] * 2 + ["B1"] * 21, "Error: 'B1' (tile 5): a third B1"),
    ],
)
def test_cli_bad_input(args: list[str], message: str) -> None:
    output, code = run(*args)
    assert code == 2
    assert message in output


def test_cli_draws_is_seeded_and_an_upper_bound() -> None:
    args = [*ONE_FROM_101.split(), "--draws", "3", "--samples", "40", "--format", "json"]
    first, _ = run(*args, "--seed", "5")
    again, _ = run(*args, "--seed", "5")
    assert first == again
    draws = json.loads(first)["draws"]
    assert draws["n"] == 3 and draws["samples"] == 40 and draws["upper_bound"] is True
    low, high = draws["interval"]
    assert 0 <= low <= draws["probability"] <= high <= 1
    assert draws["probability"] > 0  # 3 draws: R12 or a joker comes often enough


def test_batch_outs_and_verify_fields(tmp_path: Path) -> None:
    line = json.dumps({"rack": ONE_FROM_101, "seen": "R12 R12"})
    result = CliRunner().invoke(main, ["batch", "--outs", "--alternatives", "0"], input=line)
    record = json.loads(result.output)
    assert result.exit_code == 0
    assert record["outs"]["distance"]["melds"]["tiles"] == 1
    assert record["outs"]["outs"]["melds"] == [
        {"tile": "J", "copies": 2, "probability": "2/91", "percent": 2.2}
    ]
    fixture = tmp_path / "outs.jsonl"
    case = {"rack": ONE_FROM_101, "seen": "R12 R12",
            "expect": {"outs.distance.melds.tiles": 1, "outs.outs.melds.0.tile": "J"}}  # fmt: skip
    fixture.write_text(json.dumps(case) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(fixture)])
    assert result.exit_code == 0, result.output


def test_batch_outs_bad_seen_is_an_error_record() -> None:
    lines = "\n".join(
        [json.dumps({"rack": "R3 R4 R5", "seen": "R3 R3"}), json.dumps({"rack": "R3", "seen": 7})]
    )
    result = CliRunner().invoke(main, ["batch", "--outs", "--alternatives", "0"], input=lines)
    first, second = (json.loads(x) for x in result.output.splitlines())
    assert result.exit_code == 3
    assert first == {"line": 1, "error": "'R3': --seen tile 2: a third R3: the rack and the"
                     " tiles seen hold both copies already [R-TILES]"}  # fmt: skip
    assert second == {"line": 2, "error": "option 'seen': 7 is not a string of tiles"}


def test_rising_bar_raises_the_distance() -> None:
    """After a 101 opening the bar is 102 [R-RISING]: 101 exactly is no longer enough."""
    rack = parse_rack(ONE_FROM_101 + " R12")
    assert rack_distance(rack, Rules(), "melds").tiles == 0
    assert rack_distance(rack, Rules(after=101), "melds").tiles == 1
    output, code = run(*ONE_FROM_101.split(), "R12", "--after", "101", "--format", "json")
    assert code == 1
    assert json.loads(output)["rules"]["meld_bar"] == 102


def test_a_tiny_time_limit_cuts_nothing() -> None:
    # the trial's rack, whose pairs search CP-SAT once cut at a tiny time limit: the
    # sweep and the pairs dynamic programmes are never cut, so the answer with 1e-9 s
    # is the whole one, proven, outs complete [issue 17, R-OPEN-MELDS, R-OPEN-PAIRS]
    rack = parse_rack("R5 R6 R8 R10 B1 B2 B9 B11 B12 B13 K2 K2 K4 K7 K10 Y4 Y5 Y5 Y6 Y8 Y13")
    cut = rack_outs(rack, Rules(), time_limit=1e-9)
    melds, pairs, found = cut
    assert (melds.status, melds.tiles) == ("optimal", 2)
    assert (pairs.status, pairs.tiles) == ("optimal", 3)
    assert pairs.target is not None and [t.code for t in pairs.target.missing] == [
        "B12", "B13", "Y13"
    ]  # fmt: skip
    assert found.complete is True
    assert cut == rack_outs(rack, Rules(), time_limit=60)
    # a pairs out: a single held tile (its one unseen copy) or a joker [R-PAIR]
    singles = [t.code for t in rack.tiles if rack.tiles.count(t) == 1]
    assert [o.tile.code for o in found.pairs] == [*singles, "J"]


def test_time_limit_is_accepted_and_cuts_no_row() -> None:
    # seed 1's 22 tiles once ran into the default 10 s limit, a cut row printing
    # '-' ("out of reach"); now --time-limit 0.001 gives the same bytes as the
    # default, and every status in the JSON is "optimal" or "none" [issue 17]
    rack = deal_racks(1, 1, 22)[0].codes
    fast = run(*rack, "--time-limit", "0.001")
    assert fast == run(*rack) and fast[1] == 1
    assert "Verdict: 2 tiles away with melds; 7 outs (14 tiles), 16.7 % next draw;" in fast[0]
    text, _ = run(*rack, "--time-limit", "0.001", "--format", "json")
    data = json.loads(text)
    assert [d["status"] for d in data["distance"].values()] == ["optimal", "optimal"]
    statuses = {s for row in data["discards"] for s in row["status"].values()}
    assert statuses == {"optimal"} and len(data["discards"]) == 20
    assert all(row["outs"]["complete"] for row in data["discards"])


def test_a_bad_seen_token_is_named_as_a_seen_tile() -> None:
    rack = parse_rack("R1 R2")
    with pytest.raises(RackError) as err:
        read_seen("R3 XX", rack, Rules())
    assert str(err.value).startswith("'XX': --seen tile 2: not a tile;")


def test_a_bar_of_zero_says_something_must_be_laid() -> None:
    """A bar of 0 still asks for a meld or a pair laid [R-OPEN-MELDS,
    R-OPEN-PAIRS]: the distance counts to one, and the header says so
    (it said "needs 0 pairs" while counting to one pair)."""
    output, code = run("R1", "R2", "R3", "B5", "B6", "K9", "--threshold", "0",
                       "--pairs-threshold", "0")  # fmt: skip
    assert code == 0
    lines = output.splitlines()
    assert "Distance with melds (needs a meld laid): 0 tiles (optimal); missing: nothing" in lines
    assert "Distance with pairs (needs a pair laid): 1 tile (optimal); missing: K9" in lines
