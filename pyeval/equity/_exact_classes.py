"""Exact hold'em with ranges: every choice of one holding per player that shares no card
(a *tuple*) listed once, grouped into classes of equal counts, each class counted once by
the rank-pattern kernel (:mod:`._exact_holdem`) and weighted by its tuples' weights.

The counts of a tuple are a sum of two parts (see :mod:`._exact_holdem`), and each part is
equal over a class of tuples:

* step 1 (by ranks) depends only on the ranks each player holds, its *rank signature*:
  ``AA, KK`` against ``AK`` has 6 signatures for its 168 tuples;
* step 2 (by flushes) is unchanged by a permutation of the suits that maps the board and
  the dead cards onto themselves: with none known, the tuples fall into classes of up to
  24 (OMPEval's suit isomorphism), so ``random`` against ``AhKh`` is 1,225 tuples but a few
  hundred classes.

So the work is about one step-1 walk per signature and one step-2 walk per suit class
instead of a board walk per tuple, and nothing is approximated.

>>> import numpy as np
>>> from pyeval.cards import cards
>>> aa = np.array([[a, b] for a in cards("AcAdAhAs") for b in cards("AcAdAhAs") if a < b])
>>> plan = ExactPlan([aa, np.array([cards("KhKs")])], [np.ones(6), np.ones(1)], [], [])
>>> len(plan.sig[0]), len(plan.suit[0])        # 6 tuples: one signature, 3 suit classes
(1, 3)
>>> cw, deals, w = plan.run(0, PARTS)
>>> int(deals[0]) == 6 * 1_712_304                  # AA's equity: wins and half the ties
True
>>> round(float((cw[0, 0, 1] + cw[0, 0, 2] / 2) / deals[0]), 6)
0.819461
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from pyeval.equity import _exact_holdem as XH

#: progress parts of a run (each a share of both steps' classes)
PARTS = 8
#: tuples listed at most (beyond, the caller keeps the board walk)
MAX_TUPLES = 6_000_000
#: combination cells looked at per join step at once
_JOIN_CHUNK = 1 << 22


def compatible_tuples(masks: Sequence[np.ndarray],
                      limit: int | None = None) -> np.ndarray | None:
    """Every choice of one index per player into ``masks`` (card masks, uint64) sharing no
    card: int16 [T, P], players joined smallest first; None beyond ``limit`` rows.

    >>> m = [np.array([3, 12], np.uint64), np.array([1, 4, 16], np.uint64)]
    >>> compatible_tuples(m).tolist()
    [[0, 1], [0, 2], [1, 0], [1, 2]]
    """
    limit = MAX_TUPLES if limit is None else limit
    P = len(masks)
    order = sorted(range(P), key=lambda p: len(masks[p]))
    first = order[0]
    idx = np.arange(len(masks[first]), dtype=np.int16)[:, None]
    used = masks[first].astype(np.uint64)
    for p in order[1:]:
        nm = masks[p].astype(np.uint64)
        step = max(1, _JOIN_CHUNK // max(1, len(nm)))
        parts_i, parts_u = [], []
        total = 0
        for a in range(0, len(idx), step):
            u = used[a:a + step]
            rows, cols = np.nonzero((u[:, None] & nm[None, :]) == 0)
            total += len(rows)
            if total > limit:
                return None
            parts_i.append(np.concatenate([idx[a:a + step][rows],
                                           cols.astype(np.int16)[:, None]], axis=1))
            parts_u.append(u[rows] | nm[cols])
        idx = np.concatenate(parts_i) if parts_i else np.zeros((0, idx.shape[1] + 1), np.int16)
        used = np.concatenate(parts_u) if parts_u else np.zeros(0, np.uint64)
    joined = [first] + order[1:]
    out = np.empty_like(idx)
    out[:, joined] = idx
    order_rows = np.lexsort(out.T[::-1])
    return np.ascontiguousarray(out[order_rows])


def suit_perms(known: Sequence[int]) -> list[np.ndarray]:
    """The permutations of the four suits that map the cards ``known`` onto themselves.

    >>> len(suit_perms([])), len(suit_perms([0, 1])), len(suit_perms([0, 5, 10]))
    (24, 4, 1)
    """
    ks = set(known)
    out = []
    for perm in itertools.permutations(range(4)):
        if {(c & ~3) | perm[c & 3] for c in ks} == ks:
            out.append(np.array(perm, dtype=np.int64))
    return out


def _classes(keys: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(first row of each class of equal ``keys``, its summed weight, its size)."""
    _, first, inv, n = np.unique(keys, return_index=True, return_inverse=True,
                                 return_counts=True)
    return first, np.bincount(inv.ravel(), weights=w, minlength=len(first)), n


class ExactPlan:
    """Exact hold'em for players given by their holdings (``cards[p]`` [n_p, 2] with weights
    ``weights[p]``), a known board and dead cards: the tuples and their classes, ready to
    :meth:`run` in :data:`PARTS` parts. :attr:`tuples` is None when there are more than
    :data:`MAX_TUPLES`."""

    def __init__(self, cards: Sequence[Any], weights: Sequence[Any], board: Sequence[int],
                 dead: Sequence[int]) -> None:
        self.P = P = len(cards)
        self.board = [int(c) for c in board]
        self.dead = [int(c) for c in dead]
        off = np.concatenate([[0], np.cumsum([len(c) for c in cards])]).astype(np.int64)
        self.c_card = np.concatenate([np.asarray(c, np.uint8).reshape(-1, 2) for c in cards])
        self.c_pid = XH.pair_id(self.c_card[:, 0] >> 2, self.c_card[:, 1] >> 2).astype(np.int64)
        bits = np.uint64(1) << self.c_card.astype(np.uint64)
        masks = bits[:, 0] | bits[:, 1]
        t = compatible_tuples([masks[off[p]:off[p + 1]] for p in range(P)])
        self.tuples = t
        if t is None:
            return
        g = t.astype(np.int64) + off[:P]                  # global combination indices
        cw = np.concatenate([np.asarray(x, dtype=np.float64).ravel() for x in weights])
        w = np.ones(len(g))
        for p in range(P):                                # in seat order, as the board walk
            w = w * cw[g[:, p]]
        self.n_tuples = len(g)
        self.weight = float(w.sum())
        left = 52 - len(self.board) - len(self.dead) - 2 * P
        self.boards = math.comb(left, 5 - len(self.board))
        # step 1 by rank signature
        if P <= 9:
            sig = np.zeros(len(g), dtype=np.int64)
            for p in range(P):
                sig = sig * XH.N_PAIRS + self.c_pid[g[:, p]]
        else:
            sig = np.unique(self.c_pid[g], axis=0, return_inverse=True)[1].ravel()
        first, W, n = _classes(sig, w)
        self.sig = (np.ascontiguousarray(g[first].astype(np.int32)), W, n)
        # step 2 by suit pattern, when some permutation of the suits is allowed
        perms = suit_perms(self.board + self.dead)
        if len(perms) > 1 and P <= 6 and len(g):
            key = None
            for perm in perms:
                c = (self.c_card & ~np.uint8(3)) | perm[self.c_card & 3].astype(np.uint8)
                hi = np.maximum(c[:, 0], c[:, 1]).astype(np.int64)
                lo = np.minimum(c[:, 0], c[:, 1]).astype(np.int64)
                code = hi * (hi - 1) // 2 + lo
                k = np.zeros(len(g), dtype=np.int64)
                for p in range(P):
                    k = k * 1326 + code[g[:, p]]
                key = k if key is None else np.minimum(key, k)
            assert key is not None
            first, W, n = _classes(key, w)
            self.suit = (np.ascontiguousarray(g[first].astype(np.int32)), W, n)
        else:
            self.suit = (np.ascontiguousarray(g.astype(np.int32)), w, np.ones(len(g), np.int64))
        self.vals = XH.values(self.board)
        self.vals.need(self.c_pid)

    def run(self, part0: int, part1: int,
            threads: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Parts ``part0 <= i < part1``: (weighted counts [1, P, P + 1] of pots won shared n
        ways at index n, deals [1], weight [1]); the parts add up to the whole."""
        cw = np.zeros((self.P, self.P + 1))
        deals = 0.0
        wsum = 0.0
        for mode, (reps, W, n) in ((XH.BY_RANKS, self.sig), (XH.BY_FLUSHES, self.suit)):
            a = len(reps) * part0 // PARTS
            b = len(reps) * part1 // PARTS
            cw += XH.run(mode, self.vals, self.c_card, self.c_pid, reps[a:b], W[a:b],
                         self.board, self.dead, threads)
            if mode == XH.BY_RANKS:
                deals = float(n[a:b].sum()) * self.boards
                wsum = float(W[a:b].sum()) * self.boards
        return cw[None], np.array([deals]), np.array([wsum])
