"""Structure tuning: propose a blind schedule that fits the evening a director asks for.

The director gives targets (:mod:`pyeval.sim.tune.targets`, ``"done within 4h with 90%"``)
and either the numbers (players, starting chips, chip set) or their own structure file
(``start_from``), whose chip set, level length, first blinds, break interval and antes are
kept (:mod:`pyeval.sim.tune.files`). The tuner then:

1. generates candidate schedules a director would accept, one per rate of growth of the
   blinds (:mod:`pyeval.sim.tune.candidates`; the rules of
   :mod:`pyeval.sim.tune.constraints`: no early jump above x1.5, chips that pay every level,
   breaks at the director's interval, no early antes);
2. simulates each under the likely evenings (:mod:`pyeval.sim.tune.scoring`: mixed fields
   at the event's pace and 10 % either side), with the same seeds for every candidate, a
   few tournaments each (``screen_n``), then the closest ``keep`` again with ``n``;
3. takes, of those whose pooled chance meets every target with ``margin`` to spare, the
   one with the most play (the least when every target is a lower bound on time): its 9-in-10
   finish lands close under a "done by" target instead of an hour short;
4. verifies it on fresh tournaments, under the likely evenings and under the default field
   alone, and explains it in plain words (:mod:`pyeval.sim.tune.explanation`).

When no candidate meets every target, the closest is proposed and its file written all the
same, with the reason (``TuneResult.reason``) and what would make the request feasible.

Example:
    >>> t = parse_target("done within 4h with 90%")
    >>> t.kind, t.minutes, t.chance
    ('done_by', 240.0, 0.9)
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from pyeval.sim.analysis.ensemble import Member
from pyeval.sim.tune.candidates import ANTE_DEPTH, GROWTHS, MAX_LEVELS, director_schedule, small_blind_for
from pyeval.sim.tune.constraints import EARLIEST_ANTE_DEPTH, problems
from pyeval.sim.tune.explanation import TuneResult, when
from pyeval.sim.tune.family import (
    LEVEL_MINUTES,
    NICE,
    START_DEPTHS,
    STEPS,
    LadderRules,
    Schedule,
    make_schedule,
    nice_amount,
    start_blinds,
)
from pyeval.sim.tune.files import (
    DirectorFile,
    Event,
    Fixed,
    director_file,
    fixed_from_structure,
    schedule_into,
    schedule_toml,
)
from pyeval.sim.tune.scoring import HEDGE_SIZE, Candidate, evaluate, hedge, nominal_rate
from pyeval.sim.tune.targets import KINDS, Target, money_play, parse_goals, parse_target

#: Largest numbers the tuner accepts (beyond them no structure file would load).
MAX_PLAYERS = 100_000
MAX_CHIPS = 10**12
#: Points of chance every target must be met by over the pooled evenings (about two
#: standard errors of a pooled chance near 90 % from 8 x 200 tournaments).
MARGIN = 0.015
#: Level lengths tried when neither the call nor the file fixes one.
TUNE_LEVEL_MINUTES = (15, 20, 25, 30)
#: Minutes of play between breaks when neither the call nor the file says.
BREAK_EVERY = 90
BREAK_MINUTES = 10
#: Finalists simulated again with ``n`` tournaments.
KEEP = 4


class Plan(NamedTuple):
    """What the search varies and what it keeps (resolved from the call and the file)."""

    players: int
    starting: int
    denominations: tuple[int, ...]
    table_size: int
    pace: str | None
    minutes: tuple[int, ...]
    first_blinds: tuple[tuple[int, int], ...]
    growths: tuple[float, ...]
    break_every: int | None        # minutes (when the interval is not fixed in levels)
    break_levels: int | None
    break_minutes: int
    ante_by: str
    ante_depth: float
    ante_from: int | None
    max_levels: int
    name: str
    kept: tuple[str, ...]
    #: the director's file the proposal is written into (``None``: a new file)
    base: DirectorFile | None = None


class Search(NamedTuple):
    """How hard the tuner looks: tournaments per likely evening to screen every schedule
    (``screen_n``), for the ``keep`` finalists (``n``) and to check the choice (``verify_n``,
    default ``2 * n``); ``margin``: the chance every target must be met by to spare."""

    n: int = 200
    screen_n: int = 48
    verify_n: int | None = None
    margin: float = MARGIN
    keep: int = KEEP


def tune(targets: Sequence[Target | str], asked: Asked | None = None, *, search: Search | None = None,
         members: Sequence[Member] | None = None, ensemble_size: int | None = None, seed: int = 0,
         start: str | None = None, progress: Callable[[str], None] | None = None,
         threads: int | None = None) -> TuneResult:
    """Propose a schedule for ``targets`` (see the package notes).

    ``targets``: :class:`Target` or words (``"done by 23:30 with 90%"``, read with ``start``);
    ``asked``: what the director gives or fixes (:class:`Asked`: the structure to start from,
    or the players, starting chips and chip set; the pace; level lengths, first blinds,
    breaks, antes to keep or try); ``search``: how many tournaments (:class:`Search`);
    ``members``: the likely evenings (default :func:`~pyeval.sim.tune.scoring.hedge` of
    ``ensemble_size``, at most 8); ``seed``: the same seed gives the same proposal on any
    number of ``threads``; ``start``: a clock time for the explanation; ``progress``: called
    with a line per stage. Starting from a file (``Asked(start_from=...)``), the proposal is
    written into it and simulated with its rebuys, add-on and late registration.

    Example:
        >>> res = tune(["done within 5h with 90%"], Asked(players=18, starting=3000, denominations=[25, 100, 500],
        ...            level_minutes=(20,), growths=(1.3, 1.5), first_bbs=(50,)),
        ...            search=Search(n=40, screen_n=16), ensemble_size=2)
        >>> res.met, res.chosen.schedule.level_minutes
        (True, 20)
    """
    t0 = time.perf_counter()
    asked = asked or Asked()
    goals = [t if isinstance(t, Target) else parse_target(t, start) for t in targets]
    plan = plan_for(asked)
    n, screen_n, verify_n, margin, keep = search or Search()
    _check_inputs(plan, goals, margin, n, screen_n, keep)
    hands_per_hour = asked.hands_per_hour
    ens = tuple(members) if members is not None else hedge(
        ensemble_size or HEDGE_SIZE, pace=plan.pace, hands_per_hour=hands_per_hour, table_size=plan.table_size)
    _, rate = nominal_rate(plan.pace, hands_per_hour, plan.table_size)
    say = progress or (lambda msg: None)
    event = event_of(plan)
    scheds = candidate_schedules(plan)
    say(f"{len(scheds)} schedules to try, each under {len(ens)} likely evenings")
    screened = [evaluate(s, goals, ens, event, n=screen_n, seed=seed, threads=threads) for s in scheds]
    caps = any(t.caps_length for t in goals)
    finalists = _finalists(screened, goals, caps, keep)
    say(f"simulating {len(finalists)} finalists again with {n} tournaments per evening")
    finalists = [evaluate(c.schedule, goals, ens, event, n=n, seed=seed + 1_000_003, threads=threads)
                 for c in finalists]
    chosen, runner_up, feasible = _choose(finalists, goals, margin, caps)
    vn = verify_n or 2 * n
    say(f"verifying the choice on {vn:,} fresh tournaments per evening")
    verified = evaluate(chosen.schedule, goals, ens, event, n=vn, seed=seed + 2_000_029, threads=threads)
    reason = None if feasible else _reason(verified, goals)
    notes = (f"Proposed by pyeval tournament tune for: {'; '.join(t.describe() for t in goals)}; "
             f"{chosen.schedule.describe()}; checked over {len(ens)} likely evenings."
             + (f" Not met in full: {reason}" if reason else ""))
    verified.toml = event.toml(chosen.schedule, notes)
    default = evaluate(chosen.schedule, goals, hedge(1, pace=plan.pace, hands_per_hour=hands_per_hour,
                                                     table_size=plan.table_size),
                       event, n=vn, seed=seed + 3_000_017, threads=threads)
    return TuneResult(verified.toml, chosen, verified, goals, ens, margin, verified.meets(goals),
                      feasible, finalists, len(scheds), runner_up, default, reason,
                      None if asked.start_from is None else fixed_from_structure(plan.base or asked.start_from),
                      plan.kept, start, rate, time.perf_counter() - t0)


class Asked(NamedTuple):
    """What the director gives or fixes (``None``: the file's, else the default).

    ``start_from``: the director's structure (a path, an example's name, a
    :class:`~pyeval.sim.tune.files.DirectorFile` or a loaded structure), whose entrants,
    chips, table size, pace, level length, first blinds, breaks and antes are kept unless
    given here; else ``players``, ``starting`` and ``denominations`` are needed. ``pace``
    (``"dealer"``, ``"players"``, ``"online"``) or ``hands_per_hour``: the event's pace
    (default: the file's, else ``dealer``); ``level_minutes``: lengths to try (default: the
    file's, else 15-30); ``first_blinds`` ``(small, big)`` or ``first_bbs``: the first blinds
    to try; ``growths``: rates of growth of the big blind a level to try (``steps``, the
    older knob: rungs of ten a decade); ``break_every`` minutes (or the file's every-N-levels)
    and ``break_minutes``; ``ante_by`` ``"each"`` or ``"big_blind"``, ``ante_depth`` (antes
    once the starting stack is that many big blinds or less) or ``ante_from`` (a level; 0: none).
    """

    players: int | None = None
    starting: int | None = None
    denominations: Sequence[int] | None = None
    table_size: int | None = None
    pace: str | None = None
    level_minutes: Sequence[int] | None = None
    steps: Sequence[float] | None = None
    first_bbs: Sequence[int] | None = None
    first_blinds: tuple[int, int] | None = None
    growths: Sequence[float] = GROWTHS
    break_every: int | None = None
    break_minutes: int | None = None
    ante_by: str | None = None
    ante_depth: float | None = None
    ante_from: int | None = None
    max_levels: int = MAX_LEVELS
    name: str | None = None
    start_from: Any = None
    hands_per_hour: float | None = None


def plan_for(asked: Asked) -> Plan:
    """Resolve the call and the director's file into a :class:`Plan` (the call wins).

    Example:
        >>> p = plan_for(Asked(start_from="club_3000"))
        >>> p.players, p.minutes, p.first_blinds, p.break_levels
        (40, (20,), ((25, 50),), 2)
    """
    (players, starting, denominations, table_size, pace, level_minutes, steps, first_bbs, first_blinds,
     growths, break_every, break_minutes, ante_by, ante_depth, ante_from, max_levels, name, start_from,
     _) = asked
    fx: Fixed | None = None
    base: DirectorFile | None = None
    if start_from is not None:
        from pyeval.tournament.errors import StructureError
        try:
            fx = fixed_from_structure(start_from)
            base = director_file(start_from)
        except (StructureError, FileNotFoundError) as e:
            raise ValueError(str(e)) from None
    if fx is None and (players is None or starting is None):
        raise ValueError("give the players and the starting chips, or the structure to start from")
    p = int(players if players is not None else fx.players)          # type: ignore[union-attr]
    chips = int(starting if starting is not None else fx.starting)   # type: ignore[union-attr]
    denoms = tuple(sorted(int(d) for d in (denominations if denominations is not None else
                                          (fx.denominations if fx else (25, 100, 500, 1000, 5000)))))
    size = int(table_size if table_size is not None else (fx.table_size if fx else 9))
    _check_numbers(p, chips, denoms, size)
    kept: list[str] = []
    if fx is not None:
        kept.append(f"the chips ({', '.join(map(str, fx.denominations))}), {fx.starting:,} each"
                    if denominations is None and starting is None else "")
        if fx.sections:
            kept.append(f"your {', '.join(fx.sections)} as written (every schedule is simulated with them)")
    minutes: tuple[int, ...]
    if level_minutes is not None:
        minutes = tuple(int(m) for m in level_minutes)
    elif fx is not None and fx.level_minutes:
        minutes = (fx.level_minutes,)
        kept.append(f"{fx.level_minutes}-minute levels")
    else:
        minutes = TUNE_LEVEL_MINUTES
    unit = denoms[0]
    if first_blinds is not None:
        firsts: tuple[tuple[int, int], ...] = ((int(first_blinds[0]), int(first_blinds[1])),)
    elif first_bbs:
        firsts = tuple((small_blind_for(int(bb), unit), int(bb)) for bb in first_bbs)
    elif fx is not None:
        firsts = (fx.first_blinds,)
        kept.append(f"first blinds {fx.first_blinds[0]}/{fx.first_blinds[1]}")
    else:
        firsts = tuple((small_blind_for(bb, unit), bb) for bb in start_blinds(chips, denoms))
    grow = tuple(sorted({min(3.0, 10 ** (float(s) / 10)) for s in steps})) if steps else tuple(growths)
    levels_between = None
    if break_every is None and fx is not None and fx.break_levels:
        levels_between = fx.break_levels
        kept.append(f"a {fx.break_minutes}-minute break every {fx.break_levels} levels")
    bmin = break_minutes or (fx.break_minutes if fx and fx.break_minutes and levels_between else BREAK_MINUTES)
    by = ante_by or (fx.ante_by if fx else "each")
    depth = ante_depth if ante_depth is not None else (
        fx.ante_depth if fx is not None and fx.ante_depth else ANTE_DEPTH)
    if depth > EARLIEST_ANTE_DEPTH:
        depth = EARLIEST_ANTE_DEPTH           # no ante while the starting stack is deeper (constraints)
    if fx is not None and ante_by is None and fx.ante_depth:
        later = " (your file's antes start deeper: moved)" if fx.ante_depth > EARLIEST_ANTE_DEPTH else ""
        kept.append(f"antes {'by the big blind' if by == 'big_blind' else 'from every player'} once the "
                    f"starting stack is {depth:.0f} big blinds or less{later}")
    the_pace = pace or (fx.pace if fx else None)
    label = name or (f"{fx.name} (tuned)" if fx else f"Tuned: {p} players, {chips:,} chips")
    return Plan(p, chips, denoms, size, the_pace, minutes, firsts, grow,
                None if levels_between else int(break_every or BREAK_EVERY), levels_between, int(bmin), by,
                float(depth), ante_from, max_levels, label, tuple(k for k in kept if k), base)


def candidate_schedules(plan: Plan) -> list[Schedule]:
    """Every distinct schedule of the plan that keeps the rules (see the package notes)."""
    out: list[Schedule] = []
    seen: set[tuple[Any, ...]] = set()
    for minutes in plan.minutes:
        every = plan.break_levels or max(1, round((plan.break_every or BREAK_EVERY) / minutes))
        for first in plan.first_blinds:
            for g in plan.growths:
                s = director_schedule(plan.starting, plan.players, plan.denominations, minutes, g,
                                      first_blinds=first, break_levels=every, break_minutes=plan.break_minutes,
                                      ante_by=plan.ante_by, ante_depth=plan.ante_depth,
                                      ante_from=plan.ante_from, max_levels=plan.max_levels)
                key = (s.level_minutes, s.levels, s.breaks, s.colour_ups)
                if key in seen or problems(s.levels, starting=plan.starting, denominations=plan.denominations,
                                           colour_ups=s.colour_ups, breaks=s.breaks, break_levels=every):
                    continue
                if plan.base is not None and not _fits_the_file(plan, s):
                    continue
                seen.add(key)
                out.append(s)
    if not out:
        raise ValueError("no schedule keeps the rules with these chips and first blinds (a jump above "
                         "x1.5 between early levels or a blind the chips cannot pay); try a smaller chip "
                         "or other first blinds")
    return out


def event_of(plan: Plan) -> Event:
    """The event the plan's schedules are written for (into the director's file when it has one)."""
    return Event(plan.name, plan.players, plan.starting, plan.denominations, plan.table_size, plan.pace, plan.base)


def _fits_the_file(plan: Plan, sched: Schedule) -> bool:
    """Whether the schedule, written into the director's file, still loads (a colour-up can
    leave the file's rebuy or add-on chips unpayable)."""
    from pyeval.tournament.errors import StructureError
    from pyeval.tournament.structure import parse_structure

    try:
        parse_structure(event_of(plan).toml(sched), "proposal.toml")
    except StructureError:
        return False
    return True


def _preference(c: Candidate, caps: bool) -> float:
    return c.median_minutes if caps else -c.median_minutes


def _finalists(screened: list[Candidate], goals: list[Target], caps: bool, keep: int) -> list[Candidate]:
    """The best ``keep`` near feasibility (most play first), else the closest."""
    near = sorted((c for c in screened if c.shortfall(goals) <= 0.05), key=lambda c: -_preference(c, caps))
    out = near[:keep]
    if len(out) < keep:
        rest = sorted((c for c in screened if c not in out), key=lambda c: (c.time_gap(goals), c.shortfall(goals)))
        out += rest[: keep - len(out)]
    # the next one beyond the best near-feasible, so the explanation can say why not slower
    better = [c for c in screened if c not in out and near and _preference(c, caps) > _preference(near[0], caps)]
    if better:
        out.append(min(better, key=lambda c: _preference(c, caps)))
    return out


def _choose(finalists: list[Candidate], goals: list[Target], margin: float,
            caps: bool) -> tuple[Candidate, Candidate | None, bool]:
    """(the chosen, the next one with more play that fails, whether any meets every target)."""
    feasible = [c for c in finalists if c.meets(goals, margin)]
    if not feasible:
        return min(finalists, key=lambda c: (c.time_gap(goals), c.shortfall(goals, margin))), None, False
    chosen = max(feasible, key=lambda c: _preference(c, caps))
    more = [c for c in finalists if _preference(c, caps) > _preference(chosen, caps)]
    return chosen, (min(more, key=lambda c: _preference(c, caps)) if more else None), True


def _reason(c: Candidate, goals: list[Target]) -> str:
    """Why the closest schedule misses, in words."""
    chances, times = c.pooled_chances(goals), c.pooled_times(goals)
    missed = [f"'{t.describe()}' holds in {100 * p:.0f}% of the likely evenings (it needs {hhmm_of(need)})"
              for t, p, need in zip(goals, chances, times) if not t.met_by_chance(p)]
    text = "; ".join(missed) or "every target holds only without the margin"
    if any(t.caps_length for t in goals) and any(not t.caps_length for t in goals):
        text += (f"; the likely evenings spread from {hhmm_of(float(min(c.medians)))} to "
                 f"{hhmm_of(float(max(c.medians)))} in median length, so the window between the "
                 "targets must be at least that wide")
    return text


def hhmm_of(minutes: float) -> str:
    """``h:mm`` (see :func:`pyeval.tournament.timetext.hhmm`)."""
    from pyeval.tournament.timetext import hhmm

    return hhmm(minutes)


def _check_numbers(players: int, starting: int, denominations: Sequence[int], table_size: int) -> None:
    """The field, the chips and the table are sound (checked before any schedule is made)."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"a tournament needs 2 to {MAX_PLAYERS:,} players, got {players}")
    if not 1 <= starting <= MAX_CHIPS:
        raise ValueError(f"starting chips must be from 1 to {MAX_CHIPS:,}, got {starting}")
    d = denominations
    if not d or d[0] < 1 or len(set(d)) != len(d) or d[-1] > MAX_CHIPS:
        raise ValueError(f"the chip set must list each denomination once, each from 1 to {MAX_CHIPS:,}; "
                         f"got {list(d)}")
    if starting % d[0]:
        raise ValueError(f"starting chips {starting} are not a multiple of the smallest chip {d[0]}")
    if starting < 40 * d[0]:
        raise ValueError(f"{starting} starting chips are only {starting // d[0]} of the smallest chip "
                         f"({d[0]}): give at least 40, or a smaller chip")
    from pyeval.sim.kernel.layout import MAX_SEATS
    if not 2 <= table_size <= MAX_SEATS:
        raise ValueError(f"the table size must be from 2 to {MAX_SEATS} seats, got {table_size}")


def _check_inputs(plan: Plan, targets: Sequence[Target], margin: float, n: int, screen_n: int, keep: int) -> None:
    if not targets:
        raise ValueError("give at least one target, e.g. 'done within 4h with 90%'")
    if not 0 <= margin < 0.5:
        raise ValueError(f"the margin is a chance from 0 to 0.5, got {margin}")
    if n < 10 or screen_n < 4 or keep < 1:
        raise ValueError("simulate at least 10 tournaments per evening (and 4 to screen), keep 1 finalist or more")
    if any(not 1 <= m <= 24 * 60 for m in plan.minutes):
        raise ValueError(f"level lengths are 1 to 1440 minutes, got {list(plan.minutes)}")
    if any(not 1.0 < g <= 3.0 for g in plan.growths):
        raise ValueError(f"rates of growth of the blinds are above 1 and at most 3, got {list(plan.growths)}")
    if plan.ante_by not in ("each", "big_blind"):
        raise ValueError(f"ante_by is 'each' or 'big_blind', not {plan.ante_by!r}")
    if not 1 <= plan.break_minutes <= 240 or (plan.break_every is not None and not 1 <= plan.break_every <= 24 * 60):
        raise ValueError("breaks come every 1 to 1440 minutes of play and last 1 to 240 minutes")
    if not 1 <= plan.max_levels <= 1000:
        raise ValueError(f"max_levels is 1 to 1000, got {plan.max_levels}")


__all__ = ["KINDS", "LEVEL_MINUTES", "MARGIN", "NICE", "START_DEPTHS", "STEPS", "TUNE_LEVEL_MINUTES", "Asked",
           "Candidate", "DirectorFile", "Event", "Fixed", "LadderRules", "Plan", "Schedule", "Search", "Target",
           "TuneResult", "candidate_schedules", "director_schedule", "evaluate", "event_of", "fixed_from_structure",
           "hedge", "make_schedule", "money_play", "nice_amount", "parse_goals", "parse_target", "plan_for",
           "problems", "replace", "schedule_into", "schedule_toml", "start_blinds", "tune", "when"]
