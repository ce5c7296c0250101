"""The duplicate arena: two bot kinds on the same deals, the challenger rotated
through the seats [R-TILES, R-TAKE-DISCARD, R-SCORE, R-PENALTY].

After Mortal's arena (Equim-chan/Mortal ``libriichi/src/arena``): one seed per
deal, every play of a deal from the same shuffle and the same indicator, the
challenger in each seat in turn against copies of the champion, so the luck
of the deal and of the seat cancels; every figure is paired by deal.

- ``1v3`` (:func:`rotations`): 4 plays per deal, the challenger in seat 1,
  then 2, 3, 4, the champion in the other three;
- ``2v2``: 2 plays per deal, the challenger in seats 1 and 3, then in 2 and 4.

Each play is a round of :func:`~rummy101_solver.engine.rounds.play_round`, every
action checked as in ``simulate --rounds``. Per deal and role (challenger,
champion) the plays are summed into small integers (:func:`deal_row`); the
figures are ratios of these sums over the deals (:func:`ratio_interval`),
with 95 % normal intervals that take the deal as the unit (the plays of one
deal are not independent; the deals are). The difference challenger -
champion is, per deal, the challenger's mean points over its seat-plays
minus the champion's: a paired 95 % normal interval over the deals.

Determinism: deal ``i`` (0-based) is shuffled with ``seed + i``; the deals
are cut into chunks of :data:`ARENA_CHUNK` whatever the executor and their
rows kept in deal order, so the same seed gives byte-identical output for
any ``--jobs`` or Dask cluster.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Literal

from rummy101_solver.engine.odds import Z_95
from rummy101_solver.engine.rounds import RoundResult, RoundVariant, play_round
from rummy101_solver.messages import count_of

Mode = Literal["1v3", "2v2"]
MODES: tuple[Mode, ...] = ("1v3", "2v2")
"""The arena's seatings: one challenger against three champions, or two against two."""

ROLES = ("challenger", "champion")

PLAYERS = 4
"""Seats of an arena round: both modes seat four [R-RACK]."""

ARENA_CHUNK = 2
"""Deals per chunk of work: fixed, so the figures never depend on how chunks run."""

ROLE_FIELDS = (
    "seat_plays", "points", "wins", "not_won", "penalty", "openings", "fed",
    "next_openings", "next_fed", "opening_turns",
)  # fmt: skip
"""Per role, the integer sums of one deal's plays (:func:`deal_row`)."""

DEAL_FIELDS = ("plays", "finished", "stock")
"""Per deal, the integer counts its plays share."""

DealRow = tuple[int, ...]
"""One deal: :data:`DEAL_FIELDS`, then :data:`ROLE_FIELDS` of the challenger,
then those of the champion."""


def rotations(mode: Mode) -> tuple[tuple[int, ...], ...]:
    """The seats of the challenger in each play of a deal (1-based):
    ``1v3``: (1,), (2,), (3,), (4,); ``2v2``: (1, 3), (2, 4)."""
    if mode == "1v3":
        return tuple((seat,) for seat in range(1, PLAYERS + 1))
    return ((1, 3), (2, 4))


def seating(mode: Mode, challenger: str, champion: str) -> tuple[tuple[str, ...], ...]:
    """The bot kind of every seat (seat 1 first), per play of a deal."""
    return tuple(
        tuple(challenger if seat in seats else champion for seat in range(1, PLAYERS + 1))
        for seats in rotations(mode)
    )


def _field(name: str) -> int:
    return ROLE_FIELDS.index(name)


def deal_row(plays: Sequence[RoundResult], mode: Mode) -> DealRow:
    """The sums of one deal's plays (in the order of :func:`rotations`) by role:

    - ``seat_plays``: seats the role held over the plays; ``points``: their
      points as scored (a finish gains, a rack left costs [R-SCORE, R-PENALTY]);
    - ``wins``: plays the role finished [R-FINISH]; ``not_won`` and
      ``penalty``: the seat-plays that did not finish and the points they
      lost (as a positive number);
    - ``openings`` and ``fed``: the role's openings, and those whose turn
      began by taking the discard of the seat before [R-TAKE-DISCARD];
    - ``next_openings`` and ``next_fed``: the openings of the seat after a
      seat of the role, and those made with its discard;
    - ``opening_turns``: the sum, over the role's openings, of the own turn
      it opened in (1: its first turn).

    Per deal: ``plays``, ``finished`` (plays with a finish), ``stock`` (plays
    ended by the stock).
    """
    common = [len(plays), 0, 0]
    sums = {role: [0] * len(ROLE_FIELDS) for role in ROLES}
    for result, seats in zip(plays, rotations(mode), strict=True):
        players = len(result.results)
        role = ["challenger" if seat in seats else "champion" for seat in range(1, players + 1)]
        common[1] += result.winner is not None
        common[2] += result.winner is None
        for seat, points in enumerate(result.results, start=1):
            row = sums[role[seat - 1]]
            row[_field("seat_plays")] += 1
            row[_field("points")] += points
            if seat == result.winner:
                row[_field("wins")] += 1
            else:
                row[_field("not_won")] += 1
                row[_field("penalty")] -= points
        for (seat, _how, _value, turn), fed in zip(result.openings, result.fed, strict=True):
            row = sums[role[seat - 1]]
            row[_field("openings")] += 1
            row[_field("fed")] += fed
            row[_field("opening_turns")] += (turn - seat) // players + 1
            feeder = sums[role[(seat - 2) % players]]
            feeder[_field("next_openings")] += 1
            feeder[_field("next_fed")] += fed
    return (*common, *sums["challenger"], *sums["champion"])


@dataclass(frozen=True)
class ArenaChunk:
    """One unit of work: deals shuffled with seeds ``seed`` … ``seed + deals - 1``."""

    seed: int
    deals: int
    variants: tuple[RoundVariant, ...]
    challenger: str
    champion: str
    mode: Mode
    keep_actions: bool = False


ArenaChunkResult = tuple[list[list[DealRow]], list[list[list[RoundResult]]]]


def run_arena_chunk(chunk: ArenaChunk) -> ArenaChunkResult:
    """Per variant the rows of the chunk's deals, in seed order; with
    ``keep_actions`` also every play (per variant, per deal, per rotation)."""
    rows: list[list[DealRow]] = [[] for _ in chunk.variants]
    kept: list[list[list[RoundResult]]] = [[] for _ in chunk.variants]
    kinds = seating(chunk.mode, chunk.challenger, chunk.champion)
    for seed in range(chunk.seed, chunk.seed + chunk.deals):
        for i, variant in enumerate(chunk.variants):
            deal = variant.deal(seed, PLAYERS)
            plays = [
                play_round(
                    deal,
                    variant.rules,
                    time_limit=variant.time_limit,
                    keep_actions=chunk.keep_actions,
                    bots=seats,
                )
                for seats in kinds
            ]
            rows[i].append(deal_row(plays, chunk.mode))
            if chunk.keep_actions:
                kept[i].append(plays)
    return rows, kept


@dataclass(frozen=True)
class ArenaVariant:
    """One variant's deal rows, in seed order."""

    variant: RoundVariant
    rows: tuple[DealRow, ...]

    def column(self, role: str | None, name: str) -> list[int]:
        """One sum per deal: a role's :data:`ROLE_FIELDS` entry, or (role
        ``None``) a :data:`DEAL_FIELDS` entry."""
        if role is None:
            at = DEAL_FIELDS.index(name)
        else:
            at = len(DEAL_FIELDS) + ROLES.index(role) * len(ROLE_FIELDS) + _field(name)
        return [row[at] for row in self.rows]


@dataclass(frozen=True)
class Arena:
    """A finished arena: ``deals`` deals (seeds ``seed`` …), ``mode``, the two
    kinds, one :class:`ArenaVariant` per variant."""

    deals: int
    seed: int
    mode: Mode
    challenger: str
    champion: str
    variants: tuple[ArenaVariant, ...]


def run_arena(
    deals: int,
    seed: int,
    variants: Sequence[RoundVariant],
    challenger: str,
    champion: str,
    mode: Mode = "1v3",
    *,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    on_round: Callable[[RoundVariant, RoundResult], None] | None = None,
    chunk_size: int = ARENA_CHUNK,
) -> Arena:
    """Play ``deals`` deals (seeds ``seed`` …) in duplicate under every variant.

    ``executor``: ``None`` runs the chunks here, else any
    :class:`concurrent.futures.Executor` (local processes, a Dask cluster's);
    ``progress``: called with the deals of each chunk as it is merged;
    ``on_round`` (for ``--log``): every play, deal by deal in seed order,
    variant by variant, rotation by rotation, its actions kept;
    ``chunk_size``: deals per chunk (never changes the figures). Raises
    :class:`~rummy101_solver.engine.rounds.RoundViolation`, and ``KeyError``
    for an unknown bot kind.
    """
    from rummy101_solver.engine.rounds import seat_kinds

    seat_kinds((challenger, champion, champion, champion), PLAYERS)  # unknown kinds: KeyError
    chunks = [
        ArenaChunk(
            seed + at,
            min(chunk_size, deals - at),
            tuple(variants),
            challenger,
            champion,
            mode,
            on_round is not None,
        )
        for at in range(0, deals, chunk_size)
    ]
    results: Iterable[ArenaChunkResult]
    results = (
        map(run_arena_chunk, chunks) if executor is None else executor.map(run_arena_chunk, chunks)
    )
    merged: list[list[DealRow]] = [[] for _ in variants]
    for chunk, (rows, kept) in zip(chunks, results, strict=True):
        for into, part in zip(merged, rows, strict=True):
            into.extend(part)
        if on_round is not None:
            for k in range(chunk.deals):
                for variant, played in zip(variants, kept, strict=True):
                    for result in played[k]:
                        on_round(variant, result)
        if progress is not None:
            progress(chunk.deals)
    figures = tuple(ArenaVariant(v, tuple(r)) for v, r in zip(variants, merged, strict=True))
    return Arena(deals, seed, mode, challenger, champion, figures)


# --- the figures -------------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """A figure over the deals: ``value`` with its 95 % interval (``low``,
    ``high``); ``of``: the plays (or openings) it is a ratio of."""

    value: float | None
    low: float | None
    high: float | None
    of: int


def ratio_interval(ys: Sequence[int], xs: Sequence[int], z: float = Z_95) -> Estimate:
    """ΣY / ΣX over the deals with a 95 % normal interval taking the deal as
    the unit (the ratio estimator's variance by the delta method:
    ``Σ(y - R·x)² / (n(n-1)·x̄²)``); with every ``x`` equal it is the mean of
    the per-deal ratios and its usual interval. No value (``None``) when ΣX is 0
    (0 of 0), no interval (``None``) over fewer than 2 deals (the spread is unknown)."""
    n, total = len(xs), sum(xs)
    if total == 0:
        return Estimate(None, None, None, 0)
    ratio = sum(ys) / total
    if n < 2:
        return Estimate(ratio, None, None, total)
    mean_x = total / n
    residual = sum((y - ratio * x) ** 2 for y, x in zip(ys, xs, strict=True))
    half = z * math.sqrt(residual / (n * (n - 1))) / mean_x
    return Estimate(ratio, ratio - half, ratio + half, total)


def share_interval(ys: Sequence[int], xs: Sequence[int]) -> Estimate:
    """:func:`ratio_interval` of a share, its interval kept inside [0, 1]."""
    e = ratio_interval(ys, xs)
    if e.low is None or e.high is None:
        return e
    return Estimate(e.value, max(0.0, e.low), min(1.0, e.high), e.of)


@dataclass(frozen=True)
class Difference:
    """Challenger - champion, points per round, paired by deal: ``mean`` with
    its 95 % interval, ``sd`` the per-deal differences' standard deviation,
    and ``deals_for_2`` the deals a half-width of 2 points needs at that
    spread (``⌈(z·sd/2)²⌉``); ``deals``: how many deals it is over. Over
    fewer than 2 deals the spread is unknown: ``low``, ``high``, ``sd`` and
    ``deals_for_2`` are ``None``."""

    mean: float
    low: float | None
    high: float | None
    sd: float | None
    deals_for_2: int | None
    deals: int

    @property
    def excludes_zero(self) -> bool:
        """True when the interval lies wholly above or below 0 (never for one
        deal: its spread is unknown)."""
        if self.low is None or self.high is None:
            return False
        return self.low > 0 or self.high < 0


def difference(figures: ArenaVariant, z: float = Z_95) -> Difference:
    """Per deal, the challenger's mean points over its seat-plays minus the
    champion's; their mean and a paired 95 % normal interval over the deals."""
    per = [
        (pc / nc if nc else 0.0) - (pp / np_ if np_ else 0.0)
        for pc, nc, pp, np_ in zip(
            figures.column("challenger", "points"), figures.column("challenger", "seat_plays"),
            figures.column("champion", "points"), figures.column("champion", "seat_plays"),
            strict=True,
        )
    ]  # fmt: skip
    n = len(per)
    mean = sum(per) / n if n else 0.0
    if n < 2:
        return Difference(mean, None, None, None, None, n)
    sd = math.sqrt(sum((d - mean) ** 2 for d in per) / (n - 1))
    half = z * sd / math.sqrt(n)
    return Difference(mean, mean - half, mean + half, sd, math.ceil((z * sd / 2) ** 2), n)


FIGURES: tuple[tuple[str, str, str, str, bool], ...] = (
    ("points_per_round", "points per round", "points", "seat_plays", False),
    ("won", "rounds won (of its seat-plays)", "wins", "seat_plays", True),
    ("finishes", "share of the finishes", "wins", "*finished", True),
    ("penalty_when_not_winning", "penalty when not winning (points)", "penalty", "not_won",
     False),
    ("fed_openings", "own openings fed (taken from the seat before)", "fed", "openings", True),
    ("fed_to_next", "openings it fed to the next seat", "next_fed", "next_openings", True),
    ("opening_turn", "own turn of its opening (mean)", "opening_turns", "openings", False),
)  # fmt: skip
"""Per role: (JSON key, text label, numerator sum, denominator sum — ``*`` a
deal field —, a share)."""


def role_figure(figures: ArenaVariant, role: str, key: str) -> Estimate:
    """One figure of :data:`FIGURES` for one role."""
    _, _, top, bottom, share = next(f for f in FIGURES if f[0] == key)
    ys = figures.column(role, top)
    if bottom.startswith("*"):
        xs = figures.column(None, bottom[1:])
    else:
        xs = figures.column(role, bottom)
    return share_interval(ys, xs) if share else ratio_interval(ys, xs)


def stock_figure(figures: ArenaVariant) -> Estimate:
    """The share of plays ended by the stock [R-SCORE]."""
    return share_interval(figures.column(None, "stock"), figures.column(None, "plays"))


INTERVAL = (
    "95% normal, the deal as the unit (ratios by the delta method); the difference paired by deal"
)
"""How every interval of the arena is computed (JSON ``interval``)."""


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def _est_json(e: Estimate, digits: int) -> dict[str, Any]:
    interval = (
        None if e.low is None or e.high is None else [round(e.low, digits), round(e.high, digits)]
    )
    return {"mean": _round(e.value, digits), "interval": interval, "of": e.of}


def arena_variant_json(figures: ArenaVariant) -> dict[str, Any]:
    """One variant's figures as a JSON-ready dict (see :func:`arena_json`)."""
    d = difference(figures)
    out: dict[str, Any] = {
        "name": figures.variant.name,
        "options": figures.variant.options,
        "rules": figures.variant.rules_json(),
        "difference": {
            "mean": round(d.mean, 2),
            "interval": (
                None if d.low is None or d.high is None else [round(d.low, 2), round(d.high, 2)]
            ),
            "excludes_zero": d.excludes_zero,
            "sd": _round(d.sd, 2),
            "deals_for_half_width_2": d.deals_for_2,
        },
    }
    for key, _, _, _, share in FIGURES:
        digits = 4 if share else 2
        out[key] = {role: _est_json(role_figure(figures, role, key), digits) for role in ROLES}
    out["stock"] = _est_json(stock_figure(figures), 4)
    return out


def arena_json(arena: Arena) -> dict[str, Any]:
    """The arena as a JSON-ready dict (schema: ``rummy101 schema arena``):
    ``{"arena": {"challenger", "champion", "mode", "deals", "seed", "players",
    "plays_per_deal", "interval", "variants": [{"name", "options", "rules",
    "difference": {"mean", "interval", "excludes_zero", "sd",
    "deals_for_half_width_2"}, "points_per_round" / "won" / "finishes" /
    "penalty_when_not_winning" / "fed_openings" / "fed_to_next" /
    "opening_turn": {"challenger" / "champion": {"mean", "interval", "of"}},
    "stock": {"mean", "interval", "of"}}]}}``. Points rounded to 2 decimals,
    shares (0–1) to 4."""
    return {
        "arena": {
            "challenger": arena.challenger,
            "champion": arena.champion,
            "mode": arena.mode,
            "deals": arena.deals,
            "seed": arena.seed,
            "players": PLAYERS,
            "plays_per_deal": len(rotations(arena.mode)),
            "interval": INTERVAL,
            "variants": [arena_variant_json(v) for v in arena.variants],
        }
    }


def _fmt(e: Estimate, share: bool) -> str:
    if e.value is None:
        return "–"
    if e.low is None or e.high is None:
        return f"{100 * e.value:.1f} % (–)" if share else f"{e.value:.1f} (–)"
    if share:
        return f"{100 * e.value:.1f} % ({100 * e.low:.1f}–{100 * e.high:.1f})"
    return f"{e.value:.1f} ({e.low:.1f} to {e.high:.1f})"


def _difference_line(d: Difference) -> str:
    """The difference sentence: no interval over fewer than 2 deals, no deals
    needed when the spread is 0."""
    if d.low is None or d.high is None or d.sd is None:
        return (
            f"Difference challenger - champion: {d.mean:+.1f} points per round over"
            f" {d.deals} deal; one deal gives no interval (the spread per deal is unknown)."
        )
    verdict = "excludes 0" if d.excludes_zero else "does not exclude 0"
    if d.sd == 0:
        return (
            f"Difference challenger - champion: {d.mean:+.1f} points per round"
            f" ({d.low:+.1f} to {d.high:+.1f}); the interval {verdict}. Spread per deal"
            " 0.0 points: every deal gave the same difference."
        )
    return (
        f"Difference challenger - champion: {d.mean:+.1f} points per round"
        f" ({d.low:+.1f} to {d.high:+.1f}); the interval {verdict}. Spread per deal"
        f" {d.sd:.1f} points: a half-width of ±2 points needs about {d.deals_for_2} deals."
    )


def arena_text(arena: Arena, fmt: str = "simple") -> str:
    """The arena as text: a header, then per variant a table (rows: the
    figures; columns: challenger, champion) and the difference line."""
    from tabulate import tabulate

    last = arena.seed + arena.deals - 1
    seeds = f"seed {arena.seed}" if arena.deals == 1 else f"seeds {arena.seed}–{last}"
    plays = len(rotations(arena.mode))
    seats = "in each seat in turn" if arena.mode == "1v3" else "in seats 1 and 3, then 2 and 4"
    lines = [
        f"Duplicate arena {arena.mode}: challenger {arena.challenger} against champion"
        f" {arena.champion}, {count_of(arena.deals, 'deals')} ({seeds}),"
        f" {plays} plays"
        f" of each deal, the challenger {seats}.",
        "Intervals: 95 % normal with the deal as the unit (ratios by the delta method); the"
        " difference is paired by deal.",
    ]
    even = 25 if arena.mode == "1v3" else 50
    for figures in arena.variants:
        d = difference(figures)
        lines += ["", f"{figures.variant.name} ({figures.variant.options or 'no options'}):"]
        headers = ["", f"challenger {arena.challenger}", f"champion {arena.champion}"]
        rows = []
        for key, label, _, _, share in FIGURES:
            if key == "finishes":
                label = f"{label} (even: {even} % / {100 - even} %)"
            rows.append([label, *(_fmt(role_figure(figures, r, key), share) for r in ROLES)])
        rows.append(["plays ended by the stock", _fmt(stock_figure(figures), True), ""])
        lines.append(tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True))
        lines.append(_difference_line(d))
    return "\n".join(lines)


def arena_csv_rows(data: dict[str, Any]) -> tuple[list[str], list[list[object]]]:
    """The headers and rows of the arena's CSV (one row per variant), from
    :func:`arena_json`'s dict: the variant, the kinds, mode, deals and seed;
    the difference (mean, low, high, sd, deals for ±2); per figure and role
    its mean, low and high; the stock's share."""
    a = data["arena"]
    headers = ["variant", "options", "challenger", "champion", "mode", "deals", "seed",
               "difference_mean", "difference_low", "difference_high", "difference_sd",
               "deals_for_half_width_2"]  # fmt: skip
    for key, *_ in FIGURES:
        for role in ROLES:
            headers += [f"{role}_{key}_mean", f"{role}_{key}_low", f"{role}_{key}_high"]
    headers += ["stock_mean", "stock_low", "stock_high"]
    rows: list[list[object]] = []
    for v in a["variants"]:
        d = v["difference"]
        row: list[object] = [v["name"], v["options"], a["challenger"], a["champion"], a["mode"],
                             a["deals"], a["seed"], d["mean"], *(d["interval"] or ["", ""]),
                             "" if d["sd"] is None else d["sd"],
                             "" if d["deals_for_half_width_2"] is None
                             else d["deals_for_half_width_2"]]  # fmt: skip
        for key, *_ in FIGURES:
            for role in ROLES:
                e = v[key][role]
                row += [_cell(e["mean"]), *(e["interval"] or ["", ""])]
        row += [_cell(v["stock"]["mean"]), *(v["stock"]["interval"] or ["", ""])]
        rows.append(row)
    return headers, rows


def _cell(x: object) -> object:
    """A CSV cell: empty for a figure that has none (``None``)."""
    return "" if x is None else x
