"""The tuner: targets, schedules payable by the chip set, a verified structure file."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pyeval.cli.tournament_cmd import tournament
from pyeval.sim.tune import make_schedule, nice_amount, parse_target, tune
from pyeval.tournament.structure import parse_structure


def test_parse_targets():
    t = parse_target("done within 4h with 90%")
    assert (t.kind, t.minutes, t.chance) == ("done_by", 240.0, 0.9)
    assert parse_target("final table after 2h").kind == "final_table_after"
    assert parse_target("Final table by 3:00 with 75%").chance == 0.75
    assert parse_target("done after 3h with 80%").kind == "done_after"
    with pytest.raises(ValueError, match="cannot read the target"):
        parse_target("finish quickly")


@pytest.mark.parametrize("denoms", [[25, 100, 500, 1000], [5, 25, 100, 500], [100, 500, 1000]])
def test_schedules_are_payable_and_valid(denoms):
    for minutes, growth, depth in [(10, 1.2, 50), (20, 1.5, 100), (45, 2.0, 75)]:
        s = make_schedule(5000, 40, denoms, minutes, growth, start_depth=depth)
        bbs = [lv.big_blind for lv in s.levels]
        assert bbs == sorted(set(bbs))                      # strictly increasing
        assert bbs[-1] * 3 >= 5000 * 40
        from pyeval.sim.tune import schedule_toml
        # the tournament layer accepts it: every amount payable with the chips in play
        st = parse_structure(schedule_toml(s, name="t", players=40, starting=5000,
                                           denominations=denoms, table_size=9))
        assert len(st.levels) == len(s.levels)


def test_nice_amounts():
    assert nice_amount(37, 50) == 50
    assert nice_amount(1100, 100, above=1000) == 1200
    assert nice_amount(330, 50) in (300, 400)


def test_tune_meets_a_feasible_target():
    res = tune(players=18, starting=3000, denominations=[25, 100, 500],
               targets=[parse_target("done within 5h with 90%")], n=150,
               level_minutes=(15, 30), growths=(1.3, 1.6), start_depths=(60,),
               sensitivity=True)
    assert res.met
    assert res.verified[0] >= 0.9
    st = parse_structure(res.toml, "<tuned>")
    assert st.entrants.maximum == 18 and st.starting_chips == 3000
    # the slowest of the schedules that met it: 30-minute levels if they did
    assert res.chosen.schedule.level_minutes == 30
    assert len(res.sensitivity) == 4 and "sensitivity" in res.describe()


def test_tune_reports_an_impossible_target():
    res = tune(players=18, starting=3000, denominations=[25, 100, 500],
               targets=[parse_target("done within 30m with 90%")], n=100,
               level_minutes=(10,), growths=(2.0,), start_depths=(60,), sensitivity=False)
    assert not res.met and "NOT met" in res.describe()


def test_cli_tune_writes_a_structure(tmp_path):
    out = tmp_path / "tuned.toml"
    res = CliRunner().invoke(tournament, ["tune", "--players", "12", "--chips", "2000",
                                          "--denominations", "25,100,500", "--target",
                                          "done within 5h with 80%", "-n", "100",
                                          "--no-sensitivity", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert parse_structure(out.read_text(), str(out)).starting_chips == 2000
    bad = CliRunner().invoke(tournament, ["tune", "--players", "12", "--chips", "2000",
                                          "--target", "soon"])
    assert bad.exit_code != 0 and "cannot read the target" in bad.output
