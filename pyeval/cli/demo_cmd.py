"""``pyeval demo``: the built-in example, one look at each layer that is installed."""
from __future__ import annotations

import click

from pyeval.cli.eval_cmd import compare

EXAMPLES = [
    # the rule sheets' showdown examples
    (("Jc Ks", "6c 7c"), "8h 3s 9d Th Qc", "holdem"),
    (("Jc 3c", "Ks Js"), "Kh Ts 9d Th Qc", "holdem"),
    (("As Ah 2s 3h", "Kc Kd Qc Qd"), "Ad 4c 5h Qs 9d", "omaha-hilo"),
]


@click.command("demo")
@click.pass_context
def demo(ctx: click.Context) -> None:
    """Evaluate and compare the rule sheets' example hands, then show an equity."""
    for hands, board, game in EXAMPLES:
        click.echo(f"== {game}: {' vs '.join(hands)}")
        ctx.invoke(compare, hands=hands, board=board, game=game, as_json=False)
    try:
        from pyeval.equity import equity
    except ImportError:
        return
    click.echo("== equity, hold'em: AcAd vs KhKs, exact over every board")
    res = equity("holdem", ["AcAd", "KhKs"])
    for hand, eq in zip(["AcAd", "KhKs"], res.equities):
        click.echo(f"  {hand}: {100 * eq:.4f}%")
