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

import operator
import re
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Union

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                "Tens", "Jacks", "Queens", "Kings", "Aces")
_SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
# every character a rank or suit may be written with (no case folding: "ſ" is not "s")
_RANK_CHARS = {**{r: i for i, r in enumerate(RANKS)}, **{r.lower(): i for i, r in
                                                         enumerate(RANKS) if r.isalpha()}}
_SUIT_CHARS = {**{s: i for i, s in enumerate(SUITS)}, **{s.upper(): i for i, s in
                                                         enumerate(SUITS)}, **_SUIT_SYMBOLS}
_SEPARATORS = re.compile(r"[\s,;]+")

#: characters that stand for an unknown card in a hand ("AsAh**", "Ah?")
WILDCARDS = "*?"
#: words that mean "every card unknown" (a random hand)
RANDOM_WORDS = frozenset({"random", "any"})

CardsLike = Union[str, Iterable[int], Iterable[str], np.ndarray]

ALLOWED = ("cards are a rank 2-9, T (or 10), J, Q, K, A followed by a suit c, d, h, s "
           "(or ♣ ♦ ♥ ♠), e.g. 'Ah', 'td', '10♥'; or integers 0..51 (4 * rank + suit)")


def _need_text(text: object, what: str) -> None:
    """TypeError unless ``text`` is a str (a list, None or an array is not text)."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str such as 'Ah Kd', not {type(text).__name__} "
                        f"{_short(text)}: {ALLOWED}")


def _short(x: object) -> str:
    r = repr(x)
    return r if len(r) <= 40 else r[:37] + "..."


def _read_card(chunk: str, pos: int) -> tuple[int, int] | None:
    """The card written at ``chunk[pos:]`` and the position after it, or None."""
    n = len(chunk)
    if chunk.startswith("10", pos):
        rank, pos = 8, pos + 2
    elif pos < n and chunk[pos] in _RANK_CHARS:
        rank, pos = _RANK_CHARS[chunk[pos]], pos + 1
    else:
        return None
    if pos < n and chunk[pos] in _SUIT_CHARS:
        return 4 * rank + _SUIT_CHARS[chunk[pos]], pos + 1
    return None


def tokens(text: str, *, wild: bool = False) -> list[int | None]:
    """The one card tokenizer: cards written in ``text`` in order, with or without spaces,
    commas or semicolons between them, ``10`` for a ten and suit symbols allowed; with
    ``wild=True`` each ``*`` or ``?`` is an unknown card (None). Raises ValueError naming
    the first piece that is not a card. Repeats are not checked here (see :func:`cards`).

    >>> tokens("A♥ 10h, 9s")
    [50, 34, 31]
    >>> tokens("AsAh**", wild=True)
    [51, 50, None, None]
    """
    _need_text(text, "cards as text")
    out: list[int | None] = []
    for chunk in _SEPARATORS.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            if wild and chunk[pos] in WILDCARDS:
                out.append(None)
                pos += 1
                continue
            got = _read_card(chunk, pos)
            if got is None:
                bad = chunk[pos:pos + 3]
                shown = text if len(text) <= 60 else text[:57] + "..."
                raise ValueError(f"unknown card {bad!r} in {shown!r}: {ALLOWED}")
            out.append(got[0])
            pos = got[1]
    return out


def hand_kind(text: str, ranges: bool = True) -> str:
    """The one function that decides what a hand written as text is: ``"random"`` (the
    words random, any), ``"cards"`` (cards, with ``*``/``?`` for unknown ones) or
    ``"range"`` (anything else, to be read as range notation). Where ranges are allowed
    (``ranges=True``, two-card games), commas separate range terms unless every part
    between them is a single card (``"Ah, Kh"`` is two cards, ``"AhKh, AsKs"`` a range).

    >>> hand_kind("Ah Kh"), hand_kind("A♥K♥"), hand_kind("Ah*"), hand_kind("QQ+, AKs")
    ('cards', 'cards', 'cards', 'range')
    >>> hand_kind("Any"), hand_kind("top 10%"), hand_kind("AhKh, AsKs")
    ('random', 'range', 'range')
    >>> hand_kind("As 2h, 3d", ranges=False)
    'cards'
    """
    _need_text(text, "a hand as text")
    t = text.strip()
    if t.lower() in RANDOM_WORDS:
        return "random"
    if not t:
        return "range"
    try:
        tokens(t, wild=True)
    except ValueError:
        return "range"
    if ranges and "," in t and any(len(tokens(part, wild=True)) != 1
                                   for part in t.split(",")):
        return "range"
    return "cards"


def _parse_text(text: str) -> list[int]:
    return [c for c in tokens(text) if c is not None]


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
    elif isinstance(spec, Iterable) and not isinstance(spec, (Mapping, AbstractSet)):
        vals = [card(v) for v in spec]
    else:
        raise TypeError(f"{what}: expected text, a sequence of cards or an array, "
                        f"not {type(spec).__name__}" + (" (a dict or set has no order)"
                                                        if isinstance(spec, Iterable) else ""))
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
    if (isinstance(cs, (str, bytes)) or not isinstance(cs, Iterable)
            or (isinstance(cs, np.ndarray) and cs.ndim == 0)):
        raise TypeError(f"format_cards takes card indexes 0..51 (a list, tuple or array), "
                        f"not {type(cs).__name__} {_short(cs)} (to read text, use cards())")
    if not isinstance(sep, str):
        raise TypeError(f"format_cards: sep must be a str, not {type(sep).__name__}")
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
    """Cards of a mask, in index order.

    >>> from_mask(0b1001).tolist()
    [0, 3]
    >>> from_mask(1.5)
    Traceback (most recent call last):
    ...
    TypeError: from_mask: a mask is a whole number with bits 0..51 set, not 1.5 (float)
    """
    bad = isinstance(m, (bool, np.bool_)) or not hasattr(m, "__index__")
    if not bad:
        try:
            m = operator.index(m)
        except TypeError:           # an array of more than one number, or of bools
            bad = True
    if bad:
        raise TypeError(f"from_mask: a mask is a whole number with bits 0..51 set, "
                        f"not {_short(m)} ({type(m).__name__})")
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
