"""``rummy101 deal``: seeded dealt racks, or one dealt round [R-TILES, R-RACK]."""

from __future__ import annotations

import click

from rummy101_solver.cli.common import fail, refuse_options
from rummy101_solver.cli.language import translated_help
from rummy101_solver.cli.options import IntRange
from rummy101_solver.game.deal import MAX_SEED
from rummy101_solver.game.parsing import RackError
from rummy101_solver.i18n import _


@translated_help
@click.command()
@click.option(
    "--seed",
    type=IntRange(0, MAX_SEED),
    default=1,
    show_default=True,
    help=_("Shuffle seed of the first rack (of the round, with --round)."),
)
@click.option(
    "--count",
    type=IntRange(min=1),
    default=1,
    show_default=True,
    help=_("Racks to deal (seeds SEED, SEED+1, …), one at a time: no upper limit."),
)
@click.option(
    "--size",
    type=IntRange(1, 22),
    default=22,
    show_default=True,
    help=_("Tiles per rack [R-RACK]."),
)
@click.option(
    "--indicator",
    metavar="TILE",
    default=None,
    help=_(
        "Deal an okey set: TILE lies face up (one copy taken out of the set), the two"
        " okeys are written J and the two special tiles F (fake okeys) [R-INDICATOR]."
    ),
)
@click.option(
    "--round",
    "as_round",
    is_flag=True,
    default=False,
    help=_(
        "Deal one shuffle as a real round: seat 1 gets 22 tiles, the others 21,"
        " the rest is the stock [R-RACK]."
    ),
)
@click.option(
    "--players",
    type=IntRange(2, 4),
    default=4,
    show_default=True,
    help=_("Seats of the round (with --round)."),
)
@click.option(
    "--indicator-from-deal",
    is_flag=True,
    default=False,
    help=_(
        "Okey variant (with --round): the first numbered tile of the shuffle lies"
        " face up as the indicator; the okey's copies are wild (J), the special tiles"
        " fake okeys (F) [R-INDICATOR]."
    ),
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=_("The dealt round (with --round) as text or as JSON (schema: rummy101 schema deal)."),
)
@click.pass_context
def deal(
    ctx: click.Context,
    seed: int,
    count: int,
    size: int,
    indicator: str | None,
    as_round: bool,
    players: int,
    indicator_from_deal: bool,
    fmt: str,
) -> None:
    """Deal racks from a shuffled 106-tile set, one rack per line [R-TILES].

    Each rack is the first SIZE tiles of the set shuffled with Python's
    random.Random(seed). The output feeds 'rummy101 solve' directly.

    A classic deal's J is a joker; read with --indicator it would be an okey,
    and the set would hold no fake okeys. For the okey variant deal with
    --indicator TILE and solve with the same --indicator: the indicator is
    taken out of the set first, then the rack is dealt from the rest.

    With --round: one shuffle dealt as a real round (seat 1 starts with 22
    tiles, the others hold 21; the stock in the order it is drawn), as text
    or JSON (--format json); 'rummy101 simulate --rounds' plays the same
    deals.

    \b
    Example:
      rummy101 deal --seed 7 | rummy101 solve
      rummy101 deal --seed 7 --indicator K12 | rummy101 solve --indicator K12
      rummy101 deal --round --players 3 --seed 7 --format json

    Exit code: 0 dealt, 2 a bad option.
    """
    if not as_round:
        round_only = [("players", "--players"), ("indicator_from_deal", "--indicator-from-deal"),
                      ("fmt", "--format")]  # fmt: skip
        refuse_options(ctx, round_only, _("applies to a dealt round: add --round"))
        from rummy101_solver.game.deal import deal_lines

        try:
            for line in deal_lines(seed, count, size, indicator=indicator):
                click.echo(line)
        except RackError as err:
            fail(str(err))
        return
    why = _("does not apply to --round: a round deals 22 and 21 tiles [R-RACK]")
    refuse_options(ctx, [("count", "--count"), ("size", "--size")], why)
    if indicator is not None and indicator_from_deal:
        fail(_("--indicator and --indicator-from-deal exclude each other: one indicator lies up"))
    from rummy101_solver.game.deal import deal_round
    from rummy101_solver.report.render import dumps

    face = None
    if indicator is not None:
        from rummy101_solver.files.case import OptionError, build_rules

        try:
            face = build_rules({"indicator": indicator}).indicator
        except (RackError, OptionError) as err:
            fail(str(err))
    dealt = deal_round(seed, players, indicator_from_deal=indicator_from_deal, indicator=face)
    if fmt == "json":
        click.echo(dumps(dealt.to_json()))
        return
    click.echo("\n".join(dealt.lines()))
