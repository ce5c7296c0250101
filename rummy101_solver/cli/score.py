"""``rummy101 score``: score one round from a one-line description of the table.

It is registered on the group in :mod:`rummy101_solver.cli`. The scoring itself
lives in :mod:`rummy101_solver.game.scoring`; this module parses the command line,
renders the table or JSON, and turns every input problem into ``Error: …`` on
stderr with exit code 2.
"""

from __future__ import annotations

import sys
from typing import cast

import click

from rummy101_solver.cli.common import (
    InputError,
    check_writable,
    color_option,
    csv_format_option,
    csv_text,
    echo_text,
    read_stdin_lines,
    stdin_is_terminal,
)
from rummy101_solver.cli.language import translated_help
from rummy101_solver.cli.options import (
    HOUSE_SCORE_OPTIONS,
    ROUND_FACT_OPTIONS,
    IntRange,
    house_option,
    with_options,
)
from rummy101_solver.cli.standings import standings_text
from rummy101_solver.files.case import MAX_POINTS
from rummy101_solver.files.ledger import LedgerError, record_round, standings_json
from rummy101_solver.game.rules import FinishTable, HouseRules, OkeyLeft
from rummy101_solver.game.scoring import (
    ENDINGS,
    OPEN_FINISHES,
    SHEETS,
    Ending,
    ExtraPenalty,
    OpenFinish,
    PlayerHand,
    PlayerScore,
    RoundScore,
    ScoreError,
    ScoreRules,
    Sheet,
    parse_extra,
    parse_player,
    round_json,
    score_round,
)
from rummy101_solver.game.tiles import WILD_PENALTY
from rummy101_solver.i18n import N_, _
from rummy101_solver.report.render import dumps, tiles_text
from rummy101_solver.tables import tabulate

HEADERS = [
    N_("player"), N_("state"), N_("tiles left"), N_("base penalty"), N_("multiplier"),
    N_("points"), N_("rule"),
]  # fmt: skip
"""The columns of the score table (msgids: translated when the table is made)."""

ROUND_HEADS: dict[str, tuple[str, str]] = {
    "normal": (N_("Round: normal finish, winner {winner}."), N_("Round: normal finish.")),
    "joker": (N_("Round: joker finish, winner {winner}."), N_("Round: joker finish.")),
    "one-turn": (N_("Round: one-turn finish, winner {winner}."), N_("Round: one-turn finish.")),
    "one-turn-joker": (
        N_("Round: one-turn finish with a joker, winner {winner}."),
        N_("Round: one-turn finish with a joker."),
    ),
    "open-finish": (
        N_("Round: finish in the opening turn, winner {winner}."),
        N_("Round: finish in the opening turn."),
    ),
    "open-finish-joker": (
        N_("Round: finish in the opening turn with a joker, winner {winner}."),
        N_("Round: finish in the opening turn with a joker."),
    ),
    "stock": (N_("Round: the stock ran out, winner {winner}."), N_("Round: the stock ran out.")),
}
"""The head line of the score table for each ending (``ENDING_LABELS``), with and without
a winner: one whole sentence each."""
ALIGN = ("left", "left", "left", "right", "right", "right", "left")


def read_players(players: tuple[str, ...]) -> list[str]:
    """The player texts: the arguments, or the non-blank lines of stdin when
    there are none or only ``-`` (lines starting with ``#`` are comments)."""
    if players and players != ("-",):
        return list(players)
    if stdin_is_terminal():
        raise InputError(
            _(
                "no players: give one argument per player, e.g. 'Ali' 'Bea: melds R3 R5',"
                " or one player per line on stdin"
            )
        )
    lines = (line.strip() for _, line in read_stdin_lines())
    return [line for line in lines if line and not line.startswith("#")]


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _row(p: PlayerScore, color: bool = False) -> list[str]:
    return [
        p.name,
        _("winner") if p.winner else (p.state or ""),
        tiles_text(p.tiles, color=color, none="–"),
        "–" if p.winner else str(p.base_penalty),
        "–" if p.multiplier is None else str(p.multiplier),
        _signed(p.points),
        p.rule,
    ]


def _extra_row(p: PlayerScore, extra: ExtraPenalty) -> list[str]:
    what = extra.kind if extra.kind != "points" else (extra.reason or "points")
    points = _signed(-p.sign * extra.points)
    return [p.name, _("extra"), what, str(extra.points), "–", points, extra.rule]


def _rows(result: RoundScore, color: bool = False) -> list[list[str]]:
    rows = []
    for p in result.players:
        rows.append(_row(p, color))
        rows.extend(_extra_row(p, e) for e in p.extras)
    return rows


def score_text(result: RoundScore, fmt: str = "simple", *, color: bool = False) -> str:
    """The round as text: what ended it, house rules if not the defaults, a
    table with one row per player in input order, and the total; tiles in
    their colours when ``color``."""
    with_winner, without = ROUND_HEADS[result.ending]
    head = _(with_winner).format(winner=result.winner) if result.winner else _(without)
    lines = [head[0].upper() + head[1:]]
    house = []
    if result.rules.joker_left_points != WILD_PENALTY:
        house.append(f"a joker left counts {result.rules.joker_left_points}")
    if result.rules.nobody_opened_scores_nothing:
        house.append("a round nobody opened scores nothing (seed 004)")
    if result.rules.sheet == "paper":
        house.append(
            "the paper sheet, penalties written positive, the winner's points negative,"
            " the lowest total wins [R-PAPER-SHEET]"
        )
    if result.rules.pairs_finish_doubles:
        house.append("a winner who opened with pairs doubles the penalties [R-PAIRS-FINISH]")
    if result.rules.open_finish == "double":
        house.append(
            "opening and finishing in one turn after others opened doubles [R-OPEN-FINISH]"
        )
    house += house_rules_words(result.rules.house)
    if house:
        lines.append(f"House rules: {'; '.join(house)}.")
    lines += round_facts_lines(result)
    extras = any(p.extras for p in result.players)
    if result.empty_round and extras:
        lines.append(_("Nobody opened: an empty round, only the extra penalties count [R-SCORE]."))
    elif result.empty_round:
        lines.append(_("Nobody opened: an empty round, no points [R-SCORE]."))
    table = tabulate(
        _rows(result, color),
        headers=[_(header) for header in HEADERS],
        tablefmt=fmt,
        disable_numparse=True,
        colalign=ALIGN,
    )
    lines.append(table)
    if extras:
        each = ", ".join(f"{p.name} {_signed(p.result)}" for p in result.players)
        lines.append(_("Round result: {each}.").format(each=each))
    for (first, second), team_result in result.teams:
        team = _("Team {first} & {second}: {points} [R-TEAMS].")
        lines.append(team.format(first=first, second=second, points=_signed(team_result)))
    # the total is not zero: the winner's gain is fixed, not the others' penalties [R-SCORE]
    total = _(
        "Total: {total} (every player's round result added up, extra"
        " penalties included; not zero-sum: the winner's gain is fixed) [R-SCORE]"
    )
    lines.append(total.format(total=_signed(result.total)))
    return "\n".join(lines)


HOUSE_WORDS: dict[str, str] = {
    "indicator_twin": "the indicator's twin plays as an okey for pairs [R-INDICATOR-TWIN]",
    "fed_opening": "a discard that feeds an opening costs +101 [R-FED-OPENING]",
    "pairs_declare": "players may declare pairs, unopened they pay 404 [R-PAIRS-DECLARE]",
    "pairs_cap": "all four on pairs void the round [R-PAIRS-CAP]",
    "riziko": "a fake okey indicator doubles the round [R-RIZIKO]",
    "katlama": "the table's multiplier (kat) counts [R-KATLAMA]",
    "okey_left": "an okey left costs its points outside every multiplier [R-OKEY-LEFT]",
    "finish_table": "the okey-plus finish table [R-FINISH-TABLE]",
    "teams": "eşli 101, partners opposite [R-TEAMS]",
    "layoff_per_end": "lay-offs limited per end of a run [R-LAYOFF-LIMIT]",
    "layoff_takeback": "taking back more than the last lay-off costs +101 [R-LAYOFF-TAKEBACK]",
}
"""What each house switch of Turkish tables does, as the head line says it."""


def house_rules_words(house: HouseRules) -> list[str]:
    """The head line's words for each house switch of Turkish tables that is on."""
    return [HOUSE_WORDS[name] for name in house.changed()]


def round_facts_lines(result: RoundScore) -> list[str]:
    """The lines that say what the house rules did to this round: the declared
    players, the round multiplier, a void round [R-PAIRS-DECLARE, R-KATLAMA, R-RIZIKO,
    R-PAIRS-CAP]."""
    lines = []
    declared = [p.name for p in result.players if p.declared]
    if declared:
        lines.append(f"Declared pairs: {', '.join(declared)} [R-PAIRS-DECLARE].")
    if result.round_multiplier != 1:
        why = []
        if result.kat != 1:
            why.append(f"kat {result.kat} [R-KATLAMA]")
        if result.fake_indicator:
            why.append("riziko, the indicator a fake okey, x2 [R-RIZIKO]")
        lines.append(f"Round multiplier: {result.round_multiplier} ({'; '.join(why)}).")
    if result.void:
        lines.append(
            "All four opened with pairs: the round is void, nobody scores and it is dealt"
            " again [R-PAIRS-CAP]."
        )
    return lines


CSV_HEADERS = ["player", "state", "tiles_left", "base_penalty", "multiplier", "points", "rule"]
"""The columns of ``score --format csv`` (``round`` first with ``--ledger``)."""


def score_csv(result: RoundScore, round_number: int | None = None) -> str:
    """The round as CSV: one row per player and one per extra penalty, in the
    order of the text table; ``points`` signed (a penalty negative), ``state``
    ``winner`` for the winner, ``extra`` for an extra penalty (its kind or
    reason in ``tiles_left``); with ``round_number`` (``--ledger``) a first
    column ``round``."""
    rows: list[list[object]] = []
    for p in result.players:
        rows.append([
            p.name,
            "winner" if p.winner else p.state,
            " ".join(str(t) for t in p.tiles),
            None if p.winner else p.base_penalty,
            p.multiplier,
            p.points,
            p.rule,
        ])  # fmt: skip
        for e in p.extras:
            what = e.kind if e.kind != "points" else (e.reason or "points")
            rows.append([p.name, "extra", what, e.points, None, -p.sign * e.points, e.rule])
    if round_number is None:
        return csv_text(CSV_HEADERS, rows)
    return csv_text(["round", *CSV_HEADERS], [[round_number, *row] for row in rows])


@translated_help
@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@house_option
@click.argument("players", nargs=-1, metavar="PLAYER...")
@click.option(
    "--end",
    type=click.Choice(ENDINGS, case_sensitive=False),
    default="normal",
    show_default=True,
    help=_(
        "How the round ended: a finish (normal, joker = last discard a joker, one-turn,"
        " one-turn-joker, open-finish = opened and finished in one turn after others opened,"
        " open-finish-joker) or stock (the stock ran out, no winner)"
        " [R-SCORE R-JOKER-FINISH R-ONE-TURN R-OPEN-FINISH]."
    ),
)
@click.option("--winner", metavar="NAME", default=None, help=_("The player who finished."))
@click.option(
    "--joker-left",
    type=IntRange(0, MAX_POINTS),
    default=WILD_PENALTY,
    show_default=True,
    metavar="POINTS",
    help=_("Points a joker left on a rack costs [R-PENALTY]."),
)
@click.option(
    "--nobody-opened-scores-nothing",
    is_flag=True,
    default=False,
    help=_(
        "okey.gg's variant (rule seed 004): when the stock runs out and nobody opened,"
        " nobody scores [R-SCORE]."
    ),
)
@click.option(
    "--sheet",
    type=click.Choice(SHEETS, case_sensitive=False),
    default="gains",
    show_default=True,
    help=_(
        "The score sheet: gains (the winner gains, highest total wins) or paper (the"
        " traditional paper sheet: penalties add up, the winner writes -101, -202 for a joker"
        " finish, lowest total wins); a ledger keeps one sheet [R-PAPER-SHEET]."
    ),
)
@click.option(
    "--pairs-finish-doubles",
    is_flag=True,
    default=False,
    help=_(
        "House rule: a winner marked 'pairs' (opened with pairs) doubles the opponents'"
        " penalties [R-PAIRS-FINISH]."
    ),
)
@click.option(
    "--open-finish",
    type=click.Choice(OPEN_FINISHES, case_sensitive=False),
    default="plain",
    show_default=True,
    help=_(
        "How --end open-finish (opened and finished in one turn after others opened) is"
        " scored: plain (as a normal or joker finish) or double (penalties doubled again, the"
        " winner gains 202, 404 with a joker) [R-OPEN-FINISH]."
    ),
)
@click.option(
    "--extra",
    "extras",
    multiple=True,
    metavar="'NAME: REASON'",
    help=_(
        "An extra penalty (repeatable): joker-discard, layable-discard or failed-opening"
        " (101 each), or a number of points and why, e.g. 'Can: 50 late' [R-EXTRA-PENALTY]."
    ),
)
@click.option(
    "--ledger",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help=_(
        "Append the round to this match ledger (JSON Lines, created if missing) and"
        " print the standings after it."
    ),
)
@with_options(*HOUSE_SCORE_OPTIONS, *ROUND_FACT_OPTIONS)
@csv_format_option
@color_option
def score(
    players: tuple[str, ...],
    end: str,
    winner: str | None,
    joker_left: int,
    nobody_opened_scores_nothing: bool,
    sheet: str,
    pairs_finish_doubles: bool,
    open_finish: str,
    extras: tuple[str, ...],
    ledger: str | None,
    fed_opening: bool,
    pairs_declare: bool,
    pairs_cap: bool,
    riziko: bool,
    katlama: bool,
    okey_left: str,
    finish_table: str,
    teams: bool,
    layoff_takeback: bool,
    declared: tuple[str, ...],
    fake_indicator: bool,
    kat: int,
    fmt: str,
    color: bool,
) -> None:
    """Score a round: each player's points, one row per player [R-PENALTY R-SCORE].

    PLAYER is NAME: STATE TILES, one argument per player (quote it), with
    STATE 'not' (never opened), 'melds' or 'pairs' (opened with them) and
    TILES the tiles left on the rack (a fake okey as the tile it shows). The
    winner needs only the name. With no PLAYER, or '-', players are read from
    stdin, one per line.

    \b
    Example:
      rummy101 score --end joker --winner Ali "Ali" "Bea: pairs K2 K9" \\
          "Can: melds R3 R5 J" "Deniz: not"
      rummy101 score --end stock "Ali: melds R3" "Bea: not" --format json
      rummy101 score --winner Ali Ali "Bea: melds R3" --extra "Bea: joker-discard" \\
          --ledger match.jsonl

    Penalties: not opened 202; melds: the tiles left summed (a joker 101);
    pairs: twice that. A joker finish doubles them; a one-turn finish costs
    everyone 404 (808 with a joker). The winner gains 101 (normal), 202
    (joker or one-turn) or 404 (one-turn with a joker). A winner marked 'not'
    is refused unless the round ended in one turn [R-FINISH].

    Each --extra is its own row, subtracted from that player's round result
    as it stands (a joker finish does not double it).

    House scoring: --sheet paper writes every amount with its sign turned
    (penalties positive, the winner -101 or -202; the lowest total wins)
    [R-PAPER-SHEET]; --pairs-finish-doubles doubles the penalties when the
    winner is marked 'pairs' [R-PAIRS-FINISH]; --end open-finish (opened and
    finished in one turn while an opponent had opened) is scored plain, as a
    normal finish, or with --open-finish double doubled [R-OPEN-FINISH].

    House rules of Turkish tables (each off by default, 'rummy101 rules'
    names them): --fed-opening and --layoff-takeback take their +101 as
    --extra 'NAME: fed-opening' / 'NAME: layoff-takeback'; --pairs-declare with
    --declared NAME (404 for a declared player who never opens); --pairs-cap
    (all four on pairs: a void round); --riziko with --fake-indicator and
    --katlama with --kat N multiply the round; --okey-left outside;
    --finish-table okey-plus; --teams (four players in seat order, partners
    opposite). The JSON gives each player's "parts": hand penalty, pairs,
    finish and round multipliers, okey surcharge, winner's amount, extras.

    A one-turn finish is scored as --end says: score never sees the winner's
    melds, so it does not check their value, and the house switch
    --one-turn-any-value of solve [R-ONE-TURN-ANY-VALUE] changes nothing here.

    With --ledger FILE the round is appended as the next round of the match
    (one JSON line, under a lock, flushed to disk) and the standings after it
    are printed; see 'rummy101 standings'. A ledger keeps one sheet: a round
    of the other sheet is refused (exit 2, nothing appended). A ledger whose last line was cut
    short by an interrupted write is refused: delete that line first.

    Exit code: 0 scored, 2 bad input or a bad ledger (nothing appended), 4
    the output could not be written (with --ledger the error says the round
    was recorded all the same).
    """
    if ledger is not None:
        check_writable("--ledger", ledger)  # before anything: a bad path costs nothing
    texts = read_players(players)
    rules = ScoreRules(
        joker_left_points=joker_left,
        nobody_opened_scores_nothing=nobody_opened_scores_nothing,
        sheet=cast(Sheet, sheet),
        pairs_finish_doubles=pairs_finish_doubles,
        open_finish=cast(OpenFinish, open_finish),
        house=HouseRules(
            fed_opening=fed_opening,
            pairs_declare=pairs_declare,
            pairs_cap=pairs_cap,
            riziko=riziko,
            katlama=katlama,
            okey_left=cast(OkeyLeft, okey_left),
            finish_table=cast(FinishTable, finish_table),
            teams=teams,
            layoff_takeback=layoff_takeback,
        ),
    )
    ending = cast(Ending, end)  # click.Choice returns the choice as listed
    try:
        hands: list[PlayerHand] = [parse_player(text) for text in texts]
        extra_penalties = [parse_extra(text) for text in extras]
        result = score_round(
            ending, winner, hands, rules, extra_penalties,
            declared=declared, kat=kat, fake_indicator=fake_indicator,
        )  # fmt: skip
    except ScoreError as err:
        raise InputError(str(err)) from err
    if ledger is None:
        if fmt == "json":
            click.echo(dumps(round_json(result)))
        elif fmt == "csv":
            click.echo(score_csv(result))
        else:
            echo_text(lambda c: score_text(result, fmt, color=c), fmt, color, "rummy101 score")
        return
    try:
        added_round, table = record_round(ledger, result)
    except LedgerError as err:
        raise InputError(str(err)) from err
    number = added_round.number
    try:
        if fmt == "json":
            data = {"round": number, **round_json(result), "standings": standings_json(table)}
            click.echo(dumps(data))
        elif fmt == "csv":
            click.echo(score_csv(result, number))
        else:
            head = _("Round {number} added to {ledger}.").format(number=number, ledger=ledger)
            added = "\n\n" + head + "\n" + standings_text(table, fmt)
            echo_text(
                lambda c: score_text(result, fmt, color=c) + added, fmt, color, "rummy101 score"
            )
        sys.stdout.flush()
    except BrokenPipeError:
        raise  # the reader went away on purpose: stopped quietly (exit 141)
    except OSError as err:
        # the round is in the ledger already: say so, or a retry would record it twice
        reason = err.strerror or str(err)
        message = _(
            "{reason}; round {number} was recorded in {ledger} all the same: do not score it again"
        )
        raise OSError(
            err.errno, message.format(reason=reason, number=number, ledger=ledger)
        ) from err
