"""Random hands in bulk: ``deal(n, k, seed=...)`` fills an (n, k) ``uint8`` array with n
hands of k distinct cards, every hand drawn uniformly (the cards of a row in the order they
were dealt), independently, from the deck less the ``dead`` cards.

The draws come from pyeval's one RNG (:mod:`pyeval.jit.numba_rng`): the rows are cut into
blocks of ``BLOCK`` hands and block ``b`` is dealt from stream ``(seed, b)``, so the array
depends on ``(n, k, seed, dead)`` alone, whatever the number of threads. Each hand is a
partial Fisher-Yates shuffle of a deck that carries on from the previous hand of its block
(a fresh uniform choice whatever order the deck is in, so no copy per hand).

>>> hands = deal(3, 7, seed=1)
>>> hands.shape, hands.dtype.name
((3, 7), 'uint8')
>>> bool((deal(3, 7, seed=1) == hands).all()), len(set(hands[0].tolist()))
(True, 7)
>>> import pyeval
>>> int((deal(1000, 2, seed=5, dead="As Ah") >= 50).sum())
0
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval._checks import check_count, check_seed
from pyeval.cards import CardsLike, cards
from pyeval.jit.numba_mem import fetch_add
from pyeval.jit.numba_rng import below, seed_stream

#: hands per RNG stream (and per piece of work a thread takes)
BLOCK = 1 << 14
#: the largest array deal() fills (cards), 2^36 bytes
MAX_CARDS = 1 << 36
MAX_THREADS = 1024


@numba.njit(cache=True, nogil=True)
def _deal_work(ctr, out, live, seed):
    """Deal the blocks this thread takes from ``ctr`` into ``out`` from the cards ``live``."""
    a_ctr = np.uint64(ctr.ctypes.data)
    n, k = out.shape
    m = live.shape[0]
    deck = np.empty(m, np.uint8)
    state = np.empty(4, np.uint64)
    n_blocks = (n + BLOCK - 1) // BLOCK
    while True:
        b = fetch_add(a_ctr, 1)
        if b >= n_blocks:
            break
        seed_stream(state, seed, b)
        deck[:] = live
        for i in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            for j in range(k):
                r = j + below(state, m - j)
                c = deck[r]
                deck[r] = deck[j]
                deck[j] = c
                out[i, j] = c


def _count(x: object, name: str, lo: int, hi: int) -> int:
    return check_count(x, f"deal: {name}", lo, hi)


def deal(n: int, cards_per_hand: int = 7, *, seed: int = 0, dead: CardsLike = "",
         threads: int = 1) -> np.ndarray:
    """``n`` random hands of ``cards_per_hand`` distinct cards as an (n, cards_per_hand)
    uint8 array, none of them among ``dead`` (text, ints or an array of cards). ``seed``:
    0..2^64-1; the same seed gives the same array for any ``threads``.

    >>> deal(2, 5, seed=7).shape
    (2, 5)
    >>> deal(1, 51, dead="As Ks")
    Traceback (most recent call last):
    ...
    ValueError: deal: cards_per_hand must be 1..50 (52 cards less 2 dead), got 51
    """
    n = _count(n, "n", 0, MAX_CARDS)
    d = cards(dead, what="dead cards")
    left = 52 - len(d)
    if left < 1:
        raise ValueError("deal: every card is dead, none left to deal")
    try:
        k = _count(cards_per_hand, "cards_per_hand", 1, left)
    except ValueError:
        if isinstance(cards_per_hand, bool):
            raise
        raise ValueError(f"deal: cards_per_hand must be 1..{left} (52 cards less "
                         f"{len(d)} dead), got {int(cards_per_hand)}") from None
    if n * k > MAX_CARDS:
        raise ValueError(f"deal: n * cards_per_hand = {n * k} cards is more than the "
                         f"{MAX_CARDS} one call fills")
    seed = check_seed(seed, "deal: seed")
    threads = _count(threads, "threads", 1, MAX_THREADS)
    live = np.setdiff1d(np.arange(52, dtype=np.uint8), d).astype(np.uint8)
    try:
        out = np.empty((n, k), dtype=np.uint8)
    except MemoryError:
        raise MemoryError(f"deal: no memory for {n:,} hands of {k} cards ({n * k:,} bytes); "
                          f"deal them in parts") from None
    blocks = (n + BLOCK - 1) // BLOCK
    if min(threads, blocks) > 1:
        from pyeval.equity._workers import run_workers  # the equity engine's thread pool
        run_workers(_deal_work, threads, blocks, out, live, np.uint64(seed))
    elif n:
        _deal_work(np.zeros(1, np.int64), out, live, np.uint64(seed))
    return out


__all__ = ["BLOCK", "deal"]
