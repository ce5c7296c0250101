"""``solve --explain``: the analysis told in a few plain sentences.

One sentence each, in this order, and only those that apply:

1. the bar and why it applies: the default thresholds, a custom
   ``--threshold``, or the rising bar [R-OPEN-MELDS, R-OPEN-PAIRS, R-RISING];
2. how the best meld opening adds up, meld by meld, and how far short of the
   bar it is — or why nothing can be laid [R-VALUE, R-KEEP-DISCARD,
   R-TAKE-DISCARD, R-RUN, R-SET];
3. the same for the best pairs opening [R-PAIR, R-OPEN-PAIRS];
4. when both open, why one is recommended [R-RESIDUAL, R-PAIRS-AFTER];
5. for each kind with an alternative, the tie-break that ranked the runner-up
   (rank 2) below the best: lower score, higher residual penalty, fewer tiles
   laid, or canonical order (the solver's ranking, see :mod:`model`).

The sentences are plain strings (JSON: the ``"explanation"`` list); with
``color`` the tiles in them carry ANSI colour codes (text output only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from rummy101_solver.engine.solver import Analysis, Opening, best_openings
from rummy101_solver.game.rules import MELD_THRESHOLD, PAIRS_THRESHOLD, OpeningKind, Rules
from rummy101_solver.game.tiles import Rack, Tile, sort_tiles
from rummy101_solver.messages import count_of
from rummy101_solver.report.render import meld_text, tile_text, tiles_text

Shortfall = Callable[[Opening], str | None]
"""The hook for tiles: given an opening short of its bar, a clause naming what
would close the gap (e.g. the ``outs`` command's tiles), or ``None``."""


_LABEL: dict[OpeningKind, str] = {"melds": "meld", "pairs": "pairs"}


def distance_shortfall(
    rack: Rack, rules: Rules, *, time_limit: float = 10.0, color: bool = False
) -> Shortfall:
    """The :data:`Shortfall` clause of ``outs``: how many tiles the rack is
    from an opening of the kind, with the tiles to draw of one target
    (:func:`~rummy101_solver.engine.outs.rack_distance`: the fewest unseen tiles, the
    unseen being the 106-tile set minus the rack and the indicator)
    [R-OPEN-MELDS, R-OPEN-PAIRS, R-KEEP-DISCARD].

    The distance is exact and never cut (dynamic programmes, no solver), so
    ``time_limit`` (seconds) is accepted and not needed. Texts: ``"2 tiles
    away: draw R13 and J, for example (rummy101 outs)"``; ``"0 tiles away:
    after any draw it opens, discarding the tile drawn (rummy101 outs)"``;
    ``"out of reach: no opening of at most 7 tiles meets the bar, whatever is
    drawn (rummy101 outs)"``.
    """
    import time

    deadline = time.monotonic() + time_limit

    def clause(opening: Opening) -> str | None:
        from rummy101_solver.engine.outs import laid_bound, rack_distance

        left = max(0.001, deadline - time.monotonic())
        found = rack_distance(rack, rules, opening.kind, time_limit=left)
        if found.tiles is None or found.target is None:
            if found.proven_none:
                most = _plural(laid_bound(len(rack)), "tile")
                return (
                    f"out of reach: no opening of at most {most} meets the bar, whatever"
                    " is drawn (rummy101 outs)"
                )
            return None
        away = _plural(found.tiles, "tile") + " away"  # exact, never cut [issue 17]
        if found.tiles == 0:
            return f"{away}: after any draw it opens, discarding the tile drawn (rummy101 outs)"
        draw = [tile_text(t, color=color) for t in found.target.missing]
        listed = ", ".join(draw[:-1]) + " and " + draw[-1] if len(draw) > 1 else draw[0]
        return f"{away}: draw {listed}, for example (rummy101 outs)"

    return clause


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _bar_phrase(rules: Rules, kind: OpeningKind) -> str:
    """What one kind's bar is and why [R-OPEN-MELDS, R-OPEN-PAIRS, R-RISING]."""
    melds = kind == "melds"
    unit = "points" if melds else "pairs"
    threshold = rules.threshold if melds else rules.pairs_threshold
    default = MELD_THRESHOLD if melds else PAIRS_THRESHOLD
    after = rules.after if melds else rules.after_pairs
    option = "--after" if melds else "--after-pairs"
    rule = "R-OPEN-MELDS" if melds else "R-OPEN-PAIRS"
    if after is not None:
        if after + 1 > threshold:
            return (
                f"{count_of(after + 1, unit)}, one more than the highest {_LABEL[kind]}"
                f" opening so far ({after}, {option}) [R-RISING]"
            )
        return (
            f"{count_of(threshold, unit)}: one more than the highest opening so far"
            f" ({after}, {option}) would be less, and the bar never drops below the"
            " threshold [R-RISING]"
        )
    if threshold != default:
        flag = "--threshold" if melds else "--pairs-threshold"
        return (
            f"{count_of(threshold, unit)} ({flag} {threshold}; the default is {default}) [{rule}]"
        )
    return f"{count_of(threshold, unit)}, the default [{rule}]"


def bar_sentence(rules: Rules) -> str:
    """The bars of both kinds and why they apply."""
    head = "The bar: "
    if rules.rising and not rules.someone_opened:
        head = "The bar: rising mode, but nobody has opened yet, so the threshold holds"
        head += " [R-RISING]: "
    return (
        f"{head}a meld opening needs {_bar_phrase(rules, 'melds')};"
        f" a pairs opening needs {_bar_phrase(rules, 'pairs')}."
    )


def _unproven(opening: Opening) -> str:
    if opening.status == "feasible":
        return " (found, not proven best: the time limit ran out)"
    return ""


def _nothing_laid(analysis: Analysis, opening: Opening, time_limit: float, color: bool) -> str:
    """Why an opening lays nothing: the time limit, the taken tile, the tile
    kept for the discard, or no meld (pair) in the tiles at all."""
    rules, rack = analysis.rules, analysis.rack
    kind = opening.kind
    what = "melds" if kind == "melds" else "pairs"
    if opening.status == "none" and not opening.proven_none:
        return f"No {_LABEL[kind]} opening was found within the time limit (not proven impossible)."
    if rules.keep:
        free = best_openings(rack, replace(rules, keep=0, objective="value"), kind,
                             time_limit=time_limit)[0]  # fmt: skip
        if free.melds:
            laid = " | ".join(meld_text(m, color=color) for m in free.melds)
            left = len(free.left)
            leaves = "no tile" if left == 0 else _plural(left, "tile")
            must = "one tile must stay for the discard" if rules.keep == 1 else (
                f"{rules.keep} tiles must stay on the rack (--keep {rules.keep})"
            )  # fmt: skip
            return (
                f"Nothing can be laid as {what}: {laid} would leave {leaves} on the rack,"
                f" and {must} [R-KEEP-DISCARD]."
            )
    if opening.status == "none" and rules.take is not None:
        take = tile_text(rules.take, color=color)
        return (
            f"Nothing can be laid as {what}: no {_LABEL[kind]} opening uses the taken {take},"
            " and an opening after taking the discard must [R-TAKE-DISCARD]."
        )
    if kind == "melds":
        return (
            "Nothing can be laid as melds: no tiles here make a run (3 or more numbers in a"
            " row, one colour [R-RUN]) or a set (one number in 3 or 4 colours [R-SET])."
        )
    if not rules.joker_pairs:
        return (
            "Nothing can be laid as pairs: no two tiles are alike, and a joker may not"
            " stand in for a tile of a pair (--no-joker-pairs) [R-PAIR]."
        )
    if not rack.wilds:
        return "Nothing can be laid as pairs: no two tiles are alike [R-PAIR]."
    return (
        "Nothing can be laid as pairs: no two tiles are alike, and two jokers are not a pair"
        " [R-PAIR]."
    )


def opening_sentence(
    analysis: Analysis,
    opening: Opening,
    *,
    time_limit: float = 10.0,
    color: bool = False,
    shortfall: Shortfall | None = None,
) -> str:
    """How the best opening of one kind adds up against its bar, and how far
    short it is (with the ``shortfall`` clause, if any); or why it lays nothing."""
    if not opening.melds:
        return _nothing_laid(analysis, opening, time_limit, color)
    bar = analysis.rules.bar(opening.kind)
    wild = any(t.is_wild or t.fake for m in opening.melds for t in m.tiles)
    if opening.kind == "melds":
        parts = " + ".join(f"{meld_text(m, color=color)} ({m.value})" for m in opening.melds)
        sum_up = f"{parts} = {opening.value} points"
        rule = "R-OPEN-MELDS"
        unit = "points"
    else:
        pairs = ", ".join(meld_text(m, color=color) for m in opening.melds)
        sum_up = f"{_plural(opening.count, 'pair')} ({pairs})"
        rule = "R-OPEN-PAIRS"
        unit = "pairs"
    joker = ""
    if wild and opening.kind == "melds":
        joker = "; a joker counts as the tile it stands for [R-VALUE]"
    title = f"Best {_LABEL[opening.kind]} opening"
    if opening.meets_threshold:
        return f"{title}: {sum_up} ≥ {bar}, so it opens{_unproven(opening)} [{rule}]{joker}."
    gap = bar - opening.score
    short = f"{gap} point{'s' * (gap != 1)}" if unit == "points" else _plural(gap, "pair")
    extra = shortfall(opening) if shortfall else None
    tail = f"; {extra}" if extra else ""
    return f"{title}: {sum_up} < {bar}: {short} short{_unproven(opening)}{tail} [{rule}]{joker}."


def recommendation_sentence(analysis: Analysis) -> str | None:
    """Why melds or pairs is recommended when both open; ``None`` otherwise."""
    melds, pairs = analysis.melds, analysis.pairs
    if not (melds.meets_threshold and pairs.meets_threshold):
        return None
    if melds.residual_penalty == pairs.residual_penalty:
        return (
            f"Both open and leave a residual penalty of {melds.residual_penalty}; melds win"
            " the tie: a meld opener may still lay pairs later, a pairs opener no new melds"
            " [R-PAIRS-AFTER]."
        )
    best, other = (melds, pairs) if analysis.recommended == "melds" else (pairs, melds)
    return (
        f"Both open; {best.kind} leave the lower residual penalty ({best.residual_penalty}"
        f" against {other.residual_penalty}), so play {best.kind} [R-RESIDUAL]."
    )


def _places(tiles: tuple[Tile, ...]) -> int:
    # canonical places (1–52) of the numbered tiles, summed
    return sum(t.face.index + 1 for t in tiles if t.face is not None)


def _canonical_sum(rack: Rack, opening: Opening) -> int:
    # the last tier of the model: sum of canonical places (1–52) of the real tiles laid
    laid = Counter(rack.tiles) - Counter(opening.left)
    return sum((t.face.index + 1) * k for t, k in laid.items() if t.face is not None)


def runner_up_sentence(analysis: Analysis, kind: OpeningKind, *, color: bool = False) -> str | None:
    """Which tie-break ranked the first alternative below the best, or ``None``
    when there is no alternative. The tiers are the solver's: score (points or
    pairs) and residual penalty in the order the objective puts them, then
    tiles laid, then canonical order [R-RESIDUAL]."""
    best = analysis.melds if kind == "melds" else analysis.pairs
    others = analysis.meld_alternatives if kind == "melds" else analysis.pair_alternatives
    if not others:
        return None
    alt = others[0]
    rack = analysis.rack
    score = "value" if kind == "melds" else "pairs"

    def amount(o: Opening) -> str:
        return count_of(o.value, "points") if kind == "melds" else _plural(o.count, "pair")

    laid = [len(rack) - len(o.left) for o in (best, alt)]
    ranked_by = best.ranked_by
    tiers: list[tuple[str, bool, str]] = [
        (score, alt.score != best.score, f"{amount(alt)} against {amount(best)}"),
        (
            "residual penalty",
            alt.residual_penalty != best.residual_penalty,
            f"{alt.residual_penalty} against {best.residual_penalty}",
        ),
    ]
    if ranked_by == "penalty":
        tiers.reverse()
    tiers.append(("tiles laid", laid[0] != laid[1], f"{laid[1]} against {laid[0]}"))
    words = {
        score: "a lower value" if kind == "melds" else "fewer pairs",
        "residual penalty": "a higher residual penalty",
        "tiles laid": "fewer tiles laid",
    }
    same: list[str] = []
    head = f"The runner-up {_LABEL[kind]} opening (rank 2) ranks lower"
    note = _unproven(alt) or _unproven(best)
    for name, differs, numbers in tiers:
        if differs:
            tie = f": the same {' and '.join(same)}, but" if same else " on"
            what = words[name] if same else name
            rule = " [R-RESIDUAL]" if name == "residual penalty" else ""
            return f"{head}{tie} {what}: {numbers}{note}{rule}."
        same.append(name)
    if _canonical_sum(rack, alt) != _canonical_sum(rack, best):
        ours = sort_tiles((Counter(best.left) - Counter(alt.left)).elements())
        theirs = sort_tiles((Counter(alt.left) - Counter(best.left)).elements())
        return (
            f"{head}: the same {', '.join(same[:-1])} and {same[-1]}; on the last tie-break,"
            f" canonical order, the best keeps {tiles_text(ours, color=color)} where the"
            f" runner-up keeps {tiles_text(theirs, color=color)}: tiles kept earlier in the"
            " order red, blue, black, yellow, by number (their places 1–52 sum to"
            f" {_places(ours)} against {_places(theirs)}){note}."
        )
    return (
        f"The runner-up {_LABEL[kind]} opening (rank 2) ties with the best on every tie-break;"
        f" the solver's reproducible order puts it second{note}."
    )


def explain_analysis(
    analysis: Analysis,
    *,
    time_limit: float = 10.0,
    color: bool = False,
    shortfall: Shortfall | None = None,
) -> list[str]:
    """The sentences of ``solve --explain`` (see the module docstring), in order.

    ``time_limit`` (seconds) bounds the one extra solve made when an opening
    lays nothing (is it the tile kept for the discard?). ``shortfall`` is the
    hook for the tiles that would close a gap (see :data:`Shortfall`).
    """
    sentences = [bar_sentence(analysis.rules)]
    for opening in (analysis.melds, analysis.pairs):
        sentences.append(
            opening_sentence(
                analysis, opening, time_limit=time_limit, color=color, shortfall=shortfall
            )
        )
    for sentence in (
        recommendation_sentence(analysis),
        runner_up_sentence(analysis, "melds", color=color),
        runner_up_sentence(analysis, "pairs", color=color),
    ):
        if sentence is not None:
            sentences.append(sentence)
    return sentences
