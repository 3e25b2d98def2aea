"""What a stud player sees on a street: the up cards of the players still in, the hand tiers
the models read from them, and which hand showing acts first.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval import numba_ext as nx
from pyeval.sim.hand_state import (
    B_DEALT,
    B_DRAW,
    B_FOLDED,
    I_REM,
    I_TIER,
    I_UPCAT,
    I_UPLOW,
)
from pyeval.sim.policy import razz_rank, stud_tier


@numba.njit(cache=True, error_model="numpy")
def _up_range(street):
    """Indices of the up cards a seat shows on a stud street (0 = third street)."""
    return 2, 2 + (street + 1 if street < 4 else 4)


@numba.njit(cache=True, error_model="numpy")
def _stud_tiers(S, SI, SB, hole, kind, street, buf, ev):
    """Fill ``SI[I_TIER]`` / ``SB[B_DRAW]`` for a stud street: each player's cards against
    what the other players still in show."""
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    lo_i, hi_i = _up_range(street)
    for q in range(S):
        SI[I_UPCAT, q] = 0
        SI[I_UPLOW, q] = 0
        if SB[B_DEALT, q] and not SB[B_FOLDED, q]:
            n = 0
            m = 0
            for i in range(lo_i, hi_i):
                buf[n] = hole[q, i]
                n += 1
                r = razz_rank(hole[q, i])
                if r <= 7:
                    m |= 1 << r
            v = nx.high_inline(buf, n, card_key, disp, high, flush, mult, row_bits, slot_bits)
            SI[I_UPCAT, q] = v >> 12
            k = 0
            while m:
                k += m & 1
                m >>= 1
            SI[I_UPLOW, q] = k
    n_mine = 3 + street
    for q in range(S):
        if SB[B_DEALT, q] and not SB[B_FOLDED, q] and SI[I_REM, q] > 0:
            cat = np.int64(0)     # np.int64: no second compile for a literal 0
            low = np.int64(0)
            for o in range(S):
                if o != q and SB[B_DEALT, o] and not SB[B_FOLDED, o]:
                    if SI[I_UPCAT, o] > cat:
                        cat = SI[I_UPCAT, o]
                    if SI[I_UPLOW, o] > low:
                        low = SI[I_UPLOW, o]
            t_, d_ = stud_tier(hole[q], n_mine, cat, low, kind, buf, card_key, disp, high,
                               flush, mult, row_bits, slot_bits)
            SI[I_TIER, q] = t_
            SB[B_DRAW, q] = d_


@numba.njit(cache=True, error_model="numpy")
def _showing(hole, q, street, kind, buf, ev):
    """Value of the cards seat q shows (higher acts first): high, or razz in razz."""
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    lo_i, hi_i = _up_range(street)
    n = 0
    for i in range(lo_i, hi_i):
        buf[n] = hole[q, i]
        n += 1
    if kind == 1:
        return np.int64(nx.razz_addr(buf.ctypes.data, n))
    return np.int64(nx.high_inline(buf, n, card_key, disp, high, flush, mult, row_bits,
                                   slot_bits))
