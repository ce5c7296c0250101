"""The Python API returns exactly what each command prints with --format json,
raises BadInputError (a ValueError naming the token) for bad input, and
importing the package stays light (no ortools)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rummy101_solver import (
    BadInputError,
    analyse,
    batch,
    check,
    outs,
    play,
    rules,
    schema,
    score,
    simulate,
    verify,
)
from rummy101_solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
OPENS = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"


def cli_json(*args: str) -> Any:
    result = CliRunner().invoke(main, [*args, "--format", "json"], prog_name="rummy101")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def test_analyse_is_solve_json() -> None:
    assert analyse(OPENS) == cli_json("solve", *OPENS.split())
    got = analyse(OPENS.split(), after=101, objective="penalty", alternatives=1,
                  one_turn_any_value=True)  # fmt: skip
    assert got == cli_json("solve", OPENS, "--after", "101", "--objective", "penalty",
                           "--alternatives", "1", "--one-turn-any-value")  # fmt: skip
    assert (got["melds"]["value"], got["melds"]["threshold"], got["can_open"]) == (102, 102, True)
    taken = analyse("R3 R4 R5 B7 K7 Y7 R9 R10 R11 B13 K13 Y13 R1", take="R6", alternatives=0)
    assert taken["melds"]["taken"] == {"tile": "R6", "meld": 0, "place": 3}


def test_check_is_check_json() -> None:
    text = "R10 R11 R12 | B11 B12 B13 | K10 K11 K12"
    assert check(text) == cli_json("check", text)
    groups = [["R10", "R11", "R12"], "B11 B12 B13", ["K10", "K11", "K12"]]
    got = check(groups, rack=OPENS + " K13", after=102)
    assert got == cli_json("check", text, "--rack", OPENS + " K13", "--after", "102")
    assert (got["legal"], got["value"], got["threshold"], got["left"]) == (
        True, 102, 103, ["K13", "Y1"]
    )  # fmt: skip


def test_score_is_score_json() -> None:
    players = ["Ali", "Bea: pairs K2 K9", "Can: melds R3 R5 J", "Deniz: not"]
    got = score(players, end="joker", winner="Ali")
    assert got == cli_json("score", "--end", "joker", "--winner", "Ali", *players)
    assert [p["points"] for p in got["players"]] == [202, -44, -218, -404]
    assert score("Ali\n# a comment\nBea: melds R3\n", winner="Ali")["total"] == 98


def test_play_is_play_json() -> None:
    table = "R3 R4 R5 | B8 K8 Y8 | R10 J R12"
    got = play("R2 R6 B6 R8 R11 Y1", table, opened="melds", alternatives=1)
    assert got == cli_json("play", "R2", "R6", "B6", "R8", "R11", "Y1", "--table", table,
                           "--opened", "melds", "--alternatives", "1")  # fmt: skip
    assert [(m["kind"], m["tiles"]) for m in got["moves"]] == [
        ("lay off", ["R2"]), ("lay off", ["R8"]), ("retrieve", ["R11"]),
        ("meld", ["R6", "B6", "J"]),
    ]  # fmt: skip
    assert (got["finish"]["points"], got["left"], got["residual_penalty"]) == (101, ["Y1"], 1)
    groups = [["R4", "R5", "R6"]]
    got = play(["R7", "R8", "R9", "K1"], groups, opened="pairs", layoff_limit=2,
               retrieve="full-set", same_turn_layoff=False, alternatives=0)  # fmt: skip
    assert got == cli_json("play", "R7", "R8", "R9", "K1", "--table", "R4 R5 R6", "--opened",
                           "pairs", "--layoff-limit", "2", "--retrieve", "full-set",
                           "--no-same-turn-layoff", "--alternatives", "0")  # fmt: skip
    assert got["table_after"][0]["tiles"] == ["R4", "R5", "R6", "R7", "R8"]
    assert got["rules"]["layoff_limit"] == 2 and got["rules"]["same_turn_layoff"] is False
    low = play("R1 R2 R3 K5", one_turn_any_value=True)
    assert (low["finish"]["points"], low["opening"]["value"], low["can_open"]) == (202, 6, False)


def test_rules_and_schema() -> None:
    assert rules("R-RUN") == cli_json("rules", "R-RUN")
    assert [r["id"] for r in rules()["rules"]][:2] == ["R-TILES", "R-JOKER"]
    assert schema("solve")["title"] == "rummy101 solve --format json"


@pytest.mark.parametrize(
    ("call", "message", "token"),
    [
        (lambda: analyse("R3 R4 R14"), "'R14' (tile 3): numbers run 1–13", "R14"),
        (lambda: analyse(["R3", "X9"]), "'X9' (tile 2): 'X' is not a colour; write a colour R,"
         " B, K or Y and a number 1–13 (R7, 7R, red 7), or J for a joker", "X9"),
        (lambda: analyse("R3", take="R14"), "'R14': --take: numbers run 1–13", "R14"),
        (lambda: analyse("R3", threshold=-1), "option 'threshold': -1 is out of range (0–9999)",
         None),
        (lambda: check("R3 R4 Q5"), None, "Q5"),
        (lambda: score(["Ali", "Bea: melds R3"], end="stock", winner="Ali"), None, None),
        (lambda: rules("R-RUNS"), "'R-RUNS': no such rule; did you mean R-RUN?", "R-RUNS"),
        (lambda: schema("out"), None, "out"),
        (lambda: play("R1", "R3 R4 B5"), "table group 1 (R3 R4 B5) is not legal: not a run: a run"
         " is one colour; this has red, blue [R-RUN]", None),
        (lambda: play("R7 R7", "R6 R7 R8"), "'R7' (table tile 2): a third R7; the set has only 2"
         " copies of each tile, counting the rack and the table [R-TILES]", "R7"),
        (lambda: play("R1 R14", "R3 R4 R5"), "'R14' (tile 2): numbers run 1–13", "R14"),
        (lambda: play("R1", "R3 R4 R5", opened="yes"),  # type: ignore[arg-type]
         "option 'opened': 'yes' is not 'no', 'melds' or 'pairs'", None),
        (lambda: play("R1", "R3 R4 R5", layoff_limit=0),
         "option 'layoff_limit': 0 is not a whole number 1–13", None),
        (lambda: play("R1", "R3 R4 R5", retrieve="set"),  # type: ignore[arg-type]
         "option 'retrieve': 'set' is not 'any' or 'full-set'", None),
        (lambda: play("R1", "R3 R4 R5", layoff_limit=True),
         "option 'layoff_limit': True is not a whole number 1–13", None),
        (lambda: play("R1", "R3 R4 R5", layoff_limit=2.0),  # type: ignore[arg-type]
         "option 'layoff_limit': 2.0 is not a whole number 1–13", None),
        (lambda: play("R1", "R3 R4 R5", pairs_on_table=1),  # type: ignore[arg-type]
         "option 'pairs_on_table': 1 is not true or false", None),
        (lambda: play("R1", "R3 R4 R5", same_turn_layoff="no"),  # type: ignore[arg-type]
         "option 'same_turn_layoff': 'no' is not true or false", None),
        (lambda: simulate(deals=1, distance="yes"),  # type: ignore[arg-type]
         "option 'distance': 'yes' is not true or false", None),
        (lambda: batch(["R1"], outs=None),  # type: ignore[arg-type]
         "option 'outs': None is not true or false", None),
        (lambda: verify("x.jsonl", write=0),  # type: ignore[arg-type]
         "option 'write': 0 is not true or false", None),
        (lambda: verify("x.jsonl", failures_only="yes"),  # type: ignore[arg-type]
         "option 'failures_only': 'yes' is not true or false", None),
        (lambda: analyse([3, 4]), "tiles must be text, e.g. 'R3 R4 R5' or ['R3', 'R4', 'R5'],"
         " not a list holding an int", None),
    ],
)  # fmt: skip
def test_bad_input_raises_bad_input_error(
    call: Any, message: str | None, token: str | None
) -> None:
    with pytest.raises(BadInputError) as err:
        call()
    assert isinstance(err.value, ValueError)
    assert err.value.token == token
    if message is not None:
        assert str(err.value) == message


TILES_NOT = "tiles must be text, e.g. 'R3 R4 R5' or ['R3', 'R4', 'R5'], not "
GROUPS_NOT = "groups must be text, e.g. 'R3 R4 R5 | B7 K7 J', or a list of groups, not "


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: analyse(None), TILES_NOT + "None"),
        (lambda: analyse(7), TILES_NOT + "an int"),
        (lambda: analyse(b"R1 R2"), TILES_NOT + "a bytes"),
        (lambda: analyse(["R1", None]), TILES_NOT + "a list holding None"),
        (lambda: check(None), GROUPS_NOT + "None"),
        (lambda: check([None]), TILES_NOT + "None"),
        (lambda: check("R1 R2 R3", rack=5), TILES_NOT + "an int"),
        (lambda: play(None), TILES_NOT + "None"),
        (lambda: play("R1", None), GROUPS_NOT + "None"),
        (lambda: play("R1", 5), GROUPS_NOT + "an int"),
        (lambda: score(None), "players must be text, one 'NAME: STATE TILES' a line, or a list"
         " of them, not None"),
        (lambda: score([None, "Ali"]), "players must be text, one 'NAME: STATE TILES' a line,"
         " or a list of them, not a list holding None"),
        (lambda: rules(None), "rule ids are text, e.g. 'R-RUN', not None"),
        (lambda: schema(None), "a schema name is text, e.g. 'solve', not None"),
    ],
)  # fmt: skip
def test_input_that_is_not_text_raises_bad_input_error(call: Any, message: str) -> None:
    with pytest.raises(BadInputError) as err:
        call()
    assert (str(err.value), err.value.token) == (message, None)


def test_analyse_explain_adds_the_explanation_of_solve_explain() -> None:
    result = CliRunner().invoke(main, ["solve", OPENS, "--explain", "--format", "json"])
    assert result.exit_code == 0
    assert analyse(OPENS, explain=True) == json.loads(result.output)
    assert "explanation" not in analyse(OPENS)
    assert analyse(OPENS, explain=True)["explanation"][0] == (
        "The bar: a meld opening needs 101 points, the default [R-OPEN-MELDS];"
        " a pairs opening needs 5 pairs, the default [R-OPEN-PAIRS]."
    )


def test_importing_the_package_does_not_import_ortools() -> None:
    code = "import sys, rummy101_solver; print('ortools' in sys.modules, 'click' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "False False\n"


def test_api_names_stay_the_functions() -> None:
    import rummy101_solver.engine.check
    import rummy101_solver.engine.play
    import rummy101_solver.game.rules
    import rummy101_solver.report.schema

    assert rummy101_solver.check is check
    assert rummy101_solver.play is play
    assert rummy101_solver.rules is rules
    assert rummy101_solver.schema is schema


README_EXAMPLE = re.compile(
    r"# Python API.*?```python\n(.*?)```\n\nprints\n\n```text\n(.*?)```", re.S
)


def test_docs_api_example_runs_and_prints_what_it_shows() -> None:
    match = README_EXAMPLE.search((ROOT / "docs" / "api.md").read_text(encoding="utf-8"))
    assert match, "docs/api.md: no '# Python API' page with a python block and its output"
    code, shown = match.groups()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.chdir(ROOT):  # it names examples/
        exec(compile(code, "docs/api.md", "exec"), {})
    assert out.getvalue() == shown


def test_outs_is_outs_json() -> None:
    rack = "R3 R4 R5 B7 K7 Y7 R10 R11 R12 B13 K13 Y1"
    got = outs(rack, seen="R13")
    assert got == cli_json("outs", rack, "--seen", "R13")
    assert (got["distance"]["melds"]["tiles"], got["unseen"], got["can_open"]) == (1, 93, False)
    assert [o["tile"] for o in got["outs"]["melds"]] == ["R13", "Y13", "J"]
    okey = outs(rack.split(), seen=["R13"], indicator="K5", threshold=81, draws=3, samples=20,
                seed=4)  # fmt: skip
    assert okey == cli_json("outs", rack, "--seen", "R13", "--indicator", "K5", "--threshold",
                            "81", "--draws", "3", "--samples", "20", "--seed", "4")  # fmt: skip
    assert okey["rules"]["okey"] == "K6" and okey["draws"]["samples"] == 20
    assert okey["distance"]["melds"]["tiles"] == 1  # 66 points + a third 13 (39) >= 81


def test_simulate_is_simulate_json() -> None:
    got = simulate(12, seed=3, variants={"classic": "", "low": "--threshold 81"}, distance=True)
    assert got == cli_json("simulate", "--deals", "12", "--seed", "3", "--distance",
                           "--variant", "classic=", "--variant", "low=--threshold 81")  # fmt: skip
    assert [v["name"] for v in got["variants"]] == ["classic", "low"]
    assert got["variants"][1]["rules"]["meld_bar"] == 81
    assert got["variants"][0]["distance"]["melds"][0]["distance"] is not None
    plain = simulate(5, rack_size=22)
    assert plain == cli_json("simulate", "--deals", "5", "--rack-size", "22")
    assert plain["variants"][0]["distance"] is None


@pytest.mark.parametrize(
    ("call", "message", "token"),
    [
        (lambda: outs("R3 R4 R14"), "'R14' (tile 3): numbers run 1–13", "R14"),
        (lambda: outs("R3 R4 R5", seen="B7 R5 R5"), "'R5': --seen tile 3: a third R5: the rack"
         " and the tiles seen hold both copies already [R-TILES]", "R5"),
        (lambda: outs("R3 R4 R5", draws=1), "option 'draws': 1 is not a whole number 2–50", None),
        (lambda: outs("R3 R4 R5", samples=0),
         "option 'samples': 0 is not a whole number 1–100000", None),
        (lambda: simulate(0), "option 'deals': 0 is not a whole number 1–10000000", None),
        (lambda: simulate(5, rack_size=23), "option 'rack_size': 23 is not a whole number 2–22",
         None),
        (lambda: simulate(5, variants={"x": "--thresold 5"}),
         "variant 'x': No such option '--thresold'. (Did you mean one of: '--pairs-threshold',"
         " '--threshold'?)", None),
        (lambda: simulate(5, variants={"x": "--take R6"}),
         "variant 'x': --take does not apply: every deal is a new rack [R-TAKE-DISCARD]", None),
        (lambda: simulate(5, variants={}),
         "option 'variants': give {name: options}, e.g. {'low': '--threshold 81'}", None),
    ],
)  # fmt: skip
def test_outs_and_simulate_bad_input(call: Any, message: str, token: str | None) -> None:
    with pytest.raises(BadInputError) as caught:
        call()
    assert str(caught.value) == message
    assert caught.value.token == token


def _keyword(flag: str) -> tuple[str, object]:
    """The rule of docs/api.md: ``--no-joker-pairs`` → (joker_pairs, False), ``--rising`` →
    (rising, True), ``--pairs-threshold`` → (pairs_threshold, None: takes a value)."""
    name = flag.removeprefix("--").replace("-", "_")
    if name.startswith("no_"):
        return name.removeprefix("no_"), False
    return name, None


def _flags(command: str) -> dict[str, bool]:
    """Each long flag of a command → whether it takes no value."""
    import click

    cmd = main.get_command(click.Context(main), command)
    assert cmd is not None, command
    flags: dict[str, bool] = {}
    for param in cmd.params:
        if isinstance(param, click.Option):
            for opt in [*param.opts, *param.secondary_opts]:
                if opt.startswith("--") and opt != "--help":
                    flags[opt] = param.is_flag
    return flags


@pytest.mark.parametrize(
    ("command", "function", "cli_only"),
    [
        ("solve", analyse, {"--format", "--color"}),
        ("check", check, {"--format", "--color", "--explain"}),
        ("play", play, {"--format", "--color", "--explain"}),
    ],
)
def test_api_keywords_are_named_as_the_docs_say(
    command: str, function: Any, cli_only: set[str]
) -> None:
    import inspect

    readme = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert "(`joker_pairs=False` for `--no-joker-pairs`" in readme
    params = inspect.signature(function).parameters
    for flag, no_value in _flags(command).items():
        if flag in cli_only:
            continue
        name, value = _keyword(flag)
        assert name in params, f"{command} {flag}: no keyword {name!r}"
        if value is False:
            assert params[name].default is True, flag
        elif no_value:
            assert params[name].default is False, flag


def test_docs_name_the_solve_flags_batch_does_not_take() -> None:
    readme = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    said = re.search(r"every `solve` flag but (.*?), which\s+`batch` does not take", readme)
    assert said is not None
    named = set(re.findall(r"`(--[a-z-]+)`", said.group(1)))
    assert named == {"--color", "--explain"}
    assert named == set(_flags("solve")) - set(_flags("batch"))  # batch's --format is its own
    result = CliRunner().invoke(main, ["batch"], input='{"rack": "R1 R2 R3", "explain": true}\n')
    assert result.exit_code == 3
    assert json.loads(result.output)["error"].startswith("unknown option 'explain'; options: ")
