"""The command line: exit codes, exact messages, stdin, formats [R-RACK]."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main

OPENS = ["R10", "R11", "R12", "B11", "B12", "B13", "K10", "K11", "K12", "Y1"]


def invoke(*args: str, input: str | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")
    return result.output, result.exit_code


def test_a_rack_that_opens_exits_0() -> None:
    out, code = invoke("solve", *OPENS, "--alternatives", "0")
    assert code == 0
    assert out.splitlines()[1] == (
        "Verdict: can open. Play melds: 102 points (needs 101), residual penalty 1."
        " It can even finish this turn: a one-turn finish (see below)."
    )


def test_a_rack_that_cannot_open_exits_1() -> None:
    out, code = invoke("solve", "R10", "R11", "R12", "Y1")
    assert code == 1
    assert out.splitlines()[1] == (
        "Verdict: cannot open. Best melds 33 points (needs 101), best pairs 0 pairs (needs 5)."
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["R3", "R4", "R14"], "Error: 'R14' (tile 3): numbers run 1–13\n"),
        (["R3", "Q4"], "Error: 'Q4' (tile 2): 'Q' is not a colour; write a colour R, B, K or Y"
         " and a number 1–13 (R7, 7R, red 7), or J for a joker\n"),
        (["R7", "R7", "R7"], "Error: 'R7' (tile 3): a third R7; the set has only 2 copies of each"
         " tile [R-RACK]\n"),
        (["J", "J", "*"], "Error: '*' (tile 3): a third joker; the set has only 2 [R-RACK]\n"),
    ],
)  # fmt: skip
def test_bad_tiles_exit_2_with_the_token_named(args: list[str], message: str) -> None:
    out, code = invoke("solve", *args)
    assert code == 2
    assert out == message


def test_more_than_22_tiles_exit_2() -> None:
    tiles = [f"{c}{n}" for c in "RBK" for n in range(1, 9)]
    out, code = invoke("solve", *tiles)
    assert code == 2
    assert out == "Error: 'K7' (tile 23): a rack holds at most 22 tiles [R-RACK]\n"


def test_empty_stdin_is_an_empty_rack() -> None:
    out, code = invoke("solve", input="")
    assert code == 2
    assert out == "Error: empty rack: give 1–22 tiles, e.g. R3 R4 R5 B7 K7 Y7 J\n"


def test_rack_from_stdin_with_dash() -> None:
    out, code = invoke("solve", "-", "--format", "json", input=" ".join(OPENS) + "\n")
    assert code == 0
    assert json.loads(out)["melds"]["value"] == 102


def test_bad_option_value_exits_2() -> None:
    out, code = invoke("solve", "R1", "--keep", "-1")
    assert code == 2
    assert "Invalid value for '--keep'" in out


def test_json_schema_keys_and_values() -> None:
    out, code = invoke("solve", "K10", "B10", "J", "R5", "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert list(data) == [
        "rack", "rules", "melds", "meld_alternatives", "pairs", "pair_alternatives",
        "one_turn_finish", "can_open", "recommended",
    ]  # fmt: skip
    assert data["rack"] == ["R5", "B10", "K10", "J"]
    assert data["melds"]["value"] == 30
    assert data["melds"]["status"] == "optimal"
    assert data["melds"]["melds"] == [
        {"kind": "set", "tiles": ["J", "B10", "K10"], "stands_for": ["R10", "B10", "K10"],
         "value": 30}
    ]  # fmt: skip
    assert data["melds"]["left"] == ["R5"]
    assert data["melds"]["residual_penalty"] == 5
    assert data["pairs"]["count"] == 1
    assert data["pairs"]["residual_penalty"] == 30
    assert data["can_open"] is False
    assert data["recommended"] is None
    assert data["rules"]["meld_bar"] == 101


def test_threshold_and_rising_options_reach_the_verdict() -> None:
    _, code = invoke("solve", *OPENS, "--threshold", "103")
    assert code == 1
    _, code = invoke("solve", *OPENS, "--after", "101")
    assert code == 0
    out, code = invoke("solve", *OPENS, "--after", "102", "--format", "json")
    assert code == 1
    assert json.loads(out)["rules"]["meld_bar"] == 103


def test_keep_zero_lays_everything() -> None:
    out, _ = invoke("solve", "R7", "R8", "R9", "--keep", "0", "--format", "json")
    assert json.loads(out)["melds"]["value"] == 24
    assert json.loads(out)["melds"]["left"] == []


def test_table_format_option() -> None:
    out, _ = invoke("solve", "R1", "R2", "R3", "Y9", "--format", "github", "--alternatives", "0")
    assert "| run    | R1 R2 R3 |       6 |" in out


def test_output_is_byte_identical_across_runs() -> None:
    args = ["solve", "R3", "R4", "R5", "B7", "K7", "Y7", "J", "R9", "R9", "B1", "--format", "json"]
    first = invoke(*args)
    assert all(invoke(*args) == first for _ in range(3))


def test_help_does_not_import_ortools() -> None:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from rummy101_solver.cli import main\n"
        "r = CliRunner().invoke(main, ['solve', '--help'])\n"
        "assert r.exit_code == 0, r.output\n"
        "r = CliRunner().invoke(main, ['--help'])\n"
        "assert r.exit_code == 0, r.output\n"
        "print('ortools' in ' '.join(sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_python_dash_m_runs_the_cli() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "rummy101_solver", "solve", "R14"], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert out.stderr == "Error: 'R14' (tile 1): numbers run 1–13\n"
    assert "Traceback" not in out.stderr


def test_deal_is_seeded() -> None:
    out, code = invoke("deal", "--seed", "1", "--count", "2", "--size", "5")
    assert code == 0
    assert out == invoke("deal", "--seed", "1", "--count", "2", "--size", "5")[0]
    assert len(out.splitlines()) == 2
    assert all(len(line.split()) == 5 for line in out.splitlines())


def test_non_utf8_stdin_is_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["solve"], input=b"\xff\xfe R1 R2\n", prog_name="rummy101")
    assert result.exit_code == 2
    assert result.output.startswith("Error: '")
    assert "(tile 1): not a tile" in result.output


def test_a_time_limited_answer_never_claims_optimal() -> None:
    from rummy101_solver.engine.candidates import Pattern
    from rummy101_solver.engine.model import Packing
    from rummy101_solver.engine.solver import Analysis, OneTurnFinish, opening_from_packing
    from rummy101_solver.game.parsing import parse_rack
    from rummy101_solver.game.rules import Rules
    from rummy101_solver.game.tiles import Colour, Face
    from rummy101_solver.report.render import analysis_text, opening_json

    rack = parse_rack("R1 R2 R3 Y9")
    run = Pattern("run", tuple(Face(Colour.RED, n) for n in (1, 2, 3)), (False,) * 3)
    found = opening_from_packing(rack, Rules(), "melds", Packing("feasible", ((run, 1),)))
    assert found.status == "feasible"
    assert opening_json(found, 101)["status"] == "feasible"
    timed_out = opening_from_packing(rack, Rules(), "pairs", Packing("unknown", ()))
    assert (timed_out.status, timed_out.proven_none) == ("none", False)
    analysis = Analysis(rack, Rules(), found, (), timed_out, (),
                        OneTurnFinish(True, False, False, None, 0, 0, proven=False))  # fmt: skip
    text = analysis_text(analysis)
    assert text.splitlines()[1] == (
        "Verdict: no opening found within the time limit (not proven impossible)."
        " Best melds 6 points (needs 101), best pairs 0 pairs (needs 5)."
    )
    assert "(feasible: the time limit ran out before this was proven best)" in text
    assert "optimal" not in text


def test_exit_1_for_none_found_in_time_is_documented() -> None:

    readme = (Path(__file__).resolve().parent.parent / "docs" / "output.md").read_text(
        encoding="utf-8"
    )
    assert (
        "| it cannot, or no opening was found within `--time-limit` (the verdict line says"
        ' which: "no opening found within the time limit (not proven impossible)") |' in readme
    )
    assert "| nothing can be laid, or no plan was found within `--time-limit` (the" in readme
    out, code = invoke("solve", "--help")
    assert code == 0
    assert (
        "Exit code: 0 the rack can open, 1 it cannot, or no opening was found within"
        " --time-limit (the verdict line says which), 2 bad input." in " ".join(out.split())
    )
    out, code = invoke("play", "--help")
    assert code == 0
    assert (
        "1 nothing can be laid, or no plan was found within --time-limit (the verdict line"
        " says which), 2 bad input." in " ".join(out.split())
    )


def test_one_point_one_pair_one_case_one_check_are_singular(tmp_path: Path) -> None:
    out, code = invoke("solve", "R5", "--threshold", "1", "--pairs-threshold", "1")
    assert code == 1
    assert "Best meld opening: 0 points, short of 1 point (optimal)\n" in out
    assert "Best pairs opening: 0 pairs, short of 1 pair (optimal)\n" in out
    out, code = invoke("solve", "R5", "--threshold", "1", "--pairs-threshold", "1", "--explain")
    assert (
        "The bar: a meld opening needs 1 point (--threshold 1; the default is 101)"
        " [R-OPEN-MELDS]; a pairs opening needs 1 pair (--pairs-threshold 1; the default"
        " is 5) [R-OPEN-PAIRS]." in out
    )
    out, code = invoke("check", "R1 R1", "--pairs-threshold", "1")
    assert (code, out.splitlines()[-1]) == (0, "Verdict: legal, and it opens: 1 pair (needs 1).")
    out, code = invoke("outs", "R5", "--threshold", "1", "--pairs-threshold", "1")
    assert "Distance with melds (needs 1 point): out of reach" in out
    assert "Distance with pairs (needs 1 pair): out of reach" in out
    fixture = tmp_path / "one.jsonl"
    fixture.write_text('{"name": "a", "rack": "R1 R2 R3", "expect": {"can_open": false}}\n')
    out, code = invoke("verify", str(fixture))
    assert (code, out.splitlines()[-1]) == (0, "1 case, 1 check: 1 passed, 0 failed")
