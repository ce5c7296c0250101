"""What every command shares: the bad-input error and reading stdin."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, NoReturn, cast

import click
from tabulate import tabulate_formats

EXIT_BAD_INPUT = 2

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


def read_stdin() -> str:
    """All of stdin as text; bytes that are not UTF-8 become U+FFFD, so the token
    they are in gets a clear error instead of a traceback."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.read()
    data: bytes = buffer.read()
    return data.decode("utf-8", errors="replace")


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
        fail("--scheduler needs Dask: pip install 'rummy101-solver[dask]'")
    try:
        client: Any = cast(Any, Client)(address, timeout=SCHEDULER_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        fail(f"--scheduler {address!r}: cannot reach the Dask scheduler ({err})")
    try:
        threads = sum(client.nthreads().values())
        yield client.get_executor(), max(1, threads)
    finally:
        client.close()
