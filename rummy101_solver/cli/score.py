"""``rummy101 score``: score one round from a one-line description of the table.

It is registered on the group in :mod:`rummy101_solver.cli`. The scoring itself
lives in :mod:`rummy101_solver.scoring`; this module parses the command line,
renders the table or JSON, and turns every input problem into ``Error: …`` on
stderr with exit code 2.
"""

from __future__ import annotations

import json
from typing import cast

import click
from tabulate import tabulate

from rummy101_solver.case import MAX_POINTS
from rummy101_solver.cli.common import (
    InputError,
    format_option,
    read_stdin_lines,
    stdin_is_terminal,
)
from rummy101_solver.scoring import (
    ENDING_LABELS,
    ENDINGS,
    Ending,
    PlayerHand,
    PlayerScore,
    RoundScore,
    ScoreError,
    ScoreRules,
    parse_player,
    round_json,
    score_round,
)
from rummy101_solver.tiles import WILD_PENALTY, codes

HEADERS = ["player", "state", "tiles left", "base penalty", "multiplier", "points", "rule"]
ALIGN = ("left", "left", "left", "right", "right", "right", "left")


def read_players(players: tuple[str, ...]) -> list[str]:
    """The player texts: the arguments, or the non-blank lines of stdin when
    there are none or only ``-`` (lines starting with ``#`` are comments)."""
    if players and players != ("-",):
        return list(players)
    if stdin_is_terminal():
        raise InputError(
            "no players: give one argument per player, e.g. 'Ali' 'Bea: melds R3 R5',"
            " or one player per line on stdin"
        )
    lines = (line.strip() for _, line in read_stdin_lines())
    return [line for line in lines if line and not line.startswith("#")]


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _row(p: PlayerScore) -> list[str]:
    return [
        p.name,
        "winner" if p.winner else (p.state or ""),
        " ".join(codes(p.tiles)) or "–",
        "–" if p.winner else str(p.base_penalty),
        "–" if p.multiplier is None else str(p.multiplier),
        _signed(p.points),
        p.rule,
    ]


def score_text(result: RoundScore, fmt: str = "simple") -> str:
    """The round as text: what ended it, house rules if not the defaults, a
    table with one row per player in input order, and the total."""
    label = ENDING_LABELS[result.ending]
    head = f"Round: {label}, winner {result.winner}." if result.winner else f"Round: {label}."
    lines = [head[0].upper() + head[1:]]
    house = []
    if result.rules.joker_left_points != WILD_PENALTY:
        house.append(f"a joker left counts {result.rules.joker_left_points}")
    if result.rules.nobody_opened_scores_nothing:
        house.append("a round nobody opened scores nothing (seed 004)")
    if house:
        lines.append(f"House rules: {'; '.join(house)}.")
    if result.empty_round:
        lines.append("Nobody opened: an empty round, no points [R-SCORE].")
    table = tabulate(
        [_row(p) for p in result.players],
        headers=HEADERS,
        tablefmt=fmt,
        disable_numparse=True,
        colalign=ALIGN,
    )
    lines.append(table)
    lines.append(f"Total: {_signed(result.total)}")
    return "\n".join(lines)


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("players", nargs=-1, metavar="PLAYER...")
@click.option(
    "--end",
    type=click.Choice(ENDINGS, case_sensitive=False),
    default="normal",
    show_default=True,
    help="How the round ended: a finish (normal, joker = last discard a joker, one-turn,"
    " one-turn-joker) or stock (the stock ran out, no winner)"
    " [R-SCORE R-JOKER-FINISH R-ONE-TURN].",
)
@click.option("--winner", metavar="NAME", default=None, help="The player who finished.")
@click.option(
    "--joker-left",
    type=click.IntRange(0, MAX_POINTS),
    default=WILD_PENALTY,
    show_default=True,
    metavar="POINTS",
    help="Points a joker left on a rack costs [R-PENALTY].",
)
@click.option(
    "--nobody-opened-scores-nothing",
    is_flag=True,
    default=False,
    help="Seed 004 variant: when the stock runs out and nobody opened, nobody scores [R-SCORE].",
)
@format_option
def score(
    players: tuple[str, ...],
    end: str,
    winner: str | None,
    joker_left: int,
    nobody_opened_scores_nothing: bool,
    fmt: str,
) -> None:
    """Score a round: each player's points, one row per player [R-PENALTY R-SCORE].

    PLAYER is NAME: STATE TILES, one argument per player (quote it), with
    STATE 'not' (never opened), 'melds' or 'pairs' (opened with them) and
    TILES the tiles left on the rack. The winner needs only the name. With no
    PLAYER, or '-', players are read from stdin, one per line.

    \b
    Example:
      rummy101 score --end joker --winner Ali "Ali" "Bea: pairs K2 K9" \\
          "Can: melds R3 R5 J" "Deniz: not"
      rummy101 score --end stock "Ali: melds R3" "Bea: not" --format json

    Penalties: not opened 202; melds: the tiles left summed (a joker 101);
    pairs: twice that. A joker finish doubles them; a one-turn finish costs
    everyone 404 (808 with a joker). The winner gains 101 (normal), 202
    (joker or one-turn) or 404 (one-turn with a joker).

    Exit code: 0 scored, 2 bad input.
    """
    texts = read_players(players)
    rules = ScoreRules(
        joker_left_points=joker_left, nobody_opened_scores_nothing=nobody_opened_scores_nothing
    )
    ending = cast(Ending, end)  # click.Choice returns the choice as listed
    try:
        hands: list[PlayerHand] = [parse_player(text) for text in texts]
        result = score_round(ending, winner, hands, rules)
    except ScoreError as err:
        raise InputError(str(err)) from err
    if fmt == "json":
        click.echo(json.dumps(round_json(result), indent=2, ensure_ascii=False))
    else:
        click.echo(score_text(result, fmt))
