"""The simulator's 5 Card Draw hand.

:func:`play_draw_game` plays 5 Card Draw: antes and the structure's blinds as in the
button games (or antes only, the first sheet's draw: no blinds, the first player left of the
dealer opens and the small bet is the opening bet), five cards each, a betting round, one
draw (every player still in, clockwise from the dealer's left, by :func:`.draw.draw_mask`; a
player never draws more cards than the stub holds, so the deck is never reshuffled), a
betting round from the dealer's left, and the high showdown. The dealer is the button of
the dead-button rule, as in the button games.

The draw with a short stub: five cards to exchange, two left, the two lowest go:

>>> import pyeval
>>> bin(capped_draw(pyeval.cards("KcKd7h7s2d"), 5)), bin(capped_draw(pyeval.cards("Jc9d6h3s2d"), 2))
('0b10000', '0b11000')
>>> int(draw_class(pyeval.high(pyeval.cards("AsKsQsJsTs"))))
9218
"""
from __future__ import annotations

import numpy as np

from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.sim.kernel import slots as sl
from pyeval.sim.kernel.betting import play_betting_round, record_step
from pyeval.sim.kernel.hand import players_in
from pyeval.sim.kernel.hand_start import draw_card, post_forced_bets, start_seats
from pyeval.sim.kernel.kernel_games import button_models
from pyeval.sim.kernel.layout import A_DRAW, B_FL, REC_BB_SEAT, REC_BRING, REC_SB_SEAT
from pyeval.sim.kernel.variants.discard import apply_discard
from pyeval.sim.kernel.variants.draw import draw_mask
from pyeval.sim.kernel.variants.facts import DEALT, FACTS, S_BIG, ST_FLAGS, STREETS
from pyeval.sim.kernel.variants.hands import SLOT_DRAW5, _count, _finish
from pyeval.sim.kernel.work import HandState, Policy


@linked(cache=True, error_model="numpy")
def draw_class(value):
    """The draw strength table's class of a five-card high value (``value >> 2``)."""
    return np.int64(value) >> 2


@linked(cache=True, error_model="numpy")
def capped_draw(hand, left):
    """:func:`.draw.draw_mask` of ``hand[:5]``, keeping the highest of the cards it would
    exchange while it exchanges more than the ``left`` cards of the stub."""
    m = draw_mask(hand)
    n = 0
    for i in range(5):
        n += (m >> i) & 1
    while n > left:
        hi = -1
        for i in range(5):
            if (m >> i) & 1 and (hi < 0 or hand[i] > hand[hi]):
                hi = i
        m &= ~(1 << hi)
        n -= 1
    return m


@linked(cache=True, error_model="numpy")
def play_draw_game(seats, hand, cards, ev, tabs, record, games):
    """Play one hand of 5 Card Draw (see the module notes; the inputs as
    :func:`play_stud_game`'s): the structure's antes and blinds, as the button games post
    them; with antes only (no big blind: the first sheet's draw) the first player left of
    the dealer ``b`` opens both rounds and the small bet is the opening bet and the models'
    unit. Returns the number of actions."""
    S, row, stack, b, sbs, g = seats
    HS, SI, SB, SF, HF = hand
    hole, board, buf, deck, st = cards
    rec, rec_on = record
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    _pf_class, _pf_top, pf_eq, _omaha_tab, mp, push_tab, open_tab, _stud_tab, vtab = tabs
    game = HS[sl.H_GAME]
    sb_amt = HS[sl.H_SB_IN]
    bb_amt = HS[sl.H_BB_IN]
    ante = HS[sl.H_ANTE_IN]
    betting = HS[sl.H_BETTING]
    small = HS[sl.H_SMALL_BET]
    big_bet = HS[sl.H_BIG_BET]
    antes_only = bb_amt <= 0
    if (betting != B_FL or small <= 0) and not antes_only:
        small = bb_amt
    if big_bet <= 0:
        big_bet = 2 * small
    nh = FACTS[game, DEALT]
    start_seats(S, row, stack, SI, SB, rec, rec_on)
    post_forced_bets(S, row, b, sbs, g, ante, sb_amt, bb_amt, HS, SI, SB)
    pos = 0
    for s in range(S):
        if antes_only and SB[sl.B_DEALT, s]:
            SF[sl.F_DUNIT, s] = small      # no big blind: depth in small bets
        if SB[sl.B_DEALT, s] and not SB[sl.B_FOLDED, s]:
            for k in range(nh):
                hole[s, k] = draw_card(deck, pos, st)
                pos += 1
            SI[sl.I_NCARD, s] = nh
            c = draw_class(nx.high_inline(hole[s], nh, card_key, disp, high, flush, mult,
                                          row_bits, slot_bits))
            if vtab.shape[0] > SLOT_DRAW5:
                SF[sl.F_TOP, s] = vtab[SLOT_DRAW5, c, 0]
                SI[sl.I_CLS, s] = np.int64(vtab[SLOT_DRAW5, c, 1])
            else:
                SF[sl.F_TOP, s] = 0.5
                SI[sl.I_CLS, s] = 0
    if rec_on:
        rec[REC_SB_SEAT] = sbs
        rec[REC_BB_SEAT] = g
        rec[REC_BRING] = -1
    HS[sl.H_BB] = bb_amt
    HS[sl.H_BB_SEAT] = -1 if antes_only else g
    HS[sl.H_NACT] = 0
    HS[sl.H_NH] = nh
    HS[sl.H_STUD] = 0         # the stud models decide (cards against what others may hold)
    HS[sl.H_BRING_SEAT] = -1
    HS[sl.H_PF_AGGR] = -1
    HF[0] = 1.0
    no_board = np.int64(0)
    for street in range(FACTS[game, STREETS]):
        live, able = _count(S, SI, SB)
        if live < 2:
            break
        if street > 0:
            # the draw: every player still in, all-in players included, clockwise from
            # the dealer's left; stand pat is a draw of no cards
            nact = HS[sl.H_NACT]
            for k in range(1, S + 1):
                s = (b + k) % S
                if not SB[sl.B_DEALT, s] or SB[sl.B_FOLDED, s]:
                    continue
                m = capped_draw(hole[s], 52 - pos)
                n_left, gone = apply_discard(hole[s], nh, 31 & ~m)
                for j in range(n_left, nh):
                    hole[s, j] = draw_card(deck, pos, st)
                    pos += 1
                if rec_on:
                    record_step(rec, nact, street, s, A_DRAW, gone)
                nact += 1
            HS[sl.H_NACT] = nact
            if able < 2:
                continue
            for s in range(S):
                SI[sl.I_SBET, s] = 0
            first = b + 1 if b + 1 < S else 0
            HS[sl.H_CUR] = 0
            HS[sl.H_FULL_LEVEL] = 0
            HS[sl.H_RAISES] = 0
            HS[sl.H_STREET_BET] = big_bet if (FACTS[game, ST_FLAGS + street] & S_BIG) else small
            HF[0] = 1.0
        elif antes_only:
            # the dealer's left opens: nothing to call, no bet made yet
            first = b + 1 if b + 1 < S else 0
            HS[sl.H_CUR] = 0
            HS[sl.H_FULL_LEVEL] = 0
            HS[sl.H_RAISES] = 0
            HS[sl.H_STREET_BET] = small
        else:
            first = g + 1 if g + 1 < S else 0
            HS[sl.H_CUR] = bb_amt
            HS[sl.H_FULL_LEVEL] = bb_amt
            HS[sl.H_RAISES] = 1
            HS[sl.H_STREET_BET] = small
        HS[sl.H_FULL_RAISE] = HS[sl.H_STREET_BET]
        play_betting_round(HandState(SI, SB, SF, HS, HF, hole, board, buf, st),
                           Policy(mp, push_tab, open_tab, pf_eq), ev, S, street, first,
                           no_board, rec, rec_on, games,
                           button_models(games))
        if street == 0:
            HS[sl.H_PF_AGGR] = HS[sl.H_LAST_AGGR]
    if players_in(S, SB) >= 2:
        for s in range(S):
            if SB[sl.B_DEALT, s] and not SB[sl.B_FOLDED, s]:
                SI[sl.I_VAL, s] = nx.high_inline(hole[s], nh, card_key, disp, high, flush, mult,
                                              row_bits, slot_bits)
    return _finish(seats, hand, cards, 0, False, record)
