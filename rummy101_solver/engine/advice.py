"""The advice of ``rummy101 track`` for one moment of a round, from ``outs`` and ``play``.

A :class:`~rummy101_solver.game.round.RoundState` in, an :class:`Advice` out,
by calling the public functions of :mod:`rummy101_solver.engine.outs` and
:mod:`rummy101_solver.engine.play` with the state's rack, table, tiles seen
(table, discards, tiles opponents took) and rules — exactly what ``rummy101
outs`` and ``rummy101 play`` would be given by hand:

- **waiting** (another seat's turn [R-TURN]): no advice yet (no search);
- **before your draw** (your turn, rack waiting, ``phase == "draw"``): when the last
  discard is the player before's, the best turn taking it (``play --take``)
  against the draw. Not opened: take only when the taken tile opens this turn
  (it must be in the opening [R-TAKE-DISCARD]); the draw's outcome is the
  ``outs`` of the rack: the distance now and P(the draw is an out), which lowers
  it by one. Opened: take when the turn with it finishes, or leaves fewer
  penalty points than the best turn of the rack as it stands (the drawn tile
  is unknown; it may be discarded) [R-RESIDUAL];
- **after the draw** (``phase == "play"``), not opened: ``outs`` of the rack
  (the discard table and verdict for 22 tiles), and the ``play`` plan when it
  can open now (or a tile was taken: it must open with it); opened: the
  ``play`` plan against the table, ending with its discard;
- always: the unseen tiles per kind, the bars, who has opened (from the state).

Every turn is what ``rummy101 play`` prints for it (:func:`best_turn`, then
:func:`with_distance` and :func:`with_discard`, as the command chains them),
so the JSON of each is ``play --format json`` unchanged.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Literal

from rummy101_solver.engine.outs import OutsAnalysis, Unseen, analyse_outs, unseen_tiles
from rummy101_solver.engine.plan import PlayResult, PlayRules
from rummy101_solver.engine.play import (
    DEFAULT_TIME_LIMIT,
    best_turn,
    with_discard,
    with_distance,
)
from rummy101_solver.engine.table import TableGroup
from rummy101_solver.game.round import RoundState
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Rack, Tile

TakeVerdict = Literal["take", "draw"]

Moment = Literal["wait", "draw", "play", "over"]
"""The moment of the advice: ``wait`` (another seat's turn [R-TURN]), then the
state's phase (``draw``: your turn, before the draw; ``play``; ``over``)."""


@dataclass(frozen=True)
class Advice:
    """Everything ``track show`` reports for one moment.

    - ``moment``: see :data:`Moment`;
    - ``rules``: the rules in force (rising bars from the openings so far);
    - ``unseen``: the tiles not seen (set minus rack, table, discards, tiles
      opponents took, indicator) [R-TILES];
    - ``take_tile``: the discard you may take now, or ``None``;
    - ``take``: the best turn taking it (``play --take``), or ``None``;
    - ``draw``: before the draw, not opened: ``outs`` of the rack as it waits;
    - ``stand``: before the draw, opened, a discard to take: the best turn of
      the rack as it stands (what the take is weighed against);
    - ``verdict``: ``take`` or ``draw`` before the draw, else ``None``;
    - ``outs``: after the draw, not opened: ``outs`` of the rack;
    - ``play``: after the draw: the ``play`` plan (opened, can open now, or a
      tile taken), else ``None``.
    """

    state: RoundState
    moment: Moment
    rules: Rules
    unseen: Unseen
    take_tile: Tile | None = None
    take: PlayResult | None = None
    draw: OutsAnalysis | None = None
    stand: PlayResult | None = None
    verdict: TakeVerdict | None = None
    outs: OutsAnalysis | None = None
    play: PlayResult | None = None


def table_groups(state: RoundState) -> tuple[TableGroup, ...]:
    """The state's table as ``play`` reads it."""
    return tuple(TableGroup(g.kind, g.tiles, g.stands_for) for g in state.table)


def play_rules(state: RoundState) -> PlayRules:
    """The player's state and the house rules of the turn [R-PAIRS-AFTER, R-LAYOFF-LIMIT,
    R-RETRIEVE, R-SAME-TURN]."""
    mine = state.my_opening
    r = state.rules
    return PlayRules(
        opened=mine.how if mine is not None else "no",
        pairs_on_table=state.pairs_on_table,
        layoff_limit=r.layoff_limit,
        retrieve=r.retrieve,
        same_turn_layoff=r.same_turn_layoff,
    )


def _left(deadline: float) -> float:
    return max(deadline - time.monotonic(), 0.001)


def _turn(state: RoundState, rack: Rack, rules: Rules, deadline: float) -> PlayResult:
    """The turn as ``rummy101 play`` gives it: the best turn, then the distance
    of a player who cannot open and the discard of one who stays unopened (a
    refused take included) [R-TAKE-DISCARD, R-KEEP-DISCARD]."""
    result = best_turn(rack, table_groups(state), rules, play_rules(state), alternatives=0,
                       time_limit=_left(deadline))  # fmt: skip
    result = with_distance(result, time_limit=_left(deadline))
    return with_discard(result, time_limit=max(_left(deadline), 0.05))


def take_tile(state: RoundState) -> Tile | None:
    """The discard you may take now: the player before's, just made [R-TAKE-DISCARD]."""
    if state.phase != "draw" or state.turn != state.seat:
        return None
    if state.top is None or state.top[0] != state.before:
        return None
    return state.top[1]


def advise(state: RoundState, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Advice:
    """The advice for ``state`` (module docstring). ``time_limit``: seconds for
    all the searches together (each one gets what is left)."""
    deadline = time.monotonic() + time_limit
    rules = state.game_rules()
    rack = Rack(state.rack)
    seen = state.seen
    unseen = unseen_tiles(rack, rules, seen)
    opened = state.my_opening is not None
    base = Advice(state, state.phase, rules, unseen)
    if state.phase == "over":
        return base
    if state.turn != state.seat:
        return replace(base, moment="wait")
    if state.phase == "draw":
        tile = take_tile(state)
        draw = None if opened else analyse_outs(rack, rules, seen, time_limit=_left(deadline))
        if tile is None:
            return Advice(state, "draw", rules, unseen, draw=draw, verdict="draw")
        taking = replace(rules, take=tile)
        take = _turn(state, rack.with_tile(tile), taking, deadline)
        stand = None
        # a take no turn can use comes back refused, its plan the turn without it
        usable = take.refused_take is None and take.best.status != "none"
        if opened:
            stand = _turn(state, rack, rules, deadline)
            better = usable and (
                take.best.finish.possible
                or take.best.residual_penalty < stand.best.residual_penalty
            )
        else:
            better = usable and take.best.opening is not None
        verdict: TakeVerdict = "take" if better else "draw"
        return Advice(state, "draw", rules, unseen, tile, take, draw, stand, verdict)
    if state.taken is not None or opened:
        # a taken tile must be used this turn, in the opening or at once [R-TAKE-DISCARD]
        turn = rules if state.taken is None else replace(rules, take=state.taken)
        return Advice(state, "play", rules, unseen, play=_turn(state, rack, turn, deadline))
    outs = analyse_outs(rack, rules, seen, time_limit=_left(deadline))
    play = _turn(state, rack, rules, deadline) if outs.can_open else None
    return Advice(state, "play", rules, unseen, outs=outs, play=play)
