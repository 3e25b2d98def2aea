"""The stud and draw models in a betting round, compiled only into kernels that deal the stud
and draw family (:mod:`pyeval.sim.kernel.kernel_games`): :func:`stud_tiers_if` reads every
player's tier on a stud or draw street (:func:`_stud_tiers`), :func:`decide_stud_if` asks
:func:`pyeval.sim.players.policy.decide_stud`. :func:`pyeval.sim.kernel.betting.play_betting_round`
calls both.

>>> decide_stud_if(None, None, ())
Traceback (most recent call last):
...
TypeError: decide_stud_if is called from compiled kernels only
"""
from __future__ import annotations

import numba
import numpy as np
from numba.extending import overload

from pyeval.jit.numba_linked import INTERNAL, linked
from pyeval.sim.kernel.kernel_games import has_stud_models
from pyeval.sim.kernel.layout import A_FOLD
from pyeval.sim.kernel.slots import (
    B_DEALT,
    B_DRAW,
    B_FOLDED,
    I_NCARD,
    I_REM,
    I_TIER,
    I_UPCAT,
    I_UPLOW,
)
from pyeval.sim.kernel.variants import facts as vfacts
from pyeval.sim.players.policy import decide_stud, stud_tier

# The stud models compiled only into kernels that deal the stud and draw family: in a
# hold'em and Omaha kernel (the switch ``None``) the round's stud branches are never taken,
# and without these switches their callees (_stud_tiers, stud_tier, decide_stud) were typed,
# lowered and optimised all the same: 1.1 s of the hold'em kernel's cold compile
# (bench/RESULTS.md, "The frame-stack chunks").


def _no_family(on) -> bool:
    # the kernel's marker (pyeval.sim.kernel.kernel_games): no stud game and no draw
    return not has_stud_models(on)


def stud_tiers_if(on, S, SI, SB, hole, kind, game, ev):
    """:func:`_stud_tiers` in a kernel with the stud games or the draw (``on``: the
    kernel's marker, :mod:`pyeval.sim.kernel.kernel_games`), nothing in one without. Jitted code
    only."""
    raise TypeError("stud_tiers_if is called from compiled kernels only")


@overload(stud_tiers_if, jit_options=INTERNAL)
def _stud_tiers_if(on, S, SI, SB, hole, kind, game, ev):
    if _no_family(on):
        return lambda on, S, SI, SB, hole, kind, game, ev: None
    return lambda on, S, SI, SB, hole, kind, game, ev: _stud_tiers(
        S, SI, SB, hole, kind, game, ev)


def decide_stud_if(on, model, seat):
    """:func:`pyeval.sim.players.policy.decide_stud` in a kernel with the stud family, a fold in one
    without (never asked there: no stud hand is dealt). ``seat``: ``decide_stud``'s inputs after
    the model, in its order (``top, street, tier, draw, call, can_raise, min_to, pot, n_raises,
    agg_range, bringer, u``). Jitted code only."""
    raise TypeError("decide_stud_if is called from compiled kernels only")


@overload(decide_stud_if, jit_options=INTERNAL)
def _decide_stud_if(on, model, seat):
    if _no_family(on):
        return lambda on, model, seat: (np.int64(A_FOLD), np.int64(0), 1.0)
    return lambda on, model, seat: decide_stud(model, seat)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _top_two(v, o, top, second, top_seat):
    """``(top, second, top's seat)`` with seat ``o``'s value ``v`` counted in."""
    if v > top:
        return v, top, np.int64(o)
    if v > second:
        return top, v, top_seat
    return top, second, top_seat


@linked(cache=True, error_model="numpy")
def _stud_tiers(S, SI, SB, hole, kind, game, ev):
    """Fill ``SI[I_TIER]`` / ``SB[B_DRAW]`` for a stud street: each player's cards against
    what the other players still in show (the up cards: not in the game's ``DOWN_MASK``);
    in the draw nobody shows a card and each hand is read against one pair.

    What each player still in shows (``SI[I_UPCAT]``, ``SI[I_UPLOW]``) the stud hand has
    read just before this round, as it found who acts first
    (:func:`pyeval.sim.kernel.variants.hands.showing`: the same cards, read once a street)."""
    # [variants: stud and draw] the best up category and low count among the players in,
    # and the second best beside the seat holding the best, so that each player's "best
    # of the others" is one comparison (not a loop over the others per player)
    draw_game = vfacts.FACTS[game, vfacts.FAMILY] == vfacts.FAM_DRAW
    cat1 = np.int64(0)
    cat2 = np.int64(0)
    cat_s = np.int64(-1)
    low1 = np.int64(0)
    low2 = np.int64(0)
    low_s = np.int64(-1)
    if not draw_game:
        for o in range(S):
            if SB[B_DEALT, o] and not SB[B_FOLDED, o]:
                cat1, cat2, cat_s = _top_two(SI[I_UPCAT, o], o, cat1, cat2, cat_s)
                low1, low2, low_s = _top_two(SI[I_UPLOW, o], o, low1, low2, low_s)
    for q in range(S):
        if SB[B_DEALT, q] and not SB[B_FOLDED, q] and SI[I_REM, q] > 0:
            if draw_game:
                cat = np.int64(2)
                low = np.int64(0)
            else:
                cat = cat2 if q == cat_s else cat1
                low = low2 if q == low_s else low1
            t_, d_ = stud_tier(hole[q], SI[I_NCARD, q], cat, low, kind, ev)
            SI[I_TIER, q] = t_
            SB[B_DRAW, q] = d_
