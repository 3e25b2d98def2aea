"""``pyeval hits``: how often a range makes each hand and each draw (Flopzilla's question).

    pyeval hits "top 30%" --board "Ks 7d 2c"
    pyeval hits "QQ+, AK, JTs" --json           # over every flop
"""
from __future__ import annotations

import click

from pyeval.cli.usage import usage_errors


@click.command("hits")
@click.argument("range_text", metavar="RANGE")
@click.option("--board", "-b", default=None,
              help='A flop, turn or river ("Ks 7d 2c"); without it, every flop.')
@click.option("--dead", "-d", default="", help="Cards out of play.")
@click.option("--by-cell", is_flag=True, help="Also each grid cell's frequencies.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--game", "-g", default="holdem", show_default=True,
              help="holdem, or an Omaha game (omaha, omaha8, omaha5, ...; needs --board).")
@click.option("--time-limit", type=float, default=None,
              help="Give up (an error) after this many seconds.")
def hits(range_text: str, board: str | None, dead: str, by_cell: bool, as_json: bool,
         game: str, time_limit: float | None) -> None:
    """Hit frequencies of RANGE: each made hand (straight flush ... high card, with sets,
    overpairs, top/second/weak pairs) and draws (flush draws, open-enders, gutshots, combo
    draws), per combination and in total, exact.
    """
    from pyeval.equity.hits import Hits
    from pyeval.equity.hits import hits as run
    from pyeval.equity.ranges import RangeError
    if game != "holdem":                         # Omaha ranges (issue 37)
        from pyeval.equity.omaha_analysis import omaha_hits
        with usage_errors(ValueError):
            o = omaha_hits(range_text, board or "", dead, game=game, time_limit=time_limit)
        click.echo(o.to_json(indent=2) if as_json else o.table())
        return
    with usage_errors(RangeError, ValueError):
        h = run(range_text, board, dead, time_limit=time_limit)
        if not isinstance(h, Hits):              # Omaha games went above
            raise TypeError("Omaha hit frequencies reached the hold'em table")
    if as_json:
        click.echo(h.to_json(indent=2))
        return
    click.echo(h.table())
    if by_cell:
        for cell, fr in h.cells().items():
            top = sorted(((v, n) for n, v in fr.items() if v > 0), reverse=True)[:4]
            click.echo(f"  {cell:<4} " + ", ".join(f"{n} {100 * v:.1f}%" for v, n in top))
