"""Exact enumeration of a spot: every holding of each seat, laid out for the exact kernels
(:mod:`._exact`, :mod:`._exact_ranks`), run in tasks with progress reports.

>>> from pyeval.equity.spot import make_spot
>>> sums = _run_exact(make_spot("holdem", ["AcAd", "KhKs"]), None)
>>> int(sums.deals)
1712304
"""
from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import numpy as np

from pyeval.equity import _exact_classes as XC
from pyeval.equity import _exact_ranks as XR
from pyeval.equity import _kernels as K
from pyeval.equity._inputs import Combos, hand_keys, make_game
from pyeval.equity.games import EquityGame
from pyeval.equity.result import Progress
from pyeval.equity.spot import Player, Spot
from pyeval.equity.tally import _counts_to_stats, _deals_of_counts, _Sums

#: tasks an exact run is divided into (independent of the thread count)
EXACT_TASKS = 256
#: tasks run between two looks at the clock when a time limit is set (1/32 of the work)
TIMED_STEP = 8


def _player_combos(p: Player, g: EquityGame, deck: list[int]) -> list[tuple[list[int], float]]:
    """Every holding of a seat, with its weight: the range's combinations, or the known
    cards with each way of filling the unknown slots (interchangeable slots as one
    combination)."""
    if p.rng is not None:
        return [([int(a), int(b)], float(w)) for (a, b), w in zip(p.rng.cards, p.rng.weights)]
    by_class: dict[int, list[int]] = {}
    for j, c in enumerate(p.slots):
        if c is None:
            by_class.setdefault(g.classes[j], []).append(j)
    if not by_class:
        return [([int(c) for c in p.slots if c is not None], 1.0)]
    groups = list(by_class.values())
    out = []

    def fill(gi: int, cur: list[int | None], used: set[int]) -> None:
        if gi == len(groups):
            out.append(([int(c) for c in cur], 1.0))   # type: ignore[arg-type]
            return
        pos = groups[gi]
        avail = [c for c in deck if c not in used]
        for comb in itertools.combinations(avail, len(pos)):
            nxt = list(cur)
            for j, c in zip(pos, comb):
                nxt[j] = c
            fill(gi + 1, nxt, used | set(comb))

    fill(0, list(p.slots), set())
    return out


def _run_exact(spot: Spot, progress: Callable[[Progress], None] | None,
               threads: int = 1, give_up: float | None = None) -> _Sums | None:
    """Every deal of ``spot``, in tasks; None when the clock (``time.perf_counter()``)
    passes ``give_up`` first (it is looked at between steps of at most 1/32 of the work)."""
    g = spot.game
    T = K.tables(omaha=g.kind == K.K_OMAHA)
    P = len(spot.players)
    deck = spot.deck
    sums = _Sums(P)
    k = g.board - len(spot.board)
    fixed = all(p.rng is None and None not in p.slots for p in spot.players)
    one_task = False
    n_parts = XR.PARTS
    bdeck = np.array(deck, dtype=np.uint8)
    plan = None
    if g.kind == K.K_HOLDEM and not (fixed and k == 5):
        # every tuple of holdings once, counted by rank patterns in classes of equal counts
        # (pyeval/equity/_exact_classes.py); None when there are too many to list. Known
        # hands pre-flop (the first call most users make) keep _exact_ranks' walk: as fast
        # as OMPEval and about half the cold compile of this kernel
        held = [_player_combos(p, g, deck) for p in spot.players]
        plan = XC.ExactPlan([[cs for cs, _ in h] for h in held],
                            [[w for _, w in h] for h in held], spot.board, spot.dead)
    if plan is not None and plan.tuples is not None:
        one_task = True
        n_parts = XC.PARTS
        xplan = plan

        def run(t0: int, t1: int):
            cw, n, w = xplan.run(t0, t1, threads)
            return _counts_to_stats(cw), n, w
    elif fixed and g.kind == K.K_HOLDEM and k == 5:
        hk = np.array([sum(int(T.ckey[c]) for c in p.slots) for p in spot.players],
                      dtype=np.uint64)
        hs = np.array([int(np.bitwise_or.reduce(T.csrm[np.array(p.slots)]))
                       for p in spot.players], dtype=np.uint64)
        TA = T.addrs
        # every board by rank patterns (pyeval/equity/_exact_ranks.py): a few thousand
        # lookups, so no threads, in XR.PARTS parts (for progress reports)
        one_task = True

        def run(t0: int, t1: int):
            cnt = XR.holdem_exact_ranks(hk, hs, bdeck, TA, t0, t1)
            n = _deals_of_counts(cnt)
            return _counts_to_stats(cnt), n, n
    else:
        combos = [_player_combos(p, g, deck) for p in spot.players]
        c_off = np.zeros(P + 1, dtype=np.int64)
        for i, cl in enumerate(combos):
            c_off[i + 1] = c_off[i] + len(cl)
        M = int(c_off[-1])
        H = g.hole
        c_cards = np.zeros((M, H), dtype=np.uint8)
        c_w = np.zeros(M)
        c_as = np.zeros(M, dtype=np.uint8)
        j = 0
        for cl in combos:
            for cs, w in cl:
                c_cards[j, :] = cs
                c_w[j] = w
                if g.split == "chicago":
                    c_as[j] = any(cs[q] == K.AS_CARD for q in g.down)
                j += 1
        c_key, c_srm = hand_keys(T, c_cards)
        c_low = np.bitwise_or.reduce(T.clow[c_cards], axis=1).astype(np.uint64)
        c_mask = np.bitwise_or.reduce(T.cbit[c_cards], axis=1).astype(np.uint64)
        TA = T.addrs
        C = Combos(c_off, c_cards, c_w, c_mask, c_key, c_srm, c_low, c_as)
        if g.kind == K.K_HOLDEM:
            b = np.array(spot.board, dtype=np.int64)
            bk0 = np.uint64(K.KEY_START + T.ckey[b].sum(dtype=np.uint64))
            bs0 = np.uint64(np.bitwise_or.reduce(T.csrm[b]) if len(b) else 0)
            bm0 = np.uint64(np.bitwise_or.reduce(T.cbit[b]) if len(b) else 0)

            def run(t0: int, t1: int):
                _, cw, n, w = K.holdem_exact_combos(C, bk0, bs0, bm0, k, bdeck, EXACT_TASKS, t0,
                                                    t1, TA, threads=threads)
                return _counts_to_stats(cw), n, w
        else:
            board0 = np.array(spot.board + [K.NONE] * k, dtype=np.uint8)
            game = make_game(g.kind, g.split_code, P, H, g.board, sum(1 << j for j in g.down))

            def run(t0: int, t1: int):
                st, cw, n, w = K.exact_tasks(game, board0, bdeck, C, EXACT_TASKS, t0, t1, TA,
                                             threads=threads)
                return st + _counts_to_stats(cw), n, w

    tasks = n_parts if one_task else EXACT_TASKS
    step = tasks if progress is None else 1 if one_task else 32
    if give_up is not None:
        step = 1 if one_task else min(step, TIMED_STEP)
    for t0 in range(0, tasks, step):
        if give_up is not None and time.perf_counter() > give_up:
            return None
        t1 = min(tasks, t0 + step)
        st, deals, wts = run(t0, t1)
        sums.add(st, deals, wts)
        if progress is not None:
            progress(Progress(t1 / tasks, int(sums.deals), sums.equities(), 0.0, True))
    return sums


def _suit_symmetry(spot: Spot) -> tuple[np.ndarray, np.ndarray]:
    """Groups of suits that play the same role for every player and the dead cards (each
    player holds the same ranks in them, and so do the dead cards): permuting them changes
    no result. Returns (pairs of neighbouring suits in each group, [m, s1, .., sm] rows).

    >>> from pyeval.equity.spot import make_spot
    >>> make = lambda *h: make_spot("holdem", list(h))
    >>> _suit_symmetry(make("AcAd", "KhKs"))[1].tolist()
    [[2, 0, 1, -1, -1], [2, 2, 3, -1, -1]]
    >>> _suit_symmetry(make("AhKh", "QsQd"))[1].tolist()
    [[2, 1, 3, -1, -1]]
    """
    def profile(suit: int) -> tuple:
        rows = [p.slots for p in spot.players] + [spot.dead, spot.board]
        return tuple(frozenset(c >> 2 for c in r if c is not None and c & 3 == suit)
                     for r in rows)

    groups: dict[tuple, list[int]] = {}
    for suit in range(4):
        groups.setdefault(profile(suit), []).append(suit)
    chains = [g for g in groups.values() if len(g) > 1]
    pairs = np.array([(g[i], g[i + 1]) for g in chains for i in range(len(g) - 1)],
                     dtype=np.int64).reshape(-1, 2)
    rows = np.full((len(chains), 5), -1, dtype=np.int64)
    for i, g in enumerate(chains):
        rows[i, 0] = len(g)
        rows[i, 1:1 + len(g)] = g
    return pairs, rows
