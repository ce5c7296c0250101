"""An independent exact search for the best opening, for the test-suite.

Plain Python, memoised recursion; it shares nothing with the package but the
tile types (no CP-SAT, no candidate generation). Runs of ANY length 3–13 are
tried (the package only packs runs of 3–5), sets of 3–4, wild tiles standing
for any face 1–13.

Both searches return ``(score, residual_points)`` of the best opening, or
``None`` when no opening satisfies the constraints:

- ``score``: points laid (melds) or pairs laid (pairs);
- ``residual_points``: the numbers of the tiles NOT laid plus 101 per wild tile
  not laid (undoubled for pairs).

:func:`can_finish` answers a yes/no question instead: is there an opening
laying EXACTLY a given number of tiles (optionally keeping exactly one wild
tile back), scoring at least a bar and laying a given tile — a one-turn finish
[R-ONE-TURN, R-JOKER-FINISH].

Orders: objective ``"value"``: highest score, then lowest residual.
Objective ``"penalty"``: lowest residual, then highest score. With
``min_score`` only openings scoring at least that much count (objective
``"penalty"`` uses it for the bar). The empty opening (nothing laid) counts
when no constraint forbids it.

How the meld search works: the faces are visited in canonical order
(``Face.index``). At the smallest face still holding tiles either one copy
stays on the rack for good, or a copy is laid in a meld in which it is the
smallest-index non-wild tile: a run of its colour (wild tiles may stand below
it, and for any place above it), or a set of its number whose other real
tiles are of later colours. Every opening is reached this way: in any
opening, the smallest face left in play is either left on the rack or is the
smallest real tile of the meld holding it. Each state returns the Pareto
front of (score, points laid) — or only its lexicographic best for the value
objective — so both objectives are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from itertools import combinations
from typing import Literal

from rummy101_solver.game.tiles import COLOURS, Face

WILD_POINTS = 101
MAX_WILDS = 2

MustUse = Face | Literal["wild"] | None
Front = tuple[tuple[int, int], ...]
"""(score, saved points) pairs; saved = numbers of real tiles laid + 101 per wild laid."""


def _pareto(points: list[tuple[int, int]]) -> Front:
    """Non-dominated (score, saved) pairs, both maximised."""
    out: list[tuple[int, int]] = []
    best_saved = None
    for score, saved in sorted(set(points), reverse=True):
        if best_saved is None or saved > best_saved:
            out.append((score, saved))
            best_saved = saved
    return tuple(out)


def _lex_best(points: list[tuple[int, int]]) -> Front:
    """Only the best (score, saved) pair, lexicographically."""
    return (max(points),)


def _pick(
    front: Front | None,
    total: int,
    min_score: int | None,
    objective: str,
) -> tuple[int, int] | None:
    if front is None:
        return None
    ok = [(s, saved) for s, saved in front if min_score is None or s >= min_score]
    if not ok:
        return None
    if objective == "value":
        score, saved = max(ok)
    elif objective == "penalty":
        saved, score = max((saved, s) for s, saved in ok)
    else:
        raise ValueError(f"unknown objective {objective!r}")
    return score, total - saved


# --- melds -------------------------------------------------------------------

# One way to lay the smallest real tile: (other real faces, wilds used, length, value).
Move = tuple[tuple[Face, ...], int, int, int]


def _run_moves(face: Face, present: set[Face]) -> list[Move]:
    # runs of the face's colour in which it is the lowest real tile [R-RUN, R-WILD]
    out: list[Move] = []
    colour, n = face.colour, face.number
    for start in range(1, n + 1):
        below = n - start  # places below the face: wild, nothing real is left there
        if below > MAX_WILDS:
            continue
        for end in range(max(n, start + 2), 14):
            above = [Face(colour, m) for m in range(n + 1, end + 1)]
            missing = sum(1 for f in above if f not in present)
            if below + missing > MAX_WILDS:
                continue
            held = [f for f in above if f in present]
            value = sum(range(start, end + 1))
            length = end - start + 1
            # each held face above: real, or a wild in its place
            for k in range(MAX_WILDS - below - missing + 1):
                for wild_places in combinations(held, k):
                    real = tuple(f for f in held if f not in wild_places)
                    out.append((real, below + missing + k, length, value))
    return out


def _set_moves(face: Face, present: set[Face]) -> list[Move]:
    # sets of the face's number in which it is the first real colour [R-SET, R-WILD]
    out: list[Move] = []
    later = [
        Face(c, face.number)
        for c in COLOURS
        if c.rank > face.colour.rank and Face(c, face.number) in present
    ]
    for k in range(len(later) + 1):
        for others in combinations(later, k):
            real = 1 + k
            for wild in range(MAX_WILDS + 1):
                size = real + wild
                if 3 <= size <= 4:
                    out.append((others, wild, size, face.number * size))
    return out


# Per face index: (other faces' indices, wilds used, length, value, points of real tiles).
IndexedMove = tuple[tuple[int, ...], int, int, int, int]


def _indexed_moves(
    counts: Mapping[Face, int],
) -> tuple[list[Face], dict[Face, int], list[list[IndexedMove]]]:
    """The rack's faces in canonical order, their positions, and each face's moves."""
    faces = sorted(f for f, k in counts.items() if k > 0)
    pos = {f: i for i, f in enumerate(faces)}
    present = set(faces)
    moves: list[list[IndexedMove]] = []
    for f in faces:
        mine = []
        for others, w, length, value in _run_moves(f, present) + _set_moves(f, present):
            saved_real = f.number + sum(o.number for o in others)
            mine.append((tuple(pos[o] for o in others), w, length, value, saved_real))
        moves.append(mine)
    return faces, pos, moves


def _meld_front(
    counts: Mapping[Face, int],
    wilds: int,
    max_laid: int,
    must_use: MustUse,
    reduce: Callable[[list[tuple[int, int]]], Front],
) -> Front | None:
    faces, pos, moves = _indexed_moves(counts)
    must_pos = -1
    if isinstance(must_use, Face):
        if must_use not in pos:
            return None
        must_pos = pos[must_use]

    @cache
    def go(state: tuple[int, ...], wild: int, budget: int, must_ok: bool) -> Front | None:
        i = next((j for j, k in enumerate(state) if k), len(state))
        if not must_ok:
            if must_use == "wild" and wild == 0:
                return None
            if must_pos >= 0 and must_pos < i:
                return None
        if i == len(state):
            return ((0, 0),) if must_ok else None
        results: list[tuple[int, int]] = []
        # this copy stays on the rack
        rest = list(state)
        rest[i] -= 1
        child = go(*_key(rest, wild, budget, must_ok))
        if child is not None:
            results.extend(child)
        # or it is laid as the lowest real tile of a meld
        for others, w, length, value, saved_real in moves[i]:
            if w > wild or length > budget or any(state[o] == 0 for o in others):
                continue
            nxt = list(state)
            nxt[i] -= 1
            for o in others:
                nxt[o] -= 1
            ok = must_ok or (must_use == "wild" and w > 0) or i == must_pos or must_pos in others
            child = go(*_key(nxt, wild - w, budget - length, ok))
            if child is not None:
                saved = saved_real + WILD_POINTS * w
                results.extend((s + value, r + saved) for s, r in child)
        return reduce(results) if results else None

    def _key(state: list[int], wild: int, budget: int, must_ok: bool) -> tuple:  # type: ignore[type-arg]
        # a budget above the tiles still in play constrains nothing
        return tuple(state), wild, min(budget, sum(state) + wild), must_ok

    start = [counts[f] for f in faces]
    return go(*_key(start, wilds, max_laid, must_use is None))


def best_melds(
    counts: Mapping[Face, int],
    wilds: int,
    *,
    max_laid: int,
    must_use: MustUse = None,
    min_score: int | None = None,
    objective: str = "value",
) -> tuple[int, int] | None:
    """(value, residual points) of the best meld opening, or ``None`` (see the module docstring)."""
    assert 0 <= wilds <= MAX_WILDS
    total = sum(f.number * k for f, k in counts.items()) + WILD_POINTS * wilds
    reduce = _lex_best if objective == "value" else _pareto
    front = _meld_front(counts, wilds, max(0, max_laid), must_use, reduce)
    return _pick(front, total, min_score, objective)


# --- pairs -------------------------------------------------------------------


def best_pairs(
    counts: Mapping[Face, int],
    wilds: int,
    *,
    max_laid: int,
    must_use: MustUse = None,
    min_score: int | None = None,
    objective: str = "value",
    joker_pairs: bool = True,
    twin: bool = False,
) -> tuple[int, int] | None:
    """(pairs, residual points, undoubled) of the best pairs opening, or ``None``.

    A pair is two tiles of one face, or one tile and a wild tile (unless
    ``joker_pairs`` is False); two wild tiles are not a pair [R-PAIR]. With
    ``twin`` the indicator's twin lies on the indicator: one more wild tile that
    completes one pair, not a rack tile (it costs nothing unused and counts in no
    ``max_laid``) [R-INDICATOR-TWIN].
    """
    assert 0 <= wilds <= MAX_WILDS
    faces = sorted(f for f, k in counts.items() if k > 0)
    total = sum(f.number * k for f, k in counts.items()) + WILD_POINTS * wilds
    reduce = _lex_best if objective == "value" else _pareto

    @cache
    def go(i: int, wild: int, budget: int, must_ok: bool, twin_left: int) -> Front | None:
        if i == len(faces):
            if not must_ok:
                return None
            return ((0, 0),)
        face = faces[i]
        n = counts[face]
        results: list[tuple[int, int]] = []
        for both in range(n // 2 + 1):  # pairs of two real copies
            top = min(n - 2 * both, wild) if joker_pairs else 0
            for single in range(top + 1):  # pairs of a real copy and a wild
                for tw in range(min(twin_left, n - 2 * both - single) + 1):  # with the twin
                    pairs = both + single + tw
                    laid = 2 * (both + single) + tw
                    if laid > budget:
                        continue
                    ok = must_ok or (
                        (must_use == "wild" and single > 0) or (must_use == face and pairs > 0)
                    )
                    child = go(i + 1, wild - single, budget - laid, ok, twin_left - tw)
                    if child is None:
                        continue
                    saved = face.number * (2 * both + single + tw) + WILD_POINTS * single
                    results.extend((s + pairs, r + saved) for s, r in child)
        return reduce(results) if results else None

    front = go(0, wilds, max(0, max_laid), must_use is None, int(twin))
    return _pick(front, total, min_score, objective)


# --- exact lay-downs (one-turn finish) --------------------------------------------


def can_finish(
    counts: Mapping[Face, int],
    wilds: int,
    *,
    laid: int,
    min_score: int,
    must_use: MustUse = None,
    wild_discard: bool = False,
    pairs: bool = False,
    joker_pairs: bool = True,
) -> bool:
    """Is there an opening laying EXACTLY ``laid`` tiles that scores at least
    ``min_score`` (points for melds, pairs for ``pairs``) and lays ``must_use``?

    With ``wild_discard`` exactly one wild tile stays on the rack (the other
    tiles left, if any, are real). A one-turn finish [R-ONE-TURN] is
    ``laid = len(rack) - 1``; a joker finish [R-JOKER-FINISH] adds
    ``wild_discard``. The search is the meld / pairs recursion above, with the
    tiles kept on the rack counted exactly instead of bounded.
    """
    assert 0 <= wilds <= MAX_WILDS
    keep = sum(counts.values()) + wilds - laid
    if laid < 0 or keep < 0:
        return False
    wilds_kept: int | None = None
    if wild_discard:
        if wilds < 1 or keep < 1:
            return False
        wilds_kept = 1
    search = _finish_pairs if pairs else _finish_melds
    best = search(counts, wilds, keep, wilds_kept, must_use, joker_pairs)
    return best is not None and best >= min_score


def _kept_right(real_budget: int, wilds_left: int, wilds_kept: int | None) -> bool:
    # at the end every real tile is placed: the wild tiles not laid stay on the rack
    if wilds_kept is None:
        return real_budget == wilds_left  # keep = real tiles kept + wild tiles kept
    return real_budget == 0 and wilds_left == wilds_kept


def _finish_melds(
    counts: Mapping[Face, int],
    wilds: int,
    keep: int,
    wilds_kept: int | None,
    must_use: MustUse,
    joker_pairs: bool,
) -> int | None:
    """Highest meld value laying all but exactly ``keep`` tiles, or ``None``."""
    faces, pos, moves = _indexed_moves(counts)
    must_pos = -1
    if isinstance(must_use, Face):
        if must_use not in pos:
            return None
        must_pos = pos[must_use]

    @cache
    def go(state: tuple[int, ...], wild: int, budget: int, must_ok: bool) -> int | None:
        # budget: real tiles that may still stay on the rack
        i = next((j for j, k in enumerate(state) if k), len(state))
        if not must_ok:
            if must_use == "wild" and wild == 0:
                return None
            if must_pos >= 0 and must_pos < i:
                return None
        if i == len(state):
            return 0 if must_ok and _kept_right(budget, wild, wilds_kept) else None
        best: int | None = None
        if budget > 0:  # this copy stays on the rack
            rest = list(state)
            rest[i] -= 1
            best = go(tuple(rest), wild, budget - 1, must_ok)
        for others, w, _length, value, _saved in moves[i]:
            if w > wild or any(state[o] == 0 for o in others):
                continue
            nxt = list(state)
            nxt[i] -= 1
            for o in others:
                nxt[o] -= 1
            ok = must_ok or (must_use == "wild" and w > 0) or i == must_pos or must_pos in others
            child = go(tuple(nxt), wild - w, budget, ok)
            if child is not None and (best is None or child + value > best):
                best = child + value
        return best

    real_budget = keep - (wilds_kept or 0)
    if real_budget < 0:
        return None
    return go(tuple(counts[f] for f in faces), wilds, real_budget, must_use is None)


def _finish_pairs(
    counts: Mapping[Face, int],
    wilds: int,
    keep: int,
    wilds_kept: int | None,
    must_use: MustUse,
    joker_pairs: bool,
) -> int | None:
    """Most pairs laying all but exactly ``keep`` tiles, or ``None`` [R-PAIR]."""
    faces = sorted(f for f, k in counts.items() if k > 0)
    if isinstance(must_use, Face) and must_use not in faces:
        return None

    @cache
    def go(i: int, wild: int, budget: int, must_ok: bool) -> int | None:
        if i == len(faces):
            return 0 if must_ok and _kept_right(budget, wild, wilds_kept) else None
        face = faces[i]
        n = counts[face]
        best: int | None = None
        for both in range(n // 2 + 1):  # pairs of two real copies
            top = min(n - 2 * both, wild) if joker_pairs else 0
            for single in range(top + 1):  # pairs of a real copy and a wild
                stay = n - 2 * both - single
                if stay > budget:
                    continue
                made = both + single
                used = (must_use == "wild" and single > 0) or (must_use == face and made > 0)
                ok = must_ok or used
                child = go(i + 1, wild - single, budget - stay, ok)
                if child is not None and (best is None or child + made > best):
                    best = child + made
        return best

    real_budget = keep - (wilds_kept or 0)
    if real_budget < 0:
        return None
    return go(0, wilds, real_budget, must_use is None)
