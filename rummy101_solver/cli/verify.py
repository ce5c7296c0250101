"""``rummy101 verify``: run fixture cases and compare expected fields, for a game's CI."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rummy101_solver.case import OptionError
from rummy101_solver.cli.common import echo_report, fail
from rummy101_solver.cli.options import with_options


@click.command()
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
        lines = []
        if table:
            lines.append(tabulate(table, headers=headers, tablefmt=fmt, disable_numparse=True))
        cases = len({c.case for c in checks})
        lines.append(f"{cases} cases, {len(checks)} checks: {len(checks) - len(failed)} passed,"
                     f" {len(failed)} failed")  # fmt: skip
        echo_report("\n".join(lines), fmt, title="rummy101 verify")
    sys.exit(1 if failed else 0)
