"""``rummy101 rules``: the rule book, or the rules named, as text or JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from click.shell_completion import CompletionItem

from rummy101_solver.cli.common import fail
from rummy101_solver.cli.language import translated_help
from rummy101_solver.i18n import _

if TYPE_CHECKING:
    from rummy101_solver.files.house import HouseProfile


def _complete_ids(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion: the rule ids that start with what is typed."""
    from rummy101_solver.game.rulebook import rule_book

    typed = incomplete.upper()
    return [CompletionItem(r.id, help=r.title) for r in rule_book() if r.id.startswith(typed)]


@translated_help
@click.command()
@click.argument("rule_ids", nargs=-1, metavar="[RULE]...", shell_complete=_complete_ids)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, metavar="FORMAT", help=_("'text' or 'json'."))  # fmt: skip
@click.option("--house", metavar="FILE|NAME", default=None,
              help=_("Print a house profile (classic, okey.gg, okey-plus, esli, or a TOML file):"
              " its switches, then the rules it switches."))  # fmt: skip
def rules(rule_ids: tuple[str, ...], fmt: str, house: str | None) -> None:
    """Print the rule book, or only the rules named.

    RULE: a rule id, e.g. R-RUN or R-KEEP-DISCARD. Every message of the tool
    cites rule ids in brackets; this prints what each one says, its default,
    its house variants (with the option that selects each) and the rule text
    it comes from. Ids are matched in any case, the 'R-' may be left out.

    \b
    Example:
      rummy101 rules R-KEEP-DISCARD
      rummy101 rules --format json

    With --house NAME (or a profile file) it prints the profile, each switch
    with the rule it sets, then those rules (the rules named too, if any):
    'rummy101 rules --house okey.gg'.

    Exit code: 0 printed, 2 an unknown rule id (the message suggests the
    closest one), or a profile that cannot be read or holds an unknown key
    (the message names the key and suggests the nearest valid one).
    """
    from rummy101_solver.game.rulebook import UnknownRuleError, find_rules, rules_text
    from rummy101_solver.i18n import language

    profile = None
    if house is not None:
        from rummy101_solver.files.house import HouseError, load_house, profile_rule_ids

        try:
            profile = load_house(house)
        except HouseError as err:
            fail(str(err))
        rule_ids = profile_rule_ids(profile, rule_ids)
    try:
        found = find_rules(rule_ids)
    except UnknownRuleError as err:
        fail(str(err))
    if fmt == "json":
        from rummy101_solver.report.render import dumps

        data: dict[str, Any] = {"rules": [r.to_json() for r in found]}
        if profile is not None:
            data = {"house": profile.to_json(), **data}
        click.echo(dumps(data))
    else:
        head = profile_text(profile) + "\n\n" if profile is not None else ""
        click.echo(head + rules_text(found, language()))


def profile_text(profile: HouseProfile) -> str:
    """A house profile for a terminal: its name and what it is, its source, then one line
    per switch (``key = value``, the rule it sets), the way a profile file writes it."""
    import textwrap

    from rummy101_solver.files.house import PROFILE_KEYS

    if profile.builtin:
        lines = [_("House profile {name} (built-in)").format(name=profile.name)]
    else:
        lines = [_("House profile {name} (file)").format(name=profile.name)]
    if profile.about:
        lines += textwrap.wrap(profile.about, 78, initial_indent="  ", subsequent_indent="  ")
    if profile.source:
        lines += textwrap.wrap(
            profile.source, 78, initial_indent="  Source:  ", subsequent_indent=" " * 11
        )
    if not profile.values:
        lines.append("  " + _("No switch: every rule at the rule book's default."))
    for key, value in profile.values:
        shown = str(value).lower() if isinstance(value, bool) else repr(value).replace("'", '"')
        lines.append(f"  {key} = {shown}".ljust(42) + f"[{PROFILE_KEYS[key][1]}]")
    return "\n".join(lines)
