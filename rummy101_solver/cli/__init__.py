"""The ``rummy101`` command line: one module per command, each parse → core → render.

The core does the work; a command module wires it up and turns library errors
into clear messages with exit code 2 (never a traceback). ortools is imported
only when a command solves, so ``--help`` stays fast. Shared options live in
:mod:`rummy101_solver.cli.options`, shared helpers in :mod:`rummy101_solver.cli.common`.
The group's class, :class:`~rummy101_solver.cli.guard.GuardedGroup`, gives every command
registered here the same handling of closed streams, write errors, a broken pipe and
Ctrl-C, with the exit codes listed there.
"""

from __future__ import annotations

import click

from rummy101_solver.cli.batch import batch
from rummy101_solver.cli.bench import bench
from rummy101_solver.cli.check import check
from rummy101_solver.cli.deal import deal
from rummy101_solver.cli.guard import GuardedGroup
from rummy101_solver.cli.outs import outs
from rummy101_solver.cli.play import play
from rummy101_solver.cli.rules import rules
from rummy101_solver.cli.schema import schema
from rummy101_solver.cli.score import score
from rummy101_solver.cli.simulate import simulate
from rummy101_solver.cli.solve import solve
from rummy101_solver.cli.standings import standings_command
from rummy101_solver.cli.track import track
from rummy101_solver.cli.verify import verify


@click.group(
    cls=GuardedGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    invoke_without_command=True,
)
@click.version_option(package_name="rummy101-solver")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Rummy 101 (101 Okey) hand analyzer: the proven-best opening of a rack.

    Rule ids like [R-RUN] refer to the project's rule book: 'rummy101 rules R-RUN'.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


_COMMANDS = (
    solve,
    check,
    play,
    score,
    standings_command,
    batch,
    verify,
    deal,
    bench,
    rules,
    schema,
    simulate,
    outs,
    track,
)
for _command in _COMMANDS:
    main.add_command(_command)
