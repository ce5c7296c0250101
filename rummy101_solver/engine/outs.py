"""How far a rack is from opening, which draws help, what to discard.

Definitions (README, "How far from opening"; rule ids from RULES.md):

- **Unseen tiles**: the 106-tile set [R-TILES] minus the rack minus the tiles
  seen (discards, melds on the table, the face-up indicator [R-INDICATOR]). The
  next tile of the stock is taken as equally likely to be any unseen tile.
- **Tiles laid** are bounded by the rack's size: a rack of at most 21 tiles
  waits to draw one and then discards one, so it may lay as many tiles as it
  holds; a 22-tile rack has drawn and may lay 21 [R-KEEP-DISCARD]. See
  :func:`laid_bound`.
- **Distance to opening** (melds or pairs): the fewest tiles, each drawn from
  the unseen tiles (never more copies than are unseen, wild tiles included),
  that the rack lacks for an opening that meets the bar [R-OPEN-MELDS,
  R-OPEN-PAIRS, R-RISING] and lays at most :func:`laid_bound` tiles.
- **Outs** of a rack waiting to draw: every tile whose draw lowers the
  distance, with its unseen copies.
- **Discard table** of a rack that has drawn (22 tiles): per distinct tile, the
  distance and outs of the rack without it.

The model (:class:`DistanceModel`) is the packing model of openings
(:class:`~rummy101_solver.engine.model.PackingModel`) with one more integer variable
per tile kind: the copies drawn from the unseen tiles (each costs 1). A face
is laid at most as often as the rack holds it plus the copies drawn.

Why the shortcuts are exact (each is also tested against the naive way in
``tests/test_outs.py``):

- **Budgets one by one.** A pattern needing ``n`` tiles the rack lacks
  (:func:`need_draw`) lays at least ``n`` drawn tiles of its own, so it sits
  only in targets with at least ``n`` draws (and the sum of ``need_draw``
  over the patterns laid is at most the draws: a valid cut the model adds).
  The model for budget ``K`` keeps the patterns with ``need_draw <= K`` and
  ``draws <= K``: it is feasible iff the distance is at most ``K``. Trying
  ``K`` = 0, 1, 2, … the first feasible budget is the proven distance, and
  every target of that model is a minimum target. A target lays every tile
  drawn (else a smaller one exists).
- **Outs from minimum targets.** With distance ``D >= 1``, tile ``t`` is an
  out iff some target with exactly ``D`` draws draws ``t``: such a target
  misses ``D - 1`` once ``t`` is held; conversely a target of ``rack + t``
  missing ``D - 1`` must lay ``t`` (else the rack alone would be ``D - 1``
  away), so with ``t`` counted as missing it is a minimum target of the rack.
  No draw lowers the distance by more than one. So each kind is asked once
  ("a target of budget ``D`` drawing ``t``?") on the one model, and every
  target found marks all the kinds it draws as outs, skipping their checks.
  A kind is asked only if some pattern could lay it in such a target
  (:attr:`DistanceModel.possible`, from the next point): a drawn tile is
  always laid.
- **The chosen kind.** When asking about ``t``, a pattern with
  ``need_draw == D`` may be laid only if it lacks ``t``: a target of
  ``rack + t`` with ``D - 1`` draws uses patterns that need at most ``D - 1``
  once ``t`` is held, and holding ``t`` lowers a pattern's need only if the
  pattern lacks ``t``. This prunes the model to what the naive per-tile
  search would build, without rebuilding it (Booleans assumed per question).
- **Discards share one model.** A 22-tile rack's model gets one Boolean per
  distinct tile (exactly one is thrown: that kind's limit drops by one); a
  row is solved under the assumption that its tile is thrown. The smallest
  row distance is the 22-tile rack's own: a target lays at most 21 tiles, so
  some rack tile is never laid and can be thrown. Rows are settled budget by
  budget: a target found with budget ``b`` is a target of every row whose
  tile it leaves unlaid, so those rows are at distance ``b`` (all rows still
  open have distance at least ``b``) and the kinds it draws are their outs.
  A kind no row can draw at budget ``b`` (one question, rows of lower budgets
  excluded) is an out of none, so each row is asked only about the kinds
  that are outs of some row (and not already credited to it); a row whose
  tile no pattern of the budget lays gets them all without a question (every
  target leaves that tile unlaid, so it is a target of that row too).
- **Pairs** use :func:`pairs_outs`, a dynamic programme over the faces'
  (held, unseen) counts (the model's symmetric pairs make proofs slow); it
  equals the model's pairs distance (tested) and the outs follow the
  definition directly.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Literal

from rummy101_solver.engine.candidates import Pattern, meld_patterns, pair_patterns
from rummy101_solver.engine.model import Packing, PackingModel, PackingProblem, solve_packings
from rummy101_solver.engine.sat import SatSolution
from rummy101_solver.engine.solver import DEFAULT_TIME_LIMIT, Meld, opening_from_packing
from rummy101_solver.engine.sweep import (
    AnySweep,
    discard_rows,
    meld_distance,
    meld_outs,
    meld_plan,
    sweep_rack,
)
from rummy101_solver.game.parsing import RackError, read_tiles
from rummy101_solver.game.rules import OpeningKind, Rules
from rummy101_solver.game.tiles import (
    ALL_FACES,
    COPIES,
    MAX_RACK,
    WILD,
    WILD_TILES,
    Face,
    Rack,
    Tile,
    okey_face,
    sort_tiles,
)

Kind = Face | Literal["wild"]
"""A tile kind in the model: a face (plain or fake okey), or ``"wild"``."""

DistanceStatus = Literal["optimal", "feasible", "none"]
KINDS: tuple[OpeningKind, OpeningKind] = ("melds", "pairs")

DEFAULT_SAMPLES = 1000
"""Monte Carlo samples for ``--draws`` unless told otherwise."""


# --- tiles seen and unseen ------------------------------------------------------------


def kind_of(tile: Tile) -> Kind:
    """The model's kind of a tile: its face (a fake okey plays as its face), or ``"wild"``."""
    return "wild" if tile.face is None else tile.face


def tile_of(kind: Kind, rules: Rules) -> Tile:
    """The tile a kind is written as: ``J``, ``F`` (the okey's face with an
    indicator [R-INDICATOR]) or a plain tile."""
    return _tile_of(kind, rules.indicator)


@lru_cache(maxsize=512)
def _tile_of(kind: Kind, indicator: Face | None) -> Tile:
    if kind == "wild":
        return WILD
    okey = okey_face(indicator) if indicator is not None else None
    return Tile(kind, fake=kind == okey)


def full_set(rules: Rules) -> Counter[Tile]:
    """The tiles not yet placed anywhere known: 2 of each numbered tile and 2
    wild tiles [R-TILES]; with an indicator, the okey face's copies are the 2
    fake okeys and one copy of the indicator lies face up [R-INDICATOR]."""
    return Counter(_full_set(rules.indicator))


@lru_cache(maxsize=64)
def _full_set(indicator: Face | None) -> dict[Tile, int]:
    out: dict[Tile, int] = {_tile_of(f, indicator): COPIES for f in ALL_FACES}
    out[WILD] = WILD_TILES
    if indicator is not None:
        out[Tile(indicator)] -= 1
    return out


def read_seen(text: str | Iterable[str], rack: Rack, rules: Rules) -> tuple[Tile, ...]:
    """Parse ``--seen`` tiles (discards, table melds …) in the rack's notation.

    Raises :class:`~rummy101_solver.game.parsing.RackError` naming the token for a
    bad tile, or a tile of which the rack and the tiles seen before it already
    hold every copy [R-TILES, R-INDICATOR].
    """
    left = full_set(rules)
    left.subtract(Counter(rack.tiles))
    out = []
    try:
        tiles = read_tiles(text, indicator=rules.indicator)
    except RackError as err:  # say the token is a --seen tile, not a rack tile
        if err.token is None or err.position is None:
            raise
        raise RackError(err.token, None, f"--seen tile {err.position}: {err.reason}") from None
    for place, (token, tile) in enumerate(tiles, start=1):
        if left[tile] <= 0:
            if tile.is_wild:
                what = "a third wild tile; the set has only 2 [R-TILES]"
            elif tile.fake:
                what = "a third fake okey; the set has only 2 [R-INDICATOR]"
            elif rules.indicator is not None and tile.face == rules.indicator:
                what = (
                    f"every {tile.code} is placed: one lies face up as the indicator,"
                    " the other is on the rack or seen already [R-INDICATOR]"
                )
            else:
                what = (
                    f"a third {tile.code}: the rack and the tiles seen hold both copies"
                    " already [R-TILES]"
                )
            raise RackError(token, None, f"--seen tile {place}: {what}")
        left[tile] -= 1
        out.append(tile)
    return sort_tiles(out)


@dataclass(frozen=True)
class Unseen:
    """The unseen tiles: each kind (as written: ``R7``, ``F``, ``J``) with its
    copies, canonical order, only kinds with copies left."""

    tiles: tuple[tuple[Tile, int], ...]

    @property
    def total(self) -> int:
        """How many tiles are unseen."""
        return sum(k for _, k in self.tiles)

    def copies(self, tile: Tile) -> int:
        """Unseen copies of ``tile``'s kind."""
        return dict(self.tiles).get(tile, 0)

    @cached_property
    def counts(self) -> dict[Kind, int]:
        """Copies per model kind (computed once: do not modify)."""
        return {kind_of(t): k for t, k in self.tiles}

    def expanded(self) -> list[Tile]:
        """One entry per unseen tile, canonical order."""
        return [t for t, k in self.tiles for _ in range(k)]


def unseen_tiles(rack: Rack, rules: Rules, seen: Iterable[Tile] = ()) -> Unseen:
    """The 106-tile set minus the rack, the ``seen`` tiles and the indicator [R-TILES,
    R-INDICATOR]. Kinds already exhausted are left out; never negative."""
    left = full_set(rules)
    left.subtract(Counter(rack.tiles))
    left.subtract(Counter(seen))
    kinds = sort_tiles(t for t, k in left.items() if k > 0)
    return Unseen(tuple((t, left[t]) for t in kinds))


def laid_bound(size: int) -> int:
    """Most tiles an opening of a ``size``-tile rack may lay [R-KEEP-DISCARD]:
    up to 21 tiles the rack draws one and discards one (``size``); a 22-tile
    rack has drawn and keeps one for the discard (21)."""
    return min(size, MAX_RACK - 1)


# --- the model ------------------------------------------------------------------------


def lacking(pattern: Pattern, counts: Counter[Face], wilds: int) -> list[Kind]:
    """The kinds of which ``pattern`` needs more copies than the rack holds."""
    out: list[Kind] = [f for f, k in pattern.need if k > counts[f]]
    return [*out, "wild"] if pattern.wilds > wilds else out


def needs(patterns: Sequence[Pattern], counts: Counter[Face], wilds: int) -> list[int]:
    """:func:`need_draw` of each pattern, in order (one pass, faces by index)."""
    held = [0] * len(ALL_FACES)
    for face, k in counts.items():
        held[face.index] = k
    return [
        sum(k - held[f.index] for f, k in p.need if k > held[f.index]) + max(0, p.wilds - wilds)
        for p in patterns
    ]


def need_draw(pattern: Pattern, counts: Counter[Face], wilds: int) -> int:
    """Tiles of ``pattern`` a rack with these face counts and wild tiles lacks:
    a lower bound on the draws of any target that lays it."""
    lacking = sum(max(0, k - counts[f]) for f, k in pattern.need)
    return lacking + max(0, pattern.wilds - wilds)


class DistanceModel(PackingModel):
    """The packing model plus draws from the unseen tiles: ``draws`` maps each
    kind that may be drawn to the index of its variable (0 … unseen copies).

    ``budget``: at most this many draws, and only the patterns that need at
    most that many (see the module docstring); ``None``: no limit.
    ``discard``: one Boolean per distinct rack kind in ``discards``, exactly
    one true, each taking one copy of its kind off the rack (22-tile racks;
    a row of the discard table assumes its Boolean).

    ``choices=False``: no choice bits (:meth:`choose`) and no
    :attr:`possible` kinds, for a distance alone (measured a little faster).

    No objective: every solution is a target with at most ``budget`` draws.
    """

    def __init__(
        self,
        problem: PackingProblem,
        unseen: dict[Kind, int],
        *,
        budget: int | None = None,
        discard: bool = False,
        need: Sequence[int] | None = None,
        choices: bool = True,
    ) -> None:
        self.unseen = unseen
        self.choices = choices
        self.budget = budget
        self._pattern_need = need  # need_draw of each pattern, if known
        self._need: dict[int, int] = {}  # need_draw by variable
        self.with_discard = discard
        self.draws: dict[Kind, int] = {}
        self.discards: dict[Kind, int] = {}
        self._laid: dict[Kind, tuple[list[int], list[int]]] = {}
        self.chosen: dict[Kind, int] = {}
        self.possible: set[Kind] = set()
        """Kinds some target of the budget may draw: a drawn tile is laid in a
        pattern that needs at most ``budget - 1`` draws once it is held, so one
        that holds it and needs fewer than ``budget``, or ``budget`` lacking it."""
        super().__init__(problem)

    def _held_of(self, kind: Kind) -> int:
        return self.problem.wilds if kind == "wild" else self.problem.counts[kind]

    def _add_copies(self) -> None:
        # how many copies of each pattern are laid: from the rack and the unseen tiles
        problem = self.problem
        need = self._pattern_need or needs(problem.patterns, problem.counts, problem.wilds)
        budget = len(problem.patterns) if self.budget is None else self.budget
        avail = [self._held_of(f) + self.unseen.get(f, 0) for f in ALL_FACES]
        wild_avail = self._held_of("wild") + self.unseen.get("wild", 0)
        for pattern, n in zip(problem.patterns, need, strict=True):
            if n > budget:
                continue
            ub = min(avail[f.index] // k for f, k in pattern.need)
            if pattern.wilds:
                ub = min(ub, wild_avail // pattern.wilds)
            ub = min(ub, problem.max_laid // len(pattern))
            if ub > 0:
                var = self.model.new_int_var(0, ub)
                self.copies[pattern] = var
                self.bounds[pattern] = ub
                self._need[var] = n

    def _add_tile_limits(self) -> None:
        problem = self.problem
        model = self.model
        # a rack that has drawn throws exactly one of its tiles [R-KEEP-DISCARD]
        if self.with_discard:
            held: list[Kind] = sorted(problem.counts)
            held += ["wild"] if problem.wilds else []
            for kind in held:
                self.discards[kind] = model.new_bool_var()
            model.add_linear(list(self.discards.values()), [1] * len(self.discards), 1, 1)
        # every tile laid is held or drawn: laid - drawn + thrown <= held
        laid = self._laid
        for pattern, var in self.copies.items():
            for face, k in pattern.need:
                laid.setdefault(face, ([], []))
                laid[face][0].append(var)
                laid[face][1].append(k)
            if pattern.wilds:
                laid.setdefault("wild", ([], []))
                laid["wild"][0].append(var)
                laid["wild"][1].append(pattern.wilds)
        for kind in sorted(laid, key=_kind_order):
            variables, coeffs = list(laid[kind][0]), list(laid[kind][1])
            if self.unseen.get(kind, 0):
                self.draws[kind] = model.new_int_var(0, self.unseen[kind])
                variables.append(self.draws[kind])
                coeffs.append(-1)
            if kind in self.discards:
                variables.append(self.discards[kind])
                coeffs.append(1)
            model.add_linear(variables, coeffs, ub=self._held_of(kind))
        # at most `budget` draws
        draws = list(self.draws.values())
        if self.budget is not None and draws:
            model.add_linear(draws, [1] * len(draws), ub=self.budget)
        # each pattern lays at least `need_draw` drawn tiles of its own (a drawn
        # tile is laid once): a valid cut that tightens the LP relaxation
        need = self._need
        needy = [(v, n) for v, n in need.items() if n]
        if needy:
            model.add_linear(
                [v for v, _ in needy] + draws, [n for _, n in needy] + [-1] * len(draws), ub=0
            )
        if not self.choices:
            return
        # kinds a target of this budget could draw and lay (see `possible`)
        for pattern, var in self.copies.items():
            n = need[var]
            if self.budget is None or n < self.budget:
                self.possible.update(f for f, _ in pattern.need)
                if pattern.wilds:
                    self.possible.add("wild")
            elif n == self.budget:
                self.possible.update(lacking(pattern, problem.counts, problem.wilds))
        # choice bits for the outs: bit -> the kind is drawn; a pattern that
        # needs the whole budget is laid only if a kind it lacks is chosen
        for kind, var in self.draws.items():
            bit = model.new_bool_var()
            model.add_linear([var, bit], [1, -1], lb=0)
            self.chosen[kind] = bit
        if self.budget:
            for pattern, var in self.copies.items():
                if need[var] == self.budget:
                    bits = [self.chosen[k] for k in lacking(pattern, problem.counts, problem.wilds)]
                    ub = self.bounds[pattern]
                    model.add_linear([var, *bits], [1] + [-ub] * len(bits), ub=0)

    def _add_bar(self) -> None:
        # the opening meets its bar and lays something [R-OPEN-MELDS, R-OPEN-PAIRS]
        self.model.add_linear(*self._score_expr(), lb=max(1, self.problem.min_score or 0))

    def _add_objective(self) -> None:
        # none: any target within the budget will do
        self.model.maximize([], [])

    def choose(self, kind: Kind) -> list[int]:
        """Assumptions asking for a target that draws ``kind``, with every
        pattern that needs the whole budget lacking ``kind`` (see
        :func:`outs_of`)."""
        return [b if k == kind else ~b for k, b in self.chosen.items()]

    def drawn(self, solution: SatSolution) -> dict[Kind, int]:
        """Copies drawn per kind in a solution."""
        return {k: solution.value(v) for k, v in self.draws.items() if solution.value(v)}

    def layable(self, kind: Kind) -> bool:
        """Whether some pattern of the model lays a tile of this kind."""
        return kind in self._laid

    def spare(self, solution: SatSolution) -> set[Kind]:
        """Rack kinds of which a copy is not laid in the solution (so could be thrown)."""
        out = set()
        kinds: list[Kind] = list(self.problem.counts)
        if self.problem.wilds:
            kinds.append("wild")
        for kind in kinds:
            variables, coeffs = self._laid.get(kind, ([], []))
            laid = sum(c * solution.value(v) for v, c in zip(variables, coeffs, strict=True))
            drawn = solution.value(self.draws[kind]) if kind in self.draws else 0
            if laid - drawn < self._held_of(kind):
                out.add(kind)
        return out


def _kind_order(kind: Kind) -> int:
    return 52 if kind == "wild" else kind.index


def _patterns(
    counts: Counter[Face], wilds: int, kind: OpeningKind, rules: Rules
) -> tuple[Pattern, ...]:
    if kind == "melds":
        return meld_patterns(counts, wilds)
    return tuple(pair_patterns(counts, wilds, joker_pairs=rules.joker_pairs))


def _problem(
    rack: Rack, rules: Rules, kind: OpeningKind, unseen: Unseen, max_laid: int
) -> PackingProblem:
    counts = rack.face_counts
    pool = unseen.counts
    everything = counts + Counter({k: n for k, n in pool.items() if k != "wild"})
    wilds = min(WILD_TILES, rack.wilds + pool.get("wild", 0))
    return PackingProblem(
        patterns=_patterns(everything, wilds, kind, rules),
        counts=counts,
        wilds=rack.wilds,
        max_laid=max_laid,
        pairs=kind == "pairs",
        min_score=rules.bar(kind),
    )


# --- results --------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One opening that reaches the distance: its melds (or pairs), which
    places are drawn tiles (``drawn[i][j]`` for meld ``i``, place ``j``), and
    the missing tiles, canonical order."""

    kind: OpeningKind
    melds: tuple[Meld, ...]
    drawn: tuple[tuple[bool, ...], ...]
    missing: tuple[Tile, ...]

    @property
    def value(self) -> int:
        """Points of the melds [R-VALUE]."""
        return sum(m.value for m in self.melds)

    @property
    def count(self) -> int:
        """Melds or pairs laid."""
        return len(self.melds)


@dataclass(frozen=True)
class Distance:
    """Distance to an opening of one kind.

    - ``tiles``: the fewest tiles missing, or ``None`` when no opening can be
      reached from the unseen tiles (or none was found in time);
    - ``status``: ``"optimal"`` (proven fewest), ``"feasible"`` (the time limit
      cut the proof: an upper bound) or ``"none"``;
    - ``target``: one opening reaching it (``None`` with ``tiles`` ``None``);
    - ``proven_none``: with status ``"none"``, True when proven unreachable.
    """

    kind: OpeningKind
    tiles: int | None
    status: DistanceStatus
    target: Target | None
    proven_none: bool = True


@dataclass(frozen=True)
class Out:
    """A tile whose draw lowers the distance, with its unseen copies."""

    tile: Tile
    copies: int


@dataclass(frozen=True)
class Outs:
    """Outs of a rack waiting to draw, per opening kind, and the union.

    ``complete``: False when the time limit cut the search (the lists may
    lack outs). ``unseen``: the number of unseen tiles, the denominator of
    every probability.
    """

    melds: tuple[Out, ...]
    pairs: tuple[Out, ...]
    unseen: int
    complete: bool = True

    def of(self, kind: OpeningKind) -> tuple[Out, ...]:
        """The outs of one kind."""
        return self.melds if kind == "melds" else self.pairs

    @cached_property
    def any(self) -> tuple[Out, ...]:
        """Tiles that are outs for melds or pairs (each once)."""
        union = {o.tile: o for o in (*self.melds, *self.pairs)}
        return tuple(union[t] for t in sort_tiles(union))

    def copies(self, kind: OpeningKind | Literal["any"]) -> int:
        """Unseen copies of the outs of a kind (``"any"``: of the union)."""
        outs = self.any if kind == "any" else self.of(kind)
        return sum(o.copies for o in outs)

    def probability(self, kind: OpeningKind | Literal["any"]) -> Fraction:
        """P(the next draw is an out) = copies / unseen (0 with nothing unseen)."""
        if not self.unseen:
            return Fraction(0)
        return Fraction(self.copies(kind), self.unseen)


@dataclass(frozen=True)
class DiscardRow:
    """One row of the discard table: the tile thrown, the distances and outs
    of the rack without it, and the tile's penalty points."""

    tile: Tile
    melds: Distance
    pairs: Distance
    outs: Outs

    def distance(self, kind: OpeningKind) -> Distance:
        """The distance of one kind."""
        return self.melds if kind == "melds" else self.pairs


@dataclass(frozen=True)
class DrawOdds:
    """``--draws``: P(the rack can open within ``n`` draws), by seeded Monte
    Carlo; an upper bound, as the player is assumed to keep the right tiles."""

    n: int
    samples: int
    seed: int
    hits: int
    interval: tuple[float, float]

    @property
    def probability(self) -> float:
        """Share of samples that open."""
        return self.hits / self.samples if self.samples else 0.0


@dataclass(frozen=True)
class OutsAnalysis:
    """Everything ``rummy101 outs`` reports.

    ``outs``: of the rack (at most 21 tiles), or, for a 22-tile rack, of the
    recommended discard's row (empty when the rack can open now).
    ``discards``: the discard table, best first (22-tile racks that cannot
    open now), else ``None``.
    """

    rack: Rack
    rules: Rules
    seen: tuple[Tile, ...]
    unseen: Unseen
    melds: Distance
    pairs: Distance
    outs: Outs
    discards: tuple[DiscardRow, ...] | None
    draws: DrawOdds | None

    def distance(self, kind: OpeningKind) -> Distance:
        """The distance of one kind."""
        return self.melds if kind == "melds" else self.pairs

    @property
    def closest(self) -> OpeningKind:
        """The kind with the smaller distance (melds on a tie or when neither is reachable)."""
        return min(KINDS, key=lambda k: _rank(self.distance(k)))

    @property
    def recommended_discard(self) -> Tile | None:
        """The first row's tile, or ``None`` without a table."""
        return self.discards[0].tile if self.discards else None

    @property
    def can_open(self) -> bool:
        """Distance 0 with melds or pairs."""
        return any(self.distance(k).tiles == 0 for k in KINDS)


def _rank(d: Distance) -> float:
    return math.inf if d.tiles is None else d.tiles


# --- the search -----------------------------------------------------------------------


class DistanceSearch:
    """The distance of one rack and opening kind, and its outs.

    Budgets are tried one by one (0, 1, 2, …; module docstring): the first
    feasible one is the proven distance, and its model then yields the outs.
    Past :attr:`STEPS` budgets, one model without a budget first checks that
    any target exists at all. With ``discard=True`` the rack has drawn and
    every question is asked for one thrown tile (``assume``).

    ``distance_only=True`` (what ``simulate --distance`` uses) finds the
    distance alone, faster (measured on 150 dealt 21-tile racks, one process:
    about 21 → 14 ms per rack), with the same answers:

    - the models have no choice bits (``choices=False`` of
      :class:`DistanceModel`): without assumptions on them the bits only
      mirror the draws (a pattern needing the whole budget is laid only with
      all the tiles it lacks drawn, so one of its bits can be set), so the
      same budgets are feasible; :meth:`outs` needs them and refuses;
    - each solve first runs lean, cut at :attr:`WORK_LIMIT` units of CP-SAT's
      deterministic time (the same on every machine and run), and a solve so
      cut runs again from scratch with presolve on. Both runs search the same
      model to the end, so "infeasible" and "a target exists" are the same
      answers; only which target is found may differ. A few budgets (mostly
      feasible ones) took 100–400 ms lean and far less with presolve, while
      presolve on every solve costs more than it saves.

    :func:`rack_distance` and the outs keep one lean run with the choice bits,
    so the targets they show stay as they were.
    """

    STEPS = 4
    WORK_LIMIT = 0.003
    """Deterministic time (CP-SAT work units) of the lean run with ``distance_only``."""

    def __init__(
        self,
        rack: Rack,
        rules: Rules,
        kind: OpeningKind,
        unseen: Unseen,
        *,
        max_laid: int,
        discard: bool = False,
        distance_only: bool = False,
    ) -> None:
        self.rack = rack
        self.distance_only = distance_only
        self.restarts = 0
        """Solves run again with presolve so far (``distance_only=True``)."""
        self.rules = rules
        self.kind = kind
        self.unseen = unseen
        self.problem = _problem(rack, rules, kind, unseen, max_laid)
        self.discard = discard
        self._models: dict[int | None, DistanceModel] = {}
        counts, wilds = self.problem.counts, self.problem.wilds
        self._need = needs(self.problem.patterns, counts, wilds)

    def model(self, budget: int | None) -> DistanceModel:
        """The model with this draw budget (built once)."""
        if budget not in self._models:
            problem, need = self.problem, self._need
            if budget is not None:
                kept = [(p, n) for p, n in zip(problem.patterns, need, strict=True) if n <= budget]
                problem = replace(problem, patterns=tuple(p for p, _ in kept))
                need = [n for _, n in kept]
            self._models[budget] = DistanceModel(
                problem,
                self.unseen.counts,
                budget=budget,
                discard=self.discard,
                need=need,
                choices=not self.distance_only,
            )
        return self._models[budget]

    def solve(
        self, budget: int | None, deadline: float, assume: Kind | None, *extra: int
    ) -> SatSolution:
        """One solve of the budget's model, with the thrown tile and ``extra`` literals assumed."""
        model = self.model(budget)
        assumptions = [model.discards[assume]] if assume is not None else []
        literals = [*assumptions, *extra]
        if not self.distance_only:
            return model.model.solve(_left(deadline), literals)
        lean = model.model.solve(_left(deadline), literals, work_limit=self.WORK_LIMIT)
        if lean.status != "unknown" or time.monotonic() >= deadline:
            return lean
        self.restarts += 1
        return model.model.solve(_left(deadline), literals, presolve=True)

    def first(
        self, deadline: float, assume: Kind | None = None, start: int = 0
    ) -> tuple[int | None, SatSolution | None, bool]:
        """(distance, a target's solution, proven): budgets from ``start`` up; the
        distance is ``None`` when no target exists (or none was found in time).
        For pairs the budgets start at :func:`pairs_distance`, the proven
        distance (a rack without the thrown tile when ``assume`` is given)."""
        proven = True
        if self.kind == "pairs" and not start:
            counts, wilds = Counter(self.rack.face_counts), self.rack.wilds
            if assume == "wild":
                wilds -= 1
            elif assume is not None:
                counts[assume] -= 1
            known = pairs_distance(
                counts, wilds, self.unseen.counts, self.rules, self.problem.max_laid
            )
            if known is None:
                return None, None, True
            start = known
        for budget in range(start, self.problem.max_laid + 1):
            if time.monotonic() >= deadline:
                return None, None, False  # out of time: build no more models
            if budget == self.STEPS + 1 or (budget == start > self.STEPS and self.kind == "melds"):
                anything = self.solve(None, deadline, assume)
                if anything.status == "infeasible":
                    return None, None, proven
            solution = self.solve(budget, deadline, assume)
            if solution.status == "infeasible":
                continue
            if not solution.found:
                proven = False
                continue
            return budget, solution, proven
        return None, None, proven

    def distance(
        self, budget: int | None, solution: SatSolution | None, proven: bool, assume: Kind | None
    ) -> Distance:
        """The :class:`Distance` of a result of :meth:`first`."""
        if budget is None or solution is None:
            return Distance(self.kind, None, "none", None, proven_none=proven)
        status: DistanceStatus = "optimal" if proven else "feasible"
        return Distance(self.kind, budget, status, self._target(budget, solution, assume))

    def outs(
        self,
        budget: int,
        deadline: float,
        found: set[Kind],
        assume: Kind | None = None,
        credit: Callable[[SatSolution], None] | None = None,
        candidates: Iterable[Kind] | None = None,
        exclude: Sequence[int] = (),
    ) -> bool:
        """Add to ``found`` every kind some target with ``budget`` draws draws
        (the outs, when ``budget`` is the proven distance >= 1; module
        docstring); ``credit`` sees every solution. Returns False when the time
        limit cut the search. Raises ValueError with ``distance_only``."""
        if self.distance_only:
            raise ValueError("outs need the choice bits: a search without distance_only")
        model = self.model(budget)
        complete = True
        for kind in list(model.draws if candidates is None else candidates):
            if kind in found or kind not in model.possible:
                continue
            solution = self.solve(budget, deadline, assume, *model.choose(kind), *exclude)
            if solution.status == "infeasible":
                continue
            if not solution.found:
                complete = False
                continue
            found.update(model.drawn(solution))
            if credit is not None:
                credit(solution)
        return complete

    def _target(self, budget: int, solution: SatSolution, assume: Kind | None) -> Target:
        model = self.model(budget)
        drawn = model.drawn(solution)
        missing = sort_tiles(tile_of(k, self.rules) for k, n in drawn.items() for _ in range(n))
        rack = self.rack
        if assume is not None:
            tiles = list(rack.tiles)
            tiles.remove(tile_of(assume, self.rules))
            rack = Rack(tuple(tiles))
        full = Rack((*rack.tiles, *missing))
        uses = tuple((p, solution.value(v)) for p, v in model.copies.items() if solution.value(v))
        opening = opening_from_packing(full, self.rules, self.kind, Packing("optimal", uses))
        # mark the last copies of each drawn kind in the melds as drawn
        left = Counter(kind_of(t) for t in missing)
        marks: list[list[bool]] = [[False] * len(m.tiles) for m in opening.melds]
        for i in reversed(range(len(opening.melds))):
            meld = opening.melds[i]
            for j in reversed(range(len(meld.tiles))):
                k = kind_of(meld.tiles[j])
                if left[k] > 0:
                    left[k] -= 1
                    marks[i][j] = True
        return Target(self.kind, opening.melds, tuple(tuple(m) for m in marks), missing)


def _left(deadline: float) -> float:
    return max(deadline - time.monotonic(), 0.001)


# --- pairs: the cheaper check ----------------------------------------------------------


@lru_cache(maxsize=4096)
def _pairs_draws(
    classes: tuple[tuple[int, int, int], ...],
    wilds: int,
    unseen_wilds: int,
    bar: int,
    joker_pairs: bool,
) -> int | None:
    """Fewest draws for ``bar`` pairs [R-PAIR, R-OPEN-PAIRS], or ``None``.

    ``classes``: (held, unseen, faces) — how many faces have this many copies
    on the rack and unseen. Each face independently makes ``a`` pairs of two
    real copies (0 or 1) and ``b`` pairs of a copy and a wild tile (0–2, none
    under the house rule) from at most its held + unseen copies, drawing the
    copies beyond those held; the wild tiles used beyond the rack's are drawn
    too. A dynamic programme over the faces, state (pairs so far capped at
    ``bar``, wild tiles used), keeps the fewest draws. Capping is exact: a
    target with more pairs than ``bar`` drops one without drawing more.
    """
    states: dict[tuple[int, int], int] = {(0, 0): 0}
    most_wilds = wilds + unseen_wilds
    for held, unseen, faces in classes:
        options = [
            (a + b, b, max(0, 2 * a + b - held))
            for a in (0, 1)
            for b in range(3 if joker_pairs else 1)
            if 2 * a + b <= held + unseen
        ]
        # at most ``bar`` faces of a target make pairs (drop the others: the
        # draws only fall), so more faces of one class change nothing
        for _ in range(min(faces, bar)):
            nxt: dict[tuple[int, int], int] = {}
            for (pairs, used), draws in states.items():
                for made, wild, cost in options:
                    if used + wild > most_wilds:
                        continue
                    key = (min(bar, pairs + made), used + wild)
                    if draws + cost < nxt.get(key, 1 << 30):
                        nxt[key] = draws + cost
            states = nxt
    best = [d + max(0, used - wilds) for (pairs, used), d in states.items() if pairs >= bar]
    return min(best) if best else None


def _classes(counts: Counter[Face], unseen: dict[Kind, int]) -> tuple[tuple[int, int, int], ...]:
    held = [0] * len(ALL_FACES)
    left = [0] * len(ALL_FACES)
    for face, k in counts.items():
        held[face.index] += k
    for kind, k in unseen.items():
        if isinstance(kind, Face):
            left[kind.index] += k
    tally = Counter((h, u) for h, u in zip(held, left, strict=True) if h + u)
    return tuple((h, u, n) for (h, u), n in sorted(tally.items()))


def pairs_distance(
    counts: Counter[Face], wilds: int, unseen: dict[Kind, int], rules: Rules, max_laid: int
) -> int | None:
    """The distance to a pairs opening [R-PAIR, R-OPEN-PAIRS] of a rack with
    these face counts and wild tiles, laying at most ``max_laid`` tiles, or
    ``None`` when out of reach. Depends only on how many faces have each
    (held, unseen) count (see :func:`_pairs_draws`); equals what the model
    gives (tested)."""
    bar = max(1, rules.pairs_bar)
    if 2 * bar > max_laid:
        return None
    return _pairs_draws(
        _classes(counts, unseen), wilds, unseen.get("wild", 0), bar, rules.joker_pairs
    )


def pairs_outs(
    counts: Counter[Face], wilds: int, unseen: dict[Kind, int], rules: Rules, max_laid: int
) -> tuple[int | None, set[Kind]]:
    """(pairs distance, outs): tile ``t`` is an out iff the rack with ``t``
    (and one copy fewer unseen) is one draw closer (the definition, asked of
    :func:`pairs_distance` once per kind; faces of one (held, unseen) class
    give the same answer, so the work is a few dynamic programmes)."""
    bar = max(1, rules.pairs_bar)
    if 2 * bar > max_laid:
        return None, set()
    classes = _classes(counts, unseen)
    dist, out_classes, wild = _pairs_out_classes(
        classes, wilds, unseen.get("wild", 0), bar, rules.joker_pairs
    )
    outs: set[Kind] = {"wild"} if wild else set()
    if out_classes:
        for kind, left in unseen.items():
            if left and isinstance(kind, Face) and (counts[kind], left) in out_classes:
                outs.add(kind)
    return dist, outs


@lru_cache(maxsize=4096)
def _pairs_out_classes(
    classes: tuple[tuple[int, int, int], ...],
    wilds: int,
    wild_left: int,
    bar: int,
    joker_pairs: bool,
) -> tuple[int | None, frozenset[tuple[int, int]], bool]:
    """(distance, the (held, unseen) classes whose faces are outs, whether a
    wild tile is an out) of :func:`pairs_outs`."""
    dist = _pairs_draws(classes, wilds, wild_left, bar, joker_pairs)
    if not dist:
        return dist, frozenset(), False
    tally = Counter({(h, u): n for h, u, n in classes})
    out: set[tuple[int, int]] = set()
    for h, u, _ in classes:
        if not u:
            continue
        # the same rack with one face of this class moved to (held + 1, unseen - 1)
        more = Counter(tally)
        more[(h, u)] -= 1
        more[(h + 1, u - 1)] += 1
        after = _pairs_draws(
            tuple((a, b, n) for (a, b), n in sorted(more.items()) if n),
            wilds, wild_left, bar, joker_pairs,
        )  # fmt: skip
        if after == dist - 1:
            out.add((h, u))
    wild = bool(wild_left) and (
        _pairs_draws(classes, wilds + 1, wild_left - 1, bar, joker_pairs) == dist - 1
    )
    return dist, frozenset(out), wild


def rack_distance(
    rack: Rack,
    rules: Rules,
    kind: OpeningKind,
    *,
    unseen: Unseen | None = None,
    max_laid: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Distance:
    """The distance to an opening of ``kind`` [R-OPEN-MELDS, R-OPEN-PAIRS]:
    the fewest unseen tiles the rack lacks, with one target opening.

    ``unseen`` defaults to the 106-tile set minus the rack (and the indicator);
    ``max_laid`` (tiles) to :func:`laid_bound` of the rack's size. Melds: the
    sweep over the numbers (:mod:`~rummy101_solver.engine.sweep`), exact and
    never cut, so ``time_limit`` (seconds) applies to the pairs' target only.
    Raises nothing for a valid rack.
    """
    unseen = unseen if unseen is not None else unseen_tiles(rack, rules)
    bound = laid_bound(len(rack)) if max_laid is None else max_laid
    if kind == "melds":
        return melds_distance(rack, rules, unseen, bound)[0]
    search = DistanceSearch(rack, rules, kind, unseen, max_laid=bound)
    return search.distance(*search.first(time.monotonic() + time_limit), None)


def melds_distance(
    rack: Rack, rules: Rules, unseen: Unseen, max_laid: int, *, at_least: int = 0
) -> tuple[Distance, AnySweep | None]:
    """The meld distance by the sweep (:func:`~rummy101_solver.engine.sweep.meld_distance`)
    with one target (real tiles before a joker), and the sweep for the outs.
    ``at_least``: a known lower bound of the distance (sweeps below it are skipped)."""
    sweep_in = sweep_rack(rack.face_counts, rack.wilds, unseen.counts, max_laid)
    bar = rules.bar("melds")
    dist, sweep = meld_distance(sweep_in, bar, start=at_least)
    if dist is None or sweep is None:
        return Distance("melds", None, "none", None, proven_none=True), None
    return Distance("melds", dist, "optimal", _sweep_target(rack, rules, sweep, bar, dist)), sweep


def _sweep_target(rack: Rack, rules: Rules, sweep: AnySweep, bar: int, dist: int) -> Target:
    """The :class:`Target` of the sweep's plan: its melds as laid, drawn places marked."""
    plan = meld_plan(sweep, bar, dist)
    missing = sort_tiles([*(tile_of(f, rules) for f in plan.placed), *([WILD] * plan.wilds_placed)])
    full = Rack((*rack.tiles, *missing))
    uses = tuple(
        (Pattern(kind, tuple(f for f, _ in places), tuple(w for _, w in places)), 1)  # type: ignore[arg-type]
        for kind, places in plan.melds
    )
    opening = opening_from_packing(full, rules, "melds", Packing("optimal", uses))
    return Target("melds", opening.melds, _drawn_marks(opening.melds, missing), missing)


def _drawn_marks(melds: Sequence[Meld], missing: Sequence[Tile]) -> tuple[tuple[bool, ...], ...]:
    """Which places of the melds are drawn tiles: the last copies of each drawn kind."""
    left = Counter(kind_of(t) for t in missing)
    marks: list[list[bool]] = [[False] * len(m.tiles) for m in melds]
    for i in reversed(range(len(melds))):
        meld = melds[i]
        for j in reversed(range(len(meld.tiles))):
            k = kind_of(meld.tiles[j])
            if left[k] > 0:
                left[k] -= 1
                marks[i][j] = True
    return tuple(tuple(m) for m in marks)


def _outs(found: Iterable[Kind], unseen: Unseen, rules: Rules) -> tuple[Out, ...]:
    counts = unseen.counts  # canonical order: by face, the wild tile last
    return tuple(Out(tile_of(k, rules), counts[k]) for k in sorted(found, key=_kind_order))


def rack_outs(
    rack: Rack,
    rules: Rules,
    *,
    unseen: Unseen | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[Distance, Distance, Outs]:
    """(melds distance, pairs distance, outs) of a rack of at most 21 tiles
    waiting to draw. ``time_limit`` in seconds for everything."""
    unseen = unseen if unseen is not None else unseen_tiles(rack, rules)
    deadline = time.monotonic() + time_limit
    dists: dict[OpeningKind, Distance] = {}
    outs: dict[OpeningKind, tuple[Out, ...]] = {}
    complete = True
    for kind in KINDS:
        if kind == "melds":
            # the sweep: exact, never cut [issue 17]
            dists[kind], sweep = melds_distance(rack, rules, unseen, laid_bound(len(rack)))
            dist = dists[kind].tiles
            if dist and sweep is not None:
                faces, wild = meld_outs(sweep, rules.bar("melds"), dist)
                drawn: set[Kind] = {ALL_FACES[i] for i in faces}
                if wild:
                    drawn.add("wild")
                outs[kind] = _outs(drawn, unseen, rules)
            else:
                outs[kind] = ()
            continue
        search = DistanceSearch(rack, rules, kind, unseen, max_laid=laid_bound(len(rack)))
        budget, solution, proven = search.first(deadline)
        dists[kind] = search.distance(budget, solution, proven, None)
        complete &= proven  # an unproven distance leaves its outs unknown too
        found: set[Kind] = set()
        if proven:
            # the cheaper check (pairs_outs), when it agrees on the distance
            quick, quick_outs = pairs_outs(
                rack.face_counts, rack.wilds, unseen.counts, rules, laid_bound(len(rack))
            )
            if quick == budget:
                outs[kind] = _outs(quick_outs, unseen, rules)
                continue
        if budget and solution is not None:
            found.update(search.model(budget).drawn(solution))
            complete &= proven and search.outs(budget, deadline, found)
        outs[kind] = _outs(found, unseen, rules)
    return (
        dists["melds"],
        dists["pairs"],
        Outs(outs["melds"], outs["pairs"], unseen.total, complete),
    )


def _row_key(row: DiscardRow) -> tuple[float, float, int, int, int]:
    dists = sorted((_rank(row.melds), _rank(row.pairs)))
    face = row.tile.face
    number = face.number if face is not None else -1  # a joker is thrown last on ties
    order = face.index if face is not None else 99
    return (dists[0], dists[1], -row.outs.copies("any"), -number, order)


def discard_table(
    rack: Rack,
    rules: Rules,
    *,
    unseen: Unseen | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Callable[[int], None] | None = None,
) -> tuple[DiscardRow, ...]:
    """One row per distinct tile of a rack that has drawn (usually 22 tiles):
    the distances and outs of the rack without that tile, best first.
    ``progress(1)`` is called as each row's melds side ends.

    Best: the smaller distance (melds or pairs), then the other, then the
    most unseen copies of outs, then the higher number (a joker last: giving
    one away costs [R-EXTRA-PENALTY]), then canonical order. ``time_limit``
    in seconds for the whole table.
    """
    unseen = unseen if unseen is not None else unseen_tiles(rack, rules)
    deadline = time.monotonic() + time_limit
    bound = laid_bound(len(rack) - 1)
    kinds: list[Kind] = sorted(rack.face_counts)
    kinds += ["wild"] if rack.wilds else []
    del deadline  # the sweep is never cut
    per: dict[str, dict[Kind, tuple[Distance, set[Kind], bool]]] = {"melds": {}, "pairs": {}}
    # melds: one sweep of the whole rack, every row joined from it (exact, never cut) [issue 17]
    sweep_in = sweep_rack(rack.face_counts, rack.wilds, unseen.counts, bound)
    meld_rows = discard_rows(sweep_in, rules.bar("melds"), progress=progress)
    for k in kinds:
        dist, faces, wild = meld_rows[k.index if isinstance(k, Face) else -1]
        drawn: set[Kind] = {ALL_FACES[i] for i in faces}
        if wild:
            drawn.add("wild")
        if dist is None:
            melds = Distance("melds", None, "none", None, proven_none=True)
        else:
            melds = Distance("melds", dist, "optimal", None)
        per["melds"][k] = (melds, drawn, True)
    for k in kinds:
        # pairs: the cheaper check of pairs_outs, row by row
        counts, wilds = Counter(rack.face_counts), rack.wilds
        if k == "wild":
            wilds -= 1
        else:
            counts[k] -= 1
        dist, found = pairs_outs(counts, wilds, unseen.counts, rules, bound)
        status: DistanceStatus = "none" if dist is None else "optimal"
        per["pairs"][k] = (Distance("pairs", dist, status, None), found, True)
    rows = []
    for k in kinds:
        m, p = per["melds"][k], per["pairs"][k]
        outs = Outs(_outs(m[1], unseen, rules), _outs(p[1], unseen, rules), unseen.total,
                    m[2] and p[2])  # fmt: skip
        rows.append(DiscardRow(tile_of(k, rules), m[0], p[0], outs))
    return tuple(sorted(rows, key=_row_key))


def _wilson(hits: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a binomial proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def can_open_with(rack: Rack, extra: Sequence[Tile], rules: Rules, max_laid: int) -> bool:
    """Whether ``rack`` plus ``extra`` tiles has an opening (melds or pairs) meeting
    the bar that lays at most ``max_laid`` tiles [R-OPEN-MELDS, R-OPEN-PAIRS]."""
    full = Rack((*rack.tiles, *extra))
    counts = full.face_counts
    # pairs: distance 0 with nothing left to draw (the dynamic programme)
    if pairs_distance(counts, min(full.wilds, WILD_TILES), {}, rules, max_laid) == 0:
        return True
    problem = PackingProblem(
        patterns=_patterns(counts, full.wilds, "melds", rules),
        counts=counts,
        wilds=full.wilds,
        max_laid=max_laid,
        min_score=max(1, rules.meld_bar),
    )
    return solve_packings(problem)[0].status in ("optimal", "feasible")


def draw_odds(
    rack: Rack,
    rules: Rules,
    unseen: Unseen,
    n: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    nearest: int | None = None,
) -> DrawOdds:
    """P(the rack can open within ``n`` draws): ``samples`` draws of ``n`` unseen
    tiles (``random.Random(seed)``, without replacement), each checked with
    every tile drawn kept (an upper bound: a real player discards between
    draws). ``nearest``: the smaller distance if known (a sample of fewer
    tiles than that cannot open). 95 % Wilson interval."""
    rng = random.Random(seed)
    pool = unseen.expanded()
    bound = laid_bound(len(rack))
    take = min(n, len(pool))
    hits = 0
    memo: dict[tuple[str, ...], bool] = {}
    for _ in range(samples):
        drawn = sort_tiles(rng.sample(pool, take))
        if nearest is not None and (nearest == 0 or nearest > take):
            hits += nearest == 0
            continue
        key = tuple(t.code for t in drawn)
        if key not in memo:
            memo[key] = can_open_with(rack, drawn, rules, bound)
        hits += memo[key]
    return DrawOdds(n, samples, seed, hits, _wilson(hits, samples))


def analyse_outs(
    rack: Rack,
    rules: Rules,
    seen: Sequence[Tile] = (),
    *,
    draws: int | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Callable[[int], None] | None = None,
) -> OutsAnalysis:
    """Distance, outs, discard table (22 tiles) and ``--draws`` odds of a rack.

    ``seen``: tiles known to be out of play (checked by :func:`read_seen`);
    ``time_limit`` in seconds for the distances, outs and table together;
    ``progress``: given to :func:`discard_table` (one call per row).
    """
    deadline = time.monotonic() + time_limit
    unseen = unseen_tiles(rack, rules, seen)
    discards: tuple[DiscardRow, ...] | None = None
    if len(rack) < MAX_RACK:
        melds, pairs, outs = rack_outs(rack, rules, unseen=unseen, time_limit=time_limit)
    else:
        melds = rack_distance(rack, rules, "melds", unseen=unseen, time_limit=time_limit)
        pairs = rack_distance(rack, rules, "pairs", unseen=unseen, time_limit=_left(deadline))
        outs = Outs((), (), unseen.total)
        if melds.tiles != 0 and pairs.tiles != 0:
            discards = discard_table(
                rack, rules, unseen=unseen, time_limit=_left(deadline), progress=progress
            )
            outs = discards[0].outs
    odds = None
    if draws is not None:
        ranks = [d.tiles for d in (melds, pairs) if d.tiles is not None and d.status == "optimal"]
        nearest = min(ranks) if len(ranks) == 2 else None
        odds = draw_odds(rack, rules, unseen, draws, samples=samples, seed=seed, nearest=nearest)
    return OutsAnalysis(rack, rules, tuple(seen), unseen, melds, pairs, outs, discards, odds)
