"""API = CLI (issue 23): one function per command, with the command's flags as
keywords, returning what ``--format json`` prints."""

from __future__ import annotations

import inspect
import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import rummy101_solver
from rummy101_solver import api
from rummy101_solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

ARGUMENTS = {"tiles": "rack"}
"""A command's argument → the API's first parameter, where the names differ."""

RENDERING = {"format", "color"}
"""Flags that only choose how the answer is printed: the API returns the dict."""

RENAMED = {("simulate", "variant"): "variants"}
"""A repeatable flag whose keyword takes a table: --variant NAME=OPTIONS → variants={NAME: …}."""


def keyword(param: click.Parameter) -> str:
    """The API keyword of a click parameter: the argument's name, or the long
    flag in snake_case with a leading 'no-' dropped (--no-joker-pairs → joker_pairs)."""
    if isinstance(param, click.Argument):
        assert param.name is not None
        return ARGUMENTS.get(param.name, param.name)
    flag = max(param.opts, key=len).removeprefix("--").removeprefix("no-")
    return flag.replace("-", "_")


def cli_json(*args: str, input: str | None = None) -> Any:
    result = CliRunner().invoke(main, [*args, "--format", "json"], input=input,
                                prog_name="rummy101")  # fmt: skip
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


COMMANDS = main.list_commands(click.Context(main))
"""Every command's name (the group imports a command's module only when asked for it, so
``main.commands`` holds only those loaded so far)."""


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_a_function_with_its_flags_as_keywords(name: str) -> None:
    if name in api.NOT_IN_API:
        return
    function = getattr(api, api.COMMAND_FUNCTIONS[name])
    command = main.get_command(click.Context(main), name)
    assert command is not None, name
    flags = {keyword(p) for p in command.params} - RENDERING
    flags = {RENAMED.get((name, f), f) for f in flags}
    keywords = set(inspect.signature(function).parameters)
    assert flags - keywords == set(), f"{function.__name__} lacks keywords of {name}'s flags"
    assert keywords - flags == set(), f"{function.__name__} has keywords {name} has no flag for"


def test_every_command_is_in_the_api_or_said_not_to_be() -> None:
    assert set(COMMANDS) == set(api.COMMAND_FUNCTIONS) | api.NOT_IN_API
    assert set(api.COMMAND_FUNCTIONS.values()) | {"BadInputError"} == set(api.__all__)
    assert set(rummy101_solver.__all__) == set(api.__all__)


def test_py_typed_is_shipped() -> None:
    assert (ROOT / "rummy101_solver" / "py.typed").is_file()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["rummy101_solver"]


def test_score_with_extra_is_score_json() -> None:
    players = ["Ali", "Bea: pairs K2 K9", "Can: melds R3 R5 J"]
    got = api.score(players, end="joker", winner="Ali", extra=["Can: joker-discard"])
    assert got == cli_json("score", "--end", "joker", "--winner", "Ali", *players,
                           "--extra", "Can: joker-discard")  # fmt: skip
    assert [p["result"] for p in got["players"]] == [202, -44, -319]
    one = api.score(players, winner="Ali", extra="Bea: 20 slow play")
    assert one["players"][1]["extras"][0]["points"] == -20


def test_score_with_a_ledger_appends_and_gives_the_standings(tmp_path: Path) -> None:
    ledger = tmp_path / "m.jsonl"
    first = api.score(["Ali", "Bea: melds R3"], winner="Ali", ledger=ledger)
    second = api.score(["Ali: melds R9", "Bea"], winner="Bea", ledger=str(ledger))
    assert (first["round"], second["round"]) == (1, 2)
    assert api.standings(ledger) == second["standings"]
    assert api.standings(ledger, after=1)["players"] == first["standings"]["players"]
    assert [(p["name"], p["total"]) for p in second["standings"]["players"]] == [
        ("Bea", 98), ("Ali", 92)
    ]  # fmt: skip


def test_standings_is_standings_json(tmp_path: Path) -> None:
    assert api.standings(EXAMPLES / "match.jsonl", after=2) == cli_json(
        "standings", str(EXAMPLES / "match.jsonl"), "--after", "2"
    )
    with pytest.raises(api.BadInputError, match="No such file"):
        api.standings(tmp_path / "none.jsonl")


def test_batch_is_the_batch_lines() -> None:
    lines = ["R1 R2 R3 K9", "# a comment", "R14", '{"rack": "R5 R6 R7 K9", "threshold": 18}']
    result = CliRunner().invoke(main, ["batch", "--alternatives", "0", "--threshold", "6"],
                                input="\n".join(lines) + "\n")  # fmt: skip
    assert result.exit_code == 3
    expected = [json.loads(line) for line in result.output.splitlines()]
    got = api.batch(lines, alternatives=0, threshold=6)
    assert not isinstance(got, list)  # an iterator, made as the lines are read
    records = list(got)
    assert records == expected
    assert [r["line"] for r in records] == [1, 3, 4]
    assert (records[0]["can_open"], records[2]["can_open"]) == (True, True)
    # a dict stands for its JSON line
    taken = next(api.batch([{"rack": "R3 R4 R5 K9", "take": "R6"}], alternatives=0))
    assert (taken["line"], taken["melds"]["value"], taken["rules"]["take"]) == (1, 18, "R6")


def test_batch_reads_a_file_and_refuses_a_bad_default(tmp_path: Path) -> None:
    path = tmp_path / "racks.txt"
    path.write_text("R1 R2 R3 K9\nR5 R6 R7 K9\n")
    assert [r["melds"]["value"] for r in api.batch(path, alternatives=0)] == [6, 18]
    with pytest.raises(api.BadInputError, match="option 'threshold': -1 is out of range"):
        api.batch(path, threshold=-1)
    with pytest.raises(api.BadInputError, match="cannot read"):
        api.batch(tmp_path / "none.txt")


def test_deal_is_what_deal_prints() -> None:
    out = CliRunner().invoke(main, ["deal", "--seed", "3", "--count", "2", "--size", "9"]).output
    assert list(api.deal(seed=3, count=2, size=9)) == out.splitlines()
    okey = CliRunner().invoke(main, ["deal", "--seed", "3", "--indicator", "B5"]).output
    assert list(api.deal(seed=3, indicator="B5")) == okey.splitlines()
    with pytest.raises(api.BadInputError, match="--indicator: numbers run 1–13"):
        api.deal(indicator="B14")


def test_verify_is_verify_json(tmp_path: Path) -> None:
    path = EXAMPLES / "fixtures-commands.toml"
    assert api.verify(path) == cli_json("verify", str(path))
    assert api.verify(path, failures_only=True)["checks"] == []
    copy = tmp_path / "f.toml"
    shutil.copy(path, copy)
    shutil.copy(EXAMPLES / "match.jsonl", tmp_path / "match.jsonl")
    written = api.verify(copy, write=True)
    assert "written" not in written  # the example is what --write writes: nothing to write
    assert copy.read_text() == path.read_text()
    copy.write_text(path.read_text().replace("\nvalue = 0\n", "\nvalue = 1\n"))
    assert api.verify(copy, write=True)["written"] == str(copy)
    assert copy.read_text() == path.read_text()
    with pytest.raises(api.BadInputError, match=r"none\.jsonl"):
        api.verify(tmp_path / "none.jsonl")


def test_schema_of_the_fixtures() -> None:
    assert api.schema("fixtures")["title"] == "rummy101 verify: one fixture case"


def test_simulate_plot_needs_png_or_svg(tmp_path: Path) -> None:
    with pytest.raises(api.BadInputError, match=r"the file name ends in \.png or \.svg"):
        api.simulate(1, plot=tmp_path / "odds.pdf")
    got = api.simulate(20, seed=1, plot=tmp_path / "odds.svg")
    assert got == cli_json("simulate", "--deals", "20", "--seed", "1")
    assert (tmp_path / "odds.svg").read_text().startswith("<?xml")


def test_jobs_and_scheduler_exclude_each_other() -> None:
    calls = (
        lambda: api.batch(["R1 R2 R3 K9"], jobs=2, scheduler="tcp://127.0.0.1:8786"),
        lambda: api.simulate(1, jobs=2, scheduler="tcp://127.0.0.1:8786"),
    )
    for call in calls:
        with pytest.raises(api.BadInputError) as caught:
            call()
        assert str(caught.value) == (
            "jobs and scheduler exclude each other: the cluster's workers do the work"
        )
