"""Omaha starting-hand ranges (4, 5 and 6 hole cards), in the notation Omaha players write.

A range is comma-separated terms, weighted as hold'em ranges are (``0.5(AA**, KK**)``,
``AA**:0.5``; a hand listed twice keeps its last weight). A term (:mod:`.omaha_terms`):

================  ========================================================================
``AsKsQhJh``      one hand (exact cards)
``AA**``          at least two aces (``AAxx``, ``AA??`` and ``AA`` alike: the rest any)
``AKQJ``          at least an ace, a king, a queen and a jack
``AAKKds``        suit pattern: ``ds`` two suits of exactly two cards, ``ss`` one, ``ts``
                  three, ``r`` rainbow (no two cards of a suit); none has three of a suit
``[AK]**``        an ace and a king of one suit (a *suit group*); ``[A*]**`` a suited
                  ace; ``[AK][QJ]`` two groups, two different suits
``As***``         the ace of spades and any three cards
``KK+``           KK**, AA** (every rank steps up together until the top one is an ace)
``T987+``         T987, JT98, QJT9, KQJT, AKQJ
``QQ-99``         QQ**, JJ**, TT**, 99** (both ends of the same shape)
``AA**!AAA*``     two aces but not three (``!`` takes the hands of the terms after it out)
``top 10%``       the best 10% of all hands in pyeval's Omaha order (:mod:`.omaha_percent`)
``5-15%``         ``top 15%`` without ``top 5%``
``random``        every hand (also ``any``)
================  ========================================================================

>>> r = parse_omaha_range("AA**", 4)
>>> len(r), round(100 * r.share, 3)
(6961, 2.571)
>>> r = parse_omaha_range("AAKKds, 0.5(JT98ss)", 4)
>>> len(r), r.total_weight
(150, 78.0)
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from math import comb

import numpy as np

from pyeval.cards import RANDOM_WORDS, RANKS, format_cards
from pyeval.equity._kept import Kept
from pyeval.equity.omaha_hands import all_hands, hand_cards, rank_counts, suit_profile
from pyeval.equity.omaha_terms import term_masks
from pyeval.equity.ranges import _NUMBER, MIN_RELATIVE_WEIGHT, RangeError, _short, split_terms

__all__ = ["HOLES", "OmahaRange", "parse_omaha_range"]

#: hole cards of the Omaha games
HOLES = (4, 5, 6)
#: the longest term read
MAX_TERM_CHARS = 64
_PERCENT = re.compile(r"(?:top\s*)?([0-9.]+)\s*%?\s*(?:-\s*([0-9.]+)\s*)?%", re.IGNORECASE)


@dataclass(frozen=True)
class OmahaRange:
    """Omaha hands of ``hole`` cards as sorted card masks (bit ``4 * rank + suit``) and
    relative weights (the largest 1 unless written otherwise)."""

    hole: int
    masks: np.ndarray
    weights: np.ndarray

    def __len__(self) -> int:
        return len(self.masks)

    @property
    def total_weight(self) -> float:
        return float(self.weights.sum())

    @property
    def share(self) -> float:
        """The range's weight as a share of every hand of ``hole`` cards."""
        return self.total_weight / comb(52, self.hole)

    @property
    def uniform(self) -> bool:
        return bool(len(self.weights) == 0 or np.all(self.weights == self.weights[0]))

    @property
    def cards(self) -> np.ndarray:
        """[N, hole] uint8, each hand's cards ascending."""
        return hand_cards(self.masks, self.hole)

    def without(self, dead_mask: int) -> OmahaRange:
        """The hands that use none of the cards of ``dead_mask``."""
        keep = (self.masks & np.uint64(dead_mask)) == 0
        if keep.all():
            return self
        return OmahaRange(self.hole, self.masks[keep], self.weights[keep])

    def normalised(self) -> OmahaRange:
        """The same range with its largest weight 1."""
        top = self.weights.max() if len(self) else 1.0
        if top == 1.0:
            return self
        return OmahaRange(self.hole, self.masks, self.weights / top)

    def hands(self, limit: int = 20) -> list[str]:
        """The first ``limit`` hands as text, highest card first.

        >>> parse_omaha_range("AAKKds", 4).hands(2)
        ['AdAcKdKc', 'AhAcKhKc']
        """
        return [format_cards(c) for c in self.cards[:limit, ::-1].tolist()]

    def summary(self) -> list[tuple[str, dict[str, float]]]:
        """Weight by the hand's pair (``AA`` .. ``22`` for its highest pair, ``trips+`` for
        three or four of a rank, ``no pair``) and suit pattern (``ds``, ``ss``, ``ts``,
        ``r``, ``3+`` for three or more cards of a suit), rows best pair first.

        >>> parse_omaha_range("AAKKds", 4).summary()
        [('AA', {'ds': 6.0})]
        """
        names, idx = self.groups()
        suit_names = ["r", "ss", "ds", "ts", "3+"]
        out: dict[str, dict[str, float]] = {}
        for g, name in enumerate(names):
            sel = idx == g
            if sel.any():
                pair, suit = name.rsplit(" ", 1)
                out.setdefault(pair, {})[suit] = float(self.weights[sel].sum())
        return [(pair, {k: cells[k] for k in suit_names if k in cells})
                for pair, cells in out.items()]

    def groups(self) -> tuple[list[str], np.ndarray]:
        """The hand classes of :meth:`summary` as labels (``"AA ds"``, ``"no pair r"``,
        best pair first) and each hand's label index (every label listed is held).

        >>> parse_omaha_range("AAKKds, QQJJds", 4).groups()[0]
        ['AA ds', 'QQ ds']
        """
        rc = rank_counts(self.masks)
        prof = suit_profile(self.masks)
        twos = (prof == 2).sum(axis=1)
        suit = np.where((prof >= 3).any(axis=1), 4, twos)
        suit_names = ["r", "ss", "ds", "ts", "3+"]
        paired = rc >= 2
        top_pair = np.where(paired.any(axis=1), 12 - np.argmax(paired[:, ::-1], axis=1), -1)
        row = np.where((rc >= 3).any(axis=1), 13, top_pair)
        code = (13 - row) * 5 + np.array([2, 1, 0, 3, 4])[suit]      # best pair, ds first
        held = np.bincount(code, minlength=14 * 5) > 0     # (np.unique sorts: 0.1 s)
        used = np.nonzero(held)[0]
        idx = (np.cumsum(held) - 1)[code]
        names = []
        for c in used.tolist():
            r, k = 13 - c // 5, [2, 1, 0, 3, 4].index(c % 5)
            pair = "trips+" if r == 13 else "no pair" if r < 0 else RANKS[r] * 2
            names.append(f"{pair} {suit_names[k]}")
        return names, idx.reshape(-1)


def _percent(t: str, hole: int, hilo: bool) -> np.ndarray | None:
    m = _PERCENT.fullmatch(t)
    if m is None:
        return None

    def pct(x: str) -> float:
        if _NUMBER.fullmatch(x) is None:
            raise RangeError(f"cannot read the percentage {x!r} in {t!r}")
        return float(x)

    lo, hi = (0.0, pct(m.group(1))) if m.group(2) is None else (pct(m.group(1)),
                                                                  pct(m.group(2)))
    from pyeval.equity.omaha_percent import percent_masks
    return percent_masks(lo, hi, hole, hilo)


def _term(term: str, hole: int, hilo: bool) -> np.ndarray:
    t = term.strip()
    if len(t) > MAX_TERM_CHARS:
        raise RangeError(f"cannot read the term {_short(t)!r}: Omaha range terms are at most "
                         f"{MAX_TERM_CHARS} characters")
    if t.lower() in RANDOM_WORDS:
        return all_hands(hole)
    got = _percent(t, hole, hilo)
    if got is not None:
        return got
    if "%" in t:
        raise RangeError(f"cannot read the percentage term {t!r}: write top 10%, 10% or "
                         f"5-15%")
    return term_masks(t, hole)


#: parsed ranges kept (:func:`parse_omaha_range`), and the most hands they hold together
MAX_CACHED_RANGES, MAX_CACHED_HANDS = 8, 4_000_000
_CACHE: Kept[OmahaRange] = Kept(MAX_CACHED_RANGES, MAX_CACHED_HANDS, len)


def parse_omaha_range(text: str, hole: int = 4, hilo: bool = False) -> OmahaRange:
    """An Omaha range of ``hole`` cards from its text (``hilo``: percentages in the hi/lo
    order). Raises :class:`~pyeval.equity.ranges.RangeError` (a ValueError) saying what is
    allowed. The last few ranges read are kept by their text (reading ``AA***`` takes
    about 10 ms); their arrays are read-only.

    >>> len(parse_omaha_range("KK+", 4)), len(parse_omaha_range("AA", 5))
    (13886, 108336)
    >>> parse_omaha_range("KK+", 4).masks.flags.writeable
    False
    """
    if hole not in HOLES:
        raise ValueError(f"Omaha hands have 4, 5 or 6 hole cards, not {hole!r}")
    if not isinstance(text, str):
        raise TypeError(f"an Omaha range is text, not {type(text).__name__}")
    key = (text, hole, bool(hilo))
    got = _CACHE.get(key)
    if got is not None:
        return got
    r = _parse(text, hole, hilo)
    r.masks.setflags(write=False)
    r.weights.setflags(write=False)
    if len(r) <= MAX_CACHED_HANDS:
        _CACHE.put(key, r)
    return r


def _parse(text: str, hole: int, hilo: bool) -> OmahaRange:
    """:func:`parse_omaha_range` without its cache."""
    terms = split_terms(text, "0.5(AA**, KK**)")
    logs = [e + math.log2(m) for _, (m, e) in terms]
    top = max(logs)
    if min(logs) - top < math.log2(MIN_RELATIVE_WEIGHT):
        raise RangeError(f"the weights of range {_short(text)!r} differ by more than a factor "
                         f"of {1 / MIN_RELATIVE_WEIGHT:.0e}")
    scale = top > 0 or top < math.log2(1e-100)
    e_top = terms[int(np.argmax(logs))][1]
    masks, weights = [], []
    for t, (m, e) in reversed(terms):                     # the last mention first
        w = math.ldexp(m, e - e_top[1]) / e_top[0] if scale else math.ldexp(m, e)
        got = _term(t, hole, hilo)
        masks.append(got)
        weights.append(np.full(len(got), w))
    if len(masks) == 1 and bool(np.all(masks[0][1:] > masks[0][:-1])):
        return OmahaRange(hole, masks[0].copy(), weights[0])     # one term: sorted, once each
    allm = np.concatenate(masks)
    allw = np.concatenate(weights)
    u, first = np.unique(allm, return_index=True)         # the first of the reversed list
    return OmahaRange(hole, u, allw[first])

