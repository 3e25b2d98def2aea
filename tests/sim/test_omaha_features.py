"""The 5- and 6-card Omaha score's features (pyeval.sim.kernel.variants.omaha.omaha_features, written
without branches on the cards for speed) against their definition in plain Python: the same
doubles, compared exactly, over random hands of four, five and six cards and the extremes."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.sim.kernel.variants.omaha import _RANKS, omaha_features


def features_by_definition(hole: list[int]) -> tuple[float, ...]:
    """The features as the score defines them, sums added in the same order (card order for
    the ranks, rising rank for the pairs, suit order for the suits)."""
    ranks = [c >> 2 for c in hole]
    held = {r: ranks.count(r) for r in ranks}
    high = 0.0
    for r in ranks:
        high += r / 12.0
    pair_rank = 0.0
    for r in sorted(r for r, n in held.items() if n == 2):
        pair_rank += r / 12.0
    pairs = float(sum(1 for n in held.values() if n == 2))
    trips = float(sum(1 for n in held.values() if n >= 3))
    suited = suit_hi = ace_suited = over = 0.0
    for s in range(4):
        in_suit = [c >> 2 for c in hole if c & 3 == s]
        if len(in_suit) >= 2:
            suited += 1.0
            suit_hi += max(in_suit) / 12.0
            if max(in_suit) == 12:
                ace_suited = 1.0
            if len(in_suit) > 3:
                over += len(in_suit) - 3
    rk = int(_RANKS[sum(1 << r for r in held)])
    return (1.0, pairs, pair_rank, trips, suited, suit_hi, ace_suited, over,
            float(rk & 15), float(((rk >> 4) & 15) - 1), high, float((rk >> 8) & 15),
            float((rk >> 12) & 15), float((rk >> 16) & 1), float((rk >> 17) & 1),
            float((rk >> 18) & 1))


@pytest.mark.parametrize("nh", [4, 5, 6])
def test_features_are_the_definition(nh):
    rng = np.random.default_rng(nh)
    hands = [rng.permutation(52)[:nh] for _ in range(4000)]
    # the extremes: trips and pairs together, one suit throughout, three pairs
    hands += [np.array(h) for h in ([48, 49, 50, 44, 45, 0][:nh], [0, 4, 8, 12, 16, 48][:nh],
                                    [48, 49, 44, 45, 40, 41][:nh], [51, 47, 43, 39, 35, 31][:nh])]
    kinds = set()
    for h in hands:
        got = omaha_features(np.asarray(h, np.uint8), nh)
        want = features_by_definition([int(c) for c in h])
        assert tuple(float(x) for x in got) == want, h
        kinds.add((want[1], want[3], want[7] > 0))
    # pairs 0..3 (six cards), trips, and a suit of four or more all met
    assert max(k[0] for k in kinds) == (3.0 if nh == 6 else 2.0)
    assert any(k[1] for k in kinds) and any(k[2] for k in kinds)
