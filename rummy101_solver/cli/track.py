"""``rummy101 track``: a companion for a whole round, turn by turn.

Each subcommand reads the game file (``--game``, default
``rummy101-game.jsonl``), replays it, and either appends one event (checked
against the round first; a refused event exits 2 and leaves the file
byte-identical) or reports: ``show`` (the advice for this moment), ``history``.
``play`` is an interactive prompt (prompt_toolkit) with short commands.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from typing import Any

import click

from rummy101_solver.cli.common import echo_text, fail
from rummy101_solver.cli.options import FiniteFloatRange, IntRange, house_option, with_options
from rummy101_solver.files.game_file import (
    DEFAULT_GAME,
    Game,
    GameFileError,
    append_event,
    cut_warning,
    read_game,
)
from rummy101_solver.game.parsing import RackError, parse_face, parse_rack, parse_tile
from rummy101_solver.game.round import Event, RoundError, TrackRules
from rummy101_solver.game.round_end import RoundEnd, ScoreLine, round_end, score_line
from rummy101_solver.game.tiles import Tile

DEFAULT_TIME_LIMIT = 10.0

game_option = click.option(
    "--game",
    "game",
    metavar="FILE",
    default=None,
    help=f"The game file (JSON Lines, one event a line). Default: {DEFAULT_GAME}"
    " in the current folder.",
)


def _path(ctx: click.Context, game: str | None) -> str:
    if game is not None:
        return game
    found = ctx.find_root().meta.get("rummy101.game")
    return found if isinstance(found, str) else DEFAULT_GAME


@click.group()
@game_option
@click.pass_context
def track(ctx: click.Context, game: str | None) -> None:
    """A companion for a whole round: tell it every event, ask it at each turn.

    The round lives in an append-only game file (--game, default
    rummy101-game.jsonl), replayed on every call: nothing is lost, undo and
    history come free. Every event is checked against the 106 tiles and the
    turn order (seat 1 plays first) [R-TILES, R-RACK, R-TAKE-DISCARD, R-TURN];
    a bad one exits 2 and leaves the file as it was.

    \b
    Example:
      rummy101 track new R1 R2 R3 B7 K7 Y7 R10 R11 R12 … --players 4 --seat 1
      rummy101 track seen 4 K4
      rummy101 track show
      rummy101 track play
    """
    if game is not None:
        ctx.find_root().meta["rummy101.game"] = game


def _tile(text: str, game: Game, what: str) -> Tile:
    try:
        return parse_tile(text, indicator=game.state.rules.indicator)
    except RackError as err:
        raise RoundError(f"{what}: {err}") from None


def _record(path: str, event: Event | Callable[[Game], Event]) -> Game:
    """Append the event; exit 2 with the reason when it is refused."""
    try:
        game, recorded = append_event(path, event)
    except GameFileError as err:
        fail(str(err))
    if warning := cut_warning(path, game, dropped=True):
        click.echo(warning, err=True)
    from rummy101_solver.report.render import tiles_text
    from rummy101_solver.report.track import event_text

    state = game.state
    click.echo(f"event {len(game.events)}: {event_text(recorded, state.seat)}")
    turn = {"draw": "next: draw or take", "play": "next: lay, then discard", "over": "round over"}
    after = turn[state.phase]
    if state.phase == "draw" and state.turn != state.seat:
        after = f"next: player {state.turn}'s turn"
    click.echo(
        f"rack ({len(state.rack)} tile{'s' * (len(state.rack) != 1)}): {tiles_text(state.rack)};"
        f" {after}"
    )
    return game


@track.command()
@house_option
@click.argument("tiles", nargs=-1, required=True)
@click.option("--players", type=IntRange(2, 4), default=4, show_default=True,
              help="Players at the table.")  # fmt: skip
@click.option("--seat", type=IntRange(1, 4), default=1, show_default=True,
              help="Your seat: players are 1…N in turn order (N plays before 1).")  # fmt: skip
@with_options("indicator", "threshold", "pairs_threshold", "rising", "joker_pairs",
              "one_turn_any_value")  # fmt: skip
@click.option("--layoff-limit", type=IntRange(1, 13), default=None, metavar="N",
              help="House rule: at most N tiles laid off onto one group per turn"
              " [R-LAYOFF-LIMIT].")  # fmt: skip
@click.option("--retrieve", type=click.Choice(["any", "full-set"]), default="any",
              show_default=True, help="Joker retrieval variant [R-RETRIEVE].")  # fmt: skip
@click.option("--no-same-turn-layoff", "same_turn_layoff", flag_value=False, default=True,
              help="House rule: no lay-offs in the opening turn [R-LAYOFF].")  # fmt: skip
@game_option
@click.pass_context
def new(
    ctx: click.Context,
    tiles: tuple[str, ...],
    players: int,
    seat: int,
    indicator: str | None,
    threshold: int,
    pairs_threshold: int,
    rising: bool,
    joker_pairs: bool,
    one_turn_any_value: bool,
    layoff_limit: int | None,
    retrieve: str,
    same_turn_layoff: bool,
    game: str | None,
) -> None:
    """Start a round: your rack as dealt (21 tiles, 22 if you start).

    The rules hold for the whole round; in rising mode (--rising) the bar
    follows the openings told ('lay', 'opened') [R-RISING].

    Exit code: 0 started, 2 a bad rack or option, or the file holds a round already.
    """
    if seat > players:
        fail(f"--seat {seat}: seats are 1–{players} with --players {players}")
    try:
        face = parse_face(indicator) if indicator is not None else None
    except RackError as err:
        fail(f"--indicator: {err.reason}")
    try:
        rack = parse_rack(" ".join(tiles), indicator=face)
    except RackError as err:
        fail(str(err))
    rules = TrackRules(
        threshold=threshold,
        pairs_threshold=pairs_threshold,
        rising=rising,
        indicator=face,
        joker_pairs=joker_pairs,
        one_turn_any_value=one_turn_any_value,
        layoff_limit=layoff_limit,
        retrieve=retrieve,  # type: ignore[arg-type]  # click.Choice
        same_turn_layoff=same_turn_layoff,
    )
    event = Event("new", tiles=rack.tiles, players=players, seat=seat, rules=rules)
    _record(_path(ctx, game), event)


@track.command()
@click.argument("tile")
@game_option
@click.pass_context
def draw(ctx: click.Context, tile: str, game: str | None) -> None:
    """You drew TILE from the stock, in your turn [R-TURN].

    Exit code: 0 recorded, 2 refused (the reason is printed; the file is unchanged).
    """
    _record(_path(ctx, game), lambda g: Event("draw", tile=_tile(tile, g, f"draw {tile}")))


@track.command()
@click.argument("player", type=IntRange(1, 4), required=False)
@game_option
@click.pass_context
def take(ctx: click.Context, player: int | None, game: str | None) -> None:
    """You (or PLAYER) took the last discard of the player before, first thing in
    the turn [R-TAKE-DISCARD, R-TURN].

    Exit code: 0 recorded, 2 refused (the file is unchanged).
    """
    _record(_path(ctx, game), Event("take", player=player))


@track.command()
@click.argument("tile")
@game_option
@click.pass_context
def discard(ctx: click.Context, tile: str, game: str | None) -> None:
    """You discarded TILE (from your rack); your turn ends [R-KEEP-DISCARD, R-FINISH].

    Exit code: 0 recorded, 2 refused (the file is unchanged).
    """
    _record(_path(ctx, game), lambda g: Event("discard", tile=_tile(tile, g, f"discard {tile}")))


@track.command()
@click.argument("player", type=IntRange(1, 4))
@click.argument("tile")
@game_option
@click.pass_context
def seen(ctx: click.Context, player: int, tile: str, game: str | None) -> None:
    """PLAYER (another seat) discarded TILE: their turn ends, the next seat's
    begins [R-TURN].

    Exit code: 0 recorded, 2 refused (the file is unchanged).
    """
    what = f"seen {player} {tile}"
    _record(_path(ctx, game), lambda g: Event("seen", player=player, tile=_tile(tile, g, what)))


@track.command()
@click.argument("player", type=IntRange(1, 4))
@click.argument("groups", nargs=-1, required=True)
@click.option("--onto", type=IntRange(1, 200), default=None, metavar="N",
              help="Lay the tiles off onto table group N (1-based, as 'show' numbers"
              " them) [R-LAYOFF].")  # fmt: skip
@game_option
@click.pass_context
def lay(
    ctx: click.Context, player: int, groups: tuple[str, ...], onto: int | None, game: str | None
) -> None:
    """PLAYER laid GROUPS on the table ("R3 R4 R5 | B7 K7 Y7", jokers pinned J=R7),
    or laid tiles off onto a group (--onto N). Your own lay has your seat.

    A player's first lay is the opening: it must meet the bar [R-OPEN-MELDS,
    R-OPEN-PAIRS, R-RISING]; yours keeps a tile for the discard [R-KEEP-DISCARD].

    Exit code: 0 recorded, 2 refused (the file is unchanged).
    """
    _record(_path(ctx, game), Event("lay", player=player, groups=(" ".join(groups),), onto=onto))


@track.command()
@click.argument("player", type=IntRange(1, 4))
@click.argument("how", type=click.Choice(["melds", "pairs"]))
@click.argument("value", type=IntRange(0, 9999), required=False)
@game_option
@click.pass_context
def opened(ctx: click.Context, player: int, how: str, value: int | None, game: str | None) -> None:
    """PLAYER opened with melds (VALUE points) or pairs (VALUE pairs), its tiles
    not told; without VALUE, the bar in force [R-RISING, R-PAIRS-AFTER].

    Exit code: 0 recorded, 2 refused (the file is unchanged).
    """
    event = Event("opened", player=player, how=how, value=value)  # type: ignore[arg-type]
    _record(_path(ctx, game), event)


@track.command()
@click.argument("player", type=IntRange(1, 4))
@click.argument("tile", required=False)
@game_option
@click.pass_context
def finish(ctx: click.Context, player: int, tile: str | None, game: str | None) -> None:
    """PLAYER (another seat) finished in their turn, TILE their last discard
    when you saw it; the round is over [R-FINISH, R-TURN].

    Exit code: 0 recorded, 2 refused (the file is unchanged).
    """

    def event(g: Game) -> Event:
        last = None if tile is None else _tile(tile, g, f"finish {player} {tile}")
        return Event("finish", player=player, tile=last)

    _record(_path(ctx, game), event)


@track.command()
@game_option
@click.pass_context
def stock(ctx: click.Context, game: str | None) -> None:
    """The stock ran out as a turn began: the round is over, no winner, everyone
    takes their hand penalty [R-SCORE].

    Only at the start of a turn (before its draw or take) and only when the
    stock can be empty: the unseen tiles no more than the opponents' racks
    can hold (21 each) [R-RACK, R-TILES].

    Exit code: 0 recorded, 2 refused (the file is unchanged).
    """
    _record(_path(ctx, game), Event("stock"))


@track.command()
@game_option
@click.pass_context
def undo(ctx: click.Context, game: str | None) -> None:
    """Take back the last event (appends an 'undo'; the file stays append-only).

    Exit code: 0 recorded, 2 nothing to take back.
    """
    _record(_path(ctx, game), Event("undo"))


def _working() -> None:
    """On a terminal, say that the advice is coming: the searches may take seconds."""
    if sys.stderr.isatty():
        click.echo("(working out the advice: outs and play…)", err=True)


def _read(path: str) -> Game:
    """The game file, read; a last line cut short by a killed writer is left
    out with a warning on stderr, as ``standings`` does [issue 34]."""
    try:
        found = read_game(path)
    except GameFileError as err:
        fail(str(err))
    if warning := cut_warning(path, found, dropped=False):
        click.echo(warning, err=True)
    return found


time_limit_option = click.option(
    "--time-limit",
    type=FiniteFloatRange(0.001, 86_400.0),
    default=DEFAULT_TIME_LIMIT,
    show_default=True,
    metavar="SECONDS",
    help="Solver time for the advice, every search together.",
)


@track.command()
@time_limit_option
@with_options("fmt", "color")
@game_option
@click.pass_context
def show(ctx: click.Context, time_limit: float, fmt: str, color: bool, game: str | None) -> None:
    """The round as it stands and the advice for this moment.

    Before your draw: take the last discard or draw (the turn with the taken
    tile, play --take, against the distance after a random draw and its
    odds). After it: the discard table and verdict of outs (not opened), or the
    plan of play against the table (opened, or able to open now). Always: the
    unseen tiles per kind, the bar, who has opened.

    Exit code: 0 shown, 2 a bad game file.
    """
    from rummy101_solver.engine.advice import advise
    from rummy101_solver.report.render import dumps
    from rummy101_solver.report.track import advice_json, advice_text

    found = _read(_path(ctx, game))
    state = found.state
    _working()
    advice = advise(state, time_limit=time_limit)
    score = _score_of(found) if state.phase == "over" else None
    if fmt == "json":
        click.echo(dumps(advice_json(advice, score)))
    else:
        echo_text(
            lambda c: advice_text(advice, fmt, color=c, score=score), fmt, color, "rummy101 track"
        )


def _score_of(
    found: Game,
    names: dict[int, str] | None = None,
    left: dict[int, tuple[Tile, ...]] | None = None,
) -> tuple[RoundEnd, ScoreLine]:
    """The end of a round that is over and its ``score`` line [R-SCORE]."""
    end = round_end(found.states)
    return end, score_line(end, names, left)


def _left(text: str, found: Game) -> tuple[int, tuple[Tile, ...]]:
    """``--left 'SEAT: TILES'`` as (seat, tiles). Raises RoundError."""
    seat_text, colon, tiles = text.partition(":")
    players = found.state.players
    if not colon or not seat_text.strip().isdigit():
        raise RoundError(f"--left {text!r}: write SEAT: TILES, e.g. '2: R3 R5 J'")
    seat = int(seat_text)
    if not 1 <= seat <= players:
        raise RoundError(f"--left {text!r}: no seat {seat}; seats are 1–{players}")
    try:
        rack = parse_rack(tiles, indicator=found.state.rules.indicator)
    except RackError as err:
        raise RoundError(f"--left {text!r}: {err}") from None
    if not rack.tiles:
        raise RoundError(f"--left {text!r}: no tiles; an opened player holds 1 or more [R-PENALTY]")
    return seat, rack.tiles


_SCORE_OWN = ("--end", "--winner")
"""The options of ``score`` that ``track score`` writes itself."""


@track.command(
    name="score",
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": True},
)
@click.option("--left", "lefts", multiple=True, metavar="'SEAT: TILES'",
              help="The tiles left of an opponent who opened, e.g. '2: R3 R5 J' (repeat"
              " per player) [R-PENALTY].")  # fmt: skip
@click.option("--name", "names", multiple=True, metavar="SEAT=NAME",
              help="A seat's name in the score line and the ledger, e.g. 2=Bea (default:"
              " you, player N).")  # fmt: skip
@click.argument("score_options", nargs=-1, type=click.UNPROCESSED, metavar="[SCORE OPTIONS]")
@game_option
@click.pass_context
def score_command(
    ctx: click.Context,
    lefts: tuple[str, ...],
    names: tuple[str, ...],
    score_options: tuple[str, ...],
    game: str | None,
) -> None:
    """Score the round that is over: 'rummy101 score' with the round's line.

    The line is the one 'track show' prints at the end: --end and --winner
    from the game file (a joker finish, a one-turn finish, the stock), each
    seat's state, your tiles left. An opponent who opened keeps tiles you
    did not see: give them with --left (refused while one is missing).

    Every other option goes to 'rummy101 score' as it is: --ledger FILE
    appends the round to a match ledger exactly as 'score --ledger' does,
    --format (json: schema 'rummy101 schema score'), --sheet, --extra and
    the other house rules.

    \b
    Example:
      rummy101 track score --left '2: R3 R5' --name 1=Ali --name 2=Bea \\
          --ledger match.jsonl

    Exit code: 0 scored, 2 the round is not over, a tiles left missing or
    bad, or what 'score' refuses (nothing appended to the ledger), 4 the
    output could not be written.
    """
    from rummy101_solver.cli.score import score as score_cmd
    from rummy101_solver.game.round_end import check_left, missing_message, parse_name

    found = _read(_path(ctx, game))
    state = found.state
    for word in score_options:
        if word.split("=")[0] in _SCORE_OWN:
            fail(f"score: {word.split('=')[0]} comes from the game file; track score writes it")
    try:
        named = dict(parse_name(text, state.players) for text in names)
        left = dict(_left(text, found) for text in lefts)
        check_left(state, left)
        end, line = _score_of(found, named, left)
    except RoundError as err:
        fail(f"score: {err}")
    if line.missing:
        fail(missing_message(line, end))
    args = [*line.options, *score_options, "--", *line.players]
    with score_cmd.make_context("rummy101 score", args) as sub:
        extra = sub.params["players"][: len(sub.params["players"]) - len(line.players)]
        if extra:
            fail(f"score: {extra[0]!r} is not an option of rummy101 score")
        if sub.params["fmt"] not in ("json", "csv"):
            click.echo(f"Score line: {_applied(line, score_options)}")
        score_cmd.invoke(sub)


def _applied(line: ScoreLine, score_options: tuple[str, ...]) -> str:
    """The score line of ``line`` with the ``score`` options the user gave
    (``--house``, ``--sheet`` …) put in after its own, so a copy of the line
    scores the same; ``--ledger`` is left out (where a round is kept, not how
    it scores)."""
    kept: list[str] = []
    words = list(score_options)
    while words:
        word = words.pop(0)
        if word == "--ledger":
            words = words[1:]
        elif not word.startswith("--ledger="):
            kept.append(word)
    return shlex.join(("rummy101", "score", *line.options, *kept, *line.players))


@track.command()
@with_options("fmt")
@game_option
@click.pass_context
def history(ctx: click.Context, fmt: str, game: str | None) -> None:
    """Every event of the round, those taken back by 'undo' marked.

    Exit code: 0 shown, 2 a bad game file.
    """
    from rummy101_solver.files.game_file import history_json
    from rummy101_solver.report.render import dumps
    from rummy101_solver.report.track import history_text

    found = _read(_path(ctx, game))
    if fmt == "json":
        click.echo(dumps(history_json(found.events, found.state.seat)))
    else:
        click.echo(history_text(found.events, found.state.seat, fmt))


# --- the interactive prompt -----------------------------------------------------------

PROMPT_HELP = """\
Short commands (tiles as R5, 7r, J; players by seat number):
  d TILE          you drew TILE              x TILE        you discarded TILE
  t               you took the last discard  t P           player P took it
  s P TILE        player P discarded TILE    u             undo the last event
  l P GROUPS      player P laid GROUPS ("R3 R4 R5 | B7 K7 Y7"; yours: your seat)
  o P N TILES     player P laid TILES off onto table group N
  op P melds|pairs [VALUE]   player P opened (tiles not told)
  f P [TILE]      player P finished (TILE: their last discard)
  stock           the stock ran out: the round is over, no winner
  show (or .)     the advice again           h             the history
  ?               this help                  q, Ctrl-D     quit"""

EXIT_REFUSED = 2
"""The exit code of a piped ``track play`` that refused a line."""

_ALIASES = {
    "draw": "d", "discard": "x", "take": "t", "seen": "s", "lay": "l", "onto": "o",
    "opened": "op", "finish": "f", "undo": "u", ".": "show", "history": "h", "help": "?",
    "quit": "q", "exit": "q",
}  # fmt: skip

_WORDS: dict[str, tuple[int, int | None, str]] = {
    "d": (1, 1, "a tile: d R5"),
    "x": (1, 1, "a tile: x K1"),
    "t": (0, 1, "at most a player: t 2"),
    "s": (2, 2, "a player and a tile: s 2 K4"),
    "l": (2, None, "a player and groups: l 2 R3 R4 R5 | B7 K7 Y7"),
    "o": (3, None, "a player, a table group and tiles: o 2 1 R6"),
    "op": (2, 3, "a player, melds or pairs and a value: op 3 melds 105"),
    "f": (1, 2, "a player and their last discard: f 3 K5"),
    "u": (0, 0, ""),
    "stock": (0, 0, ""),
    "show": (0, 0, ""),
    "h": (0, 0, ""),
    "?": (0, 0, ""),
    "q": (0, 0, ""),
}
"""Per short command: the fewest and the most words after it (``None``: any
number, the groups of a lay), and what it takes; more words are refused, as the
subcommands refuse an extra argument."""


def _shown(text: str) -> str:
    """A word as an error message quotes it: a long one cut (a 5,000-digit number)."""
    return text if len(text) <= 20 else f"{text[:20]}… ({len(text)} characters)"


def _command(words: list[str]) -> tuple[str, list[str]]:
    """The short command of a line and its words, their count checked
    (raises RoundError naming what is missing or extra)."""
    typed = words[0]
    head = _ALIASES.get(typed.lower(), typed.lower())
    if head not in _WORDS:
        raise RoundError(f"'{_shown(typed)}': no such command; '?' lists them")
    args = words[1:]
    fewest, most, usage = _WORDS[head]
    if len(args) < fewest:
        raise RoundError(f"'{typed}' needs {usage}")
    if most is not None and len(args) > most:
        extra = " ".join(_shown(w) for w in args[most:])
        if most == 0:
            raise RoundError(f"'{typed}' takes no word after it; extra: {extra}")
        raise RoundError(f"'{typed}' takes {usage}, nothing more; extra: {extra}")
    return head, args


def _number(text: str, low: int, high: int, what: str) -> int:
    """A number typed at the prompt, in the range the subcommands take (ASCII
    digits; a huge one refused before it is converted). Raises RoundError."""
    if not text.isascii() or not text.isdigit() or len(text) > 5 or not low <= int(text) <= high:
        raise RoundError(f"'{_shown(text)}' is not a {what} in {low}–{high}")
    return int(text)


def _event_of(head: str, args: list[str], game: Game) -> Event:
    """The event a short command tells (``head`` as :func:`_command` gives it).
    Raises RoundError with the reason."""

    def seat(text: str) -> int:
        return _number(text, 1, 4, "player number")

    if head == "d":
        return Event("draw", tile=_tile(args[0], game, f"draw {args[0]}"))
    if head == "x":
        return Event("discard", tile=_tile(args[0], game, f"discard {args[0]}"))
    if head == "t":
        return Event("take", player=seat(args[0]) if args else None)
    if head == "s":
        what = f"seen {args[0]} {args[1]}"
        return Event("seen", player=seat(args[0]), tile=_tile(args[1], game, what))
    if head == "l":
        return Event("lay", player=seat(args[0]), groups=(" ".join(args[1:]),))
    if head == "o":
        onto = _number(args[1], 1, 200, "table group number")
        return Event("lay", player=seat(args[0]), groups=(" ".join(args[2:]),), onto=onto)
    if head == "op":
        how = args[1].lower()
        if how not in ("melds", "pairs"):
            raise RoundError(f"opened: '{_shown(args[1])}' is not melds or pairs")
        value = _number(args[2], 0, 9999, "value") if len(args) > 2 else None
        return Event("opened", player=seat(args[0]), how=how, value=value)  # type: ignore[arg-type]
    if head == "f":
        player = seat(args[0])
        last = _tile(args[1], game, f"finish {args[0]} {args[1]}") if len(args) > 1 else None
        return Event("finish", player=player, tile=last)
    if head == "stock":
        return Event("stock")
    return Event("undo")


_COMMAND_WORDS = ("draw", "discard", "take", "seen", "lay", "onto", "opened", "finish", "stock",
                  "undo", "show", "history", "help", "quit", "melds", "pairs")  # fmt: skip


def _completer(state: Callable[[], Any]) -> Any:
    """Tab completion: the command words and every tile; after a discard (``x``,
    ``discard``) and in your own lay, only the tiles on your rack (``state()``
    gives the state as it stands)."""
    from prompt_toolkit.completion import Completer, Completion

    from rummy101_solver.game.tiles import ALL_FACES

    every = [*_COMMAND_WORDS, *(f.code for f in ALL_FACES), "J", "F"]

    class TrackCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            typed = document.text_before_cursor
            words = typed.replace("|", " | ").split()
            current = "" if not typed or typed[-1].isspace() else words.pop()
            choices = every
            if words and _own_tiles(words, state()):
                choices = list(dict.fromkeys(t.code for t in state().rack))
            for choice in choices:
                if choice.lower().startswith(current.lower()):
                    yield Completion(choice, start_position=-len(current))

    return TrackCompleter()


def _own_tiles(words: list[str], state: Any) -> bool:
    """True when the word being typed is a tile from your rack: after ``x`` (a
    discard), or among the tiles of your own lay (``l SEAT``, ``o SEAT N``)."""
    head = _ALIASES.get(words[0].lower(), words[0].lower())
    if head == "x":
        return len(words) == 1
    mine = len(words) >= 2 and words[1] == str(state.seat)
    return (head == "l" and mine) or (head == "o" and mine and len(words) >= 3)


@track.command()
@time_limit_option
@with_options("color")
@game_option
@click.pass_context
def play(ctx: click.Context, time_limit: float, color: bool, game: str | None) -> None:
    """An interactive prompt for the round: short commands (d R5, x K1, s 2 K4,
    t, u, ?), tile completion (Tab; a discard offers your rack's tiles) and
    history (up arrow); the advice is printed after each event. Ctrl-D, Ctrl-C
    or q quits. The game file must exist ('track new' first); every event is
    appended as the subcommands do, and a refused line is told on stderr.

    Read from a pipe (for scripts), one command a line: a refused line is told
    on stderr with its line number, and the rest still read.

    Exit code: 0 on quitting, 2 a bad game file, or a line of a pipe refused.
    """
    from rummy101_solver.engine.advice import advise
    from rummy101_solver.report.track import advice_text, event_text, history_text

    path = _path(ctx, game)
    found = _read(path)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    latest = [found]
    refused = 0
    number = 0

    def advice(game: Game) -> None:
        _working()
        state = game.state
        score = _score_of(game) if state.phase == "over" else None
        told = advise(state, time_limit=time_limit)
        click.echo(advice_text(told, color=color, score=score), color=color)

    def refuse(message: str) -> None:
        nonlocal refused
        refused += 1
        where = "" if interactive else f"stdin line {number}: "
        click.echo(f"Error: {where}{message}", err=True)

    def leave() -> None:
        click.echo("bye")
        if refused and not interactive:
            ctx.exit(EXIT_REFUSED)

    advice(found)
    read = _reader(interactive, lambda: latest[0].state)
    while True:
        try:
            line = read()
        except (EOFError, KeyboardInterrupt):
            leave()
            return
        number += 1
        if "\x00" in line:
            refuse("the line holds NUL bytes; it is not text")
            continue
        try:
            words = shlex.split(line.replace("|", " | "))
        except ValueError:
            refuse("an opening quote has no closing quote; close it or leave the quotes out")
            continue
        if not words:
            continue
        try:
            head, args = _command(words)
            if head == "q":
                leave()
                return
            if head == "?":
                click.echo(PROMPT_HELP)
                continue
            found = read_game(path)
            latest[0] = found
            if head == "show":
                advice(found)
                continue
            if head == "h":
                click.echo(history_text(found.events, found.state.seat))
                continue
            found, recorded = append_event(path, _event_of(head, args, found))
            latest[0] = found
        except (RoundError, GameFileError) as err:
            refuse(str(err))
            continue
        click.echo(f"event {len(found.events)}: {event_text(recorded, found.state.seat)}")
        advice(found)


def _reader(interactive: bool, state: Callable[[], Any]) -> Callable[[], str]:
    """One line at a time: a prompt_toolkit session on a terminal (completion
    from ``state()``), else stdin lines."""
    if interactive:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        session: Any = PromptSession(history=InMemoryHistory(), completer=_completer(state))
        return lambda: str(session.prompt("track> "))

    def line() -> str:
        text = sys.stdin.readline()
        if not text:
            raise EOFError
        return text.rstrip("\n")

    return line
