"""The showdown's chips: side pots, hi/lo halves and odd chips, as :mod:`pyeval.rules.pots` splits them.

Pots are cut at each contribution of a player still in, hi/lo halves go to the best high and
the best qualifying low (the odd chip of the halving to the half whose winner sits first left
of the button), and odd chips go one each to the winners clockwise from the button's left.
"""
from __future__ import annotations

import numba

from pyeval.jit.numba_linked import linked
from pyeval.sim.kernel.slots import (
    B_DEALT,
    B_FOLDED,
    I_LOW,
    I_PAID,
    I_POTC,
    I_PUT,
    I_VAL,
    I_WON,
)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _award_two(S, SI, SB, button, dead):
    """The common showdown, two players in and one high winner per pot, in closed form
    (the same chips as the general case below; ``dead`` joins the main pot). Returns False
    when it does not apply."""
    a = -1
    b = -1
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            if a < 0:
                a = s
            elif b < 0:
                b = s
            else:
                return False
    if b < 0:
        return False
    ca = SI[I_PUT, a]
    cb = SI[I_PUT, b]
    m = ca if ca < cb else cb
    main = 0
    rest = 0
    others = 0
    for s in range(S):
        c = SI[I_PUT, s]
        if s != a and s != b:
            others += c
        if c > m:
            main += m
            rest += c - m
        else:
            main += c
    # above the smaller live contribution: all goes back to (or is won only by) the bigger
    # one, unless both are level, when the dead money above joins the main pot
    if ca == cb:
        main += rest + dead
    else:
        if m > 0 or others == 0:
            # [button ante] a player in for nothing (all in from a dead ante) and nobody
            # else in for chips: the other's bet goes back and the dead money is one pot
            # for both (rules.pots: no pot, so the dead money is a pot for every player in)
            main += dead
        else:
            rest += dead    # a player in for nothing is in no pot: the main pot is the other's
        SI[I_WON, a if ca > cb else b] += rest
    va = SI[I_VAL, a]
    vb = SI[I_VAL, b]
    if va > vb:
        SI[I_WON, a] += main
    elif vb > va:
        SI[I_WON, b] += main
    else:
        half = main // 2
        SI[I_WON, a] += half
        SI[I_WON, b] += half
        if main - 2 * half:
            # the odd chip to the first of the two left of the button
            da = (a - button - 1) % S
            db = (b - button - 1) % S
            SI[I_WON, a if da < db else b] += 1
    return True


@numba.njit(cache=True, inline="always", error_model="numpy")
def _award_level(S, SI, SB, button, dead):
    """The common multiway showdown: every player still in put in the same chips (more
    than none), so there is one pot of every chip put in and ``dead``, which the best
    hand(s) take, odd chips one each clockwise from the button's left: the chips of the
    general case below without its levels (a third of the calling station's showdowns
    are three-way or more; the general loop was 7.5 % of its time, bench/RESULTS.md).
    Returns False when it does not apply.

    >>> import numpy as np
    >>> from pyeval.sim.kernel.slots import B_DEALT, B_FOLDED, B_ROWS, I_PUT, I_ROWS, I_VAL, I_WON
    >>> SI = np.zeros((I_ROWS, 4), np.int64); SB = np.zeros((B_ROWS, 4), np.bool_)
    >>> SB[B_DEALT] = True; SB[B_FOLDED, 0] = True    # seat 0 folded after 4 chips
    >>> SI[I_PUT] = [4, 9, 9, 9]; SI[I_VAL] = [0, 7, 5, 7]
    >>> bool(_award_level(4, SI, SB, 1, 0)), SI[I_WON].tolist()  # 31 chips, seats 3 then 1
    (True, [0, 15, 0, 16])
    """
    m = -1
    best = -1
    n_in = 0
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            c = SI[I_PUT, s]
            if m < 0:
                m = c
            elif c != m:
                return False
            n_in += 1
            if SI[I_VAL, s] > best:
                best = SI[I_VAL, s]
    if m <= 0 or n_in < 2:
        return False
    amt = dead
    nw = 0
    for s in range(S):
        amt += SI[I_PUT, s]
        if SB[B_DEALT, s] and not SB[B_FOLDED, s] and SI[I_VAL, s] == best:
            nw += 1
    share = amt // nw
    odd = amt - share * nw
    # clockwise from the button's left: seats button + 1 .. S - 1, then 0 .. button
    s = button + 1
    for _k in range(S):
        if s == S:
            s = 0
        if SB[B_DEALT, s] and not SB[B_FOLDED, s] and SI[I_VAL, s] == best:
            SI[I_WON, s] += share
            if odd > 0:
                SI[I_WON, s] += 1
                odd -= 1
        s += 1
    return True


@numba.njit(cache=True, inline="always", error_model="numpy")
def _level_above(S, SI, SB, above):
    """The smallest contribution (``SI[I_POTC]``) of a player still in above ``above``: the
    next pot's level (0: none)."""
    lvl = 0
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            c = SI[I_POTC, s]
            if c > above and (lvl == 0 or c < lvl):
                lvl = c
    return lvl


@linked(cache=True, error_model="numpy")
def award_pots(S, SI, SB, hilo, button, dead):
    """Fill ``SI[I_WON]`` as :mod:`pyeval.rules.pots` splits the pots, conserving
    ``sum(SI[I_PUT]) + dead`` exactly (``dead``: a big-blind or button ante, in the main pot;
    with no player in for chips, one pot of it all for every player in).

    The uncalled part of a single largest bet goes back. Pots are cut at each contribution
    of a player still in (folded players' chips stay in the pots they reached; chips above
    the last such level join the last pot); each goes to the best hand(s) among the players
    still in who reached it. In hi/lo a pot splits in half between the best high and the
    best qualifying low, the whole pot to the high hand when no low qualifies; the odd chip
    of the halving goes to the half whose winner sits first left of the button. Equal hands
    split; odd chips go one each to the winners clockwise from the button's left.
    """
    for s in range(S):
        SI[I_WON, s] = 0
        SI[I_POTC, s] = SI[I_PUT, s]
    if not hilo and (_award_two(S, SI, SB, button, dead) or _award_level(S, SI, SB, button, dead)):
        return
    # the uncalled part of the largest bet
    top = -1
    top_s = -1
    n_top = 0
    for s in range(S):
        c = SI[I_POTC, s]
        if c > top:
            top = c
            top_s = s
            n_top = 1
        elif c == top:
            n_top += 1
    if n_top == 1 and top > 0 and SB[B_DEALT, top_s] and not SB[B_FOLDED, top_s]:
        second = 0
        for s in range(S):
            if s != top_s and SI[I_POTC, s] > second:
                second = SI[I_POTC, s]
        SI[I_WON, top_s] += top - second
        SI[I_POTC, top_s] = second
    prev = 0
    main_pot = True
    while True:
        # the next level: the smallest contribution of a live player above prev
        lvl = _level_above(S, SI, SB, prev)
        if lvl == 0 and not (main_pot and dead > 0):
            break
        nxt = _level_above(S, SI, SB, lvl)
        amt = 0
        for s in range(S):
            c = SI[I_POTC, s]
            a = (c if c < lvl else lvl) - (c if c < prev else prev)
            if nxt == 0 and c > lvl:
                a += c - lvl        # the last pot takes the dead money above it
            amt += a
        if main_pot:
            amt += dead
            main_pot = False
        best = -1
        bestlow = 0
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s] and SI[I_POTC, s] >= lvl:
                SI[I_PAID, s] = 1
                if SI[I_VAL, s] > best:
                    best = SI[I_VAL, s]
                if hilo and SI[I_LOW, s] > bestlow:
                    bestlow = SI[I_LOW, s]
            else:
                SI[I_PAID, s] = 0
        prev = lvl
        if amt == 0:
            continue
        hi_amt = amt
        lo_amt = 0
        if hilo and bestlow > 0:
            hi_amt = amt // 2
            lo_amt = amt // 2
            if amt % 2 == 1:
                # the odd chip: to the half whose winner sits first left of the button
                for k in range(1, S + 1):
                    s = (button + k) % S
                    if SI[I_PAID, s] == 1:
                        if SI[I_VAL, s] == best:
                            hi_amt += 1
                            break
                        if SI[I_LOW, s] == bestlow:
                            lo_amt += 1
                            break
        for part in range(2):
            a = hi_amt if part == 0 else lo_amt
            if a == 0:
                continue
            nw = 0
            for s in range(S):
                if SI[I_PAID, s] == 1:
                    if (part == 0 and SI[I_VAL, s] == best) or (part == 1 and SI[I_LOW, s] == bestlow):
                        nw += 1
            share = a // nw
            odd = a - share * nw
            for k in range(1, S + 1):
                s = (button + k) % S
                if SI[I_PAID, s] == 1:
                    if (part == 0 and SI[I_VAL, s] == best) or (part == 1 and SI[I_LOW, s] == bestlow):
                        SI[I_WON, s] += share
                        if odd > 0:
                            SI[I_WON, s] += 1
                            odd -= 1
