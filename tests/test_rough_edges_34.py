"""The rough edges of issue 34 (messages, the API's wrong types, the sweep's memory
budget in both engines), one test each, exact messages and exit codes."""

from __future__ import annotations

import collections.abc
import contextlib
import inspect
import itertools
import json
import os
import subprocess
import sys
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy101_solver import api
from rummy101_solver.api import BadInputError
from rummy101_solver.cli import main
from rummy101_solver.cli.guard import run_guarded
from rummy101_solver.engine import sweep
from rummy101_solver.engine.sweep_python import Sweep
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.tiles import Colour, Face


def invoke(*args: str, input: str | bytes | None = None) -> tuple[str, str, int]:
    result = CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")
    return result.stdout, result.stderr, result.exit_code


def check_json(arrangement: str) -> tuple[dict[str, Any], int]:
    out, _, code = invoke("check", arrangement, "--format", "json")
    return json.loads(out), code


def group_errors(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["rule"], e["message"]) for g in data["groups"] for e in g["errors"]]


# --- item 10: messages ------------------------------------------------------------------


def test_a_run_whose_joker_is_pinned_elsewhere_does_not_say_no_joker() -> None:
    """``R5 R6 J=R8`` has a joker; pinned to 8 it fills no gap [R-RUN, R-WILD]."""
    data, code = check_json("R5 R6 J=R8")
    assert code == 1
    assert group_errors(data) == [
        ("R-RUN", "5-6-8 is not consecutive: 1 missing; its joker is pinned and fills no gap")
    ]
    data, _ = check_json("R9 R5 J=R7 J=R3")
    assert group_errors(data) == [
        ("R-RUN", "9-5-7-3 is not consecutive: 3 missing; its 2 jokers are pinned and fill no gap")
    ]
    data, _ = check_json("R9 R5 J=R7 J")
    assert group_errors(data) == [
        ("R-RUN", "9-5-7-J is not consecutive: 2 missing, only 1 joker not pinned")
    ]
    data, _ = check_json("R3 R5 R6")  # no joker at all: as before
    assert group_errors(data) == [("R-RUN", "3-5-6 is not consecutive: 1 missing, no joker")]


def test_illegal_groups_alone_are_not_also_a_mix_of_pairs_and_melds() -> None:
    """A 2-tile and a 3-tile group, both illegal: their own faults, no R-NO-MIX."""
    data, code = check_json("R1 B5 | R7 R9 R12")
    assert code == 1
    assert (data["kind"], data["errors"]) == ("melds", [])
    assert [rule for rule, _ in group_errors(data)] == ["R-PAIR", "R-RUN"]
    # a legal pair and a legal run still mix
    data, code = check_json("R1 R1 | R7 R8 R9")
    assert (code, data["kind"]) == (1, "mixed")
    assert data["errors"] == [
        {"rule": "R-NO-MIX", "message": "pairs and melds mixed in one opening"}
    ]


BINARY = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
"""The first bytes of a PNG file: a NUL on line 3."""


def test_binary_stdin_is_not_text_not_five_lines() -> None:
    for command in (["solve"], ["check"], ["outs"], ["score"]):
        out, err, code = invoke(*command, input=BINARY)
        assert (out, err, code) == ("", "Error: stdin is not text: line 3 holds a NUL byte\n", 2)
    bad = b"\xff\xfe R1\n\xc3\x28\n\x80 R2\n"  # bytes that are not UTF-8, no NUL
    out, err, code = invoke("solve", input=bad)
    assert (out, code) == ("", 2)
    assert err == "Error: stdin is not text: lines 1 and 2 hold bytes that are not UTF-8\n"
    # one bad byte on one line: the tile reader names it, as before
    _, err, code = invoke("solve", input=b"R1 R2 \xff\n")
    assert code == 2 and err.startswith("Error: '\\xff' (tile 3): not a tile;")


# --- item 24: one memory budget for both sweep engines ----------------------------------

ALL_FACES = [Face(Colour(c), n) for c in "RBKY" for n in range(1, 14)]
RACK_21 = "R1 R5 B3 B9 K2 K7 Y4 Y11 R12 B13 K10 Y6 R8 B6 J K12 Y1 R3 B11 K5 Y9"
OUT_OF_MEMORY = (
    "Error: out of memory (the sweep placing up to 3 tiles needs more than 1000000 bytes):"
    " a bar far above what the rack can reach needs very many drawn tiles; try a lower bar\n"
)


def _rummy101(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "rummy101_solver", *args]
    return subprocess.run(command, env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=300, check=False)  # fmt: skip


def test_the_pure_python_sweep_stops_at_the_budget_as_the_compiled_one() -> None:
    """``RUMMY101_PURE_PYTHON=1 rummy101 outs … --rising --after 250`` took 21.7 GB; the
    compiled loops stop at their budget. Both read ``RUMMY101_SWEEP_MEMORY``, a small one
    here: exit 2 and the same message from both (before: the pure engine answered, exit 1)."""
    budget = {"RUMMY101_SWEEP_MEMORY": "1000000"}
    pure = _rummy101("outs", *RACK_21.split(), "--rising", "--after", "110",
                     env={**budget, "RUMMY101_PURE_PYTHON": "1"})  # fmt: skip
    assert (pure.stdout, pure.stderr, pure.returncode) == ("", OUT_OF_MEMORY, 2)
    if sweep.COMPILED:
        compiled = _rummy101("outs", *RACK_21.split(), "--rising", "--after", "110", env=budget)
        assert (compiled.stdout, compiled.stderr, compiled.returncode) == ("", OUT_OF_MEMORY, 2)


def test_the_pure_python_sweep_counts_its_layers_against_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    held = parse_rack(RACK_21).face_counts
    unseen: dict[Face | Literal["wild"], int] = {f: 2 - held.get(f, 0) for f in ALL_FACES}
    rack = sweep.sweep_rack(held, 1, {**unseen, "wild": 1}, 20)
    monkeypatch.setenv("RUMMY101_SWEEP_MEMORY", "50000")
    with pytest.raises(MemoryError) as raised:
        Sweep(rack, 6)
    assert str(raised.value) == "the sweep placing up to 6 tiles needs more than 50000 bytes"
    monkeypatch.setenv("RUMMY101_SWEEP_MEMORY", str(3 << 20))  # 6 tiles: 66 MB measured
    with pytest.raises(MemoryError) as raised:
        Sweep(rack, 6)
    assert str(raised.value) == "the sweep placing up to 6 tiles needs more than 3 MiB"
    monkeypatch.delenv("RUMMY101_SWEEP_MEMORY")  # the default, 1 GiB: the same curve as before
    assert Sweep(rack, 2).curve() == [36, 72, 102]  # B11 J B13; the compiled loops agree
    assert not sweep.COMPILED or sweep.CompiledSweep(rack, 2).curve() == [36, 72, 102]


def test_a_bare_memory_error_says_what_it_means_not_empty_parentheses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def run() -> None:
        raise MemoryError

    assert run_guarded(run) == 2
    assert capsys.readouterr().err == (
        "Error: out of memory (the question is too large): a bar far above what the rack"
        " can reach needs very many drawn tiles; try a lower bar\n"
    )


# --- item 27: every wrong type passed to the API is a BadInputError ---------------------

BASE_CALLS: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "analyse": (("R1 R2 R3",), {}),
    "check": (("R1 R2 R3",), {}),
    "outs": (("R1 R2 R3",), {}),
    "play": (("R1 R2 R3",), {}),
    "score": ((["Ali", "Bea: melds R3"],), {"winner": "Ali"}),
    "standings": (("ledger.txt",), {}),
    "batch": ((["R1 R2 R3"],), {}),
    "verify": (("cases.jsonl",), {}),
    "deal": ((), {}),
    "simulate": ((), {"deals": 1}),
    "rules": (("R-RUN",), {}),
    "schema": (("solve",), {}),
}
"""A good call of every API function (in a folder holding its ledger and fixture file)."""

WRONG = [5, 2.5, True, None, b"R1", ["R1"], {"R1": 1}, object(), "bogus", float("nan")]
PATHS = {"ledger", "fixtures", "source", "log", "plot", "scheduler"}
"""Parameters whose text is a path or an address: text there is not tried (no file is
written, no cluster is asked)."""


def _fits(value: object, hint: Any) -> bool:
    """Whether ``value`` is of the annotated type (independent of the API's own check)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, one) for one in typing.get_args(hint))
    if origin is Literal:
        return value in typing.get_args(hint)
    kinds: dict[Any, Callable[[object], bool]] = {
        type(None): lambda v: v is None,
        bool: lambda v: isinstance(v, bool),
        int: lambda v: type(v) is int,
        float: lambda v: type(v) in (int, float),
        str: lambda v: isinstance(v, str),
        os.PathLike: lambda v: isinstance(v, os.PathLike),
        collections.abc.Sequence: lambda v: isinstance(v, list | tuple | str),
        collections.abc.Mapping: lambda v: isinstance(v, dict),
        collections.abc.Iterable: lambda v: isinstance(v, list | tuple | str | dict),
    }
    test = kinds.get(origin or hint)
    return test is None or test(value)


def _call(name: str, parameter: str, value: object) -> None:
    """The good call of ``name`` with ``parameter`` set to ``value``; an iterator consumed."""
    function = getattr(api, name)
    args, kwargs = BASE_CALLS[name]
    names = list(inspect.signature(function).parameters)
    position = names.index(parameter)
    if position < len(args):
        args = (*args[:position], value, *args[position + 1 :])
    elif inspect.signature(function).parameters[parameter].kind is inspect.Parameter.VAR_POSITIONAL:
        args = (value,)
    else:
        kwargs = {**kwargs, parameter: value}
    if name == "simulate" and parameter == "rounds":
        kwargs = {k: v for k, v in kwargs.items() if k != "deals"}
    result = function(*args, **kwargs)
    if isinstance(result, collections.abc.Iterator):
        list(itertools.islice(result, 2))


@pytest.fixture
def in_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    api.score(["Ali", "Bea: melds R3"], winner="Ali", ledger="ledger.txt")
    (tmp_path / "cases.jsonl").write_text('{"rack": "R1 R2 R3", "expect": {}}\n')
    return tmp_path


def test_every_wrong_type_for_every_api_parameter_is_bad_input(in_a_folder: Path) -> None:
    """Each public API function, each parameter, each value not of its annotated type:
    a :class:`BadInputError` (before: ``score(..., end=5)`` raised ``TypeError``; a wrong
    type for an option unused in that call, such as ``deal(players=2.5)``, was taken)."""
    assert set(BASE_CALLS) == set(api.__all__) - {"BadInputError"}
    tried, taken = 0, []
    for name in BASE_CALLS:
        function = getattr(api, name)
        hints = typing.get_type_hints(inspect.unwrap(function))
        for parameter in inspect.signature(function).parameters:
            for value in WRONG:
                if _fits(value, hints[parameter]) or (parameter in PATHS and value == "bogus"):
                    continue
                if isinstance(value, str) and name == "rules":
                    continue  # an id: text is its type
                tried += 1
                try:
                    _call(name, parameter, value)
                except BadInputError:
                    continue
                taken.append((name, parameter, value))
    assert (taken, tried > 500) == ([], True)


def test_score_with_an_end_that_is_not_text_is_bad_input() -> None:
    players = ["Ali", "Bea: melds R3"]
    with pytest.raises(BadInputError) as err:
        api.score(players, end=5, winner="Ali")  # type: ignore[arg-type]
    assert str(err.value) == "option 'end': 5 is not a round end, e.g. 'normal'"
    with pytest.raises(BadInputError) as err:
        api.score(players, winner=["Ali"])  # type: ignore[arg-type]
    assert str(err.value) == "option 'winner': a list is not a player's name"
    with pytest.raises(BadInputError) as err:
        api.score(players, winner="Ali", joker_left=2.5)  # type: ignore[arg-type]
    assert str(err.value) == "option 'joker_left': 2.5 is not a whole number"
    with pytest.raises(BadInputError) as err:
        api.score(players, winner="Ali", ledger=5)  # type: ignore[arg-type]
    assert str(err.value) == "a ledger is a file path, not an int"
    with pytest.raises(BadInputError) as err:
        api.deal(players=2.5)  # type: ignore[arg-type]
    assert str(err.value) == "option 'players': 2.5 is not a whole number 2–4"


ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8),
    st.binary(max_size=8), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)  # fmt: skip


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=st.sampled_from(sorted(BASE_CALLS)),
    data=st.data(),
    value=ANY_VALUE,
)
def test_any_value_for_any_api_parameter_is_an_answer_or_bad_input(
    in_a_folder: Path, name: str, data: st.DataObject, value: object
) -> None:
    """Any value at all: the function answers or raises :class:`BadInputError`, never
    another error (numbers kept small where they count work: deals, samples …)."""
    parameter = data.draw(st.sampled_from(list(inspect.signature(getattr(api, name)).parameters)))
    if parameter in PATHS and isinstance(value, str):
        return
    if isinstance(value, int) and not isinstance(value, bool) and value > 3:
        value = 3  # a count of deals, rounds, samples, draws: kept cheap
    with contextlib.suppress(BadInputError):
        _call(name, parameter, value)


# --- item 15: the README -----------------------------------------------------------------


def test_the_readme_says_what_venv_needs_on_debian_and_how_long_the_tests_take() -> None:
    root = Path(__file__).resolve().parent.parent
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    assert "on Debian and Ubuntu it needs `sudo apt install python3-venv`" in readme
    assert "about 5 minutes on an idle 2-core machine, [measured](docs/development.md)" in readme
    development = " ".join((root / "docs" / "development.md").read_text().split())
    assert "4,118 tests) ran in 308 s of wall time on an idle 2-core machine" in development
