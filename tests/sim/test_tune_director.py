"""The tuner fits the evening a club director asks for (issue 38): schedules a director
accepts (the jump limit, chips that pay every level, the director's breaks, no early antes),
what the director's file fixes kept, the likely evenings named, the closest written when the
request cannot hold, clock times, and the director's case itself (slow lane)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pyeval.cli.tournament_cmd import EXIT_INFEASIBLE, tournament
from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.tune import (
    Asked,
    Search,
    candidate_schedules,
    fixed_from_structure,
    hedge,
    plan_for,
    problems,
    tune,
    when,
)
from pyeval.sim.tune.candidates import GROWTHS, director_schedule
from pyeval.sim.tune.constraints import EARLIEST_ANTE_DEPTH, EARLY_DEPTH, MAX_EARLY_JUMP, MAX_LATE_JUMP
from pyeval.sim.tune.scoring import HEDGE_FIELDS
from pyeval.tournament.structure import load_structure, parse_structure

DIRECTOR = Path(__file__).parent / "data" / "director_friday.toml"
CHIP_SETS = [(5000, [25, 100, 500, 1000]), (3000, [25, 50, 100, 500, 1000]), (1500, [25, 100, 500]),
             (10000, [25, 100, 500, 1000, 5000]), (20000, [100, 500, 1000, 5000]),
             (100000, [100, 500, 1000, 5000, 25000])]
#: tournaments for the director's case: enough for its 90th percentiles to within a few minutes
DIRECTOR_CHECK_N = 2000


def test_the_jump_limit_is_found_and_every_candidate_keeps_it():
    early = [LevelSpec(25, 50), LevelSpec(50, 100)]              # x2 with 5,000 chips (100 big blinds deep)
    assert [(p.level, p.rule) for p in problems(early, starting=5000, denominations=[25])] == [(2, "jump")]
    # exactly x1.5 is allowed; later (starting stack 10 big blinds or less) a doubling is
    ok = [LevelSpec(25, 50), LevelSpec(50, 75), LevelSpec(250, 500), LevelSpec(500, 1000)]
    assert [p.rule for p in problems(ok, starting=5000, denominations=[25])] == ["jump"]     # 75 -> 500
    assert problems([LevelSpec(250, 500), LevelSpec(500, 1000)], starting=5000, denominations=[25]) == []
    for chips, denoms in CHIP_SETS:
        for g in GROWTHS:
            s = director_schedule(chips, 30, denoms, 20, g, first_blinds=(denoms[0], 2 * denoms[0]), break_levels=4)
            bbs = [lv.big_blind for lv in s.levels]
            for a, b in zip(bbs, bbs[1:]):
                limit = MAX_EARLY_JUMP if chips > EARLY_DEPTH * a else MAX_LATE_JUMP
                assert a < b <= limit * a, (chips, g, bbs)
            assert bbs[-1] * 3 >= chips * 30


def test_the_chip_check_and_every_candidate_pays_every_level():
    # after the 25s are gone, neither a 50 small blind nor a 75 ante can be paid (and an ante
    # with the starting stack 50 big blinds deep is too early)
    lv = [LevelSpec(25, 50), LevelSpec(50, 75), LevelSpec(50, 100, ante=75)]
    found = problems(lv, starting=5000, denominations=[25, 100], colour_ups=[(3, (25,))])
    assert [(p.level, p.rule) for p in found] == [(3, "chips"), (3, "chips"), (3, "antes")]
    assert "the small blind 50 cannot be paid with the smallest chip in play (100)" in found[0].message
    assert "the ante 75 cannot be paid" in found[1].message
    assert problems(lv, starting=5000, denominations=[25, 100]) == [found[2]]     # the 25s kept: payable
    for chips, denoms in CHIP_SETS:
        for g in GROWTHS[::3]:
            s = director_schedule(chips, 40, denoms, 15, g, first_blinds=(denoms[0], 2 * denoms[0]), break_levels=3)
            assert problems(s.levels, starting=chips, denominations=denoms, colour_ups=s.colour_ups,
                            breaks=s.breaks, break_levels=3) == []
            from pyeval.sim.tune import schedule_toml
            st = parse_structure(schedule_toml(s, name="t", players=40, starting=chips, denominations=denoms,
                                               table_size=9))
            for level in st.levels:                       # the tournament layer agrees
                unit = st.chips.smallest(level.number)
                assert level.small_blind % unit == level.big_blind % unit == level.ante % unit == 0
                assert not level.ante or chips <= EARLIEST_ANTE_DEPTH * level.big_blind


def test_what_the_directors_file_fixes_is_kept_in_every_candidate():
    fx = fixed_from_structure(DIRECTOR)
    assert (fx.players, fx.starting, fx.denominations, fx.level_minutes, fx.first_blinds) == (
        25, 5000, (25, 100, 500, 1000), 20, (25, 50))
    assert (fx.break_levels, fx.break_minutes, fx.ante_by, round(fx.ante_depth, 2)) == (4, 10, "each", 8.33)
    scheds = candidate_schedules(plan_for(Asked(start_from=DIRECTOR)))
    assert len(scheds) >= 8                                      # distinct schedules to choose from
    for s in scheds:
        assert s.level_minutes == 20 and (s.levels[0].small_blind, s.levels[0].big_blind) == (25, 50)
        assert [after for after, _ in s.breaks] == list(range(4, len(s.levels), 4))
        assert {m for _, m in s.breaks} == {10}
        first_ante = next(lv for lv in s.levels if lv.ante)
        assert 5000 / first_ante.big_blind <= fx.ante_depth


def test_the_likely_evenings_are_named_mixed_fields_at_the_events_pace():
    ev = hedge()
    assert [m.name for m in ev] == [name for name, _ in HEDGE_FIELDS] * 2
    assert not any(m.field in ("nit", "maniac", "calling_station") for m in ev)     # no table of archetypes
    assert [m.hands_per_hour for m in ev] == [32.5] * 4 + [29.2, 35.8, 29.2, 35.8]   # dealer pace, +-10 %
    assert {m.pace for m in hedge(pace="players")} == {"players"}
    with pytest.raises(ValueError, match="the likely evenings are 1 to 8, got 9"):
        hedge(9)


def test_same_proposal_on_any_number_of_threads():
    asked = Asked(players=14, starting=2000, denominations=[25, 100, 500], level_minutes=(15,), growths=(1.3, 1.5))
    kw = dict(search=Search(n=20, screen_n=8, verify_n=20), ensemble_size=2, seed=5)
    one, two = (tune(["done within 3h with 80%"], asked, threads=k, **kw) for k in (1, 2))
    assert one.toml == two.toml
    assert np.array_equal(one.verified.pooled.duration, two.verified.pooled.duration)


def test_cli_from_the_directors_file_with_clock_times_writes_a_file_that_loads_back(tmp_path):
    out = tmp_path / "tuned.toml"
    res = CliRunner().invoke(tournament, ["tune", "--from", str(DIRECTOR), "--start", "19:00", "--target",
                                          "done by 23:30 with 90%", "-n", "20", "--screen", "8",
                                          "--ensemble", "2", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "kept from your structure: the chips (25, 100, 500, 1000), 5,000 each; 20-minute levels; " \
           "first blinds 25/50; a 10-minute break every 4 levels" in res.output
    assert "done by 4:30 with 90%" in res.output                      # 23:30 after 19:00
    assert "How far the model has been from real events: on 3 real event-days" in res.output
    for plain in ("rungs", "pess/med/opt", "T1"):
        assert plain not in res.output
    st = load_structure(out)
    assert [(lv.small_blind, lv.big_blind) for lv in st.levels][:3] == [(25, 50), (50, 75), (50, 100)]
    check = CliRunner().invoke(tournament, ["check", str(out)])
    assert check.exit_code == 0 and "valid" in check.output, check.output


def test_cli_infeasible_request_writes_the_closest_with_the_reason(tmp_path):
    out = tmp_path / "closest.toml"
    res = CliRunner().invoke(tournament, ["tune", "--from", str(DIRECTOR), "--target", "done within 4h with 90%",
                                          "--target", "done not before 3:55 with 90%", "-n", "20", "--screen",
                                          "8", "--ensemble", "2", "-o", str(out)])
    assert res.exit_code == EXIT_INFEASIBLE, res.output
    assert "Closest proposal" in res.output and "Why not in full:" in res.output
    assert "so the window between the targets must be at least that wide" in res.output
    st = load_structure(out)
    assert st.starting_chips == 5000 and "Not met in full" in st.notes


def _director_case(tmp_path: Path, args: list[str]) -> tuple[float, float]:
    """Tune the director's case with the CLI's defaults; simulate the file written with the
    default field on fresh seeds; (chance of done by 4:00, 90th percentile)."""
    from pyeval.sim import simulate

    out = tmp_path / "friday.toml"
    res = CliRunner().invoke(tournament, ["tune", *args, "--target", "done within 4h with 90%", "-o", str(out)])
    assert res.exit_code == 0, res.output
    st = load_structure(out)
    levels = [(lv.small_blind, lv.big_blind) for lv in st.levels]
    assert levels[0] == (25, 50) and {lv.minutes for lv in st.levels} == {20}
    r = simulate(st, n=DIRECTOR_CHECK_N, seed=20261207, players=25)
    return float((r.duration <= 240).mean()), float(np.percentile(r.duration, 90))


@pytest.mark.slow
def test_directors_case_from_25_50_uses_the_evening(tmp_path):
    chance, p90 = _director_case(tmp_path, ["--players", "25", "--chips", "5000", "--denominations",
                                            "25,100,500,1000", "--level-minutes", "20", "--first-blinds", "25/50"])
    assert chance >= 0.9 and 210 <= p90 <= 240, (chance, p90)


@pytest.mark.slow
def test_directors_case_from_the_directors_file_uses_the_evening(tmp_path):
    chance, p90 = _director_case(tmp_path, ["--from", str(DIRECTOR)])
    assert chance >= 0.9 and 210 <= p90 <= 240, (chance, p90)


def test_the_file_written_loads_back_to_the_same_levels_and_keeps_the_pace(tmp_path):
    home = tmp_path / "home.toml"
    home.write_text(DIRECTOR.read_text().replace("[tables]\nsize = 9", '[tables]\nsize = 8\npace = "players"'))
    res = tune(["done by 23:30 with 80%"], Asked(start_from=home, growths=(1.3, 1.6)), start="19:00",
               search=Search(n=20, screen_n=8, verify_n=20), ensemble_size=2)
    assert res.targets[0].minutes == 270.0 and "done by 4:30 with 80%" in res.describe()
    assert f"9 in 10 by {when(res.verified.p90_minutes, '19:00')}" in res.describe()
    assert {m.pace for m in res.members} == {"players"} and res.nominal_rate == pytest.approx(
        3600 / (11.844 * 8 ** 1.1678), abs=0.01)                  # the players pace at a full table of 8
    out = tmp_path / "tuned.toml"
    out.write_text(res.toml)
    st = load_structure(out)
    assert st.tables.pace == "players" and st.tables.table_size == 8 and st.entrants.maximum == 25
    sched = res.chosen.schedule
    assert [(lv.small_blind, lv.big_blind, lv.ante, lv.ante_by, lv.minutes) for lv in st.levels] == [
        (lv.small_blind, lv.big_blind, lv.ante, lv.ante_by, sched.level_minutes) for lv in sched.levels]
    assert [(b.after_level, b.minutes) for b in st.breaks] == list(sched.breaks)
    assert [(c.before_level, c.remove) for c in st.chips.colour_ups] == list(sched.colour_ups)
    info = res.summary()                                         # plain data for the web page
    assert info["toml"] == res.toml and info["feasible"] == res.feasible and info["levels"] == len(sched.levels)
    assert info["p90"] == float(np.percentile(res.verified.pooled.duration, 90))
    assert [e["name"] for e in info["evenings"]] == ["balanced (the default field), players pace",
                                                     "club night, players pace"]
    assert info["targets"][0]["chance"] == res.verified_chances[0]


@pytest.mark.parametrize("args, message", [
    (["--from", "no_such_file.toml"], "no structure file 'no_such_file.toml'"),
    (["--from", "hands_100k_stud"], "the tuner needs a blind game"),
    (["--from", str(DIRECTOR), "--first-blinds", "50/25"], "--first-blinds is small/big, like 25/50"),
    (["--from", str(DIRECTOR), "--first-blinds", "30/60"], "must be above 0, the small blind at most the big, "
                                                            "both multiples of the smallest chip (25)"),
    (["--from", str(DIRECTOR), "--ensemble", "9"], "--ensemble must be from 1 to 8 evenings, got 9"),
    (["--from", str(DIRECTOR), "--players", "1"], "a tournament needs 2 to 100,000 players, got 1"),
    (["--chips", "5000"], "give --players and --chips, or --from your structure file"),
])
def test_cli_tune_refuses_bad_director_input_before_any_work(args, message):
    res = CliRunner().invoke(tournament, ["tune", *args, "--target", "done within 4h with 90%"])
    assert res.exit_code == 1 and message in res.output, res.output
    assert "Traceback" not in res.output and "schedules to try" not in res.output
