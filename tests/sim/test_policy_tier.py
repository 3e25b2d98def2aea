"""policy.tier, the many-card form the Omahas read (early exits, the draw read until found),
against its definition: the best pair_tier over every pair of hole cards, and a draw when
any pair has one."""
from __future__ import annotations

import numpy as np

from pyeval.sim.players.policy import board_facts, pair_tier, tier


def test_tier_is_the_best_pair_tier_over_every_pair():
    rng = np.random.default_rng(7)
    seen = set()
    for _ in range(6000):
        nh = int(rng.integers(2, 7))
        nb = int(rng.integers(3, 6))
        c = rng.permutation(52)[:nh + nb].astype(np.uint8)
        hole, board = c[:nh].copy(), c[nh:].copy()
        facts = board_facts(board, nb)
        want_t, want_d = 0, False
        for a in range(nh):
            for b in range(a + 1, nh):
                t, d = pair_tier(hole[a], hole[b], nb, facts)
                want_t, want_d = max(want_t, int(t)), want_d or bool(d)
        got = tier(hole, nh, nb, facts)
        assert (int(got[0]), bool(got[1])) == (want_t, want_d), (hole, board)
        seen.add((want_t, want_d, nb == 5))
    # every tier with and without a draw on the flop and turn, every tier on the river
    assert {(t, d) for t, d, river in seen if not river} == {(t, d) for t in range(5)
                                                            for d in (False, True)}
    assert {t for t, d, river in seen if river} == set(range(5))
    assert not any(d for t, d, river in seen if river)
