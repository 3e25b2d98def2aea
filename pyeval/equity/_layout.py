"""Codes and slots shared by the equity kernels and the engine: evaluation kinds, splits,
the per-player statistics the kernels sum, and the card sentinel.

>>> K_OMAHA, SP_LOW8, NSTAT
(1, 1, 8)
"""
from __future__ import annotations

# per-player statistics, summed (weighted in exact runs)
S_SHARE, S_SHARE2, S_WIN, S_TIE, S_HWIN, S_HTIE, S_LWIN, S_LTIE = range(8)
NSTAT = 8

# evaluation kinds and splits (mirrors pyeval.equity.games)
K_HOLDEM, K_OMAHA, K_SUPER8, K_TAHOE, K_STUD, K_RAZZ, K_FIVE, K_BUFFALO, K_CROC = range(9)
SP_NONE, SP_LOW8, SP_CHICAGO = 0, 1, 2

AS_CARD = 51                 # the ace of spades (Chicago)
NONE = 255                   # an unknown card slot
