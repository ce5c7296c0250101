"""``rummy101 verify``: run fixture cases and compare expected fields, for a game's CI."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rummy101_solver.cli.common import echo_report, fail, read_stdin
from rummy101_solver.cli.options import with_options
from rummy101_solver.files.case import OptionError
from rummy101_solver.messages import count_of, one_line


def _utf8(text: str) -> str:
    """Fixtures from stdin, refused (exit 2) when not UTF-8, as a fixture file is."""
    for number, line in enumerate(text.split("\n"), start=1):
        if any("\udc80" <= char <= "\udcff" for char in line):
            fail(f"stdin: not UTF-8 text (line {number})")
    return text


@click.command()
@click.argument(
    "fixtures", type=click.Path(exists=True, dir_okay=False, allow_dash=True, path_type=Path)
)
@with_options("fmt")
@click.option("--failures-only", is_flag=True, help="List only the checks that failed.")
def verify(fixtures: Path, fmt: str, failures_only: bool) -> None:
    """Run fixture cases and compare expected fields: for a game's CI.

    FIXTURES: a JSON Lines file (one case per line) or a TOML file ([[case]]
    tables), or '-' for stdin (TOML when it parses as TOML, else JSON Lines).
    A case gives "rack", optional "name", any solve option, and "expect":
    dotted fields of the 'solve --format json' object with their values, e.g.
    {"melds.value": 102, "can_open": true}. A case that cannot run (no rack,
    no expect, an unknown option) is one failed row saying why.

    \b
    Example:
      rummy101 verify examples/fixtures.jsonl
      cat fixtures.toml | rummy101 verify -

    Exit code: 0 every check passed, 1 a check failed (or a case could not
    run), 2 the file is unreadable.
    """
    import json
    from collections.abc import Iterable
    from typing import Any

    from tabulate import tabulate

    from rummy101_solver.files.verify import (
        MISSING,
        Check,
        FixtureError,
        load_cases,
        parse_fixtures,
        run_case,
    )
    from rummy101_solver.report.render import dumps

    source = "stdin" if str(fixtures) == "-" else str(fixtures)
    cases: Iterable[tuple[str, Any]]
    try:
        if str(fixtures) == "-":
            cases = parse_fixtures(_utf8(read_stdin()), source, toml=None)
        elif fixtures.suffix != ".toml" and fixtures.is_file():
            # JSON Lines, read twice line by line: every line checked before a
            # case runs, and memory bounded by a line, whatever the file's size
            for _ in load_cases(fixtures):
                pass
            cases = load_cases(fixtures)
        else:
            cases = list(load_cases(fixtures))
        checks = [c for label, case in cases for c in run_case(label, case)]
    except (FixtureError, OptionError) as err:
        fail(str(err))
    if not checks:
        fail(f'{source}: no cases: a fixture file needs at least one case with "expect"')

    def show(check: Check) -> str:
        if check.bad_case:
            return f"(bad case: {check.error})"
        if check.got is not MISSING:
            return one_line(json.dumps(check.got, ensure_ascii=False), 500)
        return f"(missing; error: {check.error})" if check.error else "(missing)"

    failed = [c for c in checks if not c.passed]
    if fmt == "json":
        rows = [
            {"case": c.case, "name": c.name, "field": c.field or None, "expected": c.expected,
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
                one_line(c.name, 60),
                one_line(c.field, 60) if c.field else "–",
                "–" if c.bad_case else one_line(json.dumps(c.expected, ensure_ascii=False), 500),
                show(c),
                "pass" if c.passed else "BAD CASE" if c.bad_case else "FAIL",
            ]
            for c in (failed if failures_only else checks)
        ]
        headers = ["case", "name", "field", "expected", "got", "result"]
        lines = []
        if table:
            lines.append(tabulate(table, headers=headers, tablefmt=fmt, disable_numparse=True))
        count = len({c.case for c in checks})
        bad = sum(c.bad_case for c in checks)
        note = f" ({bad} bad case{'s' if bad > 1 else ''})" if bad else ""
        passed = len(checks) - len(failed)
        lines.append(f"{count_of(count, 'cases')}, {count_of(len(checks), 'checks')}:"
                     f" {passed} passed, {len(failed)} failed{note}")  # fmt: skip
        echo_report("\n".join(lines), fmt, title="rummy101 verify")
    sys.exit(1 if failed else 0)
