"""Exact hold'em by rank patterns and classes of tuples (pyeval/equity/_exact_holdem.py,
_exact_classes.py) against the board walk it replaced and against brute force."""
from __future__ import annotations

import doctest
import math
import random
from fractions import Fraction

import numpy as np
import pytest

import pyeval
from pyeval.equity import _exact_classes as XC
from pyeval.equity import _exact_holdem as XH
from pyeval.equity import _kernels as K
from pyeval.equity import equity
from pyeval.equity._exact_ranks import holdem_exact_ranks
from pyeval.equity._inputs import Combos

T = K.tables()


def _walk_counts(holes, board, dead):
    """The board walk of every runout for known holes (holdem_exact_combos)."""
    P = len(holes)
    cc = np.array(holes, dtype=np.uint8)
    b = np.array(board, dtype=np.int64)
    used = set(board) | set(dead) | {c for h in holes for c in h}
    bdeck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    combos = Combos(np.arange(P + 1, dtype=np.int64), cc, np.ones(P),
                    np.bitwise_or.reduce(T.cbit[cc], axis=1).astype(np.uint64),
                    T.ckey[cc].sum(axis=1, dtype=np.uint64),
                    np.bitwise_or.reduce(T.csrm[cc], axis=1).astype(np.uint64),
                    np.bitwise_or.reduce(T.clow[cc], axis=1).astype(np.uint64),
                    np.zeros(P, np.uint8))
    _, cw, _, _ = K.holdem_exact_combos(
        combos, np.uint64(K.KEY_START + T.ckey[b].sum(dtype=np.uint64)),
        np.uint64(np.bitwise_or.reduce(T.csrm[b]) if len(b) else 0),
        np.uint64(np.bitwise_or.reduce(T.cbit[b]) if len(b) else 0),
        5 - len(board), bdeck, 8, 0, 8, T.addrs)
    return cw.sum(axis=0)


def _deal(rng: random.Random, P: int, nb: int, nd: int):
    cards = list(range(52))
    rng.shuffle(cards)
    if rng.random() < 0.6:                       # many cards of one suit: flushes
        s = rng.randrange(4)
        cards = [c for c in cards if c & 3 == s][:7] + [c for c in cards if c & 3 != s]
        rng.shuffle(cards)
    holes = [cards[2 * i:2 * i + 2] for i in range(P)]
    return holes, cards[2 * P:2 * P + nb], cards[2 * P + nb:2 * P + nb + nd]


def test_known_hands_with_a_board_equal_the_board_walk() -> None:
    """Every count, on 120 random spots: 2-6 players, flop, turn or river known, dead cards,
    one suit over-represented so that flushes and board flushes are common."""
    rng = random.Random(11)
    for _ in range(120):
        holes, board, dead = _deal(rng, rng.choice([2, 2, 3, 4, 6]), rng.choice([3, 4, 5]),
                                   rng.choice([0, 0, 2]))
        got = XH.tuple_counts(np.array(holes), board, dead)
        assert (got == _walk_counts(holes, board, dead)).all(), (holes, board, dead)


def test_known_hands_pre_flop_equal_the_rank_walk() -> None:
    """Pre-flop every count equals the rank-pattern walk of _exact_ranks (itself tied to the
    five-loop board walk), and the deals add up to C(D, 5)."""
    rng = random.Random(12)
    for _ in range(12):
        P = rng.choice([2, 3, 5])
        holes, _, dead = _deal(rng, P, 0, rng.choice([0, 3]))
        hk = np.array([T.ckey[h].sum(dtype=np.uint64) for h in holes], dtype=np.uint64)
        hs = np.array([np.bitwise_or.reduce(T.csrm[h]) for h in holes], dtype=np.uint64)
        used = set(dead) | {c for h in holes for c in h}
        deck = np.array([c for c in range(52) if c not in used], np.uint8)
        got = XH.tuple_counts(np.array(holes), [], dead)
        assert (got == holdem_exact_ranks(hk, hs, deck, T.addrs)[0]).all()
        per = got.sum(axis=0)
        assert sum(int(per[n]) // n for n in range(1, P + 1)) == math.comb(len(deck), 5)


SPOTS = [
    (["AA,KK", "AKs"], "", ""),
    (["AKs", "QQ"], "Qs Jd 3s", "2c"),
    (["random", "AhKh"], "2c7d9hTs", ""),
    (["random", "7c2d"], "AsKsQs", ""),
    (["AhKh", "QQ+", "JTs"], "Qs9h2c", ""),
    (["QQ+, AK"] * 3, "2c7d9h", ""),
    (["A5s-A2s", "TT-88", "KQs"], "9s8s2c", ""),
    (["22+:0.5, A2s+", "KQo, 76s:0.25"], "As5s2d9s", "Kh"),
    (["AKs", "AKs"], "", "Qh"),
    (["JJ+, AKs", "AhQh", "T9s, 98s", "random"], "Th9h3c4d", ""),
    (["88", "A2s-A5s"], "6h7h8h", "Th"),
]


@pytest.mark.parametrize("hands, board, dead", SPOTS)
def test_ranges_equal_the_board_walk(hands, board, dead, monkeypatch) -> None:
    """The same deals, wins and ties (to 1e-15) as the board walk over every tuple, which
    runs when no tuple may be listed (MAX_TUPLES = 0)."""
    new = equity("holdem", hands, board, dead, exact=True, threads=1)
    monkeypatch.setattr(XC, "MAX_TUPLES", 0)
    old = equity("holdem", hands, board, dead, exact=True, threads=1)
    assert new.samples == old.samples
    for a, b in zip(new.players, old.players):
        assert abs(a.equity - b.equity) <= 1e-15
        assert abs(a.win - b.win) <= 1e-15 and abs(a.tie - b.tie) <= 1e-15


def _brute(hands, board):
    """Every deal of the ranges and the river, in Python, valued by pyeval.best_hand."""
    from pyeval.equity.ranges import parse_range
    rs = [parse_range(h) for h in hands]
    board_c = [int(c) for c in pyeval.cards(board)]
    tot = [Fraction(0)] * len(hands)
    wsum = Fraction(0)
    import itertools
    for tup in itertools.product(*[list(zip(r.cards.tolist(), r.weights.tolist())) for r in rs]):
        cs = [c for (h, _) in tup for c in h]
        if len(set(cs) | set(board_c)) != len(cs) + len(board_c):
            continue
        w = Fraction(1)
        for _, x in tup:
            w *= Fraction(x).limit_denominator(1000)
        for river in range(52):
            if river in cs or river in board_c:
                continue
            b = board_c + [river]
            v = [pyeval.best_hand([int(c) for c in h], b) for (h, _) in tup]
            best = max(v)
            win = [i for i in range(len(v)) if v[i] == best]
            for i in win:
                tot[i] += w / len(win)
            wsum += w
    return [float(t / wsum) for t in tot]


@pytest.mark.parametrize("hands, board", [
    (["AhKh, 7s7c", "QhJh, 8d8c:0.5", "9h9c, As2s"], "Th2h3c4h"),
    (["AsKs, AdKd", "QQ"], "Js Ts 2c 3s"),
])
def test_ranges_equal_brute_force(hands, board) -> None:
    r = equity("holdem", hands, board, exact=True, threads=1)
    for a, b in zip(r.equities, _brute(hands, board)):
        assert abs(a - b) <= 1e-15


def test_threads_give_the_same_answer() -> None:
    a = equity("holdem", ["random", "AhKh"], "2c7d9h", exact=True, threads=1)
    b = equity("holdem", ["random", "AhKh"], "2c7d9h", exact=True, threads=2)
    assert a.equities == b.equities and a.samples == b.samples


@pytest.mark.parametrize("mod", [XH, XC])
def test_docstring_examples(mod) -> None:
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
