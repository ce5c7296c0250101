"""The best turn against the table: opening, new melds, pairs, lay-offs, joker
retrieval and finishing [R-LAYOFF, R-LAYOFF-LIMIT, R-PAIRS-AFTER, R-RETRIEVE,
R-SAME-TURN, R-FINISH, R-JOKER-FINISH, R-SCORE, R-RESIDUAL].

The turn is four modules, each one idea:

- :mod:`~rummy101_solver.engine.table`: the table's groups
  (:class:`~rummy101_solver.engine.table.TableGroup`), how a set's free jokers
  read, the lay-off places; :func:`~rummy101_solver.engine.table.parse_table`;
- :mod:`~rummy101_solver.engine.plan`: the player's state
  (:class:`~rummy101_solver.engine.plan.PlayRules`) and what a turn gives: moves,
  :class:`~rummy101_solver.engine.plan.Plan`,
  :class:`~rummy101_solver.engine.plan.PlayResult`;
- :mod:`~rummy101_solver.engine.turn_model`: the turn as a CP-SAT model and its
  solution read as a plan;
- this module: the best turn (:func:`best_turn`: every way of playing solved,
  the plans ranked, the alternatives), the discard that ends it
  (:func:`choose_discard`), the distance of a player who cannot open
  (:func:`with_distance`), and seeded turns for the benchmark (:func:`deal_turn`).

Flow: rack + :class:`~rummy101_solver.engine.table.TableGroup` values +
:class:`~rummy101_solver.engine.plan.PlayRules` → one
:class:`~rummy101_solver.engine.turn_model.TurnModel` per way of playing (an
opening with melds, an opening with pairs, or the turn of a player already
opened) → :class:`~rummy101_solver.engine.plan.Plan` values →
:class:`~rummy101_solver.engine.plan.PlayResult`.

Choices where the rule book is silent (also in the README):

- a joker retrieved by a player opening this turn may go into a further meld
  (or pair) of the turn once the melds laid before the retrieval meet the bar
  without it, or be laid off or kept: the opening comes first [R-RETRIEVE,
  R-SAME-TURN]; ``Rules.freed_joker_melds`` False (``--no-freed-joker-melds``)
  keeps it out of every new meld of that turn;
- a group of one tile and two unpinned jokers (``R7 J J``) is read both ways,
  the run as written (``R7 J=R8 J=R9``) and the set, each reading one model
  (:func:`~rummy101_solver.engine.table.table_readings`); the plan names the
  reading its moves rely on [R-RUN, R-SET, R-WILD];
- an unpinned joker in a table set stands for any colour the set lacks: a
  set of 3 with one joker (``R7 B7 J``) is read ``J=K7`` or ``J=Y7``, and a
  lay-off or retrieval may use either reading (the plan names the one it
  relies on) [R-SET, R-WILD]; a pinned joker (``J=Y7``) stays pinned, and a
  joker in a run stands for what ``check`` works out (its place as written);
- ``--layoff-limit N`` counts the tiles that grow a group (lay-offs); the
  tile that replaces a retrieved joker does not count;
- ``--retrieve full-set``: a joker leaves a set only when the set holds four
  tiles after the turn, its fourth colour a real tile laid before [R-RETRIEVE];
- a joker may be retrieved from a pair on the table too (with the other copy);
- a player who opened with pairs may retrieve jokers (R-RETRIEVE: after one's
  own opening) and lay them off or in new pairs.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from rummy101_solver.engine.plan import (
    Finish,
    OpeningDistance,
    Plan,
    PlanStatus,
    PlayResult,
    PlayRules,
    residual_before,
)
from rummy101_solver.engine.table import (
    TableGroup,
    check_copies,
    layoff_places,
    set_faces,
    slot_faces,
    table_readings,
)
from rummy101_solver.engine.turn_model import TurnModel, TurnProblem, read_plan, turn_problems
from rummy101_solver.game.rules import PAIRS_PENALTY_FACTOR, UNOPENED_PENALTY, GroupKind, Rules
from rummy101_solver.game.tiles import COLOURS, WILD, Face, Rack, Tile, face

if TYPE_CHECKING:
    from rummy101_solver.engine.discard import Discard

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "best_turn",
    "choose_discard",
    "deal_turn",
    "with_discard",
    "with_distance",
]

DEFAULT_TIME_LIMIT = 10.0
"""Seconds for one turn, every model and alternative together."""


def with_distance(result: PlayResult, *, time_limit: float = DEFAULT_TIME_LIMIT) -> PlayResult:
    """``result`` with :attr:`PlayResult.distance` filled when the player cannot
    open (``can_open`` is False; else ``result`` unchanged, and also after
    taking the discard, which replaces the draw [R-TAKE-DISCARD]).

    The distance is :func:`~rummy101_solver.engine.outs.rack_distance` of the rack,
    melds and pairs, the unseen tiles being the 106-tile set minus the rack,
    the tiles on the table and the indicator. The rack is the one held in
    this turn, so a later opening lays at most one tile fewer than it holds:
    it discards one now, draws one next turn and keeps one for that turn's
    discard [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD]. ``time_limit``
    (seconds) bounds both searches together.
    """
    if result.can_open is not False or result.rules.take is not None:
        return result
    from rummy101_solver.engine.outs import KINDS, rack_distance, unseen_tiles

    deadline = time.monotonic() + time_limit
    seen = [t for g in result.table for t in g.tiles]
    if result.refused_take is not None:  # it stays on the discard pile, seen
        seen.append(result.refused_take)
    unseen = unseen_tiles(result.rack, result.rules, seen)
    found = [
        rack_distance(
            result.rack,
            result.rules,
            kind,
            unseen=unseen,
            max_laid=max(len(result.rack) - 1, 0),
            time_limit=max(deadline - time.monotonic(), 0.001),
        )
        for kind in KINDS
    ]
    return replace(result, distance=OpeningDistance(*found))


def with_discard(result: PlayResult, *, time_limit: float = DEFAULT_TIME_LIMIT) -> PlayResult:
    """``result`` with the discard of a best plan that lays nothing while
    unopened (mode ``none``): the best row of ``outs``' discard table
    (:func:`choose_discard`); any other result unchanged (:func:`best_turn`
    gives an opened or opening plan its discard). ``time_limit`` in seconds."""
    best = result.best
    if best.mode != "none" or best.discard_choice is not None:
        return result
    choice = choose_discard(result.rack, result.table, result.rules, result.play_rules, best,
                            time_limit=time_limit)  # fmt: skip
    return replace(result, best=replace(best, discard_choice=choice))


def _unopened(rack: Rack, table: tuple[TableGroup, ...], status: PlanStatus) -> Plan:
    """Not opened and nothing opens: nothing laid, 202 [R-PENALTY, R-RESIDUAL]."""
    return Plan("none", None, table, (), table, (False,) * len(table), rack.tiles, UNOPENED_PENALTY,
                Finish(False, False, None, 0), status)  # fmt: skip


def _rank(plan: Plan) -> tuple[int, int, int, int, int]:
    # finish, joker finish, lowest residual, fewest tiles left, melds before pairs
    return (
        -plan.finish.possible,
        -plan.finish.joker_finish,
        plan.residual_penalty,
        len(plan.left),
        plan.mode == "pairs",
    )


def _layable(plan: Plan, play: PlayRules) -> list[Tile]:
    """Numbered tiles left that could still be laid off this turn onto the
    table after it: next to a run's end or a set's missing colour, the group
    below its lay-off limit, lay-offs allowed now [R-LAYOFF, R-LAYOFF-LIMIT,
    R-SAME-TURN]."""
    if plan.mode == "none" or (plan.opening is not None and not play.same_turn_layoff):
        return []
    laid = Counter(m.group for m in plan.moves if m.kind == "lay off" for _ in m.tiles)
    at_end = Counter((m.group, m.end) for m in plan.moves if m.kind == "lay off" for _ in m.tiles)
    per_end = play.layoff_per_end
    faces: set[Face] = set()
    for g, group in enumerate(plan.table_after[: len(plan.table_read)]):
        limit = play.layoff_limit
        if group.kind == "pair" or (limit is not None and laid[g] >= limit):
            continue
        if group.kind == "run":
            for end in ("low", "high"):  # an end at its per-end limit takes no more
                if per_end is None or at_end[g, end] < per_end:
                    faces.update(slot_faces(group, end)[:1])
        elif len(group.tiles) == 3:
            faces.update(set_faces(group))
    # the player's own new melds are on the table too
    for group in plan.table_after[len(plan.table_read) :]:
        if group.kind == "run":
            faces.update(slot_faces(group, "low")[:1] + slot_faces(group, "high")[:1])
        elif group.kind == "set" and len(group.tiles) == 3:
            faces.update(slot_faces(group, "set"))
    return [t for t in plan.left if t.face is not None and t.face in faces]


def choose_discard(
    rack: Rack,
    table: Sequence[TableGroup],
    rules: Rules,
    play: PlayRules,
    plan: Plan,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Discard | None:
    """The tile that ends ``plan``'s turn, and why [R-KEEP-DISCARD]
    (:mod:`~rummy101_solver.engine.discard`):

    - not opened and not opening (mode ``none``): the first row of
      :func:`~rummy101_solver.engine.outs.discard_table` that is not a joker,
      the table's tiles seen: fewest tiles from an opening after it, then the
      other kind, then the most outs; ``distance_after`` (melds, pairs);
    - opened or opening now: :func:`~rummy101_solver.engine.discard.opened_discard`
      over the tiles left, the lay-off places of the table after the turn
      (the player's new melds too), the kinds the player may lay next
      [R-PAIRS-AFTER] and the unseen copies.

    ``None`` for a plan with nothing left (never: a turn keeps one) or no
    plan. ``time_limit`` in seconds.
    """
    from rummy101_solver.engine.discard import Discard, opened_discard
    from rummy101_solver.engine.outs import discard_table, unseen_tiles

    if not plan.left or plan.status == "none":
        return None
    if plan.mode == "none":
        unseen = unseen_tiles(rack, rules, [t for g in table for t in g.tiles])
        rows = discard_table(rack, rules, unseen=unseen, time_limit=time_limit)
        row = next((r for r in rows if not r.tile.is_wild), rows[0])
        melds, pairs = row.melds.tiles, row.pairs.tiles

        def away(n: int | None, kind: str) -> str:
            return f"{kind} out of reach" if n is None else f"{kind} {n} tile{'s' * (n != 1)}"

        copies = row.outs.copies("any")
        why = (
            f"the best row of the discard table (rummy101 outs): after it {away(melds, 'melds')},"
            f" {away(pairs, 'pairs')} from an opening, {copies} unseen tile{'s' * (copies != 1)}"
            " that are outs"
            " [R-OPEN-MELDS, R-OPEN-PAIRS]"
        )
        proven = row.outs.complete and "feasible" not in (row.melds.status, row.pairs.status)
        return Discard(row.tile, why, (melds, pairs), None, UNOPENED_PENALTY, proven=proven)
    seen = [t for g in plan.table_after for t in g.tiles]
    unseen_faces: Counter[Face] = Counter()
    for tile, k in unseen_tiles(Rack(plan.left), rules, seen).tiles:
        if tile.face is not None and not tile.is_wild:
            unseen_faces[tile.face] += k
    pairs_player = plan.mode == "pairs" or (plan.mode == "opened" and play.opened == "pairs")
    if pairs_player:
        kinds: frozenset[Literal["run", "set", "pair"]] = frozenset({"pair"})
    else:
        pairs_seen = play.pairs_on_table or any(g.kind == "pair" for g in plan.table_after)
        kinds = frozenset({"run", "set", "pair"} if pairs_seen else {"run", "set"})
    places = layoff_places(plan.table_after, play.layoff_limit, play.layoff_per_end)
    factor = PAIRS_PENALTY_FACTOR if pairs_player else 1
    return opened_discard(plan.left, _layable(plan, play), places, unseen_faces, kinds, rules,
                          factor, time_limit=min(time_limit, 2.0))  # fmt: skip


def _with_discard(rack: Rack, table: tuple[TableGroup, ...], rules: Rules, play: PlayRules,
                  plan: Plan, deadline: float) -> Plan:  # fmt: skip
    """``plan`` with its :attr:`Plan.discard_choice` (:func:`choose_discard`),
    a plan that opens or plays on only: the discard table of an unopened rack
    comes later (:func:`with_discard`), after the distance."""
    if plan.mode == "none":
        return plan
    left = max(deadline - time.monotonic(), 0.05)
    return replace(plan, discard_choice=choose_discard(rack, table, rules, play, plan,
                                                       time_limit=left))  # fmt: skip


def _alternatives(rack: Rack, table: tuple[TableGroup, ...], rules: Rules,
                  models: list[TurnModel], best: Plan, wanted: int, deadline: float
                  ) -> tuple[list[Plan], bool]:  # fmt: skip
    """The next-best plans of the best plan's kind, each leaving tiles no plan
    before it leaves: every reading of the table (one model each) re-solved
    with the tiles left by the plans listed so far forbidden, the best of them
    taken (:func:`_rank`, ``check``'s reading first on a tie). Returns the plans
    and whether the list is complete: each proven next-best, or no more exist."""
    others: list[Plan] = []
    listed = [best.left]
    done = [0] * len(models)  # how many of the listed plans each model forbids
    found: list[Plan | None] = [None] * len(models)  # each model's next best
    settled = [True] * len(models)  # its last solve proven (optimal or infeasible)
    complete = True
    while len(others) < wanted:
        for i, model in enumerate(models):
            new = listed[done[i] :]
            plan = found[i]
            for left in new:
                model.forbid_left(left)
            done[i] = len(listed)
            if plan is not None and plan.left not in new:
                continue  # it leaves other tiles: still this model's next best
            time_left = deadline - time.monotonic()
            if time_left <= 0:
                return others, False
            solution = model.model.solve(time_left, thorough=True)
            found[i] = None
            if solution.found:
                found[i] = read_plan(rack, table, rules, best.mode, model, solution.values,
                                     solution.status)  # fmt: skip
            settled[i] = solution.status in ("optimal", "infeasible")
        plans = [p for p in found if p is not None]
        complete = complete and all(settled)
        if not plans:
            return others, complete
        plan = min(plans, key=_rank)
        others.append(plan)
        listed.append(plan.left)
    return others, complete


def _bar_out_of_reach(turn: TurnProblem, reach: dict[bool, int]) -> bool:
    """True when the opening of ``turn`` cannot meet its bar, so its model has
    no solution [R-OPEN-MELDS, R-OPEN-PAIRS, R-SAME-TURN]: the opening proper
    holds only the rack's own tiles and wild tiles, at most ``max_laid`` of
    them. Melds: the exact sweep's best meld value of the rack (runs of any
    length, the same value as runs of 3–5) is below the bar. Pairs: the rack's
    natural pairs plus one pair per wild tile are fewer than the bar. An upper
    bound only, so an opening the model could find is never skipped; ``reach``
    memoises it per kind for the turn's other readings of the table."""
    packing = turn.packing
    if not turn.opening or packing.min_score is None:
        return False
    if packing.pairs not in reach:
        if packing.pairs:
            most = sum(k // 2 for k in packing.counts.values()) + turn.rack_wilds
        else:
            from rummy101_solver.engine.sweep import sweep_rack, value_curve

            own = sweep_rack(packing.counts, turn.rack_wilds, {}, packing.max_laid)
            most = value_curve(own, 0)[0]
        reach[packing.pairs] = most
    return reach[packing.pairs] < packing.min_score


def best_turn(
    rack: Rack,
    table: Sequence[TableGroup],
    rules: Rules | None = None,
    play: PlayRules | None = None,
    *,
    alternatives: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
    discard: bool = True,
    without_take: bool = True,
) -> PlayResult:
    """The best turn of ``rack`` against ``table`` (from :func:`parse_table`).

    Best: a finish (all tiles but the discard laid), a joker finish first;
    then the lowest residual penalty after the turn [R-RESIDUAL]; then the
    fewest tiles left; then the tiles kept earliest in the canonical order.
    An unopened player opens (melds meeting ``rules.meld_bar`` or pairs
    meeting ``rules.pairs_bar``; lay-offs never count [R-SAME-TURN]) or stays
    unopened at 202. With ``rules.one_turn_any_value``, on an empty table with
    nobody opened, a one-turn finish stands below the bar too
    [R-ONE-TURN-ANY-VALUE] (its opening then has ``meets_threshold`` False, and
    ``can_open`` still measures openings against the bars). ``alternatives``:
    next-best plans of the same kind, each leaving different tiles.
    ``time_limit`` in seconds for everything. ``discard``: False leaves the
    best plan's ``discard_choice`` ``None`` (a caller that only weighs the turn,
    as the bots of ``simulate --rounds`` weighing a take against the draw).
    ``without_take``: when ``rules.take`` is a tile no turn can use, True
    plays the turn without it (``refused_take`` set, the plan the rack's
    without the tile); False stops there: ``refused_take`` set, the plan
    none (for a caller that only asks whether the take is usable).


    Raises :class:`~rummy101_solver.game.parsing.RackError` when rack and table
    hold more copies than the set has.
    """
    rules = rules or Rules()
    play = play or PlayRules()
    table = tuple(table)
    check_copies(rack, table, rules)
    deadline = time.monotonic() + time_limit
    candidates: list[tuple[Plan, TurnModel]] = []
    opens = False  # an opening that meets its bar exists [R-OPEN-MELDS, R-OPEN-PAIRS]
    proven = True
    # a group that reads two ways (R7 J J: a run or a set) is tried both ways [R-WILD]
    reach: dict[bool, int] = {}  # the most the rack's own tiles open with, per kind
    for reading in table_readings(table):
        for mode, turn in turn_problems(rack, reading, rules, play):
            if _bar_out_of_reach(turn, reach):
                continue  # its model has no solution: nothing to build or solve
            model = TurnModel(turn)
            solution = model.model.solve(max(deadline - time.monotonic(), 0.001))
            if solution.status == "unknown" or solution.status == "feasible":
                proven = False
            if solution.found:
                plan = read_plan(rack, table, rules, mode, model, solution.values,
                                 solution.status)  # fmt: skip
                candidates.append((plan, model))
                opens = opens or not turn.any_value
    can_open: bool | None = None
    if play.opened == "no" and (proven or opens):
        can_open = opens
    # a player declared for pairs keeps the taken tile without opening [R-PAIRS-DECLARE]
    keeps_take = play.declared_pairs and play.opened == "no"
    if not candidates and rules.take is not None and proven and not without_take and not keeps_take:
        best = replace(_unopened(rack, table, "none"), mode="opened" if play.opened != "no"
                       else "none")  # fmt: skip
        return PlayResult(rack, table, rules, play, best, (), residual_before(rack, play.opened),
                          can_open, proven, refused_take=rules.take,
                          alternatives_asked=alternatives)  # fmt: skip
    if not candidates and rules.take is not None and proven and not keeps_take:
        # the taken tile cannot be used: the turn is played without it, drawing
        # instead, so no tile the player never took is counted [R-TAKE-DISCARD]
        without = list(rack.tiles)
        without.remove(rules.take)
        inner = best_turn(Rack(tuple(without)), table, replace(rules, take=None), play,
                          alternatives=alternatives,
                          time_limit=max(deadline - time.monotonic(), 0.001),
                          discard=discard)  # fmt: skip
        return replace(inner, refused_take=rules.take)
    if not candidates:
        best = _unopened(rack, table, "optimal" if proven else "none")
        if play.opened != "no":
            # only a taken tile that cannot be used leaves an opened player no plan
            best = replace(best, mode="opened", residual_penalty=residual_before(rack, play.opened),
                           status="none")  # fmt: skip
        if discard:
            best = _with_discard(rack, table, rules, play, best, deadline)
        return PlayResult(rack, table, rules, play, best, (), residual_before(rack, play.opened),
                          can_open, proven, alternatives_complete=proven,
                          alternatives_asked=alternatives)  # fmt: skip
    candidates.sort(key=lambda c: _rank(c[0]))  # stable: check's reading first on a tie
    best, first = candidates[0]
    if not proven and best.status == "optimal":
        best = replace(best, status="feasible")
    if discard:
        best = _with_discard(rack, table, rules, play, best, deadline)
    # the same way of playing, every reading of the table
    models = [m for p, m in candidates
              if p.mode == best.mode and m.turn.any_value == first.turn.any_value]  # fmt: skip
    others, complete = _alternatives(rack, table, rules, models, best, alternatives, deadline)
    return PlayResult(rack, table, rules, play, best, tuple(others),
                      residual_before(rack, play.opened), can_open, proven,
                      alternatives_complete=complete,
                      alternatives_asked=alternatives)  # fmt: skip


# --- seeded deals for the benchmark ---------------------------------------------------
def deal_turn(
    seed: int, rack_size: int = 14, groups: int = 8
) -> tuple[Rack, tuple[TableGroup, ...]]:
    """A seeded rack and table [R-TILES]: ``groups`` legal groups (runs of 3–5
    and sets of 3–4, a joker in some) built from a shuffled 106-tile set, then
    ``rack_size`` tiles dealt from what is left. The same seed gives the same deal."""
    import random

    from rummy101_solver.game.deal import TILE_SET

    rng = random.Random(seed)
    deck = list(TILE_SET)
    rng.shuffle(deck)
    stock = Counter(deck)
    table: list[TableGroup] = []
    while len(table) < groups:
        if rng.random() < 0.6:
            colour = rng.choice(COLOURS)
            length = rng.randint(3, 5)
            start = rng.randint(1, 14 - length)
            faces = [face(colour, n) for n in range(start, start + length)]
            kind: GroupKind = "run"
        else:
            number = rng.randint(1, 13)
            colours = sorted(rng.sample(COLOURS, rng.choice((3, 4))), key=lambda c: c.rank)
            faces = [face(c, number) for c in colours]
            kind = "set"
        tiles = [Tile(f) for f in faces]
        if stock[WILD] and rng.random() < 0.25:
            tiles[rng.randrange(len(tiles))] = WILD
        need = Counter(tiles)
        if any(stock[t] < k for t, k in need.items()):
            continue
        stock -= need
        table.append(TableGroup(kind, tuple(tiles), tuple(faces)))
    rest = []
    for tile in deck:  # the tiles not on the table, in shuffled order
        if stock[tile] > 0:
            stock[tile] -= 1
            rest.append(tile)
    return Rack(tuple(rest[:rack_size])), tuple(table)
