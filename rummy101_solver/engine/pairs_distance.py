"""The pairs side of ``outs``: distance, outs and target by dynamic programmes over the faces.

A pairs opening [R-PAIR, R-OPEN-PAIRS] lays pairs of two real copies of a face,
or (house rule, on by default) one copy and a wild tile. How far a rack is
from one depends only on how many faces have each (held, unseen) count, so the
distance is a small programme over those classes (:func:`pairs_distance`); a
tile is an out iff drawing it is one draw closer (:func:`pairs_outs`, asked
once per class); and one target opening is read face by face
(:func:`pairs_plan`: fewest draws, then fewest jokers drawn, then the most
points, then the earliest faces). Exact, no solver, no time limit; the tests
compare them with the CP-SAT reference of ``tests/reference_distance.py``.
The meld side is :mod:`~rummy101_solver.engine.sweep`; ``engine/outs.py``
joins both into distances, outs and the discard table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import ALL_FACES, Face

Kind = Face | Literal["wild"]
"""A tile kind in the model: a face (plain or fake okey), or ``"wild"``."""


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


def _classes(
    counts: Mapping[Face, int], unseen: dict[Kind, int]
) -> tuple[tuple[int, int, int], ...]:
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
    counts: Mapping[Face, int], wilds: int, unseen: dict[Kind, int], rules: Rules, max_laid: int
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


@dataclass(frozen=True)
class PairsPlan:
    """A pairs target: ``draws`` tiles drawn in all; the faces laying a natural
    pair (two tiles) and those laying joker pairs (a tile and a wild tile, with
    how many), canonical order; the faces drawn (one entry per copy) and the
    wild tiles drawn [R-PAIR, R-OPEN-PAIRS]."""

    draws: int
    natural: tuple[Face, ...]
    joker: tuple[tuple[Face, int], ...]
    drawn: tuple[Face, ...]
    wilds_drawn: int


def _plan_faces(
    counts: Counter[Face], unseen: dict[Kind, int], singles: int, most: int
) -> list[Face]:
    """The faces a best pairs plan may use, canonical order. Faces of one
    (held, unseen) class have the same choices at the same costs, a higher
    number only adding points, so a best plan uses the highest of each class
    (the earliest on equal numbers): at most ``most`` in all; a face held once
    costs a draw or a held wild tile per pair (at most ``singles`` = distance +
    wild tiles held of them); a face not held costs a draw (at most
    ``singles``, which bounds the distance too)."""
    classes: dict[tuple[int, int], list[Face]] = {}
    for face in ALL_FACES:
        held, left = counts[face], unseen.get(face, 0)
        if held + left:
            classes.setdefault((held, left), []).append(face)
    kept: list[Face] = []
    for (held, _), faces in classes.items():
        room = most if held >= 2 else min(most, singles)
        kept += sorted(faces, key=lambda f: (-f.number, f.index))[:room]
    return sorted(kept, key=lambda f: f.index)


# one target's order, as one integer per path (smaller is better): draws, then wild
# tiles drawn, then points (most first), then wild tiles used
_DRAW = 1 << 15
_WILD_DRAWN = 1 << 13
_POINT = 4


def pairs_plan(
    counts: Counter[Face], wilds: int, unseen: dict[Kind, int], rules: Rules, max_laid: int
) -> PairsPlan | None:
    """One target of the pairs distance [R-PAIR, R-OPEN-PAIRS], exactly, or ``None``
    when out of reach (the draws equal :func:`pairs_distance`, tested).

    Each face lays 0 or 1 natural pair and 0–2 joker pairs (none under the
    house rule; two wild tiles are never a pair) from its held + unseen copies,
    drawing the copies beyond those held, as in :func:`_pairs_draws`; the wild
    tiles used beyond the rack's are drawn too. Of the targets with the fewest
    draws the plan is, in order: one with the fewest wild tiles drawn (a real
    tile before a joker, as on the meld side), the most points laid [R-VALUE]
    (every pair the rack holds goes down, within the laid bound
    [R-KEEP-DISCARD]), the fewest wild tiles used; then the earliest faces in
    canonical order (at each face, in turn: lay the most pairs, a natural pair
    before a joker pair). A dynamic programme over the faces from the last one
    (state: pairs laid so far, at most ``max_laid // 2``; wild tiles used)
    keeps the best completion of each state; the plan is then read from the
    first face on. Deterministic: the same rack gives the same plan.
    """
    bar = max(1, rules.pairs_bar)
    most = max_laid // 2
    if bar > most:
        return None
    wild_most = wilds + unseen.get("wild", 0)
    sizes = range(3 if rules.joker_pairs else 1)
    distance = _pairs_draws(
        _classes(counts, unseen), wilds, wild_most - wilds, bar, rules.joker_pairs
    )
    if distance is None:
        return None
    faces = _plan_faces(counts, unseen, distance + wilds, most)
    width = wild_most + 1  # state = pairs * width + wild tiles used
    states = (most + 1) * width
    never = 1 << 40
    # the end: the bar met; the wild tiles used beyond the rack's are drawn
    best = [never] * states
    for pairs in range(bar, most + 1):
        for used in range(width):
            extra = max(0, used - wilds)
            best[pairs * width + used] = extra * (_DRAW + _WILD_DRAWN) + used
    moves: list[list[tuple[int, int, int, int]]] = []  # per face: (cost, step, a, b)
    for face in faces:
        held, left = counts[face], unseen.get(face, 0)
        options = [(a, b) for a in (1, 0) for b in sizes if 2 * a + b <= held + left]
        options.sort(key=lambda o: (-(o[0] + o[1]), o[1]))  # most pairs, natural first
        moves.append(
            [
                (max(0, 2 * a + b - held) * _DRAW - 2 * face.number * (a + b) * _POINT,
                 (a + b) * width + b, a, b)
                for a, b in options
            ]
        )  # fmt: skip
    tables = [best]
    for face_moves in reversed(moves):
        after = tables[-1]
        here = [never] * states
        for state in range(states):
            pairs, used = divmod(state, width)
            for cost, step, a, b in face_moves:
                if pairs + a + b > most or used + b >= width or after[state + step] == never:
                    continue
                value = cost + after[state + step]
                if value < here[state]:
                    here[state] = value
        tables.append(here)
    tables.reverse()  # tables[i]: the best completion before face i
    if tables[0][0] >= never:
        return None
    natural: list[Face] = []
    joker: list[tuple[Face, int]] = []
    drawn: list[Face] = []
    state = 0
    for i, face in enumerate(faces):
        pairs, used = divmod(state, width)
        for cost, step, a, b in moves[i]:
            fits = pairs + a + b <= most and used + b < width
            if fits and cost + tables[i + 1][state + step] == tables[i][state]:
                break
        else:  # pragma: no cover - the table says some option reaches it
            raise AssertionError("pairs plan: no option reaches the best completion")
        if a:
            natural.append(face)
        if b:
            joker.append((face, b))
        drawn += [face] * max(0, 2 * a + b - counts[face])
        state += step
    used = state % width
    extra = max(0, used - wilds)
    return PairsPlan(len(drawn) + extra, tuple(natural), tuple(joker), tuple(drawn), extra)


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
