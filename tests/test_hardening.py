"""Never a traceback, never a silent loss (issue 10, and the input points of issue 11).

One test per kind of hostile input, through CliRunner; the kinds that need a
real process (closed streams, /dev/full, signals, orphaned workers) are in
``test_processes.py``. The last tests feed arbitrary text, bytes and JSON to
every reading command (hypothesis, derandomized).
"""

from __future__ import annotations

import io
import json
import multiprocessing
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy101_solver.cli import main
from rummy101_solver.cli.batch import _read
from rummy101_solver.cli.guard import run_guarded
from rummy101_solver.cli.options import FiniteFloatRange, IntRange
from rummy101_solver.files.batch import run_batch
from rummy101_solver.game.deal import deal_rack, iter_racks
from rummy101_solver.lines import MAX_LINE, read_lines, split_lines
from rummy101_solver.messages import MESSAGE_LIMIT, one_line, quote

OPENS = "R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1"
EXIT_CODES = {0, 1, 2, 3, 4, 130, 141}
"""Every exit code docs/output.md documents."""


def invoke(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def one_error_line(result: Result) -> str:
    """The single line on stderr of a failed run."""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert len(lines[0]) <= len("Error: ") + MESSAGE_LIMIT + 1
    return lines[0]


# --- kind 1: JSON that breaks the decoder ---------------------------------------------
DEEP = "[" * 1500 + "]" * 1500
HUGE_INT = '{"rack": "R1 R2 R3", "threshold": ' + "9" * 5000 + "}"


def test_batch_json_that_breaks_the_decoder_is_one_error_record_and_the_batch_goes_on() -> None:
    result = invoke("batch", "--alternatives", "0", input=f"{DEEP}\n{HUGE_INT}\n{OPENS}\n")
    assert result.exit_code == 3
    got = records(result.stdout)
    assert got[:2] == [
        {"line": 1, "error": "JSON nested too deeply to read"},
        {"line": 2, "error": "a JSON number with too many digits to read"},
    ]
    assert (got[2]["line"], got[2]["melds"]["value"]) == (3, 102)
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DEEP + "\n", "Error: stdin, line 1: JSON nested too deeply to read"),
        (HUGE_INT + "\n", "Error: stdin, line 1: a JSON number with too many digits to read"),
        (
            "a = " + "[" * 1500 + "]" * 1500 + "\n",
            "Error: stdin: neither JSON Lines nor TOML: TOML nested too deeply to read",
        ),
        (
            "a = " + "9" * 5000 + "\n",
            "Error: stdin: neither JSON Lines nor TOML: a TOML number with too many digits to read",
        ),
    ],
    ids=["jsonl-deep", "jsonl-huge-int", "toml-deep", "toml-huge-int"],
)
def test_verify_input_that_breaks_the_decoder_is_one_clean_error(text: str, message: str) -> None:
    result = invoke("verify", "-", input=text)
    assert (result.exit_code, one_error_line(result)) == (2, message)


def test_verify_toml_file_that_breaks_the_decoder_exits_2(tmp_path: Path) -> None:
    fixture = tmp_path / "deep.toml"
    fixture.write_text("a = " + "[" * 1500 + "]" * 1500 + "\n", encoding="utf-8")
    result = invoke("verify", str(fixture))
    assert (result.exit_code, one_error_line(result)) == (
        2,
        f"Error: {fixture}: TOML nested too deeply to read",
    )


# --- kind 2: TOML whose case is not a list of tables ----------------------------------
@pytest.mark.parametrize(
    ("toml", "shown"),
    [("case = [1, 2]", "1"), ('case = ["R1 R2 R3"]', "'R1 R2 R3'"), ("case = [[1]]", "a list")],
)
def test_verify_toml_case_that_is_not_a_table_exits_2(
    tmp_path: Path, toml: str, shown: str
) -> None:
    fixture = tmp_path / "f.toml"
    fixture.write_text(toml + "\n", encoding="utf-8")
    result = invoke("verify", str(fixture))
    assert (result.exit_code, one_error_line(result)) == (
        2,
        f"Error: {fixture}: case 1 is {shown}, not a table: write [[case]] tables"
        " with rack and expect",
    )


# --- kind 3 (closed stdin) and 4 (unwritable output) need a process: test_processes.py -
# --- kind 5: a read error partway through the input -----------------------------------
class _FailingStream(io.RawIOBase):
    """Gives one line, then fails as a bad disk does."""

    def __init__(self) -> None:
        self.sent = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        if self.sent:
            raise OSError(5, "Input/output error")
        self.sent = True
        data = b"R1 R2 R3\n"
        buffer[: len(data)] = data
        return len(data)


def test_batch_read_error_partway_keeps_the_lines_before_and_is_a_bad_input_error() -> None:
    lines = _read(io.BufferedReader(_FailingStream()))  # type: ignore[arg-type]
    assert next(lines) == "R1 R2 R3"
    with pytest.raises(click.ClickException) as caught:
        next(lines)
    assert caught.value.exit_code == 2
    assert caught.value.message == "cannot read stdin: Input/output error"


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="Linux /proc only")
def test_batch_of_an_unreadable_file_is_one_line_exit_2() -> None:
    result = invoke("batch", "/proc/self/mem")
    assert (result.exit_code, one_error_line(result)) == (
        2,
        "Error: cannot read '/proc/self/mem': Input/output error",
    )


def test_an_error_caused_by_ctrl_c_is_an_interrupt_not_a_traceback() -> None:
    # Ctrl-C while a C extension loads surfaces as "ImportError: initialization failed"
    def interrupted_import() -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise ImportError("initialization failed") from None

    assert run_guarded(interrupted_import) == 130
    with pytest.raises(ZeroDivisionError):  # a real bug keeps its traceback
        run_guarded(lambda: 1 / 0)


# --- kind 8: messages show the token escaped, bounded, on one line --------------------
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "R7", "--take", "R7\nR8"], "Error: 'R7\\nR8': --take: need exactly one tile"),
        (["solve", "R7", "--indicator", "\x1b[31mR7"], "Error: '\\x1b[31mR7': --indicator: not"),
        (["check", "R1 R2 R3", "--take", "R\u202e7"], "Error: 'R\\u202e7': --take: not a tile"),
        (
            ["score", "--winner", "A\nB", "A", "B: not"],
            "Error: winner 'A\\nB': U+000A is not a printable character",
        ),
        (["score", "A", "B: n\u202eot R1", "--winner", "A"], "Error: player 'B': 'n\\u202eot'"),
        (["solve", "R1", "\x1b[2J"], "Error: '\\x1b[2J' (tile 2): not a tile"),
        (["solve", "R1", "x" * 10_000], "Error: 'xxxxxxxxxxxxxxxxxxxx…' (tile 2): not a tile"),
        (["solve", "R1", "x" * 100_000], "Error: the rack text holds 100003 bytes, over the"),
        (["check", "R1 R2 " + "R3" * 5_000], "Error: 'R3R3R3R3R3R3R3R3R3R3…' (tile 3)"),
        (["score", "A", "B" * 100_000 + ": not", "--winner", "A"], "Error: the player text"),
        (["score", "A", "B" * 10_000 + ": nope", "--winner", "A"], "Error: player 'BBBBBBBBB"),
    ],
    ids=[
        "newline",
        "ansi",
        "bidi",
        "winner",
        "state",
        "clear",
        "10k",
        "100k",
        "check",
        "score",
        "names",
    ],
)
def test_every_message_is_one_bounded_line_with_the_token_escaped(
    args: list[str], message: str
) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    line = one_error_line(result)
    assert line.startswith(message), line
    assert line.isprintable()


def test_quote_and_one_line() -> None:
    assert quote("R7") == "'R7'"
    assert quote("\x1b[31mR7") == "'\\x1b[31mR7'"
    assert quote("it's") == "'it\\'s'"
    assert quote("R\u202e7\u2028") == "'R\\u202e7\\u2028'"
    assert quote("\n" * 30) == "'" + "\\n" * 10 + "…'"  # never cut inside an escape
    assert one_line("a\nb" + "c" * 300) == "a\\nb" + "c" * 196 + "…"


# --- kind 9: option bounds: nan, inf for every float option of every command ----------
def commands() -> dict[str, click.Command]:
    """Every command of the group, each module imported (the group loads them lazily, so
    ``main.commands`` holds only those run so far)."""
    ctx = click.Context(main)
    loaded = {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}
    return {name: command for name, command in loaded.items() if command is not None}


def _float_options() -> list[tuple[str, str]]:
    found = []
    for name, command in sorted(commands().items()):
        for param in command.params:
            if isinstance(param.type, click.FloatRange):
                found.append((name, param.opts[0]))
    return found


def test_every_float_option_is_a_finite_range() -> None:
    found = _float_options()
    assert ("check", "--time-limit") in found
    assert ("batch", "--time-limit") in found
    for name, option in found:
        param = next(p for p in commands()[name].params if option in p.opts)
        assert isinstance(param.type, FiniteFloatRange), (name, option)


def test_every_integer_option_takes_only_ascii_digits() -> None:
    found = [
        (name, param.opts[0])
        for name, command in sorted(commands().items())
        for param in command.params
        if isinstance(param.type, click.IntRange)
    ]
    assert ("solve", "--threshold") in found and ("simulate", "--deals") in found
    for name, option in found:
        param = next(p for p in commands()[name].params if option in p.opts)
        assert isinstance(param.type, IntRange), (name, option)
    result = CliRunner().invoke(main, ["solve", "R1", "--threshold", "\uff10"])
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: Invalid value for '--threshold': '\uff10': numbers are written with the ASCII"
        " digits 0–9\n"
    )
    result = CliRunner().invoke(main, ["solve", "R1", "--time-limit", "\uff11.5"])
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: Invalid value for '--time-limit': '\uff11.5': numbers are written with the"
        " ASCII digits 0–9\n"
    )
    result = CliRunner().invoke(main, ["deal", "--seed", "\u0663"])
    assert result.exit_code == 2
    assert "'\u0663': numbers are written with the ASCII digits 0–9" in result.output


UNBOUNDED = {("deal", "--count")}
"""Integer options with no upper bound, on purpose: deal streams any number of racks."""


def test_every_integer_option_has_bounds() -> None:
    for name, command in sorted(commands().items()):
        for param in command.params:
            if isinstance(param.type, click.IntRange) and (name, param.opts[0]) not in UNBOUNDED:
                assert None not in (param.type.min, param.type.max), (name, param.opts[0])
    huge = "9" * 5000
    result = invoke("score", "--joker-left", huge, "--winner", "A", "A", "B: melds J")
    *usage, error = result.stderr.splitlines()  # a usage error: click's usage, hint, error
    assert result.exit_code == 2 and usage[0].startswith("Usage: rummy101 score")
    assert error.endswith("…") and len(error) < 250  # the 5000 digits are cut


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf"])
@pytest.mark.parametrize(("command", "option"), _float_options())
def test_nan_and_inf_are_usage_errors_for_every_command(
    command: str, option: str, value: str
) -> None:
    result = invoke(command, option, value, "R1 R2 R3" if command != "batch" else "-", input="")
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.stderr
    assert result.stdout == ""


# --- kind 10: lines end at \n only ------------------------------------------------------
def test_a_lone_cr_or_u2028_does_not_start_a_batch_line() -> None:
    text = "R10 R11 R12\rY1\nR1\u2028R2 R3\r\nR14\n"
    result = invoke("batch", "--alternatives", "0", input=text)
    got = records(result.stdout)
    assert [r["line"] for r in got] == [1, 2, 3]
    assert got[0]["rack"] == ["R10", "R11", "R12", "Y1"]
    assert got[1]["rack"] == ["R1", "R2", "R3"]
    assert got[2]["error"] == "'R14' (tile 1): numbers run 1–13"
    assert split_lines("a\rb\r\nc\n") == ["a\rb", "c"]


def test_a_raw_u2028_inside_a_verify_json_string_is_read() -> None:
    error = "'R14' (tile 1): numbers run 1–13"
    case = '{"name": "a\u2028b", "rack": "R14", "expect": {"error": "' + error + '"}}'
    result = invoke("verify", "-", "--format", "json", input=case + "\n")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)["checks"]
    assert (row["case"], row["name"], row["passed"]) == ("line 1", "a\u2028b", True)


# --- kind 11: long input stops at the first fatal token, bounded by the line limit -----
def test_a_megabyte_rack_line_fails_at_once_naming_the_limit() -> None:
    line = "R1 R2 R3 " * 120_000
    start = time.perf_counter()
    solve = invoke("solve", input=line + "\n")
    batch = invoke("batch", input=line + "\nR1 R2 R3\n")
    took = time.perf_counter() - start
    assert (solve.exit_code, one_error_line(solve)) == (
        2,
        f"Error: stdin, line 1: the line holds {len(line)} bytes, over the limit of"
        f" {MAX_LINE} bytes a line",
    )
    first, second = records(batch.stdout)
    assert first["error"] == (
        f"the line holds {len(line)} bytes, over the limit of {MAX_LINE} bytes a line"
    )
    assert second["line"] == 2 and "melds" in second
    assert took < 5  # generous on a shared machine; it was 6–13 s per line


def test_a_long_rack_argument_stops_at_the_first_fatal_tile() -> None:
    started = time.perf_counter()
    result = invoke("solve", *(["R1"] * 5_000))
    assert (result.exit_code, one_error_line(result)) == (
        2,
        "Error: 'R1' (tile 3): a third R1; the set has only 2 copies of each tile [R-RACK]",
    )
    result = invoke("solve", *[f"{c}{n}" for c in "RBKY" for n in range(1, 14)] * 2)
    assert (
        one_error_line(result) == "Error: 'B10' (tile 23): a rack holds at most 22 tiles [R-RACK]"
    )
    assert time.perf_counter() - started < 5


def test_read_lines_keeps_no_more_than_the_limit() -> None:
    stream = io.BytesIO(b"x" * 100 + b"\r\nshort\r\n" + b"y" * 50)
    lines = list(read_lines(stream, limit=20))
    assert [type(line).__name__ for line in lines] == ["LongLine", "str", "LongLine"]
    assert (lines[0].length, lines[1], lines[2].length) == (100, "short", 50)  # type: ignore[attr-defined]


# --- issue 11: verify -------------------------------------------------------------------
def test_verify_a_case_without_expect_or_with_an_unknown_option_is_one_failed_row() -> None:
    text = "\n".join(
        [
            json.dumps({"name": "no expect", "rack": OPENS}),
            json.dumps(
                {"name": "typo", "rack": OPENS, "thresold": 90, "expect": {"can_open": True}}
            ),
            json.dumps({"name": "fine", "rack": OPENS, "expect": {"melds.value": 102}}),
        ]
    )
    result = invoke("verify", "-", "--format", "plain", input=text + "\n")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[1].split() == ["line", "1", "no", "expect", "–", "–", "(bad", "case:", "a", "case",
                                "needs", '"expect":', "a", "table", "of", "fields", "and", "their",
                                "values", "(rummy101", "verify", "--write", "fills", "it", "in))",
                                "BAD", "CASE"]  # fmt: skip
    assert (
        "(bad case: unknown solve option 'thresold'; did you mean 'threshold'?"
        " solve options: after," in lines[2]
    )
    assert lines[2].endswith(", take, threshold, time_limit, twin_laid)  BAD CASE")
    assert lines[3].split()[-1] == "pass"
    assert lines[-1] == "3 cases, 3 checks: 1 passed, 2 failed (2 bad cases)"
    as_json = json.loads(invoke("verify", "-", "--format", "json", input=text).stdout)
    assert as_json["checks"][0] == {
        "case": "line 1", "name": "no expect", "command": "solve", "field": None,
        "expected": None, "found": False, "got": None,
        "error": 'a case needs "expect": a table of fields and their values'
        " (rummy101 verify --write fills it in)",
        "passed": False, "result": "bad case",
    }  # fmt: skip


def test_verify_dash_reads_toml_or_json_lines_from_stdin() -> None:
    toml = f'[[case]]\nrack = "{OPENS}"\n[case.expect]\n"melds.value" = 102\n'
    jsonl = json.dumps({"rack": OPENS, "expect": {"melds.value": 102}}) + "\n"
    for text in (toml, jsonl):
        result = invoke("verify", "-", input=text)
        assert result.exit_code == 0
        assert result.stdout.splitlines()[-1] == "1 case, 1 check: 1 passed, 0 failed"
    label = invoke("verify", "-", "--format", "json", input=toml).stdout
    assert json.loads(label)["checks"][0]["case"] == "case 1"


# --- issue 11: stdin comment lines ------------------------------------------------------
def test_solve_and_check_skip_comment_lines_on_stdin() -> None:
    solve = invoke("solve", "--format", "json", input=f"# dealt by hand\n\n{OPENS}\n# end\n")
    assert json.loads(solve.stdout)["melds"]["value"] == 102
    check = invoke("check", "--format", "json", input="# table 3\nR10 R11 R12 | B11 B12 B13\n")
    assert json.loads(check.stdout)["value"] == 69


# --- issue 11: batch JSON lines ---------------------------------------------------------
def test_batch_json_lines_that_are_not_objects_or_repeat_a_key_are_error_records() -> None:
    lines = [
        '["R1", "R2", "R3"]',
        '"R1 R2 R3"',
        "null",
        '{"rack": "R1 R2 R3", "rack": "R4"}',
        '{"rack": ["R10", "R11", "R12"], "threshold": 30, "keep": 0}',
        '{"rack": ["R1", 2]}',
        '{"rack": "R1", "x": {"a": 1, "a": 2}}',
    ]
    got = records(invoke("batch", "--alternatives", "0", input="\n".join(lines)).stdout)
    errors = [r.get("error") for r in got]
    assert errors == [
        'a JSON line must be an object with "rack", not an array',
        'a JSON line must be an object with "rack", not a string',
        'a JSON line must be an object with "rack", not null',
        "duplicate key 'rack' in a JSON object",
        None,
        'a JSON line needs "rack": a string of tiles or a list of tile strings',
        "duplicate key 'a' in a JSON object",
    ]
    assert got[4]["melds"]["value"] == 33


# --- issue 11: deal streams -------------------------------------------------------------
def test_deal_count_has_no_cap_and_racks_come_one_at_a_time() -> None:
    count = next(p for p in commands()["deal"].params if p.name == "count")
    assert isinstance(count.type, click.IntRange) and count.type.max is None
    racks = iter_racks(7, 10**15)
    assert next(racks) == deal_rack(7) and next(racks) == deal_rack(8)
    result = invoke("deal", "--count", "10001", "--size", "1")
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 10_001


def test_batch_generator_closed_early_makes_no_more_records() -> None:
    lines = ("R1 R2 R3" for _ in range(10_000))
    stream = run_batch(lines, {"alternatives": 0}, jobs=2)
    assert next(stream).line == 1
    assert len(multiprocessing.active_children()) == 2
    stream.close()  # as on Ctrl-C: the pool is terminated, nothing more is made
    assert multiprocessing.active_children() == []


# --- the property: arbitrary input never gives a traceback ------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
JSON_CASES = st.one_of(
    JSON_VALUES.map(json.dumps),
    st.fixed_dictionaries(
        {"rack": st.one_of(st.text(max_size=30), st.lists(st.text(max_size=4), max_size=5))},
        optional={"expect": JSON_VALUES, "take": JSON_VALUES, "threshold": JSON_VALUES,
                  "time_limit": st.sampled_from([0.01, float("nan"), -1, "x"])},
    ).map(json.dumps),
)  # fmt: skip
TEXT = st.text(max_size=80)
LINES = st.lists(st.one_of(TEXT, JSON_CASES, st.sampled_from(["R1 R2 R3", "# c", ""])), max_size=5)


def _assert_clean(result: Result) -> None:
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in EXIT_CODES
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert one_error_line(result).startswith("Error: ")
    else:
        assert result.stderr == ""


def _case_lines(text: str) -> int:
    lines = split_lines(text)
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


FAST = ("--time-limit", "0.05")


@settings(max_examples=40)
@given(args=st.lists(TEXT, min_size=1, max_size=3))
def test_arbitrary_arguments_never_give_a_traceback(args: list[str]) -> None:
    for command in (["solve", *FAST, "--alternatives", "0"], ["check", *FAST], ["score"]):
        _assert_clean(invoke(*command, "--", *args))


@settings(max_examples=40)
@given(data=st.one_of(st.binary(max_size=120), LINES.map("\n".join)))
def test_arbitrary_stdin_never_gives_a_traceback(data: bytes | str) -> None:
    for command in (["solve", *FAST, "--alternatives", "0"], ["check", *FAST], ["score"],
                    ["verify", "-"]):  # fmt: skip
        _assert_clean(invoke(*command, input=data))
    result = invoke("batch", *FAST, "--alternatives", "0", input=data)
    _assert_clean(result)
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    assert result.exit_code in (0, 3)
    assert len(result.stdout.splitlines()) == _case_lines(text)
    assert result.stderr == ""


def test_ctrl_c_on_a_terminal_moves_to_a_fresh_line_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the terminal's ^C echo (or a progress bar) is on the line: Interrupted. goes below it
    from rummy101_solver.cli.guard import EXIT_INTERRUPTED

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    def ctrl_c() -> None:
        raise KeyboardInterrupt

    for terminal, expected in ((True, "\nInterrupted.\n"), (False, "Interrupted.\n")):
        err = Terminal() if terminal else io.StringIO()
        monkeypatch.setattr("sys.stderr", err)
        assert run_guarded(ctrl_c) == EXIT_INTERRUPTED
        assert err.getvalue() == expected
