"""Small packing problems solved by a bounded exact search, without CP-SAT.

Most dealt racks give a meld model of a handful of candidate patterns, and
CP-SAT spends about a quarter of a millisecond on even the smallest model
(setting up its search). A depth-first search over the patterns' copies,
with the model's own objective weights
(:func:`~rummy101_solver.engine.model.objective_weights`) and the same constraints
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

from rummy101_solver.engine.candidates import Pattern
from rummy101_solver.engine.model import Packing, PackingProblem, objective_weights, pattern_bounds

NODE_LIMIT = 400
"""Search steps before the search gives up and leaves the problem to CP-SAT."""

MAX_PATTERNS = 15
"""Usable patterns above which the search is not tried. Measured on dealt
22-tile meld problems (most without a joker): up to 11 patterns 94–100 % are
settled, in 30–100 µs where CP-SAT takes 150–450 µs; 12–15 patterns, half to
four fifths in about 130 µs; beyond, fewer, and a search that gives up only
adds to CP-SAT's time."""

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
    must = problem.must_use
    must_face = -1 if must is None or must == "wild" else must.index
    # per pattern: faces used, wild tiles, tiles, weight, score, copies at most,
    # and whether a copy lays the tile that must be used [R-TAKE-DISCARD]
    items = [
        (
            p.need_index,
            p.wilds,
            p.size,
            w,
            1 if problem.pairs else p.value,
            bounds[p],
            (must == "wild" and p.wilds > 0) or any(f == must_face for f, _ in p.need_index),
        )
        for p, w in zip(patterns, weights, strict=True)
    ]
    # optimistic rest: what the patterns from i on could add at most
    rest = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest[i] = rest[i + 1] + weights[i] * items[i][5]
    held = [0] * 52
    for f, k in problem.counts.items():
        held[f.index] = k
    all_wilds, max_laid = problem.wilds, problem.max_laid
    min_laid = problem.min_laid or 0
    min_score = -1 if problem.min_score is None else problem.min_score
    wilds_laid = -1 if problem.wilds_laid is None else problem.wilds_laid
    need_must = must is not None
    copies = [0] * n
    best: list[int] = [-1]  # best objective value found (weights are positive)
    best_copies: list[list[int]] = []  # the packings reaching it
    steps = [0]

    def visit(i: int, value: int, wilds: int, laid: int, score: int, must_met: bool) -> None:
        steps[0] += 1
        if steps[0] > node_limit:
            raise _GiveUp
        if value + rest[i] < best[0]:
            return  # cannot reach the best (ties are still explored)
        if i == n:
            if laid < min_laid or score < min_score or (need_must and not must_met):
                return
            if wilds_laid >= 0 and wilds != wilds_laid:
                return
            if value > best[0]:
                best[0] = value
                best_copies.clear()
            best_copies.append(copies.copy())
            return
        need, p_wilds, size, weight, p_score, k_max, lays_must = items[i]
        # the most copies still possible with the tiles, jokers and room left
        for f, k in need:
            if held[f] < k * k_max:
                k_max = held[f] // k
        if p_wilds and all_wilds - wilds < p_wilds * k_max:
            k_max = (all_wilds - wilds) // p_wilds
        if max_laid - laid < size * k_max:
            k_max = (max_laid - laid) // size
        for k in range(k_max, 0, -1):
            for f, c in need:
                held[f] -= c * k
            copies[i] = k
            visit(i + 1, value + weight * k, wilds + p_wilds * k, laid + size * k,
                  score + p_score * k, must_met or lays_must)  # fmt: skip
            for f, c in need:
                held[f] += c * k
        copies[i] = 0
        visit(i + 1, value, wilds, laid, score, must_met)

    try:
        visit(0, 0, 0, 0, 0, False)
    except _GiveUp:
        return None
    if not best_copies:
        return Packing("infeasible", (), "small-rack search")
    if len(best_copies) != 1:
        return None
    chosen = best_copies[0]
    uses: tuple[tuple[Pattern, int], ...] = tuple(
        (p, k) for p, k in zip(patterns, chosen, strict=True) if k
    )
    return Packing("optimal", uses, "small-rack search")
