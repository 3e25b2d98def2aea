"""``pyeval eval`` and ``pyeval compare``: values, descriptions and winners from the shell."""
from __future__ import annotations

import json

import click

GAMES = {
    # game: (rule for high, rule for low or None)
    "holdem": ("high", None),
    "stud": ("high", None),
    "omaha": ("omaha_high", None),
    "omaha-hilo": ("omaha_high", "omaha_low8"),
    "stud-hilo": ("high", "low8"),
    "razz": ("razz", None),
}


def _describe_rule(value: int, rule: str) -> str:
    from pyeval import describe
    if rule in ("low8", "omaha_low8"):
        return describe(value, "low8")
    if rule == "razz":
        return describe(value, "razz")
    return describe(value)


@click.command("eval")
@click.argument("cards_text", nargs=-1, required=True)
@click.option("--low", type=click.Choice(["razz", "8"]), default=None,
              help="Ace-to-five low instead of high.")
def evaluate(cards_text: tuple[str, ...], low: str | None) -> None:
    """Value and description of one hand of 1 to 7 cards (or more: best five).

    Example: pyeval eval "A♣ 8♠ 6♦ 4♠ 2♣" --low 8
    """
    import pyeval
    text = " ".join(cards_text)
    try:
        if low is None:
            v = pyeval.high(text)
            click.echo(f"{pyeval.format_cards(pyeval.cards(text))}: {pyeval.describe(v)} ({v})")
        else:
            fn, kind = (pyeval.razz, "razz") if low == "razz" else (pyeval.low8, "low8")
            v = fn(text)
            click.echo(f"{pyeval.format_cards(pyeval.cards(text))}: {pyeval.describe(v, kind)} ({v})")
    except ValueError as e:
        raise click.BadParameter(str(e)) from None


@click.command("compare")
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", default="", help='Community cards, e.g. "8h 3s 9d Th Qc".')
@click.option("--game", type=click.Choice(sorted(GAMES)), default="holdem", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def compare(hands: tuple[str, ...], board: str, game: str, as_json: bool) -> None:
    """Compare hands at showdown: each hand's best hand and who wins (ties shown).

    Example: pyeval compare "Jc Ks" "6c 7c" --board "8h 3s 9d Th Qc"
    """
    from pyeval import cards, format_cards
    from pyeval.showdown import values
    hi_rule, lo_rule = GAMES[game]
    try:
        hi = values(hands, board, hi_rule)
        lo = values(hands, board, lo_rule) if lo_rule else None
    except ValueError as e:
        raise click.BadParameter(str(e)) from None
    best_hi = max(hi)
    hi_win = [i for i, v in enumerate(hi) if v == best_hi]
    lo_win: list[int] = []
    if lo is not None and max(lo) > 0:
        lo_win = [i for i, v in enumerate(lo) if v == max(lo)]
    rows = []
    for i, h in enumerate(hands):
        row = {"hand": format_cards(cards(h)), "value": hi[i],
               "best": _describe_rule(hi[i], hi_rule), "wins": i in hi_win}
        if lo is not None:
            row["low"] = _describe_rule(lo[i], lo_rule)  # type: ignore[arg-type]
            row["wins_low"] = i in lo_win
        rows.append(row)
    if as_json:
        click.echo(json.dumps({"game": game, "board": format_cards(cards(board)),
                               "hands": rows}, indent=2))
        return
    if board:
        click.echo(f"Board: {format_cards(cards(board), ' ')}")
    for r in rows:
        mark = "WINS" if r["wins"] and len(hi_win) == 1 else ("TIES" if r["wins"] else "")
        line = f"  {r['hand']:<14} {r['best']:<44} {mark}"
        if lo is not None:
            lmark = "wins low" if r["wins_low"] else ""
            line += f" | {r['low']:<22} {lmark}"
        click.echo(line.rstrip())
    if lo is not None and not lo_win:
        click.echo("  No qualifying low: the high hand takes the whole pot.")
