"""The level changes of a tournament in the kernel: when a level ends, what its start does
(colour-ups, add-ons), the figures kept at each start, and the tables' own level clocks.

Levels counted in hands at each table (``cfg[C_LEVEL_CLOCK]`` 1 or 2) are a switch of the
kernel (``level_clocks`` of :class:`pyeval.sim.kernel.features.Features`): the two hooks
below, :func:`aligned_break_if` and :func:`table_level_if`, are their steps where it is
``True`` and compile to nothing where it is ``None`` (a structure with one clock for every
table never takes them), in the same pattern as :mod:`pyeval.sim.kernel.extras`; one clock
for every table is the other switch (``shared_clock``, :func:`advance_levels_if`), which a
structure of the tables' own clocks never takes. Jitted code only; the functions are inlined
into :func:`pyeval.sim.kernel.kernel.play_tournament`.

>>> import numpy as np
>>> from pyeval.sim.kernel.layout import LV_COLS, LV_HANDS, LV_MIN
>>> lv = np.zeros((2, LV_COLS)); lv[0, LV_MIN] = 20; lv[1, LV_HANDS] = 6
>>> level_due(lv, 0, 0.0, 0, 25.0), level_due(lv, 1, 20.0, 6, 31.0)
((True, 20.0), (True, 31.0))
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba import types
from numba.extending import overload

from pyeval.jit.numba_linked import INTERNAL, LINKED_INLINE, linked
from pyeval.sim.kernel import extras
from pyeval.sim.kernel.features import colour_up_if
from pyeval.sim.kernel.layout import (
    C_ADDON_CHIPS,
    C_ADDON_PER,
    C_SEATS,
    F_ADDON_P,
    LEVEL_CLOCK_ALIGNED,
    LS_CHIPS,
    LS_PLAYERS,
    LS_START,
    LS_TABLES,
    LV_ADDON,
    LV_BREAK,
    LV_CU_UNIT,
    LV_HANDS,
    LV_MIN,
)

__all__ = [
    "Clock",
    "advance_levels_if",
    "align_tables",
    "aligned_break_if",
    "level_due",
    "level_stats",
    "start_level",
    "table_level_if",
]


@numba.njit(cache=True, inline="always", error_model="numpy")
def level_due(lv, level, level_start, level_hands, now):
    """Whether ``level`` is over at ``now`` (by its minutes of play, or by the hands dealt
    at the busiest table, or anywhere: ``level_hands``), and when the next one starts (one
    clock for every table; each table's own: :func:`table_level_if`)."""
    if lv[level, LV_MIN] > 0:
        end = level_start + lv[level, LV_MIN]
        if now >= end:
            return True, end
        return False, now
    return level_hands >= lv[level, LV_HANDS], now


@numba.njit(cache=True, inline="always", error_model="numpy")
def align_tables(w, NT, level, rel):
    """After the break: every table in ``level``, none waiting, its hands counted afresh
    (:func:`start_level`), its clock at least ``rel``."""
    for q in range(NT + 1):
        w.tbl_wait[q] = False
        w.tbl_lv[q] = level
        if w.tbl_on[q] and w.tbl_t[q] < rel:
            w.tbl_t[q] = rel


@numba.njit(cache=True, inline="always", error_model="numpy")
def start_level(k, NT, level, now, brk, n_alive, last_elim, hands, w, tb, out, feat):
    """The start of ``level``: the colour-up with a chip race at every table, then the
    add-on of the break before it (each compiled only where ``feat``, the kernel's
    :class:`pyeval.sim.kernel.features.Features`, has it). Returns (players left, the clock
    of the last elimination, chips added, add-ons)."""
    S = tb.cfg[C_SEATS]
    for q in range(NT + 1):
        w.tbl_lh[q] = 0
    if tb.lv[level, LV_CU_UNIT] > 0:
        n_alive, last_elim = colour_up_if(feat.colour_up, w, out, k, tb.lv, level, NT, S,
                                          n_alive, now + brk, last_elim, hands)
    added = 0
    n_add = 0
    if tb.lv[level, LV_ADDON] == 1:
        added, n_add = extras.add_ons_if(feat.add_ons, w, NT, S, tb.cfg[C_ADDON_PER],
                                         tb.cfg[C_ADDON_CHIPS], tb.cfgf[F_ADDON_P])
    return n_alive, last_elim, added, n_add


@numba.njit(cache=True, inline="always", error_model="numpy")
def level_stats(k, NT, level, start, n_alive, total_chips, w, lstats):
    """The figures of a level at its start: players, chips, tables in play, the clock."""
    nt_on = 0
    for q in range(NT + 1):
        if w.tbl_on[q] and w.tbl_n[q] > 0:
            nt_on += 1
    lstats[k, level, LS_PLAYERS] = n_alive
    lstats[k, level, LS_CHIPS] = total_chips
    lstats[k, level, LS_TABLES] = nt_on
    lstats[k, level, LS_START] = start


# ---- one level clock for every table (the switch ``shared_clock``)

class Clock(NamedTuple):
    """The tournament's clock and counts that a change of level moves (:func:`advance_levels`)."""

    level: int              # the current level (an index into the levels)
    level_start: float      # its start, in minutes of play
    level_hands: int        # hands dealt in it
    brk: float              # break minutes before it
    n_alive: int            # players left
    last_elim: float        # the time of the last elimination
    total_chips: int        # chips in play
    n_addons: int           # add-ons taken


@linked(cache=True, forceinline=True, error_model="numpy")
def advance_levels(k, NT, now, hands, c, w, tb, out, feat):
    """The levels due at ``now`` (by the clock of play, or by hands dealt), each started in
    turn: its break before it, add-ons and colour-ups, its figures in ``out.lstats``. ``c``:
    the :class:`Clock` before; returns the one after."""
    lv = tb.lv
    level, level_start, level_hands, brk, n_alive, last_elim, total_chips, n_addons = c
    while level < lv.shape[0] - 1:
        advance, nxt_start = level_due(lv, level, level_start, level_hands, now)
        if not advance:
            break
        brk += lv[level, LV_BREAK]
        level += 1
        level_start = nxt_start
        level_hands = 0
        n_alive, last_elim, added, n_add = start_level(k, NT, level, now, brk, n_alive,
                                                       last_elim, hands, w, tb, out, feat)
        total_chips += added
        total_chips = extras.race_rounding_if(feat.late_players, tb.cfg, lv[level, LV_CU_UNIT],
                                              NT, total_chips, w.stack)     # [late players]
        n_addons += n_add
        level_stats(k, NT, level, level_start + brk, n_alive, total_chips, w, out.lstats)
    return Clock(level, level_start, level_hands, brk, n_alive, last_elim, total_chips, n_addons)


# ---- each table's own level clock (the switch ``level_clocks``)

@numba.njit(cache=True, inline="always", error_model="numpy")
def table_level_after_hand(w, lv, t, L, clock_mode):
    """Each table's own level clock (``cfg[C_LEVEL_CLOCK]`` 1 or 2, the first sheet's levels
    of "6 hands" at each table): after a hand at table ``t``, the level ends once the table
    has dealt the level's hands; at a level followed by a break (2: the tables re-align
    there) the table waits instead, until every table has got there. Returns the table's
    new level (-1: no change)."""
    tl = w.tbl_lv[t]
    if tl >= L - 1 or w.tbl_lh[t] < lv[tl, LV_HANDS]:
        return np.int64(-1)
    if clock_mode == LEVEL_CLOCK_ALIGNED and lv[tl, LV_BREAK] > 0:
        w.tbl_wait[t] = True
        return np.int64(-1)
    w.tbl_lv[t] = tl + 1
    w.tbl_lh[t] = 0
    return tl + 1


@numba.njit(cache=True, inline="always", error_model="numpy")
def break_release(w, NT):
    """When every table able to deal waits at the break: the latest clock among the
    waiting tables (the break starts when the last table finishes its level), or -1.0 when
    no table waits."""
    rel = -1.0
    for q in range(NT + 1):
        if w.tbl_on[q] and w.tbl_wait[q] and w.tbl_t[q] > rel:
            rel = w.tbl_t[q]
    return rel


@numba.njit(cache=True, inline="always", error_model="numpy")
def aligned_break(at, hands, state):
    """[level clocks] The break where every table waits (``cfg[C_LEVEL_CLOCK]`` 2), if it is
    due: it starts when the last table finishes its level, then all tables start the next
    level together. ``at``: ``(k, NT, w, tb, out, feat)``; ``state``: the tournament's
    ``(level, brk, n_alive, last_elim, total_chips, n_addons)``. Returns (whether the break
    was taken, the state after it)."""
    k, NT, w, tb, out, feat = at
    level, brk, n_alive, last_elim, total_chips, n_addons = state
    rel = break_release(w, NT)
    if rel < 0.0:
        return False, state
    brk += tb.lv[level, LV_BREAK]
    level += 1
    align_tables(w, NT, level, rel)
    n_alive, last_elim, added, n_add = start_level(k, NT, level, rel, brk, n_alive, last_elim,
                                                   hands, w, tb, out, feat)
    total_chips += added
    total_chips = extras.race_rounding_if(feat.late_players, tb.cfg, tb.lv[level, LV_CU_UNIT],
                                          NT, total_chips, w.stack)
    n_addons += n_add
    level_stats(k, NT, level, rel + brk, n_alive, total_chips, w, out.lstats)
    return True, (level, brk, n_alive, last_elim, total_chips, n_addons)


def advance_levels_if(on, k, NT, now, hands, c, w, tb, out, feat):
    """:func:`advance_levels`; ``c`` unchanged in a kernel without one clock for every table
    (never asked there: each table keeps its own). Jitted code only."""
    raise TypeError("advance_levels_if is called from compiled kernels only")


def aligned_break_if(on, at, hands, state):
    """:func:`aligned_break`; ``(False, state)`` in a kernel without the tables' own level
    clocks (never asked there: one clock for every table). Jitted code only."""
    raise TypeError("aligned_break_if is called from compiled kernels only")


def table_level_if(on, w, lv, t, L, clock_mode):
    """:func:`table_level_after_hand`; -1 (no change) in a kernel without the tables' own
    level clocks. Jitted code only."""
    raise TypeError("table_level_if is called from compiled kernels only")


def _off(on) -> bool:
    return isinstance(on, (types.NoneType, types.Omitted))


@overload(advance_levels_if, jit_options=LINKED_INLINE)
def _advance_levels_if(on, k, NT, now, hands, c, w, tb, out, feat):
    if _off(on):
        return lambda on, k, NT, now, hands, c, w, tb, out, feat: c
    return (lambda on, k, NT, now, hands, c, w, tb, out, feat:
            advance_levels(k, NT, now, hands, c, w, tb, out, feat))


@overload(aligned_break_if, jit_options=INTERNAL)
def _aligned_break_if(on, at, hands, state):
    if _off(on):
        return lambda on, at, hands, state: (False, state)
    return lambda on, at, hands, state: aligned_break(at, hands, state)


@overload(table_level_if, jit_options=INTERNAL)
def _table_level_if(on, w, lv, t, L, clock_mode):
    if _off(on):
        return lambda on, w, lv, t, L, clock_mode: np.int64(-1)
    return (lambda on, w, lv, t, L, clock_mode:
            table_level_after_hand(w, lv, t, L, clock_mode))
