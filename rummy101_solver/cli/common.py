"""What every command shares: the bad-input error, reading stdin, the
``--format`` and ``--color`` options, and printing a report."""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

import click
from click.core import ParameterSource

# The bad-input error and its exit code live in guard, which ``--help`` loads without
# this module (and its tabulate); they are shared from here as before.
from rummy101_solver.cli.guard import EXIT_BAD_INPUT as EXIT_BAD_INPUT
from rummy101_solver.cli.guard import InputError as InputError
from rummy101_solver.i18n import _
from rummy101_solver.lines import LongLine, read_lines
from rummy101_solver.messages import quote
from rummy101_solver.tables import tabulate_formats

if TYPE_CHECKING:  # concurrent.futures costs solve ~5 ms (logging, traceback): types only
    from concurrent.futures import Executor

PATH_LIMIT = 80
"""Most characters of a file name shown in a message."""

MAX_STDIN = 1 << 20
"""Most characters read from stdin by a one-shot command (``solve``, ``check``, ``score``)."""

FORMATS = ["json", *sorted(tabulate_formats)]
"""Output formats: JSON, or any table format tabulate knows."""

format_option = click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    metavar="FORMAT",
    default="simple",
    show_default=True,
    help=_(
        "'json', or a tabulate table format: simple, github, grid, plain, psql, …;"
        " html and latex (latex_raw, latex_booktabs, latex_longtable, unsafehtml) give a whole"
        " document, the text lines as paragraphs around the tables."
    ),
)
"""The ``--format`` option every reporting command shares (parameter ``fmt``)."""

csv_format_option = click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", *FORMATS]),
    metavar="FORMAT",
    default="simple",
    show_default=True,
    help=_(
        "'json', 'csv' (the table as comma-separated values, a header row first, numbers"
        " as plain integers, an empty cell for none: for a spreadsheet), or a tabulate table"
        " format: simple, github, grid, plain, psql, …; html and latex give a whole document."
    ),
)
"""``--format`` with ``csv`` too, for the commands whose answer is one table."""


def csv_text(headers: list[str], rows: list[list[object]]) -> str:
    """A table as CSV (the standard library's ``csv``, excel dialect, lines
    ending in ``\n``; ``None`` an empty cell), without a final newline."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headers)
    writer.writerows([["" if cell is None else cell for cell in row] for row in rows])
    return out.getvalue().rstrip("\n")


COLOR_CHOICES = ("auto", "always", "never")


def use_color(
    choice: str, stream: TextIO | None = None, environ: Mapping[str, str] | None = None
) -> bool:
    """Whether to colour tiles: ``always`` yes, ``never`` no; ``auto`` only when
    ``stream`` (stdout by default) is a terminal and ``NO_COLOR`` is unset or
    empty (https://no-color.org)."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR"):
        return False
    stream = sys.stdout if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _color_callback(ctx: click.Context, param: click.Parameter, value: str) -> bool:
    return use_color(value)


color_option = click.option(
    "--color",
    "color",
    type=click.Choice(COLOR_CHOICES),
    default="auto",
    show_default=True,
    callback=_color_callback,
    help="Tiles in their colours (red, blue, black in bold, yellow; jokers magenta): auto ="
    " only when stdout is a terminal and NO_COLOR is not set. JSON, html and latex never.",
)
"""The ``--color`` option (parameter ``color``, already a bool: see :func:`use_color`)."""


def report_color(color: bool, fmt: str) -> bool:
    """Whether a report in format ``fmt`` carries colour: only a text one (never
    JSON, html or latex) and only when ``--color`` said so."""
    from rummy101_solver.report.render import DOCUMENT_FORMATS

    return color and fmt != "json" and fmt not in DOCUMENT_FORMATS


def echo_report(text: str, fmt: str, *, color: bool = False, title: str = "rummy101") -> None:
    """Print a text report: as a whole document for the html and latex formats
    (:func:`~rummy101_solver.report.render.as_document`, never coloured), else as it is,
    keeping its colour codes when ``color`` (click would strip them off a pipe)."""
    from rummy101_solver.report.render import DOCUMENT_FORMATS, as_document

    if fmt in DOCUMENT_FORMATS:
        click.echo(as_document(text, fmt, title=title), color=False)
    else:
        click.echo(text, color=color)


def echo_text(render: Callable[[bool], str], fmt: str, color: bool, title: str) -> None:
    """Render a text report with or without colour (:func:`report_color` decides
    from ``--color`` and ``fmt``) and print it with :func:`echo_report`."""
    colored = report_color(color, fmt)
    echo_report(render(colored), fmt, color=colored, title=title)


EXTRAS = {
    "plot": "matplotlib",
    "dask": "'dask[distributed]'",
}
"""The optional extras of pyproject.toml: name → the pip argument of what it installs."""


def missing_extra(option: str, what: str, extra: str) -> str:
    """The message for an option whose extra is not installed: the package to
    install with pip (true wherever the tool came from), and the extra as a
    checkout of the project installs it (``pip install -e ".[plot]"``)."""
    return (
        f"{option} needs {what}, which is not installed: pip install {EXTRAS[extra]}"
        f' (or, in a checkout of rummy101-solver: pip install -e ".[{extra}]")'
    )


def fail(message: str) -> NoReturn:
    """Stop with a bad-input error (exit 2)."""
    raise InputError(message)


def refuse_options(ctx: click.Context, options: Sequence[tuple[str, str]], why: str) -> None:
    """Stop with a bad-input error (exit 2), ``'FLAG WHY'``, when one of ``options``
    (parameter name, its flag: ``("log_path", "--log")``) was given on the command
    line, the first given in that order; an option left at its default passes."""
    for name, flag in options:
        if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE:
            fail(f"{flag} {why}")


def refuse_jobs_with_scheduler(ctx: click.Context, scheduler: str | None) -> None:
    """Stop (exit 2) when ``--jobs`` is given with ``--scheduler``: the cluster's
    workers do the work."""
    if scheduler is not None:
        why = "and --scheduler exclude each other: the cluster's workers do the work"
        refuse_options(ctx, [("jobs", "--jobs")], why)


def check_writable(option: str, path: str) -> None:
    """Stop (exit 2) unless the file an option writes can be written: its
    folder exists and is writable, and the file, if it exists, is a writable
    file, and it is not a symbolic link to a missing file (whose target would
    be created elsewhere). Called before any work, so a bad path costs nothing."""
    name = f"{option} {quote(path, PATH_LIMIT)}: cannot write"
    folder = os.path.dirname(path) or "."
    if os.path.islink(path) and not os.path.exists(path):
        # following it would create its target somewhere else
        fail(
            f"{name}: it is a symbolic link to a missing file;"
            " give the file itself, or create it first"
        )
    if os.path.isdir(path):
        fail(f"{name}: it is a folder")
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            fail(f"{name}: Permission denied")
    elif not os.path.exists(folder):
        fail(f"{name}: its folder does not exist")
    elif not os.path.isdir(folder):
        fail(f"{name}: its folder is a file")
    elif not os.access(folder, os.W_OK | os.X_OK):
        fail(f"{name}: its folder is not writable")


def stdin_is_terminal() -> bool:
    """Whether stdin is a terminal (a closed stdin is not)."""
    stream = sys.stdin
    return stream is not None and stream.isatty()


_NOT_UTF8 = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as :func:`~rummy101_solver.lines.read_lines` keeps it."""


def read_stdin_lines(limit: int = MAX_STDIN) -> list[tuple[int, str]]:
    """The lines of stdin as (1-based number, text), split at ``\n`` only (a
    ``\r`` before it dropped). Bytes that are not UTF-8 are kept as lone
    surrogates, as in the arguments, so a message shows them as ``\xff``.

    Fails (exit 2) for a line over :data:`~rummy101_solver.lines.MAX_LINE`
    bytes, for more than ``limit`` characters in all, when stdin cannot be read,
    and when it is not text: a NUL byte, or bytes that are not UTF-8 on two
    lines (on one line only, the reader of that line names the bad token).
    """
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text stream without bytes (tests may give one)
        buffer = io.BytesIO(stream.read().encode("utf-8", "surrogateescape"))
    lines: list[tuple[int, str]] = []
    size = 0
    not_utf8 = 0  # the first line holding a byte that is not UTF-8
    try:
        for number, line in enumerate(read_lines(buffer), start=1):
            if isinstance(line, LongLine):
                fail(f"stdin, line {number}: {line.message}")
            if "\0" in line:
                fail(f"stdin is not text: line {number} holds a NUL byte")
            if _NOT_UTF8.search(line):
                if not_utf8:
                    fail(
                        f"stdin is not text: lines {not_utf8} and {number} hold bytes"
                        " that are not UTF-8"
                    )
                not_utf8 = number
            size += len(line) + 1
            if size > limit:
                fail(f"stdin holds more than {limit} characters; give the input in smaller parts")
            lines.append((number, line))
    except OSError as err:
        fail(f"cannot read stdin: {err.strerror or err}")
    return lines


def read_stdin() -> str:
    """All of stdin as text, lines joined with ``\n`` (see :func:`read_stdin_lines`)."""
    return "\n".join(line for _, line in read_stdin_lines())


SCHEDULER_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer."""


@contextmanager
def open_scheduler(address: str) -> Iterator[tuple[Executor, int]]:
    """Connect to the Dask scheduler at ``address`` (``dask.distributed.Client``):
    yields an executor running work on its workers, and their threads in all.

    Without Dask installed, or when the scheduler does not answer, stops with
    one line and exit 2. The workers need rummy101-solver installed too.
    """
    try:
        from dask.distributed import Client
    except ImportError:
        fail(missing_extra("--scheduler", "Dask", "dask"))
    try:
        client: Any = cast(Any, Client)(address, timeout=SCHEDULER_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        fail(f"--scheduler {address!r}: cannot reach the Dask scheduler ({err})")
    try:
        threads = sum(client.nthreads().values())
        yield client.get_executor(), max(1, threads)
    finally:
        client.close()
