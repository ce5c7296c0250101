"""Rising mode is named in a header line of solve and check, and a bar raised
above the threshold is cited as R-RISING (not R-OPEN-MELDS / R-OPEN-PAIRS)."""

from __future__ import annotations

from click.testing import CliRunner

from rummy101_solver.cli import main

OPENS = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"
LAID = "R10 R11 R12 | B11 B12 B13 | K10 K11 K12"
FIVE_PAIRS = "R1 R1 | B2 B2 | K3 K3 | Y4 Y4 | R5 J"


def lines(*args: str) -> tuple[list[str], int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output.splitlines(), result.exit_code


def test_solve_rising_alone_has_a_header_line() -> None:
    out, code = lines("solve", *OPENS.split(), "--rising", "--alternatives", "0")
    assert code == 0
    assert out[1] == (
        "Rising mode: nobody has opened yet; melds need 101 points, pairs need 5 pairs [R-RISING]."
    )


def test_solve_after_names_both_bars() -> None:
    out, code = lines("solve", *OPENS.split(), "--after", "116", "--after-pairs", "5")
    assert code == 1
    assert out[1] == (
        "Rising mode: after a 116-point opening melds need 117 points; after a 5-pair opening"
        " pairs need 6 pairs [R-RISING]."
    )


def test_no_rising_no_header() -> None:
    out, _ = lines("solve", *OPENS.split(), "--alternatives", "0")
    assert not any(line.startswith("Rising mode") for line in out)


def test_check_raised_bar_cites_R_RISING() -> None:
    out, code = lines("check", LAID, "--after", "102")
    assert code == 1
    assert out[0] == (
        "Rising mode: after a 102-point opening melds need 103 points; pairs need 5 pairs"
        " [R-RISING]."
    )
    assert out[-1] == "Verdict: legal, but it does not open: 102 points, short of 103 [R-RISING]."


def test_check_bar_not_raised_cites_the_opening_rule() -> None:
    out, code = lines("check", "R10 R11 R12 | B11 B12 B13", "--after", "90")
    assert code == 1
    assert (
        out[-1] == "Verdict: legal, but it does not open: 69 points, short of 101 [R-OPEN-MELDS]."
    )


def test_check_raised_pairs_bar_cites_R_RISING() -> None:
    out, code = lines("check", FIVE_PAIRS, "--after-pairs", "5")
    assert code == 1
    assert out[-1] == "Verdict: legal, but it does not open: 5 pairs, short of 6 [R-RISING]."
    out, code = lines("check", FIVE_PAIRS)
    assert (code, out[-1]) == (0, "Verdict: legal, and it opens: 5 pairs (needs 5).")
