"""Names for hand values: categories and descriptions as the rule sheets write them.

>>> from pyeval import high, razz
>>> describe(high("Kc Qd Jh Th 9s"))
'Straight, King high'
>>> describe(high("Kc Kd 9h 9s Jc"))
'Two Pair, Kings and Nines, Jack kicker'
>>> describe(razz("8c 6d 5h 4s Ac"), "razz")
'8-6-5-4-A low'
"""
from __future__ import annotations

import numpy as np

from pyeval._native import lib
from pyeval.cards import RANK_NAMES, RANK_PLURALS, RANKS

CATEGORY_NAMES = ("", "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
                  "Full House", "Four of a Kind", "Straight Flush")
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(1, 10)
_LOW_DIGITS = "A23456789TJQK"


def category(value: int) -> int:
    """Category of a high value: 1 High Card ... 9 Straight Flush (``value >> 12``).

    >>> from pyeval import high
    >>> category(high("2c 2d 5h 9s Kc"))
    2
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"a hand value is an integer, not {type(value).__name__}")
    v = int(value)
    if not 0 < v < 1 << 16 or lib.pe_high_code(v) == 0:
        raise ValueError(f"{value} is not a high hand value")
    return v >> 12


def category_name(value: int) -> str:
    """Rule-sheet name of a high value's category; the top straight flush is "Royal Flush".

    >>> from pyeval import high
    >>> category_name(high("As Ks Qs Js Ts")), category_name(high("9s Ks Qs Js Ts"))
    ('Royal Flush', 'Straight Flush')
    """
    cat = category(value)
    digits = _digits(lib.pe_high_code(int(value)))
    if cat == STRAIGHT_FLUSH and digits[0] == 12:
        return "Royal Flush"
    return CATEGORY_NAMES[cat]


def _digits(code: int) -> list[int]:
    out = []
    for shift in (16, 12, 8, 4, 0):
        d = code >> shift & 0xF
        if d:
            out.append(d - 1)
    return out


def _dashed(ranks: list[int]) -> str:
    return "-".join(RANKS[r] for r in ranks)


def _lone_kicker(ranks: list[int], i: int) -> str:
    """The tail of four of a kind or two pair: ", Jack kicker" (``ranks[i]`` named in full),
    or nothing when the hand has no card there."""
    return f", {RANK_NAMES[ranks[i]]} kicker" if len(ranks) > i else ""


def _kickers(ranks: list[int]) -> str:
    """The kickers' tail of a name: ", K-7 kickers", ", K kicker" or nothing."""
    return f", {_dashed(ranks)} kicker{'s' if len(ranks) > 1 else ''}" if ranks else ""


#: How a paired hand's name starts, high or low; the others read "Three of a Kind, Kings".
_PAIRED_HEADS = {"Pair": "Pair of {0}", "Two Pair": "Two Pair, {0} and {1}",
                 "Full House": "Full House, {0} full of {1}"}


def _paired(name: str, plurals: list[str]) -> str:
    """The head of a paired hand's name from its category and its ranks' plurals.

    >>> _paired("Full House", ["Kings", "Nines"]), _paired("Four of a Kind", ["Aces"])
    ('Full House, Kings full of Nines', 'Four of a Kind, Aces')
    """
    return _PAIRED_HEADS.get(name, "{name}, {0}").format(*plurals, name=name)


def _describe_high(value: int) -> str:
    code = lib.pe_high_code(value) if 0 < value < 1 << 16 else 0
    if code == 0:
        raise ValueError(f"{value} is not a high hand value")
    cat, d = code >> 20, _digits(code)
    if cat == STRAIGHT_FLUSH:
        return "Royal Flush" if d[0] == 12 else f"Straight Flush, {RANK_NAMES[d[0]]} high"
    if cat == STRAIGHT:
        return f"Straight, {RANK_NAMES[d[0]]} high"
    if cat == FLUSH:
        return f"Flush, {_dashed(d)}"
    if cat == HIGH_CARD:
        return f"High Card, {RANK_NAMES[d[0]]}" if len(d) == 1 else f"High Card, {_dashed(d)}"
    head = _paired(CATEGORY_NAMES[cat], [RANK_PLURALS[r] for r in d[:2]])
    if cat in (QUADS, TWO_PAIR):           # one kicker at most, named in full
        return head + _lone_kicker(d, 1 if cat == QUADS else 2)
    return head + (_kickers(d[1:]) if cat in (TRIPS, PAIR) else "")


_LOW_CATS = ("", "", "Pair", "Two Pair", "Three of a Kind", "Full House", "Four of a Kind")


def _low_name(ranks: list[int]) -> str:
    return "-".join(_LOW_DIGITS[r] for r in ranks)


def _describe_low(code: int) -> str:
    cat, d = code >> 20, _digits(code)
    if cat == 1:
        return f"{_low_name(d)} low"
    # paired lows: name the pairs (ace low), then the whole hand highest first
    head = _paired(_LOW_CATS[cat], [RANK_PLURALS[12 if r == 0 else r - 1] for r in d[:2]])
    kickers = d[2:] if cat == 3 else d[1:] if cat in (2, 4, 6) else []
    return head + (f", {_low_name(kickers)}" if kickers else "")


def describe(value: int, kind: str = "high") -> str:
    """Describe a value: ``kind`` is "high", "razz" or "low8".

    >>> from pyeval import low8
    >>> describe(low8("Ac 2d 3h 4s 5s"), "low8"), describe(0, "low8")
    ('5-4-3-2-A low', 'No low')
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"a hand value is an integer, not {type(value).__name__}")
    v = int(value)
    if kind == "high":
        return _describe_high(v)
    if kind in ("razz", "low"):
        code = lib.pe_razz_code(v) if 0 < v < 1 << 16 else 0
        if code == 0:
            raise ValueError(f"{value} is not a razz value")
        return _describe_low(code)
    if kind in ("low8", "8"):
        if v == 0:
            return "No low"
        code = lib.pe_low8_code(v) if 0 < v < 1 << 16 else 0
        if code == 0:
            raise ValueError(f"{value} is not an 8-or-better value (0..56)")
        return _describe_low(code)
    raise ValueError(f"kind must be 'high', 'razz' or 'low8', not {kind!r}")
