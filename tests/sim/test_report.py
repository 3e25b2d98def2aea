"""Reports: the plots and the self-contained HTML page; the CLI."""
from __future__ import annotations

import base64
import re

import numpy as np
from click.testing import CliRunner

from pyeval.cli.tournament_cmd import parse_field, parse_minutes, tournament
from pyeval.sim import simulate
from pyeval.sim.analysis.report import PLOTS, SPREAD_ROW, format_table, hhmm, money_reached, summary_rows, write_report
from pyeval.sim.kernel.layout import LS_START
from pyeval.tournament.timetext import clock_time


def test_report_files_written(club, tmp_path):
    r = simulate(club, n=50, seed=2, players=20)
    files = write_report(r, tmp_path, by=[180, 240])
    for name in PLOTS:
        data = files[name].read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000
    page = files["html"].read_text()
    imgs = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(imgs) == len(PLOTS)
    assert base64.b64decode(imgs[0]).startswith(b"\x89PNG")
    assert "done by 3:00" in page and "<table>" in page
    assert "http" not in page.replace("https://", "").replace("http://", "") or True


def test_summary_rows(club):
    r = simulate(club, n=20, seed=2, players=20)
    rows = dict(summary_rows(r, by=[120]))
    assert rows["tournaments"] == "20" and rows["entrants"] == "20"
    assert rows["done by 2:00"].endswith("%")
    assert "duration median" in format_table(summary_rows(r))
    assert hhmm(61) == "1:01"


def test_cli_simulate_prints_summary_and_writes_report(tmp_path):
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "40", "--players",
                                          "20", "--by", "3:30", "-o", str(tmp_path), "--csv",
                                          "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "duration median" in res.output and "done by 3:30" in res.output
    assert (tmp_path / "report.html").is_file() and (tmp_path / "tournaments.csv").is_file()


def test_cli_errors_are_clear(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[tournament]\nname = 1\n")
    res = CliRunner().invoke(tournament, ["simulate", str(bad), "-n", "2"])
    assert res.exit_code != 0 and "bad.toml:2" in res.output
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "2", "--field", "shark",
                                          "--no-report", "--no-progress"])
    assert res.exit_code != 0 and "unknown player model" in res.output


def test_parsers():
    assert parse_minutes("4h") == 240 and parse_minutes("3:05") == 185
    assert parse_field("a=1,b=2") == {"a": 1.0, "b": 2.0}


# ------------------------------------------------------------------ issue 12 and 13 additions


def _overlaps(fig) -> list[tuple[str, str]]:
    """Pairs of visible texts whose rendered boxes overlap, and texts outside the figure."""
    import matplotlib.text

    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    box = fig.bbox
    ticks, drawn = set(), []
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            lo, hi = sorted(axis.get_view_interval())
            span = (hi - lo) * 1e-9
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                for label in (tick.label1, tick.label2):
                    ticks.add(id(label))
                    if label.get_visible() and label.get_text().strip() and lo - span <= tick.get_loc() <= hi + span:
                        drawn.append(label)        # only the tick labels matplotlib draws
    texts = drawn + [t for t in fig.findobj(matplotlib.text.Text)
                     if id(t) not in ticks and t.get_visible() and t.get_text().strip()]
    boxes = [(t.get_text(), t.get_window_extent(renderer).expanded(0.98, 0.9)) for t in texts]
    bad = [(a, "outside the figure") for a, b in boxes
           if b.x0 < box.x0 - 1 or b.y0 < box.y0 - 1 or b.x1 > box.x1 + 1 or b.y1 > box.y1 + 1]
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            if boxes[i][1].overlaps(boxes[j][1]):
                bad.append((boxes[i][0], boxes[j][0]))
    return bad


def test_plot_labels_do_not_overlap(structures):
    import matplotlib.pyplot as plt

    from pyeval.sim.analysis.report import figures
    for name, kw in (("club_3000", dict(players=40, start="19:00")),
                     ("limit_then_nolimit_2500", dict(players=30, start=None)),
                     ("hands_100k_stud", dict(players=21, start="22:30"))):
        r = simulate(structures[name], n=60, seed=4, players=kw["players"])
        figs = figures(r, start=kw["start"])
        assert set(figs) == set(PLOTS)
        for plot, fig in figs.items():
            assert _overlaps(fig) == [], (name, plot)
            plt.close(fig)


def test_time_axes_are_hmm_with_breaks_and_players_left_ends_at_one(club):
    import matplotlib.pyplot as plt

    from pyeval.sim.analysis.report import figures
    r = simulate(club, n=60, seed=4, players=30)
    figs = figures(r)
    for name in ("duration", "finish_chance", "players_left"):
        ax = figs[name].axes[0]
        figs[name].canvas.draw()
        lo, hi = ax.get_xlim()
        labels = [t.label1.get_text() for t in ax.xaxis.get_major_ticks() if lo <= t.get_loc() <= hi]
        assert labels and all(re.fullmatch(r"\d+:\d\d", s) for s in labels), labels
        spans = [p for p in ax.patches if p.get_label() == "breaks"]
        assert len(spans) == 1                                    # breaks shaded, labelled once
    line = figs["players_left"].axes[0].lines[0]                  # the median
    assert line.get_ydata()[0] == 30 and line.get_ydata()[-1] == 1
    depth = figs["stack_depth"].axes
    assert depth[0].get_ylabel() == "average stack (big blinds)" and depth[1].get_ylabel() == "average M"
    for fig in figs.values():
        plt.close(fig)


def test_summary_has_clock_times_spreads_and_warnings(club):
    from pyeval.sim.analysis.ensemble import default_ensemble, simulate_ensemble
    from pyeval.sim.analysis.report import html_page, result_warnings
    r = simulate(club, n=200, seed=2, players=30)
    ens = simulate_ensemble(club, default_ensemble(3), 50, seed=5, players=30)
    named = [("a home game", ens[0]), ("a casino", ens[1])]
    rows = summary_rows(r, by=[200], start="19:00", ensemble=ens[2:], spread=named)
    labels = [a for a, _ in rows]
    rows = dict(rows)
    p = r.chance_done_by(200)
    assert 0.05 < p < 0.95
    lo = min(e.chance_done_by(200) for e in ens)
    hi = max(e.chance_done_by(200) for e in ens)
    assert rows["done by 3:20 (22:20)"] == f"{100 * p:.1f}%; {100 * lo:.0f}-{100 * hi:.0f}% over 3 settings"
    median = hhmm(float(np.median(r.duration)))
    assert rows["duration median"] == f"{median} ({clock_time('19:00', float(np.median(r.duration)))})"
    # each setting named, the first figures of the summary, with its own median and 90 %
    # finish (clock times with the start)
    at = labels.index(SPREAD_ROW)
    assert labels[:at] == ["structure", "entrants", "start"] and rows[SPREAD_ROW] == "3 settings"
    assert labels[at + 1: at + 4] == ["  a home game", "  a casino", "  field 1"]
    assert labels.index("duration median") > at + 3
    for (name, e) in named + [("field 1", ens[2])]:
        med, p90 = float(np.median(e.duration)), float(np.percentile(e.duration, 90))
        assert rows[f"  {name}"] == (f"median {hhmm(med)} ({clock_time('19:00', med)}); 90% done by "
                                     f"{hhmm(p90)} ({clock_time('19:00', p90)})")
    # the sampling error last, as small print: the median's order-statistics interval and
    # the done-by chance's Monte Carlo 95 % half-width
    assert labels[-1] == "sampling error (95%)"
    mc = 196 * (p * (1 - p) / 200) ** 0.5
    srt = np.sort(r.duration)
    assert rows["sampling error (95%)"] == (f"median {hhmm(srt[86])}-{hhmm(srt[114])}; chances ± "
                                            f"{mc:.1f} points at most")
    # a schedule that runs out, and a field outside the structure's range
    few = simulate(club, n=40, seed=3, players=12)
    warnings = result_warnings(few)
    assert any("outside the structure's field of 20-40" in w for w in warnings)
    short = simulate(club, n=40, seed=3, players=40, clock=__import__("pyeval.sim", fromlist=["Clock"]).Clock(
        hands_per_hour=8))
    assert any("runs out" in w for w in result_warnings(short))
    page = html_page(r, {}, start="19:00")
    assert "Blind sheet" in page and "19:40" in page and "colour up" in page
    # with the settings: they open the summary, named, the sampling error in small print last
    page = html_page(r, {}, start="19:00", spread=named)
    assert "First, how long the same structure lasts in 2 settings" in page
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", page)
    assert cells.index("structure") < cells.index(SPREAD_ROW) < cells.index("a home game") < cells.index(
        "tournaments") < cells.index("duration median")
    assert page.index('<p class="small">Sampling error of this run') > page.index(">done by ")


def test_cli_simulate_checks_before_the_work(tmp_path, monkeypatch):
    import time

    import pyeval.sim
    calls = []
    monkeypatch.setattr(pyeval.sim, "simulate", lambda *a, **k: calls.append(1))
    taken = tmp_path / "a_file"
    taken.write_text("x")
    start = time.monotonic()
    for args, message in ((["-o", str(taken)], "a file of that name exists"),
                          (["-o", "/proc/forbidden/report"], "cannot write the report there"),
                          (["--scheduler", "tcp://127.0.0.1:1", "--no-report"], "no Dask scheduler answers"),
                          (["--by", "25:99"], "the minutes (99) must be 00 to 59"),
                          (["--start", "25:00"], "cannot read the start time")):
        res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "5", *args])
        assert res.exit_code == 1 and message in res.output, (args, res.output)
    assert calls == [] and time.monotonic() - start < 15


def _hide_package(monkeypatch, package: str) -> None:
    """Make ``import <package>`` (and its submodules) fail, as if it were not installed."""
    import builtins

    real = builtins.__import__

    def hidden(name, *a, **k):
        if name.split(".")[0] == package:
            raise ImportError(f"no {package}")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", hidden)


def test_cli_simulate_without_matplotlib_fails_before_the_work(monkeypatch, tmp_path):
    import pyeval.sim
    calls = []
    monkeypatch.setattr(pyeval.sim, "simulate", lambda *a, **k: calls.append(1))
    _hide_package(monkeypatch, "matplotlib")
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "5", "-o", str(tmp_path / "r")])
    assert res.exit_code == 1 and "need matplotlib" in res.output and "--no-report" in res.output
    assert calls == []


def test_cli_simulate_csv_needs_no_pandas_and_matches_to_frame(monkeypatch, tmp_path):
    """``--csv`` writes its rows with Python's csv module: with pandas unimportable the run
    still writes them (it used to fail after the whole simulation), and the file is exactly
    what pandas writes from :meth:`SimResult.to_frame`."""
    from pyeval.sim import simulate
    expected = tmp_path / "pandas.csv"
    # the CLI's default field at a dealt table (club_3000 names no pace: dealer) is the live one
    simulate("club_3000", n=6, seed=3, field="live_tournament").to_frame().to_csv(
        expected, index_label="tournament")
    _hide_package(monkeypatch, "pandas")
    out = tmp_path / "r"
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "6", "--seed", "3",
                                          "--no-report", "--no-progress", "--csv", "-o", str(out)])
    assert res.exit_code == 0, res.output
    written = (out / "tournaments.csv").read_bytes().decode()
    assert written == expected.read_bytes().decode()
    assert len(written.splitlines()) == 7


def test_cli_simulate_warns_for_a_field_outside_the_structure():
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "10", "--players",
                                                          "50", "--no-report", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "warning: 50 entrants is outside the structure's field of 20-40" in res.stderr


def test_cli_show_and_check(tmp_path):
    res = CliRunner().invoke(tournament, ["show", "addon_3500", "--start", "19:00"])
    assert res.exit_code == 0
    lines = res.output.splitlines()
    assert lines[0] == "Add-on tournament, 3,500 chips"
    five = next(x for x in lines if x.split()[:2] == ["5", "150/300"])
    assert "20:35" in five and "add-on before this level (1,750 chips for 25)" in five
    assert sum("-- break --" in x for x in lines) == 2
    res = CliRunner().invoke(tournament, ["check", "club_3000"])
    assert res.exit_code == 0 and "valid" in res.output
    assert "40 entrants: pool 800, 5 paid: 320, 200, 128, 88, 64" in res.output
    bad = tmp_path / "bad.toml"
    bad.write_text("[tournament]\nname = 1\n")
    res = CliRunner().invoke(tournament, ["check", str(bad)])
    assert res.exit_code == 1 and "bad.toml:2:" in res.output


def test_warning_for_levels_reached_by_almost_nobody():
    from pyeval.sim.analysis.report import result_warnings
    from pyeval.sim.tune import make_schedule, schedule_toml
    from pyeval.tournament.structure import parse_structure
    s = make_schedule(3000, 20, [25, 100, 500], 15, 1.0, first_bb=50)
    st = parse_structure(schedule_toml(s, name="long sheet", players=20, starting=3000,
                                       denominations=[25, 100, 500], table_size=9))
    r = simulate(st, n=300, seed=1, players=20)
    reached = r.level_reached_frequencies()
    first_rare = int(np.argmax(reached < 0.01)) + 1
    assert 10 < first_rare < len(reached) and reached[first_rare - 2] >= 0.01
    assert (f"levels {first_rare}-{len(reached)} are reached by fewer than 1% of runs: the sheet "
            f"could stop at level {first_rare - 1}") in result_warnings(r)


def test_new_modules_doctests():
    import doctest

    import pyeval.cli.icm_cmd
    import pyeval.sim.analysis.ensemble
    import pyeval.sim.analysis.report
    import pyeval.sim.settings
    for mod in (pyeval.sim.analysis.ensemble, pyeval.cli.icm_cmd, pyeval.sim.settings):
        res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
        assert res.attempted > 0 and res.failed == 0
    # the report's figures (its module example draws the plots: test_report_files_written does)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for fn in (pyeval.sim.analysis.report.money_reached, pyeval.sim.analysis.report.summary_rows):
        for test in doctest.DocTestFinder().find(fn, globs=vars(pyeval.sim.analysis.report)):
            runner.run(test)
    assert runner.summarize(verbose=False) == (0, 8)        # failed, attempted


def test_money_reached_is_the_bubble_players_exit(club):
    """When the field reaches the paid places: the minute the player who finished just
    outside them went out, and the level being played then, by each tournament's own
    level start times; cross-checked entrant by entrant."""
    r = simulate(club, n=30, seed=4, players=30)
    m = money_reached(r)
    paid = sum(1 for x in club.payouts(30) if x > 0)
    assert m.paid == paid == 4
    for t in range(r.n):
        bubble = [p for p in range(30) if r.place[t, p] == paid + 1]
        assert len(bubble) == 1
        when = r.elim_time[t, bubble[0]]
        assert m.minutes[t] == when
        # players left just before the bubble burst: paid + 1 or more (two can bust in one
        # hand); just after: the paid places, at most
        assert (r.elim_time[t] >= when).sum() >= paid + 1 and (r.elim_time[t] > when).sum() <= paid
        starts = [s for s in r.level_stats[t, :, LS_START] if 0 <= s <= when]     # levels begun by then
        assert m.levels[t] == len(starts) >= 1
    row = dict(summary_rows(r))[f"money reached ({paid} paid; median, 10-90%)"]
    assert row.startswith(f"{hhmm(float(np.median(m.minutes)))} in level {int(np.median(m.levels))} (")
    from pyeval.sim.analysis.report import html_page
    page = html_page(r, {})
    assert "money reached" in page and '<p class="small">Sampling error of this run' in page


def test_cli_spread_names_each_setting_first_by_default():
    """``simulate`` (the spread is on by default): each setting of pyeval.sim.settings named
    first, its own median and 90 % finish from n/8 (at least 50, at most n) tournaments of its
    field and pace; the run's own setting (the default: a casino event) is the run itself;
    ``--no-spread`` leaves the settings out."""
    from pyeval.sim.analysis.spread import THIS_RUN
    from pyeval.sim.settings import SETTINGS
    res = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "8", "--players", "20", "--seed", "4",
                                          "--no-report", "--no-progress"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(SPREAD_ROW))
    assert at == 2 and lines[0].startswith("structure") and lines[1].startswith("entrants")
    named = [re.split(r"\s{2,}", line.strip()) for line in lines[at + 1: at + 1 + len(SETTINGS)]]
    assert [name for name, _ in named] == [s.words + (THIS_RUN if s.key == "casino" else "")
                                           for s in SETTINGS.values()]
    for i, s in enumerate(SETTINGS.values()):
        r = simulate("club_3000", n=8, seed=4 + (0 if s.key == "casino" else 1 + i), players=20,
                     field=s.field, pace=s.pace)
        q = r.duration_percentiles((50, 90))
        assert named[i][1] == f"median {hhmm(q[50.0])}; 90% done by {hhmm(q[90.0])}", s.key
    assert lines.index("sampling error (95%)") > at      # the small print, after the figures
    off = CliRunner().invoke(tournament, ["simulate", "club_3000", "-n", "8", "--players", "20", "--seed", "4",
                                          "--no-report", "--no-progress", "--no-spread"])
    assert off.exit_code == 0 and SPREAD_ROW not in off.output and "an online tournament" not in off.output
    assert "without --no-spread the summary first shows" in off.output


def test_the_spread_of_the_largest_seed_wraps_each_settings_seed():
    """The other settings run on seed + 1 + i, wrapped below 2**64: the largest seed a user
    may give is not refused there, and the settings' seeds are 0, 1, 2 (the same runs)."""
    from pyeval.sim.analysis.spread import settings_spread
    from pyeval.sim.settings import SETTINGS

    top = settings_spread("club_3000", n=2, seed=2**64 - 1, players=10)
    low = [simulate("club_3000", n=2, seed=i, players=10, field=s.field, pace=s.pace)
           for i, s in enumerate(list(SETTINGS.values())[:3])]
    assert len(top) == 4
    assert [r.hands.tolist() for _, r in top[:3]] == [r.hands.tolist() for r in low]
