"""Late registration and re-entry in the simulator (pyeval.sim.entries): late entrants are
seated during the registration window with a starting stack, a busted player re-enters with
a fresh stack and a new seat while re-entry is open and under the cap; every entry's chips
are checked every hand (debug), every player is placed, the prize pool counts every entry,
and the results are the same for any thread count. The hold'em kernel of the other tests."""
from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from pyeval.sim import simulate
from pyeval.sim.layout import (
    LS_CHIPS,
    LS_START,
    LS_TABLES,
    REC_AFTER,
    REC_HAND,
    REC_LEVEL,
    REC_PLAYER,
    REC_STACK,
    REC_TOURN,
)
from pyeval.sim.replay import replay_record
from pyeval.sim.spec import build_spec
from pyeval.sim.structure_toml import structure_toml
from pyeval.tournament.structure import parse_structure

from .conftest import NL_LEVELS
from .test_kernel import check_complete

START = 1500
ENTRY = """
[late_registration]
until_level = 2

[re_entry]
price = 20
chips = 1500
until_level = 3
per_player = 1
"""


def entry_structure(fmt: str = "single_field", entrants: int = 14):
    text = structure_toml("entries", entrants=entrants, starting=START,
                          denominations=[25, 100, 500], levels=NL_LEVELS, minutes=10,
                          table_size=6, price=20, fmt=fmt)
    return parse_structure(text + ENTRY, "<entries>")


def _hands(records: np.ndarray, ti: int) -> list[np.ndarray]:
    mine = records[records[:, REC_TOURN] == ti]
    return list(mine[np.argsort(mine[:, REC_HAND])])


def _seats(row: np.ndarray) -> dict[int, int]:
    return {int(row[REC_PLAYER + s]): s for s in range(10) if row[REC_PLAYER + s] >= 0}


def test_late_entrants_and_re_entries():
    """14 entries, 4 of them late (players 10-13, registering by the end of level 2: 20
    minutes), tables of 6; re-entry until level 3, once a player, always taken. Every hand
    recorded: the late entrants play no hand before they are seated, each first hand at
    level 1 or 2 with the starting stack; each re-entry (a bust at level 1-3 by a player
    seen again, with 1,500 chips) is counted once, at most one a player; the chips at level
    4 are every entry's; the prize pool is every entry's 20."""
    s = entry_structure()
    spec = build_spec(s, players=14, late_entries=4, debug=True, record_tournaments=6,
                      record_hands=3000)
    r = simulate(s, n=6, seed=4, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert r.late_entries.tolist() == [4] * 6
    assert (r.re_entries > 0).any()
    assert r.entries().tolist() == (14 + r.re_entries).tolist()
    assert r.prize_pools().tolist() == (20 * r.entries()).tolist()
    assert (r.payouts().sum(axis=1) == r.prize_pools()).all()
    assert (r.level_stats[:, 0, LS_CHIPS] == 10 * START).all()
    assert (r.level_stats[:, 0, LS_TABLES] == 2).all()
    for ti in range(6):
        hands = _hands(r.records, ti)
        first: dict[int, np.ndarray] = {}
        busts: dict[int, list[int]] = defaultdict(list)
        for i, row in enumerate(hands):
            seats = _seats(row)
            for p, s_ in seats.items():
                first.setdefault(p, row)
                if row[REC_AFTER + s_] == 0:
                    busts[p].append(i)
        assert sorted(first) == list(range(14))
        for p in range(10, 14):
            row = first[p]
            assert int(row[REC_LEVEL]) <= 2
            assert int(row[REC_STACK + _seats(row)[p]]) == START
        # a re-entry: busted at level 1-3 and dealt a hand later, with a fresh stack
        re = 0
        for p, at in busts.items():
            assert len(at) <= 2
            if len(at) == 2 or any(p in _seats(row) for row in hands[at[0] + 1:]):
                row = hands[at[0]]
                assert int(row[REC_LEVEL]) <= 3
                later = next(h for h in hands[at[0] + 1:] if p in _seats(h))
                assert int(later[REC_STACK + _seats(later)[p]]) == START
                re += 1
        assert re == int(r.re_entries[ti])
        if r.level[ti] >= 4 and r.level_stats[ti, 3, LS_START] >= 0:
            assert r.level_stats[ti, 3, LS_CHIPS] == START * (14 + re)
    for row in r.records[:300]:
        assert replay_record(row).matches
    r2 = simulate(s, n=6, seed=4, spec=spec, threads=2)
    for name in ("place", "duration", "hands", "re_entries", "late_entries", "records"):
        assert np.array_equal(getattr(r, name), getattr(r2, name)), name


def test_no_re_entry_when_not_taken():
    """With ``re_entry_chance=0`` nobody re-enters: 14 entries, the pool 14 x 20."""
    s = entry_structure()
    spec = build_spec(s, players=14, late_entries=2, re_entry_chance=0.0, debug=True)
    r = simulate(s, n=4, seed=2, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert r.re_entries.tolist() == [0] * 4 and r.late_entries.tolist() == [2] * 4
    assert r.prize_pools().tolist() == [280] * 4


def test_entry_settings_refused():
    s = entry_structure()
    with pytest.raises(ValueError, match="1 to 12 of the 14 entries may come late"):
        build_spec(s, players=14, late_entries=13)
    with pytest.raises(ValueError, match="re_entry_chance is a probability"):
        build_spec(s, players=14, re_entry_chance=1.5)
    plain = parse_structure(structure_toml("plain", entrants=14, starting=START,
                                           denominations=[25, 100, 500], levels=NL_LEVELS,
                                           minutes=10, table_size=6), "<plain>")
    with pytest.raises(ValueError, match="late_entries needs the structure's "
                                         r"\[late_registration\]"):
        build_spec(plain, players=14, late_entries=2)
    with pytest.raises(ValueError, match="not simulated in the two-stage format"):
        build_spec(entry_structure("table_winners"), players=14)
