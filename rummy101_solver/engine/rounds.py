"""Whole rounds of 101 played by bots that follow the tool's own advice
[R-TILES, R-RACK, R-TAKE-DISCARD, R-FINISH, R-PENALTY, R-SCORE].

The flow: a dealt round (:func:`~rummy101_solver.game.deal.deal_round`, one shuffle
of the 106 tiles) → :func:`play_round`: seat 1 starts with 22 tiles, then each
seat in turn takes the last discard or draws the stock's next tile, lays what
its bot plans and discards (:mod:`rummy101_solver.engine.bots`, the policy) →
the round scored by :func:`~rummy101_solver.game.scoring.score_round` → the
figures of many rounds per variant (:func:`simulate_rounds`,
:func:`rounds_json`, :func:`rounds_text`).

Every seat keeps its own :class:`~rummy101_solver.game.round.RoundState`, fed
the events it would see at a real table (its own ``draw``, ``take``, ``lay``,
``discard``; the others' ``take``, ``lay`` and ``seen``), through the same
checks as ``rummy101 track``. After every action the engine checks (:func:`audit`)
that the 106 tiles are all accounted for (racks, table, discard pile, stock,
indicator, and the tiles a short test deal sets aside) [R-TILES, R-INDICATOR],
that every seat sees the same table and pile, and, after a lay, that every
group on the table is legal (the product's
check, :func:`~rummy101_solver.engine.check.check_arrangement`) [R-RUN, R-SET,
R-PAIR, R-WILD]. A violation raises :class:`RoundViolation` naming the round's
seed: a figure is never computed from a wrong round.

The end: a seat empties its rack with its discard [R-FINISH]; or a seat must
draw and the stock is empty: the round ends by the stock, no winner, everyone
takes the hand penalty [R-SCORE]. A seat may still take the last discard
when the stock is empty.

Determinism: round ``i`` (0-based) of a simulation is dealt with seed
``seed + i``; every variant plays the same shuffles; rounds are cut into chunks
of :data:`ROUND_CHUNK` whatever the executor and tallied as integer counts, so
the same seed gives byte-identical output for any ``--jobs``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from rummy101_solver.engine.bot_kinds import BOTS, Turn
from rummy101_solver.engine.bots import BOT_TIME_LIMIT
from rummy101_solver.engine.check import check_arrangement
from rummy101_solver.engine.odds import Z_95, wilson_interval
from rummy101_solver.engine.simulate import percentile
from rummy101_solver.game.deal import RoundDeal, deal_round
from rummy101_solver.game.parsing import RackError, parse_arrangement
from rummy101_solver.game.round import (
    Event,
    RoundError,
    RoundState,
    TrackRules,
    apply,
    start,
)
from rummy101_solver.game.rules import Rules
from rummy101_solver.game.scoring import Ending, PlayerHand, State, score_round
from rummy101_solver.game.tiles import Face, Tile, tile_set
from rummy101_solver.messages import count_of

ROUND_CHUNK = 4
"""Rounds per chunk of work: fixed, so the figures never depend on how chunks run."""

MAX_TURNS = 400
"""Turns after which a round is a violation (the stock ends a round long before)."""

FINISHES: tuple[Ending, ...] = ("normal", "joker", "one-turn", "one-turn-joker")
"""The kinds of finish [R-SCORE, R-JOKER-FINISH, R-ONE-TURN]."""

OPENING_BINS = 4
"""Turns per row of the text histogram of the first opening's turn."""


class RoundViolation(RuntimeError):
    """A round broke the accounting or the rules: ``str()`` names the seed, the
    turn, the action and what broke; ``seed`` is the round's seed."""

    def __init__(self, message: str, seed: int | None) -> None:
        super().__init__(message)
        self.seed = seed


@dataclass(frozen=True)
class RoundVariant:
    """One rule set to play rounds under: a name, the options it was given as
    (text), the rules of the round, whether the okey variant's indicator is
    turned up from each deal [R-INDICATOR], and seconds per bot search."""

    name: str
    options: str = ""
    rules: TrackRules = field(default_factory=TrackRules)
    indicator_from_deal: bool = False
    time_limit: float = BOT_TIME_LIMIT

    def deal(self, seed: int, players: int) -> RoundDeal:
        """The round shuffled with ``seed`` under this variant [R-TILES, R-INDICATOR]."""
        return deal_round(
            seed,
            players,
            indicator_from_deal=self.indicator_from_deal,
            indicator=self.rules.indicator,
        )

    def rules_json(self) -> dict[str, Any]:
        """The rules as JSON; the indicator ``"deal"`` when turned up per deal."""
        out = self.rules.to_json()
        if self.indicator_from_deal:
            out["indicator"] = "deal"
        return out


@dataclass(frozen=True)
class Action:
    """One action of a round: the seat that acted, the turn (1-based, every
    seat's turns counted) and the event as the acting seat recorded it."""

    seat: int
    turn: int
    event: Event


@dataclass(frozen=True)
class RoundResult:
    """A round played to its end.

    ``ending``: a kind of finish or ``"stock"``; ``winner``: the seat that
    finished, or ``None``; ``turns``: turns played; ``openings``: per opening,
    (seat, ``melds``/``pairs``, value, turn) in the order laid; ``results``:
    points per seat (seat 1 first) as scored [R-SCORE, R-PENALTY];
    ``actions``: every action (kept only when asked for, for ``--log``);
    ``bots``: the bot kind of each seat (seat 1 first); ``fed``: per opening
    (the order of ``openings``), True when its turn began by taking the
    discard of the seat before [R-TAKE-DISCARD].
    """

    deal: RoundDeal
    rules: TrackRules
    ending: Ending
    winner: int | None
    turns: int
    openings: tuple[tuple[int, str, int, int], ...]
    results: tuple[int, ...]
    actions: tuple[Action, ...] = ()
    bots: tuple[str, ...] = ()
    fed: tuple[bool, ...] = ()

    @property
    def first_opening_turn(self) -> int | None:
        """The turn of the round's first opening, or ``None``."""
        return self.openings[0][3] if self.openings else None


def _full_set(indicator: Any) -> Counter[Tile]:
    """All 106 tiles as this variant reads them, the indicator's copy included."""
    tiles = tile_set(indicator)
    if indicator is not None:
        tiles[Tile(indicator)] += 1
    return tiles


def audit(
    states: Sequence[RoundState], stock: Sequence[Tile], deal: RoundDeal, *, table: bool
) -> str | None:
    """What is wrong after an action, or ``None``: the 106 tiles all accounted
    for [R-TILES, R-INDICATOR], every seat's view of the table and pile the
    same, racks of at most 22 [R-RACK]; with ``table``, every table group legal
    by the product's check [R-RUN, R-SET, R-PAIR, R-WILD]."""
    first = states[0]
    for s in states[1:]:
        if s.table != first.table or s.discards != first.discards:
            return f"seat {s.seat} sees another table or discard pile than seat 1"
    counted: Counter[Tile] = Counter(stock)
    counted.update(deal.aside)
    for s in states:
        if len(s.rack) > 22:
            return f"seat {s.seat} holds {len(s.rack)} tiles [R-RACK]"
        counted.update(s.rack)
    counted.update(t for g in first.table for t in g.tiles)
    counted.update(first.pile)
    if deal.indicator is not None:
        counted[Tile(deal.indicator)] += 1
    expected = _full_set(deal.indicator)
    if counted != expected:
        extra = counted - expected
        missing = expected - counted
        words = [f"{t.code} x{k} too many" for t, k in sorted(extra.items(), key=_key)]
        words += [f"{t.code} x{k} missing" for t, k in sorted(missing.items(), key=_key)]
        return f"the tiles do not add up to the 106 of the set: {', '.join(words)} [R-TILES]"
    if table:
        for number, meld in enumerate(first.table, 1):
            why = _group_problem(meld.text, meld.kind, first.rules.indicator,
                                 first.rules.joker_pairs)  # fmt: skip
            if why is not None:
                return f"table group {number} ({meld.text}) is not legal: {why}"
    return None


@lru_cache(maxsize=4096)
def _group_problem(text: str, kind: str, indicator: Face | None, joker_pairs: bool) -> str | None:
    """What is wrong with one table group by the product's check (``None``: a
    legal ``kind``) [R-RUN, R-SET, R-PAIR, R-WILD]. A group's verdict depends
    on its tiles and the rules alone, so it is judged once per text (a round's
    groups stay on the table turn after turn); the copies across groups are
    the tile count's to check (:func:`audit` counts first)."""
    try:
        groups = parse_arrangement(text, indicator=indicator)
    except RackError as err:
        return f"it does not read: {err}"
    checked = check_arrangement(groups, Rules(indicator=indicator, joker_pairs=joker_pairs))
    (group,) = checked.groups
    verdict = group.verdict
    if not verdict.legal or verdict.kind != kind:
        return verdict.errors[0].message if verdict.errors else f"not a {kind}"
    return None


def _key(item: tuple[Tile, int]) -> tuple[int, int, bool]:
    return (*item[0].sort_key, item[0].fake)


def _seen_by(seat: int, actor: int, event: Event) -> Event | None:
    """``event`` of ``actor`` as ``seat`` sees it (``None``: not seen)."""
    if seat == actor:
        return event
    if event.kind == "draw":
        return None
    if event.kind == "discard":
        return Event("seen", tile=event.tile, player=actor)
    if event.kind == "take":
        return Event("take", player=actor)
    return event


def _describe(event: Event) -> str:
    if event.kind == "lay":
        onto = f" onto {event.onto}" if event.onto is not None else ""
        return f"lay {' | '.join(event.groups)}{onto}"
    return f"{event.kind} {event.tile.code if event.tile else ''}".strip()


def play_round(
    deal: RoundDeal,
    rules: TrackRules | None = None,
    *,
    time_limit: float = BOT_TIME_LIMIT,
    keep_actions: bool = False,
    bots: str | Sequence[str] = "outs",
    shortcuts: bool = True,
) -> RoundResult:
    """Play ``deal`` to its end by the bots (module docstring) and score it.

    ``rules``: the round's rules (the indicator is the deal's); ``time_limit``:
    seconds per bot search; ``keep_actions``: keep every action in the result;
    ``bots``: which bots play, one kind for every seat or one per seat (names
    of :data:`~rummy101_solver.engine.bot_kinds.BOTS`); a bot's chances come
    from a ``random.Random`` seeded with the deal's seed, the seat and the
    turn (:func:`turn_rng`); ``shortcuts``: False plays the bots without
    their exact shortcuts (every turn asked of ``play`` and ``outs`` whole;
    the same actions, slower: for the tests that prove the shortcuts).
    Raises :class:`RoundViolation` when an action is refused or an audit
    fails, ``ValueError`` for a wrong number of kinds, ``KeyError`` for an
    unknown kind.
    """
    rules = replace(rules or TrackRules(), indicator=deal.indicator)
    players = deal.players
    kinds = seat_kinds(bots, players)
    seat_bots = [BOTS[kind] for kind in kinds]
    states = [
        start(Event("new", tiles=rack, players=players, seat=seat, rules=rules))
        for seat, rack in enumerate(deal.racks, start=1)
    ]
    stock = list(deal.stock)
    actions: list[Action] = []
    openings: list[tuple[int, str, int, int]] = []
    fed: list[bool] = []

    def fail(turn: int, seat: int, what: str, why: str) -> RoundViolation:
        return RoundViolation(
            f"round seed {deal.seed}: turn {turn}, seat {seat}, {what}: {why}", deal.seed
        )

    def act(turn: int, seat: int, event: Event) -> Event:
        recorded = event
        for i, state in enumerate(states):
            seen = _seen_by(i + 1, seat, event)
            if seen is None:
                continue
            try:
                states[i], done = apply(state, seen)
            except RoundError as err:
                raise fail(turn, seat, _describe(event), str(err)) from None
            if i + 1 == seat:
                recorded = done
        if event.kind == "draw":
            stock.pop(0)
        problem = audit(states, stock, deal, table=event.kind == "lay")
        if problem is not None:
            raise fail(turn, seat, _describe(recorded), problem)
        if keep_actions:
            actions.append(Action(seat, turn, recorded))
        return recorded

    turn, seat = 1, 1
    ending: Ending = "stock"
    winner: int | None = None
    while True:
        if turn > MAX_TURNS:
            raise fail(turn, seat, "turn", f"more than {MAX_TURNS} turns")
        state = states[seat - 1]
        player = seat_bots[seat - 1]
        context = Turn(time_limit, shortcuts, turn_rng(deal.seed, seat, turn))
        take = None
        if state.phase == "draw":
            take = player.take(state, context)
            if take is not None:
                act(turn, seat, Event("take", player=seat))
            elif not stock:
                break
            else:
                act(turn, seat, Event("draw", tile=stock[0]))
        try:
            bot = player.plan(states[seat - 1], context, take)
        except ValueError as err:
            raise fail(turn, seat, "plan", str(err)) from None
        for event in bot.lays:
            before = states[seat - 1].my_opening
            act(turn, seat, event)
            after = states[seat - 1].my_opening
            if before is None and after is not None:
                openings.append((seat, after.how, after.value, turn))
                fed.append(take is not None)
        act(turn, seat, Event("discard", tile=bot.discard))
        if states[seat - 1].phase == "over":
            winner = seat
            joker = bot.discard.is_wild
            one_turn = len(openings) == 1 and openings[0][3] == turn
            if one_turn:
                ending = "one-turn-joker" if joker else "one-turn"
            else:
                ending = "joker" if joker else "normal"
            break
        turn += 1
        seat = seat % players + 1
    results = _score(states, ending, winner)
    return RoundResult(deal, rules, ending, winner, turn, tuple(openings), results,
                       tuple(actions), kinds, tuple(fed))  # fmt: skip


def seat_kinds(bots: str | Sequence[str], players: int) -> tuple[str, ...]:
    """The bot kind of each seat: ``bots`` one kind (every seat) or one per
    seat. Raises ``ValueError`` for another count of kinds, ``KeyError`` for
    a kind not in :data:`~rummy101_solver.engine.bot_kinds.BOTS`."""
    kinds = (bots,) * players if isinstance(bots, str) else tuple(bots)
    if len(kinds) != players:
        raise ValueError(f"{len(kinds)} bot kinds for {players} seats; give one, or one per seat")
    for kind in kinds:
        if kind not in BOTS:
            raise KeyError(f"no bot kind {kind!r}; the kinds are {', '.join(BOTS)}")
    return kinds


def turn_rng(seed: int | None, seat: int, turn: int) -> random.Random:
    """The chances of the bot of ``seat`` in ``turn`` of the round dealt with
    ``seed``: a ``random.Random`` seeded with the three (as text, hashed by
    SHA-512 inside ``random``: the same in every process)."""
    return random.Random(f"{seed}:{seat}:{turn}")


def _score(states: Sequence[RoundState], ending: Ending, winner: int | None) -> tuple[int, ...]:
    """Points per seat by the product's round scorer [R-PENALTY, R-SCORE]."""
    hands = []
    for s in states:
        opening = s.my_opening
        state: State = "not" if opening is None else opening.how
        hands.append(PlayerHand(f"seat {s.seat}", state, () if s.seat == winner else s.rack))
    score = score_round(ending, None if winner is None else f"seat {winner}", hands)
    return tuple(p.result for p in score.players)


# --- many rounds ----------------------------------------------------------------------

Tally = dict[str, dict[int, int]]
"""Figure name → value → rounds."""


def round_figures(result: RoundResult) -> dict[str, int]:
    """The figures of one round, small integers tallied per variant:
    ``finished``/``stock`` (0/1), ``first_opening`` (turn, 0: nobody opened),
    ``openings``/``pairs_openings`` (counts), ``finish_KIND`` (0/1 per kind of
    :data:`FINISHES`), ``winner_pairs`` (the winner opened with pairs),
    ``winner_points``, ``turns``, ``seat_N`` (points of seat N)."""
    finished = result.winner is not None
    out = {
        "finished": int(finished),
        "stock": int(not finished),
        "first_opening": result.first_opening_turn or 0,
        "openings": len(result.openings),
        "pairs_openings": sum(1 for o in result.openings if o[1] == "pairs"),
        "turns": result.turns,
    }
    for kind in FINISHES:
        out[f"finish_{kind}"] = int(result.ending == kind)
    if result.winner is not None:
        how = next(o[1] for o in result.openings if o[0] == result.winner)
        out["winner_pairs"] = int(how == "pairs")
        out["winner_points"] = result.results[result.winner - 1]
    for seat, points in enumerate(result.results, start=1):
        out[f"seat_{seat}"] = points
    return out


@dataclass(frozen=True)
class RoundChunk:
    """One unit of work: rounds shuffled with seeds ``seed`` … ``seed + rounds - 1``."""

    seed: int
    rounds: int
    players: int
    variants: tuple[RoundVariant, ...]
    keep_actions: bool = False
    bots: tuple[str, ...] = ("outs",) * 4


ChunkResult = tuple[list[Tally], list[list[RoundResult]]]


def run_round_chunk(chunk: RoundChunk) -> ChunkResult:
    """The tallies of one chunk, one per variant, and (with ``keep_actions``)
    the rounds themselves, per variant, in seed order."""
    tallies: list[dict[str, Counter[int]]] = [{} for _ in chunk.variants]
    kept: list[list[RoundResult]] = [[] for _ in chunk.variants]
    for seed in range(chunk.seed, chunk.seed + chunk.rounds):
        for i, variant in enumerate(chunk.variants):
            result = play_round(
                variant.deal(seed, chunk.players),
                variant.rules,
                time_limit=variant.time_limit,
                keep_actions=chunk.keep_actions,
                bots=chunk.bots,
            )
            for name, value in round_figures(result).items():
                tallies[i].setdefault(name, Counter())[value] += 1
            if chunk.keep_actions:
                kept[i].append(result)
    return [{n: dict(sorted(c.items())) for n, c in t.items()} for t in tallies], kept


@dataclass(frozen=True)
class RoundsFigures:
    """The tallies of one variant over every round."""

    variant: RoundVariant
    tally: Mapping[str, Mapping[int, int]]

    def histogram(self, name: str) -> dict[int, int]:
        """Rounds per value of figure ``name``."""
        return dict(self.tally.get(name, {}))

    def count(self, name: str) -> int:
        """Rounds where the 0/1 figure ``name`` is 1."""
        return self.histogram(name).get(1, 0)

    def total(self, name: str) -> int:
        """The sum of figure ``name`` over the rounds."""
        return sum(v * n for v, n in self.histogram(name).items())


@dataclass(frozen=True)
class RoundsSimulation:
    """A finished simulation: ``rounds`` rounds of ``players`` seats, seeds
    ``seed`` …, one :class:`RoundsFigures` per variant."""

    rounds: int
    seed: int
    players: int
    variants: tuple[RoundsFigures, ...]
    bots: tuple[str, ...] = ("outs",) * 4

    @property
    def bots_text(self) -> str:
        """The bots as the header says them: ``the quick bots``, or the kinds seat by seat."""
        if len(set(self.bots)) == 1:
            return f"the {self.bots[0]} bots"
        return f"the bots {', '.join(self.bots)} (seat 1 first)"

    @property
    def bots_json(self) -> str | list[str]:
        """The bots for JSON: one kind, or the kinds in seat order."""
        return self.bots[0] if len(set(self.bots)) == 1 else list(self.bots)


def simulate_rounds(
    rounds: int,
    seed: int,
    players: int,
    variants: Sequence[RoundVariant],
    *,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    on_round: Callable[[RoundVariant, RoundResult], None] | None = None,
    bots: str | Sequence[str] = "outs",
    chunk_size: int = ROUND_CHUNK,
) -> RoundsSimulation:
    """Play ``rounds`` rounds (seeds ``seed`` …) under every variant and tally them.

    ``executor``: ``None`` runs the chunks here; any
    :class:`concurrent.futures.Executor` (local processes, a Dask cluster's)
    runs them there; results are merged in chunk order. ``progress`` is called
    with the rounds of each chunk as it is merged; ``on_round`` (for ``--log``)
    with every round, in seed order, variant by variant, its actions kept;
    ``bots``: which bots play, one kind for every seat or one per seat
    (:func:`seat_kinds`); ``chunk_size``: rounds per chunk (never changes the
    figures). Raises :class:`RoundViolation` (from whichever process played
    it), ``ValueError``/``KeyError`` for wrong kinds (:func:`seat_kinds`).
    """
    kinds = seat_kinds(bots, players)
    chunks = [
        RoundChunk(
            seed + at,
            min(chunk_size, rounds - at),
            players,
            tuple(variants),
            on_round is not None,
            kinds,
        )
        for at in range(0, rounds, chunk_size)
    ]
    results: Iterable[ChunkResult]
    results = (
        map(run_round_chunk, chunks) if executor is None else executor.map(run_round_chunk, chunks)
    )
    merged: list[dict[str, dict[int, int]]] = [{} for _ in variants]
    for chunk, (parts, kept) in zip(chunks, results, strict=True):
        for tally, part in zip(merged, parts, strict=True):
            for name, histogram in part.items():
                target = tally.setdefault(name, {})
                for value, n in histogram.items():
                    target[value] = target.get(value, 0) + n
        if on_round is not None:
            for k in range(chunk.rounds):
                for variant, played in zip(variants, kept, strict=True):
                    on_round(variant, played[k])
        if progress is not None:
            progress(chunk.rounds)
    figures = tuple(
        RoundsFigures(v, {n: dict(sorted(h.items())) for n, h in sorted(t.items())})
        for v, t in zip(variants, merged, strict=True)
    )
    return RoundsSimulation(rounds, seed, players, figures, kinds)


# --- JSON and text ----------------------------------------------------------------------


def _share(successes: int, trials: int) -> dict[str, Any]:
    low, high = wilson_interval(successes, trials)
    share = successes / trials if trials else 0.0
    return {
        "count": successes,
        "of": trials,
        "share": round(share, 4),
        "interval": [round(low, 4), round(high, 4)],
    }


def mean_interval(histogram: Mapping[int, int], z: float = Z_95) -> tuple[float, float, float]:
    """(mean, low, high) of the values a histogram counts: the mean with a 95 %
    normal interval (mean ± z·s/√n, s the sample standard deviation); (0, 0, 0)
    when empty."""
    n = sum(histogram.values())
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(v * k for v, k in histogram.items()) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum(k * (v - mean) ** 2 for v, k in histogram.items()) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _mean_json(histogram: Mapping[int, int]) -> dict[str, Any] | None:
    if not histogram:
        return None
    mean, low, high = mean_interval(histogram)
    return {
        "mean": round(mean, 2),
        "interval": [round(low, 2), round(high, 2)],
        "rounds": sum(histogram.values()),
    }


def _turns_json(histogram: Mapping[int, int]) -> dict[str, Any] | None:
    if not histogram:
        return None
    return {
        "median": percentile(histogram, 50),
        "percentiles": {str(p): percentile(histogram, p) for p in (10, 50, 90)},
        "histogram": {str(v): n for v, n in sorted(histogram.items())},
    }


def rounds_variant_json(figures: RoundsFigures, rounds: int, players: int) -> dict[str, Any]:
    """One variant's figures as a JSON-ready dict (see :func:`rounds_json`)."""
    finished = figures.count("finished")
    opening = {v: n for v, n in figures.histogram("first_opening").items() if v > 0}
    nobody = figures.histogram("first_opening").get(0, 0)
    return {
        "name": figures.variant.name,
        "options": figures.variant.options,
        "rules": figures.variant.rules_json(),
        "finished": _share(finished, rounds),
        "stock": _share(figures.count("stock"), rounds),
        "first_opening": {
            **(_turns_json(opening) or {"median": None}),
            "nobody_opened": nobody,
        },
        "pairs_openings": _share(figures.total("pairs_openings"), figures.total("openings")),
        "finish": {kind: _share(figures.count(f"finish_{kind}"), finished) for kind in FINISHES},
        "winner_opened_with_pairs": _share(figures.count("winner_pairs"), finished),
        "winner_points": _mean_json(figures.histogram("winner_points")),
        "points_per_seat": [
            {"seat": seat, **(_mean_json(figures.histogram(f"seat_{seat}")) or {})}
            for seat in range(1, players + 1)
        ],
        "turns": _turns_json(figures.histogram("turns")),
    }


def rounds_json(sim: RoundsSimulation) -> dict[str, Any]:
    """The simulation as a JSON-ready dict (schema: ``rummy101 schema rounds``):
    ``{"rounds", "seed", "players", "bots" (one kind, or the kinds in seat
    order), "interval", "variants": [{"name",
    "options", "rules", "finished" / "stock": {"count", "of", "share",
    "interval"}, "first_opening": {"median", "percentiles": {"10", "50", "90"},
    "histogram": {turn: rounds}, "nobody_opened"}, "pairs_openings" (of all
    openings), "finish": {kind: share of finished rounds}, "winner_opened_with_pairs",
    "winner_points": {"mean", "interval", "rounds"} | null, "points_per_seat":
    [{"seat", "mean", "interval", "rounds"}], "turns": {"median",
    "percentiles", "histogram"}}]}``. Shares with 95 % Wilson intervals, means
    with 95 % normal intervals, rounded to 4 (shares) or 2 (points) decimals."""
    return {
        "rounds": sim.rounds,
        "seed": sim.seed,
        "players": sim.players,
        "bots": sim.bots_json,
        "interval": "95% Wilson score (shares), 95% normal (means)",
        "variants": [rounds_variant_json(f, sim.rounds, sim.players) for f in sim.variants],
    }


def _percent(successes: int, trials: int) -> str:
    if trials == 0:
        return "–"
    low, high = wilson_interval(successes, trials)
    return f"{100 * successes / trials:.1f} % ({100 * low:.1f}–{100 * high:.1f})"


def _mean(histogram: Mapping[int, int]) -> str:
    if not histogram:
        return "–"
    mean, low, high = mean_interval(histogram)
    return f"{mean:.1f} ({low:.1f}–{high:.1f})"


def _turn_spread(histogram: Mapping[int, int]) -> str:
    if not histogram:
        return "–"
    return " / ".join(str(percentile(histogram, p)) for p in (10, 50, 90))


def rounds_text(sim: RoundsSimulation, fmt: str = "simple") -> str:
    """The simulation as text: a header, the figures (variants as columns),
    then the histogram of the first opening's turn, tabulate format ``fmt``."""
    from rummy101_solver.tables import tabulate

    rounds, figures = sim.rounds, sim.variants
    last = sim.seed + rounds - 1
    lines = [
        f"{count_of(rounds, 'rounds')} of {sim.players} players played by {sim.bots_text}"
        f" (seeds {sim.seed}–{last});"
        " shares with 95 % Wilson intervals, mean points with 95 % intervals;"
        " turns 10 / 50 / 90 %.",
        "",
    ]
    headers = ["", *(f.variant.name for f in figures)]

    def opened(f: RoundsFigures) -> dict[int, int]:
        return {v: n for v, n in f.histogram("first_opening").items() if v > 0}

    rows: list[list[str]] = [
        ["options", *(f.variant.options or "(none)" for f in figures)],
        ["rounds with a finish", *(_percent(f.count("finished"), rounds) for f in figures)],
        ["ended by the stock", *(_percent(f.count("stock"), rounds) for f in figures)],
        ["turn of the first opening", *(_turn_spread(opened(f)) for f in figures)],
        [
            "nobody opened",
            *(_percent(f.histogram("first_opening").get(0, 0), rounds) for f in figures),
        ],
        [
            "pairs openings (of all)",
            *(_percent(f.total("pairs_openings"), f.total("openings")) for f in figures),
        ],
    ]
    for kind in FINISHES:
        rows.append(
            [
                f"{kind} finish (of finishes)",
                *(_percent(f.count(f"finish_{kind}"), f.count("finished")) for f in figures),
            ]
        )
    rows.append(
        [
            "won by a pairs opener (of finishes)",
            *(_percent(f.count("winner_pairs"), f.count("finished")) for f in figures),
        ]
    )
    rows.append(["winner's points (mean)", *(_mean(f.histogram("winner_points")) for f in figures)])
    for seat in range(1, sim.players + 1):
        rows.append(
            [f"seat {seat} points (mean)", *(_mean(f.histogram(f"seat_{seat}")) for f in figures)]
        )
    rows.append(["turns played", *(_turn_spread(f.histogram("turns")) for f in figures)])
    lines.append(tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True))
    bins: list[dict[int, int]] = []
    for f in figures:
        b: dict[int, int] = {}
        for turn, n in f.histogram("first_opening").items():
            low = 0 if turn == 0 else (turn - 1) // OPENING_BINS * OPENING_BINS + 1
            b[low] = b.get(low, 0) + n
        bins.append(b)
    lows = sorted({low for b in bins for low in b}, key=lambda v: (v == 0, v))
    hist_rows = [
        [
            "nobody" if low == 0 else f"{low}–{low + OPENING_BINS - 1}",
            *(f"{100 * b.get(low, 0) / rounds:.1f} %" for b in bins),
        ]
        for low in lows
    ]
    lines += ["", "Turn of the first opening, share of rounds:"]
    lines.append(tabulate(hist_rows, headers=headers, tablefmt=fmt, disable_numparse=True))
    return "\n".join(lines)
