"""The kernel's inputs and working arrays by name: the tables of one specification
(:class:`Tables`), the outputs (:class:`Outs`) and the working arrays of one tournament
(:class:`Work`, made once per thread by :func:`make_work`, reset for each tournament by
:func:`reset_work`).

They are NamedTuples of arrays, so a step of the kernel takes ``w.stack`` or ``tb.lv``
instead of a list of two dozen positional arrays; the kernel passes them borrowed (see
:func:`pyeval.numba_mem.borrow`), so passing one costs no reference counts.

>>> w = make_work(9, 6)            # 9 players, 6-max: two tables and a final table
>>> w.seat_pl.shape, w.stack.shape, w.SI.shape[0] == I_ROWS
((3, 6), (9,), True)
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from pyeval.sim.arrivals import HS_ROWS
from pyeval.sim.layout import HOLE_MAX
from pyeval.sim.slots import B_ROWS, F_ROWS, I_ROWS


class Tables(NamedTuple):
    """What one specification plays with (read only): levels, configuration, models, the
    pre-flop tables, the Omaha, stud and variant tables, the dealer's-choice rotation."""

    lv: np.ndarray          # int64[L, LV_COLS]: the levels (layout.LV_*)
    cfg: np.ndarray         # int64[C_*]: the tournament's settings
    cfgf: np.ndarray        # float64[F_*]: probabilities, minutes per hand
    mp: np.ndarray          # float64[M, MP_*]: the player models' parameters
    assign: np.ndarray      # int64[P]: a fixed model per entrant, -1 drawn from mw
    starts: np.ndarray      # int64[P]: each entrant's starting stack (chips by rank)
    mw: np.ndarray          # float64[M]: cumulative model weights
    push_tab: np.ndarray    # push thresholds by model, players behind and depth
    open_tab: np.ndarray    # open thresholds by model and players behind
    pf_class: np.ndarray    # hold'em class of each two-card hand
    pf_top: np.ndarray      # share of hands at least as strong, by class
    pf_eq: np.ndarray       # equity of a class against a range bucket
    omaha_tab: np.ndarray   # Omaha score -> (share, class)
    stud_tab: np.ndarray    # stud three-card score -> share
    vtab: np.ndarray        # the rule sheets' variants' strength tables
    rotation: np.ndarray    # dealer's choice: the game codes in turn


class Outs(NamedTuple):
    """The results, one row per tournament of the block (and the recorded hands)."""

    res_i: np.ndarray       # int64[n, R_*]
    res_f: np.ndarray       # float64[n, RF_*]
    elim_t: np.ndarray      # minute of each player's elimination
    elim_h: np.ndarray      # hand of each player's elimination
    place: np.ndarray       # each player's place
    shares: np.ndarray      # how many share that place
    order: np.ndarray       # players by place
    lstats: np.ndarray      # per level: start, players, chips, tables
    rec: np.ndarray         # recorded hands (layout.REC_*)


class Work(NamedTuple):
    """The working arrays of one tournament (one set per thread, reused)."""

    seat_pl: np.ndarray     # [table, seat] -> player, -1 empty
    tbl_n: np.ndarray       # players at each table
    tbl_on: np.ndarray      # the table is in play
    tbl_first: np.ndarray   # no hand dealt yet at the table (tbl_pbb holds the drawn button)
    tbl_pbb: np.ndarray     # the seat of the last big blind
    tbl_psb: np.ndarray     # the seat the last small blind stood for
    tbl_t: np.ndarray       # the table's clock (minutes of play)
    tbl_lh: np.ndarray      # hands dealt at the table this level
    p_table: np.ndarray     # player -> table, -1 out
    p_seat: np.ndarray      # player -> seat
    stack: np.ndarray       # player -> chips
    models: np.ndarray      # player -> model
    rebuys_used: np.ndarray  # player -> rebuys taken
    cards: np.ndarray       # scratch pairs (seat draws)
    tmp_players: np.ndarray  # scratch players (movers)
    SI: np.ndarray          # the hand's per-seat ints (slots.I_*)
    SB: np.ndarray          # the hand's per-seat flags (slots.B_*)
    SF: np.ndarray          # the hand's per-seat floats (slots.F_*)
    HS: np.ndarray          # the hand's state (slots.H_*)
    HF: np.ndarray          # the hand's float state (the aggressor's range)
    hole: np.ndarray        # [seat, card] hole cards
    board: np.ndarray       # the board
    buf: np.ndarray         # scratch cards for the evaluator
    deck: np.ndarray        # the deck (a partial shuffle per hand)
    start_stack: np.ndarray  # seat -> chips at the start of the hand
    grp: np.ndarray         # seats busted in the hand
    rec_dummy: np.ndarray   # the record row of a hand not recorded
    st: np.ndarray          # the tournament's random stream
    occ: np.ndarray         # scratch seats
    done_flags: np.ndarray  # scratch flags
    tbl_hc: np.ndarray      # hands dealt at each table (dealer's choice)
    arrive: np.ndarray      # player -> minute of arrival (0: on time; sim.arrivals)


@numba.njit(cache=True, error_model="numpy")
def make_work(P, S):
    """The working arrays of one tournament of ``P`` players at ``S``-seat tables."""
    NT = (P + S - 1) // S
    return Work(np.full((NT + 1, S), -1, np.int64), np.zeros(NT + 1, np.int64),
                np.zeros(NT + 1, np.bool_), np.ones(NT + 1, np.bool_), np.zeros(NT + 1, np.int64),
                np.zeros(NT + 1, np.int64), np.zeros(NT + 1), np.zeros(NT + 1, np.int64),
                np.full(P, -1, np.int64), np.full(P, -1, np.int64), np.zeros(P, np.int64),
                np.zeros(P, np.int64), np.zeros(P, np.int64),
                np.empty((max(P, 2 * S) + S, 2), np.int64), np.empty(max(P, S), np.int64),
                np.zeros((I_ROWS, S), np.int64), np.zeros((B_ROWS, S), np.bool_),
                np.zeros((F_ROWS, S)), np.zeros(HS_ROWS, np.int64), np.zeros(2),
                np.zeros((S, HOLE_MAX), np.uint8), np.zeros(5, np.uint8), np.zeros(7, np.uint8),
                np.arange(52).astype(np.uint8), np.zeros(S, np.int64), np.empty(S, np.int64),
                np.zeros(1, np.int64), np.empty(4, np.uint64), np.empty(S, np.int64),
                np.zeros(S, np.bool_), np.zeros(NT + 1, np.int64), np.zeros(P))


@numba.njit(cache=True, error_model="numpy")
def reset_work(w):
    """A clean slate: the work arrays are reused from tournament to tournament."""
    w.seat_pl[:, :] = -1
    w.tbl_n[:] = 0
    w.tbl_on[:] = False
    w.tbl_first[:] = True
    w.tbl_pbb[:] = 0
    w.tbl_psb[:] = 0
    w.tbl_t[:] = 0.0
    w.tbl_lh[:] = 0
    w.tbl_hc[:] = 0
    w.p_table[:] = -1
    w.p_seat[:] = -1
    w.stack[:] = 0
    w.models[:] = 0
    w.rebuys_used[:] = 0
    w.SI[:, :] = 0
    w.SB[:, :] = False
    w.SF[:, :] = 0.0
    w.HS[:] = 0
    w.HF[:] = 0.0
    w.hole[:, :] = 0
    w.board[:] = 0
    w.buf[:] = 0
    for i in range(52):
        w.deck[i] = i
    w.start_stack[:] = 0
    w.arrive[:] = 0.0
