"""The button and the blinds of the next hand at a table, as :class:`pyeval.rules.table.ButtonState`
places them (the dead-button rule), in Numba.

A table's seats are a row of player numbers (-1: empty):

>>> import numpy as np
>>> row = np.array([3, -1, 7, 5, -1, 9])
>>> int(next_occ(row, 6, 0)), int(prev_occ(row, 6, 0))
(2, 5)
>>> [int(x) for x in positions(row, 6, 5, 2, 0, False)]   # the last big blind in seat 2, small blind 0
[0, 2, 3]
"""
from __future__ import annotations

import numba

from pyeval.jit.numba_linked import linked


@numba.njit(cache=True, inline="always", error_model="numpy")
def next_occ(row, S, s):
    """First occupied seat clockwise after seat ``s`` (exclusive); -1 if none."""
    q = s
    for _k in range(S):
        q += 1
        if q == S:
            q = 0
        if row[q] >= 0:
            return q
    return -1


@numba.njit(cache=True, inline="always", error_model="numpy")
def prev_occ(row, S, s):
    """First occupied seat counter-clockwise before seat ``s`` (exclusive)."""
    q = s
    for _k in range(S):
        q -= 1
        if q < 0:
            q = S - 1
        if row[q] >= 0:
            return q
    return -1


@linked(cache=True, error_model="numpy")
def positions(row, S, n, prev_bb, prev_sb, first):
    """Button, small blind (-1: dead) and big blind seats of the next hand, as
    :class:`pyeval.rules.table.ButtonState` places them.

    The big blind moves to the first player after the last big blind; the small blind is
    the seat of the last big blind (dead when that player is gone); the button is the seat
    the last small blind stood for (dead when empty). Heads-up the player due the big blind
    gets it and the other has the button and posts the small blind. ``first``: a new table,
    where ``prev_bb`` holds the drawn button.
    """
    if first:
        b = prev_bb
        if row[b] < 0:
            b = prev_occ(row, S, next_occ(row, S, b))
        if n == 2:
            return b, b, next_occ(row, S, b)
        sbs = next_occ(row, S, b)
        return b, sbs, next_occ(row, S, sbs)
    g = next_occ(row, S, prev_bb)
    if n == 2:
        b = next_occ(row, S, g)
        return b, b, g
    sbs = prev_bb if row[prev_bb] >= 0 else -1
    b = prev_sb
    if b == g or b == prev_bb:
        # out of heads-up (or a seat filled in between): the first player before the
        # small blind's seat that is not the big blind
        b = prev_occ(row, S, prev_bb)
        if b == g:
            b = prev_bb
    return b, sbs, g
