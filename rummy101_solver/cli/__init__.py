"""The ``rummy101`` command line: one module per command, each parse → core → render.

The core does the work; a command module wires it up and turns library errors
into clear messages with exit code 2 (never a traceback). ortools is imported
only when a command solves, so ``--help`` stays fast. Shared options live in
:mod:`rummy101_solver.cli.options`, shared helpers in :mod:`rummy101_solver.cli.common`.
The group's class, :class:`~rummy101_solver.cli.lazy.LazyGroup` (a
:class:`~rummy101_solver.cli.guard.GuardedGroup`), gives every command registered here the
same handling of closed streams, write errors, a broken pipe and Ctrl-C, with the exit
codes listed there, and imports a command's module only when that command runs:
``rummy101 --help`` imports no command, ``rummy101 solve`` only ``cli/solve.py`` and what
it needs.
"""

from __future__ import annotations

import click

from rummy101_solver.cli.language import (
    VERSION_MESSAGE,
    LanguageGroup,
    TranslatedOption,
    language_options,
)
from rummy101_solver.cli.lazy import LazyCommand

COMMANDS = {
    name: LazyCommand(f"rummy101_solver.cli.{module}", attribute, summary)
    for name, module, attribute, summary in [
        ("batch", "batch", "batch",
         "Analyse one rack per line; write one JSON record per line (JSON Lines) or CSV."),
        ("bench", "bench", "bench",
         "Time the solver on seeded dealt racks: cold start, per rack, and in batch."),
        ("check", "check", "check", "Judge an arrangement: is every group legal, does it open?"),
        ("deal", "deal", "deal",
         "Deal racks from a shuffled 106-tile set, one rack per line [R-TILES]."),
        ("outs", "outs", "outs",
         "How far a rack is from opening, which draws help, what to discard."),
        ("play", "play", "play",
         "Find the best turn against the table: opening, melds, pairs, lay-offs,"
         " joker retrieval, finishing [R-LAYOFF R-RETRIEVE R-SAME-TURN R-FINISH]."),
        ("rules", "rules", "rules", "Print the rule book, or only the rules named."),
        ("schema", "schema", "schema",
         "Print the JSON Schema (draft 2020-12) of a JSON output; no NAME lists them."),
        ("score", "score", "score",
         "Score a round: each player's points, one row per player [R-PENALTY R-SCORE]."),
        ("simulate", "simulate", "simulate",
         "Deal many racks and count, per rule set, how often they can open."),
        ("solve", "solve", "solve",
         "Find the best meld opening and the best pairs opening of a rack."),
        ("standings", "standings", "standings_command",
         "The standings of a match: one row per player, highest total first [R-SCORE]."),
        ("track", "track", "track",
         "A companion for a whole round: tell it every event, ask it at each turn."),
        ("verify", "verify", "verify",
         "Run fixture cases and compare expected fields: for a game's CI."),
    ]
}  # fmt: skip
"""Each command: its module under ``rummy101_solver.cli``, the click command in it, and
the first paragraph of its help (what ``rummy101 --help`` lists without importing it)."""


@click.group(
    cls=LanguageGroup,
    lazy_commands=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
    invoke_without_command=True,
)
@click.version_option(package_name="rummy101-solver", message=VERSION_MESSAGE, cls=TranslatedOption)
@language_options
@click.pass_context
def main(ctx: click.Context) -> None:
    """Rummy 101 (101 Okey) hand analyzer: the proven-best opening of a rack.

    Rule ids like [R-RUN] refer to the project's rule book: 'rummy101 rules R-RUN'.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())
