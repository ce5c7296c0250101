"""The ``rummy101`` command: ``python -m rummy101_solver``, and the entry point
of the installed script (``[project.scripts]`` names :func:`main`).

Ctrl-C is taken in hand before the package imports anything: the first
statement of :func:`main` holds SIGINT (blocked, so a Ctrl-C waits), the
handler of :mod:`rummy101_solver.interrupt` is installed, and the Ctrl-C that
came meanwhile is let through to it. While the program starts (click, the
command modules, their imports) and while it ends, a Ctrl-C writes
``Interrupted.`` to stderr and exits 130 at once, never a traceback,
wherever it lands. Once a command runs,
:func:`rummy101_solver.cli.guard.run_guarded` turns Ctrl-C back into
``KeyboardInterrupt``, so the command can stop its workers and end the same
way. What remains is Python's: its own start-up, finding this module, and the
few statements before the hold, during which the package's ``__init__`` and
this module only define names; neither imports anything (``_signal`` is
loaded by Python's start-up itself), so no import is under way when a
Ctrl-C lands there (issue 34).
"""

# no "from __future__" (an import) before the hold: see the docstring
import _signal  # type: ignore[import-not-found]  # (no stub: signal.py wraps it)


def _hold() -> object:
    """Block SIGINT; return the signal mask before, or ``None`` where it
    cannot be held (no ``pthread_sigmask``; not the main thread)."""
    try:
        return _signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGINT})
    except (AttributeError, ValueError, OSError):
        return None


def main() -> None:
    """Run the ``rummy101`` command line and exit with its code (see
    :mod:`rummy101_solver.cli.guard`)."""
    before = _hold()  # first: a Ctrl-C from now on waits for the handler
    from rummy101_solver.interrupt import (
        EXIT_INTERRUPTED,
        hold_ctrl_c,
        leave_at_once,
        let_ctrl_c_through,
        take_ctrl_c,
    )

    take_ctrl_c()
    let_ctrl_c_through(before)  # a Ctrl-C that waited lands in the handler: exit 130
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
