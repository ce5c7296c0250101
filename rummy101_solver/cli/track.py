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
from rummy101_solver.cli.options import FiniteFloatRange, IntRange, with_options
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
    turn [R-TILES, R-RACK, R-TAKE-DISCARD]; a bad one exits 2 and leaves the
    file as it was.

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
    click.echo(
        f"rack ({len(state.rack)} tile{'s' * (len(state.rack) != 1)}):"
        f" {tiles_text(state.rack)}; {turn[state.phase]}"
    )
    return game


@track.command()
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
    """You drew TILE from the stock.

    Exit code: 0 recorded, 2 refused (the reason is printed; the file is unchanged).
    """
    _record(_path(ctx, game), lambda g: Event("draw", tile=_tile(tile, g, f"draw {tile}")))


@track.command()
@click.argument("player", type=IntRange(1, 4), required=False)
@game_option
@click.pass_context
def take(ctx: click.Context, player: int | None, game: str | None) -> None:
    """You (or PLAYER) took the last discard of the player before [R-TAKE-DISCARD].

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
    """PLAYER (another seat) discarded TILE.

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

    state = _read(_path(ctx, game)).state
    _working()
    advice = advise(state, time_limit=time_limit)
    if fmt == "json":
        click.echo(dumps(advice_json(advice)))
    else:
        echo_text(lambda c: advice_text(advice, fmt, color=c), fmt, color, "rummy101 track")


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
  show (or .)     the advice again           h             the history
  ?               this help                  q, Ctrl-D     quit"""


def _event_of(words: list[str], game: Game) -> Event | None:
    """The event a short command tells, or ``None`` for a command that tells none.
    Raises RoundError / ValueError with the reason."""
    head, args = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        if len(args) < n:
            raise RoundError(f"'{head}' needs {usage}")

    def seat(text: str) -> int:
        if not text.isascii() or not text.isdigit():
            raise RoundError(f"'{text}' is not a player number")
        return int(text)

    if head in ("d", "draw"):
        need(1, "a tile: d R5")
        return Event("draw", tile=_tile(args[0], game, f"draw {args[0]}"))
    if head in ("x", "discard"):
        need(1, "a tile: x K1")
        return Event("discard", tile=_tile(args[0], game, f"discard {args[0]}"))
    if head in ("t", "take"):
        return Event("take", player=seat(args[0]) if args else None)
    if head in ("s", "seen"):
        need(2, "a player and a tile: s 2 K4")
        what = f"seen {args[0]} {args[1]}"
        return Event("seen", player=seat(args[0]), tile=_tile(args[1], game, what))
    if head in ("l", "lay"):
        need(2, "a player and groups: l 2 R3 R4 R5 | B7 K7 Y7")
        return Event("lay", player=seat(args[0]), groups=(" ".join(args[1:]),))
    if head in ("o", "onto"):
        need(3, "a player, a table group and tiles: o 2 1 R6")
        return Event("lay", player=seat(args[0]), groups=(" ".join(args[2:]),),
                     onto=seat(args[1]))  # fmt: skip
    if head in ("op", "opened"):
        need(2, "a player and melds or pairs: op 3 melds 105")
        how = args[1].lower()
        if how not in ("melds", "pairs"):
            raise RoundError(f"opened: '{args[1]}' is not melds or pairs")
        value = seat(args[2]) if len(args) > 2 else None
        return Event("opened", player=seat(args[0]), how=how, value=value)  # type: ignore[arg-type]
    if head in ("u", "undo"):
        return Event("undo")
    raise RoundError(f"'{words[0]}': no such command; '?' lists them")


def _completer() -> Any:
    from prompt_toolkit.completion import WordCompleter

    from rummy101_solver.game.tiles import ALL_FACES

    words = ["draw", "discard", "take", "seen", "lay", "onto", "opened", "undo", "show",
             "history", "help", "quit", "melds", "pairs"]  # fmt: skip
    tiles = [f.code for f in ALL_FACES] + ["J", "F"]
    return WordCompleter(words + tiles, ignore_case=True)


@track.command()
@time_limit_option
@with_options("color")
@game_option
@click.pass_context
def play(ctx: click.Context, time_limit: float, color: bool, game: str | None) -> None:
    """An interactive prompt for the round: short commands (d R5, x K1, s 2 K4,
    t, u, ?), tile completion (Tab) and history (up arrow); the advice is printed
    after each event. Ctrl-D, Ctrl-C or q quits. The game file must exist
    ('track new' first); every event is appended as the subcommands do.

    Exit code: 0 on quitting, 2 a bad game file.
    """
    from rummy101_solver.engine.advice import advise
    from rummy101_solver.report.track import advice_text, history_text

    path = _path(ctx, game)
    found = _read(path)

    def advice(state: Any) -> None:
        _working()
        click.echo(advice_text(advise(state, time_limit=time_limit), color=color), color=color)

    advice(found.state)
    read = _reader()
    while True:
        try:
            line = read()
        except (EOFError, KeyboardInterrupt):
            click.echo("bye")
            return
        try:
            words = shlex.split(line.replace("|", " | "))
        except ValueError as err:
            click.echo(f"Error: {err}")
            continue
        if not words:
            continue
        head = words[0].lower()
        if head in ("q", "quit", "exit"):
            click.echo("bye")
            return
        if head in ("?", "help"):
            click.echo(PROMPT_HELP)
            continue
        try:
            found = read_game(path)
            if head in ("show", "."):
                advice(found.state)
                continue
            if head in ("h", "history"):
                click.echo(history_text(found.events, found.state.seat))
                continue
            event = _event_of(words, found)
            assert event is not None
            found, recorded = append_event(path, event)
        except (RoundError, GameFileError) as err:
            click.echo(f"Error: {err}")
            continue
        from rummy101_solver.report.track import event_text

        click.echo(f"event {len(found.events)}: {event_text(recorded, found.state.seat)}")
        advice(found.state)


def _reader() -> Callable[[], str]:
    """One line at a time: a prompt_toolkit session on a terminal, else stdin lines."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        session: Any = PromptSession(history=InMemoryHistory(), completer=_completer())
        return lambda: str(session.prompt("track> "))

    def line() -> str:
        text = sys.stdin.readline()
        if not text:
            raise EOFError
        return text.rstrip("\n")

    return line
