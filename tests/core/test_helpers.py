"""The helpers the cross-checks rest on catch what they are meant to catch."""
from __future__ import annotations

import math

import numpy as np
import pytest

from .hands import all_hands, assert_same_order, colex_combos, random_deals


def test_assert_same_order_accepts_any_increasing_relabelling():
    ours = np.array([5, 3, 3, 9, 1])
    assert_same_order(ours, ours * 10 - 7, "relabelled")
    assert_same_order(ours, -(100 - ours), "negated lower-is-better")


@pytest.mark.parametrize("theirs, what", [
    ([5, 3, 3, 1, 9], "swapped order"),        # 9 and 1 exchanged
    ([5, 3, 4, 9, 1], "tie split"),            # ours ties rows 1 and 2, theirs does not
    ([5, 3, 3, 9, 3], "tie merged"),           # theirs ties rows 1, 2 and 4, ours does not
])
def test_assert_same_order_catches_differences(theirs, what):
    ours = np.array([5, 3, 3, 9, 1])
    rows = np.arange(25, dtype=np.uint8).reshape(5, 5)
    with pytest.raises(AssertionError, match="orderings differ"):
        assert_same_order(ours, np.array(theirs), what, rows)


@pytest.mark.slow
def test_generators():
    c = colex_combos(10, 3)
    assert len(c) == 120 and len({tuple(r) for r in c.tolist()}) == 120
    assert np.all(np.diff(c, axis=1) > 0)
    assert np.all(c[:math.comb(6, 3)] < 6)          # the prefix property
    hands = np.concatenate(list(all_hands(5, prefix=2)))
    assert len(hands) == math.comb(52, 5)
    assert np.all(np.diff(hands.astype(int), axis=1) > 0) and hands.max() == 51
    masks = np.bitwise_or.reduce(np.uint64(1) << hands.astype(np.uint64), axis=1)
    assert len(np.unique(masks)) == math.comb(52, 5)     # every hand once
    d = random_deals(np.random.default_rng(0), 200_000, 11)
    assert np.all(np.sort(d, axis=1)[:, 1:] != np.sort(d, axis=1)[:, :-1])
    # roughly uniform: every card dealt about 200000 * 11 / 52 times
    counts = np.bincount(d.ravel(), minlength=52)
    assert counts.min() > 0.97 * 200_000 * 11 / 52 and counts.max() < 1.03 * 200_000 * 11 / 52
