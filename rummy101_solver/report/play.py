"""The best turn (``rummy101 play``) as JSON-ready dicts and readable tables.

Nothing here imports ortools: results arrive as frozen dataclasses of
:mod:`rummy101_solver.engine.plan` and :mod:`rummy101_solver.engine.table`.
"""

from __future__ import annotations

from typing import Any

from rummy101_solver.engine.discard import Discard
from rummy101_solver.engine.plan import Move, OpeningDistance, Plan, PlayResult
from rummy101_solver.engine.table import TableGroup
from rummy101_solver.game.tiles import codes
from rummy101_solver.messages import count_of
from rummy101_solver.report.render import opening_json, rules_text, tile_text, tiles_text
from rummy101_solver.tables import tabulate

_COLOUR_NAMES = {"R": "red", "B": "blue", "K": "black", "Y": "yellow"}


def group_json(group: TableGroup) -> dict[str, Any]:
    """One table group: kind, tiles (wild as ``J``), what each plays as, points."""
    return {
        "kind": group.kind,
        "tiles": codes(group.tiles),
        "stands_for": [f.code for f in group.stands_for],
        "value": group.value,
    }


def move_json(move: Move) -> dict[str, Any]:
    """One move: kind, tiles, what they play as, group (1-based, in ``table_after``), end,
    and the reading of a set with free jokers the move relies on (``["R7", "B7", "J=Y7"]``,
    else null) [R-SET, R-WILD]."""
    return {
        "kind": move.kind,
        "tiles": codes(move.tiles),
        "stands_for": [f.code for f in move.stands_for],
        "group": move.group + 1,
        "end": move.end,
        "reading": _group_tiles(move.reading).split() if move.reading is not None else None,
    }


def discard_json(discard: Discard | None) -> dict[str, Any] | None:
    """The discard that ends the turn: tile, why, ``distance_after`` (not opened:
    ``{"melds", "pairs"}``) or ``tiles_to_go_out`` (opened), ``residual_after``,
    ``layable``, ``proven`` [R-KEEP-DISCARD]; ``None`` without one."""
    if discard is None:
        return None
    after = None
    if discard.distance_after is not None:
        after = dict(zip(("melds", "pairs"), discard.distance_after, strict=True))
    return {
        "tile": discard.tile.code,
        "why": discard.why,
        "distance_after": after,
        "tiles_to_go_out": discard.tiles_to_go_out,
        "residual_after": discard.residual_after,
        "layable": discard.layable,
        "proven": discard.proven,
    }


def discard_text(discard: Discard, *, color: bool = False) -> str:
    """The plan's last line: ``Discard: B9: the last tile: a finish [R-FINISH].``"""
    residual = f"; residual penalty after it {discard.residual_after}"
    if discard.tiles_to_go_out == 0 and discard.residual_after == 0:
        residual = ""  # the last tile: a finish
    cut = "" if discard.proven else " (the time limit cut the search: the best found)"
    return f"Discard: {tile_text(discard.tile, color=color)}: {discard.why}{residual}{cut}."


def plan_json(plan: Plan, result: PlayResult) -> dict[str, Any]:
    """One plan: opening, moves, table after, tiles left, penalty, finish, status."""
    rules = result.rules
    opening = None
    if plan.opening is not None:
        opening = opening_json(plan.opening, rules.bar(plan.opening.kind))
    finish = plan.finish
    return {
        "mode": plan.mode,
        "opening": opening,
        "moves": [move_json(m) for m in plan.moves],
        "table_after": [
            {**group_json(g), "changed": changed}
            for g, changed in zip(plan.table_after, plan.changed, strict=True)
        ],
        "left": codes(plan.left),
        "residual_penalty": plan.residual_penalty,
        "discard": discard_json(plan.discard_choice),
        "finish": {
            "possible": finish.possible,
            "joker_finish": finish.joker_finish,
            "one_turn": finish.one_turn,
            "discard": finish.discard.code if finish.discard else None,
            "points": finish.points,
        },
        "status": plan.status,
    }


def distance_json(distance: OpeningDistance | None) -> dict[str, Any] | None:
    """``{"melds": {"tiles", "status", "missing"}, "pairs": {…}}`` of a player
    who cannot open (``tiles`` null: out of reach, or none found in time);
    ``None`` otherwise."""
    if distance is None:
        return None
    return {
        d.kind: {
            "tiles": d.tiles,
            "status": d.status,
            "missing": codes(d.target.missing) if d.target is not None else None,
        }
        for d in (distance.melds, distance.pairs)
    }


def distance_text(distance: OpeningDistance, *, color: bool = False) -> str:
    """One line: how many tiles from a meld and a pairs opening, with the tiles
    to draw of one target (``rummy101 outs``; the table's tiles count as seen)."""
    parts = []
    for d in (distance.melds, distance.pairs):
        if d.tiles is None or d.target is None:
            what = "out of reach" if d.proven_none else "none found in time"
        else:
            what = f"{d.tiles} tile{'s' * (d.tiles != 1)}"  # exact, never cut [issue 17]
            if d.target.missing:
                what += f" (draw {tiles_text(d.target.missing, color=color)})"
        parts.append(f"{d.kind} {what}")
    return f"Distance to an opening (rummy101 outs, the table's tiles seen): {', '.join(parts)}."


def play_json(result: PlayResult) -> dict[str, Any]:
    """The whole ``play --format json`` object (schema in the README)."""
    play = result.play_rules
    best = plan_json(result.best, result)
    rules = result.rules.to_json()
    rules.update(
        opened=play.opened,
        pairs_on_table=play.pairs_on_table,
        layoff_limit=play.layoff_limit,
        retrieve=play.retrieve,
        same_turn_layoff=play.same_turn_layoff,
    )
    if play.layoff_per_end is not None:  # written only when set: the default JSON does not move
        rules["layoff_per_end"] = play.layoff_per_end
    if play.declared_pairs:  # likewise
        rules["declared_pairs"] = True
    return {
        "rack": codes(result.rack.tiles),
        "table": [group_json(g) for g in result.table],
        "rules": rules,
        "opening": best["opening"],
        "moves": best["moves"],
        "table_after": best["table_after"],
        "left": best["left"],
        "residual_penalty_before": result.residual_before,
        "residual_penalty": best["residual_penalty"],
        "discard": best["discard"],
        "finish": best["finish"],
        "refused_take": result.refused_take.code if result.refused_take else None,
        "can_open": result.can_open,
        "distance": distance_json(result.distance),
        "proven": result.proven,
        "alternatives_complete": result.alternatives_complete,
        "lays_something": result.best.lays_something,
        "status": best["status"],
        "alternatives": [plan_json(p, result) for p in result.alternatives],
    }


def _group_tiles(group: TableGroup, color: bool = False) -> str:
    return " ".join(
        tile_text(t, f, color=color) for t, f in zip(group.tiles, group.stands_for, strict=True)
    )


def _tiles(move: Move, color: bool = False) -> str:
    return " ".join(
        tile_text(t, f, color=color) for t, f in zip(move.tiles, move.stands_for, strict=True)
    )


def move_text(move: Move, *, color: bool = False) -> str:
    """The move in words: ``lay off R6 onto group 1 (high end)``,
    ``retrieve joker from group 2 with Y7``, ``meld R6 B6 J=K6 (group 4)``; a
    set with a free joker, or a group that reads two ways (``R7 J J``: a run or
    a set), names the reading the move relies on
    (``retrieve joker from group 1 (read as R7 B7 J=Y7) with Y7``) [R-SET, R-WILD];
    tiles in their colours when ``color``."""
    number = move.group + 1
    tiles = _tiles(move, color)
    read = ""
    if move.reading is not None:  # a set whose free joker the move reads one way
        read = f", read as {_group_tiles(move.reading, color)}"
    if move.kind == "lay off":
        if move.end == "set":
            colours = ", ".join(_COLOUR_NAMES[f.colour.value] for f in move.stands_for)
            return f"lay off {tiles} onto group {number} (set: {colours}{read})"
        return f"lay off {tiles} onto group {number} ({move.end} end{read})"
    if move.kind == "retrieve":
        if read:
            read = f" ({read.removeprefix(', ')})"
        return f"retrieve joker from group {number}{read} with {tiles}"
    return f"{move.kind} {tiles} (group {number})"


def short_move_text(move: Move, *, color: bool = False) -> str:
    """The move in a few words, for the alternatives: ``lay off R6 on 1``."""
    tiles = _tiles(move, color)
    if move.kind == "lay off":
        return f"lay off {tiles} on {move.group + 1}"
    if move.kind == "retrieve":
        return f"retrieve J from {move.group + 1} with {tiles}"
    return f"{move.kind} {tiles}"


def finish_cell(plan: Plan) -> str:
    """Whether a plan finishes, for the alternatives table: ``no``, ``yes
    (+101)``, ``joker (+202)``, ``one-turn (+202)`` or ``one-turn, joker
    (+404)``: what the winner gains [R-FINISH, R-JOKER-FINISH, R-ONE-TURN, R-SCORE]."""
    finish = plan.finish
    if not finish.possible:
        return "no"
    kind = "joker" if finish.joker_finish else "yes"
    if finish.one_turn:
        kind = "one-turn, joker" if finish.joker_finish else "one-turn"
    return f"{kind} (+{finish.points})"


def moves_table(plan: Plan, fmt: str, *, color: bool = False) -> str:
    """The moves in order, one per row; a wild tile shows its stand-in."""
    rows = [[i, move_text(m, color=color)] for i, m in enumerate(plan.moves, start=1)]
    return tabulate(rows, headers=["step", "move"], tablefmt=fmt, disable_numparse=True)


def table_after_table(plan: Plan, fmt: str, *, color: bool = False) -> str:
    """Every group on the table after the turn; changed or new ones marked."""
    rows = [
        [i, g.kind, _group_tiles(g, color), g.value, "*" if changed else ""]
        for i, (g, changed) in enumerate(zip(plan.table_after, plan.changed, strict=True), start=1)
    ]
    return tabulate(rows, headers=["group", "kind", "tiles", "value", "changed"], tablefmt=fmt)


def _refused(result: PlayResult, color: bool = False) -> list[str]:
    """The refused take: do not take it; the plan shown is the turn without it."""
    taken = result.refused_take
    if taken is None:
        return []
    tile = tile_text(taken, color=color)
    if result.play_rules.opened == "no":
        why = (
            f"no melds worth {result.rules.meld_bar} points and no {result.rules.pairs_bar}"
            " pairs use it [R-OPEN-MELDS, R-OPEN-PAIRS]"
        )
    else:
        why = "no new meld, lay-off or retrieval uses it"
    return [
        f"Taken discard: {tile} (must be used at once) [R-TAKE-DISCARD].",
        f"Verdict: the taken {tile} cannot be used this turn ({why}): do not take it"
        " [R-TAKE-DISCARD]. Below: the turn without it, drawing instead.",
    ]


def _verdict(result: PlayResult, color: bool = False) -> str:
    plan = result.best
    rules = result.rules
    if not result.proven and not plan.moves:
        return "Verdict: no plan found within the time limit (not proven impossible)."
    taken = tile_text(rules.take, color=color) if rules.take is not None else ""
    take = f" that uses the taken {taken}" if rules.take is not None else ""
    if plan.mode == "none" and result.play_rules.declared_pairs:
        # declared for pairs: no meld opening, the taken tile kept [R-PAIRS-DECLARE]
        kept = f"; the taken {taken} is kept" if rules.take is not None else ""
        return (
            f"Verdict: cannot open this turn: no {rules.pairs_bar} pairs, and a player declared"
            f" for pairs opens with nothing else{kept} [R-PAIRS-DECLARE, R-OPEN-PAIRS]; nothing"
            f" laid, residual penalty stays {plan.residual_penalty} [R-PENALTY]."
        )
    if plan.mode == "none":
        return (
            f"Verdict: cannot open this turn: no melds worth {rules.meld_bar} points and no"
            f" {rules.pairs_bar} pairs{take} [R-OPEN-MELDS, R-OPEN-PAIRS]; nothing laid,"
            f" residual penalty stays {plan.residual_penalty} [R-PENALTY]."
        )
    if plan.status == "none" and rules.take is not None:
        return (
            f"Verdict: the taken {taken} cannot be used this turn: do not take it [R-TAKE-DISCARD]."
        )
    finish = plan.finish
    if finish.possible:
        kind = "a joker finish" if finish.joker_finish else "a finish"
        if finish.one_turn:
            kind = "a one-turn finish" + (" with a joker" if finish.joker_finish else "")
        discard = tile_text(finish.discard, color=color) if finish.discard else "nothing"
        rule = "R-FINISH, R-JOKER-FINISH, R-SCORE" if finish.joker_finish else "R-FINISH, R-SCORE"
        laid_down = plan.opening
        below = ""
        if laid_down is not None and not laid_down.meets_threshold:
            # only the house rule lets a one-turn finish below the bar stand
            bar = rules.bar(laid_down.kind)
            if laid_down.kind == "melds":
                worth = f"melds worth {laid_down.score} points, below the bar of {bar}"
            else:
                worth = f"{laid_down.score} pairs, below the bar of {bar} pairs"
            below = f" ({worth}: it stands under the house rule)"
            rule = "R-ONE-TURN-ANY-VALUE, " + rule
        # nothing to lay down: the discard is the last tile [R-FINISH]
        action = (
            f"lay down everything but {discard} and discard it"
            if plan.moves
            else f"discard {discard}, the last tile"
        )
        return f"Verdict: {kind}{below}: {action}; the winner gains {finish.points} [{rule}]."
    if not plan.moves:
        return (
            f"Verdict: nothing to lay down this turn; residual penalty stays"
            f" {plan.residual_penalty}."
        )
    opening = ""
    if plan.opening is not None:
        unit = "points" if plan.opening.kind == "melds" else "pairs"
        opening = (
            f"open with {plan.opening.kind} ({count_of(plan.opening.score, unit)},"
            f" needs {rules.bar(plan.opening.kind)}), "
        )
    laid = sum(len(m.tiles) for m in plan.moves)
    return (
        f"Verdict: {opening}lay down {laid} tile{'s' * (laid != 1)}; residual penalty"
        f" {result.residual_before} → {plan.residual_penalty} [R-RESIDUAL]."
    )


def _state_text(result: PlayResult) -> list[str]:
    play = result.play_rules
    state = {"no": "not opened", "melds": "opened with melds", "pairs": "opened with pairs"}
    groups = len(result.table)
    lines = [f"Table: {groups} group{'s' * (groups != 1)}. Player: {state[play.opened]}."]
    house = []
    if play.layoff_limit is not None:
        house.append(f"at most {play.layoff_limit} tiles onto one group per turn [R-LAYOFF-LIMIT]")
    if play.declared_pairs:
        house.append(
            "declared for pairs: a taken discard may be kept, the opening is pairs or nothing"
            " [R-PAIRS-DECLARE]"
        )
    if play.layoff_per_end is not None:
        house.append(
            f"at most {play.layoff_per_end} tiles at one end of a run per turn [R-LAYOFF-LIMIT]"
        )
    if play.retrieve == "full-set":
        house.append("a joker leaves a set only when it then holds all four colours [R-RETRIEVE]")
    if not play.same_turn_layoff:
        house.append("no lay-offs in the opening turn [R-SAME-TURN]")
    elif not result.rules.freed_joker_melds and play.opened == "no":
        house.append("a joker taken back in the opening turn goes into no new meld [R-RETRIEVE]")
    if play.pairs_on_table:
        house.append("someone opened with pairs [R-PAIRS-AFTER]")
    if house:
        lines.append(f"House rules: {'; '.join(house)}.")
    return lines


def play_text(result: PlayResult, fmt: str = "simple", *, color: bool = False) -> str:
    """The readable ``play`` report: verdict, moves, table after, tiles left;
    tiles in their colours when ``color`` (ANSI codes, a terminal only)."""
    plan = result.best
    rack = result.rack
    lines = [
        f"Rack ({len(rack)} tile{'s' * (len(rack) != 1)}): {tiles_text(rack.tiles, color=color)}"
    ]
    lines += _state_text(result)
    header = rules_text(result.rules, color=color)
    if result.play_rules.declared_pairs and result.rules.take is not None:
        # a declared player may keep the taken tile without opening [R-PAIRS-DECLARE]
        taken = tile_text(result.rules.take, color=color)
        header = [
            f"Taken discard: {taken} (declared for pairs: it may be kept) [R-PAIRS-DECLARE]."
            if line.startswith("Taken discard: ")
            else line
            for line in header
        ]
    lines += header
    lines += _refused(result, color)
    lines.append(_verdict(result, color))
    if result.distance is not None:
        lines.append(distance_text(result.distance, color=color))
    if plan.status == "feasible":
        lines.append("(feasible: the time limit ran out before this was proven best)")
    if plan.moves:
        lines += ["", moves_table(plan, fmt, color=color)]
    if plan.table_after:
        lines += [
            "",
            "Table after the turn (* changed or new):",
            table_after_table(plan, fmt, color=color),
        ]
    lines += [
        "",
        f"Left: {tiles_text(plan.left, color=color)}   residual penalty"
        f" {result.residual_before} → {plan.residual_penalty}",
    ]
    alternatives = []
    if result.alternatives:
        rows = [
            [rank, "; ".join(short_move_text(m, color=color) for m in p.moves),
             tiles_text(p.left, color=color), p.residual_penalty, finish_cell(p)]
            for rank, p in enumerate(result.alternatives, start=2)
        ]  # fmt: skip
        alternatives += ["", "Other plans (different tiles left):"]
        alternatives.append(
            tabulate(
                rows,
                headers=["rank", "moves", "left", "residual penalty", "finish"],
                tablefmt=fmt,
                disable_numparse=True,
            )
        )
        alternatives += [
            f"(rank {rank} feasible: the time limit ran out before this was proven next-best)"
            for rank, p in enumerate(result.alternatives, start=2)
            if p.status == "feasible"
        ]
    if not result.alternatives_complete and len(result.alternatives) < result.alternatives_asked:
        alternatives.append(_fewer_text(result))
    # the plan ends with its discard [R-KEEP-DISCARD]
    if plan.discard_choice is not None:
        lines.append(discard_text(plan.discard_choice, color=color))
    return "\n".join(lines + alternatives)


def _fewer_text(result: PlayResult) -> str:
    found = len(result.alternatives)
    if found:
        return (
            f"Fewer alternatives than asked ({found} of {result.alternatives_asked}):"
            " the time limit ran out (not proven that no more exist)."
        )
    return (
        "Other plans: none found within the time limit (not proven that none exist;"
        f" {result.alternatives_asked} asked)."
    )
