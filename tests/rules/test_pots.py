"""Side pots, splits, hi/lo halves, quartering and odd chips (pyeval.rules.pots)."""
import pytest

from pyeval.rules.pots import OddChip, Pot, award, build_pots, split


def test_rule_sheet_side_pot_example():
    # 20 in the pot from earlier (5 each from A, B, C and 5 from D, who folded); then A is
    # all-in for 5 against B's bet of 10, called by C: main pot 20 + 15, side pot 10.
    contrib = {"A": 5 + 5, "B": 5 + 10, "C": 5 + 10, "D": 5}
    pots, returned = build_pots(contrib, live=["A", "B", "C"])
    assert [(p.amount, p.eligible) for p in pots] == [(35, ("A", "B", "C")), (10, ("B", "C"))]
    assert returned == {}
    assert "A" not in pots[1].eligible


def test_side_pots_with_three_all_in_levels():
    pots, returned = build_pots({1: 50, 2: 100, 3: 250, 4: 250, 5: 30}, live=[1, 2, 3, 4])
    assert [(p.amount, p.eligible) for p in pots] == [
        (230, (1, 2, 3, 4)),   # 50 from four players and 30 dead from 5
        (150, (2, 3, 4)),
        (300, (3, 4)),
    ]
    assert returned == {}


def test_uncalled_bet_is_returned_not_a_pot():
    pots, returned = build_pots({1: 100, 2: 40, 3: 300}, live=[1, 2, 3])
    assert returned == {3: 200}
    assert [(p.amount, p.eligible) for p in pots] == [(120, (1, 2, 3)), (120, (1, 3))]


def test_folded_money_stays_in_the_pots():
    pots, returned = build_pots({1: 20, 2: 20, 3: 60, 4: 60}, live=[3, 4])
    assert returned == {}
    assert [(p.amount, p.eligible) for p in pots] == [(160, (3, 4))]


def test_carry_in_goes_to_the_main_pot():
    pots, _ = build_pots({1: 10, 2: 20, 3: 20}, live=[1, 2, 3], carry_in=1)
    assert [p.amount for p in pots] == [31, 20]


def test_split_pot_two_ways_even():
    assert split(40, [2, 5], order=[2, 5, 7]) == ({2: 20, 5: 20}, 0)


@pytest.mark.parametrize("rule, expect, carried", [
    ("left_of_button", {"B": 4, "C": 3, "A": 3}, 0),
    ("high_half", {"B": 4, "C": 3, "A": 3}, 0),
    ("carry", {"B": 3, "C": 3, "A": 3}, 1),
])
def test_odd_chip_three_way(rule, expect, carried):
    # order = clockwise from the button's left: B first
    got, c = split(10, ["A", "B", "C"], order=["B", "C", "A"], rule=rule)
    assert got == expect and c == carried
    assert sum(got.values()) + c == 10


def test_two_odd_chips_go_one_each_clockwise():
    got, c = split(11, ["A", "B", "C"], order=["C", "A", "B"])
    assert got == {"C": 4, "A": 4, "B": 3} and c == 0


def test_hi_lo_halves():
    a = award(Pot(40, (1, 2, 3)), {1: 900, 2: 500, 3: 100}, [1, 2, 3], {1: 0, 2: 30, 3: 10})
    assert a.awards == {1: 20, 2: 20}
    assert a.high == (1,) and a.low == (2,)


def test_no_qualifying_low_high_takes_all():
    a = award(Pot(41, (1, 2)), {1: 900, 2: 500}, [1, 2], {1: 0, 2: 0})
    assert a.awards == {1: 41} and a.low == () and a.scoop


def test_scoop_when_one_hand_wins_both_halves():
    a = award(Pot(60, (1, 2)), {1: 900, 2: 500}, [1, 2], {1: 50, 2: 20})
    assert a.awards == {1: 60} and a.scoop


def test_quartering():
    # A has the high, A and B tie for low: A gets 1/2 + 1/4, B 1/4
    a = award(Pot(40, ("A", "B")), {"A": 900, "B": 100}, ["A", "B"], {"A": 50, "B": 50})
    assert a.awards == {"A": 30, "B": 10}


def test_quartering_with_odd_chips():
    # 42: halves 21/21; the low half 21 splits 11/10, its odd chip to the first left of the
    # button (B here)
    a = award(Pot(42, ("A", "B")), {"A": 900, "B": 100}, ["B", "A"], {"A": 50, "B": 50})
    assert a.awards == {"B": 11, "A": 31}


@pytest.mark.parametrize("rule, awards, carried", [
    ("left_of_button", {"L": 13, "H": 12}, 0),   # L sits first left of the button
    ("high_half", {"L": 12, "H": 13}, 0),
    ("carry", {"L": 12, "H": 12}, 1),
])
def test_hi_lo_odd_chip_house_rules(rule, awards, carried):
    a = award(Pot(25, ("H", "L")), {"H": 900, "L": 100}, ["L", "H"], {"H": 0, "L": 40}, rule)
    assert a.awards == awards and a.carried == carried


def test_each_side_pot_is_split_on_its_own():
    # main pot 31 split three ways, side pot 21 split two ways: odd chips per pot
    pots, _ = build_pots({1: 10, 2: 17, 3: 17, 4: 1}, live=[1, 2, 3])
    assert [(p.amount, p.eligible) for p in pots] == [(31, (1, 2, 3)), (14, (2, 3))]
    order = [3, 1, 2]
    hi = {1: 7, 2: 7, 3: 7}
    a0 = award(pots[0], hi, order)
    a1 = award(pots[1], hi, order)
    assert a0.awards == {3: 11, 1: 10, 2: 10}
    assert a1.awards == {3: 7, 2: 7}


def test_chicago_half_to_the_ace_of_spades():
    a = award(Pot(30, (1, 2, 3)), {1: 900, 2: 500, 3: 100}, [1, 2, 3], {3: 1}, low_name="chicago")
    assert a.awards == {1: 15, 3: 15}


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="negative"):
        build_pots({1: -5, 2: 10}, live=[1, 2])
    with pytest.raises(ValueError, match="no contribution"):
        build_pots({1: 5}, live=[1, 2])
    with pytest.raises(ValueError):
        split(10, [1], order=[1], rule="to_the_dealer")
    assert OddChip("carry") is OddChip.CARRY
