"""``rummy101 verify``: run fixture cases and compare expected fields, for a game's CI."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from rummy101_solver.cli.common import echo_report, fail, read_stdin
from rummy101_solver.cli.options import with_options
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
@click.option("--write", is_flag=True,
              help="Fill in or refresh the expectations of FIXTURES from today's output and"
              " rewrite the file (review the diff); a case without \"expect\" gets its"
              " command's main fields.")  # fmt: skip
def verify(fixtures: Path, fmt: str, failures_only: bool, write: bool) -> None:
    """Run fixture cases and compare expected fields: for a game's CI.

    FIXTURES: a JSON Lines file (one case per line) or a TOML file ([[case]]
    tables), or '-' for stdin (TOML when it parses as TOML, else JSON Lines).
    A case gives "command" (solve, the default, outs, play, check, score or
    standings), that command's options named as its flags ("rack", "table",
    "opened", "players", "extra", …), optional "name", and "expect": dotted
    fields of the command's --format json object with their values, e.g.
    {"melds.value": 102, "can_open": true} or {"players.1.points": -44}. A
    field the command's JSON does not have fails as "no field", naming the
    closest one. A case that cannot run (no rack, no expect, an unknown
    option) is one failed row saying why. The file's format: 'rummy101
    schema fixtures'.

    \b
    Example:
      rummy101 verify examples/fixtures.jsonl
      cat fixtures.toml | rummy101 verify -
      rummy101 verify --write fixtures.toml && git diff fixtures.toml

    Exit code: 0 every check passed, 1 a check failed (or a case could not
    run), 2 the file is unreadable (or, with --write, cannot be written).
    """
    import json

    from rummy101_solver.files.verify import FixtureError, read_fixtures, run_fixtures
    from rummy101_solver.report.render import dumps
    from rummy101_solver.tables import tabulate

    stdin = str(fixtures) == "-"
    if write and stdin:
        fail("--write rewrites a fixture file: give its path, not '-'")
    try:
        if stdin:
            text, toml, base = _utf8(read_stdin()), None, Path.cwd()
        else:
            text, toml, base = read_fixtures(fixtures), fixtures.suffix == ".toml", fixtures.parent
        err = sys.stderr  # a bar on a terminal: a case of outs or play may take seconds
        with click.progressbar(length=0, label="cases", file=err,
                               hidden=err is None or not err.isatty()) as bar:  # fmt: skip

            def tick(done: int, cases: int) -> None:
                bar.length = cases
                bar.update(1)

            data = run_fixtures(text, "stdin" if stdin else str(fixtures), toml=toml, base=base,
                                failures_only=failures_only,
                                write_to=fixtures if write else None, progress=tick)  # fmt: skip
    except FixtureError as err:
        fail(str(err))
    failed = data["failed"]
    if fmt == "json":
        click.echo(dumps(data))
        sys.exit(1 if failed else 0)

    def show(row: dict[str, Any]) -> str:
        if row["result"] == "bad case":
            return f"(bad case: {row['error']})"
        if row["result"] == "no field":
            return f"({row['error']})"
        if row["found"]:
            return one_line(json.dumps(row["got"], ensure_ascii=False), 500)
        return f"(missing; error: {row['error']})" if row["error"] else "(missing)"

    result = {"pass": "pass", "fail": "FAIL", "bad case": "BAD CASE", "no field": "NO FIELD"}
    rows = data["checks"]
    table = [
        [
            row["case"],
            one_line(row["name"], 60),
            one_line(row["field"], 60) if row["field"] else "–",
            "–" if row["result"] == "bad case"
            else one_line(json.dumps(row["expected"], ensure_ascii=False), 500),
            show(row),
            result[row["result"]],
        ]
        for row in rows
    ]  # fmt: skip
    headers = ["case", "name", "field", "expected", "got", "result"]
    lines = []
    if write and "written" in data:
        lines.append(f"Wrote the expectations of {fixtures} from today's output.")
    elif write:  # the file is left as it is, its mode, times and links too
        lines.append(
            f"Nothing written: {fixtures} already holds today's expectations for every case"
            " that runs."
        )
    if table:
        lines.append(tabulate(table, headers=headers, tablefmt=fmt, disable_numparse=True))
    total = data["passed"] + failed
    bad = sum(row["result"] == "bad case" for row in rows)
    note = f" ({bad} bad case{'s' if bad > 1 else ''})" if bad else ""
    lines.append(f"{count_of(data['cases'], 'cases')}, {count_of(total, 'checks')}:"
                 f" {data['passed']} passed, {failed} failed{note}")  # fmt: skip
    echo_report("\n".join(lines), fmt, title="rummy101 verify")
    sys.exit(1 if failed else 0)
