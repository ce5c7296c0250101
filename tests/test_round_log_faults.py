"""``simulate --log`` under faults: a full disk, a file-size limit, SIGTERM [issue 34, item 21].

The log is written round by round (one ``os.write`` a round, SIGTERM and SIGINT held
meanwhile), so whatever stops the run, the log ends on a whole round: its last line is a
round's ``end`` record. A write that fails is exit 2 naming ``--log``, never exit 4 and
never a log cut mid-line.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy101_solver import api
from rummy101_solver.cli import main

ROUNDS = ["simulate", "--rounds", "400", "--players", "2", "--bots", "quick"]


def _ends_on_a_whole_round(log: Path) -> int:
    """The rounds the log holds; every line whole, the last one a round's end."""
    data = log.read_bytes()
    assert data.endswith(b"\n")
    records = [json.loads(line) for line in data.splitlines()]
    assert records[-1]["kind"] == "end"
    return sum(r["kind"] == "end" for r in records)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_log_that_cannot_be_written_is_exit_2_naming_log() -> None:
    result = CliRunner().invoke(main, [*ROUNDS[:2], "2", *ROUNDS[3:], "--log", "/dev/full"])
    assert (result.output, result.exit_code) == (
        "Error: --log '/dev/full': cannot write: No space left on device\n",
        2,
    )
    with pytest.raises(api.BadInputError) as err:
        api.simulate(rounds=2, players=2, bots="quick", log="/dev/full")
    assert str(err.value) == "log '/dev/full': cannot write: No space left on device"


def _limit_file_size() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (30_000, 30_000))


def test_a_file_size_limit_leaves_the_log_on_a_whole_round(tmp_path: Path) -> None:
    log = tmp_path / "rounds.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "rummy101_solver", *ROUNDS, "--log", str(log)],
        capture_output=True,
        preexec_fn=_limit_file_size,
        timeout=300,
        check=False,
    )
    rounds = _ends_on_a_whole_round(log)
    assert (done.returncode, done.stdout) == (2, b"")
    why = "File too large; the log ends on a whole round"
    message = f"Error: --log '{log}': cannot write: {why} (rounds written: {rounds})\n"
    assert done.stderr == message.encode()
    assert 0 < log.stat().st_size <= 30_000


@pytest.mark.parametrize("delay", [1.2, 2.5])
def test_sigterm_leaves_the_log_on_a_whole_round(tmp_path: Path, delay: float) -> None:
    log = tmp_path / "rounds.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy101_solver", *ROUNDS, "--log", str(log)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while (not log.exists() or log.stat().st_size == 0) and time.monotonic() < deadline:
            time.sleep(0.02)  # the log is written: the rounds run
        time.sleep(delay - 1.0)
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if code == 0:
        pytest.skip("the run ended before SIGTERM came")
    assert code == -signal.SIGTERM
    assert _ends_on_a_whole_round(log) >= 1
