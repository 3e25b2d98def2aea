"""ICM (Malmuth-Harville), exact."""

import time
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.tournament.icm import equity, place_probabilities


def test_issue_check_50_30_20_paying_70_30() -> None:
    e = equity([50, 30, 20], [70, 30], exact=True)
    assert e == [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)]
    assert [round(float(x), 2) for x in e] == [45.18, 32.25, 22.57]
    assert sum(e) == 100


def test_place_probabilities_by_hand() -> None:
    p = place_probabilities([50, 30, 20], exact=True)
    assert p[0] == [Fraction(1, 2), Fraction(19, 56), Fraction(9, 56)]
    assert [sum(row) for row in p] == [1, 1, 1]
    assert [sum(p[i][k] for i in range(3)) for k in range(3)] == [1, 1, 1]


def test_equal_stacks_get_equal_shares() -> None:
    assert equity([10] * 4, [50, 30, 20], exact=True) == [Fraction(25)] * 4


def test_ten_players_is_fast() -> None:
    stacks = [1000 * (i + 1) for i in range(10)]
    start = time.perf_counter()
    e = equity(stacks, [40, 25, 15, 8, 5, 3, 2, 1, 1, 0], exact=True)
    assert time.perf_counter() - start < 1.0
    assert sum(e) == 100
    assert e == sorted(e)  # more chips, more equity


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 10_000), min_size=1, max_size=7),
       st.lists(st.integers(0, 1000), min_size=1, max_size=7))
def test_equities_sum_to_the_prizes(stacks, prizes) -> None:
    prizes = sorted(prizes, reverse=True)
    e = equity(stacks, prizes, exact=True)
    assert sum(e) == sum(prizes[: len(stacks)])
    f = equity(stacks, prizes)
    assert abs(sum(f) - sum(prizes[: len(stacks)])) < 1e-6 * max(1, sum(prizes))
