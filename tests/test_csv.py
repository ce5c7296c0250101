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


BATCH_HEADER = (
    "line,error,rack,can_open,recommended,meld_value,meld_count,meld_threshold,"
    "meld_meets_threshold,meld_status,meld_proven,melds,meld_left,meld_residual_penalty,"
    "pair_count,pair_threshold,pair_meets_threshold,pair_status,pair_proven,pairs,pair_left,"
    "pair_residual_penalty,one_turn_possible,one_turn_winner_points,one_turn_opponent_points,"
    "outs_meld_distance,outs_pair_distance"
)


def test_batch_as_csv_one_row_per_line_errors_included() -> None:
    """batch --format csv (issue 23): the best opening flattened [R-OPEN-MELDS
    R-RESIDUAL R-ONE-TURN]; a bad line is a row with its error, the rest go on, in order."""
    racks = (
        "R1 R2 R3 K9 K10 K11 K12 J\nR3 X9\nB1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 K13 R13 Y13\n"
    )
    result = CliRunner().invoke(
        main, ["batch", "--alternatives", "0", "--format", "csv"], input=racks
    )
    assert result.exit_code == 3  # a line rejected
    lines = result.stdout.splitlines()
    assert lines[0] == BATCH_HEADER
    assert lines[1] == (
        "1,,R1 R2 R3 K9 K10 K11 K12 J,false,,55,1,101,false,optimal,true,K9 K10 K11 K12 J,"
        "R1 R2 R3,6,1,5,false,optimal,true,K12 J,R1 R2 R3 K9 K10 K11,72,false,0,0,,"
    )
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 3
    assert rows[1]["line"] == "2"
    assert rows[1]["error"].startswith("'X9' (tile 2): 'X' is not a colour")
    assert rows[1]["rack"] == rows[1]["meld_value"] == ""
    assert rows[2]["recommended"] == "melds"
    assert rows[2]["meld_value"] == "129"
    assert rows[2]["melds"] == "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 | R13 K13 Y13"
    assert (rows[2]["meld_left"], rows[2]["meld_residual_penalty"]) == ("B1", "1")
    assert (rows[2]["one_turn_winner_points"], rows[2]["one_turn_opponent_points"]) == (
        "202",
        "-404",
    )


def test_batch_format_defaults_to_json_lines() -> None:
    result = CliRunner().invoke(main, ["batch", "--alternatives", "0"], input="R1\n")
    assert result.exit_code == 0
    assert result.stdout.startswith('{"line":1,"rack":["R1"]')


def test_simulate_rounds_as_csv_one_row_per_variant_as_the_json() -> None:
    """``simulate --rounds --format csv`` (it printed the text table): the JSON's
    figures, one row per variant, shares with their base and interval."""
    import json

    args = ["simulate", "--rounds", "2", "--bots", "quick", "--variant", "classic=",
            "--variant", "rising=--rising"]  # fmt: skip
    out, code = cli(*args, "--format", "csv")
    assert code == 0
    data = json.loads(cli(*args, "--format", "json")[0])
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["variant"], r["options"], r["rounds"], r["players"], r["bots"]) for r in rows] == [
        ("classic", "", "2", "4", "quick"),
        ("rising", "--rising", "2", "4", "quick"),
    ]
    classic = rows[0]
    assert (classic["finished_count"], classic["finished_of"], classic["finished_share"]) == (
        "1", "2", "0.5",
    )  # fmt: skip
    assert (classic["finished_low"], classic["finished_high"]) == ("0.0945", "0.9055")
    assert (classic["pairs_openings_count"], classic["pairs_openings_of"]) == ("2", "7")
    assert (classic["finish_normal_count"], classic["finish_normal_of"]) == ("1", "1")
    assert classic["first_opening_p50"] == "3" and classic["nobody_opened"] == "0"
    assert (classic["winner_points_mean"], classic["seat_1_points_mean"]) == ("101.0", "-116.0")
    assert classic["turns_p50"] == "20"
    for row, variant in zip(rows, data["variants"], strict=True):
        assert row["stock_count"] == str(variant["stock"]["count"])
        assert row["seat_4_points_mean"] == str(variant["points_per_seat"][3]["mean"])
    assert len(rows[0]) == 6 + 8 * 5 + 4 + 5 * 3 + 3
