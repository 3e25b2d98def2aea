"""Heads-up push/fold: exact class equities, the equilibrium, and the models against it."""
from __future__ import annotations

import functools

import numpy as np
import pytest

from pyeval.equity import equity
from pyeval.sim import simulate
from pyeval.sim.analysis.replay import decode
from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.kernel.layout import A_RAISE
from pyeval.sim.players import nash
from pyeval.sim.players.models import MODELS, PlayerModel

from .conftest import small_structure

DEPTHS = (5, 8, 10, 12, 15, 20)


def test_class_equities_agree_with_the_equity_engine():
    eq, pairs = nash.class_equities()
    t9s, a2o, kk, a5s = 8 * 13 + 7, 0 * 13 + 12, 11 * 13 + 11, 12 * 13 + 3
    for (a, b), (x, y) in [(("T9s", "A2o"), (t9s, a2o)), (("KK", "A5s"), (kk, a5s))]:
        r = equity("holdem", [a, b], exact=True)
        assert eq[x, y] == pytest.approx(r.players[0].equity, abs=1e-12)
    live = pairs > 0
    assert np.allclose((eq + eq.T)[live], 1.0)
    assert int(pairs.sum()) == 1326 * 1225           # every pair of disjoint hands
    assert int(pairs[kk, kk]) == 6          # each of the six KK has one KK left to face


@pytest.mark.parametrize("depth", DEPTHS)
def test_equilibrium_is_unexploitable(depth):
    r = nash.solve_headsup(depth)
    assert r.exploitability <= 0.005
    g = nash.headsup_game(depth)
    # each side's strategy is a best answer to the other's, hand by hand (up to the mix)
    sp, sf, bc, bf = nash.values(g, r.push, r.call)
    assert ((r.push > 0.99) <= (sp >= sf - 1e-4)).all()
    assert ((r.call > 0.99) <= (bc >= bf - 1e-4)).all()


def test_equilibrium_matches_published_ranges():
    """Published heads-up chip-EV push/fold at 10 big blinds: the small blind shoves about
    58 % of hands and the big blind calls about 37 %."""
    r = nash.solve_headsup(10)
    assert r.shove_share == pytest.approx(0.58, abs=0.01)
    assert r.call_share == pytest.approx(0.37, abs=0.01)
    assert nash.solve_headsup(5).shove_share == pytest.approx(0.72, abs=0.01)


@pytest.mark.parametrize("depth", DEPTHS)
def test_push_fold_model_plays_the_equilibrium(depth):
    """With hands ranked in push order (nash.model_tables) the push-or-fold model's
    heads-up strategy is at most 0.005 big blinds a hand from the equilibrium."""
    g = nash.headsup_game(depth)
    p, q = nash.model_strategy(MODELS["push_fold"], depth, nash.model_tables())
    assert nash.exploitability(g, p, q) <= 0.005
    assert nash.share(p) == pytest.approx(nash.solve_headsup(depth).shove_share, abs=0.03)


def test_push_order_fixes_the_old_ranking():
    """The old ranking (equity against a random hand) shoved Q3o-Q7o and J6o before the
    small suited connectors; the push order puts the connectors first."""
    t = nash.model_tables()
    q3o, q7o, j6o = 1 * 13 + 10, 5 * 13 + 10, 4 * 13 + 9
    for conn in (5 * 13 + 4, 6 * 13 + 5, 7 * 13 + 6):        # 76s, 87s, 98s
        assert t.top[conn] < min(t.top[q3o], t.top[q7o], t.top[j6o])


def test_deviation_moves_the_shove_share():
    base = PlayerModel("push_fold").push_table()[1, 40]
    assert PlayerModel("push_fold", push_dev=0.2).push_table()[1, 40] == pytest.approx(
        base + 0.2 * (1 - base))
    assert PlayerModel("push_fold", push_dev=-0.2).push_table()[1, 40] == pytest.approx(
        0.8 * base)
    with pytest.raises(ValueError, match="push_dev"):
        PlayerModel("push_fold", push_dev=1.5)


@functools.cache
def _headsup_first_hands(depth: int, n: int = 3000) -> tuple:
    """First hands of ``n`` heads-up tournaments, both players ``depth`` big blinds, the
    push-or-fold model (simulated once per depth for the tests below)."""
    s = small_structure(entrants=2, starting=100 * depth, table_size=2,
                        levels=[LevelSpec(50, 100)] * 3, minutes=60)
    r = simulate(s, n=n, seed=7, field="push_fold", record_tournaments=n, record_hands=1)
    return tuple(decode(row) for row in r.records)


@pytest.mark.parametrize("depth", DEPTHS)
def test_simulated_headsup_shove_share(depth):
    """Heads-up from the first hand (both players ``depth`` big blinds): the small blind's
    shove share in the simulator within 3 points of the equilibrium's."""
    hands = _headsup_first_hands(depth)
    shoves = 0
    for h in hands:
        first = h.actions[0]
        assert first[1] == h.small_blind_seat
        shoves += first[2] == "raise" and first[3] == h.stacks[first[1]]
    assert A_RAISE == 3
    assert shoves / len(hands) == pytest.approx(nash.solve_headsup(depth).shove_share, abs=0.03)


@pytest.mark.parametrize("depth", DEPTHS)
def test_simulated_headsup_play_is_unexploitable(depth):
    """The simulator's own heads-up play, read per class from its recorded first hands (the
    small blind's shove or fold, the big blind's call or fold facing the shove), is at most
    0.005 big blinds a hand exploitable (issue 9's check on the players, not the tables)."""
    from pyeval.sim.players.preflop import preflop_tables

    cls = preflop_tables().class_of
    seen = np.zeros((2, 169))
    acted = np.zeros((2, 169))
    for h in _headsup_first_hands(depth):
        sb, bb = h.small_blind_seat, h.big_blind_seat
        c = cls[h.hole[sb][0] * 52 + h.hole[sb][1]]
        shove = h.actions[0][2] == "raise"
        seen[0, c] += 1
        acted[0, c] += shove
        if shove and len(h.actions) > 1:
            d = cls[h.hole[bb][0] * 52 + h.hole[bb][1]]
            seen[1, d] += 1
            acted[1, d] += h.actions[1][2] == "call"
    # a class never dealt (or never shoved into) plays as the model says
    model = np.array(nash.model_strategy(MODELS["push_fold"], depth, nash.model_tables()))
    p, q = np.where(seen > 0, acted / np.maximum(seen, 1), model)
    assert nash.exploitability(nash.headsup_game(depth), p, q) <= 0.005
