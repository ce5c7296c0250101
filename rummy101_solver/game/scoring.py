"""Round scoring: who gains and who loses how many points when a round ends.

Rules [R-PENALTY, R-JOKER-FINISH, R-ONE-TURN, R-SCORE, R-EXTRA-PENALTY] of
``shared/RULES.md``. All amounts are points (integers); a gain is positive, a
penalty negative (a higher total is better). Every house switch lives in one
:class:`ScoreRules` value passed to :func:`score_round`; there is no global flag.

- **Hand penalty** [R-PENALTY]: not opened 202; opened with melds, the sum of
  the tiles left (a joker left counts 101, or the house value); opened with
  pairs, twice that sum.
- **Normal finish**: every opponent loses the hand penalty; the winner gains
  101 [R-SCORE].
- **Joker finish** (the last discard is a joker) doubles the opponents'
  penalties: 404 unopened, 2 * sum after melds, 4 * sum after pairs; the winner
  gains 202 [R-JOKER-FINISH, R-SCORE].
- **One-turn finish** (the winner opened and finished in one turn while nobody
  had opened): every opponent loses 404, or 808 when the last discard is a
  joker; the winner gains 202, or 404 with the joker [R-ONE-TURN, R-SCORE].
- **Opening-turn finish** (``open-finish``, ``open-finish-joker``: the winner
  opened and finished in the same turn while an opponent had opened already)
  [R-OPEN-FINISH]: by default plain, a normal (joker) finish: +101 (+202),
  penalties x1 (x2); house ``open_finish="double"``: penalties doubled again
  and the winner gains 202 (404).
- **Pairs winner** (house ``pairs_finish_doubles``) [R-PAIRS-FINISH]: a winner
  who had opened with pairs doubles the opponents' hand penalties of a normal,
  joker or opening-turn finish (a one-turn finish keeps its fixed 404 / 808).
- **Paper sheet** (house ``sheet="paper"``) [R-PAPER-SHEET]: every amount with
  its sign turned: penalties are written positive and add up, the winner
  writes -101 (-202 for a joker finish), an extra penalty adds; the lowest
  total wins.
- **Stock ran out**: no winner; everyone takes the hand penalty [R-SCORE].
  House variant (seed 004, ``nobody_opened_scores_nothing``): when nobody opened
  during the whole round the round is empty and scores nothing. A finish needs
  an opening (the winner lays every tile down), so only a round that ends with
  the stock can be empty; a one-turn finish is scored as above, seed 004 gives
  it the same 404 / 808.
- **Extra penalties** [R-EXTRA-PENALTY] (Turkish tables): a joker discarded that
  a neighbour could use, a discard that could have been laid off, a failed or
  illegal opening taken back, 101 each; or any number of points the table
  agrees on. Each is its own :class:`ExtraPenalty`, added to that player's
  round result after the finish multiplier (a joker finish does not double it),
  and it counts in an empty round too.
- **The one-turn value** [R-ONE-TURN-ANY-VALUE]: scoring never sees the
  winner's melds, so it never checks what a one-turn finish was worth; the
  house switch ``--one-turn-any-value`` of ``solve`` / ``play`` changes nothing
  here.

Every error is a :class:`ScoreError` whose ``str()`` is a one-line message
naming the player or token and the rule id.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from rummy101_solver.game.parsing import FAKE_WORDS, RackError, parse_tile_list
from rummy101_solver.game.rules import (
    MAX_KAT,
    NO_HOUSE_RULES,
    ONE_TURN_JOKER_LOSS,
    ONE_TURN_JOKER_WIN,
    ONE_TURN_LOSS,
    ONE_TURN_WIN,
    PAIRS_PENALTY_FACTOR,
    UNOPENED_PENALTY,
    HouseRules,
)
from rummy101_solver.game.tiles import (
    COPIES,
    MAX_RACK,
    WILD_PENALTY,
    WILD_TILES,
    Face,
    Tile,
    codes,
    sort_tiles,
)
from rummy101_solver.lines import too_long
from rummy101_solver.messages import TOKEN_LIMIT, escape, one_line, quote

Ending = Literal[
    "normal", "joker", "one-turn", "one-turn-joker", "open-finish", "open-finish-joker", "stock"
]
"""How the round ended: a finish (normal, joker discard, one turn, one turn with
a joker discard, opened and finished in one turn after others had opened, the
same with a joker discard) or the stock running out (no winner)."""

Sheet = Literal["gains", "paper"]
"""The score sheet a match is kept on [R-PAPER-SHEET]: ``gains`` (the winner gains,
penalties are negative, the highest total wins) or ``paper`` (the traditional paper
sheet: penalties add up, the winner writes a negative number, the lowest total wins)."""

OpenFinish = Literal["plain", "double"]
"""How a finish in the very turn the winner opened, others having opened already, is
scored [R-OPEN-FINISH]: ``plain`` as a normal (or joker) finish, ``double`` with every
opponent's penalty and the winner's gain doubled."""

SHEETS: tuple[Sheet, ...] = get_args(Sheet)
OPEN_FINISHES: tuple[OpenFinish, ...] = get_args(OpenFinish)

OPEN_FINISH_ENDINGS: tuple[Ending, ...] = ("open-finish", "open-finish-joker")
"""The endings of a winner who opened and finished in the same turn while an
opponent had opened already [R-OPEN-FINISH]."""

JOKER_ENDINGS: tuple[Ending, ...] = ("joker", "one-turn-joker", "open-finish-joker")
"""The endings whose last discard is a joker [R-JOKER-FINISH]."""

State = Literal["not", "melds", "pairs"]
"""A player's state at the round's end: never opened, opened with melds, opened
with pairs [R-PENALTY]."""

ENDINGS: tuple[Ending, ...] = get_args(Ending)
STATES: tuple[State, ...] = get_args(State)

NORMAL_WIN = 101
"""Points the winner gains for a normal finish [R-SCORE]."""

JOKER_WIN = 202
"""Points the winner gains for a joker finish [R-SCORE, R-JOKER-FINISH]."""

JOKER_FINISH_FACTOR = 2
"""A joker finish multiplies every opponent's hand penalty by 2 [R-JOKER-FINISH]."""

WINS: dict[Ending, int] = {
    "normal": NORMAL_WIN,
    "joker": JOKER_WIN,
    "one-turn": ONE_TURN_WIN,
    "one-turn-joker": ONE_TURN_JOKER_WIN,
    "open-finish": NORMAL_WIN,
    "open-finish-joker": JOKER_WIN,
}
"""Points the winner gains, by finish [R-SCORE]."""

ENDING_LABELS: dict[Ending, str] = {
    "normal": "normal finish",
    "joker": "joker finish",
    "one-turn": "one-turn finish",
    "one-turn-joker": "one-turn finish with a joker",
    "open-finish": "finish in the opening turn",
    "open-finish-joker": "finish in the opening turn with a joker",
    "stock": "the stock ran out",
}
"""A short English name of each ending, for messages."""

STATE_WORDS: dict[str, State] = {
    # English, Turkish (with and without dotless i / cedilla), German, Spanish
    "not": "not", "no": "not", "none": "not", "unopened": "not", "closed": "not",
    "açmadı": "not", "acmadi": "not", "açmadan": "not", "acmadan": "not",
    "kapalı": "not", "kapali": "not",
    "nicht": "not", "ungeöffnet": "not", "ungeoeffnet": "not", "geschlossen": "not",
    "sin": "not", "cerrado": "not", "cerrada": "not",
    "melds": "melds", "meld": "melds", "runs": "melds", "sets": "melds",
    "per": "melds", "perler": "melds", "seri": "melds", "seriler": "melds",
    "folgen": "melds", "gruppen": "melds", "auslagen": "melds",
    "escaleras": "melds", "grupos": "melds", "combinaciones": "melds",
    "pairs": "pairs", "pair": "pairs", "doubles": "pairs",
    "çift": "pairs", "cift": "pairs", "çiftler": "pairs", "ciftler": "pairs",
    "paare": "pairs", "paar": "pairs", "doppel": "pairs",
    "parejas": "pairs", "pareja": "pairs", "pares": "pairs",
}  # fmt: skip
"""Accepted spellings of a state (case-insensitive)."""

PLAYER_HINT = "write NAME: STATE TILES, e.g. 'Bea: melds R3 R5' or 'Can: not'"

FAKE_OKEY_HINT = (
    "score counts a fake okey as the plain tile it shows: enter its colour and number"
    " (the okey's, e.g. K1 when the indicator is K13) [R-INDICATOR]"
)
"""What ``score`` says about an ``F`` or ``fake`` tile: it has no indicator."""

EXTRA_PENALTY = 101
"""Points a named extra penalty costs [R-EXTRA-PENALTY]."""

MAX_EXTRA_POINTS = 9999
"""The largest extra penalty given as a number of points."""

EXTRA_REASONS: dict[str, str] = {
    "joker-discard": "discarded a joker a neighbour could use",
    "layable-discard": "discarded a tile that could be laid off",
    "failed-opening": "an illegal or short opening taken back",
}
"""The named extra penalties, 101 points each, and what each means [R-EXTRA-PENALTY]."""

HOUSE_EXTRAS: dict[str, tuple[str, str, str]] = {
    "fed-opening": (
        "its discard was taken and opened with in that turn",
        "R-FED-OPENING",
        "fed_opening",
    ),
    "layoff-takeback": (
        "took back more than the last tile laid off",
        "R-LAYOFF-TAKEBACK",
        "layoff_takeback",
    ),
}
"""The extra penalties of the house rules of Turkish tables, 101 points each: kind →
(what it means, its rule id, the :class:`~rummy101_solver.game.rules.HouseRules` switch
that must be on) [R-FED-OPENING, R-LAYOFF-TAKEBACK]."""

HOUSE_OPTIONS: dict[str, str] = {
    "fed_opening": "--fed-opening",
    "layoff_takeback": "--layoff-takeback",
}
"""The ``score`` option of each house switch an extra needs."""

EXTRA_HINT = f"use {', '.join(EXTRA_REASONS)} or points and why, e.g. 'Can: 50 late'"


class ScoreError(ValueError):
    """Bad round input: ``str()`` is a one-line message naming the player or
    token and the rule id, e.g. ``player 'Bea' opened with melds, but a
    one-turn finish needs every opponent unopened [R-ONE-TURN]``."""


@dataclass(frozen=True)
class PlayerHand:
    """One player at the round's end.

    ``state``: ``"not"`` | ``"melds"`` | ``"pairs"`` [R-PENALTY], or ``None``
    (allowed for the winner only, whose state does not matter).
    ``tiles``: the tiles left on the rack, any order; empty for the winner.
    Tiles of an unopened player may be given but do not change the 202.
    """

    name: str
    state: State | None = None
    tiles: tuple[Tile, ...] = ()


@dataclass(frozen=True)
class ExtraPenalty:
    """One extra penalty of a round [R-EXTRA-PENALTY].

    - ``name``: the player who pays it.
    - ``kind``: one of :data:`EXTRA_REASONS`, or ``"points"`` for a number of
      points the table agreed on.
    - ``points``: the penalty, in points, positive (101 for a named one); the
      player's round result goes down by it.
    - ``reason``: what happened, in English (the meaning of a named kind, or
      the words given after the points; may be empty).
    - ``taker``: for ``fed-opening``, the player who took the discard and opened
      (may be empty) [R-FED-OPENING, R-PAIRS-DECLARE].
    """

    name: str
    kind: str
    points: int
    reason: str = ""
    taker: str = ""

    @property
    def rule(self) -> str:
        """The rule id that charges it: R-EXTRA-PENALTY, or the house rule of a
        :data:`HOUSE_EXTRAS` kind (R-FED-OPENING, R-LAYOFF-TAKEBACK)."""
        house = HOUSE_EXTRAS.get(self.kind)
        return house[1] if house else "R-EXTRA-PENALTY"


@dataclass(frozen=True)
class ScoreRules:
    """The house switches of round scoring, with their defaults.

    - ``joker_left_points``: points a joker left on a rack costs (101) [R-PENALTY].
    - ``nobody_opened_scores_nothing``: seed 004 variant; when the stock runs
      out and nobody opened during the round, nobody gains or loses [R-SCORE].
    - ``sheet``: ``"gains"`` (default) or ``"paper"``, the traditional paper
      sheet: every amount with its sign turned, so penalties add up, the winner
      writes -101 (-202 for a joker finish) and the lowest total wins
      [R-PAPER-SHEET].
    - ``pairs_finish_doubles``: a winner who had opened with pairs doubles the
      opponents' penalties of a normal, joker or opening-turn finish (not the
      fixed one-turn 404 / 808, not the extras) [R-PAIRS-FINISH].
    - ``open_finish``: ``"plain"`` (default) or ``"double"``: how a finish in
      the turn the winner opened, others having opened, is scored [R-OPEN-FINISH].
    - ``house``: the house rules of Turkish tables (:class:`HouseRules`, every
      switch off by default); scoring reads R-FED-OPENING, R-PAIRS-DECLARE,
      R-PAIRS-CAP, R-RIZIKO, R-KATLAMA, R-OKEY-LEFT, R-FINISH-TABLE, R-TEAMS and
      R-LAYOFF-TAKEBACK; the others ride along, so a round carries the table's rules.
    """

    joker_left_points: int = WILD_PENALTY
    nobody_opened_scores_nothing: bool = False
    sheet: Sheet = "gains"
    pairs_finish_doubles: bool = False
    open_finish: OpenFinish = "plain"
    house: HouseRules = NO_HOUSE_RULES

    @property
    def sign(self) -> int:
        """1 on the gains sheet, -1 on the paper sheet: what every amount is
        multiplied by when written down [R-PAPER-SHEET]."""
        return -1 if self.sheet == "paper" else 1

    def to_json(self) -> dict[str, Any]:
        """The scoring switches as a JSON-ready dict (the house rules of Turkish tables
        are ``house.to_json()``, written beside it as ``"house"``)."""
        return {
            "joker_left_points": self.joker_left_points,
            "nobody_opened_scores_nothing": self.nobody_opened_scores_nothing,
            "sheet": self.sheet,
            "pairs_finish_doubles": self.pairs_finish_doubles,
            "open_finish": self.open_finish,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], house: dict[str, Any] | None = None) -> ScoreRules:
        """The rules of a :meth:`to_json` dict and a ``HouseRules.to_json`` dict; a
        switch left out takes its default (a round written before it existed). Raises
        :class:`ValueError` naming the first unknown switch or bad value."""
        own = {"joker_left_points": int, "nobody_opened_scores_nothing": bool,
               "sheet": str, "pairs_finish_doubles": bool, "open_finish": str}  # fmt: skip
        for key, value in data.items():
            if key not in own:
                raise ValueError(f"unknown switch {key!r}")
            if type(value) is not own[key]:
                raise ValueError(f"'{key}' must be of type {own[key].__name__}")
        house = house or {}
        unknown = sorted(set(house) - set(HouseRules().to_json()))
        if unknown:
            raise ValueError(f"unknown house switch {unknown[0]!r}")
        if data.get("sheet", "gains") not in SHEETS:
            raise ValueError(f"unknown sheet {data['sheet']!r}")
        if data.get("open_finish", "plain") not in OPEN_FINISHES:
            raise ValueError(f"unknown open_finish {data['open_finish']!r}")
        values = {key: value for key, value in data.items() if key in own}
        return cls(**values, house=HouseRules.from_json(house))


@dataclass(frozen=True)
class PlayerScore:
    """One player's line of the score sheet.

    - ``tiles``: tiles left, canonical order.
    - ``base_penalty``: the hand penalty in points [R-PENALTY]; 0 for the winner.
    - ``multiplier``: what the finish multiplies the base penalty by (1 normal
      finish or stock, 2 joker finish, 2 / 4 one-turn finish as 404 / 808 of a
      202 penalty, 0 in an empty round); ``None`` for the winner.
    - ``points``: positive for the winner, negative (or 0) for the others; on
      the paper sheet the other way round [R-PAPER-SHEET].
    - ``rule``: the rule id that set ``points``; ``reason``: a short English why.
    - ``extras``: the player's extra penalties, in input order [R-EXTRA-PENALTY].
    - ``sign``: 1, or -1 on the paper sheet (a penalty is written positive).

    The parts of ``points`` (a referee's why; ``score --format json`` ``"parts"``):
    a loser's ``points`` is ``-sign * (hand_points * pairs_multiplier * multiplier
    * round_multiplier + okey_surcharge)``; the winner's ``sign * winner_amount *
    round_multiplier``.

    - ``hand_points``: the hand penalty before the pairs multiplier: 202 unopened,
      else the tiles left summed (an okey inside the sum unless R-OKEY-LEFT's house
      reading takes it out) [R-PENALTY, R-OKEY-LEFT].
    - ``pairs_multiplier``: 2 after a pairs opening, or for a player who declared
      pairs and never opened [R-PENALTY, R-PAIRS-DECLARE]; else 1.
    - ``okey_surcharge``: points of the okeys left, outside every multiplier
      (house R-OKEY-LEFT ``outside``); else 0.
    - ``round_multiplier``: the round's kat times 2 in a riziko round
      [R-KATLAMA, R-RIZIKO]; 1 by default.
    - ``winner_amount``: the winner's amount before the round multiplier
      (101, 202 or 404) [R-SCORE, R-FINISH-TABLE]; ``None`` for the others.
    - ``declared``: the player declared pairs [R-PAIRS-DECLARE].
    """

    name: str
    state: State | None
    tiles: tuple[Tile, ...]
    winner: bool
    base_penalty: int
    multiplier: int | None
    points: int
    rule: str
    reason: str
    extras: tuple[ExtraPenalty, ...] = ()
    sign: int = 1
    hand_points: int = 0
    pairs_multiplier: int = 1
    okey_surcharge: int = 0
    round_multiplier: int = 1
    winner_amount: int | None = None
    declared: bool = False

    @property
    def result(self) -> int:
        """The player's round result in points: ``points`` minus every extra
        penalty (plus, on the paper sheet) [R-SCORE, R-EXTRA-PENALTY, R-PAPER-SHEET]."""
        return self.points - self.sign * sum(e.points for e in self.extras)


@dataclass(frozen=True)
class RoundScore:
    """The scored round: the ending, the winner (``None`` when the stock ran
    out), the rules used and one :class:`PlayerScore` per player in input order.

    The round's facts under the house rules: ``kat``, the table's multiplier
    [R-KATLAMA]; ``fake_indicator``, the indicator was a fake okey (a riziko round)
    [R-RIZIKO]; ``void``, all four opened with pairs and nobody scores [R-PAIRS-CAP]."""

    ending: Ending
    winner: str | None
    rules: ScoreRules
    players: tuple[PlayerScore, ...]
    kat: int = 1
    fake_indicator: bool = False
    void: bool = False

    @property
    def round_multiplier(self) -> int:
        """What every amount of the round is multiplied by: the kat, times 2 in a
        riziko round [R-KATLAMA, R-RIZIKO]."""
        return self.kat * (2 if self.fake_indicator else 1)

    @property
    def teams(self) -> tuple[tuple[tuple[str, str], int], ...]:
        """Under R-TEAMS, the two teams as ((partner, partner), round result): seats 1
        and 3, then 2 and 4, in input order; empty when the house rule is off."""
        if not self.rules.house.teams:
            return ()
        p = self.players
        return (
            ((p[0].name, p[2].name), p[0].result + p[2].result),
            ((p[1].name, p[3].name), p[1].result + p[3].result),
        )

    @property
    def total(self) -> int:
        """The sum of everyone's round results, extra penalties included (not
        zero-sum: the winner's gain is fixed)."""
        return sum(p.result for p in self.players)

    @property
    def empty_round(self) -> bool:
        """True when the seed 004 variant made the round score nothing [R-SCORE]."""
        return (
            self.ending == "stock"
            and not self.void
            and all(p.multiplier == 0 for p in self.players)
        )


def tiles_points(tiles: Sequence[Tile], rules: ScoreRules | None = None) -> int:
    """Points of the tiles left: numbers summed, a joker ``joker_left_points`` (101)
    [R-PENALTY]."""
    joker = (rules or ScoreRules()).joker_left_points
    return sum(joker if t.face is None else t.face.number for t in tiles)


def hand_penalty(state: State, tiles: Sequence[Tile], rules: ScoreRules | None = None) -> int:
    """A hand's penalty in points [R-PENALTY]: 202 not opened; the tiles left
    summed after melds; twice that sum after pairs."""
    if state == "not":
        return UNOPENED_PENALTY
    points = tiles_points(tiles, rules)
    return points * PAIRS_PENALTY_FACTOR if state == "pairs" else points


def _fold(word: str) -> str:
    # casefold keeps Turkish dotless ı; upper-case İ folds to "i̇": drop the dot.
    return word.casefold().replace("\u0307", "")


def name_key(name: str) -> str:
    """The key under which a player's name is matched: spaces collapsed, case
    folded, Unicode composed (NFC) before and after the fold (``" ALİ "`` and
    ``"ali"`` are one player, and so are "Zoë" written with ``ë`` and with ``e``
    and a combining diaeresis)."""
    composed = unicodedata.normalize("NFC", " ".join(name.split()))
    return unicodedata.normalize("NFC", _fold(composed))


def check_name(name: str, what: str = "player") -> None:
    """Refuse a name that could look like another: every character must be
    printable (``str.isprintable``: no control (Cc), format (Cf, e.g. a
    zero-width space), private-use, unassigned or line-separator character; a
    space is fine). Raises :class:`ScoreError` naming the name escaped and the
    first bad character as ``U+XXXX``; ``what`` says whose name it is
    (``player``, ``winner``, ``extra penalty for``)."""
    bad = next((char for char in name if not char.isprintable()), None)
    if bad is not None:
        raise ScoreError(
            f"{what} {quote(name)}: U+{ord(bad):04X} is not a printable character;"
            " a name is letters, digits, punctuation and spaces"
        )


def parse_state(word: str, name: str = "") -> State:
    """A state word (``not``, ``melds``, ``pairs`` or a synonym in
    :data:`STATE_WORDS`) as a :data:`State`. Raises :class:`ScoreError`."""
    state = STATE_WORDS.get(_fold(word))
    if state is None:
        who = f"player {quote(name)}: " if name else ""
        raise ScoreError(f"{who}{quote(word)} is not a state; use not, melds or pairs [R-PENALTY]")
    return state


def parse_player(text: str) -> PlayerHand:
    """One player as typed: ``NAME``, or ``NAME: STATE [TILES…]``.

    ``"Bea: pairs K2 K9"`` → ``PlayerHand("Bea", "pairs", (K2, K9))``;
    ``"Ali"`` (or ``"Ali:"``) → ``PlayerHand("Ali")``, for the winner. Tiles use
    the rack notation of :mod:`rummy101_solver.game.parsing`. Raises :class:`ScoreError`.
    """
    if reason := too_long(text, "the player text"):
        raise ScoreError(reason)
    name, colon, rest = text.partition(":")
    name = " ".join(name.split())
    if not name:
        if not text.strip():
            raise ScoreError(f"an empty player; {PLAYER_HINT}")
        raise ScoreError(f"{quote(text.strip())}: no name before ':'; {PLAYER_HINT}")
    words = rest.split(None, 1) if colon else []
    if not words:
        return PlayerHand(name)
    state = parse_state(words[0].rstrip(","), name)
    try:
        tiles = parse_tile_list(words[1] if len(words) > 1 else "")
    except RackError as err:
        if err.token is not None and _fold(err.token) in FAKE_WORDS:
            # score has no indicator: a fake okey is entered as the tile it shows
            err = RackError(err.token, err.position, FAKE_OKEY_HINT)
        raise ScoreError(f"player {quote(name)}: {err}") from err
    return PlayerHand(name, state, tuple(tiles))


def parse_extra(text: str) -> ExtraPenalty:
    """One extra penalty as typed: ``NAME: REASON`` [R-EXTRA-PENALTY].

    REASON is a named kind of :data:`EXTRA_REASONS` or of the house rules'
    :data:`HOUSE_EXTRAS` (``fed-opening [TAKER]``, ``layoff-takeback``) (any case,
    101 points) or
    a number of points 1–9999 and optional words saying why:
    ``"Bea: joker-discard"`` → ``ExtraPenalty("Bea", "joker-discard", 101,
    "discarded a joker a neighbour could use")``; ``"Can: 50 late"`` →
    ``ExtraPenalty("Can", "points", 50, "late")``. Raises :class:`ScoreError`.
    """
    name, colon, rest = text.partition(":")
    name = " ".join(name.split())
    words = rest.split()
    if not name or not colon or not words:
        raise ScoreError(
            f"extra {quote(text.strip())}: write NAME: REASON; {EXTRA_HINT} [R-EXTRA-PENALTY]"
        )
    kind = words[0].casefold()
    if kind in EXTRA_REASONS:
        if len(words) > 1:
            raise ScoreError(
                f"extra for {quote(name)}: {quote(' '.join(words[1:]))} after {kind};"
                f" a named extra takes no more words; {EXTRA_HINT} [R-EXTRA-PENALTY]"
            )
        return ExtraPenalty(name, kind, EXTRA_PENALTY, EXTRA_REASONS[kind])
    if kind in HOUSE_EXTRAS:
        meaning = HOUSE_EXTRAS[kind][0]
        taker = " ".join(words[1:])
        if taker and kind != "fed-opening":
            raise ScoreError(
                f"extra for {quote(name)}: {quote(taker)} after {kind}; it takes no more"
                f" words [{HOUSE_EXTRAS[kind][1]}]"
            )
        reason = f"its discard was taken by {taker}, who opened with it" if taker else meaning
        return ExtraPenalty(name, kind, EXTRA_PENALTY, reason, taker)
    if words[0].lstrip("+-").isdigit():
        points = int(words[0]) if len(words[0]) <= 6 else MAX_EXTRA_POINTS + 1
        if not 1 <= points <= MAX_EXTRA_POINTS:
            raise ScoreError(
                f"extra for {quote(name)}: {quote(words[0])}: an extra penalty is"
                f" 1–{MAX_EXTRA_POINTS} points [R-EXTRA-PENALTY]"
            )
        return ExtraPenalty(name, "points", points, " ".join(words[1:]))
    raise ScoreError(
        f"extra for {quote(name)}: {quote(words[0])} is not an extra penalty; {EXTRA_HINT}"
        " [R-EXTRA-PENALTY]"
    )


def _match_player(hands: Sequence[PlayerHand], name: str) -> PlayerHand | None:
    wanted = name_key(name)
    return next((hand for hand in hands if name_key(hand.name) == wanted), None)


def _find_player(hands: Sequence[PlayerHand], name: str) -> PlayerHand:
    hand = _match_player(hands, name)
    if hand is not None:
        return hand
    listed = one_line(", ".join(escape(h.name, TOKEN_LIMIT) for h in hands), 80)
    raise ScoreError(f"winner {quote(name)} is not one of the players ({listed}) [R-SCORE]")


def _check_tile_set(hands: Sequence[PlayerHand], discarded_jokers: int = 0) -> None:
    """At most 22 tiles a rack, and across all racks at most 2 copies of a
    numbered tile and 2 jokers, counting a joker discarded to finish
    [R-RACK, R-TILES, R-JOKER-FINISH]."""
    faces: Counter[Face] = Counter()
    jokers = discarded_jokers
    for hand in hands:
        if len(hand.tiles) > MAX_RACK:
            raise ScoreError(
                f"player {quote(hand.name)} holds {len(hand.tiles)} tiles;"
                f" a rack holds at most {MAX_RACK} [R-RACK]"
            )
        for tile in hand.tiles:
            if tile.face is None:
                jokers += 1
                if jokers > WILD_TILES:
                    finish = " (the winner discarded one)" if discarded_jokers else ""
                    raise ScoreError(
                        f"player {quote(hand.name)}: a third joker in the round{finish};"
                        f" the set has only {WILD_TILES} [R-TILES]"
                    )
                continue
            faces[tile.face] += 1
            if faces[tile.face] > COPIES:
                raise ScoreError(
                    f"player {quote(hand.name)}: a third {tile.face.code} in the round;"
                    f" the set has only {COPIES} copies of each tile [R-TILES]"
                )


def validate_round(
    ending: str, winner: str | None, hands: Sequence[PlayerHand], rules: ScoreRules
) -> PlayerHand | None:
    """Check a round before scoring it; return the winner's hand (``None`` for
    the stock). Raises :class:`ScoreError` on the first problem:

    an unknown ending; fewer than 2 or more than 4 players; a player with no name, named
    twice (case-insensitive) or whose name (or the winner's) holds a
    non-printable character (:func:`check_name`); a negative joker value; a winner with the stock,
    or none with a finish; a winner who is not a player or still holds tiles
    [R-FINISH]; a loser with no state, or opened with no tiles left
    [R-PENALTY]; a winner marked ``not`` (never opened) in a finish that is
    not a one-turn finish [R-FINISH]; an opened opponent in a one-turn finish
    [R-ONE-TURN]; more tiles than the set has [R-TILES, R-RACK].
    """
    if ending not in ENDINGS:
        raise ScoreError(
            f"unknown round end {quote(ending)}; use one of {', '.join(ENDINGS)} [R-SCORE]"
        )
    if len(hands) < 2:
        raise ScoreError(f"a round needs at least 2 players, got {len(hands)} [R-SCORE]")
    if len(hands) > 4:
        raise ScoreError(
            f"a round has at most 4 players, got {len(hands)}: the 106 tiles deal at most"
            " 4 racks [R-TILES, R-RACK]"
        )
    seen: dict[str, str] = {}
    for number, hand in enumerate(hands, start=1):
        if not hand.name.strip():
            raise ScoreError(f"player {number} has no name; {PLAYER_HINT}")
        check_name(hand.name)
        key = _fold(hand.name.strip())
        if key in seen:
            raise ScoreError(f"player {quote(hand.name)} is listed twice; names must be unique")
        seen[key] = hand.name
        if hand.state is not None and hand.state not in STATES:
            raise ScoreError(
                f"player {quote(hand.name)}: {quote(str(hand.state))} is not a state;"
                " use not, melds or pairs [R-PENALTY]"
            )
    if rules.joker_left_points < 0:
        raise ScoreError(
            f"a joker left must cost 0 points or more, not {rules.joker_left_points} [R-PENALTY]"
        )
    if winner is not None:
        check_name(winner, "winner")
    label = ENDING_LABELS[ending]
    won: PlayerHand | None = None
    if ending == "stock":
        if winner is not None:
            raise ScoreError(
                "the stock ran out, so there is no winner;"
                f" drop the winner {quote(winner)} [R-SCORE]"
            )
    else:
        if winner is None or not winner.strip():
            raise ScoreError(f"a {label} needs a winner: name who finished (--winner) [R-SCORE]")
        won = _find_player(hands, winner)
        if won.state == "not" and ending not in (
            "one-turn",
            "one-turn-joker",
            *OPEN_FINISH_ENDINGS,
        ):
            # others opened: the finish in the opening turn [R-OPEN-FINISH], else one turn
            others_opened = any(h.state in ("melds", "pairs") for h in hands if h is not won)
            way = (
                "opened in the finishing turn use --end open-finish or open-finish-joker"
                if others_opened
                else "opened and finished in one turn use --end one-turn (or one-turn-joker)"
            )
            raise ScoreError(
                f"winner {quote(won.name)} is marked not (never opened), but a {label} needs an"
                f" opening [R-FINISH]; if {quote(won.name)} {way}, else drop the state:"
                f" {quote(won.name)}"
            )
        if won.tiles:
            raise ScoreError(
                f"winner {quote(won.name)} still holds {' '.join(codes(sort_tiles(won.tiles)))};"
                " the winner ends with an empty rack [R-FINISH]"
            )
    for hand in hands:
        if hand is won:
            continue
        if hand.state is None:
            n = hand.name if quote(hand.name) == f"'{hand.name}'" else "NAME"  # shown as typed
            raise ScoreError(
                f"player {quote(hand.name)} has no state: write '{n}: not', '{n}: melds TILES'"
                f" or '{n}: pairs TILES' [R-PENALTY]"
            )
        if hand.state != "not" and not hand.tiles:
            raise ScoreError(
                f"player {quote(hand.name)} opened with {hand.state} but lists no tiles left;"
                " only the winner ends with an empty rack [R-PENALTY]"
            )
        if ending in ("one-turn", "one-turn-joker") and hand.state != "not":
            raise ScoreError(
                f"player {quote(hand.name)} opened with {hand.state}, but a one-turn finish"
                " needs every opponent unopened [R-ONE-TURN]"
            )
    if ending in OPEN_FINISH_ENDINGS and all(h.state == "not" for h in hands if h is not won):
        raise ScoreError(
            f"a {label} needs an opponent who had opened already, but nobody else"
            " had: use --end one-turn (or one-turn-joker) [R-OPEN-FINISH, R-ONE-TURN]"
        )
    _check_tile_set(hands, 1 if ending in JOKER_ENDINGS else 0)
    return won


def _hand_reason(state: State, tiles: Sequence[Tile], rules: ScoreRules) -> str:
    if state == "not":
        return f"never opened: {UNOPENED_PENALTY}"
    joker = (
        f" (a joker counts {rules.joker_left_points})" if any(t.face is None for t in tiles) else ""
    )
    points = tiles_points(tiles, rules)
    if state == "melds":
        return f"opened with melds: tiles left sum to {points}{joker}"
    return f"opened with pairs: tiles left sum to {points}{joker}, doubled"


_WIN_REASONS: dict[Ending, str] = {
    "normal": "finished: the winner gains {}",
    "joker": "finished by discarding a joker: the winner gains {}",
    "one-turn": "finished in one turn: the winner gains {}",
    "one-turn-joker": "finished in one turn with a joker: the winner gains {}",
    "open-finish": "opened and finished in one turn after others opened: the winner gains {}",
    "open-finish-joker": "opened and finished in one turn after others opened, with a joker:"
    " the winner gains {}",
}


@dataclass(frozen=True)
class _Finish:
    """What the finish does to the opponents: the ladder of R-FINISH-TABLE
    (``factor`` 1, 2 or 4, ``None`` on the classic table), the pairs winner of
    R-PAIRS-FINISH, the round multiplier, and whether the round is empty or void."""

    ladder: int | None = None
    pairs_winner: bool = False
    round_multiplier: int = 1
    empty: bool = False
    void: bool = False


def _score_loser(
    hand: PlayerHand, ending: Ending, rules: ScoreRules, finish: _Finish, declared: bool = False
) -> PlayerScore:
    assert hand.state is not None
    tiles = sort_tiles(hand.tiles)
    one_turn = ending in ("one-turn", "one-turn-joker")
    outside = rules.house.okey_left == "outside" and hand.state != "not"
    okeys = sum(1 for t in tiles if t.face is None)
    surcharge = okeys * rules.joker_left_points if outside else 0
    hand_points = (
        UNOPENED_PENALTY if hand.state == "not" else tiles_points(tiles, rules) - surcharge
    )
    declared_unopened = (
        declared and rules.house.pairs_declare and hand.state == "not" and not one_turn
    )
    pairs_multiplier = PAIRS_PENALTY_FACTOR if hand.state == "pairs" or declared_unopened else 1
    base = hand_points * pairs_multiplier
    reason = _hand_reason(hand.state, tiles, rules)
    if declared_unopened:
        reason = f"declared pairs and never opened: {UNOPENED_PENALTY}, doubled"
    if surcharge:
        reason = f"{reason}; the okeys left {surcharge}, outside every multiplier (house)"
    multiplier: int
    rule = "R-PENALTY"
    if finish.void:
        multiplier, rule = 0, "R-PAIRS-CAP"
        reason = "all four opened with pairs: the round is void and dealt again (house rule)"
    elif ending == "stock" and finish.empty:
        multiplier, rule = 0, "R-SCORE"
        reason = "stock ran out and nobody opened: the round scores nothing (seed 004 variant)"
    elif ending == "stock":
        multiplier = 1
        reason = f"stock ran out: {reason}"
    elif finish.ladder is not None:
        multiplier = finish.ladder
        if multiplier > 1:
            rule = "R-FINISH-TABLE"
            reason = f"{reason}; times {multiplier} by the okey-plus finish table"
    elif one_turn:
        loss = ONE_TURN_LOSS if ending == "one-turn" else ONE_TURN_JOKER_LOSS
        multiplier, rule = loss // UNOPENED_PENALTY, "R-ONE-TURN"
        joker = " with a joker" if ending == "one-turn-joker" else ""
        reason = f"one-turn finish{joker}: every opponent loses {loss}"
    else:
        multiplier = 1
        doubled = "again" if hand.state == "pairs" else ""
        if ending in JOKER_ENDINGS:
            multiplier *= JOKER_FINISH_FACTOR
            rule = "R-JOKER-FINISH"
            reason = f"{reason}; doubled{' ' + doubled if doubled else ''} by the joker finish"
            doubled = "again"
        if ending in OPEN_FINISH_ENDINGS:
            if rules.open_finish == "double":
                multiplier *= 2
                rule = "R-OPEN-FINISH"
                reason = (
                    f"{reason}; doubled{' ' + doubled if doubled else ''}: the winner opened"
                    " and finished in one turn (house: double)"
                )
                doubled = "again"
            else:
                reason = f"{reason}; opened and finished in one turn: scored plain (house: plain)"
        if finish.pairs_winner:
            multiplier *= 2
            rule = "R-PAIRS-FINISH"
            reason = (
                f"{reason}; doubled{' ' + doubled if doubled else ''}: the winner had opened"
                " with pairs (house rule)"
            )
    if one_turn and finish.ladder is None:
        hand_points, pairs_multiplier, base = UNOPENED_PENALTY, 1, UNOPENED_PENALTY
    round_multiplier = finish.round_multiplier
    if finish.void:
        surcharge = 0
    elif round_multiplier != 1 and multiplier:
        reason = f"{reason}; times {round_multiplier} for the round"
    points = -rules.sign * (base * multiplier * round_multiplier + surcharge)
    return PlayerScore(
        hand.name, hand.state, tiles, False, base, multiplier, points, rule, reason,
        sign=rules.sign, hand_points=hand_points, pairs_multiplier=pairs_multiplier,
        okey_surcharge=surcharge, round_multiplier=round_multiplier, declared=declared,
    )  # fmt: skip


def _check_house(
    hands: Sequence[PlayerHand],
    won: PlayerHand | None,
    rules: ScoreRules,
    declared: Sequence[str],
    kat: int,
    fake_indicator: bool,
) -> set[int]:
    """Check the round's facts against the house rules; return the ids of the
    declared players' hands. Raises :class:`ScoreError` [R-KATLAMA, R-RIZIKO,
    R-PAIRS-DECLARE, R-PAIRS-CAP, R-TEAMS, R-FINISH-TABLE]."""
    house = rules.house
    if not 1 <= kat <= MAX_KAT:
        raise ScoreError(f"a kat of {kat}: the table's multiplier is 1 to {MAX_KAT} [R-KATLAMA]")
    if kat != 1 and not house.katlama:
        raise ScoreError(
            f"a kat of {kat} needs the house rule R-KATLAMA (--katlama); this table counts"
            " every round once [R-KATLAMA]"
        )
    if fake_indicator and not house.riziko:
        raise ScoreError(
            "a fake okey as the indicator makes a riziko round only under the house rule"
            " R-RIZIKO (--riziko); this table turns up another tile instead [R-RIZIKO]"
        )
    if house.teams and len(hands) != 4:
        raise ScoreError(
            f"eşli 101 is four players, partners opposite; the round has {len(hands)} [R-TEAMS]"
        )
    if house.finish_table == "okey-plus" and rules.pairs_finish_doubles:
        raise ScoreError(
            "the okey-plus finish table doubles a pairs finish already: drop"
            " --pairs-finish-doubles [R-FINISH-TABLE, R-PAIRS-FINISH]"
        )
    if house.finish_table == "okey-plus" and rules.open_finish == "double":
        raise ScoreError(
            "the okey-plus finish table doubles a finish from the hand already: drop"
            " --open-finish double [R-FINISH-TABLE, R-OPEN-FINISH]"
        )
    if declared and not house.pairs_declare:
        raise ScoreError(
            "a declared pairs player needs the house rule R-PAIRS-DECLARE (--pairs-declare)"
            " [R-PAIRS-DECLARE]"
        )
    ids: set[int] = set()
    for name in declared:
        check_name(name, "declared")
        hand = _match_player(hands, name)
        if hand is None:
            listed = one_line(", ".join(escape(h.name, TOKEN_LIMIT) for h in hands), 80)
            raise ScoreError(
                f"declared {quote(name)} is not one of the players ({listed}) [R-PAIRS-DECLARE]"
            )
        if hand.state == "melds":
            raise ScoreError(
                f"player {quote(hand.name)} declared pairs but opened with melds; a declared"
                " player opens with pairs or not at all [R-PAIRS-DECLARE]"
            )
        ids.add(id(hand))
    if house.pairs_cap and len(ids) > 3:
        raise ScoreError(
            f"{len(ids)} players declared pairs; at most three of a table may go for pairs"
            " [R-PAIRS-CAP]"
        )
    return ids


def _finish(
    ending: Ending, won: PlayerHand | None, hands: Sequence[PlayerHand], rules: ScoreRules
) -> tuple[int, int | None]:
    """The winner's amount and, on the okey-plus table, the opponents' factor: the
    ladder counts an okey finish, a finish from the hand (one turn or the opening
    turn) and a pairs opening; none 101 and 1, one 202 and 2, two or more 404 and 4
    [R-FINISH-TABLE]. On the classic table the factor is ``None`` [R-SCORE]."""
    if rules.house.finish_table == "okey-plus":
        rungs = (
            (ending in JOKER_ENDINGS)
            + (ending in ("one-turn", "one-turn-joker", *OPEN_FINISH_ENDINGS))
            + (won is not None and won.state == "pairs")
        )
        step = min(rungs, 2)
        return (NORMAL_WIN, JOKER_WIN, ONE_TURN_JOKER_WIN)[step], (1, 2, 4)[step]
    gain = WINS[ending] if ending != "stock" else 0
    if ending in OPEN_FINISH_ENDINGS and rules.open_finish == "double":
        gain *= 2
    return gain, None


def score_round(
    ending: Ending,
    winner: str | None,
    hands: Sequence[PlayerHand],
    rules: ScoreRules | None = None,
    extras: Sequence[ExtraPenalty] = (),
    *,
    declared: Sequence[str] = (),
    kat: int = 1,
    fake_indicator: bool = False,
) -> RoundScore:
    """Score one round [R-PENALTY, R-JOKER-FINISH, R-ONE-TURN, R-SCORE, R-EXTRA-PENALTY].

    ``ending``: one of :data:`ENDINGS`; ``winner``: the name of the player who
    finished (matched case-insensitively), ``None`` when the stock ran out;
    ``hands``: every player, the winner included, at least 2; ``extras``: extra
    penalties, each to a player of ``hands`` (matched case-insensitively, the
    winner too), several per player allowed. Returns one :class:`PlayerScore`
    per hand, in input order, each with its extras in input order. Raises
    :class:`ScoreError` (see :func:`validate_round`; an extra to someone not
    at the table, or of 0 or fewer points).

    The round's facts under the house rules (``rules.house``): ``declared``, the
    names of the players who declared pairs [R-PAIRS-DECLARE]; ``kat``, the table's
    multiplier, 1–64 [R-KATLAMA]; ``fake_indicator``, a riziko round [R-RIZIKO].
    Each needs its house switch on (else :class:`ScoreError`); a ``fed-opening`` or
    ``layoff-takeback`` extra likewise [R-FED-OPENING, R-LAYOFF-TAKEBACK]. All four
    players marked pairs void the round under R-PAIRS-CAP: every player's points 0,
    the extras still count.
    """
    rules = rules or ScoreRules()
    won = validate_round(ending, winner, hands, rules)
    declared_ids = _check_house(hands, won, rules, declared, kat, fake_indicator)
    owed: dict[int, list[ExtraPenalty]] = {}
    for extra in extras:
        check_name(extra.name, "extra penalty for")
        hand = _match_player(hands, extra.name)
        if hand is None:
            listed = ", ".join(h.name for h in hands)
            raise ScoreError(
                f"extra penalty for '{extra.name}', who is not one of the players ({listed})"
                " [R-EXTRA-PENALTY]"
            )
        if extra.points <= 0:
            raise ScoreError(
                f"extra penalty for '{extra.name}': {extra.points} points; an extra penalty"
                " costs 1 point or more [R-EXTRA-PENALTY]"
            )
        _check_house_extra(extra, hand, hands, rules, declared_ids)
        owed.setdefault(id(hand), []).append(replace(extra, name=hand.name))
    empty = (
        ending == "stock"
        and rules.nobody_opened_scores_nothing
        and all(h.state == "not" for h in hands)
    )
    void = rules.house.pairs_cap and len(hands) == 4 and all(h.state == "pairs" for h in hands)
    pairs_winner = (
        rules.pairs_finish_doubles
        and won is not None
        and won.state == "pairs"
        and ending not in ("one-turn", "one-turn-joker")
    )
    gain, ladder = _finish(ending, won, hands, rules)
    round_multiplier = kat * (2 if fake_indicator else 1)
    finish = _Finish(ladder, pairs_winner, round_multiplier, empty, void)
    rows: list[PlayerScore] = []
    for hand in hands:
        if hand is won:
            rule = "R-SCORE"
            if ending in OPEN_FINISH_ENDINGS and rules.open_finish == "double":
                rule = "R-OPEN-FINISH"
            if ladder is not None and ladder > 1:
                rule = "R-FINISH-TABLE"
            reason = _WIN_REASONS[ending].format(gain)
            if ladder is not None and ladder > 1:
                reason = f"{reason} (okey-plus finish table)"
            amount = gain * round_multiplier
            if void:
                amount, rule = 0, "R-PAIRS-CAP"
                reason = "all four opened with pairs: the round is void and dealt again"
            elif round_multiplier != 1:
                reason = f"{reason}, times {round_multiplier} for the round: {amount}"
            if rules.sheet == "paper" and not void:
                reason = f"{reason}, written -{amount} on the paper sheet"
            rows.append(
                PlayerScore(
                    hand.name, hand.state, (), True, 0, None, rules.sign * amount, rule, reason,
                    sign=rules.sign, round_multiplier=round_multiplier,
                    winner_amount=0 if void else gain, declared=id(hand) in declared_ids,
                )
            )  # fmt: skip
        else:
            rows.append(_score_loser(hand, ending, rules, finish, id(hand) in declared_ids))
        rows[-1] = replace(rows[-1], extras=tuple(owed.get(id(hand), ())))
    return RoundScore(
        ending, won.name if won else None, rules, tuple(rows), kat, fake_indicator, void
    )


def _check_house_extra(
    extra: ExtraPenalty,
    hand: PlayerHand,
    hands: Sequence[PlayerHand],
    rules: ScoreRules,
    declared_ids: set[int],
) -> None:
    """Refuse a house extra whose rule is off, and a fed opening whose taker is not
    at the table, is the discarder, or declared pairs (the +101 falls)
    [R-FED-OPENING, R-PAIRS-DECLARE, R-LAYOFF-TAKEBACK]."""
    house = HOUSE_EXTRAS.get(extra.kind)
    if house is None:
        return
    _, rule, switch = house
    if not getattr(rules.house, switch):
        raise ScoreError(
            f"extra for {quote(hand.name)}: {extra.kind} is the house rule {rule}"
            f" ({HOUSE_OPTIONS[switch]}), not played at this table [{rule}]"
        )
    if not extra.taker:
        return
    taker = _match_player(hands, extra.taker)
    if taker is None or taker is hand:
        who = "the discarder" if taker is hand else "not one of the players"
        raise ScoreError(
            f"extra for {quote(hand.name)}: fed-opening {quote(extra.taker)}: the taker is"
            f" {who} [R-FED-OPENING]"
        )
    if id(taker) in declared_ids:
        raise ScoreError(
            f"extra for {quote(hand.name)}: {quote(taker.name)} declared pairs, so feeding"
            " that opening costs nothing [R-PAIRS-DECLARE, R-FED-OPENING]"
        )


def round_json(score: RoundScore) -> dict[str, Any]:
    """The scored round as a JSON-ready dict (keys in this order)::

    {"end": "joker", "winner": "Ali" | null,
     "rules": {"joker_left_points": 101, "nobody_opened_scores_nothing": false, …},
     "house": {every switch of HouseRules} [R-TEAMS, R-RIZIKO, …],
     "players": [{"name", "state" (null for a winner given no state),
                  "tiles" (codes, canonical order), "base_penalty", "multiplier"
                  (null for the winner), "points", "rule", "reason",
                  "extras": [{"kind", "penalty" (points, positive), "points"
                              (-penalty), "rule": "R-EXTRA-PENALTY", "reason"}],
                  "result" (points plus the extras' points),
                  "declared" (declared pairs), "parts" (:func:`parts_json`)}],
     "total": int (the sum of the results),
     "kat": int, "fake_indicator": bool, "round_multiplier": {"value", "rules"},
     "void": bool, "teams": [{"players": [2 names], "result"}] (empty unless R-TEAMS)}
    """
    return {
        "end": score.ending,
        "winner": score.winner,
        "rules": score.rules.to_json(),
        "house": score.rules.house.to_json(),
        "players": [
            {
                "name": p.name,
                "state": p.state,
                "tiles": codes(p.tiles),
                "base_penalty": p.base_penalty,
                "multiplier": p.multiplier,
                "points": p.points,
                "rule": p.rule,
                "reason": p.reason,
                "extras": [extra_json(e, p.sign) for e in p.extras],
                "result": p.result,
                "declared": p.declared,
                "parts": parts_json(p),
            }
            for p in score.players
        ],
        "total": score.total,
        "kat": score.kat,
        "fake_indicator": score.fake_indicator,
        "round_multiplier": {
            "value": score.round_multiplier,
            "rules": _round_rules(score),
        },
        "void": score.void,
        "teams": [{"players": list(names), "result": result} for names, result in score.teams],
    }


def _round_rules(score: RoundScore) -> list[str]:
    out = []
    if score.kat != 1:
        out.append("R-KATLAMA")
    if score.fake_indicator:
        out.append("R-RIZIKO")
    return out


def parts_json(p: PlayerScore) -> dict[str, Any]:
    """A player's points as named parts (what a referee checks), keys in this order:
    ``{"hand_penalty", "pairs_multiplier", "finish_multiplier" (null for the winner),
    "okey_surcharge", "round_multiplier", "winner_amount" (null for the others),
    "extras": [{"kind", "rule", "points"}]}``. A loser's ``points`` is
    ``-(hand_penalty * pairs_multiplier * finish_multiplier * round_multiplier +
    okey_surcharge)``, the winner's ``winner_amount * round_multiplier`` (signs turned
    on the paper sheet); the result adds the extras [R-PENALTY, R-PAIRS-DECLARE,
    R-OKEY-LEFT, R-FINISH-TABLE, R-KATLAMA, R-RIZIKO, R-EXTRA-PENALTY]."""
    return {
        "hand_penalty": p.hand_points if not p.winner else 0,
        "pairs_multiplier": p.pairs_multiplier,
        "finish_multiplier": p.multiplier,
        "okey_surcharge": p.okey_surcharge,
        "round_multiplier": p.round_multiplier,
        "winner_amount": p.winner_amount,
        "extras": [
            {"kind": e.kind, "rule": e.rule, "points": -p.sign * e.points} for e in p.extras
        ],
    }


def extra_json(extra: ExtraPenalty, sign: int = 1) -> dict[str, Any]:
    """One extra penalty as a JSON-ready dict, keys in this order: ``{"kind",
    "penalty" (points, positive), "points" (its effect on the result, negative;
    positive on the paper sheet, ``sign`` -1), "rule", "reason"}``
    [R-EXTRA-PENALTY, R-PAPER-SHEET]."""
    return {
        "kind": extra.kind,
        "penalty": extra.points,
        "points": -sign * extra.points,
        "rule": extra.rule,
        "reason": extra.reason,
    }
