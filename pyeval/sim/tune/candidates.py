"""Candidate schedules a director would accept, one per rate of growth of the blinds.

What the director fixed stays: the chip set, the level length, the first blinds, the break
interval (every ``break_levels`` levels, ``break_minutes`` long) and who antes. The one knob
is ``growth``: each level's big blind is the round amount nearest ``growth`` times the one
before (amounts of :data:`LADDER` times a power of ten), never more than the jump limit of
:mod:`pyeval.sim.tune.constraints` (x1.5 between early levels, x2 later), and payable: a
multiple of the smallest chip in play, with a small blind of half of it (rounded up to that
chip only when no amount within the limit splits evenly: 25/50, 50/75, 50/100, ...). Antes
(an eighth of the big blind from every player, or a big-blind ante of one big blind) start at
the first level after the first break where the starting stack is :data:`ANTE_DEPTH` big
blinds or less (the director's own depth when the file has antes). The smallest chip colours
up at a break once the big blind is :data:`COLOUR_UP_AT` times the next chip (two
denominations always stay). Levels go on until one big blind is a third of all the chips.

Example:
    >>> s = director_schedule(5000, 25, [25, 100, 500, 1000], 20, 1.3, first_blinds=(25, 50), break_levels=4)
    >>> [(lv.small_blind, lv.big_blind) for lv in s.levels[:6]]
    [(25, 50), (50, 75), (50, 100), (75, 150), (100, 200), (125, 250)]
    >>> s.breaks[:2], s.colour_ups
    (((4, 10), (8, 10)), ((13, (25,)), (21, (100,))))
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.tune.constraints import EARLIEST_ANTE_DEPTH, jump_limit
from pyeval.sim.tune.family import Schedule, nice_amount

#: Round amounts a big blind may take, times a power of ten.
LADDER = (1.0, 1.2, 1.5, 1.6, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 7.5, 8.0)
#: The rates of growth the tuner tries (each level's big blind over the one before).
GROWTHS = tuple(round(1.12 + 0.04 * i, 2) for i in range(18))     # 1.12, 1.16, ... 1.80
#: Antes start where the starting stack is this many big blinds or less (when not fixed).
ANTE_DEPTH = 10.0
#: The smallest chip colours up once the big blind is this many times the next chip.
COLOUR_UP_AT = 10
#: Levels a schedule has at most.
MAX_LEVELS = 60


def small_blind_for(big_blind: int, unit: int) -> int:
    """Half the big blind rounded up to the chip ``unit`` (75 with 25s: 50).

    Example:
        >>> small_blind_for(75, 25), small_blind_for(500, 100), small_blind_for(100, 25)
        (50, 300, 50)
    """
    return -(-big_blind // (2 * unit)) * unit


def _amounts(unit: int, above: int, upto: float) -> list[int]:
    """Round amounts in ``(above, upto]`` payable with ``unit`` (the small blind too)."""
    out = set()
    k0 = max(0, int(math.log10(max(above, 1))) - 1)
    for k in range(k0, k0 + 3):
        for m in LADDER:
            v = int(round(m * 10**k))
            if above < v <= upto and v % unit == 0 and small_blind_for(v, unit) < v:
                out.add(v)
    return sorted(out)


def next_big_blind(big_blind: int, unit: int, growth: float, cap: float) -> int:
    """The round payable amount nearest ``growth`` times ``big_blind``, at most ``cap`` times it
    (the next payable amount when no round one fits).

    Example:
        >>> next_big_blind(50, 25, 1.3, 1.5), next_big_blind(200, 100, 1.3, 1.5), next_big_blind(600, 100, 1.3, 1.5)
        (75, 300, 800)
    """
    found = _amounts(unit, big_blind, cap * big_blind + 1e-9)
    options = [v for v in found if v % (2 * unit) == 0] or found   # an even split of the blinds first
    if not options:
        v = (big_blind // unit + 1) * unit
        return max(v, 2 * unit)
    want = growth * big_blind
    return min(options, key=lambda v: (abs(math.log(v / want)), v))


def director_schedule(starting: int, players: int, denominations: Sequence[int], level_minutes: int,
                      growth: float, *, first_blinds: tuple[int, int], break_levels: int,
                      break_minutes: int = 10, ante_by: str = "each", ante_depth: float = ANTE_DEPTH,
                      ante_from: int | None = None, max_levels: int = MAX_LEVELS) -> Schedule:
    """The candidate of the module notes for one rate of ``growth``.

    ``ante_from``: a level to start antes at (``0``: never; ``None``: by ``ante_depth``).
    """
    d = sorted(int(x) for x in denominations)
    sb, bb = (int(x) for x in first_blinds)
    if not 1.0 < growth <= 3.0:
        raise ValueError(f"the growth of the blinds a level is above 1 and at most 3, got {growth}")
    if bb <= 0 or sb <= 0 or sb > bb or bb % d[0] or sb % d[0]:
        raise ValueError(f"the first blinds {sb}/{bb} must be above 0, the small blind at most the big, "
                         f"both multiples of the smallest chip ({d[0]})")
    if break_levels < 1:
        raise ValueError(f"a break comes after every 1 or more levels, got {break_levels}")
    total = starting * players
    unit_i = 0
    levels: list[LevelSpec] = []
    colour: list[tuple[int, tuple[int, ...]]] = []
    ante_depth = min(ante_depth, EARLIEST_ANTE_DEPTH)
    while True:
        number = len(levels) + 1
        unit = d[unit_i]
        if ante_from is None:
            ante_on = number > break_levels and starting <= ante_depth * bb
        else:
            ante_on = ante_from > 0 and number >= ante_from and starting <= EARLIEST_ANTE_DEPTH * bb
        if ante_on and ante_by == "big_blind":
            levels.append(LevelSpec(sb, bb, bb, ante_by="big_blind"))
        else:
            levels.append(LevelSpec(sb, bb, nice_amount(bb / 8, unit) if ante_on else 0))
        if bb * 3 >= total or len(levels) >= max_levels:
            break
        cap = jump_limit(bb, starting)
        nxt = next_big_blind(bb, unit, growth, cap)
        if (number % break_levels == 0 and unit_i + 2 < len(d) and nxt >= COLOUR_UP_AT * d[unit_i + 1]
                and starting % d[unit_i + 1] == 0):
            up = d[unit_i + 1]
            after = nxt if nxt % up == 0 and small_blind_for(nxt, up) < nxt else next_big_blind(bb, up, growth, cap)
            if after <= cap * bb:                  # colour up only when the next step stays in the limit
                colour.append((number + 1, (d[unit_i],)))
                unit_i += 1
                nxt = after
        bb = nxt
        sb = small_blind_for(bb, d[unit_i])
    breaks = tuple((i, break_minutes) for i in range(break_levels, len(levels), break_levels))
    return Schedule(level_minutes, 0.0, levels[0].big_blind, tuple(levels), breaks,
                    tuple(c for c in colour if c[0] <= len(levels)), starting, growth)


__all__ = ["ANTE_DEPTH", "COLOUR_UP_AT", "GROWTHS", "LADDER", "MAX_LEVELS", "director_schedule",
           "next_big_blind", "small_blind_for"]
