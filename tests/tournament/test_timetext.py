"""Times as a director writes them: lengths of play and clock times (issue 38, part 4)."""
import pytest

from pyeval.tournament.timetext import parse_minutes, parse_time, read_time


def test_clock_time_after_the_start_is_the_play_between():
    assert parse_time("23:30", "19:00") == 270.0          # 4:30 of play, not 23 1/2 hours
    assert read_time("23:30", "19:00") == (270.0, "23:30", False)
    assert parse_time("19:01", "19:00") == 1.0


def test_clock_time_before_the_start_is_the_next_day():
    r = read_time("00:30", "19:00")
    assert r.minutes == 330.0 and r.next_day and r.clock == "00:30"
    assert r.describe() == "00:30 the next day, 5:30 after the start"
    assert parse_time("18:59", "19:00") == 24 * 60 - 1


def test_lengths_of_play_are_the_same_with_or_without_a_start():
    for text, minutes in (("4h", 240.0), ("4h30", 270.0), ("4h30m", 270.0), ("270m", 270.0),
                          ("270", 270.0), ("2.5h", 150.0)):
        assert parse_minutes(text) == minutes
        assert parse_time(text, "19:00") == minutes
    assert parse_time("3:30") == 210.0                     # no start: h:mm of play


@pytest.mark.parametrize("text, start, message", [
    ("25:00", "19:00", "24-hour clock time HH:MM from 00:00 to 23:59"),
    ("23:75", "19:00", "24-hour clock time HH:MM from 00:00 to 23:59"),
    ("soon", "19:00", "clock time HH:MM (like 23:30) or a length of play: 4h, 4h30, 270m"),
    ("soon", None, "write 4h, 3h30, 3:30 (h:mm), 210m or 210"),
    ("4h75", None, "the minutes (75) must be 0 to 59"),
    ("19:00", "19:00", "is the start time itself"),
    ("23:30", "7pm", "write a 24-hour clock time HH:MM from 00:00 to 23:59"),
])
def test_bad_times_say_what_is_allowed(text, start, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_time(text, start)


def test_cli_by_clock_time_with_start():
    from click.testing import CliRunner

    from pyeval.cli.tournament_cmd import tournament
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "8", "--players", "20",
                                          "--start", "19:00", "--by", "23:30", "--by", "01:00",
                                          "--no-report", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "done by 4:30 (23:30)" in res.output
    assert "done by 6:00 (01:00 +1d)" in res.output
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "8", "--start", "19:00",
                                          "--by", "23:90", "--no-report"])
    assert res.exit_code == 1 and "clock time HH:MM from 00:00 to 23:59" in res.output


def test_tune_targets_read_clock_times_with_a_start():
    from pyeval.sim.tune import parse_goals, parse_target
    assert parse_target("done by 23:30 with 90%", "19:00").minutes == 270.0
    assert parse_target("done within 4h30").minutes == 270.0
    assert parse_target("done within 3:30").minutes == 210.0          # no start: h:mm of play
    goals, _ = parse_goals(["done by 01:00", "final table after 21:00"], "19:00")
    assert [g.minutes for g in goals] == [360.0, 120.0]


def test_a_clock_like_time_without_a_start_gets_a_note():
    from click.testing import CliRunner

    from pyeval.cli.tournament_cmd import tournament
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "4", "--players", "20",
                                          "--by", "23:30", "--no-report", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "note: --by 23:30 is read as 23:30 of play; for the clock time 23:30 give the start " \
           "time too (--start 19:00)" in res.output
