"""The kernel's showdown chips (pyeval.sim.kernel.pots.award_pots) against the rules model's pots
(pyeval.rules.pots), on random high-only showdowns: two players, several with the same
chips in (the one-pot shortcut), and side pots."""
from __future__ import annotations

import numba
import numpy as np

from pyeval.rules.pots import award, build_pots
from pyeval.sim.kernel.pots import award_pots
from pyeval.sim.kernel.slots import B_DEALT, B_FOLDED, B_ROWS, I_PUT, I_ROWS, I_VAL, I_WON


@numba.njit(cache=True)
def _award_high(S, SI, SB, button, dead):
    # award_pots is linked into compiled callers (numba_linked.linked), as in the kernel
    award_pots(S, SI, SB, False, button, dead)


def _rules_chips(put, live, val, button, dead):
    """Every seat's chips back from the rules model (returned bet plus pots won)."""
    S = len(put)
    pots, back = build_pots({s: int(put[s]) for s in range(S)}, live, carry_in=dead)
    order = [(button + k) % S for k in range(1, S + 1)]
    won = [0] * S
    for s, c in back.items():
        won[s] += c
    for pot in pots:
        for s, c in award(pot, {s: int(val[s]) for s in live}, order).awards.items():
            won[s] += c
    return won


def _case(rng, equal):
    S = int(rng.integers(2, 11))
    n_live = int(rng.integers(2, S + 1))
    live = sorted(rng.choice(S, n_live, replace=False).tolist())
    level = int(rng.integers(1, 400))
    put = rng.integers(0, level + 1, S)      # folded players: up to what the others matched
    for s in live:
        put[s] = level if equal else int(rng.integers(1, 800))
    val = rng.integers(1, 6, S)              # few values: ties are common
    button = int(rng.integers(0, S))
    dead = int(rng.integers(0, 3)) * int(rng.integers(0, 50))
    return S, live, put, val, button, dead


def test_award_pots_agrees_with_the_rules_model():
    rng = np.random.default_rng(9)
    kinds = {"equal": 0, "side": 0}
    for i in range(3000):
        equal = i % 2 == 0
        S, live, put, val, button, dead = _case(rng, equal)
        SI = np.zeros((I_ROWS, S), np.int64)
        SB = np.zeros((B_ROWS, S), np.bool_)
        SB[B_DEALT] = True
        SB[B_FOLDED] = True
        SB[B_FOLDED, live] = False
        SI[I_PUT] = put
        SI[I_VAL] = val
        _award_high(S, SI, SB, button, dead)
        assert SI[I_WON].tolist() == _rules_chips(put, live, val, button, dead), (S, live, put,
                                                                                  val, button,
                                                                                  dead)
        assert SI[I_WON].sum() == put.sum() + dead
        kinds["equal" if len({int(put[s]) for s in live}) == 1 else "side"] += 1
    assert kinds["equal"] >= 1500 and kinds["side"] >= 1000
