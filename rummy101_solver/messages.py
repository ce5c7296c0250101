"""User text inside messages: one line, escaped, bounded.

A message names the bad token, but the token is whatever the user typed: a
newline, an ANSI escape, a right-to-left override (U+202E) or 100 KB of text.
:func:`quote` shows a token the way ``repr`` does (``'\\x1b[31mR7'``), with
control, format (bidi) and other non-printable characters escaped and the
token cut after :data:`TOKEN_LIMIT` characters; :func:`one_line` makes a whole
message a single line of at most :data:`MESSAGE_LIMIT` characters. Every core
module builds its messages with these (no click here).
"""

from __future__ import annotations

from collections.abc import Iterable

TOKEN_LIMIT = 20
"""Characters of a token shown in a message (escapes count); longer ones end in ``…``."""

MESSAGE_LIMIT = 200
"""Characters of a whole message; longer ones are cut and end in ``…``."""

ELLIPSIS = "…"


def _escape(char: str) -> str:
    """One character as shown: printable as is, a byte that was not UTF-8 (a
    lone surrogate U+DC80–U+DCFF, as Python keeps such bytes of arguments and
    stdin) as that byte, ``\\xff``, anything else as ``repr`` writes it."""
    if char in "'\\":
        return "\\" + char
    if "\udc80" <= char <= "\udcff":
        return f"\\x{ord(char) - 0xDC00:02x}"
    if char.isprintable():
        return char
    return repr(char)[1:-1]  # '\n' → \n, ESC → \x1b, U+202E → \u202e


def escape(text: str, limit: int | None = TOKEN_LIMIT) -> str:
    """``text`` with non-printable characters, ``'`` and ``\\`` escaped, cut after
    ``limit`` shown characters (never inside an escape) with ``…``; ``None``: no cut."""
    out: list[str] = []
    shown = 0
    for char in text:
        piece = _escape(char)
        if limit is not None and shown + len(piece) > limit:
            out.append(ELLIPSIS)
            break
        out.append(piece)
        shown += len(piece)
    return "".join(out)


def count_of(n: int, unit: str) -> str:
    """``n`` and its unit, given in the plural, singular for one: ``count_of(1,
    "points")`` → ``1 point``, ``count_of(0, "pairs")`` → ``0 pairs``."""
    return f"{n} {unit.removesuffix('s') if n == 1 else unit}"


def quote(token: str, limit: int = TOKEN_LIMIT) -> str:
    """A token for a message, in single quotes: ``quote("R7")`` → ``'R7'``,
    ``quote("\\x1b[31mR7")`` → ``'\\x1b[31mR7'``; at most ``limit`` characters
    between the quotes (plus ``…`` when cut)."""
    return f"'{escape(token, limit)}'"


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message as one line of at most ``limit`` characters (plus ``…`` when
    cut): line breaks and other non-printable characters escaped. Text already
    escaped by :func:`quote` is left as it is."""
    out: list[str] = []
    shown = 0
    for char in message:
        piece = char if char.isprintable() else repr(char)[1:-1]
        if shown + len(piece) > limit:
            out.append(ELLIPSIS)
            break
        out.append(piece)
        shown += len(piece)
    return "".join(out)


def show_value(value: object, limit: int = TOKEN_LIMIT) -> str:
    """A value from JSON or TOML for a message, bounded: a string as :func:`quote`
    shows it, ``true``/``false``/``null`` as JSON writes them, a number cut after
    ``limit`` characters, a list or object by its kind only."""
    if isinstance(value, str):
        return quote(value, limit)
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        try:
            return escape(str(value), limit)
        except ValueError:  # more digits than Python converts
            return "a number too long to show"
    if isinstance(value, float):
        return escape(repr(value), limit)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return escape(type(value).__name__, limit)


def did_you_mean(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The choice closest to ``word`` by :func:`difflib.get_close_matches`, or
    ``None`` when none is close enough (``thresold`` → ``threshold``)."""
    import difflib

    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=cutoff)
    return close[0] if close else None


def unknown_name(kind: str, word: str, choices: Iterable[str]) -> str:
    """``unknown option 'thresold'; did you mean 'threshold'? options: a, b, …``:
    the closest choice first, then every choice (sorted)."""
    names = sorted(set(choices))
    close = did_you_mean(word, names)
    hint = f"; did you mean {quote(close)}?" if close else ";"
    return f"unknown {kind} {quote(word)}{hint} {kind}s: {', '.join(names)}"
