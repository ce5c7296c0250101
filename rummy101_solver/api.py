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
solves. The commands that answer about a game (``analyse``, ``check``,
``outs``, ``play``, ``score``, ``standings``) are worked in
:mod:`rummy101_solver.files.answers`, below the command line, so that
``verify`` runs their cases too; here each is wrapped (``_answers``) to raise
:class:`BadInputError`. A new command adds one function (there or here), with
the command's flags as keywords (a test compares them), and its name to
:data:`__all__` and :data:`COMMAND_FUNCTIONS`.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, TypeVar

from rummy101_solver.files import answers
from rummy101_solver.files.case import OptionError, build_case, build_rules
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.parsing import RackError
from rummy101_solver.game.rules import MELD_THRESHOLD, PAIRS_THRESHOLD

if TYPE_CHECKING:
    from rummy101_solver.engine.rounds import RoundResult, RoundVariant

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

NOT_IN_API = frozenset({"bench", "track"})
"""Commands with no function here: ``bench`` measures the machine, it answers
nothing about a game; ``track`` keeps a game file between calls — a program
replays the round itself with :func:`~rummy101_solver.game.round.start` and
:func:`~rummy101_solver.game.round.apply`, and
asks :mod:`rummy101_solver.engine.advice` for the advice."""

COMMAND_FUNCTIONS = {
    "solve": "analyse", "check": "check", "play": "play", "score": "score",
    "standings": "standings", "batch": "batch", "verify": "verify", "deal": "deal",
    "rules": "rules", "schema": "schema", "simulate": "simulate", "outs": "outs",
}  # fmt: skip
"""Command name → the function of this module that answers it."""

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


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
        from rummy101_solver.files.house import HouseError
        from rummy101_solver.files.ledger import LedgerError

        if isinstance(err, LedgerError | HouseError):
            raise BadInputError(str(err)) from err
        raise


def _fits(value: object, hint: Any) -> bool:
    """Whether ``value`` is of the annotated type ``hint`` (the types the API's
    annotations use; any other type is taken as fitting)."""
    import types
    import typing
    from collections.abc import Sequence

    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, one) for one in typing.get_args(hint))
    if origin is Literal:
        return any(type(value) is type(one) for one in typing.get_args(hint))
    simple: dict[Any, Callable[[object], bool]] = {
        type(None): lambda v: v is None,
        bool: lambda v: isinstance(v, bool),
        int: lambda v: isinstance(v, int) and not isinstance(v, bool),
        float: lambda v: isinstance(v, int | float) and not isinstance(v, bool),
        str: lambda v: isinstance(v, str),
        os.PathLike: lambda v: isinstance(v, os.PathLike),
        list: lambda v: isinstance(v, list | tuple),
        tuple: lambda v: isinstance(v, list | tuple),
        Sequence: lambda v: isinstance(v, list | tuple),
        Mapping: lambda v: isinstance(v, Mapping),
        Iterable: lambda v: isinstance(v, Iterable),
    }
    test = simple.get(origin or hint)
    return test is None or test(value)


def _expected(hint: Any) -> str:
    """What a value of the annotated type ``hint`` is, in words (``None`` left out)."""
    import types
    import typing

    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        words = [_expected(one) for one in typing.get_args(hint) if one is not type(None)]
        return " or ".join(dict.fromkeys(words))
    if origin is Literal:
        return "one of " + ", ".join(repr(one) for one in typing.get_args(hint))
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "text",
             os.PathLike: "a file path", Mapping: "a mapping"}  # fmt: skip
    return names.get(origin or hint, "a list")


def _wrong_type(function: Callable[..., Any], args: Any, kwargs: Any) -> BadInputError | None:
    """The :class:`BadInputError` naming the first argument of ``function`` that
    is not of its annotated type, or ``None`` when every one is."""
    import inspect
    import typing

    from rummy101_solver.messages import show_value

    try:
        bound = inspect.signature(function).bind(*args, **kwargs)
        hints = typing.get_type_hints(function)
    except (TypeError, NameError):  # not a call it takes: Python's own TypeError stands
        return None
    for name, value in bound.arguments.items():
        hint = hints.get(name)
        parameter = inspect.signature(function).parameters[name]
        values = value if parameter.kind is parameter.VAR_POSITIONAL else (value,)
        for one in values:
            if hint is not None and not _fits(one, hint):
                return BadInputError(f"option '{name}': {show_value(one)} is not {_expected(hint)}")
    return None


def _typed(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` with a wrong type turned into :class:`BadInputError`: where an
    argument not of its annotated type makes it fail (``TypeError``,
    ``AttributeError``, ``OverflowError`` from deep inside), the error names that
    argument instead (issue 34: ``score(..., end=5)`` raised ``TypeError``)."""

    @functools.wraps(function)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except (TypeError, AttributeError, OverflowError) as err:
            bad = _wrong_type(function, args, kwargs)
            if bad is None:
                raise  # no argument of a wrong type: a bug, its traceback is wanted
            raise bad from err

    return call


def _answers(function: Callable[P, dict[str, Any]]) -> Callable[P, dict[str, Any]]:
    """The API function of a command answered in :mod:`rummy101_solver.files.answers`:
    the same keywords, defaults, docstring and result; the core's input errors, and
    arguments of a wrong type (:func:`_typed`), raised as :class:`BadInputError`."""

    checked = _typed(function)

    @functools.wraps(function)
    def answer(*args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
        with _bad_input():
            return checked(*args, **kwargs)

    answer.__module__ = __name__
    return answer


analyse = _answers(answers.analyse)
check = _answers(answers.check)
outs = _answers(answers.outs)
play = _answers(answers.play)
score = _answers(answers.score)
standings = _answers(answers.standings)


def _whole(name: str, value: object, low: int, high: int, *, none: bool = False) -> None:
    """Raise :class:`BadInputError` unless ``value`` is a whole number ``low``–``high``
    (or ``None`` when ``none``)."""
    with _bad_input():
        answers.whole(name, value, low, high, none=none)


def _true_or_false(name: str, value: object) -> None:
    """Raise :class:`BadInputError` unless ``value`` is ``True`` or ``False``."""
    with _bad_input():
        answers.true_or_false(name, value)


_kind = answers.kind_of


def _one_way(jobs: int, scheduler: object) -> None:
    """Raise :class:`BadInputError` for both ``jobs`` (more than 1) and
    ``scheduler``, as the command line refuses ``--jobs`` with ``--scheduler``."""
    if scheduler is not None and jobs != 1:
        raise BadInputError(
            "jobs and scheduler exclude each other: the cluster's workers do the work"
        )
    if scheduler is not None and not isinstance(scheduler, str):
        raise BadInputError(f"option 'scheduler': an address, not {_kind(scheduler)}")


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
    rounds: int | None = None,
    players: int = 4,
    bots: str = "outs",
    log: str | os.PathLike[str] | None = None,
    duplicate: str | None = None,
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
    # the options of the other mode too: a wrong type is bad input even where unused
    _whole("players", players, 2, 4)
    if not isinstance(bots, str):
        raise BadInputError(f"option 'bots': {bots!r}; give kinds as text, e.g. 'quick,outs'")
    if log is not None and not isinstance(log, str | os.PathLike):
        raise BadInputError(f"option 'log': a file path, not {_kind(log)}")
    if rounds is not None:
        return _simulate_rounds(rounds, seed, players, bots, variants, jobs, scheduler, plot, log,
                                duplicate)  # fmt: skip
    if duplicate is not None:
        raise BadInputError("option 'duplicate' applies to whole rounds: give rounds=N")
    _whole("deals", deals, 1, 10_000_000)
    _whole("seed", seed, 0, MAX_SEED)
    _whole("rack_size", rack_size, 2, 22)
    _whole("jobs", jobs, 1, 64)
    _one_way(jobs, scheduler)
    _true_or_false("distance", distance)
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


def _simulate_rounds(rounds: int, seed: int, players: int, bots: str,
                     variants: Mapping[str, str] | None, jobs: int, scheduler: str | None,
                     plot: str | os.PathLike[str] | None,
                     log: str | os.PathLike[str] | None,
                     duplicate: str | None = None) -> dict[str, Any]:  # fmt: skip
    """``simulate --rounds``: whole rounds played by the bots; the ``simulate
    --rounds --format json`` object (``rummy101 schema rounds``). ``bots``: one
    kind, or ``"A,B,…"`` one per seat; with ``duplicate`` (``"1v3"`` or
    ``"2v2"``) and ``bots="CHALLENGER,CHAMPION"``, the duplicate arena's
    object (``rummy101 schema arena``)."""
    _whole("rounds", rounds, 1, 10_000_000)
    _whole("seed", seed, 0, MAX_SEED)
    _whole("players", players, 2, 4)
    _whole("jobs", jobs, 1, 64)
    _one_way(jobs, scheduler)
    from rummy101_solver.engine.bot_kinds import BOTS

    if not isinstance(bots, str):
        raise BadInputError(f"option 'bots': {bots!r}; give kinds as text, e.g. 'quick,outs'")
    kinds = tuple(k.strip() for k in bots.split(","))
    unknown = [k for k in kinds if k not in BOTS]
    if unknown:
        raise BadInputError(f"option 'bots': {unknown[0]!r} is not a bot kind; the kinds are"
                            f" {', '.join(BOTS)}")  # fmt: skip
    if duplicate is not None and (duplicate not in ("1v3", "2v2") or len(kinds) != 2):
        raise BadInputError(
            "option 'duplicate': give '1v3' or '2v2' with bots='CHALLENGER,CHAMPION'"
        )
    if duplicate is not None and players != 4:
        raise BadInputError(f"option 'players': {players}; the duplicate arena seats 4 players")
    if duplicate is None and len(kinds) not in (1, players):
        raise BadInputError(f"option 'bots': {len(kinds)} kinds for {players} seats; give one"
                            " kind for every seat, or one per seat")  # fmt: skip
    chosen = {"classic": ""} if variants is None else variants
    if not isinstance(chosen, Mapping) or not chosen:
        raise BadInputError("option 'variants': give {name: options}, e.g. {'rising': '--rising'}")
    from rummy101_solver.cli.common import InputError
    from rummy101_solver.cli.simulate import parse_round_variant
    from rummy101_solver.engine.rounds import rounds_json
    from rummy101_solver.engine.rounds import simulate_rounds as run

    parsed = []
    for name, options in chosen.items():
        if not isinstance(name, str) or not isinstance(options, str):
            raise BadInputError(f"variant {name!r}: name and options are text, e.g. 'rising': ''")
        try:
            parsed.append(parse_round_variant(f"{name}={options}"))
        except InputError as err:
            raise BadInputError(err.format_message()) from err
    if plot is not None:
        _plot_ready(plot)
    seats = kinds * players if len(kinds) == 1 else kinds
    lines: list[bytes] = []  # one block a round
    on_round = None
    if log is not None:
        from rummy101_solver.files.round_log import round_bytes

        def on_round(variant: RoundVariant, result: RoundResult) -> None:
            lines.append(round_bytes(variant, result))

    if duplicate is not None:
        return _arena(rounds, seed, parsed, kinds, duplicate, jobs, scheduler, plot, log,
                      on_round, lines)  # fmt: skip
    if scheduler is not None:
        with _scheduler(scheduler) as (executor, _):
            result = run(rounds, seed, players, parsed, executor=executor, on_round=on_round,
                         bots=seats)  # fmt: skip
    elif jobs == 1:
        result = run(rounds, seed, players, parsed, on_round=on_round, bots=seats)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            result = run(rounds, seed, players, parsed, executor=pool, on_round=on_round,
                         bots=seats)  # fmt: skip
    if log is not None:
        _write_log(log, lines)
    if plot is not None:
        from rummy101_solver.report.plot import plot_rounds

        try:
            plot_rounds(result, os.fspath(plot))
        except OSError as err:
            why = err.strerror or err
            raise BadInputError(f"plot {os.fspath(plot)!r}: cannot write: {why}") from err
    return rounds_json(result)


def _arena(deals: int, seed: int, parsed: list[RoundVariant], kinds: tuple[str, ...],
           duplicate: str, jobs: int, scheduler: str | None,
           plot: str | os.PathLike[str] | None, log: str | os.PathLike[str] | None,
           on_round: Callable[[RoundVariant, RoundResult], None] | None,
           lines: list[bytes]) -> dict[str, Any]:  # fmt: skip
    """``simulate --rounds --duplicate``: the duplicate arena's JSON object."""
    from rummy101_solver.engine.arena import arena_json, run_arena

    mode: Literal["1v3", "2v2"] = "2v2" if duplicate == "2v2" else "1v3"
    if scheduler is not None:
        with _scheduler(scheduler) as (executor, _):
            result = run_arena(deals, seed, parsed, kinds[0], kinds[1], mode, executor=executor,
                               on_round=on_round)  # fmt: skip
    elif jobs == 1:
        result = run_arena(deals, seed, parsed, kinds[0], kinds[1], mode, on_round=on_round)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            result = run_arena(deals, seed, parsed, kinds[0], kinds[1], mode, executor=pool,
                               on_round=on_round)  # fmt: skip
    if log is not None:
        _write_log(log, lines)
    if plot is not None:
        from rummy101_solver.report.plot import plot_arena

        try:
            plot_arena(result, os.fspath(plot))
        except OSError as err:
            why = err.strerror or err
            raise BadInputError(f"plot {os.fspath(plot)!r}: cannot write: {why}") from err
    return arena_json(result)


def _write_log(log: str | os.PathLike[str], blocks: list[bytes]) -> None:
    """Write the round log ``log``, one block a round, round by round as ``simulate
    --log`` does (:class:`~rummy101_solver.files.durable.RecordLog`: it ends on a whole
    round); a file that cannot be written raises :class:`BadInputError` naming it."""
    from rummy101_solver.files.durable import FileError, RecordLog

    try:
        with RecordLog(os.fspath(log), f"log {os.fspath(log)!r}", FileError) as out:
            for block in blocks:
                out.write(block)
    except FileError as err:
        raise BadInputError(str(err)) from err


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
    indicator_twin: bool = False,
    twin_laid: bool = False,
    keep: int = 1,
    alternatives: int = 3,
    time_limit: float = 10.0,
    jobs: int = 1,
    scheduler: str | None = None,
    outs: bool = False,
    house: str | None = None,
) -> Iterator[dict[str, Any]]:
    """``rummy101 batch``: one record per case line, in input order, made as
    they are read (an iterator: memory stays flat).

    ``source``: a file path, ``"-"`` for stdin, or any iterable of lines
    (a list of rack texts, an open text file; a dict stands for its JSON
    line, ``{"rack": "R3 R4 R5 K9", "take": "R6"}``). A line is a rack or a JSON
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
    _one_way(jobs, scheduler)
    _true_or_false("outs", outs)
    options: dict[str, Any] = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "objective": objective,
        "one_turn_any_value": one_turn_any_value, "keep": keep,
        "alternatives": alternatives, "time_limit": time_limit,
        "indicator_twin": indicator_twin, "twin_laid": twin_laid,
    }  # fmt: skip
    with _bad_input():
        build_rules(options)  # a bad default fails here, as the flag does, not on every line
        build_case("R1", options)  # the solver settings too
    if outs:
        options["outs"] = True
    lines = _source_lines(source)
    return _records(lines, options, jobs, scheduler)


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
    if isinstance(source, bytes | bytearray) or not isinstance(source, Iterable):
        raise BadInputError(f"a batch source is a path or lines of text, not {_kind(source)}")
    return (line.rstrip("\r\n") if isinstance(line, str) else line for line in source)


def _lines(handle: Any) -> Iterator[str]:
    """The lines of an open file, without their line breaks; closes it at the end."""
    with handle:
        for line in handle:
            yield line.rstrip("\r\n")


def _records(
    lines: Iterable[Any], options: dict[str, Any], jobs: int, scheduler: str | None
) -> Iterator[dict[str, Any]]:
    """The records of :func:`batch`, decoded; a line given as a dict is its JSON line."""
    from contextlib import ExitStack

    from rummy101_solver.files.batch import run_batch

    # a dict is a JSON line; anything else not text is refused by the batch as not a rack
    texts = (line if isinstance(line, str) else json.dumps(line, default=repr) for line in lines)
    with ExitStack() as stack:
        executor = None
        if scheduler is not None:
            executor, jobs = stack.enter_context(_scheduler(scheduler))
        for record in run_batch(texts, options, jobs=jobs, executor=executor):
            record_json: dict[str, Any] = json.loads(record.text)
            yield record_json


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
    *,
    seed: int = 1,
    count: int = 1,
    size: int = 22,
    indicator: str | None = None,
    round: bool = False,
    players: int = 4,
    indicator_from_deal: bool = False,
) -> Iterator[str]:
    """``rummy101 deal``: ``count`` racks of ``size`` tiles, each the text of
    one line the command prints (``"R1 R1 R8 … J"``), rack ``i`` shuffled with
    ``seed + i`` [R-TILES, R-RACK]. With ``indicator`` (a numbered tile) the
    racks come from an okey set: that tile face up, the okeys ``J``, the fake
    okeys ``F`` [R-INDICATOR]. ``deal`` has no JSON output: the iterator of
    lines is what it prints (dealt one at a time: no upper limit). With
    ``round``: the lines of one shuffle dealt as a round of ``players`` seats
    (``deal --round``; ``indicator_from_deal`` turns the indicator up from it).

    Raises :class:`BadInputError` for a bad seed, count, size or indicator.
    """
    from rummy101_solver.game.deal import deal_lines

    _true_or_false("round", round)  # and the options of a round, used or not
    _true_or_false("indicator_from_deal", indicator_from_deal)
    _whole("players", players, 2, 4)
    if round:
        from rummy101_solver.game.deal import deal_round

        _whole("seed", seed, 0, MAX_SEED)
        _whole("players", players, 2, 4)
        face = None
        if indicator is not None:
            with _bad_input():
                face = _face_of(indicator)
        dealt = deal_round(seed, players, indicator_from_deal=bool(indicator_from_deal),
                           indicator=face)  # fmt: skip
        return iter(dealt.lines())

    _whole("seed", seed, 0, MAX_SEED)
    _whole("count", count, 1, 2**63 - 1)
    _whole("size", size, 1, 22)
    if indicator is not None and not isinstance(indicator, str):
        raise BadInputError(f"option 'indicator': {indicator!r} is not a tile")
    lines = deal_lines(seed, count, size, indicator=indicator)
    with _bad_input():
        first = next(lines)  # a bad indicator fails here, before the caller iterates
    return _chain(first, lines)


def _face_of(indicator: str) -> Any:
    from rummy101_solver.files.case import build_rules

    return build_rules({"indicator": indicator}).indicator


def _chain(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def _housed(function: Callable[P, T]) -> Callable[P, T]:
    """``function`` with the keyword ``house`` (:func:`~rummy101_solver.files.house.with_house`:
    a profile fills the keywords not given); a bad profile raises :class:`BadInputError`."""
    from rummy101_solver.files.house import with_house

    housed = with_house(function)

    @functools.wraps(housed)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        with _bad_input():
            return housed(*args, **kwargs)

    return run


batch = _housed(batch)


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
    output, the file is rewritten when that changes it, and then the result
    says ``"written"``: the path (no ``"written"``: nothing changed, the file
    is untouched). A JSON Lines file keeps every other byte, a TOML file its
    tables, comments and layout; the mode, owner and links stay. A case that
    could not run is left as it is.

    Raises :class:`BadInputError` when the file cannot be read or written,
    or holds no case.
    """
    import sys
    from pathlib import Path

    from rummy101_solver.files.verify import FixtureError, read_fixtures, run_fixtures

    if not isinstance(fixtures, str | os.PathLike):
        raise BadInputError(f"fixtures is a file path, not {_kind(fixtures)}")
    _true_or_false("failures_only", failures_only)
    _true_or_false("write", write)
    path = Path(os.fspath(fixtures))
    if str(path) == "-":
        if write:
            raise BadInputError("--write rewrites a fixture file: give its path, not stdin")
        text, source, toml, base, write_to = sys.stdin.read(), "stdin", None, Path.cwd(), None
    else:
        try:
            text = read_fixtures(path)
        except FixtureError as err:
            raise BadInputError(str(err)) from err
        source, toml, base = str(path), path.suffix == ".toml", path.parent
        write_to = path if write else None
    try:
        return run_fixtures(text, source, toml=toml, base=base, failures_only=failures_only,
                            write_to=write_to)  # fmt: skip
    except FixtureError as err:
        raise BadInputError(str(err)) from err


def rules(*rule_ids: str, house: str | None = None) -> dict[str, Any]:
    """``rummy101 rules``: the rules named (any case; all when none), as
    ``{"rules": [{"id", "section", "title", "text", "default", "variants",
    "source"}]}``. With ``house`` (a built-in profile name or a TOML file) the
    profile comes first, ``"house": {"name", "about", "source", "builtin",
    "switches"}``, and the rules it switches before those named.

    Raises :class:`BadInputError` for an id not in the rule book, or a profile
    that cannot be read or holds an unknown key.
    """
    from rummy101_solver.files.house import profile_rule_ids
    from rummy101_solver.game.rulebook import find_rules

    if not all(isinstance(rule_id, str) for rule_id in rule_ids):
        bad = next(rule_id for rule_id in rule_ids if not isinstance(rule_id, str))
        raise BadInputError(f"rule ids are text, e.g. 'R-RUN', not {_kind(bad)}")
    if house is not None and not isinstance(house, str):
        raise BadInputError(f"house is a profile name or a file path, not {_kind(house)}")
    with _bad_input():
        if house is None:
            return {"rules": [r.to_json() for r in find_rules(rule_ids)]}
        from rummy101_solver.files.house import load_house

        profile = load_house(house)
        found = find_rules(profile_rule_ids(profile, rule_ids))
        return {"house": profile.to_json(), "rules": [r.to_json() for r in found]}


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


# a wrong type is a BadInputError in the functions defined here too (issue 34)
simulate = _typed(simulate)
batch = _typed(batch)
deal = _typed(deal)
verify = _typed(verify)
rules = _typed(rules)
schema = _typed(schema)
