"""The end of a tracked round as the ``score`` command takes it [R-SCORE, R-PENALTY].

A round that ``rummy101 track`` saw end (your last discard, another seat's
``finish``, or ``stock``) hands off to scoring: :func:`round_end` reads from
the replayed states how it ended and what each seat's state was, and
:func:`score_line` writes the arguments of ``rummy101 score`` for it, as the
tracked player knows it:

- **how it ended**: the stock (no winner), or a finish by a seat; a joker
  finish when the finishing discard was a wild tile (told: yours always,
  another seat's with ``finish PLAYER TILE``) [R-JOKER-FINISH]; a one-turn
  finish when the winner had not opened when the finishing turn began and
  nobody else had opened [R-ONE-TURN]; an opening-turn finish when others had
  [R-OPEN-FINISH];
- **each seat**: ``not``, ``melds`` or ``pairs`` (its opening told); your
  tiles left are your rack; an opponent who opened has tiles left that you
  usually did not see: they are given (``left``) or reported missing, never
  guessed. An opponent who never opened pays 202 whatever they hold.

Player names default to ``you`` (your seat) and ``player N``; a match ledger
keeps players by name, so a real match passes the names of the table.
Nothing here imports click; errors are :class:`~rummy101_solver.game.round.RoundError`.
"""

from __future__ import annotations

import shlex
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rummy101_solver.game.round import RoundError, RoundState
from rummy101_solver.game.scoring import Ending, ScoreError, State, check_name
from rummy101_solver.game.tiles import Tile

PLACEHOLDER = "TILES"
"""What the score line holds where an opened opponent's tiles left are not known."""


@dataclass(frozen=True)
class RoundEnd:
    """How a tracked round ended.

    ``ending``: a :data:`~rummy101_solver.game.scoring.Ending`; ``winner``:
    the seat that finished, ``None`` when the stock ran out; ``last``: the
    finishing discard when told; ``states``: per seat 1…N, ``not``,
    ``melds`` or ``pairs`` (the winner's opening, ``None`` when not told);
    ``rack``: your tiles left; ``seat``: yours; ``players``: N.
    """

    ending: Ending
    winner: int | None
    last: Tile | None
    states: tuple[State | None, ...]
    rack: tuple[Tile, ...]
    seat: int
    players: int


def _opened_before_turn(states: Sequence[RoundState], winner: int) -> bool:
    """True when ``winner`` had opened when its finishing turn began (the
    state after the discard that passed the turn to it) [R-ONE-TURN, R-TURN]."""
    first = len(states) - 1
    while first > 0 and states[first - 1].turn == winner:
        first -= 1
    return states[first].opening(winner) is not None


def round_end(states: Sequence[RoundState]) -> RoundEnd:
    """The end of the round whose states (one per effective event, the last the
    round over) are ``states``. Raises :class:`RoundError` when the round is not
    over yet."""
    state = states[-1]
    if state.phase != "over":
        raise RoundError(
            "the round is not over yet; it ends with your last discard, 'finish PLAYER"
            " [TILE]' or 'stock' [R-FINISH, R-SCORE]"
        )
    seats: list[State | None] = []
    for player in range(1, state.players + 1):
        opening = state.opening(player)
        seats.append(opening.how if opening is not None else "not")
    winner = state.winner
    if winner is None:
        return RoundEnd("stock", None, None, tuple(seats), state.rack, state.seat, state.players)
    top = state.top
    last = top[1] if top is not None and top[0] == winner else None
    joker = last is not None and last.is_wild
    if state.opening(winner) is None:
        seats[winner - 1] = None  # opened in the finishing turn, its melds untold
    others = any(state.opening(p) is not None for p in range(1, state.players + 1) if p != winner)
    ending: Ending
    if _opened_before_turn(states, winner):
        ending = "joker" if joker else "normal"
    elif others:
        ending = "open-finish-joker" if joker else "open-finish"
    else:
        ending = "one-turn-joker" if joker else "one-turn"
    return RoundEnd(ending, winner, last, tuple(seats), state.rack, state.seat, state.players)


def default_names(players: int, seat: int) -> dict[int, str]:
    """The names of the seats in the score line: ``you`` and ``player N``."""
    return {p: "you" if p == seat else f"player {p}" for p in range(1, players + 1)}


def parse_name(text: str, players: int) -> tuple[int, str]:
    """``SEAT=NAME`` (``--name 2=Bea``) as (seat, name). Raises
    :class:`RoundError`: no ``=``, a seat not at the table, a name that is
    empty, holds ``:`` (it separates the name in a score line) or a character
    ``score`` refuses."""
    seat_text, equals, name = text.partition("=")
    name = " ".join(name.split())
    if not equals or not seat_text.strip().isdigit() or not name:
        raise RoundError(f"--name {text!r}: write SEAT=NAME, e.g. 2=Bea")
    seat = int(seat_text)
    if not 1 <= seat <= players:
        raise RoundError(f"--name {text!r}: no seat {seat}; seats are 1–{players}")
    if ":" in name:
        raise RoundError(f"--name {text!r}: a name holds no ':' (it ends the name in a score line)")
    try:
        check_name(name)
    except ScoreError as err:
        raise RoundError(f"--name {text!r}: {err}") from None
    return seat, name


def score_tile(tile: Tile) -> str:
    """A tile as ``score`` takes it: a wild tile ``J``, a fake okey as the tile
    it shows (``score`` has no indicator)."""
    if tile.face is not None and tile.fake:
        return tile.face.code
    return tile.code


@dataclass(frozen=True)
class ScoreLine:
    """The ``rummy101 score`` arguments of a round: ``options`` (``--end``,
    ``--winner``), ``players`` (one ``NAME: STATE TILES`` per seat in seat
    order; a missing hand holds :data:`PLACEHOLDER`), ``missing``: the seats of
    opened opponents whose tiles left are not known."""

    options: tuple[str, ...]
    players: tuple[str, ...]
    missing: tuple[int, ...]

    @property
    def args(self) -> tuple[str, ...]:
        """Every argument of ``score``: the options, then the players."""
        return (*self.options, *self.players)

    @property
    def text(self) -> str:
        """The command line, quoted for a POSIX shell: ``rummy101 score …``."""
        return shlex.join(("rummy101", "score", *self.args))


def score_line(
    end: RoundEnd,
    names: Mapping[int, str] | None = None,
    left: Mapping[int, Sequence[Tile]] | None = None,
) -> ScoreLine:
    """The ``score`` arguments for ``end``: ``names`` per seat (default
    :func:`default_names`), ``left`` the tiles left of opened opponents (by
    seat; the others' are missing). Raises :class:`RoundError` for tiles left
    given for the winner, for you (your rack is known) or for a seat that never
    opened (it pays 202 whatever it holds) [R-PENALTY]."""
    named = {**default_names(end.players, end.seat), **(names or {})}
    given = dict(left or {})
    for seat in sorted(given):
        if seat == end.winner:
            raise RoundError(f"--left {seat}: player {seat} finished; a winner holds no tiles")
        if seat == end.seat:
            raise RoundError(f"--left {seat}: that is you; your tiles left are your rack")
        if end.states[seat - 1] == "not":
            raise RoundError(
                f"--left {seat}: player {seat} never opened and pays 202 whatever they hold"
                " [R-PENALTY]"
            )
    options: list[str] = ["--end", end.ending]
    if end.winner is not None:
        options += ["--winner", named[end.winner]]
    players: list[str] = []
    missing: list[int] = []
    for seat in range(1, end.players + 1):
        name, state = named[seat], end.states[seat - 1]
        if seat == end.winner:
            players.append(name if state is None else f"{name}: {state}")
        elif state == "not":
            players.append(f"{name}: not")
        elif seat == end.seat:
            players.append(f"{name}: {state} {' '.join(score_tile(t) for t in end.rack)}")
        elif seat in given:
            players.append(f"{name}: {state} {' '.join(score_tile(t) for t in given[seat])}")
        else:
            players.append(f"{name}: {state} {PLACEHOLDER}")
            missing.append(seat)
    return ScoreLine(tuple(options), tuple(players), tuple(missing))


def check_left(state: RoundState, left: Mapping[int, Sequence[Tile]]) -> None:
    """The tiles left told for the opponents, together, within what you have
    not seen (and the tiles each is known to hold) [R-TILES]. Raises
    :class:`RoundError` naming the tile."""
    free = Counter(state.unseen_counts())
    for _, held in state.known:
        free.update(held)
    for seat in sorted(left):
        for tile in left[seat]:
            if free[tile] <= 0:
                raise RoundError(
                    f"--left {seat}: {tile.code}: every copy is placed already (your rack,"
                    " the table, the discards or another rack told) [R-TILES]"
                )
            free[tile] -= 1


def missing_message(line: ScoreLine, end: RoundEnd) -> str:
    """The refusal of ``track score`` when opened opponents' tiles left are
    missing: the seats and how to give them [R-PENALTY]."""
    seats = ", ".join(f"player {s} ({end.states[s - 1]})" for s in line.missing)
    first = line.missing[0]
    return (
        f"score: the tiles left of {seats} are not known (they opened); give them with"
        f" --left '{first}: TILES', one --left per player [R-PENALTY]"
    )


__all__ = [
    "PLACEHOLDER",
    "RoundEnd",
    "ScoreLine",
    "check_left",
    "default_names",
    "missing_message",
    "parse_name",
    "round_end",
    "score_line",
    "score_tile",
]
