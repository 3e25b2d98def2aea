"""Issue 35's check on depth: the regular's stack-offs per player-hand by effective stack
inside the real hands' 95 % interval at every depth (docs/players.md, "Deep stacks").

The real counts (the shared online 1000NL hands) are asserted against the data itself by
``tests/sim/test_stats.py::test_real_stack_offs_and_busts_by_depth``; here they are the
reference, so this test needs no shared data."""
from __future__ import annotations

import pytest

from pyeval.sim.analysis.backtest import EventDay, event_structure, parse_levels
from pyeval.sim.players.presets import record_all
from pyeval.sim.players.stats import from_record, measure, wilson

#: (player-hands, stack-offs) of the online hands by depth (as test_stats asserts them)
REAL = {"20-40": (1912, 69), "40-70": (1034, 11), "70-130": (2825, 20), "130-200": (999, 4),
        "200+": (5084, 0)}
#: the WSOP 2019 Day 1 structure: 300 big blinds at the start, every depth played
WSOP = EventDay("WSOP 2019 Day 1 structure", 27, 0,
                parse_levels("100/200/0;100/200/200bb;200/300/300bb;200/400/400bb;300/500/500bb"),
                120, 60000, 9, False)


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(4, 999)
    assert round(1000 * lo, 2) == 1.56 and round(1000 * hi, 2) == 10.25
    with pytest.raises(ValueError, match="0 <= k <= n"):
        wilson(5, 4)


@pytest.mark.slow       # 16 tournaments of 27 players, every hand recorded: about 5 s of CPU warm
def test_regular_stacks_off_like_the_real_hands_at_every_depth():
    r = record_all(event_structure(WSOP), 16, 1, 27, "balanced")
    sim = measure([h for h in map(from_record, r.records) if h], by="depth")
    rates = {}
    for k, (n, so) in REAL.items():
        c = sim[k].count
        assert c["player_hands"] >= 1000, (k, c["player_hands"])
        lo, hi = wilson(so, n)
        rates[k] = c["stack_off"] / c["player_hands"]
        assert lo <= rates[k] <= hi, (k, 1000 * rates[k], 1000 * lo, 1000 * hi)
    # the deep rules (policy.DEEP_BB) bring 200+ BB from about 2.8 in 1,000 under 0.76
    assert rates["200+"] < 0.00076
