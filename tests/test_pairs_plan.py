"""The pairs target (engine/pairs_distance.py ``pairs_plan``, ``pairs_target``) [issue 17].

Independent sides: an exhaustive enumeration of every way to lay pairs on small
racks with a few unseen kinds (plain ``itertools.product``, no dynamic
programme), and the class-count programme ``pairs_distance`` on dealt racks.
Every target is checked for legality [R-PAIR, R-OPEN-PAIRS, R-KEEP-DISCARD]:
pairs of one face (or a face and a wild tile), tiles from the rack and the
unseen tiles only, exactly the distance drawn, the bar met, the laid bound kept.
Seeds are named in every message.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from rummy101_solver.engine.outs import (
    Distance,
    Unseen,
    kind_of,
    laid_bound,
    rack_distance,
    unseen_tiles,
)
from rummy101_solver.engine.pairs_distance import (
    Kind,
    pairs_distance,
    pairs_plan,
)
from rummy101_solver.game.deal import deal_indicator_rack, deal_racks
from rummy101_solver.game.parsing import parse_face, parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import ALL_FACES, Face, Rack

# --- the exhaustive side ----------------------------------------------------------------


def brute_key(
    counts: Counter[Face], wilds: int, unseen: dict[Kind, int], rules: Rules, max_laid: int
) -> tuple[int, int, int, int] | None:
    """The least (draws, wild tiles drawn, -points, wild tiles used) over every
    choice, per face, of 0/1 natural pairs and 0-2 joker pairs (none under the
    house rule) [R-PAIR, R-OPEN-PAIRS]; ``None`` when no choice meets the bar."""
    faces = [f for f in ALL_FACES if counts[f] + unseen.get(f, 0)]
    sizes = range(3 if rules.joker_pairs else 1)
    choices = [(a, b) for a in (0, 1) for b in sizes]
    best = None
    bar = max(1, rules.pairs_bar)
    for pick in product(choices, repeat=len(faces)):
        pairs = sum(a + b for a, b in pick)
        used = sum(b for _, b in pick)
        if pairs < bar or 2 * pairs > max_laid or used > wilds + unseen.get("wild", 0):
            continue
        chosen = list(zip(faces, pick, strict=True))
        if any(2 * a + b > counts[f] + unseen.get(f, 0) for f, (a, b) in chosen):
            continue
        real = sum(max(0, 2 * a + b - counts[f]) for f, (a, b) in chosen)
        points = sum(2 * f.number * (a + b) for f, (a, b) in chosen)
        drawn_wilds = max(0, used - wilds)
        key = (real + drawn_wilds, drawn_wilds, -points, used)
        best = key if best is None or key < best else best
    return best


def check_target(rack: Rack, unseen: Unseen, rules: Rules, found: Distance, max_laid: int) -> None:
    """A legal target: pairs of one face or a face and a wild tile, tiles from the
    rack and the unseen copies only, ``found.tiles`` drawn, bar and bound kept."""
    target = found.target
    assert target is not None and found.tiles is not None and found.status == "optimal"
    assert len(target.missing) == found.tiles
    assert sum(sum(m) for m in target.drawn) == found.tiles
    laid: Counter[Kind] = Counter()
    for meld in target.melds:
        assert meld.kind == "pair" and len(meld.tiles) == 2
        assert meld.stands_for[0] == meld.stands_for[1]
        assert sum(t.is_wild for t in meld.tiles) <= (1 if rules.joker_pairs else 0)
        laid.update(kind_of(t) for t in meld.tiles)
    held = Counter(kind_of(t) for t in rack.tiles)
    drawn = Counter(kind_of(t) for t in target.missing)
    for kind, n in drawn.items():
        assert n <= unseen.counts.get(kind, 0), kind
    assert laid - held == drawn  # every drawn tile is laid, nothing else drawn
    assert len(target.melds) >= max(1, rules.pairs_bar)
    assert 2 * len(target.melds) <= max_laid


# --- against the exhaustive enumeration --------------------------------------------------


def small_case(seed: int) -> tuple[Rack, dict[Kind, int], Rules, int]:
    """A rack of up to 10 tiles over at most 5 faces, a few of them (and the jokers)
    unseen; bar 2-5 pairs, sometimes without joker pairs."""
    rng = random.Random(seed)
    faces = rng.sample(ALL_FACES, 5)
    held: Counter[Face] = Counter()
    unseen: dict[Kind, int] = {}
    for f in faces:
        h = rng.choice([0, 1, 1, 2])
        held[f] = h
        if 2 - h and rng.random() < 0.6:
            unseen[f] = rng.randint(1, 2 - h)
    wilds = rng.choice([0, 0, 1, 2])
    if 2 - wilds and rng.random() < 0.5:
        unseen["wild"] = rng.randint(1, 2 - wilds)
    codes = [f.code for f in faces for _ in range(held[f])] + ["J"] * wilds
    rules = Rules(pairs_threshold=rng.randint(2, 5), joker_pairs=rng.random() < 0.8)
    return parse_rack(" ".join(codes)), unseen, rules, rng.choice([8, 10, 21])


@pytest.mark.parametrize("block", range(4))
def test_the_plan_is_the_best_of_every_choice(block: int) -> None:
    """Fewest draws, then fewest wild tiles drawn, most points, fewest wild tiles
    used: the plan's key is the least of all choices, on 200 small cases."""
    reached = 0
    for seed in range(block * 50, block * 50 + 50):
        rack, unseen, rules, bound = small_case(seed)
        counts = rack.face_counts
        want = brute_key(counts, rack.wilds, unseen, rules, bound)
        plan = pairs_plan(counts, rack.wilds, unseen, rules, bound)
        assert (plan is None) == (want is None), seed
        assert pairs_distance(counts, rack.wilds, unseen, rules, bound) == (want and want[0])
        if plan is None or want is None:
            continue
        reached += 1
        points = 2 * sum(f.number for f in plan.natural)
        points += 2 * sum(f.number * k for f, k in plan.joker)
        used = sum(k for _, k in plan.joker)
        assert (plan.draws, plan.wilds_drawn, -points, used) == want, seed
        assert len(plan.drawn) + plan.wilds_drawn == plan.draws, seed
    assert reached >= 25, reached


# --- dealt racks ------------------------------------------------------------------------------


def dealt_cases() -> list[tuple[str, Rack, Rules, list]]:
    cases: list[tuple[str, Rack, Rules, list]] = []
    for seed, rack in enumerate(deal_racks(4000, 40, 21), start=4000):
        cases.append((f"21/{seed}", rack, Rules(), []))
    for seed, rack in enumerate(deal_racks(4100, 40, 22), start=4100):
        seen = [t for t in deal_racks(seed + 500, 1, 22)[0].tiles if not t.is_wild][:8]
        seen = [t for t in seen if rack.tiles.count(t) + seen.count(t) <= 2]
        cases.append((f"22-seen/{seed}", rack, Rules(), seen))
    for seed in range(4200, 4230):
        indicator, rack = deal_indicator_rack(seed, 21 + seed % 2)
        cases.append((f"okey/{seed}", rack, Rules(indicator=indicator), []))
    for seed, rack in enumerate(deal_racks(4300, 30, 21), start=4300):
        rules = Rules(joker_pairs=False) if seed % 2 else Rules(after_pairs=6)
        cases.append((f"house/{seed}", rack, rules, []))
    return cases


def test_dealt_targets_are_legal_and_at_the_distance() -> None:
    """140 dealt racks (21 and 22 tiles, seen tiles, okey, no joker pairs, a rising
    bar [R-RISING]): the target's draws are the class programme's distance."""
    for name, rack, rules, seen in dealt_cases():
        unseen = unseen_tiles(rack, rules, seen)
        bound = laid_bound(len(rack))
        found = rack_distance(rack, rules, "pairs", unseen=unseen)
        want = pairs_distance(rack.face_counts, rack.wilds, unseen.counts, rules, bound)
        assert found.tiles == want, name
        if want is not None:
            check_target(rack, unseen, rules, found, bound)
            assert found == rack_distance(rack, rules, "pairs", unseen=unseen), name


# --- named cases --------------------------------------------------------------------------


def missing(text: str, rules: Rules | None = None, **kw: object) -> list[str]:
    rules = rules or Rules()
    rack = parse_rack(text, indicator=rules.indicator)
    found = rack_distance(rack, rules, "pairs", **kw)  # type: ignore[arg-type]
    assert found.target is not None
    return [t.code for t in found.target.missing]


def laid(text: str, rules: Rules | None = None) -> list[str]:
    rules = rules or Rules()
    rack = parse_rack(text, indicator=rules.indicator)
    found = rack_distance(rack, rules, "pairs")
    assert found.target is not None
    return [" ".join(t.code for t in m.tiles) for m in found.target.melds]


FOUR_PAIRS = "R1 R1 B2 B2 K3 K3 Y4 Y4"


def test_a_real_tile_before_a_joker() -> None:
    # one tile away: R13 or a joker both make the fifth pair; the real tile is shown
    assert missing(FOUR_PAIRS + " R13 B5 B6 B7 B8 B9 B10 B11 B12 K5 K6 K7 K8") == ["R13"]


def test_a_held_joker_pairs_the_highest_single() -> None:
    # distance 0; the joker goes with the 13, not with a low single [R-PAIR, R-VALUE]
    pairs = laid(FOUR_PAIRS + " R5 B13 J K6 K7 K8 K9 K10 Y6 Y7 Y8 Y9 Y10")
    assert pairs == ["R1 R1", "B2 B2", "B13 J", "K3 K3", "Y4 Y4"]


def test_eleven_pairs_lay_ten_and_keep_one_for_the_discard() -> None:
    # a 22-tile rack of 11 pairs lays at most 21 tiles [R-KEEP-DISCARD]: the
    # lowest pair (R1 R1) stays on the rack
    text = "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R7 R8 R8 R9 R9 R10 R10 R11 R11"
    pairs = laid(text)
    assert len(pairs) == 10 and "R1 R1" not in pairs


def test_no_joker_pairs_under_the_house_rule() -> None:
    rules = Rules(joker_pairs=False)
    text = FOUR_PAIRS + " R5 B13 J K6 K7 K8 K9 K10 Y6 Y7 Y8 Y9 Y10"
    assert missing(text, rules) == ["B13"]


def test_a_rising_pairs_bar() -> None:
    # after a 5-pairs opening the next needs 6 [R-RISING]
    text = FOUR_PAIRS + " R13 B5 B6 B7 B8 B9 B10 B11 B12 K5 K6 K7 K8"
    assert missing(text, Rules(after_pairs=5)) == ["R13", "B12"]


def test_two_fake_okeys_are_a_natural_pair() -> None:
    # with indicator K6 the okey is K7 (wild) and the two fake okeys F are K7's
    # copies: F F is a pair of real tiles [R-INDICATOR, R-PAIR]
    rules = Rules(indicator=parse_face("K6"))
    pairs = laid("F F R1 R1 B2 B2 Y3 Y3 K9 R13 B11 B12 K10 K11 Y6 Y8 Y10 B5 B8 R7 R9", rules)
    assert "F F" in pairs and len(pairs) == 5


def test_both_copies_seen_is_never_drawn() -> None:
    # R13's other copy is seen: the fifth pair draws B12 (its copy unseen) instead
    rack = parse_rack(FOUR_PAIRS + " R13 B12 B6 B7 B8 B9 B10 B11 K5 K6 K7 K8 K9")
    rules = Rules()
    seen = list(parse_rack("R13 J J").tiles)
    unseen = unseen_tiles(rack, rules, seen)
    found = rack_distance(rack, rules, "pairs", unseen=unseen)
    assert found.target is not None
    assert [t.code for t in found.target.missing] == ["B12"]
