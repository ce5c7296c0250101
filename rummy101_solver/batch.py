"""Many racks at once: JSON Lines in, JSON Lines out, in input order.

One case per input line: a rack in the usual notation, or a JSON object with
``"rack"`` and any ``solve`` option (``{"rack": "R3 R4 R5 …", "take": "R6"}``).
Blank lines and lines starting with ``#`` are skipped. Each output record is
the ``solve --format json`` object with ``"line"`` (1-based input line) first;
a bad line gives ``{"line": n, "error": "…"}`` and the batch goes on.

Input is read lazily and worked in bounded chunks, so memory stays flat
however long the input; ``jobs`` > 1 keeps a few chunks in the hands of each
process and still writes in input order.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rummy101_solver.case import OptionError, build_case
from rummy101_solver.parsing import RackError

WINDOW_PER_JOB = 64
"""Lines handed to each process at a time: bounds memory and keeps order cheap."""


@dataclass(frozen=True)
class Record:
    """One output line: the JSON text, and whether the input line was rejected."""

    line: int
    text: str
    error: bool


def _compact(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def parse_line(text: str) -> tuple[str, dict[str, Any]] | None:
    """One input line → (rack text, options), or ``None`` for a blank or ``#`` line.

    Raises :class:`~rummy101_solver.case.OptionError` for a JSON line that is
    not an object with a ``"rack"`` string (or list of strings).
    """
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    if not stripped.startswith("{"):
        return stripped, {}
    try:
        obj = json.loads(stripped)
    except json.JSONDecodeError as err:
        raise OptionError(f"not valid JSON: {err.msg} (column {err.colno})") from None
    if not isinstance(obj, dict):
        raise OptionError('a JSON line must be an object with a "rack"')
    rack = obj.pop("rack", None)
    if isinstance(rack, list) and all(isinstance(t, str) for t in rack):
        rack = " ".join(rack)
    if not isinstance(rack, str):
        raise OptionError('a JSON line needs "rack": a string of tiles')
    return rack, {key.replace("-", "_"): value for key, value in obj.items()}


def analyse_record(rack_text: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The ``solve --format json`` object for one case, or ``{"error": message}``
    when the rack or an option is bad."""
    from rummy101_solver.render import analysis_json
    from rummy101_solver.solver import analyse

    try:
        case = build_case(rack_text, options)
    except (RackError, OptionError) as err:
        return {"error": str(err)}
    analysis = analyse(case.rack, case.rules, alternatives=case.alternatives,
                       time_limit=case.time_limit)  # fmt: skip
    return analysis_json(analysis)


def analyse_line(number: int, text: str, defaults: Mapping[str, Any]) -> Record | None:
    """Analyse one input line; ``defaults`` are the command-line options (the
    line's own options win). ``None`` for a skipped line."""
    try:
        parsed = parse_line(text)
    except OptionError as err:
        return Record(number, _compact({"line": number, "error": str(err)}), True)
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

    from rummy101_solver import candidates, render, sat, solver  # noqa: F401  (imported for their cost)

    sat.helper()
    candidates.build_all_patterns()
    gc.collect()
    gc.freeze()


def run_batch(
    lines: Iterable[str], defaults: Mapping[str, Any], *, jobs: int = 1
) -> Iterator[Record]:
    """Yield one :class:`Record` per case line, in input order.

    ``lines`` is read lazily: with ``jobs`` > 1, at most ``WINDOW_PER_JOB * jobs``
    lines are in the workers' hands at a time, in ``2 * jobs`` chunks, so a worker
    that finishes a chunk finds the next one waiting. Worker processes start
    with :func:`warm_up`; a long run in this process may call it first.
    """
    numbered = enumerate(lines, start=1)
    if jobs <= 1:
        for number, text in numbered:
            record = analyse_line(number, text, defaults)
            if record is not None:
                yield record
        return
    chunk = max(1, WINDOW_PER_JOB // 2)
    with ProcessPoolExecutor(max_workers=jobs, initializer=warm_up) as pool:
        pending: deque[Future[list[Record | None]]] = deque()
        while True:
            while len(pending) < 2 * jobs and (part := list(islice(numbered, chunk))):
                pending.append(pool.submit(_window, part, defaults))
            if not pending:
                return
            yield from (r for r in pending.popleft().result() if r is not None)
