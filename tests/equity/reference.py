"""A slow, plain reference for equity: every completion of a spot enumerated in Python, each
hand valued by the C evaluators through the public API (``pyeval.best_hand``,
``pyeval.omaha_high`` ...), the pot split by the rules written out below. It shares no code
with the Numba kernels, so agreement checks the kernels' inlined lookups, dealing and pot
splitting."""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import pyeval
from pyeval.equity import game as get_game

AS = pyeval.card("As")


def _value(key: str, hole: list[int], board: list[int]) -> tuple[int, int]:
    """(high, low) for one player; low 0 = none."""
    if key in ("holdem", "irish", "pineapple", "crazy-pineapple", "super8"):
        return pyeval.best_hand(hole, board), 0
    if key == "tahoe":
        return pyeval.best_hand(hole, board, 0, 2), 0
    if key in ("omaha", "omaha5", "omaha6"):
        return pyeval.omaha_high(hole, board), 0
    if key in ("omaha8", "omaha5-8", "omaha6-8"):
        return pyeval.omaha_high(hole, board), pyeval.omaha_low8(hole, board)
    allc = hole + board
    if key in ("stud", "australian", "chicago", "stud5", "draw5"):
        return pyeval.best_hand(allc, ""), 0
    if key == "stud8":
        return pyeval.best_hand(allc, ""), pyeval.best_hand(allc, "", low="8")
    if key == "razz":
        return pyeval.best_hand(allc, "", low="razz"), 0
    if key == "buffalo":
        return pyeval.best_hand(hole[:3], hole[3:] + board, 0, 2), 0
    if key == "crocodile":
        return pyeval.best_hand(hole[:2], hole[2:] + board, 0, 1), 0
    raise ValueError(key)


def shares(key: str, holes: list[list[int]], board: list[int],
           down: Sequence[int]) -> list[Fraction]:
    """Each player's share of the pot on one complete deal."""
    g = get_game(key)
    vals = [_value(key, h, board) for h in holes]
    P = len(holes)
    best = max(v[0] for v in vals)
    hw = [i for i in range(P) if vals[i][0] == best]
    out = [Fraction(0)] * P
    second: list[int] = []
    if g.split == "low8":
        bl = max(v[1] for v in vals)
        if bl > 0:
            second = [i for i in range(P) if vals[i][1] == bl]
    elif g.split == "chicago":
        second = [i for i in range(P) if any(holes[i][j] == AS for j in down)]
    if second:
        for i in hw:
            out[i] += Fraction(1, 2 * len(hw))
        for i in second:
            out[i] += Fraction(1, 2 * len(second))
    else:
        for i in hw:
            out[i] += Fraction(1, len(hw))
    return out


def reference_equity(key: str, hands: list[list[int | None]], board: list[int],
                     dead: Sequence[int] = (), n_players: int | None = None) -> list[float]:
    """Exact equity by brute force. ``hands``: per player a list of card indices, None for
    an unknown card; the hand is padded with None to the game's hole size."""
    g = get_game(key).for_players(n_players or len(hands))
    holes = [list(h) + [None] * (g.hole - len(h)) for h in hands]
    known = set(board) | set(dead) | {c for h in holes for c in h if c is not None}
    deck = [c for c in range(52) if c not in known]
    slots = [(i, j) for i, h in enumerate(holes) for j, c in enumerate(h) if c is None]
    nb = g.board - len(board)
    need = len(slots) + nb
    tot = [Fraction(0)] * len(holes)
    n = 0
    deals = (itertools.permutations(deck, need) if slots
             else itertools.combinations(deck, need))
    for combo in deals:
        hs = [list(h) for h in holes]
        for (i, j), c in zip(slots, combo[:len(slots)]):
            hs[i][j] = c
        b = list(board) + list(combo[len(slots):])
        for i, s in enumerate(shares(key, hs, b, g.down)):
            tot[i] += s
        n += 1
    return [float(t / n) for t in tot]
