"""Hold'em Monte Carlo with ranges through the joint table (pyeval.equity._rangemc): every
way of dealing it has agrees with exact enumeration within the Monte Carlo error, and a
seed gives the same answer on one thread or two."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.equity import _rangemc as RM
from pyeval.equity import equity

SPOTS = [
    (["AK", "QQ+"], ""),                              # heads-up, uniform, five cards
    (["0.3(AKs), AKo", "QQ+, 0.5(JJ)"], ""),          # weighted: the alias tables
    (["AK", "QQ+"], "2c7d9h"),                        # a flop known: two cards to deal
    (["AA,KK", "AK", "AQs+,KQs"], ""),                # three players
    (["AcAd", "KK, QQ", "JTs"], "Ts 9s 2d"),          # a fixed hand among ranges
]


@pytest.mark.parametrize("hands, board", SPOTS)
@pytest.mark.slow
def test_joint_table_agrees_with_exact(hands, board) -> None:
    exact = equity("holdem", hands, board, exact=True)
    mc = equity("holdem", hands, board, exact=False, samples=300_000, seed=11)
    for e, p in zip(exact.equities, mc.players):
        assert abs(p.equity - e) <= 4.5 * p.std_err + 1e-9, (hands, e, p.equity, p.std_err)


@pytest.mark.slow
def test_shared_pool_dealing_agrees_with_exact(monkeypatch) -> None:
    monkeypatch.setattr(RM, "MAX_POOL_BYTES", 0)            # no per-row pools
    for hands, board in (SPOTS[0], SPOTS[2], SPOTS[3]):
        exact = equity("holdem", hands, board, exact=True)
        mc = equity("holdem", hands, board, exact=False, samples=300_000, seed=12)
        for e, p in zip(exact.equities, mc.players):
            assert abs(p.equity - e) <= 4.5 * p.std_err + 1e-9, (hands, e, p.equity)


def test_acceptance_is_the_compatible_fraction() -> None:
    r = equity("holdem", ["AK", "QQ+"], exact=False, samples=10_000, seed=1)
    assert r.acceptance == pytest.approx(192 / 288)


@pytest.mark.parametrize("hands", [["AK", "QQ+"], ["AA,KK", "AK", "AQs+,KQs"]])
def test_same_seed_same_answer_on_one_or_two_threads(hands) -> None:
    a = equity("holdem", hands, exact=False, samples=400_000, seed=5, threads=1)
    b = equity("holdem", hands, exact=False, samples=400_000, seed=5, threads=2)
    assert a.players == b.players


def test_row_pools_leave_out_each_rows_cards() -> None:
    deck = np.arange(52, dtype=np.uint8)
    tm = np.array([(1 << 3) | (1 << 7), (1 << 0) | (1 << 51)], dtype=np.uint64)
    pools = RM.row_pools(deck, tm)
    assert pools.shape == (2, 50)
    assert 3 not in pools[0] and 7 not in pools[0] and 0 in pools[0]
    assert 0 not in pools[1] and 51 not in pools[1] and 3 in pools[1]


def test_heads_up_five_card_chunk_limit() -> None:
    # the heads-up five-card loop keeps both win counts in one 64-bit word
    from pyeval.cards import cards
    from pyeval.jit import numba_ext as nx
    T = nx.kernel_tables()
    h = np.array([cards("AcAd"), cards("KhKs")])
    held = {int(c) for c in h.ravel()}
    deck = np.array([c for c in range(52) if c not in held], np.uint8)
    tm = np.array([sum(1 << int(c) for c in h.ravel())], np.uint64)
    rows = RM.RowTable(T.ckey[h].sum(1, dtype=np.uint64)[None, :],
                       np.bitwise_or.reduce(T.csrm[h], axis=1)[None, :], tm,
                       np.zeros(1, np.uint64), np.zeros(1, np.int64), False, 1.0)
    pools = RM.row_pools(deck, tm)
    nsamp = np.array([10, RM.HU5_MAX_CHUNK])
    with pytest.raises(ValueError, match="at most 4294967295 deals, got 4294967296"):
        RM.holdem_range_mc(rows, deck, pools, 5, np.uint64(nx.KEY_START), np.uint64(0),
                           np.uint64(1), 0, nsamp, T.addrs)


def test_heads_up_row_pool_is_the_compiled_in_size() -> None:
    # the heads-up five-card loop compiles in the fixed-hand kernel's 48-card pool
    from pyeval.equity._dealing import five_threshold
    from pyeval.equity._montecarlo import FULL_POOL, FULL_THR5
    assert FULL_THR5 == five_threshold(FULL_POOL) == 2**32 % (44 * 45 * 46 * 47 * 48)
    pools = RM.row_pools(np.arange(52, dtype=np.uint8), np.array([0b1111], np.uint64))
    assert pools.shape[1] == FULL_POOL


@pytest.mark.slow
def test_heads_up_rows_with_dead_cards_agree_with_exact() -> None:
    """AK vs QQ+ with two dead cards: row pools of 46 cards, the heads-up loop compiled
    for any pool size (_rangemc._hu5_rows_any) rather than the 48-card one."""
    exact = equity("holdem", ["AK", "QQ+"], dead="2c 3d", exact=True)
    mc = equity("holdem", ["AK", "QQ+"], dead="2c 3d", exact=False, samples=300_000, seed=13)
    for e, p in zip(exact.equities, mc.players):
        assert abs(p.equity - e) <= 4.5 * p.std_err + 1e-9, (e, p.equity, p.std_err)


def test_heads_up_rows_hold_keys_and_pool_in_one_line() -> None:
    """hu5_rows: each row one 64-byte line starting on a line, the two keys plus the
    board's start, then the pool's bytes; a pool past 48 cards is refused."""
    rng = np.random.default_rng(3)
    tk = rng.integers(0, 2**40, size=(5, 2)).astype(np.uint64)
    pools = rng.integers(0, 52, size=(5, 48)).astype(np.uint8)
    rows = RM.hu5_rows(tk, pools, 1000)
    assert rows.shape == (5, 8) and rows.ctypes.data % 64 == 0
    assert (rows[:, :2] == tk + np.uint64(1000)).all()
    assert (rows.view(np.uint8)[:, RM.POOL_AT:] == pools).all()
    with pytest.raises(ValueError, match="at most 48 cards, got 49"):
        RM.hu5_rows(tk, np.zeros((5, 49), np.uint8), 0)
