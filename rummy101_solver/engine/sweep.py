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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Literal

from rummy101_solver.game.tiles import COLOURS, WILD_TILES, Face, face

NEG = -1
"""No packing: values are never negative."""

# --- colour states: (runs of length 1, of length 2, of 3 or more) ----------------------

_CS: list[tuple[int, int, int]] = [
    (a, b, c) for a in range(5) for b in range(5) for c in range(5) if a + b + c <= 4
]
_CS.sort(key=lambda t: (sum(t), t))
CS_ID = {t: i for i, t in enumerate(_CS)}
"""Colour state → id (0: no run open)."""

CS_BITS = 6
W_SHIFT = 4 * CS_BITS
T_SHIFT = W_SHIFT + 2
CS_MASK = (1 << CS_BITS) - 1
U_BITS = 5
U_MASK = (1 << U_BITS) - 1

# tally of the number's sets so far: (colours giving one tile, colours giving two)
_TALLIES = [(p, q) for p in range(5) for q in range(5) if p + q <= 4]
_TALLY_ID = {t: i for i, t in enumerate(_TALLIES)}
_TALLY_ADD = [
    [_TALLY_ID.get((p + (s == 1), q + (s == 2)), -1) for s in range(3)] for p, q in _TALLIES
]


@cache
def _sets_fit(ones: int, twos: int, wilds: int) -> bool:
    """Whether ``ones`` colours giving one tile, ``twos`` giving two, and
    ``wilds`` wild tiles make sets exactly [R-SET, R-WILD]: 3–4 tiles each,
    colours distinct, each with a real tile, every tile used."""
    if ones + twos == 0:
        return wilds == 0
    counts = [1] * ones + [2] * twos
    for m in range(max(1, 2 if twos else 1), 5):
        # each colour puts its tiles in distinct sets
        for choice in product(*(list(combinations(range(m), k)) for k in counts)):
            reals = [0] * m
            for sets in choice:
                for i in sets:
                    reals[i] += 1
            if min(reals) < 1 or max(reals) > 4:
                continue
            low = sum(max(0, 3 - r) for r in reals)
            high = sum(4 - r for r in reals)
            if low <= wilds <= high:
                return True
    return False


_SETS_FIT_TABLE = (
    ((1, 0, 0), (0, 0, 0), (0, 0, 1), (1, 1, 1), (1, 1, 1)),
    ((0, 0, 1), (0, 0, 0), (0, 1, 1), (1, 1, 1), (0, 0, 0)),
    ((0, 1, 1), (0, 0, 1), (1, 1, 1), (0, 0, 0), (0, 0, 0)),
    ((1, 1, 0), (0, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0)),
    ((1, 0, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)),
)
""":func:`_sets_fit` for ones, twos (at most 4 colours in all) and 0–2 wild
tiles, written out (computing it costs a tenth of a second at start-up; a
test checks it against :func:`_sets_fit`)."""


@cache
def _colour_options(
    n: int, cs: int, held: int, avail: int, wilds_left: int
) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """The ways one colour plays number ``n``: ``(new colour state, tiles to the
    number's sets (0–2), wild tiles in runs, placed tiles, rack tiles unlaid,
    value)``. ``held``/``avail``: the rack's copies of the face and all copies
    it may use; ``wilds_left``: wild tiles still free [R-RUN, R-SET, R-WILD]."""
    a1, a2, a3 = _CS[cs]
    if n == 13 and a1:
        return ()  # a run of length 1 at 12 cannot reach 3 [R-RUN]
    out = []
    for x in range(a3 + 1):  # long runs going on
        # a new run starts only when every long run goes on, and can reach 3 by 13
        starts = range(avail + wilds_left + 1) if x == a3 and n <= 11 else range(1)
        for y in starts:
            tiles = a1 + a2 + x + y
            nxt = (y, a1, a2 + x)
            if sum(nxt) > 4:
                continue
            value = a2 * (3 * n - 3) + x * n
            for j in range(min(wilds_left, tiles) + 1):
                real = tiles - j
                for s in range(3):
                    used = real + s
                    if used > avail:
                        break
                    out.append(
                        (CS_ID[nxt], s, j, max(0, used - held), max(0, held - used), value + n * s)
                    )
    return tuple(out)


@cache
def _closing(
    caps: tuple[int, ...], held: tuple[int, ...], wmax: int, wh: int, tally: int, w: int
) -> int:
    """The fewest tiles to place to close a number's sets [R-SET, R-WILD]: the
    later colours may give up to ``caps`` tiles (``held`` of them on the rack,
    taken as free: a lower bound), wild tiles up to ``wmax`` in all (``wh``
    held, ``w`` used); ``-1`` when no sets can close."""
    ones, twos = _TALLIES[tally]
    best = -1
    for more in product(*(range(k + 1) for k in caps)):
        placed = sum(max(0, x - h) for x, h in zip(more, held, strict=True))
        p = ones + sum(x == 1 for x in more)
        q = twos + sum(x == 2 for x in more)
        for js in range(wmax - w + 1):
            if _sets_fit(p, q, js):
                cost = placed + _wild_cost(w, js, wh)
                if best < 0 or cost < best:
                    best = cost
    return best


_SHORT = [
    [[max(0, a1 + a2 - nxt) + max(0, a1 - after) for after in range(3)] for nxt in range(3)]
    for a1, a2, _ in _CS
]
"""Per colour state, rack copies of the next number and of the one after:
the tiles its short runs lack to reach length 3 [R-RUN]."""
_SHORT_BY = [[[row[nxt][after] for row in _SHORT] for after in range(3)] for nxt in range(3)]
""":data:`_SHORT` by (next, after), then colour state."""


def _wild_cost(w: int, j: int, held_wilds: int) -> int:
    return max(0, w + j - held_wilds) - max(0, w - held_wilds)


@cache
def _raw_options(
    n: int, shift: int, cs: int, w: int, held: int, avail: int, wmax: int, wh: int
) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """:func:`_colour_options` as (colour-state and wild bits, tiles to sets,
    placed, unlaid, value, placed tiles of the face), shared by every sweep."""
    return tuple(
        (cs2 << shift | (w + j) << W_SHIFT, s, dk + _wild_cost(w, j, wh), du, dv, dk)
        for cs2, s, j, dk, du, dv in _colour_options(n, cs, held, avail, wmax - w)
    )


@cache
def _sorted_moves(
    n: int, c: int, cs: int, w: int, held: int, avail: int, wmax: int, wh: int, nxt: int, after: int
) -> tuple[tuple[int, int, int, int, int, int, int, int], ...]:
    """The moves of :meth:`Sweep._colour_moves`, shared by every sweep."""
    out = [
        (
            dk + _wild_cost(w, j, wh),
            cs2 << (c * CS_BITS),
            s,
            (w + j) << W_SHIFT,
            du,
            dv,
            _SHORT[cs2][nxt][after],
            w + j,
        )
        for cs2, s, j, dk, du, dv in _colour_options(n, cs, held, avail, wmax - w)
    ]
    # fewest placed first, counting the short runs' lacking tiles beyond free wild tiles
    out.sort(key=lambda o: o[0] + max(0, o[6] - max(0, wh - o[7])))
    return tuple(out)


STEPS: tuple[tuple[int, int], ...] = tuple(
    (n, c) for n in range(1, 14) for c in (*range(len(COLOURS)), -1)
)
"""The sweep's steps: (number, colour), then (number, -1) where the number's sets close."""


# --- the problem ------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepRack:
    """What the sweep packs: per face index (0–51, ``Face.index``) the rack's
    copies (``held``) and the copies it may lay (``avail``: held + unseen),
    wild tiles held and available, and the most tiles laid [R-KEEP-DISCARD]."""

    held: tuple[int, ...]
    avail: tuple[int, ...]
    wilds: int
    wild_avail: int
    max_laid: int

    @property
    def size(self) -> int:
        """Tiles on the rack."""
        return sum(self.held) + self.wilds

    def without(self, index: int) -> SweepRack:
        """The rack after throwing one tile of face ``index`` (-1: a wild tile);
        the thrown tile is seen, not unseen."""
        if index < 0:
            return SweepRack(
                self.held, self.avail, self.wilds - 1, self.wild_avail - 1, self.max_laid
            )
        held, avail = list(self.held), list(self.avail)
        held[index] -= 1
        avail[index] -= 1
        return SweepRack(tuple(held), tuple(avail), self.wilds, self.wild_avail, self.max_laid)

    def with_laid_bound(self, max_laid: int) -> SweepRack:
        """The same rack with another laid bound."""
        return SweepRack(self.held, self.avail, self.wilds, self.wild_avail, max_laid)


Layer = dict[int, dict[int, int]]
"""State key → (placed << 5 | unlaid) → best value."""


class Sweep:
    """One forward sweep of a :class:`SweepRack` with at most ``limit`` placed
    tiles; :meth:`backward` adds the backward sweep for outs and discard rows."""

    def __init__(self, rack: SweepRack, limit: int) -> None:
        self.rack = rack
        self.limit = limit
        self.cap = max(0, min(U_MASK, rack.size + limit - rack.max_laid))
        self.wmax = min(WILD_TILES, rack.wild_avail)
        self.layers: list[Layer] = []  # the layer before each step
        self.steps: list[tuple[int, int]] = []  # (number, colour or -1 for the sets)
        self.back: list[Layer] | None = None
        self._back_bar = 0
        self._bounds: tuple[int, list[dict[int, list[int]]], list[dict[int, list[int]]]] | None
        self._bounds = None
        self._opts: dict[int, dict[int, list[tuple[int, int, int, int, int]]]] = {}
        self._raw: dict[tuple[int, int], tuple[tuple[int, int, int, int, int, int], ...]] = {}
        cur: Layer = {0: {0: 0}}
        for n in range(1, 14):
            for c in range(4):
                self.layers.append(cur)
                self.steps.append((n, c))
                cur = self._colour_step(cur, n, c)
            self.layers.append(cur)
            self.steps.append((n, -1))
            cur = self._set_step(cur, n)
        self.final = cur

    # --- steps -----------------------------------------------------------------
    def _options(
        self, key: int, n: int, c: int, held: int, avail: int
    ) -> Iterator[tuple[int, int, int, int, int]]:
        """(next key, placed, unlaid, value, placed tiles of this face) of a colour step."""
        shift = c * CS_BITS
        cs = (key >> shift) & CS_MASK
        w = (key >> W_SHIFT) & 3
        tally = key >> T_SHIFT
        rest = key & ~((CS_MASK << shift) | (3 << W_SHIFT) | (~0 << T_SHIFT))
        wh = self.rack.wilds
        for cs2, s, j, dk, du, dv in _colour_options(n, cs, held, avail, self.wmax - w):
            t2 = _TALLY_ADD[tally][s]
            if t2 < 0:
                continue
            key2 = rest | cs2 << shift | (w + j) << W_SHIFT | t2 << T_SHIFT
            yield key2, dk + _wild_cost(w, j, wh), du, dv, dk

    def _set_options(self, key: int, n: int) -> Iterator[tuple[int, int, int, int, int]]:
        w = (key >> W_SHIFT) & 3
        ones, twos = _TALLIES[key >> T_SHIFT]
        rest = key & ~((3 << W_SHIFT) | (~0 << T_SHIFT))
        for js in range(self.wmax - w + 1):
            if _sets_fit(ones, twos, js):
                yield rest | (w + js) << W_SHIFT, _wild_cost(w, js, self.rack.wilds), 0, n * js, 0

    def options(self, step: int, key: int) -> list[tuple[int, int, int, int, int]]:
        """The moves of step ``step`` from state ``key``: (next key, placed,
        unlaid, value, placed tiles of the step's face)."""
        memo = self._opts.get(step)
        if memo is None:
            memo = self._opts[step] = {}
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._options_of(step, key)
        return found

    def _options_of(self, step: int, key: int) -> list[tuple[int, int, int, int, int]]:
        n, c = self.steps[step]
        if c < 0:
            return list(self._set_options(key, n))
        shift = c * CS_BITS
        w = (key >> W_SHIFT) & 3
        ck = (step, ((key >> shift) & CS_MASK) << 2 | w)
        raw = self._raw.get(ck)
        if raw is None:
            i = c * 13 + n - 1
            raw = self._raw[ck] = _raw_options(
                n,
                shift,
                (key >> shift) & CS_MASK,
                w,
                self.rack.held[i],
                self.rack.avail[i],
                self.wmax,
                self.rack.wilds,
            )
        tally = _TALLY_ADD[key >> T_SHIFT]
        rest = key & ~((CS_MASK << shift) | (3 << W_SHIFT) | (~0 << T_SHIFT))
        return [
            (rest | bits | tally[s] << T_SHIFT, dk, du, dv, placed)
            for bits, s, dk, du, dv, placed in raw
            if tally[s] >= 0
        ]

    def _colour_moves(
        self, n: int, c: int, cs: int, w: int
    ) -> tuple[tuple[int, int, int, int, int, int, int, int], ...]:
        """(placed, colour-state bits, tiles to sets, wild bits, unlaid, value,
        the colour's short runs' tiles still lacking (:data:`_SHORT`),
        wild tiles used) of a colour step, fewest placed first."""
        i = c * 13 + n - 1
        return _sorted_moves(
            n,
            c,
            cs,
            w,
            self.rack.held[i],
            self.rack.avail[i],
            self.wmax,
            self.rack.wilds,
            self._held_at(c, n + 1),
            self._held_at(c, n + 2),
        )

    def _held_at(self, c: int, n: int) -> int:
        return self.rack.held[c * 13 + n - 1] if n <= 13 else 0

    def _colour_step(self, cur: Layer, n: int, c: int) -> Layer:
        """Colour ``c`` plays number ``n``. Moves that cannot finish within the
        placed-tile limit are dropped: the number's sets must close
        (:func:`_closing`) and every short run must reach length 3 (the
        rack's tiles of the next numbers and its free wild tiles taken as
        free, :data:`_SHORT`): both lower bounds, so nothing reachable is lost."""
        limit, cap, wh = self.limit, self.cap, self.rack.wilds
        shift = c * CS_BITS
        clear = ~((CS_MASK << shift) | (3 << W_SHIFT) | (~0 << T_SHIFT))
        cache: dict[int, tuple[tuple[int, int, int, int, int, int, int, int], ...]] = {}
        new: Layer = {}
        viable = self._viable(n, c)
        closings: dict[int, int] = {}
        # the other colours' short runs: colours before c are past n, the rest not yet
        ahead = [n + 1 if cc < c else n for cc in range(4)]
        lack = [
            _SHORT_BY[self._held_at(cc, m)][self._held_at(cc, m + 1)] for cc, m in enumerate(ahead)
        ]
        others = [cc for cc in range(4) if cc != c]
        (lack0, sh0), (lack1, sh1), (lack2, sh2) = ((lack[cc], cc * CS_BITS) for cc in others)
        for key, inner in cur.items():
            cs = (key >> shift) & CS_MASK
            w = (key >> W_SHIFT) & 3
            tally = _TALLY_ADD[key >> T_SHIFT]
            room = limit - (min(inner) >> U_BITS)
            moves = cache.get(cs << 2 | w)
            if moves is None:
                moves = cache[cs << 2 | w] = self._colour_moves(n, c, cs, w)
            rest = key & clear
            other = (
                lack0[(key >> sh0) & CS_MASK]
                + lack1[(key >> sh1) & CS_MASK]
                + lack2[(key >> sh2) & CS_MASK]
            )
            items = list(inner.items())
            for dk, csb, s, wb, du, dv, part, w2 in moves:
                free = wh - w2 if wh > w2 else 0
                if dk + (part - free if part > free else 0) > room:
                    break
                t2 = tally[s]
                if t2 < 0:
                    continue
                closing = closings.get(t2 << 2 | w2)
                if closing is None:
                    closing = closings[t2 << 2 | w2] = viable(t2, w2)
                if closing < 0:
                    continue
                short = other + part - free
                if dk + (closing if closing > short else short) > room:
                    continue
                key2 = rest | csb | wb | t2 << T_SHIFT
                tgt = new.get(key2)
                if tgt is None:
                    tgt = new[key2] = {}
                dku = dk << U_BITS
                for ku, v in items:
                    u = (ku & U_MASK) + du
                    ku2 = (ku & ~U_MASK) + dku | (u if u < cap else cap)
                    if ku2 >> U_BITS > limit:
                        continue
                    v += dv
                    if tgt.get(ku2, NEG) < v:
                        tgt[ku2] = v
        return self._finish(new)

    def _short_runs_cost(self, n: int, c: int = 3) -> Callable[[int], int]:
        """The fewest tiles still to place for the short runs open after colour
        ``c`` of number ``n`` to reach length 3 (a lower bound: the rack's
        tiles of the next numbers and its free wild tiles all serve them)
        [R-RUN]. Colours up to ``c`` are past ``n``, the others not yet."""
        rack = self.rack

        def held(colour: int, number: int) -> int:
            return rack.held[colour * 13 + number - 1] if number <= 13 else 0

        ahead = [(n + 1 if cc <= c else n) for cc in range(4)]
        nxt = [held(cc, m) for cc, m in enumerate(ahead)]
        after = [held(cc, m + 1) for cc, m in enumerate(ahead)]
        memo: dict[int, int] = {}
        mask = (1 << T_SHIFT) - 1

        def cost(key: int) -> int:
            key &= mask
            found = memo.get(key)
            if found is None:
                short = 0
                for cc in range(4):
                    a1, a2, _ = _CS[(key >> (cc * CS_BITS)) & CS_MASK]
                    short += max(0, a1 + a2 - nxt[cc]) + max(0, a1 - after[cc])
                free = max(0, rack.wilds - ((key >> W_SHIFT) & 3))
                found = memo[key] = max(0, short - free)
            return found

        return cost

    def _viable(self, n: int, c: int) -> Callable[[int, int], int]:
        """The fewest tiles still to place to close the number's sets after
        colour ``c`` (:func:`_closing`), from a tally and the wild tiles used."""
        later = range(c + 1, 4)
        caps = tuple(min(2, self.rack.avail[cc * 13 + n - 1]) for cc in later)
        held = tuple(self.rack.held[cc * 13 + n - 1] for cc in later)
        wmax, wh = self.wmax, self.rack.wilds

        def viable(tally: int, w: int) -> int:
            return _closing(caps, held, wmax, wh, tally, w)

        return viable

    def _set_step(self, cur: Layer, n: int) -> Layer:
        limit = self.limit
        new: Layer = {}
        short = self._short_runs_cost(n)
        for key, inner in cur.items():
            room = limit - (min(inner) >> U_BITS)
            for key2, dk, _, dv, _ in self._set_options(key, n):
                if dk + short(key2) > room:
                    continue
                tgt = new.get(key2)
                if tgt is None:
                    tgt = new[key2] = {}
                dku = dk << U_BITS
                for ku, v in inner.items():
                    ku2 = ku + dku
                    if ku2 >> U_BITS > limit:
                        continue
                    v += dv
                    if tgt.get(ku2, NEG) < v:
                        tgt[ku2] = v
        return self._finish(new)

    def _finish(self, new: Layer) -> Layer:
        return {k: v for k, v in new.items() if v}

    # --- reading the curve -------------------------------------------------------
    def _end_unlaid(self, key: int) -> int:
        return max(0, self.rack.wilds - ((key >> W_SHIFT) & 3))

    def need(self, k: int) -> int:
        """Rack tiles that must stay unlaid when ``k`` are placed (the laid bound)."""
        return self.rack.size + k - self.rack.max_laid

    def curve(self) -> list[int]:
        """``V[k]`` for k = 0 … limit: the best meld value placing at most k
        tiles (``NEG``: no packing)."""
        best = [NEG] * (self.limit + 1)
        for key, inner in self.final.items():
            extra = self._end_unlaid(key)
            for ku, v in inner.items():
                k = ku >> U_BITS
                if (ku & U_MASK) + extra >= self.need(k) and v > best[k]:
                    best[k] = v
        for k in range(1, len(best)):
            best[k] = max(best[k], best[k - 1])
        return best

    def finish_value(self) -> int:
        """The best meld value of a packing that places nothing and leaves
        exactly one rack tile unlaid (``NEG``: none). Needs the unlaid count
        told apart up to 2: a limit of 0 and ``max_laid <= size - 2``."""
        if self.cap < 2 or self.limit:
            raise ValueError("finish_value needs limit 0 and max_laid <= size - 2")
        best = NEG
        for key, inner in self.final.items():
            extra = self._end_unlaid(key)
            for ku, v in inner.items():
                u = ku & U_MASK
                if ku >> U_BITS == 0 and u < self.cap and u + extra == 1 and v > best:
                    best = v
        return best

    # --- backward --------------------------------------------------------------
    def backward(self, bar: int = 0) -> list[Layer]:
        """Per step, the best value of the steps from it to the end: state key →
        (placed << 5 | unlaid, both from this step on, wild tiles left unlaid
        included) → value. With ``bar``, only the entries some forward part can
        bring to ``bar`` points: an entry below ``bar`` less the state's best
        forward value is never part of a packing reaching the bar (a forward
        part joined to it is in the forward layer, at most that value)."""
        if self.back is not None and self._back_bar == bar:
            return self.back
        cap = self.cap
        end: Layer = {}
        for key, before in self.final.items():
            if max(before.values()) < bar:
                continue
            u = min(cap, self._end_unlaid(key))
            end[key] = {u: 0}
        back: list[Layer] = [end]
        nxt = end
        limit = self.limit
        for step in range(len(self.steps) - 1, -1, -1):
            cur: Layer = {}
            for key, before in self.layers[step].items():
                # a forward part brings at least min(before) placed tiles: the
                # rest of a packing within the limit places no more than ``room``
                room = limit - (min(before) >> U_BITS)
                tgt: dict[int, int] = {}
                for key2, dk, du, dv, _ in self.options(step, key):
                    after = nxt.get(key2)
                    if not after or dk > room:
                        continue
                    for ku, v in after.items():
                        k = (ku >> U_BITS) + dk
                        if k > room:
                            continue
                        u = (ku & U_MASK) + du
                        ku2 = k << U_BITS | (u if u < cap else cap)
                        if tgt.get(ku2, NEG) < v + dv:
                            tgt[ku2] = v + dv
                if tgt and bar:
                    floor = bar - max(before.values())
                    tgt = {ku: v for ku, v in tgt.items() if v >= floor}
                if tgt:
                    cur[key] = tgt
            back.append(cur)
            nxt = cur
        back.reverse()  # back[i]: before step i; back[-1]: the end
        self.back, self._back_bar = back, bar
        return back

    def reaches(
        self,
        before: dict[int, int],
        dk: int,
        du: int,
        dv: int,
        after: dict[int, int],
        k: int,
        bar: int,
        fewer: int = 0,
    ) -> bool:
        """Whether a forward part, a move and a backward part make a packing
        with exactly ``k`` placed tiles, value at least ``bar``, within the laid
        bound (of a rack ``fewer`` tiles smaller, the bound unchanged)."""
        need = self.need(k) - fewer
        for ku1, v1 in before.items():
            k1 = (ku1 >> U_BITS) + dk
            if k1 > k:
                continue
            u1 = (ku1 & U_MASK) + du
            want = bar - v1 - dv
            for ku2, v2 in after.items():
                if (ku2 >> U_BITS) + k1 == k and v2 >= want and u1 + (ku2 & U_MASK) >= need:
                    return True
        return False

    # --- joins ---------------------------------------------------------------------
    def outs(self, bar: int, distance: int) -> tuple[list[int], bool]:
        """(face indices, wild): the faces some target with exactly ``distance``
        placed tiles places, joined at each face's step, and whether such a
        target places a wild tile [R-WILD]."""
        back = self.backward(bar)
        faces: list[int] = []
        for step, (n, c) in enumerate(self.steps):
            if c < 0:
                continue
            i = c * 13 + n - 1
            if self.rack.avail[i] <= self.rack.held[i]:
                continue
            if self._placing(step, self.layers[step], back[step + 1], None, distance, bar, 0):
                faces.append(i)
        need = self.need(distance)
        wild = any(
            (ku >> U_BITS) == distance and v >= bar and (ku & U_MASK) >= need
            for key, inner in self.final.items()
            if ((key >> W_SHIFT) & 3) > self.rack.wilds
            for ku, v in inner.items()
        )
        return sorted(faces), wild

    def _placing(
        self,
        step: int,
        layer: Layer,
        after: Layer,
        mod: int | None,
        distance: int,
        bar: int,
        fewer: int,
    ) -> bool:
        """Whether a packing through ``layer``, a move of ``step`` placing the
        step's face, and ``after`` has ``distance`` placed tiles."""
        for key, inner in layer.items():
            for key2, dk, du, dv, placed in self._mod_options(step, key, mod):
                if (
                    placed
                    and key2 in after
                    and self.reaches(inner, dk, du, dv, after[key2], distance, bar, fewer)
                ):
                    return True
        return False

    def _mod_options(
        self, step: int, key: int, mod: int | None
    ) -> list[tuple[int, int, int, int, int]]:
        """:meth:`options`, with one copy fewer of face ``mod`` (held and
        available) at that face's step."""
        n, c = self.steps[step]
        if mod is None or c < 0 or c * 13 + n - 1 != mod:
            return self.options(step, key)
        held, avail = self.rack.held[mod] - 1, self.rack.avail[mod] - 1
        return list(self._options(key, n, c, held, avail))

    def plan(self, bar: int, distance: int, real_first: bool) -> list[tuple[int, int]]:
        """(key before, key after) per step of one target: exactly ``distance``
        placed, value >= ``bar``, the laid bound kept; the end with the fewest
        drawn wild tiles (``real_first``), then the most points, then the
        smallest (key, placed/unlaid); each step back the smallest such
        predecessor. Raises ``ValueError`` when no target has that distance."""
        rack = self.rack
        ends = []
        for key, inner in self.final.items():
            extra = self._end_unlaid(key)
            for ku, v in inner.items():
                k = ku >> U_BITS
                if k == distance and v >= bar and (ku & U_MASK) + extra >= self.need(k):
                    drawn_wilds = max(0, ((key >> W_SHIFT) & 3) - rack.wilds)
                    ends.append((drawn_wilds if real_first else 0, -v, key, ku))
        if not ends:
            raise ValueError("no target at this distance")
        _, negv, key, ku = min(ends)
        value = -negv
        path: list[tuple[int, int]] = []
        cap = self.cap
        for step in range(len(self.steps) - 1, -1, -1):
            found: tuple[int, int, int] | None = None
            for pkey, inner in self.layers[step].items():
                if found is not None and pkey > found[0]:
                    continue
                for key2, dk, du, dv, _ in self.options(step, pkey):
                    if key2 != key:
                        continue
                    for pku, pv in inner.items():
                        k = (pku >> U_BITS) + dk
                        u = min(cap, (pku & U_MASK) + du)
                        if (
                            (k << U_BITS | u) == ku
                            and pv + dv == value
                            and (found is None or (pkey, pku) < found[:2])
                        ):
                            found = (pkey, pku, pv)
            if found is None:
                raise AssertionError("the sweep's layers are inconsistent")
            path.append((found[0], key))
            key, ku, value = found
        path.reverse()
        return path

    # --- the rows of the discard table ----------------------------------------------
    def row_distances(self, bar: int, base: int) -> dict[int, int]:
        """Per face held: the meld distance of the rack with one copy fewer
        (held and available: the thrown tile is seen), joined at the face's
        step; a face is missing when that rack has no target within the
        limit. ``base``: a lower bound of every row's distance."""
        back = self.backward(bar)
        out: dict[int, int] = {}
        for i, held in enumerate(self.rack.held):
            if not held:
                continue
            step = STEPS.index((i % 13 + 1, i // 13))
            layer, after = self.layers[step], back[step + 1]
            for k in range(base, self.limit + 1):
                if any(
                    key2 in after and self.reaches(inner, dk, du, dv, after[key2], k, bar, fewer=1)
                    for key, inner in layer.items()
                    for key2, dk, du, dv, _ in self._mod_options(step, key, i)
                ):
                    out[i] = k
                    break
        return out

    def _pmax(self, layer: Layer) -> dict[int, list[int]]:
        """Per state of ``layer``, the best value with at most r placed tiles."""
        out = {}
        for key, inner in layer.items():
            best = [NEG] * (self.limit + 1)
            for ku, v in inner.items():
                k = ku >> U_BITS
                if v > best[k]:
                    best[k] = v
            for r in range(1, len(best)):
                best[r] = max(best[r], best[r - 1])
            out[key] = best
        return out

    def _bounded_forward(
        self, step: int, cur: Layer, bound: dict[int, list[int]], d: int, bar: int, mod: int | None
    ) -> Layer:
        """A forward step keeping only the entries the rest (``bound``: best
        values by placed tiles) brings to ``bar`` with at most ``d`` placed."""
        new: Layer = {}
        cap = self.cap
        for key, inner in cur.items():
            room = d - (min(inner) >> U_BITS)
            for key2, dk, du, dv, _ in self._mod_options(step, key, mod):
                best = bound.get(key2)
                if best is None or dk > room:
                    continue
                for ku, v in inner.items():
                    k = (ku >> U_BITS) + dk
                    if k > d:
                        continue
                    v += dv
                    b = best[d - k]
                    if b < 0 or v + b < bar:
                        continue
                    u = (ku & U_MASK) + du
                    ku2 = k << U_BITS | (u if u < cap else cap)
                    tgt = new.setdefault(key2, {})
                    if tgt.get(ku2, NEG) < v:
                        tgt[ku2] = v
        return new

    def _bounded_backward(
        self,
        step: int,
        after: Layer,
        bound: dict[int, list[int]],
        d: int,
        bar: int,
        mod: int | None,
    ) -> Layer:
        """A backward step over the forward states of ``step``, keeping only
        the entries the forward part (``bound``) brings to ``bar`` with at most
        ``d`` placed tiles."""
        cur: Layer = {}
        cap = self.cap
        for key, before in self.layers[step].items():
            room = d - (min(before) >> U_BITS)
            tgt: dict[int, int] = {}
            for key2, dk, du, dv, _ in self._mod_options(step, key, mod):
                nxt = after.get(key2)
                if not nxt or dk > room:
                    continue
                for ku, v in nxt.items():
                    k = (ku >> U_BITS) + dk
                    if k > room:
                        continue
                    u = (ku & U_MASK) + du
                    ku2 = k << U_BITS | (u if u < cap else cap)
                    if tgt.get(ku2, NEG) < v + dv:
                        tgt[ku2] = v + dv
            best = bound[key]
            kept = {
                ku: v
                for ku, v in tgt.items()
                if best[d - (ku >> U_BITS)] >= 0 and best[d - (ku >> U_BITS)] + v >= bar
            }
            if kept:
                cur[key] = kept
        return cur

    def row_outs(self, face: int, bar: int, d: int) -> tuple[list[int], bool]:
        """(face indices, wild): the outs of the rack with one copy of ``face``
        fewer, whose distance is ``d`` (1 <= d <= the limit): that rack's
        forward layers from the face's step on and its backward layers up to
        it, each kept only where the other side can bring it to the bar,
        joined at every step."""
        back = self.backward(bar)
        si = STEPS.index((face % 13 + 1, face // 13))
        if self._bounds is None or self._bounds[0] != bar:
            self._bounds = (
                bar,
                [self._pmax(layer) for layer in back],
                [self._pmax(layer) for layer in (*self.layers, self.final)],
            )
        _, bpmax, fpmax = self._bounds
        ahead: dict[int, Layer] = {}
        cur = self.layers[si]
        for step in range(si, len(STEPS)):
            cur = ahead[step + 1] = self._bounded_forward(
                step, cur, bpmax[step + 1], d, bar, face if step == si else None
            )
        behind: dict[int, Layer] = {si + 1: back[si + 1]}
        for step in range(si, -1, -1):
            behind[step] = self._bounded_backward(
                step, behind[step + 1], fpmax[step], d, bar, face if step == si else None
            )
        faces: list[int] = []
        for step, (n, c) in enumerate(STEPS):
            if c < 0:
                continue
            i = c * 13 + n - 1
            fewer = 1 if i == face else 0
            if self.rack.avail[i] - fewer <= self.rack.held[i] - fewer:
                continue
            if step < si:
                layer, after, mod = self.layers[step], behind[step + 1], None
            elif step == si:
                layer, after, mod = self.layers[step], back[step + 1], face
            else:
                layer, after, mod = ahead[step], back[step + 1], None
            if self._placing(step, layer, after, mod, d, bar, 1):
                faces.append(i)
        need = self.need(d) - 1
        wild = any(
            (ku >> U_BITS) == d and v >= bar and (ku & U_MASK) >= need
            for key, inner in ahead[len(STEPS)].items()
            if ((key >> W_SHIFT) & 3) > self.rack.wilds
            for ku, v in inner.items()
        )
        return sorted(faces), wild


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
        sweep = new_sweep(rack, limit)
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
        sweep = new_sweep(rack, min(limit, rack.max_laid + 1), joins=True)
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

    def __init__(self, rack: SweepRack, limit: int, *, joins: bool = False) -> None:
        if _sweepc is None:
            raise RuntimeError("the compiled sweep is not built")
        self.rack = rack
        self.limit = limit
        self._c = _sweepc.CSweep(
            rack.held, rack.avail, rack.wilds, rack.wild_avail, rack.max_laid, limit, joins
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


def new_sweep(rack: SweepRack, limit: int, *, joins: bool = False) -> AnySweep:
    """The forward sweep of ``rack`` with at most ``limit`` placed tiles, by
    the compiled loops when :data:`COMPILED`, else in pure Python. ``joins``:
    many joins will follow (outs of every discard row): the compiled forward
    then keeps its moves for them as it goes (about a tenth slower)."""
    return CompiledSweep(rack, limit, joins=joins) if COMPILED else Sweep(rack, limit)
