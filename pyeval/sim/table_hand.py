"""Deal the next hand at a table in the kernels: its positions (:func:`pyeval.sim.seats.
positions`), its game (dealer's choice changes game every orbit), its stakes from the level,
the record of a sampled hand, the hand itself (:mod:`pyeval.sim.button_hand`,
:mod:`pyeval.sim.stud_hand`), then the button's move and the table's clock.
"""
from __future__ import annotations

import numba

from pyeval.sim.button_hand import play_button_hand
from pyeval.sim.hand_state import (
    F_DUNIT,
    H_ANTE,
    H_BETTING,
    H_BIG_BET,
    H_BIG_BLIND,
    H_BRING_IN,
    H_GAME,
    H_SB,
    H_SMALL_BET,
    I_MODEL,
)
from pyeval.sim.layout import (
    C_ANTE_HU_STOP,
    C_DEBUG,
    C_N_ROT_STUD,
    C_N_ROTATION,
    C_PLAYERS,
    C_REC_HANDS,
    C_REC_STRIDE,
    C_REC_TOURN,
    F_MINUTES_PER_HAND,
    G_DC_STUD,
    G_DEALERS_CHOICE,
    G_RAZZ,
    G_STUD,
    G_STUD8,
    LV_ANTE,
    LV_BB,
    LV_BET,
    LV_BRING,
    LV_GAME,
    LV_HIGH,
    LV_LOW,
    LV_SB,
    MP_DEPTH_M,
    REC_ANTE,
    REC_BB,
    REC_BB_SEAT,
    REC_BETTING,
    REC_BRING,
    REC_BUTTON,
    REC_GAME,
    REC_HAND,
    REC_HIGH,
    REC_LEVEL,
    REC_LOW,
    REC_SB,
    REC_SB_SEAT,
    REC_SEATS,
    REC_TABLE,
    REC_TOURN,
)
from pyeval.sim.seats import positions
from pyeval.sim.stud_hand import play_stud_hand
from pyeval.sim.tournament_state import (
    TF_LAST_END,
    TF_NOW,
    TS_CHIPS,
    TS_ERROR,
    TS_FT_HANDS,
    TS_HANDS,
    TS_LEVEL,
    TS_LEVEL_HANDS,
    TS_RECORDED,
    TS_TABLES,
)


@numba.njit(cache=True, inline="always", error_model="numpy")
def hand_game(inp, tb, t, level, n_here):
    """The game of the next hand at table ``t``: the level's, or in dealer's choice the
    rotation's game for the table's orbit."""
    lv = inp.lv
    cfg = inp.cfg
    rotation = inp.rotation
    game = lv[level, LV_GAME]
    if game == G_DEALERS_CHOICE:
        game = rotation[(tb.tbl_hc[t] // max(n_here, 1)) % cfg[C_N_ROTATION]]
    elif game == G_DC_STUD:
        game = rotation[cfg[C_N_ROTATION] + (tb.tbl_hc[t] // max(n_here, 1)) % cfg[C_N_ROT_STUD]]
    return game


@numba.njit(cache=True, inline="always", error_model="numpy")
def deal_hand(w, inp, tabs, ev, out, k, ti, t, S):
    """Play the next hand at table ``t`` (tournament ``ti``, output row ``k``) and move the
    table's button and clock. Returns the button seat and the minute the hand ends."""
    tb = w.tables
    h = w.hand
    TS = w.TS
    TF = w.TF
    lv = inp.lv
    cfg = inp.cfg
    stack = w.stack
    level = TS[TS_LEVEL]
    row = tb.seat_pl[t]
    n_here = tb.tbl_n[t]
    b, sbs, g = positions(row, S, n_here, tb.tbl_pbb[t], tb.tbl_psb[t], tb.tbl_first[t])
    game = hand_game(inp, tb, t, level, n_here)
    tb.tbl_hc[t] += 1
    is_stud = game == G_STUD or game == G_STUD8 or game == G_RAZZ
    sb_amt = lv[level, LV_SB]
    bb_amt = lv[level, LV_BB]
    ante = lv[level, LV_ANTE]
    if cfg[C_ANTE_HU_STOP] == 1 and n_here == 2:
        ante = 0
    # chips per unit of a model's depth: M (/ 1.5) or big blinds
    unit_m = (sb_amt + bb_amt + n_here * ante) / 1.5
    unit_bb = float(bb_amt)
    if unit_m <= 0:
        unit_m = 1.0
    if unit_bb <= 0:
        unit_bb = 1.0
    for s in range(S):
        p = row[s]
        if p >= 0:
            m = w.models[p]
            h.SI[I_MODEL, s] = m
            h.SF[F_DUNIT, s] = unit_m if tabs.mp[m, MP_DEPTH_M] > 0 else unit_bb
            w.start_stack[s] = stack[p]
        else:
            w.start_stack[s] = 0
    hands = TS[TS_HANDS]
    n_rec = TS[TS_RECORDED]
    rec_on = (ti < cfg[C_REC_TOURN] and n_rec < cfg[C_REC_HANDS]
              and hands % cfg[C_REC_STRIDE] == 0)
    if rec_on:
        rrow = out.rec[k * cfg[C_REC_HANDS] + n_rec]
        rrow[:] = -1
        rrow[REC_TOURN] = ti
        rrow[REC_HAND] = hands
        rrow[REC_LEVEL] = level + 1
        rrow[REC_SEATS] = S
        rrow[REC_TABLE] = t
        rrow[REC_BUTTON] = b
        rrow[REC_SB_SEAT] = sbs
        rrow[REC_BB_SEAT] = g
        rrow[REC_SB] = sb_amt
        rrow[REC_BB] = bb_amt
        rrow[REC_ANTE] = ante
        rrow[REC_BETTING] = lv[level, LV_BET]
        rrow[REC_GAME] = game
        rrow[REC_LOW] = lv[level, LV_LOW]
        rrow[REC_HIGH] = lv[level, LV_HIGH]
        TS[TS_RECORDED] = n_rec + 1
    else:
        rrow = w.rec_dummy
    HS = h.HS
    HS[H_SB] = sb_amt
    HS[H_BIG_BLIND] = bb_amt
    HS[H_ANTE] = ante
    HS[H_BETTING] = lv[level, LV_BET]
    HS[H_SMALL_BET] = lv[level, LV_LOW]
    HS[H_BIG_BET] = lv[level, LV_HIGH]
    HS[H_GAME] = game
    if is_stud:
        HS[H_BRING_IN] = lv[level, LV_BRING]
        if rec_on:
            rrow[REC_SB_SEAT] = -1
            rrow[REC_BB_SEAT] = -1
            rrow[REC_BRING] = lv[level, LV_BRING]
        play_stud_hand(S, row, stack, b, h, tabs, ev, w.st, rrow, rec_on)
    else:
        play_button_hand(S, row, stack, b, sbs, g, h, tabs, ev, w.st, rrow, rec_on)
    # what the next hand's positions follow: the seat this small blind stood for
    if n_here == 2:
        tb.tbl_psb[t] = b
    elif tb.tbl_first[t]:
        tb.tbl_psb[t] = sbs
    else:
        tb.tbl_psb[t] = tb.tbl_pbb[t]
    tb.tbl_first[t] = False
    tb.tbl_pbb[t] = g
    TS[TS_HANDS] = hands + 1
    if TS[TS_TABLES] == 1:
        TS[TS_FT_HANDS] += 1
    tb.tbl_lh[t] += 1
    if tb.tbl_lh[t] > TS[TS_LEVEL_HANDS]:
        TS[TS_LEVEL_HANDS] = tb.tbl_lh[t]
    kk = n_here if n_here < 16 else 15
    end_t = TF[TF_NOW] + inp.cfgf[F_MINUTES_PER_HAND + kk]
    tb.tbl_t[t] = end_t
    if end_t > TF[TF_LAST_END]:
        TF[TF_LAST_END] = end_t
    if cfg[C_DEBUG] == 1:
        tot = 0
        for p in range(cfg[C_PLAYERS]):
            tot += stack[p]
        if tot != TS[TS_CHIPS]:
            TS[TS_ERROR] = 1
    return b, end_t
