"""batch and verify: JSON Lines in input order, bad lines answered, determinism,
streaming, fixture checks."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.files.batch import WINDOW_PER_JOB, run_batch

ROOT = Path(__file__).resolve().parent.parent
OPENS = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"
TAKE_RACK = "R3 R4 R5 R9 R10 R11 B13 K13 Y13 B7 K7 Y7 R1 B1 K2 Y4 Y8 K10 B2 B5 K11"


def invoke(*args: str, input: str | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")
    return result.output, result.exit_code


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


INPUT = "\n".join(
    [
        "R1 R2 R3 Y9",
        "",
        "# a comment",
        "R14 R2",
        json.dumps({"rack": TAKE_RACK.replace("K11", "J"), "take": "R6", "alternatives": 1}),
        '{"rack": 5}',
        "{bad json",
        json.dumps({"rack": OPENS, "thresold": 90}),
        "K10 B10 J R5",
    ]
)


def test_batch_answers_every_line_in_order_and_exits_3_on_rejects() -> None:
    out, code = invoke("batch", "--alternatives", "0", input=INPUT)
    assert code == 3
    got = records(out)
    assert [r["line"] for r in got] == [1, 4, 5, 6, 7, 8, 9]
    assert got[0]["melds"]["value"] == 6
    assert got[1] == {"line": 4, "error": "'R14' (tile 1): numbers run 1–13"}
    assert got[2]["melds"]["value"] == 121
    assert got[2]["rules"]["take"] == "R6"
    assert [a["value"] for a in got[2]["meld_alternatives"]] == [114]  # the line's option wins
    assert got[3] == {
        "line": 6,
        "error": 'a JSON line needs "rack": a string of tiles or a list of tile strings',
    }
    assert got[4]["line"] == 7
    assert got[4]["error"].startswith("not valid JSON:")
    assert got[5]["error"].startswith("unknown option 'thresold'")
    assert "did you mean 'threshold'? options: " in got[5]["error"]
    assert ", outs, pairs_threshold, risi" in got[5]["error"]  # outs too; the cap cuts the rest
    assert got[6]["melds"]["value"] == 30


def test_batch_exit_0_when_every_line_is_analysed() -> None:
    out, code = invoke(
        "batch", "--alternatives", "0", "--threshold", "30", input="R10 R11 R12 Y1\n"
    )
    assert code == 0
    (record,) = records(out)
    assert record["can_open"] is True
    assert record["rules"]["threshold"] == 30


def test_batch_record_equals_solve_json() -> None:
    solve_out, _ = invoke("solve", *TAKE_RACK.split(), "--take", "R6", "--format", "json")
    batch_out, _ = invoke("batch", "--take", "R6", input=TAKE_RACK + "\n")
    (record,) = records(batch_out)
    assert record.pop("line") == 1
    compact = json.dumps(json.loads(solve_out), ensure_ascii=False, separators=(",", ":"))
    assert json.dumps(record, ensure_ascii=False, separators=(",", ":")) == compact
    assert batch_out == '{"line":1,' + compact[1:] + "\n"


def test_jobs_1_and_2_give_byte_identical_output() -> None:
    racks = subprocess.run(
        [sys.executable, "-m", "rummy101_solver", "deal", "--count", "150", "--seed", "40"],
        capture_output=True, text=True, check=True,
    ).stdout + "R14\n"  # fmt: skip
    outs = []
    for jobs in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-m", "rummy101_solver", "batch", "--jobs", jobs,
             "--alternatives", "1"],
            input=racks, capture_output=True, text=True,
        )  # fmt: skip
        assert result.returncode == 3
        assert result.stderr == ""  # no progress bar when stderr is not a terminal
        outs.append(result.stdout)
    assert outs[0] == outs[1]
    assert [r["line"] for r in records(outs[0])] == list(range(1, 152))


def _counting(lines: list[str], pulled: list[int]) -> Iterator[str]:
    for line in lines:
        pulled[0] += 1
        yield line


def test_batch_reads_lazily() -> None:
    pulled = [0]
    stream = run_batch(_counting(["R1 R2 R3 Y9"] * 1000, pulled), {"alternatives": 0})
    first = next(stream)
    assert first.line == 1
    assert pulled[0] == 1  # one line read for the first record, not the whole input


def test_batch_with_jobs_reads_one_window_at_a_time() -> None:
    pulled = [0]
    lines = ["R1 R2 R3 Y9"] * (WINDOW_PER_JOB * 2 * 3)
    stream = run_batch(_counting(lines, pulled), {"alternatives": 0}, jobs=2)
    next(stream)
    assert pulled[0] == WINDOW_PER_JOB * 2
    assert sum(1 for _ in stream) == len(lines) - 1


# --- verify ---------------------------------------------------------------------------
def test_shipped_fixtures_pass() -> None:
    out, code = invoke("verify", str(ROOT / "examples" / "fixtures.jsonl"))
    assert code == 0
    assert out.splitlines()[-1] == "11 cases, 24 checks: 24 passed, 0 failed"


def test_a_mismatch_fails_with_exit_1(tmp_path: Path) -> None:
    fixture = tmp_path / "f.jsonl"
    fixture.write_text(
        json.dumps(
            {
                "name": "wrong",
                "rack": OPENS,
                "expect": {"melds.value": 101, "melds.vaule": 1, "can_open": True},
            }
        )
        + "\n",
        encoding="utf-8",
    )
    out, code = invoke("verify", str(fixture), "--failures-only", "--format", "plain")
    assert code == 1
    assert [line.split("  ")[0] for line in out.splitlines()[1:3]] == ["line 1", "line 1"]
    assert [line.split() for line in out.splitlines()] == [
        ["case", "name", "field", "expected", "got", "result"],
        ["line", "1", "wrong", "melds.value", "101", "102", "FAIL"],
        # a field solve's JSON does not have is named as such [issue 23]
        ["line", "1", "wrong", "melds.vaule", "1", "(no", "field", "'melds.vaule'", "in", "the",
         "solve", "(or", "batch)", "JSON", "output;", "did", "you", "mean", "'melds.value'?)",
         "NO", "FIELD"],
        ["1", "case,", "3", "checks:", "1", "passed,", "2", "failed"],
    ]  # fmt: skip


def test_toml_fixtures(tmp_path: Path) -> None:
    fixture = tmp_path / "f.toml"
    fixture.write_text(
        '[[case]]\nname = "opens"\nrack = "' + OPENS + '"\nthreshold = 102\n'
        '[case.expect]\n"melds.value" = 102\ncan_open = true\n',
        encoding="utf-8",
    )
    out, code = invoke("verify", str(fixture), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["passed"], data["failed"]) == (2, 0)


def test_unreadable_fixture_exits_2(tmp_path: Path) -> None:
    fixture = tmp_path / "f.jsonl"
    fixture.write_text("{oops\n", encoding="utf-8")
    out, code = invoke("verify", str(fixture))
    assert code == 2
    assert out.startswith(f"Error: {fixture}, line 1: not valid JSON:")
