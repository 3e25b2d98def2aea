"""pyeval.jit.numba_hand: incremental hands over their own table (csrc/incr7.c), against the C
batch: every rank multiset, random hands, every hand of a small deck built card by card, and (slow) every
one of the 133,784,560 hands by category."""
from __future__ import annotations

import itertools

import numba
import numpy as np
import pytest

import pyeval
from pyeval.describe import FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR
from pyeval.jit import numba_hand as nh

from .hands import next_subset
from .test_batch_paths import ALL7, _deals


@numba.njit(cache=True)
def _values(a):
    out = np.empty(a.shape[0], np.uint16)
    for i in range(a.shape[0]):
        key, srm = nh.hand_of(a[i])
        out[i] = nh.value7(key, srm)
    return out


@numba.njit(cache=True)
def _walk(n):
    """every 7-card hand of the first n cards, each built card by card on its prefixes'
    keys and masks (kept per position, rebuilt from the position :func:`next_subset`
    changed): the counts by category (value >> 12) and the sum of the values, by value7 and
    by ready6 + value7_with"""
    hist = np.zeros(16, np.int64)
    hist_with = np.zeros(16, np.int64)
    total = total_with = 0
    keys = np.empty(8, np.uint64)
    masks = np.empty(8, np.uint64)
    keys[0], masks[0] = nh.EMPTY_KEY, nh.EMPTY_MASK
    idx = np.arange(7)
    p = 0 if n >= 7 else -1
    while p >= 0:
        for q in range(p, 7):
            keys[q + 1], masks[q + 1] = nh.add(keys[q], masks[q], idx[q])
        v = nh.value7(keys[7], masks[7])
        hist[v >> 12] += 1
        total += v
        w = nh.value7_with(nh.ready6(keys[6], masks[6]), masks[6], idx[6])
        hist_with[w >> 12] += 1
        total_with += w
        p = next_subset(idx, n)
    return hist, total, hist_with, total_with


def test_every_rank_multiset_and_random_hands_match_the_c_batch() -> None:
    for a in (ALL7, _deals(200_000, seed=3)):
        assert np.array_equal(_values(a), pyeval.high_batch(a))


def _suited_rows(rng: np.random.Generator) -> np.ndarray:
    """300 shuffled 7-card rows for each suit and each count 4..7 of that suit (four of a
    suit: no flush, the counter one short; five to seven: a flush)"""
    rows = []
    for suit in range(4):
        for n_suit in (4, 5, 6, 7):
            for _ in range(300):
                same = rng.choice(13, n_suit, replace=False) * 4 + suit
                others = [c for c in rng.permutation(52) if c % 4 != suit][:7 - n_suit]
                rows.append(rng.permutation(np.concatenate([same, others])))
    return np.array(rows, np.uint8)


def test_flushes_of_every_suit_and_size_match_the_c_batch() -> None:
    """five, six and seven of one suit, in each suit (the mask shift of value7), beside
    hands with four of a suit (no flush, counter one short)"""
    a = _suited_rows(np.random.default_rng(5))
    assert np.array_equal(_values(a), pyeval.high_batch(a))


def test_table_memory_and_layout() -> None:
    assert nh.TABLE_BYTES == (256 * 8 * 3 + (3959 + 3633 + 43_714) * 4
                              + (131_612 + 8192 + 13 * 18_395) * 2)
    # ready6's slots hold the six-card multiset's first value in AFTER6: 13 per multiset
    assert np.array_equal(nh.SIX_BASE, nh.SIX_INDEX.astype(np.uint32) * 13)
    assert int(nh.SIX_BASE.max()) == 13 * (18_395 - 1)
    assert nh.CARD_KEY[52:].sum() == 0 and nh.CARD_MASK[52:].sum() == 0
    # every card's mask bit is its own, suit s at bits 48 - 16 s
    assert int(np.bitwise_or.reduce(nh.CARD_MASK[:52])).bit_count() == 52
    assert int(nh.CARD_MASK[51]) == 1 << (48 - 16 * 3 + 12)


def test_hands_built_card_by_card_over_a_small_deck_match_the_batch() -> None:
    n = 16                      # the deuces to fives: 11,440 hands, quads and flushes
    hist, total, hist_with, total_with = _walk(n)
    idx = np.array(list(itertools.combinations(range(n), 7)), np.uint8)
    assert hist.sum() == len(idx) == 11440
    v = pyeval.high_batch(idx)
    assert total == int(v.sum(dtype=np.int64))
    assert np.array_equal(hist, np.bincount(v >> 12, minlength=16))
    assert np.array_equal(hist, hist_with) and total == total_with


@numba.njit(cache=True)
def _hands_from(c0, out):
    """every 7-card hand whose lowest card is c0, into out: their count"""
    rest = np.arange(c0 + 1, c0 + 7)
    i = 0
    while True:
        out[i, 0] = c0
        out[i, 1:] = rest
        i += 1
        if next_subset(rest, 52) < 0:
            return i


@pytest.mark.slow
def test_every_hand_by_category() -> None:
    """all 133,784,560 hands: the textbook counts of 7-card categories, and the same counts
    and sum of values as the C batch over the same hands (about 5 s)"""
    hist, total, hist_with, total_with = _walk(52)
    assert np.array_equal(hist, hist_with) and total == total_with
    buf = np.empty((18_009_460, 7), np.uint8)          # C(51, 6): the hands of c0 = 0
    c_hist, c_total = np.zeros(16, np.int64), 0
    for c0 in range(46):
        v = pyeval.high_batch(buf[:_hands_from(c0, buf)])
        c_hist += np.bincount(v >> 12, minlength=16)
        c_total += int(v.sum(dtype=np.int64))
    assert np.array_equal(hist, c_hist) and total == c_total
    want = {HIGH_CARD: 23_294_460, PAIR: 58_627_800, TWO_PAIR: 31_433_400, TRIPS: 6_461_620,
            STRAIGHT: 6_180_020, FLUSH: 4_047_644, FULL_HOUSE: 3_473_184, QUADS: 224_848,
            STRAIGHT_FLUSH: 41_584}
    assert {c: int(hist[c]) for c in want} == want
    assert hist.sum() == 133_784_560


@numba.njit(cache=True)
def _values_with(a):
    """each row's first six cards made ready (ready6), the seventh added by value7_with"""
    out = np.empty(a.shape[0], np.uint16)
    for i in range(a.shape[0]):
        key, mask = nh.hand_of(a[i, :6])
        out[i] = nh.value7_with(nh.ready6(key, mask), mask, a[i, 6])
    return out


def test_six_made_ready_then_a_seventh_match_the_c_batch() -> None:
    """every rank multiset with each of its cards last, random hands, and flush hands of
    every suit and size in every order (the six may hold 3..7 of the suit)"""
    rng = np.random.default_rng(6)
    rows = [np.roll(ALL7, -j, axis=1) for j in range(7)]
    rows.append(_deals(100_000, seed=7))
    rows.append(_suited_rows(rng))
    a = np.concatenate(rows).astype(np.uint8)
    assert np.array_equal(_values_with(a), pyeval.high_batch(a))
