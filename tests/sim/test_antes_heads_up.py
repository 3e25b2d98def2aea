"""Antes stop heads-up where the structure says so (the fourth sheet, ``003_…``: "Anteing
starts at level 5 ... (heads-up), anteing will stop"; ``antes_stop_heads_up`` in
``[tournament]``, the kernel's ``C_ANTE_HU_STOP``): read from the recorded hands of the
shipped ``limit_then_nolimit_2500``, on the hold'em kernel the other tests compile."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pyeval.sim import simulate
from pyeval.sim.analysis.replay import replay_record
from pyeval.sim.kernel.layout import REC_ANTE, REC_HAND, REC_LEVEL, REC_PLAYER, REC_TOURN
from pyeval.tournament.structure import load_structure

from .test_kernel import check_complete

N = 6


def _hands(stop: bool) -> tuple[np.ndarray, list[int]]:
    """Every hand of N tournaments of 10 players, and each level's ante."""
    s = load_structure("limit_then_nolimit_2500")
    assert s.antes_stop_heads_up
    if not stop:
        s = replace(s, antes_stop_heads_up=False)
    r = simulate(s, n=N, seed=4, players=10, debug=True, record_tournaments=N,
                 record_hands=3000, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    rec = r.records
    # every hand of every tournament recorded, to the last (heads-up) one
    assert [int((rec[:, REC_TOURN] == t).sum()) for t in range(N)] == r.hands.tolist()
    return rec, [lv.ante for lv in s.levels]


def _seated(row: np.ndarray) -> int:
    return int((row[REC_PLAYER:REC_PLAYER + 10] >= 0).sum())


@pytest.fixture(scope="module")
def both() -> dict[bool, tuple[np.ndarray, list[int]]]:
    return {stop: _hands(stop) for stop in (True, False)}


def test_heads_up_hands_at_ante_levels_post_no_ante(both):
    rec, antes = both[True]
    at_ante = [row for row in rec if antes[int(row[REC_LEVEL]) - 1] > 0]
    heads_up = [row for row in at_ante if _seated(row) == 2]
    more = [row for row in at_ante if _seated(row) >= 3]
    assert len(heads_up) >= 2 * N and len(more) >= 100
    assert all(int(row[REC_ANTE]) == 0 for row in heads_up)
    assert all(int(row[REC_ANTE]) == antes[int(row[REC_LEVEL]) - 1] for row in more)
    # levels 1-4 have no ante at any table
    assert all(int(row[REC_ANTE]) == 0 for row in rec if antes[int(row[REC_LEVEL]) - 1] == 0)
    # the recorded hands replay through the rules model chip for chip, with that ante
    last = {}
    for row in heads_up:
        key = int(row[REC_TOURN])
        if key not in last or row[REC_HAND] > last[key][REC_HAND]:
            last[key] = row
    for row in list(last.values()) + more[:20]:
        assert replay_record(row).matches


def test_without_the_rule_heads_up_hands_post_the_ante(both):
    rec, antes = both[False]
    heads_up = [row for row in rec if antes[int(row[REC_LEVEL]) - 1] > 0 and _seated(row) == 2]
    assert len(heads_up) >= 2 * N
    assert all(int(row[REC_ANTE]) == antes[int(row[REC_LEVEL]) - 1] for row in heads_up)
