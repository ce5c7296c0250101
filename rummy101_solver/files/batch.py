"""Many racks at once: JSON Lines in, JSON Lines out, in input order.

One case per input line: a rack in the usual notation, or a JSON object with
``"rack"`` and any ``solve`` option (``{"rack": "R3 R4 R5 …", "take": "R6"}``).
Blank lines and lines starting with ``#`` are skipped. Each output record is
the ``solve --format json`` object with ``"line"`` (1-based input line) first
(with ``"outs": true``, or ``batch --outs``, plus the ``outs --format json``
object as ``"outs"``; ``"seen"`` gives its seen tiles);
a bad line gives ``{"line": n, "error": "…"}`` and the batch goes on.

Input is read lazily and worked in bounded chunks, so memory stays flat
however long the input; ``jobs`` > 1 keeps a few chunks in the hands of each
process (or of any given executor, e.g. a Dask cluster's) and still writes in
input order.
"""

from __future__ import annotations

import ctypes
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from itertools import islice
from multiprocessing.pool import Pool
from typing import Any

from rummy101_solver.files.case import DEFAULTS, OPTION_NAMES, OptionError, build_case
from rummy101_solver.game.parsing import RackError
from rummy101_solver.interrupt import ctrl_c_held
from rummy101_solver.lines import too_long
from rummy101_solver.messages import one_line, quote, show_value, unknown_name

RACK_NEEDED = 'a JSON line needs "rack": a string of tiles or a list of tile strings'

WINDOW_PER_JOB = 64
"""Lines handed to each process at a time: bounds memory and keeps order cheap."""

PARENT_POLL = 0.2
"""Seconds between a worker's checks that its parent is alive (watchdog fallback)."""

PR_SET_PDEATHSIG = 1
"""Linux prctl option: the signal a process gets when its parent dies."""

CASE_OPTIONS = OPTION_NAMES | {"outs", "seen"}
"""Options a batch line or fixture case may give: those of ``solve``, and
``outs``/``seen`` for the outs object [issue 8]."""


@dataclass(frozen=True)
class Record:
    """One output line: the JSON text, and whether the input line was rejected."""

    line: int
    text: str
    error: bool


def _compact(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _DuplicateKey(key)
        obj[key] = value
    return obj


_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number",
               bool: "true or false", type(None): "null"}  # fmt: skip


def decode_json(text: str) -> Any:
    """One JSON value; duplicate keys in an object are an error.

    Raises :class:`~rummy101_solver.files.case.OptionError` with a one-line reason for
    text that is not JSON, nests too deeply (Python's recursion limit), holds an
    integer of more digits than Python converts (4300), or repeats a key.
    """
    try:
        return json.loads(text, object_pairs_hook=_object_without_duplicates)
    except _DuplicateKey as err:
        raise OptionError(f"duplicate key {quote(err.key)} in a JSON object") from None
    except json.JSONDecodeError as err:
        raise OptionError(f"not valid JSON: {err.msg} (column {err.colno})") from None
    except RecursionError:
        raise OptionError("JSON nested too deeply to read") from None
    except ValueError:  # int() of more than sys.get_int_max_str_digits() digits
        raise OptionError("a JSON number with too many digits to read") from None


def is_json_line(stripped: str) -> bool:
    """A case line is JSON when it starts with ``{``, ``[`` or ``"``, or is
    ``null``, ``true`` or ``false``; anything else is rack text."""
    return stripped[:1] in ("{", "[", '"') or stripped in ("null", "true", "false")


def parse_line(text: str) -> tuple[str, dict[str, Any]] | None:
    """One input line → (rack text, options), or ``None`` for a blank or ``#`` line.

    A JSON line (see :func:`is_json_line`) must be an object with ``"rack"``: a
    string of tiles or a list of tile strings (``["R3", "R4", "R5"]``); its
    other keys are ``solve`` options, ``-`` or ``_`` alike. Raises
    :class:`~rummy101_solver.files.case.OptionError` for a line over
    :data:`~rummy101_solver.lines.MAX_LINE` bytes, bad JSON, a JSON value
    that is not an object, a duplicate key or a bad ``"rack"``.
    """
    if reason := too_long(text):
        raise OptionError(reason)
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    if not is_json_line(stripped):
        return stripped, {}
    obj = decode_json(stripped)
    if not isinstance(obj, dict):
        kind = _JSON_KINDS.get(type(obj), "not an object")
        raise OptionError(f'a JSON line must be an object with "rack", not {kind}')
    rack = obj.pop("rack", None)
    if isinstance(rack, list) and all(isinstance(t, str) for t in rack):
        rack = " ".join(rack)
    if not isinstance(rack, str):
        raise OptionError(RACK_NEEDED)
    return rack, {key.replace("-", "_"): value for key, value in obj.items()}


def analyse_record(rack_text: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The ``solve --format json`` object for one case, or ``{"error": message}``
    when the rack or an option is bad."""
    from rummy101_solver.engine.solver import analyse
    from rummy101_solver.report.render import analysis_json

    options = dict(options)
    unknown = [key for key in options if key not in CASE_OPTIONS]
    if unknown == ["command"]:
        return {"error": 'a batch line is a rack for solve (with "outs": true, for outs too);'
                ' "command" is for a fixture case of rummy101 verify'}  # fmt: skip
    if unknown:
        names = [*DEFAULTS, "outs", "seen"]
        return {"error": one_line(unknown_name("option", unknown[0], names))}
    with_outs = options.pop("outs", False)
    seen = options.pop("seen", None)
    try:
        case = build_case(rack_text, options)
        if not isinstance(with_outs, bool):
            raise OptionError(f"option 'outs': {show_value(with_outs)} is not true or false")
        if seen is not None and not isinstance(seen, str):
            raise OptionError(f"option 'seen': {show_value(seen)} is not a string of tiles")
        if seen is not None and not with_outs:
            raise OptionError("option 'seen' needs 'outs': true")
    except (RackError, OptionError) as err:
        return {"error": one_line(str(err))}
    analysis = analyse(case.rack, case.rules, alternatives=case.alternatives,
                       time_limit=case.time_limit)  # fmt: skip
    record = analysis_json(analysis)
    if with_outs:
        # the 'outs --format json' object [issue 8]
        from rummy101_solver.engine.outs import analyse_outs, read_seen
        from rummy101_solver.report.outs import analysis_outs_json

        try:
            seen_tiles = read_seen(seen or "", case.rack, case.rules)
        except RackError as err:
            return {"error": one_line(str(err))}
        outs = analyse_outs(case.rack, case.rules, seen_tiles, time_limit=case.time_limit)
        record["outs"] = analysis_outs_json(outs)
    return record


def analyse_line(number: int, text: str, defaults: Mapping[str, Any]) -> Record | None:
    """Analyse one input line; ``defaults`` are the command-line options (the
    line's own options win). ``None`` for a skipped line."""
    try:
        parsed = parse_line(text)
    except OptionError as err:
        return Record(number, _compact({"line": number, "error": one_line(str(err))}), True)
    if parsed is None:
        return None
    rack_text, options = parsed
    record = analyse_record(rack_text, {**defaults, **options})
    return Record(number, _compact({"line": number, **record}), "error" in record)


def _window(items: list[tuple[int, str]], defaults: Mapping[str, Any]) -> list[Record | None]:
    return [analyse_line(n, text, defaults) for n, text in items]


def warm_up() -> None:
    """Ready a process for a long run: import the solver and CP-SAT once, build
    the candidate patterns of the whole tile set, then freeze what start-up
    made (``gc.freeze``), so the garbage collector's full passes skip those
    objects and no rack waits on a long collection."""
    import gc

    from rummy101_solver.engine import candidates, sat, solver  # noqa: F401  (imported for their cost)
    from rummy101_solver.report import render  # noqa: F401  (imported for its cost)

    sat.helper()
    candidates.build_all_patterns()
    gc.collect()
    gc.freeze()


def _watch_parent(parent: int) -> None:
    """Exit as soon as the parent process is gone (the portable fallback)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def init_worker() -> None:
    """Set up a worker: Ctrl-C is the parent's to handle (it stops the pool), and
    the worker dies with its parent, so it never outlives a killed batch holding
    the output pipe open: ``PR_SET_PDEATHSIG`` on Linux, and everywhere a
    watchdog thread that polls the parent's pid. Then :func:`warm_up`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watchdog below still works
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    warm_up()


def _start_pool(jobs: int) -> Pool:
    """A pool of ``jobs`` workers. Ctrl-C is held while they start
    (:func:`~rummy101_solver.interrupt.ctrl_c_held`), so that none of them can be
    hit before :func:`init_worker` makes it ignore SIGINT, and this process still
    gets a Ctrl-C sent meanwhile."""
    with ctrl_c_held():
        return multiprocessing.Pool(jobs, initializer=init_worker)


def run_batch(
    lines: Iterable[str],
    defaults: Mapping[str, Any],
    *,
    jobs: int = 1,
    executor: Executor | None = None,
) -> Generator[Record, None, None]:
    """Yield one :class:`Record` per case line, in input order.

    ``lines`` is read lazily: with ``jobs`` > 1, at most ``WINDOW_PER_JOB * jobs``
    lines are in the workers' hands at a time, in ``2 * jobs`` chunks, so a worker
    that finishes a chunk finds the next one waiting. By default the chunks run
    on a pool of ``jobs`` local processes, which start with :func:`warm_up`,
    ignore SIGINT and die with the parent; when the caller stops (Ctrl-C, an
    error, closing the generator) they are terminated at once and no further
    record is made. With ``executor`` (a Dask cluster's
    ``client.get_executor()``) the chunks run there instead. The records do not
    depend on where they were computed.
    """
    numbered = enumerate(lines, start=1)
    if jobs <= 1 and executor is None:
        for number, text in numbered:
            record = analyse_line(number, text, defaults)
            if record is not None:
                yield record
        return
    jobs = max(jobs, 1)
    chunk = max(1, WINDOW_PER_JOB // 2)
    pool: Pool | None = None
    if executor is not None:
        run = executor

        def submit(part: list[tuple[int, str]]) -> Callable[[], list[Record | None]]:
            return run.submit(_window, part, defaults).result

    else:
        pool = local = _start_pool(jobs)

        def submit(part: list[tuple[int, str]]) -> Callable[[], list[Record | None]]:
            return local.apply_async(_window, (part, defaults)).get

    try:
        pending: deque[Callable[[], list[Record | None]]] = deque()
        while True:
            while len(pending) < 2 * jobs and (part := list(islice(numbered, chunk))):
                pending.append(submit(part))
            if not pending:
                break
            yield from (r for r in pending.popleft()() if r is not None)
        if pool is not None:
            pool.close()
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


CSV_COLUMNS = (
    "line", "error", "rack", "can_open", "recommended",
    "meld_value", "meld_count", "meld_threshold", "meld_meets_threshold", "meld_status",
    "meld_proven", "melds", "meld_left", "meld_residual_penalty",
    "pair_count", "pair_threshold", "pair_meets_threshold", "pair_status", "pair_proven",
    "pairs", "pair_left", "pair_residual_penalty",
    "one_turn_possible", "one_turn_winner_points", "one_turn_opponent_points",
    "outs_meld_distance", "outs_pair_distance",
)  # fmt: skip
"""The columns of ``batch --format csv``: one row per input line, the best
opening's fields of the ``solve --format json`` object flattened [R-OPEN-MELDS,
R-OPEN-PAIRS, R-RESIDUAL, R-ONE-TURN]; ``melds``/``pairs`` are the tiles of each meld or pair
separated by ``" | "``, tiles by spaces; the ``outs_`` columns are filled with
``--outs`` only (tiles to draw, or empty when none is known)."""


def _tiles(tiles: Any) -> str:
    return " ".join(tiles) if isinstance(tiles, list) else ""


def _groups(groups: Any) -> str:
    return " | ".join(_tiles(g.get("tiles")) for g in groups) if isinstance(groups, list) else ""


def _flag(value: Any) -> Any:
    return ("true" if value else "false") if isinstance(value, bool) else value


def csv_row(record: Mapping[str, Any]) -> list[Any]:
    """One ``batch`` record (a ``solve --format json`` object with ``line``, or
    ``{"line", "error"}``) as a row of :data:`CSV_COLUMNS`: numbers as integers,
    booleans ``true``/``false``, ``None`` for an empty cell. An error record
    fills ``line`` and ``error`` only."""
    if "error" in record:
        return [record.get("line"), record.get("error"), *[None] * (len(CSV_COLUMNS) - 2)]
    melds = record.get("melds") or {}
    pairs = record.get("pairs") or {}
    one_turn = record.get("one_turn_finish") or {}
    points = one_turn.get("points") or {}
    outs = record.get("outs")
    distance = outs.get("distance", {}) if isinstance(outs, dict) else {}
    row = [
        record.get("line"), None, _tiles(record.get("rack")), record.get("can_open"),
        record.get("recommended"),
        melds.get("value"), melds.get("count"), melds.get("threshold"),
        melds.get("meets_threshold"), melds.get("status"), melds.get("proven"),
        _groups(melds.get("melds")), _tiles(melds.get("left")), melds.get("residual_penalty"),
        pairs.get("count"), pairs.get("threshold"), pairs.get("meets_threshold"),
        pairs.get("status"), pairs.get("proven"), _groups(pairs.get("pairs")),
        _tiles(pairs.get("left")), pairs.get("residual_penalty"),
        one_turn.get("possible"), points.get("winner"), points.get("each_opponent"),
        (distance.get("melds") or {}).get("tiles"), (distance.get("pairs") or {}).get("tiles"),
    ]  # fmt: skip
    return [_flag(cell) for cell in row]
