"""The turn as a CP-SAT model, and its solution read as a :class:`~rummy101_solver.engine.plan.Plan`
[R-LAYOFF, R-LAYOFF-LIMIT, R-RETRIEVE, R-SAME-TURN, R-FINISH, R-JOKER-FINISH,
R-RESIDUAL, R-TAKE-DISCARD, R-NO-MIX, R-PAIRS-AFTER].

The turn model is the packing model of :mod:`rummy101_solver.engine.model` (new
melds or pairs from the rack, the same candidates as ``solve``) with three more
families: lay-off places, retrievals and the finish.

Flow: rack + table + :class:`~rummy101_solver.engine.plan.PlayRules` →
:func:`turn_problems` (one :class:`TurnProblem` per way of playing: an opening
with melds, an opening with pairs, or the turn of a player already opened) →
:class:`TurnModel` → solved → :func:`read_plan` → a
:class:`~rummy101_solver.engine.plan.Plan`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from rummy101_solver.engine.candidates import Pattern, meld_patterns, pair_patterns
from rummy101_solver.engine.model import PackingModel, PackingProblem
from rummy101_solver.engine.plan import (
    JOKER_WIN,
    NORMAL_WIN,
    ONE_TURN_JOKER_WIN,
    Finish,
    Mode,
    Move,
    MoveKind,
    Plan,
    PlayRules,
)
from rummy101_solver.engine.sat import Status
from rummy101_solver.engine.solver import Meld, Opening, meld_sort_key, merge_runs
from rummy101_solver.engine.table import End, TableGroup, slot_faces
from rummy101_solver.game.rules import PAIRS_PENALTY_FACTOR, OpeningKind, Rules
from rummy101_solver.game.tiles import (
    WILD,
    WILD_PENALTY,
    Colour,
    Face,
    Rack,
    Tile,
    face,
    sort_tiles,
)

__all__ = ["TurnModel", "TurnProblem", "read_plan", "turn_problems"]


@dataclass(frozen=True)
class TurnProblem:
    """One way of playing the turn, as a model input.

    - ``packing``: the new melds/pairs from the rack (candidate patterns, face
      counts, the wild tiles they may use, tiles that may be laid, bar, taken
      tile) — the packing problem of ``solve``;
    - ``rack_wilds``: wild tiles on the rack before the turn;
    - ``opening``: the new melds are this turn's opening (their wild tiles come
      from the rack, the bar applies, at least one is laid);
    - ``layoffs``: lay-offs and retrievals allowed this turn;
    - ``take_anywhere``: the taken tile may go in a lay-off or retrieval too
      (an opened player) [R-TAKE-DISCARD];
    - ``penalty_factor``: 2 after a pairs opening [R-RESIDUAL];
    - ``any_value``: a one-turn finish under the house rule: no bar, but every
      tile but the discard laid (``packing.min_laid``) [R-ONE-TURN-ANY-VALUE];
    - ``freed_melds``: an opening whose further melds (or pairs) may hold the
      jokers taken back this turn: the melds laid before the retrieval meet
      the bar with the rack's own wild tiles, the others follow it
      (``Rules.freed_joker_melds``) [R-RETRIEVE, R-SAME-TURN].
    """

    packing: PackingProblem
    table: tuple[TableGroup, ...]
    play_rules: PlayRules
    rack_wilds: int
    rack_size: int
    opening: bool
    layoffs: bool
    take_anywhere: bool
    penalty_factor: int = 1
    any_value: bool = False
    freed_melds: bool = False


@dataclass(frozen=True)
class _Slot:
    """One place a lay-off may fill: group, end, depth (1 = next to the group)."""

    group: int
    end: End
    depth: int
    face: Face
    real: int | None
    wild: int | None


@dataclass(frozen=True)
class _Retrieval:
    group: int
    place: int
    face: Face
    var: int


class TurnModel(PackingModel):
    """The turn as a CP-SAT model: the packing model of the rack's new melds or
    pairs, plus lay-off places, joker retrievals and the finish.

    Families added to :class:`~rummy101_solver.engine.model.PackingModel`:
    ``_add_layoffs`` (one real/wild choice per place, contiguous from the
    group outwards, the limit per group), ``_add_retrievals`` (the real tile
    for a table joker; the freed joker joins the wild tiles) and, in an
    opening, ``_add_opening_part`` (the copies of each pattern laid before the
    retrievals: they meet the bar with the rack's own wild tiles). Overridden:
    tile limits, keep, taken tile, bar and objective.

    Objective, lexicographic in one sum: a finish; a joker finish; the lowest
    residual penalty; the fewest tiles left; the tiles kept earliest in the
    canonical order; the highest value of the new melds.
    """

    def __init__(self, turn: TurnProblem) -> None:
        self.turn = turn
        self.slots: list[_Slot] = []
        self.retrievals: list[_Retrieval] = []
        self.readings: dict[int, dict[Colour, int]] = {}
        self.opening_part: dict[Pattern, int] = {}
        self.finish_var = -1
        self.joker_finish_var = -1
        self._forbidding = False
        self._uses: dict[Face, tuple[list[int], list[int]]] | None = None
        self._placed: dict[Face, list[int]] | None = None
        super().__init__(turn.packing)

    # --- constraint families -------------------------------------------------
    def _add_copies(self) -> None:
        # new melds / pairs from the rack, then the places on the table
        super()._add_copies()
        if self.turn.opening:
            self._add_opening_part()
        if self.turn.layoffs:
            self._add_layoffs()
            self._add_retrievals()

    def _add_opening_part(self) -> None:
        # the opening proper: the copies laid before any retrieval, its wild tiles
        # the rack's own; without freed_melds every new meld belongs to it
        # [R-OPEN-MELDS, R-RETRIEVE, R-SAME-TURN]
        for p, v in self.copies.items():
            if not p.wilds or not self.turn.freed_melds:
                self.opening_part[p] = v
            elif p.wilds <= self.turn.rack_wilds:
                part = self.model.new_int_var(0, self.bounds[p])
                self.model.add_linear([part, v], [1, -1], ub=0)
                self.opening_part[p] = part
            # a pattern holding more wild tiles than the rack has follows a retrieval

    def _add_layoffs(self) -> None:
        # a run grows at either end by a contiguous block, a set of 3 by its
        # missing colour; each place a real tile or a wild tile [R-LAYOFF]
        m = self.model
        counts = self.problem.counts
        wild_supply = self.problem.wilds
        for g, group in enumerate(self.turn.table):
            if group.kind == "pair":
                continue
            if group.open_colours:
                self._add_read_layoffs(g, group)
                continue
            used_in_group: list[int] = []
            ends: tuple[End, ...] = ("low", "high") if group.kind == "run" else ("set",)
            per_end = self.turn.play_rules.layoff_per_end
            for end in ends:
                gaps = 0
                previous: list[int] = []
                faces = slot_faces(group, end)
                if per_end is not None and end != "set":
                    faces = faces[:per_end]  # at most per_end tiles at one end [R-LAYOFF-LIMIT]
                for depth, f in enumerate(faces, start=1):
                    held = counts[f] > 0
                    gaps += not held
                    if gaps > wild_supply:
                        break
                    real = m.new_bool_var() if held else None
                    wild = m.new_bool_var() if wild_supply else None
                    place = [v for v in (real, wild) if v is not None]
                    if not place:
                        break
                    # one tile per place; a place is filled only if the one nearer is
                    m.add_linear(place, [1] * len(place), ub=1)
                    if previous:
                        m.add_linear([*place, *previous], [1] * len(place) + [-1] * len(previous),
                                     ub=0)  # fmt: skip
                    self.slots.append(_Slot(g, end, depth, f, real, wild))
                    used_in_group += place
                    previous = place
            limit = self.turn.play_rules.layoff_limit
            if limit is not None and len(used_in_group) > limit:
                # at most `limit` tiles onto one group per turn [R-LAYOFF-LIMIT]
                m.add_linear(used_in_group, [1] * len(used_in_group), ub=limit)

    def _add_read_layoffs(self, g: int, group: TableGroup) -> None:
        # a set of 3 with free jokers: one reading per colour left open; the
        # lay-off place is the open colour of the reading chosen [R-SET, R-WILD, R-LAYOFF]
        m = self.model
        counts = self.problem.counts
        number = group.stands_for[0].number
        reads = {c: m.new_bool_var() for c in group.open_colours}
        m.add_exactly_one(list(reads.values()))
        self.readings[g] = reads
        used: list[int] = []
        for c, read in reads.items():
            f = face(c, number)
            real = m.new_bool_var() if counts[f] > 0 else None
            wild = m.new_bool_var() if self.problem.wilds else None
            place = [v for v in (real, wild) if v is not None]
            if not place:
                continue
            # one tile, and only on the colour the reading leaves open
            m.add_linear([*place, read], [1] * len(place) + [-1], ub=0)
            self.slots.append(_Slot(g, "set", 1, f, real, wild))
            used += place
        limit = self.turn.play_rules.layoff_limit
        if limit is not None and len(used) > limit:
            m.add_linear(used, [1] * len(used), ub=limit)  # [R-LAYOFF-LIMIT]

    def _add_retrievals(self) -> None:
        # a table joker swapped for exactly the tile it stands for [R-RETRIEVE]
        m = self.model
        full_set = self.turn.play_rules.retrieve == "full-set"
        for g, group in enumerate(self.turn.table):
            reads = self.readings.get(g, {})
            for c, read in reads.items():
                # a free joker stands for colour c in every reading but the one leaving c open
                f = face(c, group.stands_for[0].number)
                if not self.problem.counts[f]:
                    continue
                var = m.new_bool_var()
                m.add_linear([var, read], [1, 1], ub=1)
                if full_set:
                    # only from a set completed to four colours by a real tile
                    reals = [s.real for s in self.slots if s.group == g and s.real is not None]
                    m.add_linear([var, *reals], [1] + [-1] * len(reals), ub=0)
                place = next(i for i, free in enumerate(group.free) if free)
                self.retrievals.append(_Retrieval(g, place, f, var))
            for place in group.jokers:
                if reads and group.free[place]:
                    continue
                f = group.stands_for[place]
                if not self.problem.counts[f]:
                    continue
                var = m.new_bool_var()
                if full_set and group.kind == "set" and len(group.tiles) == 3:
                    # only from a set completed to four colours by a real tile
                    fourth = next((s.real for s in self.slots if s.group == g), None)
                    if fourth is None:
                        m.add_linear([var], [1], ub=0)
                    else:
                        m.add_implication(var, fourth)
                self.retrievals.append(_Retrieval(g, place, f, var))

    # Only the packing model's API is used (``copies``, ``bounds``, ``model``,
    # ``problem`` and the family methods): every family that changes is
    # overridden whole, so the packing model's internals may change freely.
    def _pattern_uses(self, f: Face) -> tuple[list[int], list[int]]:
        # copies of face f in the new melds / pairs, in the order of ``copies``
        variables, coeffs = self._uses_by_face().get(f, ((), ()))
        return list(variables), list(coeffs)

    def _uses_by_face(self) -> dict[Face, tuple[list[int], list[int]]]:
        # every face's (copy variables, copies of the face per pattern), built in
        # one pass over ``copies`` (fixed once the packing model's copies exist);
        # the same terms in the same order as one scan of ``copies`` per face
        if self._uses is None:
            uses: dict[Face, tuple[list[int], list[int]]] = {}
            for p, v in self.copies.items():
                for f, k in p.need:
                    entry = uses.get(f)
                    if entry is None:
                        entry = uses[f] = ([], [])
                    entry[0].append(v)
                    entry[1].append(k)
            self._uses = uses
        return self._uses

    def _pattern_wilds(self) -> tuple[list[int], list[int]]:
        # wild tiles in the new melds / pairs
        items = [(v, p.wilds) for p, v in self.copies.items() if p.wilds]
        return [v for v, _ in items], [k for _, k in items]

    def _opening_uses(self, f: Face | Literal["wild"]) -> tuple[list[int], list[int]]:
        # copies of face f (or wild tiles) in the opening proper
        part = self.opening_part
        if f == "wild":
            items = [(v, p.wilds) for p, v in part.items() if p.wilds]
        else:
            items = [(v, p.real.count(f)) for p, v in part.items() if f in p.real]
        return [v for v, _ in items], [k for _, k in items]

    def _face_uses(self, f: Face) -> tuple[list[int], list[int]]:
        # copies of face f laid anywhere: new melds, lay-offs, retrievals
        variables, coeffs = self._pattern_uses(f)
        if self._placed is None:
            # each face's lay-off places (real tile) then retrievals, in their order
            # (fixed once the constraint families of the copies are in)
            placed: dict[Face, list[int]] = {}
            for s in self.slots:
                if s.real is not None:
                    placed.setdefault(s.face, []).append(s.real)
            for r in self.retrievals:
                placed.setdefault(r.face, []).append(r.var)
            self._placed = placed
        more = self._placed.get(f, ())
        variables += more
        coeffs += [1] * len(more)
        return variables, coeffs

    def _net_wilds(self) -> tuple[list[int], list[int]]:
        # wild tiles laid, less the jokers freed by retrievals
        variables, coeffs = self._pattern_wilds()
        variables += [s.wild for s in self.slots if s.wild is not None]
        coeffs += [1 for s in self.slots if s.wild is not None]
        variables += [r.var for r in self.retrievals]
        coeffs += [-1] * len(self.retrievals)
        return variables, coeffs

    def _add_tile_limits(self) -> None:
        # every tile laid comes from the rack: no face used more often than held
        for f in sorted(self.problem.counts):
            variables, coeffs = self._face_uses(f)
            if variables:
                self.model.add_linear(variables, coeffs, ub=self.problem.counts[f])
        # wild tiles: the rack's, plus the jokers freed this turn [R-RETRIEVE];
        # the opening proper only uses the rack's (the opening comes first)
        if self.turn.opening:
            opening_wilds = self._opening_uses("wild")
            if opening_wilds[0]:
                self.model.add_linear(*opening_wilds, ub=self.turn.rack_wilds)
        net = self._net_wilds()
        if net[0]:
            self.model.add_linear(*net, ub=self.turn.rack_wilds)

    def _tiles_laid(self) -> tuple[list[int], list[int]]:
        # tiles leaving the rack, net: a retrieval swaps a tile for a joker
        variables = list(self.copies.values())
        coeffs = [len(p) for p in self.copies]
        for s in self.slots:
            for v in (s.real, s.wild):
                if v is not None:
                    variables.append(v)
                    coeffs.append(1)
        return variables, coeffs

    def _add_keep(self) -> None:
        # leave at least `keep` tiles on the rack for the discard [R-KEEP-DISCARD]
        self.model.add_linear(*self._tiles_laid(), ub=self.problem.max_laid)
        # a one-turn finish lays down every tile but the discard [R-ONE-TURN]
        if self.problem.min_laid is not None:
            self.model.add_linear(*self._tiles_laid(), lb=self.problem.min_laid)

    def _add_must_use(self) -> None:
        # the taken discard is used at once [R-TAKE-DISCARD]: in the opening
        # proper (its value counts), or (an opened player) in a new meld, a
        # lay-off or a retrieval
        target = self.problem.must_use
        if target is None:
            return
        anywhere = self.turn.take_anywhere
        if not anywhere:
            variables, coeffs = self._opening_uses(target)
        elif target == "wild":
            variables, coeffs = self._pattern_wilds()
            variables += [s.wild for s in self.slots if s.wild is not None]
            coeffs += [1 for s in self.slots if s.wild is not None]
        else:
            variables, coeffs = self._face_uses(target)
        self.model.add_linear(variables, coeffs, lb=1)

    def _add_bar(self) -> None:
        # the opening proper meets the bar (a meld holding a joker freed this
        # turn never counts toward it); lay-offs never count
        # [R-OPEN-MELDS, R-OPEN-PAIRS, R-SAME-TURN, R-RETRIEVE]; at least one is laid
        if not self.turn.opening:
            return
        part = self.opening_part
        copies = list(part.values())
        if self.problem.min_score is not None:
            scores = [1 if self.problem.pairs else p.value for p in part]
            self.model.add_linear(copies, scores, lb=self.problem.min_score)
        self.model.add_linear(copies, [1] * len(copies), lb=1)

    def _saved_terms(self) -> tuple[list[int], list[int]]:
        # penalty points taken off the rack: tiles laid, jokers freed cost 101
        variables = list(self.copies.values())
        coeffs = [p.real_points + WILD_PENALTY * p.wilds for p in self.copies]
        for s in self.slots:
            if s.real is not None:
                variables.append(s.real)
                coeffs.append(s.face.number)
            if s.wild is not None:
                variables.append(s.wild)
                coeffs.append(WILD_PENALTY)
        for r in self.retrievals:
            variables.append(r.var)
            coeffs.append(r.face.number - WILD_PENALTY)
        return variables, coeffs

    def _order_terms(self) -> tuple[list[int], list[int]]:
        # canonical places of the real tiles laid (lay later tiles, keep earlier)
        variables = list(self.copies.values())
        coeffs = [sum(f.index + 1 for f in p.real) for p in self.copies]
        for s in self.slots:
            if s.real is not None:
                variables.append(s.real)
                coeffs.append(s.face.index + 1)
        for r in self.retrievals:
            variables.append(r.var)
            coeffs.append(r.face.index + 1)
        return variables, coeffs

    def _add_objective(self) -> None:
        # the finish first, a joker finish, then see the class docstring
        m = self.model
        counts = self.problem.counts
        size = self.turn.rack_size
        f_var = m.new_bool_var()
        j_var = m.new_bool_var()
        laid = self._tiles_laid()
        # finish: at most one tile left (the discard) [R-FINISH]
        m.add_linear([*laid[0], f_var], [*laid[1], -(size - 1)], lb=0)
        # joker finish: the tile left is a wild tile [R-JOKER-FINISH]
        net = self._net_wilds()
        m.add_implication(j_var, f_var)
        m.add_linear([*net[0], j_var], [*net[1], 1], ub=self.turn.rack_wilds)
        self.finish_var, self.joker_finish_var = f_var, j_var
        order_max = sum((f.index + 1) * k for f, k in counts.items()) + 1
        laid_max = size + 1
        saved_max = sum(f.number * k for f, k in counts.items()) + WILD_PENALTY * (
            self.turn.rack_wilds + 2
        )
        # last tier: the highest value of the new melds (a joker stands as high as it may)
        value_max = 13 * (size + self.problem.wilds) + 1
        w_order = value_max + 1
        w_laid = (order_max + 1) * w_order
        w_saved = (laid_max + 1) * w_laid
        w_joker = (2 * saved_max + 1) * w_saved
        w_finish = 2 * w_joker
        variables: list[int] = [f_var, j_var]
        coeffs: list[int] = [w_finish, w_joker]
        for part, weight in (
            (self._saved_terms(), w_saved),
            (laid, w_laid),
            (self._order_terms(), w_order),
            ((list(self.copies.values()), [p.value for p in self.copies]), 1),
        ):
            variables += part[0]
            coeffs += [c * weight for c in part[1]]
        m.maximize(variables, coeffs)

    # --- alternatives ----------------------------------------------------------
    def _left_keys(self, left: Sequence[Tile]
                   ) -> list[tuple[tuple[list[int], list[int]], int, int, int]]:  # fmt: skip
        # per face, then the wild tiles: (uses, most uses, offset making it >= 0,
        # uses of a plan leaving `left`, offset included)
        kept = Counter(t.face for t in left if not t.is_wild)
        keys = [(self._face_uses(f), k, 0, k - kept[f])
                for f, k in sorted(self.problem.counts.items())]  # fmt: skip
        jokers = len(self.retrievals)
        net = self.turn.rack_wilds - sum(t.is_wild for t in left)
        keys.append((self._net_wilds(), self.turn.rack_wilds + jokers, jokers, jokers + net))
        return keys

    def forbid_left(self, left: Sequence[Tile]) -> None:
        """Exclude every plan leaving exactly the tiles ``left`` on the rack (an
        earlier plan's, of this model or of another reading of the table), and
        the empty plan."""
        if not self._forbidding:
            laid = self._tiles_laid()
            retrieved = [r.var for r in self.retrievals]
            self.model.add_linear([*laid[0], *retrieved], [*laid[1], *[1] * len(retrieved)], lb=1)
            self._forbidding = True
        literals = []
        for (variables, coeffs), size, offset, used in self._left_keys(left):
            if not variables or not 0 <= used <= size:
                if used != offset:
                    return  # no plan of this model leaves that many of the tile: none leaves `left`
                continue
            # a different count of this face: fewer than used, or more
            fewer = self.model.new_bool_var()
            more = self.model.new_bool_var()
            # fewer -> uses <= used - 1; more -> uses >= used + 1
            big = size + offset + 1
            self.model.add_linear([*variables, fewer], [*coeffs, big], ub=used - 1 - offset + big)
            self.model.add_linear([*variables, more], [*coeffs, -big], lb=used + 1 - offset - big)
            literals += [fewer, more]
        self.model.add_bool_or(literals)


# --- building the problems --------------------------------------------------------
def _patterns(rack: Rack, rules: Rules, kind: Literal["melds", "pairs", "both"],
              wilds: int) -> tuple[Pattern, ...]:  # fmt: skip
    counts = rack.face_counts
    out: tuple[Pattern, ...] = ()
    if kind in ("melds", "both"):
        out += meld_patterns(counts, wilds)
    if kind in ("pairs", "both"):
        out += tuple(pair_patterns(counts, wilds, joker_pairs=rules.joker_pairs))
    return out


def turn_problems(
    rack: Rack, table: tuple[TableGroup, ...], rules: Rules, play: PlayRules
) -> list[tuple[Mode, TurnProblem]]:
    """The ways to play this turn, one model each: an unopened player opens with
    melds or with pairs [R-NO-MIX]; an opened one plays on [R-PAIRS-AFTER]."""
    jokers_on_table = sum(len(g.jokers) for g in table)
    pairs_seen = play.pairs_on_table or play.opened == "pairs"
    pairs_seen = pairs_seen or any(g.kind == "pair" for g in table)
    must_use: Face | Literal["wild"] | None = None
    if rules.take is not None:
        must_use = "wild" if rules.take.face is None else rules.take.face
    counts = rack.face_counts
    max_laid = max(0, len(rack) - rules.keep)
    out: list[tuple[Mode, TurnProblem]] = []
    if play.opened == "no":
        layoffs = play.same_turn_layoff and bool(table)
        wilds = rack.wilds + (jokers_on_table if layoffs else 0)
        # a joker taken back after the opening may go into a further meld [R-RETRIEVE]
        freed_melds = layoffs and jokers_on_table > 0 and rules.freed_joker_melds
        kinds: tuple[OpeningKind, ...] = ("melds", "pairs")
        if play.declared_pairs:
            # declared for pairs: opens with pairs or not at all, and may keep the
            # taken discard without opening [R-PAIRS-DECLARE]
            kinds, must_use = ("pairs",), None
        for kind in kinds:
            packing = PackingProblem(
                patterns=_patterns(rack, rules, kind, wilds if freed_melds else rack.wilds),
                counts=counts,
                wilds=wilds,
                max_laid=max_laid,
                pairs=kind == "pairs",
                must_use=must_use,
                min_score=rules.bar(kind),
            )
            factor = PAIRS_PENALTY_FACTOR if kind == "pairs" else 1
            turn = TurnProblem(packing, table, play, rack.wilds, len(rack), opening=True,
                               layoffs=layoffs, take_anywhere=False,
                               penalty_factor=factor, freed_melds=freed_melds)  # fmt: skip
            out.append((kind, turn))
        if rules.one_turn_any_value and not table and not rules.someone_opened:
            # house rule: a one-turn finish stands whatever its value, so one more
            # model per kind: no bar, everything but the discard laid [R-ONE-TURN-ANY-VALUE]
            for mode, base in list(out):
                packing = replace(base.packing, min_score=None, min_laid=len(rack) - 1)
                out.append((mode, replace(base, packing=packing, any_value=True)))
        return out
    wilds = rack.wilds + jokers_on_table
    if play.opened == "pairs":
        patterns = _patterns(rack, rules, "pairs", wilds)
    else:
        patterns = _patterns(rack, rules, "both" if pairs_seen else "melds", wilds)
    packing = PackingProblem(patterns=patterns, counts=counts, wilds=wilds, max_laid=max_laid,
                             must_use=must_use)  # fmt: skip
    factor = PAIRS_PENALTY_FACTOR if play.opened == "pairs" else 1
    turn = TurnProblem(packing, table, play, rack.wilds, len(rack), opening=False,
                       layoffs=bool(table), take_anywhere=True, penalty_factor=factor)  # fmt: skip
    return [("opened", turn)]


# --- reading a solution -----------------------------------------------------------
def _tile_of(rack: Rack) -> Callable[[Face], Tile]:
    tiles = {t.face: t for t in rack.tiles if t.face is not None}
    return lambda f: tiles[f]


def read_plan(
    rack: Rack,
    table: tuple[TableGroup, ...],
    rules: Rules,
    mode: Mode,
    model: TurnModel,
    values: Sequence[int],
    status: Status,
) -> Plan:
    """Turn a solution into a :class:`Plan` (moves in a playable order).

    ``table``: the table as parsed; the model's own (``model.turn.table``) is
    one reading of it (:func:`~rummy101_solver.engine.table.table_readings`). A
    move onto a group that reads two ways, or onto a set with free jokers,
    names the reading it relies on [R-SET, R-WILD]."""
    turn = model.turn
    tile_of = _tile_of(rack)
    pool: Counter[Tile] = Counter(rack.tiles)
    patterns = [p for p, v in model.copies.items() for _ in range(values[v])]
    later: list[Pattern] = []
    if turn.opening and turn.freed_melds:
        patterns, later = _split_opening(patterns, turn)
    melds = _melds(patterns, tile_of)
    later_melds = _melds(later, tile_of)
    read = _reading(turn.table, model, values)
    # the groups whose reading a move names: free set jokers, or two ways to read
    named = [bool(r.free or g.other_readings) for g, r in zip(table, read, strict=True)]
    groups = [list(zip(g.tiles, g.stands_for, strict=True)) for g in read]
    changed = [False] * len(table)
    layoffs: dict[tuple[int, End], list[tuple[Tile, Face]]] = {}
    for s in model.slots:
        if s.real is not None and values[s.real]:
            layoffs.setdefault((s.group, s.end), []).append((tile_of(s.face), s.face))
        elif s.wild is not None and values[s.wild]:
            layoffs.setdefault((s.group, s.end), []).append((WILD, s.face))
    retrieved = [r for r in model.retrievals if values[r.var]]
    real_layoffs: list[Move] = []
    wild_layoffs: list[Move] = []
    for (g, end), placed in sorted(layoffs.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        if end == "low":
            placed.reverse()
            groups[g][:0] = placed
        elif end == "high":
            groups[g] += placed
        else:
            groups[g] += placed
            groups[g].sort(key=lambda p: p[1].colour.rank)
        changed[g] = True
        move = Move("lay off", tuple(t for t, _ in placed), tuple(f for _, f in placed), g, end,
                    read[g] if named[g] else None)  # fmt: skip
        (wild_layoffs if any(t.is_wild for t, _ in placed) else real_layoffs).append(move)
    retrievals = []
    for r in retrieved:
        real = tile_of(r.face)
        place = groups[r.group].index((WILD, r.face))
        groups[r.group][place] = (real, r.face)
        changed[r.group] = True
        retrievals.append(Move("retrieve", (real,), (r.face,), r.group, None,
                               read[r.group] if named[r.group] else None))  # fmt: skip
    # pool: what leaves the rack, what the retrievals bring back
    for meld in [*melds, *later_melds]:
        pool.subtract(meld.tiles)
    for move in [*real_layoffs, *wild_layoffs, *retrievals]:
        pool.subtract(move.tiles)
    pool[WILD] += len(retrievals)
    assert all(k >= 0 for k in pool.values()), "the plan uses tiles the rack lacks"
    left = sort_tiles(list(pool.elements()))
    new_groups = [TableGroup(m.kind, m.tiles, m.stands_for) for m in [*melds, *later_melds]]
    after = tuple(
        TableGroup(g.kind, *_unzip(places), _free_after(g, places))
        for g, places in zip(read, groups, strict=True)
    ) + tuple(new_groups)
    first_new = len(table)
    kind_word: MoveKind = "open" if turn.opening else "meld"
    own = [
        Move(kind_word if m.kind != "pair" or turn.opening else "pair", m.tiles, m.stands_for,
             first_new + i)
        for i, m in enumerate(melds)
    ]  # fmt: skip
    # melds holding a joker taken back this turn follow the retrieval [R-RETRIEVE, R-SAME-TURN]
    first_later = first_new + len(melds)
    after_retrieval = [
        Move("pair" if m.kind == "pair" else "meld", m.tiles, m.stands_for, first_later + i)
        for i, m in enumerate(later_melds)
    ]
    if turn.opening:
        moves = own + real_layoffs + retrievals + after_retrieval + wild_layoffs
    else:
        moves = real_layoffs + retrievals + own + wild_layoffs
    factor = turn.penalty_factor
    penalty = sum(t.points for t in left) * factor
    opening = None
    if turn.opening:
        kind: OpeningKind = "pairs" if mode == "pairs" else "melds"
        opening = Opening(
            kind=kind,
            # every meld of the opening turn counts toward the opening [R-SAME-TURN]
            melds=tuple(melds + later_melds),
            left=left,
            residual_penalty=penalty,
            status="optimal" if status == "optimal" else "feasible",
            # below the bar only as a one-turn finish under the house rule
            meets_threshold=_score(melds, kind) >= rules.bar(kind),
            proven_by="CP-SAT" if status == "optimal" else None,
        )
    return Plan(
        mode=mode,
        opening=opening,
        table_read=read,
        moves=tuple(moves),
        table_after=after,
        changed=tuple(changed) + (True,) * len(new_groups),
        left=left,
        residual_penalty=penalty,
        finish=_finish(left, table, rules, turn),
        status="optimal" if status == "optimal" else "feasible",
    )


def _melds(patterns: list[Pattern], tile_of: Callable[[Face], Tile]) -> list[Meld]:
    """The melds of a packing as laid, touching runs joined, in the canonical order."""
    melds = []
    for meld_kind, places in merge_runs(patterns):
        tiles = tuple(WILD if wild else tile_of(f) for f, wild in places)
        melds.append(Meld(meld_kind, tiles, tuple(f for f, _ in places)))
    melds.sort(key=meld_sort_key)
    return melds


def _split_opening(patterns: list[Pattern], turn: TurnProblem
                   ) -> tuple[list[Pattern], list[Pattern]]:  # fmt: skip
    """The new melds of an opening turn (one entry per copy) split into the
    opening proper and the melds laid after the retrievals: the opening proper
    holds every pattern without a wild tile and as many of the others as the
    rack's own wild tiles allow, meets the bar and holds the taken tile; of
    the splits that do, the one scoring most (then holding most patterns,
    then the first found) [R-OPEN-MELDS, R-OPEN-PAIRS, R-RETRIEVE, R-SAME-TURN,
    R-TAKE-DISCARD]. The model's solution guarantees one exists."""
    packing = turn.packing
    fixed = [p for p in patterns if not p.wilds]
    wild = [p for p in patterns if p.wilds]
    bar = packing.min_score or 0
    take = packing.must_use

    def score(part: list[Pattern]) -> int:
        return len(part) if packing.pairs else sum(p.value for p in part)

    best: tuple[tuple[int, int], list[Pattern], list[Pattern]] | None = None
    for mask in range(1 << len(wild)):
        chosen = [p for i, p in enumerate(wild) if mask >> i & 1]
        rest = [p for i, p in enumerate(wild) if not mask >> i & 1]
        part = fixed + chosen
        if sum(p.wilds for p in chosen) > turn.rack_wilds or not part or score(part) < bar:
            continue
        if take == "wild" and not chosen:
            continue
        if take is not None and take != "wild" and not any(take in p.real for p in part):
            continue
        key = (score(part), len(part))
        if best is None or key > best[0]:
            best = (key, part, rest)
    assert best is not None, "the model meets the bar with the rack's own wild tiles"
    return best[1], best[2]


def _reading(table: tuple[TableGroup, ...], model: TurnModel, values: Sequence[int]
             ) -> tuple[TableGroup, ...]:  # fmt: skip
    """The table as a solution reads it: a set whose free jokers the turn uses
    is read with the colour it lays off open, or else the default open colour
    unless a retrieval needs that one, then the first colour no retrieval
    needs; every other group as given [R-SET, R-WILD]."""
    out = list(table)
    for g, group in enumerate(table):
        if not group.open_colours:
            continue
        laid = [s.face.colour for s in model.slots if s.group == g
                and any(v is not None and values[v] for v in (s.real, s.wild))]  # fmt: skip
        taken = {r.face.colour for r in model.retrievals if r.group == g and values[r.var]}
        if laid:
            open_colour = laid[0]
        elif group.default_open not in taken:
            continue
        else:
            open_colour = next(c for c in group.open_colours if c not in taken)
        out[g] = group.read_as(open_colour)
    return tuple(out)


def _unzip(places: list[tuple[Tile, Face]]) -> tuple[tuple[Tile, ...], tuple[Face, ...]]:
    return tuple(t for t, _ in places), tuple(f for _, f in places)


def _free_after(group: TableGroup, places: list[tuple[Tile, Face]]) -> tuple[bool, ...]:
    """The free flags of a set after the turn: none once it holds four tiles or
    no joker (its reading is then fixed), else the flags of its tiles."""
    if not group.free or len(places) != len(group.tiles):
        return ()
    flags = dict(zip(group.stands_for, group.free, strict=True))
    out = tuple(t.is_wild and flags.get(f, False) for t, f in places)
    return out if any(out) else ()


def _score(melds: Sequence[Meld], kind: OpeningKind) -> int:
    """What an opening's melds score against its bar: points, or pairs."""
    return len(melds) if kind == "pairs" else sum(m.value for m in melds)


def _finish(left: tuple[Tile, ...], table: tuple[TableGroup, ...], rules: Rules,
            turn: TurnProblem) -> Finish:  # fmt: skip
    """The finish of a plan leaving ``left`` [R-FINISH, R-JOKER-FINISH, R-SCORE]."""
    if len(left) > 1:
        return Finish(False, False, None, 0)
    discard = left[0] if left else None
    joker = discard is not None and discard.is_wild
    one_turn = turn.opening and not table and not rules.someone_opened
    if one_turn:
        points = ONE_TURN_JOKER_WIN if joker else JOKER_WIN
    else:
        points = JOKER_WIN if joker else NORMAL_WIN
    return Finish(True, joker, discard, points, one_turn)
