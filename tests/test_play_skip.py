"""``play`` skips an opening model whose bar is out of reach (issue 32): the
bound is sound (every skipped model has no solution) and tight where it must be
(a rack exactly at the bar is still solved) [R-OPEN-MELDS, R-OPEN-PAIRS]."""

from __future__ import annotations

from rummy101_solver.engine.plan import PlayRules
from rummy101_solver.engine.play import _bar_out_of_reach, best_turn, deal_turn
from rummy101_solver.engine.table import parse_table, table_readings
from rummy101_solver.engine.turn_model import TurnModel, turn_problems
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.rules import Rules


def _skipped(rack_text: str, table_text: str = "") -> dict[str, bool]:
    rules = Rules()
    rack = parse_rack(rack_text)
    table = parse_table(table_text, rules)
    reach: dict[bool, int] = {}
    return {
        mode: _bar_out_of_reach(turn, reach)
        for mode, turn in turn_problems(rack, table, rules, PlayRules(opened="no"))
    }


def test_five_pairs_are_solved_four_are_skipped() -> None:
    # the pairs bar is 5 pairs [R-OPEN-PAIRS]; a joker makes one pair at most
    assert _skipped("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 R5 B9 K11 Y13 R12")["pairs"] is False
    assert _skipped("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 B9 K11 Y13 R12 B7")["pairs"] is True
    assert _skipped("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 J B9 K11 Y13 R12")["pairs"] is False


def test_melds_exactly_at_the_bar_are_solved() -> None:
    # R10 R11 R12 R13 (46) + K13 B13 Y13 (39) + B5 B6 B7 (18) = 103 >= 101
    at_bar = "R10 R11 R12 R13 K13 B13 Y13 B5 B6 B7 Y1 K2 R3 B9"
    assert _skipped(at_bar)["melds"] is False
    assert best_turn(parse_rack(at_bar), ()).best.mode == "melds"
    # without B7: 46 + 39 = 85 < 101
    assert _skipped("R10 R11 R12 R13 K13 B13 Y13 B5 B6 Y7 Y1 K2 R3 B9")["melds"] is True


def test_every_skipped_model_has_no_solution() -> None:
    # the bound never hides an opening: dealt turns, 14 and 21 tiles, every reading
    rules = Rules()
    skipped = 0
    for size, seeds in ((14, range(1, 41)), (21, range(1, 41))):
        for seed in seeds:
            rack, table = deal_turn(seed, size, 8)
            reach: dict[bool, int] = {}
            for reading in table_readings(table):
                for _, turn in turn_problems(rack, reading, rules, PlayRules(opened="no")):
                    if _bar_out_of_reach(turn, reach):
                        skipped += 1
                        assert TurnModel(turn).model.solve(10.0).status == "infeasible"
    assert skipped == SKIPPED


SKIPPED = 153  # opening models skipped on these 80 dealt turns, each proven infeasible above
