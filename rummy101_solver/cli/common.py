"""What every command shares: the bad-input error and reading stdin."""

from __future__ import annotations

import io
import sys
from typing import NoReturn

import click
from tabulate import tabulate_formats

from rummy101_solver.lines import LongLine, read_lines

EXIT_BAD_INPUT = 2

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
    help="'json', or a tabulate table format: simple, github, grid, plain, psql, …",
)
"""The ``--format`` option every reporting command shares (parameter ``fmt``)."""


class InputError(click.ClickException):
    """Bad input: printed as ``Error: …`` on stderr, exit code 2."""

    exit_code = EXIT_BAD_INPUT


def fail(message: str) -> NoReturn:
    """Stop with a bad-input error (exit 2)."""
    raise InputError(message)


def stdin_is_terminal() -> bool:
    """Whether stdin is a terminal (a closed stdin is not)."""
    stream = sys.stdin
    return stream is not None and stream.isatty()


def read_stdin_lines(limit: int = MAX_STDIN) -> list[tuple[int, str]]:
    """The lines of stdin as (1-based number, text), split at ``\n`` only (a
    ``\r`` before it dropped). Bytes that are not UTF-8 become U+FFFD, so the
    token they are in gets a clear error instead of a traceback.

    Fails (exit 2) for a line over :data:`~rummy101_solver.lines.MAX_LINE`
    bytes, for more than ``limit`` characters in all, and when stdin cannot be read.
    """
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text stream without bytes (tests may give one)
        buffer = io.BytesIO(stream.read().encode("utf-8", "surrogateescape"))
    lines: list[tuple[int, str]] = []
    size = 0
    try:
        for number, line in enumerate(read_lines(buffer), start=1):
            if isinstance(line, LongLine):
                fail(f"stdin, line {number}: {line.message}")
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
