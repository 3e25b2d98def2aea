"""What happens when a level starts: the colour-up's chip race and the add-ons, in Numba.

The chip race draws one card per removed chip, and one for an odd amount below every removed
chip (the removed chips listed smallest first, counted largest first). Chips of 5 and 25
removed: 60 odd chips are two 25s and two 5s, 3 odd chips one card:

>>> import numpy as np
>>> lv = np.zeros((1, 18), np.int64)
>>> lv[0, LV_CU_REMOVED:LV_CU_REMOVED + 2] = 5, 25
>>> int(_race_cards(60, lv, 0)), int(_race_cards(3, lv, 0)), int(_race_cards(0, lv, 0))
(4, 1, 0)
"""
from __future__ import annotations

import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_rng import below, uniform
from pyeval.sim.kernel.layout import LV_CU_REMOVED, LV_CU_UNIT
from pyeval.sim.kernel.table_moves import _unseat


@linked(cache=True, error_model="numpy")
def _odd_chip_count(v, lv, level):
    """Fewest removed chips that make up ``v`` (greedy over the removed denominations)."""
    n = 0
    for k in range(3, -1, -1):
        d = lv[level, LV_CU_REMOVED + k]
        if d > 0:
            n += v // d
            v = v % d
    return n


@linked(cache=True, error_model="numpy")
def _race_cards(odd, lv, level):
    """Cards a player draws in the chip race for ``odd`` chips: one per removed chip, and
    one for an amount below every removed chip (0 for none)."""
    n = _odd_chip_count(odd, lv, level)
    if n == 0 and odd > 0:
        return 1
    return n


@linked(cache=True, apart=True, error_model="numpy")
def _add_ons(w, NT, S, per, chips, prob):
    """The add-on, at the break before its level: each player at the ``NT + 1`` tables of
    ``w`` (a :class:`pyeval.sim.kernel.work.Work`) takes each of ``per`` add-ons of ``chips`` with
    probability ``prob`` (drawn from ``w.st``). Returns (chips added, add-ons)."""
    tbl_on, seat_pl, stack, st = w.tbl_on, w.seat_pl, w.stack, w.st
    total_chips = 0
    n_addons = 0
    for q in range(NT + 1):
        if tbl_on[q]:
            for s in range(S):
                p = seat_pl[q, s]
                if p >= 0:
                    for _ in range(per):
                        if uniform(st) < prob:
                            stack[p] += chips
                            total_chips += chips
                            n_addons += 1
    return total_chips, n_addons


@linked(cache=True, apart=True, error_model="numpy")
def _colour_up(w, out, k, lv, level, NT, S, n_alive, at, last_elim, hands):
    """Colour-up of the chips below level ``level``'s unit (``lv[level, LV_CU_UNIT]``, the
    removed chips ``LV_CU_REMOVED``) with a chip race at every one of the ``NT + 1`` tables
    of ``w`` (a :class:`pyeval.sim.kernel.work.Work`: seating, stacks, stream); anyone left with
    nothing is out, of ``n_alive``, into row ``k`` of ``out`` (:class:`pyeval.sim.kernel.work.Outs`),
    stamped at the clock ``at`` (or ``last_elim`` if later) and hand ``hands``. Returns
    (players left, the clock of the last elimination)."""
    unit = lv[level, LV_CU_UNIT]
    tbl_on, seat_pl, tbl_n, p_table, p_seat, stack, st = (
        w.tbl_on, w.seat_pl, w.tbl_n, w.p_table, w.p_seat, w.stack, w.st)
    place, shares, order, elim_t, elim_h = out.place, out.shares, out.order, out.elim_t, out.elim_h
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
    # the whole field's odd chips make whole chips: the few left over go one
    # each to the tables with the largest remainders (largest remainder rule)
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
        # one card per removed chip; an odd amount below every removed chip (a split pot's
        # odd chip) still races with one card, so that every table with odd chips has a
        # winner and the field's chip total stays whole
        ncards = 0
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                ncards += _race_cards(stack[p] % unit, lv, level)
        if ncards == 0:
            continue
        pick = below(st, ncards)
        winner = -1
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                c_ = _race_cards(stack[p] % unit, lv, level)
                if winner < 0 and pick < c_:
                    winner = p
                pick -= c_
        give = chips_of[q]
        # nobody is raced out while the pot has chips for them
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
            if p >= 0 and stack[p] == 0 and n_alive > 1:
                place[k, p] = n_alive
                shares[k, p] = 1
                order[k, n_alive - 1] = p
                if at > last_elim:
                    last_elim = at
                elim_t[k, p] = last_elim
                elim_h[k, p] = hands
                _unseat(seat_pl, tbl_n, p_table, p_seat, p)
                n_alive -= 1
    return n_alive, last_elim
