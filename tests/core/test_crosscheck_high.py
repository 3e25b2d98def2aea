"""High hands against independent evaluators: the same ordering, ties included
(:func:`hands.assert_same_order`), on every five-card hand and a million random six- and
seven-card deals per peer.

Peers: phevaluator (perfect-hash C evaluator; lower is better), eval7 (Cython; higher is
better), poker-equity's batch scorer (Rust; lower is better) and the plain-Python reference
of reference.py on a smaller sample.
"""
from __future__ import annotations

import numpy as np
import pytest

import pyeval

from . import reference
from .hands import all_hands, assert_same_order, random_deals

phevaluator = pytest.importorskip("phevaluator")
MILLION = 1_000_000

# phevaluator's rank ranges per category (1 = royal flush ... 7462 = 7-5-4-3-2)
PH_CATEGORY_TOPS = [(10, 9), (166, 8), (322, 7), (1599, 6), (1609, 5), (2467, 4), (3325, 3),
                    (6185, 2), (7462, 1)]


def ph_values(deals: np.ndarray) -> np.ndarray:
    ev = phevaluator.evaluate_cards
    return np.fromiter((ev(*row) for row in deals.tolist()), dtype=np.int64, count=len(deals))


def ph_category(ranks: np.ndarray) -> np.ndarray:
    tops = np.array([t for t, _ in PH_CATEGORY_TOPS])
    cats = np.array([c for _, c in PH_CATEGORY_TOPS])
    return cats[np.searchsorted(tops, ranks)]


@pytest.mark.slow
def test_all_five_card_hands_against_phevaluator():
    hands = np.concatenate(list(all_hands(5, prefix=1)))
    assert len(hands) == 2_598_960
    ours = pyeval.high_batch(hands)
    theirs = ph_values(hands)
    assert_same_order(ours, -theirs, "5-card high vs phevaluator", hands)
    assert np.array_equal(ours >> 12, ph_category(theirs))


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 7])
def test_million_random_hands_against_phevaluator(k):
    deals = random_deals(np.random.default_rng(600 + k), MILLION, k)
    ours = pyeval.high_batch(deals)
    theirs = ph_values(deals)
    assert_same_order(ours, -theirs, f"{k}-card high vs phevaluator", deals)
    assert np.array_equal(ours >> 12, ph_category(theirs))


@pytest.mark.slow
def test_million_seven_card_hands_against_eval7():
    eval7 = pytest.importorskip("eval7")
    deals = random_deals(np.random.default_rng(77), MILLION, 7)
    deck = [eval7.Card(pyeval.format_card(c)) for c in range(52)]
    ev = eval7.evaluate
    theirs = np.fromiter((ev([deck[c] for c in row]) for row in deals.tolist()),
                         dtype=np.int64, count=len(deals))
    assert_same_order(pyeval.high_batch(deals), theirs, "7-card high vs eval7", deals)


@pytest.mark.slow
def test_million_seven_card_hands_against_poker_equity():
    pe = pytest.importorskip("poker_equity")
    deals = random_deals(np.random.default_rng(78), MILLION, 7)
    names = [pyeval.format_card(c) for c in range(52)]
    text = ["".join(names[c] for c in row) for row in deals.tolist()]
    theirs = np.asarray(pe.score_batch("high", text), dtype=np.int64)
    assert_same_order(pyeval.high_batch(deals), -theirs, "7-card high vs poker-equity", deals)


def test_seven_card_hands_against_the_reference():
    """20,000 deals against the plain-Python definition (itertools over the 21 five-card
    subsets), so that at least one check does not rest on another library."""
    deals = random_deals(np.random.default_rng(7), 20_000, 7)
    ev = reference.Eval5("high")
    theirs = reference.best_of(deals, None, ev)
    assert_same_order(pyeval.high_batch(deals), theirs, "7-card high vs reference", deals)
    # the numpy reference agrees with the itertools one on a few hundred of them
    for row, t in zip(deals[:300].tolist(), theirs[:300]):
        assert ev.key_of_rank[t] == reference.best(row, "high")


def test_batch_equals_single_hand_calls():
    rng = np.random.default_rng(5)
    for k in range(1, 8):
        deals = random_deals(rng, 2_000, k)
        for fn, batch in ((pyeval.high, pyeval.high_batch), (pyeval.razz, pyeval.razz_batch),
                          (pyeval.low8, pyeval.low8_batch)):
            assert batch(deals).tolist() == [fn(row) for row in deals], (fn.__name__, k)


def test_order_within_a_row_does_not_matter():
    deals = random_deals(np.random.default_rng(9), 200_000, 7)
    shuffled = np.take_along_axis(deals, np.argsort(np.random.default_rng(10).random(
        deals.shape), axis=1), axis=1)
    for batch in (pyeval.high_batch, pyeval.razz_batch, pyeval.low8_batch):
        assert np.array_equal(batch(deals), batch(shuffled))
        assert np.array_equal(batch(deals, check=False), batch(deals))
