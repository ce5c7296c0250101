"""Small packing problems solved by a bounded exact search, without CP-SAT.

Most dealt racks give a meld model of a handful of candidate patterns, and
CP-SAT spends about a quarter of a millisecond on even the smallest model
(setting up its search). A depth-first search over the patterns' copies,
with the model's own objective weights
(:func:`~rummy101_solver.model.objective_weights`) and the same constraints
(tiles held, wild tiles, ``max_laid``, ``min_laid``, ``wilds_laid``,
``must_use``, ``min_score``), settles such a problem in a few dozen steps.

The answer is given only when it is certainly the one CP-SAT returns: the
search is complete (it stops at ``node_limit`` steps and gives up otherwise)
and the best packing is unique (CP-SAT picks among equals in its own way).
An exhausted search with no packing meeting the constraints is a proof of
infeasibility. ``tests/test_small.py`` checks the search against CP-SAT.
"""

from __future__ import annotations

from dataclasses import fields

from rummy101_solver.candidates import Pattern
from rummy101_solver.model import Packing, PackingProblem, objective_weights, pattern_bounds

NODE_LIMIT = 400
"""Search steps before the search gives up and leaves the problem to CP-SAT."""

MAX_PATTERNS = 11
"""Usable patterns above which the search is not tried. Measured on dealt
22-tile meld problems: up to 11 patterns, 97 % are settled in about 60 µs on
average; from 12 on, fewer and slower, and CP-SAT is as quick."""

_KNOWN = {
    "patterns", "counts", "wilds", "max_laid", "pairs", "must_use", "min_score",
    "objective", "min_laid", "wilds_laid",
}  # fmt: skip
"""Problem fields the search honours; any other field must keep its default."""


class _GiveUp(Exception):
    pass


def small_packing(
    problem: PackingProblem, node_limit: int = NODE_LIMIT, max_patterns: int = MAX_PATTERNS
) -> Packing | None:
    """The best packing of ``problem`` (status ``"optimal"``, or
    ``"infeasible"`` when none exists), or ``None`` when CP-SAT must decide:
    more than ``max_patterns`` usable patterns, a search of more than
    ``node_limit`` steps, or two packings tied for the best."""
    if type(problem) is not PackingProblem or any(
        getattr(problem, f.name) != f.default for f in fields(problem) if f.name not in _KNOWN
    ):
        return None
    bounds = pattern_bounds(problem)
    if len(bounds) > max_patterns:
        return None
    patterns = list(bounds)
    weights = objective_weights(problem, bounds)
    n = len(patterns)
    scores = [1 if problem.pairs else p.value for p in patterns]
    # optimistic rest: what the patterns from i on could add at most
    rest = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest[i] = rest[i + 1] + weights[i] * bounds[patterns[i]]
    held = [0] * 52
    for f, k in problem.counts.items():
        held[f.index] = k
    must = problem.must_use
    must_face = -1 if must is None or must == "wild" else must.index
    min_laid = problem.min_laid or 0
    min_score = problem.min_score
    copies = [0] * n
    best: list[int | None] = [None]  # best objective value found
    best_copies: list[list[int]] = []  # the packings reaching it
    steps = [0]

    def visit(i: int, value: int, wilds: int, laid: int, score: int, must_met: bool) -> None:
        steps[0] += 1
        if steps[0] > node_limit:
            raise _GiveUp
        top = best[0]
        if top is not None and value + rest[i] < top:
            return  # cannot reach the best (ties are still explored)
        if i == n:
            if laid < min_laid or (min_score is not None and score < min_score):
                return
            if problem.wilds_laid is not None and wilds != problem.wilds_laid:
                return
            if must is not None and not must_met:
                return
            if top is None or value > top:
                best[0] = value
                best_copies.clear()
            if value == best[0]:
                best_copies.append(copies.copy())
            return
        p = patterns[i]
        need = p.need_index
        # the most copies still possible with the tiles, jokers and room left
        k_max = bounds[p]
        for f, k in need:
            k_max = min(k_max, held[f] // k)
        if p.wilds:
            k_max = min(k_max, (problem.wilds - wilds) // p.wilds)
        k_max = min(k_max, (problem.max_laid - laid) // p.size)
        uses_must = must_face >= 0 and any(f == must_face for f, _ in need)
        for k in range(k_max, -1, -1):
            for f, c in need:
                held[f] -= c * k
            copies[i] = k
            met = must_met or (k > 0 and (uses_must or (must == "wild" and p.wilds > 0)))
            visit(i + 1, value + weights[i] * k, wilds + p.wilds * k, laid + p.size * k,
                  score + scores[i] * k, met)  # fmt: skip
            for f, c in need:
                held[f] += c * k
        copies[i] = 0

    try:
        visit(0, 0, 0, 0, 0, False)
    except _GiveUp:
        return None
    if best[0] is None:
        return Packing("infeasible", ())
    if len(best_copies) != 1:
        return None
    chosen = best_copies[0]
    uses: tuple[tuple[Pattern, int], ...] = tuple(
        (p, k) for p, k in zip(patterns, chosen, strict=True) if k
    )
    return Packing("optimal", uses)
