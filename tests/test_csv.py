"""``--format csv`` on ``score`` and ``standings`` (issue 23): the table a referee takes
into a spreadsheet, through the standard library's ``csv`` [R-SCORE R-EXTRA-PENALTY]."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from click.testing import CliRunner

from rummy101_solver.cli import main


def cli(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


ROUND = ["--end", "joker", "--winner", "Ali", "Ali", "Bea: pairs K2 K9", "Can: melds R3 R5 J",
         "--extra", "Can: joker-discard", "--extra", 'Bea: 5 late, said "sorry"']  # fmt: skip


def test_score_as_csv() -> None:
    out, code = cli("score", *ROUND, "--format", "csv")
    assert code == 0
    assert out == (
        "player,state,tiles_left,base_penalty,multiplier,points,rule\n"
        "Ali,winner,,,,202,R-SCORE\n"
        "Bea,pairs,K2 K9,22,2,-44,R-JOKER-FINISH\n"
        'Bea,extra,"late, said ""sorry""",5,,-5,R-EXTRA-PENALTY\n'
        "Can,melds,R3 R5 J,109,2,-218,R-JOKER-FINISH\n"
        "Can,extra,joker-discard,101,,-101,R-EXTRA-PENALTY\n"
    )
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sum(int(r["points"]) for r in rows) == -166  # the round's total
    assert rows[2]["tiles_left"] == 'late, said "sorry"'


def test_score_with_a_ledger_and_standings_as_csv(tmp_path: Path) -> None:
    ledger = tmp_path / "m.jsonl"
    out, code = cli("score", *ROUND, "--ledger", str(ledger), "--format", "csv")
    assert code == 0
    assert out.splitlines()[:2] == [
        "round,player,state,tiles_left,base_penalty,multiplier,points,rule",
        "1,Ali,winner,,,,202,R-SCORE",
    ]
    args = ["--winner", "Bea", "Ali: melds R7 K7", "Bea", "Dora: not", "--ledger", str(ledger)]
    assert cli("score", *args)[1] == 0
    out, code = cli("standings", str(ledger), "--format", "csv")
    assert (out, code) == (
        "player,total,rounds,won,last_round\n"
        "Ali,188,2,1,-14\n"
        "Bea,52,2,1,101\n"
        "Dora,-202,1,0,-202\n"
        "Can,-319,1,0,\n",
        0,
    )
    out, code = cli("standings", str(ledger), "--format", "csv", "--after", "1")
    assert out.splitlines()[1:] == ["Ali,202,1,1,202", "Bea,-49,1,0,-49", "Can,-319,1,0,-319"]


def test_an_empty_ledger_as_csv_is_the_header(tmp_path: Path) -> None:
    ledger = tmp_path / "m.jsonl"
    ledger.write_bytes(b"")
    assert cli("standings", str(ledger), "--format", "csv") == (
        "player,total,rounds,won,last_round\n",
        0,
    )


def test_simulate_as_csv() -> None:
    out, code = cli("simulate", "--deals", "20", "--format", "csv", "--variant", "classic=",
                    "--variant", "low=--threshold 81")  # fmt: skip
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["variant"], r["options"], r["deals"]) for r in rows] == [
        ("classic", "", "20"),
        ("low", "--threshold 81", "20"),
    ]
    assert [(r["open_melds_count"], r["open_melds_share"], r["open_melds_low"]) for r in rows] == [
        ("6", "0.3", "0.1455"),
        ("7", "0.35", "0.1812"),
    ]
    assert (rows[0]["value_p50"], rows[0]["pairs_p90"], rows[0]["unproven"]) == ("69", "3", "0")
