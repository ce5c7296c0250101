"""Ctrl-C stops ``simulate --deals 10000000 --jobs 2`` within 2 s, at any moment (issue 20).

The signal goes to the whole process group, as a terminal sends it; the run must
end with exit 130 and ``Interrupted.``, its workers gone: the queued chunks are
cancelled, the running ones killed, nothing waited for.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DELAYS = [0.3, 1.5, 3.0]
"""Seconds after the start: while importing, while the workers warm up, while they deal."""


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("delay", DELAYS)
def test_ctrl_c_stops_a_long_simulation_within_two_seconds(delay: float) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy101_solver", "simulate", "--deals", "10000000",
         "--jobs", "2"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )  # fmt: skip
    try:
        time.sleep(delay)
        workers = _children(proc.pid)
        sent = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()  # closes the pipes, even after a timeout
    assert (proc.returncode, out, err) == (130, b"", b"Interrupted.\n")
    assert took < 2.0
    deadline = time.monotonic() + 2.0
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers)
