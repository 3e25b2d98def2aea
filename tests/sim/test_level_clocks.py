"""Levels counted in hands at each table (the first sheet: "6 hands", then "12"): each table
runs its own level clock, and the tables re-align at every break ("every second blind
period ... a 5 minute break, in which time multiple tables should become once again aligned
in their blinds"): a table that has dealt the hands of the level before a break waits there
until every table has; the break then starts, and all tables start the next level together.

The tests play the hold'em kernel the other simulator tests compile (no new kernel; the
first sheet's stud event the stud family's, as test_games_kernel does), with every hand
recorded, and check each table's levels hand by hand."""
from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from pyeval.sim import simulate
from pyeval.sim.analysis.replay import replay_record
from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.engine.clock import Clock
from pyeval.sim.engine.spec import build_spec
from pyeval.sim.kernel.layout import (
    C_LEVEL_CLOCK,
    LEVEL_CLOCK_ALIGNED,
    LEVEL_CLOCK_ALL_TABLES,
    LEVEL_CLOCK_ONE,
    LEVEL_CLOCK_TABLE,
    LS_START,
    REC_BB,
    REC_HAND,
    REC_LEVEL,
    REC_PLAYER,
    REC_SB,
    REC_TABLE,
    REC_TOURN,
)

from .conftest import small_structure
from .test_kernel import check_complete

#: hands a level: 3, 3 (a 5-minute break), 4, 4 (a break), then 6 a level
HANDS = [3, 3, 4, 4, 6, 6]
BLINDS = [(25, 50), (50, 100), (100, 200), (200, 400), (400, 800), (800, 1600)]
BREAKS = [(2, 5), (4, 5)]


def hands_structure(starting: int = 1500, entrants: int = 11, **kw):
    levels = [LevelSpec(sb, bb, hands=h) for (sb, bb), h in zip(BLINDS, HANDS)]
    return small_structure("holdem", "no_limit", entrants=entrants, starting=starting,
                           levels=levels, breaks=BREAKS, **kw)


def by_table(records: np.ndarray) -> dict[tuple[int, int], list[np.ndarray]]:
    """Each (tournament, table)'s recorded hands in the order they were dealt."""
    out: dict[tuple[int, int], list[np.ndarray]] = defaultdict(list)
    for row in records[np.lexsort((records[:, REC_HAND], records[:, REC_TOURN]))]:
        out[int(row[REC_TOURN]), int(row[REC_TABLE])].append(row)
    return out


def expected_levels(n: int) -> list[int]:
    """The levels of a table's first ``n`` hands by its own count."""
    seq = [lvl + 1 for lvl, h in enumerate(HANDS[:-1]) for _ in range(h)]
    return (seq + [len(HANDS)] * n)[:n]


def test_each_table_counts_its_own_hands_and_waits_at_the_break():
    """Two tables, 5 and 6 players, deep stacks (nobody busts early): the table of 5 deals a
    hand a minute, the table of 6 one every 3 minutes. Each changes level after its own 3
    hands (the table of 5 at minute 3, the table of 6 at minute 9), the table of 5 waits at
    the break from minute 6 until the table of 6 has dealt its 6th hand (minute 18); after
    the 5-minute break both deal level 3 from minute 18 of play (23 on the clock)."""
    s = hands_structure(starting=100_000)
    clock = Clock(by_players={5: 60, 6: 20})
    spec = build_spec(s, clock=clock, debug=True, record_tournaments=2, record_hands=2000)
    assert int(spec.cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_ALIGNED
    r = simulate(s, n=2, seed=3, spec=spec, field="tight_passive", threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    tables = by_table(r.records)
    for ti in range(2):
        five, six = (tables[ti, q] for q in (0, 1))
        if len(five[0][REC_PLAYER:REC_PLAYER + 10][five[0][REC_PLAYER:REC_PLAYER + 10] >= 0]) != 5:
            five, six = six, five
        for rows, n in ((five, 5), (six, 6)):
            first = rows[:14]                       # levels 1-4 and no one out yet
            assert all(int((row[REC_PLAYER:REC_PLAYER + 10] >= 0).sum()) == n for row in first)
            assert [int(row[REC_LEVEL]) for row in first] == expected_levels(14)
            for row in first:           # the stakes dealt are the table's own level's
                assert (int(row[REC_SB]), int(row[REC_BB])) == BLINDS[int(row[REC_LEVEL]) - 1]
        # the table of 5 deals all its level-2 hands (minutes 3-5) before the table of 6
        # deals its 3rd hand, at level 1 (minute 6): one clock would have changed both
        # tables' level together
        assert int(five[5][REC_HAND]) < int(six[2][REC_HAND])
        # level 3 starts nowhere before every table has finished level 2
        assert min(int(five[6][REC_HAND]), int(six[6][REC_HAND])) > int(six[5][REC_HAND])
        # the tournament's level 2 starts when the first table starts it (minute 3); level 3
        # after the break: minute 18 of play, 23 on the clock
        assert r.level_stats[ti, 1, LS_START] == 3.0
        assert r.level_stats[ti, 2, LS_START] == 23.0
    for rows in tables.values():
        for row in rows[:40]:
            assert replay_record(row).matches


def test_every_table_follows_its_own_count_to_the_end():
    """Short stacks: players bust and tables break. Each table's levels hand by hand are
    the structure's by its own count, no table starts the level after a break before every
    table has finished the level before it, chips are checked every hand, and the result is
    the same for any thread count."""
    s = hands_structure(entrants=17)
    spec = build_spec(s, debug=True, record_tournaments=6, record_hands=5000)
    r = simulate(s, n=6, seed=8, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    tables = by_table(r.records)
    assert len(tables) >= 12
    for rows in tables.values():
        levels = [int(row[REC_LEVEL]) for row in rows]
        assert levels == expected_levels(len(levels))
    for ti in range(6):
        mine = r.records[r.records[:, REC_TOURN] == ti]
        for after, _ in BREAKS:
            before = mine[mine[:, REC_LEVEL] <= after, REC_HAND]
            later = mine[mine[:, REC_LEVEL] > after, REC_HAND]
            if later.size:
                assert later.min() > before.max()
    assert r.level.max() >= 5
    r2 = simulate(s, n=6, seed=8, spec=spec, threads=2)
    for name in ("place", "duration", "hands", "level", "level_stats", "records"):
        assert np.array_equal(getattr(r, name), getattr(r2, name)), name


def test_hands_dealt_anywhere():
    """``[schedule] hands_per = "tournament"``: one count of the hands dealt at every
    table: each level (but the last) lasts exactly its hands, whichever table deals them."""
    text_s = hands_structure(entrants=17)
    from dataclasses import replace

    from pyeval.tournament.sections import Schedule

    s = replace(text_s, schedule=Schedule(hands_per="tournament"))
    spec = build_spec(s, debug=True, record_tournaments=4, record_hands=5000)
    assert int(spec.cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_ALL_TABLES
    r = simulate(s, n=4, seed=2, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    for ti in range(4):
        mine = r.records[r.records[:, REC_TOURN] == ti]
        counts = np.bincount(mine[:, REC_LEVEL], minlength=len(HANDS) + 1)[1:]
        reached = int(r.level[ti])
        assert counts[:reached - 1].tolist() == HANDS[:reached - 1]


def test_level_clock_of_a_structure():
    from dataclasses import replace

    from pyeval.tournament.sections import Schedule

    s = hands_structure()
    assert int(build_spec(s).cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_ALIGNED
    assert int(build_spec(replace(s, breaks=())).cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_TABLE
    # levels in minutes (or in hands and minutes): one clock, as before
    assert int(build_spec(small_structure()).cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_ONE
    assert int(build_spec(replace(s, levels=tuple(replace(lv, minutes=12) for lv in s.levels))
                          ).cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_ONE
    with pytest.raises(ValueError, match="align_at_breaks = false is not simulated"):
        build_spec(replace(s, schedule=Schedule(align_at_breaks=False)))
    levels = [LevelSpec(sb, bb, hands=h) for (sb, bb), h in zip(BLINDS, HANDS)]
    # refused when the file is loaded (issue 40: a structure that loads is one the
    # simulator takes), with the simulator's rule
    with pytest.raises(ValueError, match="a colour-up before level 4: with each table's own "
                                         "level clock"):
        small_structure("holdem", "no_limit", levels=levels, breaks=BREAKS,
                        colour_ups=[(4, [25])])
    ok = small_structure("holdem", "no_limit", levels=levels, breaks=BREAKS,
                         colour_ups=[(3, [25])])
    assert int(build_spec(ok).cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_ALIGNED


#: the first sheet's events: levels in hands only ("6 Hands", "12 Hands")
SHEET_EVENTS = ("hands_100k_stud", "hands_100k_holdem", "trust_a_mate_main_event")


@pytest.mark.parametrize("name", SHEET_EVENTS)
def test_the_first_sheets_events_run_each_tables_clock(name):
    """The first sheet's events give hands only, so each table counts its own hands and the
    tables re-align at every break, for every field the file allows; nothing is left
    unsimulated (``simulate`` warns of nothing), and the colour-ups sit at breaks."""
    from pyeval.tournament.structure import load_structure

    s = load_structure(name)
    assert all(lv.hands in (6, 12) and lv.minutes is None for lv in s.levels)
    assert s.simulator_gaps() == []
    breaks = {b.after_level for b in s.breaks}
    assert breaks == set(range(2, len(s.levels), 2))
    assert all(cu.before_level - 1 in breaks for cu in s.chips.colour_ups)
    for players in range(s.entrants.minimum, s.entrants.maximum + 1):
        spec = build_spec(s, players)
        assert int(spec.cfg[C_LEVEL_CLOCK]) == LEVEL_CLOCK_ALIGNED, players
        assert spec.level_count == len(s.levels_for(players))



def test_the_stud_sheet_event_counts_hands_at_each_table():
    """``hands_100k_stud`` with 14 players (two tables of 7): every table deals each level's
    hands by its own count (6 hands for levels 1-5, 12 from level 6), nobody deals the level
    after a break before every table has finished the level before it, and the hands replay
    through the rules model."""
    from pyeval.tournament.structure import load_structure

    s = load_structure("hands_100k_stud")
    hands = [lv.hands for lv in s.levels]
    assert hands == [6] * 5 + [12] * 3
    r = simulate(s, n=4, seed=5, players=14, debug=True, record_tournaments=4,
                 record_hands=3000, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert [int((r.records[:, REC_TOURN] == t).sum()) for t in range(4)] == r.hands.tolist()
    seq = [lvl + 1 for lvl, h in enumerate(hands[:-1]) for _ in range(h)]
    tables = by_table(r.records)
    assert len(tables) >= 8
    for rows in tables.values():
        levels = [int(row[REC_LEVEL]) for row in rows]
        assert levels == (seq + [len(hands)] * len(levels))[:len(levels)]
    for ti in range(4):
        mine = r.records[r.records[:, REC_TOURN] == ti]
        for brk in s.breaks:
            before = mine[mine[:, REC_LEVEL] <= brk.after_level, REC_HAND]
            later = mine[mine[:, REC_LEVEL] > brk.after_level, REC_HAND]
            if later.size:
                assert later.min() > before.max()
    assert r.level.min() >= 7          # 14 players: the 10+ levels are played
    for rows in tables.values():
        for row in rows[:10]:
            assert replay_record(row).matches
