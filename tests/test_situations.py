"""Game situations: taking the discard, the okey variant, one-turn finishes,
objectives and house switches [R-TAKE-DISCARD, R-INDICATOR, R-ONE-TURN,
R-JOKER-FINISH, R-RESIDUAL, R-PAIR]."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.engine.solver import Analysis, analyse
from rummy101_solver.files.case import OptionError, build_case
from rummy101_solver.game.parsing import RackError
from rummy101_solver.game.tiles import codes

# 21 tiles: R3 R4 R5 and enough elsewhere for 101 (R9-R11, 7s, 13s)
TAKE_RACK = "R3 R4 R5 R9 R10 R11 B13 K13 Y13 B7 K7 Y7 R1 B1 K2 Y4 Y8 K10 B2 B5 K11"


def solve(text: str, **options: Any) -> Analysis:
    case = build_case(text, options)
    return analyse(case.rack, case.rules, alternatives=options.get("alternatives", 0))


def laid(opening: Any) -> list[list[str]]:
    return [codes(m.tiles) for m in opening.melds]


def cli(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


# --- taking the discard [R-TAKE-DISCARD] ----------------------------------------
def test_taking_r6_makes_red_3_4_5_6_part_of_the_opening() -> None:
    analysis = solve(TAKE_RACK, take="R6")
    assert len(analysis.rack) == 22
    assert ["R3", "R4", "R5", "R6"] in laid(analysis.melds)
    assert analysis.melds.value == 108
    assert analysis.melds.taken == (0, 3)
    assert analysis.melds.residual_penalty == 44
    assert analysis.can_open


def test_taking_r6_json_names_the_taken_tile_and_the_verdict() -> None:
    out, code = cli("solve", *TAKE_RACK.split(), "--take", "R6", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["rules"]["take"] == "R6"
    assert data["melds"]["taken"] == {"tile": "R6", "meld": 0, "place": 3}
    assert data["melds"]["melds"][0]["tiles"] == ["R3", "R4", "R5", "R6"]
    out, _ = cli("solve", *TAKE_RACK.split(), "--take", "R6")
    assert (
        "Verdict: take R6: it lets you open with melds, 108 points (needs 101),"
        " residual penalty 44." in out
    )


def test_every_alternative_uses_the_taken_tile() -> None:
    # TAKE_RACK with a joker for K11: the joker makes other openings than the best
    rack = TAKE_RACK.replace("K11", "J")
    analysis = solve(rack, take="R6", alternatives=3)
    assert [o.value for o in analysis.meld_alternatives] == [114, 114, 111]
    for opening in (analysis.melds, *analysis.meld_alternatives):
        assert opening.taken is not None
        meld, place = opening.taken
        assert opening.melds[meld].tiles[place].code == "R6"


def test_taking_a_tile_that_cannot_be_used_says_do_not_take_it() -> None:
    out, code = cli("solve", *TAKE_RACK.split(), "--take", "Y12")
    assert code == 1
    assert out.splitlines()[2] == (
        "Verdict: do not take Y12: no opening that uses it reaches the threshold"
        " (best melds 0 points, needs 101; best pairs 0 pairs, needs 5)."
    )
    analysis = solve(TAKE_RACK, take="Y12")
    assert analysis.melds.status == "none"
    assert analysis.pairs.status == "none"
    assert not analysis.can_open


def test_a_usable_take_below_the_threshold_is_not_worth_taking() -> None:
    # B6 only fits as B5 B6 B7, which breaks up the set of 7s: 99 points
    analysis = solve(TAKE_RACK, take="B6")
    assert analysis.melds.value == 99
    assert analysis.melds.status == "optimal"
    assert analysis.melds.taken is not None
    assert not analysis.can_open
    assert analysis.recommended is None


def test_take_errors_name_the_option() -> None:
    with pytest.raises(RackError) as err:
        build_case("R7 R7 B1", {"take": "R7"})
    assert (
        str(err.value)
        == "'R7': --take: a third R7; the set has only 2 copies of each tile [R-RACK]"
    )
    full = " ".join(f"{c}{n}" for c in "RBK" for n in range(1, 8)) + " Y1"
    with pytest.raises(RackError) as err:
        build_case(full, {"take": "Y2"})
    assert str(err.value) == (
        "'Y1' (tile 22): with --take the rack holds at most 21 tiles before the take"
        " [R-RACK, R-TAKE-DISCARD]"
    )
    out, code = cli("solve", "R1", "--take", "X3")
    assert code == 2
    assert out.startswith("Error: 'X3': --take: 'X' is not a colour")


# --- the okey variant [R-INDICATOR] ---------------------------------------------
def test_indicator_k13_makes_k1_the_okey() -> None:
    analysis = solve("K1 R12 R13 B2 B3 Y9", indicator="K13")
    assert analysis.rack.wilds == 1
    assert analysis.rack.codes == ["R12", "R13", "B2", "B3", "Y9", "J"]
    # the okey K1 plays as R11 beside R12 R13
    assert [(codes(m.tiles), [f.code for f in m.stands_for]) for m in analysis.melds.melds] == [
        (["J", "R12", "R13"], ["R11", "R12", "R13"])
    ]
    assert analysis.melds.value == 36


def test_a_fake_okey_plays_as_its_face_in_a_run() -> None:
    analysis = solve("F B4 B5 R1 Y9", indicator="B5")
    # F is a plain B6: B4 B5 F is a run worth 15, and F is never wild
    assert [(codes(m.tiles), [f.code for f in m.stands_for]) for m in analysis.melds.melds] == [
        (["B4", "B5", "F"], ["B4", "B5", "B6"])
    ]
    assert analysis.melds.value == 15
    assert solve("F B4 R1 R2 Y9", indicator="B5").melds.value == 0


def test_an_okey_left_on_the_rack_costs_101() -> None:
    analysis = solve("B6 R1 Y9", indicator="B5")
    assert laid(analysis.melds) == []
    assert codes(analysis.melds.left) == ["R1", "Y9", "J"]
    assert analysis.melds.residual_penalty == 1 + 9 + 101


def test_indicator_output_marks_okeys_and_fakes() -> None:
    out, code = cli("solve", "B6", "F", "B4", "B5", "R1", "--indicator", "B5", "--keep", "0",
                    "--alternatives", "0")  # fmt: skip
    assert code == 1
    assert "Indicator B5: the okey is B6; J = okey (wild), F = fake okey (plays as B6)" in out
    assert "B4 B5 F=B6 J=B7" in out


@pytest.mark.parametrize(
    ("text", "indicator", "message"),
    [
        ("B5 B5", "B5", "'B5' (tile 2): a second B5, but one copy of the indicator lies face up"
         " [R-INDICATOR]"),
        ("F F F", "B5", "'F' (tile 3): a third fake okey; the set has only 2 [R-INDICATOR]"),
        ("B6 B6 J", "B5", "'J' (tile 3): a third okey (wild tile); the set has only 2 [R-RACK]"),
        ("R1", "J", "'J': --indicator: the indicator is one numbered tile, e.g. B5 (not a joker"
         " or a fake)"),
    ],
)  # fmt: skip
def test_indicator_limits(text: str, indicator: str, message: str) -> None:
    with pytest.raises(RackError) as err:
        build_case(text, {"indicator": indicator})
    assert str(err.value) == message


# --- one-turn finish [R-ONE-TURN, R-JOKER-FINISH] -------------------------------
ONE_TURN = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 B13 K13 Y13 B1 K1 Y1 B7 K7 J"


def test_one_turn_finish_with_a_joker_discard() -> None:
    finish = solve(ONE_TURN).one_turn
    assert finish.applies and finish.possible and finish.joker_finish
    assert finish.discard is not None and finish.discard.code == "J"
    assert finish.winner_points == 404
    assert finish.opponent_points == -808
    assert finish.opening is not None
    assert sum(len(m.tiles) for m in finish.opening.melds) == 21
    assert finish.opening.value >= 101


def test_one_turn_finish_is_found_even_when_not_the_best_opening() -> None:
    analysis = solve(ONE_TURN)
    # the best opening lays the joker (more points); the finish keeps it back
    assert codes(analysis.melds.left) != ["J"]
    assert analysis.one_turn.joker_finish


def test_one_turn_finish_without_a_joker_discard() -> None:
    finish = solve(ONE_TURN.replace("K7 J", "Y7 Y9")).one_turn
    assert finish.possible and not finish.joker_finish
    assert finish.discard is not None and finish.discard.code == "Y9"
    assert (finish.winner_points, finish.opponent_points) == (202, -404)


def test_one_turn_finish_json() -> None:
    out, _ = cli("solve", *ONE_TURN.split(), "--format", "json", "--alternatives", "0")
    finish = json.loads(out)["one_turn_finish"]
    assert finish["possible"] is True
    assert finish["joker_finish"] is True
    assert finish["discard"] == "J"
    assert finish["points"] == {"winner": 404, "each_opponent": -808}
    assert sum(len(m["tiles"]) for m in finish["melds"]) == 21


def test_no_one_turn_finish_on_a_dealt_rack() -> None:
    finish = solve("R1 R2 R3 B9 K9 Y9 R10 R11 R12 R13 B13 K13 Y13 Y5 B2").one_turn
    assert finish.applies and not finish.possible
    assert finish.discard is None
    assert (finish.winner_points, finish.opponent_points) == (0, 0)


def test_one_turn_finish_does_not_apply_once_someone_opened() -> None:
    finish = solve(ONE_TURN, after=110).one_turn
    assert not finish.applies and not finish.possible


# --- objectives and house switches ---------------------------------------------
def test_objective_penalty_prefers_a_lower_penalty_over_more_points() -> None:
    text = "R5 R13 B1 B7 B13 K1 K2 K11 Y10 Y10 J J"
    by_value = solve(text, threshold=40)
    assert laid(by_value.melds) == [["R13", "B13", "J", "J"]]
    assert (by_value.melds.value, by_value.melds.residual_penalty) == (52, 47)
    by_penalty = solve(text, threshold=40, objective="penalty")
    assert laid(by_penalty.melds) == [["K1", "K2", "J"], ["R13", "B13", "J"]]
    assert (by_penalty.melds.value, by_penalty.melds.residual_penalty) == (45, 44)
    assert by_penalty.melds.meets_threshold


def test_objective_penalty_falls_back_to_value_when_nothing_meets_the_bar() -> None:
    analysis = solve("R1 R2 R3 Y9", objective="penalty")
    assert analysis.melds.value == 6
    assert analysis.melds.status == "optimal"
    assert not analysis.melds.meets_threshold


def test_no_joker_pairs_house_rule() -> None:
    text = "R1 R1 B2 B2 K3 K3 Y4 Y4 R5 J B9"
    assert solve(text).pairs.count == 5
    strict = solve(text, joker_pairs=False)
    assert strict.pairs.count == 4
    assert all("J" not in codes(m.tiles) for m in strict.pairs.melds)
    out, _ = cli("solve", *text.split(), "--no-joker-pairs", "--format", "json")
    assert json.loads(out)["rules"]["joker_pairs"] is False
    assert json.loads(out)["pairs"]["count"] == 4


def test_rules_echo_every_switch() -> None:
    out, _ = cli("solve", "B6", "R1", "R2", "R3", "--indicator", "B5", "--take", "R4",
                 "--objective", "penalty", "--format", "json")  # fmt: skip
    rules = json.loads(out)["rules"]
    assert rules["take"] == "R4"
    assert rules["indicator"] == "B5"
    assert rules["okey"] == "B6"
    assert rules["objective"] == "penalty"
    assert rules["joker_pairs"] is True


def test_unknown_option_is_an_option_error() -> None:
    with pytest.raises(OptionError) as err:
        build_case("R1", {"thresold": 90})
    assert str(err.value).startswith(
        "unknown option 'thresold'; did you mean 'threshold'? options: after,"
    )
