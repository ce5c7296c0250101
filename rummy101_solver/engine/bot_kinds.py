"""The bot registry: one name, one policy [R-TAKE-DISCARD, R-KEEP-DISCARD].

A bot kind is an entry of :data:`BOTS`: its name (what ``simulate --bots``
and the arena take), one line saying how it plays, and its two steps —
``take`` (before the draw: take the last discard or not) and ``plan`` (after
the draw or take: the ``lay`` events and the discard). The round engine
(:mod:`rummy101_solver.engine.rounds`) asks the bot of each seat and checks
every action it returns. A new policy is one :class:`Bot` and one line in
:data:`BOTS`.

- ``outs``: the tool's own advice (:mod:`rummy101_solver.engine.bots`): ``play``'s
  best turn, and before opening the first discard of ``outs``' table;
- ``quick``: the same, but before opening it discards a tile with the fewest
  neighbours (:func:`~rummy101_solver.engine.bots.quick_discard`), far faster;
- ``random``: legal actions at random, no search
  (:mod:`rummy101_solver.engine.random_bot`): the floor of the ladder.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from rummy101_solver.engine.bots import BotTurn, plan_turn, take_turn
from rummy101_solver.engine.random_bot import plan_random, random_discard, random_take
from rummy101_solver.game.round import RoundState


@dataclass(frozen=True)
class Turn:
    """What a bot is given each step: ``time_limit`` (seconds per search),
    ``shortcuts`` (the exact shortcuts of the advice bots: the same actions,
    faster) and ``rng`` (a ``random.Random`` seeded per deal, seat and turn
    by the round engine: a bot's chances replay exactly)."""

    time_limit: float
    shortcuts: bool
    rng: random.Random


TakeStep = Callable[[RoundState, Turn], object | None]
"""Before the draw: what the bot keeps of a take (passed back to its plan), or
``None`` to draw [R-TAKE-DISCARD]."""

PlanStep = Callable[[RoundState, Turn, object | None], BotTurn]
"""After the draw or take: the lays and the discard; the third argument is
what the take step returned (``None`` after a draw)."""


@dataclass(frozen=True)
class Bot:
    """One bot kind: ``name``, ``summary`` (one sentence), and its two steps."""

    name: str
    summary: str
    take: TakeStep
    plan: PlanStep


def _advice_take(state: RoundState, turn: Turn) -> object | None:
    return take_turn(state, time_limit=turn.time_limit, shortcuts=turn.shortcuts)


def _outs_plan(state: RoundState, turn: Turn, take: object | None) -> BotTurn:
    from rummy101_solver.engine.plan import PlayResult

    kept = take if isinstance(take, PlayResult) else None
    return plan_turn(state, time_limit=turn.time_limit, bots="outs", take=kept,
                     shortcuts=turn.shortcuts)  # fmt: skip


def _quick_plan(state: RoundState, turn: Turn, take: object | None) -> BotTurn:
    from rummy101_solver.engine.plan import PlayResult

    kept = take if isinstance(take, PlayResult) else None
    return plan_turn(state, time_limit=turn.time_limit, bots="quick", take=kept,
                     shortcuts=turn.shortcuts)  # fmt: skip


def _random_take(state: RoundState, turn: Turn) -> object | None:
    return random_take(state, turn.rng)


def _random_plan(state: RoundState, turn: Turn, take: object | None) -> BotTurn:
    from rummy101_solver.engine.random_bot import RandomPlan

    first = take.lays if isinstance(take, RandomPlan) else ()
    plan = plan_random(state, turn.rng, first)
    return BotTurn(plan.lays, random_discard(plan.state, turn.rng))


BOTS: dict[str, Bot] = {
    bot.name: bot
    for bot in (
        Bot("outs", "The tool's advice: play's best turn; before opening, outs' first discard.",
            _advice_take, _outs_plan),
        Bot("quick", "The tool's advice, but before opening it discards a tile with the fewest"
            " neighbours: far faster.", _advice_take, _quick_plan),
        Bot("random", "Legal actions at random: take or draw, open or not, lay-offs and the"
            " discard by fair coins; no search.", _random_take, _random_plan),
    )
}  # fmt: skip
"""Every bot kind by name, in the order ``--help`` lists them."""


def bot(name: str) -> Bot:
    """The bot kind ``name``. Raises ``KeyError`` naming the kinds for an unknown name."""
    try:
        return BOTS[name]
    except KeyError:
        raise KeyError(f"no bot kind {name!r}; the kinds are {', '.join(BOTS)}") from None
