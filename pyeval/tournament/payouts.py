"""Prize pools and payouts in whole currency units.

Percentages are exact fractions (``12.5`` means 25/2 %), chosen from tables by field size or
generated for "about 10-15 % of the field paid". Amounts are whole multiples of ``unit``
(1 = whole currency units) and always add up to the pool exactly, by one of two named rules:

- ``"largest_remainder"`` (default): every place gets its exact share rounded down to a
  whole unit; the units left over go one each to the places with the largest cut-off
  fractions, ties to the better place. Any amount smaller than one unit (a pool that is not a
  multiple of ``unit``) goes to first place.
- ``"remainder_to_first"``: every place gets its share rounded down; first place gets
  everything left over.

Example (the rule sheet: $25 to the pool from each of 30 entrants, 50/30/20):
    >>> split_pool(750, [50, 30, 20])
    (375, 225, 150)
    >>> split_pool(100, [50, 30, 20], unit=1), split_pool(101, [50, 30, 20])
    ((50, 30, 20), (51, 30, 20))
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .errors import FieldError, Path

if TYPE_CHECKING:
    from .placings import Placing

ROUNDING_RULES: tuple[str, ...] = ("largest_remainder", "remainder_to_first")
Percent = int | float | str | Fraction


def as_fraction(value: Percent) -> Fraction:
    """An exact fraction from an int, a decimal float as written (``12.5``) or a string.

    Example:
        >>> as_fraction(12.5), as_fraction("33.3")
        (Fraction(25, 2), Fraction(333, 10))
    """
    if isinstance(value, bool):
        raise TypeError("a percentage must be a number, not true/false")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"a percentage must be a finite number, got {value!r}")
        return Fraction(repr(value))
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"a percentage must be a finite number, got {value!r}") from None


def split_pool(
    pool: int,
    percents: Sequence[Percent],
    rounding: str = "largest_remainder",
    unit: int = 1,
) -> tuple[int, ...]:
    """Split ``pool`` by ``percents`` (adding up to 100) into whole amounts summing to ``pool``.

    Example:
        >>> split_pool(1000, [50, 30, 20], unit=25)
        (500, 300, 200)
        >>> split_pool(100, ["33.34", "33.33", "33.33"])
        (34, 33, 33)
        >>> split_pool(101, [50, 30, 20], rounding="remainder_to_first", unit=5)
        (51, 30, 20)
    """
    if rounding not in ROUNDING_RULES:
        raise ValueError(f"unknown rounding {rounding!r}; allowed: {', '.join(ROUNDING_RULES)}")
    if pool < 0 or unit < 1:
        raise ValueError(f"the pool ({pool}) must be at least 0 and the unit ({unit}) at least 1")
    shares = [as_fraction(p) for p in percents]
    if not shares or sum(shares) != 100 or any(p < 0 for p in shares):
        raise ValueError(
            f"percentages must be non-negative and add up to exactly 100, got {sum(shares)}"
        )
    units = pool // unit
    exact = [units * p / 100 for p in shares]
    base = [math.floor(x) for x in exact]
    left = units - sum(base)
    if rounding == "largest_remainder":
        order = sorted(range(len(base)), key=lambda i: (-(exact[i] - base[i]), i))
        for i in order[:left]:
            base[i] += 1
    else:
        base[0] += left
    out = [b * unit for b in base]
    out[0] += pool - units * unit
    return tuple(out)


def places_paid(entrants: int, paid_percent: Percent) -> int:
    """How many places are paid when about ``paid_percent`` % of the field is paid.

    ``entrants * paid_percent / 100`` rounded half up, at least 1 and at most the field.

    Example:
        >>> [places_paid(n, 12) for n in (8, 20, 30, 100)]
        [1, 2, 4, 12]
    """
    exact = entrants * as_fraction(paid_percent) / 100
    return max(1, min(entrants, math.floor(exact + Fraction(1, 2))))


def geometric_percentages(places: int, ratio: Percent) -> tuple[Fraction, ...]:
    """Percentages for ``places`` places, each place ``ratio`` times the one above it.

    Example:
        >>> [float(round(p, 2)) for p in geometric_percentages(3, 0.6)]
        [51.02, 30.61, 18.37]
    """
    r = as_fraction(ratio)
    if not 0 < r <= 1 or places < 1:
        raise ValueError("ratio must be in (0, 1] and at least one place must be paid")
    weights = [r**i for i in range(places)]
    total = sum(weights)
    return tuple(100 * w / total for w in weights)


@dataclass(frozen=True)
class PayoutTable:
    """Percentages by place for fields of ``min_entrants`` to ``max_entrants`` players.

    Example:
        >>> PayoutTable(2, 10, (Fraction(50), Fraction(30), Fraction(20))).covers(10)
        True
    """

    min_entrants: int
    max_entrants: int
    percents: tuple[Fraction, ...]

    def covers(self, entrants: int) -> bool:
        """True when this table applies to a field of ``entrants``."""
        return self.min_entrants <= entrants <= self.max_entrants


def check_percentages(percents: Sequence[Fraction], path: Path) -> None:
    """Raise :class:`FieldError` unless percentages are positive, non-increasing, sum 100.

    Example:
        >>> check_percentages([Fraction(50), Fraction(30)], ("payouts",))
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.FieldError: percentages add up to 80, not 100: a payout table must pay out the ...
    """
    if not percents:
        raise FieldError(path, "list at least one percentage")
    total = sum(percents, Fraction(0))
    if total != 100:
        raise FieldError(
            path,
            f"percentages add up to {_show(total)}, not 100: a payout table must pay out the "
            "whole pool",
        )
    for place, (a, b) in enumerate(zip(percents, percents[1:]), start=2):
        if b > a:
            raise FieldError(
                path, f"place {place} ({_show(b)}%) would be paid more than place {place - 1} ({_show(a)}%)"
            )
    if any(p <= 0 for p in percents):
        raise FieldError(path, "every paid place needs a percentage above 0")


def _show(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


@dataclass(frozen=True)
class PayoutRules:
    """How a tournament pays: tables by field size, or a generated share of the field.

    Tables are tried first; ``paid_percent`` with ``ratio`` (see :func:`places_paid`,
    :func:`geometric_percentages`) covers field sizes no table lists.

    Example:
        >>> rules = PayoutRules(tables=(PayoutTable(2, 40, (Fraction(50), Fraction(30), Fraction(20))),))
        >>> rules.amounts(750, 30)
        (375, 225, 150)
    """

    tables: tuple[PayoutTable, ...] = ()
    paid_percent: Fraction | None = None
    ratio: Fraction | None = None
    rounding: str = "largest_remainder"
    unit: int = 1

    def percentages(self, entrants: int) -> tuple[Fraction, ...]:
        """The percentages paid to places 1, 2, ... for a field of ``entrants``."""
        for table in self.tables:
            if table.covers(entrants):
                return table.percents
        if self.paid_percent is not None and self.ratio is not None:
            return geometric_percentages(places_paid(entrants, self.paid_percent), self.ratio)
        sizes = ", ".join(f"{t.min_entrants}-{t.max_entrants}" for t in self.tables)
        raise ValueError(f"no payout table for {entrants} entrants; tables cover {sizes or 'nothing'}")

    def amounts(self, pool: int, entrants: int) -> tuple[int, ...]:
        """Whole amounts for places 1, 2, ... adding up to ``pool`` exactly."""
        return split_pool(pool, self.percentages(entrants), self.rounding, self.unit)


def award(placings: Sequence[Placing], amounts: Sequence[int]) -> dict[int, int]:
    """Money per player. Players who share places share those places' prizes equally.

    A shared total that does not divide evenly leaves up to ``k - 1`` units; they go one each
    to the sharing players in the order the placings list them (list them clockwise from
    the button, as odd chips in a pot). Unpaid places pay 0, and the prizes handed out always
    add up to the amounts.

    Example (3rd and 4th share 150 + 0):
        >>> from pyeval.tournament.placings import Placing
        >>> p = [Placing(7, 1), Placing(3, 2), Placing(4, 3, 2), Placing(5, 3, 2)]
        >>> award(p, (375, 225, 150))
        {7: 375, 3: 225, 4: 75, 5: 75}
    """
    out: dict[int, int] = {}
    groups: dict[tuple[int, int], list[Any]] = {}
    for p in placings:
        groups.setdefault((p.place, p.shares), []).append(p.player)
    for (place, shares), players in groups.items():
        if len(players) != shares:
            raise ValueError(f"place {place} is shared by {shares} players but {len(players)} are listed")
        total = sum(amounts[i - 1] for i in range(place, place + shares) if i <= len(amounts))
        each, odd = divmod(total, shares)
        for k, player in enumerate(players):
            out[player] = each + (1 if k < odd else 0)
    return out


def prize_pool(
    entrants: int,
    contribution: int,
    rebuys: int = 0,
    rebuy_contribution: int = 0,
    addons: int = 0,
    addon_contribution: int = 0,
    guarantee: int = 0,
) -> int:
    """Money in the prize pool: what each buy-in, rebuy and add-on puts in after fees.

    Example (the two-stage sheet: $30 buy-in, $5 of it for food, 30 entrants):
        >>> prize_pool(30, 30 - 5)
        750
    """
    pool = entrants * contribution + rebuys * rebuy_contribution + addons * addon_contribution
    return max(pool, guarantee)


def amounts_by_player(placings: Sequence[Placing], rules: PayoutRules, pool: int) -> Mapping[int, int]:
    """Shortcut: prizes per player for a finished tournament.

    Example:
        >>> from pyeval.tournament.placings import Placing
        >>> rules = PayoutRules(tables=(PayoutTable(2, 9, (Fraction(70), Fraction(30))),))
        >>> amounts_by_player([Placing(1, 1), Placing(2, 2), Placing(3, 3)], rules, 90)
        {1: 63, 2: 27, 3: 0}
    """
    return award(placings, rules.amounts(pool, len(placings)))
