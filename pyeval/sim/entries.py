"""Late registration and re-entry in the kernel, as modern events run them.

The structure's ``[late_registration]`` (:class:`pyeval.tournament.sections.LateRegistration`)
takes new entries until the end of level ``until_level``; its ``[re_entry]``
(:class:`~pyeval.tournament.sections.ReEntry`) lets a busted player buy a new entry (a new
stack, a new seat) while their table is at most at level ``until_level``, at most
``per_player`` times. How many register late and how often a busted player re-enters are
the field's, not the structure's: :func:`pyeval.sim.spec.build_spec`'s ``late_entries``
(how many of the ``players`` entries come late: the last ones, players ``P - n .. P - 1``)
and ``re_entry_chance`` (the chance a busted player re-enters when allowed).

A late entrant registers at a minute drawn uniform over the registration window on the wall
clock (play and breaks: the structure's minutes up to the end of level ``until_level``; for
levels counted in hands, their hands at a full table's pace), from the tournament's own
random stream (the same for any thread count; nothing is drawn without late entries, so
other results are as before). Before the next hand anywhere, each entrant whose minute has
come is seated (:func:`seat_entry`): at the table in play with the fewest players (the
lowest number), in a random free seat, dealt in at once like a moved player; when every
table is full, at a new table, which the balancing rule then fills. A re-entry is seated the
same way after the hand that busted the player. Every entry brings its starting stack (a
late entrant the structure's starting chips, by rank when it gives them; a re-entry the
re-entry's chips), counted in the chips the kernel checks every hand.

>>> import numpy as np
>>> from pyeval.numba_rng import seed_stream
>>> st = np.empty(4, np.uint64); seed_stream(st, np.uint64(1), 0)
>>> cfg = np.zeros(32, np.int64); cfgf = np.zeros(24)
>>> cfg[C_PLAYERS], cfg[C_LATE_ENTRIES], cfgf[F_LATE_REG_MINUTES] = 6, 3, 40.0
>>> entry = np.zeros(6); draw_entry_times(cfg, cfgf, st, entry)
>>> [round(float(a), 1) for a in entry]      # players 3, 4, 5 register late, in order
[0.0, 0.0, 0.0, 33.4, 35.2, 38.9]
"""
from __future__ import annotations

from typing import Any

import numba
import numpy as np

from pyeval.numba_mem import INTERNAL
from pyeval.numba_rng import below, uniform
from pyeval.sim.layout import (
    C_LATE_ENTRIES,
    C_PLAYERS,
    C_REENTRY_CHIPS,
    C_REENTRY_MAX,
    C_REENTRY_UNTIL,
    F_LATE_REG_MINUTES,
    F_MINUTES_PER_HAND,
    F_REENTRY_P,
    LV_BREAK,
    LV_HANDS,
    LV_MIN,
)
from pyeval.sim.table_moves import _seat_player


def entry_config(structure: Any, players: int, late_entries: int, re_entry_chance: float,
                 lv: np.ndarray, cfg: np.ndarray, cfgf: np.ndarray, size: int) -> None:
    """Write the structure's late registration and re-entry, and the field's
    ``late_entries`` and ``re_entry_chance``, into the kernel's configuration arrays.

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
    if not 0 <= re_entry_chance <= 1:
        raise ValueError(f"re_entry_chance is a probability between 0 and 1, not {re_entry_chance}")
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
            wall += lv[i, LV_MIN] if lv[i, LV_MIN] > 0 else lv[i, LV_HANDS] * full
            if i < until - 1:
                wall += lv[i, LV_BREAK]
        cfg[C_LATE_ENTRIES] = late_entries
        cfgf[F_LATE_REG_MINUTES] = wall
    if (late_entries or re_entry is not None) and fmt == "table_winners":
        raise ValueError("late registration and re-entry are not simulated in the two-stage "
                         "format (table_winners)")
    if re_entry is not None:
        cfg[C_REENTRY_CHIPS] = re_entry.chips
        cfg[C_REENTRY_UNTIL] = re_entry.until_level
        cfg[C_REENTRY_MAX] = -1 if re_entry.per_player is None else re_entry.per_player
        cfgf[F_REENTRY_P] = re_entry_chance


@numba.njit(cache=True, error_model="numpy")
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


@numba.njit(cache=True, error_model="numpy", **INTERNAL)
def seat_entry(NT, S, p, seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_t, tbl_lh, tbl_lv,
               level, p_table, p_seat, st, play_now, occ):
    """Seat player ``p`` (a late entrant or a re-entry): at the table in play with the
    fewest players (the lowest number), in a random free seat; when every table in play is
    full, alone at a new table (the lowest number not in play; its button the player's
    seat, its clock ``play_now``, its level ``level``) that balancing then fills. Returns
    the table."""
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


@numba.njit(cache=True, error_model="numpy", **INTERNAL)
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


@numba.njit(cache=True, error_model="numpy", **INTERNAL)
def may_re_enter(cfg, cfgf, level, used, st):
    """Whether a busted player re-enters: re-entry open at the table's ``level`` (0-based),
    under the cap (``used`` so far), and the field's chance says so (drawn only when
    allowed)."""
    return (cfg[C_REENTRY_UNTIL] > 0 and level + 1 <= cfg[C_REENTRY_UNTIL]
            and (cfg[C_REENTRY_MAX] < 0 or used < cfg[C_REENTRY_MAX])
            and uniform(st) < cfgf[F_REENTRY_P])
