"""Late and absent players in the kernel (the first rule sheet's "Players Leaving" and "Late
Players"): a player who has not arrived has a seat and a stack, posts blinds and antes as if
there, is dealt no cards and cannot win a pot; one who has not arrived by the cut-off leaves
play.

The structure's ``[late_players]`` (:class:`pyeval.tournament.sections.LatePlayers`) says how
many are late and when they come: each entrant is late with chance ``chance`` and then
arrives ``uniform`` over ``[0, latest_minutes]`` or ``exponential`` with mean
``mean_minutes`` after the start (minutes of the tournament's wall clock: play and breaks).
:func:`draw_arrivals` draws every entrant's minute from the tournament's own random stream
(seeded by ``(seed, tournament)``, so the same for any thread count), only when the
structure has late players (without them the stream, and every result, is as before).

In a hand, :func:`mark_absent` marks the seats whose player has not arrived by the hand's
start (``HS[H_ABSENT]``, a bit per seat; at a table where nobody is there yet no hand is
played: nothing is posted); :func:`fold_absent`, called when the forced bets
are in, folds them: their antes and blinds stay in the pots like any folded player's (the
rules model's :func:`pyeval.rules.pots.build_pots`), the others still call a full big blind
an absent player posted, and nobody deals them cards (the button games deal the seat's
cards and never show them; :func:`after_hand` takes them off the record). After each hand
that ends at or after the cut-off, :func:`after_hand` takes every player at that table who
arrives later than the cut-off out of play: their chips leave the tournament (the chip total
falls by them) and they are placed as eliminated in that hand (more chips at its start, the
better place; the sheet's "Event Placings"). What is left in play need not be a multiple of
a later colour-up's chip: the chip race rounds the odd chips (:func:`race_rounding`).

>>> import numpy as np
>>> from pyeval.jit.numba_rng import seed_stream
>>> st = np.empty(4, np.uint64); seed_stream(st, np.uint64(1), 0)
>>> cfg = np.zeros(32, np.int64); cfgf = np.zeros(24)
>>> cfg[0], cfg[C_LATE], cfgf[F_LATE_CHANCE], cfgf[F_LATE_SPAN] = 6, LATE_UNIFORM, 0.5, 40.0
>>> arrive = np.zeros(6); draw_arrivals(cfg, cfgf, st, arrive)
>>> [round(float(a), 1) for a in arrive]
[0.0, 0.0, 6.4, 0.0, 24.6, 0.0]
>>> bin(absent_seats(np.array([2, 4, -1, 0]), 4, arrive, 12.0))   # player 4 not there yet
'0b10'
"""
from __future__ import annotations

import math

import numba
import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_rng import uniform
from pyeval.sim.kernel.layout import (
    C_LATE,
    C_PLAYERS,
    C_SEATS,
    F_LATE_CHANCE,
    F_LATE_CUTOFF,
    F_LATE_SPAN,
    HOLE_MAX,
    REC_HOLE,
)
from pyeval.sim.kernel.slots import B_DEALT, B_FOLDED, H_ANTE_IN, H_BB_IN, H_ROWS, H_SB_IN

# ---- where the kernel keeps them: layout's C_LATE and F_LATE_* (named there with every
# other column), and the hand state one slot past slots.H_ROWS, which work.make_work
# allocates
#: the hand state's slot of the absent seats (bit ``s``: seat ``s``)
H_ABSENT = H_ROWS
#: the hand state's length with it
HS_ROWS = H_ROWS + 1

LATE_NONE = 0
LATE_UNIFORM = 1
LATE_EXPONENTIAL = 2
ARRIVAL_CODES = {"uniform": LATE_UNIFORM, "exponential": LATE_EXPONENTIAL}


def late_config(late: object, cfg: np.ndarray, cfgf: np.ndarray) -> None:
    """Write a structure's :class:`~pyeval.tournament.sections.LatePlayers` (or ``None``)
    into the kernel's configuration arrays.

    >>> from pyeval.tournament.sections import LatePlayers
    >>> cfg = np.zeros(32, np.int64); cfgf = np.zeros(24)
    >>> late_config(LatePlayers(30, chance=0.1, latest_minutes=45), cfg, cfgf)
    >>> int(cfg[C_LATE]), float(cfgf[F_LATE_CHANCE]), float(cfgf[F_LATE_SPAN]), float(cfgf[F_LATE_CUTOFF])
    (1, 0.1, 45.0, 30.0)
    """
    if late is None:
        cfg[C_LATE] = LATE_NONE
        return
    kind = getattr(late, "arrival", "uniform")
    if kind not in ARRIVAL_CODES:
        raise ValueError(f"late_players.arrival must be one of {sorted(ARRIVAL_CODES)}, "
                         f"not {kind!r}")
    chance = float(getattr(late, "chance", 0.0))
    if not 0.0 <= chance <= 1.0:
        raise ValueError(f"late_players.chance is a share between 0 and 1, not {chance}")
    span = float(late.latest_minutes if kind == "uniform"    # type: ignore[attr-defined]
                 else late.mean_minutes)                      # type: ignore[attr-defined]
    if not math.isfinite(span) or span < 0:
        raise ValueError(f"late_players: the arrival minutes must be 0 or more, not {span}")
    cut = float(late.cut_off_minutes)                         # type: ignore[attr-defined]
    if not math.isfinite(cut) or cut <= 0:
        raise ValueError(f"late_players.cut_off_minutes must be above 0, not {cut}")
    cfg[C_LATE] = ARRIVAL_CODES[kind]
    cfgf[F_LATE_CHANCE] = chance
    cfgf[F_LATE_SPAN] = span
    cfgf[F_LATE_CUTOFF] = cut


@linked(cache=True, apart=True, error_model="numpy")
def draw_arrivals(cfg, cfgf, st, arrive):
    """Each entrant's arrival minute into ``arrive`` (0: on time), drawn from the stream
    ``st`` when the structure has late players (two draws an entrant: late or not, when)."""
    P = cfg[C_PLAYERS]
    for p in range(P):
        arrive[p] = 0.0
    kind = cfg[C_LATE]
    if kind == LATE_NONE:
        return
    chance = cfgf[F_LATE_CHANCE]
    span = cfgf[F_LATE_SPAN]
    for p in range(P):
        late = uniform(st) < chance
        u = uniform(st)
        if late:
            if kind == LATE_UNIFORM:
                arrive[p] = u * span
            else:
                arrive[p] = -span * np.log(1.0 - u)


@numba.njit(cache=True, inline="always", error_model="numpy")
def absent_seats(row, S, arrive, wall):
    """The seats (a bit each) whose player arrives after ``wall``, the hand's start."""
    m = np.int64(0)
    for s in range(S):
        p = row[s]
        if p >= 0 and arrive[p] > wall:
            m |= np.int64(1) << s
    return m


@numba.njit(cache=True, inline="always", error_model="numpy")
def mark_absent(HS, row, S, arrive, wall):
    """``HS[H_ABSENT]``: the absent seats of a hand starting at ``wall``. When nobody at the
    table is there, no hand is played: nothing is posted (the stakes of ``HS`` are zeroed)
    and nobody is dealt."""
    m = absent_seats(row, S, arrive, wall)
    HS[H_ABSENT] = m
    if m != 0:
        for s in range(S):
            if row[s] >= 0 and not (m >> s) & 1:
                return
        HS[H_SB_IN] = 0
        HS[H_BB_IN] = 0
        HS[H_ANTE_IN] = 0


@numba.njit(cache=True, inline="always", error_model="numpy")
def fold_absent(S, HS, SB):
    """Fold the absent seats of ``HS[H_ABSENT]`` once their forced bets are in."""
    m = HS[H_ABSENT]
    if m != 0:
        for s in range(S):
            if (m >> s) & 1 and SB[B_DEALT, s]:
                SB[B_FOLDED, s] = True


@numba.njit(cache=True, inline="always", error_model="numpy")
def after_hand(cfg, cfgf, row, stack, arrive, grp, nb, HS, wall, rrow, rec_on):
    """After a hand that ended at ``wall``: the absent seats' cards off the record, and, at
    or after the cut-off, every player at the table who arrives later than it out of play
    (their seats appended to the hand's busted ``grp[:nb]``, their stacks emptied). Returns
    (players out in the hand, chips that left play)."""
    S = cfg[C_SEATS]
    m = HS[H_ABSENT]
    if rec_on and m != 0:
        for s in range(S):
            if (m >> s) & 1:
                for k in range(HOLE_MAX):
                    rrow[REC_HOLE + HOLE_MAX * s + k] = -1
    gone = np.int64(0)
    if cfg[C_LATE] == LATE_NONE:
        return nb, gone
    cut = cfgf[F_LATE_CUTOFF]
    if wall < cut:
        return nb, gone
    for s in range(S):
        p = row[s]
        if p >= 0 and arrive[p] > cut and stack[p] > 0:
            gone += stack[p]
            stack[p] = 0
            grp[nb] = s
            nb += 1
    return nb, gone


@numba.njit(cache=True, inline="always", error_model="numpy")
def race_rounding(cfg, unit, NT, total, stack):
    """The chip total after a colour-up (``unit``: its new smallest chip, 0 none). Chips
    that left play with players not arrived need not leave a multiple of a later
    colour-up's chip in play; the race then rounds the tournament's odd chips, and the
    total moves by less than one new chip a table: the chips in play are the new total.
    Any other change (or without late players) keeps ``total``, so the debug check still
    sees it."""
    if cfg[C_LATE] == LATE_NONE or unit <= 0:
        return total
    actual = np.int64(0)
    for p in range(cfg[C_PLAYERS]):
        actual += stack[p]
    d = actual - total
    if -unit * (NT + 1) < d < unit * (NT + 1):
        return actual
    return total
