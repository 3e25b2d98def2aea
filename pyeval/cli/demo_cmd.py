"""``pyeval demo``: the built-in example, one look at each layer that is installed: the
rule sheets' example hands, an equity, and a simulated tournament of a sheet's event."""
from __future__ import annotations

import click

from pyeval.cli.eval_cmd import compare

EXAMPLES = [
    # the rule sheets' showdown examples
    (("Jc Ks", "6c 7c"), "8h 3s 9d Th Qc", "holdem"),
    (("Jc 3c", "Ks Js"), "Kh Ts 9d Th Qc", "holdem"),
    (("As Ah 2s 3h", "Kc Kd Qc Qd"), "Ad 4c 5h Qs 9d", "omaha-hilo"),
]

#: The tournament the demo simulates: the club sheet's event, a field of 20, a few
#: hundred runs (seeded: the same figures every time).
DEMO_EVENT = "club_3000"
DEMO_PLAYERS = 20
DEMO_RUNS = 300
DEMO_SEED = 1


def tournament_lines(n: int = DEMO_RUNS, seed: int = DEMO_SEED) -> list[str]:
    """How long the demo event lasts and when its final table forms, as printed.

    Example:
        >>> tournament_lines(n=20)[0]
        '  lasts 2:41 median (10-90%: 2:34-2:59)'
    """
    from pyeval.sim import simulate
    from pyeval.tournament.timetext import hhmm

    r = simulate(DEMO_EVENT, n=n, seed=seed, players=DEMO_PLAYERS)
    d = r.duration_percentiles((10, 50, 90))
    ft = r.final_table_percentiles((10, 50, 90))
    return [f"  lasts {hhmm(d[50.0])} median (10-90%: {hhmm(d[10.0])}-{hhmm(d[90.0])})",
            f"  final table forms at {hhmm(ft[50.0])} median (10-90%: {hhmm(ft[10.0])}-{hhmm(ft[90.0])})",
            f"  assumed: pace {r.spec.clock.describe(r.spec.table_size)}; field {', '.join(m.name for m in r.models)}"]


@click.command("demo")
@click.pass_context
def demo(ctx: click.Context) -> None:
    """Evaluate and compare the rule sheets' example hands, show an equity, then simulate a
    club tournament of the rule sheets and say how long it lasts."""
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
    try:
        import pyeval.sim  # noqa: F401
    except ImportError:
        return
    click.echo(f"== a tournament: the club sheet's no-limit hold'em event ({DEMO_EVENT}, 3,000 chips, "
               f"20-minute levels), {DEMO_PLAYERS} players, {DEMO_RUNS} simulated card by card")
    for line in tournament_lines():
        click.echo(line)
    click.echo(f"  more: pyeval tournament simulate {DEMO_EVENT} --players {DEMO_PLAYERS} --start 19:00")
