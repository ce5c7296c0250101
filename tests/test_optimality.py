"""The solver against an independent exact search, on seeded racks.

Every opening the solver returns goes through :func:`validator.validate_opening`
(legal melds, tiles accounted for, numbers right), and its value / pairs and
residual penalty must equal those of :mod:`exact_search` (plain Python, runs of
any length 3–13, no CP-SAT). Racks are dealt with ``deal_racks`` or built from
random melds (``_built_rack``: long runs, full sets, pairs, wild tiles — the
shapes random deals rarely hold). Test ids name the rack, so a failure can be
replayed.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest

from rummy101_solver.deal import deal_racks
from rummy101_solver.rules import Rules
from rummy101_solver.solver import best_openings
from rummy101_solver.tiles import COLOURS, WILD, Face, Rack, Tile

sys.path.insert(0, str(Path(__file__).parent))

from exact_search import best_melds, best_pairs
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
PENALTY_RACKS = _dealt(6100, 40, 22) + _dealt(6200, 10, 12) + _built(6300, 50, 22)
JOKER_PAIR_RACKS = _dealt(7100, 50, 22) + _built(7200, 50, 22)
TAKE_RACKS = _dealt(8100, 60, 22) + _dealt(8200, 20, 11) + _built(8300, 40, 22)


# --- helpers ---------------------------------------------------------------------


def _must_use(rules: Rules) -> Face | str | None:
    if rules.take is None:
        return None
    return "wild" if rules.take.is_wild else rules.take.face


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
        for must in (None, rack.tiles[rng.randrange(len(rack))], "wild"):
            must_use = must.face or "wild" if isinstance(must, Tile) else must
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
        want = _search(rack, rules, kind, min_score=rules.bar(kind), objective="penalty")  # type: ignore[arg-type]
        if want is None:
            want = _search(rack, rules, kind)
        if want is None:
            assert opening.status == "none"
        else:
            assert opening.status == "optimal"
            assert _got(opening) == want


# --- the validator catches broken openings ------------------------------------------


def _t(code: str) -> Tile:
    if code == "J":
        return WILD
    colour = {c.value: c for c in COLOURS}[code[0]]
    return Tile(Face(colour, int(code[1:])))


def _opening(rack: Rack, kind: str, melds: list[tuple[str, str, str]], **kw: Any) -> Any:
    """An Opening of ``rack`` laying ``melds`` (kind, tile codes, stands-for codes),
    with ``left``, penalty and threshold computed right unless given in ``kw``."""
    from rummy101_solver.solver import Meld, Opening

    built = tuple(
        Meld(k, tuple(_t(c) for c in tiles.split()), tuple(_t(c).face for c in faces.split()))  # type: ignore[misc]
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

BAD = {
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
