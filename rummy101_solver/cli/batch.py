"""``rummy101 batch``: one rack per line in, one JSON record per line out, in order."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, closing
from typing import Any, BinaryIO

import click

from rummy101_solver.cli.common import InputError, open_scheduler, refuse_jobs_with_scheduler
from rummy101_solver.cli.language import translated_help
from rummy101_solver.cli.options import SOLVE_OPTIONS, IntRange, house_option, with_options
from rummy101_solver.i18n import _
from rummy101_solver.lines import read_lines
from rummy101_solver.messages import quote

EXIT_SOME_REJECTED = 3


@translated_help
@click.command()
@house_option
@click.argument("source", type=click.File("rb"), default="-")
@with_options(*SOLVE_OPTIONS)
@click.option("--jobs", type=IntRange(1, 64), default=1, show_default=True,
              help=_("Processes to spread the work over; output stays in input order.")
              )  # fmt: skip
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help=_("Run the work on a Dask cluster (tcp://host:8786) instead of local"
              " processes; needs the 'dask' extra. Output stays the same."))  # fmt: skip
@click.option("--outs", "with_outs", is_flag=True, default=False,
              help=_("Add the 'outs --format json' object (distance, outs, discard"
              " table) to each record as \"outs\"."))  # fmt: skip
@click.option("--format", "fmt", type=click.Choice(["jsonl", "csv"]), default="jsonl",
              show_default=True, metavar="FORMAT",
              help=_("'jsonl': one JSON record per line; 'csv': a header row, then one row per"
              " line with the best opening's fields flattened (an error in 'error')."))  # fmt: skip
def batch(
    source: BinaryIO,
    jobs: int,
    scheduler: str | None,
    with_outs: bool,
    fmt: str,
    **options: Any,
) -> None:
    """Analyse one rack per line; write one JSON record per line (JSON Lines) or CSV.

    SOURCE: a file, or '-' (the default) for stdin. Each line is a rack in the
    usual notation, or a JSON object with "rack" (a string of tiles or a list
    of tile strings) and any solve option, e.g. {"rack": "R3 R4 R5 …", "take":
    "R6", "threshold": 120}. A line starting with '{', '[' or '"' is JSON; an
    array, a string or a duplicate key is an error. Blank lines and lines
    starting with '#' are skipped. Lines end at '\\n' (or '\\r\\n') only and
    hold at most 16384 bytes. The options given here are the defaults for
    every line; a JSON line's own options win.

    Each record is the 'solve --format json' object with "line" (the 1-based
    input line) first; a bad line gives {"line": n, "error": "…"} and the batch
    goes on, in input order.

    With --format csv the output is a header row and one row per input line
    (standard CSV): line, error, rack, can_open, recommended, then the best
    opening's fields flattened (meld_value, melds, meld_left,
    meld_residual_penalty, pair_count, pairs, …, one_turn_possible, and
    outs_meld_distance / outs_pair_distance with --outs). A bad line is a row
    with its error and empty cells.

    \b
    Example:
      rummy101 deal --count 1000 | rummy101 batch --alternatives 0 --jobs 2 > out.jsonl
      rummy101 batch --scheduler tcp://10.0.0.5:8786 racks.txt > out.jsonl

    Exit code: 0 every line analysed, 3 some lines rejected, 2 bad usage or
    unreadable input (the records before it are written), 130 Ctrl-C.
    """
    from rummy101_solver.files.batch import CSV_COLUMNS, csv_row, run_batch, warm_up

    ctx = click.get_current_context()
    refuse_jobs_with_scheduler(ctx, scheduler)
    warm_up()  # before the workers fork: they start with the solver imported
    if with_outs:
        options["outs"] = True
    rejected = 0
    err = sys.stderr
    show = err is not None and err.isatty()
    with ExitStack() as stack:
        executor = None
        if scheduler is not None:
            executor, jobs = stack.enter_context(open_scheduler(scheduler))
        # closing the records stops the workers (Ctrl-C, an error, the end)
        stream = stack.enter_context(
            closing(run_batch(_read(source), options, jobs=jobs, executor=executor))
        )
        bar = stack.enter_context(
            click.progressbar(length=0, label=_("racks"), file=err, hidden=not show)
        )
        if fmt == "csv":
            click.echo(_csv_line(CSV_COLUMNS))
        for record in stream:
            click.echo(
                record.text if fmt == "jsonl" else _csv_line(csv_row(json.loads(record.text)))
            )
            rejected += record.error
            bar.update(1)
    sys.exit(EXIT_SOME_REJECTED if rejected else 0)


def _read(source: BinaryIO) -> Iterator[str]:
    """The lines of SOURCE; a read error partway is a bad-input error (exit 2)."""
    lines = read_lines(source)
    while True:
        try:
            line = next(lines)
        except StopIteration:
            return
        except OSError as err:
            name = str(getattr(source, "name", "<stdin>"))
            name = "stdin" if name == "<stdin>" else quote(name, 60)
            message = _("cannot read {name}: {reason}")
            raise InputError(message.format(name=name, reason=err.strerror or err)) from None
        yield line


def _csv_line(cells: Sequence[object]) -> str:
    """One CSV row (the standard library's ``csv``, ``None`` an empty cell), no newline."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(["" if c is None else c for c in cells])
    return out.getvalue().rstrip("\n")
