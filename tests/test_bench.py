"""``rummy101 bench``: the figures it prints (values are timings, so only their shape)."""

from __future__ import annotations

import re

from click.testing import CliRunner

from rummy101_solver.cli import main


def test_bench_prints_cold_start_per_rack_and_batch_figures() -> None:
    args = ["bench", "--racks", "3", "--batch-racks", "4", "--jobs", "1", "--cold-runs", "1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 4
    assert re.fullmatch(
        r"cold start: 'rummy101 solve' of rack seed 1 in a fresh process, median of 1:"
        r" \d+\.\d{3} s CPU, \d+\.\d{3} s wall",
        lines[0],
    )
    assert lines[1] == ("per rack: 3 dealt 22-tile racks (seeds 1..3), alternatives 0, one process")
    assert re.fullmatch(
        r"  median \d+\.\d\d ms, p95 \d+\.\d\d ms, max \d+\.\d\d ms;"
        r" garbage collection: \d+ passes, longest \d+\.\d\d ms",
        lines[2],
    )
    assert re.fullmatch(
        r"batch: 4 racks, --jobs 1, alternatives 0: \d+\.\d\d s, \d+ racks/s", lines[3]
    )
    cpu = float(lines[0].rsplit(": ", 1)[1].split()[0])
    assert 0 < cpu < 5


def test_bench_can_skip_the_cold_start_and_the_batch() -> None:
    args = ["bench", "--racks", "2", "--batch-racks", "0", "--cold-runs", "0"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 2
    assert lines[0] == "per rack: 2 dealt 22-tile racks (seeds 1..2), alternatives 0, one process"
    assert lines[1].startswith("  median ")


def test_bench_times_whole_rounds() -> None:
    args = ["bench", "--racks", "1", "--batch-racks", "0", "--cold-runs", "0",
            "--rounds", "1", "--bots", "quick", "--jobs", "1"]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "per rack: 1 dealt 22-tile rack (seeds 1..1), alternatives 0, one process"
    )
    assert re.fullmatch(
        r"rounds: 1 round of 4 players, classic rules, quick bots, --jobs 1:"
        r" \d+\.\d\d s, \d+\.\d\d rounds/s",
        result.output.splitlines()[-1],
    )
