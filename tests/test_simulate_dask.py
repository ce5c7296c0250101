"""``--scheduler``: simulate and batch on a Dask cluster give the local bytes.

One ``LocalCluster`` for the module (two worker processes, one thread each,
on 127.0.0.1 only), closed at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner
from dask.distributed import LocalCluster

from rummy101_solver.cli import main
from rummy101_solver.game.deal import deal_racks


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster: Any = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def invoke(*args: str, input: str | None = None) -> tuple[str, int]:
    result = CliRunner().invoke(main, list(args), input=input, prog_name="rummy101")
    return result.output, result.exit_code


def test_simulate_on_the_cluster_gives_the_local_bytes(scheduler: str) -> None:
    args = ["simulate", "--deals", "130", "--seed", "4", "--variant", "classic=",
            "--variant", "okey=--indicator random", "--format", "json"]  # fmt: skip
    local, code = invoke(*args)
    assert code == 0
    remote, code = invoke(*args, "--scheduler", scheduler)
    assert code == 0
    assert remote == local


def test_batch_on_the_cluster_gives_the_local_bytes(scheduler: str) -> None:
    lines = "\n".join(" ".join(r.codes) for r in deal_racks(3, 100, 22)) + "\nR14\n"
    local, code = invoke("batch", "--alternatives", "0", input=lines)
    assert code == 3
    remote, code = invoke("batch", "--alternatives", "0", "--scheduler", scheduler, input=lines)
    assert code == 3
    assert remote == local
    assert remote.splitlines()[-1] == '{"line":101,"error":"\'R14\' (tile 1): numbers run 1–13"}'


def test_simulate_rounds_on_the_cluster_gives_the_local_bytes(scheduler: str) -> None:
    # whole rounds (issue 19): 5 rounds of 4 players in two chunks, the quick bots
    args = ["simulate", "--rounds", "5", "--seed", "9", "--bots", "quick", "--format", "json"]
    local, code = invoke(*args)
    assert code == 0
    remote, code = invoke(*args, "--scheduler", scheduler)
    assert code == 0
    assert remote == local


def test_the_duplicate_arena_on_the_cluster_gives_the_local_bytes(scheduler: str) -> None:
    args = ["simulate", "--rounds", "3", "--seed", "6", "--bots", "random,random",
            "--duplicate", "2v2", "--variant", "classic=", "--variant",
            "okey=--indicator deal", "--format", "json"]  # fmt: skip
    local, code = invoke(*args)
    assert code == 0
    remote, code = invoke(*args, "--scheduler", scheduler)
    assert code == 0
    assert remote == local
    assert '"mode": "2v2"' in local
