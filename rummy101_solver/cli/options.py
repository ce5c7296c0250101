"""The options several commands share, declared once [sqlite-utils style].

``with_options("threshold", "take", …)`` adds the named options to a command;
``RULE_OPTIONS`` are the ones that set the rules of the game (``Rules``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

import click

from rummy101_solver.cli.common import (
    color_option,
    fail,
    format_option,
    read_stdin_lines,
    stdin_is_terminal,
)
from rummy101_solver.cli.language import rack_notation
from rummy101_solver.files.case import MAX_PAIRS, MAX_POINTS, MAX_TIME_LIMIT
from rummy101_solver.game.notation import to_english_codes
from rummy101_solver.game.rules import (
    FINISH_TABLES,
    MAX_KAT,
    MELD_THRESHOLD,
    OKEY_LEFTS,
    PAIRS_THRESHOLD,
)
from rummy101_solver.i18n import _

F = TypeVar("F", bound=Callable[..., Any])


def _ascii_number(
    kind: click.IntRange | click.FloatRange,
    value: Any,
    param: click.Parameter | None,
    ctx: click.Context | None,
) -> None:
    """Refuse a number written with other digits than ASCII 0–9 (a full-width
    zero: Python's ``int`` and ``float`` would read it), as tiles refuse them [R-TILES]."""
    if isinstance(value, str) and not value.isascii():
        kind.fail(f"{value!r}: numbers are written with the ASCII digits 0–9", param, ctx)


class IntRange(click.IntRange):
    """``click.IntRange`` that takes only ASCII digits (``--threshold`` with a
    full-width zero is refused, as a tile with a full-width 7 is). Every
    integer option of every command uses it (a test checks)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _ascii_number(self, value, param, ctx)
        return super().convert(value, param, ctx)


class FiniteFloatRange(click.FloatRange):
    """``click.FloatRange`` that also refuses ``nan`` (it compares false with
    every bound, so a plain range lets it through) and infinities, and takes
    only ASCII digits. Every float option of every command uses it (a test checks)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        _ascii_number(self, value, param, ctx)
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


_OPTIONS: dict[str, Callable[[F], F]] = {
    "threshold": click.option(
        "--threshold",
        type=IntRange(0, MAX_POINTS),
        default=MELD_THRESHOLD,
        show_default=True,
        help="Points a meld opening needs [R-OPEN-MELDS].",
    ),
    "pairs_threshold": click.option(
        "--pairs-threshold",
        type=IntRange(0, MAX_PAIRS),
        default=PAIRS_THRESHOLD,
        show_default=True,
        help="Pairs a pairs opening needs [R-OPEN-PAIRS].",
    ),
    "after": click.option(
        "--after",
        type=IntRange(0, MAX_POINTS),
        default=None,
        metavar="POINTS",
        help="Rising mode: highest meld opening so far; the bar becomes POINTS+1 [R-RISING].",
    ),
    "rising": click.option(
        "--rising",
        is_flag=True,
        default=False,
        help="Rising mode with no opening yet: the first needs the threshold; give the"
        " highest opening so far with --after / --after-pairs [R-RISING].",
    ),
    "after_pairs": click.option(
        "--after-pairs",
        type=IntRange(0, MAX_PAIRS),
        default=None,
        metavar="PAIRS",
        help="Rising mode: the most pairs opened so far; the bar becomes PAIRS+1 [R-RISING].",
    ),
    "take": click.option(
        "--take",
        metavar="TILE",
        default=None,
        callback=lambda ctx, param, value: tile_in_notation(ctx, value),
        help="Take TILE (the last discard) instead of drawing: it joins the rack"
        " and every opening must use it [R-TAKE-DISCARD].",
    ),
    "indicator": click.option(
        "--indicator",
        metavar="TILE",
        default=None,
        callback=lambda ctx, param, value: tile_in_notation(ctx, value),
        help="Okey variant: the face-up indicator; the next number of its colour is"
        " the okey (wild, also written J), F is a fake okey [R-INDICATOR].",
    ),
    "indicator_twin": click.option(
        "--indicator-twin",
        is_flag=True,
        default=False,
        help="House rule: the other copy of the indicator, laid on it before the first draw,"
        " serves its owner as one wild tile completing one pair (the okey.gg profile sets it)"
        " [R-INDICATOR-TWIN].",
    ),
    "twin_laid": click.option(
        "--twin-laid",
        is_flag=True,
        default=False,
        help="You laid the indicator's twin on it before the first draw (needs --indicator"
        " and --indicator-twin): the rack no longer holds it, and the pairs opening may use"
        " it for one pair [R-INDICATOR-TWIN].",
    ),
    "objective": click.option(
        "--objective",
        type=click.Choice(["value", "penalty"]),
        default="value",
        show_default=True,
        help="value: highest-value opening; penalty: lowest residual penalty among"
        " openings that meet the threshold, or by value when none does (the header"
        " says so) [R-RESIDUAL].",
    ),
    "joker_pairs": click.option(
        "--no-joker-pairs",
        "joker_pairs",
        flag_value=False,
        default=True,
        help="House rule: a joker may not replace a tile of a pair [R-PAIR].",
    ),
    "one_turn_any_value": click.option(
        "--one-turn-any-value",
        is_flag=True,
        default=False,
        help="House rule: a one-turn finish stands whatever its value (no bar for"
        " its melds or pairs) [R-ONE-TURN-ANY-VALUE].",
    ),
    "keep": click.option(
        "--keep",
        type=IntRange(0, 22),
        default=1,
        show_default=True,
        help="Tiles that must stay on the rack (1 for the discard) [R-KEEP-DISCARD].",
    ),
    "alternatives": click.option(
        "--alternatives",
        type=IntRange(0, 50),
        default=3,
        show_default=True,
        help="Next-best openings to list; each lays a tile no opening above it lays"
        " (a part of the best is never listed).",
    ),
    "play_alternatives": click.option(
        "--alternatives",
        type=IntRange(0, 50),
        default=3,
        show_default=True,
        help="Next-best turns to list ('Other plans'): of the best turn's kind (a meld"
        " opening, a pairs opening, or a turn once opened), ranked as the best, each leaving"
        " other tiles on the rack than every turn above it.",
    ),
    "time_limit": click.option(
        "--time-limit",
        type=FiniteFloatRange(0.001, MAX_TIME_LIMIT),
        default=10.0,
        show_default=True,
        metavar="SECONDS",
        help="Solver time for the whole rack; past it, answers say 'feasible', not 'optimal'.",
    ),
    "fmt": format_option,
    "color": color_option,
    # --- the house rules of Turkish tables (issue 30): one switch each, off by default
    "fed_opening": click.option(
        "--fed-opening",
        is_flag=True,
        default=False,
        help="House rule: the player whose discard the next player takes and opens with pays"
        " +101, entered as --extra 'NAME: fed-opening [TAKER]' [R-FED-OPENING].",
    ),
    "pairs_declare": click.option(
        "--pairs-declare",
        is_flag=True,
        default=False,
        help="House rule: players may declare pairs (--declared NAME); a declared player who"
        " never opens pays 404 [R-PAIRS-DECLARE].",
    ),
    "declared": click.option(
        "--declared",
        "declared",
        multiple=True,
        metavar="NAME",
        help="NAME declared pairs this round (repeatable; needs --pairs-declare)"
        " [R-PAIRS-DECLARE].",
    ),
    "pairs_cap": click.option(
        "--pairs-cap",
        is_flag=True,
        default=False,
        help="House rule: at most three players go for pairs; all four opening with pairs"
        " void the round [R-PAIRS-CAP].",
    ),
    "riziko": click.option(
        "--riziko",
        is_flag=True,
        default=False,
        help="House rule: a fake okey turned up as the indicator makes the round riziko,"
        " every amount doubled (the round: --fake-indicator) [R-RIZIKO].",
    ),
    "fake_indicator": click.option(
        "--fake-indicator",
        is_flag=True,
        default=False,
        help="This round's indicator was a fake okey: a riziko round (needs --riziko) [R-RIZIKO].",
    ),
    "katlama": click.option(
        "--katlama",
        is_flag=True,
        default=False,
        help="House rule: the table keeps a multiplier (kat) for the round's amounts, given"
        " with --kat [R-KATLAMA].",
    ),
    "kat": click.option(
        "--kat",
        type=IntRange(1, MAX_KAT),
        default=1,
        show_default=True,
        metavar="N",
        help="This round's multiplier (needs --katlama) [R-KATLAMA].",
    ),
    "okey_left": click.option(
        "--okey-left",
        type=click.Choice(OKEY_LEFTS),
        default="inside",
        show_default=True,
        help="An okey left on a rack: inside the sum of the tiles left, or outside every"
        " multiplier as a fixed surcharge (house) [R-OKEY-LEFT].",
    ),
    "finish_table": click.option(
        "--finish-table",
        type=click.Choice(FINISH_TABLES),
        default="classic",
        show_default=True,
        help="The finish amounts: classic, or okey-plus (an okey, one-turn or pairs finish"
        " 202 and x2, two of them 404 and x4) [R-FINISH-TABLE].",
    ),
    "teams": click.option(
        "--teams",
        is_flag=True,
        default=False,
        help="House rule: eşli 101, four players in seat order, partners opposite (1 and 3,"
        " 2 and 4); each team's sum is shown [R-TEAMS].",
    ),
    "layoff_takeback": click.option(
        "--layoff-takeback",
        is_flag=True,
        default=False,
        help="House rule: taking back more than the last tile laid off costs +101, entered"
        " as --extra 'NAME: layoff-takeback' [R-LAYOFF-TAKEBACK].",
    ),
}

HOUSE_SCORE_OPTIONS = (
    "fed_opening",
    "pairs_declare",
    "pairs_cap",
    "riziko",
    "katlama",
    "okey_left",
    "finish_table",
    "teams",
    "layoff_takeback",
)
"""The house switches of Turkish tables that ``score`` takes (a house profile may set
them) [R-FED-OPENING … R-LAYOFF-TAKEBACK]."""

ROUND_FACT_OPTIONS = ("declared", "fake_indicator", "kat")
"""What happened in the round under those switches (a profile never sets them)."""


def _apply_house(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--house``: load the profile (exit 2 for a bad one) and make its values the
    defaults of this command's options, so a flag on the command line overrides it."""
    if value is None:
        return
    from rummy101_solver.files.house import HouseError, load_house

    try:
        profile = load_house(value)
    except HouseError as err:
        fail(str(err))
    names = {p.name for p in ctx.command.params}
    taken = {k: v for k, v in profile.keywords().items() if k in names}
    ctx.default_map = {**(ctx.default_map or {}), **taken}
    ctx.meta["rummy101.house"] = profile


def house_words(ctx: click.Context) -> str | None:
    """The line that says the rules in force under ``--house``: the profile, the values
    this command takes from it, and the options given on the command line that override
    it; ``None`` without ``--house``."""
    from click.core import ParameterSource

    from rummy101_solver.files.house import HouseProfile

    profile: HouseProfile | None = ctx.meta.get("rummy101.house")
    if profile is None:
        return None
    options = {p.name: p for p in ctx.command.params if isinstance(p, click.Option)}
    used, overridden = [], []
    for key, value in profile.values:
        option = options.get(key.replace("-", "_"))
        if option is None:
            continue
        if ctx.get_parameter_source(key.replace("-", "_")) == ParameterSource.COMMANDLINE:
            overridden.append(option.opts[0] if option.opts else key)
        else:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            used.append(f"{key} = {shown}")
    taken = ", ".join(used) if used else "no rule of this command"
    line = f"House profile {profile.name}: {taken}."
    if overridden:
        line += f" The command line overrides it: {', '.join(overridden)}."
    return line


def house_option(func: F) -> F:
    """``--house FILE|NAME`` for a command that takes rules: the profile's values become
    the options' defaults (a flag given overrides it) and one line on stderr says the
    rules in force (:func:`house_words`) [issue 30]."""

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        line = house_words(click.get_current_context())
        if line is not None:
            click.echo(line, err=True)
        return func(*args, **kwargs)

    option = click.option(
        "--house",
        metavar="FILE|NAME",
        default=None,
        is_eager=True,
        expose_value=False,
        callback=_apply_house,
        help="A table's rules written once: a built-in profile (classic, okey.gg, okey-plus,"
        " esli; 'rummy101 rules --house NAME' shows one) or a TOML file of option names;"
        " a flag given here overrides it.",
    )
    return cast(F, option(run))


def with_options(*names: str) -> Callable[[F], F]:
    """A decorator adding the named shared options, in the order given."""

    def decorate(func: F) -> F:
        for name in reversed(names):
            func = _OPTIONS[name](func)
        return func

    return decorate


RULE_OPTIONS = (
    "threshold",
    "pairs_threshold",
    "rising",
    "after",
    "after_pairs",
    "take",
    "indicator",
    "joker_pairs",
    "keep",
)
"""The options that set the rules of the game (``Rules``)."""

SOLVE_OPTIONS = (
    *RULE_OPTIONS[:-1],
    "objective",
    "one_turn_any_value",
    "indicator_twin",
    "twin_laid",
    "keep",
    "alternatives",
    "time_limit",
)
"""The options of ``solve`` that ``batch`` takes too (every one but the output's)."""

solve_options = with_options(*SOLVE_OPTIONS, "fmt", "color")
"""The options of ``solve``."""


ONE_PER_COMMAND = {
    "solve": "one rack per command; use 'rummy101 batch' for one rack per line",
    "outs": "one rack per command; use 'rummy101 batch --outs' for one rack per line",
    "play": "one rack per command, the table in --table; 'rummy101 batch' does not play turns",
    "check": "one arrangement per command, its groups on one line separated by '|' or '/';"
    " 'rummy101 batch' analyses racks and cannot check arrangements",
}
"""Per command: what stdin holds, said when it holds more than one line."""


def read_rack_text(tiles: tuple[str, ...], command: str = "solve") -> str:
    """The rack (or, for ``check``, the arrangement) text of ``command``: the
    arguments, or stdin when there are none or only ``-``.

    From stdin: one line, blank lines and lines starting with ``#`` skipped
    (as ``batch`` does); each line at most 16384 bytes. More lines, or a
    terminal for stdin, stop with a message for ``command`` (exit 2).
    """
    if tiles and tiles != ("-",):
        return in_notation(" ".join(tiles))
    if stdin_is_terminal():
        if command == "check":
            fail(
                "empty arrangement: give the groups as arguments"
                ' (rummy101 check "R3 R4 R5 | B7 K7 Y7") or on stdin'
            )
        fail(f"empty rack: give the tiles as arguments (rummy101 {command} R3 R4 R5 …) or on stdin")
    lines = [(n, line) for n, line in read_stdin_lines() if line.strip()]
    lines = [(n, line) for n, line in lines if not line.lstrip().startswith("#")]
    if len(lines) > 1:
        fail(
            f"stdin holds {len(lines)} lines (lines {lines[0][0]} and {lines[1][0]} …): "
            + ONE_PER_COMMAND[command]
        )
    return in_notation(lines[0][1]) if lines else ""


def tile_in_notation(ctx: click.Context, value: str | None) -> str | None:
    """An option's tile (``--indicator``, ``--take``) in the tile notation of the run:
    ``K13`` is red 13 under ``--lang tr``/``--notation tr`` (or a Turkish environment),
    black otherwise. No warning here: the rack's reading warns (docs/turkish.md)."""
    if value is None:
        return None
    return to_english_codes(value, rack_notation(ctx)[0]).text


def in_notation(text: str) -> str:
    """``text`` as typed in the chosen tile notation (``--notation``, ``--lang``, else
    the environment's language), rewritten in the English codes the parser reads; a
    tile that reads differently in the two notations, when the user chose none, gets a
    one-line warning on stderr naming it, unless the rack's other codes show its
    notation (:meth:`rummy101_solver.game.notation.Reading.in_doubt`)."""
    notation, chosen = rack_notation()
    reading = to_english_codes(text, notation)
    if not chosen and reading.in_doubt(notation):
        tiles = " ".join(reading.ambiguous)
        if notation == "en":
            message = _(
                "rummy101: warning: {tiles} read as black (K is black in the English"
                " notation, red in the Turkish one); choose with --notation en or tr."
            )
        else:
            message = _(
                "rummy101: warning: {tiles} read as red (K is red, kırmızı, in the Turkish"
                " notation, black in the English one); choose with --notation tr or en."
            )
        click.echo(message.format(tiles=tiles), err=True)
    return reading.text
