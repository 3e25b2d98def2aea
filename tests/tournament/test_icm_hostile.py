"""ICM at hostile sizes (issue 40): prize money is never lost in floats, never divided by
zero, and exact ICM's cost is bounded with a clear message."""

from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner

from pyeval.cli.icm_cmd import icm
from pyeval.tournament.icm import (
    MAX_ICM_AMOUNT,
    icm_equity,
    icm_equity_mc,
    place_probabilities,
    whole_ratios,
)

# stacks 2**53 apart and more: a float total loses the small stacks, and the chips left
# after the big one finishes are 0.0 in floats
WIDE = [2**63 - 1, 1, 3, 2**40 + 7]
PRIZES = [381_906_114 // 2, 381_906_114 // 4, 381_906_114 // 8, 381_906_114 // 8]


def test_exact_icm_sums_to_the_pool_at_stacks_2_to_the_63_apart() -> None:
    eq = icm_equity(WIDE, PRIZES, exact=True)
    assert sum(eq) == sum(PRIZES) == 381_906_113
    # the largest stack finishes first with exactly its share of the chips
    first = place_probabilities(WIDE, 1, exact=True)
    assert first[0][0] == Fraction(2**63 - 1, sum(WIDE))
    # a 1-chip stack against 2**63 - 1 others: second place when the big stack wins first,
    # by the Malmuth-Harville ratios 1 / (1 + 3 + 2**40 + 7)
    probs = place_probabilities(WIDE, 2, exact=True)
    assert probs[1][1] > first[0][0] * Fraction(1, 3 + 2**40 + 8)


def test_float_icm_keeps_the_pool_and_agrees_with_the_exact() -> None:
    eq = icm_equity(WIDE, PRIZES)
    exact = icm_equity(WIDE, PRIZES, exact=True)
    assert abs(sum(eq) - sum(PRIZES)) <= 1e-6 * sum(PRIZES)
    for a, b in zip(eq, exact):
        assert abs(a - float(b)) <= 1e-9 * sum(PRIZES)


def test_float_stacks_become_whole_numbers_in_the_same_ratios() -> None:
    assert whole_ratios([0.5, 1.25, 3, Fraction(1, 3)]) == [6, 15, 36, 4]
    eq = icm_equity([0.1, 2.0**60, 7], [10, 5, 1], exact=True)
    assert sum(eq) == 16


def test_the_cli_of_the_issue_no_longer_divides_by_zero() -> None:
    res = CliRunner().invoke(icm, ["9223372036854775807,1", "--payouts", "1,2,3,4,5,6,7,8,9,10",
                                   "--json"])
    assert res.exit_code == 0, res.output
    assert "equity" in res.output and "Traceback" not in res.output
    import json
    eq = json.loads(res.output)["equity"]
    assert abs(sum(eq) - 3) < 1e-12 and eq[1] > 1.999999


@pytest.mark.parametrize("stacks, prizes, kind, msg", [
    ([2**63, 1], [1], ValueError, "at most 9,223,372,036,854,775,807"),
    ([1, 1], [10**30], ValueError, "at most"),
    ([float("inf"), 1], [1], ValueError, "finite"),
    ([1, float("nan")], [1], ValueError, "finite"),
    ([1, True], [1], TypeError, "a stack is a number"),
    (5, [1], TypeError, "as a list of numbers"),
    ("12", [1], TypeError, "as a list of numbers"),
    ([1, 2], "1", TypeError, "as a list of numbers"),
    ([1, "2"], [1], TypeError, "a stack is a number"),
    ([1, Fraction(-1, 3)], [1], ValueError, "above 0"),
])
def test_bad_stacks_and_prizes_are_refused_clearly(stacks, prizes, kind, msg) -> None:
    with pytest.raises(kind, match=msg):
        icm_equity(stacks, prizes)


def test_exact_icm_cost_is_bounded_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="units of fraction work"):
        icm_equity([2**62 - i for i in range(11)], list(range(11, 0, -1)), exact=True)
    with pytest.raises(ValueError, match="use icm_equity_mc"):
        icm_equity(list(range(1, 30)), list(range(29, 0, -1)))
    assert MAX_ICM_AMOUNT == 2**63 - 1


def test_monte_carlo_refuses_seeds_outside_64_bits() -> None:
    for seed in (-1, 2**64):
        with pytest.raises(ValueError, match=r"seed must be an integer from 0 to 2\*\*64 - 1"):
            icm_equity_mc([5, 3], [1], trials=100, seed=seed)
    for seed in (True, 1.5):       # not a whole number: the type is wrong (one check of seeds)
        with pytest.raises(TypeError, match=r"seed must be an integer from 0 to 2\*\*64 - 1, not"):
            icm_equity_mc([5, 3], [1], trials=100, seed=seed)
    res = CliRunner().invoke(icm, ["5,3", "--payouts", "1", "--mc", "100", "--seed", str(2**64)])
    assert res.exit_code == 2 and "Traceback" not in res.output
