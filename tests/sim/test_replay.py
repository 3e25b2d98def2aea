"""Sampled hands of simulated tournaments replay through the rules model chip for chip."""
from __future__ import annotations

import pytest

from pyeval.sim import simulate
from pyeval.sim.analysis.replay import decode, replay_record

CASES = [
    ("club_3000", "balanced"),
    ("club_3000", "push_fold"),
    ("limit_then_nolimit_2500", "loose_aggressive"),
    ("addon_3500", "tight_passive"),
    ("two_stage_table_winners", "loose_passive"),
    ("plo", "balanced"),
    ("omaha_hilo", "loose_aggressive"),
    ("limit_holdem", "tight_aggressive"),
    ("hands_100k_stud", "balanced"),
    ("razz", "loose_aggressive"),
    ("stud_hilo", "tight_passive"),
    ("dealers_choice", "balanced"),
    ("dealers_choice_stud", "loose_passive"),
]


@pytest.mark.parametrize("name,field", CASES)
def test_recorded_hands_replay_exactly(structures, name, field):
    r = simulate(structures[name], n=6, seed=17, field=field, record_tournaments=6,
                 record_hands=120, record_stride=2, debug=True)
    assert len(r.records) > 60
    showdowns = 0
    for row in r.records:
        res = replay_record(row)          # an illegal action would raise here
        assert res.matches, (res.hand, res.rules_stacks)
        if sum(1 for a in res.hand.actions if a[2] == "fold") < len(res.hand.players) - 1:
            showdowns += 1
    assert showdowns > 0


def test_records_cover_positions_and_stakes(structures):
    r = simulate(structures["club_3000"], n=4, seed=1, record_tournaments=4, record_hands=5000)
    hands = [decode(row) for row in r.records]
    assert {h.tournament for h in hands} == {0, 1, 2, 3}
    assert len(hands) == r.hands.sum()               # every hand of the tournaments
    assert any(h.small_blind_seat is None for h in hands)   # a dead small blind happened
    assert len({h.level for h in hands}) > 3
    heads_up = [h for h in hands if len(h.players) == 2]
    assert heads_up and all(h.small_blind_seat == h.button for h in heads_up)
