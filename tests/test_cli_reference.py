"""docs/cli.md is every command's ``--help`` as the code prints it.

Regenerate with ``python -m rummy101_solver.cli.reference > docs/cli.md`` (or
``UPDATE_EXAMPLES=1 pytest tests/test_cli_reference.py``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import click
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.cli.reference import WIDTH, reference

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "cli.md"
UPDATE = os.environ.get("UPDATE_EXAMPLES") == "1"
BLOCK = re.compile(r"```text\n\$ (rummy101[^\n]*) --help\n(.*?)\n```", re.S)


def test_docs_cli_md_is_current() -> None:
    expected = reference()
    if UPDATE:
        PAGE.write_text(expected, encoding="utf-8")
    assert PAGE.read_text(encoding="utf-8") == expected, (
        "docs/cli.md differs from the code's --help: run"
        " python -m rummy101_solver.cli.reference > docs/cli.md"
    )


def test_every_block_is_what_the_command_prints() -> None:
    blocks = dict(BLOCK.findall(PAGE.read_text(encoding="utf-8")))
    names = main.list_commands(click.Context(main))
    assert sorted(blocks) == sorted(["rummy101", *(f"rummy101 {n}" for n in names)])
    for command, shown in blocks.items():
        args = [*command.split()[1:], "--help"]
        result = CliRunner().invoke(main, args, prog_name="rummy101", terminal_width=WIDTH)
        assert result.exit_code == 0, command
        assert result.output == shown + "\n", command
