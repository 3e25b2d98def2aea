"""Durations move the way a director expects: more chips, slower blinds -> longer."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from pyeval.sim import Clock, simulate


def median_minutes(structure, **kw) -> float:
    return float(np.median(simulate(structure, n=300, seed=12, players=30, **kw).duration))


def test_more_chips_last_longer(club):
    base = median_minutes(club)
    deep = median_minutes(replace(club, starting_chips=6000))
    assert deep > base * 1.1


def test_slower_blinds_last_longer(club):
    base = median_minutes(club)
    slow = replace(club, levels=tuple(replace(lv, minutes=30) for lv in club.levels))
    assert median_minutes(slow) > base * 1.2


def test_faster_dealing_ends_sooner_on_the_clock(club):
    # faster than the default pace (the dealer preset, 32.5 an hour at a full table)
    assert median_minutes(club, clock=Clock(pace="dealer", hands_per_hour=40)) < median_minutes(club)


def test_bigger_field_lasts_longer(club):
    small = np.median(simulate(club, n=200, seed=3, players=12).duration)
    big = np.median(simulate(club, n=200, seed=3, players=40).duration)
    assert big > small


def test_level_by_hands(club):
    # the same blinds changing every 40 hands at each table instead of every 20 minutes (the
    # tables re-aligned at the club's breaks, where its colour-ups are held)
    by_hands = replace(club, levels=tuple(replace(lv, minutes=None, hands=40)
                                          for lv in club.levels))
    r = simulate(by_hands, n=100, seed=1, players=18, debug=True)
    assert (r.errors == 0).all() and (r.level >= 2).all()


def test_clock_settings():
    c = Clock(hands_per_hour=30)
    m = c.minutes_per_hand(9)
    assert m[9] == 2.0 and m[2] < m[5] < m[9]
    import pytest
    with pytest.raises(ValueError, match="hands_per_hour"):
        Clock(hands_per_hour=0)
