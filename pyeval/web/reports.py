"""What the editor's "Simulate" and "Tune" buttons compute, as the page shows it: the
report's summary (:func:`pyeval.sim.analysis.report.summary_rows`) in the chosen setting beside the
other settings, and a tuned proposal (:func:`pyeval.sim.tune.tune`) beside the current levels.

Example:
    >>> from pyeval.tournament import load_structure
    >>> r = simulation_report(load_structure("club_3000"), n=4, seed=1, players=12, setting="home")
    >>> r["setting"], r["runs"], r["rows"][0]
    ('a relaxed home game where players deal', 4, ['structure', "Club hold'em, 3,000 chips"])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyeval.sim.settings import DEFAULT_SETTING
from pyeval.sim.settings import setting as get_setting
from pyeval.tournament.sheet import level_label
from pyeval.tournament.tournament_structure import TournamentStructure

from .jobs import duration_summary

#: the pace presets' settings, for a structure that names its pace
SETTING_OF_PACE = {"players": "home", "online": "online", "dealer": DEFAULT_SETTING}


def default_setting(s: TournamentStructure) -> str:
    """The setting the editor starts on: the structure's ``[tables] pace``, else a dealt event.

    Example:
        >>> from pyeval.tournament import load_structure
        >>> default_setting(load_structure("club_3000"))
        'casino'
    """
    return SETTING_OF_PACE.get(s.tables.pace or "dealer", DEFAULT_SETTING)


def simulation_report(structure: TournamentStructure, *, n: int, seed: int, players: int,
                      setting: str | None = None, compare: bool = True, start: str | None = None,
                      advance: Callable[[int], None] | None = None,
                      say: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Simulate ``n`` tournaments in ``setting`` (a key of :data:`pyeval.sim.settings.SETTINGS`)
    and, with ``compare``, :func:`~pyeval.sim.analysis.spread.spread_runs` of them in each
    other setting (the summary's first rows, each setting named); the summary rows, the
    warnings and the duration figures of the chosen setting."""
    from pyeval.sim import simulate
    from pyeval.sim.analysis.report import result_warnings, summary_rows

    chosen = get_setting(setting or default_setting(structure))
    tell = say or (lambda text: None)
    tell(f"simulating {n:,} tournaments: {chosen.words}")
    result = simulate(structure, n=n, seed=seed, players=players, field=chosen.field, pace=chosen.pace,
                      progress=advance or False)
    spread = []
    if compare:
        from pyeval.sim.analysis.spread import MainRun, settings_spread
        spread = settings_spread(structure, n=n, seed=seed, players=players, say=tell, progress=advance or False,
                                 main=MainRun(chosen.field, chosen.pace, result))
    rows = summary_rows(result, start=start, spread=spread, field=chosen.field)
    return {**duration_summary(result), "setting": chosen.words,
            "rows": [list(row) for row in rows], "warnings": result_warnings(result),
            "levels": depth_rows(result),
            "settings": [{"words": words, **duration_summary(r)} for words, r in spread]}


def depth_rows(result: Any) -> list[list[str]]:
    """The report's levels table as text cells, for the levels any tournament reached: level,
    stakes, how often reached, when it starts (mean, h:mm), players left, average stack in
    big blinds and as M at its start.

    Example:
        >>> from pyeval.sim import simulate
        >>> depth_rows(simulate("club_3000", n=4, seed=1, players=12))[0]
        ['1', '25/50', '100%', '0:00', '12.0', '60.0', '40.0']
    """
    from pyeval.tournament.timetext import hhmm

    return [[str(row["level"]), row["blinds"], f"{100 * row['reached']:.0f}%", hhmm(row["start_minute"]),
             f"{row['players']:.1f}", f"{row['avg_bb']:.1f}", f"{row['avg_m']:.1f}"]
            for row in result.level_rows() if row["reached"] > 0]


def level_rows(s: TournamentStructure) -> list[dict[str, Any]]:
    """The levels as the side-by-side table shows them: number, stakes, minutes (or hands)
    and the break after.

    Example:
        >>> from pyeval.tournament import load_structure
        >>> level_rows(load_structure("club_3000"))[1]
        {'number': 2, 'stakes': '50/100', 'length': '20 min', 'break_after': 10}
    """
    breaks = {b.after_level: b.minutes for b in s.breaks}
    out = []
    for lv in s.levels:
        length, unit = lv.duration
        out.append({"number": lv.number, "stakes": level_label(lv),
                    "length": f"{length} {'min' if unit == 'minutes' else 'hands'}",
                    "break_after": breaks.get(lv.number, 0)})
    return out


def tune_proposal(structure: TournamentStructure, *, targets: Sequence[str], start: str | None, n: int,
                  fields: int, seed: int, players: int, setting: str | None = None,
                  keep_length: bool = True, keep_first_blinds: bool = True, source: Any = None,
                  say: Callable[[str], None] | None = None) -> dict[str, Any]:
    """:func:`pyeval.sim.tune.tune` from the structure (``source``: its file as a
    :class:`~pyeval.sim.tune.files.DirectorFile`, into which the proposal is written, so its
    rebuys, add-on, late registration and payouts are kept and simulated), with the targets
    in words (``"done by 4:15 with 90%"``; clock times with ``start``), ``n`` tournaments per
    field for the finalists over ``fields`` likely fields at the setting's pace; keeping the
    structure's level length, first blinds, breaks and antes (the first two unless
    unticked). The proposal's file, its levels, what it was checked to do, and the current
    levels beside it."""
    from pyeval.sim.tune import LEVEL_MINUTES, TUNE_LEVEL_MINUTES, Asked, Search, parse_goals, start_blinds, tune
    from pyeval.tournament.structure import parse_structure

    goals, bound = parse_goals(list(targets), start)
    if not goals:
        raise ValueError("give a target about time, e.g. 'done by 4:15 with 90%'")
    chosen = get_setting(setting or default_setting(structure))
    minutes: tuple[int, ...] | None = None                   # None: the structure's own
    if bound is not None:
        minutes = tuple(m for m in LEVEL_MINUTES if bound[0] <= m <= bound[1]) or (bound[0],)
    elif not keep_length:
        minutes = TUNE_LEVEL_MINUTES
    first_bbs = None if keep_first_blinds else tuple(start_blinds(structure.starting_chips,
                                                                  structure.chips.denominations))
    asked = Asked(start_from=source if source is not None else structure, players=players, pace=chosen.pace,
                  name=f"{structure.name} (tuned)", level_minutes=minutes, first_bbs=first_bbs)
    res = tune(goals, asked, search=Search(n=n, screen_n=max(4, n // 4)), ensemble_size=fields, seed=seed,
               progress=say)
    proposal = parse_structure(res.toml, "proposal.toml")
    v = res.verified
    return {"toml": res.toml, "met": bool(res.met), "feasible": bool(res.feasible),
            "describe": res.chosen.schedule.describe(), "explain": res.describe(top=6),
            "median": float(v.median_minutes), "p90_low": float(v.p90s.min()), "p90_high": float(v.p90s.max()),
            "targets": [t.describe() for t in goals], "chances": list(res.verified_chances),
            "current": level_rows(structure), "proposed": level_rows(proposal),
            "advice": res.advice() if not res.met else []}
