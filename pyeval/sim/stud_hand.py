"""One hand of seven card stud, razz or stud hi/lo (fixed limit) in Numba, as the rules say.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval import numba_ext as nx
from pyeval.sim.betting import betting_round
from pyeval.sim.hand_state import (
    B_DEALT,
    B_DRAW,
    B_FOLDED,
    F_TOP,
    H_ANTE,
    H_BB_SEAT,
    H_BET_SIZE,
    H_BETTING,
    H_BIG_BET,
    H_BRING_SEAT,
    H_CUR,
    H_FULL_LEVEL,
    H_FULL_RAISE,
    H_GAME,
    H_NACT,
    H_NHOLE,
    H_PF_AGGR,
    H_RAISES,
    H_SMALL_BET,
    H_STUD,
    I_CLS,
    I_LOW,
    I_NCARD,
    I_PUT,
    I_REM,
    I_SBET,
    I_TIER,
    I_VAL,
    I_WON,
    draw_card,
)
from pyeval.sim.layout import (
    B_FL,
    G_RAZZ,
    G_STUD8,
    HOLE_MAX,
    REC_AFTER,
    REC_BOARD,
    REC_HOLE,
    REC_NACT,
    REC_PLAYER,
    REC_STACK,
)
from pyeval.sim.policy import razz_rank, stud3_score
from pyeval.sim.pots import award_pots
from pyeval.sim.stud_view import _showing


@numba.njit(cache=True, error_model="numpy")
def play_stud_hand(S, row, stack, dealer, hand, tabs, ev, st, rec, rec_on):
    """Play one hand of seven card stud, razz or stud hi/lo, fixed limit, at a table.

    As :class:`pyeval.rules.hand.Hand` plays it: antes; two down cards and one up; the
    lowest up card brings in (the highest in razz; suits break ties, clubs lowest), passing
    clockwise past a player all-in from the ante, and may complete to the small bet; on later
    streets the best hand showing acts first (the lowest in razz), ties to the first from the
    dealer's left; small bets on third and fourth street, big bets after (the open-pair big
    bet on fourth street is allowed by the rules, the models never take it). ``HS`` carries
    the stakes in (``H_ANTE``, ``H_BRING_IN``, ``H_SMALL_BET``, ``H_BIG_BET``, ``H_GAME``).
    Returns the number of actions.
    """
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    SI, SB, SF, HS, HF = hand.SI, hand.SB, hand.SF, hand.HS, hand.HF
    hole, buf = hand.hole, hand.buf
    deck = hand.deck
    stud_tab = tabs.stud
    ante = HS[H_ANTE]
    small = HS[H_SMALL_BET]
    big_bet = HS[H_BIG_BET]
    game = HS[H_GAME]
    kind = 1 if game == G_RAZZ else (2 if game == G_STUD8 else 0)
    hilo = kind == 2
    if big_bet <= 0:
        big_bet = 2 * small
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
    if ante > 0:
        for s in range(S):
            if SB[B_DEALT, s]:
                a = ante if ante < SI[I_REM, s] else SI[I_REM, s]
                SI[I_REM, s] -= a
                SI[I_PUT, s] += a
    # third street: two down, one up
    pos = 0
    for s in range(S):
        if SB[B_DEALT, s]:
            for k in range(3):
                hole[s, k] = draw_card(deck, pos, st)
                pos += 1
            SI[I_NCARD, s] = 3
            sc = stud3_score(hole[s, 0], hole[s, 1], hole[s, 2], kind)
            SF[F_TOP, s] = stud_tab[kind, sc]
    # the bring-in
    low = -1
    for s in range(S):
        if SB[B_DEALT, s]:
            c = hole[s, 2]
            if low < 0:
                low = s
            else:
                o = hole[low, 2]
                if kind == 1:
                    if razz_rank(c) * 4 + (c & 3) > razz_rank(o) * 4 + (o & 3):
                        low = s
                elif c < o:
                    low = s
    bis = -1
    q = low
    for _k in range(S):
        if SB[B_DEALT, q] and not SB[B_FOLDED, q] and SI[I_REM, q] > 0:
            bis = q
            break
        q += 1
        if q == S:
            q = 0
    HS[H_BB_SEAT] = -1
    HS[H_NACT] = 0
    HS[H_NHOLE] = 7
    HS[H_PF_AGGR] = -1
    HS[H_STUD] = kind
    HS[H_BRING_SEAT] = bis
    HS[H_BETTING] = B_FL
    HF[0] = 1.0
    for street in range(5):
        live = 0
        able = 0
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                live += 1
                if SI[I_REM, s] > 0:
                    able += 1
        if live < 2:
            break
        if street > 0:
            for s in range(S):
                if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                    hole[s, 2 + street] = draw_card(deck, pos, st)
                    pos += 1
                    SI[I_NCARD, s] += 1
            if able < 2:
                continue
            for s in range(S):
                SI[I_SBET, s] = 0
            # the best hand showing acts first; ties to the first from the dealer's left
            first = -1
            best = -1
            q = dealer
            for _k in range(S):
                q += 1
                if q == S:
                    q = 0
                if SB[B_DEALT, q] and not SB[B_FOLDED, q]:
                    v = _showing(hole, q, street, kind, buf, ev)
                    if v > best:
                        best = v
                        first = q
        else:
            first = bis if bis >= 0 else low
        HS[H_CUR] = 0
        HS[H_FULL_LEVEL] = 0
        HS[H_RAISES] = 0
        HS[H_BET_SIZE] = small if street <= 1 else big_bet
        HS[H_FULL_RAISE] = HS[H_BET_SIZE]
        if street > 0:
            HF[0] = 1.0
        # no board in stud; np.int64: a literal argument would compile a second betting_round
        betting_round(S, street, np.int64(first), np.int64(0), hand, tabs, ev, st, rec, rec_on)
    live = 0
    last = -1
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            live += 1
            last = s
    if live == 1:
        tot = 0
        for s in range(S):
            SI[I_WON, s] = 0
            tot += SI[I_PUT, s]
        SI[I_WON, last] = tot
    else:
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                for k in range(7):
                    buf[k] = hole[s, k]
                if kind == 1:
                    SI[I_VAL, s] = nx.razz_addr(buf.ctypes.data, 7)
                else:
                    SI[I_VAL, s] = nx.high_inline(buf, 7, card_key, disp, high, flush, mult,
                                                  row_bits, slot_bits)
                    if hilo:
                        SI[I_LOW, s] = nx.low8_addr(buf.ctypes.data, 7)
        award_pots(S, SI, SB, hilo, dealer)
    for s in range(S):
        if SB[B_DEALT, s]:
            stack[row[s]] = SI[I_REM, s] + SI[I_WON, s]
    nact = HS[H_NACT]
    if rec_on:
        for s in range(S):
            for k in range(HOLE_MAX):
                rec[REC_HOLE + HOLE_MAX * s + k] = hole[s, k] if k < SI[I_NCARD, s] else -1
        for k in range(5):
            rec[REC_BOARD + k] = -1
        rec[REC_NACT] = nact
        for s in range(S):
            rec[REC_AFTER + s] = stack[row[s]] if SB[B_DEALT, s] else 0
    HS[H_STUD] = -1
    return nact
