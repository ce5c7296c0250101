"""``outs --draws``: the real turn (following the discard table) beside the
keep-everything bound [R-KEEP-DISCARD, R-OPEN-MELDS, R-OPEN-PAIRS, issue 17].

Exact values come from racks whose unseen tiles are cut down with ``--seen``
to a handful, so every order of draws can be played out and counted; the
Monte Carlo estimates are then checked against those counts.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from click.testing import CliRunner

from rummy101_solver.api import BadInputError
from rummy101_solver.api import outs as api_outs
from rummy101_solver.cli import main
from rummy101_solver.engine.candidates import meld_patterns
from rummy101_solver.engine.model import PackingProblem, solve_packings
from rummy101_solver.engine.outs import (
    DEFAULT_ADVICE_SAMPLES,
    DEFAULT_SAMPLES,
    _Opener,
    can_open_with,
    discard_table,
    draw_odds,
    follow_advice,
    full_set,
    rack_outs,
    unseen_tiles,
)
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.parsing import parse_rack, read_tiles
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import WILD_TILES, Rack, Tile, sort_tiles


def tiles(text: str) -> list[Tile]:
    return [t for _, t in read_tiles(text)]


def seen_but(rack: Rack, pool: list[Tile], rules: Rules) -> list[Tile]:
    """Every tile of the set but the rack and ``pool``: seen, so ``pool`` is all that is unseen."""
    rest = full_set(rules)
    rest.subtract(Counter(rack.tiles))
    rest.subtract(Counter(pool))
    return list(sort_tiles(rest.elements()))


# --- the opening test: the sweep against CP-SAT -------------------------------------------


def can_open_sat(rack: Rack, rules: Rules, max_laid: int) -> bool:
    """The opening test as it was before the sweep: pairs by their dynamic
    programme, melds by a CP-SAT packing meeting the bar."""
    from rummy101_solver.engine.outs import pairs_distance

    counts = rack.face_counts
    if pairs_distance(counts, min(rack.wilds, WILD_TILES), {}, rules, max_laid) == 0:
        return True
    problem = PackingProblem(
        patterns=meld_patterns(counts, rack.wilds),
        counts=counts,
        wilds=rack.wilds,
        max_laid=max_laid,
        min_score=max(1, rules.meld_bar),
    )
    return solve_packings(problem)[0].status in ("optimal", "feasible")


def test_can_open_with_equals_cp_sat_on_seeded_racks() -> None:
    """Dealt 21-tile racks plus 1–8 drawn tiles, classic and with an
    indicator, bars 101, 81 and rising: 0 mismatches, both answers occur."""
    rng = random.Random(17)
    answers: Counter[bool] = Counter()
    for seed in range(40):
        if seed % 2:
            indicator, rack = deal_indicator_rack(seed, 21)
            rules = Rules(indicator=indicator)
        else:
            rack = deal_racks(seed, 1, 21)[0]
            rules = Rules(threshold=(101, 81)[seed % 4 // 2], after=120 if seed % 8 == 0 else None)
        pool = unseen_tiles(rack, rules).expanded()
        for _ in range(5):
            drawn = rng.sample(pool, rng.randint(1, 8))
            got = can_open_with(rack, drawn, rules, 21)
            assert got == can_open_sat(Rack((*rack.tiles, *drawn)), rules, 21), (seed, drawn)
            answers[got] += 1
    assert answers[True] > 20 and answers[False] > 20


# --- exact values on a tiny unseen set ----------------------------------------------------

# K9 K10 Y13 waits to draw (3 tiles: an opening lays at most 3), bar 30. Unseen: K11 Y12
# Y11 B1. K9 K10 K11 (30) opens; so does Y11 Y12 Y13 (36) if both come and Y13 is kept.
TINY = "K9 K10 Y13"
TINY_POOL = "K11 Y12 Y11 B1"
TINY_RULES = Rules(threshold=30)


def tiny() -> tuple[Rack, list[Tile], list[Tile]]:
    rack = parse_rack(TINY)
    pool = tiles(TINY_POOL)
    return rack, pool, seen_but(rack, pool, TINY_RULES)


def test_the_advice_throws_y13_on_a_tie() -> None:
    """K9 K10 Y13 + Y12: every throw leaves 1 tile to draw with 1 unseen out,
    so the higher number goes: Y13 (and with it the Y11 Y12 Y13 run)."""
    rack, _, seen = tiny()
    drawn = Rack((*rack.tiles, *tiles("Y12")))
    table = discard_table(drawn, TINY_RULES, unseen=unseen_tiles(drawn, TINY_RULES, seen))
    assert [(r.tile.code, r.melds.tiles, r.outs.copies("any")) for r in table][:2] == [
        ("Y13", 1, 1),
        ("Y12", 1, 1),
    ]


def test_two_draws_exactly_by_enumeration() -> None:
    """All 12 orders of 2 draws from the 4 unseen tiles. Keeping everything
    opens with K11 (6 orders) or with Y12 and Y11 (2): 8/12. Following the
    advice opens with K11 (6) but not with Y12, Y11 in either order (Y13
    is thrown after the first): 6/12."""
    rack, pool, seen = tiny()
    opener = _Opener(rack, TINY_RULES, seen)
    keep, advice, missed = 0, 0, []
    for order in permutations(pool, 2):
        kept = can_open_with(rack, order, TINY_RULES, 3)
        opened = follow_advice(opener, order)
        assert opened is None or kept  # the advice's rack is part of the kept one
        keep += kept
        advice += opened is not None
        if kept and opened is None:
            missed.append(" ".join(t.code for t in order))
    assert (Fraction(keep, 12), Fraction(advice, 12)) == (Fraction(2, 3), Fraction(1, 2))
    assert missed == ["Y12 Y11", "Y11 Y12"]
    assert [follow_advice(opener, tiles(o)) for o in ("K11 B1", "B1 K11", "Y12 K11")] == [1, 2, 2]


def test_monte_carlo_brackets_the_exact_values_and_is_seeded() -> None:
    rack, _, seen = tiny()
    unseen = unseen_tiles(rack, TINY_RULES, seen)
    assert unseen.total == 4
    odds = draw_odds(rack, TINY_RULES, unseen, 2, samples=1200, advice_samples=1200, seen=seen)
    assert (odds.keep_all.hits, odds.advice.hits, odds.tables) == (793, 590, 3)
    low, high = odds.keep_all.interval
    assert low < 2 / 3 < high
    low, high = odds.advice.interval
    assert low < 1 / 2 < high
    again = draw_odds(rack, TINY_RULES, unseen, 2, samples=1200, advice_samples=1200, seen=seen)
    assert again == odds
    other = draw_odds(rack, TINY_RULES, unseen, 2, samples=1200, advice_samples=1200, seen=seen,
                      seed=1)  # fmt: skip
    assert other != odds


def test_one_draw_is_the_outs_for_both_estimates() -> None:
    """One draw: both estimates ask whether the rack opens with it, so they
    agree sample by sample, and over every unseen tile the openers are the
    outs: 4 of 93 (R12 twice, J twice) for a rack one tile from 101."""
    rack = parse_rack("Y9 Y10 Y11 Y12 Y13 R10 R11 R13 B1 K2 Y3 R5 B6")
    rules = Rules()
    unseen = unseen_tiles(rack, rules)
    _, _, found = rack_outs(rack, rules, unseen=unseen)
    opener = _Opener(rack, rules, ())
    openers = sum(follow_advice(opener, [t]) == 1 for t in unseen.expanded())
    assert (openers, found.copies("melds"), unseen.total) == (4, 4, 93)
    odds = draw_odds(rack, rules, unseen, 1, samples=3000, advice_samples=3000)
    assert odds.keep_all.hits == odds.advice.hits == 128  # 4/93 = 4.30 %: 128/3000 = 4.27 %
    assert odds.tables == 0  # no draw is left after the only one: nothing to throw
    low, high = odds.advice.interval
    assert low < 4 / 93 < high


# --- seeded dealt racks --------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "okey", "hits"), [(1, False, (3, 2)), (3, False, (9, 9)),
                                                   (2, True, (7, 6))])  # fmt: skip
def test_advice_is_at_most_keep_all_on_the_same_draws(
    seed: int, okey: bool, hits: tuple[int, int]
) -> None:
    """Per order of draws: an opening following the advice is an opening
    keeping everything; so over the same samples the advice's hits are fewer.
    With an indicator, okeys and fake okeys are drawn and thrown too [R-INDICATOR]."""
    if okey:
        indicator, rack = deal_indicator_rack(seed, 21)
        rules = Rules(indicator=indicator)
    else:
        rack, rules = deal_racks(seed, 1, 21)[0], Rules()
    unseen = unseen_tiles(rack, rules)
    rng = random.Random(seed)
    opener = _Opener(rack, rules, ())
    for _ in range(6):
        order = rng.sample(unseen.expanded(), 3)
        assert follow_advice(opener, order) is None or can_open_with(rack, order, rules, 21)
    odds = draw_odds(rack, rules, unseen, 6, samples=12, advice_samples=12, seed=seed)
    assert (odds.keep_all.hits, odds.advice.hits) == hits  # 6 draws, 12 samples


def test_a_22_tile_rack_throws_first() -> None:
    """A 22-tile rack that cannot open throws the recommended discard, then
    plays as the 21-tile rack with that tile seen: the same unseen tiles, so
    the same draws and the same advice hits; keeping everything it keeps
    the thrown tile too, so it opens at least as often."""
    rules = Rules()
    rack = deal_racks(3, 1, 22)[0]
    unseen = unseen_tiles(rack, rules)
    thrown = discard_table(rack, rules, unseen=unseen)[0].tile
    rest = list(rack.tiles)
    rest.remove(thrown)
    after = Rack(tuple(rest))
    after_unseen = unseen_tiles(after, rules, [thrown])
    assert after_unseen == unseen
    big = draw_odds(rack, rules, unseen, 3, samples=10, advice_samples=10, seed=2)
    small = draw_odds(after, rules, after_unseen, 3, samples=10, advice_samples=10, seed=2,
                      seen=[thrown])  # fmt: skip
    assert big.advice.hits == small.advice.hits
    assert big.keep_all.hits >= small.keep_all.hits


def test_progress_once_per_advice_sample() -> None:
    rack, _, seen = tiny()
    calls: list[int] = []
    draw_odds(rack, TINY_RULES, unseen_tiles(rack, TINY_RULES, seen), 2, samples=30,
              advice_samples=7, seen=seen, progress=calls.append)  # fmt: skip
    assert calls == [1] * 7


# --- the command line, JSON and the API ----------------------------------------------------


def tiny_args(*more: str) -> list[str]:
    seen = tiny()[2]
    return ["outs", TINY, "--threshold", "30", "--seen", " ".join(t.code for t in seen),
            "--draws", "2", *more]  # fmt: skip


def test_cli_json_names_both_estimates_and_is_byte_identical() -> None:
    args = tiny_args("--samples", "600", "--advice-samples", "600", "--format", "json")
    first = CliRunner().invoke(main, args)
    again = CliRunner().invoke(main, args)
    assert first.exit_code == 1 and first.output == again.output
    draws = json.loads(first.output)["draws"]
    assert draws["keep_all"] == {"samples": 600, "hits": 392, "probability": 0.6533,
                                 "interval": [0.6144, 0.6903], "bound": "upper"}  # fmt: skip
    advice = draws["following_advice"]
    assert (advice["samples"], advice["hits"], advice["bound"]) == (600, 289, "lower")
    assert advice["discard_tables"] == 3
    # the fields from before the advice repeat keep_all
    assert (draws["samples"], draws["probability"], draws["interval"], draws["upper_bound"]) == (
        600, 0.6533, [0.6144, 0.6903], True)  # fmt: skip


def test_cli_text_names_the_bounds() -> None:
    result = CliRunner().invoke(main, tiny_args("--samples", "600", "--advice-samples", "600"))
    assert result.exit_code == 1
    assert result.output.splitlines()[-3:] == [
        "Within 2 draws, P(can open) by seeded Monte Carlo (seed 0):",
        "  following the advice: 48.2 % (95 % interval 44.2–52.2 %; 600 samples); each draw"
        " that does not open is followed by the discard table's recommended discard: a lower"
        " bound on the best play.",
        "  keeping every tile:   65.3 % (95 % interval 61.4–69.0 %; 600 samples); nothing is"
        " thrown between draws: an upper bound.",
    ]


def test_cli_defaults_are_the_engine_defaults() -> None:
    params = {p.name: p.default for p in main.commands["outs"].params}  # type: ignore[attr-defined]
    assert (params["samples"], params["advice_samples"]) == (
        DEFAULT_SAMPLES,
        DEFAULT_ADVICE_SAMPLES,
    )


def test_cli_bad_advice_samples() -> None:
    result = CliRunner().invoke(main, ["outs", "R3", "--draws", "2", "--advice-samples", "0"])
    assert result.exit_code == 2
    assert "Invalid value for '--advice-samples'" in result.output


def test_api_outs_takes_advice_samples() -> None:
    seen = tiny()[2]
    got = api_outs(TINY, seen=[t.code for t in seen], threshold=30, draws=2, samples=600,
                   advice_samples=600)  # fmt: skip
    args = tiny_args("--samples", "600", "--advice-samples", "600", "--format", "json")
    assert got == json.loads(CliRunner().invoke(main, args).output)
    with pytest.raises(BadInputError, match="option 'advice_samples': 0 is not a whole number"):
        api_outs(TINY, draws=2, advice_samples=0)


def test_one_sample_is_written_in_the_singular() -> None:
    from rummy101_solver.engine.outs import Estimate
    from rummy101_solver.report.outs import _estimate_text

    one = Estimate(samples=1, hits=1, interval=(0.207, 1.0))
    assert _estimate_text(one) == "100.0 % (95 % interval 20.7–100.0 %; 1 sample)"
    two = Estimate(samples=2, hits=0, interval=(0.0, 0.658))
    assert _estimate_text(two) == "0.0 % (95 % interval 0.0–65.8 %; 2 samples)"


def test_a_lower_bound_above_the_upper_bound_is_said_to_be_noise() -> None:
    """50 advice samples against 1,000 kept-everything ones can put the lower
    bound above the upper one; the output says why (new user's trial)."""
    from rummy101_solver.game.deal import deal_rack

    rack = deal_rack(11, 22).codes  # what `rummy101 deal --seed 11` prints
    result = CliRunner().invoke(main, ["outs", *rack, "--draws", "3"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[-3].startswith("  following the advice: 10.0 % (95 % interval 4.3–21.4 %;")
    assert lines[-2].startswith("  keeping every tile:   8.4 % (95 % interval 6.8–10.3 %;")
    assert lines[-1] == (
        "  (The lower bound came out above the upper bound: the two estimates differ by less"
        " than their sampling noise; more --advice-samples narrow it.)"
    )
    ordered = CliRunner().invoke(main, tiny_args("--samples", "600", "--advice-samples", "600"))
    assert "came out above" not in ordered.output
