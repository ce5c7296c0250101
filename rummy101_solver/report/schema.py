"""JSON Schemas of the tool's JSON outputs, shipped as package data.

Each schema is one file, ``rummy101_solver/schemas/NAME.json`` (JSON Schema
draft 2020-12), listed in :data:`SCHEMAS` with one line. A schema may use
another's definitions (``"$ref": "solve.json#/$defs/tile"``);
:func:`load_schema` copies them in, so every schema it returns stands alone.
Validating needs a JSON Schema library (the tests use ``jsonschema``); the
tool itself only prints the schemas.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib.resources import files
from typing import Any

from rummy101_solver.i18n import N_, _

SCHEMAS: dict[str, str] = {
    "solve": N_("solve --format json: the analysis of one rack"),
    "check": N_("check --format json: the verdict on an arrangement"),
    "score": N_("score --format json: one scored round"),
    "batch": N_("batch: one output record (one JSON Lines line)"),
    "verify": N_("verify --format json: the fixture checks and counts"),
    "rules": N_("rules --format json: rules of the rule book"),
    "standings": N_("standings --format json: the standings of a match ledger"),
    "play": N_("play --format json: the best turn against the table"),
    "outs": N_("outs --format json: distance to opening, outs, discard table, odds over draws"),
    "simulate": N_("simulate --format json: the odds of opening per rule set over seeded deals"),
    "fixtures": N_("verify's input: one fixture case (a JSON Lines line or a TOML [[case]])"),
    "game": N_("a line of a track game file: one event of the round"),
    "track": N_("track show --format json: the round as it stands and the advice"),
    "history": N_("track history --format json: every event, undone ones marked"),
    "deal": N_("deal --round --format json: one shuffle dealt as a round"),
    "rounds": N_("simulate --rounds --format json: whole rounds played by bots, per rule set"),
    "round-log": N_("a line of simulate --rounds --log: the deal, one action, or the end"),
    "arena": N_(
        "simulate --rounds --duplicate --format json: the duplicate arena of two bot kinds"
    ),
}
"""Every schema: name → the output it describes. A new one is a file and a line here."""

_EXTERNAL = re.compile(r"^([a-z-]+)\.json#/\$defs/([A-Za-z_]+)$")


class UnknownSchemaError(ValueError):
    """A schema name that is not in :data:`SCHEMAS`; ``str()`` lists the names."""

    def __init__(self, name: str) -> None:
        self.name = name
        message = _("'{name}': no such schema; schemas: {names}")
        super().__init__(message.format(name=name, names=", ".join(SCHEMAS)))


def _read(name: str) -> dict[str, Any]:
    text = files("rummy101_solver").joinpath("schemas", f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _bundle(node: Any, defs: dict[str, Any]) -> Any:
    """``node`` with every reference into another schema file pointed at a local
    definition, that file's definitions being copied into ``defs``."""
    if isinstance(node, list):
        return [_bundle(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _bundle(value, defs) for key, value in node.items()}
    ref = out.get("$ref")
    if isinstance(ref, str) and (match := _EXTERNAL.match(ref)):
        other, definition = match.groups()
        for key, value in load_schema(other).get("$defs", {}).items():
            if defs.setdefault(key, value) != value:
                raise ValueError(f"schema {other}: definition '{key}' differs from ours")
        out["$ref"] = f"#/$defs/{definition}"
    return out


@cache
def _load(name: str) -> str:
    schema = _read(name)
    defs: dict[str, Any] = dict(schema.get("$defs", {}))
    bundled = _bundle({k: v for k, v in schema.items() if k != "$defs"}, defs)
    if defs:
        # a definition may refer into another file too: its definitions join
        # `defs` while we go, already standing alone
        own = {key: _bundle(value, defs) for key, value in list(defs.items())}
        bundled["$defs"] = {**defs, **own}
    return json.dumps(bundled)


def load_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of output ``name`` (a key of :data:`SCHEMAS`), standing alone.

    Raises :class:`UnknownSchemaError` for a name not in :data:`SCHEMAS`.
    """
    if name not in SCHEMAS:
        raise UnknownSchemaError(name)
    data: dict[str, Any] = json.loads(_load(name))
    return data


ANY_INDEX = "#"
"""In a field pattern: any list index (``players.#.points``)."""

ANY_KEY = "*"
"""In a field pattern: any key of a table whose keys are data (a map)."""


def _walk_fields(
    node: Any, root: dict[str, Any], prefix: tuple[str, ...], out: set[str], depth: int
) -> None:
    """Add to ``out`` the dotted field patterns under ``node`` (refs resolved, unions merged)."""
    if not isinstance(node, dict) or depth > 16:  # recursive definitions stop here
        return
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        _walk_fields(root.get("$defs", {}).get(ref.removeprefix("#/$defs/")), root, prefix,
                     out, depth + 1)  # fmt: skip
    for key in ("anyOf", "oneOf", "allOf"):
        for option in node.get(key, []):
            _walk_fields(option, root, prefix, out, depth + 1)
    for name, sub in node.get("properties", {}).items():
        out.add(".".join((*prefix, name)))
        _walk_fields(sub, root, (*prefix, name), out, depth + 1)
    for key in ("items", "additionalProperties"):
        sub = node.get(key)
        if isinstance(sub, dict):
            step = ANY_INDEX if key == "items" else ANY_KEY
            out.add(".".join((*prefix, step)))
            _walk_fields(sub, root, (*prefix, step), out, depth + 1)


@cache
def field_patterns(name: str) -> frozenset[str]:
    """Every dotted field of output ``name`` as its schema describes it: a list
    index is :data:`ANY_INDEX` (``players.#.points``), a key of a map
    :data:`ANY_KEY`. Raises :class:`UnknownSchemaError` for an unknown name."""
    schema = load_schema(name)
    out: set[str] = set()
    _walk_fields(schema, schema, (), out, 0)
    return frozenset(out)


def _pattern_of(path: str) -> str:
    return ".".join(ANY_INDEX if part.isdigit() else part for part in path.split("."))


def _matches(path: str, pattern: str) -> bool:
    parts, wanted = path.split("."), pattern.split(".")
    return len(parts) == len(wanted) and all(
        w == ANY_KEY or p == w or (w == ANY_INDEX and p.isdigit())
        for p, w in zip(parts, wanted, strict=True)
    )


def has_field(name: str, path: str) -> bool:
    """Whether dotted ``path`` (``players.1.points``) names a field that output
    ``name`` may have, by its schema (present or not in a given output)."""
    return any(_matches(path, pattern) for pattern in field_patterns(name))


def closest_field(name: str, path: str) -> str | None:
    """The field of output ``name`` closest to ``path`` (difflib), with the
    list indices of ``path`` kept (``players.1.pionts`` → ``players.1.points``),
    or ``None`` when none is close."""
    import difflib

    patterns = sorted(p for p in field_patterns(name) if ANY_KEY not in p)
    close = difflib.get_close_matches(_pattern_of(path), patterns, n=1, cutoff=0.6)
    if not close:
        return None
    indices = iter([part for part in path.split(".") if part.isdigit()])
    return ".".join(
        next(indices, "0") if part == ANY_INDEX else part for part in close[0].split(".")
    )
