"""Results to JSON-ready dicts and to readable tables (tabulate).

Nothing here imports ortools: results arrive as plain frozen dataclasses.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Colour, Face, Tile, codes, okey_face
from rummy101_solver.messages import count_of
from rummy101_solver.tables import tabulate

if TYPE_CHECKING:
    from rummy101_solver.engine.check import CheckResult, GroupCheck
    from rummy101_solver.engine.solver import Analysis, Meld, OneTurnFinish, Opening


# --- JSON ----------------------------------------------------------------------
def meld_json(meld: Meld) -> dict[str, Any]:
    """One meld or pair: kind, tiles as laid (wild as ``J``), what each plays as, points."""
    out: dict[str, Any] = {"kind": meld.kind, "tiles": codes(meld.tiles)}
    out["stands_for"] = [f.code for f in meld.stands_for]
    out["value"] = meld.value
    return out


def opening_json(opening: Opening, bar: int) -> dict[str, Any]:
    """An opening in the JSON schema of the README (``melds`` or ``pairs`` shape)."""
    key = "melds" if opening.kind == "melds" else "pairs"
    out: dict[str, Any] = {}
    if opening.kind == "melds":
        out["value"] = opening.value
    out["count"] = opening.count
    out["threshold"] = bar
    out["meets_threshold"] = opening.meets_threshold
    out["status"] = opening.status
    out["proven"] = opening.status == "optimal" or (
        opening.status == "none" and opening.proven_none
    )
    out["ranked_by"] = opening.ranked_by
    out["proven_by"] = opening.proven_by
    out[key] = [meld_json(m) for m in opening.melds]
    if opening.kind == "pairs":
        for pair in out[key]:
            del pair["kind"]
    out["left"] = codes(opening.left)
    out["residual_penalty"] = opening.residual_penalty
    if opening.taken is not None:
        meld, place = opening.taken
        out["taken"] = {
            "tile": opening.melds[meld].tiles[place].code,
            "meld": meld,
            "place": place,
        }
    if opening.twin is not None:  # written only when laid: the default JSON does not move
        meld, place = opening.twin
        out["twin"] = {
            "tile": opening.melds[meld].tiles[place].code,
            "meld": meld,
            "place": place,
        }
    return out


def one_turn_json(finish: OneTurnFinish) -> dict[str, Any]:
    """The ``one_turn_finish`` object [R-ONE-TURN, R-JOKER-FINISH, R-SCORE]."""
    opening = finish.opening
    discard = finish.discard
    return {
        "applies": finish.applies,
        "possible": finish.possible,
        "joker_finish": finish.joker_finish,
        "kind": opening.kind if opening else None,
        "melds": [meld_json(m) for m in opening.melds] if opening else [],
        "discard": discard.code if discard else None,
        "points": {"winner": finish.winner_points, "each_opponent": finish.opponent_points},
        "proven": finish.proven,
    }


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The whole ``solve --format json`` object (schema in the README)."""
    rules = analysis.rules
    return {
        "rack": analysis.rack.codes,
        "rules": rules.to_json(),
        "melds": opening_json(analysis.melds, rules.meld_bar),
        "meld_alternatives": [opening_json(o, rules.meld_bar) for o in analysis.meld_alternatives],
        "pairs": opening_json(analysis.pairs, rules.pairs_bar),
        "pair_alternatives": [opening_json(o, rules.pairs_bar) for o in analysis.pair_alternatives],
        "one_turn_finish": one_turn_json(analysis.one_turn),
        "can_open": analysis.can_open,
        "recommended": analysis.recommended,
    }


def dumps(obj: Any) -> str:
    """JSON text as the CLI prints it: two-space indent, UTF-8 kept, keys in schema order."""
    import json  # here: a text report does without it

    return json.dumps(obj, indent=2, ensure_ascii=False)


# --- colour --------------------------------------------------------------------
COLOUR_SGR: dict[Colour, str] = {
    Colour.RED: "31",  # red
    Colour.BLUE: "34",  # blue
    Colour.BLACK: "1",  # bold: black text would vanish on a dark terminal
    Colour.YELLOW: "33",  # yellow
}
"""ANSI SGR parameters of the tile colours [R-TILES]: ``ESC [ <n> m``, reset by ``ESC [ 0 m``."""

WILD_SGR = "35"
"""ANSI SGR parameter of a wild tile (joker / okey): magenta."""


def paint(text: str, sgr: str) -> str:
    """``text`` wrapped in one ANSI SGR code and the reset: ``paint("R7", "31")`` is
    ``"\x1b[31mR7\x1b[0m"``. Only for terminals; JSON is never painted."""
    return f"\x1b[{sgr}m{text}\x1b[0m"


def face_text(face: Face, *, color: bool = False) -> str:
    """A face in short form (``R7``), in its colour when ``color``."""
    return paint(face.code, COLOUR_SGR[face.colour]) if color else face.code


def tile_text(tile: Tile, face: Face | None = None, *, color: bool = False) -> str:
    """One tile as text: ``R7``, ``J``, ``F``; given the ``face`` a wild or fake
    tile plays as, that too: ``J=R13``, ``F=B6``.

    With ``color`` the text carries ANSI colour codes (:data:`COLOUR_SGR`): a
    numbered or fake tile in its colour, a wild tile in magenta, a stand-in in
    the colour it plays as. The codes take no width on a terminal, and tabulate
    leaves them out when it measures columns. This is the one function every
    command uses to show a tile.
    """
    if tile.is_wild:
        head = paint(tile.code, WILD_SGR) if color else tile.code
    elif color and tile.face is not None:
        head = paint(tile.code, COLOUR_SGR[tile.face.colour])
    else:
        head = tile.code
    if face is not None and (tile.is_wild or tile.fake):
        return f"{head}={face_text(face, color=color)}"
    return head


def tiles_text(tiles: Iterable[Tile], *, color: bool = False, none: str = "-") -> str:
    """Tiles in short form, separated by spaces, coloured when ``color``
    (see :func:`tile_text`); ``none`` (``-``) when there are none."""
    return " ".join(tile_text(t, color=color) for t in tiles) or none


# --- text ----------------------------------------------------------------------
def meld_text(
    meld: Meld, taken: int | None = None, *, color: bool = False, twin: int | None = None
) -> str:
    """A meld's tiles in one string: ``R10 R11 R12 J=R13``; the tile at place
    ``taken`` (the taken discard) is marked ``(taken)``; the indicator's twin at place
    ``twin`` is written ``K7=B3(twin)``: the indicator's face, what it plays as
    [R-INDICATOR-TWIN]."""
    words = [tile_text(t, f, color=color) for t, f in zip(meld.tiles, meld.stands_for, strict=True)]
    if taken is not None:
        words[taken] += "(taken)"
    if twin is not None:
        words[twin] = f"{meld.tiles[twin].code}={meld.stands_for[twin].code}(twin)"
    return " ".join(words)


def _meld_texts(opening: Opening, color: bool = False) -> list[str]:
    return [
        meld_text(
            m,
            opening.taken[1] if opening.taken and opening.taken[0] == i else None,
            color=color,
            twin=opening.twin[1] if opening.twin and opening.twin[0] == i else None,
        )
        for i, m in enumerate(opening.melds)
    ]


def _measure(opening: Opening) -> str:
    if opening.kind == "melds":
        return f"{opening.value} points"
    return f"{opening.count} pair" + ("" if opening.count == 1 else "s")  # 0 pairs, 1 pair


def _bar(opening: Opening, bar: int) -> str:
    unit = "points" if opening.kind == "melds" else "pairs"
    if opening.meets_threshold:
        return f"meets {count_of(bar, unit)}"
    if not opening.melds and opening.score >= bar:  # a bar of 0: laying nothing is no opening
        return f"needs {_one_laid(opening.kind)}"
    return f"short of {count_of(bar, unit)}"


def _one_laid(kind: str) -> str:
    """What a bar of 0 still asks: something laid [R-OPEN-MELDS, R-OPEN-PAIRS]."""
    if kind == "melds":
        return "at least one meld laid [R-OPEN-MELDS]"
    return "at least one pair laid [R-OPEN-PAIRS]"


def _needs(kind: str, bar: int) -> str:
    """``needs 101``, or for a bar of 0 ``needs a meld laid``: an opening lays something."""
    if bar == 0:
        return "needs a meld laid" if kind == "melds" else "needs a pair laid"
    return f"needs {bar}"


def _status_note(opening: Opening) -> str:
    if opening.status == "feasible":
        return "feasible: the time limit ran out before this was proven best"
    if opening.status == "none":
        if not opening.proven_none:
            return "none found: the time limit ran out, not proven impossible"
        return "none possible under these rules"
    return opening.status


def verdict_text(analysis: Analysis, *, color: bool = False) -> str:
    """One line: can the rack open, and with what [R-OPEN-MELDS, R-OPEN-PAIRS];
    a one-turn finish, when there is one, is named too [R-ONE-TURN]."""
    line = _verdict(analysis, color)
    finish = analysis.one_turn
    if finish.possible:
        kind = "joker finish" if finish.joker_finish else "one-turn finish"
        if analysis.can_open:
            line += f" It can even finish this turn: a {kind} (see below)."
        else:  # only the house rule lets a finish below the bar stand
            line += (
                f" But it can finish this turn under the house rule: a {kind} (see below)"
                " [R-ONE-TURN-ANY-VALUE]."
            )
    return line


def _verdict(analysis: Analysis, color: bool) -> str:
    rules = analysis.rules
    melds, pairs = analysis.melds, analysis.pairs
    best = analysis.recommended
    if rules.take is not None:
        take = tile_text(rules.take, color=color)
        if best is None:
            return (
                f"Verdict: do not take {take}: no opening that uses it reaches the threshold"
                f" (best melds {_measure(melds)}, {_needs('melds', rules.meld_bar)};"
                f" best pairs {_measure(pairs)}, {_needs('pairs', rules.pairs_bar)})."
            )
        chosen = melds if best == "melds" else pairs
        return (
            f"Verdict: take {take}: it lets you open with {best}, {_measure(chosen)}"
            f" ({_needs(best, rules.bar(best))}), residual penalty {chosen.residual_penalty}."
        )
    if best is None:
        unproven = [
            o
            for o in (melds, pairs)
            if o.status == "feasible" or (o.status == "none" and not o.proven_none)
        ]
        head = "Verdict: cannot open."
        if unproven:
            head = "Verdict: no opening found within the time limit (not proven impossible)."
        return (
            f"{head} Best melds {_measure(melds)} ({_needs('melds', rules.meld_bar)}),"
            f" best pairs {_measure(pairs)} ({_needs('pairs', rules.pairs_bar)})."
        )
    chosen = melds if best == "melds" else pairs
    other = pairs if best == "melds" else melds
    line = (
        f"Verdict: can open. Play {best}: {_measure(chosen)}"
        f" ({_needs(best, rules.bar(best))}), residual penalty {chosen.residual_penalty}."
    )
    if other.meets_threshold:
        line += (
            f" {other.kind.capitalize()} open too: {_measure(other)},"
            f" residual penalty {other.residual_penalty}."
        )
    elif other.status == "feasible" or (other.status == "none" and not other.proven_none):
        line += " " + CUT_SEARCH[other.kind]
    return line


CUT_SEARCH = {
    "melds": "But the meld search was cut by the time limit: it neither found nor ruled out"
    " a meld opening, so melds may still be better.",
    "pairs": "But the pairs search was cut by the time limit: it neither found nor ruled out"
    " a pairs opening, so pairs may still be better.",
}
"""The verdict's note when the other kind's search was cut before it found or
ruled out an opening [R-OPEN-MELDS, R-OPEN-PAIRS]; one whole sentence each."""


def opening_table(opening: Opening, fmt: str, *, color: bool = False, keep: int = 0) -> str:
    """The melds of one opening as a table: kind, tiles (wild shows its stand-in), value.
    With nothing laid, a line saying so; with ``keep`` (tiles that stay for the
    discard) it names that rule, which may be why [R-KEEP-DISCARD]."""
    if not opening.melds:
        return f"(nothing to lay down{_kept(keep)})"
    texts = _meld_texts(opening, color)
    rows = [[m.kind, text, m.value] for m, text in zip(opening.melds, texts, strict=True)]
    return tabulate(rows, headers=["kind", "tiles", "value"], tablefmt=fmt)


def alternatives_table(
    openings: Sequence[Opening], bar: int, fmt: str, *, color: bool = False
) -> str:
    """Ranked alternatives: value (or pairs), melds, tiles left, residual penalty."""
    melds = openings[0].kind == "melds"
    rows = []
    for rank, o in enumerate(openings, start=2):
        rows.append(
            [
                rank,
                o.value if melds else o.count,
                " | ".join(_meld_texts(o, color)),
                tiles_text(o.left, color=color),
                o.residual_penalty,
                "yes" if o.meets_threshold else "no",
            ]
        )
    headers = ["rank", "points" if melds else "pairs", "melds" if melds else "pairs"]
    headers += ["left", "residual penalty", f"meets {bar}"]
    return tabulate(rows, headers=headers, tablefmt=fmt)


def _held_back(kind: str, analysis: Analysis) -> int:
    """The tiles kept for the discard when they are why nothing of ``kind`` is
    laid: the rack holds a meld (or a pair) but the best opening lays none, so
    only the tile kept for the discard stopped it [R-KEEP-DISCARD]; else 0."""
    opening = analysis.melds if kind == "melds" else analysis.pairs
    rules = analysis.rules
    if opening.melds or not rules.keep or rules.take is not None or opening.status != "optimal":
        return 0  # a taken discard must be laid: that, not the kept tile, may be why
    rack = analysis.rack
    counts = rack.face_counts
    if kind == "melds":
        from rummy101_solver.engine.candidates import meld_patterns

        holds = bool(meld_patterns(counts, rack.wilds))
    else:
        wild_pair = analysis.rules.joker_pairs and rack.wilds > 0 and bool(counts)
        holds = any(k >= 2 for k in counts.values()) or wild_pair
    return analysis.rules.keep if holds else 0


def _kept(keep: int) -> str:
    """`` with 1 tile kept for the discard [R-KEEP-DISCARD]``, or nothing."""
    if not keep:
        return ""
    return f" with {count_of(keep, 'tiles')} kept for the discard [R-KEEP-DISCARD]"


def _opening_section(
    title: str, opening: Opening, bar: int, fmt: str, color: bool = False, keep: int = 0
) -> list[str]:
    head = f"{title}: {_measure(opening)}, {_bar(opening, bar)} ({_status_note(opening)})"
    left = tiles_text(opening.left, color=color)
    return [
        head,
        opening_table(opening, fmt, color=color, keep=keep),
        f"Left: {left}   residual penalty {opening.residual_penalty}",
    ]


def rules_text(rules: Rules, *, color: bool = False) -> list[str]:
    """Lines naming the switches that differ from the classic defaults."""
    lines = []
    if rules.indicator is not None:
        okey = face_text(okey_face(rules.indicator), color=color)
        indicator = face_text(rules.indicator, color=color)
        lines.append(
            f"Indicator {indicator}: the okey is {okey}; J = okey (wild),"
            f" F = fake okey (plays as {okey}) [R-INDICATOR]."
        )
    if rules.take is not None:
        take = tile_text(rules.take, color=color)
        lines.append(f"Taken discard: {take} (must be laid) [R-TAKE-DISCARD].")
    if rules.objective == "penalty":
        lines.append("Objective: lowest residual penalty among openings that meet the bar.")
    if not rules.joker_pairs:
        lines.append("House rule: a joker may not replace a tile of a pair.")
    if rules.rising:
        lines.append(rising_text(rules))
    if rules.one_turn_any_value:
        lines.append(
            "House rule: a one-turn finish stands whatever its value [R-ONE-TURN-ANY-VALUE]."
        )
    if rules.twin_laid and rules.indicator is not None:
        lines.append(
            f"House rule: your twin of the indicator {rules.indicator.code} lies on the"
            " indicator and completes one pair of a pairs opening; it counts in no run or set"
            " [R-INDICATOR-TWIN]."
        )
    return lines


def rising_text(rules: Rules) -> str:
    """The rising-mode line: what each kind of opening needs now, and why [R-RISING]."""
    if rules.after is None:
        melds = f"melds need {rules.meld_bar} points"
    else:
        melds = f"after a {rules.after}-point opening melds need {rules.meld_bar} points"
    if rules.after_pairs is None:
        pairs = f"pairs need {rules.pairs_bar} pairs"
    else:
        pairs = f"after a {rules.after_pairs}-pair opening pairs need {rules.pairs_bar} pairs"
    if not rules.someone_opened:
        return f"Rising mode: nobody has opened yet; {melds}, {pairs} [R-RISING]."
    return f"Rising mode: {melds}; {pairs} [R-RISING]."


def one_turn_text(
    finish: OneTurnFinish, fmt: str, rules: Rules | None = None, *, color: bool = False
) -> list[str]:
    """The one-turn finish section [R-ONE-TURN, R-JOKER-FINISH, R-SCORE]; with
    ``rules``, a finish below the opening bar cites the house rule that lets it
    stand [R-ONE-TURN-ANY-VALUE]."""
    if not finish.applies:
        return ["One-turn finish: does not apply, someone has opened already [R-ONE-TURN]."]
    if finish.opening is None:
        if not finish.proven:
            return ["One-turn finish: none found within the time limit (not proven impossible)."]
        return ["One-turn finish: not possible [R-ONE-TURN]."]
    discard = tile_text(finish.discard, color=color) if finish.discard else "-"
    kind = "a joker finish" if finish.joker_finish else "a one-turn finish"
    opening = finish.opening
    cited = "R-ONE-TURN, R-SCORE"
    if rules is not None and opening.score < rules.bar(opening.kind):
        unit = "points" if opening.kind == "melds" else "pairs"
        kind += f" worth {count_of(opening.score, unit)}, below {rules.bar(opening.kind)},"
        cited = "R-ONE-TURN-ANY-VALUE, R-SCORE"
    return [
        f"One-turn finish: possible, {kind} discarding {discard}: the winner gains"
        f" {finish.winner_points}, every opponent loses {-finish.opponent_points}"
        f" [{cited}].",
        opening_table(finish.opening, fmt, color=color),
    ]


def fallback_text(analysis: Analysis) -> list[str]:
    """The header line when ``--objective penalty`` fell back to value: no
    opening of a kind meets its bar, so that kind is ranked by value [R-RESIDUAL]."""
    kinds = analysis.fallback
    if not kinds:
        return []
    rules = analysis.rules
    missed = {
        "melds": f"no meld opening meets {count_of(rules.meld_bar, 'points')}",
        "pairs": f"no pairs opening meets {count_of(rules.pairs_bar, 'pairs')}",
    }
    which = " and ".join(missed[k] for k in kinds)
    ranked = "both are" if len(kinds) == 2 else f"{kinds[0]} are"
    return [
        f"Objective fallback: {which}, so {ranked} ranked as with --objective value [R-RESIDUAL]."
    ]


def _alternatives_section(
    title: str,
    best: Opening,
    openings: Sequence[Opening],
    complete: bool,
    bar: int,
    fmt: str,
    color: bool,
    keep: int = 0,
    twin_laid: bool = False,
) -> list[str]:
    if twin_laid:
        return [
            "",
            f"{title}: not searched with the indicator's twin laid (--twin-laid)"
            " [R-INDICATOR-TWIN].",
        ]
    if openings:
        return ["", f"{title}:", alternatives_table(openings, bar, fmt, color=color)]
    if not complete:
        return ["", f"{title}: none found within the time limit (not proven that none exist)."]
    if not best.melds:
        nothing = "no meld can be laid" if best.kind == "melds" else "no pair can be laid"
        return ["", f"{title}: none: {nothing}{_kept(keep)}."]
    return ["", f"{title}: none: every other one lays only tiles the best one lays (a part of it)."]


def analysis_text(
    analysis: Analysis,
    fmt: str = "simple",
    *,
    color: bool = False,
    explanation: Sequence[str] = (),
) -> str:
    """The readable report: rack, verdict, best meld and pairs openings,
    alternatives (a line saying so when none is found), then the
    ``explanation`` sentences if any (see :mod:`rummy101_solver.report.explain`).
    With ``color`` tiles carry ANSI colour codes (see :func:`tile_text`)."""
    rules = analysis.rules
    rack = analysis.rack
    rack_tiles = tiles_text(rack.tiles, color=color)
    lines = [f"Rack ({len(rack)} tile{'s' * (len(rack) != 1)}): {rack_tiles}"]
    lines += rules_text(rules, color=color)
    lines += fallback_text(analysis)
    lines += [verdict_text(analysis, color=color), ""]
    keep_melds, keep_pairs = _held_back("melds", analysis), _held_back("pairs", analysis)
    lines += _opening_section(
        "Best meld opening", analysis.melds, rules.meld_bar, fmt, color, keep_melds
    )
    lines.append("")
    lines += _opening_section(
        "Best pairs opening", analysis.pairs, rules.pairs_bar, fmt, color, keep_pairs
    )
    lines += ["", *one_turn_text(analysis.one_turn, fmt, rules, color=color)]
    if analysis.alternatives:
        lines += _alternatives_section(
            "Other meld openings",
            analysis.melds,
            analysis.meld_alternatives,
            analysis.meld_alternatives_complete,
            rules.meld_bar,
            fmt,
            color,
            keep_melds,
        )
        lines += _alternatives_section(
            "Other pairs openings",
            analysis.pairs,
            analysis.pair_alternatives,
            analysis.pair_alternatives_complete,
            rules.pairs_bar,
            fmt,
            color,
            keep_pairs,
            twin_laid=rules.twin_laid,
        )
    if explanation:
        lines += ["", "Why:", *explanation]
    return "\n".join(lines)


# --- rummy101 check -------------------------------------------------------------------
def reorder_text(check: GroupCheck) -> str | None:
    """For a run illegal only because of where an unpinned joker sits: what the
    jokers stand for as written, and the legal order with its value, e.g. "as
    written J stands for R2; laid R3 J R5 it is a legal run worth 12" [R-RUN, R-WILD]."""
    reorder = check.verdict.reorder
    if reorder is None:
        return None
    names = []
    for colour, number in reorder.as_written:
        name = f"{colour}{number}"
        names.append(name if 1 <= number <= 13 else f"{name} (no such tile)")
    if len(names) == 1:
        read = f"J stands for {names[0]}"
    else:
        read = f"the jokers stand for {', '.join(names[:-1])} and {names[-1]}"
    laid = " ".join(check.tiles[i].tile.code for i in reorder.order)
    return f"as written {read}; laid {laid} it is a legal run worth {reorder.value}"


def _stand_in_text(result: CheckResult, group: int, color: bool = False) -> str:
    check = result.groups[group]
    words = []
    open_colours = dict(check.verdict.may_be)
    for place, (laid, face) in enumerate(zip(check.tiles, check.verdict.stands_for, strict=True)):
        tile = laid.tile
        if (tile.is_wild or tile.fake) and face is not None and place in open_colours:
            faces = [f"{c}{face.number}" for c in open_colours[place]]
            if color:
                faces = [paint(f, COLOUR_SGR[Colour(f[0])]) for f in faces]
            words.append(f"{tile_text(tile, color=color)}={'/'.join(faces)}")
        else:
            words.append(tile_text(tile, face, color=color))
    return " ".join(words)


def _reorder_json(check: GroupCheck) -> dict[str, Any] | None:
    reorder = check.verdict.reorder
    if reorder is None:
        return None
    return {
        "tiles": [check.tiles[i].tile.code for i in reorder.order],
        "stands_for": [f.code for f in reorder.stands_for],
        "value": reorder.value,
        "message": reorder_text(check),
    }


def check_json(result: CheckResult, better: Opening | None) -> dict[str, Any]:
    """The ``check --format json`` object (schema in the README)."""
    groups = []
    for i, g in enumerate(result.groups):
        v = g.verdict
        groups.append(
            {
                "tiles": [lt.tile.code for lt in g.tiles],
                "stands_for": [f.code if f else None for f in v.stands_for],
                "may_be": {str(place): list(colours) for place, colours in v.may_be},
                "kind": v.kind,
                "value": v.value,
                "legal": v.legal,
                "errors": [{"rule": e.rule, "message": e.message} for e in v.errors],
                "text": _stand_in_text(result, i),
                "reorder": _reorder_json(g),
            }
        )
    return {
        "legal": result.legal,
        "kind": result.kind,
        "value": result.value,
        "count": result.count,
        "threshold": result.bar,
        "meets_threshold": result.meets_threshold,
        "groups": groups,
        "errors": [{"rule": e.rule, "message": e.message} for e in result.errors],
        "rack": codes(result.rack.tiles) if result.rack else None,
        "left": codes(result.left) if result.left is not None else None,
        "residual_penalty": result.residual_penalty,
        "keeps_discard": result.keeps_discard,
        "rules": result.rules.to_json(),
        "better": opening_json(better, result.bar) if better else None,
    }


def check_verdict(result: CheckResult) -> str:
    """One line: legal or not, and whether it opens [R-OPEN-MELDS, R-OPEN-PAIRS]."""
    unit = "pairs" if result.kind == "pairs" else "points"
    if not result.legal:
        broken = sum(len(g.verdict.errors) for g in result.groups) + len(result.errors)
        return f"Verdict: not legal ({broken} rule{'s' * (broken > 1)} broken, listed above)."
    pairs = result.kind == "pairs"
    raised = result.bar > (result.rules.pairs_threshold if pairs else result.rules.threshold)
    rule = "R-RISING" if raised else "R-OPEN-PAIRS" if pairs else "R-OPEN-MELDS"
    if result.meets_threshold:
        return f"Verdict: legal, and it opens: {count_of(result.score, unit)} (needs {result.bar})."
    return (
        f"Verdict: legal, but it does not open: {count_of(result.score, unit)},"
        f" short of {result.bar} [{rule}]."
    )


def check_text(
    result: CheckResult, better: Opening | None, fmt: str = "simple", *, color: bool = False
) -> str:
    """The readable ``check`` report: one row per group, broken rules, verdict;
    tiles in their colours when ``color`` (see :func:`tile_text`)."""
    rows = []
    for i, g in enumerate(result.groups, start=1):
        v = g.verdict
        rows.append([i, v.kind or "?", _stand_in_text(result, i - 1, color), v.value,
                     "legal" if v.legal else "ILLEGAL"])  # fmt: skip
    lines = rules_text(result.rules, color=color)
    lines.append(
        tabulate(rows, headers=["group", "kind", "tiles", "value", "verdict"], tablefmt=fmt)
    )
    problems = []
    for i, g in enumerate(result.groups, start=1):
        problems += [f"group {i}: {e.message} [{e.rule}]" for e in g.verdict.errors]
        hint = reorder_text(g)
        if hint:
            problems.append(f"group {i}: {hint}")
    problems += [f"{e.message} [{e.rule}]" for e in result.errors]
    lines += [f"- {p}" for p in problems]
    every = all(g.verdict.legal for g in result.groups)
    head = "Total:" if every else "Total of the legal groups:"
    if result.kind == "pairs":
        total = f"{head} {result.count} pair{'s' * (result.count != 1)}."
    elif result.kind == "mixed":
        legal = [g.verdict for g in result.groups if g.verdict.legal]
        melds = [v for v in legal if v.kind != "pair"]
        pairs = len(legal) - len(melds)
        total = (
            f"{head} melds {count_of(sum(v.value for v in melds), 'points')} in"
            f" {count_of(len(melds), 'groups')} and {count_of(pairs, 'pairs')}, not added up:"
            " one opening is melds or pairs, never both [R-NO-MIX]."
        )
    elif every:
        total = f"{head} {result.value} points in {result.count} group{'s' * (result.count != 1)}."
    else:
        total = f"{head} {result.value} points."
    lines.append(total)
    if result.left is not None:
        lines.append(
            f"Left on the rack: {tiles_text(result.left, color=color)}   residual penalty"
            f" {result.residual_penalty}"
        )
    lines.append(check_verdict(result))
    if better is not None:
        source = "this rack" if result.rack is not None else "the same tiles"
        lines.append(
            f"Better: {source} can make {_measure(better)}"
            f" (residual penalty {better.residual_penalty}): "
            + " | ".join(_meld_texts(better, color))
        )
    return "\n".join(lines)


# --- whole documents: --format html / latex ----------------------------------------
HTML_FORMATS = frozenset({"html", "unsafehtml"})
LATEX_FORMATS = frozenset({"latex", "latex_raw", "latex_booktabs", "latex_longtable"})
DOCUMENT_FORMATS = HTML_FORMATS | LATEX_FORMATS
"""The tabulate formats whose report is a whole document (:func:`as_document`)."""

_LATEX_ESCAPES = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "≥": r"$\geq$",
    "≤": r"$\leq$",
    "→": r"$\rightarrow$",
    "\u2212": r"$-$",  # minus sign
    "\u00d7": r"$\times$",  # multiplication sign
}

LATEX_PREAMBLE = r"""\documentclass{article}
\usepackage[utf8]{inputenc}
\usepackage[T1]{fontenc}
\usepackage{booktabs}
\usepackage{longtable}
\setlength{\parindent}{0pt}
\begin{document}"""


def latex_escape(text: str) -> str:
    """Plain text made safe for LaTeX: its special characters escaped, ≥ and
    the like as math."""
    return "".join(_LATEX_ESCAPES.get(ch, ch) for ch in text)


def _blocks(text: str, fmt: str) -> list[tuple[bool, str]]:
    """The report cut into (is a table, text) blocks: a tabulate table in this
    format runs from its opening line to its closing one."""
    html_doc = fmt in HTML_FORMATS
    opens = ("<table",) if html_doc else ("\\begin{tabular}", "\\begin{longtable}")
    closes = ("</table>",) if html_doc else ("\\end{tabular}", "\\end{longtable}")
    blocks: list[tuple[bool, str]] = []
    table: list[str] | None = None
    for line in text.splitlines():
        if table is None and line.startswith(opens):
            table = []
        if table is not None:
            table.append(line)
            if line.startswith(closes):
                blocks.append((True, "\n".join(table)))
                table = None
        elif line.strip():
            blocks.append((False, line))
    if table is not None:  # an unclosed table: keep it, it is tabulate's own text
        blocks.append((True, "\n".join(table)))
    return blocks


def as_document(text: str, fmt: str, *, title: str = "rummy101") -> str:
    """A text report whose tables are in an html or latex format, as one whole
    document of that kind: each text line a paragraph (escaped), each table as
    tabulate made it. html: ``<!DOCTYPE html>`` … ``</html>`` (UTF-8, ``title``);
    latex: an ``article`` from ``\\documentclass`` to ``\\end{document}``
    (booktabs and longtable loaded for those formats). Raises ``ValueError`` for
    a format not in :data:`DOCUMENT_FORMATS`."""
    if fmt not in DOCUMENT_FORMATS:
        raise ValueError(f"{fmt!r} is not a document format")
    blocks = _blocks(text, fmt)
    if fmt in HTML_FORMATS:
        body = [block if table else f"<p>{html.escape(block)}</p>" for table, block in blocks]
        head = [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{html.escape(title)}</title>",
            "</head>",
            "<body>",
        ]
        return "\n".join([*head, *body, "</body>", "</html>"])
    parts = [f"% {title}", LATEX_PREAMBLE]
    for table, block in blocks:
        parts += ["", block if table else latex_escape(block)]
    parts += ["", "\\end{document}"]
    return "\n".join(parts)
