"""Player-model decisions in isolation: the pot odds of a covered caller."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.sim.layout import A_CALL, A_FOLD
from pyeval.sim.models import MODELS
from pyeval.sim.policy import decide, range_bucket, winnable_pot
from pyeval.sim.preflop import _combos_by_class, preflop_tables

BB = 100
NCOMBO = (_combos_by_class()[:, :, 0] >= 0).sum(axis=1)


def _model(name: str) -> tuple:
    r = MODELS[name].row()
    return (int(r[0]), r[1], r[2], r[3], r[5], r[6], r[7])


def bb_calls(name: str, shove_bb: float, bb_stack_bb: float, shove_range: float) -> np.ndarray:
    """The big blind's action per class facing a heads-up small-blind shove (no antes)."""
    pf = preflop_tables()
    model = _model(name)
    out = np.empty(169, np.int64)
    rem = int(bb_stack_bb * BB) - BB
    cur = int(shove_bb * BB)
    call = min(cur - BB, rem)
    depth = min(shove_bb, bb_stack_bb)
    for c in range(169):
        money = (rem, BB, cur, call, 0, 0, cur + BB, BB, cur)
        ctx = (False, 0, 1, 1, shove_range, False, float(depth), True)
        out[c] = decide(model, 0.0, 0.0, pf.eq_vs_top[c, range_bucket(shove_range)],
                        pf.eq_vs_top[c, 39], pf.top[c], 0, 0, False, money, ctx, 0.0)[0]
    return out


def test_winnable_pot_drops_the_uncalled_excess():
    assert winnable_pot(17, 16, 1, 7) == 9          # 16 BB shove, the big blind has 8 BB
    assert winnable_pot(17, 16, 1, 15) == 17        # the big blind covers: all of it counts
    assert winnable_pot(30, 10, 0, 10) == 30        # nothing above the call


@pytest.mark.parametrize("name", ["push_fold", "balanced"])
def test_covered_big_blind_decides_as_at_equal_stacks(name):
    """Facing a shove that covers it, the big blind can win only what it can match: its
    decision is exactly the one at equal stacks, and it calls far less than the 84 % the
    old pot odds gave at 8-16 big blinds."""
    shares = []
    for bb_d in (8, 10, 12):
        rng = float(MODELS["push_fold"].push_table()[1, bb_d * 4])
        even = bb_calls(name, bb_d, bb_d, rng)
        for sb_d in (bb_d + 2, 16):
            covered = bb_calls(name, sb_d, bb_d, rng)
            assert (covered == even).all()
            assert set(covered.tolist()) <= {A_CALL, A_FOLD}
            shares.append(NCOMBO[covered == A_CALL].sum() / 1326)
    assert max(shares) < 0.5 and min(shares) > 0.2, shares


@pytest.mark.parametrize("name", ["pyeval.sim.nash", "pyeval.sim.stats", "pyeval.sim.stats_phh",
                                  "pyeval.sim.presets", "pyeval.sim.policy"])
def test_doctests_of_the_player_modules(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
