"""rummy101 check: a run illegal only because of where an unpinned joker sits keeps
its verdict (the table order is what counts), but the message says what the joker
was read as and gives the legal order [R-RUN, R-WILD]; two jokers in a set get one
stand-in each [R-SET, R-WILD]."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.game.rules import Rules, judge_group
from rummy101_solver.game.tiles import WILD, Colour, Face, Tile


def check(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, ["check", *args], prog_name="rummy101")
    return result.output, result.exit_code


def check_json(*args: str) -> dict[str, Any]:
    out, code = check(*args, "--format", "json")
    assert code == 1, out
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize(
    ("group", "error", "hint"),
    [
        ("J R3 R5", "J-3-5: the numbers do not fit one after another [R-RUN]",
         "as written J stands for R2; laid R3 J R5 it is a legal run worth 12"),
        ("R3 R5 J", "3-5-J: the numbers do not fit one after another [R-RUN]",
         "as written J stands for R6; laid R3 J R5 it is a legal run worth 12"),
        ("R11 R12 R13 J", "a joker cannot stand for 14: numbers run 1–13 [R-WILD]",
         "as written J stands for R14 (no such tile); laid J R11 R12 R13 it is a legal run"
         " worth 46"),
        ("J R1 R2", "a joker cannot stand for 0: numbers run 1–13 [R-WILD]",
         "as written J stands for R0 (no such tile); laid R1 R2 J it is a legal run worth 6"),
        ("R4 J R3", "4-J-3: the numbers do not fit one after another [R-RUN]",
         "as written J stands for R3; laid R3 R4 J it is a legal run worth 12"),
        ("R3 J J R5", "3-J-J-5: the numbers do not fit one after another [R-RUN]",
         "as written the jokers stand for R4 and R5; laid R3 J R5 J it is a legal run worth 18"),
    ],
)  # fmt: skip
def test_joker_in_the_wrong_place_keeps_the_verdict_and_shows_the_legal_order(
    group: str, error: str, hint: str
) -> None:
    out, code = check(group)
    assert code == 1
    lines = out.splitlines()
    assert lines[2].split()[-1] == "ILLEGAL"
    assert lines[3:5] == [f"- group 1: {error}", f"- group 1: {hint}"]
    assert lines[-1] == "Verdict: not legal (1 rule broken, listed above)."


def test_reorder_in_json() -> None:
    (group,) = check_json("R11 R12 R13 J")["groups"]
    assert group["legal"] is False
    assert group["value"] == 0
    assert group["reorder"] == {
        "tiles": ["J", "R11", "R12", "R13"],
        "stands_for": ["R10", "R11", "R12", "R13"],
        "value": 46,
        "message": "as written J stands for R14 (no such tile); laid J R11 R12 R13 it is a"
        " legal run worth 46",
    }


@pytest.mark.parametrize(
    "group",
    ["R3 J R6", "R3 R5 J=R6", "R3 B4 J", "R12 R13 R1"],
)
def test_no_legal_order_no_hint(group: str) -> None:
    out, code = check(group)
    assert code == 1
    assert "legal run worth" not in out
    (data,) = check_json(group)["groups"]
    assert data["reorder"] is None


def test_two_jokers_in_a_set_stand_for_one_tile_each() -> None:
    out, code = check("J J R3")
    assert code == 1
    assert out.splitlines()[2] == "      1  set     J=B3 J=K3 R3        9  legal"
    data = check_json("J J R3")
    (group,) = data["groups"]
    assert group["stands_for"] == ["B3", "K3", "R3"]
    assert group["may_be"] == {}
    assert group["text"] == "J=B3 J=K3 R3"


def test_one_joker_in_a_set_still_names_the_colours_it_may_be() -> None:
    (group,) = check_json("B7 K7 J")["groups"]
    assert group["text"] == "B7 K7 J=R7/Y7"
    assert group["may_be"] == {"2": ["R", "Y"]}


def test_every_legal_order_given_is_legal_with_that_value() -> None:
    """Seeded: runs of one colour with 1-2 unpinned jokers, shuffled; whenever a
    legal order is given, judging it in that order finds it legal, same value."""
    rng = random.Random(11)
    rules = Rules()
    given = 0
    for _ in range(400):
        length = rng.randint(3, 6)
        jokers = rng.randint(1, 2)
        start = rng.randint(1, 14 - length)
        numbers = rng.sample(range(start, start + length), length - jokers)
        tiles = [(Tile(Face(Colour.RED, n)), None) for n in sorted(numbers)]
        for _ in range(jokers):
            tiles.insert(rng.randint(0, len(tiles)), (WILD, None))
        verdict = judge_group(tiles, rules)
        if verdict.reorder is None:
            continue
        given += 1
        assert not verdict.legal
        again = judge_group([tiles[i] for i in verdict.reorder.order], rules)
        assert again.legal, tiles
        assert again.value == verdict.reorder.value
        assert again.stands_for == verdict.reorder.stands_for
    assert given >= 50
