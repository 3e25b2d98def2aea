"""The C evaluators, callable from ``@numba.njit`` code, with ``cache=True``.

Numba refuses to cache a function that calls a cffi function held as a global (the function
pointer is a "dynamic global" that would not survive a new process). Here the C functions
are instead declared as *external functions named by their symbol*: the compiled extension
is loaded into LLVM's symbol table once (``load_library_permanently``), and the cached
machine code refers to the symbols by name, so it links again in a fresh process.

>>> import numpy as np, numba
>>> from pyeval import numba_ext as nx
>>> @numba.njit(cache=False)
... def best_of(c):
...     return nx.high7(c[0], c[1], c[2], c[3], c[4], c[5], c[6])
>>> import pyeval
>>> int(best_of(pyeval.cards("As Ks Qs Js Ts 2c 3d"))) == pyeval.high("As Ks Qs Js Ts")
True

For the hottest loops, :func:`tables` gives the lookup tables themselves as numpy arrays
(views of the C memory, read-only by convention) so a kernel can inline the lookups; see
:func:`high_inline` for the recipe, checked against C in the tests.
"""
from __future__ import annotations

from typing import NamedTuple

import llvmlite.binding as llvm
import numba
import numpy as np
from numba import types

from pyeval._native import LIBRARY_PATH, ffi, lib

llvm.load_library_permanently(LIBRARY_PATH)

_u8p = types.uint64   # addresses are passed as integers: arr.ctypes.data
_i32 = types.int32
_u16 = types.uint16

#: high value of seven cards given as seven integers
high7 = types.ExternalFunction("pe_high7v", _u16(*([types.uint32] * 7)))
#: high / razz / low8 value of n cards at address ``addr`` (``arr.ctypes.data``)
high_addr = types.ExternalFunction("pe_high_addr", _u16(_u8p, _i32))
razz_addr = types.ExternalFunction("pe_razz_addr", _u16(_u8p, _i32))
low8_addr = types.ExternalFunction("pe_low8_addr", _u16(_u8p, _i32))
#: Omaha high / low8 of nh hole cards and nb board cards, by address
omaha_high_addr = types.ExternalFunction("pe_omaha_high_addr", _u16(_u8p, _i32, _u8p, _i32))
omaha_low8_addr = types.ExternalFunction("pe_omaha_low8_addr", _u16(_u8p, _i32, _u8p, _i32))
#: best hand with hole-usage limits (kind 0 high, 1 razz, 2 low8), by address
best_addr = types.ExternalFunction(
    "pe_best_addr", _u16(_u8p, _i32, _u8p, _i32, _i32, _i32, _i32))


class Tables(NamedTuple):
    """The C lookup tables as numpy views (see csrc/keys.h, phash.h, tables.h)."""

    card_key: np.ndarray      # uint64[256]
    disp: np.ndarray          # uint32[1 << row_bits]
    high: np.ndarray          # uint16[1 << slot_bits], non-flush high value by slot
    razz: np.ndarray          # uint16[1 << slot_bits]
    flush: np.ndarray         # uint16[8192]
    low8_mask: np.ndarray     # uint16[256]
    razz_mask: np.ndarray     # uint16[8192]
    card_lowbit: np.ndarray   # uint16[256]
    mult: int
    row_bits: int
    slot_bits: int


def _view(ptr, ctype: str, n: int, dtype) -> np.ndarray:
    buf = ffi.buffer(ffi.cast(f"{ctype} *", ptr), n * np.dtype(dtype).itemsize)
    a = np.frombuffer(buf, dtype=dtype)
    a.flags.writeable = False
    return a


def tables() -> Tables:
    """Views of the C tables, for kernels that inline the lookups."""
    t = lib.pe_tables()
    rows, slots = 1 << t.row_bits, 1 << t.slot_bits
    return Tables(
        _view(t.card_key, "uint64_t", 256, np.uint64),
        _view(t.hash_disp, "uint32_t", rows, np.uint32),
        _view(t.high_table, "uint16_t", slots, np.uint16),
        _view(t.razz_table, "uint16_t", slots, np.uint16),
        _view(t.flush_table, "uint16_t", 8192, np.uint16),
        _view(t.low8_mask, "uint16_t", 256, np.uint16),
        _view(t.razz_mask, "uint16_t", 8192, np.uint16),
        _view(t.card_lowbit, "uint16_t", 256, np.uint16),
        int(t.hash_mult), int(t.row_bits), int(t.slot_bits),
    )


KEY_START = np.uint64(0x3333 << 32)
FLUSH_BITS = np.uint64(0x8888 << 32)


@numba.njit(cache=True, inline="always")
def high_inline(c, n, card_key, disp, high, flush, mult, row_bits, slot_bits):
    """High value of the first n cards of c, with the C tables' lookups inlined (the same
    steps as csrc/eval_inline.h). Works on any n <= 7."""
    key = KEY_START
    for i in range(n):
        key += card_key[c[i]]
    fl = key & FLUSH_BITS
    if fl != 0:
        f = np.uint64(fl >> np.uint64(32))
        s = 0
        while (f >> np.uint64(4 * s + 3)) & np.uint64(1) == 0:
            s += 1
        m = 0
        for i in range(n):
            if (c[i] & 3) == s and c[i] < 52:
                m |= 1 << (c[i] >> 2)
        return flush[m & 0x1FFF]
    rk = np.uint32(key & np.uint64(0xFFFFFFFF))
    row = np.uint32(rk * np.uint32(mult)) >> np.uint32(32 - row_bits)
    slot = np.uint32(rk + disp[row]) & np.uint32((1 << slot_bits) - 1)
    return high[slot]
