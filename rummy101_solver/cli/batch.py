"""``rummy101 batch``: one rack per line in, one JSON record per line out, in order."""

from __future__ import annotations

import sys
from typing import Any, TextIO

import click

from rummy101_solver.cli.options import RULE_OPTIONS, with_options

EXIT_SOME_REJECTED = 3


@click.command()
@click.argument("source", type=click.File("r", encoding="utf-8", errors="replace"), default="-")
@with_options(*RULE_OPTIONS[:-1], "objective", "keep", "alternatives", "time_limit")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to spread the work over; output stays in input order.")  # fmt: skip
@click.option("--outs", "with_outs", is_flag=True, default=False,
              help="Add the 'outs --format json' object (distance, outs, discard"
              " table) to each record as \"outs\".")  # fmt: skip
def batch(source: TextIO, jobs: int, with_outs: bool, **options: Any) -> None:
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

    Exit code: 0 every line analysed, 3 some lines rejected, 2 bad usage.
    """
    from rummy101_solver.batch import run_batch

    if with_outs:
        options["outs"] = True

    rejected = 0
    err = sys.stderr
    show = err.isatty()
    with click.progressbar(length=0, label="racks", file=err, hidden=not show) as bar:
        for record in run_batch(source, options, jobs=jobs):
            click.echo(record.text)
            rejected += record.error
            bar.update(1)
    sys.exit(EXIT_SOME_REJECTED if rejected else 0)
