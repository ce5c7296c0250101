"""``rummy101 bench``: time the solver on seeded dealt racks: a cold start, per rack
(median, p95, max, longest garbage-collection pause) and in batch (racks per second).

Every line gives CPU seconds (process time, all worker processes summed) beside wall
seconds, and its ratio to the anchor (``engine/anchor.py``: a fixed plain-Python exact
search timed on the same racks in the same run), which holds on a busy machine and from
machine to machine where seconds do not [issue 32]."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import click

from rummy101_solver.cli.options import IntRange
from rummy101_solver.game.deal import MAX_SEED

if TYPE_CHECKING:
    from rummy101_solver.game.tiles import Rack


@click.command()
@click.option("--racks", type=IntRange(1, 100_000), default=200, show_default=True,
              help="Seeded dealt racks to time one by one.")  # fmt: skip
@click.option("--seed", type=IntRange(0, MAX_SEED), default=1, show_default=True,
              help="Seed of the first rack.")  # fmt: skip
@click.option("--size", type=IntRange(1, 22), default=None,
              help="Tiles per rack (default 22; 14 with --play).")  # fmt: skip
@click.option("--alternatives", type=IntRange(0, 50), default=0, show_default=True,
              help="Alternatives per opening kind (0: best openings only).")  # fmt: skip
@click.option("--batch-racks", type=IntRange(0, 1_000_000), default=2000,
              show_default=True, help="Racks for the batch run (0: skip it).")  # fmt: skip
@click.option("--jobs", type=IntRange(1, 64), default=2, show_default=True,
              help="Processes for the batch throughput run.")  # fmt: skip
@click.option("--play", "play_turns", is_flag=True, default=False,
              help="Time 'play' instead: each rack against a dealt table of --groups groups,"
              " for a player not opened, opened with melds and opened with pairs.")  # fmt: skip
@click.option("--groups", type=IntRange(0, 20), default=8, show_default=True,
              help="Table groups for --play.")  # fmt: skip
@click.option("--simulate", "simulate_deals", type=IntRange(0, 10_000_000), default=0,
              is_flag=False, flag_value=2000, metavar="[DEALS]",
              help="Also time 'simulate' (classic rules) on DEALS deals (2000 when"
              " given alone) with JOBS processes: deals per second.")  # fmt: skip
@click.option("--rounds", "simulate_rounds", type=IntRange(0, 1_000_000), default=0,
              is_flag=False, flag_value=20, metavar="[ROUNDS]",
              help="Also time 'simulate --rounds' (4 players, classic rules) on ROUNDS"
              " rounds (20 when given alone) with JOBS processes: rounds per second.")  # fmt: skip
@click.option("--bots", type=click.Choice(["outs", "quick", "random"]), default="outs",
              show_default=True, help="The bots of --rounds (as 'simulate --bots').")  # fmt: skip
@click.option("--arena", "arena_deals", type=IntRange(0, 100_000), default=0, is_flag=False,
              flag_value=4, metavar="[DEALS]",
              help="Also time the duplicate arena ('simulate --rounds DEALS --duplicate',"
              " classic rules) of --arena-bots, 1v3 and 2v2, with JOBS processes:"
              " rounds (plays) per second, CPU and wall (4 deals when given alone).")  # fmt: skip
@click.option("--arena-bots", default="quick,random", show_default=True,
              metavar="CHALLENGER,CHAMPION", help="The two bot kinds of --arena.")  # fmt: skip
@click.option("--repeat", type=IntRange(1, 20), default=3, show_default=True,
              help="Times each rack (and turn) is timed: its fastest counts.")  # fmt: skip
@click.option("--cold-runs", type=IntRange(0, 100), default=5, show_default=True,
              help="Fresh 'rummy101 solve RACK' processes to time (0: skip).")  # fmt: skip
@click.option("--outs", "outs_racks", type=IntRange(0, 10_000), default=0,
              show_default=True, help="Also time 'outs' on this many racks: distance"
              " (melds + pairs) and outs of 21-tile racks, the discard table of 22-tile"
              " racks (0: skip).")  # fmt: skip
def bench(racks: int, seed: int, size: int | None, alternatives: int, batch_racks: int,
          jobs: int, play_turns: bool, groups: int, simulate_deals: int, simulate_rounds: int,
          bots: str, arena_deals: int, arena_bots: str, repeat: int, cold_runs: int,
          outs_racks: int) -> None:  # fmt: skip
    """Time the solver on seeded dealt racks: cold start, per rack, and in batch.

    Every line gives CPU seconds (user + system; process time of this process
    and of its worker processes, summed) beside wall seconds, and its ratio to
    the anchor. Anchor: a fixed plain-Python exact search (the best meld value
    of each rack, wild tiles set aside; engine/anchor.py, never changed) timed
    on the same racks in the same run, each rack right before its solve,
    fastest of REPEAT: its mean CPU milliseconds per rack. A ratio to it holds
    better on a busy machine and from machine to machine than seconds do.

    Cold start: 'rummy101 solve RACK' (the first rack, default options) in
    COLD-RUNS fresh Python processes: median CPU seconds (from the operating
    system's account of finished child processes) and wall seconds. Per rack:
    what 'solve' computes (best meld and pairs openings, one-turn finish) for
    RACKS racks one by one in this process, after a warm-up and gc.freeze(),
    each rack's fastest of REPEAT: median, p95 and max CPU milliseconds, the
    median of the per-rack ratios to the anchor, the median wall milliseconds
    and the longest garbage-collection pause. Batch: BATCH-RACKS racks through
    'batch' with JOBS processes, JSON rendered and dropped: wall and CPU
    seconds (workers included), racks per second. Racks are dealt as by
    'rummy101 deal --seed SEED --count N'.

    With --play: what 'play' computes for RACKS dealt turns (a 14-tile rack
    against GROUPS table groups, as dealt by play.deal_turn), per player state.

    With --simulate: 'simulate' on that many deals of SIZE tiles, classic
    rules, JOBS processes, without and with --distance: deals per second
    (each line counts its worker processes' start).

    With --rounds: 'simulate --rounds' on that many rounds of 4 players,
    classic rules, the BOTS bots, JOBS processes: rounds per second
    (alone: --racks 1 --batch-racks 0 --cold-runs 0 --rounds).

    With --arena: the duplicate arena of ARENA-BOTS (challenger, champion) on
    that many deals, classic rules, JOBS processes, 1v3 then 2v2: plays (whole
    rounds) per second, wall, and the CPU seconds of this process and its
    workers (alone: --racks 1 --batch-racks 0 --cold-runs 0 --arena).

    With --outs N: median and p95 CPU milliseconds of the distance (the numbers
    alone, as 'simulate --distance' computes them, and with one target opening
    each, as 'outs' prints them), the outs and the discard table on N racks;
    then the discard table with every row's odds of opening within 5 draws
    (22 tiles) and how many rows came out unknown.
    """
    from rummy101_solver.game.deal import deal_racks

    kinds = tuple(k.strip() for k in arena_bots.split(","))
    if arena_deals:
        from rummy101_solver.engine.bot_kinds import BOTS

        unknown = [k for k in kinds if k not in BOTS]
        if len(kinds) != 2 or unknown:
            raise click.BadParameter(
                f"{arena_bots!r}: give CHALLENGER,CHAMPION, two of {', '.join(BOTS)}",
                param_hint="'--arena-bots'",
            )
    size = size or (14 if play_turns else 22)
    dealt = deal_racks(seed, racks, size) if not play_turns else []
    if play_turns:
        _bench_play(racks, seed, size, groups, alternatives, repeat)
        return
    # the anchor and 'solve' timed rack by rack, side by side; printed in this order
    anchor, per_rack = _time_per_rack(dealt, alternatives, repeat)
    _print_anchor(anchor, dealt, seed, repeat)
    if cold_runs:
        cpu, wall = _cold_start(dealt[0].codes, cold_runs)
        click.echo(f"cold start: 'rummy101 solve' of rack seed {seed} in a fresh process,"
                   f" median of {cold_runs}: {cpu:.3f} s CPU ({_times(cpu, anchor)}),"
                   f" {wall:.3f} s wall")  # fmt: skip
    _print_per_rack(per_rack, anchor, dealt, seed, alternatives, repeat)
    if batch_racks:
        _bench_batch(seed, batch_racks, size, jobs, alternatives, anchor)
    if simulate_deals:
        _bench_simulate(simulate_deals, seed, size, jobs, anchor)
    if simulate_rounds:
        _bench_rounds(simulate_rounds, seed, jobs, bots, anchor)
    if arena_deals:
        _bench_arena(arena_deals, seed, jobs, kinds[0], kinds[1], anchor)
    if outs_racks:
        _bench_outs(seed, outs_racks, anchor)


# --- the clock and the anchor ----------------------------------------------------------------


class _Clock:
    """Wall and CPU seconds since it was made: CPU of this process and of its
    child processes that have ended (``getrusage``: a worker pool counts once
    it is shut down)."""

    def __init__(self) -> None:
        import time

        self._wall = time.perf_counter()
        self._cpu = self._process_cpu()

    @staticmethod
    def _process_cpu() -> float:
        import resource

        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    def read(self) -> tuple[float, float]:
        """(wall seconds, CPU seconds) so far."""
        import time

        return time.perf_counter() - self._wall, self._process_cpu() - self._cpu


def _cpu_of(call: Callable[[], object], repeat: int) -> float:
    """The fewest CPU seconds (this process) of ``repeat`` calls."""
    import time

    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        call()
        best = min(best, time.process_time() - t0)
    return best


def _anchor_counts(rack: Rack) -> tuple[int, ...]:
    counts = [0] * 52
    for f, k in rack.face_counts.items():
        counts[f.index] += k
    return tuple(counts)


def _bench_anchor(dealt: list[Rack], seed: int, repeat: int, what: str = "") -> list[float]:
    """Time the anchor on the racks (each one's fastest of ``repeat``), print
    its line; the CPU seconds of each rack."""
    from functools import partial

    from rummy101_solver.engine.anchor import anchor_value

    anchor_value(_anchor_counts(dealt[0]))  # warm-up
    times = [_cpu_of(partial(anchor_value, _anchor_counts(r)), repeat) for r in dealt]
    _print_anchor(times, dealt, seed, repeat, what)
    return times


def _print_anchor(
    times: list[float], dealt: list[Rack], seed: int, repeat: int, what: str = ""
) -> None:
    n = len(dealt)
    click.echo(f"anchor: {n} {what or 'dealt '}{len(dealt[0])}-tile rack{'' if n == 1 else 's'}"
               f" (seeds {seed}..{seed + n - 1}), a fixed plain-Python exact search, fastest of"
               f" {repeat}: mean {_mean(times) * 1000:.3f} ms CPU per rack,"
               f" median {_median(times) * 1000:.3f} ms")  # fmt: skip


def _mean(times: list[float]) -> float:
    return sum(times) / len(times)


def _median(values: list[float]) -> float:
    import statistics

    return statistics.median(values)


def _times(cpu: float, anchor: list[float], racks: int = 1) -> str:
    """``cpu`` seconds for ``racks`` racks as a multiple of the anchor's mean rack."""
    ratio = cpu / racks / _mean(anchor)
    return f"{ratio:.2f}x the anchor" if ratio < 100 else f"{ratio:.0f}x the anchor"


def _spread(times: list[float]) -> str:
    """Median, p95 and max of ``times`` (seconds) in milliseconds."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    return (
        f"median {_median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms,"
        f" max {times[-1] * 1000:.2f} ms"
    )


# --- the lines --------------------------------------------------------------------------------


class _PerRack(NamedTuple):
    cpu: list[float]
    wall: list[float]
    pauses: list[float]


def _time_per_rack(
    dealt: list[Rack], alternatives: int, repeat: int
) -> tuple[list[float], _PerRack]:
    """Time the anchor and ``analyse`` on each rack, one right after the other
    (so both see the machine in the same state), each rack's fastest of
    ``repeat``: (anchor CPU seconds per rack, analyse CPU and wall seconds per
    rack and the garbage-collection pauses of the analyses)."""
    import gc
    import time

    from rummy101_solver.engine.anchor import anchor_value
    from rummy101_solver.engine.solver import analyse
    from rummy101_solver.files.batch import warm_up

    analyse(dealt[0], alternatives=alternatives)  # warm-up: imports, first model
    anchor_value(_anchor_counts(dealt[0]))
    warm_up()
    counts = [_anchor_counts(r) for r in dealt]
    pauses: list[float] = []
    started: list[float] = []
    watching = [False]

    def watch(phase: str, info: dict[str, int]) -> None:
        if not watching[0]:
            return
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            pauses.append(time.perf_counter() - started.pop())

    n = len(dealt)
    anchor = [float("inf")] * n
    cpu = [float("inf")] * n
    wall = [float("inf")] * n
    gc.callbacks.append(watch)
    try:
        for _ in range(repeat):  # the whole list each time: no cache serves a repeat
            for i, rack in enumerate(dealt):
                c0 = time.process_time()
                anchor_value(counts[i])
                anchor[i] = min(anchor[i], time.process_time() - c0)
                watching[0] = True
                t0, c0 = time.perf_counter(), time.process_time()
                analyse(rack, alternatives=alternatives)
                cpu[i] = min(cpu[i], time.process_time() - c0)
                wall[i] = min(wall[i], time.perf_counter() - t0)
                watching[0] = False
                started.clear()
    finally:
        gc.callbacks.remove(watch)
    return anchor, _PerRack(cpu, wall, pauses)


def _print_per_rack(
    timed: _PerRack,
    anchor: list[float],
    dealt: list[Rack],
    seed: int,
    alternatives: int,
    repeat: int,
) -> None:
    """The per-rack lines: CPU spread and ratios to the anchor, wall, GC."""
    cpu, wall, pauses = timed
    n = len(dealt)
    ratios = [c / a if a > 0 else float("inf") for c, a in zip(cpu, anchor, strict=True)]
    click.echo(f"per rack: {n} dealt {len(dealt[0])}-tile rack{'' if n == 1 else 's'}"
               f" (seeds {seed}..{seed + n - 1}), alternatives {alternatives}, one process,"
               f" fastest of {repeat}")  # fmt: skip
    click.echo(f"  CPU {_spread(cpu)}; {_times(_mean(cpu), anchor)} (mean),"
               f" median of per-rack ratios {_median(ratios):.2f}x")  # fmt: skip
    longest = max(pauses, default=0.0) * 1000
    click.echo(f"  wall median {_median(wall) * 1000:.2f} ms; garbage collection:"
               f" {len(pauses)} passes, longest {longest:.2f} ms")  # fmt: skip


def _bench_batch(
    seed: int, count: int, size: int, jobs: int, alternatives: int, anchor: list[float]
) -> None:
    """Time ``batch`` on ``count`` dealt racks: wall, CPU of every process, racks/s."""
    from rummy101_solver.files.batch import run_batch
    from rummy101_solver.game.deal import deal_racks

    lines = (" ".join(r.codes) for r in deal_racks(seed, count, size))
    clock = _Clock()
    done = sum(1 for _ in run_batch(lines, {"alternatives": alternatives}, jobs=jobs))
    wall, cpu = clock.read()
    click.echo(f"batch: {done} racks, --jobs {jobs}, alternatives {alternatives}:"
               f" {wall:.2f} s wall, {done / wall:.0f} racks/s; {cpu:.2f} s CPU,"
               f" {_times(cpu, anchor, done)} per rack")  # fmt: skip


def _bench_simulate(deals: int, seed: int, size: int, jobs: int, anchor: list[float]) -> None:
    """Time ``simulate`` (classic) without and with ``--distance``: deals per second."""
    from concurrent.futures import ProcessPoolExecutor

    from rummy101_solver.engine.simulate import (
        DEFAULT_STATISTICS,
        DISTANCE_STATISTICS,
        Variant,
        simulate,
    )
    from rummy101_solver.files.batch import init_worker

    for label, stats in (("", DEFAULT_STATISTICS), (" --distance", DISTANCE_STATISTICS)):
        clock = _Clock()
        with ProcessPoolExecutor(max_workers=jobs, initializer=init_worker) as pool:
            simulate(deals, seed, size, [Variant("classic")], statistics=stats,
                     executor=pool if jobs > 1 else None)  # fmt: skip
        wall, cpu = clock.read()
        click.echo(f"simulate{label}: {deals} deals of {size} tiles, classic rules,"
                   f" --jobs {jobs}: {wall:.2f} s wall, {deals / wall:.0f} deals/s;"
                   f" {cpu:.2f} s CPU, {_times(cpu, anchor, deals)} per deal")  # fmt: skip


def _bench_rounds(rounds: int, seed: int, jobs: int, bots: str, anchor: list[float]) -> None:
    """Time ``simulate --rounds`` (4 players, classic): rounds per second."""
    from concurrent.futures import ProcessPoolExecutor

    from rummy101_solver.engine.rounds import RoundVariant, simulate_rounds
    from rummy101_solver.files.batch import init_worker

    clock = _Clock()
    with ProcessPoolExecutor(max_workers=jobs, initializer=init_worker) as pool:
        simulate_rounds(rounds, seed, 4, [RoundVariant("classic")],
                        executor=pool if jobs > 1 else None, bots=bots)  # fmt: skip
    wall, cpu = clock.read()
    click.echo(f"rounds: {rounds} round{'' if rounds == 1 else 's'} of 4 players, classic rules,"
               f" {bots} bots, --jobs {jobs}: {wall:.2f} s wall, {rounds / wall:.2f} rounds/s;"
               f" {cpu:.2f} s CPU, {_times(cpu, anchor, rounds)} per round")  # fmt: skip


def _bench_arena(
    deals: int, seed: int, jobs: int, challenger: str, champion: str, anchor: list[float]
) -> None:
    """Time the duplicate arena (classic, 1v3 and 2v2): plays per second, CPU and wall."""
    from concurrent.futures import ProcessPoolExecutor

    from rummy101_solver.engine.arena import rotations, run_arena
    from rummy101_solver.engine.rounds import RoundVariant
    from rummy101_solver.files.batch import init_worker

    for mode in ("1v3", "2v2"):
        clock = _Clock()
        with ProcessPoolExecutor(max_workers=jobs, initializer=init_worker) as pool:
            run_arena(deals, seed, [RoundVariant("classic")], challenger, champion, mode,
                      executor=pool if jobs > 1 else None)  # fmt: skip
        wall, cpu = clock.read()
        plays = deals * len(rotations(mode))
        click.echo(f"arena {mode}: {challenger} against {champion}, {deals} deal"
                   f"{'' if deals == 1 else 's'} ({plays} plays), classic rules, --jobs {jobs}:"
                   f" {wall:.2f} s wall, {plays / wall:.2f} plays/s; {cpu:.2f} s CPU,"
                   f" {cpu / plays:.2f} s CPU a play,"
                   f" {_times(cpu, anchor, plays)} per play")  # fmt: skip


def _bench_play(
    racks: int, seed: int, size: int, groups: int, alternatives: int, repeat: int
) -> None:
    """Time ``play`` per dealt turn, per player state: median, p95, max CPU
    milliseconds (each turn's fastest of ``repeat``), the median wall, and the
    ratio to the anchor timed on the turns' racks."""
    import time

    from rummy101_solver.engine.plan import Opened, PlayRules
    from rummy101_solver.engine.play import best_turn, deal_turn
    from rummy101_solver.game.rules import Rules

    deals = [deal_turn(seed + i, size, groups) for i in range(racks)]
    anchor = _bench_anchor([rack for rack, _ in deals], seed, repeat, "dealt turns' ")
    best_turn(*deals[0], Rules(), PlayRules(opened="melds"))  # warm-up: imports, first model
    seeds = f"{seed}..{seed + racks - 1}"
    click.echo(f"play: {racks} dealt turns ({size}-tile rack, {groups} table groups; seeds"
               f" {seeds}), alternatives {alternatives}, one process,"
               f" fastest of {repeat}")  # fmt: skip
    states: tuple[Opened, ...] = ("no", "melds", "pairs")
    for opened in states:
        play = PlayRules(opened=opened)
        cpu = [float("inf")] * racks
        wall = [float("inf")] * racks
        for _ in range(repeat):
            for i, (rack, table) in enumerate(deals):
                t0, c0 = time.perf_counter(), time.process_time()
                best_turn(rack, table, Rules(), play, alternatives=alternatives)
                cpu[i] = min(cpu[i], time.process_time() - c0)
                wall[i] = min(wall[i], time.perf_counter() - t0)
        click.echo(f"  opened {opened + ':':7} CPU {_spread(cpu)};"
                   f" {_times(_mean(cpu), anchor)}; wall median"
                   f" {_median(wall) * 1000:.2f} ms")  # fmt: skip


def _cold_start(rack: list[str], runs: int) -> tuple[float, float]:
    """Median CPU and wall seconds of ``rummy101 solve RACK`` in fresh processes."""
    import resource
    import statistics
    import subprocess
    import sys
    import time

    cpu, wall = [], []
    command = [sys.executable, "-m", "rummy101_solver", "solve", *rack]
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in (0, 1):  # 0: can open, 1: cannot open
            raise click.ClickException(f"'rummy101 solve' failed: {done.stderr.decode().strip()}")
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(cpu), statistics.median(wall)


def _stats(times: list[float], anchor: list[float]) -> str:
    import statistics

    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    return (
        f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms,"
        f" max {times[-1] * 1000:.1f} ms; {_times(_mean(times), anchor)} (mean)"
    )


def _bench_outs(seed: int, count: int, anchor: list[float]) -> None:
    """Time 'outs' [issue 8]: distance, outs (21 tiles) and discard table (22 tiles),
    in CPU seconds of this process (``time.process_time``: what other jobs on
    the machine do not inflate)."""
    import time

    from rummy101_solver.engine.outs import discard_table, rack_distance, rack_outs
    from rummy101_solver.engine.simulate import distance_figures
    from rummy101_solver.engine.sweep import COMPILED
    from rummy101_solver.game.deal import deal_racks
    from rummy101_solver.game.rules import Rules

    rules = Rules()
    racks = deal_racks(seed, count, 21)
    rack_outs(racks[0], rules)  # warm-up
    numbers, distance, outs = [], [], []
    for rack in racks:
        t0 = time.process_time()
        distance_figures(rack, rules, 0.0)
        t1 = time.process_time()
        rack_distance(rack, rules, "melds")
        rack_distance(rack, rules, "pairs")
        t2 = time.process_time()
        rack_outs(rack, rules)
        outs.append(time.process_time() - t2)
        distance.append(t2 - t1)
        numbers.append(t1 - t0)
    table = []
    for rack in deal_racks(seed, count, 22):
        t0 = time.process_time()
        discard_table(rack, rules)
        table.append(time.process_time() - t0)
    engine = "compiled loops" if COMPILED else "pure Python"
    click.echo(
        f"outs: {count} dealt racks (seeds {seed}..{seed + count - 1}), one process,"
        f" CPU time, the sweep in {engine}"
    )
    click.echo(f"  distance numbers (melds + pairs), 21 tiles: {_stats(numbers, anchor)}")
    click.echo(f"  distance with a target each, 21 tiles: {_stats(distance, anchor)}")
    click.echo(f"  outs (with the distances), 21 tiles: {_stats(outs, anchor)}")
    click.echo(f"  discard table, 22 tiles: {_stats(table, anchor)}")
    _bench_open_within(seed, count, anchor)


def _bench_open_within(seed: int, count: int, anchor: list[float], turns: int = 5) -> None:
    """Time 'outs' with its odds [issue 29]: the discard table and every row's
    exact odds of opening within ``turns`` draws, 22-tile racks, CPU time; and
    how many rows came out unknown (their budget of discard tables spent)."""
    import time

    from rummy101_solver.engine.lookahead import open_within
    from rummy101_solver.engine.outs import analyse_outs
    from rummy101_solver.game.deal import deal_racks
    from rummy101_solver.game.rules import Rules

    rules = Rules()
    times, rows, unknown = [], 0, 0
    for rack in deal_racks(seed, count, 22):
        t0 = time.process_time()
        analysis = open_within(analyse_outs(rack, rules), turns)
        times.append(time.process_time() - t0)
        for row in analysis.discards or ():
            odds = row.open_within
            rows += 1
            unknown += odds is None or None in (odds.melds, odds.pairs, odds.either)
    click.echo(f"  discard table with the odds within {turns} draws, 22 tiles:"
               f" {_stats(times, anchor)}; {unknown} of {rows} rows unknown")  # fmt: skip
