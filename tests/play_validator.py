"""An independent validator of one turn (``rummy101 play``), for the tests.

It replays a :class:`~rummy101_solver.engine.plan.Plan` without CP-SAT: every group on
the table after the turn is legal by ``check``'s group judge (jokers pinned to
what the plan says they stand for), every old group only grew or swapped a
joker for exactly its tile, tiles are conserved (rack + table before = table
after + tiles left), the lay-off limit and the retrieval variant hold, the
moves can be played in their order (wild tiles on hand never below zero,
lay-offs and retrievals only once opened), an opening meets its bar, and the
numbers (residual penalty, finish) are right. Failures raise AssertionError
naming the rule.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummy101_solver.game.rules import judge_group
from rummy101_solver.game.tiles import WILD, Rack, Tile

WILD_POINTS = 101


def _show(tiles: Any) -> str:
    return " ".join(t.code for t in tiles)


def validate_plan(rack: Rack, table: Any, rules: Any, play: Any, plan: Any) -> None:
    """Raise AssertionError unless ``plan`` is a legal turn of ``rack`` against ``table``."""
    label = f"plan for [{_show(rack.tiles)}]"
    after = plan.table_after
    # the plan's reading of the table: same groups, only free set jokers re-read, a
    # group that reads two ways (R7 J J) read as one of them [R-RUN, R-SET, R-WILD]
    read = plan.table_read
    assert len(read) == len(table), f"{label}: the reading has another number of groups"
    for i, (parsed, new) in enumerate(zip(table, read, strict=True)):
        where = f"{label}, reading of group {i + 1}"
        ways = [parsed, *getattr(parsed, "other_readings", ())]
        for way in ways:
            assert Counter(way.tiles) == Counter(parsed.tiles), f"{where}: another reading's tiles"
            if way.kind != parsed.kind:  # only one tile and two unpinned jokers read two ways
                assert len(way.tiles) == 3 and sum(t.is_wild for t in way.tiles) == 2, where
        old = next((w for w in ways if w.kind == new.kind), None)
        assert old is not None, f"{where}: read as a {new.kind}, which it cannot be"
        assert Counter(old.tiles) == Counter(new.tiles), where
        fixed = Counter(
            f
            for f, free in zip(old.stands_for, old.free or [False] * len(old.tiles), strict=True)
            if not free
        )
        assert not fixed - Counter(new.stands_for), f"{where}: a pinned or real face changed"
        if new.stands_for != old.stands_for:
            assert old.kind == "set" and any(old.free), f"{where}: only free set jokers re-read"
        pins = [
            (t, f if t.is_wild else None) for t, f in zip(new.tiles, new.stands_for, strict=True)
        ]
        assert judge_group(pins, rules).legal, f"{where}: not a legal reading [R-SET, R-WILD]"
    table = read
    assert len(after) >= len(table), f"{label}: a table group vanished"
    assert len(plan.changed) == len(after), f"{label}: changed flags do not match the table"

    # every group after the turn is legal, pinned as the plan says [R-RUN, R-SET, R-PAIR, R-WILD]
    for i, g in enumerate(after):
        where = f"{label}, group {i + 1} [{_show(g.tiles)}]"
        pins = [(t, f if t.is_wild else None) for t, f in zip(g.tiles, g.stands_for, strict=True)]
        verdict = judge_group(pins, rules)
        assert verdict.legal, f"{where}: {[e.message for e in verdict.errors]}"
        assert verdict.kind == g.kind, f"{where}: judged {verdict.kind}, plan says {g.kind}"
        for t, f in zip(g.tiles, g.stands_for, strict=True):
            assert t.is_wild or t.face == f, f"{where}: {t.code} laid as {f.code} [R-WILD]"
        if g.kind == "run":
            numbers = [f.number for f in g.stands_for]
            assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), where

    # old groups only grow or swap a joker for its tile [R-LAYOFF, R-RETRIEVE]
    layoffs = []
    freed = 0
    for i, (old, new) in enumerate(zip(table, after, strict=False)):
        where = f"{label}, group {i + 1}"
        assert old.kind == new.kind, f"{where}: a {old.kind} became a {new.kind}"
        # match the old places in the new group: same tile, or a joker's exact tile
        remaining = list(zip(new.stands_for, new.tiles, strict=True))
        retrieved = 0
        for f, t in sorted(zip(old.stands_for, old.tiles, strict=True), key=lambda p: p[1].is_wild):
            if (f, t) in remaining:
                remaining.remove((f, t))
            elif t.is_wild and f in [g for g, _ in remaining]:
                swap = next(p for p in remaining if p[0] == f)
                assert swap[1].face == f and not swap[1].is_wild, (
                    f"{where}: the joker of {f.code} swapped for {swap[1].code} [R-RETRIEVE]"
                )
                remaining.remove(swap)
                retrieved += 1
            else:
                raise AssertionError(f"{where}: {t.code} as {f.code} left the group [R-LAYOFF]")
        old_places = set(old.stands_for)
        new_places = dict(zip(new.stands_for, new.tiles, strict=True))
        grew = len(new.tiles) - len(old.tiles)
        if old.kind == "pair":
            assert grew == 0, f"{where}: a pair does not grow"
        if play.layoff_limit is not None:
            assert grew <= play.layoff_limit, f"{where}: {grew} tiles laid off [R-LAYOFF-LIMIT]"
        if play.layoff_per_end is not None and old.kind == "run" and new.kind == "run":
            low = old.stands_for[0].number - new.stands_for[0].number
            high = new.stands_for[-1].number - old.stands_for[-1].number
            assert max(low, high) <= play.layoff_per_end, (
                f"{where}: {low} tiles at the low end, {high} at the high end [R-LAYOFF-LIMIT]"
            )
        if retrieved and play.retrieve == "full-set" and old.kind == "set":
            assert len(new.tiles) == 4, f"{where}: a joker left a set of 3 [R-RETRIEVE]"
            if len(old.tiles) == 3:
                added = [new_places[f] for f in new_places if f not in old_places]
                assert added and not added[0].is_wild, f"{where}: completed by a joker"
        assert plan.changed[i] == (grew > 0 or retrieved > 0), f"{where}: changed flag wrong"
        layoffs.append(grew)
        freed += retrieved

    # tiles conserved: rack + table before = table after + left
    before = Counter(rack.tiles) + Counter(t for g in table for t in g.tiles)
    now = Counter(plan.left) + Counter(t for g in after for t in g.tiles)
    assert before == now, f"{label}: tiles not conserved: {before - now} vs {now - before}"
    assert len(plan.left) >= rules.keep, f"{label}: no tile kept for the discard [R-KEEP-DISCARD]"

    # the moves in order: wild tiles on hand, opened first, kinds allowed
    opened = play.opened != "no"
    pairs_seen = play.pairs_on_table or play.opened == "pairs"
    pairs_seen = pairs_seen or any(g.kind == "pair" for g in table)
    hand = Counter(rack.tiles)
    open_value = open_count = 0
    open_kinds = set()
    retrieved_yet = False
    opening_kind = plan.opening.kind if plan.opening is not None else None
    for move in plan.moves:
        where = f"{label}, move {move.kind} {_show(move.tiles)}"
        if move.kind != "open" and plan.opening is not None:
            opened = True  # the opening's melds are down
        if plan.opening is not None and move.kind in ("meld", "pair"):
            # a further meld of the opening turn holds a joker taken back this turn,
            # of the opening's kind [R-RETRIEVE, R-SAME-TURN, R-NO-MIX]
            assert rules.freed_joker_melds, f"{where}: house rule: no freed joker in a new meld"
            assert retrieved_yet, f"{where}: a further meld before any retrieval"
            assert (move.kind == "pair") == (opening_kind == "pairs"), f"{where}: [R-NO-MIX]"
        retrieved_yet = retrieved_yet or move.kind == "retrieve"
        if move.kind in ("lay off", "retrieve"):
            assert opened, f"{where}: before the opening [R-LAYOFF, R-RETRIEVE]"
            if play.opened == "no":
                assert play.same_turn_layoff, f"{where}: no lay-off in the opening turn"
        if move.kind == "open":
            assert play.opened == "no", f"{where}: an opened player opens again"
            assert not opened, f"{where}: opening melds after other moves"
            open_value += sum(f.number for f in move.stands_for)
            open_count += 1
            open_kinds.add("pair" if len(move.tiles) == 2 else "meld")
        if move.kind == "meld" and plan.opening is None:
            assert play.opened == "melds", f"{where}: new runs/sets [R-PAIRS-AFTER]"
        if move.kind == "pair" and plan.opening is None:
            assert pairs_seen, f"{where}: pairs while nobody opened with pairs [R-PAIRS-AFTER]"
        hand.subtract(move.tiles)
        assert all(k >= 0 for k in hand.values()), f"{where}: tiles not on hand"
        if move.kind == "retrieve":
            hand[WILD] += 1
    if plan.opening is not None:
        opened = True
        # every meld of the opening turn counts toward the opening [R-SAME-TURN]
        own = Counter(t for m in plan.moves if m.kind in ("open", "meld", "pair") for t in m.tiles)
        melds = Counter(t for m in plan.opening.melds for t in m.tiles)
        assert own == melds, f"{label}: the opening's melds are not the turn's new melds"
    assert +hand == Counter(plan.left), f"{label}: moves do not leave the tiles left"
    assert freed == sum(m.kind == "retrieve" for m in plan.moves), f"{label}: retrievals"

    # the opening meets its bar; lay-offs never count [R-OPEN-MELDS, R-OPEN-PAIRS, R-NO-MIX];
    # under the house rule a one-turn finish needs no bar [R-ONE-TURN-ANY-VALUE]
    one_turn = plan.opening is not None and len(plan.left) <= 1
    one_turn = one_turn and not table and not rules.someone_opened
    if plan.opening is not None:
        assert len(open_kinds) == 1, f"{label}: pairs and melds mixed [R-NO-MIX]"
        any_value = rules.one_turn_any_value and one_turn
        if "pair" in open_kinds and not any_value:
            assert open_count >= rules.pairs_bar, f"{label}: {open_count} pairs [R-OPEN-PAIRS]"
        elif not any_value:
            assert open_value >= rules.meld_bar, f"{label}: {open_value} points [R-OPEN-MELDS]"
    if play.declared_pairs and play.opened == "no":
        assert not plan.opening or open_kinds == {"pair"}, f"{label}: declared, not pairs"
    if rules.take is not None and plan.moves and not (play.declared_pairs and play.opened == "no"):
        laid = [t for m in plan.moves for t in m.tiles]
        if plan.opening is not None:
            laid = [t for m in plan.moves if m.kind == "open" for t in m.tiles]
        taken: Tile = rules.take
        ok = any(t.is_wild for t in laid) if taken.is_wild else taken in laid
        assert ok, f"{label}: the taken {taken.code} is not used [R-TAKE-DISCARD]"

    # the numbers [R-RESIDUAL, R-FINISH, R-SCORE]
    pairs_state = play.opened == "pairs" or (plan.opening is not None and "pair" in open_kinds)
    points = sum(WILD_POINTS if t.is_wild else t.face.number for t in plan.left)
    if plan.mode == "none":
        assert not plan.moves and plan.residual_penalty == 202, f"{label}: unopened is 202"
    elif plan.status == "none":
        assert not plan.moves and rules.take is not None, f"{label}: no plan, but why?"
    else:
        expected = points * (2 if pairs_state else 1)
        assert plan.residual_penalty == expected, f"{label}: residual {plan.residual_penalty}"
    finish = plan.mode != "none" and plan.status != "none" and len(plan.left) <= 1
    assert plan.finish.possible == finish, f"{label}: finish flag wrong"
    if finish:
        joker = bool(plan.left) and plan.left[0].is_wild
        assert plan.finish.joker_finish == joker, f"{label}: joker finish flag wrong"
        assert plan.finish.one_turn == one_turn, f"{label}: one-turn flag wrong [R-ONE-TURN]"
        won = (404 if joker else 202) if one_turn else (202 if joker else 101)
        assert plan.finish.points == won, f"{label}: {plan.finish.points} points [R-SCORE]"
