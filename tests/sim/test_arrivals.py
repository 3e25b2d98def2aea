"""Late and absent players in the simulator (the first rule sheet; pyeval.sim.kernel.arrivals): an
absent player posts blinds and antes, is dealt no cards and wins nothing until arrival;
past the cut-off those not arrived leave play with their chips. Debug runs (chips checked
every hand), recorded hands replayed through the rules model with the absent seats folded
after posting, the chips that left play counted from the records, 1 and 2 threads equal."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.jit.numba_rng import seed_stream
from pyeval.sim import simulate
from pyeval.sim.analysis.replay import decode, replay_record
from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.engine.spec import build_spec
from pyeval.sim.kernel.arrivals import (
    C_LATE,
    F_LATE_CHANCE,
    F_LATE_SPAN,
    LATE_EXPONENTIAL,
    LATE_UNIFORM,
    draw_arrivals,
)
from pyeval.sim.kernel.layout import CFG_COLS, CFGF_COLS, LS_CHIPS, LS_START, REC_BB_SEAT, REC_TOURN
from pyeval.sim.kernel.variants.replay import absent_seats
from pyeval.tournament.structure import parse_structure

from .conftest import NL_LEVELS, STUD_LEVELS, small_structure
from .test_kernel import check_complete

CUT = 25          # minutes: the cut-off (the levels are 10 minutes: all gone by level 5)
LATE = f"""
[late_players]
cut_off_minutes = {CUT}
chance = 0.5
arrival = "uniform"
latest_minutes = 40
"""
DRAW_ANTES = [LevelSpec(0, 0, 25, small_bet=50, big_bet=100),
              LevelSpec(0, 0, 50, small_bet=100, big_bet=200),
              LevelSpec(0, 0, 100, small_bet=200, big_bet=400),
              LevelSpec(0, 0, 200, small_bet=400, big_bet=800),
              LevelSpec(0, 0, 400, small_bet=800, big_bet=1600)]


def _late(game: str, betting: str, levels, table_size: int):
    from pyeval.sim.analysis.structure_toml import structure_toml

    text = structure_toml(f"late {game}", entrants=14, starting=1500,
                          denominations=[25, 100, 500], levels=levels, minutes=10, game=game,
                          betting=betting, table_size=table_size) + LATE
    return parse_structure(text, f"<late {game}>")


def test_arrivals_are_drawn_from_the_tournament_stream() -> None:
    """A quarter late, uniform over 0-40 minutes (a quarter of them past 30), or all late
    with a mean of 10 minutes; the same stream gives the same minutes; none without late
    players (and no draw from the stream)."""
    cfg = np.zeros(CFG_COLS, np.int64)
    cfgf = np.zeros(CFGF_COLS)
    cfg[0] = 4000                               # C_PLAYERS
    cfg[C_LATE], cfgf[F_LATE_CHANCE], cfgf[F_LATE_SPAN] = LATE_UNIFORM, 0.25, 40.0
    st = np.empty(4, np.uint64)
    a = np.zeros(4000)
    b = np.zeros(4000)
    seed_stream(st, np.uint64(3), 0)
    draw_arrivals(cfg, cfgf, st, a)
    seed_stream(st, np.uint64(3), 0)
    draw_arrivals(cfg, cfgf, st, b)
    assert (a == b).all()
    late = a[a > 0]
    assert 900 < late.size < 1100 and late.max() <= 40
    assert 0.22 < (late > 30).mean() < 0.28
    cfg[C_LATE], cfgf[F_LATE_CHANCE], cfgf[F_LATE_SPAN] = LATE_EXPONENTIAL, 1.0, 10.0
    draw_arrivals(cfg, cfgf, st, a)
    assert (a > 0).all() and 9.5 < a.mean() < 10.5
    cfg[C_LATE] = 0
    before = st.copy()
    draw_arrivals(cfg, cfgf, st, a)
    assert (a == 0).all() and (st == before).all()


def test_the_structure_gives_the_kernel_its_late_players() -> None:
    from pyeval.sim.kernel.arrivals import F_LATE_CUTOFF

    spec = build_spec(_late("holdem", "no_limit", NL_LEVELS, 6))
    assert spec.cfg[C_LATE] == LATE_UNIFORM
    assert (spec.cfgf[F_LATE_CHANCE], spec.cfgf[F_LATE_SPAN], spec.cfgf[F_LATE_CUTOFF]) == (
        0.5, 40.0, CUT)
    assert build_spec(small_structure()).cfg[C_LATE] == 0
    assert _late("holdem", "no_limit", NL_LEVELS, 6).simulator_gaps() == []


def _check_absent(r, starting: int = 1500) -> tuple[int, int]:
    """Replay every record; the absent seats never act and keep no more than they had; the
    chips of those still absent after the cut-off leave play (a level starting 5 minutes
    after it starts with the chips of the start less their last stacks). Every hand must be
    recorded. Returns (the absent seat-hands seen, big blinds absent players posted)."""
    check_complete(r)
    assert all((r.records[:, REC_TOURN] == t).sum() == r.hands[t] for t in range(r.n))
    n_absent = 0
    posted_bb = 0
    paid = 0
    last: dict[tuple[int, int], tuple[bool, int]] = {}    # (tournament, player) -> (absent, after)
    for row in r.records:
        res = replay_record(row)                # an illegal action would raise here
        assert res.matches, (res.hand, res.rules_stacks)
        h = res.hand
        absent = absent_seats(h)
        for s in absent:
            assert all(a[1] != s for a in h.actions)
            assert h.after[s] <= h.stacks[s]
            posted_bb += int(row[REC_BB_SEAT]) == s and h.after[s] < h.stacks[s]
            paid += h.after[s] < h.stacks[s]
        n_absent += len(absent)
        for s, p in h.players.items():
            last[(h.tournament, p)] = (s in absent, h.after[s])
    assert n_absent > 0 and paid > 0
    checked = 0
    for t in range(r.n):
        gone = [(p, after) for (tt, p), (ab, after) in last.items() if tt == t and ab]
        # every player last seen absent with chips left at the cut-off (after a hand ending
        # past it); one blinded out while absent (no chips after its last hand: on the
        # dealer pace a short draw table deals fast enough for it) went out then
        for p, after in gone:
            if after > 0:
                assert CUT <= r.elim_time[t, p] < CUT + 5, (t, p, r.elim_time[t, p])
            else:
                assert r.elim_time[t, p] < CUT + 5, (t, p, r.elim_time[t, p])
        # (no rebuys, no add-ons) a level starting past the cut-off starts with the chips
        # of those not gone
        later = [i for i in range(r.level_stats.shape[1])
                 if r.level_stats[t, i, LS_START] >= CUT + 5]
        if later and gone:
            chips = r.level_stats[t, later[0], LS_CHIPS]
            assert chips == 14 * starting - sum(a for _p, a in gone), (t, chips, gone)
            checked += 1
    assert checked > 0
    return n_absent, posted_bb


def test_late_players_hold_em_debug_replay_and_threads() -> None:
    s = _late("holdem", "no_limit", NL_LEVELS, 6)
    r = simulate(s, n=4, seed=7, debug=True, record_tournaments=4, record_hands=600,
                 threads=1)
    assert (r.errors == 0).all()
    seen, posted_bb = _check_absent(r)
    assert seen > 20 and posted_bb > 0
    two = simulate(s, n=4, seed=7, threads=2)
    assert (two.place == r.place).all() and (two.duration == r.duration).all()


@pytest.mark.parametrize("game", ["seven_card_stud", "five_card_draw"])
def test_late_players_stud_and_the_draw_debug_replay_and_threads(game) -> None:
    s = (_late(game, "fixed_limit", STUD_LEVELS, 7) if game != "five_card_draw" else
         _late(game, "fixed_limit", DRAW_ANTES, 6))
    r = simulate(s, n=3, seed=11, debug=True, record_tournaments=3, record_hands=600,
                 threads=1)
    assert (r.errors == 0).all()
    assert _check_absent(r)[0] > 10
    for row in r.records[:40]:
        h = decode(row)
        assert all(not h.hole[q] for q in absent_seats(h))
    two = simulate(s, n=3, seed=11, threads=2)
    assert (two.place == r.place).all() and (two.duration == r.duration).all()
