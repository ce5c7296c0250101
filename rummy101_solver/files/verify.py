"""Fixture checks for other projects' CI: run cases, compare expected fields.

A fixture file is JSON Lines (``.jsonl``, one case per line; blank lines and
``#`` lines skipped) or TOML (``.toml``, an array of ``[[case]]`` tables);
fixtures read from stdin are TOML when they parse as TOML, JSON Lines
otherwise. A case that cannot run (no ``rack``, no ``expect``, an unknown
option) is one failed row; an unreadable file is a :class:`FixtureError`.
Each case has ``"rack"``, an ``"expect"`` table and, optionally, ``"name"``
and any ``solve`` option (``"take"``, ``"threshold"``, …). Expected fields are
dotted paths into the ``solve --format json`` object: ``melds.value``,
``can_open``, ``pairs.count``, ``melds.melds.0.tiles``, ``one_turn_finish.possible``;
fields of ``outs`` (``outs.distance.melds.tiles``) add the ``outs --format json``
object to the record (``"seen"`` gives its seen tiles).
A case whose rack is rejected yields ``{"error": message}``, so ``"error"``
can be expected too.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, time
from pathlib import Path
from typing import Any, BinaryIO

from rummy101_solver.files.batch import CASE_OPTIONS, analyse_record, decode_json
from rummy101_solver.files.case import OptionError
from rummy101_solver.lines import MAX_LINE, split_lines, too_long
from rummy101_solver.messages import one_line, quote, show_value

MISSING = object()

MAX_DEPTH = 64
"""Deepest nesting of lists and tables a case may have (fixtures need a few)."""


class FixtureError(ValueError):
    """The fixture file cannot be read: the message names the line or case."""


@dataclass(frozen=True)
class Check:
    """One expected field of one case, and what the solver gave."""

    case: str
    name: str
    field: str
    expected: Any
    got: Any

    error: str | None = None
    """The case's error message when its rack or an option was rejected, or
    why the case could not run (``bad_case``)."""

    bad_case: bool = False
    """The case could not run (no rack, no expect, an unknown option): one
    failed row for the whole case, ``field`` empty."""

    @property
    def passed(self) -> bool:
        """The field exists and equals the expected value (``true`` is not ``1``)."""
        if self.bad_case:
            return False
        return self.got is not MISSING and same(self.got, self.expected)


def same(a: Any, b: Any) -> bool:
    """JSON equality: like ``==`` but a boolean equals only a boolean."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


def lookup(record: Any, path: str) -> Any:
    """The value at a dotted ``path`` (list indices as numbers), or ``MISSING``."""
    node = record
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return MISSING
    return node


def _nests_deeper_than(value: Any, depth: int) -> bool:
    """Whether lists/tables inside ``value`` nest deeper than ``depth`` (no recursion)."""
    stack = [(value, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            if level >= depth:
                return True
            items = node.values() if isinstance(node, dict) else node
            stack.extend((item, level + 1) for item in items)
    return False


MAX_TOML_BYTES = 4 << 20
"""Largest TOML fixture file read, in bytes: TOML is read whole, so it is bounded
(a case takes a few hundred bytes; JSON Lines are read line by line instead)."""


def read_fixtures(path: Path, limit: int = MAX_TOML_BYTES) -> str:
    """The text of a fixture file, at most ``limit`` bytes. Raises
    :class:`FixtureError` when it cannot be read or is larger (never reads
    more than ``limit`` + 1 bytes, so ``/dev/zero`` is refused at once)."""
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as err:
        raise FixtureError(f"{path}: {err.strerror or err}") from None
    if len(data) > limit:
        raise FixtureError(
            f"{path}: a TOML fixture file holds at most {limit} bytes;"
            " split it, or write the cases as JSON Lines (read line by line)"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FixtureError(f"{path}: not UTF-8 text (byte {err.start})") from None


def _toml_cases(data: dict[str, Any], source: str) -> list[tuple[str, Any]]:
    cases = data.get("case")
    if not isinstance(cases, list):
        raise FixtureError(f"{source}: no [[case]] tables")
    for i, case in enumerate(cases, start=1):
        if not isinstance(case, dict):
            raise FixtureError(
                f"{source}: case {i} is {show_value(case)}, not a table: write [[case]] tables"
                " with rack and expect"
            )
    return [(f"case {i}", case) for i, case in enumerate(cases, start=1)]


def _load_toml(text: str) -> dict[str, Any]:
    """Raises ``tomllib.TOMLDecodeError``, or :class:`FixtureError` for what
    the TOML reader cannot take (nesting or numbers too large)."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise FixtureError("TOML nested too deeply to read") from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # an integer of more digits than Python converts
        raise FixtureError("a TOML number with too many digits to read") from None


def _jsonl_cases(text: str, source: str) -> list[tuple[str, Any]]:
    return list(_jsonl_lines(enumerate(split_lines(text), start=1), source))


def _jsonl_lines(lines: Iterable[tuple[int, str]], source: str) -> Iterator[tuple[str, Any]]:
    for number, line in lines:
        where = f"{source}, line {number}"
        if reason := too_long(line):
            raise FixtureError(f"{where}: {reason}")
        bad = next((i for i, c in enumerate(line) if "\udc80" <= c <= "\udcff"), None)
        if bad is not None:
            at = len(line[:bad].encode("utf-8", "surrogateescape")) + 1
            raise FixtureError(f"{where}: not UTF-8 text (byte {at} of the line)")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            case = decode_json(stripped)
        except OptionError as err:
            raise FixtureError(f"{where}: {err}") from None
        if not isinstance(case, dict):
            raise FixtureError(f"{where}: a case must be a JSON object")
        if _nests_deeper_than(case, MAX_DEPTH):
            raise FixtureError(f"{source}, line {number}: nested deeper than {MAX_DEPTH} levels")
        yield f"line {number}", case


def parse_fixtures(text: str, source: str, *, toml: bool | None) -> list[tuple[str, Any]]:
    """(case label, case table) pairs: label ``line N`` (JSON Lines) or ``case N`` (TOML).

    ``toml`` says the format; ``None`` (stdin) guesses it: TOML when the text
    parses as TOML, otherwise JSON Lines (but when the first case line does
    not look like JSON either, the TOML error is reported). JSON Lines are
    split at ``\\n`` only. Raises :class:`FixtureError` naming the line or
    case for anything unreadable: bad JSON or TOML, a line over the line
    limit, a case that is not a table, nesting deeper than :data:`MAX_DEPTH`.
    """
    if toml is None:
        try:
            data = _load_toml(text)
        except (tomllib.TOMLDecodeError, FixtureError) as err:
            first = next((ln.strip() for ln in split_lines(text) if _is_case_line(ln)), "")
            if not _looks_like_json(first):
                raise FixtureError(f"{source}: neither JSON Lines nor TOML: {err}") from None
            cases = _jsonl_cases(text, source)
        else:
            cases = _toml_cases(data, source)
    elif toml:
        try:
            data = _load_toml(text)
        except (tomllib.TOMLDecodeError, FixtureError) as err:
            raise FixtureError(f"{source}: {err}") from None
        cases = _toml_cases(data, source)
    else:
        cases = _jsonl_cases(text, source)
    for label, case in cases:
        if _nests_deeper_than(case, MAX_DEPTH):
            raise FixtureError(f"{source}, {label}: nested deeper than {MAX_DEPTH} levels")
    return cases


_TOML_TABLE = re.compile(r"^\[\[?\s*[\w.\"' -]+\]\]?\s*(#.*)?$")


def _looks_like_json(line: str) -> bool:
    """A first line that starts JSON, not a TOML table header like ``[[case]]``."""
    return line[:1] in ("{", '"') or (line[:1] == "[" and not _TOML_TABLE.match(line))


def _is_case_line(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def load_cases(path: Path) -> Iterator[tuple[str, Any]]:
    """(case label, case table) pairs of a fixture file: TOML for a ``.toml``
    file (at most :data:`MAX_TOML_BYTES`), JSON Lines otherwise, read lazily
    line by line, a line over :data:`~rummy101_solver.lines.MAX_LINE` bytes
    refused as soon as it is seen (see :func:`parse_fixtures`).

    Raises :class:`FixtureError` for unreadable files, lines or cases.
    """
    if path.suffix == ".toml":
        yield from parse_fixtures(read_fixtures(path), str(path), toml=True)
        return
    try:
        with path.open("rb") as stream:
            yield from _jsonl_lines(_bounded_lines(stream, str(path)), str(path))
    except OSError as err:
        raise FixtureError(f"{path}: {err.strerror or err}") from None


def _bounded_lines(stream: BinaryIO, source: str) -> Iterator[tuple[int, str]]:
    """(number, text) of each line, read lazily; the first line over
    :data:`~rummy101_solver.lines.MAX_LINE` bytes stops the read there (it is
    not read through: ``/dev/zero`` has no end)."""
    number = 0
    while raw := stream.readline(MAX_LINE + 1):
        number += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            raise FixtureError(
                f"{source}, line {number}: longer than {MAX_LINE} bytes, the most a line holds"
            )
        text = raw.decode("utf-8", errors="surrogateescape")
        text = text[:-1] if text.endswith("\n") else text
        yield number, text[:-1] if text.endswith("\r") else text


JSON_TYPES = (str, int, float, bool, type(None))


def _not_json(value: Any) -> Any:
    """The first value inside ``value`` that no JSON output can hold (a TOML
    date or time), or ``None`` when there is none."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif not isinstance(node, JSON_TYPES):
            return node
    return None


def _bad_case(label: str, name: str, problem: str) -> list[Check]:
    return [Check(label, name, "", None, MISSING, problem, bad_case=True)]


def run_case(label: str, case: dict[str, Any]) -> list[Check]:
    """Analyse one case and compare every expected field.

    A case that cannot run (no ``rack``, no ``expect``, an unknown option)
    gives one failed :class:`Check` with ``bad_case`` set and the reason in
    ``error``; the other cases still run.
    """
    case = dict(case)
    raw_name = case.pop("name", "")
    name = raw_name if isinstance(raw_name, str) else show_value(raw_name)
    rack = case.pop("rack", None)
    expect = case.pop("expect", None)
    if isinstance(rack, list) and all(isinstance(t, str) for t in rack):
        rack = " ".join(rack)
    if not isinstance(rack, str):
        return _bad_case(label, name, 'a case needs "rack": a string of tiles or a list of tiles')
    if not isinstance(expect, dict) or not expect:
        return _bad_case(label, name, 'a case needs "expect": a table of fields and their values')
    for field, want in expect.items():
        odd = _not_json(want)
        if odd is not None:
            kind = "a TOML date or time" if isinstance(odd, date | time) else type(odd).__name__
            return _bad_case(
                label,
                name,
                f"expect {quote(field)}: {kind} ({one_line(str(odd), 40)}) that no JSON output"
                " holds; expect a string, number, boolean, array or table",
            )
    options = {key.replace("-", "_"): value for key, value in case.items()}
    unknown = [key for key in options if key not in CASE_OPTIONS]
    if unknown:
        return _bad_case(label, name, f"unknown option {quote(unknown[0])}; options: "
                         + ", ".join(sorted(CASE_OPTIONS - {"no_joker_pairs"})))  # fmt: skip
    if any(f == "outs" or f.startswith("outs.") for f in expect):
        options.setdefault("outs", True)  # fields of the 'outs' object [issue 8]
    record = analyse_record(rack, options)
    error = record.get("error")
    return [Check(label, name, f, want, lookup(record, f), error) for f, want in expect.items()]
