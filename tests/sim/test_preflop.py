"""The simulator's pre-flop tables (its own Monte Carlo, kept for speed and a fixed seed)
agree with :func:`pyeval.equity.equity`, the project's equity engine, within their
sampling error."""
from __future__ import annotations

import math

import numpy as np
import pytest
from lazy_table import lazy

from pyeval.cards import format_cards
from pyeval.sim.players import preflop as pfm

T = lazy(pfm.preflop_tables)


def _cls(text: str) -> int:
    """Class of a starting hand written as 'AKs', 'AKo' or 'AA'."""
    ranks = "23456789TJQKA"
    hi, lo = ranks.index(text[0]), ranks.index(text[1])
    a = 4 * hi
    b = 4 * lo + (0 if text.endswith("s") else 1)
    if hi == lo:
        b = 4 * lo + 1
    return pfm.hand_class(a, b)


def _tol(p: float, trials: int, se_other: float) -> float:
    """Four standard errors of the difference of two independent estimates."""
    return 4.0 * math.sqrt(p * (1 - p) / trials + se_other ** 2) + 1e-3


@pytest.mark.parametrize("hand", ["AA", "KK", "AKs", "AKo", "T9s", "72o", "22", "32o"])
def test_strength_is_the_equity_against_a_random_hand(hand):
    from pyeval.equity import equity

    c = _cls(hand)
    r = equity("holdem", [hand, "random"], samples=100_000, seed=11, threads=1)
    got = float(T.strength[c])
    assert abs(got - r.equities[0]) < _tol(got, pfm._RANDOM_TRIALS, r.std_err), (hand, got, r.equities)


def test_top_shares_follow_the_strength_order():
    combos = np.array([6 if c // 13 == c % 13 else (4 if c % 13 < c // 13 else 12)
                       for c in range(169)])
    # the class grid: suited when 13*high+low (high > low), offsuit 13*low+high
    assert combos.sum() == 1326
    order = np.argsort(-T.strength, kind="stable")
    assert np.allclose(T.top[order], np.cumsum(combos[order]) / 1326.0)
    assert T.top[_cls("AA")] == pytest.approx(6 / 1326) and T.top[_cls("32o")] == 1.0


def _top_range(steps_k: int) -> tuple[str, int]:
    """The range :mod:`pyeval.sim.players.preflop` draws for ``eq_vs_top[:, k]``: the first
    ``round(1326 (k + 1) / RANGE_STEPS)`` combinations, strongest class first."""
    combos = pfm._combos_by_class()
    order = np.argsort(-T.strength, kind="stable")
    flat = [tuple(ab) for c in order for ab in combos[c] if ab[0] >= 0]
    n = max(1, min(1326, round(1326.0 * (steps_k + 1) / pfm.RANGE_STEPS)))
    return ", ".join(format_cards([int(a), int(b)]) for a, b in flat[:n]), n


@pytest.mark.parametrize("hand,k", [("AA", 1), ("AKo", 9), ("T9s", 4), ("72o", 39), ("QQ", 0)])
def test_equity_against_a_top_range(hand, k):
    from pyeval.equity import equity

    rng_text, n = _top_range(k)
    r = equity("holdem", [hand, rng_text], samples=60_000, seed=5, threads=1)
    got = float(T.eq_vs_top[_cls(hand), k])
    assert abs(got - r.equities[0]) < _tol(got, pfm._RANGE_TRIALS, r.std_err), (hand, k, n, got,
                                                                                 r.equities)
