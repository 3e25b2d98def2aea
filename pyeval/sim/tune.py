"""Structure tuning: propose a blind schedule that meets a director's targets over an
ensemble of likely fields, explain the choice, and write it as a structure file.

**The schedule family.** The big blinds climb a ladder of round, payable amounts (1, 1.2,
1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten, multiples of twice the smallest chip in play
so the small blind, half, is payable). Four knobs, each of which the user may fix:

- ``level_minutes``: the length of every level;
- ``steps``: rungs of the ladder climbed a level (1 is the slowest the chips allow; 1.5
  alternates one and two rungs, ...), so different values always give different schedules,
  whatever the chip set;
- the first big blind (``first_bb``), from the payable amounts that leave 20 to 300 big
  blinds in the starting stack (:func:`start_blinds`);
- ``ante_from``: the level antes (the round amount nearest an eighth of the big blind,
  payable with the chips in play, from every player) start; by default once the starting stack is 15 big blinds or
  less. With ``ante_by="big_blind"`` the ante is a big-blind ante of one big blind, posted
  by the big blind for the table.

A break of ``break_minutes`` comes about every ``break_every`` minutes of play; the smallest
chip colours up at the first break after the big blind reaches ``colour_up_at`` times the
next chip (two denominations always stay); levels go on until one big blind is a third of
all the chips.

**Robust choice.** Every candidate is simulated under every member of the ensemble
(:mod:`pyeval.sim.analysis.ensemble`: fields, pace, break overruns; equally weighted). For each target
the *pessimistic* chance is the lowest over the members, the *median* the members' median,
the *optimistic* the highest. A candidate is feasible when every target's pessimistic
chance is at least the target's chance plus ``margin`` (2 percentage points by default,
about two Monte Carlo standard errors of a member). Candidates are screened with a few
tournaments per member, the closest ``keep`` simulated again with ``n`` per member, and
among the feasible the tuner takes the one with the most play (median of the members'
median durations; the least play when every target is a lower bound on time), preferring
within 5 % the fewest rungs a level. The choice is verified on fresh tournaments under every
member. When nothing is feasible, the closest candidate (the smallest sum of the relative gaps
between each target's time and the time its most extreme field would need) is shown with
what would make it feasible.

Targets (:func:`parse_target`): ``"done within 4h with 90%"``, ``"done not before 3h with
80%"`` (also ``after``), ``"final table after 2h"`` (with 50 % unless said), ``"final table
by 3h with 75%"``, ``"money play at least 1:30 with 75%"`` (time from the bubble to the end);
a bound on the level length: ``"levels between 15 and 30 minutes"``.

Example:
    >>> t = parse_target("done within 4h with 90%")
    >>> t.kind, t.minutes, t.chance
    ('done_by', 240.0, 0.9)
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pyeval.sim.analysis.ensemble import Member, default_ensemble, with_break_overrun
from pyeval.sim.analysis.structure_toml import LevelSpec, structure_toml
from pyeval.tournament.timetext import hhmm, parse_time

NICE = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)
LEVEL_MINUTES = (10, 12, 15, 20, 25, 30, 40, 60)
STEPS = (1.0, 1.5, 2.0, 2.5, 3.0)
START_DEPTHS = (150.0, 75.0, 40.0)
KINDS = ("done_by", "done_after", "final_table_after", "final_table_by", "money_play_at_least")
#: Largest numbers the tuner accepts (beyond them no structure file would load).
MAX_PLAYERS = 100_000
MAX_CHIPS = 10**12
MARGIN = 0.02


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
        if not 0 < self.chance <= 1:
            raise ValueError(f"a target's chance is a percentage above 0 and at most 100, got "
                             f"{100 * self.chance:g}%")
        if not 0 < self.minutes <= 30 * 24 * 60:
            raise ValueError(f"a target's time must be above 0 and at most 30 days, got {self.minutes:g} minutes")

    def met_by_chance(self, p: float, margin: float = 0.0) -> bool:
        """Whether an observed chance ``p`` meets the target (with ``margin`` to spare)."""
        return p >= min(1.0, self.chance + margin) - 1e-12

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
        if self.kind == "final_table_by":
            return float((result.final_table <= self.minutes).mean())
        return float((money_play(result) >= self.minutes).mean())

    def time_for(self, result: Any) -> float:
        """The time this target would need to hold with its chance in ``result``."""
        q = self.chance
        if self.kind == "done_by":
            return float(np.quantile(result.duration, q, method="higher"))
        if self.kind == "done_after":
            return float(np.quantile(result.duration, 1 - q, method="lower"))
        if self.kind == "final_table_by":
            return float(np.quantile(result.final_table, q, method="higher"))
        if self.kind == "final_table_after":
            return float(np.quantile(result.final_table, 1 - q, method="lower"))
        return float(np.quantile(money_play(result), 1 - q, method="lower"))

    def describe(self, minutes: float | None = None, chance: float | None = None) -> str:
        """The target in words (optionally with another time or chance)."""
        what = {"done_by": "done by", "done_after": "still running at",
                "final_table_after": "final table not before", "final_table_by": "final table by",
                "money_play_at_least": "money play at least"}
        m = self.minutes if minutes is None else minutes
        c = self.chance if chance is None else chance
        return f"{what[self.kind]} {hhmm(m)} with {100 * c:g}%"


def money_play(result: Any) -> np.ndarray:
    """Minutes from the bubble (the last player out before the money) to the end, per
    tournament; the whole tournament when everybody is paid."""
    st = result.spec.structure
    paid = len(st.payouts(result.players))
    if paid >= result.players:
        return np.asarray(result.duration, float)
    bubble_player = result.order[:, paid]      # finished in place paid + 1
    bubble = np.take_along_axis(result.elim_time, bubble_player[:, None].astype(np.int64), 1)[:, 0]
    return np.asarray(result.duration - bubble, float)


_TARGET_RE = re.compile(
    r"(done|finished|over|final table|money play)\s+(within|by|before|not before|after|at least)\s+"
    r"([0-9.:]+(?:h[0-9]{1,2})?\s*(?:h|hours?|m|min|minutes?)?)\s*(?:with\s+(-?[0-9.]+)\s*%)?")
_LEVELS_RE = re.compile(r"(?:level length|levels?)\s+(?:between|from)\s+([0-9]+)\s*(?:m|min|minutes)?\s+"
                        r"(?:and|to)\s+([0-9]+)\s*(?:m|min|minutes)?")


def parse_target(text: str, start: str | None = None) -> Target:
    """A target from words: ``"done within 4h with 90%"``, ``"final table after 2h"``...

    Example:
        >>> parse_target("final table after 2h"), parse_target("done by 3:30 with 75%").minutes
        (Target(kind='final_table_after', minutes=120.0, chance=0.5), 210.0)
        >>> parse_target("done within 4h with 190%")
        Traceback (most recent call last):
        ...
        ValueError: a target's chance is a percentage above 0 and at most 100, got 190%
    """
    t = str(text).strip().lower()
    m = _TARGET_RE.fullmatch(t)
    if not m:
        raise ValueError(
            f"cannot read the target {text!r}; write e.g. 'done within 4h with 90%', "
            "'done not before 3h with 80%', 'final table after 2h', 'final table by 3h with 75%', "
            "'money play at least 1:30 with 75%', 'levels between 15 and 30 minutes'")
    what, rel, when, pct = m.groups()
    minutes = parse_time(when, start)    # with a start, "done by 23:30" is a clock time
    later = rel in ("after", "at least", "not before")
    if pct is not None:
        chance = float(pct) / 100
    else:
        chance = 0.9 if what not in ("final table",) and not later else 0.5
    if what == "money play":
        if not later:
            raise ValueError("a money-play target is a lower bound: 'money play at least 1:30'")
        kind = "money_play_at_least"
    elif what == "final table":
        kind = "final_table_after" if later else "final_table_by"
    else:
        kind = "done_after" if later else "done_by"
    return Target(kind, minutes, chance)


def parse_goals(texts: Sequence[str], start: str | None = None) -> tuple[list[Target], tuple[int, int] | None]:
    """Targets and an optional ``(min, max)`` level length from the user's words.

    Example:
        >>> parse_goals(["done within 4h", "levels between 15 and 30 minutes"])
        ([Target(kind='done_by', minutes=240.0, chance=0.9)], (15, 30))
    """
    targets: list[Target] = []
    bound = None
    for text in texts:
        m = _LEVELS_RE.fullmatch(str(text).strip().lower())
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            if not 1 <= lo <= hi <= 24 * 60:
                raise ValueError(f"level length bounds must be 1 <= min <= max minutes, got {lo} and {hi}")
            bound = (lo, hi)
        else:
            targets.append(parse_target(text, start))
    return targets, bound


# ------------------------------------------------------------------ schedules


def _rungs(unit: int, above: int, count: int) -> list[int]:
    """The next ``count`` payable nice amounts above ``above`` (multiples of ``2 * unit``)."""
    out: list[int] = []
    k = max(0, int(math.log10(max(above, 1))) - 1)
    step = 2 * unit
    while len(out) < count:
        for m in NICE:
            v = int(round(m * 10**k))
            if v > above and v % step == 0 and (not out or v > out[-1]):
                out.append(v)
                if len(out) == count:
                    break
        k += 1
        if k > 18:
            break
    if not out:
        out = [(above // step + 1) * step]
    return out


def nice_amount(target: float, multiple: int, above: int = 0) -> int:
    """The nice amount nearest ``target`` (log scale) that is a multiple of ``multiple`` and
    above ``above``.

    Example:
        >>> nice_amount(37, 50), nice_amount(130, 50, above=100), nice_amount(700, 200)
        (50, 150, 800)
    """
    cands = set()
    for k in range(0, 16):
        for m in NICE:
            v = int(round(m * 10**k))
            if v % multiple == 0:
                cands.add(v)
    cands.update(multiple * i for i in (1, 2, 3, 4, 5, 6, 8, 10))
    ok = sorted(v for v in cands if v > above)
    if not ok:
        return above + multiple
    return min(ok, key=lambda v: (abs(math.log(v / target)), v))


def start_blinds(starting: int, denominations: Sequence[int], depths: Sequence[float] = START_DEPTHS) -> list[int]:
    """Distinct first big blinds the chips allow, one near each starting depth (in big
    blinds), keeping those that leave 20 to 300 big blinds (or the deepest one payable).

    Example:
        >>> start_blinds(3000, [25, 100, 500]), start_blinds(1500, [25, 100]), start_blinds(100000, [100, 500])
        ([50, 100], [50], [600, 1200, 3000])
    """
    unit = min(int(d) for d in denominations)
    out: list[int] = []
    for depth in depths:
        bb = nice_amount(starting / depth, 2 * unit)
        if 20 <= starting / bb <= 300 and bb not in out:
            out.append(bb)
    if not out:
        out = [nice_amount(starting / 300, 2 * unit)]
    return sorted(out)


@dataclass(frozen=True)
class Schedule:
    """A generated blind schedule (see the module notes)."""

    level_minutes: int
    steps: float
    first_bb: int
    levels: tuple[LevelSpec, ...]
    breaks: tuple[tuple[int, int], ...]
    colour_ups: tuple[tuple[int, tuple[int, ...]], ...]
    starting: int = 0

    @property
    def start_depth(self) -> float:
        """Big blinds in the starting stack at level 1."""
        return self.starting / self.first_bb if self.first_bb else 0.0

    @property
    def growth(self) -> float:
        """The big blind's mean growth from level to level."""
        bbs = [lv.big_blind for lv in self.levels]
        return (bbs[-1] / bbs[0]) ** (1 / (len(bbs) - 1)) if len(bbs) > 1 else 1.0

    def describe(self) -> str:
        """"20-minute levels, 1.5 rungs a level (x1.39), 25/50 to start (60 BB), antes from level 5"."""
        ante_from = next((i + 1 for i, lv in enumerate(self.levels) if lv.ante), None)
        s = (f"{self.level_minutes}-minute levels, {self.steps:g} rungs a level (x{self.growth:.2f}), "
             f"{self.levels[0].small_blind}/{self.levels[0].big_blind} to start ({self.start_depth:.0f} BB)")
        if ante_from:
            bb_ante = self.levels[ante_from - 1].ante_by == "big_blind"
            s += f", {'big-blind ' if bb_ante else ''}antes from level {ante_from}"
        return s

    def short(self) -> str:
        """A compact label for tables of candidates."""
        return f"{self.level_minutes}m x{self.steps:g} {self.levels[0].small_blind}/{self.levels[0].big_blind}"


def make_schedule(starting: int, players: int, denominations: Sequence[int], level_minutes: int,
                  steps: float, *, first_bb: int | None = None, start_depth: float = 75.0,
                  ante_from: int | None = None, ante_depth: float = 15.0, colour_up_at: float = 20.0,
                  break_every: int = 120, break_minutes: int = 10, max_levels: int = 60,
                  ante_by: str = "each") -> Schedule:
    """The schedule of the family for one set of knobs (see the module notes).

    ``ante_from``: the level antes start (``0``: never; ``None``: by ``ante_depth``);
    ``ante_by``: ``"each"`` player antes an eighth of the big blind, or ``"big_blind"``: a
    big-blind ante of one big blind.

    Example:
        >>> s = make_schedule(3000, 30, [25, 100, 500], 20, 1.5, first_bb=50)
        >>> [(lv.small_blind, lv.big_blind) for lv in s.levels[:5]]
        [(25, 50), (50, 100), (100, 200), (125, 250), (200, 400)]
        >>> [lv.ante for lv in s.levels[2:6]], s.colour_ups, s.breaks
        ([25, 25, 50, 75], ((13, (25,)),), ((6, 10), (12, 10)))
    """
    d = sorted(int(x) for x in denominations)
    if not d or d[0] <= 0 or len(set(d)) != len(d):
        raise ValueError("give the chip denominations, each once, all above 0")
    if starting <= 0 or starting % d[0]:
        raise ValueError(f"starting chips {starting} must be above 0 and a multiple of the smallest chip {d[0]}")
    if not 1.0 <= steps <= 10:
        raise ValueError(f"steps (rungs of the blind ladder a level) must be from 1 to 10, got {steps}")
    if not 1 <= level_minutes <= 24 * 60:
        raise ValueError(f"level_minutes must be from 1 to 1440, got {level_minutes}")
    if ante_by not in ("each", "big_blind"):
        raise ValueError(f"ante_by is 'each' or 'big_blind', not {ante_by!r}")
    if not 1 <= break_every <= 24 * 60 or not 1 <= break_minutes <= 240:
        raise ValueError("break_every must be 1 to 1440 minutes and break_minutes 1 to 240")
    total = starting * players
    per = max(1, int(round(break_every / level_minutes)))
    unit_i = 0
    bb = first_bb if first_bb is not None else nice_amount(starting / start_depth, 2 * d[0])
    if bb <= 0 or bb % (2 * d[0]):
        raise ValueError(f"the first big blind {bb} must be a multiple of twice the smallest chip ({2 * d[0]})")
    levels: list[LevelSpec] = []
    colour: list[tuple[int, tuple[int, ...]]] = []
    acc = 0.0
    while True:
        number = len(levels) + 1
        unit = d[unit_i]
        if ante_from is None:
            ante_on = starting <= ante_depth * bb
        else:
            ante_on = ante_from > 0 and number >= ante_from
        if ante_by == "big_blind":
            levels.append(LevelSpec(bb // 2, bb, bb if ante_on else 0,
                                    ante_by="big_blind" if ante_on else "each"))
        else:
            levels.append(LevelSpec(bb // 2, bb, nice_amount(bb / 8, unit) if ante_on else 0))
        if bb * 3 >= total or len(levels) >= max_levels:
            break
        acc += steps
        climb = int(math.floor(acc + 1e-9)) - int(math.floor(acc - steps + 1e-9))
        nxt = _rungs(unit, bb, max(1, climb))[-1]
        # colour up at a break once the big blind is large next to the next chip
        after_break = number % per == 0
        if (after_break and unit_i + 2 < len(d) and nxt >= colour_up_at * d[unit_i + 1]
                and starting % d[unit_i + 1] == 0):
            colour.append((number + 1, (d[unit_i],)))
            unit_i += 1
            step = 2 * d[unit_i]
            if nxt % step:
                nxt = _rungs(d[unit_i], nxt, 1)[0]
        bb = nxt
    breaks = tuple((i, break_minutes) for i in range(per, len(levels), per))
    colour = [c for c in colour if 2 <= c[0] <= len(levels)]
    return Schedule(level_minutes, float(steps), levels[0].big_blind, tuple(levels), breaks,
                    tuple(colour), starting)


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


# ------------------------------------------------------------------ evaluation


@dataclass
class Candidate:
    """A schedule with its chances of meeting each target under each ensemble member."""

    schedule: Schedule
    toml: str
    chances: np.ndarray          # [members, targets]
    medians: np.ndarray          # [members] median duration
    p90s: np.ndarray             # [members] 90th percentile of the duration
    final_tables: np.ndarray     # [members] median minute the final table forms
    times: np.ndarray            # [members, targets] time each target would need
    n: int = 0

    def pessimistic(self) -> np.ndarray:
        """Lowest chance over the members, per target."""
        return np.asarray(self.chances.min(axis=0))

    def median(self) -> np.ndarray:
        """The members' median chance, per target."""
        return np.asarray(np.median(self.chances, axis=0))

    def optimistic(self) -> np.ndarray:
        """Highest chance over the members, per target."""
        return np.asarray(self.chances.max(axis=0))

    def worst_member(self, targets: Sequence[Target] | None = None) -> np.ndarray:
        """Index of the pessimistic member, per target (ties at the lowest chance go to the
        member needing the most extreme time, when ``targets`` are given)."""
        out = self.chances.argmin(axis=0)
        if targets is not None:
            for j, t in enumerate(targets):
                low = np.flatnonzero(self.chances[:, j] <= self.chances[:, j].min() + 1e-12)
                col = self.times[low, j]
                out[j] = low[int(col.argmax() if t.caps_length else col.argmin())]
        return np.asarray(out)

    @property
    def median_minutes(self) -> float:
        """Median over the members of the median duration."""
        return float(np.median(self.medians))

    def meets(self, targets: Sequence[Target], margin: float = 0.0) -> bool:
        """Every target met in its pessimistic member, with ``margin`` to spare."""
        return all(t.met_by_chance(p, margin) for t, p in zip(targets, self.pessimistic()))

    def needed(self, targets: Sequence[Target]) -> list[tuple[int, float]]:
        """Per target, the member needing the most extreme time and that time: the latest
        time a deadline would need, the earliest a lower bound could hold at."""
        out = []
        for j, t in enumerate(targets):
            col = self.times[:, j]
            i = int(col.argmax()) if t.caps_length else int(col.argmin())
            out.append((i, float(col[i])))
        return out

    def time_gap(self, targets: Sequence[Target]) -> float:
        """How far the needed times miss the targets' times, relative to them (0 when met)."""
        gap = 0.0
        for t, (_, need) in zip(targets, self.needed(targets)):
            miss = need - t.minutes if t.caps_length else t.minutes - need
            gap += max(0.0, miss) / t.minutes
        return gap

    def shortfall(self, targets: Sequence[Target], margin: float = 0.0) -> float:
        """How far the pessimistic chances fall short (0 when every target is met)."""
        return float(sum(max(0.0, min(1.0, t.chance + margin) - p)
                         for t, p in zip(targets, self.pessimistic())))


def evaluate(sched: Schedule, targets: Sequence[Target], members: Sequence[Member], *, name: str,
             players: int, starting: int, denominations: Sequence[int], table_size: int, n: int,
             seed: int, notes: str = "") -> Candidate:
    """Simulate ``sched`` under every member (``n`` tournaments each)."""
    from pyeval.sim.engine.engine import simulate
    from pyeval.tournament.structure import parse_structure

    text = schedule_toml(sched, name=name, players=players, starting=starting,
                         denominations=denominations, table_size=table_size, notes=notes)
    st = parse_structure(text, f"tuned structure ({name})")
    M, T = len(members), len(targets)
    chances, times = np.zeros((M, T)), np.zeros((M, T))
    med, p90, ft = np.zeros(M), np.zeros(M), np.zeros(M)
    for i, m in enumerate(members):
        r = simulate(with_break_overrun(st, m.break_overrun), n=n, seed=seed + 7919 * i,
                     players=players, field=m.field, clock=m.clock())
        chances[i] = [t.chance_in(r) for t in targets]
        times[i] = [t.time_for(r) for t in targets]
        med[i] = np.median(r.duration)
        p90[i] = np.percentile(r.duration, 90)
        ft[i] = np.median(r.final_table)
    return Candidate(sched, text, chances, med, p90, ft, times, n)


@dataclass
class TuneResult:
    """The proposal: the structure file, why it was chosen, its verification."""

    toml: str
    chosen: Candidate
    verified: Candidate
    targets: list[Target]
    members: tuple[Member, ...]
    margin: float
    met: bool
    feasible: bool
    finalists: list[Candidate] = field(default_factory=list)
    tried: int = 0
    runner_up: Candidate | None = None

    @property
    def verify_n(self) -> int:
        """Tournaments per member in the verification."""
        return self.verified.n

    def advice(self) -> list[str]:
        """What would make the closest candidate feasible, per target missed."""
        out = []
        v = self.verified
        for j, t in enumerate(self.targets):
            p = v.pessimistic()[j]
            if t.met_by_chance(p):
                continue
            worst, need = v.needed(self.targets)[j]
            out.append(f"{t.describe()}: {100 * p:.0f}% in the pessimistic field "
                       f"({self.members[worst].name}); it would hold as '{t.describe(minutes=need)}' "
                       f"or '{t.describe(chance=max(0.01, math.floor(100 * p) / 100))}'")
        missed = [t for j, t in enumerate(self.targets) if not t.met_by_chance(v.pessimistic()[j])]
        if any(t.caps_length for t in missed):
            out.append("to end sooner: shorter levels or faster blinds (--level-minutes, a wider level "
                       "length bound, a larger --start-bb), or a later deadline")
        if any(not t.caps_length for t in missed):
            out.append("to last longer: longer levels or slower blinds (--level-minutes, a smaller "
                       "--start-bb), or an earlier lower bound")
        if missed and any(t.caps_length for t in self.targets) and any(not t.caps_length for t in self.targets):
            out.append("the targets pull both ways: the fields differ by "
                       f"{hhmm(float(v.medians.max() - v.medians.min()))} in median length, so the "
                       "window between them must be at least that wide")
        return out

    def describe(self, top: int = 10) -> str:
        """The proposal in words: the candidates, why this one, its verification."""
        c, v = self.chosen, self.verified
        lines = [f"ensemble: {len(self.members)} equally weighted fields; a target counts as met "
                 f"when its pessimistic field (the lowest chance of the {len(self.members)}) meets it "
                 f"with {100 * self.margin:g} points to spare"]
        lines.append(f"candidates: {self.tried} distinct schedules screened, {len(self.finalists)} "
                     f"simulated again with {c.n:,} tournaments per field")
        from pyeval.sim.analysis.backtest import backtest_note
        lines.append(f"model against real events (beside the sampling bands below): {backtest_note()}")
        head = "  " + f"{'schedule':<22}{'median':>7}" + "".join(
            f"  {('T' + str(j + 1)) + ' pess/med/opt':>17}" for j in range(len(self.targets)))
        lines.append(head)
        for cand in self.finalists[:top]:
            mark = "*" if cand is c else " "
            cells = "".join(f"  {100 * a:>5.0f}/{100 * b:>3.0f}/{100 * o:>3.0f}%  "
                            for a, b, o in zip(cand.pessimistic(), cand.median(), cand.optimistic()))
            ok = "feasible" if cand.meets(self.targets, self.margin) else ""
            lines.append(f"{mark} {cand.schedule.short():<22}{hhmm(cand.median_minutes):>7}{cells}{ok}")
        for j, t in enumerate(self.targets):
            lines.append(f"  T{j + 1}: {t.describe()}")
        verdict = "proposal" if self.feasible else "NO schedule of the family meets every target; closest"
        lines.append(f"{verdict}: {c.schedule.describe()} ({len(c.schedule.levels)} levels, "
                     f"{len(c.schedule.breaks)} breaks, {len(c.schedule.colour_ups)} colour-ups)")
        if self.feasible:
            prefer = "the least play" if not any(t.caps_length for t in self.targets) else "the most play"
            best = max((f for f in self.finalists if f.meets(self.targets, self.margin)),
                       key=lambda f: f.median_minutes if prefer == "the most play" else -f.median_minutes)
            why = (f"why: it meets every target in the pessimistic field with the margin; of those that do, "
                   f"{prefer} is {best.schedule.short()} (median {hhmm(best.median_minutes)}), and within 5% "
                   f"of it this one climbs the fewest rungs a level (median {hhmm(c.median_minutes)})")
            if self.runner_up is not None and self.runner_up is not best:
                why += (f"; runner-up {self.runner_up.schedule.short()} "
                        f"(median {hhmm(self.runner_up.median_minutes)})")
            lines.append(why)
        lines.append(f"verified on {v.n:,} fresh tournaments per field: median {hhmm(v.median_minutes)} "
                     f"({hhmm(float(v.medians.min()))}-{hhmm(float(v.medians.max()))} over the fields), "
                     f"90% done by {hhmm(float(np.median(v.p90s)))} "
                     f"({hhmm(float(v.p90s.min()))}-{hhmm(float(v.p90s.max()))})")
        for j, t in enumerate(self.targets):
            p, med, o = v.pessimistic()[j], v.median()[j], v.optimistic()[j]
            w = self.members[int(v.worst_member(self.targets)[j])].name
            ok = "met" if t.met_by_chance(p) else "NOT met"
            lines.append(f"  {t.describe()}: pessimistic {100 * p:.1f}% ({w}), median {100 * med:.1f}%, "
                         f"optimistic {100 * o:.1f}% -> {ok}")
        lines.append("sensitivity (chance of each target by field):")
        for i, m in enumerate(self.members):
            ch = ", ".join(f"{100 * x:.0f}%" for x in v.chances[i])
            lines.append(f"  {m.describe():<56} median {hhmm(float(v.medians[i]))}; targets: {ch}")
        if not self.met:
            lines.append("what would make it feasible:")
            lines += [f"  {a}" for a in self.advice()]
        return "\n".join(lines)

    @property
    def verified_chances(self) -> list[float]:
        """Pessimistic verified chance of each target."""
        return [float(x) for x in self.verified.pessimistic()]


def _preference(c: Candidate, caps: bool) -> float:
    return c.median_minutes if caps else -c.median_minutes


def tune(*, players: int, starting: int, denominations: Sequence[int], targets: Sequence[Target],
         table_size: int = 9, hands_per_hour: float | None = None, pace: str | None = None,
         members: Sequence[Member] | None = None,
         ensemble_size: int = 8, n: int = 200, screen_n: int = 48, verify_n: int | None = None,
         seed: int = 0, name: str | None = None, level_minutes: Sequence[int] = LEVEL_MINUTES,
         steps: Sequence[float] = STEPS, first_bbs: Sequence[int] | None = None,
         ante_from: int | None = None, margin: float = MARGIN, keep: int = 6,
         progress: Callable[[str], None] | None = None, **schedule_options: Any) -> TuneResult:
    """Search the schedule family for the targets over the ensemble (see the module notes).

    ``pace``: a pace preset (:mod:`pyeval.sim.engine.pace`) the ensemble draws its paces around
    (its full-table rate, or ``hands_per_hour`` when given); no pace: 30 hands an hour at a
    full table, the single-figure clock.

    Example:
        >>> res = tune(players=18, starting=3000, denominations=[25, 100, 500],
        ...            targets=[parse_target("done within 5h with 90%")], n=40, screen_n=16,
        ...            ensemble_size=2, level_minutes=(15, 20), steps=(1.5, 2), first_bbs=(50,))
        >>> res.met, res.chosen.schedule.level_minutes in (15, 20)
        (True, True)
    """
    _check_inputs(players, starting, denominations, table_size, targets, margin, n, screen_n)
    ens = tuple(members) if members is not None else default_ensemble(
        ensemble_size, hands_per_hour=hands_per_hour, seed=seed, pace=pace, table_size=table_size)
    name = name or f"Tuned: {players} players, {starting:,} chips"
    say = progress or (lambda msg: None)
    common: dict[str, Any] = dict(name=name, players=players, starting=starting,
                                  denominations=denominations, table_size=table_size)
    bbs = list(first_bbs) if first_bbs else start_blinds(starting, denominations)
    caps = any(t.caps_length for t in targets)
    seen: set[tuple[Any, ...]] = set()
    screened: list[Candidate] = []
    for minutes in level_minutes:
        for bb in bbs:
            for s in steps:
                sched = make_schedule(starting, players, denominations, minutes, s, first_bb=bb,
                                      ante_from=ante_from, **schedule_options)
                key = (sched.level_minutes, sched.levels, sched.breaks, sched.colour_ups)
                if key in seen:
                    continue
                seen.add(key)
                screened.append(evaluate(sched, targets, ens, n=screen_n, seed=seed, **common))
        say(f"{minutes}-minute levels screened ({len(screened)} schedules so far)")
    # finalists: those near feasibility, best preferred first; else the closest
    near = [c for c in screened if c.shortfall(targets) <= 0.05]
    near.sort(key=lambda c: -_preference(c, caps))
    if len(near) < keep:
        rest = sorted((c for c in screened if c not in near),
                      key=lambda c: (c.time_gap(targets), c.shortfall(targets)))
        near += rest[: keep - len(near)]
    say(f"simulating {min(keep, len(near))} finalists again with {n} tournaments per field")
    finalists = [evaluate(c.schedule, targets, ens, n=n, seed=seed + 1_000_003, **common)
                 for c in near[:keep]]
    feasible = [c for c in finalists if c.meets(targets, margin)]
    runner_up = None
    if feasible:
        best = max(_preference(c, caps) for c in feasible)
        close = [c for c in feasible if best - _preference(c, caps) <= 0.05 * abs(best)]
        close.sort(key=lambda c: (c.schedule.steps, -_preference(c, caps)))
        chosen = close[0]
        others = sorted((c for c in feasible if c is not chosen), key=lambda c: -_preference(c, caps))
        runner_up = others[0] if others else None
    else:
        chosen = min(finalists, key=lambda c: (c.time_gap(targets), c.shortfall(targets, margin)))
    finalists.sort(key=lambda c: (not c.meets(targets, margin), -_preference(c, caps)))
    vn = verify_n or 2 * n
    say(f"verifying {chosen.schedule.describe()} on {vn:,} fresh tournaments per field")
    notes = (f"Proposed by pyeval tournament tune for: {'; '.join(t.describe() for t in targets)}; "
             f"{chosen.schedule.describe()}; checked over {len(ens)} likely fields.")
    verified = evaluate(chosen.schedule, targets, ens, n=vn, seed=seed + 2_000_029, notes=notes, **common)
    return TuneResult(verified.toml, chosen, verified, list(targets), ens, margin,
                      verified.meets(targets), bool(feasible), finalists, len(screened), runner_up)


def _check_inputs(players: int, starting: int, denominations: Sequence[int], table_size: int,
                  targets: Sequence[Target], margin: float, n: int, screen_n: int) -> None:
    if not targets:
        raise ValueError("give at least one target, e.g. 'done within 4h with 90%'")
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"a tournament needs 2 to {MAX_PLAYERS:,} players, got {players}")
    if not 1 <= starting <= MAX_CHIPS:
        raise ValueError(f"starting chips must be from 1 to {MAX_CHIPS:,}, got {starting}")
    d = sorted(denominations)
    if not d or d[0] < 1 or len(set(d)) != len(d) or d[-1] > MAX_CHIPS:
        raise ValueError(f"the chip set must list each denomination once, each from 1 to {MAX_CHIPS:,}; "
                         f"got {list(denominations)}")
    if starting % d[0]:
        raise ValueError(f"starting chips {starting} are not a multiple of the smallest chip {d[0]}")
    if starting < 40 * d[0]:
        raise ValueError(f"{starting} starting chips are only {starting // d[0]} of the smallest chip "
                         f"({d[0]}): give at least 40, or a smaller chip")
    from pyeval.sim.engine.spec import MAX_SEATS
    if not 2 <= table_size <= MAX_SEATS:
        raise ValueError(f"the table size must be from 2 to {MAX_SEATS} seats, got {table_size}")
    if not 0 <= margin < 0.5:
        raise ValueError(f"the margin is a chance from 0 to 0.5, got {margin}")
    if n < 10 or screen_n < 4:
        raise ValueError("simulate at least 10 tournaments per field (and 4 to screen)")


__all__ = ["KINDS", "Candidate", "Schedule", "Target", "TuneResult", "evaluate", "make_schedule",
           "money_play", "nice_amount", "parse_goals", "parse_target", "replace", "schedule_toml",
           "start_blinds", "tune"]
