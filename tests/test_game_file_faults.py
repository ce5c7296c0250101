"""``track``'s game file under faults: the ledger's discipline, from one shared place [issue 34].

Hostile files (random bytes, deep or huge-number lines, a file too large), files that are
not regular files (``/dev/null``, ``/dev/zero``, ``/dev/full``, ``/dev/urandom``, a FIFO,
a dangling symbolic link), and a writer killed mid-write: the line it cut is left out by
readers with a warning and dropped by the next writer under its lock. Each case: the exact
message, exit code 2, the file untouched.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from rummy101_solver.cli import main
from rummy101_solver.files import game_file
from rummy101_solver.files.game_file import GameFileError, compact, read_game
from rummy101_solver.game.round import Event

RACK = "R3 R4 R5 B9 K9 Y2 Y6 K12"
NEW = ["new", RACK, "--players", "3"]


def track(game: Path | str, *args: str) -> Result:
    return CliRunner().invoke(main, ["track", "--game", str(game), *args])


def _new(game: Path) -> bytes:
    result = track(game, *NEW)
    assert result.exit_code == 0, result.output
    return game.read_bytes()


# --- files that are not game files: said first (items 7, 16) ------------------------------
RANDOM = bytes(range(1, 7)) + b"\xff\x00" + bytes(range(150, 250)) + b"\n" + bytes(range(100))


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (RANDOM, "not UTF-8 (byte 7)"),
        (b"shopping list: milk\n", "not JSON (Expecting value at column 1)"),
        (b"[" * 1500 + b"\n", "not an event: JSON nested too deeply to read"),
        (b'{"hello": 1}\n', 'no event (no "format": "rummy101-game-1")'),
        (b"some notes without a newline", "not JSON (Expecting value at column 1)"),
    ],
)
def test_a_file_that_is_no_game_file_says_so_first(tmp_path: Path, data: bytes, why: str) -> None:
    game = tmp_path / "g.jsonl"
    game.write_bytes(data)
    for args in (["show"], ["history"], ["draw", "R6"], ["undo"]):
        result = track(game, *args)
        assert (result.output, result.exit_code) == (
            f"Error: {game} is not a rummy101 game file: line 1 is {why}\n",
            2,
        )
        assert game.read_bytes() == data


def test_a_huge_number_or_a_deep_line_names_its_line(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    first = _new(game)
    for tail, why in [
        (b'{"format":"rummy101-game-1","event":' + b"9" * 5000 + b"}\n",
         "not an event: a number with too many digits to read"),
        (b'{"format":"rummy101-game-1","event":2,"kind":' + b"[" * 1500 + b"\n",
         "not an event: JSON nested too deeply to read"),
    ]:  # fmt: skip
        game.write_bytes(first + tail)
        for args in (["show"], ["history"], ["draw", "R6"]):
            result = track(game, *args)
            assert (result.output, result.exit_code) == (f"Error: {game} line 2: {why}\n", 2)
        assert game.read_bytes() == first + tail


def test_a_game_file_too_large_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "g.jsonl"
    first = _new(game)
    monkeypatch.setattr(game_file, "MAX_GAME_BYTES", len(first) + 10)
    game.write_bytes(first * 2)
    result = track(game, "show")
    assert (result.output, result.exit_code) == (
        f"Error: {game} holds more than {len(first) + 10} bytes, more than a round's game file"
        " holds: not a game file?\n",
        2,
    )


# --- not a regular file (items 8, 17, 18, 26) ---------------------------------------------
@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero", "/dev/full", "/dev/urandom"])
def test_a_device_is_no_game_file(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    for args in (NEW, ["show"], ["history"], ["draw", "R6"]):
        start = time.monotonic()
        result = track(device, *args)
        assert (result.output, result.exit_code) == (
            f"Error: the game file {device} is not a regular file (a device)\n",
            2,
        )
        assert time.monotonic() - start < 5


def test_a_fifo_is_no_game_file_and_nothing_hangs(tmp_path: Path) -> None:
    fifo = tmp_path / "g.fifo"
    os.mkfifo(fifo)
    for args in (NEW, ["show"], ["draw", "R6"]):
        result = track(fifo, *args)
        assert (result.output, result.exit_code) == (
            f"Error: the game file {fifo} is not a regular file (a FIFO)\n",
            2,
        )


def test_a_folder_is_no_game_file(tmp_path: Path) -> None:
    result = track(tmp_path, "show")
    assert (result.output, result.exit_code) == (
        f"Error: the game file {tmp_path} is not a regular file (a folder)\n",
        2,
    )


def test_new_refuses_a_dangling_symbolic_link(tmp_path: Path) -> None:
    link = tmp_path / "g.jsonl"
    link.symlink_to(tmp_path / "elsewhere" / "target.jsonl")
    result = track(link, *NEW)
    assert (result.output, result.exit_code) == (
        f"Error: the game file {link} is a symbolic link to a missing file; give the file"
        " itself, or create it first\n",
        2,
    )
    assert not (tmp_path / "elsewhere").exists()
    # a link to a file that is there is written through, as the ledger's
    target = tmp_path / "real.jsonl"
    target.write_bytes(b"")
    link.unlink()
    link.symlink_to(target)
    assert track(link, *NEW).exit_code == 0
    assert link.is_symlink() and target.read_bytes().startswith(b'{"format":"rummy101-game-1"')


# --- a writer killed mid-write (item 20) --------------------------------------------------
CUT = b'{"format":"rummy101-game-1","event":2,"kind":"dra'


def test_a_line_cut_by_a_killed_writer_is_left_out_then_dropped(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    first = _new(game)
    game.write_bytes(first + CUT)
    for args in (["history"], ["show", "--time-limit", "1"]):
        result = track(game, *args)
        assert result.exit_code == 0, result.output
        assert result.stderr == (
            f"Warning: {game} line 2 is cut short (an interrupted write?) and holds no whole"
            " event; left out, events 1–1 read\n"
        )
    assert read_game(str(game)).cut_line == 2
    assert game.read_bytes() == first + CUT  # readers never write
    # a refused event leaves the file as it was, cut line included
    result = track(game, "discard", "R3")
    assert result.exit_code == 2
    assert game.read_bytes() == first + CUT
    # the next writer drops the cut line under its lock, then appends
    result = track(game, "draw", "R6")
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"Warning: {game} line 2 was cut short (an interrupted write?) and held no whole event;"
        " it was dropped before this event was written\n"
    )
    assert game.read_bytes() == first + b'{"format":"rummy101-game-1","event":2,"kind":"draw",' \
        b'"tile":"R6"}\n'  # fmt: skip
    assert track(game, "history").stderr == ""


def test_a_cut_new_is_no_round_and_new_may_start_again(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    game.write_bytes(b'{"format":"rummy101-game-1","event":1,"kind":"new","rack":["R3",')
    result = track(game, "show")
    assert (result.output, result.exit_code) == (
        f"Error: {game} line 1 is cut short (a write interrupted?) and holds no whole event:"
        " no round; start one with 'rummy101 track new RACK'\n",
        2,
    )
    assert track(game, *NEW).exit_code == 0
    assert len(read_game(str(game)).events) == 1


def test_a_lay_is_stored_in_normal_form(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert track(game, "new", RACK, "--players", "3", "--threshold", "12").exit_code == 0
    assert track(game, "draw", "R6").exit_code == 0
    result = track(game, "lay", "1", "R3   R4\t\tR5", "  R6 ")
    assert result.exit_code == 0, result.output
    last = game.read_bytes().split(b"\n")[-2]
    assert last == (
        b'{"format":"rummy101-game-1","event":3,"kind":"lay","player":1,'
        b'"groups":["R3 R4 R5 R6"],"onto":null}'
    )
    lay = Event("lay", player=2, groups=("R7   R8,R9\ufeff |  B7 K7 Y7 / J=R1 R2 R3",))
    assert compact(lay).groups == ("R7 R8 R9", "B7 K7 Y7", "J=R1 R2 R3")


KILLED_WRITER = """
import os, sys
from rummy101_solver.files import durable
from rummy101_solver.files.game_file import append_event
from rummy101_solver.game.parsing import parse_tile
from rummy101_solver.game.round import Event
real = os.write
def write(fd, data):
    real(fd, data[:30])  # the kernel took 30 bytes when the kill came
    os._exit(137)
durable.os.write = write
append_event(sys.argv[1], Event("draw", tile=parse_tile("R6")))
"""


def test_a_writer_killed_after_part_of_its_line(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    first = _new(game)
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(game)], timeout=60)
    assert done.returncode == 137
    assert game.read_bytes() == first + b'{"format":"rummy101-game-1","e'
    assert read_game(str(game)).cut_line == 2
    result = track(game, "draw", "R6")
    assert result.exit_code == 0, result.output
    assert read_game(str(game)).cut_line is None
    assert len(read_game(str(game)).events) == 2


LOOPING_WRITER = """
import sys
from rummy101_solver.files.game_file import append_event, read_game
from rummy101_solver.game.parsing import parse_tile
from rummy101_solver.game.round import Event
path = sys.argv[1]
print("ready", flush=True)
while True:
    phase = read_game(path).state.phase
    append_event(path, Event("draw", tile=parse_tile("R6")) if phase == "draw" else Event("undo"))
"""


def test_kill_9_at_any_moment_leaves_a_readable_game_file(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    _new(game)
    for kill in range(12):
        proc = subprocess.Popen([sys.executable, "-c", LOOPING_WRITER, str(game)],
                                stdout=subprocess.PIPE)  # fmt: skip
        assert proc.stdout is not None
        assert proc.stdout.readline() == b"ready\n"
        time.sleep(0.05 + 0.03 * kill)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        found = read_game(str(game))  # never refuses: at worst a cut last line, left out
        assert found.state.phase in ("draw", "play")
    result = track(game, "history")
    assert result.exit_code == 0, result.output


def test_read_game_names_the_error_class() -> None:
    assert issubclass(GameFileError, ValueError)
