"""The answers of the commands as plain dicts: the work of the Python API and of ``verify``.

One function per command that answers about a game (``solve`` is :func:`analyse`,
``check``, ``outs``, ``play``, ``score``, ``standings``), each taking the command's
flags as keywords (snake_case, the same defaults) and returning exactly the object the
command prints with ``--format json``. Bad input raises the core's own errors —
:class:`~rummy101_solver.files.case.OptionError` for a bad option or a value of the
wrong kind, :class:`~rummy101_solver.game.parsing.RackError` for a bad tile,
:class:`~rummy101_solver.game.scoring.ScoreError`, :class:`~rummy101_solver.engine.table.PlayError`,
:class:`~rummy101_solver.files.ledger.LedgerError` — each a ``ValueError`` whose
message is the one the command prints; :mod:`rummy101_solver.api` turns them into
``BadInputError``. They live on this floor (below ``cli``) so that ``verify`` can run a
case of any command without importing the API.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from rummy101_solver.files.case import OptionError, build_case, build_rules
from rummy101_solver.files.house import with_house
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.rules import MAX_KAT, MELD_THRESHOLD, PAIRS_THRESHOLD, HouseRules
from rummy101_solver.game.tiles import WILD_PENALTY

Tiles = str | Sequence[str]
"""A rack or tiles: text in the usual notation (``"R3 R4 R5 J"``) or a list of
tile strings (``["R3", "R4", "R5", "J"]``)."""


def tiles_text(tiles: Tiles) -> str:
    """Tiles as text; anything but text or a list of texts raises :class:`OptionError`."""
    if isinstance(tiles, str):
        return tiles
    if not isinstance(tiles, list | tuple) or not all(isinstance(t, str) for t in tiles):
        raise OptionError(
            f"tiles must be text, e.g. 'R3 R4 R5' or ['R3', 'R4', 'R5'], not {kind_of(tiles)}"
        )
    return " ".join(tiles)


def kind_of(value: object) -> str:
    """What a value is, for a message: ``None``, ``an int``, ``a list holding None``."""
    if value is None:
        return "None"
    if isinstance(value, list | tuple):
        bad = next((v for v in value if not isinstance(v, str)), None)
        return f"a {type(value).__name__} holding {kind_of(bad)}"
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


@with_house
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
    indicator_twin: bool = False,
    twin_laid: bool = False,
    keep: int = 1,
    alternatives: int = 3,
    time_limit: float = 10.0,
    explain: bool = False,
    house: str | None = None,
) -> dict[str, Any]:
    """``rummy101 solve``: the best meld and pairs openings of ``rack``.

    Options as the ``solve`` flags (points, pairs, tiles as text; ``time_limit``
    in seconds; ``indicator_twin`` and ``twin_laid`` as ``--indicator-twin`` and
    ``--twin-laid``, R-INDICATOR-TWIN). Returns the ``solve --format json`` object: ``rack``,
    ``rules``, ``melds``, ``meld_alternatives``, ``pairs``,
    ``pair_alternatives``, ``one_turn_finish``, ``can_open``, ``recommended``
    [R-OPEN-MELDS, R-OPEN-PAIRS, R-ONE-TURN]; with ``explain`` also
    ``explanation``, the sentences of ``solve --explain --format json``.

    Through the API, raises ``BadInputError`` for a bad tile or option.
    """
    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "objective": objective,
        "one_turn_any_value": one_turn_any_value, "keep": keep,
        "alternatives": alternatives, "time_limit": time_limit,
        "indicator_twin": indicator_twin, "twin_laid": twin_laid,
    }  # fmt: skip
    case = build_case(tiles_text(rack), options)
    true_or_false("explain", explain)
    from rummy101_solver.engine.solver import analyse as solve
    from rummy101_solver.report.render import analysis_json

    result = solve(case.rack, case.rules, alternatives=case.alternatives,
                   time_limit=case.time_limit)  # fmt: skip
    data = analysis_json(result)
    if explain:
        from rummy101_solver.report.explain import explain_analysis

        data["explanation"] = explain_analysis(result, time_limit=case.time_limit)
    return data


@with_house
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
    indicator_twin: bool = False,
    twin_laid: bool = False,
    keep: int = 1,
    time_limit: float = 10.0,
    house: str | None = None,
) -> dict[str, Any]:
    """``rummy101 check``: judge an arrangement group by group.

    ``arrangement`` is text with groups separated by ``|`` (``"R3 R4 R5 | B7 K7
    J"``) or a list of groups, each text or a list of tiles. With ``rack`` the
    tiles must come from it. Returns the ``check --format json`` object
    (``legal``, ``kind``, ``value``, ``groups`` with the rule each breaks, …)
    [R-RUN, R-SET, R-PAIR, R-WILD, R-NO-MIX, R-OPEN-MELDS]; ``indicator_twin`` and
    ``twin_laid`` as ``--indicator-twin``, ``--twin-laid`` [R-INDICATOR-TWIN].

    Through the API, raises ``BadInputError`` for a bad tile or option.
    """
    from rummy101_solver.engine.check import check_arrangement, find_better
    from rummy101_solver.game.parsing import parse_arrangement
    from rummy101_solver.report.render import check_json

    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "keep": keep, "time_limit": time_limit,
        "indicator_twin": indicator_twin, "twin_laid": twin_laid,
    }  # fmt: skip
    text = groups_text(arrangement)
    if rack is not None:
        case = build_case(tiles_text(rack), options)
        rules, held = case.rules, case.rack
    else:
        rules, held = build_rules(options), None
    groups = parse_arrangement(text, indicator=rules.indicator)
    result = check_arrangement(groups, rules, held)
    better = find_better(result, time_limit=time_limit)
    return check_json(result, better)


@with_house
def outs(
    rack: Tiles,
    *,
    seen: Tiles = "",
    turns: int = 0,
    draws: int | None = None,
    samples: int = 1000,
    advice_samples: int = 50,
    seed: int = 0,
    threshold: int = MELD_THRESHOLD,
    pairs_threshold: int = PAIRS_THRESHOLD,
    rising: bool = False,
    after: int | None = None,
    after_pairs: int | None = None,
    indicator: str | None = None,
    joker_pairs: bool = True,
    time_limit: float = 10.0,
    house: str | None = None,
) -> dict[str, Any]:
    """``rummy101 outs``: how far ``rack`` is from opening, which draws help,
    what to discard.

    ``rack``: at most 21 tiles waiting to draw, or 22 after the draw.
    ``seen``: tiles out of play (discards, melds on the table), text or a list.
    ``turns`` (0–50; 0, the default, leaves them out; 5 is the stock of a fresh
    4-player deal divided by the players: ``engine.lookahead.default_turns``):
    the exact odds of opening within that many own draws for the rack and every
    discard row, the table ranked by them (``engine/lookahead.py``) [issue 29].
    ``draws`` (2–50, or ``None``): also the Monte Carlo odds of opening within
    that many draws, seeded with ``seed``: keeping every tile drawn (an upper
    bound) over ``samples`` (1–100,000) samples, and following the discard
    table after each draw (a lower bound on the best play) over
    ``advice_samples`` (1–100,000) samples [R-KEEP-DISCARD].
    The rule options as ``solve``'s (points, pairs, tiles as text);
    ``time_limit`` (seconds) is accepted and not needed: every distance, out and
    discard row is exact and never cut. Returns the ``outs --format json`` object:
    ``rack``, ``seen``, ``unseen``, ``rules``, ``distance`` (``melds``,
    ``pairs``: ``tiles``, ``status``, ``target``, ``missing``), ``outs``,
    ``discards``, ``draws``, ``recommended_discard``, ``can_open``
    [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD, R-TILES].

    Through the API, raises ``BadInputError`` for a bad tile or option, a rack of more
    than 22 tiles, or a seen tile of which the rack and ``seen`` hold more copies than
    the set has [R-TILES].
    """
    whole("turns", turns, 0, 50)
    whole("draws", draws, 2, 50, none=True)
    whole("samples", samples, 1, 100_000)
    whole("advice_samples", advice_samples, 1, 100_000)
    whole("seed", seed, 0, MAX_SEED)
    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "indicator": indicator,
        "joker_pairs": joker_pairs, "time_limit": time_limit,
    }  # fmt: skip
    from rummy101_solver.engine.lookahead import open_within
    from rummy101_solver.engine.outs import analyse_outs, read_seen, with_draw_odds
    from rummy101_solver.report.outs import analysis_outs_json

    case = build_case(tiles_text(rack), options)
    seen_tiles = read_seen(tiles_text(seen), case.rack, case.rules)
    result = analyse_outs(case.rack, case.rules, seen_tiles, time_limit=case.time_limit)
    if turns:
        result = open_within(result, turns)
    if draws is not None:
        result = with_draw_odds(result, draws, samples=samples, advice_samples=advice_samples,
                                seed=seed)  # fmt: skip
    return analysis_outs_json(result)


def whole(name: str, value: object, low: int, high: int, *, none: bool = False) -> None:
    """Raise :class:`OptionError` unless ``value`` is a whole number ``low``–``high``
    (or ``None`` when ``none``)."""
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OptionError(f"option '{name}': {value!r} is not a whole number {low}–{high}")


def true_or_false(name: str, value: object) -> None:
    """Raise :class:`OptionError` unless ``value`` is ``True`` or ``False`` (a switch)."""
    if not isinstance(value, bool):
        raise OptionError(f"option '{name}': {value!r} is not true or false")


def groups_text(groups: str | Sequence[Tiles]) -> str:
    """Groups as text: ``"R3 R4 R5 | B7 K7 J"``, or a list of groups, each text or tiles."""
    if isinstance(groups, str):
        return groups
    if not isinstance(groups, list | tuple):
        raise OptionError(
            "groups must be text, e.g. 'R3 R4 R5 | B7 K7 J', or a list of groups,"
            f" not {kind_of(groups)}"
        )
    return " | ".join(tiles_text(group) for group in groups)


@with_house
def play(
    rack: Tiles,
    table: str | Sequence[Tiles] = "",
    *,
    opened: Literal["no", "melds", "pairs"] = "no",
    pairs_on_table: bool = False,
    layoff_limit: int | None = None,
    layoff_per_end: int | None = None,
    pairs_declare: bool = False,
    declared_pairs: bool = False,
    retrieve: Literal["any", "full-set"] = "any",
    same_turn_layoff: bool = True,
    freed_joker_melds: bool = True,
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
    house: str | None = None,
) -> dict[str, Any]:
    """``rummy101 play``: the best turn of ``rack`` against the groups on the table.

    ``table``: groups as for ``check`` (``"R3 R4 R5 | B7 K7 J=Y7"``, a joker
    pinned or worked out), or a list of groups, each text or a list of tiles;
    empty for an empty table. ``opened``, ``pairs_on_table``, ``layoff_limit``
    (tiles onto one group per turn, 1–13, ``None`` for no limit), ``layoff_per_end``
    (tiles at one end of a run per turn, 1–13, ``None`` for no limit),
    ``pairs_declare`` and ``declared_pairs`` (R-PAIRS-DECLARE), ``retrieve``
    ``same_turn_layoff`` (``False`` is ``--no-same-turn-layoff``) and
    ``freed_joker_melds`` (``False`` is ``--no-freed-joker-melds``) as the
    ``play`` flags; the rule options as ``solve``'s (points, pairs, tiles as
    text; ``time_limit`` in seconds). Returns the ``play --format json``
    object: ``rack``, ``table``, ``rules``, ``opening``, ``moves``,
    ``table_after``, ``left``, ``residual_penalty_before``,
    ``residual_penalty``, ``discard``, ``finish``, ``can_open``, ``distance``
    (tiles from a meld and a pairs opening when it cannot open), ``proven``,
    ``lays_something``, ``status``, ``alternatives`` [R-LAYOFF, R-LAYOFF-LIMIT,
    R-RETRIEVE, R-SAME-TURN, R-PAIRS-AFTER, R-FINISH, R-ONE-TURN-ANY-VALUE].

    Through the API, raises ``BadInputError`` for a bad tile or option, an illegal table
    group (naming the group and the rule) or more copies of a tile in rack and table
    than the set has [R-TILES].
    """
    import time

    from rummy101_solver.engine.plan import PlayRules, check_keep
    from rummy101_solver.engine.play import best_turn, with_discard, with_distance
    from rummy101_solver.engine.table import PlayError, check_copies, parse_table
    from rummy101_solver.report.play import play_json

    options = {
        "threshold": threshold, "pairs_threshold": pairs_threshold, "rising": rising,
        "after": after, "after_pairs": after_pairs, "take": take, "indicator": indicator,
        "joker_pairs": joker_pairs, "one_turn_any_value": one_turn_any_value, "keep": keep,
        "alternatives": alternatives, "time_limit": time_limit,
    }  # fmt: skip
    if opened not in ("no", "melds", "pairs"):
        raise OptionError(f"option 'opened': {opened!r} is not 'no', 'melds' or 'pairs'")
    if retrieve not in ("any", "full-set"):
        raise OptionError(f"option 'retrieve': {retrieve!r} is not 'any' or 'full-set'")
    whole("layoff_limit", layoff_limit, 1, 13, none=True)
    whole("layoff_per_end", layoff_per_end, 1, 13, none=True)
    true_or_false("pairs_declare", pairs_declare)
    true_or_false("declared_pairs", declared_pairs)
    if declared_pairs and not pairs_declare:
        raise OptionError(
            "--declared-pairs needs the house rule --pairs-declare (a profile may set it)"
            " [R-PAIRS-DECLARE]"
        )
    if declared_pairs and opened != "no":
        raise OptionError(
            f"--declared-pairs is a player who has not opened yet, not --opened {opened}:"
            " a declared player opens with pairs or not at all [R-PAIRS-DECLARE]"
        )
    true_or_false("pairs_on_table", pairs_on_table)
    true_or_false("same_turn_layoff", same_turn_layoff)
    true_or_false("freed_joker_melds", freed_joker_melds)
    case = build_case(tiles_text(rack), options)
    case = replace(case, rules=replace(case.rules, freed_joker_melds=freed_joker_melds))
    try:
        check_keep(case.rules)
        groups = parse_table(groups_text(table), case.rules)
    except PlayError as err:
        raise OptionError(str(err)) from err
    check_copies(case.rack, groups, case.rules)
    play_rules = PlayRules(opened=opened, pairs_on_table=pairs_on_table, layoff_limit=layoff_limit,
                           retrieve=retrieve, same_turn_layoff=same_turn_layoff,
                           layoff_per_end=layoff_per_end,
                           declared_pairs=declared_pairs)  # fmt: skip
    started = time.monotonic()
    result = best_turn(case.rack, groups, case.rules, play_rules,
                       alternatives=case.alternatives, time_limit=case.time_limit)  # fmt: skip
    left = max(0.001, case.time_limit - (time.monotonic() - started))
    result = with_distance(result, time_limit=left)
    left = max(0.05, case.time_limit - (time.monotonic() - started))
    return play_json(with_discard(result, time_limit=left))


@with_house
def score(
    players: str | Sequence[str],
    *,
    end: Literal[
        "normal",
        "joker",
        "one-turn",
        "one-turn-joker",
        "open-finish",
        "open-finish-joker",
        "stock",
    ] = "normal",
    winner: str | None = None,
    joker_left: int = WILD_PENALTY,
    nobody_opened_scores_nothing: bool = False,
    sheet: Literal["gains", "paper"] = "gains",
    pairs_finish_doubles: bool = False,
    open_finish: Literal["plain", "double"] = "plain",
    extra: str | Sequence[str] = (),
    ledger: str | os.PathLike[str] | None = None,
    fed_opening: bool = False,
    pairs_declare: bool = False,
    pairs_cap: bool = False,
    riziko: bool = False,
    katlama: bool = False,
    okey_left: Literal["inside", "outside"] = "inside",
    finish_table: Literal["classic", "okey-plus"] = "classic",
    teams: bool = False,
    layoff_takeback: bool = False,
    declared: str | Sequence[str] = (),
    fake_indicator: bool = False,
    kat: int = 1,
    house: str | None = None,
) -> dict[str, Any]:
    """``rummy101 score``: score one round.

    ``players``: one ``"NAME: STATE TILES"`` string per player (``"Bea: pairs
    K2 K9"``; the winner needs only the name), or one text with a player per
    line (``#`` lines skipped). ``joker_left`` in points. ``sheet``
    ``"paper"``: the paper sheet, amounts with their sign turned [R-PAPER-SHEET];
    ``pairs_finish_doubles``: a pairs winner doubles the penalties
    [R-PAIRS-FINISH]; ``open_finish``: ``"plain"`` or ``"double"``, how
    ``end="open-finish"`` is scored [R-OPEN-FINISH]. ``extra``: extra
    penalties, each ``"NAME: REASON"`` as ``--extra`` takes it (``"Can:
    joker-discard"``, ``"Bea: 20 slow play"``), one text or a list
    [R-EXTRA-PENALTY]. Returns the ``score --format json`` object (``end``,
    ``winner``, ``rules``, ``players``, ``total``) [R-PENALTY,
    R-JOKER-FINISH, R-ONE-TURN, R-SCORE]. With ``ledger`` (a file path) the
    round is appended to that match ledger, as ``--ledger`` does, and the
    object also holds ``round`` (its number) and ``standings`` (after it).

    The house rules of Turkish tables, each ``False`` / its default as the flag of
    the same name: ``fed_opening``, ``pairs_declare``, ``pairs_cap``, ``riziko``,
    ``katlama``, ``okey_left``, ``finish_table``, ``teams``, ``layoff_takeback``;
    the round's facts: ``declared`` (names, one text or a list), ``fake_indicator``,
    ``kat`` (1–64) [R-FED-OPENING … R-LAYOFF-TAKEBACK].

    Through the API, raises ``BadInputError`` for a bad player line, tile, extra penalty
    or round, or a bad ledger (nothing appended).
    """
    from rummy101_solver.game.scoring import (
        ScoreRules,
        parse_extra,
        parse_player,
        round_json,
        score_round,
    )
    from rummy101_solver.messages import show_value

    # a wrong type is bad input, never a TypeError from deep inside (issue 34)
    if not isinstance(end, str):
        raise OptionError(f"option 'end': {show_value(end)} is not a round end, e.g. 'normal'")
    if winner is not None and not isinstance(winner, str):
        raise OptionError(f"option 'winner': {show_value(winner)} is not a player's name")
    if isinstance(joker_left, bool) or not isinstance(joker_left, int):
        raise OptionError(f"option 'joker_left': {show_value(joker_left)} is not a whole number")
    true_or_false("nobody_opened_scores_nothing", nobody_opened_scores_nothing)
    if ledger is not None and not isinstance(ledger, str | os.PathLike):
        raise OptionError(f"a ledger is a file path, not {kind_of(ledger)}")
    if isinstance(players, str):
        lines = (line.strip() for line in players.splitlines())
        players = [line for line in lines if line and not line.startswith("#")]
    elif not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise OptionError(
            "players must be text, one 'NAME: STATE TILES' a line, or a list of them,"
            f" not {kind_of(players)}"
        )
    extras = [extra] if isinstance(extra, str) else extra
    if not isinstance(extras, list | tuple) or not all(isinstance(e, str) for e in extras):
        raise OptionError(
            "extra must be text, e.g. 'Can: joker-discard', or a list of them,"
            f" not {kind_of(extra)}"
        )
    hands = [parse_player(text) for text in players]
    penalties = [parse_extra(text) for text in extras]
    if sheet not in ("gains", "paper"):
        raise OptionError(f"sheet {sheet!r}: use gains or paper [R-PAPER-SHEET]")
    if open_finish not in ("plain", "double"):
        raise OptionError(f"open_finish {open_finish!r}: use plain or double [R-OPEN-FINISH]")
    if not isinstance(pairs_finish_doubles, bool):
        raise OptionError(f"pairs_finish_doubles {pairs_finish_doubles!r} is not true or false")
    switches = {"fed_opening": fed_opening, "pairs_declare": pairs_declare,
                "pairs_cap": pairs_cap, "riziko": riziko, "katlama": katlama, "teams": teams,
                "layoff_takeback": layoff_takeback, "fake_indicator": fake_indicator}  # fmt: skip
    for name, value in switches.items():
        if not isinstance(value, bool):
            raise OptionError(f"{name} {value!r} is not true or false")
    if okey_left not in ("inside", "outside"):
        raise OptionError(f"okey_left {okey_left!r}: use inside or outside [R-OKEY-LEFT]")
    if finish_table not in ("classic", "okey-plus"):
        raise OptionError(
            f"finish_table {finish_table!r}: use classic or okey-plus [R-FINISH-TABLE]"
        )
    whole("kat", kat, 1, MAX_KAT)
    names = [declared] if isinstance(declared, str) else declared
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        raise OptionError(f"declared must be a name or a list of names, not {kind_of(declared)}")
    house_rules = HouseRules(fed_opening=fed_opening, pairs_declare=pairs_declare,
                       pairs_cap=pairs_cap, riziko=riziko, katlama=katlama,
                       okey_left=okey_left, finish_table=finish_table, teams=teams,
                       layoff_takeback=layoff_takeback)  # fmt: skip
    rules = ScoreRules(joker_left_points=joker_left,
                       nobody_opened_scores_nothing=nobody_opened_scores_nothing,
                       sheet=sheet, pairs_finish_doubles=pairs_finish_doubles,
                       open_finish=open_finish, house=house_rules)  # fmt: skip
    result = score_round(end, winner, hands, rules, penalties, declared=names, kat=kat,
                         fake_indicator=fake_indicator)  # fmt: skip
    if ledger is None:
        return round_json(result)
    from rummy101_solver.files.ledger import record_round, standings_json

    added, table = record_round(os.fspath(ledger), result)
    return {"round": added.number, **round_json(result), "standings": standings_json(table)}


def standings(ledger: str | os.PathLike[str], *, after: int | None = None) -> dict[str, Any]:
    """``rummy101 standings``: the standings of the match ledger at path
    ``ledger`` (written by ``score(…, ledger=…)`` or ``score --ledger``) after
    round ``after`` (default: the last), read-only. Returns the ``standings
    --format json`` object (``after``, ``rounds``, ``players``: ``name``,
    ``total``, ``rounds``, ``won``, ``last_round``; ``truncated_line``) [R-SCORE].

    Through the API, raises ``BadInputError`` for a missing or bad ledger, or an
    ``after`` that is not a round of it.
    """
    from rummy101_solver.files.ledger import read_standings, standings_json

    whole("after", after, 1, 1_000_000, none=True)
    if not isinstance(ledger, str | os.PathLike):
        raise OptionError(f"a ledger is a file path, not {kind_of(ledger)}")
    return standings_json(read_standings(os.fspath(ledger), after))
