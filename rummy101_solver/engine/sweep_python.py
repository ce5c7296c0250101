"""The sweep's pure-Python engine: forward and backward layers and their joins.

:class:`Sweep` runs the dynamic programme that :mod:`~rummy101_solver.engine.sweep`
describes, step by step over :data:`~rummy101_solver.engine.sweep_steps.STEPS`,
and answers from its layers: the value curve, the outs, a target's path, every
discard row's distance and outs. The compiled loops (``_sweepc.c``) do the same,
step for step; ``tests/test_sweep_engines.py`` compares every answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from rummy101_solver.engine.sweep_steps import (
    _CS,
    _SHORT_BY,
    _TALLIES,
    _TALLY_ADD,
    CS_BITS,
    CS_MASK,
    ENTRY_BYTES,
    NEG,
    STATE_BYTES,
    STEPS,
    T_SHIFT,
    U_BITS,
    U_MASK,
    W_SHIFT,
    Layer,
    SweepRack,
    _closing,
    _colour_options,
    _raw_options,
    _sets_fit,
    _sorted_moves,
    _wild_cost,
    memory_budget,
    over_budget,
)
from rummy101_solver.game.tiles import WILD_TILES

_STEP_INDEX = {step: i for i, step in enumerate(STEPS)}


class Sweep:
    """One forward sweep of a :class:`SweepRack` with at most ``limit`` placed
    tiles; :meth:`backward` adds the backward sweep for outs and discard rows.

    Raises :class:`MemoryError` when the forward layers (or the backward ones of
    one question) would take more than the sweep's memory budget
    (:func:`~rummy101_solver.engine.sweep_steps.memory_budget`, counted as
    :data:`~rummy101_solver.engine.sweep_steps.ENTRY_BYTES` an entry), as the
    compiled loops do."""

    def __init__(self, rack: SweepRack, limit: int, *, bar: int = 0) -> None:
        self.rack = rack
        self.limit = limit
        self._budget = memory_budget()
        self._held = 0  # bytes counted against the budget: the layers kept so far
        self.bar = max(0, bar)
        # points of the rack's tiles at the colour steps from each step on
        self._rem = [0] * (len(STEPS) + 1)
        for st in range(len(STEPS) - 1, -1, -1):
            n, c = STEPS[st]
            here = n * rack.held[c * 13 + n - 1] if c >= 0 else 0
            self._rem[st] = self._rem[st + 1] + here
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

    def _charge(self, grown: int) -> None:
        """Raise :class:`MemoryError` when ``grown`` more bytes (a layer under
        way) would take the sweep over its budget."""
        if self._held + grown > self._budget:
            raise over_budget(self.limit, self._budget)

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
        grown = 0  # bytes of the new layer, counted against the budget
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
                    grown += STATE_BYTES
                size = len(tgt)
                dku = dk << U_BITS
                floor = self.bar - self._rest_bound(key2, n, c) if self.bar else NEG
                for ku, v in items:
                    u = (ku & U_MASK) + du
                    ku2 = (ku & ~U_MASK) + dku | (u if u < cap else cap)
                    if ku2 >> U_BITS > limit:
                        continue
                    v += dv
                    if v + 13 * (limit - (ku2 >> U_BITS)) < floor:
                        continue
                    if tgt.get(ku2, NEG) < v:
                        tgt[ku2] = v
                grown += (len(tgt) - size) * ENTRY_BYTES
            self._charge(grown)
        self._held += grown
        return self._finish(new)

    def _rest_bound(self, key: int, n: int, c: int) -> int:
        """An upper bound on the points the rest of a packing adds from state
        ``key`` after step (``n``, ``c``; ``c = -1``: the sets): the open short
        runs' tiles (credited when they reach 3), the rack's tiles still to
        come and 13 per wild tile held and unused; 13 per tile still to place
        is the caller's [R-VALUE]."""
        pend = 0
        for cc in range(4):
            m = n if (c < 0 or cc <= c) else n - 1
            if m < 1:
                continue
            a1, a2, _ = _CS[(key >> (cc * CS_BITS)) & CS_MASK]
            pend += a1 * m + a2 * (2 * m - 1)
        step = _STEP_INDEX[n, c] + 1
        free = self.rack.wilds - ((key >> W_SHIFT) & 3)
        return pend + self._rem[step] + 13 * max(0, free)

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
        grown = 0  # bytes of the new layer, counted against the budget
        for key, inner in cur.items():
            room = limit - (min(inner) >> U_BITS)
            for key2, dk, _, dv, _ in self._set_options(key, n):
                if dk + short(key2) > room:
                    continue
                tgt = new.get(key2)
                if tgt is None:
                    tgt = new[key2] = {}
                    grown += STATE_BYTES
                size = len(tgt)
                dku = dk << U_BITS
                floor = self.bar - self._rest_bound(key2, n, -1) if self.bar else NEG
                for ku, v in inner.items():
                    ku2 = ku + dku
                    if ku2 >> U_BITS > limit:
                        continue
                    v += dv
                    if v + 13 * (limit - (ku2 >> U_BITS)) < floor:
                        continue
                    if tgt.get(ku2, NEG) < v:
                        tgt[ku2] = v
                grown += (len(tgt) - size) * ENTRY_BYTES
            self._charge(grown)
        self._held += grown
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
        grown = 0  # bytes of the backward layers, counted against the budget on their own
        for step in range(len(self.steps) - 1, -1, -1):
            cur: Layer = {}
            for key, before in self.layers[step].items():
                # a forward part brings at least min(before) placed tiles: the
                # rest of a packing within the limit places no more than ``room``
                room = limit - (min(before) >> U_BITS)
                tgt = self._rest_of(self.options(step, key), nxt, room)
                if tgt and bar:
                    floor = bar - max(before.values())
                    tgt = {ku: v for ku, v in tgt.items() if v >= floor}
                if tgt:
                    cur[key] = tgt
                    grown += STATE_BYTES + len(tgt) * ENTRY_BYTES
                    if grown > self._budget:
                        raise over_budget(self.limit, self._budget)
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

    def _rest_of(
        self, options: Iterable[tuple[int, int, int, int, int]], after: Layer, room: int
    ) -> dict[int, int]:
        """One state's backward entries: its moves (``options``) joined to the
        backward layer ``after`` them, at most ``room`` placed from here on
        ((placed << 5 | unlaid) → best value)."""
        cap = self.cap
        tgt: dict[int, int] = {}
        for key2, dk, du, dv, _ in options:
            rest = after.get(key2)
            if not rest or dk > room:
                continue
            for ku, v in rest.items():
                k = (ku >> U_BITS) + dk
                if k > room:
                    continue
                u = (ku & U_MASK) + du
                ku2 = k << U_BITS | (u if u < cap else cap)
                if tgt.get(ku2, NEG) < v + dv:
                    tgt[ku2] = v + dv
        return tgt

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
        for key, before in self.layers[step].items():
            room = d - (min(before) >> U_BITS)
            tgt = self._rest_of(self._mod_options(step, key, mod), after, room)
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
