"""The calls the simulator's hand makes at its named points for the button games of the
rule sheets beyond hold'em and Omaha: Irish, Super Eight, Tahoe, Pineapple and Crazy
Pineapple; and for 5- and 6-card Omaha, high and hi/lo.

- **deal**: :func:`hole_count` cards to each player (3, 4 in Irish, 5 or 6 in the bigger
  Omahas) and :func:`start_strength`, the pre-flop top share and the hold'em class the
  player models read (from :mod:`.strength`'s table when the kernel has it, else the
  hand's best two-card hold'em class; 5- and 6-card Omaha from the fitted score of
  :mod:`.omaha`, in the kernel's Omaha table);
- **discard** (after the betting round of the game's discard street, all-in players
  included, clockwise from the button's left): :func:`discard_round` applies
  :mod:`.discard`'s rules to every player still in and records each discard as the action
  :data:`A_DISCARD` with the mask of the discarded cards;
- **showdown**: :func:`showdown_value` (:func:`.showdown.button_value`), and in a hi/lo
  game (:func:`low8_dealt`) :func:`showdown_low` (:func:`.showdown.button_low`).

>>> from pyeval.sim.kernel.variants.facts import code_of
>>> [bool(is_variant(code_of(k))) for k in ("holdem", "omaha", "tahoe", "irish", "omaha6")]
[False, False, True, True, True]
>>> hole_count(code_of("irish")), hole_count(code_of("super_eight")), hole_count(code_of("omaha5"))
(4, 3, 5)
"""
from __future__ import annotations

import numba
import numpy as np
from numba.extending import overload

from pyeval.jit.numba_linked import INTERNAL, linked
from pyeval.sim.kernel.betting import record_step
from pyeval.sim.kernel.kernel_games import has_hooks
from pyeval.sim.kernel.layout import A_DISCARD
from pyeval.sim.kernel.variants.discard import apply_discard, keep_on_flop, keep_preflop
from pyeval.sim.kernel.variants.facts import (
    DEALT,
    DISCARD,
    DISCARD_STREET,
    FACTS,
    FAM_HOLDEM,
    FAMILY,
    MAX_HOLE,
    SPLIT,
    SPLIT_LOW8,
)
from pyeval.sim.kernel.variants.inputs import DiscardCards, Discarders, Record
from pyeval.sim.kernel.variants.omaha import omaha_strength
from pyeval.sim.kernel.variants.showdown import button_low, button_value
from pyeval.sim.kernel.variants.strength import irish_bucket, three_class

#: the strength table's stand-in when the kernel has none (the best two cards are read)
NO_TABLE = np.zeros((1, 1, 2))


@numba.njit(cache=True, error_model="numpy")
def is_variant(game):
    """True for a button game these hooks play: three dealt cards, a discard, or more than
    4-card Omaha's four (5- and 6-card Omaha)."""
    return FACTS[game, FAMILY] == FAM_HOLDEM and (FACTS[game, DEALT] == 3 or FACTS[game, DISCARD] > 0
                                         or FACTS[game, DEALT] > 4)


@linked(cache=True, error_model="numpy")
def hole_count(game):
    """Hole cards dealt to each player."""
    return FACTS[game, DEALT]


@linked(cache=True, error_model="numpy")
def _slot(game):
    """The strength table's slot: 0..3 the three-card games of ``strength.GAMES3``, 4 Irish."""
    d = FACTS[game, DEALT]
    if d == 4:
        return 4
    if FACTS[game, DISCARD] == 0:
        return 0 if FACTS[game, MAX_HOLE] < 0 else 1   # Super Eight (no limit), Tahoe
    return 2 if FACTS[game, DISCARD_STREET] == 0 else 3  # Pineapple, Crazy Pineapple


@linked(cache=True, error_model="numpy")
def start_strength(game, hole, nh, pf_class, pf_top, vtab):
    """``(top share, hold'em class)`` of a starting hand for the player models: from the
    strength table ``vtab`` (:meth:`.strength.VariantTables.kernel_table`), or, when
    ``vtab`` is empty, the hand's best two-card hold'em class and its top share."""
    if vtab.shape[0] >= 5:
        sl = _slot(game)
        if sl == 4:
            i = irish_bucket(hole, nh, pf_class, pf_top)
        else:
            i = three_class(hole[0], hole[1], hole[2])
        return vtab[sl, i, 0], np.int64(vtab[sl, i, 1])
    c = irish_bucket(hole, nh, pf_class, pf_top)
    return pf_top[c], c


@linked(cache=True, error_model="numpy")
def discard_round(game, street, who, cs, record, nact):
    """Every player still in (:class:`.inputs.Discarders` ``who``: ``dealt`` and not
    ``folded``, rows of per-seat booleans) discards from its cards (``cs``,
    :class:`.inputs.DiscardCards`), clockwise from the button's left, when ``street`` is
    the game's discard street; each discard is recorded in ``record``
    (:class:`.inputs.Record`) as action ``nact``, ``nact + 1``, ... Returns ``(hole cards
    left, actions so far)``; ``cs.nh`` unchanged when there is no discard now."""
    S, dealt, folded, button = who
    hole, nh, board, scratch, pf_class, pf_top = cs
    rec, rec_on = record
    if FACTS[game, DISCARD_STREET] != street or FACTS[game, DISCARD] == 0:
        return nh, nact
    n_left = nh
    for k in range(1, S + 1):
        s = (button + k) % S
        if not dealt[s] or folded[s]:
            continue
        row = hole[s]
        if street == 0:
            keep = keep_preflop(row, nh, pf_class, pf_top)
        else:
            keep = keep_on_flop(row, nh, board, pf_class, pf_top, scratch)
        n_left, gone = apply_discard(row, nh, keep)
        if rec_on:
            record_step(rec, nact, street, s, A_DISCARD, gone)
        nact += 1
    if n_left == nh:
        n_left = nh - FACTS[game, DISCARD]
    return n_left, nact


@linked(cache=True, error_model="numpy")
def showdown_value(game, hole, nh, board, scratch):
    """High value of a player's hole cards on the five-card board."""
    return button_value(game, hole, nh, board, 5, scratch)


@linked(cache=True, error_model="numpy")
def is_low8(game):
    """True for a button game whose pot splits with an 8-or-better low (the Omahas hi/lo)."""
    return FACTS[game, FAMILY] == FAM_HOLDEM and FACTS[game, SPLIT] == SPLIT_LOW8


@linked(cache=True, error_model="numpy")
def showdown_low(game, hole, nh, board, scratch):
    """8-or-better low value (0: none) of a player's hole cards on the five-card board."""
    return button_low(game, hole, nh, board, 5, scratch)


# ---- the hooks in a kernel compiled with or without them (``on``: the kernel's marker,
# pyeval.sim.kernel.kernel_games; without them the variants' code is never compiled: a hold'em and
# Omaha kernel compiles faster). The engine compiles them whenever a level deals one of
# these games.

def variant_dealt(on, game):
    """``is_variant(game)`` in a kernel compiled with the hooks, False without. Jitted
    code only."""
    raise TypeError("variant_dealt is called from compiled kernels only")


def start_strength_if(on, args):
    """With the hooks, of the button hand's tuple ``(game, hole, nh, pf_class, pf_top,
    vtab, omaha_tab)``: ``start_strength`` of the first six, or for 5- and 6-card Omaha
    :func:`.omaha.omaha_strength` from the kernel's Omaha table; without, a stand-in never
    used."""
    raise TypeError("start_strength_if is called from compiled kernels only")


def discard_round_if(on, args):
    """:func:`discard_round` of the button hand's tuple ``(game, street, S, dealt, folded,
    button, hole, nh, board, pf_class, pf_top, scratch, rec, rec_on, nact)`` with the
    hooks; without, nothing discarded."""
    raise TypeError("discard_round_if is called from compiled kernels only")


def showdown_value_if(on, args):
    """``showdown_value(*args)`` with the hooks; without, a stand-in never used."""
    raise TypeError("showdown_value_if is called from compiled kernels only")


def low8_dealt(on, game):
    """``is_low8(game)`` in a kernel compiled with the hooks, False without (4-card Omaha
    Hi/Lo is the button hand's own). Jitted code only."""
    raise TypeError("low8_dealt is called from compiled kernels only")


def showdown_low_if(on, args):
    """``showdown_low(*args)`` with the hooks; without, a stand-in never used."""
    raise TypeError("showdown_low_if is called from compiled kernels only")


def _off(on):
    # the kernel's marker (pyeval.sim.kernel.kernel_games): no button variant
    return not has_hooks(on)


def _gate(stub, step, spread):
    """Overload the hook ``stub(on, x)``: ``step(x)`` (``step(*x)`` when ``spread``) in a
    kernel with the hooks; without, False for a question (``spread`` off) or a stand-in 0
    for a value, never used."""

    @overload(stub, jit_options=INTERNAL)
    def _typer(on, x):
        if _off(on):
            return (lambda on, x: np.int64(0)) if spread else (lambda on, x: False)
        return (lambda on, x: step(*x)) if spread else (lambda on, x: step(x))


for _stub, _step, _spread in ((variant_dealt, is_variant, False), (low8_dealt, is_low8, False),
                              (showdown_value_if, showdown_value, True),
                              (showdown_low_if, showdown_low, True)):
    _gate(_stub, _step, _spread)


@overload(start_strength_if, jit_options=INTERNAL)
def _start_strength_if(on, args):
    if _off(on):
        return lambda on, args: (0.0, np.int64(0))
    return lambda on, args: _start_strength_args(args)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _start_strength_args(args):
    """:func:`start_strength` of the button hand's 7-tuple, or 5- and 6-card Omaha's."""
    game, hole, nh, pf_class, pf_top, vtab, omaha_tab = args
    if FACTS[game, DEALT] > 4:
        return omaha_strength(game, hole, nh, omaha_tab)
    return start_strength(game, hole, nh, pf_class, pf_top, vtab)


@overload(discard_round_if, jit_options=INTERNAL)
def _discard_round_if(on, args):
    if _off(on):
        return lambda on, args: (args[7], args[14])    # (nh, nact) unchanged
    return lambda on, args: _discard_round_args(args)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _discard_round_args(args):
    """:func:`discard_round` of the button hand's 15-tuple, by name."""
    (game, street, S, dealt, folded, button, hole, nh, board, pf_class, pf_top, scratch, rec,
     rec_on, nact) = args
    return discard_round(game, street, Discarders(S, dealt, folded, button),
                         DiscardCards(hole, nh, board, scratch, pf_class, pf_top),
                         Record(rec, rec_on), nact)
