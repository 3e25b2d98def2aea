"""The simulator's stud and draw hands: every stud game of the registry, and 5 Card Draw.

:func:`play_stud_game` plays one fixed-limit stud hand of any stud game from its registry
facts (:mod:`.facts`): the first street's down and up cards (5 Card Stud one down and one
up, 7 Card Stud two and one, Australian three and one, Buffalo as the registry deals it),
the bring-in when the first street shows a card (otherwise the first player left of the
dealer opens), the burn and the one card of every later street, the discard after the
first street's betting (Australian: :func:`.discard.keep_third_street`), the single
community card when the deck runs short (:mod:`.deal`; with no card left, Australian's
seven at seventh street, one of the burned and discarded cards), small or big bets by the
street's flag, and the showdown of :mod:`.showdown` (hole-card limits of Buffalo and Crocodile,
Chicago's ace of spades, razz, 8-or-better). For the three 7 card stud games it draws the
same cards and takes the same decisions as the hand it replaces.

:func:`.draw_hand.play_draw_game` plays 5 Card Draw (its own module).

The starting strength the player models read (``SF[F_TOP]``, the share of starting hands
at least as strong): the 7 card stud table of three cards (:func:`pyeval.sim.players.policy.
stud3_score`) for the three-card starts (Australian: its best two down cards with the up
card; Chicago: a hand with the ace of spades down counts in the top 5 %), and the tables
of :mod:`.strength` for 5 Card Stud and the draw. Only :func:`.family.play_other_if` is called by
the kernel: one call for the whole stud and draw family, which compiles the hands of the
kernel's families only (:mod:`pyeval.sim.kernel.kernel_games`).
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.sim.kernel.arrivals import fold_absent
from pyeval.sim.kernel.betting import play_betting_round, record_step
from pyeval.sim.kernel.hand import players_in, record_end, settle
from pyeval.sim.kernel.hand_start import draw_card, start_seats
from pyeval.sim.kernel.kernel_games import button_models
from pyeval.sim.kernel.layout import (
    A_DISCARD,
    B_FL,
    HOLE_MAX,
    REC_BRING,
    REC_HOLE,
)
from pyeval.sim.kernel.slots import (
    B_DEALT,
    B_FOLDED,
    F_TOP,
    H_ANTE_IN,
    H_BB,
    H_BB_SEAT,
    H_BETTING,
    H_BIG_BET,
    H_BRING_AMT,
    H_BRING_IN,
    H_BRING_SEAT,
    H_CUR,
    H_DEAD,
    H_FULL_LEVEL,
    H_FULL_RAISE,
    H_GAME,
    H_NACT,
    H_NH,
    H_PF_AGGR,
    H_RAISES,
    H_SMALL_BET,
    H_STREET_BET,
    H_STUD,
    I_LOW,
    I_NCARD,
    I_PUT,
    I_REM,
    I_SBET,
    I_UPCAT,
    I_UPLOW,
    I_VAL,
)
from pyeval.sim.kernel.variants.deal import community_card, street_plan
from pyeval.sim.kernel.variants.discard import apply_discard, keep_third_street, kept_pair
from pyeval.sim.kernel.variants.facts import (
    DISCARD,
    DISCARD_STREET,
    DOWN_MASK,
    FACTS,
    HOLE,
    RAZZ,
    RESTRICTED,
    S_BIG,
    S_BRING,
    S_BURN,
    SPLIT,
    SPLIT_CHICAGO,
    SPLIT_HIGH,
    SPLIT_LOW8,
    ST_DOWN,
    ST_FLAGS,
    ST_UP,
    STREETS,
)
from pyeval.sim.kernel.variants.showdown import ACE_OF_SPADES, chicago_part, stud_value
from pyeval.sim.kernel.work import HandState, Policy
from pyeval.sim.players.policy import razz_rank, stud3_score

# The small steps of a stud hand (start_top, showing, _value, _finish) and the dispatch
# (then play_other_game, now in play_other_if) are inlined: perf of a
# warm 7 card stud kernel on main (JIT code named through gdb) put 4.6 % of its samples in
# play_other_game and 2.9 % in play_other_if's lambda, which only pass 20 arguments on
# (three calls deep, each array's reference count touched at every level), 5.6 % in
# showing, 2.8 % in start_top and 2.4 % in _finish, called per seat or per hand.
# [speed] The larger steps are compiled once and inlined by LLVM (``linked(forceinline=True)``),
# the small ones by Numba (``inline="always"``): Numba's inlining copies a callee's IR, with
# its own inlined steps, into play_stud_game, whose inline pass, type inference and
# lowering then handle it all again (play_stud_game was 8.9 s of the first stud compile).

#: the kernel strength table's slots of 5 Card Stud and 5 Card Draw
#: (:meth:`.strength.VariantTables.kernel_table`)
SLOT_STUD5 = 5
SLOT_DRAW5 = 6
#: Chicago: a starting hand with the ace of spades down counts at least this strong
CHICAGO_TOP = 0.05


@linked(cache=True, forceinline=True, error_model="numpy")
def start_top(game, hole, n0, kind, stud_tab, pf_class, pf_top, vtab, scratch, rules):
    """The share of starting hands at least as strong as the first ``n0`` cards of
    ``hole`` (see the module notes); ``rules`` the kernel's ``stud_rules`` switch (None:
    compiled without Australian's four-card start)."""
    d0 = FACTS[game, ST_DOWN]
    if n0 == 2:
        c = pf_class[np.int64(hole[0]) * 52 + np.int64(hole[1])]
        if vtab.shape[0] > SLOT_STUD5:
            return vtab[SLOT_STUD5, c, 0]
        return pf_top[c]
    top = 0.0
    four = False
    if rules is not None:
        if n0 == 4:
            keep = keep_third_street(hole, d0, hole[d0], scratch)
            i, j = kept_pair(keep)
            top = stud_tab[kind, stud3_score(hole[i], hole[j], hole[d0], kind)]
            four = True
    if not four:
        top = stud_tab[kind, stud3_score(hole[0], hole[1], hole[2], kind)]
    if FACTS[game, SPLIT] == SPLIT_CHICAGO and top > CHICAGO_TOP:
        for i in range(d0):
            if hole[i] == ACE_OF_SPADES:
                top = CHICAGO_TOP
    return top


@numba.njit(cache=True, inline="always", error_model="numpy")
def rank_order(m1, m2, m3, m4):
    """An order key of a hand of at most four cards from its rank masks (13 bits, deuce
    bit 0: the ranks held once or more, twice or more, three and four times, as
    :func:`pyeval.sim.players.policy.add_card` builds them): ``(category, key)``, the category as
    the evaluator numbers it (1 high card, 2 a pair, 3 two pair, 4 trips, 8 quads) and a
    key that orders such hands as the evaluator's high value does, equal for equal values
    (with four cards or fewer there is no straight, flush or full house, so the hand is its
    category, then its ranks by multiplicity, highest first: the masks compared as
    integers). Tied to the evaluator over every rank multiset of one to four cards by
    tests/sim/test_variants_stud_tiers.py; with ace-low masks the same key orders razz
    hands, reversed.

    >>> import pyeval
    >>> def order(text):
    ...     m = [0, 0, 0, 0]
    ...     for c in pyeval.cards(text):
    ...         b = 1 << (int(c) >> 2)
    ...         m = [m[0] | b, m[1] | (m[0] & b), m[2] | (m[1] & b), m[3] | (m[2] & b)]
    ...     return rank_order(*m)
    >>> [int(order(h)[0]) for h in ("AsKd", "7c7d", "7c7d2s2h", "9s9c9d")]
    [1, 2, 3, 4]
    >>> order("7c7dKs")[1] > order("7c7dQs")[1] > order("6c6dAs")[1] > order("AsKdQc")[1]
    True
    """
    cat = np.int64(1)
    if m4:
        cat = np.int64(8)
    elif m3:
        cat = np.int64(4)
    elif m2 & (m2 - 1):
        cat = np.int64(3)
    elif m2:
        cat = np.int64(2)
    return cat, (cat << 52) | (m4 << 39) | (m3 << 26) | (m2 << 13) | m1


#: razz's order key of at most four up cards: this less the high key of the ace-low ranks
RAZZ_ORDER_TOP = np.int64(1) << 56


@numba.njit(cache=True, inline="always", error_model="numpy")
def showing(game, hole, q, n, kind, buf, ev, SI):
    """An order key of the cards seat ``q`` shows among its first ``n`` (higher acts
    first): of high hands, or of razz hands in razz, ordered and tied as
    :func:`pyeval.rules.showdown.showing_value` orders them. Also what the player models
    read of them for the street's betting round (:func:`pyeval.sim.kernel.variants.stud_models._stud_tiers`):
    their high category into ``SI[I_UPCAT, q]`` and how many distinct cards eight or lower
    into ``SI[I_UPLOW, q]``. Read here once: the betting round read the same cards again,
    with the same evaluation (twice per player and street).

    Four up cards or fewer (every stud game but Crocodile's last street, which shows five)
    are read from their rank masks (:func:`rank_order`) instead of the evaluator: only the
    order of the players' up cards counts, and the masks give it without the evaluator's
    table lookup (high) or its C call (razz)."""
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    dm = FACTS[game, DOWN_MASK]
    m = 0
    lows = 0
    m1 = np.int64(0)
    m2 = np.int64(0)
    m3 = np.int64(0)
    m4 = np.int64(0)
    for i in range(n):
        if not (dm >> i) & 1:
            c = hole[q, i]
            buf[m] = c
            m += 1
            r = razz_rank(c)
            if r <= 7:
                lows |= 1 << r
            b = np.int64(1) << (c >> 2)
            m4 |= m3 & b
            m3 |= m2 & b
            m2 |= m1 & b
            m1 |= b
    k = 0
    while lows:
        lows &= lows - 1
        k += 1
    SI[I_UPLOW, q] = k
    if m <= 4:
        cat, key = rank_order(m1, m2, m3, m4)
        SI[I_UPCAT, q] = cat
        if kind == 1:
            # razz: the same key of the ace-low ranks (each mask rotated one rank up), the
            # lower the better
            _c, low_key = rank_order(_ace_low(m1), _ace_low(m2), _ace_low(m3), _ace_low(m4))
            return RAZZ_ORDER_TOP - low_key
        return key
    v = np.int64(nx.high_inline(buf, m, card_key, disp, high, flush, mult, row_bits,
                                slot_bits))
    SI[I_UPCAT, q] = v >> 12
    if kind == 1:
        return np.int64(nx.razz_addr(buf.ctypes.data, m))
    return v


@numba.njit(cache=True, inline="always", error_model="numpy")
def _ace_low(m):
    """A 13-bit rank mask (deuce bit 0, ace bit 12) with the ace moved to bit 0."""
    return ((m << 1) | (m >> 12)) & 0x1FFF


@linked(cache=True, forceinline=True, error_model="numpy")
def _value(game, hole, q, n, board, nb, kind, buf, scratch, ev, rules):
    """``(high, second)`` at the showdown of seat ``q``'s ``n`` cards and the board;
    ``rules`` the kernel's ``stud_rules`` switch (None: compiled without the restricted hole
    and Chicago)."""
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    if rules is not None:
        if FACTS[game, RESTRICTED] > 0:
            return stud_value(game, hole[q], n, board, nb, scratch)
    m = 0
    for k in range(n):
        buf[m] = hole[q, k]
        m += 1
    for k in range(nb):
        buf[m] = board[k]
        m += 1
    second = np.int64(0)
    if kind == 1:
        return np.int64(nx.razz_addr(buf.ctypes.data, m)), second
    v = np.int64(nx.high_inline(buf, m, card_key, disp, high, flush, mult, row_bits, slot_bits))
    sp = FACTS[game, SPLIT]
    if sp == SPLIT_LOW8:
        second = np.int64(nx.low8_addr(buf.ctypes.data, m))
    elif sp == SPLIT_CHICAGO:
        if rules is not None:
            second = chicago_part(game, hole[q], n)
    return v, second


@linked(cache=True, error_model="numpy")
def _count(S, SI, SB):
    """(players in, players in with chips behind)."""
    live = 0
    able = 0
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            live += 1
            if SI[I_REM, s] > 0:
                able += 1
    return live, able


@linked(cache=True, forceinline=True, error_model="numpy")
def _finish(seats, hand, cards, nb, hilo, record):
    """Award the pots (values in ``SI[I_VAL]``/``SI[I_LOW]`` when two or more are in;
    ``nb`` board cards, ``hilo`` a split pot; the odd chip from the dealer's left),
    update the stacks and the record."""
    S, row, stack, button, _sbs, _bbs = seats
    HS, SI, SB, _SF, _HF = hand
    hole, board, _buf, _deck, _st = cards
    rec, rec_on = record
    settle(S, row, stack, SI, SB, HS, hilo, button)
    nact = HS[H_NACT]
    if rec_on:
        for s in range(S):
            for k in range(HOLE_MAX):
                rec[REC_HOLE + HOLE_MAX * s + k] = hole[s, k] if (
                    SB[B_DEALT, s] and k < SI[I_NCARD, s]) else -1
        record_end(rec, board, nb, nact, S, row, stack, SB)
    HS[H_STUD] = -1
    return nact


@linked(cache=True, forceinline=True, error_model="numpy")
def bring_in_seat(S, SI, SB, hole, d0, kind):
    """``(the lowest up card's seat, the bring-in's seat)``: the lowest first up card
    ``hole[:, d0]`` (the highest in razz, ``kind`` 1; suits break ties, clubs lowest)
    brings in, or with no chips left the next player in with chips (-1: none)."""
    low = -1
    bis = -1
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            c = hole[s, d0]
            if low < 0:
                low = s
            else:
                o = hole[low, d0]
                if kind == 1:
                    if razz_rank(c) * 4 + (c & 3) > razz_rank(o) * 4 + (o & 3):
                        low = s
                elif c < o:
                    low = s
    q = low
    for _k in range(S):
        if SB[B_DEALT, q] and not SB[B_FOLDED, q] and SI[I_REM, q] > 0:
            bis = q
            break
        q += 1
        if q == S:
            q = 0
    return low, bis


@linked(cache=True, forceinline=True, error_model="numpy")
def first_showing(game, hole, dealer, S, SI, SB, kind, buf, ev):
    """The seat that acts first on a later stud street: the best hand showing
    (:func:`showing`), ties to the first from the dealer's left."""
    first = -1
    best = -1
    q = dealer
    for _k in range(S):
        q += 1
        if q == S:
            q = 0
        if SB[B_DEALT, q] and not SB[B_FOLDED, q]:
            v = showing(game, hole, q, SI[I_NCARD, q], kind, buf, ev, SI)
            if v > best:
                best = v
                first = q
    return first


@linked(cache=True, forceinline=True, error_model="numpy")
def discard_third_street(S, SI, SB, HS, hole, dealer, d0, n0, scratch, record, rules):
    """[Australian] every player still in discards a down card after third street's
    betting, clockwise from the dealer's left (the rules model's order); the actions are
    counted in ``HS[H_NACT]`` and recorded. Returns the discarded cards, a card mask
    (none in a kernel compiled without the rarer rules: ``rules`` None)."""
    rec, rec_on = record
    muck = np.int64(0)
    if rules is None:
        return muck
    nact = HS[H_NACT]
    for k in range(1, S + 1):
        s = (dealer + k) % S
        if not SB[B_DEALT, s] or SB[B_FOLDED, s]:
            continue
        keep = keep_third_street(hole[s], d0, hole[s, d0], scratch)
        for i in range(d0, n0):
            keep |= 1 << i
        n_left, gone = apply_discard(hole[s], n0, keep)
        SI[I_NCARD, s] = n_left
        muck |= gone
        if rec_on:
            record_step(rec, nact, 0, s, A_DISCARD, gone)
        nact += 1
    HS[H_NACT] = nact
    return muck


@linked(cache=True, error_model="numpy")
def play_stud_game(seats, hand, cards, ev, tabs, record, games, rules):
    """Play one fixed-limit hand of the stud game ``HS[H_GAME]`` (see the module notes) at
    the table ``seats`` (:class:`.inputs.Seats`; the dealer is its button), on the state
    ``hand`` (:class:`.inputs.HandSlots`) with ``cards`` (:class:`.inputs.Cards`), the
    evaluator's tables ``ev`` and the kernel's tables ``tabs``; ``record``
    (:class:`.inputs.Record`). ``HS`` carries the stakes in (``H_ANTE_IN``,
    ``H_BRING_IN``, ``H_SMALL_BET``, ``H_BIG_BET``). ``games``: the kernel's marker
    (:mod:`pyeval.sim.kernel.kernel_games`), for its betting rounds; ``rules`` its
    ``stud_rules`` switch (None: compiled without the rarer rules). Returns the number of
    actions."""
    S, row, stack, dealer, _sbs, _bbs = seats
    HS, SI, SB, SF, HF = hand
    hole, board, buf, deck, st = cards
    rec, rec_on = record
    pf_class, pf_top, pf_eq, _omaha_tab, mp, push_tab, open_tab, stud_tab, vtab = tabs
    ante = HS[H_ANTE_IN]
    small = HS[H_SMALL_BET]
    big_bet = HS[H_BIG_BET]
    game = HS[H_GAME]
    sp = FACTS[game, SPLIT]
    kind = 1 if FACTS[game, RAZZ] == 1 else (2 if sp == SPLIT_LOW8 else 0)
    hilo = sp != SPLIT_HIGH
    d0 = FACTS[game, ST_DOWN]
    n0 = d0 + FACTS[game, ST_UP]
    bring_on = (FACTS[game, ST_FLAGS] & S_BRING) != 0
    disc = FACTS[game, DISCARD] if FACTS[game, DISCARD_STREET] == 0 else 0
    # the evaluator's scratch cards (16 of them) are never in use at the same time as
    # ``scratch`` here: no allocation per hand
    scratch = buf
    if big_bet <= 0:
        big_bet = 2 * small
    start_seats(S, row, stack, SI, SB, rec, rec_on)
    HS[H_DEAD] = 0
    if ante > 0:
        for s in range(S):
            if SB[B_DEALT, s]:
                a = ante if ante < SI[I_REM, s] else SI[I_REM, s]
                SI[I_REM, s] -= a
                SI[I_PUT, s] += a
    fold_absent(S, HS, SB)      # [late players] anted, dealt no cards
    # the first street: its down cards, then its up card; ``pos`` a variable, not the
    # literal 0 (typed first as that literal, it made a second compile of community_card)
    pos = np.int64(0)
    for s in range(S):
        if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
            for k in range(n0):
                hole[s, k] = draw_card(deck, pos, st)
                pos += 1
            SI[I_NCARD, s] = n0
            SF[F_TOP, s] = start_top(game, hole[s], n0, kind, stud_tab, pf_class, pf_top, vtab,
                                     scratch, rules)
    low = -1
    bis = -1
    if bring_on:
        low, bis = bring_in_seat(S, SI, SB, hole, d0, kind)
    HS[H_BB] = 0
    HS[H_BB_SEAT] = -1
    HS[H_NACT] = 0
    HS[H_NH] = FACTS[game, HOLE]
    HS[H_PF_AGGR] = -1
    HS[H_STUD] = kind
    HS[H_BRING_SEAT] = bis
    HS[H_BRING_AMT] = HS[H_BRING_IN]
    HS[H_BETTING] = B_FL
    HF[0] = 1.0
    no_board = np.int64(0)      # a variable, not the literal 0: one compile of the round
    burns = np.int64(0)
    muck = np.int64(0)          # the discarded cards (Australian), a card mask
    nb = np.int64(0)
    for street in range(FACTS[game, STREETS]):
        live, able = _count(S, SI, SB)
        if live < 2:
            break
        flags = FACTS[game, ST_FLAGS + street]
        if street > 0:
            # the burn is counted, not drawn (the rules model's deck count); a short deck
            # deals one community card instead (variants.deal)
            each = FACTS[game, ST_DOWN + street] + FACTS[game, ST_UP + street]
            community, burn_ = street_plan(pos + burns, live, each, (flags & S_BURN) != 0)
            burns += 1 if burn_ else 0
            if community:
                # the next card, or with none left one of the burns and discards
                board[0] = community_card(deck, pos, burns, muck, st)
                pos += 1
                nb = 1
            else:
                for s in range(S):
                    if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                        for _j in range(each):
                            hole[s, SI[I_NCARD, s]] = draw_card(deck, pos, st)
                            pos += 1
                            SI[I_NCARD, s] += 1
            if able < 2:
                continue
            for s in range(S):
                SI[I_SBET, s] = 0
            # the best hand showing acts first; ties to the first from the dealer's left
            first = first_showing(game, hole, dealer, S, SI, SB, kind, buf, ev)
        elif bring_on:
            first = bis if bis >= 0 else low
        else:
            first = dealer + 1 if dealer + 1 < S else 0
        HS[H_CUR] = 0
        HS[H_FULL_LEVEL] = 0
        HS[H_RAISES] = 0
        HS[H_STREET_BET] = big_bet if (flags & S_BIG) else small
        HS[H_FULL_RAISE] = HS[H_STREET_BET]
        if street > 0:
            HF[0] = 1.0
        play_betting_round(HandState(SI, SB, SF, HS, HF, hole, board, buf, st),
                           Policy(mp, push_tab, open_tab, pf_eq), ev, S, street, first,
                           no_board, rec, rec_on, games,
                           button_models(games))
        if street == 0 and disc > 0 and players_in(S, SB) >= 2:
            muck |= discard_third_street(S, SI, SB, HS, hole, dealer, d0, n0, scratch, record,
                                         rules)
    if players_in(S, SB) >= 2:
        for s in range(S):
            if SB[B_DEALT, s] and not SB[B_FOLDED, s]:
                v, second = _value(game, hole, s, SI[I_NCARD, s], board, nb, kind, buf,
                                   scratch, ev, rules)
                SI[I_VAL, s] = v
                SI[I_LOW, s] = second
    if rec_on:
        rec[REC_BRING] = HS[H_BRING_IN]
    return _finish(seats, hand, cards, nb, hilo, record)
