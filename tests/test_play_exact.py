"""``play`` against an independent exact search on seeded small racks and tables.

Every plan (and every alternative) goes through the validator; the best plan's
(finish, joker finish, residual penalty) must equal the exact search's.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from play_exact import best_turn_key, go_out_draws, layable_now
from play_validator import validate_plan

from rummy101_solver.engine.outs import discard_table, unseen_tiles
from rummy101_solver.engine.plan import PlayResult, PlayRules
from rummy101_solver.engine.play import best_turn, with_discard
from rummy101_solver.engine.table import TableGroup, parse_table
from rummy101_solver.game.deal import TILE_SET
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import ALL_FACES, COLOURS, WILD, Face, Rack, Tile

CASES = 320


def _table_text(rng: random.Random, used: Counter[Tile], joker_pairs: bool) -> str:
    """1–3 legal groups (runs, sets, sometimes a pair), jokers pinned, as text."""
    groups = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choices(["run", "set", "pair"], [6, 3, 1])[0]
        if kind == "run":
            colour = rng.choice(COLOURS)
            length = rng.randint(3, 5)
            start = rng.randint(1, 14 - length)
            faces = [Face(colour, n) for n in range(start, start + length)]
        elif kind == "set":
            number = rng.randint(1, 13)
            faces = [Face(c, number) for c in rng.sample(COLOURS, rng.choice([3, 3, 4]))]
            faces.sort(key=lambda f: f.colour.rank)
        else:
            f = Face(rng.choice(COLOURS), rng.randint(1, 13))
            faces = [f, f]
        joker_at = (
            rng.randrange(len(faces)) if rng.random() < (0.7 if kind == "set" else 0.4) else None
        )
        if kind == "pair" and not joker_pairs:
            joker_at = None
        words = []
        tiles: Counter[Tile] = Counter()
        # a set's joker is often left unpinned: every reading is the player's [R-SET, R-WILD]
        pin = kind != "set" or rng.random() < 0.3
        for i, f in enumerate(faces):
            if i == joker_at:
                words.append(f"J={f.code}" if pin else "J")
                tiles[WILD] += 1
            else:
                words.append(f.code)
                tiles[Tile(f)] += 1
        if kind == "pair" and joker_at is None and rng.random() < 0.5:
            continue
        if any(used[t] + k > 2 for t, k in tiles.items()):  # 2 copies, 2 jokers
            continue
        used.update(tiles)
        groups.append(" ".join(words))
    return " | ".join(groups)


def _near(table: tuple[TableGroup, ...]) -> list[Face]:
    """Faces that could be laid off or retrieve a joker: to bias the racks."""
    out = []
    for g in table:
        first, last = g.stands_for[0], g.stands_for[-1]
        if g.kind == "run":
            for n in (first.number - 2, first.number - 1, last.number + 1, last.number + 2):
                if 1 <= n <= 13:
                    out.append(Face(first.colour, n))
        elif g.kind == "set":
            out += [Face(c, first.number) for c in COLOURS]
        out += [f for t, f in zip(g.tiles, g.stands_for, strict=True) if t.is_wild]
    return out


def random_case(seed: int) -> tuple[Rack, tuple[TableGroup, ...], Rules, PlayRules]:
    """A seeded small case: a table of 1–3 groups, a rack of 3–7 tiles, a state."""
    rng = random.Random(seed)
    joker_pairs = rng.random() < 0.8
    used: Counter[Tile] = Counter()
    text = ""
    while not text:
        used.clear()
        text = _table_text(rng, used, joker_pairs)
    table = parse_table(text, Rules(joker_pairs=joker_pairs))
    deck = list(TILE_SET)
    rng.shuffle(deck)
    near = _near(table)
    rack: list[Tile] = []
    size = rng.randint(3, 7)
    while len(rack) < size:
        r = rng.random()
        if r < 0.5 and near:
            tile = Tile(rng.choice(near))
        elif r < 0.58:
            tile = WILD
        else:
            tile = rng.choice(deck)
        if used[tile] + 1 > 2:
            continue
        used[tile] += 1
        rack.append(tile)
    opened = rng.choice(["melds", "melds", "pairs", "no", "no"])
    take = None
    if rng.random() < 0.15:
        take = rng.choice(rack)
    rules = Rules(
        threshold=rng.choice([12, 20, 30]),
        pairs_threshold=rng.choice([1, 2]),
        take=take,
        joker_pairs=joker_pairs,
    )
    play = PlayRules(
        opened=opened,  # type: ignore[arg-type]
        pairs_on_table=rng.random() < 0.2,
        layoff_limit=rng.choice([None, None, 1, 2]),
        retrieve=rng.choice(["any", "full-set"]),  # type: ignore[arg-type]
        same_turn_layoff=rng.random() < 0.8,
    )
    # the house rule keeping a joker freed in the opening turn out of new melds [R-RETRIEVE]
    rules = replace(rules, freed_joker_melds=rng.random() < 0.7)
    return Rack(tuple(rack)), table, rules, play


def two_way_case(seed: int) -> tuple[Rack, tuple[TableGroup, ...], Rules, PlayRules]:
    """A seeded case whose table holds one tile and two unpinned jokers (``R7 J J``,
    ``J R7 J`` or ``J J R7``: a run as written or a set) and 0–2 groups without
    jokers; a rack of 3–7 tiles, often faces either reading takes [R-WILD]."""
    rng = random.Random(10_000 + seed)
    joker_pairs = rng.random() < 0.8
    used: Counter[Tile] = Counter({WILD: 2})
    place = rng.randrange(3)  # where the tile is written: the run starts `place` below it
    known = Face(rng.choice(COLOURS), rng.randint(1 + place, 11 + place))
    used[Tile(known)] += 1
    words = ["J", "J"]
    words.insert(place, known.code)
    groups = [" ".join(words)]
    rest = ""
    while not rest:
        more: Counter[Tile] = Counter(used)
        rest = _table_text(rng, more, joker_pairs)
        if "J" in rest.split():
            rest = ""
    if rng.random() < 0.6:
        used = more
        groups.append(rest)
    table = parse_table(" | ".join(groups), Rules(joker_pairs=joker_pairs))
    near = [Face(c, known.number) for c in COLOURS] + [
        Face(known.colour, n) for n in range(known.number - 4, known.number + 5) if 1 <= n <= 13
    ]
    near += _near(table)
    deck = list(TILE_SET)
    rng.shuffle(deck)
    rack: list[Tile] = []
    size = rng.randint(3, 7)
    while len(rack) < size:
        tile = Tile(rng.choice(near)) if rng.random() < 0.6 else rng.choice(deck)
        if tile.is_wild or used[tile] + 1 > 2:
            continue
        used[tile] += 1
        rack.append(tile)
    rules = Rules(threshold=rng.choice([12, 20, 30]), pairs_threshold=rng.choice([1, 2]),
                  joker_pairs=joker_pairs, freed_joker_melds=rng.random() < 0.7)  # fmt: skip
    play = PlayRules(
        opened=rng.choice(["melds", "melds", "pairs", "no"]),  # type: ignore[arg-type]
        layoff_limit=rng.choice([None, None, 1]),
        retrieve=rng.choice(["any", "any", "full-set"]),  # type: ignore[arg-type]
        same_turn_layoff=rng.random() < 0.9,
    )
    return Rack(tuple(rack)), table, rules, play


def test_cases_cover_jokers_on_the_table_and_every_state() -> None:
    cases = [random_case(seed) for seed in range(CASES)]
    with_jokers = sum(any(t.is_wild for g in c[1] for t in g.tiles) for c in cases)
    assert with_jokers >= 80
    assert CASES - with_jokers >= 80
    states = Counter(c[3].opened for c in cases)
    assert min(states.values()) >= 50
    # a set of 3 with an unpinned joker: two readings [R-SET, R-WILD]
    free = sum(any(g.open_colours for g in c[1]) for c in cases)
    assert free >= 50, free


def freed_case(seed: int) -> tuple[Rack, tuple[TableGroup, ...], Rules, PlayRules]:
    """A seeded opening turn against a table holding a joker: a rack of 6–8 tiles,
    often the joker's face (to free it) and faces near one another (a small
    opening and a further meld), a low bar [R-RETRIEVE, R-SAME-TURN]."""
    rng = random.Random(20_000 + seed)
    joker_pairs = rng.random() < 0.8
    text = ""
    used: Counter[Tile] = Counter()
    while "J" not in text.split() and "J=" not in text:
        used = Counter()
        text = _table_text(rng, used, joker_pairs)
    table = parse_table(text, Rules(joker_pairs=joker_pairs))
    jokers = [f for g in table for t, f in zip(g.tiles, g.stands_for, strict=True) if t.is_wild]
    deck = list(TILE_SET)
    rng.shuffle(deck)
    rack: list[Tile] = []
    size = rng.randint(6, 8)
    if rng.random() < 0.9 and used[Tile(jokers[0])] < 2:
        rack.append(Tile(jokers[0]))
        used[Tile(jokers[0])] += 1
    centre = Face(rng.choice(COLOURS), rng.randint(2, 12))
    near = [Face(centre.colour, n) for n in range(centre.number - 2, centre.number + 3)
            if 1 <= n <= 13] + [Face(c, centre.number) for c in COLOURS]  # fmt: skip
    while len(rack) < size:
        tile = Tile(rng.choice(near)) if rng.random() < 0.6 else rng.choice(deck)
        if used[tile] + 1 > 2:
            continue
        used[tile] += 1
        rack.append(tile)
    rules = Rules(threshold=rng.choice([6, 9, 12]), pairs_threshold=rng.choice([1, 2]),
                  joker_pairs=joker_pairs, freed_joker_melds=rng.random() < 0.7)  # fmt: skip
    play = PlayRules(retrieve=rng.choice(["any", "any", "full-set"]))  # type: ignore[arg-type]
    return Rack(tuple(rack)), table, rules, play


TWO_WAY_CASES = 120
FREED_CASES = 60


def test_two_way_cases_read_both_ways() -> None:
    # every case holds a group that reads two ways; some best plans read it as check
    # does not, and the freed joker of an opening goes into a further meld in some
    # [R-WILD, R-RETRIEVE]
    other = freed = 0
    for seed in range(TWO_WAY_CASES):
        rack, table, rules, play = two_way_case(seed)
        assert any(g.other_readings for g in table), seed
        best = best_turn(rack, table, rules, play).best
        other += any(r.kind != g.kind for r, g in zip(best.table_read, table, strict=True))
        freed += best.opening is not None and any(m.kind == "meld" for m in best.moves)
    assert other >= 10, other
    freed += sum(
        best.opening is not None and any(m.kind in ("meld", "pair") for m in best.moves)
        for best in (best_turn(*freed_case(seed)).best for seed in range(FREED_CASES))
    )
    assert freed >= 8, freed


@pytest.mark.parametrize("block", range(14))
def test_play_agrees_with_exact_search(block: int) -> None:
    per_block, first, make = CASES // 8, block, random_case
    if 8 <= block < 12:  # a group that reads two ways (R7 J J) [R-WILD]
        per_block, first, make = TWO_WAY_CASES // 4, block - 8, two_way_case
    elif block >= 12:  # an opening turn against a table joker [R-RETRIEVE, R-SAME-TURN]
        per_block, first, make = FREED_CASES // 2, block - 12, freed_case
    for seed in range(first * per_block, (first + 1) * per_block):
        rack, table, rules, play = make(seed)
        result = best_turn(rack, table, rules, play, alternatives=1)
        for plan in (result.best, *result.alternatives):
            # a refused take: the plans are the turn without it [R-TAKE-DISCARD]
            validate_plan(result.rack, table, result.rules, play, plan)
        best = result.best
        check_discard(result, play, outs_too=seed % 8 == 0)
        got = (best.finish.possible, best.finish.joker_finish, best.residual_penalty)
        assert best.status in ("optimal", "none") or best.mode == "none", seed
        assert got == best_turn_key(rack, table, rules, play), (
            f"seed {seed}: rack {' '.join(rack.codes)}, table {table}, {rules}, {play}"
        )


@pytest.mark.parametrize("block", range(4))
def test_layoff_per_end_agrees_with_exact_search(block: int) -> None:
    # the random cases again, each with at most 1 or 2 tiles at one end of a run per
    # turn (other tables' reading of R-LAYOFF-LIMIT), beside their per-group limit
    per_block = CASES // 8
    limited = 0
    for seed in range(block * per_block, (block + 1) * per_block):
        rack, table, rules, play = random_case(seed)
        play = replace(play, layoff_per_end=1 + seed % 2)
        result = best_turn(rack, table, rules, play, alternatives=1)
        for plan in (result.best, *result.alternatives):
            validate_plan(result.rack, table, result.rules, play, plan)
        check_discard(result, play, outs_too=False)
        best = result.best
        got = (best.finish.possible, best.finish.joker_finish, best.residual_penalty)
        assert got == best_turn_key(rack, table, rules, play), f"seed {seed}: {rack} {table} {play}"
        limited += got != best_turn_key(rack, table, rules, replace(play, layoff_per_end=None))
    assert limited >= 1, "no case where the per-end limit changed the best turn"


@pytest.mark.parametrize("block", range(2))
def test_declared_pairs_take_agrees_with_exact_search(block: int) -> None:
    # the random cases again, the player not opened and declared for pairs, a taken
    # discard in every one: kept without opening, or opened with pairs [R-PAIRS-DECLARE]
    per_block = CASES // 8
    kept = 0
    for seed in range(block * per_block, (block + 1) * per_block):
        rack, table, rules, play = random_case(seed)
        play = replace(play, opened="no", declared_pairs=True)
        if rules.take is None:
            rules = replace(rules, take=rack.tiles[seed % len(rack)])
        result = best_turn(rack, table, rules, play, alternatives=1)
        assert result.refused_take is None
        for plan in (result.best, *result.alternatives):
            validate_plan(result.rack, table, result.rules, play, plan)
        best = result.best
        got = (best.finish.possible, best.finish.joker_finish, best.residual_penalty)
        assert got == best_turn_key(rack, table, rules, play), f"seed {seed}: {rack} {table} {play}"
        kept += best.mode == "none" and rules.take in best.left
    assert kept >= 1


CAP = 3
"""The exact discard search tries up to this many tiles drawn."""


def check_discard(result: PlayResult, play: PlayRules, *, outs_too: bool = True) -> None:
    """The plan's discard against the exact search [R-KEEP-DISCARD]: an unopened
    rack's is outs' first row; an opened one's is the tile leaving the rack
    fewest tiles from going out (exact up to CAP draws), then the highest
    number; never a joker unless it is the last tile, never a layable tile
    while another can go [R-JOKER-FINISH, R-EXTRA-PENALTY]. ``outs_too``: check
    an unopened rack's too (outs' discard table takes a while: one case in eight)."""
    plan = result.best
    if plan.status == "none" or (plan.mode == "none" and not outs_too):
        return
    if plan.mode == "none":
        result = with_discard(result)
        choice = result.best.discard_choice
        assert choice is not None
        seen = [t for g in result.table for t in g.tiles]
        unseen = unseen_tiles(result.rack, result.rules, seen)
        rows = discard_table(result.rack, result.rules, unseen=unseen)
        first = next(r for r in rows if not r.tile.is_wild)
        assert choice.tile == first.tile and choice.residual_after == 202
        assert choice.distance_after == (first.melds.tiles, first.pairs.tiles)
        return
    choice = plan.discard_choice
    assert choice is not None, "every plan ends with a discard [R-KEEP-DISCARD]"
    left = list(plan.left)
    assert choice.tile in left
    layable = layable_now(plan, play)
    numbered = [t for t in left if not t.is_wild]
    if len(left) == 1:
        assert choice.tile == left[0] and choice.tiles_to_go_out == 0
        return
    assert not choice.tile.is_wild or not numbered, "a joker only when finishing [R-JOKER-FINISH]"
    free = [t for t in numbered if t.face not in layable]
    assert choice.layable == (not free and bool(numbered))
    if free:
        assert choice.tile in free, "a layable tile while another can go [R-EXTRA-PENALTY]"
    if any(t.is_wild for t in left) or len(left) > 5:
        return  # the exact search below holds no jokers and few tiles
    pairs_player = plan.mode == "pairs" or (plan.mode == "opened" and play.opened == "pairs")
    pairs_seen = play.pairs_on_table or any(g.kind == "pair" for g in plan.table_after)
    kinds = frozenset({"pair"} if pairs_player else {"run", "set", "pair"} if pairs_seen
                      else {"run", "set"})  # fmt: skip
    on_table = Counter(t.face for g in plan.table_after for t in g.tiles if t.face is not None)
    held_all = Counter(t.face for t in left if t.face is not None)
    unseen_faces = Counter({f: max(0, 2 - on_table[f] - held_all[f]) for f in ALL_FACES})
    keys = []
    for tile in free or numbered:
        held = held_all.copy()
        held[tile.face] -= 1
        draws = go_out_draws(+held, plan.table_after, kinds, unseen_faces, play.layoff_limit, CAP,
                             play.layoff_per_end)  # fmt: skip
        keys.append((CAP + 1 if draws is None else draws, -tile.face.number, tile.face.index, tile))
    best = min(keys)
    factor = 2 if pairs_player else 1
    if best[0] <= CAP:
        assert (choice.tile, choice.tiles_to_go_out) == (best[3], best[0]), (
            f"{' '.join(t.code for t in left)}: {choice} vs {best}"
        )
        rest = list(left)
        rest.remove(choice.tile)
        assert choice.residual_after == sum(t.points for t in rest) * factor
    else:
        assert choice.tiles_to_go_out is None or choice.tiles_to_go_out > CAP
