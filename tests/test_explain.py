"""solve --explain, the penalty objective's fallback, and what alternatives are listed
[R-OPEN-MELDS, R-OPEN-PAIRS, R-RISING, R-KEEP-DISCARD, R-TAKE-DISCARD, R-RESIDUAL]."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.engine.solver import Analysis, Opening, analyse
from rummy101_solver.files.case import build_case
from rummy101_solver.game.tiles import codes
from rummy101_solver.report.explain import explain_analysis

DEFAULT_BAR = (
    "The bar: a meld opening needs 101 points, the default [R-OPEN-MELDS];"
    " a pairs opening needs 5 pairs, the default [R-OPEN-PAIRS]."
)
NO_PAIR = "Nothing can be laid as pairs: no two tiles are alike [R-PAIR]."
OPENS = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"
ADDS_UP_102 = "R10 R11 R12 (33) + B11 B12 B13 (36) + K10 K11 K12 (33) = 102 points"


def invoke(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


def analysis_of(rack: str, **options: Any) -> Analysis:
    case = build_case(rack, options)
    return analyse(case.rack, case.rules, alternatives=case.alternatives)


def why(rack: str, **options: Any) -> list[str]:
    return explain_analysis(analysis_of(rack, **options))


# --- exact sentences, situation by situation ----------------------------------------
def test_r7_r8_r9_one_tile_must_stay_for_the_discard() -> None:
    assert why("R7 R8 R9") == [
        DEFAULT_BAR,
        "Nothing can be laid as melds: R7 R8 R9 would leave no tile on the rack, and one"
        " tile must stay for the discard [R-KEEP-DISCARD].",
        NO_PAIR,
    ]


def test_keep_two_names_the_option() -> None:
    assert why("R7 R8 R9 R10", keep=2)[1] == (
        "Nothing can be laid as melds: R7 R8 R9 R10 would leave no tile on the rack, and"
        " 2 tiles must stay on the rack (--keep 2) [R-KEEP-DISCARD]."
    )


def test_no_meld_at_all() -> None:
    assert why("R1 B5 K9")[1] == (
        "Nothing can be laid as melds: no tiles here make a run (3 or more numbers in a row,"
        " one colour [R-RUN]) or a set (one number in 3 or 4 colours [R-SET])."
    )


def test_short_of_the_bar_says_by_how_much() -> None:
    assert why("R10 R11 R12 B11 B12 B13 Y1") == [
        DEFAULT_BAR,
        "Best meld opening: R10 R11 R12 (33) + B11 B12 B13 (36) = 69 points < 101:"
        " 32 points short [R-OPEN-MELDS].",
        NO_PAIR,
    ]


def test_the_shortfall_hook_adds_its_clause() -> None:
    sentences = explain_analysis(
        analysis_of("R10 R11 R12 B11 B12 B13 Y1"),
        shortfall=lambda o: f"{o.kind}: the tiles that close the gap go here",
    )
    assert sentences[1].endswith(
        " 32 points short; melds: the tiles that close the gap go here [R-OPEN-MELDS]."
    )
    assert sentences[2] == NO_PAIR  # nothing laid: no shortfall clause


# --- the tiles short, from 'outs' (solve --explain, a rack that cannot open) --------------
def explained(*args: str) -> list[str]:
    out, code = invoke("solve", *args, "--explain", "--alternatives", "0", "--format", "json")
    assert code == 1, out
    sentences: list[str] = json.loads(out)["explanation"]
    return sentences


def test_explain_says_how_many_tiles_short_both_kinds() -> None:
    rack = "R1 R1 B2 B2 K3 K3 Y4 Y4 R10 R11 R12 B13 K13 Y13 R13 K9"
    assert explained(*rack.split())[1:3] == [
        "Best meld opening: R10 R11 R12 (33) + R13 B13 K13 Y13 (52) = 85 points < 101:"
        " 16 points short; 2 tiles away: draw K10 and K11, for example (rummy101 outs)"
        " [R-OPEN-MELDS].",
        "Best pairs opening: 4 pairs (R1 R1, B2 B2, K3 K3, Y4 Y4) < 5: 1 pair short;"
        " 1 tile away: draw R13, for example (rummy101 outs) [R-OPEN-PAIRS].",
    ]


def test_explain_tiles_short_out_of_reach_and_zero() -> None:
    assert explained("R10", "R11", "R12", "B11", "B12", "B13", "Y1")[1] == (
        "Best meld opening: R10 R11 R12 (33) + B11 B12 B13 (36) = 69 points < 101:"
        " 32 points short; out of reach: no opening of at most 7 tiles meets the bar,"
        " whatever is drawn (rummy101 outs) [R-OPEN-MELDS]."
    )
    assert explained("R7", "R8", "R9", "B1", "B2", "B3", "--threshold", "30")[1] == (
        "Best meld opening: R7 R8 R9 (24) = 24 points < 30: 6 points short; 0 tiles away:"
        " after any draw it opens, discarding the tile drawn (rummy101 outs) [R-OPEN-MELDS]."
    )
    assert explained(*OPENS.split(), "--after", "110")[1] == (
        f"Best meld opening: {ADDS_UP_102} < 111: 9 points short; 1 tile away: draw R13,"
        " for example (rummy101 outs) [R-OPEN-MELDS]."
    )


def test_explain_no_tiles_short_when_the_rack_opens() -> None:
    # melds open; pairs are 2 short, but the rack can open: no distance is searched
    rack = "R1 R1 B2 B2 K3 K3 R10 R11 R12 B11 B12 B13 K10 K11 K12 Y9"
    out, code = invoke("solve", *rack.split(), "--explain", "--alternatives", "0")
    assert code == 0
    assert (
        "Best pairs opening: 3 pairs (R1 R1, B2 B2, K3 K3) < 5: 2 pairs short [R-OPEN-PAIRS]."
        in (out.splitlines())
    )
    assert "rummy101 outs" not in out


def test_explain_no_tiles_short_after_taking_the_discard() -> None:
    assert explained("R3", "R4", "R5", "B7", "K7", "Y7", "R1", "B1", "--take", "R6")[1] == (
        "Best meld opening: R3 R4 R5 R6 (18) + B7 K7 Y7 (21) = 39 points < 101: 62 points short"
        " [R-OPEN-MELDS]."
    )


def test_explain_tiles_short_in_colour() -> None:
    out, _ = invoke("solve", *OPENS.split(), "--after", "110", "--explain", "--color", "always")
    assert "1 tile away: draw \x1b[31mR13\x1b[0m, for example (rummy101 outs)" in out


def test_rising_bar_above_the_threshold() -> None:
    assert why(OPENS, after=110)[:2] == [
        "The bar: a meld opening needs 111 points, one more than the highest meld opening so"
        " far (110, --after) [R-RISING]; a pairs opening needs 5 pairs, the default"
        " [R-OPEN-PAIRS].",
        f"Best meld opening: {ADDS_UP_102} < 111: 9 points short [R-OPEN-MELDS].",
    ]


def test_rising_bar_below_the_threshold_keeps_the_threshold() -> None:
    assert why(OPENS, after=90)[:2] == [
        "The bar: a meld opening needs 101 points: one more than the highest opening so far"
        " (90, --after) would be less, and the bar never drops below the threshold"
        " [R-RISING]; a pairs opening needs 5 pairs, the default [R-OPEN-PAIRS].",
        f"Best meld opening: {ADDS_UP_102} ≥ 101, so it opens [R-OPEN-MELDS].",
    ]


def test_rising_mode_before_anyone_opened() -> None:
    assert why(OPENS, rising=True)[0] == (
        "The bar: rising mode, but nobody has opened yet, so the threshold holds [R-RISING]:"
        " a meld opening needs 101 points, the default [R-OPEN-MELDS]; a pairs opening needs"
        " 5 pairs, the default [R-OPEN-PAIRS]."
    )


def test_custom_thresholds_both_open_and_the_runner_ups() -> None:
    rack = "R5 R13 B1 B7 B13 K1 K2 K11 Y10 Y10 J J"
    options = {"threshold": 40, "pairs_threshold": 3, "objective": "penalty", "alternatives": 1}
    assert why(rack, **options) == [
        "The bar: a meld opening needs 40 points (--threshold 40; the default is 101)"
        " [R-OPEN-MELDS]; a pairs opening needs 3 pairs (--pairs-threshold 3; the default"
        " is 5) [R-OPEN-PAIRS].",
        "Best meld opening: K1 K2 J=K3 (6) + R13 B13 J=K13 (39) = 45 points ≥ 40, so it opens"
        " [R-OPEN-MELDS]; a joker counts as the tile it stands for [R-VALUE].",
        "Best pairs opening: 3 pairs (R13 J=R13, B13 J=B13, Y10 Y10) ≥ 3, so it opens"
        " [R-OPEN-PAIRS].",
        "Both open; melds leave the lower residual penalty (44 against 54), so play melds"
        " [R-RESIDUAL].",
        # objective penalty: the residual penalty is the first tier
        "The runner-up meld opening (rank 2) ranks lower on residual penalty: 45 against 44"
        " [R-RESIDUAL].",
        "The runner-up pairs opening (rank 2) ranks lower on residual penalty: 58 against 54"
        " [R-RESIDUAL].",
    ]


def test_taken_discard_no_pairs_opening_uses_it() -> None:
    rack = "R3 R4 R5 R9 R10 R11 B13 K13 Y13 B7 K7 Y7 R1 B1 K2 Y4 Y8 K10 B2 B5 K11"
    assert why(rack, take="R6")[2] == (
        "Nothing can be laid as pairs: no pairs opening uses the taken R6, and an opening"
        " after taking the discard must [R-TAKE-DISCARD]."
    )


def test_a_taken_tile_blocked_by_the_discard_names_the_discard() -> None:
    assert why("R7 R8", take="R9")[1:] == [
        "Nothing can be laid as melds: R7 R8 R9 would leave no tile on the rack, and one"
        " tile must stay for the discard [R-KEEP-DISCARD].",
        "Nothing can be laid as pairs: no pairs opening uses the taken R9, and an opening"
        " after taking the discard must [R-TAKE-DISCARD].",
    ]


def test_no_joker_pairs_is_named() -> None:
    assert why("R5 J", joker_pairs=False, keep=0)[2] == (
        "Nothing can be laid as pairs: no two tiles are alike, and a joker may not stand in"
        " for a tile of a pair (--no-joker-pairs) [R-PAIR]."
    )


# --- the tie-break that ranked the runner-up lower, tier by tier ---------------------
@pytest.mark.parametrize(
    ("rack", "sentence"),
    [
        (
            "R3 R4 R5 B7 K7 Y7 J R9 R10 R11 B13 K13 Y13 R13 B2 B2 Y8 K1",
            "The runner-up meld opening (rank 2) ranks lower on value: 118 points against"
            " 127 points.",
        ),
        (
            "R1 R1 R8 R12 B6 B9 K4 K7 K9 Y6 Y7 Y9 Y11 J",
            "The runner-up meld opening (rank 2) ranks lower: the same value, but a higher"
            " residual penalty: 50 against 49 [R-RESIDUAL].",
        ),
        (
            "R2 R3 R4 R11 R12 B2 B3 B6 B9 B11 B12 B13 K3 K7 K8 K10 Y1 Y2 Y3 Y9 Y11 Y13",
            "The runner-up meld opening (rank 2) ranks lower: the same value and residual"
            " penalty, but fewer tiles laid: 9 against 10.",
        ),
        (
            "R2 R4 R8 R11 B3 B4 B5 B8 K7 K11 Y1 Y1 Y4 Y11",
            "The runner-up meld opening (rank 2) ranks lower: the same value, residual penalty"
            " and tiles laid; on the last tie-break, canonical order, the best keeps B3 B5"
            " where the runner-up keeps R4 Y4: tiles kept earlier in the order red, blue,"
            " black, yellow, by number (their places 1–52 sum to 34 against 47).",
        ),
        (
            "R7 R11 R12 B1 B8 B9 B13 K7 K8 K9 K11 Y1 Y5 Y8",
            "The runner-up meld opening (rank 2) ties with the best on every tie-break; the"
            " solver's reproducible order puts it second.",
        ),
    ],
    ids=["value", "residual", "tiles-laid", "canonical", "full-tie"],
)
def test_runner_up_tie_break(rack: str, sentence: str) -> None:
    analysis = analysis_of(rack, alternatives=1)
    assert analysis.meld_alternatives
    sentences = explain_analysis(analysis)
    assert sentence in sentences
    # the sentence's numbers are the openings' own
    best, alt = analysis.melds, analysis.meld_alternatives[0]
    assert (alt.value, -alt.residual_penalty) <= (best.value, -best.residual_penalty)


# --- the command line ----------------------------------------------------------------
def test_explain_text_comes_after_the_usual_output() -> None:
    plain, code = invoke("solve", "R7", "R8", "R9")
    out, explained_code = invoke("solve", "R7", "R8", "R9", "--explain")
    assert code == explained_code == 1
    assert out.startswith(plain.rstrip("\n"))
    assert out == plain + "\n".join(["", "Why:", *why("R7 R8 R9")]) + "\n"


def test_explain_json_adds_an_explanation_list() -> None:
    out, _ = invoke("solve", "R7", "R8", "R9", "--format", "json", "--explain")
    data = json.loads(out)
    assert list(data)[-1] == "explanation"
    assert data["explanation"] == why("R7 R8 R9")
    out, _ = invoke("solve", "R7", "R8", "R9", "--format", "json")
    assert "explanation" not in json.loads(out)


# --- the penalty objective's fallback [R-RESIDUAL] ----------------------------------------
PENALTY_RACK = ["R5", "R13", "B1", "B7", "B13", "K1", "K2", "K11", "Y10", "Y10", "J", "J"]


def test_penalty_fallback_is_named_in_the_header() -> None:
    out, _ = invoke("solve", *PENALTY_RACK, "--threshold", "40", "--objective", "penalty")
    assert out.splitlines()[1:3] == [
        "Objective: lowest residual penalty among openings that meet the bar.",
        "Objective fallback: no pairs opening meets 5 pairs, so pairs are ranked as with"
        " --objective value [R-RESIDUAL].",
    ]
    out, _ = invoke("solve", *PENALTY_RACK, "--threshold", "200", "--objective", "penalty")
    assert out.splitlines()[2] == (
        "Objective fallback: no meld opening meets 200 points and no pairs opening meets"
        " 5 pairs, so both are ranked as with --objective value [R-RESIDUAL]."
    )
    out, _ = invoke("solve", *PENALTY_RACK, "--threshold", "40", "--pairs-threshold", "3",
                    "--objective", "penalty")  # fmt: skip
    assert "fallback" not in out


def test_penalty_fallback_json_field() -> None:
    out, _ = invoke("solve", *PENALTY_RACK, "--threshold", "40", "--objective", "penalty",
                    "--format", "json")  # fmt: skip
    data = json.loads(out)
    assert data["melds"]["ranked_by"] == "penalty"
    assert data["pairs"]["ranked_by"] == "value"
    assert {a["ranked_by"] for a in data["pair_alternatives"]} == {"value"}
    out, _ = invoke("solve", *PENALTY_RACK, "--format", "json")
    data = json.loads(out)
    assert (data["melds"]["ranked_by"], data["pairs"]["ranked_by"]) == ("value", "value")


# --- alternatives: never a part of an opening listed before ------------------------------
def test_a_part_of_the_best_is_not_an_alternative() -> None:
    analysis = analysis_of("R10 R11 R12 B11 B12 B13 Y1", alternatives=3)
    assert analysis.melds.value == 69
    assert analysis.meld_alternatives == ()  # R10 R11 R12 alone, or B11 B12 B13, is a part
    out, _ = invoke("solve", "R10", "R11", "R12", "B11", "B12", "B13", "Y1")
    assert out.splitlines()[-3:] == [
        "Other meld openings: none: every other one lays only tiles the best one lays (a part"
        " of it).",
        "",
        "Other pairs openings: none: no pair can be laid.",
    ]


def test_alternatives_lay_a_tile_beyond_the_openings_above() -> None:
    rack = "R3 R4 R5 B7 K7 Y7 J R9 R10 R11 B13 K13 Y13 R13 B2 B2 Y8 K1"
    analysis = analysis_of(rack, alternatives=2)
    openings: list[Opening] = [analysis.melds, *analysis.meld_alternatives]
    # R4 R5 J=R6 | R9 R10 R11 | … keeps R3 back: a part of the best, no longer listed
    assert [codes(o.left) for o in openings] == [
        ["B2", "B2", "K1", "Y8"],
        ["B2", "B2", "B7", "K1", "K7"],
    ]
    assert [o.value for o in openings] == [127, 118]


def test_alternatives_cut_by_the_time_limit_say_so() -> None:
    from dataclasses import replace

    from rummy101_solver.report.render import analysis_text

    analysis = replace(
        analysis_of("R10 R11 R12 B11 B12 B13 Y1", alternatives=3), meld_alternatives_complete=False
    )
    text = analysis_text(analysis)
    assert (
        "Other meld openings: none found within the time limit (not proven that none exist)."
        in text.splitlines()
    )
    assert "Other meld openings" not in analysis_text(replace(analysis, alternatives=0))


def test_nothing_laid_names_the_kept_tile_only_when_it_is_why() -> None:
    """``R7 R8 R9`` is a run, but one tile stays for the discard: the report
    says so where it says nothing is laid (it said "no meld can be laid", which
    read as "not a run"); a rack with no meld, or a taken discard that must be
    laid, keeps the plain line [R-KEEP-DISCARD, R-TAKE-DISCARD]."""
    out, code = invoke("solve", "R7", "R8", "R9")
    assert code == 1
    lines = out.splitlines()
    kept = "with 1 tile kept for the discard [R-KEEP-DISCARD]"
    assert lines[4] == f"(nothing to lay down {kept})"
    assert lines[8] == "(nothing to lay down)"  # no pair in the rack: not the kept tile
    assert f"Other meld openings: none: no meld can be laid {kept}." in lines
    assert "Other pairs openings: none: no pair can be laid." in lines
    pair, _ = invoke("solve", "R3", "R3")
    assert f"(nothing to lay down {kept})" in pair.splitlines()  # the pairs opening
    plain, _ = invoke("solve", "R1", "B5", "K9")
    assert kept not in plain
    rack = "R3 R4 R5 R9 R10 R11 B13 K13 Y13 B7 K7 Y7 R1 B1 K2 Y4 Y8 K10 B2 B5 K11"
    taken, _ = invoke("solve", *rack.split(" "), "--take", "Y12")
    assert "(nothing to lay down)" in taken.splitlines() and kept not in taken
