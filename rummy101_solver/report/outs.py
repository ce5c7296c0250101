"""``rummy101 outs`` results to JSON-ready dicts and readable text (tabulate).

Nothing here imports ortools. Probabilities are exact fractions
``copies/unseen`` (written unreduced, e.g. ``"25/85"``) with a percentage.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rummy101_solver.engine.outs import (
    DiscardRow,
    Distance,
    DrawOdds,
    Estimate,
    OpenWithin,
    Outs,
    OutsAnalysis,
    Target,
)
from rummy101_solver.game.rules import OpeningKind, Rules
from rummy101_solver.game.tiles import codes
from rummy101_solver.messages import count_of
from rummy101_solver.report.render import meld_json, rules_text, tile_text, tiles_text
from rummy101_solver.tables import tabulate

KINDS: tuple[OpeningKind, OpeningKind] = ("melds", "pairs")
GOALS = ("melds", "pairs", "either")


def _fraction(copies: int, unseen: int) -> str:
    return f"{copies}/{unseen}"


def _percent(copies: int, unseen: int) -> float:
    return round(float(Fraction(copies, unseen) * 100), 2) if unseen else 0.0


# --- JSON ----------------------------------------------------------------------------


def target_json(target: Target | None) -> list[dict[str, Any]] | None:
    """The melds of a target opening, each with ``drawn``: which tiles are drawn."""
    if target is None:
        return None
    out = []
    for meld, marks in zip(target.melds, target.drawn, strict=True):
        item = meld_json(meld)
        item["drawn"] = list(marks)
        out.append(item)
    return out


def distance_json(distance: Distance) -> dict[str, Any]:
    """``{"tiles", "status", "target", "missing"}`` of one opening kind."""
    target = distance.target
    return {
        "tiles": distance.tiles,
        "status": distance.status,
        "target": target_json(target),
        "missing": codes(target.missing) if target else None,
    }


def outs_json(outs: Outs) -> dict[str, Any]:
    """``{"melds": [{"tile", "copies", "probability", "percent"}], "pairs": [...],
    "any": {"copies", "probability", "percent"}, "unseen", "complete"}``."""
    unseen = outs.unseen

    def listing(kind: OpeningKind) -> list[dict[str, Any]]:
        return [
            {
                "tile": o.tile.code,
                "copies": o.copies,
                "probability": _fraction(o.copies, unseen),
                "percent": _percent(o.copies, unseen),
            }
            for o in outs.of(kind)
        ]

    copies = outs.copies("any")
    return {
        "melds": listing("melds"),
        "pairs": listing("pairs"),
        "any": {
            "copies": copies,
            "probability": _fraction(copies, unseen),
            "percent": _percent(copies, unseen),
        },
        "unseen": unseen,
        "complete": outs.complete,
    }


def _odds_value(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 4)


def open_within_json(odds: OpenWithin | None) -> dict[str, Any] | None:
    """``{"turns", "melds", "pairs", "either"}``: P(can open within ``turns``
    own draws), 4 decimals, null where unknown; null when not computed."""
    if odds is None:
        return None
    return {
        "turns": odds.turns,
        "melds": _odds_value(odds.melds),
        "pairs": _odds_value(odds.pairs),
        "either": _odds_value(odds.either),
    }


def discard_json(row: DiscardRow) -> dict[str, Any]:
    """One row of the discard table."""
    copies = row.outs.copies("any")
    return {
        "tile": row.tile.code,
        "points": row.tile.points,
        "distance": {"melds": row.melds.tiles, "pairs": row.pairs.tiles},
        "status": {"melds": row.melds.status, "pairs": row.pairs.status},
        "outs": outs_json(row.outs),
        "probability": _fraction(copies, row.outs.unseen),
        "percent": _percent(copies, row.outs.unseen),
        "open_within": open_within_json(row.open_within),
    }


def _estimate_json(estimate: Estimate, bound: str) -> dict[str, Any]:
    low, high = estimate.interval
    return {
        "samples": estimate.samples,
        "hits": estimate.hits,
        "probability": round(estimate.probability, 4),
        "interval": [round(low, 4), round(high, 4)],
        "bound": bound,
    }


def analysis_outs_json(analysis: OutsAnalysis) -> dict[str, Any]:
    """The whole ``outs --format json`` object (schema in the README)."""
    draws = None
    if analysis.draws is not None:
        odds = analysis.draws
        draws = {
            # the keep-everything estimate, as before the advice's was added
            "n": odds.n,
            "samples": odds.samples,
            "seed": odds.seed,
            "probability": round(odds.probability, 4),
            "interval": [round(odds.interval[0], 4), round(odds.interval[1], 4)],
            "upper_bound": True,
            "keep_all": _estimate_json(odds.keep_all, "upper"),
            "following_advice": {
                **_estimate_json(odds.advice, "lower"),
                "discard_tables": odds.tables,
            },
        }
    discard = analysis.recommended_discard
    return {
        "rack": analysis.rack.codes,
        "seen": codes(analysis.seen),
        "unseen": analysis.unseen.total,
        "rules": analysis.rules.to_json(),
        "distance": {k: distance_json(analysis.distance(k)) for k in KINDS},
        "outs": outs_json(analysis.outs),
        "discards": (
            [discard_json(r) for r in analysis.discards] if analysis.discards is not None else None
        ),
        "draws": draws,
        "open_within": open_within_json(analysis.open_within),
        "recommended_discard": discard.code if discard else None,
        "can_open": analysis.can_open,
    }


# --- text ----------------------------------------------------------------------------


def _tiles(n: int | None) -> str:
    if n is None:
        return "out of reach"
    return f"{n} tile" + ("" if n == 1 else "s")


def _pct(copies: int, unseen: int) -> str:
    return f"{_percent(copies, unseen):.1f} %"


def _status(distance: Distance) -> str:
    if distance.status == "none":
        if not distance.proven_none:
            return "none found: the time limit ran out"
        return "no opening can be reached from the unseen tiles"
    return "optimal"


def target_table(target: Target, fmt: str, *, color: bool = False) -> str:
    """A target opening as a table; drawn tiles marked ``(draw)``; tiles in
    colour when ``color`` (:func:`~rummy101_solver.report.render.tile_text`)."""
    rows = []
    for meld, marks in zip(target.melds, target.drawn, strict=True):
        words = [
            tile_text(t, f, color=color) + ("(draw)" if mark else "")
            for t, f, mark in zip(meld.tiles, meld.stands_for, marks, strict=True)
        ]
        rows.append([meld.kind, " ".join(words), meld.value])
    return tabulate(rows, headers=["kind", "tiles", "value"], tablefmt=fmt)


def _distance_section(
    name: str, distance: Distance, bar: str, fmt: str, color: bool = False
) -> list[str]:
    head = f"Distance with {name} (needs {bar}): {_tiles(distance.tiles)} ({_status(distance)})"
    target = distance.target
    if target is None or distance.tiles is None:
        return [head]
    missing = tiles_text(target.missing, color=color) if target.missing else "nothing"
    return [f"{head}; missing: {missing}", target_table(target, fmt, color=color)]


def outs_table(outs: Outs, fmt: str, *, color: bool = False) -> str:
    """Every out with its unseen copies and which distance it lowers (tiles in
    colour when ``color``)."""
    melds = {o.tile for o in outs.melds}
    pairs = {o.tile for o in outs.pairs}
    rows = [
        [
            tile_text(o.tile, color=color),
            o.copies,
            "yes" if o.tile in melds else "-",
            "yes" if o.tile in pairs else "-",
        ]
        for o in outs.any
    ]
    return tabulate(rows, headers=["out", "copies", "melds", "pairs"], tablefmt=fmt)


def outs_summary(outs: Outs) -> str:
    """One line: outs and P(next draw is an out), per kind and either."""
    parts = []
    for kind in KINDS:
        listing = outs.of(kind)
        copies = outs.copies(kind)
        parts.append(
            f"{kind} {len(listing)} out{'s' * (len(listing) != 1)}, {copies} tiles"
            f" = {_pct(copies, outs.unseen)}"
        )
    either = outs.copies("any")
    line = "; ".join(parts) + f"; either {either}/{outs.unseen} = {_pct(either, outs.unseen)}."
    if not outs.complete:
        line += " (The time limit cut the search: there may be more outs.)"
    return line[0].upper() + line[1:]


def odds_text(value: Fraction | None) -> str:
    """A probability as a percentage to 2 decimals (4 of the probability), or ``unknown``."""
    return "unknown" if value is None else f"{float(value) * 100:.2f} %"


def discard_table_text(rows: tuple[DiscardRow, ...], fmt: str, *, color: bool = False) -> str:
    """The discard table, best first (tiles in colour when ``color``); with
    the odds over the turns left when they were computed."""
    body = []
    with_odds = any(row.open_within is not None for row in rows)
    for rank, row in enumerate(rows, start=1):
        copies = row.outs.copies("any")
        line: list[Any] = [
            rank,
            tile_text(row.tile, color=color) + ("" if row.outs.complete else " *"),
            "-" if row.melds.tiles is None else row.melds.tiles,
            "-" if row.pairs.tiles is None else row.pairs.tiles,
            len(row.outs.melds),
            len(row.outs.pairs),
            copies,
            _pct(copies, row.outs.unseen),
        ]
        odds = row.open_within
        if with_odds:
            line += [odds_text(None if odds is None else getattr(odds, g)) for g in GOALS]
        body.append([*line, row.tile.points])
    headers = ["rank", "discard", "melds", "pairs", "outs melds", "outs pairs", "out tiles"]
    headers += ["next draw"]
    if with_odds:
        headers += ["open melds", "open pairs", "open either"]
    headers += ["points"]
    table = tabulate(body, headers=headers, tablefmt=fmt)
    if not all(row.outs.complete for row in rows):
        table += "\n* the time limit cut the search for this row's outs: there may be more."
    return table


def _unseen_line(analysis: OutsAnalysis) -> str:
    rack, rules = analysis.rack, analysis.rules
    parts = [f"106 minus {len(rack)} on the rack"]
    if analysis.seen:
        parts.append(f"{len(analysis.seen)} seen")
    if rules.indicator is not None:
        parts.append("the indicator")
    return (
        f"Unseen: {analysis.unseen.total} tiles ({', minus '.join(parts)}); the next draw is"
        " taken as equally likely to be any of them (opponents' racks are unseen too)."
    )


def outs_verdict(analysis: OutsAnalysis, *, color: bool = False) -> str:
    """One line: how far, how many outs, what to discard (in colour when ``color``)."""
    kind = analysis.closest
    distance = analysis.distance(kind)
    if distance.tiles is None:
        if not all(analysis.distance(k).proven_none for k in KINDS):
            return "Verdict: no target found within the time limit (not proven out of reach)."
        return "Verdict: no opening can be reached from the unseen tiles."
    if distance.tiles == 0:
        if len(analysis.rack) >= 22:
            return f"Verdict: can open now with {kind} (see rummy101 solve)."
        return f"Verdict: opens with {kind} whatever it draws (0 tiles away)."
    outs = analysis.outs
    listing = outs.of(kind)
    copies = outs.copies(kind)
    line = (
        f"Verdict: {_tiles(distance.tiles)} away with {kind}; {len(listing)}"
        f" out{'s' * (len(listing) != 1)} ({copies} tiles), {_pct(copies, outs.unseen)}"
        " next draw"
    )
    discard = analysis.recommended_discard
    if discard is not None:
        line += f"; discard {tile_text(discard, color=color)}"
    return line + "."


def _bars(rules: Rules) -> dict[OpeningKind, str]:
    """What each kind of opening needs; a bar of 0 still asks for something
    laid [R-OPEN-MELDS, R-OPEN-PAIRS] (the distance counts to that)."""
    return {
        "melds": count_of(rules.meld_bar, "points") if rules.meld_bar else "a meld laid",
        "pairs": count_of(rules.pairs_bar, "pairs") if rules.pairs_bar else "a pair laid",
    }


def analysis_outs_text(analysis: OutsAnalysis, fmt: str = "simple", *, color: bool = False) -> str:
    """The readable report of ``rummy101 outs``; with ``color`` every tile is in
    its colour (:func:`~rummy101_solver.report.render.tile_text`; the tables stay
    aligned: tabulate measures them without the codes)."""
    rack, rules = analysis.rack, analysis.rules
    rack_text = tiles_text(rack.tiles, color=color)
    lines = [f"Rack ({len(rack)} tile{'s' * (len(rack) != 1)}): {rack_text}"]
    if analysis.seen:
        lines.append(f"Seen ({len(analysis.seen)}): {tiles_text(analysis.seen, color=color)}")
    lines += rules_text(rules, color=color)
    lines += [_unseen_line(analysis), outs_verdict(analysis, color=color)]
    if analysis.open_within is not None:
        lines += open_within_text(analysis.open_within)
    lines.append("")
    bars = _bars(rules)
    for kind in KINDS:
        lines += _distance_section(kind, analysis.distance(kind), bars[kind], fmt, color)
        lines.append("")
    if analysis.discards is not None:
        lines += ["Discard table (best first; distances and outs after the discard):"]
        lines += [discard_table_text(analysis.discards, fmt, color=color), ""]
        discard = analysis.recommended_discard
        assert discard is not None
        lines.append(f"Outs after discarding {tile_text(discard, color=color)}:")
    elif len(rack) < 22:
        lines.append("Outs (a draw of one of these lowers the distance):")
    if analysis.discards is not None or len(rack) < 22:
        if analysis.outs.any:
            lines.append(outs_table(analysis.outs, fmt, color=color))
        else:
            lines.append("(none)")
        lines.append(outs_summary(analysis.outs))
    if analysis.draws is not None:
        lines += ["", *draws_text(analysis.draws)]
    return "\n".join(lines).rstrip("\n")


def open_within_text(odds: OpenWithin) -> list[str]:
    """The rack's odds over the turns left, and the model they are exact in."""
    draws = count_of(odds.turns, "own draws")
    return [
        f"Odds of opening within {draws}: melds {odds_text(odds.melds)},"
        f" pairs {odds_text(odds.pairs)}, either {odds_text(odds.either)} (exact in a"
        " one-player model: each draw equally likely to be any unseen tile, nobody else"
        " takes one, a draw kept only when it brings the opening closer; docs/outs.md).",
        *(
            [
                "  Unknown: the odds needed more discard tables than one analysis may compute"
                " (a fixed count, so that every machine prints the same)."
            ]
            if None in (odds.melds, odds.pairs, odds.either)
            else []
        ),
    ]


def _estimate_text(estimate: Estimate) -> str:
    low, high = estimate.interval
    return (
        f"{estimate.probability * 100:.1f} % (95 % interval {low * 100:.1f}–{high * 100:.1f} %;"
        f" {estimate.samples} sample{'' if estimate.samples == 1 else 's'})"
    )


def draws_text(odds: DrawOdds) -> list[str]:
    """The ``--draws`` lines: both estimates, each named with the bound it is."""
    return [
        f"Within {odds.n} draws, P(can open) by seeded Monte Carlo (seed {odds.seed}):",
        f"  following the advice: {_estimate_text(odds.advice)}; each draw that does not"
        " open is followed by the discard table's recommended discard: a lower bound on the"
        " best play.",
        f"  keeping every tile:   {_estimate_text(odds.keep_all)}; nothing is thrown"
        " between draws: an upper bound.",
        *(
            [
                "  (The lower bound came out above the upper bound: the two estimates differ"
                " by less than their sampling noise; more --advice-samples narrow it.)"
            ]
            if odds.advice.probability > odds.keep_all.probability
            else []
        ),
    ]
