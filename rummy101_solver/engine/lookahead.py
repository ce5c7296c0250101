"""The odds of opening within T own draws: exact backward induction over a one-player model.

The question [issue 29]: a rack of at most 21 tiles waiting to draw, or a
22-tile rack that has drawn, has ``T`` own draws left. What is the probability
that it can open — with melds [R-OPEN-MELDS], with pairs [R-OPEN-PAIRS], and
either way — within those draws?

**The model** (one player, as the Mahjong tools of nekobean/mahjong-cpp and
tomohxx compute it): each draw is uniform, without replacement, from the
unseen tiles (``engine/outs.py``: the 106-tile set minus the rack, the tiles
seen and the indicator); nobody else takes a tile; a discard leaves play. After
each draw the rack opens if it can (laying at most 21 tiles, one kept for the
discard [R-KEEP-DISCARD]); if not, it throws one tile and waits for the next
draw.

**The play** (the policy class, stated in the output and ``docs/outs.md``): a
drawn tile is kept only when it is an *out* — it brings the opening one tile
closer — and the tile thrown then is one that keeps the rack at the lowered
distance, chosen for the best odds; a draw that is not an out is thrown at
once. Among these plays the odds are exact and the best is taken. It is a
lower bound on every possible play: a draw that does not lower the distance
but widens the outs ("an improvement") is not kept. Tiles that lower the
distance are the only ones that change the answer of this play (proved in the
module's tests and below), which is what makes it exact and fast:

- A target (an opening with its missing tiles) of a rack reached this way is a
  target of the rack before at its distance; so every later out is an out of
  the rack at the start, and a tile that is not an out now never becomes one
  (its draw, and the tiles thrown, are *blanks*: lumped, counted only in the
  number of unseen tiles).
- While the rack waits, a draw that is not an out changes neither its distance
  nor its outs; so the chance that the first out comes at draw ``j`` is
  ``prod_{i<j-1} (U-K-i)/(U-i)`` times ``c_x/(U-j+1)`` for out ``x`` (``c_x``
  copies, ``K`` copies of all outs, ``U`` unseen tiles).

Two node kinds, memoised on the rack and the draws left: *waiting* (at most 21
tiles: the average over the draws, only outs branched) and *drawn* (an out
just drawn: opens at distance 0, else the best of the discards that keep the
lowered distance: one discard table, ``engine/outs.discard_table``, gives
their distances and outs). The meld and pairs distances and outs are the exact
programmes of ``engine/sweep.py`` and ``engine/pairs_distance.py``; no second
distance engine. Rational arithmetic (:class:`fractions.Fraction`) throughout:
never above 1 (tested).

A distance-1 rack's odds are ``1 - C(U-k, T)/C(U, T)`` (``k`` out tiles):
the first out opens. Deeper racks cost one discard table per out drawn per
level; ``max_tables`` (a count, not a time, so that the answer is the same on
every machine) bounds the meld tables of one analysis, past which a row's odds
are unknown. The pairs side is memoised on the faces' (held, unseen) counts
(the pairs programme does not tell faces apart), so it is cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Literal

from rummy101_solver.engine.outs import (
    DiscardRow,
    OpenWithin,
    OutsAnalysis,
    Unseen,
    discard_table,
    kind_of,
    laid_bound,
    rack_outs,
    tile_of,
    unseen_tiles,
)
from rummy101_solver.engine.pairs_distance import Kind, _classes, pairs_outs
from rummy101_solver.engine.sweep import discard_rows, new_sweep, sweep_rack
from rummy101_solver.game.deal import ROUND_FIRST_RACK, ROUND_RACK, TILE_SET
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import ALL_FACES, MAX_RACK, Rack, Tile

Goal = Literal["melds", "pairs", "either"]
GOALS: tuple[Goal, Goal, Goal] = ("melds", "pairs", "either")

DEFAULT_PLAYERS = 4
"""Players at the table when nothing else is said [R-RACK]."""

DEFAULT_MAX_TABLES = 100
"""Discard tables one analysis (a rack and its rows) may compute; a row that
needs more once they are spent is reported unknown."""


PAIRS_TABLES = 20_000
"""Pairs-only tables (no sweep: a few small programmes each) one analysis may compute."""


def default_turns(rules: Rules, players: int = DEFAULT_PLAYERS) -> int:
    """Own draws a player has in a round: the stock of a fresh deal divided by
    the players, rounded down [R-RACK, R-INDICATOR]. Four players: 106 tiles
    less 22 + 3 x 21 dealt is 21 (20 with an indicator face up), so 5."""
    dealt = ROUND_FIRST_RACK + ROUND_RACK * (players - 1)
    stock = len(TILE_SET) - dealt - (1 if rules.indicator is not None else 0)
    return stock // players


class TooHard(Exception):
    """A row needed more discard tables than its budget allowed."""


@dataclass(frozen=True)
class _Info:
    """A waiting rack's distance (``None``: out of reach) and outs (tile, copies) for one goal."""

    distance: int | None
    outs: tuple[tuple[Tile, int], ...]


def _goal_info(goal: Goal, melds: int | None, pairs: int | None,
               outs_melds: Sequence[tuple[Tile, int]],
               outs_pairs: Sequence[tuple[Tile, int]]) -> _Info:  # fmt: skip
    """One goal's distance and outs from both kinds': ``either`` takes the
    smaller distance and the outs of the kinds at it (a tile that lowers only
    the farther kind does not bring an opening closer)."""
    if goal == "melds":
        return _Info(melds, tuple(outs_melds))
    if goal == "pairs":
        return _Info(pairs, tuple(outs_pairs))
    near = [d for d in (melds, pairs) if d is not None]
    if not near:
        return _Info(None, ())
    best = min(near)
    union: dict[Tile, int] = {}
    if melds == best:
        union.update(outs_melds)
    if pairs == best:
        union.update(outs_pairs)
    return _Info(best, tuple(sorted(union.items(), key=lambda o: o[0].sort_key)))


def _copies(kinds: Iterable[Kind], counts: Mapping[Kind, int], rules: Rules
            ) -> list[tuple[Tile, int]]:  # fmt: skip
    """Outs as (tile, unseen copies), canonical order."""
    return sorted(((tile_of(k, rules), counts[k]) for k in kinds), key=lambda o: o[0].sort_key)


def _row_info(row: DiscardRow, goal: Goal) -> _Info:
    return _goal_info(
        goal,
        row.melds.tiles,
        row.pairs.tiles,
        [(o.tile, o.copies) for o in row.outs.melds],
        [(o.tile, o.copies) for o in row.outs.pairs],
    )


def _minus(unseen: Unseen, tile: Tile) -> Unseen:
    """``unseen`` with one copy of ``tile`` drawn."""
    out = []
    for t, k in unseen.tiles:
        if t is tile or t == tile:
            k -= 1
        if k > 0:
            out.append((t, k))
    return Unseen(tuple(out))


def _without(rack: Rack, tile: Tile) -> Rack:
    tiles = list(rack.tiles)
    tiles.remove(tile)
    return Rack(tuple(tiles))


class Lookahead:
    """The exact odds of one root (a rack, its rules and unseen tiles) for
    ``turns`` draws, every goal; tables and values memoised across its rows.

    ``max_tables``: discard tables all its roots together may compute
    (:class:`TooHard` past it): a count, not a time, so that the same rack
    gets the same answer on every machine. A root that needs no new table
    (its values memoised, or none needed) is still answered after that.
    """

    def __init__(self, rules: Rules, unseen: Unseen, turns: int, *,
                 max_tables: int = DEFAULT_MAX_TABLES) -> None:  # fmt: skip
        self.rules = rules
        self.unseen = unseen
        self.turns = turns
        self.max_tables = max_tables
        self.tables_computed = 0
        self._tables: dict[Rack, tuple[tuple[Rack, dict[Goal, _Info]], ...]] = {}
        self._pairs_tables: dict[Rack, tuple[tuple[Rack, dict[Goal, _Info]], ...]] = {}
        self._either_tables: dict[Rack, tuple[tuple[Rack, dict[Goal, _Info]], ...]] = {}
        self._waiting: dict[tuple[object, int], Fraction] = {}
        self._drawn: dict[tuple[object, int], Fraction] = {}
        self._pairs_budget = PAIRS_TABLES
        self._budget = max_tables

    def _left(self, draws: int) -> int:
        """Unseen tiles when ``draws`` draws are left: one fewer per draw made."""
        return self.unseen.total - (self.turns - draws)

    # --- the two node kinds ---------------------------------------------------------
    def waiting(self, goal: Goal, rack: Rack, info: _Info, unseen: Unseen, draws: int) -> Fraction:
        """P(open within ``draws`` draws) of a rack waiting to draw, its goal's
        distance and outs in ``info``; ``unseen``: the unseen tiles the
        distances are counted with (the blanks drawn since, dead, left in)."""
        key = (_state(goal, rack, unseen), draws)
        value = self._waiting.get(key)
        if value is not None:
            return value
        d = info.distance
        total = self._left(draws)
        k = sum(c for _, c in info.outs)
        if draws <= 0 or d is None or d > draws or total <= 0:
            value = Fraction(0)
        elif d == 0:
            value = Fraction(1)  # opens whatever it draws
        elif d == 1:  # the first out opens: 1 - C(U-k, t)/C(U, t)
            value = 1 - _none_of(total, k, draws)
        else:
            value = Fraction(0)
            miss = Fraction(1)  # P(the draws so far were all blanks)
            for j in range(1, draws - d + 2):
                left = total - j + 1  # unseen tiles before draw j
                if left <= 0 or miss == 0:
                    break
                for tile, copies in info.outs:
                    after = self.drawn(goal, rack.with_tile(tile), d - 1, unseen, tile, draws - j)
                    value += miss * Fraction(copies, left) * after
                miss = miss * Fraction(left - k, left) if left > k else Fraction(0)
        self._waiting[key] = value
        return value

    def drawn(self, goal: Goal, rack: Rack, distance: int, unseen: Unseen, tile: Tile,
              draws: int) -> Fraction:  # fmt: skip
        """P(open within ``draws`` more draws) of a rack that has just drawn
        ``tile``, an out (``unseen``: before the draw), and is ``distance``
        tiles away: 1 at 0, else the best waiting rack of the discards that
        keep the distance."""
        if distance == 0:
            return Fraction(1)
        if distance > draws:
            return Fraction(0)
        after = _minus(unseen, tile)
        key = (_state(goal, rack, after), draws)
        value = self._drawn.get(key)
        if value is not None:
            return value
        total = self._left(draws)
        children = []
        for child, infos in self._table(rack, after, goal):
            info = infos[goal]
            if info.distance != distance:
                continue  # not a discard of this play
            k = sum(c for _, c in info.outs)
            children.append((_upper(total, k, distance, draws), child, info))
        children.sort(key=lambda c: -c[0])  # stable: the table's order on ties
        best = Fraction(0)
        for upper, child, info in children:
            if upper <= best:
                break  # no child left can do better: every later out is one of its outs now
            value = self.waiting(goal, child, info, after, draws)
            if value > best:
                best = value
        self._drawn[key] = best
        return best

    def play(self, goal: Goal, rack: Rack, distance: int, unseen: Unseen, tile: Tile,
             draws: int) -> tuple[Rack, _Info] | None:  # fmt: skip
        """The play's discard after drawing ``tile`` (an out) onto ``rack``
        (``unseen``: before the draw), ``distance`` tiles away and ``draws``
        draws left: the rack kept and its distance and outs; ``None`` at
        distance 0 or when too few draws are left. For the tests' Monte Carlo."""
        if distance == 0 or distance > draws:
            return None
        best = self.drawn(goal, rack, distance, unseen, tile, draws)
        after = _minus(unseen, tile)
        for child, infos in self._table(rack, after, goal):
            info = infos[goal]
            if info.distance != distance:
                continue
            key = (_state(goal, child, after), draws)
            if key in self._waiting and self._waiting[key] == best:
                return child, info
        raise AssertionError("the best discard was not kept")

    def _table(
        self, rack: Rack, unseen: Unseen, goal: Goal
    ) -> tuple[tuple[Rack, dict[Goal, _Info]], ...]:
        """Per discard of a rack that has drawn: the rack left and each goal's
        distance and outs (memoised on the rack: the dead tiles that ``unseen``
        may count differently change no row this play uses). The rows of
        ``engine/outs.discard_table``, read straight from the meld sweep's
        :func:`~rummy101_solver.engine.sweep.discard_rows` and the pairs
        programme's :func:`~rummy101_solver.engine.pairs_distance.pairs_outs`."""
        if goal == "pairs":
            return self._pairs_table(rack, unseen)
        melds = self._meld_table(rack, unseen)
        if goal == "melds":
            return melds
        rows = self._either_tables.get(rack)
        if rows is None:
            pairs = self._pairs_table(rack, unseen)
            rows = tuple(
                (child, {"either": _goal_info("either", m["melds"].distance, p["pairs"].distance,
                                              m["melds"].outs, p["pairs"].outs)})
                for (child, m), (_, p) in zip(melds, pairs, strict=True)
            )  # fmt: skip
            self._either_tables[rack] = rows
        return rows

    def _meld_table(self, rack: Rack, unseen: Unseen) -> tuple[tuple[Rack, dict[Goal, _Info]], ...]:
        """The meld side of :meth:`_table`: one sweep of the rack, every row
        joined from it (the budget counts these)."""
        rows = self._tables.get(rack)
        if rows is not None:
            return rows
        if self._budget <= 0:
            raise TooHard
        self._budget -= 1
        self.tables_computed += 1
        rules, counts = self.rules, unseen.counts
        bound = laid_bound(len(rack) - 1)
        melds = discard_rows(sweep_rack(rack.face_counts, rack.wilds, counts, bound),
                             rules.bar("melds"))  # fmt: skip
        out = []
        for tile in dict.fromkeys(rack.tiles):
            kind = kind_of(tile)
            dm, faces, wild = melds[-1 if isinstance(kind, str) else kind.index]
            outs_m: list[Kind] = [ALL_FACES[i] for i in faces]
            if wild:
                outs_m.append("wild")
            info: dict[Goal, _Info] = {"melds": _Info(dm, tuple(_copies(outs_m, counts, rules)))}
            out.append((_without(rack, tile), info))
        rows = tuple(out)
        self._tables[rack] = rows
        return rows

    def _pairs_table(
        self, rack: Rack, unseen: Unseen
    ) -> tuple[tuple[Rack, dict[Goal, _Info]], ...]:
        """The pairs side of :meth:`_table` alone: no sweep, a few small
        programmes per row (its own, larger budget)."""
        rows = self._pairs_tables.get(rack)
        if rows is not None:
            return rows
        if self._pairs_budget <= 0:
            raise TooHard
        self._pairs_budget -= 1
        rules, counts = self.rules, unseen.counts
        bound = laid_bound(len(rack) - 1)
        out = []
        for tile in dict.fromkeys(rack.tiles):
            held, wilds = rack.face_counts, rack.wilds
            kind = kind_of(tile)
            if isinstance(kind, str):
                wilds -= 1
            else:
                held[kind] -= 1
            dp, found = pairs_outs(held, wilds, counts, rules, bound)
            info = _Info(dp, tuple(_copies(found, counts, rules)))
            pairs: dict[Goal, _Info] = {"pairs": info}
            out.append((_without(rack, tile), pairs))
        rows = tuple(out)
        self._pairs_tables[rack] = rows
        return rows

    # --- roots ----------------------------------------------------------------------
    def row(
        self, rack: Rack, row: DiscardRow, known: Mapping[Goal, Fraction | None] | None = None
    ) -> dict[Goal, Fraction | None]:
        """Every goal's odds of the rack left after ``row``'s discard (``rack``
        is the 22-tile rack), ``None`` where the budget ran out; ``known``:
        goals whose odds are known already (a twin row's)."""
        infos = {goal: _row_info(row, goal) for goal in GOALS}
        return self.rack(_without(rack, row.tile), infos, known)

    def rack(
        self,
        rack: Rack,
        infos: Mapping[Goal, _Info],
        known: Mapping[Goal, Fraction | None] | None = None,
    ) -> dict[Goal, Fraction | None]:
        """Every goal's odds of a rack of at most 21 tiles waiting to draw,
        each goal's distance and outs in ``infos`` (``known``: goals already
        answered). Either way is the nearer kind's odds when one kind is
        strictly nearer: this play only ever uses the targets at the rack's
        distance, all of that kind then."""
        known = known or {}
        out: dict[Goal, Fraction | None] = {
            goal: known[goal] if goal in known else self.odds(goal, rack, infos[goal])
            for goal in ("melds", "pairs")
        }
        melds, pairs = infos["melds"].distance, infos["pairs"].distance
        if melds is not None and (pairs is None or melds < pairs):
            out["either"] = out["melds"]
        elif pairs is not None and (melds is None or pairs < melds):
            out["either"] = out["pairs"]
        else:
            out["either"] = self.odds("either", rack, infos["either"])
        return out

    def odds(self, goal: Goal, rack: Rack, info: _Info) -> Fraction | None:
        """One goal's odds of a rack waiting to draw, ``None`` once the budget is spent."""
        try:
            return self.waiting(goal, rack, info, self.unseen, self.turns)
        except TooHard:
            return None


def _state(goal: Goal, rack: Rack, unseen: Unseen) -> object:
    """What a node's odds depend on: the rack for melds and either way; for
    pairs only how many faces have each (held, unseen) count, and the wild
    tiles (the pairs programme is the same under any renaming of the faces)."""
    if goal != "pairs":
        return (goal, rack)
    counts = unseen.counts
    return (_classes(rack.face_counts, counts), rack.wilds, counts.get("wild", 0))


def _upper(total: int, k: int, distance: int, draws: int) -> Fraction:
    """P(at least ``distance`` of ``draws`` draws are among ``k`` out tiles of
    ``total``): a bound on a waiting rack's odds, since each step closer takes
    an out and every later out is one of its outs now."""
    if distance > draws or distance > k:
        return Fraction(0)
    hits = sum(comb(k, i) * comb(total - k, draws - i) for i in range(distance, min(draws, k) + 1))
    return Fraction(hits, comb(total, draws))


def _none_of(total: int, k: int, draws: int) -> Fraction:
    """C(total - k, draws) / C(total, draws): no out among ``draws`` draws."""
    out = Fraction(1)
    for i in range(draws):
        if total - k - i <= 0:
            return Fraction(0)
        out *= Fraction(total - k - i, total - i)
    return out


def _dead_rows(
    rack: Rack, rules: Rules, unseen: Unseen, distance: int | None, rows: Sequence[DiscardRow]
) -> dict[Tile, Tile]:
    """Rows of a 22-tile rack whose meld odds are another row's: thrown tile →
    the first such row's tile. A tile is *dead* when no meld target of the
    rack at its distance ``d`` uses it; then the rack without it has exactly
    the rack's targets at ``d``, so every dead row has the same targets, and
    this play, which only ever uses them, the same odds. The test (one sweep
    per candidate): with the tile moved to the unseen tiles, no target with
    ``d + 1`` placed tiles places its kind (such a target is a rack target at
    ``d`` using the tile). Only rows at ``d`` whose distance and outs equal
    another's are tried (a dead row's outs are the rack's)."""
    if not distance:
        return {}
    bar = max(1, rules.bar("melds"))
    groups: dict[tuple[object, ...], list[Tile]] = {}
    for row in rows:
        if row.melds.tiles == distance:
            key = tuple((o.tile, o.copies) for o in row.outs.melds)
            groups.setdefault(key, []).append(row.tile)
    out: dict[Tile, Tile] = {}
    for tiles in groups.values():
        if len(tiles) < 2:
            continue
        dead = [t for t in tiles if _dead(rack, unseen, t, distance, bar)]
        for t in dead[1:]:
            out[t] = dead[0]
    return out


def _dead(rack: Rack, unseen: Unseen, tile: Tile, distance: int, bar: int) -> bool:
    """Whether no meld target of ``rack`` with ``distance`` missing tiles uses ``tile``."""
    counts = dict(unseen.counts)
    kind = kind_of(tile)
    counts[kind] = counts.get(kind, 0) + 1
    left = _without(rack, tile)
    sweep = new_sweep(
        sweep_rack(left.face_counts, left.wilds, counts, laid_bound(len(rack))),
        distance + 1,
        bar=bar,
    )
    if _first_at(sweep.curve(), bar) is None:
        return True
    faces, wild = sweep.outs(bar, distance + 1)
    return not (wild if isinstance(kind, str) else kind.index in faces)


def _first_at(curve: Sequence[int], bar: int) -> int | None:
    return next((k for k, v in enumerate(curve) if v >= bar), None)


def _max(values: Sequence[Fraction | None], uppers: Sequence[Fraction]) -> Fraction | None:
    """The best of the rows' odds: the best known one when every unknown row's
    bound (``uppers``, row by row: :func:`_upper`) is no higher, else unknown."""
    known = [v for v in values if v is not None]
    if not known:
        return None
    best = max(known)
    if any(v is None and upper > best for v, upper in zip(values, uppers, strict=True)):
        return None
    return best


def open_within(
    analysis: OutsAnalysis,
    turns: int,
    *,
    max_tables: int = DEFAULT_MAX_TABLES,
    progress: Callable[[int], None] | None = None,
) -> OutsAnalysis:
    """``analysis`` with the odds of opening within ``turns`` own draws
    (``turns`` >= 1) for the rack and for every discard row, the rows ranked
    by them (either way first, then melds, then pairs, then the table's own
    order; a row whose odds are unknown after its known ones) [R-OPEN-MELDS,
    R-OPEN-PAIRS, R-KEEP-DISCARD]. ``progress(1)`` as each row ends. Raises
    ``ValueError`` for ``turns`` < 1."""
    if turns < 1:
        raise ValueError(f"{turns} turns: the odds need at least one draw")
    rack, rules = analysis.rack, analysis.rules
    solver = Lookahead(rules, analysis.unseen, turns, max_tables=max_tables)
    if len(rack) < MAX_RACK:
        melds, pairs, outs = rack_outs(rack, rules, unseen=analysis.unseen)
        infos = {
            goal: _goal_info(goal, melds.tiles, pairs.tiles,
                             [(o.tile, o.copies) for o in outs.melds],
                             [(o.tile, o.copies) for o in outs.pairs])
            for goal in GOALS
        }  # fmt: skip
        return replace(analysis, open_within=_odds(turns, solver.rack(rack, infos)))
    rows = analysis.discards
    if rows is None:  # a rack that can open now: the table still tells the other kind
        rows = discard_table(rack, rules, unseen=analysis.unseen)
    ranked = []
    twins = _dead_rows(rack, rules, analysis.unseen, analysis.melds.tiles, rows)
    done: dict[Tile, Fraction | None] = {}
    for row in rows:
        twin = twins.get(row.tile)
        known: dict[Goal, Fraction | None] = {}
        if twin is not None and twin in done:
            known["melds"] = done[twin]
        values = solver.row(rack, row, known)
        done[row.tile] = values["melds"]
        ranked.append(replace(row, open_within=_odds(turns, values)))
        if progress is not None:
            progress(1)
    now = {"melds": analysis.melds.tiles == 0, "pairs": analysis.pairs.tiles == 0}
    now["either"] = now["melds"] or now["pairs"]
    best: dict[Goal, Fraction | None] = {}
    for goal in GOALS:
        if now[goal]:
            best[goal] = Fraction(1)
        else:
            uppers = []
            for r in ranked:
                info = _row_info(r, goal)
                k = sum(c for _, c in info.outs)
                d = info.distance
                total = analysis.unseen.total
                uppers.append(Fraction(0) if d is None else
                              Fraction(1) if d == 0 else _upper(total, k, d, turns))  # fmt: skip
            best[goal] = _max([_value(r.open_within, goal) for r in ranked], uppers)
    whole = _odds(turns, best)
    if analysis.discards is None:
        return replace(analysis, open_within=whole)
    order = sorted(range(len(ranked)), key=lambda i: _rank_key(ranked[i], i))
    return replace(analysis, discards=tuple(ranked[i] for i in order), open_within=whole,
                   outs=ranked[order[0]].outs)  # fmt: skip


def _value(odds: OpenWithin | None, goal: Goal) -> Fraction | None:
    return None if odds is None else getattr(odds, goal)


def _odds(turns: int, values: Mapping[Goal, Fraction | None]) -> OpenWithin:
    return OpenWithin(turns, values["melds"], values["pairs"], values["either"])


def _rank_key(row: DiscardRow, index: int) -> tuple[int, Fraction, Fraction, Fraction, int]:
    odds = row.open_within
    assert odds is not None
    parts = [odds.either, odds.melds, odds.pairs]
    unknown = int(any(p is None for p in parts))
    e, m, p = (-(x if x is not None else Fraction(0)) for x in parts)
    return (unknown, e, m, p, index)


def rack_open_within(
    rack: Rack,
    rules: Rules,
    turns: int,
    seen: Sequence[Tile] = (),
    *,
    max_tables: int = DEFAULT_MAX_TABLES,
) -> OpenWithin:
    """The odds of ``rack`` alone (no discard table kept): a 21-tile rack
    waiting to draw or a 22-tile rack that has drawn, ``seen`` tiles out of
    play. The tests' entry point."""
    from rummy101_solver.engine.outs import analyse_outs

    analysis = analyse_outs(rack, rules, seen)
    result = open_within(analysis, turns, max_tables=max_tables).open_within
    assert result is not None
    return result


__all__ = [
    "DEFAULT_MAX_TABLES",
    "GOALS",
    "Goal",
    "Lookahead",
    "OpenWithin",
    "TooHard",
    "default_turns",
    "open_within",
    "rack_open_within",
    "unseen_tiles",
]
