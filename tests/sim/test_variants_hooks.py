"""The simulator's hooks for the button variants: who discards, in which order, what is
recorded, and the starting strength the models read."""
from __future__ import annotations

import numpy as np
import pytest
from lazy_table import lazy

import pyeval
from pyeval.sim.kernel.layout import MAX_ACTIONS, REC_ACT, REC_COLS
from pyeval.sim.kernel.variants import hooks as H
from pyeval.sim.kernel.variants.facts import code_of
from pyeval.sim.kernel.variants.inputs import DiscardCards, Discarders, Record
from pyeval.sim.kernel.variants.strength import GAMES3, three_class, variant_tables
from pyeval.sim.players.preflop import preflop_tables

PF = lazy(preflop_tables)


def _table(cards_by_seat: list[str]) -> np.ndarray:
    hole = np.zeros((len(cards_by_seat), 7), np.uint8)
    for s, t in enumerate(cards_by_seat):
        cs = pyeval.cards(t)
        hole[s, :len(cs)] = cs
    return hole


def test_discard_round_order_and_records():
    g = code_of("irish")
    hole = _table(["AcAdKcQh", "2c7d9h3s", "JsTs4d4h", "5c5d6h8s"])
    dealt = np.array([True, True, True, True])
    folded = np.array([False, True, False, False])
    board = pyeval.cards("Ks4s2d")
    rec = np.zeros(REC_COLS, np.int64)
    who = Discarders(4, dealt, folded, 2)
    cs = DiscardCards(hole, 4, board, np.zeros(16, np.uint8), PF.class_of, PF.top)
    # not the discard street: nothing happens
    assert H.discard_round(g, 0, who, cs, Record(rec, True), 3) == (4, 3)
    nh, nact = H.discard_round(g, 1, who, cs, Record(rec, True), 3)
    assert (nh, nact) == (2, 6)
    acts = rec[REC_ACT + 12:REC_ACT + 24].reshape(3, 4)
    # clockwise from the button's left (seat 3, 0, then 2; seat 1 folded)
    assert acts[:, 1].tolist() == [3, 0, 2] and (acts[:, 0] == 1).all()
    assert (acts[:, 2] == H.A_DISCARD).all()
    kept = {s: pyeval.format_cards(hole[s, :2]) for s in (0, 2, 3)}
    assert kept == {0: "AcAd", 2: "4d4h", 3: "5c5d"}     # aces over kings; a set; fives
    for row, s in zip(acts, (3, 0, 2)):
        gone = {c for c in range(52) if row[3] >> c & 1}
        assert gone == set(int(c) for c in _table(["AcAdKcQh", "", "JsTs4d4h",
                                                    "5c5d6h8s"])[s, :4]) - set(
            int(c) for c in hole[s, :2])
    assert pyeval.format_cards(hole[1, :4]) == "2c7d9h3s"       # the folded hand untouched


def test_discard_round_without_recording_still_counts_actions():
    g = code_of("pineapple")
    hole = _table(["AcAdKc", "2c7d9h"])
    rec = np.zeros(1, np.int64)
    nh, nact = H.discard_round(g, 0, Discarders(2, np.array([True, True]),
                                                np.array([False, False]), 0),
                               DiscardCards(hole, 3, np.zeros(5, np.uint8),
                                            np.zeros(16, np.uint8), PF.class_of, PF.top),
                               Record(rec, False), MAX_ACTIONS + 1)
    assert (nh, nact) == (2, MAX_ACTIONS + 3)
    assert pyeval.format_cards(hole[0, :2]) == "AcAd"


@pytest.mark.parametrize("key", ["super_eight", "tahoe", "pineapple", "crazy_pineapple", "irish"])
def test_start_strength_reads_the_table(key):
    g = code_of(key)
    vt = variant_tables()
    tab = vt.kernel_table()
    h = pyeval.cards("AcAdKcQh" if key == "irish" else "AcAdKc")
    top, cls = H.start_strength(g, h, len(h), PF.class_of, PF.top, tab)
    if key == "irish":
        aa = PF.class_of[48 * 52 + 49]
        assert (top, cls) == (vt.top_irish[aa], int(vt.cls_irish[aa]))
    else:
        i = GAMES3.index(key)
        c = three_class(*h[:3])
        assert (top, cls) == (vt.top3[i, c], int(vt.cls3[i, c]))
    # without the table: the best two-card hold'em hand
    top0, cls0 = H.start_strength(g, h, len(h), PF.class_of, PF.top, np.zeros((1, 1, 2)))
    assert cls0 == PF.class_of[48 * 52 + 49] and top0 == PF.top[cls0]


def test_showdown_value_is_the_games():
    h, b = pyeval.cards("AsAhAd"), pyeval.cards("AcKs2d3h9c")
    s = np.zeros(16, np.uint8)
    assert H.showdown_value(code_of("tahoe"), h, 3, b, s) == pyeval.best_hand(h, b, 0, 2)
    assert H.showdown_value(code_of("super_eight"), h, 3, b, s) == pyeval.best_hand(h, b)
