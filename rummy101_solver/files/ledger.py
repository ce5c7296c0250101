"""A match ledger: the scored rounds of a match, one JSON line each, and the standings.

A referee scores round after round; the ledger keeps the running sheet
[R-SCORE, R-EXTRA-PENALTY]. The file is JSON Lines: one whole round a line,
nothing else (no timestamps, so the same rounds give the same bytes)::

    {"format": "rummy101-ledger-1", "round": 1, "end": "joker", "winner": "Ali",
     "rules": {...}, "players": [...], "total": -464}

``round`` counts 1, 2, 3… without gaps; the rest is
:func:`rummy101_solver.game.scoring.round_json` (each player's state, tiles left,
points, extras and result).

Durability:

- :func:`append_round` takes an exclusive ``flock`` on the file, reads it,
  numbers the round after the last one, appends the line with one ``os.write``
  on an ``O_APPEND`` descriptor and ``fsync``\\s it. Two writers at once both
  land, one after the other, with distinct round numbers.
- A crash mid-write can only leave a last line without its newline: reading
  reports its line number (:attr:`Ledger.truncated_line`) and reads every
  earlier round. :func:`append_round` refuses to append after it (the bytes are
  the referee's to look at; nothing is deleted behind their back): delete that
  line and score the round again.
- Every other line that is not a round of this format (bad JSON, a foreign
  line, a round number out of sequence, numbers that do not add up when the
  round is scored again from its hands) raises :class:`LedgerError` naming the
  line; no line is ever skipped.
- :func:`read_ledger` never writes: it opens the file read-only and takes a
  shared lock, so it never sees a round half-written.

Standings (:func:`standings`): one row per player who played up to a round,
players matched by name ignoring case and spacing (the first spelling is
shown); a player absent from a round scores nothing in it.

Every error is a :class:`LedgerError`; ``str()`` is one line naming the file
and, for a bad line, its number. POSIX only (``fcntl``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, BinaryIO, cast

from rummy101_solver.files.durable import (
    FileError,
    append_whole,
    check_regular,
    decode,
    kind_of,
    load_json,
    lock,
    looks_cut,
    open_fd,
    open_regular,
    read_lines,
    sync_directory,
)
from rummy101_solver.game.parsing import RackError, parse_tile_list
from rummy101_solver.game.rules import NO_HOUSE_RULES
from rummy101_solver.game.scoring import (
    ENDINGS,
    EXTRA_REASONS,
    HOUSE_EXTRAS,
    STATES,
    Ending,
    ExtraPenalty,
    PlayerHand,
    RoundScore,
    ScoreError,
    ScoreRules,
    Sheet,
    State,
    name_key,
    round_json,
    score_round,
)
from rummy101_solver.lines import MAX_LINE

FORMAT = "rummy101-ledger-1"
"""The ``format`` of every ledger line; a line without it is foreign."""


class LedgerError(FileError):
    """A ledger that cannot be read or appended to. ``str()`` is one line, e.g.
    ``match.jsonl line 3: not JSON (Expecting ',' delimiter at column 17)``;
    ``line`` is the 1-based line number, or ``None`` for the file as a whole."""


@dataclass(frozen=True)
class LedgerRound:
    """One round read back from a ledger.

    ``number``: the round number (1, 2, …); ``line``: its line in the file;
    ``score``: the round scored again from its hands (it matched the line);
    ``line_json``: the line as read.
    """

    number: int
    line: int
    score: RoundScore
    line_json: dict[str, Any]


@dataclass(frozen=True)
class Ledger:
    """The rounds of a ledger, in order; ``truncated_line`` is the line number
    of a last line cut short by an interrupted write (left out), else ``None``."""

    rounds: tuple[LedgerRound, ...]
    truncated_line: int | None = None


DERIVED = ("round_multiplier", "void", "teams")
"""Fields of :func:`round_json` a ledger line leaves out: they follow from the rest."""

AT_DEFAULT = {"house": NO_HOUSE_RULES.to_json(), "kat": 1, "fake_indicator": False}
"""Fields a ledger line holds only when they differ from these (issue 30's house
rules): a round of the rule book's game is written as before, byte for byte."""


def round_line(score: RoundScore, number: int) -> bytes:
    """The ledger line of round ``number``: compact JSON, UTF-8, ending in a
    newline; the same round gives the same bytes. The house rules, the kat, a riziko
    round and a declared player are written only when not at their defaults; a
    player's ``parts`` and the derived round fields (:data:`DERIVED`) never: reading
    scores the round again [R-SCORE]."""
    data = round_json(score)
    for key in DERIVED:
        del data[key]
    for key, default in AT_DEFAULT.items():
        if data[key] == default:
            del data[key]
    for player in data["players"]:
        del player["parts"]
        if not player["declared"]:
            del player["declared"]
    record = {"format": FORMAT, "round": number, **data}
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def _bad(source: str, line: int, why: str) -> LedgerError:
    return LedgerError(f"{source} line {line}: {why}", line)


RULES_BEFORE_SHEETS = ("joker_left_points", "nobody_opened_scores_nothing")
"""The house switches every ledger round holds; a round written before the sheets
(issue 23) lacks the others, which then take their defaults (the gains sheet)."""

ROUND_FIELDS = ("end", "winner", "rules", "players", "total")
"""The fields a ledger round must have besides ``format`` and ``round``."""

PLAYER_FIELDS = ("name", "state", "tiles", "extras", "points", "result")
"""The fields each player of a ledger round must have."""

EXTRA_FIELDS = ("kind", "penalty", "points", "reason")
"""The fields each extra penalty of a ledger player must have [R-EXTRA-PENALTY]."""


def _need(record: dict[str, Any], keys: Sequence[str], err: LedgerError, where: str = "") -> None:
    """Raise :class:`LedgerError` naming every field of ``keys`` that ``record`` lacks."""
    missing = [f"'{key}'" for key in keys if key not in record]
    if missing:
        fields = "field" if len(missing) == 1 else "fields"
        raise LedgerError(f"{err}: {where}missing {fields} {', '.join(missing)}", err.line)


def _field(record: dict[str, Any], key: str, kind: type, what: str, err: LedgerError) -> Any:
    value = record.get(key)
    if type(value) is not kind:  # bool is not an int here
        raise LedgerError(f"{err}: '{key}' must be {what}", err.line)
    return value


def _player(item: Any, err: LedgerError) -> tuple[PlayerHand, list[ExtraPenalty]]:
    if not isinstance(item, dict):
        raise LedgerError(f"{err}: a player must be an object", err.line)
    named = item.get("name")
    _need(item, PLAYER_FIELDS, err, f"player '{named}': " if type(named) is str else "a player: ")
    name = _field(item, "name", str, "a string", err)
    state = item.get("state")
    if state is not None and state not in STATES:
        raise LedgerError(f"{err}: player '{name}': unknown state {state!r}", err.line)
    tiles = _field(item, "tiles", list, "a list of tiles", err)
    try:
        hand = PlayerHand(name, cast(State | None, state), tuple(parse_tile_list(tiles)))
    except (RackError, TypeError) as bad:
        raise LedgerError(f"{err}: player '{name}': {bad}", err.line) from bad
    extras = []
    for extra in _field(item, "extras", list, "a list", err):
        if not isinstance(extra, dict):
            raise LedgerError(f"{err}: player '{name}': an extra must be an object", err.line)
        _need(extra, EXTRA_FIELDS, err, f"player '{name}': an extra: ")
        kind = _field(extra, "kind", str, "a string", err)
        if kind != "points" and kind not in EXTRA_REASONS and kind not in HOUSE_EXTRAS:
            raise LedgerError(f"{err}: player '{name}': unknown extra {kind!r}", err.line)
        penalty = _field(extra, "penalty", int, "an integer", err)
        reason = _field(extra, "reason", str, "a string", err)
        extras.append(ExtraPenalty(name, kind, penalty, reason))
    return hand, extras


def _extra_numbers(extras: Any) -> list[Any]:
    items = extras if isinstance(extras, list) else []
    return [
        (e.get("kind"), e.get("penalty"), e.get("points")) for e in items if isinstance(e, dict)
    ]


def _numbers(data: dict[str, Any]) -> list[Any]:
    players = data.get("players")
    rows = players if isinstance(players, list) else []
    return [
        data.get("winner"),
        data.get("total"),
        [
            (p.get("name"), p.get("points"), p.get("result"), _extra_numbers(p.get("extras")))
            for p in rows
            if isinstance(p, dict)
        ],
    ]


def parse_round(text: str, line: int, expected: int, source: str = "ledger") -> LedgerRound:
    """One ledger line as a :class:`LedgerRound`: the round must carry
    :data:`FORMAT`, the round number ``expected``, and numbers that equal the
    round scored again from its hands [R-SCORE, R-EXTRA-PENALTY].
    Raises :class:`LedgerError` naming ``source`` and ``line``."""
    if not text.strip():
        raise _bad(source, line, "blank; a ledger holds one round a line")
    record = load_json(text, f"{source} line {line}", LedgerError, "a round", line)
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise _bad(source, line, f'not a round of a rummy101 ledger (no "format": "{FORMAT}")')
    number = record.get("round")
    if type(number) is not int or number != expected:
        raise _bad(
            source,
            line,
            f"round {number!r} where round {expected} was expected"
            " (a round lost, repeated or edited)",
        )
    err = _bad(source, line, f"round {number}")
    _need(record, ROUND_FIELDS, err)
    end = record.get("end")
    if end not in ENDINGS:
        raise LedgerError(f"{err}: unknown end {end!r}", line)
    winner = record.get("winner")
    if winner is not None and type(winner) is not str:
        raise LedgerError(f"{err}: 'winner' must be a string or null", line)
    rules = _field(record, "rules", dict, "an object", err)
    defaults = ScoreRules().to_json()
    if not set(RULES_BEFORE_SHEETS) <= set(rules) <= set(defaults):
        raise LedgerError(
            f"{err}: 'rules' must hold {', '.join(RULES_BEFORE_SHEETS)}, no unknown switch", line
        )
    house = record.get("house", {})
    if not isinstance(house, dict):
        raise LedgerError(f"{err}: 'house' must be an object", line)
    try:  # each switch of its type; one written before it existed takes its default
        score_rules = ScoreRules.from_json(rules, house)
    except ValueError as bad:
        raise LedgerError(f"{err}: {bad}", line) from bad
    hands: list[PlayerHand] = []
    extras: list[ExtraPenalty] = []
    declared: list[str] = []
    for item in _field(record, "players", list, "a list", err):
        hand, owed = _player(item, err)
        hands.append(hand)
        extras.extend(owed)
        if item.get("declared", False) is True:  # R-PAIRS-DECLARE (issue 30)
            declared.append(hand.name)
    kat = record.get("kat", 1)
    fake_indicator = record.get("fake_indicator", False)
    if type(kat) is not int or type(fake_indicator) is not bool:
        raise LedgerError(f"{err}: 'kat' must be an integer, 'fake_indicator' true or false", line)
    try:
        score = score_round(
            cast(Ending, end), winner, hands, score_rules, extras,
            declared=declared, kat=kat, fake_indicator=fake_indicator,
        )  # fmt: skip
    except ScoreError as bad:
        raise LedgerError(f"{err}: {bad}", line) from bad
    if _numbers(round_json(score)) != _numbers(record):
        raise LedgerError(
            f"{err}: the points do not add up (scored again from the hands:"
            f" {', '.join(f'{p.name} {p.result:+d}' for p in score.players)},"
            f" total {score.total:+d})",
            line,
        )
    return LedgerRound(number, line, score, record)


MAX_LEDGER_LINE = MAX_LINE
"""Longest ledger line read or written, in bytes: a round of a few players takes a
few hundred; a longer line is refused at once, without being held in memory."""

TAIL_READ = MAX_LEDGER_LINE + 2
"""Bytes read from the end of a ledger before an append: the last round and its newline."""


HOLDS = ", the most a ledger line holds (a round takes a few hundred: not a ledger?)"

HEAD = f'{{"format":"{FORMAT}",'.encode()
"""The bytes every ledger line starts with: a last line cut short starts with
them too (or with their first bytes); any other last line is foreign."""


def _lines(stream: BinaryIO, source: str) -> Iterator[tuple[int, bytes, bool]]:
    """:func:`~rummy101_solver.files.durable.read_lines` of a ledger: a line over
    :data:`MAX_LEDGER_LINE` bytes raises :class:`LedgerError` as soon as it is seen."""
    return read_lines(stream, source, LedgerError, MAX_LEDGER_LINE, HOLDS)


def _decode(raw: bytes, number: int, source: str) -> str:
    return decode(raw, f"{source} line {number}", LedgerError, number)


def iter_rounds(stream: BinaryIO, source: str = "ledger") -> Iterator[LedgerRound | int]:
    """The rounds of a ledger stream, one at a time, each checked as
    :func:`parse_round` does; memory stays within one line. A last line
    without its newline (cut short) is not read: its line number (an ``int``)
    is yielded last instead; a last line without its newline that cannot be
    the start of a round (a line of text, random bytes) is read as a line, and
    refused. A file whose first line is no round is not a ledger: the message
    says so [issue 34]. Raises :class:`LedgerError` at the first line
    that is not the next round, or that is over :data:`MAX_LEDGER_LINE` bytes."""
    expected = 1
    sheet: Sheet | None = None
    for number, raw, whole in _lines(stream, source):
        if not whole and looks_cut(raw, HEAD):
            yield number
            return
        if number == 1 and not raw.startswith(HEAD):
            _foreign(raw, source)
        read = parse_round(_decode(raw, number, source), number, expected, source)
        sheet = sheet or read.score.rules.sheet
        if read.score.rules.sheet != sheet:
            raise _bad(
                source,
                number,
                f"round {read.number} is on the {read.score.rules.sheet} sheet, but the"
                f" match is kept on the {sheet} sheet (round 1) [R-PAPER-SHEET]",
            )
        yield read
        expected += 1


def _foreign(raw: bytes, source: str) -> None:
    """Raise for a first line that is no round of a ledger at all (not UTF-8,
    not JSON, no ledger ``format``: a line of text, random bytes): the file is
    not a ledger, and the message says so first [issue 34]. A line that is a
    round, however written, is left to :func:`parse_round`."""
    try:
        record = load_json(_decode(raw, 1, source), f"{source} line 1", LedgerError, "a round")
        if isinstance(record, dict) and record.get("format") == FORMAT:
            return
        why = f'no round (no "format": "{FORMAT}")' if raw.strip() else "blank"
    except LedgerError as bad:
        why = str(bad).removeprefix(f"{source} line 1: ")
    raise LedgerError(f"{source} is not a rummy101 ledger: line 1 is {why}", 1)


def parse_ledger(data: bytes, source: str = "ledger") -> Ledger:
    """The bytes of a ledger file as a :class:`Ledger`. Bytes after the last
    newline are a line cut short: reported as ``truncated_line``, not read.
    Raises :class:`LedgerError` at the first line that is not the next round."""
    return _collect(iter_rounds(io.BytesIO(data), source))


def _collect(items: Iterable[LedgerRound | int]) -> Ledger:
    rounds: list[LedgerRound] = []
    cut = None
    for item in items:
        if isinstance(item, LedgerRound):
            rounds.append(item)
        else:
            cut = item
    return Ledger(tuple(rounds), cut)


NOT_APPENDED = "; nothing appended"


def check_appendable(path: str) -> None:
    """Refuse, before any read, a ledger that cannot take a round: a symbolic
    link to a missing file, or anything but a regular file (a FIFO,
    ``/dev/null``, a device). A missing file is fine (it is created).
    Raises :class:`LedgerError`."""
    check_regular(path, "the ledger", LedgerError, NOT_APPENDED)


@contextmanager
def _reading(path: str) -> Iterator[BinaryIO]:
    fd = open_fd(path, os.O_RDONLY, LedgerError)
    try:
        if kind_of(os.fstat(fd).st_mode) == "a folder":
            raise LedgerError(f"{path}: Is a directory")
        with contextlib.suppress(OSError):  # a FIFO or a device cannot be locked: fine
            lock(fd, exclusive=False)
        with open(fd, "rb", closefd=False, buffering=1 << 16) as stream:
            yield stream
    except IsADirectoryError as bad:
        raise LedgerError(f"{path}: {bad.strerror}") from bad
    except OSError as bad:
        raise LedgerError(f"{path}: {bad.strerror or bad}") from bad
    finally:
        os.close(fd)  # releases the lock


def read_ledger(path: str) -> Ledger:
    """The ledger at ``path``, read-only under a shared lock (never writes, so
    the file's bytes and times stay as they are). Holds every round in memory:
    for standings use :func:`read_standings`, which streams. Raises
    :class:`LedgerError` (no such file, a bad line, a line too long)."""
    with _reading(path) as stream:
        return _collect(iter_rounds(stream, path))


def read_standings(path: str, after: int | None = None) -> Standings:
    """The standings of the ledger at ``path`` after round ``after`` (default:
    the last), read line by line under a shared lock: memory stays within one
    line and the players, whatever the file's size; every line is checked as
    :func:`read_ledger` does. Raises :class:`LedgerError`."""
    table = StandingsTally()
    table.freeze_after(after)
    with _reading(path) as stream:
        for item in iter_rounds(stream, path):
            if isinstance(item, LedgerRound):
                table.add(item.score)
            else:
                table.truncated_line = item
    return table.standings(after)


def _line_count(fd: int) -> int:
    """Newlines in the file (only to name a bad last line: read in chunks)."""
    count = offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        count += chunk.count(b"\n")
        offset += len(chunk)
    return count


def _round_of(raw: bytes) -> int | None:
    """The round number a ledger line claims, or ``None``."""
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    number = record.get("round") if isinstance(record, dict) else None
    return number if type(number) is int and number >= 1 else None


def _last_round(fd: int, path: str) -> LedgerRound | None:
    """The last round of the ledger open at ``fd``, read from its
    tail only (at most :data:`TAIL_READ` bytes, twice: the last line and the
    one before it). The last line must be whole, a round of this format that
    adds up, numbered one after the line before it (1 when it is the only
    line); else :class:`LedgerError` naming the line. ``None`` for an empty file."""
    size = os.fstat(fd).st_size
    if size == 0:
        return None
    start = max(0, size - 2 * TAIL_READ)
    tail = os.pread(fd, size - start, start)
    if not tail.endswith(b"\n"):
        line = _line_count(fd) + 1
        raise LedgerError(
            f"{path} line {line} is cut short (a write interrupted?); nothing"
            f" appended: delete line {line}, then score that round again",
            line,
        )
    cut = tail.rfind(b"\n", 0, len(tail) - 1)
    if len(tail) - cut - 2 > MAX_LEDGER_LINE:
        raise _bad(
            path,
            _line_count(fd),
            f"longer than {MAX_LEDGER_LINE} bytes, the most a ledger line holds"
            " (a round takes a few hundred: not a ledger?)",
        )
    raw = tail[cut + 1 : -1]
    if cut < 0:  # the only line: round 1
        previous: int | None = 0
    else:
        before = tail[: cut + 1].rfind(b"\n", 0, cut)
        whole = before >= 0 or start == 0
        previous = _round_of(tail[before + 1 : cut]) if whole else None
    number = _round_of(raw)
    if number is not None and previous is not None and number == previous + 1:
        try:
            return parse_round(raw.decode("utf-8"), number, number, path)
        except (UnicodeDecodeError, LedgerError):
            pass
    # name the line and what is wrong as a full read would
    line = _line_count(fd)
    expected = line if previous is None else previous + 1
    parse_round(_decode(raw, line, path), line, expected, path)
    raise _bad(path, line, f"round {number} where round {expected} was expected")


def append_round(path: str, score: RoundScore) -> LedgerRound:
    """Append ``score`` to the ledger at ``path`` as its next round and return
    it. Creates the file if there is none.

    Under an exclusive ``flock``: read the tail of the file only (the last
    round's line, at most :data:`TAIL_READ` bytes; a last line cut short, not
    a round or over the line limit raises :class:`LedgerError` and nothing is
    written), number the round after the last, write the line with one
    ``os.write`` on an ``O_APPEND`` descriptor, ``fsync``. The lock is held
    for those few reads and one write, whatever the size of the file. A
    short write is cut off again and raises :class:`LedgerError`: a round
    lands whole or not at all. Not a regular file (a FIFO, ``/dev/null``) or
    a symbolic link to a missing file: :class:`LedgerError`, nothing written.
    """
    created = not os.path.exists(path)
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT
    fd = open_regular(path, flags, "the ledger", LedgerError, NOT_APPENDED)
    try:
        lock(fd, exclusive=True)
        size = os.fstat(fd).st_size
        last = _last_round(fd, path)
        number = 1 if last is None else last.number + 1
        if last is not None and last.score.rules.sheet != score.rules.sheet:
            kept = last.score.rules.sheet
            raise LedgerError(
                f"{path} is a match on the {kept} sheet, this round is on the"
                f" {score.rules.sheet} sheet [R-PAPER-SHEET]; nothing appended:"
                f" use --sheet {kept} or a new ledger"
            )
        line_bytes = round_line(score, number)
        if len(line_bytes) - 1 > MAX_LEDGER_LINE:
            raise LedgerError(
                f"{path}: round {number} would be a line of {len(line_bytes) - 1} bytes, over"
                f" the {MAX_LEDGER_LINE} a ledger line holds; nothing appended"
            )
        append_whole(fd, line_bytes, size, path, LedgerError)
    except IsADirectoryError as bad:
        raise LedgerError(f"{path}: {bad.strerror}") from bad
    finally:
        os.close(fd)  # releases the lock
    if created:
        sync_directory(path)
    return LedgerRound(number, number, score, json.loads(line_bytes))


def record_round(path: str, score: RoundScore) -> tuple[LedgerRound, Standings]:
    """Append ``score`` to the ledger at ``path`` and return the round and the
    standings after it [R-SCORE]. Every line is checked first, streamed with
    memory bounded by a line and no exclusive lock (a bad ledger: nothing
    appended); then :func:`append_round` reads only the tail under the lock.
    The standings after it are those read plus this round (read again when
    another writer added rounds in between). Raises :class:`LedgerError`; when
    the round was recorded but the standings cannot be read again, the
    message says it was recorded."""
    check_appendable(path)
    before = read_standings(path) if os.path.lexists(path) else None
    added = append_round(path, score)
    if before is None or before.rounds + 1 == added.number:
        tally = StandingsTally()
        tally.carry(before)
        tally.add(score)
        return added, tally.standings()
    try:
        return added, read_standings(path, added.number)
    except LedgerError as err:
        raise LedgerError(
            f"round {added.number} was recorded in {path}, but the standings cannot be read: {err}"
        ) from err


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings after a round.

    - ``name``: as first written in the ledger;
    - ``total``: the sum of the player's round results, in points;
    - ``rounds``: rounds played; ``won``: rounds finished by this player;
    - ``last_round``: the result in the round the standings are after, or
      ``None`` when the player did not play it.
    """

    name: str
    total: int
    rounds: int
    won: int
    last_round: int | None


@dataclass(frozen=True)
class TeamStanding:
    """One team's line of the standings under R-TEAMS: ``players`` (the two partners,
    as first written), ``total`` (the sum of the team's round results, points),
    ``rounds`` (rounds the team played together), ``won`` (rounds one of them
    finished), ``last_round`` (the team's result in round ``after``, or ``None``)."""

    players: tuple[str, str]
    total: int
    rounds: int
    won: int
    last_round: int | None


@dataclass(frozen=True)
class Standings:
    """The standings after round ``after`` (0: no round yet) of a ledger
    holding ``rounds`` rounds: players by total, highest first, ties by name;
    on the paper ``sheet`` lowest first [R-PAPER-SHEET]. ``teams``: under R-TEAMS,
    the teams of the rounds scored eşli, ranked the same way; empty otherwise."""

    after: int
    rounds: int
    players: tuple[Standing, ...]
    truncated_line: int | None = None
    sheet: Sheet = "gains"
    teams: tuple[TeamStanding, ...] = ()


class StandingsTally:
    """Standings added up round by round, so a ledger of any length is read
    once, line by line, holding one row per player [R-SCORE, R-EXTRA-PENALTY].
    Players are matched by :func:`name_key` (spacing, case and Unicode form
    ignored); a player absent from a round scores nothing in it."""

    def __init__(self) -> None:
        self.held = 0
        self.truncated_line: int | None = None
        self._names: dict[str, str] = {}
        self._total: dict[str, int] = {}
        self._played: dict[str, int] = {}
        self._won: dict[str, int] = {}
        self._last: dict[str, int] = {}
        self._frozen: Standings | None = None
        self._after: int | None = None
        self.sheet: Sheet | None = None
        # R-TEAMS: a team is its two partners' name keys, in the order first seen
        self._teams: dict[tuple[str, str], list[int]] = {}  # total, rounds, won
        self._team_names: dict[tuple[str, str], tuple[str, str]] = {}
        self._team_last: dict[tuple[str, str], int] = {}

    def freeze_after(self, after: int | None) -> None:
        """Keep the standings as they are after round ``after``, reading on."""
        self._after = after

    def carry(self, table: Standings | None) -> None:
        """Start from ``table``, the standings after its last round (``None``:
        no round yet), so the next :meth:`add` is the round after it."""
        if table is None:
            return
        self.held = table.rounds
        self.sheet = table.sheet if table.rounds else None
        for team in table.teams:
            tkey = (name_key(team.players[0]), name_key(team.players[1]))
            self._teams[tkey] = [team.total, team.rounds, team.won]
            self._team_names[tkey] = team.players
            if team.last_round is not None:
                self._team_last[tkey] = team.last_round
        for s in table.players:
            key = name_key(s.name)
            self._names[key] = s.name
            self._total[key] = s.total
            self._played[key] = s.rounds
            self._won[key] = s.won
            if s.last_round is not None:
                self._last[key] = s.last_round

    def add(self, score: RoundScore) -> None:
        """Count one more round (the next of the ledger). Raises
        :class:`LedgerError` for a round of another sheet than the first [R-PAPER-SHEET]."""
        if self.sheet is None:
            self.sheet = score.rules.sheet
        elif score.rules.sheet != self.sheet:
            raise LedgerError(
                f"round {self.held + 1} is on the {score.rules.sheet} sheet, but the match"
                f" is kept on the {self.sheet} sheet [R-PAPER-SHEET]"
            )
        if self._after is not None and self.held >= self._after:
            self.held += 1
            return
        self.held += 1
        self._last = {}
        for p in score.players:
            key = name_key(p.name)
            self._names.setdefault(key, p.name)
            self._total[key] = self._total.get(key, 0) + p.result
            self._played[key] = self._played.get(key, 0) + 1
            self._won[key] = self._won.get(key, 0) + (1 if p.winner else 0)
            self._last[key] = p.result
        self._team_last = {}
        winners = {name_key(p.name) for p in score.players if p.winner}
        for (first, second), result in score.teams:  # R-TEAMS: the partners' sum
            keys = sorted((name_key(first), name_key(second)))
            tkey = (keys[0], keys[1])
            self._team_names.setdefault(tkey, (first, second))
            total, played, won = self._teams.get(tkey, [0, 0, 0])
            self._teams[tkey] = [total + result, played + 1, won + bool(winners & set(keys))]
            self._team_last[tkey] = result

    def standings(self, after: int | None = None) -> Standings:
        """The standings after round ``after`` (default: the last added, or the
        one given to :meth:`freeze_after`). Raises :class:`LedgerError` when
        ``after`` is not a round added."""
        held = self.held
        upto = held if after is None else after
        if not 0 <= upto <= held:
            raise LedgerError(
                f"no round {upto}: the ledger holds rounds 1–{held}"
                if held
                else f"no round {upto}: the ledger holds no round yet"
            )
        counted = held if self._after is None else min(self._after, held)
        if upto != counted:
            raise LedgerError(f"round {upto} was not kept: read the ledger again")
        rows = [
            Standing(
                self._names[key],
                self._total[key],
                self._played[key],
                self._won[key],
                self._last.get(key),
            )
            for key in self._names
        ]
        sheet: Sheet = self.sheet or "gains"
        best = 1 if sheet == "paper" else -1  # the lowest total wins on paper [R-PAPER-SHEET]
        rows.sort(key=lambda s: (best * s.total, name_key(s.name), s.name))
        teams = [
            TeamStanding(
                players=self._team_names[k],
                total=self._teams[k][0],
                rounds=self._teams[k][1],
                won=self._teams[k][2],
                last_round=self._team_last.get(k),
            )
            for k in self._teams
        ]
        teams.sort(key=lambda t: (best * t.total, t.players))
        return Standings(upto, held, tuple(rows), self.truncated_line, sheet, tuple(teams))


def standings(ledger: Ledger, after: int | None = None) -> Standings:
    """The standings of ``ledger`` after round ``after`` (default: the last)
    [R-SCORE, R-EXTRA-PENALTY]. Players are matched by :func:`name_key`; a
    player absent from a round scores nothing in it. Raises
    :class:`LedgerError` when ``after`` is not a round of the ledger."""
    held = len(ledger.rounds)
    upto = held if after is None else after
    table = StandingsTally()
    table.truncated_line = ledger.truncated_line
    if 0 <= upto <= held:
        table.freeze_after(upto)
    for ledger_round in ledger.rounds:
        table.add(ledger_round.score)
    return table.standings(after)


def standings_json(table: Standings) -> dict[str, Any]:
    """The standings as a JSON-ready dict; dump it with ``sort_keys=True``::

    {"after": 3, "rounds": 3, "truncated_line": null, "sheet": "gains" | "paper",
     "players": [{"name", "total", "rounds", "won", "last_round" (null when
                  absent from round "after")}]}   # best first: highest total,
                                                   # lowest on paper [R-PAPER-SHEET]
     "teams": [{"players": [2 names], "total", "rounds", "won", "last_round"}]}
                                     # only when a round was scored eşli [R-TEAMS]
    """
    data: dict[str, Any] = {
        "after": table.after,
        "rounds": table.rounds,
        "truncated_line": table.truncated_line,
        "sheet": table.sheet,
        "players": [
            {
                "name": s.name,
                "total": s.total,
                "rounds": s.rounds,
                "won": s.won,
                "last_round": s.last_round,
            }
            for s in table.players
        ],
        "teams": [
            {
                "players": list(t.players),
                "total": t.total,
                "rounds": t.rounds,
                "won": t.won,
                "last_round": t.last_round,
            }
            for t in table.teams
        ],
    }
    if not table.teams:  # a match of no eşli round reads as before
        del data["teams"]
    return data
