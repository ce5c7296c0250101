"""``rummy101 standings``: the standings of a match ledger, read-only.

The ledger is written by ``rummy101 score --ledger``; reading and adding up
lives in :mod:`rummy101_solver.files.ledger`. This module parses the command line,
renders the table or JSON, and turns every ledger problem into ``Error: …``
on stderr with exit code 2. It never writes the ledger.
"""

from __future__ import annotations

import json

import click

from rummy101_solver.cli.common import InputError, csv_format_option, csv_text, echo_report
from rummy101_solver.cli.language import translated_help
from rummy101_solver.cli.options import IntRange
from rummy101_solver.files.ledger import (
    LedgerError,
    Standings,
    read_standings,
    standings_json,
)
from rummy101_solver.i18n import _
from rummy101_solver.tables import tabulate

ALIGN = ("left", "right", "right", "right", "right")


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def standings_text(table: Standings, fmt: str = "simple") -> str:
    """The standings as text: a head line naming the round (and the paper
    sheet), then one row per player (total, rounds played, rounds won, the
    points of that round), highest total first; lowest first on the paper
    sheet [R-PAPER-SHEET]."""
    if table.after == 0:
        return _("No round in the ledger yet.")
    rows = [
        [
            s.name,
            _signed(s.total),
            str(s.rounds),
            str(s.won),
            "–" if s.last_round is None else _signed(s.last_round),
        ]
        for s in table.players
    ]
    headers = [_("player"), _("total"), _("rounds"), _("won")]
    headers.append(_("round {number}").format(number=table.after))
    body = tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True, colalign=ALIGN)
    text = _standings_head(table) + "\n" + body
    if table.teams:
        team_rows = [
            [
                " & ".join(t.players),
                _signed(t.total),
                str(t.rounds),
                str(t.won),
                "–" if t.last_round is None else _signed(t.last_round),
            ]
            for t in table.teams
        ]
        headers[0] = _("team")
        teams = tabulate(
            team_rows, headers=headers, tablefmt=fmt, disable_numparse=True, colalign=ALIGN
        )
        text += "\n\n" + _("Teams (eşli 101, partners' results added) [R-TEAMS]:") + "\n" + teams
    return text


def _standings_head(table: Standings) -> str:
    """The head line of the standings: the round they are after, of how many when not the
    last, and the paper sheet [R-PAPER-SHEET]; one whole sentence per case."""
    paper = table.sheet == "paper"
    if table.after < table.rounds and paper:
        head = _(
            "Standings after round {after} of {rounds} (paper sheet: the lowest total wins)"
            " [R-PAPER-SHEET]:"
        )
    elif table.after < table.rounds:
        head = _("Standings after round {after} of {rounds}:")
    elif paper:
        head = _(
            "Standings after round {after} (paper sheet: the lowest total wins) [R-PAPER-SHEET]:"
        )
    else:
        head = _("Standings after round {after}:")
    return head.format(after=table.after, rounds=table.rounds)


def standings_csv(table: Standings) -> str:
    """The standings as CSV: ``player,total,rounds,won,last_round`` (the
    points of round ``after``, empty for a player who sat it out), highest
    total first; just the header when no round is in the ledger yet."""
    rows: list[list[object]] = [
        [s.name, s.total, s.rounds, s.won, s.last_round] for s in table.players
    ]
    return csv_text(["player", "total", "rounds", "won", "last_round"], rows)


def standings_dumps(table: Standings) -> str:
    """The standings as JSON text with sorted keys: what a CI compares."""
    return json.dumps(standings_json(table), indent=2, ensure_ascii=False, sort_keys=True)


def truncated_warning(path: str, table: Standings) -> str | None:
    """The stderr line for a last line cut short, or ``None``."""
    if table.truncated_line is None:
        return None
    if not table.rounds:
        return _(
            "Warning: {path} line {line} is cut short (an interrupted write?)"
            " and holds no whole round; left out, no round read"
        ).format(path=path, line=table.truncated_line)
    return _(
        "Warning: {path} line {line} is cut short (an interrupted write?)"
        " and holds no whole round; left out, rounds 1–{rounds} read"
    ).format(path=path, line=table.truncated_line, rounds=table.rounds)


@translated_help
@click.command("standings", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("ledger", metavar="LEDGER", type=click.Path(dir_okay=False))
@click.option(
    "--after",
    type=IntRange(1, 1_000_000),
    default=None,
    metavar="N",
    help=_("The standings after round N (default: the last round)."),
)
@csv_format_option
def standings_command(ledger: str, after: int | None, fmt: str) -> None:
    """The standings of a match: one row per player, highest total first [R-SCORE].

    A match kept on the paper sheet (score --sheet paper) ranks the lowest
    total first [R-PAPER-SHEET].

    LEDGER is a file written by 'rummy101 score --ledger'. Each row gives the
    player's total (round results summed, extra penalties included), rounds
    played, rounds won and the points of the last round ('–' when the player
    sat it out). Ties are ordered by name. A player may join or leave between
    rounds; names are matched ignoring case, spacing and Unicode form (NFC).

    \b
    Example:
      rummy101 standings match.jsonl
      rummy101 standings match.jsonl --after 2 --format json

    Every line is checked (it must be the next round, and its points must add
    up when the round is scored again); a bad line is an error naming its
    number. A last line cut short by an interrupted write is left out with a
    warning on stderr (and "truncated_line" in JSON). A line over 16384
    bytes is refused at once. The file is read line by line, never held
    whole, and never written. JSON keys are sorted: compare it in CI.

    Exit code: 0 read, 2 bad ledger or option.
    """
    try:
        table = read_standings(ledger, after)
    except LedgerError as err:
        raise InputError(str(err)) from err
    warning = truncated_warning(ledger, table)
    if warning:
        click.echo(warning, err=True)
    if fmt == "json":
        click.echo(standings_dumps(table))
    elif fmt == "csv":
        click.echo(standings_csv(table))
    else:
        echo_report(standings_text(table, fmt), fmt, title="rummy101 standings")
