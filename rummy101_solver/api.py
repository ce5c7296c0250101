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

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from rummy101_solver.files.case import OptionError, build_case, build_rules
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.parsing import RackError
from rummy101_solver.game.rules import MELD_THRESHOLD, PAIRS_THRESHOLD
from rummy101_solver.game.tiles import WILD_PENALTY

__all__ = [
    "BadInputError",
    "analyse",
    "batch",
    "check",
    "deal",
    "outs",
    "play",
    "rules",
    "schema",
    "score",
    "simulate",
    "standings",
    "verify",
]
"""The public names, in one place: the package face exports exactly these."""

NOT_IN_API = frozenset({"bench"})
"""Commands with no function here: ``bench`` measures the machine, it answers
nothing about a game."""

COMMAND_FUNCTIONS = {
    "solve": "analyse", "check": "check", "play": "play", "score": "score",
    "standings": "standings", "batch": "batch", "verify": "verify", "deal": "deal",
    "rules": "rules", "schema": "schema", "simulate": "simulate", "outs": "outs",
}  # fmt: skip
"""Command name → the function of this module that answers it."""

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
    except ValueError as err:
        from rummy101_solver.files.ledger import LedgerError

        if isinstance(err, LedgerError):
            raise BadInputError(str(err)) from err
        raise


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
    scheduler: str | None = None,
    plot: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """``rummy101 simulate``: deal ``deals`` racks of ``rack_size`` tiles (deal
    ``i`` shuffled with ``seed + i``) and count, per rule set, how often they
    can open.

    ``variants``: name → ``solve`` options as one string, exactly as
    ``--variant NAME=OPTIONS`` (``{"classic": "", "low": "--threshold 81",
    "okey": "--indicator random"}``); default ``{"classic": ""}``.
    ``distance``: also the share at each distance from opening (``--distance``).
    ``jobs``: local processes, or the Dask cluster at ``scheduler`` (the
    ``dask`` extra; the result does not change). ``plot``: also draw the
    histograms to this ``.png`` or ``.svg`` file (the ``plot`` extra). Returns the
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
    if plot is not None:
        _plot_ready(plot)
    statistics = DISTANCE_STATISTICS if distance else DEFAULT_STATISTICS
    if scheduler is not None:
        with _scheduler(scheduler) as (executor, _):
            result = run(deals, seed, rack_size, parsed, statistics=statistics,
                         executor=executor)  # fmt: skip
    elif jobs == 1:
        result = run(deals, seed, rack_size, parsed, statistics=statistics)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            result = run(deals, seed, rack_size, parsed, statistics=statistics, executor=pool)
    if plot is not None:
        from rummy101_solver.report.plot import plot_simulation

        try:
            plot_simulation(result, os.fspath(plot))
        except OSError as err:
            why = err.strerror or err
            raise BadInputError(f"plot {os.fspath(plot)!r}: cannot write: {why}") from err
    return simulation_json(result)


def _plot_ready(plot: object) -> None:
    """Raise :class:`BadInputError` unless ``plot`` is a ``.png``/``.svg`` path
    and matplotlib is installed (checked before any deal)."""
    from rummy101_solver.cli.common import missing_extra

    if not isinstance(plot, str | os.PathLike):
        raise BadInputError(f"option 'plot': a file path, not {_kind(plot)}")
    if Path(os.fspath(plot)).suffix.lower() not in (".png", ".svg"):
        raise BadInputError(f"plot {os.fspath(plot)!r}: the file name ends in .png or .svg")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise BadInputError(missing_extra("plot", "matplotlib", "plot")) from None


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
    return play_json(with_distance(result, time_limit=left))


def score(
    players: str | Sequence[str],
    *,
    end: Literal["normal", "joker", "one-turn", "one-turn-joker", "stock"] = "normal",
    winner: str | None = None,
    joker_left: int = WILD_PENALTY,
    nobody_opened_scores_nothing: bool = False,
    extra: str | Sequence[str] = (),
    ledger: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """``rummy101 score``: score one round.

    ``players``: one ``"NAME: STATE TILES"`` string per player (``"Bea: pairs
    K2 K9"``; the winner needs only the name), or one text with a player per
    line (``#`` lines skipped). ``joker_left`` in points. ``extra``: extra
    penalties, each ``"NAME: REASON"`` as ``--extra`` takes it (``"Can:
    joker-discard"``, ``"Bea: 20 slow play"``), one text or a list
    [R-EXTRA-PENALTY]. Returns the ``score --format json`` object (``end``,
    ``winner``, ``rules``, ``players``, ``total``) [R-PENALTY,
    R-JOKER-FINISH, R-ONE-TURN, R-SCORE]. With ``ledger`` (a file path) the
    round is appended to that match ledger, as ``--ledger`` does, and the
    object also holds ``round`` (its number) and ``standings`` (after it).

    Raises :class:`BadInputError` for a bad player line, tile, extra penalty
    or round, or a bad ledger (nothing appended).
    """
    from rummy101_solver.game.scoring import (
        ScoreRules,
        parse_extra,
        parse_player,
        round_json,
        score_round,
    )

    if isinstance(players, str):
        lines = (line.strip() for line in players.splitlines())
        players = [line for line in lines if line and not line.startswith("#")]
    elif not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise BadInputError(
            "players must be text, one 'NAME: STATE TILES' a line, or a list of them,"
            f" not {_kind(players)}"
        )
    extras = [extra] if isinstance(extra, str) else extra
    if not isinstance(extras, list | tuple) or not all(isinstance(e, str) for e in extras):
        raise BadInputError(
            f"extra must be text, e.g. 'Can: joker-discard', or a list of them, not {_kind(extra)}"
        )
    with _bad_input():
        hands = [parse_player(text) for text in players]
        penalties = [parse_extra(text) for text in extras]
        rules = ScoreRules(joker_left_points=joker_left,
                           nobody_opened_scores_nothing=nobody_opened_scores_nothing)  # fmt: skip
        result = score_round(end, winner, hands, rules, penalties)
    if ledger is None:
        return round_json(result)
    from rummy101_solver.files.ledger import append_round, standings_json
    from rummy101_solver.files.ledger import standings as table_of

    with _bad_input():
        match = append_round(os.fspath(ledger), result)
    return {"round": len(match.rounds), **round_json(result),
            "standings": standings_json(table_of(match))}  # fmt: skip


def standings(ledger: str | os.PathLike[str], *, after: int | None = None) -> dict[str, Any]:
    """``rummy101 standings``: the standings of the match ledger at path
    ``ledger`` (written by ``score(…, ledger=…)`` or ``score --ledger``) after
    round ``after`` (default: the last), read-only. Returns the ``standings
    --format json`` object (``after``, ``rounds``, ``players``: ``name``,
    ``total``, ``rounds``, ``won``, ``last_round``; ``truncated_line``) [R-SCORE].

    Raises :class:`BadInputError` for a missing or bad ledger, or an ``after``
    that is not a round of it.
    """
    from rummy101_solver.files.ledger import read_ledger, standings_json
    from rummy101_solver.files.ledger import standings as table_of

    _whole("after", after, 1, 1_000_000, none=True)
    if not isinstance(ledger, str | os.PathLike):
        raise BadInputError(f"a ledger is a file path, not {_kind(ledger)}")
    with _bad_input():
        return standings_json(table_of(read_ledger(os.fspath(ledger)), after))


def batch(
    source: str | os.PathLike[str] | Iterable[str],
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
    jobs: int = 1,
    scheduler: str | None = None,
    outs: bool = False,
) -> Iterator[dict[str, Any]]:
    """``rummy101 batch``: one record per case line, in input order, made as
    they are read (an iterator: memory stays flat).

    ``source``: a file path, ``"-"`` for stdin, or any iterable of lines
    (a list of rack texts, an open text file). A line is a rack or a JSON
    object with ``"rack"`` and any ``solve`` option; blank and ``#`` lines are
    skipped. The keywords are the defaults of every line (a line's own
    options win), as the ``batch`` flags; ``outs`` adds the ``outs`` object
    to each record; ``jobs`` local processes, or the Dask cluster at
    ``scheduler`` (the ``dask`` extra). Each record is the ``batch`` output
    line as a dict: ``line`` first, then the ``solve --format json`` object,
    or ``{"line": n, "error": message}`` for a bad line (the rest go on).

    Raises :class:`BadInputError` for a bad keyword (before any line is
    read) or a file that cannot be read.
    """
    _whole("jobs", jobs, 1, 64)
    if not isinstance(outs, bool):
        raise BadInputError(f"option 'outs': {outs!r} is not true or false")
    options: dict[str, Any] = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "objective": objective,
        "one_turn_any_value": one_turn_any_value, "keep": keep,
        "alternatives": alternatives, "time_limit": time_limit,
    }  # fmt: skip
    with _bad_input():
        build_rules(options)  # a bad default fails here, as the flag does, not on every line
        build_case("R1", options)  # the solver settings too
    if outs:
        options["outs"] = True
    lines = _source_lines(source)
    return _records(lines, options, jobs, scheduler, json.loads)


def _source_lines(source: str | os.PathLike[str] | Iterable[str]) -> Iterable[str]:
    """The lines of a batch source: a path, ``"-"`` (stdin) or an iterable of lines."""
    import sys

    if isinstance(source, str | os.PathLike):
        if os.fspath(source) == "-":
            return (line.rstrip("\n") for line in sys.stdin)
        path = os.fspath(source)
        try:
            handle = open(path, encoding="utf-8", newline="")  # noqa: SIM115  (closed by _lines)
        except OSError as err:
            raise BadInputError(f"cannot read {path!r}: {err.strerror or err}") from None
        return _lines(handle)
    if not isinstance(source, Iterable):
        raise BadInputError(f"a batch source is a path or lines of text, not {_kind(source)}")
    return (line.rstrip("\r\n") if isinstance(line, str) else line for line in source)


def _lines(handle: Any) -> Iterator[str]:
    """The lines of an open file, without their line breaks; closes it at the end."""
    with handle:
        for line in handle:
            yield line.rstrip("\r\n")


def _records(
    lines: Iterable[Any], options: dict[str, Any], jobs: int, scheduler: str | None,
    decode: Callable[[str], dict[str, Any]],
) -> Iterator[dict[str, Any]]:  # fmt: skip
    from contextlib import ExitStack

    from rummy101_solver.files.batch import run_batch

    texts = (
        line if isinstance(line, str) else json.dumps(line) for line in lines
    )  # a non-text line is refused by the batch itself as not a rack
    with ExitStack() as stack:
        executor = None
        if scheduler is not None:
            executor, jobs = stack.enter_context(_scheduler(scheduler))
        for record in run_batch(texts, options, jobs=jobs, executor=executor):
            yield decode(record.text)


@contextmanager
def _scheduler(address: str) -> Iterator[tuple[Any, int]]:
    """The Dask executor at ``address`` and its threads; :class:`BadInputError`
    when Dask is missing or the scheduler does not answer."""
    from rummy101_solver.cli.common import InputError, open_scheduler

    try:
        opened = open_scheduler(address)
        executor = opened.__enter__()
    except InputError as err:
        raise BadInputError(err.format_message()) from err
    try:
        yield executor
    finally:
        opened.__exit__(None, None, None)


def deal(
    *, seed: int = 1, count: int = 1, size: int = 22, indicator: str | None = None
) -> Iterator[str]:
    """``rummy101 deal``: ``count`` racks of ``size`` tiles, each the text of
    one line the command prints (``"R1 R1 R8 … J"``), rack ``i`` shuffled with
    ``seed + i`` [R-TILES, R-RACK]. With ``indicator`` (a numbered tile) the
    racks come from an okey set: that tile face up, the okeys ``J``, the fake
    okeys ``F`` [R-INDICATOR]. ``deal`` has no JSON output: the iterator of
    lines is what it prints (dealt one at a time: no upper limit).

    Raises :class:`BadInputError` for a bad seed, count, size or indicator.
    """
    from rummy101_solver.game.deal import deal_lines

    _whole("seed", seed, 0, MAX_SEED)
    _whole("count", count, 1, 2**63 - 1)
    _whole("size", size, 1, 22)
    if indicator is not None and not isinstance(indicator, str):
        raise BadInputError(f"option 'indicator': {indicator!r} is not a tile")
    lines = deal_lines(seed, count, size, indicator=indicator)
    with _bad_input():
        first = next(lines)  # a bad indicator fails here, before the caller iterates
    return _chain(first, lines)


def _chain(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def verify(
    fixtures: str | os.PathLike[str],
    *,
    failures_only: bool = False,
    write: bool = False,
) -> dict[str, Any]:
    """``rummy101 verify``: run the cases of a fixture file (JSON Lines, or
    TOML for a ``.toml`` name; ``"-"`` reads stdin) and compare their
    expected fields. Returns the ``verify --format json`` object:
    ``{"checks": [{"case", "name", "command", "field", "expected", "found",
    "got", "error", "passed", "result"}], "cases", "passed", "failed"}`` (with
    ``failures_only`` only the failed checks are listed).

    With ``write`` the file's expectations are filled in (a case without
    ``expect`` gets its command's main fields) or refreshed from today's
    output, the file is rewritten, and the result says ``"written"``: the
    path. A JSON Lines file keeps every other byte; a TOML file is written
    anew (comments are not kept). A case that could not run is left as it is.

    Raises :class:`BadInputError` when the file cannot be read or written,
    or holds no case.
    """
    import sys
    from pathlib import Path

    from rummy101_solver.files.verify import FixtureError, read_fixtures

    if not isinstance(fixtures, str | os.PathLike):
        raise BadInputError(f"fixtures is a file path, not {_kind(fixtures)}")
    for name, flag in (("failures_only", failures_only), ("write", write)):
        if not isinstance(flag, bool):
            raise BadInputError(f"option '{name}': {flag!r} is not true or false")
    path = Path(os.fspath(fixtures))
    if str(path) == "-":
        if write:
            raise BadInputError("--write rewrites a fixture file: give its path, not stdin")
        return run_fixtures(sys.stdin.read(), "stdin", toml=None, base=Path.cwd(),
                            failures_only=failures_only)  # fmt: skip
    try:
        text = read_fixtures(path)
    except FixtureError as err:
        raise BadInputError(str(err)) from err
    return run_fixtures(text, str(path), toml=path.suffix == ".toml", base=path.parent,
                        failures_only=failures_only, write_to=path if write else None)  # fmt: skip


def run_fixtures(
    text: str,
    source: str,
    *,
    toml: bool | None,
    base: Path,
    failures_only: bool = False,
    write_to: Path | None = None,
) -> dict[str, Any]:
    """The work of :func:`verify` on the text of a fixture file (``source``
    names it in messages; ``toml``: the format, ``None`` to guess, as for
    stdin). A ``standings`` case's ledger is a path relative to ``base`` (the
    fixture file's folder). With ``write_to`` the expectations are pinned and
    the file at that path rewritten (see :func:`verify`)."""
    from rummy101_solver.files.case import OptionError
    from rummy101_solver.files.verify import (
        FixtureError,
        evaluate_case,
        parse_fixtures,
        pinned,
        rewrite_fixtures,
        write_text,
    )

    try:
        cases = parse_fixtures(text, source, toml=toml)
        commands = _fixture_commands(base)
        outcomes = [(label, case, evaluate_case(label, case, commands, fill=write_to is not None))
                    for label, case in cases]  # fmt: skip
        if write_to is not None:
            pins = {}
            for label, case, outcome in outcomes:
                expect = case.get("expect")
                pin = pinned(outcome, expect if isinstance(expect, dict) else None,
                             toml=bool(toml))  # fmt: skip
                if pin is not None:
                    pins[label] = pin
            write_text(write_to, rewrite_fixtures(text, cases, pins, toml=bool(toml)))
            new = {label: {**case, "expect": pins[label]} if label in pins else case
                   for label, case in cases}  # fmt: skip
            outcomes = [(label, new[label], evaluate_case(label, new[label], commands))
                        for label, _, _ in outcomes]  # fmt: skip
    except (FixtureError, OptionError) as err:
        raise BadInputError(str(err)) from err
    checks = [check for _, _, outcome in outcomes for check in outcome.checks]
    if not checks:
        raise BadInputError(
            f'{source}: no cases: a fixture file needs at least one case with "expect"'
        )
    failed = [c for c in checks if not c.passed]
    data: dict[str, Any] = {
        "checks": [_check_json(c) for c in (failed if failures_only else checks)],
        "cases": len(outcomes),
        "passed": len(checks) - len(failed),
        "failed": len(failed),
    }
    if write_to is not None:
        data["written"] = str(write_to)
    return data


def _check_json(check: Any) -> dict[str, Any]:
    """One row of ``verify --format json``."""
    from rummy101_solver.files.verify import MISSING

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


def _fixture_commands(base: Path) -> dict[str, Any]:
    """The commands a fixture case may name besides ``solve``: the functions
    of this module, with a bad input as the case's ``error``. A ``score``
    case never appends to a ledger; a ``standings`` case's ledger is read
    relative to ``base``."""
    import inspect

    from rummy101_solver.files.verify import Command
    from rummy101_solver.messages import one_line

    def command(name: str, function: Callable[..., dict[str, Any]], required: str,
                drop: frozenset[str] = frozenset()) -> Command:  # fmt: skip
        def run(**options: Any) -> dict[str, Any]:
            if name == "standings" and isinstance(options.get("ledger"), str):
                options["ledger"] = str(base / options["ledger"])
            try:
                return function(**options)
            except BadInputError as err:
                return {"error": one_line(str(err))}
            except (TypeError, ValueError, AttributeError) as err:  # a value of the wrong kind
                return {"error": one_line(f"a bad option value: {err}")}

        names = frozenset(inspect.signature(function).parameters) - drop
        return Command(name, run, names, (required,), name)

    return {
        "outs": command("outs", outs, "rack"),
        "play": command("play", play, "rack"),
        "check": command("check", check, "arrangement"),
        "score": command("score", score, "players", frozenset({"ledger"})),
        "standings": command("standings", standings, "ledger"),
    }


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
