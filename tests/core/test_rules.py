"""The rule sheets' examples (issue 2), written as the sheets print them, and the names of
hands: categories, Royal Flush, describe() strings."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval import describe, high, low8, razz, winners

# ------------------------------------------------------------------ hold'em examples


def test_king_high_straight_beats_ten_high_straight():
    board = "8♥ 3♠ 9♦ 10♥ Q♣"
    a, b = high("J♣ K♠ " + board), high("6♣ 7♣ " + board)
    assert a > b
    assert describe(a) == "Straight, King high"
    assert describe(b) == "Straight, Ten high"
    assert winners(["J♣K♠", "6♣7♣"], board) == [0]
    assert pyeval.values(["J♣K♠", "6♣7♣"], board) == [a, b]


def test_same_straight_ties_whatever_the_suits():
    board = "K♥ 10♠ 9♦ 10♥ Q♣"
    a, b = high("J♣ 3♣ " + board), high("K♠ J♠ " + board)
    assert a == b
    assert describe(a) == "Straight, King high"
    assert winners(["J♣3♣", "K♠J♠"], board) == [0, 1]


@pytest.mark.parametrize("better, worse, name_better, name_worse", [
    ("A♥ 9♥ 8♥ 7♥ 5♥", "K♠ Q♠ J♠ 5♠ 4♠", "Flush, A-9-8-7-5", "Flush, K-Q-J-5-4"),
    ("3♣ 3♦ J♥ 9♠ 8♣", "3♥ 3♠ 9♥ 8♠ 7♣", "Pair of Threes, J-9-8 kickers",
     "Pair of Threes, 9-8-7 kickers"),
    ("A♣ A♦ 9♥ 9♠ 2♣", "K♣ K♦ J♥ J♠ 10♣", "Two Pair, Aces and Nines, Two kicker",
     "Two Pair, Kings and Jacks, Ten kicker"),
])
def test_rule_sheet_high_comparisons(better, worse, name_better, name_worse):
    assert high(better) > high(worse)
    assert describe(high(better)) == name_better
    assert describe(high(worse)) == name_worse


def test_category_ladder_and_names():
    ladder = [
        ("2c 5d 9h Js Kc", 1, "High Card", "High Card, K-J-9-5-2"),
        ("2c 2d 9h Js Kc", 2, "Pair", "Pair of Twos, K-J-9 kickers"),
        ("Kc Kd 9h 9s Jc", 3, "Two Pair", "Two Pair, Kings and Nines, Jack kicker"),
        ("7c 7d 7h Js Kc", 4, "Three of a Kind", "Three of a Kind, Sevens, K-J kickers"),
        ("Ac 2d 3h 4s 5c", 5, "Straight", "Straight, Five high"),
        ("Kc Qd Jh Ts 9c", 5, "Straight", "Straight, King high"),
        ("2h 5h 9h Jh Kh", 6, "Flush", "Flush, K-J-9-5-2"),
        ("7c 7d 7h Js Jc", 7, "Full House", "Full House, Sevens full of Jacks"),
        ("7c 7d 7h 7s Jc", 8, "Four of a Kind", "Four of a Kind, Sevens, Jack kicker"),
        ("Ad 2d 3d 4d 5d", 9, "Straight Flush", "Straight Flush, Five high"),
        ("9s Ks Qs Js Ts", 9, "Straight Flush", "Straight Flush, King high"),
        ("As Ks Qs Js Ts", 9, "Royal Flush", "Royal Flush"),
    ]
    values = [high(h) for h, *_ in ladder]
    assert values == sorted(values) and len(set(values)) == len(values)
    for (hand, cat, name, text), v in zip(ladder, values):
        assert pyeval.category(v) == cat == v >> 12, hand
        assert pyeval.category_name(v) == name, hand
        assert describe(v) == text, hand
    assert pyeval.CATEGORY_NAMES[1:] == (
        "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
        "Full House", "Four of a Kind", "Straight Flush")


def test_best_five_of_seven_and_six():
    assert high("As Ks Qs Js Ts 2c 3d") == high("As Ks Qs Js Ts")
    assert high("Ah Ad Ac Kh Kd Ks 2c") == high("Ah Ad Ac Kh Kd")      # aces full of kings
    assert high("2c 3c 4c 5c 6c 7c Ah") == high("3c 4c 5c 6c 7c")      # best straight flush
    assert high("Ac 2d 3h 4s 5c 6d") == high("2d 3h 4s 5c 6d")         # six-high, not wheel
    assert describe(high("Ac Ad Ah As Kc Kd Qh")) == "Four of a Kind, Aces, King kicker"
    assert describe(high("9c 9d 9h 7s 7c 7d 2h")) == "Full House, Nines full of Sevens"
    # three pairs: the best two and the best kicker
    assert describe(high("Kc Kd 9h 9s 4c 4d 2h")) == "Two Pair, Kings and Nines, Four kicker"


def test_order_and_spelling_of_cards_do_not_matter():
    a = high("A♠ K♠ Q♠ J♠ 10♠ 2♣ 3♦")
    assert a == high("3d 2c ts js qs ks as") == high("TsJsQsKsAs3d2c")
    assert a == high([51, 47, 43, 39, 35, 0, 5])
    assert a == high(np.array([5, 0, 35, 39, 43, 47, 51], dtype=np.uint8))


def test_partial_hands_rank_stud_up_cards():
    # one to four cards compare among hands of the same size
    assert high("Ah") > high("Kd")
    assert high("2c 2d") > high("Ah Kd")
    assert high("2c 2d 2h") > high("Ah Ad Kd")
    assert high("3c 3d 2h 2s") > high("Ah Ad Kd Qs")
    assert high("Ah Ad Kd Qs") > high("Ah Ad Kd Js")
    assert describe(high("Ah")) == "High Card, Ace"
    assert describe(high("Ah Ad")) == "Pair of Aces"
    assert describe(high("Ah Ad Kc Kd")) == "Two Pair, Aces and Kings"
    assert describe(high("Ah Ad Ac As")) == "Four of a Kind, Aces"


# ------------------------------------------------------------------ ace-to-five lows


def test_seven_five_low_beats_eight_six_low():
    a, b = "2♣ 4♦ 5♥ 6♠ 7♣", "A♣ 2♦ 4♥ 6♠ 8♣"
    assert razz(a) > razz(b)
    assert low8(a) > low8(b) > 0
    assert describe(low8(a), "low8") == "7-6-5-4-2 low"
    assert describe(razz(b), "razz") == "8-6-4-2-A low"


def test_worst_and_best_qualifying_lows():
    assert low8("8♣ 7♦ 6♥ 5♠ 4♣") == 1
    assert describe(1, "low8") == "8-7-6-5-4 low"
    assert low8("A♣ 2♦ 3♥ 4♠ 5♣") == 56
    assert describe(56, "low8") == "5-4-3-2-A low"
    assert describe(0, "low8") == "No low"
    # nothing with a nine (or a pair) qualifies
    assert low8("9♣ 7♦ 6♥ 5♠ 4♣") == 0
    assert low8("A♣ A♦ 3♥ 4♠ 5♣") == 0
    assert low8("K♣ Q♦ J♥ 10♠ 9♣") == 0
    # every five distinct ranks from A to 8 lies between the worst and the best
    every = [low8(h) for h in ("8c 7d 6h 5s 3c", "8c 5d 4h 3s 2c", "7c 6d 5h 4s 3c",
                               "6c 4d 3h 2s Ac", "5c 4d 3h 2s Ac")]
    assert every == sorted(every) and every[0] > 1 and every[-1] == 56
    # razz: the wheel is the best of all five-card hands
    wheel = razz("A♣ 2♦ 3♥ 4♠ 5♣")
    assert wheel > razz("6c 4d 3h 2s Ac") > razz("Kc Qd Jh Ts 8c") > razz("Ac Ad 2h 3s 4c")
    assert describe(wheel, "razz") == "5-4-3-2-A low"


def test_straights_and_flushes_do_not_spoil_a_low():
    plain, suited = "A♣ 2♦ 3♥ 4♠ 5♣", "A♥ 2♥ 3♥ 4♥ 5♥"
    assert razz(plain) == razz(suited) and low8(plain) == low8(suited) == 56
    six = ("6♣ 5♦ 4♥ 3♠ 2♣", "6♦ 5♦ 4♦ 3♦ 2♦")
    assert razz(six[0]) == razz(six[1]) and low8(six[0]) == low8(six[1]) > 0
    assert describe(razz(six[1]), "razz") == "6-5-4-3-2 low"
    # ...and the same cards are a straight flush for high
    assert pyeval.category(high(six[1])) == 9


def test_razz_pairs_count_against_the_hand():
    assert razz("Kc Qd Jh Ts 9c") > razz("Ac Ad 2h 3s 4c")       # any no-pair beats a pair
    assert razz("Ac Ad 2h 3s 4c") > razz("2c 2d Ah 3s 4c")       # lower pair first
    assert razz("Ac Ad 2h 3s 4c") > razz("Ac Ad 2h 2s 3c")       # one pair beats two pair
    assert razz("Ac Ad 2h 2s 3c") > razz("Ac Ad Ah 2s 3c")       # two pair beats trips
    # seven cards: the five lowest distinct ranks
    assert razz("Kc Kd 5h 4s 3c 2d Ah") == razz("5h 4s 3c 2d Ah")
    assert razz("Ac Ad 2c 2d 3c 3d 4h") == razz("Ac 2d 3c 4h Ad")   # must pair once
    assert describe(razz("Ac Ad 2c 3d 4h"), "razz").startswith("Pair of Aces")
    assert low8("Ac Ad 2c 2d 3c 3d 4h") == 0
    assert low8("Ac Ad 2c 2d 3c 3d 8h 4h") == low8("Ac 2d 3c 4h 8h")   # 8+ cards


def test_describe_examples_from_the_issue():
    assert describe(high("Kc Qd Jh Th 9s")) == "Straight, King high"
    assert describe(high("Kc Kd 9h 9s Jc")) == "Two Pair, Kings and Nines, Jack kicker"
    assert describe(razz("8c 6d 5h 4s Ac"), "razz") == "8-6-5-4-A low"
    assert describe(low8("8c 6d 5h 4s Ac"), "low8") == "8-6-5-4-A low"


def test_describe_refuses_values_that_are_not_hands():
    for bad in (0, 10 << 12, 1, 0xFFFF):
        with pytest.raises(ValueError, match="not a high hand value"):
            describe(bad)
    with pytest.raises(ValueError, match="not a razz value"):
        describe(0, "razz")
    with pytest.raises(ValueError, match="0..56"):
        describe(57, "low8")
    with pytest.raises(ValueError, match="kind must be"):
        describe(high("Ah Kh Qh Jh Th"), "badugi")
    with pytest.raises(ValueError, match="not a high hand value"):
        pyeval.category(0)


@pytest.mark.parametrize("bad", [1 << 16, -1, 1 << 40])
def test_describe_refuses_values_outside_16_bits(bad):
    with pytest.raises(ValueError, match="not a high hand value"):
        describe(bad)


# ------------------------------------------------------------------ winners


def test_winners_lows_and_omaha():
    assert winners(["Ac 2d", "Kc Kd"], "3h 4s 8c Jd Qh", rule="low8") == [0]
    assert winners(["Kc Kd", "Qc Qd"], "3h 4s 9c Jd Qh", rule="low8") == []   # no low
    assert winners(["As Ah Ks Qh", "2c 2d 7c 7d"], "Ad Kd Kc 7s 9h", rule="omaha") == [0]
    with pytest.raises(ValueError, match="dealt twice"):
        winners(["Ac Kd", "Ac Qd"], "2h 3h 4h 5h 9c")
    with pytest.raises(ValueError, match="unknown rule"):
        winners(["Ac Kd"], "2h 3h 4h 5h 9c", rule="badugi")
