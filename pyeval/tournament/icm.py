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
from typing import Any

import numpy as np

from pyeval._checks import check_count, check_seed

#: The exact method is refused above this much work: states (sets of placed players) times
#: players, a few seconds of Python.
MAX_EXACT_WORK = 5_000_000
#: The bound with ``exact=True``: steps times ``1 + (bits / 128)**2``, the fractions' size in
#: bits growing by the total's bits with every place (a few seconds of Python at most;
#: measured in bench/RESULTS.md, "Hostile inputs").
MAX_EXACT_FRACTION_WORK = 400_000


def exact_prizes(prizes: Sequence[Any]) -> list[Fraction]:
    """Prizes as exact fractions: whole numbers and fractions as they are, a float as the
    decimal it prints as (``0.7`` is 7/10).

    Example:
        >>> exact_prizes([70, 0.3, Fraction(1, 3)])
        [Fraction(70, 1), Fraction(3, 10), Fraction(1, 3)]
    """
    return [Fraction(int(p)) if isinstance(p, (int, np.integer)) else
            p if isinstance(p, Fraction) else Fraction(repr(float(p))) for p in prizes]


def whole_ratios(stacks: Sequence[Any]) -> list[int]:
    """The stacks as whole numbers in exactly the same ratios (each times the least common
    denominator of them all).

    Example:
        >>> whole_ratios([0.5, 1.25, 3])
        [2, 5, 12]
    """
    exact = [Fraction(int(s)) if isinstance(s, (int, np.integer)) else
             s if isinstance(s, Fraction) else Fraction(float(s)) for s in stacks]
    den = 1
    for f in exact:
        den = den * f.denominator // math.gcd(den, f.denominator)
    return [int(f * den) for f in exact]


#: Every stack and prize is at most this (the largest int64): larger amounts are refused.
MAX_ICM_AMOUNT = 2**63 - 1


def _amount(v: Any, what: str, minimum_text: str) -> Fraction:
    """``v`` (a stack or prize) as an exact fraction, refused unless a finite real number of
    at most :data:`MAX_ICM_AMOUNT`."""
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, Fraction, np.integer, np.floating)):
        raise TypeError(f"a {what} is a number, not {v!r} ({type(v).__name__})")
    if isinstance(v, (float, np.floating)) and not math.isfinite(float(v)):
        raise ValueError(f"every {what} must be a finite number {minimum_text}, got {v!r}")
    f = (Fraction(int(v)) if isinstance(v, (int, np.integer)) else
         v if isinstance(v, Fraction) else Fraction(float(v)))
    if f > MAX_ICM_AMOUNT:
        raise ValueError(f"every {what} must be at most {MAX_ICM_AMOUNT:,} (2**63 - 1), got {v!r}")
    return f


def _sequence(values: Any, what: str) -> None:
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(f"give the {what} as a list of numbers, not {values!r} "
                        f"({type(values).__name__})")


def _check_stacks(stacks: Sequence[Any]) -> None:
    _sequence(stacks, "stacks")
    if len(stacks) == 0:
        raise ValueError("give at least one stack")
    for s in stacks:
        if _amount(s, "stack", "above 0") <= 0:
            raise ValueError(f"every stack must be a finite number above 0, got {s!r}; "
                             "players with no chips are already out")


def _check_payouts(payouts: Sequence[Any], pool: float | None) -> None:
    _sequence(payouts, "prizes")
    if len(payouts) == 0:
        raise ValueError("give the prizes of places 1, 2, ... (at least one)")
    exact = []
    for p in payouts:
        f = _amount(p, "prize", "of at least 0")
        if f < 0:
            raise ValueError(f"every prize must be a finite number of at least 0, got {p!r}")
        exact.append(f)
    total = sum(exact, Fraction(0))
    if pool is not None:
        whole = _amount(pool, "pool", "of at least 0")
        if total > whole * (1 + Fraction(1, 10**12)):
            raise ValueError(f"the prizes add up to {float(total):g}, more than the pool of {pool}: "
                             "a deal cannot pay out more than there is")
    elif all(f <= 1 for f in exact) and total > 1 + Fraction(1, 10**9) and \
            any(f.denominator != 1 for f in exact):
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
    if places is not None and (isinstance(places, bool) or not isinstance(places, (int, np.integer))
                               or places < 1):
        raise ValueError(f"places must be a whole number of at least 1, got {places!r}")
    depth = n if places is None else min(int(places), n)
    states = sum(math.comb(n, k) for k in range(depth))
    if states * n > MAX_EXACT_WORK:
        raise ValueError(f"exact ICM for {n} players and {depth} places needs {states:,} states x {n} "
                         f"players of work (at most {MAX_EXACT_WORK:,}); use icm_equity_mc for a "
                         "field this large")
    one: Any = Fraction(1) if exact else 1.0
    # the chips as whole numbers in the same ratios (float stacks are exact binary
    # fractions): the chips left after any set of places are then counted exactly, so a
    # stack 2**53 times another neither vanishes in the total nor leaves 0 chips to divide by
    weights = whole_ratios(stacks)
    total = sum(weights)
    if exact:
        # a fraction's cost grows with its digits: about a place's worth of the total's
        # digits per place
        digits = depth * total.bit_length()
        cost = int(states * n * (1 + (digits / 128) ** 2))
        if cost > MAX_EXACT_FRACTION_WORK:
            raise ValueError(f"exact=True ICM for {n} players, {depth} places and stacks of "
                             f"{total.bit_length()} bits costs {cost:,} units of fraction work (at "
                             f"most {MAX_EXACT_FRACTION_WORK:,}, a few seconds); use exact=False "
                             "or fewer places")
    probs: list[list] = [[one * 0 for _ in range(depth)] for _ in range(n)]
    # state: set of players placed so far -> (probability, chips of those players)
    level: dict[int, tuple] = {0: (one, 0)}
    for k in range(depth):
        nxt: dict[int, tuple] = {}
        for placed, (pr, placed_chips) in level.items():
            left = total - placed_chips
            for i in range(n):
                bit = 1 << i
                if placed & bit:
                    continue
                # int / int is correctly rounded in Python, however large the ints
                p = pr * (Fraction(weights[i], left) if exact else weights[i] / left)
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
        paid = exact_prizes(paid)
    else:
        paid = [float(p) for p in paid]     # float64 sums (not a float32's)
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
    trials = check_count(trials, "trials", 100, 10**9)
    seed = check_seed(seed)
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
        with np.errstate(over="ignore", divide="ignore"):
            # a stack 2**1000 times smaller than 1 arrives at infinity: last, as its chance
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
