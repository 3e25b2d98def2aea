"""The exact values of the issue, reproduced by exact enumeration."""
import math

import pytest

from pyeval.equity import equity
from pyeval.equity.engine import exact_cost, make_spot


def pct(x: float) -> float:
    return 100 * x


def test_aces_against_kings_counts() -> None:
    r = equity("holdem", ["AcAd", "KhKs"])
    assert r.exact and r.samples == 1_712_304 and r.std_err == 0.0
    a, k = r.players
    assert (a.wins, a.losses, a.ties) == (1_388_072, 317_694, 6_538)
    assert (k.wins, k.ties) == (317_694, 6_538)
    assert round(pct(a.equity), 4) == 81.2555 and round(pct(k.equity), 4) == 18.7445
    assert a.equity == (1_388_072 + 6_538 / 2) / 1_712_304


@pytest.mark.parametrize("hands, want", [
    (["AsKs", "QhQd"], 46.2145),
    (["7c2d", "AsAh"], 12.5776),
])
def test_heads_up(hands, want) -> None:
    r = equity("holdem", hands)
    assert r.exact and r.samples == 1_712_304
    assert round(pct(r.players[0].equity), 4) == want
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("hands, want", [
    (["AKs", "QQ"], 46.0485),
    (["AKo", "QQ"], 43.2423),
])
def test_ranges_exact(hands, want) -> None:
    r = equity("holdem", hands, exact=True)
    assert r.exact
    assert round(pct(r.players[0].equity), 4) == want


def test_aces_against_kings_all_combinations() -> None:
    r = equity("holdem", ["AA", "KK"], exact=True)
    assert r.samples == 36 * 1_712_304
    assert round(pct(r.players[0].equity), 5) == 81.94605


@pytest.mark.slow
def test_three_way_pairs() -> None:
    r = equity("holdem", ["AA", "KK", "QQ"], exact=True)
    assert [round(pct(e), 4) for e in r.equities] == [66.9793, 17.7457, 15.2749]
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.slow
def test_deuces_against_a_random_hand() -> None:
    # 22 against any two cards: by suit symmetry every pair of deuces has the same equity,
    # so the exact run uses one of them (2.1 billion deals)
    r = equity("holdem", ["2c2d", "random"], exact=True)
    assert r.samples == 2_097_572_400
    assert round(pct(r.players[0].equity), 4) == 50.3340


def test_deuces_against_a_random_hand_sampled() -> None:
    r = equity("holdem", ["22", "random"], samples=2_000_000, seed=3)
    assert not r.exact
    assert abs(r.players[0].equity - 0.503340) < 4 * r.players[0].std_err


def test_omaha() -> None:
    r = equity("omaha", ["AsAhKsKh", "9c8d7c6d"])
    assert r.exact and r.samples == 1_086_008
    assert round(pct(r.players[0].equity), 4) == 60.0622
    assert r.players[0].tie == 0.0 and r.players[1].tie == 0.0
    assert r.players[0].wins + r.players[1].wins == r.samples


def test_omaha_hi_lo() -> None:
    r = equity("omaha8", ["AsAh2s3h", "KcKdQcQd"])
    assert r.exact
    assert round(pct(r.players[0].equity), 4) == 67.8177
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)
    a, k = r.players
    assert k.low_win == 0.0 and a.low_win > 0.5
    assert a.scoop == a.win and a.high_win + k.high_win + a.high_tie == pytest.approx(1.0)


def test_exact_cost_counts_only_hands_dealt_together() -> None:
    """Six players on QQ+, AK with a 2c7d9h board can be dealt together in 226,800 ways
    only (151,048,800 deals with the boards, as OMPEval enumerates them): the estimate is
    the range engine's fraction of a core-second (0.4-0.55 s measured), not the
    core-hours the product of the range sizes gave."""
    from pyeval.equity.engine import EXACT_AUTO_COST, EXACT_MAX_COST, _compatible_tuples
    spot = make_spot("holdem", ["QQ+, AK"] * 6, "2c7d9h")
    n, seen, free = _compatible_tuples(spot)
    assert (n, free) == (226_800, 1.0) and n < seen
    # the deals of the walk: each compatible choice on every two-card completion of the
    # board from the 37 cards they leave
    assert n * math.comb(52 - 3 - 12, 2) == 151_048_800
    assert 1e8 < exact_cost(spot) < min(2 * EXACT_AUTO_COST, EXACT_MAX_COST)
    # a spot small enough to run here: the walk gives the same deals the estimate counted
    small = make_spot("holdem", ["QQ+, AK"] * 3, "2c7d9h")
    r = equity("holdem", ["QQ+, AK"] * 3, "2c7d9h", exact=True)
    n3 = _compatible_tuples(small)[0]
    assert r.samples == n3 * math.comb(52 - 3 - 6, 2)
