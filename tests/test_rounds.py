"""Whole rounds (issue 19): the dealt round, two hand-checked stacked rounds, the
audit (tile accounting [R-TILES] and table legality) on 200 seeded rounds,
determinism (same seed same bytes; --jobs 1 = --jobs 2), the log, the CLI.

Speed: the 200 audited rounds are small on purpose — 2 to 4 players, the stock
cut to a few tiles (the rest set aside, still counted) and the ``quick`` bots
(the unopened discard without ``outs``' discard table, the slow part of a round);
every other part of the bots and
every check is the real one.
"""

from __future__ import annotations

import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from rummy101_solver.cli import main
from rummy101_solver.engine.bots import quick_discard
from rummy101_solver.engine.rounds import (
    RoundVariant,
    RoundViolation,
    audit,
    play_round,
    rounds_json,
    simulate_rounds,
)
from rummy101_solver.game.deal import TILE_SET, RoundDeal, deal_indicator_rack, deal_round
from rummy101_solver.game.parsing import parse_face, parse_tile
from rummy101_solver.game.round import Event, TableMeld, TrackRules, start
from rummy101_solver.game.tiles import ALL_FACES, WILD, Tile, sort_tiles, tile_set
from rummy101_solver.report.schema import load_schema


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tile(code) for code in text.split())


def stacked(racks: list[str], stock_first: str = "", stock: int = 3) -> RoundDeal:
    """A stacked classic deal: the racks given, the stock starting with
    ``stock_first``, ``stock`` tiles in play, every other tile set aside."""
    dealt = [sort_tiles(tiles(r)) for r in racks]
    left = Counter(TILE_SET)
    for rack in dealt:
        left.subtract(rack)
    first = tiles(stock_first)
    left.subtract(first)
    assert all(k >= 0 for k in left.values())
    return RoundDeal(None, tuple(dealt), None, first + sort_tiles(left.elements())).short(stock)


def codes(ts: tuple[Tile, ...]) -> str:
    return " ".join(t.code for t in ts)


# --- the dealt round ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_dealt_round_deals_22_then_21_and_accounts_for_106_tiles(players: int) -> None:
    dealt = deal_round(5, players)
    assert [len(r) for r in dealt.racks] == [22] + [21] * (players - 1)
    assert len(dealt.stock) == 106 - 22 - 21 * (players - 1)
    everything = Counter(dealt.stock)
    for rack in dealt.racks:
        everything.update(rack)
    assert everything == Counter(TILE_SET)
    assert deal_round(5, players) == dealt  # the same seed, the same deal


def test_okey_deal_turns_up_the_indicator_and_reads_the_okey_wild() -> None:
    dealt = deal_round(3, 2, indicator_from_deal=True)
    # the first numbered tile of shuffle 3, as simulate's okey racks turn it up
    assert dealt.indicator == parse_face("K5") == deal_indicator_rack(3)[0]
    held = Counter(dealt.stock)
    for rack in dealt.racks:
        held.update(rack)
    assert sum(held.values()) == 105  # one copy of K5 lies face up [R-INDICATOR]
    assert held[Tile(parse_face("K5"))] == 1
    assert held[WILD] == 2  # both K6s are wild
    assert held[Tile(parse_face("K6"), fake=True)] == 2  # the special tiles are fake okeys
    assert held[Tile(parse_face("K6"))] == 0


def test_the_tile_set_as_each_variant_reads_it() -> None:
    # [R-TILES] 106 tiles; [R-INDICATOR] with K5 face up: one K5 left, the K6s wild,
    # the two special tiles fake okeys
    assert tile_set(None) == Counter(TILE_SET)
    okey = tile_set(parse_face("K5"))
    assert sum(okey.values()) == 105
    k5, k6 = parse_face("K5"), parse_face("K6")
    assert (okey[Tile(k5)], okey[WILD], okey[Tile(k6, fake=True)], okey[Tile(k6)]) == (1, 2, 2, 0)
    okey[WILD] = 0
    assert tile_set(parse_face("K5"))[WILD] == 2  # a fresh Counter each call
    # outs builds the same set (engine/outs.py full_set, to become tile_set)
    from rummy101_solver.engine.outs import full_set
    from rummy101_solver.game.rules import Rules

    for indicator in (None, *ALL_FACES):
        assert full_set(Rules(indicator=indicator)) == tile_set(indicator), indicator


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_an_okey_rack_is_seat_1_of_the_okey_round_of_its_seed(seed: int) -> None:
    # both deal the tiles after the indicator and read them the okey way [R-INDICATOR]
    face_up, rack = deal_indicator_rack(seed, 22)
    dealt = deal_round(seed, 4, indicator_from_deal=True)
    assert (face_up, rack.tiles) == (dealt.indicator, dealt.racks[0])


def test_an_okey_rack_by_hand() -> None:
    # 'rummy101 deal --seed 7 --indicator K12': the K13s are the okeys (J), the jokers F
    face_up, rack = deal_indicator_rack(7, indicator=parse_face("K12"))
    assert face_up == parse_face("K12")
    assert " ".join(rack.codes) == (
        "R1 R1 R8 R12 R13 R13 B1 B4 B7 B9 B11 B12 K3 K4 K8 F Y1 Y4 Y5 Y6 Y7 Y10"
    )


def test_deal_round_text_and_json() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["deal", "--round", "--players", "3", "--seed", "7"])
    assert text.exit_code == 0
    assert text.output.splitlines()[:2] == [
        "Round dealt with seed 7, 3 players; seat 1 starts with 22 tiles.",
        "seat 1 (22): R1 R1 R8 R12 R13 R13 B1 B4 B7 B9 B11 B12 K3 K4 K8 Y1 Y4 Y5 Y6 Y7 Y10 J",
    ]
    assert text.output.splitlines()[-1].startswith("stock (42, drawn first to last): R12 B7 Y2")
    out = runner.invoke(main, ["deal", "--round", "--seed", "7", "--indicator-from-deal",
                               "--format", "json"])  # fmt: skip
    data = json.loads(out.output)
    Draft202012Validator(load_schema("deal")).validate(data)
    assert data == deal_round(7, 4, indicator_from_deal=True).to_json()
    assert data["indicator"] == "Y7"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "--players", "3"], "--players applies to a dealt round: add --round"),
        (
            ["deal", "--format", "json", "--indicator-from-deal"],
            "--indicator-from-deal applies to a dealt round: add --round",
        ),
        (
            ["deal", "--round", "--size", "5"],
            "--size does not apply to --round: a round deals 22 and 21 tiles [R-RACK]",
        ),
        (
            ["deal", "--round", "--size", "5", "--count", "2"],
            "--count does not apply to --round: a round deals 22 and 21 tiles [R-RACK]",
        ),
        (["simulate", "--players", "3"], "--players applies to whole rounds: add --rounds N"),
        (["simulate", "--log", "x.jsonl"], "--log applies to whole rounds: add --rounds N"),
        (
            ["simulate", "--rounds", "2", "--deals", "9"],
            "--deals does not apply to --rounds: a round deals its racks [R-RACK]",
        ),
        (
            ["simulate", "--rounds", "2", "--distance", "--rack-size", "5"],
            "--rack-size does not apply to --rounds: a round deals its racks [R-RACK]",
        ),
        (
            ["simulate", "--rounds", "2", "--jobs", "2", "--scheduler", "tcp://x:1"],
            "--jobs and --scheduler exclude each other: the cluster's workers do the work",
        ),
        (
            ["batch", "--jobs", "2", "--scheduler", "tcp://x:1"],
            "--jobs and --scheduler exclude each other: the cluster's workers do the work",
        ),
        (
            ["simulate", "--rounds", "2", "--variant", "x=--table 'R1 R2 R3'"],
            "variant 'x': --table does not apply: a round starts with an empty table",
        ),
        (
            ["simulate", "--rounds", "2", "--variant", "x=--after 120"],
            "variant 'x': --after does not apply: in rising mode the round sets the bar [R-RISING]",
        ),
    ],
)
def test_refused_options(args: list[str], message: str) -> None:
    # an option given where it does not apply: one line, exit 2, the first refused
    # in the command's order (cli.common.refuse_options)
    result = CliRunner().invoke(main, args, input="")
    assert (result.exit_code, result.output) == (2, f"Error: {message}\n")


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ("low", "--variant 'low': give NAME=OPTIONS, e.g. rising=--rising or classic="),
        ("=--rising", "--variant '=--rising': give NAME=OPTIONS, e.g. rising=--rising or classic="),
        ("x=R3", "variant 'x': 'R3' is not an option; the racks are dealt"),
        ("x='--rising", "variant 'x': No closing quotation in '\\'--rising'"),
        ("x=--rising --keep 2",
         "variant 'x': --keep does not apply: every turn ends with a discard [R-KEEP-DISCARD]"),
    ],
)  # fmt: skip
def test_bad_round_variant_is_one_line_exit_2_naming_it(variant: str, message: str) -> None:
    # the variant text is read as deals' variants are, by play's own option parser
    result = CliRunner().invoke(main, ["simulate", "--rounds", "1", "--variant", variant])
    assert (result.exit_code, result.output) == (2, f"Error: {message}\n")


# --- hand-checked rounds ------------------------------------------------------------------

SEAT_2 = "R1 R4 R7 R10 R13 B5 B8 B11 K1 K4 K10 Y1 Y3 Y5 Y7 Y13 B9 K2 R2 Y12 B13"
"""A rack that cannot open in two turns: no meld of 101, two pairs."""


def test_first_player_opens_at_once_and_finishes_in_one_turn() -> None:
    # R1–R12 (78) + B1 B2 B3 (6) + K5 K6 K7 (18) + Y9 Y10 Y11 (30) = 132 ≥ 101, and K13
    # fits nowhere: seat 1 lays 21 tiles and discards K13, nobody else having opened
    # [R-ONE-TURN]: seat 1 gains 202, seat 2 loses 404 [R-SCORE]
    deal = stacked(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 B1 B2 B3 K5 K6 K7 Y9 Y10 Y11 K13",
                    SEAT_2])  # fmt: skip
    result = play_round(deal, keep_actions=True)
    assert [(a.turn, a.seat, a.event.kind) for a in result.actions] == [
        (1, 1, "lay"),
        (1, 1, "discard"),
    ]
    assert result.actions[0].event.groups == (
        "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "B1 B2 B3", "K5 K6 K7", "Y9 Y10 Y11",
    )  # fmt: skip
    assert result.actions[1].event.tile == parse_tile("K13")
    assert (result.ending, result.winner, result.turns) == ("one-turn", 1, 1)
    assert result.openings == ((1, "melds", 132, 1),)
    assert result.results == (202, -404)


def test_first_player_opens_at_once_and_finishes_on_the_next_turn() -> None:
    # seat 1 opens with 102 (R1–R12, B1–B3, K5–K7), keeps Y9 Y10 K13 and throws B13
    # (play's discard [R-KEEP-DISCARD]; K13 and B13 weigh alike); seat 2 draws K8 and
    # cannot open, throws R4 (outs' first row), which nothing of seat 1 uses; seat 1
    # draws Y11, lays Y9 Y10 Y11 and finishes with K13 [R-FINISH]: 101 to seat 1, 202
    # from the unopened seat 2 [R-PENALTY]
    deal = stacked(
        ["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 B1 B2 B3 K5 K6 K7 Y9 Y10 B13 K13",
         SEAT_2.replace("B13", "K13")],
        "K8 Y11",
    )  # fmt: skip
    result = play_round(deal, keep_actions=True)
    steps = [
        (a.turn, a.seat, a.event.kind, a.event.tile.code if a.event.tile else "", a.event.groups)
        for a in result.actions
    ]
    assert steps == [
        (1, 1, "lay", "", ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "B1 B2 B3", "K5 K6 K7")),
        (1, 1, "discard", "B13", ()),
        (2, 2, "draw", "K8", ()),
        (2, 2, "discard", "R4", ()),
        (3, 1, "draw", "Y11", ()),
        (3, 1, "lay", "", ("Y9 Y10 Y11",)),
        (3, 1, "discard", "K13", ()),
    ]
    assert (result.ending, result.winner, result.turns) == ("normal", 1, 3)
    assert result.results == (101, -202)


def test_the_round_ends_by_the_stock_when_a_seat_must_draw() -> None:
    # nobody can open with a stock of 0: seat 1 discards, seat 2 cannot take
    # the discard to open, must draw, and the stock is empty [R-SCORE]
    deal = stacked(["R1 R3 R5 R7 R9 R11 R13 B2 B4 B6 B8 B10 B12 K1 K3 K5 K7 K9 K11 K13 Y2 Y4",
                    SEAT_2], stock=0)  # fmt: skip
    result = play_round(deal, keep_actions=True, bots="quick")
    assert [a.event.kind for a in result.actions] == ["discard"]
    assert (result.ending, result.winner, result.openings) == ("stock", None, ())
    assert result.results == (-202, -202)


# --- the audit ---------------------------------------------------------------------------


def test_audit_names_a_missing_tile_and_an_illegal_group() -> None:
    deal = deal_round(1, 2)
    states = [
        start(Event("new", tiles=r, players=2, seat=i, rules=TrackRules()))
        for i, r in enumerate(deal.racks, start=1)
    ]
    assert audit(states, deal.stock, deal, table=True) is None
    message = audit(states, deal.stock[1:], deal, table=True)
    assert message == (
        f"the tiles do not add up to the 106 of the set: {deal.stock[0].code} x1 missing [R-TILES]"
    )
    bad = TableMeld("run", tiles("R3 R4 R6"), tuple(parse_face(c) for c in ("R3", "R4", "R6")), 1)
    broken = [replace(s, table=(bad,)) for s in states]
    message = audit(broken, deal.stock, deal, table=True)
    assert message is not None
    assert "R3" in message and "R6" in message  # tiles now counted twice
    stock = Counter(deal.stock)
    stock.subtract(tiles("R3 R4 R6"))
    if all(k >= 0 for k in stock.values()):  # the table's tiles taken out of the stock
        message = audit(broken, tuple(stock.elements()), deal, table=True)
        assert message is not None and message.startswith("table group 1 (R3 R4 R6) is not legal")


def test_a_deal_that_does_not_add_up_stops_with_its_seed() -> None:
    deal = deal_round(42, 2)
    short = RoundDeal(42, deal.racks, None, deal.stock[1:])
    with pytest.raises(RoundViolation) as caught:
        play_round(short, bots="quick")
    assert caught.value.seed == 42
    assert str(caught.value).startswith("round seed 42: turn 1, seat 1, ")
    assert "missing [R-TILES]" in str(caught.value)


VARIANTS = (
    RoundVariant("classic"),
    RoundVariant("rising", rules=TrackRules(rising=True)),
    RoundVariant("okey", indicator_from_deal=True),
    RoundVariant("limit2", rules=TrackRules(layoff_limit=2)),
    RoundVariant("nojp", rules=TrackRules(joker_pairs=False)),
)


def test_200_seeded_rounds_keep_every_tile_and_every_group_legal() -> None:
    # 40 seeds x 5 variants, 2 or 3 players, a stock of 4; play_round audits every action
    endings: Counter[str] = Counter()
    laid = 0
    for seed in range(1, 41):
        for variant in VARIANTS:
            players = 2 + seed % 2
            deal = variant.deal(seed, players).short(4)
            result = play_round(deal, variant.rules, keep_actions=True, bots="quick")
            endings[result.ending] += 1
            laid += sum(1 for a in result.actions if a.event.kind == "lay")
            final = result.results
            assert len(final) == players
            if result.winner is not None:
                assert final[result.winner - 1] in (101, 202, 404)
    assert sum(endings.values()) == 200
    assert laid > 200  # the audit judged many tables, not empty ones
    assert endings["stock"] > 0 and endings["normal"] > 0


def test_quick_discard_keeps_neighbours() -> None:
    # K13 has no neighbour; R5 has R6 and R7; Y1 has B1
    assert quick_discard(tiles("R5 R6 R7 B1 Y1 K13 J")) == parse_tile("K13")
    assert quick_discard(tiles("J J")) == WILD


# --- many rounds: determinism, JSON, the log ---------------------------------------------


def _short_variants() -> list[RoundVariant]:
    return [RoundVariant("classic"), RoundVariant("okey", indicator_from_deal=True)]


def test_simulate_rounds_same_figures_for_any_executor() -> None:
    alone = simulate_rounds(3, 11, 4, _short_variants(), bots="quick")
    with ProcessPoolExecutor(max_workers=2) as pool:
        spread = simulate_rounds(3, 11, 4, _short_variants(), bots="quick", executor=pool,
                                 chunk_size=1)  # fmt: skip
    assert json.dumps(rounds_json(alone)) == json.dumps(rounds_json(spread))
    data = rounds_json(alone)
    Draft202012Validator(load_schema("rounds")).validate(data)
    classic = data["variants"][0]
    assert classic["finished"]["count"] + classic["stock"]["count"] == 3
    assert (
        sum(classic["first_opening"]["histogram"].values())
        + classic["first_opening"]["nobody_opened"]
        == 3
    )


def test_cli_same_seed_same_bytes_for_jobs_1_and_2_and_the_log(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["simulate", "--rounds", "2", "--players", "4", "--seed", "5", "--bots", "quick",
            "--variant", "classic=", "--variant", "rising=--rising"]  # fmt: skip
    one = runner.invoke(main, [*args, "--jobs", "1", "--log", str(tmp_path / "a.jsonl")])
    two = runner.invoke(main, [*args, "--jobs", "2", "--log", str(tmp_path / "b.jsonl")])
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert one.output.startswith("2 rounds of 4 players played by the quick bots (seeds 5–6);")
    records = [json.loads(line) for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    validator = Draft202012Validator(load_schema("round-log"))
    for record in records:
        validator.validate(record)
    news = [r for r in records if r["kind"] == "new"]
    ends = [r for r in records if r["kind"] == "end"]
    assert [(r["variant"], r["seed"]) for r in news] == [
        (v, s) for s in range(5, 7) for v in ("classic", "rising")
    ]
    assert len(ends) == 4
    # the log replays: the first round's seat 1, from its deal, through the track checks
    first = records[: records.index(ends[0]) + 1]
    assert first[0]["racks"] == deal_round(5, 4).to_json()["racks"]
    own = [r for r in first[1:-1] if r["player"] == 1]
    assert own[0]["kind"] in ("lay", "discard")  # seat 1 starts with 22 tiles: no draw
    assert one.output.splitlines()[2].split() == ["classic", "rising"]  # the variants


def test_a_joker_leaves_a_pair_for_the_tile_it_stands_for() -> None:
    # play plans a retrieval from a pair (R7 J=R7 → R7 R7) [R-RETRIEVE]; the round
    # (track's checks) takes it: the pair stays a pair, the joker goes to the rack
    from rummy101_solver.game.round import apply

    state = start(Event("new", tiles=tiles("R8 R9 R10 R11 R12 R13 K8 K9 K10 K11 K12 K13"
                                           " Y1 Y2 Y3 R7 K1 K2 K3 K4 K5 K6"),
                        players=2, seat=1, rules=TrackRules()))  # fmt: skip
    for event in (
        Event("lay", player=1, groups=("R8 R9 R10 R11 R12 R13", "K8 K9 K10 K11 K12 K13")),
        Event("discard", tile=parse_tile("K1")),
        Event("lay", player=2, groups=("R7 J=R7", "B1 B1", "B2 B2", "B3 B3", "B4 B4")),
        Event("seen", player=2, tile=parse_tile("Y9")),
        Event("draw", tile=parse_tile("Y8")),
        Event("lay", player=1, groups=("R7",), onto=3),
    ):
        state, _ = apply(state, event)
    assert state.table[2].kind == "pair"
    assert codes(state.table[2].tiles) == "R7 R7"
    assert WILD in state.rack and parse_tile("R7") not in state.rack
