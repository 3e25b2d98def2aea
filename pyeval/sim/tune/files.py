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

import copy
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pyeval.sim.analysis.structure_toml import structure_toml
from pyeval.sim.tune.family import Schedule

#: the sections of a director's file that name a level, and the key that does: a proposal
#: with fewer levels moves them to its last level
LEVEL_KEYS: tuple[tuple[str, str], ...] = (("rebuys", "until_level"), ("add_on", "before_level"),
                                            ("late_registration", "until_level"), ("re_entry", "until_level"))
#: the [schedule] keys that make breaks by rule (the proposal lists its breaks)
BREAK_RULE_KEYS: tuple[str, ...] = ("break_every_levels", "break_every_minutes", "break_minutes")


class DirectorFile(NamedTuple):
    """A director's structure file as text: the proposal is written into it, every section
    the tuner does not set (rebuys, add-on, late registration, payouts, ...) kept."""

    text: str
    file: str = "structure.toml"


def director_file(start_from: Any) -> DirectorFile | None:
    """The text of ``start_from`` (a :class:`DirectorFile`, a path or an example's name;
    ``None`` for a loaded structure, whose text is not kept).

    Example:
        >>> director_file("club_3000").file.endswith("club_3000.toml"), director_file(None)
        (True, None)
    """
    from pyeval.tournament.structure import EXAMPLES_DIR

    if isinstance(start_from, DirectorFile):
        return start_from
    if not isinstance(start_from, (str, os.PathLike)):
        return None
    path = Path(start_from)
    if not path.is_file():
        path = EXAMPLES_DIR / f"{path.name.removesuffix('.toml')}.toml"
    return DirectorFile(path.read_text("utf-8"), str(path))


def schedule_into(base: DirectorFile, sched: Schedule, *, name: str, notes: str = "",
                  event: Event | None = None) -> str:
    """The director's file with the schedule's levels, breaks and colour-ups (level length in
    ``[level_defaults]``); the name and notes set, and the ``event``'s chips, table size and
    pace when given; every other section kept, a level named by rebuys, the add-on or late
    registration moved to the last level when beyond it.

    Example:
        >>> from pyeval.sim.tune.family import LadderRules, make_schedule
        >>> from pyeval.tournament.structure import parse_structure
        >>> s = make_schedule(3500, 30, [25, 100, 500], 15, 1.5, first_bb=50, rules=LadderRules(colour_up_at=1e9))
        >>> st = parse_structure(schedule_into(director_file("addon_3500"), s, name="tuned"))
        >>> st.add_on is not None, [lv.big_blind for lv in st.levels[:3]], st.levels[0].minutes
        (True, [50, 100, 200], 15)
    """
    from pyeval.sim.engine.pace import DEFAULT_PACE
    from pyeval.tournament.toml_reader import read_toml
    from pyeval.tournament.toml_writer import toml_text

    data = copy.deepcopy(read_toml(base.text, base.file))
    old = data.get("levels")
    first = old[0] if isinstance(old, list) and old and isinstance(old[0], dict) else {}
    same = {key: first[key] for key in ("game", "betting") if key in first}
    data["levels"] = [{**same, **_level(lv)} for lv in sched.levels]
    defaults = data.setdefault("level_defaults", {})
    defaults.pop("hands", None)
    defaults["minutes"] = sched.level_minutes
    data.pop("breaks", None)
    if sched.breaks:
        data["breaks"] = [{"after_level": after, "minutes": minutes} for after, minutes in sched.breaks]
    if isinstance(data.get("schedule"), dict):
        for key in BREAK_RULE_KEYS:
            data["schedule"].pop(key, None)
    chips = data.setdefault("chips", {})
    if event is not None:
        chips.update(starting=event.starting, denominations=list(event.denominations))
        tables = data.setdefault("tables", {})
        tables["size"] = event.table_size
        if event.pace and event.pace != tables.get("pace", DEFAULT_PACE):     # the same pace: as written
            tables["pace"] = event.pace
    chips.pop("colour_up", None)
    if sched.colour_ups:
        chips["colour_up"] = [{"before_level": lv, "remove": list(rem)} for lv, rem in sched.colour_ups]
    for section, key in LEVEL_KEYS:
        sec = data.get(section)
        if isinstance(sec, dict) and isinstance(sec.get(key), int) and sec[key] > len(sched.levels):
            sec[key] = len(sched.levels)
    tournament = data.setdefault("tournament", {})
    tournament["name"] = name
    if notes:
        tournament["notes"] = notes
    return toml_text(data)


def _level(lv: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"small_blind": lv.small_blind, "big_blind": lv.big_blind}
    if lv.ante:
        out["ante"] = lv.ante
        if lv.ante_by != "each":
            out["ante_by"] = lv.ante_by
    return out


class Event(NamedTuple):
    """The event a schedule is written for: who, what chips, what table, what pace, and the
    director's file when the tuner starts from one (:meth:`toml` writes into it)."""

    name: str
    players: int
    starting: int
    denominations: tuple[int, ...]
    table_size: int
    pace: str | None = None
    base: DirectorFile | None = None

    def toml(self, sched: Schedule, notes: str = "") -> str:
        """The structure file of ``sched`` for this event."""
        if self.base is not None:
            return schedule_into(self.base, sched, name=self.name, notes=notes, event=self)
        return schedule_toml(sched, name=self.name, players=self.players, starting=self.starting,
                             denominations=self.denominations, table_size=self.table_size, notes=notes,
                             pace=self.pace)


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
    #: the file's sections the proposal keeps as they are (rebuys, add-on, ...): the
    #: schedules are simulated with them
    sections: tuple[str, ...]


def fixed_from_structure(structure: Any) -> Fixed:
    """What :class:`Fixed` lists, from a structure (a loaded one, a path or an example's name)."""
    from pyeval.tournament.structure import load_structure, parse_structure

    if isinstance(structure, DirectorFile):
        st = parse_structure(structure.text, structure.file)
    else:
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
    sections = tuple(what for what, there in (
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
        sections=sections)


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


__all__ = ["DirectorFile", "Event", "Fixed", "director_file", "fixed_from_structure", "schedule_into",
           "schedule_toml"]
