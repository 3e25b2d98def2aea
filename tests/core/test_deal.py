"""pyeval.deal: random hands in bulk. Uniform (chi-square of the counts per card and
position and per pair of cards, with stated bounds, and a check that the statistic catches
a small bias), the dead cards never dealt, the same array for any thread count, the stream
layout of pyeval.jit.numba_rng, and clear errors for bad arguments."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval.dealer import BLOCK
from pyeval.jit.numba_rng import below, seed_stream

# chi-square quantiles (scipy.stats.chi2.ppf): a uniform dealer exceeds the upper one, or
# falls under the lower one, with probability 1e-6 each; the seeds are fixed, so the test
# gives the same answer every run
CHI2_51 = (16.39, 114.08)        # 52 cells
CHI2_1325 = (1094.5, 1584.2)     # 1,326 pairs of cards
CHI2_49 = (15.13, 111.3)         # 50 cells (two dead cards)
MAX_Z = 5.5                      # one of 1,326 pair counts that far out: p < 1e-4


def _chi2(counts: np.ndarray) -> float:
    expect = counts.sum() / counts.size
    return float(((counts - expect) ** 2 / expect).sum())


def _max_z(counts: np.ndarray) -> float:
    """the largest deviation of one count from the mean, in standard deviations"""
    expect = counts.sum() / counts.size
    return float(np.abs(counts - expect).max() / np.sqrt(expect))


def _per_position(hands: np.ndarray, cells: int = 52) -> list[float]:
    return [_chi2(np.bincount(hands[:, j], minlength=52)[:cells]) for j in range(hands.shape[1])]


def _pairs(hands: np.ndarray) -> np.ndarray:
    k = hands.shape[1]
    counts = np.zeros((52, 52), np.int64)
    for i in range(k):
        for j in range(i + 1, k):
            lo = np.minimum(hands[:, i], hands[:, j]).astype(np.int64)
            hi = np.maximum(hands[:, i], hands[:, j]).astype(np.int64)
            counts += np.bincount(lo * 52 + hi, minlength=52 * 52).reshape(52, 52)
    return counts[np.triu_indices(52, 1)]


def test_every_card_is_as_likely_at_every_position_and_every_pair_as_likely() -> None:
    hands = pyeval.deal(400_000, 7, seed=36)
    assert hands.shape == (400_000, 7) and hands.dtype == np.uint8
    assert int(hands.max()) <= 51
    assert all(len(set(r)) == 7 for r in hands[:: 997].tolist())
    assert (np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all()
    for stat in _per_position(hands):
        assert CHI2_51[0] < stat < CHI2_51[1]
    pairs = _pairs(hands)
    assert pairs.size == 1326 and pairs.sum() == 400_000 * 21
    assert CHI2_1325[0] < _chi2(pairs) < CHI2_1325[1]
    assert _max_z(pairs) < MAX_Z


def test_the_statistics_catch_a_small_bias() -> None:
    hands = pyeval.deal(400_000, 7, seed=36)
    biased = hands.copy()
    rows = np.flatnonzero((hands[:, 0] == 7) & ~(hands == 0).any(axis=1))[:800]
    biased[rows, 0] = 0          # card 0 first 10 % more often than it should be
    assert _per_position(biased)[0] > CHI2_51[1]
    biased = hands.copy()
    rows = np.flatnonzero((hands[:, 5] == 8) & (hands[:, :5] == 0).any(axis=1)
                          & ~(hands == 1).any(axis=1))[:500]
    biased[rows, 5] = 1          # the pair {0, 1} 500 more often than its 6,335, {0, 8} less
    assert _max_z(_pairs(biased)) > MAX_Z


def test_dead_cards_are_never_dealt_and_the_rest_are_uniform() -> None:
    hands = pyeval.deal(200_000, 5, seed=3, dead="2c 2d")
    assert int(hands.min()) >= 2
    for j in range(5):
        counts = np.bincount(hands[:, j], minlength=52)
        assert counts[:2].sum() == 0
        assert CHI2_49[0] < _chi2(counts[2:]) < CHI2_49[1]
    whole = pyeval.deal(1000, 50, seed=1, dead=[0, 51])
    assert (np.sort(whole, axis=1) == np.arange(1, 51)).all()


@pytest.mark.parametrize("k", [1, 2, 7, 9, 52])
def test_the_same_array_for_any_thread_count(k: int) -> None:
    n = 3 * BLOCK + 5
    one = pyeval.deal(n, k, seed=2**64 - 1, threads=1)
    for threads in (2, 3, 64):
        assert np.array_equal(pyeval.deal(n, k, seed=2**64 - 1, threads=threads), one)
    assert not np.array_equal(pyeval.deal(n, k, seed=2**64 - 2), one)
    assert np.array_equal(pyeval.deal(BLOCK + 1, k, seed=2**64 - 1), one[:BLOCK + 1])


def test_block_b_is_stream_b_of_the_one_rng() -> None:
    # the documented layout: a deck per block reset to the live cards in order, each card
    # a Fisher-Yates swap drawn by numba_rng.below from stream (seed, block)
    hands = pyeval.deal(BLOCK + 3, 4, seed=9, dead="Ac")
    for block, rows in ((0, range(3)), (1, range(BLOCK, BLOCK + 3))):
        s = np.empty(4, np.uint64)
        seed_stream(s, 9, block)
        deck = [c for c in range(52) if c != 48]
        for i in rows:
            for j in range(4):
                r = j + int(below(s, len(deck) - j))
                deck[j], deck[r] = deck[r], deck[j]
            assert hands[i].tolist() == deck[:4]


def test_zero_hands() -> None:
    assert pyeval.deal(0, 7).shape == (0, 7)


@pytest.mark.parametrize(("args", "kw", "error", "message"), [
    ((-1, 7), {}, ValueError, r"deal: n must be an integer from 0 to [\d,]+, not -1"),
    ((1.5, 7), {}, TypeError, r"n must be an integer"),
    ((True, 7), {}, TypeError, r"n must be an integer .*bool"),
    ((10, 0), {}, ValueError, r"cards_per_hand must be 1\.\.52 .*got 0"),
    ((10, 53), {}, ValueError, r"cards_per_hand must be 1\.\.52"),
    ((10, 51), {"dead": "As Ks"}, ValueError, r"1\.\.50 \(52 cards less 2 dead\), got 51"),
    ((10, "7"), {}, TypeError, r"cards_per_hand must be an integer"),
    ((10, 7), {"seed": -1}, ValueError, r"deal: seed must be an integer from 0 to 2\*\*64 - 1 .*, not -1"),
    ((10, 7), {"seed": 2**64}, ValueError, r"seed must be an integer from 0 to 2\*\*64 - 1 \(18446744073709551615\)"),
    ((10, 7), {"seed": "x"}, TypeError, r"seed must be an integer"),
    ((10, 7), {"seed": None}, TypeError, r"seed must be an integer"),
    ((10, 7), {"dead": "AsAs"}, ValueError, r"appears twice"),
    ((10, 7), {"dead": "Zz"}, ValueError, r"unknown card"),
    ((10, 1), {"dead": list(range(52))}, ValueError, r"every card is dead"),
    ((10, 7), {"threads": 0}, ValueError, r"threads must be an integer from 1 to 1,024, not 0"),
    ((2**40, 7), {}, ValueError, r"is more than the \d+ one call fills|n must be"),
])
def test_bad_arguments_are_refused_clearly(args, kw, error, message) -> None:
    with pytest.raises(error, match=message):
        pyeval.deal(*args, **kw)
