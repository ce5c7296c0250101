"""Odds per rule set over seeded deals: how often a dealt rack can open, and with what
[R-OPEN-MELDS, R-OPEN-PAIRS, R-ONE-TURN, R-TILES].

The flow: deals (seeded shuffles of the 106 tiles, :mod:`rummy101_solver.game.deal`)
→ per rack and per :class:`Variant`, the *statistics* (small integers: the best
meld value, the most pairs, 0/1 flags) → one histogram per statistic and
variant → shares with 95 % Wilson score intervals, percentiles, histograms
(:func:`simulation_json`, :func:`simulation_text`).

Deals: deal ``i`` (0-based) is shuffled with ``seed + i``, so the classic racks
are the ones ``rummy101 deal --seed SEED --count N --size SIZE`` prints. An okey
variant [R-INDICATOR] sees the same shuffle with the indicator taken out first
(:func:`~rummy101_solver.game.deal.deal_indicator_rack`): ``--indicator TILE`` turns
up the first copy of TILE, ``--indicator random`` the first numbered tile of
the shuffle, so the indicator of deal ``i`` depends only on ``seed + i``.

Determinism: the deals are cut into chunks of :data:`CHUNK_DEALS` whatever the
executor (in-process, local processes, a Dask cluster); each chunk deals its
own seeds, and the chunks' histograms are merged in chunk order. Every figure is
computed from integer counts, so the same seed gives byte-identical output.

Adding a statistic (the hook): a :data:`RackStatistic` is a module-level
function ``(rack, rules, time_limit) -> {name: int}``; pass
``statistics=(*DEFAULT_STATISTICS, f)`` to :func:`simulate`. Every name is
tallied into a histogram per variant. Names ``distance_melds`` and
``distance_pairs`` (tiles from opening, the ``outs`` distance; :data:`OUT_OF_REACH`
when no opening can be reached) are shown as the ``"distance"`` table: shares at
each distance; a 0/1 ``distance_unproven`` counts racks whose distance a time
limit cut short.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from rummy101_solver.engine.odds import wilson_interval
from rummy101_solver.game.deal import deal_indicator_rack, deal_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Face, Rack

CHUNK_DEALS = 100
"""Deals per chunk of work: fixed, so results never depend on how chunks are run
(the tallies of the chunks are added up, so the chunk size does not change them either)."""

DISTANCE_CHUNK_DEALS = 20
"""Deals per chunk when the distance is tallied: a deal costs about ten times more, and
smaller chunks keep every process busy to the end (measured: 2,000 deals with
``--jobs 2`` 20.8 s with chunks of 100, see the README)."""

PERCENTILES = (10, 50, 90, 99)
"""Percentiles reported for the best meld value and the pairs count."""


VALUE_BIN = 20
"""Points per row of the text histogram of best meld values (JSON gives every value)."""

DISTANCE_KEYS = ("distance_melds", "distance_pairs")
"""Statistic names shown as the distance table (see the module docstring)."""

OUT_OF_REACH = -1
"""The value a distance statistic gives when no opening can be reached."""

RackStatistic = Callable[[Rack, Rules, float], Mapping[str, int]]
"""A per-rack statistic: (rack, rules, time limit in seconds) → {name: small integer}.

Module-level functions only: chunks are pickled to other processes or machines.
"""


@dataclass(frozen=True)
class Variant:
    """One rule set to simulate: a name, the ``solve`` options it was given as
    (text, for the output) and the :class:`Rules` they make.

    ``random_indicator``: the okey variant with the indicator drawn per deal
    (``--indicator random``) [R-INDICATOR]. ``time_limit``: seconds per rack
    and solve (as ``solve --time-limit``).
    """

    name: str
    options: str = ""
    rules: Rules = field(default_factory=Rules)
    random_indicator: bool = False
    time_limit: float = 10.0

    @property
    def deal_key(self) -> tuple[bool, str | None]:
        """Variants with equal keys see the same rack in every deal."""
        indicator = self.rules.indicator
        return self.random_indicator, None if indicator is None else indicator.code

    def deal(self, seed: int, size: int) -> tuple[Rack, Face | None]:
        """The rack of the deal shuffled with ``seed`` (``size`` tiles) and its
        indicator (``None`` for classic jokers) [R-TILES, R-INDICATOR]."""
        if self.random_indicator:
            indicator, rack = deal_indicator_rack(seed, size)
            return rack, indicator
        if self.rules.indicator is not None:
            _, rack = deal_indicator_rack(seed, size, indicator=self.rules.indicator)
            return rack, self.rules.indicator
        return deal_rack(seed, size), None


# --- the default statistics: openings ------------------------------------------------


def pairs_count(rack: Rack, *, joker_pairs: bool, max_laid: int) -> int:
    """The most pairs ``rack`` can lay down, laying at most ``max_laid`` tiles;
    exact, without the solver [R-PAIR, R-OPEN-PAIRS, R-KEEP-DISCARD].

    Proof. A pair is two real tiles of one face, or (with ``joker_pairs``) one
    real tile and one wild tile; two wild tiles are no pair [R-PAIR]. Take a
    face held ``c`` times (fake okeys count as their face) with ``j <= c`` wild
    tiles paired with it: it makes ``j + (c - j) // 2`` pairs. So with no wild
    tile it makes ``c // 2``; a wild tile adds one pair on a face held an odd
    number of times (it pairs the odd tile) and two wild tiles add one on a
    face with a real pair (``R7 J`` + ``R7 J`` instead of ``R7 R7``); one wild
    tile on such a face adds nothing. With ``d`` the real pairs (sum of
    ``c // 2``), ``s`` the faces held an odd number of times and ``w`` wild
    tiles, spending wild tiles on odd faces first (one pair per wild tile,
    never less than the other use) is best:
    ``P = d + min(w, s) + min(d, (w - min(w, s)) // 2)``; without joker pairs
    ``P = d``. Each pair lays 2 tiles, so at most ``max_laid // 2`` pairs, and
    dropping pairs keeps the rest legal: the answer is
    ``min(P, max_laid // 2)``. Tested against the CP-SAT model on hundreds of
    racks (``tests/test_simulate.py``).
    """
    counts = rack.face_tally.values()
    d = sum(c // 2 for c in counts)
    best = d
    if joker_pairs:
        w = rack.wilds
        s = sum(c % 2 for c in counts)
        best += min(w, s) + min(d, (w - min(w, s)) // 2)
    return min(best, max(0, max_laid) // 2)


@lru_cache(maxsize=16)
def _best_melds(rack: Rack, keep: int, time_limit: float) -> tuple[int, int, bool]:
    """(value, 1 if a meld is laid else 0, proven) of the highest-value meld
    opening laying at most ``len(rack) - keep`` tiles [R-VALUE,
    R-KEEP-DISCARD]: the sweep's best value with nothing drawn
    (:func:`~rummy101_solver.engine.sweep.value_curve`), exact and never cut
    (tested against CP-SAT's ``best_openings``). Cached: variants that differ
    only in thresholds share it. ``time_limit`` is not needed."""
    from rummy101_solver.engine.sweep import sweep_rack, value_curve

    del time_limit
    best = value_curve(sweep_rack(rack.face_tally, rack.wilds, {}, len(rack) - keep), 0)[0]
    return (best, 1, True) if best > 0 else (0, 0, True)


def stranded_tiles(rack: Rack) -> int:
    """Non-wild tiles of ``rack`` that no run or set of it can hold [R-RUN, R-SET].

    A one-turn meld finish lays every tile but the discard in melds, and every
    meld is a union of candidate patterns (runs of 3–5, sets; longer runs
    split into these), so with more than one stranded tile it is impossible.
    """
    from rummy101_solver.engine.candidates import meld_patterns

    counts = rack.face_counts
    held = {f for p in meld_patterns(counts, rack.wilds) for f in p.real}
    return sum(k for f, k in counts.items() if f not in held)


def _one_turn(
    rack: Rack, rules: Rules, open_melds: bool, proven: bool, time_limit: float
) -> tuple[bool, bool]:
    """(possible, proven): whether the rack finishes this turn [R-ONE-TURN].

    Settled without the solver where an exact argument exists:

    - a pairs finish lays the ``len - 1`` tiles (an even number) as
      ``(len - 1) / 2`` pairs: it exists exactly when :func:`pairs_count` with
      ``max_laid = len - 1`` reaches ``(len - 1) / 2``, and that meets the
      pairs bar;
    - a meld finish lays all tiles but one, so with ``keep`` <= 1 its melds
      are a meld opening of this rack: none exists when the best meld opening
      is proven below the bar (unless the house lets a one-turn finish stand
      at any value [R-ONE-TURN-ANY-VALUE]); nor when the sweep finds no
      melds laying every tile but one worth the bar (which covers more than
      one :func:`stranded_tiles`)
      (:func:`~rummy101_solver.engine.sweep.one_turn_meld_value`, exact).

    The rest (racks that do finish, rare) goes to CP-SAT's
    :func:`~rummy101_solver.engine.solver.one_turn_finish`, which proves it.
    """
    if rules.someone_opened or len(rack) < 2:
        return False, True
    laid = len(rack) - 1
    if laid % 2 == 0 and laid // 2 >= rules.one_turn_bar("pairs"):
        pairs = pairs_count(rack, joker_pairs=rules.joker_pairs, max_laid=laid)
        if pairs == laid // 2:
            return True, True
    short = not open_melds and proven and rules.keep <= 1 and not rules.one_turn_any_value
    if short:
        return False, True
    from rummy101_solver.engine.sweep import one_turn_meld_value

    value = one_turn_meld_value(rack.face_counts, rack.wilds)
    if value is None or value < rules.one_turn_bar("melds"):
        return False, True  # the sweep: no melds lay all tiles but one (exact)
    from rummy101_solver.engine.solver import one_turn_finish

    finish = one_turn_finish(rack, rules, time_limit=time_limit)
    return finish.possible, finish.proven


def opening_figures(rack: Rack, rules: Rules, time_limit: float) -> dict[str, int]:
    """The opening statistics of one rack, as ``solve`` reports them
    [R-OPEN-MELDS, R-OPEN-PAIRS, R-ONE-TURN]:

    - ``meld_value``: points of the best meld opening (the highest value;
      ``--objective`` changes which opening ``solve`` shows, not whether one
      meets the bar, so it plays no part here);
    - ``open_melds`` / ``open_pairs`` / ``open_either``: 1 when the melds, the
      pairs, either meet their bar;
    - ``pairs``: the most pairs (:func:`pairs_count`, no solver);
    - ``one_turn``: 1 when the rack can finish this turn (0 once someone opened);
    - ``unproven``: 1 when the time limit cut a solve short.

    No solver for most racks: the best meld value and the one-turn refusals
    come from the sweep (exact), the pairs from arithmetic; CP-SAT proves the
    one-turn finishes that exist.
    """
    value, count, proven = _best_melds(rack, rules.keep, time_limit)
    open_melds = count > 0 and value >= rules.meld_bar
    pairs = pairs_count(rack, joker_pairs=rules.joker_pairs, max_laid=len(rack) - rules.keep)
    open_pairs = pairs > 0 and pairs >= rules.pairs_bar
    one_turn, turn_proven = _one_turn(rack, rules, open_melds, proven, time_limit)
    return {
        "meld_value": value,
        "open_melds": int(open_melds),
        "pairs": pairs,
        "open_pairs": int(open_pairs),
        "open_either": int(open_melds or open_pairs),
        "one_turn": int(one_turn),
        "unproven": int(not (proven and turn_proven)),
    }


DEFAULT_STATISTICS: tuple[RackStatistic, ...] = (opening_figures,)
"""What ``rummy101 simulate`` computes per rack (:func:`distance_figures` joins
these with ``--distance``)."""


def distance_figures(rack: Rack, rules: Rules, time_limit: float) -> dict[str, int]:
    """The distance statistics of one rack: tiles from a meld and from a pairs
    opening, as ``rummy101 outs`` gives them (equal to
    :func:`~rummy101_solver.engine.outs.rack_distance`, tested), the unseen tiles
    being the 106-tile set minus the rack and the indicator [R-OPEN-MELDS,
    R-OPEN-PAIRS, R-KEEP-DISCARD]:

    - ``distance_melds`` / ``distance_pairs``: the tiles missing, or
      :data:`OUT_OF_REACH` when no opening of that kind can be reached (or
      none was found within the time limit);
    - ``distance_unproven``: 1 when the time limit cut the meld search (the
      distance is then an upper bound, or out of reach unproven).

    Both exact and never cut by a time limit (``distance_unproven`` stays 0,
    kept for the JSON's shape): the pairs distance is
    :func:`~rummy101_solver.engine.pairs_distance.pairs_distance` and the meld distance
    :func:`~rummy101_solver.engine.sweep.meld_distance` (dynamic programmes, no
    solver). ``time_limit`` (seconds) only keys the cache of the best meld
    value that :func:`opening_figures` computed for the same rack: that value
    settles distance 0 and picks where the sweep starts (:func:`start_guess`).
    """
    from rummy101_solver.engine.outs import laid_bound, unseen_counts
    from rummy101_solver.engine.pairs_distance import pairs_distance
    from rummy101_solver.engine.sweep import meld_distance, sweep_rack

    unseen = unseen_counts(rack, rules)
    bound = laid_bound(len(rack))
    pairs = pairs_distance(rack.face_tally, rack.wilds, unseen, rules, max_laid=bound)
    out = {"distance_pairs": OUT_OF_REACH if pairs is None else pairs}
    bar = max(1, rules.meld_bar)
    # the best meld value with nothing drawn (cached: opening_figures asked it)
    best = _best_melds(rack, rules.keep, time_limit)[0]
    melds: int | None
    if best >= bar and len(rack) - rules.keep <= bound:
        melds = 0  # that opening lays at most the bound: nothing to draw
    else:
        melds, _ = meld_distance(
            sweep_rack(rack.face_tally, rack.wilds, unseen, bound),
            bar,
            start=start_guess(bar - max(0, best)),
        )
    return {
        "distance_melds": OUT_OF_REACH if melds is None else melds,
        **out,
        "distance_unproven": 0,
    }


START_GAPS = (35, 80, 105)
"""Points short of the bar (with nothing drawn) above which :func:`start_guess`
starts the meld distance's sweep one drawn tile higher."""


def start_guess(short: int) -> int:
    """Where the meld distance's sweep starts its placed-tile limit for a rack
    ``short`` points below the bar with nothing drawn: 1, plus one per gap of
    :data:`START_GAPS` exceeded (``short`` <= 0: 0).

    Speed alone: :func:`~rummy101_solver.engine.sweep.meld_distance` is exact
    from any start (a sweep with limit L gives every distance up to L; a start
    below the distance goes on one tile at a time). A start at the distance
    skips the sweeps with smaller limits, which cost about a third of the
    whole; a start above it costs one sweep about 2.3 times dearer. The gaps
    were fitted on 1,500 seeded 21-tile deals (classic bar 101): the meld part
    of ``simulate --distance`` fell from 1.52 to 1.20 ms a rack."""
    if short <= 0:
        return 0
    return 1 + sum(short > gap for gap in START_GAPS)


DISTANCE_STATISTICS: tuple[RackStatistic, ...] = (*DEFAULT_STATISTICS, distance_figures)
"""What ``rummy101 simulate --distance`` computes per rack."""


# --- chunks of deals -----------------------------------------------------------------

Tally = dict[str, dict[int, int]]
"""Statistic name → value → racks."""


@dataclass(frozen=True)
class Chunk:
    """One unit of work: deals shuffled with seeds ``seed`` … ``seed + deals - 1``."""

    seed: int
    deals: int
    rack_size: int
    variants: tuple[Variant, ...]
    statistics: tuple[RackStatistic, ...] = DEFAULT_STATISTICS


def run_chunk(chunk: Chunk) -> list[Tally]:
    """The histograms of one chunk, one :data:`Tally` per variant, in order."""
    tallies: list[dict[str, Counter[int]]] = [{} for _ in chunk.variants]
    for seed in range(chunk.seed, chunk.seed + chunk.deals):
        dealt: dict[tuple[bool, str | None], tuple[Rack, Face | None]] = {}
        for variant, tally in zip(chunk.variants, tallies, strict=True):
            key = variant.deal_key
            if key not in dealt:
                dealt[key] = variant.deal(seed, chunk.rack_size)
            rack, indicator = dealt[key]
            rules = variant.rules
            if variant.random_indicator:
                rules = replace(rules, indicator=indicator)
            for statistic in chunk.statistics:
                for name, value in statistic(rack, rules, variant.time_limit).items():
                    tally.setdefault(name, Counter())[value] += 1
    return [{name: dict(sorted(c.items())) for name, c in t.items()} for t in tallies]


def _merge(into: Tally, part: Tally) -> None:
    for name, histogram in part.items():
        target = into.setdefault(name, {})
        for value, racks in histogram.items():
            target[value] = target.get(value, 0) + racks


# --- results ---------------------------------------------------------------------------


def percentile(histogram: Mapping[int, int], p: float) -> int:
    """The ``p``-th percentile (nearest rank) of the values a histogram counts:
    the smallest value with at least ``ceil(p/100 · n)`` of the ``n`` values at
    or below it. Raises ``ValueError`` for an empty histogram."""
    total = sum(histogram.values())
    if total == 0:
        raise ValueError("percentile of an empty histogram")
    rank = max(1, math.ceil(p / 100 * total))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    raise AssertionError("unreachable: rank <= total")


@dataclass(frozen=True)
class VariantFigures:
    """The histograms of one variant over every deal (see :data:`Tally`)."""

    variant: Variant
    tally: Mapping[str, Mapping[int, int]]

    def histogram(self, name: str) -> dict[int, int]:
        """Racks per value of statistic ``name`` (empty when not computed)."""
        return dict(self.tally.get(name, {}))

    def count(self, name: str) -> int:
        """Racks where the 0/1 statistic ``name`` is 1."""
        return self.histogram(name).get(1, 0)

    @property
    def one_turn_applies(self) -> bool:
        """False once someone has opened (``--after``): no one-turn finish [R-ONE-TURN]."""
        return not self.variant.rules.someone_opened


@dataclass(frozen=True)
class Simulation:
    """A finished simulation: ``deals`` racks of ``rack_size`` tiles, shuffled
    with seeds ``seed`` … ``seed + deals - 1``, one :class:`VariantFigures` each."""

    deals: int
    seed: int
    rack_size: int
    variants: tuple[VariantFigures, ...]


def chunks_of(
    deals: int,
    seed: int,
    rack_size: int,
    variants: Sequence[Variant],
    statistics: Sequence[RackStatistic] = DEFAULT_STATISTICS,
    chunk_size: int = CHUNK_DEALS,
) -> list[Chunk]:
    """The chunks of a simulation, in order (``chunk_size`` deals each, the last fewer)."""
    return [
        Chunk(
            seed + start,
            min(chunk_size, deals - start),
            rack_size,
            tuple(variants),
            tuple(statistics),
        )
        for start in range(0, deals, chunk_size)
    ]


IN_FLIGHT = 16
"""Chunks handed to an executor at a time (``Executor.map`` would queue them all at
once, and a pool shutting down waits for its queue): a stop cancels at most these."""


def _in_order(executor: Executor, chunks: Sequence[Chunk]) -> Iterator[list[Tally]]:
    """The tallies of ``chunks`` run on ``executor``, in order, with at most
    :data:`IN_FLIGHT` submitted and not yet taken; when the caller stops (an
    exception, Ctrl-C, the generator closed) the ones not started are cancelled."""
    pending: deque[Future[list[Tally]]] = deque()
    queue = iter(chunks)
    try:
        while True:
            while len(pending) < IN_FLIGHT and (chunk := next(queue, None)) is not None:
                pending.append(executor.submit(run_chunk, chunk))
            if not pending:
                return
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def simulate(
    deals: int,
    seed: int,
    rack_size: int,
    variants: Sequence[Variant],
    *,
    statistics: Sequence[RackStatistic] = DEFAULT_STATISTICS,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Deal ``deals`` racks of ``rack_size`` tiles (seeds ``seed`` …) and tally
    ``statistics`` for every variant.

    ``executor``: ``None`` runs the chunks in this process; any
    :class:`concurrent.futures.Executor` (a ``ProcessPoolExecutor``, or a Dask
    cluster's ``client.get_executor()``) runs them there; results are merged
    in chunk order, so they are the same either way. ``progress`` is called
    with the deals of each chunk as it is merged. ``chunk_size`` (deals)
    defaults to :data:`CHUNK_DEALS`, or :data:`DISTANCE_CHUNK_DEALS` when the
    distance is tallied; it never changes the figures.
    """
    if chunk_size is None:
        slow = distance_figures in statistics
        chunk_size = DISTANCE_CHUNK_DEALS if slow else CHUNK_DEALS
    chunks = chunks_of(deals, seed, rack_size, variants, statistics, chunk_size)
    results: Iterable[list[Tally]]
    results = map(run_chunk, chunks) if executor is None else _in_order(executor, chunks)
    tallies: list[Tally] = [{} for _ in variants]
    for chunk, parts in zip(chunks, results, strict=True):
        for tally, part in zip(tallies, parts, strict=True):
            _merge(tally, part)
        if progress is not None:
            progress(chunk.deals)
    figures = tuple(
        VariantFigures(v, {name: dict(sorted(h.items())) for name, h in sorted(t.items())})
        for v, t in zip(variants, tallies, strict=True)
    )
    return Simulation(deals, seed, rack_size, figures)


# --- JSON and text -----------------------------------------------------------------------


def _share_json(successes: int, trials: int) -> dict[str, Any]:
    low, high = wilson_interval(successes, trials)
    share = successes / trials if trials else 0.0
    interval = [round(low, 4), round(high, 4)]
    return {"count": successes, "share": round(share, 4), "interval": interval}


def _percentiles(histogram: Mapping[int, int]) -> dict[str, int] | None:
    if not histogram:
        return None
    return {str(p): percentile(histogram, p) for p in PERCENTILES}


def _distances(histogram: Mapping[int, int]) -> list[int]:
    """Distances in order, out of reach (:data:`OUT_OF_REACH`) last."""
    return sorted(histogram, key=lambda d: (d == OUT_OF_REACH, d))


def _distance_json(figures: VariantFigures, deals: int) -> dict[str, Any] | None:
    if not any(key in figures.tally for key in DISTANCE_KEYS):
        return None
    out: dict[str, Any] = {}
    for key in DISTANCE_KEYS:
        histogram = figures.histogram(key)
        out[key.removeprefix("distance_")] = [
            {"distance": None if d == OUT_OF_REACH else d, **_share_json(histogram[d], deals)}
            for d in _distances(histogram)
        ]
    out["unproven"] = figures.count("distance_unproven")
    return out


def _rules_json(variant: Variant) -> dict[str, Any]:
    out = variant.rules.to_json()
    if variant.random_indicator:
        out.update(indicator="random", jokers="indicator")
    return out


def variant_json(figures: VariantFigures, deals: int) -> dict[str, Any]:
    """One variant's figures as a JSON-ready dict (see :func:`simulation_json`)."""
    values = figures.histogram("meld_value")
    pairs = figures.histogram("pairs")
    turn = _share_json(figures.count("one_turn"), deals) if figures.one_turn_applies else None
    return {
        "name": figures.variant.name,
        "options": figures.variant.options,
        "rules": _rules_json(figures.variant),
        "open_melds": _share_json(figures.count("open_melds"), deals),
        "open_pairs": _share_json(figures.count("open_pairs"), deals),
        "open_either": _share_json(figures.count("open_either"), deals),
        "one_turn_finish": turn,
        "value_percentiles": _percentiles(values),
        "value_histogram": {str(v): n for v, n in values.items()},
        "pairs_percentiles": _percentiles(pairs),
        "pairs_histogram": {str(v): n for v, n in pairs.items()},
        "distance": _distance_json(figures, deals),
        "unproven": figures.count("unproven"),
    }


def simulation_json(sim: Simulation) -> dict[str, Any]:
    """The simulation as a JSON-ready dict:
    ``{"deals", "seed", "rack_size", "interval", "variants": [{"name", "options",
    "rules", "open_melds": {"count", "share", "interval": [low, high]},
    "open_pairs", "open_either", "one_turn_finish" (null once someone opened),
    "value_percentiles": {"10", "50", "90", "99"}, "value_histogram": {points:
    racks}, "pairs_percentiles", "pairs_histogram": {pairs: racks}, "distance"
    ({"melds": [{"distance" (null: out of reach), "count", "share", "interval"}],
    "pairs": […], "unproven"}, or null without the distance statistic),
    "unproven"}]}``. Shares are of all deals, rounded
    to 4 decimals."""
    return {
        "deals": sim.deals,
        "seed": sim.seed,
        "rack_size": sim.rack_size,
        "interval": "95% Wilson score",
        "variants": [variant_json(f, sim.deals) for f in sim.variants],
    }


def _percent(successes: int, trials: int) -> str:
    """``share % (low–high)``: one decimal, two when the interval ends below 1 %."""
    low, high = wilson_interval(successes, trials)
    share = successes / trials if trials else 0.0
    digits = 2 if high < 0.01 else 1
    return f"{100 * share:.{digits}f} % ({100 * low:.{digits}f}–{100 * high:.{digits}f})"


def _bars(rules: Rules) -> str:
    pairs = rules.pairs_bar
    return f"{rules.meld_bar} points / {pairs} pair{'s' * (pairs != 1)}"


def _spread(histogram: Mapping[int, int]) -> str:
    found = _percentiles(histogram)
    return " / ".join(str(v) for v in found.values()) if found else "–"


def _bin_label(low: int) -> str:
    if low == 0:
        return "0"
    return f"{low}–{low // VALUE_BIN * VALUE_BIN + VALUE_BIN - 1}"


def _value_bins(histogram: Mapping[int, int]) -> dict[int, int]:
    """Racks per text-histogram row: 0 points alone, then 1–19, 20–39, …"""
    bins: dict[int, int] = {}
    for value, racks in histogram.items():
        low = 0 if value == 0 else max(1, value // VALUE_BIN * VALUE_BIN)
        bins[low] = bins.get(low, 0) + racks
    return bins


def simulation_text(sim: Simulation, fmt: str = "simple") -> str:
    """The simulation as text: a header, the figures (variants as columns),
    then the histograms of the best meld value and of the pairs count, each a
    tabulate table in format ``fmt``."""
    from rummy101_solver.tables import tabulate

    deals, figures = sim.deals, sim.variants
    last = sim.seed + deals - 1
    lines = [
        f"{deals} dealt racks of {sim.rack_size} tiles (seeds {sim.seed}–{last}); shares with"
        " 95 % Wilson intervals; percentiles 10 / 50 / 90 / 99.",
        "",
    ]
    headers = ["", *(f.variant.name for f in figures)]
    rows: list[list[str]] = [
        ["options", *(f.variant.options or "(none)" for f in figures)],
        ["bars", *(_bars(f.variant.rules) for f in figures)],
        ["opens with melds", *(_percent(f.count("open_melds"), deals) for f in figures)],
        ["opens with pairs", *(_percent(f.count("open_pairs"), deals) for f in figures)],
        ["opens either way", *(_percent(f.count("open_either"), deals) for f in figures)],
        [
            "one-turn finish",
            *(
                _percent(f.count("one_turn"), deals) if f.one_turn_applies else "n/a"
                for f in figures
            ),
        ],
        ["best meld value", *(_spread(f.histogram("meld_value")) for f in figures)],
        ["pairs", *(_spread(f.histogram("pairs")) for f in figures)],
    ]
    for key in DISTANCE_KEYS:
        kind = key.removeprefix("distance_")
        distances = _distances({d: 1 for f in figures for d in f.histogram(key)})
        for d in distances:
            shares = [_percent(f.histogram(key).get(d, 0), deals) for f in figures]
            label = "out of reach" if d == OUT_OF_REACH else f"distance {d}"
            rows.append([f"{kind}: {label}", *shares])
    lines.append(tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True))
    unproven = [f"{f.variant.name}: {f.count('unproven')}" for f in figures if f.count("unproven")]
    if unproven:
        lines.append("Racks not proven within the time limit: " + ", ".join(unproven))
    cut = [
        f"{f.variant.name}: {f.count('distance_unproven')}"
        for f in figures
        if f.count("distance_unproven")
    ]
    if cut:
        lines.append("Distances the time limit cut short: " + ", ".join(cut))
    bins = [_value_bins(f.histogram("meld_value")) for f in figures]
    top = max((max(b) for b in bins if b), default=0)
    lows = [0, 1, *range(VALUE_BIN, top + 1, VALUE_BIN)] if top else [0]
    value_rows = [
        [_bin_label(low), *(f"{100 * b.get(low, 0) / deals:.1f} %" for b in bins)] for low in lows
    ]
    lines += ["", "Best meld value (points), share of racks:"]
    lines.append(tabulate(value_rows, headers=headers, tablefmt=fmt, disable_numparse=True))
    counts = range(max((n for f in figures for n in f.histogram("pairs")), default=0) + 1)
    pair_rows = [
        [str(n), *(f"{100 * f.histogram('pairs').get(n, 0) / deals:.1f} %" for f in figures)]
        for n in counts
    ]
    lines += ["", "Pairs, share of racks:"]
    lines.append(tabulate(pair_rows, headers=headers, tablefmt=fmt, disable_numparse=True))
    return "\n".join(lines)
