"""Fixture checks for other projects' CI: run cases, compare expected fields.

A fixture file is JSON Lines (``.jsonl``, one case per line; blank lines and
``#`` lines skipped) or TOML (``.toml``, an array of ``[[case]]`` tables).
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

import json
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy101_solver.batch import analyse_record

MISSING = object()


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
    """The case's error message when its rack or an option was rejected."""

    @property
    def passed(self) -> bool:
        """The field exists and equals the expected value (``true`` is not ``1``)."""
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


def load_cases(path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """(case label, case table) pairs: label ``line N`` (JSON Lines) or ``case N`` (TOML).

    Raises :class:`FixtureError` for unreadable files or lines.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise FixtureError(f"{path}: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise FixtureError(f"{path}: not UTF-8 text (byte {err.start})") from None
    if path.suffix == ".toml":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise FixtureError(f"{path}: {err}") from None
        cases = data.get("case")
        if not isinstance(cases, list):
            raise FixtureError(f"{path}: no [[case]] tables")
        for i, case in enumerate(cases, start=1):
            yield f"case {i}", case
        return
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            case = json.loads(stripped)
        except json.JSONDecodeError as err:
            raise FixtureError(f"{path}, line {number}: not valid JSON: {err.msg}") from None
        if not isinstance(case, dict):
            raise FixtureError(f"{path}, line {number}: a case must be a JSON object")
        yield f"line {number}", case


def run_case(label: str, case: dict[str, Any]) -> list[Check]:
    """Analyse one case and compare every expected field.

    Raises :class:`FixtureError` when the case has no ``rack`` or ``expect``.
    """
    case = dict(case)
    name = str(case.pop("name", ""))
    rack = case.pop("rack", None)
    expect = case.pop("expect", None)
    if isinstance(rack, list):
        rack = " ".join(map(str, rack))
    if not isinstance(rack, str) or not isinstance(expect, dict) or not expect:
        raise FixtureError(f'{label}: a case needs "rack" (tiles) and "expect" (fields)')
    options = {key.replace("-", "_"): value for key, value in case.items()}
    if any(f == "outs" or f.startswith("outs.") for f in expect):
        options.setdefault("outs", True)  # fields of the 'outs' object [issue 8]
    record = analyse_record(rack, options)
    error = record.get("error")
    return [Check(label, name, f, want, lookup(record, f), error) for f, want in expect.items()]
