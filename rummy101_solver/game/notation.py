"""Tile codes a Turkish player cannot misread: the two notations [issue 31, R-TILES].

The English notation writes a colour as one letter: ``R`` red, ``B`` blue, ``K`` black
(the letter of *black* no other colour has), ``Y`` yellow. A Turkish player abbreviates
*kırmızı* (red) as K, and *siyah* (black) and *sarı* (yellow) both start with S. The
Turkish notation therefore writes:

======  ==========  =======  ==========================================
colour  Turkish     code     why
======  ==========  =======  ==========================================
red     kırmızı     ``K``    the Turkish player's own letter for red
blue    mavi        ``M``
black   siyah       ``Si``   two letters: S alone would be black or yellow
yellow  sarı        ``Sa``
======  ==========  =======  ==========================================

So in the Turkish notation no code means another colour to a Turkish reader, and ``K``
is never black. Only ``K`` is shared by the two notations with two meanings (black in
English, red in Turkish); ``M``, ``Si`` and ``Sa`` mean nothing in English, and ``R``,
``B``, ``Y`` nothing in Turkish, so those are read the same in either notation. The colour
words (``kırmızı 7``, ``siyah 7``) are read in both (:mod:`rummy101_solver.game.parsing`).

:func:`to_english_codes` rewrites the Turkish codes of a typed rack into the English
ones the parser reads, and names the tiles whose reading depended on the notation, so the
caller can warn when the user did not choose one and the rack itself does not show which
notation it is in (never a silent misread; :meth:`Reading.in_doubt`). The notation
is a parameter, never a global. JSON output always uses the English codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rummy101_solver.game.tiles import Colour
from rummy101_solver.i18n import LANGUAGES

NOTATIONS = LANGUAGES
"""``en``: R, B, K, Y; ``tr``: K, M, Si, Sa (both read case-insensitively)."""

CODES: dict[str, dict[Colour, str]] = {
    "en": {Colour.RED: "R", Colour.BLUE: "B", Colour.BLACK: "K", Colour.YELLOW: "Y"},
    "tr": {Colour.RED: "K", Colour.BLUE: "M", Colour.BLACK: "Si", Colour.YELLOW: "Sa"},
}
"""Per notation, each colour's code as printed."""

_CODE = r"(?P<code>si|sa|m|k)"
_NUMBER = r"(?P<number>1[0-3]|[1-9])"
_TOKEN = re.compile(
    rf"(?<![^\s,|/=])(?:{_CODE}{_NUMBER}|{_NUMBER.replace('number', 'number2')}"
    rf"{_CODE.replace('code', 'code2')})(?![^\s,|/=])",
    re.IGNORECASE,
)
"""A Turkish or shared code with a number, ``K7``/``7K``/``si12``, standing alone (between
spaces, commas, the ``|`` and ``/`` of an arrangement or the ``=`` of a pinned joker,
``J=K7``)."""

_ENGLISH_ONLY = re.compile(
    r"(?<![^\s,|/=])(?:[rby](?:1[0-3]|[1-9])|(?:1[0-3]|[1-9])[rby])(?![^\s,|/=])", re.IGNORECASE
)
"""A code that means a colour only in the English notation: ``R7``, ``b12``, ``7Y``."""


@dataclass(frozen=True)
class Reading:
    """A rack's text in the English codes, and the tokens whose colour depended on
    the notation (each ``K`` tile: black in English, red in Turkish)."""

    text: str
    """The text with ``K`` read in the notation: red ``K7`` written ``R7``."""
    ambiguous: tuple[str, ...]
    """The tokens as typed that read differently in the two notations, in order."""
    english_only: bool
    """Whether the text holds a code of the English notation only (R, B, Y)."""
    turkish_only: bool
    """Whether the text holds a code of the Turkish notation only (M, Si, Sa)."""

    def in_doubt(self, notation: str) -> bool:
        """Whether the reading of :attr:`ambiguous` in ``notation`` is in doubt: some
        tile reads differently in the other notation, and the rack's other codes do not
        show that ``notation`` is the one it was typed in (``R1 K7 B3`` is English,
        ``K7 M7 Sa7`` Turkish; ``K7 K8 K9`` could be either)."""
        if not self.ambiguous:
            return False
        if notation == "en":
            return not (self.english_only and not self.turkish_only)
        return not (self.turkish_only and not self.english_only)


def to_english_codes(text: str, notation: str) -> Reading:
    """``text`` (a rack or an arrangement as typed) with the codes of ``notation``
    rewritten in the ones the parser reads: under ``tr``, ``K7`` → ``R7`` (kırmızı).
    Every other token is left as typed: the parser reads ``M7``, ``Si7``, ``Sa7`` in
    either notation, and names a bad token as typed. Raises
    :class:`ValueError` for a notation not in :data:`NOTATIONS`."""
    if notation not in NOTATIONS:
        raise ValueError(f"unknown notation {notation!r}")
    ambiguous: list[str] = []
    turkish_only = False

    def rewrite(match: re.Match[str]) -> str:
        nonlocal turkish_only
        code = (match["code"] or match["code2"]).lower()
        number = match["number"] or match["number2"]
        if code == "k":
            ambiguous.append(match.group())
            return match.group() if notation == "en" else f"R{number}"
        turkish_only = True
        return match.group()  # the parser reads M, Si, Sa itself (COLOUR_WORDS)

    english_only = _ENGLISH_ONLY.search(text) is not None
    rewritten = _TOKEN.sub(rewrite, text)
    return Reading(rewritten, tuple(ambiguous), english_only, turkish_only)


def tile_code(colour: Colour, number: int, notation: str = "en") -> str:
    """A numbered tile's code in ``notation``: ``tile_code(Colour.RED, 7, "tr")`` →
    ``K7``, ``tile_code(Colour.BLACK, 7, "tr")`` → ``Si7``, in English ``R7``, ``K7``."""
    return f"{CODES[notation][colour]}{number}"
