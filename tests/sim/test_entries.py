"""Late registration and re-entry in the simulator (pyeval.sim.kernel.entries): late entrants are
seated during the registration window with a starting stack, a busted player re-enters with
the re-entry's stack and a new seat while re-entry is open and under the cap; every entry's
chips are checked every hand (debug), every player is placed, the prize pool counts every
entry, and the results are the same for any thread count. A structure without them runs
the kernel compiled without the steps (the switch None)."""
from __future__ import annotations

from collections import defaultdict

import numba
import numpy as np
import pytest

from pyeval.jit.numba_rng import seed_stream, uniform
from pyeval.sim import simulate
from pyeval.sim.analysis.replay import replay_record
from pyeval.sim.analysis.report import summary_rows
from pyeval.sim.analysis.structure_toml import structure_toml
from pyeval.sim.engine.spec import build_spec, with_players
from pyeval.sim.kernel.entries import draw_entry_times, entry_work, seat_entry
from pyeval.sim.kernel.layout import (
    C_LATE_ENTRIES,
    C_PLAYERS,
    C_REENTRY_CHIPS,
    C_REENTRY_MAX,
    C_REENTRY_UNTIL,
    F_LATE_REG_MINUTES,
    F_REENTRY_P,
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
from pyeval.sim.kernel.work import Work
from pyeval.tournament.structure import parse_structure

from .conftest import NL_LEVELS
from .test_kernel import check_complete

START = 1500
RE_CHIPS = 2000         # not the starting stack: a re-entry's stack is told from a first entry's
RE_PRICE = 30           # not the buy-in: the prize pool's re-entries are told from entries
BUY_IN = 20


def entry_text(late_until: int | None = 2, re_until: int | None = 3,
               per_player: int | None = 1) -> str:
    text = ""
    if late_until is not None:
        text += f"\n[late_registration]\nuntil_level = {late_until}\n"
    if re_until is not None:
        text += (f"\n[re_entry]\nprice = {RE_PRICE}\nchips = {RE_CHIPS}\n"
                 f"until_level = {re_until}\n")
        if per_player is not None:
            text += f"per_player = {per_player}\n"
    return text


def entry_structure(fmt: str = "single_field", entrants: int = 14, **kw):
    text = structure_toml("entries", entrants=entrants, starting=START,
                          denominations=[25, 100, 500], levels=NL_LEVELS, minutes=10,
                          table_size=6, price=BUY_IN, fmt=fmt, breaks=[(1, 5)])
    return parse_structure(text + entry_text(**kw), "<entries>")


def _hands(records: np.ndarray, ti: int) -> list[np.ndarray]:
    mine = records[records[:, REC_TOURN] == ti]
    return list(mine[np.argsort(mine[:, REC_HAND])])


def _seats(row: np.ndarray) -> dict[int, int]:
    return {int(row[REC_PLAYER + s]): s for s in range(10) if row[REC_PLAYER + s] >= 0}


def entries_from_records(hands: list[np.ndarray]) -> tuple[dict[int, np.ndarray],
                                                             list[tuple[int, int, int]]]:
    """From every hand of one tournament, independently of the kernel's counts: each
    player's first hand, and each re-entry as (player, the level of the hand that busted
    them, their stack at their next hand): a player left with nothing who is dealt a hand
    later."""
    first: dict[int, np.ndarray] = {}
    busts: dict[int, list[int]] = defaultdict(list)
    for i, row in enumerate(hands):
        for p, s in _seats(row).items():
            first.setdefault(p, row)
            if row[REC_AFTER + s] == 0:
                busts[p].append(i)
    re = []
    for p, at in busts.items():
        for i in at:
            later = next((h for h in hands[i + 1:] if p in _seats(h)), None)
            if later is not None:
                re.append((p, int(hands[i][REC_LEVEL]), int(later[REC_STACK + _seats(later)[p]])))
    return first, re


# [speed] these compile the kernel with late registration and re-entry, which no other test
# of the fast lane needs (about 35 s of CPU on a cold cache): the full run has them
_ENTRY_KERNEL = pytest.mark.slow


@_ENTRY_KERNEL
def test_late_entrants_and_re_entries():
    """14 entries, 4 of them late (players 10-13, registering by the end of level 2: 10 +
    5 + 10 minutes with the break), tables of 6; re-entry (2,000 chips for 30) until level
    3, once a player, always taken. Every hand recorded: each late entrant's first hand has
    the starting stack, at level 3 at the latest (one who registers in level 2's last hand
    sits down for the next); each re-entry (a bust at level 1-3 by a player dealt in again,
    with 2,000 chips) is one of the kernel's re-entries, at most one a player; the chips at
    level 4 are every entry's; the prize pool is every entry's."""
    s = entry_structure()
    spec = build_spec(s, players=14, late_entries=4, debug=True, record_tournaments=6,
                      record_hands=3000)
    assert spec.cfgf[F_LATE_REG_MINUTES] == 25.0
    r = simulate(s, n=6, seed=4, spec=spec, threads=1)
    assert (r.errors == 0).all()           # every entry's chips in the total checked each hand
    check_complete(r)
    assert r.late_entries.tolist() == [4] * 6
    assert (r.re_entries > 0).all()
    assert r.entries().tolist() == (14 + r.re_entries).tolist()
    assert r.prize_pools().tolist() == (BUY_IN * 14 + RE_PRICE * r.re_entries).tolist()
    assert (r.payouts().sum(axis=1) == r.prize_pools()).all()
    assert (r.level_stats[:, 0, LS_CHIPS] == 10 * START).all()     # the late ones to come
    assert (r.level_stats[:, 0, LS_TABLES] == 2).all() and (r.tables == 2).all()
    for ti in range(6):
        hands = _hands(r.records, ti)
        assert len(hands) == r.hands[ti]                           # every hand recorded
        first, re = entries_from_records(hands)
        assert sorted(first) == list(range(14))
        for p in range(10, 14):
            row = first[p]
            assert p not in _seats(hands[0])
            assert int(row[REC_LEVEL]) <= 3
            assert int(row[REC_STACK + _seats(row)[p]]) == START
        assert len(re) == r.re_entries[ti]
        assert len({p for p, _, _ in re}) == len(re)                # once a player
        assert all(level <= 3 and stack == RE_CHIPS for _, level, stack in re)
        if r.level[ti] >= 4 and r.level_stats[ti, 3, LS_START] >= 0:
            assert r.level_stats[ti, 3, LS_CHIPS] == START * 14 + RE_CHIPS * len(re)
    for row in r.records[:300]:
        assert replay_record(row).matches
    r2 = simulate(s, n=6, seed=4, spec=spec, threads=2)
    for name in ("place", "order", "duration", "hands", "re_entries", "late_entries", "records",
                 "level_stats"):
        assert np.array_equal(getattr(r, name), getattr(r2, name)), name
    rows = dict(summary_rows(r))
    assert rows["late entries per tournament"] == "4.0"
    assert rows["re-entries per tournament (mean)"] == f"{r.re_entries.mean():.1f}"
    assert rows["entries per tournament (mean)"] == f"{14 + r.re_entries.mean():.1f}"


@_ENTRY_KERNEL
def test_re_entry_unlimited_and_without_late_registration():
    """Re-entry alone (no late entrants: the seat draw seats all 14 at 3 tables), no cap:
    the kernel's re-entries are those the hands show, some player re-enters more than
    once, each with the re-entry's stack."""
    s = entry_structure(late_until=None, per_player=None)
    spec = build_spec(s, players=14, debug=True, record_tournaments=8, record_hands=3000)
    assert spec.cfg[C_REENTRY_MAX] == -1 and spec.cfg[C_LATE_ENTRIES] == 0
    r = simulate(s, n=8, seed=3, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert r.late_entries.tolist() == [0] * 8 and (r.tables == 3).all()
    assert (r.level_stats[:, 0, LS_CHIPS] == 14 * START).all()
    most = 0
    for ti in range(8):
        _, re = entries_from_records(_hands(r.records, ti))
        assert len(re) == r.re_entries[ti]
        assert all(level <= 3 and stack == RE_CHIPS for _, level, stack in re)
        per: dict[int, int] = defaultdict(int)
        for p, _, _ in re:
            per[p] += 1
        most = max([most, *per.values()])
    assert most >= 2
    assert r.prize_pools().tolist() == (BUY_IN * 14 + RE_PRICE * r.re_entries).tolist()


@_ENTRY_KERNEL
def test_no_re_entry_when_not_taken():
    """With ``re_entry_chance=0`` nobody re-enters: 14 entries, the pool 14 x 20."""
    s = entry_structure()
    spec = build_spec(s, players=14, late_entries=2, re_entry_chance=0.0, debug=True)
    r = simulate(s, n=4, seed=2, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert r.re_entries.tolist() == [0] * 4 and r.late_entries.tolist() == [2] * 4
    assert r.prize_pools().tolist() == [BUY_IN * 14] * 4


def test_without_entries_the_switch_is_off():
    """A structure without the sections: no working arrays (the kernel compiled without the
    steps), nothing counted, the pool as before; the sections' values in the configuration
    only when given."""
    plain = parse_structure(structure_toml("plain", entrants=14, starting=START,
                                           denominations=[25, 100, 500], levels=NL_LEVELS,
                                           minutes=10, table_size=6), "<plain>")
    spec = build_spec(plain, players=14)
    assert entry_work(spec) is None
    assert spec.cfg[C_LATE_ENTRIES] == spec.cfg[C_REENTRY_UNTIL] == spec.cfgf[F_REENTRY_P] == 0
    r = simulate(plain, n=2, seed=1, spec=spec, threads=1)
    assert r.re_entries.tolist() == [0, 0] and r.late_entries.tolist() == [0, 0]
    assert r.entries().tolist() == [14, 14] and r.prize_pools().tolist() == [280, 280]
    assert "late entries per tournament" not in dict(summary_rows(r))
    on = build_spec(entry_structure(), players=14, late_entries=3, re_entry_chance=0.5)
    w = entry_work(on)
    assert w is not None and w.entry_t.shape == (14,) and w.reseat.shape == (6,)
    assert (on.cfg[C_LATE_ENTRIES], on.cfg[C_REENTRY_CHIPS], on.cfg[C_REENTRY_UNTIL],
            on.cfg[C_REENTRY_MAX], on.cfgf[F_REENTRY_P]) == (3, RE_CHIPS, 3, 1, 0.5)
    more = with_players(on, 12)
    assert (more.cfg[C_PLAYERS], more.cfg[C_LATE_ENTRIES], more.cfgf[F_REENTRY_P]) == (12, 3, 0.5)


def test_registration_window_and_minutes():
    """The window: the levels' minutes up to the end of ``until_level`` and the breaks
    between them (not the break after it); a level counted in hands at a full table's
    pace. The minutes: uniform over the window, in order, from the stream (the same as
    sorting the stream's uniforms, an independent implementation)."""
    assert build_spec(entry_structure(late_until=1), players=14,
                      late_entries=1).cfgf[F_LATE_REG_MINUTES] == 10.0
    assert build_spec(entry_structure(late_until=3), players=14,
                      late_entries=1).cfgf[F_LATE_REG_MINUTES] == 35.0
    hands = parse_structure(structure_toml("h", entrants=14, starting=START,
                                           denominations=[25, 100, 500], levels=NL_LEVELS,
                                           minutes=None, hands=6, table_size=6)
                            + entry_text(late_until=2, re_until=None), "<h>")
    spec = build_spec(hands, players=14, late_entries=2)
    full = spec.cfgf[6]          # F_MINUTES_PER_HAND + 6: minutes per hand at a full table
    assert full > 0 and spec.cfgf[F_LATE_REG_MINUTES] == pytest.approx(12 * full)
    cfg = np.zeros(32, np.int64)
    cfgf = np.zeros(24)
    cfg[C_PLAYERS], cfg[C_LATE_ENTRIES], cfgf[F_LATE_REG_MINUTES] = 9, 5, 25.0
    st = np.empty(4, np.uint64)
    seed_stream(st, np.uint64(11), 3)
    got = np.full(9, -1.0)
    draw_entry_times(cfg, cfgf, st, got)
    seed_stream(st, np.uint64(11), 3)
    want = sorted(uniform(st) * 25.0 for _ in range(5))
    assert got[:4].tolist() == [0.0] * 4
    assert got[4:].tolist() == want and want[0] >= 0 and want[-1] < 25.0


@numba.njit
def _seat_in(w, NT, S, p, level, play_now):
    return seat_entry(w, NT, S, p, level, play_now)     # seat_entry is internal: no Python entry


def _seat(tbl_n_start, tbl_on, S, p, level, play_now, seed):
    NT = tbl_n_start.shape[0] - 1
    seat_pl = np.full((NT + 1, S), -1, np.int64)
    tbl_n = np.zeros(NT + 1, np.int64)
    q_next = 100
    for t in range(NT + 1):
        for s in range(tbl_n_start[t]):
            seat_pl[t, s] = q_next
            tbl_n[t] += 1
            q_next += 1
    st = np.empty(4, np.uint64)
    seed_stream(st, np.uint64(seed), 0)
    # the arrays seat_entry reads by name; the Work's other fields are not read
    unused = np.zeros(1, np.int64)
    w = Work(**{f: unused for f in Work._fields} | dict(
        seat_pl=seat_pl, tbl_n=tbl_n, tbl_on=tbl_on, tbl_first=np.zeros(NT + 1, np.bool_),
        tbl_pbb=np.zeros(NT + 1, np.int64), tbl_t=np.zeros(NT + 1),
        tbl_lh=np.full(NT + 1, 7, np.int64), tbl_lv=np.zeros(NT + 1, np.int64),
        p_table=np.full(20, -1, np.int64), p_seat=np.full(20, -1, np.int64), st=st,
        occ=np.zeros(S, np.int64)))
    t = _seat_in(w, np.int64(NT), np.int64(S), np.int64(p), np.int64(level), float(play_now))
    return (t, w.p_table[p], w.p_seat[p], w.seat_pl[t, w.p_seat[p]], w.tbl_n[t], w.tbl_on[t],
            w.tbl_first[t], w.tbl_pbb[t], w.tbl_t[t], w.tbl_lh[t], w.tbl_lv[t])


def test_seat_entry_at_the_shortest_table():
    """The shortest table in play (the lowest number among equals), a free seat there (each
    free seat drawn for some seed); every table in play full: the lowest table not in play
    opens with the player alone, their seat its button, its clock and level given."""
    on = np.array([True, True, True, False, False])     # tables 0-3, 4 the final's slot
    seats = set()
    for seed in range(40):
        t, pt, ps, who, n, *_ = _seat(np.array([5, 3, 3, 0, 0]), on.copy(), 6, 7, 1, 4.0, seed)
        assert (t, pt, who, n) == (1, 1, 7, 4) and ps >= 3       # seats 0-2 taken
        seats.add(ps)
    assert seats == {3, 4, 5}
    assert _seat(np.array([5, 4, 2, 0, 0]), on.copy(), 6, 7, 1, 4.0, 0)[0] == 2
    assert _seat(np.array([0, 4, 3, 0, 0]), np.array([False, True, True, False, False]), 6, 7,
                 1, 4.0, 0)[0] == 2                               # table 0 not in play
    t, pt, ps, who, n, t_on, first, pbb, clock, lh, lvl = _seat(
        np.array([6, 6, 6, 0, 0]), on.copy(), 6, 7, 2, 31.5, 5)
    assert (t, pt, who, n, t_on, first, pbb, clock, lh, lvl) == (3, 3, 7, 1, True, True, ps,
                                                                 31.5, 0, 2)


def test_entry_settings_refused():
    s = entry_structure()
    with pytest.raises(ValueError, match="1 to 12 of the 14 entries may come late"):
        build_spec(s, players=14, late_entries=13)
    with pytest.raises(ValueError, match="late_entries is a whole number"):
        build_spec(s, players=14, late_entries=2.5)
    with pytest.raises(ValueError, match="re_entry_chance is a probability"):
        build_spec(s, players=14, re_entry_chance=1.5)
    with pytest.raises(ValueError, match="re_entry_chance is a probability"):
        build_spec(s, players=14, re_entry_chance=True)
    plain = parse_structure(structure_toml("plain", entrants=14, starting=START,
                                           denominations=[25, 100, 500], levels=NL_LEVELS,
                                           minutes=10, table_size=6), "<plain>")
    with pytest.raises(ValueError, match="late_entries needs the structure's "
                                         r"\[late_registration\]"):
        build_spec(plain, players=14, late_entries=2)
    for kw, late in (({}, 2), ({"re_until": None}, 2), ({"late_until": None}, 0)):
        with pytest.raises(ValueError, match="not simulated in the two-stage format"):
            build_spec(entry_structure("table_winners", **kw), players=14, late_entries=late)
    # a late registration the field does not use is no refusal (re-entry is the structure's
    # own rule: refused above)
    build_spec(entry_structure("table_winners", re_until=None), players=14)
