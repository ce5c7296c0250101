"""A click group that imports a command's module only when that command runs.

The pattern of click's documentation ("Advanced patterns" → "Lazily loading
subcommands"): the group knows each command by name, module and attribute, and imports
the module in :meth:`LazyGroup.get_command`. ``rummy101 --help`` lists the commands
from a one-line summary kept beside each name, so it imports none of them
(``tests/test_imports.py`` checks that each summary is its command's own first
paragraph, and which modules ``--help`` and ``solve`` import).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

import click
from click.exceptions import NoSuchCommand
from click.formatting import HelpFormatter

from rummy101_solver.cli.guard import GuardedGroup
from rummy101_solver.i18n import _

if TYPE_CHECKING:  # imported when a shell completes, not for every run
    from click.shell_completion import CompletionItem


class LazyCommand(NamedTuple):
    """Where a command lives and what ``rummy101 --help`` says of it."""

    module: str
    """The module to import, e.g. ``"rummy101_solver.cli.solve"``."""
    attribute: str
    """The :class:`click.Command` in that module, e.g. ``"solve"``."""
    summary: str
    """The first paragraph of the command's help, as one line."""


class LazyGroup(GuardedGroup):
    """A :class:`GuardedGroup` whose commands are imported on first use.

    ``lazy_commands`` maps a command name to its :class:`LazyCommand`. Listing the
    commands (``--help``, completing a command's name, "did you mean") imports nothing;
    running, completing the options of, or asking ``--help`` of one command imports
    that command's module only.
    """

    def __init__(
        self, *args: Any, lazy_commands: Mapping[str, LazyCommand] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, sorted: the loaded and the lazy ones."""
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, importing its module the first time; ``None``
        when there is no such command."""
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            where = self.lazy_commands[cmd_name]
            command = getattr(importlib.import_module(where.module), where.attribute)
            if not isinstance(command, click.Command):  # pragma: no cover - a wiring slip
                raise TypeError(f"{where.module}.{where.attribute} is not a click command")
            self.commands[cmd_name] = command
        return self.commands.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """As click's, but "did you mean" also weighs the commands not yet imported."""
        try:
            return super().resolve_command(ctx, args)
        except NoSuchCommand as err:
            raise NoSuchCommand(
                err.command_name, possibilities=self.list_commands(ctx), ctx=ctx
            ) from None

    def _short_help(self, name: str, limit: int = 45) -> str | None:
        """What the command list says of ``name``: a loaded command speaks for itself
        (``None`` when hidden); one not yet imported by its summary, shortened as click
        shortens a help text (through a stand-in command: that is click's public way)."""
        command = self.commands.get(name)
        if command is None:
            stand_in = click.Command(name, help=self.lazy_commands[name].summary)
            return stand_in.get_short_help_str(limit)
        return None if command.hidden else command.get_short_help_str(limit)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """As click's: the command names that start with ``incomplete`` (each with its
        short help) and the group's options, but without importing the commands."""
        from click.shell_completion import CompletionItem

        results = [
            CompletionItem(name, help=short)
            for name in self.list_commands(ctx)
            if name.startswith(incomplete) and (short := self._short_help(name)) is not None
        ]
        results.extend(click.Command.shell_complete(self, ctx, incomplete))
        return results

    def format_commands(self, ctx: click.Context, formatter: HelpFormatter) -> None:
        """The ``Commands:`` section, as click writes it, from the summaries of commands
        not yet imported (a loaded command speaks for itself)."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [
            (name, short) for name in names if (short := self._short_help(name, limit)) is not None
        ]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)
