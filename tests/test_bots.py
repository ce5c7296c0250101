"""The bots' exact shortcuts (issue 19, speed): each gives the answer of the slow
path it skips — ``play``'s CP-SAT turn for a rack that cannot open, ``outs``' whole
analysis for the unopened discard, the take's turn computed once — so the rounds
played with them are the rounds played without them, action for action.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_rounds import VARIANTS  # the five rule variants the rounds are tested under

from rummy101_solver.engine.bots import cannot_open
from rummy101_solver.engine.play import best_turn
from rummy101_solver.engine.rounds import RoundVariant, play_round
from rummy101_solver.game.deal import deal_round
from rummy101_solver.game.parsing import parse_rack
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.tiles import Face, Rack

RULES = {
    "classic": Rules(),
    "rising 120": Rules(rising_mode=True, after=119),
    "no joker pairs": Rules(joker_pairs=False),
    "okey": Rules(),  # the indicator turned up from each deal [R-INDICATOR]
    "pairs bar 6": Rules(pairs_threshold=6),
}


def dealt_racks(seeds: range, okey: bool) -> list[tuple[Rack, Face | None]]:
    """Seat 1's 22 tiles, and seat 2's 21 with the stock's first tile, per seed;
    with ``okey``, the indicator turned up from the deal."""
    out = []
    for seed in seeds:
        deal = deal_round(seed, 2, indicator_from_deal=okey)
        racks = [Rack(deal.racks[0]), Rack(deal.racks[1]).with_tile(deal.stock[0])]
        out += [(r, deal.indicator) for r in racks]
    return out


@pytest.mark.parametrize("name", list(RULES))
def test_cannot_open_is_plays_can_open_on_dealt_racks(name: str) -> None:
    rules = RULES[name]
    closed = opens = 0
    for rack, indicator in dealt_racks(range(1, 21), name == "okey"):
        rules = replace(rules, indicator=indicator)
        slow = best_turn(rack, (), rules, discard=False)
        assert slow.proven
        assert cannot_open(rack, rules) == (slow.can_open is False), rack.codes()
        closed += slow.can_open is False
        opens += slow.can_open is True
    assert closed >= 20 and opens >= 2  # both answers were checked


@pytest.mark.parametrize(
    ("rack", "rules", "closed"),
    [
        # R10–R13 (46) + B10–B13 (46) = 92 < 101 [R-OPEN-MELDS]; the rest no meld, 2 pairs
        ("R10 R11 R12 R13 B10 B11 B12 B13 R2 R2 R5 R8 B1 B4 B4 B7 Y3 Y6 Y9 K1 K4 K7",
         Rules(), True),
        # with K10 K11 K12 K13 too: 138 >= 101
        ("R10 R11 R12 R13 B10 B11 B12 B13 K10 K11 K12 K13 R2 R5 R8 B1 B4 B7 Y3 Y6 Y9 K1",
         Rules(), False),
        # 92 meets a threshold of 81 [R-OPEN-MELDS]
        ("R10 R11 R12 R13 B10 B11 B12 B13 R2 R2 R5 R8 B1 B4 B4 B7 Y3 Y6 Y9 K1 K4 K7",
         Rules(threshold=81), False),
        # 4 pairs and a joker: the joker pairs B9, 5 pairs [R-PAIR, R-OPEN-PAIRS] ...
        ("R1 R1 B2 B2 K3 K3 Y4 Y4 B9 J R6 K8 Y10 R12 B13 K1 Y6 R8 B11 K12 Y13 R3", Rules(), False),
        # ... not without joker pairs
        ("R1 R1 B2 B2 K3 K3 Y4 Y4 B9 J R6 K8 Y10 R12 B13 K1 Y6 R8 B11 K12 Y13 R3",
         Rules(joker_pairs=False), True),
        # the house rule: a one-turn finish at any value is play's to judge [R-ONE-TURN-ANY-VALUE]
        ("R10 R11 R12 R13 B10 B11 B12 B13 R2 R2 R5 R8 B1 B4 B4 B7 Y3 Y6 Y9 K1 K4 K7",
         Rules(one_turn_any_value=True), False),
    ],
)  # fmt: skip
def test_cannot_open_by_hand(rack: str, rules: Rules, closed: bool) -> None:
    tiles = parse_rack(rack)
    assert cannot_open(tiles, rules) is closed
    slow = best_turn(tiles, (), rules, discard=False)
    assert (slow.can_open is False) is closed or rules.one_turn_any_value


@pytest.mark.parametrize("variant", VARIANTS[:3], ids=lambda v: v.name)
def test_outs_bots_play_the_same_round_with_and_without_shortcuts(variant: RoundVariant) -> None:
    # a whole round of 4 players: every action the same, so every figure
    deal = variant.deal(2, 4)
    fast = play_round(deal, variant.rules, keep_actions=True)
    slow = play_round(deal, variant.rules, keep_actions=True, shortcuts=False)
    assert fast.actions == slow.actions
    assert fast == slow
    takes = [(a.turn, a.seat) for a in fast.actions if a.event.kind == "take"]
    if variant.name == "classic":
        # seats 3 and 4 take to open (turns 3, 4), seat 3 takes again once opened
        # (turn 11): the take's turn reused for the plan, both ways [R-TAKE-DISCARD]
        assert takes == [(3, 3), (4, 4), (11, 3)]
        assert [o[:2] for o in fast.openings] == [(3, "melds"), (4, "melds"), (2, "melds")]


def test_quick_bots_play_the_same_rounds_with_and_without_shortcuts() -> None:
    for variant in VARIANTS:
        deal = variant.deal(3, 3).short(8)
        fast = play_round(deal, variant.rules, keep_actions=True, bots="quick")
        slow = play_round(deal, variant.rules, keep_actions=True, bots="quick", shortcuts=False)
        assert fast == slow, variant.name


def test_a_take_no_turn_can_use_stops_without_the_turn_without_it() -> None:
    # 92 points and Y5 taken: no opening, so the take is refused [R-TAKE-DISCARD];
    # without_take=False skips the turn without the tile (the bots only ask "usable?")
    rack = parse_rack("R10 R11 R12 R13 B10 B11 B12 B13 R2 R2 R5 R8 B1 B4 B4 B7 Y3 Y6 Y9 K1 K4 Y5")
    rules = Rules(take=parse_rack("Y5").tiles[0])
    full = best_turn(rack, (), rules, discard=False)
    stop = best_turn(rack, (), rules, discard=False, without_take=False)
    assert full.refused_take == stop.refused_take == rules.take
    assert len(full.rack) == 21 and len(stop.rack) == 22  # the turn without it, or not
    assert (stop.best.mode, stop.best.opening, stop.can_open) == ("none", None, False)
