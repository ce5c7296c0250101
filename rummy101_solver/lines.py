"""Input lines: separated by ``\\n`` only (``\\r\\n`` accepted), each of bounded length.

``str.splitlines`` and text-mode files also break lines at a lone ``\\r``,
form feeds, U+0085, U+2028 and U+2029, which shifts line numbers (and
splits a JSON string holding U+2028). Every reader of line-based input
(``batch``, ``verify``, the stdin of ``solve``, ``check`` and ``score``) uses
these helpers instead, so line N is what ``sed -n Np`` shows.

A line holds at most :data:`MAX_LINE` bytes (UTF-8): a rack needs a few
hundred, a JSON case a few thousand; a longer line is rejected without being
held in memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

MAX_LINE = 16_384
"""Longest input line accepted, in bytes of UTF-8."""

_SKIP_CHUNK = 1 << 16


class LongLine(str):
    """A line longer than :data:`MAX_LINE` bytes, not kept: the text is empty,
    ``length`` is the line's length in bytes (without the line break)."""

    length: int

    def __new__(cls, length: int) -> LongLine:
        line = super().__new__(cls, "")
        line.length = length
        return line

    def __reduce__(self) -> tuple[type[LongLine], tuple[int]]:
        return LongLine, (self.length,)

    @property
    def message(self) -> str:
        """The reason to show: the length and the limit."""
        return _over(self.length, "the line")


def _over(size: int, what: str) -> str:
    return f"{what} holds {size} bytes, over the limit of {MAX_LINE} bytes a line"


def too_long(line: str, what: str = "the line") -> str | None:
    """Why ``line`` (called ``what`` in the reason) is over :data:`MAX_LINE`
    bytes, or ``None`` when it is not."""
    if isinstance(line, LongLine):
        return line.message
    if len(line) * 4 <= MAX_LINE:
        return None  # at most 4 bytes a character: cannot be too long
    size = len(line.encode("utf-8", "surrogatepass"))
    return _over(size, what) if size > MAX_LINE else None


def _strip_break(line: str) -> str:
    if line.endswith("\n"):
        line = line[:-1]
    return line[:-1] if line.endswith("\r") else line


def split_lines(text: str) -> list[str]:
    """``text`` cut at ``\\n`` only; a ``\\r`` before the ``\\n`` is dropped; no
    empty last line for a final ``\\n``. ``"a\\rb\\r\\nc"`` → ``["a\\rb", "c"]``."""
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return [p[:-1] if p.endswith("\r") else p for p in parts]


def read_lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The lines of a binary stream, read lazily, decoded as UTF-8; a byte that
    is not UTF-8 becomes a lone surrogate (``surrogateescape``), as in the
    command-line arguments, so a message shows it as the same ``\\xff``.

    A line longer than ``limit`` bytes is read through but not kept: it comes
    out as a :class:`LongLine`. Memory stays within ``limit`` bytes a line.
    ``OSError`` from the stream is raised as it comes.
    """
    while raw := stream.readline(limit + 1):
        if len(raw) > limit and not raw.endswith(b"\n"):
            length = len(raw)
            while (rest := stream.readline(_SKIP_CHUNK)) and not rest.endswith(b"\n"):
                length += len(rest)
            length += len(rest) - (1 if rest.endswith(b"\r\n") else 0) - (1 if rest else 0)
            yield LongLine(length)
            continue
        yield _strip_break(raw.decode("utf-8", errors="surrogateescape"))
