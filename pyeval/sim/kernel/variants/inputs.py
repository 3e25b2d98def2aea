"""The variants' hand functions take their inputs by name: NamedTuples grouped by meaning
(as the kernel's :class:`pyeval.sim.kernel.work.Work` and :class:`~pyeval.sim.kernel.work.Tables`),
made inside the compiled code from the tuple the kernel and the button hand pass
(:func:`.family.play_other_if`, :func:`.hooks.discard_round_if`: that interface is
unchanged). Packing borrowed arrays into a tuple costs no reference counts
(:func:`pyeval.jit.numba_mem.borrow`).

- :class:`Seats`: the table of one hand (seats, who sits where, the stacks, the positions);
- :class:`HandSlots`: the hand's per-seat and hand-wide state arrays (``slots.*``);
- :class:`Cards`: the hole cards, the board, the evaluator's scratch, the deck and its
  random stream;
- :class:`Record`: the hand's record row and whether it is recorded;
- :class:`Discarders` and :class:`DiscardCards`: who discards, and the cards they
  discard from (:func:`.hooks.discard_round`).

>>> import numpy as np
>>> s = Seats(6, np.arange(6), np.full(6, 100), 2, 3, 4)
>>> (s.dealer, s.sbs, s.bbs, int(s.stack[s.row[5]]))
(2, 3, 4, 100)
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Seats(NamedTuple):
    """The table of one hand."""

    S: int                  # seats at the table
    row: np.ndarray         # seat -> player, -1 empty
    stack: np.ndarray       # player -> chips
    dealer: int             # the button (the dealer of a stud or draw hand)
    sbs: int                # the seat the small blind is posted for (-1: none)
    bbs: int                # the big blind's seat


class HandSlots(NamedTuple):
    """The hand's state arrays (:mod:`pyeval.sim.kernel.slots`); the betting round takes them
    with the cards as :class:`pyeval.sim.kernel.work.HandState`."""

    HS: np.ndarray          # the hand's state (``H_*``)
    SI: np.ndarray          # per-seat ints (``I_*``)
    SB: np.ndarray          # per-seat flags (``B_*``)
    SF: np.ndarray          # per-seat floats (``F_*``)
    HF: np.ndarray          # the hand's float state (the aggressor's range)


class Cards(NamedTuple):
    """The cards of one hand and where they come from."""

    hole: np.ndarray        # [seat, card] hole cards (stud: down and up, in deal order)
    board: np.ndarray       # the board (stud: the single community card)
    buf: np.ndarray         # 16 scratch cards for the evaluator
    deck: np.ndarray        # the deck (a partial shuffle per hand)
    st: np.ndarray          # the tournament's random stream


class Record(NamedTuple):
    """The hand's record row (``layout.REC_*``) and whether the hand is recorded."""

    rec: np.ndarray
    on: bool


class Discarders(NamedTuple):
    """Who discards: the seats, the per-seat ``dealt`` and ``folded`` flags, the button."""

    S: int
    dealt: np.ndarray
    folded: np.ndarray
    button: int


class DiscardCards(NamedTuple):
    """What a discard reads: the hole cards (``nh`` each), the board, the scratch cards,
    and the hold'em pre-flop class and top-share tables the keep rules use."""

    hole: np.ndarray
    nh: int
    board: np.ndarray
    scratch: np.ndarray
    pf_class: np.ndarray
    pf_top: np.ndarray

