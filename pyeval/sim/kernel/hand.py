"""One hand of a button game (hold'em, Omaha, Omaha hi/lo; the rule sheets' other hold'em
games and 5- and 6-card Omaha through :mod:`pyeval.sim.kernel.variants.hooks`) in Numba, as the
rules say.

The hand follows :mod:`pyeval.rules`: antes, then the small and big blind (a short stack
posts what it has, and the others act as if the full big blind was posted); betting rounds
with the semantics of :class:`pyeval.rules.betting.Round` (the minimum raise is the last
full raise, an all-in below a full raise does not reopen the betting to players who have
acted unless short all-ins add up to one, pot limit caps a raise at the pot after the call,
fixed limit allows a bet and three raises, uncapped when two players are left); then the
showdown with side pots cut at each player's contribution, hi/lo halves (the odd chip to
the high half), and odd chips to the first winner left of the button.

The parts live in their own modules: the packed state (:mod:`pyeval.sim.kernel.slots`), the start
of the hand (:mod:`pyeval.sim.kernel.hand_start`), the betting round (:mod:`pyeval.sim.kernel.betting`) and the
pots (:mod:`pyeval.sim.kernel.pots`); the end of a hand (:func:`settle`, :func:`record_end`) serves
the stud and draw hands too.
"""

import numba
import numpy as np

from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_mem import prefetch
from pyeval.sim.kernel import slots
from pyeval.sim.kernel.betting import play_betting_round
from pyeval.sim.kernel.hand_start import (
    draw_card,
    omaha_score,
    post_forced_bets,
    start_seats,
)
from pyeval.sim.kernel.kernel_games import button_models
from pyeval.sim.kernel.layout import (
    B_FL,
    G_OMAHA,
    G_OMAHA8,
    HOLE_MAX,
    REC_AFTER,
    REC_BOARD,
    REC_HOLE,
    REC_NACT,
)
from pyeval.sim.kernel.pots import award_pots
from pyeval.sim.kernel.variants import hooks as vh
from pyeval.sim.kernel.work import HandState, Policy


@numba.njit(cache=True, inline="always", error_model="numpy")
def prefetch_showdown(S, SB, hole, board, card_key, disp, high, mult, row_bits, slot_bits):
    """When the river is dealt, ask the cache for the entry of the 7-card table (256 KB,
    :func:`pyeval.jit.numba_ext.high_inline`) that each hold'em player still in will read at
    the showdown, so that its fetch overlaps the river's betting: the showdown's lookups
    missed the cache and were about 5 % of the calling station's time (bench/RESULTS.md).
    Reads and writes no state; a flush is left out (its table is small)."""
    bkey = nx.KEY_START
    for k in range(5):
        bkey += card_key[board[k]]
    mask = np.uint32((1 << slot_bits) - 1)
    for s in range(S):
        if SB[slots.B_DEALT, s] and not SB[slots.B_FOLDED, s]:
            key = bkey + card_key[hole[s, 0]] + card_key[hole[s, 1]]
            if key & nx.FLUSH_BITS == 0:
                rk = np.uint32(key & np.uint64(0xFFFFFFFF))
                row = np.uint32(rk * np.uint32(mult)) >> np.uint32(32 - row_bits)
                i = np.uint32(rk + disp[row]) & mask
                prefetch(high.ctypes.data + np.uint64(i) * np.uint64(high.itemsize))


@numba.njit(cache=True, inline="always", error_model="numpy")
def deal_holes(w, tb, S, nh, var, hooks):
    """Deal ``nh`` hole cards to every seat dealt in, from the top of ``w.deck``, and
    read each starting hand's strength for the models (``SF[F_TOP]``, ``SI[I_CLS]``):
    hold'em's pre-flop table, Omaha's score table, a variant's (``var``) through its hook.
    Returns the cards dealt."""
    SI, SB, SF, HS, hole, deck, st = w.SI, w.SB, w.SF, w.HS, w.hole, w.deck, w.st
    pf_class, pf_top, omaha_tab, vtab = tb.pf_class, tb.pf_top, tb.omaha_tab, tb.vtab
    game = HS[slots.H_GAME]
    pos = 0
    for s in range(S):
        if SB[slots.B_DEALT, s]:
            for k in range(nh):
                hole[s, k] = draw_card(deck, pos, st)
                pos += 1
            if var:
                # [variants: deal] the starting strength the models read
                top_, c_ = vh.start_strength_if(hooks, (game, hole[s], nh, pf_class, pf_top,
                                                        vtab, omaha_tab))
                SI[slots.I_CLS, s] = c_
                SF[slots.F_TOP, s] = top_
            elif nh == 2:
                c_ = pf_class[hole[s, 0] * 52 + hole[s, 1]]
                SI[slots.I_CLS, s] = c_
                SF[slots.F_TOP, s] = pf_top[c_]
            else:
                sc = omaha_score(hole[s])
                SF[slots.F_TOP, s] = omaha_tab[sc, 0]
                SI[slots.I_CLS, s] = int(omaha_tab[sc, 1])
    return pos


@numba.njit(cache=True, inline="always", error_model="numpy")
def showdown_values(w, ev, S, nh, var, hilo, hooks):
    """Every player still in: the high value of its best hand with the whole board
    (``SI[I_VAL]``), and with ``hilo`` its 8-or-better low (``SI[I_LOW]``): hold'em by the
    7-card table, a variant through its hook (the game's hole-card limits), Omaha by the
    C's two-from-hand evaluation."""
    SI, SB, hole, board, buf = w.SI, w.SB, w.hole, w.board, w.buf
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    game = w.HS[slots.H_GAME]
    for s in range(S):
        if SB[slots.B_DEALT, s] and not SB[slots.B_FOLDED, s]:
            if nh == 2:
                buf[0] = hole[s, 0]
                buf[1] = hole[s, 1]
                for k in range(5):
                    buf[2 + k] = board[k]
                SI[slots.I_VAL, s] = nx.high_inline(buf, 7, card_key, disp, high, flush, mult,
                                              row_bits, slot_bits)
            elif var:
                # [variants: showdown] the game's hole-card limits (``buf``: the scratch)
                SI[slots.I_VAL, s] = vh.showdown_value_if(hooks, (game, hole[s], nh, board, buf))
                if hilo:
                    SI[slots.I_LOW, s] = vh.showdown_low_if(hooks, (game, hole[s], nh, board, buf))
            else:
                hs_ = hole[s]
                SI[slots.I_VAL, s] = nx.omaha_high_addr(hs_.ctypes.data, 4, board.ctypes.data, 5)
                if hilo:
                    SI[slots.I_LOW, s] = nx.omaha_low8_addr(hs_.ctypes.data, 4,
                                                      board.ctypes.data, 5)


@numba.njit(cache=True, inline="always", error_model="numpy")
def players_in(S, SB):
    """The players dealt in who have not folded."""
    live = 0
    for s in range(S):
        if SB[slots.B_DEALT, s] and not SB[slots.B_FOLDED, s]:
            live += 1
    return live


@numba.njit(cache=True, inline="always", error_model="numpy")
def settle(S, row, stack, SI, SB, HS, hilo, button):
    """The end of any hand: the last player standing takes every chip put in and the dead
    money, else the pots are cut by the showdown values (:func:`award_pots`, ``hilo`` a
    split pot, odd chips from ``button``'s left); then the players' stacks."""
    live = 0
    last = -1
    for s in range(S):
        if SB[slots.B_DEALT, s] and not SB[slots.B_FOLDED, s]:
            live += 1
            last = s
    if live == 1:
        tot = HS[slots.H_DEAD]
        for s in range(S):
            SI[slots.I_WON, s] = 0
            tot += SI[slots.I_PUT, s]
        SI[slots.I_WON, last] = tot
    else:
        award_pots(S, SI, SB, hilo, button, HS[slots.H_DEAD])
    for s in range(S):
        if SB[slots.B_DEALT, s]:
            stack[row[s]] = SI[slots.I_REM, s] + SI[slots.I_WON, s]


@numba.njit(cache=True, inline="always", error_model="numpy")
def record_end(rec, board, nb, nact, S, row, stack, SB):
    """The end of the hand's record row: the ``nb`` board cards (-1 after), the action
    count, each seat's stack after the hand (0 for a seat not dealt in)."""
    for k in range(5):
        rec[REC_BOARD + k] = board[k] if k < nb else -1
    rec[REC_NACT] = nact
    for s in range(S):
        rec[REC_AFTER + s] = stack[row[s]] if SB[slots.B_DEALT, s] else 0


@linked(cache=True, forceinline=True, error_model="numpy")
def play_button_hand(w, tb, ev, row, pos, rec, rec_on, hooks):
    """Play one hand at a table (``row[seat]`` = player, -1 empty) and update the stacks.

    ``w`` (:class:`pyeval.sim.kernel.work.Work`): the tournament's working arrays; the hand reads
    and writes ``w.stack`` and the hand's own arrays (``w.HS``, ``w.SI``, ``w.SB``,
    ``w.SF``, ``w.HF``, ``w.hole``, ``w.board``, ``w.buf``, ``w.deck``) and draws from
    ``w.st``. ``w.HS`` carries the stakes in (``H_SB_IN``, ``H_BB_IN``, ``H_ANTE_IN``,
    ``H_BETTING``, ``H_SMALL_BET``, ``H_BIG_BET``) and the game (``H_GAME``);
    ``w.SI[I_MODEL]`` and ``w.SF[F_DUNIT]`` are filled by the caller.
    ``tb`` (:class:`pyeval.sim.kernel.work.Tables`): the pre-flop, Omaha and variant tables and the
    models'. ``ev``: the evaluator's tables. ``pos``: (button, small blind (-1 dead), big
    blind) as :func:`pyeval.sim.kernel.positions.positions` gives them. ``rec``: the hand's record
    row, written when ``rec_on``.
    ``hooks``: the kernel's marker (:mod:`pyeval.sim.kernel.kernel_games`): with or without the
    hooks of the rule sheets' variants and 5- and 6-card Omaha (:mod:`.variants.hooks`).
    Returns the number of actions.
    """
    S = row.shape[0]
    b, sbs, g = pos
    stack = w.stack
    HS, SI, SB, SF, HF = w.HS, w.SI, w.SB, w.SF, w.HF
    hole, board, buf, deck, st = w.hole, w.board, w.buf, w.deck, w.st
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    pf_class, pf_top = tb.pf_class, tb.pf_top
    # what every betting round of the hand reads, by name (the stud and draw hands build
    # the same two, so one compiled round serves them all)
    h = HandState(SI, SB, SF, HS, HF, hole, board, buf, st)
    pol = Policy(tb.mp, tb.push_tab, tb.open_tab, tb.pf_eq)
    sb_amt = HS[slots.H_SB_IN]
    bb_amt = HS[slots.H_BB_IN]
    ante = HS[slots.H_ANTE_IN]
    betting = HS[slots.H_BETTING]
    small = HS[slots.H_SMALL_BET]
    big_bet = HS[slots.H_BIG_BET]
    game = HS[slots.H_GAME]
    # the rule sheets' variants (Irish, Super 8, Tahoe, Pineapples) and 5- and 6-card Omaha
    var = vh.variant_dealt(hooks, game)
    nh = 4 if (game == G_OMAHA or game == G_OMAHA8) else (vh.hole_count(game) if var else 2)
    # the variants' scratch cards: the evaluator's (``buf``), never in use at the same time
    # (written before each read; an array of its own per hand was an allocation a hand)
    scratch = buf
    hilo = game == G_OMAHA8 or vh.low8_dealt(hooks, game)
    if betting != B_FL or small <= 0:
        small = bb_amt
    if big_bet <= 0:
        big_bet = 2 * small
    start_seats(S, row, stack, SI, SB, rec, rec_on)
    # antes, then the blinds (a short stack posts what it has)
    post_forced_bets(S, row, b, sbs, g, ante, sb_amt, bb_amt, HS, SI, SB)
    pos = deal_holes(w, tb, S, nh, var, hooks)
    if rec_on:
        for s in range(S):
            for k in range(HOLE_MAX):
                rec[REC_HOLE + HOLE_MAX * s + k] = hole[s, k] if (SB[slots.B_DEALT, s] and k < nh) else -1
    HS[slots.H_BB] = bb_amt
    HS[slots.H_BB_SEAT] = g
    HS[slots.H_NACT] = 0
    HS[slots.H_NH] = nh
    HS[slots.H_STUD] = -1
    HS[slots.H_BRING_SEAT] = -1
    HS[slots.H_PF_AGGR] = -1
    HF[0] = 1.0
    nb = 0
    for street in range(4):
        live = 0
        able = 0
        for s in range(S):
            if street > 0:
                SI[slots.I_SBET, s] = 0       # a new round (nothing reads the bets once it is not played)
            if SB[slots.B_DEALT, s] and not SB[slots.B_FOLDED, s]:
                live += 1
                if SI[slots.I_REM, s] > 0:
                    able += 1
        if live < 2:
            break
        if var and street > 0:
            # [variants: discard] after the previous street's betting, every player still in
            nh, HS[slots.H_NACT] = vh.discard_round_if(hooks, (
                game, street - 1, S, SB[slots.B_DEALT], SB[slots.B_FOLDED], b, hole, nh, board, pf_class,
                pf_top, scratch, rec, rec_on, HS[slots.H_NACT]))
            HS[slots.H_NH] = nh
        if street == 1:
            for k in range(3):
                board[k] = draw_card(deck, pos, st)
                pos += 1
            nb = 3
        elif street >= 2:
            board[nb] = draw_card(deck, pos, st)
            pos += 1
            nb += 1
            if nb == 5 and nh == 2 and not var:
                prefetch_showdown(S, SB, hole, board, card_key, disp, high, mult, row_bits,
                                  slot_bits)
        if street > 0 and able < 2:
            continue        # nobody left to bet against: the board runs out
        if street == 0:
            first = g + 1 if g + 1 < S else 0
            HS[slots.H_CUR] = bb_amt
            HS[slots.H_FULL_LEVEL] = bb_amt
            HS[slots.H_RAISES] = 1
            HS[slots.H_STREET_BET] = small
        else:
            first = b + 1 if b + 1 < S else 0
            HS[slots.H_CUR] = 0
            HS[slots.H_FULL_LEVEL] = 0
            HS[slots.H_RAISES] = 0
            HS[slots.H_STREET_BET] = small if street == 1 else big_bet
            HF[0] = 1.0
        HS[slots.H_FULL_RAISE] = HS[slots.H_STREET_BET]
        play_betting_round(h, pol, ev, S, street, first, nb, rec, rec_on, hooks,
                           button_models(hooks))
        if street == 0:
            HS[slots.H_PF_AGGR] = HS[slots.H_LAST_AGGR]
    # the showdown, or the last player standing
    if players_in(S, SB) >= 2:
        while nb < 5:
            board[nb] = draw_card(deck, pos, st)
            pos += 1
            nb += 1
        showdown_values(w, ev, S, nh, var, hilo, hooks)
    settle(S, row, stack, SI, SB, HS, hilo, b)
    nact = HS[slots.H_NACT]
    if rec_on:
        record_end(rec, board, nb, nact, S, row, stack, SB)
    return nact
