"""The kinds of issue 10 that need a real process: closed and unwritable streams,
a broken pipe, Ctrl-C, and batch workers whose parent is killed.

Each run is bounded by a timeout; the runs of one test start together so the
test waits for the slowest, not for the sum.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy101_solver.game.deal import deal_racks

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="closed fds, /dev/full and signals as on Linux"
)

ROOT = Path(__file__).resolve().parent.parent
RUMMY = [sys.executable, "-m", "rummy101_solver"]
TIMEOUT = 60


def start(args: list[str], redirect: str = "", **kwargs: object) -> subprocess.Popen[bytes]:
    """Run ``rummy101 ARGS`` through sh, with ``redirect`` (e.g. ``<&-``) applied."""
    script = f'exec "$@" {redirect}'
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        ["sh", "-c", script, "sh", *RUMMY, *args],
        cwd=ROOT,
        stdout=kwargs.pop("stdout", subprocess.PIPE),
        stderr=subprocess.PIPE,
        stdin=kwargs.pop("stdin", subprocess.DEVNULL),
        **kwargs,
    )


def finish(process: subprocess.Popen[bytes]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=TIMEOUT)
    return process.returncode, (out or b"").decode(), err.decode()


COMMANDS = {
    "solve": ["solve", "R10", "R11", "R12", "Y1"],
    "check": ["check", "R10 R11 R12"],
    "score": ["score", "--winner", "A", "A", "B: not"],
    "batch": ["batch", "examples/fixtures.jsonl"],
    "verify": ["verify", "examples/fixtures.jsonl"],
    "deal": ["deal"],
    "help": ["--help"],
}


def test_unwritable_output_is_one_line_and_exit_4_for_every_command() -> None:
    runs = {name: start(args, ">/dev/full") for name, args in COMMANDS.items()}
    for name, process in runs.items():
        code, _, err = finish(process)
        assert (code, err) == (4, "Error: cannot write the output: No space left on device\n"), name


def test_closed_stdout_is_exit_4_not_a_silent_success() -> None:
    runs = {name: start(COMMANDS[name], ">&-") for name in ("batch", "solve", "help")}
    for name, process in runs.items():
        code, _, err = finish(process)
        assert (code, err) == (4, "Error: cannot write the output: stdout is closed\n"), name


def test_closed_stdin_is_one_line_and_exit_2() -> None:
    commands = {"solve": ["solve"], "check": ["check"], "score": ["score"],
                "batch": ["batch"], "verify": ["verify", "-"]}  # fmt: skip
    hints = {
        "solve": "give the tiles as arguments: rummy101 solve R3 R4 R5 …",
        "check": 'give the arrangement as an argument: rummy101 check "R3 R4 R5 | B7 K7 Y7"',
        "score": "give the players as arguments: rummy101 score Ali 'Bea: melds R3 R5 J'",
        "batch": "give the racks in a file: rummy101 batch racks.txt",
        "verify": "give the fixtures in a file: rummy101 verify fixtures.toml",
    }
    runs = {name: start(args, "<&-", stdin=None) for name, args in commands.items()}
    for name, process in runs.items():
        code, out, err = finish(process)
        message = f"Error: cannot read stdin: it is closed; {hints[name]}\n"
        assert (code, out, err) == (2, "", message), name


def test_unwritable_stderr_keeps_the_exit_code() -> None:
    bad_input = start(["solve", "R14"], "2>/dev/full")
    cannot_open = start(["solve", "R1", "R2", "Y9"], "2>/dev/full")
    assert finish(bad_input)[0] == 2
    assert finish(cannot_open)[0] == 1


def test_broken_pipe_stops_quietly_with_141() -> None:
    process = start(["deal", "--count", "1000000000"])
    assert process.stdout is not None
    first = process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=TIMEOUT) == 141
    assert first.count(b" ") == 21
    assert process.stderr is not None
    with process.stderr:
        assert process.stderr.read() == b""


@pytest.fixture(scope="module")
def many_racks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "racks.txt"
    racks = [" ".join(rack.codes) for rack in deal_racks(1, 100)]
    path.write_text("\n".join(racks * 200) + "\n", encoding="utf-8")
    return path


def _wait_for_records(path: Path, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while path.stat().st_size == 0:
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_batch_at_once_with_130(jobs: str, many_racks: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    with out.open("wb") as sink:
        process = start(["batch", "--jobs", jobs, "--alternatives", "0", str(many_racks)],
                        stdout=sink, start_new_session=True)  # fmt: skip
        _wait_for_records(out, process)
        os.killpg(process.pid, signal.SIGINT)  # the terminal sends it to the whole group
        sent = time.monotonic()
        code, _, err = finish(process)
    assert time.monotonic() - sent < 5
    assert (code, err) == (130, "Interrupted.\n")  # stderr is a pipe: one line, no blank
    lines = out.read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) < 20_000
    assert [json.loads(line)["line"] for line in lines] == list(range(1, len(lines) + 1))


@pytest.mark.parametrize("sig", [signal.SIGKILL], ids=["KILL"])  # SIGTERM kills the same way
def test_batch_workers_die_with_their_parent(sig: signal.Signals, many_racks: Path) -> None:
    process = start(["batch", "--jobs", "2", "--alternatives", "0", str(many_racks)])
    assert process.stdout is not None
    assert process.stdout.readline().startswith(b'{"line":1,')
    process.send_signal(sig)
    # the pipe reaches EOF only when every process holding it (the workers too) is gone
    deadline = time.monotonic() + 5
    fd = process.stdout.fileno()
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], deadline - time.monotonic())
        if ready and not os.read(fd, 1 << 16):
            break
    else:
        pytest.fail("a batch worker outlived its parent by 5 s")
    process.wait(timeout=TIMEOUT)
    process.stdout.close()
    assert process.stderr is not None
    process.stderr.close()


def test_ctrl_c_stops_simulate_with_one_line_when_stderr_is_not_a_terminal() -> None:
    process = start(["simulate", "--deals", "1000000", "--seed", "1"], start_new_session=True)
    time.sleep(1.5)  # imports done, deals under way
    os.killpg(process.pid, signal.SIGINT)
    code, _, err = finish(process)
    assert (code, err) == (130, "Interrupted.\n")


@pytest.mark.parametrize("fmt", ["simple", "json"])
def test_score_to_a_full_disk_says_the_round_was_recorded(fmt: str, tmp_path: Path) -> None:
    # the round is in the ledger before the output fails: a retry must not add it twice
    ledger = tmp_path / "F.jsonl"
    args = ["score", "--winner", "Ali", "Ali", "Bea: melds R1", "--ledger", str(ledger)]
    for number in (1, 2):
        code, _, err = finish(start([*args, "--format", fmt], redirect=">/dev/full"))
        assert (code, err) == (
            4,
            f"Error: cannot write the output: No space left on device; round {number} was"
            f" recorded in {ledger} all the same: do not score it again\n",
        )
        assert len(ledger.read_text(encoding="utf-8").splitlines()) == number
