"""The counters and the clock of one tournament in the kernels: named slots of two small
arrays (``TS`` int64, ``TF`` float64) that the steps of :func:`pyeval.sim.kernel.run_one`
read and update. Each slot has one meaning.

Example:
    >>> TS_ROWS, TF_ROWS
    (13, 6)
"""
from __future__ import annotations

# TS: int64 counters
TS_ALIVE = 0         # players still in
TS_CHIPS = 1         # chips in play (rebuys and add-ons added)
TS_LEVEL = 2         # the current level (0-based)
TS_LEVEL_HANDS = 3   # the most hands any table dealt in this level
TS_HANDS = 4         # table-hands dealt
TS_FT_HANDS = 5      # hands dealt at the final table
TS_REBUYS = 6
TS_ADDONS = 7
TS_ERROR = 8         # 1: the chip total changed (debug); 2: the hand limit was hit
TS_TABLES = 9        # tables in play
TS_STAGE = 10        # 0: the first stage of a two-stage event; 1: the tournament proper
TS_RECORDED = 11     # hands recorded so far
TS_MOVES = 12        # table moves made (logged while there is room)
TS_ROWS = 13
# TF: float64 minutes
TF_LEVEL_START = 0   # minute of play the level started
TF_BREAKS = 1        # break minutes before the current level
TF_FT_TIME = 2       # minute the final table formed (-1: not yet)
TF_LAST_END = 3      # the latest end of a hand so far
TF_LAST_ELIM = 4     # the clock of the last elimination (never goes back)
TF_NOW = 5           # the start of the hand being dealt
TF_ROWS = 6
