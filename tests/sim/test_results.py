"""Results over a run: percentiles, chances, players left, stacks by level, payouts."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.sim import simulate


@pytest.fixture(scope="module")
def run(club):
    return simulate(club, n=200, seed=8, players=30)


def test_duration_summaries(run):
    p = run.duration_percentiles((10, 50, 90))
    assert p[10.0] <= p[50.0] <= p[90.0]
    assert run.chance_done_by(0) == 0.0
    assert run.chance_done_by(run.duration.max()) == 1.0
    t90 = run.time_for_chance(0.9)
    assert run.chance_done_by(t90) >= 0.9
    grid = np.linspace(0, run.duration.max(), 30)
    c = run.chance_done_by(grid)
    assert (np.diff(c) >= 0).all()


def test_players_left_against_the_clock(run):
    grid = np.linspace(0, run.duration.max() + 1, 50)
    left = run.players_left_matrix(grid)
    assert (left[:, 0] == 30).all()
    assert (left[:, -1] == 0).all()
    assert (np.diff(left, axis=1) <= 0).all()
    # exact: a player counts until their elimination minute
    t = 0
    m = float(np.median(run.elim_time[t]))
    assert left[t, 0] == (run.elim_time[t] > 0).sum()
    assert run.players_left_matrix([m])[t, 0] == (run.elim_time[t] > m).sum()


def test_final_table_and_levels(run):
    assert (run.final_table > 0).all() and (run.final_table < run.duration).all()
    freq = run.level_reached_frequencies()
    assert freq[0] == 1.0 and (np.diff(freq) <= 0).all()
    assert np.isclose(run.final_level_frequencies().sum(), 1.0)
    df = run.stack_by_level()
    assert list(df["level"]) == list(range(1, 11))
    first = df.iloc[0]
    assert first["players"] == 30 and first["avg_stack"] == 3000
    assert first["avg_bb"] == pytest.approx(3000 / 50)
    # M at level 1: 3000 / (25 + 50) with no ante
    assert first["avg_m"] == pytest.approx(40.0)


def test_chips_at_level_starts_are_the_total(run):
    ls = run.level_stats
    reached = ls[:, :, 3] >= 0
    assert (ls[:, :, 1][reached] == 30 * 3000).all()


def test_payouts_follow_the_tournament_layer(run, club):
    money = run.payouts()
    assert (money.sum(axis=1) == run.prize_pools()).all()
    amounts = club.payouts(30)
    for t in range(run.n):
        if (run.shares[t] == 1).all():
            for place, a in enumerate(amounts, start=1):
                assert money[t, run.order[t, place - 1]] == a


def test_frames(run):
    df = run.to_frame()
    assert len(df) == run.n and (df["duration_min"] == run.duration).all()
    el = run.eliminations_frame()
    assert len(el) == run.n * 30
    assert set(el["place"]) <= set(range(1, 31))
    s = run.summary()
    assert s["tournaments"] == 200 and s["errors"] == 0
