"""The C evaluators, callable from ``@numba.njit`` code, with ``cache=True``.

Numba refuses to cache a function that calls a cffi function held as a global (the function
pointer is a "dynamic global" that would not survive a new process). Here the C functions
are instead declared as *external functions named by their symbol*: the compiled extension
is loaded into LLVM's symbol table once (``load_library_permanently``), and the cached
machine code refers to the symbols by name, so it links again in a fresh process.

>>> import numpy as np, numba
>>> from pyeval.jit import numba_ext as nx
>>> @numba.njit(cache=False)
... def best_of(c):
...     return nx.high7(c[0], c[1], c[2], c[3], c[4], c[5], c[6])
>>> import pyeval
>>> int(best_of(pyeval.cards("As Ks Qs Js Ts 2c 3d"))) == pyeval.high("As Ks Qs Js Ts")
True

For the hottest loops, :func:`tables` gives the lookup tables themselves as numpy arrays
(views of the C memory, read-only by convention) so a kernel can inline the lookups; see
:func:`high_inline` for the recipe, checked against C in the tests.

The evaluation layer. :func:`kernel_tables` gives every table the C builds (Omaha's
included) with their addresses, and :func:`hv`, :func:`razz_v`, :func:`low8_v`,
:func:`drop_best`, :func:`omaha_v` and :func:`omaha_low8_v` are the C's lookups written for
Numba over those addresses: a hand is its summed card key (from :data:`KEY_START`) plus the
OR of its cards' suit-rank bits (``card_srm``, bit ``16 * suit + rank``) and ace-low bits
(``card_lowbit``), so that a kernel sums a board once per deal and each player adds only
its own cards. Every constant (:data:`MULT`, :data:`ROW_BITS`, :data:`SLOT_BITS`, ...) is
read from the C at import; no table is built here. Tests tie each lookup to the C
evaluators (tests/core/test_numba_layer.py).

>>> t = kernel_tables()
>>> c = pyeval.cards("As Ks Qs Js Ts 2c 3d")
>>> key = KEY_START + t.ckey[c].sum(dtype=np.uint64)
>>> srm = np.bitwise_or.reduce(t.csrm[c])
>>> @numba.njit(cache=False)
... def value(key, srm, TA):
...     return hv(key, srm, TA.disp, TA.high, TA.flush)
>>> int(value(key, srm, t.addrs)) == pyeval.high(c)
True
"""
from __future__ import annotations

from typing import NamedTuple

import llvmlite.binding as llvm
import numba
import numpy as np
from numba import types
from numba.extending import intrinsic

from pyeval._native import LIBRARY_PATH, ffi, lib
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import ld8, ld16, ld32, ld64
from pyeval.jit.stamped_cache import fresh_tables_cache_once

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
    fresh_tables_cache_once()       # before a kernel taking them loads its cache
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


# ------------------------------------------------------------------------------ constants
# read from the C (pe_tables_t in csrc/pyeval.h), never written down again

_C = lib.pe_tables()
#: starting key of a hand: each suit counter at 3 (csrc/keys.h)
KEY_START = np.uint64(_C.key_start)
#: bit 3 of each suit counter: set when the suit has five cards or more
FLUSH_BITS = np.uint64(_C.flush_bits)
SUIT_SHIFT = int(_C.suit_shift)
#: the main perfect hash (csrc/phash.h, tables.h)
MULT = np.uint64(_C.hash_mult)
ROW_BITS = int(_C.row_bits)
SLOT_BITS = int(_C.slot_bits)
ROW_SHIFT = np.uint64(32 - ROW_BITS)
SLOT_MASK = np.uint64((1 << SLOT_BITS) - 1)
#: the Omaha board hash and rows (csrc/omaha.c)
BOARD_MULT = np.uint64(_C.board_mult)
BOARD_ROW_SHIFT = np.uint64(32 - int(_C.board_row_bits))
BOARD_SLOT_MASK = np.uint64((1 << int(_C.board_slot_bits)) - 1)
N_PAIRS = np.uint64(_C.n_pairs)
#: added to a board key that already holds KEY_START: the board counters' Omaha start
OM_BOARD = np.uint64(_C.om_board_start - _C.key_start)
#: starting suit counters of Omaha hole cards
OM_HOLE = np.uint64(_C.om_hole_start)
LOW32 = np.uint64(0xFFFFFFFF)
_FL_SHIFT = np.uint64(SUIT_SHIFT + 3)      # the flush bits, as bits 0, 4, 8, 12
_B1 = np.uint64(1)
_LOW_BITS = np.uint64(0x1FFF)
_LOW8_BITS = np.uint64(0xFF)


class KernelTables(NamedTuple):
    """Every table the C builds, as read-only numpy views, in the order kernels unpack
    their addresses (:attr:`addrs`)."""

    ckey: np.ndarray      # uint64[256] additive card key (0 past 51)
    csrm: np.ndarray      # uint64[256] 1 << (16 * suit + rank)
    clow: np.ndarray      # uint16[256] 1 << ace-low rank
    cbit: np.ndarray      # uint64[256] 1 << card
    disp: np.ndarray      # uint32 displacement per row of the main perfect hash
    high: np.ndarray      # uint16 non-flush high value by slot
    flush: np.ndarray     # uint16[8192] by 13-bit suit mask
    razz: np.ndarray      # uint16 razz value by slot
    razzm: np.ndarray     # uint16[8192] razz by ace-low rank mask
    low8m: np.ndarray     # uint16[256] 8-or-better by mask of A..8
    board_disp: np.ndarray  # uint32 Omaha board hash displacements
    board_id: np.ndarray  # uint16 Omaha board number by slot
    om_high: np.ndarray   # uint16[6175 * 91] Omaha: best non-flush value by board and pair
    om_low8: np.ndarray   # uint8[65536] Omaha 8-or-better by board and hole A..8 masks
    pair_id: np.ndarray   # uint8[169] index of an unordered pair of ranks

    @property
    def addrs(self) -> TableAddrs:
        """The tables' addresses by name (:class:`TableAddrs`), as the kernels take them."""
        return TableAddrs(*(np.uint64(a.ctypes.data) for a in self))


class TableAddrs(NamedTuple):
    """The address (``uint64``) of each table of :class:`KernelTables`, by the same names:
    what equity kernels take (``TA.disp``, ``TA.om_high``; see :mod:`pyeval.jit.numba_mem` for
    why addresses, not arrays)."""

    ckey: np.uint64
    csrm: np.uint64
    clow: np.uint64
    cbit: np.uint64
    disp: np.uint64
    high: np.uint64
    flush: np.uint64
    razz: np.uint64
    razzm: np.uint64
    low8m: np.uint64
    board_disp: np.uint64
    board_id: np.uint64
    om_high: np.uint64
    om_low8: np.uint64
    pair_id: np.uint64


_KERNEL_TABLES: KernelTables | None = None


def kernel_tables() -> KernelTables:
    """Views of every C table, for kernels that inline the lookups (built once by the C at
    import; this only wraps them)."""
    global _KERNEL_TABLES
    if _KERNEL_TABLES is None:
        fresh_tables_cache_once()   # before a kernel taking them loads its cache
        t = _C
        rows, slots = 1 << t.row_bits, 1 << t.slot_bits
        _KERNEL_TABLES = KernelTables(
            _view(t.card_key, "uint64_t", 256, np.uint64),
            _view(t.card_srm, "uint64_t", 256, np.uint64),
            _view(t.card_lowbit, "uint16_t", 256, np.uint16),
            _view(t.card_bit, "uint64_t", 256, np.uint64),
            _view(t.hash_disp, "uint32_t", rows, np.uint32),
            _view(t.high_table, "uint16_t", slots, np.uint16),
            _view(t.flush_table, "uint16_t", 8192, np.uint16),
            _view(t.razz_table, "uint16_t", slots, np.uint16),
            _view(t.razz_mask, "uint16_t", 8192, np.uint16),
            _view(t.low8_mask, "uint16_t", 256, np.uint16),
            _view(t.board_disp, "uint32_t", 1 << t.board_row_bits, np.uint32),
            _view(t.board_id, "uint16_t", 1 << t.board_slot_bits, np.uint16),
            _view(t.om_high, "uint16_t", t.n_boards * t.n_pairs, np.uint16),
            _view(t.om_low8, "uint8_t", 65536, np.uint8),
            _view(t.pair_id, "uint8_t", 169, np.uint8),
        )
    return _KERNEL_TABLES


# ------------------------------------------------------------------------------ lookups
# Table arguments are addresses (KernelTables.addrs): see pyeval.jit.numba_mem for why. The
# lookups are compiled for compiled callers (numba_linked.linked: no Python entry point,
# optimised and made machine code once, inside the kernel that calls them); a Python call
# runs a separate, uncached compile of the lookup, so time them inside a compiled function.
# omaha_flush keeps its own optimisation: linked unoptimised, the Omaha Monte Carlo kernel
# that calls it ran 3-6 % slower.

@linked(cache=True)
def main_slot(rk, disp):
    """Slot of a rank key in the main perfect hash (csrc/tables.h ``pe_main_slot``)."""
    row = ((rk * MULT) & LOW32) >> ROW_SHIFT
    return (rk + np.uint64(ld32(disp, row))) & SLOT_MASK


@linked(cache=True)
def hv(key, srm, disp, high, flush):
    """High value of up to seven cards from their summed key (from KEY_START) and OR-ed
    suit-rank bits (csrc/eval_inline.h ``pe_high_inline``). With five cards of a suit among
    seven no full house or quads is possible, so the flush table's answer is final."""
    fl = key & FLUSH_BITS
    if fl != 0:
        x = fl >> _FL_SHIFT
        sh = np.uint64(0)
        if x & np.uint64(0x10):
            sh = np.uint64(16)
        elif x & np.uint64(0x100):
            sh = np.uint64(32)
        elif x & np.uint64(0x1000):
            sh = np.uint64(48)
        return np.uint64(ld16(flush, (srm >> sh) & _LOW_BITS))
    return np.uint64(ld16(high, main_slot(key & LOW32, disp)))


@linked(cache=True)
def razz_v(key, low, disp, razz, razzm):
    """Razz value from the key and the OR of the cards' ace-low rank bits
    (``pe_razz_inline``): five distinct ranks are read from the mask table, paired hands
    through the perfect hash."""
    v = ld16(razzm, low & _LOW_BITS)
    if v != 0:
        return np.uint64(v)
    return np.uint64(ld16(razz, main_slot(key & LOW32, disp)))


@linked(cache=True)
def low8_v(low, low8m):
    """8-or-better value from the OR of the cards' ace-low rank bits (``pe_low8_inline``)."""
    return np.uint64(ld16(low8m, low & _LOW8_BITS))


@linked(cache=True)
def drop_best(key, srm, cards, lo, hi_, ckey, csrm, disp, high, flush):
    """Best high value over leaving out one of the cards cards[lo:hi_] (an address): the
    hole-usage limits of csrc/holeuse.c for one card too many (Tahoe, Super Eight, Buffalo,
    Crocodile)."""
    best = np.uint64(0)
    for i in range(lo, hi_):
        c = ld8(cards, i)
        v = hv(key - ld64(ckey, c), srm & ~ld64(csrm, c), disp, high, flush)
        if v > best:
            best = v
    return best


@intrinsic
def _bit_count(typingctx, x):
    """The number of set bits of a uint64 (LLVM's ctpop: one popcnt instruction)."""
    if x != types.uint64:
        return None
    return types.uint64(types.uint64), lambda context, builder, sig, args: builder.ctpop(args[0])


@numba.njit(cache=True)
def omaha_flush(fl, bs, hs, flush):
    """Best flush of exactly two hole cards and three board cards in the suits of ``fl``
    (csrc/omaha.c's slow path, on suit-rank masks: ``bs`` the board's, ``hs`` the hole's):
    every three of the suit's board cards with every two of its hole cards, walked as the
    sub-masks of the suit's board and hole masks that have three and two bits."""
    x = fl >> _FL_SHIFT
    best = np.uint64(0)
    for s in range(4):
        if not (x >> np.uint64(4 * s)) & _B1:
            continue
        B = (bs >> np.uint64(16 * s)) & _LOW_BITS
        Hm = (hs >> np.uint64(16 * s)) & _LOW_BITS
        b3 = B
        while b3:
            if _bit_count(b3) == np.uint64(3):
                h2 = Hm
                while h2:
                    if _bit_count(h2) == np.uint64(2):
                        v = np.uint64(ld16(flush, b3 | h2))
                        if v > best:
                            best = v
                    h2 = (h2 - _B1) & Hm
            b3 = (b3 - _B1) & B
    return best


@linked(cache=True)
def omaha_v(hole, H, hk, hs, bk, bs, flush, board_disp, board_id, om_high, pair_id):
    """Omaha high of H hole cards at ``hole`` (an address) on a five-card board, as
    csrc/omaha.c: the board's row (through the board hash of its rank key ``bk``, which
    holds KEY_START), the best entry of that row over the hole pairs, and the flush slow
    path when a suit has three board and two hole cards (``hk``/``hs``: the hole's key and
    suit-rank bits)."""
    rk = bk & LOW32
    sl = (rk + np.uint64(ld32(board_disp, ((rk * BOARD_MULT) & LOW32) >> BOARD_ROW_SHIFT))) \
        & BOARD_SLOT_MASK
    row = np.uint64(ld16(board_id, sl)) * N_PAIRS
    best = np.uint64(0)
    for i in range(H):
        ri = np.uint64(ld8(hole, i) >> 2) * np.uint64(13)
        for j in range(i + 1, H):
            v = np.uint64(ld16(om_high, row + np.uint64(ld8(pair_id, ri + (ld8(hole, j) >> 2)))))
            if v > best:
                best = v
    fl = ((bk + OM_BOARD) & (hk + OM_HOLE)) & FLUSH_BITS
    if fl != 0:
        v = omaha_flush(fl, bs, hs, flush)
        if v > best:
            best = v
    return best


@linked(cache=True)
def omaha_low8_v(bl, hl, om_low8):
    """Omaha 8-or-better low from the board's and the hole's ace-low rank bits."""
    return np.uint64(ld8(om_low8, ((bl & _LOW8_BITS) << np.uint64(8)) | (hl & _LOW8_BITS)))


_CARD_MAX = np.uint64(255)


@numba.njit(cache=True, inline="always")
def high_inline(c, n, card_key, disp, high, flush, mult, row_bits, slot_bits):
    """High value of the first n cards of c, with the C tables' lookups inlined (the same
    steps as csrc/eval_inline.h). Works on any n <= 7. A card outside 0..51 counts as no
    card (as in C); values above 255 are read as 255, never past the table."""
    key = KEY_START
    for i in range(n):
        key += card_key[min(np.uint64(c[i]), _CARD_MAX)]
    fl = key & FLUSH_BITS
    if fl != 0:
        f = np.uint64(fl >> np.uint64(SUIT_SHIFT))
        s = 0
        while (f >> np.uint64(4 * s + 3)) & np.uint64(1) == 0:
            s += 1
        m = 0
        for i in range(n):
            if (c[i] & 3) == s and 0 <= c[i] < 52:
                m |= 1 << (c[i] >> 2)
        return flush[m & 0x1FFF]
    rk = np.uint32(key & np.uint64(0xFFFFFFFF))
    row = np.uint32(rk * np.uint32(mult)) >> np.uint32(32 - row_bits)
    slot = np.uint32(rk + disp[row]) & np.uint32((1 << slot_bits) - 1)
    return high[slot]
