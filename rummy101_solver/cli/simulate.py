"""``rummy101 simulate``: the odds of opening per house rule, over seeded deals."""

from __future__ import annotations

import functools
import shlex
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

import click
from click.core import ParameterSource

from rummy101_solver.cli.common import (
    PATH_LIMIT,
    check_writable,
    csv_format_option,
    csv_text,
    echo_report,
    fail,
    missing_extra,
    open_scheduler,
    refuse_jobs_with_scheduler,
    refuse_options,
)
from rummy101_solver.cli.options import IntRange
from rummy101_solver.files.case import OptionError, build_rules
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.parsing import RackError
from rummy101_solver.interrupt import ctrl_c_held
from rummy101_solver.messages import quote

if TYPE_CHECKING:
    from rummy101_solver.engine.rounds import RoundResult, RoundVariant
    from rummy101_solver.engine.simulate import Variant
    from rummy101_solver.files.durable import RecordLog

PLOT_SUFFIXES = (".png", ".svg")

EXIT_VIOLATION = 1
"""``--rounds``: a round broke the tile accounting or the rules; the message names its seed."""

_REFUSED = {
    "take": "--take does not apply: every deal is a new rack [R-TAKE-DISCARD]",
    "alternatives": "--alternatives does not apply: simulate lists no openings",
    "fmt": "--format does not apply here: give it to simulate itself",
    "color": "--color does not apply inside a variant",
    "explain": "--explain does not apply: simulate lists no openings",
}


def _variant_params(
    text: str, command: click.Command, example: str, refused: dict[str, str]
) -> tuple[str, str, dict[str, Any]]:
    """``NAME=OPTIONS`` read by ``command``'s own option parser (``solve``'s for
    deals, ``play``'s for rounds): the name, the options as written and the
    parameters, the (empty) tiles dropped. Bad text, a tile among the options or
    an option of ``refused`` (name → why it does not apply) stops with exit 2 and
    a message naming the variant; ``example`` shows a variant in the first."""
    name, equals, options = text.partition("=")
    name = name.strip()
    if not equals or not name:
        fail(f"--variant {quote(text)}: give NAME=OPTIONS, e.g. {example} or classic=")
    try:
        args = shlex.split(options)
    except ValueError as err:
        fail(f"variant {quote(name)}: {err} in {quote(options)}")
    try:
        ctx = command.make_context(f"variant {name}", args, help_option_names=[])
    except click.ClickException as err:
        fail(f"variant {quote(name)}: {err.format_message()}")
    params = dict(ctx.params)
    tiles = params.pop("tiles")
    if tiles:
        fail(f"variant {quote(name)}: {quote(tiles[0])} is not an option; the racks are dealt")
    for key, why in refused.items():
        if ctx.get_parameter_source(key) == ParameterSource.COMMANDLINE:
            fail(f"variant {quote(name)}: {why}")
    return name, options, params


PER_DEAL = ("deal", "random")
"""``--indicator`` words of a variant that turn up the indicator from each deal."""


def parse_variant(text: str) -> Variant:
    """``NAME=OPTIONS`` → a :class:`~rummy101_solver.engine.simulate.Variant`. OPTIONS
    are ``solve`` options, parsed by ``solve``'s own option parser;
    ``--indicator random`` (or ``deal``, as with ``--rounds``) draws the indicator
    per deal. Bad input stops with
    exit 2 and a message naming the variant."""
    from rummy101_solver.cli.solve import solve
    from rummy101_solver.engine.simulate import Variant

    name, options, params = _variant_params(text, solve, "low='--threshold 81'", _REFUSED)
    for key in _REFUSED:
        params.pop(key)
    time_limit = params.pop("time_limit")
    random_indicator = str(params["indicator"]).lower() in PER_DEAL
    if random_indicator:
        params["indicator"] = None
    try:
        rules = build_rules(params)
    except (RackError, OptionError) as err:
        fail(f"variant {quote(name)}: {err}")
    return Variant(name, options.strip(), rules, random_indicator, time_limit)


_ROUND_REFUSED = {
    "table_text": "--table does not apply: a round starts with an empty table",
    "opened": "--opened does not apply: the bots open in the round [R-OPEN-MELDS]",
    "pairs_on_table": "--pairs-on-table does not apply: the round tells who opened",
    "take": "--take does not apply: the bots take discards in the round [R-TAKE-DISCARD]",
    "after": "--after does not apply: in rising mode the round sets the bar [R-RISING]",
    "after_pairs": "--after-pairs does not apply: in rising mode the round sets the bar [R-RISING]",
    "keep": "--keep does not apply: every turn ends with a discard [R-KEEP-DISCARD]",
    "alternatives": "--alternatives does not apply: the bots play the best turn",
    "fmt": "--format does not apply here: give it to simulate itself",
    "color": "--color does not apply inside a variant",
}


def parse_round_variant(text: str) -> RoundVariant:
    """``NAME=OPTIONS`` → a :class:`~rummy101_solver.engine.rounds.RoundVariant`.
    OPTIONS are ``play``'s rule options, parsed by ``play``'s own option parser
    (``--threshold``, ``--rising``, ``--no-joker-pairs``, ``--layoff-limit``,
    ``--retrieve``, ``--one-turn-any-value``, ``--time-limit`` per search …);
    ``--indicator deal`` (or ``random``) turns up the indicator from each
    deal, ``--indicator TILE`` the first copy of TILE. Bad input stops with
    exit 2 and a message naming the variant."""
    from rummy101_solver.cli.play import play
    from rummy101_solver.engine.rounds import RoundVariant
    from rummy101_solver.game.round import TrackRules

    name, options, params = _variant_params(text, play, "rising=--rising", _ROUND_REFUSED)
    indicator_text = params["indicator"]
    from_deal = str(indicator_text).lower() in PER_DEAL
    indicator = None
    if indicator_text is not None and not from_deal:
        try:
            indicator = build_rules({"indicator": indicator_text}).indicator
        except (RackError, OptionError) as err:
            fail(f"variant {quote(name)}: {err}")
    rules = TrackRules(
        threshold=params["threshold"],
        pairs_threshold=params["pairs_threshold"],
        rising=params["rising"],
        indicator=indicator,
        joker_pairs=params["joker_pairs"],
        one_turn_any_value=params["one_turn_any_value"],
        layoff_limit=params["layoff_limit"],
        retrieve=params["retrieve"],
        same_turn_layoff=params["same_turn_layoff"],
    )
    return RoundVariant(name, options.strip(), rules, from_deal, params["time_limit"])


class _Named(Protocol):
    @property
    def name(self) -> str: ...


V = TypeVar("V", bound=_Named)


def _parse_variants(texts: tuple[str, ...], parse: Callable[[str], V]) -> list[V]:
    """The ``--variant`` texts (``classic=`` when none) read by ``parse``; exit 2
    for a name given twice."""
    parsed = [parse(text) for text in texts or ("classic=",)]
    names = [v.name for v in parsed]
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        fail(f"variant '{twice}' is named twice; give each variant its own name")
    return parsed


@contextmanager
def _executor(jobs: int, scheduler: str | None) -> Iterator[Executor | None]:
    if scheduler is not None:
        with open_scheduler(scheduler) as (executor, _threads):
            yield executor
    elif jobs > 1:
        with _local_pool(jobs) as pool:
            yield pool
    else:
        yield None


@contextmanager
def _local_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` worker processes, as batch's: warm, deaf to Ctrl-C (SIGINT is
    ignored while they are forked, then by :func:`init_worker`), dying with
    this process. When the run stops early (Ctrl-C, an error) the chunks still
    queued are cancelled and the workers killed at once, not waited for: a
    Ctrl-C stops the run within a moment, whatever is left of it."""
    from rummy101_solver.files.batch import init_worker

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=init_worker)
    try:
        with ctrl_c_held():  # a Ctrl-C now waits until the workers are forked
            pool.submit(int)  # forks every worker now
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        workers = getattr(pool, "_processes", None) or {}  # no public way before 3.14
        for worker in list(workers.values()):
            worker.kill()
        raise
    pool.shutdown(wait=True)


SHARES = ("open_melds", "open_pairs", "open_either", "one_turn_finish")
PERCENTILES = ("10", "50", "90", "99")


def simulation_csv(data: dict[str, Any]) -> str:
    """The figures of ``simulate --format json`` as CSV, one row per variant:
    its name and options, the deals, seed and rack size, for each share (melds,
    pairs, either, one-turn finish) its count, share and 95 % interval (low,
    high), the percentiles 10/50/90/99 of the best meld value and of the pairs,
    and the racks left unproven. An empty cell where the JSON has ``null``."""
    headers = ["variant", "options", "deals", "seed", "rack_size"]
    for name in SHARES:
        headers += [f"{name}_count", f"{name}_share", f"{name}_low", f"{name}_high"]
    headers += [f"value_p{p}" for p in PERCENTILES] + [f"pairs_p{p}" for p in PERCENTILES]
    headers.append("unproven")
    rows: list[list[object]] = []
    for v in data["variants"]:
        row: list[object] = [
            v["name"],
            v["options"],
            data["deals"],
            data["seed"],
            data["rack_size"],
        ]
        for name in SHARES:
            share = v.get(name) or {}
            low, high = share.get("interval") or (None, None)
            row += [share.get("count"), share.get("share"), low, high]
        for key in ("value_percentiles", "pairs_percentiles"):
            table = v.get(key) or {}
            row += [table.get(p) for p in PERCENTILES]
        unproven = v.get("unproven")
        row.append(unproven if not isinstance(unproven, dict) else sum(unproven.values()))
        rows.append(row)
    return csv_text(headers, rows)


def rounds_csv(data: dict[str, Any]) -> str:
    """The figures of ``simulate --rounds --format json`` as CSV, one row per
    variant: its name and options, the rounds, seed, players and bots; for each
    share (rounds with a finish, ended by the stock, pairs openings of all
    openings, each kind of finish and the winner opened with pairs, of the
    finishes) its count, base, share and 95 % interval (low, high); the turn of
    the first opening (percentiles 10/50/90) and the rounds nobody opened; the
    winner's and each seat's mean points with their 95 % interval; the turns
    played (percentiles 10/50/90). An empty cell where the JSON has ``null``."""
    from rummy101_solver.engine.rounds import FINISHES

    shares: list[tuple[str, tuple[str, ...]]] = [
        ("finished", ()),
        ("stock", ()),
        ("pairs_openings", ()),
    ]
    shares += [(f"finish_{kind.replace('-', '_')}", ("finish", kind)) for kind in FINISHES]
    shares.append(("winner_opened_with_pairs", ()))
    players = data["players"]
    means = ["winner_points", *(f"seat_{n}_points" for n in range(1, players + 1))]
    headers = ["variant", "options", "rounds", "seed", "players", "bots"]
    for name, _ in shares:
        headers += [f"{name}_count", f"{name}_of", f"{name}_share", f"{name}_low",
                    f"{name}_high"]  # fmt: skip
    headers += [f"first_opening_p{p}" for p in ("10", "50", "90")] + ["nobody_opened"]
    for name in means:
        headers += [f"{name}_mean", f"{name}_low", f"{name}_high"]
    headers += [f"turns_p{p}" for p in ("10", "50", "90")]
    rows: list[list[object]] = []
    for v in data["variants"]:
        row: list[object] = [v["name"], v["options"], data["rounds"], data["seed"], players,
                             data["bots"]]  # fmt: skip
        for name, path in shares:
            share = v["finish"][path[1]] if path else v[name]
            low, high = share.get("interval") or (None, None)
            row += [share.get("count"), share.get("of"), share.get("share"), low, high]
        opening = v["first_opening"].get("percentiles") or {}
        row += [opening.get(p) for p in ("10", "50", "90")]
        row.append(v["first_opening"]["nobody_opened"])
        for mean in [v["winner_points"], *v["points_per_seat"]]:
            mean = mean or {}
            low, high = mean.get("interval") or (None, None)
            row += [mean.get("mean"), low, high]
        turns = (v.get("turns") or {}).get("percentiles") or {}
        row += [turns.get(p) for p in ("10", "50", "90")]
        rows.append(row)
    return csv_text(headers, rows)


def _check_plot(plot: str | None) -> None:
    if plot is None:
        return
    if Path(plot).suffix.lower() not in PLOT_SUFFIXES:
        fail(f"--plot {plot!r}: the file name ends in .png or .svg")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail(missing_extra("--plot", "matplotlib", "plot"))
    check_writable("--plot", plot)


@click.command()
@click.option("--deals", type=IntRange(1, 10_000_000), default=1000, show_default=True,
              help="Racks to deal, one per deal.")  # fmt: skip
@click.option("--rounds", type=IntRange(1, 10_000_000), default=None,
              help="Play whole rounds instead, by bots that follow the tool's advice:"
              " ROUNDS rounds per variant (see 'Rounds' below).")  # fmt: skip
@click.option("--players", type=IntRange(2, 4), default=4, show_default=True,
              help="Seats of each round (with --rounds).")  # fmt: skip
@click.option("--bots", metavar="KIND[,KIND…]", default="outs", show_default=True,
              help="With --rounds: the bot kind of every seat, or one kind per seat"
              " (KIND,KIND,…, seat 1 first); with --duplicate, CHALLENGER,CHAMPION."
              " Kinds: outs (discards before opening as 'outs' advises), quick (by a"
              " cheap rule: fewest neighbours; far faster), random (legal actions at"
              " random: the floor).")  # fmt: skip
@click.option("--duplicate", type=click.Choice(["1v3", "2v2"]), default=None, is_flag=False,
              flag_value="1v3", metavar="[1v3|2v2]",
              help="With --rounds and --bots CHALLENGER,CHAMPION: the duplicate arena."
              " Each deal is played once per seating from the same shuffle: 1v3 (the"
              " default) the challenger in each seat in turn against three champions,"
              " 2v2 in seats 1 and 3, then 2 and 4; ROUNDS is the number of deals.")  # fmt: skip
@click.option("--log", "log_path", metavar="FILE", default=None,
              help="With --rounds: write every action of every round to FILE"
              " as JSON Lines.")  # fmt: skip
@click.option("--seed", type=IntRange(0, MAX_SEED), default=1, show_default=True,
              help="Seed of the first deal (deal i is shuffled with SEED+i).")  # fmt: skip
@click.option("--rack-size", type=IntRange(2, 22), default=21, show_default=True,
              help="Tiles per rack: 21, or 22 for the starting player [R-RACK].")  # fmt: skip
@click.option("--variant", "variants", multiple=True, metavar="NAME=OPTIONS",
              help="A rule set to compare, named, given as 'solve' options; repeat it."
              " Default: classic= (the classic rules).")  # fmt: skip
@click.option("--distance", is_flag=True, default=False,
              help="Also the share at each distance from opening (tiles missing, as"
              " 'outs' counts them), melds and pairs; slower.")  # fmt: skip
@click.option("--jobs", type=IntRange(1, 64), default=1, show_default=True,
              help="Local processes to spread the deals over; results do not change.")  # fmt: skip
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Run the deals on a Dask cluster (tcp://host:8786) instead of local"
              " processes; needs the 'dask' extra.")  # fmt: skip
@csv_format_option
@click.option("--plot", metavar="FILE.png|FILE.svg", default=None,
              help="Also draw the histograms of the best meld value and of the pairs,"
              " with the bars; needs the 'plot' extra (matplotlib).")  # fmt: skip
@click.pass_context
def simulate(ctx: click.Context, deals: int, rounds: int | None, players: int, bots: str,
             duplicate: str | None, log_path: str | None, seed: int, rack_size: int,
             variants: tuple[str, ...], distance: bool, jobs: int, scheduler: str | None, fmt: str,
             plot: str | None) -> None:  # fmt: skip
    """Deal many racks and count, per rule set, how often they can open.

    Deal i is the 106-tile set shuffled with SEED+i (the racks 'rummy101 deal
    --seed SEED --count DEALS --size RACK-SIZE' prints). For every variant:
    the share of racks that open with melds, with pairs, either way, and by a
    one-turn finish, each with a 95 % Wilson score interval; percentiles
    10/50/90/99 and histograms of the best meld value and of the pairs count.
    Every variant sees the same deals. With --distance, also the share of
    racks at each distance from a meld and from a pairs opening (the fewest
    unseen tiles missing, as 'rummy101 outs' gives it; "out of reach" when
    none can be reached). The same seed gives byte-identical
    output for any --jobs and on a Dask cluster.

    \b
    A variant is NAME=OPTIONS, OPTIONS any 'solve' rule options (quote them):
      --variant classic= --variant low='--threshold 81'
      --variant nojp=--no-joker-pairs --variant okey='--indicator random'
    '--indicator random' (or 'deal', as with --rounds) turns up the first
    numbered tile of each deal's shuffle as the indicator; the rack is dealt
    from the tiles after it.

    \b
    Example:
      rummy101 simulate --deals 10000 --seed 1 --jobs 2 \\
        --variant classic= --variant low='--threshold 81' --plot odds.png

    Rounds: with --rounds, each round (seed SEED+i, the deal 'rummy101 deal
    --round --players PLAYERS --seed SEED+i' prints) is played to its end by
    bots that follow 'play' and 'outs' (docs/simulate.md names their policy),
    checked after every action and scored as 'score' does. A variant's
    OPTIONS are then 'play' rule options; '--indicator deal' turns up the
    indicator from each deal. Per variant: rounds with a finish, turn of
    the first opening, pairs openings, kinds of finish, points per seat,
    rounds ended by the stock. --bots gives one kind for all seats or one
    per seat.

    \b
      rummy101 simulate --rounds 200 --players 4 --jobs 2 \\
        --variant classic= --variant rising=--rising --log rounds.jsonl

    Duplicate arena: with --duplicate, each of ROUNDS deals is played once
    per seating (1v3: 4 plays, the challenger in each seat; 2v2: 2 plays),
    every play from the same shuffle and indicator (docs/arena.md). Per
    variant and bot kind: points per round, the difference challenger -
    champion (paired by deal), rounds won, share of the finishes, penalty
    when not winning, fed openings, turn of the opening, rounds ended by the
    stock, each with a 95 % interval that takes the deal as the unit; --plot
    draws the difference per variant.

    \b
      rummy101 simulate --rounds 200 --bots quick,outs --duplicate 1v3 --jobs 2
    """
    if rounds is not None:
        kinds = _parse_bots(bots, players, duplicate)
        if duplicate is not None:
            _arena(ctx, rounds, kinds, duplicate, log_path, seed, variants, jobs, scheduler,
                   fmt, plot)  # fmt: skip
            return
        _simulate_rounds(ctx, rounds, players, kinds, log_path, seed, variants, jobs, scheduler,
                         fmt, plot)  # fmt: skip
        return
    rounds_only = [("players", "--players"), ("bots", "--bots"), ("log_path", "--log"),
                   ("duplicate", "--duplicate")]  # fmt: skip
    refuse_options(ctx, rounds_only, "applies to whole rounds: add --rounds N")
    refuse_jobs_with_scheduler(ctx, scheduler)
    parsed = _parse_variants(variants, parse_variant)
    _check_plot(plot)

    from rummy101_solver.engine.simulate import (
        DEFAULT_STATISTICS,
        DISTANCE_STATISTICS,
        simulation_json,
        simulation_text,
    )
    from rummy101_solver.engine.simulate import simulate as run

    err = sys.stderr
    with (
        click.progressbar(length=deals, label="deals", file=err, hidden=not err.isatty()) as bar,
        _executor(jobs, scheduler) as executor,
    ):
        statistics = DISTANCE_STATISTICS if distance else DEFAULT_STATISTICS
        result = run(deals, seed, rack_size, parsed, statistics=statistics, executor=executor,
                     progress=bar.update)  # fmt: skip
    if fmt == "json":
        from rummy101_solver.report.render import dumps

        click.echo(dumps(simulation_json(result)))
    elif fmt == "csv":
        click.echo(simulation_csv(simulation_json(result)))
    else:
        echo_report(simulation_text(result, fmt), fmt, title="rummy101 simulate")
    if plot is not None:
        from rummy101_solver.report.plot import plot_simulation

        try:
            plot_simulation(result, plot)
        except OSError as err:  # the folder went away or filled up after the check
            fail(f"--plot {quote(plot, PATH_LIMIT)}: cannot write: {err.strerror or err}")


def _parse_bots(text: str, players: int, duplicate: str | None) -> tuple[str, ...]:
    """``--bots`` as bot kinds: one kind (every seat), one per seat, or with
    ``--duplicate`` exactly CHALLENGER,CHAMPION. Exit 2 naming a kind not in
    the registry, or a count that fits none of these."""
    from rummy101_solver.engine.bot_kinds import BOTS

    kinds = tuple(k.strip() for k in text.split(","))
    for kind in kinds:
        if kind not in BOTS:
            fail(f"--bots {quote(text)}: {quote(kind)} is not a bot kind;"
                 f" the kinds are {', '.join(BOTS)}")  # fmt: skip
    if duplicate is not None:
        if len(kinds) != 2:
            fail(f"--bots {quote(text)}: --duplicate takes two kinds, CHALLENGER,CHAMPION"
                 " (e.g. --bots quick,outs)")  # fmt: skip
        if players != 4:
            fail(f"--players {players}: the duplicate arena seats 4 players")
        return kinds
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        fail(f"--bots {quote(text)}: {len(kinds)} kinds for {players} seats; give one kind"
             " for every seat, or one per seat")  # fmt: skip
    return kinds


def _open_log(
    log_path: str | None,
) -> tuple[RecordLog | None, Callable[[RoundVariant, RoundResult], None] | None]:
    """The ``--log`` file and what writes a round to it (``None, None`` without
    ``--log``): each round one write, so the log ends on a whole round (SIGINT and
    SIGTERM wait for it). Raises :class:`~rummy101_solver.files.durable.FileError`
    when the file cannot be opened; the caller closes the log."""
    if log_path is None:
        return None, None
    from rummy101_solver.files.durable import FileError, RecordLog
    from rummy101_solver.files.round_log import round_bytes

    log = RecordLog(log_path, f"--log {quote(log_path, PATH_LIMIT)}", FileError)

    def on_round(variant: RoundVariant, result: RoundResult) -> None:
        log.write(round_bytes(variant, result))

    return log, on_round


def _round_variants(ctx: click.Context, variants: tuple[str, ...], scheduler: str | None,
                    plot: str | None, log_path: str | None) -> list[RoundVariant]:  # fmt: skip
    """What ``--rounds`` and ``--duplicate`` check before any round: no deal-only option,
    not both --jobs and --scheduler, the variants, the plot's name, a writable --log."""
    deals_only = [("deals", "--deals"), ("rack_size", "--rack-size"), ("distance", "--distance")]
    refuse_options(ctx, deals_only, "does not apply to --rounds: a round deals its racks [R-RACK]")
    refuse_jobs_with_scheduler(ctx, scheduler)
    parsed = _parse_variants(variants, parse_round_variant)
    _check_plot(plot)
    if log_path is not None:
        check_writable("--log", log_path)
    return parsed


R = TypeVar("R")


def _play_rounds(ctx: click.Context, label: str, length: int, players: int,
                 log_path: str | None, jobs: int, scheduler: str | None,
                 play: Callable[..., R]) -> R:  # fmt: skip
    """Run ``play(executor=, progress=, on_round=)`` (whole rounds) with a progress bar of
    ``length`` ``label`` on a terminal, the --log written round by round, and the ways a
    run stops: a round that broke a rule (exit 3, the deal named), a --log that cannot be
    written (exit 2)."""
    from rummy101_solver.engine.rounds import RoundViolation
    from rummy101_solver.files.durable import FileError

    err = sys.stderr
    log = None
    try:
        log, on_round = _open_log(log_path)
        with (
            click.progressbar(length=length, label=label, file=err,
                              hidden=not err.isatty()) as bar,
            _executor(jobs, scheduler) as executor,
        ):  # fmt: skip
            return play(executor=executor, progress=bar.update, on_round=on_round)
    except RoundViolation as violation:
        click.echo(f"Error: simulate stopped: {violation} (the deal: rummy101 deal --round"
                   f" --players {players} --seed {violation.seed})", err=True)  # fmt: skip
        ctx.exit(EXIT_VIOLATION)
    except FileError as bad:  # the folder went away or filled up after the check
        fail(str(bad))
    finally:
        if log is not None:
            log.close()


def _plot_to(plot: str | None, draw: Callable[[str], None]) -> None:
    """Draw the --plot file, if any; a file that cannot be written is exit 2."""
    if plot is None:
        return
    try:
        draw(plot)
    except OSError as oserr:
        fail(f"--plot {quote(plot, PATH_LIMIT)}: cannot write: {oserr.strerror or oserr}")


def _simulate_rounds(ctx: click.Context, rounds: int, players: int, bots: tuple[str, ...],
                     log_path: str | None,
                     seed: int, variants: tuple[str, ...], jobs: int, scheduler: str | None,
                     fmt: str, plot: str | None) -> None:  # fmt: skip
    """``simulate --rounds``: whole rounds played by the bots, per variant."""
    parsed = _round_variants(ctx, variants, scheduler, plot, log_path)

    from rummy101_solver.engine.rounds import rounds_json, rounds_text, simulate_rounds

    result = _play_rounds(
        ctx, "rounds", rounds, players, log_path, jobs, scheduler,
        functools.partial(simulate_rounds, rounds, seed, players, parsed, bots=bots),
    )  # fmt: skip
    if fmt == "json":
        from rummy101_solver.report.render import dumps

        click.echo(dumps(rounds_json(result)))
    elif fmt == "csv":
        click.echo(rounds_csv(rounds_json(result)))
    else:
        echo_report(rounds_text(result, fmt), fmt, title="rummy101 simulate --rounds")
    if plot is not None:
        from rummy101_solver.report.plot import plot_rounds

        _plot_to(plot, functools.partial(plot_rounds, result))


def _arena(ctx: click.Context, deals: int, kinds: tuple[str, ...], mode: str,
           log_path: str | None, seed: int, variants: tuple[str, ...], jobs: int,
           scheduler: str | None, fmt: str, plot: str | None) -> None:  # fmt: skip
    """``simulate --rounds N --duplicate``: the duplicate arena, per variant."""
    parsed = _round_variants(ctx, variants, scheduler, plot, log_path)

    from rummy101_solver.engine.arena import arena_csv_rows, arena_json, arena_text, run_arena

    arena_mode: Literal["1v3", "2v2"] = "2v2" if mode == "2v2" else "1v3"
    result = _play_rounds(
        ctx, "deals", deals, 4, log_path, jobs, scheduler,
        functools.partial(run_arena, deals, seed, parsed, kinds[0], kinds[1], arena_mode),
    )  # fmt: skip
    if fmt == "json":
        from rummy101_solver.report.render import dumps

        click.echo(dumps(arena_json(result)))
    elif fmt == "csv":
        headers, rows = arena_csv_rows(arena_json(result))
        click.echo(csv_text(headers, rows))
    else:
        echo_report(arena_text(result, fmt), fmt, title="rummy101 simulate --duplicate")
    if plot is not None:
        from rummy101_solver.report.plot import plot_arena

        _plot_to(plot, functools.partial(plot_arena, result))
