"""Many racks at once: JSON Lines in, JSON Lines out, in input order.

One case per input line: a rack in the usual notation, or a JSON object with
``"rack"`` and any ``solve`` option (``{"rack": "R3 R4 R5 …", "take": "R6"}``).
Blank lines and lines starting with ``#`` are skipped. Each output record is
the ``solve --format json`` object with ``"line"`` (1-based input line) first
(with ``"outs": true``, or ``batch --outs``, plus the ``outs --format json``
object as ``"outs"``; ``"seen"`` gives its seen tiles);
a bad line gives ``{"line": n, "error": "…"}`` and the batch goes on.

Input is read lazily and worked in bounded windows, so memory stays flat
however long the input; ``jobs`` > 1 spreads each window over processes and
still writes in input order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
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

    options = dict(options)
    with_outs = options.pop("outs", False)
    seen = options.pop("seen", None)
    try:
        case = build_case(rack_text, options)
        if not isinstance(with_outs, bool):
            raise OptionError(f"option 'outs': {with_outs!r} is not true or false")
        if seen is not None and not isinstance(seen, str):
            raise OptionError(f"option 'seen': {seen!r} is not a string of tiles")
        if seen is not None and not with_outs:
            raise OptionError("option 'seen' needs 'outs': true")
    except (RackError, OptionError) as err:
        return {"error": str(err)}
    analysis = analyse(case.rack, case.rules, alternatives=case.alternatives,
                       time_limit=case.time_limit)  # fmt: skip
    record = analysis_json(analysis)
    if with_outs:
        # the 'outs --format json' object [issue 8]
        from rummy101_solver.outs import analyse_outs, read_seen
        from rummy101_solver.render_outs import analysis_outs_json

        try:
            seen_tiles = read_seen(seen or "", case.rack, case.rules)
        except RackError as err:
            return {"error": str(err)}
        outs = analyse_outs(case.rack, case.rules, seen_tiles, time_limit=case.time_limit)
        record["outs"] = analysis_outs_json(outs)
    return record


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


def run_batch(
    lines: Iterable[str], defaults: Mapping[str, Any], *, jobs: int = 1
) -> Iterator[Record]:
    """Yield one :class:`Record` per case line, in input order.

    ``lines`` is read lazily, ``WINDOW_PER_JOB * jobs`` lines at a time.
    """
    numbered = enumerate(lines, start=1)
    if jobs <= 1:
        for number, text in numbered:
            record = analyse_line(number, text, defaults)
            if record is not None:
                yield record
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        while window := list(islice(numbered, WINDOW_PER_JOB * jobs)):
            step = max(1, len(window) // jobs)
            parts = [window[i : i + step] for i in range(0, len(window), step)]
            for records in pool.map(_window, parts, [defaults] * len(parts)):
                yield from (r for r in records if r is not None)
