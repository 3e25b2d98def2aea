"""The Numba kernel that plays whole tournaments, card by card, many at a time.

:func:`run_serial` plays tournaments ``t0 .. t0 + n - 1`` of one specification on the calling
thread without the GIL (the engine runs one block per core). Each tournament draws from its own random stream, seeded by
``(seed, tournament index)`` only, so the results do not depend on the number of threads
or on how a run is cut into chunks.

Inside one tournament an event loop deals the next hand at the table whose clock is
earliest. Between hands the tables break and balance by the structure's seating rules (as
:mod:`pyeval.tournament.seating` says: by pyeval's convention the player due the big blind
next moves, into the worst position; by the sheets' rules the player in the same position
relative to the button moves into the eliminated player's seat), the level
changes when the clock (or the hand count) says so, and colour-ups and add-ons happen at
the start of their level. A hand follows the rules model (:mod:`pyeval.rules`): antes,
blinds with the dead-button rule, the betting round of :class:`pyeval.rules.betting.Round`
(minimum raises, short all-ins that do not reopen the betting, pot limit, fixed limit with
a bet and three raises, no cap heads-up), side pots and odd chips to the first winner left
of the button.

This module is the tournament loop and its steps; the parts it calls live in modules of
their own: the button and blinds (:mod:`pyeval.sim.kernel.positions`), table moves
(:mod:`pyeval.sim.kernel.table_moves`), colour-ups and add-ons (:mod:`pyeval.sim.kernel.breaks`),
eliminations and places (:mod:`pyeval.sim.kernel.places`), the working arrays and inputs by name
(:mod:`pyeval.sim.kernel.work`), the button hand (:mod:`pyeval.sim.kernel.hand`). It holds no
Python-level API; see :mod:`pyeval.sim.engine.engine`.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import borrow
from pyeval.jit.numba_rng import seed_stream, uniform
from pyeval.sim.kernel import (
    entries,  # late registration and re-entry
    extras,  # late players, add-ons, two stages
)
from pyeval.sim.kernel.hand import play_button_hand
from pyeval.sim.kernel.kernel_games import button_models
from pyeval.sim.kernel.layout import (
    ANTE_EACH,
    C_ANTE_HU_STOP,
    C_DEBUG,
    C_FINAL_START,
    C_FIRST_TURN_ONLY,
    C_FORMAT,
    C_LEVEL_CLOCK,
    C_MAX_HANDS,
    C_N_ROT_STUD,
    C_N_ROTATION,
    C_PLAYERS,
    C_REBUY_CHIPS,
    C_REBUY_MAX,
    C_REBUY_UNTIL,
    C_REC_HANDS,
    C_REC_STRIDE,
    C_REC_TOURN,
    C_RESTART_LEVELS,
    C_SEATS,
    ERR_CHIPS,
    ERR_FAMILY,
    ERR_NONE,
    ERR_SAFETY_STOP,
    F_MINUTES_PER_HAND,
    F_REBUY_P,
    G_DC_STUD,
    G_DEALERS_CHOICE,
    LEVEL_CLOCK_ALIGNED,
    LEVEL_CLOCK_ALL_TABLES,
    LEVEL_CLOCK_TABLE,
    LS_CHIPS,
    LS_PLAYERS,
    LS_START,
    LS_TABLES,
    LV_ANTE,
    LV_ANTE_BY,
    LV_BB,
    LV_BET,
    LV_BIG_BET,
    LV_BRING,
    LV_GAME,
    LV_SB,
    LV_SMALL_BET,
    MP_DEPTH_M,
    R_ADDONS,
    R_ERROR,
    R_FT_HANDS,
    R_HANDS,
    R_LEVEL,
    R_REBUYS,
    R_TABLES,
    REC_ANTE,
    REC_ANTE_BY,
    REC_BB,
    REC_BB_SEAT,
    REC_BETTING,
    REC_BIG_BET,
    REC_BRING,
    REC_BUTTON,
    REC_FIRST_TURN,
    REC_GAME,
    REC_HAND,
    REC_LEVEL,
    REC_SB,
    REC_SB_SEAT,
    REC_SEATS,
    REC_SMALL_BET,
    REC_TABLE,
    REC_TOURN,
    RF_DURATION,
    RF_FT_TIME,
    RF_PLAY_MINUTES,
)
from pyeval.sim.kernel.levels import (
    Clock,
    advance_levels_if,
    align_tables,
    aligned_break_if,
    level_stats,
    table_level_if,
)
from pyeval.sim.kernel.places import _finish, _place_busted
from pyeval.sim.kernel.positions import next_occ, positions, prev_occ
from pyeval.sim.kernel.slots import (
    F_DUNIT,
    H_ANTE_BY_IN,
    H_ANTE_IN,
    H_BB_IN,
    H_BETTING,
    H_BIG_BET,
    H_BRING_IN,
    H_DEAD,
    H_FIRST_TURN_ONLY,
    H_GAME,
    H_SB_IN,
    H_SMALL_BET,
    I_MODEL,
)
from pyeval.sim.kernel.table_moves import (
    _draw_seats,
    _rebalance,
    tables_to_move,
    worst_seat,
)
from pyeval.sim.kernel.variants.facts import FACTS, FAMILY
from pyeval.sim.kernel.variants.family import play_other_if
from pyeval.sim.kernel.variants.hooks import is_variant, variant_dealt
from pyeval.sim.kernel.work import reset_work

__all__ = ["next_occ", "positions", "prev_occ", "run_serial", "worst_seat"]

# --------------------------------------------------------------------------------------
# the steps of a tournament, inlined into the loop (each is small and called once:
# compiled apart, each would cost a library and wrappers of its own, and every library
# level above the hand re-optimises the whole hand again, see bench/RESULTS.md). The small
# ones by Numba (``inline="always"``); [speed] those with inlined steps of their own
# (start_tournament, set_stakes, record_row, rebuys_and_busts, advance_levels,
# start_final_stage, balance_tables) are link-only functions LLVM inlines
# (``linked(forceinline=True)``): copied into play_tournament's IR by Numba, they were
# inlined, typed and lowered again there (play_tournament 8.2-10 s of a first compile)


@linked(cache=True, forceinline=True, error_model="numpy")
def start_tournament(k, ti, seed, w, tb, out, ent, late):
    """Tournament ``ti`` from scratch into row ``k``: its random stream, the seat draw, the
    starting stacks and models, the first level's figures. Returns the number of tables."""
    cfg = tb.cfg
    P = cfg[C_PLAYERS]
    S = cfg[C_SEATS]
    seed_stream(w.st, seed, ti)
    NT = (P + S - 1) // S
    reset_work(w)
    P0, NT0 = entries.first_field_if(ent, P, S, NT)    # [entries] late entrants later
    _draw_seats(w, tb, P0, NT0)
    extras.draw_arrivals_if(late, cfg, tb.cfgf, w.st, w.arrive)    # [late players]
    lstats = out.lstats
    for lvl in range(tb.lv.shape[0]):
        lstats[k, lvl, LS_START] = -1.0
        lstats[k, lvl, LS_PLAYERS] = 0.0
    lstats[k, 0, LS_PLAYERS] = P
    lstats[k, 0, LS_CHIPS] = tb.starts.sum()
    lstats[k, 0, LS_TABLES] = NT
    lstats[k, 0, LS_START] = 0.0
    out.res_i[k, R_TABLES] = NT
    return NT


@numba.njit(cache=True, inline="always", error_model="numpy")
def next_table(w, NT):
    """The table to deal next: the earliest clock among tables with two players or more,
    not waiting at a break for the others (-1: none)."""
    # np.int64, not the literal -1: the first round of type inference would otherwise
    # compile the table moves once more for a table typed Literal[int](-1)
    t = np.int64(-1)
    for q in range(NT + 1):
        if w.tbl_on[q] and w.tbl_n[q] >= 2 and not w.tbl_wait[q]:
            if t < 0 or w.tbl_t[q] < w.tbl_t[t]:
                t = q
    return t


@numba.njit(cache=True, inline="always", error_model="numpy")
def hand_game(tb, level, hand_at_table):
    """The game of a table's next hand: the level's, or under dealer's choice the next of
    the rotation."""
    game = tb.lv[level, LV_GAME]
    cfg = tb.cfg
    if game == G_DEALERS_CHOICE:
        # [variants] the button names the game of each hand: the rotation in turn
        game = tb.rotation[hand_at_table % cfg[C_N_ROTATION]]
    elif game == G_DC_STUD:
        game = tb.rotation[cfg[C_N_ROTATION] + hand_at_table % cfg[C_N_ROT_STUD]]
    return game


@linked(cache=True, forceinline=True, error_model="numpy")
def set_stakes(w, tb, level, game, row, n_here):
    """The hand's stakes and game into ``w.HS``; each seat's model and unit of depth (a big
    blind, or M / 1.5 for the models that count in M) into ``w.SI`` / ``w.SF``, and its
    stack at the start of the hand into ``w.start_stack``. Returns the ante."""
    lv = tb.lv
    sb_amt = lv[level, LV_SB]
    bb_amt = lv[level, LV_BB]
    ante = lv[level, LV_ANTE]
    if tb.cfg[C_ANTE_HU_STOP] == 1 and n_here == 2:
        ante = 0
    ante_by = lv[level, LV_ANTE_BY]
    # M: a big-blind or button ante is one ante for the table
    unit_m = (sb_amt + bb_amt + (n_here if ante_by == ANTE_EACH else 1) * ante) / 1.5
    unit_bb = float(bb_amt)
    if unit_m <= 0:
        unit_m = 1.0
    if unit_bb <= 0:
        unit_bb = 1.0
    for s in range(tb.cfg[C_SEATS]):
        p = row[s]
        if p >= 0:
            m = w.models[p]
            w.SI[I_MODEL, s] = m
            w.SF[F_DUNIT, s] = unit_m if tb.mp[m, MP_DEPTH_M] > 0 else unit_bb
            w.start_stack[s] = w.stack[p]
        else:
            w.start_stack[s] = 0
    HS = w.HS
    HS[H_SB_IN] = sb_amt
    HS[H_BB_IN] = bb_amt
    HS[H_ANTE_IN] = ante
    HS[H_ANTE_BY_IN] = ante_by
    HS[H_DEAD] = 0
    HS[H_BETTING] = lv[level, LV_BET]
    HS[H_SMALL_BET] = lv[level, LV_SMALL_BET]
    HS[H_BIG_BET] = lv[level, LV_BIG_BET]
    HS[H_GAME] = game
    HS[H_BRING_IN] = lv[level, LV_BRING]
    HS[H_FIRST_TURN_ONLY] = tb.cfg[C_FIRST_TURN_ONLY]
    return ante


@numba.njit(cache=True, inline="always", error_model="numpy")
def record_header(rrow, tb, ti, hands, t, level, pos, game, ante):
    """The recorded hand's header into the record row ``rrow``: tournament ``ti``, hand
    ``hands``, table ``t``, the level ``level`` of ``tb.lv`` and its stakes (with the
    hand's ``ante``), seats and the positions ``pos`` (button, small blind, big blind;
    none in a stud game or the draw), the ``game`` and whether raises are on a player's
    first turn only (``tb.cfg``)."""
    lv = tb.lv
    S = tb.cfg[C_SEATS]
    first_turn = tb.cfg[C_FIRST_TURN_ONLY]
    b, sbs, g = pos
    is_stud = FACTS[game, FAMILY] != 0
    rrow[:] = -1
    rrow[REC_TOURN] = ti
    rrow[REC_HAND] = hands
    rrow[REC_LEVEL] = level + 1
    rrow[REC_SEATS] = S
    rrow[REC_BUTTON] = b
    rrow[REC_TABLE] = t
    rrow[REC_SB_SEAT] = sbs
    rrow[REC_BB_SEAT] = g
    rrow[REC_SB] = lv[level, LV_SB]
    rrow[REC_BB] = lv[level, LV_BB]
    rrow[REC_ANTE] = ante
    rrow[REC_ANTE_BY] = lv[level, LV_ANTE_BY]
    rrow[REC_BETTING] = lv[level, LV_BET]
    rrow[REC_GAME] = game
    rrow[REC_SMALL_BET] = lv[level, LV_SMALL_BET]
    rrow[REC_BIG_BET] = lv[level, LV_BIG_BET]
    rrow[REC_FIRST_TURN] = first_turn
    if is_stud:
        rrow[REC_SB_SEAT] = -1
        rrow[REC_BB_SEAT] = -1
        rrow[REC_BRING] = lv[level, LV_BRING]


@numba.njit(cache=True, inline="always", error_model="numpy")
def move_button(w, t, n_here, b, sbs, g):
    """What the table's next hand's positions follow: this big blind, and the seat this
    small blind stood for."""
    if n_here == 2:
        w.tbl_psb[t] = b
    elif w.tbl_first[t]:
        w.tbl_psb[t] = sbs
    else:
        w.tbl_psb[t] = w.tbl_pbb[t]
    w.tbl_first[t] = False
    w.tbl_pbb[t] = g


@linked(cache=True, forceinline=True, error_model="numpy")
def rebuys_and_busts(w, tb, row, level, stage, ent):
    """After a hand: each player left with nothing rebuys (while rebuys are open, at the
    model's rate) or is out; the seats of those out go to ``w.grp``. Returns (how many are
    out, chips bought, rebuys)."""
    cfg = tb.cfg
    nb = np.int64(0)
    added = 0
    n_rebuys = 0
    for s in range(cfg[C_SEATS]):
        p = row[s]
        if p >= 0 and w.stack[p] == 0:
            if (cfg[C_REBUY_UNTIL] > 0 and level + 1 <= cfg[C_REBUY_UNTIL] and stage == 1
                    and (cfg[C_REBUY_MAX] < 0 or w.rebuys_used[p] < cfg[C_REBUY_MAX])
                    and uniform(w.st) < tb.cfgf[F_REBUY_P]):
                w.stack[p] = cfg[C_REBUY_CHIPS]
                added += cfg[C_REBUY_CHIPS]
                w.rebuys_used[p] += 1
                n_rebuys += 1
                continue
            if entries.re_enter_if(ent, p, level):     # [entries] a new entry
                added += w.stack[p]
                continue
            w.grp[nb] = s
            nb += 1
    return nb, added, n_rebuys


@numba.njit(cache=True, inline="always", error_model="numpy")
def chips_in_play(stack, P):
    """Every player's chips (the debug check against the chips the tournament holds)."""
    tot = 0
    for p in range(P):
        tot += stack[p]
    return tot


@linked(cache=True, forceinline=True, error_model="numpy")
def start_final_stage(two, w, tb, NT, level, level_start, level_hands):
    """Two stages: every first-round table is down to its winner; they start the final
    table with fresh chips (the levels again from the first when the structure says so).
    Returns (the time, chips in play, level, its start, its hands)."""
    cfg = tb.cfg
    now, total_chips = extras.start_final_table_if(two, w, NT, cfg[C_SEATS],
                                                   cfg[C_FINAL_START])
    if cfg[C_RESTART_LEVELS] == 1:
        level = 0
        level_start = now
        level_hands = 0
    align_tables(w, NT, level, now)
    return now, total_chips, level, level_start, level_hands


@linked(cache=True, forceinline=True, error_model="numpy")
def record_row(w, tb, out, k, ti, n_rec, hands, t, tl, pos, game, ante):
    """Whether hand ``hands`` of tournament ``ti`` is recorded (the first tournaments'
    every stride-th hand, up to the limit), and the row its record goes to, its header
    written (:func:`record_header`; ``w.rec_dummy`` when it is not recorded)."""
    cfg = tb.cfg
    rec_on = (ti < cfg[C_REC_TOURN] and n_rec < cfg[C_REC_HANDS]
              and hands % cfg[C_REC_STRIDE] == 0)
    if rec_on:
        rrow = out.rec[k * cfg[C_REC_HANDS] + n_rec]
        record_header(rrow, tb, ti, hands, t, tl, pos, game, ante)
    else:
        rrow = w.rec_dummy
    return rec_on, rrow


@numba.njit(cache=True, inline="always", error_model="numpy")
def other_hand(games, w, ev, tabs, S, row, pos, rrow, rec_on):
    """A stud or draw hand at the table of ``row`` (:func:`play_other_if`; negative: the
    kernel was compiled without its family)."""
    b, sbs, g = pos
    return play_other_if(games, (S, row, w.stack, b, sbs, g, w.HS, w.SI, w.SB, w.SF, w.HF,
                                 w.hole, w.board, w.buf, w.deck, w.st, ev, tabs, rrow, rec_on))


@numba.njit(cache=True, inline="always", error_model="numpy")
def table_clock(w, tb, t, now, n_here, clock_mode, level_hands, last_end):
    """Table ``t``'s clocks after its hand: its hands in the level, the hands that count
    for the level (``level_hands``), the hand's end (its minutes by the number of players)
    and the latest end so far. Returns (end, level hands, latest end)."""
    w.tbl_lh[t] += 1
    if clock_mode == LEVEL_CLOCK_ALL_TABLES:
        level_hands += 1            # hands dealt anywhere
    elif w.tbl_lh[t] > level_hands:
        level_hands = w.tbl_lh[t]
    kk = n_here if n_here < 16 else 15
    end_t = now + tb.cfgf[F_MINUTES_PER_HAND + kk]
    w.tbl_t[t] = end_t
    if end_t > last_end:
        last_end = end_t
    return end_t, level_hands, last_end


@numba.njit(cache=True, inline="always", error_model="numpy")
def place_out(w, out, k, t, b, nb, n_alive, last_elim, hands, when):
    """The ``nb`` players out (seats in ``w.grp``) placed, clockwise from the button ``b``,
    at ``when`` (never before the previous elimination). Returns (players left, the time of
    the last elimination)."""
    if nb > 0:
        # the clock of eliminations: hands are dealt in order of their start, a hand at
        # another table may end a little earlier; places follow the order of play, so
        # an elimination is never stamped before the previous one
        if when > last_elim:
            last_elim = when
        _place_busted(w, out, k, t, b, nb, n_alive, last_elim, hands)
        n_alive -= nb
    return n_alive, last_elim


@linked(cache=True, forceinline=True, error_model="numpy")
def balance_tables(w, cfg, NT, t, nb, draws, n_tables, ft_time, end_t, brk):
    """Between hands: break and balance the tables; when the final table forms, its time
    (``ft_time``) and its start when its last hand ends. Returns (tables, final table
    time)."""
    if n_tables > 1 and tables_to_move(w, NT, cfg):
        n_tables = _rebalance(w, cfg, NT + 1, t, nb, draws)
        if n_tables == 1 and ft_time < 0:
            ft_time = end_t + brk
            # the final table starts when its last hand ends
            for q in range(NT + 1):
                if w.tbl_on[q]:
                    w.tbl_t[q] = max(w.tbl_t[q], end_t)
    return n_tables, ft_time


@numba.njit(cache=True, inline="always", error_model="numpy")
def store_results(out, k, hands, level, ft_hands, n_rebuys, n_addons, err, last_end, brk,
                  ft_time):
    """Tournament ``k``'s counts and times into ``out.res_i`` / ``out.res_f``."""
    res_i = out.res_i
    res_i[k, R_HANDS] = hands
    res_i[k, R_LEVEL] = level + 1
    res_i[k, R_FT_HANDS] = ft_hands
    res_i[k, R_REBUYS] = n_rebuys
    res_i[k, R_ADDONS] = n_addons
    res_i[k, R_ERROR] = err
    out.res_f[k, RF_DURATION] = last_end + brk
    out.res_f[k, RF_FT_TIME] = ft_time
    out.res_f[k, RF_PLAY_MINUTES] = last_end


# --------------------------------------------------------------------------------------
# the tournament


# Compiled as a call of its own, not inlined into run_serial: inlining its 277 IR blocks
# cost 3.8 s of Numba's inline pass (inline_ir deep-copies the callee block by block, the
# whole variable scope once per block), for one call per tournament (bench/RESULTS.md,
# "Where the hold'em kernel's cold compile goes"). It borrows its arrays itself: borrowed
# in the caller and passed in, their null owners are no longer constants here, and every
# per-hand call would test and count them again (30 % slower steady, measured).
@linked(cache=True, error_model="numpy")
def play_tournament(k, ti, seed, own, tables, evt, outs, games, ent_work, feat, button_on):
    """Play tournament ``ti`` into row ``k`` of ``outs``: an event loop that deals the next
    hand at the table whose clock is earliest, with the level changes, the eliminations and
    the table moves between hands (see the module's docstring). ``own``: the working
    arrays (:func:`pyeval.sim.kernel.work.make_work`); ``button_on``:
    :func:`pyeval.sim.kernel.kernel_games.button_models` of ``games`` (None: no button hand is
    compiled); the rest as :func:`run_serial`'s."""
    # every array below is borrowed (no owner, see numba_mem.borrow): the per-hand calls
    # pass a dozen of them, which would otherwise each cost an atomic reference count in
    # and out (and the shared tables' counts bounce between the threads' cores)
    w = borrow(own)
    tb = borrow(tables)
    ev = borrow(evt)
    out = borrow(outs)
    # [entries] None, or the switch with them
    draws = (feat.fair_blinds, feat.random_draw, feat.card_draw)   # the seating draws
    ent = entries.bind_if(ent_work, w, tb, out, draws)
    late = feat.late_players    # [late players] None, or the switch
    cfg = tb.cfg
    lv = tb.lv
    P = cfg[C_PLAYERS]
    S = cfg[C_SEATS]
    L = lv.shape[0]
    NT = start_tournament(k, ti, seed, w, tb, out, ent, late)
    tabs = (tb.pf_class, tb.pf_top, tb.pf_eq, tb.omaha_tab, tb.mp, tb.push_tab, tb.open_tab,
            tb.stud_tab, tb.vtab)
    debug = cfg[C_DEBUG] == 1
    max_hands = cfg[C_MAX_HANDS]
    n_alive = P
    total_chips = tb.starts.sum()
    level = np.int64(0)    # not the literal 0: one compile of the steps it is passed to
    level_start = 0.0      # minutes of play
    level_hands = np.int64(0)
    brk = 0.0              # break minutes before the current level
    hands = np.int64(0)
    ft_hands = 0
    n_rebuys = 0
    n_addons = 0
    err = ERR_NONE
    n_tables = NT
    # [entries] without the late entrants still to come
    total_chips, n_tables = entries.start_if(ent, k, total_chips, n_tables)
    ft_time = 0.0 if n_tables == 1 else -1.0     # the final table's start (-1: not yet)
    stage = 0 if cfg[C_FORMAT] == 1 else 1
    n_rec = np.int64(0)
    last_end = 0.0
    last_elim = 0.0
    clock_mode = cfg[C_LEVEL_CLOCK]
    own_clock = clock_mode == LEVEL_CLOCK_TABLE or clock_mode == LEVEL_CLOCK_ALIGNED
    while True:
        t = next_table(w, NT)
        seated, total_chips, n_tables, ft_time = entries.seat_late_if(  # [entries]
            ent, t, brk, level, NT, total_chips, n_tables, ft_time)
        if seated:                                                           # [entries]
            continue                                                         # [entries]
        if t < 0 and clock_mode == LEVEL_CLOCK_ALIGNED:
            # [level clocks] every table has finished the level before the break: the
            # break, then all tables start the next level together
            taken, (level, brk, n_alive, last_elim, total_chips, n_addons) = aligned_break_if(
                feat.level_clocks, (k, NT, w, tb, out, feat), hands,
                (level, brk, n_alive, last_elim, total_chips, n_addons))
            if taken:
                continue
        if t < 0:
            if stage == 0:
                stage = 1       # two stages: the first round's winners to the final table
                now, total_chips, level, level_start, level_hands = start_final_stage(
                    feat.two_stages, w, tb, NT, level, level_start, level_hands)
                ft_time = now + brk
                n_tables = 1
                continue
            break
        now = w.tbl_t[t]
        # ---- level changes (by the clock of play, or by hands dealt; each table's own
        # clock of hands is kept after its hands, below)
        if not own_clock:
            (level, level_start, level_hands, brk, n_alive, last_elim, total_chips,
             n_addons) = advance_levels_if(feat.shared_clock, k, NT, now, hands, Clock(
                level, level_start, level_hands, brk, n_alive, last_elim, total_chips,
                n_addons), w, tb, out, feat)
        # ---- the hand
        row = w.seat_pl[t]
        n_here = w.tbl_n[t]
        tl = w.tbl_lv[t] if own_clock else level    # the level of the table's hand
        pos = positions(row, S, n_here, w.tbl_pbb[t], w.tbl_psb[t], w.tbl_first[t])
        b, sbs, g = pos
        game = hand_game(tb, tl, w.tbl_hc[t])
        w.tbl_hc[t] += 1
        is_stud = FACTS[game, FAMILY] != 0     # [variants] a stud game or the draw
        if not is_stud and is_variant(game) and not variant_dealt(games, game):
            err = ERR_FAMILY     # a variant in a kernel compiled without the hooks (engine bug)
            break
        ante = set_stakes(w, tb, tl, game, row, n_here)
        extras.mark_absent_if(late, w.HS, row, S, w.arrive, now + brk)    # [late players]
        rec_on, rrow = record_row(w, tb, out, k, ti, n_rec, hands, t, tl, pos, game, ante)
        if rec_on:
            n_rec += 1
        if is_stud:
            if other_hand(games, w, ev, tabs, S, row, pos, rrow, rec_on) < 0:
                err = ERR_FAMILY     # a stud or draw hand in a kernel without it (engine bug)
                break
        elif button_on is None:
            # [speed] decided by its type while compiling (Numba's dead-branch pruning): a
            # stud or draw kernel never compiles the button hand
            err = ERR_FAMILY     # a button hand in a stud or draw kernel (engine bug)
            break
        else:
            play_button_hand(w, tb, ev, row, pos, rrow, rec_on, games)
        move_button(w, t, n_here, b, sbs, g)
        hands += 1
        if n_tables == 1:
            ft_hands += 1
        end_t, level_hands, last_end = table_clock(w, tb, t, now, n_here, clock_mode,
                                                   level_hands, last_end)
        if debug and chips_in_play(w.stack, P) != total_chips:
            err = ERR_CHIPS
        # ---- eliminations (and rebuys)
        nb, added, n_reb = rebuys_and_busts(w, tb, row, tl, stage, ent)
        total_chips += added
        # [late players] past the cut-off, those not arrived leave play with their chips
        nb, gone = extras.after_hand_if(late, cfg, tb.cfgf, row, w.stack, w.arrive, w.grp, nb,
                                        w.HS, end_t + brk, rrow, rec_on)
        total_chips -= gone
        n_rebuys += n_reb
        n_alive, last_elim = place_out(w, out, k, t, b, nb, n_alive, last_elim, hands,
                                       end_t + brk)
        entries.reseat_if(ent, tl, end_t, NT, S)     # [entries] re-entries' new seats
        if n_alive <= 1 and stage == 1:
            break
        if hands >= max_hands:
            err = ERR_SAFETY_STOP
            break
        if own_clock:
            # [level clocks] the table's own level after its hands (the first table into a
            # level starts the tournament's)
            nl = table_level_if(feat.level_clocks, w, lv, t, L, clock_mode)
            if nl > level:
                level = nl
                level_stats(k, NT, level, end_t + brk, n_alive, total_chips, w, out.lstats)
        if stage == 1:      # ---- between hands: break and balance the tables
            n_tables, ft_time = balance_tables(w, cfg, NT, t, nb, draws, n_tables, ft_time,
                                               end_t, brk)
    # ---- the winner (or, after a safety stop, the rest by chips)
    _finish(w, out, k, P, n_alive, last_end + brk, last_elim, hands)
    store_results(out, k, hands, level, ft_hands, n_rebuys, n_addons, err, last_end, brk,
                  ft_time)
    entries.finish_if(ent, k)        # [entries]


@numba.njit(cache=True, nogil=True, error_model="numpy")
def run_serial(t0, n, seed, tables, ev, outs, games, ent, own, feat):
    """Play tournaments ``t0 .. t0 + n - 1`` (random streams from ``seed``) into rows
    ``0 .. n - 1`` of the output arrays on the calling thread, without the GIL:
    :mod:`pyeval.sim.engine.engine` runs one block of tournaments per thread (views of the
    outputs), Dask workers one chunk per task.

    ``tables`` (:class:`pyeval.sim.kernel.work.Tables`): the specification's levels, settings,
    models and strength tables, read only. ``ev``: the evaluator's tables
    (:func:`pyeval.jit.numba_ext.high_inline`'s). ``outs`` (:class:`pyeval.sim.kernel.work.Outs`): the
    results, one row per tournament, and the recorded hands. ``games``: the kernel's marker,
    whose type chooses the hands compiled into it (:mod:`pyeval.sim.kernel.kernel_games`: the
    button hand, the variants' hooks, the stud hand, the draw).
    ``ent``: ``None``, or late registration and re-entry's working arrays
    (:func:`pyeval.sim.kernel.entries.entry_work`; their steps compiled only then). ``own``: the
    working arrays of the block's tournaments (:func:`pyeval.sim.kernel.work.make_work`, one set
    per thread; play_tournament borrows them, and this call keeps them alive). ``feat``
    (:class:`pyeval.sim.kernel.features.Features`): which of the rarer steps are compiled in
    (late players, add-ons and two stages: :mod:`pyeval.sim.kernel.extras`; colour-ups; the sheets'
    break and card draws), each ``True``, or ``None`` for a kernel without it."""
    button_on = button_models(games)
    for k in range(n):
        play_tournament(k, t0 + k, seed, own, tables, ev, outs, games, ent, feat, button_on)
