"""``pyeval icm``: each player's prize equity from the stacks, and deals.

    pyeval icm 5000,3000,2000 --payouts 500,300,200
    pyeval icm 5000 3000 2000 --payouts 500,300,200 --deal chip --leave 100
    pyeval icm 1200,900,... --payouts 50%,30%,20% --pool 10000 --mc 200000
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import click


def _numbers(text: str, what: str) -> list[str]:
    parts = [p.strip() for chunk in text.split() for p in chunk.split(",") if p.strip()]
    if not parts:
        raise click.BadParameter(f"give the {what}, separated by commas")
    return parts


def parse_stacks(texts: tuple[str, ...]) -> list[int]:
    """``("5000,3000", "2000")`` as stacks ``[5000, 3000, 2000]`` (whole chips above 0).

    Example:
        >>> parse_stacks(("5000,3000", "2000"))
        [5000, 3000, 2000]
    """
    out = []
    for p in _numbers(" ".join(texts), "stacks"):
        try:
            v = int(p.replace("_", ""))
        except ValueError:
            raise click.BadParameter(f"a stack is a whole number of chips, not {p!r}") from None
        if v <= 0:
            raise click.BadParameter(f"every stack must be above 0, got {v}")
        out.append(v)
    return out


def parse_payouts(text: str, pool: int | None) -> list[int]:
    """``"500,300,200"`` (amounts) or ``"50%,30%,20%"`` (of ``pool``) as whole amounts.

    Example:
        >>> parse_payouts("50%,30%,20%", 1000), parse_payouts("500,300", None)
        ([500, 300, 200], [500, 300])
    """
    parts = _numbers(text, "payouts")
    if any(p.endswith("%") for p in parts):
        if pool is None:
            raise click.BadParameter("percentages need --pool (the prize pool to split)")
        if not all(p.endswith("%") for p in parts):
            raise click.BadParameter("give all payouts as amounts or all as percentages")
        from pyeval.tournament.payouts import split_pool
        try:
            pct = [Fraction(p[:-1]) for p in parts]
        except ValueError:
            raise click.BadParameter(f"cannot read the percentages {text!r}") from None
        if sum(pct) != 100:
            raise click.BadParameter(f"the percentages add up to {float(sum(pct)):g}, not 100")
        return list(split_pool(pool, [str(p) for p in pct]))
    try:
        out = [int(p.replace("_", "")) for p in parts]
    except ValueError:
        raise click.BadParameter(f"payouts are whole amounts (or percentages with --pool), got {text!r}") from None
    if any(v < 0 for v in out):
        raise click.BadParameter("payouts must be at least 0")
    if pool is not None and sum(out) > pool:
        raise click.BadParameter(f"the payouts add up to {sum(out):,}, more than the pool of {pool:,}")
    return out


@click.command("icm")
@click.argument("stacks", nargs=-1, required=True)
@click.option("--payouts", "payouts_text", required=True,
              help="Prizes of places 1, 2, ...: '500,300,200', or '50%,30%,20%' with --pool.")
@click.option("--pool", type=click.IntRange(min=0), default=None, help="Prize pool (for percentages).")
@click.option("--deal", type=click.Choice(["icm", "chip"]), default=None,
              help="Also propose a deal: an ICM chop or a chip chop, in whole units.")
@click.option("--leave", type=click.IntRange(min=0), default=0, show_default=True,
              help="With --deal: an amount left to play for (taken off first prize).")
@click.option("--unit", type=click.IntRange(min=1), default=1, show_default=True,
              help="With --deal: pay in multiples of this.")
@click.option("--mc", "trials", type=click.IntRange(min=100), default=None,
              help="Sample this many finishing orders instead of the exact method (large fields).")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="Seed of --mc (0 to 2**64 - 1).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def icm(stacks: tuple[str, ...], payouts_text: str, pool: int | None, deal: str | None,
        leave: int, unit: int, trials: int | None, seed: int, as_json: bool) -> None:
    """Each player's prize equity by ICM (Malmuth-Harville) from STACKS, and deals.

    Example: pyeval icm 5000,3000,2000 --payouts 500,300,200 --deal icm
    """
    from pyeval.tournament.deals import chip_chop, icm_chop
    from pyeval.tournament.icm import icm_equity, icm_equity_mc

    chips = parse_stacks(stacks)
    prizes = parse_payouts(payouts_text, pool)
    try:
        if trials is not None:
            mc = icm_equity_mc(chips, prizes, trials=trials, seed=seed, pool=pool)
            eq, err = list(mc.equity), list(mc.stderr)
        else:
            eq, err = [float(x) for x in icm_equity(chips, prizes, pool=pool)], None
        made = None
        if deal:
            padded = prizes + [0] * max(0, len(chips) - len(prizes))
            made = (icm_chop if deal == "icm" else chip_chop)(chips, padded, leave=leave, unit=unit)
    except (ValueError, TypeError) as e:
        raise click.ClickException(str(e)) from None
    total = sum(chips)
    if as_json:
        out: dict[str, Any] = {"stacks": chips, "payouts": prizes, "equity": eq}
        if err is not None:
            out["stderr"] = err
        if made is not None:
            out["deal"] = {"method": made.method, "amounts": list(made.amounts), "to_play": made.to_play}
        click.echo(json.dumps(out))
        return
    # the optional columns: title, width, number format, one value a player
    extra: list[tuple[str, int, str, Sequence[float]]] = []
    if err is not None:
        extra.append(("± (1 s.e.)", 11, ".2f", err))
    if made is not None:
        extra.append((made.method + " chop", 10, ",", made.amounts))
    click.echo(f"{'player':>6} {'stack':>12} {'chips':>7} {'ICM equity':>12}"
               + "".join(f" {title:>{width}}" for title, width, _, _ in extra))
    for i, (chip, value) in enumerate(zip(chips, eq)):
        click.echo(f"{i + 1:>6} {chip:>12,} {100 * chip / total:>6.2f}% {value:>12,.2f}"
                   + "".join(f" {col[i]:>{width}{fmt}}" for _, width, fmt, col in extra))
    paid = sum(prizes[: len(chips)])
    click.echo(f"prizes still to be paid: {paid:,}")
    if err is not None:
        click.echo(f"Monte Carlo: {trials:,} orders, seed {seed}; largest standard error "
                   f"{max(err):.3f} (about 95% of estimates within twice it)")
    if made is not None and made.to_play:
        click.echo(f"left to play for: {made.to_play:,} (to the winner)")
