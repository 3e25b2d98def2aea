"""Payouts: exact percentages, whole units, the pool always paid exactly."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.tournament.payouts import (
    PayoutRules,
    PayoutTable,
    award,
    geometric_percentages,
    places_paid,
    prize_pool,
    split_pool,
)
from pyeval.tournament.placings import Placing


def test_rule_sheet_pool_of_750() -> None:
    # $30 buy-in, $5 of it for food, 30 entrants: $750 paid 50/30/20
    pool = prize_pool(30, 30 - 5)
    assert pool == 750
    assert split_pool(pool, [50, 30, 20]) == (375, 225, 150)


def test_largest_remainder_rule() -> None:
    # 101 at 50/30/20: exact 50.5 / 30.3 / 20.2 -> the one unit left goes to 1st (0.5)
    assert split_pool(101, [50, 30, 20]) == (51, 30, 20)
    # 103: 51.5 / 30.9 / 20.6 -> two units left: 2nd (.9) and 3rd (.6)
    assert split_pool(103, [50, 30, 20]) == (51, 31, 21)
    # ties go to the better place
    assert split_pool(2, ["33.34", "33.33", "33.33"]) == (1, 1, 0)
    assert split_pool(100, [Fraction(100, 3)] * 3) == (34, 33, 33)


def test_remainder_to_first_rule_and_units() -> None:
    assert split_pool(103, [50, 30, 20], rounding="remainder_to_first") == (53, 30, 20)
    # in $5 units: 1,003 -> 100 units of 5 split 50/30/20, the $3 that is not a unit to 1st
    assert split_pool(1003, [50, 30, 20], unit=5) == (503, 300, 200)
    # 109 units of 10: 54.5 / 32.7 / 21.8 -> 54, 33, 22 units; the $5 below a unit to 1st
    assert split_pool(1095, [50, 30, 20], unit=10) == (545, 330, 220)


def test_percentages_must_add_up_to_100() -> None:
    with pytest.raises(ValueError, match="add up to exactly 100"):
        split_pool(100, [50, 30, 19])
    with pytest.raises(ValueError, match="unknown rounding"):
        split_pool(100, [100], rounding="nearest")


def test_about_10_to_15_percent_paid() -> None:
    assert [places_paid(n, 10) for n in (10, 25, 30, 45, 100)] == [1, 3, 3, 5, 10]
    assert [places_paid(n, 15) for n in (10, 25, 30, 45, 100)] == [2, 4, 5, 7, 15]
    p = geometric_percentages(3, 0.6)
    assert sum(p) == 100 and p == (Fraction(2500, 49), Fraction(1500, 49), Fraction(900, 49))


def test_tables_by_field_size() -> None:
    rules = PayoutRules(
        tables=(PayoutTable(2, 10, (Fraction(65), Fraction(35))),
                PayoutTable(11, 30, (Fraction(50), Fraction(30), Fraction(20)))),
    )
    assert rules.amounts(200, 10) == (130, 70)
    assert rules.amounts(750, 30) == (375, 225, 150)
    with pytest.raises(ValueError, match="no payout table for 31 entrants"):
        rules.amounts(775, 31)


def test_shared_places_share_their_prizes() -> None:
    # 2nd and 3rd eliminated in one hand with equal stacks: (225 + 150) / 2 each,
    # the odd dollar to the first listed
    placings = [Placing("a", 1), Placing("b", 2, 2), Placing("c", 2, 2), Placing("d", 4)]
    assert award(placings, (375, 225, 150)) == {"a": 375, "b": 188, "c": 187, "d": 0}
    # 3rd and 4th share: 150 + 0
    placings = [Placing("a", 1), Placing("b", 2), Placing("c", 3, 2), Placing("d", 3, 2)]
    assert award(placings, (375, 225, 150)) == {"a": 375, "b": 225, "c": 75, "d": 75}


@st.composite
def percent_lists(draw):
    weights = draw(st.lists(st.integers(1, 1000), min_size=1, max_size=40))
    weights.sort(reverse=True)
    total = sum(weights)
    return [Fraction(100 * w, total) for w in weights]


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**7), percent_lists(), st.sampled_from(["largest_remainder", "remainder_to_first"]),
       st.sampled_from([1, 5, 10, 25]))
def test_pool_is_always_paid_exactly(pool, percents, rounding, unit) -> None:
    amounts = split_pool(pool, percents, rounding, unit)
    assert sum(amounts) == pool
    assert len(amounts) == len(percents)
    assert all(a >= 0 for a in amounts)
    assert list(amounts) == sorted(amounts, reverse=True)  # a better place never gets less
    # nobody is more than one unit from their exact share of the whole units, and the
    # part of the pool below one unit goes to 1st
    if rounding == "largest_remainder":
        units = pool - pool % unit
        for i, (a, p) in enumerate(zip(amounts, percents)):
            rest = pool % unit if i == 0 else 0
            assert abs(a - rest - units * p / 100) < unit


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), percent_lists(), st.data())
def test_shared_prizes_add_up(pool, percents, data) -> None:
    amounts = split_pool(pool, percents)
    field = data.draw(st.integers(len(percents), len(percents) + 10))
    placings, place = [], 1
    while place <= field:
        k = data.draw(st.integers(1, field - place + 1)) if place > 1 else 1
        placings += [Placing((place, j), place, k) for j in range(k)]
        place += k
    assert sum(award(placings, amounts).values()) == pool
