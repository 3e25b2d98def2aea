"""The tuner's answer in plain words: the proposal, how long it lasts, why, how sure.

Times are lengths of play (``3:52``) and, with a start time, clock times too (``22:52``).
The spread a director needs first is over the likely evenings, each named; the sampling
error of the simulation comes last, in small print; the back-test's error
(:func:`pyeval.sim.analysis.backtest.backtest_note`) is quoted as measured.

Example:
    >>> when(232.4, None), when(232.4, "19:00")
    ('3:52', '3:52 (22:52)')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyeval.sim.analysis.ensemble import Member
from pyeval.sim.tune.files import Fixed
from pyeval.sim.tune.scoring import Candidate, describe_member, quantile_band
from pyeval.sim.tune.targets import Target
from pyeval.tournament.timetext import hhmm, parse_clock


def when(minutes: float, start: str | None) -> str:
    """A length of play, with the clock time after ``start`` when given."""
    if start is None or not np.isfinite(minutes):
        return hhmm(minutes)
    clock = (parse_clock(start) + int(round(minutes))) % (24 * 60)
    return f"{hhmm(minutes)} ({clock // 60:02d}:{clock % 60:02d})"


def _spread(c: Candidate, i: int | None, start: str | None) -> str:
    d = c.pooled.duration if i is None else None
    if d is None:
        return f"half done by {when(float(c.medians[i]), start)}, 9 in 10 by {when(float(c.p90s[i]), start)}"
    return (f"half done by {when(float(np.median(d)), start)}, "
            f"9 in 10 by {when(float(np.percentile(d, 90)), start)}")


@dataclass
class TuneResult:
    """The proposal: the structure file, why it was chosen, its verification.

    ``verified``: the chosen schedule on fresh tournaments under every likely evening;
    ``default``: the same under the default field at the event's pace alone; ``reason``:
    why no schedule meets every target (``None`` when one does; the closest is then
    proposed and written all the same).
    """

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
    default: Candidate | None = None
    reason: str | None = None
    fixed: Fixed | None = None
    kept: tuple[str, ...] = ()
    start: str | None = None
    nominal_rate: float = 0.0
    seconds: float = 0.0

    @property
    def verify_n(self) -> int:
        """Tournaments per likely evening in the verification."""
        return self.verified.n

    @property
    def verified_chances(self) -> list[float]:
        """The verified chance of each target over the likely evenings pooled."""
        return [float(x) for x in self.verified.pooled_chances(self.targets)]

    def summary(self) -> dict[str, Any]:
        """The answer as plain data (for a web page): the verdict, the times in minutes over the
        likely evenings and with the default field, each evening's, the targets' chances, what
        was kept, the reason when the request cannot hold, and the structure file.

        Example (after ``res = tune(...)``): ``res.summary()["p90"]`` is the 9-in-10 finish
        over the likely evenings, ``res.summary()["evenings"][0]["name"]`` the default field.
        """
        v = self.verified
        d = self.default.pooled.duration if self.default is not None else v.pooled.duration
        return {
            "feasible": self.feasible, "met": self.met, "reason": self.reason, "kept": list(self.kept),
            "schedule": self.chosen.schedule.describe(), "levels": len(self.chosen.schedule.levels),
            "median": float(np.median(v.pooled.duration)), "p90": float(np.percentile(v.pooled.duration, 90)),
            "default_median": float(np.median(d)), "default_p90": float(np.percentile(d, 90)),
            "targets": [{"target": t.describe(), "chance": float(p), "met": bool(t.met_by_chance(p))}
                        for t, p in zip(self.targets, v.pooled_chances(self.targets))],
            "evenings": [{"name": describe_member(m, self.nominal_rate), "median": float(v.medians[i]),
                          "p90": float(v.p90s[i])} for i, m in enumerate(self.members)],
            "toml": self.toml,
        }

    def advice(self) -> list[str]:
        """What would make the request feasible, per target missed (empty when met)."""
        v, out = self.verified, []
        chances, times = v.pooled_chances(self.targets), v.pooled_times(self.targets)
        for t, p, need in zip(self.targets, chances, times):
            if t.met_by_chance(p):
                continue
            out.append(f"{t.describe()}: {100 * p:.0f}% of the likely evenings; it would hold as "
                       f"'{t.describe(minutes=need)}' or '{t.describe(chance=max(0.01, np.floor(100 * p) / 100))}'")
        caps = [t for t, p in zip(self.targets, chances) if not t.met_by_chance(p) and t.caps_length]
        lower = [t for t, p in zip(self.targets, chances) if not t.met_by_chance(p) and not t.caps_length]
        if caps:
            out.append("to end sooner: shorter levels, fewer chips or a later deadline")
        if lower:
            out.append("to last longer: longer levels, more chips or an earlier lower bound")
        return out

    def describe(self, top: int = 6) -> str:
        """The proposal in plain words."""
        c, v, s = self.chosen, self.verified, self.start
        sched = c.schedule
        lines = ["Proposal" if self.feasible else "Closest proposal (the request cannot be met in full)"]
        if self.kept:
            lines.append("  kept from your structure: " + "; ".join(self.kept))
        lines.append(f"  {sched.describe()}")
        jumps = [b.big_blind / a.big_blind for a, b in zip(sched.levels, sched.levels[1:])]
        if jumps:
            lines.append(f"  {len(sched.levels)} levels written; the largest step in the first six levels is "
                         f"x{max(jumps[:5]):.2f}; {len(sched.breaks)} breaks; "
                         + (", ".join(f"the {', '.join(map(str, rem))} chips leave before level {lv}"
                                      for lv, rem in sched.colour_ups) or "no colour-up"))
        lines.append("")
        lines.append(f"How long it lasts, over {len(self.members)} likely evenings (who plays, how fast "
                     f"they deal; equally likely; {v.n:,} simulated tournaments each):")
        lines.append("  by evening:")
        for i, m in enumerate(self.members):
            lines.append(f"    {describe_member(m, self.nominal_rate):<54} {_spread(v, i, s)}")
        lines.append(f"  all evenings together: {_spread(v, None, s)}")
        for t, p in zip(self.targets, v.pooled_chances(self.targets)):
            ok = "met" if t.met_by_chance(p) else "NOT met"
            lines.append(f"  {t.describe()}: {100 * p:.1f}% of the likely evenings -> {ok}")
        if self.default is not None:
            lines.append(f"  with the default field alone ({describe_member(self.default_member, self.nominal_rate)}): "
                         f"{_spread(self.default, None, s)}")
        from pyeval.sim.analysis.backtest import backtest_note
        lines.append("")
        lines.append(f"How far the model has been from real events: {backtest_note()}.")
        lines.append("")
        lines.append(self._why())
        if self.reason:
            lines.append(f"Why not in full: {self.reason}")
            lines += [f"  {a}" for a in self.advice()]
        lo, hi = quantile_band(v.pooled.duration, 0.9)
        lines.append("")
        lines.append(f"(Sampling error: the 9-in-10 time above is known to {hhmm(lo)}-{hhmm(hi)} from "
                     f"{len(v.pooled.duration):,} simulated tournaments; {self.tried} schedules tried "
                     f"in {self.seconds:.0f} s.)")
        return "\n".join(lines)

    @property
    def default_member(self) -> Member:
        """The default field at the event's pace (what ``default`` was simulated under)."""
        from pyeval.sim.tune.scoring import HEDGE_FIELDS

        label, fld = HEDGE_FIELDS[0]
        pace = self.members[0].pace if self.members else None
        return Member(label, fld, self.nominal_rate, 0.0, 1.0, pace)

    def _why(self) -> str:
        if not self.feasible:
            return (f"Why this one: of the {self.tried} schedules tried none meets every target over the "
                    "likely evenings; this one comes closest.")
        caps = any(t.caps_length for t in self.targets)
        what = "the slowest (the most play)" if caps else "the fastest"
        why = (f"Why this one: of the {self.tried} schedules tried, it is {what} that meets every "
               f"target over the likely evenings with {100 * self.margin:g} points to spare")
        if self.runner_up is not None:
            r = self.runner_up
            why += (f"; the next {'slower' if caps else 'faster'} one would be 9 in 10 done by "
                    f"{hhmm(r.p90_minutes)} ("
                    + ", ".join(f"{100 * p:.0f}% for '{t.describe()}'"
                                for t, p in zip(self.targets, r.pooled_chances(self.targets))) + ")")
        return why + "."


__all__ = ["TuneResult", "when"]
