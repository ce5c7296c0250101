"""The Python API: one function per command, returning what ``--format json`` prints.

Each function takes the input as text (or a list of tile strings) and the
command's options as keyword arguments with the same names and defaults as
the command-line flags (``--pairs-threshold`` → ``pairs_threshold``), and
returns a plain dict: exactly the object the command prints with
``--format json`` (its JSON Schema: ``rummy101 schema NAME``). Bad input
raises :class:`BadInputError`, a :class:`ValueError` whose message is the
one the command prints.

    >>> from rummy101_solver import analyse
    >>> analyse("R10 R11 R12 B11 B12 B13 K10 K11 K12 Y1")["melds"]["value"]
    102

Importing this module is light: ortools is imported only when a function
solves. A new command adds one function here the same way: parse the input
and options (``build_case`` for a rack), call the core, return the dict its
``--format json`` renders, and raise :class:`BadInputError` (via
``_bad_input``) for bad input.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Literal

from rummy101_solver.files.case import OptionError, build_case, build_rules
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.parsing import RackError
from rummy101_solver.game.rules import MELD_THRESHOLD, PAIRS_THRESHOLD
from rummy101_solver.game.tiles import WILD_PENALTY

__all__ = [
    "BadInputError",
    "analyse",
    "check",
    "outs",
    "play",
    "rules",
    "schema",
    "score",
    "simulate",
]

Tiles = str | Sequence[str]
"""A rack or tiles: text in the usual notation (``"R3 R4 R5 J"``) or a list of
tile strings (``["R3", "R4", "R5", "J"]``)."""


class BadInputError(ValueError):
    """Bad input: a tile, an option or a player line the tool rejects.

    ``str()`` is the message the command line prints, naming the bad token
    and why (``'R14' (tile 3): numbers run 1–13``); ``token`` is that token
    when one tile is to blame, else ``None``.
    """

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


@contextmanager
def _bad_input() -> Iterator[None]:
    """Turn the core's input errors into :class:`BadInputError`."""
    from rummy101_solver.game.rulebook import UnknownRuleError
    from rummy101_solver.game.scoring import ScoreError
    from rummy101_solver.report.schema import UnknownSchemaError

    try:
        yield
    except RackError as err:
        raise BadInputError(str(err), err.token) from err
    except UnknownRuleError as err:
        raise BadInputError(str(err), err.rule_id) from err
    except UnknownSchemaError as err:
        raise BadInputError(str(err), err.name) from err
    except (OptionError, ScoreError) as err:
        raise BadInputError(str(err)) from err


def _text(tiles: Tiles) -> str:
    """Tiles as text; anything but text or a list of texts raises :class:`BadInputError`."""
    if isinstance(tiles, str):
        return tiles
    if not isinstance(tiles, list | tuple) or not all(isinstance(t, str) for t in tiles):
        raise BadInputError(
            f"tiles must be text, e.g. 'R3 R4 R5' or ['R3', 'R4', 'R5'], not {_kind(tiles)}"
        )
    return " ".join(tiles)


def _kind(value: object) -> str:
    """What a value is, for a message: ``None``, ``an int``, ``a list holding None``."""
    if value is None:
        return "None"
    if isinstance(value, list | tuple):
        bad = next((v for v in value if not isinstance(v, str)), None)
        return f"a {type(value).__name__} holding {_kind(bad)}"
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def analyse(
    rack: Tiles,
    *,
    threshold: int = MELD_THRESHOLD,
    pairs_threshold: int = PAIRS_THRESHOLD,
    rising: bool = False,
    after: int | None = None,
    after_pairs: int | None = None,
    take: str | None = None,
    indicator: str | None = None,
    joker_pairs: bool = True,
    objective: Literal["value", "penalty"] = "value",
    one_turn_any_value: bool = False,
    keep: int = 1,
    alternatives: int = 3,
    time_limit: float = 10.0,
    explain: bool = False,
) -> dict[str, Any]:
    """``rummy101 solve``: the best meld and pairs openings of ``rack``.

    Options as the ``solve`` flags (points, pairs, tiles as text; ``time_limit``
    in seconds). Returns the ``solve --format json`` object: ``rack``,
    ``rules``, ``melds``, ``meld_alternatives``, ``pairs``,
    ``pair_alternatives``, ``one_turn_finish``, ``can_open``, ``recommended``
    [R-OPEN-MELDS, R-OPEN-PAIRS, R-ONE-TURN]; with ``explain`` also
    ``explanation``, the sentences of ``solve --explain --format json``.

    Raises :class:`BadInputError` for a bad tile or option.
    """
    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "objective": objective,
        "one_turn_any_value": one_turn_any_value, "keep": keep,
        "alternatives": alternatives, "time_limit": time_limit,
    }  # fmt: skip
    with _bad_input():
        case = build_case(_text(rack), options)
    from rummy101_solver.engine.solver import analyse as solve
    from rummy101_solver.report.render import analysis_json

    result = solve(case.rack, case.rules, alternatives=case.alternatives,
                   time_limit=case.time_limit)  # fmt: skip
    data = analysis_json(result)
    if explain:
        from rummy101_solver.report.explain import explain_analysis

        data["explanation"] = explain_analysis(result, time_limit=case.time_limit)
    return data


def check(
    arrangement: str | Sequence[Tiles],
    *,
    rack: Tiles | None = None,
    threshold: int = MELD_THRESHOLD,
    pairs_threshold: int = PAIRS_THRESHOLD,
    rising: bool = False,
    after: int | None = None,
    after_pairs: int | None = None,
    take: str | None = None,
    indicator: str | None = None,
    joker_pairs: bool = True,
    keep: int = 1,
    time_limit: float = 10.0,
) -> dict[str, Any]:
    """``rummy101 check``: judge an arrangement group by group.

    ``arrangement`` is text with groups separated by ``|`` (``"R3 R4 R5 | B7 K7
    J"``) or a list of groups, each text or a list of tiles. With ``rack`` the
    tiles must come from it. Returns the ``check --format json`` object
    (``legal``, ``kind``, ``value``, ``groups`` with the rule each breaks, …)
    [R-RUN, R-SET, R-PAIR, R-WILD, R-NO-MIX, R-OPEN-MELDS].

    Raises :class:`BadInputError` for a bad tile or option.
    """
    from rummy101_solver.engine.check import check_arrangement, find_better
    from rummy101_solver.game.parsing import parse_arrangement
    from rummy101_solver.report.render import check_json

    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "keep": keep,
    }  # fmt: skip
    text = _groups(arrangement)
    with _bad_input():
        if rack is not None:
            case = build_case(_text(rack), options)
            rules, held = case.rules, case.rack
        else:
            rules, held = build_rules(options), None
        groups = parse_arrangement(text, indicator=rules.indicator)
        result = check_arrangement(groups, rules, held)
    better = find_better(result, time_limit=time_limit)
    return check_json(result, better)


def outs(
    rack: Tiles,
    *,
    seen: Tiles = "",
    draws: int | None = None,
    samples: int = 1000,
    seed: int = 0,
    threshold: int = MELD_THRESHOLD,
    pairs_threshold: int = PAIRS_THRESHOLD,
    rising: bool = False,
    after: int | None = None,
    after_pairs: int | None = None,
    indicator: str | None = None,
    joker_pairs: bool = True,
    time_limit: float = 10.0,
) -> dict[str, Any]:
    """``rummy101 outs``: how far ``rack`` is from opening, which draws help,
    what to discard.

    ``rack``: at most 21 tiles waiting to draw, or 22 after the draw.
    ``seen``: tiles out of play (discards, melds on the table), text or a list.
    ``draws`` (2–50, or ``None``): also the Monte Carlo odds of opening within
    that many draws, over ``samples`` (1–100,000) samples seeded with ``seed``.
    The rule options as ``solve``'s (points, pairs, tiles as text;
    ``time_limit`` in seconds). Returns the ``outs --format json`` object:
    ``rack``, ``seen``, ``unseen``, ``rules``, ``distance`` (``melds``,
    ``pairs``: ``tiles``, ``status``, ``target``, ``missing``), ``outs``,
    ``discards``, ``draws``, ``recommended_discard``, ``can_open``
    [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD, R-TILES].

    Raises :class:`BadInputError` for a bad tile or option, a rack of more
    than 22 tiles, or a seen tile of which the rack and ``seen`` hold more
    copies than the set has [R-TILES].
    """
    _whole("draws", draws, 2, 50, none=True)
    _whole("samples", samples, 1, 100_000)
    _whole("seed", seed, 0, MAX_SEED)
    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "indicator": indicator,
        "joker_pairs": joker_pairs, "time_limit": time_limit,
    }  # fmt: skip
    from rummy101_solver.engine.outs import analyse_outs, read_seen
    from rummy101_solver.report.outs import analysis_outs_json

    with _bad_input():
        case = build_case(_text(rack), options)
        seen_tiles = read_seen(_text(seen), case.rack, case.rules)
    result = analyse_outs(case.rack, case.rules, seen_tiles, draws=draws, samples=samples,
                          seed=seed, time_limit=case.time_limit)  # fmt: skip
    return analysis_outs_json(result)


def simulate(
    deals: int = 1000,
    *,
    seed: int = 1,
    rack_size: int = 21,
    variants: Mapping[str, str] | None = None,
    distance: bool = False,
    jobs: int = 1,
) -> dict[str, Any]:
    """``rummy101 simulate``: deal ``deals`` racks of ``rack_size`` tiles (deal
    ``i`` shuffled with ``seed + i``) and count, per rule set, how often they
    can open.

    ``variants``: name → ``solve`` options as one string, exactly as
    ``--variant NAME=OPTIONS`` (``{"classic": "", "low": "--threshold 81",
    "okey": "--indicator random"}``); default ``{"classic": ""}``.
    ``distance``: also the share at each distance from opening (``--distance``).
    ``jobs``: local processes (the result does not change). Returns the
    ``simulate --format json`` object: ``deals``, ``seed``, ``rack_size``,
    ``interval``, ``variants`` [R-OPEN-MELDS, R-OPEN-PAIRS, R-ONE-TURN].

    Raises :class:`BadInputError` for a bad count, seed or size, or a bad
    variant (the message names it). The options of a variant go through the
    command line's own option parser (so click is imported here).
    """
    _whole("deals", deals, 1, 10_000_000)
    _whole("seed", seed, 0, MAX_SEED)
    _whole("rack_size", rack_size, 2, 22)
    _whole("jobs", jobs, 1, 64)
    if not isinstance(distance, bool):
        raise BadInputError(f"option 'distance': {distance!r} is not true or false")
    chosen = {"classic": ""} if variants is None else variants
    if not isinstance(chosen, Mapping) or not chosen:
        raise BadInputError(
            "option 'variants': give {name: options}, e.g. {'low': '--threshold 81'}"
        )
    from rummy101_solver.cli.common import InputError
    from rummy101_solver.cli.simulate import parse_variant
    from rummy101_solver.engine.simulate import (
        DEFAULT_STATISTICS,
        DISTANCE_STATISTICS,
        simulation_json,
    )
    from rummy101_solver.engine.simulate import simulate as run

    parsed = []
    for name, options in chosen.items():
        if not isinstance(name, str) or not isinstance(options, str):
            raise BadInputError(
                f"variant {name!r}: name and options are text, e.g. 'low': '--threshold 81'"
            )
        try:
            parsed.append(parse_variant(f"{name}={options}"))
        except InputError as err:
            raise BadInputError(err.format_message()) from err
    statistics = DISTANCE_STATISTICS if distance else DEFAULT_STATISTICS
    if jobs == 1:
        result = run(deals, seed, rack_size, parsed, statistics=statistics)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            result = run(deals, seed, rack_size, parsed, statistics=statistics, executor=pool)
    return simulation_json(result)


def _whole(name: str, value: object, low: int, high: int, *, none: bool = False) -> None:
    """Raise :class:`BadInputError` unless ``value`` is a whole number ``low``–``high``
    (or ``None`` when ``none``)."""
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInputError(f"option '{name}': {value!r} is not a whole number {low}–{high}")


def _groups(groups: str | Sequence[Tiles]) -> str:
    """Groups as text: ``"R3 R4 R5 | B7 K7 J"``, or a list of groups, each text or tiles."""
    if isinstance(groups, str):
        return groups
    if not isinstance(groups, list | tuple):
        raise BadInputError(
            "groups must be text, e.g. 'R3 R4 R5 | B7 K7 J', or a list of groups,"
            f" not {_kind(groups)}"
        )
    return " | ".join(_text(group) for group in groups)


def play(
    rack: Tiles,
    table: str | Sequence[Tiles] = "",
    *,
    opened: Literal["no", "melds", "pairs"] = "no",
    pairs_on_table: bool = False,
    layoff_limit: int | None = None,
    retrieve: Literal["any", "full-set"] = "any",
    same_turn_layoff: bool = True,
    threshold: int = MELD_THRESHOLD,
    pairs_threshold: int = PAIRS_THRESHOLD,
    rising: bool = False,
    after: int | None = None,
    after_pairs: int | None = None,
    take: str | None = None,
    indicator: str | None = None,
    joker_pairs: bool = True,
    one_turn_any_value: bool = False,
    keep: int = 1,
    alternatives: int = 3,
    time_limit: float = 10.0,
) -> dict[str, Any]:
    """``rummy101 play``: the best turn of ``rack`` against the groups on the table.

    ``table``: groups as for ``check`` (``"R3 R4 R5 | B7 K7 J=Y7"``, a joker
    pinned or worked out), or a list of groups, each text or a list of tiles;
    empty for an empty table. ``opened``, ``pairs_on_table``, ``layoff_limit``
    (tiles onto one group per turn, 1–13, ``None`` for no limit), ``retrieve``
    and ``same_turn_layoff`` (``False`` is ``--no-same-turn-layoff``) as the
    ``play`` flags; the rule options as ``solve``'s (points, pairs, tiles as
    text; ``time_limit`` in seconds). Returns the ``play --format json``
    object: ``rack``, ``table``, ``rules``, ``opening``, ``moves``,
    ``table_after``, ``left``, ``residual_penalty_before``,
    ``residual_penalty``, ``discard``, ``finish``, ``can_open``, ``distance``
    (tiles from a meld and a pairs opening when it cannot open), ``proven``,
    ``lays_something``, ``status``, ``alternatives`` [R-LAYOFF, R-LAYOFF-LIMIT,
    R-RETRIEVE, R-SAME-TURN, R-PAIRS-AFTER, R-FINISH, R-ONE-TURN-ANY-VALUE].

    Raises :class:`BadInputError` for a bad tile or option, an illegal table
    group (naming the group and the rule) or more copies of a tile in rack and
    table than the set has [R-TILES].
    """
    import time

    from rummy101_solver.engine.play import (
        PlayError,
        PlayRules,
        best_turn,
        check_copies,
        check_keep,
        parse_table,
        with_discard,
        with_distance,
    )
    from rummy101_solver.report.play import play_json

    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "one_turn_any_value": one_turn_any_value, "keep": keep,
        "alternatives": alternatives, "time_limit": time_limit,
    }  # fmt: skip
    if opened not in ("no", "melds", "pairs"):
        raise BadInputError(f"option 'opened': {opened!r} is not 'no', 'melds' or 'pairs'")
    if retrieve not in ("any", "full-set"):
        raise BadInputError(f"option 'retrieve': {retrieve!r} is not 'any' or 'full-set'")
    if layoff_limit is not None and (
        isinstance(layoff_limit, bool) or not isinstance(layoff_limit, int)
        or not 1 <= layoff_limit <= 13
    ):  # fmt: skip
        raise BadInputError(f"option 'layoff_limit': {layoff_limit!r} is not a whole number 1–13")
    for name, flag in (("pairs_on_table", pairs_on_table), ("same_turn_layoff", same_turn_layoff)):
        if not isinstance(flag, bool):
            raise BadInputError(f"option '{name}': {flag!r} is not true or false")
    with _bad_input():
        case = build_case(_text(rack), options)
        try:
            check_keep(case.rules)
            groups = parse_table(_groups(table), case.rules)
        except PlayError as err:
            raise BadInputError(str(err)) from err
        check_copies(case.rack, groups, case.rules)
    play_rules = PlayRules(opened=opened, pairs_on_table=pairs_on_table, layoff_limit=layoff_limit,
                           retrieve=retrieve, same_turn_layoff=same_turn_layoff)  # fmt: skip
    started = time.monotonic()
    result = best_turn(case.rack, groups, case.rules, play_rules,
                       alternatives=case.alternatives, time_limit=case.time_limit)  # fmt: skip
    left = max(0.001, case.time_limit - (time.monotonic() - started))
    result = with_distance(result, time_limit=left)
    left = max(0.05, case.time_limit - (time.monotonic() - started))
    return play_json(with_discard(result, time_limit=left))


def score(
    players: str | Sequence[str],
    *,
    end: Literal["normal", "joker", "one-turn", "one-turn-joker", "stock"] = "normal",
    winner: str | None = None,
    joker_left: int = WILD_PENALTY,
    nobody_opened_scores_nothing: bool = False,
) -> dict[str, Any]:
    """``rummy101 score``: score one round.

    ``players``: one ``"NAME: STATE TILES"`` string per player (``"Bea: pairs
    K2 K9"``; the winner needs only the name), or one text with a player per
    line (``#`` lines skipped). ``joker_left`` in points. Returns the ``score
    --format json`` object (``end``, ``winner``, ``rules``, ``players``,
    ``total``) [R-PENALTY, R-JOKER-FINISH, R-ONE-TURN, R-SCORE].

    Raises :class:`BadInputError` for a bad player line, tile or round.
    """
    from rummy101_solver.game.scoring import ScoreRules, parse_player, round_json, score_round

    if isinstance(players, str):
        lines = (line.strip() for line in players.splitlines())
        players = [line for line in lines if line and not line.startswith("#")]
    elif not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise BadInputError(
            "players must be text, one 'NAME: STATE TILES' a line, or a list of them,"
            f" not {_kind(players)}"
        )
    with _bad_input():
        hands = [parse_player(text) for text in players]
        rules = ScoreRules(joker_left_points=joker_left,
                           nobody_opened_scores_nothing=nobody_opened_scores_nothing)  # fmt: skip
        result = score_round(end, winner, hands, rules)
    return round_json(result)


def rules(*rule_ids: str) -> dict[str, Any]:
    """``rummy101 rules``: the rules named (any case; all when none), as
    ``{"rules": [{"id", "section", "title", "text", "default", "variants",
    "source"}]}``.

    Raises :class:`BadInputError` for an id not in the rule book.
    """
    from rummy101_solver.game.rulebook import find_rules

    if not all(isinstance(rule_id, str) for rule_id in rule_ids):
        bad = next(rule_id for rule_id in rule_ids if not isinstance(rule_id, str))
        raise BadInputError(f"rule ids are text, e.g. 'R-RUN', not {_kind(bad)}")
    with _bad_input():
        found = find_rules(rule_ids)
    return {"rules": [r.to_json() for r in found]}


def schema(name: str) -> dict[str, Any]:
    """``rummy101 schema NAME``: the JSON Schema of a JSON output (``solve``,
    ``check``, ``score``, ``batch``, ``verify``, ``rules``, ``standings``, ``play``,
    ``outs``, ``simulate``).

    Raises :class:`BadInputError` for an unknown name.
    """
    from rummy101_solver.report.schema import load_schema

    if not isinstance(name, str):
        raise BadInputError(f"a schema name is text, e.g. 'solve', not {_kind(name)}")
    with _bad_input():
        return load_schema(name)
