"""The rough edges a new user hit (issue 23), one test each."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.cli.common import EXTRAS, missing_extra
from rummy101_solver.report.schema import SCHEMAS

ROOT = Path(__file__).resolve().parent.parent


def invoke(*args: str, input: str | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")
    return result.output, result.exit_code


def test_schema_help_lists_every_schema() -> None:
    out, code = invoke("schema", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "NAME: " + ", ".join(SCHEMAS) + "." in flat
    assert len(SCHEMAS) >= 10


def test_threshold_0_does_not_say_short_of_0_points() -> None:
    out, code = invoke("solve", "R12", "R13", "R1", "B5", "--threshold", "0")
    assert code == 1
    assert "short of 0" not in out
    lines = out.splitlines()
    assert lines[1] == (
        "Verdict: cannot open. Best melds 0 points (needs a meld laid),"
        " best pairs 0 pairs (needs 5)."
    )
    assert lines[3] == (
        "Best meld opening: 0 points, needs at least one meld laid [R-OPEN-MELDS] (optimal)"
    )


def test_a_missing_extra_names_a_true_install_command() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    # every extra a hint names is one the project really has
    assert set(EXTRAS) <= set(extras["optional-dependencies"])
    assert missing_extra("--plot", "matplotlib", "plot") == (
        "--plot needs matplotlib, which is not installed: pip install matplotlib"
        ' (or, in a checkout of rummy101-solver: pip install -e ".[plot]")'
    )
    assert "rummy101-solver[" not in missing_extra("--scheduler", "Dask", "dask")


def test_batch_unknown_option_says_did_you_mean() -> None:
    out, code = invoke("batch", input='{"rack": "R1 R2 R3", "thresold": 3}\n')
    assert code == 3
    error = json.loads(out)["error"]
    assert error.startswith("unknown option 'thresold'; did you mean 'threshold'? options: after,")


def test_batch_unknown_option_far_from_all_says_no_suggestion() -> None:
    out, _ = invoke("batch", input='{"rack": "R1 R2 R3", "zzzz": 3}\n')
    assert json.loads(out)["error"].startswith("unknown option 'zzzz'; options: after,")


def test_score_total_says_what_it_sums() -> None:
    out, code = invoke("score", "--winner", "Ali", "Ali", "Bea: melds R3 R5", "Can: not")
    assert code == 0
    assert out.splitlines()[-1] == (
        "Total: -109 (every player's round result added up, extra penalties included;"
        " not zero-sum: the winner's gain is fixed) [R-SCORE]"
    )


def test_deal_with_an_indicator_deals_an_okey_set() -> None:
    out, code = invoke("deal", "--seed", "7", "--indicator", "K12", "--count", "2")
    assert code == 0
    assert out.splitlines() == [
        "R1 R1 R8 R12 R13 R13 B1 B4 B7 B9 B11 B12 K3 K4 K8 F Y1 Y4 Y5 Y6 Y7 Y10",
        "R1 R1 R8 R11 R12 R13 B4 B6 B9 B13 K4 K7 K9 F Y4 Y4 Y6 Y7 Y9 Y10 Y11 J",
    ]
    # the classic deal of seed 7 holds a joker where the okey set holds a fake okey
    classic, _ = invoke("deal", "--seed", "7")
    assert classic.split()[-1] == "J" and "F" not in classic.split()


def test_deal_with_an_indicator_never_deals_the_face_up_copy_twice() -> None:
    out, _ = invoke("deal", "--seed", "1", "--indicator", "R5", "--size", "22", "--count", "40")
    for line in out.splitlines():
        rack = line.split()
        assert rack.count("R5") <= 1  # one R5 lies face up
        assert rack.count("J") <= 2 and rack.count("F") <= 2
        assert "R6" not in rack  # the okey is written J


def test_deal_refuses_a_joker_indicator() -> None:
    out, code = invoke("deal", "--indicator", "J")
    assert (code, out) == (
        2,
        "Error: 'J': --indicator: the indicator is one numbered tile, e.g. B5"
        " (not a joker or a fake)\n",
    )


def test_batch_stays_solve_and_outs() -> None:
    out, code = invoke("batch", input='{"rack": "R1 R2 R3", "command": "play"}\n')
    assert code == 3
    assert json.loads(out) == {
        "line": 1,
        "error": 'a batch line is a rack for solve (with "outs": true, for outs too);'
        ' "command" is for a fixture case of rummy101 verify',
    }
