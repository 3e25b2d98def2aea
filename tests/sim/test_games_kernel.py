"""The button variants of the rule sheets in the simulator: Irish, Super Eight, Tahoe,
Pineapple and Crazy Pineapple, alone and in Dealer's Choice. Every hand's chips are
checked (debug), every tournament has one winner and a complete order, the same seed gives
the same result for any thread count, and sampled hands replay through the rules model
chip for chip, discards included."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.games import REGISTRY
from pyeval.sim import simulate
from pyeval.sim.layout import A_DISCARD, REC_ACT, REC_GAME, REC_NACT
from pyeval.sim.variants.replay import replay_variant

from .conftest import small_structure
from .test_kernel import check_complete

VARIANTS = [("irish", "pot_limit"), ("super_eight", "no_limit"), ("tahoe", "pot_limit"),
            ("pineapple", "no_limit"), ("crazy_pineapple", "fixed_limit")]


def _players(row: np.ndarray) -> list[int]:
    from pyeval.sim.layout import REC_PLAYER
    return [int(p) for p in row[REC_PLAYER:REC_PLAYER + 10] if p >= 0]


def _discards(row: np.ndarray) -> int:
    n = min(int(row[REC_NACT]), 64)
    return sum(1 for i in range(n) if row[REC_ACT + 4 * i + 2] == A_DISCARD)


@pytest.mark.parametrize("game,betting", VARIANTS)
def test_variant_tournaments_replay_exactly(game, betting):
    s = small_structure(game, betting)
    r = simulate(s, n=6, seed=23, field="balanced", debug=True, record_tournaments=6,
                 record_hands=100, record_stride=2, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert len(r.records) > 60
    g = REGISTRY.game(game)
    showdowns = discards = 0
    for row in r.records:
        res = replay_variant(row)              # an illegal action would raise here
        assert res.matches, (res.hand, res.rules_stacks)
        h = res.hand
        assert all(len(cs) == g.dealt_hole_cards for cs in h.hole.values())
        if sum(1 for a in h.actions if a[2] == "fold") < len(h.players) - 1:
            showdowns += 1
        discards += _discards(row)
    assert showdowns > 0
    assert (discards > 0) == bool(g.discards)


def test_dealers_choice_over_the_button_games():
    games = ("holdem", "omaha", "irish", "super_eight", "tahoe", "pineapple",
             "crazy_pineapple")
    from pyeval.sim.spec import build_spec

    s = small_structure("dealers_choice", "pot_limit")
    spec = build_spec(s, rotation=games, debug=True, record_tournaments=4, record_hands=200)
    r = simulate(s, n=4, seed=5, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    played = {int(row[REC_GAME]) for row in r.records}
    assert played == {REGISTRY.game(k).code for k in games}
    for row in r.records:
        res = replay_variant(row)
        assert res.matches, (res.hand, res.rules_stacks)


def test_same_seed_same_result_any_threads():
    s = small_structure("pineapple", "no_limit")
    a = simulate(s, n=8, seed=9, threads=1)
    b = simulate(s, n=8, seed=9, threads=2)
    assert np.array_equal(a.place, b.place) and np.array_equal(a.duration, b.duration)


@pytest.mark.parametrize("game", ["seven_card_stud", "razz", "seven_card_stud_hilo"])
def test_stud_with_eight_at_a_table(game):
    from .conftest import stud_structure

    s = stud_structure(game, table_size=8, entrants=16)
    r = simulate(s, n=6, seed=31, field="loose_passive", debug=True, record_tournaments=6,
                 record_hands=400, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert len(r.records) > 200 and max(len(h) for h in map(_players, r.records)) == 8
    for row in r.records:
        res = replay_variant(row)       # the deck order: the rules model decides the deal
        assert res.matches, (res.hand, res.rules_stacks)


def test_stud_community_card_in_the_simulator():
    """Stacks of one ante: everybody is all-in before the cards and sees seventh street,
    where eight players need more cards than the deck holds."""
    from pyeval.sim.layout import REC_BOARD

    from .conftest import stud_structure

    s = stud_structure("seven_card_stud", table_size=8, entrants=8, starting=25)
    r = simulate(s, n=4, seed=2, debug=True, record_tournaments=4, record_hands=50,
                 threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    community = 0
    for row in r.records:
        res = replay_variant(row)
        assert res.matches, (res.hand, res.rules_stacks)
        community += row[REC_BOARD] >= 0
    assert community >= 4
