"""Table moves in the kernel, as :mod:`pyeval.tournament.seating` says: the seat draw,
seating and unseating a player, breaking and balancing tables (the player due the big blind
next moves, into the worst position: :func:`worst_seat`), and the start of a two-stage
tournament's final table. Moved here verbatim from :mod:`pyeval.sim.kernel.kernel`.
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_rng import below, uniform
from pyeval.sim.kernel import layout
from pyeval.sim.kernel.features import break_draw_if, card_draw_table_if
from pyeval.sim.kernel.positions import positions


@numba.njit(cache=True, inline="always", error_model="numpy")
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


@numba.njit(cache=True, inline="always", error_model="numpy")
def _table_count(seat_pl, t, S):
    n = 0
    for s in range(S):
        if seat_pl[t, s] >= 0:
            n += 1
    return n


@numba.njit(cache=True, inline="always", error_model="numpy")
def _seat_player(seat_pl, tbl_n, p_table, p_seat, t, s, p):
    seat_pl[t, s] = p
    tbl_n[t] += 1
    p_table[p] = t
    p_seat[p] = s


@numba.njit(cache=True, inline="always", error_model="numpy")
def _unseat(seat_pl, tbl_n, p_table, p_seat, p):
    t = p_table[p]
    s = p_seat[p]
    seat_pl[t, s] = -1
    tbl_n[t] -= 1
    p_table[p] = -1
    p_seat[p] = -1


@numba.njit(cache=True, inline="always", error_model="numpy")
def _offset(b, s, S):
    """Seats clockwise from the button ``b`` to seat ``s`` (the button seat itself is S)."""
    d = (s - b) % S
    return S if d == 0 else d


@numba.njit(cache=True, inline="always", error_model="numpy")
def _strictly_between(a, c, s, S):
    """Seat ``s`` lies strictly after ``a`` and before ``c`` clockwise (all but ``a`` when
    ``a == c``), as :func:`pyeval.tournament.seating._between` lists them."""
    span = (c - a) % S
    if span == 0:
        span = S
    d = (s - a) % S
    return 0 < d < span


@numba.njit(cache=True, inline="always", error_model="numpy")
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


@numba.njit(cache=True, inline="always", error_model="numpy")
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


@numba.njit(cache=True, inline="always", error_model="numpy")
def _swap_cards(cards, i, j):
    """Swap rows ``i`` and ``j`` of the (table, seat) cards."""
    a0 = cards[i, 0]
    a1 = cards[i, 1]
    cards[i, 0] = cards[j, 0]
    cards[i, 1] = cards[j, 1]
    cards[j, 0] = a0
    cards[j, 1] = a1


@numba.njit(cache=True, inline="always", error_model="numpy")
def _shuffle_cards(cards, n, st):
    """Shuffle the first ``n`` (table, seat) cards (Fisher-Yates from the last, stream
    ``st``): who gets which seat."""
    for i in range(n - 1, 0, -1):
        _swap_cards(cards, i, below(st, i + 1))


@numba.njit(cache=True, inline="always", error_model="numpy")
def _deal_seats(free, ngood, nfree, want, t, cards, nc, st):
    """``want`` random seats of table ``t`` from its free seats ``free[:nfree]``, those of
    ``free[:ngood]`` first (all of them drawn before any other), appended to the cards
    from row ``nc``. Returns the new number of cards."""
    for k in range(want):
        j = k + below(st, (ngood if k < ngood else nfree) - k)
        x = free[j]
        free[j] = free[k]
        free[k] = x
        cards[nc, 0] = t
        cards[nc, 1] = x
        nc += 1
    return nc


@linked(cache=True, error_model="numpy")
def card_draw_low(st, k):
    """The first sheet's draw between ``k`` equally full tables: one card each from a
    shuffled deck (card ``c``: rank ``c // 4`` from the deuce, suit ``c % 4`` clubs to
    spades, as :func:`pyeval.tournament.seating.card_draw`); the index of the low card.
    More than 52 tables draw from as many decks as they need, shuffled together (card
    ``c % 52``; of equal low cards the first dealt), so every table gets a card."""
    decks = (k + 51) // 52 if k > 52 else 1
    deck = np.arange(52 * decks)
    low = 0
    for i in range(k):
        j = i + below(st, 52 * decks - i)
        c = deck[j]
        deck[j] = deck[i]
        deck[i] = c
        if c % 52 < deck[low] % 52 or i == 0:
            low = i
    return low


@linked(cache=True, apart=True, error_model="numpy")
def _break_draw(w, NT, S, wanted, posted):
    """The fourth sheet's seat draw for a breaking table's players (``wanted[t]`` to table
    ``t`` of the first ``NT`` of ``w``, a :class:`pyeval.sim.kernel.work.Work`, ``S`` seats each),
    as :func:`pyeval.tournament.seating.break_moves` with positions: at each table random
    free seats that post on the next hand first (the button seat and the seats between it
    and the small blind only when no other is free), the cards (``w.cards``: table, seat)
    shuffled, then the player who posted the last big blind (``posted``, an index into the
    movers, -1 none) swapped off a seat due the next big blind. Returns the number of
    cards."""
    seat_pl, tbl_n, tbl_first, tbl_pbb, tbl_psb = w.seat_pl, w.tbl_n, w.tbl_first, w.tbl_pbb, w.tbl_psb
    st = w.st
    tmp_cards = w.cards
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
        nc = _deal_seats(free, ngood, nfree, wanted[t], t, tmp_cards, nc, st)
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
    _shuffle_cards(tmp_cards, nc, st)
    if posted >= 0 and due[tmp_cards[posted, 0] * S + tmp_cards[posted, 1]]:
        for i in range(nc):
            if i != posted and not due[tmp_cards[i, 0] * S + tmp_cards[i, 1]]:
                _swap_cards(tmp_cards, i, posted)
                break
    return nc


@linked(cache=True, apart=True, error_model="numpy")
def _rebalance(w, cfg, NT, vt, n_vac, draws):
    """Break tables while the players fit on one table fewer, then balance (between hands),
    over the first ``NT`` tables of ``w`` (a :class:`pyeval.sim.kernel.work.Work`: the seating,
    the tables' positions, the random stream, the scratch ``w.cards`` and
    ``w.tmp_players``). Returns the number of tables still in play.

    From the settings ``cfg``: ``C_SEATS``, ``C_MERGE`` (the players a table holds when
    tables break), ``C_BAL_DIFF`` (balance when two tables differ by this many),
    ``C_BREAK_ORDER`` (0: the highest number breaks, else the shortest table) and
    ``C_SEAT_RULE`` (0 for pyeval's convention), which adds the sheets' rules of
    :mod:`pyeval.tournament.seating`: 1 ``same_position`` (the player in the same position
    relative to the button at the fullest table moves into a seat of ``w.grp[:n_vac]``,
    the seats of table ``vt`` emptied by the last hand, closest to the left of its button
    first), 2 ``card_draw`` between equally full tables, 4 the ``fair_blinds`` break draw.
    ``draws``: the kernel's switches of the break draws, fair_blinds and random, and of the
    card draw (:class:`pyeval.sim.features.Features`: None, the structure does not use it,
    and its code is not compiled)."""
    S = cfg[layout.C_SEATS]
    merge = cfg[layout.C_MERGE]
    bal_diff = cfg[layout.C_BAL_DIFF]
    break_order = cfg[layout.C_BREAK_ORDER]
    rule = cfg[layout.C_SEAT_RULE]
    seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb, tbl_psb = (
        w.seat_pl, w.tbl_n, w.tbl_on, w.tbl_first, w.tbl_pbb, w.tbl_psb)
    p_table, p_seat, st, tmp_cards, tmp_players = w.p_table, w.p_seat, w.st, w.cards, w.tmp_players
    vacated = w.grp
    n_on = 0
    n_players = 0
    for t in range(NT):
        if tbl_on[t]:
            n_on += 1
            n_players += tbl_n[t]
    while n_on > 1 and n_players <= (n_on - 1) * merge:
        # the table to break
        br = np.int64(-1)
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
        posted = np.int64(-1)
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
            best = np.int64(-1)
            for t in range(NT):
                if tbl_on[t]:
                    if best < 0 or tbl_n[t] + wanted[t] < tbl_n[best] + wanted[best]:
                        best = t
            wanted[best] += 1
        break_draw_if(draws[0], draws[1], w, NT, S, wanted, posted, rule)     # rule & 4
        for i in range(nm):
            _seat_player(seat_pl, tbl_n, p_table, p_seat, tmp_cards[i, 0], tmp_cards[i, 1],
                         tmp_players[i])
    # balance: from the fullest to the shortest while they differ by bal_diff or more
    while n_on > 1:
        src = np.int64(-1)
        dst = np.int64(-1)
        for t in range(NT):
            if tbl_on[t]:
                if src < 0 or tbl_n[t] > tbl_n[src]:
                    src = t
                if dst < 0 or tbl_n[t] < tbl_n[dst]:
                    dst = t
        if tbl_n[src] - tbl_n[dst] < bal_diff:
            break
        src = card_draw_table_if(draws[2], tbl_n, tbl_on, NT, src, st, rule)     # rule & 2
        row = seat_pl[src]
        b, sbs, g = positions(row, S, tbl_n[src], tbl_pbb[src], tbl_psb[src], tbl_first[src])
        seat = np.int64(-1)
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


@linked(cache=True, apart=True, error_model="numpy")
def _random_break_draw(w, NT, S, wanted):
    """pyeval's convention: random free seats at each table (``wanted[t]`` at table ``t`` of
    ``w``, a :class:`pyeval.sim.kernel.work.Work`), then who gets which shuffled (into ``w.cards``:
    table, seat). Returns the number of cards."""
    seat_pl, st, tmp_cards = w.seat_pl, w.st, w.cards
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
        nc = _deal_seats(free, nfree, nfree, wanted[t], t, tmp_cards, nc, st)
    _shuffle_cards(tmp_cards, nc, st)
    return nc


@linked(cache=True, error_model="numpy")
def _card_draw_table(tbl_n, tbl_on, NT, src, st):
    """Of the tables as full as ``src``: the one dealt the low card (``src`` if alone)."""
    k = np.int64(0)
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


@linked(cache=True, apart=True, error_model="numpy")
def _draw_seats(w, tb, P, NT):
    """The seat draw of the first ``P`` players over ``NT`` tables (counts differ by at most
    one, seats spread around each table), the starting stacks (``tb.starts[p]``: player
    ``p``'s, the structure's chips by rank), each player's model (``tb.assign``, or drawn
    by the weights ``tb.mw``) and each table's button, into ``w`` (a
    :class:`pyeval.sim.kernel.work.Work`, reset) from its stream ``w.st``. ``P`` is the field
    (``tb.cfg[C_PLAYERS]``), less the late entrants (:mod:`pyeval.sim.kernel.entries`) who are
    seated when they come."""
    cfg = tb.cfg
    S = cfg[layout.C_SEATS]
    M = cfg[layout.C_N_MODELS]
    starts, assign, mw = tb.starts, tb.assign, tb.mw
    st, seat_pl, tbl_n, tbl_on, tbl_pbb = w.st, w.seat_pl, w.tbl_n, w.tbl_on, w.tbl_pbb
    p_table, p_seat, stack, models, cards, occ = (
        w.p_table, w.p_seat, w.stack, w.models, w.cards, w.occ)
    base = P // NT
    extra = P % NT
    nc = 0
    for t in range(NT):
        cnt = base + (1 if t < extra else 0)
        for i in range(cnt):
            cards[nc, 0] = t
            cards[nc, 1] = i * S // cnt
            nc += 1
    _shuffle_cards(cards, nc, st)
    for p in range(P):
        _seat_player(seat_pl, tbl_n, p_table, p_seat, cards[p, 0], cards[p, 1], p)
        stack[p] = starts[p]
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


@linked(cache=True, apart=True, error_model="numpy")
def _start_final_table(w, NT, S, final_start):
    """Two stages: every first-round table is down to its winner; they start the final
    table (number ``NT`` of ``w``, a :class:`pyeval.sim.kernel.work.Work`; ``S`` seats) with
    ``final_start`` chips each, in random seats spread around it, when the last
    first-round table ends. Returns (that time, the chips in play)."""
    st, seat_pl, tbl_n, tbl_on, tbl_first, tbl_pbb = (
        w.st, w.seat_pl, w.tbl_n, w.tbl_on, w.tbl_first, w.tbl_pbb)
    tbl_t, tbl_lh, p_table, p_seat, stack = w.tbl_t, w.tbl_lh, w.p_table, w.p_seat, w.stack
    cards, tmp_players = w.cards, w.tmp_players
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


@numba.njit(cache=True, inline="always", error_model="numpy")
def tables_to_move(w, NT, cfg):
    """Whether tables break or balance now (the first ``NT + 1`` tables of ``w``, a
    :class:`pyeval.sim.kernel.work.Work`; the kernel asks between hands, late registration after
    seating an entrant): the players fit on one table fewer, or two
    tables differ by the balancing difference or more."""
    n_on = 0
    n_pl = 0
    most = 0
    least = cfg[layout.C_SEATS] + 1
    for q in range(NT + 1):
        if w.tbl_on[q]:
            n_on += 1
            n_pl += w.tbl_n[q]
            if w.tbl_n[q] > most:
                most = w.tbl_n[q]
            if w.tbl_n[q] < least:
                least = w.tbl_n[q]
    return n_pl <= (n_on - 1) * cfg[layout.C_MERGE] or most - least >= cfg[layout.C_BAL_DIFF]
