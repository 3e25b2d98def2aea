"""Cards, card sets and their text.

A card is an integer ``4 * rank + suit``: rank 0..12 is 2, 3, ..., T, J, Q, K, A and suit
0..3 is clubs, diamonds, hearts, spades. Arrays of cards are ``uint8``; a set of cards is a
64-bit mask with bit ``card`` set.

>>> format_cards(cards("A♣ 8♠ 6♦ 4♠ 2♣"))
'Ac8s6d4s2c'
>>> int(card("10h")), format_card(50)
(34, 'Ah')
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Union

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                "Tens", "Jacks", "Queens", "Kings", "Aces")
_SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")

CardsLike = Union[str, Iterable[int], Iterable[str], np.ndarray]

ALLOWED = ("cards are a rank 2-9, T (or 10), J, Q, K, A followed by a suit c, d, h, s "
           "(or ♣ ♦ ♥ ♠), e.g. 'Ah', 'td', '10♥'; or integers 0..51 (4 * rank + suit)")


def _parse_rank(tok: str) -> int:
    t = tok.upper()
    return 8 if t == "10" else RANKS.index(t)


def _parse_suit(tok: str) -> int:
    return _SUIT_SYMBOLS[tok] if tok in _SUIT_SYMBOLS else SUITS.index(tok.lower())


def _parse_text(text: str) -> list[int]:
    out: list[int] = []
    for chunk in _SEPARATORS.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            if m is None:
                bad = chunk[pos:pos + 3]
                raise ValueError(f"unknown card {bad!r} in {text!r}: {ALLOWED}")
            out.append(4 * _parse_rank(m.group(1)) + _parse_suit(m.group(2)))
            pos = m.end()
    return out


def card(text: str | int) -> int:
    """One card as its index.

    >>> card("As"), card("2c"), card("T♦")
    (51, 0, 33)
    """
    if isinstance(text, (int, np.integer)) and not isinstance(text, bool):
        if not 0 <= int(text) <= 51:
            raise ValueError(f"card {int(text)} is outside 0..51: {ALLOWED}")
        return int(text)
    if not isinstance(text, str):
        raise TypeError(f"a card is a string or an int, not {type(text).__name__}: {ALLOWED}")
    parsed = _parse_text(text)
    if len(parsed) != 1:
        raise ValueError(f"expected exactly one card, got {len(parsed)} in {text!r}")
    return parsed[0]


def cards(spec: CardsLike, n: int | tuple[int, ...] | None = None,
          *, what: str = "cards") -> np.ndarray:
    """Cards as a ``uint8`` array, from text (``"AhKd"``, ``"A♣ 8♠"``, ``"10h 9h"``), a
    sequence of card strings or integers, or an array. Repeated cards are refused.

    ``n`` (an int or a tuple of allowed counts) checks the number of cards.

    >>> cards("Ah Kd").tolist()
    [50, 45]
    >>> cards("AhAh")
    Traceback (most recent call last):
    ...
    ValueError: card 'Ah' appears twice in cards 'AhAh'
    """
    if isinstance(spec, str):
        vals = _parse_text(spec)
    elif isinstance(spec, np.ndarray):
        if spec.ndim != 1:
            raise ValueError(f"{what}: expected a 1-d array of cards, got shape {spec.shape}")
        if spec.dtype.kind not in "iu":
            raise TypeError(f"{what}: card arrays hold integers (uint8), not {spec.dtype}")
        vals = [int(v) for v in spec]
    elif isinstance(spec, Iterable):
        vals = [card(v) for v in spec]
    else:
        raise TypeError(f"{what}: expected text, a sequence of cards or an array, "
                        f"not {type(spec).__name__}")
    seen: set[int] = set()
    for v in vals:
        if not 0 <= v <= 51:
            raise ValueError(f"{what}: card {v} is outside 0..51: {ALLOWED}")
        if v in seen:
            shown = spec if isinstance(spec, str) else format_cards(vals)
            raise ValueError(f"card {format_card(v)!r} appears twice in {what} {shown!r}")
        seen.add(v)
    if n is not None:
        allowed = (n,) if isinstance(n, int) else tuple(n)
        if len(vals) not in allowed:
            want = " or ".join(str(a) for a in allowed)
            raise ValueError(f"{what}: expected {want} cards, got {len(vals)}")
    return np.array(vals, dtype=np.uint8)


def format_card(c: int) -> str:
    """``50 -> 'Ah'``."""
    if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
        raise TypeError(f"format_card takes a card index 0..51, not {type(c).__name__} "
                        f"{c!r} (to read text, use card())")
    c = int(c)
    if not 0 <= c <= 51:
        raise ValueError(f"card {c} is outside 0..51")
    return RANKS[c >> 2] + SUITS[c & 3]


def format_cards(cs: Iterable[int], sep: str = "") -> str:
    """``[50, 45] -> 'AhKd'``; ``sep=' '`` puts spaces between the cards."""
    return sep.join(format_card(c) for c in cs)


def mask(cs: CardsLike) -> int:
    """The 64-bit card-set mask of some cards.

    >>> hex(mask("2c 2d"))
    '0x3'
    """
    m = 0
    for c in cards(cs):
        m |= 1 << int(c)
    return m


def from_mask(m: int) -> np.ndarray:
    """Cards of a mask, in index order."""
    if m < 0 or m >> 52:
        raise ValueError(f"mask {m:#x} has bits outside 0..51")
    return np.array([i for i in range(52) if m >> i & 1], dtype=np.uint8)


def deck() -> np.ndarray:
    """The 52 cards in index order."""
    return np.arange(52, dtype=np.uint8)


def rank_of(c: int) -> int:
    return int(c) >> 2


def suit_of(c: int) -> int:
    return int(c) & 3
