"""Structure tuning: propose a blind schedule that meets a director's targets, checked by
simulation, written as a structure file.

A schedule here is a family with three knobs: the level length (minutes), the growth of
the big blind from level to level, and how deep the players start (the first big blind
leaves ``start_depth`` big blinds in the starting stack). Everything else follows from them
and from the chips:

- each big blind is the "nice" amount (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of
  ten) nearest to the geometric target, a multiple of twice the smallest chip in play so the
  small blind (half) is payable, and always above the level before;
- antes (an eighth of the big blind, rounded up to the smallest chip) start once the
  starting stack is ``ante_depth`` big blinds or less;
- a chip colours up (chip race before the level) once the big blind is ``colour_up_at``
  times the next chip and every stack handed out is a multiple of it, as long as two
  denominations stay in play;
- a break of ``break_minutes`` after about every ``break_every`` minutes of play;
- levels go on until one big blind is a third of all the chips.

For each level length and starting depth the tuner simulates a ladder of growth rates and
keeps those that meet every target; it proposes the slowest schedule that meets them (the most play for the
time), verifies it with a fresh, larger simulation, and measures how the answer moves when
the field plays other player models.

Targets (:func:`parse_target`): ``"done within 4h with 90%"`` (the chance of being over by
then), ``"done after 3h with 80%"``, ``"final table after 2h"`` (with 50 % unless said),
``"final table by 3h with 75%"``.

Example:
    >>> t = parse_target("done within 4h with 90%")
    >>> t.kind, t.minutes, t.chance
    ('done_by', 240.0, 0.9)
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyeval.sim.clock import Clock
from pyeval.sim.models import FieldLike
from pyeval.sim.structure_toml import LevelSpec, structure_toml

NICE = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)
LEVEL_MINUTES = (10, 12, 15, 20, 25, 30, 40, 60)
GROWTHS = (1.2, 1.3, 1.4, 1.5, 1.65, 1.8, 2.0)
START_DEPTHS = (50.0, 100.0, 150.0)
KINDS = ("done_by", "done_after", "final_table_after", "final_table_by")
SENSITIVITY_FIELDS: tuple[FieldLike, ...] = ("push_fold", "tight_passive", "balanced",
                                             "loose_aggressive")


@dataclass(frozen=True)
class Target:
    """One goal: ``kind`` in ``KINDS``, a time in minutes and the chance it must hold with.

    Example:
        >>> Target("final_table_after", 120).met_by_chance(0.6)
        True
    """

    kind: str
    minutes: float
    chance: float = 0.5

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown target kind {self.kind!r}; allowed: {', '.join(KINDS)}")
        if not 0 < self.chance <= 1 or self.minutes <= 0:
            raise ValueError("a target needs a time above 0 and a chance in (0, 1]")

    def met_by_chance(self, p: float) -> bool:
        """Whether an observed chance ``p`` meets the target."""
        return p >= self.chance - 1e-12

    @property
    def caps_length(self) -> bool:
        """True for targets that faster blinds help (the tournament must end early enough)."""
        return self.kind in ("done_by", "final_table_by")

    def chance_in(self, result: Any) -> float:
        """The chance this target holds in a simulation result."""
        if self.kind == "done_by":
            return float((result.duration <= self.minutes).mean())
        if self.kind == "done_after":
            return float((result.duration >= self.minutes).mean())
        if self.kind == "final_table_after":
            return float((result.final_table >= self.minutes).mean())
        return float((result.final_table <= self.minutes).mean())

    def describe(self) -> str:
        """The target in words."""
        from pyeval.sim.report import hhmm
        what = {"done_by": "done by", "done_after": "still running at",
                "final_table_after": "final table not before", "final_table_by": "final table by"}
        return f"{what[self.kind]} {hhmm(self.minutes)} with {100 * self.chance:g}%"


def parse_target(text: str) -> Target:
    """A target from words: ``"done within 4h with 90%"``, ``"final table after 2h"``...

    Example:
        >>> parse_target("final table after 2h"), parse_target("done by 3:30 with 75%").minutes
        (Target(kind='final_table_after', minutes=120.0, chance=0.5), 210.0)
    """
    from pyeval.cli.tournament_cmd import parse_minutes

    t = text.strip().lower()
    m = re.fullmatch(r"(done|finished|over|final table)\s+(within|by|before|after|at least)\s+"
                     r"([0-9.:]+\s*(?:h|hours?|m|min|minutes?)?)\s*(?:with\s+([0-9.]+)\s*%)?", t)
    if not m:
        raise ValueError(
            f"cannot read the target {text!r}; write e.g. 'done within 4h with 90%', "
            "'done after 3h with 80%', 'final table after 2h', 'final table by 3h with 75%'")
    what, rel, when, pct = m.groups()
    minutes = parse_minutes(when)
    chance = float(pct) / 100 if pct else (0.9 if what != "final table" and rel in ("within", "by", "before") else 0.5)
    later = rel in ("after", "at least")
    if what == "final table":
        kind = "final_table_after" if later else "final_table_by"
    else:
        kind = "done_after" if later else "done_by"
    return Target(kind, minutes, chance)


# ------------------------------------------------------------------ schedules


def nice_amount(target: float, multiple: int, above: int = 0) -> int:
    """The nice amount nearest ``target`` (log scale) that is a multiple of ``multiple`` and
    above ``above``.

    Example:
        >>> nice_amount(37, 50), nice_amount(130, 50, above=100), nice_amount(700, 200)
        (50, 150, 800)
    """
    cands = set()
    for k in range(0, 12):
        for m in NICE:
            v = int(round(m * 10 ** k))
            if v % multiple == 0:
                cands.add(v)
    cands.update(multiple * i for i in (1, 2, 3, 4, 5, 6, 8, 10))
    ok = sorted(v for v in cands if v > above)
    if not ok:
        return above + multiple
    return min(ok, key=lambda v: (abs(math.log(v / target)), v))


@dataclass(frozen=True)
class Schedule:
    """A generated blind schedule (see the module notes)."""

    level_minutes: int
    growth: float
    start_depth: float
    levels: tuple[LevelSpec, ...]
    breaks: tuple[tuple[int, int], ...]
    colour_ups: tuple[tuple[int, tuple[int, ...]], ...]

    def describe(self) -> str:
        """"20-minute levels, blinds x1.5 a level, antes from level 5"."""
        ante_from = next((i + 1 for i, lv in enumerate(self.levels) if lv.ante), None)
        s = (f"{self.level_minutes}-minute levels, big blind x{self.growth:g} a level, "
             f"{self.levels[0].small_blind}/{self.levels[0].big_blind} to start")
        if ante_from:
            s += f", antes from level {ante_from}"
        return s


def make_schedule(starting: int, players: int, denominations: Sequence[int], level_minutes: int,
                  growth: float, *, start_depth: float = 75.0, ante_depth: float = 15.0,
                  colour_up_at: float = 20.0, break_every: int = 120,
                  break_minutes: int = 10, max_levels: int = 40) -> Schedule:
    """The schedule of the family for one level length and growth (see the module notes).

    Example:
        >>> s = make_schedule(3000, 30, [25, 100, 500], 20, 1.5)
        >>> [(lv.small_blind, lv.big_blind) for lv in s.levels[:4]]
        [(25, 50), (50, 100), (75, 150), (125, 250)]
    """
    d = sorted(int(x) for x in denominations)
    if not d or d[0] <= 0:
        raise ValueError("give the chip denominations, smallest first, all above 0")
    if starting % d[0]:
        raise ValueError(f"starting chips {starting} are not a multiple of the smallest chip {d[0]}")
    if growth <= 1.0:
        raise ValueError(f"the blinds must grow from level to level (growth > 1), got {growth}")
    total = starting * players
    unit_i = 0
    levels: list[LevelSpec] = []
    colour: list[tuple[int, tuple[int, ...]]] = []
    bb = 0
    target = starting / start_depth
    while len(levels) < max_levels:
        # colour up when the next chip is small next to the big blind
        while (unit_i + 2 < len(d) and levels and target >= colour_up_at * d[unit_i + 1]
               and starting % d[unit_i + 1] == 0):
            colour.append((len(levels) + 1, (d[unit_i],)))
            unit_i += 1
        unit = d[unit_i]
        bb = nice_amount(target, 2 * unit, above=bb)
        ante = 0
        if starting <= ante_depth * bb:
            ante = max(unit, int(math.ceil(bb / 8 / unit)) * unit)
        levels.append(LevelSpec(bb // 2, bb, ante))
        if bb * 3 >= total:
            break
        target = bb * growth
    per = max(2, int(round(break_every / level_minutes)))
    breaks = tuple((i, break_minutes) for i in range(per, len(levels), per))
    # a colour-up needs a level after it; keep only those before an existing level
    colour = [c for c in colour if 2 <= c[0] <= len(levels)]
    return Schedule(level_minutes, growth, start_depth, tuple(levels), breaks, tuple(colour))


def _payouts(players: int) -> dict[str, Any]:
    if players <= 6:
        return {"percent": [65, 35] if players >= 2 else [100]}
    if players <= 20:
        return {"percent": [50, 30, 20]}
    if players <= 40:
        return {"percent": [45, 27, 17, 11]}
    return {"percent": None, "paid_percent": 12, "ratio": 0.6}


def schedule_toml(sched: Schedule, *, name: str, players: int, starting: int,
                  denominations: Sequence[int], table_size: int, notes: str = "") -> str:
    """The structure file of a schedule."""
    return structure_toml(name, entrants=players, starting=starting,
                          denominations=sorted(denominations), levels=sched.levels,
                          minutes=sched.level_minutes, breaks=sched.breaks,
                          colour_ups=sched.colour_ups, table_size=table_size, notes=notes,
                          **_payouts(players))


# ------------------------------------------------------------------ the search


@dataclass
class Candidate:
    """A schedule with its simulated chances of meeting each target."""

    schedule: Schedule
    toml: str
    chances: list[float]
    median_minutes: float
    p90_minutes: float
    final_table_median: float

    def meets(self, targets: Sequence[Target]) -> bool:
        return all(t.met_by_chance(c) for t, c in zip(targets, self.chances))


@dataclass
class TuneResult:
    """The proposal: the structure file, its verification and its sensitivity."""

    toml: str
    chosen: Candidate
    targets: list[Target]
    verified: list[float]
    verify_n: int
    met: bool
    sensitivity: list[tuple[str, list[float], float, float]] = field(default_factory=list)
    tried: list[Candidate] = field(default_factory=list)

    def describe(self) -> str:
        """The proposal in words: schedule, targets met (verified), sensitivity."""
        from pyeval.sim.report import hhmm
        c = self.chosen
        lines = [f"proposal: {c.schedule.describe()} ({len(c.schedule.levels)} levels, "
                 f"{len(c.schedule.breaks)} breaks, {len(c.schedule.colour_ups)} colour-ups)"]
        lines.append(f"verified on {self.verify_n:,} fresh tournaments: median "
                     f"{hhmm(c.median_minutes)}, 90% done by {hhmm(c.p90_minutes)}, final table "
                     f"median {hhmm(c.final_table_median)}")
        for t, p in zip(self.targets, self.verified):
            ok = "met" if t.met_by_chance(p) else "NOT met"
            lines.append(f"  {t.describe()}: {100 * p:.1f}% -> {ok}")
        if not self.met:
            lines.append("no schedule of the family met every target; this is the closest")
        if self.sensitivity:
            lines.append("sensitivity to the player models (same structure):")
            for name, chances, med, p90 in self.sensitivity:
                ch = ", ".join(f"{100 * x:.0f}%" for x in chances)
                lines.append(f"  {name:<18} median {hhmm(med)}, 90% by {hhmm(p90)}; targets: {ch}")
        return "\n".join(lines)


def _evaluate(sched: Schedule, targets: Sequence[Target], *, name: str, players: int,
              starting: int, denominations: Sequence[int], table_size: int, clock: Clock,
              field: FieldLike, n: int, seed: int, notes: str = "") -> Candidate:
    from pyeval.sim.engine import simulate
    from pyeval.tournament.structure import parse_structure

    text = schedule_toml(sched, name=name, players=players, starting=starting,
                         denominations=denominations, table_size=table_size, notes=notes)
    st = parse_structure(text, f"<{name}>")
    r = simulate(st, n=n, seed=seed, players=players, field=field, clock=clock)
    return Candidate(sched, text, [t.chance_in(r) for t in targets],
                     float(np.median(r.duration)), float(np.percentile(r.duration, 90)),
                     float(np.median(r.final_table)))


def _score(c: Candidate, targets: Sequence[Target]) -> float:
    """How far a candidate misses its targets (0 when it meets them all)."""
    return sum(max(0.0, t.chance - p) for t, p in zip(targets, c.chances))


def tune(*, players: int, starting: int, denominations: Sequence[int],
         targets: Sequence[Target], table_size: int = 9, hands_per_hour: float = 30.0,
         field: FieldLike = "balanced", n: int = 1000, seed: int = 0, name: str | None = None,
         level_minutes: Sequence[int] = LEVEL_MINUTES, growths: Sequence[float] = GROWTHS,
         start_depths: Sequence[float] = START_DEPTHS, sensitivity: bool = True, progress: Callable[[str], None] | None = None,
         **schedule_options: Any) -> TuneResult:
    """Search the schedule family for the targets (see the module notes).

    Example:
        >>> res = tune(players=18, starting=3000, denominations=[25, 100, 500],
        ...            targets=[parse_target("done within 4h with 90%")], n=200,
        ...            level_minutes=(15, 20), growths=(1.3, 1.5), start_depths=(75,),
        ...            sensitivity=False)
        >>> res.met, res.chosen.schedule.level_minutes in (15, 20)
        (True, True)
    """
    if not targets:
        raise ValueError("give at least one target, e.g. 'done within 4h with 90%'")
    if players < 2:
        raise ValueError(f"a tournament needs at least 2 players, got {players}")
    name = name or f"Tuned: {players} players, {starting:,} chips"
    clock = Clock(hands_per_hour=hands_per_hour)
    say = progress or (lambda msg: None)
    common = dict(name=name, players=players, starting=starting, denominations=denominations,
                  table_size=table_size, clock=clock, field=field)
    tried: list[Candidate] = []
    feasible: list[Candidate] = []
    caps = any(t.caps_length for t in targets)
    seen: set = set()
    for minutes in level_minutes:
        ok = 0
        for depth in start_depths:
            for g in growths:
                sched = make_schedule(starting, players, denominations, minutes, g,
                                      start_depth=depth, **schedule_options)
                key = (sched.level_minutes, sched.levels, sched.breaks, sched.colour_ups)
                if key in seen:
                    continue      # the chips made this depth the same schedule as another
                seen.add(key)
                c = _evaluate(sched, targets, n=n, seed=seed, **common)
                tried.append(c)
                if c.meets(targets):
                    feasible.append(c)
                    ok += 1
        say(f"{minutes}-minute levels: {ok} schedules meet the targets")
    if feasible:
        # the most play that still meets the targets (or, with only lower bounds on the
        # time, the shortest that meets them); among schedules within 5 % of that, the
        # smoothest (smallest growth, then shorter levels)
        best = (max if caps else min)(c.median_minutes for c in feasible)
        close = [c for c in feasible if abs(c.median_minutes - best) <= 0.05 * best]
        chosen = min(close, key=lambda c: (c.schedule.growth, c.schedule.level_minutes,
                                           -c.schedule.start_depth))
    else:
        chosen = min(tried, key=lambda c: (_score(c, targets), -c.median_minutes))
    verify_n = max(2 * n, 1000)
    say(f"verifying {chosen.schedule.describe()} on {verify_n:,} fresh tournaments")
    check = _evaluate(chosen.schedule, targets, n=verify_n, seed=seed + 1_000_003,
                      notes=f"Proposed by pyeval tournament tune for: "
                            f"{'; '.join(t.describe() for t in targets)}; {chosen.schedule.describe()}.",
                      **common)
    result = TuneResult(check.toml, check, list(targets), check.chances, verify_n,
                        check.meets(targets), tried=tried)
    if sensitivity:
        for f in SENSITIVITY_FIELDS:
            c2 = _evaluate(chosen.schedule, targets, n=n, seed=seed + 7,
                           **{**common, "field": f})
            label = f if isinstance(f, str) else "custom"
            result.sensitivity.append((label, c2.chances, c2.median_minutes, c2.p90_minutes))
    return result
