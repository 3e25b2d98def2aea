"""Table moves in the kernel, as :mod:`pyeval.tournament.seating` says: the seat draw,
seating and unseating a player, breaking and balancing tables (the player due the big blind
next moves, into the worst position: :func:`worst_seat`), and the start of a two-stage
tournament's final table. Moved here verbatim from :mod:`pyeval.sim.kernel`.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.numba_rng import below, uniform
from pyeval.sim.positions import positions


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
def _table_count(seat_pl, t, S):
    n = 0
    for s in range(S):
        if seat_pl[t, s] >= 0:
            n += 1
    return n


@numba.njit(cache=True, error_model="numpy")
def _seat_player(seat_pl, tbl_n, p_table, p_seat, t, s, p):
    seat_pl[t, s] = p
    tbl_n[t] += 1
    p_table[p] = t
    p_seat[p] = s


@numba.njit(cache=True, error_model="numpy")
def _unseat(seat_pl, tbl_n, p_table, p_seat, p):
    t = p_table[p]
    s = p_seat[p]
    seat_pl[t, s] = -1
    tbl_n[t] -= 1
    p_table[p] = -1
    p_seat[p] = -1


@numba.njit(cache=True, error_model="numpy")
def _rebalance(seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb, tbl_t, p_table, p_seat,
               NT, S, merge, bal_diff, break_order, st, tmp_cards, tmp_players):
    """Break tables while the players fit on one table fewer, then balance (between hands).
    Returns the number of tables still in play."""
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
        for s in range(S):
            if seat_pl[br, s] >= 0:
                tmp_players[nm] = seat_pl[br, s]
                nm += 1
        for i in range(nm):
            _unseat(seat_pl, tbl_n, p_table, p_seat, tmp_players[i])
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
            _seat_player(seat_pl, tbl_n, p_table, p_seat, tmp_cards[i, 0], tmp_cards[i, 1],
                         tmp_players[i])
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
        _unseat(seat_pl, tbl_n, p_table, p_seat, p)
        _seat_player(seat_pl, tbl_n, p_table, p_seat, dst, seat, p)
        if tbl_first[src] and g == tbl_pbb[src]:
            pass
    return n_on


@numba.njit(cache=True, error_model="numpy")
def _draw_seats(P, S, NT, M, start, assign, mw, st, seat_pl, tbl_n, tbl_on, tbl_pbb, p_table,
                p_seat, stack, models, cards, occ):
    """The seat draw (counts differ by at most one, seats spread around each table), the
    starting stacks, each player's model and each table's button."""
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
        _seat_player(seat_pl, tbl_n, p_table, p_seat, cards[p, 0], cards[p, 1], p)
        stack[p] = start
        if assign[p] >= 0:
            models[p] = assign[p]
        else:
            u = uniform(st)
            m = 0
            while m < M - 1 and u >= mw[m]:
                m += 1
            models[p] = m
    for t in range(NT):
        tbl_on[t] = True
        # the button: a high-card draw, here a random occupied seat
        no = 0
        for s in range(S):
            if seat_pl[t, s] >= 0:
                occ[no] = s
                no += 1
        tbl_pbb[t] = occ[below(st, no)]


@numba.njit(cache=True, error_model="numpy")
def _start_final_table(NT, S, final_start, st, seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb,
                       tbl_t, tbl_lh, p_table, p_seat, stack, cards, tmp_players):
    """Two stages: every first-round table is down to its winner; they start the final
    table (number ``NT``) with fresh chips, in random seats spread around it, when the last
    first-round table ends. Returns (that time, the chips in play)."""
    now = 0.0
    for q in range(NT):
        if tbl_t[q] > now:
            now = tbl_t[q]
    ft = NT
    nw = 0
    for q in range(NT):
        if tbl_on[q]:
            for s in range(S):
                if seat_pl[q, s] >= 0:
                    tmp_players[nw] = seat_pl[q, s]
                    nw += 1
            tbl_on[q] = False
    for i in range(nw):
        _unseat(seat_pl, tbl_n, p_table, p_seat, tmp_players[i])
    # random seats, spread around the table
    for i in range(nw):
        cards[i, 0] = i * S // nw
    for i in range(nw - 1, 0, -1):
        j = below(st, i + 1)
        x = cards[i, 0]
        cards[i, 0] = cards[j, 0]
        cards[j, 0] = x
    total_chips = 0
    for i in range(nw):
        p = tmp_players[i]
        _seat_player(seat_pl, tbl_n, p_table, p_seat, ft, cards[i, 0], p)
        stack[p] = final_start
        total_chips += stack[p]
    tbl_on[ft] = True
    tbl_first[ft] = True
    tbl_pbb[ft] = cards[below(st, nw), 0]
    tbl_t[ft] = now
    tbl_lh[ft] = 0
    return now, total_chips
