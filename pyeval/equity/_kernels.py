"""The equity kernels, gathered under one name for the engine: Monte Carlo
(:mod:`._montecarlo`) and exact enumeration (:mod:`._exact`) over the evaluation layer.

Hand values come from :mod:`pyeval.jit.numba_ext`, which inlines lookups over the tables the C
builds (Omaha's included): a hand's additive key is the board's key plus each hole card's
key, so the board is summed once per deal and each player adds only its own cards. Flushes
are read from a 64-bit "suit-rank mask" (bit ``16 * suit + rank`` per card), so the flush
table is indexed without looking at the cards again. The other modules: dealing
(:mod:`._dealing`), the random streams (:mod:`pyeval.jit.numba_rng`), the showdown of one deal
(:mod:`._showdown`), codes and slots (:mod:`._layout`), threads (:mod:`._workers`).

The helpers take table and scratch *addresses* and read them through
:mod:`pyeval.jit.numba_mem` (import its loads and stores from there), so that calling them
costs no reference counting. Each chunk or task
works in its own padded slice of one scratch arena.

Randomness: each chunk of samples has its own stream, seeded from ``(seed, chunk index)``,
and writes its own row of sums; the rows are added in chunk order afterwards. The answer is
therefore the same whatever the number of threads.

>>> import numpy as np
>>> from pyeval import high, cards
>>> t = tables()
>>> c = cards("As Ks Qs Js Ts 2c 3d")
>>> key = KEY_START + t.ckey[c].sum(dtype=np.uint64)
>>> srm = np.bitwise_or.reduce(t.csrm[c])
>>> int(hv_at(key, srm, t.addrs)) == high(c)
True
"""
from __future__ import annotations

from numba import njit

from pyeval.equity._dealing import (
    DEAL_INDEP,
    DEAL_SHUFFLE,
    deal_any,
    deal_fy,
    deal_idx,
    deal_keys,
    deal_plan,
    pick_ranges,
)
from pyeval.equity._exact import exact_tasks, holdem_exact_combos
from pyeval.equity._exact5 import holdem_exact5
from pyeval.equity._layout import (
    AS_CARD,
    K_BUFFALO,
    K_CROC,
    K_FIVE,
    K_HOLDEM,
    K_OMAHA,
    K_RAZZ,
    K_STUD,
    K_SUPER8,
    K_TAHOE,
    NONE,
    NSTAT,
    S_HTIE,
    S_HWIN,
    S_LTIE,
    S_LWIN,
    S_SHARE,
    S_SHARE2,
    S_TIE,
    S_WIN,
    SP_CHICAGO,
    SP_LOW8,
    SP_NONE,
)
from pyeval.equity._montecarlo import holdem_mc, mc_chunks
from pyeval.equity._showdown import count_high, high_value, low_value, score
from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_ext import KEY_START, KernelTables, drop_best, hv, omaha_v, razz_v
from pyeval.jit.numba_rng import word_stream

Tables = KernelTables

__all__ = [
    "AS_CARD",
    "DEAL_INDEP",
    "DEAL_SHUFFLE",
    "KEY_START",
    "K_BUFFALO",
    "K_CROC",
    "K_FIVE",
    "K_HOLDEM",
    "K_OMAHA",
    "K_RAZZ",
    "K_STUD",
    "K_SUPER8",
    "K_TAHOE",
    "NONE",
    "NSTAT",
    "SP_CHICAGO",
    "SP_LOW8",
    "SP_NONE",
    "S_HTIE",
    "S_HWIN",
    "S_LTIE",
    "S_LWIN",
    "S_SHARE",
    "S_SHARE2",
    "S_TIE",
    "S_WIN",
    "Tables",
    "count_high",
    "deal_any",
    "deal_fy",
    "deal_idx",
    "deal_keys",
    "deal_plan",
    "drop_best",
    "exact_tasks",
    "high_value",
    "holdem_exact5",
    "holdem_exact_combos",
    "holdem_mc",
    "hv",
    "hv_at",
    "low_value",
    "mc_chunks",
    "omaha_v",
    "pick_ranges",
    "razz_v",
    "score",
    "tables",
    "word_stream",
]


def tables(omaha: bool = False) -> KernelTables:
    """The C tables as the kernels read them (:func:`pyeval.jit.numba_ext.kernel_tables`);
    ``omaha`` is accepted for callers of the old signature: the C builds every table at
    import."""
    return nx.kernel_tables()


@njit(cache=True)
def hv_at(key, srm, TA):
    """:func:`pyeval.jit.numba_ext.hv` with the table addresses of :attr:`Tables.addrs`."""
    return hv(key, srm, TA.disp, TA.high, TA.flush)
