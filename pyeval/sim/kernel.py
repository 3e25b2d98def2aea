"""The Numba kernel that plays whole tournaments, card by card, many at a time.

:func:`run_serial` plays tournaments ``t0 .. t0 + n - 1`` of one specification on the calling
thread without the GIL (the engine runs one block per core). Each tournament draws from its own random stream, seeded by
``(seed, tournament index)`` only, so the results do not depend on the number of threads
or on how a run is cut into chunks.

Inside one tournament an event loop deals the next hand at the table whose clock is
earliest. Between hands the tables break and balance by the structure's seating rules (as
:mod:`pyeval.tournament.seating` says: by pyeval's convention the player due the big blind
next moves, into the worst position; by the sheets' rules the player in the same position
relative to the button moves into the eliminated player's seat), the level
changes when the clock (or the hand count) says so, and colour-ups and add-ons happen at
the start of their level. A hand follows the rules model (:mod:`pyeval.rules`): antes,
blinds with the dead-button rule, the betting round of :class:`pyeval.rules.betting.Round`
(minimum raises, short all-ins that do not reopen the betting, pot limit, fixed limit with
a bet and three raises, no cap heads-up), side pots and odd chips to the first winner left
of the button.

This module holds no Python-level API; see :mod:`pyeval.sim.engine`.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.numba_mem import borrow, keep_alive
from pyeval.numba_rng import below, seed_stream, uniform
from pyeval.sim.hand import (
    B_ROWS,
    F_DUNIT,
    F_ROWS,
    H_ANTE_BY_IN,
    H_ANTE_IN,
    H_BB_IN,
    H_BETTING,
    H_BIG_BET,
    H_BRING_IN,
    H_DEAD,
    H_GAME,
    H_ROWS,
    H_SB_IN,
    H_SMALL_BET,
    I_MODEL,
    I_ROWS,
    play_button_hand,
)
from pyeval.sim.layout import (
    ANTE_EACH,
    C_ADDON_CHIPS,
    C_ADDON_PER,
    C_ANTE_HU_STOP,
    C_BAL_DIFF,
    C_BREAK_ORDER,
    C_DEBUG,
    C_FINAL_START,
    C_FORMAT,
    C_MAX_HANDS,
    C_MERGE,
    C_N_MODELS,
    C_N_ROT_STUD,
    C_N_ROTATION,
    C_PLAYERS,
    C_REBUY_CHIPS,
    C_REBUY_MAX,
    C_REBUY_UNTIL,
    C_REC_HANDS,
    C_REC_STRIDE,
    C_REC_TOURN,
    C_RESTART_LEVELS,
    C_SEAT_RULE,
    C_SEATS,
    C_START,
    F_ADDON_P,
    F_MINUTES_PER_HAND,
    F_REBUY_P,
    G_DC_STUD,
    G_DEALERS_CHOICE,
    HOLE_MAX,
    LS_CHIPS,
    LS_PLAYERS,
    LS_START,
    LS_TABLES,
    LV_ADDON,
    LV_ANTE,
    LV_ANTE_BY,
    LV_BB,
    LV_BET,
    LV_BIG_BET,
    LV_BREAK,
    LV_BRING,
    LV_CU_REMOVED,
    LV_CU_UNIT,
    LV_GAME,
    LV_HANDS,
    LV_MIN,
    LV_SB,
    LV_SMALL_BET,
    MP_DEPTH_M,
    R_ADDONS,
    R_ERROR,
    R_FT_HANDS,
    R_HANDS,
    R_LEVEL,
    R_REBUYS,
    R_TABLES,
    R_WINNER,
    REC_ANTE,
    REC_ANTE_BY,
    REC_BB,
    REC_BB_SEAT,
    REC_BETTING,
    REC_BIG_BET,
    REC_BRING,
    REC_BUTTON,
    REC_GAME,
    REC_HAND,
    REC_LEVEL,
    REC_SB,
    REC_SB_SEAT,
    REC_SEATS,
    REC_SMALL_BET,
    REC_TABLE,
    REC_TOURN,
    RF_DURATION,
    RF_FT_TIME,
    RF_PLAY_MINUTES,
)
from pyeval.sim.variants.facts import FACTS, FAMILY
from pyeval.sim.variants.hands import play_other_if

# --------------------------------------------------------------------------------------
# seats and positions


@numba.njit(cache=True, inline="always", error_model="numpy")
def next_occ(row, S, s):
    """First occupied seat clockwise after seat ``s`` (exclusive); -1 if none."""
    q = s
    for _k in range(S):
        q += 1
        if q == S:
            q = 0
        if row[q] >= 0:
            return q
    return -1


@numba.njit(cache=True, inline="always", error_model="numpy")
def prev_occ(row, S, s):
    """First occupied seat counter-clockwise before seat ``s`` (exclusive)."""
    q = s
    for _k in range(S):
        q -= 1
        if q < 0:
            q = S - 1
        if row[q] >= 0:
            return q
    return -1


@numba.njit(cache=True, error_model="numpy")
def positions(row, S, n, prev_bb, prev_sb, first):
    """Button, small blind (-1: dead) and big blind seats of the next hand, as
    :class:`pyeval.rules.table.ButtonState` places them.

    The big blind moves to the first player after the last big blind; the small blind is
    the seat of the last big blind (dead when that player is gone); the button is the seat
    the last small blind stood for (dead when empty). Heads-up the player due the big blind
    gets it and the other has the button and posts the small blind. ``first``: a new table,
    where ``prev_bb`` holds the drawn button.
    """
    if first:
        b = prev_bb
        if row[b] < 0:
            b = prev_occ(row, S, next_occ(row, S, b))
        if n == 2:
            return b, b, next_occ(row, S, b)
        sbs = next_occ(row, S, b)
        return b, sbs, next_occ(row, S, sbs)
    g = next_occ(row, S, prev_bb)
    if n == 2:
        b = next_occ(row, S, g)
        return b, b, g
    sbs = prev_bb if row[prev_bb] >= 0 else -1
    b = prev_sb
    if b == g or b == prev_bb:
        # out of heads-up (or a seat filled in between): the first player before the
        # small blind's seat that is not the big blind
        b = prev_occ(row, S, prev_bb)
        if b == g:
            b = prev_bb
    return b, sbs, g


@numba.njit(cache=True, error_model="numpy")
def worst_seat(row, S, b, sbs, g):
    """The free seat a moved player takes (as :func:`pyeval.tournament.seating.worst_seat`):
    between the next small and big blind, else the first after the big blind, else any."""
    if sbs >= 0:
        a = sbs
        # seats strictly between a and g
        q = (a + 1) % S
        while q != g:
            if row[q] < 0 and q != b and q != sbs:
                return q
            q = (q + 1) % S
    q = (g + 1) % S
    while q != b:
        if row[q] < 0 and q != sbs:
            return q
        q = (q + 1) % S
    for k in range(1, S + 1):
        q = (b + k) % S
        if row[q] < 0:
            return q
    return -1


# --------------------------------------------------------------------------------------
# one hand of a button game


# --------------------------------------------------------------------------------------
# the tournament


@numba.njit(cache=True, error_model="numpy")
def _table_count(seat_pl, t, S):
    n = 0
    for s in range(S):
        if seat_pl[t, s] >= 0:
            n += 1
    return n


@numba.njit(cache=True, error_model="numpy")
def _seat_player(seat_pl, tbl_n, p_table, p_seat, t, s, p):
    seat_pl[t, s] = p
    tbl_n[t] += 1
    p_table[p] = t
    p_seat[p] = s


@numba.njit(cache=True, error_model="numpy")
def _unseat(seat_pl, tbl_n, p_table, p_seat, p):
    t = p_table[p]
    s = p_seat[p]
    seat_pl[t, s] = -1
    tbl_n[t] -= 1
    p_table[p] = -1
    p_seat[p] = -1


@numba.njit(cache=True, error_model="numpy")
def _offset(b, s, S):
    """Seats clockwise from the button ``b`` to seat ``s`` (the button seat itself is S)."""
    d = (s - b) % S
    return S if d == 0 else d


@numba.njit(cache=True, error_model="numpy")
def _strictly_between(a, c, s, S):
    """Seat ``s`` lies strictly after ``a`` and before ``c`` clockwise (all but ``a`` when
    ``a == c``), as :func:`pyeval.tournament.seating._between` lists them."""
    span = (c - a) % S
    if span == 0:
        span = S
    d = (s - a) % S
    return 0 < d < span


@numba.njit(cache=True, error_model="numpy")
def same_position_seat(row, S, b, d):
    """The seat of the player ``d`` seats clockwise from the button ``b`` (the next player
    when that seat is empty): who moves under the sheets' rule, as
    :func:`pyeval.tournament.seating.same_position_move` picks them; -1 if nobody sits."""
    q = (b + d) % S
    for _k in range(S):
        if row[q] >= 0:
            return q
        q = (q + 1) % S
    return -1


@numba.njit(cache=True, error_model="numpy")
def break_seat_kind(S, b, sbs, g, s):
    """What free seat ``s`` gives a player from a breaking table, with the receiving table's
    next button ``b``, small blind ``sbs`` (-1 dead) and big blind ``g``: bit 1 dealt the
    hand without posting (the button seat or between the button and the small blind; with
    a dead small blind, from the button to the big blind), bit 2 due the big blind (between
    the last big blind and the next), as :func:`pyeval.tournament.seating._break_seat_kinds`."""
    if sbs < 0:
        if s == b or _strictly_between(b, g, s, S):
            return 3
        return 0
    kind = 0
    if s == b or (sbs != b and _strictly_between(b, sbs, s, S)):
        kind |= 1
    if _strictly_between(b if sbs == b else sbs, g, s, S):
        kind |= 2
    return kind


@numba.njit(cache=True, error_model="numpy")
def card_draw_low(st, k):
    """The first sheet's draw between ``k`` equally full tables: one card each from a
    shuffled deck (card ``c``: rank ``c // 4`` from the deuce, suit ``c % 4`` clubs to
    spades, as :func:`pyeval.tournament.seating.card_draw`); the index of the low card."""
    deck = np.arange(52)
    low = 0
    for i in range(k):
        j = i + below(st, 52 - i)
        c = deck[j]
        deck[j] = deck[i]
        deck[i] = c
        if c < deck[low] or i == 0:
            low = i
    return low


@numba.njit(cache=True, error_model="numpy")
def _break_draw(seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb, NT, S, st, wanted,
                tmp_cards, posted):
    """The fourth sheet's seat draw for a breaking table's players (``wanted[t]`` to table
    ``t``), as :func:`pyeval.tournament.seating.break_moves` with positions: at each table
    random free seats that post on the next hand first (the button seat and the seats
    between it and the small blind only when no other is free), the cards shuffled, then
    the player who posted the last big blind (``posted``, an index into the movers, -1
    none) swapped off a seat due the next big blind. Returns the number of cards."""
    nc = 0
    due = np.zeros(NT * S, np.bool_)
    free = np.empty(S, np.int64)
    kinds = np.zeros(S, np.int64)
    for t in range(NT):
        if wanted[t] == 0:
            continue
        row = seat_pl[t]
        n = tbl_n[t]
        b = sbs = g = -1
        if n >= 2:
            b, sbs, g = positions(row, S, n, tbl_pbb[t], tbl_psb[t], tbl_first[t])
        ngood = 0
        nfree = 0
        for s in range(S):
            if row[s] < 0:
                kinds[s] = 0 if n < 2 else break_seat_kind(S, b, sbs, g, s)
                if (kinds[s] & 1) == 0:
                    free[nfree] = free[ngood]
                    free[ngood] = s
                    ngood += 1
                else:
                    free[nfree] = s
                nfree += 1
        # the seats dealt without posting only when the others ran out
        k0 = nc
        for k in range(wanted[t]):
            # free[:ngood] post on the next hand, free[ngood:nfree] do not
            j = k + below(st, (ngood if k < ngood else nfree) - k)
            x = free[j]
            free[j] = free[k]
            free[k] = x
            tmp_cards[nc, 0] = t
            tmp_cards[nc, 1] = x
            nc += 1
        # the first chosen seat after the last big blind is the next big blind (with a dead
        # small blind any chosen seat there may be)
        if n >= 2:
            q = b if sbs < 0 else sbs
            for _k in range(S):
                q = (q + 1) % S
                if q == g:
                    break
                hit = False
                for i in range(k0, nc):
                    if tmp_cards[i, 1] == q and (kinds[q] & 2) != 0:
                        hit = True
                if hit:
                    due[t * S + q] = True
                    if sbs >= 0:
                        break
    for k in range(nc - 1, 0, -1):
        j = below(st, k + 1)
        a0 = tmp_cards[k, 0]
        a1 = tmp_cards[k, 1]
        tmp_cards[k, 0] = tmp_cards[j, 0]
        tmp_cards[k, 1] = tmp_cards[j, 1]
        tmp_cards[j, 0] = a0
        tmp_cards[j, 1] = a1
    if posted >= 0 and due[tmp_cards[posted, 0] * S + tmp_cards[posted, 1]]:
        for i in range(nc):
            if i != posted and not due[tmp_cards[i, 0] * S + tmp_cards[i, 1]]:
                a0 = tmp_cards[i, 0]
                a1 = tmp_cards[i, 1]
                tmp_cards[i, 0] = tmp_cards[posted, 0]
                tmp_cards[i, 1] = tmp_cards[posted, 1]
                tmp_cards[posted, 0] = a0
                tmp_cards[posted, 1] = a1
                break
    return nc


@numba.njit(cache=True, error_model="numpy")
def _rebalance(seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb, tbl_t, p_table, p_seat,
               NT, S, merge, bal_diff, break_order, st, tmp_cards, tmp_players,
               rule, vt, vacated, n_vac):
    """Break tables while the players fit on one table fewer, then balance (between hands).
    Returns the number of tables still in play.

    ``rule`` (``C_SEAT_RULE``, 0 for pyeval's convention) adds the sheets' rules of
    :mod:`pyeval.tournament.seating`: 1 ``same_position`` (the player in the same position
    relative to the button at the fullest table moves into a seat of ``vacated[:n_vac]``,
    the seats of table ``vt`` emptied by the last hand, closest to the left of its button
    first), 2 ``card_draw`` between equally full tables, 4 the ``fair_blinds`` break draw."""
    n_on = 0
    n_players = 0
    for t in range(NT):
        if tbl_on[t]:
            n_on += 1
            n_players += tbl_n[t]
    while n_on > 1 and n_players <= (n_on - 1) * merge:
        # the table to break
        br = -1
        for t in range(NT):
            if tbl_on[t]:
                if br < 0:
                    br = t
                elif break_order == 0:
                    br = t      # highest number
                elif tbl_n[t] < tbl_n[br] or (tbl_n[t] == tbl_n[br] and t > br):
                    br = t
        # movers in seat order
        nm = 0
        posted = -1
        for s in range(S):
            if seat_pl[br, s] >= 0:
                if s == tbl_pbb[br] and not tbl_first[br]:
                    posted = nm     # posted the big blind in the table's last hand
                tmp_players[nm] = seat_pl[br, s]
                nm += 1
        for i in range(nm):
            _unseat(seat_pl, tbl_n, p_table, p_seat, tmp_players[i])
        tbl_on[br] = False
        n_on -= 1
        # how many go to each table: each to the table with the fewest (lowest number)
        wanted = np.zeros(NT, np.int64)
        for _i in range(nm):
            best = -1
            for t in range(NT):
                if tbl_on[t]:
                    if best < 0 or tbl_n[t] + wanted[t] < tbl_n[best] + wanted[best]:
                        best = t
            wanted[best] += 1
        if rule & 4:
            _break_draw(seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb, NT, S, st, wanted,
                        tmp_cards, posted)
        else:
            _random_break_draw(seat_pl, NT, S, st, wanted, tmp_cards)
        for i in range(nm):
            _seat_player(seat_pl, tbl_n, p_table, p_seat, tmp_cards[i, 0], tmp_cards[i, 1],
                         tmp_players[i])
    # balance: from the fullest to the shortest while they differ by bal_diff or more
    while n_on > 1:
        src = -1
        dst = -1
        for t in range(NT):
            if tbl_on[t]:
                if src < 0 or tbl_n[t] > tbl_n[src]:
                    src = t
                if dst < 0 or tbl_n[t] < tbl_n[dst]:
                    dst = t
        if tbl_n[src] - tbl_n[dst] < bal_diff:
            break
        if rule & 2:
            src = _card_draw_table(tbl_n, tbl_on, NT, src, st)
        row = seat_pl[src]
        b, sbs, g = positions(row, S, tbl_n[src], tbl_pbb[src], tbl_psb[src], tbl_first[src])
        seat = -1
        if rule & 1 and vt >= 0 and tbl_on[vt] and tbl_n[vt] == tbl_n[dst]:
            # the first sheet's order: the eliminated player's seat at the lowest populated
            # table (only the table just dealt has one) closest to the left of its button
            rd = seat_pl[vt]
            b2, sb2, g2 = positions(rd, S, tbl_n[vt], tbl_pbb[vt], tbl_psb[vt], tbl_first[vt])
            for i in range(n_vac):
                v = vacated[i]
                if rd[v] < 0 and (seat < 0 or _offset(b2, v, S) < _offset(b2, seat, S)):
                    seat = v
            if seat >= 0:
                dst = vt
                g = same_position_seat(row, S, b, _offset(b2, seat, S))
        if seat < 0:
            rd = seat_pl[dst]
            b2, sb2, g2 = positions(rd, S, tbl_n[dst], tbl_pbb[dst], tbl_psb[dst], tbl_first[dst])
            seat = worst_seat(rd, S, b2, sb2, g2)
        p = row[g]
        _unseat(seat_pl, tbl_n, p_table, p_seat, p)
        _seat_player(seat_pl, tbl_n, p_table, p_seat, dst, seat, p)
    return n_on


@numba.njit(cache=True, error_model="numpy")
def _random_break_draw(seat_pl, NT, S, st, wanted, tmp_cards):
    """pyeval's convention: random free seats at each table, then who gets which shuffled."""
    nc = 0
    for t in range(NT):
        if wanted[t] == 0:
            continue
        nfree = 0
        free = np.empty(S, np.int64)
        for s in range(S):
            if seat_pl[t, s] < 0:
                free[nfree] = s
                nfree += 1
        for k in range(wanted[t]):
            j = k + below(st, nfree - k)
            x = free[j]
            free[j] = free[k]
            free[k] = x
            tmp_cards[nc, 0] = t
            tmp_cards[nc, 1] = x
            nc += 1
    for k in range(nc - 1, 0, -1):
        j = below(st, k + 1)
        a0 = tmp_cards[k, 0]
        a1 = tmp_cards[k, 1]
        tmp_cards[k, 0] = tmp_cards[j, 0]
        tmp_cards[k, 1] = tmp_cards[j, 1]
        tmp_cards[j, 0] = a0
        tmp_cards[j, 1] = a1
    return nc


@numba.njit(cache=True, error_model="numpy")
def _card_draw_table(tbl_n, tbl_on, NT, src, st):
    """Of the tables as full as ``src``: the one dealt the low card (``src`` if alone)."""
    k = 0
    for t in range(NT):
        if tbl_on[t] and tbl_n[t] == tbl_n[src]:
            k += 1
    if k < 2:
        return src
    low = card_draw_low(st, k)
    for t in range(NT):
        if tbl_on[t] and tbl_n[t] == tbl_n[src]:
            if low == 0:
                return t
            low -= 1
    return src


@numba.njit(cache=True, error_model="numpy")
def _odd_chip_count(v, lv, level):
    """Fewest removed chips that make up ``v`` (greedy over the removed denominations)."""
    n = 0
    for k in range(3, -1, -1):
        d = lv[level, LV_CU_REMOVED + k]
        if d > 0:
            n += v // d
            v = v % d
    return n


@numba.njit(cache=True, error_model="numpy")
def _reset(work):
    """A clean slate: the work arrays are reused from tournament to tournament."""
    (seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb, tbl_t, tbl_lh, p_table, p_seat,
     stack, models, rebuys_used, cards, tmp_players, SI, SB, SF, HS, HF, hole, board, buf,
     deck, start_stack, grp, rec_dummy, st, occ, done_flags, tbl_hc) = work
    seat_pl[:, :] = -1
    tbl_n[:] = 0
    tbl_on[:] = False
    tbl_first[:] = True
    tbl_pbb[:] = 0
    tbl_psb[:] = 0
    tbl_t[:] = 0.0
    tbl_lh[:] = 0
    tbl_hc[:] = 0
    p_table[:] = -1
    p_seat[:] = -1
    stack[:] = 0
    models[:] = 0
    rebuys_used[:] = 0
    SI[:, :] = 0
    SB[:, :] = False
    SF[:, :] = 0.0
    HS[:] = 0
    HF[:] = 0.0
    hole[:, :] = 0
    board[:] = 0
    buf[:] = 0
    for i in range(52):
        deck[i] = i
    start_stack[:] = 0


@numba.njit(cache=True, error_model="numpy")
def _draw_seats(P, S, NT, M, start, assign, mw, st, seat_pl, tbl_n, tbl_on, tbl_pbb, p_table,
                p_seat, stack, models, cards, occ):
    """The seat draw (counts differ by at most one, seats spread around each table), the
    starting stacks, each player's model and each table's button."""
    base = P // NT
    extra = P % NT
    nc = 0
    for t in range(NT):
        cnt = base + (1 if t < extra else 0)
        for i in range(cnt):
            cards[nc, 0] = t
            cards[nc, 1] = i * S // cnt
            nc += 1
    for i in range(nc - 1, 0, -1):
        j = below(st, i + 1)
        a0 = cards[i, 0]
        a1 = cards[i, 1]
        cards[i, 0] = cards[j, 0]
        cards[i, 1] = cards[j, 1]
        cards[j, 0] = a0
        cards[j, 1] = a1
    for p in range(P):
        _seat_player(seat_pl, tbl_n, p_table, p_seat, cards[p, 0], cards[p, 1], p)
        stack[p] = start
        if assign[p] >= 0:
            models[p] = assign[p]
        else:
            u = uniform(st)
            m = 0
            while m < M - 1 and u >= mw[m]:
                m += 1
            models[p] = m
    for t in range(NT):
        tbl_on[t] = True
        # the button: a high-card draw, here a random occupied seat
        no = 0
        for s in range(S):
            if seat_pl[t, s] >= 0:
                occ[no] = s
                no += 1
        tbl_pbb[t] = occ[below(st, no)]


@numba.njit(cache=True, error_model="numpy")
def _race_cards(odd, lv, level):
    """Cards a player draws in the chip race for ``odd`` chips: one per removed chip, and
    one for an amount below every removed chip (0 for none)."""
    n = _odd_chip_count(odd, lv, level)
    if n == 0 and odd > 0:
        return 1
    return n


@numba.njit(cache=True, error_model="numpy")
def _start_final_table(NT, S, final_start, st, seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb,
                       tbl_t, tbl_lh, p_table, p_seat, stack, cards, tmp_players):
    """Two stages: every first-round table is down to its winner; they start the final
    table (number ``NT``) with fresh chips, in random seats spread around it, when the last
    first-round table ends. Returns (that time, the chips in play)."""
    now = 0.0
    for q in range(NT):
        if tbl_t[q] > now:
            now = tbl_t[q]
    ft = NT
    nw = 0
    for q in range(NT):
        if tbl_on[q]:
            for s in range(S):
                if seat_pl[q, s] >= 0:
                    tmp_players[nw] = seat_pl[q, s]
                    nw += 1
            tbl_on[q] = False
    for i in range(nw):
        _unseat(seat_pl, tbl_n, p_table, p_seat, tmp_players[i])
    # random seats, spread around the table
    for i in range(nw):
        cards[i, 0] = i * S // nw
    for i in range(nw - 1, 0, -1):
        j = below(st, i + 1)
        x = cards[i, 0]
        cards[i, 0] = cards[j, 0]
        cards[j, 0] = x
    total_chips = 0
    for i in range(nw):
        p = tmp_players[i]
        _seat_player(seat_pl, tbl_n, p_table, p_seat, ft, cards[i, 0], p)
        stack[p] = final_start
        total_chips += stack[p]
    tbl_on[ft] = True
    tbl_first[ft] = True
    tbl_pbb[ft] = cards[below(st, nw), 0]
    tbl_t[ft] = now
    tbl_lh[ft] = 0
    return now, total_chips


@numba.njit(cache=True, error_model="numpy")
def _colour_up(k, NT, S, unit, lv, level, tbl_on, seat_pl, tbl_n, p_table, p_seat, stack, st,
               place, shares, order, elim_t, elim_h, n_alive, now, brk, last_elim, hands):
    """Colour-up of the chips below ``unit`` with a chip race at every table; anyone left
    with nothing is out. Returns (players left, the clock of the last elimination)."""
    pots = np.zeros(NT + 1, np.int64)
    for q in range(NT + 1):
        if tbl_on[q]:
            for s in range(S):
                p = seat_pl[q, s]
                if p >= 0:
                    pots[q] += stack[p] % unit
    chips_of = pots // unit
    rema = pots % unit
    left = 0
    for q in range(NT + 1):
        left += rema[q]
    left //= unit
    # the whole field's odd chips make whole chips: the few left over go one
    # each to the tables with the largest remainders (largest remainder rule)
    while left > 0:
        bq = -1
        for q in range(NT + 1):
            if tbl_on[q] and rema[q] > 0:
                if bq < 0 or rema[q] > rema[bq]:
                    bq = q
        if bq < 0:
            break
        chips_of[bq] += 1
        rema[bq] = 0
        left -= 1
    for q in range(NT + 1):
        if not tbl_on[q]:
            continue
        # one card per removed chip; an odd amount below every removed chip (a split pot's
        # odd chip) still races with one card, so that every table with odd chips has a
        # winner and the field's chip total stays whole
        ncards = 0
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                ncards += _race_cards(stack[p] % unit, lv, level)
        if ncards == 0:
            continue
        pick = below(st, ncards)
        winner = -1
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                c_ = _race_cards(stack[p] % unit, lv, level)
                if winner < 0 and pick < c_:
                    winner = p
                pick -= c_
        give = chips_of[q]
        # nobody is raced out while the pot has chips for them
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0:
                odd = stack[p] % unit
                stack[p] -= odd
                if stack[p] == 0 and p != winner and give > 0:
                    stack[p] += unit
                    give -= 1
        stack[winner] += give * unit
        # anyone left with nothing is out (placed below everyone else)
        for s in range(S):
            p = seat_pl[q, s]
            if p >= 0 and stack[p] == 0 and n_alive > 1:
                place[k, p] = n_alive
                shares[k, p] = 1
                order[k, n_alive - 1] = p
                if now + brk > last_elim:
                    last_elim = now + brk
                elim_t[k, p] = last_elim
                elim_h[k, p] = hands
                _unseat(seat_pl, tbl_n, p_table, p_seat, p)
                n_alive -= 1
    return n_alive, last_elim


@numba.njit(cache=True, error_model="numpy")
def _add_ons(NT, S, per, chips, prob, tbl_on, seat_pl, stack, st):
    """The add-on, at the break before its level: each player takes each of ``per``
    add-ons of ``chips`` with probability ``prob``. Returns (chips added, add-ons)."""
    total_chips = 0
    n_addons = 0
    for q in range(NT + 1):
        if tbl_on[q]:
            for s in range(S):
                p = seat_pl[q, s]
                if p >= 0:
                    for _ in range(per):
                        if uniform(st) < prob:
                            stack[p] += chips
                            total_chips += chips
                            n_addons += 1
    return total_chips, n_addons


@numba.njit(cache=True, error_model="numpy")
def _place_busted(k, S, b, nb, grp, row, start_stack, n_alive, last_elim, hands, occ,
                  done_flags, place, shares, order, elim_t, elim_h, seat_pl, tbl_n, p_table,
                  p_seat):
    """Places of the ``nb`` players of seats ``grp[:nb]`` who busted in one hand: fewest
    chips at the start of the hand take the worst places, equal stacks share; then they
    leave their seats."""
    ordered = occ
    no = 0
    for kk2 in range(1, S + 1):
        s = (b + kk2) % S
        for i in range(nb):
            if grp[i] == s:
                ordered[no] = s
                no += 1
    # fewest chips at the start of the hand take the worst places
    done = done_flags
    for i in range(nb):
        done[i] = False
    worst = n_alive
    for _ in range(nb):
        lo_ = -1
        for i in range(nb):
            if not done[i] and (lo_ < 0 or start_stack[ordered[i]] < lo_):
                lo_ = start_stack[ordered[i]]
        if lo_ < 0:
            break
        cnt = 0
        for i in range(nb):
            if not done[i] and start_stack[ordered[i]] == lo_:
                cnt += 1
        first_pl = worst - cnt + 1
        j = 0
        for i in range(nb):
            if not done[i] and start_stack[ordered[i]] == lo_:
                p = row[ordered[i]]
                done[i] = True
                place[k, p] = first_pl
                shares[k, p] = cnt
                order[k, first_pl - 1 + j] = p
                elim_t[k, p] = last_elim
                elim_h[k, p] = hands
                j += 1
        worst = first_pl - 1
    for i in range(nb):
        _unseat(seat_pl, tbl_n, p_table, p_seat, row[ordered[i]])


@numba.njit(cache=True, error_model="numpy")
def _finish(k, P, n_alive, stack, place, shares, order, elim_t, elim_h, res_i, seat_pl, tbl_n,
            p_table, p_seat, last_end, brk, last_elim, hands):
    """The winner (or, after a safety stop, the rest by chips)."""
    while n_alive >= 1:
        bestp = -1
        worstp = -1
        for p in range(P):
            if p_table[p] >= 0:
                if worstp < 0 or stack[p] < stack[worstp]:
                    worstp = p
        if worstp < 0:
            break
        bestp = worstp
        place[k, bestp] = n_alive
        shares[k, bestp] = 1
        order[k, n_alive - 1] = bestp
        elim_t[k, bestp] = max(last_end + brk, last_elim)
        elim_h[k, bestp] = hands
        _unseat(seat_pl, tbl_n, p_table, p_seat, bestp)
        if n_alive == 1:
            res_i[k, R_WINNER] = bestp
        n_alive -= 1


@numba.njit(cache=True, error_model="numpy")
def make_work(P, S):
    """The working arrays of one tournament (allocated once per thread, reused)."""
    NT = (P + S - 1) // S
    return (np.full((NT + 1, S), -1, np.int64), np.zeros(NT + 1, np.int64),
            np.zeros(NT + 1, np.bool_), np.ones(NT + 1, np.bool_), np.zeros(NT + 1, np.int64),
            np.zeros(NT + 1, np.int64), np.zeros(NT + 1), np.zeros(NT + 1, np.int64),
            np.full(P, -1, np.int64), np.full(P, -1, np.int64), np.zeros(P, np.int64),
            np.zeros(P, np.int64), np.zeros(P, np.int64),
            np.empty((max(P, 2 * S) + S, 2), np.int64), np.empty(max(P, S), np.int64),
            np.zeros((I_ROWS, S), np.int64), np.zeros((B_ROWS, S), np.bool_),
            np.zeros((F_ROWS, S)), np.zeros(H_ROWS, np.int64), np.zeros(2),
            np.zeros((S, HOLE_MAX), np.uint8), np.zeros(5, np.uint8), np.zeros(7, np.uint8),
            np.arange(52).astype(np.uint8), np.zeros(S, np.int64), np.empty(S, np.int64),
            np.zeros(1, np.int64), np.empty(4, np.uint64), np.empty(S, np.int64),
            np.zeros(S, np.bool_), np.zeros(NT + 1, np.int64))


@numba.njit(cache=True, nogil=True, error_model="numpy")
def run_serial(t0, n, seed, lv, cfg, cfgf, mp, assign, mw, push_tab, open_tab, pf_class,
               pf_top, pf_eq, omaha_tab, stud_tab, vtab, rotation, ev, res_i, res_f, elim_t, elim_h, place,
               shares, order, lstats, rec, stud_on):
    """Play tournaments ``t0 .. t0 + n - 1`` into rows ``0 .. n - 1`` of the output arrays
    on the calling thread, without the GIL: :mod:`pyeval.sim.engine` runs one block of
    tournaments per thread (views of the outputs), Dask workers one chunk per task.
    ``stud_on``: ``True`` when a stud game may be dealt, ``None`` compiles (and runs) a
    kernel for button games only (see :func:`pyeval.sim.variants.hands.play_other_if`)."""
    own = make_work(cfg[C_PLAYERS], cfg[C_SEATS])
    # every array below is borrowed (no owner, see numba_mem.borrow): the per-hand calls
    # pass a dozen of them, which would otherwise each cost an atomic reference count in
    # and out (and the shared tables' counts bounce between the threads' cores)
    work = borrow(own)
    tables = borrow((lv, cfg, cfgf, mp, assign, mw, push_tab, open_tab, pf_class, pf_top,
                     pf_eq, omaha_tab, stud_tab, vtab, rotation))
    ev = borrow(ev)
    outs = borrow((res_i, res_f, elim_t, elim_h, place, shares, order, lstats, rec))
    (lv, cfg, cfgf, mp, assign, mw, push_tab, open_tab, pf_class, pf_top, pf_eq, omaha_tab,
     stud_tab, vtab, rotation) = tables
    res_i, res_f, elim_t, elim_h, place, shares, order, lstats, rec = outs
    P = cfg[C_PLAYERS]
    S = cfg[C_SEATS]
    L = lv.shape[0]
    M = cfg[C_N_MODELS]
    two_stage = cfg[C_FORMAT] == 1
    debug = cfg[C_DEBUG] == 1
    (seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb, tbl_t, tbl_lh, p_table, p_seat,
     stack, models, rebuys_used, cards, tmp_players, SI, SB, SF, HS, HF, hole, board, buf,
     deck, start_stack, grp, rec_dummy, st, occ, done_flags, tbl_hc) = work
    for k in range(n):
        # ---- tournament t0 + k into row k of the outputs
        ti = t0 + k
        seed_stream(st, seed, ti)
        NT = (P + S - 1) // S
        # ---- a clean slate (the work arrays are reused from tournament to tournament)
        _reset(work)
        _draw_seats(P, S, NT, M, cfg[C_START], assign, mw, st, seat_pl, tbl_n, tbl_on, tbl_pbb,
                    p_table, p_seat, stack, models, cards, occ)
        tabs = (pf_class, pf_top, pf_eq, omaha_tab, mp, push_tab, open_tab, stud_tab, vtab)
        # ---- state
        n_alive = P
        total_chips = P * cfg[C_START]
        level = 0
        level_start = 0.0      # minutes of play
        level_hands = 0
        brk = 0.0              # break minutes before the current level
        hands = np.int64(0)
        ft_hands = 0
        n_rebuys = 0
        n_addons = 0
        err = 0
        n_tables = NT
        ft_time = -1.0
        if n_tables == 1:
            ft_time = 0.0
        stage = 0 if two_stage else 1
        n_rec = 0
        last_end = 0.0
        last_elim = 0.0
        for lvl in range(L):
            lstats[k, lvl, LS_START] = -1.0
            lstats[k, lvl, LS_PLAYERS] = 0.0
        lstats[k, 0, LS_PLAYERS] = P
        lstats[k, 0, LS_CHIPS] = total_chips
        lstats[k, 0, LS_TABLES] = NT
        lstats[k, 0, LS_START] = 0.0
        max_hands = cfg[C_MAX_HANDS]
        res_i[k, R_TABLES] = NT
        while True:
            # ---- the table to deal next: the earliest clock among tables with 2+ players
            t = -1
            for q in range(NT + 1):
                if tbl_on[q] and tbl_n[q] >= 2:
                    if t < 0 or tbl_t[q] < tbl_t[t]:
                        t = q
            if t < 0:
                if stage == 0:
                    # two stages: every first-round table is down to its winner; they start
                    # the final table with fresh chips
                    stage = 1
                    now, total_chips = _start_final_table(
                        NT, S, cfg[C_FINAL_START], st, seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb,
                        tbl_t, tbl_lh, p_table, p_seat, stack, cards, tmp_players)
                    ft_time = now + brk
                    n_tables = 1
                    if cfg[C_RESTART_LEVELS] == 1:
                        level = 0
                        level_start = now
                        level_hands = 0
                    continue
                break
            now = tbl_t[t]
            # ---- level changes (by the clock of play, or by hands dealt)
            while level < L - 1:
                advance = False
                nxt_start = now
                if lv[level, LV_MIN] > 0:
                    end = level_start + lv[level, LV_MIN]
                    if now >= end:
                        advance = True
                        nxt_start = end
                else:
                    if level_hands >= lv[level, LV_HANDS]:
                        advance = True
                        nxt_start = now
                if not advance:
                    break
                brk += lv[level, LV_BREAK]
                level += 1
                level_start = nxt_start
                level_hands = 0
                for q in range(NT + 1):
                    tbl_lh[q] = 0
                # colour-up with a chip race at every table
                unit = lv[level, LV_CU_UNIT]
                if unit > 0:
                    n_alive, last_elim = _colour_up(
                        k, NT, S, unit, lv, level, tbl_on, seat_pl, tbl_n, p_table, p_seat, stack,
                        st, place, shares, order, elim_t, elim_h, n_alive, now, brk, last_elim,
                        hands)
                # the add-on, at the break before its level
                if lv[level, LV_ADDON] == 1:
                    added, n_add = _add_ons(NT, S, cfg[C_ADDON_PER], cfg[C_ADDON_CHIPS],
                                            cfgf[F_ADDON_P], tbl_on, seat_pl, stack, st)
                    total_chips += added
                    n_addons += n_add
                nt_on = 0
                for q in range(NT + 1):
                    if tbl_on[q] and tbl_n[q] > 0:
                        nt_on += 1
                lstats[k, level, LS_PLAYERS] = n_alive
                lstats[k, level, LS_CHIPS] = total_chips
                lstats[k, level, LS_TABLES] = nt_on
                lstats[k, level, LS_START] = level_start + brk
            # ---- the hand
            row = seat_pl[t]
            n_here = tbl_n[t]
            b, sbs, g = positions(row, S, n_here, tbl_pbb[t], tbl_psb[t], tbl_first[t])
            game = lv[level, LV_GAME]
            if game == G_DEALERS_CHOICE:
                # [variants] the button names the game of each hand: the rotation in turn
                game = rotation[tbl_hc[t] % cfg[C_N_ROTATION]]
            elif game == G_DC_STUD:
                game = rotation[cfg[C_N_ROTATION] + tbl_hc[t] % cfg[C_N_ROT_STUD]]
            tbl_hc[t] += 1
            is_stud = FACTS[game, FAMILY] != 0     # [variants] a stud game or the draw
            sb_amt = lv[level, LV_SB]
            bb_amt = lv[level, LV_BB]
            ante = lv[level, LV_ANTE]
            if cfg[C_ANTE_HU_STOP] == 1 and n_here == 2:
                ante = 0
            ante_by = lv[level, LV_ANTE_BY]
            # M: a big-blind or button ante is one ante for the table
            unit_m = (sb_amt + bb_amt + (n_here if ante_by == ANTE_EACH else 1) * ante) / 1.5
            unit_bb = float(bb_amt)
            if unit_m <= 0:
                unit_m = 1.0
            if unit_bb <= 0:
                unit_bb = 1.0
            for s in range(S):
                p = row[s]
                if p >= 0:
                    m = models[p]
                    SI[I_MODEL, s] = m
                    SF[F_DUNIT, s] = unit_m if mp[m, MP_DEPTH_M] > 0 else unit_bb
                    start_stack[s] = stack[p]
                else:
                    start_stack[s] = 0
            rec_on = (ti < cfg[C_REC_TOURN] and n_rec < cfg[C_REC_HANDS]
                      and hands % cfg[C_REC_STRIDE] == 0)
            if rec_on:
                rrow = rec[k * cfg[C_REC_HANDS] + n_rec]
                rrow[:] = -1
                rrow[REC_TOURN] = ti
                rrow[REC_HAND] = hands
                rrow[REC_LEVEL] = level + 1
                rrow[REC_SEATS] = S
                rrow[REC_BUTTON] = b
                rrow[REC_TABLE] = t
                rrow[REC_SB_SEAT] = sbs
                rrow[REC_BB_SEAT] = g
                rrow[REC_SB] = sb_amt
                rrow[REC_BB] = bb_amt
                rrow[REC_ANTE] = ante
                rrow[REC_ANTE_BY] = ante_by
                rrow[REC_BETTING] = lv[level, LV_BET]
                rrow[REC_GAME] = game
                rrow[REC_SMALL_BET] = lv[level, LV_SMALL_BET]
                rrow[REC_BIG_BET] = lv[level, LV_BIG_BET]
                n_rec += 1
            else:
                rrow = rec_dummy
            HS[H_SB_IN] = sb_amt
            HS[H_BB_IN] = bb_amt
            HS[H_ANTE_IN] = ante
            HS[H_ANTE_BY_IN] = ante_by
            HS[H_DEAD] = 0
            HS[H_BETTING] = lv[level, LV_BET]
            HS[H_SMALL_BET] = lv[level, LV_SMALL_BET]
            HS[H_BIG_BET] = lv[level, LV_BIG_BET]
            HS[H_GAME] = game
            HS[H_BRING_IN] = lv[level, LV_BRING]
            if is_stud:
                if rec_on:
                    rrow[REC_SB_SEAT] = -1
                    rrow[REC_BB_SEAT] = -1
                    rrow[REC_BRING] = lv[level, LV_BRING]
                if play_other_if(stud_on, (S, row, stack, b, sbs, g, HS, SI, SB, SF, HF, hole,
                                           board, buf, deck, st, ev, tabs, rrow, rec_on)) < 0:
                    err = 4     # a stud hand in a kernel compiled without stud (engine bug)
                    break
            else:
                play_button_hand(S, row, stack, b, sbs, g, HS, SI, SB, SF, HF, hole, board, buf,
                                 deck, st, ev, tabs, rrow, rec_on)
            # what the next hand's positions follow: the seat this small blind stood for
            if n_here == 2:
                tbl_psb[t] = b
            elif tbl_first[t]:
                tbl_psb[t] = sbs
            else:
                tbl_psb[t] = tbl_pbb[t]
            tbl_first[t] = False
            tbl_pbb[t] = g
            hands += 1
            if n_tables == 1:
                ft_hands += 1
            tbl_lh[t] += 1
            if tbl_lh[t] > level_hands:
                level_hands = tbl_lh[t]
            kk = n_here if n_here < 16 else 15
            end_t = now + cfgf[F_MINUTES_PER_HAND + kk]
            tbl_t[t] = end_t
            if end_t > last_end:
                last_end = end_t
            if debug:
                tot = 0
                for p in range(P):
                    tot += stack[p]
                if tot != total_chips:
                    err = 1
            # ---- eliminations (and rebuys)
            nb = np.int64(0)
            for s in range(S):
                p = row[s]
                if p >= 0 and stack[p] == 0:
                    if (cfg[C_REBUY_UNTIL] > 0 and level + 1 <= cfg[C_REBUY_UNTIL] and stage == 1
                            and (cfg[C_REBUY_MAX] < 0 or rebuys_used[p] < cfg[C_REBUY_MAX])
                            and uniform(st) < cfgf[F_REBUY_P]):
                        stack[p] = cfg[C_REBUY_CHIPS]
                        total_chips += cfg[C_REBUY_CHIPS]
                        rebuys_used[p] += 1
                        n_rebuys += 1
                        continue
                    grp[nb] = s
                    nb += 1
            if nb > 0:
                # the clock of eliminations: hands are dealt in order of their start, a hand at
                # another table may end a little earlier; places follow the order of play, so
                # an elimination is never stamped before the previous one
                if end_t + brk > last_elim:
                    last_elim = end_t + brk
                # clockwise from the button
                _place_busted(k, S, b, nb, grp, row, start_stack, n_alive, last_elim, hands, occ,
                              done_flags, place, shares, order, elim_t, elim_h, seat_pl, tbl_n,
                              p_table, p_seat)
                n_alive -= nb
            if n_alive <= 1 and stage == 1:
                break
            if hands >= max_hands:
                err = 2
                break
            # ---- between hands: break and balance the tables
            need = False
            if stage == 1 and n_tables > 1:
                n_on = 0
                n_pl = 0
                most = 0
                least = S + 1
                for q in range(NT + 1):
                    if tbl_on[q]:
                        n_on += 1
                        n_pl += tbl_n[q]
                        if tbl_n[q] > most:
                            most = tbl_n[q]
                        if tbl_n[q] < least:
                            least = tbl_n[q]
                need = n_pl <= (n_on - 1) * cfg[C_MERGE] or most - least >= cfg[C_BAL_DIFF]
            if need:
                n_tables = _rebalance(seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb, tbl_t,
                                      p_table, p_seat, NT + 1, S, cfg[C_MERGE], cfg[C_BAL_DIFF],
                                      cfg[C_BREAK_ORDER], st, cards, tmp_players, cfg[C_SEAT_RULE], t, grp, nb)
                if n_tables == 1 and ft_time < 0:
                    ft_time = end_t + brk
                    # the final table starts when its last hand ends
                    for q in range(NT + 1):
                        if tbl_on[q]:
                            tbl_t[q] = max(tbl_t[q], end_t)
        # ---- the winner (or, after a safety stop, the rest by chips)
        _finish(k, P, n_alive, stack, place, shares, order, elim_t, elim_h, res_i, seat_pl, tbl_n,
                p_table, p_seat, last_end, brk, last_elim, hands)
        res_i[k, R_HANDS] = hands
        res_i[k, R_LEVEL] = level + 1
        res_i[k, R_FT_HANDS] = ft_hands
        res_i[k, R_REBUYS] = n_rebuys
        res_i[k, R_ADDONS] = n_addons
        res_i[k, R_ERROR] = err
        res_f[k, RF_DURATION] = last_end + brk
        res_f[k, RF_FT_TIME] = ft_time
        res_f[k, RF_PLAY_MINUTES] = last_end

    keep_alive(*own)
