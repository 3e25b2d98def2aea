"""Hole-usage limits: the best hand from hole + board using between min_hole and max_hole hole
cards, against the reference (every allowed k hole + 5 - k board choice)."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval

from . import reference
from .hands import assert_same_order, random_deals

# (name, hole cards, board cards, min_hole, max_hole)
GAMES = [
    ("hold'em", 2, 5, 0, 2),
    ("Tahoe", 3, 5, 0, 2),
    ("Tahoe, turn", 3, 4, 0, 2),
    ("Crocodile", 2, 5, 0, 1),
    ("Buffalo", 3, 4, 0, 2),           # at most 2 of the first 3 down cards; 4 other cards
    ("high-hand pool", 2, 5, 1, 2),
    ("pool, 3 hole", 3, 5, 1, 3),
    ("Omaha", 4, 5, 2, 2),
    ("Omaha 6", 6, 5, 2, 2),
    ("Irish turn", 4, 4, 0, 4),        # 8 cards, every split allowed
    ("at least 3", 4, 5, 3, 4),
    ("stud, 7 as hole", 7, 0, 0, 7),
    ("2 hole, flop", 2, 3, 0, 2),
]
KINDS = [(None, "high"), ("razz", "razz"), ("8", "low8")]


@pytest.mark.parametrize("low, kind", KINDS, ids=[k for _, k in KINDS])
@pytest.mark.parametrize("name, nh, nb, lo, hi", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.slow
def test_best_hand_batch_against_the_reference(name, nh, nb, lo, hi, low, kind):
    d = random_deals(np.random.default_rng(nh * 100 + nb * 10 + lo + hi), 40_000, nh + nb)
    hole, board = np.ascontiguousarray(d[:, :nh]), np.ascontiguousarray(d[:, nh:])
    ours = pyeval.best_hand_batch(hole, board, lo, hi, low=low)
    theirs = reference.best_of(hole, board, reference.Eval5(kind), lo, hi)
    assert_same_order(ours, theirs, f"{name} {kind}", d)
    assert np.array_equal(ours == 0, theirs == 0)
    # single hands give the same values as the batch
    for i in range(0, 40_000, 997):
        assert pyeval.best_hand(hole[i], board[i], lo, hi, low=low) == ours[i]


def test_limits_agree_with_the_unrestricted_evaluators():
    d = random_deals(np.random.default_rng(1), 50_000, 7)
    hole, board = np.ascontiguousarray(d[:, :2]), np.ascontiguousarray(d[:, 2:])
    for low, batch in ((None, pyeval.high_batch), ("razz", pyeval.razz_batch),
                       ("8", pyeval.low8_batch)):
        assert np.array_equal(pyeval.best_hand_batch(hole, board, low=low), batch(d))
        assert np.array_equal(pyeval.best_hand_batch(d, None, low=low), batch(d))
    assert np.array_equal(pyeval.best_hand_batch(hole[:, :2], board, 2, 2),
                          pyeval.best_hand_batch(hole, board, 2, 2))
    d9 = random_deals(np.random.default_rng(2), 50_000, 9)
    h4, b5 = np.ascontiguousarray(d9[:, :4]), np.ascontiguousarray(d9[:, 4:])
    assert np.array_equal(pyeval.best_hand_batch(h4, b5, 2, 2), pyeval.omaha_high_batch(h4, b5))
    assert np.array_equal(pyeval.best_hand_batch(h4, b5, 2, 2, low="8"),
                          pyeval.omaha_low8_batch(h4, b5))


def test_rule_examples_with_limits():
    # Tahoe: three aces in the hole, but only two may play
    full = pyeval.high("As Ah Ad Ac Kc Kd 2h 3s")
    tahoe = pyeval.best_hand("As Ah Ad", "Ac Kc Kd 2h 3s", 0, 2)
    assert pyeval.category(full) == 8 and pyeval.describe(tahoe) == "Full House, Aces full of Kings"
    # Crocodile: at most one of the two hole cards
    assert pyeval.describe(pyeval.best_hand("Ks Kh", "Kd 2c 7h 9s Jd", 0, 1)) == \
        "Pair of Kings, J-9-7 kickers"
    # high-hand pool: the royal on the board does not count unless a hole card plays
    assert pyeval.category_name(pyeval.best_hand("7c 2d", "Ah Kh Qh Jh Th")) == "Royal Flush"
    assert pyeval.describe(pyeval.best_hand("7c 2d", "Ah Kh Qh Jh Th", min_hole=1)) == \
        "High Card, A-K-Q-J-7"
    assert pyeval.describe(pyeval.best_hand("Tc 2d", "Ah Kh Qh Jh Th", min_hole=1)) == \
        "Straight, Ace high"
    # more than seven cards: best five of all of them
    assert pyeval.high("2c 3c 4c 5c 6c 7c 8c 9c") == pyeval.high("5c 6c 7c 8c 9c")
    assert pyeval.razz("Ac 2c 3c 4c 5c 6c 7c 8c") == pyeval.razz("Ac 2c 3c 4c 5c")
    # no five-card hand within the limits: 0
    assert pyeval.best_hand("Ac Kd Qh", "2c 3d", 0, 2) == 0
    assert pyeval.best_hand("Kc Kd", "2c 3d 4h 9s Tc", 0, 2, low="8") == 0   # no low
    assert pyeval.best_hand("Ac Kd", "2c 3d 4h 5s 9c", 1, 1, low="8") == 56
    assert pyeval.best_hand("Ac 2d", "3c 4d 5h Ks Qc", 0, 2, low="8") == 56
