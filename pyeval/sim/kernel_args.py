"""The named inputs of the simulation kernels: NamedTuples of arrays, read by field name in
Numba code (``tabs.push``, ``hand.SI``) instead of by position in a long tuple.

Numba types a NamedTuple of arrays as one argument and reads its fields at no cost; the
kernels' signatures stay short and a reader sees which table a step uses.

Example:
    >>> EvalTables._fields
    ('card_key', 'disp', 'high', 'flush', 'mult', 'row_bits', 'slot_bits')
"""
from __future__ import annotations

from typing import Any, NamedTuple


class EvalTables(NamedTuple):
    """The C evaluator's tables for :func:`pyeval.numba_ext.high_inline`."""

    card_key: Any
    disp: Any
    high: Any
    flush: Any
    mult: Any
    row_bits: Any
    slot_bits: Any


class HandTables(NamedTuple):
    """The read-only tables a hand uses: pre-flop classes and equities
    (:mod:`pyeval.sim.preflop`), the Omaha and stud starting-hand shares
    (:func:`pyeval.sim.engine.omaha_table`, :func:`~pyeval.sim.engine.stud_table`) and the
    player models' rows and tables (:mod:`pyeval.sim.models`)."""

    pf_class: Any    # int16[52 * 52]: hold'em class of two cards
    pf_top: Any      # float64[169]: share of hands at least as strong as a class
    pf_eq: Any       # float64[169, RANGE_STEPS]: equity of a class against a top range
    omaha: Any       # float64[100, 2]: Omaha score -> (share at least as strong, class)
    stud: Any        # float64[3, 100]: third-street score -> share at least as strong
    mp: Any          # float64[models, MP_COLS]: the models' parameters
    push: Any        # float64[models, PUSH_BEHIND, PUSH_DEPTH_STEPS]: shove shares
    open: Any        # float64[models, PUSH_BEHIND]: opening shares


class TournamentInputs(NamedTuple):
    """The specification of the tournaments (:class:`pyeval.sim.spec.SimSpec`) and the
    field's draw."""

    lv: Any          # int64[levels, LV_COLS]
    cfg: Any         # int64[CFG_COLS]
    cfgf: Any        # float64[CFGF_COLS]
    assign: Any      # int64[players]: model of each entrant (-1: drawn with mw)
    mw: Any          # float64[models]: cumulative model weights
    rotation: Any    # int64[...]: dealer's choice rotations (button games, then stud)


class Outputs(NamedTuple):
    """The kernels' outputs, one row per tournament (see :class:`pyeval.sim.engine.Chunk`)."""

    res_i: Any
    res_f: Any
    elim_t: Any
    elim_h: Any
    place: Any
    shares: Any
    order: Any
    lstats: Any
    rec: Any
    moves: Any       # int64[recorded tournaments, move_rows(players), MV_COLS]


class HandArrays(NamedTuple):
    """The working arrays of one hand (rows and slots in :mod:`pyeval.sim.hand_state`)."""

    SI: Any          # int64[I_ROWS, seats]
    SB: Any          # bool[B_ROWS, seats]
    SF: Any          # float64[F_ROWS, seats]
    HS: Any          # int64[H_ROWS]
    HF: Any          # float64[2]: HF[0] the range of the last aggressor
    hole: Any        # uint8[seats, HOLE_MAX]
    board: Any       # uint8[5]
    buf: Any         # uint8[7]: scratch cards for the evaluator
    deck: Any        # uint8[52]


__all__ = ["EvalTables", "HandArrays", "HandTables", "Outputs", "TournamentInputs"]


class Tables(NamedTuple):
    """The tables of one tournament: who sits where and each table's button and clock
    (table ``NT`` is the final table of a two-stage event)."""

    seat_pl: Any     # int64[tables, seats]: player in each seat (-1 empty)
    tbl_n: Any       # int64[tables]: players seated
    tbl_on: Any      # bool[tables]: in play
    tbl_first: Any   # bool[tables]: no hand dealt yet (tbl_pbb holds the drawn button)
    tbl_pbb: Any     # int64[tables]: the last big blind's seat
    tbl_psb: Any     # int64[tables]: the seat the last small blind stood for
    tbl_t: Any       # float64[tables]: the minute the table's next hand starts
    tbl_lh: Any      # int64[tables]: hands dealt there in this level
    tbl_hc: Any      # int64[tables]: hands dealt there (dealer's choice orbits)
    p_table: Any     # int64[players]: each player's table (-1 out)
    p_seat: Any      # int64[players]: and seat


class Work(NamedTuple):
    """The working arrays of one tournament (allocated once per thread, reset for each)."""

    tables: Tables
    stack: Any       # int64[players]
    models: Any      # int64[players]: each player's model row
    rebuys_used: Any  # int64[players]
    start_stack: Any  # int64[seats]: the stacks at the start of the current hand
    cards: Any       # int64[.., 2]: scratch for seat draws (table, seat)
    tmp_players: Any  # int64[..]: scratch list of players
    occ: Any         # int64[seats]: scratch list of seats
    done: Any        # bool[seats]: scratch flags
    grp: Any         # int64[seats]: scratch list of seats
    hand: HandArrays
    TS: Any          # int64[TS_ROWS]: the tournament's counters (pyeval.sim.tournament_state)
    TF: Any          # float64[TF_ROWS]: the tournament's clock (pyeval.sim.tournament_state)
    st: Any          # uint64[4]: the tournament's random stream (pyeval.numba_rng)
    rec_dummy: Any   # int64[REC_COLS]: where an unrecorded hand writes
    mv_dummy: Any    # int64[0, MV_COLS]: the move log of an unrecorded tournament


__all__ += ["Tables", "Work"]
