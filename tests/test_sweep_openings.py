"""The sweep and CP-SAT check each other on the openings of 300 dealt racks [issue 32].

The long run is ``python tests/sweep_vs_sat_openings.py 2000`` (what each rack
is asked is said there): the best meld opening's value and the best one-turn
meld finish, by the exact sweep and by CP-SAT, jokers and the okey variant
included [R-VALUE, R-KEEP-DISCARD, R-ONE-TURN].
"""

from __future__ import annotations

import pytest
from sweep_vs_sat_openings import compare, dealt


@pytest.mark.parametrize("start", range(0, 300, 50))
def test_sweep_and_cp_sat_agree_on_dealt_racks(start: int) -> None:
    times: dict[str, list[float]] = {
        "sweep": [], "CP-SAT": [], "sweep one-turn": [], "CP-SAT one-turn": []
    }  # fmt: skip
    for i in range(start, start + 50):
        rack, rules = dealt(5001, i)
        assert compare(rack, rules, times) == [], (5001 + i, rack.codes)
    assert len(times["sweep"]) == 50


def test_a_joker_rack_beyond_the_small_search_agrees() -> None:
    # two jokers: far more than MAX_PATTERNS candidate patterns, so solve uses CP-SAT
    from rummy101_solver.game.parsing import parse_rack
    from rummy101_solver.game.rules import Rules

    rack = parse_rack("R3 R4 R6 R9 B4 B5 B9 B11 K1 K5 K9 K12 Y2 Y5 Y7 Y9 Y12 R12 B1 K7 J J")
    times: dict[str, list[float]] = {
        "sweep": [], "CP-SAT": [], "sweep one-turn": [], "CP-SAT one-turn": []
    }  # fmt: skip
    assert compare(rack, Rules(), times) == []
