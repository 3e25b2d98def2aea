"""Level changes in the kernels: by the clock of play or by hands dealt, with the breaks,
the colour-ups (a chip race at every table, :mod:`pyeval.tournament.levels`) and the
add-ons at the start of their level.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.numba_rng import below, uniform
from pyeval.sim.layout import (
    C_ADDON_CHIPS,
    C_ADDON_PER,
    F_ADDON_P,
    LS_CHIPS,
    LS_PLAYERS,
    LS_START,
    LS_TABLES,
    LV_ADDON,
    LV_BREAK,
    LV_CU_REMOVED,
    LV_CU_UNIT,
    LV_HANDS,
    LV_MIN,
)
from pyeval.sim.seats import unseat
from pyeval.sim.tournament_state import (
    TF_BREAKS,
    TF_LAST_ELIM,
    TF_LEVEL_START,
    TF_NOW,
    TS_ADDONS,
    TS_ALIVE,
    TS_CHIPS,
    TS_HANDS,
    TS_LEVEL,
    TS_LEVEL_HANDS,
)


@numba.njit(cache=True, error_model="numpy")
def _odd_chip_count(v, lv, level):
    """Fewest removed chips that make up ``v`` (greedy over the removed denominations)."""
    n = 0
    for k in range(3, -1, -1):
        d = lv[level, LV_CU_REMOVED + k]
        if d > 0:
            n += v // d
            v = v % d
    return n


@numba.njit(cache=True, error_model="numpy")
def colour_up(w, inp, out, k, NT, S, unit):
    """Colour up to chips of ``unit`` at every table: the odd chips of each table make whole
    chips (the few left over of the whole field go one each to the tables with the largest
    remainders), raced for by a draw weighted by each player's removed chips; nobody is
    raced out while the table's chips last, and anyone left with nothing is out."""
    tb = w.tables
    stack = w.stack
    TS = w.TS
    TF = w.TF
    lv = inp.lv
    level = TS[TS_LEVEL]
    seat_pl = tb.seat_pl
    tbl_on = tb.tbl_on
    pots = np.zeros(NT + 1, np.int64)
    for q in range(NT + 1):
        if tbl_on[q]:
            for s in range(S):
                p = seat_pl[q, s]
                if p >= 0:
                    pots[q] += stack[p] % unit
    chips_of = pots // unit
    rema = pots % unit
    left = 0
    for q in range(NT + 1):
        left += rema[q]
    left //= unit
    while left > 0:
        bq = -1
        for q in range(NT + 1):
            if tbl_on[q] and rema[q] > 0:
                if bq < 0 or rema[q] > rema[bq]:
                    bq = q
        if bq < 0:
            break
        chips_of[bq] += 1
        rema[bq] = 0
        left -= 1
    for q in range(NT + 1):
        if not tbl_on[q]:
            continue
        ncards = 0
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                ncards += _odd_chip_count(stack[p] % unit, lv, level)
        if ncards == 0:
            continue
        pick = below(w.st, ncards)
        winner = -1
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                c_ = _odd_chip_count(stack[p] % unit, lv, level)
                if winner < 0 and pick < c_:
                    winner = p
                pick -= c_
        give = chips_of[q]
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                odd = stack[p] % unit
                stack[p] -= odd
                if stack[p] == 0 and p != winner and give > 0:
                    stack[p] += unit
                    give -= 1
        stack[winner] += give * unit
        # anyone left with nothing is out (placed below everyone else)
        for s in range(S):
            p = seat_pl[q, s]
            n_alive = TS[TS_ALIVE]
            if p >= 0 and stack[p] == 0 and n_alive > 1:
                out.place[k, p] = n_alive
                out.shares[k, p] = 1
                out.order[k, n_alive - 1] = p
                if TF[TF_NOW] + TF[TF_BREAKS] > TF[TF_LAST_ELIM]:
                    TF[TF_LAST_ELIM] = TF[TF_NOW] + TF[TF_BREAKS]
                out.elim_t[k, p] = TF[TF_LAST_ELIM]
                out.elim_h[k, p] = TS[TS_HANDS]
                unseat(seat_pl, tb.tbl_n, tb.p_table, tb.p_seat, p)
                TS[TS_ALIVE] = n_alive - 1


@numba.njit(cache=True, error_model="numpy")
def add_ons(w, inp, NT, S):
    """The add-on at the break before its level: each player takes each of the allowed
    add-ons with the spec's chance."""
    tb = w.tables
    cfg = inp.cfg
    TS = w.TS
    for q in range(NT + 1):
        if tb.tbl_on[q]:
            for s in range(S):
                p = tb.seat_pl[q, s]
                if p >= 0:
                    for _ in range(cfg[C_ADDON_PER]):
                        if uniform(w.st) < inp.cfgf[F_ADDON_P]:
                            w.stack[p] += cfg[C_ADDON_CHIPS]
                            TS[TS_CHIPS] += cfg[C_ADDON_CHIPS]
                            TS[TS_ADDONS] += 1


@numba.njit(cache=True, inline="always", error_model="numpy")
def advance_levels(w, inp, out, k, NT, S, L):
    """Move to the level the clock (or the hand count) says, level by level from the
    current one, with the break, colour-up and add-on of each level entered."""
    tb = w.tables
    TS = w.TS
    TF = w.TF
    lv = inp.lv
    now = TF[TF_NOW]
    while TS[TS_LEVEL] < L - 1:
        level = TS[TS_LEVEL]
        advance = False
        nxt_start = now
        if lv[level, LV_MIN] > 0:
            end = TF[TF_LEVEL_START] + lv[level, LV_MIN]
            if now >= end:
                advance = True
                nxt_start = end
        else:
            if TS[TS_LEVEL_HANDS] >= lv[level, LV_HANDS]:
                advance = True
                nxt_start = now
        if not advance:
            break
        TF[TF_BREAKS] += lv[level, LV_BREAK]
        level += 1
        TS[TS_LEVEL] = level
        TF[TF_LEVEL_START] = nxt_start
        TS[TS_LEVEL_HANDS] = 0
        for q in range(NT + 1):
            tb.tbl_lh[q] = 0
        unit = lv[level, LV_CU_UNIT]
        if unit > 0:
            colour_up(w, inp, out, k, NT, S, unit)
        if lv[level, LV_ADDON] == 1:
            add_ons(w, inp, NT, S)
        nt_on = 0
        for q in range(NT + 1):
            if tb.tbl_on[q] and tb.tbl_n[q] > 0:
                nt_on += 1
        out.lstats[k, level, LS_PLAYERS] = TS[TS_ALIVE]
        out.lstats[k, level, LS_CHIPS] = TS[TS_CHIPS]
        out.lstats[k, level, LS_TABLES] = nt_on
        out.lstats[k, level, LS_START] = TF[TF_LEVEL_START] + TF[TF_BREAKS]
