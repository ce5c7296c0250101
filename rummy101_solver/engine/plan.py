"""What a turn is: the player's state going in (:class:`PlayRules`), and coming out
the moves (:class:`Move`), the plan (:class:`Plan`: moves, table after, rack left,
penalty, :class:`Finish`) and everything ``rummy101 play`` reports
(:class:`PlayResult`) [R-LAYOFF, R-RETRIEVE, R-PAIRS-AFTER, R-FINISH, R-JOKER-FINISH,
R-SCORE, R-RESIDUAL].

Values only, no search: :mod:`~rummy101_solver.engine.turn_model` reads a solution
into a :class:`Plan`, :mod:`~rummy101_solver.engine.play` ranks the plans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rummy101_solver.engine.solver import Opening
from rummy101_solver.engine.table import End, PlayError, TableGroup
from rummy101_solver.game.rules import PAIRS_PENALTY_FACTOR, UNOPENED_PENALTY, Rules
from rummy101_solver.game.tiles import Face, Rack, Tile

if TYPE_CHECKING:
    from rummy101_solver.engine.discard import Discard
    from rummy101_solver.engine.outs import Distance

__all__ = [
    "JOKER_WIN",
    "NORMAL_WIN",
    "ONE_TURN_JOKER_WIN",
    "Finish",
    "Mode",
    "Move",
    "MoveKind",
    "Opened",
    "OpeningDistance",
    "Plan",
    "PlanStatus",
    "PlayResult",
    "PlayRules",
    "RetrieveRule",
    "check_keep",
    "residual_before",
]

Opened = Literal["no", "melds", "pairs"]
"""The player's own state: not opened, opened with melds, opened with pairs."""

RetrieveRule = Literal["any", "full-set"]
"""R-RETRIEVE variant: any table joker, or from a set only once it holds all four colours."""


MoveKind = Literal["open", "meld", "pair", "lay off", "retrieve"]
Mode = Literal["melds", "pairs", "opened", "none"]
PlanStatus = Literal["optimal", "feasible", "none"]

NORMAL_WIN = 101
"""Points the winner gains for a normal finish [R-SCORE]."""

JOKER_WIN = 202
"""Points the winner gains for a joker finish or a one-turn finish [R-SCORE]."""

ONE_TURN_JOKER_WIN = 404
"""Points for a one-turn finish with a joker discard [R-SCORE]."""


def check_keep(rules: Rules) -> None:
    """Raise :class:`PlayError` unless the turn keeps a tile for the discard:
    a turn (a finish too) ends with one [R-FINISH, R-KEEP-DISCARD]."""
    if rules.keep < 1:
        raise PlayError(
            f"--keep {rules.keep} does not apply to play: every turn ends with a discard,"
            " a finish too [R-FINISH, R-KEEP-DISCARD]"
        )


@dataclass(frozen=True)
class PlayRules:
    """The player's state and the house variants of the turn.

    - ``opened``: ``"no"``, ``"melds"`` or ``"pairs"`` [R-PAIRS-AFTER];
    - ``pairs_on_table``: someone has opened with pairs, so a meld opener may
      lay pairs [R-PAIRS-AFTER] (implied by a pair on the table);
    - ``layoff_limit``: most tiles laid off onto one group per turn, or
      ``None`` for no limit (the default) [R-LAYOFF-LIMIT];
    - ``layoff_per_end``: most tiles laid off at one end of a run per turn (other
      tables: 2), or ``None`` for no such limit (the default) [R-LAYOFF-LIMIT];
    - ``retrieve``: ``"any"`` or ``"full-set"`` [R-RETRIEVE];
    - ``same_turn_layoff``: a player opening this turn may lay off and
      retrieve the same turn [R-LAYOFF, R-SAME-TURN].
    - ``layoff_per_end``: see above.
    - ``declared_pairs``: house rule R-PAIRS-DECLARE, the player (not opened yet) has
      declared pairs: a taken discard may be kept without opening, and the opening is
      pairs or nothing.
    """

    opened: Opened = "no"
    pairs_on_table: bool = False
    layoff_limit: int | None = None
    retrieve: RetrieveRule = "any"
    same_turn_layoff: bool = True
    layoff_per_end: int | None = None
    declared_pairs: bool = False


@dataclass(frozen=True)
class Move:
    """One move of a turn.

    - ``kind``: ``open`` (a meld or pair of the opening), ``meld``, ``pair``,
      ``lay off`` or ``retrieve``;
    - ``tiles`` / ``stands_for``: the rack tiles put down and what each plays
      as (a retrieval: the one tile that replaces the joker);
    - ``group``: index (0-based) of the group in the table after the turn;
    - ``end``: for a lay-off, ``low`` / ``high`` (run) or ``set``;
    - ``reading``: for a move onto a set with free jokers, or onto a group
      that reads two ways (``R7 J J``: a run or a set), the group as the move
      reads it before the turn (``R7 B7 J=Y7``) [R-SET, R-WILD].
    """

    kind: MoveKind
    tiles: tuple[Tile, ...]
    stands_for: tuple[Face, ...]
    group: int
    end: End | None = None
    reading: TableGroup | None = None


@dataclass(frozen=True)
class Finish:
    """Does the plan finish the round? [R-FINISH, R-JOKER-FINISH, R-SCORE, R-ONE-TURN]

    ``points``: what the winner gains (101, 202 for a joker discard; a one-turn
    finish, nobody having opened, 202 or 404); 0 when not possible.
    """

    possible: bool
    joker_finish: bool
    discard: Tile | None
    points: int
    one_turn: bool = False


@dataclass(frozen=True)
class Plan:
    """One turn: moves in order, the table after it and the rack left.

    - ``mode``: ``melds`` / ``pairs`` (an opening this turn), ``opened`` (the
      player had opened) or ``none`` (not opened and nothing opens);
    - ``opening``: the opening laid this turn, or ``None``;
    - ``table_read``: the table before the turn as the plan reads it (a set's
      free jokers standing for the colours its moves rely on, a group that
      reads two ways as a run or a set) [R-RUN, R-SET, R-WILD];
    - ``changed``: per group of ``table_after``, True when the turn changed or
      added it;
    - ``residual_penalty``: R-RESIDUAL after the turn, before the discard
      (202 when the player stays unopened);
    - ``status``: ``optimal`` (proven), ``feasible`` (time limit) or ``none``;
    - ``discard_choice``: the tile that ends the turn and why
      (:func:`choose_discard`; the best plan's, ``None`` on alternatives)
      [R-KEEP-DISCARD].
    """

    mode: Mode
    opening: Opening | None
    table_read: tuple[TableGroup, ...]
    moves: tuple[Move, ...]
    table_after: tuple[TableGroup, ...]
    changed: tuple[bool, ...]
    left: tuple[Tile, ...]
    residual_penalty: int
    finish: Finish
    status: PlanStatus
    discard_choice: Discard | None = None

    @property
    def lays_something(self) -> bool:
        """True when the plan puts at least one tile down."""
        return bool(self.moves)

    @property
    def discard(self) -> Tile | None:
        """The tile to discard when the rack keeps exactly one, else ``None``."""
        return self.left[0] if len(self.left) == 1 else None


@dataclass(frozen=True)
class PlayResult:
    """Everything ``rummy101 play`` reports.

    ``residual_before``: R-RESIDUAL of the rack before the turn (202 unopened);
    ``can_open``: for an unopened player, whether an opening meeting its bar
    exists (a one-turn finish below the bar under the house rule does not
    count; ``None`` when already opened, or when the time limit ran out before
    either was proven); ``proven``: False when a time limit cut a solve short (the plan is
    the best found, not proven best): it speaks of the best plan (and ``can_open``)
    only; ``alternatives_complete``: False when the time limit ran out before
    the alternatives asked for were all found and proven next-best, or shown
    not to exist (fewer listed then does not mean no more exist; one the cut
    solve found has status ``feasible``); ``alternatives_asked``: how many
    were asked for; ``distance``: when the player cannot open
    (``can_open`` False), how many tiles it is from a meld and from a pairs
    opening (:func:`with_distance`; ``None`` until a command computes it);
    ``refused_take``: the discard the player asked to take (``rules.take``)
    when no turn can use it: do not take it [R-TAKE-DISCARD]; everything else
    (``rack``, ``rules``, the plans) is then the turn without it, the player
    drawing instead.
    """

    rack: Rack
    table: tuple[TableGroup, ...]
    rules: Rules
    play_rules: PlayRules
    best: Plan
    alternatives: tuple[Plan, ...]
    residual_before: int
    can_open: bool | None
    proven: bool = True
    distance: OpeningDistance | None = None
    alternatives_complete: bool = True
    alternatives_asked: int = 0
    refused_take: Tile | None = None


@dataclass(frozen=True)
class OpeningDistance:
    """How far a player who cannot open is from an opening: the ``outs``
    distances (:class:`~rummy101_solver.engine.outs.Distance`: tiles, status, one
    target with its missing tiles) to a meld and to a pairs opening, the
    table's tiles counted as seen [R-OPEN-MELDS, R-OPEN-PAIRS, R-TILES]."""

    melds: Distance
    pairs: Distance


def residual_before(rack: Rack, opened: Opened) -> int:
    """R-RESIDUAL of the rack as it stands: 202 unopened, the tiles' points
    (joker 101) after melds, twice that after pairs [R-PENALTY]."""
    if opened == "no":
        return UNOPENED_PENALTY
    points = sum(t.points for t in rack.tiles)
    return points * PAIRS_PENALTY_FACTOR if opened == "pairs" else points
