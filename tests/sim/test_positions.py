"""The kernel's positions and table moves, replayed through the rules model: every hand's
button and blinds through :class:`pyeval.rules.table.ButtonState`, every balancing move
through :func:`pyeval.tournament.seating.worst_seat` (who moves, to which seat) and every
table break through :func:`pyeval.tournament.seating.tables_to_break` (which table, how
many players go to each table), from the kernel's own logs of all hands and moves."""
from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from pyeval.rules.table import ButtonState
from pyeval.sim.engine import kernel_inputs, run_chunk
from pyeval.sim.layout import (
    C_BAL_DIFF,
    C_BREAK_ORDER,
    C_MERGE,
    C_REC_HANDS,
    MOVE_BALANCE,
    MOVE_BREAK,
    MV_FROM_SEAT,
    MV_FROM_TABLE,
    MV_HAND,
    MV_PLAYER,
    MV_REASON,
    MV_TO_SEAT,
    MV_TO_TABLE,
    REC_AFTER,
    REC_BB_SEAT,
    REC_BUTTON,
    REC_HAND,
    REC_PLAYER,
    REC_SB_SEAT,
    REC_SEATS,
    REC_TABLE,
    REC_TOURN,
)
from pyeval.sim.spec import build_spec
from pyeval.tournament.seating import BalanceRule, HandPositions, Seating, tables_to_break, worst_seat


def _run(structure, players, n, seed, field="balanced"):
    spec = build_spec(structure, players, record_tournaments=n, record_hands=4000,
                      record_stride=1)
    chunk = run_chunk(spec, kernel_inputs(field, spec.players), seed, 0, n, parallel=False)
    return spec, chunk


def _hands(chunk, spec, k):
    rh = int(spec.cfg[C_REC_HANDS])
    rows = chunk.rec[k * rh:(k + 1) * rh]
    rows = rows[rows[:, REC_TOURN] == k]
    assert len(rows) == chunk.res_i[k, 0], "every hand of the tournament is recorded"
    return rows


def _seats(row):
    S = int(row[REC_SEATS])
    return {s: int(row[REC_PLAYER + s]) for s in range(S) if row[REC_PLAYER + s] >= 0}


class Replay:
    """The rules model's view of the tables, fed with the kernel's hands and moves."""

    def __init__(self, spec, elim_hand):
        cfg = spec.cfg
        self.elim_hand = elim_hand                      # table-hands dealt when each went out
        self.S = 0                                      # seats, from the first hand
        self.merge = int(cfg[C_MERGE])
        self.bal_diff = int(cfg[C_BAL_DIFF])
        self.break_order = "highest_number" if int(cfg[C_BREAK_ORDER]) == 0 else "fewest_players"
        self.button: dict[int, ButtonState] = {}
        self.seated: dict[int, dict[int, int]] = {}     # table -> seat -> player, now
        self.checked = defaultdict(int)

    def positions_now(self, t):
        return self.button[t].peek(sorted(self.seated[t]))

    def hand(self, row):
        t = int(row[REC_TABLE])
        self.S = int(row[REC_SEATS])
        seats = _seats(row)
        h = int(row[REC_HAND])
        if t in self.seated:
            for s_, p in list(self.seated[t].items()):
                if s_ not in seats and self.elim_hand[p] == h:
                    del self.seated[t][s_]              # raced out at a colour-up
                    self.checked["raced out"] += 1
            assert seats == self.seated[t], f"table {t}: seats differ from the moves replayed"
        if t not in self.button:
            self.button[t] = ButtonState(button=int(row[REC_BUTTON]))
        pos = self.button[t].next_hand(sorted(seats))
        sb = int(row[REC_SB_SEAT])
        got = (int(row[REC_BUTTON]), None if sb < 0 else sb, int(row[REC_BB_SEAT]))
        assert got == (pos.button, pos.small_blind, pos.big_blind), (t, int(row[REC_HAND]), seats)
        self.checked["hands"] += 1
        # after the hand: who is still in (a player with no chips who is not out rebought)
        self.seated[t] = {s: p for s, p in seats.items()
                          if row[REC_AFTER + s] > 0 or self.elim_hand[p] != h + 1}

    def moves(self, mv):
        """One between-hands pass of moves (the same MV_HAND), in the order made."""
        i = 0
        while i < len(mv):
            m = mv[i]
            if m[MV_REASON] == MOVE_BREAK:
                br = int(m[MV_FROM_TABLE])
                group = [x for x in mv[i:] if x[MV_REASON] == MOVE_BREAK and x[MV_FROM_TABLE] == br]
                self.break_table(br, group)
                i += len(group)
            else:
                self.balance(m)
                i += 1

    def _seating(self):
        tables = {t + 1: {s + 1: p for s, p in seats.items()}
                  for t, seats in self.seated.items() if seats}
        return Seating(self.S, tables)

    def break_table(self, br, group):
        seating = self._seating()
        rule = BalanceRule(self.S, merge_seats=self.merge, balance_at_difference=self.bal_diff,
                           stop_when_short_by=max(3, self.bal_diff), break_order=self.break_order)
        assert tables_to_break(seating, rule)[:1] == [br + 1]
        movers = self.seated[br]
        assert sorted(int(x[MV_PLAYER]) for x in group) == sorted(movers.values())
        assert all(movers[int(x[MV_FROM_SEAT])] == int(x[MV_PLAYER]) for x in group)
        # each mover goes to the table with the fewest players (lowest number on a tie)
        counts = {t: len(s) for t, s in self.seated.items() if t != br and s}
        wanted = defaultdict(int)
        for _ in group:
            t = min(counts, key=lambda q: (counts[q] + wanted[q], q))
            wanted[t] += 1
        got = defaultdict(int)
        for x in group:
            got[int(x[MV_TO_TABLE])] += 1
        assert dict(got) == {t: c for t, c in wanted.items() if c}
        del self.seated[br]
        for x in group:
            t, s = int(x[MV_TO_TABLE]), int(x[MV_TO_SEAT])
            assert s not in self.seated[t]
            self.seated[t][s] = int(x[MV_PLAYER])
        self.checked["breaks"] += 1

    def balance(self, m):
        src, dst = int(m[MV_FROM_TABLE]), int(m[MV_TO_TABLE])
        counts = {t: len(s) for t, s in self.seated.items() if s}
        most, least = max(counts.values()), min(counts.values())
        assert most - least >= self.bal_diff
        assert src == min(t for t, c in counts.items() if c == most)
        assert dst == min(t for t, c in counts.items() if c == least)
        if src not in self.button or dst not in self.button:
            self.checked["moves before a first hand"] += 1   # no button to read yet
        else:
            g = self.positions_now(src).big_blind
            assert int(m[MV_FROM_SEAT]) == g and self.seated[src][g] == int(m[MV_PLAYER])
            pos = self.positions_now(dst)
            hp = HandPositions(pos.button + 1, None if pos.small_blind is None else pos.small_blind + 1,
                               pos.big_blind + 1)
            seat, _waits = worst_seat({s + 1 for s in self.seated[dst]}, self.S, hp)
            assert int(m[MV_TO_SEAT]) == seat - 1, (m, self.seated[dst], pos)
            self.checked["balance moves"] += 1
        del self.seated[src][int(m[MV_FROM_SEAT])]
        self.seated[dst][int(m[MV_TO_SEAT])] = int(m[MV_PLAYER])


def replay_tournament(spec, chunk, k):
    hands = _hands(chunk, spec, k)
    mv = chunk.moves[k]
    mv = mv[mv[:, MV_HAND] >= 0]
    rp = Replay(spec, chunk.elim_h[k])
    j = 0
    for row in hands:
        h = int(row[REC_HAND])
        if j < len(mv) and mv[j, MV_HAND] <= h:
            assert mv[j, MV_HAND] == h
            end = j
            while end < len(mv) and mv[end, MV_HAND] == h:
                end += 1
            rp.moves(mv[j:end])
            j = end
        rp.hand(row)
    assert j == len(mv), "every move is followed by a hand"
    return rp.checked


@pytest.mark.parametrize("name,players,field", [("club_3000", 30, "balanced"),
                                                ("club_3000", 45, "loose_aggressive"),
                                                ("limit_then_nolimit_2500", None, "push_fold")])
def test_positions_and_moves_follow_the_rules_model(structures, name, players, field):
    spec, chunk = _run(structures[name], players, n=3, seed=5, field=field)
    total = defaultdict(int)
    for k in range(3):
        for key, v in replay_tournament(spec, chunk, k).items():
            total[key] += v
    assert total["hands"] == int(chunk.res_i[:, 0].sum())
    assert total["balance moves"] >= 3 and total["breaks"] >= 3, dict(total)
    assert total["moves before a first hand"] <= 1, dict(total)


def test_move_log_kept_for_recorded_tournaments_only(club):
    spec = build_spec(club, 30, record_tournaments=1, record_hands=10)
    chunk = run_chunk(spec, kernel_inputs("balanced", 30), 1, 0, 3, parallel=False)
    assert chunk.moves.shape[0] == 1
    assert (chunk.moves[0, :, MV_HAND] >= 0).sum() > 0
    assert np.all((chunk.moves[0, :, MV_REASON] == -1) | np.isin(chunk.moves[0, :, MV_REASON],
                                                                  [MOVE_BREAK, MOVE_BALANCE]))
