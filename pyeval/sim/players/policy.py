"""Player models as Numba functions: what a simulated player does when it is their turn.

Two kinds, parameterised per model row (see :mod:`pyeval.sim.kernel.layout`, ``MP_*``) and mixed
freely in one field; ``docs/simulation.md`` explains them in words.

- **push-or-fold** (kind 0): before the flop, goes all-in or folds. Unopened, it shoves when
  its hand is in the top ``push_tab[model, players behind, depth]`` share of hands, where
  depth is the effective stack in big blinds (or 1.5 x M). Facing an all-in it calls when
  its equity against the shover's range (raised to the power of the number of opponents
  already in) beats the price of the call times ``call_margin``.
- **ranges** (kind 1): opening, calling, three-betting and continuing ranges by position,
  widened by ``loose`` and tilted to betting and raising by ``aggr``; after the flop it
  bets and calls by made-hand strength (see :func:`tier`), draws and pot odds. At or below
  ``push_depth`` it plays push-or-fold.

Every decision returns ``(code, to, range)``: an action code (``A_*``), the total bet this
round for a bet or raise, and the share of hands the action stands for, which the next
players read as the aggressor's range.

:func:`stud_tier`, :func:`decide_stud` and :func:`_loose_postflop` are compiled once for the
kernel (:func:`pyeval.jit.numba_linked.linked`); :func:`stud3_score` is inlined where the stud
hand reads it (as a call it took 2.5 % of a warm 7 card stud kernel's samples).
"""
from __future__ import annotations

import numba
import numpy as np

from pyeval.jit import numba_ext as nx
from pyeval.jit.numba_linked import linked
from pyeval.sim.kernel.layout import A_CALL, A_CHECK, A_FOLD, A_RAISE

RANGE_STEPS_K = 40
#: model kinds (``MP_KIND``): the kernel plays kind 0 push-or-fold, every other kind by
#: :func:`decide`, which reads the kind for the styles below
K_PUSH_FOLD = 0
K_RANGES = 1
K_LIMPER = 2       # raises a narrower range, limps a wider band behind it, calls wide after
K_STATION = 3      # as the limper, calling more before the flop and bigger bets after it
#: the limper raises this share of its opening range and limps this many times it
LIMPER_RAISE = 0.45
LIMP_WIDTH = 2.2
#: a range player's chance (times ``loose``) to float a flop bet with nothing
FLOAT = 0.12
#: unopened, a range player in the small blind completes with this many times its raising range
SB_COMPLETE = 1.5
#: the 3-bet jam (stack-to-pot rule): facing one open raise, a 3-bet that would leave less
#: than ``JAM_SPR`` pots behind once the opener calls it (a 3-bet to three times the open,
#: the effective stack: about 40 BB and shorter without antes) goes all-in instead, with
#: the same 3-bet range (after such a 3-bet too little is left to play after the flop).
#: In the shared online hands 10 of the 19 called pre-flop all-ins at 20-70 BB are such
#: 3-bet shoves, 4 more the opener calling one (docs/players.md)
JAM_SPR = 2.0
#: deep stacks (issue 35), by the effective stack in big blinds (``eff``): from ``DEEP_BB``
#: a range player 4-bets (all in) a share of its range that shrinks as ``(DEEP_BB / eff)
#: ** 4`` (the hands left out call the 3-bet), and after the flop it raises no bet, bets
#: all-in only what is nearly all of its stack (not from 45 % of it) and calls a shove or an
#: overbet only with a set, a straight or better (no stack-off in the shared online hands'
#: 5,084 player-hands at 200 BB and deeper, docs/players.md). Tested only on the branches
#: that can reach them (0.9 % fewer kernel instructions than as factors; bench/RESULTS.md)
DEEP_BB = 150.0
#: a range player's bet or raise after the flop leaving less than ``1 - COMMIT`` of its stack
#: goes all-in; from ``DEEP_BB`` only one of nearly all of it (``DEEP_COMMIT``)
COMMIT = 0.45
DEEP_COMMIT = COMMIT + 0.5


@numba.njit(cache=True, inline="always", error_model="numpy")
def range_bucket(r):
    """Column of ``eq_vs_top`` for a range holding the top share ``r`` of hands."""
    k = int(r * RANGE_STEPS_K + 0.5) - 1
    if k < 0:
        return 0
    if k >= RANGE_STEPS_K:
        return RANGE_STEPS_K - 1
    return k


@numba.njit(cache=True, inline="always", error_model="numpy")
def add_card(c, cards):
    """``cards`` (see :func:`category`) with card ``c`` added."""
    m1, m2, m3, m4, suits, srm = cards
    c = np.int64(c)
    b = np.int64(1) << (c >> 2)
    m4 |= m3 & b
    m3 |= m2 & b
    m2 |= m1 & b
    m1 |= b
    s = c & 3
    return m1, m2, m3, m4, suits + (np.int64(1) << (4 * s)), srm | (b << (13 * s))


@numba.njit(cache=True, inline="always", error_model="numpy")
def _straight(m):
    """Whether the 13 rank bits ``m`` (deuce = bit 0) hold five in a row, the wheel too."""
    x = (m << 1) | ((m >> 12) & 1)
    return (x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4)) != 0


@linked(cache=True, error_model="numpy")
def category(cards):
    """The category of the best hand of up to seven cards, as the evaluator numbers it
    (its high value ``>> 12``: 1 high card, 2 a pair, 3 two pair, 4 trips, 5 a straight,
    6 a flush, 7 a full house, 8 quads, 9 a straight flush), from ``cards``: the ranks
    held once or more, twice or more, three and four times (13-bit masks), the count of
    each suit (four bits a suit) and each suit's ranks (13 bits a suit), as
    :func:`add_card` builds them: no table is read (tests tie it to the evaluator).

    >>> import pyeval
    >>> def cat(text):
    ...     cards = (0, 0, 0, 0, 0, 0)
    ...     for c in pyeval.cards(text):
    ...         cards = add_card(c, cards)
    ...     return int(category(cards))
    >>> [cat(h) for h in ("KcKd7h", "5c4d3h2cAs9d9h", "AcJc8c4c2cAdAh", "AcAdAh7c7s2d")]
    [2, 5, 6, 7]
    """
    m1, m2, m3, m4, suits, srm = cards
    fl = (suits + 0x3333) & 0x8888       # a suit with five cards or more
    if fl != 0:
        s = 0
        while (fl >> (4 * s + 3)) & 1 == 0:
            s += 1
        if _straight((srm >> (13 * s)) & 0x1FFF):
            return 9
    if m4 != 0:
        return 8
    if m3 != 0 and ((m3 & (m3 - 1)) != 0 or (m2 & ~m3) != 0):
        return 7
    if fl != 0:
        return 6
    if _straight(m1):
        return 5
    if m3 != 0:
        return 4
    if (m2 & (m2 - 1)) != 0:
        return 3
    if m2 != 0:
        return 2
    return 1


@numba.njit(cache=True, inline="always", error_model="numpy")
def rank_key(cards, cat):
    """An order key of a hand of five cards or fewer within its :func:`category` ``cat``,
    from ``cards`` as :func:`add_card` builds them: two hands of one size and category
    compare and tie as the evaluator's high values do (a straight by its top card, the
    wheel lowest; every other category by its ranks by multiplicity, highest first: the
    masks compared as integers). With the category in front it orders such hands as the
    evaluator does, without its table (tests tie it to the evaluator over every five-card
    hand and every three-card rank multiset).

    >>> import pyeval
    >>> def key(text):
    ...     cards = (0, 0, 0, 0, 0, 0)
    ...     for c in pyeval.cards(text):
    ...         cards = add_card(c, cards)
    ...     return int(category(cards)), int(rank_key(cards, category(cards)))
    >>> key("6c5d4h3s2c") > key("5c4d3h2sAc"), key("KcKdKh2s2c") > key("QcQdQhAsAc")
    (True, True)
    """
    m1, m2, m3, m4, _suits, _srm = cards
    if cat == 5 or cat == 9:
        x = (m1 << 1) | ((m1 >> 12) & 1)        # the ace below the deuce too
        return x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4)   # one bit: the top card
    return (m4 << 39) | (m3 << 26) | (m2 << 13) | m1


@numba.njit(cache=True, inline="always", error_model="numpy")
def board_facts(board, nb):
    """What :func:`tier` reads of the board, the same for every player of a street (so a
    betting round works it out once): the board's own :func:`category`, its top rank, and
    its cards as :func:`add_card` collects them.

    >>> import numpy as np, pyeval
    >>> cat, top, (ranks, _, _, _, suits, _) = board_facts(
    ...     np.array(pyeval.cards("KsKh7s"), np.uint8), 3)
    >>> int(cat), int(top), bin(int(ranks)), int(suits) >> 12, int(suits) & 15  # a pair; spades, clubs
    (2, 11, '0b100000100000', 2, 0)
    """
    bmax = np.int64(0)
    cards = (np.int64(0), np.int64(0), np.int64(0), np.int64(0), np.int64(0), np.int64(0))
    for i in range(nb):
        r = np.int64(board[i] >> 2)
        if r > bmax:
            bmax = r
        cards = add_card(board[i], cards)
    return np.int64(category(cards)), bmax, cards


@numba.njit(cache=True, inline="always", error_model="numpy")
def pair_tier(h0, h1, nb, facts):
    """:func:`tier` of the two hole cards ``h0``, ``h1`` with the board (``nb`` cards,
    :func:`board_facts` ``facts``): (tier, draw)."""
    cv = category(add_card(h1, add_card(h0, facts[2])))
    return _made_tier(h0, h1, cv, facts), _pair_draw(h0, h1, nb, facts)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _made_tier(h0, h1, cv, facts):
    """The made-hand part of :func:`pair_tier`: ``cv`` is the category of the two hole
    cards with the board."""
    cb, bmax, _ = facts
    r0 = np.int64(h0 >> 2)
    r1 = np.int64(h1 >> 2)
    t = 0
    if cv >= 5 and cv > cb:
        t = 4
    elif cv == 4 and cb < 4:
        t = 4 if r0 == r1 else 3
    elif cv == 3 and cb < 2:
        t = 3
    elif cv >= 2 and cv > cb:
        # one pair made with the hole cards (or two pair on a paired board)
        if r0 == r1:
            t = 3 if r0 > bmax else 1
        elif r0 == bmax or r1 == bmax:
            t = 2
        else:
            t = 1
    return t


@numba.njit(cache=True, inline="always", error_model="numpy")
def _pair_draw(h0, h1, nb, facts):
    """The draw part of :func:`pair_tier` (flop and turn only)."""
    bcards = facts[2]
    bm = bcards[0]
    bsuits = bcards[4]
    draw = False
    if nb < 5:
        r0 = np.int64(h0 >> 2)
        r1 = np.int64(h1 >> 2)
        # flush draw: four of a hole card's suit
        s0 = h0 & 3
        s1 = h1 & 3
        fd0 = (bsuits >> (4 * s0)) & 15 == (2 if s0 == s1 else 3)
        fd1 = s1 != s0 and (bsuits >> (4 * s1)) & 15 == 3
        if fd0 or fd1:
            draw = True
        else:
            # open-ended straight draw
            m = bm | (1 << r0) | (1 << r1)
            for lo in range(1, 9):   # window lo..lo+3, open below and above
                w = 15 << lo
                if (m & w) == w and ((w >> r0) & 1 or (w >> r1) & 1):
                    if (m >> (lo - 1)) & 1 == 0 and (m >> (lo + 4)) & 1 == 0:
                        draw = True
    return draw


@linked(cache=True, error_model="numpy")
def tier(hole, nh, nb, facts):
    """Made-hand strength after the flop, 0..4, and whether the hand has a strong draw;
    ``facts``: :func:`board_facts` of the board (``nb`` cards).

    4: a straight or better that the hole cards improve, or a set; 3: two pair made with
    the hole cards, trips with one hole card, an overpair; 2: top pair; 1: a lower pair
    made with a hole card; 0: nothing beyond the board. Draw: four to a flush with a hole
    card of the suit, or four in a row open at both ends with a hole card in it (flop and
    turn only). Hold'em (two hole cards) and Omaha (best two of four) alike: for Omaha each
    pair of hole cards is tried (:func:`pair_tier`) and the best tier kept.

    >>> import numpy as np, pyeval
    >>> b = np.array(pyeval.cards("Ks9s2d"), np.uint8)
    >>> f = board_facts(b, 3)
    >>> [tier(np.array(pyeval.cards(h), np.uint8), 2, 3, f)
    ...  for h in ("AsKd", "QsJs", "TsJh", "AhAd", "9h2h")]
    [(2, False), (0, True), (0, False), (3, False), (3, False)]
    """
    # each pair's :func:`pair_tier`, with the first card's part of the hand made once, the
    # draw read only until one is found, and nothing more once the tier can rise no more
    # (5- and 6-card Omaha try 10 and 15 pairs: the pair loop was a tenth of their kernel)
    look = nb < 5            # draws are read on the flop and the turn only
    best = 0
    draw = False
    for a in range(nh):
        c0 = add_card(hole[a], facts[2])
        for b in range(a + 1, nh):
            t = _made_tier(hole[a], hole[b], category(add_card(hole[b], c0)), facts)
            if t > best:
                best = t
            if look and not draw:
                draw = _pair_draw(hole[a], hole[b], nb, facts)
            if best == 4 and (draw or not look):
                return best, draw
    return best, draw


@numba.njit(cache=True, inline="always", error_model="numpy")
def _pow_int(x, k):
    r = 1.0
    for _ in range(k):
        r *= x
    return r


@numba.njit(cache=True, inline="always", error_model="numpy")
def _in_chips(x, bb):
    """A bet size in whole small blinds (half the big blind), as chips are bet: sizes from
    the pot would otherwise leave stacks in amounts no chip set pays (which a colour-up
    cannot race).

    >>> _in_chips(137.5, 50)
    125
    """
    unit = bb // 2
    if unit < 1:
        unit = 1
    return int(x) // unit * unit


@numba.njit(cache=True, inline="always", error_model="numpy")
def _sized(to, min_to, max_to, commit):
    """A bet or raise to ``to`` chips made legal (at least ``min_to``), and all-in
    (``max_to``) above ``max_to`` or from ``commit`` chips on (what would be left behind is
    too little to fold).

    >>> _sized(6, 4, 100, 40.0), _sized(45, 4, 100, 40.0), _sized(2, 4, 100, 40.0)
    (6, 100, 4)
    """
    if to < min_to:
        to = min_to
    if to >= commit or to > max_to:
        to = max_to
    return to


@numba.njit(cache=True, inline="always", error_model="numpy")
def winnable_pot(pot, cur, mybet, call):
    """The chips a caller can win: ``pot`` less the part of the biggest bet above what the
    caller can match (``mybet + call``; the uncalled excess goes back, it is never won).

    The betting round passes a ``pot`` without the excess of every other player above the
    caller's reach (a second covering opponent, or one who folded after betting more), so
    that with the largest bet's excess taken off here only chips the caller can win count.

    >>> winnable_pot(17, 16, 1, 7)        # 16 BB shove into a big blind with 8 BB in all
    9
    """
    excess = cur - (mybet + call)
    if excess > 0:
        return pot - excess
    return pot


@numba.njit(cache=True, inline="always", error_model="numpy")
def jam_3bet(pot, cur, mybet, eff):
    """Whether a 3-bet over an open to ``cur`` goes all-in (:data:`JAM_SPR`): a 3-bet to
    three times the open, called, would leave less than ``JAM_SPR`` pots of the effective
    stack ``eff`` behind. ``pot``: the chips in the middle now (the open included).

    >>> jam_3bet(4, 2, 0, 30), jam_3bet(4, 2, 0, 50)   # 30 and 50 BB over a 2 BB open
    (True, False)
    """
    to = 3 * cur
    behind = eff - to
    return behind < JAM_SPR * (pot + (to - mybet) + (to - cur))


@linked(cache=True, error_model="numpy")
def decide(model, thr_push, thr_open, eq_agg, eq_rand, top_c, street, tr, draw, money, ctx, u):
    """One decision (see the module notes), from scalars and tuples of scalars only (so a
    call costs no reference counting).

    ``model``: (kind, loose, aggr, push_depth, call_margin, open_size, cbet);
    ``thr_push`` / ``thr_open``: the model's shove and open shares for this seat and depth;
    ``eq_agg`` / ``eq_rand``: equity of the hand against the aggressor's range and against
    a random hand; ``top_c``: share of hands at least as strong; ``tr``, ``draw``: see
    :func:`tier`. ``money``: (rem, mybet, cur, call, min_to, max_to, pot, bb, opp_cover),
    with ``pot`` every chip in the middle this seat can win (antes and this round's bets
    included) and ``opp_cover`` the most chips (bet + stack) an opponent still has. ``ctx``: (can_raise,
    n_behind, n_in, n_raises, agg_range, pf_aggressor, depth, is_bb) with ``n_in`` the
    opponents already committed this round and ``depth`` the effective stack in big blinds
    (or 1.5 x M). ``u``: a uniform random number. Returns ``(code, to, range)``.
    """
    kind, loose, aggr, push_depth, call_margin, open_size, cbet = model
    rem, mybet, cur, call, min_to, max_to, pot, bb, opp_cover = money
    can_raise, n_behind, n_in, n_raises, agg_range, pf_aggressor, depth, is_bb = ctx
    stack_total = rem + mybet
    pushfold = kind == 0.0 or depth <= push_depth
    if street == 0:
        if n_raises == 0 and not can_raise and call > 0:
            # everyone else is all-in from the blinds: nothing to shove over, only a call
            n_raises = 1
            agg_range = 1.0
            eq_agg = eq_rand
        if n_raises == 0:
            if call == 0:
                return A_CHECK, 0, 1.0
            if pushfold:
                thr = thr_push
                if top_c <= thr and can_raise:
                    return A_RAISE, max_to, thr
                return A_FOLD, 0, 1.0
            thr = thr_open
            if kind >= K_LIMPER:
                thr = thr_open * LIMPER_RAISE
            if top_c <= thr and can_raise:
                to = _sized(int(open_size * bb), min_to, max_to, 0.4 * stack_total)
                return A_RAISE, to, thr
            if kind >= K_LIMPER and top_c <= thr_open * LIMP_WIDTH:
                return A_CALL, 0, 1.0
            if kind == K_RANGES and n_behind == 1 and top_c <= thr_open * SB_COMPLETE:
                return A_CALL, 0, 1.0      # the small blind completes a band behind its raises
            return A_FOLD, 0, 1.0
        # facing a raise
        r = agg_range
        big = pushfold or call >= 0.35 * rem or call >= rem or cur >= 0.4 * stack_total
        if big:
            eq = _pow_int(eq_agg, max(n_in, 1))
            if can_raise and call < rem:
                # a shove over the raise: risk the whole stack for the pot plus what the
                # raiser would still have to put in to call
                extra = min(stack_total, opp_cover) - cur
                if extra < 0:
                    extra = 0
                need = rem / (pot + rem + extra)
                if eq >= need * call_margin and top_c <= max(r * 0.6, 0.03):
                    return A_RAISE, max_to, r * 0.5
            need = call / (winnable_pot(pot, cur, mybet, call) + call)
            if eq >= need * call_margin:
                return A_CALL, 0, 1.0
            return A_FOLD, 0, 1.0
        if n_raises == 1:
            three = r * (0.12 + 0.25 * aggr) * loose
            flat = r * (0.45 + 0.3 * (1.0 - aggr)) * loose
            if is_bb:
                flat *= 1.6
            if kind == K_LIMPER:
                flat *= 1.5
            elif kind == K_STATION:
                flat *= 1.8
            jam = jam_3bet(pot, cur, mybet, min(stack_total, opp_cover))
            if top_c <= three and can_raise:
                to = _sized(3 * cur, min_to, max_to, 0.0 if jam else 0.4 * stack_total)
                return A_RAISE, to, three
            if top_c <= flat:
                return A_CALL, 0, 1.0
            return A_FOLD, 0, 1.0
        four = r * 0.35
        eff = min(stack_total, opp_cover)
        if eff > DEEP_BB * bb:          # deep: the 4-bet range shrinks as (DEEP_BB / eff) ** 4
            deep = DEEP_BB * bb / eff
            deep *= deep
            four = four * deep * deep
        if top_c <= four * loose:
            if can_raise:
                return A_RAISE, max_to, four
            return A_CALL, 0, 1.0
        if top_c <= r * 0.7 * loose and call <= 0.2 * rem:
            return A_CALL, 0, 1.0
        return A_FOLD, 0, 1.0
    # ---- after the flop
    if kind == 0:
        if call == 0:
            if tr >= 3 and can_raise and depth <= push_depth:
                return A_RAISE, max_to, 0.2
            return A_CHECK, 0, 1.0
        if tr >= 2 or (tr >= 1 and call * 4 <= pot):
            return A_CALL, 0, 1.0
        return A_FOLD, 0, 1.0
    if kind >= K_LIMPER:
        return _loose_postflop(model, money, ctx, street, tr, draw, u)
    if call == 0:
        bet = tr >= 3
        if not bet and tr == 2:
            bet = u < 0.35 + 0.5 * aggr
        if not bet and pf_aggressor and street == 1 and n_behind <= 2:
            bet = u < cbet * (0.5 + aggr)
        if not bet and draw:
            bet = u < 0.6 * aggr
        if bet and can_raise:
            commit = COMMIT * stack_total
            if min(stack_total, opp_cover) >= DEEP_BB * bb:
                commit = DEEP_COMMIT * stack_total
            to = _sized(_in_chips(pot * (0.5 + 0.25 * aggr), bb), min_to, max_to, commit)
            return A_RAISE, to, 0.3
        return A_CHECK, 0, 1.0
    price = call / (winnable_pot(pot, cur, mybet, call) + call)
    if tr >= 3:
        if min(stack_total, opp_cover) >= DEEP_BB * bb:
            # deep: raise nothing; a set or a straight folds to a raise at a steep price
            if tr == 3 and n_raises >= 1 and price > 0.4:
                return A_FOLD, 0, 1.0
            return A_CALL, 0, 1.0
        if call >= 0.6 * rem:
            return A_CALL, 0, 1.0
        if tr == 4:
            if can_raise and u < 0.4 + 0.5 * aggr:
                return A_RAISE, _sized(3 * cur, min_to, max_to, COMMIT * stack_total), 0.1
            return A_CALL, 0, 1.0
        if n_raises >= 2 and price > 0.4:
            return A_FOLD, 0, 1.0
        if can_raise and n_raises <= 1 and u < 0.2 * aggr:
            return A_RAISE, _sized(3 * cur, min_to, max_to, COMMIT * stack_total), 0.15
        return A_CALL, 0, 1.0
    if tr == 2:
        if n_raises <= 1 and price <= 0.40 + 0.08 * (loose - 1.0):
            return A_CALL, 0, 1.0
        return A_FOLD, 0, 1.0
    if draw and n_raises <= 1 and price <= 0.35:
        return A_CALL, 0, 1.0
    if tr == 1 and n_raises <= 1 and price <= 0.2 * loose:
        return A_CALL, 0, 1.0
    if street == 1 and n_raises <= 1 and price <= 0.35 and u < FLOAT * loose:
        return A_CALL, 0, 1.0          # a float: call the flop with nothing, now and then
    return A_FOLD, 0, 1.0


@linked(cache=True, error_model="numpy")
def _loose_postflop(model, money, ctx, street, tr, draw, u):
    """After the flop, the limper (kind 2) and the calling station (kind 3): bet made hands,
    seldom bluff, call any pair and any draw, and now and then nothing on the flop; the
    station calls bigger bets and more often. ``model``, ``money``, ``ctx``, ``tr``,
    ``draw`` and ``u`` as :func:`decide` takes them (the same tuples, passed on). Returns
    ``(code, to, range)``."""
    kind, loose, _aggr, _push_depth, _call_margin, _open_size, cbet = model
    rem, mybet, cur, call, min_to, max_to, pot, bb, _opp_cover = money
    can_raise, _n_behind, _n_in, n_raises, _agg_range, pf_aggressor, _depth, _is_bb = ctx
    stack_total = rem + mybet
    station = kind == K_STATION
    if call == 0:
        bet = tr >= 3 or (tr == 2 and u < 0.25)
        if not bet and not station and pf_aggressor and street == 1:
            bet = u < 0.5 * cbet
        if bet and can_raise:
            return A_RAISE, _sized(_in_chips(pot * 0.5, bb), min_to, max_to,
                                   0.45 * stack_total), 0.35
        return A_CHECK, 0, 1.0
    price = call / (winnable_pot(pot, cur, mybet, call) + call)
    if tr == 4 and can_raise and u < (0.2 if station else 0.4):
        return A_RAISE, _sized(3 * cur, min_to, max_to, np.inf), 0.1
    wide = 0.1 if station else 0.0
    if tr >= 3 or (tr == 2 and price <= 0.45 + wide):
        return A_CALL, 0, 1.0
    if (tr == 1 or draw) and n_raises <= 1 and price <= 0.38 + wide:
        return A_CALL, 0, 1.0
    if street == 1 and n_raises <= 1 and price <= 0.35 and u < (0.45 if station else 0.25) * loose:
        return A_CALL, 0, 1.0
    return A_FOLD, 0, 1.0


# ---------------------------------------------------------------------------- stud


@linked(cache=True, error_model="numpy")
def razz_rank(c):
    """Ace-low rank of a card for razz: ace 0, deuce 1, ... king 12."""
    r = (c >> 2) + 1
    return 0 if r == 13 else r


@numba.njit(cache=True, inline="always", error_model="numpy")
def stud3_score(c0, c1, c2, kind):
    """Third-street score 0..99 of the three cards (two down, one up): ``kind`` 0 seven
    card stud (trips, pairs by rank, three to a flush or straight, high cards), 1 razz
    (three low cards, the lower the better; pairs are bad), 2 stud hi/lo (the better of
    the two readings). Only the models read it, through its share of all three-card hands.
    """
    r0 = c0 >> 2
    r1 = c1 >> 2
    r2 = c2 >> 2
    hi = 0.0
    if r0 == r1 and r1 == r2:
        hi = 88.0 + r0 * 0.9
    elif r0 == r1 or r0 == r2 or r1 == r2:
        p = r0 if (r0 == r1 or r0 == r2) else r1
        k = r0 + r1 + r2 - 2 * p
        hi = 40.0 + 3.0 * p + 0.2 * k
    else:
        mx = max(r0, max(r1, r2))
        mn = min(r0, min(r1, r2))
        hi = 6.0 + 1.2 * mx + 0.4 * (r0 + r1 + r2 - mx - mn)
        if (c0 & 3) == (c1 & 3) and (c1 & 3) == (c2 & 3):
            hi += 14.0
        if mx - mn <= 4:
            hi += 10.0
    lo = 0.0
    a = razz_rank(c0)
    b = razz_rank(c1)
    c = razz_rank(c2)
    if a != b and b != c and a != c:
        mx = max(a, max(b, c))
        lo = 60.0 + 3.0 * (12 - mx) - 0.5 * (a + b + c - mx)
        if mx > 7:
            lo -= 30.0
    else:
        lo = 10.0 + (12 - max(a, max(b, c)))
    v = hi if kind == 0 else (lo if kind == 1 else max(hi, lo))
    if v < 0:
        v = 0.0
    if v > 99:
        v = 99.0
    return int(v)


@linked(cache=True, error_model="numpy")
def stud_tier(mine, n_mine, up_cat_opp, low_opp, kind, ev):
    """Strength 0..4 of a stud hand against what the others show, and a draw flag.

    High (``kind`` 0, and 2 for hi/lo): the category of the best hand of my cards against
    the best category showing among the others' up cards (``up_cat_opp``). Low (1, and 2):
    my distinct cards eight or lower against the most any other shows (``low_opp``).
    """
    card_key, disp, high, flush, mult, row_bits, slot_bits = ev
    t_hi = 0
    draw = False
    if kind != 1:
        # ``mine`` read in place (the evaluator reads any card array; no copy into ``buf``)
        v = nx.high_inline(mine, n_mine, card_key, disp, high, flush, mult, row_bits,
                           slot_bits)
        cat = v >> 12
        if cat >= 5 or cat >= up_cat_opp + 2:
            t_hi = 4
        elif cat > up_cat_opp and cat >= 2:
            t_hi = 3
        elif cat == up_cat_opp and cat >= 2:
            t_hi = 2
        elif cat >= 2:
            t_hi = 1
        if n_mine < 7:
            # four to a flush: the four suits' counts in one pass, a byte each (the count
            # of suit s in bits 8s..8s+7; at most 6 cards, so no byte overflows), not a
            # pass over the cards per suit
            counts = 0
            for i in range(n_mine):
                counts += 1 << (8 * (mine[i] & 3))
            for s in range(4):
                if (counts >> (8 * s)) & 0xFF == 4:
                    draw = True
    t_lo = 0
    if kind != 0:
        m = 0
        for i in range(n_mine):
            r = razz_rank(mine[i])
            if r <= 7:
                m |= 1 << r
        k = 0
        while m:            # the set bits, one step each
            m &= m - 1
            k += 1
        if k >= 5:
            t_lo = 4
        elif k >= n_mine - 1 and k > low_opp:
            t_lo = 3
        elif k >= low_opp and k >= 3:
            t_lo = 2
        elif k >= 3:
            t_lo = 1
        if k == 4 and n_mine < 7:
            draw = True
    return max(t_hi, t_lo), draw


@linked(cache=True, error_model="numpy")
def decide_stud(model, seat):
    """One fixed-limit stud decision (models as in :func:`decide`). Third street: complete,
    call or fold by the share of three-card hands at least as strong; the bring-in completes
    with the best hands and otherwise posts the bring-in. Later streets: bet, raise, call or
    fold by :func:`stud_tier` and the price. Returns ``(code, to, range)``; ``A_CALL`` for
    the bring-in seat means "post the bring-in"."""
    top_c, street, tr, draw, call, can_raise, min_to, pot, n_raises, agg_range, is_bring, u = seat
    kind, loose, aggr, push_depth, call_margin, open_size, cbet = model
    if street == 0:
        if is_bring:
            thr = 0.10 * loose * (0.5 + aggr)
            if top_c <= thr and can_raise:
                return A_RAISE, min_to, thr
            return A_CALL, 0, 1.0
        if n_raises == 0:
            thr_c = 0.12 * loose * (0.5 + aggr)
            if top_c <= thr_c and can_raise:
                return A_RAISE, min_to, thr_c
            if top_c <= 0.38 * loose:
                return A_CALL, 0, 1.0
            return A_FOLD, 0, 1.0
        r = agg_range
        if top_c <= r * 0.3 and can_raise and n_raises < 3:
            return A_RAISE, min_to, r * 0.3
        if top_c <= r * (0.8 + 0.4 * (loose - 1.0)):
            return A_CALL, 0, 1.0
        return A_FOLD, 0, 1.0
    if call == 0:
        if tr >= 3 or (tr == 2 and u < 0.3 + 0.5 * aggr) or (draw and u < 0.5 * aggr):
            if can_raise:
                return A_RAISE, min_to, 0.3
        return A_CHECK, 0, 1.0
    price = call / (pot + call)
    if tr == 4 and can_raise and u < 0.5 + 0.5 * aggr:
        return A_RAISE, min_to, 0.1
    if tr >= 3:
        if can_raise and n_raises <= 1 and u < 0.3 * aggr:
            return A_RAISE, min_to, 0.2
        return A_CALL, 0, 1.0
    if tr == 2 and n_raises <= 2:
        return A_CALL, 0, 1.0
    if (draw or tr == 1) and n_raises <= 1 and price <= 0.25 * loose:
        return A_CALL, 0, 1.0
    return A_FOLD, 0, 1.0
