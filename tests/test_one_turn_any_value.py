"""House rule --one-turn-any-value: a one-turn finish stands whatever its value
[R-ONE-TURN-ANY-VALUE]; off by default, the opening bars apply [R-ONE-TURN]."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.engine.solver import one_turn_finish
from rummy101_solver.files.case import build_case
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import codes

sys.path.insert(0, str(Path(__file__).parent))
from validator import validate_opening

# 21 tiles laid as R1-R6, B1-B6, K1-K6 and R7 B7 K7: 84 points, below 101; Y9 discarded
LOW = "R1 R2 R3 R4 R5 R6 R7 B1 B2 B3 B4 B5 B6 B7 K1 K2 K3 K4 K5 K6 K7 Y9"


def solve_json(*args: str) -> tuple[dict[str, Any], int]:
    result = CliRunner().invoke(main, ["solve", *args, "--format", "json"], prog_name="rummy101")
    return json.loads(result.output), result.exit_code


def test_default_a_one_turn_finish_below_the_bar_is_no_finish_R_ONE_TURN() -> None:
    data, code = solve_json(*LOW.split(), "--alternatives", "0")
    assert code == 1
    assert data["rules"]["one_turn_any_value"] is False
    assert data["melds"]["value"] == 84
    finish = data["one_turn_finish"]
    assert (finish["applies"], finish["possible"], finish["discard"]) == (True, False, None)


def test_house_rule_lets_an_84_point_finish_stand_R_ONE_TURN_ANY_VALUE() -> None:
    data, code = solve_json(*LOW.split(), "--alternatives", "0", "--one-turn-any-value")
    assert code == 1  # the bars of an opening are unchanged: 84 < 101
    assert data["rules"]["one_turn_any_value"] is True
    assert data["can_open"] is False
    finish = data["one_turn_finish"]
    assert finish["possible"] is True
    assert finish["joker_finish"] is False
    assert finish["kind"] == "melds"
    assert finish["discard"] == "Y9"
    assert finish["points"] == {"winner": 202, "each_opponent": -404}
    assert sum(m["value"] for m in finish["melds"]) == 84
    assert sum(len(m["tiles"]) for m in finish["melds"]) == 21


def test_house_rule_finish_is_legal() -> None:
    case = build_case(LOW, {"one_turn_any_value": True})
    finish = one_turn_finish(case.rack, case.rules)
    assert finish.opening is not None
    validate_opening(case.rack, case.rules, finish.opening)
    assert (finish.opening.value, codes(finish.opening.left)) == (84, ["Y9"])


def test_house_rule_pairs_finish_below_five_pairs() -> None:
    # 4 pairs and a discard: 9 tiles, no meld possible
    rack = build_case("R1 R1 B5 B5 K9 K9 Y13 Y13 R7").rack
    assert not one_turn_finish(rack, Rules()).possible
    finish = one_turn_finish(rack, Rules(one_turn_any_value=True))
    assert finish.opening is not None
    assert (finish.opening.kind, finish.opening.count) == ("pairs", 4)
    assert codes(finish.opening.left) == ["R7"]


def test_house_rule_does_not_apply_once_someone_opened() -> None:
    data, _ = solve_json(*LOW.split(), "--one-turn-any-value", "--after", "110")
    assert data["one_turn_finish"]["applies"] is False
    assert data["one_turn_finish"]["possible"] is False


def test_house_rule_text_says_why_the_finish_stands() -> None:
    result = CliRunner().invoke(
        main, ["solve", *LOW.split(), "--alternatives", "0", "--one-turn-any-value"]
    )
    lines = result.output.splitlines()
    assert lines[1] == (
        "House rule: a one-turn finish stands whatever its value [R-ONE-TURN-ANY-VALUE]."
    )
    assert lines[2].endswith(
        "But it can finish this turn under the house rule: a one-turn finish (see below)"
        " [R-ONE-TURN-ANY-VALUE]."
    )
    assert (
        "One-turn finish: possible, a one-turn finish worth 84 points, below 101, discarding"
        " Y9: the winner gains 202, every opponent loses 404 [R-ONE-TURN-ANY-VALUE, R-SCORE]."
    ) in lines


def test_batch_and_options_accept_the_switch() -> None:
    assert build_case("R1", {"one_turn_any_value": True}).rules.one_turn_any_value
    line = json.dumps({"rack": LOW, "one_turn_any_value": True, "alternatives": 0})
    result = CliRunner().invoke(main, ["batch"], input=line + "\n")
    record = json.loads(result.output)
    assert record["one_turn_finish"]["discard"] == "Y9"
