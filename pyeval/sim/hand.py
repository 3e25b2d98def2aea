"""One hand of a button game (hold'em, Omaha, Omaha hi/lo) in Numba, as the rules say.

The hand follows :mod:`pyeval.rules`: antes, then the small and big blind (a short stack
posts what it has, and the others act as if the full big blind was posted); betting rounds
with the semantics of :class:`pyeval.rules.betting.Round` (the minimum raise is the last
full raise, an all-in below a full raise does not reopen the betting to players who have
acted unless short all-ins add up to one, pot limit caps a raise at the pot after the call,
fixed limit allows a bet and three raises, uncapped when two players are left); then the
showdown with side pots cut at each player's contribution, hi/lo halves (the odd chip to
the high half), and odd chips to the first winner left of the button.

Per-seat state lives in three small packed arrays (rows ``I_*``, ``B_*``, ``F_*``), so a
call passes few arrays: Numba counts references of every array argument, and dozens of
those per hand would cost more than the poker.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval import numba_ext as nx
from pyeval.numba_rng import below, uniform
from pyeval.sim.layout import (
    A_BRING,
    A_CALL,
    A_CHECK,
    A_FOLD,
    A_RAISE,
    ANTE_BIG_BLIND,
    ANTE_BUTTON,
    ANTE_EACH,
    B_FL,
    B_PL,
    G_OMAHA,
    G_OMAHA8,
    HOLE_MAX,
    MAX_ACTIONS,
    MP_AGGR,
    MP_CALL_MARGIN,
    MP_CBET,
    MP_KIND,
    MP_LOOSE,
    MP_OPEN_SIZE,
    MP_PUSH_DEPTH,
    PUSH_BEHIND,
    PUSH_DEPTH_STEPS,
    REC_ACT,
    REC_AFTER,
    REC_BOARD,
    REC_HOLE,
    REC_NACT,
    REC_PLAYER,
    REC_STACK,
)
from pyeval.sim.policy import decide, decide_stud, range_bucket, razz_rank, stud_tier, tier
from pyeval.sim.variants import facts as vfacts
from pyeval.sim.variants import hooks as vh

# rows of the int64 per-seat array
I_REM = 0        # chips behind
I_SBET = 1       # bet this round
I_PUT = 2        # chips put in this hand (antes included)
I_ACTED = 3      # the bet this seat faced when it last acted (-1: not yet this round)
I_ACTCNT = 4     # raise count when it last acted
I_WON = 5
I_VAL = 6        # high value at showdown
I_LOW = 7        # low value (hi/lo)
I_MODEL = 8
I_CLS = 9        # hold'em class (or the class standing for an Omaha hand)
I_TIER = 10
I_POTC = 11      # scratch for the pots
I_PAID = 12
I_NCARD = 13     # cards dealt to the seat (stud)
I_UPCAT = 14     # category of the up cards showing (stud)
I_UPLOW = 15     # distinct low cards showing (stud)
I_ROWS = 16
# rows of the bool per-seat array
B_DEALT = 0
B_FOLDED = 1
B_PENDING = 2
B_DRAW = 3
B_ROWS = 4
# rows of the float per-seat array
F_TOP = 0        # share of hands at least as strong
F_DUNIT = 1      # chips per unit of depth (big blind, or M / 1.5)
F_ROWS = 2
# hand state (int64): the betting round's state (each slot one meaning throughout)
H_CUR = 0        # the bet to match
H_FULL_LEVEL = 1  # the last full bet or raise level
H_FULL_RAISE = 2  # the size of the last full raise (the minimum raise)
H_RAISES = 3     # full bets and raises this round (the blind counts pre-flop)
H_BETTING = 4    # the betting structure (B_NL, B_PL, B_FL)
H_STREET_BET = 5   # this street's fixed-limit bet
H_BB = 6         # the big blind of the hand (0 in stud), for the models' units
H_PF_AGGR = 7
H_NACT = 8
H_NRAISE = 9     # bets and raises this round, short all-ins included (for the models)
H_LAST_AGGR = 10
H_NH = 11
H_BB_SEAT = 12
H_STUD = 13      # -1 a button game; 0 seven card stud, 1 razz, 2 stud hi/lo
H_BRING_SEAT = 14
H_BRING_AMT = 15
# the hand's stakes and game, set by the caller before the hand (read, never written, here)
H_SB_IN = 16     # small blind
H_BB_IN = 17     # big blind
H_ANTE_IN = 18   # ante of every player
H_SMALL_BET = 19  # fixed limit: the small bet (0: the big blind)
H_BIG_BET = 20   # fixed limit: the big bet (0: twice the small bet)
H_BRING_IN = 21  # stud: the bring-in
H_GAME = 22      # the game code (layout.G_*)
H_ANTE_BY_IN = 23  # who antes (layout.ANTE_BY_CODES): each player, the big blind, the button
H_DEAD = 24      # dead money of the hand (a big-blind or button ante): in the main pot
H_ROWS = 25
RANGE_LAST = 39


@numba.njit(cache=True, inline="always", error_model="numpy")
def draw_card(deck, pos, st):
    """Card ``pos`` of a partial Fisher-Yates shuffle of ``deck``."""
    j = pos + below(st, 52 - pos)
    c = deck[j]
    deck[j] = deck[pos]
    deck[pos] = c
    return c


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


@numba.njit(cache=True, error_model="numpy")
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
    if not hilo and _award_two(S, SI, SB, button, dead):
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
        lvl = 0
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                c = SI[I_POTC, s]
                if c > prev and (lvl == 0 or c < lvl):
                    lvl = c
        if lvl == 0 and not (main_pot and dead > 0):
            break
        nxt = 0
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                c = SI[I_POTC, s]
                if c > lvl and (nxt == 0 or c < nxt):
                    nxt = c
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


@numba.njit(cache=True, inline="always", error_model="numpy")
def _cover_top2(S, SI, SB):
    """The two largest ``bet + stack`` among the players still in, and their seats."""
    v1 = -1
    s1 = -1
    v2 = -1
    s2 = -1
    for q in range(S):
        if SB[B_DEALT, q] and not SB[B_FOLDED, q]:
            tot = SI[I_SBET, q] + SI[I_REM, q]
            if tot > v1:
                v2 = v1
                s2 = s1
                v1 = tot
                s1 = q
            elif tot > v2:
                v2 = tot
                s2 = q
    return v1, s1, v2, s2


@numba.njit(cache=True, inline="always", error_model="numpy")
def pot_in_reach(S, SI, s, pot, cur, mybet, call, rem):
    """The pot that seat ``s`` prices a call against (``decide``'s ``pot``): facing more
    than it has, every other player's chips above what it can put in (``SI[I_PUT, s] +
    call``) go to a side pot or back, so they never count; the largest bet's excess is left
    in, as :func:`pyeval.sim.policy.winnable_pot` takes it off.

    >>> SI = np.zeros((I_ROWS, 3), np.int64)
    >>> SI[I_PUT] = [10, 500, 500]      # a shove and a call; seat 0 has 90 behind its 10
    >>> p = int(pot_in_reach(3, SI, 0, 1010, 500, 10, 90, 90))
    >>> from pyeval.sim.policy import winnable_pot
    >>> p, int(winnable_pot(p, 500, 10, 90))      # 10 + 100 + 100 can be won
    (610, 210)
    """
    if cur - mybet <= rem:
        return pot
    cap = SI[I_PUT, s] + call
    out = pot
    for q in range(S):
        if q != s and SI[I_PUT, q] > cap:
            out -= SI[I_PUT, q] - cap
    return out + cur - (mybet + call)


@numba.njit(cache=True, error_model="numpy")
def betting_round(S, street, first, SI, SB, SF, HS, HF, hole, board, nb, buf, ev, mp,
                  push_tab, open_tab, pf_eq, st, rec, rec_on):
    """Play one betting round in place (the rules of :class:`pyeval.rules.betting.Round`)."""
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    cur = HS[H_CUR]
    full_level = HS[H_FULL_LEVEL]
    full_raise = HS[H_FULL_RAISE]
    raise_count = HS[H_RAISES]
    betting = HS[H_BETTING]
    bet_size = HS[H_STREET_BET]
    bb = HS[H_BB]
    bb_seat = HS[H_BB_SEAT]
    pf_aggr = HS[H_PF_AGGR]
    nact = HS[H_NACT]
    nh = HS[H_NH]
    stud = HS[H_STUD]
    bring_seat = HS[H_BRING_SEAT] if street == 0 else -1
    agg_range = HF[0]
    n_raises = np.int64(0)
    last_aggr = np.int64(-1)
    live = np.int64(0)
    n_pend = np.int64(0)
    pot = np.int64(0)
    n_committed = np.int64(0)  # players in who have acted this round or are all-in
    cov1 = np.int64(-1)   # the two largest bet + stack among players in, and their seats
    cov2 = np.int64(-1)
    cov_s1 = np.int64(-1)
    cov_s2 = np.int64(-1)
    n_able = np.int64(0)
    pot += HS[H_DEAD]       # a big-blind or button ante: dead money in the main pot
    for s in range(S):
        pot += SI[I_PUT, s]
        SI[I_ACTED, s] = -1
        SI[I_ACTCNT, s] = 0
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            live += 1
            r_ = SI[I_REM, s]
            p = r_ > 0
            SB[B_PENDING, s] = p
            if p:
                n_pend += 1
                n_able += 1
            else:
                n_committed += 1
            tot = SI[I_SBET, s] + r_
            if tot > cov1:
                cov2 = cov1
                cov_s2 = cov_s1
                cov1 = tot
                cov_s1 = s
            elif tot > cov2:
                cov2 = tot
                cov_s2 = s
        else:
            SB[B_PENDING, s] = False
        SI[I_POTC, s] = n_able        # able players in seats 0..s (pre-flop positions)
    if n_pend == 1 and bring_seat < 0:
        for s in range(S):
            if SB[B_PENDING, s] and SI[I_SBET, s] >= cur:
                SB[B_PENDING, s] = False
    if live < 2 or (street > 0 and n_pend < 2):
        # after the flop a lone player with chips has nobody to bet against
        HS[H_LAST_AGGR] = -1
        return
    if stud >= 0:
        if street > 0:
            _stud_tiers(S, SI, SB, hole, stud, HS[H_GAME], buf, ev)
    elif street > 0:
        for q in range(S):
            if SB[B_DEALT, q] and not SB[B_FOLDED, q] and SI[I_REM, q] > 0:
                t_, d_ = tier(hole[q], nh, board, nb, buf, card_key, disp, high, flush, mult,
                              row_bits, slot_bits)
                SI[I_TIER, q] = t_
                SB[B_DRAW, q] = d_
    able_bb = SI[I_POTC, bb_seat] if bb_seat >= 0 else 0
    s = first
    while True:
        found = np.int64(-1)
        if live >= 2:
            q = s
            for _k in range(S):
                if SB[B_PENDING, q]:
                    found = q
                    break
                q += 1
                if q == S:
                    q = np.int64(0)
        if found < 0:
            break
        s = found
        rem = SI[I_REM, s]
        mybet = SI[I_SBET, s]
        call = cur - mybet
        if call > rem:
            call = rem
        if call < 0:
            call = np.int64(0)
        allin_to = rem + mybet
        # may this seat bet or raise? (whether anyone could respond is checked below,
        # only when the player wants to raise)
        can_raise = allin_to > cur
        if can_raise and betting == B_FL and live > 2 and raise_count >= 4:
            can_raise = False
        if can_raise and SI[I_ACTED, s] >= 0 and raise_count <= SI[I_ACTCNT, s]:
            faced = cur - SI[I_ACTED, s]
            if betting == B_FL:
                can_raise = 2 * faced >= bet_size
            else:
                can_raise = faced >= full_raise
        opp_cover = cov2 if s == cov_s1 else cov1
        was_in = SI[I_ACTED, s] >= 0
        n_in = n_committed - (1 if was_in else 0)
        if street == 0:
            # able players after this seat up to the big blind, clockwise
            if s < bb_seat:
                n_behind = able_bb - SI[I_POTC, s]
            elif s > bb_seat:
                n_behind = SI[I_POTC, S - 1] - SI[I_POTC, s] + able_bb
            else:
                n_behind = np.int64(0)
        else:
            n_behind = np.int64(0)
            for q in range(S):
                if SB[B_PENDING, q] and q != s:
                    n_behind += 1
        m = SI[I_MODEL, s]
        eff = allin_to if allin_to < opp_cover else opp_cover
        depth = eff / SF[F_DUNIT, s]
        nbi = n_behind if n_behind < PUSH_BEHIND else PUSH_BEHIND - 1
        di = int(depth * 4.0)
        if di >= PUSH_DEPTH_STEPS:
            di = PUSH_DEPTH_STEPS - 1
        c_ = SI[I_CLS, s]
        u = uniform(st) if street > 0 else 0.0   # only the models' post-flop choices draw
        push_fold_now = mp[m, MP_KIND] == 0.0 or depth <= mp[m, MP_PUSH_DEPTH]
        thr_push = push_tab[m, nbi, di]
        code = A_FOLD
        to = np.int64(0)
        rng_ = 1.0
        for _attempt in range(2):
            min_to = np.int64(0)
            max_to = np.int64(0)
            if can_raise:
                if betting == B_FL:
                    min_to = full_level + bet_size
                    if min_to > allin_to:
                        min_to = allin_to
                    max_to = min_to
                else:
                    min_to = cur + full_raise
                    if min_to > allin_to:
                        min_to = allin_to
                    if betting == B_PL:
                        max_to = cur + pot + call
                        if max_to < min_to:
                            max_to = min_to
                        if max_to > allin_to:
                            max_to = allin_to
                    else:
                        max_to = allin_to
            if stud >= 0:
                model = (int(mp[m, MP_KIND]), mp[m, MP_LOOSE], mp[m, MP_AGGR],
                         mp[m, MP_PUSH_DEPTH], mp[m, MP_CALL_MARGIN], mp[m, MP_OPEN_SIZE],
                         mp[m, MP_CBET])
                code, to, rng_ = decide_stud(model, SF[F_TOP, s], street, SI[I_TIER, s],
                                             SB[B_DRAW, s], call, can_raise, min_to, pot,
                                             n_raises, agg_range, s == bring_seat, u)
            elif street == 0 and n_raises == 0 and call > 0 and can_raise and push_fold_now:
                # the most common decision, as decide() takes it: shove or fold unopened
                if SF[F_TOP, s] <= thr_push:
                    code, to, rng_ = A_RAISE, max_to, thr_push
                else:
                    code, to, rng_ = A_FOLD, 0, 1.0
            else:
                model = (int(mp[m, MP_KIND]), mp[m, MP_LOOSE], mp[m, MP_AGGR],
                         mp[m, MP_PUSH_DEPTH], mp[m, MP_CALL_MARGIN], mp[m, MP_OPEN_SIZE],
                         mp[m, MP_CBET])
                thr_open = open_tab[m, nbi]
                eq_agg = pf_eq[c_, range_bucket(agg_range)]
                eq_rand = pf_eq[c_, RANGE_LAST]
                # only chips this seat can win count for its price (issue 9)
                pot_seen = pot_in_reach(S, SI, s, pot, cur, mybet, call, rem)
                money = (rem, mybet, cur, call, min_to, max_to, pot_seen, bb, opp_cover)
                ctx = (can_raise, n_behind, n_in, n_raises, agg_range, pf_aggr == s, depth,
                       s == bb_seat)
                code, to, rng_ = decide(model, thr_push, thr_open, eq_agg, eq_rand,
                                        SF[F_TOP, s], street, SI[I_TIER, s], SB[B_DRAW, s],
                                        money, ctx, u)
            if code != A_RAISE or not can_raise:
                break
            # nobody may raise when no other player could call more
            resp = False
            for q in range(S):
                if q != s and SB[B_DEALT, q] and not SB[B_FOLDED, q]:
                    if SI[I_REM, q] > 0 and SI[I_SBET, q] + SI[I_REM, q] > cur:
                        resp = True
                        break
            if resp:
                break
            can_raise = False
        # model convention: in fixed limit nobody makes more than a bet and three raises a
        # round, heads-up included (the rules allow more there)
        if code == A_RAISE and betting == B_FL and raise_count >= 4:
            code = A_CALL
        if s == bring_seat:
            # the bring-in: post it, or complete (a raise to the small bet)
            if code != A_RAISE or not can_raise:
                code = A_BRING
        # make it legal
        if code == A_RAISE and not can_raise:
            code = A_CALL
        if code == A_FOLD and call == 0:
            code = A_CHECK
        if code == A_CALL and call == 0:
            code = A_CHECK
        if code == A_CHECK and call > 0:
            code = A_CALL
        if code == A_RAISE:
            if to < min_to:
                to = min_to
            if to > max_to:
                to = max_to
        # apply
        if code == A_BRING:
            amt = HS[H_BRING_AMT] if HS[H_BRING_AMT] < rem else rem
            SI[I_REM, s] = rem - amt
            SI[I_SBET, s] = mybet + amt
            SI[I_PUT, s] += amt
            pot += amt
            if mybet + amt > cur:
                cur = mybet + amt
            SB[B_PENDING, s] = False
            to = amt
        elif code == A_FOLD:
            SB[B_FOLDED, s] = True
            SB[B_PENDING, s] = False
            live -= 1
            if was_in:
                n_committed -= 1
            if s == cov_s1 or s == cov_s2:
                cov1, cov_s1, cov2, cov_s2 = _cover_top2(S, SI, SB)
        elif code == A_CHECK:
            SI[I_ACTED, s] = cur
            SI[I_ACTCNT, s] = raise_count
            SB[B_PENDING, s] = False
            if not was_in:
                n_committed += 1
        elif code == A_CALL:
            SI[I_REM, s] = rem - call
            SI[I_SBET, s] = mybet + call
            SI[I_PUT, s] += call
            pot += call
            SI[I_ACTED, s] = mybet + call
            SI[I_ACTCNT, s] = raise_count
            SB[B_PENDING, s] = False
            if not was_in:
                n_committed += 1
        else:
            prev = cur
            if betting == B_FL:
                if 2 * (to - full_level) >= bet_size:
                    full_level = to
                    raise_count += 1
            else:
                if to - prev >= full_raise:
                    if to - prev > full_raise:
                        full_raise = to - prev
                    full_level = to
                    raise_count += 1
            d = to - mybet
            SI[I_REM, s] = rem - d
            SI[I_SBET, s] = to
            SI[I_PUT, s] += d
            pot += d
            if to > cur:
                cur = to
            SI[I_ACTED, s] = to
            SI[I_ACTCNT, s] = raise_count
            if not was_in:
                n_committed += 1
            last_aggr = s
            n_raises += 1
            agg_range = rng_
            for q in range(S):
                SB[B_PENDING, q] = (q != s and SB[B_DEALT, q] and not SB[B_FOLDED, q]
                                    and SI[I_REM, q] > 0)
        if s == bring_seat:
            bring_seat = np.int64(-1)
        if rec_on and nact < MAX_ACTIONS:
            base = REC_ACT + 4 * nact
            rec[base] = street
            rec[base + 1] = s
            rec[base + 2] = code
            rec[base + 3] = to if (code == A_RAISE or code == A_BRING) else 0
        nact += 1
        s += 1
        if s == S:
            s = np.int64(0)
    HS[H_NACT] = nact
    HS[H_LAST_AGGR] = last_aggr
    HF[0] = agg_range


#: the betting round inlined into the button hand (and so into the tournament loop), where
#: a hold'em or Omaha hand spends most of its time: the compiled call (two dozen arrays
#: passed) cost 15-20 % of the push-or-fold speed; stud calls the compiled one
betting_round_inline = numba.njit(cache=True, inline="always", error_model="numpy")(
    betting_round.py_func)


@numba.njit(cache=True, error_model="numpy")
def omaha_score(h):
    """A pre-flop score of an Omaha hand, 0..99: pairs (high ones more), suited cards (an
    ace suited more), three cards in a row, and high cards. It only ranks hands for the
    player models (see docs/simulation.md); its shares over all hands are tabulated once.
    """
    score = 0.0
    for i in range(4):
        for j in range(i + 1, 4):
            if (h[i] >> 2) == (h[j] >> 2):
                score += 6.0 + (h[i] >> 2)
    for s in range(4):
        n = 0
        hi_ = -1
        for i in range(4):
            if (h[i] & 3) == s:
                n += 1
                if (h[i] >> 2) > hi_:
                    hi_ = h[i] >> 2
        if n == 2:
            score += 4.0 + 0.5 * hi_
        elif n == 3:
            score += 2.0
    m = 0
    for i in range(4):
        m |= 1 << (h[i] >> 2)
        score += 0.6 * (h[i] >> 2)
    for lo in range(0, 11):
        w = 7 << lo
        if (m & w) == w:
            score += 5.0
    v = int(score)
    if v > 99:
        v = 99
    return v


@numba.njit(cache=True, inline="always", error_model="numpy")
def button_ante_seat(S, row, b, sbs):
    """Who posts a button ante, as :mod:`pyeval.rules.forced_bets`: the button; on a dead
    button the small blind, else the first player left of the button."""
    if row[b] >= 0:
        return b
    if sbs >= 0:
        return sbs
    q = b
    for _k in range(S):
        q = q + 1 if q + 1 < S else 0
        if row[q] >= 0:
            return q
    return b


@numba.njit(cache=True, inline="always", error_model="numpy")
def post_dead_ante(SI, HS, s, ante):
    """Seat ``s`` posts one dead ante for the table (a big-blind or button ante), capped
    by its stack: into ``HS[H_DEAD]`` (the main pot), not its bet or ``I_PUT``."""
    a = ante if ante < SI[I_REM, s] else SI[I_REM, s]
    SI[I_REM, s] -= a
    HS[H_DEAD] += a


@numba.njit(cache=True, inline="always", error_model="numpy")
def start_seats(S, row, stack, SI, SB, rec, rec_on):
    """Every seat's state at the start of a hand (``row[seat]`` = player, -1 empty: not
    dealt, folded), its stack from ``stack``; recorded when ``rec_on``."""
    for s in range(S):
        p = row[s]
        SB[B_DEALT, s] = p >= 0
        SB[B_FOLDED, s] = p < 0
        SB[B_DRAW, s] = False
        SI[I_SBET, s] = 0
        SI[I_PUT, s] = 0
        SI[I_VAL, s] = 0
        SI[I_LOW, s] = 0
        SI[I_TIER, s] = 0
        SI[I_NCARD, s] = 0
        SI[I_CLS, s] = 0
        SI[I_REM, s] = stack[p] if p >= 0 else 0
    if rec_on:
        for s in range(S):
            rec[REC_PLAYER + s] = row[s]
            rec[REC_STACK + s] = SI[I_REM, s]


@numba.njit(cache=True, inline="always", error_model="numpy")
def post_forced_bets(S, row, b, sbs, g, ante, sb_amt, bb_amt, HS, SI, SB):
    """Antes, then the blinds, each capped by the poster's stack, as
    :mod:`pyeval.rules.forced_bets` posts them: an ante from every dealt player into their
    ``I_PUT``, or one dead ante (``HS[H_ANTE_BY_IN]``: the button's before the blinds, the
    big blind's after its blind, the rules' default order); the small blind (``sbs`` -1:
    none) and the big blind ``g`` as this round's bets."""
    ante_by = HS[H_ANTE_BY_IN]
    HS[H_DEAD] = 0
    if ante > 0 and ante_by == ANTE_EACH:
        for s in range(S):
            if SB[B_DEALT, s]:
                a = ante if ante < SI[I_REM, s] else SI[I_REM, s]
                SI[I_REM, s] -= a
                SI[I_PUT, s] += a
    if ante > 0 and ante_by == ANTE_BUTTON:
        post_dead_ante(SI, HS, button_ante_seat(S, row, b, sbs), ante)
    if sbs >= 0:
        a = sb_amt if sb_amt < SI[I_REM, sbs] else SI[I_REM, sbs]
        SI[I_REM, sbs] -= a
        SI[I_SBET, sbs] += a
        SI[I_PUT, sbs] += a
    a = bb_amt if bb_amt < SI[I_REM, g] else SI[I_REM, g]
    SI[I_REM, g] -= a
    SI[I_SBET, g] += a
    SI[I_PUT, g] += a
    if ante > 0 and ante_by == ANTE_BIG_BLIND:
        post_dead_ante(SI, HS, g, ante)     # after the blind


@numba.njit(cache=True, inline="always", error_model="numpy")
def play_button_hand(S, row, stack, b, sbs, g, HS, SI, SB, SF, HF, hole, board, buf, deck, st,
                     ev, tabs, rec, rec_on):
    """Play one hand at a table (``row[seat]`` = player, -1 empty) and update ``stack``.

    ``HS`` carries the stakes in (``H_SB_IN``, ``H_BB_IN``, ``H_ANTE_IN``, ``H_BETTING``,
    ``H_SMALL_BET``, ``H_BIG_BET``) and the game (``H_GAME``); ``SI[I_MODEL]`` and
    ``SF[F_DUNIT]`` are filled by the caller.
    ``tabs``: (pf_class, pf_top, pf_eq, omaha_tab, mp, push_tab, open_tab, stud_tab, vtab).
    Returns the number of actions.
    """
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    pf_class, pf_top, pf_eq, omaha_tab, mp, push_tab, open_tab, stud_tab, vtab = tabs
    sb_amt = HS[H_SB_IN]
    bb_amt = HS[H_BB_IN]
    ante = HS[H_ANTE_IN]
    betting = HS[H_BETTING]
    small = HS[H_SMALL_BET]
    big_bet = HS[H_BIG_BET]
    game = HS[H_GAME]
    var = vh.is_variant(game)      # the rule sheets' variants: Irish, Super 8, Tahoe, Pineapples
    nh = 4 if (game == G_OMAHA or game == G_OMAHA8) else (vh.hole_count(game) if var else 2)
    scratch = np.empty(16, np.uint8) if var else buf
    hilo = game == G_OMAHA8
    if betting != B_FL or small <= 0:
        small = bb_amt
    if big_bet <= 0:
        big_bet = 2 * small
    start_seats(S, row, stack, SI, SB, rec, rec_on)
    # antes, then the blinds (a short stack posts what it has)
    post_forced_bets(S, row, b, sbs, g, ante, sb_amt, bb_amt, HS, SI, SB)
    # deal
    pos = 0
    for s in range(S):
        if SB[B_DEALT, s]:
            for k in range(nh):
                hole[s, k] = draw_card(deck, pos, st)
                pos += 1
            if var:
                # [variants: deal] the starting strength the models read
                top_, c_ = vh.start_strength(game, hole[s], nh, pf_class, pf_top, vtab)
                SI[I_CLS, s] = c_
                SF[F_TOP, s] = top_
            elif nh == 2:
                c_ = pf_class[hole[s, 0] * 52 + hole[s, 1]]
                SI[I_CLS, s] = c_
                SF[F_TOP, s] = pf_top[c_]
            else:
                sc = omaha_score(hole[s])
                SF[F_TOP, s] = omaha_tab[sc, 0]
                SI[I_CLS, s] = int(omaha_tab[sc, 1])
    if rec_on:
        for s in range(S):
            for k in range(HOLE_MAX):
                rec[REC_HOLE + HOLE_MAX * s + k] = hole[s, k] if (SB[B_DEALT, s] and k < nh) else -1
    HS[H_BB] = bb_amt
    HS[H_BB_SEAT] = g
    HS[H_NACT] = 0
    HS[H_NH] = nh
    HS[H_STUD] = -1
    HS[H_BRING_SEAT] = -1
    HS[H_PF_AGGR] = -1
    HF[0] = 1.0
    nb = 0
    for street in range(4):
        live = 0
        able = 0
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                live += 1
                if SI[I_REM, s] > 0:
                    able += 1
        if live < 2:
            break
        if var and street > 0:
            # [variants: discard] after the previous street's betting, every player still in
            nh, HS[H_NACT] = vh.discard_round(game, street - 1, S, SB[B_DEALT], SB[B_FOLDED], b,
                                              hole, nh, board, pf_class, pf_top, scratch, rec,
                                              rec_on, HS[H_NACT])
            HS[H_NH] = nh
        if street == 1:
            for k in range(3):
                board[k] = draw_card(deck, pos, st)
                pos += 1
            nb = 3
        elif street >= 2:
            board[nb] = draw_card(deck, pos, st)
            pos += 1
            nb += 1
        if street > 0 and able < 2:
            continue        # nobody left to bet against: the board runs out
        if street == 0:
            first = g + 1 if g + 1 < S else 0
            HS[H_CUR] = bb_amt
            HS[H_FULL_LEVEL] = bb_amt
            HS[H_RAISES] = 1
            HS[H_STREET_BET] = small
        else:
            for s in range(S):
                SI[I_SBET, s] = 0
            first = b + 1 if b + 1 < S else 0
            HS[H_CUR] = 0
            HS[H_FULL_LEVEL] = 0
            HS[H_RAISES] = 0
            HS[H_STREET_BET] = small if street == 1 else big_bet
            HF[0] = 1.0
        HS[H_FULL_RAISE] = HS[H_STREET_BET]
        betting_round_inline(S, street, first, SI, SB, SF, HS, HF, hole, board, nb, buf, ev,
                             mp, push_tab, open_tab, pf_eq, st, rec, rec_on)
        if street == 0:
            HS[H_PF_AGGR] = HS[H_LAST_AGGR]
    # the showdown, or the last player standing
    live = 0
    last = -1
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            live += 1
            last = s
    if live == 1:
        tot = HS[H_DEAD]
        for s in range(S):
            SI[I_WON, s] = 0
            tot += SI[I_PUT, s]
        SI[I_WON, last] = tot
    else:
        while nb < 5:
            board[nb] = draw_card(deck, pos, st)
            pos += 1
            nb += 1
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                if nh == 2:
                    buf[0] = hole[s, 0]
                    buf[1] = hole[s, 1]
                    for k in range(5):
                        buf[2 + k] = board[k]
                    SI[I_VAL, s] = nx.high_inline(buf, 7, card_key, disp, high, flush, mult,
                                                  row_bits, slot_bits)
                elif var:
                    # [variants: showdown] the game's hole-card limits
                    SI[I_VAL, s] = vh.showdown_value(game, hole[s], nh, board, scratch)
                else:
                    hs_ = hole[s]
                    SI[I_VAL, s] = nx.omaha_high_addr(hs_.ctypes.data, 4, board.ctypes.data, 5)
                    if hilo:
                        SI[I_LOW, s] = nx.omaha_low8_addr(hs_.ctypes.data, 4,
                                                          board.ctypes.data, 5)
        award_pots(S, SI, SB, hilo, b, HS[H_DEAD])
    for s in range(S):
        if SB[B_DEALT, s]:
            stack[row[s]] = SI[I_REM, s] + SI[I_WON, s]
    nact = HS[H_NACT]
    if rec_on:
        for k in range(5):
            rec[REC_BOARD + k] = board[k] if k < nb else -1
        rec[REC_NACT] = nact
        for s in range(S):
            rec[REC_AFTER + s] = stack[row[s]] if SB[B_DEALT, s] else 0
    return nact


@numba.njit(cache=True, error_model="numpy")
def _up_range(street):
    """Indices of the up cards a seat shows on a stud street (0 = third street)."""
    return 2, 2 + (street + 1 if street < 4 else 4)


@numba.njit(cache=True, error_model="numpy")
def _stud_tiers(S, SI, SB, hole, kind, game, buf, ev):
    """Fill ``SI[I_TIER]`` / ``SB[B_DRAW]`` for a stud street: each player's cards against
    what the other players still in show (the up cards: not in the game's ``DOWN_MASK``);
    in the draw nobody shows a card and each hand is read against one pair."""
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    # [variants: stud and draw] which cards show, from the registry's facts
    dm = vfacts.FACTS[game, vfacts.DOWN_MASK]
    draw_game = vfacts.FACTS[game, vfacts.FAMILY] == 2
    for q in range(S):
        SI[I_UPCAT, q] = 0
        SI[I_UPLOW, q] = 0
        if SB[B_DEALT, q] and not SB[B_FOLDED, q] and not draw_game:
            n = 0
            m = 0
            for i in range(SI[I_NCARD, q]):
                if (dm >> i) & 1:
                    continue
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
    for q in range(S):
        if SB[B_DEALT, q] and not SB[B_FOLDED, q] and SI[I_REM, q] > 0:
            cat = np.int64(2) if draw_game else np.int64(0)
            low = np.int64(0)
            for o in range(S):
                if o != q and SB[B_DEALT, o] and not SB[B_FOLDED, o]:
                    if SI[I_UPCAT, o] > cat:
                        cat = SI[I_UPCAT, o]
                    if SI[I_UPLOW, o] > low:
                        low = SI[I_UPLOW, o]
            t_, d_ = stud_tier(hole[q], SI[I_NCARD, q], cat, low, kind, buf, card_key, disp,
                               high, flush, mult, row_bits, slot_bits)
            SI[I_TIER, q] = t_
            SB[B_DRAW, q] = d_
