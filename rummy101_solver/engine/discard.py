"""The discard that ends every turn of ``play`` [R-KEEP-DISCARD, R-JOKER-FINISH,
R-EXTRA-PENALTY, R-RESIDUAL].

Two measures, one per state of the player after the turn:

- not opened, and not opening this turn: the best row of ``outs``' discard
  table (:func:`~rummy101_solver.engine.outs.discard_table`: fewest tiles from
  an opening, then the other kind, then the most outs), the table's tiles
  counted as seen;
- opened (before or this turn): :func:`opened_discard`, the tile whose
  discard leaves the rack fewest tiles away from going out (every tile laid
  in new melds or onto the table's lay-off places), then the lowest residual
  penalty.

Never a joker unless it is the last tile (a joker finish) [R-JOKER-FINISH];
never a tile that could still be laid off this turn while another tile can
go [R-EXTRA-PENALTY: +101 at tables that count a layable discard, ``score
--extra layable-discard``]; when every tile could, the discard is flagged
``layable``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from rummy101_solver.engine.sat import SatModel
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import ALL_FACES, COLOURS, Face, Tile, face, sort_tiles

__all__ = ["Discard", "GoOut", "LayoffPlace", "opened_discard", "tiles_to_go_out"]

GoOutKind = Literal["run", "set", "pair"]

DISCARD_TIME_LIMIT = 2.0
"""Seconds at most for the opened player's discard model (it solves in milliseconds)."""


@dataclass(frozen=True)
class Discard:
    """The tile to throw at the end of the turn, and why.

    - ``tile``: the discard;
    - ``why``: one sentence naming the measure and the rule;
    - ``distance_after``: not opened: tiles from a meld and from a pairs
      opening after the discard (``outs``; ``None`` out of reach), else ``None``;
    - ``tiles_to_go_out``: opened: the fewest tiles to draw before every tile
      left can be laid (``None``: not reachable, or not opened);
    - ``residual_after``: R-RESIDUAL of the rack after the discard (202 unopened);
    - ``layable``: the tile could still be laid off this turn (every tile
      left could) [R-EXTRA-PENALTY];
    - ``proven``: False when a time limit cut the search.
    """

    tile: Tile
    why: str
    distance_after: tuple[int | None, int | None] | None
    tiles_to_go_out: int | None
    residual_after: int
    layable: bool = False
    proven: bool = True


@dataclass(frozen=True)
class LayoffPlace:
    """One table group as lay-off places for :func:`tiles_to_go_out`: a run's
    faces below and above it (nearest first), or a set's colours one of which
    may be added; ``limit``: most tiles onto it (``None``: no limit)."""

    low: tuple[Face, ...] = ()
    high: tuple[Face, ...] = ()
    set_faces: tuple[Face, ...] = ()
    limit: int | None = None


@dataclass(frozen=True)
class GoOut:
    """The answer of :func:`tiles_to_go_out`: the discard's face, the tiles to
    draw (``None``: not reachable), and whether it is proven fewest."""

    discard: Face | None
    tiles: int | None
    proven: bool


@cache
def _patterns(kinds: frozenset[GoOutKind]) -> tuple[tuple[Face, ...], ...]:
    """Runs of 3–5 (a longer run splits into these, same tiles) and sets of 3–4
    (built once per ``kinds``)."""
    out: list[tuple[Face, ...]] = []
    if "run" in kinds:
        for colour in COLOURS:
            for length in (3, 4, 5):
                for start in range(1, 15 - length):
                    out.append(tuple(face(colour, n) for n in range(start, start + length)))
    if "set" in kinds:
        for number in range(1, 14):
            for size in (3, 4):
                for i in range(1 << 4):
                    colours = [c for b, c in enumerate(COLOURS) if i >> b & 1]
                    if len(colours) == size:
                        out.append(tuple(face(c, number) for c in colours))
    return tuple(out)


def tiles_to_go_out(
    held: Counter[Face],
    wilds: int,
    candidates: Sequence[Face],
    places: Sequence[LayoffPlace],
    unseen: Counter[Face],
    kinds: frozenset[GoOutKind],
    *,
    joker_pairs: bool = True,
    time_limit: float = DISCARD_TIME_LIMIT,
) -> GoOut:
    """The discard among ``candidates`` (faces held) after which the rest of
    the rack is fewest tiles from going out, then the highest number (lowest
    residual penalty [R-RESIDUAL]), then the first in canonical order.

    Going out: every tile left (``held`` less the discard, and the ``wilds``)
    laid this way at once: new groups of ``kinds`` (runs, sets, pairs
    [R-PAIRS-AFTER]) and tiles laid off onto ``places`` [R-LAYOFF,
    R-LAYOFF-LIMIT]; the drawn tiles are numbered tiles, at most ``unseen``
    copies of each (a joker drawn is luck, not a plan). Jokers stand in runs,
    sets and lay-offs, and for one tile of a pair when ``joker_pairs``
    [R-WILD, R-PAIR]. Retrievals are not counted. Exact: one CP-SAT model
    (runs of 3–5 suffice: a longer run splits into those, the same tiles).
    ``time_limit`` in seconds. Raises ``ValueError`` without candidates.
    """
    if not candidates:
        raise ValueError("no tile to discard")
    m = SatModel()
    demand: dict[Face, tuple[list[int], list[int]]] = {f: ([], []) for f in ALL_FACES}
    melded: dict[Face, tuple[list[int], list[int]]] = {f: ([], []) for f in ALL_FACES}

    def need(f: Face, var: int, k: int = 1, meld: bool = True) -> None:
        demand[f][0].append(var)
        demand[f][1].append(k)
        if meld:  # a place a joker may take
            melded[f][0].append(var)
            melded[f][1].append(k)

    # new runs and sets: copies of each shape
    # (a group of drawn tiles only is never needed); one call makes their variables
    held_faces = {f for f, k in held.items() if k > 0}
    shapes = [s for s in _patterns(kinds) if wilds or not held_faces.isdisjoint(s)]
    if shapes:
        shape_vars = m.new_int_vars([0] * len(shapes), [2] * len(shapes))
        for shape, var in zip(shapes, shape_vars, strict=True):
            for f in shape:
                laid, meld = demand[f], melded[f]
                laid[0].append(var)
                laid[1].append(1)
                meld[0].append(var)
                meld[1].append(1)
    # new pairs: two real tiles, or one and a joker [R-PAIR]
    pair_wilds: list[int] = []
    if "pair" in kinds:
        for f in ALL_FACES:
            # a pair of two drawn tiles is never needed: without it, two fewer drawn
            if f in held_faces:
                natural = m.new_bool_var()
                need(f, natural, 2, meld=False)
            if joker_pairs and wilds:
                joker = m.new_int_var(0, min(wilds, 2))
                need(f, joker, 1, meld=False)
                pair_wilds.append(joker)
    # lay-off places: contiguous from the group outwards; one colour onto a set of 3
    for place in places:
        used: list[int] = []
        for side in (place.low, place.high):
            previous = None
            for f in side:
                var = m.new_bool_var()
                if previous is not None:
                    m.add_linear([var, previous], [1, -1], ub=0)
                need(f, var)
                used.append(var)
                previous = var
        if place.set_faces:
            vs = [m.new_bool_var() for _ in place.set_faces]
            m.add_linear(vs, [1] * len(vs), ub=1)
            for f, var in zip(place.set_faces, vs, strict=True):
                need(f, var)
            used += vs
        if place.limit is not None and used:
            m.add_linear(used, [1] * len(used), ub=place.limit)
    # the discard: exactly one candidate
    choice = {f: m.new_bool_var() for f in sorted(set(candidates), key=lambda f: f.index)}
    m.add_exactly_one(list(choice.values()))
    # every face: held (less the discard) + drawn + jokers standing in = laid
    drawn: list[int] = []
    jokers: list[int] = []
    for f in ALL_FACES:
        variables, coeffs = demand[f]
        d = choice.get(f)
        r = m.new_int_var(0, unseen[f]) if unseen[f] > 0 else None
        w = m.new_int_var(0, wilds) if wilds and melded[f][0] else None
        supply = [v for v in (d, r, w) if v is not None]
        sup_coeffs = [-1 if v is d else 1 for v in supply]
        if not variables and not held[f]:
            continue
        # laid - drawn - joker + discard == held
        m.add_linear([*variables, *supply], [*coeffs, *[-c for c in sup_coeffs]],
                     lb=held[f], ub=held[f])  # fmt: skip
        if w is not None:
            # a joker stands in a run, a set or a lay-off, never for a pair's tile
            m.add_linear([w, *melded[f][0]], [1, *[-k for k in melded[f][1]]], ub=0)
            jokers.append(w)
        if r is not None:
            drawn.append(r)
    # every joker held is laid [R-WILD]
    if wilds:
        m.add_linear([*jokers, *pair_wilds], [1] * (len(jokers) + len(pair_wilds)),
                     lb=wilds, ub=wilds)  # fmt: skip
    # fewest drawn, then the highest number thrown, then the first in canonical order
    order = [f for f in choice]
    m.minimize(
        [*drawn, *(choice[f] for f in order)],
        [1000] * len(drawn) + [f.index - 60 * f.number for f in order],
    )
    solution = m.solve(time_limit)
    if not solution.found:
        return GoOut(None, None, solution.status == "infeasible")
    thrown = next(f for f in order if solution.value(choice[f]))
    tiles = sum(solution.value(r) for r in drawn)
    return GoOut(thrown, tiles, solution.status == "optimal")


def _points(tiles: Sequence[Tile]) -> int:
    return sum(t.points for t in tiles)


def opened_discard(
    left: Sequence[Tile],
    layable: Sequence[Tile],
    places: Sequence[LayoffPlace],
    unseen: Counter[Face],
    kinds: frozenset[GoOutKind],
    rules: Rules,
    factor: int,
    *,
    time_limit: float = DISCARD_TIME_LIMIT,
) -> Discard:
    """The discard of an opened player (or one opening this turn) holding
    ``left`` after the turn [R-KEEP-DISCARD].

    One tile left: it is the discard (a finish; a joker one too
    [R-JOKER-FINISH]). Otherwise :func:`tiles_to_go_out` over the tiles that
    are neither a joker nor in ``layable`` (tiles that could still be laid
    off this turn [R-EXTRA-PENALTY]); when every numbered tile is layable,
    over those (the discard then flagged ``layable``); a joker only when
    nothing else is held. ``factor``: 2 after pairs [R-RESIDUAL]. Raises
    ``ValueError`` when ``left`` is empty.
    """
    if not left:
        raise ValueError("no tile left to discard [R-KEEP-DISCARD]")
    if len(left) == 1:
        tile = left[0]
        flagged = tile in layable
        why = "the last tile: a " + ("joker finish [R-FINISH, R-JOKER-FINISH]"
                                     if tile.is_wild else "finish [R-FINISH]")  # fmt: skip
        if flagged:
            why += (
                "; it could be laid off instead, a +101 fault where the house counts"
                " a layable discard [R-EXTRA-PENALTY]"
            )
        return Discard(tile, why, None, 0, 0, flagged)
    numbered = [t for t in left if not t.is_wild]
    if not numbered:  # only jokers held, and more than one: a joker must go
        tile = left[0]
        why = (
            "only jokers are left: one must go (a +101 fault where the house counts a"
            " usable joker discarded) [R-KEEP-DISCARD, R-EXTRA-PENALTY]"
        )
        return Discard(tile, why, None, None, _points(left[1:]) * factor)
    free = [t for t in numbered if t not in layable]
    flagged = not free
    pool = free or numbered
    held: Counter[Face] = Counter(t.face for t in left if t.face is not None)
    wilds = sum(t.is_wild for t in left)
    found = tiles_to_go_out(
        held,
        wilds,
        [t.face for t in pool if t.face is not None],
        places,
        unseen,
        kinds,
        joker_pairs=rules.joker_pairs,
        time_limit=time_limit,
    )
    if found.discard is None:
        # no way to lay every tile from the tiles unseen: the highest number goes
        tile = sorted(sort_tiles(pool), key=lambda t: -t.points)[0]
        why = (
            "the highest tile: no draw lays every tile left (the lowest residual"
            " penalty) [R-RESIDUAL]"
        )
    else:
        tile = next(t for t in pool if t.face == found.discard)
        unit = "tile" if found.tiles == 1 else "tiles"
        why = (
            f"leaves the rack {found.tiles} {unit} from going out (new melds and lay-offs),"
            " then the lowest residual penalty [R-KEEP-DISCARD, R-RESIDUAL]"
        )
    if flagged:
        why += (
            "; every tile left could be laid off this turn: a +101 fault where the house"
            " counts a layable discard [R-EXTRA-PENALTY]"
        )
    rest = list(left)
    rest.remove(tile)
    return Discard(tile, why, None, found.tiles, _points(rest) * factor, flagged, found.proven)
