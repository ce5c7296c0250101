"""Judge an arrangement a player lays down: is it legal, does it open?

Used by ``rummy101 check`` to settle disputes with the rule cited
[R-RUN, R-SET, R-PAIR, R-WILD, R-NO-MIX, R-OPEN-MELDS, R-OPEN-PAIRS,
R-KEEP-DISCARD, R-TAKE-DISCARD, R-RACK]. The CP-SAT solver is only asked,
at the end, whether a better opening exists.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from rummy101_solver.game.parsing import LaidTile, check_rack_limits
from rummy101_solver.game.rules import Broken, GroupVerdict, Rules, judge_group, residual_penalty
from rummy101_solver.game.tiles import MAX_RACK, WILD, Rack, Tile, sort_tiles
from rummy101_solver.messages import quote

if TYPE_CHECKING:
    from rummy101_solver.engine.solver import Opening

ArrangementKind = Literal["melds", "pairs", "mixed"]


@dataclass(frozen=True)
class GroupCheck:
    """One group as laid and the judge's verdict on it."""

    tiles: tuple[LaidTile, ...]
    verdict: GroupVerdict


@dataclass(frozen=True)
class CheckResult:
    """The verdict on a whole arrangement.

    - ``kind``: melds (runs and sets), pairs, or mixed [R-NO-MIX];
    - ``value``: points of the legal groups [R-VALUE]; ``count``: groups;
    - ``errors``: rules the arrangement as a whole breaks (tiles not on the
      rack, no discard kept, the taken tile unused, pairs mixed with melds);
    - ``left`` / ``residual_penalty`` / ``keeps_discard``: with a rack given,
      the tiles left, what they would cost [R-RESIDUAL] and whether one stays
      for the discard [R-KEEP-DISCARD]; ``None`` without a rack;
    - ``better``: with a rack, the solver's best opening of the same kind when
      it beats this one; without a rack, the best use of the same tiles.
    """

    groups: tuple[GroupCheck, ...]
    kind: ArrangementKind
    rules: Rules
    errors: tuple[Broken, ...]
    rack: Rack | None
    left: tuple[Tile, ...] | None
    residual_penalty: int | None
    keeps_discard: bool | None
    better: Opening | None = None

    @property
    def value(self) -> int:
        """Points of the legal groups."""
        return sum(g.verdict.value for g in self.groups if g.verdict.legal)

    @property
    def count(self) -> int:
        """Legal groups laid (pairs, for a pairs opening)."""
        return sum(1 for g in self.groups if g.verdict.legal)

    @property
    def legal(self) -> bool:
        """Every group legal and no arrangement-level rule broken."""
        return not self.errors and all(g.verdict.legal for g in self.groups)

    @property
    def score(self) -> int:
        """What the threshold measures: points (melds) or pairs (pairs)."""
        return self.count if self.kind == "pairs" else self.value

    @property
    def bar(self) -> int:
        """The threshold in force for this kind [R-OPEN-MELDS, R-OPEN-PAIRS, R-RISING]."""
        return self.rules.bar("pairs" if self.kind == "pairs" else "melds")

    @property
    def meets_threshold(self) -> bool:
        """A legal opening that reaches its threshold."""
        return self.legal and self.kind != "mixed" and self.score >= self.bar


def _kind(verdicts: list[GroupVerdict]) -> ArrangementKind:
    """Melds, pairs or mixed [R-NO-MIX], read from the legal groups: an illegal
    group's kind is only a guess from its size (and it has its own fault). With
    no legal group, from all of them, never mixed (nothing is laid to mix)."""
    legal = [v for v in verdicts if v.legal]
    kinds = {v.kind for v in legal or verdicts if v.kind is not None}
    if "pair" in kinds and kinds - {"pair"}:
        return "mixed" if legal else "melds"
    return "pairs" if kinds == {"pair"} else "melds"


def _rack_errors(laid: list[LaidTile], rack: Rack) -> list[Broken]:
    errors = []
    held = Counter(rack.tiles)
    used: Counter[Tile] = Counter()
    for lt in laid:
        used[lt.tile] += 1
        if used[lt.tile] > held[lt.tile]:
            have = held[lt.tile]
            why = "is not on the rack" if have == 0 else f"is laid {used[lt.tile]} times;"
            if have:
                why += f" the rack holds {have}"
            errors.append(Broken("R-RACK", f"{quote(lt.token)} (tile {lt.position}) {why}"))
    return errors


def _judge(group: list[LaidTile], rules: Rules, twin: Tile | None) -> GroupVerdict:
    """One group's verdict; with the indicator's twin laid (``twin``, its tile), the twin
    in a group of two plays as a wild tile completing that pair, and in any other group
    breaks R-INDICATOR-TWIN (it counts in no run or set)."""
    if twin is None or not any(lt.tile == twin for lt in group):
        return judge_group([(lt.tile, lt.pin) for lt in group], rules)
    if len(group) != 2:
        verdict = judge_group([(lt.tile, lt.pin) for lt in group], rules)
        why = (
            f"the indicator's twin {twin.code} completes only a pair of a pairs opening;"
            " it counts in no run or set"
        )
        return replace(verdict, value=0, errors=(*verdict.errors, Broken("R-INDICATOR-TWIN", why)))
    tiles = [(WILD, None) if lt.tile == twin else (lt.tile, lt.pin) for lt in group]
    return judge_group(tiles, rules)


def check_arrangement(
    groups: list[list[LaidTile]],
    rules: Rules,
    rack: Rack | None = None,
) -> CheckResult:
    """Judge ``groups`` (from :func:`~rummy101_solver.game.parsing.parse_arrangement`)
    under ``rules``; with ``rack`` the tiles must come from it (``rules.take``,
    if any, already added to it).

    Raises :class:`~rummy101_solver.game.parsing.RackError` when the arrangement
    itself holds more copies than the tile set has [R-RACK].
    """
    laid = [lt for group in groups for lt in group]
    check_rack_limits([(lt.token, lt.tile) for lt in laid], indicator=rules.indicator,
                      max_tiles=len(laid))  # fmt: skip
    twin = Tile(rules.indicator) if rules.twin_laid and rules.indicator is not None else None
    verdicts = [_judge(g, rules, twin) for g in groups]
    kind = _kind(verdicts)
    errors: list[Broken] = []
    if twin is not None:
        # the laid twin is no rack tile: it is not counted against the rack [R-INDICATOR-TWIN]
        laid = [lt for lt in laid if lt.tile != twin]
    if kind == "mixed":
        errors.append(Broken("R-NO-MIX", "pairs and melds mixed in one opening"))
    if rules.take is not None and not any(lt.tile == rules.take for lt in laid):
        errors.append(
            Broken(
                "R-TAKE-DISCARD",
                f"the taken tile {rules.take.code} is not laid; a player who has not opened"
                " must use it in this opening",
            )
        )
    if len(laid) > MAX_RACK:
        errors.append(Broken("R-RACK", f"{len(laid)} tiles laid; a rack holds at most {MAX_RACK}"))
    elif rack is None and rules.keep and len(laid) > MAX_RACK - rules.keep:
        errors.append(
            Broken(
                "R-KEEP-DISCARD",
                f"{len(laid)} tiles laid leave no tile of a {MAX_RACK}-tile rack for the discard",
            )
        )
    left = penalty = keeps = None
    if rack is not None:
        errors += _rack_errors(laid, rack)
        pool = Counter(rack.tiles)
        pool.subtract(Counter(lt.tile for lt in laid))
        left = sort_tiles(list(pool.elements()))
        keeps = len(left) >= rules.keep
        if not keeps:
            errors.append(
                Broken("R-KEEP-DISCARD", "no tile is left for the discard: a turn ends with one")
            )
        penalty = residual_penalty(left, "pairs" if kind == "pairs" else "melds")
    return CheckResult(
        groups=tuple(GroupCheck(tuple(g), v) for g, v in zip(groups, verdicts, strict=True)),
        kind=kind,
        rules=rules,
        errors=tuple(errors),
        rack=rack,
        left=left,
        residual_penalty=penalty,
        keeps_discard=keeps,
    )


def find_better(result: CheckResult, *, time_limit: float = 10.0) -> Opening | None:
    """What ``solve`` finds instead, when it beats a legal arrangement.

    With a rack: the best opening of the same kind from that rack. Without: the
    best opening of the same kind from the laid tiles themselves (all may be
    laid). ``None`` when the arrangement is illegal, mixed, or already best.
    """
    if not result.legal or result.kind == "mixed":
        return None
    from rummy101_solver.engine.solver import best_openings  # ortools: only when there is work

    kind: Literal["melds", "pairs"] = result.kind
    if result.rack is not None:
        rack, rules = result.rack, result.rules
    else:
        twin = (
            Tile(result.rules.indicator)
            if result.rules.twin_laid and result.rules.indicator
            else None
        )
        rack = Rack(tuple(lt.tile for g in result.groups for lt in g.tiles if lt.tile != twin))
        rules = replace(result.rules, keep=0)
    best = best_openings(rack, rules, kind, time_limit=time_limit)[0]
    if best.status not in ("optimal", "feasible"):
        return None
    if result.rack is None:
        return best if best.score > result.score else None
    ours = (result.score, -(result.residual_penalty or 0))
    return best if (best.score, -best.residual_penalty) > ours else None
