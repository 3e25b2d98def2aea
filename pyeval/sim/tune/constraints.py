"""The rules a proposed schedule keeps, so that a director would accept it.

- **jumps**: while the starting stack is more than :data:`EARLY_DEPTH` big blinds (the early
  levels), no big blind is more than :data:`MAX_EARLY_JUMP` times the one before; later
  levels at most :data:`MAX_LATE_JUMP` times;
- **chips**: every small blind, big blind and ante is a multiple of the smallest chip in
  play at that level (after the colour-ups), so the chips can pay every level;
- **breaks**: a break after every ``break_levels`` levels (the director's interval), none
  elsewhere;
- **antes**: none while the starting stack is more than :data:`EARLIEST_ANTE_DEPTH` big blinds.

:func:`problems` lists every rule a schedule breaks (empty: it keeps them all); the tuner
generates only schedules that keep them and checks each one again before proposing it.

Example:
    >>> from pyeval.sim.analysis.structure_toml import LevelSpec
    >>> lv = [LevelSpec(25, 50), LevelSpec(50, 100), LevelSpec(75, 150)]
    >>> [p.rule for p in problems(lv, starting=5000, denominations=[25, 100])]
    ['jump']
    >>> problems(lv[1:], starting=5000, denominations=[25, 100])
    []
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pyeval.sim.analysis.structure_toml import LevelSpec

#: The early levels are those where the starting stack is more than this many big blinds.
EARLY_DEPTH = 10.0
#: The largest step of the big blind from one early level to the next ("about 1.5x").
MAX_EARLY_JUMP = 1.5
#: The largest step later on (a doubling).
MAX_LATE_JUMP = 2.0
#: No ante while the starting stack is more than this many big blinds.
EARLIEST_ANTE_DEPTH = 20.0
#: Rounding slack on the ratios (a 25/50 to 50/75 step is exactly 1.5).
JUMP_SLACK = 1e-9


class Problem(NamedTuple):
    """A rule a schedule breaks: the level (1-based), the rule's name and the reason."""

    level: int
    rule: str
    message: str


def smallest_chip(level: int, denominations: Sequence[int],
                  colour_ups: Sequence[tuple[int, Sequence[int]]] = ()) -> int:
    """The smallest chip in play at ``level`` (colour-ups ``(before_level, removed)``).

    Example:
        >>> smallest_chip(9, [25, 100, 500], [(9, (25,))]), smallest_chip(8, [25, 100, 500], [(9, (25,))])
        (100, 25)
    """
    gone = {d for before, removed in colour_ups if before <= level for d in removed}
    return min(d for d in denominations if d not in gone)


def jump_limit(prev_big_blind: int, starting: int) -> float:
    """The largest allowed ratio from a level with big blind ``prev_big_blind`` to the next."""
    return MAX_EARLY_JUMP if starting > EARLY_DEPTH * prev_big_blind else MAX_LATE_JUMP


def problems(levels: Sequence[LevelSpec], *, starting: int, denominations: Sequence[int],
             colour_ups: Sequence[tuple[int, Sequence[int]]] = (),
             breaks: Sequence[tuple[int, int]] | None = None,
             break_levels: int | None = None) -> list[Problem]:
    """Every rule of the module notes that ``levels`` break (breaks are checked when
    ``break_levels`` is given)."""
    out: list[Problem] = []
    for i, lv in enumerate(levels):
        n = i + 1
        unit = smallest_chip(n, denominations, colour_ups)
        for what, amount in (("small blind", lv.small_blind), ("big blind", lv.big_blind), ("ante", lv.ante)):
            if amount % unit or (what != "ante" and amount <= 0):
                out.append(Problem(n, "chips", f"level {n}: the {what} {amount} cannot be paid with "
                                                f"the smallest chip in play ({unit})"))
        if lv.ante and starting > EARLIEST_ANTE_DEPTH * lv.big_blind:
            out.append(Problem(n, "antes", f"level {n}: an ante with the starting stack still "
                                           f"{starting / lv.big_blind:.0f} big blinds deep (antes from "
                                           f"{EARLIEST_ANTE_DEPTH:g} big blinds or less)"))
        if i:
            prev = levels[i - 1].big_blind
            limit = jump_limit(prev, starting)
            if lv.big_blind > limit * prev + JUMP_SLACK:
                out.append(Problem(n, "jump", f"level {n}: the big blind jumps from {prev} to {lv.big_blind} "
                                              f"(x{lv.big_blind / prev:.2f}; at most x{limit:g} here)"))
    if break_levels is not None and breaks is not None:
        want = list(range(break_levels, len(levels), break_levels))
        have = [after for after, _ in breaks]
        if have != want:
            out.append(Problem(0, "breaks", f"breaks after levels {have}, not every {break_levels} "
                                            f"levels ({want})"))
    return out


__all__ = ["EARLIEST_ANTE_DEPTH", "EARLY_DEPTH", "MAX_EARLY_JUMP", "MAX_LATE_JUMP", "Problem", "jump_limit",
           "problems", "smallest_chip"]
