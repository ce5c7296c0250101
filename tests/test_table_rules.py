"""The house rules of Turkish tables in scoring (issue 30): each switch off by default,
each a named part of a round's score [R-FED-OPENING, R-PAIRS-DECLARE, R-PAIRS-CAP,
R-RIZIKO, R-KATLAMA, R-OKEY-LEFT, R-FINISH-TABLE, R-TEAMS, R-LAYOFF-TAKEBACK]."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rummy101_solver import api
from rummy101_solver.cli import main
from rummy101_solver.files.ledger import read_ledger, read_standings
from rummy101_solver.game.rules import NO_HOUSE_RULES, HouseRules
from rummy101_solver.game.scoring import ScoreRules, parse_player, score_round


def cli(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


def score(*args: str) -> dict[str, Any]:
    out, code = cli("score", *args, "--format", "json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


def points(data: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["result"] for p in data["players"]}


def test_the_defaults_are_the_rule_book() -> None:
    assert HouseRules() == NO_HOUSE_RULES
    assert NO_HOUSE_RULES.changed() == ()
    assert ScoreRules().house == NO_HOUSE_RULES
    assert HouseRules.from_json({}) == NO_HOUSE_RULES
    with pytest.raises(ValueError, match="house switch 'okey_left': 'above'"):
        HouseRules.from_json({"okey_left": "above"})
    with pytest.raises(ValueError, match="house switch 'teams': 1 is not a valid value"):
        HouseRules.from_json({"teams": 1})


# --- R-RIZIKO and R-KATLAMA: the round multiplier ------------------------------------------
def test_riziko_doubles_a_normal_finish_from_101_to_202() -> None:
    data = score("--sheet", "paper", "--riziko", "--fake-indicator", "--winner", "Ali",
                 "Ali", "Bea: melds R3")  # fmt: skip
    assert points(data) == {"Ali": -202, "Bea": 6}
    assert data["round_multiplier"] == {"value": 2, "rules": ["R-RIZIKO"]}
    assert data["players"][0]["parts"]["winner_amount"] == 101
    assert data["players"][0]["parts"]["round_multiplier"] == 2


def test_a_fake_indicator_without_riziko_is_refused() -> None:
    out, code = cli("score", "--fake-indicator", "--winner", "Ali", "Ali", "Bea: not")
    assert (out, code) == (
        "Error: a fake okey as the indicator makes a riziko round only under the house rule"
        " R-RIZIKO (--riziko); this table turns up another tile instead [R-RIZIKO]\n",
        2,
    )


def test_katlama_multiplies_the_round_and_riziko_on_top() -> None:
    data = score("--katlama", "--kat", "3", "--winner", "A", "A", "B: melds R3")
    assert points(data) == {"A": 303, "B": -9}
    data = score("--katlama", "--kat", "3", "--riziko", "--fake-indicator", "--winner", "A",
                 "A", "B: melds R3")  # fmt: skip
    assert points(data) == {"A": 606, "B": -18}
    assert data["round_multiplier"] == {"value": 6, "rules": ["R-KATLAMA", "R-RIZIKO"]}
    out, code = cli("score", "--kat", "2", "--winner", "A", "A", "B: not")
    assert (out, code) == (
        "Error: a kat of 2 needs the house rule R-KATLAMA (--katlama); this table counts"
        " every round once [R-KATLAMA]\n",
        2,
    )


def test_the_round_multiplier_leaves_the_extras_alone() -> None:
    data = score("--riziko", "--fake-indicator", "--winner", "A", "A", "B: melds R3",
                 "--extra", "B: joker-discard")  # fmt: skip
    assert points(data) == {"A": 202, "B": -6 - 101}


# --- R-OKEY-LEFT -----------------------------------------------------------------------------
def test_an_okey_left_outside_the_multiplier_costs_141_not_242() -> None:
    hands = ["--winner", "A", "A", "B: pairs R9 R11 J"]
    assert points(score(*hands)) == {"A": 101, "B": -242}
    data = score("--okey-left", "outside", *hands)
    assert points(data) == {"A": 101, "B": -141}
    assert data["players"][1]["parts"] == {
        "hand_penalty": 20, "pairs_multiplier": 2, "finish_multiplier": 1,
        "okey_surcharge": 101, "round_multiplier": 1, "winner_amount": None, "extras": [],
    }  # fmt: skip
    # outside every multiplier: a joker finish doubles 40, not the okey
    assert points(score("--okey-left", "outside", "--end", "joker", *hands)) == {
        "A": 202, "B": -(2 * 2 * 20 + 101)
    }  # fmt: skip


# --- R-FINISH-TABLE ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("end", "winner_state", "winner", "bea"),
    [
        ("normal", "melds", -101, 8),  # none of okey, elden, pairs: 101 and x1
        ("normal", "pairs", -202, 16),  # a pairs finish: 202 and x2
        ("joker", "melds", -202, 16),  # with the okey: 202 and x2
        ("joker", "pairs", -404, 32),  # pairs with the okey: 404 and x4
        ("open-finish", "melds", -202, 16),  # elden (from the hand): 202 and x2
        ("open-finish-joker", "melds", -404, 32),  # elden with the okey: 404 and x4
    ],
)
def test_the_okey_plus_finish_table(end: str, winner_state: str, winner: int, bea: int) -> None:
    data = score("--sheet", "paper", "--finish-table", "okey-plus", "--end", end,
                 "--winner", "Ali", f"Ali: {winner_state}", "Bea: melds R3 R5")  # fmt: skip
    assert points(data) == {"Ali": winner, "Bea": bea}


def test_okey_plus_pairs_finish_doubles_the_opponents() -> None:
    data = score("--sheet", "paper", "--finish-table", "okey-plus", "--winner", "Ali",
                 "Ali: pairs", "Bea: melds R3 R5", "Can: not", "Deniz: pairs K2")  # fmt: skip
    assert points(data) == {"Ali": -202, "Bea": 16, "Can": 404, "Deniz": 2 * 2 * 2}
    assert [p["rule"] for p in data["players"]] == ["R-FINISH-TABLE"] * 4


def test_okey_plus_refuses_the_doubling_switches_it_replaces() -> None:
    out, code = cli("score", "--finish-table", "okey-plus", "--pairs-finish-doubles",
                    "--winner", "A", "A", "B: not")  # fmt: skip
    assert (out, code) == (
        "Error: the okey-plus finish table doubles a pairs finish already: drop"
        " --pairs-finish-doubles [R-FINISH-TABLE, R-PAIRS-FINISH]\n",
        2,
    )


# --- R-PAIRS-CAP -------------------------------------------------------------------------------
def test_all_four_on_pairs_void_the_round() -> None:
    four = ["--winner", "A", "A: pairs", "B: pairs R2", "C: pairs R3", "D: pairs R4"]
    assert points(score(*four)) == {"A": 101, "B": -4, "C": -6, "D": -8}
    data = score("--pairs-cap", *four, "--extra", "B: failed-opening")
    assert data["void"] is True
    assert points(data) == {"A": 0, "B": -101, "C": 0, "D": 0}  # the extras still count
    assert {p["rule"] for p in data["players"]} == {"R-PAIRS-CAP"}
    out, _ = cli("score", "--pairs-cap", *four)
    assert "All four opened with pairs: the round is void, nobody scores and it is dealt" in out
    # three on pairs: an ordinary round
    assert points(score("--pairs-cap", "--winner", "A", "A: melds", "B: pairs R2", "C: pairs R3",
                        "D: pairs R4")) == {"A": 101, "B": -4, "C": -6, "D": -8}  # fmt: skip


# --- R-PAIRS-DECLARE ------------------------------------------------------------------------------
def test_a_declared_player_who_never_opens_pays_404() -> None:
    data = score("--pairs-declare", "--declared", "Can", "--winner", "Ali", "Ali", "Bea: not",
                 "Can: not")  # fmt: skip
    assert points(data) == {"Ali": 101, "Bea": -202, "Can": -404}
    can = data["players"][2]
    assert can["declared"] is True
    assert (can["parts"]["hand_penalty"], can["parts"]["pairs_multiplier"]) == (202, 2)
    assert can["reason"] == "declared pairs and never opened: 202, doubled"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--declared", "Can"], "a declared pairs player needs the house rule R-PAIRS-DECLARE"
         " (--pairs-declare) [R-PAIRS-DECLARE]"),
        (["--pairs-declare", "--declared", "Zed"], "declared 'Zed' is not one of the players"
         " (Ali, Bea, Can) [R-PAIRS-DECLARE]"),
        (["--pairs-declare", "--declared", "Bea"], "player 'Bea' declared pairs but opened with"
         " melds; a declared player opens with pairs or not at all [R-PAIRS-DECLARE]"),
    ],
)  # fmt: skip
def test_declaring_pairs_is_checked(args: list[str], message: str) -> None:
    out, code = cli("score", *args, "--winner", "Ali", "Ali", "Bea: melds R3", "Can: not")
    assert (out, code) == (f"Error: {message}\n", 2)


def test_four_declared_under_the_cap_are_refused() -> None:
    out, code = cli("score", "--pairs-declare", "--pairs-cap", "--declared", "A",
                    "--declared", "B", "--declared", "C", "--declared", "D",
                    "--end", "stock", "A: not", "B: not", "C: not", "D: not")  # fmt: skip
    assert (out, code) == (
        "Error: 4 players declared pairs; at most three of a table may go for pairs"
        " [R-PAIRS-CAP]\n",
        2,
    )


# --- R-FED-OPENING and R-LAYOFF-TAKEBACK: extras with their rule ids --------------------------
def test_a_fed_opening_costs_the_discarder_101() -> None:
    data = score("--fed-opening", "--extra", "Bea: fed-opening Can", "--winner", "Ali", "Ali",
                 "Bea: melds R3", "Can: melds R5")  # fmt: skip
    assert points(data) == {"Ali": 101, "Bea": -104, "Can": -5}
    extra = data["players"][1]["extras"][0]
    assert (extra["kind"], extra["rule"], extra["points"]) == ("fed-opening", "R-FED-OPENING", -101)
    assert extra["reason"] == "its discard was taken by Can, who opened with it"
    assert data["players"][1]["parts"]["extras"] == [
        {"kind": "fed-opening", "rule": "R-FED-OPENING", "points": -101}
    ]


def test_house_extras_need_their_switch_and_a_declared_taker_frees_the_discarder() -> None:
    out, code = cli("score", "--extra", "Bea: fed-opening", "--winner", "Ali", "Ali", "Bea: not")
    assert (out, code) == (
        "Error: extra for 'Bea': fed-opening is the house rule R-FED-OPENING (--fed-opening),"
        " not played at this table [R-FED-OPENING]\n",
        2,
    )
    out, code = cli("score", "--fed-opening", "--pairs-declare", "--declared", "Can",
                    "--extra", "Bea: fed-opening Can", "--winner", "Ali", "Ali", "Bea: not",
                    "Can: pairs R5")  # fmt: skip
    assert (out, code) == (
        "Error: extra for 'Bea': 'Can' declared pairs, so feeding that opening costs nothing"
        " [R-PAIRS-DECLARE, R-FED-OPENING]\n",
        2,
    )


def test_taking_back_a_lay_off_costs_101() -> None:
    data = score("--layoff-takeback", "--extra", "Bea: layoff-takeback", "--winner", "Ali",
                 "Ali", "Bea: melds R3")  # fmt: skip
    assert points(data) == {"Ali": 101, "Bea": -104}
    assert data["players"][1]["extras"][0]["rule"] == "R-LAYOFF-TAKEBACK"


# --- R-TEAMS ----------------------------------------------------------------------------------
ESLI = ["--teams", "--sheet", "paper", "--winner", "Ali", "Ali", "Bea: melds R3", "Can: not",
        "Deniz: pairs K2"]  # fmt: skip


def test_the_esli_sheet_sums_partners() -> None:
    data = score(*ESLI)
    assert data["teams"] == [
        {"players": ["Ali", "Can"], "result": -101 + 202},
        {"players": ["Bea", "Deniz"], "result": 3 + 4},
    ]
    out, _ = cli("score", *ESLI)
    assert "Team Ali & Can: +101 [R-TEAMS].\nTeam Bea & Deniz: +7 [R-TEAMS]." in out
    out, code = cli("score", "--teams", "--winner", "A", "A", "B: not", "C: not")
    assert (out, code) == (
        "Error: eşli 101 is four players, partners opposite; the round has 3 [R-TEAMS]\n",
        2,
    )


def test_standings_add_a_team_table(tmp_path: Path) -> None:
    ledger = tmp_path / "esli.jsonl"
    cli("score", *ESLI, "--ledger", str(ledger))
    out, code = cli("score", *ESLI, "--extra", "Can: failed-opening", "--ledger", str(ledger))
    assert code == 0
    out, code = cli("standings", str(ledger))
    assert code == 0
    assert out.endswith(
        "Teams (eşli 101, partners' results added) [R-TEAMS]:\n"
        "team           total    rounds    won    round 2\n"
        "-----------  -------  --------  -----  ---------\n"
        "Bea & Deniz      +14         2      0         +7\n"
        "Ali & Can       +303         2      2       +202\n"
    )
    data = json.loads(cli("standings", str(ledger), "--format", "json")[0])
    assert data["teams"][1] == {"players": ["Ali", "Can"], "total": 303, "rounds": 2, "won": 2,
                                "last_round": 202}  # fmt: skip


# --- the ledger carries the rules each round was scored under -------------------------------
def test_a_round_carries_its_house_rules_into_the_ledger(tmp_path: Path) -> None:
    ledger = tmp_path / "m.jsonl"
    cli("score", "--winner", "A", "A", "B: melds R3", "--ledger", str(ledger))
    cli("score", "--katlama", "--kat", "2", "--pairs-declare", "--declared", "B",
        "--winner", "A", "A", "B: not", "--ledger", str(ledger))  # fmt: skip
    first, second = ledger.read_bytes().splitlines()
    assert b'"house"' not in first and b'"kat"' not in first  # the rule book's game, as before
    line = json.loads(second)
    assert line["house"]["katlama"] is True and line["house"]["pairs_declare"] is True
    assert (line["kat"], line["players"][1]["declared"]) == (2, True)
    assert "parts" not in line["players"][0]  # derived: scored again on reading
    rounds = read_ledger(str(ledger)).rounds
    assert [p.result for p in rounds[1].score.players] == [202, -808]
    assert [s.total for s in read_standings(str(ledger)).players] == [303, -811]


def test_the_api_takes_the_table_rules() -> None:
    got = api.score(["Ali", "Bea: not", "Can: not"], winner="Ali", pairs_declare=True,
                    declared="Can", katlama=True, kat=2)  # fmt: skip
    assert [p["result"] for p in got["players"]] == [202, -404, -808]
    with pytest.raises(api.BadInputError, match="okey_left 'above': use inside or outside"):
        api.score(["Ali", "Bea: not"], winner="Ali", okey_left="above")  # type: ignore[arg-type]


def test_score_round_takes_the_round_facts() -> None:
    rules = ScoreRules(house=HouseRules(riziko=True))
    hands = [parse_player("A"), parse_player("B: melds R3")]
    result = score_round("normal", "A", hands, rules, fake_indicator=True)
    assert (result.round_multiplier, [p.points for p in result.players]) == (2, [202, -6])


# --- a worked example per rule from its source: examples/fixtures-table-rules.toml ----------
def test_the_worked_examples_verify() -> None:
    fixtures = Path(__file__).resolve().parent.parent / "examples" / "fixtures-table-rules.toml"
    out, code = cli("verify", str(fixtures))
    assert code == 0, out
    assert out.splitlines()[-1] == "15 cases, 59 checks: 59 passed, 0 failed"
    for rule in ("R-RIZIKO", "R-KATLAMA", "R-FINISH-TABLE", "R-OKEY-LEFT", "R-PAIRS-CAP",
                 "R-PAIRS-DECLARE", "R-FED-OPENING", "R-LAYOFF-TAKEBACK", "R-TEAMS",
                 "R-INDICATOR-TWIN", "R-LAYOFF-LIMIT"):  # fmt: skip
        assert f'name = "{rule}' in fixtures.read_text(encoding="utf-8"), rule
