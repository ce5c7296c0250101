"""The rule book in code: house switches, thresholds and penalties.

Every switch lives in one :class:`Rules` value with its default and is passed
to whatever needs it; there is no global flag. Rule ids refer to
``shared/RULES.md``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from rummy101_solver.tiles import Face, Tile, okey_face

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
    - ``keep``: tiles that must stay on the rack, 1 for the discard
      [R-KEEP-DISCARD]; 0 lays everything down.
    - ``indicator``: the face-up indicator tile (okey variant) or ``None`` for
      classic jokers [R-JOKER, R-INDICATOR].
    - ``take``: the discard taken instead of drawing; it must be used
      [R-TAKE-DISCARD].
    - ``objective``: ``"value"`` (highest-value opening) or ``"penalty"``
      (lowest residual penalty among openings that meet the bar) [R-RESIDUAL].
    - ``joker_pairs``: whether a joker may replace one tile of a pair [R-PAIR].
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
        """True when an earlier opening was given [R-RISING]."""
        return self.after is not None or self.after_pairs is not None

    def bar(self, kind: OpeningKind) -> int:
        """The bar for a meld opening (points) or a pairs opening (pairs)."""
        return self.meld_bar if kind == "melds" else self.pairs_bar

    def to_json(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict: every switch, plus the bars in force."""
        out = asdict(self)
        out["indicator"] = self.indicator.code if self.indicator else None
        out["take"] = self.take.code if self.take else None
        out["rising"] = self.rising
        out["meld_bar"] = self.meld_bar
        out["pairs_bar"] = self.pairs_bar
        out["jokers"] = "indicator" if self.indicator else "classic"
        out["okey"] = okey_face(self.indicator).code if self.indicator else None
        return out


def residual_penalty(left: tuple[Tile, ...] | list[Tile], kind: OpeningKind) -> int:
    """Penalty points of the tiles left right after an opening [R-RESIDUAL, R-PENALTY].

    The tiles' numbers summed, 101 for each wild tile, doubled after a pairs opening.
    """
    points = sum(t.points for t in left)
    return points * PAIRS_PENALTY_FACTOR if kind == "pairs" else points
