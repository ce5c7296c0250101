"""The table of a turn: its groups, how a set's free jokers read, and the lay-off places
[R-RUN, R-SET, R-PAIR, R-WILD, R-LAYOFF, R-LAYOFF-LIMIT, R-TILES].

The table is a fixed list of legal groups (runs, sets, pairs). In 101 a table
group is never rearranged: it may only grow (a lay-off: a run at its low or
high end by a contiguous block, a set of 3 by its missing colour) or swap a
joker for exactly the tile it stands for (a retrieval). An unpinned joker in a
table set stands for any colour the set lacks: a set of 3 with one joker
(``R7 B7 J``) is read ``J=K7`` or ``J=Y7`` (:meth:`TableGroup.read_as`); a pinned
joker (``J=Y7``) stays pinned, and a joker in a run stands for what ``check``
works out (its place as written). One tile and two unpinned jokers (``R7 J J``)
read two ways, a run as written (``R7 J=R8 J=R9``) and a set (``R7 J J``, its
jokers free): ``check``'s reading (the one worth most) is the group, the other
is in :attr:`TableGroup.other_readings`, and :func:`table_readings` gives every
reading of the table [R-RUN, R-SET, R-WILD].

Text → :func:`parse_table` → :class:`TableGroup` values; :func:`check_copies`
counts rack and table against the tile set; :func:`slot_faces`,
:func:`set_faces` and :func:`layoff_places` are the places a lay-off may fill.
No search here: the turn model (:mod:`~rummy101_solver.engine.turn_model`) and
the best turn (:mod:`~rummy101_solver.engine.play`) build on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import TYPE_CHECKING, Literal

from rummy101_solver.game.parsing import LaidTile, RackError, check_rack_limits, parse_arrangement
from rummy101_solver.game.rules import GroupKind, Rules, judge_group
from rummy101_solver.game.tiles import COLOURS, WILD_TILES, Colour, Face, Rack, Tile, face

if TYPE_CHECKING:
    from rummy101_solver.engine.discard import LayoffPlace

__all__ = [
    "End",
    "PlayError",
    "TableGroup",
    "TableTileError",
    "check_copies",
    "layoff_places",
    "parse_table",
    "set_faces",
    "slot_faces",
    "table_readings",
]

End = Literal["low", "high", "set"]
"""Where a lay-off goes: a run's low or high end, or a set's missing colour."""


class PlayError(ValueError):
    """Bad table: an illegal group (``str()`` names the group and the rule)."""


class TableTileError(RackError):
    """A table tile beyond the copies of the set [R-TILES]: ``token`` is the
    tile, ``position`` its place among the table's tiles (1-based), ``str()``
    the whole message (``'R7' (table tile 4): a third R7 …``)."""

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class TableGroup:
    """One group on the table: its kind, tiles in order (runs ascending, sets
    by colour) and the face each tile plays as [R-RUN, R-SET, R-PAIR, R-WILD].

    ``free``: per tile, True for an unpinned joker of a set: it may stand for
    any colour the set lacks (``stands_for`` holds the default reading, the
    first missing colours in canonical order); empty when none is free.
    ``other_readings``: the group read another way, for one tile and two
    unpinned jokers (``R7 J J``: the run ``R7 J=R8 J=R9`` as written, or the
    set): the reading ``check`` does not take, when it is legal; else empty
    [R-RUN, R-SET, R-WILD].
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]
    stands_for: tuple[Face, ...]
    free: tuple[bool, ...] = ()
    other_readings: tuple[TableGroup, ...] = ()

    @property
    def value(self) -> int:
        """Points of the group [R-VALUE]."""
        return sum(f.number for f in self.stands_for)

    @property
    def jokers(self) -> tuple[int, ...]:
        """Places of the wild tiles."""
        return tuple(i for i, t in enumerate(self.tiles) if t.is_wild)

    @property
    def open_colours(self) -> tuple[Colour, ...]:
        """A set of 3 with free jokers: the colours its free jokers and its one
        lay-off place share out (the colours no real tile or pinned joker
        takes, canonical order); every reading leaves one of them open for a
        lay-off [R-SET, R-WILD]. Empty for any other group (a set of 4 reads
        its jokers one way only; runs are read in the order written)."""
        if self.kind != "set" or len(self.tiles) != 3 or not any(self.free):
            return ()
        taken = {f.colour for f, free in zip(self.stands_for, self.free, strict=True) if not free}
        return tuple(c for c in COLOURS if c not in taken)

    @property
    def default_open(self) -> Colour | None:
        """The colour left open by the default reading (``stands_for``), or ``None``."""
        colours = self.open_colours
        if not colours:
            return None
        read = {f.colour for f, free in zip(self.stands_for, self.free, strict=True) if free}
        return next(c for c in colours if c not in read)

    def read_as(self, open_colour: Colour) -> TableGroup:
        """This set of 3 with its free jokers standing for every colour of
        :attr:`open_colours` but ``open_colour`` (tiles re-sorted by colour)
        [R-SET, R-WILD]."""
        colours = iter(c for c in self.open_colours if c != open_colour)
        number = self.stands_for[0].number
        places = [
            (t, face(next(colours), number) if free else f, free)
            for t, f, free in zip(self.tiles, self.stands_for, self.free, strict=True)
        ]
        places.sort(key=lambda p: p[1].colour.rank)
        return TableGroup(self.kind, tuple(p[0] for p in places), tuple(p[1] for p in places),
                          tuple(p[2] for p in places))  # fmt: skip


def _group_text(group: list[LaidTile]) -> str:
    return " ".join(lt.token for lt in group)


def parse_table(text: str, rules: Rules) -> tuple[TableGroup, ...]:
    """Parse and judge the table: groups as for ``check`` (``|`` between groups,
    jokers pinned ``J=R7`` or worked out as ``check`` does).

    Returns the groups in input order, runs ascending, sets in colour order.
    An empty text is an empty table. Raises
    :class:`~rummy101_solver.game.parsing.RackError` for a bad token and
    :class:`PlayError` for an illegal group, naming the group and the rule.
    """
    if not text.strip():
        return ()
    try:
        groups = parse_arrangement(text, indicator=rules.indicator)
    except RackError as err:  # say the token is a table tile, not a rack tile
        if err.token is None or err.position is None:
            raise
        raise RackError(err.token, None, f"table tile {err.position}: {err.reason}") from None
    out = []
    jokers = 0
    for number, group in enumerate(groups, start=1):
        wild = sum(lt.tile.is_wild for lt in group)
        jokers += wild
        if jokers > WILD_TILES:
            raise PlayError(
                f"table group {number} ({_group_text(group)}): a third joker on the table;"
                f" the set has only {WILD_TILES} [R-TILES]"
            )
        if wild == len(group):
            raise PlayError(
                f"table group {number} ({_group_text(group)}) is not legal: a group needs a"
                " numbered tile to say what its jokers stand for [R-WILD]"
            )
        verdict = judge_group([(lt.tile, lt.pin) for lt in group], rules)
        if verdict.errors or verdict.kind is None:
            first = verdict.errors[0]
            raise PlayError(
                f"table group {number} ({_group_text(group)}) is not legal:"
                f" {first.message} [{first.rule}]"
            )
        places: list[tuple[Tile, Face, bool]] = []
        for lt, f in zip(group, verdict.stands_for, strict=True):
            assert f is not None, "a legal group names every face"
            # an unpinned joker of a set may stand for any colour it lacks [R-SET, R-WILD]
            unpinned = verdict.kind == "set" and lt.tile.is_wild and lt.pin is None
            places.append((lt.tile, f, unpinned))
        if verdict.kind == "run":
            places.sort(key=lambda p: p[1].number)
        elif verdict.kind == "set":
            places.sort(key=lambda p: p[1].colour.rank)
        free = tuple(p[2] for p in places) if any(p[2] for p in places) else ()
        tiles = tuple(p[0] for p in places)
        read = TableGroup(verdict.kind, tiles, tuple(p[1] for p in places), free)
        others = tuple(r for r in _two_way(group, rules) if r.kind != read.kind)
        out.append(replace(read, other_readings=others) if others else read)
    return tuple(out)


def _two_way(group: list[LaidTile], rules: Rules) -> list[TableGroup]:
    """The legal readings of one tile and two unpinned jokers: the run as written
    (the tile's place fixes where it starts) and the set (its jokers free, read
    as the first missing colours); empty for any other group [R-RUN, R-SET, R-WILD]."""
    real = [(i, lt.tile.face) for i, lt in enumerate(group) if not lt.tile.is_wild]
    if len(group) != 3 or len(real) != 1 or any(lt.pin is not None for lt in group):
        return []
    place, known = real[0]
    assert known is not None, "a numbered tile has a face"
    out = []
    start = known.number - place
    if 1 <= start <= 11:  # the run start..start+2 within 1–13
        run = tuple(face(known.colour, start + k) for k in range(3))
        pins = [(lt.tile, f if lt.tile.is_wild else None) for lt, f in zip(group, run, strict=True)]
        if judge_group(pins, rules).legal:
            out.append(TableGroup("run", tuple(lt.tile for lt in group), run))
    missing = iter(c for c in COLOURS if c != known.colour)
    places = sorted(
        ((lt.tile, face(next(missing), known.number), True) if lt.tile.is_wild
         else (lt.tile, known, False) for lt in group),
        key=lambda p: p[1].colour.rank,
    )  # fmt: skip
    out.append(TableGroup("set", tuple(p[0] for p in places), tuple(p[1] for p in places),
                          tuple(p[2] for p in places)))  # fmt: skip
    return out


def table_readings(table: Sequence[TableGroup]) -> list[tuple[TableGroup, ...]]:
    """Every reading of the table: each group that reads two ways (one tile and
    two unpinned jokers, :attr:`TableGroup.other_readings`) taken each way,
    ``check``'s reading first; the groups without their ``other_readings``.
    One table when no group reads two ways [R-RUN, R-SET, R-WILD]."""
    choices = [
        (replace(g, other_readings=()), *g.other_readings) if g.other_readings else (g,)
        for g in table
    ]
    return [tuple(c) for c in product(*choices)]


def check_copies(rack: Rack, table: Sequence[TableGroup], rules: Rules) -> None:
    """Raise :class:`~rummy101_solver.game.parsing.RackError` when rack and table
    together hold more copies than the tile set has (a third R7, a third
    joker) [R-TILES, R-RACK]; the message names the table tile."""
    tiles = [(t.code, t) for t in rack.tiles]
    tiles += [(t.code, t) for g in table for t in g.tiles]
    try:
        check_rack_limits(tiles, indicator=rules.indicator, max_tiles=len(tiles))
    except RackError as err:
        where = err.position
        if where is not None and where > len(rack):
            reason = err.reason.removesuffix(" [R-RACK]")
            place = where - len(rack)
            raise TableTileError(
                err.token,
                place,
                f"'{err.token}' (table tile {place}): {reason}, counting the rack and the"
                " table [R-TILES]",
            ) from None
        raise


# --- lay-off places ------------------------------------------------------------


def slot_faces(group: TableGroup, end: End) -> list[Face]:
    """The faces a lay-off could fill at one end, nearest first [R-LAYOFF]."""
    first, last = group.stands_for[0], group.stands_for[-1]
    if group.kind == "run" and end == "low":
        return [face(first.colour, n) for n in range(first.number - 1, 0, -1)]
    if group.kind == "run" and end == "high":
        return [face(last.colour, n) for n in range(last.number + 1, 14)]
    if group.kind == "set" and len(group.tiles) == 3:
        present = {f.colour for f in group.stands_for}
        return [face(c, first.number) for c in COLOURS if c not in present]
    return []


def set_faces(group: TableGroup) -> list[Face]:
    """The faces a set of 3 may take, every reading of its free jokers [R-SET, R-LAYOFF]."""
    number = group.stands_for[0].number
    if group.open_colours:
        return [face(c, number) for c in group.open_colours]
    return slot_faces(group, "set")


def layoff_places(
    table: Sequence[TableGroup], limit: int | None, per_end: int | None = None
) -> list[LayoffPlace]:
    """The lay-off places of a table for a later turn [R-LAYOFF, R-LAYOFF-LIMIT]:
    ``limit`` tiles onto one group, ``per_end`` tiles at one end of a run (``None``:
    no such limit)."""
    from rummy101_solver.engine.discard import LayoffPlace

    out = []
    for g in table:
        if g.kind == "run":
            low, high = slot_faces(g, "low"), slot_faces(g, "high")
            if per_end is not None:
                low, high = low[:per_end], high[:per_end]
            out.append(LayoffPlace(low=tuple(low), high=tuple(high), limit=limit))
        elif g.kind == "set" and len(g.tiles) == 3:
            faces = tuple(set_faces(g))
            out.append(LayoffPlace(set_faces=faces, limit=limit))
    return out
