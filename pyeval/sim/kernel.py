"""The Numba kernel that plays whole tournaments, card by card, many at a time.

:func:`run_block` plays a block of tournaments of one specification on the calling thread
without the GIL (:mod:`pyeval.sim.engine` runs one block per core). Each tournament draws
from its own random stream, seeded by
``(seed, tournament index)`` only, so the results do not depend on the number of threads
or on how a run is cut into chunks.

Inside one tournament an event loop deals the next hand at the table whose clock is
earliest. Between hands the tables break and balance (as :mod:`pyeval.tournament.seating`
says: the player due the big blind next moves, into the worst position), the level
changes when the clock (or the hand count) says so, and colour-ups and add-ons happen at
the start of their level. A hand follows the rules model (:mod:`pyeval.rules`): antes,
blinds with the dead-button rule, the betting round of :class:`pyeval.rules.betting.Round`
(minimum raises, short all-ins that do not reopen the betting, pot limit, fixed limit with
a bet and three raises, no cap heads-up), side pots and odd chips to the first winner left
of the button.

This module holds no Python-level API; see :mod:`pyeval.sim.engine`.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.numba_rng import seed_stream
from pyeval.sim.eliminations import eliminate, finish
from pyeval.sim.hand_state import B_ROWS, F_ROWS, H_ROWS, I_ROWS
from pyeval.sim.kernel_args import HandArrays, Tables, Work
from pyeval.sim.layout import (
    C_FORMAT,
    C_MAX_HANDS,
    C_PLAYERS,
    C_SEATS,
    C_START,
    HOLE_MAX,
    LS_CHIPS,
    LS_PLAYERS,
    LS_START,
    LS_TABLES,
    MV_COLS,
    R_TABLES,
    REC_COLS,
)
from pyeval.sim.level_change import advance_levels
from pyeval.sim.seats import between_hands, draw_seats, next_table, start_final_table
from pyeval.sim.table_hand import deal_hand
from pyeval.sim.tournament_state import (
    TF_FT_TIME,
    TF_NOW,
    TF_ROWS,
    TS_ALIVE,
    TS_CHIPS,
    TS_ERROR,
    TS_HANDS,
    TS_ROWS,
    TS_STAGE,
    TS_TABLES,
)


@numba.njit(cache=True, error_model="numpy")
def reset(w):
    """A clean slate: the work arrays are reused from tournament to tournament, and results
    never depend on what they held before."""
    tb = w.tables
    h = w.hand
    tb.seat_pl[:, :] = -1
    tb.tbl_n[:] = 0
    tb.tbl_on[:] = False
    tb.tbl_first[:] = True
    tb.tbl_pbb[:] = 0
    tb.tbl_psb[:] = 0
    tb.tbl_t[:] = 0.0
    tb.tbl_lh[:] = 0
    tb.tbl_hc[:] = 0
    tb.p_table[:] = -1
    tb.p_seat[:] = -1
    w.stack[:] = 0
    w.models[:] = 0
    w.rebuys_used[:] = 0
    h.SI[:, :] = 0
    h.SB[:, :] = False
    h.SF[:, :] = 0.0
    h.HS[:] = 0
    h.HF[:] = 0.0
    h.hole[:, :] = 0
    h.board[:] = 0
    h.buf[:] = 0
    for i in range(52):
        h.deck[i] = i
    w.start_stack[:] = 0
    w.TS[:] = 0
    w.TF[:] = 0.0


@numba.njit(cache=True, error_model="numpy")
def run_one(k, ti, seed, inp, tabs, ev, out, w):
    """Play tournament ``ti`` and write row ``k`` of the outputs ``out``
    (:class:`~pyeval.sim.kernel_args.Outputs`). ``inp``: the specification
    (:class:`~pyeval.sim.kernel_args.TournamentInputs`); ``tabs``, ``ev``: the hands' tables;
    ``w``: the working arrays of :func:`make_work`."""
    cfg = inp.cfg
    P = cfg[C_PLAYERS]
    S = cfg[C_SEATS]
    L = inp.lv.shape[0]
    NT = (P + S - 1) // S
    seed_stream(w.st, seed, ti)
    reset(w)
    draw_seats(w, inp, P, S, NT)
    TS = w.TS
    TF = w.TF
    TS[TS_ALIVE] = P
    TS[TS_CHIPS] = P * cfg[C_START]
    TS[TS_TABLES] = NT
    TF[TF_FT_TIME] = 0.0 if NT == 1 else -1.0
    TS[TS_STAGE] = 0 if cfg[C_FORMAT] == 1 else 1
    lstats = out.lstats
    for lvl in range(L):
        lstats[k, lvl, LS_START] = -1.0
        lstats[k, lvl, LS_PLAYERS] = 0.0
    lstats[k, 0, LS_PLAYERS] = P
    lstats[k, 0, LS_CHIPS] = TS[TS_CHIPS]
    lstats[k, 0, LS_TABLES] = NT
    lstats[k, 0, LS_START] = 0.0
    out.res_i[k, R_TABLES] = NT
    mv = out.moves[k] if k < out.moves.shape[0] else w.mv_dummy
    while True:
        t = next_table(w.tables, NT)
        if t < 0:
            if TS[TS_STAGE] == 0:
                start_final_table(w, inp, NT, S)
                continue
            break
        TF[TF_NOW] = w.tables.tbl_t[t]
        advance_levels(w, inp, out, k, NT, S, L)
        b, end_t = deal_hand(w, inp, tabs, ev, out, k, ti, t, S)
        eliminate(w, inp, out, k, t, b, end_t, S)
        if TS[TS_ALIVE] <= 1 and TS[TS_STAGE] == 1:
            break
        if TS[TS_HANDS] >= cfg[C_MAX_HANDS]:
            TS[TS_ERROR] = 2
            break
        between_hands(w, inp, NT, S, end_t, mv)
    finish(w, out, k, P)


@numba.njit(cache=True, error_model="numpy")
def make_work(P, S):
    """The working arrays of one tournament (allocated once per thread, reused)."""
    NT = (P + S - 1) // S
    tables = Tables(np.full((NT + 1, S), -1, np.int64), np.zeros(NT + 1, np.int64),
                    np.zeros(NT + 1, np.bool_), np.ones(NT + 1, np.bool_),
                    np.zeros(NT + 1, np.int64), np.zeros(NT + 1, np.int64), np.zeros(NT + 1),
                    np.zeros(NT + 1, np.int64), np.zeros(NT + 1, np.int64),
                    np.full(P, -1, np.int64), np.full(P, -1, np.int64))
    hand = HandArrays(np.zeros((I_ROWS, S), np.int64), np.zeros((B_ROWS, S), np.bool_),
                      np.zeros((F_ROWS, S)), np.zeros(H_ROWS, np.int64), np.zeros(2),
                      np.zeros((S, HOLE_MAX), np.uint8), np.zeros(5, np.uint8),
                      np.zeros(7, np.uint8), np.arange(52).astype(np.uint8))
    return Work(tables, np.zeros(P, np.int64), np.zeros(P, np.int64), np.zeros(P, np.int64),
                np.zeros(S, np.int64), np.empty((max(P, 2 * S) + S, 2), np.int64),
                np.empty(max(P, S), np.int64), np.empty(S, np.int64), np.zeros(S, np.bool_),
                np.empty(S, np.int64), hand, np.zeros(TS_ROWS, np.int64), np.zeros(TF_ROWS),
                np.empty(4, np.uint64), np.zeros(REC_COLS, np.int64),
                np.zeros((0, MV_COLS), np.int64))


@numba.njit(cache=True, nogil=True, error_model="numpy")
def run_block(t0, k0, k1, seed, inp, tabs, ev, out):
    """Play tournaments ``t0 + k0 .. t0 + k1 - 1`` into rows ``k0 .. k1 - 1`` of the outputs,
    on the calling thread and without the GIL: :mod:`pyeval.sim.engine` runs one block per
    thread (disjoint rows of the same outputs), Dask workers one per task. Tournament
    ``t0 + k`` depends only on ``(seed, t0 + k)``, so any split gives the same results."""
    work = make_work(inp.cfg[C_PLAYERS], inp.cfg[C_SEATS])
    for k in range(k0, k1):
        run_one(k, t0 + k, seed, inp, tabs, ev, out, work)
