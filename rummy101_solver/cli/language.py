"""``--lang`` and ``--notation`` on the ``rummy101`` group, and the group that speaks the
chosen language from its first word to its last [issue 31].

The language is chosen before click reads the command line, from the group's own
options (``rummy101 --lang tr solve …``), else from ``LANGUAGE``/``LC_ALL``/
``LC_MESSAGES``/``LANG`` (:func:`rummy101_solver.i18n.language_from_environment`): so
click's own messages, even a usage error of the group, are in that language, and a
command's module, imported only when the command runs (:class:`LazyGroup`), is imported
with its strings already in it. A bad ``--lang`` value is refused by click (exit 2,
naming it), in the environment's language.

The tile notation (``--notation``, by default the language's) is kept in the root
context's ``meta`` and handed to the parser by :func:`rack_notation`; see
:mod:`rummy101_solver.game.notation`.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click
from click.formatting import HelpFormatter

from rummy101_solver.cli.lazy import LazyGroup
from rummy101_solver.i18n import (
    LANGUAGES,
    N_,
    _,
    catalog_installed,
    choose_language,
    language,
    use_language,
)

F = TypeVar("F", bound=Callable[..., Any])

GROUP_HELP = (
    N_("Rummy 101 (101 Okey) hand analyzer: the proven-best opening of a rack."),
    N_("Rule ids like [R-RUN] refer to the project's rule book: 'rummy101 rules R-RUN'."),
)
"""The paragraphs of the group's help, marked for the catalog (the group's docstring,
``tests/test_i18n.py`` checks they agree), translated when the help is shown."""


class TranslatedFormat(str):
    """A ``%``-format string translated when it is filled in (click's ``--version``
    message is made before the language is chosen): ``fmt % values`` is
    ``_(fmt) % values``."""

    __slots__ = ()

    def __mod__(self, values: Any) -> str:
        return str(_(str(self)) % values)


VERSION_MESSAGE = TranslatedFormat("%(prog)s, version %(version)s")
"""click's own ``--version`` message (its msgid), in the language of the run."""

_LANG_KEY = "rummy101.lang"
_NOTATION_KEY = "rummy101.notation"


def _option_value(args: Sequence[str], name: str) -> str | None:
    """The value of the group option ``name`` in ``args`` (``--lang tr``,
    ``--lang=tr``), read before click parses; ``None`` when not given. Reading stops
    at the command's name: what follows belongs to the command."""
    value = None
    tokens = iter(args)
    for token in tokens:
        if token == "--" or not token.startswith("-"):
            break
        if token == name:
            value = next(tokens, None)
        elif token.startswith(name + "="):
            value = token[len(name) + 1 :]
        elif token in ("--notation", "--lang"):
            next(tokens, None)  # the other option's value
    return value


class LanguageGroup(LazyGroup):
    """A :class:`LazyGroup` that chooses the language before it parses the command line,
    speaks it while the command runs, and puts the process's language back after."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line in the language of ``--lang``, else the environment's."""
        given = _option_value(sys.argv[1:] if args is None else args, "--lang")
        try:
            lang = choose_language(given)
        except ValueError:  # click refuses the value, in the environment's language
            lang = choose_language(None)
        with use_language(lang):
            if not catalog_installed(lang):
                click.echo(
                    "rummy101: the Turkish catalog is not installed (the package was built"
                    " without Babel); English is used.",
                    err=True,
                )
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """As click's, its help in the current language (click keeps the option it made
        first, with the help of the language of that run: the tests run many in one)."""
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def format_help_text(self, ctx: click.Context, formatter: HelpFormatter) -> None:
        """The group's help, each paragraph translated."""
        text = inspect.cleandoc(self.help or "").partition("\f")[0]
        if text:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text("\n\n".join(_(p) for p in text.split("\n\n")))

    def _short_help(self, name: str, limit: int = 45) -> str | None:
        """As :class:`LazyGroup`'s, from the summary kept in ``COMMANDS``, translated, even
        once the command is imported (the summary is its help's first paragraph)."""
        command = self.commands.get(name)
        if name not in self.lazy_commands or (command is not None and command.hidden):
            return super()._short_help(name, limit)
        stand_in = click.Command(name, help=_(self.lazy_commands[name].summary))
        return stand_in.get_short_help_str(limit)


class TranslatedOption(click.Option):
    """An option whose help is translated when shown (the group's options are made
    before the language is chosen): its help is a msgid, marked with ``N_``."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        """As click's, the help text in the current language."""
        record = super().get_help_record(ctx)
        if record is None or not self.help:
            return record
        names, text = record
        return names, text.replace(self.help, _(self.help), 1)


def _remember(key: str) -> Callable[[click.Context, click.Parameter, str | None], None]:
    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        ctx.meta[key] = value

    return callback


def language_options(func: F) -> F:
    """The group's ``--lang`` and ``--notation`` options (their values kept in
    ``ctx.meta``; the language is already chosen by :class:`LanguageGroup`)."""
    func = click.option(
        "--notation",
        type=click.Choice(LANGUAGES),  # a notation per language (game.notation)
        default=None,
        expose_value=False,
        callback=_remember(_NOTATION_KEY),
        cls=TranslatedOption,
        help=N_(
            "Tile codes: en (R red, B blue, K black, Y yellow) or tr (K kırmızı,"
            " M mavi, Si siyah, Sa sarı). Default: the language's."
        ),
    )(func)
    return click.option(
        "--lang",
        type=click.Choice(LANGUAGES),
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_remember(_LANG_KEY),
        cls=TranslatedOption,
        help=N_(
            "The language of the output: en or tr. Default: from LANGUAGE, LC_ALL,"
            " LC_MESSAGES or LANG, else en."
        ),
    )(func)


def rack_notation(ctx: click.Context | None = None) -> tuple[str, bool]:
    """The notation racks are typed in, and whether the user chose it: ``--notation``,
    else ``--lang`` (both chosen), else the language of the environment (not chosen: a
    tile that reads differently in the two notations gets a warning)."""
    ctx = ctx if ctx is not None else click.get_current_context(silent=True)
    meta = ctx.find_root().meta if ctx is not None else {}
    notation = meta.get(_NOTATION_KEY)
    if notation is not None:
        return str(notation), True
    lang = meta.get(_LANG_KEY)
    if lang is not None:
        return str(lang), True
    return language(), False


def help_msgids(text: str) -> list[str]:
    """The msgids of a command's help (its docstring): each paragraph on one line (its
    words joined by single spaces: click wraps it anew), and in a ``\\b`` block (an
    example) each line that is not indented (``Example:``); the indented lines, the
    commands, are kept as they are. ``tests/test_i18n.py`` checks the catalog has them."""
    body = inspect.cleandoc(text).partition("\f")[0]
    found: list[str] = []
    for paragraph in body.split("\n\n"):
        if paragraph.startswith("\b\n"):
            found += [line for line in paragraph.split("\n")[1:] if line and line[0] != " "]
        elif paragraph.strip():
            found.append(" ".join(paragraph.split()))
    return found


C = TypeVar("C", bound=click.Command)

HELP_MSGIDS: dict[str, list[str]] = {}
"""The msgids of each command whose help :func:`translated_help` translates, by command
name (filled as the modules are imported; ``tests/test_i18n.py`` imports them all)."""


def translated_help(command: C) -> C:
    """``command`` with its help (its docstring, see :func:`help_msgids`) in the current
    language, paragraph by paragraph; a paragraph with no translation (English) is kept
    exactly as written. Apply it above ``@click.command()``: a command's module is imported
    once the language is chosen (:class:`LanguageGroup`), so option ``help=`` texts are
    wrapped in ``_()`` directly."""
    if not command.help:
        return command
    HELP_MSGIDS[command.name or ""] = help_msgids(command.help)
    body, sep, tail = inspect.cleandoc(command.help).partition("\f")
    shown: list[str] = []
    for paragraph in body.split("\n\n"):
        if paragraph.startswith("\b\n"):
            lines = paragraph.split("\n")
            lines[1:] = [_(line) if line and line[0] != " " else line for line in lines[1:]]
            shown.append("\n".join(lines))
        else:
            msgid = " ".join(paragraph.split())
            text = _(msgid) if msgid else msgid
            shown.append(paragraph if text == msgid else text)
    command.help = "\n\n".join(shown) + sep + tail
    return command
