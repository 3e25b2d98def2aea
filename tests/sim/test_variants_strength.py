"""The pre-flop strength tables of the three- and four-card games: the classes cover every
hand once, the equities agree with pyeval's equity engine within their sampling error, and
the top shares follow the equities."""
from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
from lazy_table import lazy

import pyeval
from pyeval.sim.kernel.variants import strength as S
from pyeval.sim.players.preflop import preflop_tables

T = lazy(S.variant_tables)


def test_three_card_classes_cover_every_hand():
    counts = S._counts3()
    assert counts.sum() == 22100 and (counts > 0).sum() == 1755
    rng = np.random.default_rng(2)
    for a, b, c in combinations(range(0, 52, 3), 3):
        cid = S.three_class(a, b, c)
        rep = S.class_cards(cid)
        assert rep is not None and S.three_class(*rep) == cid
        # the same class for any order and any renaming of the suits
        perm = rng.permutation(4)
        x, y, z = (4 * (k >> 2) + int(perm[k & 3]) for k in (c, a, b))
        assert S.three_class(x, y, z) == cid
    assert sum(S.class_cards(i) is not None for i in range(S.N3)) == 1755


@pytest.mark.parametrize("game,hand", [("super8", "AcAdAh"), ("super8", "7c3d2h"),
                                       ("super8", "KhQhJh"), ("tahoe", "AcAdAh"),
                                       ("tahoe", "9s8s2d")])
def test_three_card_equity_is_pyevals(game, hand):
    from pyeval.equity import equity

    slot = S.GAMES3.index({"super8": "super_eight", "tahoe": "tahoe"}[game])
    got = float(T.eq3[slot, S.three_class(*pyeval.cards(hand))])
    r = equity(game, [hand, "random"], samples=60_000, seed=5, threads=1)
    tol = 4 * math.sqrt(0.25 / S.TRIALS3 + r.std_err ** 2)
    assert abs(got - r.equities[0]) < tol, (game, hand, got, r.equities)


def test_top_shares_follow_the_equities():
    counts = S._counts3()
    have = counts > 0
    for s in range(4):
        eq, top = T.eq3[s][have], T.top3[s][have]
        order = np.argsort(-eq, kind="stable")
        assert np.allclose(top[order], np.cumsum(counts[have][order]) / 22100)
        assert top.max() == 1.0 and (T.top3[s][~have] == 2.0).all()
    # trips of aces: the best Super Eight hand; in Tahoe the third ace is dead (at most two
    # hole cards play), and two aces with a suited king are better
    aaa = S.three_class(*pyeval.cards("AcAdAh"))
    aak = S.three_class(*pyeval.cards("AcAdKc"))
    assert T.top3[0, aaa] < 0.001 and T.top3[1, aak] < T.top3[1, aaa]


def test_pineapple_tables_rank_hands_as_a_player_would():
    pf = preflop_tables()
    best = S.three_class(*pyeval.cards("AcAdKc"))
    worst = S.three_class(*pyeval.cards("7c3d2h"))
    for s in (2, 3):
        assert T.top3[s, best] < 0.01 and T.top3[s, worst] > 0.95
        # the hold'em class standing for a hand has the nearest top share
        c = int(T.cls3[s, best])
        assert abs(pf.top[c] - T.top3[s, best]) == np.min(np.abs(pf.top - T.top3[s, best]))


def test_irish_buckets():
    wins, seen, combos = S._irish(2000, 1, *preflop_tables()[:1], preflop_tables().top)
    assert combos.sum() == 270725 and seen.sum() == 4000
    assert wins.sum() == pytest.approx(2000)
    pf = preflop_tables()
    h = pyeval.cards("AcAd7h2s")
    assert S.irish_bucket(h, 4, pf.class_of, pf.top) == pf.class_of[48 * 52 + 49]
    aa = pf.class_of[48 * 52 + 49]
    # hands holding two aces are the strongest bucket: its top share is its own share
    assert int(np.argmax(T.eq_irish)) == aa and T.eq_irish[aa] > 0.7
    assert T.top_irish[aa] == pytest.approx(combos[aa] / 270725)
    assert T.top_irish[combos > 0].max() == 1.0 and (T.top_irish[combos == 0] == 2.0).all()


def test_kernel_table_layout():
    k = T.kernel_table()
    assert k.shape == (7, S.N3, 2)
    assert np.array_equal(k[2, :, 0], T.top3[2]) and np.array_equal(k[4, :169, 1], T.cls_irish)
    assert np.array_equal(k[5, :169, 0], T.top_stud5)
    assert np.array_equal(k[6, :S.N_DRAW, 0], T.top_draw5)


def test_draw_table_counts_every_five_card_hand():
    """The draw's top share is exact: the share of all 2,598,960 hands at least as high."""
    counts = S._draw5_counts()
    assert counts.sum() == 2598960
    royal = pyeval.high(pyeval.cards("AsKsQsJsTs")) >> 2
    # the top class holds the royal and the king-high straight flushes (values >> 2)
    assert royal == pyeval.high(pyeval.cards("KsQsJsTs9s")) >> 2
    assert counts[royal] == 8 and T.top_draw5[royal] == pytest.approx(8 / 2598960)
    worst = pyeval.high(pyeval.cards("7c5d4h3s2c")) >> 2
    assert T.top_draw5[worst] == 1.0
    # one pair or better: 1 - 1,302,540 high-card hands of 2,598,960
    pair = pyeval.high(pyeval.cards("2c2d3h4s5c")) >> 2
    assert T.top_draw5[pair] == pytest.approx(1 - 1302540 / 2598960)


def test_five_card_stud_table_is_pyevals_equity():
    """Aces are the strongest 5 Card Stud start (their top share is their own share of
    the 1,326 starts); kings beat ace-king suited, which beats deuces, which beat 7-2."""
    pf = preflop_tables()

    def cls(text):
        a, b = (int(c) for c in pyeval.cards(text))
        return pf.class_of[a * 52 + b]

    assert T.top_stud5[cls("AsAh")] == pytest.approx(6 / 1326)
    assert (T.top_stud5[cls("KsKh")] < T.top_stud5[cls("AsKs")] < T.top_stud5[cls("2c2d")]
            < T.top_stud5[cls("7c2d")])
    assert T.top_stud5.max() == 1.0
