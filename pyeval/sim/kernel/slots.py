"""The packed state of one hand: the rows of the per-seat arrays and the slots of the hand state.

Per-seat state lives in three small packed arrays, ``SI`` (int64, rows ``I_*``), ``SB`` (bool,
rows ``B_*``) and ``SF`` (float64, rows ``F_*``), and the hand's own state in ``HS`` (int64,
slots ``H_*``), so a call passes few arrays: Numba counts references of every array argument,
and dozens of those per hand would cost more than the poker.

>>> I_ROWS, B_ROWS, F_ROWS, H_ROWS
(16, 4, 2, 26)
"""
from __future__ import annotations

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
H_FIRST_TURN_ONLY = 25  # 1: bets and raises on a player's first turn of a round only (the draw)
H_ROWS = 26
RANGE_LAST = 39
