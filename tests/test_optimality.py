"""The solver against an independent exact search, on seeded racks.

Every opening the solver returns goes through :func:`validator.validate_opening`
(legal melds, tiles accounted for, numbers right), and its value / pairs and
residual penalty must equal those of :mod:`exact_search` (plain Python, runs of
any length 3–13, no CP-SAT). Racks are dealt with ``deal_racks`` or built from
random melds (``_built_rack``: long runs, full sets, pairs, wild tiles — the
shapes random deals rarely hold). Test ids name the rack, so a failure can be
replayed.

Each option is checked on at least 200 seeded racks: ``take``, the okey variant
(``indicator``, racks from ``deal_indicator_rack`` or built ones with fake okeys),
objective ``"penalty"`` and ``joker_pairs=False``. One-turn finishes
[R-ONE-TURN, R-JOKER-FINISH] are checked against :func:`exact_search.can_finish`
on racks built to (nearly) finish: ``size - 1`` tiles of melds or pairs plus one
extra tile (see :func:`_finish_case`).

Replaying an id: ``deal-S-N`` is ``deal_racks(S, 1, N)[0]``, ``built-S-N``
``_built_rack(S, N)``, ``ind-deal-S-N`` ``deal_indicator_rack(S, N)``,
``ind-built-S-N`` ``_as_indicator(_built_rack(S, N), S)`` and ``fin-SHAPE-S-N-…``
``_finish_case(S, SHAPE, N)``; or run ``pytest tests/test_optimality.py -k ID``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import replace
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest

from rummy101_solver.engine.solver import best_openings, one_turn_finish
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import COLOURS, WILD, Face, Rack, Tile, okey_face

sys.path.insert(0, str(Path(__file__).parent))

from exact_search import MustUse, best_melds, best_pairs, can_finish
from validator import validate_opening

TIME_LIMIT = 30.0


# --- racks ---------------------------------------------------------------------


def _built_rack(seed: int, size: int) -> Rack:
    """A rack of ``size`` tiles made mostly of melds and pairs (copy limits kept)."""
    rng = random.Random(seed)
    stock: Counter[Tile] = Counter({Tile(Face(c, n)): 2 for c in COLOURS for n in range(1, 14)})
    stock[WILD] = 2
    tiles: list[Tile] = []

    def take(group: list[Tile]) -> None:
        need = Counter(group)
        if all(stock[t] >= k for t, k in need.items()) and len(tiles) + len(group) <= size:
            stock.subtract(need)
            tiles.extend(group)

    for _ in range(40):
        if len(tiles) >= size - 2:
            break
        shape = rng.choice(("run", "run", "longrun", "set", "pair"))
        colour = rng.choice(COLOURS)
        if shape in ("run", "longrun"):
            length = rng.randint(3, 5) if shape == "run" else rng.randint(6, 11)
            start = rng.randint(1, 14 - length)
            group = [Tile(Face(colour, n)) for n in range(start, start + length)]
        elif shape == "set":
            number = rng.randint(1, 13)
            group = [Tile(Face(c, number)) for c in rng.sample(COLOURS, rng.choice((3, 4)))]
        else:
            face = Face(colour, rng.randint(1, 13))
            group = [Tile(face), Tile(face)]
        if stock[WILD] and rng.random() < 0.25:
            group[rng.randrange(len(group))] = WILD
        take(group)
    while len(tiles) < size:  # fill up with random tiles
        tile = rng.choice(sorted(stock.elements(), key=lambda t: t.sort_key))
        stock[tile] -= 1
        tiles.append(tile)
    return Rack(tuple(tiles))


def _racks(prefix: str, racks: list[Rack]) -> list[Any]:
    return [pytest.param(r, id=f"{prefix}-{i}") for i, r in enumerate(racks)]


def _dealt(seed: int, count: int, size: int) -> list[Any]:
    # id: the deal_rack seed and size, e.g. deal-2026-21
    return [
        pytest.param(r, id=f"deal-{seed + i}-{size}")
        for i, r in enumerate(deal_racks(seed, count, size))
    ]


def _built(seed: int, count: int, size: int) -> list[Any]:
    return [
        pytest.param(_built_rack(seed + i, size), id=f"built-{seed + i}-{size}")
        for i in range(count)
    ]


MAIN_RACKS = (
    _dealt(2026, 150, 21)
    + _dealt(5000, 150, 22)
    + [p for size in range(8, 15) for p in _dealt(700 + 100 * size, 15, size)]
    + _built(9000, 60, 22)
    + _built(9500, 40, 12)
)
KEEP_RACKS = _dealt(3100, 15, 22) + _dealt(3200, 10, 9) + _built(3300, 25, 14)
ALT_RACKS = _dealt(4100, 25, 22) + _built(4200, 25, 22)
# >= 200 racks per option (issue requirement), mostly 21–22 tiles, some built
PENALTY_RACKS = (
    _dealt(6100, 40, 22)
    + _dealt(6200, 10, 12)
    + _built(6300, 50, 22)
    + _dealt(6400, 70, 21)
    + _dealt(6500, 10, 22)
    + _built(6600, 20, 21)
)
JOKER_PAIR_RACKS = (
    _dealt(7100, 50, 22) + _built(7200, 50, 22) + _dealt(7300, 70, 21) + _built(7400, 30, 21)
)
TAKE_RACKS = (
    _dealt(8100, 60, 22)
    + _dealt(8200, 20, 11)
    + _built(8300, 40, 22)
    + _dealt(8400, 50, 21)
    + _built(8500, 30, 21)
)


# --- okey-variant racks [R-INDICATOR] ------------------------------------------------


def _indicator_of(okey: Face) -> Face:
    """The indicator tile naming ``okey`` (okey = indicator + 1, 13 → 1)."""
    return Face(okey.colour, okey.number - 1 if okey.number > 1 else 13)


def _as_indicator(rack: Rack, seed: int) -> tuple[Face, Rack]:
    """A classic rack as an okey-variant rack: its wild tiles are the okeys, and an
    indicator is picked so that (when it can) the okey's face is on the rack; those
    tiles become fake okeys (plain tiles of that face). The rack holds at most one
    copy of the indicator tile, as a deal would."""
    rng = random.Random(f"indicator-{seed}")
    counts = rack.face_counts
    okeys = [f for f in sorted(counts) if counts[_indicator_of(f)] <= 1]
    if not okeys:  # every face's indicator is held twice: fall back to a face not held
        okeys = [Face(c, n) for c in COLOURS for n in range(1, 14) if not counts[Face(c, n)]]
        okeys = [f for f in okeys if counts[_indicator_of(f)] <= 1]
    okey = rng.choice(okeys)
    indicator = _indicator_of(okey)
    assert okey_face(indicator) == okey
    tiles = [Tile(okey, fake=True) if t.face == okey else t for t in rack.tiles]
    return indicator, Rack(tuple(tiles))


def _indicator_dealt(seed: int, count: int, size: int) -> list[Any]:
    # id: the deal_indicator_rack seed and size, e.g. ind-deal-11000-21
    return [
        pytest.param(*deal_indicator_rack(seed + i, size), id=f"ind-deal-{seed + i}-{size}")
        for i in range(count)
    ]


def _indicator_built(seed: int, count: int, size: int) -> list[Any]:
    # id: the _built_rack seed and size, e.g. ind-built-11500-22
    return [
        pytest.param(
            *_as_indicator(_built_rack(seed + i, size), seed + i),
            id=f"ind-built-{seed + i}-{size}",
        )
        for i in range(count)
    ]


INDICATOR_RACKS = (
    _indicator_dealt(11000, 80, 21)
    + _indicator_dealt(11100, 60, 22)
    + [p for size in range(8, 14) for p in _indicator_dealt(11200 + 100 * size, 3, size)]
    + _indicator_built(12000, 30, 22)
    + _indicator_built(12100, 12, 21)
)


# --- one-turn finish racks [R-ONE-TURN] ------------------------------------------------


def _full_stock() -> Counter[Tile]:
    stock: Counter[Tile] = Counter({Tile(Face(c, n)): 2 for c in COLOURS for n in range(1, 14)})
    stock[WILD] = 2
    return stock


def _draw(rng: random.Random, stock: Counter[Tile]) -> Tile:
    tile = rng.choice(sorted(stock.elements(), key=lambda t: t.sort_key))
    stock[tile] -= 1
    return tile


def _laid_tiles(
    rng: random.Random, stock: Counter[Tile], count: int, pairs: bool
) -> list[Tile] | None:
    """Exactly ``count`` tiles that form runs and sets (or pairs), copy limits kept;
    ``None`` when the random choices got stuck."""
    tiles: list[Tile] = []
    for _ in range(300):
        room = count - len(tiles)
        if room == 0:
            return tiles
        if pairs:
            face = Face(rng.choice(COLOURS), rng.randint(1, 13))
            group = [Tile(face), Tile(face)]
        else:
            # lengths that leave 0 or at least 3 places to fill
            lengths = [n for n in range(3, min(13, room) + 1) if room - n not in (1, 2)]
            if not lengths:
                return None
            length = rng.choice(lengths)
            colour = rng.choice(COLOURS)
            if length <= 4 and rng.random() < 0.4:
                number = rng.randint(1, 13)
                group = [Tile(Face(c, number)) for c in rng.sample(COLOURS, length)]
            else:
                start = rng.randint(1, 14 - length)
                group = [Tile(Face(colour, n)) for n in range(start, start + length)]
        if stock[WILD] and rng.random() < (0.1 if pairs else 0.2):
            group[rng.randrange(len(group))] = WILD
        need = Counter(group)
        if all(stock[t] >= k for t, k in need.items()):
            stock.subtract(need)
            tiles.extend(group)
    return None


def _finish_rack(seed: int, size: int, pairs: bool) -> Rack:
    """``size - 1`` tiles laid out as melds (or pairs) plus one extra tile (a wild
    one, sometimes); now and then one tile swapped for a random one, which often
    leaves no finish. Falls back to random tiles when the build gets stuck."""
    rng = random.Random(seed)
    stock = _full_stock()
    tiles = _laid_tiles(rng, stock, size - 1, pairs)
    if tiles is None:
        stock = _full_stock()
        tiles = [_draw(rng, stock) for _ in range(size - 1)]
    if stock[WILD] and rng.random() < (0.5 if pairs else 0.35):
        stock[WILD] -= 1
        tiles.append(WILD)
    else:
        tiles.append(_draw(rng, stock))
    if rng.random() < 0.25:  # perturb one tile
        i = rng.randrange(len(tiles))
        new = _draw(rng, stock)
        stock[tiles[i]] += 1
        tiles[i] = new
    return Rack(tuple(tiles))


def _finish_case(seed: int, shape: str, size: int) -> Any:
    """One one-turn case, everything drawn from ``seed``: the rack (built
    ``melds`` / ``pairs`` rack, ``deal``-t rack, or ``ind`` okey-variant rack) and
    the rules (low bars for small racks, a taken discard, joker pairs off). The id
    names the shape, seed and size, e.g. ``fin-melds-20001-22-take``."""
    rng = random.Random(f"finish-{seed}")
    if shape == "deal":
        rack = deal_racks(seed, 1, size)[0]
    else:
        rack = _finish_rack(seed, size, pairs=shape == "pairs")
    rules: dict[str, Any] = {}
    tags = []
    if shape == "ind":
        rules["indicator"], rack = _as_indicator(rack, seed)
    if size <= 12:
        rules["threshold"] = rng.randint(10, 45)
        rules["pairs_threshold"] = rng.randint(2, 5)
        tags.append(f"t{rules['threshold']}p{rules['pairs_threshold']}")
    if rng.random() < 0.2:
        rules["take"] = rng.choice(rack.tiles)
        tags.append("take")
    if rng.random() < 0.15:
        rules["joker_pairs"] = False
        tags.append("nojp")
    name = "-".join(["fin", shape, str(seed), str(size), *tags])
    return pytest.param(rack, Rules(**rules), id=name)


FINISH_CASES = (
    [_finish_case(20000 + i, "melds", 22) for i in range(60)]
    + [_finish_case(20100 + i, "melds", 21) for i in range(40)]
    + [_finish_case(20200 + i, "pairs", 21) for i in range(35)]
    + [_finish_case(20300 + i, "melds", 7 + i % 4) for i in range(30)]
    + [_finish_case(20400 + i, "pairs", 7 + 2 * (i % 2)) for i in range(10)]
    + [_finish_case(20500 + i, "ind", 21 + i % 2) for i in range(15)]
    + [_finish_case(20600 + i, "deal", 21 + i % 2) for i in range(15)]
)


# --- helpers ---------------------------------------------------------------------


def _must_of(tile: Tile | None) -> MustUse:
    """What the exact search must lay for a taken ``tile``: its face, or "wild"."""
    if tile is None:
        return None
    return "wild" if tile.face is None else tile.face


def _must_use(rules: Rules) -> MustUse:
    return _must_of(rules.take)


def _search(rack: Rack, rules: Rules, kind: str, **kw: Any) -> tuple[int, int] | None:
    common: dict[str, Any] = {
        "max_laid": max(0, len(rack) - rules.keep),
        "must_use": _must_use(rules),
    }
    common.update(kw)
    if kind == "melds":
        return best_melds(rack.face_counts, rack.wilds, **common)
    return best_pairs(rack.face_counts, rack.wilds, joker_pairs=rules.joker_pairs, **common)


def _got(opening: Any) -> tuple[int, int]:
    """(score, residual points undoubled) of a solver opening."""
    if opening.kind == "melds":
        return opening.value, opening.residual_penalty
    assert opening.residual_penalty % 2 == 0
    return opening.count, opening.residual_penalty // 2


def _solve(rack: Rack, rules: Rules, kind: str, alternatives: int = 0) -> list[Any]:
    openings = best_openings(rack, rules, kind, alternatives=alternatives, time_limit=TIME_LIMIT)  # type: ignore[arg-type]
    assert openings, "best_openings returned nothing"
    for o in openings:
        validate_opening(rack, rules, o)
    return openings


def _check_value(rack: Rack, rules: Rules, kind: str) -> None:
    """The solver's best opening (objective value) equals the exact search's."""
    opening = _solve(rack, rules, kind)[0]
    want = _search(rack, rules, kind)
    if want is None:
        assert opening.status == "none", f"search: no {kind} opening; solver: {opening}"
        return
    assert opening.status == "optimal", f"{kind}: status {opening.status}"
    assert _got(opening) == want, f"{kind}: solver (score, residual) {_got(opening)}, exact {want}"


# --- the exact search itself, against brute force on tiny racks --------------------


def _all_melds(counts: Counter[Face], wilds: int) -> list[tuple[Counter[Face], int, int]]:
    """Every legal run and set (any length) the tiles can make: (real faces, wilds, value)."""
    out = []
    shapes: list[list[Face]] = []
    for c in COLOURS:
        for start in range(1, 12):
            for end in range(start + 2, 14):
                shapes.append([Face(c, n) for n in range(start, end + 1)])
    for n in range(1, 14):
        for size in (3, 4):
            for colours in combinations(COLOURS, size):
                shapes.append([Face(c, n) for c in colours])
    for shape in shapes:
        for mask in product((False, True), repeat=len(shape)):
            w = sum(mask)
            if w > wilds:
                continue
            real = Counter(f for f, wild in zip(shape, mask, strict=True) if not wild)
            if all(counts[f] >= k for f, k in real.items()):
                out.append((real, w, sum(f.number for f in shape)))
    return out


def _brute_melds(
    counts: Counter[Face], wilds: int, max_laid: int, must: Face | str | None
) -> set[tuple[int, int]]:
    """Every (value, saved points) any meld opening of the tiles reaches."""
    melds = _all_melds(counts, wilds)
    seen: set[tuple[int, int]] = set()

    def rec(start: int, used: Counter[Face], w: int, laid: int, value: int, saved: int) -> None:
        ok = must is None or (must == "wild" and w > 0) or (isinstance(must, Face) and used[must])
        if ok:
            seen.add((value, saved))
        for j in range(start, len(melds)):
            real, mw, mv = melds[j]
            size = sum(real.values()) + mw
            if w + mw > wilds or laid + size > max_laid:
                continue
            if any(used[f] + k > counts[f] for f, k in real.items()):
                continue
            points = sum(f.number * k for f, k in real.items()) + 101 * mw
            rec(j, used + real, w + mw, laid + size, value + mv, saved + points)

    rec(0, Counter(), 0, 0, 0, 0)
    return seen


@pytest.mark.parametrize("seed", range(60), ids=lambda s: f"tiny-{s}")
def test_exact_search_against_brute_force(seed: int) -> None:
    """The exact meld search agrees with brute force on small racks (any run length)."""
    rng = random.Random(seed)
    rack = _built_rack(10_000 + seed, rng.randint(4, 9))
    counts, wilds = rack.face_counts, rack.wilds
    total = rack.points
    for max_laid in sorted({len(rack), len(rack) - 1, rng.randint(0, len(rack))}):
        musts: tuple[MustUse, ...] = (None, _must_of(rng.choice(rack.tiles)), "wild")
        for must_use in musts:
            seen = _brute_melds(counts, wilds, max_laid, must_use)
            want_value = max(seen) if seen else None
            got = best_melds(counts, wilds, max_laid=max_laid, must_use=must_use)
            assert got == (
                None if want_value is None else (want_value[0], total - want_value[1])
            ), (rack.codes, max_laid, must_use)
            bar = rng.randint(10, 60)
            ok = [(s, v) for v, s in seen if v >= bar]
            got = best_melds(
                counts,
                wilds,
                max_laid=max_laid,
                must_use=must_use,
                min_score=bar,
                objective="penalty",
            )
            want = None
            if ok:
                saved, value = max(ok)
                want = (value, total - saved)
            assert got == want, (rack.codes, max_laid, must_use, bar)


def _brute_layouts(
    counts: Counter[Face], wilds: int, pairs: bool, joker_pairs: bool
) -> set[tuple[int, int, int, frozenset[Face]]]:
    """Every (score, tiles laid, wild tiles laid, faces laid) any opening reaches."""
    shapes: list[tuple[Counter[Face], int, int]]
    if pairs:
        shapes = [(Counter({f: 2}), 0, 1) for f in counts if counts[f] >= 2]
        if joker_pairs and wilds:
            shapes += [(Counter({f: 1}), 1, 1) for f in counts if counts[f]]
    else:
        shapes = _all_melds(counts, wilds)
    seen: set[tuple[int, int, int, frozenset[Face]]] = set()

    def rec(start: int, used: Counter[Face], w: int, laid: int, score: int) -> None:
        seen.add((score, laid, w, frozenset(+used)))
        for j in range(start, len(shapes)):
            real, sw, sv = shapes[j]
            if w + sw > wilds or any(used[f] + k > counts[f] for f, k in real.items()):
                continue
            rec(j, used + real, w + sw, laid + sum(real.values()) + sw, score + sv)

    rec(0, Counter(), 0, 0, 0)
    return seen


@pytest.mark.parametrize("seed", range(40), ids=lambda s: f"tiny-finish-{s}")
def test_can_finish_against_brute_force(seed: int) -> None:
    """can_finish (exactly N tiles laid, optionally one wild kept) agrees with brute
    force on small racks, melds and pairs."""
    rng = random.Random(f"tiny-finish-{seed}")
    size = rng.randint(3, 9)
    rack = _finish_rack(30_000 + seed, size, pairs=seed % 3 == 0)
    counts, wilds = rack.face_counts, rack.wilds
    for pairs, joker_pairs in ((False, True), (True, True), (True, False)):
        seen = _brute_layouts(counts, wilds, pairs, joker_pairs)
        for laid in range(len(rack) + 1):
            musts: tuple[MustUse, ...] = (None, _must_of(rng.choice(rack.tiles)), "wild")
            for must_use in musts:
                for wild_discard in (False, True):
                    bar = rng.randint(1, 3) if pairs else rng.randint(6, 40)
                    want = any(
                        score >= bar
                        and n == laid
                        and (not wild_discard or wilds - w == 1)
                        and (
                            must_use is None
                            or (must_use == "wild" and w > 0)
                            or (isinstance(must_use, Face) and must_use in faces)
                        )
                        for score, n, w, faces in seen
                    )
                    got = can_finish(
                        counts,
                        wilds,
                        laid=laid,
                        min_score=bar,
                        must_use=must_use,
                        wild_discard=wild_discard,
                        pairs=pairs,
                        joker_pairs=joker_pairs,
                    )
                    assert got == want, (rack.codes, pairs, joker_pairs, laid, must_use, bar)


# --- the solver against the exact search ---------------------------------------------


@pytest.mark.parametrize("rack", MAIN_RACKS)
def test_best_melds_and_pairs(rack: Rack) -> None:
    """Default rules: best meld and pairs openings are optimal and exactly right."""
    rules = Rules()
    _check_value(rack, rules, "melds")
    _check_value(rack, rules, "pairs")


@pytest.mark.parametrize("keep", [0, 3])
@pytest.mark.parametrize("rack", KEEP_RACKS)
def test_keep(rack: Rack, keep: int) -> None:
    """keep=0 may lay the whole rack, keep=3 leaves three tiles [R-KEEP-DISCARD]."""
    rules = Rules(keep=keep)
    _check_value(rack, rules, "melds")
    _check_value(rack, rules, "pairs")


@pytest.mark.parametrize("kind", ["melds", "pairs"])
@pytest.mark.parametrize("rack", ALT_RACKS)
def test_alternatives(rack: Rack, kind: str) -> None:
    """Alternatives are legal, leave different tiles, come best first; the best is exact."""
    rules = Rules()
    openings = _solve(rack, rules, kind, alternatives=3)
    want = _search(rack, rules, kind)
    assert openings[0].status == "optimal"
    assert _got(openings[0]) == want
    lefts = [Counter(o.left) for o in openings]
    for a, b in combinations(range(len(lefts)), 2):
        assert lefts[a] != lefts[b], f"alternatives {a} and {b} leave the same tiles"
        # b lays a tile beyond a's: it is not a part of an earlier opening
        laid_a, laid_b = Counter(rack.tiles) - lefts[a], Counter(rack.tiles) - lefts[b]
        assert laid_b - laid_a, f"alternative {b} lays only tiles of opening {a}"
    keys = [(o.score, -o.residual_penalty) for o in openings]
    assert keys == sorted(keys, reverse=True), f"alternatives not best first: {keys}"
    for o in openings[1:]:
        assert o.status in ("optimal", "feasible")
        assert o.melds, "an alternative lays nothing"


@pytest.mark.parametrize("kind", ["melds", "pairs"])
@pytest.mark.parametrize("rack", PENALTY_RACKS)
def test_penalty_objective(rack: Rack, kind: str) -> None:
    """objective="penalty": lowest residual among openings meeting the bar, then highest
    score; when none meets the bar, the best opening by value [R-RESIDUAL]."""
    rules = Rules(objective="penalty")
    opening = _solve(rack, rules, kind)[0]
    want = _search(rack, rules, kind, min_score=rules.bar(kind), objective="penalty")  # type: ignore[arg-type]
    if want is not None:
        assert opening.meets_threshold, f"search reaches the bar with {want}; solver does not"
        assert opening.status == "optimal"
        assert _got(opening) == want, f"solver {_got(opening)}, exact {want}"
    else:
        fallback = _search(rack, rules, kind, objective="value")
        assert not opening.meets_threshold
        assert fallback is not None
        assert opening.status == "optimal"
        assert _got(opening) == fallback, f"solver {_got(opening)}, exact fallback {fallback}"


@pytest.mark.parametrize("rack", JOKER_PAIR_RACKS)
def test_no_joker_pairs(rack: Rack) -> None:
    """joker_pairs=False: no wild tile in a pair [R-PAIR]."""
    _check_value(rack, Rules(joker_pairs=False), "pairs")


def _take_cases() -> list[Any]:
    cases = []
    for p in TAKE_RACKS:
        (rack,) = p.values
        cases.append(pytest.param(rack, rack.tiles[2], id=f"{p.id}-take3"))
        if rack.wilds:
            cases.append(pytest.param(rack, WILD, id=f"{p.id}-takeJ"))
    return cases


@pytest.mark.parametrize(("rack", "take"), _take_cases())
def test_take_discard(rack: Rack, take: Tile) -> None:
    """The taken discard must be laid [R-TAKE-DISCARD]; status "none" when it cannot be."""
    rules = Rules(take=take)
    _check_value(rack, rules, "melds")
    _check_value(rack, rules, "pairs")
    for kind in ("melds", "pairs"):
        rules = Rules(take=take, objective="penalty")
        opening = _solve(rack, rules, kind)[0]
        want = _search(rack, rules, kind, min_score=rules.bar(kind), objective="penalty")
        if want is None:
            want = _search(rack, rules, kind)
        if want is None:
            assert opening.status == "none"
        else:
            assert opening.status == "optimal"
            assert _got(opening) == want


# --- the okey variant [R-INDICATOR] -------------------------------------------------


@pytest.mark.parametrize(("indicator", "rack"), INDICATOR_RACKS)
def test_indicator(indicator: Face, rack: Rack) -> None:
    """Okey variant: okeys are wild, fake okeys play as the okey's face (and cost its
    number when left); best melds and pairs optimal and exactly right, validated."""
    okey = okey_face(indicator)
    fakes = [t for t in rack.tiles if t.fake]
    # the rack is a legal okey-variant rack: no plain okey tile, fakes of the okey's face
    assert all(t.face == okey for t in fakes)
    assert rack.face_counts[okey] == len(fakes) <= 2
    assert rack.face_counts[indicator] <= 1
    assert rack.wilds <= 2
    rules = Rules(indicator=indicator)
    for kind in ("melds", "pairs"):
        _check_value(rack, rules, kind)
    if fakes:  # a taken fake okey must be laid, as its face [R-TAKE-DISCARD]
        rules = Rules(indicator=indicator, take=fakes[0])
        for kind in ("melds", "pairs"):
            _check_value(rack, rules, kind)


# --- one-turn finish [R-ONE-TURN, R-JOKER-FINISH] ------------------------------------

FINISH_ORDER: tuple[tuple[str, bool], ...] = (
    ("melds", True),
    ("pairs", True),
    ("melds", False),
    ("pairs", False),
)
"""The order one_turn_finish tries: a joker discard first, melds or pairs (it scores
double [R-SCORE]), then melds, then pairs (pairs only when an even number of tiles
is laid)."""


def _finishes(rack: Rack, rules: Rules, kind: str, joker: bool) -> bool:
    """Exact: all tiles but one laid as ``kind`` meeting the bar (the one left a wild
    tile when ``joker``), the taken discard laid."""
    laid = len(rack) - 1
    if kind == "pairs" and laid % 2:
        return False
    return can_finish(
        rack.face_counts,
        rack.wilds,
        laid=laid,
        min_score=rules.bar(kind),  # type: ignore[arg-type]
        must_use=_must_use(rules),
        wild_discard=joker,
        pairs=kind == "pairs",
        joker_pairs=rules.joker_pairs,
    )


def _exact_finish(rack: Rack, rules: Rules) -> tuple[str, bool] | None:
    """The first (kind, joker discard) of :data:`FINISH_ORDER` that finishes, or None."""
    if len(rack) < 2:
        return None
    return next(((k, j) for k, j in FINISH_ORDER if _finishes(rack, rules, k, j)), None)


def _check_finish(rack: Rack, rules: Rules) -> Any:
    got = one_turn_finish(rack, rules, time_limit=TIME_LIMIT)
    want = _exact_finish(rack, rules)
    assert got.applies, "nobody has opened: a one-turn finish applies"
    assert got.proven, "one_turn_finish ran out of time"
    assert (got.possible, got.joker_finish) == (want is not None, bool(want and want[1])), (
        f"solver possible={got.possible} joker={got.joker_finish}; exact {want}"
    )
    if want is None:
        assert got.opening is None and got.discard is None
        assert (got.winner_points, got.opponent_points) == (0, 0)
        return got
    kind, joker = want
    opening = got.opening
    assert opening is not None
    assert opening.kind == kind, f"solver finishes with {opening.kind}, exact with {kind}"
    assert opening.status in ("optimal", "feasible")
    validate_opening(rack, replace(rules, keep=1), opening)
    assert len(opening.left) == 1, f"{len(opening.left)} tiles left, not one discard"
    assert got.discard == opening.left[0]
    assert got.discard.is_wild == joker, f"discard {got.discard.code}, joker finish {joker}"
    assert opening.meets_threshold and opening.score >= rules.bar(opening.kind)
    points = (404, -808) if joker else (202, -404)  # [R-SCORE, R-ONE-TURN]
    assert (got.winner_points, got.opponent_points) == points
    return got


@pytest.mark.parametrize(("rack", "rules"), FINISH_CASES)
def test_one_turn_finish(rack: Rack, rules: Rules) -> None:
    """possible / joker finish equal the exact search's; the finish is legal, leaves
    one tile (a wild one for a joker finish), meets the bar and scores right; once
    someone has opened it does not apply [R-ONE-TURN, R-JOKER-FINISH, R-SCORE]."""
    _check_finish(rack, rules)
    for opened in (replace(rules, after=120), replace(rules, after_pairs=5)):
        got = one_turn_finish(rack, opened, time_limit=TIME_LIMIT)
        assert not got.applies and not got.possible and not got.joker_finish
        assert got.opening is None and got.discard is None
        assert (got.winner_points, got.opponent_points) == (0, 0)


FINISH_NAMED: dict[str, tuple[str, dict[str, Any], tuple[str, bool] | None]] = {
    # R1-R11 (J as R10) + R1-R9 = 111 finishes plainly; no 20 melded tiles keep the J,
    # but 10 pairs do, and a joker finish scores double
    "melds-plain": (
        "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R7 R8 R8 R9 R9 R11 R11 J",
        {},
        ("pairs", True),  # 10 pairs keeping the J beat R1-R11 + R1-R9 [R-SCORE]
    ),
    # two runs R1-R10 = 110, the J discarded
    "melds-joker": (
        "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R7 R8 R8 R9 R9 R10 R10 J",
        {},
        ("melds", True),
    ),
    # ten pairs, Y11 discarded; melds cannot lay 20 tiles (R13 B13 need a third colour)
    "pairs-plain": (
        "R1 R1 B1 B1 K1 K1 Y1 Y1 R13 R13 B13 B13 K2 K2 Y2 Y2 R5 R5 B9 B9 Y11",
        {},
        ("pairs", False),
    ),
    "pairs-joker": ("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 R5 J", {}, ("pairs", True)),
    "joker-pair-needed": ("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 J B7", {}, ("pairs", False)),
    "joker-pairs-off": ("R1 R1 B2 B2 K3 K3 Y4 Y4 R5 J B7", {"joker_pairs": False}, None),
    "nothing": ("R1 R1 B3 B3 K5 K5 Y7 Y7 R9 B11 K13 Y2 R4 B6 K8 Y10 R12 B1 K3 Y5 R6", {}, None),
    # R10-R13 = 46 laid, the J discarded; a taken J must be laid: J R11 R12 R13, R10 left
    "small-joker": ("R10 R11 R12 R13 J", {"threshold": 30}, ("melds", True)),
    "take-blocks-joker": ("R10 R11 R12 R13 J", {"threshold": 30, "take": WILD}, ("melds", False)),
    "bar-met": ("R1 R2 R3 B7", {"threshold": 6}, ("melds", False)),
    "bar-missed": ("R1 R2 R3 B7", {"threshold": 7}, None),
    "taken-tile-is-the-odd-one": (
        "R1 R2 R3 B7",
        {"threshold": 6, "take": Tile(Face(COLOURS[1], 7))},
        None,
    ),
}
"""Hand-made one-turn racks (classic jokers): (rack, rules, first finish of FINISH_ORDER)."""


@pytest.mark.parametrize("name", sorted(FINISH_NAMED))
def test_one_turn_named(name: str) -> None:
    text, kw, expected = FINISH_NAMED[name]
    rack, rules = _rack(text), Rules(**kw)
    assert _exact_finish(rack, rules) == expected, "the exact search is wrong"
    _check_finish(rack, rules)


def test_one_turn_prefers_any_joker_finish() -> None:
    """A one-turn finish with a joker discard scores twice as much, whatever was laid
    [R-SCORE]: the rack below finishes plainly with melds (R1-R11 + R1-R9, R11
    discarded) and with 10 pairs keeping the J, so a joker finish is possible."""
    rack = _rack("R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R7 R8 R8 R9 R9 R11 R11 J")
    assert _finishes(rack, Rules(), "pairs", joker=True)
    assert _finishes(rack, Rules(), "melds", joker=False)
    assert not _finishes(rack, Rules(), "melds", joker=True)
    got = one_turn_finish(rack, Rules(), time_limit=TIME_LIMIT)
    assert got.joker_finish and (got.winner_points, got.opponent_points) == (404, -808)


# --- the validator catches broken openings ------------------------------------------


FAKE_INDICATOR = Face(COLOURS[0], 6)
"""Indicator R6 for hand-made okey-variant racks: the okey is R7, ``F`` a fake R7."""


def _t(code: str) -> Tile:
    if code == "J":
        return WILD
    if code == "F":
        return Tile(okey_face(FAKE_INDICATOR), fake=True)
    colour = {c.value: c for c in COLOURS}[code[0]]
    return Tile(Face(colour, int(code[1:])))


def _opening(rack: Rack, kind: str, melds: list[tuple[str, str, str]], **kw: Any) -> Any:
    """An Opening of ``rack`` laying ``melds`` (kind, tile codes, stands-for codes),
    with ``left``, penalty and threshold computed right unless given in ``kw``."""
    from rummy101_solver.engine.solver import Meld, Opening

    built = tuple(
        Meld(k, tuple(_t(c) for c in tiles.split()), tuple(_t(c).face for c in faces.split()))  # type: ignore[misc,arg-type]
        for k, tiles, faces in melds
    )
    pool = Counter(rack.tiles)
    for m in built:
        pool.subtract(m.tiles)
    left = tuple(sorted(pool.elements(), key=lambda t: t.sort_key))
    points = sum(t.points for t in left) * (2 if kind == "pairs" else 1)
    score = sum(m.value for m in built) if kind == "melds" else len(built)
    bar = 101 if kind == "melds" else 5
    fields: dict[str, Any] = {
        "kind": kind,
        "melds": built,
        "left": left,
        "residual_penalty": points,
        "status": "optimal",
        "meets_threshold": bool(built) and score >= bar,
    }
    fields.update(kw)
    return Opening(**fields)


def _rack(text: str) -> Rack:
    return Rack(tuple(_t(c) for c in text.split()))


_RACK = _rack("R1 R7 R7 R12 R13 B7 B12 K12 Y12 J J")

BadCase = tuple[str, list[tuple[str, str, str]], dict[str, Any]]

BAD: dict[str, BadCase] = {
    "wrap-run": ("melds", [("run", "R12 R13 R1", "R12 R13 R1")], {}),
    "short-run": ("melds", [("run", "R12 R13", "R12 R13")], {}),
    "mixed-colour-run": ("melds", [("run", "R12 R13 J", "R12 R13 B1")], {}),
    "gap-run": ("melds", [("run", "R7 J R13", "R7 R8 R13")], {}),
    "set-repeats-colour": ("melds", [("set", "R7 R7 B7", "R7 R7 B7")], {}),
    "set-of-five": ("melds", [("set", "R12 B12 K12 Y12 J", "R12 B12 K12 Y12 R12")], {}),
    "set-two-numbers": ("melds", [("set", "R12 B12 J", "R12 B12 K13")], {}),
    "no-tile-14": ("melds", [("run", "R12 R13 J", "R12 R13 R14")], {}),
    "tile-as-other-face": ("melds", [("set", "R7 B7 R1", "R7 B7 K7")], {}),
    "tile-not-on-rack": ("melds", [("set", "R7 B7 K7", "R7 B7 K7")], {}),
    "pair-in-melds": ("melds", [("pair", "R7 R7", "R7 R7")], {}),
    "run-in-pairs": ("pairs", [("run", "R12 R13 J", "R11 R12 R13")], {}),
    "two-wild-pair": ("pairs", [("pair", "J J", "R7 R7")], {}),
    "odd-pair": ("pairs", [("pair", "R7 B7", "R7 B7")], {}),
    "wrong-penalty": ("melds", [("run", "J R12 R13", "R11 R12 R13")], {"residual_penalty": 0}),
    "wrong-threshold": ("melds", [("run", "J R12 R13", "R11 R12 R13")], {"meets_threshold": True}),
    "tile-lost": ("melds", [("run", "J R12 R13", "R11 R12 R13")], {"left": (_t("R1"),)}),
    "tile-doubled": ("pairs", [("pair", "R7 R7", "R7 R7"), ("pair", "R7 J", "R7 R7")], {}),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_validator_rejects(name: str) -> None:
    kind, melds, kw = BAD[name]
    opening = _opening(_RACK, kind, melds, **kw)
    with pytest.raises(AssertionError):
        validate_opening(_RACK, Rules(), opening)


def test_validator_rules_switches() -> None:
    keep_all = _opening(_rack("R1 R2 R3"), "melds", [("run", "R1 R2 R3", "R1 R2 R3")])
    validate_opening(Rack(keep_all.melds[0].tiles), Rules(keep=0), keep_all)
    with pytest.raises(AssertionError, match="R-KEEP-DISCARD"):
        validate_opening(Rack(keep_all.melds[0].tiles), Rules(), keep_all)
    joker_pair = _opening(_RACK, "pairs", [("pair", "R7 J", "R7 R7")])
    validate_opening(_RACK, Rules(), joker_pair)
    with pytest.raises(AssertionError, match="R-PAIR"):
        validate_opening(_RACK, Rules(joker_pairs=False), joker_pair)
    run = _opening(_RACK, "melds", [("run", "J R12 R13", "R11 R12 R13")])
    validate_opening(_RACK, Rules(take=_t("R13")), run)
    validate_opening(_RACK, Rules(take=WILD), run)
    with pytest.raises(AssertionError, match="R-TAKE-DISCARD"):
        validate_opening(_RACK, Rules(take=_t("R7")), run)


_FAKE_RACK = _rack("F R8 R9 B7 K7 Y1 J")
_FAKE_RULES = Rules(indicator=FAKE_INDICATOR)

FAKE_OK = {
    "fake-in-run": [("run", "F R8 R9", "R7 R8 R9")],
    "fake-in-set": [("set", "F B7 K7", "R7 B7 K7")],
    "fake-with-okey": [("run", "F R8 R9 J", "R7 R8 R9 R10")],
    "fake-left": [("run", "R8 R9 J", "R8 R9 R10")],
}
FAKE_BAD: dict[str, BadCase] = {
    "fake-as-wild-in-run": ("melds", [("run", "R8 R9 F", "R8 R9 R10")], {}),
    "fake-as-wild-in-set": ("melds", [("set", "F B7 K7", "Y7 B7 K7")], {}),
    "plain-okey-for-fake": ("melds", [("run", "R7 R8 R9", "R7 R8 R9")], {}),
    # a fake left costs its number (7), not 101: F B7 K7 Y1 = 22
    "fake-left-as-wild": ("melds", [("run", "R8 R9 J", "R8 R9 R10")], {"residual_penalty": 116}),
}


@pytest.mark.parametrize("name", sorted(FAKE_OK))
def test_validator_fake_okey_accepted(name: str) -> None:
    """A fake okey is a plain tile of the okey's face [R-INDICATOR]."""
    opening = _opening(_FAKE_RACK, "melds", FAKE_OK[name])
    assert sum(t.points for t in opening.left) == opening.residual_penalty
    validate_opening(_FAKE_RACK, _FAKE_RULES, opening)
    if name == "fake-left":
        assert opening.residual_penalty == 7 + 7 + 7 + 1


@pytest.mark.parametrize("name", sorted(FAKE_BAD))
def test_validator_fake_okey_rejected(name: str) -> None:
    """A fake okey never plays as a wild tile, and costs its number when left."""
    kind, melds, kw = FAKE_BAD[name]
    with pytest.raises(AssertionError):
        validate_opening(_FAKE_RACK, _FAKE_RULES, _opening(_FAKE_RACK, kind, melds, **kw))
