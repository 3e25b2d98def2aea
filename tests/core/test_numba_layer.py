"""The Numba evaluation layer (pyeval.jit.numba_ext: hv, razz_v, low8_v, drop_best, omaha_v,
omaha_low8_v over the tables the C exports) tied to the C evaluators: every 5-card hand,
every 7-card hand (with the known category histogram), millions of random Omaha hands."""
from __future__ import annotations

from itertools import combinations

import numba
import numpy as np
import pytest

import pyeval
from pyeval._native import lib
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_mem import ld16

from .hands import next_subset, random_deals

T = nx.kernel_tables()
TA = T.addrs


def test_constants_and_tables_come_from_the_c() -> None:
    c = lib.pe_tables()
    assert (int(nx.MULT), nx.ROW_BITS, nx.SLOT_BITS) == (c.hash_mult, c.row_bits, c.slot_bits)
    assert int(nx.KEY_START) == c.key_start and int(nx.FLUSH_BITS) == c.flush_bits
    assert int(nx.OM_BOARD) + int(nx.KEY_START) == c.om_board_start
    # the kernel tables are views of the C memory, not copies
    assert T.om_high.ctypes.data == int(np.uint64(int(nx.ffi.cast("uintptr_t", c.om_high))))
    assert T.om_high.shape == (6175 * 91,) and not T.om_high.flags.writeable
    assert T.ckey[52:].sum() == 0 and T.csrm[52:].sum() == 0 and T.cbit[52:].sum() == 0
    # suit-rank bit of the ace of spades: suit 3, rank 12
    assert int(T.csrm[51]) == 1 << (16 * 3 + 12)


T_ckey, T_csrm, T_clow = T.ckey, T.csrm, T.clow.astype(np.uint64)


@numba.njit(cache=True, inline="always")
def _sums(cards, key):
    """the key (summed from ``key``), suit-rank mask and low mask of ``cards``"""
    srm = np.uint64(0)
    low = np.uint64(0)
    for c in cards:
        key += T_ckey[c]
        srm |= T_csrm[c]
        low |= T_clow[c]
    return key, srm, low


@numba.njit(cache=True)
def _values(hands, TA):
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    out = np.zeros((hands.shape[0], 3), dtype=np.uint16)
    for i in range(hands.shape[0]):
        k, s, lw = _sums(hands[i], nx.KEY_START)
        out[i, 0] = nx.hv(k, s, disp, high, flush)
        out[i, 1] = nx.razz_v(k, lw, disp, razz, razzm)
        out[i, 2] = nx.low8_v(lw, low8m)
    return out




def test_every_five_card_hand_equals_the_c() -> None:
    hands = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    assert len(hands) == 2_598_960
    v = _values(hands, TA)
    assert np.array_equal(v[:, 0], pyeval.high_batch(hands))
    assert np.array_equal(v[:, 1], pyeval.razz_batch(hands))
    assert np.array_equal(v[:, 2], pyeval.low8_batch(hands))
    # the 7,462 classes of five-card hands
    assert len(np.unique(v[:, 0])) == 7462


@numba.njit(cache=True)
def _all_seven(TA):
    """Every 7-card hand, each key and suit-rank mask summed card by card on its prefixes'
    (kept per position, rebuilt from the position :func:`next_subset` changed): the category
    histogram of the layer's hv and the number of hands where it differs from the C
    (pe_high7v)."""
    disp, high, flush = TA[4], TA[5], TA[6]
    hist = np.zeros(10, dtype=np.int64)
    bad = 0
    key = np.empty(8, np.uint64)
    srm = np.empty(8, np.uint64)
    key[0], srm[0] = nx.KEY_START, 0
    c = np.arange(7)
    p = 0
    while p >= 0:
        for q in range(p, 7):
            key[q + 1] = key[q] + T_ckey[c[q]]
            srm[q + 1] = srm[q] | T_csrm[c[q]]
        v = nx.hv(key[7], srm[7], disp, high, flush)
        hist[v >> 12] += 1
        if v != nx.high7(c[0], c[1], c[2], c[3], c[4], c[5], c[6]):
            bad += 1
        p = next_subset(c, 52)
    return hist, bad


def test_every_seven_card_hand_equals_the_c_and_the_known_histogram() -> None:
    hist, bad = _all_seven(TA)
    assert bad == 0
    # the standard counts of 7-card hands by category (high card .. straight flush)
    assert hist[1:].tolist() == [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020,
                                 4_047_644, 3_473_184, 224_848, 41_584]
    assert hist.sum() == 133_784_560


@numba.njit(cache=True)
def _omaha(holes, boards, TA):
    flush, board_disp, board_id, om_high, om_low8, pair_id = TA[6], *TA[10:]
    n, H = holes.shape
    out = np.zeros((n, 2), dtype=np.uint16)
    for i in range(n):
        hk, hs, hl = _sums(holes[i], np.uint64(0))
        bk, bs, bl = _sums(boards[i], nx.KEY_START)
        out[i, 0] = nx.omaha_v(np.uint64(holes.ctypes.data) + np.uint64(i * H), H, hk, hs, bk,
                               bs, flush, board_disp, board_id, om_high, pair_id)
        out[i, 1] = nx.omaha_low8_v(bl, hl, om_low8)
    return out


@pytest.mark.parametrize("h", [4, 5, 6])
@pytest.mark.slow
def test_omaha_on_millions_of_random_hands_equals_the_c(h: int) -> None:
    rng = np.random.default_rng(100 + h)
    d = random_deals(rng, 1_500_000, h + 5)
    # plenty of flushes: a third of the deals from two suits only
    two = np.array([c for c in range(52) if c % 4 < 2], dtype=np.uint8)
    d2 = two[np.argsort(rng.random((500_000, 26)), axis=1)[:, :h + 5]]
    d = np.concatenate([d, d2])
    holes, boards = np.ascontiguousarray(d[:, :h]), np.ascontiguousarray(d[:, h:])
    v = _omaha(holes, boards, TA)
    hi, lo = pyeval.omaha_hilo_batch(holes, boards)
    assert np.array_equal(v[:, 0], hi)
    assert np.array_equal(v[:, 1], lo)
    assert (hi >> 12 == 6).sum() > 10_000            # the flush path was exercised


@numba.njit(cache=True)
def _drop_best(deals, lo, hi_, TA):
    ckey, csrm, clow, cbit, disp, high, flush = TA[:7]
    out = np.zeros(deals.shape[0], dtype=np.uint16)
    n = deals.shape[1]
    for i in range(deals.shape[0]):
        k, s, _ = _sums(deals[i], nx.KEY_START)
        out[i] = nx.drop_best(k, s, np.uint64(deals.ctypes.data) + np.uint64(i * n), lo, hi_,
                              ckey, csrm, disp, high, flush)
    return out


def test_drop_best_is_the_c_hole_limit() -> None:
    # Tahoe: 3 hole cards (the first three), at most two of them with a 5-card board
    d = random_deals(np.random.default_rng(5), 300_000, 8)
    got = _drop_best(d, 0, 3, TA)
    want = pyeval.best_hand_batch(np.ascontiguousarray(d[:, :3]), np.ascontiguousarray(d[:, 3:]),
                                  0, 2)
    assert np.array_equal(got, want)


@numba.njit(cache=True)
def _inline_any(c, card_key, disp, high, flush, mult, row_bits, slot_bits):
    return nx.high_inline(c, c.shape[0], card_key, disp, high, flush, mult, row_bits, slot_bits)


@pytest.mark.parametrize("bad", [52, 255, 256, 300, 10**6, -1, 2**40])
def test_high_inline_reads_no_card_outside_its_table(bad: int) -> None:
    t = nx.tables()
    hand = np.array([51, 47, 43, 39, 30, 2, bad], dtype=np.int64)
    got = int(_inline_any(hand, t.card_key, t.disp, t.high, t.flush, t.mult, t.row_bits,
                          t.slot_bits))
    # as in C, a byte that is no card adds nothing: the value of the six real cards
    want = int(pyeval.high_batch(np.array([[51, 47, 43, 39, 30, 2, 52]], np.uint8), check=False)[0])
    assert got == want == pyeval.high("As Ks Qs Js 9h 2h")


def test_kernel_values_by_address_read_the_same_tables() -> None:
    @numba.njit(cache=False)
    def first(TA):
        return ld16(TA[5], 0), ld16(TA[6], 31 << 8)

    a, b = first(TA)
    assert int(a) == int(T.high[0]) and int(b) == int(T.flush[31 << 8])
