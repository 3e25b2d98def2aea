"""The showdown of one deal inside the kernels: each player's (high, low) value through
the evaluation layer (:mod:`pyeval.jit.numba_ext`), and the pot shares added to the sums.

>>> from pyeval.equity._layout import S_SHARE
>>> S_SHARE
0
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import overload

from pyeval.equity import _layout as L
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import INTERNAL, linked
from pyeval.jit.numba_mem import ld8, ld64, ldf, ldi64, stf, sti64

_ZERO = np.int64(0)
#: the jit options of the hooks' implementations (each a small function of its own): only
#: linked into the kernel that calls it (:data:`pyeval.jit.numba_linked.INTERNAL`). Inlined
#: (``inline="always"``) they cost more: Numba compiles an inlined overload in full first
HOOK: Any = INTERNAL


def high_value(ev, hole, H, board, NB, hk, hs, bk, bs, bl, hl, TA):
    """High value of one player under the evaluation ``ev`` (a class of
    :mod:`._layout`: :class:`~._layout.High`, :class:`~._layout.OmahaHigh`, ...).
    ``hole``/``board``: addresses of the cards; ``hk/hs/hl`` the hole cards' key, suit-rank
    mask and ace-low bits, ``bk/bs/bl`` the board's (``bk`` includes KEY_START). Chosen by
    the class at typing time, so a kernel holds only its game's evaluator."""
    raise TypeError("high_value is called from compiled kernels only")


def low_value(ev, sp, hl, bl, TA):
    """8-or-better low of one player under the split ``sp`` (0 without a low half or
    when no low qualifies): Omaha's from two hole cards and three board cards, every
    other game's from all its cards."""
    raise TypeError("low_value is called from compiled kernels only")


def ace_holder(sp, hole, H, down, p, holder):
    """Chicago (``sp`` :class:`~._layout.Chicago`): ``p`` when its hole cards at ``hole``
    hold the ace of spades in a down position (``down``: a bit per position), else
    ``holder``; any other split: ``holder``."""
    raise TypeError("ace_holder is called from compiled kernels only")


def settle(sp, P, hi, lo, holder, st, cnt, w):
    """One showdown of weight ``w``: high-only games count pots won shared k ways into
    ``cnt`` (:func:`count_high`, weight 1), split games add to the sums ``st``
    (:func:`score`)."""
    raise TypeError("settle is called from compiled kernels only")


def counts_to_sums(sp, P, cnt, st):
    """High-only games: the counts of pots won shared k ways (``cnt``, int64[P, P + 1])
    added to the sums ``st`` that :func:`score` keeps; split games keep their sums."""
    raise TypeError("counts_to_sums is called from compiled kernels only")


def _cls(t):
    return getattr(t, "instance_class", None)


# high_value's implementations by the evaluator's class (:mod:`._layout`), one signature
def _hv_plain(ev, hole, H, board, NB, hk, hs, bk, bs, bl, hl, TA):
    return nx.hv(bk + hk, bs | hs, TA.disp, TA.high, TA.flush)


def _hv_omaha(ev, hole, H, board, NB, hk, hs, bk, bs, bl, hl, TA):
    return nx.omaha_v(hole, H, hk, hs, bk, bs, TA.flush, TA.board_disp, TA.board_id,
                      TA.om_high, TA.pair_id)


def _hv_razz(ev, hole, H, board, NB, hk, hs, bk, bs, bl, hl, TA):
    return nx.razz_v(bk + hk, bl | hl, TA.disp, TA.razz, TA.razzm)


def _hv_eight(ev, hole, H, board, NB, hk, hs, bk, bs, bl, hl, TA):
    # best five of eight = the best of the eight seven-card hands
    return _best_of_eight(hole, H, board, NB, bk + hk, bs | hs, TA)


def _hv_drop(ev, hole, H, board, NB, hk, hs, bk, bs, bl, hl, TA):
    return nx.drop_best(bk + hk, bs | hs, hole, _ZERO, ev.n, TA.ckey, TA.csrm, TA.disp,
                        TA.high, TA.flush)


_HIGH_VALUES = {L.High: _hv_plain, L.OmahaHigh: _hv_omaha, L.RazzLow: _hv_razz,
                L.BestOfEight: _hv_eight, L.DropOne: _hv_drop}


@overload(high_value, jit_options=HOOK)
def _high_value(ev, hole, H, board, NB, hk, hs, bk, bs, bl, hl, TA):
    return _HIGH_VALUES.get(_cls(ev))


@linked(cache=True)
def _best_of_eight(hole, H, board, NB, key, srm, TA):
    """Super Eight: the best of leaving out one hole card or one board card."""
    hi = nx.drop_best(key, srm, hole, _ZERO, H, TA.ckey, TA.csrm, TA.disp, TA.high, TA.flush)
    hb = nx.drop_best(key, srm, board, _ZERO, NB, TA.ckey, TA.csrm, TA.disp, TA.high, TA.flush)
    return hb if hb > hi else hi


@overload(low_value, jit_options=HOOK)
def _low_value(ev, sp, hl, bl, TA):
    if _cls(sp) is not L.Low8:
        return lambda ev, sp, hl, bl, TA: np.uint64(0)
    if _cls(ev) is L.OmahaHigh:
        return lambda ev, sp, hl, bl, TA: nx.omaha_low8_v(bl, hl, TA.om_low8)
    return lambda ev, sp, hl, bl, TA: nx.low8_v(bl | hl, TA.low8m)


@overload(ace_holder, jit_options=HOOK)
def _ace_holder(sp, hole, H, down, p, holder):
    if _cls(sp) is not L.Chicago:
        return lambda sp, hole, H, down, p, holder: holder
    return lambda sp, hole, H, down, p, holder: _ace_down(hole, H, down, p, holder)


@linked(cache=True)
def _ace_down(hole, H, down, p, holder):
    for j in range(H):
        if ld8(hole, j) == L.AS_CARD and (down >> j) & 1:
            return p
    return holder


@overload(settle, jit_options=HOOK)
def _settle(sp, P, hi, lo, holder, st, cnt, w):
    if _cls(sp) is L.NoSplit:
        return lambda sp, P, hi, lo, holder, st, cnt, w: count_high(P, hi, cnt)
    return lambda sp, P, hi, lo, holder, st, cnt, w: score(sp.code, P, hi, lo, holder, st, w)


@overload(counts_to_sums, jit_options=HOOK)
def _counts_to_sums(sp, P, cnt, st):
    if _cls(sp) is L.NoSplit:
        return lambda sp, P, cnt, st: _add_counts(P, cnt, st)
    return lambda sp, P, cnt, st: None


@linked(cache=True)
def _add_counts(P, cnt, st):
    for p in range(P):
        for k in range(1, P + 1):
            c = np.float64(ldi64(cnt, p * (P + 1) + k))
            o = p * L.NSTAT
            stf(st, o + L.S_SHARE, ldf(st, o + L.S_SHARE) + c / k)
            stf(st, o + L.S_SHARE2, ldf(st, o + L.S_SHARE2) + c / (k * k))
            wi = L.S_WIN if k == 1 else L.S_TIE
            hw = L.S_HWIN if k == 1 else L.S_HTIE
            stf(st, o + wi, ldf(st, o + wi) + c)
            stf(st, o + hw, ldf(st, o + hw) + c)


@njit(cache=True, inline="always")
def duel(v0, v1, w, won0, won1, tied):
    """A heads-up showdown of values ``v0`` and ``v1`` of weight ``w`` added to the sums
    ``(won0, won1, tied)``: the two-player kernels' one copy of it. Inlined.

    >>> duel(5, 3, 2.0, 0.0, 0.0, 1.0), duel(3, 3, 2.0, 0.0, 0.0, 1.0)
    ((2.0, 0.0, 1.0), (0.0, 0.0, 3.0))
    """
    if v0 > v1:
        return won0 + w, won1, tied
    if v1 > v0:
        return won0, won1 + w, tied
    return won0, won1, tied + w


@linked(cache=True, forceinline=True)
def raise_best(v, best, k):
    """One step of a running best: ``(v, 1)`` when ``v`` beats ``best``, ``(best, k + 1)``
    when it ties, else ``(best, k)`` unchanged: every showdown's running best (the
    kernels' one copy of it). Inlined by LLVM (``forceinline``) and written with a
    return per case, it costs the hottest loops (``_exact._count_tuple``,
    ``_exact_ranks._walk``) under 0.01 % more instructions, :func:`score` 0.9 %; inlined
    by Numba (``inline="always"``) it cost them 2.1-3.7 %, written with a single return
    (if/elif assigning) ``_walk`` 2.8 % (bench/RESULTS.md).

    >>> raise_best(7, 5, 2), raise_best(5, 5, 2), raise_best(3, 5, 2)
    ((7, 1), (5, 3), (5, 2))
    """
    if v > best:
        return v, 1
    if v == best:
        return best, k + 1
    return best, k


@njit(cache=True, inline="always")
def best_of(P, hi):
    """The best of the P values at ``hi`` (0 if none is higher) and how many players hold
    it: every showdown's first step. Inlined."""
    best = np.uint64(0)
    k = 0
    for p in range(P):
        best, k = raise_best(ld64(hi, p), best, k)
    return best, k


def add_at(a, o, w):
    """Adds ``w`` to word ``o`` of the array at address ``a``: float64 words for a float
    ``w``, int64 words for an integer (chosen by the type of ``w`` when it compiles)."""
    raise TypeError("add_at is called from compiled kernels only")


@overload(add_at, jit_options=HOOK)
def _add_at(a, o, w):
    if isinstance(w, types.Float):
        return lambda a, o, w: stf(a, o, ldf(a, o) + w)
    return lambda a, o, w: sti64(a, o, ldi64(a, o) + w)


@njit(cache=True, inline="always")
def count_best(P, hi, cnt, w):
    """Adds ``w`` to the count of pots shared k ways (``cnt`` [P, P + 1], index k: int64
    counts, or float64 weights for a float ``w``) of each player whose value at ``hi`` is
    the best (:func:`best_of`). Inlined."""
    best, k = best_of(P, hi)
    for p in range(P):
        if ld64(hi, p) == best:
            add_at(cnt, p * (P + 1) + k, w)


@linked(cache=True)
def score(split, P, hi, lo, holder, st, w):
    """Adds one showdown of weight w to the per-player sums at ``st`` (float64[P, NSTAT]).
    ``hi``/``lo``: addresses of the players' values; ``holder``: the player with the ace of
    spades in the hole (Chicago), or -1. With no qualifying low (or no holder) the high
    hand takes the whole pot."""
    best, kh = best_of(P, hi)
    bl = np.uint64(0)
    kl = 0
    if split == L.SP_LOW8:
        for p in range(P):
            v = ld64(lo, p)
            if v > bl:
                bl = v
                kl = 1
            elif v == bl and v != 0:
                kl += 1
    halves = (split == L.SP_LOW8 and kl > 0) or (split == L.SP_CHICAGO and holder >= 0)
    for p in range(P):
        share = 0.0
        o = p * L.NSTAT
        if ld64(hi, p) == best:
            share = (0.5 if halves else 1.0) / kh
            if kh == 1:
                stf(st, o + L.S_HWIN, ldf(st, o + L.S_HWIN) + w)
            else:
                stf(st, o + L.S_HTIE, ldf(st, o + L.S_HTIE) + w)
        if halves:
            if split == L.SP_LOW8:
                if ld64(lo, p) == bl:
                    share += 0.5 / kl
                    if kl == 1:
                        stf(st, o + L.S_LWIN, ldf(st, o + L.S_LWIN) + w)
                    else:
                        stf(st, o + L.S_LTIE, ldf(st, o + L.S_LTIE) + w)
            elif p == holder:
                share += 0.5
                stf(st, o + L.S_LWIN, ldf(st, o + L.S_LWIN) + w)
        if share > 0.0:
            stf(st, o + L.S_SHARE, ldf(st, o + L.S_SHARE) + w * share)
            stf(st, o + L.S_SHARE2, ldf(st, o + L.S_SHARE2) + w * share * share)
            if share == 1.0:
                stf(st, o + L.S_WIN, ldf(st, o + L.S_WIN) + w)
            else:
                stf(st, o + L.S_TIE, ldf(st, o + L.S_TIE) + w)


@linked(cache=True)
def count_high(P, hi, cnt):
    """Adds one high-only showdown to ``cnt`` (int64[P, P + 1]): each winner's count of
    pots shared k ways, at index k."""
    count_best(P, hi, cnt, 1)
