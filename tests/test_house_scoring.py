"""House scoring a referee meets (issue 23): the paper sheet [R-PAPER-SHEET], a pairs
winner doubling the penalties [R-PAIRS-FINISH], finishing in the opening turn after
others opened [R-OPEN-FINISH]; each asserted in exact points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver import api
from rummy101_solver.cli import main
from rummy101_solver.files.ledger import LedgerError, append_round, read_standings
from rummy101_solver.game.scoring import (
    ScoreError,
    ScoreRules,
    parse_extra,
    parse_player,
    score_round,
)

TABLE = ["Ali", "Bea: pairs K2 K9", "Can: melds R3 R5 J", "Deniz: not"]


def cli(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


def points(*args: str) -> dict[str, tuple[int, int]]:
    """(points, result) per player of ``score … --format json``."""
    out, code = cli("score", *args, "--format", "json")
    assert code == 0, out
    return {p["name"]: (p["points"], p["result"]) for p in json.loads(out)["players"]}


# --- (a) the paper sheet [R-PAPER-SHEET] -------------------------------------------


def test_paper_sheet_penalties_add_up_and_the_winner_writes_minus_101() -> None:
    assert points("--sheet", "paper", "--winner", "Ali", *TABLE) == {
        "Ali": (-101, -101), "Bea": (22, 22), "Can": (109, 109), "Deniz": (202, 202),
    }  # fmt: skip
    # the gains sheet of today, the same round: every sign turned
    assert points("--winner", "Ali", *TABLE) == {
        "Ali": (101, 101), "Bea": (-22, -22), "Can": (-109, -109), "Deniz": (-202, -202),
    }  # fmt: skip


def test_paper_sheet_joker_finish_writes_minus_202_and_extras_add() -> None:
    got = points("--sheet", "paper", "--end", "joker", "--winner", "Ali", *TABLE,
                 "--extra", "Can: joker-discard")  # fmt: skip
    assert got == {"Ali": (-202, -202), "Bea": (44, 44), "Can": (218, 319), "Deniz": (404, 404)}


def test_paper_sheet_as_text_and_csv() -> None:
    out, code = cli("score", "--sheet", "paper", "--winner", "Ali", "Ali", "Can: not",
                    "--extra", "Can: 5 late")  # fmt: skip
    assert code == 0
    assert "House rules: the paper sheet, penalties written positive" in out
    assert "Round result: Ali -101, Can +207." in out
    out, code = cli("score", "--sheet", "paper", "--winner", "Ali", "Ali", "Can: not",
                    "--extra", "Can: 5 late", "--format", "csv")  # fmt: skip
    assert out.splitlines()[1:] == [
        "Ali,winner,,,,-101,R-SCORE",
        "Can,not,,202,1,202,R-PENALTY",
        "Can,extra,late,5,,5,R-EXTRA-PENALTY",
    ]


def test_paper_standings_rank_the_lowest_total_first(tmp_path: Path) -> None:
    ledger = str(tmp_path / "m.jsonl")
    cli("score", "--sheet", "paper", "--end", "joker", "--winner", "Ali", *TABLE,
        "--ledger", ledger)  # fmt: skip
    out, code = cli("score", "--sheet", "paper", "--winner", "Bea", "Ali: melds R1", "Bea",
                    "Can: not", "--ledger", ledger, "--format", "json")  # fmt: skip
    assert code == 0
    table = json.loads(out)["standings"]
    assert table["sheet"] == "paper"
    assert [(p["name"], p["total"]) for p in table["players"]] == [
        ("Ali", -201),
        ("Bea", -57),
        ("Deniz", 404),
        ("Can", 420),
    ]
    out, code = cli("standings", ledger)
    assert code == 0
    assert out.splitlines()[0] == (
        "Standings after round 2 (paper sheet: the lowest total wins) [R-PAPER-SHEET]:"
    )
    assert [line.split()[0] for line in out.splitlines()[3:]] == ["Ali", "Bea", "Deniz", "Can"]
    assert api.standings(ledger)["players"][0]["name"] == "Ali"


def test_a_round_of_another_sheet_is_refused_for_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: the whole message fits on its line
    ledger = Path("m.jsonl")
    cli("score", "--sheet", "paper", "--winner", "Ali", "Ali", "Bea: not", "--ledger", str(ledger))
    before = ledger.read_bytes()
    out, code = cli("score", "--winner", "Ali", "Ali", "Bea: not", "--ledger", str(ledger))
    assert code == 2
    assert out == (
        f"Error: {ledger} is a match on the paper sheet, this round is on the gains sheet"
        " [R-PAPER-SHEET]; nothing appended: use --sheet paper or a new ledger\n"
    )
    assert ledger.read_bytes() == before
    # the other way round, through the library too
    gains = tmp_path / "g.jsonl"
    hands = [parse_player("Ali"), parse_player("Bea: not")]
    append_round(str(gains), score_round("normal", "Ali", hands))
    with pytest.raises(LedgerError, match="is a match on the gains sheet, this round is on"
                       " the paper sheet"):  # fmt: skip
        append_round(str(gains), score_round("normal", "Ali", hands, ScoreRules(sheet="paper")))


def test_a_ledger_mixing_sheets_is_refused_at_the_line(tmp_path: Path) -> None:
    ledger = tmp_path / "m.jsonl"
    cli("score", "--winner", "Ali", "Ali", "Bea: not", "--ledger", str(ledger))
    paper = tmp_path / "p.jsonl"
    cli("score", "--sheet", "paper", "--winner", "Ali", "Ali", "Bea: not", "--ledger", str(paper))
    line = json.loads(paper.read_text())
    line["round"] = 2
    with ledger.open("a") as handle:
        handle.write(json.dumps(line) + "\n")
    out, code = cli("standings", str(ledger))
    assert code == 2
    assert out == (
        f"Error: {ledger} line 2: round 2 is on the paper sheet, but the match is kept on the"
        " gains sheet (round 1) [R-PAPER-SHEET]\n"
    )


def test_a_ledger_written_before_the_sheets_reads_as_gains(tmp_path: Path) -> None:
    ledger = tmp_path / "old.jsonl"
    cli("score", "--winner", "Ali", "Ali", "Bea: melds R3", "--ledger", str(ledger))
    record = json.loads(ledger.read_text())
    for key in ("sheet", "pairs_finish_doubles", "open_finish"):
        del record["rules"][key]
    ledger.write_text(json.dumps(record) + "\n")
    table = read_standings(str(ledger))
    assert table.sheet == "gains"
    assert [(s.name, s.total) for s in table.players] == [("Ali", 101), ("Bea", -3)]


# --- (b) a pairs winner doubles the penalties [R-PAIRS-FINISH] ---------------------


def test_a_pairs_winner_doubles_the_penalties_only_with_the_house_switch() -> None:
    table = ["Ali: pairs", "Bea: pairs K2 K9", "Can: melds R3 R5 J", "Deniz: not"]
    off = points("--winner", "Ali", *table)
    assert off == {"Ali": (101, 101), "Bea": (-22, -22), "Can": (-109, -109),
                   "Deniz": (-202, -202)}  # fmt: skip
    on = points("--winner", "Ali", "--pairs-finish-doubles", *table, "--extra", "Bea: 5 late")
    assert on == {"Ali": (101, 101), "Bea": (-44, -49), "Can": (-218, -218),
                  "Deniz": (-404, -404)}  # fmt: skip
    joker = points("--winner", "Ali", "--pairs-finish-doubles", "--end", "joker", *table)
    assert joker == {"Ali": (202, 202), "Bea": (-88, -88), "Can": (-436, -436),
                     "Deniz": (-808, -808)}  # fmt: skip
    melds_winner = points("--winner", "Ali", "--pairs-finish-doubles", "Ali: melds", *table[1:])
    assert melds_winner == off


def test_a_pairs_winner_on_paper_and_the_rule_named() -> None:
    result = score_round(
        "normal", "Ali", [parse_player("Ali: pairs"), parse_player("Bea: melds R3 R5")],
        ScoreRules(sheet="paper", pairs_finish_doubles=True),
    )  # fmt: skip
    bea = result.players[1]
    assert (bea.points, bea.multiplier, bea.rule) == (16, 2, "R-PAIRS-FINISH")
    assert bea.reason == (
        "opened with melds: tiles left sum to 8; doubled: the winner had opened with pairs"
        " (house rule)"
    )
    assert result.players[0].points == -101


def test_a_one_turn_finish_keeps_its_fixed_amounts_with_a_pairs_winner() -> None:
    got = points("--end", "one-turn", "--winner", "Ali", "--pairs-finish-doubles",
                 "Ali: pairs", "Bea: not")  # fmt: skip
    assert got == {"Ali": (202, 202), "Bea": (-404, -404)}


# --- (c) opened and finished in one turn after others opened [R-OPEN-FINISH] -------

OPENED = ["Ali: not", "Bea: melds K2 K9", "Can: not"]


def test_open_finish_is_plain_by_default() -> None:
    assert points("--end", "open-finish", "--winner", "Ali", *OPENED) == {
        "Ali": (101, 101), "Bea": (-11, -11), "Can": (-202, -202),
    }  # fmt: skip
    assert points("--end", "open-finish-joker", "--winner", "Ali", *OPENED) == {
        "Ali": (202, 202), "Bea": (-22, -22), "Can": (-404, -404),
    }  # fmt: skip


def test_open_finish_double_the_house_alternative() -> None:
    double = ["--open-finish", "double", "--winner", "Ali"]
    assert points("--end", "open-finish", *double, *OPENED) == {
        "Ali": (202, 202), "Bea": (-22, -22), "Can": (-404, -404),
    }  # fmt: skip
    assert points("--end", "open-finish-joker", *double, *OPENED) == {
        "Ali": (404, 404), "Bea": (-44, -44), "Can": (-808, -808),
    }  # fmt: skip
    assert points("--end", "open-finish", "--sheet", "paper", *double, *OPENED) == {
        "Ali": (-202, -202), "Bea": (22, 22), "Can": (404, 404),
    }  # fmt: skip


def test_open_finish_needs_an_opponent_who_had_opened() -> None:
    out, code = cli("score", "--end", "open-finish", "--winner", "Ali", "Ali: not", "Bea: not")
    assert code == 2
    assert out == (
        "Error: a finish in the opening turn needs an opponent who had opened already, but"
        " nobody else had: use --end one-turn (or one-turn-joker) [R-OPEN-FINISH, R-ONE-TURN]\n"
    )
    with pytest.raises(ScoreError, match=r"\[R-OPEN-FINISH, R-ONE-TURN\]"):
        score_round("open-finish", "Ali", [parse_player("Ali"), parse_player("Bea: not")])


def test_the_api_takes_the_house_keywords() -> None:
    got = api.score(["Ali", "Bea: melds K2 K9"], end="open-finish", winner="Ali",
                    sheet="paper", open_finish="double", pairs_finish_doubles=True,
                    extra=["Bea: 5 late"])  # fmt: skip
    assert got["rules"] == {"joker_left_points": 101, "nobody_opened_scores_nothing": False,
                            "sheet": "paper", "pairs_finish_doubles": True,
                            "open_finish": "double"}  # fmt: skip
    assert [(p["points"], p["result"]) for p in got["players"]] == [(-202, -202), (22, 27)]
    assert got["players"][1]["extras"][0]["points"] == 5
    with pytest.raises(api.BadInputError, match="sheet 'pencil': use gains or paper"):
        api.score(["Ali", "Bea: not"], winner="Ali", sheet="pencil")  # type: ignore[arg-type]
    assert parse_extra("Bea: 5 late").points == 5


def test_a_winner_marked_not_among_opened_players_is_pointed_to_open_finish() -> None:
    out, code = cli("score", "--winner", "Ali", "Ali: not", "Bea: melds R3")
    assert (out, code) == (
        "Error: winner 'Ali' is marked not (never opened), but a normal finish needs an"
        " opening [R-FINISH]; if 'Ali' opened in the finishing turn use --end open-finish or"
        " open-finish-joker, else drop the state: 'Ali'\n",
        2,
    )
    # the way out the hint names scores [R-OPEN-FINISH]
    assert points("--end", "open-finish", "--winner", "Ali", "Ali: not", "Bea: melds R3") == {
        "Ali": (101, 101), "Bea": (-3, -3),
    }  # fmt: skip
