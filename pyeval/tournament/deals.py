"""Deal making at a final table: ICM chop, chip chop, and a chop leaving an amount to play for.

Every deal pays whole currency units (multiples of ``unit``) that add up to what is being
shared exactly: the exact shares are rounded down to units and the units left over go one
each to the largest cut-off fractions (ties to the bigger stack, then the earlier seat); an
amount below one unit goes to the chip leader.

- **ICM chop** (:func:`icm_chop`): each player gets their Malmuth-Harville equity.
- **Chip chop** (:func:`chip_chop`): each player is guaranteed the smallest prize still to be
  paid (the prize of the last place among those left); the rest is shared in proportion to
  chips. This is the usual "chip chop" of card rooms; ``floor=False`` shares the whole pool
  by chips.
- **Leaving an amount to play for** (``leave=``): that much is taken off the first prize
  before the chop and goes to whoever wins the rest of the tournament.

Example (three players left, prizes $500 / $300 / $200):
    >>> icm_chop([5000, 3000, 2000], [500, 300, 200]).amounts
    (384, 327, 289)
    >>> chip_chop([5000, 3000, 2000], [500, 300, 200]).amounts
    (400, 320, 280)
    >>> d = icm_chop([5000, 3000, 2000], [500, 300, 200], leave=100)
    >>> d.amounts, d.to_play, sum(d.amounts) + d.to_play
    ((334, 297, 269), 100, 1000)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .icm import icm_equity


@dataclass(frozen=True)
class Deal:
    """What each player takes now, and what is left to play for (to the eventual winner).

    Example:
        >>> Deal("chip", (60, 40), 0, (Fraction(60), Fraction(40))).total
        100
    """

    method: str
    amounts: tuple[int, ...]
    to_play: int
    exact: tuple[Fraction, ...]

    @property
    def total(self) -> int:
        """Everything the deal shares out: the amounts plus what is left to play for."""
        return sum(self.amounts) + self.to_play


def whole_units(shares: Sequence[Fraction], total: int, unit: int = 1,
                stacks: Sequence[int] | None = None) -> tuple[int, ...]:
    """Round exact ``shares`` (adding up to ``total``) to multiples of ``unit`` adding up to
    ``total`` exactly (largest remainder; see the module notes).

    Example:
        >>> whole_units([Fraction(10, 3)] * 3, 10)
        (4, 3, 3)
        >>> whole_units([Fraction(1, 2), Fraction(21, 2)], 11, unit=5, stacks=[1, 9])
        (0, 11)
    """
    if sum(shares) != total:
        raise ValueError(f"the shares add up to {sum(shares)}, not {total}")
    n = len(shares)
    order_key = list(stacks) if stacks is not None else [0] * n
    units = total // unit
    exact = [Fraction(s) / unit for s in shares]
    base = [max(0, math.floor(x)) for x in exact]
    left = units - sum(base)
    rank = sorted(range(n), key=lambda i: (-(exact[i] - base[i]), -order_key[i], i))
    for i in rank[: max(0, left)]:
        base[i] += 1
    out = [b * unit for b in base]
    leader = max(range(n), key=lambda i: (order_key[i], -i))
    out[leader] += total - sum(out)
    return tuple(out)


def _prepare(stacks: Sequence[int], payouts: Sequence[int], leave: int, unit: int) -> list[int]:
    for name, values in (("stacks", stacks), ("payouts", payouts)):
        if any(isinstance(v, bool) or int(v) != v for v in values):
            raise TypeError(f"{name} must be whole numbers (chips; currency units)")
    if len(stacks) < 2:
        raise ValueError("a deal needs at least two players")
    if any(s <= 0 for s in stacks):
        raise ValueError("every stack must be above 0")
    if len(payouts) < len(stacks):
        raise ValueError(f"{len(stacks)} players are left but only {len(payouts)} prizes are given: "
                         "give the prize of every place still to be paid (0 for unpaid places)")
    paid = [int(p) for p in payouts[: len(stacks)]]
    if any(p < 0 for p in paid) or any(a < b for a, b in zip(paid, paid[1:])):
        raise ValueError(f"prizes must be at least 0 and never rise from one place to the next, got {paid}")
    if isinstance(unit, bool) or int(unit) != unit or unit < 1:
        raise ValueError(f"unit must be a whole number of at least 1, got {unit!r}")
    if isinstance(leave, bool) or int(leave) != leave or not 0 <= leave <= paid[0] - paid[1]:
        raise ValueError(f"the amount left to play for must be from 0 to the gap between first and "
                         f"second prize ({paid[0] - paid[1]}), got {leave!r}")
    paid[0] -= int(leave)
    return paid


def icm_chop(stacks: Sequence[int], payouts: Sequence[int], *, leave: int = 0, unit: int = 1) -> Deal:
    """Share the prizes still to be paid by ICM equity (see the module notes)."""
    paid = _prepare(stacks, payouts, leave, unit)
    eq = [Fraction(x) for x in icm_equity([int(s) for s in stacks], paid, exact=True)]
    return Deal("icm", whole_units(eq, sum(paid), unit, stacks), int(leave), tuple(eq))


def chip_chop(stacks: Sequence[int], payouts: Sequence[int], *, leave: int = 0, unit: int = 1,
              floor: bool = True) -> Deal:
    """Share the prizes still to be paid by chips, above a guaranteed smallest prize."""
    paid = _prepare(stacks, payouts, leave, unit)
    n = len(stacks)
    base = paid[-1] if floor else 0
    rest = sum(paid) - n * base
    chips = sum(int(s) for s in stacks)
    eq = [Fraction(base) + Fraction(rest * int(s), chips) for s in stacks]
    return Deal("chip", whole_units(eq, sum(paid), unit, stacks), int(leave), tuple(eq))
