"""An independent validator of one opening, for the test-suite.

It checks an :class:`~rummy101_solver.engine.solver.Opening` against the rule book
(``shared/RULES.md``) without CP-SAT and without the package's candidate
generation or model: only :mod:`rummy101_solver.game.tiles` is used, for the tile
types. Every failure raises :class:`AssertionError` naming the rule broken.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummy101_solver.game.tiles import Face, Rack, Tile

WILD_POINTS = 101
"""Penalty points of a wild tile left on the rack [R-PENALTY]."""

STATUSES = ("optimal", "feasible", "none")


def _show(tiles: Any) -> str:
    if isinstance(tiles, Counter):
        tiles = sorted(tiles.elements(), key=lambda t: t.sort_key)
    return " ".join(t.code for t in tiles)


def _check_run(where: str, stands_for: tuple[Face, ...]) -> None:
    # [R-RUN] 3–13 tiles, one colour, consecutive numbers, 1 low only (no wrap)
    assert 3 <= len(stands_for) <= 13, f"{where}: a run has 3–13 tiles [R-RUN]"
    colours = {f.colour for f in stands_for}
    assert len(colours) == 1, f"{where}: a run is of one colour [R-RUN]"
    numbers = [f.number for f in stands_for]
    first = numbers[0]
    assert numbers == list(range(first, first + len(numbers))), (
        f"{where}: run numbers {numbers} are not consecutive, ascending, without wrap [R-RUN]"
    )


def _check_set(where: str, stands_for: tuple[Face, ...]) -> None:
    # [R-SET] 3 or 4 tiles, one number, every colour different
    assert len(stands_for) in (3, 4), f"{where}: a set has 3 or 4 tiles [R-SET]"
    assert len({f.number for f in stands_for}) == 1, f"{where}: a set is of one number [R-SET]"
    colours = [f.colour for f in stands_for]
    assert len(set(colours)) == len(colours), f"{where}: a set repeats a colour [R-SET]"


def _check_pair(
    where: str, tiles: tuple[Tile, ...], stands_for: tuple[Face, ...], rules: Any
) -> None:
    # [R-PAIR] two tiles of one face; a wild may replace one of them (house switch)
    assert len(tiles) == 2, f"{where}: a pair has two tiles [R-PAIR]"
    assert stands_for[0] == stands_for[1], f"{where}: a pair is two tiles of one face [R-PAIR]"
    wild = sum(t.is_wild for t in tiles)
    assert wild < 2, f"{where}: two wild tiles are not a pair [R-PAIR]"
    if not rules.joker_pairs:
        assert wild == 0, f"{where}: joker_pairs is off, no wild tile in a pair [R-PAIR]"


def validate_opening(rack: Rack, rules: Any, opening: Any) -> None:
    """Raise :class:`AssertionError` unless ``opening`` is a legal opening of
    ``rack`` under ``rules`` with its derived numbers right.

    An opening with status ``"none"`` (no opening found) must lay nothing and
    leave the whole rack; the take-discard check does not apply to it.
    """
    label = f"{opening.kind} opening of [{_show(rack.tiles)}]"
    assert opening.kind in ("melds", "pairs"), f"{label}: unknown kind {opening.kind!r}"
    assert opening.status in STATUSES, f"{label}: unknown status {opening.status!r}"
    allowed = ("run", "set") if opening.kind == "melds" else ("pair",)

    laid: Counter[Tile] = Counter()
    value = 0
    for i, meld in enumerate(opening.melds):
        where = (
            f"{label}, meld {i} [{_show(meld.tiles)}] as [{' '.join(map(str, meld.stands_for))}]"
        )
        # [R-NO-MIX] melds only, or pairs only
        assert meld.kind in allowed, (
            f"{where}: a {meld.kind} in a {opening.kind} opening [R-NO-MIX]"
        )
        assert len(meld.tiles) == len(meld.stands_for), f"{where}: tiles and stands_for differ"
        for tile, face in zip(meld.tiles, meld.stands_for, strict=True):
            # [R-WILD] a wild stands for a tile of the game; a plain tile for itself
            assert isinstance(face, Face), f"{where}: stands_for holds {face!r}, not a Face"
            assert 1 <= face.number <= 13, f"{where}: {face} is no tile of the game [R-WILD]"
            assert tile.is_wild or tile.face == face, (
                f"{where}: tile {tile.code} laid as {face} [R-WILD]"
            )
        if meld.kind == "run":
            _check_run(where, meld.stands_for)
        elif meld.kind == "set":
            _check_set(where, meld.stands_for)
        else:
            _check_pair(where, meld.tiles, meld.stands_for, rules)
        meld_value = sum(f.number for f in meld.stands_for)
        assert meld.value == meld_value, f"{where}: value {meld.value} != {meld_value} [R-VALUE]"
        value += meld_value
        laid.update(meld.tiles)

    # every tile counts once: laid + left == rack, as multisets of tiles
    left = Counter(opening.left)
    rack_tiles = Counter(rack.tiles)
    assert laid + left == rack_tiles, (
        f"{label}: laid [{_show(laid)}] + left "
        f"[{_show(opening.left)}] is not the rack "
        f"(extra [{_show((laid + left) - rack_tiles)}], "
        f"missing [{_show(rack_tiles - (laid + left))}])"
    )
    # [R-KEEP-DISCARD]
    assert len(opening.left) >= rules.keep, (
        f"{label}: {len(opening.left)} tiles left, {rules.keep} must stay [R-KEEP-DISCARD]"
    )

    # derived numbers [R-VALUE, R-RESIDUAL]
    assert opening.value == value, f"{label}: value {opening.value} != {value} [R-VALUE]"
    assert opening.count == len(opening.melds), f"{label}: count {opening.count} is wrong"
    points = sum(WILD_POINTS if t.is_wild else t.face.number for t in opening.left)
    assert all(t.points == (WILD_POINTS if t.is_wild else t.face.number) for t in opening.left)
    penalty = points * 2 if opening.kind == "pairs" else points
    assert opening.residual_penalty == penalty, (
        f"{label}: residual penalty {opening.residual_penalty} != {penalty} [R-RESIDUAL]"
    )

    # [R-OPEN-MELDS, R-OPEN-PAIRS]
    score = value if opening.kind == "melds" else len(opening.melds)
    bar = rules.meld_bar if opening.kind == "melds" else rules.pairs_bar
    assert opening.score == score, f"{label}: score {opening.score} != {score}"
    meets = len(opening.melds) > 0 and score >= bar
    assert opening.meets_threshold == meets, (
        f"{label}: meets_threshold {opening.meets_threshold}, but score {score}, bar {bar}"
    )

    if opening.status == "none":
        assert not opening.melds, f"{label}: status 'none' but melds were laid"
        assert not opening.meets_threshold, f"{label}: status 'none' meets the threshold"
        return

    # [R-TAKE-DISCARD] the taken discard is laid in the opening
    if rules.take is not None:
        ok = any(t.is_wild for t in laid) if rules.take.is_wild else laid[rules.take] > 0
        assert ok, f"{label}: the taken tile {rules.take.code} is not laid [R-TAKE-DISCARD]"
