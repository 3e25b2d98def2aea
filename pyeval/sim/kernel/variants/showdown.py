"""A player's showdown value in every game of the registry, in Numba, as the rules model
reads it (:func:`pyeval.rules.showdown.evaluate`).

Every value comes from the C's hole-use evaluation (``pyeval.jit.numba_ext.best_addr``, the
function behind :func:`pyeval.best_hand`), called with the game's hole-card limits from
:mod:`.facts`, so the simulator and the rules model agree by construction and a test checks
it on random deals of every game:

- button games: the hole cards against the board with ``MIN_HOLE``/``MAX_HOLE`` (Tahoe at
  most 2 of 3, Super Eight any of 3, Irish and the Pineapples their 2 kept cards);
- stud: every card of the hand and the community card when one was dealt; Buffalo and
  Crocodile limit the first ``RESTRICTED`` down cards (the "hole") against the rest; razz
  reads the ace-to-five value, 8-or-better games add the low;
- Chicago: the second part is 1 when the ace of spades is one of the player's down cards
  (a community card is nobody's down card), which the pot split treats as a qualifying
  "low": half of each pot to it, the whole pot to the high hand when no player in the pot
  holds it (:mod:`pyeval.rules.pots`).

Cards are ``uint8`` arrays; ``scratch`` is a ``uint8`` array of at least 16 cards.

>>> import numpy as np, pyeval
>>> from pyeval.sim.kernel.variants.facts import code_of
>>> hole, board = pyeval.cards("AsAhAd"), pyeval.cards("AcKs2d3h9c")
>>> v = button_value(code_of("tahoe"), hole, 3, board, 5, np.zeros(16, np.uint8))
>>> v == pyeval.best_hand(hole, board, 0, 2), v < button_value(code_of("super_eight"),
...     hole, 3, board, 5, np.zeros(16, np.uint8))
(True, True)
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.sim.kernel.variants.facts import (
    DOWN_MASK,
    FACTS,
    MAX_HOLE,
    MIN_HOLE,
    RAZZ,
    RESTRICTED,
    SPLIT,
    SPLIT_CHICAGO,
    SPLIT_LOW8,
)

ACE_OF_SPADES = 51
K_HIGH = 0
K_RAZZ = 1
K_LOW8 = 2


@numba.njit(cache=True, inline="always", error_model="numpy")
def _hand_in(scratch, hole, nh, board, nb):
    """The ``nh`` hole cards, then the ``nb`` board cards, into ``scratch``; its address
    (the C's general split reads a hand by address)."""
    for i in range(nh):
        scratch[i] = hole[i]
    for i in range(nb):
        scratch[nh + i] = board[i]
    return scratch.ctypes.data


@numba.njit(cache=True, inline="always", error_model="numpy")
def _button_limits(game, nh, nb):
    """A button game's hole-card limits ``(lo, hi)`` for ``nh`` hole cards (``hi`` at most
    all of them), and whether it is Omaha's exactly two on five board cards (the C's Omaha
    evaluation)."""
    lo = FACTS[game, MIN_HOLE]
    hi = FACTS[game, MAX_HOLE]
    omaha = lo == 2 and hi == 2 and nb == 5
    if hi < 0 or hi > nh:
        hi = nh
    return lo, hi, omaha


@linked(cache=True, error_model="numpy")
def button_value(game, hole, nh, board, nb, scratch):
    """High value of ``nh`` hole cards on ``nb`` board cards under the game's hole limits.

    Seven cards or fewer with no limit: one lookup. Eight cards with no lower limit and at
    most one card too many (Super Eight: any of 3 hole cards; Tahoe: at most 2 of 3): the
    best of the seven-card hands that leave out one card (any card, or a hole card when
    the limit is one below the hole cards), which is the same value as the general split
    of ``best_addr`` (every other limit) in a few lookups. Omaha (exactly two hole cards,
    any number of them, on five board cards): the C's ``omaha_high_addr``."""
    lo, hi, omaha = _button_limits(game, nh, nb)
    if omaha:
        # Omaha with 4, 5 or 6 hole cards: the C's Omaha evaluation (2 + 3 by its tables)
        return np.int64(nx.omaha_high_addr(hole.ctypes.data, nh, board.ctypes.data, nb))
    addr = _hand_in(scratch, hole, nh, board, nb)
    n = nh + nb
    if lo == 0 and hi == nh and n <= 7:
        return np.int64(nx.high_addr(addr, n))
    if lo == 0 and n == 8 and hi >= nh - 1:
        drop_n = n if hi == nh else nh         # leave out any card, or a hole card
        best = np.int64(0)
        for d in range(drop_n):
            k = 8
            for i in range(8):
                if i != d:
                    scratch[k] = scratch[i]
                    k += 1
            v = np.int64(nx.high_addr(addr + 8, 7))
            if v > best:
                best = v
        return best
    return np.int64(nx.best_addr(addr, nh, addr + nh, nb, lo, hi, K_HIGH))


@linked(cache=True, error_model="numpy")
def button_low(game, hole, nh, board, nb, scratch):
    """8-or-better low value (0: none) of ``nh`` hole cards on ``nb`` board cards under the
    game's hole limits: Omaha's exactly two (``omaha_low8_addr``, 4, 5 or 6 hole cards on
    five board cards), else the C's general split."""
    lo, hi, omaha = _button_limits(game, nh, nb)
    if omaha:
        return np.int64(nx.omaha_low8_addr(hole.ctypes.data, nh, board.ctypes.data, nb))
    addr = _hand_in(scratch, hole, nh, board, nb)
    return np.int64(nx.best_addr(addr, nh, addr + nh, nb, lo, hi, K_LOW8))


@linked(cache=True, error_model="numpy")
def chicago_part(game, cards, n):
    """Chicago's second part: 1 when the ace of spades is among the down cards of ``cards``
    (a hand in dealing order, the game's ``DOWN_MASK``), else 0."""
    dm = FACTS[game, DOWN_MASK]
    for i in range(n):
        if (dm >> i) & 1 and cards[i] == ACE_OF_SPADES:
            return np.int64(1)
    return np.int64(0)


@linked(cache=True, error_model="numpy")
def _best_leaving_one_out(scratch, nh, m):
    """The best high value of ``scratch[:m]`` leaving out one of its first ``nh`` cards:
    with no lower limit and at most ``nh - 1`` of those cards usable (Buffalo: 2 of the 3
    hole cards, Crocodile: 1 of 2), every allowed five-card hand leaves out a hole card, so
    it is the best of ``nh`` lookups of ``m - 1`` cards (6 or 7), the same value as the
    C's general hole-use split (``best_addr``: Buffalo's 15 five-card hands and its call
    were 8 % of a Buffalo kernel's instructions, callgrind). Uses ``scratch[8:15]``."""
    addr = scratch.ctypes.data
    best = np.int64(0)
    for d in range(nh):
        k = 8
        for i in range(m):
            if i != d:
                scratch[k] = scratch[i]
                k += 1
        v = np.int64(nx.high_addr(addr + 8, m - 1))
        if v > best:
            best = v
    return best


@linked(cache=True, error_model="numpy")
def stud_value(game, cards, n, board, nb, scratch):
    """``(high, second)`` of a stud hand: ``cards`` are the player's ``n`` cards in dealing
    order (after any discard), ``board`` the ``nb`` community cards (0 or 1). ``high`` is
    the razz value in razz; ``second`` the 8-or-better low (0: none), Chicago's part, or 0.
    """
    kind = K_RAZZ if FACTS[game, RAZZ] == 1 else K_HIGH
    r = FACTS[game, RESTRICTED]
    dm = FACTS[game, DOWN_MASK]
    # the limited cards first (the first r down cards), then every other card; ``nh`` not
    # the literal 0 (a second compile of _best_leaving_one_out)
    nh = np.int64(0)
    if r > 0:
        for i in range(n):
            if nh < r and (dm >> i) & 1:
                scratch[nh] = cards[i]
                nh += 1
    m = nh
    taken = 0
    for i in range(n):
        if taken < nh and (dm >> i) & 1:
            taken += 1
            continue
        scratch[m] = cards[i]
        m += 1
    for i in range(nb):
        scratch[m] = board[i]
        m += 1
    addr = scratch.ctypes.data
    if nh > 0:
        lo = FACTS[game, MIN_HOLE]
        hi = FACTS[game, MAX_HOLE]
        if hi < 0:
            hi = nh
        if kind == K_HIGH and lo == 0 and hi == nh - 1 and 6 <= m <= 8:
            high = _best_leaving_one_out(scratch, nh, m)
        else:
            high = nx.best_addr(addr, nh, addr + nh, m - nh, lo, hi, kind)
    else:
        high = nx.best_addr(addr, m, addr, 0, 0, m, kind)
    second = np.int64(0)
    sp = FACTS[game, SPLIT]
    if sp == SPLIT_LOW8:
        if nh > 0:
            lo = FACTS[game, MIN_HOLE]
            hi = FACTS[game, MAX_HOLE]
            if hi < 0:
                hi = nh
            second = np.int64(nx.best_addr(addr, nh, addr + nh, m - nh, lo, hi, K_LOW8))
        else:
            second = np.int64(nx.best_addr(addr, m, addr, 0, 0, m, K_LOW8))
    elif sp == SPLIT_CHICAGO:
        second = chicago_part(game, cards, n)
    return np.int64(high), second
