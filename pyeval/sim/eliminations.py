"""Who is out and in which place, in the kernels: rebuys while they are allowed, places
after a hand (the fewest chips at the start of the hand take the worst places, equal stacks
share), and the places of the players left at the end.
"""
from __future__ import annotations

import numba

from pyeval.numba_rng import uniform
from pyeval.sim.layout import (
    C_REBUY_CHIPS,
    C_REBUY_MAX,
    C_REBUY_UNTIL,
    F_REBUY_P,
    R_ADDONS,
    R_ERROR,
    R_FT_HANDS,
    R_HANDS,
    R_LEVEL,
    R_REBUYS,
    R_WINNER,
    RF_DURATION,
    RF_FT_TIME,
    RF_PLAY_MINUTES,
)
from pyeval.sim.seats import unseat
from pyeval.sim.tournament_state import (
    TF_BREAKS,
    TF_FT_TIME,
    TF_LAST_ELIM,
    TF_LAST_END,
    TS_ADDONS,
    TS_ALIVE,
    TS_CHIPS,
    TS_ERROR,
    TS_FT_HANDS,
    TS_HANDS,
    TS_LEVEL,
    TS_REBUYS,
    TS_STAGE,
)


@numba.njit(cache=True, inline="always", error_model="numpy")
def eliminate(w, inp, out, k, t, b, end_t, S):
    """After a hand at table ``t`` (button ``b``, ended at minute ``end_t``): players with
    no chips rebuy (when allowed, with the spec's chance) or are out, placed in order of
    their stacks at the start of the hand (ties share the place)."""
    tb = w.tables
    TS = w.TS
    TF = w.TF
    cfg = inp.cfg
    stack = w.stack
    row = tb.seat_pl[t]
    grp = w.grp
    level = TS[TS_LEVEL]
    nb = 0
    for s in range(S):
        p = row[s]
        if p >= 0 and stack[p] == 0:
            if (cfg[C_REBUY_UNTIL] > 0 and level + 1 <= cfg[C_REBUY_UNTIL] and TS[TS_STAGE] == 1
                    and (cfg[C_REBUY_MAX] < 0 or w.rebuys_used[p] < cfg[C_REBUY_MAX])
                    and uniform(w.st) < inp.cfgf[F_REBUY_P]):
                stack[p] = cfg[C_REBUY_CHIPS]
                TS[TS_CHIPS] += cfg[C_REBUY_CHIPS]
                w.rebuys_used[p] += 1
                TS[TS_REBUYS] += 1
                continue
            grp[nb] = s
            nb += 1
    if nb == 0:
        return
    # the clock of eliminations: hands are dealt in order of their start, a hand at another
    # table may end a little earlier; places follow the order of play, so an elimination
    # is never stamped before the previous one
    if end_t + TF[TF_BREAKS] > TF[TF_LAST_ELIM]:
        TF[TF_LAST_ELIM] = end_t + TF[TF_BREAKS]
    last_elim = TF[TF_LAST_ELIM]
    hands = TS[TS_HANDS]
    # clockwise from the button
    ordered = w.occ
    no = 0
    for kk2 in range(1, S + 1):
        s = (b + kk2) % S
        for i in range(nb):
            if grp[i] == s:
                ordered[no] = s
                no += 1
    # fewest chips at the start of the hand take the worst places
    done = w.done
    start_stack = w.start_stack
    for i in range(nb):
        done[i] = False
    worst = TS[TS_ALIVE]
    for _ in range(nb):
        lo_ = -1
        for i in range(nb):
            if not done[i] and (lo_ < 0 or start_stack[ordered[i]] < lo_):
                lo_ = start_stack[ordered[i]]
        if lo_ < 0:
            break
        cnt = 0
        for i in range(nb):
            if not done[i] and start_stack[ordered[i]] == lo_:
                cnt += 1
        first_pl = worst - cnt + 1
        j = 0
        for i in range(nb):
            if not done[i] and start_stack[ordered[i]] == lo_:
                p = row[ordered[i]]
                done[i] = True
                out.place[k, p] = first_pl
                out.shares[k, p] = cnt
                out.order[k, first_pl - 1 + j] = p
                out.elim_t[k, p] = last_elim
                out.elim_h[k, p] = hands
                j += 1
        worst = first_pl - 1
    for i in range(nb):
        unseat(tb.seat_pl, tb.tbl_n, tb.p_table, tb.p_seat, row[ordered[i]])
    TS[TS_ALIVE] -= nb


@numba.njit(cache=True, error_model="numpy")
def finish(w, out, k, P):
    """The winner (or, after a safety stop, the rest by chips, fewest last) and the
    tournament's totals in row ``k`` of the outputs."""
    tb = w.tables
    TS = w.TS
    TF = w.TF
    stack = w.stack
    brk = TF[TF_BREAKS]
    last_end = TF[TF_LAST_END]
    n_alive = TS[TS_ALIVE]
    while n_alive >= 1:
        worstp = -1
        for p in range(P):
            if tb.p_table[p] >= 0:
                if worstp < 0 or stack[p] < stack[worstp]:
                    worstp = p
        if worstp < 0:
            break
        out.place[k, worstp] = n_alive
        out.shares[k, worstp] = 1
        out.order[k, n_alive - 1] = worstp
        out.elim_t[k, worstp] = max(last_end + brk, TF[TF_LAST_ELIM])
        out.elim_h[k, worstp] = TS[TS_HANDS]
        unseat(tb.seat_pl, tb.tbl_n, tb.p_table, tb.p_seat, worstp)
        if n_alive == 1:
            out.res_i[k, R_WINNER] = worstp
        n_alive -= 1
    TS[TS_ALIVE] = n_alive
    out.res_i[k, R_HANDS] = TS[TS_HANDS]
    out.res_i[k, R_LEVEL] = TS[TS_LEVEL] + 1
    out.res_i[k, R_FT_HANDS] = TS[TS_FT_HANDS]
    out.res_i[k, R_REBUYS] = TS[TS_REBUYS]
    out.res_i[k, R_ADDONS] = TS[TS_ADDONS]
    out.res_i[k, R_ERROR] = TS[TS_ERROR]
    out.res_f[k, RF_DURATION] = last_end + brk
    out.res_f[k, RF_FT_TIME] = TF[TF_FT_TIME]
    out.res_f[k, RF_PLAY_MINUTES] = last_end
