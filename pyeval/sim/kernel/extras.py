"""The rarer rules of a structure, compiled into the kernel only where used: late players
(:mod:`pyeval.sim.kernel.arrivals`), add-ons (:func:`pyeval.sim.kernel.breaks._add_ons`) and the
two-stage "table winners" format (:func:`pyeval.sim.kernel.table_moves._start_final_table`).

The kernel calls each step through a ``*_if`` hook with a switch ``on``: ``True`` for a
structure that uses that rule (:func:`uses_extras`, each rule its own switch of
:class:`pyeval.sim.kernel.features.Features`: ``late_players``, ``add_ons``,
``two_stages``; the engine turns all three on with late registration, so that it adds one
kernel variant, not several), and then the hook is the step; ``None`` for one that does not
use it, and then the hook is what the step does in such a structure anyway (no late player
is drawn, nobody is absent, no add-on is bought, the single field never starts a final
stage), and the step's code is not compiled into that kernel at all. The same pattern as
the kernel's game families (:mod:`pyeval.sim.kernel.kernel_games`) and late registration
(:mod:`pyeval.sim.kernel.entries`): the three steps cost the first hold'em simulation about
2.5 s of its cold compile (bench/RESULTS.md, "The frame-stack chunks"), the add-ons and two
stages a structure with late players only about 1.5 s ("The stud example's first
simulation"); every result is the same either way (bench/sim_identity_record.py).

>>> import numpy as np
>>> from pyeval.sim.kernel.layout import C_FORMAT, C_LATE, CFG_COLS, LV_ADDON, LV_COLS
>>> cfg = np.zeros(CFG_COLS, np.int64); lv = np.zeros((3, LV_COLS), np.int64)
>>> uses_extras(cfg, lv)
Extras(late_players=False, add_ons=False, two_stages=False)
>>> lv[2, LV_ADDON] = 1
>>> uses_extras(cfg, lv)
Extras(late_players=False, add_ons=True, two_stages=False)
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import types
from numba.extending import overload

from pyeval.jit.numba_linked import INTERNAL, LINKED_INLINE
from pyeval.sim.kernel import arrivals
from pyeval.sim.kernel.breaks import _add_ons
from pyeval.sim.kernel.layout import C_FORMAT, C_LATE, LV_ADDON
from pyeval.sim.kernel.table_moves import _start_final_table

__all__ = ["ALL_EXTRAS", "Extras", "add_ons_if", "after_hand_if", "draw_arrivals_if",
           "mark_absent_if", "race_rounding_if", "start_final_table_if", "uses_extras"]


class Extras(NamedTuple):
    """Which of the rarer rules a specification uses (each a switch of the kernel)."""

    late_players: bool      # draw_arrivals_if, mark_absent_if, after_hand_if, race_rounding_if
    add_ons: bool           # add_ons_if
    two_stages: bool        # start_final_table_if


#: every rule on: the kernel of a structure with late registration
ALL_EXTRAS = Extras(True, True, True)


def uses_extras(cfg: np.ndarray, lv: np.ndarray) -> Extras:
    """Whether a specification (its ``cfg`` and levels ``lv``) has late players, an add-on,
    the two-stage format: each of the kernel's three switches is then ``True``, else
    ``None``."""
    return Extras(int(cfg[C_LATE]) != arrivals.LATE_NONE, bool((lv[:, LV_ADDON] == 1).any()),
                  int(cfg[C_FORMAT]) == 1)


def _off(on: object) -> bool:
    return isinstance(on, (types.NoneType, types.Omitted))


def draw_arrivals_if(on, cfg, cfgf, st, arrive):
    """:func:`pyeval.sim.kernel.arrivals.draw_arrivals`; nothing without late players (every
    arrival stays 0, as :func:`pyeval.sim.kernel.work.reset_work` left it). Jitted code only."""
    raise TypeError("draw_arrivals_if is called from compiled kernels only")


def mark_absent_if(on, HS, row, S, arrive, wall):
    """:func:`pyeval.sim.kernel.arrivals.mark_absent`; nothing without late players (nobody is
    absent: ``HS[H_ABSENT]`` stays 0). Jitted code only."""
    raise TypeError("mark_absent_if is called from compiled kernels only")


def after_hand_if(on, cfg, cfgf, row, stack, arrive, grp, nb, HS, wall, rrow, rec_on):
    """:func:`pyeval.sim.kernel.arrivals.after_hand`; ``(nb, 0)`` without late players (nobody
    leaves play, no absent seat's cards to take off the record). Jitted code only."""
    raise TypeError("after_hand_if is called from compiled kernels only")


def race_rounding_if(on, cfg, unit, NT, total, stack):
    """:func:`pyeval.sim.kernel.arrivals.race_rounding`; ``total`` without late players (as that
    function returns then). Jitted code only."""
    raise TypeError("race_rounding_if is called from compiled kernels only")


def add_ons_if(on, w, NT, S, per, chips, prob):
    """:func:`pyeval.sim.kernel.breaks._add_ons`; ``(0, 0)`` in a kernel without add-ons (never
    asked there: no level has one). Jitted code only."""
    raise TypeError("add_ons_if is called from compiled kernels only")


def start_final_table_if(on, w, NT, S, final_start):
    """:func:`pyeval.sim.kernel.table_moves._start_final_table`; ``(0.0, 0)`` in a kernel without
    the two-stage format (never asked there: a single field has no first stage). Jitted code
    only."""
    raise TypeError("start_final_table_if is called from compiled kernels only")


@overload(draw_arrivals_if, jit_options=INTERNAL)
def _draw_arrivals_if(on, cfg, cfgf, st, arrive):
    if _off(on):
        return lambda on, cfg, cfgf, st, arrive: None
    return lambda on, cfg, cfgf, st, arrive: arrivals.draw_arrivals(cfg, cfgf, st, arrive)


@overload(mark_absent_if, jit_options=LINKED_INLINE)
def _mark_absent_if(on, HS, row, S, arrive, wall):
    if _off(on):
        return lambda on, HS, row, S, arrive, wall: None
    return lambda on, HS, row, S, arrive, wall: arrivals.mark_absent(HS, row, S, arrive, wall)


@overload(after_hand_if, jit_options=LINKED_INLINE)
def _after_hand_if(on, cfg, cfgf, row, stack, arrive, grp, nb, HS, wall, rrow, rec_on):
    if _off(on):
        return (lambda on, cfg, cfgf, row, stack, arrive, grp, nb, HS, wall, rrow, rec_on:
                (nb, np.int64(0)))
    return (lambda on, cfg, cfgf, row, stack, arrive, grp, nb, HS, wall, rrow, rec_on:
            arrivals.after_hand(cfg, cfgf, row, stack, arrive, grp, nb, HS, wall, rrow,
                                rec_on))


@overload(race_rounding_if, jit_options=INTERNAL)
def _race_rounding_if(on, cfg, unit, NT, total, stack):
    if _off(on):
        return lambda on, cfg, unit, NT, total, stack: total
    return lambda on, cfg, unit, NT, total, stack: arrivals.race_rounding(cfg, unit, NT,
                                                                          total, stack)


@overload(add_ons_if, jit_options=INTERNAL)
def _add_ons_if(on, w, NT, S, per, chips, prob):
    if _off(on):
        return lambda on, w, NT, S, per, chips, prob: (np.int64(0), np.int64(0))
    return lambda on, w, NT, S, per, chips, prob: _add_ons(w, NT, S, per, chips, prob)


@overload(start_final_table_if, jit_options=INTERNAL)
def _start_final_table_if(on, w, NT, S, final_start):
    if _off(on):
        return lambda on, w, NT, S, final_start: (np.float64(0.0), np.int64(0))
    return lambda on, w, NT, S, final_start: _start_final_table(w, NT, S, final_start)
