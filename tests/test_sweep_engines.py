"""The sweep's two engines, and the discard table's joins [issue 17].

The compiled loops (``engine/_sweepc.c``) and the pure-Python
:class:`~rummy101_solver.engine.sweep.Sweep` run the same dynamic programme:
every answer is compared between them (value curve, outs, target, every
discard row's distance and outs). The discard table's rows, joined from one
sweep of the whole rack, are compared with each row swept on its own (the
naive way). CP-SAT checks the sweep itself in ``tests/test_sweep.py``.
Racks are dealt with seeds, named in every message.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rummy101_solver.engine import sweep as S
from rummy101_solver.engine import sweep_steps as steps
from rummy101_solver.engine.outs import laid_bound, read_seen, unseen_tiles
from rummy101_solver.engine.sweep import CompiledSweep, Sweep, SweepRack, sweep_rack
from rummy101_solver.game.deal import deal_indicator_rack, deal_rack
from rummy101_solver.game.rules import Rules

BAR = 101


def dealt(seed: int, size: int, *, okey: bool = False, seen: int = 0) -> SweepRack:
    """A dealt rack as the sweep sees it (22 tiles: the bound after a discard)."""
    if okey:
        indicator, rack = deal_indicator_rack(seed, size)
        rules = Rules(indicator=indicator)
    else:
        rack, rules = deal_rack(seed, size), Rules()
    unseen = unseen_tiles(rack, rules)
    if seen:  # the first unseen tiles of other kinds, as if on the table
        shown = [t for t in unseen.expanded() if t not in rack.tiles][::7][:seen]
        unseen = unseen_tiles(rack, rules, read_seen([t.code for t in shown], rack, rules))
    bound = laid_bound(size) if size <= 21 else 21
    return sweep_rack(rack.face_counts, rack.wilds, unseen.counts, bound)


def test_the_compiled_loops_are_built() -> None:
    """The suite runs where a C compiler is at hand (CI): the compiled engine
    must be there, or half of these tests would pass vacuously."""
    assert S._sweepc is not None
    assert S.COMPILED or os.environ.get("RUMMY101_PURE_PYTHON")


@pytest.mark.parametrize("seed", [1, 2, 3, 7, 11, 23])
def test_engines_agree_on_every_answer(seed: int) -> None:
    """Curve, outs, target and every discard row: byte for byte the same."""
    for rack in (dealt(seed, 21), dealt(seed, 22, okey=seed % 2 == 1, seen=seed % 3 * 4)):
        d, _ = S.meld_distance(rack, BAR)
        assert d is not None, seed
        for limit in (d, d + 1):
            py, c = Sweep(rack, limit), CompiledSweep(rack, limit)
            assert py.curve() == c.curve(), (seed, limit)
        py, c = Sweep(rack, d), CompiledSweep(rack, d)
        if d:
            assert py.outs(BAR, d) == c.outs(BAR, d), seed
        assert py.plan(BAR, d, True) == c.plan(BAR, d, True), seed
        assert py.plan(BAR, d, False) == c.plan(BAR, d, False), seed
        py, c = Sweep(rack, d + 1), CompiledSweep(rack, d + 1)
        rows = py.row_distances(BAR, d)
        assert rows == c.row_distances(BAR, d), seed
        for face, row in sorted(rows.items()):
            if row:
                assert py.row_outs(face, BAR, row) == c.row_outs(face, BAR, row), (seed, face)


def test_discard_rows_equal_each_row_swept_alone() -> None:
    """On 30 dealt racks of 22 tiles at 101 points and 12 more at 60 and 140
    (a quarter with an indicator, some with seen tiles), every row of the
    table joined from the whole rack's sweep equals the same row swept on
    its own: distance, outs, wild out."""
    rows = with_outs = 0
    for seed in range(100, 142):
        rack = dealt(seed, 22, okey=seed % 4 == 0, seen=(seed % 3) * 5)
        for bar in (BAR,) if seed < 130 else (60, 140):
            table = S.discard_rows(rack, bar)
            for face, got in table.items():
                alone = S._row_alone(rack.without(face), bar, 0)
                assert got == alone, (seed, bar, face)
                rows += 1
                with_outs += bool(got[1])
    assert rows >= 900 and with_outs >= 600, (rows, with_outs)


def test_a_row_can_be_two_tiles_further() -> None:
    """Throwing a tile whose twin, the set's fourth colour and both jokers are
    seen: the row needs a new meld two draws away, beyond the shared sweep's
    reach (the rack's distance + 1), so that row gets sweeps of its own
    [R-SET, R-RUN, R-OPEN-MELDS]."""
    from rummy101_solver.game.parsing import parse_rack

    rack = parse_rack("B12 K12 Y12 R1")
    rules = Rules(threshold=36)
    unseen = unseen_tiles(rack, rules, read_seen("B12 R12 R12 J J", rack, rules))
    sr = sweep_rack(rack.face_counts, rack.wilds, unseen.counts, laid_bound(3))
    assert S.meld_distance(sr, 36)[0] == 0
    assert S.new_sweep(sr, 1).row_distances(36, 0) == {0: 0, 37: 1, 50: 1}  # no B12 row
    k11, k13, y11, y13 = 36, 38, 49, 51  # K11 K12 K13 or Y11 Y12 Y13
    assert S.discard_rows(sr, 36) == {
        0: (0, (), False),  # R1: the set of 12s stays
        24: (2, (k11, k13, y11, y13), False),  # B12
        37: (1, (37,), False),  # K12: only its twin mends the set
        50: (1, (50,), False),  # Y12
    }


def test_outs_identical_without_the_compiled_loops() -> None:
    """``rummy101 outs`` prints the same bytes with the compiled loops, with
    them turned off (RUMMY101_PURE_PYTHON=1), and where they cannot be
    imported at all."""
    rack = "R3 R5 R6 R9 R11 R12 B4 B6 B7 B7 B11 B13 K1 K5 K9 K10 Y2 Y4 Y4 Y5 Y9 Y12"
    code = (
        "import sys\n"
        "if sys.argv[1] == 'blocked':\n"
        "    sys.modules['rummy101_solver.engine._sweepc'] = None\n"
        "from rummy101_solver.__main__ import main\n"
        "sys.argv = ['rummy101', 'outs', '--format', 'json', *sys.argv[2:]]\n"
        "main()\n"
    )
    outs = {}
    for how in ("compiled", "pure", "blocked"):
        env = dict(os.environ)
        env.pop("RUMMY101_PURE_PYTHON", None)
        if how == "pure":
            env["RUMMY101_PURE_PYTHON"] = "1"
        run = subprocess.run(
            [sys.executable, "-c", code, how, *rack.split()],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        assert run.returncode == 1 and not run.stderr, run.stderr  # 1: not yet open
        outs[how] = run.stdout
    assert '"recommended_discard": "K10"' in outs["compiled"]
    assert outs["compiled"] == outs["pure"] == outs["blocked"]


def test_the_sets_table_is_sets_fit() -> None:
    """The written-out table handed to the compiled loops is :func:`_sets_fit`
    [R-SET, R-WILD]: e.g. four colours with two wild tiles make two sets of 3."""
    for p in range(5):
        for q in range(5):
            for w in range(3):
                want = p + q <= 4 and steps._sets_fit(p, q, w)
                assert steps._SETS_FIT_TABLE[p][q][w] == int(want), (p, q, w)
    assert steps._SETS_FIT_TABLE[4][0][2] == 1 and steps._SETS_FIT_TABLE[3][0][2] == 0


def test_bad_counts_are_refused_by_the_compiled_loops() -> None:
    """The compiled engine checks what it is handed (no crash on nonsense)."""
    with pytest.raises(ValueError, match="52 counts"):
        S._sweepc.CSweep([0] * 51, [0] * 52, 0, 0, 21, 1)
    with pytest.raises(ValueError, match=r"out of 0\.\.2"):
        S._sweepc.CSweep([9] * 52, [9] * 52, 0, 0, 21, 1)
    with pytest.raises(ValueError, match="out of range"):
        S._sweepc.CSweep([0] * 52, [0] * 52, 3, 3, 21, 1)
    c = S._sweepc.CSweep([0] * 52, [0] * 52, 0, 0, 21, 1)
    with pytest.raises(ValueError, match="held face"):
        c.row_outs(0, 101, 1)


def test_a_bar_far_above_the_rack_is_answered_at_once() -> None:
    """A bar no packing can reach is refused by the sweep's value bound as it
    goes (value so far + the rack's points still to come + 13 per tile still
    to place fall short), not by sweeping every limit up to the laid bound: a
    new user's `--threshold 9999` once took 24 GB [R-OPEN-MELDS]."""
    rack = dealt(3, 21)
    assert S.meld_distance(rack, 9999) == (None, None)
    assert S.meld_distance(rack, 400) == (None, None)
    assert S.meld_distance(rack, 215)[0] == 9  # far, and still exact
    for py_or_c in (S.Sweep(rack, 3, bar=101), S.CompiledSweep(rack, 3, bar=101)):
        assert S._first(py_or_c.curve(), 101) == S.meld_distance(rack, 101)[0]


def test_a_sweep_too_large_stops_with_a_clean_error() -> None:
    """Beyond the sweep's memory budget (1 GiB; RUMMY101_SWEEP_MEMORY in bytes)
    `outs` says so in one line, exit 2, no traceback."""
    # rummy101 deal --seed 3 --size 21
    rack = "R1 R5 R12 B2 B5 B7 B8 B9 B10 B12 B13 K1 K3 K4 K5 K6 K8 K11 Y5 Y8 Y10"
    env = dict(os.environ, RUMMY101_SWEEP_MEMORY="20000000")
    run = subprocess.run(
        [sys.executable, "-m", "rummy101_solver", "outs", *rack.split(), "--threshold", "215"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("Error: out of memory (the sweep placing up to ")
    assert "MiB): a bar far above what the rack can reach" in run.stderr
    assert "Traceback" not in run.stderr
