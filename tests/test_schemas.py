"""Every JSON output validates against its shipped JSON Schema, and the schemas
are strict enough to catch a renamed or missing field."""

from __future__ import annotations

import copy
import json
import re
import shlex
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from rummy101_solver.cli import main
from rummy101_solver.files.batch import analyse_record, run_batch
from rummy101_solver.files.verify import load_cases
from rummy101_solver.report.schema import SCHEMAS, UnknownSchemaError, load_schema

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "examples" / "fixtures.jsonl"
README_BLOCK = re.compile(r"```console\n\$ (rummy101 [^\n]*)\n(.*?)```", re.S)


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(load_schema(name))


def errors(name: str, data: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator(name).iter_errors(data)]


def run(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


def json_examples() -> list[tuple[str, str, str]]:
    """(where, command, output) of every example and README/docs block printing JSON."""
    found = []
    for path in sorted((ROOT / "examples").glob("*.txt")):
        command, *output = path.read_text(encoding="utf-8").splitlines(keepends=True)
        found.append((path.name, command.removeprefix("$ ").strip(), "".join(output[:-1])))
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        found += [(page.name, c, out) for c, out in README_BLOCK.findall(text)]
    return [
        (w, c, o) for w, c, o in found if "--format json" in c or c.startswith("rummy101 schema ")
    ]


def test_every_schema_file_is_listed_and_every_listed_schema_exists() -> None:
    shipped = files("rummy101_solver").joinpath("schemas")
    names = sorted(
        p.name.removesuffix(".json") for p in shipped.iterdir() if p.name.endswith(".json")
    )
    assert names == sorted(SCHEMAS)


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_schema_is_valid_and_stands_alone(name: str) -> None:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert ".json#" not in json.dumps(schema)  # references into other files are copied in


def test_json_examples_validate() -> None:
    examples = json_examples()
    commands = {shlex.split(c)[1] for _, c, _ in examples}
    assert {"solve", "check", "score", "rules", "schema"} <= commands, commands
    for where, command, output in examples:
        name = shlex.split(command)[1]
        data = json.loads(output)
        if name == "schema":
            Draft202012Validator.check_schema(data)
        else:
            assert errors(name, data) == [], f"{where}: {command}"


def test_fixture_outputs_validate_as_solve_and_batch_records() -> None:
    cases = list(load_cases(FIXTURES))
    assert len(cases) >= 5
    for label, case in cases:
        case = dict(case)
        rack = case.pop("rack")
        options = {k.replace("-", "_"): v for k, v in case.items() if k not in ("name", "expect")}
        record = analyse_record(rack if isinstance(rack, str) else " ".join(rack), options)
        if "error" in record:
            assert errors("batch", {"line": 1, **record}) == [], label
        else:
            assert errors("solve", record) == [], label
            assert errors("batch", {"line": 1, **record}) == [], label


def test_verify_report_validates() -> None:
    out, code = run("verify", str(FIXTURES), "--format", "json")
    assert code == 0
    assert errors("verify", json.loads(out)) == []


def test_batch_records_validate_including_error_records() -> None:
    lines = [
        "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1",
        json.dumps({"rack": "R3 R4 R5 B7 K7 Y7 R1 B1", "take": "R6", "alternatives": 1}),
        json.dumps({"rack": "K1 R12 R13 F K2 K3", "indicator": "K13", "rising": True}),
        "R3 R4 R14",
        '{"rack": 5}',
    ]
    records = [json.loads(r.text) for r in run_batch(lines, {"alternatives": 2})]
    assert [("error" in r) for r in records] == [False, False, False, True, True]
    for record in records:
        assert errors("batch", record) == [], record


@pytest.mark.parametrize(
    "args",
    [
        ["check", "R3 R4 R5 | B7 K7 J | R12 R13 R1 | J R3 R5", "--rack",
         "R3 R4 R5 B7 K7 J R12 R13 R1 R3 R5 J Y9"],
        ["check", "R1 R1 | B2 B2 | K3 K3 | Y4 Y4 | R5 J"],
        ["check", "R10 R11 R12 | B11 B12 B13 | K10 K11 K12", "--rack",
         "R10 R11 R12 B11 B12 B13 K10 K11 K12 K13"],
        ["score", "--end", "stock", "Ali: melds R3 J", "Bea: not", "Can: pairs K2"],
        ["score", "--winner", "Ali", "Ali", "Bea: melds R3"],
        ["solve", "R1", "R1", "B2", "B2", "K3", "K3", "Y4", "Y4", "R5", "J", "--take", "B9"],
        ["rules", "R-RUN"],
    ],
)  # fmt: skip
def test_more_outputs_validate(args: list[str]) -> None:
    out, code = run(*args, "--format", "json")
    assert code in (0, 1), out
    assert errors(args[0], json.loads(out)) == []


PLAY_OUTPUTS = {
    "not opened, opens and lays off": [
        "R4", "R5", "R6", "R7", "R8", "R12", "K1", "--table", "R9 R10 R11", "--threshold", "30"],
    "not opened, opens with pairs": [
        "R1", "R1", "B2", "B2", "K3", "K3", "Y4", "Y4", "R5", "J", "K13", "--table", "R6 R7 R8"],
    "cannot open": ["B9", "K9", "Y9", "R6", "R7", "--table", "R3 R4 R5"],
    "opened with melds, a finish and a retrieval": [
        "R11", "B5", "K5", "Y1", "--opened", "melds", "--table", "R10 J R12"],
    "opened with pairs": ["R6", "B9", "K9", "Y9", "K1", "--opened", "pairs", "--table", "R3 R4 R5",
                          "--layoff-limit", "2", "--retrieve", "full-set"],
    "a joker finish": ["R6", "J", "R2", "--opened", "melds", "--table", "R3 R4 R5"],
    "take, used": ["R6", "K1", "--take", "R6", "--opened", "melds", "--table", "R3 R4 R5"],
    "take, cannot be used": ["R6", "K1", "--take", "K1", "--opened", "melds", "--table", "R3 R4"
                             " R5"],
    "take in the opening": ["R3", "R4", "R5", "B7", "K7", "Y7", "R1", "--take", "R6",
                            "--threshold", "30", "--table", "B1 B2 B3"],
    "a one-turn finish": ["R1", "R2", "R3", "K5", "--threshold", "6", "--no-same-turn-layoff"],
    "a one-turn finish below the bar": ["R1", "R2", "R3", "K5", "--one-turn-any-value"],
    "a set's joker read as Y7": ["Y7", "K2", "K3", "B9", "--opened", "melds", "--table",
                                 "R7 B7 J"],
    "an opened discard": ["R5", "R6", "B9", "K9", "Y2", "Y3", "K13", "--opened", "melds",
                          "--table", "R7 R8 R9"],
}  # fmt: skip


@pytest.mark.parametrize("args", list(PLAY_OUTPUTS.values()), ids=list(PLAY_OUTPUTS))
def test_play_outputs_validate(args: list[str]) -> None:
    out, code = run("play", *args, "--format", "json")
    assert code in (0, 1), out
    data = json.loads(out)
    assert errors("play", data) == []


def test_play_schema_catches_a_wrong_field() -> None:
    out, _ = run("play", *PLAY_OUTPUTS["opened with melds, a finish and a retrieval"],
                 "--format", "json")  # fmt: skip
    data = json.loads(out)
    assert data["moves"][0]["kind"] == "retrieve"
    broken = copy.deepcopy(data)
    broken["moves"][0]["end"] = "middle"
    assert errors("play", broken)
    broken = copy.deepcopy(data)
    broken["rules"]["layoff_limits"] = broken["rules"].pop("layoff_limit")
    assert errors("play", broken)
    broken = copy.deepcopy(data)
    broken["table_after"][0].pop("changed")
    assert errors("play", broken)
    broken = copy.deepcopy(data)
    broken["table"][0]["changed"] = True  # only the table after the turn marks changes
    assert errors("play", broken)
    broken = copy.deepcopy(data)
    broken["finish"]["points"] = 100
    assert errors("play", broken)


def test_score_with_a_ledger_validates(tmp_path: Path) -> None:
    ledger = tmp_path / "match.jsonl"
    run("score", "--winner", "Ali", "Ali", "Bea: melds R3", "--ledger", str(ledger))
    out, code = run("score", "--end", "joker", "--winner", "Bea", "Ali: pairs K2", "Bea",
                    "--ledger", str(ledger), "--format", "json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert (data["round"], data["standings"]["rounds"]) == (2, 2)
    assert [(p["name"], p["total"]) for p in data["standings"]["players"]] == [
        ("Bea", 199), ("Ali", 93)]  # fmt: skip
    assert errors("score", data) == []
    assert errors("score", {**data, "round": 0})
    broken = copy.deepcopy(data)
    broken["standings"]["players"][0]["totals"] = broken["standings"]["players"][0].pop("total")
    assert errors("score", broken)


def _rename_first_key(data: dict[str, Any]) -> dict[str, Any]:
    first = next(iter(data))
    return {first + "s" if k == first else k: v for k, v in data.items()}


SAMPLES = {
    "solve": ["solve", "K10", "B10", "J", "R5"],
    "check": ["check", "R3 R4 R5 | J R3 R5"],
    "score": ["score", "--winner", "Ali", "Ali", "Bea: melds R3"],
    "verify": ["verify", str(FIXTURES)],
    "rules": ["rules", "R-RUN"],
    "play": ["play", *PLAY_OUTPUTS["opened with melds, a finish and a retrieval"]],
    "simulate": [
        "simulate",
        "--deals",
        "3",
        "--variant",
        "classic=",
        "--variant",
        "low=--threshold 81",
    ],
}


@pytest.mark.parametrize("name", list(SAMPLES))
def test_a_renamed_or_missing_field_is_caught(name: str) -> None:
    out, _ = run(*SAMPLES[name], "--format", "json")
    data = json.loads(out)
    assert errors(name, data) == []
    assert errors(name, _rename_first_key(data))
    inner = copy.deepcopy(data)
    nested = next(v for v in inner.values() if isinstance(v, list) and v and isinstance(v[0], dict))
    nested[0] = _rename_first_key(nested[0])
    assert errors(name, inner), "a renamed field inside a list item"
    if name == "simulate":
        renamed = copy.deepcopy(data)
        renamed["variants"][1]["rules"]["meld_bars"] = renamed["variants"][1]["rules"].pop(
            "meld_bar"
        )
        assert errors(name, renamed)
    if name == "solve":
        renamed = copy.deepcopy(data)
        renamed["rules"]["joker_pair"] = renamed["rules"].pop("joker_pairs")
        assert errors(name, renamed)
        assert errors("batch", {"line": 1, **renamed})
        assert errors("batch", {"line": 1, "error": "x", "extra": 1})


def test_schema_command() -> None:
    out, code = run("schema")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(SCHEMAS)
    out, code = run("schema", "check")
    assert code == 0
    assert json.loads(out) == load_schema("check")
    out, code = run("schema", "solv")
    assert code == 2
    assert out == f"Error: 'solv': no such schema; schemas: {', '.join(SCHEMAS)}\n"
    assert out.startswith("Error: 'solv': no such schema; schemas: solve, check, score, batch,")
    with pytest.raises(UnknownSchemaError):
        load_schema("nonesuch")


OUTS_OUTPUTS = {
    "waiting to draw, with draws": ["R3", "R4", "R5", "B7", "K7", "Y7", "R10", "R11",
                                    "--seen", "R6 R6", "--draws", "3", "--samples", "20"],
    "22 tiles: the discard table": ["R1", "R1", "B2", "B2", "K3", "K3", "Y4", "Y4", "R7", "B9",
                                    "K10", "K11", "K12", "Y13", "R13", "B13", "Y12", "R2", "B3",
                                    "K4", "Y5", "K9"],
    "out of reach (7 tiles, 5 pairs)": ["R1", "B2", "K3", "Y4", "R5", "B6", "K7"],
    "okey": ["R10", "R11", "B1", "K2", "Y3", "--indicator", "K5"],
}  # fmt: skip


@pytest.mark.parametrize("args", list(OUTS_OUTPUTS.values()), ids=list(OUTS_OUTPUTS))
def test_outs_outputs_validate(args: list[str]) -> None:
    out, code = run("outs", *args, "--format", "json")
    assert code in (0, 1), out
    assert errors("outs", json.loads(out)) == []


def test_outs_schema_is_closed() -> None:
    out, _ = run("outs", *OUTS_OUTPUTS["22 tiles: the discard table"], "--format", "json")
    data = json.loads(out)
    assert data["discards"] and data["distance"]["melds"]["tiles"] == 1
    assert errors("outs", {**data, "extra": 1})
    broken = copy.deepcopy(data)
    broken["discards"][0]["outs"]["melds"][0]["copy"] = 1
    assert errors("outs", broken)
    broken = copy.deepcopy(data)
    broken["distance"]["melds"]["status"] = "proven"
    assert errors("outs", broken)
    broken = copy.deepcopy(data)
    del broken["distance"]["pairs"]["target"][0]["drawn"]
    assert errors("outs", broken)


def test_simulate_outputs_validate() -> None:
    out, code = run("simulate", "--deals", "6", "--seed", "2", "--distance", "--variant",
                    "classic=", "--variant", "okey=--indicator random", "--variant",
                    "late=--after 120", "--format", "json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert errors("simulate", data) == []
    assert data["variants"][1]["rules"]["indicator"] == "random"
    assert data["variants"][2]["one_turn_finish"] is None
    broken = copy.deepcopy(data)
    broken["variants"][0]["distance"]["melds"][0]["racks"] = 1
    assert errors("simulate", broken)
    broken = copy.deepcopy(data)
    broken["variants"][0]["rules"]["indicator"] = "sometimes"
    assert errors("simulate", broken)
    plain, _ = run("simulate", "--deals", "3", "--format", "json")
    assert errors("simulate", json.loads(plain)) == []


def test_batch_outs_record_validates() -> None:
    lines = [
        json.dumps({"rack": "R3 R4 R5 B7 K7 Y7 R10 R11", "outs": True, "seen": "R6 R6"}),
        "R1 B2 K3",
    ]
    records = [json.loads(r.text) for r in run_batch(lines, {"alternatives": 0})]
    assert "outs" in records[0] and "outs" not in records[1]
    assert records[0]["outs"]["distance"]["melds"]["tiles"] is not None
    for record in records:
        assert errors("batch", record) == [], record
    broken = copy.deepcopy(records[0])
    broken["outs"]["can_opens"] = broken["outs"].pop("can_open")
    assert errors("batch", broken)
