"""The 7-card high batch runs one of several loops (csrc/high7_batch.c: 1 scalar, 2 AVX2,
3 the general tables, 4 AVX-512); each is forced here and must give the same values and the same
first bad row as the others."""
from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import pyeval
from pyeval._native import lib

PATHS = [1, 2, 3, 4]


@pytest.fixture(params=PATHS)
def path(request: pytest.FixtureRequest) -> Iterator[int]:
    if lib.pe_h7_set_path(request.param) != request.param:
        pytest.skip(f"this CPU cannot run path {request.param} (AVX2 or AVX-512 missing)")
    yield request.param
    lib.pe_h7_set_path(0)


def _deals(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def _reference(a: np.ndarray) -> np.ndarray:
    """values one hand at a time through the single-hand C function"""
    return np.array([pyeval.high(row) for row in a], dtype=np.uint16)


def _every_seven_card_multiset() -> np.ndarray:
    """one hand per rank multiset of seven cards (at most four of a rank), suits dealt in
    turn so that no suit holds five: every key of the compact 7-card table"""
    rows: list[list[int]] = []

    def walk(rank: int, left: int, ranks: list[int]) -> None:
        if rank == 13:
            if left == 0:
                rows.append([4 * r + i % 4 for i, r in enumerate(ranks)])
            return
        for k in range(min(4, left) + 1):
            walk(rank + 1, left - k, ranks + [rank] * k)

    walk(0, 7, [])
    return np.array(rows, dtype=np.uint8)


ALL7 = _every_seven_card_multiset()


def test_before_measuring_the_automatic_path_is_the_widest_the_cpu_has() -> None:
    has_avx2 = lib.pe_h7_set_path(2) == 2
    has_avx512 = lib.pe_h7_set_path(4) == 4
    lib.pe_h7_set_path(0)
    measured = lib.pe_h7_path()
    lib.pe_h7_set_auto(0)
    want = 4 if has_avx512 else 2 if has_avx2 else 1
    assert lib.pe_h7_path() == want
    assert lib.pe_h7_set_path(5) == -1 and lib.pe_h7_path() == want
    assert lib.pe_h7_set_auto(5) == -1 and lib.pe_h7_path() == want
    assert lib.pe_h7_set_auto(measured) == measured and lib.pe_h7_path() == measured


def test_every_rank_multiset_gets_the_general_tables_value(path: int) -> None:
    assert len(ALL7) == 49205
    lib.pe_h7_set_path(3)
    want = pyeval.high_batch(ALL7)
    lib.pe_h7_set_path(path)
    for check in (True, False):
        assert np.array_equal(pyeval.high_batch(ALL7, check=check), want)
    assert np.array_equal(want[::97], _reference(ALL7[::97]))


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 15, 16, 17, 25, 1000, 4099])
def test_random_hands_match_one_at_a_time(path: int, n: int) -> None:
    a = _deals(n, seed=n)
    want = _reference(a)
    for check in (True, False):
        assert np.array_equal(pyeval.high_batch(a, check=check), want)


def test_flushes_in_every_lane(path: int) -> None:
    # 64 hands with a flush or a straight flush in varied lanes among plain hands
    a = _deals(4000, seed=5)
    suited = a[:, :5] % 4 == 0
    a = a[np.argsort(~suited.all(axis=1), kind="stable")]
    flushy = (np.stack([(a % 4 == s).sum(axis=1) for s in range(4)]) >= 5).any(axis=0)
    assert flushy.sum() > 100
    assert np.array_equal(pyeval.high_batch(a), _reference(a))


@pytest.mark.parametrize("row", [0, 3, 7, 8, 12, 40, 90, 95, 96, 99])
@pytest.mark.parametrize("fault", ["repeat", "52", "255"])
def test_the_first_bad_row_is_named(path: int, row: int, fault: str) -> None:
    a = _deals(100, seed=row)
    if fault == "repeat":
        a[row, 6] = a[row, 2]
    else:
        a[row, 4] = int(fault)
    a[min(row + 5, 99), 1] = 200          # a later bad row must not be the one named
    with pytest.raises(ValueError, match=f"row {row}\\b"):
        pyeval.high_batch(a)


def test_a_repeat_at_every_pair_of_positions_in_every_lane_is_found(path: int) -> None:
    # the SIMD loops compare each card with its row rotated by 1..4 places: every one of
    # the 21 pairs of positions, in each of the 16 lanes of a block (AVX2 blocks are 8
    # rows, AVX-512 blocks 16 from row 16 on), with the extreme cards
    base = _deals(40, seed=11)
    for lane in range(16):
        row = 16 + lane
        for i in range(7):
            for j in range(i + 1, 7):
                for card in (0, 51):
                    a = base.copy()
                    a[row] = [c for c in range(1, 51) if c % 7 != 3][:7]
                    a[row, i] = a[row, j] = card
                    with pytest.raises(ValueError, match=f"row {row}\\b"):
                        pyeval.high_batch(a)


def test_unchecked_byte_above_51_adds_nothing(path: int) -> None:
    a = _deals(50, seed=9)
    a[17, 6] = 52
    a[40, 0] = 255
    got = pyeval.high_batch(a, check=False)
    assert got[17] == pyeval.high(a[17, :6]) and got[40] == pyeval.high(a[40, 1:])
    keep = np.ones(50, bool)
    keep[[17, 40]] = False
    assert np.array_equal(got[keep], _reference(a[keep]))


def test_many_flushes_in_one_batch(path: int) -> None:
    # the AVX-512 loop keeps flush rows waiting in a buffer of 1024 and finishes them a
    # batch at a time: about 3,600 flushes here fill it three times over
    a = _deals(120_000, seed=21)
    flushy = (np.stack([(a % 4 == s).sum(axis=1) for s in range(4)]) >= 5).any(axis=0)
    assert flushy.sum() > 3 * 1024
    lib.pe_h7_set_path(3)
    want = pyeval.high_batch(a)
    lib.pe_h7_set_path(path)
    for check in (True, False):
        assert np.array_equal(pyeval.high_batch(a, check=check), want)
    a[100_003, 5] = a[100_003, 0]
    with pytest.raises(ValueError, match="row 100003\\b"):
        pyeval.high_batch(a)
    a[100_003, 5] = 60            # unchecked: no card, adds nothing
    got = pyeval.high_batch(a, check=False)
    assert got[100_003] == pyeval.high(np.delete(a[100_003], 5))
    keep = np.ones(len(a), bool)
    keep[100_003] = False
    assert np.array_equal(got[keep], want[keep])
