"""The state of one hand in the kernels: rows of the per-seat arrays and slots of the hand
array, named once here (Numba reads them as constants), and dealing a card.

A hand's per-seat state lives in three small packed arrays (``SI[I_*, seat]`` int64,
``SB[B_*, seat]`` bool, ``SF[F_*, seat]`` float64) and one int64 array of hand slots
``HS[H_*]``, so a call passes few arrays: Numba counts references of every array argument,
and dozens of those per hand would cost more than the poker. Each slot has one meaning:
the stakes of the hand (``H_SB`` .. ``H_GAME``) are set by the caller and never reused;
the betting state of the current round (``H_CUR`` .. ``H_BET_SIZE``) is reset per street.

Example:
    >>> H_SB != H_CUR and H_BIG_BET != H_RAISES and H_GAME != H_NHOLE
    True
"""
from __future__ import annotations

import numba

from pyeval.numba_rng import below

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
# slots of the hand array HS (int64)
# -- the betting state of the current round (reset every street)
H_CUR = 0        # the bet to call
H_FULL_LEVEL = 1  # the bet level of the last full bet or raise
H_FULL_RAISE = 2  # the size of the last full raise (the minimum raise)
H_RAISES = 3     # full bets and raises this round (the blind counts pre-flop)
H_BET_SIZE = 5   # fixed limit: this street's bet (the small or the big bet)
# -- the hand as it goes
H_PF_AGGR = 7    # the seat that made the last pre-flop raise (-1: none)
H_NACT = 8       # actions so far
H_LAST_AGGR = 10  # the last aggressor of the round just played
H_NHOLE = 11     # hole cards per player (2, 4; 7 in stud)
H_BB_SEAT = 12
H_STUD = 13      # -1 a button game; 0 seven card stud, 1 razz, 2 stud hi/lo
H_BRING_SEAT = 14
# -- the stakes of the hand, set by the caller and never reused
H_BETTING = 4    # pyeval.sim.layout.B_* (no limit, pot limit, fixed limit)
H_SB = 16        # small blind
H_BIG_BLIND = 17
H_ANTE = 18
H_SMALL_BET = 19  # fixed limit (stud included): the small bet
H_BIG_BET = 20   # fixed limit: the big bet
H_BRING_IN = 21  # stud
H_GAME = 22      # pyeval.sim.layout.G_* (a concrete game: dealer's choice is resolved)
H_ROWS = 23
RANGE_LAST = 39


@numba.njit(cache=True, inline="always", error_model="numpy")
def draw_card(deck, pos, st):
    """Card ``pos`` of a partial Fisher-Yates shuffle of ``deck``."""
    j = pos + below(st, 52 - pos)
    c = deck[j]
    deck[j] = deck[pos]
    deck[pos] = c
    return c
