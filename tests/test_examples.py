"""Every example in examples/, README.md and docs/*.md is what the current code prints.

Each ``examples/*.txt`` starts with the command (``$ rummy101 …``), then its
exact output, then ``[exit N]``. Regenerate after an output change with
``UPDATE_EXAMPLES=1 pytest tests/test_examples.py``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))
UPDATE = os.environ.get("UPDATE_EXAMPLES") == "1"


def run(command: str) -> tuple[str, int]:
    args = shlex.split(command)
    assert args[0] == "rummy101", command
    with contextlib.chdir(ROOT):  # examples name files like examples/match.jsonl
        result = CliRunner().invoke(main, args[1:], prog_name="rummy101")
    return result.output, result.exit_code


def render(command: str) -> str:
    output, code = run(command)
    return f"$ {command}\n{output}[exit {code}]\n"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_output_is_current(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    command = text.splitlines()[0].removeprefix("$ ")
    expected = render(command)
    if UPDATE:
        path.write_text(expected, encoding="utf-8")
    assert text == expected


def test_there_are_at_least_eight_dealt_racks() -> None:
    assert len([p for p in EXAMPLES if p.stem.startswith("dealt-")]) >= 8


README_BLOCK = re.compile(r"```console\n\$ (rummy101 [^\n]*)\n(.*?)```", re.S)


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
"""The README and every page of docs/: their console blocks are checked."""


def test_every_command_has_its_page() -> None:
    commands = sorted(main.list_commands(click.Context(main)))
    assert commands == sorted(
        ["batch", "bench", "check", "deal", "outs", "play", "rules", "schema", "score",
         "simulate", "solve", "standings", "track", "verify"]
    )  # fmt: skip
    missing = [c for c in commands if not (ROOT / "docs" / f"{c}.md").is_file()]
    assert not missing, f"docs/<command>.md missing for {missing}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for command in commands:
        assert f"| [`{command}`](docs/{command}.md) |" in readme, f"README: no row for {command}"


def test_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 200, f"README.md has {lines} lines; keep it to 200 and move the rest to docs/"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_console_blocks_are_current(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    blocks = README_BLOCK.findall(text)
    for command, shown in blocks:
        output, _ = run(command)
        if UPDATE:
            text = text.replace(f"$ {command}\n{shown}", f"$ {command}\n{output}", 1)
        else:
            assert shown == output, f"{page.name}: {command}"
    if UPDATE:
        page.write_text(text, encoding="utf-8")


def test_the_readme_shows_solve_outs_and_play() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = [command.split()[1] for command, _ in README_BLOCK.findall(text)]
    assert shown == ["solve", "outs", "play"]


LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_relative_links_resolve(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    broken = [
        target
        for target, _ in LINK.findall(text)
        if "://" not in target and not (page.parent / target).exists()
    ]
    assert not broken, f"{page.name}: links to missing files {broken}"
