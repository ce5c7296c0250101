"""House profiles: a table's rules written once, in TOML, and chosen with ``--house``.

A profile's keys are the command-line options without their dashes (``--finish-table
okey-plus`` → ``finish-table = "okey-plus"``; ``--no-joker-pairs`` → ``joker-pairs =
false``), plus ``about`` and ``source`` (text). A profile file holds them at the top level;
the built-in profiles (``classic``, ``okey.gg``, ``okey-plus``, ``esli``) live in
``rummy101_solver/data/houses.toml``, one table each. Every key and value is checked: an
unknown or mistyped key is refused naming it and the nearest valid key
(:class:`HouseError`). A command takes the keys that are its options; an option given on
the command line (or a keyword given to the API) overrides the profile [issue 30;
iltan987/okey101 ``rules.ts``: every house switch in one rules object, passed down].
"""

from __future__ import annotations

import difflib
import functools
import inspect
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any, TypeVar, cast

from rummy101_solver.files.case import MAX_PAIRS, MAX_POINTS
from rummy101_solver.messages import quote

MAX_PROFILE_BYTES = 64 * 1024
"""The largest profile file read, in bytes (a profile is a few lines)."""

BOOL = ("bool",)

PROFILE_KEYS: dict[str, tuple[tuple[Any, ...], str]] = {
    # key: (kind: ("bool",) | ("int", low, high) | ("choice", *choices), the rule it switches)
    "threshold": (("int", 0, MAX_POINTS), "R-OPEN-MELDS"),
    "pairs-threshold": (("int", 0, MAX_PAIRS), "R-OPEN-PAIRS"),
    "rising": (BOOL, "R-RISING"),
    "joker-pairs": (BOOL, "R-PAIR"),
    "keep": (("int", 0, 22), "R-KEEP-DISCARD"),
    "one-turn-any-value": (BOOL, "R-ONE-TURN-ANY-VALUE"),
    "layoff-limit": (("int", 1, 13), "R-LAYOFF-LIMIT"),
    "retrieve": (("choice", "any", "full-set"), "R-RETRIEVE"),
    "same-turn-layoff": (BOOL, "R-LAYOFF"),
    "joker-left": (("int", 0, MAX_POINTS), "R-PENALTY"),
    "nobody-opened-scores-nothing": (BOOL, "R-SCORE"),
    "sheet": (("choice", "gains", "paper"), "R-PAPER-SHEET"),
    "pairs-finish-doubles": (BOOL, "R-PAIRS-FINISH"),
    "open-finish": (("choice", "plain", "double"), "R-OPEN-FINISH"),
    # the house rules of Turkish tables (HouseRules)
    "indicator-twin": (BOOL, "R-INDICATOR-TWIN"),
    "fed-opening": (BOOL, "R-FED-OPENING"),
    "pairs-declare": (BOOL, "R-PAIRS-DECLARE"),
    "pairs-cap": (BOOL, "R-PAIRS-CAP"),
    "riziko": (BOOL, "R-RIZIKO"),
    "katlama": (BOOL, "R-KATLAMA"),
    "okey-left": (("choice", "inside", "outside"), "R-OKEY-LEFT"),
    "finish-table": (("choice", "classic", "okey-plus"), "R-FINISH-TABLE"),
    "teams": (BOOL, "R-TEAMS"),
    "layoff-per-end": (("int", 1, 13), "R-LAYOFF-LIMIT"),
    "layoff-takeback": (BOOL, "R-LAYOFF-TAKEBACK"),
    "freed-joker-melds": (BOOL, "R-RETRIEVE"),
}
"""Every key a profile may hold → (its kind, the rule id it switches). The keys are the
options of the commands that take rules, by the same names."""

TEXT_KEYS = ("about", "source")
"""The keys of a profile that describe it (text), not a rule."""

PROFILE_ONLY: tuple[str, ...] = ()
"""Profile keys no command takes as an option yet (none now: ``indicator-twin`` is
``solve``'s ``--indicator-twin``, ``layoff-per-end`` is ``play``'s ``--layoff-per-end``);
``score`` records both in its house rules."""


class HouseError(ValueError):
    """A profile that cannot be used; ``str()`` is one line naming the profile, the key
    and why, e.g. ``--house table.toml: unknown key 'finish-tabel'; did you mean
    'finish-table'?``."""


@dataclass(frozen=True)
class HouseProfile:
    """One house profile: ``name`` (the built-in name or the file's path), ``about`` and
    ``source`` (text, may be empty), ``values`` (key, value) in the file's order, and
    ``builtin`` (one of the built-in profiles)."""

    name: str
    about: str
    source: str
    values: tuple[tuple[str, Any], ...]
    builtin: bool

    def keywords(self) -> dict[str, Any]:
        """The values by option parameter name (``finish-table`` → ``finish_table``)."""
        return {key.replace("-", "_"): value for key, value in self.values}

    def rule_ids(self) -> tuple[str, ...]:
        """The rules the profile switches, in the file's order, each once."""
        return tuple(dict.fromkeys(PROFILE_KEYS[key][1] for key, _ in self.values))

    def to_json(self) -> dict[str, Any]:
        """The profile as a JSON-ready dict: ``{"name", "about", "source", "builtin",
        "switches": [{"key", "value", "rule"}]}``."""
        return {
            "name": self.name,
            "about": self.about,
            "source": self.source,
            "builtin": self.builtin,
            "switches": [
                {"key": key, "value": value, "rule": PROFILE_KEYS[key][1]}
                for key, value in self.values
            ],
        }


DEFAULT_RULES_SHOWN = ("R-JOKER", "R-OPEN-MELDS", "R-OPEN-PAIRS", "R-SCORE")
"""The rules ``rules --house classic`` shows: a profile with no switch plays these."""


def profile_rule_ids(profile: HouseProfile, named: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The rule ids ``rules --house`` prints: those the profile switches, then those
    named (each once); :data:`DEFAULT_RULES_SHOWN` for a profile with no switch and
    nothing named."""
    ids = tuple(dict.fromkeys([*profile.rule_ids(), *named]))
    return ids or DEFAULT_RULES_SHOWN


def _check_value(label: str, key: str, value: Any) -> None:
    kind = PROFILE_KEYS[key][0]
    shown = repr(value) if not isinstance(value, bool) else str(value).lower()
    if kind[0] == "bool":
        if type(value) is not bool:
            raise HouseError(f"{label}: {key} = {shown}: use true or false")
    elif kind[0] == "int":
        if type(value) is not int or not kind[1] <= value <= kind[2]:
            raise HouseError(f"{label}: {key} = {shown}: use a whole number {kind[1]}–{kind[2]}")
    elif value not in kind[1:]:
        choices = " or ".join(f'"{c}"' for c in kind[1:])
        raise HouseError(f"{label}: {key} = {shown}: use {choices}")


def parse_profile(data: dict[str, Any], name: str, label: str, builtin: bool) -> HouseProfile:
    """A profile from its TOML table. ``label`` names it in messages (``--house
    table.toml``). Raises :class:`HouseError` for an unknown key (the nearest valid key
    suggested), a value of the wrong kind, or a table where a value belongs."""
    values = []
    for key, value in data.items():
        if key in TEXT_KEYS:
            if not isinstance(value, str):
                raise HouseError(f"{label}: {key} must be text")
            continue
        if key not in PROFILE_KEYS:
            valid = [*PROFILE_KEYS, *TEXT_KEYS]
            typed = key.replace("_", "-").lower()
            close = difflib.get_close_matches(typed, valid, n=1, cutoff=0.6)
            hint = f"; did you mean {quote(close[0])}?" if close else ""
            raise HouseError(
                f"{label}: unknown key {quote(key)}{hint} ('rummy101 rules --house classic'"
                " shows the format)"
            )
        _check_value(label, key, value)
        values.append((key, value))
    return HouseProfile(name, data.get("about", ""), data.get("source", ""), tuple(values), builtin)


@cache
def builtin_profiles() -> dict[str, HouseProfile]:
    """The built-in profiles by name, in the file's order (``classic``, ``okey.gg``,
    ``okey-plus``, ``esli``)."""
    text = files("rummy101_solver").joinpath("data", "houses.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return {
        name: parse_profile(table, name, f"house profile {name}", True)
        for name, table in data.items()
    }


def load_house(spec: str) -> HouseProfile:
    """The profile ``spec`` names: a built-in name (any case), else a TOML file's path.
    Raises :class:`HouseError`: no such profile or file (the nearest built-in name
    suggested), a file too big, not UTF-8 or not TOML, a bad key or value."""
    builtins = builtin_profiles()
    by_case = {name.casefold(): name for name in builtins}
    if spec.casefold() in by_case:
        return builtins[by_case[spec.casefold()]]
    label = f"--house {quote(spec)}"
    if not os.path.isfile(spec):
        close = difflib.get_close_matches(spec.casefold(), list(by_case), n=1, cutoff=0.5)
        hint = f"did you mean {quote(by_case[close[0]])}? " if close else ""
        raise HouseError(
            f"{label}: no such built-in profile or file; {hint}built-in profiles:"
            f" {', '.join(builtins)}"
        )
    try:
        with open(spec, "rb") as stream:
            raw = stream.read(MAX_PROFILE_BYTES + 1)
    except OSError as err:
        raise HouseError(f"{label}: {err.strerror or err}") from err
    if len(raw) > MAX_PROFILE_BYTES:
        raise HouseError(f"{label}: over {MAX_PROFILE_BYTES} bytes; a profile is a few lines")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise HouseError(f"{label}: not UTF-8 (byte {err.start + 1})") from err
    except tomllib.TOMLDecodeError as err:
        raise HouseError(f"{label}: not TOML ({err})") from err
    return parse_profile(data, spec, label, False)


F = TypeVar("F", bound=Callable[..., Any])


def with_house(function: F) -> F:
    """Make the keyword ``house`` of an answering function (``analyse``, ``check``,
    ``play``, ``outs``, ``score``, ``batch``; each declares ``house: str | None = None``)
    work: a profile name or file whose values fill the keywords not given (a keyword
    given overrides the profile); keys that are not keywords of the function are left
    aside. Raises :class:`HouseError` for a bad profile."""
    names = set(inspect.signature(function).parameters)
    assert "house" in names, function.__name__

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        house = kwargs.pop("house", None)
        if house is not None:
            if not isinstance(house, str):
                raise HouseError(f"house must be a profile name or a file path, not {house!r}")
            for name, value in load_house(house).keywords().items():
                if name in names and name not in kwargs:
                    kwargs[name] = value
        return function(*args, **kwargs)

    return cast(F, run)
