"""How every file the program keeps is read and written: the one place for it (issue 34).

The match ledger (:mod:`~rummy101_solver.files.ledger`), ``track``'s game file
(:mod:`~rummy101_solver.files.game_file`), ``simulate --log``
(:mod:`~rummy101_solver.files.round_log`) and ``verify --write``
(:mod:`~rummy101_solver.files.verify`) all keep the same discipline, from here:

- **Regular files only.** A file read back or appended to must be a regular
  file: a FIFO, ``/dev/null``, ``/dev/zero`` or another device is refused
  before anything is read or written (:func:`open_regular`), and a symbolic
  link to a missing file is refused rather than followed (its target would be
  created somewhere else: :func:`refuse_dangling`). Opening never hangs on a
  FIFO (``O_NONBLOCK`` while opening).
- **Bounded reads.** Lines are read one at a time, each at most ``limit`` bytes
  (:func:`read_lines`): a longer line is refused as soon as it is seen, never
  held in memory. A JSON line nested too deeply or holding a number of too many
  digits is an error naming the line (:func:`load_json`), never a traceback.
- **Locks.** A writer holds an exclusive ``flock`` for its read and its one
  write; a reader a shared one (:func:`lock`), so a reader never sees a line
  half-written by a live writer.
- **Whole lines.** A record is appended with one ``os.write`` on an
  ``O_APPEND`` descriptor and ``fsync``\\ed; a short or failed write is cut
  off again, so a record lands whole or not at all (:func:`append_whole`). Only
  a writer killed mid-write (``kill -9``) can leave a last line without its
  newline: :func:`looks_cut` tells such a cut line from a foreign one by the
  record's fixed opening bytes (a line of text or random bytes is foreign).
- **Safe replacement.** A file rewritten whole (:func:`replace_file`) keeps its
  mode, owner and links (through a symbolic link, its target is written; a file
  with hard links is written in place) and is never left half-written; its
  temporary file has no name until the last moment, so a kill leaves none.
- **Logs end on a whole round.** :class:`RecordLog` writes each round of
  ``simulate --log`` with one ``os.write`` while SIGTERM and SIGINT are held,
  and cuts a failed write off again.

Every error is the caller's own error class (a subclass of :class:`FileError`),
its ``str()`` one line naming the file. POSIX only (``fcntl``), as the ledger.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
from collections.abc import Iterator
from typing import Any, BinaryIO, TypeVar

from rummy101_solver.lines import MAX_LINE


class FileError(ValueError):
    """A file that cannot be read or written as asked. ``str()`` is one line;
    ``line`` is the 1-based line number, or ``None`` for the file as a whole."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


E = TypeVar("E", bound=FileError)


def kind_of(mode: int) -> str | None:
    """What a file of ``st_mode`` ``mode`` is when it is not a regular file
    (``"a folder"``, ``"a FIFO"``, ``"a device"``, ``"a special file"``), or
    ``None`` for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def refuse_special(mode: int, path: str, what: str, error: type[E], after: str = "") -> None:
    """Raise ``error`` (``"{what} {path} is not a regular file (a device){after}"``)
    unless ``mode`` is a regular file's."""
    kind = kind_of(mode)
    if kind is not None:
        raise error(f"{what} {path} is not a regular file ({kind}){after}")


def refuse_dangling(path: str, what: str, error: type[E]) -> None:
    """A symbolic link to a missing file would create its target somewhere else:
    raise ``error`` rather than guess where the user wanted the file."""
    if os.path.islink(path) and not os.path.exists(path):
        raise error(
            f"{what} {path} is a symbolic link to a missing file;"
            " give the file itself, or create it first"
        )


def open_fd(path: str, flags: int, error: type[E], mode: int = 0o644) -> int:
    """``os.open`` that cannot hang on a FIFO (``O_NONBLOCK`` while opening,
    then blocking again); an ``OSError`` becomes ``error("{path}: reason")``."""
    try:
        fd = os.open(path, flags | os.O_CLOEXEC | os.O_NONBLOCK, mode)
    except OSError as bad:
        raise error(f"{path}: {bad.strerror}") from bad
    os.set_blocking(fd, True)
    return fd


def open_regular(path: str, flags: int, what: str, error: type[E], after: str = "") -> int:
    """Open ``path`` (:func:`open_fd`) and make sure it is a regular file
    (:func:`refuse_special`, the descriptor closed again); a symbolic link to a
    missing file is refused first (:func:`refuse_dangling`)."""
    refuse_dangling(path, what, error)
    fd = open_fd(path, flags, error)
    try:
        refuse_special(os.fstat(fd).st_mode, path, what, error, after)
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_regular(path: str, what: str, error: type[E], after: str = "") -> None:
    """Before any work: refuse a symbolic link to a missing file, or a path that
    exists and is not a regular file. A missing file is fine (it is created)."""
    refuse_dangling(path, what, error)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as bad:
        raise error(f"{path}: {bad.strerror}") from bad
    refuse_special(mode, path, what, error, after)


def lock(fd: int, *, exclusive: bool) -> None:
    """Take a ``flock`` on ``fd`` (released when it is closed): exclusive for a
    writer, shared for a reader."""
    import fcntl  # POSIX only: imported here so the CLI still starts elsewhere

    fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)


def read_lines(
    stream: BinaryIO, source: str, error: type[E], limit: int = MAX_LINE, holds: str = ""
) -> Iterator[tuple[int, bytes, bool]]:
    """(line number, bytes without the newline, whether the newline was there)
    for each line of ``stream``, read lazily. A line over ``limit`` bytes raises
    ``error`` as soon as it is seen (``/dev/zero`` included), its message ending
    in ``holds`` (why: e.g. ``", the most a ledger line holds"``)."""
    number = 0
    while raw := stream.readline(limit + 1):
        number += 1
        if raw.endswith(b"\n"):
            yield number, raw[:-1], True
        elif len(raw) > limit:
            raise error(f"{source} line {number}: longer than {limit} bytes{holds}", number)
        else:
            yield number, raw, False


def read_bounded(fd: int, limit: int, path: str, error: type[E], what: str) -> bytes:
    """Every byte of the file open at ``fd``, at most ``limit``: a larger file
    raises ``error`` ("{path} holds more than {limit} bytes, {what}") without
    reading more than ``limit`` + 1 bytes."""
    chunks = []
    offset = 0
    while offset <= limit and (chunk := os.pread(fd, min(1 << 16, limit + 1 - offset), offset)):
        chunks.append(chunk)
        offset += len(chunk)
    if offset > limit:
        raise error(f"{path} holds more than {limit} bytes, {what}")
    return b"".join(chunks)


def decode(raw: bytes, where: str, error: type[E], line: int | None = None) -> str:
    """``raw`` as UTF-8, else ``error("{where}: not UTF-8 (byte N)")``."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as bad:
        raise error(f"{where}: not UTF-8 (byte {bad.start + 1})", line) from bad


def load_json(text: str, where: str, error: type[E], what: str, line: int | None = None) -> Any:
    """One JSON line, or ``error`` naming ``where``: not JSON, nested too deeply
    for the reader (``[`` 1,500 times), or holding an integer of more digits
    than Python converts (5,000). ``what``: what the line should be (``"a round"``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as bad:
        raise error(f"{where}: not JSON ({bad.msg} at column {bad.colno})", line) from bad
    except RecursionError:
        raise error(f"{where}: not {what}: JSON nested too deeply to read", line) from None
    except ValueError:  # an integer of more digits than Python converts
        raise error(f"{where}: not {what}: a number with too many digits to read", line) from None


def looks_cut(raw: bytes, head: bytes) -> bool:
    """Whether ``raw``, a last line without its newline, can be a record cut
    short by an interrupted write: every record starts with the same ``head``
    (``{"format":"rummy101-game-1",``), so a cut one starts with it, or with
    its first bytes when the cut came that early. A line of text or random bytes
    does not: it is foreign, not cut."""
    return bool(raw) and raw[: len(head)] == head[: len(raw)]


def append_whole(fd: int, data: bytes, size: int, path: str, error: type[E]) -> None:
    """Append ``data`` to the file open at ``fd`` (``O_APPEND``, ``size`` bytes
    long, held under an exclusive lock) with one ``os.write``, then ``fsync``.
    A failed or short write is cut off again (back to ``size``) and raises
    ``error``: the record lands whole or not at all."""
    try:
        written = os.write(fd, data)
    except OSError as bad:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, size)
        raise error(f"{path}: {bad.strerror}; nothing appended") from bad
    if written != len(data):
        os.ftruncate(fd, size)
        raise error(f"{path}: only {written} bytes written; nothing appended")
    os.fsync(fd)


def drop_cut_tail(fd: int, data: bytes) -> bytes:
    """The bytes of a file whose last line has no newline (a writer killed
    mid-write left it), that line cut off the file and the bytes; call under
    the exclusive lock only: then no live writer is midway."""
    keep = data.rfind(b"\n") + 1
    os.ftruncate(fd, keep)
    os.fsync(fd)
    return data[:keep]


def sync_directory(path: str) -> None:
    """``fsync`` the folder of ``path``, so a file just created stays after a crash."""
    fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """SIGTERM and SIGINT held (blocked: they wait, then land) while a record
    is written, so a process stopped by either ends on a whole record."""
    signals = {signal.SIGTERM, signal.SIGINT}
    try:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    except (AttributeError, ValueError, OSError):  # no such call, or not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class RecordLog:
    """A log written round by round (``simulate --log``): each round's lines go
    out with one ``os.write`` while SIGTERM and SIGINT are held, so the log ends
    on a whole round whenever the process is stopped. A write that fails (a
    full disk, ``/dev/full``, ``ulimit -f``) is cut off again back to the last
    whole round (a regular file) and raises ``error`` naming ``name`` (the
    option and the file, e.g. ``--log 'x.jsonl'``). Use as a context manager;
    closing never raises (nothing is buffered)."""

    def __init__(self, path: str, name: str, error: type[FileError]) -> None:
        self.name = name
        self.error = error
        self.size = 0
        self.rounds = 0
        refuse_dangling(path, name, error)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | os.O_NONBLOCK
        try:
            self.fd = os.open(path, flags, 0o644)
        except OSError as bad:
            raise error(self._why(bad.strerror or str(bad))) from bad
        os.set_blocking(self.fd, True)
        self.regular = stat.S_ISREG(os.fstat(self.fd).st_mode)

    def write(self, data: bytes) -> None:
        """Append one whole round's lines (raises ``error``, the log ending on
        the round before)."""
        with held_signals():
            written = 0
            try:
                while written < len(data):  # a pipe may take a round in parts
                    more = os.write(self.fd, data[written:])
                    if more == 0:
                        break
                    written += more
            except OSError as bad:
                self._cut()
                raise self.error(self._why(bad.strerror or str(bad))) from bad
            self.size += written
            self.rounds += 1

    def _why(self, reason: str) -> str:
        if self.size and self.regular:
            return (
                f"{self.name}: cannot write: {reason}; the log ends on a whole round"
                f" (rounds written: {self.rounds})"
            )
        return f"{self.name}: cannot write: {reason}"

    def _cut(self) -> None:
        if self.regular:
            with contextlib.suppress(OSError):
                os.ftruncate(self.fd, self.size)

    def close(self) -> None:
        """Close the log (never raises: nothing is buffered)."""
        with contextlib.suppress(OSError):
            os.close(self.fd)

    def __enter__(self) -> RecordLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def replace_file(path: str, data: bytes, what: str, error: type[E]) -> None:
    """Replace the contents of the file at ``path`` with ``data``, keeping what
    the user set up: through a symbolic link its target is written; its mode
    (and owner and group, where this user may set them) stay; a file with
    other hard links is written in place (one write, ``fsync``), so every link
    sees the new text. Otherwise the new text goes to an unnamed temporary file
    in the same folder (``O_TMPFILE``), ``fsync``\\ed, named and renamed over
    the file: a kill at any moment leaves the old file or the new one whole,
    and no temporary file (at most a ``.NAME.rummy101-*`` one in the instant
    between naming and renaming, removed by the next write). Raises ``error``
    (a missing target, not a regular file, cannot write)."""
    target, status = check_replaceable(path, what, error)
    folder, name = os.path.split(target)
    _remove_stale(folder, name)
    try:
        if status.st_nlink > 1 or not _replace_by_rename(target, folder, name, data, status):
            _write_in_place(target, data)
    except OSError as bad:
        raise error(f"{path}: cannot write: {bad.strerror or bad}") from bad


def check_replaceable(path: str, what: str, error: type[E]) -> tuple[str, os.stat_result]:
    """The file :func:`replace_file` would write (``path``, through its symbolic
    links) and its status; raises ``error`` when it is missing or not a regular
    file. Call it before the work too, so a refusal costs nothing."""
    target = os.path.realpath(path)
    try:
        status = os.stat(target)
    except OSError as bad:
        raise error(f"{path}: cannot write: {bad.strerror}") from bad
    refuse_special(status.st_mode, path, what, error, "; nothing written")
    return target, status


TEMPORARY = ".{name}.rummy101-{pid}"
"""The name a replacement file carries for an instant before it is renamed."""


def _remove_stale(folder: str, name: str) -> None:
    """Remove ``.NAME.rummy101-PID`` files a killed writer left: one whose
    writer still runs holds its lock, and stays."""
    import fcntl

    prefix = TEMPORARY.format(name=name, pid="")
    with contextlib.suppress(OSError):
        for entry in os.listdir(folder):
            if not entry.startswith(prefix):
                continue
            full = os.path.join(folder, entry)
            with contextlib.suppress(OSError):
                fd = os.open(full, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    os.unlink(full)
                finally:
                    os.close(fd)


def _write_in_place(target: str, data: bytes) -> None:
    fd = os.open(target, os.O_WRONLY | os.O_CLOEXEC)
    try:
        lock(fd, exclusive=True)
        view = memoryview(data)
        offset = 0
        while offset < len(data):
            offset += os.pwrite(fd, view[offset:], offset)
        os.ftruncate(fd, len(data))
        os.fsync(fd)
    finally:
        os.close(fd)


def _name(fd: int, folder: str, temporary: str) -> None:
    """Give the unnamed file open at ``fd`` the name ``temporary`` (``linkat``
    with ``AT_SYMLINK_FOLLOW`` through ``/proc``: ``os.link`` calls it only
    when a folder descriptor is given)."""
    where = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.link(f"/proc/self/fd/{fd}", os.path.basename(temporary), dst_dir_fd=where,
                follow_symlinks=True)  # fmt: skip
    finally:
        os.close(where)


def _replace_by_rename(
    target: str, folder: str, name: str, data: bytes, status: os.stat_result
) -> bool:
    """Write ``data`` to a new file and rename it over ``target``; ``False``
    (nothing changed) when the new file cannot carry the old one's owner."""
    import fcntl

    temporary = os.path.join(folder, TEMPORARY.format(name=name, pid=os.getpid()))
    unnamed = hasattr(os, "O_TMPFILE") and os.path.isdir("/proc/self/fd")
    try:
        if not unnamed:
            raise OSError("no unnamed files here")
        fd = os.open(folder, os.O_TMPFILE | os.O_WRONLY | os.O_CLOEXEC, 0o600)
    except OSError:  # not on this system or file system: a named one
        unnamed = False
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    named = not unnamed
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a next writer leaves it while this one runs
        if (status.st_uid, status.st_gid) != (os.geteuid(), os.getegid()):
            try:
                os.fchown(fd, status.st_uid, status.st_gid)
            except PermissionError:
                return False
        os.fchmod(fd, stat.S_IMODE(status.st_mode))
        view = memoryview(data)
        offset = 0
        while offset < len(data):
            offset += os.write(fd, view[offset:])
        os.fsync(fd)
        if unnamed:
            _name(fd, folder, temporary)
            named = True
        os.replace(temporary, target)
        named = False
        sync_directory(target)
        return True
    finally:
        if named:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        os.close(fd)
