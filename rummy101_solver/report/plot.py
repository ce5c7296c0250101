"""Pictures of a simulation (matplotlib, the optional ``plot`` extra).

:func:`plot_simulation` draws, for every variant, the histogram of the best
meld value with its meld bar [R-OPEN-MELDS] and the histogram of the pairs
count with its pairs bar [R-OPEN-PAIRS]; :func:`plot_rounds` the turn of the
first opening and how the rounds ended, per variant; :func:`plot_arena` the
duplicate arena's difference with its interval, per variant. Drawn with the Agg backend and fixed
metadata, so the same simulation gives the same file (byte for byte for SVG).
"""

from __future__ import annotations

from pathlib import Path

from rummy101_solver.engine.arena import Arena, difference
from rummy101_solver.engine.rounds import FINISHES, RoundsSimulation
from rummy101_solver.engine.simulate import Simulation
from rummy101_solver.messages import count_of

BIN_POINTS = 5
"""Points per bar of the best-meld-value histogram."""


def plot_simulation(sim: Simulation, path: str | Path) -> None:
    """Write the picture of ``sim`` to ``path`` (``.png`` or ``.svg``).

    Left: share of racks per ``BIN_POINTS`` points of best meld value, one
    step line per variant (earlier variants drawn wider, so equal histograms
    stay visible), a dashed line at each meld bar. Right: share of racks per
    pairs count, one bar per variant, a dashed line at each pairs bar.
    Raises ``ImportError`` without matplotlib.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    variants = sim.variants
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    colour = {f.variant.name: colours[i % len(colours)] for i, f in enumerate(variants)}
    last = sim.seed + sim.deals - 1
    with plt.rc_context({"svg.hashsalt": "rummy101", "svg.fonttype": "none"}):
        fig, (melds, pairs) = plt.subplots(
            1, 2, figsize=(11, 4.5), dpi=100, gridspec_kw={"width_ratios": [2, 1]}
        )
        fig.suptitle(f"{sim.deals} dealt racks of {sim.rack_size} tiles (seeds {sim.seed}–{last})")
        top = max((max(f.histogram("meld_value"), default=0) for f in variants), default=0)
        edges = list(range(0, top + 2 * BIN_POINTS, BIN_POINTS))
        most = max((max(f.histogram("pairs"), default=0) for f in variants), default=0)
        width = 0.8 / max(1, len(variants))
        meld_bars: dict[int, str] = {}
        pairs_bars: dict[int, str] = {}
        for i, figures in enumerate(variants):
            name = figures.variant.name
            shares = [0.0] * (len(edges) - 1)
            for value, racks in figures.histogram("meld_value").items():
                shares[value // BIN_POINTS] += 100 * racks / sim.deals
            wide = 1.2 + 1.6 * (len(variants) - 1 - i)
            melds.stairs(shares, edges, label=name, color=colour[name], linewidth=wide)
            counts = figures.histogram("pairs")
            xs = [n - 0.4 + width * (i + 0.5) for n in range(most + 1)]
            ys = [100 * counts.get(n, 0) / sim.deals for n in range(most + 1)]
            pairs.bar(xs, ys, width=width, label=name, color=colour[name])
            meld_bars.setdefault(figures.variant.rules.meld_bar, colour[name])
            pairs_bars.setdefault(figures.variant.rules.pairs_bar, colour[name])
        for ax, bars in ((melds, meld_bars), (pairs, pairs_bars)):
            for bar, used in sorted(bars.items()):
                at = bar if ax is melds else bar - 0.5
                ax.axvline(at, color=used, linestyle="--", linewidth=1)
                ax.annotate(str(bar), (at, 1), xycoords=("data", "axes fraction"),
                            xytext=(3, -12), textcoords="offset points", color=used)  # fmt: skip
            ax.grid(alpha=0.3)
        melds.set_xlabel("best meld value (points)")
        melds.set_ylabel(f"racks (%) per {BIN_POINTS} points")
        melds.legend(title="variant")
        pairs.set_xlabel("pairs")
        pairs.set_ylabel("racks (%)")
        pairs.set_xticks(range(most + 1))
        fig.tight_layout()
        metadata: dict[str, str | None] = {"Date": None} if path.suffix.lower() == ".svg" else {}
        fig.savefig(path, metadata=metadata)
        plt.close(fig)


def plot_rounds(sim: RoundsSimulation, path: str | Path) -> None:
    """Write the picture of a rounds simulation to ``path`` (``.png`` or ``.svg``).

    Left: share of rounds per turn of the first opening, one step line per
    variant. Right: how the rounds ended (each kind of finish, the stock
    [R-SCORE]), share of rounds, one bar per variant. Raises ``ImportError``
    without matplotlib.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    variants = sim.variants
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    last = sim.seed + sim.rounds - 1
    ends = [*FINISHES, "stock"]
    with plt.rc_context({"svg.hashsalt": "rummy101", "svg.fonttype": "none"}):
        fig, (turns, endings) = plt.subplots(
            1, 2, figsize=(11, 4.5), dpi=100, gridspec_kw={"width_ratios": [3, 2]}
        )
        fig.suptitle(
            f"{sim.rounds} rounds of {sim.players} players played by {sim.bots_text}"
            f" (seeds {sim.seed}–{last})"
        )
        top = max((max(f.histogram("first_opening"), default=0) for f in variants), default=0)
        edges = list(range(1, top + 2))
        width = 0.8 / max(1, len(variants))
        for i, figures in enumerate(variants):
            name = figures.variant.name
            colour = colours[i % len(colours)]
            histogram = figures.histogram("first_opening")
            shares = [100 * histogram.get(t, 0) / sim.rounds for t in range(1, top + 1)]
            wide = 1.2 + 1.6 * (len(variants) - 1 - i)
            if shares:
                turns.stairs(shares, edges, label=name, color=colour, linewidth=wide)
            counts = [figures.count(f"finish_{k}") for k in FINISHES] + [figures.count("stock")]
            xs = [n - 0.4 + width * (i + 0.5) for n in range(len(ends))]
            endings.bar(xs, [100 * c / sim.rounds for c in counts], width=width, label=name,
                        color=colour)  # fmt: skip
        turns.set_xlabel("turn of the first opening (every seat's turns counted)")
        turns.set_ylabel("rounds (%)")
        turns.legend(title="variant")
        turns.grid(alpha=0.3)
        endings.set_xticks(range(len(ends)), ends, rotation=20)
        endings.set_ylabel("rounds (%)")
        endings.set_xlabel("how the round ended")
        endings.grid(alpha=0.3)
        fig.tight_layout()
        metadata: dict[str, str | None] = {"Date": None} if path.suffix.lower() == ".svg" else {}
        fig.savefig(path, metadata=metadata)
        plt.close(fig)


def plot_arena(arena: Arena, path: str | Path) -> None:
    """Write the picture of a duplicate arena to ``path`` (``.png`` or ``.svg``):
    per variant, the difference challenger - champion in points per round
    with its paired 95 % interval (an error bar), a line at 0. Raises
    ``ImportError`` without matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    last = arena.seed + arena.deals - 1
    names = [f.variant.name for f in arena.variants]
    diffs = [difference(f) for f in arena.variants]
    with plt.rc_context({"svg.hashsalt": "rummy101", "svg.fonttype": "none"}):
        fig, ax = plt.subplots(figsize=(7, 1.6 + 0.6 * len(names)), dpi=100)
        fig.suptitle(
            f"{arena.challenger} - {arena.champion}, duplicate {arena.mode},"
            f" {count_of(arena.deals, 'deals')} (seeds {arena.seed}–{last})"
        )
        ys = list(range(len(names)))
        means = [d.mean for d in diffs]
        errors = [
            [0.0 if d.low is None else d.mean - d.low for d in diffs],
            [0.0 if d.high is None else d.high - d.mean for d in diffs],
        ]
        ax.errorbar(means, ys, xerr=errors, fmt="o", capsize=4)
        ax.axvline(0, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(ys, names)
        ax.set_ylim(-0.6, len(names) - 0.4)
        ax.invert_yaxis()
        ax.set_xlabel("points per round, challenger - champion (95 % interval, paired by deal)")
        ax.grid(alpha=0.3)
        fig.tight_layout()
        metadata: dict[str, str | None] = {"Date": None} if path.suffix.lower() == ".svg" else {}
        fig.savefig(path, metadata=metadata)
        plt.close(fig)
