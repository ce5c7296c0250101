"""The duplicate arena and the bot registry (issue 28): the seatings, a stacked
deal whose every rotation is known by hand, the random bot's legality over
audited rounds, determinism across --jobs and Dask, the JSON schema, the CLI.

Speed: the rounds here are short (a stock of a few tiles, the rest set aside
and still counted) or few: the 504 audited rounds of the random bot take about
15 s of CPU; docs/arena.md audits 500 whole rounds more.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from test_rounds import VARIANTS, stacked, tiles

from rummy101_solver.cli import main
from rummy101_solver.engine.arena import (
    DEAL_FIELDS,
    ROLE_FIELDS,
    ArenaVariant,
    Mode,
    arena_json,
    arena_text,
    deal_row,
    difference,
    ratio_interval,
    rotations,
    run_arena,
    seating,
)
from rummy101_solver.engine.bot_kinds import BOTS
from rummy101_solver.engine.random_bot import random_opening
from rummy101_solver.engine.rounds import RoundResult, RoundVariant, play_round, seat_kinds
from rummy101_solver.game.deal import TILE_SET, RoundDeal
from rummy101_solver.game.round import Event, TrackRules, apply, start
from rummy101_solver.game.tiles import sort_tiles
from rummy101_solver.report.schema import load_schema

ONE_TURN = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 B1 B2 B3 K5 K6 K7 Y9 Y10 Y11 K13"
"""Seat 1's 22 tiles: 132 points in melds and K13 to discard: a one-turn finish [R-ONE-TURN]."""


def four_seat_deal() -> RoundDeal:
    """Seat 1 holds :data:`ONE_TURN`; seats 2–4 the next 21 tiles each of the
    rest in canonical order; a stock of 3."""
    left = Counter(TILE_SET)
    left.subtract(tiles(ONE_TURN))
    rest = list(sort_tiles(left.elements()))
    racks = [" ".join(t.code for t in rest[21 * i : 21 * (i + 1)]) for i in range(3)]
    return stacked([ONE_TURN, *racks])


# --- the registry and the seatings ---------------------------------------------------------


def test_the_registry_names_every_kind_once() -> None:
    assert list(BOTS) == ["outs", "quick", "random"]
    assert all(bot.name == name and bot.summary.endswith(".") for name, bot in BOTS.items())
    assert seat_kinds("quick", 3) == ("quick", "quick", "quick")
    assert seat_kinds(["random", "quick"], 2) == ("random", "quick")
    with pytest.raises(ValueError, match="3 bot kinds for 4 seats"):
        seat_kinds(["random", "quick", "outs"], 4)
    with pytest.raises(KeyError, match="no bot kind 'clever'; the kinds are outs, quick, random"):
        seat_kinds("clever", 4)


def test_the_seatings_put_the_challenger_in_every_seat() -> None:
    assert rotations("1v3") == ((1,), (2,), (3,), (4,))
    assert rotations("2v2") == ((1, 3), (2, 4))
    assert seating("1v3", "A", "B") == (
        ("A", "B", "B", "B"),
        ("B", "A", "B", "B"),
        ("B", "B", "A", "B"),
        ("B", "B", "B", "A"),
    )
    assert seating("2v2", "A", "B") == (("A", "B", "A", "B"), ("B", "A", "B", "A"))


@pytest.mark.parametrize("mode", ["1v3", "2v2"])
def test_every_play_of_a_deal_is_the_same_deal_with_the_challenger_rotated(mode: Mode) -> None:
    plays: list[tuple[str, RoundResult]] = []
    variants = [RoundVariant("classic"), RoundVariant("okey", indicator_from_deal=True)]
    run_arena(1, 31, variants, "random", "quick", mode,
              on_round=lambda v, r: plays.append((v.name, r)))  # fmt: skip
    per_deal = 2 * len(rotations(mode))
    assert len(plays) == per_deal
    for deal in range(1):
        chunk = plays[deal * per_deal : (deal + 1) * per_deal]
        for name in ("classic", "okey"):
            mine = [r for n, r in chunk if n == name]
            assert {r.deal.seed for r in mine} == {31 + deal}
            assert all(r.deal == mine[0].deal for r in mine)  # one shuffle, one indicator
            assert [r.bots for r in mine] == list(seating(mode, "random", "quick"))
            seats = [tuple(i + 1 for i, k in enumerate(r.bots) if k == "random") for r in mine]
            assert sorted(s for group in seats for s in group) == [1, 2, 3, 4]


# --- a stacked deal known by hand -----------------------------------------------------------


@pytest.mark.parametrize("mode", ["1v3", "2v2"])
def test_a_deal_that_seat_1_finishes_at_once_cancels_in_the_arena(mode: Mode) -> None:
    # whoever sits in seat 1 lays R1–R12, B1–B3, K5–K7, Y9–Y11 (132) and discards K13:
    # a one-turn finish, nobody else opened [R-ONE-TURN]: seat 1 gains 202, every
    # other seat loses 404 [R-SCORE]. The challenger (outs) sits in seat 1 in one play
    # of four (1v3) or of two (2v2): it wins that play, the champion (quick) the others.
    deal = four_seat_deal()
    plays = [play_round(deal, bots=kinds) for kinds in seating(mode, "outs", "quick")]
    for play, kinds in zip(plays, seating(mode, "outs", "quick"), strict=True):
        assert (play.ending, play.winner, play.turns) == ("one-turn", 1, 1)
        assert play.results == (202, -404, -404, -404)
        assert play.bots == kinds
        assert play.fed == (False,)
    row = dict(zip(DEAL_FIELDS, deal_row(plays, mode), strict=False))
    n = len(DEAL_FIELDS)
    challenger = dict(zip(ROLE_FIELDS, deal_row(plays, mode)[n : n + len(ROLE_FIELDS)],
                          strict=True))  # fmt: skip
    champion = dict(zip(ROLE_FIELDS, deal_row(plays, mode)[n + len(ROLE_FIELDS) :],
                        strict=True))  # fmt: skip
    if mode == "1v3":
        assert row == {"plays": 4, "finished": 4, "stock": 0}
        # challenger: 202 in seat 1, -404 in seats 2, 3, 4; champion: 3 x -404 when the
        # challenger won, then 202 - 404 - 404 in each of the other three plays; seat 1's
        # opening is the next seat's of the challenger once (sitting in seat 4), unfed
        assert challenger == {"seat_plays": 4, "points": -1010, "wins": 1, "not_won": 3,
                              "penalty": 1212, "openings": 1, "fed": 0, "next_openings": 1,
                              "next_fed": 0, "opening_turns": 1}  # fmt: skip
        assert champion["seat_plays"] == 12 and champion["points"] == -3030
        assert (champion["wins"], champion["not_won"], champion["penalty"]) == (3, 9, 3636)
    else:
        assert row == {"plays": 2, "finished": 2, "stock": 0}
        # seats 1 and 3, then 2 and 4: each role wins once, holds 4 seat-plays
        assert challenger["points"] == champion["points"] == 202 - 3 * 404
        assert challenger["wins"] == champion["wins"] == 1
    # the luck of the seat cancels: -1010/4 = -3030/12 (1v3), equal sums (2v2)
    figures = ArenaVariant(RoundVariant("classic"), (deal_row(plays, mode),))
    assert difference(figures).mean == 0.0


def test_ratio_interval_by_hand() -> None:
    # ratios 1/2 and 3/4: R = 4/6; residuals 1 - 4/3 = -1/3 and 3 - 8/3 = 1/3;
    # var = (1/9 + 1/9) / (2 * 1 * 3²) = 1/81; half = 1.96 * 1/9
    e = ratio_interval([1, 3], [2, 4])
    assert e.value == pytest.approx(2 / 3)
    assert e.high - e.value == pytest.approx(1.959963984540054 / 9)
    assert e.of == 6
    assert ratio_interval([0, 0], [0, 0]).of == 0


# --- the random bot --------------------------------------------------------------------------


def test_the_random_bot_opens_only_legally_and_with_the_taken_tile() -> None:
    rules = TrackRules()
    state = start(Event("new", tiles=tiles(ONE_TURN), players=2, seat=1, rules=rules))
    found = random_opening(state, random.Random(1))
    assert found is not None
    after = apply(state, found)[0]
    opening = after.my_opening
    assert opening is not None and opening.how == "melds" and opening.value >= 101
    # a rack that cannot open: none, proven without a search [R-OPEN-MELDS]
    closed = start(Event("new", tiles=tiles("R1 R4 R7 R10 R13 B5 B8 B11 K1 K4 K10 Y1 Y3 Y5 Y7"
                                            " Y13 B9 K2 R2 Y12 B13 K8"), players=2, seat=1,
                         rules=rules))  # fmt: skip
    assert random_opening(closed, random.Random(1)) is None


def test_random_bots_play_only_legal_actions_over_audited_rounds() -> None:
    # 6 variants x 84 seeds = 504 rounds, 2 to 4 players, a stock of 6 (about 20 ms of
    # CPU a round): play_round audits every
    # action (106 tiles, legal groups, the rules of the turn) and raises on any breach;
    # a taken tile is laid in the turn it was taken [R-TAKE-DISCARD]
    variants = [*VARIANTS, RoundVariant("later", rules=TrackRules(same_turn_layoff=False))]
    kinds: Counter[str] = Counter()
    for seed in range(1, 85):
        for variant in variants:
            players = 2 + seed % 3
            bots = ["random"] * players
            if seed % 4 == 0:
                bots[0] = "quick"
            deal = variant.deal(seed, players).short(6)
            result = play_round(deal, variant.rules, keep_actions=True, bots=bots)
            for action in result.actions:
                kinds[action.event.kind] += 1
            for i, action in enumerate(result.actions):
                if action.event.kind != "take" or result.bots[action.seat - 1] != "random":
                    continue
                taken = action.event.tile
                assert taken is not None
                same = [a for a in result.actions[i + 1 :] if a.turn == action.turn]
                laid = " ".join(g for a in same if a.event.kind == "lay" for g in a.event.groups)
                token = "J=" if taken.is_wild else taken.code
                assert token in laid.split() or any(w.startswith(token) for w in laid.split())
    assert sum(1 for _ in range(1, 85)) * len(variants) == 504
    assert kinds["take"] > 50 and kinds["lay"] > 100 and kinds["discard"] > 2000


# --- determinism, JSON, the CLI ---------------------------------------------------------------


def _variants() -> list[RoundVariant]:
    return [RoundVariant("classic"), RoundVariant("rising", rules=TrackRules(rising=True))]


def test_the_arena_gives_the_same_figures_for_any_executor() -> None:
    alone = run_arena(2, 7, _variants(), "random", "quick", "2v2")
    with ProcessPoolExecutor(max_workers=2) as pool:
        spread = run_arena(2, 7, _variants(), "random", "quick", "2v2", executor=pool,
                           chunk_size=1)  # fmt: skip
    assert json.dumps(arena_json(alone)) == json.dumps(arena_json(spread))
    assert arena_text(alone) == arena_text(spread)
    data = arena_json(alone)
    Draft202012Validator(load_schema("arena")).validate(data)
    a = data["arena"]
    assert (a["challenger"], a["champion"], a["mode"], a["deals"], a["plays_per_deal"]) == (
        "random", "quick", "2v2", 2, 2,
    )  # fmt: skip
    classic = a["variants"][0]
    assert classic["points_per_round"]["challenger"]["of"] == 2 * 2 * 2
    assert classic["stock"]["of"] == 2 * 2


def invoke(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


def test_cli_arena_same_bytes_for_jobs_1_and_2_and_the_log_names_the_bots(tmp_path: Path) -> None:
    # 3 deals: two chunks of work (ARENA_CHUNK = 2), so --jobs 2 really splits them
    args = ["simulate", "--rounds", "3", "--seed", "3", "--bots", "random,quick", "--duplicate",
            "2v2"]  # fmt: skip
    one, code = invoke(*args, "--jobs", "1", "--log", str(tmp_path / "a.jsonl"))
    assert code == 0, one
    two, code = invoke(*args, "--jobs", "2", "--log", str(tmp_path / "b.jsonl"))
    assert one == two
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert one.startswith(
        "Duplicate arena 2v2: challenger random against champion quick, 3 deals (seeds 3–5),"
        " 2 plays of each deal, the challenger in seats 1 and 3, then 2 and 4.\n"
    )
    validator = Draft202012Validator(load_schema("round-log"))
    records = [json.loads(line) for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    for record in records:
        validator.validate(record)
    news = [r for r in records if r["kind"] == "new"]
    assert [(r["seed"], r["bots"]) for r in news] == [
        (seed, list(kinds)) for seed in (3, 4, 5) for kinds in seating("2v2", "random", "quick")
    ]


def test_cli_arena_json_and_csv() -> None:
    args = ["simulate", "--rounds", "1", "--seed", "9", "--bots", "random,random",
            "--duplicate", "2v2"]  # fmt: skip
    out, code = invoke(*args, "--format", "json")
    assert code == 0
    data = json.loads(out)
    Draft202012Validator(load_schema("arena")).validate(data)
    # the same kind on both sides, the same chances per seat and turn: no difference
    assert data["arena"]["variants"][0]["difference"]["mean"] == 0.0
    csv, code = invoke(*args, "--format", "csv")
    assert code == 0
    header, row = csv.splitlines()
    assert header.startswith("variant,options,challenger,champion,mode,deals,seed,difference_mean")
    assert row.startswith("classic,,random,random,2v2,1,9,0.0,")


def test_cli_rounds_with_a_kind_per_seat() -> None:
    out, code = invoke("simulate", "--rounds", "1", "--players", "2", "--seed", "2",
                       "--bots", "random,quick", "--format", "json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    Draft202012Validator(load_schema("rounds")).validate(data)
    assert data["bots"] == ["random", "quick"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "clever"], "Error: --bots 'clever': 'clever' is not a bot kind; the kinds"
         " are outs, quick, random"),
        (["--bots", "quick,outs,random"], "Error: --bots 'quick,outs,random': 3 kinds for 4"
         " seats; give one kind for every seat, or one per seat"),
        (["--bots", "quick", "--duplicate"], "Error: --bots 'quick': --duplicate takes two"
         " kinds, CHALLENGER,CHAMPION (e.g. --bots quick,outs)"),
        (["--bots", "quick,outs", "--duplicate", "--players", "3"],
         "Error: --players 3: the duplicate arena seats 4 players"),
    ],
)  # fmt: skip
def test_bad_bots_are_one_line_exit_2(args: list[str], message: str) -> None:
    out, code = invoke("simulate", "--rounds", "1", *args)
    assert code == 2
    assert out.strip().splitlines()[-1] == message


def test_duplicate_needs_rounds() -> None:
    out, code = invoke("simulate", "--deals", "5", "--duplicate", "2v2")
    assert code == 2
    assert "--duplicate applies to whole rounds: add --rounds N" in out


def test_cli_arena_plot_draws_the_difference(tmp_path: Path) -> None:
    picture = tmp_path / "arena.svg"
    out, code = invoke("simulate", "--rounds", "1", "--bots", "random,random", "--duplicate",
                       "2v2", "--plot", str(picture))  # fmt: skip
    assert code == 0, out
    text = picture.read_text()
    assert text.startswith("<?xml") and "random - random, duplicate 2v2, 1 deal (seeds 1–1)" in text


def test_bench_arena_times_both_seatings() -> None:
    out, code = invoke("bench", "--racks", "1", "--batch-racks", "0", "--cold-runs", "0",
                       "--arena", "1", "--arena-bots", "random,random", "--jobs", "1")  # fmt: skip
    assert code == 0, out
    lines = out.splitlines()[-2:]
    assert lines[0].startswith("arena 1v3: random against random, 1 deal (4 plays), classic"
                               " rules, --jobs 1: ")  # fmt: skip
    assert lines[1].startswith("arena 2v2: random against random, 1 deal (2 plays),")
    assert " s CPU a play, " in lines[1] and lines[1].endswith("x the anchor per play")
    out, code = invoke("bench", "--racks", "1", "--arena", "1", "--arena-bots", "random")
    assert code == 2
    assert "'random': give CHALLENGER,CHAMPION, two of outs, quick, random" in out


def test_the_api_gives_what_the_cli_prints() -> None:
    import rummy101_solver

    args = ["simulate", "--rounds", "1", "--seed", "4", "--bots", "random,quick",
            "--duplicate", "2v2", "--format", "json"]  # fmt: skip
    out, code = invoke(*args)
    assert code == 0
    assert rummy101_solver.simulate(rounds=1, seed=4, bots="random,quick",
                                    duplicate="2v2") == json.loads(out)  # fmt: skip
    with pytest.raises(rummy101_solver.BadInputError, match="the duplicate arena seats 4"):
        rummy101_solver.simulate(rounds=1, players=3, bots="random,quick", duplicate="1v3")


def test_one_deal_gives_no_interval_and_no_deals_needed() -> None:
    """[issue 34] One deal: no interval, no "excludes 0" claim, no deals-needed
    figure (the sample variance needs 2 deals); a 0-of-0 share has no value."""
    args = ["simulate", "--rounds", "1", "--bots", "quick,random", "--duplicate", "1v3"]
    out, code = invoke(*args)
    assert code == 0
    assert "1 deal (seed 1), 4 plays" in out
    assert out.splitlines()[-1] == (
        "Difference challenger - champion: +96.4 points per round over 1 deal; one deal"
        " gives no interval (the spread per deal is unknown)."
    )
    assert "points per round                               -75.2 (–)" in out
    data = json.loads(invoke(*args, "--format", "json")[0])["arena"]["variants"][0]
    assert data["difference"] == {"mean": 96.42, "interval": None, "excludes_zero": False,
                                  "sd": None, "deals_for_half_width_2": None}  # fmt: skip
    assert data["finishes"]["challenger"] == {"mean": None, "interval": None, "of": 0}
    assert data["won"]["challenger"] == {"mean": 0.0, "interval": None, "of": 4}
    csv = invoke(*args, "--format", "csv")[0].splitlines()
    row = dict(zip(csv[0].split(","), csv[1].split(","), strict=True))
    assert (row["difference_low"], row["difference_sd"], row["deals_for_half_width_2"]) == (
        "",
        "",
        "",
    )
    assert (row["challenger_finishes_mean"], row["challenger_finishes_low"]) == ("", "")


def test_a_spread_of_0_needs_no_deals_figure() -> None:
    """[issue 34] The same bot on both sides: spread 0, no "needs about 0 deals"."""
    out, code = invoke("simulate", "--rounds", "2", "--bots", "quick,quick", "--duplicate", "1v3")
    assert code == 0
    assert "needs about 0 deals" not in out
    assert "(seeds 1–2)" in out
