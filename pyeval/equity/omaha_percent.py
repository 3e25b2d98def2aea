"""Percentage terms of Omaha ranges (``top 10%``, ``5-15%``) and the orders behind them.

pyeval ranks the Omaha starting hands itself, one order per game (high and hi/lo each):

- **4 cards**: every one of the 16,432 suit-isomorphism classes of the 270,725 hands (hands
  equal up to a renaming of the suits) by its **all-in equity against one random hand**,
  by Monte Carlo over :data:`DEALS` deals per class (seed 0; one standard error about
  0.016, so classes closer than that may stand in either order). Computed by
  :func:`class_equities` with :mod:`pyeval.equity`'s range kernel (about 25 s of CPU for
  both games) and shipped in ``pyeval/data`` (:data:`TABLE`).
- **5 and 6 cards**: 134,459 and 1,009,008 classes are too many to deal out, so the
  order is pyeval's fitted pre-flop score of :mod:`pyeval.sim.kernel.variants.omaha` (a linear
  score of pairs, suits, runs, high and low cards, fitted by least squares to the equity
  against one random hand of the same game: R² 0.6-0.8, see that module), taken
  unrounded over every hand. An approximation of the equity order, stated as such.

``top x%`` is the best hands whose count adds up closest to x% of all hands of the game
(hands of equal value, such as the hands of a class, are never split); ``a-b%`` is ``top
b%`` without ``top a%``.

>>> len(percent_masks(0, 10, 4, False)), len(percent_masks(0, 10, 4, True))
(27112, 27018)
"""
from __future__ import annotations

import itertools
import math
from functools import lru_cache
from math import comb

import numpy as np
from numba import njit

from pyeval.cached_arrays import Table
from pyeval.equity.omaha_hands import SUIT_MASKS, all_hands, hand_cards, sorted_unique_inverse
from pyeval.equity.ranges import RangeError
from pyeval.sim.kernel.variants.omaha import _dot, omaha_features, omaha_tables

__all__ = ["DEALS", "TABLE", "class_equities", "classes", "order", "percent_masks"]

#: Monte Carlo deals per 4-card class against one random hand
DEALS = 1000
SEED = 0
#: the table's version: 3 since the range kernel draws the board from each draw's cards
#: left (other streams for the same seed, so other Monte Carlo equities)
_VERSION = 3


def canonical(masks: np.ndarray) -> np.ndarray:
    """Each hand's class: the smallest mask among its 24 renamings of the suits.

    >>> from pyeval.cards import mask
    >>> int(canonical(np.array([mask("AsKs")], np.uint64))[0]) == mask("AcKc")
    True
    """
    best = np.full(len(masks), np.iinfo(np.uint64).max, dtype=np.uint64)
    parts = [masks & m for m in SUIT_MASKS]
    for perm in itertools.permutations(range(4)):
        out = np.zeros(len(masks), dtype=np.uint64)
        for s, t in enumerate(perm):
            out |= parts[s] << np.uint64(t - s) if t >= s else parts[s] >> np.uint64(s - t)
        best = np.minimum(best, out)
    return best


@lru_cache(maxsize=1)
def classes() -> tuple[np.ndarray, np.ndarray]:
    """(the 16,432 classes of 4-card hands as their smallest masks, sorted; each of the
    270,725 hands' class index)."""
    return sorted_unique_inverse(canonical(all_hands(4)))


def class_equities(hilo: bool, deals: int = DEALS, seed: int = SEED) -> np.ndarray:
    """Each 4-card class's equity against one random hand (Monte Carlo, ``deals`` deals
    each, class i on the random streams of chunk i under ``seed``)."""
    from pyeval.equity import _omaharange as OR
    from pyeval.equity._layout import S_SHARE
    from pyeval.equity._omahamc import mask_stats
    from pyeval.equity.games import game
    from pyeval.equity.omaha_equity import OmahaSpot, _seats
    g = game("omaha8" if hilo else "omaha").for_players(2)
    reps = classes()[0]
    cards = hand_cards(reps, 4)
    out = np.zeros(len(reps))
    for i, hand in enumerate(cards.tolist()):
        spot = OmahaSpot(g, ["", ""], [list(hand), [None] * 4], [None, None], [], [])
        RH, SE = _seats(spot)
        cnt = OR.range_mc(RH, SE, seed, i, np.array([deals], dtype=np.int64)).wins
        out[i] = mask_stats(cnt, 2)[0, 0, S_SHARE] / deals
    return out


#: the 4-card class equities, high and hi/lo (shipped: :mod:`pyeval.tables_build`)
TABLE = Table(f"omaha4_order_v{_VERSION}_{DEALS}_seed{SEED}",
              lambda: {"high": class_equities(False), "hilo": class_equities(True)},
              {"high": (16432,), "hilo": (16432,)})


@njit(cache=True)
def _scores(cards, weights):
    """The fitted score (unrounded) of every hand of ``cards`` [N, H]."""
    n, h = cards.shape
    out = np.empty(n)
    for i in range(n):
        out[i] = _dot(omaha_features(cards[i], h), weights)
    return out


@lru_cache(maxsize=2)
def order(hole: int, hilo: bool) -> tuple[np.ndarray, np.ndarray]:
    """(every hand of the game as masks, best first; their values, descending)."""
    if hole == 4:
        eq = TABLE.load()["hilo" if hilo else "high"]
        _, inv = classes()
        val = eq[inv]
        hands = all_hands(4)
        # [speed] the hands sorted by their class's dense rank, a 16-bit key numpy sorts by
        # radix: the same stable order as sorting -val (0.03 s of a first call's time limit)
        ranks = np.searchsorted(np.unique(-eq), -eq).astype(np.uint16)
        idx = np.argsort(ranks[inv], kind="stable")
        return hands[idx], val[idx]
    else:
        w = omaha_tables().weights[(hole - 5) + 2 * int(hilo)]
        hands = all_hands(hole)
        val = np.concatenate([_scores(hand_cards(hands[i:i + (1 << 22)], hole), w)
                              for i in range(0, len(hands), 1 << 22)])
    idx = np.argsort(-val, kind="stable")
    return hands[idx], val[idx]


def _cut(pct: float, hole: int, hilo: bool) -> int:
    """How many of the best hands make ``top pct%``: the tie boundary closest to it."""
    hands, val = order(hole, hilo)
    target = pct / 100 * comb(52, hole)
    ends = np.concatenate([np.flatnonzero(np.diff(val) != 0) + 1, [len(val)]])
    ends = np.concatenate([[0], ends])
    return int(ends[int(np.argmin(np.abs(ends - target)))])


def percent_masks(lo: float, hi: float, hole: int, hilo: bool) -> np.ndarray:
    """The hands of ``lo-hi%`` (``top hi%`` without ``top lo%``), sorted masks."""
    if not (math.isfinite(lo) and math.isfinite(hi) and 0 <= lo < hi <= 100):
        raise RangeError(f"a percentage range runs from 0 to 100 with the lower end first, "
                         f"not {lo:g}-{hi:g}%")
    a = _cut(lo, hole, hilo) if lo > 0 else 0
    b = _cut(hi, hole, hilo)
    if b <= a:
        raise RangeError(f"the percentage range {lo:g}-{hi:g}% holds no whole class of "
                         f"equal hands; widen it")
    return np.sort(order(hole, hilo)[0][a:b])
