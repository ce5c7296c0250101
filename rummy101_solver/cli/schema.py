"""``rummy101 schema``: the JSON Schema of a command's JSON output."""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from rummy101_solver.cli.common import fail
from rummy101_solver.cli.language import translated_help
from rummy101_solver.i18n import _
from rummy101_solver.report.schema import SCHEMAS


def _complete_names(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion: the schema names that start with what is typed."""
    names = SCHEMAS.items()
    return [CompletionItem(n, help=_(what)) for n, what in names if n.startswith(incomplete)]


_NAMES = ", ".join(SCHEMAS)


@translated_help
@click.command()
@click.argument("name", required=False, shell_complete=_complete_names)
def schema(name: str | None) -> None:
    """Print the JSON Schema (draft 2020-12) of a JSON output; no NAME lists them.

    NAME: {names}. Validate the tool's output in your own CI with any JSON
    Schema validator.

    \b
    Example:
      rummy101 schema
      rummy101 schema solve > solve.schema.json

    Exit code: 0 printed, 2 an unknown NAME.
    """
    from rummy101_solver.report.render import dumps
    from rummy101_solver.report.schema import UnknownSchemaError, load_schema

    if name is None:
        width = max(map(len, SCHEMAS))
        for key, what in SCHEMAS.items():
            click.echo(f"{key:<{width}}  {_(what)}")
        return
    try:
        click.echo(dumps(load_schema(name)))
    except UnknownSchemaError as err:
        fail(str(err))


# the names in the help come from SCHEMAS, so a new schema is listed there too
schema.help = (schema.help or "").replace("{names}", _NAMES)
