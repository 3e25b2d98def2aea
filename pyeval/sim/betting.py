"""One betting round in Numba, with the semantics of :class:`pyeval.rules.betting.Round`.

The minimum raise is the last full raise; an all-in below a full raise does not reopen the
betting to players who have acted unless short all-ins add up to one; pot limit caps a
raise at the pot after the call; fixed limit allows a bet and three raises, uncapped when
two players are left. Each player's choice comes from the player models
(:mod:`pyeval.sim.policy`).
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.numba_rng import uniform
from pyeval.sim.hand_state import (
    B_DEALT,
    B_DRAW,
    B_FOLDED,
    B_PENDING,
    F_DUNIT,
    F_TOP,
    H_BB_SEAT,
    H_BET_SIZE,
    H_BETTING,
    H_BIG_BLIND,
    H_BRING_IN,
    H_BRING_SEAT,
    H_CUR,
    H_FULL_LEVEL,
    H_FULL_RAISE,
    H_LAST_AGGR,
    H_NACT,
    H_NHOLE,
    H_PF_AGGR,
    H_RAISES,
    H_STUD,
    I_ACTCNT,
    I_ACTED,
    I_CLS,
    I_MODEL,
    I_POTC,
    I_PUT,
    I_REM,
    I_SBET,
    I_TIER,
    RANGE_LAST,
)
from pyeval.sim.layout import (
    A_BRING,
    A_CALL,
    A_CHECK,
    A_FOLD,
    A_RAISE,
    B_FL,
    B_PL,
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
)
from pyeval.sim.policy import decide, decide_stud, range_bucket, tier
from pyeval.sim.stud_view import _stud_tiers


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


# inline="always": a call per street with the hand's NamedTuples of arrays costs more than
# the betting (reference counts of every array); it is inlined once per hand function
@numba.njit(cache=True, inline="always", error_model="numpy")
def betting_round(S, street, first, nb, hand, tabs, ev, st, rec, rec_on):
    """Play one betting round of street ``street`` in place, ``first`` to act first (the
    rules of :class:`pyeval.rules.betting.Round`). ``hand``: the hand's arrays
    (:class:`~pyeval.sim.kernel_args.HandArrays`, ``nb`` board cards out); ``tabs``, ``ev``:
    the tables (:class:`~pyeval.sim.kernel_args.HandTables`,
    :class:`~pyeval.sim.kernel_args.EvalTables`); ``st``: the random stream; the actions go to
    ``rec`` when ``rec_on``."""
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    SI, SB, SF, HS, HF = hand.SI, hand.SB, hand.SF, hand.HS, hand.HF
    hole, board, buf = hand.hole, hand.board, hand.buf
    mp, push_tab, open_tab, pf_eq = tabs.mp, tabs.push, tabs.open, tabs.pf_eq
    cur = HS[H_CUR]
    full_level = HS[H_FULL_LEVEL]
    full_raise = HS[H_FULL_RAISE]
    raise_count = HS[H_RAISES]
    betting = HS[H_BETTING]
    bet_size = HS[H_BET_SIZE]
    bb = HS[H_BIG_BLIND] if HS[H_STUD] < 0 else 0   # what the models measure bets by
    bb_seat = HS[H_BB_SEAT]
    pf_aggr = HS[H_PF_AGGR]
    nact = HS[H_NACT]
    nh = HS[H_NHOLE]
    stud = HS[H_STUD]
    bring_seat = HS[H_BRING_SEAT] if street == 0 else -1
    agg_range = HF[0]
    # np.int64: a variable that starts as a literal makes Numba compile the models' functions
    # a second time for the literal type
    n_raises = np.int64(0)
    last_aggr = -1
    live = 0
    n_pend = 0
    pot = np.int64(0)
    n_committed = 0       # players in who have acted this round or are all-in
    cov1 = np.int64(-1)   # the two largest bet + stack among players in, and their seats
    cov2 = np.int64(-1)
    cov_s1 = -1
    cov_s2 = -1
    n_able = 0
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
            _stud_tiers(S, SI, SB, hole, stud, street, buf, ev)
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
        found = -1
        if live >= 2:
            q = s
            for _k in range(S):
                if SB[B_PENDING, q]:
                    found = q
                    break
                q += 1
                if q == S:
                    q = 0
        if found < 0:
            break
        s = found
        rem = SI[I_REM, s]
        mybet = SI[I_SBET, s]
        call = cur - mybet
        if call > rem:
            call = rem
        if call < 0:
            call = 0
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
                n_behind = 0
        else:
            n_behind = 0
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
        to = 0
        rng_ = 1.0
        for _attempt in range(2):
            min_to = 0
            max_to = 0
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
                money = (rem, mybet, cur, call, min_to, max_to, pot, bb, opp_cover)
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
            amt = HS[H_BRING_IN] if HS[H_BRING_IN] < rem else rem
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
            bring_seat = -1
        if rec_on and nact < MAX_ACTIONS:
            base = REC_ACT + 4 * nact
            rec[base] = street
            rec[base + 1] = s
            rec[base + 2] = code
            rec[base + 3] = to if (code == A_RAISE or code == A_BRING) else 0
        nact += 1
        s += 1
        if s == S:
            s = 0
    HS[H_NACT] = nact
    HS[H_LAST_AGGR] = last_aggr
    HF[0] = agg_range
