"""The ``--log`` file of ``rummy101 simulate --rounds``: every action of every
round, one JSON line each, in the ``track`` event format where it fits.

Per round, in seed order and variant by variant: a ``new`` record (the deal:
every rack, the indicator, the stock, the rules, and ``bots``: the bot kind
of each seat, seat 1 first), then one record per
action — ``draw``, ``take``, ``lay`` (``groups`` as written, jokers pinned
``J=R7``; ``onto`` the 1-based table group of a lay-off or retrieval),
``discard`` — with the fields of :func:`~rummy101_solver.files.game_file.event_json`
plus ``player`` (the seat that acted) and ``turn``, then an ``end`` record
(``ending``, ``winner``, points per seat, the openings, each ``fed`` when
its turn began by taking the discard of the seat before). In a duplicate
arena every play of a deal is a round of its own (the same seed; the
``bots`` of its ``new`` record say where the challenger sat). Every record carries
``format``, ``variant``, ``seed`` and ``event`` (1-based within the round).
Compact JSON, keys in a fixed order: the same seed gives the same bytes. The
log is written round by round (:class:`~rummy101_solver.files.durable.RecordLog`):
it ends on a whole round when the run is stopped (SIGTERM, Ctrl-C) or the disk
fills (then exit 2 naming ``--log``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from rummy101_solver.engine.rounds import RoundResult, RoundVariant
from rummy101_solver.files.game_file import event_json

FORMAT = "rummy101-round-1"
"""The ``format`` of every line of a rounds log."""


def _line(record: dict[str, Any]) -> bytes:
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def round_records(variant: RoundVariant, result: RoundResult) -> Iterator[dict[str, Any]]:
    """The records of one round (module docstring), JSON-ready, in order."""
    head = {"format": FORMAT, "variant": variant.name, "seed": result.deal.seed}
    deal = result.deal.to_json()
    deal.pop("seed")
    yield {**head, "event": 1, "kind": "new", **deal, "rules": variant.rules_json(),
           "bots": list(result.bots)}  # fmt: skip
    number = 1
    for action in result.actions:
        number += 1
        record = event_json(action.event, number)
        record.pop("format")
        record.pop("event")
        kind = record.pop("kind")
        record.pop("player", None)
        yield {**head, "event": number, "kind": kind, "player": action.seat,
               "turn": action.turn, **record}  # fmt: skip
    yield {
        **head,
        "event": number + 1,
        "kind": "end",
        "ending": result.ending,
        "winner": result.winner,
        "turns": result.turns,
        "points": list(result.results),
        "openings": [
            {"player": seat, "how": how, "value": value, "turn": turn, "fed": fed}
            for (seat, how, value, turn), fed in zip(result.openings, result.fed, strict=True)
        ],
    }


def round_lines(variant: RoundVariant, result: RoundResult) -> Iterator[bytes]:
    """The lines of one round: compact JSON, UTF-8, a newline each."""
    for record in round_records(variant, result):
        yield _line(record)


def round_bytes(variant: RoundVariant, result: RoundResult) -> bytes:
    """The lines of one round as one block, written with one ``os.write`` by
    :class:`~rummy101_solver.files.durable.RecordLog`: the log ends on a whole
    round whatever stops the run (SIGTERM, SIGINT, a full disk) [issue 34]."""
    return b"".join(round_lines(variant, result))
