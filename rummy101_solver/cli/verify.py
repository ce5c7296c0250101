"""``rummy101 verify``: run fixture cases and compare expected fields, for a game's CI."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from rummy101_solver.cli.common import echo_report, fail, read_stdin
from rummy101_solver.cli.language import translated_help
from rummy101_solver.cli.options import with_options
from rummy101_solver.i18n import _, ngettext
from rummy101_solver.messages import one_line


def _utf8(text: str) -> str:
    """Fixtures from stdin, refused (exit 2) when not UTF-8, as a fixture file is."""
    for number, line in enumerate(text.split("\n"), start=1):
        if any("\udc80" <= char <= "\udcff" for char in line):
            fail(_("stdin: not UTF-8 text (line {number})").format(number=number))
    return text


@translated_help
@click.command()
@click.argument(
    "fixtures", type=click.Path(exists=True, dir_okay=False, allow_dash=True, path_type=Path)
)
@with_options("fmt")
@click.option("--failures-only", is_flag=True, help=_("List only the checks that failed."))
@click.option("--write", is_flag=True,
              help=_("Fill in or refresh the expectations of FIXTURES from today's output and"
              " rewrite the file (review the diff); a case without \"expect\" gets its"
              " command's main fields."))  # fmt: skip
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
        fail(_("--write rewrites a fixture file: give its path, not '-'"))
    try:
        if stdin:
            text, toml, base = _utf8(read_stdin()), None, Path.cwd()
        else:
            text, toml, base = read_fixtures(fixtures), fixtures.suffix == ".toml", fixtures.parent
        err = sys.stderr  # a bar on a terminal: a case of outs or play may take seconds
        with click.progressbar(length=0, label=_("cases"), file=err,
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
            return _("(bad case: {error})").format(error=row["error"])
        if row["result"] == "no field":
            return f"({row['error']})"
        if row["found"]:
            return one_line(json.dumps(row["got"], ensure_ascii=False), 500)
        if row["error"]:
            return _("(missing; error: {error})").format(error=row["error"])
        return _("(missing)")

    result = {"pass": _("pass"), "fail": _("FAIL"), "bad case": _("BAD CASE"),
              "no field": _("NO FIELD")}  # fmt: skip
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
    headers = [_("case"), _("name"), _("field"), _("expected"), _("got"), _("result")]
    lines = []
    if write and "written" in data:
        wrote = _("Wrote the expectations of {path} from today's output.")
        lines.append(wrote.format(path=fixtures))
    elif write:  # the file is left as it is, its mode, times and links too
        lines.append(
            _(
                "Nothing written: {path} already holds today's expectations for every case"
                " that runs."
            ).format(path=fixtures)
        )
    if table:
        lines.append(tabulate(table, headers=headers, tablefmt=fmt, disable_numparse=True))
    total = data["passed"] + failed
    bad = sum(row["result"] == "bad case" for row in rows)
    lines.append(_summary(data["cases"], total, data["passed"], failed, bad))
    echo_report("\n".join(lines), fmt, title="rummy101 verify")
    sys.exit(1 if failed else 0)


def _summary(cases: int, checks: int, passed: int, failed: int, bad: int) -> str:
    """The last line of the text report: ``2 cases, 5 checks: 4 passed, 1 failed``, and
    ``(1 bad case)`` when a case could not run; one sentence per case, plurals by count."""
    counted = ngettext("{n} check", "{n} checks", checks).format(n=checks)
    if bad:
        broken = ngettext("{n} bad case", "{n} bad cases", bad).format(n=bad)
        text = ngettext(
            "{cases} case, {checks}: {passed} passed, {failed} failed ({bad})",
            "{cases} cases, {checks}: {passed} passed, {failed} failed ({bad})",
            cases,
        )
    else:
        broken = ""
        text = ngettext(
            "{cases} case, {checks}: {passed} passed, {failed} failed",
            "{cases} cases, {checks}: {passed} passed, {failed} failed",
            cases,
        )
    return text.format(cases=cases, checks=counted, passed=passed, failed=failed, bad=broken)
