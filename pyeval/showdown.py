"""Ranking several players' hands and finding the winners, ties included.

>>> winners(["Jc Ks", "6c 7c"], "8h 3s 9d Th Qc")
[0]
>>> winners(["Jc 3c", "Ks Js"], "Kh Ts 9d Th Qc")
[0, 1]
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from pyeval import evaluate
from pyeval.cards import CardsLike, cards

Rule = Callable[[np.ndarray, np.ndarray], int]

RULES: dict[str, Rule] = {
    "high": lambda h, b: evaluate.best_hand(h, b),
    "holdem": lambda h, b: evaluate.best_hand(h, b),
    "razz": lambda h, b: evaluate.best_hand(h, b, low="razz"),
    "low8": lambda h, b: evaluate.best_hand(h, b, low="8"),
    "omaha": lambda h, b: evaluate.omaha_high(h, b),
    "omaha_high": lambda h, b: evaluate.omaha_high(h, b),
    "omaha_low8": lambda h, b: evaluate.omaha_low8(h, b),
}


def values(hands: Sequence[CardsLike], board: CardsLike = "", rule: str = "high") -> list[int]:
    """Each hand's value under ``rule`` (see ``RULES``), checking that no card is dealt twice."""
    if not isinstance(rule, str) or rule not in RULES:
        shown = repr(rule) if len(repr(rule)) <= 40 else repr(rule)[:37] + "..."
        raise ValueError(f"unknown rule {shown}; allowed: {', '.join(sorted(RULES))}")
    if (isinstance(hands, (str, bytes)) or not isinstance(hands, (Sequence, np.ndarray))
            or (isinstance(hands, np.ndarray) and hands.ndim == 0)):
        raise TypeError(f"hands must be a list with one hand per player (e.g. ['AhKh', "
                        f"'QsQd']), not {type(hands).__name__}"
                        + (" of no dimension" if isinstance(hands, np.ndarray) else ""))
    if len(hands) == 0:
        raise ValueError("no hands given: pass one hand per player")
    b = cards(board, what="board")
    hs = [cards(h, what=f"hand {i}") for i, h in enumerate(hands)]
    seen = set(b.tolist())
    for i, h in enumerate(hs):
        dup = seen & set(h.tolist())
        if dup:
            from pyeval.cards import format_card
            raise ValueError(f"card {format_card(min(dup))!r} of hand {i} is dealt twice")
        seen |= set(h.tolist())
    fn = RULES[rule]
    return [fn(h, b) for h in hs]


def winners(hands: Sequence[CardsLike], board: CardsLike = "", rule: str = "high") -> list[int]:
    """Indices of the best hands (several on a tie). For ``low8`` and ``omaha_low8`` an empty
    list means that no hand makes a qualifying low."""
    vals = values(hands, board, rule)
    best = max(vals)
    if best == 0:
        return []
    return [i for i, v in enumerate(vals) if v == best]
