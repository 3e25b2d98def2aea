"""The start of a hand: every seat's state, the antes and blinds of :mod:`pyeval.rules.forced_bets`,
the cards dealt, and the pre-flop score of an Omaha hand.
"""
from __future__ import annotations

import numba

from pyeval.jit.numba_rng import below
from pyeval.sim.kernel.arrivals import fold_absent
from pyeval.sim.kernel.layout import (
    ANTE_BIG_BLIND,
    ANTE_BUTTON,
    ANTE_EACH,
    REC_PLAYER,
    REC_STACK,
)
from pyeval.sim.kernel.slots import (
    B_DEALT,
    B_DRAW,
    B_FOLDED,
    H_ANTE_BY_IN,
    H_DEAD,
    I_CLS,
    I_LOW,
    I_NCARD,
    I_PUT,
    I_REM,
    I_SBET,
    I_TIER,
    I_VAL,
)


@numba.njit(cache=True, inline="always", error_model="numpy")
def draw_card(deck, pos, st):
    """Card ``pos`` of a partial Fisher-Yates shuffle of ``deck``."""
    j = pos + below(st, 52 - pos)
    c = deck[j]
    deck[j] = deck[pos]
    deck[pos] = c
    return c


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
    fold_absent(S, HS, SB)     # [late players] posted, dealt no cards, cannot win
