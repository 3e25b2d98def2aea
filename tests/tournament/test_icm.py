"""ICM (Malmuth-Harville), exact."""

import time
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.tournament.icm import icm_equity as equity
from pyeval.tournament.icm import place_probabilities


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


# ------------------------------------------------------------------ names, bad input


def test_old_name_warns_and_agrees() -> None:
    import warnings

    import pyeval.tournament as t
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = t.equity([50, 30, 20], [70, 30], exact=True)
    assert any(issubclass(w.category, DeprecationWarning) and "icm_equity" in str(w.message)
               for w in caught)
    assert old == t.icm_equity([50, 30, 20], [70, 30], exact=True)


def test_payouts_above_the_pool_are_refused() -> None:
    import pytest
    with pytest.raises(ValueError, match="more than the pool of 100"):
        equity([50, 30, 20], [70, 50], pool=100)
    with pytest.raises(ValueError, match="add up to 1.2, more than the whole pool"):
        equity([50, 30, 20], [0.7, 0.5])
    with pytest.raises(ValueError, match="finite number of at least 0"):
        equity([50, 30], [float("nan"), 0])
    with pytest.raises(ValueError, match="finite number above 0"):
        equity([50, 0], [1, 0])
    with pytest.raises(TypeError, match="a prize is a number"):
        equity([50, 30], ["70", 30])
    assert sum(equity([50, 30, 20], [70, 30], pool=100, exact=True)) == 100


# ------------------------------------------------------------------ Monte Carlo ICM


def test_monte_carlo_agrees_with_exact_where_both_run() -> None:
    from pyeval.tournament.icm import icm_equity_mc

    cases = [
        ([1000 * (i + 1) for i in range(10)], [40, 25, 15, 8, 5, 3, 2, 1, 1, 0]),   # every place
        ([700, 3000, 150, 1200, 900, 2500, 400, 50, 600, 1800, 2200, 80], [50, 30, 20]),
        ([100 + 37 * i for i in range(25)], [35, 22, 15, 11, 9, 8]),
    ]
    for stacks, prizes in cases:
        exact = equity(stacks, prizes)
        mc = icm_equity_mc(stacks, prizes, trials=40_000, seed=11)
        assert abs(sum(mc.equity) - sum(prizes[: len(stacks)])) < 1e-9 * sum(prizes)
        for e, m, se in zip(exact, mc.equity, mc.stderr):
            assert abs(e - m) <= 4.5 * se + 1e-12, (stacks, e, m, se)
        # the stated error: the largest standard error, shrinking as 1/sqrt(trials)
        assert 0 < mc.error < 0.5
        big = icm_equity_mc(stacks, prizes, trials=160_000, seed=12)
        assert 0.4 < big.error / mc.error < 0.6


def test_monte_carlo_is_seeded_and_scales_to_a_thousand_players() -> None:
    from pyeval.tournament.icm import icm_equity_mc

    stacks = [1000 + (i * 7919) % 5000 for i in range(1000)]
    prizes = [round(1000 * 0.8 ** k) for k in range(100)]   # 100 places paid
    start = time.perf_counter()
    a = icm_equity_mc(stacks, prizes, trials=2_000, seed=5)
    took = time.perf_counter() - start
    assert a == icm_equity_mc(stacks, prizes, trials=2_000, seed=5)
    assert a != icm_equity_mc(stacks, prizes, trials=2_000, seed=6)
    assert abs(sum(a.equity) - sum(prizes)) < 1e-6 * sum(prizes)
    # more chips, more equity: the 250 biggest stacks against the 250 smallest, well beyond
    # the error of the two group means
    import numpy as np
    by = np.argsort(stacks)
    eq, se = np.array(a.equity), np.array(a.stderr)
    small, big = by[:250], by[-250:]
    gap = eq[big].mean() - eq[small].mean()
    err = np.sqrt((se[big] ** 2).sum() + (se[small] ** 2).sum()) / 250
    assert gap > 6 * err
    assert took < 30
    import pytest
    with pytest.raises(ValueError, match="use icm_equity_mc"):
        equity(stacks, prizes)


# ------------------------------------------------------------------ deals


def test_deals_pay_whole_units_adding_up_to_the_pool() -> None:
    from pyeval.tournament.deals import chip_chop, icm_chop

    stacks, prizes = [5000, 3000, 2000], [500, 300, 200]
    d = icm_chop(stacks, prizes)
    assert d.amounts == (384, 327, 289) and d.total == 1000
    exact = equity(stacks, prizes, exact=True)
    assert all(abs(a - e) < 1 for a, e in zip(d.amounts, exact))
    c = chip_chop(stacks, prizes)
    assert c.amounts == (400, 320, 280)          # 200 each guaranteed, 400 by chips
    assert chip_chop(stacks, prizes, floor=False).amounts == (500, 300, 200)
    left = icm_chop(stacks, prizes, leave=100)
    assert left.to_play == 100 and left.total == 1000
    reduced = equity(stacks, [400, 300, 200], exact=True)   # first prize less the 100 left
    assert sum(left.amounts) == 900 and all(abs(a - e) < 1 for a, e in zip(left.amounts, reduced))
    assert left.amounts == (334, 297, 269)   # 333.93, 297.5, 268.57: the two units left go to .93 and .57


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(1, 10**7), min_size=2, max_size=7),
       st.lists(st.integers(0, 10**6), min_size=7, max_size=7), st.integers(1, 50),
       st.integers(0, 100))
def test_deals_always_add_up(stacks, prizes, unit, leave_pct) -> None:
    from pyeval.tournament.deals import chip_chop, icm_chop

    prizes = sorted(prizes, reverse=True)
    pool = sum(prizes[: len(stacks)])
    leave = (prizes[0] - prizes[1]) * leave_pct // 100
    for deal in (icm_chop(stacks, prizes, unit=unit, leave=leave),
                 chip_chop(stacks, prizes, unit=unit, leave=leave)):
        assert deal.total == pool and deal.to_play == leave
        assert all(a >= 0 for a in deal.amounts)
        off = [a - float(e) for a, e in zip(deal.amounts, deal.exact)]
        assert sum(abs(x) for x in off) <= 2 * unit * len(stacks)


def test_deal_bad_input() -> None:
    import pytest

    from pyeval.tournament.deals import icm_chop
    with pytest.raises(ValueError, match="only 2 prizes"):
        icm_chop([1, 2, 3], [10, 5])
    with pytest.raises(ValueError, match="never rise"):
        icm_chop([1, 2], [5, 10])
    with pytest.raises(ValueError, match="gap between first and second prize"):
        icm_chop([1, 2], [10, 5], leave=6)
