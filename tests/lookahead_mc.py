"""A Monte Carlo of the one-player model of ``engine/lookahead.py``, and its long run.

Each sample shuffles the unseen tiles (seeded) and plays the draws in that
order, without replacement: a draw that is an out of the waiting rack is
kept, and the rack throws the tile the exact values rank first among those
that keep the lowered distance (the same play); any other draw is thrown. A
sample opens when a kept out brings the distance to 0, which an independent
check (``can_open_with``: the rack with its draw has an opening laying at
most 21 tiles) must confirm. Its share, with a Wilson interval, must hold the
exact value: that checks the averaging over the draws (the probabilities, no
transition counted twice, never above 1), not the choice of discard.

``python tests/lookahead_mc.py RACKS [SAMPLES] [TURNS]``: RACKS dealt 21-tile
racks (seeds 1 … RACKS, classic rules), melds, pairs and either way; prints
how many exact values fall outside the 95 % and the 99.9 % intervals (about
5 % and 0.1 % are expected by chance) and the racks whose odds were unknown.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction

from rummy101_solver.engine.lookahead import GOALS, Goal, Lookahead, _goal_info, _Info, _minus
from rummy101_solver.engine.odds import wilson_interval
from rummy101_solver.engine.outs import can_open_with, laid_bound, rack_outs, unseen_tiles
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Rack, Tile

Z_999 = 3.2905267314918945
"""The standard normal quantile of 0.9995: a two-sided 99.9 % interval."""


def root_info(rack: Rack, rules: Rules, goal: Goal) -> _Info:
    """The goal's distance and outs of a rack waiting to draw."""
    unseen = unseen_tiles(rack, rules)
    melds, pairs, outs = rack_outs(rack, rules, unseen=unseen)
    return _goal_info(goal, melds.tiles, pairs.tiles,
                      [(o.tile, o.copies) for o in outs.melds],
                      [(o.tile, o.copies) for o in outs.pairs])  # fmt: skip


def exact_and_sampled(
    rack: Rack, rules: Rules, turns: int, samples: int, seed: int
) -> dict[Goal, tuple[Fraction | None, int]]:
    """Per goal: (the exact odds, or ``None`` when unknown; samples that
    opened, over the same seeded draws for every goal)."""
    unseen = unseen_tiles(rack, rules)
    solver = Lookahead(rules, unseen, turns)
    pool = unseen.expanded()
    bound = laid_bound(len(rack))
    out: dict[Goal, tuple[Fraction | None, int]] = {}
    for goal in GOALS:
        info = root_info(rack, rules, goal)
        exact = solver.odds(goal, rack, info)
        if exact is None:
            out[goal] = (None, 0)
            continue
        rng = random.Random(seed)
        hits = 0
        for _ in range(samples):
            order = rng.sample(pool, min(turns, len(pool)))
            hits += _play(solver, goal, rack, info, order, rules, bound)
        out[goal] = (exact, hits)
    return out


def _play(solver: Lookahead, goal: Goal, rack: Rack, info: _Info, order: list[Tile],
          rules: Rules, bound: int) -> bool:  # fmt: skip
    outs = {t for t, _ in info.outs}
    d = info.distance
    if d is None:
        return False
    if d == 0:
        return bool(order)
    unseen = solver.unseen  # as the exact values count it: the blanks left in
    for j, tile in enumerate(order, start=1):
        if tile not in outs:
            continue  # a blank: thrown at once
        drawn = rack.with_tile(tile)
        if d == 1:
            assert can_open_with(drawn, (), rules, bound), (drawn.codes, goal)
            return True
        choice = solver.play(goal, drawn, d - 1, unseen, tile, len(order) - j)
        if choice is None:
            return False  # too few draws left for the rest
        unseen = _minus(unseen, tile)
        rack, info = choice
        d = info.distance
        assert d is not None
        outs = {t for t, _ in info.outs}
    return False


def main(racks: int, samples: int = 400, turns: int = 3) -> None:
    """The long run (module docstring)."""
    from rummy101_solver.game.deal import deal_racks

    rules = Rules()
    checked = out95 = out999 = unknown = 0
    for seed, rack in enumerate(deal_racks(1, racks, 21), start=1):
        for exact, hits in exact_and_sampled(rack, rules, turns, samples, seed).values():
            if exact is None:
                unknown += 1
                continue
            checked += 1
            low, high = wilson_interval(hits, samples)
            out95 += not low <= exact <= high
            low, high = wilson_interval(hits, samples, Z_999)
            out999 += not low <= exact <= high
    print(f"{racks} dealt 21-tile racks x 3 goals, {turns} draws, {samples} samples each:"
          f" {checked} exact values checked, {out95} outside the 95 % interval"
          f" ({out95 / max(1, checked):.1%}), {out999} outside the 99.9 % interval;"
          f" {unknown} unknown")  # fmt: skip


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
