"""The settings a director names in plain words: who plays and how fast the room deals.

Each :class:`Setting` is a field (a mix of :data:`pyeval.sim.players.presets.FIELDS`) at a pace
(:data:`pyeval.sim.engine.pace.PACES`). The workbench (``pyeval serve``) offers them by their
words, and ``pyeval tournament simulate --spread`` reports how long the structure lasts in
each, the uncertainty that moves a tournament's length most (a home game where players
deal and a casino event with dealers differ by more than an hour on the same structure),
before the sampling error of the run.

Example:
    >>> SETTINGS["home"].words
    'a relaxed home game where players deal'
    >>> [s.key for s in SETTINGS.values()]
    ['home', 'club', 'casino', 'online']
    >>> setting("pub")
    Traceback (most recent call last):
    ...
    ValueError: unknown setting 'pub': choose one of home, club, casino, online
"""
from __future__ import annotations

from typing import NamedTuple

from pyeval.sim.engine.pace import DEFAULT_PACE, PACES
from pyeval.sim.players.presets import FIELDS


class Setting(NamedTuple):
    """A field at a pace, named in a director's words (``field``: a key of
    :data:`pyeval.sim.players.presets.FIELDS`; ``pace``: a key of :data:`pyeval.sim.engine.pace.PACES`)."""

    key: str
    words: str
    field: str
    pace: str


SETTINGS: dict[str, Setting] = {s.key: s for s in (
    Setting("home", "a relaxed home game where players deal", "home_game", "players"),
    Setting("club", "a club night with a dealer at each table", "club_night", "dealer"),
    Setting("casino", "a casino event with dealers", "live_tournament", DEFAULT_PACE),
    Setting("online", "an online tournament", "online", "online"),
)}

#: the setting of a simulation that names none: the simulator's default pace (a dealt
#: table) with the default field of a dealt event (``live_tournament``)
DEFAULT_SETTING = "casino"


def setting(key: str) -> Setting:
    """The setting called ``key`` (a clear error for any other)."""
    if key not in SETTINGS:
        raise ValueError(f"unknown setting {key!r}: choose one of {', '.join(SETTINGS)}")
    return SETTINGS[key]


def _check() -> None:
    """Every setting names a known field and pace (checked on import)."""
    for s in SETTINGS.values():
        if s.field not in FIELDS or s.pace not in PACES:
            raise RuntimeError(f"setting {s.key}: unknown field {s.field!r} or pace {s.pace!r}")


_check()

__all__ = ["DEFAULT_SETTING", "SETTINGS", "Setting", "setting"]
