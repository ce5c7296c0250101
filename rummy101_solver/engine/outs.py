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
- **Odds over draws** (``--draws N``, :func:`draw_odds`): P(open within N
  draws) by seeded Monte Carlo, following the discard table after each draw
  (a lower bound on the best play) and keeping every tile (an upper bound).

How the answers are found, all exact and never cut by a time limit [issue 17]:

- **Melds**: the sweep over the numbers (:mod:`~rummy101_solver.engine.sweep`):
  the distance, the outs, a target (real tiles before a joker) and every
  discard row.
- **Pairs**: dynamic programmes over the faces (:func:`_pairs_draws` over the
  faces' (held, unseen) classes for the distance, :func:`pairs_outs` for the
  outs by their definition, :func:`pairs_plan` for one target).

Neither uses CP-SAT. The former CP-SAT search (a packing model with draws,
budget by budget) is kept in ``tests/reference_distance.py`` as the tests'
independent reference: the tests compare the distances, outs and discard rows
against it.
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

from rummy101_solver.engine.candidates import Pattern
from rummy101_solver.engine.model import Packing
from rummy101_solver.engine.odds import wilson_interval
from rummy101_solver.engine.pairs_distance import (
    Kind,
    pairs_distance,
    pairs_outs,
    pairs_plan,
)
from rummy101_solver.engine.solver import DEFAULT_TIME_LIMIT, Meld, opening_from_packing
from rummy101_solver.engine.sweep import (
    AnySweep,
    discard_rows,
    meld_distance,
    meld_outs,
    meld_plan,
    sweep_rack,
    value_curve,
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

DistanceStatus = Literal["optimal", "none"]
KINDS: tuple[OpeningKind, OpeningKind] = ("melds", "pairs")

DEFAULT_SAMPLES = 1000
"""Monte Carlo samples for ``--draws`` keeping every tile drawn, unless told otherwise."""

DEFAULT_ADVICE_SAMPLES = 50
"""Monte Carlo samples for ``--draws`` following the discard table, unless told
otherwise: each costs up to one discard table per draw (docs/outs.md)."""


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


def unseen_counts(rack: Rack, rules: Rules) -> dict[Kind, int]:
    """``unseen_tiles(rack, rules).counts`` with nothing seen, computed from the
    rack's face counts and wild tiles alone (no tile-by-tile counting): the
    unseen copies per model kind [R-TILES, R-INDICATOR], only kinds with copies
    left. The per-deal path of ``simulate --distance`` (tested equal to
    :func:`unseen_tiles` on dealt racks, classic and okey)."""
    full = _full_kinds(rules.indicator)
    out = dict(full)
    for face, k in rack.face_tally.items():
        left = out[face] - k
        if left > 0:
            out[face] = left
        else:
            del out[face]
    wild = full.get("wild", 0) - rack.wilds
    if wild > 0:
        out["wild"] = wild
    else:
        out.pop("wild", None)
    return out


@lru_cache(maxsize=64)
def _full_kinds(indicator: Face | None) -> dict[Kind, int]:
    out: Counter[Kind] = Counter()
    for tile, k in _full_set(indicator).items():
        out[kind_of(tile)] += k
    return {kind: k for kind, k in out.items() if k > 0}


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
      reached from the unseen tiles;
    - ``status``: ``"optimal"`` (proven fewest) or ``"none"`` (proven out of
      reach): every distance is exact and never cut by a time limit [issue 17];
    - ``target``: one opening reaching it (``None`` with ``tiles`` ``None``);
    - ``proven_none``: with status ``"none"``, True when proven unreachable
      (always, since nothing is cut; kept for the callers).
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

    ``complete``: always True (the outs are exact and never cut by a time
    limit [issue 17]; kept for the callers and the JSON). ``unseen``: the
    number of unseen tiles, the denominator of every probability.
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
class OpenWithin:
    """P(the rack can open within ``turns`` own draws) with melds, with pairs,
    and either way, exact (``None``: unknown, the row was too hard for its
    budget); the model and the play in ``engine/lookahead.py`` [issue 29]."""

    turns: int
    melds: Fraction | None
    pairs: Fraction | None
    either: Fraction | None


@dataclass(frozen=True)
class DiscardRow:
    """One row of the discard table: the tile thrown, the distances and outs
    of the rack without it, and the tile's penalty points; ``open_within``:
    its odds over the turns left, once computed (``engine/lookahead.py``)."""

    tile: Tile
    melds: Distance
    pairs: Distance
    outs: Outs
    open_within: OpenWithin | None = None

    def distance(self, kind: OpeningKind) -> Distance:
        """The distance of one kind."""
        return self.melds if kind == "melds" else self.pairs


@dataclass(frozen=True)
class Estimate:
    """One Monte Carlo share: ``hits`` of ``samples`` with its 95 % Wilson interval."""

    samples: int
    hits: int
    interval: tuple[float, float]

    @property
    def probability(self) -> float:
        """Share of samples that open (0 with no samples)."""
        return self.hits / self.samples if self.samples else 0.0


@dataclass(frozen=True)
class DrawOdds:
    """``--draws``: P(the rack can open within ``n`` draws), two seeded Monte
    Carlo estimates over the same draws [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD].

    ``keep_all``: every tile drawn is kept (nothing thrown in between): an
    upper bound on any play. ``advice``: the real turn, each draw followed by
    the discard table's recommended discard so the rack keeps its size: what
    following the tool achieves, a lower bound on the best play. ``tables``:
    the discard tables computed for ``advice`` (its cost).
    """

    n: int
    seed: int
    keep_all: Estimate
    advice: Estimate
    tables: int = 0

    @property
    def samples(self) -> int:
        """Samples of the keep-everything estimate."""
        return self.keep_all.samples

    @property
    def hits(self) -> int:
        """Samples that open keeping everything."""
        return self.keep_all.hits

    @property
    def interval(self) -> tuple[float, float]:
        """The keep-everything estimate's 95 % Wilson interval."""
        return self.keep_all.interval

    @property
    def probability(self) -> float:
        """The keep-everything share (the upper bound)."""
        return self.keep_all.probability


@dataclass(frozen=True)
class OutsAnalysis:
    """Everything ``rummy101 outs`` reports.

    ``outs``: of the rack (at most 21 tiles), or, for a 22-tile rack, of the
    recommended discard's row (empty when the rack can open now).
    ``discards``: the discard table, best first (22-tile racks that cannot
    open now), else ``None``. ``open_within``: the odds over the turns left
    (``engine/lookahead.open_within``), else ``None``.
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
    open_within: OpenWithin | None = None

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


def _left(deadline: float) -> float:
    return max(deadline - time.monotonic(), 0.001)


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
    sweep over the numbers (:mod:`~rummy101_solver.engine.sweep`); pairs: the
    dynamic programme of :func:`pairs_plan`. Both exact and never cut: the
    status is ``"optimal"`` or ``"none"`` (proven out of reach), and
    ``time_limit`` (seconds) is accepted for the callers and not needed.
    Raises nothing for a valid rack.
    """
    del time_limit  # nothing here is cut [issue 17]
    unseen = unseen if unseen is not None else unseen_tiles(rack, rules)
    bound = laid_bound(len(rack)) if max_laid is None else max_laid
    if kind == "melds":
        return melds_distance(rack, rules, unseen, bound)[0]
    return pairs_target(rack, rules, unseen, bound)


def pairs_target(rack: Rack, rules: Rules, unseen: Unseen, max_laid: int) -> Distance:
    """The pairs distance with the target of :func:`pairs_plan`, its drawn
    places marked [R-PAIR, R-OPEN-PAIRS]; status ``"none"`` when out of reach."""
    plan = pairs_plan(rack.face_counts, rack.wilds, unseen.counts, rules, max_laid)
    if plan is None:
        return Distance("pairs", None, "none", None, proven_none=True)
    missing = sort_tiles([*(tile_of(f, rules) for f in plan.drawn), *([WILD] * plan.wilds_drawn)])
    full = Rack((*rack.tiles, *missing))
    uses = [(Pattern("pair", (f, f), (False, False)), 1) for f in plan.natural]
    uses += [(Pattern("pair", (f, f), (False, True)), k) for f, k in plan.joker]
    opening = opening_from_packing(
        full, rules, "pairs", Packing("optimal", tuple(uses), "pairs count")
    )
    target = Target("pairs", opening.melds, _drawn_marks(opening.melds, missing), missing)
    return Distance("pairs", plan.draws, "optimal", target)


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
    opening = opening_from_packing(full, rules, "melds", Packing("optimal", uses, "sweep"))
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


def _kind_order(kind: Kind) -> int:
    return 52 if kind == "wild" else kind.index


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
    waiting to draw [R-OPEN-MELDS, R-OPEN-PAIRS]: the meld sweep and the pairs
    dynamic programmes, exact and never cut (the outs are always complete);
    ``time_limit`` (seconds) is accepted for the callers and not needed."""
    del time_limit  # nothing here is cut [issue 17]
    unseen = unseen if unseen is not None else unseen_tiles(rack, rules)
    bound = laid_bound(len(rack))
    melds, sweep = melds_distance(rack, rules, unseen, bound)
    drawn: set[Kind] = set()
    if melds.tiles and sweep is not None:
        faces, wild = meld_outs(sweep, rules.bar("melds"), melds.tiles)
        drawn = {ALL_FACES[i] for i in faces}
        if wild:
            drawn.add("wild")
    pairs = pairs_target(rack, rules, unseen, bound)
    _, found = pairs_outs(rack.face_counts, rack.wilds, unseen.counts, rules, bound)
    outs = Outs(_outs(drawn, unseen, rules), _outs(found, unseen, rules), unseen.total)
    return melds, pairs, outs


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


def can_open_with(rack: Rack, extra: Sequence[Tile], rules: Rules, max_laid: int) -> bool:
    """Whether ``rack`` plus ``extra`` tiles has an opening (melds or pairs) meeting
    the bar that lays at most ``max_laid`` tiles [R-OPEN-MELDS, R-OPEN-PAIRS]:
    distance 0 with nothing left to draw, by the pairs programme and the meld
    sweep (exact, no solver, never cut)."""
    full = Rack((*rack.tiles, *extra))
    counts = full.face_counts
    wilds = min(full.wilds, WILD_TILES)
    if pairs_distance(counts, wilds, {}, rules, max_laid) == 0:
        return True
    return value_curve(sweep_rack(counts, wilds, {}, max_laid), 0)[0] >= max(1, rules.meld_bar)


class _Opener:
    """Whether racks can open (:func:`can_open_with`) and what the discard
    table recommends, each asked once per rack (and seen tiles)."""

    def __init__(self, rack: Rack, rules: Rules, seen: Sequence[Tile]) -> None:
        self.rack = rack
        self.rules = rules
        self.seen = tuple(seen)
        self._opens: dict[tuple[tuple[str, ...], int], bool] = {}
        self._advice: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Tile, float]] = {}

    def opens(self, tiles: Sequence[Tile], max_laid: int) -> bool:
        """Whether ``tiles`` (a rack) can open laying at most ``max_laid`` tiles."""
        key = (tuple(t.code for t in sort_tiles(tiles)), max_laid)
        if key not in self._opens:
            self._opens[key] = can_open_with(Rack(tuple(tiles)), (), self.rules, max_laid)
        return self._opens[key]

    @property
    def tables(self) -> int:
        """Discard tables computed so far."""
        return len(self._advice)

    def advice(self, tiles: Sequence[Tile], seen: Sequence[Tile]) -> tuple[Tile, float]:
        """(the recommended discard, the smaller proven distance after it, ``inf``
        when none is proven) of a rack that has drawn and cannot open, with
        ``seen`` tiles out of play beside the indicator [R-KEEP-DISCARD]."""
        key = (tuple(t.code for t in sort_tiles(tiles)), tuple(t.code for t in sort_tiles(seen)))
        if key not in self._advice:
            rack = Rack(tuple(tiles))
            row = discard_table(rack, self.rules, unseen=unseen_tiles(rack, self.rules, seen))[0]
            proven = [_rank(d) for d in (row.melds, row.pairs) if d.status in ("optimal", "none")]
            self._advice[key] = (row.tile, min(proven, default=math.inf))
        return self._advice[key]


def _without(tiles: Sequence[Tile], tile: Tile) -> list[Tile]:
    out = list(tiles)
    out.remove(tile)
    return out


def follow_advice(opener: _Opener, draws: Sequence[Tile]) -> int | None:
    """The real turn [R-KEEP-DISCARD]: the rack draws ``draws`` in order; after
    each draw it opens if it can (melds or pairs, at most
    :func:`laid_bound` of its size before the draw laid: :func:`can_open_with`),
    else throws the discard table's first row's tile, which is seen from then
    on. A 22-tile rack that cannot open throws first. Returns the number of
    draws after which it opens (0: now), or ``None`` if it does not within
    ``draws``.

    Stops early, exactly, once opening is out of reach: when the rack kept with
    every draw still to come cannot open (a rack that keeps more never opens
    less), or the smaller proven distance after the discard exceeds the draws
    left.
    """
    rack, seen = list(opener.rack.tiles), list(opener.seen)
    if len(rack) >= MAX_RACK:
        if opener.opens(rack, laid_bound(len(rack))):
            return 0
        thrown, _ = opener.advice(rack, seen)
        rack = _without(rack, thrown)
        seen.append(thrown)
    bound = laid_bound(len(rack))
    for k, tile in enumerate(draws, start=1):
        rack.append(tile)
        if opener.opens(rack, bound):
            return k
        left = len(draws) - k
        if left == 0:
            return None
        thrown, distance = opener.advice(rack, seen)
        rack = _without(rack, thrown)
        seen.append(thrown)
        if distance > left or not opener.opens([*rack, *draws[k:]], bound):
            return None
    return None


def draw_odds(
    rack: Rack,
    rules: Rules,
    unseen: Unseen,
    n: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    advice_samples: int = DEFAULT_ADVICE_SAMPLES,
    seed: int = 0,
    seen: Sequence[Tile] = (),
    nearest: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> DrawOdds:
    """P(the rack can open within ``n`` draws), two ways, over the same seeded
    draws: sample ``i`` draws ``n`` tiles of ``unseen`` (``unseen`` minus
    ``seen``: give both) in the order of ``random.Random(seed).sample``, the
    ``i``-th call, without replacement (all of them when fewer are unseen).

    - keep-everything, the first ``samples`` samples: the rack with every
      tile drawn can open, laying at most :func:`laid_bound` of the rack's
      size (:func:`can_open_with`): an upper bound on any play.
    - following the advice, the first ``advice_samples`` samples:
      :func:`follow_advice` (a discard table per draw that does not open):
      what following the tool achieves, a lower bound on the best play. A
      sample that fails to open keeping everything fails here too (the
      advice's rack is a part of the kept one), so it is not played out.

    ``nearest``: the smaller proven distance if known (fewer draws than that
    cannot open; 0 opens at once). ``progress(1)`` after each advice sample.
    95 % Wilson intervals [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD].
    """
    rng = random.Random(seed)
    pool = unseen.expanded()
    bound = laid_bound(len(rack))
    take = min(n, len(pool))
    opener = _Opener(rack, rules, seen)
    keep_hits = advice_hits = 0
    for i in range(max(samples, advice_samples)):
        order = rng.sample(pool, take)
        if nearest is not None and (nearest == 0 or nearest > take):
            keep = advice = nearest == 0
        else:
            keep = opener.opens([*rack.tiles, *order], bound)
            advice = i < advice_samples and keep and follow_advice(opener, order) is not None
        keep_hits += keep and i < samples
        advice_hits += advice and i < advice_samples
        if i < advice_samples and progress is not None:
            progress(1)
    return DrawOdds(
        n,
        seed,
        Estimate(samples, keep_hits, wilson_interval(keep_hits, samples)),
        Estimate(advice_samples, advice_hits, wilson_interval(advice_hits, advice_samples)),
        opener.tables,
    )


def analyse_outs(
    rack: Rack,
    rules: Rules,
    seen: Sequence[Tile] = (),
    *,
    draws: int | None = None,
    samples: int = DEFAULT_SAMPLES,
    advice_samples: int = DEFAULT_ADVICE_SAMPLES,
    seed: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Callable[[int], None] | None = None,
    draw_progress: Callable[[int], None] | None = None,
) -> OutsAnalysis:
    """Distance, outs, discard table (22 tiles) and ``--draws`` odds of a rack.

    ``seen``: tiles known to be out of play (checked by :func:`read_seen`);
    ``time_limit`` (seconds) is accepted for the callers and not needed: the
    distances, outs and table are exact and never cut [issue 17];
    ``progress``: given to :func:`discard_table` (one call per row);
    ``samples``, ``advice_samples``, ``seed``, ``draw_progress``: given to
    :func:`draw_odds` with ``draws`` (see :func:`with_draw_odds`).
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
    analysis = OutsAnalysis(rack, rules, tuple(seen), unseen, melds, pairs, outs, discards, None)
    if draws is None:
        return analysis
    return with_draw_odds(analysis, draws, samples=samples, advice_samples=advice_samples,
                          seed=seed, progress=draw_progress)  # fmt: skip


def with_draw_odds(
    analysis: OutsAnalysis,
    n: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    advice_samples: int = DEFAULT_ADVICE_SAMPLES,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> OutsAnalysis:
    """``analysis`` with its ``--draws n`` odds (:func:`draw_odds`), its proven
    distances telling which samples cannot open or open at once."""
    ranks = [d.tiles for d in (analysis.melds, analysis.pairs)
             if d.tiles is not None and d.status == "optimal"]  # fmt: skip
    nearest = min(ranks) if len(ranks) == 2 else None
    odds = draw_odds(analysis.rack, analysis.rules, analysis.unseen, n, samples=samples,
                     advice_samples=advice_samples, seed=seed, seen=analysis.seen,
                     nearest=nearest, progress=progress)  # fmt: skip
    return replace(analysis, draws=odds)
