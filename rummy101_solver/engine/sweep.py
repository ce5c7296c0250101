"""An exact sweep over the numbers 1 → 13: distance, outs and targets of meld openings.

The question (``engine/outs.py`` defines the terms): a rack holds ``held``
copies of each face and ``wilds`` wild tiles; ``avail`` copies of each face
(``wild_avail`` wild tiles) are the rack's plus the unseen ones. Melds are
runs [R-RUN] and sets [R-SET] with wild tiles standing for any face
[R-WILD]; a wild stand-in does not use up one of a face's copies (as in the
CP-SAT model of ``engine/model.py``). A tile laid beyond the rack's copies is
*placed* (drawn) at cost 1. The **value curve** ``V[k]``: the best meld value
[R-VALUE] of a packing that places at most ``k`` tiles and lays at most
``max_laid`` tiles in all [R-KEEP-DISCARD]. The distance to a bar (fixed or
rising [R-OPEN-MELDS, R-RISING]) is the first ``k`` with ``V[k] >= bar``.

The dynamic programme (van Rijn, Takes & Vis 2015, "The Complexity of
Rummikub Problems"; the per-suit tables of Mahjong shanten calculators) walks
the numbers 1 → 13, and within a number the colours in canonical order, then
closes the number's sets. A state between two steps holds:

- per colour, the open runs: how many have length 1, 2, and 3 or more (a run
  of length 1–2 must go on; one of 3 or more may end or go on; 13 ends every
  run, no wrap-around [R-RUN]). More than two runs of one colour are open only
  where a wild tile stands in at that number; the state holds up to 4;
- the wild tiles used so far (0–2);
- while a number is open, how many colours gave one or two real tiles to the
  number's sets (the sets are closed once every colour is done: 3–4 tiles of
  distinct colours each, a wild tile filling a missing colour, at least one
  real tile each [R-SET, R-WILD]);

and, per state, the best value for each (placed tiles ``k``, rack tiles left
unlaid ``u``). ``u`` is capped at what the laid bound can need (``held + K -
max_laid``): a packing lays ``held - u + k`` tiles, so the bound reads
``u >= held + k - max_laid`` exactly. A run tile is credited [R-VALUE] when the
run reaches length 3 (the two before it at once), then one by one; a set tile
at once. Only reached states are kept (dicts keyed by small ints).

Exactness against the model (tested against CP-SAT in ``tests/``): every run
of length 3 or more splits into the model's runs of 3–5, each holding a real
tile (2 wild tiles at most); a run that ends and a new one of the same colour
starting at the next number are the same as one longer run, so a new run
starts only when every long run of its colour goes on (it would be worth
less, never more).

A **backward** sweep over the same states gives, per state, the best value of
the numbers still to come. Combined with the forward sweep at the step of a
face, it answers "does some target with exactly ``D`` placed tiles place this
face" (the outs) and "what is the distance with one copy of this face fewer"
(a discard row) from one step, without a new sweep.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Literal

from rummy101_solver.engine.sweep_python import Sweep
from rummy101_solver.engine.sweep_steps import (
    _CS,
    _SETS_FIT_TABLE,
    _SHORT,
    _TALLIES,
    _TALLY_ADD,
    CS_BITS,
    CS_MASK,
    NEG,
    STEPS,
    T_SHIFT,
    W_SHIFT,
    Layer,
    SweepRack,
)
from rummy101_solver.game.tiles import COLOURS, Face, face

__all__ = [  # the engines and the steps, as the tests and the callers name them
    "COMPILED",
    "NEG",
    "STEPS",
    "AnySweep",
    "CompiledSweep",
    "Layer",
    "Plan",
    "Sweep",
    "SweepRack",
    "discard_distances",
    "discard_rows",
    "meld_distance",
    "meld_outs",
    "meld_plan",
    "new_sweep",
    "one_turn_meld_value",
    "sweep_rack",
    "value_curve",
]

# --- the public face ---------------------------------------------------------------------


def sweep_rack(
    counts: Mapping[Face, int],
    wilds: int,
    unseen: Mapping[Face | Literal["wild"], int],
    max_laid: int,
) -> SweepRack:
    """A :class:`SweepRack` from a rack's face counts (a fake okey counts as its
    face [R-INDICATOR]) and wild tiles, the unseen copies per kind (faces, and
    ``"wild"``) and the laid bound (``outs.laid_bound``)."""
    held = [0] * 52
    for f, k in counts.items():
        held[f.index] += k
    avail = list(held)
    for kind, k in unseen.items():
        if isinstance(kind, Face):
            avail[kind.index] += k
    wild_avail = wilds + unseen.get("wild", 0)
    return SweepRack(tuple(held), tuple(avail), wilds, wild_avail, max_laid)


def value_curve(rack: SweepRack, limit: int) -> list[int]:
    """Best meld value [R-VALUE] for each count of placed tiles 0 … ``limit``
    (``NEG`` = -1 where no meld can be laid); at most ``rack.max_laid`` laid."""
    return new_sweep(rack, limit).curve()


def _first(curve: Sequence[int], bar: int) -> int | None:
    return next((k for k, v in enumerate(curve) if v >= bar), None)


def meld_distance(
    rack: SweepRack, bar: int, *, start: int = 0
) -> tuple[int | None, AnySweep | None]:
    """(distance, the sweep that found it): the fewest placed tiles for melds
    worth at least ``max(1, bar)`` points [R-OPEN-MELDS, R-RISING], or
    ``None`` when no packing reaches the bar. The placed-tile limit starts at
    ``start`` and grows by one while the bar is out of reach: each placed tile
    more costs several times the work, so the last sweep dominates (doubling
    measured 1.3 s against 0.14 s median on 8 dealt racks)."""
    bar = max(1, bar)
    most = sum(rack.avail) - sum(rack.held) + rack.wild_avail - rack.wilds
    most = min(most, rack.max_laid)
    limit = min(start, most)
    while True:
        sweep = new_sweep(rack, limit, bar=bar)
        found = _first(sweep.curve(), bar)
        if found is not None:
            return found, sweep
        if limit >= most:
            return None, None
        limit += 1


def meld_outs(sweep: AnySweep, bar: int, distance: int) -> tuple[set[int], bool]:
    """(face indices, wild) of the outs: faces some target with exactly
    ``distance`` placed tiles places (``distance`` is the proven distance,
    >= 1), and whether such a target places a wild tile."""
    faces, wild = sweep.outs(max(1, bar), distance)
    return set(faces), wild


@dataclass(frozen=True)
class Plan:
    """A target packing read off a sweep: runs and sets as lists of
    ``(face, wild)`` places, and the faces placed (drawn), one entry per copy."""

    melds: tuple[tuple[str, tuple[tuple[Face, bool], ...]], ...]
    placed: tuple[Face, ...]
    wilds_placed: int


def meld_plan(sweep: AnySweep, bar: int, distance: int, *, real_first: bool = True) -> Plan:
    """One target with exactly ``distance`` placed tiles worth at least ``bar``
    points, within the laid bound; with ``real_first`` one that draws no wild
    tile when such a target exists (a joker is the out of last resort).
    Among equal targets the walk back takes the smallest state key, so both
    engines name the same target. Raises ``ValueError`` when there is none."""
    path = sweep.plan(max(1, bar), distance, real_first)
    return _plan_of(sweep, [(step, pkey, key) for step, (pkey, key) in enumerate(path)])


def _plan_of(sweep: AnySweep, moves: list[tuple[int, int, int]]) -> Plan:
    """Rebuild the melds of a path of moves (one per step)."""
    rack = sweep.rack
    open_runs: list[list[list[tuple[Face, bool]]]] = [[] for _ in COLOURS]
    done: list[tuple[str, tuple[tuple[Face, bool], ...]]] = []
    placed: list[Face] = []
    set_tiles: list[tuple[Face, int]] = []  # (face, copies) of the number's sets
    wilds_used = 0
    for step, pkey, key in moves:
        n, c = STEPS[step]
        if c < 0:
            js = ((key >> W_SHIFT) & 3) - ((pkey >> W_SHIFT) & 3)
            wilds_used += js
            done.extend(_build_sets(n, set_tiles, js))
            set_tiles = []
            continue
        shift = c * CS_BITS
        a1, a2, a3 = _CS[(pkey >> shift) & CS_MASK]
        y, b2, b3 = _CS[(key >> shift) & CS_MASK]
        x = b3 - a2
        j = ((key >> W_SHIFT) & 3) - ((pkey >> W_SHIFT) & 3)
        wilds_used += j
        s = _TALLIES[key >> T_SHIFT][0] + 2 * _TALLIES[key >> T_SHIFT][1]
        s -= _TALLIES[pkey >> T_SHIFT][0] + 2 * _TALLIES[pkey >> T_SHIFT][1]
        f = face(COLOURS[c], n)
        runs = open_runs[c]
        # runs by length: short ones go on, then x of the long ones; the rest end
        short = [r for r in runs if len(r) < 3]
        long_ = [r for r in runs if len(r) >= 3]
        short.sort(key=len)
        for r in long_[x:]:
            done.append(("run", tuple(r)))
        going = short + long_[:x]
        new: list[list[tuple[Face, bool]]] = [[] for _ in range(y)]
        everyone = going + new
        assert len(everyone) == a1 + a2 + x + y
        tiles = len(everyone)
        for idx, r in enumerate(everyone):
            r.append((f, idx >= tiles - j))  # wild tiles take the last places
        open_runs[c] = everyone
        used = tiles - j + s
        i = f.index
        placed += [f] * max(0, used - rack.held[i])
        set_tiles.append((f, s))
        del a3, b2  # shapes checked by the assertion above
    for runs in open_runs:
        for r in runs:
            done.append(("run", tuple(r)))
    return Plan(tuple(done), tuple(placed), max(0, wilds_used - rack.wilds))


def _build_sets(
    n: int, tiles: list[tuple[Face, int]], wilds: int
) -> list[tuple[str, tuple[tuple[Face, bool], ...]]]:
    """Split one number's set tiles and wild tiles into sets [R-SET, R-WILD]."""
    faces = [f for f, s in tiles for _ in range(s)]
    if not faces:
        return []
    by_colour = {f.colour: s for f, s in tiles if s}
    colours = list(by_colour)
    for m in range(1, 5):
        for choice in product(*(list(combinations(range(m), by_colour[c])) for c in colours)):
            members: list[list[Face]] = [[] for _ in range(m)]
            for c, sets in zip(colours, choice, strict=True):
                for idx in sets:
                    members[idx].append(face(c, n))
            if any(not g or len(g) > 4 for g in members):
                continue
            low = [max(0, 3 - len(g)) for g in members]
            if sum(low) > wilds or sum(4 - len(g) for g in members) < wilds:
                continue
            extra = wilds - sum(low)
            out = []
            for g, lo in zip(members, low, strict=True):
                add = lo + min(extra, 4 - len(g) - lo)
                extra -= add - lo
                missing = [c for c in COLOURS if c not in {f.colour for f in g}][:add]
                places = [(f, False) for f in g] + [(face(c, n), True) for c in missing]
                places.sort(key=lambda p: p[0].index)
                out.append(("set", tuple(places)))
            return out
    raise AssertionError("set tiles that make no sets")


Row = tuple[int | None, tuple[int, ...], bool]
"""A discard row's meld side: (distance or ``None``, the outs' face indices,
whether a wild tile is an out)."""


def discard_rows(
    rack: SweepRack, bar: int, *, progress: Callable[[int], None] | None = None
) -> dict[int, Row]:
    """The meld distance and outs of the rack after throwing one tile, per
    distinct tile: face index (``-1``: a wild tile) → :data:`Row`
    [R-OPEN-MELDS, R-KEEP-DISCARD]. ``rack.max_laid`` is the bound of the rack
    after the throw (the thrown tile is seen, not unseen). ``progress(1)`` as
    each row ends.

    One sweep of the whole rack, forward and backward, with one tile more to
    place than its own distance (no row is nearer than the whole rack: a
    row's target is one of the rack's). A face's distance is that sweep with
    the face's step played with one copy fewer, joined with the forward layer
    before it and the backward layer after it; its outs come from that
    rack's forward layers after the step and backward layers before it, each
    kept only where the whole rack's other side can still bring it to the
    bar (:meth:`Sweep.row_outs`). A row out of that reach, and the wild
    tile's row (wild tiles are counted across all steps), gets sweeps of its
    own.
    """
    bar = max(1, bar)
    held_faces = [i for i, k in enumerate(rack.held) if k]
    kinds = held_faces + ([-1] if rack.wilds else [])
    out: dict[int, Row] = {}
    base, sweep = _distance_and_one_more(rack, bar)
    if base is None or sweep is None:
        for i in kinds:
            out[i] = (None, (), False)
            if progress is not None:
                progress(1)
        return out
    dists = sweep.row_distances(bar, base)
    for i in kinds:
        d = dists.get(i)
        if d is None:  # beyond the shared sweep, or the wild tile's row
            out[i] = _row_alone(rack.without(i), bar, base)
        elif d == 0:
            out[i] = (0, (), False)
        else:
            faces, wild = sweep.row_outs(i, bar, d)
            out[i] = (d, tuple(faces), wild)
        if progress is not None:
            progress(1)
    return out


def _distance_and_one_more(rack: SweepRack, bar: int) -> tuple[int | None, AnySweep | None]:
    """(distance, a sweep placing one tile more than it, at most ``max_laid``
    + 1): :func:`meld_distance`'s growing limit, one step further, so that no
    sweep is run twice."""
    most = sum(rack.avail) - sum(rack.held) + rack.wild_avail - rack.wilds
    most = min(most, rack.max_laid)
    limit = 1
    while True:
        sweep = new_sweep(rack, min(limit, rack.max_laid + 1), joins=True, bar=bar)
        found = _first(sweep.curve(), bar)
        if found is not None and (found < sweep.limit or sweep.limit == rack.max_laid + 1):
            return found, sweep
        if found is None and sweep.limit >= most:
            return None, None
        limit += 1


def _row_alone(rack: SweepRack, bar: int, start: int) -> Row:
    """A discard row by sweeps of its own."""
    d, sweep = meld_distance(rack, bar, start=start)
    if not d or sweep is None:
        return d, (), False
    faces, wild = sweep.outs(bar, d)
    return d, tuple(faces), wild


def one_turn_meld_value(counts: Mapping[Face, int], wilds: int) -> int | None:
    """The best meld value [R-VALUE] of a rack (face counts, a fake okey as
    its face, and wild tiles) laying every tile but exactly one in runs and
    sets, nothing drawn: a one-turn meld finish exists iff this is not
    ``None`` and meets the bar [R-ONE-TURN, R-ONE-TURN-ANY-VALUE]. Exact
    (tested against CP-SAT's ``one_turn_finish``)."""
    rack = sweep_rack(counts, wilds, {}, 0)
    if rack.size < 2:
        return None
    value = new_sweep(rack.with_laid_bound(rack.size - 2), 0).finish_value()
    return None if value < 0 else value


def discard_distances(rack: SweepRack, bar: int) -> dict[int, int | None]:
    """The meld distance of the rack after throwing one tile, per distinct
    tile (face index; ``-1``: a wild tile): the distances of
    :func:`discard_rows`."""
    return {i: row[0] for i, row in discard_rows(rack, bar).items()}


# --- the compiled inner loop ---------------------------------------------------------------

try:  # built by pip where a C compiler is at hand (pyproject.toml: optional)
    from rummy101_solver.engine import _sweepc  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - the pure-Python sweep serves
    _sweepc = None

if _sweepc is not None:
    _sweepc.init(
        [x for t in _CS for x in t],
        [x for t in _TALLIES for x in t],
        [x for row in _TALLY_ADD for x in row],
        [x for row in _SETS_FIT_TABLE for cell in row for x in cell],
        [x for cs in _SHORT for row in cs for x in row],
    )

COMPILED = _sweepc is not None and not os.environ.get("RUMMY101_PURE_PYTHON")
"""Whether :func:`new_sweep` runs the compiled loops (``engine/_sweepc.c``):
built at install where a C compiler is at hand; the environment variable
``RUMMY101_PURE_PYTHON=1`` turns them off (the same answers, slower)."""


class CompiledSweep:
    """A :class:`Sweep` whose loops run compiled (``engine/_sweepc.c``): the
    same states, moves, pruning and joins, the same answers (tested)."""

    steps = STEPS

    def __init__(self, rack: SweepRack, limit: int, *, joins: bool = False, bar: int = 0) -> None:
        if _sweepc is None:
            raise RuntimeError("the compiled sweep is not built")
        self.rack = rack
        self.limit = limit
        self._c = _sweepc.CSweep(
            rack.held, rack.avail, rack.wilds, rack.wild_avail, rack.max_laid, limit, joins, bar
        )

    def curve(self) -> list[int]:
        """:meth:`Sweep.curve`."""
        return list(self._c.curve())

    def outs(self, bar: int, distance: int) -> tuple[list[int], bool]:
        """:meth:`Sweep.outs`."""
        faces, wild = self._c.outs(bar, distance)
        return list(faces), bool(wild)

    def plan(self, bar: int, distance: int, real_first: bool) -> list[tuple[int, int]]:
        """:meth:`Sweep.plan`."""
        return [(int(a), int(b)) for a, b in self._c.plan(bar, distance, real_first)]

    def row_distances(self, bar: int, base: int) -> dict[int, int]:
        """:meth:`Sweep.row_distances`."""
        return dict(self._c.row_distances(bar, base))

    def finish_value(self) -> int:
        """:meth:`Sweep.finish_value`."""
        return int(self._c.finish_value())

    def row_outs(self, face: int, bar: int, d: int) -> tuple[list[int], bool]:
        """:meth:`Sweep.row_outs`."""
        faces, wild = self._c.row_outs(face, bar, d)
        return list(faces), bool(wild)


AnySweep = Sweep | CompiledSweep
"""Either engine: the pure-Python :class:`Sweep` or :class:`CompiledSweep`."""


def new_sweep(rack: SweepRack, limit: int, *, joins: bool = False, bar: int = 0) -> AnySweep:
    """The forward sweep of ``rack`` with at most ``limit`` placed tiles, by
    the compiled loops when :data:`COMPILED`, else in pure Python. ``joins``:
    many joins will follow (outs of every discard row): the compiled forward
    then keeps its moves for them as it goes (about a tenth slower). ``bar``
    (points, 0: none): entries that cannot reach it are dropped as the sweep
    goes (their value, the points still possible and 13 per tile still to
    place fall short), so the curve is exact only where it reaches the bar,
    and a bar far above the rack's reach costs little."""
    if COMPILED:
        return CompiledSweep(rack, limit, joins=joins, bar=bar)
    return Sweep(rack, limit, bar=bar)
