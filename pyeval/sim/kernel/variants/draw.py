"""5 Card Draw: which cards a simulated player exchanges, by the standard draw.

:func:`draw_mask` reads the five cards with the evaluator (``pyeval.jit.numba_ext.high_addr``)
and returns a bit mask of the positions to exchange (bit ``i``: card ``i``):

- a straight or better (straight, flush, full house, four of a kind, straight flush):
  stand pat;
- three of a kind: keep the three, draw two;
- two pair: keep both pairs, draw one;
- one pair: keep the pair, draw three;
- no pair: four of a suit, draw one (a flush draw); else four ranks in a row open at both
  ends (two ranks make the straight: 2-3-4-5 up to T-J-Q-K), draw one; else keep an ace
  or a king and draw four;
  else draw five.

:func:`draw_count` is the number of cards that rule draws.

>>> import pyeval
>>> [draw_count(pyeval.cards(h)) for h in ("2c3d4h5s6c", "AcAdAh7s2d", "KcKd7h7s2d",
...  "QcQd9h5s2d", "Ac9c6c3c2d", "9c8d7h6s2d", "Ac9d6h3s2d", "Jc9d6h3s2d")]
[0, 2, 1, 3, 1, 1, 4, 5]
"""
from __future__ import annotations

import numpy as np

from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked


@linked(cache=True, error_model="numpy")
def draw_mask(hand):
    """Bit mask of the positions of ``hand[:5]`` the standard draw exchanges."""
    cat = np.int64(nx.high_addr(hand.ctypes.data, 5)) >> 12
    if cat >= 5:
        return 0
    cnt = np.zeros(13, np.int64)
    for i in range(5):
        cnt[hand[i] >> 2] += 1
    if cat >= 2:
        # trips, two pair, one pair: keep every card whose rank is paired
        m = 0
        for i in range(5):
            if cnt[hand[i] >> 2] < 2:
                m |= 1 << i
        return m
    for s in range(4):
        n = 0
        for i in range(5):
            n += (hand[i] & 3) == s
        if n == 4:
            m = 0
            for i in range(5):
                if (hand[i] & 3) != s:
                    m |= 1 << i
            return m
    for lo in range(0, 9):       # ranks lo..lo+3 (2-3-4-5 up to T-J-Q-K), open at both ends
        if cnt[lo] and cnt[lo + 1] and cnt[lo + 2] and cnt[lo + 3]:
            m = 0
            for i in range(5):
                r = hand[i] >> 2
                if r < lo or r > lo + 3:
                    m |= 1 << i
            return m
    hi = 0
    for i in range(5):
        if (hand[i] >> 2) > (hand[hi] >> 2):
            hi = i
    if (hand[hi] >> 2) >= 11:     # a king or an ace
        return 31 & ~(1 << hi)
    return 31


@linked(cache=True, error_model="numpy")
def draw_count(hand):
    """Cards the standard draw exchanges from ``hand[:5]``."""
    m = draw_mask(hand)
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n
