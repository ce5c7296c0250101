"""House rule R-INDICATOR-TWIN in ``solve``: the indicator's other copy, laid on the
indicator before the first draw (``--twin-laid``, with the switch ``--indicator-twin``
and ``--indicator``), serves its owner as one wild tile that completes one pair of a
pairs opening; it is off the rack and counts in no run or set. Off by default."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from rummy101_solver.cli import main
from rummy101_solver.engine.solver import best_openings
from rummy101_solver.files.case import build_case
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import WILD, Colour, Face, Rack, Tile, codes
from rummy101_solver.report.schema import load_schema

sys.path.insert(0, str(Path(__file__).parent))
from exact_search import best_pairs

RACK = "R1 R1 B2 B2 K3 K3 Y4 R9 B10 K12 Y13"
"""Three natural pairs; the twin pairs Y13, the tile that saves most."""
TWIN = ("--indicator", "K7", "--indicator-twin", "--twin-laid")


def run(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


def solve_json(*args: str) -> tuple[dict[str, Any], int]:
    result = CliRunner().invoke(
        main, ["solve", *args, "--format", "json", "--alternatives", "0"], prog_name="rummy101"
    )
    return json.loads(result.stdout), result.exit_code


def test_without_the_twin_three_pairs() -> None:
    data, code = solve_json(*RACK.split(), "--indicator", "K7", "--indicator-twin")
    assert code == 1
    assert "twin_laid" not in data["rules"]
    pairs = data["pairs"]
    assert (pairs["count"], pairs["left"], pairs["residual_penalty"]) == (
        3,
        ["R9", "B10", "K12", "Y4", "Y13"],
        96,
    )
    assert "twin" not in pairs


def test_the_laid_twin_completes_one_pair_R_INDICATOR_TWIN() -> None:
    data, code = solve_json(*RACK.split(), *TWIN)
    assert code == 1  # 4 pairs, short of 5
    assert data["rules"]["twin_laid"] is True
    pairs = data["pairs"]
    assert pairs["count"] == 4
    assert pairs["left"] == ["R9", "B10", "K12", "Y4"]
    assert pairs["residual_penalty"] == 70  # (9 + 10 + 12 + 4) x 2 [R-PENALTY]
    assert pairs["pairs"][3] == {"tiles": ["Y13", "K7"], "stands_for": ["Y13", "Y13"], "value": 26}
    assert pairs["twin"] == {"tile": "K7", "meld": 3, "place": 1}
    assert pairs["status"] == "optimal"
    assert not list(Draft202012Validator(load_schema("solve")).iter_errors(data))


def test_the_twin_makes_the_fifth_pair_and_the_text_marks_it() -> None:
    out, code = run("solve", *f"{RACK} Y4".split(), *TWIN, "--alternatives", "1")
    assert code == 0
    assert "Verdict: can open. Play pairs: 5 pairs (needs 5), residual penalty 62." in out
    assert "pair    Y13 K7=Y13(twin)       26" in out
    assert "Left: R9 B10 K12   residual penalty 62" in out
    assert (
        "Other pairs openings: not searched with the indicator's twin laid (--twin-laid)"
        " [R-INDICATOR-TWIN]." in out
    )


def test_the_okey_gg_profile_sets_the_switch() -> None:
    data, code = solve_json(*RACK.split(), "--house", "okey.gg", "--indicator", "K7", "--twin-laid")
    assert code == 1
    assert data["pairs"]["count"] == 4


def test_the_twin_and_a_joker_complete_two_pairs() -> None:
    # the okey (K8) pairs B10, the twin pairs K12: 5 pairs, R9 Y4 left
    rack = "R1 R1 B2 B2 K3 K3 Y4 R9 B10 K12 K8"
    data, code = solve_json(*rack.split(), *TWIN)
    assert code == 0
    pairs = data["pairs"]
    assert (pairs["count"], pairs["left"], pairs["residual_penalty"]) == (5, ["R9", "Y4"], 26)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            (*RACK.split(), "K7", *TWIN),
            "Error: 'K7' (tile 12): with --twin-laid the indicator K7 and its twin are both on"
            " the table, so no K7 is left for the rack [R-INDICATOR-TWIN]",
        ),
        (
            (*RACK.split(), "--indicator", "K7", "--twin-laid"),
            "Error: --twin-laid needs the house rule --indicator-twin (the okey.gg profile sets"
            " it) [R-INDICATOR-TWIN]",
        ),
        (
            (*RACK.split(), "--indicator-twin", "--twin-laid"),
            "Error: --twin-laid needs --indicator: the twin is the other copy of the indicator"
            " [R-INDICATOR-TWIN]",
        ),
    ],
)
def test_bad_twin_input_exit_2(args: tuple[str, ...], message: str) -> None:
    result = CliRunner().invoke(main, ["solve", *args], prog_name="rummy101")
    assert result.exit_code == 2
    assert message in result.output


def _random_rack(seed: int) -> Rack:
    rng = random.Random(seed)
    black = Colour("K")
    pool = [Face(c, n) for c in Colour for n in range(1, 6) if not (c == black and n >= 4)]
    tiles: list[Tile] = []
    for _ in range(rng.randint(2, 12)):
        tile = Tile(rng.choice(pool))
        if tiles.count(tile) < 2:
            tiles.append(tile)
    tiles += [WILD] * rng.choice((0, 0, 1, 2))
    return Rack(tuple(tiles))


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("objective", ["value", "penalty"])
def test_twin_pairs_against_the_exact_search(seed: int, objective: str) -> None:
    # the indicator K4: the okey is K5 (wild); the twin is K4, never on these racks
    rack = _random_rack(seed)
    if not len(rack):
        return
    rules = Rules(indicator=Face(Colour("K"), 4), twin_laid=True, objective=objective)  # type: ignore[arg-type]
    opening = best_openings(rack, rules, "pairs")[0]
    expected = best_pairs(
        rack.face_counts,
        rack.wilds,
        max_laid=len(rack) - 1,
        twin=True,
        objective=objective,
        min_score=5 if objective == "penalty" else None,
    )
    if expected is None:  # penalty: nothing meets 5 pairs, ranked by value instead
        assert opening.ranked_by == "value"
        expected = best_pairs(rack.face_counts, rack.wilds, max_laid=len(rack) - 1, twin=True)
    assert expected is not None
    assert (opening.count, opening.residual_penalty) == (expected[0], 2 * expected[1])
    # the twin is laid at most once, only in a pair with one rack tile, never left
    twins = [t for m in opening.melds for t in m.tiles if t == Tile(Face(Colour("K"), 4))]
    assert len(twins) == (opening.twin is not None)
    assert Tile(Face(Colour("K"), 4)) not in opening.left
    laid = [t for m in opening.melds for t in m.tiles if t != Tile(Face(Colour("K"), 4))]
    assert sorted(codes(laid + list(opening.left))) == sorted(codes(rack.tiles))


def test_defaults_do_not_move() -> None:
    case = build_case(RACK, {"indicator": "K7", "indicator_twin": True})
    assert case.rules.twin_laid is False
    assert "twin_laid" not in case.rules.to_json()
