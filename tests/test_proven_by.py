"""Which exact method proved each printed opening: ``proven_by`` [issue 32]."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.engine.solver import best_openings
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.rules import Rules

DEALT = "R3 R5 R6 R9 R11 R12 B4 B6 B7 B7 B11 B13 K1 K5 K9 K10 Y2 Y4 Y4 Y5 Y9 Y12"
"""``rummy101 deal --seed 1``: a few patterns, settled by the small-rack search."""

JOKERS = "R3 R4 R6 R9 B4 B5 B9 B11 K1 K5 K9 K12 Y2 Y5 Y7 Y9 Y12 R12 B1 K7 J J"
"""Two jokers: 156 candidate patterns, beyond the small-rack search: CP-SAT."""


def test_each_exact_method_names_itself() -> None:
    rules = Rules()
    dealt = parse_rack(DEALT)
    assert best_openings(dealt, rules, "melds")[0].proven_by == "small-rack search"
    assert best_openings(dealt, rules, "pairs")[0].proven_by == "pairs count"
    jokers = best_openings(parse_rack(JOKERS), rules, "melds", alternatives=1)
    assert [o.proven_by for o in jokers] == ["CP-SAT", "CP-SAT"]
    assert best_openings(parse_rack(JOKERS), rules, "melds")[0].proven_by == "CP-SAT"


def test_the_json_says_which_method_proved_each_opening() -> None:
    result = CliRunner().invoke(
        main, ["solve", *DEALT.split(), "--alternatives", "0", "--format", "json"]
    )
    assert result.exit_code == 1  # the dealt rack cannot open
    data = json.loads(result.output)
    assert (data["melds"]["proven_by"], data["pairs"]["proven_by"]) == (
        "small-rack search",
        "pairs count",
    )
    result = CliRunner().invoke(main, ["solve", *JOKERS.split(), "--format", "json"])
    data = json.loads(result.output)
    assert data["melds"]["proven_by"] == "CP-SAT"
    assert {o["proven_by"] for o in data["meld_alternatives"]} <= {"CP-SAT", None}


def test_an_opening_not_proven_names_no_method() -> None:
    # a time limit too short to prove anything: found or not, nothing is proven
    rack = parse_rack(JOKERS)
    opening = best_openings(rack, Rules(), "melds", time_limit=1e-9)[0]
    assert opening.status != "optimal" and opening.proven_by is None
