"""ICM: finishing-place probabilities and prize equity from stacks (Malmuth-Harville).

A player finishes first with probability stack / total; given who finished above, the
chance to take the next place is the stack divided by the chips of the players still
unplaced. :func:`place_probabilities` runs over sets of players already placed (bitmasks),
each set visited once, so it is exact: 10 players take about 10 * 2^9 steps. Only as many
places as are paid are expanded, so large fields with few paid places stay cheap; for many
paid places in a large field (10 to 1,000 players and more) :func:`icm_equity_mc` samples
finishing orders instead and says how large its error is.

Example (the check of the issue: stacks 50/30/20, payouts 70/30 of the pool):
    >>> [round(100 * e, 2) for e in icm_equity([50, 30, 20], [0.7, 0.3])]
    [45.18, 32.25, 22.57]
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import Any

import numpy as np

#: The exact method is refused above this much work: states (sets of placed players) times
#: players, a few seconds of Python.
MAX_EXACT_WORK = 5_000_000


def _check_stacks(stacks: Sequence[Any]) -> None:
    if len(stacks) == 0:
        raise ValueError("give at least one stack")
    for s in stacks:
        if isinstance(s, bool) or not isinstance(s, (int, float, Fraction, np.integer, np.floating)):
            raise TypeError(f"a stack is a number of chips, not {s!r}")
        if not math.isfinite(float(s)) or s <= 0:
            raise ValueError(f"every stack must be a finite number above 0, got {s!r}; "
                             "players with no chips are already out")


def _check_payouts(payouts: Sequence[Any], pool: float | None) -> None:
    if len(payouts) == 0:
        raise ValueError("give the prizes of places 1, 2, ... (at least one)")
    for p in payouts:
        if isinstance(p, bool) or not isinstance(p, (int, float, Fraction, np.integer, np.floating)):
            raise TypeError(f"a prize is a number, not {p!r}")
        if not math.isfinite(float(p)) or p < 0:
            raise ValueError(f"every prize must be a finite number of at least 0, got {p!r}")
    total = sum((Fraction(int(p)) if isinstance(p, (int, np.integer)) else Fraction(p)
                 if isinstance(p, Fraction) else Fraction(float(p)) for p in payouts), Fraction(0))
    if pool is not None:
        if total > Fraction(float(pool)) * (1 + Fraction(1, 10**12)):
            raise ValueError(f"the prizes add up to {float(total):g}, more than the pool of {pool}: "
                             "a deal cannot pay out more than there is")
    elif all(float(p) <= 1 for p in payouts) and total > 1 + 1e-9 and \
            any(not float(p).is_integer() for p in payouts):
        raise ValueError(f"the prizes look like shares of the pool but add up to {float(total):g}, "
                         "more than the whole pool (1)")


def place_probabilities(
    stacks: Sequence[Any], places: int | None = None, *, exact: bool = False
) -> list[list[Any]]:
    """``P[i][k]``: the chance player ``i`` finishes in place ``k + 1``.

    ``places`` limits how many places are computed (default: all). With ``exact=True`` the
    results are :class:`~fractions.Fraction` s.

    Example:
        >>> place_probabilities([2, 1], exact=True)
        [[Fraction(2, 3), Fraction(1, 3)], [Fraction(1, 3), Fraction(2, 3)]]
    """
    _check_stacks(stacks)
    n = len(stacks)
    depth = n if places is None else min(places, n)
    states = sum(math.comb(n, k) for k in range(depth))
    if states * n > MAX_EXACT_WORK:
        raise ValueError(f"exact ICM for {n} players and {depth} places needs {states:,} states x {n} "
                         f"players of work (at most {MAX_EXACT_WORK:,}); use icm_equity_mc for a field this large")
    one: Any = Fraction(1) if exact else 1.0
    weights = [Fraction(s) if exact else float(s) for s in stacks]
    total = sum(weights)
    probs: list[list] = [[one * 0 for _ in range(depth)] for _ in range(n)]
    # state: set of players placed so far -> (probability, chips of those players)
    level: dict[int, tuple] = {0: (one, one * 0)}
    for k in range(depth):
        nxt: dict[int, tuple] = {}
        for placed, (pr, placed_chips) in level.items():
            left = total - placed_chips
            for i in range(n):
                bit = 1 << i
                if placed & bit:
                    continue
                p = pr * weights[i] / left
                probs[i][k] += p
                if k + 1 < depth:
                    key = placed | bit
                    old = nxt.get(key)
                    nxt[key] = (p + old[0], old[1]) if old else (p, placed_chips + weights[i])
        level = nxt
    return probs


def icm_equity(
    stacks: Sequence[Any], payouts: Sequence[Any], *, exact: bool = False, pool: float | None = None
) -> list[Any]:
    """Each player's expected prize (Malmuth-Harville): payouts weighted by place chances.

    ``payouts`` are the prizes of places 1, 2, ... (money, or shares of the pool); places
    beyond the field are ignored. The equities add up to the prizes of the first
    ``len(stacks)`` places (exactly, with ``exact=True`` and rational payouts). Prizes must
    be finite and at least 0; with ``pool`` they may not add up to more than it, and shares
    (all at most 1) may not add up to more than 1.

    Example:
        >>> icm_equity([50, 30, 20], [70, 30], exact=True)
        [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)]
        >>> icm_equity([50, 30, 20], [70, 50], pool=100)
        Traceback (most recent call last):
        ...
        ValueError: the prizes add up to 120, more than the pool of 100: a deal cannot pay out more than there is
    """
    _check_stacks(stacks)
    _check_payouts(payouts, pool)
    paid = list(payouts[: len(stacks)])
    if exact:
        paid = [Fraction(p) if isinstance(p, (int, Rational)) else Fraction(repr(p)) for p in paid]
    probs = place_probabilities(stacks, len(paid), exact=exact)
    return [sum((p * v for p, v in zip(row, paid)), Fraction(0) if exact else 0.0) for row in probs]


def equity(
    stacks: Sequence[Any], payouts: Sequence[Any], *, exact: bool = False, pool: float | None = None
) -> list[Any]:
    """Deprecated name of :func:`icm_equity` (``pyeval.equity`` is the card equity).

    Example:
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     equity([1, 1], [1, 0])
        [0.5, 0.5]
    """
    warnings.warn("pyeval.tournament.equity is deprecated: use icm_equity (the card equity is "
                  "pyeval.equity)", DeprecationWarning, stacklevel=2)
    return icm_equity(stacks, payouts, exact=exact, pool=pool)


@dataclass(frozen=True)
class MonteCarloICM:
    """Sampled ICM equities with their standard errors (same units as the prizes).

    ``error`` is the largest standard error over the players: about 95 % of estimates lie
    within ``2 * error`` of the exact Malmuth-Harville equity.

    Example:
        >>> r = icm_equity_mc([50, 30, 20], [70, 30], trials=20_000, seed=1)
        >>> abs(r.equity[0] - 45.18) < 4 * r.error, r.trials
        (True, 20000)
    """

    equity: tuple[float, ...]
    stderr: tuple[float, ...]
    trials: int
    seed: int

    @property
    def error(self) -> float:
        """The largest standard error of any player's equity."""
        return max(self.stderr)


def icm_equity_mc(stacks: Sequence[Any], payouts: Sequence[Any], *, trials: int = 100_000,
                  seed: int = 0, pool: float | None = None, batch: int = 2_000) -> MonteCarloICM:
    """Malmuth-Harville equity by sampling finishing orders (fields of any size).

    A Malmuth-Harville order is a Plackett-Luce draw: give each player an exponential time
    with rate equal to their stack; the first to "arrive" wins, the next is second, and so
    on. Each trial draws those times (numpy, seeded) and pays the paid places; the estimate
    of each player is unbiased with a standard error that falls as ``1 / sqrt(trials)``.
    Same seed, same result (single-threaded, batches in a fixed order).

    Example:
        >>> r = icm_equity_mc([100] * 200, [50, 30, 20], trials=4_000, seed=3)
        >>> round(sum(r.equity), 6), r.error < 0.2
        (100.0, True)
    """
    _check_stacks(stacks)
    _check_payouts(payouts, pool)
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or not 100 <= trials <= 10**9:
        raise ValueError(f"trials must be a whole number from 100 to 10^9, got {trials!r}")
    n = len(stacks)
    s = np.asarray([float(x) for x in stacks])
    paid = np.asarray([float(p) for p in payouts[:n]])
    k = len(paid)
    rng = np.random.Generator(np.random.PCG64(seed))
    total = np.zeros(n)
    total_sq = np.zeros(n)
    done = 0
    # the rows of each batch are players' exponential times; the k smallest are paid
    rows = max(1, min(batch, 20_000_000 // max(n, 1)))
    while done < trials:
        m = min(rows, trials - done)
        times = rng.standard_exponential((m, n)) / s[None, :]
        if k < n:
            top = np.argpartition(times, k - 1, axis=1)[:, :k]
            order = np.take_along_axis(top, np.argsort(np.take_along_axis(times, top, 1), 1), 1)
        else:
            order = np.argsort(times, axis=1)
        prize = np.zeros((m, n))
        np.put_along_axis(prize, order, np.broadcast_to(paid, (m, k)), axis=1)
        total += prize.sum(axis=0)
        total_sq += (prize * prize).sum(axis=0)
        done += m
    mean = total / trials
    var = np.maximum(total_sq / trials - mean * mean, 0.0)
    se = np.sqrt(var / trials)
    return MonteCarloICM(tuple(float(x) for x in mean), tuple(float(x) for x in se), int(trials), seed)
