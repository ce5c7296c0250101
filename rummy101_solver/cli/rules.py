"""``rummy101 rules``: the rule book, or the rules named, as text or JSON."""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from rummy101_solver.cli.common import fail


def _complete_ids(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion: the rule ids that start with what is typed."""
    from rummy101_solver.game.rulebook import rule_book

    typed = incomplete.upper()
    return [CompletionItem(r.id, help=r.title) for r in rule_book() if r.id.startswith(typed)]


@click.command()
@click.argument("rule_ids", nargs=-1, metavar="[RULE]...", shell_complete=_complete_ids)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, metavar="FORMAT", help="'text' or 'json'.")  # fmt: skip
def rules(rule_ids: tuple[str, ...], fmt: str) -> None:
    """Print the rule book, or only the rules named.

    RULE: a rule id, e.g. R-RUN or R-KEEP-DISCARD. Every message of the tool
    cites rule ids in brackets; this prints what each one says, its default,
    its house variants (with the option that selects each) and the rule text
    it comes from. Ids are matched in any case, the 'R-' may be left out.

    \b
    Example:
      rummy101 rules R-KEEP-DISCARD
      rummy101 rules --format json

    Exit code: 0 printed, 2 an unknown rule id (the message suggests the
    closest one).
    """
    from rummy101_solver.game.rulebook import UnknownRuleError, find_rules, rules_text
    from rummy101_solver.i18n import language

    try:
        found = find_rules(rule_ids)
    except UnknownRuleError as err:
        fail(str(err))
    if fmt == "json":
        from rummy101_solver.report.render import dumps

        click.echo(dumps({"rules": [r.to_json() for r in found]}))
    else:
        click.echo(rules_text(found, language()))
