"""Column layouts of the flat arrays the simulation kernel reads and writes.

The kernel takes plain numpy arrays (Numba compiles them once, caches the machine code,
and any number of threads share them read-only). This module names their columns, so the
Python side (:mod:`pyeval.sim.engine.spec`) and the kernel (:mod:`pyeval.sim.kernel.kernel`) agree.

Example:
    >>> LV_BB, GAME_CODES["holdem"], BETTING_CODES["pot_limit"]
    (1, 0, 1)
"""
from __future__ import annotations

from pyeval.games import REGISTRY

# ---- levels: int64[L, LV_COLS] -------------------------------------------------------
LV_SB = 0
LV_BB = 1
LV_ANTE = 2
LV_BRING = 3
LV_SMALL_BET = 4          # fixed limit small bet (stud: also the minimum bet)
LV_BIG_BET = 5         # fixed limit big bet
LV_GAME = 6         # GAME_CODES
LV_BET = 7          # BETTING_CODES
LV_MIN = 8          # length in minutes (0 when the level is timed in hands)
LV_HANDS = 9        # length in hands (0 when timed in minutes)
LV_BREAK = 10       # break minutes after this level
LV_CU_UNIT = 11     # smallest chip after a colour-up held before this level (0: none)
LV_CU_REMOVED = 12  # 4 columns: denominations removed by that colour-up (0 = unused)
LV_ADDON = 16       # 1: the add-on is offered before this level
LV_ANTE_BY = 17     # who antes: ANTE_BY_CODES (each player, the big blind, the button)
LV_COLS = 18
#: who pays a level's ante (the rules' ``Structure.ante_by``): a big-blind or button ante is
#: one dead ante for the whole table
ANTE_EACH = 0
ANTE_BIG_BLIND = 1
ANTE_BUTTON = 2
ANTE_BY_CODES: dict[str, int] = {"each": ANTE_EACH, "big_blind": ANTE_BIG_BLIND,
                                 "button": ANTE_BUTTON}
ANTE_BY_NAMES: dict[int, str] = {v: k for k, v in ANTE_BY_CODES.items()}

# ---- games and betting ------------------------------------------------------------------
G_HOLDEM = 0
G_OMAHA = 1
G_OMAHA8 = 2
G_STUD = 3
G_STUD8 = 4
G_RAZZ = 5
G_DEALERS_CHOICE = 6      # a rotation of the button games in the spec's rotation list
G_DC_STUD = 7             # a rotation of the stud games in the spec's stud rotation list
#: every stud game's code (the kernel's stud hand, :mod:`pyeval.sim.kernel.variants.hands`)
STUD_CODES = tuple(g.code for g in REGISTRY.family("stud"))
#: every game's code, by structure-file name: the game registry's codes (the G_ constants
#: above are the kernel's copies, tied to it by tests/test_games_registry.py)
GAME_CODES: dict[str, int] = REGISTRY.codes()
GAME_NAMES: dict[int, str] = {v: k for k, v in GAME_CODES.items()}
B_NL = 0
B_PL = 1
B_FL = 2
BETTING_CODES: dict[str, int] = {"no_limit": B_NL, "pot_limit": B_PL, "fixed_limit": B_FL}

# ---- tournament configuration: int64[CFG_COLS] --------------------------------------------
C_PLAYERS = 0
C_SEATS = 1            # table size
C_MERGE = 2            # players per table allowed when deciding whether a table can break
C_BAL_DIFF = 3         # balance when fullest - shortest >= this
C_BREAK_ORDER = 4      # 0 highest number, 1 fewest players
C_START = 5            # starting chips
C_ANTE_HU_STOP = 6     # 1: no antes heads-up
C_FORMAT = 7           # 0 one field, 1 two stages (table winners)
C_FINAL_START = 8      # fresh chips of the final stage
C_RESTART_LEVELS = 9   # 1: the final stage starts again at level 1
C_REBUY_CHIPS = 10
C_REBUY_UNTIL = 11     # last level (1-based) at which a busted player may rebuy; 0: none
C_REBUY_MAX = 12       # rebuys per player, -1 unlimited
C_ADDON_CHIPS = 13
C_ADDON_PER = 14       # add-ons per player
C_DEBUG = 15           # 1: check the chip total after every hand
C_REC_TOURN = 16       # record hands of tournaments 0 .. C_REC_TOURN - 1
C_REC_HANDS = 17       # at most this many hands each
C_REC_STRIDE = 18      # every this many hands of the tournament
C_MAX_HANDS = 19       # safety stop (table-hands per tournament)
C_N_MODELS = 20
C_N_ROTATION = 21      # button games in the dealer's choice rotation (first in ``rotation``)
C_STOP_SHORT = 22      # a table this many players short of the fullest stops dealing
C_N_ROT_STUD = 23      # stud games in the rotation (after the button games)
C_SEAT_RULE = 24       # the seating rules (tournament.seating) as bits: 1 balance_rule = same_position,
#                        2 equal_tables = card_draw, 4 break_draw = fair_blinds; 0 is pyeval's convention
C_FIRST_TURN_ONLY = 25  # 1: a player bets or raises on their first turn of a round only (the draw)
C_LEVEL_CLOCK = 26     # how levels counted in hands end: LEVEL_CLOCK_*
C_LATE = 31            # late players' arrival distribution (sim.arrivals), 0 none
# late registration and re-entry (sim.entries), in the four free columns before C_LATE
# (the array keeps its size: a structure without them has the configuration it had)
C_LATE_ENTRIES = 27    # entries that come late (the last players), 0 none
C_REENTRY_CHIPS = 28   # a re-entry's stack
C_REENTRY_UNTIL = 29   # last level (1-based) at which a busted player may re-enter; 0: none
C_REENTRY_MAX = 30     # re-entries per player, -1 unlimited
CFG_COLS = 32
#: ``cfg[C_LEVEL_CLOCK]``: one clock for every table (levels in minutes; levels in hands
#: counted at the busiest table, as before the sheets' rule), each table's own count of its
#: hands (the first sheet's "6 hands"), the same re-aligned at every break (the first
#: sheet's breaks: a table that has finished the level before a break waits there), or one
#: count of the hands dealt anywhere (``[schedule] hands_per = "tournament"``)
LEVEL_CLOCK_ONE = 0
LEVEL_CLOCK_TABLE = 1
LEVEL_CLOCK_ALIGNED = 2
LEVEL_CLOCK_ALL_TABLES = 3

# ---- float configuration: float64[CFGF_COLS] ------------------------------------------
F_MINUTES_PER_HAND = 0     # 16 columns: minutes per hand with k players at the table
F_REBUY_P = 16             # chance a busted player rebuys when allowed
F_ADDON_P = 17             # chance a player takes each add-on offered
F_LATE_CHANCE = 21         # late players (sim.arrivals): the share of entrants who are late
F_LATE_SPAN = 22           # uniform: the latest arrival (minutes); exponential: the mean
F_LATE_CUTOFF = 23         # the cut-off (minutes after the start)
F_LATE_REG_MINUTES = 18    # late registration (sim.entries): the window on the wall clock
F_REENTRY_P = 19           # re-entry (sim.entries): chance a busted player re-enters when allowed
CFGF_COLS = 24

# ---- player models: float64[M, MP_COLS] ---------------------------------------------------
MP_KIND = 0          # 0 push-or-fold, 1 ranges (deeper stacks)
MP_LOOSE = 1         # range width multiplier (tight < 1 < loose)
MP_AGGR = 2          # 0 passive .. 1 aggressive
MP_PUSH_DEPTH = 3    # at or below this depth a ranges player plays push-or-fold
MP_DEPTH_M = 4       # 1: depth measured as 1.5 x M (antes count); 0: stack / big blind
MP_CALL_MARGIN = 5   # calls an all-in when equity >= price * margin
MP_OPEN_SIZE = 6     # open raise in big blinds
MP_CBET = 7          # chance of a continuation bet with nothing
MP_COLS = 8

PUSH_DEPTH_STEPS = 400     # depth index = depth * 4, capped
PUSH_BEHIND = 10           # players behind 0..9

# ---- results: int64 per tournament ---------------------------------------------------
R_HANDS = 0           # table-hands dealt
R_LEVEL = 1           # level reached (1-based)
R_FT_HANDS = 2        # hands dealt at the final table
R_REBUYS = 3
R_ADDONS = 4
R_ERROR = 5           # one of the ERR_* codes below
R_WINNER = 6
R_TABLES = 7          # tables at the start
R_REENTRIES = 8       # re-entries (sim.entries)
R_LATE_ENTRIES = 9    # late entrants seated (sim.entries)
R_COLS = 10

#: the codes of the results' R_ERROR column (SimResult.errors): a tournament played to its end
ERR_NONE = 0
#: the chip total changed during a hand (checked with debug=True)
ERR_CHIPS = 1
#: stopped by the safety limit on hands (max_hands)
ERR_SAFETY_STOP = 2
#: a hand of a game family the kernel was compiled without (pyeval.sim.kernel.kernel_games)
ERR_FAMILY = 4

RF_DURATION = 0       # minutes on the clock, breaks included
RF_FT_TIME = 1        # when the final table formed (minutes on the clock)
RF_PLAY_MINUTES = 2   # minutes of play, breaks excluded
RF_COLS = 4

# ---- level statistics: [T, L, LS_COLS] float64 ---------------------------------------
LS_PLAYERS = 0
LS_CHIPS = 1
LS_TABLES = 2
LS_START = 3          # clock minute the level started (-1: never reached)
LS_COLS = 4

# ---- recorded hands: int64[R, REC_COLS] -----------------------------------------------
MAX_SEATS = 10
MAX_ACTIONS = 64
REC_TOURN = 0
REC_HAND = 1
REC_LEVEL = 2
REC_SEATS = 3
REC_BUTTON = 4
REC_SB_SEAT = 5
REC_BB_SEAT = 6
REC_SB = 7
REC_BB = 8
REC_ANTE = 9
REC_BETTING = 10
REC_GAME = 11
REC_SMALL_BET = 12
REC_BIG_BET = 13
REC_BRING = 14                          # stud bring-in
REC_TABLE = 15                          # the table the hand was dealt at
REC_PLAYER = 16                         # MAX_SEATS player ids (-1 empty)
REC_STACK = REC_PLAYER + MAX_SEATS      # stacks before the hand
HOLE_MAX = 7                            # cards a seat can hold (stud: 7)
REC_HOLE = REC_STACK + MAX_SEATS        # HOLE_MAX cards per seat (-1 none)
REC_BOARD = REC_HOLE + HOLE_MAX * MAX_SEATS  # 5 cards (-1 none)
REC_NACT = REC_BOARD + 5
REC_ACT = REC_NACT + 1                  # MAX_ACTIONS x (street, seat, code, to)
REC_AFTER = REC_ACT + 4 * MAX_ACTIONS   # stacks after the hand
REC_ANTE_BY = REC_AFTER + MAX_SEATS     # ANTE_BY_CODES of the hand's ante
REC_FIRST_TURN = REC_ANTE_BY + 1        # 1: raises on a player's first turn only (the draw)
REC_COLS = REC_FIRST_TURN + 1
A_FOLD = 0
A_CHECK = 1
A_CALL = 2
A_RAISE = 3     # bet, raise or complete: "to" is the player's total bet this round
A_BRING = 4     # post the stud bring-in
A_DISCARD = 5   # discard: "to" is the mask of the discarded cards (bit c for card c)
A_DRAW = 6      # draw: "to" is the mask of the exchanged cards (0: stand pat)
ACTION_NAMES = ("fold", "check", "call", "raise", "bring_in", "discard", "draw")
