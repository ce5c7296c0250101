"""The CP-SAT distance search: the tests' independent reference for distances and outs.

Moved here from ``rummy101_solver/engine/outs.py`` [issue 17]: the product answers
distances, outs and discard rows with the sweep over the numbers
(``engine/sweep.py``) and the pairs dynamic programmes (``engine/outs.py``), and
no longer uses CP-SAT for them. This module keeps the former product search,
unchanged in substance (pairs are now searched without the product's pairs
programme), so ``test_sweep.py``, ``test_reference.py`` and ``sweep_vs_sat.py``
can check those answers against a solver that shares nothing with them but the
candidate patterns and the packing model [R-OPEN-MELDS, R-OPEN-PAIRS,
R-KEEP-DISCARD].

How it works (the proofs are those of the former module docstring):

- **Budgets one by one.** A pattern needing ``n`` tiles the rack lacks
  (:func:`need_draw`) lays at least ``n`` drawn tiles of its own, so the model
  for budget ``K`` keeps the patterns with ``need_draw <= K`` and at most ``K``
  draws: it is feasible iff the distance is at most ``K``. Trying ``K`` = 0, 1,
  2, … the first feasible budget is the proven distance.
- **Outs from minimum targets.** With distance ``D >= 1``, tile ``t`` is an out
  iff some target with exactly ``D`` draws draws ``t``; each kind is asked once
  on the one model (Booleans assumed per question), and every target found
  marks all the kinds it draws.
- **Discards.** ``discard=True`` adds one Boolean per distinct rack kind (exactly
  one thrown); a discard row is asked under the assumption that its tile is
  thrown (``assume``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from rummy101_solver.engine.candidates import Pattern, meld_patterns, pair_patterns
from rummy101_solver.engine.model import Packing, PackingModel, PackingProblem
from rummy101_solver.engine.outs import (
    Distance,
    DistanceStatus,
    Kind,
    Target,
    Unseen,
    _left,
    kind_of,
    tile_of,
)
from rummy101_solver.engine.sat import SatSolution
from rummy101_solver.engine.solver import opening_from_packing
from rummy101_solver.game.rules import OpeningKind, Rules
from rummy101_solver.game.tiles import ALL_FACES, WILD_TILES, Face, Rack, sort_tiles


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


class DistanceSearch:
    """The distance of one rack and opening kind, and its outs.

    Budgets are tried one by one (0, 1, 2, …; module docstring): the first
    feasible one is the proven distance, and its model then yields the outs.
    Past :attr:`STEPS` budgets, one model without a budget first checks that
    any target exists at all. With ``discard=True`` the rack has drawn and
    every question is asked for one thrown tile (``assume``).

    ``distance_only=True`` (what ``simulate --distance`` used before the sweep;
    the distance counts of ``test_reference.py`` use it) finds the distance
    alone, faster (measured on 150 dealt 21-tile racks, one process:
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

    Without ``distance_only``: one lean run with the choice bits (the outs).
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
        Pairs too are searched budget by budget from ``start`` (the product's
        pairs programme is not consulted: this is the independent side)."""
        proven = True
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
