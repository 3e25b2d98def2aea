"""Eliminations and places in the kernel: the players who bust in one hand (fewest chips at
the hand's start take the worst places, equal stacks share), and the winner at the end (or,
after a safety stop, the rest by chips).
"""
from __future__ import annotations

import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.sim.kernel.layout import R_WINNER
from pyeval.sim.kernel.table_moves import _unseat


@linked(cache=True, apart=True, error_model="numpy")
def _place_busted(w, out, k, t, b, nb, n_alive, last_elim, hands):
    """Places of the ``nb`` players of seats ``w.grp[:nb]`` at table ``t`` (button ``b``)
    who busted in one hand, the ``n_alive`` players before it: fewest chips at the start of
    the hand (``w.start_stack``) take the worst places, equal stacks share, clockwise from
    the button; then they leave their seats.

    ``w`` (:class:`pyeval.sim.kernel.work.Work`): the seating and the scratch ``w.occ``,
    ``w.done_flags``. ``out`` (:class:`pyeval.sim.kernel.work.Outs`): row ``k`` of the places,
    shares, order and the elimination's clock ``last_elim`` and hand ``hands``."""
    row = w.seat_pl[t]
    S = row.shape[0]
    grp, start_stack, occ, done_flags = w.grp, w.start_stack, w.occ, w.done_flags
    place, shares, order, elim_t, elim_h = out.place, out.shares, out.order, out.elim_t, out.elim_h
    seat_pl, tbl_n, p_table, p_seat = w.seat_pl, w.tbl_n, w.p_table, w.p_seat
    ordered = occ
    no = 0
    for kk2 in range(1, S + 1):
        s = (b + kk2) % S
        for i in range(nb):
            if grp[i] == s:
                ordered[no] = s
                no += 1
    # fewest chips at the start of the hand take the worst places
    done = done_flags
    for i in range(nb):
        done[i] = False
    worst = n_alive
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
                place[k, p] = first_pl
                shares[k, p] = cnt
                order[k, first_pl - 1 + j] = p
                elim_t[k, p] = last_elim
                elim_h[k, p] = hands
                j += 1
        worst = first_pl - 1
    for i in range(nb):
        _unseat(seat_pl, tbl_n, p_table, p_seat, row[ordered[i]])


@linked(cache=True, apart=True, error_model="numpy")
def _finish(w, out, k, P, n_alive, end, last_elim, hands):
    """The winner (or, after a safety stop, the ``n_alive`` left by chips, fewest placed
    worst) of the ``P`` players of ``w`` (a :class:`pyeval.sim.kernel.work.Work`: stacks and
    seating) into row ``k`` of ``out`` (:class:`pyeval.sim.kernel.work.Outs`), stamped at the
    tournament's ``end`` (the last hand's end, breaks included) or ``last_elim`` if later,
    and hand ``hands``."""
    stack, seat_pl, tbl_n, p_table, p_seat = w.stack, w.seat_pl, w.tbl_n, w.p_table, w.p_seat
    place, shares, order, elim_t, elim_h = out.place, out.shares, out.order, out.elim_t, out.elim_h
    res_i = out.res_i
    while n_alive >= 1:
        bestp = np.int64(-1)
        worstp = np.int64(-1)
        for p in range(P):
            if p_table[p] >= 0:
                if worstp < 0 or stack[p] < stack[worstp]:
                    worstp = p
        if worstp < 0:
            break
        bestp = worstp
        place[k, bestp] = n_alive
        shares[k, bestp] = 1
        order[k, n_alive - 1] = bestp
        elim_t[k, bestp] = max(end, last_elim)
        elim_h[k, bestp] = hands
        _unseat(seat_pl, tbl_n, p_table, p_seat, bestp)
        if n_alive == 1:
            res_i[k, R_WINNER] = bestp
        n_alive -= 1
