"""The rough edges of issue 34 (messages, the API's wrong types, the sweep's memory
budget in both engines), one test each, exact messages and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any, Literal

import pytest
from click.testing import CliRunner

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
