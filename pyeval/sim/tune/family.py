"""The rung-ladder family of blind schedules (the tuner's family before director files).

The big blinds climb a ladder of round, payable amounts (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8
times a power of ten, multiples of twice the smallest chip in play so the small blind, half,
is payable). Knobs: ``level_minutes``; ``steps``, rungs of the ladder climbed a level (1.5
alternates one and two); the first big blind (:func:`start_blinds`); ``ante_from``. A break
of ``break_minutes`` comes about every ``break_every`` minutes; the smallest chip colours up
at the first break after the big blind reaches ``colour_up_at`` times the next chip; levels
go on until one big blind is a third of all the chips. :class:`Schedule` is also what the
director-style generator (:mod:`pyeval.sim.tune.candidates`) returns.

Example:
    >>> s = make_schedule(3000, 30, [25, 100, 500], 20, 1.0, first_bb=50)
    >>> [lv.big_blind for lv in s.levels[:6]]
    [50, 100, 150, 200, 250, 300]
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.tune.constraints import EARLY_DEPTH

NICE = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)
LEVEL_MINUTES = (10, 12, 15, 20, 25, 30, 40, 60)
STEPS = (1.0, 1.5, 2.0, 2.5, 3.0)
START_DEPTHS = (150.0, 75.0, 40.0)



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
    #: the rate of growth asked of :func:`pyeval.sim.tune.candidates.director_schedule` (0: a
    #: schedule of the rung ladder)
    asked_growth: float = 0.0

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
        """The schedule in plain words.

        Example:
            >>> make_schedule(3000, 30, [25, 100, 500], 20, 1.5, first_bb=50).describe()[:61]
            '20-minute levels; blinds 25/50 to start (60 big blinds), each'

        """
        ante_from = next((i + 1 for i, lv in enumerate(self.levels) if lv.ante), None)
        bbs = [lv.big_blind for lv in self.levels]
        s = (f"{self.level_minutes}-minute levels; blinds {self.levels[0].small_blind}/{bbs[0]} "
             f"to start ({self.start_depth:.0f} big blinds), ")
        early = [i for i, b in enumerate(bbs) if self.starting > EARLY_DEPTH * b]
        if self.asked_growth and 0 < len(early) < len(bbs) - 1:
            k = early[-1] + 1
            late = (bbs[-1] / bbs[k]) ** (1 / (len(bbs) - 1 - k)) if len(bbs) - 1 > k else 1.0
            s += (f"each big blind at most half again the last until {bbs[k]}, then about "
                  f"{100 * (late - 1):.0f}% above the last")
        else:
            s += f"each big blind about {100 * (self.growth - 1):.0f}% above the last"
        if ante_from:
            bb_ante = self.levels[ante_from - 1].ante_by == "big_blind"
            s += (f"; {'big-blind ' if bb_ante else ''}antes from level {ante_from} "
                  f"(big blind {self.levels[ante_from - 1].big_blind})")
        return s

    def short(self) -> str:
        """A compact label for tables of candidates: "20 min, +39%, 25/50"."""
        return (f"{self.level_minutes} min, +{100 * (self.growth - 1):.0f}%, "
                f"{self.levels[0].small_blind}/{self.levels[0].big_blind}")


class LadderRules(NamedTuple):
    """The family's rules besides the growth (see the module notes).

    ``ante_from``: the level antes start (``0``: never; ``None``: once the starting stack is
    ``ante_depth`` big blinds or less); ``ante_by``: ``"each"`` player antes an eighth of the
    big blind, or ``"big_blind"``: a big-blind ante of one big blind; ``colour_up_at``: the
    big blind, in next chips, that colours the smallest chip up; a break of ``break_minutes``
    about every ``break_every`` minutes; at most ``max_levels`` levels.
    """

    ante_from: int | None = None
    ante_depth: float = 15.0
    ante_by: str = "each"
    colour_up_at: float = 20.0
    break_every: int = 120
    break_minutes: int = 10
    max_levels: int = 60


def make_schedule(starting: int, players: int, denominations: Sequence[int], level_minutes: int,
                  steps: float, *, first_bb: int | None = None, start_depth: float = 75.0,
                  rules: LadderRules | None = None) -> Schedule:
    """The schedule of the family for one set of knobs (see the module notes); the first big
    blind ``first_bb``, else the nice amount nearest ``start_depth`` big blinds deep;
    ``rules``: :class:`LadderRules` (``None``: its defaults).

    Example:
        >>> s = make_schedule(3000, 30, [25, 100, 500], 20, 1.5, first_bb=50)
        >>> [(lv.small_blind, lv.big_blind) for lv in s.levels[:5]]
        [(25, 50), (50, 100), (100, 200), (125, 250), (200, 400)]
        >>> [lv.ante for lv in s.levels[2:6]], s.colour_ups, s.breaks
        ([25, 25, 50, 75], ((13, (25,)),), ((6, 10), (12, 10)))
    """
    ante_from, ante_depth, ante_by, colour_up_at, break_every, break_minutes, max_levels = rules or LadderRules()
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


__all__ = ["LEVEL_MINUTES", "NICE", "START_DEPTHS", "STEPS", "LadderRules", "Schedule", "make_schedule", "nice_amount",
           "start_blinds"]
