"""The back-test against the shared real events (``../shared/data/backtest``): the issue's
checks, and the figure every report quotes (``pyeval.sim.analysis.backtest.BACKTEST_*``)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pyeval.sim.analysis.backtest import (
    BACKTEST_HOMES_OUTSIDE,
    BACKTEST_MAX_ERROR,
    BACKTEST_N_DAYS,
    BACKTEST_N_HOMES,
    HOME_NOT_COMPARABLE,
    HOME_PACE_BAND,
    HOME_PACE_GAMES,
    HOME_PACE_SPREAD,
    PaceBand,
    event_structure,
    home_pace_factors,
    home_pauses,
    pace_quantiles,
    pace_spread,
    parse_levels,
    read_events,
    read_home_games,
    real_elimination_minutes,
    real_eliminations,
    simulate_event,
    simulate_home,
    simulate_home_runs,
    split_runs,
    student_t_quantile,
)

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "backtest"
needs_data = pytest.mark.skipif(not (DATA / "live_events.csv").is_file(),
                                reason="the shared back-test data (../shared/data/backtest) is "
                                       "absent: the real events cannot be simulated")


def test_levels_and_bad_rows(tmp_path):
    lv = parse_levels("100/200/0;200/400/400bb;300/600/75")
    assert [(x.small_blind, x.big_blind, x.ante, x.ante_by) for x in lv] == [
        (100, 200, 0, "each"), (200, 400, 400, "big_blind"), (300, 600, 75, "each")]
    with pytest.raises(ValueError, match="not sb/bb/ante"):
        parse_levels("100/100/?")
    f = tmp_path / "e.csv"
    f.write_text("event,year,segment,start_players,end_players,level_minutes,levels,"
                 "starting_stack,players_per_table,late_reg\n"
                 "A,2020,Day 1,100,60,40,100/200/0;200/400/400bb,20000,8,none\n"
                 "B,2020,Day 1,100,60,40,,20000,8,none\n"
                 "C,2020,Day 1,100,60,,100/200/0,20000,8,open until L4\n", encoding="utf-8")
    days, skipped = read_events(f)
    assert [d.name for d in days] == ["A 2020 Day 1"]
    assert days[0].table_size == 8 and not days[0].late_registration
    assert [s.name for s in skipped] == ["B 2020 Day 1", "C 2020 Day 1"]
    assert "no complete levels" in skipped[0].reason and "level length" in skipped[1].reason
    st = event_structure(days[0])
    assert len(st.levels) == 3 and st.levels[-1].big_blind == 2 * 100 * 20000


@pytest.mark.slow       # about 7 s of CPU warm (30 simulations of 1,334-4,879 players)
@needs_data
def test_wsop_day1_survival_within_three_points_with_the_dealt_defaults():
    """The issue's check: dealer pace, live_tournament field, 10 % late entrants, no tuning
    per row; 10 simulations a day."""
    days, skipped = read_events(DATA / "live_events.csv")
    assert [d.start_players for d in days] == [1334, 1914, 4879]
    assert len(skipped) == 2
    errors = []
    for d in days:
        e = simulate_event(d, n=10, seed=1, threads=1)
        assert abs(e.error) <= 3.0, (d.name, e)
        assert e.p10 <= e.median <= e.p90
        errors.append(abs(e.error))
    # the figure the reports quote: a rerun lands within sampling of it (0.6 points: the
    # 10-90 % band of a day's survival is about 1.5 points wide)
    assert len(days) == BACKTEST_N_DAYS
    assert abs(max(errors) - BACKTEST_MAX_ERROR) <= 0.6


@pytest.mark.slow       # 8 home games x 200 simulations: about 15 s of CPU
@needs_data
def test_home_games_against_the_players_pace():
    """The back-test's home table (`pyeval tournament backtest ... --home`, seed 1): the
    predictive pace band, the time to the start of the last hand."""
    rows = read_home_games(DATA / "home_games.csv")
    pauses = home_pauses(DATA / "home_game_hands.csv")
    res = [simulate_home(r, n=200, seed=1, pauses=pauses, threads=1) for r in rows]
    comparable = [h for h in res if h.game not in HOME_NOT_COMPARABLE]
    assert len(comparable) == BACKTEST_N_HOMES
    outside = tuple(h.game for h in comparable if not h.within)
    assert outside == BACKTEST_HOMES_OUTSIDE, [(h.game, h.real_minutes, h.p5, h.p95) for h in res]
    # no longer biased short: the real times lie on both sides of the simulated medians
    # (the home_game field of before: 4 of 6 medians short, by 9 to 65 minutes)
    above = sum(h.real_minutes > h.median for h in comparable)
    assert 2 <= above <= 4, [(h.game, h.real_minutes, h.median) for h in comparable]
    home5 = next(h for h in comparable if h.game == "home5")
    assert home5.p95 < home5.real_minutes < home5.p95 + 6.0     # just above the band (2.4)
    # the bands are as wide as before the predictive pace, within sampling (63.6-81.9
    # minutes with the spread taken as known, 64.0-74.7 with it, n = 200)
    assert all(55 < h.p95 - h.p5 < 85 for h in comparable), [(h.game, h.p5, h.p95) for h in res]


@pytest.mark.slow       # 6 home games x 400 simulations and 20 more: about 5 s of CPU
@needs_data
def test_why_home5_ends_beyond_the_band():
    """home5 kept three players or more until minute 212.7, later than 99 % of the simulated
    games, then played 10 minutes heads-up; every real heads-up (1 hand to 20 minutes) was
    shorter than the simulated median (`bench/home_phases.py`)."""
    from pyeval.sim.analysis.backtest import home_clock, home_structure
    from pyeval.sim.analysis.home_field import comparable_games
    from pyeval.sim.engine.engine import simulate

    rows, _ = comparable_games(DATA)
    starts = {r["game"]: int(r["players_start"]) for r in rows}
    real = real_elimination_minutes(DATA / "home_game_hands.csv", starts)
    assert np.round(real["home5"], 1).tolist() == [52.7, 130.1, 156.2, 212.7, 223.0]
    assert round(float(real["home3"][-1]), 1) == 208.0      # 231.4 less 23.3 of pauses
    heads_up = {}
    for row in rows:
        g = row["game"]
        m = simulate_home_runs(row, 400, 1, threads=1).minutes
        if g == "home5":
            assert (m[:, -2] < real[g][-2]).mean() > 0.97      # heads-up at minute 212.7
            assert (m[:, -1] < real[g][-1]).mean() > 0.94      # its end: just beyond the band
        hu_sim, hu_real = m[:, -1] - m[:, -2], real[g][-1] - real[g][-2]
        heads_up[g] = float((hu_sim < hu_real).mean())
    # the real heads-up minutes' points among the simulated ones (1,000 simulations: 0.4 to
    # 47.7 %, mean 25 %): the simulated heads-up runs long
    assert sum(p < 0.5 for p in heads_up.values()) >= 5 and np.mean(list(heads_up.values())) < 0.35, heads_up
    # the durations count to the start of the last hand, as the logs: the simulated clock
    # less the last hand's minutes at its players (one pace, 20 simulations)
    row = next(r for r in rows if r["game"] == "home5")
    runs = simulate_home_runs(row, 20, 3, band=PaceBand(1.0, 0.0, None), threads=1)
    levels = [float(x) for x in row["level_minutes_measured"].split("/")]
    r = simulate(home_structure(6, levels), n=20, seed=3, players=6, field="home_game",
                 clock=home_clock(6), threads=1)
    last = home_clock(6).minutes_per_hand(6)[(r.elim_hand == r.hands[:, None]).sum(axis=1)]
    assert np.array_equal(runs.duration, r.duration - last)
    assert (last >= home_clock(6).minutes_per_hand(6)[2]).all() and (runs.duration > 0).all()


def test_pace_quantiles_are_a_log_normal_spread():
    f = pace_quantiles(0.2, 4)
    assert len(f) == 4 and f[0] * f[3] == pytest.approx(1.0) and f[1] * f[2] == pytest.approx(1.0)
    # the quartile midpoints of a normal: z(0.125) = -1.1503, z(0.375) = -0.3186
    assert [round(float(x), 4) for x in np.log(f) / 0.2] == [-1.1503, -0.3186, 0.3186, 1.1503]
    assert pace_quantiles(0.0).tolist() == [1.0]
    with pytest.raises(ValueError, match="spread must be >= 0"):
        pace_quantiles(-0.1)
    # a t with 6 degrees of freedom: t(0.9) = 1.4398, t(0.7) = 0.5534 (published tables)
    t = np.log(pace_quantiles(0.1, 5, df=6)) / 0.1
    assert [round(float(x), 4) for x in t] == [-1.4398, -0.5534, 0.0, 0.5534, 1.4398]


def test_student_t_quantile_against_closed_forms_and_tables():
    for p in (0.51, 0.7, 0.9, 0.95, 0.975, 0.999):
        # one degree of freedom: Cauchy; two: t = (2p - 1) / sqrt(2 p (1 - p))
        assert student_t_quantile(p, 1) == pytest.approx(np.tan(np.pi * (p - 0.5)), rel=1e-9)
        assert student_t_quantile(p, 2) == pytest.approx((2 * p - 1) / np.sqrt(2 * p * (1 - p)),
                                                         rel=1e-9)
        assert student_t_quantile(1 - p, 7) == -student_t_quantile(p, 7)
    # published two-sided 95 % and one-sided 95 % points
    assert round(student_t_quantile(0.975, 5), 3) == 2.571
    assert round(student_t_quantile(0.95, 5), 3) == 2.015
    assert round(student_t_quantile(0.975, 30), 3) == 2.042
    assert round(student_t_quantile(0.975, 1000), 2) == 1.96       # the normal's
    for bad in ((0.0, 5), (1.0, 5), (0.5, 0)):
        with pytest.raises(ValueError, match="t quantile needs"):
            student_t_quantile(*bad)


@needs_data
def test_predictive_pace_band_from_the_timed_games():
    """A new game's pace: the timed games' log spread (denominator n - 1) widened to the
    predictive t, n - 1 degrees of freedom, scale s sqrt(1 + 1/n); a held-out game's band
    leaves its own factor out."""
    f = home_pace_factors(DATA / "home_game_hands.csv")
    assert len(f) == HOME_PACE_GAMES
    b = PaceBand.predictive(list(f.values()), scale=1.0)
    assert b.df == 6 and b.scale == 1.0
    assert b.spread == pytest.approx(HOME_PACE_BAND.spread, abs=0.0005)
    assert b.spread == pytest.approx(pace_spread(list(f.values())) * np.sqrt(8 / 7))
    assert round(b.spread, 4) == 0.1183
    five = PaceBand.predictive([v for k, v in f.items() if k != "home5"])
    assert five.df == 5 and round(five.scale, 3) == 0.974 and round(five.spread, 4) == 0.1213
    # the outer groups of the back-test: 0.843 and 1.186 (with the spread known: 0.867 and 1.153)
    assert np.round(HOME_PACE_BAND.factors()[[0, -1]], 3).tolist() == [0.843, 1.186]
    assert np.round(pace_quantiles(HOME_PACE_SPREAD)[[0, -1]], 3).tolist() == [0.867, 1.153]


@needs_data
def test_home_pace_spread_and_eliminations_from_the_log():
    hands = DATA / "home_game_hands.csv"
    f = home_pace_factors(hands)
    assert sorted(f) == ["home1", "home3", "home4", "home5", "home6", "home7", "home8"]
    assert round(f["home4"], 3) == 1.168 and round(f["home7"], 3) == 0.828
    assert pace_spread(list(f.values())) == pytest.approx(HOME_PACE_SPREAD, abs=0.0005)
    # home5's players dealt in: 32 hands six-handed, then 5, 4 and 3 players (a sit-out
    # back to 4 in between), 18 hands heads-up (read off the log's runs by hand)
    el = real_eliminations(hands, {"home5": 6, "home3": 8})
    assert el["home5"].tolist() == [32, 87, 113, 183, 201]
    assert el["home3"][-1] == 178 and len(el["home3"]) == 7


@pytest.mark.slow       # 2 mixes x 6 games x 100 simulations: about 4 s of CPU
@needs_data
def test_home_game_field_loses_players_at_the_real_pace():
    """The fitted home_game mix meets the real elimination timings (pyeval.sim.analysis.
    home_field) far better than the mix it replaced, which lost players about twice as fast."""
    from pyeval.sim.analysis.home_field import comparable_games, elimination_loss

    rows, real = comparable_games(DATA)
    old = {"live_recreational": 6, "calling_station": 2, "maniac": 1, "nit": 1}
    loss = {}
    for name, mix in (("fitted", "home_game"), ("old", old)):
        runs = [simulate_home_runs(r, 100, 1, field=mix, threads=1) for r in rows]
        loss[name] = sum(elimination_loss(x.eliminations, real[r["game"]]) for x, r in zip(runs, rows))
        if name == "old":       # the third elimination came at about half the real hand
            third = np.median([np.median(x.eliminations[:, 2]) / real[r["game"]][2]
                               for x, r in zip(runs, rows)])
            assert third < 0.7
    assert loss["fitted"] < 0.5 < 2 * loss["fitted"] < loss["old"], loss


@needs_data
def test_cli_backtest_prints_the_table_and_the_skipped_rows():
    from pyeval.cli.main import cli

    out = CliRunner().invoke(cli, ["tournament", "backtest", str(DATA / "live_events.csv"),
                                   "-n", "3", "--threads", "1"])
    assert out.exit_code == 0, out.output
    assert "WSOP Main Event ($10,000 NLHE) 2019 Day 1c" in out.output
    assert "skipped: HPT Season XV" in out.output and "on 3 real event-days" in out.output


def test_live_tournament_field_limps_as_real_tables_do():
    """Limped pots from 20 BB of the live field on the home structure (100 BB deep, 9
    players, 6 tournaments, every hand recorded): inside the real hands' 11-26 % (the
    online 1000NL hands, tests/sim/test_stats.py: 11.0 % overall, 24 % at 20-40 BB)."""
    from pyeval.sim.analysis.backtest import home_structure
    from pyeval.sim.players.presets import record_all
    from pyeval.sim.players.stats import at_least, from_record, measure

    r = record_all(home_structure(9), 6, 1, 9, "live_tournament")
    g = measure([h for h in map(from_record, r.records) if h], by="bb")
    assert 0.11 <= at_least(g, 20).rate("limped_pots") <= 0.26
    # the regular alone, the default field, limps far less than real tables do
    r = record_all(home_structure(9), 6, 1, 9, "balanced")
    g = measure([h for h in map(from_record, r.records) if h], by="bb")
    assert at_least(g, 20).rate("limped_pots") < 0.11


def test_split_runs_by_largest_remainders():
    # 200 x (273, 157, 134, 128, 84, 71, 49, 45, 23, 16, 9, 6, 5) / 1000: the floors leave 6,
    # to the remainders .8 (four of them) and the first two of the three .6
    assert split_runs(200, [273, 157, 134, 128, 84, 71, 49, 45, 23, 16, 9, 6, 5]) == [
        55, 31, 27, 26, 17, 14, 10, 9, 4, 3, 2, 1, 1]
    assert split_runs(7, [1, 1, 1]) == [3, 2, 2] and split_runs(0, [5, 1]) == [0, 0]
    assert split_runs(5, [0, 3]) == [0, 5]
    for bad in ((-1, [1]), (3, []), (3, [0, 0]), (3, [2, -1])):
        with pytest.raises(ValueError, match="shares >= 0"):
            split_runs(*bad)


def test_bootstrap_shares_against_the_exact_resampling_odds():
    """Two mixes, three games: the first wins a resample exactly when game 3 is not drawn,
    (2/3)^3 = 8/27 of resamples; 20,000 resamples land within 3 standard errors."""
    from pyeval.sim.analysis.home_field import CANDIDATES, bootstrap_shares

    losses = np.array([[0.1, 0.1, 0.9], [0.2, 0.2, 0.2]])
    shares = bootstrap_shares(losses, 20000, seed=5)
    assert [s.field for s in shares] == [CANDIDATES[1], CANDIDATES[0]]
    p = 8 / 27
    assert abs(shares[1].share / 20000 - p) < 3 * np.sqrt(p * (1 - p) / 20000)
    assert sum(s.share for s in shares) == 20000
    assert bootstrap_shares(losses, 50, seed=5) == bootstrap_shares(losses, 50, seed=5)
    with pytest.raises(ValueError, match="needs games and resamples"):
        bootstrap_shares(losses, 0)


def test_crps_against_its_closed_form():
    """The score of draws at a value against the integral of (F(x) - [x >= y])^2 over x,
    summed by hand on a step function."""
    from pyeval.sim.analysis.backtest import HomeRuns
    from pyeval.sim.analysis.home_field import crps

    x = np.array([1.0, 2.0, 4.0, 7.0])
    runs = HomeRuns(x, np.zeros((4, 1)), np.zeros((4, 1)))
    # F steps 1/4 at 1, 2, 4, 7; y = 3: (1/4)^2 * 1 + (1/2)^2 * 1 + (1/2)^2 * 1 + (1/4)^2 * 3
    assert crps(runs, 3.0) == pytest.approx(1 / 16 + 1 / 4 + 1 / 4 + 3 / 16)
    # y = 0, below every draw: (0 - 1)^2 on [0, 1), then (3/4)^2, (1/2)^2 * 2, (1/4)^2 * 3
    assert crps(runs, 0.0) == pytest.approx(1 + 9 / 16 + 1 / 2 + 3 / 16)


@pytest.mark.slow       # 51 mixes x 6 games x 200 simulations and 2 x 6 x 400: about 17 s of CPU warm
@needs_data
def test_the_field_fits_uncertainty_does_not_take_home5_in():
    """The fit resampled over the games (1,000 resamples, seed 1) picks the shipped
    home_game in 273 of them and twelve other mixes in the rest (six nits in ten in
    four of them); simulating each game over those mixes widens the bands below but not
    above: home5 stays beyond its 95th percentile (route B of issue 35, measured and not
    the default: no better by the score, bench/home_field_band.py)."""
    from pyeval.sim.analysis.backtest import FieldShare, simulate_home_shares
    from pyeval.sim.analysis.home_field import (
        bootstrap_shares,
        comparable_games,
        crps,
        loss_matrix,
        pit,
    )
    from pyeval.sim.players.presets import FIELDS

    rows, real = comparable_games(DATA)
    losses = loss_matrix(rows, real)
    assert losses.shape == (51, 6)
    assert round(float(losses.sum(axis=1).min()), 3) == 0.401
    shares = bootstrap_shares(losses)
    assert len(shares) == 13 and sum(s.share for s in shares) == 1000
    assert shares[0] == FieldShare(273, dict(FIELDS["home_game"]))
    assert [s.share for s in shares[:4]] == [273, 157, 134, 128]
    assert sum(s.field.get("nit", 0) == 6 for s in shares) == 4
    pauses = home_pauses(DATA / "home_game_hands.csv")
    pits, scores = {}, {}
    for row in rows:
        g = row["game"]
        real_minutes = float(row["minutes_to_last_hand"]) - pauses.get(g, 0.0)
        both = (simulate_home_shares(row, 400, 1, shares, threads=1),
                simulate_home_runs(row, 400, 1, threads=1))
        pits[g] = [pit(r, real_minutes) for r in both]
        scores[g] = [crps(r, real_minutes) for r in both]
        p5 = [float(np.percentile(r.duration, 5)) for r in both]
        p95 = [float(np.percentile(r.duration, 95)) for r in both]
        # 13-39 minutes lower at the 5 % point, within 2.4 at the 95 %
        assert p5[0] < p5[1] - 10 and abs(p95[0] - p95[1]) < 5, (g, p5, p95)
    assert pits["home5"][0] > 0.95 and pits["home5"][1] > 0.95, pits
    # the real durations outside the 10-90 % band: home5 alone over the bootstrap's mixes,
    # home4, home5 and home8 (at the 9th, 96th, 9th points) over the best mix alone ...
    outside = [sum(not 0.1 <= p[k] <= 0.9 for p in pits.values()) for k in (0, 1)]
    assert outside == [1, 3], pits
    # ... but the score at the real durations is no better: 15.8 against 15.6 minutes
    # (2,000 simulations: 15.6 against 15.8; held out: 16.5 against 15.5)
    mean = [float(np.mean([s[k] for s in scores.values()])) for k in (0, 1)]
    assert abs(mean[0] - mean[1]) < 1.0, scores
