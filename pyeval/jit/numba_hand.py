"""Incremental 7-card high hands for Numba kernels, over a table of their own (csrc/incr7.c).

A hand is two uint64 numbers that grow one card at a time, as a kernel deals: the summed
card ``key`` (from :data:`EMPTY_KEY`) and ``mask``, the OR of the cards' suit-rank bits.
:func:`add` puts a card in; :func:`value7` gives the high value of seven cards, equal to
:func:`pyeval.high`. A loop that deals the seventh card last pays one add and one lookup
per hand:

>>> import numba, pyeval
>>> @numba.njit(cache=False)
... def best_seventh(board_and_hole, rest):
...     key, mask = EMPTY_KEY, EMPTY_SRM
...     for c in board_and_hole:
...         key, mask = add(key, mask, c)
...     best = 0
...     for c in rest:
...         k, m = add(key, mask, c)
...         best = max(best, value7(k, m))
...     return best
>>> six = pyeval.cards("As Ks Qs Js 2d 3c")
>>> int(best_seventh(six, pyeval.cards("Ts 9h"))) == pyeval.high("As Ks Qs Js Ts")
True

The layout (csrc/incr7.c): the key's low 32 bits are the sum of a small multiplier per rank
(all below 2^23 for seven cards), cut into rows by a shift; one row offset places the key
in the value table, no multiply and no mask. Bits 32..47 are the suit counters of
csrc/keys.h, so ``key & flush_bits`` tells a flush; the mask holds suit ``s`` at bits
``48 - 16 s``, so the flush suit's ranks are one shift by ``4 * clz(key & flush_bits)``
away. The key and mask are not those of :mod:`pyeval.jit.numba_ext` (``hv``): the two are
separate layouts.

An enumeration that deals the seventh card innermost can do better: :func:`ready6` turns a
six-card hand into one number once (a six-card lookup), and :func:`value7_with` adds the
seventh card with a single load from 13 adjacent values, testing for a flush only when the
six hold four of a suit.

The C library builds the tables on first use (about 0.5 s of CPU); they are kept in
pyeval's cache folder (:mod:`pyeval.cached_arrays`: 0.01 s to load) and copied into
module-level arrays, which Numba compiles in as constants (so ``cache=True`` works).
Memory: :data:`TABLE_BYTES`, 969,246 bytes: for :func:`value7` 263 KB of values, 16 KB of
row offsets and the 16 KB flush table; for :func:`ready6` / :func:`value7_with` 478 KB of
values (13 per six-card rank multiset), 175 KB of six-card slots (each the row's first
value, uint32) and 15 KB of offsets.
"""
from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from pyeval._native import ffi, lib
from pyeval.cached_arrays import cached_arrays

__all__ = ["EMPTY_KEY", "EMPTY_MASK", "EMPTY_SRM", "TABLE_BYTES", "add", "hand_of", "ready6",
           "value7", "value7_with"]

_N_ROWS = 3959        # csrc/incr7.c: PE_I7_ROWS
_N_VALUES = 131_612   # the size the row-offset hash packs the 49,205 keys into
_N_SIX_ROWS = 3633    # csrc/incr7.c: PE_I7_SIX_ROWS
_N_SIX_SLOTS = 43_714  # ... and its 18,395 six-card keys into
_N_SIX = 18_395


def _copy(ptr, ctype: str, n: int, dtype) -> np.ndarray:
    buf = ffi.buffer(ffi.cast(f"{ctype} *", ptr), n * np.dtype(dtype).itemsize)
    return np.frombuffer(buf, dtype=dtype).copy()


def _build() -> dict[str, np.ndarray]:
    t = lib.pe_incr7_tables()
    if t == ffi.NULL:
        raise RuntimeError("pe_incr7_tables failed: the incremental 7-card table could not be built")
    got = (t.n_rows, t.n_values, t.n_six_rows, t.n_six_slots, t.n_six)
    if got != (_N_ROWS, _N_VALUES, _N_SIX_ROWS, _N_SIX_SLOTS, _N_SIX):
        raise RuntimeError(f"incr7 tables have sizes {got}, expected "
                           f"{(_N_ROWS, _N_VALUES, _N_SIX_ROWS, _N_SIX_SLOTS, _N_SIX)}")
    return {"card_key": _copy(t.card_key, "uint64_t", 256, np.uint64),
            "card_mask": _copy(t.card_mask, "uint64_t", 256, np.uint64),
            "offsets": _copy(t.offsets, "uint32_t", _N_ROWS, np.uint32),
            "values": _copy(t.values, "uint16_t", _N_VALUES, np.uint16),
            "flush": _copy(t.flush, "uint16_t", 8192, np.uint16),
            "six_offsets": _copy(t.six_offsets, "uint32_t", _N_SIX_ROWS, np.uint32),
            "six_index": _copy(t.six_index, "uint16_t", _N_SIX_SLOTS, np.uint16),
            "after6": _copy(t.after6, "uint16_t", 13 * _N_SIX, np.uint16),
            "card_after6": _copy(t.card_after6, "uint64_t", 256, np.uint64)}


_A = cached_arrays("incr7_v2", _build, {"card_key": (256,), "card_mask": (256,),
                                        "offsets": (_N_ROWS,), "values": (_N_VALUES,),
                                        "flush": (8192,), "six_offsets": (_N_SIX_ROWS,),
                                        "six_index": (_N_SIX_SLOTS,), "after6": (13 * _N_SIX,),
                                        "card_after6": (256,)})
CARD_KEY = _A["card_key"]
CARD_MASK = _A["card_mask"]
OFFSETS = _A["offsets"]
VALUES = _A["values"]
FLUSH = _A["flush"]
SIX_OFFSETS = _A["six_offsets"]
SIX_INDEX = _A["six_index"]
# the six-card slots' multiset numbers times 13, as uint32: ready6 reads the row base of
# AFTER6 directly instead of multiplying per six-card hand (two LEAs)
SIX_BASE = SIX_INDEX.astype(np.uint32) * np.uint32(13)
AFTER6 = _A["after6"]
CARD_AFTER6 = _A["card_after6"]
#: bytes of the arrays the functions read (SIX_BASE in place of SIX_INDEX)
TABLE_BYTES = sum(a.nbytes for a in _A.values()) - SIX_INDEX.nbytes + SIX_BASE.nbytes

#: a hand with no card yet: key (suit counters at 3, csrc/keys.h) and mask
EMPTY_KEY = np.uint64(0x3333 << 32)
EMPTY_MASK = np.uint64(0)
EMPTY_SRM = EMPTY_MASK          # the name of earlier releases
_FLUSH_BITS = np.uint64(0x8888 << 32)
_SHIFT = np.uint32(11)          # csrc/incr7.c: PE_I7_SHIFT
_RANKS = np.uint64(0x1FFF)
_SIXTY_THREE = np.uint64(63)
_TWO = np.uint64(2)
_SUITS = np.uint64(0xFFFF << 32)
_ONE_MORE = np.uint64(0x1111 << 32)      # one more card of every suit
_MAY_FLUSH = np.uint64(1 << 63)


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


@intrinsic
def _clz(typingctx, x):
    """count of leading zero bits of a uint64 (``llvm.ctlz``; one LZCNT on x86-64)"""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        i64, i1 = ir.IntType(64), ir.IntType(1)
        fn = builder.module.declare_intrinsic("llvm.ctlz", [i64], ir.FunctionType(i64, [i64, i1]))
        return builder.call(fn, [args[0], ir.Constant(i1, 0)])

    return sig, codegen


@intrinsic
def _stay_scalar(typingctx):
    """An empty ``asm sideeffect`` that emits no instruction. Placed after the loads of
    :func:`value7` and :func:`value7_with`, it keeps LLVM from vectorizing the caller's loop
    into AVX-512 gathers or extracts and inserts: with :func:`value7`, all hands in nested
    loops ran at 0.6-0.7 of the scalar loop's speed on this Zen 4 (with ``value7_with``, no
    faster; bench/RESULTS.md, "incremental hands, round 3"). It also keeps LLVM from merging
    two table loads into one behind a select of addresses."""
    sig = types.void()

    def codegen(context, builder, signature, args):
        builder.asm(ir.FunctionType(ir.VoidType(), []), "", "", [], side_effect=True)
        return context.get_dummy_value()

    return sig, codegen


@intrinsic
def _opaque(typingctx, x):
    """``x`` unchanged, through an empty ``asm`` that LLVM cannot see into (no instruction).
    :func:`value7_with` indexes its flush path's card tables with it: seen as an affine
    function of the caller's loop counter, those indices made LLVM's loop strength
    reduction keep two pointers per loop level (``&CARD_AFTER6[c5 + 1]``,
    ``&CARD_MASK[c5 + 1]``, stepped by 8 at every level and spilled to the stack in
    seven ``range`` loops; ``inspect_asm()``), for a path that one six-card hand in nine
    takes (bench/RESULTS.md, "incremental hands, round 4")."""
    sig = x(x)

    def codegen(context, builder, signature, args):
        ty = args[0].type
        return builder.asm(ir.FunctionType(ty, [ty]), "", "=r,0", [args[0]], side_effect=False)

    return sig, codegen


@numba.njit(inline="always", cache=True)
def add(key, mask, card):
    """The hand with ``card`` (0..51) added: ``(key, mask)``."""
    return key + CARD_KEY[card], mask | CARD_MASK[card]


@numba.njit(inline="always", cache=True)
def value7(key, mask):
    """High value of a hand of exactly seven cards (as :func:`pyeval.high`)."""
    if _unlikely((key & _FLUSH_BITS) != 0):
        # five of a suit among seven: no full house or quads, the flush table decides.
        # fl has bit 3 + 4 s for the flush suit s, so clz (of 64 bits) is 60 - 4 s and
        # four times that is 48 - 16 s modulo 64: the suit's place in the mask. Written
        # from the high half of the key, not from key & flush bits, so that LLVM keeps the
        # test above a TEST instead of keeping the AND's result for this branch.
        fl = np.uint64(np.uint32(key >> np.uint64(32)) & np.uint32(0x8888))
        v = FLUSH[(mask >> ((_clz(fl) << _TWO) & _SIXTY_THREE)) & _RANKS]
        _stay_scalar()
        return v
    r = np.uint32(key)
    return VALUES[np.uint32(r + OFFSETS[r >> _SHIFT])]


@numba.njit(inline="always", cache=True)
def ready6(key, mask):
    """A hand of exactly six cards made ready for its seventh (:func:`value7_with`): one
    lookup here instead of one per seventh card. The result is a uint64: the six cards'
    multiset number times 13 (low 32 bits), their suit counters (bits 32..47) and bit 63
    when four of a suit make a flush possible."""
    r = np.uint32(key)
    base = np.uint64(SIX_BASE[np.uint32(r + SIX_OFFSETS[r >> _SHIFT])])
    if ((key + _ONE_MORE) & _FLUSH_BITS) != 0:
        base |= _MAY_FLUSH
    return (key & _SUITS) | base


@numba.njit(inline="always", cache=True)
def value7_with(ready, mask, card):
    """High value of the six cards of ``ready`` (:func:`ready6`) and ``mask`` with ``card``
    added (as :func:`pyeval.high`): one load when no flush is possible.

    >>> import numba, pyeval
    >>> @numba.njit(cache=False)
    ... def best_seventh(six, rest):
    ...     key, mask = hand_of(six)
    ...     ready = ready6(key, mask)
    ...     best = 0
    ...     for c in rest:
    ...         best = max(best, value7_with(ready, mask, c))
    ...     return best
    >>> six = pyeval.cards("As Ks Qs Js 2d 3c")
    >>> int(best_seventh(six, pyeval.cards("Ts 9h"))) == pyeval.high("As Ks Qs Js Ts")
    True
    """
    if not _unlikely(ready >= _MAY_FLUSH):
        v = AFTER6[np.uint32(ready) + np.uint32(card >> 2)]
        _stay_scalar()
        return v
    c = _opaque(card)
    k = ready + CARD_AFTER6[c]
    if (k & _FLUSH_BITS) != 0:
        fl = np.uint64(np.uint32(k >> np.uint64(32)) & np.uint32(0x8888))
        m = mask | CARD_MASK[c]
        v = FLUSH[(m >> ((_clz(fl) << _TWO) & _SIXTY_THREE)) & _RANKS]
        _stay_scalar()
        return v
    return AFTER6[np.uint32(k)]


@numba.njit(cache=True)
def hand_of(cards):
    """``(key, mask)`` of an array of cards."""
    key, mask = EMPTY_KEY, EMPTY_MASK
    for c in cards:
        key, mask = add(key, mask, c)
    return key, mask
