"""An independent exact search for the best turn against the table, for the tests.

Plain Python, no CP-SAT, nothing from the package's candidates or models: it
uses only the tile types and the table as parsed (:class:`TableGroup`). It
tries every way each table group can change (grow at a run's ends or by a
set's missing colours, real tile or wild at each new place, any jokers
retrieved), every combination of them, and every packing of the tiles left
into new melds/pairs (runs of any length, sets, pairs), then keeps the best by
the play order: a finish, a joker finish, the lowest residual penalty.

For small racks (up to ~8 tiles) and tables (up to ~4 groups) only.

A set's unpinned joker stands for any colour the set lacks, and a group that
reads two ways (``R7 J J``: a run as written, or a set) is read both ways:
every reading is tried [R-RUN, R-SET, R-WILD]. The conventions are the ones
``play`` documents: an opening's own melds (those meeting the bar) use only the
rack's wild tiles (the retrieval comes after the opening); further melds of
the opening turn may hold the jokers it frees unless ``freed_joker_melds`` is
off (then every new meld is the opening's own); under ``full-set`` a joker
leaves a set of 3 only with the fourth colour laid as a real tile;
``layoff_limit`` counts the tiles that grow a group; ``layoff_per_end`` the tiles at
one end of a run.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache
from itertools import combinations, product
from typing import Any

from rummy101_solver.game.tiles import COLOURS, Face, Rack

WILD_POINTS = 101
UNOPENED = 202

Faces = tuple[tuple[int, int], ...]  # (face index, copies), sorted


def _key(counts: Counter[Face]) -> Faces:
    return tuple(sorted((f.index, k) for f, k in counts.items() if k > 0))


# --- new melds and pairs --------------------------------------------------------------
def _meld_value(reals: tuple[Face, ...], wilds: int, kind: str, joker_pairs: bool) -> int | None:
    """The best value of a legal group of these real faces and wild tiles, or None."""
    size = len(reals) + wilds
    if not reals:
        return None
    if kind == "pair":
        if size != 2:
            return None
        if wilds == 1 and joker_pairs:
            return 2 * reals[0].number
        if wilds == 0 and reals[0] == reals[1]:
            return 2 * reals[0].number
        return None
    best = None
    numbers = [f.number for f in reals]
    colours = [f.colour for f in reals]
    # a set: one number, distinct colours, 3 or 4 tiles
    if 3 <= size <= 4 and len(set(numbers)) == 1 and len(set(colours)) == len(colours):
        best = numbers[0] * size
    # a run: one colour, distinct numbers, within 1..13; spare wild tiles go as
    # high as they can (worth most)
    if 3 <= size <= 13 and len(set(colours)) == 1 and len(set(numbers)) == len(numbers):
        low, high = min(numbers), max(numbers)
        start = min(low, 14 - size)
        if start >= 1 and start + size - 1 >= high:
            value = sum(range(start, start + size))
            best = value if best is None else max(best, value)
    return best


def packings(rack: Faces, wilds: int, kinds: frozenset[str], joker_pairs: bool
             ) -> set[tuple[Faces, int, int, int]]:  # fmt: skip
    """Every way to lay new groups: (faces laid, wild tiles laid, value, groups)."""
    return _packings(rack, wilds, kinds, joker_pairs)


@cache
def _packings(rack: Faces, wilds: int, kinds: frozenset[str], joker_pairs: bool
              ) -> set[tuple[Faces, int, int, int]]:  # fmt: skip
    from rummy101_solver.game.tiles import ALL_FACES

    tiles = [ALL_FACES[i] for i, k in rack for _ in range(k)]
    out: set[tuple[Faces, int, int, int]] = {((), 0, 0, 0)}
    if not tiles:
        return out
    first, rest = tiles[0], tiles[1:]
    # the first tile stays on the rack
    rest_key = _key(Counter(rest))
    out |= _packings(rest_key, wilds, kinds, joker_pairs)
    # or it is the first real tile of a new group
    seen: set[tuple[Face, ...]] = set()
    for n in range(0, min(len(rest), 12) + 1):
        for others in combinations(rest, n):
            if others in seen:
                continue
            seen.add(others)
            reals = (first, *others)
            for w in range(0, wilds + 1):
                for kind in kinds:
                    value = _meld_value(reals, w, kind, joker_pairs)
                    if value is None:
                        continue
                    remaining = Counter(rest)
                    remaining.subtract(others)
                    for laid, lw, v, c in _packings(_key(remaining), wilds - w, kinds, joker_pairs):
                        total = Counter({ALL_FACES[i]: k for i, k in laid})
                        total.update(reals)
                        out.add((_key(total), lw + w, v + value, c + 1))
    return out


# --- table groups -------------------------------------------------------------------
def readings(group: Any) -> list[Any]:
    """Every reading of a table group: a set's unpinned jokers (``group.free``)
    stand for any colours the set lacks, one reading per way to share them out
    [R-SET, R-WILD]; a group that reads two ways (``group.other_readings``) each
    way; any other group as parsed."""
    out = []
    for way in (group, *group.other_readings):
        out += _set_readings(way)
    return out


def _set_readings(group: Any) -> list[Any]:
    free = list(group.free) or [False] * len(group.tiles)
    if group.kind != "set" or not any(free):
        return [group]
    number = group.stands_for[0].number
    fixed = [f for f, fr in zip(group.stands_for, free, strict=True) if not fr]
    missing = [c for c in COLOURS if c not in {f.colour for f in fixed}]
    out = []
    for chosen in combinations(missing, sum(free)):
        faces = iter(Face(c, number) for c in chosen)
        stands = tuple(
            next(faces) if fr else f for f, fr in zip(group.stands_for, free, strict=True)
        )
        out.append(type(group)(group.kind, group.tiles, stands))
    return out


def group_changes(group: Any, held: Counter[Face], wild_supply: int, full_set: bool,
                  limit: int | None,
                  per_end: int | None = None) -> list[tuple[Faces, int, int]]:  # fmt: skip
    """Every change of one table group: (real faces put, wild tiles put, jokers freed)."""
    out: list[tuple[Faces, int, int]] = []
    jokers = [i for i, t in enumerate(group.tiles) if t.is_wild]
    faces = group.stands_for
    if group.kind == "run":
        colour = faces[0].colour
        low, high = faces[0].number, faces[-1].number
        ends = [(lo, hi) for lo in range(low) for hi in range(14 - high)]
    elif group.kind == "set":
        present = {f.colour for f in faces}
        missing = [c for c in COLOURS if c not in present]
        ends = [(k, 0) for k in range(len(missing) + 1)]
    else:
        ends = [(0, 0)]
    for lo, hi in ends:
        if limit is not None and lo + hi > limit:
            continue
        if per_end is not None and group.kind == "run" and max(lo, hi) > per_end:
            continue  # at most per_end tiles at one end of a run [R-LAYOFF-LIMIT]
        if group.kind == "run":
            new = [Face(colour, n) for n in range(low - lo, low)]
            new += [Face(colour, n) for n in range(high + 1, high + hi + 1)]
            if len(faces) + len(new) > 13:
                continue
        elif group.kind == "set":
            new = [Face(c, faces[0].number) for c in missing[:lo]]
        else:
            new = []
        if sum(1 for f in new if not held[f]) > wild_supply:
            continue
        # each new place: the real tile (if held) or a wild tile
        options = [[o for o in (False, True) if (o and wild_supply) or (not o and held[f])]
                   for f in new]  # fmt: skip
        for wild_mask in product(*options):
            if sum(wild_mask) > wild_supply:
                continue
            for retrieved in product((False, True), repeat=len(jokers)):
                if any(retrieved) and full_set and group.kind == "set":
                    size = len(faces) + len(new)
                    completed_real = len(faces) == 4 or (len(new) == 1 and not wild_mask[0])
                    if size != 4 or not completed_real:
                        continue
                reals = Counter(f for f, w in zip(new, wild_mask, strict=True) if not w)
                reals.update(faces[j] for j, r in zip(jokers, retrieved, strict=True) if r)
                out.append((_key(reals), sum(wild_mask), sum(retrieved)))
    return out


# --- the whole turn ------------------------------------------------------------------
def best_turn_key(rack: Rack, table: Any, rules: Any, play: Any) -> tuple[bool, bool, int]:
    """(finish, joker finish, residual penalty) of the best turn."""
    from rummy101_solver.game.tiles import ALL_FACES

    counts = rack.face_counts
    wilds = rack.wilds
    size = len(rack)
    take = rules.take
    pairs_seen = play.pairs_on_table or play.opened == "pairs"
    pairs_seen = pairs_seen or any(g.kind == "pair" for g in table)
    best: tuple[bool, bool, int] | None = None

    def consider(finish: bool, joker: bool, residual: int) -> None:
        nonlocal best
        key = (finish, joker, -residual)
        if best is None or key > (best[0], best[1], -best[2]):
            best = (finish, joker, residual)

    def consider_left(left_faces: Counter[Face], wilds_left: int, factor: int) -> None:
        left_count = sum(left_faces.values()) + wilds_left
        if left_count < rules.keep or left_count > size:
            return
        points = sum(f.number * k for f, k in left_faces.items())
        points += WILD_POINTS * wilds_left
        finish = left_count <= 1
        joker = finish and wilds_left == 1
        consider(finish, joker, points * factor)

    if play.opened == "no":
        modes = [("melds", frozenset({"run", "set"}), 1), ("pairs", frozenset({"pair"}), 2)]
        layoffs = play.same_turn_layoff and bool(table)
        if getattr(play, "declared_pairs", False):
            # declared for pairs: pairs or nothing, the taken tile may be kept [R-PAIRS-DECLARE]
            modes = [m for m in modes if m[0] == "pairs"]
            take = None
    elif play.opened == "melds":
        kinds = frozenset({"run", "set"}) | (frozenset({"pair"}) if pairs_seen else frozenset())
        modes = [("opened", kinds, 1)]
        layoffs = bool(table)
    else:
        modes = [("opened", frozenset({"pair"}), 2)]
        layoffs = bool(table)
    jokers_on_table = sum(1 for g in table for t in g.tiles if t.is_wild)
    supply = wilds + jokers_on_table
    per_group = [
        sorted({c for r in readings(g)
                for c in group_changes(r, counts, supply, play.retrieve == "full-set",
                                       play.layoff_limit, play.layoff_per_end)})
        if layoffs else [((), 0, 0)]
        for g in table
    ]  # fmt: skip
    combos: set[tuple[Faces, int, int]] = set()
    for choice in product(*per_group) if per_group else [()]:
        total: Counter[Face] = Counter()
        put_wild = freed = 0
        for faces, w, f in choice:
            total.update({ALL_FACES[i]: k for i, k in faces})
            put_wild += w
            freed += f
        if any(total[f] > counts[f] for f in total):
            continue
        combos.add((_key(total), put_wild, freed))
    for mode, kinds, factor in modes:
        opening = mode != "opened"
        for faces, put_wild, freed in combos:
            used = Counter({ALL_FACES[i]: k for i, k in faces})
            remaining = counts - used
            pool = wilds + freed - put_wild
            if pool < 0:
                continue
            pattern_wilds = wilds if opening else pool
            if opening:
                pattern_wilds = min(wilds, pool)
            for laid, lw, value, count in packings(_key(remaining), pattern_wilds, kinds,
                                                   rules.joker_pairs):  # fmt: skip
                if opening:
                    bar = rules.meld_bar if mode == "melds" else rules.pairs_bar
                    score = value if mode == "melds" else count
                    if count == 0 or score < bar:
                        continue
                    if lw > wilds:
                        continue
                laid_c = Counter({ALL_FACES[i]: k for i, k in laid})
                if pool - lw < 0:
                    continue
                if take is not None:
                    if take.is_wild:
                        ok = lw > 0 or (not opening and put_wild > 0)
                    else:
                        ok = laid_c[take.face] > 0 or (not opening and used[take.face] > 0)
                    if not ok:
                        continue
                # the opening's own melds meet the bar; further melds may hold the
                # jokers the turn frees [R-RETRIEVE, R-SAME-TURN]
                further: set[tuple[Faces, int, int, int]] = {((), 0, 0, 0)}
                if opening and freed and rules.freed_joker_melds and pool - lw > 0:
                    further = packings(_key(remaining - laid_c), pool - lw, kinds,
                                       rules.joker_pairs)  # fmt: skip
                for more, more_wilds, _, _ in further:
                    laid_all = laid_c + Counter({ALL_FACES[i]: k for i, k in more})
                    consider_left(remaining - laid_all, pool - lw - more_wilds, factor)

    if best is None and take is not None:
        # the taken tile cannot be used: do not take it; the turn without it [R-TAKE-DISCARD]
        without = list(rack.tiles)
        without.remove(take)
        return best_turn_key(Rack(tuple(without)), table, replace(rules, take=None), play)
    if best is None and play.opened == "no":
        return (False, False, UNOPENED)
    assert best is not None, "an opened player without a taken tile can always lay nothing"
    return best


# --- the discard of an opened player -------------------------------------------------
def layable_now(plan: Any, play: Any) -> set[Face]:
    """Faces that could still be laid off this turn onto the table after the
    plan: next to a run's end, a colour a set of 3 lacks (any reading of its
    free jokers), the group below the lay-off limit [R-LAYOFF, R-LAYOFF-LIMIT]."""
    if plan.mode == "none" or (plan.opening is not None and not play.same_turn_layoff):
        return set()
    out: set[Face] = set()
    old = len(plan.table_read)
    for i, g in enumerate(plan.table_after):
        grew = len(g.tiles) - len(plan.table_read[i].tiles) if i < old else 0
        if i < old and play.layoff_limit is not None and grew >= play.layoff_limit:
            continue
        faces = g.stands_for
        if g.kind == "run":
            c = faces[0].colour
            ends = [faces[0].number - 1, faces[-1].number + 1]
            if i < old and play.layoff_per_end is not None:  # an end at its limit is shut
                before = plan.table_read[i].stands_for
                grown = (before[0].number - faces[0].number, faces[-1].number - before[-1].number)
                ends = [n for n, k in zip(ends, grown, strict=True) if k < play.layoff_per_end]
            out |= {Face(c, n) for n in ends if 1 <= n <= 13}
        elif g.kind == "set" and len(g.tiles) == 3:
            free = list(g.free) or [False] * 3
            fixed = {f.colour for f, fr in zip(faces, free, strict=True) if not fr}
            present = fixed if any(free) else {f.colour for f in faces}
            out |= {Face(c, faces[0].number) for c in COLOURS if c not in present}
    return out


def _places(
    table: Any, limit: int | None, per_end: int | None = None
) -> tuple[tuple[Any, ...], ...]:
    """Lay-off places of the table: ("run", colour, next low, next high, room, low room,
    high room) or ("set", faces it may take, room)."""
    room = 99 if limit is None else limit
    end_room = 99 if per_end is None else per_end
    out: list[tuple[Any, ...]] = []
    for g in table:
        faces = g.stands_for
        if g.kind == "run":
            out.append(("run", faces[0].colour, faces[0].number - 1, faces[-1].number + 1, room,
                        end_room, end_room))  # fmt: skip
        elif g.kind == "set" and len(g.tiles) == 3:
            free = list(g.free) or [False] * 3
            present = {f.colour for f, fr in zip(faces, free, strict=True) if not fr}
            takes = tuple(Face(c, faces[0].number) for c in COLOURS if c not in present)
            out.append(("set", takes, min(room, 1)))
    return tuple(out)


def go_out_draws(held: Counter[Face], table: Any, kinds: frozenset[str], unseen: Counter[Face],
                 limit: int | None, cap: int = 3,
                 per_end: int | None = None) -> int | None:  # fmt: skip
    """The fewest numbered tiles to draw (at most ``cap``; ``None`` beyond) so that
    every held tile (no jokers) can be laid at once: new runs, sets or pairs of
    ``kinds`` and lay-offs onto ``table`` [R-LAYOFF, R-PAIRS-AFTER]. A plain
    recursion: the first held tile goes somewhere, the tiles it needs come from
    the rack or are drawn (at most ``unseen`` copies)."""
    from rummy101_solver.game.tiles import ALL_FACES

    places = _places(table, limit, per_end)

    @cache
    def lay(h: Faces, pl: tuple[tuple[Any, ...], ...], drawn: Faces, budget: int) -> bool:
        if not h:
            return True
        hand = Counter({ALL_FACES[i]: k for i, k in h})
        took = Counter({ALL_FACES[i]: k for i, k in drawn})
        t = min(hand, key=lambda f: f.index)
        hand[t] -= 1

        def fill(faces: list[Face]) -> tuple[Counter[Face], Counter[Face], int] | None:
            # each face from the rack if held, else drawn
            rest, extra, cost = Counter(hand), Counter(took), 0
            for f in faces:
                if rest[f] > 0:
                    rest[f] -= 1
                elif extra[f] < unseen[f]:
                    extra[f] += 1
                    cost += 1
                else:
                    return None
            return (rest, extra, cost) if cost <= budget else None

        def go(res: tuple[Counter[Face], Counter[Face], int] | None,
               new_pl: tuple[tuple[Any, ...], ...]) -> bool:  # fmt: skip
            if res is None:
                return False
            rest, extra, cost = res
            return lay(_key(rest), new_pl, _key(extra), budget - cost)

        # lay-offs onto the table
        for i, p in enumerate(pl):
            if p[0] == "run" and p[1] == t.colour and p[4] > 0:
                _, c, low, high, room, lroom, hroom = p
                if t.number <= low:
                    need = [Face(c, n) for n in range(t.number + 1, low + 1)]
                    n_laid = len(need) + 1
                    if n_laid <= min(room, lroom):
                        new = (*pl[:i], ("run", c, t.number - 1, high, room - n_laid,
                                         lroom - n_laid, hroom), *pl[i + 1 :])  # fmt: skip
                        if go(fill(need), new):
                            return True
                if t.number >= high:
                    need = [Face(c, n) for n in range(high, t.number)]
                    n_laid = len(need) + 1
                    if n_laid <= min(room, hroom):
                        new = (*pl[:i], ("run", c, low, t.number + 1, room - n_laid, lroom,
                                         hroom - n_laid), *pl[i + 1 :])  # fmt: skip
                        if go(fill(need), new):
                            return True
            if p[0] == "set" and t in p[1] and p[2] > 0:
                new = (*pl[:i], ("set", (), 0), *pl[i + 1 :])
                if go(fill([]), new):
                    return True
        if "pair" in kinds and go(fill([t]), pl):
            return True
        if "set" in kinds:
            others = [Face(c, t.number) for c in COLOURS if c != t.colour]
            for size in (2, 3):
                for chosen in combinations(others, size):
                    if go(fill(list(chosen)), pl):
                        return True
        if "run" in kinds:
            for length in (3, 4, 5):
                for start in range(max(1, t.number - length + 1), min(t.number, 14 - length) + 1):
                    faces = [Face(t.colour, n) for n in range(start, start + length)
                             if n != t.number]  # fmt: skip
                    if go(fill(faces), pl):
                        return True
        return False

    key = _key(held)
    for budget in range(cap + 1):
        if lay(key, places, (), budget):
            return budget
    return None
