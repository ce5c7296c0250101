"""simulate: the exact shortcuts against the solver, the figures against
``analyse`` rack by rack, intervals and percentiles, determinism (any --jobs,
any chunking), variants, the distance hook, --plot and bench --simulate.

The Dask runs (``--scheduler``) are in ``test_simulate_dask.py``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.engine.simulate import (
    DEFAULT_STATISTICS,
    DISTANCE_STATISTICS,
    OUT_OF_REACH,
    Variant,
    _percent,
    distance_figures,
    opening_figures,
    pairs_count,
    percentile,
    simulate,
    simulation_json,
    simulation_text,
    start_guess,
    stranded_tiles,
    wilson_interval,
)
from rummy101_solver.engine.solver import analyse, best_openings, one_turn_finish
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.parsing import parse_face, parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Rack

sys.path.insert(0, str(Path(__file__).parent))

from test_optimality import _built_rack, _finish_rack


def invoke(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


# --- the exact shortcuts against the solver ----------------------------------------

PAIR_RACKS = (
    deal_racks(100, 60, 21)
    + deal_racks(200, 40, 22)
    + deal_racks(300, 30, 9)
    + [_finish_rack(400 + i, 21, pairs=True) for i in range(60)]
    + [_finish_rack(500 + i, 16, pairs=True) for i in range(30)]
    + [_built_rack(600 + i, 22) for i in range(20)]
    + [
        parse_rack("R7 R7 J J B1"),  # two jokers, one single: R7 R7 + B1 J
        parse_rack("R7 R7 J J"),  # no single: R7 J + R7 J
        parse_rack("R7 R7 B2 B2 J"),  # one joker on a real pair adds nothing
        parse_rack("J J"),  # two jokers are no pair
    ]
)


@pytest.mark.parametrize("keep", [0, 1, 2, 5])
@pytest.mark.parametrize("joker_pairs", [True, False])
def test_pairs_count_equals_the_solver(keep: int, joker_pairs: bool) -> None:
    # 240 racks x 8 rule sets: the closed form is the CP-SAT optimum [R-PAIR, R-KEEP-DISCARD]
    rules = Rules(keep=keep, joker_pairs=joker_pairs)
    for rack in PAIR_RACKS:
        expected = best_openings(rack, rules, "pairs")[0].count
        got = pairs_count(rack, joker_pairs=joker_pairs, max_laid=len(rack) - keep)
        assert got == expected, (rack.codes, keep, joker_pairs)


def test_pairs_count_hand_made() -> None:
    assert pairs_count(parse_rack("R7 R7 J J B1"), joker_pairs=True, max_laid=4) == 2
    assert pairs_count(parse_rack("R7 R7 J J"), joker_pairs=True, max_laid=3) == 1
    assert pairs_count(parse_rack("R7 R7 J J"), joker_pairs=True, max_laid=4) == 2
    assert pairs_count(parse_rack("R7 R7 J J"), joker_pairs=False, max_laid=4) == 1
    assert pairs_count(parse_rack("R7 R7 B2 B2 J"), joker_pairs=True, max_laid=4) == 2
    assert pairs_count(parse_rack("J J"), joker_pairs=True, max_laid=2) == 0


def test_stranded_tiles_counts_tiles_no_meld_can_hold() -> None:
    assert stranded_tiles(parse_rack("R1 R2 R3 B9 K11")) == 2
    assert stranded_tiles(parse_rack("R1 R2 R3 B9 B10 K11 J")) == 1  # B9 B10 J; K11 alone
    assert stranded_tiles(parse_rack("R1 R2 R3 B9 K11 J J")) == 0  # B9 J J, K11 J J
    assert stranded_tiles(parse_rack("R5 B5 K5 R5")) == 0


FINISH_RACKS = (
    [_finish_rack(700 + i, 21, pairs=True) for i in range(25)]
    + [_finish_rack(800 + i, 21, pairs=False) for i in range(20)]
    + [_finish_rack(900 + i, 22, pairs=False) for i in range(15)]
    + [_finish_rack(1000 + i, 15, pairs=True) for i in range(15)]
)


def test_finish_racks_do_finish() -> None:
    # these racks exercise the one-turn shortcuts both ways (dealt racks never finish)
    finishes = Counter(one_turn_finish(r, Rules()).possible for r in FINISH_RACKS)
    assert finishes[True] >= 60
    assert finishes[False] >= 5


RULE_SETS = {
    "classic": {},
    "threshold-40": {"threshold": 40, "pairs_threshold": 3},
    "no-joker-pairs": {"joker_pairs": False},
    "keep-0": {"keep": 0},
    "keep-2": {"keep": 2},
    "after-110": {"after": 110},
    "one-turn-any-value": {"one_turn_any_value": True},
}
DEALT_RACKS = deal_racks(1, 25, 21) + deal_racks(70001, 15, 22)


def _expected(rack: Rack, rules: Rules) -> dict[str, int]:
    """What ``solve`` reports, in the statistics' terms."""
    found = analyse(rack, rules, alternatives=0)
    value = found.melds.value
    if rules.objective == "penalty":  # the value statistic is the highest value
        value = analyse(rack, replace(rules, objective="value"), alternatives=0).melds.value
    return {
        "meld_value": value,
        "open_melds": int(found.melds.meets_threshold),
        "pairs": found.pairs.count,
        "open_pairs": int(found.pairs.meets_threshold),
        "open_either": int(found.can_open),
        "one_turn": int(found.one_turn.possible),
        "unproven": 0,
    }


@pytest.mark.parametrize(("i", "name"), list(enumerate(RULE_SETS)))
def test_opening_figures_equal_solve(i: int, name: str) -> None:
    # 65 racks per rule set: 40 dealt, 25 built to (nearly) finish in one turn
    # (a third of FINISH_RACKS each, so every one is checked under two rule sets)
    rules = Rules(**RULE_SETS[name])
    for rack in DEALT_RACKS + FINISH_RACKS[i % 3 :: 3]:
        assert opening_figures(rack, rules, 10.0) == _expected(rack, rules), rack.codes


def test_one_turn_any_value_is_not_refused_for_a_low_value() -> None:
    # a finish below the bar stands under the house rule [R-ONE-TURN-ANY-VALUE]:
    # the quick refusal by the best meld value must not apply
    rules = Rules(one_turn_any_value=True)
    low = parse_rack("R1 R2 R3 B1 B2 B3 K5 K6 K7 Y9")
    assert opening_figures(low, rules, 10.0)["one_turn"] == 1
    assert opening_figures(low, Rules(), 10.0)["one_turn"] == 0
    for rack in FINISH_RACKS:
        assert opening_figures(rack, rules, 10.0) == _expected(rack, rules), rack.codes


def test_opening_figures_ignore_the_objective() -> None:
    rules = Rules(objective="penalty", threshold=60)
    for rack in DEALT_RACKS[:20] + FINISH_RACKS[::5]:
        assert opening_figures(rack, rules, 10.0) == _expected(rack, rules), rack.codes


def test_opening_figures_okey_variant() -> None:
    for seed in range(2000, 2060):
        indicator, rack = deal_indicator_rack(seed, 21)
        rules = Rules(indicator=indicator)
        assert opening_figures(rack, rules, 10.0) == _expected(rack, rules), seed


# --- intervals and percentiles ---------------------------------------------------------


def test_wilson_interval_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert round(high, 4) == 0.2775  # z² / (n + z²)
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(162, 1000)
    assert (round(low, 4), round(high, 4)) == (0.1405, 0.1861)
    assert wilson_interval(10, 10)[1] == 1.0


def test_percentile_is_nearest_rank() -> None:
    histogram = {0: 1, 10: 3, 20: 5, 90: 1}  # 10 values
    assert [percentile(histogram, p) for p in (10, 50, 90, 99)] == [0, 20, 20, 90]
    assert percentile({7: 1}, 99) == 7
    with pytest.raises(ValueError, match="empty"):
        percentile({}, 50)


# --- simulations ---------------------------------------------------------------------------

VARIANTS = [
    Variant("classic"),
    Variant("low", "--threshold 81", Rules(threshold=81)),
    Variant("nojp", "--no-joker-pairs", Rules(joker_pairs=False)),
    Variant("okey", "--indicator random", Rules(), random_indicator=True),
    Variant("k13", "--indicator K13", Rules(indicator=parse_face("K13"))),
]


def test_simulation_tallies_the_dealt_racks() -> None:
    sim = simulate(40, 11, 21, VARIANTS, chunk_size=15)
    classic, low, nojp, okey, k13 = sim.variants
    racks = deal_racks(11, 40, 21)  # what 'rummy101 deal --seed 11 --count 40 --size 21' prints
    found = [analyse(r, alternatives=0) for r in racks]
    assert classic.histogram("meld_value") == dict(
        sorted(Counter(a.melds.value for a in found).items())
    )
    assert classic.count("open_melds") == sum(a.melds.meets_threshold for a in found)
    assert classic.histogram("pairs") == dict(sorted(Counter(a.pairs.count for a in found).items()))
    assert low.histogram("meld_value") == classic.histogram("meld_value")  # same racks
    assert low.count("open_melds") == sum(a.melds.value >= 81 for a in found)
    no_jp = [analyse(r, Rules(joker_pairs=False), alternatives=0).pairs.count for r in racks]
    assert nojp.histogram("pairs") == dict(sorted(Counter(no_jp).items()))
    dealt = [deal_indicator_rack(seed, 21) for seed in range(11, 51)]
    values = [analyse(r, Rules(indicator=i), alternatives=0).melds.value for i, r in dealt]
    assert okey.histogram("meld_value") == dict(sorted(Counter(values).items()))
    k13_face = parse_face("K13")
    dealt = [deal_indicator_rack(seed, 21, indicator=k13_face) for seed in range(11, 51)]
    assert all(i == k13_face for i, _ in dealt)
    values = [analyse(r, Rules(indicator=k13_face), alternatives=0).melds.value for _, r in dealt]
    assert k13.histogram("meld_value") == dict(sorted(Counter(values).items()))


def test_chunking_and_processes_do_not_change_the_figures() -> None:
    base = simulation_json(simulate(30, 5, 22, VARIANTS[:2], chunk_size=30))
    assert simulation_json(simulate(30, 5, 22, VARIANTS[:2], chunk_size=7)) == base
    with ProcessPoolExecutor(max_workers=2) as pool:
        sim = simulate(30, 5, 22, VARIANTS[:2], chunk_size=4, executor=pool)
    assert simulation_json(sim) == base


def test_progress_reports_every_deal() -> None:
    seen: list[int] = []
    simulate(25, 1, 21, VARIANTS[:1], chunk_size=10, progress=seen.append)
    assert seen == [10, 10, 5]


# the distance hook: a statistic with distance_* names becomes the distance table
def fake_distance(rack: Rack, rules: Rules, time_limit: float) -> dict[str, int]:
    pairs = -1 if rack.wilds == 2 else rack.wilds  # -1: out of reach
    return {"distance_melds": len(rack) % 2, "distance_pairs": pairs, "distance_unproven": 0}


def test_distance_statistics_are_shown() -> None:
    stats = (*DEFAULT_STATISTICS, fake_distance)
    sim = simulate(20, 1, 21, VARIANTS[:1], statistics=stats)
    wilds = Counter(r.wilds for r in deal_racks(1, 20, 21))
    assert wilds[2] > 0
    distance = simulation_json(sim)["variants"][0]["distance"]
    assert distance["melds"] == [
        {"distance": 1, "count": 20, "share": 1.0, "interval": [0.8389, 1.0]}
    ]
    expected = [(0, wilds[0]), (1, wilds[1]), (None, wilds[2])]
    assert [(d["distance"], d["count"]) for d in distance["pairs"]] == expected
    assert distance["unproven"] == 0
    rows = {line[:20].strip(): line[20:].strip() for line in simulation_text(sim).splitlines()}
    assert rows["melds: distance 1"] == "100.0 % (83.9–100.0)"
    assert rows["pairs: distance 0"] == _percent(wilds[0], 20)
    assert rows["pairs: out of reach"] == _percent(wilds[2], 20)
    plain = simulation_json(simulate(20, 1, 21, VARIANTS[:1]))
    assert plain["variants"][0]["distance"] is None


# the real distance statistic: what 'outs' gives, rack by rack [R-OPEN-MELDS, R-OPEN-PAIRS]
DISTANCE_CASES = [
    *((r, Rules()) for r in deal_racks(70, 8, 21)),
    *((r, Rules()) for r in deal_racks(80, 3, 22)),
    *((r, Rules(threshold=81, joker_pairs=False)) for r in deal_racks(90, 3, 21)),
    *((r, Rules(after=130)) for r in deal_racks(95, 2, 21)),
    *((r, Rules(indicator=i)) for i, r in (deal_indicator_rack(s, 21) for s in (7, 8, 9))),
    *((r, Rules()) for r in deal_racks(99, 3, 7)),  # 5 pairs need 10 tiles: out of reach
    (parse_rack("R1 R2 R3 B4 B5 B6 K7 K8 K9 Y10 Y11 Y12 R13 B13 K13 J"), Rules()),
]


def test_distance_figures_equal_rack_distance() -> None:
    from rummy101_solver.engine.outs import rack_distance

    kinds: Counter[tuple[str, int]] = Counter()
    for rack, rules in DISTANCE_CASES:
        found = distance_figures(rack, rules, 10.0)
        for kind in ("melds", "pairs"):
            want = rack_distance(rack, rules, kind, time_limit=10.0)
            assert want.status != "feasible" and want.proven_none
            tiles = OUT_OF_REACH if want.tiles is None else want.tiles
            assert found[f"distance_{kind}"] == tiles, (rack.codes, rules, kind)
            kinds[(kind, tiles)] += 1
        assert found["distance_unproven"] == 0
    # the cases reach distance 0, 1, 2 and out of reach
    assert {("melds", 0), ("melds", 1), ("melds", 2), ("pairs", OUT_OF_REACH)} <= set(kinds)


def test_distance_option_same_bytes_for_any_jobs() -> None:
    args = ["simulate", "--deals", "12", "--seed", "40", "--distance", "--format", "json"]
    one, code = invoke(*args)
    assert code == 0
    two, code = invoke(*args, "--jobs", "2")
    assert code == 0
    assert one == two
    distance = json.loads(one)["variants"][0]["distance"]
    figures = [distance_figures(r, Rules(), 10.0) for r in deal_racks(40, 12, 21)]
    for kind in ("melds", "pairs"):
        tally = Counter(f[f"distance_{kind}"] for f in figures)
        got = {d["distance"]: d["count"] for d in distance[kind]}
        assert got == {None if d == OUT_OF_REACH else d: n for d, n in tally.items()}
    assert distance["unproven"] == 0
    text, code = invoke("simulate", "--deals", "12", "--seed", "40", "--distance")
    common, racks = Counter(f["distance_melds"] for f in figures).most_common(1)[0]
    assert f"melds: distance {common}  {_percent(racks, 12)}" in text
    assert DISTANCE_STATISTICS[-1] is distance_figures


# --- the command ---------------------------------------------------------------------------

SMALL = ["simulate", "--deals", "60", "--seed", "3", "--variant", "classic=",
         "--variant", "low=--threshold 81"]  # fmt: skip


def test_json_output_fields_and_values() -> None:
    out, code = invoke(*SMALL, "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["deals", "seed", "rack_size", "interval", "variants"]
    assert (data["deals"], data["seed"], data["rack_size"]) == (60, 3, 21)
    classic, low = data["variants"]
    assert list(classic) == [
        "name", "options", "rules", "open_melds", "open_pairs", "open_either",
        "one_turn_finish", "value_percentiles", "value_histogram", "pairs_percentiles",
        "pairs_histogram", "distance", "unproven",
    ]  # fmt: skip
    assert (classic["name"], classic["options"], low["options"]) == (
        "classic",
        "",
        "--threshold 81",
    )
    assert low["rules"]["meld_bar"] == 81
    racks = deal_racks(3, 60, 21)
    found = [analyse(r, alternatives=0) for r in racks]
    opens = sum(a.melds.meets_threshold for a in found)
    low_opens = sum(a.melds.value >= 81 for a in found)
    assert classic["open_melds"]["count"] == opens
    assert classic["open_melds"]["share"] == round(opens / 60, 4)
    assert low["open_melds"]["count"] == low_opens > opens
    values = sorted(a.melds.value for a in found)
    assert classic["value_percentiles"] == {
        "10": values[5], "50": values[29], "90": values[53], "99": values[59]
    }  # fmt: skip
    assert sum(classic["value_histogram"].values()) == 60
    assert classic["unproven"] == 0


def test_text_output_names_the_figures() -> None:
    out, code = invoke(*SMALL)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        "60 dealt racks of 21 tiles (seeds 3–62); shares with 95 % Wilson intervals;"
        " percentiles 10 / 50 / 90 / 99."
    )
    assert any(line.startswith("opens with melds") for line in lines)
    assert "Best meld value (points), share of racks:" in lines
    assert "Pairs, share of racks:" in lines


def test_same_seed_same_bytes_for_any_jobs() -> None:
    args = ["simulate", "--deals", "150", "--seed", "9", "--variant", "classic=",
            "--variant", "okey=--indicator random", "--format", "json"]  # fmt: skip
    one, code = invoke(*args)
    assert code == 0
    two, code = invoke(*args, "--jobs", "2")
    assert code == 0
    assert one == two


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ("x=--thresold 5", "variant 'x': No such option '--thresold'."),
        ("x=R3", "variant 'x': 'R3' is not an option; the racks are dealt"),
        ("x=--take R6", "variant 'x': --take does not apply: every deal is a new rack"),
        ("x=--alternatives 2", "variant 'x': --alternatives does not apply"),
        ("x=--format json", "variant 'x': --format does not apply here"),
        ("x=--help", "variant 'x': No such option '--help'"),
        ("x=--indicator R14", "variant 'x': 'R14': --indicator: numbers run 1–13"),
        ("x=--threshold -3", "variant 'x': Invalid value for '--threshold': -3"),
        ("x='--threshold 5", "variant 'x': No closing quotation"),
        ("=--threshold 5", "--variant '=--threshold 5': give NAME=OPTIONS"),
        ("low", "--variant 'low': give NAME=OPTIONS, e.g. low='--threshold 81' or classic="),
    ],
)
def test_bad_variant_is_exit_2_naming_it(variant: str, message: str) -> None:
    out, code = invoke("simulate", "--deals", "1", "--variant", variant)
    assert code == 2
    assert out.startswith(f"Error: {message}")
    assert len(out.splitlines()) == 1


def test_variant_names_are_unique() -> None:
    out, code = invoke("simulate", "--deals", "1", "--variant", "a=", "--variant", "a=--rising")
    assert (code, out) == (2, "Error: variant 'a' is named twice; give each variant its own name\n")


def test_every_rule_option_reaches_the_variant() -> None:
    from rummy101_solver.cli.simulate import parse_variant

    variant = parse_variant(
        "v=--threshold 90 --pairs-threshold 4 --rising --after 95 --after-pairs 4"
        " --no-joker-pairs --keep 2 --objective penalty --time-limit 5 --indicator b5"
    )
    assert variant.rules == Rules(
        threshold=90, pairs_threshold=4, after=95, after_pairs=4, keep=2,
        indicator=parse_face("B5"), objective="penalty", joker_pairs=False,
        rising_mode=True,
    )  # fmt: skip
    assert (variant.time_limit, variant.random_indicator) == (5.0, False)
    okey = parse_variant("okey=--indicator RANDOM")
    assert (okey.random_indicator, okey.rules.indicator) == (True, None)


def test_one_turn_is_not_applicable_once_someone_opened() -> None:
    out, code = invoke("simulate", "--deals", "3", "--variant", "late=--after 120",
                       "--format", "json")  # fmt: skip
    assert code == 0
    (late,) = json.loads(out)["variants"]
    assert late["one_turn_finish"] is None
    assert late["rules"]["meld_bar"] == 121


def test_scheduler_with_jobs_is_refused() -> None:
    out, code = invoke("simulate", "--deals", "1", "--jobs", "2", "--scheduler", "tcp://x:1")
    assert code == 2
    assert out == (
        "Error: --jobs and --scheduler exclude each other: the cluster's workers do the work\n"
    )


def test_scheduler_without_dask_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    for command in (["simulate", "--deals", "1"], ["batch"]):
        out, code = invoke(*command, "--scheduler", "tcp://127.0.0.1:8786")
        assert (code, out) == (
            2, "Error: --scheduler needs Dask, which is not installed: pip install"
            " 'dask[distributed]' (or, in a checkout of rummy101-solver:"
            ' pip install -e ".[dask]")\n'

        )  # fmt: skip


# --- --plot ----------------------------------------------------------------------------------


def test_plot_svg_is_deterministic_and_png_is_a_png(tmp_path: Path) -> None:
    first, second, png = tmp_path / "a.svg", tmp_path / "b.svg", tmp_path / "c.PNG"
    for path in (first, second, png):
        out, code = invoke(*SMALL, "--plot", str(path))
        assert code == 0, out
    text = first.read_text(encoding="utf-8")
    assert first.read_bytes() == second.read_bytes()
    assert "60 dealt racks of 21 tiles" in text
    assert "<dc:date>" not in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_needs_png_or_svg(tmp_path: Path) -> None:
    out, code = invoke("simulate", "--deals", "1", "--plot", str(tmp_path / "odds.pdf"))
    assert code == 2
    assert out.endswith("odds.pdf': the file name ends in .png or .svg\n")


def test_plot_without_matplotlib_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out, code = invoke("simulate", "--deals", "1", "--plot", str(tmp_path / "odds.png"))
    assert (code, out) == (
        2,
        "Error: --plot needs matplotlib, which is not installed: pip install matplotlib"
        ' (or, in a checkout of rummy101-solver: pip install -e ".[plot]")\n',
    )
    assert not (tmp_path / "odds.png").exists()


def test_bench_simulate_reports_deals_per_second() -> None:
    out, code = invoke("bench", "--racks", "1", "--batch-racks", "0", "--simulate", "30",
                       "--jobs", "1")  # fmt: skip
    assert code == 0
    plain, distance = out.splitlines()[-2:]
    assert plain.startswith("simulate: 30 deals of 22 tiles, classic rules, --jobs 1: ")
    assert distance.startswith(
        "simulate --distance: 30 deals of 22 tiles, classic rules, --jobs 1: "
    )
    assert " deals/s; " in plain and " deals/s; " in distance
    assert plain.endswith("x the anchor per deal") and distance.endswith("x the anchor per deal")


def _no_dealing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("dealt before the --plot path was checked")

    # the module (the package's attribute 'simulate' is the API function)
    monkeypatch.setattr(sys.modules["rummy101_solver.engine.simulate"], "simulate", refuse)


def test_plot_path_that_cannot_be_written_stops_before_dealing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _no_dealing(monkeypatch)
    monkeypatch.chdir(tmp_path)
    missing = Path("nowhere", "x.png")
    out, code = invoke("simulate", "--deals", "20000", "--plot", str(missing))
    assert (code, out) == (
        2,
        f"Error: --plot '{missing}': cannot write: its folder does not exist\n",
    )
    Path("file").write_text("x")
    under_file = Path("file", "x.png")
    out, code = invoke("simulate", "--plot", str(under_file))
    assert (code, out) == (
        2,
        f"Error: --plot '{under_file}': cannot write: its folder is a file\n",
    )
    folder = Path("d.svg")
    folder.mkdir()
    out, code = invoke("simulate", "--plot", str(folder))
    assert (code, out) == (2, f"Error: --plot '{folder}': cannot write: it is a folder\n")


def test_plot_file_or_folder_without_write_permission_says_cannot_write(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _no_dealing(monkeypatch)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("os.access", lambda path, mode: False)  # root may write anything
    existing = Path("old.png")
    existing.write_bytes(b"")
    out, code = invoke("simulate", "--plot", str(existing))
    assert (code, out) == (2, f"Error: --plot '{existing}': cannot write: Permission denied\n")
    out, code = invoke("simulate", "--plot", "new.png")
    assert (code, out) == (
        2,
        "Error: --plot 'new.png': cannot write: its folder is not writable\n",
    )


def test_unseen_counts_equal_unseen_tiles_on_dealt_racks() -> None:
    """``simulate --distance``'s fast unseen copies are ``unseen_tiles``'
    [R-TILES, R-INDICATOR]: classic, a fixed and a per-deal indicator."""
    from rummy101_solver.engine.outs import unseen_counts, unseen_tiles
    from rummy101_solver.game.deal import deal_rack

    checked = 0
    for seed in range(1, 101):
        size = 21 + seed % 2
        ind, okey = deal_indicator_rack(seed, size)
        fixed = parse_face("K12")
        _, k12 = deal_indicator_rack(seed, size, indicator=fixed)
        for rack, rules in (
            (deal_rack(seed, size), Rules()),
            (okey, replace(Rules(), indicator=ind)),
            (k12, replace(Rules(), indicator=fixed)),
        ):
            want = unseen_tiles(rack, rules).counts
            assert unseen_counts(rack, rules) == want, (seed, rack.codes)
            assert sum(want.values()) == 106 - size - (rules.indicator is not None)
            checked += 1
    assert checked == 300


def test_start_guess_values() -> None:
    assert [start_guess(s) for s in (-5, 0, 1, 35, 36, 80, 81, 105, 106)] == [
        0, 0, 1, 1, 2, 2, 3, 3, 4,
    ]  # fmt: skip


@pytest.mark.parametrize("size", [21, 22])
def test_meld_distance_is_the_same_from_any_start(size: int) -> None:
    """The start of the meld distance's sweep is speed alone: from 0, from the
    guess and from two above the distance the answer is the same, and
    ``distance_figures`` gives it (distances 0 to 4 among these racks)."""
    from rummy101_solver.engine.outs import laid_bound, unseen_counts
    from rummy101_solver.engine.sweep import meld_distance, sweep_rack

    rules = Rules()
    seen: Counter[int | None] = Counter()
    for rack in deal_racks(700 + size, 60, size):
        sr = sweep_rack(rack.face_counts, rack.wilds, unseen_counts(rack, rules), laid_bound(size))
        d, _ = meld_distance(sr, 101)
        for start in (1, 2, 3) if d is None else (1, d, d + 1, d + 2):
            assert meld_distance(sr, 101, start=start)[0] == d, (rack.codes, start)
        assert distance_figures(rack, rules, 10.0)["distance_melds"] == d
        seen[d] += 1
    assert {0, 1, 2, 3} <= set(seen), seen


def test_indicator_deal_is_random_per_deal_as_with_rounds() -> None:
    """``--indicator deal`` (the --rounds keyword) means ``random`` for deals too:
    it was refused as "not a tile" (new user's trial)."""
    out = CliRunner().invoke(
        main,
        ["simulate", "--deals", "30", "--format", "json",
         "--variant", "a=--indicator deal", "--variant", "b=--indicator random"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    a, b = json.loads(out.output)["variants"]
    assert a["open_melds"] == b["open_melds"] and a["pairs_histogram"] == b["pairs_histogram"]
    assert a["open_melds"]["count"] == 5
