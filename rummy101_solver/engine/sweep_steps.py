"""The steps of the sweep (:mod:`~rummy101_solver.engine.sweep`): its states and moves.

A state between two steps is one int: per colour, the open runs as a colour
state (how many runs of length 1, 2, and 3 or more: :data:`_CS`); the wild
tiles used; while a number is open, the tally of its sets. Here are those
encodings, the moves of one colour at one number (:func:`_colour_options`),
when a number's sets close (:func:`_sets_fit`, :func:`_closing`), the lower
bounds that prune (:data:`_SHORT`), the order of the steps (:data:`STEPS`) and
the problem itself (:class:`SweepRack`). Both engines, the pure-Python
:class:`~rummy101_solver.engine.sweep_python.Sweep` and the compiled loops
(``_sweepc.c``, which receives these tables), run on them [R-RUN, R-SET,
R-WILD, R-VALUE].
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, product

from rummy101_solver.game.tiles import COLOURS

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


# --- memory: one budget for both engines --------------------------------------------------

MEMORY_BUDGET = 1 << 30
"""Bytes the layers of one sweep may take (1 GiB), in either engine; the
environment variable ``RUMMY101_SWEEP_MEMORY`` (bytes, a whole number above 0)
sets another. A bar far above a rack's reach needs very many placed tiles: the
sweep stops with :class:`MemoryError` instead of taking the machine's memory."""

ENTRY_BYTES = 60
"""What one entry of a pure-Python layer takes, in bytes, as counted against the
budget: the dict slot and index, the key int and the value int (measured with
``tracemalloc`` on the forward layers of 21-tile racks, 65,000 to 4.4 million
entries: 54 bytes an entry and 73 a state, rounded up here)."""

STATE_BYTES = 80
"""What one state (an inner dict, its outer slot and key) of a pure-Python layer
takes beyond its entries, in bytes, as counted against the budget."""


def memory_budget() -> int:
    """The sweep's memory budget in bytes: ``RUMMY101_SWEEP_MEMORY`` when it is a
    whole number above 0 (as the compiled loops read it), else :data:`MEMORY_BUDGET`."""
    import os

    text = os.environ.get("RUMMY101_SWEEP_MEMORY", "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else MEMORY_BUDGET


def over_budget(limit: int, budget: int) -> MemoryError:
    """The error of a sweep placing up to ``limit`` tiles whose layers need
    more than ``budget`` bytes (the compiled loops' message, word for word)."""
    if budget >= 1 << 20:
        return MemoryError(
            f"the sweep placing up to {limit} tiles needs more than {budget >> 20} MiB"
        )
    return MemoryError(f"the sweep placing up to {limit} tiles needs more than {budget} bytes")
