"""One betting round in Numba, with the semantics of :class:`pyeval.rules.betting.Round`.

The minimum raise is the last full raise; an all-in below a full raise does not reopen the
betting to players who have acted unless short all-ins add up to one; pot limit caps a raise at
the pot after the call; fixed limit allows a bet and three raises, uncapped when two players are
left. Each seat's choice comes from its player model (:mod:`pyeval.sim.players.policy`).
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_rng import uniform
from pyeval.sim.kernel import slots
from pyeval.sim.kernel.layout import (
    A_BRING,
    A_CALL,
    A_CHECK,
    A_FOLD,
    A_RAISE,
    B_FL,
    B_PL,
    MAX_ACTIONS,
    MP_AGGR,
    MP_CALL_MARGIN,
    MP_CBET,
    MP_KIND,
    MP_LOOSE,
    MP_OPEN_SIZE,
    MP_PUSH_DEPTH,
    PUSH_BEHIND,
    PUSH_DEPTH_STEPS,
    REC_ACT,
)
from pyeval.sim.kernel.variants.stud_models import decide_stud_if, stud_tiers_if
from pyeval.sim.players.policy import (
    board_facts,
    decide,
    pair_tier,
    range_bucket,
    tier,
)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _cover_top2(SI, inn):
    """The two largest ``bet + stack`` among the players still in (the seats of the bit
    mask ``inn``), and their seats."""
    v1 = -1
    s1 = -1
    v2 = -1
    s2 = -1
    m = inn
    while m:
        q = trailing_zeros(m)
        m &= m - 1
        tot = SI[slots.I_SBET, q] + SI[slots.I_REM, q]
        if tot > v1:
            v2 = v1
            s2 = s1
            v1 = tot
            s1 = q
        elif tot > v2:
            v2 = tot
            s2 = q
    return v1, s1, v2, s2


@numba.njit(cache=True, inline="always", error_model="numpy")
def pot_in_reach(S, SI, s, pot, cur, mybet, call, rem):
    """The pot that seat ``s`` prices a call against (``decide``'s ``pot``): facing more
    than it has, every other player's chips above what it can put in (``SI[I_PUT, s] +
    call``) go to a side pot or back, so they never count; the largest bet's excess is left
    in, as :func:`pyeval.sim.players.policy.winnable_pot` takes it off.

    >>> from pyeval.sim.kernel.slots import I_PUT, I_ROWS
    >>> SI = np.zeros((I_ROWS, 3), np.int64)
    >>> SI[I_PUT] = [10, 500, 500]      # a shove and a call; seat 0 has 90 behind its 10
    >>> p = int(pot_in_reach(3, SI, 0, 1010, 500, 10, 90, 90))
    >>> from pyeval.sim.players.policy import winnable_pot
    >>> p, int(winnable_pot(p, 500, 10, 90))      # 10 + 100 + 100 can be won
    (610, 210)
    """
    if cur - mybet <= rem:
        return pot
    cap = SI[slots.I_PUT, s] + call
    out = pot
    for q in range(S):
        if q != s and SI[slots.I_PUT, q] > cap:
            out -= SI[slots.I_PUT, q] - cap
    return out + cur - (mybet + call)


@numba.njit(cache=True, inline="always", error_model="numpy")
def open_round(S, street, cur, bring_seat, SI, SB, HS):
    """The round's opening count, and every seat's flags for it: who is still to act (a
    player in with chips), how many are in, the pot, and the two largest ``bet + stack``
    among the players in (with their seats); ``SI[I_POTC]`` counts the players able to act
    in seats ``0..s`` (for the pre-flop positions). Returns (players in, players to act,
    pot, players in who cannot act, top cover, its seat, second cover, its seat, and bit
    masks of the seats: to act, in with chips (able to act), in).

    The seats are bit masks (bit ``q`` for seat ``q``, at most 64 seats), kept as the
    round goes: the next seat to act is one count of trailing zeros, and after a raise
    every other able player is to act again at once (the seat loops were 10 % of the
    calling station's time, bench/RESULTS.md)."""
    live = np.int64(0)
    n_pend = np.int64(0)
    pot = np.int64(0)
    n_committed = np.int64(0)  # players in who have acted this round or are all-in
    cov1 = np.int64(-1)   # the two largest bet + stack among players in, and their seats
    cov2 = np.int64(-1)
    cov_s1 = np.int64(-1)
    cov_s2 = np.int64(-1)
    n_able = np.int64(0)
    able = np.int64(0)
    inn = np.int64(0)
    pot += HS[slots.H_DEAD]       # a big-blind or button ante: dead money in the main pot
    for s in range(S):
        pot += SI[slots.I_PUT, s]
        SI[slots.I_ACTED, s] = -1
        SI[slots.I_ACTCNT, s] = 0
        if SB[slots.B_DEALT, s] and not SB[slots.B_FOLDED, s]:
            live += 1
            inn |= np.int64(1) << s
            r_ = SI[slots.I_REM, s]
            if r_ > 0:
                n_pend += 1
                n_able += 1
                able |= np.int64(1) << s
            else:
                n_committed += 1
            tot = SI[slots.I_SBET, s] + r_
            if tot > cov1:
                cov2 = cov1
                cov_s2 = cov_s1
                cov1 = tot
                cov_s1 = s
            elif tot > cov2:
                cov2 = tot
                cov_s2 = s
        SI[slots.I_POTC, s] = n_able        # able players in seats 0..s (pre-flop positions)
    pend = able
    if n_pend == 1 and bring_seat < 0 and SI[slots.I_SBET, trailing_zeros(able)] >= cur:
        pend = np.int64(0)       # the one player with chips has nothing to answer
    return live, n_pend, pot, n_committed, cov1, cov_s1, cov2, cov_s2, pend, able, inn


@numba.njit(cache=True, inline="always", error_model="numpy")
def read_hands(S, street, SI, SB, HS, hole, board, nb, ev, games):
    """After the first street, what the players make of their hands for the models. Stud
    and draw: ``SI[I_TIER]`` and ``SB[B_DRAW]`` of each player with chips, against what
    the others show. Button games: the board's :func:`pyeval.sim.players.policy.board_facts`
    (returned), and every tier marked unread (-1): :func:`read_tier` reads a player's when
    it first acts in the round (what a tier depends on stays the same for the street)."""
    if street > 0:
        if HS[slots.H_STUD] >= 0:
            stud_tiers_if(games, S, SI, SB, hole, HS[slots.H_STUD], HS[slots.H_GAME], ev)
        else:
            for q in range(S):
                SI[slots.I_TIER, q] = -1
    return board_facts(board, nb)


@numba.njit(cache=True, inline="always", error_model="numpy")
def read_tier(SI, SB, HS, s, hole, nb, facts):
    """Seat ``s``'s tier and draw (:func:`pyeval.sim.players.policy.tier`) into ``SI[I_TIER]`` and
    ``SB[B_DRAW]``, unless read already this round (see :func:`read_hands`); two hole
    cards are read here in place (:func:`pyeval.sim.players.policy.pair_tier`), the same answer
    without a call."""
    if SI[slots.I_TIER, s] >= 0:
        return
    nh = HS[slots.H_NH]
    if nh == 2:
        t_, d_ = pair_tier(hole[s, 0], hole[s, 1], nb, facts)
    else:
        t_, d_ = tier(hole[s], nh, nb, facts)
    SI[slots.I_TIER, s] = t_
    SB[slots.B_DRAW, s] = d_


@numba.njit(cache=True, inline="always", error_model="numpy")
def next_pending(pend, s):
    """The first seat from ``s`` clockwise of the bit mask ``pend`` (-1: none).

    >>> int(next_pending(0b100101, 3)), int(next_pending(0b100101, 6)), int(next_pending(0, 2))
    (5, 0, -1)
    """
    up = pend >> s
    if up:
        return s + trailing_zeros(up)
    if pend:
        return trailing_zeros(pend)
    return np.int64(-1)


@numba.njit(cache=True, inline="always", error_model="numpy")
def may_raise(SI, s, allin_to, cur, betting, live, raise_count, bet_size, full_raise,
              first_turn_only):
    """Whether seat ``s`` may bet or raise: it has chips above the bet, the fixed-limit cap
    is not reached, and, if it has acted, a full raise (in fixed limit half a bet) has come
    since (whether anyone could respond is checked when it wants to raise). With
    ``first_turn_only`` (``HS[H_FIRST_TURN_ONLY]``, the first sheet's draw: no raise once
    the betting has passed the dealer) a seat that has acted this round may not."""
    can_raise = allin_to > cur
    if first_turn_only and SI[slots.I_ACTED, s] >= 0:
        return False
    if can_raise and betting == B_FL and live > 2 and raise_count >= 4:
        can_raise = False
    if can_raise and SI[slots.I_ACTED, s] >= 0 and raise_count <= SI[slots.I_ACTCNT, s]:
        faced = cur - SI[slots.I_ACTED, s]
        if betting == B_FL:
            can_raise = 2 * faced >= bet_size
        else:
            can_raise = faced >= full_raise
    return can_raise


@numba.njit(cache=True, inline="always", error_model="numpy")
def players_behind(S, SI, s, street, bb_seat, able_bb, n_pending):
    """Players still to act after seat ``s``: pre-flop the able players up to the big blind,
    clockwise; later every other seat still to act (``n_pending`` seats are, ``s`` among
    them)."""
    if street == 0:
        if s < bb_seat:
            return able_bb - SI[slots.I_POTC, s]
        if s > bb_seat:
            return SI[slots.I_POTC, S - 1] - SI[slots.I_POTC, s] + able_bb
        return np.int64(0)
    return n_pending - 1


@numba.njit(cache=True, inline="always", error_model="numpy")
def raise_bounds(can_raise, betting, cur, pot, call, allin_to, full_level, full_raise, bet_size):
    """The smallest and largest raise-to amounts (0, 0 when no raise is allowed): fixed
    limit one bet above the last full level, otherwise a full raise up to all-in, capped at
    the pot after the call in pot limit."""
    min_to = np.int64(0)
    max_to = np.int64(0)
    if can_raise:
        if betting == B_FL:
            min_to = full_level + bet_size
            if min_to > allin_to:
                min_to = allin_to
            max_to = min_to
        else:
            min_to = cur + full_raise
            if min_to > allin_to:
                min_to = allin_to
            if betting == B_PL:
                max_to = cur + pot + call
                if max_to < min_to:
                    max_to = min_to
                if max_to > allin_to:
                    max_to = allin_to
            else:
                max_to = allin_to
    return min_to, max_to


@numba.njit(cache=True, inline="always", error_model="numpy")
def can_be_called(SI, able, s, cur):
    """Whether another player in with chips (the bit mask ``able``) could still put in
    more than ``cur`` (nobody may raise when no one could call more)."""
    m = able & ~(np.int64(1) << s)
    while m:
        q = trailing_zeros(m)
        m &= m - 1
        if SI[slots.I_SBET, q] + SI[slots.I_REM, q] > cur:
            return True
    return False


@numba.njit(cache=True, inline="always", error_model="numpy")
def model_of(mp, m):
    """Model ``m``'s parameters as :func:`pyeval.sim.players.policy.decide` takes them."""
    return (int(mp[m, MP_KIND]), mp[m, MP_LOOSE], mp[m, MP_AGGR], mp[m, MP_PUSH_DEPTH],
            mp[m, MP_CALL_MARGIN], mp[m, MP_OPEN_SIZE], mp[m, MP_CBET])


@numba.njit(cache=True, inline="always", error_model="numpy")
def make_legal(code, to, can_raise, call, min_to, max_to, betting, raise_count, bringing):
    """The model's choice made legal: the fixed-limit cap of a bet and three raises (a
    model convention, heads-up included), the bring-in (post it, or complete), a raise
    that is not allowed becomes a call, a fold or call of nothing a check, a check facing
    a bet a call, a raise into its bounds."""
    if code == A_RAISE and betting == B_FL and raise_count >= 4:
        code = A_CALL
    if bringing:
        # the bring-in: post it, or complete (a raise to the small bet)
        if code != A_RAISE or not can_raise:
            code = A_BRING
    if code == A_RAISE and not can_raise:
        code = A_CALL
    if code == A_FOLD and call == 0:
        code = A_CHECK
    if code == A_CALL and call == 0:
        code = A_CHECK
    if code == A_CHECK and call > 0:
        code = A_CALL
    if code == A_RAISE:
        if to < min_to:
            to = min_to
        if to > max_to:
            to = max_to
    return code, to


@numba.njit(cache=True, inline="always", error_model="numpy")
def record_step(rec, nact, street, s, code, value):
    """Step ``nact`` of the hand into its record row (the first ``MAX_ACTIONS``): the
    street, the seat, the action code (layout's ``A_*``) and its value (a raise's or
    bring-in's amount, a discard's or draw's card mask)."""
    if nact < MAX_ACTIONS:
        base = REC_ACT + 4 * nact
        rec[base] = street
        rec[base + 1] = s
        rec[base + 2] = code
        rec[base + 3] = value


@numba.njit(cache=True, inline="always", error_model="numpy")
def record_action(rec, nact, street, s, code, to):
    """Betting action ``nact`` into the record (:func:`record_step`): the amount of a raise
    or a bring-in, 0 for the others."""
    record_step(rec, nact, street, s, code, to if (code == A_RAISE or code == A_BRING) else 0)


class RoundView(NamedTuple):
    """What a turn of the betting round reads of the round so far (:func:`take_turn`)."""

    cur: int                # the bet to match
    pot: int                # chips in the pot
    betting: int            # the betting structure (layout.B_*)
    bet_size: int           # the street's fixed-limit bet
    full_level: int         # the last full bet level
    full_raise: int         # the last full raise
    raise_count: int        # full raises this round (the blinds' one included)
    n_raises: int           # raises made this round
    agg_range: float        # the last aggressor's range
    live: int               # players in
    n_committed: int        # players in who have acted or are all-in
    n_pending: int          # seats still to act (after the flop)
    able: int               # bit mask of the players in with chips
    opp_cover: int          # the most another player in can put in
    bring_seat: int         # the bring-in's seat (-1: none, or it has acted)
    able_bb: int            # able players up to the big blind (pre-flop positions)
    pf_aggr: int            # the pre-flop aggressor's seat
    bb: int                 # the big blind
    bb_seat: int            # its seat
    stud: int               # the stud models' kind (-1: a button game)
    first_turn_only: bool   # no raise once a seat has acted (the first sheet's draw)


@numba.njit(cache=True, inline="always", error_model="numpy")
def seat_count(mask):
    """The seats of a bit mask.

    >>> int(seat_count(0b101101))
    4
    """
    n = np.int64(0)
    m = mask
    while m:
        m &= m - 1
        n += 1
    return n


@numba.njit(cache=True, inline="always", error_model="numpy")
def raised_levels(betting, to, cur, full_level, full_raise, raise_count, bet_size):
    """``(full_level, full_raise, raise_count)`` after a raise to ``to`` over the bet
    ``cur``: a full raise (in fixed limit half a bet) sets the level and counts; no limit
    and pot limit keep the largest full raise as the minimum raise.

    >>> [int(x) for x in raised_levels(0, 300, 100, 100, 100, 1, 100)]
    [300, 200, 2]
    """
    if betting == B_FL:
        if 2 * (to - full_level) >= bet_size:
            full_level = to
            raise_count += 1
    else:
        if to - cur >= full_raise:
            if to - cur > full_raise:
                full_raise = to - cur
            full_level = to
            raise_count += 1
    return full_level, full_raise, raise_count


# [speed] a function of its own, inlined by LLVM (forceinline), not by Numba: inlined into
# play_betting_round's IR, its body (with its own inlined steps) was copied block by block
# with the round's variable scope, 2-3 s of the first simulation's compile
@linked(cache=True, forceinline=True, error_model="numpy")
def take_turn(h, pol, games, button_on, S, s, street, nb, facts, rv):
    """Seat ``s``'s turn in the round (:func:`play_betting_round`'s inputs, ``rv`` a
    :class:`RoundView`): what it faces, its model's choice (again without a raise when
    nobody could call more), made legal. Returns ``(code, to, range, rem, mybet, call,
    was_in)``: the action, its amount, the range it shows, and the seat's stack, bet in,
    price and whether it had acted this round."""
    SI, SB, SF, HS, HF, hole, board, buf, st = h
    mp, push_tab, open_tab, pf_eq = pol
    cur = rv.cur
    pot = rv.pot
    betting = rv.betting
    # ---- what the seat faces
    rem = SI[slots.I_REM, s]
    mybet = SI[slots.I_SBET, s]
    call = cur - mybet
    if call > rem:
        call = rem
    if call < 0:
        call = np.int64(0)
    allin_to = rem + mybet
    can_raise = may_raise(SI, s, allin_to, cur, betting, rv.live, rv.raise_count, rv.bet_size,
                          rv.full_raise, rv.first_turn_only)
    opp_cover = rv.opp_cover
    was_in = SI[slots.I_ACTED, s] >= 0
    n_in = rv.n_committed - (1 if was_in else 0)
    n_behind = players_behind(S, SI, s, street, rv.bb_seat, rv.able_bb, rv.n_pending)
    m = SI[slots.I_MODEL, s]
    eff = allin_to if allin_to < opp_cover else opp_cover
    depth = eff / SF[slots.F_DUNIT, s]
    nbi = n_behind if n_behind < PUSH_BEHIND else PUSH_BEHIND - 1
    di = int(depth * 4.0)
    if di >= PUSH_DEPTH_STEPS:
        di = PUSH_DEPTH_STEPS - 1
    c_ = SI[slots.I_CLS, s]
    u = uniform(st) if street > 0 else 0.0   # only the models' post-flop choices draw
    push_fold_now = mp[m, MP_KIND] == 0.0 or depth <= mp[m, MP_PUSH_DEPTH]
    # the pre-flop tables are read before the flop only (as decide() reads them)
    thr_push = push_tab[m, nbi, di] if street == 0 else 0.0
    # ---- the model's choice (again without a raise when nobody could call more)
    code = A_FOLD
    to = np.int64(0)
    rng_ = 1.0
    agg_range = rv.agg_range
    n_raises = rv.n_raises
    for _attempt in range(2):
        min_to, max_to = raise_bounds(can_raise, betting, cur, pot, call, allin_to,
                                      rv.full_level, rv.full_raise, rv.bet_size)
        # [speed] ``button_on is None``: decided by its type when the round is compiled
        # (Numba's dead-branch pruning), so a stud or draw kernel's rounds never compile
        # the button games' models (in the other kernels a constant False)
        if button_on is None or rv.stud >= 0:
            code, to, rng_ = decide_stud_if(games, model_of(mp, m), (
                SF[slots.F_TOP, s], street, SI[slots.I_TIER, s], SB[slots.B_DRAW, s], call, can_raise, min_to,
                pot, n_raises, agg_range, s == rv.bring_seat, u))
        elif street == 0 and n_raises == 0 and call > 0 and can_raise and push_fold_now:
            # the most common decision, as decide() takes it: shove or fold unopened
            if SF[slots.F_TOP, s] <= thr_push:
                code, to, rng_ = A_RAISE, max_to, thr_push
            else:
                code, to, rng_ = A_FOLD, 0, 1.0
        else:
            if street > 0:
                read_tier(SI, SB, HS, s, hole, nb, facts)
                thr_open = eq_agg = eq_rand = 0.0
            else:
                thr_open = open_tab[m, nbi]
                eq_agg = pf_eq[c_, range_bucket(agg_range)]
                eq_rand = pf_eq[c_, slots.RANGE_LAST]
            # only chips this seat can win count for its price (issue 9)
            pot_seen = pot_in_reach(S, SI, s, pot, cur, mybet, call, rem)
            money = (rem, mybet, cur, call, min_to, max_to, pot_seen, rv.bb, opp_cover)
            ctx = (can_raise, n_behind, n_in, n_raises, agg_range, rv.pf_aggr == s, depth,
                   s == rv.bb_seat)
            code, to, rng_ = decide(model_of(mp, m), thr_push, thr_open, eq_agg,
                                    eq_rand, SF[slots.F_TOP, s], street, SI[slots.I_TIER, s],
                                    SB[slots.B_DRAW, s], money, ctx, u)
        if code != A_RAISE or not can_raise or can_be_called(SI, rv.able, s, cur):
            break
        can_raise = False
    code, to = make_legal(code, to, can_raise, call, min_to, max_to, betting, rv.raise_count,
                          s == rv.bring_seat)
    return code, to, rng_, rem, mybet, call, was_in


@linked(cache=True, forceinline=True, error_model="numpy")
def play_betting_round(h, pol, ev, S, street, first, nb, rec, rec_on, games,
                       button_on):
    """Play one betting round in place (the rules of :class:`pyeval.rules.betting.Round`).

    ``h`` (:class:`pyeval.sim.kernel.work.HandState`): the hand's arrays. ``h.HS`` holds the
    round's bet to match, last full level and raise, raise count, betting structure and
    street bet in, and gets the actions' count and the last aggressor back; ``h.HF[0]`` the
    last aggressor's range; the models draw from ``h.st``. ``pol``
    (:class:`pyeval.sim.kernel.work.Policy`): the models' parameters and pre-flop tables. ``ev``:
    the evaluator's tables (:func:`pyeval.jit.numba_ext.high_inline`'s). ``S`` seats,
    ``street`` (0 before the flop or on third street), ``first`` the seat to act first,
    ``nb`` the board cards dealt; the actions go to the record row ``rec`` when
    ``rec_on``. ``games``: the kernel's marker (:mod:`pyeval.sim.kernel.kernel_games`; in a
    kernel without the stud and draw family the rounds compile without the stud models, see
    :func:`stud_tiers_if`; every hand of a kernel passes the same marker, so the round is
    compiled once). ``button_on``: :func:`pyeval.sim.kernel.kernel_games.button_models` of the
    marker (None in a stud or draw kernel: its rounds compile the stud models only). Each
    seat still to act, clockwise from ``first``: what it faces, its model's choice
    (:func:`pyeval.sim.players.policy.decide`, or the unopened push-or-fold shortcut, or
    :func:`pyeval.sim.players.policy.decide_stud`), made legal, applied.
    """
    SI, SB, SF, HS, HF, hole, board, buf, st = h
    mp, push_tab, open_tab, pf_eq = pol
    cur = HS[slots.H_CUR]
    full_level = HS[slots.H_FULL_LEVEL]
    full_raise = HS[slots.H_FULL_RAISE]
    raise_count = HS[slots.H_RAISES]
    betting = HS[slots.H_BETTING]
    bet_size = HS[slots.H_STREET_BET]
    bb = HS[slots.H_BB]
    bb_seat = HS[slots.H_BB_SEAT]
    pf_aggr = HS[slots.H_PF_AGGR]
    nact = HS[slots.H_NACT]
    stud = HS[slots.H_STUD]
    first_turn_only = HS[slots.H_FIRST_TURN_ONLY] == 1
    bring_seat = HS[slots.H_BRING_SEAT] if street == 0 else -1
    agg_range = HF[0]
    n_raises = np.int64(0)
    last_aggr = np.int64(-1)
    live, n_pend, pot, n_committed, cov1, cov_s1, cov2, cov_s2, pend, able, inn = open_round(
        S, street, cur, bring_seat, SI, SB, HS)
    if live < 2 or (street > 0 and n_pend < 2):
        # after the flop a lone player with chips has nobody to bet against
        HS[slots.H_LAST_AGGR] = -1
        return
    facts = read_hands(S, street, SI, SB, HS, hole, board, nb, ev, games)
    able_bb = SI[slots.I_POTC, bb_seat] if bb_seat >= 0 else 0
    n_pending = n_pend      # seats still to act (after the flop; kept as they act)
    s = first
    while True:
        more = live >= 2 and (street == 0 or n_pending > 0)
        found = next_pending(pend, s) if more else np.int64(-1)
        if found < 0:
            break
        s = found
        view = RoundView(cur, pot, betting, bet_size, full_level, full_raise, raise_count,
                         n_raises, agg_range, live, n_committed, n_pending, able,
                         cov2 if s == cov_s1 else cov1, bring_seat, able_bb, pf_aggr, bb,
                         bb_seat, stud, first_turn_only)
        code, to, rng_, rem, mybet, call, was_in = take_turn(h, pol, games, button_on, S, s,
                                                            street, nb, facts, view)
        # ---- apply
        bit = np.int64(1) << s
        pend &= ~bit            # acted (a raise sets every other able player to act below)
        if code == A_BRING:
            amt = HS[slots.H_BRING_AMT] if HS[slots.H_BRING_AMT] < rem else rem
            SI[slots.I_REM, s] = rem - amt
            SI[slots.I_SBET, s] = mybet + amt
            SI[slots.I_PUT, s] += amt
            pot += amt
            if mybet + amt > cur:
                cur = mybet + amt
            if rem == amt:
                able &= ~bit
            n_pending -= 1
            to = amt
        elif code == A_FOLD:
            SB[slots.B_FOLDED, s] = True
            able &= ~bit
            inn &= ~bit
            n_pending -= 1
            live -= 1
            if was_in:
                n_committed -= 1
            if s == cov_s1 or s == cov_s2:
                cov1, cov_s1, cov2, cov_s2 = _cover_top2(SI, inn)
        elif code == A_CHECK:
            SI[slots.I_ACTED, s] = cur
            SI[slots.I_ACTCNT, s] = raise_count
            n_pending -= 1
            if not was_in:
                n_committed += 1
        elif code == A_CALL:
            SI[slots.I_REM, s] = rem - call
            SI[slots.I_SBET, s] = mybet + call
            SI[slots.I_PUT, s] += call
            pot += call
            SI[slots.I_ACTED, s] = mybet + call
            SI[slots.I_ACTCNT, s] = raise_count
            if rem == call:
                able &= ~bit
            n_pending -= 1
            if not was_in:
                n_committed += 1
        else:
            full_level, full_raise, raise_count = raised_levels(betting, to, cur, full_level,
                                                                full_raise, raise_count, bet_size)
            d = to - mybet
            SI[slots.I_REM, s] = rem - d
            SI[slots.I_SBET, s] = to
            SI[slots.I_PUT, s] += d
            pot += d
            if to > cur:
                cur = to
            SI[slots.I_ACTED, s] = to
            SI[slots.I_ACTCNT, s] = raise_count
            if not was_in:
                n_committed += 1
            last_aggr = s
            n_raises += 1
            agg_range = rng_
            if rem == d:
                able &= ~bit
            # every other player in with chips is to act again
            pend = able & ~bit
            n_pending = seat_count(pend)
        if s == bring_seat:
            bring_seat = np.int64(-1)
        if rec_on:
            record_action(rec, nact, street, s, code, to)
        nact += 1
        s += 1
        if s == S:
            s = np.int64(0)
    HS[slots.H_NACT] = nact
    HS[slots.H_LAST_AGGR] = last_aggr
    HF[0] = agg_range
