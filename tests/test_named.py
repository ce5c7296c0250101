"""The worked examples of RULES.md and the faults seen in other tools, as named tests."""

from __future__ import annotations

from rummy101_solver.engine.solver import Opening, analyse, best_openings
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import codes


def melds_of(text: str, rules: Rules | None = None) -> Opening:
    return best_openings(parse_rack(text), rules or Rules(), "melds")[0]


def pairs_of(text: str, rules: Rules | None = None) -> Opening:
    return best_openings(parse_rack(text), rules or Rules(), "pairs")[0]


def laid(opening: Opening) -> list[tuple[str, list[str], list[str]]]:
    return [(m.kind, codes(m.tiles), [f.code for f in m.stands_for]) for m in opening.melds]


# --- RULES.md worked examples ---------------------------------------------------
def test_33_36_33_opens_with_102_R_OPEN_MELDS() -> None:
    opening = melds_of("R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1")
    assert opening.value == 102
    assert opening.meets_threshold
    assert laid(opening) == [
        ("run", ["R10", "R11", "R12"], ["R10", "R11", "R12"]),
        ("run", ["B11", "B12", "B13"], ["B11", "B12", "B13"]),
        ("run", ["K10", "K11", "K12"], ["K10", "K11", "K12"]),
    ]
    assert codes(opening.left) == ["Y1"]
    assert opening.residual_penalty == 1


def test_33_and_36_alone_do_not_open_R_OPEN_MELDS() -> None:
    analysis = analyse(parse_rack("R10 R11 R12 B11 B12 B13 Y1"))
    assert analysis.melds.value == 69
    assert not analysis.melds.meets_threshold
    assert not analysis.can_open
    assert analysis.recommended is None


def test_joker_in_red_10_J_12_stands_for_red_11_and_counts_11_R_WILD() -> None:
    opening = melds_of("R10 J R12 Y1")
    assert laid(opening) == [("run", ["R10", "J", "R12"], ["R10", "R11", "R12"])]
    assert opening.value == 33


def test_joker_in_a_set_of_11s_stands_for_the_missing_red_11_R_WILD() -> None:
    opening = melds_of("B11 K11 J Y1")
    assert laid(opening) == [("set", ["J", "B11", "K11"], ["R11", "B11", "K11"])]
    assert opening.value == 33


def test_red_12_13_1_is_not_a_run_R_RUN() -> None:
    opening = melds_of("R12 R13 R1 B5")
    assert opening.value == 0
    assert opening.melds == ()
    assert opening.residual_penalty == 31


def test_a_joker_beside_12_13_stands_for_11_never_1_or_14_R_RUN_R_WILD() -> None:
    opening = melds_of("R12 R13 J B5")
    assert laid(opening) == [("run", ["J", "R12", "R13"], ["R11", "R12", "R13"])]
    assert opening.value == 36


def test_sets_alone_open_R_OPEN_MELDS() -> None:
    opening = melds_of("R13 B13 K13 Y13 R12 B12 K12 R9 B9 K9 Y1")
    assert opening.value == 115
    assert opening.meets_threshold
    assert [m.kind for m in opening.melds] == ["set", "set", "set"]
    assert codes(opening.left) == ["Y1"]


def test_holding_only_7_8_9_cannot_lay_all_three_R_KEEP_DISCARD() -> None:
    assert melds_of("R7 R8 R9").value == 0
    assert melds_of("R7 R8 R9", Rules(keep=0)).value == 24


# --- faults seen in other tools ------------------------------------------------
def test_fault_joker_in_set_of_10s_counts_10() -> None:
    opening = melds_of("K10 B10 J R5")
    assert opening.value == 30
    assert laid(opening) == [("set", ["J", "B10", "K10"], ["R10", "B10", "K10"])]
    assert codes(opening.left) == ["R5"]
    assert opening.residual_penalty == 5


def test_fault_two_black_13s_never_share_a_set() -> None:
    opening = melds_of("K13 K13 R13 J Y5")
    assert opening.value == 39
    assert codes(opening.left) == ["K13", "Y5"]
    assert opening.residual_penalty == 18


def test_fault_r1_b1_is_not_a_pair() -> None:
    text = "R1 B1 R2 B2 R3 B3 R4 B4 R5 B5 Y9"
    assert pairs_of(text).count == 0
    assert pairs_of(text).residual_penalty == 2 * 39
    assert melds_of(text).value == 30


# --- pairs ----------------------------------------------------------------------
def test_five_pairs_open_whatever_their_value_R_OPEN_PAIRS() -> None:
    analysis = analyse(parse_rack("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 J B9"))
    assert analysis.pairs.count == 5
    assert analysis.pairs.meets_threshold
    # the joker pairs with B9 rather than R5: R5 left costs less [R-RESIDUAL]
    assert [codes(m.tiles) for m in analysis.pairs.melds] == [
        ["R1", "R1"],
        ["B2", "B2"],
        ["B9", "J"],
        ["K3", "K3"],
        ["Y4", "Y4"],
    ]
    assert codes(analysis.pairs.left) == ["R5"]
    assert analysis.pairs.residual_penalty == 10
    assert analysis.recommended == "pairs"


def test_two_jokers_are_not_a_pair_R_PAIR() -> None:
    assert pairs_of("J J R3").count == 1
    assert pairs_of("J J B4 Y9", Rules(keep=0)).count == 2


def test_pairs_keep_the_joker_on_the_table_when_tiles_are_short_R_RESIDUAL() -> None:
    # R7 R7 J with one tile kept: laying R7 + J leaves R7 (7), not the joker (101)
    opening = pairs_of("R7 R7 J")
    assert opening.count == 1
    assert codes(opening.left) == ["R7"]
    assert opening.residual_penalty == 14


def test_rising_mode_needs_one_more_than_the_last_opening_R_RISING() -> None:
    rack = parse_rack("R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1")
    assert analyse(rack, Rules(after=101)).can_open
    assert not analyse(rack, Rules(after=102)).can_open
    pairs_rack = parse_rack("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 R5 B9")
    assert analyse(pairs_rack, Rules(after_pairs=4)).can_open
    assert not analyse(pairs_rack, Rules(after_pairs=5)).can_open
