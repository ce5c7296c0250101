"""The game file of ``rummy101 track``: one round's events, one JSON line each.

The file is JSON Lines, append-only; every call replays it into the state
(:func:`rummy101_solver.game.round.replay`), so undo and history come free and
nothing is kept anywhere else. One event a line, numbered 1, 2, 3… without
gaps; compact JSON, keys in a fixed order, no timestamps (the same events give
the same bytes)::

    {"format":"rummy101-game-1","event":1,"kind":"new","rack":["R1",…],"players":4,
     "seat":1,"rules":{…}}
    {"format":"rummy101-game-1","event":2,"kind":"seen","player":4,"tile":"K4"}
    {"format":"rummy101-game-1","event":3,"kind":"take","player":1,"tile":"K4"}

Fields per kind (schema: ``rummy101 schema game``): ``new``: ``rack``,
``players``, ``seat``, ``rules``; ``draw``, ``discard``: ``tile``; ``take``,
``seen``: ``player``, ``tile``; ``lay``: ``player``, ``groups`` (one group a
string, one space between tiles, jokers pinned ``J=R7``: :func:`compact`),
``onto`` (1-based table group or null);
``opened``: ``player``, ``how``, ``value``; ``finish``: ``player``, ``tile``
(their last discard, or null); ``stock`` (the stock ran out, no winner
[R-SCORE]), ``undo``: nothing more. Every number is in the
range the commands take (``player`` 1–4, ``onto`` 1–200, ``value`` 0–9999, the
rules as ``new`` checks them).

Durability, as the match ledger, from the one shared place
(:mod:`rummy101_solver.files.durable`) [issue 34]: the game file must be a regular
file (a FIFO, ``/dev/null``, ``/dev/zero``, a device or a symbolic link to a
missing file is refused, exit 2); it is read line by line, each line at most
:data:`~rummy101_solver.lines.MAX_LINE` bytes and the file at most
:data:`MAX_GAME_BYTES`; a line nested too deeply or holding a number of too
many digits names its line. An event is appended under an exclusive ``flock``
with one ``os.write`` on an ``O_APPEND`` descriptor and ``fsync``ed, after the
whole file has been read and replayed and the event checked against the state;
a refused event leaves the file byte-identical. A lay is stored in normal form
(one group a string, one space between tiles), so its line stays short.

Only a writer killed mid-write (``kill -9``) leaves a last line without its
newline: a reader leaves that line out (:attr:`Game.cut_line`, a warning), the
next writer drops it under its lock before it appends. A last line without its
newline that cannot be the start of an event is foreign, and refused. A file
whose first line is no event at all (text, random bytes) is "not a rummy101
game file"; a foreign line, a number out of sequence or an event the round
refuses raises :class:`GameFileError` naming the line; nothing is ever guessed
or skipped. Reading takes a shared lock and never writes. POSIX only (``fcntl``).
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from rummy101_solver.files.case import MAX_PAIRS, MAX_POINTS
from rummy101_solver.files.durable import (
    FileError,
    append_whole,
    decode,
    drop_cut_tail,
    load_json,
    lock,
    looks_cut,
    open_regular,
    read_bounded,
    read_lines,
    refuse_dangling,
    sync_directory,
)
from rummy101_solver.game.parsing import GROUP_SEPARATORS, RackError, parse_face, parse_tile
from rummy101_solver.game.round import (
    EVENT_KINDS,
    Event,
    RoundError,
    RoundState,
    TrackRules,
    apply,
    effective,
    start,
    undone,
)
from rummy101_solver.game.tiles import Face, Tile
from rummy101_solver.lines import MAX_LINE

FORMAT = "rummy101-game-1"
"""The ``format`` of every game-file line; a line without it is foreign."""

DEFAULT_GAME = "rummy101-game.jsonl"
"""The game file used when ``--game`` is not given (in the current folder)."""


HEAD = f'{{"format":"{FORMAT}",'.encode()
"""The bytes every game-file line starts with: a line cut short by a killed
writer starts with them too (or with their first bytes)."""

MAX_GAME_BYTES = 4 << 20
"""Largest game file read, in bytes: an event takes a few dozen to a few hundred
bytes, a round a few hundred events; a larger file is refused unread."""

WHAT = "the game file"


class GameFileError(FileError):
    """A game file that cannot be read or appended to, or an event refused.
    ``str()`` is one line; ``line`` is the 1-based line number or ``None``."""


@dataclass(frozen=True)
class Game:
    """A game file read back: every event as recorded (undos included), the
    state they make, and one state per effective event (``states[i]`` after
    the first ``i + 1`` effective events)."""

    events: tuple[Event, ...]
    state: RoundState
    states: tuple[RoundState, ...]
    cut_line: int | None = None
    """A last line cut short by a killed writer: left out when read (its
    number), dropped by the writer that appended after it."""

    @property
    def undoable(self) -> bool:
        """True when an ``undo`` has an event to take back (never the ``new``)."""
        return len(self.states) > 1


def event_json(event: Event, number: int) -> dict[str, Any]:
    """The game-file record of ``event`` as event ``number`` (key order fixed)."""
    out: dict[str, Any] = {"format": FORMAT, "event": number, "kind": event.kind}
    if event.kind == "new":
        rules = event.rules or TrackRules()
        out.update(
            rack=[t.code for t in event.tiles],
            players=event.players,
            seat=event.seat,
            rules=rules.to_json(),
        )
    elif event.kind in ("draw", "discard"):
        out["tile"] = event.tile.code if event.tile else None
    elif event.kind in ("take", "seen"):
        out.update(player=event.player, tile=event.tile.code if event.tile else None)
    elif event.kind == "lay":
        out.update(player=event.player, groups=list(event.groups), onto=event.onto)
    elif event.kind == "opened":
        out.update(player=event.player, how=event.how, value=event.value)
    elif event.kind == "finish":
        out.update(player=event.player, tile=event.tile.code if event.tile else None)
    return out


_TOKEN = re.compile(r"[^\s,\ufeff]+")
"""A tile as the arrangement parser reads it: between spaces, commas or a byte-order mark."""


def compact(event: Event) -> Event:
    """``event`` in normal form: a lay's groups one to a string (split at ``|``
    or ``/``, as :func:`~rummy101_solver.game.parsing.parse_arrangement` does),
    one space between tiles (``"R3  R4,R5 | B7 K7 Y7"`` → ``("R3 R4 R5",
    "B7 K7 Y7")``): the same tiles, the same lay, a short line."""
    if event.kind != "lay":
        return event
    parts = (part for group in event.groups for part in GROUP_SEPARATORS.split(group))
    return replace(event, groups=tuple(" ".join(_TOKEN.findall(part)) for part in parts))


def event_line(event: Event, number: int) -> bytes:
    """The game-file line of ``event``: compact JSON, UTF-8, a newline at the end."""
    text = json.dumps(event_json(event, number), ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


_FIELDS: dict[str, tuple[str, ...]] = {
    "new": ("rack", "players", "seat", "rules"),
    "draw": ("tile",),
    "discard": ("tile",),
    "take": ("player", "tile"),
    "seen": ("player", "tile"),
    "lay": ("player", "groups", "onto"),
    "opened": ("player", "how", "value"),
    "finish": ("player", "tile"),
    "stock": (),
    "undo": (),
}

_RANGES: dict[str, tuple[int, int]] = {
    "players": (2, 4),
    "seat": (1, 4),
    "player": (1, 4),
    "onto": (1, 200),
    "value": (0, MAX_POINTS),
    "threshold": (0, MAX_POINTS),
    "pairs_threshold": (0, MAX_PAIRS),
    "layoff_limit": (1, 13),
}
"""The range of every number of a game file: what ``track new``, ``opened`` and
``lay --onto`` take (a number out of them is refused, never replayed)."""


def _int(
    record: dict[str, Any], key: str, where: str, *, null: bool = False, label: str = ""
) -> int | None:
    value = record.get(key)
    if value is None and null:
        return None
    name = label or f"'{key}'"
    low, high = _RANGES[key]
    if type(value) is not int:
        raise GameFileError(f"{where}: {name} must be a whole number")
    if not low <= value <= high:
        raise GameFileError(f"{where}: {name} must be a whole number in {low}–{high}")
    return value


def _rules(data: Any, where: str) -> TrackRules:
    default = TrackRules().to_json()
    if not isinstance(data, dict) or sorted(data) != sorted(default):
        raise GameFileError(f"{where}: 'rules' must hold {', '.join(default)}")
    kinds = {
        "threshold": int, "pairs_threshold": int, "rising": bool, "joker_pairs": bool,
        "one_turn_any_value": bool, "same_turn_layoff": bool,
    }  # fmt: skip
    for key, kind in kinds.items():
        if type(data[key]) is not kind:
            raise GameFileError(f"{where}: rule '{key}' must be of type {kind.__name__}")
        if kind is int:
            _int(data, key, where, label=f"rule '{key}'")
    if data["retrieve"] not in ("any", "full-set"):
        raise GameFileError(f"{where}: rule 'retrieve' must be 'any' or 'full-set'")
    limit = data["layoff_limit"]
    if limit is not None and type(limit) is not int:
        raise GameFileError(f"{where}: rule 'layoff_limit' must be a whole number or null")
    _int(data, "layoff_limit", where, null=True, label="rule 'layoff_limit'")
    indicator: Face | None = None
    if data["indicator"] is not None:
        try:
            indicator = parse_face(str(data["indicator"]))
        except RackError as err:
            raise GameFileError(f"{where}: rule 'indicator': {err}") from None
    return TrackRules(
        threshold=data["threshold"],
        pairs_threshold=data["pairs_threshold"],
        rising=data["rising"],
        indicator=indicator,
        joker_pairs=data["joker_pairs"],
        one_turn_any_value=data["one_turn_any_value"],
        layoff_limit=limit,
        retrieve=data["retrieve"],
        same_turn_layoff=data["same_turn_layoff"],
    )


def _tile(value: Any, indicator: Face | None, where: str) -> Tile:
    if not isinstance(value, str):
        raise GameFileError(f"{where}: a tile must be a string")
    try:
        return parse_tile(value, indicator=indicator)
    except RackError as err:
        raise GameFileError(f"{where}: {err}") from None


def parse_event(record: Any, number: int, indicator: Face | None, where: str) -> Event:
    """One game-file record as an :class:`Event` (fields checked, not the
    round: :func:`~rummy101_solver.game.round.apply` does that). Raises
    :class:`GameFileError` with ``where`` (e.g. ``game.jsonl line 3``)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise GameFileError(
            f'{where}: not an event of a rummy101 game file (no "format": "{FORMAT}")'
        )
    if record.get("event") != number or type(record.get("event")) is not int:
        raise GameFileError(
            f"{where}: event {record.get('event')!r} where event {number} was expected"
            " (an event lost, repeated or edited)"
        )
    kind = record.get("kind")
    if kind not in EVENT_KINDS:
        raise GameFileError(f"{where}: unknown kind {kind!r}; kinds: {', '.join(EVENT_KINDS)}")
    fields = ("format", "event", "kind", *_FIELDS[kind])
    if sorted(record) != sorted(fields):
        raise GameFileError(f"{where}: a '{kind}' event holds exactly {', '.join(fields)}")
    if kind == "new":
        rules = _rules(record["rules"], where)
        rack = record["rack"]
        if not isinstance(rack, list):
            raise GameFileError(f"{where}: 'rack' must be a list of tiles")
        tiles = tuple(_tile(t, rules.indicator, where) for t in rack)
        return Event("new", tiles=tiles, players=_int(record, "players", where),
                     seat=_int(record, "seat", where), rules=rules)  # fmt: skip
    if kind in ("draw", "discard"):
        return Event(kind, tile=_tile(record["tile"], indicator, where))
    if kind in ("take", "seen"):
        player = _int(record, "player", where)
        return Event(kind, player=player, tile=_tile(record["tile"], indicator, where))
    if kind == "lay":
        groups = record["groups"]
        if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
            raise GameFileError(f"{where}: 'groups' must be a list of strings")
        return Event("lay", player=_int(record, "player", where), groups=tuple(groups),
                     onto=_int(record, "onto", where, null=True))  # fmt: skip
    if kind == "opened":
        how = record["how"]
        if how not in ("melds", "pairs"):
            raise GameFileError(f"{where}: 'how' must be 'melds' or 'pairs'")
        return Event("opened", player=_int(record, "player", where), how=how,
                     value=_int(record, "value", where, null=True))  # fmt: skip
    if kind == "finish":
        last = None if record["tile"] is None else _tile(record["tile"], indicator, where)
        return Event("finish", player=_int(record, "player", where), tile=last)
    if kind == "stock":
        return Event("stock")
    return Event("undo")


def parse_game(data: bytes, source: str = "game") -> Game:
    """The bytes of a game file, replayed. A last line cut short by a killed
    writer is left out (:attr:`Game.cut_line`). Raises :class:`GameFileError`
    at the first line that is foreign, out of sequence or refused by the round
    (naming ``source`` and the line); a first line that is no event at all says
    the file is not a game file."""
    holds = ", the most a game-file line holds (an event takes a few dozen: not a game file?)"
    return _replay(read_lines(io.BytesIO(data), source, GameFileError, MAX_LINE, holds), source)


def _not_a_game_file(raw: bytes, source: str) -> None:
    """Raise for a first line that is no event at all (not UTF-8, not JSON, no
    game ``format``: text, random bytes): the file is not a game file, said
    first [issue 34]. A line that is an event, however written, is left to the replay."""
    where = f"{source} line 1"
    try:
        record = load_json(decode(raw, where, GameFileError), where, GameFileError, "an event")
        if isinstance(record, dict) and record.get("format") == FORMAT:
            return
        why = f'no event (no "format": "{FORMAT}")'
    except GameFileError as bad:
        why = str(bad).removeprefix(f"{where}: ")
    raise GameFileError(f"{source} is not a rummy101 game file: line 1 is {why}", 1)


def _replay(lines: Iterable[tuple[int, bytes, bool]], source: str) -> Game:
    events: list[Event] = []
    states: list[RoundState] = []
    indicator: Face | None = None
    cut: int | None = None
    for number, raw, whole in lines:
        if not whole and looks_cut(raw, HEAD):
            cut = number
            break
        if number == 1 and not raw.startswith(HEAD):
            _not_a_game_file(raw, source)
        where = f"{source} line {number}"
        text = decode(raw, where, GameFileError, number)
        record = load_json(text, where, GameFileError, "an event", number)
        try:
            event = parse_event(record, number, indicator, where)
            if number == 1:
                if event.kind != "new":
                    raise GameFileError(f"{where}: a round starts with 'new', not '{event.kind}'")
                assert event.rules is not None
                indicator = event.rules.indicator
                states.append(start(event))
            elif event.kind == "new":
                raise GameFileError(f"{where}: a second 'new'; one round a game file")
            elif event.kind == "undo":
                if len(states) < 2:
                    raise GameFileError(f"{where}: 'undo' with nothing to take back")
                states.pop()
            else:
                state, recorded = apply(states[-1], event)
                if recorded != event:
                    assert recorded.tile is not None
                    raise GameFileError(
                        f"{where}: takes {event.tile.code if event.tile else None} but the"
                        f" discard there is {recorded.tile.code} [R-TAKE-DISCARD]"
                    )
                states.append(state)
        except RoundError as bad:
            raise GameFileError(f"{where}: {bad}", number) from bad
        except GameFileError as bad:
            raise GameFileError(str(bad), number) from bad
        events.append(event)
    if not events:
        if cut is not None:
            raise GameFileError(
                f"{source} line 1 is cut short (a write interrupted?) and holds no whole"
                " event: no round; start one with 'rummy101 track new RACK'",
                1,
            )
        raise GameFileError(f"{source}: empty; start a round with 'rummy101 track new RACK'")
    return Game(tuple(events), states[-1], tuple(states), cut)


def cut_warning(path: str, game: Game, *, dropped: bool) -> str | None:
    """The stderr line for a last line cut short by a killed writer: left out
    by a reader, or ``dropped`` by the writer that appended after it; ``None``
    when there was none."""
    line = game.cut_line
    if line is None:
        return None
    if dropped:
        return (
            f"Warning: {path} line {line} was cut short (an interrupted write?) and held no"
            " whole event; it was dropped before this event was written"
        )
    return (
        f"Warning: {path} line {line} is cut short (an interrupted write?) and holds no"
        f" whole event; left out, events 1–{line - 1} read"
    )


def _read(fd: int, path: str) -> bytes:
    return read_bounded(fd, MAX_GAME_BYTES, path, GameFileError,
                        "more than a round's game file holds: not a game file?")  # fmt: skip


def _no_such(path: str) -> GameFileError:
    return GameFileError(f"{path}: no such game file; start one with 'rummy101 track new RACK'")


def read_game(path: str) -> Game:
    """The game file at ``path``, read under a shared lock and replayed; a last
    line cut short by a killed writer is left out (:attr:`Game.cut_line`).
    Raises :class:`GameFileError` (no such file, not a regular file, larger
    than :data:`MAX_GAME_BYTES`, a bad line)."""
    if not os.path.lexists(path):
        raise _no_such(path)
    fd = open_regular(path, os.O_RDONLY, WHAT, GameFileError)
    try:
        lock(fd, exclusive=False)
        return parse_game(_read(fd, path), path)
    finally:
        os.close(fd)


Step = Callable[[Game], Event]
"""Builds the event to append from the game as it is under the lock (raises
:class:`~rummy101_solver.game.round.RoundError` to refuse)."""


def append_event(path: str, event: Event | Step) -> tuple[Game, Event]:
    """Append ``event`` (or the event ``step(game)`` builds under the lock) to the
    game file at ``path``; return the game with it and the event as recorded.

    ``new`` creates the file and is refused when it holds a round already
    (or when ``path`` is a symbolic link to a missing file); any other event
    needs the file, a regular one. Under an exclusive ``flock``: read every line
    (a last line cut short by a killed writer is dropped first:
    :attr:`Game.cut_line` of the game returned), replay them, check the event
    against the state (a refusal raises :class:`GameFileError` and writes
    nothing), write the line (a lay in normal form: :func:`compact`) with one
    ``os.write`` on an ``O_APPEND`` descriptor, ``fsync``.
    """
    is_new = isinstance(event, Event) and event.kind == "new"
    if is_new:
        assert isinstance(event, Event)
        try:
            start(event)
        except RoundError as bad:
            raise GameFileError(str(bad)) from bad
        refuse_dangling(path, WHAT, GameFileError)
    elif not os.path.lexists(path):
        raise _no_such(path)
    created = not os.path.exists(path)
    flags = os.O_RDWR | os.O_APPEND | (os.O_CREAT if is_new else 0)
    fd = open_regular(path, flags, WHAT, GameFileError)
    try:
        lock(fd, exclusive=True)
        data = read = _read(fd, path)
        cut: int | None = None
        if data and not data.endswith(b"\n") and looks_cut(data[data.rfind(b"\n") + 1 :], HEAD):
            cut = data.count(b"\n") + 1  # a writer died midway: only then is a line cut
            data = data[: data.rfind(b"\n") + 1]
        if is_new:
            assert isinstance(event, Event)
            if data:
                raise GameFileError(
                    f"{path} holds a round already; start the new one in another file"
                    " (--game FILE) or delete this one"
                )
            recorded = event
            game = Game((event,), start(event), (start(event),))
        else:
            old = parse_game(data, path)
            wanted = event(old) if callable(event) and not isinstance(event, Event) else event
            assert isinstance(wanted, Event)
            recorded, game = _next(old, compact(wanted))
        line = event_line(recorded, len(game.events))
        if len(line) - 1 > MAX_LINE:
            raise GameFileError(
                f"{path}: event {len(game.events)} would be a line of {len(line) - 1} bytes,"
                f" over the {MAX_LINE} a game-file line holds; nothing appended"
            )
        if cut is not None:  # dropped only now: a refused event leaves the file as it was
            drop_cut_tail(fd, read)
        append_whole(fd, line, len(data), path, GameFileError)
    except RoundError as bad:
        raise GameFileError(str(bad)) from bad
    finally:
        os.close(fd)
    if created:
        sync_directory(path)
    return replace(game, cut_line=cut), recorded


def _next(game: Game, event: Event) -> tuple[Event, Game]:
    """The event as recorded and the game after it (raises RoundError to refuse)."""
    if event.kind == "new":
        raise RoundError("new: the game file holds a round already")
    if event.kind == "undo":
        if not game.undoable:
            raise RoundError("undo: nothing to take back (the round starts with 'new')")
        return event, Game((*game.events, event), game.states[-2], game.states[:-1])
    state, recorded = apply(game.state, event)
    return recorded, Game((*game.events, recorded), state, (*game.states, state))


def history_json(events: tuple[Event, ...], seat: int) -> dict[str, Any]:
    """``track history --format json``: every event as recorded (without
    ``format``), whether an ``undo`` took it back, and its line of text."""
    from rummy101_solver.report.track import event_text

    rows = []
    marks = undone(events)
    for number, (event, gone) in enumerate(zip(events, marks, strict=True), start=1):
        record = event_json(event, number)
        del record["format"]
        rows.append({**record, "undone": gone, "text": event_text(event, seat)})
    return {"events": rows}


__all__ = [
    "DEFAULT_GAME",
    "FORMAT",
    "Game",
    "GameFileError",
    "append_event",
    "compact",
    "cut_warning",
    "effective",
    "event_json",
    "event_line",
    "history_json",
    "parse_event",
    "parse_game",
    "read_game",
    "undone",
]
