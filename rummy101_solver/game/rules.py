"""The rule book in code: house switches, thresholds and penalties.

Every switch lives in one :class:`Rules` value with its default and is passed
to whatever needs it; there is no global flag. Rule ids refer to
``shared/RULES.md``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from rummy101_solver.game.tiles import Colour, Face, Tile, okey_face

MELD_THRESHOLD = 101
"""Points a meld opening needs by default [R-OPEN-MELDS]."""

PAIRS_THRESHOLD = 5
"""Pairs a pairs opening needs by default [R-OPEN-PAIRS]."""

UNOPENED_PENALTY = 202
"""Hand penalty of a player who never opened [R-PENALTY]."""

PAIRS_PENALTY_FACTOR = 2
"""A pairs opener pays twice the tiles left [R-PENALTY, R-RESIDUAL]."""

ONE_TURN_WIN = 202
"""Points the winner gains for a one-turn finish [R-SCORE]."""

ONE_TURN_JOKER_WIN = 404
"""Points the winner gains for a one-turn finish with a joker discard [R-SCORE]."""

ONE_TURN_LOSS = 404
"""Points every opponent loses to a one-turn finish [R-ONE-TURN]."""

ONE_TURN_JOKER_LOSS = 808
"""Points every opponent loses to a one-turn finish with a joker discard [R-ONE-TURN]."""

OpeningKind = Literal["melds", "pairs"]
Objective = Literal["value", "penalty"]


@dataclass(frozen=True)
class Rules:
    """The rules in force for one analysis.

    - ``threshold`` / ``pairs_threshold``: the fixed bars, points / pairs
      [R-OPEN-MELDS, R-OPEN-PAIRS].
    - ``after`` / ``after_pairs``: rising mode, the highest opening so far
      (points / pairs); the bar becomes one more [R-RISING].
    - ``rising_mode``: rising mode named with no opening yet (``--rising``):
      the first opening still needs the threshold [R-RISING].
    - ``keep``: tiles that must stay on the rack, 1 for the discard
      [R-KEEP-DISCARD]; 0 lays everything down.
    - ``indicator``: the face-up indicator tile (okey variant) or ``None`` for
      classic jokers [R-JOKER, R-INDICATOR].
    - ``take``: the discard taken instead of drawing; it must be used
      [R-TAKE-DISCARD].
    - ``objective``: ``"value"`` (highest-value opening) or ``"penalty"``
      (lowest residual penalty among openings that meet the bar) [R-RESIDUAL].
    - ``joker_pairs``: whether a joker may replace one tile of a pair [R-PAIR].
    - ``one_turn_any_value``: house rule, a one-turn finish stands whatever
      its value: no bar for the melds (or pairs) of a one-turn finish
      [R-ONE-TURN-ANY-VALUE]; off by default [R-ONE-TURN].
    - ``freed_joker_melds``: a joker taken back in the opening turn may go
      into a new meld (or pair) of that turn, once the melds laid before it
      meet the bar without it [R-RETRIEVE, R-SAME-TURN]; on by default.
      False (house rule, ``play --no-freed-joker-melds``): it is laid off or
      kept, never put into a new meld of the opening turn.
    - ``twin_laid``: house rule R-INDICATOR-TWIN in force and this player laid the
      indicator's other copy on the indicator before the first draw: it serves them as
      one wild tile that completes one pair of a pairs opening; it is not on the rack
      and counts in no run or set. False by default (``solve --twin-laid``).
    """

    threshold: int = MELD_THRESHOLD
    pairs_threshold: int = PAIRS_THRESHOLD
    after: int | None = None
    after_pairs: int | None = None
    keep: int = 1
    indicator: Face | None = None
    take: Tile | None = None
    objective: Objective = "value"
    joker_pairs: bool = True
    rising_mode: bool = False
    one_turn_any_value: bool = False
    freed_joker_melds: bool = True
    twin_laid: bool = False

    @property
    def meld_bar(self) -> int:
        """Points a meld opening needs: the threshold, or in rising mode one more
        than the highest earlier opening, whichever is higher [R-OPEN-MELDS, R-RISING]."""
        if self.after is None:
            return self.threshold
        return max(self.threshold, self.after + 1)

    @property
    def pairs_bar(self) -> int:
        """Pairs a pairs opening needs [R-OPEN-PAIRS, R-RISING]."""
        if self.after_pairs is None:
            return self.pairs_threshold
        return max(self.pairs_threshold, self.after_pairs + 1)

    @property
    def rising(self) -> bool:
        """True in rising mode: ``--rising``, or an earlier opening given [R-RISING]."""
        return self.rising_mode or self.someone_opened

    @property
    def someone_opened(self) -> bool:
        """True when an earlier opening was given (``after`` / ``after_pairs``)."""
        return self.after is not None or self.after_pairs is not None

    def bar(self, kind: OpeningKind) -> int:
        """The bar for a meld opening (points) or a pairs opening (pairs)."""
        return self.meld_bar if kind == "melds" else self.pairs_bar

    def one_turn_bar(self, kind: OpeningKind) -> int:
        """The bar the melds (points) or pairs of a one-turn finish must meet: the
        opening bar [R-ONE-TURN], or 0 under the house rule [R-ONE-TURN-ANY-VALUE]."""
        return 0 if self.one_turn_any_value else self.bar(kind)

    def to_json(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict: every switch, plus the bars in force."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}  # shallow: no asdict copy
        out["indicator"] = self.indicator.code if self.indicator else None
        out["take"] = self.take.code if self.take else None
        del out["rising_mode"]
        del out["one_turn_any_value"]
        del out["freed_joker_melds"]
        del out["twin_laid"]
        out["rising"] = self.rising
        out["one_turn_any_value"] = self.one_turn_any_value
        out["freed_joker_melds"] = self.freed_joker_melds
        out["meld_bar"] = self.meld_bar
        out["pairs_bar"] = self.pairs_bar
        out["jokers"] = "indicator" if self.indicator else "classic"
        out["okey"] = okey_face(self.indicator).code if self.indicator else None
        if self.twin_laid:  # written only when laid: the default JSON does not move
            out["twin_laid"] = True
        return out


# --- house rules of Turkish tables: one switch each, off by default ------------------
OkeyLeft = Literal["inside", "outside"]
"""How an okey (joker) left on a rack is charged [R-OKEY-LEFT]: ``inside`` the sum of the
tiles left (the default, R-PENALTY), or ``outside`` as a fixed surcharge after every multiplier."""

FinishTable = Literal["classic", "okey-plus"]
"""The table of finish amounts [R-FINISH-TABLE]: ``classic`` (R-SCORE, R-JOKER-FINISH,
R-ONE-TURN) or ``okey-plus`` (pairs finishes doubled too, the okey and pairs ladder)."""

OKEY_LEFTS: tuple[OkeyLeft, ...] = ("inside", "outside")
FINISH_TABLES: tuple[FinishTable, ...] = ("classic", "okey-plus")

MAX_KAT = 64
"""The largest round multiplier ("kat") a katlamalı table may reach [R-KATLAMA]."""


@dataclass(frozen=True)
class HouseRules:
    """The house rules of Turkish tables, each one switch with its default (off): the
    defaults are the rule book's defaults, so an analysis or a score without a switch
    is what it was before [shared/RULES.md "House rules of Turkish tables"].

    - ``indicator_twin``: the other copy of the indicator, laid on it before the first
      draw, serves its owner as one wild tile completing one pair of a pairs opening
      [R-INDICATOR-TWIN].
    - ``fed_opening``: the player whose discard the next player takes and opens with in
      that turn pays +101 [R-FED-OPENING].
    - ``pairs_declare``: a player may declare pairs ("çifte gitmek"): may take the last
      discard and keep it; a declared player who never opens pays 404 [R-PAIRS-DECLARE].
    - ``pairs_cap``: at most three players go for pairs; all four opening with pairs
      voids the round [R-PAIRS-CAP].
    - ``riziko``: an indicator that turns up as a fake okey makes the round "riziko":
      every amount doubled [R-RIZIKO].
    - ``katlama``: the table keeps a round multiplier ("kat") that multiplies the
      round's amounts [R-KATLAMA].
    - ``okey_left``: an okey left on a rack counted ``inside`` the sum (default) or as
      a fixed surcharge ``outside`` every multiplier [R-OKEY-LEFT].
    - ``finish_table``: ``classic`` (default) or ``okey-plus`` finish amounts
      [R-FINISH-TABLE].
    - ``teams``: eşli 101, partners opposite (seats 1 and 3, 2 and 4), a team's round
      score the sum of its two players' [R-TEAMS].
    - ``layoff_per_end``: at most this many tiles laid off per end of a run per turn
      (tables say 2), ``None`` for no such limit [R-LAYOFF-LIMIT].
    - ``layoff_takeback``: only the last tile laid off may be taken back in the same
      turn; taking back more costs +101 [R-LAYOFF-TAKEBACK].
    """

    indicator_twin: bool = False
    fed_opening: bool = False
    pairs_declare: bool = False
    pairs_cap: bool = False
    riziko: bool = False
    katlama: bool = False
    okey_left: OkeyLeft = "inside"
    finish_table: FinishTable = "classic"
    teams: bool = False
    layoff_per_end: int | None = None
    layoff_takeback: bool = False

    # playfix (issue 34) adds its freed-joker switch to ``Rules``; the house profiles
    # (rummy101_solver/data/houses.toml) name it by its option, as every switch.

    def to_json(self) -> dict[str, Any]:
        """The switches as a JSON-ready dict, in the order above."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> tuple[str, ...]:
        """The names of the switches not at their default, in the order above."""
        default = HouseRules()
        return tuple(
            f.name for f in fields(self) if getattr(self, f.name) != getattr(default, f.name)
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HouseRules:
        """The switches of ``data`` (keys of :meth:`to_json`; a key left out takes its
        default; other keys are ignored). Raises :class:`ValueError` naming the first
        switch of the wrong type or value."""
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "okey_left":
                ok = value in OKEY_LEFTS
            elif f.name == "finish_table":
                ok = value in FINISH_TABLES
            elif f.name == "layoff_per_end":
                ok = value is None or (type(value) is int and 1 <= value <= 13)
            else:
                ok = type(value) is bool
            if not ok:
                raise ValueError(f"house switch {f.name!r}: {value!r} is not a valid value")
            values[f.name] = value
        return cls(**values)


NO_HOUSE_RULES = HouseRules()
"""Every house switch at its default: the rule book's game."""

HOUSE_RULE_IDS: dict[str, str] = {
    "indicator_twin": "R-INDICATOR-TWIN",
    "fed_opening": "R-FED-OPENING",
    "pairs_declare": "R-PAIRS-DECLARE",
    "pairs_cap": "R-PAIRS-CAP",
    "riziko": "R-RIZIKO",
    "katlama": "R-KATLAMA",
    "okey_left": "R-OKEY-LEFT",
    "finish_table": "R-FINISH-TABLE",
    "teams": "R-TEAMS",
    "layoff_per_end": "R-LAYOFF-LIMIT",
    "layoff_takeback": "R-LAYOFF-TAKEBACK",
}
"""Each house switch of :class:`HouseRules` → the rule id it implements."""


def residual_penalty(left: tuple[Tile, ...] | list[Tile], kind: OpeningKind) -> int:
    """Penalty points of the tiles left right after an opening [R-RESIDUAL, R-PENALTY].

    The tiles' numbers summed, 101 for each wild tile, doubled after a pairs opening.
    """
    points = sum(t.points for t in left)
    return points * PAIRS_PENALTY_FACTOR if kind == "pairs" else points


# --- meld legality: one group of tiles as laid ---------------------------------------
GroupKind = Literal["run", "set", "pair"]

_COLOUR_NAMES = {"R": "red", "B": "blue", "K": "black", "Y": "yellow"}


@dataclass(frozen=True)
class Broken:
    """One broken rule: its id (``R-RUN``) and a plain sentence."""

    rule: str
    message: str


@dataclass(frozen=True)
class Reorder:
    """A run illegal as written that the same tiles make in another order.

    - ``as_written``: what each unpinned joker stands for as written, in the
      order written, as (colour code, number); the number may be 0 or 14,
      which is no tile [R-WILD];
    - ``order``: places of the tiles as written, in the legal order;
    - ``stands_for``: what each tile plays as in that order;
    - ``value``: points of the legal run [R-VALUE].
    """

    as_written: tuple[tuple[str, int], ...]
    order: tuple[int, ...]
    stands_for: tuple[Face, ...]
    value: int


@dataclass(frozen=True)
class GroupVerdict:
    """The verdict on one group of tiles as laid.

    - ``kind``: run, set or pair (the reading that fits best; ``None`` when the
      tiles fit none at all);
    - ``stands_for``: the face each tile plays as (``None`` where unknown);
    - ``may_be``: for each wild tile whose colour a set leaves open, the
      colours it may be (place → colours), e.g. ``{2: ("K", "Y")}``;
    - ``value``: points [R-VALUE] (0 when illegal);
    - ``errors``: every rule the group breaks; legal when empty;
    - ``reorder``: for a run that is illegal only because of where an unpinned
      joker sits, what the jokers stand for as written and the legal order of
      the same tiles (``None`` otherwise) [R-RUN, R-WILD].
    """

    kind: GroupKind | None
    stands_for: tuple[Face | None, ...]
    value: int
    errors: tuple[Broken, ...] = ()
    may_be: tuple[tuple[int, tuple[str, ...]], ...] = ()
    reorder: Reorder | None = None

    @property
    def legal(self) -> bool:
        """True when no rule is broken."""
        return not self.errors


def _name(colour_code: str) -> str:
    return _COLOUR_NAMES[colour_code]


def _seq(faces: list[Face | None]) -> str:
    return "-".join(str(f.number) if f else "J" for f in faces)


def _gaps_text(fixed: list[Face | None], gaps: int, free: int, pinned: int) -> str:
    """Why a run with ``gaps`` numbers missing cannot be closed by its ``free``
    (unpinned) jokers; ``pinned``: its jokers pinned to a number (``J=R8``),
    which fill no gap [R-RUN, R-WILD]."""
    seq = _seq(fixed)
    if free == 0 and pinned == 0:
        return f"{seq} is not consecutive: {gaps} missing, no joker"
    if free == 0 and pinned == 1:
        return f"{seq} is not consecutive: {gaps} missing; its joker is pinned and fills no gap"
    if free == 0:
        return (
            f"{seq} is not consecutive: {gaps} missing; its {pinned} jokers are pinned"
            " and fill no gap"
        )
    if pinned == 0 and free == 1:
        return f"{seq} is not consecutive: {gaps} missing, only 1 joker"
    if pinned == 0:
        return f"{seq} is not consecutive: {gaps} missing, only {free} jokers"
    if free == 1:
        return f"{seq} is not consecutive: {gaps} missing, only 1 joker not pinned"
    return f"{seq} is not consecutive: {gaps} missing, only {free} jokers not pinned"


def _judge_pair(tiles: list[tuple[Tile, Face | None]], rules: Rules) -> GroupVerdict:
    """Two tiles of one colour and number; a joker may replace one [R-PAIR]."""
    fixed = [pin if t.is_wild else t.face for t, pin in tiles]
    wilds = [t for t, _ in tiles if t.is_wild]
    errors = []
    if len(wilds) == 2:
        errors.append(Broken("R-PAIR", "two jokers are not a pair"))
    if wilds and not rules.joker_pairs:
        errors.append(Broken("R-PAIR", "house rule: a joker may not replace a tile of a pair"))
    faces = [f for f in fixed if f is not None]
    if len(faces) == 2 and faces[0] != faces[1]:
        a, b = faces
        if a.number == b.number:
            why = f"{a.code} {b.code} is not a pair: the colours differ"
        else:
            why = f"{a.code} {b.code} is not a pair: a pair is two tiles of one colour and number"
        errors.append(Broken("R-PAIR", why))
    face = faces[0] if faces else None
    stands = (face, face)
    value = 2 * face.number if face and not errors else 0
    return GroupVerdict("pair", stands, value, tuple(errors))


def _judge_set(tiles: list[tuple[Tile, Face | None]]) -> GroupVerdict:
    """3 or 4 tiles of one number, every colour different [R-SET, R-WILD]."""
    errors = []
    fixed = [(i, pin if t.is_wild else t.face) for i, (t, pin) in enumerate(tiles)]
    known = [(i, f) for i, f in fixed if f is not None]
    numbers = sorted({f.number for _, f in known})
    if not 3 <= len(tiles) <= 4:
        errors.append(Broken("R-SET", f"a set has 3 or 4 tiles, not {len(tiles)}"))
    if len(numbers) > 1:
        errors.append(
            Broken("R-SET", f"a set is one number; this has {', '.join(map(str, numbers))}")
        )
    seen: dict[str, Face] = {}
    repeated: set[str] = set()
    for _, face in known:
        colour = face.colour.value
        if colour in seen and len(numbers) == 1 and colour not in repeated:
            repeated.add(colour)
            first = seen[colour]
            errors.append(
                Broken(
                    "R-SET",
                    f"{_name(colour)} appears twice; {first.code} {face.code} is a pair,"
                    " not part of a set",
                )
            )
        seen.setdefault(colour, face)
    number = numbers[0] if numbers else None
    missing = [c for c in "RBKY" if c not in seen]
    stands: list[Face | None] = [f for _, f in fixed]
    may_be = []
    free = [i for i, f in fixed if f is None]
    if number is not None:
        for k, i in enumerate(free):
            if k < len(missing):
                stands[i] = Face(Colour(missing[k]), number)
            if len(missing) > len(free) == 1:  # several jokers: one stand-in each
                may_be.append((i, tuple(missing)))
    value = sum(f.number for f in stands if f) if not errors else 0
    return GroupVerdict("set", tuple(stands), value, tuple(errors), tuple(may_be))


def _judge_run(tiles: list[tuple[Tile, Face | None]], any_order: bool = False) -> GroupVerdict:
    """3–13 tiles of one colour, consecutive, 1 low only [R-RUN, R-WILD].

    The tiles are read in the order written (ascending, or descending and then
    turned round). Without unpinned jokers, or with ``any_order``, any order is
    accepted: jokers fill the gaps, then extend the run upwards, then downwards.
    """
    errors: list[Broken] = []
    fixed = [pin if t.is_wild else t.face for t, pin in tiles]
    known = [(i, f) for i, f in enumerate(fixed) if f is not None]
    colours = sorted({f.colour.value for _, f in known}, key="RBKY".index)
    if len(colours) > 1:
        names = ", ".join(_name(c) for c in colours)
        errors.append(Broken("R-RUN", f"a run is one colour; this has {names}"))
    if not 3 <= len(tiles) <= 13:
        errors.append(Broken("R-RUN", f"a run has 3 to 13 tiles, not {len(tiles)}"))
    numbers = [f.number for _, f in known]
    dupes = sorted({n for n in numbers if numbers.count(n) > 1})
    if dupes:
        errors.append(Broken("R-RUN", f"{dupes[0]} appears twice; a run has each number once"))
    if 1 in numbers and 13 in numbers and len(tiles) < 13:
        errors.append(Broken("R-RUN", f"{_seq(fixed)} wraps around; 1 is low only"))
    if errors:
        return GroupVerdict("run", tuple(fixed), 0, tuple(errors))
    colour = Colour(colours[0])
    free = sum(1 for f in fixed if f is None)
    ascending = all(a[1].number < b[1].number for a, b in itertools.pairwise(known))
    descending = all(a[1].number > b[1].number for a, b in itertools.pairwise(known))
    order = list(range(len(tiles)))
    if descending and not ascending:
        order.reverse()
    if free and (ascending or descending) and not any_order:
        # read by place: the first known tile fixes where the run starts
        place = {i: k for k, i in enumerate(order)}
        starts = {f.number - place[i] for i, f in known}
        if len(starts) > 1:
            return GroupVerdict(
                "run",
                tuple(fixed),
                0,
                (Broken("R-RUN", f"{_seq(fixed)}: the numbers do not fit one after another"),),
            )
        start = starts.pop()
    else:
        # any order: jokers fill the gaps, then extend upwards, then downwards
        low, high = min(numbers), max(numbers)
        gaps = high - low + 1 - len(numbers)
        if gaps > free:
            pinned = sum(1 for t, pin in tiles if t.is_wild and pin is not None)
            return GroupVerdict(
                "run", tuple(fixed), 0, (Broken("R-RUN", _gaps_text(fixed, gaps, free, pinned)),)
            )
        extra = free - gaps
        start = low - max(0, extra - (13 - high))
        order = sorted(range(len(tiles)), key=lambda i: f.number if (f := fixed[i]) else 99)
    end = start + len(tiles) - 1
    if start < 1:
        errors.append(Broken("R-WILD", "a joker cannot stand for 0: numbers run 1–13"))
    if end > 13:
        errors.append(Broken("R-WILD", "a joker cannot stand for 14: numbers run 1–13"))
    if errors:
        return GroupVerdict("run", tuple(fixed), 0, tuple(errors))
    stands: list[Face | None] = list(fixed)
    if free and (ascending or descending) and not any_order:
        for k, i in enumerate(order):
            stands[i] = Face(colour, start + k)
    else:
        wanted = [n for n in range(start, end + 1) if n not in numbers]
        for i in range(len(tiles)):
            if stands[i] is None:
                stands[i] = Face(colour, wanted.pop(0))
    value = sum(f.number for f in stands if f)
    return GroupVerdict("run", tuple(stands), value)


def _as_written(tiles: list[tuple[Tile, Face | None]], colour: str) -> tuple[tuple[str, int], ...]:
    """What each unpinned joker stands for as written: one more (or less, in a
    descending run) than the nearest known tile before it, else one less (or
    more) than the nearest after it. Numbers may fall outside 1–13."""
    fixed = [pin if t.is_wild else t.face for t, pin in tiles]
    known = [(i, f) for i, f in enumerate(fixed) if f is not None]
    step = -1 if len(known) > 1 and known[0][1].number > known[-1][1].number else 1
    out = []
    for i, face in enumerate(fixed):
        if face is not None:
            continue
        before = [(j, f) for j, f in known if j < i]
        if before:
            j, f = before[-1]
            out.append((colour, f.number + step * (i - j)))
        else:
            j, f = known[0]
            out.append((colour, f.number - step * (j - i)))
    return tuple(out)


def _reorder(tiles: list[tuple[Tile, Face | None]], run: GroupVerdict) -> Reorder | None:
    """The legal order of a run that is illegal only because of where an unpinned
    joker sits, or ``None`` [R-RUN, R-WILD]."""
    if run.legal or not any(t.is_wild and pin is None for t, pin in tiles):
        return None
    if not any(f is not None for f in run.stands_for):
        return None
    anywhere = _judge_run(tiles, any_order=True)
    if not anywhere.legal:
        return None
    faces = [f for f in anywhere.stands_for if f is not None]
    order = sorted(range(len(tiles)), key=lambda i: faces[i].number)
    colour = faces[0].colour.value
    return Reorder(
        as_written=_as_written(tiles, colour),
        order=tuple(order),
        stands_for=tuple(faces[i] for i in order),
        value=anywhere.value,
    )


def judge_group(tiles: list[tuple[Tile, Face | None]], rules: Rules) -> GroupVerdict:
    """Judge one group as laid: which meld it is, what its jokers stand for, its
    value, and every rule it breaks [R-RUN, R-SET, R-PAIR, R-WILD, R-VALUE].

    ``tiles`` are (tile, pin) in the order written; ``pin`` is the face a wild
    tile is claimed to stand for, or ``None`` to let the judge work it out
    (the reading worth most wins when several fit).
    """
    if len(tiles) == 2:
        return _judge_pair(tiles, rules)
    if len(tiles) < 2:
        return GroupVerdict(
            None,
            (None,) * len(tiles),
            0,
            (Broken("R-RUN", "one tile is no meld: runs and sets need 3 tiles, pairs 2"),),
        )
    known = [pin if t.is_wild else t.face for t, pin in tiles]
    faces = [f for f in known if f is not None]
    same_number = len({f.number for f in faces}) == 1
    same_colour = len({f.colour for f in faces}) == 1
    if len(faces) >= 2 and same_number and not same_colour:
        return _judge_set(tiles)
    if len(faces) >= 2 and same_number and same_colour:
        return _judge_set(tiles)  # R7 R7 J: the colour repeats, a set error
    if same_colour:
        run = _judge_run(tiles)
        if len(faces) <= 1 and len(tiles) <= 4:
            a_set = _judge_set(tiles)
            if a_set.legal and (not run.legal or a_set.value > run.value):
                return a_set
        reorder = _reorder(tiles, run)
        return replace(run, reorder=reorder) if reorder else run
    numbers = ", ".join(str(n) for n in sorted({f.number for f in faces}))
    colours = ", ".join(_name(c) for c in sorted({f.colour.value for f in faces}, key="RBKY".index))
    return GroupVerdict(
        None,
        tuple(known),
        0,
        (
            Broken(
                "R-RUN",
                f"not a run: a run is one colour; this has {colours}",
            ),
            Broken("R-SET", f"not a set: a set is one number; this has {numbers}"),
        ),
    )
