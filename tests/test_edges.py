"""Edge cases a new user found: each must be a clear one-line error (exit 2) or a
right answer, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.game.parsing import RackError, parse_rack

OPENS = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"


def invoke(*args: str, input: str | bytes | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output, result.exit_code


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--time-limit", "nan"],
         "Error: Invalid value for '--time-limit': 'nan' is not a finite number\n"),
        (["--time-limit", "inf"],
         "Error: Invalid value for '--time-limit': inf is not in the range 0.001<=x<=86400.0.\n"),
        (["--threshold", "9223372036854775807"],
         "Error: Invalid value for '--threshold': 9223372036854775807 is not in the range"
         " 0<=x<=9999.\n"),
    ],
)  # fmt: skip
def test_option_values_out_of_range_exit_2(args: list[str], message: str) -> None:
    out, code = invoke("solve", *OPENS.split(), *args)
    assert code == 2
    assert out.splitlines()[-1] + "\n" == message


def test_batch_rejects_bad_json_options_per_line_and_goes_on() -> None:
    lines = [
        json.dumps({"rack": OPENS, "time_limit": float("nan")}),
        json.dumps({"rack": OPENS, "threshold": 9223372036854775807}),
        json.dumps({"rack": OPENS, "time_limit": 1e-9}),
        OPENS,
    ]
    out, code = invoke("batch", "--alternatives", "0", input="\n".join(lines) + "\n")
    assert code == 3
    records = [json.loads(line) for line in out.splitlines()]
    assert records[0] == {
        "line": 1,
        "error": "option 'time_limit': nan is not a number of seconds from 0.001 to 86400",
    }
    assert records[1] == {
        "line": 2,
        "error": "option 'threshold': 9223372036854775807 is out of range (0–9999)",
    }
    assert records[2]["error"].startswith("option 'time_limit': 1e-09 is not")
    assert records[3]["melds"]["value"] == 102


def test_batch_non_utf8_line_gets_an_error_record() -> None:
    out, code = invoke(
        "batch", "--alternatives", "0", input=b"R1 R2 R3 Y9\n\xff\xfe\nR4 R5 R6 Y9\n"
    )
    assert code == 3
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3]
    assert records[1]["error"] == "'\\xff\\xfe' (tile 1): not a tile; write a colour R, B, K or" \
        " Y and a number 1–13 (R7, 7R, red 7), or J for a joker"  # fmt: skip


NOT_A_TILE = (" (tile 1): not a tile; write a colour R, B, K or Y and a number 1–13 (R7, 7R,"
              " red 7), or J for a joker")  # fmt: skip


def test_bytes_that_are_not_utf8_show_the_same_from_stdin_and_arguments() -> None:
    from_stdin = invoke("solve", input=b"\xff\xfe\n")
    from_argument = invoke("solve", "\udcff\udcfe")  # how Python passes argv bytes ff fe
    expected = (f"Error: '\\xff\\xfe'{NOT_A_TILE}\n", 2)
    assert from_stdin == expected
    assert from_argument == expected
    out, code = invoke("check", input=b"R1 R2 R3 | B1 \xc3\n")
    assert (code, out) == (2, f"Error: '\\xc3' (tile 5){NOT_A_TILE.removeprefix(' (tile 1)')}\n")


def test_verify_refuses_stdin_that_is_not_utf8_as_it_refuses_such_a_file() -> None:
    out, code = invoke("verify", "-", input=b'\n{"name": "a\xff", "rack": "R1"}\n')
    assert (code, out) == (2, "Error: stdin: not UTF-8 text (line 2)\n")


def test_a_thousand_digit_number_is_out_of_range() -> None:
    out, code = invoke("solve", "R" + "1" * 5000)
    assert code == 2
    assert out == "Error: 'R1111111111111111111…' (tile 1): numbers run 1–13\n"


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("7 red, 8 R, 9r", ["R7", "R8", "R9"]),
        ("\ufeffR1 R2 R3", ["R1", "R2", "R3"]),
        ("07R", ["R7"]),
    ],
)
def test_more_spellings(text: str, codes: list[str]) -> None:
    assert parse_rack(text).codes == codes


def test_non_ascii_digits_are_not_numbers() -> None:
    with pytest.raises(RackError) as err:
        parse_rack("R\u0667")  # ARABIC-INDIC DIGIT SEVEN
    assert str(err.value).startswith("'R\u0667' (tile 1): not a tile")


@pytest.mark.parametrize(
    ("token", "why"),
    [
        ("R7B7", "write tiles apart: R7 B7"),
        ("r12k3J", "write tiles apart: r12 k3 J"),
        ("r\uff17", "numbers are written with the ASCII digits 0–9, '\uff17' is not one"),
        ("K1\u0663", "numbers are written with the ASCII digits 0–9, '\u0663' is not one"),
    ],
)
def test_a_token_that_is_not_a_tile_says_what_to_write(token: str, why: str) -> None:
    out, code = invoke("solve", "R1", token)
    assert (code, out) == (2, f"Error: '{token}' (tile 2): not a tile; {why}\n")


def test_solve_takes_one_rack_from_stdin() -> None:
    out, code = invoke("solve", input="R1 R2 R3\nB4 B5 B6\n")
    assert code == 2
    assert out == (
        "Error: stdin holds 2 lines (lines 1 and 2 …): one rack per command;"
        " use 'rummy101 batch' for one rack per line\n"
    )


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("check", "one arrangement per command, its groups on one line separated by '|' or '/';"
         " 'rummy101 batch' analyses racks and cannot check arrangements"),
        ("play", "one rack per command, the table in --table; 'rummy101 batch' does not play"
         " turns"),
        ("outs", "one rack per command; use 'rummy101 batch --outs' for one rack per line"),
    ],
)  # fmt: skip
def test_two_lines_on_stdin_are_refused_in_each_command_own_words(command: str, says: str) -> None:
    out, code = invoke(command, input="R1 R2 R3\n# a comment\n\nB1 B2 B3\n")
    assert (code, out) == (2, f"Error: stdin holds 2 lines (lines 1 and 4 …): {says}\n")


def test_a_terminal_for_stdin_is_an_empty_input_in_each_command_own_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("rummy101_solver.cli.options.stdin_is_terminal", lambda: True)
    out, code = invoke("check")
    assert (code, out) == (2, "Error: empty arrangement: give the groups as arguments"
                           ' (rummy101 check "R3 R4 R5 | B7 K7 Y7") or on stdin\n')  # fmt: skip
    out, code = invoke("play", "--opened", "melds")
    assert (code, out) == (2, "Error: empty rack: give the tiles as arguments"
                           " (rummy101 play R3 R4 R5 …) or on stdin\n")  # fmt: skip


def test_deal_seed_must_not_be_negative() -> None:
    out, code = invoke("deal", "--seed", "-5")
    assert code == 2
    assert "-5 is not in the range 0<=x<=9223372036854775807" in out


def test_no_command_prints_help_and_exits_0() -> None:
    out, code = invoke()
    assert code == 0
    assert out.startswith("Usage: rummy101 [OPTIONS] [COMMAND] [ARGS]...")


def test_rising_flag_alone_keeps_the_threshold() -> None:
    out, code = invoke("solve", *OPENS.split(), "--rising", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert (data["rules"]["rising"], data["rules"]["meld_bar"]) == (True, 101)
    assert data["one_turn_finish"]["applies"] is True  # nobody has opened yet


# --- score --------------------------------------------------------------------------
def test_score_counts_the_joker_discarded_to_finish() -> None:
    out, code = invoke(
        "score", "--end", "joker", "--winner", "A", "A", "B: pairs J R1", "C: melds J"
    )
    assert code == 2
    assert out == (
        "Error: player 'C': a third joker in the round (the winner discarded one);"
        " the set has only 2 [R-TILES]\n"
    )
    _, code = invoke(
        "score", "--end", "joker", "--winner", "A", "A", "B: pairs J R1", "C: melds R2"
    )
    assert code == 0


# --- check ----------------------------------------------------------------------------
def check_json(*args: str) -> dict:
    out, code = invoke("check", *args, "--format", "json")
    assert code in (0, 1), out
    return json.loads(out)


def test_check_accepts_a_fake_okey_written_with_its_face() -> None:
    data = check_json("J=R11 R12 R13 | F=K1 K2 K3 | Y9 Y10 Y11", "--indicator", "K13")
    assert data["legal"] is True
    assert data["value"] == 72
    out, code = invoke("check", "F=K2 K3 K4", "--indicator", "K13")
    assert (out, code) == (
        "rummy101: warning: K2 K3 K4 read as black (K is black in the English notation, red"
        " in the Turkish one); choose with --notation en or tr.\n"  # [issue 31]
        "Error: 'F=K2' (tile 1): a fake okey plays only as K1 [R-INDICATOR]\n",
        2,
    )


def test_check_pin_to_a_fake_or_joker_is_refused() -> None:
    out, code = invoke("check", "J=F R12 R13", "--indicator", "R10")
    assert (out, code) == (
        "Error: 'J=F' (tile 1): a joker stands for a numbered tile, as in J=R11\n",
        2,
    )


def test_check_counts_only_legal_pairs() -> None:
    data = check_json("R7 R7 | R1 B1 | K3 K3")
    assert (data["legal"], data["count"], data["kind"]) == (False, 2, "pairs")
    out, _ = invoke("check", "R7 R7 | R1 B1 | K3 K3")
    assert "Total of the legal groups: 2 pairs." in out


def test_check_names_a_repeated_colour_once() -> None:
    data = check_json("J=R11 J=R11 R11")
    assert [e["message"] for e in data["groups"][0]["errors"]] == [
        "red appears twice; R11 R11 is a pair, not part of a set"
    ]


def test_check_refuses_more_tiles_than_a_rack_lays() -> None:
    runs = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 | B1 B2 B3 B4 B5 B6 B7 B8 B9"
    data = check_json(runs)
    assert data["errors"] == [{"rule": "R-KEEP-DISCARD", "message": "22 tiles laid leave no tile"
                               " of a 22-tile rack for the discard"}]  # fmt: skip
    data = check_json(runs + " B10")
    assert data["errors"] == [
        {"rule": "R-RACK", "message": "23 tiles laid; a rack holds at most 22"}
    ]
    assert check_json(runs, "--keep", "0")["legal"] is True


# --- verify ---------------------------------------------------------------------------
def test_verify_true_is_not_1(tmp_path: Path) -> None:
    fixture = tmp_path / "f.jsonl"
    fixture.write_text('{"rack": "R1 R1 R2", "expect": {"pairs.count": true}}\n', encoding="utf-8")
    out, code = invoke("verify", str(fixture), "--format", "plain")
    assert code == 1
    assert out.splitlines()[1].split() == ["line", "1", "pairs.count", "true", "1", "FAIL"]


def test_verify_shows_why_a_field_is_missing(tmp_path: Path) -> None:
    fixture = tmp_path / "f.jsonl"
    fixture.write_text('{"rack": "R14", "expect": {"melds.value": 0}}\n', encoding="utf-8")
    out, code = invoke("verify", str(fixture), "--format", "json")
    assert code == 1
    (row,) = json.loads(out)["checks"]
    assert (row["found"], row["got"]) == (False, None)
    assert row["error"] == "'R14' (tile 1): numbers run 1–13"


def test_verify_refuses_an_empty_or_non_utf8_file(tmp_path: Path) -> None:
    fixture = tmp_path / "f.jsonl"
    fixture.write_text("# nothing here\n", encoding="utf-8")
    out, code = invoke("verify", str(fixture))
    assert code == 2
    assert out.endswith('no cases: a fixture file needs at least one case with "expect"\n')
    fixture.write_bytes(b'{"rack": "R1 \xff", "expect": {}}\n')
    out, code = invoke("verify", str(fixture))
    assert (out, code) == (f"Error: {fixture}: not UTF-8 text (byte 13)\n", 2)
