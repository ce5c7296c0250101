"""One case to analyse: rack text plus options → (:class:`Rack`, :class:`Rules`).

Shared by ``solve`` (options from the command line), ``batch`` (options from a
JSON line) and ``verify`` (options from a fixture), so every entry point reads
options the same way. Option names are the ``solve`` flags with ``_`` for
``-``: ``threshold``, ``pairs_threshold``, ``after``, ``after_pairs``, ``keep``,
``take``, ``indicator``, ``objective``, ``joker_pairs`` (``no_joker_pairs`` is
accepted too), ``rising``, ``one_turn_any_value``, ``indicator_twin`` (the house rule
R-INDICATOR-TWIN), ``twin_laid`` (this player laid the twin), ``alternatives``,
``time_limit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rummy101_solver.game.parsing import (
    RackError,
    check_rack_limits,
    iter_tiles,
    parse_face,
    parse_tile,
)
from rummy101_solver.game.rules import MELD_THRESHOLD, PAIRS_THRESHOLD, Rules
from rummy101_solver.game.tiles import MAX_RACK, Rack, Tile
from rummy101_solver.lines import too_long
from rummy101_solver.messages import show_value, unknown_name

DEFAULTS: dict[str, Any] = {
    "threshold": MELD_THRESHOLD,
    "pairs_threshold": PAIRS_THRESHOLD,
    "after": None,
    "after_pairs": None,
    "keep": 1,
    "take": None,
    "indicator": None,
    "objective": "value",
    "joker_pairs": True,
    "rising": False,
    "one_turn_any_value": False,
    "indicator_twin": False,
    "twin_laid": False,
    "alternatives": 3,
    "time_limit": 10.0,
}
"""Every option with its default: the same defaults as the ``solve`` flags."""

MAX_POINTS = 9999
"""Highest threshold accepted: far above any opening (22 tiles of 13 make under 300)."""

MAX_PAIRS = 99
"""Highest pairs threshold accepted: a rack makes at most 11 pairs."""

MAX_TIME_LIMIT = 86_400.0
"""Longest time limit accepted, in seconds (a day)."""

_INTS = {
    "threshold": (0, MAX_POINTS),
    "pairs_threshold": (0, MAX_PAIRS),
    "after": (0, MAX_POINTS),
    "after_pairs": (0, MAX_PAIRS),
    "keep": (0, MAX_RACK),
    "alternatives": (0, 50),
}


EMPTY_RACK = "empty rack: give 1–22 tiles, e.g. R3 R4 R5 B7 K7 Y7 J"

OPTION_NAMES = frozenset({*DEFAULTS, "no_joker_pairs"})
"""Every option name a case may give (``no_joker_pairs`` is the negative of ``joker_pairs``)."""


class OptionError(ValueError):
    """An option with a bad name or value; ``str()`` is the message for the user."""


@dataclass(frozen=True)
class Case:
    """A rack with the rules and solver settings to analyse it under.

    ``alternatives`` (openings) and ``time_limit`` (seconds) are solver
    settings, not rules of the game.
    """

    rack: Rack
    rules: Rules
    alternatives: int = 3
    time_limit: float = 10.0


def _check_option(name: str, value: Any) -> Any:
    if name in _INTS:
        if value is None and name in ("after", "after_pairs"):
            return None
        low, high = _INTS[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"option '{name}': {show_value(value)} is not a whole number")
        if value < low or (high is not None and value > high):
            span = f"{low}–{high}" if high is not None else f"at least {low}"
            raise OptionError(f"option '{name}': {show_value(value)} is out of range ({span})")
        return value
    if name == "time_limit":
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if not ok or not 0.001 <= value <= MAX_TIME_LIMIT:  # NaN fails this too
            raise OptionError(
                f"option 'time_limit': {show_value(value)} is not a number of seconds"
                f" from 0.001 to {MAX_TIME_LIMIT:.0f}"
            )
        return float(value)
    if name == "objective":
        if value not in ("value", "penalty"):
            raise OptionError(
                f"option 'objective': {show_value(value)} is not 'value' or 'penalty'"
            )
        return value
    if name in (
        "joker_pairs",
        "no_joker_pairs",
        "rising",
        "one_turn_any_value",
        "indicator_twin",
        "twin_laid",
    ):
        if not isinstance(value, bool):
            raise OptionError(f"option '{name}': {show_value(value)} is not true or false")
        return value
    if name in ("take", "indicator"):
        if value is not None and not isinstance(value, str):
            raise OptionError(f"option '{name}': {show_value(value)} is not a tile")
        return value
    raise OptionError(unknown_name("option", name, DEFAULTS))


def _options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    values = dict(DEFAULTS)
    for name, value in (options or {}).items():
        checked = _check_option(name, value)
        if name == "no_joker_pairs":
            name, checked = "joker_pairs", not checked
        values[name] = checked
    return values


def build_rules(options: Mapping[str, Any] | None = None) -> Rules:
    """The :class:`Rules` named by ``options`` (missing ones take :data:`DEFAULTS`).

    Raises :class:`OptionError` for a bad option and
    :class:`~rummy101_solver.game.parsing.RackError` for a bad ``take`` or
    ``indicator`` tile (the message names the option).
    """
    values = _options(options)
    indicator = None
    if values["indicator"] is not None:
        try:
            indicator = parse_face(values["indicator"])
        except RackError as err:
            reason = err.reason
            if reason.startswith("need exactly one numbered tile") or "fake okey" in reason:
                reason = "the indicator is one numbered tile, e.g. B5 (not a joker or a fake)"
            raise RackError(values["indicator"], None, f"--indicator: {reason}") from None
    take = None
    if values["take"] is not None:
        try:
            take = parse_tile(values["take"], indicator=indicator)
        except RackError as err:
            raise RackError(values["take"], None, f"--take: {err.reason}") from None
    if values["twin_laid"] and not values["indicator_twin"]:
        raise OptionError(
            "--twin-laid needs the house rule --indicator-twin (the okey.gg profile sets it)"
            " [R-INDICATOR-TWIN]"
        )
    if values["twin_laid"] and indicator is None:
        raise OptionError(
            "--twin-laid needs --indicator: the twin is the other copy of the indicator"
            " [R-INDICATOR-TWIN]"
        )
    return Rules(
        threshold=values["threshold"],
        pairs_threshold=values["pairs_threshold"],
        after=values["after"],
        after_pairs=values["after_pairs"],
        keep=values["keep"],
        indicator=indicator,
        take=take,
        objective=values["objective"],
        joker_pairs=values["joker_pairs"],
        rising_mode=values["rising"],
        one_turn_any_value=values["one_turn_any_value"],
        twin_laid=values["twin_laid"],
    )


def build_case(rack_text: str, options: Mapping[str, Any] | None = None) -> Case:
    """Parse ``rack_text`` and ``options`` (missing ones take :data:`DEFAULTS`).

    With ``take`` the rack is the 21 tiles held before taking the discard; the
    taken tile is added to it and must be used [R-TAKE-DISCARD]. With
    ``indicator`` the okey variant applies [R-INDICATOR].

    Raises :class:`~rummy101_solver.game.parsing.RackError` for bad tiles (the
    message names the token, or the option ``--take``/``--indicator``) and
    :class:`OptionError` for a bad option.
    """
    values = _options(options)
    rules = build_rules(options)
    indicator, take = rules.indicator, rules.take
    if reason := too_long(rack_text, "the rack text"):
        raise RackError(None, None, reason)
    # tiles are read one at a time and no further than the first fatal one
    read = iter_tiles(rack_text, indicator=indicator)
    if take is not None:
        try:
            tiles = check_rack_limits(read, indicator=indicator, max_tiles=MAX_RACK - 1)
        except RackError as err:
            if err.position is None or err.position < MAX_RACK:
                raise
            raise RackError(
                err.token,
                err.position,
                f"with --take the rack holds at most {MAX_RACK - 1} tiles before the take"
                " [R-RACK, R-TAKE-DISCARD]",
            ) from None
        if not tiles:
            raise RackError(None, None, EMPTY_RACK)
        try:
            check_rack_limits([*tiles, (values["take"], take)], indicator=indicator)
        except RackError as err:
            raise RackError(values["take"], None, f"--take: {err.reason}") from None
        tiles = [*tiles, (values["take"], take)]
    else:
        tiles = check_rack_limits(read, indicator=indicator)
        if not tiles:
            raise RackError(None, None, EMPTY_RACK)
    if rules.twin_laid and rules.indicator is not None:
        twin = Tile(rules.indicator)
        for n, (token, tile) in enumerate(tiles, 1):
            if tile == twin:
                code = rules.indicator.code
                raise RackError(
                    token,
                    n,
                    f"with --twin-laid the indicator {code} and its twin are both on the"
                    f" table, so no {code} is left for the rack [R-INDICATOR-TWIN]",
                )
    rack = Rack(tuple(tile for _, tile in tiles))
    return Case(rack, rules, values["alternatives"], values["time_limit"])
