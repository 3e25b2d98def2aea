"""The kernel's seats and positions against the rules model and the seating rules: the
button, blinds and dead button of every recorded hand replay through
:class:`pyeval.rules.table.ButtonState` table by table, and the seat a moved player takes is
:func:`pyeval.tournament.seating.worst_seat`'s."""
from __future__ import annotations

import itertools
from collections import defaultdict

import numpy as np
import pytest

from pyeval.rules.table import ButtonState
from pyeval.sim import simulate
from pyeval.sim.kernel.kernel import positions, worst_seat
from pyeval.sim.kernel.layout import (
    REC_BB_SEAT,
    REC_BUTTON,
    REC_HAND,
    REC_PLAYER,
    REC_SB_SEAT,
    REC_SEATS,
    REC_TABLE,
    REC_TOURN,
)
from pyeval.tournament.seating import HandPositions
from pyeval.tournament.seating import worst_seat as rules_worst_seat


@pytest.mark.parametrize("name", ["club_3000", "two_stage_table_winners", "addon_3500",
                                  "limit_then_nolimit_2500"])
def test_every_hands_positions_replay_through_button_state(structures, name):
    """Each table's hands in order: the seats in play go into ButtonState (the drawn
    button for the table's first hand), and it must place the button and both blinds
    (a dead small blind as None) exactly where the kernel did. With every seating rule:
    the add-on event balances by the sheets' same position, the 2,500 event and the club
    draw seats at a break by ``fair_blinds``."""
    r = simulate(structures[name], n=3, seed=11, record_tournaments=3, record_hands=100_000)
    assert len(r.records) == r.hands.sum()               # every hand recorded
    by_table: dict[tuple[int, int], list[np.ndarray]] = defaultdict(list)
    for row in r.records:
        by_table[int(row[REC_TOURN]), int(row[REC_TABLE])].append(row)
    dead_sb = moved_in = 0
    for rows in by_table.values():
        rows.sort(key=lambda x: int(x[REC_HAND]))
        state = ButtonState(button=int(rows[0][REC_BUTTON]))
        before: set[int] = set()
        for row in rows:
            seats = [s for s in range(int(row[REC_SEATS])) if row[REC_PLAYER + s] >= 0]
            pos = state.next_hand(seats)
            sb = -1 if pos.small_blind is None else pos.small_blind
            assert (pos.button, sb, pos.big_blind) == (
                row[REC_BUTTON], row[REC_SB_SEAT], row[REC_BB_SEAT]), (row[REC_HAND], seats)
            dead_sb += sb < 0
            moved_in += bool(before) and bool(set(seats) - before)
            before = set(seats)
    assert len(by_table) > 3 and dead_sb > 0
    # the one-field events break and balance tables (players move in); the two-stage event
    # plays each first-round table down to its winner and then deals a new final table
    if name == "two_stage_table_winners":
        assert len(by_table) == 3 * 4
    else:
        assert moved_in > 0


def test_first_hand_and_heads_up_positions():
    row = np.array([-1, 5, -1, 7, 8, -1], np.int64)
    # a new table: the drawn button's seat (the next occupied one back when empty)
    assert positions(row, 6, 3, 1, 0, True) == (1, 3, 4)
    assert positions(row, 6, 3, 2, 0, True) == (1, 3, 4)
    two = np.array([-1, 5, -1, -1, 8, -1], np.int64)
    assert positions(two, 6, 2, 4, 0, True) == (4, 4, 1)    # heads-up: the button posts the SB


def test_moved_player_takes_the_seating_rules_worst_seat():
    """Every occupancy of a 6-seat table (2-5 players) and every legal set of positions the
    kernel computes for it: the same free seat as the tournament layer's rule."""
    S = 6
    checked = 0
    for n in range(2, S):
        for occ in itertools.combinations(range(S), n):
            row = np.full(S, -1, np.int64)
            row[list(occ)] = 1
            for prev_bb in occ:
                for prev_sb in range(S):
                    b, sbs, g = positions(row, S, n, prev_bb, prev_sb, False)
                    seat = worst_seat(row, S, b, sbs, g)
                    hp = HandPositions(b + 1, None if sbs < 0 else sbs + 1, g + 1)
                    want, _free = rules_worst_seat({s + 1 for s in occ}, S, hp)
                    assert seat + 1 == want, (occ, b, sbs, g)
                    checked += 1
    assert checked == 6 * sum(len(list(itertools.combinations(range(S), n))) * n
                              for n in range(2, S))
