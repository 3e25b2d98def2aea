"""Finds the rank multipliers of the incremental 7-card table (csrc/incr7.c); run by hand,
its printed line is pasted into incr7.c. Not imported by pyeval.

A hand's rank key is the sum over its cards of ``MULT[rank]``. The key names the rank
multiset exactly when every multiset of seven cards with at most four of a rank has its own
sum. Seven is fixed, so adding one constant to every multiplier changes nothing: one rank
gets 0, and the multisets of the other twelve ranks with 0..7 cards must have distinct sums
(the zero rank fills up to seven; a multiset of the twelve with 3..7 cards is a 7-card
hand). The search is greedy: rank after rank, the smallest multiplier above the previous one
that keeps every sum distinct. With ``m`` the candidate, two multisets collide exactly when
``s1 + c1 * m == s2 + c2 * m`` for prefix sums ``s1, s2`` (sizes ``z1 + c1 <= 7`` and
``z2 + c2 <= 7``), i.e. ``m == (s2 - s1) / d`` with ``d = c1 - c2`` in 1..4 and
``z1 <= 7 - d``; the bad ``m`` of a window are marked from the sorted prefix sums.

The sums then fall below 2^23 (4 * 0x174a57 + 3 * 0xa2f3d = 8,107,795), against 5^13 for
base-5 digits, so that ``key >> 11`` picks one of 3,959 rows and a row-offset perfect hash
(incr7.c) places the 49,205 keys. incr7.c gives the zero to the ace and the largest to the
deuce (the list below reversed): the cards dealt last in ascending enumerations are the
high ones, whose small multipliers keep those keys in a few rows and cache lines (no
difference beyond the noise against the other order: bench/RESULTS.md, "incremental hands,
round 3").

    python csrc/gen_incr7.py
    # 0x0 0x1 0x5 0x18 0x70 0x209 0x8c7 0x241c 0x7867 0x1929a 0x3d12a 0xa2f3d 0x174a57
"""
from __future__ import annotations

import numpy as np


def _bad_in_window(sums: np.ndarray, sizes: np.ndarray, lo: int, width: int) -> np.ndarray:
    """which m in [lo, lo + width) make two multisets of the prefix collide"""
    bad = np.zeros(width, bool)
    for d in range(1, 5):
        s1 = sums[sizes <= 7 - d]
        a = np.searchsorted(sums, s1 + d * lo)
        b = np.searchsorted(sums, s1 + d * (lo + width))
        for i in np.nonzero(b > a)[0]:
            diff = sums[a[i]:b[i]] - s1[i]
            diff = diff[diff % d == 0] // d - lo
            bad[diff] = True
    return bad


def _extend(sums: np.ndarray, sizes: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """the prefix sums with 0..4 cards of a rank of multiplier m added (at most 7 cards)"""
    parts = [(sums[sizes + c <= 7] + c * m, sizes[sizes + c <= 7] + c) for c in range(5)]
    s = np.concatenate([p[0] for p in parts])
    z = np.concatenate([p[1] for p in parts])
    order = np.argsort(s, kind="stable")
    s, z = s[order], z[order]
    assert (np.diff(s) > 0).all(), "two multisets share a sum"
    return s, z


def multipliers() -> list[int]:
    """the greedy multipliers, smallest first (0 for the first rank)"""
    mults = [0]
    sums, sizes = np.zeros(1, np.int64), np.zeros(1, np.int64)
    for _ in range(12):
        lo, width = mults[-1] + 1, 1 << 16
        while True:
            free = np.nonzero(~_bad_in_window(sums, sizes, lo, width))[0]
            if len(free):
                break
            lo += width
        m = lo + int(free[0])
        mults.append(m)
        sums, sizes = _extend(sums, sizes, m)
    return mults


if __name__ == "__main__":
    print(" ".join(hex(m) for m in multipliers()))
