"""``pyeval range --game omaha``: an Omaha range's size and a summary by pair and suit
pattern (what :mod:`pyeval.cli.range_cmd` shows for an Omaha game); and ``pyeval equity
--by-combo`` for Omaha ranges (equity by hand class).

    pyeval range "AA**, KKQQds" --game omaha
    pyeval range "top 5%" --game omaha8 --json
"""
from __future__ import annotations

import json
from math import comb

import click

from pyeval.cli.usage import usage_errors

#: the columns of the summary, in order
SUIT_COLUMNS = ("ds", "ss", "ts", "r", "3+")
#: hands listed at most
SHOWN = 20


def show_omaha_range(text: str, dead: str, game: str, as_json: bool) -> None:
    """Prints the range: hands and share of all hands, the summary table, the first hands."""
    import pyeval
    from pyeval.equity import _kernels as K
    from pyeval.equity.games import game as _game
    from pyeval.equity.omaha_ranges import parse_omaha_range
    with usage_errors(ValueError):
        g = _game(game)
        if g.kind != K.K_OMAHA:
            raise ValueError(f"--game {game!r}: ranges are shown for holdem and the Omaha "
                             f"games (omaha, omaha8, omaha5, omaha5-8, omaha6, omaha6-8)")
        dm = pyeval.mask(pyeval.cards(dead, what="dead cards"))
        r = parse_omaha_range(text, g.hole, g.hi_lo).without(dm)
    if len(r) == 0:
        raise click.UsageError(f"the range {text!r} holds no hand without the dead cards")
    total = comb(52, g.hole)
    rows = r.summary()
    if as_json:
        click.echo(json.dumps({
            "range": text, "game": g.name, "hands": len(r), "weight": r.total_weight,
            "share_of_all_hands": r.share, "all_hands": total,
            "summary": {name: cells for name, cells in rows},
            "first_hands": r.hands(SHOWN)}, indent=2))
        return
    click.echo(f"{text} ({g.name}): {len(r):,} hands, weight {r.total_weight:g} "
               f"({100 * r.share:.3f}% of {total:,})")
    cols = [c for c in SUIT_COLUMNS if any(c in cells for _, cells in rows)]
    click.echo(f"{'pair':8}" + "".join(f"{c:>11}" for c in cols) + f"{'all':>11}")
    for name, cells in rows:
        click.echo(f"{name:8}" + "".join(f"{cells.get(c, 0.0):>11g}" for c in cols)
                   + f"{sum(cells.values()):>11g}")
    more = f" (first {SHOWN} of {len(r):,})" if len(r) > SHOWN else ""
    click.echo(f"hands{more}: " + " ".join(r.hands(SHOWN)))


def show_omaha_breakdown(hands: list[str], board: str, dead: str, game: str,
                         samples: int | None, seed: int, threads: int | None,
                         as_json: bool, time_limit: float | None = None) -> None:
    """``pyeval equity --by-combo`` for Omaha ranges: the equity of each hand class."""
    from dataclasses import asdict

    from pyeval.equity.omaha_analysis import breakdown_table, omaha_breakdown
    with usage_errors(ValueError, TypeError):
        rows = omaha_breakdown(hands, board, dead, game=game, samples=samples, seed=seed,
                               threads=threads, time_limit=time_limit)
    if as_json:
        click.echo(json.dumps([[asdict(c) for c in cls] for cls in rows], indent=2))
        return
    click.echo(breakdown_table(hands, rows))
