"""The bots of ``rummy101 simulate --rounds``: the one place their policy lives.

A bot sees a round from its seat (a :class:`~rummy101_solver.game.round.RoundState`,
exactly what ``rummy101 track`` keeps) and follows the tool's own advice
(:mod:`rummy101_solver.engine.advice`, the same ``play`` and ``outs`` calls):

1. **Take or draw** [R-TAKE-DISCARD] (:func:`wants_take`): the rule of
   ``track``'s advice. Not opened: take the last discard of the player before
   only when ``play --take`` opens with it this turn. Opened: take it when the
   turn with it finishes, or leaves fewer penalty points than the best turn of
   the rack as it stands [R-RESIDUAL]. Else draw.
2. **Open as soon as the bar is met** [R-OPEN-MELDS, R-OPEN-PAIRS]: the best
   plan of ``play`` (a finish first, then the lowest residual penalty). In
   rising mode [R-RISING] the bar is the one in force (one more than the
   highest opening so far): the bot opens as soon as it can beat it, with
   the plan ``play`` ranks best, and never holds back to keep the bar low.
3. **Once opened**: the ``play`` plan of the turn — new melds (pairs after a
   pairs opening [R-PAIRS-AFTER]), lay-offs [R-LAYOFF, R-LAYOFF-LIMIT] and joker
   retrievals [R-RETRIEVE] — laid in the plan's order.
4. **The discard** [R-KEEP-DISCARD, R-FINISH]: ``play``'s (the plan's
   ``discard_choice``, :mod:`rummy101_solver.engine.discard`): the last tile
   when the plan finishes; opened (before or this turn), the tile whose discard
   leaves the rack fewest tiles from going out, then the lowest residual, never
   a joker unless it is the last tile, never a tile that could still be laid
   off while another can go [R-JOKER-FINISH, R-EXTRA-PENALTY]; not opened, the
   first row of ``outs``' discard table, every tile seen counted (the table,
   the discard pile, tiles others took), as ``track``'s advice reads it.
   Should a search be cut short and no choice be made: :func:`opened_discard`.

``quick`` bots (:data:`BOT_KINDS`) differ in one place only: not opened, they
discard by :func:`quick_discard` (a tile with the fewest neighbours on the
rack) instead of ``outs``' table (docs/simulate.md, "Speed of rounds").
Their figures are their own: say which bots played.

Exact shortcuts (``shortcuts=True``, the default; the same actions as without
them, tested round by round): a rack that :func:`cannot_open` asks no CP-SAT
turn; the ``outs`` bots' unopened discard is ``outs``' discard table alone;
the turn weighed before a take is the turn played after it.

Every action is an :class:`~rummy101_solver.game.round.Event` the round engine
(:mod:`rummy101_solver.engine.rounds`) applies through the same checks as
``track``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Literal

from rummy101_solver.engine.advice import play_rules, table_groups, take_tile
from rummy101_solver.engine.outs import analyse_outs, discard_table, unseen_tiles
from rummy101_solver.engine.plan import Move, Plan, PlayResult
from rummy101_solver.engine.play import best_turn, choose_discard
from rummy101_solver.engine.simulate import pairs_count
from rummy101_solver.engine.sweep import sweep_rack, value_curve
from rummy101_solver.game.round import Event, RoundState
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import MAX_RACK, Rack, Tile

BOT_TIME_LIMIT = 10.0
"""Seconds per search of a bot's turn (as ``play --time-limit``)."""

BotKind = Literal["outs", "quick"]
BOT_KINDS: tuple[BotKind, ...] = ("outs", "quick")
"""``outs``: the unopened discard from ``outs``' discard table (the tool's advice);
``quick``: from :func:`quick_discard` (module docstring)."""


@dataclass(frozen=True)
class BotTurn:
    """What a bot does after its draw or take: ``lays`` (``lay`` events, in
    order) then ``discard`` (the tile that ends the turn)."""

    lays: tuple[Event, ...]
    discard: Tile


def _best(
    state: RoundState,
    rack: Rack,
    rules: Rules,
    time_limit: float,
    *,
    discard: bool = True,
    without_take: bool = True,
) -> PlayResult:
    return best_turn(rack, table_groups(state), rules, play_rules(state), time_limit=time_limit,
                     discard=discard, without_take=without_take)  # fmt: skip


def cannot_open(rack: Rack, rules: Rules) -> bool:
    """True when ``rack`` has no opening that meets its bar this turn, proven
    without the solver; False when it may have one [R-OPEN-MELDS, R-OPEN-PAIRS,
    R-KEEP-DISCARD, R-NO-MIX].

    An unopened player's opening is melds worth ``rules.bar("melds")`` points
    or ``rules.bar("pairs")`` pairs from the rack's own tiles, laying at most
    ``len(rack) - rules.keep`` tiles (lay-offs and retrieved jokers never count
    [R-SAME-TURN, R-RETRIEVE]; a taken tile that must be used only narrows it
    [R-TAKE-DISCARD]) — exactly what ``play``'s opening models ask. The best
    meld value is the sweep's with nothing drawn
    (:func:`~rummy101_solver.engine.sweep.value_curve`) and the most pairs
    :func:`~rummy101_solver.engine.simulate.pairs_count`: both exact (tested
    against CP-SAT there, and against :func:`~rummy101_solver.engine.play.best_turn`
    on seeded rounds in ``tests/test_bots.py``). False, to let ``play`` decide,
    under the house rule that a one-turn finish stands at any value
    [R-ONE-TURN-ANY-VALUE] and for a bar below 1.
    """
    meld_bar, pairs_bar = rules.bar("melds"), rules.bar("pairs")
    laid = len(rack) - rules.keep
    if rules.one_turn_any_value or min(meld_bar, pairs_bar) < 1 or laid < 1:
        return False
    if pairs_count(rack, joker_pairs=rules.joker_pairs, max_laid=laid) >= pairs_bar:
        return False
    best = value_curve(sweep_rack(rack.face_counts, rack.wilds, {}, laid), 0)[0]
    return best < meld_bar


def take_turn(
    state: RoundState, *, time_limit: float = BOT_TIME_LIMIT, shortcuts: bool = True
) -> PlayResult | None:
    """The best turn taking the last discard (``play --take``, no discard
    chosen) when the bot takes it instead of drawing, else ``None`` (step 1 of
    the module docstring) [R-TAKE-DISCARD, R-RESIDUAL].

    ``shortcuts`` (the default): an unopened bot whose rack with the tile
    :func:`cannot_open` draws without asking CP-SAT — no opening at all means
    none with the tile (the same answer, tested); False asks ``play`` always.
    """
    tile = take_tile(state)
    if tile is None:
        return None
    rules = state.game_rules()
    rack = Rack(state.rack).with_tile(tile)
    if shortcuts and state.my_opening is None and cannot_open(rack, rules):
        return None
    taking = replace(rules, take=tile)
    # a tile no turn can use is refused: the turn without it is not needed here
    take = _best(state, rack, taking, time_limit, discard=False, without_take=not shortcuts)
    # a take no turn can use comes back refused, its plan the turn without it
    if take.refused_take is not None or take.best.status == "none":
        return None
    if state.my_opening is None:
        return take if take.best.opening is not None else None
    if shortcuts and take.best.finish.possible:
        return take  # a finish needs no comparison
    stand = _best(state, Rack(state.rack), rules, time_limit, discard=False)
    better = take.best.finish.possible or take.best.residual_penalty < stand.best.residual_penalty
    return take if better else None


def wants_take(
    state: RoundState, *, time_limit: float = BOT_TIME_LIMIT, shortcuts: bool = True
) -> bool:
    """True when the bot takes the last discard instead of drawing
    (:func:`take_turn`) [R-TAKE-DISCARD, R-RESIDUAL]."""
    return take_turn(state, time_limit=time_limit, shortcuts=shortcuts) is not None


def move_text(move: Move) -> str:
    """A move's tiles as written for a ``lay`` event: jokers pinned (``J=R7``)."""
    return " ".join(
        f"{t.code}={f.code}" if t.is_wild else t.code
        for t, f in zip(move.tiles, move.stands_for, strict=True)
    )


def lay_events(seat: int, plan: Plan) -> tuple[Event, ...]:
    """The ``lay`` events of ``plan``, in its order: the opening's groups in one
    event (an opening is judged whole [R-OPEN-MELDS, R-OPEN-PAIRS]), then one event
    per meld, pair, lay-off or retrieval (``onto``: the 1-based table group;
    a retrieval is the lay-off of the tile the joker stands for [R-RETRIEVE])."""
    opening = tuple(move_text(m) for m in plan.moves if m.kind == "open")
    events = [Event("lay", player=seat, groups=opening)] if opening else []
    for move in plan.moves:
        if move.kind in ("meld", "pair"):
            events.append(Event("lay", player=seat, groups=(move_text(move),)))
        elif move.kind in ("lay off", "retrieve"):
            events.append(Event("lay", player=seat, groups=(move_text(move),), onto=move.group + 1))
    return tuple(events)


def opened_discard(left: tuple[Tile, ...]) -> Tile:
    """The discard of an opened bot that does not finish: the numbered tile of
    the most points (it would cost the most left on the rack [R-PENALTY]),
    the latest in canonical order on a tie; a joker only when nothing else is
    left [R-JOKER-FINISH]."""
    numbered = [t for t in left if not t.is_wild]
    if not numbered:
        return left[0]
    return max(numbered, key=lambda t: (t.points, t.sort_key))


def quick_discard(rack: tuple[Tile, ...]) -> Tile:
    """The discard of a ``quick`` bot that has not opened: the numbered tile with
    the fewest neighbours on the rack (a copy of its face, a tile one or two
    away in its colour, its number in another colour — what a run, set or pair
    [R-RUN, R-SET, R-PAIR] could grow from), then the most points, then the
    latest in canonical order; never a joker while a numbered tile is left."""
    numbered = [t for t in rack if t.face is not None]
    if not numbered:
        return rack[0]
    faces = Counter(t.face for t in numbered if t.face is not None)

    def neighbours(tile: Tile) -> int:
        f = tile.face
        assert f is not None
        near = faces[f] - 1
        for g, k in faces.items():
            run = g.colour == f.colour and 0 < abs(g.number - f.number) <= 2
            if run or (g.number == f.number and g.colour != f.colour):
                near += k
        return near

    return min(numbered, key=lambda t: (neighbours(t), -t.points, tuple(-k for k in t.sort_key)))


def _unopened_discard(
    state: RoundState, rack: Rack, rules: Rules, time_limit: float, bots: BotKind, closed: bool
) -> Tile:
    """The discard of a bot that lays nothing while unopened (step 4); ``closed``:
    :func:`cannot_open` said so (else ``play`` did)."""
    if bots == "quick":
        return quick_discard(state.rack)
    if closed and len(rack) == MAX_RACK and rules.keep == 1:
        # analyse_outs' own steps: its two distances (laying at most 21 tiles,
        # nothing drawn) are not 0 (cannot_open), so its recommended discard is
        # the first row of the discard table, every tile seen counted [R-TILES]
        unseen = unseen_tiles(rack, rules, state.seen)
        return discard_table(rack, rules, unseen=unseen, time_limit=time_limit)[0].tile
    # as track's advice: outs of the rack, every tile seen counted [R-TILES]
    outs = analyse_outs(rack, rules, state.seen, time_limit=time_limit)
    tile = outs.recommended_discard
    return tile if tile is not None else opened_discard(rack.tiles)


def plan_turn(
    state: RoundState,
    *,
    time_limit: float = BOT_TIME_LIMIT,
    bots: BotKind = "outs",
    take: PlayResult | None = None,
    shortcuts: bool = True,
) -> BotTurn:
    """The bot's turn after its draw or take (steps 2–4 of the module docstring).

    ``state`` is in phase ``play``. ``take``: what :func:`take_turn` returned
    for the tile just taken: its plan is this turn's (the same rack, table and
    rules), only the discard is chosen. ``shortcuts`` (the default): an
    unopened bot whose rack :func:`cannot_open` goes straight to its discard,
    the ``outs`` bots' from ``outs``' discard table alone (the same tile as
    ``analyse_outs``' recommended discard: tested); False asks ``play`` and
    ``outs`` whole. Raises ``ValueError`` when no legal turn exists (a taken
    tile that cannot be used: :func:`take_turn` never takes one).
    """
    rules = state.game_rules()
    if state.taken is not None:
        rules = replace(rules, take=state.taken)
    rack = Rack(state.rack)
    if shortcuts and state.my_opening is None and state.taken is None and cannot_open(rack, rules):
        return BotTurn((), _unopened_discard(state, rack, rules, time_limit, bots, True))
    table, play = table_groups(state), play_rules(state)
    if (
        take is not None
        and state.taken is not None
        and (take.rack, take.table, take.rules, take.play_rules) == (rack, table, rules, play)
    ):
        result = take
        plan = result.best
        if plan.mode != "none" and plan.discard_choice is None:
            # best_turn's own last step with discard=True [R-KEEP-DISCARD]
            choice = choose_discard(rack, table, rules, play, plan, time_limit=time_limit)
            plan = replace(plan, discard_choice=choice)
    else:
        result = _best(state, rack, rules, time_limit)
        plan = result.best
    if state.taken is not None and (result.refused_take is not None or plan.status == "none"):
        raise ValueError(f"the taken tile {state.taken.code} cannot be used [R-TAKE-DISCARD]")
    if plan.mode == "none":
        return BotTurn((), _unopened_discard(state, rack, rules, time_limit, bots, False))
    if plan.discard_choice is not None:
        discard = plan.discard_choice.tile
    else:  # no choice made (a search cut short): the last tile, or the most points
        discard = plan.left[0] if plan.finish.possible else opened_discard(plan.left)
    return BotTurn(lay_events(state.seat, plan), discard)
