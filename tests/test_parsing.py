"""Rack notation: every accepted spelling and every rejected input [R-TILES, R-RACK]."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy101_solver.game.parsing import RackError, okey_face, parse_face, parse_rack, parse_tile
from rummy101_solver.game.tiles import Colour, Face

GOOD = [
    ("R7", ["R7"]),
    ("r7", ["R7"]),
    ("7R", ["R7"]),
    ("7r", ["R7"]),
    ("red 7", ["R7"]),
    ("Red7", ["R7"]),
    ("kırmızı 7", ["R7"]),
    ("KIRMIZI 7", ["R7"]),
    ("kirmizi 7", ["R7"]),
    ("rot 7", ["R7"]),
    ("rojo 7", ["R7"]),
    ("blue 1, mavi 2, blau 3, azul 4", ["B1", "B2", "B3", "B4"]),
    ("black 5 siyah 6 schwarz 7 negro 8", ["K5", "K6", "K7", "K8"]),
    (
        "yellow 9 sarı 10 sari 11 SARI 12 gelb 13 amarillo 1",
        ["Y1", "Y9", "Y10", "Y11", "Y12", "Y13"],
    ),
    ("Y13,B2 R1  K4", ["R1", "B2", "K4", "Y13"]),
    ("J R3", ["R3", "J"]),
    ("* joker", ["J", "J"]),
    ("JOKER r13 R13", ["R13", "R13", "J"]),
]


@pytest.mark.parametrize(("text", "expected"), GOOD)
def test_good_racks_parse_to_canonical_order(text: str, expected: list[str]) -> None:
    assert parse_rack(text).codes == expected


def test_arguments_and_text_parse_alike() -> None:
    assert parse_rack(["R3", "red", "4", "5r,B9"]).codes == ["R3", "R4", "R5", "B9"]


BAD = [
    ("R14", "'R14' (tile 1): numbers run 1–13"),
    ("R3 R4 R14", "'R14' (tile 3): numbers run 1–13"),
    ("R0", "'R0' (tile 1): numbers run 1–13"),
    ("red 14", "'red 14' (tile 1): numbers run 1–13"),
    ("R3 X9", "'X9' (tile 2): 'X' is not a colour; write a colour R, B, K or Y and a number"
     " 1–13 (R7, 7R, red 7), or J for a joker"),
    ("R3 hello", "'hello' (tile 2): not a tile; write a colour R, B, K or Y and a number 1–13"
     " (R7, 7R, red 7), or J for a joker"),
    ("R3 7", "'7' (tile 2): a number needs a colour (R, B, K or Y)"),
    ("R3 red", "'red' (tile 2): a colour needs a number 1–13 after it"),
    ("R3 red blue 4", "'red' (tile 2): a colour needs a number 1–13 after it"),
    ("R7 B7 R7 R7", "'R7' (tile 4): a third R7; the set has only 2 copies of each tile [R-RACK]"),
    ("J * joker", "'joker' (tile 3): a third joker; the set has only 2 [R-RACK]"),
    ("F", "'F' (tile 1): a fake okey exists only with --indicator [R-INDICATOR]"),
    ("", "empty rack: give 1–22 tiles, e.g. R3 R4 R5 B7 K7 Y7 J"),
    (" , ,", "empty rack: give 1–22 tiles, e.g. R3 R4 R5 B7 K7 Y7 J"),
    (
        " ".join(f"{c}{n}" for c in "RBKY" for n in range(1, 7)),
        "'Y5' (tile 23): a rack holds at most 22 tiles [R-RACK]",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_racks_name_token_place_and_reason(text: str, message: str) -> None:
    with pytest.raises(RackError) as err:
        parse_rack(text)
    assert str(err.value) == message


def test_indicator_makes_the_okey_wild_and_f_a_fake() -> None:
    indicator = Face(Colour.BLUE, 5)
    rack = parse_rack("B6 J F B5 R1", indicator=indicator)
    assert rack.codes == ["R1", "B5", "F", "J", "J"]
    assert rack.wilds == 2
    assert rack.face_counts[Face(Colour.BLUE, 6)] == 1  # the fake plays as B6


def test_indicator_13_wraps_to_1() -> None:
    assert okey_face(Face(Colour.BLACK, 13)) == Face(Colour.BLACK, 1)


def test_a_second_indicator_tile_is_rejected() -> None:
    with pytest.raises(RackError) as err:
        parse_rack("B5 R1 B5", indicator=Face(Colour.BLUE, 5))
    assert str(err.value) == (
        "'B5' (tile 3): a second B5, but one copy of the indicator lies face up [R-INDICATOR]"
    )


def test_okey_tiles_and_j_share_the_two_wild_places() -> None:
    with pytest.raises(RackError) as err:
        parse_rack("B6 J B6", indicator=Face(Colour.BLUE, 5))
    assert str(err.value) == "'B6' (tile 3): a third okey (wild tile); the set has only 2 [R-RACK]"


def test_single_tiles() -> None:
    assert parse_face("7y") == Face(Colour.YELLOW, 7)
    assert parse_tile("J").is_wild
    with pytest.raises(RackError) as err:
        parse_face("J")
    assert str(err.value).startswith("'J': need exactly one numbered tile")


@given(st.text(max_size=60))
def test_arbitrary_text_parses_or_raises_rack_error(text: str) -> None:
    try:
        rack = parse_rack(text)
    except RackError as err:
        assert str(err)
    else:
        assert 1 <= len(rack) <= 22


TOKENS = st.sampled_from(
    ["R7", "7r", "b13", "K1", "y12", "J", "*", "joker", "red", "sarı", "14", "R14", "x", ",", "F"]
)


@given(st.lists(TOKENS, max_size=30))
def test_token_soup_parses_or_raises_rack_error(tokens: list[str]) -> None:
    try:
        rack = parse_rack(" ".join(tokens))
    except RackError as err:
        assert str(err)
    else:
        assert 1 <= len(rack) <= 22
        assert rack.wilds <= 2
        assert max(rack.face_counts.values(), default=0) <= 2
