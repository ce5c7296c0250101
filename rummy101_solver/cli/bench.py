"""``rummy101 bench``: time the solver on seeded dealt racks (median, p95, max per rack)."""

from __future__ import annotations

import click


@click.command()
@click.option("--racks", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Seeded dealt racks to time one by one.")  # fmt: skip
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True,
              help="Seed of the first rack.")  # fmt: skip
@click.option("--size", type=click.IntRange(1, 22), default=22, show_default=True,
              help="Tiles per rack.")  # fmt: skip
@click.option("--alternatives", type=click.IntRange(0, 50), default=0, show_default=True,
              help="Alternatives per opening kind (0: best openings only).")  # fmt: skip
@click.option("--batch-racks", type=click.IntRange(0, 1_000_000), default=2000,
              show_default=True, help="Racks for the batch run (0: skip it).")  # fmt: skip
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Processes for the batch throughput run.")  # fmt: skip
@click.option("--outs", "outs_racks", type=click.IntRange(0, 10_000), default=0,
              show_default=True, help="Also time 'outs' on this many racks: distance"
              " (melds + pairs) and outs of 21-tile racks, the discard table of 22-tile"
              " racks (0: skip).")  # fmt: skip
def bench(racks: int, seed: int, size: int, alternatives: int, batch_racks: int,
          jobs: int, outs_racks: int) -> None:  # fmt: skip
    """Time the solver on seeded dealt racks: per rack, and in batch.

    Per rack: what 'solve' computes (best meld and pairs openings, one-turn
    finish) for RACKS racks one by one in this process: median, p95 and max
    milliseconds. Batch: BATCH-RACKS racks through 'batch' with JOBS
    processes, JSON rendered and dropped: racks per second. Racks are dealt
    as by 'rummy101 deal --seed SEED --count N'. With --outs N: median and
    p95 of the distance, the outs and the discard table on N racks.
    """
    import statistics
    import time

    from rummy101_solver.batch import run_batch
    from rummy101_solver.deal import deal_racks
    from rummy101_solver.solver import analyse

    dealt = deal_racks(seed, racks, size)
    analyse(dealt[0], alternatives=alternatives)  # warm-up: imports, first model
    times = []
    for rack in dealt:
        t0 = time.perf_counter()
        analyse(rack, alternatives=alternatives)
        times.append(time.perf_counter() - t0)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    click.echo(f"per rack: {racks} dealt {size}-tile racks (seeds {seed}..{seed + racks - 1}),"
               f" alternatives {alternatives}, one process")  # fmt: skip
    click.echo(f"  median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms,"
               f" max {times[-1] * 1000:.2f} ms")  # fmt: skip
    if batch_racks:
        lines = (" ".join(r.codes) for r in deal_racks(seed, batch_racks, size))
        start = time.perf_counter()
        count = sum(1 for _ in run_batch(lines, {"alternatives": alternatives}, jobs=jobs))
        total = time.perf_counter() - start
        click.echo(f"batch: {count} racks, --jobs {jobs}, alternatives {alternatives}:"
                   f" {total:.2f} s, {count / total:.0f} racks/s")  # fmt: skip
    if outs_racks:
        _bench_outs(seed, outs_racks)


def _stats(times: list[float]) -> str:
    import statistics

    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    return (
        f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms,"
        f" max {times[-1] * 1000:.1f} ms"
    )


def _bench_outs(seed: int, count: int) -> None:
    """Time 'outs' [issue 8]: distance, outs (21 tiles) and discard table (22 tiles)."""
    import time

    from rummy101_solver.deal import deal_racks
    from rummy101_solver.outs import discard_table, rack_distance, rack_outs
    from rummy101_solver.rules import Rules

    rules = Rules()
    racks = deal_racks(seed, count, 21)
    rack_outs(racks[0], rules)  # warm-up
    distance, outs = [], []
    for rack in racks:
        t0 = time.perf_counter()
        rack_distance(rack, rules, "melds")
        rack_distance(rack, rules, "pairs")
        t1 = time.perf_counter()
        rack_outs(rack, rules)
        outs.append(time.perf_counter() - t1)
        distance.append(t1 - t0)
    table = []
    for rack in deal_racks(seed, count, 22):
        t0 = time.perf_counter()
        discard_table(rack, rules)
        table.append(time.perf_counter() - t0)
    click.echo(f"outs: {count} dealt racks (seeds {seed}..{seed + count - 1}), one process")
    click.echo(f"  distance (melds + pairs), 21 tiles: {_stats(distance)}")
    click.echo(f"  outs (with the distances), 21 tiles: {_stats(outs)}")
    click.echo(f"  discard table, 22 tiles: {_stats(table)}")
