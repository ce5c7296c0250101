"""``rummy101 bench``: time the solver on seeded dealt racks: a cold start, per rack
(median, p95, max, longest garbage-collection pause) and in batch (racks per second)."""

from __future__ import annotations

from typing import Literal

import click

from rummy101_solver.cli.options import IntRange
from rummy101_solver.game.deal import MAX_SEED


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
@click.option("--bots", type=click.Choice(["outs", "quick"]), default="outs", show_default=True,
              help="The bots of --rounds (as 'simulate --bots').")  # fmt: skip
@click.option("--cold-runs", type=IntRange(0, 100), default=5, show_default=True,
              help="Fresh 'rummy101 solve RACK' processes to time (0: skip).")  # fmt: skip
@click.option("--outs", "outs_racks", type=IntRange(0, 10_000), default=0,
              show_default=True, help="Also time 'outs' on this many racks: distance"
              " (melds + pairs) and outs of 21-tile racks, the discard table of 22-tile"
              " racks (0: skip).")  # fmt: skip
def bench(racks: int, seed: int, size: int | None, alternatives: int, batch_racks: int,
          jobs: int, play_turns: bool, groups: int, simulate_deals: int, simulate_rounds: int,
          bots: str, cold_runs: int, outs_racks: int) -> None:  # fmt: skip
    """Time the solver on seeded dealt racks: cold start, per rack, and in batch.

    Cold start: 'rummy101 solve RACK' (the first rack, default options) in
    COLD-RUNS fresh Python processes: median CPU seconds (user + system, from
    the operating system's account of finished child processes) and wall
    seconds. Per rack: what 'solve' computes (best meld and pairs openings,
    one-turn finish) for RACKS racks one by one in this process, after a
    warm-up and gc.freeze(): median, p95 and max milliseconds, and the longest
    garbage-collection pause. Batch: BATCH-RACKS racks through 'batch' with
    JOBS processes, JSON rendered and dropped: racks per second. Racks are
    dealt as by 'rummy101 deal --seed SEED --count N'. Timings depend on the
    machine's load: compare runs taken side by side.

    With --play: what 'play' computes for RACKS dealt turns (a 14-tile rack
    against GROUPS table groups, as dealt by play.deal_turn), per player state.

    With --simulate: 'simulate' on that many deals of SIZE tiles, classic
    rules, JOBS processes, without and with --distance: deals per second
    (each line counts its worker processes' start).

    With --rounds: 'simulate --rounds' on that many rounds of 4 players,
    classic rules, the BOTS bots, JOBS processes: rounds per second
    (alone: --racks 1 --batch-racks 0 --cold-runs 0 --rounds).

    With --outs N: median and p95 CPU milliseconds of the distance (the numbers
    alone, as 'simulate --distance' computes them, and with one target opening
    each, as 'outs' prints them), the outs and the discard table on N racks;
    then the discard table with every row's odds of opening within 5 draws
    (22 tiles) and how many rows came out unknown.
    """
    import gc
    import statistics
    import time

    if play_turns:
        _bench_play(racks, seed, size or 14, groups, alternatives)
        return
    size = size or 22

    from rummy101_solver.engine.solver import analyse
    from rummy101_solver.files.batch import init_worker, run_batch, warm_up
    from rummy101_solver.game.deal import deal_racks

    dealt = deal_racks(seed, racks, size)
    if cold_runs:
        cpu, wall = _cold_start(dealt[0].codes, cold_runs)
        click.echo(f"cold start: 'rummy101 solve' of rack seed {seed} in a fresh process,"
                   f" median of {cold_runs}: {cpu:.3f} s CPU, {wall:.3f} s wall")  # fmt: skip
    analyse(dealt[0], alternatives=alternatives)  # warm-up: imports, first model
    warm_up()
    pauses: list[float] = []
    started: list[float] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            pauses.append(time.perf_counter() - started.pop())

    times = []
    gc.callbacks.append(watch)
    try:
        for rack in dealt:
            t0 = time.perf_counter()
            analyse(rack, alternatives=alternatives)
            times.append(time.perf_counter() - t0)
    finally:
        gc.callbacks.remove(watch)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    click.echo(f"per rack: {racks} dealt {size}-tile rack{'' if racks == 1 else 's'}"
               f" (seeds {seed}..{seed + racks - 1}),"
               f" alternatives {alternatives}, one process")  # fmt: skip
    click.echo(f"  median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms,"
               f" max {times[-1] * 1000:.2f} ms; garbage collection: {len(pauses)} passes,"
               f" longest {max(pauses, default=0.0) * 1000:.2f} ms")  # fmt: skip
    if batch_racks:
        lines = (" ".join(r.codes) for r in deal_racks(seed, batch_racks, size))
        start = time.perf_counter()
        count = sum(1 for _ in run_batch(lines, {"alternatives": alternatives}, jobs=jobs))
        total = time.perf_counter() - start
        click.echo(f"batch: {count} racks, --jobs {jobs}, alternatives {alternatives}:"
                   f" {total:.2f} s, {count / total:.0f} racks/s")  # fmt: skip
    if simulate_deals:
        from concurrent.futures import ProcessPoolExecutor

        from rummy101_solver.engine.simulate import (
            DEFAULT_STATISTICS,
            DISTANCE_STATISTICS,
            Variant,
            simulate,
        )

        for label, stats in (("", DEFAULT_STATISTICS), (" --distance", DISTANCE_STATISTICS)):
            start = time.perf_counter()
            with ProcessPoolExecutor(max_workers=jobs, initializer=init_worker) as pool:
                simulate(simulate_deals, seed, size, [Variant("classic")], statistics=stats,
                         executor=pool if jobs > 1 else None)  # fmt: skip
            total = time.perf_counter() - start
            rate = simulate_deals / total
            click.echo(f"simulate{label}: {simulate_deals} deals of {size} tiles, classic rules,"
                       f" --jobs {jobs}: {total:.2f} s, {rate:.0f} deals/s")  # fmt: skip
    if simulate_rounds:
        _bench_rounds(simulate_rounds, seed, jobs, "quick" if bots == "quick" else "outs")
    if outs_racks:
        _bench_outs(seed, outs_racks)


def _bench_rounds(rounds: int, seed: int, jobs: int, bots: Literal["outs", "quick"]) -> None:
    """Time ``simulate --rounds`` (4 players, classic): rounds per second."""
    import time
    from concurrent.futures import ProcessPoolExecutor

    from rummy101_solver.engine.rounds import RoundVariant, simulate_rounds
    from rummy101_solver.files.batch import init_worker

    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs, initializer=init_worker) as pool:
        simulate_rounds(rounds, seed, 4, [RoundVariant("classic")],
                        executor=pool if jobs > 1 else None, bots=bots)  # fmt: skip
    total = time.perf_counter() - start
    click.echo(f"rounds: {rounds} round{'' if rounds == 1 else 's'} of 4 players, classic rules,"
               f" {bots} bots,"
               f" --jobs {jobs}: {total:.2f} s, {rounds / total:.2f} rounds/s")  # fmt: skip


def _bench_play(racks: int, seed: int, size: int, groups: int, alternatives: int) -> None:
    """Time ``play`` per dealt turn: median, p95, max milliseconds per player state."""
    import statistics
    import time

    from rummy101_solver.engine.plan import Opened, PlayRules
    from rummy101_solver.engine.play import best_turn, deal_turn
    from rummy101_solver.game.rules import Rules

    deals = [deal_turn(seed + i, size, groups) for i in range(racks)]
    best_turn(*deals[0], Rules(), PlayRules(opened="melds"))  # warm-up: imports, first model
    seeds = f"{seed}..{seed + racks - 1}"
    click.echo(f"play: {racks} dealt turns ({size}-tile rack, {groups} table groups; seeds"
               f" {seeds}), alternatives {alternatives}, one process")  # fmt: skip
    states: tuple[Opened, ...] = ("no", "melds", "pairs")
    for opened in states:
        play = PlayRules(opened=opened)
        times = []
        for rack, table in deals:
            t0 = time.perf_counter()
            best_turn(rack, table, Rules(), play, alternatives=alternatives)
            times.append(time.perf_counter() - t0)
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
        click.echo(f"  opened {opened + ':':7} median {statistics.median(times) * 1000:.2f} ms,"
                   f" p95 {p95 * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms")  # fmt: skip


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


def _stats(times: list[float]) -> str:
    import statistics

    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    return (
        f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms,"
        f" max {times[-1] * 1000:.1f} ms"
    )


def _bench_outs(seed: int, count: int) -> None:
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
    click.echo(f"  distance numbers (melds + pairs), 21 tiles: {_stats(numbers)}")
    click.echo(f"  distance with a target each, 21 tiles: {_stats(distance)}")
    click.echo(f"  outs (with the distances), 21 tiles: {_stats(outs)}")
    click.echo(f"  discard table, 22 tiles: {_stats(table)}")
    _bench_open_within(seed, count)


def _bench_open_within(seed: int, count: int, turns: int = 5) -> None:
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
    click.echo(f"  discard table with the odds within {turns} draws, 22 tiles: {_stats(times)};"
               f" {unknown} of {rows} rows unknown")  # fmt: skip
