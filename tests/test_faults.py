"""Faults found by a reliability trial (issue 20): hostile and endless files, a
ledger that is not a file, names in two Unicode forms.

Each test failed before its fix: a traceback (``RecursionError``, ``TypeError``),
memory growing with an endless input, an append reading the whole ledger, a
FIFO reported as an output error, a dangling symlink followed, two rows for one
player [R-SCORE].
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.files import ledger as ledger_module
from rummy101_solver.files.ledger import TAIL_READ, append_round, read_standings
from rummy101_solver.game.scoring import parse_player, score_round

ROUND_1 = ["--winner", "Ali", "Ali", "Bea: melds R3 R5", "Can: not"]
ROUND_2 = ["--winner", "Bea", "Ali: melds K7", "Bea", "Can: pairs Y1 Y1"]


def cli(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), prog_name="rummy101")
    return result.output, result.exit_code


@pytest.fixture
def match(tmp_path: Path) -> Path:
    path = tmp_path / "match.jsonl"
    for args in (ROUND_1, ROUND_2):
        out, code = cli("score", *args, "--ledger", str(path))
        assert code == 0, out
    return path


# --- hostile lines: the line number, what is wrong, exit 2, the file untouched ------------------
HOSTILE = [
    ("100,000 brackets", b"[" * 100_000,
     "line 3: longer than 16384 bytes, the most a ledger line holds"
     " (a round takes a few hundred: not a ledger?)"),
    ("10,000 brackets", b"[" * 10_000, "line 3: not a round: JSON nested too deeply to read"),
    ("a 5,000-digit round", b'{"format": "rummy101-ledger-1", "round": ' + b"9" * 5000 + b"}",
     "line 3: not a round: a number with too many digits to read"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "why"), [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_a_hostile_line_is_named_not_a_traceback(match: Path, line: bytes, why: str) -> None:
    match.write_bytes(match.read_bytes() + line + b"\n")
    before = match.read_bytes()
    assert cli("standings", str(match)) == (f"Error: {match} {why}\n", 2)
    assert cli("score", *ROUND_1, "--ledger", str(match)) == (f"Error: {match} {why}\n", 2)
    assert match.read_bytes() == before


_PEAK_PROBE = """
import atexit, os, runpy, sys

def _peak():
    with open("/proc/self/status") as status, open(os.environ["PEAK_FILE"], "w") as out:
        out.write(next(line for line in status if line.startswith("VmHWM")).split()[1])

atexit.register(_peak)
sys.argv = ["rummy101", *sys.argv[1:]]
runpy.run_module("rummy101_solver", run_name="__main__")
"""


def _peak_memory_mb(args: list[str], tmp: Path) -> tuple[int, str, float]:
    """Run the CLI in a child; its exit code, stderr and peak memory (MB).

    The peak is the child's own high-water mark (``VmHWM`` of its address space,
    read at exit): the parent's size at fork time (a long pytest run grows to
    hundreds of MB) does not count, as it would in ``wait4``'s ``ru_maxrss``."""
    peak_file = tmp / "peak"
    done = subprocess.run(
        [sys.executable, "-c", _PEAK_PROBE, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PEAK_FILE": str(peak_file)},
        check=False,
    )
    return done.returncode, done.stderr.decode(), int(peak_file.read_text()) / 1024


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_endless_input_stops_at_the_first_long_line_in_bounded_memory(tmp_path: Path) -> None:
    code, err, peak = _peak_memory_mb(["standings", "/dev/zero"], tmp_path)
    assert (code, err) == (
        2,
        "Error: /dev/zero line 1: longer than 16384 bytes, the most a ledger line holds"
        " (a round takes a few hundred: not a ledger?)\n",
    )
    assert peak < 150
    code, err, peak = _peak_memory_mb(["verify", "/dev/zero"], tmp_path)
    assert (code, err) == (
        2,
        "Error: /dev/zero: a fixture file holds at most 4194304 bytes; split it\n",
    )
    assert peak < 150
    code, err, peak = _peak_memory_mb(["score", *ROUND_1, "--ledger", "/dev/zero"], tmp_path)
    assert (code, err) == (
        2,
        "Error: the ledger /dev/zero is not a regular file (a device); nothing appended\n",
    )
    assert peak < 150


def test_a_toml_fixture_is_read_up_to_its_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * (4 << 20) + b"\n")
    out, code = cli("verify", str(big))
    assert (out, code) == (
        f"Error: {big}: a fixture file holds at most 4194304 bytes; split it\n",
        2,
    )


def test_a_long_jsonl_fixture_line_stops_the_read_there(tmp_path: Path) -> None:
    fixtures = tmp_path / "f.jsonl"
    case = json.dumps({"rack": "R1 R2 R3", "expect": {"can_open": False}})
    fixtures.write_text(f"{case}\n{'x' * 20_000}\n{case}\n", encoding="utf-8")
    out, code = cli("verify", str(fixtures))
    assert (out, code) == (
        f"Error: {fixtures}, line 2: the line holds 20000 bytes, over the limit of 16384"
        " bytes a line\n",
        2,
    )


# --- an append reads the tail only ----------------------------------------------------------------
def test_an_append_reads_only_the_tail(match: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a ledger far longer than the tail: 2,000 rounds
    lines = match.read_bytes().split(b"\n")[:2]
    records = [json.loads(line) for line in lines]
    body = []
    for number in range(1, 2001):
        record = dict(records[(number - 1) % 2], round=number)
        body.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode())
    match.write_bytes(b"\n".join(body) + b"\n")
    assert match.stat().st_size > 20 * TAIL_READ
    read: list[int] = []
    real = os.pread

    def pread(fd: int, size: int, offset: int) -> bytes:
        data = real(fd, size, offset)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "pread", pread)
    hands = [parse_player("Ali"), parse_player("Bea: not")]
    added = append_round(str(match), score_round("normal", "Ali", hands))
    assert added.number == 2001
    assert sum(read) <= 2 * TAIL_READ  # the last line and the one before it
    monkeypatch.undo()
    assert read_standings(str(match)).rounds == 2001


def test_a_bad_last_line_is_named_by_its_number(match: Path) -> None:
    lines = match.read_bytes().split(b"\n")
    match.write_bytes(lines[0] + b"\n" + lines[1] + b"\n" + lines[0] + b"\n")
    hands = [parse_player("Ali"), parse_player("Bea: not")]
    with pytest.raises(ledger_module.LedgerError) as err:
        append_round(str(match), score_round("normal", "Ali", hands))
    assert str(err.value) == (
        f"{match} line 3: round 1 where round 3 was expected (a round lost, repeated or edited)"
    )
    assert err.value.line == 3


def test_standings_stream_with_memory_bounded_by_a_line(
    match: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # never more than one line asked of the stream at a time
    asked: list[int] = []
    real = ledger_module._lines

    def spy(stream, source):  # type: ignore[no-untyped-def]
        read = stream.readline

        def readline(size: int = -1) -> bytes:
            asked.append(size)
            return read(size)

        stream.readline = readline
        return real(stream, source)

    monkeypatch.setattr(ledger_module, "_lines", spy)
    assert read_standings(str(match)).rounds == 2
    assert asked and all(0 < size <= 16385 for size in asked)


# --- a ledger that is not a regular file ---------------------------------------------------------
def test_a_fifo_or_dev_null_ledger_is_the_ledgers_fault(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert cli("score", *ROUND_1, "--ledger", str(fifo)) == (
        f"Error: the ledger {fifo} is not a regular file (a FIFO); nothing appended\n",
        2,
    )
    assert cli("score", *ROUND_1, "--ledger", os.devnull) == (
        f"Error: the ledger {os.devnull} is not a regular file (a device); nothing appended\n",
        2,
    )


def test_a_dangling_symlink_is_refused_as_ledger_and_plot(tmp_path: Path) -> None:
    link = tmp_path / "match.jsonl"
    target = tmp_path / "elsewhere" / "real.jsonl"
    target.parent.mkdir()
    link.symlink_to(target)
    out, code = cli("score", *ROUND_1, "--ledger", str(link))
    assert (out, code) == (
        f"Error: --ledger '{link}': cannot write: it is a symbolic link to a missing file;"
        " give the file itself, or create it first\n",
        2,
    )
    assert not target.exists()
    plot = tmp_path / "odds.png"
    plot.symlink_to(tmp_path / "elsewhere" / "odds.png")
    out, code = cli("simulate", "--deals", "1", "--plot", str(plot))
    assert code == 2
    assert out.endswith(
        "cannot write: it is a symbolic link to a missing file;"
        " give the file itself, or create it first\n"
    )
    assert not (tmp_path / "elsewhere" / "odds.png").exists()


# --- names in two Unicode forms are one player ------------------------------------------------
def test_names_are_compared_in_nfc(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    composed, combining = "Zo\u00eb", "Zoe\u0308"
    assert cli("score", "--winner", "Ali", "Ali", f"{composed}: not", "--ledger", str(path))[1] == 0
    args = ["--winner", "Ali", "Ali", f"{combining.upper()}: not", "--ledger", str(path)]
    assert cli("score", *args)[1] == 0
    out, code = cli("standings", str(path), "--format", "json")
    assert code == 0
    rows = [(p["name"], p["total"], p["rounds"]) for p in json.loads(out)["players"]]
    assert rows == [("Ali", 202, 2), (composed, -404, 2)]


def test_the_library_refuses_a_dangling_symlink_too(tmp_path: Path) -> None:
    link = tmp_path / "m.jsonl"
    link.symlink_to(tmp_path / "gone.jsonl")
    hands = [parse_player("Ali"), parse_player("Bea: not")]
    with pytest.raises(ledger_module.LedgerError) as err:
        append_round(str(link), score_round("normal", "Ali", hands))
    assert str(err.value) == (
        f"the ledger {link} is a symbolic link to a missing file;"
        " give the file itself, or create it first"
    )
    assert not (tmp_path / "gone.jsonl").exists()


# --- verify: a value no JSON output holds --------------------------------------------------------
def test_a_toml_date_expected_is_a_bad_case_not_a_type_error(tmp_path: Path) -> None:
    fixtures = tmp_path / "f.toml"
    fixtures.write_text(
        '[[case]]\nname = "dated"\nrack = "R1 R2 R3"\n'
        "expect = { 'melds.value' = 1979-05-27T07:32:00Z }\n",
        encoding="utf-8",
    )
    out, code = cli("verify", str(fixtures), "--format", "json")
    assert code == 1
    (row,) = json.loads(out)["checks"]
    assert (row["case"], row["name"], row["passed"]) == ("case 1", "dated", False)
    assert row["error"] == (
        "expect 'melds.value': a TOML date or time (1979-05-27 07:32:00+00:00) that no JSON"
        " output holds; expect a string, number, boolean, array or table"
    )
    out, code = cli("verify", str(fixtures))
    assert code == 1
    assert "BAD CASE" in out
