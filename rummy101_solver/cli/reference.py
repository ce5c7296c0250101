"""The command reference, ``docs/cli.md``: every command's ``--help``, generated.

Run ``python -m rummy101_solver.cli.reference > docs/cli.md`` after changing an option
or a command's docstring; ``tests/test_cli_reference.py`` fails while the file differs
from what this prints (``UPDATE_EXAMPLES=1`` rewrites it, as for the examples).
"""

from __future__ import annotations

import click

WIDTH = 78
"""Columns of the help text: what an 80-column terminal shows (click keeps 2 spare)."""


def _help(command: click.Command, name: str, parent: click.Context | None) -> str:
    """The ``--help`` text of ``command``, wrapped at :data:`WIDTH` columns."""
    settings = {"terminal_width": WIDTH, **command.context_settings}
    return click.Context(command, info_name=name, parent=parent, **settings).get_help()


def reference() -> str:
    """The Markdown text of ``docs/cli.md``: the group's ``--help``, then each command's,
    in the order of ``rummy101 --help``. The same code gives the same bytes."""
    from rummy101_solver.cli import main

    root = click.Context(main, info_name="rummy101", terminal_width=WIDTH, **main.context_settings)
    parts = [
        "# Command reference\n\n"
        "Every command's `--help`, as the code prints it. Generated: do not edit; run\n"
        "`python -m rummy101_solver.cli.reference > docs/cli.md` after changing an option\n"
        "or a command's docstring (`tests/test_cli_reference.py` fails until you do).\n"
        "What each command is for, with examples: the pages beside this one.\n",
        f"\n## rummy101\n\n```text\n$ rummy101 --help\n{_help(main, 'rummy101', None)}\n```\n",
    ]
    for name in main.list_commands(root):
        command = main.get_command(root, name)
        assert command is not None, name
        text = _help(command, name, root)
        parts.append(
            f"\n## rummy101 {name}\n\n"
            f"Examples and details: [{name}.md]({name}.md).\n\n"
            f"```text\n$ rummy101 {name} --help\n{text}\n```\n"
        )
    return "".join(parts)


if __name__ == "__main__":  # pragma: no cover - the documented command
    click.echo(reference(), nl=False)
