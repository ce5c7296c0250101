"""Round scoring, library and ``rummy101 score`` command, with exact numbers
[R-PENALTY R-JOKER-FINISH R-ONE-TURN R-SCORE R-FINISH R-TILES R-RACK].

Every row of the penalty tables of RULES.md and seeds 000–002 (German, Turkish,
Spanish) and the empty round of seed 004 has a test; every rule a round is
checked against has one input that breaks it (exact message, exit 2) and one
that satisfies it (exit 0, exact total).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from rummy101_solver.cli.score import score
from rummy101_solver.game.scoring import (
    JOKER_WIN,
    NORMAL_WIN,
    ExtraPenalty,
    PlayerHand,
    ScoreError,
    ScoreRules,
    hand_penalty,
    parse_extra,
    parse_player,
    round_json,
    score_round,
)
from rummy101_solver.game.tiles import COLOURS, NUMBERS, WILD, Tile


def invoke(*args: str, input: str | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(score, list(args), input=input, prog_name="rummy101 score")
    return result.output, result.exit_code


def score_json(*args: str, input: str | None = None) -> dict[str, object]:
    out, code = invoke(*args, "--format", "json", input=input)
    assert code == 0, out
    data: dict[str, object] = json.loads(out)
    return data


def rows(*players: str) -> list[PlayerHand]:
    return [parse_player(p) for p in players]


# --- R-PENALTY: the hand penalty table (seeds 000–002, "Strafe / Ceza / Penalización")
HAND_PENALTIES = [
    # state, tiles left, joker left counts, penalty
    ("not", "", 101, 202),
    ("not", "R13 B13 K13 J", 101, 202),  # tiles of an unopened hand do not matter
    ("melds", "R3 R5", 101, 8),
    ("melds", "R13", 101, 13),
    ("melds", "J", 101, 101),  # a joker left counts 101
    ("melds", "R3 R5 J", 101, 109),
    ("pairs", "K2 K9", 101, 22),  # 2 * 11
    ("pairs", "R4 Y5", 101, 18),  # 2 * 9
    ("pairs", "K2 J", 101, 206),  # 2 * (2 + 101)
    ("melds", "R3 J", 50, 53),  # house value of a joker left
    ("pairs", "J", 50, 100),
    ("melds", "R3 J", 0, 3),
]


@pytest.mark.parametrize(("state", "tiles", "joker", "penalty"), HAND_PENALTIES)
def test_hand_penalty_table(state: str, tiles: str, joker: int, penalty: int) -> None:
    hand = parse_player(f"X: {state} {tiles}")
    assert hand.state is not None
    rules = ScoreRules(joker_left_points=joker)
    assert hand_penalty(hand.state, hand.tiles, rules) == penalty


# --- whole rounds: (end, winner, players, switches, [(points, base, multiplier, rule)], total)
P = tuple[int, int, int | None, str]
ROUNDS: list[tuple[str, str | None, list[str], dict[str, object], list[P], int]] = [
    # normal finish: hand penalties, winner +101 [R-PENALTY R-SCORE]
    (
        "normal",
        "Ali",
        ["Ali", "Bea: not", "Can: melds R3 R5", "Deniz: pairs K2 K9"],
        {},
        [(101, 0, None, "R-SCORE"), (-202, 202, 1, "R-PENALTY"), (-8, 8, 1, "R-PENALTY"),
         (-22, 22, 1, "R-PENALTY")],
        -131,
    ),
    # a joker left counts 101 after melds [R-PENALTY]
    (
        "normal",
        "Ali",
        ["Ali", "Can: melds J", "Bea: melds R3 R5 J"],
        {},
        [(101, 0, None, "R-SCORE"), (-101, 101, 1, "R-PENALTY"), (-109, 109, 1, "R-PENALTY")],
        -109,
    ),
    # joker finish: 404 unopened, 2 * sum after melds, 4 * sum after pairs; winner +202
    (
        "joker",
        "Ali",
        ["Ali", "Bea: not", "Can: melds R3 R5", "Deniz: pairs R4 Y5"],
        {},
        [(202, 0, None, "R-SCORE"), (-404, 202, 2, "R-JOKER-FINISH"),
         (-16, 8, 2, "R-JOKER-FINISH"), (-36, 18, 2, "R-JOKER-FINISH")],
        -254,
    ),
    # joker finish against a joker left after melds: 2 * (3 + 101)
    (
        "joker",
        "Bea",
        ["Can: melds R3 J", "Bea"],
        {},
        [(-208, 104, 2, "R-JOKER-FINISH"), (202, 0, None, "R-SCORE")],
        -6,
    ),
    # one-turn finish: every opponent -404, winner +202 [R-ONE-TURN R-SCORE]
    (
        "one-turn",
        "Can",
        ["Ali: not", "Bea: not R1 R2", "Can", "Deniz: not"],
        {},
        [(-404, 202, 2, "R-ONE-TURN"), (-404, 202, 2, "R-ONE-TURN"), (202, 0, None, "R-SCORE"),
         (-404, 202, 2, "R-ONE-TURN")],
        -1010,
    ),
    # one-turn finish with a joker: -808 each, winner +404
    (
        "one-turn-joker",
        "Ali",
        ["Ali", "Bea: not", "Can: not"],
        {},
        [(404, 0, None, "R-SCORE"), (-808, 202, 4, "R-ONE-TURN"), (-808, 202, 4, "R-ONE-TURN")],
        -1212,
    ),
    # the seed 004 switch leaves a one-turn finish alone: the winner opened
    (
        "one-turn",
        "Ali",
        ["Ali", "Bea: not"],
        {"nobody_opened_scores_nothing": True},
        [(202, 0, None, "R-SCORE"), (-404, 202, 2, "R-ONE-TURN")],
        -202,
    ),
    # stock ran out: no winner, everyone takes the hand penalty [R-SCORE R-PENALTY]
    (
        "stock",
        None,
        ["Ali: melds R3", "Bea: not", "Can: pairs R1 R1", "Deniz: melds J K13"],
        {},
        [(-3, 3, 1, "R-PENALTY"), (-202, 202, 1, "R-PENALTY"), (-4, 4, 1, "R-PENALTY"),
         (-114, 114, 1, "R-PENALTY")],
        -323,
    ),
    # stock ran out, nobody opened, default rules: everyone -202
    (
        "stock",
        None,
        ["Ali: not", "Bea: not", "Can: not"],
        {},
        [(-202, 202, 1, "R-PENALTY")] * 3,
        -606,
    ),
    # seed 004 variant: nobody opened during the round, it scores nothing
    (
        "stock",
        None,
        ["Ali: not", "Bea: not", "Can: not"],
        {"nobody_opened_scores_nothing": True},
        [(0, 202, 0, "R-SCORE")] * 3,
        0,
    ),
    # seed 004 variant, but someone opened: hand penalties as usual
    (
        "stock",
        None,
        ["Ali: not", "Bea: melds R9"],
        {"nobody_opened_scores_nothing": True},
        [(-202, 202, 1, "R-PENALTY"), (-9, 9, 1, "R-PENALTY")],
        -211,
    ),
    # house value of a joker left, doubled by pairs and by the joker finish: 4 * (2 + 50)
    (
        "joker",
        "Ali",
        ["Ali", "Bea: pairs K2 J"],
        {"joker_left_points": 50},
        [(202, 0, None, "R-SCORE"), (-208, 104, 2, "R-JOKER-FINISH")],
        -6,
    ),
]  # fmt: skip


@pytest.mark.parametrize(("end", "winner", "players", "switches", "expected", "total"), ROUNDS)
def test_round_scores(
    end: str,
    winner: str | None,
    players: list[str],
    switches: dict[str, object],
    expected: list[P],
    total: int,
) -> None:
    result = score_round(end, winner, rows(*players), ScoreRules(**switches))  # type: ignore[arg-type]
    got = [(p.points, p.base_penalty, p.multiplier, p.rule) for p in result.players]
    assert got == expected
    assert result.total == total
    assert [p.name for p in result.players] == [parse_player(t).name for t in players]
    for p in result.players:
        if not p.winner:
            assert p.base_penalty * (p.multiplier or 0) == -p.points


@pytest.mark.parametrize(("end", "winner", "players", "switches", "expected", "total"), ROUNDS)
def test_the_command_scores_rounds_alike(
    end: str,
    winner: str | None,
    players: list[str],
    switches: dict[str, object],
    expected: list[P],
    total: int,
) -> None:
    args = ["--end", end, *players]
    if winner is not None:
        args += ["--winner", winner]
    if "joker_left_points" in switches:
        args += ["--joker-left", str(switches["joker_left_points"])]
    if switches.get("nobody_opened_scores_nothing"):
        args.append("--nobody-opened-scores-nothing")
    data = score_json(*args)
    assert [p["points"] for p in data["players"]] == [e[0] for e in expected]  # type: ignore[attr-defined]
    assert data["total"] == total


def test_reasons_say_why() -> None:
    result = score_round(
        "joker",
        "Ali",
        rows("Ali", "Bea: not", "Can: melds R3 J", "Deniz: pairs R4 Y5"),
    )
    assert [p.reason for p in result.players] == [
        "finished by discarding a joker: the winner gains 202",
        "never opened: 202; doubled by the joker finish",
        "opened with melds: tiles left sum to 104 (a joker counts 101);"
        " doubled by the joker finish",
        "opened with pairs: tiles left sum to 9, doubled; doubled again by the joker finish",
    ]
    stock = score_round("stock", None, rows("A: not", "B: not"), ScoreRules(True, True))
    assert stock.players[0].reason == (
        "stock ran out and nobody opened: the round scores nothing (seed 004 variant)"
    )
    assert stock.empty_round is True
    assert score_round("stock", None, rows("A: not", "B: not")).empty_round is False


def test_winner_gains() -> None:
    gains = {
        end: score_round(end, "A", rows("A", "B: not")).players[0].points
        for end in ("normal", "joker", "one-turn", "one-turn-joker")
    }
    assert gains == {"normal": 101, "joker": 202, "one-turn": 202, "one-turn-joker": 404}
    assert (NORMAL_WIN, JOKER_WIN) == (101, 202)


# --- text and JSON output --------------------------------------------------------------
EXAMPLE = [
    "--end", "joker", "--winner", "Ali", "Ali", "Bea: pairs K2 K9", "Can: melds R3 R5 J",
    "Deniz: not",
]  # fmt: skip


def test_text_output_is_exact() -> None:
    out, code = invoke(*EXAMPLE)
    assert code == 0
    assert out == (
        "Round: joker finish, winner Ali.\n"
        "player    state    tiles left      base penalty    multiplier    points  rule\n"
        "--------  -------  ------------  --------------  ------------  --------  --------------\n"
        "Ali       winner   –                          –             –      +202  R-SCORE\n"
        "Bea       pairs    K2 K9                     22             2       -44  R-JOKER-FINISH\n"
        "Can       melds    R3 R5 J                  109             2      -218  R-JOKER-FINISH\n"
        "Deniz     not      –                        202             2      -404  R-JOKER-FINISH\n"
        "Total: -464 (every player's round result added up, extra penalties included;"
        " not zero-sum: the winner's gain is fixed) [R-SCORE]\n"
    )


def test_text_output_names_house_rules_and_the_empty_round() -> None:
    out, code = invoke(
        "--end", "stock", "--nobody-opened-scores-nothing", "--joker-left", "50", "A: not", "B: not"
    )
    assert code == 0
    assert out.splitlines()[:3] == [
        "Round: the stock ran out.",
        "House rules: a joker left counts 50; a round nobody opened scores nothing (seed 004).",
        "Nobody opened: an empty round, no points [R-SCORE].",
    ]
    assert out.splitlines()[-1].startswith("Total: 0 (every player's round result added up")


def test_other_table_formats() -> None:
    out, code = invoke("--format", "github", "--winner", "A", "A", "B: melds R3 K4")
    assert code == 0
    lines = out.splitlines()
    assert lines[2] == "|" + "|".join("-" * w for w in (10, 9, 14, 16, 14, 10, 11)) + "|"
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines[1:5:]]
    assert cells[0] == [
        "player", "state", "tiles left", "base penalty", "multiplier", "points", "rule"
    ]  # fmt: skip
    assert cells[2:] == [
        ["A", "winner", "–", "–", "–", "+101", "R-SCORE"],
        ["B", "melds", "R3 K4", "7", "1", "-7", "R-PENALTY"],
    ]


HOUSE_DEFAULTS = {
    "indicator_twin": False, "fed_opening": False, "pairs_declare": False, "pairs_cap": False,
    "riziko": False, "katlama": False, "okey_left": "inside", "finish_table": "classic",
    "teams": False, "layoff_per_end": None, "layoff_takeback": False,
}  # fmt: skip
"""The house rules of Turkish tables at their defaults, as score's JSON writes them [issue 30]."""

ROUND_DEFAULTS = {
    "kat": 1, "fake_indicator": False, "round_multiplier": {"value": 1, "rules": []},
    "void": False, "teams": [],
}  # fmt: skip
"""The round's house facts at their defaults [R-KATLAMA, R-RIZIKO, R-PAIRS-CAP, R-TEAMS]."""


def parts(
    hand: int, pairs: int = 1, finish: int | None = 1, win: int | None = None
) -> dict[str, object]:
    """A player's "parts" with no surcharge, round multiplier 1, no extras."""
    return {
        "hand_penalty": hand, "pairs_multiplier": pairs, "finish_multiplier": finish,
        "okey_surcharge": 0, "round_multiplier": 1, "winner_amount": win, "extras": [],
    }  # fmt: skip


def test_json_output_is_exact() -> None:
    assert score_json(*EXAMPLE) == {
        "end": "joker",
        "winner": "Ali",
        "rules": {"joker_left_points": 101, "nobody_opened_scores_nothing": False,
                  "sheet": "gains", "pairs_finish_doubles": False, "open_finish": "plain"},
        "house": HOUSE_DEFAULTS,
        "players": [
            {"name": "Ali", "state": None, "tiles": [], "base_penalty": 0, "multiplier": None,
             "points": 202, "rule": "R-SCORE",
             "reason": "finished by discarding a joker: the winner gains 202",
             "extras": [], "result": 202, "declared": False,
             "parts": parts(0, finish=None, win=202)},
            {"name": "Bea", "state": "pairs", "tiles": ["K2", "K9"], "base_penalty": 22,
             "multiplier": 2, "points": -44, "rule": "R-JOKER-FINISH",
             "reason": "opened with pairs: tiles left sum to 11, doubled;"
             " doubled again by the joker finish",
             "extras": [], "result": -44, "declared": False, "parts": parts(11, 2, 2)},
            {"name": "Can", "state": "melds", "tiles": ["R3", "R5", "J"], "base_penalty": 109,
             "multiplier": 2, "points": -218, "rule": "R-JOKER-FINISH",
             "reason": "opened with melds: tiles left sum to 109 (a joker counts 101);"
             " doubled by the joker finish",
             "extras": [], "result": -218, "declared": False, "parts": parts(109, 1, 2)},
            {"name": "Deniz", "state": "not", "tiles": [], "base_penalty": 202, "multiplier": 2,
             "points": -404, "rule": "R-JOKER-FINISH",
             "reason": "never opened: 202; doubled by the joker finish",
             "extras": [], "result": -404, "declared": False, "parts": parts(202, 1, 2)},
        ],
        "total": -464,
        **ROUND_DEFAULTS,
    }  # fmt: skip


def test_json_keeps_non_ascii_names_and_canonical_tile_order() -> None:
    out, code = invoke("--format", "json", "--winner", "Ayşe", "Ayşe", "Gül: melds J Y2 R9 B1")
    assert code == 0
    assert '"name": "Gül"' in out
    data = json.loads(out)
    assert data["players"][1]["tiles"] == ["R9", "B1", "Y2", "J"]
    assert data["players"][1]["points"] == -113


# --- input syntax ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "name", "state", "tiles"),
    [
        ("Ali", "Ali", None, []),
        ("Ali:", "Ali", None, []),
        ("  Deniz   K :  not ", "Deniz K", "not", []),
        ("Bea: pairs K2 K9", "Bea", "pairs", ["K2", "K9"]),
        ("Bea:pairs K2,K9", "Bea", "pairs", ["K2", "K9"]),
        ("Can: MELDS red 3 5r *", "Can", "melds", ["R3", "R5", "J"]),
        ("Can: not R1", "Can", "not", ["R1"]),
        ("Ece: açmadı", "Ece", "not", []),
        ("Ece: ACMADI", "Ece", "not", []),
        ("Ece: per R3", "Ece", "melds", ["R3"]),
        ("Ece: çift R3", "Ece", "pairs", ["R3"]),
        ("Ede: nicht", "Ede", "not", []),
        ("Ede: folgen R3", "Ede", "melds", ["R3"]),
        ("Ede: paare R3", "Ede", "pairs", ["R3"]),
        ("Eva: sin", "Eva", "not", []),
        ("Eva: escaleras R3", "Eva", "melds", ["R3"]),
        ("Eva: parejas R3", "Eva", "pairs", ["R3"]),
    ],
)
def test_player_syntax(text: str, name: str, state: str | None, tiles: list[str]) -> None:
    hand = parse_player(text)
    assert (hand.name, hand.state, [t.code for t in hand.tiles]) == (name, state, tiles)


def test_players_from_stdin_one_per_line() -> None:
    lines = "Ali\n\n# a comment\nBea: melds R3 R5\n  Can: not  \n"
    for args in (["--winner", "Ali"], ["--winner", "Ali", "-"]):
        data = score_json(*args, input=lines)
        assert [p["name"] for p in data["players"]] == ["Ali", "Bea", "Can"]  # type: ignore[attr-defined]
        assert [p["points"] for p in data["players"]] == [101, -8, -202]  # type: ignore[attr-defined]


def test_winner_and_end_are_matched_ignoring_case() -> None:
    data = score_json("--end", "JOKER", "--winner", "ali", "Ali", "Bea: not")
    assert (data["end"], data["winner"], data["total"]) == ("joker", "Ali", 202 - 404)


def test_the_winner_may_be_given_a_state() -> None:
    data = score_json("--winner", "Ali", "Ali: melds", "Bea: not")
    assert data["players"] == [  # the winner's state changes nothing
        {"name": "Ali", "state": "melds", "tiles": [], "base_penalty": 0, "multiplier": None,
         "points": 101, "rule": "R-SCORE", "reason": "finished: the winner gains 101",
         "extras": [], "result": 101, "declared": False, "parts": parts(0, finish=None, win=101)},
        {"name": "Bea", "state": "not", "tiles": [], "base_penalty": 202, "multiplier": 1,
         "points": -202, "rule": "R-PENALTY", "reason": "never opened: 202",
         "extras": [], "result": -202, "declared": False, "parts": parts(202)},
    ]  # fmt: skip


# --- each check: an input that breaks it (exact message, exit 2) and one that passes ----
CHECKS = [
    # (rule, bad args, message, good args, total of the good round)
    ("R-SCORE stock has no winner",
     ["--end", "stock", "--winner", "A", "A: not", "B: not"],
     "the stock ran out, so there is no winner; drop the winner 'A' [R-SCORE]",
     ["--end", "stock", "A: not", "B: not"], -404),
    ("R-SCORE a finish needs a winner",
     ["--end", "joker", "A: not", "B: not"],
     "a joker finish needs a winner: name who finished (--winner) [R-SCORE]",
     ["--end", "joker", "--winner", "A", "A", "B: not"], 202 - 404),
    ("R-SCORE the winner is a player",
     ["--winner", "Zed", "A", "B: not"],
     "winner 'Zed' is not one of the players (A, B) [R-SCORE]",
     ["--winner", "A", "A", "B: not"], 101 - 202),
    ("R-SCORE two players or more",
     ["--winner", "A", "A"],
     "a round needs at least 2 players, got 1 [R-SCORE]",
     ["--winner", "A", "A", "B: not"], 101 - 202),
    ("names are unique",
     ["--winner", "A", "A", "B: not", "b: melds R3"],
     "player 'b' is listed twice; names must be unique",
     ["--winner", "A", "A", "B: not", "C: melds R3"], 101 - 202 - 3),
    ("a player has a name",
     ["--winner", "A", "A", ": not"],
     "': not': no name before ':'; write NAME: STATE TILES, e.g. 'Bea: melds R3 R5'"
     " or 'Can: not'",
     ["--winner", "A", "A", "B: not"], 101 - 202),
    ("R-FINISH the winner's rack is empty",
     ["--winner", "A", "A: melds R3 J", "B: not"],
     "winner 'A' still holds R3 J; the winner ends with an empty rack [R-FINISH]",
     ["--winner", "A", "A: melds", "B: not"], 101 - 202),
    ("R-PENALTY a loser has a state",
     ["--winner", "A", "A", "B"],
     "player 'B' has no state: write 'B: not', 'B: melds TILES' or 'B: pairs TILES' [R-PENALTY]",
     ["--winner", "A", "A", "B: not"], 101 - 202),
    ("R-PENALTY a loser's state is a state",
     ["--winner", "A", "A", "B: K2 K9"],
     "player 'B': 'K2' is not a state; use not, melds or pairs [R-PENALTY]",
     ["--winner", "A", "A", "B: pairs K2 K9"], 101 - 22),
    ("R-PENALTY an opened loser holds tiles",
     ["--winner", "A", "A", "B: melds"],
     "player 'B' opened with melds but lists no tiles left; only the winner ends with an"
     " empty rack [R-PENALTY]",
     ["--winner", "A", "A", "B: melds K1"], 101 - 1),
    ("R-ONE-TURN every opponent unopened",
     ["--end", "one-turn", "--winner", "A", "A", "B: not", "C: melds R3"],
     "player 'C' opened with melds, but a one-turn finish needs every opponent unopened"
     " [R-ONE-TURN]",
     ["--end", "one-turn", "--winner", "A", "A", "B: not", "C: not R3"], 202 - 808),
    ("R-ONE-TURN with a joker, every opponent unopened",
     ["--end", "one-turn-joker", "--winner", "A", "A", "B: pairs R3 R3"],
     "player 'B' opened with pairs, but a one-turn finish needs every opponent unopened"
     " [R-ONE-TURN]",
     ["--end", "one-turn-joker", "--winner", "A", "A", "B: not"], 404 - 808),
    ("R-TILES two copies of a tile in the round",
     ["--end", "stock", "A: melds R7 R7", "B: melds R7"],
     "player 'B': a third R7 in the round; the set has only 2 copies of each tile [R-TILES]",
     ["--end", "stock", "A: melds R7 R7", "B: melds B7"], -21),
    ("R-TILES two jokers in the round",
     ["--end", "stock", "A: melds J", "B: melds J J"],
     "player 'B': a third joker in the round; the set has only 2 [R-TILES]",
     ["--end", "stock", "A: melds J", "B: melds J"], -202),
    ("R-RACK at most 22 tiles",
     ["--end", "stock", "A: not", "B: not " + " ".join(f"{c}{n}" for c in "RB" for n in
                                                       range(1, 13))],
     "player 'B' holds 24 tiles; a rack holds at most 22 [R-RACK]",
     ["--end", "stock", "A: not", "B: not " + " ".join(f"{c}{n}" for c in "RB" for n in
                                                       range(1, 12))], -404),
    ("tiles are tiles",
     ["--end", "stock", "A: not", "B: melds R3 R4 R14"],
     "player 'B': 'R14' (tile 3): numbers run 1–13",
     ["--end", "stock", "A: not", "B: melds R3 R4 R13"], -202 - 20),
]  # fmt: skip


@pytest.mark.parametrize(
    ("bad", "message", "good", "total"), [c[1:] for c in CHECKS], ids=[c[0] for c in CHECKS]
)
def test_each_check_breaks_and_passes(
    bad: list[str], message: str, good: list[str], total: int
) -> None:
    out, code = invoke(*bad)
    assert (out, code) == (f"Error: {message}\n", 2)
    assert score_json(*good)["total"] == total


def test_empty_stdin_is_fewer_than_two_players() -> None:
    out, code = invoke(input="")
    assert (out, code) == ("Error: a round needs at least 2 players, got 0 [R-SCORE]\n", 2)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--joker-left", "-1", "A", "B: not"], "Invalid value for '--joker-left'"),
        (["--end", "draw", "A", "B: not"], "Invalid value for '--end'"),
        (["--format", "nope", "A", "B: not"], "Invalid value for '--format'"),
    ],
)
def test_bad_options_exit_2(args: list[str], fragment: str) -> None:
    out, code = invoke(*args)
    assert code == 2
    assert fragment in out


def test_library_errors() -> None:
    hands = rows("A", "B: not")
    with pytest.raises(ScoreError) as err:
        score_round("draw", "A", hands)  # type: ignore[arg-type]
    assert str(err.value) == (
        "unknown round end 'draw'; use one of normal, joker, one-turn, one-turn-joker,"
        " open-finish, open-finish-joker, stock"
        " [R-SCORE]"
    )
    with pytest.raises(ScoreError) as err:
        score_round("normal", "A", hands, ScoreRules(joker_left_points=-1))
    assert str(err.value) == "a joker left must cost 0 points or more, not -1 [R-PENALTY]"
    with pytest.raises(ScoreError) as err:
        score_round("normal", "A", [*hands, PlayerHand(" ", "not")])
    assert str(err.value).startswith("player 3 has no name;")
    with pytest.raises(ScoreError) as err:
        parse_player("   ")
    assert str(err.value).startswith("an empty player;")
    assert isinstance(err.value, ValueError)


def test_round_json_of_a_stock_round() -> None:
    result = score_round("stock", None, rows("A: melds R3", "B: not"))
    assert round_json(result) == {
        "end": "stock",
        "winner": None,
        "rules": {"joker_left_points": 101, "nobody_opened_scores_nothing": False,
                  "sheet": "gains", "pairs_finish_doubles": False, "open_finish": "plain"},
        "house": HOUSE_DEFAULTS,
        "players": [
            {"name": "A", "state": "melds", "tiles": ["R3"], "base_penalty": 3, "multiplier": 1,
             "points": -3, "rule": "R-PENALTY",
             "reason": "stock ran out: opened with melds: tiles left sum to 3",
             "extras": [], "result": -3, "declared": False, "parts": parts(3)},
            {"name": "B", "state": "not", "tiles": [], "base_penalty": 202, "multiplier": 1,
             "points": -202, "rule": "R-PENALTY", "reason": "stock ran out: never opened: 202",
             "extras": [], "result": -202, "declared": False, "parts": parts(202)},
        ],
        "total": -205,
        **ROUND_DEFAULTS,
    }  # fmt: skip


# --- properties over dealt hands ------------------------------------------------------------
TILE_SET = [Tile.of(c, n) for c in COLOURS for n in NUMBERS] * 2 + [WILD, WILD]


@st.composite
def opponents(draw: st.DrawFn) -> list[PlayerHand]:
    # one joker stays with the winner: a joker finish discards it [R-JOKER-FINISH]
    deck = draw(st.permutations(TILE_SET[:-1]))
    count = draw(st.integers(1, 3))
    hands = []
    for i in range(count):
        state = draw(st.sampled_from(["not", "melds", "pairs"]))
        size = draw(st.integers(0 if state == "not" else 1, 8))
        tiles = tuple(deck[i * 8 : i * 8 + size])
        hands.append(PlayerHand(f"P{i}", state, tiles))  # type: ignore[arg-type]
    return hands


@given(opponents())
def test_a_joker_finish_doubles_every_penalty_of_a_normal_finish(hands: list[PlayerHand]) -> None:
    table = [PlayerHand("W"), *hands]
    normal = score_round("normal", "W", table)
    joker = score_round("joker", "W", table)
    assert [j.points for j in joker.players[1:]] == [2 * n.points for n in normal.players[1:]]
    for n, hand in zip(normal.players[1:], hands, strict=True):
        left = sum(101 if t.face is None else t.face.number for t in hand.tiles)
        expected = {"not": 202, "melds": left, "pairs": 2 * left}[hand.state or ""]
        assert n.points == -expected
    stock = score_round("stock", None, [*hands, PlayerHand("W", "not")])
    assert [s.points for s in stock.players] == [n.points for n in normal.players[1:]] + [-202]


# --- extra penalties [R-EXTRA-PENALTY] -------------------------------------------------------
EXTRAS = [
    # --extra, kind, penalty, reason
    ("Bea: joker-discard", "joker-discard", 101, "discarded a joker a neighbour could use"),
    ("Bea: layable-discard", "layable-discard", 101, "discarded a tile that could be laid off"),
    ("Bea: failed-opening", "failed-opening", 101, "an illegal or short opening taken back"),
    ("bea: FAILED-OPENING", "failed-opening", 101, "an illegal or short opening taken back"),
    ("Bea: 50 late", "points", 50, "late"),
    ("Bea: 7", "points", 7, ""),
    ("Bea:  9999  slow   play ", "points", 9999, "slow play"),
]


@pytest.mark.parametrize(("text", "kind", "penalty", "reason"), EXTRAS)
def test_every_extra_reason(text: str, kind: str, penalty: int, reason: str) -> None:
    data = score_json("--winner", "Ali", "Ali", "Bea: melds R3 R5", "--extra", text)
    bea = data["players"][1]  # type: ignore[index]
    assert bea["extras"] == [
        {"kind": kind, "penalty": penalty, "points": -penalty, "rule": "R-EXTRA-PENALTY",
         "reason": reason}
    ]  # fmt: skip
    assert (bea["points"], bea["result"]) == (-8, -8 - penalty)
    assert data["total"] == 101 - 8 - penalty
    assert data["players"][0]["extras"] == []  # type: ignore[index]


def test_extras_are_not_doubled_and_count_on_the_winner_and_in_an_empty_round() -> None:
    joker = score_round(
        "joker",
        "Ali",
        rows("Ali", "Bea: not", "Can: pairs R4 R4"),
        extras=[
            parse_extra("Can: layable-discard"),
            parse_extra("ALI: failed-opening"),  # earlier in the round; the winner pays too
            parse_extra("Can: 20 slow"),
        ],
    )
    assert [(p.points, p.result) for p in joker.players] == [
        (202, 101),
        (-404, -404),
        (-32, -32 - 101 - 20),  # 4 * 8 doubled, then the extras as they are
    ]
    assert [e.name for e in joker.players[0].extras] == ["Ali"]  # the table's spelling
    assert joker.total == 101 - 404 - 153
    empty = score_round(
        "stock",
        None,
        rows("A: not", "B: not"),
        ScoreRules(nobody_opened_scores_nothing=True),
        [parse_extra("B: joker-discard")],
    )
    assert [p.result for p in empty.players] == [0, -101]
    assert empty.empty_round is True


def test_extras_text_output_is_exact() -> None:
    out, code = invoke(
        "--end", "stock", "--nobody-opened-scores-nothing", "A: not", "B: not",
        "--extra", "B: joker-discard", "--extra", "A: 30 left the table",
    )  # fmt: skip
    assert code == 0
    assert out == (
        "Round: the stock ran out.\n"
        "House rules: a round nobody opened scores nothing (seed 004).\n"
        "Nobody opened: an empty round, only the extra penalties count [R-SCORE].\n"
        "player    state    tiles left        base penalty    multiplier    points  rule\n"
        "--------  -------  --------------  --------------  ------------  --------"
        "  ---------------\n"
        "A         not      –                          202             0         0  R-SCORE\n"
        "A         extra    left the table              30             –       -30"
        "  R-EXTRA-PENALTY\n"
        "B         not      –                          202             0         0  R-SCORE\n"
        "B         extra    joker-discard              101             –      -101"
        "  R-EXTRA-PENALTY\n"
        "Round result: A -30, B -101.\n"
        "Total: -131 (every player's round result added up, extra penalties included;"
        " not zero-sum: the winner's gain is fixed) [R-SCORE]\n"
    )


HINT = "use joker-discard, layable-discard, failed-opening or points and why, e.g. 'Can: 50 late'"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("Bea: dance", f"extra for 'Bea': 'dance' is not an extra penalty; {HINT}"),
        ("Bea joker-discard", f"extra 'Bea joker-discard': write NAME: REASON; {HINT}"),
        ("Bea:", f"extra 'Bea:': write NAME: REASON; {HINT}"),
        (": 50", f"extra ': 50': write NAME: REASON; {HINT}"),
        ("Bea: joker-discard twice",
         f"extra for 'Bea': 'twice' after joker-discard; a named extra takes no"
         f" more words; {HINT}"),
        ("Bea: 0", "extra for 'Bea': '0': an extra penalty is 1–9999 points"),
        ("Bea: -5", "extra for 'Bea': '-5': an extra penalty is 1–9999 points"),
        ("Bea: 10000", "extra for 'Bea': '10000': an extra penalty is 1–9999 points"),
        ("Zed: joker-discard",
         "extra penalty for 'Zed', who is not one of the players (Ali, Bea)"),
    ],
)  # fmt: skip
def test_bad_extras_exit_2(extra: str, message: str) -> None:
    out, code = invoke("--winner", "Ali", "Ali", "Bea: melds R3", "--extra", extra)
    assert (out, code) == (f"Error: {message} [R-EXTRA-PENALTY]\n", 2)
    assert "…" not in out  # the whole message fits the message bound


def test_a_library_extra_of_no_points_is_refused() -> None:
    with pytest.raises(ScoreError) as err:
        score_round("normal", "A", rows("A", "B: not"), extras=[ExtraPenalty("B", "points", 0)])
    assert str(err.value) == (
        "extra penalty for 'B': 0 points; an extra penalty costs 1 point or more [R-EXTRA-PENALTY]"
    )


# --- issue 11: referee paths of score ---------------------------------------------------------
def test_a_winner_who_never_opened_is_refused_outside_a_one_turn_finish() -> None:
    for end, label in [("normal", "normal finish"), ("joker", "joker finish")]:
        out, code = invoke("--end", end, "--winner", "Ali", "Ali: not", "Bea: not")
        assert (out, code) == (
            f"Error: winner 'Ali' is marked not (never opened), but a {label} needs an opening"
            " [R-FINISH]; if 'Ali' opened and finished in one turn use --end one-turn"
            " (or one-turn-joker), else drop the state: 'Ali'\n",
            2,
        )
    # the hint's two ways out both score
    assert score_json("--end", "one-turn", "--winner", "Ali", "Ali: not", "Bea: not")["total"] == (
        202 - 404
    )
    assert score_json("--end", "one-turn-joker", "--winner", "Ali", "Ali: açmadı", "Bea: not")[
        "total"
    ] == (404 - 808)
    assert score_json("--winner", "Ali", "Ali", "Bea: not")["total"] == 101 - 202


def test_a_fake_okey_message_names_no_option_score_lacks() -> None:
    for token in ("F", "fake"):
        out, code = invoke("--winner", "A", "A", f"B: melds R3 {token}")
        assert (out, code) == (
            f"Error: player 'B': '{token}' (tile 2): score counts a fake okey as the plain tile"
            " it shows: enter its colour and number (the okey's, e.g. K1 when the indicator is"
            " K13) [R-INDICATOR]\n",
            2,
        )
        assert "--indicator" not in out
    assert score_json("--winner", "A", "A", "B: melds R3 K1")["total"] == 101 - 4


def test_one_turn_any_value_is_documented_and_not_a_dead_option() -> None:
    wide = CliRunner().invoke(score, ["--help"], terminal_width=300, max_content_width=300)
    assert wide.exit_code == 0
    flat = " ".join(wide.output.split())
    assert (
        "score never sees the winner's melds, so it does not check their value, and the house"
        " switch --one-turn-any-value of solve [R-ONE-TURN-ANY-VALUE] changes nothing here"
    ) in flat
    out, code = invoke("--one-turn-any-value", "--end", "one-turn", "--winner", "A", "A", "B: not")
    assert code == 2
    assert "No such option '--one-turn-any-value'" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--winner", "Ali", "Ali", "Bea: melds R1", "Bea\u200b: melds R2"],
         "Error: player 'Bea\\u200b': U+200B is not a printable character;"
         " a name is letters, digits, punctuation and spaces\n"),
        (["--winner", "Ali", "Ali", "Bea\x1b[2J: melds R1"],
         "Error: player 'Bea\\x1b[2J': U+001B is not a printable character;"
         " a name is letters, digits, punctuation and spaces\n"),
        (["--winner", "Ali\u2060", "Ali", "Bea: melds R1"],
         "Error: winner 'Ali\\u2060': U+2060 is not a printable character;"
         " a name is letters, digits, punctuation and spaces\n"),
        (["--winner", "Ali", "Ali", "Bea: melds R1", "--extra", "B\u202eea: 5 late"],
         "Error: extra penalty for 'B\\u202eea': U+202E is not a printable character;"
         " a name is letters, digits, punctuation and spaces\n"),
    ],
    ids=["zero-width space", "escape sequence", "word joiner winner", "bidi override extra"],
)  # fmt: skip
def test_a_name_with_an_invisible_character_is_refused(args: list[str], message: str) -> None:
    # two names that print alike must not count as two people; nothing stripped silently
    out, code = invoke(*args)
    assert (out, code) == (message, 2)


def test_the_library_refuses_an_invisible_name_too() -> None:
    with pytest.raises(ScoreError, match=r"player 'Ali\\t': U\+0009 is not a printable"):
        score_round("normal", "Ali", [PlayerHand("Ali\t"), parse_player("Bea: melds R1")])


def test_more_than_four_players_is_refused() -> None:
    """[issue 34] 9 players were scored; the 106 tiles deal at most 4 racks [R-TILES, R-RACK]."""
    others = [f"{name}: not" for name in "BCDEFGHI"]
    out, code = invoke("--winner", "A", "A", *others)
    assert (out, code) == (
        "Error: a round has at most 4 players, got 9: the 106 tiles deal at most 4 racks"
        " [R-TILES, R-RACK]\n",
        2,
    )
    assert score_json("--winner", "A", "A", "B: not", "C: not", "D: not")["total"] is not None
