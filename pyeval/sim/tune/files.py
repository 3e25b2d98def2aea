"""The tuner's files: what a director's structure file fixes, and the proposal written back.

:func:`fixed_from_structure` reads what the tuner keeps from the director's file: the
entrants, starting chips, chip set, table size and pace, the level length (the most common
one), the first blinds, the break interval (the first break's level and length) and who
antes, from how deep. :func:`schedule_toml` writes a schedule as a structure file that
``pyeval tournament check`` passes and :func:`~pyeval.tournament.structure.load_structure`
reads back to the same levels.

Example:
    >>> f = fixed_from_structure("club_3000")
    >>> f.players, f.starting, f.level_minutes, f.first_blinds, f.break_levels
    (40, 3000, 20, (25, 50), 2)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from pyeval.sim.analysis.structure_toml import structure_toml
from pyeval.sim.tune.family import Schedule


class Fixed(NamedTuple):
    """What a director's file fixes (``None``: the file does not say)."""

    name: str
    players: int
    starting: int
    denominations: tuple[int, ...]
    table_size: int
    pace: str | None
    level_minutes: int | None
    first_blinds: tuple[int, int]
    break_levels: int | None
    break_minutes: int | None
    ante_by: str
    #: the starting stack in big blinds at the file's first ante (``None``: no antes)
    ante_depth: float | None
    #: sections of the file the proposal does not carry over (rebuys, add-on, ...)
    dropped: tuple[str, ...]


def fixed_from_structure(structure: Any) -> Fixed:
    """What :class:`Fixed` lists, from a structure (a loaded one, a path or an example's name)."""
    from pyeval.tournament.structure import load_structure

    st = load_structure(structure) if not hasattr(structure, "levels") else structure
    blinds = [lv for lv in st.levels if lv.big_blind > 0]
    if not blinds:
        raise ValueError(f"{st.name}: the tuner needs a blind game (small and big blinds); this "
                         "structure has none")
    if any(lv.game != blinds[0].game or lv.betting != blinds[0].betting for lv in st.levels):
        raise ValueError(f"{st.name}: the tuner writes one game and betting for every level; this "
                         "structure mixes games or bettings")
    timed = [lv.minutes for lv in st.levels if lv.minutes]
    minutes = Counter(timed).most_common(1)[0][0] if timed else None
    brk = st.breaks[0] if st.breaks else None
    first_ante = next((lv for lv in st.levels if lv.ante), None)
    dropped = tuple(what for what, there in (
        ("rebuys", st.rebuys), ("add-on", st.add_on), ("late registration", st.late_registration),
        ("re-entry", st.re_entry), ("final stage", st.final_stage)) if there)
    return Fixed(
        name=st.name, players=st.entrants.maximum, starting=st.starting_chips,
        denominations=tuple(st.chips.denominations), table_size=st.tables.table_size,
        pace=st.tables.pace, level_minutes=minutes,
        first_blinds=(blinds[0].small_blind, blinds[0].big_blind),
        break_levels=brk.after_level if brk else None, break_minutes=brk.minutes if brk else None,
        ante_by=first_ante.ante_by if first_ante else "each",
        ante_depth=st.starting_chips / first_ante.big_blind if first_ante else None,
        dropped=dropped)


def _payouts(players: int) -> dict[str, Any]:
    if players <= 6:
        return {"percent": [65, 35] if players >= 2 else [100]}
    if players <= 20:
        return {"percent": [50, 30, 20]}
    if players <= 40:
        return {"percent": [45, 27, 17, 11]}
    return {"percent": None, "paid_percent": 12, "ratio": 0.6}


def schedule_toml(sched: Schedule, *, name: str, players: int, starting: int,
                  denominations: Sequence[int], table_size: int, notes: str = "",
                  pace: str | None = None) -> str:
    """The structure file of a schedule (payouts: a usual table for the field's size)."""
    return structure_toml(name, entrants=players, starting=starting,
                          denominations=sorted(denominations), levels=sched.levels,
                          minutes=sched.level_minutes, breaks=sched.breaks,
                          colour_ups=sched.colour_ups, table_size=table_size, notes=notes,
                          pace=pace, **_payouts(players))


__all__ = ["Fixed", "fixed_from_structure", "schedule_toml"]
