"""Scoring candidate schedules: the likely evenings they are simulated under, and the chances.

**The likely evenings** (:func:`hedge`): a director does not know who will come nor how fast
the room will deal, so each candidate is simulated under :data:`HEDGE_FIELDS`, mixed fields
of :mod:`pyeval.sim.players.presets` a club or casino evening plausibly has (the default field,
``balanced``; a club night; a home game; the live tournament field the back-test of the WSOP
days chose), each at the event's pace (the file's ``[tables] pace``, the ``pace`` given, else
the default, ``dealer``), and, from the fifth member on, at a pace :data:`PACE_STEP` slower
or faster. That spread of the pace is the stated assumption: the published dealt-table
figures the ``dealer`` pace rests on run from 25 to 35 hands an hour around its 32.5 (-23 %
and +8 %), and the back-test found the ``players`` pace's band held 5 of 6 real home games.
Pure archetypes (a table of nits, of maniacs) are left out: no real evening seats them.

**The chance of a target** is its share over all the tournaments of the members pooled,
each member equally likely (:class:`Candidate`): "done by 4:00 with 90 %" asks that 9 in 10
of the likely evenings end by 4:00. Every candidate is simulated with the same seeds member
by member (common random numbers), so two candidates differ by their schedules, not by
luck; the seeds do not depend on the thread count, and neither do the results.

Example:
    >>> [m.name for m in hedge(4)]
    ['balanced (the default field)', 'club night', 'home game', 'live tournament']
    >>> [m.hands_per_hour for m in hedge(6)]
    [32.5, 32.5, 32.5, 32.5, 29.2, 35.8]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from pyeval.sim.analysis.ensemble import Member, with_break_overrun
from pyeval.sim.players.models import FieldLike
from pyeval.sim.players.presets import FIELDS as PRESET_FIELDS
from pyeval.sim.tune.family import Schedule
from pyeval.sim.tune.files import Event
from pyeval.sim.tune.targets import Target, money_play

#: The fields of the likely evenings, in the order members take them.
HEDGE_FIELDS: tuple[tuple[str, FieldLike], ...] = (
    ("balanced (the default field)", "balanced"),
    ("club night", PRESET_FIELDS["club_night"]),
    ("home game", PRESET_FIELDS["home_game"]),
    ("live tournament", PRESET_FIELDS["live_tournament"]),
)
#: How much slower or faster than the event's pace the fifth member on deals.
PACE_STEP = 0.10
#: Pace of each member as a multiple of the event's (members 5-8: slower, faster, ...).
PACE_FACTORS = (1.0, 1.0, 1.0, 1.0, 1 - PACE_STEP, 1 + PACE_STEP, 1 - PACE_STEP, 1 + PACE_STEP)
#: Members of the default hedge, and the most it has.
HEDGE_SIZE = len(PACE_FACTORS)
#: Seed offset between members (the same offsets for every candidate: common random numbers).
MEMBER_SEED_STEP = 7919


def nominal_rate(pace: str | None, hands_per_hour: float | None, table_size: int) -> tuple[str, float]:
    """The event's pace preset and its full-table rate (``hands_per_hour`` when given)."""
    from pyeval.sim.engine.clock import Clock
    from pyeval.sim.engine.pace import DEFAULT_PACE

    name = pace or DEFAULT_PACE
    rate = hands_per_hour if hands_per_hour is not None else Clock(pace=name).full_table_rate(table_size)
    if not 1 <= rate <= 1000:
        raise ValueError(f"hands_per_hour must be between 1 and 1000, got {rate}")
    return name, float(rate)


def hedge(size: int = HEDGE_SIZE, *, pace: str | None = None, hands_per_hour: float | None = None,
          table_size: int = 9) -> tuple[Member, ...]:
    """The first ``size`` likely evenings of the module notes (1: the default field at the
    event's pace)."""
    if not 1 <= size <= HEDGE_SIZE:
        raise ValueError(f"the likely evenings are 1 to {HEDGE_SIZE}, got {size}")
    name, rate = nominal_rate(pace, hands_per_hour, table_size)
    out = []
    for i in range(size):
        label, field = HEDGE_FIELDS[i % len(HEDGE_FIELDS)]
        out.append(Member(label, field, round(rate * PACE_FACTORS[i], 1), 0.0, 1.0, name))
    return tuple(out)


def describe_member(m: Member, nominal: float) -> str:
    """A member in words: "club night, dealer pace 10 % faster"."""
    pace = f"{m.pace} pace" if m.pace else f"{m.hands_per_hour:g} hands/h"
    ratio = m.hands_per_hour / nominal if nominal else 1.0
    if abs(ratio - 1) > 0.005:
        pace += f" {abs(100 * (ratio - 1)):.0f}% {'faster' if ratio > 1 else 'slower'}"
    overrun = f", breaks {m.break_overrun:g} min long" if m.break_overrun else ""
    return f"{m.name}, {pace}{overrun}"


class Outcome(NamedTuple):
    """Minutes per tournament: the end, the final table, the money play (bubble to end)."""

    duration: np.ndarray
    final_table: np.ndarray
    money: np.ndarray


@dataclass
class Candidate:
    """A schedule with the chances of each target under each member and pooled."""

    schedule: Schedule
    toml: str
    chances: np.ndarray          # [members, targets]
    medians: np.ndarray          # [members] median duration
    p90s: np.ndarray             # [members] 90th percentile of the duration
    final_tables: np.ndarray     # [members] median minute the final table forms
    times: np.ndarray            # [members, targets] time each target would need
    n: int
    pooled: Outcome              # every member's tournaments together

    def pooled_chances(self, targets: Sequence[Target]) -> np.ndarray:
        """The chance of each target over the likely evenings pooled."""
        return np.array([t.chance_of(t.values(self.pooled)) for t in targets])

    def pooled_times(self, targets: Sequence[Target]) -> np.ndarray:
        """The time each target would need over the pooled evenings."""
        return np.array([t.time_of(t.values(self.pooled)) for t in targets])

    def pessimistic(self) -> np.ndarray:
        """Lowest chance over the members, per target."""
        return np.asarray(self.chances.min(axis=0))

    def median(self) -> np.ndarray:
        """The members' median chance, per target."""
        return np.asarray(np.median(self.chances, axis=0))

    def optimistic(self) -> np.ndarray:
        """Highest chance over the members, per target."""
        return np.asarray(self.chances.max(axis=0))

    @property
    def median_minutes(self) -> float:
        """The pooled median duration."""
        return float(np.median(self.pooled.duration))

    @property
    def p90_minutes(self) -> float:
        """The pooled 90th percentile of the duration."""
        return float(np.percentile(self.pooled.duration, 90))

    def meets(self, targets: Sequence[Target], margin: float = 0.0) -> bool:
        """Every target met over the pooled evenings, with ``margin`` to spare."""
        return all(t.met_by_chance(p, margin) for t, p in zip(targets, self.pooled_chances(targets)))

    def shortfall(self, targets: Sequence[Target], margin: float = 0.0) -> float:
        """How far the pooled chances fall short (0 when every target is met)."""
        return float(sum(max(0.0, min(1.0, t.chance + margin) - p)
                         for t, p in zip(targets, self.pooled_chances(targets))))

    def time_gap(self, targets: Sequence[Target]) -> float:
        """How far the pooled times miss the targets' times, relative to them (0 when met)."""
        gap = 0.0
        for t, need in zip(targets, self.pooled_times(targets)):
            miss = need - t.minutes if t.caps_length else t.minutes - need
            gap += max(0.0, miss) / t.minutes
        return gap


def _outcome(result: Any, want_money: bool) -> Outcome:
    d = np.asarray(result.duration, float)
    money = money_play(result) if want_money else np.zeros(0)
    return Outcome(d, np.asarray(result.final_table, float), np.asarray(money, float))


def evaluate(sched: Schedule, targets: Sequence[Target], members: Sequence[Member], event: Event, *,
             n: int, seed: int, threads: int | None = None) -> Candidate:
    """Simulate ``sched`` written for ``event`` (into the director's file when it has one)
    under every member (``n`` tournaments each, member ``i`` with seed
    ``seed + MEMBER_SEED_STEP * i``: the same for every schedule)."""
    from pyeval.sim.engine.engine import simulate
    from pyeval.tournament.structure import parse_structure

    players = event.players
    text = event.toml(sched)
    st = parse_structure(text, f"tuned structure ({event.name})")
    want_money = any(t.kind == "money_play_at_least" for t in targets)
    M, T = len(members), len(targets)
    chances, times = np.zeros((M, T)), np.zeros((M, T))
    med, p90, ft = np.zeros(M), np.zeros(M), np.zeros(M)
    outs = []
    for i, m in enumerate(members):
        r = simulate(with_break_overrun(st, m.break_overrun), n=n, seed=seed + MEMBER_SEED_STEP * i,
                     players=players, field=m.field, clock=m.clock(), threads=threads)
        o = _outcome(r, want_money)
        outs.append(o)
        chances[i] = [t.chance_of(t.values(o)) for t in targets]
        times[i] = [t.time_of(t.values(o)) for t in targets]
        med[i] = np.median(o.duration)
        p90[i] = np.percentile(o.duration, 90)
        ft[i] = np.median(o.final_table)
    pooled = Outcome(*(np.concatenate(parts) for parts in zip(*outs)))
    return Candidate(sched, text, chances, med, p90, ft, times, n, pooled)


def quantile_band(values: np.ndarray, q: float, z: float = 1.96) -> tuple[float, float]:
    """The sampling band (about 95 %) of the ``q`` quantile of ``values``, by order statistics.

    Example:
        >>> quantile_band(np.arange(1000.0), 0.9)
        (881.0, 919.0)
    """
    v = np.sort(np.asarray(values, float))
    n = len(v)
    half = z * np.sqrt(n * q * (1 - q))
    lo, hi = int(np.floor(n * q - half)), int(np.ceil(n * q + half))
    return float(v[max(lo, 0)]), float(v[min(hi, n - 1)])


__all__ = ["HEDGE_FIELDS", "HEDGE_SIZE", "PACE_FACTORS", "PACE_STEP", "Candidate", "Outcome",
           "describe_member", "evaluate", "hedge", "nominal_rate", "quantile_band"]
