"""``rummy101 verify`` for every command that answers, and ``verify --write`` (issue 23)."""

from __future__ import annotations

import contextlib
import json
import shutil
import tomllib
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from rummy101_solver.api import schema
from rummy101_solver.cli import main
from rummy101_solver.files.verify import COMMANDS, load_cases

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
COMMAND_FIXTURES = EXAMPLES / "fixtures-commands.toml"


def invoke(*args: str, input: str | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")
    return result.output, result.exit_code


def verify_json(*args: str, input: str | None = None) -> tuple[dict[str, object], int]:
    out, code = invoke("verify", *args, "--format", "json", input=input)
    return json.loads(out), code


def test_the_example_fixtures_pass_and_cover_every_command() -> None:
    data, code = verify_json(str(COMMAND_FIXTURES))
    assert code == 0, data
    assert data["failed"] == 0 and data["passed"] == 31 and data["cases"] == 5
    named = {case.get("command", "solve") for _, case in load_cases(COMMAND_FIXTURES)}
    named |= {case.get("command", "solve") for _, case in load_cases(EXAMPLES / "fixtures.jsonl")}
    assert named == set(COMMANDS)


def test_every_example_case_follows_the_fixtures_schema() -> None:
    validator = jsonschema.Draft202012Validator(schema("fixtures"))
    for path in (COMMAND_FIXTURES, EXAMPLES / "fixtures.jsonl"):
        for label, case in load_cases(path):
            assert list(validator.iter_errors(case)) == [], (path, label)
    bad = {"command": "score", "expect": {"total": 0}}  # no players
    assert list(validator.iter_errors(bad))


def test_a_field_the_command_does_not_have_is_no_field_with_did_you_mean() -> None:
    case = {"command": "score", "players": ["Ali", "Bea: melds R3"], "winner": "Ali",
            "expect": {"players.1.pionts": -3, "total": 98}}  # fmt: skip
    data, code = verify_json("-", input=json.dumps(case) + "\n")
    assert code == 1
    checks = data["checks"]
    assert isinstance(checks, list)
    assert checks[0] == {
        "case": "line 1", "name": "", "command": "score", "field": "players.1.pionts",
        "expected": -3, "found": False, "got": None,
        "error": "no field 'players.1.pionts' in the score JSON output;"
        " did you mean 'players.1.points'?",
        "passed": False, "result": "no field",
    }  # fmt: skip
    assert checks[1]["result"] == "pass"
    out, _ = invoke("verify", "-", "--format", "plain", input=json.dumps(case) + "\n")
    assert out.splitlines()[1].endswith("did you mean 'players.1.points'?)  NO FIELD")


def test_an_unknown_command_or_option_is_a_bad_case_with_did_you_mean() -> None:
    lines = [
        {"command": "plya", "rack": "R1", "expect": {"left": []}},
        {"command": "play", "rack": "R1 R2", "tabel": "R3 R4 R5", "expect": {"left": []}},
        {"command": "check", "expect": {"legal": True}},
    ]
    data, code = verify_json("-", input="\n".join(map(json.dumps, lines)))
    assert code == 1
    errors = [c["error"] for c in data["checks"]]  # type: ignore[attr-defined]
    assert errors[0] == (
        "unknown command 'plya'; did you mean 'play'? commands: check, outs, play, score,"
        " solve, standings"
    )
    assert errors[1].startswith("unknown play option 'tabel'; did you mean 'table'? play options:")
    assert errors[2] == "a check case needs 'arrangement': its value"


def test_a_bad_option_value_is_the_case_error() -> None:
    lines = [
        {"command": "play", "rack": "R1 R2", "opened": 5, "expect": {"error": "x"}},
        {"command": "outs", "rack": "R1 R2", "draws": 99, "expect": {"error": "x"}},
    ]
    data, _ = verify_json("-", input="\n".join(map(json.dumps, lines)))
    got = [c["got"] for c in data["checks"]]  # type: ignore[attr-defined]
    assert got == [
        "option 'opened': 5 is not 'no', 'melds' or 'pairs'",
        "option 'draws': 99 is not a whole number 2–50",
    ]


def test_a_standings_ledger_is_read_beside_the_fixture_file(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "match.jsonl", tmp_path / "match.jsonl")
    case = {"command": "standings", "ledger": "match.jsonl", "expect": {"players.0.name": "Ali",
            "after": 3}}  # fmt: skip
    (tmp_path / "f.jsonl").write_text(json.dumps(case) + "\n")
    with contextlib.chdir(ROOT):  # not where the ledger is
        data, code = verify_json(str(tmp_path / "f.jsonl"))
    assert (code, data["passed"]) == (0, 2)


def test_a_score_case_never_appends_to_a_ledger() -> None:
    case = {"command": "score", "players": ["Ali"], "winner": "Ali", "ledger": "x.jsonl",
            "expect": {"total": 101}}  # fmt: skip
    data, code = verify_json("-", input=json.dumps(case))
    assert code == 1
    assert data["checks"][0]["error"].startswith("unknown score option 'ledger';")  # type: ignore[index]


JSONL = "\n".join(
    [
        "# pinned by verify --write",
        '{"name": "no expect yet", "rack": "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1",'
        ' "alternatives": 0}',
        "",
        '{"name": "stale", "command": "check", "arrangement": "R3 R4 R5",'
        ' "expect": {"value": 99, "legal": true}}',
        '{"name": "typo", "rack": "R1", "thresold": 1, "expect": {"can_open": true}}',
        '{"name": "now rejected", "command": "score", "players": ["Ali", "Bea: melds R14"],'
        ' "winner": "Ali", "expect": {"total": 0}}',
        "",
    ]
)


def test_write_fills_in_and_refreshes_a_json_lines_file(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(JSONL, encoding="utf-8")
    out, code = invoke("verify", "--write", str(path), "--format", "plain")
    assert code == 1  # the typo case still cannot run
    assert out.splitlines()[0] == f"Wrote the expectations of {path} from today's output."
    lines = path.read_text(encoding="utf-8").split("\n")
    original = JSONL.split("\n")
    assert [lines[0], lines[2], lines[4], lines[6]] == [original[0], "", original[4], ""]
    assert json.loads(lines[1]) == {
        "name": "no expect yet", "rack": "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1",
        "alternatives": 0,
        "expect": {"can_open": True, "recommended": "melds", "melds.value": 102,
                   "melds.left": ["Y1"], "pairs.count": 0},
    }  # fmt: skip
    assert json.loads(lines[3])["expect"] == {"value": 12, "legal": True}
    assert json.loads(lines[5])["expect"] == {
        "error": "player 'Bea': 'R14' (tile 1): numbers run 1–13"
    }
    data, code = verify_json(str(path))
    assert (data["failed"], code) == (1, 1)  # only the typo
    # a second --write changes nothing
    before = path.read_bytes()
    invoke("verify", "--write", str(path))
    assert path.read_bytes() == before


def test_write_a_toml_file_keeps_its_opening_comments_and_leaves_out_nulls(
    tmp_path: Path,
) -> None:
    path = tmp_path / "f.toml"
    path.write_text(
        '# my fixtures\n\n[[case]]\ncommand = "check"\narrangement = "R3 R4 R5"\n',
        encoding="utf-8",
    )
    out, code = invoke("verify", "--write", str(path))
    assert code == 0, out
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# my fixtures\n\n[[case]]\n")
    expect = tomllib.loads(text)["case"][0]["expect"]
    assert expect == {"legal": True, "kind": "melds", "value": 12, "meets_threshold": False}


def test_write_needs_a_file() -> None:
    out, code = invoke("verify", "--write", "-", input='{"rack": "R1"}\n')
    assert (code, out) == (2, "Error: --write rewrites a fixture file: give its path, not '-'\n")


@pytest.mark.parametrize("command", sorted(set(COMMANDS) - {"solve"}))
def test_every_command_but_solve_has_a_case_in_the_examples(command: str) -> None:
    cases = [case for _, case in load_cases(COMMAND_FIXTURES)]
    assert any(case["command"] == command for case in cases)


def test_the_docs_show_each_command_case_as_it_is_in_the_example_file() -> None:
    import re

    page = (ROOT / "docs" / "verify.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", page, re.S)
    shown = [b for b in blocks if b.startswith("[[case]]\ncommand = ")]
    commands = [re.match(r'\[\[case\]\]\ncommand = "(\w+)"', b).group(1) for b in shown]  # type: ignore[union-attr]
    assert commands == ["outs", "play", "check", "score", "standings"]
    example = COMMAND_FIXTURES.read_text(encoding="utf-8")
    for block in shown:
        assert block in example


def test_verify_reports_progress_case_by_case() -> None:
    from rummy101_solver.files.verify import run_fixtures

    ticks: list[tuple[int, int]] = []
    text = COMMAND_FIXTURES.read_text(encoding="utf-8")
    data = run_fixtures(text, "f", toml=True, base=EXAMPLES,
                        progress=lambda done, cases: ticks.append((done, cases)))  # fmt: skip
    assert (ticks, data["failed"]) == ([(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)], 0)
