"""Load only what runs: ``rummy101 --help`` imports no command and no API, ``solve``
only its own command module and what it solves with; ``import rummy101_solver`` imports
nothing of the API until a name is used (PEP 562)."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from rummy101_solver.cli import COMMANDS, main

RACK = "R3 R5 R6 R9 R11 R12 B4 B6 B7 B7 B11 B13 K1 K5 K9 K10 Y2 Y4 Y4 Y5 Y9 Y12"
"""``rummy101 deal --seed 1``: what ``bench`` times cold."""

THIRD_PARTY = (
    "click", "tabulate", "ortools", "numpy", "pandas", "multiprocessing",
    "click.shell_completion",  # only when a shell completes
    "concurrent.futures", "json",  # the standard library's too: a text solve needs neither
    # tabulate 0.10's version look-up and its wide-character support: ~40 + ~25 ms CPU of
    # a cold solve that our tables do not need (rummy101_solver/tables.py) [issue 32]
    "importlib.metadata", "wcwidth",
)  # fmt: skip

PROBE = f"""
import sys
THIRD_PARTY = {THIRD_PARTY!r}
from rummy101_solver.cli import main
try:
    main(sys.argv[1:], prog_name="rummy101")
except SystemExit as done:
    code = done.code
ours = sorted(m for m in sys.modules if m.split(".")[0] == "rummy101_solver")
others = sorted(m for m in THIRD_PARTY if m in sys.modules)
sys.stdout.flush()
import json  # only now: the probe's own import is not counted
sys.stderr.write(json.dumps({{"code": code, "ours": ours, "others": others}}))
"""


def loaded(*args: str) -> dict:
    """What a fresh process running ``rummy101 ARGS`` imported: its exit code, our
    modules, and which of :data:`THIRD_PARTY` it loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=False
    )
    return json.loads(done.stderr)


def test_help_imports_no_command_and_no_api() -> None:
    got = loaded("--help")
    assert got["code"] == 0
    assert got["ours"] == [
        "rummy101_solver",
        "rummy101_solver.cli",
        "rummy101_solver.cli.guard",
        "rummy101_solver.cli.language",
        "rummy101_solver.cli.lazy",
        "rummy101_solver.i18n",
        "rummy101_solver.interrupt",
        "rummy101_solver.messages",
    ]
    assert got["others"] == ["click"]


def test_solve_imports_its_command_and_what_it_solves_with() -> None:
    got = loaded("solve", RACK)
    assert got["code"] == 1  # the dealt rack cannot open
    ours = set(got["ours"])
    cli = sorted(m for m in ours if m.startswith("rummy101_solver.cli"))
    assert cli == [
        "rummy101_solver.cli",
        "rummy101_solver.cli.common",
        "rummy101_solver.cli.guard",
        "rummy101_solver.cli.language",
        "rummy101_solver.cli.lazy",
        "rummy101_solver.cli.options",
        "rummy101_solver.cli.solve",
    ]
    assert {"rummy101_solver.engine.solver", "rummy101_solver.report.render"} <= ours
    not_for_solve = {
        "rummy101_solver.api",
        *(f"rummy101_solver.engine.{m}" for m in ("check", "outs", "simulate")),
        *(f"rummy101_solver.engine.{m}" for m in ("play", "plan", "table", "turn_model")),
        *(f"rummy101_solver.files.{m}" for m in ("batch", "ledger", "verify")),
        *(f"rummy101_solver.report.{m}" for m in ("explain", "outs", "play", "plot", "schema")),
        "rummy101_solver.game.scoring",
        "rummy101_solver.game.deal",
    }
    assert not ours & not_for_solve, sorted(ours & not_for_solve)
    assert got["others"] == ["click", "ortools", "tabulate"]


def test_tables_take_tabulate_without_wcwidth_and_leave_it_importable() -> None:
    code = (
        "import sys, rummy101_solver.tables, tabulate\n"
        "print(tabulate.wcwidth, 'wcwidth' in sys.modules)\n"
        "import wcwidth\n"
        "print(wcwidth.wcswidth('R13') == 3, tabulate.wcwidth)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out == "None False\nTrue None\n"


def test_importing_the_package_imports_no_api_until_a_name_is_used() -> None:
    code = (
        "import sys, rummy101_solver as r\n"
        "before = 'rummy101_solver.api' in sys.modules\n"
        "f = r.analyse\n"
        "print(before, 'rummy101_solver.api' in sys.modules, f.__module__, 'analyse' in dir(r))\n"
        "try:\n    r.nothing\nexcept AttributeError as err:\n    print(err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out == (
        "False True rummy101_solver.api True\nmodule 'rummy101_solver' has no attribute 'nothing'\n"
    )


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_is_its_command_s_first_paragraph(name: str) -> None:
    command = main.get_command(click.Context(main), name)
    assert command is not None and command.help is not None
    first = " ".join(command.help.partition("\n\n")[0].split())
    assert COMMANDS[name].summary == first, (
        f"rummy101_solver/cli/__init__.py: the summary of {name!r} is not the first"
        f" paragraph of its help: {first!r}"
    )


def test_help_lists_the_commands_as_click_would_with_every_command_loaded() -> None:
    ctx = click.Context(main)
    eager = click.Group("rummy101", commands=[main.get_command(ctx, n) for n in COMMANDS])
    width = 78
    want = click.HelpFormatter(width=width)
    eager.format_commands(click.Context(eager), want)
    lazy = type(main)("rummy101", lazy_commands=COMMANDS)  # nothing loaded yet
    have = click.HelpFormatter(width=width)
    lazy.format_commands(click.Context(lazy), have)
    assert have.getvalue() == want.getvalue()
    assert not lazy.commands  # listing them imported none


def test_a_mistyped_command_still_gets_its_suggestion() -> None:
    fresh = type(main)("rummy101", lazy_commands=COMMANDS)  # no command imported yet
    for group in (fresh, main):
        result = CliRunner().invoke(group, ["slove", "R1"], prog_name="rummy101")
        assert result.exit_code == 2
        assert result.output.splitlines()[-1] == (
            "Error: No such command 'slove'. (Did you mean one of: 'score', 'solve'?)"
        )
    assert not fresh.commands


def test_completing_a_command_name_imports_no_command() -> None:
    fresh = type(main)("rummy101", lazy_commands=COMMANDS)
    items = fresh.shell_complete(click.Context(fresh), "s")
    assert [(i.value, i.help) for i in items] == [
        ("schema", "Print the JSON Schema (draft 2020-12) of a..."),
        ("score", "Score a round: each player's points, one..."),
        ("simulate", "Deal many racks and count, per rule set,..."),
        ("solve", "Find the best meld opening and the best..."),
        ("standings", "The standings of a match: one row per..."),
    ]
    assert not fresh.commands
    loaded = main.shell_complete(click.Context(main), "s")  # every command loaded by now
    assert [(i.value, i.help) for i in loaded] == [(i.value, i.help) for i in items]
    assert [i.value for i in main.shell_complete(click.Context(main), "--v")] == ["--version"]
