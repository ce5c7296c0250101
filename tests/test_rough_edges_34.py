"""The rough edges of issue 34 (messages, the API's wrong types, the sweep's memory
budget in both engines), one test each, exact messages and exit codes."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from rummy101_solver.cli import main


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
