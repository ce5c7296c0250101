"""What every command gets for free: clean streams, signals and exit codes.

:class:`GuardedGroup` is the class of the ``rummy101`` group; its ``main``
runs the command (click's non-standalone mode) inside :func:`run_guarded`,
which turns every way a process can end into one line on stderr (at most) and
a documented exit code, never a traceback:

====  =====================================================================
code  meaning
====  =====================================================================
0     done (the rack opens, the arrangement is legal, every check passed …)
1     the answer is no (cannot open, illegal or short, a check failed)
2     bad input or usage: one line naming the token and why
3     ``batch``: some lines were rejected (each has its error record)
4     the output could not be written (disk full, closed stdout, I/O error)
130   interrupted (Ctrl-C, SIGINT): stopped at once, no further output
141   the reader of the output went away (broken pipe): stopped quietly
====  =====================================================================

A closed stdin reads as an error (exit 2), a closed stdout is exit 4 before
any work is done. When even stderr cannot be written the message is dropped
and the exit code stays the one above. Messages are one line of at most
about 200 characters (:func:`rummy101_solver.messages.one_line`).
"""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any

import click

from rummy101_solver.interrupt import command_done, command_runs
from rummy101_solver.messages import one_line

EXIT_BAD_INPUT = 2
"""Bad input or usage: one line on stderr naming the token and why."""


class InputError(click.ClickException):
    """Bad input: printed as ``Error: …`` on stderr, exit code 2."""

    exit_code = EXIT_BAD_INPUT


EXIT_OUTPUT = 4
"""The output could not be written: its reader is there but the write failed."""

EXIT_INTERRUPTED = 130
"""Ctrl-C (SIGINT): 128 + 2, as a shell reports a process killed by SIGINT."""

EXIT_BROKEN_PIPE = 141
"""The reader closed the pipe (``rummy101 deal --count 9 | head -1``): 128 + SIGPIPE."""

EXIT_ABORTED = 1


CLOSED_STDIN_HINTS = {
    "batch": "give the racks in a file: rummy101 batch racks.txt",
    "verify": "give the fixtures in a file: rummy101 verify fixtures.toml",
    "check": 'give the arrangement as an argument: rummy101 check "R3 R4 R5 | B7 K7 Y7"',
    "score": "give the players as arguments: rummy101 score Ali 'Bea: melds R3 R5 J'",
}
"""Per command, how to give the input a closed stdin cannot; else the tiles as arguments."""


def _closed_stdin_error() -> InputError:
    """The error for reading a closed stdin, in the words of the running command."""
    ctx = click.get_current_context(silent=True)
    name = ctx.command.name if ctx is not None and ctx.command.name else "solve"
    hint = CLOSED_STDIN_HINTS.get(name, f"give the tiles as arguments: rummy101 {name} R3 R4 R5 …")
    return InputError(f"cannot read stdin: it is closed; {hint}")


class _ClosedStdin(io.RawIOBase):
    """Stands in for a closed stdin (``<&-``): reading it is a bad-input error."""

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        if size == 0:
            return b""
        raise _closed_stdin_error()

    def readinto(self, buffer: Any) -> int:
        raise _closed_stdin_error()


def _closed_stdin() -> IO[str]:
    return io.TextIOWrapper(io.BufferedReader(_ClosedStdin()), encoding="utf-8")


def _silence(stream: IO[str] | None, fd: int) -> None:
    """Point a failed standard stream at /dev/null, so that the flush at
    interpreter exit cannot fail again (that would change the exit code to 120)."""
    if stream is None:
        return
    try:
        if stream.fileno() != fd:
            return
    except (OSError, ValueError):
        return  # not a real file (CliRunner): nothing flushes it at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _say(message: str) -> None:
    """One line on stderr; dropped when stderr cannot be written."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(message + "\n")
        stream.flush()
    except (OSError, ValueError):
        _silence(stream, 2)


def _show(err: click.ClickException) -> None:
    """A click error as click shows it (usage and hint for a usage error), its
    message made one bounded line; dropped when stderr cannot be written."""
    vars(err)["message"] = one_line(err.message)  # ``message`` is Final for mypy only
    if sys.stderr is None:
        return
    try:
        err.show()
        sys.stderr.flush()
    except (OSError, ValueError):
        _silence(sys.stderr, 2)


def _flush_stdout() -> int | None:
    """Flush stdout: ``None`` when it went out, else the exit code of the failure."""
    stream = sys.stdout
    if stream is None:
        return None
    try:
        stream.flush()
    except BrokenPipeError:
        _silence(stream, 1)
        return EXIT_BROKEN_PIPE
    except (OSError, ValueError) as err:
        _silence(stream, 1)
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        _say(f"Error: cannot write the output: {reason}")
        return EXIT_OUTPUT
    return None


def _os_error(err: OSError) -> int:
    """An ``OSError`` that reached the top: a broken pipe, a file that could
    not be read (it has a file name) or output that could not be written."""
    if isinstance(err, BrokenPipeError) or err.errno == errno.EPIPE:
        _silence(sys.stdout, 1)
        return EXIT_BROKEN_PIPE
    reason = err.strerror or str(err)
    if err.filename is not None:
        name = os.fsdecode(err.filename)
        _say(one_line(f"Error: cannot read {name}: {reason}"))
        return EXIT_BAD_INPUT
    _silence(sys.stdout, 1)
    _say(f"Error: cannot write the output: {reason}")
    return EXIT_OUTPUT


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    _say(one_line(str(code)))
    return 1


def run_guarded(run: Callable[[], Any]) -> int:
    """Run a command (click in non-standalone mode) and return its exit code;
    see the module docstring for the codes. Never raises, never prints a traceback.

    When the entry point holds Ctrl-C (:mod:`rummy101_solver.interrupt`), it is
    turned back into ``KeyboardInterrupt`` for the command's run (so a command
    can stop its workers) and handed back to the entry point afterwards."""
    handed = [False]
    try:
        return _run_guarded(run, handed)
    finally:
        if handed[0]:
            command_done()


def _run_guarded(run: Callable[[], Any], handed: list[bool]) -> int:
    if sys.stdin is None:
        sys.stdin = _closed_stdin()
    if sys.stdout is None:
        _say("Error: cannot write the output: stdout is closed")
        return EXIT_OUTPUT
    try:
        handed[0] = command_runs()  # inside the try: a Ctrl-C from here on is caught below
        try:
            result = run()
            code = result if type(result) is int else 0
        except SystemExit as done:
            code = _exit_code(done.code)
        failed = _flush_stdout()
        if failed is not None and code not in (EXIT_BAD_INPUT, EXIT_INTERRUPTED):
            code = failed
        return code
    except (KeyboardInterrupt, _Interrupted):
        return _interrupted()
    except click.Abort as err:
        if isinstance(err.__cause__, KeyboardInterrupt):
            return _interrupted()
        _flush_stdout()
        _say("Aborted!")
        return EXIT_ABORTED
    except click.ClickException as err:
        failed = _flush_stdout()
        _show(err)
        return failed if failed == EXIT_BROKEN_PIPE else err.exit_code
    except _BrokenPipe:
        _silence(sys.stdout, 1)
        return EXIT_BROKEN_PIPE
    except OSError as err:
        return _os_error(err)
    except MemoryError as err:
        _flush_stdout()
        _say(
            # a bare MemoryError has no text: say what it means, never "()"
            f"Error: out of memory ({str(err) or 'the question is too large'}): a bar far"
            " above what the rack can reach needs very many drawn tiles; try a lower bar"
        )
        return EXIT_BAD_INPUT
    except Exception as err:
        if _interrupted_by_ctrl_c(err):
            return _interrupted()
        raise  # a bug: its traceback is wanted


def _interrupted_by_ctrl_c(err: BaseException) -> bool:
    """Whether ``err`` came from a Ctrl-C, e.g. an ``ImportError: initialization
    failed`` of a C extension interrupted while it loaded."""
    seen: set[int] = set()
    cause: BaseException | None = err
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _on_a_terminal(stream: IO[str] | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def _interrupted() -> int:
    """Ctrl-C: what was written before stays; nothing more; exit 130.

    On a terminal the line first moves on (past the terminal's ``^C`` echo or
    a progress bar); anywhere else ``Interrupted.`` is the one line written."""
    try:
        _flush_stdout()
        fresh = "\n" if _on_a_terminal(sys.stderr) else ""
        _say(fresh + "Interrupted.")
    except KeyboardInterrupt:
        pass
    return EXIT_INTERRUPTED


class _BrokenPipe(Exception):
    """A broken pipe, carried past click (which would turn it into exit 1)."""


class _Interrupted(Exception):
    """A Ctrl-C, carried past click (which would write a blank line to stderr
    even when stderr is not a terminal)."""


class GuardedGroup(click.Group):
    """A click group whose commands all run inside :func:`run_guarded`."""

    def invoke(self, ctx: click.Context) -> Any:
        """Invoke the command; a broken pipe is carried to :func:`run_guarded`."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError as err:
            raise _BrokenPipe() from err
        except KeyboardInterrupt as err:
            raise _Interrupted() from err

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; in standalone mode (the default) exit with the
        code of :func:`run_guarded`."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)

        def run() -> Any:
            return click.Group.main(self, args, prog_name, complete_var, False, **extra)

        sys.exit(run_guarded(run))
