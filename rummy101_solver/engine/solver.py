"""Best openings of a rack: melds, pairs, alternatives and the verdict.

The flow: :class:`~rummy101_solver.game.tiles.Rack` → candidate patterns →
CP-SAT packing (:mod:`rummy101_solver.engine.model`) → :class:`Opening` values.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, replace
from typing import Literal

from rummy101_solver.engine.candidates import MeldKind, Pattern, meld_patterns, pair_patterns
from rummy101_solver.engine.model import Packing, PackingProblem, ProvenBy, solve_packings
from rummy101_solver.engine.pairs import exact_pairs_packing
from rummy101_solver.engine.small import small_packing
from rummy101_solver.game.rules import (
    ONE_TURN_JOKER_LOSS,
    ONE_TURN_JOKER_WIN,
    ONE_TURN_LOSS,
    ONE_TURN_WIN,
    Objective,
    OpeningKind,
    Rules,
    residual_penalty,
)
from rummy101_solver.game.tiles import WILD, Face, Rack, Tile

OpeningStatus = Literal["optimal", "feasible", "none"]

DEFAULT_TIME_LIMIT = 10.0
"""Seconds the solver may spend on one rack, all openings and alternatives together."""


@dataclass(frozen=True)
class Meld:
    """One meld or pair as laid: the rack tiles (wild as ``J``) and what each plays as.

    ``value`` is the points of the meld [R-VALUE]; for a pair it is its points too
    (pairs openings count pairs, not points).
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    stands_for: tuple[Face, ...]

    @property
    def value(self) -> int:
        """Points: the numbers of what every tile plays as [R-VALUE]."""
        return sum(f.number for f in self.stands_for)


@dataclass(frozen=True)
class Opening:
    """One opening: melds (runs and sets) or pairs, never both [R-NO-MIX].

    - ``value``: points of the melds laid [R-VALUE];
    - ``count``: melds (or pairs) laid;
    - ``left``: tiles left on the rack, canonical order;
    - ``residual_penalty``: points the tiles left would cost [R-RESIDUAL];
    - ``status``: ``"optimal"`` (proven best), ``"feasible"`` (found, not proven:
      the time limit ran out) or ``"none"`` (no opening found);
    - ``meets_threshold``: the opening reaches its bar [R-OPEN-MELDS, R-OPEN-PAIRS];
    - ``proven_none``: with status ``"none"``, True when no opening exists
      (False: the time limit ran out before one was found);
    - ``taken``: (meld index, place) of the taken discard, or ``None``
      [R-TAKE-DISCARD];
    - ``ranked_by``: the objective that ranked it: the one asked for, or
      ``"value"`` when ``"penalty"`` was asked for and no opening of this kind
      meets the bar (the fallback) [R-RESIDUAL];
    - ``proven_by``: the exact method that proved it best (or, with status
      ``"none"``, that none exists): ``"CP-SAT"``, ``"sweep"``, ``"small-rack
      search"`` or ``"pairs count"``; ``None`` when it is not proven;
    - ``twin``: (pair index, place) of the indicator's twin laid on the indicator,
      the wild tile completing that pair, or ``None`` [R-INDICATOR-TWIN]; its tile
      is the indicator's face and it is not a rack tile.
    """

    kind: OpeningKind
    melds: tuple[Meld, ...]
    left: tuple[Tile, ...]
    residual_penalty: int
    status: OpeningStatus
    meets_threshold: bool
    proven_none: bool = True
    taken: tuple[int, int] | None = None
    ranked_by: Objective = "value"
    proven_by: ProvenBy | None = None
    twin: tuple[int, int] | None = None

    @property
    def value(self) -> int:
        """Points of everything laid down."""
        return sum(m.value for m in self.melds)

    @property
    def count(self) -> int:
        """Melds or pairs laid down."""
        return len(self.melds)

    @property
    def score(self) -> int:
        """What the threshold is measured in: points (melds) or pairs (pairs)."""
        return self.value if self.kind == "melds" else self.count


@dataclass(frozen=True)
class OneTurnFinish:
    """Can the rack lay down every tile but the discard this turn? [R-ONE-TURN]

    - ``applies``: False when someone has opened already (rising mode given):
      then finishing now is an ordinary finish, not a one-turn finish;
    - ``possible``: an arrangement exists (melds meeting the bar, or pairs);
    - ``joker_finish``: it can keep a joker as the discard [R-JOKER-FINISH];
    - ``opening``: the arrangement (the joker-finish one when there is one),
      its ``left`` being the discard; ``None`` when not possible;
    - ``winner_points`` / ``opponent_points``: +202 / -404, or +404 / -808
      with a joker discard, 0 / 0 when not possible [R-SCORE, R-ONE-TURN];
    - ``proven``: False when the time limit ran out before an answer was proven.
    """

    applies: bool
    possible: bool
    joker_finish: bool
    opening: Opening | None
    winner_points: int
    opponent_points: int
    proven: bool = True

    @property
    def discard(self) -> Tile | None:
        """The tile discarded to finish, or ``None``."""
        return self.opening.left[0] if self.opening and self.opening.left else None


@dataclass(frozen=True)
class Analysis:
    """Everything ``rummy101 solve`` reports for one rack.

    ``recommended`` is the opening kind to play: one that meets its bar, the
    lower residual penalty winning, melds on a tie (a meld opener may still lay
    pairs later, a pairs opener no new melds [R-PAIRS-AFTER]); ``None`` when
    neither meets its bar.

    ``alternatives`` is how many next-best openings of each kind were asked
    for; ``meld_alternatives_complete`` / ``pair_alternatives_complete`` are
    False when the time limit ran out before that many were found or proven
    not to exist (so fewer listed does not mean no more exist).
    """

    rack: Rack
    rules: Rules
    melds: Opening
    meld_alternatives: tuple[Opening, ...]
    pairs: Opening
    pair_alternatives: tuple[Opening, ...]
    one_turn: OneTurnFinish
    alternatives: int = 0
    meld_alternatives_complete: bool = True
    pair_alternatives_complete: bool = True

    @property
    def fallback(self) -> tuple[OpeningKind, ...]:
        """The kinds whose ``--objective penalty`` fell back to value: none of
        their openings meets the bar [R-RESIDUAL]."""
        if self.rules.objective != "penalty":
            return ()
        return tuple(o.kind for o in (self.melds, self.pairs) if o.ranked_by == "value")

    @property
    def can_open(self) -> bool:
        """True when the meld or the pairs opening meets its bar."""
        return self.melds.meets_threshold or self.pairs.meets_threshold

    @property
    def recommended(self) -> OpeningKind | None:
        """``"melds"``, ``"pairs"`` or ``None`` (see the class docstring)."""
        ok = [o for o in (self.melds, self.pairs) if o.meets_threshold]
        if not ok:
            return None
        return min(ok, key=lambda o: (o.residual_penalty, o.kind != "melds")).kind


def merge_runs(patterns: list[Pattern]) -> list[tuple[MeldKind, list[tuple[Face, bool]]]]:
    """The melds of a packing as laid: ``patterns`` (one entry per copy laid)
    → ``[(kind, [(face, wild), …]), …]``, one entry per meld, each place the
    face it plays as and whether a wild tile fills it [R-RUN, R-SET, R-PAIR].

    Runs of one colour that touch are joined into one run (R1-R3 + R4-R6 →
    R1-R6), smallest start first; sets and pairs follow as given. Used by
    ``solve`` (openings) and ``play`` (the new melds of a turn).
    """
    runs = sorted(
        (p for p in patterns if p.kind == "run"),
        key=lambda p: (p.stands_for[0].index, len(p)),
    )
    chains: list[list[tuple[Face, bool]]] = []
    for p in runs:
        places = list(zip(p.stands_for, p.wild, strict=True))
        for chain in chains:
            last = chain[-1][0]
            if last.colour == p.stands_for[0].colour and last.number + 1 == p.stands_for[0].number:
                chain.extend(places)
                break
        else:
            chains.append(places)
    out: list[tuple[MeldKind, list[tuple[Face, bool]]]] = [("run", c) for c in chains]
    out += [
        (p.kind, list(zip(p.stands_for, p.wild, strict=True))) for p in patterns if p.kind != "run"
    ]
    return out


def meld_sort_key(meld: Meld) -> tuple[int, list[tuple[int, int]], list[bool]]:
    """Sort key of the canonical meld order: runs (by colour, then first
    number), then sets (by number), then pairs (by colour, number); wild
    places break the last ties. ``sorted(melds, key=meld_sort_key)`` is how
    ``solve`` and ``play`` list melds, so the same melds print the same way."""
    kinds = {"run": 0, "set": 1, "pair": 2}
    if meld.kind == "set":
        faces = [(f.number, f.colour.rank) for f in meld.stands_for]
    else:
        faces = [(f.colour.rank, f.number) for f in meld.stands_for]
    return (kinds[meld.kind], faces, [t.is_wild for t in meld.tiles])


def opening_from_packing(
    rack: Rack, rules: Rules, kind: OpeningKind, packing: Packing, ranked_by: Objective = "value"
) -> Opening:
    """The :class:`Opening` a :class:`~rummy101_solver.engine.model.Packing` of ``rack`` lays.

    ``packing.uses``: candidate patterns (runs and sets of 3–5, or pairs)
    with their copies, all made of the rack's tiles; neighbouring runs of one
    colour are merged into longer ones (:func:`merge_runs`) and a wild tile
    stands where a pattern has one [R-RUN, R-SET, R-PAIR, R-WILD]. Gives the
    melds in canonical order, the tiles left (canonical order), their
    residual penalty [R-RESIDUAL], the value, whether it meets the bar of
    ``rules`` for ``kind`` [R-OPEN-MELDS, R-OPEN-PAIRS], where the taken
    discard sits [R-TAKE-DISCARD], and the status (``"none"`` for a packing
    without a solution; ``proven_none`` when it was proven infeasible), and
    the method that proved it (``packing.method``; ``None`` when not proven).
    ``ranked_by`` records the objective that ranked it.

    It does not check the bar's other conditions (tiles kept for the
    discard, a taken tile used): the packing's model did. Raises
    ``AssertionError`` when the packing uses tiles the rack lacks.
    """
    tile_of = {t.face: t for t in rack.tiles if t.face is not None}
    patterns = [p for p, k in packing.uses for _ in range(k)]
    melds = []
    laid: Counter[Tile] = Counter()
    for meld_kind, places in merge_runs(patterns):
        tiles = tuple(WILD if wild else tile_of[face] for face, wild in places)
        laid.update(tiles)
        melds.append(Meld(meld_kind, tiles, tuple(face for face, _ in places)))
    # the rack's tiles are in canonical order, so what is not laid is too
    kept = []
    for t in rack.tiles:
        if laid[t]:
            laid[t] -= 1
        else:
            kept.append(t)
    assert not +laid, "packing uses tiles the rack lacks"
    left = tuple(kept)
    found = packing.status in ("optimal", "feasible")
    ordered = tuple(sorted(melds, key=meld_sort_key))
    value = sum(m.value for m in ordered)
    score = value if kind == "melds" else len(ordered)
    taken = None
    if rules.take is not None:
        taken = next(
            (
                (i, j)
                for i, meld in enumerate(ordered)
                for j, tile in enumerate(meld.tiles)
                if tile == rules.take
            ),
            None,
        )
    return Opening(
        kind=kind,
        melds=ordered,
        left=left,
        residual_penalty=residual_penalty(left, kind),
        status=packing.status if found else "none",  # type: ignore[arg-type]
        meets_threshold=found and len(ordered) > 0 and score >= rules.bar(kind),
        proven_none=packing.status == "infeasible",
        taken=taken,
        ranked_by=ranked_by,
        proven_by=packing.method if packing.status in ("optimal", "infeasible") else None,
    )


def _patterns(rack: Rack, rules: Rules, kind: OpeningKind) -> tuple[Pattern, ...]:
    counts = rack.face_counts
    if kind == "melds":
        return meld_patterns(counts, rack.wilds)
    return tuple(pair_patterns(counts, rack.wilds, joker_pairs=rules.joker_pairs))


def _problem(
    rack: Rack, rules: Rules, kind: OpeningKind, patterns: tuple[Pattern, ...] | None = None
) -> PackingProblem:
    counts = rack.face_counts
    if patterns is None:
        patterns = _patterns(rack, rules, kind)
    must_use: Face | Literal["wild"] | None = None
    if rules.take is not None:
        must_use = "wild" if rules.take.face is None else rules.take.face
    return PackingProblem(
        patterns=patterns,
        counts=counts,
        wilds=rack.wilds,
        max_laid=max(0, len(rack) - rules.keep),
        pairs=kind == "pairs",
        must_use=must_use,
        min_score=rules.bar(kind) if rules.objective == "penalty" else None,
        objective=rules.objective,
    )


def best_openings(
    rack: Rack,
    rules: Rules,
    kind: OpeningKind,
    *,
    alternatives: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> list[Opening]:
    """The best opening of one kind, then up to ``alternatives`` next-best ones.

    Melds: highest value, then lowest residual penalty, then most tiles laid
    [R-RUN, R-SET, R-WILD, R-VALUE, R-OPEN-MELDS, R-KEEP-DISCARD]. Pairs: most
    pairs, then the same tie-breaks [R-PAIR, R-OPEN-PAIRS]. An alternative
    lays at least one tile beyond the tiles of every opening returned before it
    (so it is never a part of one of them, and leaves different tiles on the
    rack). ``time_limit`` in seconds. With objective ``"penalty"`` and no
    opening that meets the bar, the openings are ranked by value instead
    (their ``ranked_by`` says so) [R-RESIDUAL].
    """
    if kind == "pairs" and rules.twin_laid and rules.indicator is not None:
        return [twin_pairs_opening(rack, rules, time_limit=time_limit)]
    problem = _problem(rack, rules, kind)
    ranked_by = rules.objective
    packings = _packings(problem, alternatives, time_limit)
    if rules.objective == "penalty" and packings[0].status == "infeasible":
        # nothing meets the bar: show the best by value instead
        ranked_by = "value"
        fallback = replace(problem, min_score=None, objective="value")
        packings = _packings(fallback, alternatives, time_limit)
    return [opening_from_packing(rack, rules, kind, p, ranked_by) for p in packings]


def _rank(opening: Opening, objective: Objective) -> tuple[int, ...]:
    # the model's lexicographic tiers (engine.model), higher is better: pairs, then
    # the penalty left, then rack tiles laid, then the canonical places laid
    laid = [t for m in opening.melds for t in m.tiles if t.face is not None]
    tiles = sum(len(m.tiles) for m in opening.melds) - (opening.twin is not None)
    places = sum(t.face.index + 1 for t in laid if t.face is not None)
    if opening.twin is not None:  # the twin is no rack tile: take its place off
        twin_tile = opening.melds[opening.twin[0]].tiles[opening.twin[1]]
        places -= twin_tile.face.index + 1 if twin_tile.face is not None else 0
    if objective == "penalty":
        return (-opening.residual_penalty, opening.count, tiles, places)
    return (opening.count, -opening.residual_penalty, tiles, places)


def twin_pairs_opening(
    rack: Rack, rules: Rules, *, time_limit: float = DEFAULT_TIME_LIMIT
) -> Opening:
    """The best pairs opening when the indicator's twin is laid [R-INDICATOR-TWIN]:
    the twin serves as one wild tile that completes one pair; it is not on the rack,
    so it costs nothing when unused and counts in no run or set.

    Exact by cases: the best opening without the twin, and for each tile of the rack
    (each face once, wild tiles excepted) the best opening of the rest of the rack with
    one pair fewer to meet, plus that tile and the twin as a pair; the best of them by
    the model's tiers (:mod:`rummy101_solver.engine.model`). A taken discard paired
    with the twin counts as laid [R-TAKE-DISCARD]. ``time_limit`` in seconds for all
    the solves together. The status is ``"optimal"`` only when every case was proven.
    """
    assert rules.indicator is not None
    deadline = time.monotonic() + time_limit
    plain = replace(rules, twin_laid=False)
    results = [best_openings(rack, plain, "pairs", time_limit=time_limit)[0]]
    proven = results[0].status == "optimal" or results[0].proven_none
    twin_tile = Tile(rules.indicator)
    seen: set[Tile] = set()
    for i, tile in enumerate(rack.tiles):
        if tile.is_wild or tile in seen:
            continue
        seen.add(tile)
        rest = Rack(rack.tiles[:i] + rack.tiles[i + 1 :])
        bar = rules.pairs_bar - 1
        sub_rules = replace(
            plain,
            pairs_threshold=max(0, bar),
            after_pairs=None,
            take=None if rules.take == tile else rules.take,
        )
        left_time = max(deadline - time.monotonic(), 0.001)
        sub = best_openings(rest, sub_rules, "pairs", time_limit=left_time)[0]
        if sub.status == "none":
            proven = proven and sub.proven_none
            continue
        proven = proven and sub.status == "optimal"
        pair = Meld("pair", (tile, twin_tile), (tile.face, tile.face))  # type: ignore[arg-type]
        melds = tuple(sorted((*sub.melds, pair), key=meld_sort_key))
        where = melds.index(pair)
        taken = (where, 0) if rules.take == tile else None
        if rules.take is not None and taken is None:
            taken = next(
                (
                    (k, j)
                    for k, meld in enumerate(melds)
                    for j, t in enumerate(meld.tiles)
                    if t == rules.take and (k, j) != (where, 1)
                ),
                None,
            )
        results.append(
            Opening(
                kind="pairs",
                melds=melds,
                left=sub.left,
                residual_penalty=sub.residual_penalty,
                status=sub.status,
                meets_threshold=len(melds) >= rules.pairs_bar,
                proven_none=False,
                taken=taken,
                ranked_by=sub.ranked_by if rules.objective == "penalty" else "value",
                proven_by=sub.proven_by,
                twin=(where, 1),
            )
        )
    found = [o for o in results if o.status != "none"]
    if not found:
        return results[0]
    if rules.objective == "penalty" and any(o.meets_threshold for o in found):
        pool = [o for o in found if o.meets_threshold]
        best = max(pool, key=lambda o: _rank(o, "penalty"))  # first of equals kept
        best = replace(best, ranked_by="penalty")
    else:
        best = max(found, key=lambda o: _rank(o, "value"))
        best = replace(best, ranked_by="value")
    return best if proven else replace(best, status="feasible", proven_by=None)


def _packings(problem: PackingProblem, alternatives: int, time_limit: float) -> list[Packing]:
    """The best packing and ``alternatives`` more. Without alternatives a pairs
    problem is settled by an exact count (:mod:`rummy101_solver.engine.pairs`), a
    small problem by a bounded exact search (:mod:`rummy101_solver.engine.small`),
    when their answer is certainly CP-SAT's; anything else by CP-SAT."""
    if alternatives == 0:
        exact = exact_pairs_packing(problem) or small_packing(problem)
        if exact is not None:
            return [exact]
    return solve_packings(problem, alternatives=alternatives, time_limit=time_limit)


def _stranded(rack: Rack, patterns: tuple[Pattern, ...]) -> tuple[int, int]:
    """Tiles of the rack no pattern holds, and tiles only patterns with a wild
    tile hold (see :func:`_cannot_finish`)."""
    anywhere: set[int] = set()
    plain: set[int] = set()
    for p in patterns:
        faces = [i for i, _ in p.need_index]
        anywhere.update(faces)
        if not p.wilds:
            plain.update(faces)
    stranded = needy = 0
    for f, k in rack.face_counts.items():
        if f.index not in anywhere:
            stranded += k
        if f.index not in plain:
            needy += k
    return stranded, needy


def _cannot_finish(strands: tuple[int, int], wilds_laid: int, left: int) -> bool:
    """A quick proof that no arrangement lays all but ``left`` non-wild tiles
    with ``wilds_laid`` wild tiles: count the tiles no pattern holds, and the
    tiles only patterns with a wild tile hold (``strands``, see
    :func:`_stranded`). A pattern of at most 5 places with j wild tiles holds
    at most 5 - j others, so at most 4 per wild tile."""
    stranded, needy = strands
    return stranded > left or needy > left + 4 * wilds_laid


def one_turn_finish(
    rack: Rack, rules: Rules, *, time_limit: float = DEFAULT_TIME_LIMIT
) -> OneTurnFinish:
    """Whether the rack finishes in one turn: all tiles but one laid down as melds
    meeting the bar (or as pairs), the last one discarded [R-ONE-TURN,
    R-JOKER-FINISH, R-SCORE]; with ``rules.one_turn_any_value`` no bar applies
    [R-ONE-TURN-ANY-VALUE]. A joker discard is preferred, melds or pairs: it
    doubles the score; then melds before pairs. The taken discard, if any,
    must be laid [R-TAKE-DISCARD].
    ``time_limit`` in seconds for all the solves together.
    """
    nothing = OneTurnFinish(False, False, False, None, 0, 0)
    if rules.someone_opened:
        return nothing
    nothing = replace(nothing, applies=True)
    if len(rack) < 2:
        return nothing
    deadline = time.monotonic() + time_limit
    laid = len(rack) - 1
    proven = True
    # a joker finish of either kind scores double, so both come first [R-SCORE]
    even = laid % 2 == 0
    tries: list[tuple[OpeningKind, bool]] = [("melds", True)]
    tries += [("pairs", True)] if even else []
    tries += [("melds", False)]
    tries += [("pairs", False)] if even else []
    wilds = rack.wilds
    strands: dict[OpeningKind, tuple[tuple[Pattern, ...], tuple[int, int]]] = {}
    for kind, joker in tries:
        if joker and not wilds:
            continue
        # quick refusal, without the solver (see _cannot_finish)
        if kind not in strands:
            patterns = _patterns(rack, rules, kind)
            strands[kind] = (patterns, _stranded(rack, patterns))
        patterns, strand = strands[kind]
        if _cannot_finish(strand, wilds - 1 if joker else wilds, 0 if joker else 1):
            continue
        problem = replace(
            _problem(rack, replace(rules, keep=1, objective="value"), kind, patterns),
            min_laid=laid,
            min_score=rules.one_turn_bar(kind),
            wilds_laid=wilds - 1 if joker else None,
        )
        packing = _packings(problem, 0, max(deadline - time.monotonic(), 0.001))[0]
        if packing.status == "unknown":
            proven = False
        if packing.status in ("optimal", "feasible"):
            opening = opening_from_packing(rack, rules, kind, packing)
            return OneTurnFinish(
                applies=True,
                possible=True,
                joker_finish=joker,
                opening=opening,
                winner_points=ONE_TURN_JOKER_WIN if joker else ONE_TURN_WIN,
                opponent_points=-(ONE_TURN_JOKER_LOSS if joker else ONE_TURN_LOSS),
                proven=proven,
            )
    return replace(nothing, proven=proven)


def analyse(
    rack: Rack,
    rules: Rules | None = None,
    *,
    alternatives: int = 3,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Analysis:
    """Analyse a rack: best meld opening, best pairs opening, ``alternatives``
    next-best of each, all within ``time_limit`` seconds in total.

    Raises nothing for a valid rack; an opening the solver could not find in
    time has status ``"none"`` and does not meet its threshold.
    """
    rules = rules or Rules()
    deadline = time.monotonic() + time_limit
    melds = best_openings(rack, rules, "melds", alternatives=alternatives, time_limit=time_limit)
    # fewer alternatives than asked, in time: none more exist; an alternative
    # search the time limit cut short has used its time up to the deadline
    melds_complete = len(melds) > alternatives or time.monotonic() < deadline
    start = time.monotonic()
    remaining = max(deadline - start, 0.001)
    pairs = best_openings(rack, rules, "pairs", alternatives=alternatives, time_limit=remaining)
    pairs_complete = len(pairs) > alternatives or time.monotonic() < start + remaining
    remaining = max(deadline - time.monotonic(), 0.001)
    one_turn = one_turn_finish(rack, rules, time_limit=remaining)
    return Analysis(
        rack=rack,
        rules=rules,
        melds=melds[0],
        meld_alternatives=tuple(melds[1:]),
        pairs=pairs[0],
        pair_alternatives=tuple(pairs[1:]),
        one_turn=one_turn,
        alternatives=alternatives,
        meld_alternatives_complete=melds_complete,
        pair_alternatives_complete=pairs_complete,
    )
