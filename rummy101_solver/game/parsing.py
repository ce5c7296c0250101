"""Text to tiles and racks [R-TILES, R-RACK, R-INDICATOR].

Notation (case-insensitive; tiles separated by spaces and/or commas):

- a numbered tile is a colour letter and a number 1–13 in either order:
  ``R7``, ``r7``, ``7R``; colour letters ``R`` red, ``B`` blue, ``K`` black,
  ``Y`` yellow; the Turkish codes ``M`` mavi, ``Si`` siyah, ``Sa`` sarı (``K`` kırmızı
  only in the Turkish notation, :mod:`rummy101_solver.game.notation`);
- or a colour word and a number, apart or joined: ``red 7``, ``kırmızı 7``,
  ``kirmizi 7``, ``rot 7``, ``rojo 7``, ``blue7`` …;
- a wild tile is ``J``, ``*``, ``joker`` or ``okey``;
- a fake okey is ``F`` or ``fake`` (only with an indicator, [R-INDICATOR]).

Every error is a :class:`RackError` naming the token, its place in the rack and
the reason, e.g. ``'R14' (tile 3): numbers run 1–13``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

from rummy101_solver.game.tiles import (
    ALL_FACES,
    COPIES,
    MAX_RACK,
    WILD,
    WILD_TILES,
    Colour,
    Face,
    Rack,
    Tile,
    okey_face,
)
from rummy101_solver.lines import too_long
from rummy101_solver.messages import escape, quote

COLOUR_WORDS: dict[str, Colour] = {
    # English, Turkish (with and without dotless i / cedilla), German, Spanish
    "r": Colour.RED, "red": Colour.RED, "kırmızı": Colour.RED, "kirmizi": Colour.RED,
    "rot": Colour.RED, "rojo": Colour.RED, "roja": Colour.RED,
    "b": Colour.BLUE, "blue": Colour.BLUE, "mavi": Colour.BLUE, "blau": Colour.BLUE,
    "azul": Colour.BLUE,
    "k": Colour.BLACK, "black": Colour.BLACK, "siyah": Colour.BLACK,
    "schwarz": Colour.BLACK, "negro": Colour.BLACK, "negra": Colour.BLACK,
    "y": Colour.YELLOW, "yellow": Colour.YELLOW, "sarı": Colour.YELLOW,
    "sari": Colour.YELLOW, "gelb": Colour.YELLOW, "amarillo": Colour.YELLOW,
    "amarilla": Colour.YELLOW,
    # the Turkish codes that mean one colour in either notation (game/notation.py)
    "m": Colour.BLUE, "si": Colour.BLACK, "sa": Colour.YELLOW,
}  # fmt: skip
WILD_WORDS = frozenset({"j", "*", "joker", "okey"})
FAKE_WORDS = frozenset({"f", "fake"})

_SEPARATORS = re.compile(r"[\s,\ufeff]+")  # a byte-order mark separates too
_TOKEN = re.compile(r"[^\s,\ufeff]+")
_WORD_NUMBER = re.compile(r"^(?P<word>[^\W\d_]+)(?P<number>[0-9]+)$")
_NUMBER_WORD = re.compile(r"^(?P<number>[0-9]+)(?P<word>[^\W\d_]+)$")
_NUMBER = re.compile(r"^[0-9]+$")
_SHORT_FORMS = {f.code: f for f in ALL_FACES}
"""``R7`` → its face: the canonical short form, read without the general rules."""
_PLAIN_TILES = tuple(Tile(f) for f in ALL_FACES)

TILE_HINT = "write a colour R, B, K or Y and a number 1–13 (R7, 7R, red 7), or J for a joker"

_RUN_TOGETHER = re.compile(r"(?:[rbky](?:1[0-3]|[1-9])|j)", re.IGNORECASE)


def _not_a_tile(token: str) -> str:
    """Why ``token`` is not a tile: tiles run together (``R7B7``), a digit
    that is not ASCII (``r`` and a full-width 7), else the general hint."""
    if len(token) <= 12 and re.fullmatch(f"{_RUN_TOGETHER.pattern}{{2,}}", token, re.I):
        return f"not a tile; write tiles apart: {' '.join(_RUN_TOGETHER.findall(token))}"
    digit = next((c for c in token if c.isdigit() and c not in "0123456789"), None)
    if digit is not None:
        return (
            f"not a tile; numbers are written with the ASCII digits 0–9, {quote(digit)} is not one"
        )
    return f"not a tile; {TILE_HINT}"


@dataclass
class RackError(ValueError):
    """Bad rack or tile text: the token, its place (1-based tile number) and why.

    ``str()`` gives the message shown to the user, e.g.
    ``'R14' (tile 3): numbers run 1–13``. ``position`` is ``None`` for errors
    about the rack as a whole (an empty rack).
    """

    token: str | None
    position: int | None
    reason: str

    def __str__(self) -> str:
        if self.token is None:
            return self.reason
        where = f" (tile {self.position})" if self.position is not None else ""
        return f"{quote(self.token)}{where}: {self.reason}"


def _fold(word: str) -> str:
    # casefold keeps Turkish dotless ı; upper-case İ folds to "i̇": drop the dot.
    return word.casefold().replace("\u0307", "")


def _number(text: str, token: str, position: int | None) -> int:
    number = int(text) if len(text) <= 3 else 0  # no int() of a thousand digits
    if not 1 <= number <= 13:
        raise RackError(token, position, "numbers run 1–13")
    return number


def _colour(word: str, token: str, position: int | None) -> Colour:
    colour = COLOUR_WORDS.get(_fold(word))
    if colour is None:
        raise RackError(token, position, f"{quote(word)} is not a colour; {TILE_HINT}")
    return colour


def _tokens(text: str | Iterable[str]) -> list[str]:
    joined = text if isinstance(text, str) else " ".join(text)
    return [t for t in _SEPARATORS.split(joined.strip()) if t]


def _iter_tokens(text: str | Iterable[str]) -> Iterator[str]:
    """The tokens of ``text``, found one at a time (a long text is never split whole)."""
    joined = text if isinstance(text, str) else " ".join(text)
    for match in _TOKEN.finditer(joined):
        yield match.group()


def iter_tiles(
    text: str | Iterable[str], *, indicator: Face | None = None, first: int = 1
) -> Iterator[tuple[str, Tile]]:
    """(token as written, tile) pairs in input order, read lazily: a caller that
    stops at the first fatal tile never reads the rest of a long text.

    Joins ``red 7`` into one tile. Checks each token, not the rack limits (see
    :func:`check_rack_limits`). ``first`` is the place number of the first tile
    in error messages. Raises :class:`RackError` for a token that is not a tile.
    """
    tokens = _iter_tokens(text)
    okey = okey_face(indicator) if indicator is not None else None
    position = first - 1
    pending: str | None = None

    def following() -> str | None:
        nonlocal pending
        if pending is None:
            pending = next(tokens, None)
        return pending

    while (token := following()) is not None:
        pending = None
        position += 1
        short = _SHORT_FORMS.get(token)
        if short is not None:  # the common case: R7, B12, …
            yield token, (WILD if short == okey else _PLAIN_TILES[short.index])
            continue
        word = _fold(token)
        if word in WILD_WORDS:
            yield token, WILD
            continue
        if word in FAKE_WORDS:
            if okey is None:
                raise RackError(
                    token, position, "a fake okey exists only with --indicator [R-INDICATOR]"
                )
            yield token, Tile(okey, fake=True)
            continue
        if word in COLOUR_WORDS:
            # a colour word, its number in the next token: "red 7"
            number = following()
            if number is None or not _NUMBER.match(number):
                raise RackError(token, position, "a colour needs a number 1–13 after it")
            pending = None
            token = f"{token} {number}"
            face = Face(COLOUR_WORDS[word], _number(number, token, position))
        elif m := _WORD_NUMBER.match(token) or _NUMBER_WORD.match(token):
            colour = _colour(m["word"], token, position)
            face = Face(colour, _number(m["number"], token, position))
        elif _NUMBER.match(token):
            colour_word = following()
            if colour_word is None or _fold(colour_word) not in COLOUR_WORDS:
                raise RackError(token, position, "a number needs a colour (R, B, K or Y)")
            # a number, its colour in the next token: "7 red", "7 R"
            pending = None
            number_text, token = token, f"{token} {colour_word}"
            face = Face(COLOUR_WORDS[_fold(colour_word)], _number(number_text, token, position))
        else:
            raise RackError(token, position, _not_a_tile(token))
        yield token, WILD if face == okey else Tile(face)


def read_tiles(
    text: str | Iterable[str], *, indicator: Face | None = None, first: int = 1
) -> list[tuple[str, Tile]]:
    """Every tile of ``text``: :func:`iter_tiles` as a list."""
    return list(iter_tiles(text, indicator=indicator, first=first))


def parse_face(text: str) -> Face:
    """One numbered tile (``R7``, ``7r``, ``red 7``) as a :class:`Face`.

    Raises :class:`RackError` for anything else, wild and fake tiles included.
    """
    tiles = list(islice(iter_tiles(text), 2))  # a second tile is already one too many
    if len(tiles) != 1 or tiles[0][1].face is None:
        raise RackError(text.strip(), None, f"need exactly one numbered tile; {TILE_HINT}")
    face = tiles[0][1].face
    assert face is not None
    return face


def parse_tile(text: str, *, indicator: Face | None = None) -> Tile:
    """One tile of any kind (numbered, ``J``, or ``F`` with an indicator).

    Raises :class:`RackError` when ``text`` is not exactly one tile.
    """
    tiles = list(islice(iter_tiles(text, indicator=indicator), 2))
    if len(tiles) != 1:
        raise RackError(text.strip(), None, f"need exactly one tile; {TILE_HINT}")
    return tiles[0][1]


def check_rack_limits(
    tiles: Iterable[tuple[str, Tile]],
    *,
    indicator: Face | None = None,
    max_tiles: int = MAX_RACK,
) -> list[tuple[str, Tile]]:
    """Raise :class:`RackError` at the first tile that breaks [R-RACK] / [R-INDICATOR].

    ``tiles`` are (token as written, tile) pairs in input order, e.g. from
    :func:`iter_tiles`: they are read one at a time and no further than the
    first fault. Checks: at most ``max_tiles`` tiles, 2 copies of a numbered
    tile, 2 wild tiles, 2 fake okeys, one copy of the indicator tile (the other
    lies face up). Returns the tiles read, as a list.
    """
    faces: Counter[Face] = Counter()
    fakes = wilds = 0
    seen: list[tuple[str, Tile]] = []
    for position, (token, tile) in enumerate(tiles, start=1):
        seen.append((token, tile))
        if position > max_tiles:
            raise RackError(token, position, f"a rack holds at most {max_tiles} tiles [R-RACK]")
        if tile.is_wild:
            wilds += 1
            if wilds > WILD_TILES:
                name = "joker" if indicator is None else "okey (wild tile)"
                raise RackError(
                    token, position, f"a third {name}; the set has only {WILD_TILES} [R-RACK]"
                )
            continue
        assert tile.face is not None
        if tile.fake:
            fakes += 1
            if fakes > WILD_TILES:
                raise RackError(
                    token, position, "a third fake okey; the set has only 2 [R-INDICATOR]"
                )
            continue
        faces[tile.face] += 1
        if indicator is not None and tile.face == indicator and faces[tile.face] > 1:
            raise RackError(
                token,
                position,
                f"a second {tile.face.code}, but one copy of the indicator lies face up"
                " [R-INDICATOR]",
            )
        if faces[tile.face] > COPIES:
            raise RackError(
                token,
                position,
                f"a third {tile.face.code}; the set has only {COPIES} copies of each tile [R-RACK]",
            )
    return seen


def parse_tile_list(text: str | Iterable[str], *, indicator: Face | None = None) -> list[Tile]:
    """Tiles in input order, with no rack limits checked (for arrangements and scores).

    Raises :class:`RackError` for a token that is not a tile.
    """
    return [tile for _, tile in read_tiles(text, indicator=indicator)]


def parse_rack(
    text: str | Iterable[str],
    *,
    indicator: Face | None = None,
    max_tiles: int = MAX_RACK,
) -> Rack:
    """Parse a rack: ``"R3 R4 R5, B7 K7 Y7 J"`` or a list of such strings.

    ``indicator`` switches on the okey variant: the okey face and ``J`` are
    wild, ``F`` is a fake okey [R-INDICATOR]. Returns a :class:`Rack` in
    canonical order. Raises :class:`RackError` for a bad token, a number
    outside 1–13, a tile beyond the copy limits or beyond ``max_tiles``, and an
    empty rack [R-RACK].
    """
    tiles = check_rack_limits(
        iter_tiles(text, indicator=indicator), indicator=indicator, max_tiles=max_tiles
    )
    if not tiles:
        raise RackError(None, None, "empty rack: give 1–22 tiles, e.g. R3 R4 R5 B7 K7 Y7 J")
    return Rack(tuple(tile for _, tile in tiles))


@dataclass(frozen=True)
class LaidTile:
    """One tile of an arrangement: the token as written, the tile, its place
    (1-based, across the whole arrangement) and, for a pinned joker
    (``J=R11``), the face the player claims it stands for."""

    token: str
    tile: Tile
    position: int
    pin: Face | None = None


GROUP_SEPARATORS = re.compile(r"[|/]")


def parse_arrangement(text: str, *, indicator: Face | None = None) -> list[list[LaidTile]]:
    """Parse an arrangement: groups separated by ``|`` or ``/``, e.g.
    ``"R3 R4 R5 | B7 K7 Y7 | R10 J=R11 R12"``.

    A wild tile may be pinned with ``=`` to the tile it stands for (``J=R11``).
    Returns the groups in order, each a list of :class:`LaidTile`. Raises
    :class:`RackError` for a bad token, a pin on a tile that is not wild, or an
    empty group. Rack limits are not checked here.
    """
    if reason := too_long(text, "the arrangement"):
        raise RackError(None, None, reason)
    if not _tokens(GROUP_SEPARATORS.sub(" ", text)):
        raise RackError(
            None, None, 'empty arrangement: give groups of tiles, e.g. "R3 R4 R5 | B7 K7 Y7"'
        )
    groups: list[list[LaidTile]] = []
    position = 1
    for number, part in enumerate(GROUP_SEPARATORS.split(text), start=1):
        group = _parse_group(part, indicator, position)
        if not group:
            raise RackError(None, None, f"group {number} is empty: write tiles between the '|'")
        position += len(group)
        groups.append(group)
    return groups


def _parse_pin(token: str, indicator: Face | None, position: int) -> LaidTile:
    """``J=R11``: a wild tile and the face it is claimed to stand for."""
    left, _, right = token.partition("=")
    tiles = read_tiles([left], indicator=indicator, first=position) if left else []
    if len(tiles) == 1 and tiles[0][1].fake:
        # F=K1: a fake okey may be written with the face it always plays as
        fake = tiles[0][1]
        assert fake.face is not None
        if _fold(right) != _fold(fake.face.code) and right.upper() != fake.face.code:
            raise RackError(
                token, position, f"a fake okey plays only as {fake.face.code} [R-INDICATOR]"
            )
        return LaidTile(token, fake, position)
    if len(tiles) != 1 or not tiles[0][1].is_wild:
        raise RackError(
            token, position, "only a joker can be pinned to a tile, as in J=R11 [R-WILD]"
        )
    if _fold(right) in WILD_WORDS | FAKE_WORDS:
        raise RackError(token, position, "a joker stands for a numbered tile, as in J=R11")
    try:
        pin = parse_face(right)
    except RackError as err:
        reason = f"after '=': {err.reason}"
        if err.reason == "numbers run 1–13":
            digits = re.sub(r"\D", "", right)
            reason = f"a joker cannot stand for {escape(digits)}: numbers run 1–13 [R-WILD]"
        raise RackError(token, position, reason) from None
    return LaidTile(token, tiles[0][1], position, pin)


def _parse_group(part: str, indicator: Face | None, first: int) -> list[LaidTile]:
    """One group's tiles, numbered from ``first``; pinned jokers kept apart."""
    group: list[LaidTile] = []
    chunk: list[str] = []
    for token in [*_tokens(part), None]:
        if token is not None and "=" not in token:
            chunk.append(token)
            continue
        position = first + len(group)
        for i, (word, tile) in enumerate(read_tiles(chunk, indicator=indicator, first=position)):
            group.append(LaidTile(word, tile, position + i))
        chunk = []
        if token is not None:
            group.append(_parse_pin(token, indicator, first + len(group)))
    return group
