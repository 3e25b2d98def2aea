"""``pyeval sim``: the player models: calibration against their targets, statistics of
hand histories.

    pyeval sim calibrate                    # every preset beside its targets
    pyeval sim calibrate nit maniac -n 20
    pyeval sim stats histories/*.phhs --by bb
"""
from __future__ import annotations

import click


@click.group("sim")
def sim() -> None:
    """Player models of the tournament simulator."""


@sim.command("calibrate")
@click.argument("presets", nargs=-1)
@click.option("-n", "--tournaments", default=12, show_default=True,
              help="tournaments simulated per preset")
@click.option("--seed", default=1, show_default=True)
def calibrate(presets: tuple[str, ...], tournaments: int, seed: int) -> None:
    """Simulate each preset (a field of it alone on club_3000, 30 players) and print its
    statistics from 20 big blinds beside its targets and tolerances."""
    from pyeval.sim.presets import DEPTH_FROM, TARGETS, calibration

    unknown = [p for p in presets if p not in TARGETS]
    if unknown:
        raise click.BadParameter(f"unknown preset {unknown[0]!r}; presets: {', '.join(TARGETS)}")
    if tournaments < 1:
        raise click.BadParameter("at least one tournament", param_hint="-n")
    rows = calibration(list(presets) or None, n=tournaments, seed=seed)
    click.echo(f"effective stacks from {DEPTH_FROM:g} BB, {tournaments} tournaments each, "
               f"seed {seed}")
    click.echo(f"{'preset':<18} {'statistic':<12} {'measured':>9} {'target':>8} {'tol':>6}  ok")
    for name, stat, got, want, tol in rows:
        ok = got is not None and abs(got - want) <= tol
        shown = "-" if got is None else f"{100 * got:.1f}"
        click.echo(f"{name:<18} {stat:<12} {shown:>9} {100 * want:>8.1f} {100 * tol:>6.1f}  "
                   f"{'yes' if ok else 'NO'}")
    for name in dict.fromkeys(r[0] for r in rows):
        click.echo(f"{name}: {TARGETS[name].source}")


@sim.command("stats")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--by", type=click.Choice(["all", "bb", "m", "level"]), default="all",
              show_default=True, help="group by depth in big blinds, M, or level")
def stats(files: tuple[str, ...], by: str) -> None:
    """Behaviour statistics of PHH hand histories (.phh, .phhs)."""
    from pyeval.sim.stats import RATES, measure
    from pyeval.sim.stats_phh import PHHError, read_hands

    try:
        hands = [h for f in files for h in read_hands(f)]
    except PHHError as e:
        raise click.ClickException(str(e)) from None
    groups = measure(hands, by=by)
    names = list(RATES)
    click.echo(f"{'group':<8} {'hands':>6} " + " ".join(f"{k[:10]:>10}" for k in names))
    def order(key: str) -> tuple[float, str]:
        head = key.split("-")[0].rstrip("+")
        return (float(head), key) if head.replace(".", "").isdigit() else (-1.0, key)

    for key, s in sorted(groups.items(), key=lambda kv: order(kv[0])):
        vals = [s.rate(k) for k in names]
        click.echo(f"{key:<8} {s.count['hands']:>6} " + " ".join(
            f"{'-' if v is None else f'{100 * v:.1f}':>10}" for v in vals))
