"""The running sums of an equity run (per-player statistics, deals, weight) and the
:class:`~pyeval.equity.result.EquityResult` built from them, for exact and Monte Carlo runs
alike.

>>> import numpy as np
>>> cnt = np.array([[[0, 3, 1], [0, 0, 1]]])       # one chunk, 2 players: 3 wins, 1 tie
>>> _deals_of_counts(cnt).tolist(), _counts_to_stats(cnt)[0, :, 0].tolist()
([4.0], [3.5, 0.5])
"""
from __future__ import annotations

import numpy as np

from pyeval.cards import format_cards
from pyeval.equity import _kernels as K
from pyeval.equity.result import EquityResult, PlayerEquity
from pyeval.equity.spot import Spot


class _Sums:
    """Running sums: per-player statistics, deals, weight, range attempts."""

    def __init__(self, P: int) -> None:
        self.st = np.zeros((P, K.NSTAT))
        self.deals = 0.0
        self.weight = 0.0
        self.attempts = 0
        self.acceptance: float | None = None     # known exactly (a joint range table)

    def add(self, st: np.ndarray, deals: np.ndarray, weights: np.ndarray) -> None:
        for i in range(st.shape[0]):        # in chunk order: the same for any thread count
            self.st += st[i]
            self.deals += float(deals[i])
            self.weight += float(weights[i])

    def std_errs(self, exact: bool) -> np.ndarray:
        P = self.st.shape[0]
        if exact or self.deals < 2:
            return np.zeros(P) if exact else np.full(P, np.inf)
        n = self.deals
        mean = self.st[:, K.S_SHARE] / n
        var = np.maximum(self.st[:, K.S_SHARE2] / n - mean * mean, 0.0)
        # a share that came out the same in every deal (a hand that won all of them) has
        # no spread to measure, not a spread of 0: at least the variance of one deal in
        # n + 2 going the other way (about 1/n, far below any real spread)
        q = 1.0 / (n + 2)
        return np.sqrt(np.maximum(var, q * (1 - q)) / (n - 1))

    def equities(self) -> tuple[float, ...]:
        w = self.weight or 1.0
        return tuple(float(x) for x in self.st[:, K.S_SHARE] / w)


def _build_result(spot: Spot, sums: _Sums, exact: bool, seed: int | None, threads: int,
                  elapsed: float, stopped: str) -> EquityResult:
    g = spot.game
    W = sums.weight
    if W <= 0:
        raise ValueError("no deal is possible for these hands, board and dead cards")
    se = sums.std_errs(exact)
    n = sums.deals
    scale = n / W
    players = []
    for i, p in enumerate(spot.players):
        s = sums.st[i]
        win, tie = s[K.S_WIN] / W, s[K.S_TIE] / W
        hw, ht, lw, lt = (s[K.S_HWIN] / W, s[K.S_HTIE] / W, s[K.S_LWIN] / W, s[K.S_LTIE] / W)
        wins, ties = s[K.S_WIN] * scale, s[K.S_TIE] * scale
        players.append(PlayerEquity(
            hand=p.text, equity=float(s[K.S_SHARE] / W), win=float(win), tie=float(tie),
            std_err=float(se[i]), scoop=float(win), high_win=float(hw), high_tie=float(ht),
            low_win=float(lw), low_tie=float(lt), wins=float(wins), ties=float(ties),
            losses=float(n - wins - ties)))
    acc = 1.0
    if not exact and sums.acceptance is not None:
        acc = sums.acceptance
    elif not exact and sums.attempts:
        acc = float(n / sums.attempts)
    return EquityResult(
        game=g.name, players=tuple(players), board=format_cards(spot.board),
        dead=format_cards(spot.dead), samples=int(round(n)), exact=exact, hi_lo=g.hi_lo,
        seed=seed, threads=threads, elapsed=elapsed, acceptance=acc, stopped=stopped)


def _counts_to_stats(cnt: np.ndarray) -> np.ndarray:
    """[chunks, P, P + 1] counts of wins shared k ways -> [chunks, P, NSTAT] sums."""
    nch, P, _ = cnt.shape
    st = np.zeros((nch, P, K.NSTAT))
    k = np.arange(P + 1, dtype=np.float64)
    k[0] = 1.0
    c = cnt.astype(np.float64)
    st[:, :, K.S_SHARE] = (c / k).sum(axis=2)
    st[:, :, K.S_SHARE2] = (c / (k * k)).sum(axis=2)
    st[:, :, K.S_WIN] = c[:, :, 1]
    st[:, :, K.S_TIE] = c[:, :, 2:].sum(axis=2)
    st[:, :, K.S_HWIN] = st[:, :, K.S_WIN]
    st[:, :, K.S_HTIE] = st[:, :, K.S_TIE]
    return st


def _deals_of_counts(cnt: np.ndarray) -> np.ndarray:
    """Deals behind [tasks, P, P + 1] counts: each deal adds k to the pots counted k ways."""
    P = cnt.shape[1]
    k = np.arange(P + 1, dtype=np.float64)
    k[0] = 1.0
    return (cnt.sum(axis=1) / k).sum(axis=1)
