"""Which of the rarer steps of a tournament a simulation kernel is compiled with.

A structure that never colours up, or seats by pyeval's convention, has no use for the code
that does; compiled in anyway, every such step costs the first simulation seconds of CPU.
:func:`features` reads a specification once and gives the kernel a
:class:`Features` of switches, each ``True`` (the step is compiled, and runs as the
settings say) or ``None`` (the step is not compiled: the structure never takes it). The
kernel reads a switch through a ``*_if`` hook whose Numba type decides, while compiling,
which code goes in: the same pattern as :mod:`pyeval.sim.kernel.extras` (late players, add-ons,
two stages: a switch each), :mod:`pyeval.sim.kernel.entries` and the game families of
:mod:`pyeval.sim.kernel.kernel_games`. A switch changes what is compiled, never a result
(``bench/sim_identity_record.py``).

>>> import numpy as np
>>> from pyeval.sim.kernel.extras import Extras
>>> from pyeval.sim.kernel.layout import (CFG_COLS, C_LEVEL_CLOCK, C_SEAT_RULE,
...                                        LEVEL_CLOCK_ALIGNED, LV_COLS, LV_CU_UNIT)
>>> cfg = np.zeros(CFG_COLS, np.int64); lv = np.zeros((3, LV_COLS), np.int64)
>>> features(cfg, lv, extras=Extras(False, False, False))  # doctest: +NORMALIZE_WHITESPACE
Features(late_players=None, add_ons=None, two_stages=None, colour_up=None, fair_blinds=None,
         random_draw=True, card_draw=None, level_clocks=None, shared_clock=True)
>>> lv[2, LV_CU_UNIT] = 25; cfg[C_SEAT_RULE] = 4; cfg[C_LEVEL_CLOCK] = LEVEL_CLOCK_ALIGNED
>>> features(cfg, lv, extras=Extras(True, False, False))  # doctest: +NORMALIZE_WHITESPACE
Features(late_players=True, add_ons=None, two_stages=None, colour_up=True, fair_blinds=True,
         random_draw=None, card_draw=None, level_clocks=True, shared_clock=None)

After ``pyeval warmup`` (:func:`warmed`), every structure takes the kernel with every step
(:data:`EVERY_STEP`), the one the warm-up compiled, instead of compiling a smaller one.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numba import types
from numba.extending import overload

from pyeval.jit.numba_linked import INTERNAL
from pyeval.sim.kernel.layout import (
    C_LEVEL_CLOCK,
    C_SEAT_RULE,
    LEVEL_CLOCK_ALIGNED,
    LEVEL_CLOCK_TABLE,
    LV_CU_UNIT,
)

if TYPE_CHECKING:
    from pyeval.sim.kernel.extras import Extras

__all__ = ["EVERY_STEP", "SEAT_CARD_DRAW", "SEAT_FAIR_BLINDS", "Features", "break_draw_if",
           "card_draw_table_if", "colour_up_if", "features", "warmed", "warming"]

#: bits of ``cfg[C_SEAT_RULE]`` (:func:`pyeval.sim.kernel.table_moves._rebalance`): a card draw
#: between equally full tables, the fair_blinds break draw
SEAT_CARD_DRAW = 2
SEAT_FAIR_BLINDS = 4


class Features(NamedTuple):
    """The kernel's switches: ``True`` compiles the step, ``None`` leaves it out."""

    late_players: bool | None   # late players (pyeval.sim.kernel.extras, .arrivals)
    add_ons: bool | None        # add-ons at the start of a level (pyeval.sim.kernel.extras)
    two_stages: bool | None     # the two-stage "table winners" format (.extras)
    colour_up: bool | None      # a level colours up, with a chip race
    fair_blinds: bool | None    # the fair_blinds break draw of a broken table's players
    random_draw: bool | None    # the random break draw (pyeval's convention)
    card_draw: bool | None      # a card draw picks the table a balancing move leaves
    level_clocks: bool | None   # each table's own level clock (pyeval.sim.kernel.levels)
    shared_clock: bool | None   # one level clock for every table (levels.advance_levels)


#: every step compiled, each taken as the settings say: the kernel ``pyeval warmup``
#: compiles, which plays every structure of its family
EVERY_STEP = Features(True, True, True, True, True, True, True, True, True)


def _on(flag: bool) -> bool | None:
    return True if flag else None


def features(cfg: np.ndarray, lv: np.ndarray, *, extras: Extras) -> Features:
    """The switches of a specification's settings ``cfg`` and levels ``lv``; ``extras``
    from :func:`pyeval.sim.kernel.extras.uses_extras` (or all on, with late registration).
    A structure's levels run by one clock for every table (``shared_clock``) or by each
    table's own (``level_clocks``), never both: [speed] the stud example, levels counted at
    each table, compiled the shared clock's level changes too, about 1 s of its first
    simulation (bench/RESULTS.md, "The stud example's first simulation")."""
    rule = int(cfg[C_SEAT_RULE])
    fair = bool(rule & SEAT_FAIR_BLINDS)
    own = int(cfg[C_LEVEL_CLOCK]) in (LEVEL_CLOCK_TABLE, LEVEL_CLOCK_ALIGNED)
    return Features(_on(extras.late_players), _on(extras.add_ons), _on(extras.two_stages),
                    _on(bool((lv[:, LV_CU_UNIT] > 0).any())), _on(fair), _on(not fair),
                    _on(bool(rule & SEAT_CARD_DRAW)), _on(own), _on(not own))


# ---- after a warm-up: the kernels with every step, already in Numba's cache

_WARM = "sim_warm_kernels"
_warming = False


def _stamp() -> Path:
    from pyeval.sim.engine._cache import cache_dirs
    return cache_dirs()[-1] / _WARM      # Numba's cache of the kernels in use


def warmed() -> bool:
    """True while :func:`pyeval.sim.engine.warmup.warm_up` runs, and after it has compiled the
    kernels with every step into this Numba cache for these kernel sources (the stamp goes
    with the cache: a new cache or changed sources compile the smaller kernels again)."""
    if _warming:
        return True
    try:
        return _stamp().read_text().strip() == _digest()
    except OSError:
        return False


@lru_cache(maxsize=1)
def _digest() -> str:
    from pyeval.sim.engine._cache import sources_digest
    return sources_digest()


@contextmanager
def warming() -> Iterator[None]:
    """Within the block, every simulation takes :data:`EVERY_STEP` (and a mix of families
    the kernel of every game); at its end, without an error, the stamp of :func:`warmed`
    is written."""
    global _warming
    _warming = True
    try:
        yield
    finally:
        _warming = False
    with suppress(OSError):
        _stamp().parent.mkdir(parents=True, exist_ok=True)
        _stamp().write_text(_digest())


def _off(on: object) -> bool:
    return isinstance(on, (types.NoneType, types.Omitted))


# ---- the hooks (jitted code only)

def colour_up_if(on, w, out, k, lv, level, NT, S, n_alive, at, last_elim, hands):
    """:func:`pyeval.sim.kernel.breaks._colour_up`; ``(n_alive, last_elim)`` unchanged in a kernel
    without colour-ups (never asked there: no level has one)."""
    raise TypeError("colour_up_if is called from compiled kernels only")


def break_draw_if(fair, rand, w, NT, S, wanted, posted, rule):
    """The break draw of a broken table's players: the fair_blinds draw
    (:func:`~pyeval.sim.kernel.table_moves._break_draw`) when ``rule`` has its bit, else the random
    one (:func:`~pyeval.sim.kernel.table_moves._random_break_draw`); only the one whose switch is on
    in a kernel with one of the two (a structure uses one of them)."""
    raise TypeError("break_draw_if is called from compiled kernels only")


def card_draw_table_if(on, tbl_n, tbl_on, NT, src, st, rule):
    """The table a balancing move leaves: by a card draw between equally full tables
    (:func:`~pyeval.sim.kernel.table_moves._card_draw_table`) when ``rule`` has its bit, else
    ``src``; ``src`` in a kernel without the card draw."""
    raise TypeError("card_draw_table_if is called from compiled kernels only")


@overload(colour_up_if, jit_options=INTERNAL)
def _colour_up_if(on, w, out, k, lv, level, NT, S, n_alive, at, last_elim, hands):
    # the steps are read when a kernel is typed (table_moves imports this module)
    from pyeval.sim.kernel.breaks import _colour_up

    if _off(on):
        return (lambda on, w, out, k, lv, level, NT, S, n_alive, at, last_elim, hands:
                (n_alive, last_elim))
    return (lambda on, w, out, k, lv, level, NT, S, n_alive, at, last_elim, hands:
            _colour_up(w, out, k, lv, level, NT, S, n_alive, at, last_elim, hands))


@overload(break_draw_if, jit_options=INTERNAL)
def _break_draw_if(fair, rand, w, NT, S, wanted, posted, rule):
    from pyeval.sim.kernel.table_moves import _break_draw, _random_break_draw

    if _off(fair):
        return (lambda fair, rand, w, NT, S, wanted, posted, rule:
                _random_break_draw(w, NT, S, wanted))
    if _off(rand):
        return (lambda fair, rand, w, NT, S, wanted, posted, rule:
                _break_draw(w, NT, S, wanted, posted))

    def by_rule(fair, rand, w, NT, S, wanted, posted, rule):
        if rule & SEAT_FAIR_BLINDS:
            _break_draw(w, NT, S, wanted, posted)
        else:
            _random_break_draw(w, NT, S, wanted)
    return by_rule


@overload(card_draw_table_if, jit_options=INTERNAL)
def _card_draw_table_if(on, tbl_n, tbl_on, NT, src, st, rule):
    from pyeval.sim.kernel.table_moves import _card_draw_table

    if _off(on):
        return lambda on, tbl_n, tbl_on, NT, src, st, rule: src

    def by_rule(on, tbl_n, tbl_on, NT, src, st, rule):
        if rule & SEAT_CARD_DRAW:
            return _card_draw_table(tbl_n, tbl_on, NT, src, st)
        return src
    return by_rule
