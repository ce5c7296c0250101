"""Ctrl-C while ``rummy101`` starts (issue 20): exit 130, ``Interrupted.``, no traceback.

The entry point (:mod:`rummy101_solver.__main__`) takes Ctrl-C before it
imports click, the command modules or ortools. To land the signal in those
imports and not in Python's own start-up (``site``, before any rummy101 code
runs), the child reports its imports (``PYTHONPROFILEIMPORTTIME``) and the
signal is sent a set delay after ``click`` was imported: the test is
deterministic in what it asserts, whatever the machine's speed.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DELAYS = [0.0, 0.01, 0.03, 0.06, 0.1, 0.2, 0.4]
"""Seconds after ``click`` was imported: in the command modules, tabulate, ortools."""

SCRIPT = Path(sys.executable).parent / "rummy101"


def _entry_points() -> list[list[str]]:
    found = [[sys.executable, "-m", "rummy101_solver"]]
    if SCRIPT.exists() and "rummy101_solver.__main__" in SCRIPT.read_text(errors="replace"):
        found.append([str(SCRIPT)])  # the installed script, when installed from this tree
    return found


def _interrupt(command: list[str], delay: float) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    proc = subprocess.Popen(
        [*command, "solve", "R1", "R2", "R3"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stderr is not None
    lines = []
    with proc.stderr:
        for raw in proc.stderr:
            line = raw.decode(errors="replace")
            lines.append(line)
            if line.rstrip().endswith("| click") or line.rstrip().endswith(" click"):
                time.sleep(delay)
                proc.send_signal(signal.SIGINT)
                break
        lines.extend(raw.decode(errors="replace") for raw in proc.stderr)
    code = proc.wait(timeout=60)
    return code, "".join(line for line in lines if not line.startswith("import time:"))


@pytest.mark.parametrize("command", _entry_points(), ids=lambda c: Path(c[-1]).name)
def test_ctrl_c_while_starting_is_exit_130_without_a_traceback(command: list[str]) -> None:
    seen = set()
    for delay in DELAYS:
        code, err = _interrupt(command, delay)
        assert "Traceback" not in err, (delay, err)
        # interrupted, or done first ('solve R1 R2 R3' cannot open: exit 1)
        # (a blank line may precede it: seen once under heavy load, source not found;
        # stderr is a pipe here, where rummy101 itself writes no blank line)
        assert (code, err.lstrip("\n")) in [(130, "Interrupted.\n"), (1, "")], (delay, code, err)
        seen.add(code)
    assert 130 in seen  # at least one landed while it started (ortools takes long)


def test_the_script_entry_point_is_the_guarded_main() -> None:
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert 'rummy101 = "rummy101_solver.__main__:main"' in text
    if shutil.which("rummy101") is None:
        pytest.skip("not installed")


KICK = r"""
import os, sys
AT, MODE, PACKAGE = int(sys.argv[1]), sys.argv[2], sys.argv[3]
made = []  # the imports made by the package's own code so far


def by_the_package():
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename.startswith(PACKAGE):
            return True
        frame = frame.f_back
    return False


class Kick:  # a Ctrl-C landing while the AT-th of them is found and loaded
    def find_spec(self, name, path=None, target=None):
        if by_the_package():
            made.append(name)
            if len(made) == AT:
                sys.stderr.write(f"kick: {name}\n")
                os.kill(os.getpid(), 2)  # SIGINT, without importing signal
        return None


sys.meta_path.insert(0, Kick())
sys.argv = ["rummy101", "solve", "R1", "R2", "R3"]
if MODE == "script":  # what the installed script does
    from rummy101_solver.__main__ import main
    sys.exit(main())
import runpy  # what python -m does
runpy.run_module("rummy101_solver", run_name="__main__", alter_sys=True)
"""
"""A child that sends itself SIGINT while the AT-th import made by the package's own
code is found (an import is where a Ctrl-C lands in practice: it is what takes the
time), run as the installed script does (MODE ``script``) or as ``python -m``."""

PACKAGE = Path(__file__).resolve().parent.parent / "rummy101_solver"


@pytest.mark.parametrize("mode", ["script", "module"])
def test_ctrl_c_during_any_import_of_the_package_is_exit_130(mode: str) -> None:
    """Issue 34: under load, 7 of 30 Ctrl-Cs in the first tenth of a second printed a
    traceback from the package (``__init__.py`` importing ``typing``, ``__main__.py``
    importing ``interrupt``). Every import the package makes, up to click's, is tried."""
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    names = []
    for at in range(1, 200):
        run = subprocess.run([sys.executable, "-c", KICK, str(at), mode, str(PACKAGE)], env=env,
                             capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
        if not run.stderr.startswith("kick: "):
            break  # fewer imports than that: all tried
        name, _, err = run.stderr.partition("\n")
        names.append(name.removeprefix("kick: "))
        assert (run.returncode, err.lstrip("\n")) == (130, "Interrupted.\n"), (names, err)
        if names[-1] == "click":
            break
    assert names[0] == "rummy101_solver.interrupt"
    assert "click" in names
