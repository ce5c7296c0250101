"""``rummy101 track`` as text and JSON: the state of the round, the advice, the history.

Nothing here imports ortools. The advice embeds the reports of ``outs`` and
``play`` unchanged (:func:`~rummy101_solver.report.outs.analysis_outs_json`,
:func:`~rummy101_solver.report.play.play_json`, and their text), so ``track
show`` says what ``rummy101 outs`` / ``rummy101 play`` say given the same rack,
table and tiles seen.
"""

from __future__ import annotations

from typing import Any

from rummy101_solver.engine.advice import Advice, take_tile
from rummy101_solver.engine.outs import OutsAnalysis
from rummy101_solver.game.round import Event, RoundState, undone
from rummy101_solver.game.round_end import RoundEnd, ScoreLine, missing_message
from rummy101_solver.game.tiles import ALL_FACES, COLOURS, WILD, Tile, codes, okey_face
from rummy101_solver.messages import count_of
from rummy101_solver.report.outs import (
    analysis_outs_json,
    discard_table_text,
    outs_verdict,
)
from rummy101_solver.report.play import play_json, play_text
from rummy101_solver.report.render import tile_text, tiles_text
from rummy101_solver.tables import tabulate

# --- JSON ----------------------------------------------------------------------------


def state_json(state: RoundState) -> dict[str, Any]:
    """The state of the round: seats, your rack, the table, the discards, who
    opened, the bars, the unseen tiles per kind (every kind, zeros included)."""
    rules = state.game_rules()
    unseen = state.unseen_counts()
    return {
        "events": state.events,
        "players": state.players,
        "seat": state.seat,
        "phase": state.phase,
        "turn": state.turn,
        "rules": state.rules.to_json(),
        "bar": {"melds": rules.meld_bar, "pairs": rules.pairs_bar, "rising": state.rules.rising},
        "rack": codes(state.rack),
        "taken": state.taken.code if state.taken else None,
        "table": [
            {
                "kind": g.kind,
                "tiles": codes(g.tiles),
                "stands_for": [f.code for f in g.stands_for],
                "value": g.value,
                "player": g.player,
            }
            for g in state.table
        ],
        "discards": [{"player": p, "tile": t.code} for p, t in state.discards],
        "top": {"player": state.top[0], "tile": state.top[1].code} if state.top else None,
        "known": [{"player": p, "tiles": codes(tiles)} for p, tiles in state.known],
        "opened": [{"player": p, "how": o.how, "value": o.value} for p, o in state.opened],
        "winner": state.winner,
        "unseen": {"total": sum(unseen.values()), "tiles": {t.code: k for t, k in unseen.items()}},
    }


def _outs(analysis: OutsAnalysis | None) -> dict[str, Any] | None:
    return analysis_outs_json(analysis) if analysis is not None else None


def score_json(end: RoundEnd, line: ScoreLine) -> dict[str, Any]:
    """The hand-off to scoring of a round that is over: ``end`` (as ``score
    --end`` takes it), ``winner`` (a seat, ``null`` when the stock ran out),
    ``last`` (the finishing discard when told), ``args`` (the arguments of
    ``rummy101 score``), ``line`` (the command line), ``missing`` (seats whose
    tiles left are not known) [R-SCORE]."""
    return {
        "end": end.ending,
        "winner": end.winner,
        "last": end.last.code if end.last is not None else None,
        "args": list(line.args),
        "line": line.text,
        "missing": list(line.missing),
    }


def advice_json(advice: Advice, score: tuple[RoundEnd, ScoreLine] | None = None) -> dict[str, Any]:
    """``track show --format json``: the state and the advice; ``take``, ``stand``
    and ``play`` are ``play --format json`` objects, ``draw`` and ``outs`` are
    ``outs --format json`` objects, each ``null`` when it does not apply;
    ``score`` (:func:`score_json`) once the round is over, else ``null``."""
    return {
        **state_json(advice.state),
        "score": score_json(*score) if score is not None else None,
        "advice": {
            "moment": advice.moment,
            "take_tile": advice.take_tile.code if advice.take_tile else None,
            "verdict": advice.verdict,
            "take": play_json(advice.take) if advice.take else None,
            "stand": play_json(advice.stand) if advice.stand else None,
            "draw": _outs(advice.draw),
            "outs": _outs(advice.outs),
            "play": play_json(advice.play) if advice.play else None,
        },
    }


def event_text(event: Event, seat: int) -> str:
    """One event in words: ``seen: player 4 discarded K4``."""

    def who(player: int | None) -> str:
        return "you" if player == seat else f"player {player}"

    tile = event.tile.code if event.tile else "?"
    if event.kind == "new":
        return (
            f"new: {len(event.tiles)} tiles, {event.players} players, you are player {event.seat}"
        )
    if event.kind == "draw":
        return f"draw: you drew {tile}"
    if event.kind == "discard":
        return f"discard: you discarded {tile}"
    if event.kind == "take":
        return f"take: {who(event.player)} took {tile}"
    if event.kind == "seen":
        return f"seen: {who(event.player)} discarded {tile}"
    if event.kind == "lay":
        groups = " | ".join(event.groups)
        onto = f" onto group {event.onto}" if event.onto is not None else ""
        return f"lay: {who(event.player)} laid {groups}{onto}"
    if event.kind == "opened":
        unit = "points" if event.how == "melds" else "pairs"
        return f"opened: {who(event.player)} opened with {event.how} ({event.value} {unit})"
    if event.kind == "stock":
        return "stock: the stock ran out, no winner"
    if event.kind == "finish":
        if event.tile is None:
            return f"finish: {who(event.player)} finished"
        return f"finish: {who(event.player)} finished, discarding {tile}"
    return "undo: the last event taken back"


# --- text ----------------------------------------------------------------------------


def history_text(events: tuple[Event, ...], seat: int, fmt: str = "simple") -> str:
    """The events as a table, those taken back marked ``(undone)``."""
    marks = undone(events)
    rows = [
        [number, event_text(event, seat) + (" (undone)" if gone else "")]
        for number, (event, gone) in enumerate(zip(events, marks, strict=True), start=1)
    ]
    return tabulate(rows, headers=["#", "event"], tablefmt=fmt, disable_numparse=True)


def unseen_table(state: RoundState, fmt: str = "simple") -> str:
    """The unseen copies per kind: a row per colour, a column per number, then
    the wild tiles (and fake okeys) [R-TILES, R-INDICATOR]."""
    counts = state.unseen_counts()
    indicator = state.rules.indicator
    okey = okey_face(indicator) if indicator is not None else None
    rows = []
    for colour in COLOURS:
        row: list[Any] = [colour.value]
        for f in ALL_FACES:
            if f.colour == colour:
                row.append(counts.get(Tile(f, fake=f == okey), 0))
        rows.append(row)
    table = tabulate(rows, headers=["", *range(1, 14)], tablefmt=fmt)
    wild = "okeys (J)" if indicator is not None else "jokers (J)"
    extra = f"{wild}: {counts.get(WILD, 0)}"
    if okey is not None:
        extra += f"; fake okeys (F = {okey.code}) in the {okey.colour.value} row"
    return f"{table}\n{extra}"


_UNIT = {"melds": "points", "pairs": "pairs"}


def _who(state: RoundState, player: int) -> str:
    return "you" if player == state.seat else f"player {player}"


def _whose(state: RoundState, player: int) -> str:
    return "your" if player == state.seat else f"player {player}'s"


def _turn_text(state: RoundState) -> str:
    """Whose turn it is and what comes next [R-TURN]."""
    if state.phase == "over" and state.winner is None:
        return "the round is over: the stock ran out, no winner [R-SCORE]"
    if state.phase == "over":
        return f"the round is over: {_who(state, state.winner or 0)} finished [R-FINISH]"
    if state.turn != state.seat:
        return (
            f"player {state.turn}'s turn; yours comes after player {state.before}'s discard"
            " [R-TURN]"
        )
    if state.phase == "play":
        return "you have drawn: lay, then discard"
    return "your turn starts with a draw (or a take)"


def state_text(state: RoundState, fmt: str = "simple", *, color: bool = False) -> list[str]:
    """The round as it stands: seats, turn, rack, table, discards, openings, bar, unseen."""
    turn = _turn_text(state)
    lines = [
        f"Round: {state.players} players, you are player {state.seat}; {state.events}"
        f" event{'s' * (state.events != 1)}; {turn}.",
        f"Rack ({len(state.rack)} tile{'s' * (len(state.rack) != 1)}):"
        f" {tiles_text(state.rack, color=color)}"
        + (f" (taken: {tile_text(state.taken, color=color)})" if state.taken else ""),
    ]
    if state.table:
        lines.append(f"Table ({len(state.table)} group{'s' * (len(state.table) != 1)}):")
        for number, g in enumerate(state.table, start=1):
            tiles = " ".join(
                tile_text(t, f, color=color) for t, f in zip(g.tiles, g.stands_for, strict=True)
            )
            lines.append(f"  {number}. {tiles}  ({g.kind}, {g.value}; {_who(state, g.player)})")
    else:
        lines.append("Table: empty.")
    if state.discards:
        pile = ", ".join(f"{_who(state, p)} {tile_text(t, color=color)}" for p, t in state.discards)
        lines.append(f"Discards ({len(state.discards)}, oldest first): {pile}.")
    if state.top is not None:
        mine = " (yours to take)" if take_tile(state) is not None else ""
        top = f"{_whose(state, state.top[0])} {tile_text(state.top[1], color=color)}"
        lines.append(f"Last discard: {top}{mine}.")
    for player, held in state.known:
        lines.append(f"Player {player} holds (taken): {tiles_text(held, color=color)}.")
    opened = [
        f"{_who(state, p)} with {o.how} ({count_of(o.value, _UNIT[o.how])})"
        for p, o in state.opened
    ]
    lines.append(f"Opened: {'; '.join(opened) if opened else 'nobody yet'}.")
    rules = state.game_rules()
    if state.rules.rising:
        how = "rising: each opening beats the highest so far [R-RISING]"
    else:
        how = "fixed [R-OPEN-MELDS, R-OPEN-PAIRS]"
    lines.append(f"Bar: {rules.meld_bar} points or {rules.pairs_bar} pairs ({how}).")
    unseen = sum(state.unseen_counts().values())
    lines += [f"Unseen: {unseen} tiles (per kind):", unseen_table(state, fmt)]
    return lines


def _draw_line(analysis: OutsAnalysis) -> str:
    kind = analysis.closest
    distance = analysis.distance(kind).tiles
    if distance is None:
        return "Draw: no opening can be reached from the unseen tiles."
    if distance == 0:
        return f"Draw: the rack opens with {kind} whatever it draws."
    outs = analysis.outs
    copies = outs.copies(kind)
    pct = f"{copies * 100 / outs.unseen:.1f} %" if outs.unseen else "0.0 %"
    kinds = len(outs.of(kind))
    return (
        f"Draw: {distance} tile{'s' * (distance != 1)} from opening with {kind};"
        f" {kinds} out{'s' * (kinds != 1)} ({copies} tiles): the draw is one with"
        f" {copies}/{outs.unseen} = {pct}, then {distance - 1} away; else it stays {distance}."
    )


def _drawn_verdict(analysis: OutsAnalysis, *, color: bool) -> str:
    """The verdict of ``outs`` for the rack you hold after the draw: a rack that
    opens is told so, whatever its size (``outs`` reads a rack of fewer than 22
    tiles as one waiting to draw) [R-OPEN-MELDS, R-OPEN-PAIRS]."""
    if analysis.distance(analysis.closest).tiles == 0:
        return f"Verdict: can open now with {analysis.closest} (the plan below)."
    return outs_verdict(analysis, color=color)


_ENDS = {
    "normal": "a normal finish [R-SCORE]",
    "joker": "a joker finish: the last discard a joker [R-JOKER-FINISH]",
    "one-turn": "a one-turn finish: opened and finished in one turn, nobody else had opened"
    " [R-ONE-TURN]",
    "one-turn-joker": "a one-turn finish with a joker as the last discard [R-ONE-TURN]",
    "open-finish": "a finish in the opening turn, others had opened [R-OPEN-FINISH]",
    "open-finish-joker": "a finish in the opening turn with a joker as the last discard"
    " [R-OPEN-FINISH]",
    "stock": "the stock ran out: no winner, everyone takes their hand penalty [R-SCORE]",
}


def score_text(end: RoundEnd, line: ScoreLine) -> list[str]:
    """The hand-off to scoring of a round that is over: how it ended, the
    ``rummy101 score`` line, and what it still needs [R-SCORE]."""
    lines = [f"Round end: {_ENDS[end.ending]}."]
    if end.winner is not None and end.winner != end.seat and end.last is None:
        lines.append(
            f"Player {end.winner}'s last discard was not told; a joker there would make it a"
            f" joker finish: undo, then 'finish {end.winner} J' [R-JOKER-FINISH]."
        )
    lines += ["Score line (rummy101 score, or track score):", line.text]
    if line.missing:
        told = missing_message(line, end).removeprefix("score: ")
        lines.append(f"{told[0].upper()}{told[1:]}.")
    return lines


def advice_text(
    advice: Advice,
    fmt: str = "simple",
    *,
    color: bool = False,
    score: tuple[RoundEnd, ScoreLine] | None = None,
) -> str:
    """``track show``: the state of the round, then the advice for this moment;
    once the round is over, the ``score`` line (``score``: :func:`score_text`)."""
    state = advice.state
    lines = state_text(state, fmt, color=color)
    lines.append("")
    if advice.moment == "over":
        if score is not None:
            lines += score_text(*score)
        return "\n".join(lines).rstrip("\n")
    if advice.moment == "wait":
        lines.append(
            f"Waiting: player {state.turn} plays now; the advice comes with your turn, after"
            f" player {state.before}'s discard [R-TURN]."
        )
        return "\n".join(lines)
    if advice.moment == "draw":
        lines.append("Before your draw:")
        if advice.draw is not None:
            lines.append(_draw_line(advice.draw))
        if advice.take is not None and advice.take_tile is not None:
            tile = tile_text(advice.take_tile, color=color)
            plan = advice.take.best
            refused = advice.take.refused_take is not None  # the turn without it
            if state.my_opening is None:
                if plan.opening is not None and not refused:
                    unit = "points" if plan.opening.kind == "melds" else "pairs"
                    what = (
                        f"it opens now with {plan.opening.kind}"
                        f" ({count_of(plan.opening.score, unit)}) [R-TAKE-DISCARD]"
                    )
                else:
                    what = "no opening this turn uses it, and a taken tile must [R-TAKE-DISCARD]"
            else:
                stand = advice.stand
                assert stand is not None
                if refused or plan.status == "none":
                    what = "it cannot be used at once [R-TAKE-DISCARD]"
                elif plan.finish.possible:
                    what = "the turn with it finishes [R-FINISH]"
                else:
                    what = (
                        f"the turn with it leaves {plan.residual_penalty} points, the rack as it"
                        f" stands {stand.best.residual_penalty} [R-RESIDUAL]"
                    )
            lines.append(f"Take {tile}: {what}.")
        verdict = "draw"
        if advice.verdict == "take" and advice.take_tile is not None:
            verdict = f"take {tile_text(advice.take_tile, color=color)}"
        lines.append(f"Advice: {verdict}.")
        if advice.verdict == "take" and advice.take is not None:
            lines += ["", "The turn with the taken tile (rummy101 play --take):"]
            lines.append(play_text(advice.take, fmt, color=color))
        return "\n".join(lines).rstrip("\n")
    if advice.outs is not None:
        lines.append("After your draw (rummy101 outs):")
        lines.append(_drawn_verdict(advice.outs, color=color))
        if advice.outs.discards is not None:
            lines += [discard_table_text(advice.outs.discards, fmt, color=color)]
    if advice.play is not None:
        if advice.outs is not None:
            lines.append("")
        lines.append("Your turn (rummy101 play):")
        lines.append(play_text(advice.play, fmt, color=color))
    return "\n".join(lines).rstrip("\n")
