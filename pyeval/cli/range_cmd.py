"""``pyeval range``: a range's 13x13 grid and its combinations, from the shell.

    pyeval range "top 15%"
    pyeval range "QQ+, AKs, 0.5(TT-88)" --json
    pyeval range "10-20%" --order vs3 --png grid.png --html grid.html
    pyeval range "top 10%" --order ps         # PokerStove's percentages
"""
from __future__ import annotations

import json

import click

from pyeval.cli.usage import usage_errors


@click.command("range")
@click.argument("text")
@click.option("--dead", "-d", default="", help="Cards out of play (board, dead): their "
              "combinations are removed.")
@click.option("--order", type=click.Choice(["vs1", "vs3", "ps", "pokerstove"],
                                          case_sensitive=False),
              default="vs1", show_default=True,
              help="Pre-flop order for percentages: all-in equity against 1 or 3 random "
                   "hands, or ps (PokerStove's percentages: vs3 cut at the first hand "
                   "reaching x%). A term may also say it: 'top 10% ps'.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option("--game", "-g", default="holdem", show_default=True,
              help="holdem, or an Omaha game (omaha, omaha8, omaha5, omaha6, ...): its "
                   "range notation (docs/equity.md).")
@click.option("--png", type=click.Path(dir_okay=False), default=None,
              help="Also write the grid as a PNG heatmap (needs matplotlib).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the grid as an HTML table.")
def range_(text: str, dead: str, order: str, as_json: bool, game: str, png: str | None,
           html_path: str | None) -> None:
    """Show a range: the 13x13 grid (pairs on the diagonal, suited above, offsuit below),
    its combination count and share of the 1,326 two-card hands, and the combinations.

    TEXT is range notation: "QQ+, AKs", "JJ-", "Ax", "Kxs", "top 15%", "10-20%",
    "QQ+, 15%", "0.5(TT-88)".
    """
    import pyeval
    from pyeval.equity.ranges import RangeError, parse_range
    if game != "holdem":                         # Omaha ranges (issue 37)
        from pyeval.cli.omaha_range_cmd import show_omaha_range
        show_omaha_range(text, dead, game, as_json)
        return
    with usage_errors(RangeError, ValueError):
        dm = pyeval.cards(dead, what="dead cards").tolist()
        r = parse_range(text, dead=dm, order=order)
    if len(r) == 0:
        raise click.UsageError(f"the range {text!r} holds no combination without the dead "
                               f"cards")
    share = r.total_weight / 1326
    if png:
        with usage_errors(RuntimeError):
            r.heatmap(png, title=text)
    if html_path:
        try:
            with open(html_path, "w", encoding="utf-8") as f:
                f.write(r.to_html(title=text))
        except OSError as e:
            raise click.ClickException(f"cannot write {html_path}: {e.strerror}") from None
    if as_json:
        click.echo(json.dumps({
            "range": text, "combos": len(r), "weight": r.total_weight,
            "share_of_all_hands": share, "cells": r.cells(),
            "grid": r.grid().tolist(),
            "weights": dict(zip(r.combos, r.weights.tolist()))}, indent=2))
        return
    click.echo(f"{text}: {len(r):,} combinations, weight {r.total_weight:g} "
               f"({100 * share:.2f}% of 1,326)")
    click.echo(r.grid_text())
    click.echo(r.text())
