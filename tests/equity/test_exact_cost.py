"""The exact-cost estimate against the work the range engine really does: the counts the
estimate makes without listing anything (pyeval/equity/_exact_work.py) equal the listed
plan's (tuples, suit classes) or bound them (rank signatures), the flush pass's steps are
within a factor of 1.5, and the price of the estimated counts within 1.5 of the price of
the real ones; spots the engine runs in a fraction of a second are never refused."""
from __future__ import annotations

import math

import pytest

from pyeval.equity import _exact_classes as XC
from pyeval.equity import equity
from pyeval.equity._exact_work import count_tuples, plan_work, tuple_work
from pyeval.equity.cost import EXACT_AUTO_COST, EXACT_MAX_COST, exact_cost, tuple_cost
from pyeval.equity.exact_run import _player_combos
from pyeval.equity.spot import make_spot

SPOTS = [
    (["QQ+", "QQ+"], "", ""),
    (["random", "AhKh"], "", ""),
    (["AdAc", "random"], "", ""),
    (["22", "random"], "", ""),
    (["AA,KK", "AK", "AQs+,KQs"], "", ""),
    (["AhKh", "random"], "Ks7d2c", ""),
    (["AhKh", "random", "0.5(TT+), AQs"], "Ks7d2c4h", ""),
    (["JJ+, AK", "random"], "", "2c3c"),
    (["AcAd", "QhQs", "8s9s"], "Ks7d2c", ""),
    (["QQ+, AK"] * 6, "2c7d9h", ""),
    (["TT+,AK", "AQs+,KQs,QJs,JTs", "22", "87s,76s,T8s"], "Qs9h2c", ""),
]


def _plan(spot):
    held = [_player_combos(p, spot.game, spot.deck) for p in spot.players]
    return XC.ExactPlan([[cs for cs, _ in h] for h in held], [[w for _, w in h] for h in held],
                        spot.board, spot.dead)


@pytest.mark.parametrize("hands, board, dead", SPOTS)
def test_estimated_counts_are_the_plans(hands, board, dead) -> None:
    spot = make_spot("holdem", hands, board, dead)
    est = tuple_work(spot)
    real = plan_work(_plan(spot))
    assert est is not None
    assert (est.tuples, est.classes, est.pairs, est.multisets) == \
        (real.tuples, real.classes, real.pairs, real.multisets)
    assert real.signatures <= est.signatures <= est.tuples
    for a, b in ((est.flush_steps, real.flush_steps), (est.flush_subsets, real.flush_subsets)):
        assert (a == b == 0) or 1 / 1.5 <= a / b <= 1.5, (a, b)
    n = len(XC.suit_perms(spot.board + spot.dead))
    perms = n if n > 1 and len(hands) <= 6 else 0
    assert 1 / 1.5 <= tuple_cost(est, perms) / tuple_cost(real, perms) <= 1.5
    assert exact_cost(spot) == tuple_cost(est, perms)


@pytest.mark.parametrize("hands, board, dead", SPOTS[:6])
def test_the_run_deals_what_was_counted(hands, board, dead) -> None:
    spot = make_spot("holdem", hands, board, dead)
    r = equity("holdem", hands, board, dead, exact=True)
    k = 5 - len(spot.board)
    left = 52 - len(spot.board) - len(spot.dead) - 2 * len(hands)
    assert r.samples == tuple_work(spot).tuples * math.comb(left, k)


def test_count_tuples_against_a_brute_force() -> None:
    import itertools
    lists = [[3, 5, 6, 9, 12], [3, 10, 12, 17, 24], [5, 6, 33, 40], [1 << 6 | 1, 48]]
    want = sum(1 for t in itertools.product(*lists)
               if sum(bin(m).count("1") for m in t) == bin(
                   t[0] | t[1] | t[2] | t[3]).count("1"))
    assert count_tuples(lists) == want
    assert count_tuples(lists, max_steps=2) is None
    assert count_tuples([[3], []]) == 0


def test_feasible_spots_are_priced_as_what_they_cost() -> None:
    # the six players: the engine's fraction of a second, chosen automatically
    six = make_spot("holdem", ["QQ+, AK"] * 6, "2c7d9h")
    assert 1e8 < exact_cost(six) < 2 * EXACT_AUTO_COST
    # heads-up random against random: 1,624,350 tuples, about 10-20 core-seconds
    rr = make_spot("holdem", ["random", "random"])
    assert EXACT_AUTO_COST < exact_cost(rr) < 5e10 < EXACT_MAX_COST
    # three unknown hands pre-flop: too many tuples to list, the board walk's price
    r3 = make_spot("holdem", ["random"] * 3)
    assert tuple_work(r3) is None and exact_cost(r3) > EXACT_MAX_COST
    with pytest.raises(ValueError, match="core-hours"):
        equity("holdem", ["random"] * 3, exact=True)


def test_a_sample_count_asks_for_monte_carlo() -> None:
    cheap = ["AcAd", "KhKs"]
    assert equity("holdem", cheap).exact
    r = equity("holdem", cheap, samples=5_000, seed=1)
    assert not r.exact and r.samples == 5_000
    # a time limit shorter than the estimate samples too
    assert not equity("holdem", ["22", "random"], time_limit=1e-3, seed=1).exact
    assert equity("holdem", ["22", "random"], time_limit=60).exact
