"""The ``random`` bot: the floor of the arena's ladder [R-TAKE-DISCARD, R-OPEN-MELDS,
R-OPEN-PAIRS, R-NO-MIX, R-PAIRS-AFTER, R-LAYOFF, R-LAYOFF-LIMIT, R-SAME-TURN, R-RETRIEVE,
R-KEEP-DISCARD].

It plays legal actions chosen at random, with no search and no advice:

1. **Take or draw**: when the last discard of the player before can be used
   this turn (a plan below is found that lays it), a fair coin decides
   between taking it and drawing; else it draws.
2. **Open or not**: not opened, it looks for an opening — melds or pairs
   [R-NO-MIX] — by a randomised greedy search (:data:`OPENING_TRIES` tries:
   the rack's runs, sets or pairs in a random order, each laid while its
   tiles are left, stopping at random once the bar is met); when one is
   found, a fair coin decides whether to lay it (a taken tile: always, with
   an opening that holds it [R-TAKE-DISCARD]).
3. **Once opened**: new melds (pairs after a pairs opening [R-PAIRS-AFTER])
   in a random order, each laid with a fair coin; then every rack tile in a
   random order is laid off, with a fair coin, onto one of the table groups
   that takes it, picked at random [R-LAYOFF, R-RETRIEVE] (not in the opening
   turn under ``--no-same-turn-layoff`` [R-SAME-TURN]; at most the
   ``--layoff-limit`` tiles onto one group per turn [R-LAYOFF-LIMIT]).
4. **The discard**: a tile of the rack, uniformly at random.

"Uniformly random" holds for the take-or-draw coin, the open-or-not coin,
each lay-off and the discard; the opening itself is one the randomised search
finds, not one drawn uniformly from every legal opening (a 21-tile rack has
too many to list). Every candidate action is tried on the bot's own
:class:`~rummy101_solver.game.round.RoundState` with
:func:`~rummy101_solver.game.round.apply` before it is chosen, so the bot only
ever plays what the round engine accepts. Its chances come from the
``random.Random`` the round engine seeds per deal, seat and turn: a round
replays exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rummy101_solver.engine.advice import take_tile
from rummy101_solver.engine.bots import cannot_open
from rummy101_solver.engine.candidates import Pattern, meld_patterns, pair_patterns
from rummy101_solver.game.round import Event, RoundError, RoundState, TableMeld, apply
from rummy101_solver.game.tiles import COLOURS, WILD, Face, Rack, Tile

OPENING_TRIES = 8
"""Randomised searches for an opening per decision (step 2 of the module docstring)."""


@dataclass(frozen=True)
class RandomPlan:
    """The ``lay`` events the random bot has chosen, in order, and the state after them."""

    lays: tuple[Event, ...]
    state: RoundState


def _tiles_for(pattern: Pattern, pool: Counter[Tile], must: Tile | None) -> list[Tile] | None:
    """The rack tiles that fill ``pattern`` (one per place, ``must`` first
    where it fits), taken out of ``pool``; ``None`` (``pool`` unchanged) when
    the rack lacks them."""
    if pool[WILD] < pattern.wilds:
        return None
    for f, k in pattern.need:
        if pool[Tile(f)] + pool[Tile(f, fake=True)] < k:
            return None
    used: list[Tile] = []
    for f, wild in zip(pattern.stands_for, pattern.wild, strict=True):
        tile = _pick(f, wild, pool, must if must is not None and must not in used else None)
        if tile is None:
            pool.update(used)
            return None
        pool[tile] -= 1
        used.append(tile)
    return used


def _pick(f: Face, wild: bool, pool: Counter[Tile], must: Tile | None) -> Tile | None:
    if wild:
        return WILD if pool[WILD] > 0 else None
    if must is not None and must.face == f and pool[must] > 0:
        return must
    for tile in (Tile(f), Tile(f, fake=True)):
        if pool[tile] > 0:
            return tile
    return None


def group_text(pattern: Pattern, tiles: Sequence[Tile]) -> str:
    """A group as a ``lay`` event writes it: wild tiles pinned (``J=R7``)."""
    return " ".join(
        f"{t.code}={f.code}" if t.is_wild else t.code
        for t, f in zip(tiles, pattern.stands_for, strict=True)
    )


def _patterns(rack: Rack, state: RoundState, pairs: bool) -> list[Pattern]:
    if pairs:
        return pair_patterns(rack.face_counts, rack.wilds, joker_pairs=state.rules.joker_pairs)
    return list(meld_patterns(rack.face_counts, rack.wilds))


def _holds(pattern: Pattern, tile: Tile) -> bool:
    if tile.is_wild:
        return any(pattern.wild)
    return any(f == tile.face and not w for f, w in zip(pattern.stands_for, pattern.wild,
                                                        strict=True))  # fmt: skip


def random_opening(state: RoundState, rng: random.Random) -> Event | None:
    """A legal opening of ``state``'s rack (one ``lay`` event, every group of
    it) found by the randomised search of step 2, or ``None`` when
    :data:`OPENING_TRIES` tries find none; with a taken tile, an opening that
    lays it [R-TAKE-DISCARD]. Melds or pairs first by a fair coin."""
    rack = Rack(state.rack)
    rules = state.game_rules()
    if cannot_open(rack, rules):
        return None  # proven: no opening at all [R-OPEN-MELDS, R-OPEN-PAIRS]
    must = state.taken
    kinds = [False, True]
    rng.shuffle(kinds)
    for pairs in kinds:
        patterns = _patterns(rack, state, pairs)
        if must is not None:
            first = [p for p in patterns if _holds(p, must)]
            if not first:
                continue
        else:
            first = patterns
        if not first:
            continue
        bar = rules.bar("pairs" if pairs else "melds")
        for _ in range(OPENING_TRIES):
            pool = Counter(state.rack)
            start = rng.choice(first)
            tiles = _tiles_for(start, pool, must)
            if tiles is None:
                continue
            groups = [group_text(start, tiles)]
            value = 1 if pairs else start.value
            order = list(patterns)
            rng.shuffle(order)
            for pattern in order:
                if value >= bar and rng.random() < 0.5:
                    break
                if sum(pool.values()) <= len(pattern):
                    continue  # a tile stays for the discard [R-KEEP-DISCARD]
                used = _tiles_for(pattern, pool, None)
                if used is None:
                    continue
                groups.append(group_text(pattern, used))
                value += 1 if pairs else pattern.value
            if value < bar:
                continue
            event = Event("lay", player=state.seat, groups=tuple(groups))
            try:
                apply(state, event)
            except RoundError:
                continue
            return event
    return None


def _try(state: RoundState, event: Event) -> RoundState | None:
    try:
        return apply(state, event)[0]
    except RoundError:
        return None


def random_melds(state: RoundState, rng: random.Random, must: Tile | None = None) -> RandomPlan:
    """New melds of an opened player (pairs after a pairs opening
    [R-PAIRS-AFTER]), in a random order, each laid with a fair coin; with
    ``must``, the first a meld that lays it (none: an empty plan)."""
    opening = state.my_opening
    assert opening is not None, "new melds come after the opening"
    rack = Rack(state.rack)
    patterns = _patterns(rack, state, opening.how == "pairs")
    rng.shuffle(patterns)
    if must is not None:
        tile = must
        patterns.sort(key=lambda p: not _holds(p, tile))  # stable: still random within
    lays: list[Event] = []
    for pattern in patterns:
        if must is None and rng.random() < 0.5:
            continue
        pool = Counter(state.rack)
        tiles = _tiles_for(pattern, pool, must)
        if tiles is None or (must is not None and must not in tiles):
            continue
        event = Event("lay", player=state.seat, groups=(group_text(pattern, tiles),))
        after = _try(state, event)
        if after is None:
            continue
        lays.append(event)
        state = after
        if must is not None:
            must = None
    return RandomPlan(tuple(lays), state)


def _may_take(tile: Tile, group: TableMeld) -> bool:
    """False when ``tile`` surely cannot go onto ``group`` (a quick look at its
    ends, its colours and its jokers; the round's check decides the rest)
    [R-LAYOFF, R-RETRIEVE]."""
    if tile.is_wild:
        return group.kind == "run" or (group.kind == "set" and len(group.tiles) == 3)
    f = tile.face
    assert f is not None
    if any(t.is_wild and g == f for t, g in zip(group.tiles, group.stands_for, strict=True)):
        return True  # it may take the joker's place [R-RETRIEVE]
    first, last = group.stands_for[0], group.stands_for[-1]
    if group.kind == "run":
        return f.colour == first.colour and f.number in (first.number - 1, last.number + 1)
    if group.kind == "set" and len(group.tiles) == 3:
        return f.number == first.number and all(g.colour != f.colour for g in group.stands_for)
    return False


def _layoff_texts(tile: Tile, group: TableMeld) -> list[str]:
    """The ways ``tile`` might go onto ``group``, written as a lay-off
    (a wild tile pinned to the face of each open place) [R-LAYOFF, R-WILD]."""
    if not tile.is_wild:
        return [tile.code]
    first, last = group.stands_for[0], group.stands_for[-1]
    faces: list[Face] = []
    if group.kind == "run":
        if first.number > 1:
            faces.append(Face(first.colour, first.number - 1))
        if last.number < 13:
            faces.append(Face(last.colour, last.number + 1))
    elif group.kind == "set" and len(group.tiles) == 3:
        present = {f.colour for f in group.stands_for}
        faces += [Face(c, first.number) for c in COLOURS if c not in present]
    return [f"{tile.code}={f.code}" for f in faces]


def random_layoffs(
    state: RoundState, rng: random.Random, *, must: Tile | None = None, limit: int | None = None
) -> RandomPlan:
    """Lay-offs of an opened player: every rack tile in a random order, each
    laid off with a fair coin (``must``: that tile first, always, when it
    fits) onto a table group that takes it, picked at random [R-LAYOFF,
    R-RETRIEVE]; at most ``limit`` tiles onto one group [R-LAYOFF-LIMIT]."""
    tiles = list(state.rack)
    rng.shuffle(tiles)
    if must is not None:
        tiles.remove(must)
        tiles.insert(0, must)
    grown: Counter[int] = Counter()
    lays: list[Event] = []
    for tile in tiles:
        forced = must is not None and tile == must and not lays
        if not forced and rng.random() < 0.5:
            continue
        if tile not in state.rack:
            continue  # a copy laid off already
        places: list[tuple[Event, RoundState, int]] = []
        for onto, group in enumerate(state.table, start=1):
            if limit is not None and grown[onto] >= limit:
                continue
            if not _may_take(tile, group):
                continue
            for text in _layoff_texts(tile, group):
                event = Event("lay", player=state.seat, groups=(text,), onto=onto)
                after = _try(state, event)
                if after is not None:
                    places.append((event, after, onto))
        if not places:
            continue
        event, after, onto = rng.choice(places)
        # a retrieval leaves the group its size: it does not count [R-LAYOFF-LIMIT]
        grown[onto] += len(after.table[onto - 1].tiles) - len(state.table[onto - 1].tiles)
        state = after
        lays.append(event)
    return RandomPlan(tuple(lays), state)


def plan_random(state: RoundState, rng: random.Random, first: Sequence[Event] = ()) -> RandomPlan:
    """The lays of the random bot's turn after its draw or take (steps 2 and 3
    of the module docstring). ``first``: the lays :func:`random_take` found
    for the taken tile (the opening that holds it, or the meld or lay-off
    that uses it [R-TAKE-DISCARD]), laid first."""
    was_open = state.my_opening is not None
    lays: list[Event] = []
    for event in first:
        state = apply(state, event)[0]
        lays.append(event)
    if state.my_opening is None:
        if state.taken is None and rng.random() < 0.5:
            return RandomPlan((), state)  # the coin says: do not open
        opening = random_opening(state, rng)
        if opening is None:
            return RandomPlan((), state)
        state = apply(state, opening)[0]
        lays.append(opening)
    elif was_open:
        more = random_melds(state, rng)
        lays += more.lays
        state = more.state
    if not was_open and not state.rules.same_turn_layoff:
        return RandomPlan(tuple(lays), state)
    off = random_layoffs(state, rng, limit=state.rules.layoff_limit)
    return RandomPlan((*lays, *off.lays), off.state)


def random_take(state: RoundState, rng: random.Random) -> RandomPlan | None:
    """Step 1: the random bot takes the last discard when a plan lays it and
    a fair coin says so; the returned plan is the taken state's first lays
    (the opening, or the meld or lay-off that uses the tile), else ``None``."""
    if take_tile(state) is None:
        return None
    taken = apply(state, Event("take", player=state.seat))[0]
    if state.my_opening is None:
        opening = random_opening(taken, rng)
        usable = opening is not None
        first: tuple[Event, ...] = (opening,) if opening is not None else ()
    else:
        plan = random_melds(taken, rng, taken.taken)
        if not plan.lays:
            limit = taken.rules.layoff_limit
            plan = random_layoffs(taken, rng, must=taken.taken, limit=limit)
        first = plan.lays[:1]
        usable = bool(first) and _lays_tile(taken, first[0])
    if not usable or rng.random() < 0.5:
        return None
    return RandomPlan(first, taken)


def _lays_tile(state: RoundState, event: Event) -> bool:
    """True when ``event`` takes ``state.taken`` off the rack."""
    after = apply(state, event)[0]
    assert state.taken is not None
    return Counter(after.rack)[state.taken] < Counter(state.rack)[state.taken]


def random_discard(state: RoundState, rng: random.Random) -> Tile:
    """Step 4: a tile of the rack, uniformly at random [R-KEEP-DISCARD]."""
    return rng.choice(state.rack)
