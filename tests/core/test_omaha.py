"""Omaha: exactly two hole cards and three board cards, with 4, 5 and 6 hole cards.

* The fast path (board-row table, low-mask table) against the plain combination loop in C,
  ``pyeval.evaluate.omaha_high_loop`` / ``omaha_low8_loop``, on a million deals per hole-card
  count and per kind. The public loop wrappers cost about 8 us a call in argument checking,
  so the million goes through the same C functions (``lib.pe_omaha_*_loop``) by pointer, and
  the public wrappers are compared on 20,000 deals.
* High against phevaluator's ``evaluate_omaha_cards`` (4 hole cards; a million deals), and
  for 5 and 6 hole cards against phevaluator over every 4-card subset of the hole (any two
  hole cards lie in some four), on smaller samples.
* Low against the reference (numpy over the 60/100/150 two-plus-three choices) on a million
  4-hole deals and 200,000 5- and 6-hole deals, and against pokerkit's own
  ``OmahaEightOrBetterLowHand`` / ``OmahaHoldemHand`` on 3,000 deals.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import pyeval
from pyeval._native import ffi, lib
from pyeval.evaluate import omaha_high_loop, omaha_low8_loop

from . import reference
from .hands import assert_same_order, random_deals

MILLION = 1_000_000


def omaha_deals(seed: int, n: int, nh: int, nb: int = 5) -> tuple[np.ndarray, np.ndarray]:
    d = random_deals(np.random.default_rng(seed), n, nh + nb)
    return np.ascontiguousarray(d[:, :nh]), np.ascontiguousarray(d[:, nh:])


def c_loop(fn, hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """The C combination loop ``fn`` (lib.pe_omaha_high_loop / _low8_loop), hand by hand."""
    nh, nb = hole.shape[1], board.shape[1]
    hp = ffi.cast("uint8_t *", ffi.from_buffer(hole))
    bp = ffi.cast("uint8_t *", ffi.from_buffer(board))
    return np.fromiter((fn(hp + nh * i, nh, bp + nb * i, nb) for i in range(len(hole))),
                       dtype=np.uint16, count=len(hole))


@pytest.mark.slow
@pytest.mark.parametrize("nh", [4, 5, 6])
def test_fast_path_equals_combination_loop_on_a_million_deals(nh):
    hole, board = omaha_deals(40 + nh, MILLION, nh)
    hi, lo = pyeval.omaha_hilo_batch(hole, board)
    assert np.array_equal(hi, c_loop(lib.pe_omaha_high_loop, hole, board))
    assert np.array_equal(lo, c_loop(lib.pe_omaha_low8_loop, hole, board))
    # the single-purpose batches and check=False give the same values
    assert np.array_equal(hi, pyeval.omaha_high_batch(hole, board, check=False))
    assert np.array_equal(lo, pyeval.omaha_low8_batch(hole, board, check=False))


@pytest.mark.parametrize("nh", [4, 5, 6])
def test_fast_path_equals_public_loop_functions(nh):
    hole, board = omaha_deals(50 + nh, 20_000, nh)
    hi, lo = pyeval.omaha_hilo_batch(hole, board)
    assert hi.tolist() == [omaha_high_loop(h, b) for h, b in zip(hole, board)]
    assert lo.tolist() == [omaha_low8_loop(h, b) for h, b in zip(hole, board)]
    some = range(0, 20_000, 97)
    assert [pyeval.omaha_high(hole[i], board[i]) for i in some] == hi[list(some)].tolist()
    assert [pyeval.omaha_low8(hole[i], board[i]) for i in some] == lo[list(some)].tolist()


def test_flush_heavy_deals():
    """Deals from two suits only, so that most hands meet the flush slow path."""
    rng = np.random.default_rng(3)
    cards = np.array([c for c in range(52) if c & 3 in (0, 1)], dtype=np.uint8)
    for nh in (4, 5, 6):
        idx = np.argsort(rng.random((50_000, len(cards))), axis=1)[:, :nh + 5]
        d = cards[idx]
        hole, board = np.ascontiguousarray(d[:, :nh]), np.ascontiguousarray(d[:, nh:])
        hi = pyeval.omaha_high_batch(hole, board)
        assert np.array_equal(hi, c_loop(lib.pe_omaha_high_loop, hole, board))
        assert np.count_nonzero(hi >> 12 >= 6) > 10_000


@pytest.mark.slow
def test_million_four_card_omaha_high_against_phevaluator():
    phevaluator = pytest.importorskip("phevaluator")
    hole, board = omaha_deals(60, MILLION, 4)
    ev = phevaluator.evaluate_omaha_cards
    theirs = np.fromiter((ev(*b, *h) for h, b in zip(hole.tolist(), board.tolist())),
                         dtype=np.int64, count=MILLION)
    assert_same_order(pyeval.omaha_high_batch(hole, board), -theirs, "Omaha 4 high vs "
                      "phevaluator", np.concatenate([hole, board], axis=1))


@pytest.mark.slow
@pytest.mark.parametrize("nh, n", [(5, 200_000), (6, 100_000)])
def test_five_and_six_card_omaha_high_against_phevaluator(nh, n):
    phevaluator = pytest.importorskip("phevaluator")
    hole, board = omaha_deals(60 + nh, n, nh)
    ev = phevaluator.evaluate_omaha_cards
    fours = list(itertools.combinations(range(nh), 4))
    theirs = np.fromiter(
        (min(ev(*b, *(h[i] for i in four)) for four in fours)
         for h, b in zip(hole.tolist(), board.tolist())), dtype=np.int64, count=n)
    assert_same_order(pyeval.omaha_high_batch(hole, board), -theirs,
                      f"Omaha {nh} high vs phevaluator", np.concatenate([hole, board], axis=1))


@pytest.mark.slow
@pytest.mark.parametrize("nh, n", [(4, MILLION), (5, 200_000), (6, 200_000)])
def test_omaha_low_against_the_reference(nh, n):
    hole, board = omaha_deals(70 + nh, n, nh)
    theirs = reference.best_of(hole, board, reference.Eval5("low8"), 2, 2)
    ours = pyeval.omaha_low8_batch(hole, board)
    assert_same_order(ours, theirs, f"Omaha {nh} low vs reference",
                      np.concatenate([hole, board], axis=1))
    assert np.array_equal(ours == 0, theirs == 0)


@pytest.mark.parametrize("nh", [5, 6])
@pytest.mark.slow
def test_omaha_high_against_the_reference(nh):
    hole, board = omaha_deals(80 + nh, 50_000, nh)
    theirs = reference.best_of(hole, board, reference.Eval5("high"), 2, 2)
    assert_same_order(pyeval.omaha_high_batch(hole, board), theirs,
                      f"Omaha {nh} high vs reference", np.concatenate([hole, board], axis=1))


@pytest.mark.parametrize("nb", [3, 4])
@pytest.mark.parametrize("nh", [4, 5, 6])
@pytest.mark.slow
def test_flop_and_turn_boards(nh, nb):
    """Boards of 3 and 4 cards (the flop and the turn): still two hole and three board."""
    hole, board = omaha_deals(90 + nh + nb, 20_000, nh, nb)
    for kind, fn in (("high", pyeval.omaha_high_batch), ("low8", pyeval.omaha_low8_batch)):
        theirs = reference.best_of(hole, board, reference.Eval5(kind), 2, 2)
        assert_same_order(fn(hole, board), theirs, f"Omaha {nh}+{nb} {kind} vs reference",
                          np.concatenate([hole, board], axis=1))


@pytest.mark.slow
@pytest.mark.parametrize("nh", [4, 5])
def test_omaha_against_pokerkit_itself(nh):
    pokerkit = pytest.importorskip("pokerkit")
    from .test_crosscheck_low import pokerkit_ranks, text
    hole, board = omaha_deals(100 + nh, 3_000, nh)
    rows = np.concatenate([hole, board], axis=1).tolist()
    for cls, fn in ((pokerkit.OmahaEightOrBetterLowHand, pyeval.omaha_low8_batch),
                    (pokerkit.OmahaHoldemHand, pyeval.omaha_high_batch)):
        theirs = pokerkit_ranks(rows, lambda r, cls=cls: cls.from_game(text(r[:nh]), text(r[nh:])))
        assert_same_order(fn(hole, board), theirs, f"Omaha {nh} vs pokerkit {cls.__name__}",
                          np.array(rows))


def test_omaha_examples():
    v = pyeval.omaha_high("As Ah Ks Qh", "Ad Kd Kc 7s 9h")
    assert pyeval.describe(v) == "Full House, Aces full of Kings"
    # four hearts in the hand and one on the board is no flush: exactly two from the hand
    assert pyeval.category(pyeval.omaha_high("Ah Kh Qh Jh", "2h 7c 8d 9s 3c")) == 1
    # four of a kind on the board plays as trips at most... plus two hole cards
    assert pyeval.describe(pyeval.omaha_high("2c 3d 4h 5s", "Ac Ad Ah As Kc")).startswith(
        "Three of a Kind, Aces")
    assert pyeval.describe(pyeval.omaha_low8("As 2h Ks Kh", "3d 4d 8c 7s 9h"), "low8") == \
        "7-4-3-2-A low"
    assert pyeval.omaha_low8("As Ks Qs Js", "2d 3d 4c 5s 6h") == 0   # needs two low hole cards
    assert pyeval.omaha_low8("As 2s Qs Js", "3d 4d Kc Ks Qh") == 0   # and three low on board
    with pytest.raises(ValueError, match="both in the hole and on the board"):
        pyeval.omaha_high("As Ah Ks Qh", "As Kd Kc 7s 9h")


def test_low_heavy_boards_on_every_batch_path():
    """Boards of 0 to 5 low cards (A..8), many with paired low ranks, so every count of
    distinct low board ranks occurs: the hi/lo batch reads the board's low ranks from its id
    (a board with fewer than three gets the all-zero row) and must equal the combination loop,
    checked and unchecked, and the low-only batch (which reads the board's cards)."""
    rng = np.random.default_rng(15)
    low = np.array([c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12], dtype=np.uint8)
    high = np.array([c for c in range(52) if 7 <= c >> 2 <= 11], dtype=np.uint8)
    for nh in (4, 5, 6):
        n = 3_000
        hole = np.empty((n, nh), dtype=np.uint8)
        board = np.empty((n, 5), dtype=np.uint8)
        for i in range(n):
            k = i % 6                                # low cards on this board
            b = np.concatenate([rng.choice(low, k, replace=False),
                                rng.choice(high, 5 - k, replace=False)])
            rest = np.setdiff1d(np.arange(52, dtype=np.uint8), b)
            board[i] = b
            hole[i] = rng.choice(rest, nh, replace=False)
        lows = set(low.tolist())
        distinct = [len({c >> 2 for c in b.tolist() if c in lows}) for b in board]
        assert {0, 1, 2, 3, 4, 5} <= set(distinct)
        assert sum(1 for i, d in enumerate(distinct) if d == 3 and i % 6 > 3) > 50  # paired
        want_hi = c_loop(lib.pe_omaha_high_loop, hole, board)
        want_lo = c_loop(lib.pe_omaha_low8_loop, hole, board)
        for check in (True, False):
            hi, lo = pyeval.omaha_hilo_batch(hole, board, check=check)
            assert np.array_equal(hi, want_hi)
            assert np.array_equal(lo, want_lo)
            assert np.array_equal(pyeval.omaha_low8_batch(hole, board, check=check), want_lo)
        assert np.count_nonzero(want_lo) > n // 5


def test_checked_batch_names_the_first_bad_row_in_any_block():
    """The 4+5 batch finds block j + 1's keys before it evaluates block j (blocks of 16): a
    repeated card in any block, at a block's edges too, is the row named."""
    hole, board = omaha_deals(16, 50, 4)
    for bad in (0, 15, 16, 17, 40, 49):
        b = board.copy()
        b[bad, 2] = hole[bad, 1]
        for batch in (pyeval.omaha_hilo_batch, pyeval.omaha_high_batch):
            with pytest.raises(ValueError, match=rf"row {bad} repeats card"):
                batch(hole, b)
    hi, lo = pyeval.omaha_hilo_batch(hole, board)
    assert np.array_equal(hi, c_loop(lib.pe_omaha_high_loop, hole, board))
    assert np.array_equal(lo, c_loop(lib.pe_omaha_low8_loop, hole, board))
