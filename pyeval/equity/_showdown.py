"""The showdown of one deal inside the kernels: each player's (high, low) value through
the evaluation layer (:mod:`pyeval.numba_ext`), and the pot shares added to the sums.

>>> from pyeval.equity._layout import S_SHARE
>>> S_SHARE
0
"""
from __future__ import annotations

import numpy as np
from numba import njit

from pyeval import numba_ext as nx
from pyeval.equity._layout import (
    K_BUFFALO,
    K_FIVE,
    K_HOLDEM,
    K_OMAHA,
    K_RAZZ,
    K_STUD,
    K_SUPER8,
    K_TAHOE,
    NSTAT,
    S_HTIE,
    S_HWIN,
    S_LTIE,
    S_LWIN,
    S_SHARE,
    S_SHARE2,
    S_TIE,
    S_WIN,
    SP_CHICAGO,
    SP_LOW8,
)
from pyeval.numba_mem import ld64, ldf, ldi64, stf, sti64


@njit(cache=True)
def eval_player(kind, split, hole, H, board, NB, hk, hs, hl, bk, bs, bl, TA):
    """(high, low) of one player. ``hole``/``board``: addresses of the cards; ``hk/hs/hl``
    the hole cards' key, suit-rank mask and ace-low bits, ``bk/bs/bl`` the board's (``bk``
    includes KEY_START). low is 0 when the game has no low half or no low qualifies."""
    ckey, csrm, disp, high, flush = TA.ckey, TA.csrm, TA.disp, TA.high, TA.flush
    razz, razzm, low8m = TA.razz, TA.razzm, TA.low8m
    board_disp, board_id, om_high, om_low8, pair_id = TA.board_disp, TA.board_id, TA.om_high, TA.om_low8, TA.pair_id
    key = bk + hk
    srm = bs | hs
    lo = np.uint64(0)
    if kind == K_HOLDEM or kind == K_STUD or kind == K_FIVE:
        hi = nx.hv(key, srm, disp, high, flush)
    elif kind == K_OMAHA:
        hi = nx.omaha_v(hole, H, hk, hs, bk, bs, flush, board_disp, board_id, om_high, pair_id)
        if split == SP_LOW8:
            lo = nx.omaha_low8_v(bl, hl, om_low8)
        return hi, lo
    elif kind == K_RAZZ:
        hi = nx.razz_v(key, bl | hl, disp, razz, razzm)
    elif kind == K_SUPER8:
        # best five of eight = the best of the eight seven-card hands
        hi = nx.drop_best(key, srm, hole, 0, H, ckey, csrm, disp, high, flush)
        hb = nx.drop_best(key, srm, board, 0, NB, ckey, csrm, disp, high, flush)
        if hb > hi:
            hi = hb
    elif kind == K_TAHOE:
        # at most two of three hole cards: leave one out
        hi = nx.drop_best(key, srm, hole, 0, H, ckey, csrm, disp, high, flush)
    elif kind == K_BUFFALO:
        # at most two of the first three down cards: leave one of them out
        hi = nx.drop_best(key, srm, hole, 0, 3, ckey, csrm, disp, high, flush)
    else:
        # Crocodile, at most one of the two down cards: leave one of them out
        hi = nx.drop_best(key, srm, hole, 0, 2, ckey, csrm, disp, high, flush)
    if split == SP_LOW8:
        lo = nx.low8_v(bl | hl, low8m)
    return hi, lo


@njit(cache=True)
def score(split, P, hi, lo, holder, st, w):
    """Adds one showdown of weight w to the per-player sums at ``st`` (float64[P, NSTAT]).
    ``hi``/``lo``: addresses of the players' values; ``holder``: the player with the ace of
    spades in the hole (Chicago), or -1. With no qualifying low (or no holder) the high
    hand takes the whole pot."""
    best = np.uint64(0)
    kh = 0
    for p in range(P):
        v = ld64(hi, p)
        if v > best:
            best = v
            kh = 1
        elif v == best:
            kh += 1
    bl = np.uint64(0)
    kl = 0
    if split == SP_LOW8:
        for p in range(P):
            v = ld64(lo, p)
            if v > bl:
                bl = v
                kl = 1
            elif v == bl and v != 0:
                kl += 1
    halves = (split == SP_LOW8 and kl > 0) or (split == SP_CHICAGO and holder >= 0)
    for p in range(P):
        share = 0.0
        o = p * NSTAT
        if ld64(hi, p) == best:
            share = (0.5 if halves else 1.0) / kh
            if kh == 1:
                stf(st, o + S_HWIN, ldf(st, o + S_HWIN) + w)
            else:
                stf(st, o + S_HTIE, ldf(st, o + S_HTIE) + w)
        if halves:
            if split == SP_LOW8:
                if ld64(lo, p) == bl:
                    share += 0.5 / kl
                    if kl == 1:
                        stf(st, o + S_LWIN, ldf(st, o + S_LWIN) + w)
                    else:
                        stf(st, o + S_LTIE, ldf(st, o + S_LTIE) + w)
            elif p == holder:
                share += 0.5
                stf(st, o + S_LWIN, ldf(st, o + S_LWIN) + w)
        if share > 0.0:
            stf(st, o + S_SHARE, ldf(st, o + S_SHARE) + w * share)
            stf(st, o + S_SHARE2, ldf(st, o + S_SHARE2) + w * share * share)
            if share == 1.0:
                stf(st, o + S_WIN, ldf(st, o + S_WIN) + w)
            else:
                stf(st, o + S_TIE, ldf(st, o + S_TIE) + w)


@njit(cache=True)
def count_high(P, hi, cnt):
    """Adds one high-only showdown to ``cnt`` (int64[P, P + 1]): each winner's count of
    pots shared k ways, at index k."""
    best = np.uint64(0)
    k = 0
    for p in range(P):
        v = ld64(hi, p)
        if v > best:
            best = v
            k = 1
        elif v == best:
            k += 1
    for p in range(P):
        if ld64(hi, p) == best:
            o = p * (P + 1) + k
            sti64(cnt, o, ldi64(cnt, o) + 1)
