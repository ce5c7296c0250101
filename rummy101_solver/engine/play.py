"""The best turn against the table: opening, new melds, pairs, lay-offs, joker
retrieval and finishing [R-LAYOFF, R-LAYOFF-LIMIT, R-PAIRS-AFTER, R-RETRIEVE,
R-SAME-TURN, R-FINISH, R-JOKER-FINISH, R-SCORE, R-RESIDUAL].

The table is a fixed list of legal groups (runs, sets, pairs). In 101 a table
group is never rearranged: it may only grow (a lay-off: a run at its low or
high end by a contiguous block, a set of 3 by its missing colour) or swap a
joker for exactly the tile it stands for (a retrieval). The turn model is the
packing model of :mod:`rummy101_solver.engine.model` (new melds or pairs from the
rack, the same candidates as ``solve``) with three more families: lay-off
places, retrievals and the finish.

Flow: rack + :class:`TableGroup` values + :class:`PlayRules` → one
:class:`TurnModel` per way of playing (an opening with melds, an opening with
pairs, or the turn of a player already opened) → :class:`Plan` values →
:class:`PlayResult`.

Choices where the rule book is silent (also in the README):

- a retrieved joker may be laid off or kept by a player opening this turn, not
  put into the opening's own melds: the opening comes first [R-RETRIEVE];
- an unpinned joker in a table set stands for any colour the set lacks: a
  set of 3 with one joker (``R7 B7 J``) is read ``J=K7`` or ``J=Y7``, and a
  lay-off or retrieval may use either reading (the plan names the one it
  relies on) [R-SET, R-WILD]; a pinned joker (``J=Y7``) stays pinned, and a
  joker in a run stands for what ``check`` works out (its place as written);
- ``--layoff-limit N`` counts the tiles that grow a group (lay-offs); the
  tile that replaces a retrieved joker does not count;
- ``--retrieve full-set``: a joker leaves a set only when the set holds four
  tiles after the turn, its fourth colour a real tile laid before [R-RETRIEVE];
- a joker may be retrieved from a pair on the table too (with the other copy);
- a player who opened with pairs may retrieve jokers (R-RETRIEVE: after one's
  own opening) and lay them off or in new pairs.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from rummy101_solver.engine.candidates import Pattern, meld_patterns, pair_patterns
from rummy101_solver.engine.model import PackingModel, PackingProblem
from rummy101_solver.engine.sat import Status
from rummy101_solver.engine.solver import Meld, Opening, meld_sort_key, merge_runs
from rummy101_solver.game.parsing import LaidTile, RackError, check_rack_limits, parse_arrangement
from rummy101_solver.game.rules import (
    PAIRS_PENALTY_FACTOR,
    UNOPENED_PENALTY,
    GroupKind,
    OpeningKind,
    Rules,
    judge_group,
)
from rummy101_solver.game.tiles import (
    COLOURS,
    WILD,
    WILD_PENALTY,
    WILD_TILES,
    Colour,
    Face,
    Rack,
    Tile,
    face,
    sort_tiles,
)

if TYPE_CHECKING:
    from rummy101_solver.engine.discard import Discard, LayoffPlace
    from rummy101_solver.engine.outs import Distance

__all__ = [
    "Finish",
    "Move",
    "Opened",
    "Plan",
    "PlayError",
    "PlayResult",
    "PlayRules",
    "RetrieveRule",
    "TableGroup",
    "TableTileError",
    "TurnModel",
    "TurnProblem",
    "best_turn",
    "check_copies",
    "check_keep",
    "choose_discard",
    "deal_turn",
    "parse_table",
    "residual_before",
    "with_discard",
    "with_distance",
]

Opened = Literal["no", "melds", "pairs"]
"""The player's own state: not opened, opened with melds, opened with pairs."""

RetrieveRule = Literal["any", "full-set"]
"""R-RETRIEVE variant: any table joker, or from a set only once it holds all four colours."""

End = Literal["low", "high", "set"]
"""Where a lay-off goes: a run's low or high end, or a set's missing colour."""

MoveKind = Literal["open", "meld", "pair", "lay off", "retrieve"]
Mode = Literal["melds", "pairs", "opened", "none"]
PlanStatus = Literal["optimal", "feasible", "none"]

NORMAL_WIN = 101
"""Points the winner gains for a normal finish [R-SCORE]."""

JOKER_WIN = 202
"""Points the winner gains for a joker finish or a one-turn finish [R-SCORE]."""

ONE_TURN_JOKER_WIN = 404
"""Points for a one-turn finish with a joker discard [R-SCORE]."""

DEFAULT_TIME_LIMIT = 10.0
"""Seconds for one turn, every model and alternative together."""


def check_keep(rules: Rules) -> None:
    """Raise :class:`PlayError` unless the turn keeps a tile for the discard:
    a turn (a finish too) ends with one [R-FINISH, R-KEEP-DISCARD]."""
    if rules.keep < 1:
        raise PlayError(
            f"--keep {rules.keep} does not apply to play: every turn ends with a discard,"
            " a finish too [R-FINISH, R-KEEP-DISCARD]"
        )


class PlayError(ValueError):
    """Bad table: an illegal group (``str()`` names the group and the rule)."""


class TableTileError(RackError):
    """A table tile beyond the copies of the set [R-TILES]: ``token`` is the
    tile, ``position`` its place among the table's tiles (1-based), ``str()``
    the whole message (``'R7' (table tile 4): a third R7 …``)."""

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class PlayRules:
    """The player's state and the house variants of the turn.

    - ``opened``: ``"no"``, ``"melds"`` or ``"pairs"`` [R-PAIRS-AFTER];
    - ``pairs_on_table``: someone has opened with pairs, so a meld opener may
      lay pairs [R-PAIRS-AFTER] (implied by a pair on the table);
    - ``layoff_limit``: most tiles laid off onto one group per turn, or
      ``None`` for no limit (the default) [R-LAYOFF-LIMIT];
    - ``retrieve``: ``"any"`` or ``"full-set"`` [R-RETRIEVE];
    - ``same_turn_layoff``: a player opening this turn may lay off and
      retrieve the same turn [R-LAYOFF, R-SAME-TURN].
    """

    opened: Opened = "no"
    pairs_on_table: bool = False
    layoff_limit: int | None = None
    retrieve: RetrieveRule = "any"
    same_turn_layoff: bool = True


@dataclass(frozen=True)
class TableGroup:
    """One group on the table: its kind, tiles in order (runs ascending, sets
    by colour) and the face each tile plays as [R-RUN, R-SET, R-PAIR, R-WILD].

    ``free``: per tile, True for an unpinned joker of a set: it may stand for
    any colour the set lacks (``stands_for`` holds the default reading, the
    first missing colours in canonical order); empty when none is free.
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]
    stands_for: tuple[Face, ...]
    free: tuple[bool, ...] = ()

    @property
    def value(self) -> int:
        """Points of the group [R-VALUE]."""
        return sum(f.number for f in self.stands_for)

    @property
    def jokers(self) -> tuple[int, ...]:
        """Places of the wild tiles."""
        return tuple(i for i, t in enumerate(self.tiles) if t.is_wild)

    @property
    def open_colours(self) -> tuple[Colour, ...]:
        """A set of 3 with free jokers: the colours its free jokers and its one
        lay-off place share out (the colours no real tile or pinned joker
        takes, canonical order); every reading leaves one of them open for a
        lay-off [R-SET, R-WILD]. Empty for any other group (a set of 4 reads
        its jokers one way only; runs are read in the order written)."""
        if self.kind != "set" or len(self.tiles) != 3 or not any(self.free):
            return ()
        taken = {f.colour for f, free in zip(self.stands_for, self.free, strict=True) if not free}
        return tuple(c for c in COLOURS if c not in taken)

    @property
    def default_open(self) -> Colour | None:
        """The colour left open by the default reading (``stands_for``), or ``None``."""
        colours = self.open_colours
        if not colours:
            return None
        read = {f.colour for f, free in zip(self.stands_for, self.free, strict=True) if free}
        return next(c for c in colours if c not in read)

    def read_as(self, open_colour: Colour) -> TableGroup:
        """This set of 3 with its free jokers standing for every colour of
        :attr:`open_colours` but ``open_colour`` (tiles re-sorted by colour)
        [R-SET, R-WILD]."""
        colours = iter(c for c in self.open_colours if c != open_colour)
        number = self.stands_for[0].number
        places = [
            (t, face(next(colours), number) if free else f, free)
            for t, f, free in zip(self.tiles, self.stands_for, self.free, strict=True)
        ]
        places.sort(key=lambda p: p[1].colour.rank)
        return TableGroup(self.kind, tuple(p[0] for p in places), tuple(p[1] for p in places),
                          tuple(p[2] for p in places))  # fmt: skip


@dataclass(frozen=True)
class Move:
    """One move of a turn.

    - ``kind``: ``open`` (a meld or pair of the opening), ``meld``, ``pair``,
      ``lay off`` or ``retrieve``;
    - ``tiles`` / ``stands_for``: the rack tiles put down and what each plays
      as (a retrieval: the one tile that replaces the joker);
    - ``group``: index (0-based) of the group in the table after the turn;
    - ``end``: for a lay-off, ``low`` / ``high`` (run) or ``set``;
    - ``reading``: for a move onto a set with free jokers, the set as the
      move reads it before the turn (``R7 B7 J=Y7``) [R-SET, R-WILD].
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
      free jokers standing for the colours its moves rely on) [R-SET, R-WILD];
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


def with_distance(result: PlayResult, *, time_limit: float = DEFAULT_TIME_LIMIT) -> PlayResult:
    """``result`` with :attr:`PlayResult.distance` filled when the player cannot
    open (``can_open`` is False; else ``result`` unchanged, and also after
    taking the discard, which replaces the draw [R-TAKE-DISCARD]).

    The distance is :func:`~rummy101_solver.engine.outs.rack_distance` of the rack,
    melds and pairs, the unseen tiles being the 106-tile set minus the rack,
    the tiles on the table and the indicator. The rack is the one held in
    this turn, so a later opening lays at most one tile fewer than it holds:
    it discards one now, draws one next turn and keeps one for that turn's
    discard [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD]. ``time_limit``
    (seconds) bounds both searches together.
    """
    if result.can_open is not False or result.rules.take is not None:
        return result
    from rummy101_solver.engine.outs import KINDS, rack_distance, unseen_tiles

    deadline = time.monotonic() + time_limit
    seen = [t for g in result.table for t in g.tiles]
    if result.refused_take is not None:  # it stays on the discard pile, seen
        seen.append(result.refused_take)
    unseen = unseen_tiles(result.rack, result.rules, seen)
    found = [
        rack_distance(
            result.rack,
            result.rules,
            kind,
            unseen=unseen,
            max_laid=max(len(result.rack) - 1, 0),
            time_limit=max(deadline - time.monotonic(), 0.001),
        )
        for kind in KINDS
    ]
    return replace(result, distance=OpeningDistance(*found))


def with_discard(result: PlayResult, *, time_limit: float = DEFAULT_TIME_LIMIT) -> PlayResult:
    """``result`` with the discard of a best plan that lays nothing while
    unopened (mode ``none``): the best row of ``outs``' discard table
    (:func:`choose_discard`); any other result unchanged (:func:`best_turn`
    gives an opened or opening plan its discard). ``time_limit`` in seconds."""
    best = result.best
    if best.mode != "none" or best.discard_choice is not None:
        return result
    choice = choose_discard(result.rack, result.table, result.rules, result.play_rules, best,
                            time_limit=time_limit)  # fmt: skip
    return replace(result, best=replace(best, discard_choice=choice))


# --- the table -------------------------------------------------------------------
def _group_text(group: list[LaidTile]) -> str:
    return " ".join(lt.token for lt in group)


def parse_table(text: str, rules: Rules) -> tuple[TableGroup, ...]:
    """Parse and judge the table: groups as for ``check`` (``|`` between groups,
    jokers pinned ``J=R7`` or worked out as ``check`` does).

    Returns the groups in input order, runs ascending, sets in colour order.
    An empty text is an empty table. Raises
    :class:`~rummy101_solver.game.parsing.RackError` for a bad token and
    :class:`PlayError` for an illegal group, naming the group and the rule.
    """
    if not text.strip():
        return ()
    try:
        groups = parse_arrangement(text, indicator=rules.indicator)
    except RackError as err:  # say the token is a table tile, not a rack tile
        if err.token is None or err.position is None:
            raise
        raise RackError(err.token, None, f"table tile {err.position}: {err.reason}") from None
    out = []
    jokers = 0
    for number, group in enumerate(groups, start=1):
        wild = sum(lt.tile.is_wild for lt in group)
        jokers += wild
        if jokers > WILD_TILES:
            raise PlayError(
                f"table group {number} ({_group_text(group)}): a third joker on the table;"
                f" the set has only {WILD_TILES} [R-TILES]"
            )
        if wild == len(group):
            raise PlayError(
                f"table group {number} ({_group_text(group)}) is not legal: a group needs a"
                " numbered tile to say what its jokers stand for [R-WILD]"
            )
        verdict = judge_group([(lt.tile, lt.pin) for lt in group], rules)
        if verdict.errors or verdict.kind is None:
            first = verdict.errors[0]
            raise PlayError(
                f"table group {number} ({_group_text(group)}) is not legal:"
                f" {first.message} [{first.rule}]"
            )
        places: list[tuple[Tile, Face, bool]] = []
        for lt, f in zip(group, verdict.stands_for, strict=True):
            assert f is not None, "a legal group names every face"
            # an unpinned joker of a set may stand for any colour it lacks [R-SET, R-WILD]
            unpinned = verdict.kind == "set" and lt.tile.is_wild and lt.pin is None
            places.append((lt.tile, f, unpinned))
        if verdict.kind == "run":
            places.sort(key=lambda p: p[1].number)
        elif verdict.kind == "set":
            places.sort(key=lambda p: p[1].colour.rank)
        free = tuple(p[2] for p in places) if any(p[2] for p in places) else ()
        tiles = tuple(p[0] for p in places)
        out.append(TableGroup(verdict.kind, tiles, tuple(p[1] for p in places), free))
    return tuple(out)


def check_copies(rack: Rack, table: Sequence[TableGroup], rules: Rules) -> None:
    """Raise :class:`~rummy101_solver.game.parsing.RackError` when rack and table
    together hold more copies than the tile set has (a third R7, a third
    joker) [R-TILES, R-RACK]; the message names the table tile."""
    tiles = [(t.code, t) for t in rack.tiles]
    tiles += [(t.code, t) for g in table for t in g.tiles]
    try:
        check_rack_limits(tiles, indicator=rules.indicator, max_tiles=len(tiles))
    except RackError as err:
        where = err.position
        if where is not None and where > len(rack):
            reason = err.reason.removesuffix(" [R-RACK]")
            place = where - len(rack)
            raise TableTileError(
                err.token,
                place,
                f"'{err.token}' (table tile {place}): {reason}, counting the rack and the"
                " table [R-TILES]",
            ) from None
        raise


# --- the model -----------------------------------------------------------------
@dataclass(frozen=True)
class TurnProblem:
    """One way of playing the turn, as a model input.

    - ``packing``: the new melds/pairs from the rack (candidate patterns, face
      counts, the wild tiles they may use, tiles that may be laid, bar, taken
      tile) — the packing problem of ``solve``;
    - ``rack_wilds``: wild tiles on the rack before the turn;
    - ``opening``: the new melds are this turn's opening (their wild tiles come
      from the rack, the bar applies, at least one is laid);
    - ``layoffs``: lay-offs and retrievals allowed this turn;
    - ``take_anywhere``: the taken tile may go in a lay-off or retrieval too
      (an opened player) [R-TAKE-DISCARD];
    - ``penalty_factor``: 2 after a pairs opening [R-RESIDUAL];
    - ``any_value``: a one-turn finish under the house rule: no bar, but every
      tile but the discard laid (``packing.min_laid``) [R-ONE-TURN-ANY-VALUE].
    """

    packing: PackingProblem
    table: tuple[TableGroup, ...]
    play_rules: PlayRules
    rack_wilds: int
    rack_size: int
    opening: bool
    layoffs: bool
    take_anywhere: bool
    penalty_factor: int = 1
    any_value: bool = False


@dataclass(frozen=True)
class _Slot:
    """One place a lay-off may fill: group, end, depth (1 = next to the group)."""

    group: int
    end: End
    depth: int
    face: Face
    real: int | None
    wild: int | None


@dataclass(frozen=True)
class _Retrieval:
    group: int
    place: int
    face: Face
    var: int


def _slot_faces(group: TableGroup, end: End) -> list[Face]:
    """The faces a lay-off could fill at one end, nearest first [R-LAYOFF]."""
    first, last = group.stands_for[0], group.stands_for[-1]
    if group.kind == "run" and end == "low":
        return [face(first.colour, n) for n in range(first.number - 1, 0, -1)]
    if group.kind == "run" and end == "high":
        return [face(last.colour, n) for n in range(last.number + 1, 14)]
    if group.kind == "set" and len(group.tiles) == 3:
        present = {f.colour for f in group.stands_for}
        return [face(c, first.number) for c in COLOURS if c not in present]
    return []


class TurnModel(PackingModel):
    """The turn as a CP-SAT model: the packing model of the rack's new melds or
    pairs, plus lay-off places, joker retrievals and the finish.

    Families added to :class:`~rummy101_solver.engine.model.PackingModel`:
    ``_add_layoffs`` (one real/wild choice per place, contiguous from the
    group outwards, the limit per group) and ``_add_retrievals`` (the real tile
    for a table joker; the freed joker joins the wild tiles). Overridden:
    tile limits, keep, taken tile, bar and objective.

    Objective, lexicographic in one sum: a finish; a joker finish; the lowest
    residual penalty; the fewest tiles left; the tiles kept earliest in the
    canonical order; the highest value of the new melds.
    """

    def __init__(self, turn: TurnProblem) -> None:
        self.turn = turn
        self.slots: list[_Slot] = []
        self.retrievals: list[_Retrieval] = []
        self.readings: dict[int, dict[Colour, int]] = {}
        self.finish_var = -1
        self.joker_finish_var = -1
        self._forbidding = False
        super().__init__(turn.packing)

    # --- constraint families -------------------------------------------------
    def _add_copies(self) -> None:
        # new melds / pairs from the rack, then the places on the table
        super()._add_copies()
        if self.turn.layoffs:
            self._add_layoffs()
            self._add_retrievals()

    def _add_layoffs(self) -> None:
        # a run grows at either end by a contiguous block, a set of 3 by its
        # missing colour; each place a real tile or a wild tile [R-LAYOFF]
        m = self.model
        counts = self.problem.counts
        wild_supply = self.problem.wilds
        for g, group in enumerate(self.turn.table):
            if group.kind == "pair":
                continue
            if group.open_colours:
                self._add_read_layoffs(g, group)
                continue
            used_in_group: list[int] = []
            ends: tuple[End, ...] = ("low", "high") if group.kind == "run" else ("set",)
            for end in ends:
                gaps = 0
                previous: list[int] = []
                faces = _slot_faces(group, end)
                for depth, f in enumerate(faces, start=1):
                    held = counts[f] > 0
                    gaps += not held
                    if gaps > wild_supply:
                        break
                    real = m.new_bool_var() if held else None
                    wild = m.new_bool_var() if wild_supply else None
                    place = [v for v in (real, wild) if v is not None]
                    if not place:
                        break
                    # one tile per place; a place is filled only if the one nearer is
                    m.add_linear(place, [1] * len(place), ub=1)
                    if previous:
                        m.add_linear([*place, *previous], [1] * len(place) + [-1] * len(previous),
                                     ub=0)  # fmt: skip
                    self.slots.append(_Slot(g, end, depth, f, real, wild))
                    used_in_group += place
                    previous = place
            limit = self.turn.play_rules.layoff_limit
            if limit is not None and len(used_in_group) > limit:
                # at most `limit` tiles onto one group per turn [R-LAYOFF-LIMIT]
                m.add_linear(used_in_group, [1] * len(used_in_group), ub=limit)

    def _add_read_layoffs(self, g: int, group: TableGroup) -> None:
        # a set of 3 with free jokers: one reading per colour left open; the
        # lay-off place is the open colour of the reading chosen [R-SET, R-WILD, R-LAYOFF]
        m = self.model
        counts = self.problem.counts
        number = group.stands_for[0].number
        reads = {c: m.new_bool_var() for c in group.open_colours}
        m.add_exactly_one(list(reads.values()))
        self.readings[g] = reads
        used: list[int] = []
        for c, read in reads.items():
            f = face(c, number)
            real = m.new_bool_var() if counts[f] > 0 else None
            wild = m.new_bool_var() if self.problem.wilds else None
            place = [v for v in (real, wild) if v is not None]
            if not place:
                continue
            # one tile, and only on the colour the reading leaves open
            m.add_linear([*place, read], [1] * len(place) + [-1], ub=0)
            self.slots.append(_Slot(g, "set", 1, f, real, wild))
            used += place
        limit = self.turn.play_rules.layoff_limit
        if limit is not None and len(used) > limit:
            m.add_linear(used, [1] * len(used), ub=limit)  # [R-LAYOFF-LIMIT]

    def _add_retrievals(self) -> None:
        # a table joker swapped for exactly the tile it stands for [R-RETRIEVE]
        m = self.model
        full_set = self.turn.play_rules.retrieve == "full-set"
        for g, group in enumerate(self.turn.table):
            reads = self.readings.get(g, {})
            for c, read in reads.items():
                # a free joker stands for colour c in every reading but the one leaving c open
                f = face(c, group.stands_for[0].number)
                if not self.problem.counts[f]:
                    continue
                var = m.new_bool_var()
                m.add_linear([var, read], [1, 1], ub=1)
                if full_set:
                    # only from a set completed to four colours by a real tile
                    reals = [s.real for s in self.slots if s.group == g and s.real is not None]
                    m.add_linear([var, *reals], [1] + [-1] * len(reals), ub=0)
                place = next(i for i, free in enumerate(group.free) if free)
                self.retrievals.append(_Retrieval(g, place, f, var))
            for place in group.jokers:
                if reads and group.free[place]:
                    continue
                f = group.stands_for[place]
                if not self.problem.counts[f]:
                    continue
                var = m.new_bool_var()
                if full_set and group.kind == "set" and len(group.tiles) == 3:
                    # only from a set completed to four colours by a real tile
                    fourth = next((s.real for s in self.slots if s.group == g), None)
                    if fourth is None:
                        m.add_linear([var], [1], ub=0)
                    else:
                        m.add_implication(var, fourth)
                self.retrievals.append(_Retrieval(g, place, f, var))

    # Only the packing model's API is used (``copies``, ``bounds``, ``model``,
    # ``problem`` and the family methods): every family that changes is
    # overridden whole, so the packing model's internals may change freely.
    def _pattern_uses(self, f: Face) -> tuple[list[int], list[int]]:
        # copies of face f in the new melds / pairs
        items = [(v, p.real.count(f)) for p, v in self.copies.items() if f in p.real]
        return [v for v, _ in items], [k for _, k in items]

    def _pattern_wilds(self) -> tuple[list[int], list[int]]:
        # wild tiles in the new melds / pairs
        items = [(v, p.wilds) for p, v in self.copies.items() if p.wilds]
        return [v for v, _ in items], [k for _, k in items]

    def _face_uses(self, f: Face) -> tuple[list[int], list[int]]:
        # copies of face f laid anywhere: new melds, lay-offs, retrievals
        variables, coeffs = self._pattern_uses(f)
        for s in self.slots:
            if s.face == f and s.real is not None:
                variables.append(s.real)
                coeffs.append(1)
        for r in self.retrievals:
            if r.face == f:
                variables.append(r.var)
                coeffs.append(1)
        return variables, coeffs

    def _net_wilds(self) -> tuple[list[int], list[int]]:
        # wild tiles laid, less the jokers freed by retrievals
        variables, coeffs = self._pattern_wilds()
        variables += [s.wild for s in self.slots if s.wild is not None]
        coeffs += [1 for s in self.slots if s.wild is not None]
        variables += [r.var for r in self.retrievals]
        coeffs += [-1] * len(self.retrievals)
        return variables, coeffs

    def _add_tile_limits(self) -> None:
        # every tile laid comes from the rack: no face used more often than held
        for f in sorted(self.problem.counts):
            variables, coeffs = self._face_uses(f)
            if variables:
                self.model.add_linear(variables, coeffs, ub=self.problem.counts[f])
        # wild tiles: the rack's, plus the jokers freed this turn [R-RETRIEVE];
        # an opening's own melds only use the rack's (the opening comes first)
        if self.turn.opening:
            pattern_wilds = self._pattern_wilds()
            if pattern_wilds[0]:
                self.model.add_linear(*pattern_wilds, ub=self.turn.rack_wilds)
        net = self._net_wilds()
        if net[0]:
            self.model.add_linear(*net, ub=self.turn.rack_wilds)

    def _tiles_laid(self) -> tuple[list[int], list[int]]:
        # tiles leaving the rack, net: a retrieval swaps a tile for a joker
        variables = list(self.copies.values())
        coeffs = [len(p) for p in self.copies]
        for s in self.slots:
            for v in (s.real, s.wild):
                if v is not None:
                    variables.append(v)
                    coeffs.append(1)
        return variables, coeffs

    def _add_keep(self) -> None:
        # leave at least `keep` tiles on the rack for the discard [R-KEEP-DISCARD]
        self.model.add_linear(*self._tiles_laid(), ub=self.problem.max_laid)
        # a one-turn finish lays down every tile but the discard [R-ONE-TURN]
        if self.problem.min_laid is not None:
            self.model.add_linear(*self._tiles_laid(), lb=self.problem.min_laid)

    def _add_must_use(self) -> None:
        # the taken discard is used at once [R-TAKE-DISCARD]: in the opening, or
        # (an opened player) in a new meld, a lay-off or a retrieval
        target = self.problem.must_use
        if target is None:
            return
        anywhere = self.turn.take_anywhere
        if target == "wild":
            variables, coeffs = self._pattern_wilds()
            if anywhere:
                variables += [s.wild for s in self.slots if s.wild is not None]
                coeffs += [1 for s in self.slots if s.wild is not None]
        else:
            uses = self._face_uses if anywhere else self._pattern_uses
            variables, coeffs = uses(target)
        self.model.add_linear(variables, coeffs, lb=1)

    def _add_bar(self) -> None:
        # the opening's own melds meet the bar; lay-offs never count
        # [R-OPEN-MELDS, R-OPEN-PAIRS, R-SAME-TURN]; at least one is laid
        if not self.turn.opening:
            return
        copies = list(self.copies.values())
        if self.problem.min_score is not None:
            scores = [1 if self.problem.pairs else p.value for p in self.copies]
            self.model.add_linear(copies, scores, lb=self.problem.min_score)
        self.model.add_linear(copies, [1] * len(copies), lb=1)

    def _saved_terms(self) -> tuple[list[int], list[int]]:
        # penalty points taken off the rack: tiles laid, jokers freed cost 101
        variables = list(self.copies.values())
        coeffs = [p.real_points + WILD_PENALTY * p.wilds for p in self.copies]
        for s in self.slots:
            if s.real is not None:
                variables.append(s.real)
                coeffs.append(s.face.number)
            if s.wild is not None:
                variables.append(s.wild)
                coeffs.append(WILD_PENALTY)
        for r in self.retrievals:
            variables.append(r.var)
            coeffs.append(r.face.number - WILD_PENALTY)
        return variables, coeffs

    def _order_terms(self) -> tuple[list[int], list[int]]:
        # canonical places of the real tiles laid (lay later tiles, keep earlier)
        variables = list(self.copies.values())
        coeffs = [sum(f.index + 1 for f in p.real) for p in self.copies]
        for s in self.slots:
            if s.real is not None:
                variables.append(s.real)
                coeffs.append(s.face.index + 1)
        for r in self.retrievals:
            variables.append(r.var)
            coeffs.append(r.face.index + 1)
        return variables, coeffs

    def _add_objective(self) -> None:
        # the finish first, a joker finish, then see the class docstring
        m = self.model
        counts = self.problem.counts
        size = self.turn.rack_size
        f_var = m.new_bool_var()
        j_var = m.new_bool_var()
        laid = self._tiles_laid()
        # finish: at most one tile left (the discard) [R-FINISH]
        m.add_linear([*laid[0], f_var], [*laid[1], -(size - 1)], lb=0)
        # joker finish: the tile left is a wild tile [R-JOKER-FINISH]
        net = self._net_wilds()
        m.add_implication(j_var, f_var)
        m.add_linear([*net[0], j_var], [*net[1], 1], ub=self.turn.rack_wilds)
        self.finish_var, self.joker_finish_var = f_var, j_var
        order_max = sum((f.index + 1) * k for f, k in counts.items()) + 1
        laid_max = size + 1
        saved_max = sum(f.number * k for f, k in counts.items()) + WILD_PENALTY * (
            self.turn.rack_wilds + 2
        )
        # last tier: the highest value of the new melds (a joker stands as high as it may)
        value_max = 13 * (size + self.problem.wilds) + 1
        w_order = value_max + 1
        w_laid = (order_max + 1) * w_order
        w_saved = (laid_max + 1) * w_laid
        w_joker = (2 * saved_max + 1) * w_saved
        w_finish = 2 * w_joker
        variables: list[int] = [f_var, j_var]
        coeffs: list[int] = [w_finish, w_joker]
        for part, weight in (
            (self._saved_terms(), w_saved),
            (laid, w_laid),
            (self._order_terms(), w_order),
            ((list(self.copies.values()), [p.value for p in self.copies]), 1),
        ):
            variables += part[0]
            coeffs += [c * weight for c in part[1]]
        m.maximize(variables, coeffs)

    # --- alternatives ----------------------------------------------------------
    def _left_keys(self) -> list[tuple[tuple[list[int], list[int]], int, int]]:
        # per face, then the wild tiles: (uses, most uses, offset making it >= 0)
        keys = [(self._face_uses(f), k, 0) for f, k in sorted(self.problem.counts.items())]
        jokers = len(self.retrievals)
        keys.append((self._net_wilds(), self.turn.rack_wilds + jokers, jokers))
        return keys

    def forbid_left(self, values: Sequence[int]) -> None:
        """Exclude every plan leaving the same tiles on the rack as the solution
        ``values`` (variable values of an earlier solve), and the empty plan."""
        literals = []
        for (variables, coeffs), size, offset in self._left_keys():
            if not variables:
                continue
            used = offset + sum(values[v] * c for v, c in zip(variables, coeffs, strict=True))
            # a different count of this face: fewer than used, or more
            fewer = self.model.new_bool_var()
            more = self.model.new_bool_var()
            # fewer -> uses <= used - 1; more -> uses >= used + 1
            big = size + offset + 1
            self.model.add_linear([*variables, fewer], [*coeffs, big], ub=used - 1 - offset + big)
            self.model.add_linear([*variables, more], [*coeffs, -big], lb=used + 1 - offset - big)
            literals += [fewer, more]
        self.model.add_bool_or(literals)
        if not self._forbidding:
            laid = self._tiles_laid()
            retrieved = [r.var for r in self.retrievals]
            self.model.add_linear([*laid[0], *retrieved], [*laid[1], *[1] * len(retrieved)], lb=1)
            self._forbidding = True


# --- building the problems --------------------------------------------------------
def _patterns(rack: Rack, rules: Rules, kind: Literal["melds", "pairs", "both"],
              wilds: int) -> tuple[Pattern, ...]:  # fmt: skip
    counts = rack.face_counts
    out: tuple[Pattern, ...] = ()
    if kind in ("melds", "both"):
        out += meld_patterns(counts, wilds)
    if kind in ("pairs", "both"):
        out += tuple(pair_patterns(counts, wilds, joker_pairs=rules.joker_pairs))
    return out


def _turn_problems(
    rack: Rack, table: tuple[TableGroup, ...], rules: Rules, play: PlayRules
) -> list[tuple[Mode, TurnProblem]]:
    """The ways to play this turn, one model each: an unopened player opens with
    melds or with pairs [R-NO-MIX]; an opened one plays on [R-PAIRS-AFTER]."""
    jokers_on_table = sum(len(g.jokers) for g in table)
    pairs_seen = play.pairs_on_table or play.opened == "pairs"
    pairs_seen = pairs_seen or any(g.kind == "pair" for g in table)
    must_use: Face | Literal["wild"] | None = None
    if rules.take is not None:
        must_use = "wild" if rules.take.face is None else rules.take.face
    counts = rack.face_counts
    max_laid = max(0, len(rack) - rules.keep)
    out: list[tuple[Mode, TurnProblem]] = []
    if play.opened == "no":
        layoffs = play.same_turn_layoff and bool(table)
        wilds = rack.wilds + (jokers_on_table if layoffs else 0)
        kinds: tuple[OpeningKind, ...] = ("melds", "pairs")
        for kind in kinds:
            packing = PackingProblem(
                patterns=_patterns(rack, rules, kind, rack.wilds),
                counts=counts,
                wilds=wilds,
                max_laid=max_laid,
                pairs=kind == "pairs",
                must_use=must_use,
                min_score=rules.bar(kind),
            )
            factor = PAIRS_PENALTY_FACTOR if kind == "pairs" else 1
            turn = TurnProblem(packing, table, play, rack.wilds, len(rack), opening=True,
                               layoffs=layoffs, take_anywhere=False,
                               penalty_factor=factor)  # fmt: skip
            out.append((kind, turn))
        if rules.one_turn_any_value and not table and not rules.someone_opened:
            # house rule: a one-turn finish stands whatever its value, so one more
            # model per kind: no bar, everything but the discard laid [R-ONE-TURN-ANY-VALUE]
            for mode, base in list(out):
                packing = replace(base.packing, min_score=None, min_laid=len(rack) - 1)
                out.append((mode, replace(base, packing=packing, any_value=True)))
        return out
    wilds = rack.wilds + jokers_on_table
    if play.opened == "pairs":
        patterns = _patterns(rack, rules, "pairs", wilds)
    else:
        patterns = _patterns(rack, rules, "both" if pairs_seen else "melds", wilds)
    packing = PackingProblem(patterns=patterns, counts=counts, wilds=wilds, max_laid=max_laid,
                             must_use=must_use)  # fmt: skip
    factor = PAIRS_PENALTY_FACTOR if play.opened == "pairs" else 1
    turn = TurnProblem(packing, table, play, rack.wilds, len(rack), opening=False,
                       layoffs=bool(table), take_anywhere=True, penalty_factor=factor)  # fmt: skip
    return [("opened", turn)]


# --- reading a solution -----------------------------------------------------------
def _tile_of(rack: Rack) -> Callable[[Face], Tile]:
    tiles = {t.face: t for t in rack.tiles if t.face is not None}
    return lambda f: tiles[f]


def _plan(
    rack: Rack,
    table: tuple[TableGroup, ...],
    rules: Rules,
    mode: Mode,
    model: TurnModel,
    values: Sequence[int],
    status: Status,
) -> Plan:
    """Turn a solution into a :class:`Plan` (moves in a playable order)."""
    turn = model.turn
    tile_of = _tile_of(rack)
    pool: Counter[Tile] = Counter(rack.tiles)
    patterns = [p for p, v in model.copies.items() for _ in range(values[v])]
    melds = []
    for meld_kind, places in merge_runs(patterns):
        tiles = tuple(WILD if wild else tile_of(f) for f, wild in places)
        melds.append(Meld(meld_kind, tiles, tuple(f for f, _ in places)))
    melds.sort(key=meld_sort_key)
    read = _reading(table, model, values)
    groups = [list(zip(g.tiles, g.stands_for, strict=True)) for g in read]
    changed = [False] * len(table)
    layoffs: dict[tuple[int, End], list[tuple[Tile, Face]]] = {}
    for s in model.slots:
        if s.real is not None and values[s.real]:
            layoffs.setdefault((s.group, s.end), []).append((tile_of(s.face), s.face))
        elif s.wild is not None and values[s.wild]:
            layoffs.setdefault((s.group, s.end), []).append((WILD, s.face))
    retrieved = [r for r in model.retrievals if values[r.var]]
    real_layoffs: list[Move] = []
    wild_layoffs: list[Move] = []
    for (g, end), placed in sorted(layoffs.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        if end == "low":
            placed.reverse()
            groups[g][:0] = placed
        elif end == "high":
            groups[g] += placed
        else:
            groups[g] += placed
            groups[g].sort(key=lambda p: p[1].colour.rank)
        changed[g] = True
        move = Move("lay off", tuple(t for t, _ in placed), tuple(f for _, f in placed), g, end,
                    read[g] if read[g].free else None)  # fmt: skip
        (wild_layoffs if any(t.is_wild for t, _ in placed) else real_layoffs).append(move)
    retrievals = []
    for r in retrieved:
        real = tile_of(r.face)
        place = groups[r.group].index((WILD, r.face))
        groups[r.group][place] = (real, r.face)
        changed[r.group] = True
        retrievals.append(Move("retrieve", (real,), (r.face,), r.group, None,
                               read[r.group] if read[r.group].free else None))  # fmt: skip
    # pool: what leaves the rack, what the retrievals bring back
    for meld in melds:
        pool.subtract(meld.tiles)
    for move in [*real_layoffs, *wild_layoffs, *retrievals]:
        pool.subtract(move.tiles)
    pool[WILD] += len(retrievals)
    assert all(k >= 0 for k in pool.values()), "the plan uses tiles the rack lacks"
    left = sort_tiles(list(pool.elements()))
    new_groups = [TableGroup(m.kind, m.tiles, m.stands_for) for m in melds]
    after = tuple(
        TableGroup(g.kind, *_unzip(places), _free_after(g, places))
        for g, places in zip(read, groups, strict=True)
    ) + tuple(new_groups)
    first_new = len(table)
    kind_word: MoveKind = "open" if turn.opening else "meld"
    own = [
        Move(kind_word if m.kind != "pair" or turn.opening else "pair", m.tiles, m.stands_for,
             first_new + i)
        for i, m in enumerate(melds)
    ]  # fmt: skip
    if turn.opening:
        moves = own + real_layoffs + retrievals + wild_layoffs
    else:
        moves = real_layoffs + retrievals + own + wild_layoffs
    factor = turn.penalty_factor
    penalty = sum(t.points for t in left) * factor
    opening = None
    if turn.opening:
        kind: OpeningKind = "pairs" if mode == "pairs" else "melds"
        opening = Opening(
            kind=kind,
            melds=tuple(melds),
            left=left,
            residual_penalty=penalty,
            status="optimal" if status == "optimal" else "feasible",
            # below the bar only as a one-turn finish under the house rule
            meets_threshold=_score(melds, kind) >= rules.bar(kind),
        )
    return Plan(
        mode=mode,
        opening=opening,
        table_read=read,
        moves=tuple(moves),
        table_after=after,
        changed=tuple(changed) + (True,) * len(new_groups),
        left=left,
        residual_penalty=penalty,
        finish=_finish(left, table, rules, turn),
        status="optimal" if status == "optimal" else "feasible",
    )


def _reading(table: tuple[TableGroup, ...], model: TurnModel, values: Sequence[int]
             ) -> tuple[TableGroup, ...]:  # fmt: skip
    """The table as a solution reads it: a set whose free jokers the turn uses
    is read with the colour it lays off open, or else the default open colour
    unless a retrieval needs that one, then the first colour no retrieval
    needs; every other group as given [R-SET, R-WILD]."""
    out = list(table)
    for g, group in enumerate(table):
        if not group.open_colours:
            continue
        laid = [s.face.colour for s in model.slots if s.group == g
                and any(v is not None and values[v] for v in (s.real, s.wild))]  # fmt: skip
        taken = {r.face.colour for r in model.retrievals if r.group == g and values[r.var]}
        if laid:
            open_colour = laid[0]
        elif group.default_open not in taken:
            continue
        else:
            open_colour = next(c for c in group.open_colours if c not in taken)
        out[g] = group.read_as(open_colour)
    return tuple(out)


def _unzip(places: list[tuple[Tile, Face]]) -> tuple[tuple[Tile, ...], tuple[Face, ...]]:
    return tuple(t for t, _ in places), tuple(f for _, f in places)


def _free_after(group: TableGroup, places: list[tuple[Tile, Face]]) -> tuple[bool, ...]:
    """The free flags of a set after the turn: none once it holds four tiles or
    no joker (its reading is then fixed), else the flags of its tiles."""
    if not group.free or len(places) != len(group.tiles):
        return ()
    flags = dict(zip(group.stands_for, group.free, strict=True))
    out = tuple(t.is_wild and flags.get(f, False) for t, f in places)
    return out if any(out) else ()


def _score(melds: Sequence[Meld], kind: OpeningKind) -> int:
    """What an opening's melds score against its bar: points, or pairs."""
    return len(melds) if kind == "pairs" else sum(m.value for m in melds)


def _finish(left: tuple[Tile, ...], table: tuple[TableGroup, ...], rules: Rules,
            turn: TurnProblem) -> Finish:  # fmt: skip
    """The finish of a plan leaving ``left`` [R-FINISH, R-JOKER-FINISH, R-SCORE]."""
    if len(left) > 1:
        return Finish(False, False, None, 0)
    discard = left[0] if left else None
    joker = discard is not None and discard.is_wild
    one_turn = turn.opening and not table and not rules.someone_opened
    if one_turn:
        points = ONE_TURN_JOKER_WIN if joker else JOKER_WIN
    else:
        points = JOKER_WIN if joker else NORMAL_WIN
    return Finish(True, joker, discard, points, one_turn)


def _unopened(rack: Rack, table: tuple[TableGroup, ...], status: PlanStatus) -> Plan:
    """Not opened and nothing opens: nothing laid, 202 [R-PENALTY, R-RESIDUAL]."""
    return Plan("none", None, table, (), table, (False,) * len(table), rack.tiles, UNOPENED_PENALTY,
                Finish(False, False, None, 0), status)  # fmt: skip


def _rank(plan: Plan) -> tuple[int, int, int, int, int]:
    # finish, joker finish, lowest residual, fewest tiles left, melds before pairs
    return (
        -plan.finish.possible,
        -plan.finish.joker_finish,
        plan.residual_penalty,
        len(plan.left),
        plan.mode == "pairs",
    )


def _places(table: Sequence[TableGroup], limit: int | None) -> list[LayoffPlace]:
    """The lay-off places of a table for a later turn [R-LAYOFF, R-LAYOFF-LIMIT]."""
    from rummy101_solver.engine.discard import LayoffPlace

    out = []
    for g in table:
        if g.kind == "run":
            out.append(LayoffPlace(low=tuple(_slot_faces(g, "low")),
                                   high=tuple(_slot_faces(g, "high")), limit=limit))  # fmt: skip
        elif g.kind == "set" and len(g.tiles) == 3:
            faces = tuple(_set_faces(g))
            out.append(LayoffPlace(set_faces=faces, limit=limit))
    return out


def _set_faces(group: TableGroup) -> list[Face]:
    """The faces a set of 3 may take, every reading of its free jokers [R-SET, R-LAYOFF]."""
    number = group.stands_for[0].number
    if group.open_colours:
        return [face(c, number) for c in group.open_colours]
    return _slot_faces(group, "set")


def _layable(plan: Plan, play: PlayRules) -> list[Tile]:
    """Numbered tiles left that could still be laid off this turn onto the
    table after it: next to a run's end or a set's missing colour, the group
    below its lay-off limit, lay-offs allowed now [R-LAYOFF, R-LAYOFF-LIMIT,
    R-SAME-TURN]."""
    if plan.mode == "none" or (plan.opening is not None and not play.same_turn_layoff):
        return []
    laid = Counter(m.group for m in plan.moves if m.kind == "lay off" for _ in m.tiles)
    faces: set[Face] = set()
    for g, group in enumerate(plan.table_after[: len(plan.table_read)]):
        limit = play.layoff_limit
        if group.kind == "pair" or (limit is not None and laid[g] >= limit):
            continue
        if group.kind == "run":
            faces.update(_slot_faces(group, "low")[:1] + _slot_faces(group, "high")[:1])
        elif len(group.tiles) == 3:
            faces.update(_set_faces(group))
    # the player's own new melds are on the table too
    for group in plan.table_after[len(plan.table_read) :]:
        if group.kind == "run":
            faces.update(_slot_faces(group, "low")[:1] + _slot_faces(group, "high")[:1])
        elif group.kind == "set" and len(group.tiles) == 3:
            faces.update(_slot_faces(group, "set"))
    return [t for t in plan.left if t.face is not None and t.face in faces]


def choose_discard(
    rack: Rack,
    table: Sequence[TableGroup],
    rules: Rules,
    play: PlayRules,
    plan: Plan,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Discard | None:
    """The tile that ends ``plan``'s turn, and why [R-KEEP-DISCARD]
    (:mod:`~rummy101_solver.engine.discard`):

    - not opened and not opening (mode ``none``): the first row of
      :func:`~rummy101_solver.engine.outs.discard_table` that is not a joker,
      the table's tiles seen: fewest tiles from an opening after it, then the
      other kind, then the most outs; ``distance_after`` (melds, pairs);
    - opened or opening now: :func:`~rummy101_solver.engine.discard.opened_discard`
      over the tiles left, the lay-off places of the table after the turn
      (the player's new melds too), the kinds the player may lay next
      [R-PAIRS-AFTER] and the unseen copies.

    ``None`` for a plan with nothing left (never: a turn keeps one) or no
    plan. ``time_limit`` in seconds.
    """
    from rummy101_solver.engine.discard import Discard, opened_discard
    from rummy101_solver.engine.outs import discard_table, unseen_tiles

    if not plan.left or plan.status == "none":
        return None
    if plan.mode == "none":
        unseen = unseen_tiles(rack, rules, [t for g in table for t in g.tiles])
        rows = discard_table(rack, rules, unseen=unseen, time_limit=time_limit)
        row = next((r for r in rows if not r.tile.is_wild), rows[0])
        melds, pairs = row.melds.tiles, row.pairs.tiles

        def away(n: int | None, kind: str) -> str:
            return f"{kind} out of reach" if n is None else f"{kind} {n} tile{'s' * (n != 1)}"

        copies = row.outs.copies("any")
        why = (
            f"the best row of the discard table (rummy101 outs): after it {away(melds, 'melds')},"
            f" {away(pairs, 'pairs')} from an opening, {copies} unseen tile{'s' * (copies != 1)}"
            " that are outs"
            " [R-OPEN-MELDS, R-OPEN-PAIRS]"
        )
        proven = row.outs.complete and "feasible" not in (row.melds.status, row.pairs.status)
        return Discard(row.tile, why, (melds, pairs), None, UNOPENED_PENALTY, proven=proven)
    seen = [t for g in plan.table_after for t in g.tiles]
    unseen_faces: Counter[Face] = Counter()
    for tile, k in unseen_tiles(Rack(plan.left), rules, seen).tiles:
        if tile.face is not None and not tile.is_wild:
            unseen_faces[tile.face] += k
    pairs_player = plan.mode == "pairs" or (plan.mode == "opened" and play.opened == "pairs")
    if pairs_player:
        kinds: frozenset[Literal["run", "set", "pair"]] = frozenset({"pair"})
    else:
        pairs_seen = play.pairs_on_table or any(g.kind == "pair" for g in plan.table_after)
        kinds = frozenset({"run", "set", "pair"} if pairs_seen else {"run", "set"})
    places = _places(plan.table_after, play.layoff_limit)
    factor = PAIRS_PENALTY_FACTOR if pairs_player else 1
    return opened_discard(plan.left, _layable(plan, play), places, unseen_faces, kinds, rules,
                          factor, time_limit=min(time_limit, 2.0))  # fmt: skip


def _with_discard(rack: Rack, table: tuple[TableGroup, ...], rules: Rules, play: PlayRules,
                  plan: Plan, deadline: float) -> Plan:  # fmt: skip
    """``plan`` with its :attr:`Plan.discard_choice` (:func:`choose_discard`),
    a plan that opens or plays on only: the discard table of an unopened rack
    comes later (:func:`with_discard`), after the distance."""
    if plan.mode == "none":
        return plan
    left = max(deadline - time.monotonic(), 0.05)
    return replace(plan, discard_choice=choose_discard(rack, table, rules, play, plan,
                                                       time_limit=left))  # fmt: skip


def residual_before(rack: Rack, opened: Opened) -> int:
    """R-RESIDUAL of the rack as it stands: 202 unopened, the tiles' points
    (joker 101) after melds, twice that after pairs [R-PENALTY]."""
    if opened == "no":
        return UNOPENED_PENALTY
    points = sum(t.points for t in rack.tiles)
    return points * PAIRS_PENALTY_FACTOR if opened == "pairs" else points


def best_turn(
    rack: Rack,
    table: Sequence[TableGroup],
    rules: Rules | None = None,
    play: PlayRules | None = None,
    *,
    alternatives: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> PlayResult:
    """The best turn of ``rack`` against ``table`` (from :func:`parse_table`).

    Best: a finish (all tiles but the discard laid), a joker finish first;
    then the lowest residual penalty after the turn [R-RESIDUAL]; then the
    fewest tiles left; then the tiles kept earliest in the canonical order.
    An unopened player opens (melds meeting ``rules.meld_bar`` or pairs
    meeting ``rules.pairs_bar``; lay-offs never count [R-SAME-TURN]) or stays
    unopened at 202. With ``rules.one_turn_any_value``, on an empty table with
    nobody opened, a one-turn finish stands below the bar too
    [R-ONE-TURN-ANY-VALUE] (its opening then has ``meets_threshold`` False, and
    ``can_open`` still measures openings against the bars). ``alternatives``:
    next-best plans of the same kind, each leaving different tiles.
    ``time_limit`` in seconds for everything.

    Raises :class:`~rummy101_solver.game.parsing.RackError` when rack and table
    hold more copies than the set has.
    """
    rules = rules or Rules()
    play = play or PlayRules()
    table = tuple(table)
    check_copies(rack, table, rules)
    deadline = time.monotonic() + time_limit
    candidates: list[tuple[Plan, TurnModel, Sequence[int]]] = []
    opens = False  # an opening that meets its bar exists [R-OPEN-MELDS, R-OPEN-PAIRS]
    proven = True
    for mode, turn in _turn_problems(rack, table, rules, play):
        model = TurnModel(turn)
        solution = model.model.solve(max(deadline - time.monotonic(), 0.001))
        if solution.status == "unknown" or solution.status == "feasible":
            proven = False
        if solution.found:
            plan = _plan(rack, table, rules, mode, model, solution.values, solution.status)
            candidates.append((plan, model, solution.values))
            opens = opens or not turn.any_value
    can_open: bool | None = None
    if play.opened == "no" and (proven or opens):
        can_open = opens
    if not candidates and rules.take is not None and proven:
        # the taken tile cannot be used: the turn is played without it, drawing
        # instead, so no tile the player never took is counted [R-TAKE-DISCARD]
        without = list(rack.tiles)
        without.remove(rules.take)
        inner = best_turn(Rack(tuple(without)), table, replace(rules, take=None), play,
                          alternatives=alternatives,
                          time_limit=max(deadline - time.monotonic(), 0.001))  # fmt: skip
        return replace(inner, refused_take=rules.take)
    if not candidates:
        best = _unopened(rack, table, "optimal" if proven else "none")
        if play.opened != "no":
            # only a taken tile that cannot be used leaves an opened player no plan
            best = replace(best, mode="opened", residual_penalty=residual_before(rack, play.opened),
                           status="none")  # fmt: skip
        best = _with_discard(rack, table, rules, play, best, deadline)
        return PlayResult(rack, table, rules, play, best, (), residual_before(rack, play.opened),
                          can_open, proven, alternatives_complete=proven,
                          alternatives_asked=alternatives)  # fmt: skip
    candidates.sort(key=lambda c: _rank(c[0]))
    best, model, values = candidates[0]
    if not proven and best.status == "optimal":
        best = replace(best, status="feasible")
    best = _with_discard(rack, table, rules, play, best, deadline)
    others: list[Plan] = []
    mode = best.mode
    complete = True  # every alternative proven next-best, or none more exists
    while len(others) < alternatives:
        left = deadline - time.monotonic()
        if left <= 0:
            complete = False
            break
        model.forbid_left(values)
        solution = model.model.solve(left, thorough=True)
        if not solution.found:
            complete = solution.status == "infeasible"
            break
        complete = complete and solution.status == "optimal"
        values = solution.values
        others.append(_plan(rack, table, rules, mode, model, values, solution.status))
    return PlayResult(rack, table, rules, play, best, tuple(others),
                      residual_before(rack, play.opened), can_open, proven,
                      alternatives_complete=complete,
                      alternatives_asked=alternatives)  # fmt: skip


# --- seeded deals for the benchmark ---------------------------------------------------
def deal_turn(
    seed: int, rack_size: int = 14, groups: int = 8
) -> tuple[Rack, tuple[TableGroup, ...]]:
    """A seeded rack and table [R-TILES]: ``groups`` legal groups (runs of 3–5
    and sets of 3–4, a joker in some) built from a shuffled 106-tile set, then
    ``rack_size`` tiles dealt from what is left. The same seed gives the same deal."""
    import random

    from rummy101_solver.game.deal import TILE_SET

    rng = random.Random(seed)
    deck = list(TILE_SET)
    rng.shuffle(deck)
    stock = Counter(deck)
    table: list[TableGroup] = []
    while len(table) < groups:
        if rng.random() < 0.6:
            colour = rng.choice(COLOURS)
            length = rng.randint(3, 5)
            start = rng.randint(1, 14 - length)
            faces = [face(colour, n) for n in range(start, start + length)]
            kind: GroupKind = "run"
        else:
            number = rng.randint(1, 13)
            colours = sorted(rng.sample(COLOURS, rng.choice((3, 4))), key=lambda c: c.rank)
            faces = [face(c, number) for c in colours]
            kind = "set"
        tiles = [Tile(f) for f in faces]
        if stock[WILD] and rng.random() < 0.25:
            tiles[rng.randrange(len(tiles))] = WILD
        need = Counter(tiles)
        if any(stock[t] < k for t, k in need.items()):
            continue
        stock -= need
        table.append(TableGroup(kind, tuple(tiles), tuple(faces)))
    rest = []
    for tile in deck:  # the tiles not on the table, in shuffled order
        if stock[tile] > 0:
            stock[tile] -= 1
            rest.append(tile)
    return Rack(tuple(rest[:rack_size])), tuple(table)
