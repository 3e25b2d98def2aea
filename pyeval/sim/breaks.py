"""What happens when a level starts: the colour-up's chip race and the add-ons, in Numba.

The chip race draws one card per removed chip, and one for an odd amount below every removed
chip. Chips of 25 and 5 removed: 60 odd chips are two 25s and two 5s, 3 odd chips one card:

>>> import numpy as np
>>> lv = np.zeros((1, 18), np.int64)
>>> lv[0, LV_CU_REMOVED:LV_CU_REMOVED + 2] = 25, 5
>>> int(_race_cards(60, lv, 0)), int(_race_cards(3, lv, 0)), int(_race_cards(0, lv, 0))
(4, 1, 0)
"""
from __future__ import annotations

import numba

from pyeval.numba_rng import uniform
from pyeval.sim.layout import LV_CU_REMOVED


@numba.njit(cache=True, error_model="numpy")
def _odd_chip_count(v, lv, level):
    """Fewest removed chips that make up ``v`` (greedy over the removed denominations)."""
    n = 0
    for k in range(3, -1, -1):
        d = lv[level, LV_CU_REMOVED + k]
        if d > 0:
            n += v // d
            v = v % d
    return n


@numba.njit(cache=True, error_model="numpy")
def _race_cards(odd, lv, level):
    """Cards a player draws in the chip race for ``odd`` chips: one per removed chip, and
    one for an amount below every removed chip (0 for none)."""
    n = _odd_chip_count(odd, lv, level)
    if n == 0 and odd > 0:
        return 1
    return n


@numba.njit(cache=True, error_model="numpy")
def _add_ons(NT, S, per, chips, prob, tbl_on, seat_pl, stack, st):
    """The add-on, at the break before its level: each player takes each of ``per``
    add-ons of ``chips`` with probability ``prob``. Returns (chips added, add-ons)."""
    total_chips = 0
    n_addons = 0
    for q in range(NT + 1):
        if tbl_on[q]:
            for s in range(S):
                p = seat_pl[q, s]
                if p >= 0:
                    for _ in range(per):
                        if uniform(st) < prob:
                            stack[p] += chips
                            total_chips += chips
                            n_addons += 1
    return total_chips, n_addons
