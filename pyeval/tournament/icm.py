"""ICM: finishing-place probabilities and prize equity from stacks (Malmuth-Harville).

A player finishes first with probability stack / total; given who finished above, the
chance to take the next place is the stack divided by the chips of the players still
unplaced. The computation runs over sets of players already placed (bitmasks), each set
visited once, so it is exact and fast: 10 players take about 10 * 2^9 steps. Only as many
places as are paid are expanded, so large fields with few paid places stay cheap.

Example (the check of the issue: stacks 50/30/20, payouts 70/30 of the pool):
    >>> [round(100 * e, 2) for e in equity([50, 30, 20], [0.7, 0.3])]
    [45.18, 32.25, 22.57]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from numbers import Rational, Real


def place_probabilities(
    stacks: Sequence[int], places: int | None = None, *, exact: bool = False
) -> list[list[float]] | list[list[Fraction]]:
    """``P[i][k]``: the chance player ``i`` finishes in place ``k + 1``.

    ``places`` limits how many places are computed (default: all). With ``exact=True`` the
    results are :class:`~fractions.Fraction` s.

    Example:
        >>> place_probabilities([2, 1], exact=True)
        [[Fraction(2, 3), Fraction(1, 3)], [Fraction(1, 3), Fraction(2, 3)]]
    """
    n = len(stacks)
    if n == 0:
        raise ValueError("give at least one stack")
    if any(s <= 0 for s in stacks):
        raise ValueError("every stack must be above 0; players with no chips are already out")
    depth = n if places is None else min(places, n)
    one: Real = Fraction(1) if exact else 1.0
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


def equity(
    stacks: Sequence[int], payouts: Sequence[Real], *, exact: bool = False
) -> list[float] | list[Fraction]:
    """Each player's expected prize: payouts weighted by place probabilities.

    ``payouts`` are the prizes of places 1, 2, ... (money, or shares of the pool); places
    beyond the field are ignored. The equities add up to the prizes of the first
    ``len(stacks)`` places (exactly, with ``exact=True`` and rational payouts).

    Example:
        >>> equity([50, 30, 20], [70, 30], exact=True)
        [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)]
    """
    paid = list(payouts[: len(stacks)])
    if exact:
        paid = [Fraction(p) if isinstance(p, (int, Rational)) else Fraction(repr(p)) for p in paid]
    probs = place_probabilities(stacks, len(paid), exact=exact)
    return [sum((p * v for p, v in zip(row, paid)), Fraction(0) if exact else 0.0) for row in probs]
