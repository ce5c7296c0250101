"""``check`` under R-INDICATOR-TWIN: with the twin laid (``--twin-laid``, the switch
``--indicator-twin``, ``--indicator``), the indicator's face in a group of two is the twin,
a wild tile that completes that pair; in a run or set it breaks the rule. Off by default."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from rummy101_solver import api
from rummy101_solver.cli import main

PAIRS = "R1 R1 | B2 B2 | K3 K3 | Y4 Y4 | Y13 K7"
TWIN = ("--indicator", "K7", "--indicator-twin", "--twin-laid")


def check(*args: str) -> tuple[dict[str, Any], int]:
    result = CliRunner().invoke(main, ["check", *args, "--format", "json"], prog_name="rummy101")
    return json.loads(result.stdout), result.exit_code


def test_default_y13_k7_is_no_pair() -> None:
    data, code = check(PAIRS, "--indicator", "K7")
    assert code == 1
    assert data["legal"] is False
    assert data["groups"][4]["errors"][0]["rule"] == "R-PAIR"


def test_the_twin_completes_the_fifth_pair_R_INDICATOR_TWIN() -> None:
    data, code = check(PAIRS, *TWIN)
    assert code == 0
    assert (data["legal"], data["kind"], data["meets_threshold"]) == (True, "pairs", True)
    assert data["groups"][4]["stands_for"] == ["Y13", "Y13"]
    assert data["groups"][4]["value"] == 26
    assert data["rules"]["twin_laid"] is True


def test_with_a_rack_the_twin_is_not_a_rack_tile() -> None:
    rack = "R1 R1 B2 B2 K3 K3 Y4 Y4 Y13 R9 B10"
    data, code = check(PAIRS, *TWIN, "--rack", rack)
    assert code == 0
    assert data["left"] == ["R9", "B10"]
    assert data["residual_penalty"] == 38  # (9 + 10) x 2


def test_the_twin_in_a_run_breaks_the_rule() -> None:
    data, code = check("K5 K6 K7", *TWIN)
    assert code == 1
    assert data["groups"][0]["errors"][-1] == {
        "rule": "R-INDICATOR-TWIN",
        "message": "the indicator's twin K7 completes only a pair of a pairs opening;"
        " it counts in no run or set",
    }


def test_api_check_takes_the_twin() -> None:
    data = api.check(PAIRS, indicator="K7", indicator_twin=True, twin_laid=True)
    assert data["legal"] is True and data["count"] == 5
