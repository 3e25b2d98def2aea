"""Incremental 7-card high hands for Numba kernels, over the compact 7-card table of the C
core (csrc/high7.h).

A hand is two uint64 numbers that grow one card at a time, as a kernel deals: the summed
card ``key`` (from :data:`EMPTY_KEY`) and ``srm``, the OR of the cards' suit-rank bits
(bit ``16 * suit + rank``). :func:`add` puts a card in; :func:`value7` gives the high value
of seven cards, equal to :func:`pyeval.high`. A loop that deals the seventh card last pays
one add and one lookup per hand:

>>> import numba, pyeval
>>> @numba.njit(cache=False)
... def best_seventh(board_and_hole, rest):
...     key, srm = EMPTY_KEY, EMPTY_SRM
...     for c in board_and_hole:
...         key, srm = add(key, srm, c)
...     best = 0
...     for c in rest:
...         k, s = add(key, srm, c)
...         best = max(best, value7(k, s))
...     return best
>>> six = pyeval.cards("As Ks Qs Js 2d 3c")
>>> int(best_seventh(six, pyeval.cards("Ts 9h"))) == pyeval.high("As Ks Qs Js Ts")
True

The tables are copied from the C at import into module-level arrays, which Numba compiles
in as constants (so ``cache=True`` works); nothing is built here. The card tables are the
same as :mod:`pyeval.numba_ext`'s (``card_key``, ``card_srm``): a kernel holding a key and
srm for ``numba_ext.hv`` can hand them to :func:`value7` unchanged once it has seven cards
(tests/core/test_numba_hand.py ties the two).
"""
from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from pyeval._native import ffi, lib

__all__ = ["EMPTY_KEY", "EMPTY_SRM", "add", "hand_of", "value7"]


def _copy(ptr, ctype: str, n: int, dtype) -> np.ndarray:
    buf = ffi.buffer(ffi.cast(f"{ctype} *", ptr), n * np.dtype(dtype).itemsize)
    return np.frombuffer(buf, dtype=dtype).copy()


_T = lib.pe_tables()
_H = lib.pe_hand7_tables()
CARD_KEY = _copy(_T.card_key, "uint64_t", 256, np.uint64)
CARD_SRM = _copy(_T.card_srm, "uint64_t", 256, np.uint64)
FLUSH = _copy(_T.flush_table, "uint16_t", 8192, np.uint16)
DISP = _copy(_H.disp, "uint16_t", 1 << int(_H.row_bits), np.uint16)
VALUE = _copy(_H.value, "uint16_t", 1 << int(_H.slot_bits), np.uint16)

#: a hand with no card yet: key (suit counters at 3, csrc/keys.h) and srm
EMPTY_KEY = np.uint64(_T.key_start)
EMPTY_SRM = np.uint64(0)
_FLUSH_BITS = np.uint64(_T.flush_bits)
_MULT = np.uint64(_H.mult)
_ROW_SHIFT = np.uint64(32 - int(_H.row_bits))
_ROW_MASK = np.uint64((1 << int(_H.row_bits)) - 1)
_SLOT_MASK = np.uint64((1 << int(_H.slot_bits)) - 1)
_LOW32 = np.uint64(0xFFFFFFFF)
_RANKS = np.uint64(0x1FFF)
_SUIT_BIT = [np.uint64(8 << (int(_T.suit_shift) + 4 * s)) for s in range(4)]
_S0, _S1, _S2 = _SUIT_BIT[0], _SUIT_BIT[1], _SUIT_BIT[2]


@intrinsic
def _unlikely(typingctx, cond):
    """``cond``, marked for LLVM as usually false (``llvm.expect``): the code after the
    branch is laid out for the other case. The flush test of :func:`value7` is true for one
    hand in 33; with the mark, all hands in nested loops ran 1.14x faster (bench/RESULTS.md,
    "issue 15, round 2")."""
    sig = types.boolean(types.boolean)

    def codegen(context, builder, signature, args):
        i1 = ir.IntType(1)
        fn = builder.module.declare_intrinsic("llvm.expect", [i1], ir.FunctionType(i1, [i1, i1]))
        return builder.call(fn, [args[0], ir.Constant(i1, 0)])

    return sig, codegen


@numba.njit(inline="always", cache=True)
def add(key, srm, card):
    """The hand with ``card`` (0..51) added: ``(key, srm)``."""
    return key + CARD_KEY[card], srm | CARD_SRM[card]


@numba.njit(inline="always", cache=True)
def value7(key, srm):
    """High value of a hand of exactly seven cards (as :func:`pyeval.high`)."""
    fl = key & _FLUSH_BITS
    if _unlikely(fl != 0):
        # five of a suit among seven: no full house or quads, the flush table decides
        sh = np.uint64(0)
        if fl & _S0:
            sh = np.uint64(0)
        elif fl & _S1:
            sh = np.uint64(16)
        elif fl & _S2:
            sh = np.uint64(32)
        else:
            sh = np.uint64(48)
        return FLUSH[(srm >> sh) & _RANKS]
    k = key & _LOW32
    row = ((k * _MULT) >> _ROW_SHIFT) & _ROW_MASK
    return VALUE[(k + np.uint64(DISP[row])) & _SLOT_MASK]


@numba.njit(cache=True)
def hand_of(cards):
    """``(key, srm)`` of an array of cards."""
    key, srm = EMPTY_KEY, EMPTY_SRM
    for c in cards:
        key, srm = add(key, srm, c)
    return key, srm
