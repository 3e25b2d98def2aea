"""One term of an Omaha range (no commas, no weights) read into the set of hands it names:
the grammar of :mod:`pyeval.equity.omaha_ranges`.

A hand pattern is a list of *items*, padded with any cards up to the hole count: a card
(``As``), a rank (``A``: an ace of any suit), a wildcard (``*``, ``x`` or ``?``: any
card) or a suit group in square brackets (``[AK]``: an ace and a king of one suit;
``[A*]``: an ace and another card of its suit; two groups take two different suits). A
hand holds the pattern when some distinct cards of it match the items ("at least the ranks
shown": ``AA**`` holds AAA* and AAAA too). A suffix says how the whole hand is suited
(:data:`PATTERNS`). ``+`` and ``A-B`` step the ranks (spans), ``!`` takes hands out.

>>> len(term_masks("AA**", 4)), len(term_masks("AAxx", 4)), len(term_masks("AA", 4))
(6961, 6961, 6961)
>>> len(term_masks("AAKKds", 4)), len(term_masks("[A*]**", 4))
(6, 45880)
"""
from __future__ import annotations

import itertools
import re
from typing import NamedTuple

import numpy as np

from pyeval.cards import _RANK_CHARS, RANKS, SUITS, _read_card
from pyeval.equity.omaha_hands import all_hands, sorted_unique, suit_profile
from pyeval.equity.ranges import RangeError

__all__ = ["ALLOWED_OMAHA", "PATTERNS", "Hand", "Item", "term_masks"]

ALLOWED_OMAHA = (
    "an Omaha range term is cards and ranks such as AsKsQhJh, AA**, AAxx, KQJT, a suit "
    "group [AK]** (same suit), a suit pattern suffix ds/ss/ts/r (AAKKds, JT98ss), a span "
    "KK+, T987+, QQ-99, an exclusion AA**!AAA*, a percentage (top 10%, 5-15%) or random")

#: suit pattern suffixes: how many suits hold exactly two cards, none holding three or more
#: (``r``: every card of its own suit)
PATTERNS = {"r": 0, "ss": 1, "ds": 2, "ts": 3}
WILD = "*?xX"
#: the most concrete choices of a pattern's named cards listed before the wildcards are added
MAX_CHOICES = 2_000_000
#: the most hands (with repeats) a term may list while it is read: about 400 MB of masks
MAX_LISTED = 50_000_000
_SPAN = re.compile(r"^(.*?)\s*-\s*(.+)$")


class Item(NamedTuple):
    """One named card of a pattern: a rank (None: any), a suit (None: any), a suit group
    (None: none)."""

    rank: int | None
    suit: int | None
    group: int | None


class Hand(NamedTuple):
    """A hand pattern: its items and suit pattern suffix ('' for none)."""

    items: tuple[Item, ...]
    pattern: str


def _bad(text: str, why: str) -> RangeError:
    return RangeError(f"cannot read the Omaha range term {text!r}: {why}; {ALLOWED_OMAHA}")


def read_hand(text: str, term: str) -> Hand:
    """A hand pattern from its text.

    >>> read_hand("[AK]x*ds", "[AK]x*ds").pattern
    'ds'
    """
    t = text.strip()
    pattern = ""
    for suf in ("ds", "ss", "ts", "r"):
        if t.endswith(suf) and len(t) > len(suf):
            pattern, t = suf, t[:-len(suf)]
            break
    items: list[Item] = []
    group: int | None = None
    ngroups = 0
    pos = 0
    while pos < len(t):
        ch = t[pos]
        if ch.isspace():
            pos += 1
        elif ch == "[":
            if group is not None:
                raise _bad(term, "suit groups do not nest")
            group = ngroups
            ngroups += 1
            start = len(items)
            pos += 1
        elif ch == "]":
            if group is None:
                raise _bad(term, "']' without '['")
            if len(items) - start < 2:
                raise _bad(term, "a suit group holds two cards or more, as in [AK] or [A*]")
            group = None
            pos += 1
        elif ch in WILD:
            items.append(Item(None, None, group))
            pos += 1
        else:
            got = _read_card(t, pos)
            if got is not None:
                if group is not None:
                    raise _bad(term, "a suit group holds ranks and wildcards, not cards with "
                                     "suits (its suit is chosen)")
                items.append(Item(got[0] >> 2, got[0] & 3, None))
                pos = got[1]
                continue
            if t.startswith("10", pos):
                items.append(Item(8, None, group))
                pos += 2
            elif ch in _RANK_CHARS:
                items.append(Item(_RANK_CHARS[ch], None, group))
                pos += 1
            else:
                raise _bad(term, f"{t[pos:pos + 3]!r} is not a rank, card, wildcard or "
                                 f"suit group")
    if group is not None:
        raise _bad(term, "'[' without ']'")
    if not items:
        raise _bad(term, "no cards")
    return Hand(tuple(items), pattern)


def _named_choices(items: list[Item], ngroups: int) -> np.ndarray:
    """Masks of every choice of distinct cards for the named items (all but free
    wildcards), unique."""
    out: set[int] = set()
    total = 0
    for gs in itertools.permutations(range(4), ngroups):
        cands = []
        for it in items:
            s = gs[it.group] if it.group is not None else it.suit
            ranks = range(13) if it.rank is None else (it.rank,)
            suits = range(4) if s is None else (s,)
            cands.append([4 * r + x for r in ranks for x in suits])
        for combo in itertools.product(*cands):
            total += 1
            if total > MAX_CHOICES:
                raise RangeError(f"the pattern names more than {MAX_CHOICES:,} choices of "
                                 f"cards; use wildcards (*) for cards of any rank and suit")
            m = 0
            for c in combo:
                m |= 1 << c
            if bin(m).count("1") == len(combo):
                out.add(m)
    return np.array(sorted(out), dtype=np.uint64)


def hand_masks(hand: Hand, hole: int, term: str) -> np.ndarray:
    """Every ``hole``-card hand that holds the pattern, sorted masks.

    >>> len(hand_masks(read_hand("AKQJ", "AKQJ"), 4, "AKQJ"))
    256
    """
    if len(hand.items) > hole:
        raise _bad(term, f"{len(hand.items)} cards named; an Omaha hand of this game has "
                         f"{hole} (write fewer, the rest is any card)")
    if hand.pattern:
        _check_pattern(hand.pattern, hole, term)
    named = [it for it in hand.items if it != Item(None, None, None)]
    free = hole - len(named)
    ngroups = len({it.group for it in named if it.group is not None})
    base = _named_choices(named, ngroups)
    fills = all_hands(free)
    if len(base) * len(fills) > MAX_LISTED and len(base) > 1:
        raise RangeError(f"the term {term!r} lists more than {MAX_LISTED:,} hands while it "
                         f"is read; name more of its cards")
    if len(base) == 1 and base[0] == 0:
        out = np.array(fills)
    else:
        parts = [fills[(fills & b) == 0] | b for b in base]
        out = sorted_unique(np.concatenate(parts)) if parts else np.zeros(0, np.uint64)
    if hand.pattern:
        out = out[suited_as(out, hand.pattern, hole, term)]
    return out


def suited_as(masks: np.ndarray, pattern: str, hole: int, term: str) -> np.ndarray:
    """Which hands have the suit pattern (``ds``: exactly two suits of two cards each and
    none of three or more; ``ss`` one; ``ts`` three; ``r`` every card of its own suit)."""
    _check_pattern(pattern, hole, term)
    pairs = PATTERNS[pattern]
    prof = suit_profile(masks)
    return ((prof == 2).sum(axis=1) == pairs) & ((prof >= 3).sum(axis=1) == 0)


def _check_pattern(pattern: str, hole: int, term: str) -> None:
    pairs = PATTERNS[pattern]
    rest = hole - 2 * pairs
    if rest < 0 or pairs + rest > 4:
        possible = [p for p, k in PATTERNS.items() if hole - 2 * k >= 0 and k + hole - 2 * k <= 4]
        raise _bad(term, f"no {hole}-card hand is {pattern!r} (the suit patterns of "
                         f"{hole} cards: {', '.join(possible)})")


def _shift(hand: Hand, d: int) -> Hand:
    return Hand(tuple(it._replace(rank=None if it.rank is None else it.rank + d)
                      for it in hand.items), hand.pattern)


def _ranks(hand: Hand) -> list[int]:
    return [it.rank for it in hand.items if it.rank is not None]


def _check_steppable(hand: Hand, term: str) -> None:
    if any(it.suit is not None for it in hand.items):
        raise _bad(term, "a span steps ranks; cards with a suit cannot step (use a suit "
                         "group, e.g. [KQ]**+)")
    if not _ranks(hand):
        raise _bad(term, "a span steps ranks; name a rank")


def span_hands(text: str, term: str) -> list[Hand]:
    """The hand patterns of a span (``KK+``, ``T987+``, ``QQ-99``) or of a plain pattern.

    >>> ["".join(RANKS[r] for r in _ranks(h)) for h in span_hands("T987+", "T987+")]
    ['T987', 'JT98', 'QJT9', 'KQJT', 'AKQJ']
    """
    t = text.strip()
    if t.endswith("+"):
        h = read_hand(t[:-1], term)
        _check_steppable(h, term)
        top = max(_ranks(h))
        return [_shift(h, d) for d in range(0, 12 - top + 1)]
    m = _SPAN.match(t)
    if m is None:
        return [read_hand(t, term)]
    a, b = read_hand(m.group(1), term), read_hand(m.group(2), term)
    _check_steppable(a, term)
    same = (len(a.items) == len(b.items) and a.pattern == b.pattern
            and all((x.rank is None) == (y.rank is None) and x.group == y.group
                    and x.suit == y.suit for x, y in zip(a.items, b.items)))
    ds = {x.rank - y.rank for x, y in zip(a.items, b.items)
          if x.rank is not None and y.rank is not None} if same else set()
    if len(ds) != 1:
        raise _bad(term, "both ends of a span have the same shape and every rank steps by "
                         "the same amount, as in QQ-99 or KQJT-8765")
    d = ds.pop()
    lo = b if d >= 0 else a
    return [_shift(lo, k) for k in range(abs(d) + 1)][::-1]


def term_masks(text: str, hole: int) -> np.ndarray:
    """The hands of one term without percentages, sorted masks (``A!B!C``: the hands of A
    that are in neither B nor C).

    >>> len(term_masks("AA**!AAA*", 4)), len(term_masks("KK+", 4)), len(term_masks("QQ-99", 4))
    (6768, 13886, 27628)
    """
    parts = text.split("!")
    if any(not p.strip() for p in parts):
        raise _bad(text, "'!' takes hands out: write it between two patterns, as in AA**!AAA*")
    out = _union(parts[0], hole, text)
    for p in parts[1:]:
        out = np.setdiff1d(out, _union(p, hole, text), assume_unique=True)
    return out


def _union(text: str, hole: int, term: str) -> np.ndarray:
    hands = span_hands(text, term)
    got = [hand_masks(h, hole, term) for h in hands]
    return got[0] if len(got) == 1 else sorted_unique(np.concatenate(got))



def rank_text(hand: Hand) -> str:
    """A pattern written back (``[AK]**ds``)."""
    out = []
    g = None
    for it in hand.items:
        if it.group != g and g is not None:
            out.append("]")
        if it.group is not None and it.group != g:
            out.append("[")
        g = it.group
        out.append("*" if it.rank is None else RANKS[it.rank])
        if it.suit is not None:
            out.append(SUITS[it.suit])
    if g is not None:
        out.append("]")
    return "".join(out) + hand.pattern
