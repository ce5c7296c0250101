"""The CP-SAT model: pack candidate patterns onto a rack [R-OPEN-MELDS, R-OPEN-PAIRS].

One integer variable per candidate pattern says how many copies of it are laid
down. The same model serves meld openings (score = points) and pairs openings
(score = pairs). Alternatives come from re-solving with a cut per opening
reported: the next one lays at least one tile beyond that opening's tiles, so
it is never that opening again, nor a part of it (a part leaves more tiles and
scores less: never what a player wants as "the next best").

Objective, lexicographic, folded into one integer sum:

- ``"value"``: highest score; then lowest residual penalty; then most tiles laid;
  then the highest sum of canonical places (1–52, see ``tiles``) of the tiles
  laid, so the tiles kept come as early in the canonical order as ties allow.
- ``"penalty"``: lowest residual penalty; then highest score; then the same two.

Openings equal on every tier are rare; among them the solver's first is kept
(deterministic: one worker, fixed seed, fixed parameters).

The solver runs on one worker with a fixed seed, so the same input gives the
same answer. Only a proven optimum is reported as ``"optimal"``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Literal

from rummy101_solver.engine.candidates import Pattern
from rummy101_solver.engine.sat import SatModel, Status
from rummy101_solver.game.rules import Objective
from rummy101_solver.game.tiles import WILD_PENALTY, Face

__all__ = [
    "Packing",
    "PackingModel",
    "PackingProblem",
    "ProvenBy",
    "Status",
    "objective_weights",
    "pattern_bounds",
    "solve_packings",
]


@dataclass(frozen=True)
class PackingProblem:
    """What to pack, onto what, under which constraints.

    - ``patterns``: candidate melds or pairs.
    - ``counts`` / ``wilds``: the rack's non-wild faces and wild tiles.
    - ``max_laid``: most tiles that may be laid down [R-KEEP-DISCARD].
    - ``pairs``: score each pattern 1 (pairs) instead of its points (melds).
    - ``must_use``: a face that must be laid at least once, or ``"wild"`` for a
      wild tile, or ``None`` [R-TAKE-DISCARD].
    - ``min_score``: the bar the opening must meet, or ``None`` (objective
      ``"penalty"`` and one-turn finishes use it) [R-OPEN-MELDS, R-OPEN-PAIRS].
    - ``min_laid``: fewest tiles to lay down, or ``None`` (a one-turn finish
      lays all but the discard) [R-ONE-TURN].
    - ``wilds_laid``: exactly this many wild tiles laid, or ``None`` (a joker
      finish keeps one joker for the discard) [R-JOKER-FINISH].
    """

    patterns: tuple[Pattern, ...]
    counts: Counter[Face]
    wilds: int
    max_laid: int
    pairs: bool = False
    must_use: Face | Literal["wild"] | None = None
    min_score: int | None = None
    objective: Objective = "value"
    min_laid: int | None = None
    wilds_laid: int | None = None


ProvenBy = Literal["CP-SAT", "sweep", "small-rack search", "pairs count"]
"""The exact methods that prove an opening best (or that none exists): CP-SAT
(this module), the sweep (:mod:`rummy101_solver.engine.sweep`), the small-rack
search (:mod:`rummy101_solver.engine.small`) and the pairs count
(:mod:`rummy101_solver.engine.pairs`)."""


@dataclass(frozen=True)
class Packing:
    """One solution: each used pattern with its copies, the solver's status, and
    the exact method that found it (``method``: what proves an ``"optimal"`` or
    ``"infeasible"`` status)."""

    status: Status
    uses: tuple[tuple[Pattern, int], ...]
    method: ProvenBy = field(default="CP-SAT", compare=False)
    """Provenance, not part of the answer: equal packings compare equal."""


def _score(problem: PackingProblem, pattern: Pattern) -> int:
    return 1 if problem.pairs else pattern.value


def _counts_by_index(problem: PackingProblem) -> list[int]:
    # the rack's copies of each face, by face index (0–51)
    held = [0] * 52
    for f, k in problem.counts.items():
        held[f.index] = k
    return held


def pattern_bounds(problem: PackingProblem) -> dict[Pattern, int]:
    """Each usable pattern (in ``problem.patterns`` order) with the most copies
    the rack's tiles allow on their own; patterns the rack cannot make are left out."""
    held = _counts_by_index(problem)
    wilds = problem.wilds
    bounds = {}
    for pattern in problem.patterns:
        ub = min([held[i] // k for i, k in pattern.need_index])
        if pattern.wilds and ub:
            ub = min(ub, wilds // pattern.wilds)
        if ub > 0:
            bounds[pattern] = ub
    return bounds


def objective_weights(problem: PackingProblem, bounds: dict[Pattern, int]) -> list[int]:
    """The objective's weight of one copy of each pattern of ``bounds``, in its
    order: the lexicographic tiers of the module docstring folded into one
    integer, each tier's weight above the most the tiers below can add."""
    order_max = sum((f.index + 1) * k for f, k in problem.counts.items())
    laid_weight = order_max + 1
    most_laid = sum(problem.counts.values()) + problem.wilds
    saved_max = sum(f.number * k for f, k in problem.counts.items()) + (
        WILD_PENALTY * problem.wilds
    )
    score_max = sum(_score(problem, p) * ub for p, ub in bounds.items())
    if problem.objective == "value":
        saved_weight = (most_laid + 1) * laid_weight
        score_weight = (saved_max + 1) * saved_weight
    else:
        score_weight = (most_laid + 1) * laid_weight
        saved_weight = (score_max + 1) * score_weight
    pairs = problem.pairs
    return [
        (1 if pairs else p.value) * score_weight
        + (p.real_points + WILD_PENALTY * p.wilds) * saved_weight  # penalty taken off
        + p.size * laid_weight
        + p.places  # last tier: lay later tiles, keep earlier
        for p in bounds
    ]


class PackingModel:
    """A CP-SAT model of one :class:`PackingProblem`; :meth:`solve` may be called
    again for the next-best solution with different tiles laid.

    ``copies`` maps each usable pattern to the index of its variable in
    ``model`` (a :class:`~rummy101_solver.engine.sat.SatModel`), so other models (outs,
    the turn against the table) can add their own constraint families to it.
    """

    def __init__(self, problem: PackingProblem) -> None:
        self.problem = problem
        self.model = SatModel()
        self.copies: dict[Pattern, int] = {}
        self.bounds: dict[Pattern, int] = {}
        self._used_bits: dict[Face | str, list[int]] | None = None
        self.weights: dict[Pattern, int] = {}
        """The objective's weight of one copy of each pattern."""
        self._held = _counts_by_index(problem)
        self._add_copies()
        self._add_tile_limits()
        self._add_keep()
        self._add_must_use()
        self._add_bar()
        self._add_objective()

    # --- constraint families -------------------------------------------------
    def _add_copies(self) -> None:
        # how many copies of each candidate pattern are laid down
        self.bounds.update(pattern_bounds(self.problem))
        indices = self.model.new_int_vars([0] * len(self.bounds), list(self.bounds.values()))
        self.copies.update(zip(self.bounds, indices, strict=True))

    def _uses_of(self, face: Face) -> tuple[list[int], list[int]]:
        i = face.index
        items = [(v, k) for p, v in self.copies.items() for j, k in p.need_index if j == i]
        return [v for v, _ in items], [k for _, k in items]

    def _wilds_used(self) -> tuple[list[int], list[int]]:
        items = [(v, p.wilds) for p, v in self.copies.items() if p.wilds]
        return [v for v, _ in items], [k for _, k in items]

    def _add_tile_limits(self) -> None:
        # every tile laid comes from the rack: no face used more often than held
        # (only where the patterns' bounds alone could use more)
        held = self._held
        by_face: dict[int, tuple[list[int], list[int], list[int]]] = {}
        for p, v in self.copies.items():
            ub = self.bounds[p]
            for i, k in p.need_index:
                entry = by_face.get(i)
                if entry is None:
                    entry = by_face[i] = ([], [], [0])
                entry[0].append(v)
                entry[1].append(k)
                entry[2][0] += ub * k
        for i, (variables, coeffs, most) in by_face.items():
            if most[0] > held[i]:
                self.model.add_linear(variables, coeffs, ub=held[i])
        # and no more wild tiles than the rack holds
        if any(p.wilds for p in self.copies):
            self.model.add_linear(*self._wilds_used(), ub=self.problem.wilds)

    def _tiles_laid(self) -> tuple[list[int], list[int]]:
        return list(self.copies.values()), [p.size for p in self.copies]

    def _add_keep(self) -> None:
        # leave at least `keep` tiles on the rack for the discard [R-KEEP-DISCARD]
        self.model.add_linear(*self._tiles_laid(), ub=self.problem.max_laid)
        # a one-turn finish lays down every tile but the discard [R-ONE-TURN]
        if self.problem.min_laid is not None:
            self.model.add_linear(*self._tiles_laid(), lb=self.problem.min_laid)
        # a joker finish keeps a joker back for the discard [R-JOKER-FINISH]
        if self.problem.wilds_laid is not None:
            w = self.problem.wilds_laid
            self.model.add_linear(*self._wilds_used(), lb=w, ub=w)

    def _add_must_use(self) -> None:
        # the taken discard is laid down in this opening [R-TAKE-DISCARD]
        target = self.problem.must_use
        if target == "wild":
            self.model.add_linear(*self._wilds_used(), lb=1)
        elif target is not None:
            self.model.add_linear(*self._uses_of(target), lb=1)

    def _score_expr(self) -> tuple[list[int], list[int]]:
        return list(self.copies.values()), [_score(self.problem, p) for p in self.copies]

    def _add_bar(self) -> None:
        # the opening meets its bar (objective "penalty") [R-OPEN-MELDS, R-OPEN-PAIRS]
        if self.problem.min_score is not None:
            self.model.add_linear(*self._score_expr(), lb=self.problem.min_score)

    def _add_objective(self) -> None:
        # lexicographic: see the module docstring; weights keep the tiers apart
        bounds = {p: self.bounds[p] for p in self.copies}
        weights = objective_weights(self.problem, bounds)
        self.weights = dict(zip(bounds, weights, strict=True))
        self.model.maximize(list(self.copies.values()), weights)

    def objective(self, packing: Packing) -> int:
        """The objective's value of ``packing`` (its rank: higher is better)."""
        return sum(self.weights[p] * k for p, k in packing.uses)

    # --- alternatives ----------------------------------------------------------
    def _used_bit_vars(self) -> dict[Face | str, list[int]]:
        # bits b[k] = "at least k+1 copies of this face (or wild tiles) laid"
        if self._used_bits is None:
            self._used_bits = {}
            # each face's (variables, copies) in pattern order, in one pass (as _uses_of)
            by_index: dict[int, tuple[list[int], list[int]]] = {}
            for p, v in self.copies.items():
                for j, k in p.need_index:
                    entry = by_index.get(j)
                    if entry is None:
                        entry = by_index[j] = ([], [])
                    entry[0].append(v)
                    entry[1].append(k)
            faces: dict[Face | str, tuple[list[int], list[int]]] = {
                f: by_index.get(f.index, ([], [])) for f in sorted(self.problem.counts)
            }
            limits: dict[Face | str, int] = {f: k for f, k in self.problem.counts.items()}
            if self.problem.wilds:
                faces["wild"] = self._wilds_used()
                limits["wild"] = self.problem.wilds
            for key, (variables, coeffs) in faces.items():
                bits = [self.model.new_bool_var() for _ in range(limits[key])]
                for a, b in pairwise(bits):
                    self.model.add_implication(b, a)
                # uses of the face == number of bits set
                self.model.add_linear([*variables, *bits], [*coeffs, *[-1] * len(bits)], 0, 0)
                self._used_bits[key] = bits
        return self._used_bits

    def forbid(self, packing: Packing) -> None:
        """Exclude every solution whose tiles laid are a sub-multiset of the tiles
        ``packing`` lays: the same tiles, a part of them, or none. Every later
        solution lays at least one tile (a face, or a wild tile) more often than
        ``packing`` does."""
        used = tiles_laid(packing)
        # one more copy of some face (or wild tile) than `packing` lays
        literals = [
            bits[used[key]] for key, bits in self._used_bit_vars().items() if used[key] < len(bits)
        ]
        self.model.add_bool_or(literals)

    # --- solving ---------------------------------------------------------------
    def solve(self, time_limit: float) -> Packing:
        """Solve within ``time_limit`` seconds (wall clock, at least 1 ms)."""
        solution = self.model.solve(time_limit)
        uses: tuple[tuple[Pattern, int], ...] = ()
        if solution.found:
            uses = tuple(
                (p, solution.value(v)) for p, v in self.copies.items() if solution.value(v)
            )
        return Packing(solution.status, uses)


def tiles_laid(packing: Packing) -> Counter[Face | str]:
    """The tiles ``packing`` lays, by face (wild tiles as ``"wild"``)."""
    used: Counter[Face | str] = Counter()
    for pattern, k in packing.uses:
        for face in pattern.real:
            used[face] += k
        used["wild"] += pattern.wilds * k
    return used


def honest(model: PackingModel, found: Sequence[Packing]) -> list[Packing]:
    """The packings of successive solves, as claims that hold [R-OPEN-MELDS,
    R-OPEN-PAIRS]: an ``"optimal"`` after the first means "optimal given the
    packings above it", true only when every one above is proven, so after the
    first packing not proven every one is ``"feasible"``; a packing a later,
    longer solve found better than one above it (the one above was cut short
    by the time limit) is moved up, never listed below a worse one; and a
    packing that lays no tile beyond one now above it is dropped (an
    alternative lays at least one tile more than every packing above it)."""
    marked: list[Packing] = []
    proven = True
    for packing in found:
        if packing.status == "optimal" and not proven:
            packing = replace(packing, status="feasible")
        proven = proven and packing.status == "optimal"
        marked.append(packing)
    ordered = sorted(marked, key=lambda p: -model.objective(p))  # stable: ties keep order
    kept: list[Packing] = []
    kept_laid: list[Counter[Face | str]] = []
    for packing in ordered:
        laid = tiles_laid(packing)
        if all(laid - above for above in kept_laid):
            kept.append(packing)
            kept_laid.append(laid)
    return kept


def solve_packings(
    problem: PackingProblem, *, alternatives: int = 0, time_limit: float = 10.0
) -> list[Packing]:
    """The best packing, then up to ``alternatives`` next-best ones, each laying
    at least one tile beyond the tiles of every packing before it (see
    :meth:`PackingModel.forbid`), so leaving different tiles on the rack.

    ``time_limit`` (seconds) bounds the whole call; alternatives stop early when
    it runs out, or when no further non-empty packing exists. The statuses and
    the order are made honest by :func:`honest`: no packing is listed below a
    worse one, and none claims ``"optimal"`` below one that is not proven.
    """
    deadline = time.monotonic() + time_limit
    model = PackingModel(problem)
    results = [model.solve(time_limit)]
    for _ in range(alternatives):
        if results[-1].status not in ("optimal", "feasible"):
            break
        left = deadline - time.monotonic()
        if left <= 0:
            break
        model.forbid(results[-1])
        nxt = model.solve(left)
        if nxt.status not in ("optimal", "feasible"):
            break
        results.append(nxt)
    return honest(model, results)


def packed_patterns(packing: Packing) -> Sequence[Pattern]:
    """The patterns of a packing, one entry per copy laid."""
    return [p for p, k in packing.uses for _ in range(k)]
