"""Fixture checks for other projects' CI: run cases, compare expected fields.

A fixture file is JSON Lines (``.jsonl``, one case per line; blank lines and
``#`` lines skipped) or TOML (``.toml``, an array of ``[[case]]`` tables);
fixtures read from stdin are TOML when they parse as TOML, JSON Lines
otherwise (its schema: ``rummy101 schema fixtures``). A case that cannot run
(no ``rack``, no ``expect``, an unknown command or option) is one failed row;
an unreadable file is a :class:`FixtureError`.

A case names its ``"command"``: ``solve`` (the default), ``outs``, ``play``,
``check``, ``score`` or ``standings`` (:data:`COMMANDS`); its other keys are
that command's options, named as the Python API's keywords, which are the
flags (``"table"``, ``"opened"``, ``"players"``, ``"extra"``), and
``"expect"`` holds dotted fields of the command's ``--format json`` object
(``"discard"``, ``"players.1.points"``). A field the command's JSON Schema
does not have is reported as such, with the closest field. The commands other
than ``solve`` run through :mod:`rummy101_solver.files.answers`, the
functions the Python API is made of (:func:`fixture_commands`).

A ``solve`` case has ``"rack"``, an ``"expect"`` table and, optionally,
``"name"`` and any ``solve`` option (``"take"``, ``"threshold"``, …). Expected
fields are dotted paths into the ``solve --format json`` object: ``melds.value``,
``can_open``, ``pairs.count``, ``melds.melds.0.tiles``, ``one_turn_finish.possible``;
fields of ``outs`` (``outs.distance.melds.tiles``) add the ``outs --format json``
object to the record (``"seen"`` gives its seen tiles).
A case whose rack is rejected yields ``{"error": message}``, so ``"error"``
can be expected too.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, time
from pathlib import Path
from typing import Any, BinaryIO

from rummy101_solver.files.batch import CASE_OPTIONS, analyse_record, decode_json
from rummy101_solver.files.case import OptionError
from rummy101_solver.files.durable import FileError, check_replaceable, replace_file
from rummy101_solver.lines import MAX_LINE, split_lines, too_long
from rummy101_solver.messages import one_line, quote, show_value, unknown_name

MISSING = object()

MAX_DEPTH = 64
"""Deepest nesting of lists and tables a case may have (fixtures need a few)."""


class FixtureError(FileError):
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

    no_field: bool = False
    """The command's JSON has no such field (by its schema): ``error`` says
    so and names the closest field."""

    command: str = "solve"
    """The command the case ran."""

    @property
    def passed(self) -> bool:
        """The field exists and equals the expected value (``true`` is not ``1``)."""
        if self.bad_case or self.no_field:
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
"""Largest fixture file read, in bytes: it is read whole (``verify --write``
rewrites it), so it is bounded: a case takes a few hundred bytes."""


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
        raise FixtureError(f"{path}: a fixture file holds at most {limit} bytes; split it")
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


def _bad_case(label: str, name: str, problem: str, command: str = "solve") -> list[Check]:
    return [Check(label, name, "", None, MISSING, problem, bad_case=True, command=command)]


@dataclass(frozen=True)
class Command:
    """A command a fixture case may name (``"command": "play"``).

    ``run`` takes the case's options as keywords and returns the command's
    ``--format json`` object, or ``{"error": message}`` for bad input.
    ``options``: the keywords it takes; ``required``: those a case must give
    (``rack``); ``schema``: the name of its JSON Schema, for field names.
    """

    name: str
    run: Callable[..., dict[str, Any]]
    options: frozenset[str]
    required: tuple[str, ...]
    schema: str


COMMANDS = ("solve", "outs", "play", "check", "score", "standings")
"""The commands a case may name; ``solve`` is the default."""

DEFAULT_FIELDS: dict[str, tuple[str, ...]] = {
    "solve": ("can_open", "recommended", "melds.value", "melds.left", "pairs.count"),
    "outs": ("can_open", "distance.melds.tiles", "distance.pairs.tiles", "recommended_discard"),
    "play": ("status", "lays_something", "left", "residual_penalty", "finish.possible"),
    "check": ("legal", "kind", "value", "meets_threshold"),
    "score": ("players.#.points", "total"),
    "standings": ("after", "players.#.name", "players.#.total"),
}
"""The fields ``verify --write`` pins for a case that expects nothing yet
(``#``: one field per item of the list)."""

_NOT_OPTIONS = ("name", "command", "expect")


@dataclass(frozen=True)
class Outcome:
    """One case run: its checks, and the record its command gave (``None``
    for a case that could not run)."""

    checks: list[Check]
    record: dict[str, Any] | None
    command: str


def _solve_command() -> Command:
    """``solve`` as this layer runs it (``outs``/``seen`` add the outs object [issue 8])."""

    def run(rack: str, **options: Any) -> dict[str, Any]:
        if any(f == "outs" or f.startswith("outs.") for f in options.pop("_fields", ())):
            options.setdefault("outs", True)  # fields of the 'outs' object [issue 8]
        return analyse_record(rack, options)

    return Command("solve", run, frozenset({"rack", *CASE_OPTIONS}), ("rack",), "batch")


def field_problem(command: Command, path: str) -> str | None:
    """Why ``path`` is no field of the command's JSON (with the closest field),
    or ``None`` when its schema has it (``error`` is every command's)."""
    from rummy101_solver.report.schema import closest_field, has_field

    if path == "error" or has_field(command.schema, path):
        return None
    shown = "solve (or batch)" if command.name == "solve" else command.name
    close = closest_field(command.schema, path)
    hint = f"; did you mean {quote(close, 60)}?" if close else ""
    return f"no field {quote(path, 60)} in the {shown} JSON output{hint}"


def evaluate_case(
    label: str,
    case: dict[str, Any],
    commands: Mapping[str, Command] | None = None,
    *,
    fill: bool = False,
    record: dict[str, Any] | None = None,
) -> Outcome:
    """Run one case with its command and compare every expected field.

    ``commands``: the commands besides ``solve`` (default
    :func:`fixture_commands` of the working folder). A case that cannot run (no rack, no
    expect, an unknown command or option) gives one failed :class:`Check`
    with ``bad_case`` set and the reason in ``error``; the other cases still
    run. A field its command's JSON cannot have (by the schema) is a failed
    check with ``no_field`` set and the closest field in ``error``. With
    ``fill`` a case without ``expect`` runs too (for ``verify --write``).
    With ``record`` (what the case's command gave before) nothing runs again.
    """
    case = dict(case)
    raw_name = case.pop("name", "")
    name = raw_name if isinstance(raw_name, str) else show_value(raw_name)
    command_name = case.pop("command", "solve")
    expect = case.pop("expect", None)
    if commands is None:
        commands = fixture_commands(Path.cwd())
    known = {"solve": _solve_command(), **commands}
    if not isinstance(command_name, str):
        problem = f'"command" is {show_value(command_name)}, not text: {", ".join(COMMANDS)}'
        return Outcome(_bad_case(label, name, problem), None, "solve")
    if command_name not in COMMANDS:
        problem = unknown_name("command", command_name, COMMANDS)
        return Outcome(_bad_case(label, name, problem), None, "solve")
    command = known[command_name]
    if expect is None and fill:
        expect = {}
    if not isinstance(expect, dict) or (not expect and not fill):
        problem = 'a case needs "expect": a table of fields and their values'
        if expect is None:
            problem += " (rummy101 verify --write fills it in)"
        return Outcome(_bad_case(label, name, problem, command_name), None, command_name)
    for field, want in expect.items():
        odd = _not_json(want)
        if odd is not None:
            kind = "a TOML date or time" if isinstance(odd, date | time) else type(odd).__name__
            problem = (
                f"expect {quote(field)}: {kind} ({one_line(str(odd), 40)}) that no JSON output"
                " holds; expect a string, number, boolean, array or table"
            )
            return Outcome(_bad_case(label, name, problem, command_name), None, command_name)
    options = {key.replace("-", "_"): value for key, value in case.items()}
    unknown = [key for key in options if key not in command.options]
    if unknown:
        names = command.options - {"no_joker_pairs"}
        problem = unknown_name(f"{command_name} option", unknown[0], names)
        return Outcome(_bad_case(label, name, problem, command_name), None, command_name)
    missing = [key for key in command.required if key not in options]
    if missing:
        what = "a string of tiles or a list of tiles" if missing[0] == "rack" else "its value"
        problem = f"a {command_name} case needs {quote(missing[0])}: {what}"
        return Outcome(_bad_case(label, name, problem, command_name), None, command_name)
    if command_name == "solve":
        rack = options["rack"]
        if isinstance(rack, list) and all(isinstance(t, str) for t in rack):
            options["rack"] = " ".join(rack)
        if not isinstance(options["rack"], str):
            problem = 'a case needs "rack": a string of tiles or a list of tiles'
            return Outcome(_bad_case(label, name, problem), None, command_name)
        options["_fields"] = tuple(expect)
    if record is None:
        record = command.run(**options)
    error = record.get("error")
    checks = []
    for field, want in expect.items():
        why = field_problem(command, field)
        if why is not None:
            checks.append(Check(label, name, field, want, MISSING, why, no_field=True,
                                command=command_name))  # fmt: skip
        else:
            checks.append(Check(label, name, field, want, lookup(record, field), error,
                                command=command_name))  # fmt: skip
    return Outcome(checks, record, command_name)


def run_case(
    label: str, case: dict[str, Any], commands: Mapping[str, Command] | None = None
) -> list[Check]:
    """The checks of one case (see :func:`evaluate_case`)."""
    return evaluate_case(label, case, commands).checks


def _holds_null(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_holds_null(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_null(v) for v in value)
    return value is None


def pinned(
    outcome: Outcome, expect: Mapping[str, Any] | None, *, toml: bool = False
) -> dict[str, Any] | None:
    """The ``expect`` table ``verify --write`` writes for a case: its fields
    with today's values (a field now absent, or no field of the output, is
    dropped), or :data:`DEFAULT_FIELDS` when it expected nothing; a case
    whose input is now rejected expects its ``error``. TOML has no null: for
    a TOML file a value that is or holds ``null`` is left out. A field that
    is no field of the command's output (a typo) stays as it was, to be
    reported ``NO FIELD`` run after run; when no field is left, the case gets
    :data:`DEFAULT_FIELDS`, so a second ``--write`` changes nothing [issue 34].
    ``None``: leave the case as it is (it could not run)."""
    record = outcome.record
    if record is None:
        return None
    if "error" in record:
        return {"error": record["error"]}
    typos = {c.field for c in outcome.checks if c.no_field}
    if not expect:
        return _values(record, _main_fields(outcome.command, record), toml)
    out = {}
    for field, want in expect.items():
        if field in typos:
            out[field] = want  # kept as written: reported NO FIELD until it is mended
            continue
        value = lookup(record, field)
        if value is not MISSING and not (toml and _holds_null(value)):
            out[field] = value
    if not out:  # every field gone: the command's main fields instead
        return _values(record, _main_fields(outcome.command, record), toml)
    return out


def _values(record: dict[str, Any], fields: list[str], toml: bool) -> dict[str, Any]:
    """Today's value of each of ``fields`` found in ``record`` (TOML: no null)."""
    out = {}
    for field in fields:
        value = lookup(record, field)
        if value is not MISSING and not (toml and _holds_null(value)):
            out[field] = value
    return out


def _main_fields(command: str, record: dict[str, Any]) -> list[str]:
    """:data:`DEFAULT_FIELDS` of ``command``, ``#`` expanded item by item of ``record``."""
    fields: list[str] = []
    lists: dict[str, list[str]] = {}  # head → the fields of each item, item by item
    for pattern in DEFAULT_FIELDS[command]:
        head, _, tail = pattern.partition(".#.")
        if not tail:
            fields.append(pattern)
        elif head not in lists:
            lists[head] = [tail]
            fields.append(f"\0{head}")  # its place among the fields
        else:
            lists[head].append(tail)
    expanded: list[str] = []
    for field in fields:
        if not field.startswith("\0"):
            expanded.append(field)
            continue
        head = field[1:]
        items = lookup(record, head)
        count = len(items) if isinstance(items, list) else 0
        expanded.extend(f"{head}.{i}.{tail}" for i in range(count) for tail in lists[head])
    return expanded


def rewrite_fixtures(
    text: str, cases: list[tuple[str, Any]], pins: Mapping[str, dict[str, Any]], *, toml: bool
) -> str:
    """The fixture file ``text`` with the ``expect`` table of each case labelled
    in ``pins`` replaced (``verify --write``; a case already expecting its pin
    is left as written); every other byte of a JSON Lines file stays
    (comments, blank lines, the other cases). In a TOML file only
    the ``expect`` of each pinned case is written again, as a ``[case.expect]``
    table in the case's place: its ``[[case]]`` tables, comments and layout
    stay [issue 34]. A TOML file laid out in a way this cannot follow (checked
    by reading the result back) is written anew from its data (``tomli_w``):
    then only the comment lines that open it stay.
    ``cases``: what :func:`parse_fixtures` read from ``text``."""
    unchanged = {label for label, case in cases
                 if label in pins and same(pins[label], case.get("expect"))}  # fmt: skip
    pins = {label: pin for label, pin in pins.items() if label not in unchanged}
    if not pins:
        return text  # every case expects today's output already: not a byte changes
    if toml:
        import tomli_w

        kept = _rewrite_toml(text, pins)
        if kept is not None:
            return kept
        data = tomllib.loads(text)
        for i, _ in enumerate(data["case"], start=1):
            if (pin := pins.get(f"case {i}")) is not None:
                data["case"][i - 1]["expect"] = pin
        head = []  # the comment lines that open the file stay
        for line in split_lines(text):
            if line.strip() and not line.lstrip().startswith("#"):
                break
            head.append(line + "\n")
        return "".join(head) + tomli_w.dumps(data)
    import json

    lines = text.split("\n")
    for label, case in cases:
        if (pin := pins.get(label)) is None:
            continue
        number = int(label.removeprefix("line "))
        line = lines[number - 1]
        end = "\r" if line.endswith("\r") else ""
        lines[number - 1] = json.dumps({**case, "expect": pin}, ensure_ascii=False) + end
    return "\n".join(lines)


_CASE_HEADER = re.compile(r"^\s*\[\[\s*case\s*\]\]\s*(#.*)?$")
_HEADER = re.compile(r"^\s*\[")
_EXPECT_HEADER = re.compile(r"""^\s*\[\s*case\s*\.\s*("expect"|'expect'|expect)\s*[\].]""")
_EXPECT_KEY = re.compile(r"""^\s*("expect"|'expect'|expect)\s*[=.]""")


def _expect_text(pin: dict[str, Any], header: str = "[case.expect]") -> list[str] | None:
    """The ``[case.expect]`` table of ``pin`` as lines, each value as ``tomli_w``
    writes it (a table inside it as a ``[case.expect.KEY]`` table after it);
    ``None`` for a value ``tomli_w`` would write as a table of its own."""
    import tomli_w

    lines, tables = [header], []
    for key, value in pin.items():
        name = tomli_w.dumps({key: 0}).rsplit(" = ", 1)[0]
        if isinstance(value, dict):
            tables.append((f"{header[:-1]}.{name}]", value))
            continue
        text = tomli_w.dumps({key: value}).rstrip("\n").split("\n")
        if any(_HEADER.match(line) and not line.startswith(name) for line in text):
            return None
        lines.extend(text)
    for sub, value in tables:
        inner = _expect_text(value, sub)
        if inner is None:
            return None
        lines.extend(["", *inner])
    return lines


def _rewrite_toml(text: str, pins: Mapping[str, dict[str, Any]]) -> str | None:
    """``text`` with the ``expect`` of each pinned case (``case N``) replaced in
    place, every other line kept; ``None`` when the result does not read back
    as the same cases with the new ``expect`` tables (a layout not followed)."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if _CASE_HEADER.match(line)]
    out = list(lines)
    for number in range(len(starts), 0, -1):  # from the last: earlier indices stay
        pin = pins.get(f"case {number}")
        if pin is None:
            continue
        first = starts[number - 1]
        end = starts[number] if number < len(starts) else len(lines)
        while end > first + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip()
                                   .startswith("#")):  # fmt: skip
            end -= 1  # blank and comment lines before the next case belong to it
        new = _expect_text(pin)
        if new is None:
            return None
        table = next((i for i in range(first + 1, end) if _HEADER.match(lines[i])), end)
        keys = [i for i in range(first + 1, table) if _EXPECT_KEY.match(lines[i])]
        if any(_EXPECT_HEADER.match(lines[i]) for i in range(table, end)):
            start = next(i for i in range(table, end) if _EXPECT_HEADER.match(lines[i]))
            stop = next((i for i in range(start + 1, end) if _HEADER.match(lines[i])
                         and not _EXPECT_HEADER.match(lines[i])), end)  # fmt: skip
            while stop > start + 1 and not lines[stop - 1].strip():
                stop -= 1
            out[start:stop] = new
        elif len(keys) == 1:  # expect = { … } among the case's keys: a table at the end
            out[end:end] = ["", *new]
            del out[keys[0]]
        elif not keys:
            out[end:end] = ["", *new]
        else:
            return None
    result = "\n".join(out)
    try:
        before, after = tomllib.loads(text), tomllib.loads(result)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    wanted = [
        {**case, "expect": pins[f"case {i}"]} if f"case {i}" in pins else case
        for i, case in enumerate(before.get("case", []), start=1)
    ]
    same_rest = {k: v for k, v in before.items() if k != "case"} == {
        k: v for k, v in after.items() if k != "case"
    }
    return result if same_rest and after.get("case") == wanted else None


def write_text(path: Path, text: str) -> None:
    """Replace the contents of the file at ``path`` with ``text``, keeping its
    mode, owner and links (through a symbolic link, its target; a file with
    hard links is written in place), never half-written and leaving no
    temporary file (:func:`~rummy101_solver.files.durable.replace_file`).
    Raises :class:`FixtureError` when it cannot be written."""
    replace_file(str(path), text.encode("utf-8"), "the fixture file", FixtureError)


def run_fixtures(
    text: str,
    source: str,
    *,
    toml: bool | None,
    base: Path,
    failures_only: bool = False,
    write_to: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Run every case of a fixture file's ``text`` and return the ``verify
    --format json`` object: ``{"checks": [row…], "cases", "passed", "failed"}``
    (with ``failures_only`` only the failed rows; see :func:`check_json`).

    ``source`` names the file in messages; ``toml``: its format (``None`` to
    guess, as for stdin). A ``standings`` case's ledger is a path relative to
    ``base`` (the fixture file's folder). With ``write_to`` the expectations
    are pinned (:func:`pinned`), the file at that path rewritten
    (:func:`rewrite_fixtures`) when that changes it, and then ``"written"``
    set to the path; the cases are checked again against the new expectations
    (not run twice). A case that could not run keeps its first reason (an
    unknown option, named with the closest one), not "needs expect". A run that
    refuses (no case) writes nothing. ``progress(done, cases)`` is called
    after each case run (for a bar).
    Raises :class:`FixtureError` for an unreadable file, one with no case, or
    one that cannot be written.
    """
    try:
        cases = parse_fixtures(text, source, toml=toml)
    except OptionError as err:
        raise FixtureError(str(err)) from None
    if not cases:
        raise FixtureError(
            f'{source}: no cases: a fixture file needs at least one case with "expect"'
        )
    if write_to is not None:  # a FIFO or a device is refused before any case runs
        check_replaceable(str(write_to), "the fixture file", FixtureError)
    commands = fixture_commands(base)
    fill = write_to is not None
    outcomes = []
    for label, case in cases:
        outcomes.append((label, case, evaluate_case(label, case, commands, fill=fill)))
        if progress is not None:
            progress(len(outcomes), len(cases))
    if write_to is not None:
        pins = {}
        for label, case, outcome in outcomes:
            expect = case.get("expect")
            pin = pinned(outcome, expect if isinstance(expect, dict) else None, toml=bool(toml))
            if pin is not None:
                pins[label] = pin
        new_text = rewrite_fixtures(text, cases, pins, toml=bool(toml))
        if new_text != text:
            write_text(write_to, new_text)
        new = {label: {**case, "expect": pins[label]} if label in pins else case
               for label, case in cases}  # fmt: skip
        outcomes = [(label, new[label], evaluate_case(label, new[label], commands,
                                                      record=outcome.record))
                    if label in pins else (label, case, outcome)
                    for label, case, outcome in outcomes]  # fmt: skip
    checks = [check for _, _, outcome in outcomes for check in outcome.checks]
    if not checks:
        raise FixtureError(
            f'{source}: no cases: a fixture file needs at least one case with "expect"'
        )
    failed = [c for c in checks if not c.passed]
    data: dict[str, Any] = {
        "checks": [check_json(c) for c in (failed if failures_only else checks)],
        "cases": len(outcomes),
        "passed": len(checks) - len(failed),
        "failed": len(failed),
    }
    if write_to is not None and new_text != text:
        data["written"] = str(write_to)
    return data


def check_json(check: Check) -> dict[str, Any]:
    """One row of ``verify --format json``: ``case``, ``name``, ``command``,
    ``field`` (``None`` for a bad case), ``expected``, ``found``, ``got``,
    ``error``, ``passed``, ``result`` (``pass``, ``fail``, ``bad case``,
    ``no field``)."""
    found = check.got is not MISSING
    if check.passed:
        result = "pass"
    elif check.bad_case:
        result = "bad case"
    elif check.no_field:
        result = "no field"
    else:
        result = "fail"
    return {"case": check.case, "name": check.name, "command": check.command,
            "field": check.field or None, "expected": check.expected, "found": found,
            "got": check.got if found else None, "error": check.error,
            "passed": check.passed, "result": result}  # fmt: skip


def fixture_commands(base: Path) -> dict[str, Command]:
    """The commands a case may name besides ``solve``: the functions of
    :mod:`rummy101_solver.files.answers` (the API's, with the same keywords),
    a bad input becoming the case's ``error``. A ``score`` case never appends
    to a ledger; a ``standings`` case's ledger is read relative to ``base``."""
    import inspect

    from rummy101_solver.files import answers

    def command(name: str, function: Callable[..., dict[str, Any]], required: str,
                drop: frozenset[str] = frozenset()) -> Command:  # fmt: skip
        def run(**options: Any) -> dict[str, Any]:
            if name == "standings" and isinstance(options.get("ledger"), str):
                options["ledger"] = str(base / options["ledger"])
            try:
                return function(**options)
            except ValueError as err:  # the core's input errors: bad tile, option, ledger, …
                return {"error": one_line(str(err))}
            except (TypeError, AttributeError) as err:  # a value of the wrong kind
                return {"error": one_line(f"a bad option value: {err}")}

        names = frozenset(inspect.signature(function).parameters) - drop
        return Command(name, run, names, (required,), name)

    return {
        "outs": command("outs", answers.outs, "rack"),
        "play": command("play", answers.play, "rack"),
        "check": command("check", answers.check, "arrangement"),
        "score": command("score", answers.score, "players", frozenset({"ledger"})),
        "standings": command("standings", answers.standings, "ledger"),
    }
