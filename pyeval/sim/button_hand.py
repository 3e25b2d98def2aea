"""One hand of a button game (hold'em, Omaha, Omaha hi/lo) in Numba, as the rules say.

The hand follows :mod:`pyeval.rules`: antes, then the small and big blind (a short stack
posts what it has, and the others act as if the full big blind was posted); the betting
rounds of :mod:`pyeval.sim.betting`; then the showdown (:mod:`pyeval.sim.pots`).
"""
from __future__ import annotations

import numba

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
    H_BIG_BLIND,
    H_BRING_SEAT,
    H_CUR,
    H_FULL_LEVEL,
    H_FULL_RAISE,
    H_GAME,
    H_LAST_AGGR,
    H_NACT,
    H_NHOLE,
    H_PF_AGGR,
    H_RAISES,
    H_SB,
    H_SMALL_BET,
    H_STUD,
    I_CLS,
    I_LOW,
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
    G_OMAHA,
    G_OMAHA8,
    HOLE_MAX,
    REC_AFTER,
    REC_BOARD,
    REC_HOLE,
    REC_NACT,
    REC_PLAYER,
    REC_STACK,
)
from pyeval.sim.pots import award_pots


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


# inline="always": into the kernel's tournament loop (a call per hand with NamedTuples of
# arrays would cost more than the hand's bookkeeping)
@numba.njit(cache=True, inline="always", error_model="numpy")
def play_button_hand(S, row, stack, b, sbs, g, hand, tabs, ev, st, rec, rec_on):
    """Play one hand at a table (``row[seat]`` = player, -1 empty) and update ``stack``.

    ``HS`` carries the stakes in (``H_SB``, ``H_BIG_BLIND``, ``H_ANTE``, ``H_BETTING``,
    ``H_SMALL_BET``, ``H_BIG_BET``, ``H_GAME``); ``SI[I_MODEL]`` and ``SF[F_DUNIT]`` are
    filled by the caller. ``b``, ``sbs``, ``g``: the button, small blind (-1: none) and big
    blind seats. ``hand``, ``tabs``, ``ev``: as for :func:`pyeval.sim.betting.betting_round`.
    Returns the number of actions.
    """
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    SI, SB, SF, HS, HF = hand.SI, hand.SB, hand.SF, hand.HS, hand.HF
    hole, board, buf = hand.hole, hand.board, hand.buf
    deck = hand.deck
    pf_class, pf_top, omaha_tab = tabs.pf_class, tabs.pf_top, tabs.omaha
    sb_amt = HS[H_SB]
    bb_amt = HS[H_BIG_BLIND]
    ante = HS[H_ANTE]
    betting = HS[H_BETTING]
    small = HS[H_SMALL_BET]
    big_bet = HS[H_BIG_BET]
    game = HS[H_GAME]
    nh = 4 if (game == G_OMAHA or game == G_OMAHA8) else 2
    hilo = game == G_OMAHA8
    if betting != B_FL or small <= 0:
        small = bb_amt
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
        SI[I_REM, s] = stack[p] if p >= 0 else 0
    if rec_on:
        for s in range(S):
            rec[REC_PLAYER + s] = row[s]
            rec[REC_STACK + s] = SI[I_REM, s]
    # antes, then the blinds (a short stack posts what it has)
    if ante > 0:
        for s in range(S):
            if SB[B_DEALT, s]:
                a = ante if ante < SI[I_REM, s] else SI[I_REM, s]
                SI[I_REM, s] -= a
                SI[I_PUT, s] += a
    if sbs >= 0:
        a = sb_amt if sb_amt < SI[I_REM, sbs] else SI[I_REM, sbs]
        SI[I_REM, sbs] -= a
        SI[I_SBET, sbs] += a
        SI[I_PUT, sbs] += a
    a = bb_amt if bb_amt < SI[I_REM, g] else SI[I_REM, g]
    SI[I_REM, g] -= a
    SI[I_SBET, g] += a
    SI[I_PUT, g] += a
    # deal
    pos = 0
    for s in range(S):
        if SB[B_DEALT, s]:
            for k in range(nh):
                hole[s, k] = draw_card(deck, pos, st)
                pos += 1
            if nh == 2:
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
    HS[H_BB_SEAT] = g
    HS[H_NACT] = 0
    HS[H_NHOLE] = nh
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
            HS[H_BET_SIZE] = small
        else:
            for s in range(S):
                SI[I_SBET, s] = 0
            first = b + 1 if b + 1 < S else 0
            HS[H_CUR] = 0
            HS[H_FULL_LEVEL] = 0
            HS[H_RAISES] = 0
            HS[H_BET_SIZE] = small if street == 1 else big_bet
            HF[0] = 1.0
        HS[H_FULL_RAISE] = HS[H_BET_SIZE]
        betting_round(S, street, first, nb, hand, tabs, ev, st, rec, rec_on)
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
        tot = 0
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
                else:
                    hs_ = hole[s]
                    SI[I_VAL, s] = nx.omaha_high_addr(hs_.ctypes.data, 4, board.ctypes.data, 5)
                    if hilo:
                        SI[I_LOW, s] = nx.omaha_low8_addr(hs_.ctypes.data, 4,
                                                          board.ctypes.data, 5)
        award_pots(S, SI, SB, hilo, b)
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
