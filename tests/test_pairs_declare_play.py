"""House rule R-PAIRS-DECLARE in ``play``: a player not opened yet who declared pairs
(``--declared-pairs``, with the switch ``--pairs-declare``) may take the last discard
and keep it, with no need to open at once; the opening is pairs or nothing (the reading
under Rule choices). Off by default: a taken tile must be used at once [R-TAKE-DISCARD]."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from rummy101_solver.cli import main

RACK = [
    *("R1", "R1", "B2", "B2", "K3", "K3", "R6", "B8", "K10", "Y12", "R13"),
    *("B11", "K9", "Y7", "R5", "B3", "K1", "Y2", "R9", "Y5", "B6"),
]
"""21 tiles, three pairs: the taken R6 makes a fourth, short of 5."""
DECLARED = ("--pairs-declare", "--declared-pairs")


def play(*args: str) -> tuple[dict[str, Any], int]:
    result = CliRunner().invoke(
        main, ["play", *args, "--format", "json", "--alternatives", "0"], prog_name="rummy101"
    )
    return json.loads(result.stdout), result.exit_code


def test_default_the_take_is_refused_R_TAKE_DISCARD() -> None:
    data, code = play(*RACK, "--take", "R6")
    assert code == 1
    assert "declared_pairs" not in data["rules"]
    assert data["refused_take"] == "R6"
    assert len(data["left"]) == 21  # the turn without it


def test_declared_keeps_the_taken_tile_R_PAIRS_DECLARE() -> None:
    data, code = play(*RACK, "--take", "R6", *DECLARED)
    assert code == 1
    assert data["rules"]["declared_pairs"] is True
    assert data["refused_take"] is None
    assert data["moves"] == []
    assert len(data["left"]) == 22 and data["left"].count("R6") == 2
    assert data["residual_penalty"] == 202
    assert data["discard"]["tile"] == "Y7"
    assert data["discard"]["distance_after"] == {"melds": 5, "pairs": 1}


def test_declared_opens_with_pairs_using_the_take() -> None:
    rack = [t if t != "B6" else "R6" for t in RACK]  # R6 R6, and Y5 with the taken Y5
    data, code = play(*rack, "--take", "Y5", *DECLARED)
    assert code == 0
    opened = sorted(tuple(m["tiles"]) for m in data["moves"] if m["kind"] == "open")
    assert opened == [("B2", "B2"), ("K3", "K3"), ("R1", "R1"), ("R6", "R6"), ("Y5", "Y5")]
    assert data["opening"]["count"] == 5
    assert data["residual_penalty"] == 2 * (8 + 10 + 12 + 13 + 11 + 9 + 7 + 5 + 3 + 1 + 2 + 9)


def test_declared_never_opens_with_melds() -> None:
    rack = ["R10", "R11", "R12", "B11", "B12", "B13", "K10", "K11", "K12", "Y1"]  # 102 in melds
    data, code = play(*rack, *DECLARED)
    assert code == 1
    assert data["moves"] == [] and data["residual_penalty"] == 202
    data, code = play(*rack)
    assert code == 0 and data["opening"]["value"] == 102


def test_text_says_the_tile_is_kept() -> None:
    result = CliRunner().invoke(
        main, ["play", *RACK, "--take", "R6", *DECLARED, "--alternatives", "0"],
        prog_name="rummy101",
    )  # fmt: skip
    assert result.exit_code == 1
    assert "Taken discard: R6 (declared for pairs: it may be kept) [R-PAIRS-DECLARE]." in (
        result.stdout
    )
    assert (
        "Verdict: cannot open this turn: no 5 pairs, and a player declared for pairs opens with"
        " nothing else; the taken R6 is kept [R-PAIRS-DECLARE, R-OPEN-PAIRS]; nothing laid,"
        " residual penalty stays 202 [R-PENALTY]." in result.stdout
    )


def test_bad_declarations_exit_2() -> None:
    result = CliRunner().invoke(main, ["play", "R1", "--declared-pairs"], prog_name="rummy101")
    assert result.exit_code == 2
    assert (
        "Error: --declared-pairs needs the house rule --pairs-declare (a profile may set it)"
        " [R-PAIRS-DECLARE]" in result.output
    )
    result = CliRunner().invoke(
        main, ["play", "R1", *DECLARED, "--opened", "melds"], prog_name="rummy101"
    )
    assert result.exit_code == 2
    assert (
        "Error: --declared-pairs is a player who has not opened yet, not --opened melds: a"
        " declared player opens with pairs or not at all [R-PAIRS-DECLARE]" in result.output
    )
