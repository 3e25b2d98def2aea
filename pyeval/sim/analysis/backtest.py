"""The back-test: simulate real event-days and real home games, and compare.

Event-days come from a CSV in the format of the shared ``live_events.csv`` (one row per
event-day: players at the start and at the end, the levels as ``sb/bb/ante`` with ``;``
between levels, ``200bb`` a big-blind ante, the level length, the starting stack, the
players per table, late registration). A row whose structure is incomplete (a ``?`` in the
levels, no levels, no stack) is skipped with the reason. Each event-day is simulated at its
real player count and structure with the pace and field given (by default the defaults of a
dealt event: :data:`EVENT_PACE`, :data:`EVENT_FIELD`), and the players left after the
day's last level are compared with the real survivors (median and 10-90 % band).

Late registration (a row whose ``late_reg`` says it was open): nobody publishes how many
came late, so :data:`LATE_SHARE` of the entrants are assumed to register late, each at a
minute drawn uniform over the first :data:`LATE_LEVELS` levels (the deep levels without
antes, the ones late players usually skip) and seated as :mod:`pyeval.sim.kernel.entries` seats
late entrants.

Home games (``home_games.csv``): a single table of the real player count, 200 chips, big
blinds 2, 4, 6, 8, 10, 20, 40, 80 (small blind half) at the game's measured level lengths
(30 minutes after them), the ``players`` pace, and the time to the last hand less the
game's pauses (gaps over 300 s between hands, as the pace's fit) against the simulated
time to the start of the last hand (5-95 % band). Groups of players deal at different
speeds: the timed games ran from 0.83 to 1.17 times the fitted seconds, so each game's
simulations are spread over :data:`PACE_GROUPS` paces at the quantiles of the predictive
pace factor of a new game (:class:`PaceBand`: Student t, the spread
:data:`HOME_PACE_SPREAD` of the timed games estimated from :data:`HOME_PACE_GAMES` of them,
:func:`home_pace_factors`). The ``home_game`` field is fitted to the games' elimination
timings (:mod:`pyeval.sim.analysis.home_field`; a band over its bootstrap's mixes,
:func:`simulate_home_shares`, is offered beside the default: see that module).

Example:
    >>> [(lv.big_blind, lv.ante, lv.ante_by) for lv in parse_levels("100/200/0;100/200/200bb")]
    [(200, 0, 'each'), (200, 200, 'big_blind')]
"""
from __future__ import annotations

import csv
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from pyeval.sim.analysis.structure_toml import LevelSpec, structure_toml

#: The defaults of a dealt event: the pace and the field a back-test of a live event uses.
EVENT_PACE = "dealer"
EVENT_FIELD = "live_tournament"
#: Late registration, assumed (no figure is published): the share of entrants who come late
#: and the levels over which they register.
LATE_SHARE = 0.10
LATE_LEVELS = 2
#: The home games' structure (the back-test data's README) and pace.
HOME_BIG_BLINDS = (2, 4, 6, 8, 10, 20, 40, 80)
HOME_CHIPS = 200
HOME_LEVEL_MINUTES = 30
HOME_PACE = "players"
HOME_FIELD = "home_game"
#: The spread of the pace between home games: the standard deviation (denominator n - 1)
#: of the log of each timed game's measured over fitted seconds (:func:`home_pace_factors`,
#: the :data:`HOME_PACE_GAMES` games of the pace's fit: 0.83 to 1.17), and the paces a home
#: game's simulations are split over (the quantiles ``(i + 0.5) / PACE_GROUPS`` of the
#: predictive pace factor, :class:`PaceBand`)
HOME_PACE_SPREAD = 0.111
HOME_PACE_GAMES = 7
PACE_GROUPS = 5
#: Home games not held against the simulation, with why (the data's own caveats).
HOME_NOT_COMPARABLE = {"home2": "re-entries and a second table early on",
                       "home7": "stopped early at big blind 6 (abandoned or chopped)"}


#: What the back-test found, quoted by every report and by ``tune`` (one source of truth;
#: ``tests/sim/test_backtest.py`` reruns it and checks these): ``pyeval tournament backtest
#: ../shared/data/backtest/live_events.csv --home ../shared/data/backtest/home_games.csv``
#: (20 simulations an event-day, 200 a home game, seed 1; docs/simulation.md, "Back-test").
BACKTEST_N_DAYS = 3
BACKTEST_MAX_ERROR = 1.5            # points of survival, the largest |simulated median - real|
BACKTEST_HOMES_OUTSIDE = ("home5",)  # comparable home games outside the simulated 5-95 % band
BACKTEST_N_HOMES = 6


def backtest_note() -> str:
    """How far the model has been from real events (what reports and ``tune`` print).

    Example:
        >>> backtest_note().startswith("on 3 real event-days")
        True
    """
    within = BACKTEST_N_HOMES - len(BACKTEST_HOMES_OUTSIDE)
    return (f"on {BACKTEST_N_DAYS} real event-days survival was within "
            f"{BACKTEST_MAX_ERROR:.1f} points (dealer pace, live_tournament field, whose mix was "
            f"chosen on these days: a calibration, not a test); {within} of "
            f"{BACKTEST_N_HOMES} real home games ended inside the 5-95 % band (players pace)")


class EventDay(NamedTuple):
    """One real event-day: its structure and players at the start and the end."""

    name: str
    start_players: int
    end_players: int
    levels: list[LevelSpec]
    level_minutes: int
    starting_stack: int
    table_size: int
    late_registration: bool


class Skipped(NamedTuple):
    """A row that cannot be simulated, and why."""

    name: str
    reason: str


class EventResult(NamedTuple):
    """Simulated against real survival of one event-day (shares of the starting field)."""

    day: EventDay
    real: float
    median: float
    p10: float
    p90: float
    minutes: float      # the day's simulated minutes of play (breaks are not simulated)

    @property
    def error(self) -> float:
        """Simulated median minus real survival, in points."""
        return 100.0 * (self.median - self.real)


class HomeResult(NamedTuple):
    """Simulated duration against the real time to the last hand of one home game."""

    game: str
    players: int
    real_minutes: float
    p5: float
    median: float
    p95: float
    note: str

    @property
    def within(self) -> bool:
        """The real time within the simulated 5-95 % band."""
        return self.p5 <= self.real_minutes <= self.p95


_LEVEL = re.compile(r"^(\d+)/(\d+)/(\d+)(bb)?$")


def parse_levels(text: str) -> list[LevelSpec]:
    """Levels written ``sb/bb/ante;...`` (``200bb``: a big-blind ante of 200)."""
    out = []
    for part in text.split(";"):
        m = _LEVEL.match(part.strip())
        if not m:
            raise ValueError(f"level {part.strip()!r} is not sb/bb/ante (a number, or Nbb)")
        sb, bb, ante = int(m[1]), int(m[2]), int(m[3])
        out.append(LevelSpec(sb, bb, ante, ante_by="big_blind" if m[4] and ante else "each"))
    return out


def _int_prefix(text: str) -> int | None:
    m = re.match(r"\s*(\d[\d,]*)", text or "")
    return int(m[1].replace(",", "")) if m else None


def read_events(path: str | Path) -> tuple[list[EventDay], list[Skipped]]:
    """The event-days of a ``live_events.csv``-format file, and the rows skipped with why."""
    days: list[EventDay] = []
    skipped: list[Skipped] = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            name = f"{row.get('event', '?')} {row.get('year', '')} {row.get('segment', '')}".strip()
            try:
                levels = parse_levels(row.get("levels") or "")
            except ValueError as e:
                skipped.append(Skipped(name, f"no complete levels ({e})"))
                continue
            stack = _int_prefix(row.get("starting_stack", ""))
            minutes = _int_prefix(row.get("level_minutes", ""))
            start, end = _int_prefix(row.get("start_players", "")), _int_prefix(row.get("end_players", ""))
            if not stack or not minutes or not start or end is None:
                skipped.append(Skipped(name, "no starting stack, level length or player counts"))
                continue
            size = _int_prefix(row.get("players_per_table", "")) or 9
            late = (row.get("late_reg") or "none").strip().lower()
            days.append(EventDay(name, start, end, levels, minutes, stack, size,
                                 not (late.startswith("none") or late.startswith("no "))))
    return days, skipped


def _denominations(levels: Sequence[LevelSpec], stack: int) -> list[int]:
    amounts = [a for lv in levels for a in (lv.small_blind, lv.big_blind, lv.ante) if a] + [stack]
    return [math.gcd(*amounts)]


def event_structure(day: EventDay) -> Any:
    """The structure the back-test simulates: the day's levels, then one level whose blinds
    are every chip in play (the day is over; it ends the simulated tournament in a few
    hands and is not read)."""
    from pyeval.tournament.structure import parse_structure

    chips = day.starting_stack * day.start_players
    stop = LevelSpec(chips, 2 * chips)
    text = structure_toml(day.name, entrants=day.start_players, starting=day.starting_stack,
                          denominations=_denominations(day.levels, day.starting_stack),
                          levels=[*day.levels, stop], minutes=day.level_minutes,
                          table_size=day.table_size, percent=[100])
    if day.late_registration:
        text += f"\n[late_registration]\nuntil_level = {LATE_LEVELS}\n"
    return parse_structure(text, f"back-test: {day.name}")


def simulate_event(day: EventDay, n: int = 20, seed: int = 1, *, pace: str = EVENT_PACE,
                   field: Any = EVENT_FIELD, late_share: float = LATE_SHARE,
                   threads: int | None = None) -> EventResult:
    """Simulate ``day`` ``n`` times; survival after its last level against the real one."""
    from pyeval.sim.engine.clock import Clock
    from pyeval.sim.engine.engine import simulate
    from pyeval.sim.engine.spec import build_spec
    from pyeval.sim.kernel.layout import LS_PLAYERS, LS_START

    st = event_structure(day)
    late = int(round(late_share * day.start_players)) if day.late_registration else 0
    spec = build_spec(st, day.start_players, Clock(pace=pace), late_entries=late)
    r = simulate(st, n=n, seed=seed, field=field, spec=spec, threads=threads)
    last = len(day.levels)      # the stop level's index: its start is the day's end
    left = r.level_stats[:, last, LS_PLAYERS].astype(float) / day.start_players
    q10, q50, q90 = np.percentile(left, [10, 50, 90])
    return EventResult(day, day.end_players / day.start_players, float(q50), float(q10),
                       float(q90), float(np.median(r.level_stats[:, last, LS_START])))


def read_home_games(path: str | Path) -> list[dict[str, str]]:
    """The rows of ``home_games.csv``."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def home_structure(players: int, level_minutes: Sequence[float] = ()) -> Any:
    """The home games' structure (the data's README) for ``players`` at one table; levels of
    ``level_minutes`` (the measured lengths, rounded; the rest :data:`HOME_LEVEL_MINUTES`)."""
    from pyeval.tournament.structure import parse_structure

    mins = [max(1, round(m)) for m in level_minutes]
    levels = [LevelSpec(bb // 2, bb, minutes=mins[i] if i < len(mins) else None)
              for i, bb in enumerate(HOME_BIG_BLINDS)]
    text = structure_toml(f"home game, {players} players", entrants=players, starting=HOME_CHIPS,
                          denominations=[1], levels=levels, minutes=HOME_LEVEL_MINUTES,
                          table_size=max(players, 2), percent=[100])
    return parse_structure(text, "back-test: home game")


def student_t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (numpy only): with
    ``x = sqrt(df) tan(a)`` the density's integral from 0 is that of ``cos(a) ** (df - 1)``
    over ``[0, a]`` (smooth and bounded: Simpson's rule), the angle found by bisection.

    Example:
        >>> round(student_t_quantile(0.95, 5), 4), round(student_t_quantile(0.1, 6), 4)
        (2.015, -1.4398)
    """
    if not 0 < p < 1 or df < 1:
        raise ValueError(f"a t quantile needs 0 < p < 1 and df >= 1, got p={p}, df={df}")
    if p < 0.5:
        return -student_t_quantile(1 - p, df)
    norm = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(math.pi)

    def cdf(a: float) -> float:         # the probability below sqrt(df) tan(a)
        f = np.cos(np.linspace(0.0, a, 2001)) ** (df - 1)
        return 0.5 + norm * float((f[0] + f[-1] + 4 * f[1:-1:2].sum() + 2 * f[2:-1:2].sum())
                                  * (a / 2000) / 3)

    lo, hi = 0.0, math.pi / 2
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < p else (lo, mid)
    return math.sqrt(df) * math.tan((lo + hi) / 2)


def pace_quantiles(spread: float, groups: int = PACE_GROUPS, df: int | None = None) -> np.ndarray:
    """The pace factors a home game's simulations are split over: the quantiles
    ``(i + 0.5) / groups`` of a factor of median 1 whose log is ``spread`` times a standard
    normal, or a Student t with ``df`` degrees of freedom when ``df`` is given (1 alone when
    ``spread`` is 0).

    Example:
        >>> [round(float(f), 3) for f in pace_quantiles(0.111, 3)]
        [0.898, 1.0, 1.113]
        >>> [round(float(f), 3) for f in pace_quantiles(0.111, 3, df=6)]
        [0.89, 1.0, 1.124]
    """
    from statistics import NormalDist

    if spread < 0 or groups < 1:
        raise ValueError(f"the pace spread must be >= 0 and the groups >= 1, got {spread}, {groups}")
    if spread == 0:
        return np.ones(1)
    q = [(i + 0.5) / groups for i in range(groups)]
    z = [NormalDist().inv_cdf(x) if df is None else student_t_quantile(x, df) for x in q]
    return np.exp(spread * np.array(z))


class PaceBand(NamedTuple):
    """The pace factor a new home game is simulated over: median ``scale``, log spread
    ``spread`` (a t with ``df`` degrees of freedom; ``None``: a normal, the spread known).

    :meth:`predictive` builds it from the timed games' factors: the spread estimated from
    ``n`` games is not the spread itself, so a new game's log factor is Student t with
    ``n - 1`` degrees of freedom around their mean, scale ``s * sqrt(1 + 1/n)``.
    """

    scale: float
    spread: float
    df: int | None

    @classmethod
    def predictive(cls, factors: Sequence[float], scale: float | None = None) -> PaceBand:
        """From the factors of ``n`` timed games (``scale``: the median; by default their
        geometric mean).

        Example:
            >>> b = PaceBand.predictive([0.9, 1.0, 1.1], scale=1.0)
            >>> round(b.spread, 4), b.df
            (0.1159, 2)
        """
        n = len(factors)
        s = pace_spread(factors)
        mid = float(np.exp(np.mean(np.log(factors)))) if scale is None else scale
        return cls(mid, s * math.sqrt(1 + 1 / n), n - 1)

    def factors(self, groups: int = PACE_GROUPS) -> np.ndarray:
        """The groups' pace factors (:func:`pace_quantiles` times ``scale``)."""
        return self.scale * pace_quantiles(self.spread, groups, self.df)


#: The band of the back-test's home games: the preset's own pace (the fit over every timed
#: hand) and the predictive spread of :data:`HOME_PACE_SPREAD` over :data:`HOME_PACE_GAMES`.
HOME_PACE_BAND = PaceBand(1.0, HOME_PACE_SPREAD * math.sqrt(1 + 1 / HOME_PACE_GAMES),
                          HOME_PACE_GAMES - 1)


def home_clock(players: int, factor: float = 1.0, pace: str = HOME_PACE) -> Any:
    """The clock of a home game of ``players``: the preset's seconds by players dealt in,
    times ``factor`` (a slower group: above 1).

    Example:
        >>> round(float(home_clock(6, 1.1).minutes_per_hand(6)[6] * 60), 1)
        105.6
    """
    from pyeval.sim.engine.clock import Clock
    from pyeval.sim.engine.pace import pace as pace_preset

    p = pace_preset(pace)
    return Clock(pace=pace, by_players={k: 3600.0 / (factor * p.seconds(k))
                                        for k in range(2, max(players, 2) + 1)})


class HomeRuns(NamedTuple):
    """A home game's simulations: durations and the hands dealt at each elimination."""

    duration: np.ndarray        # [n] minutes to the start of the last hand (as the logs)
    eliminations: np.ndarray    # [n, players - 1] hands dealt when the players left fell to
    #                             players - 1, ..., 1 (the last: the tournament's last hand)
    minutes: np.ndarray         # [n, players - 1] the minute of each (the next hand's start;
    #                             the last: ``duration``)


def simulate_home_runs(row: dict[str, str], n: int, seed: int, *, field: Any = HOME_FIELD,
                       pace: str = HOME_PACE, band: PaceBand = HOME_PACE_BAND,
                       threads: int | None = None) -> HomeRuns:
    """Simulate the home game of ``row`` ``n`` times, split evenly over the paces of
    ``band`` (:meth:`PaceBand.factors`; group ``i`` plays seed ``seed + i``).

    The simulated clock stops at the end of the last hand; the logs' time is the start of
    their last hand, so each duration is less that hand's minutes (at its players)."""
    from pyeval.sim.engine.engine import simulate

    players = int(row["players_start"])
    measured = [float(x) for x in (row.get("level_minutes_measured") or "").split("/") if x]
    st = home_structure(players, measured)
    factors = band.factors()
    sizes = np.diff(np.linspace(0, n, len(factors) + 1).round().astype(int))
    durations, elims, minutes = [], [], []
    for i, (f, m) in enumerate(zip(factors, sizes)):
        if m:
            clock = home_clock(players, float(f), pace)
            r = simulate(st, n=int(m), seed=seed + i, players=players, field=field,
                         clock=clock, threads=threads)
            at_last = (r.elim_hand == r.hands[:, None]).sum(axis=1)    # players in it
            durations.append(r.duration - clock.minutes_per_hand(players)[at_last])
            elims.append(np.sort(r.elim_hand, axis=1)[:, :-1])
            minutes.append(np.sort(r.elim_time, axis=1)[:, :-1])
            minutes[-1][:, -1] = durations[-1]
    return HomeRuns(np.concatenate(durations), np.concatenate(elims), np.concatenate(minutes))


class FieldShare(NamedTuple):
    """One field a home game may play and its share of the simulations (of the shares'
    total; :func:`pyeval.sim.analysis.home_field.bootstrap_shares`)."""

    share: int
    field: dict[str, int]


def split_runs(n: int, shares: Sequence[int]) -> list[int]:
    """``n`` simulations split in proportion to ``shares`` (largest remainders; ties to
    the earlier share).

    Example:
        >>> split_runs(10, [273, 157, 570]), split_runs(3, [1, 1, 1, 1])
        ([3, 1, 6], [1, 1, 1, 0])
    """
    if n < 0 or not shares or min(shares) < 0 or sum(shares) <= 0:
        raise ValueError(f"n must be >= 0 and the shares >= 0 with a positive sum, got {n}, {shares}")
    total = sum(shares)
    out = [n * s // total for s in shares]
    order = sorted(range(len(shares)), key=lambda i: (-(n * shares[i] % total), i))
    for i in order[:n - sum(out)]:
        out[i] += 1
    return out


def simulate_home_shares(row: dict[str, str], n: int, seed: int, shares: Sequence[FieldShare],
                         *, pace: str = HOME_PACE, band: PaceBand = HOME_PACE_BAND,
                         threads: int | None = None) -> HomeRuns:
    """Simulate the home game of ``row`` ``n`` times split over the fields of ``shares``
    (:func:`split_runs`; field ``j`` plays :func:`simulate_home_runs` with seed
    ``seed + j * PACE_GROUPS``), each over the paces of ``band``."""
    parts = [simulate_home_runs(row, m, seed + j * PACE_GROUPS, field=s.field, pace=pace,
                                band=band, threads=threads)
             for j, (s, m) in enumerate(zip(shares, split_runs(n, [s.share for s in shares])))
             if m]
    return HomeRuns(*(np.concatenate(x) for x in zip(*parts)))


def simulate_home(row: dict[str, str], n: int = 200, seed: int = 1, *, pace: str = HOME_PACE,
                  field: Any = HOME_FIELD, pauses: dict[str, float] | None = None,
                  threads: int | None = None, band: PaceBand = HOME_PACE_BAND) -> HomeResult:
    """Simulate one home game ``n`` times at its measured level lengths and the spread of
    paces (:func:`simulate_home_runs`): its duration against the real time to the last hand
    less its pauses (:func:`home_pauses`)."""
    pauses = pauses or {}
    runs = simulate_home_runs(row, n, seed, field=field, pace=pace, band=band, threads=threads)
    p5, p50, p95 = np.percentile(runs.duration, [5, 50, 95])
    note = HOME_NOT_COMPARABLE.get(row["game"], "")
    # home2's log interleaves two tables: its gaps are not pauses
    real = float(row["minutes_to_last_hand"]) - (0.0 if note else pauses.get(row["game"], 0.0))
    return HomeResult(row["game"], int(row["players_start"]), real, float(p5), float(p50),
                      float(p95), note)


def home_pauses(hands_csv: str | Path) -> dict[str, float]:
    """Each home game's pauses in minutes: the gaps between hands longer than
    :data:`pyeval.sim.engine.pace.MAX_GAP_SECONDS` (the pace's fit leaves them out too; the
    simulator has no pauses), from ``home_game_hands.csv``."""
    from pyeval.sim.engine.pace import MAX_GAP_SECONDS, read_home_hands

    out = {}
    for game, hands in read_home_hands(hands_csv).items():
        gaps = [b[0] - a[0] for a, b in zip(hands, hands[1:])]
        out[game] = sum(g for g in gaps if g > MAX_GAP_SECONDS) / 60.0
    return out


def home_pace_factors(hands_csv: str | Path, pace: str = HOME_PACE) -> dict[str, float]:
    """Each timed home game's measured seconds over the preset's (gaps up to
    :data:`~pyeval.sim.engine.pace.MAX_GAP_SECONDS`; the games of the pace's fit, not
    :data:`~pyeval.sim.engine.pace.UNFIT_HOME_GAMES`): how much slower that group dealt."""
    from pyeval.sim.engine.pace import UNFIT_HOME_GAMES, hand_gaps, read_home_hands
    from pyeval.sim.engine.pace import pace as pace_preset

    p = pace_preset(pace)
    out = {}
    for game, hands in read_home_hands(hands_csv).items():
        if game not in UNFIT_HOME_GAMES:
            gaps, ks = hand_gaps({game: hands})
            out[game] = float(gaps.sum() / sum(p.seconds(k) for k in ks))
    return out


def pace_spread(factors: Sequence[float]) -> float:
    """The log standard deviation of pace factors (:func:`home_pace_factors`).

    Example:
        >>> round(pace_spread([0.9, 1.0, 1.1]), 4)
        0.1004
    """
    if len(factors) < 2:
        raise ValueError("a spread needs at least two pace factors")
    return float(np.std(np.log(factors), ddof=1))


def real_eliminations(hands_csv: str | Path, starts: dict[str, int]) -> dict[str, np.ndarray]:
    """Each game's hands dealt when the players dealt in fell for good to ``start - 1``,
    ..., 2, and the game's hands (the last elimination), from ``home_game_hands.csv``;
    ``starts``: each game's players at the start.

    Example: ``real_eliminations(path, {"home5": 6})["home5"]`` is the hands at which
    home5 went to 5, 4, 3 and 2 players, then its 201 hands.
    """
    from pyeval.sim.engine.pace import read_home_hands

    out = {}
    for game, hands in read_home_hands(hands_csv).items():
        if game in starts:
            dealt = np.array([k for _, k in hands])
            more = [np.flatnonzero(dealt > k) for k in range(starts[game] - 1, 1, -1)]
            out[game] = np.array([int(w[-1]) + 1 if w.size else 0 for w in more] + [len(hands)])
    return out


def real_elimination_minutes(hands_csv: str | Path, starts: dict[str, int]) -> dict[str, np.ndarray]:
    """The minute of each elimination of :func:`real_eliminations` (the start of the next
    hand; the last: the start of the last hand) less the pauses before it (gaps over
    :data:`~pyeval.sim.engine.pace.MAX_GAP_SECONDS`), as :attr:`HomeRuns.minutes` counts.

    Example: ``real_elimination_minutes(path, {"home5": 6})["home5"]`` is about 52.7,
    130.1, 156.2, 212.7 and 223.0: home5 played three-handed from minute 156 to 213.
    """
    from pyeval.sim.engine.pace import MAX_GAP_SECONDS, read_home_hands

    out = {}
    games = read_home_hands(hands_csv)
    for g, el in real_eliminations(hands_csv, starts).items():
        t = np.array([s for s, _ in games[g]])
        gaps = np.diff(t, prepend=0.0)
        play = t - np.cumsum(np.where(gaps > MAX_GAP_SECONDS, gaps, 0.0))
        out[g] = play[np.minimum(el, len(t) - 1)] / 60.0
    return out


def event_table(results: Sequence[EventResult], skipped: Sequence[Skipped]) -> str:
    """The event-days as a text table (survival in %, the error in points)."""
    lines = [f"{'event-day':<46} {'players':>7} {'real':>6} {'sim median':>10} "
             f"{'sim 10-90%':>12} {'error':>6} {'play (h:mm)':>11}"]
    for e in results:
        lines.append(f"{e.day.name[:46]:<46} {e.day.start_players:>7,} {100 * e.real:>5.1f}% "
                     f"{100 * e.median:>9.1f}% {100 * e.p10:>5.1f}-{100 * e.p90:>4.1f}% "
                     f"{e.error:>+6.1f} {int(e.minutes // 60):>8}:{int(e.minutes % 60):02d}")
    for s in skipped:
        lines.append(f"skipped: {s.name}: {s.reason}")
    return "\n".join(lines)


def home_table(results: Sequence[HomeResult]) -> str:
    """The home games as a text table (minutes to the last hand)."""
    lines = [f"{'game':<6} {'players':>7} {'real min':>8} {'sim 5%':>7} {'median':>7} {'95%':>7} "
             f"{'within':>6}  note"]
    for h in results:
        lines.append(f"{h.game:<6} {h.players:>7} {h.real_minutes:>8.1f} {h.p5:>7.1f} "
                     f"{h.median:>7.1f} {h.p95:>7.1f} {'yes' if h.within else 'no':>6}  {h.note}")
    return "\n".join(lines)


def summary_line(events: Sequence[EventResult], homes: Sequence[HomeResult] = ()) -> str:
    """How far the model was from the real events, in one line (what reports quote).

    Example:
        >>> summary_line([])
        'no event-day simulated'
    """
    if not events:
        return "no event-day simulated"
    errs = [abs(e.error) for e in events]
    out = (f"on {len(events)} real event-days, survival was predicted within "
           f"{max(errs):.1f} points (mean {sum(errs) / len(errs):.1f})")
    held = [h for h in homes if not h.note]
    if held:
        out += (f"; {sum(h.within for h in held)} of {len(held)} home games ended within the "
                "simulated 5-95 % band")
    return out
