"""Lint, format and type checks run with the tests, so main stays clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_tool_is_clean(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_readme_says_exactly_what_ci_runs() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line for line in script if line and not line.startswith(("#", "set ", "cd "))]
    assert commands == [
        "python3 -m venv .venv",
        ". .venv/bin/activate",
        "python -m pip install --quiet --upgrade pip",
        'python -m pip install --quiet -e ".[test]"',
        "python -m pytest",
    ]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert (
        "CI (`.ci/run`) makes a fresh venv, upgrades pip in it (`python -m pip install"
        " --upgrade pip`), then runs these two steps." in readme
    )
    assert 'pip install -e ".[test]"\n```' in (ROOT / "README.md").read_text(encoding="utf-8")
