"""One round of 101 as seen from one seat: events in, the state out [R-TILES, R-RACK].

A round is told as a list of :class:`Event` values (what ``rummy101 track``
writes to its game file, one a line, and what a bot of a simulated round would
emit); :func:`replay` folds them into a :class:`RoundState`. Every event is
checked against the state before it (:func:`apply` raises :class:`RoundError`,
one line citing the rule), so a state is always a possible moment of a real
round:

- the 106-tile accounting [R-TILES, R-INDICATOR]: the rack, the table, the
  discard pile, the indicator and the tiles an opponent is known to hold (a
  discard they took) never hold more copies of a tile than the set has;
- a rack never holds more than 22 tiles [R-RACK];
- the player's own turn: ``draw`` or ``take`` (only the discard of the player
  before, right after it was made [R-TAKE-DISCARD]), then ``lay`` (an opening
  meeting the bar [R-OPEN-MELDS, R-OPEN-PAIRS, R-RISING, R-NO-MIX], keeping a
  tile for the discard [R-KEEP-DISCARD], using a taken tile [R-TAKE-DISCARD]),
  then ``discard`` (a tile on the rack); emptying the rack finishes the round
  [R-FINISH];
- other players: ``seen`` (their discard), ``lay`` (their melds or lay-offs),
  ``take`` (they took the discard before them), ``opened`` (their opening when
  its tiles are not told), ``finish`` (they emptied their rack);
- ``stock``: the stock ran out at the start of a turn: the round is over with
  no winner, everyone takes their hand penalty [R-SCORE]; refused while the
  stock must still hold tiles (:func:`stock_left`);
- the turn order [R-TURN]: seats play 1, 2, … N, 1, …; seat 1 plays first
  (you, when dealt 22 tiles); a turn passes on with its discard. Every event
  belongs to the seat whose turn it is: a take only first in the turn, your
  draw only in your turn, another seat's discard, lay, opening or finish only
  in theirs.

Players are seats 1…N; ``seat`` is the player the state belongs to ("you").
An ``undo`` event takes back the last event not yet taken back
(:func:`effective`), so the log stays append-only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from rummy101_solver.game.parsing import RackError, parse_arrangement
from rummy101_solver.game.rules import (
    MELD_THRESHOLD,
    PAIRS_THRESHOLD,
    GroupKind,
    OpeningKind,
    Rules,
    judge_group,
)
from rummy101_solver.game.tiles import (
    MAX_RACK,
    WILD_TILES,
    Face,
    Tile,
    sort_tiles,
    tile_set,
)
from rummy101_solver.messages import count_of

EventKind = Literal[
    "new", "draw", "take", "discard", "seen", "lay", "opened", "finish", "stock", "undo"
]  # fmt: skip
EVENT_KINDS: tuple[EventKind, ...] = (
    "new", "draw", "take", "discard", "seen", "lay", "opened", "finish", "stock", "undo",
)  # fmt: skip

Phase = Literal["draw", "play", "over"]
"""Your turn's moment: ``draw`` (waiting to draw or take), ``play`` (drawn:
lay, then discard), ``over`` (the round is finished)."""

RetrieveRule = Literal["any", "full-set"]

MIN_PLAYERS, MAX_PLAYERS = 2, 4


class RoundError(ValueError):
    """An event the round refuses; ``str()`` is one line naming the event and the
    rule, e.g. ``discard R5: R5 is not on your rack [R-KEEP-DISCARD]``."""


@dataclass(frozen=True)
class TrackRules:
    """The rules of a tracked round: the options of ``solve``/``play`` that hold
    for the whole round (the rising bar comes from the openings told)."""

    threshold: int = MELD_THRESHOLD
    pairs_threshold: int = PAIRS_THRESHOLD
    rising: bool = False
    indicator: Face | None = None
    joker_pairs: bool = True
    one_turn_any_value: bool = False
    layoff_limit: int | None = None
    retrieve: RetrieveRule = "any"
    same_turn_layoff: bool = True

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: every field, the indicator as its code."""
        return {
            "threshold": self.threshold,
            "pairs_threshold": self.pairs_threshold,
            "rising": self.rising,
            "indicator": self.indicator.code if self.indicator else None,
            "joker_pairs": self.joker_pairs,
            "one_turn_any_value": self.one_turn_any_value,
            "layoff_limit": self.layoff_limit,
            "retrieve": self.retrieve,
            "same_turn_layoff": self.same_turn_layoff,
        }


@dataclass(frozen=True)
class Event:
    """One event of a round.

    - ``new``: ``tiles`` the rack dealt, ``players``, ``seat``, ``rules``;
    - ``draw``: ``tile`` you drew; ``discard``: ``tile`` you discarded;
    - ``take``: ``player`` took the last discard of the player before (``tile``
      is filled in by :func:`apply`);
    - ``seen``: ``player`` discarded ``tile``;
    - ``lay``: ``player`` laid ``groups`` (each a group as written, jokers may be
      pinned ``J=R7``), or with ``onto`` (1-based table group) laid them off;
    - ``opened``: ``player`` opened with ``how`` (melds: ``value`` points;
      pairs: ``value`` pairs; ``None``: the bar in force);
    - ``finish``: ``player`` (another seat) finished, ``tile`` their last
      discard when told (else ``None``) [R-FINISH];
    - ``stock``: the stock ran out; the round is over, no winner [R-SCORE];
    - ``undo``: takes back the last event.
    """

    kind: EventKind
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()
    player: int | None = None
    groups: tuple[str, ...] = ()
    onto: int | None = None
    how: OpeningKind | None = None
    value: int | None = None
    players: int | None = None
    seat: int | None = None
    rules: TrackRules | None = None


@dataclass(frozen=True)
class TableMeld:
    """A group on the table: kind, tiles in order, the face each plays as, and
    the seat who laid it [R-RUN, R-SET, R-PAIR, R-WILD]."""

    kind: GroupKind
    tiles: tuple[Tile, ...]
    stands_for: tuple[Face, ...]
    player: int

    @property
    def value(self) -> int:
        """Points of the group [R-VALUE]."""
        return sum(f.number for f in self.stands_for)

    @property
    def text(self) -> str:
        """The group as written for ``check``: jokers pinned (``J=R7``)."""
        return " ".join(
            f"{t.code}={f.code}" if t.is_wild else t.code
            for t, f in zip(self.tiles, self.stands_for, strict=True)
        )


@dataclass(frozen=True)
class Opening:
    """A player's opening: melds (``value`` points) or pairs (``value`` pairs)."""

    how: OpeningKind
    value: int


@dataclass(frozen=True)
class RoundState:
    """A moment of the round as seen from ``seat``.

    ``rack``: your tiles, canonical order (≤ 22); ``table``: the groups in the
    order laid; ``discards``: the discard pile, oldest first, as (seat, tile);
    ``top``: the last discard still lying there, as (seat, tile), or ``None``
    (taken, or none yet); ``known``: per opponent, tiles they took from the pile
    and have not laid or discarded; ``opened``: seat → :class:`Opening`;
    ``phase``: see :data:`Phase`; ``taken``: the tile you took this turn and
    have not laid yet; ``events``: how many effective events made this state;
    ``winner``: the seat that finished, or ``None`` (also when the stock ran
    out: ``phase`` ``over``, no winner [R-SCORE]); ``turn``: the seat whose
    turn it is [R-TURN]; ``moved``: that seat (another player) has taken,
    laid or opened this turn (its draw is never told); ``dealt``: the tiles
    of your rack as dealt (a short rack, 1–20, tracks part of a round);
    ``tiles_laid``: per opponent, the tiles they laid in melds and lay-offs
    (a joker retrieval lays none: the joker comes back) [R-RACK].
    """

    players: int
    seat: int
    rules: TrackRules
    rack: tuple[Tile, ...]
    table: tuple[TableMeld, ...] = ()
    discards: tuple[tuple[int, Tile], ...] = ()
    top: tuple[int, Tile] | None = None
    known: tuple[tuple[int, tuple[Tile, ...]], ...] = ()
    opened: tuple[tuple[int, Opening], ...] = ()
    phase: Phase = "draw"
    taken: Tile | None = None
    events: int = 1
    winner: int | None = None
    turn: int = 1
    moved: bool = False
    dealt: int = 21
    tiles_laid: tuple[tuple[int, int], ...] = ()

    # --- derived -------------------------------------------------------------------
    @property
    def before(self) -> int:
        """The seat playing before you (whose discard you may take)."""
        return before(self.seat, self.players)

    def opening(self, player: int) -> Opening | None:
        """The opening of ``player``, or ``None``."""
        return dict(self.opened).get(player)

    @property
    def my_opening(self) -> Opening | None:
        """Your opening, or ``None``."""
        return self.opening(self.seat)

    def held(self, player: int) -> tuple[Tile, ...]:
        """Tiles ``player`` (an opponent) is known to hold."""
        return dict(self.known).get(player, ())

    @property
    def pile(self) -> tuple[Tile, ...]:
        """The tiles of the discard pile."""
        return tuple(t for _, t in self.discards)

    @property
    def seen(self) -> tuple[Tile, ...]:
        """Every tile out of the stock and off your rack that you know: the table,
        the discard pile, tiles opponents took; canonical order."""
        table = [t for g in self.table for t in g.tiles]
        hands = [t for _, tiles in self.known for t in tiles]
        return sort_tiles([*table, *self.pile, *hands])

    @property
    def highest_melds(self) -> int | None:
        """The highest meld opening so far (points), or ``None`` [R-RISING]."""
        values = [o.value for _, o in self.opened if o.how == "melds"]
        return max(values) if values else None

    @property
    def highest_pairs(self) -> int | None:
        """The most pairs opened so far, or ``None`` [R-RISING]."""
        values = [o.value for _, o in self.opened if o.how == "pairs"]
        return max(values) if values else None

    def game_rules(self) -> Rules:
        """The :class:`~rummy101_solver.game.rules.Rules` in force now: in rising
        mode the bars follow the highest openings so far [R-RISING]."""
        r = self.rules
        rising = r.rising
        return Rules(
            threshold=r.threshold,
            pairs_threshold=r.pairs_threshold,
            after=self.highest_melds if rising else None,
            after_pairs=self.highest_pairs if rising else None,
            indicator=r.indicator,
            joker_pairs=r.joker_pairs,
            rising_mode=rising,
            one_turn_any_value=r.one_turn_any_value,
        )

    @property
    def pairs_on_table(self) -> bool:
        """Someone opened with pairs [R-PAIRS-AFTER]."""
        return any(o.how == "pairs" for _, o in self.opened)

    def unseen_counts(self) -> dict[Tile, int]:
        """Copies of each kind not yet seen (every kind of the set, zeros
        included, canonical order): the set minus the rack, :attr:`seen` and
        the indicator [R-TILES, R-INDICATOR]."""
        left = _unseen(self)
        return {t: left[t] for t in sort_tiles(left)}


def _unseen(state: RoundState) -> Counter[Tile]:
    """:meth:`RoundState.unseen_counts` unsorted, for the checks of every event
    (a simulated round asks thousands of times) [R-TILES, R-INDICATOR]."""
    left = tile_set(state.rules.indicator)
    left.subtract(state.rack)
    for group in state.table:
        left.subtract(group.tiles)
    left.subtract(t for _, t in state.discards)
    for _, tiles in state.known:
        left.subtract(tiles)
    return left


def before(seat: int, players: int) -> int:
    """The seat before ``seat`` in turn order (1 before 2, N before 1)."""
    return (seat - 2) % players + 1


def next_seat(seat: int, players: int) -> int:
    """The seat after ``seat`` in turn order (2 after 1, 1 after N) [R-TURN]."""
    return seat % players + 1


def _check_on_turn(state: RoundState, player: int, what: str) -> None:
    """``player`` (another seat) acts only in their own turn [R-TURN]."""
    turn = state.turn
    if turn == player:
        return
    if turn == state.seat and state.phase == "draw":
        raise RoundError(
            f"{what}: it is your turn, not player {player}'s; tell your draw or take first [R-TURN]"
        )
    if turn == state.seat:
        raise RoundError(
            f"{what}: it is your turn, not player {player}'s; you have drawn, so your discard"
            " comes first [R-TURN]"
        )
    raise RoundError(
        f"{what}: it is player {turn}'s turn, not player {player}'s; tell player {turn}'s"
        f" discard first (seen {turn} TILE) [R-TURN]"
    )


def _check_my_turn(state: RoundState, what: str) -> None:
    """Your draw or take only in your own turn [R-TURN]."""
    if state.turn != state.seat:
        previous = state.before
        raise RoundError(
            f"{what}: it is player {state.turn}'s turn, not yours; your turn comes after"
            f" player {previous}'s discard (seen {previous} TILE) [R-TURN]"
        )


def _who(state: RoundState, player: int) -> str:
    return "you" if player == state.seat else f"player {player}"


def _whose(state: RoundState, player: int) -> str:
    return "your" if player == state.seat else f"player {player}'s"


def _copies_left(state: RoundState, tile: Tile) -> int:
    return _unseen(state)[tile]


def _third(tile: Tile, where: str) -> str:
    if tile.is_wild:
        return f"a third wild tile {where}; the set has only {WILD_TILES} [R-TILES]"
    if tile.fake:
        return f"a third fake okey {where}; the set has only 2 [R-INDICATOR]"
    return f"every {tile.code} is placed already {where} [R-TILES]"


def _check_player(state: RoundState, player: int | None, what: str) -> int:
    if player is None or not 1 <= player <= state.players:
        raise RoundError(f"{what}: no player {player}; players are 1–{state.players}")
    return player


def _check_other(state: RoundState, player: int | None, what: str) -> int:
    player = _check_player(state, player, what)
    if player == state.seat:
        raise RoundError(f"{what}: player {player} is you; {_OWN[what.split()[0]]}")
    return player


_OWN = {
    "seen": "your own discard is 'discard TILE'",
    "finish": "your own finish is the discard of your last tile ('discard TILE')",
    "opened": "your own opening is the lay of its groups ('lay' with your seat)",
}


def _with_known(state: RoundState, player: int, tiles: Sequence[Tile]) -> RoundState:
    known = dict(state.known)
    if tiles:
        known[player] = sort_tiles(tiles)
    else:
        known.pop(player, None)
    return replace(state, known=tuple(sorted(known.items())))


def _judge(
    text: str, rules: TrackRules, what: str, player: int, grown: bool = False
) -> list[TableMeld]:
    """The groups of ``text``, each judged legal [R-RUN, R-SET, R-PAIR, R-WILD]."""
    try:
        groups = parse_arrangement(text, indicator=rules.indicator)
    except RackError as err:
        raise RoundError(f"{what}: {err}") from None
    game_rules = Rules(indicator=rules.indicator, joker_pairs=rules.joker_pairs)
    out = []
    for number, group in enumerate(groups, start=1):
        words = " ".join(lt.token for lt in group)
        name = f"the group would be {words}, which" if grown else f"group {number} ({words})"
        if all(lt.tile.is_wild for lt in group):
            raise RoundError(f"{what}: group {number} ({words}) holds no numbered tile [R-WILD]")
        verdict = judge_group([(lt.tile, lt.pin) for lt in group], game_rules)
        if verdict.errors or verdict.kind is None:
            first = verdict.errors[0]
            raise RoundError(f"{what}: {name} is not legal: {first.message} [{first.rule}]")
        places = [(lt.tile, f) for lt, f in zip(group, verdict.stands_for, strict=True)]
        if verdict.kind == "run":
            places.sort(key=lambda p: p[1].number if p[1] else 0)
        elif verdict.kind == "set":
            places.sort(key=lambda p: p[1].colour.rank if p[1] else 0)
        faces = tuple(f for _, f in places if f is not None)
        out.append(TableMeld(verdict.kind, tuple(t for t, _ in places), faces, player))
    return out


def _take_from(state: RoundState, player: int, tiles: Sequence[Tile], what: str) -> RoundState:
    """Remove ``tiles`` from where ``player`` holds them: your rack, or an
    opponent's known tiles and else the unseen ones (checking copies)."""
    if player == state.seat:
        rack = Counter(state.rack)
        for tile in tiles:
            if rack[tile] <= 0:
                raise RoundError(f"{what}: {tile.code} is not on your rack")
            rack[tile] -= 1
        return replace(state, rack=sort_tiles(rack.elements()))
    held = Counter(state.held(player))
    unseen = _unseen(state)
    for tile in tiles:
        if held[tile] > 0:
            held[tile] -= 1
        elif unseen[tile] > 0:
            unseen[tile] -= 1
        else:
            raise RoundError(f"{what}: {_third(tile, 'counting the rack, table and discards')}")
    return _with_known(state, player, list(held.elements()))


def _check_rack_size(state: RoundState, player: int, count: int, what: str) -> RoundState:
    """The state with ``count`` more tiles laid by opponent ``player``; refused
    (:class:`RoundError`) when their rack cannot hold them and a tile for the
    discard. An opponent holds 22 tiles in their turn (21 between turns, and
    the draw or take; the starting player is dealt 22), less what they laid
    before [R-RACK, R-KEEP-DISCARD]. Your own lays are checked on your rack."""
    if player == state.seat:
        return state
    done = dict(state.tiles_laid)
    before = done.get(player, 0)
    holds = MAX_RACK - before
    if count >= holds:
        raise RoundError(
            f"{what}: player {player} holds at most {count_of(holds, 'tiles')} in this turn"
            f" (22 less the {before} laid before), so laying {count_of(count, 'tiles')} leaves"
            " no tile for the discard [R-RACK, R-KEEP-DISCARD]"
        )
    done[player] = before + count
    return replace(state, tiles_laid=tuple(sorted(done.items())))


def _still_taken(state: RoundState, player: int, laid: Sequence[Tile]) -> Tile | None:
    """The tile you took this turn and have not used yet, once ``player`` laid
    ``laid``: it is used when laid in a meld, a lay-off or a retrieval
    [R-TAKE-DISCARD]."""
    if player != state.seat or state.taken not in laid:
        return state.taken
    return None


def _lay(state: RoundState, event: Event) -> RoundState:
    player = _check_player(state, event.player, "lay")
    what = "your lay" if player == state.seat else f"lay player {player}"
    if player == state.seat and state.phase != "play":
        raise RoundError(f"{what}: lay in your turn, after the draw [R-TAKE-DISCARD]")
    if player != state.seat:
        onto = "" if event.onto is None else f" --onto {event.onto}"
        _check_on_turn(state, player, f"{what}{onto}")
        state = replace(state, moved=True)
    text = " | ".join(event.groups)
    if event.onto is not None:
        return _lay_off(state, player, event.onto, text, what)
    melds = _judge(text, state.rules, what, player)
    laid = [t for m in melds for t in m.tiles]
    after = _take_from(_check_rack_size(state, player, len(laid), what), player, laid, what)
    if player == state.seat and not after.rack:
        raise RoundError(
            f"{what}: keep a tile on the rack for the discard [R-KEEP-DISCARD, R-FINISH]"
        )
    opening = state.opening(player)
    if opening is None:
        opening = _check_opening(state, player, melds, what)
        after = replace(after, opened=tuple(sorted((*state.opened, (player, opening)))))
        if player == state.seat and state.taken is not None and state.taken not in laid:
            raise RoundError(
                f"{what}: the taken tile {state.taken.code} must be in the opening [R-TAKE-DISCARD]"
            )
    elif opening.how == "pairs" and any(m.kind != "pair" for m in melds):
        raise RoundError(
            f"{what}: a player opened with pairs lays no new runs or sets [R-PAIRS-AFTER]"
        )
    return replace(after, table=(*state.table, *melds), taken=_still_taken(state, player, laid))


def _bar_rule(state: RoundState, how: OpeningKind) -> str:
    """The rule ids of the bar an opening with ``how`` must meet: R-RISING only
    in rising mode [R-OPEN-MELDS, R-OPEN-PAIRS, R-RISING]."""
    rule = "R-OPEN-MELDS" if how == "melds" else "R-OPEN-PAIRS"
    return f"{rule}, R-RISING" if state.rules.rising else rule


def _check_opening(
    state: RoundState, player: int, melds: Sequence[TableMeld], what: str
) -> Opening:
    rules = state.game_rules()
    pairs = [m for m in melds if m.kind == "pair"]
    if pairs and len(pairs) != len(melds):
        raise RoundError(f"{what}: an opening is melds or pairs, never both [R-NO-MIX]")
    if pairs:
        if len(pairs) < rules.pairs_bar:
            raise RoundError(
                f"{what}: {len(pairs)} pairs do not open; the bar is {rules.pairs_bar} pairs"
                f" [{_bar_rule(state, 'pairs')}]"
            )
        return Opening("pairs", len(pairs))
    value = sum(m.value for m in melds)
    if value < rules.meld_bar:
        raise RoundError(
            f"{what}: {value} points do not open; the bar is {rules.meld_bar} points"
            f" [{_bar_rule(state, 'melds')}]"
        )
    return Opening("melds", value)


def _lay_off(state: RoundState, player: int, onto: int, text: str, what: str) -> RoundState:
    """Tiles laid off onto table group ``onto`` (1-based): the grown group must be
    legal and of the same kind [R-LAYOFF]."""
    what = f"{what} --onto {onto}"
    if not 1 <= onto <= len(state.table):
        groups = f"1–{len(state.table)}" if state.table else "none yet"
        raise RoundError(f"{what}: no table group {onto} (groups: {groups})")
    if state.opening(player) is None:
        raise RoundError(f"{what}: lay off only after one's own opening [R-LAYOFF]")
    group = state.table[onto - 1]
    try:
        parts = parse_arrangement(text, indicator=state.rules.indicator)
    except RackError as err:
        raise RoundError(f"{what}: {err}") from None
    laid = [lt for part in parts for lt in part]
    if len(laid) == 1 and laid[0].pin is None and not laid[0].tile.is_wild:
        spots = [
            i
            for i, (t, f) in enumerate(zip(group.tiles, group.stands_for, strict=True))
            if t.is_wild and f == laid[0].tile.face
        ]
        if spots:  # a pair's joker too: the pair stays a pair [R-RETRIEVE]
            return _retrieve(state, player, onto, spots[0], laid[0].tile, what)
    if group.kind == "pair":
        raise RoundError(f"{what}: a pair does not grow [R-LAYOFF]")
    words = [lt.token if lt.pin is None else f"{lt.tile.code}={lt.pin.code}" for lt in laid]
    grown = _judge(f"{group.text} {' '.join(words)}", state.rules, what, group.player, True)[0]
    if grown.kind != group.kind:
        raise RoundError(f"{what}: the {group.kind} would become a {grown.kind} [R-LAYOFF]")
    counted = _check_rack_size(state, player, len(laid), what)
    after = _take_from(counted, player, [lt.tile for lt in laid], what)
    if player == state.seat and not after.rack:
        raise RoundError(
            f"{what}: keep a tile on the rack for the discard [R-KEEP-DISCARD, R-FINISH]"
        )
    table = list(state.table)
    table[onto - 1] = grown
    taken = _still_taken(state, player, [lt.tile for lt in laid])
    return replace(after, table=tuple(table), taken=taken)


def _retrieve(
    state: RoundState, player: int, onto: int, spot: int, tile: Tile, what: str
) -> RoundState:
    """``tile`` takes the place of the joker standing for it in group ``onto``;
    the joker goes to ``player`` [R-RETRIEVE]."""
    group = state.table[onto - 1]
    if state.rules.retrieve == "full-set" and group.kind == "set" and len(group.tiles) < 4:
        raise RoundError(
            f"{what}: a joker leaves a set only once the set holds all four colours"
            " (--retrieve full-set) [R-RETRIEVE]"
        )
    after = _take_from(state, player, [tile], what)
    tiles = list(group.tiles)
    tiles[spot] = tile
    table = list(state.table)
    table[onto - 1] = replace(group, tiles=tuple(tiles))
    joker = state.table[onto - 1].tiles[spot]
    if player == state.seat:
        after = replace(after, rack=sort_tiles([*after.rack, joker]))
    else:
        after = _with_known(after, player, [*after.held(player), joker])
    return replace(after, table=tuple(table), taken=_still_taken(state, player, [tile]))


def start(event: Event) -> RoundState:
    """The state dealt by a ``new`` event: ``tiles`` (1–22) within the set's
    copies, 2–4 players, your seat among them [R-RACK, R-TILES]. With 22 tiles
    you start: your turn begins after the draw."""
    players, seat, rules = event.players, event.seat, event.rules or TrackRules()
    if players is None or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RoundError(f"new: {players} players; a round has {MIN_PLAYERS}–{MAX_PLAYERS}")
    if seat is None or not 1 <= seat <= players:
        raise RoundError(f"new: no seat {seat}; seats are 1–{players}")
    if not 1 <= len(event.tiles) <= MAX_RACK:
        raise RoundError(f"new: a rack of {len(event.tiles)} tiles; a rack holds 1–22 [R-RACK]")
    left = tile_set(rules.indicator)
    for tile in event.tiles:
        if left[tile] <= 0:
            raise RoundError(f"new: {tile.code}: {_third(tile, 'on the rack')}")
        left[tile] -= 1
    phase: Phase = "play" if len(event.tiles) == MAX_RACK else "draw"
    # with 22 tiles you start; else seat 1 plays first [R-RACK, R-TURN]
    turn = seat if phase == "play" else 1
    return RoundState(
        players, seat, rules, sort_tiles(event.tiles), phase=phase, turn=turn,
        dealt=len(event.tiles),
    )  # fmt: skip


def apply(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    """The state after ``event``, and the event as recorded (a ``take`` gets its
    tile). Raises :class:`RoundError` when the event cannot happen now (module
    docstring); ``state`` is never changed."""
    if event.kind in ("new", "undo"):
        raise RoundError(f"{event.kind}: not an event of a round under way")
    if state.phase == "over" and state.winner is None:
        raise RoundError(f"{event.kind}: the round is over (the stock ran out) [R-SCORE]")
    if state.phase == "over":
        raise RoundError(
            f"{event.kind}: the round is over ({_who(state, state.winner or 0)} finished)"
            " [R-FINISH]"
        )
    after, recorded = _APPLY[event.kind](state, event)
    return replace(after, events=state.events + 1), recorded


def _draw(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    tile = event.tile
    assert tile is not None
    what = f"draw {tile.code}"
    _check_turn(state, what)
    _check_my_turn(state, what)
    if _copies_left(state, tile) <= 0:
        raise RoundError(
            f"{what}: {_third(tile, 'counting your rack, the table and the discards')}"
        )
    rack = sort_tiles([*state.rack, tile])
    return replace(state, rack=rack, phase="play", taken=None), event


def _check_turn(state: RoundState, what: str) -> None:
    if state.phase == "play":
        raise RoundError(
            f"{what}: you have drawn already this turn; discard first [R-KEEP-DISCARD]"
        )
    if len(state.rack) >= MAX_RACK:
        raise RoundError(
            f"{what}: your rack holds {len(state.rack)} tiles; never more than 22 [R-RACK]"
        )


def _take(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    player = _check_player(state, state.seat if event.player is None else event.player, "take")
    what = "take" if player == state.seat else f"take {player}"
    if player == state.seat:
        _check_turn(state, what)
        _check_my_turn(state, what)
    else:
        _check_on_turn(state, player, what)
        if state.moved:
            raise RoundError(
                f"{what}: player {player} has laid or opened already this turn; a take comes"
                " first [R-TURN]"
            )
    top = state.top
    previous = before(player, state.players)
    if top is None or top[0] != previous:
        last = (
            "no discard lies there"
            if top is None
            else f"the last discard is {_whose(state, top[0])} {top[1].code}"
        )
        raise RoundError(
            f"{what}: only the discard of the player before ({_who(state, previous)}), right after"
            f" it was made; {last} [R-TAKE-DISCARD]"
        )
    tile = top[1]
    after = replace(state, discards=state.discards[:-1], top=None)
    recorded = replace(event, player=player, tile=tile)
    if player == state.seat:
        return replace(
            after, rack=sort_tiles([*state.rack, tile]), phase="play", taken=tile
        ), recorded
    return _with_known(replace(after, moved=True), player, [*state.held(player), tile]), recorded


def _discard(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    tile = event.tile
    assert tile is not None
    what = f"discard {tile.code}"
    if state.phase != "play":
        raise RoundError(
            f"{what}: draw or take first; a turn ends with the discard [R-KEEP-DISCARD]"
        )
    if state.taken is not None and state.my_opening is None:
        raise RoundError(
            f"{what}: the taken tile {state.taken.code} must be laid in an opening this turn;"
            " undo the take [R-TAKE-DISCARD]"
        )
    if state.taken is not None:
        raise RoundError(
            f"{what}: the taken tile {state.taken.code} must be used at once, in a new meld or"
            " a lay-off, never kept for later; lay it or undo the take [R-TAKE-DISCARD]"
        )
    after = _take_from(state, state.seat, [tile], what)
    over = not after.rack
    if over and state.my_opening is None:
        raise RoundError(f"{what}: a player who has not opened cannot finish [R-FINISH]")
    return replace(
        after,
        discards=(*state.discards, (state.seat, tile)),
        top=(state.seat, tile),
        phase="over" if over else "draw",
        taken=None,
        winner=state.seat if over else None,
        turn=state.seat if over else next_seat(state.seat, state.players),
        moved=False,
    ), event


def _seen(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    tile = event.tile
    assert tile is not None
    player = _check_other(state, event.player, "seen")
    what = f"seen {player} {tile.code}"
    _check_on_turn(state, player, what)
    told = _take_from(state, player, [tile], what)
    return replace(
        told,
        discards=(*state.discards, (player, tile)),
        top=(player, tile),
        turn=next_seat(player, state.players),
        moved=False,
    ), event


def _opened(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    player = _check_other(state, event.player, "opened")
    what = f"opened {player}"
    _check_on_turn(state, player, what)
    if state.opening(player) is not None:
        raise RoundError(f"{what}: player {player} has opened already")
    rules = state.game_rules()
    how = event.how or "melds"
    bar = rules.meld_bar if how == "melds" else rules.pairs_bar
    value = bar if event.value is None else event.value
    if value < bar:
        unit = "points" if how == "melds" else "pairs"
        raise RoundError(
            f"{what} {how} {value}: below the bar of {bar} {unit} [{_bar_rule(state, how)}]"
        )
    opening = Opening(how, value)
    recorded = replace(event, how=how, value=value)
    opened = tuple(sorted((*state.opened, (player, opening))))
    return replace(state, opened=opened, moved=True), recorded


def _finish(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    """Another seat finished in its turn: the round is over; its last discard,
    when told, joins the pile [R-FINISH, R-TURN]. Its opening may be untold
    (an opening and a finish in one turn [R-ONE-TURN])."""
    player = _check_other(state, event.player, "finish")
    tile = event.tile
    what = f"finish {player}" if tile is None else f"finish {player} {tile.code}"
    _check_on_turn(state, player, what)
    if tile is not None:
        state = replace(
            _take_from(state, player, [tile], what),
            discards=(*state.discards, (player, tile)),
            top=(player, tile),
        )
    return replace(state, phase="over", winner=player, taken=None, moved=False), event


RACK_AT_TURN = MAX_RACK - 1
"""Tiles a rack holds between turns (21): the most an opponent can hold when
a turn starts [R-RACK]."""


def stock_left(state: RoundState) -> int:
    """The fewest tiles the stock can still hold at the start of a turn: the
    unseen tiles less what the opponents can hold (21 each, less the tiles
    they are known to hold) and less the tiles a short rack did not tell
    (``dealt`` below 21) [R-RACK, R-TILES]; 0 when it may be empty."""
    unseen = sum(_unseen(state).values())
    hidden = sum(
        RACK_AT_TURN - len(state.held(p)) for p in range(1, state.players + 1) if p != state.seat
    )
    untold = max(0, RACK_AT_TURN - state.dealt)
    return max(0, unseen - hidden - untold)


def _stock(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    """The stock ran out: at the start of a turn (before your draw or take, or
    before another seat has moved), when the stock can be empty; the round is
    over with no winner [R-SCORE, R-TURN]."""
    if state.phase == "play" or state.moved:
        whose = "your" if state.turn == state.seat else f"player {state.turn}'s"
        raise RoundError(
            f"stock: {whose} turn is under way; the stock runs out only when a turn starts"
            " with nothing to draw [R-SCORE]"
        )
    left = stock_left(state)
    if left:
        raise RoundError(
            f"stock: the stock still holds at least {count_of(left, 'tiles')} (the unseen tiles"
            " less what the opponents' racks can hold); the round goes on [R-SCORE]"
        )
    return replace(state, phase="over", winner=None, taken=None, moved=False), event


def _lay_event(state: RoundState, event: Event) -> tuple[RoundState, Event]:
    return _lay(state, event), event


_APPLY = {
    "draw": _draw,
    "take": _take,
    "discard": _discard,
    "seen": _seen,
    "lay": _lay_event,
    "opened": _opened,
    "finish": _finish,
    "stock": _stock,
}


def effective(events: Sequence[Event]) -> list[Event]:
    """The events left once every ``undo`` has taken back the event before it."""
    kept: list[Event] = []
    for event in events:
        if event.kind == "undo":
            kept.pop()
        else:
            kept.append(event)
    return kept


def undone(events: Sequence[Event]) -> list[bool]:
    """Per event, True when a later ``undo`` took it back (an ``undo`` itself: False)."""
    out = [False] * len(events)
    stack: list[int] = []
    for i, event in enumerate(events):
        if event.kind == "undo":
            out[stack.pop()] = True
        else:
            stack.append(i)
    return out


def can_undo(events: Sequence[Event]) -> bool:
    """True when an ``undo`` has an event to take back (never the ``new``)."""
    return len(effective(events)) > 1


def replay(events: Iterable[Event]) -> RoundState:
    """The state after ``events`` (the first a ``new``). Raises
    :class:`RoundError` at the first event that cannot happen."""
    kept = effective(list(events))
    if not kept or kept[0].kind != "new":
        raise RoundError("a round starts with 'new'")
    state = start(kept[0])
    for event in kept[1:]:
        state, _ = apply(state, event)
    return state
