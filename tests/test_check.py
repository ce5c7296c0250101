"""rummy101 check: every rule a test that breaks it and one that satisfies it,
with the exact message and exit code [R-RUN R-SET R-PAIR R-WILD R-NO-MIX
R-OPEN-MELDS R-OPEN-PAIRS R-RISING R-KEEP-DISCARD R-TAKE-DISCARD R-RACK
R-INDICATOR]."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.game.parsing import parse_arrangement
from rummy101_solver.game.rules import Rules, judge_group


def check(*args: str) -> tuple[dict[str, Any], int]:
    result = CliRunner().invoke(main, ["check", *args, "--format", "json"], prog_name="rummy101")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output), result.exit_code


def check_text(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, ["check", *args], prog_name="rummy101")
    return result.output, result.exit_code


def errors(data: dict[str, Any]) -> list[tuple[str, str]]:
    out = [(e["rule"], e["message"]) for g in data["groups"] for e in g["errors"]]
    return out + [(e["rule"], e["message"]) for e in data["errors"]]


# --- one group at a time: (arrangement, broken rules) -----------------------------------
BROKEN = [
    ("R12 R13 R1", [("R-RUN", "12-13-1 wraps around; 1 is low only")]),
    ("R13 R1 R2", [("R-RUN", "13-1-2 wraps around; 1 is low only")]),
    ("R3 R4 B5", [("R-RUN", "not a run: a run is one colour; this has red, blue"),
                  ("R-SET", "not a set: a set is one number; this has 3, 4, 5")]),
    ("R3 R5 R6", [("R-RUN", "3-5-6 is not consecutive: 1 missing, no joker")]),
    ("R3 J R7", [("R-RUN", "3-J-7: the numbers do not fit one after another")]),
    ("R3 R4", [("R-PAIR", "R3 R4 is not a pair: a pair is two tiles of one colour and number")]),
    ("R7 R7 K7", [("R-SET", "red appears twice; R7 R7 is a pair, not part of a set")]),
    ("R7 B7 K7 Y7 J", [("R-SET", "a set has 3 or 4 tiles, not 5")]),
    ("R12 R13 J", [("R-WILD", "a joker cannot stand for 14: numbers run 1–13")]),
    ("J R1 R2 J", [("R-WILD", "a joker cannot stand for 0: numbers run 1–13")]),
    ("R7 B7", [("R-PAIR", "R7 B7 is not a pair: the colours differ")]),
    ("J J", [("R-PAIR", "two jokers are not a pair")]),
    ("R7", [("R-RUN", "one tile is no meld: runs and sets need 3 tiles, pairs 2")]),
    ("B7 K7 J=K7", [("R-SET", "black appears twice; K7 K7 is a pair, not part of a set")]),
]  # fmt: skip


@pytest.mark.parametrize(("arrangement", "broken"), BROKEN, ids=[b[0] for b in BROKEN])
def test_each_broken_rule_is_named(arrangement: str, broken: list[tuple[str, str]]) -> None:
    data, code = check(arrangement)
    assert code == 1
    assert data["legal"] is False
    assert errors(data) == broken


LEGAL = [
    ("R1 R2 R3", "run", ["R1", "R2", "R3"], 6),
    ("R11 R12 R13", "run", ["R11", "R12", "R13"], 36),
    ("R10 J R12", "run", ["R10", "R11", "R12"], 33),
    ("J R12 R13", "run", ["R11", "R12", "R13"], 36),
    ("R5 R4 R3", "run", ["R5", "R4", "R3"], 12),
    ("R10 J=R11 R12", "run", ["R10", "R11", "R12"], 33),
    ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", "run",
     [f"R{n}" for n in range(1, 14)], 91),
    ("B7 K7 Y7", "set", ["B7", "K7", "Y7"], 21),
    ("R7 B7 K7 Y7", "set", ["R7", "B7", "K7", "Y7"], 28),
    ("K10 B10 J", "set", ["K10", "B10", "R10"], 30),
    ("R13 J J", "set", ["R13", "B13", "K13"], 39),
    ("R7 R7", "pair", ["R7", "R7"], 14),
    ("R7 J", "pair", ["R7", "R7"], 14),
]  # fmt: skip


@pytest.mark.parametrize(("arrangement", "kind", "stands_for", "value"), LEGAL,
                         ids=[x[0] for x in LEGAL])  # fmt: skip
def test_legal_groups(arrangement: str, kind: str, stands_for: list[str], value: int) -> None:
    data, code = check(arrangement)
    assert code == 1  # legal, but short of the threshold
    assert data["legal"] is True
    (group,) = data["groups"]
    assert (group["kind"], group["stands_for"], group["value"]) == (kind, stands_for, value)


def test_a_set_joker_names_the_colours_it_may_be() -> None:
    data, _ = check("B7 K7 J")
    assert data["groups"][0]["may_be"] == {"2": ["R", "Y"]}
    out, _ = check_text("B7 K7 J")
    assert "B7 K7 J=R7/Y7" in out


# --- the whole opening ---------------------------------------------------------------
OPENS = "R10 R11 R12 | B11 B12 B13 | K10 K11 K12"


def test_33_36_33_opens_R_OPEN_MELDS() -> None:
    out, code = check_text(OPENS)
    assert code == 0
    assert out.splitlines()[-1] == "Verdict: legal, and it opens: 102 points (needs 101)."


def test_69_is_short_R_OPEN_MELDS() -> None:
    out, code = check_text("R10 R11 R12 | B11 B12 B13")
    assert code == 1
    assert out.splitlines()[-1] == (
        "Verdict: legal, but it does not open: 69 points, short of 101 [R-OPEN-MELDS]."
    )


def test_five_pairs_open_four_do_not_R_OPEN_PAIRS() -> None:
    data, code = check("R1 R1 | B2 B2 | K3 K3 | Y4 Y4 | R5 J")
    assert (code, data["kind"], data["count"], data["meets_threshold"]) == (0, "pairs", 5, True)
    data, code = check("R1 R1 | B2 B2 | K3 K3 | Y4 Y4")
    assert (code, data["kind"], data["count"], data["meets_threshold"]) == (1, "pairs", 4, False)


def test_rising_bar_R_RISING() -> None:
    assert check(OPENS, "--after", "101")[1] == 0
    data, code = check(OPENS, "--after", "102")
    assert (code, data["threshold"], data["legal"]) == (1, 103, True)


def test_pairs_and_melds_mixed_R_NO_MIX() -> None:
    data, code = check("R1 R1 | B2 B3 B4")
    assert code == 1
    assert data["kind"] == "mixed"
    assert errors(data) == [("R-NO-MIX", "pairs and melds mixed in one opening")]


RACK = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"


def test_tiles_left_and_the_discard_R_KEEP_DISCARD() -> None:
    data, code = check(OPENS, "--rack", RACK)
    assert code == 0
    assert (data["left"], data["residual_penalty"], data["keeps_discard"]) == (["Y1"], 1, True)
    data, code = check("R1 R2 R3", "--rack", "R1 R2 R3")
    assert code == 1
    assert data["keeps_discard"] is False
    assert errors(data) == [
        ("R-KEEP-DISCARD", "no tile is left for the discard: a turn ends with one")
    ]


def test_tiles_must_come_from_the_rack_R_RACK() -> None:
    data, code = check("R10 R11 R12 | J R12 R13", "--rack", RACK)
    assert code == 1
    assert errors(data) == [
        ("R-RACK", "'J' (tile 4) is not on the rack"),
        ("R-RACK", "'R12' (tile 5) is laid 2 times; the rack holds 1"),
        ("R-RACK", "'R13' (tile 6) is not on the rack"),
    ]


def test_more_copies_than_the_set_has_is_bad_input_R_RACK() -> None:
    out, code = check_text("R7 R7 K7 | R7 B7 Y7")
    assert code == 2
    assert (
        out == "Error: 'R7' (tile 4): a third R7; the set has only 2 copies of each tile [R-RACK]\n"
    )


def test_the_taken_tile_must_be_laid_R_TAKE_DISCARD() -> None:
    rack = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"
    data, code = check(OPENS, "--rack", rack, "--take", "K13")
    assert code == 1
    assert errors(data) == [
        ("R-TAKE-DISCARD", "the taken tile K13 is not laid; a player who has not opened must"
         " use it in this opening")
    ]  # fmt: skip
    data, code = check("R10 R11 R12 | B11 B12 B13 | K10 K11 K12 K13", "--rack", rack,
                       "--take", "K13")  # fmt: skip
    assert code == 0
    assert data["value"] == 115


def test_okey_pinned_in_a_run_R_INDICATOR() -> None:
    data, code = check("R10 K1=R11 R12 | F K2 K3", "--indicator", "K13")
    assert code == 1
    assert [g["stands_for"] for g in data["groups"]] == [["R10", "R11", "R12"], ["K1", "K2", "K3"]]
    assert data["value"] == 39


def test_pin_errors_are_bad_input() -> None:
    out, code = check_text("R12 R13 J=R14")
    assert (out, code) == (
        "Error: 'J=R14' (tile 3): a joker cannot stand for 14: numbers run 1–13 [R-WILD]\n",
        2,
    )
    out, code = check_text("R5=R6 R7 R8")
    assert code == 2
    assert out == (
        "Error: 'R5=R6' (tile 1): only a joker can be pinned to a tile, as in J=R11 [R-WILD]\n"
    )


def test_a_legal_arrangement_that_is_not_the_best_says_what_solve_finds() -> None:
    out, code = check_text(OPENS, "--rack", "R10 R11 R12 B11 B12 B13 K10 K11 K12 K13")
    assert code == 0
    assert out.splitlines()[-1] == (
        "Better: this rack can make 105 points (residual penalty 10):"
        " R10 R11 R12 | B11 B12 B13 | K11 K12 K13"
    )
    data, _ = check("R3 R4 R5 | R6 R7 R8 R9")
    assert data["better"] is None  # already the best use of these tiles
    data, _ = check("J R5 R6")
    assert data["better"]["value"] == 18  # R5 R6 J=R7
    assert data["value"] == 15


def test_judge_group_reads_a_descending_run() -> None:
    (group,) = parse_arrangement("R5 J R3")
    verdict = judge_group([(t.tile, t.pin) for t in group], Rules())
    assert verdict.legal
    assert [f.code for f in verdict.stands_for if f] == ["R5", "R4", "R3"]


def test_an_empty_arrangement_is_bad_input() -> None:
    assert check_text("") == (
        'Error: empty arrangement: give groups of tiles, e.g. "R3 R4 R5 | B7 K7 Y7"\n',
        2,
    )
    assert check_text("R1 R2 R3 |") == (
        "Error: group 2 is empty: write tiles between the '|'\n",
        2,
    )


def test_an_illegal_arrangement_is_judged_without_ortools() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from rummy101_solver.cli import main\n"
        "r = CliRunner().invoke(main, ['check', 'R12 R13 R1'])\n"
        "print(r.exit_code, 'ortools' in ' '.join(sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1 False"


def test_mixed_total_does_not_add_pairs_to_meld_points() -> None:
    result = CliRunner().invoke(main, ["check", "R1 R2 R3 | R7 R7"], prog_name="rummy101")
    assert result.exit_code == 1
    assert result.output.splitlines()[-2:] == [
        "Total: melds 6 points in 1 group and 1 pair, not added up: one opening is melds or"
        " pairs, never both [R-NO-MIX].",
        "Verdict: not legal (1 rule broken, listed above).",
    ]
    result = CliRunner().invoke(main, ["check", "R1 R2 R3 | B4 K4 Y4 | R7 R7 | B1 B1 | K3 K5"])
    assert result.output.splitlines()[-2] == (
        "Total of the legal groups: melds 18 points in 2 groups and 2 pairs, not added up:"
        " one opening is melds or pairs, never both [R-NO-MIX]."
    )
