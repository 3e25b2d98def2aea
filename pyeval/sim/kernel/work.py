"""The kernel's inputs and working arrays by name: the tables of one specification
(:class:`Tables`), the outputs (:class:`Outs`) and the working arrays of one tournament
(:class:`Work`, made in Python once per block of tournaments by :func:`make_work`, reset
for each tournament by :func:`reset_work`); the two small groups a betting round reads
(:class:`HandState`, the hand's arrays, and :class:`Policy`, the models' tables), which the
button hand and the stud and draw hands both build, so that one compiled betting round
serves them all.

They are NamedTuples of arrays, so a step of the kernel takes ``w.stack`` or ``tb.lv``
instead of a list of two dozen positional arrays; the kernel passes them borrowed (see
:func:`pyeval.jit.numba_mem.borrow`), so passing one costs no reference counts.

>>> w = make_work(9, 6)              # 9 players, 6-max: two tables and a final table
>>> w.seat_pl.shape, w.stack.shape, w.SI.shape[0] == I_ROWS
((3, 6), (9,), True)
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.sim.kernel.arrivals import HS_ROWS
from pyeval.sim.kernel.layout import HOLE_MAX
from pyeval.sim.kernel.slots import B_ROWS, F_ROWS, I_ROWS


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


class HandState(NamedTuple):
    """The arrays of the hand in play that a betting round reads and writes (views of the
    same arrays of :class:`Work`, or of the stud and draw hands' arguments)."""

    SI: np.ndarray          # int64[I_ROWS, S]: per-seat ints (slots.I_*)
    SB: np.ndarray          # bool[B_ROWS, S]: per-seat flags (slots.B_*)
    SF: np.ndarray          # float64[F_ROWS, S]: per-seat floats (slots.F_*)
    HS: np.ndarray          # int64[H_ROWS]: the hand's state (slots.H_*)
    HF: np.ndarray          # float64[2]: the last aggressor's range
    hole: np.ndarray        # uint8[S, HOLE_MAX]: hole cards
    board: np.ndarray       # uint8[5]: the board
    buf: np.ndarray         # uint8[16]: scratch cards for the evaluator
    st: np.ndarray          # uint64[4]: the tournament's random stream


class Policy(NamedTuple):
    """The player models' tables a betting round reads (views of :class:`Tables`'s)."""

    mp: np.ndarray          # float64[M, MP_*]: the models' parameters
    push_tab: np.ndarray    # push thresholds by model, players behind and depth
    open_tab: np.ndarray    # open thresholds by model and players behind
    pf_eq: np.ndarray       # equity of a hold'em class against a range bucket


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
    buf: np.ndarray         # scratch cards for the evaluator (16: also the stud hand's
    #                         scratch of variants.hands, no allocation per hand)
    deck: np.ndarray        # the deck (a partial shuffle per hand)
    start_stack: np.ndarray  # seat -> chips at the start of the hand
    grp: np.ndarray         # seats busted in the hand
    rec_dummy: np.ndarray   # the record row of a hand not recorded
    st: np.ndarray          # the tournament's random stream
    occ: np.ndarray         # scratch seats
    done_flags: np.ndarray  # scratch flags
    tbl_hc: np.ndarray      # hands dealt at each table (dealer's choice)
    arrive: np.ndarray      # player -> minute of arrival (0: on time; sim.arrivals)
    tbl_lv: np.ndarray      # each table's own level (levels counted in hands at each table)
    tbl_wait: np.ndarray    # the table has finished the level before a break and waits there


def make_work(P: int, S: int) -> Work:
    """The working arrays of one tournament of ``P`` players at ``S``-seat tables, made in
    Python once per block of tournaments (a thread's, or a Dask task's) and passed to the
    kernel: :func:`reset_work` sets them for each tournament. Made in the kernel they cost
    its cold compile 0.9 s (an allocator and a fill loop per array)."""
    P = int(P)
    S = int(S)
    T = (P + S - 1) // S + 1
    i8, b1, f8, u1 = np.int64, np.bool_, np.float64, np.uint8
    pairs = max(P, 2 * S) + S
    return Work(np.full((T, S), -1, i8), np.zeros(T, i8), np.zeros(T, b1), np.ones(T, b1),
                np.zeros(T, i8), np.zeros(T, i8), np.zeros(T, f8), np.zeros(T, i8),
                np.full(P, -1, i8), np.full(P, -1, i8), np.zeros(P, i8), np.zeros(P, i8),
                np.zeros(P, i8), np.zeros((pairs, 2), i8), np.zeros(max(P, S), i8),
                np.zeros((I_ROWS, S), i8), np.zeros((B_ROWS, S), b1),
                np.zeros((F_ROWS, S), f8), np.zeros(HS_ROWS, i8), np.zeros(2, f8),
                np.zeros((S, HOLE_MAX), u1), np.zeros(5, u1), np.zeros(16, u1),
                np.arange(52, dtype=u1), np.zeros(S, i8), np.zeros(S, i8), np.zeros(1, i8),
                np.zeros(4, np.uint64), np.zeros(S, i8), np.zeros(S, b1), np.zeros(T, i8),
                np.zeros(P, f8), np.zeros(T, i8), np.zeros(T, b1))


@numba.njit(cache=True, inline="always", error_model="numpy")
def _fill(a, value):
    """Every element of the vector ``a`` set to ``value``: a plain loop (a slice assignment
    lowers to Numba's general broadcasting code, many times the IR)."""
    for i in range(a.shape[0]):
        a[i] = value


@numba.njit(cache=True, inline="always", error_model="numpy")
def _fill2(a, value):
    """Every element of the matrix ``a`` set to ``value``."""
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = value


@linked(cache=True, apart=True, error_model="numpy")
def reset_work(w):
    """A clean slate: the work arrays are reused from tournament to tournament."""
    # [speed] one loop per type of array, not a fill per array: each fill was inlined and
    # compiled again (the kernel's cold compile)
    for a in (w.tbl_n, w.tbl_pbb, w.tbl_psb, w.tbl_lh, w.tbl_hc, w.stack, w.models,
              w.rebuys_used, w.HS, w.start_stack, w.tbl_lv):
        _fill(a, 0)
    for a in (w.p_table, w.p_seat):
        _fill(a, -1)
    for a in (w.tbl_on, w.tbl_wait):
        _fill(a, False)
    _fill(w.tbl_first, True)
    for a in (w.tbl_t, w.HF, w.arrive):
        _fill(a, 0.0)
    for a in (w.board, w.buf):
        _fill(a, 0)
    _fill2(w.seat_pl, -1)
    _fill2(w.SI, 0)
    _fill2(w.SB, False)
    _fill2(w.SF, 0.0)
    _fill2(w.hole, 0)
    for i in range(52):
        w.deck[i] = i
