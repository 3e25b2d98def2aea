"""What an exact enumeration of a spot would cost, and so whether :func:`pyeval.equity.equity`
enumerates it or samples it.

The estimate is in units of about a nanosecond of one core (calibrated on the development
machine); exact enumeration is chosen when it is below :data:`EXACT_AUTO_COST` and refused,
even when forced, above :data:`EXACT_MAX_COST`.

>>> from pyeval.equity.spot import make_spot
>>> exact_cost(make_spot("holdem", ["AcAd", "KhKs"])) < EXACT_AUTO_COST
True
"""
from __future__ import annotations

import math

from pyeval.equity import _kernels as K
from pyeval.equity._exact_work import TupleWork, tuple_work
from pyeval.equity.games import EquityGame
from pyeval.equity.spot import Player, Spot

__all__ = ["EXACT_AUTO_COST", "EXACT_MAX_COST", "MAX_LISTED", "SMALL_JOB", "exact_cost",
           "listed_holdings"]

#: exact enumeration is chosen automatically when its estimated cost is below this
#: (about a nanosecond per unit on one core: half a second)
EXACT_AUTO_COST = 5e8
#: beyond this, even a forced exact run is refused
EXACT_MAX_COST = 2e12
#: exact runs estimated below this cost (see exact_cost) run on one thread
SMALL_JOB = 2e7
#: cost of looking at one combination in the exact walk, in exact_cost units (calibrated:
#: six players on "QQ+, AK" with a 2c7d9h board)
WALK_STEP = 5.0

# the range engine's steps (pyeval/equity/_exact_classes.py), in exact_cost units: fitted
# to its CPU time on 14 spots (bench/exact_cost_fit.py); each is named by TupleWork's count
#: fixed cost of one run (the plan's Python, two kernel calls), and of each suit
#: permutation the plan tries
RUN_COST, PERM_COST = 5e5, 3e4
#: listing the tuples, per tuple and player; and per suit permutation tried on each
PLAN_STEP, PERM_STEP = 100.0, 11.0
#: one entry of the value table (a hash lookup), per rank pair held and multiset
FILL_STEP = 10.0
#: the rank pass, per signature, multiset and player
RANK_STEP = 3.0
#: the flush pass per class: its fixed part, the ranks-only outcomes (three or more
#: players, when it looks at a flush), per inner step, per subset looked at
CLASS_STEP, OUTCOME_STEP, FLUSH_STEP, SUBSET_STEP = 90.0, 2.75, 1.85, 19.0

#: listing one holding of a seat with unknown cards in Python before the walk (its cards,
#: keys and masks laid out: measured 12.6 us a holding on a stud hand with four unknown
#: cards, 111,930 holdings)
LIST_STEP = 12_000.0
#: the most holdings exact enumeration lists (seats with unknown cards): beyond this the
#: lists alone would take minutes and gigabytes, so exact enumeration is refused
MAX_LISTED = 2_000_000
#: the most steps the pricing walk over overlapping ranges takes (:func:`_compatible_tuples`,
#: about 0.3 us each): beyond it the spot is priced by the product of the range sizes
PRICE_STEPS = 300_000

# cost of one evaluation in exact enumeration, by kind (about a nanosecond per unit)
_EVAL_COST = {K.K_HOLDEM: 1, K.K_OMAHA: 6, K.K_SUPER8: 8, K.K_TAHOE: 4, K.K_STUD: 2,
              K.K_RAZZ: 2, K.K_FIVE: 1.5, K.K_BUFFALO: 4, K.K_CROC: 3}


def _combo_count(p: Player, g: EquityGame, nd: int) -> float:
    if p.rng is not None:
        return float(len(p.rng))
    by_class: dict[int, int] = {}
    for j, c in enumerate(p.slots):
        if c is None:
            by_class[g.classes[j]] = by_class.get(g.classes[j], 0) + 1
    n, left = 1.0, nd
    for u in by_class.values():
        n *= math.comb(left, u)
        left -= u
    return n


def tuple_cost(w: TupleWork, perms: int) -> float:
    """Estimated cost of the range engine's run with the counts ``w`` (``perms``: the suit
    permutations it tries on each tuple, 0 when it tries none), in exact_cost units.

    >>> from pyeval.equity.spot import make_spot
    >>> w = tuple_work(make_spot("holdem", ["QQ+, AK"] * 6, "2c7d9h"))
    >>> 1e8 < tuple_cost(w, 0) < 1e9                # about a quarter of a core-second
    True
    """
    P = w.P
    outcomes = w.flush_looks * w.multisets * P * OUTCOME_STEP if P > 2 else 0.0
    per_class = (CLASS_STEP + outcomes + w.flush_steps * FLUSH_STEP
                 + w.flush_subsets * SUBSET_STEP)
    return (RUN_COST + PERM_COST * perms + w.tuples * P * (PLAN_STEP + PERM_STEP * perms)
            + w.pairs * w.multisets * FILL_STEP + w.signatures * w.multisets * P * RANK_STEP
            + w.classes * per_class)


def exact_cost(spot: Spot, effort: float = 1.0) -> float:
    """Estimated cost of exact enumeration, in units of about a nanosecond on one core
    (calibrated on the development machine). Hold'em with ranges, unknown hands or a
    known board runs the range engine when its tuples can be listed: priced by what it
    enumerates (:func:`tuple_cost`); otherwise per board, each holding's evaluation and
    each choice of holdings across the players. ``effort`` (at most 1) scales the budgets
    of the walks that count the choices of overlapping ranges: a spot they cannot count
    within it is priced by the product of the ranges' sizes (so, under a short time
    limit, sent to Monte Carlo rather than priced for longer than the limit).

    >>> from pyeval.equity.spot import make_spot
    >>> f"{exact_cost(make_spot('holdem', ['AcAd', 'KhKs'])):.2e}"
    '1.37e+07'
    """
    g = spot.game
    nd = len(spot.deck)
    k = g.board - len(spot.board)
    boards = math.comb(nd, k) if nd >= k else 0
    sizes = [_combo_count(p, g, nd) for p in spot.players]
    P = len(sizes)
    if all(s == 1 for s in sizes) and g.kind == K.K_HOLDEM and k == 5:
        return boards * (2 + 3 * P)
    return _walk_cost(spot, sizes, boards, k, effort)


def listed_holdings(spot: Spot) -> float:
    """How many holdings exact enumeration lists in Python for the seats with unknown
    cards (a range's combinations are arrays already).

    >>> from pyeval.equity.spot import make_spot
    >>> listed_holdings(make_spot("stud", ["6d9hKd4sJdQhKs", "**Ah2c3d"]))
    111930.0
    """
    nd = len(spot.deck)
    return sum(_combo_count(p, spot.game, nd) for p in spot.players
               if p.rng is None and None in p.slots)


def _walk_cost(spot: Spot, sizes: list[float], boards: int, k: int,
               effort: float = 1.0) -> float:
    """The enumeration's own cost (see :func:`exact_cost`)."""
    g = spot.game
    nd = len(spot.deck)
    P = len(sizes)
    if g.kind == K.K_HOLDEM:
        w = tuple_work(spot, effort=effort)
        if w is not None:
            from pyeval.equity._exact_classes import suit_perms
            n = len(suit_perms(spot.board + spot.dead))
            return tuple_cost(w, n if n > 1 and P <= 6 else 0)
    # the board walk lists every holding of the seats with unknown cards in Python first
    listed = listed_holdings(spot)
    if listed > MAX_LISTED:
        return math.inf
    evals = sum(sizes) * _EVAL_COST[g.kind] * (1.5 if g.split == "low8" else 1)
    per_tuple = 2 if (P == 2 and g.split == "none") else (8 if g.split == "none" else 15)
    tuples = math.prod(sizes)
    together = (_compatible_tuples(spot, max(1, int(200_000 * effort)),
                                   max(1, int(PRICE_STEPS * effort)))
                if P > 2 else None)                              # heads-up: two plain loops
    if together is not None:
        # only choices sharing no card are walked, each on the boards that avoid its cards
        n_rng, seen, free = together
        used = 2 * sum(1 for p in spot.players if p.rng is not None)
        share = math.comb(nd - used, k) / boards if boards and nd - used >= k else 0.0
        tuples = (n_rng + seen * WALK_STEP / per_tuple) * free * share
    return listed * LIST_STEP + boards * (20 + evals + tuples * per_tuple)


def _compatible_tuples(spot: Spot, max_states: int = 200_000,
                       max_steps: int = PRICE_STEPS) -> tuple[float, float, float] | None:
    """How many choices of one combination per range player share no card, how many
    combinations the exact walk looks at to find them (both counted by a walk over the
    players, in seat order as the kernel goes, that remembers per player the cards later
    players could still want), and the product of the other players' holding counts;
    None when the walk would take too long (more than ``max_states`` states or
    ``max_steps`` combinations looked at: a count, so the answer never depends on the
    machine's speed). Ranges that overlap, such as six players on ``QQ+, AK``, can be
    dealt together far more rarely than the product of their sizes says.

    >>> from pyeval.equity.spot import make_spot
    >>> spot = make_spot("holdem", ["QQ+, AK"] * 6, "2c7d9h")
    >>> n, seen, free = _compatible_tuples(spot)
    >>> int(n), int(seen) > n, free
    (226800, True, 1.0)
    """
    g = spot.game
    masks = [[int(m) for m in p.rng.masks] for p in spot.players if p.rng is not None]
    if not masks:
        return None
    free = math.prod(_combo_count(p, g, len(spot.deck)) for p in spot.players
                     if p.rng is None)
    later = [0] * (len(masks) + 1)          # cards any later range player could hold
    for i in range(len(masks) - 1, -1, -1):
        u = 0
        for m in masks[i]:
            u |= m
        later[i] = later[i + 1] | u
    memo: dict[tuple[int, int], tuple[int, int]] = {}
    steps = [0]

    def count(i: int, used: int) -> tuple[int, int]:
        """(choices sharing no card, combinations looked at) from player i on."""
        if i == len(masks):
            return 1, 0
        key = (i, used & later[i])
        hit = memo.get(key)
        if hit is not None:
            return hit
        steps[0] += len(masks[i])
        if len(memo) > max_states or steps[0] > max_steps:
            raise OverflowError
        n, seen = 0, len(masks[i])
        for m in masks[i]:
            if not m & used:
                a, b = count(i + 1, used | m)
                n += a
                seen += b
        memo[key] = (n, seen)
        return n, seen

    try:
        n, seen = count(0, 0)
    except (OverflowError, RecursionError):
        return None
    return float(n), float(seen), float(free)
