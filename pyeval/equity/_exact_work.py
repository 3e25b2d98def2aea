"""What the exact range engine (:mod:`._exact_classes`) will enumerate for a hold'em spot,
counted without listing it: the tuples (choices of one holding per player that share no
card), their suit classes and rank signatures, and the inner steps of the two counting
passes. :func:`pyeval.equity.cost.exact_cost` prices a run from these counts.

* tuples: exactly, by a walk over the players that remembers only the cards later
  players could want (narrowest first; the last one counted in closed form), times the
  ways the players with unknown cards can be dealt from what is left;
* suit classes: exactly, by Burnside's lemma (the mean over the suit permutations the
  engine may use of the tuples each one leaves unchanged);
* rank signatures: at most the product of the rank pairs each player can hold, and at
  most the tuples;
* the flush pass's inner steps per class: from each player's share of holdings with one
  or two cards of each suit (an expectation; the tests hold it to the plan's real count
  within a factor of two).

>>> from pyeval.equity.spot import make_spot
>>> w = tuple_work(make_spot("holdem", ["QQ+, AK"] * 6, "2c7d9h"))
>>> int(w.tuples), int(w.classes), w.k
(226800, 226800, 2)
>>> w = tuple_work(make_spot("holdem", ["random", "AhKh"]))
>>> int(w.tuples), int(w.classes), int(w.signatures)
(1225, 367, 91)
"""
from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from pyeval.equity.spot import Spot

#: the walk counting tuples gives up after this many steps (then: None, a board walk)
MAX_STEPS = 300_000
#: the most lookups of the last list's cards and pairs (about 0.1 us each): ten players on
#: wide overlapping ranges took 100 million, 14 s, before this bound
MAX_LOOKUPS = 2_000_000


class TupleWork(NamedTuple):
    """Counts of one exact run of the range engine (see the module docstring)."""

    P: int                  # players
    k: int                  # board cards to come
    tuples: float           # choices of holdings sharing no card
    classes: float          # suit classes (the flush pass runs once per class)
    signatures: float       # rank signatures (the rank pass runs once per signature)
    pairs: int              # rank pairs held (rows of the value table)
    multisets: int          # multisets of k ranks (the rank pass's steps per signature)
    flush_steps: float      # the flush pass's inner steps per class
    flush_subsets: float    # the flush pass's subsets looked at per class
    flush_looks: float      # the chance that the flush pass looks at any, per class
    flush_blocks: float     # the subsets it works on (not skipped), per class


def _bits(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


def count_tuples(lists: list[list[int]], max_steps: int = MAX_STEPS,
                 max_lookups: int = MAX_LOOKUPS) -> int | None:
    """Choices of one mask per list sharing no bit (None after ``max_steps`` steps or
    ``max_lookups`` lookups of the last list's masks: counts, so that whether a spot is
    priced never depends on the machine's speed).

    >>> count_tuples([[3, 12], [1, 4, 16]])
    4
    """
    if not lists:
        return 1
    if any(not m for m in lists):
        return 0
    order = sorted(lists, key=len)
    R = len(order)
    later = [0] * (R + 1)
    for i in range(R - 1, -1, -1):
        u = 0
        for m in order[i]:
            u |= m
        later[i] = later[i + 1] | u
    last = order[-1]
    deg: dict[int, int] = {}
    pair: dict[int, int] = {}
    for m in last:
        for c in _bits(m):
            deg[c] = deg.get(c, 0) + 1
        pair[m] = pair.get(m, 0) + 1

    steps = lookups = 0

    def closed(used: int) -> int:
        """Masks of the last list (two bits each) sharing no bit with ``used``."""
        nonlocal lookups
        bs = _bits(used & later[R - 1])
        lookups += len(bs) * (len(bs) + 1) // 2          # the lookups below: budgeted too
        if lookups > max_lookups:
            raise OverflowError
        n = len(last) - sum(deg.get(c, 0) for c in bs)
        for x in range(len(bs)):
            for y in range(x + 1, len(bs)):
                n += pair.get((1 << bs[x]) | (1 << bs[y]), 0)
        return n

    memo: dict[tuple[int, int], int] = {}

    def count(i: int, used: int) -> int:
        nonlocal steps
        if i == R - 1:
            return closed(used)
        key = (i, used & later[i])
        hit = memo.get(key)
        if hit is not None:
            return hit
        steps += len(order[i])
        if steps > max_steps:
            raise OverflowError
        n = 0
        for m in order[i]:
            if not m & used:
                n += count(i + 1, used | m)
        memo[key] = n
        return n

    try:
        return count(0, 0)
    except OverflowError:
        return None


def _holdings(spot: Spot) -> tuple[list[np.ndarray], int]:
    """Cards [n, 2] of every holding of each seat with a range or known cards, and how
    many seats have both cards unknown."""
    lists = []
    unknown = 0
    for p in spot.players:
        if p.rng is not None:
            lists.append(np.asarray(p.rng.cards, dtype=np.int64).reshape(-1, 2))
        elif all(c is None for c in p.slots):
            unknown += 1
        else:
            known = [c for c in p.slots if c is not None]
            if len(known) == 2:
                lists.append(np.array([known], dtype=np.int64))
            else:
                lists.append(np.array([[known[0], c] for c in spot.deck], dtype=np.int64))
    return lists, unknown


def _masks(cards: np.ndarray) -> np.ndarray:
    one = np.uint64(1)
    c = cards.astype(np.uint64)
    return np.asarray((one << c[:, 0]) | (one << c[:, 1]))


def _random_ways(masks: list[list[int]], unknown: int, deck: list[int]) -> int:
    """Ways to deal ``unknown`` seats two cards each from the deck less the cards the
    other seats hold (the same number for every tuple)."""
    dm = 0
    for c in deck:
        dm |= 1 << c
    left = len(deck) - sum(bin(m[0] & dm).count("1") for m in masks if m)
    ways = 1
    for q in range(unknown):
        ways *= math.comb(max(0, left - 2 * q), 2)
    return ways


def _all_pairs(deck: list[int]) -> np.ndarray:
    d = np.array(deck, dtype=np.int64)
    a, b = np.triu_indices(len(d), 1)
    return np.stack([d[a], d[b]], axis=1)


def _suit_shares(rows: list[np.ndarray]) -> np.ndarray:
    """[seat, suit, 0..2]: each seat's share of holdings with no, one, two cards of the
    suit."""
    out = np.zeros((len(rows), 4, 3))
    for i, row in enumerate(rows):
        s = row & 3
        for suit in range(4):
            n = (s == suit).sum(axis=1)
            out[i, suit] = np.bincount(n, minlength=3)[:3] / max(1, len(row))
    return out


def _flush_work(spot: Spot, shares: np.ndarray) -> tuple[float, float, float, float]:
    """Expected inner steps and subsets of the flush pass for one tuple, the chance that
    it looks at any, and the subsets it works on (see
    :func:`pyeval.equity._exact_holdem._hu_work`), from the seats' shares of cards in
    each suit (seats taken as independent)."""
    k = 5 - len(spot.board)
    bcnt = [0, 0, 0, 0]
    known = [0, 0, 0, 0]
    for c in spot.board:
        bcnt[c & 3] += 1
    for c in spot.board + spot.dead:
        known[c & 3] += 1
    steps = subsets = blocks = 0.0
    none = 1.0
    for s in range(4):
        bs = bcnt[s]
        if bs + k < 3:
            continue
        held = float((shares[:, s, 1] + 2 * shares[:, s, 2]).sum())
        a = max(0.0, 13 - known[s] - held)
        # the most cards of the suit any seat holds: 0, 1 or 2
        p_le0 = float(np.prod(shares[:, s, 0]))
        p_le1 = float(np.prod(shares[:, s, 0] + shares[:, s, 1]))
        runs = 0.0
        for maxn, pr in ((0, p_le0), (1, p_le1 - p_le0), (2, 1 - p_le1)):
            j0 = max(0, 3 - bs, 5 - bs - maxn)
            if pr <= 0 or j0 > k:
                continue
            runs += pr
            for j in range(j0, k + 1):
                sub = math.gamma(a + 1) / (math.gamma(j + 1) * math.gamma(a - j + 1)) \
                    if a >= j else 0.0
                steps += pr * sub * (1, 13, 91)[k - j]
                blocks += pr * sub
                subsets += pr * math.comb(13, j)
        none *= 1 - min(1.0, runs)
    return steps, subsets, 1 - none, blocks


class _Seat(NamedTuple):
    """One seat's holdings as :func:`_fixed_by` reads them: the cards [n, 2], their masks
    and the masks sorted."""

    cards: np.ndarray
    masks: np.ndarray
    sorted: np.ndarray


def _seat(row: np.ndarray) -> _Seat:
    m = _masks(row)
    return _Seat(row, m, np.sort(m))


def _fixed_by(seats: list[_Seat], perm: np.ndarray) -> list[np.ndarray] | None:
    """Each seat's holdings (masks) that ``perm`` (of the suits) leaves as they are, or
    None when it does not map some seat's holdings onto themselves. [speed] Membership by
    a binary search in the seat's sorted masks (made once for all permutations), as
    ``np.isin`` answers it: isin took a third of a three-range exact call's time."""
    out = []
    for row, m, ms in seats:
        pm = _masks((row & ~3) | perm[row & 3])
        at = np.minimum(np.searchsorted(ms, pm), len(ms) - 1)
        if not (ms[at] == pm).all():
            return None
        out.append(m[pm == m])
    return out


def tuple_work(spot: Spot, max_tuples: int | None = None,
               effort: float = 1.0) -> TupleWork | None:
    """The counts of the range engine's run on a hold'em ``spot``, or None when it would
    not run (more than ``max_tuples`` tuples, default the engine's
    :data:`~pyeval.equity._exact_classes.MAX_TUPLES`, or too many to count quickly:
    ``effort`` scales the counting walk's budgets, 1 for the full ones)."""
    from pyeval.equity import _exact_classes as XC
    from pyeval.equity._exact_holdem import patterns
    limit = XC.MAX_TUPLES if max_tuples is None else max_tuples
    deck = spot.deck
    P = len(spot.players)
    lists, unknown = _holdings(spot)
    masks = [[int(x) for x in _masks(c)] for c in lists]
    ways = _random_ways(masks, unknown, deck)
    if ways * math.prod(len(x) for x in lists) == 0:
        return None
    steps_cap = max(1, int(MAX_STEPS * effort))
    lookups_cap = max(1, int(MAX_LOOKUPS * effort))
    t = count_tuples(masks, steps_cap, lookups_cap)
    if t is None or t * ways > limit:
        return None
    T = float(t * ways)
    rows = lists + [_all_pairs(deck)] * unknown
    classes = T
    perms = XC.suit_perms(spot.board + spot.dead)
    if len(perms) > 1 and P <= 6 and T:
        # the engine's classes: the orbits of the permutations that map every seat's
        # holdings onto themselves (Burnside: the mean number of tuples each one fixes)
        fixed = [T]
        seats = [_seat(row) for row in rows]
        for perm in perms[1:]:
            keep = _fixed_by(seats, perm)
            if keep is not None:
                f = count_tuples([[int(x) for x in m] for m in keep], steps_cap,
                                 lookups_cap)
                fixed.append(float(f) if f is not None else 0.0)
        classes = sum(fixed) / len(fixed)
    rp = 1.0
    held: set[int] = set()
    for row in rows:
        r = row >> 2
        mine = set((np.maximum(r[:, 0], r[:, 1]) * 13 + np.minimum(r[:, 0], r[:, 1])).tolist())
        held |= mine
        rp *= len(mine)
    k = 5 - len(spot.board)
    steps, subsets, looks, blocks = _flush_work(spot, _suit_shares(rows))
    return TupleWork(P, k, T, classes, min(T, rp), len(held), patterns(k).n, steps,
                     subsets, looks, blocks)


def plan_work(plan: Any) -> TupleWork:
    """The same counts read from a listed :class:`~pyeval.equity._exact_classes.ExactPlan`
    (the flush pass's steps exactly as its kernel takes them, averaged over the classes):
    what :func:`tuple_work` estimates."""
    reps = plan.suit[0].astype(np.int64)
    k = plan.vals.k
    cards = plan.c_card[reps].astype(np.int64)               # [classes, P, 2]
    suits = cards & 3
    bcnt = np.zeros(4, dtype=np.int64)
    known = np.zeros(4, dtype=np.int64)
    for c in plan.board:
        bcnt[c & 3] += 1
    for c in plan.board + plan.dead:
        known[c & 3] += 1
    n = len(reps)
    steps = np.zeros(n)
    subsets = np.zeros(n)
    blocks = np.zeros(n)
    looks = np.zeros(n, dtype=bool)
    for s in range(4):
        bs = int(bcnt[s])
        if bs + k < 3:
            continue
        per = (suits == s).sum(axis=2)                        # [classes, P]
        a = 13 - int(known[s]) - per.sum(axis=1)
        j0 = np.maximum(max(0, 3 - bs), 5 - bs - per.max(axis=1))
        for j in range(max(0, k - 2), k + 1):         # j0 >= k - 2 (a seat holds two)
            on = j0 <= j
            looks |= on
            ca = np.array([math.comb(x, j) for x in range(14)])[np.clip(a, 0, 13)]
            steps += on * ca * (1, 13, 91)[k - j]
            blocks += on * ca
            subsets += on * math.comb(13, j)
    pids = np.unique(plan.c_pid[plan.suit[0].astype(np.int64)])
    return TupleWork(plan.P, k, float(plan.n_tuples), float(n), float(len(plan.sig[0])),
                     len(pids), plan.vals.pat.n, float(steps.mean()) if n else 0.0,
                     float(subsets.mean()) if n else 0.0,
                     float(looks.mean()) if n else 0.0, float(blocks.mean()) if n else 0.0)
