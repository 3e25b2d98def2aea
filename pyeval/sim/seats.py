"""Seats, positions and table moves in the kernels, as the rules model places them.

:func:`positions` is :class:`pyeval.rules.table.ButtonState` (dead button, heads-up),
:func:`worst_seat` and :func:`rebalance` follow :mod:`pyeval.tournament.seating` (break the
table while the players fit on one fewer; balance by moving the player due the big blind
next into the worst position). A tournament's tables are ``seat_pl[table, seat]`` (player
or -1) with ``tbl_n`` players each; ``p_table`` / ``p_seat`` map a player back.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.numba_rng import below, uniform
from pyeval.sim.layout import (
    C_BAL_DIFF,
    C_BREAK_ORDER,
    C_FINAL_START,
    C_MERGE,
    C_N_MODELS,
    C_RESTART_LEVELS,
    C_START,
    MOVE_BALANCE,
    MOVE_BREAK,
    MV_FROM_SEAT,
    MV_FROM_TABLE,
    MV_HAND,
    MV_PLAYER,
    MV_REASON,
    MV_TO_SEAT,
    MV_TO_TABLE,
)
from pyeval.sim.tournament_state import (
    TF_BREAKS,
    TF_FT_TIME,
    TF_LEVEL_START,
    TF_NOW,
    TS_CHIPS,
    TS_HANDS,
    TS_LEVEL,
    TS_LEVEL_HANDS,
    TS_MOVES,
    TS_STAGE,
    TS_TABLES,
)


@numba.njit(cache=True, inline="always", error_model="numpy")
def next_occ(row, S, s):
    """First occupied seat clockwise after seat ``s`` (exclusive); -1 if none."""
    q = s
    for _k in range(S):
        q += 1
        if q == S:
            q = 0
        if row[q] >= 0:
            return q
    return -1


@numba.njit(cache=True, inline="always", error_model="numpy")
def prev_occ(row, S, s):
    """First occupied seat counter-clockwise before seat ``s`` (exclusive)."""
    q = s
    for _k in range(S):
        q -= 1
        if q < 0:
            q = S - 1
        if row[q] >= 0:
            return q
    return -1


@numba.njit(cache=True, inline="always", error_model="numpy")
def positions(row, S, n, prev_bb, prev_sb, first):
    """Button, small blind (-1: dead) and big blind seats of the next hand, as
    :class:`pyeval.rules.table.ButtonState` places them.

    The big blind moves to the first player after the last big blind; the small blind is
    the seat of the last big blind (dead when that player is gone); the button is the seat
    the last small blind stood for (dead when empty). Heads-up the player due the big blind
    gets it and the other has the button and posts the small blind. ``first``: a new table,
    where ``prev_bb`` holds the drawn button.
    """
    if first:
        b = prev_bb
        if row[b] < 0:
            b = prev_occ(row, S, next_occ(row, S, b))
        if n == 2:
            return b, b, next_occ(row, S, b)
        sbs = next_occ(row, S, b)
        return b, sbs, next_occ(row, S, sbs)
    g = next_occ(row, S, prev_bb)
    if n == 2:
        b = next_occ(row, S, g)
        return b, b, g
    sbs = prev_bb if row[prev_bb] >= 0 else -1
    b = prev_sb
    if b == g or b == prev_bb:
        # out of heads-up (or a seat filled in between): the first player before the
        # small blind's seat that is not the big blind
        b = prev_occ(row, S, prev_bb)
        if b == g:
            b = prev_bb
    return b, sbs, g


@numba.njit(cache=True, error_model="numpy")
def worst_seat(row, S, b, sbs, g):
    """The free seat a moved player takes (as :func:`pyeval.tournament.seating.worst_seat`):
    between the next small and big blind, else the first after the big blind, else any."""
    if sbs >= 0:
        a = sbs
        # seats strictly between a and g
        q = (a + 1) % S
        while q != g:
            if row[q] < 0 and q != b and q != sbs:
                return q
            q = (q + 1) % S
    q = (g + 1) % S
    while q != b:
        if row[q] < 0 and q != sbs:
            return q
        q = (q + 1) % S
    for k in range(1, S + 1):
        q = (b + k) % S
        if row[q] < 0:
            return q
    return -1


@numba.njit(cache=True, error_model="numpy")
def table_count(seat_pl, t, S):
    n = 0
    for s in range(S):
        if seat_pl[t, s] >= 0:
            n += 1
    return n


@numba.njit(cache=True, error_model="numpy")
def seat_player(seat_pl, tbl_n, p_table, p_seat, t, s, p):
    seat_pl[t, s] = p
    tbl_n[t] += 1
    p_table[p] = t
    p_seat[p] = s


@numba.njit(cache=True, error_model="numpy")
def unseat(seat_pl, tbl_n, p_table, p_seat, p):
    t = p_table[p]
    s = p_seat[p]
    seat_pl[t, s] = -1
    tbl_n[t] -= 1
    p_table[p] = -1
    p_seat[p] = -1


@numba.njit(cache=True, error_model="numpy")
def log_move(mv, TS, p, from_t, from_s, to_t, to_s, reason):
    """Write a table move to the log ``mv`` (rows ``MV_*``) while it has room."""
    n = TS[TS_MOVES]
    if n < mv.shape[0]:
        mv[n, MV_HAND] = TS[TS_HANDS]
        mv[n, MV_PLAYER] = p
        mv[n, MV_FROM_TABLE] = from_t
        mv[n, MV_FROM_SEAT] = from_s
        mv[n, MV_TO_TABLE] = to_t
        mv[n, MV_TO_SEAT] = to_s
        mv[n, MV_REASON] = reason
    TS[TS_MOVES] = n + 1


@numba.njit(cache=True, error_model="numpy")
def rebalance(tb, NT, S, merge, bal_diff, break_order, st, tmp_cards, tmp_players, mv, TS):
    """Break tables while the players fit on one table fewer, then balance (between hands),
    logging each move to ``mv``. Returns the number of tables still in play."""
    seat_pl, tbl_n, tbl_on = tb.seat_pl, tb.tbl_n, tb.tbl_on
    tbl_first, tbl_pbb, tbl_psb = tb.tbl_first, tb.tbl_pbb, tb.tbl_psb
    p_table, p_seat = tb.p_table, tb.p_seat
    n_on = 0
    n_players = 0
    for t in range(NT):
        if tbl_on[t]:
            n_on += 1
            n_players += tbl_n[t]
    while n_on > 1 and n_players <= (n_on - 1) * merge:
        # the table to break
        br = -1
        for t in range(NT):
            if tbl_on[t]:
                if br < 0:
                    br = t
                elif break_order == 0:
                    br = t      # highest number
                elif tbl_n[t] < tbl_n[br] or (tbl_n[t] == tbl_n[br] and t > br):
                    br = t
        # movers in seat order
        nm = 0
        from_s = np.empty(S, np.int64)
        for s in range(S):
            if seat_pl[br, s] >= 0:
                tmp_players[nm] = seat_pl[br, s]
                from_s[nm] = s
                nm += 1
        for i in range(nm):
            unseat(seat_pl, tbl_n, p_table, p_seat, tmp_players[i])
        tbl_on[br] = False
        n_on -= 1
        # how many go to each table: each to the table with the fewest (lowest number)
        wanted = np.zeros(NT, np.int64)
        for _i in range(nm):
            best = -1
            for t in range(NT):
                if tbl_on[t]:
                    if best < 0 or tbl_n[t] + wanted[t] < tbl_n[best] + wanted[best]:
                        best = t
            wanted[best] += 1
        # draw the seats: random free seats at each table, then shuffle who gets which
        nc = 0
        for t in range(NT):
            if wanted[t] == 0:
                continue
            nfree = 0
            free = np.empty(S, np.int64)
            for s in range(S):
                if seat_pl[t, s] < 0:
                    free[nfree] = s
                    nfree += 1
            for k in range(wanted[t]):
                j = k + below(st, nfree - k)
                x = free[j]
                free[j] = free[k]
                free[k] = x
                tmp_cards[nc, 0] = t
                tmp_cards[nc, 1] = x
                nc += 1
        for k in range(nc - 1, 0, -1):
            j = below(st, k + 1)
            a0 = tmp_cards[k, 0]
            a1 = tmp_cards[k, 1]
            tmp_cards[k, 0] = tmp_cards[j, 0]
            tmp_cards[k, 1] = tmp_cards[j, 1]
            tmp_cards[j, 0] = a0
            tmp_cards[j, 1] = a1
        for i in range(nm):
            seat_player(seat_pl, tbl_n, p_table, p_seat, tmp_cards[i, 0], tmp_cards[i, 1],
                        tmp_players[i])
            log_move(mv, TS, tmp_players[i], br, from_s[i], tmp_cards[i, 0], tmp_cards[i, 1],
                     np.int64(MOVE_BREAK))
    # balance: from the fullest to the shortest while they differ by bal_diff or more
    while n_on > 1:
        src = -1
        dst = -1
        for t in range(NT):
            if tbl_on[t]:
                if src < 0 or tbl_n[t] > tbl_n[src]:
                    src = t
                if dst < 0 or tbl_n[t] < tbl_n[dst]:
                    dst = t
        if tbl_n[src] - tbl_n[dst] < bal_diff:
            break
        row = seat_pl[src]
        b, sbs, g = positions(row, S, tbl_n[src], tbl_pbb[src], tbl_psb[src], tbl_first[src])
        p = row[g]
        rd = seat_pl[dst]
        b2, sb2, g2 = positions(rd, S, tbl_n[dst], tbl_pbb[dst], tbl_psb[dst], tbl_first[dst])
        seat = worst_seat(rd, S, b2, sb2, g2)
        unseat(seat_pl, tbl_n, p_table, p_seat, p)
        seat_player(seat_pl, tbl_n, p_table, p_seat, dst, seat, p)
        log_move(mv, TS, p, src, g, dst, seat, np.int64(MOVE_BALANCE))
    return n_on


@numba.njit(cache=True, error_model="numpy")
def draw_seats(w, inp, P, S, NT):
    """The seat draw of a tournament (:func:`pyeval.tournament.seating.draw_seats`: table
    counts differ by at most one, seats spread around each table, who sits where drawn at
    random), the starting stacks, each entrant's model and each table's button."""
    tb = w.tables
    cards = w.cards
    st = w.st
    cfg = inp.cfg
    M = cfg[C_N_MODELS]
    base = P // NT
    extra = P % NT
    nc = 0
    for t in range(NT):
        cnt = base + (1 if t < extra else 0)
        for i in range(cnt):
            cards[nc, 0] = t
            cards[nc, 1] = i * S // cnt
            nc += 1
    for i in range(nc - 1, 0, -1):
        j = below(st, i + 1)
        a0 = cards[i, 0]
        a1 = cards[i, 1]
        cards[i, 0] = cards[j, 0]
        cards[i, 1] = cards[j, 1]
        cards[j, 0] = a0
        cards[j, 1] = a1
    for p in range(P):
        seat_player(tb.seat_pl, tb.tbl_n, tb.p_table, tb.p_seat, cards[p, 0], cards[p, 1], p)
        w.stack[p] = cfg[C_START]
        if inp.assign[p] >= 0:
            w.models[p] = inp.assign[p]
        else:
            u = uniform(st)
            m = 0
            while m < M - 1 and u >= inp.mw[m]:
                m += 1
            w.models[p] = m
    occ = w.occ
    for t in range(NT):
        tb.tbl_on[t] = True
        # the button: a high-card draw, here a random occupied seat
        no = 0
        for s in range(S):
            if tb.seat_pl[t, s] >= 0:
                occ[no] = s
                no += 1
        tb.tbl_pbb[t] = occ[below(st, no)]


@numba.njit(cache=True, error_model="numpy")
def start_final_table(w, inp, NT, S):
    """Two stages: every first-round table is down to its winner; they start the final
    table (table ``NT``) with fresh chips, in random seats spread around it."""
    tb = w.tables
    TS = w.TS
    TF = w.TF
    cards = w.cards
    tmp_players = w.tmp_players
    st = w.st
    cfg = inp.cfg
    TS[TS_STAGE] = 1
    now = 0.0
    for q in range(NT):
        if tb.tbl_t[q] > now:
            now = tb.tbl_t[q]
    TF[TF_NOW] = now
    ft = NT
    nw = 0
    for q in range(NT):
        if tb.tbl_on[q]:
            for s in range(S):
                if tb.seat_pl[q, s] >= 0:
                    tmp_players[nw] = tb.seat_pl[q, s]
                    nw += 1
            tb.tbl_on[q] = False
    for i in range(nw):
        unseat(tb.seat_pl, tb.tbl_n, tb.p_table, tb.p_seat, tmp_players[i])
    for i in range(nw):
        cards[i, 0] = i * S // nw
    for i in range(nw - 1, 0, -1):
        j = below(st, i + 1)
        x = cards[i, 0]
        cards[i, 0] = cards[j, 0]
        cards[j, 0] = x
    total = 0
    for i in range(nw):
        p = tmp_players[i]
        seat_player(tb.seat_pl, tb.tbl_n, tb.p_table, tb.p_seat, ft, cards[i, 0], p)
        w.stack[p] = cfg[C_FINAL_START]
        total += w.stack[p]
    TS[TS_CHIPS] = total
    tb.tbl_on[ft] = True
    tb.tbl_first[ft] = True
    tb.tbl_pbb[ft] = cards[below(st, nw), 0]
    tb.tbl_t[ft] = now
    tb.tbl_lh[ft] = 0
    TF[TF_FT_TIME] = now + TF[TF_BREAKS]
    TS[TS_TABLES] = 1
    if cfg[C_RESTART_LEVELS] == 1:
        TS[TS_LEVEL] = 0
        TF[TF_LEVEL_START] = now
        TS[TS_LEVEL_HANDS] = 0


@numba.njit(cache=True, inline="always", error_model="numpy")
def next_table(tb, NT):
    """The table to deal next: the earliest clock among tables with two players or more
    (-1: none)."""
    t = -1
    for q in range(NT + 1):
        if tb.tbl_on[q] and tb.tbl_n[q] >= 2:
            if t < 0 or tb.tbl_t[q] < tb.tbl_t[t]:
                t = q
    return t


@numba.njit(cache=True, inline="always", error_model="numpy")
def between_hands(w, inp, NT, S, end_t, mv):
    """Break and balance the tables when they need it (two stages: only in the final
    stage); the final table starts when the last hand before it ends."""
    TS = w.TS
    cfg = inp.cfg
    if TS[TS_STAGE] != 1 or TS[TS_TABLES] <= 1:
        return
    tb = w.tables
    n_on = 0
    n_pl = 0
    most = 0
    least = S + 1
    for q in range(NT + 1):
        if tb.tbl_on[q]:
            n_on += 1
            n_pl += tb.tbl_n[q]
            if tb.tbl_n[q] > most:
                most = tb.tbl_n[q]
            if tb.tbl_n[q] < least:
                least = tb.tbl_n[q]
    if not (n_pl <= (n_on - 1) * cfg[C_MERGE] or most - least >= cfg[C_BAL_DIFF]):
        return
    TS[TS_TABLES] = rebalance(tb, NT + 1, S, cfg[C_MERGE], cfg[C_BAL_DIFF], cfg[C_BREAK_ORDER],
                              w.st, w.cards, w.tmp_players, mv, TS)
    if TS[TS_TABLES] == 1 and w.TF[TF_FT_TIME] < 0:
        w.TF[TF_FT_TIME] = end_t + w.TF[TF_BREAKS]
        for q in range(NT + 1):
            if tb.tbl_on[q]:
                tb.tbl_t[q] = max(tb.tbl_t[q], end_t)
