"""``rummy101 batch``: one rack per line in, one JSON record per line out, in order."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from typing import Any, TextIO

import click
from click.core import ParameterSource

from rummy101_solver.cli.common import fail, open_scheduler
from rummy101_solver.cli.options import RULE_OPTIONS, with_options

EXIT_SOME_REJECTED = 3


@click.command()
@click.argument("source", type=click.File("r", encoding="utf-8", errors="replace"), default="-")
@with_options(*RULE_OPTIONS[:-1], "objective", "keep", "alternatives", "time_limit")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to spread the work over; output stays in input order.")  # fmt: skip
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Run the work on a Dask cluster (tcp://host:8786) instead of local"
              " processes; needs the 'dask' extra. Output stays the same.")  # fmt: skip
def batch(source: TextIO, jobs: int, scheduler: str | None, **options: Any) -> None:
    """Analyse one rack per line; write one JSON record per line (JSON Lines).

    SOURCE: a file, or '-' (the default) for stdin. Each line is a rack in the
    usual notation, or a JSON object with "rack" and any solve option, e.g.
    {"rack": "R3 R4 R5 …", "take": "R6", "threshold": 120}. Blank lines and
    lines starting with '#' are skipped. The options given here are the
    defaults for every line; a JSON line's own options win.

    Each record is the 'solve --format json' object with "line" (the 1-based
    input line) first; a bad line gives {"line": n, "error": "…"} and the batch
    goes on, in input order.

    \b
    Example:
      rummy101 deal --count 1000 | rummy101 batch --alternatives 0 --jobs 2 > out.jsonl
      rummy101 batch --scheduler tcp://10.0.0.5:8786 racks.txt > out.jsonl

    Exit code: 0 every line analysed, 3 some lines rejected, 2 bad usage.
    """
    from rummy101_solver.batch import run_batch

    ctx = click.get_current_context()
    if scheduler is not None and ctx.get_parameter_source("jobs") == ParameterSource.COMMANDLINE:
        fail("--jobs and --scheduler exclude each other: the cluster's workers do the work")
    rejected = 0
    err = sys.stderr
    show = err.isatty()
    with ExitStack() as stack:
        executor = None
        if scheduler is not None:
            executor, jobs = stack.enter_context(open_scheduler(scheduler))
        bar = stack.enter_context(
            click.progressbar(length=0, label="racks", file=err, hidden=not show)
        )
        for record in run_batch(source, options, jobs=jobs, executor=executor):
            click.echo(record.text)
            rejected += record.error
            bar.update(1)
    sys.exit(EXIT_SOME_REJECTED if rejected else 0)
