"""``rummy101 bench``: the figures it prints (values are timings, so only their shape)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main
from rummy101_solver.engine.anchor import anchor_value

ANCHOR = (
    r"anchor: {n} dealt 22-tile racks? \(seeds 1\.\.{n}\), a fixed plain-Python exact search,"
    r" fastest of {r}: mean \d+\.\d{{3}} ms CPU per rack, median \d+\.\d{{3}} ms"
)
TIMES = r"\d+(\.\d\d)?x the anchor"


def test_bench_prints_cold_start_per_rack_and_batch_figures() -> None:
    # every line: CPU beside wall, and the ratio to the anchor of the same run [issue 32]
    args = ["bench", "--racks", "3", "--batch-racks", "4", "--jobs", "1", "--cold-runs", "1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 6
    assert re.fullmatch(ANCHOR.format(n=3, r=3), lines[0])
    assert re.fullmatch(
        r"cold start: 'rummy101 solve' of rack seed 1 in a fresh process, median of 1:"
        rf" \d+\.\d{{3}} s CPU \({TIMES}\), \d+\.\d{{3}} s wall",
        lines[1],
    )
    assert lines[2] == (
        "per rack: 3 dealt 22-tile racks (seeds 1..3), alternatives 0, one process, fastest of 3"
    )
    assert re.fullmatch(
        r"  CPU median \d+\.\d\d ms, p95 \d+\.\d\d ms, max \d+\.\d\d ms;"
        rf" {TIMES} \(mean\), median of per-rack ratios \d+\.\d\dx",
        lines[3],
    )
    assert re.fullmatch(
        r"  wall median \d+\.\d\d ms; garbage collection: \d+ passes, longest \d+\.\d\d ms",
        lines[4],
    )
    assert re.fullmatch(
        r"batch: 4 racks, --jobs 1, alternatives 0: \d+\.\d\d s wall, \d+ racks/s;"
        rf" \d+\.\d\d s CPU, {TIMES} per rack",
        lines[5],
    )
    cpu = float(lines[1].split("median of 1: ")[1].split()[0])
    assert 0 < cpu < 5


def test_bench_repeat_and_skipping_the_cold_start_and_the_batch() -> None:
    args = ["bench", "--racks", "2", "--batch-racks", "0", "--cold-runs", "0", "--repeat", "1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 4
    assert re.fullmatch(ANCHOR.format(n=2, r=1), lines[0])
    assert lines[1] == (
        "per rack: 2 dealt 22-tile racks (seeds 1..2), alternatives 0, one process, fastest of 1"
    )
    assert lines[2].startswith("  CPU median ")
    assert lines[3].startswith("  wall median ")


def test_anchor_is_the_best_meld_value_without_wild_tiles() -> None:
    # R1-R3 (6), the set of 5s (15) and of 13s in four colours (52); a lone R9 stays
    counts = [0] * 52
    for i in (0, 1, 2, 4, 17, 30, 12, 25, 38, 51, 8):
        counts[i] += 1
    assert anchor_value(tuple(counts)) == 6 + 15 + 52
    with pytest.raises(ValueError, match="52 copy counts expected, not 3"):
        anchor_value((1, 2, 3))


def test_bench_times_whole_rounds() -> None:
    args = ["bench", "--racks", "1", "--batch-racks", "0", "--cold-runs", "0",
            "--rounds", "1", "--bots", "quick", "--jobs", "1"]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == (
        "per rack: 1 dealt 22-tile rack (seeds 1..1), alternatives 0, one process, fastest of 3"
    )
    assert re.fullmatch(
        r"rounds: 1 round of 4 players, classic rules, quick bots, --jobs 1:"
        rf" \d+\.\d\d s wall, \d+\.\d\d rounds/s; \d+\.\d\d s CPU, {TIMES} per round",
        result.output.splitlines()[-1],
    )
