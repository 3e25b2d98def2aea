"""Late registration and re-entry in the kernel, as modern events run them.

The structure's ``[late_registration]`` (:class:`pyeval.tournament.sections.LateRegistration`)
takes new entries until the end of level ``until_level``; its ``[re_entry]``
(:class:`~pyeval.tournament.sections.ReEntry`) lets a busted player buy a new entry (a new
stack, a new seat) while their table is at most at level ``until_level``, at most
``per_player`` times. How many register late and how often a busted player re-enters are
the field's, not the structure's: :func:`pyeval.sim.engine.spec.build_spec`'s ``late_entries``
(how many of the ``players`` entries come late: the last ones, players ``P - n .. P - 1``)
and ``re_entry_chance`` (the chance a busted player re-enters when allowed).

A late entrant registers at a minute drawn uniform over the registration window on the wall
clock (play and breaks: the structure's minutes up to the end of level ``until_level``; for
levels counted in hands, their hands at a full table's pace), from the tournament's own
random stream (the same for any thread count). Before the next hand anywhere, each entrant
whose minute has come is seated (:func:`seat_entry`): at the table in play with the fewest
players (the lowest number), in a random free seat, dealt in at once like a moved player;
when every table is full, at a new table, which the balancing rule then fills. A re-entry
is seated the same way after the hand that busted the player. Every entry brings its
starting stack (a late entrant the structure's starting chips, by rank when it gives them;
a re-entry the re-entry's chips), counted in the chips the kernel checks every hand.

**Compiled only where used.** The kernel calls the hooks below (the ``*_if`` functions)
with a switch ``ent``: ``None`` for a structure without late entries or re-entry, and then
each hook's overload is a constant or the value passed through (no code of this module is
compiled into that kernel, and nothing is drawn: every result is as before); an
:class:`EntryWork` (this module's working arrays, one set per thread: :func:`entry_work`)
for one with them, which the kernel binds to its own arrays once (:func:`bind_if`). The
same pattern as the kernel's marker of its game families (:mod:`pyeval.sim.kernel.kernel_games`): the steps inlined into
every kernel cost the hold'em kernel's cold compile about 25 % (bench/RESULTS.md, "Issue
11's table rules in the kernel"); switched off here, the hold'em kernel's compile is as
before (bench/RESULTS.md, "Late registration and re-entry, compiled only where used").

>>> from pyeval.jit.numba_rng import seed_stream
>>> st = np.empty(4, np.uint64); seed_stream(st, np.uint64(1), 0)
>>> cfg = np.zeros(32, np.int64); cfgf = np.zeros(24)
>>> cfg[C_PLAYERS], cfg[C_LATE_ENTRIES], cfgf[F_LATE_REG_MINUTES] = 6, 3, 40.0
>>> entry = np.zeros(6); draw_entry_times(cfg, cfgf, st, entry)
>>> [round(float(a), 1) for a in entry]      # players 3, 4, 5 register late, in order
[0.0, 0.0, 0.0, 33.4, 35.2, 38.9]
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import types
from numba.extending import overload

from pyeval.jit.numba_linked import INTERNAL, linked
from pyeval.jit.numba_rng import below, uniform
from pyeval.sim.kernel.layout import (
    C_LATE_ENTRIES,
    C_N_MODELS,
    C_PLAYERS,
    C_REENTRY_CHIPS,
    C_REENTRY_MAX,
    C_REENTRY_UNTIL,
    C_SEATS,
    F_LATE_REG_MINUTES,
    F_MINUTES_PER_HAND,
    F_REENTRY_P,
    LS_CHIPS,
    LS_TABLES,
    LV_BREAK,
    LV_HANDS,
    LV_MIN,
    R_LATE_ENTRIES,
    R_REENTRIES,
    R_TABLES,
)
from pyeval.sim.kernel.table_moves import _rebalance, _seat_player, _unseat, tables_to_move

__all__ = ["EntryWork", "draw_entry_times", "entry_config", "entry_work", "uses_entries"]

# EntryWork.n: the tournament's counts
N_NEXT = 0          # the next late entrant to seat (P: none left)
N_LATE = 1          # late entrants seated
N_RE = 2            # re-entries
N_RESEAT = 3        # re-entries of the current hand still to seat (in EntryWork.reseat)


class EntryWork(NamedTuple):
    """The working arrays of late registration and re-entry (one set per thread, reset for
    each tournament); the kernel's switch when the structure uses them."""

    entry_t: np.ndarray     # float64[P]: a late entrant's registration minute (wall clock)
    used: np.ndarray        # int64[P]: re-entries each player has taken
    reseat: np.ndarray      # int64[S]: the players of a hand who re-enter
    n: np.ndarray           # int64[4]: the counts N_*


def uses_entries(cfg: np.ndarray) -> bool:
    """Whether a specification's configuration has late entrants or re-entry (then the
    kernel is compiled with this module's steps)."""
    return bool(cfg[C_LATE_ENTRIES] > 0 or cfg[C_REENTRY_UNTIL] > 0)


def entry_work(spec: Any) -> EntryWork | None:
    """The kernel's switch for ``spec``: ``None`` without late entrants or re-entry, else a
    fresh :class:`EntryWork` (a thread's own).

    >>> from pyeval.sim.engine.spec import build_spec
    >>> from pyeval.tournament.structure import load_structure
    >>> entry_work(build_spec(load_structure("club_3000"), players=30)) is None
    True
    """
    cfg = spec.cfg
    if not uses_entries(cfg):
        return None
    P = int(cfg[C_PLAYERS])
    return EntryWork(np.zeros(P), np.zeros(P, np.int64), np.zeros(int(cfg[C_SEATS]), np.int64),
                     np.zeros(4, np.int64))


def entry_config(structure: Any, players: int, late_entries: int, re_entry_chance: float,
                 lv: np.ndarray, cfg: np.ndarray, cfgf: np.ndarray, size: int) -> None:
    """Write the structure's late registration and re-entry, and the field's
    ``late_entries`` and ``re_entry_chance``, into the kernel's configuration arrays
    (nothing for a structure without them, so its configuration is as before).

    >>> from pyeval.tournament.structure import load_structure
    >>> lv = np.zeros((3, 18), np.int64); lv[:, LV_MIN] = 20; lv[0, LV_BREAK] = 10
    >>> cfg = np.zeros(32, np.int64); cfgf = np.zeros(24)
    >>> entry_config(load_structure("club_3000"), 30, 0, 1.0, lv, cfg, cfgf, 9)
    >>> int(cfg[C_LATE_ENTRIES]), int(cfg[C_REENTRY_UNTIL])
    (0, 0)
    """
    late = getattr(structure, "late_registration", None)
    re_entry = getattr(structure, "re_entry", None)
    fmt = getattr(structure, "format", "single_field")
    if isinstance(late_entries, bool) or not isinstance(late_entries, (int, np.integer)):
        raise ValueError(f"late_entries is a whole number of entries, not {late_entries!r}")
    if (isinstance(re_entry_chance, bool)
            or not isinstance(re_entry_chance, (int, float, np.integer, np.floating))
            or not 0 <= re_entry_chance <= 1):
        raise ValueError(f"re_entry_chance is a probability between 0 and 1, not "
                         f"{re_entry_chance!r}")
    if (late_entries or re_entry is not None) and fmt == "table_winners":
        raise ValueError("late registration and re-entry are not simulated in the two-stage "
                         "format (table_winners): the first-round tables play down to one "
                         "winner each without balancing, so there is no table to seat a new "
                         "entry at")
    if late_entries:
        if late is None:
            raise ValueError("late_entries needs the structure's [late_registration] (until "
                             "which level entries are taken)")
        if not 0 < late_entries <= players - 2:
            raise ValueError(f"late_entries: 1 to {players - 2} of the {players} entries may "
                             f"come late (two start the tournament), not {late_entries}")
        until = min(late.until_level, lv.shape[0])
        wall = 0.0
        full = cfgf[F_MINUTES_PER_HAND + min(size, 15)]
        for i in range(until):
            # the window on the wall clock: each level's minutes (a level counted in hands:
            # its hands at a full table's pace, assumed) and the breaks between them
            wall += lv[i, LV_MIN] if lv[i, LV_MIN] > 0 else lv[i, LV_HANDS] * full
            if i < until - 1:
                wall += lv[i, LV_BREAK]
        cfg[C_LATE_ENTRIES] = late_entries
        cfgf[F_LATE_REG_MINUTES] = wall
    if re_entry is not None:
        if re_entry.chips <= 0 or re_entry.until_level < 1:
            raise ValueError("re_entry needs chips above 0 and until_level 1 or more, not "
                             f"{re_entry.chips} and {re_entry.until_level}")
        cfg[C_REENTRY_CHIPS] = re_entry.chips
        cfg[C_REENTRY_UNTIL] = re_entry.until_level
        cfg[C_REENTRY_MAX] = -1 if re_entry.per_player is None else re_entry.per_player
        cfgf[F_REENTRY_P] = re_entry_chance


@linked(cache=True, error_model="numpy")
def draw_entry_times(cfg, cfgf, st, entry_t):
    """Each late entrant's registration minute on the wall clock into ``entry_t`` (players
    ``P - n .. P - 1``, in order of registration: the drawn minutes sorted; 0 for the
    others), uniform over the registration window; nothing is drawn without late entries."""
    P = cfg[C_PLAYERS]
    n = cfg[C_LATE_ENTRIES]
    for p in range(P):
        entry_t[p] = 0.0
    window = cfgf[F_LATE_REG_MINUTES]
    for i in range(P - n, P):
        x = uniform(st) * window
        j = i - 1
        while j >= P - n and entry_t[j] > x:      # insertion: the minutes in order
            entry_t[j + 1] = entry_t[j]
            j -= 1
        entry_t[j + 1] = x


@linked(cache=True, error_model="numpy")
def seat_entry(w, NT, S, p, level, play_now):
    """Seat player ``p`` (a late entrant or a re-entry) among the first ``NT`` tables of
    ``w`` (a :class:`pyeval.sim.kernel.work.Work`: its seating, the tables' clocks and levels, the
    random stream ``w.st``, the scratch seats ``w.occ``; ``S`` seats a table): at the table
    in play with the fewest players (the lowest number), in a random free seat; when every
    table in play is full, alone at a new table (the lowest number not in play; its button
    the player's seat, its clock ``play_now``, its level ``level``) that balancing then
    fills. Returns the table."""
    seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb = w.seat_pl, w.tbl_n, w.tbl_on, w.tbl_first, w.tbl_pbb
    tbl_t, tbl_lh, tbl_lv, p_table, p_seat, st, occ = (
        w.tbl_t, w.tbl_lh, w.tbl_lv, w.p_table, w.p_seat, w.st, w.occ)
    best = np.int64(-1)
    for q in range(NT):
        if tbl_on[q] and tbl_n[q] < S and (best < 0 or tbl_n[q] < tbl_n[best]):
            best = q
    new = best < 0
    if new:
        for q in range(NT):
            if not tbl_on[q] and tbl_n[q] == 0:
                best = q
                break
        tbl_on[best] = True
        tbl_first[best] = True
        tbl_t[best] = play_now
        tbl_lh[best] = 0
        tbl_lv[best] = level
    nf = 0
    for s in range(S):
        if seat_pl[best, s] < 0:
            occ[nf] = s
            nf += 1
    s = occ[below(st, nf)]
    _seat_player(seat_pl, tbl_n, p_table, p_seat, best, s, p)
    if new:
        tbl_pbb[best] = s
    return best


@linked(cache=True, error_model="numpy")
def entry_model(p, assign, mw, M, st):
    """The player model of a late entrant: the field's for that entrant, else drawn by the
    field's weights (as the seat draw draws the others')."""
    if assign[p] >= 0:
        return assign[p]
    u = uniform(st)
    m = 0
    while m < M - 1 and u >= mw[m]:
        m += 1
    return m


@linked(cache=True, error_model="numpy")
def tables_in_play(tbl_on, NT):
    """Tables in play (a late entrant may open one)."""
    n = 0
    for q in range(NT + 1):
        if tbl_on[q]:
            n += 1
    return n


@linked(cache=True, error_model="numpy")
def start_entries(k, ent, w, tb, out):
    """At the start of tournament ``k`` (after the seat draw of the first entrants and the
    late players' arrivals): the counts afresh, each late entrant's registration minute
    (:func:`draw_entry_times`; a late entrant is there when seated: no late-player arrival),
    the first level's chips and tables without the entrants still to come. Returns (the
    chips in play, the tables in play)."""
    cfg = tb.cfg
    P = cfg[C_PLAYERS]
    S = cfg[C_SEATS]
    P0 = P - cfg[C_LATE_ENTRIES]
    for p in range(P):
        ent.used[p] = 0
    ent.n[N_NEXT] = P0
    ent.n[N_LATE] = 0
    ent.n[N_RE] = 0
    ent.n[N_RESEAT] = 0
    chips = 0
    for p in range(P0):
        chips += tb.starts[p]
    if P0 < P:
        draw_entry_times(cfg, tb.cfgf, w.st, ent.entry_t)
        for p in range(P0, P):
            w.arrive[p] = 0.0
    NT0 = (P0 + S - 1) // S
    out.lstats[k, 0, LS_CHIPS] = chips
    out.lstats[k, 0, LS_TABLES] = NT0
    out.res_i[k, R_TABLES] = NT0
    return chips, np.int64(NT0)


@linked(cache=True, error_model="numpy")
def seat_late_entrant(p, play_now, level, NT, w, tb, draws):
    """[late registration] Seat late entrant ``p`` at minute ``play_now`` of play, with
    their starting stack and model (:func:`seat_entry`), then balance (``draws``: the
    kernel's switches of the seating draws, :func:`bind_if`). Returns (chips added, tables
    in play)."""
    cfg = tb.cfg
    S = cfg[C_SEATS]
    q = seat_entry(w, NT, S, p, level, play_now)
    if w.tbl_t[q] < play_now:
        w.tbl_t[q] = play_now
    w.stack[p] = tb.starts[p]
    w.models[p] = entry_model(p, tb.assign, tb.mw, cfg[C_N_MODELS], w.st)
    n_tables = tables_in_play(w.tbl_on, NT)
    if n_tables > 1 and tables_to_move(w, NT, cfg):
        n_tables = _rebalance(w, cfg, NT + 1, np.int64(-1), np.int64(0), draws)
    return tb.starts[p], np.int64(n_tables)


@linked(cache=True, error_model="numpy")
def reseat_re_entries(ent, level, now, NT, S, w):
    """[re-entry] The players of ``ent.reseat`` leave their seats and draw new ones
    (:func:`seat_entry`). A re-entry never opens a table (their own seats are free)."""
    n_re = ent.n[N_RESEAT]
    for i in range(n_re):
        _unseat(w.seat_pl, w.tbl_n, w.p_table, w.p_seat, ent.reseat[i])
    for i in range(n_re):
        seat_entry(w, NT, S, ent.reseat[i], level, now)
    ent.n[N_RESEAT] = 0


# --------------------------------------------------------------------------------------
# the kernel's hooks: with the switch None, constants or the values passed through (the
# kernel then compiles none of the steps above); on, the steps. The kernel binds the switch
# to its working arrays once (:func:`bind_if`: ``(EntryWork, w, tb, out)``), so each hook
# in the tournament loop takes the switch and a few numbers only: a hook given the loop's
# NamedTuples of arrays costs every kernel, switched off too, the reference counting of
# each array at each call site, and its own compile with a signature of hundreds of
# arguments. Jitted code only.

def _off(ent: Any) -> bool:
    return isinstance(ent, (types.NoneType, types.Omitted))


def bind_if(ent, w, tb, out, draws):
    """``(ent, w, tb, out, draws)``: the switch on, with the kernel's working arrays, tables
    and outputs and its switches of the seating draws (``draws``: the ``fair_blinds``,
    ``random_draw`` and ``card_draw`` of :class:`pyeval.sim.features.Features`; the hooks
    below read them there); None without."""
    raise TypeError("bind_if is called from compiled kernels only")


def first_field_if(eb, P, S, NT):
    """(players seated by the seat draw, their tables): ``(P, NT)`` without late entrants,
    else the first ``P - cfg[C_LATE_ENTRIES]`` players and the tables they fill."""
    raise TypeError("first_field_if is called from compiled kernels only")


def start_if(eb, k, total_chips, n_tables):
    """:func:`start_entries` for tournament row ``k`` with the switch on; returns (chips in
    play, tables in play), passed through without."""
    raise TypeError("start_if is called from compiled kernels only")


def seat_late_if(eb, t, brk, level, NT, total_chips, n_tables, ft_time):
    """Seat the next late entrant when their minute has come before the hand at table
    ``t`` (or when no table can deal). Returns (whether one was seated, chips, tables in
    play, the final table's minute: -1 again when a table opened); without the switch
    (False, the rest unchanged)."""
    raise TypeError("seat_late_if is called from compiled kernels only")


def re_enter_if(eb, p, level):
    """Whether busted player ``p`` re-enters now at the table's ``level`` (then with the
    re-entry's stack, to be reseated after the hand); False without the switch."""
    raise TypeError("re_enter_if is called from compiled kernels only")


def reseat_if(eb, level, now, NT, S):
    """The hand's re-entries draw their new seats (:func:`reseat_re_entries`); nothing
    without the switch."""
    raise TypeError("reseat_if is called from compiled kernels only")


def finish_if(eb, k):
    """The tournament's late entrants and re-entries into ``res_i[k]``; nothing without
    the switch."""
    raise TypeError("finish_if is called from compiled kernels only")


@overload(bind_if, jit_options=INTERNAL)
def _bind_if(ent, w, tb, out, draws):
    if _off(ent):
        return lambda ent, w, tb, out, draws: None
    return lambda ent, w, tb, out, draws: (ent, w, tb, out, draws)


@overload(first_field_if, jit_options=INTERNAL)
def _first_field_if(eb, P, S, NT):
    if _off(eb):
        return lambda eb, P, S, NT: (P, NT)

    def on(eb, P, S, NT):
        P0 = P - eb[2].cfg[C_LATE_ENTRIES]
        return P0, (P0 + S - 1) // S
    return on


@overload(start_if, jit_options=INTERNAL)
def _start_if(eb, k, total_chips, n_tables):
    if _off(eb):
        return lambda eb, k, total_chips, n_tables: (total_chips, n_tables)
    return lambda eb, k, total_chips, n_tables: start_entries(k, eb[0], eb[1], eb[2], eb[3])


@overload(seat_late_if, jit_options=INTERNAL)
def _seat_late_if(eb, t, brk, level, NT, total_chips, n_tables, ft_time):
    if _off(eb):
        return (lambda eb, t, brk, level, NT, total_chips, n_tables, ft_time:
                (False, total_chips, n_tables, ft_time))

    def on(eb, t, brk, level, NT, total_chips, n_tables, ft_time):
        ent, w, tb = eb[0], eb[1], eb[2]
        p = ent.n[N_NEXT]
        if p >= tb.cfg[C_PLAYERS] or (t >= 0 and ent.entry_t[p] > w.tbl_t[t] + brk):
            return False, total_chips, n_tables, ft_time
        # the minute of play they sit down: the table's next hand, or (no table can deal)
        # their registration minute
        play_now = w.tbl_t[t] if t >= 0 else max(ent.entry_t[p] - brk, 0.0)
        added, n_tables = seat_late_entrant(p, play_now, level, NT, w, tb, eb[4])
        ent.n[N_NEXT] = p + 1
        ent.n[N_LATE] += 1
        if n_tables > 1:
            ft_time = -1.0      # a table opened: the final table is still to come
        return True, total_chips + added, n_tables, ft_time
    return on


@overload(re_enter_if, jit_options=INTERNAL)
def _re_enter_if(eb, p, level):
    if _off(eb):
        return lambda eb, p, level: False

    def on(eb, p, level):
        ent, w, tb = eb[0], eb[1], eb[2]
        cfg = tb.cfg
        # open at the table's level (0-based), under the cap, and the field's chance says
        # so (drawn only when allowed: a structure's other draws stay where they were)
        if (cfg[C_REENTRY_UNTIL] > 0 and level + 1 <= cfg[C_REENTRY_UNTIL]
                and (cfg[C_REENTRY_MAX] < 0 or ent.used[p] < cfg[C_REENTRY_MAX])
                and uniform(w.st) < tb.cfgf[F_REENTRY_P]):
            w.stack[p] = cfg[C_REENTRY_CHIPS]
            ent.used[p] += 1
            ent.reseat[ent.n[N_RESEAT]] = p
            ent.n[N_RESEAT] += 1
            ent.n[N_RE] += 1
            return True
        return False
    return on


@overload(reseat_if, jit_options=INTERNAL)
def _reseat_if(eb, level, now, NT, S):
    if _off(eb):
        return lambda eb, level, now, NT, S: None

    def on(eb, level, now, NT, S):
        if eb[0].n[N_RESEAT] > 0:
            reseat_re_entries(eb[0], level, now, NT, S, eb[1])
    return on


@overload(finish_if, jit_options=INTERNAL)
def _finish_if(eb, k):
    if _off(eb):
        return lambda eb, k: None

    def on(eb, k):
        eb[3].res_i[k, R_LATE_ENTRIES] = eb[0].n[N_LATE]
        eb[3].res_i[k, R_REENTRIES] = eb[0].n[N_RE]
    return on
