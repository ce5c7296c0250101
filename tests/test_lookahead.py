"""The exact odds of opening within T draws (``engine/lookahead.py``) [issue 29].

Checked as the Mahjong tools' open issues suggest (nekobean/mahjong-cpp #19,
#29: odds above 100 %; #35: transitions counted twice): never above 1,
monotone in the draws, the closed form at distance 1, one draw is the outs'
share, a brute force over every draw and discard where the play is forced,
a Monte Carlo of the same model, and both sweep engines alike.
"""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from rummy101_solver.engine.lookahead import GOALS, Lookahead, default_turns, open_within
from rummy101_solver.engine.odds import wilson_interval
from rummy101_solver.engine.outs import (
    analyse_outs,
    can_open_with,
    laid_bound,
    rack_outs,
    unseen_tiles,
)
from rummy101_solver.game.deal import deal_racks
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Colour, Rack, face

sys.path.insert(0, str(Path(__file__).parent))

from lookahead_mc import Z_999, exact_and_sampled, root_info

RULES = Rules()


def test_default_turns_are_the_stock_shared_by_the_players() -> None:
    """106 - (22 + 3 x 21) = 21 tiles of stock (20 with an indicator) over 4
    players: 5 own draws; 2 players share 63 (62): 31 [R-RACK, R-INDICATOR]."""
    assert default_turns(RULES) == 5
    assert default_turns(Rules(indicator=face(Colour.BLACK, 12))) == 5
    assert default_turns(RULES, players=2) == 31
    assert default_turns(RULES, players=3) == (106 - 64) // 3 == 14


def _near_racks(goal: str, distance: int, count: int) -> list[Rack]:
    out = []
    for rack in deal_racks(1, 200, 21):
        if root_info(rack, RULES, goal).distance == distance:  # type: ignore[arg-type]
            out.append(rack)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("goal", ["melds", "pairs", "either"])
def test_distance_one_is_the_closed_form(goal: str) -> None:
    """At distance 1 the first out opens: 1 - C(U-k, T)/C(U, T), exactly, for
    T = 1 … 6 (U unseen tiles, k copies of the outs) [R-OPEN-MELDS, R-OPEN-PAIRS]."""
    racks = _near_racks(goal, 1, 3)
    assert racks
    for rack in racks:
        info = root_info(rack, RULES, goal)  # type: ignore[arg-type]
        unseen = unseen_tiles(rack, RULES)
        u, k = unseen.total, sum(c for _, c in info.outs)
        for turns in range(1, 7):
            value = Lookahead(RULES, unseen, turns).odds(goal, rack, info)  # type: ignore[arg-type]
            assert value == 1 - Fraction(comb(u - k, turns), comb(u, turns))


def test_one_draw_is_the_share_of_the_outs() -> None:
    """T = 1: a rack one tile away opens with k/U; two or more away, never."""
    for rack in deal_racks(1, 12, 21):
        melds, pairs, outs = rack_outs(rack, RULES)
        odds = open_within(analyse_outs(rack, RULES), 1).open_within
        assert odds is not None
        u = outs.unseen
        assert odds.melds == (Fraction(outs.copies("melds"), u) if melds.tiles == 1 else
                              Fraction(int(melds.tiles == 0)))  # fmt: skip
        assert odds.pairs == (Fraction(outs.copies("pairs"), u) if pairs.tiles == 1 else
                              Fraction(int(pairs.tiles == 0)))  # fmt: skip


def test_never_above_one_and_monotone_in_the_draws() -> None:
    """Every known value lies in [0, 1] and never falls as the draws grow."""
    for rack in deal_racks(7, 4, 21):
        last = {goal: Fraction(0) for goal in GOALS}
        for turns in range(1, 4):
            odds = open_within(analyse_outs(rack, RULES), turns, max_tables=30).open_within
            assert odds is not None and odds.turns == turns
            for goal in GOALS:
                value = getattr(odds, goal)
                if value is None:
                    continue
                assert 0 <= value <= 1
                assert value >= last[goal], (rack.codes, goal, turns)
                last[goal] = value
            assert odds.either is None or odds.either >= max(
                v for v in (odds.melds, odds.pairs, Fraction(0)) if v is not None
            )


def test_a_forced_play_equals_the_brute_force() -> None:
    """Two tiles away with two draws, every play is forced to lower the
    distance each draw, so the exact odds are those of the full game:
    sum over the first draw x of max over the discard y of the share of
    second draws z with which the rack opens — here computed blind, every
    unseen kind for x and z, every tile for y (a bar of one meld laid)."""
    rules = Rules(threshold=0)
    rack = parse_rack("R1 B5 K9 Y13 R7")
    unseen = unseen_tiles(rack, rules)
    assert root_info(rack, rules, "melds").distance == 2
    bound = laid_bound(len(rack))
    u = unseen.total
    total = Fraction(0)
    for x, cx in unseen.tiles:
        drawn = rack.with_tile(x)
        after = {t: k - (t == x) for t, k in unseen.tiles}
        best = Fraction(0)
        for y in set(drawn.tiles):
            kept = list(drawn.tiles)
            kept.remove(y)
            share = sum(
                k for z, k in after.items() if k and can_open_with(Rack(tuple(kept)), (z,), rules,
                                                                   bound)
            )  # fmt: skip
            best = max(best, Fraction(share, u - 1))
        total += Fraction(cx, u) * best
    exact = Lookahead(rules, unseen, 2).odds("melds", rack, root_info(rack, rules, "melds"))
    assert exact == total


def test_the_monte_carlo_of_the_same_model_holds_the_exact_value() -> None:
    """Seeded samples of the same play (``tests/lookahead_mc.py``: ``python
    tests/lookahead_mc.py 2000`` is the long run) hold every exact value
    within their 99.9 % interval; 8 racks x 3 goals, 3 draws."""
    for seed, rack in enumerate(deal_racks(1, 8, 21), start=1):
        for goal, (exact, hits) in exact_and_sampled(rack, RULES, 3, 300, seed).items():
            if exact is None:
                continue
            low, high = wilson_interval(hits, 300, Z_999)
            assert low <= exact <= high, (rack.codes, goal, float(exact), hits)


def test_a_rack_that_has_drawn_takes_its_best_row() -> None:
    """A 22-tile rack's odds are those of its best discard; the table ranks
    its rows by the odds either way, then melds, then pairs."""
    rack = deal_racks(1, 1, 22)[0]
    analysis = open_within(analyse_outs(rack, RULES), 2)
    odds = analysis.open_within
    assert odds is not None and analysis.discards is not None
    rows = [r.open_within for r in analysis.discards]
    assert all(r is not None for r in rows)
    for goal in GOALS:
        assert getattr(odds, goal) == max(getattr(r, goal) for r in rows if r is not None)
    eithers = [r.either for r in rows if r is not None and r.either is not None]
    assert eithers == sorted(eithers, reverse=True)


def test_the_pure_python_sweep_gives_the_same_odds() -> None:
    """``RUMMY101_PURE_PYTHON=1`` (the sweep in pure Python) and the compiled
    loops give the same exact odds (seed 2's 21-tile rack, 2 draws)."""
    code = (
        "from rummy101_solver.engine.lookahead import open_within\n"
        "from rummy101_solver.engine.outs import analyse_outs\n"
        "from rummy101_solver.engine.sweep import COMPILED\n"
        "from rummy101_solver.game.deal import deal_racks\n"
        "from rummy101_solver.game.rules import Rules\n"
        "rack = deal_racks(2, 1, 21)[0]\n"
        "print(COMPILED, open_within(analyse_outs(rack, Rules()), 2).open_within)\n"
    )
    out = {}
    for how in ("compiled", "pure"):
        env = dict(os.environ)
        env.pop("RUMMY101_PURE_PYTHON", None)
        if how == "pure":
            env["RUMMY101_PURE_PYTHON"] = "1"
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, timeout=600)  # fmt: skip
        assert run.returncode == 0, run.stderr
        out[how] = run.stdout.split(" ", 1)
    assert out["pure"][0] == "False"
    assert out["compiled"][1] == out["pure"][1]


def _outs(*args: str) -> tuple[str, int]:
    from click.testing import CliRunner

    from rummy101_solver.cli import main

    result = CliRunner().invoke(main, ["outs", *args])
    return result.output, result.exit_code


def test_outs_prints_the_odds_of_the_rack_and_each_row() -> None:
    """``outs --turns 2``: the rack's odds line, the model stated, and the JSON
    objects of the analysis and of every discard row, 4 decimals, equal to the
    engine's exact values."""
    rack = deal_racks(1, 1, 22)[0]
    exact = open_within(analyse_outs(rack, RULES), 2)
    text, code = _outs(*rack.codes, "--turns", "2")
    assert code == 1
    odds = exact.open_within
    assert odds is not None and odds.melds is not None
    assert f"Odds of opening within 2 own draws: melds {float(odds.melds) * 100:.2f} %," in text
    assert "(exact in a one-player model: each draw equally likely to be any unseen tile," in text
    assert "open melds    open pairs    open either" in text
    out, code = _outs(*rack.codes, "--turns", "2", "--format", "json")
    data = __import__("json").loads(out)
    assert data["open_within"] == {
        "turns": 2,
        "melds": round(float(odds.melds), 4),
        "pairs": None if odds.pairs is None else round(float(odds.pairs), 4),
        "either": None if odds.either is None else round(float(odds.either), 4),
    }
    assert exact.discards is not None
    assert [r["tile"] for r in data["discards"]] == [r.tile.code for r in exact.discards]
    first = exact.discards[0].open_within
    assert first is not None and first.either is not None
    assert data["discards"][0]["open_within"]["either"] == round(float(first.either), 4)
    assert data["recommended_discard"] == exact.discards[0].tile.code


def test_outs_turns_zero_leaves_the_odds_out_and_a_bad_count_is_refused() -> None:
    """``--turns 0`` and no ``--turns`` (off by default for now): no odds line,
    JSON ``"open_within": null``; ``--turns -1`` or ``x``: exit 2 naming the option."""
    args = ["R3", "R4", "R5", "B7", "K7", "Y7", "R10", "R11"]
    for off in (["--turns", "0"], []):
        text, code = _outs(*args, *off)
        assert code == 1 and "Odds of opening" not in text
        out, _ = _outs(*args, *off, "--format", "json")
        assert '"open_within": null' in out
    for bad in ("-1", "x", "51"):
        text, code = _outs(*args, "--turns", bad)
        assert code == 2 and "--turns" in text, text


def test_dead_rows_share_their_odds() -> None:
    """Seed 1's 22-tile rack: the discards that no meld target two tiles away
    uses (R6 B6 B4 R3 Y2 K1 B7 Y4) have K10's meld odds, computed once; each
    computed on its own gives the same (3 draws)."""
    from rummy101_solver.engine.lookahead import _dead_rows

    rack = deal_racks(1, 1, 22)[0]
    analysis = analyse_outs(rack, RULES)
    assert analysis.discards is not None and analysis.melds.tiles == 2
    twins = _dead_rows(rack, RULES, analysis.unseen, 2, analysis.discards)
    assert sorted(t.code for t in twins) == sorted(["R6", "B6", "B4", "R3", "Y2", "K1", "B7", "Y4"])
    assert {t.code for t in twins.values()} == {"K10"}
    solver = Lookahead(RULES, analysis.unseen, 3, max_tables=1000)
    rows = {r.tile: r for r in analysis.discards}
    for tile, twin in twins.items():
        assert solver.row(rack, rows[tile])["melds"] == solver.row(rack, rows[twin])["melds"]
