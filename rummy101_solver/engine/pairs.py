"""The best pairs opening by a short exact argument, without CP-SAT [R-PAIR, R-OPEN-PAIRS].

A pairs packing chooses, face by face, how many joker pairs (one tile and a
wild tile) and how many natural pairs (two tiles) to lay. With no bound on
how many pairs may be laid, the faces only compete for the wild tiles: every
pair adds a positive weight to the objective (the same integer weights as
the CP-SAT model, :func:`~rummy101_solver.engine.model.objective_weights`), so each
face lays as many natural pairs as its tiles left after its joker pairs
allow, and the at most two wild tiles go where they gain most. That is a
handful of comparisons instead of a model.

The answer is given only when it is certainly the one the CP-SAT model
returns: the best is unique (two ways of placing the jokers worth exactly the
same would leave CP-SAT's own choice), it lays no more than ``max_laid``
tiles, and it meets ``min_score``. Otherwise, and for anything else (a taken
tile, a one-turn finish, more than two wild tiles, patterns other than
pairs), :func:`exact_pairs_packing` returns ``None`` and the caller solves
the model. ``tests/test_pairs.py`` checks the two agree on seeded racks.
"""

from __future__ import annotations

from dataclasses import fields

from rummy101_solver.engine.candidates import Pattern
from rummy101_solver.engine.model import Packing, PackingProblem, objective_weights, pattern_bounds

_HANDLED = {"patterns", "counts", "wilds", "max_laid", "pairs", "min_score", "objective"}
"""Problem fields this argument honours; any other field must keep its default."""


def _other_fields_default(problem: PackingProblem) -> bool:
    return type(problem) is PackingProblem and all(
        getattr(problem, f.name) == f.default for f in fields(problem) if f.name not in _HANDLED
    )


def exact_pairs_packing(problem: PackingProblem) -> Packing | None:
    """The best packing of a pairs problem (status ``"optimal"``), or ``None``
    when CP-SAT must decide (see the module docstring)."""
    if not problem.pairs or problem.wilds > 2 or not _other_fields_default(problem):
        return None
    bounds = pattern_bounds(problem)
    natural: dict[int, tuple[Pattern, int]] = {}
    joker: dict[int, tuple[Pattern, int]] = {}
    for p, ub in bounds.items():
        if p.kind != "pair" or p.size != 2 or len(p.need_index) != 1 or p.wilds > 1:
            return None
        table = joker if p.wilds else natural
        face = p.need_index[0][0]
        if face in table:
            return None
        table[face] = (p, ub)
    weight = dict(zip(bounds, objective_weights(problem, bounds), strict=True))
    held = {f.index: k for f, k in problem.counts.items()}

    def naturals(face: int, jokers: int) -> int:
        # natural pairs a face still makes beside `jokers` joker pairs
        if face not in natural:
            return 0
        return min(natural[face][1], (held[face] - jokers) // 2)

    def gain(face: int, jokers: int) -> int:
        lost = naturals(face, 0) - naturals(face, jokers)
        w_nat = weight[natural[face][0]] if face in natural else 0
        return jokers * weight[joker[face][0]] - lost * w_nat

    # the best way to place 0, 1 or 2 wild tiles; a tie inside a kind of
    # placement is kept as None: it wins nothing, but may tie with the best
    choices: list[tuple[int, dict[int, int] | None]] = [(0, {})]
    singles = sorted(((gain(f, 1), f) for f in joker), reverse=True)
    if problem.wilds >= 1 and singles:
        tied = len(singles) > 1 and singles[1][0] == singles[0][0]
        choices.append((singles[0][0], None if tied else {singles[0][1]: 1}))
    if problem.wilds >= 2:
        doubles = sorted(((gain(f, 2), f) for f, (_, ub) in joker.items() if ub >= 2), reverse=True)
        if doubles:
            tied = len(doubles) > 1 and doubles[1][0] == doubles[0][0]
            choices.append((doubles[0][0], None if tied else {doubles[0][1]: 2}))
        if len(singles) >= 2:
            (g1, f1), (g2, f2) = singles[0], singles[1]
            tied = len(singles) > 2 and singles[2][0] == g2
            choices.append((g1 + g2, None if tied else {f1: 1, f2: 1}))
    top = max(g for g, _ in choices)
    best = [c for g, c in choices if g == top]
    if len(best) > 1 or best[0] is None:
        return None
    jokers = best[0]
    copies: dict[Pattern, int] = {}
    for face, (p, _) in natural.items():
        copies[p] = naturals(face, jokers.get(face, 0))
    for face, k in jokers.items():
        copies[joker[face][0]] = k
    count = sum(copies.values())
    if 2 * count > problem.max_laid:
        return None
    if problem.min_score is not None and count < problem.min_score:
        return None
    uses = tuple((p, copies[p]) for p in bounds if copies.get(p))
    return Packing("optimal", uses, "pairs count")
