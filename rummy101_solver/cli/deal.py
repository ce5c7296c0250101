"""``rummy101 deal``: seeded dealt racks, or one dealt round [R-TILES, R-RACK]."""

from __future__ import annotations

import click
from click.core import ParameterSource

from rummy101_solver.cli.common import fail
from rummy101_solver.cli.options import IntRange
from rummy101_solver.game.deal import MAX_SEED


@click.command()
@click.option(
    "--seed",
    type=IntRange(0, MAX_SEED),
    default=1,
    show_default=True,
    help="Shuffle seed of the first rack (of the round, with --round).",
)
@click.option(
    "--count",
    type=IntRange(min=1),
    default=1,
    show_default=True,
    help="Racks to deal (seeds SEED, SEED+1, …), one at a time: no upper limit.",
)
@click.option(
    "--size",
    type=IntRange(1, 22),
    default=22,
    show_default=True,
    help="Tiles per rack [R-RACK].",
)
@click.option(
    "--round",
    "as_round",
    is_flag=True,
    default=False,
    help="Deal one shuffle as a real round: seat 1 gets 22 tiles, the others 21,"
    " the rest is the stock [R-RACK].",
)
@click.option(
    "--players",
    type=IntRange(2, 4),
    default=4,
    show_default=True,
    help="Seats of the round (with --round).",
)
@click.option(
    "--indicator-from-deal",
    is_flag=True,
    default=False,
    help="Okey variant (with --round): the first numbered tile of the shuffle lies"
    " face up as the indicator; the okey's copies are wild (J), the special tiles"
    " fake okeys (F) [R-INDICATOR].",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="The dealt round (with --round) as text or as JSON (schema: rummy101 schema deal).",
)
@click.pass_context
def deal(
    ctx: click.Context,
    seed: int,
    count: int,
    size: int,
    as_round: bool,
    players: int,
    indicator_from_deal: bool,
    fmt: str,
) -> None:
    """Deal racks from a shuffled 106-tile set, one rack per line [R-TILES].

    Each rack is the first SIZE tiles of the set shuffled with Python's
    random.Random(seed). The output feeds 'rummy101 solve' directly.

    With --round: one shuffle dealt as a real round (seat 1 starts with 22
    tiles, the others hold 21; the stock in the order it is drawn), as text
    or JSON (--format json); 'rummy101 simulate --rounds' plays the same
    deals.

    \b
    Examples:
      rummy101 deal --seed 7 | rummy101 solve
      rummy101 deal --round --players 3 --seed 7 --format json
    """
    source = ctx.get_parameter_source
    if not as_round:
        for name, option in (("players", "--players"), ("indicator_from_deal",
                             "--indicator-from-deal"), ("fmt", "--format")):  # fmt: skip
            if source(name) == ParameterSource.COMMANDLINE:
                fail(f"{option} applies to a dealt round: add --round")
        from rummy101_solver.game.deal import iter_racks

        for rack in iter_racks(seed, count, size):
            click.echo(" ".join(rack.codes))
        return
    for name, option in (("count", "--count"), ("size", "--size")):
        if source(name) == ParameterSource.COMMANDLINE:
            fail(f"{option} does not apply to --round: a round deals 22 and 21 tiles [R-RACK]")
    from rummy101_solver.game.deal import deal_round
    from rummy101_solver.report.render import dumps

    dealt = deal_round(seed, players, indicator_from_deal=indicator_from_deal)
    if fmt == "json":
        click.echo(dumps(dealt.to_json()))
        return
    from rummy101_solver.game.tiles import okey_face

    lines = [f"Round dealt with seed {seed}, {players} players; seat 1 starts with 22 tiles."]
    if dealt.indicator is not None:
        okey = okey_face(dealt.indicator).code
        lines.append(f"indicator: {dealt.indicator.code} (okey {okey}: J; fake okey: F)")
    for number, tiles in enumerate(dealt.racks, start=1):
        lines.append(f"seat {number} ({len(tiles)}): {' '.join(t.code for t in tiles)}")
    stock = " ".join(t.code for t in dealt.stock)
    lines.append(f"stock ({len(dealt.stock)}, drawn first to last): {stock}")
    click.echo("\n".join(lines))
