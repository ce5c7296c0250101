"""The ``rummy101`` command line: parse → solve → render.

The library does the work; this module wires it up and turns library errors
into clear messages with exit code 2 (never a traceback). ortools is imported
only when a command solves, so ``--help`` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click

from rummy101_solver.case import (
    MAX_PAIRS,
    MAX_POINTS,
    MAX_TIME_LIMIT,
    OptionError,
    build_case,
    build_rules,
)
from rummy101_solver.cli_common import fail, format_option, read_stdin
from rummy101_solver.parsing import RackError
from rummy101_solver.rules import MELD_THRESHOLD, PAIRS_THRESHOLD

F = TypeVar("F", bound=Callable[..., Any])

EXIT_CAN_OPEN = 0
EXIT_CANNOT_OPEN = 1


_OPTIONS: dict[str, Callable[[F], F]] = {
    "threshold": click.option(
        "--threshold",
        type=click.IntRange(0, MAX_POINTS),
        default=MELD_THRESHOLD,
        show_default=True,
        help="Points a meld opening needs [R-OPEN-MELDS].",
    ),
    "pairs_threshold": click.option(
        "--pairs-threshold",
        type=click.IntRange(0, MAX_PAIRS),
        default=PAIRS_THRESHOLD,
        show_default=True,
        help="Pairs a pairs opening needs [R-OPEN-PAIRS].",
    ),
    "after": click.option(
        "--after",
        type=click.IntRange(0, MAX_POINTS),
        default=None,
        metavar="POINTS",
        help="Rising mode: highest meld opening so far; the bar becomes POINTS+1 [R-RISING].",
    ),
    "rising": click.option(
        "--rising",
        is_flag=True,
        default=False,
        help="Rising mode with no opening yet: the first needs the threshold; give the"
        " highest opening so far with --after / --after-pairs [R-RISING].",
    ),
    "after_pairs": click.option(
        "--after-pairs",
        type=click.IntRange(0, MAX_PAIRS),
        default=None,
        metavar="PAIRS",
        help="Rising mode: the most pairs opened so far; the bar becomes PAIRS+1 [R-RISING].",
    ),
    "take": click.option(
        "--take",
        metavar="TILE",
        default=None,
        help="Take TILE (the last discard) instead of drawing: it joins the rack"
        " and every opening must use it [R-TAKE-DISCARD].",
    ),
    "indicator": click.option(
        "--indicator",
        metavar="TILE",
        default=None,
        help="Okey variant: the face-up indicator; the next number of its colour is"
        " the okey (wild, also written J), F is a fake okey [R-INDICATOR].",
    ),
    "objective": click.option(
        "--objective",
        type=click.Choice(["value", "penalty"]),
        default="value",
        show_default=True,
        help="value: highest-value opening; penalty: lowest residual penalty among"
        " openings that meet the threshold [R-RESIDUAL].",
    ),
    "joker_pairs": click.option(
        "--no-joker-pairs",
        "joker_pairs",
        flag_value=False,
        default=True,
        help="House rule: a joker may not replace a tile of a pair [R-PAIR].",
    ),
    "keep": click.option(
        "--keep",
        type=click.IntRange(0, 22),
        default=1,
        show_default=True,
        help="Tiles that must stay on the rack (1 for the discard) [R-KEEP-DISCARD].",
    ),
    "alternatives": click.option(
        "--alternatives",
        type=click.IntRange(0, 50),
        default=3,
        show_default=True,
        help="Next-best openings to list, each leaving different tiles.",
    ),
    "time_limit": click.option(
        "--time-limit",
        type=click.FloatRange(0.001, MAX_TIME_LIMIT),
        default=10.0,
        show_default=True,
        metavar="SECONDS",
        help="Solver time for the whole rack; past it, answers say 'feasible', not 'optimal'.",
    ),
    "fmt": format_option,
}


def with_options(*names: str) -> Callable[[F], F]:
    """A decorator adding the named shared options, in the order given."""

    def decorate(func: F) -> F:
        for name in reversed(names):
            func = _OPTIONS[name](func)
        return func

    return decorate


RULE_OPTIONS = (
    "threshold",
    "pairs_threshold",
    "rising",
    "after",
    "after_pairs",
    "take",
    "indicator",
    "joker_pairs",
    "keep",
)
"""The options that set the rules of the game (``Rules``)."""

solve_options = with_options(
    *RULE_OPTIONS[:-1], "objective", "keep", "alternatives", "time_limit", "fmt"
)
"""The options of ``solve`` (and ``batch``)."""


def read_rack_text(tiles: tuple[str, ...]) -> str:
    """The rack text: the arguments, or stdin when there are none or only ``-``."""
    if tiles and tiles != ("-",):
        return " ".join(tiles)
    if sys.stdin.isatty():
        fail("empty rack: give the tiles as arguments (rummy101 solve R3 R4 R5 …) or on stdin")
    text = read_stdin()
    lines = [n for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(lines) > 1:
        fail(
            f"stdin holds {len(lines)} lines (lines {lines[0]} and {lines[1]} …): one rack per"
            " command; use 'rummy101 batch' for one rack per line"
        )
    return text


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, invoke_without_command=True)
@click.version_option(package_name="rummy101-solver")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Rummy 101 (101 Okey) hand analyzer: the proven-best opening of a rack.

    Rules: see README.md; rule ids like [R-RUN] refer to the project's rule book.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@main.command()
@click.argument("tiles", nargs=-1)
@solve_options
def solve(
    tiles: tuple[str, ...], fmt: str, alternatives: int, time_limit: float, **options: Any
) -> None:
    """Find the best meld opening and the best pairs opening of a rack.

    TILES: the rack, e.g. R3 R4 R5 B7 K7 Y7 J (or 'red 7', '7r', '*' for a
    joker). With no TILES, or '-', the rack is read from stdin.

    \b
    Example:
      rummy101 solve R10 R11 R12 J B13 K13 Y13 B9 K9 Y9 R1 R2 R3
      rummy101 solve --format json --alternatives 0 < rack.txt

    Exit code: 0 the rack can open, 1 it cannot, 2 bad input.
    """
    options["alternatives"] = alternatives
    options["time_limit"] = time_limit
    try:
        case = build_case(read_rack_text(tiles), options)
    except (RackError, OptionError) as err:
        fail(str(err))

    from rummy101_solver.render import analysis_json, analysis_text, dumps
    from rummy101_solver.solver import analyse

    analysis = analyse(
        case.rack, case.rules, alternatives=case.alternatives, time_limit=case.time_limit
    )
    if fmt == "json":
        click.echo(dumps(analysis_json(analysis)))
    else:
        click.echo(analysis_text(analysis, fmt))
    sys.exit(EXIT_CAN_OPEN if analysis.can_open else EXIT_CANNOT_OPEN)


@main.command()
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Shuffle seed of the first rack.",
)
@click.option(
    "--count",
    type=click.IntRange(1, 10_000),
    default=1,
    show_default=True,
    help="Racks to deal (seeds SEED, SEED+1, …).",
)
@click.option(
    "--size",
    type=click.IntRange(1, 22),
    default=22,
    show_default=True,
    help="Tiles per rack [R-RACK].",
)
def deal(seed: int, count: int, size: int) -> None:
    """Deal racks from a shuffled 106-tile set, one rack per line [R-TILES].

    Each rack is the first SIZE tiles of the set shuffled with Python's
    random.Random(seed). The output feeds 'rummy101 solve' directly.

    \b
    Example:
      rummy101 deal --seed 7 | rummy101 solve
    """
    from rummy101_solver.deal import deal_racks

    for rack in deal_racks(seed, count, size):
        click.echo(" ".join(rack.codes))


@main.command()
@click.option("--racks", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Seeded dealt racks to time one by one.")  # fmt: skip
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help="Seed of the first rack.")  # fmt: skip
@click.option("--size", type=click.IntRange(1, 22), default=22, show_default=True,
              help="Tiles per rack.")  # fmt: skip
@click.option("--alternatives", type=click.IntRange(0, 50), default=0, show_default=True,
              help="Alternatives per opening kind (0: best openings only).")  # fmt: skip
@click.option("--batch-racks", type=click.IntRange(0, 1_000_000), default=2000,
              show_default=True, help="Racks for the batch run (0: skip it).")  # fmt: skip
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Processes for the batch throughput run.")  # fmt: skip
def bench(racks: int, seed: int, size: int, alternatives: int, batch_racks: int,
          jobs: int) -> None:  # fmt: skip
    """Time the solver on seeded dealt racks: per rack, and in batch.

    Per rack: what 'solve' computes (best meld and pairs openings, one-turn
    finish) for RACKS racks one by one in this process: median, p95 and max
    milliseconds. Batch: BATCH-RACKS racks through 'batch' with JOBS
    processes, JSON rendered and dropped: racks per second. Racks are dealt
    as by 'rummy101 deal --seed SEED --count N'.
    """
    import statistics
    import time

    from rummy101_solver.batch import run_batch
    from rummy101_solver.deal import deal_racks
    from rummy101_solver.solver import analyse

    dealt = deal_racks(seed, racks, size)
    analyse(dealt[0], alternatives=alternatives)  # warm-up: imports, first model
    times = []
    for rack in dealt:
        t0 = time.perf_counter()
        analyse(rack, alternatives=alternatives)
        times.append(time.perf_counter() - t0)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    click.echo(f"per rack: {racks} dealt {size}-tile racks (seeds {seed}..{seed + racks - 1}),"
               f" alternatives {alternatives}, one process")  # fmt: skip
    click.echo(f"  median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms,"
               f" max {times[-1] * 1000:.2f} ms")  # fmt: skip
    if batch_racks:
        lines = (" ".join(r.codes) for r in deal_racks(seed, batch_racks, size))
        start = time.perf_counter()
        count = sum(1 for _ in run_batch(lines, {"alternatives": alternatives}, jobs=jobs))
        total = time.perf_counter() - start
        click.echo(f"batch: {count} racks, --jobs {jobs}, alternatives {alternatives}:"
                   f" {total:.2f} s, {count / total:.0f} racks/s")  # fmt: skip


@main.command()
@click.argument("arrangement", nargs=-1)
@click.option("--rack", "rack_text", metavar="TILES", default=None,
              help="The rack the tiles come from: report tiles left, residual penalty and"
              " the discard kept [R-KEEP-DISCARD].")  # fmt: skip
@with_options(*RULE_OPTIONS, "time_limit", "fmt")
def check(arrangement: tuple[str, ...], rack_text: str | None, fmt: str, time_limit: float,
          **options: Any) -> None:  # fmt: skip
    """Judge an arrangement: is every group legal, does it open?

    ARRANGEMENT: groups separated by '|' or '/', e.g. "R3 R4 R5 | B7 K7 Y7".
    A joker may be pinned to what it stands for: J=R11; otherwise the tool works
    out what it can stand for. Every broken rule is named with its id. With
    no ARRANGEMENT, or '-', it is read from stdin.

    \b
    Example:
      rummy101 check "R3 R4 R5 | B7 K7 Y7 | R10 J R12"
      rummy101 check "R12 R13 R1"
      rummy101 check "R10 R11 R12 | B11 B12 B13" --rack "R10 R11 R12 B11 B12 B13 Y1 Y2"

    Exit code: 0 a legal opening that meets the threshold, 1 illegal or
    short, 2 bad input.
    """
    from rummy101_solver.check import check_arrangement, find_better
    from rummy101_solver.parsing import parse_arrangement

    text = read_rack_text(arrangement)
    try:
        if rack_text is not None:
            case = build_case(rack_text, options)
            rules, rack = case.rules, case.rack
        else:
            rules, rack = build_rules(options), None
        groups = parse_arrangement(text, indicator=rules.indicator)
        result = check_arrangement(groups, rules, rack)
    except (RackError, OptionError) as err:
        fail(str(err))

    from rummy101_solver.render import check_json, check_text, dumps

    better = find_better(result, time_limit=time_limit)
    if fmt == "json":
        click.echo(dumps(check_json(result, better)))
    else:
        click.echo(check_text(result, better, fmt))
    sys.exit(EXIT_CAN_OPEN if result.meets_threshold else EXIT_CANNOT_OPEN)


EXIT_SOME_REJECTED = 3


@main.command()
@click.argument("source", type=click.File("r", encoding="utf-8", errors="replace"), default="-")
@with_options(*RULE_OPTIONS[:-1], "objective", "keep", "alternatives", "time_limit")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to spread the work over; output stays in input order.")  # fmt: skip
def batch(source: TextIO, jobs: int, **options: Any) -> None:
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

    rejected = 0
    err = sys.stderr
    show = err.isatty()
    with click.progressbar(length=0, label="racks", file=err, hidden=not show) as bar:
        for record in run_batch(source, options, jobs=jobs):
            click.echo(record.text)
            rejected += record.error
            bar.update(1)
    sys.exit(EXIT_SOME_REJECTED if rejected else 0)


@main.command()
@click.argument("fixtures", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_options("fmt")
@click.option("--failures-only", is_flag=True, help="List only the checks that failed.")
def verify(fixtures: Path, fmt: str, failures_only: bool) -> None:
    """Run fixture cases and compare expected fields: for a game's CI.

    FIXTURES: a JSON Lines file (one case per line) or a TOML file ([[case]]
    tables). A case gives "rack", optional "name", any solve option, and
    "expect": dotted fields of the 'solve --format json' object with their
    values, e.g. {"melds.value": 102, "can_open": true}.

    \b
    Example:
      rummy101 verify examples/fixtures.jsonl

    Exit code: 0 every check passed, 1 a check failed, 2 the file is unreadable.
    """
    import json

    from tabulate import tabulate

    from rummy101_solver.render import dumps
    from rummy101_solver.verify import MISSING, Check, FixtureError, load_cases, run_case

    try:
        checks = [c for label, case in load_cases(fixtures) for c in run_case(label, case)]
    except (FixtureError, OptionError) as err:
        fail(str(err))
    if not checks:
        fail(f'{fixtures}: no cases: a fixture file needs at least one case with "expect"')

    def show(check: Check) -> str:
        if check.got is not MISSING:
            return json.dumps(check.got, ensure_ascii=False)
        return f"(missing; error: {check.error})" if check.error else "(missing)"

    failed = [c for c in checks if not c.passed]
    if fmt == "json":
        rows = [
            {"case": c.case, "name": c.name, "field": c.field, "expected": c.expected,
             "found": c.got is not MISSING, "got": None if c.got is MISSING else c.got,
             "error": c.error, "passed": c.passed}
            for c in (failed if failures_only else checks)
        ]  # fmt: skip
        click.echo(dumps({"checks": rows, "passed": len(checks) - len(failed),
                          "failed": len(failed)}))  # fmt: skip
    else:
        table = [
            [
                c.case,
                c.name,
                c.field,
                json.dumps(c.expected, ensure_ascii=False),
                show(c),
                "pass" if c.passed else "FAIL",
            ]
            for c in (failed if failures_only else checks)
        ]
        headers = ["case", "name", "field", "expected", "got", "result"]
        if table:
            click.echo(tabulate(table, headers=headers, tablefmt=fmt, disable_numparse=True))
        cases = len({c.case for c in checks})
        click.echo(f"{cases} cases, {len(checks)} checks: {len(checks) - len(failed)} passed,"
                   f" {len(failed)} failed")  # fmt: skip
    sys.exit(1 if failed else 0)


def _register() -> None:
    from rummy101_solver.score_cli import score

    main.add_command(score)


_register()
