"""The ``rummy101`` command: ``python -m rummy101_solver``, and the entry point
of the installed script (``[project.scripts]`` names :func:`main`).

Ctrl-C is taken in hand before anything heavy is imported: while the program
starts (click, the command modules, their imports) and while it ends, a Ctrl-C
writes ``Interrupted.`` to stderr and exits 130 at once, never a traceback,
wherever it lands. Once a command runs,
:func:`rummy101_solver.cli.guard.run_guarded` turns Ctrl-C back into
``KeyboardInterrupt``, so the command can stop its workers and end the same
way. Only the standard library is imported here (the package's ``__init__``
imports nothing either).
"""

from __future__ import annotations

from rummy101_solver.interrupt import (
    EXIT_INTERRUPTED,
    hold_ctrl_c,
    leave_at_once,
    take_ctrl_c,
)


def main() -> None:
    """Run the ``rummy101`` command line and exit with its code (see
    :mod:`rummy101_solver.cli.guard`)."""
    take_ctrl_c()
    from rummy101_solver.cli import main as group

    try:
        group(prog_name="rummy101")
    except SystemExit as done:
        if done.code == EXIT_INTERRUPTED:
            # "Interrupted." is written and the output flushed: end now, without
            # waiting at exit for the threads of a worker pool (measured: 2–3 s)
            leave_at_once()
        hold_ctrl_c()  # done: a Ctrl-C during the interpreter's shut-down cannot kill it
        raise
    hold_ctrl_c()


if __name__ == "__main__":
    main()
