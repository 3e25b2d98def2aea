"""5 Card Draw's standard draw, against a plain Python reading of the documented rule on
random hands, and the examples of the rule."""
from __future__ import annotations

from collections import Counter

import numpy as np

import pyeval
from pyeval.sim.kernel.variants.draw import draw_count, draw_mask


def _rule(hand: list[int]) -> set[int]:
    """Positions to exchange, read from the rule in words."""
    cat = pyeval.high(hand) >> 12
    if cat >= 5:
        return set()
    ranks = Counter(c >> 2 for c in hand)
    if cat >= 2:
        return {i for i, c in enumerate(hand) if ranks[c >> 2] < 2}
    suits = Counter(c & 3 for c in hand)
    s, n = suits.most_common(1)[0]
    if n == 4:
        return {i for i, c in enumerate(hand) if c & 3 != s}
    for lo in range(9):
        if all(r in ranks for r in range(lo, lo + 4)):
            return {i for i, c in enumerate(hand) if not lo <= c >> 2 <= lo + 3}
    top = max(range(5), key=lambda i: hand[i] >> 2)
    if hand[top] >> 2 >= 11:
        return set(range(5)) - {top}
    return set(range(5))


def test_the_draw_is_the_documented_rule():
    rng = np.random.default_rng(9)
    seen = Counter()
    for _ in range(20000):
        h = rng.permutation(52)[:5].astype(np.uint8)
        m = draw_mask(h)
        want = _rule([int(c) for c in h])
        assert {i for i in range(5) if m >> i & 1} == want, pyeval.format_cards(h)
        seen[len(want)] += 1
    # every kind of draw happens, one pair (draw three) most often
    assert set(seen) == {0, 1, 2, 3, 4, 5} and seen.most_common(1)[0][0] == 3


def test_examples():
    cases = {"AsKsQsJsTs": 0, "7c7d7h2s2d": 0, "2c3d4h5s6c": 0, "AcAdAh7s2d": 2,
             "KcKd7h7s2d": 1, "QcQd9h5s2d": 3, "Ac9c6c3c2d": 1, "2c3d4h5sKc": 1,
             "TcJdQhKs3d": 1, "JcQdKhAs3d": 4, "Ac2d3h4s9d": 4, "Jc9d6h3s2d": 5}
    for text, n in cases.items():
        assert draw_count(pyeval.cards(text)) == n, text
    # the flush draw keeps the four of a suit
    h = pyeval.cards("Ac9c6c3c2d")
    assert draw_mask(h) == 1 << 4
