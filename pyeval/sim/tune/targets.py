"""Targets a director gives the tuner, read from words.

``"done within 4h with 90%"``, ``"done not before 3h with 80%"`` (also ``after``),
``"final table after 2h"`` (with 50 % unless said), ``"final table by 3h with 75%"``,
``"money play at least 1:30 with 75%"`` (time from the bubble to the end); a bound on the
level length: ``"levels between 15 and 30 minutes"``. With a start time, a target may name a
clock time (``"done by 23:30"`` after ``19:00`` is 4:30 of play).

Example:
    >>> t = parse_target("done within 4h with 90%")
    >>> t.kind, t.minutes, t.chance
    ('done_by', 240.0, 0.9)
    >>> parse_target("done by 23:30", "19:00").minutes
    270.0
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyeval.tournament.timetext import hhmm, parse_time

KINDS = ("done_by", "done_after", "final_table_after", "final_table_by", "money_play_at_least")


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

    def values(self, result: Any) -> np.ndarray:
        """The minutes this target is about, one per tournament of ``result`` (a simulation
        result, or anything with ``duration``, ``final_table`` and ``money`` arrays)."""
        if self.kind in ("done_by", "done_after"):
            return np.asarray(result.duration, float)
        if self.kind in ("final_table_after", "final_table_by"):
            return np.asarray(result.final_table, float)
        money = getattr(result, "money", None)
        return np.asarray(money if money is not None else money_play(result), float)

    def chance_of(self, values: np.ndarray) -> float:
        """The share of ``values`` (minutes, see :meth:`values`) on the target's side of its time."""
        v = np.asarray(values, float)
        return float((v <= self.minutes).mean() if self.caps_length else (v >= self.minutes).mean())

    def time_of(self, values: np.ndarray) -> float:
        """The time the target would need to hold with its chance over ``values``."""
        v = np.asarray(values, float)
        if self.caps_length:
            return float(np.quantile(v, self.chance, method="higher"))
        return float(np.quantile(v, 1 - self.chance, method="lower"))

    def chance_in(self, result: Any) -> float:
        """The chance this target holds in a simulation result."""
        return self.chance_of(self.values(result))

    def time_for(self, result: Any) -> float:
        """The time this target would need to hold with its chance in ``result``."""
        return self.time_of(self.values(result))

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


__all__ = ["KINDS", "Target", "money_play", "parse_goals", "parse_target"]
