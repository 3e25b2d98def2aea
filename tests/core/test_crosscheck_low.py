"""Ace-to-five lows (razz and 8-or-better) against independent evaluators.

pokerkit (0.7.x: ``RegularLowHand`` is ace-to-five with straights and flushes ignored, i.e.
razz; ``EightOrBetterLowHand`` is 8-or-better; ``StandardLowHand`` would be deuce-to-seven,
which is NOT razz) evaluates a seven-card hand in about 0.2 ms from Python, too slow for a
million deals in a test run. So:

1. the plain-Python reference's five-card orderings (reference.py) are checked against
   pokerkit's on EVERY five-card class (all rank multisets, suited and not);
2. pyeval is checked against that reference on a million random seven-card deals per
   evaluator (numpy over the 21 five-card subsets), and for razz also against
   poker-equity's batch ``low_a5`` scorer on a million deals;
3. pyeval is checked against pokerkit itself (``from_game``) on 10,000 deals.
"""
from __future__ import annotations

import functools
import itertools
from collections import Counter

import numpy as np
import pytest

import pyeval

from . import reference
from .hands import assert_same_order, random_deals

pokerkit = pytest.importorskip("pokerkit")
MILLION = 1_000_000
NAMES = [pyeval.format_card(c) for c in range(52)]


def text(row) -> str:
    return "".join(NAMES[c] for c in row)


def pokerkit_ranks(hands: list, make) -> np.ndarray:
    """Dense ranks (higher better, 0 = no valid hand) from pokerkit's own comparisons of
    the hands ``make(row)`` builds (``make`` raises ValueError when no hand can be made)."""
    made = []
    for row in hands:
        try:
            made.append(make(row))
        except ValueError:
            made.append(None)
    valid = sorted({h for h in made if h is not None},
                   key=functools.cmp_to_key(lambda a, b: (a > b) - (a < b)))
    rank = {h: i + 1 for i, h in enumerate(valid)}
    return np.array([0 if h is None else rank[h] for h in made], dtype=np.int64)


def every_five_card_class() -> np.ndarray:
    """One hand per five-card class: each rank multiset, plus its flush when the ranks
    differ."""
    out = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        seen: Counter = Counter()
        hand = []
        for r in ranks:
            hand.append(4 * r + seen[r])
            seen[r] += 1
        if len(set(ranks)) == 5:
            out.append(hand[:4] + [4 * ranks[4] + 1])
            out.append([4 * r for r in ranks])
        else:
            out.append(hand)
    return np.array(out, dtype=np.uint8)


@pytest.mark.parametrize("kind, hand_type", [
    ("high", "StandardHighHand"), ("razz", "RegularLowHand"), ("low8", "EightOrBetterLowHand")])
@pytest.mark.slow
def test_reference_orders_every_five_card_class_as_pokerkit(kind, hand_type):
    cls = getattr(pokerkit, hand_type)
    hands = every_five_card_class()
    assert len(hands) == 7_462
    theirs = pokerkit_ranks(hands.tolist(), lambda row: cls(text(row)))
    ours = reference.Eval5(kind)(hands)
    assert_same_order(ours, theirs, f"reference {kind} vs pokerkit {hand_type}", hands)
    # and pyeval itself on the same classes
    batch = {"high": pyeval.high_batch, "razz": pyeval.razz_batch, "low8": pyeval.low8_batch}
    assert_same_order(batch[kind](hands), theirs, f"pyeval {kind} vs pokerkit", hands)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["razz", "low8"])
def test_million_seven_card_lows_against_the_reference(kind):
    deals = random_deals(np.random.default_rng(700 + len(kind)), MILLION, 7)
    ours = {"razz": pyeval.razz_batch, "low8": pyeval.low8_batch}[kind](deals)
    theirs = reference.best_of(deals, None, reference.Eval5(kind))
    assert_same_order(ours, theirs, f"7-card {kind} vs reference", deals)
    if kind == "low8":
        assert np.array_equal(ours == 0, theirs == 0)   # "no low" is the same hands


@pytest.mark.slow
def test_million_seven_card_razz_against_poker_equity():
    pe = pytest.importorskip("poker_equity")
    deals = random_deals(np.random.default_rng(71), MILLION, 7)
    theirs = np.asarray(pe.score_batch("low_a5", [text(r) for r in deals.tolist()]),
                        dtype=np.int64)
    assert_same_order(pyeval.razz_batch(deals), -theirs, "7-card razz vs poker-equity", deals)


@pytest.mark.parametrize("k", [5, 6])
def test_five_and_six_card_lows_against_the_reference(k):
    deals = random_deals(np.random.default_rng(k), 200_000, k)
    for kind, batch in (("razz", pyeval.razz_batch), ("low8", pyeval.low8_batch)):
        theirs = reference.best_of(deals, None, reference.Eval5(kind))
        assert_same_order(batch(deals), theirs, f"{k}-card {kind} vs reference", deals)


@pytest.mark.slow
@pytest.mark.parametrize("kind, hand_type", [
    ("razz", "RegularLowHand"), ("low8", "EightOrBetterLowHand"), ("high", "StandardHighHand")])
def test_seven_card_hands_against_pokerkit_itself(kind, hand_type):
    """10,000 deals through pokerkit's own best-of-seven (``from_game``)."""
    cls = getattr(pokerkit, hand_type)
    deals = random_deals(np.random.default_rng(17), 10_000, 7)
    theirs = pokerkit_ranks(deals.tolist(), lambda row: cls.from_game(text(row)))
    batch = {"high": pyeval.high_batch, "razz": pyeval.razz_batch, "low8": pyeval.low8_batch}
    assert_same_order(batch[kind](deals), theirs, f"7-card {kind} vs pokerkit", deals)
