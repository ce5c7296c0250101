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

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from rummy101_solver.game.parsing import RackError, parse_tile_list
from rummy101_solver.game.scoring import (
    ENDINGS,
    EXTRA_REASONS,
    STATES,
    Ending,
    ExtraPenalty,
    PlayerHand,
    RoundScore,
    ScoreError,
    ScoreRules,
    State,
    name_key,
    round_json,
    score_round,
)

FORMAT = "rummy101-ledger-1"
"""The ``format`` of every ledger line; a line without it is foreign."""


class LedgerError(ValueError):
    """A ledger that cannot be read or appended to. ``str()`` is one line, e.g.
    ``match.jsonl line 3: not JSON (Expecting ',' delimiter at column 17)``;
    ``line`` is the 1-based line number, or ``None`` for the file as a whole."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


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


def round_line(score: RoundScore, number: int) -> bytes:
    """The ledger line of round ``number``: compact JSON, UTF-8, ending in a
    newline; the same round gives the same bytes."""
    record = {"format": FORMAT, "round": number, **round_json(score)}
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def _bad(source: str, line: int, why: str) -> LedgerError:
    return LedgerError(f"{source} line {line}: {why}", line)


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
        if kind != "points" and kind not in EXTRA_REASONS:
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
    try:
        record = json.loads(text)
    except json.JSONDecodeError as bad:
        raise _bad(source, line, f"not JSON ({bad.msg} at column {bad.colno})") from bad
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
    if sorted(rules) != sorted(defaults):
        raise LedgerError(f"{err}: 'rules' must hold {', '.join(defaults)}", line)
    for key, default in defaults.items():
        _field(rules, key, type(default), f"of type {type(default).__name__}", err)
    score_rules = ScoreRules(**rules)
    hands: list[PlayerHand] = []
    extras: list[ExtraPenalty] = []
    for item in _field(record, "players", list, "a list", err):
        hand, owed = _player(item, err)
        hands.append(hand)
        extras.extend(owed)
    try:
        score = score_round(cast(Ending, end), winner, hands, score_rules, extras)
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


def parse_ledger(data: bytes, source: str = "ledger") -> Ledger:
    """The bytes of a ledger file as a :class:`Ledger`. Bytes after the last
    newline are a line cut short: reported as ``truncated_line``, not read.
    Raises :class:`LedgerError` at the first line that is not the next round."""
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    rounds: list[LedgerRound] = []
    for number, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as bad:
            raise _bad(source, number, f"not UTF-8 (byte {bad.start + 1})") from bad
        rounds.append(parse_round(text, number, len(rounds) + 1, source))
    return Ledger(tuple(rounds), len(lines) + 1 if tail else None)


def _read_all(fd: int) -> bytes:
    chunks = []
    offset = 0
    while chunk := os.pread(fd, 1 << 16, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _open(path: str, flags: int) -> int:
    try:
        return os.open(path, flags | os.O_CLOEXEC, 0o644)
    except OSError as bad:
        raise LedgerError(f"{path}: {bad.strerror}") from bad


def read_ledger(path: str) -> Ledger:
    """The ledger at ``path``, read-only under a shared lock (never writes, so
    the file's bytes and times stay as they are). Raises :class:`LedgerError`
    (no such file, a bad line)."""
    fd = _open(path, os.O_RDONLY)
    try:
        import fcntl  # POSIX only: imported here so the CLI still starts elsewhere

        fcntl.flock(fd, fcntl.LOCK_SH)
        return parse_ledger(_read_all(fd), path)
    except IsADirectoryError as bad:
        raise LedgerError(f"{path}: {bad.strerror}") from bad
    finally:
        os.close(fd)  # releases the lock


def _sync_directory(path: str) -> None:
    fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def append_round(path: str, score: RoundScore) -> Ledger:
    """Append ``score`` to the ledger at ``path`` as its next round; return the
    ledger with it. Creates the file if there is none.

    Under an exclusive ``flock``: read every round (a bad line or a last line
    cut short raises :class:`LedgerError` and nothing is written), number the
    round after the last, write the line with one ``os.write`` on an
    ``O_APPEND`` descriptor, ``fsync``. A short write is cut off again and
    raises :class:`LedgerError`: a round lands whole or not at all.
    """
    created = not os.path.exists(path)
    fd = _open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        import fcntl  # POSIX only: imported here so the CLI still starts elsewhere

        fcntl.flock(fd, fcntl.LOCK_EX)
        data = _read_all(fd)
        ledger = parse_ledger(data, path)
        if ledger.truncated_line is not None:
            line = ledger.truncated_line
            raise LedgerError(
                f"{path} line {line} is cut short (a write interrupted?); nothing"
                f" appended: delete line {line}, then score that round again",
                line,
            )
        number = len(ledger.rounds) + 1
        line_bytes = round_line(score, number)
        try:
            written = os.write(fd, line_bytes)
        except OSError as bad:
            os.ftruncate(fd, len(data))
            raise LedgerError(f"{path}: {bad.strerror}; nothing appended") from bad
        if written != len(line_bytes):
            os.ftruncate(fd, len(data))
            raise LedgerError(f"{path}: only {written} bytes written; nothing appended")
        os.fsync(fd)
    except IsADirectoryError as bad:
        raise LedgerError(f"{path}: {bad.strerror}") from bad
    finally:
        os.close(fd)  # releases the lock
    if created:
        _sync_directory(path)
    record = json.loads(line_bytes)
    added = LedgerRound(number, number, score, record)
    return Ledger((*ledger.rounds, added))


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
class Standings:
    """The standings after round ``after`` (0: no round yet) of a ledger
    holding ``rounds`` rounds: players by total, highest first, ties by name."""

    after: int
    rounds: int
    players: tuple[Standing, ...]
    truncated_line: int | None = None


def standings(ledger: Ledger, after: int | None = None) -> Standings:
    """The standings of ``ledger`` after round ``after`` (default: the last)
    [R-SCORE, R-EXTRA-PENALTY]. Players are matched by :func:`name_key`; a
    player absent from a round scores nothing in it. Raises
    :class:`LedgerError` when ``after`` is not a round of the ledger."""
    held = len(ledger.rounds)
    upto = held if after is None else after
    if not 0 <= upto <= held:
        raise LedgerError(
            f"no round {upto}: the ledger holds rounds 1–{held}"
            if held
            else f"no round {upto}: the ledger holds no round yet"
        )
    names: dict[str, str] = {}
    total: dict[str, int] = {}
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    last: dict[str, int] = {}
    for ledger_round in ledger.rounds[:upto]:
        score = ledger_round.score
        last = {}
        for p in score.players:
            key = name_key(p.name)
            names.setdefault(key, p.name)
            total[key] = total.get(key, 0) + p.result
            played[key] = played.get(key, 0) + 1
            won[key] = won.get(key, 0) + (1 if p.winner else 0)
            last[key] = p.result
    rows = [Standing(names[key], total[key], played[key], won[key], last.get(key)) for key in names]
    rows.sort(key=lambda s: (-s.total, name_key(s.name), s.name))
    return Standings(upto, held, tuple(rows), ledger.truncated_line)


def standings_json(table: Standings) -> dict[str, Any]:
    """The standings as a JSON-ready dict; dump it with ``sort_keys=True``::

    {"after": 3, "rounds": 3, "truncated_line": null,
     "players": [{"name", "total", "rounds", "won", "last_round" (null when
                  absent from round "after")}]}   # highest total first
    """
    return {
        "after": table.after,
        "rounds": table.rounds,
        "truncated_line": table.truncated_line,
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
    }
