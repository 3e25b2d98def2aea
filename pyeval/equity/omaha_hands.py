"""Sets of Omaha starting hands as arrays of card masks (bit ``4 * rank + suit``), the
building blocks of :mod:`pyeval.equity.omaha_ranges`: every hand of a size, the suits of a
set, their cards.

A set of hands is a sorted ``uint64`` array of masks: 270,725 four-card hands take 2 MB,
all 20,358,520 six-card hands 163 MB (they are listed only when a range asks for them).

>>> len(all_hands(4)), len(all_hands(2))
(270725, 1326)
>>> suit_profile(np.array([0b1111], np.uint64)).tolist()     # 2c 2d 2h 2s: rainbow
[[1, 1, 1, 1]]
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = ["SUIT_MASKS", "all_hands", "hand_cards", "rank_counts", "suit_profile"]

#: bits of the 13 cards of each suit (suits c, d, h, s)
SUIT_MASKS = tuple(np.uint64(sum(1 << (4 * r + s) for r in range(13))) for s in range(4))
#: bits of the four cards of each rank
RANK_MASKS = tuple(np.uint64(0xF << (4 * r)) for r in range(13))


@lru_cache(maxsize=4)
def all_hands(k: int) -> np.ndarray:
    """Every ``k``-card hand of the deck as masks, sorted (read-only; cached).

    >>> [len(all_hands(k)) for k in (0, 1, 3)]
    [1, 52, 22100]
    """
    if k == 0:
        out = np.zeros(1, dtype=np.uint64)
    else:
        # hands by their highest card: those of k cards with top c are those of k - 1 cards
        # whose top is below c, with c added (a prefix of the previous level)
        prev = all_hands(k - 1)
        tops = _tops(prev) if k > 1 else np.full(1, -1)
        parts = []
        for c in range(52):
            n = int(np.searchsorted(tops, c, side="left"))
            if n:
                parts.append(prev[:n] | np.uint64(1 << c))
        out = np.concatenate(parts) if parts else np.zeros(0, np.uint64)
    out.setflags(write=False)
    return out


def _tops(masks: np.ndarray) -> np.ndarray:
    """The highest card of each mask (masks sorted, so the tops are ascending)."""
    hi = (masks >> np.uint64(32)).astype(np.uint64)
    top_hi = np.floor(np.log2(np.maximum(hi, 1).astype(np.float64))).astype(np.int64) + 32
    lo = (masks & np.uint64(0xFFFFFFFF)).astype(np.float64)
    top_lo = np.floor(np.log2(np.maximum(lo, 1.0))).astype(np.int64)
    return np.where(hi > 0, top_hi, top_lo)


def suit_profile(masks: np.ndarray) -> np.ndarray:
    """Cards of each suit (c, d, h, s) in each hand, [N, 4].

    >>> suit_profile(np.array([0b10001], np.uint64)).tolist()   # 2c 3c
    [[2, 0, 0, 0]]
    """
    return np.stack([np.bitwise_count(masks & m) for m in SUIT_MASKS], axis=1).astype(np.int64)


def rank_counts(masks: np.ndarray) -> np.ndarray:
    """Cards of each rank (2 .. A) in each hand, [N, 13]."""
    return np.stack([np.bitwise_count(masks & m) for m in RANK_MASKS], axis=1).astype(np.int64)


def hand_cards(masks: np.ndarray, k: int) -> np.ndarray:
    """The ``k`` cards of each hand, ascending, [N, k] uint8.

    >>> hand_cards(np.array([0b1011], np.uint64), 3).tolist()
    [[0, 1, 3]]
    """
    out = np.zeros((len(masks), k), dtype=np.uint8)
    m = masks.copy()
    one = np.uint64(1)
    for j in range(k):
        low = m & (~m + one)                       # the lowest bit left
        out[:, j] = np.bitwise_count(low - one)    # its index
        m ^= low
    return out


def sorted_unique(masks: np.ndarray) -> np.ndarray:
    """``np.unique(masks)`` (sorted, each once) by a sort and a neighbour test. [speed]
    numpy 2's ``np.unique`` hashes first: on the 100,000 masks of a span such as ``TT+`` it
    took 0.08 s, most of a wide range's reading, too much under a small ``time_limit`` (the
    equity fuzzer's finding); this takes about a tenth of that. The callers join sorted
    parts (a pattern's hands for each choice of its named cards, a range's terms): the
    stable sort (a merge of the runs it finds) takes 0.15 ms on the 117,600 masks of
    ``AA***`` where quicksort took 5 ms (bench/RESULTS.md).

    >>> sorted_unique(np.array([5, 1, 5, 3], dtype=np.uint64)).tolist()
    [1, 3, 5]
    """
    out = np.sort(masks, kind="stable")
    return out[_firsts(out)]


def sorted_unique_inverse(masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(masks, return_inverse=True)`` the same way (:func:`sorted_unique`).

    >>> u, inv = sorted_unique_inverse(np.array([5, 1, 5, 3], dtype=np.uint64))
    >>> u.tolist(), inv.tolist()
    ([1, 3, 5], [2, 0, 2, 1])
    """
    order = np.argsort(masks, kind="stable")
    ordered = masks[order]
    first = _firsts(ordered)
    inv = np.empty(len(masks), np.int64)
    inv[order] = np.cumsum(first) - 1
    return ordered[first], inv


def _firsts(ordered: np.ndarray) -> np.ndarray:
    """Where each run of equal values of a sorted array starts."""
    return np.concatenate(([True], ordered[1:] != ordered[:-1])) if len(ordered) else np.zeros(0, bool)
