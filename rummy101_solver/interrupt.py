"""Ctrl-C outside a command's run: ``Interrupted.``, exit 130, at once (ground floor).

The ``rummy101`` entry point (:mod:`rummy101_solver.__main__`) installs
:func:`quit_at_once` before it imports anything heavy;
:func:`rummy101_solver.cli.guard.run_guarded` hands SIGINT back to Python
(``KeyboardInterrupt``) while the command runs, and takes it again when the
command is done. Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType

EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT (as :data:`rummy101_solver.cli.guard.EXIT_INTERRUPTED`)."""


def quit_at_once(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler outside a command's run: ``Interrupted.``, exit 130,
    no traceback, no clean-up (nothing has been written yet, or all is written)."""
    try:
        fresh = b"\n" if os.isatty(2) else b""
        os.write(2, fresh + b"Interrupted.\n")
    except OSError:
        pass
    os._exit(EXIT_INTERRUPTED)


def take_ctrl_c() -> None:
    """Install :func:`quit_at_once` for SIGINT, unless SIGINT is ignored (a
    background job started with it ignored keeps ignoring it) or this is not
    the main thread."""
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, quit_at_once)
    except ValueError:  # not the main thread: signals are not ours to set
        pass


def let_ctrl_c_through(before: object) -> None:
    """Put back the signal mask ``before`` (from the entry point's first hold of
    SIGINT; ``None``: nothing was held): a Ctrl-C that waited meanwhile is
    delivered now, to the handler :func:`take_ctrl_c` installed."""
    if before is None:
        return
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)  # type: ignore[arg-type]
    except (ValueError, OSError, TypeError):  # an odd mask: at least SIGINT goes through
        with contextlib.suppress(ValueError, OSError):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def leave_at_once() -> None:
    """Exit 130 now: flush what is buffered, skip the exit handlers (they would
    join a worker pool's threads, for seconds)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(EXIT_INTERRUPTED)


def command_runs() -> bool:
    """While a command runs: SIGINT raises ``KeyboardInterrupt`` again (when
    :func:`quit_at_once` had it). Returns whether it was switched."""
    try:
        if signal.getsignal(signal.SIGINT) is quit_at_once:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            return True
    except ValueError:
        pass
    return False


def command_done() -> None:
    """After a command's run (its output flushed): :func:`quit_at_once` again,
    so a Ctrl-C while the interpreter shuts down ends the same clean way."""
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, quit_at_once)
    except ValueError:
        pass


def hold_ctrl_c() -> None:
    """At exit, once the command's code is known and its output written: block
    SIGINT. Python puts the default handler back while the interpreter shuts
    down; a Ctrl-C landing then would kill the process by the signal (exit -2,
    the command's own code lost). Blocked, it changes nothing: the command is
    done. Seen in CI: 1 of 14 Ctrl-Cs sent 0.4 s after start on a loaded machine."""
    # no such call on this system, or not the main thread: nothing to hold
    with contextlib.suppress(AttributeError, ValueError, OSError):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """While worker processes are forked: SIGINT is held (blocked, so it waits)
    rather than ignored, then let through. The workers start with it blocked and
    make it ignored themselves; a Ctrl-C sent meanwhile (a terminal sends it to
    every process of the group) reaches this process once the workers are
    forked, instead of being dropped: ignored, it was lost, and a run sent Ctrl-C
    0.3 s after its start ran on (seen in CI with ``simulate --jobs 2``)."""
    held = threading.current_thread() is threading.main_thread()
    if held:
        held_before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_SETMASK, held_before)
