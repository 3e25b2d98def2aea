"""The spread a director needs first: the same structure in each usual setting, each named.

Who plays and how fast the room deals move a tournament's length far more than the sampling
error of a run (a home game where players deal and a casino event with dealers differ by an
hour and more on one structure). :func:`settings_spread` simulates the structure in every
setting of :data:`pyeval.sim.settings.SETTINGS` with :func:`spread_runs` tournaments each (an
eighth of the main run, at least :data:`SPREAD_MIN`); the setting the main run already
plays is not simulated again but named with its result ("... (this run)"). The reports print
these first (:func:`pyeval.sim.analysis.report.summary_rows`), the sampling error last.

Example:
    >>> spread_runs(1000), spread_runs(100), spread_runs(20)
    (125, 50, 20)
    >>> from pyeval.sim import simulate
    >>> main = simulate("club_3000", n=8, seed=1, players=20, field="home_game", pace="players")
    >>> named = settings_spread("club_3000", n=8, seed=1, players=20,
    ...                         main=MainRun("home_game", "players", main))
    >>> [words for words, _ in named][:2]
    ['a relaxed home game where players deal (this run)', 'a club night with a dealer at each table']
    >>> named[0][1] is main, named[1][1].n
    (True, 8)
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from pyeval._checks import MAX_SEED
from pyeval.sim.engine.results import SimResult

#: each other setting runs this share of the main run's tournaments (1/8) ...
SPREAD_SHARE = 8
#: ... and at least this many (never more than the main run)
SPREAD_MIN = 50
#: how the setting the main run plays is named in the spread
THIS_RUN = " (this run)"


class MainRun(NamedTuple):
    """The main run and what it plays: a field (a preset's name, or anything else: then it
    matches no setting) at a pace preset (``None``: a rate of its own, matching none)."""

    field: Any
    pace: str | None
    result: SimResult


def _plays(setting: Any, field: Any, pace: str | None) -> bool:
    """Whether a run of ``field`` at ``pace`` is ``setting`` (a field given by name only)."""
    return isinstance(field, str) and (field, pace) == (setting.field, setting.pace)


def spread_runs(n: int) -> int:
    """Tournaments each other setting runs beside a main run of ``n``."""
    return min(n, max(SPREAD_MIN, n // SPREAD_SHARE))


def settings_spread(structure: Any, *, n: int, seed: int, players: int | None = None,
                    main: MainRun | None = None, threads: int | None = None,
                    late_entries: int | None = None,
                    progress: bool | Callable[[int], None] = False,
                    say: Callable[[str], None] | None = None) -> list[tuple[str, SimResult]]:
    """``(words, result)`` for every setting, in the order of
    :data:`~pyeval.sim.settings.SETTINGS`; setting ``i`` is simulated with seed ``seed + 1 + i``
    wrapped below 2**64; the main run's own setting is its result, named with :data:`THIS_RUN`."""
    from pyeval.sim import simulate
    from pyeval.sim.settings import SETTINGS

    out: list[tuple[str, SimResult]] = []
    runs = spread_runs(n)
    for i, s in enumerate(SETTINGS.values()):
        if main is not None and _plays(s, main.field, main.pace):
            out.append((s.words + THIS_RUN, main.result))
            continue
        if say is not None:
            say(f"simulating {runs:,} tournaments: {s.words}")
        seed_i = (seed + 1 + i) % (MAX_SEED + 1)
        out.append((s.words, simulate(structure, n=runs, seed=seed_i, players=players, field=s.field,
                                      pace=s.pace, threads=threads, late_entries=late_entries,
                                      progress=progress)))
    return out


def other_runs(n: int, main_field: Any, main_pace: str | None) -> int:
    """Tournaments :func:`settings_spread` simulates beside a main run of ``n`` (for a
    progress bar's total).

    Example:
        >>> other_runs(1000, "live_tournament", "dealer"), other_runs(1000, "balanced", "dealer")
        (375, 500)
    """
    from pyeval.sim.settings import SETTINGS

    same = sum(1 for s in SETTINGS.values() if _plays(s, main_field, main_pace))
    return (len(SETTINGS) - same) * spread_runs(n)


__all__ = ["SPREAD_MIN", "SPREAD_SHARE", "THIS_RUN", "MainRun", "other_runs", "settings_spread", "spread_runs"]
