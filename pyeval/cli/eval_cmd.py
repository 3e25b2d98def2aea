"""``pyeval eval`` and ``pyeval compare``: values, descriptions and winners from the shell."""
from __future__ import annotations

import json
from typing import Any

import click

#: the names compare accepted before it took every equity game (still accepted)
LEGACY_GAMES = {"omaha-hilo": "omaha8", "stud-hilo": "stud8"}


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


def _values(g: Any, hole: list[int], board: list[int]) -> tuple[int, int | None, str, str | None]:
    """(high value, low value or None, their descriptions) of one complete hand."""
    from pyeval import best_hand, describe, high, omaha_high, omaha_low8
    from pyeval.equity import games as G
    k = g.kind
    low: int | None = None
    if k == G.KIND_OMAHA:
        hi = omaha_high(hole, board)
        if g.split == "low8":
            low = omaha_low8(hole, board)
    elif k == G.KIND_TAHOE:
        hi = best_hand(hole, board, 0, 2)
    elif k == G.KIND_BUFFALO:
        hi = best_hand(hole[:3], hole[3:] + board, 0, 2)
    elif k == G.KIND_CROC:
        hi = best_hand(hole[:2], hole[2:] + board, 0, 1)
    elif k == G.KIND_RAZZ:
        v = best_hand(hole, board, low="razz")
        return v, None, describe(v, "razz"), None
    elif k == G.KIND_FIVE:
        hi = high(hole + board)
    else:                                   # hold'em, super eight, seven-card stud
        hi = best_hand(hole, board)
        if g.split == "low8":
            low = best_hand(hole, board, low="8")
    lo_text = None if low is None else describe(low, "low8")
    return hi, low, describe(hi), lo_text


@click.command("compare")
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", default="", help='Community cards, e.g. "8h 3s 9d Th Qc".')
@click.option("--game", "-g", default="holdem", show_default=True,
              help="Any game of pyeval equity (holdem, omaha, omaha8, stud, stud8, razz, "
                   "chicago, ...; names and aliases accepted).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def compare(hands: tuple[str, ...], board: str, game: str, as_json: bool) -> None:
    """Compare complete hands at showdown: each hand's best hand, who wins and each
    hand's share of the pot (ties split it; hi/lo games split it in halves). Hands are
    numbered from 1, as in pyeval equity.

    Example: pyeval compare "Jc Ks" "6c 7c" --board "8h 3s 9d Th Qc"
    """
    from pyeval import cards, format_card, format_cards
    from pyeval.equity import equity
    from pyeval.equity.games import game as find_game
    try:
        g = find_game(LEGACY_GAMES.get(game, game))
        b = [int(c) for c in cards(board, what="board")]
        hs = [[int(c) for c in cards(h, what=f"hand {i + 1}")] for i, h in enumerate(hands)]
        where: dict[int, str] = {c: "the board" for c in b}
        for i, h in enumerate(hs):
            for c in h:
                if c in where:
                    raise ValueError(f"card {format_card(c)!r} of hand {i + 1} is dealt "
                                     f"twice (also in {where[c]})")
                where[c] = f"hand {i + 1}"
        g = g.for_players(len(hs))
        for i, h in enumerate(hs):
            if len(h) != g.hole:
                raise ValueError(f"hand {i + 1} has {len(h)} cards; a {g.name} hand at "
                                 f"showdown has {g.hole}")
        if len(b) != g.board:
            raise ValueError(f"the board has {len(b)} cards; a {g.name} board at showdown "
                             f"has {g.board}")
        if len(hs) < 2:
            raise ValueError("compare needs at least 2 hands")
        r = equity(g.key, [format_cards(h) for h in hs], format_cards(b), exact=True,
                   threads=1)
        vals = [_values(g, h, b) for h in hs]
    except ValueError as e:
        raise click.BadParameter(str(e)) from None
    split = g.split != "none"
    rows = []
    for i, (h, p, (hv, _lv, htxt, ltxt)) in enumerate(zip(hs, r.players, vals)):
        row: dict[str, Any] = {"seat": i + 1, "hand": format_cards(h), "value": hv,
                               "best": htxt, "share": p.equity,
                               "wins": bool(p.high_win or p.high_tie)}
        if split:
            row["wins_high"] = row["wins"]
            row["low"] = ltxt if g.split == "low8" else None
            row["wins_low"] = bool(p.low_win or p.low_tie)
        rows.append(row)
    no_low = split and not any(row["wins_low"] for row in rows)
    if as_json:
        click.echo(json.dumps({"game": g.name, "board": format_cards(b), "hands": rows,
                               "share_means": "each hand's share of the pot (ties split "
                               "it; hi/lo games split it in halves)"}, indent=2))
        return
    if b:
        click.echo(f"Board: {format_cards(b, ' ')}")
    n_hi = sum(row["wins"] for row in rows)
    for row in rows:
        mark = "WINS" if row["wins"] and n_hi == 1 else ("TIES" if row["wins"] else "")
        line = (f"  {row['seat']}. {row['hand']:<14} {100 * row['share']:6.2f}%  "
                f"{row['best']:<44} {mark:<4}")
        if split:
            lmark = "wins low" if row["wins_low"] else ""
            low = row["low"] or ("ace of spades" if lmark else "")
            line += f" | {low:<22} {lmark}"
        click.echo(line.rstrip())
    if no_low:
        click.echo("  No qualifying low: the high hand takes the whole pot.")
