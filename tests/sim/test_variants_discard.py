"""The discard rules of the player models keep what their documentation says, checked
against a plain Python reading of each rule on many random hands (values from
pyeval.high, starting-hand strength from the pre-flop table)."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from lazy_table import lazy

import pyeval
from pyeval.sim.kernel.variants.discard import (
    apply_discard,
    keep_on_flop,
    keep_preflop,
    keep_third_street,
)
from pyeval.sim.players.preflop import hand_class, preflop_tables

T = lazy(preflop_tables)


def _top(a: int, b: int) -> float:
    return float(T.top[hand_class(a, b)])


def _mask(i: int, j: int) -> int:
    return (1 << i) | (1 << j)


@pytest.mark.parametrize("nh", [3, 4])
def test_keep_preflop_keeps_the_strongest_starting_hand(nh):
    rng = np.random.default_rng(3)
    for _ in range(2000):
        h = rng.permutation(52)[:nh].astype(np.uint8)
        pairs = list(combinations(range(nh), 2))
        best = min(_top(int(h[i]), int(h[j])) for i, j in pairs)
        first = next(p for p in pairs if _top(int(h[p[0]]), int(h[p[1]])) == best)
        assert keep_preflop(h, nh, T.class_of, T.top) == _mask(*first)


def test_keep_preflop_examples():
    for text, kept in (("AhKh2c", "AhKh"), ("2c2d9s", "2c2d"), ("AcAdAh", "AcAd"),
                       ("Ts9s3d", "Ts9s")):
        h = pyeval.cards(text).copy()
        n, gone = apply_discard(h, 3, keep_preflop(h, 3, T.class_of, T.top))
        assert (n, pyeval.format_cards(h[:2])) == (2, kept)
        assert gone == sum(1 << int(c) for c in pyeval.cards(text) if c not in h[:2])


def _draw(a: int, b: int, flop: list[int]) -> int:
    """The rule's draw reading in plain Python."""
    cards = [a, b, *flop]
    for s in range(4):
        if (a & 3 == s or b & 3 == s) and sum(1 for c in cards if c & 3 == s) >= 4:
            return 2
    ranks = {c >> 2 for c in cards}
    for lo in range(1, 9):
        run = set(range(lo, lo + 4))
        if run <= ranks and ({a >> 2, b >> 2} & run) and lo - 1 not in ranks \
                and lo + 4 not in ranks:
            return 1
    return 0


@pytest.mark.parametrize("nh", [3, 4])
def test_keep_on_flop_keeps_the_best_hand_with_the_flop(nh):
    rng = np.random.default_rng(8 + nh)
    scratch = np.zeros(16, np.uint8)
    draws = 0
    for _ in range(2000):
        c = rng.permutation(52)[:nh + 3].astype(np.uint8)
        h, flop = c[:nh].copy(), c[nh:].copy()
        fl = [int(x) for x in flop]

        def key(p, h=h, fl=fl):
            a, b = int(h[p[0]]), int(h[p[1]])
            v = pyeval.high([a, b, *fl])
            d = _draw(a, b, fl)
            return (2 * (v >> 12) + (3 if d == 2 else d), v, -_top(a, b))

        pairs = list(combinations(range(nh), 2))
        best = max(key(p) for p in pairs)
        first = next(p for p in pairs if key(p) == best)
        got = keep_on_flop(h, nh, flop, T.class_of, T.top, scratch)
        assert got == _mask(*first), (pyeval.format_cards(h), pyeval.format_cards(flop))
        draws += best[0] % 2 == 1
    assert draws > 100


def test_keep_on_flop_examples():
    scratch = np.zeros(16, np.uint8)
    flop = pyeval.cards("Kh7h2c")
    for text, kept in (("AhQh2d", "AhQh"),       # the nut flush draw over a pair of twos
                       ("AsKd7d3c", "Kd7d"),     # two pair over top pair
                       ("2s2d7s9c", "2s2d"),     # a set
                       ("4h3hKs", "4h3h"),       # a flush draw over top pair
                       ("8s6dAcQc", "AcQc")):    # ace-queen high, no draw
        h = pyeval.cards(text).copy()
        n = len(h)
        apply_discard(h, n, keep_on_flop(h, n, flop, T.class_of, T.top, scratch))
        assert pyeval.format_cards(h[:2]) == kept, text


def test_keep_third_street_keeps_the_best_three_card_hand():
    rng = np.random.default_rng(21)
    scratch = np.zeros(16, np.uint8)
    for _ in range(3000):
        c = rng.permutation(52)[:4].astype(np.uint8)
        down, up = c[:3].copy(), int(c[3])

        def key(p, down=down, up=up):
            a, b = int(down[p[0]]), int(down[p[1]])
            v = pyeval.high([a, b, up])
            suited = a & 3 == b & 3 == up & 3
            rs = [a >> 2, b >> 2, up >> 2]
            near = len(set(rs)) == 3 and max(rs) - min(rs) <= 4
            return (v >> 12, suited, near, v)

        pairs = list(combinations(range(3), 2))
        best = max(key(p) for p in pairs)
        first = next(p for p in pairs if key(p) == best)
        assert keep_third_street(down, 3, up, scratch) == _mask(*first)


def test_apply_discard_keeps_the_order_and_reports_the_cards():
    h = pyeval.cards("2c3d4h5s6c").copy()
    n, gone = apply_discard(h, 5, 0b10110)
    assert n == 3 and pyeval.format_cards(h[:3]) == "3d4h6c"
    assert gone == (1 << 0) | (1 << 15)


def test_the_draw_from_masks_is_the_draw_rule():
    """keep_on_flop's draw, read from the five cards' masks (``_draw_rank_of``), is
    ``_draw_rank`` (the rule as the module notes word it, a loop over suits and windows):
    random flops, and flops from few ranks and two suits, where draws are common."""
    import numba

    from pyeval.sim.kernel.variants.discard import _draw_rank, _draw_rank_of
    from pyeval.sim.players.policy import add_card

    @numba.njit
    def both(deals):
        out = np.empty((deals.shape[0], 2), np.int64)
        for i in range(deals.shape[0]):
            cards = (0, 0, 0, 0, 0, 0)
            for k in range(5):
                cards = add_card(deals[i, k], cards)
            a, b = np.int64(deals[i, 0]), np.int64(deals[i, 1])
            out[i, 0] = _draw_rank_of(cards, a, b)
            out[i, 1] = _draw_rank(deals[i, 0], deals[i, 1], deals[i, 2:5], 3)
        return out

    rng = np.random.default_rng(11)
    few = np.array([r * 4 + s for r in (0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12) for s in (0, 1)])
    deals = np.array([rng.permutation(52)[:5] for _ in range(40000)]
                     + [rng.permutation(few)[:5] for _ in range(40000)], np.uint8)
    got = both(deals)
    assert (got[:, 0] == got[:, 1]).all()
    assert set(got[:, 1].tolist()) == {0, 1, 2}
