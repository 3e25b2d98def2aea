"""Colour-ups and the chip race: one card per odd chip, highest card takes all, nobody
raced out, and not one chip created or lost."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.tournament.chips import ChipSet, ColourUp, chip_race, colour_up_tables, odd_chip_count
from pyeval.tournament.errors import FieldError


def test_chip_set_in_play_by_level() -> None:
    cs = ChipSet((25, 100, 500, 1000), (ColourUp(3, (25,)), ColourUp(7, (100,))))
    cs.check(10)
    assert cs.in_play(2) == (25, 100, 500, 1000)
    assert cs.in_play(3) == (100, 500, 1000)
    assert cs.in_play(7) == (500, 1000)
    assert cs.smallest(10) == 500
    assert cs.colour_up_before(7) == ColourUp(7, (100,))
    assert cs.colour_up_before(4) is None


@pytest.mark.parametrize("bad, words", [
    (ChipSet((100, 25)), "smallest to largest"),
    (ChipSet((25, 100), (ColourUp(1, (25,)),)), "before level 1"),
    (ChipSet((25, 100), (ColourUp(3, (100,)),)), "only the smallest chips"),
    (ChipSet((25, 100), (ColourUp(3, (25, 100)),)), "at least one denomination"),
    (ChipSet((25, 100, 500), (ColourUp(3, (25,)), ColourUp(4, (25,)))), "not in play"),
])
def test_bad_chip_sets(bad: ChipSet, words: str) -> None:
    with pytest.raises(FieldError, match=words):
        bad.check(10)


def test_odd_chips_are_counted_as_the_fewest_chips() -> None:
    assert odd_chip_count(75, (25,)) == 3
    assert odd_chip_count(95, (5, 25)) == 7
    assert odd_chip_count(0, (25,)) == 0


def test_highest_card_wins_all_odd_chips() -> None:
    # 25s colour up to 100s: odd chips 75 (3 chips), 50 (2), 75 (3): 200 = two 100 chips
    stacks = [1075, 2050, 975]
    cards = [[0, 1, 2], [51, 3], [4, 5, 6]]  # player 1 holds the ace of spades (51)
    r = chip_race(stacks, (25,), 100, cards=cards)
    assert r.odd_chips == (3, 2, 3)
    assert r.winner == 1
    assert r.pot == 200
    assert r.stacks == (1000, 2200, 900)
    assert sum(r.stacks) == sum(stacks)


def test_nobody_is_raced_out() -> None:
    # player 2 has only 75 in 25s; player 0 wins the race but player 2 keeps one 100 chip
    r = chip_race([1025, 1000, 75], (25,), 100, cards=[[51], [], [0, 1, 2]])
    assert r.winner == 0
    assert r.protected == (2,)
    assert r.raced_out == ()
    assert r.stacks == (1000, 1000, 100)


def test_raced_out_only_when_no_chip_is_left_to_give() -> None:
    # four players with a single 25 each race for one 100 chip
    r = chip_race([25, 25, 25, 25, 400], (25,), 100, cards=[[10], [51], [20], [30], []])
    assert r.winner == 1 and r.stacks == (0, 100, 0, 0, 400)
    assert r.raced_out == (0, 2, 3)


def test_race_is_reproducible_from_a_seed() -> None:
    a = chip_race([1075, 2050, 975], (25,), 100, seed=42)
    b = chip_race([1075, 2050, 975], (25,), 100, seed=42)
    assert a == b


def test_tables_round_their_pots_and_the_total_stays_exact() -> None:
    # table 1 has 125 in odd chips, table 2 has 75: 200 in all, two new chips
    res = colour_up_tables([[1075, 2050], [925, 950]], (25,), 100, seed=1)
    assert [r.pot for r in res] == [125, 75]
    assert sum(sum(r.stacks) for r in res) == 5000
    assert sorted(sum(r.stacks) - sum(t) for r, t in zip(res, [[1075, 2050], [925, 950]])) == [-25, 25]


def test_total_not_a_multiple_of_the_new_chip_is_refused() -> None:
    with pytest.raises(ValueError, match="multiple of 100"):
        colour_up_tables([[1075, 2050]], (25,), 100, seed=1)
    with pytest.raises(ValueError, match="multiples of 25"):
        chip_race([1010, 90], (25,), 100, seed=1)


@st.composite
def tournaments(draw):
    """Tables of stacks in 25s whose total is a multiple of 100."""
    tables = draw(st.lists(st.lists(st.integers(0, 400), min_size=2, max_size=9), min_size=1, max_size=5))
    stacks = [[25 * x for x in t] for t in tables]
    short = (-sum(map(sum, stacks))) % 100
    stacks[0][0] += short
    return stacks


@settings(max_examples=300, deadline=None)
@given(tournaments(), st.integers(0, 2**32))
def test_chip_race_conserves_chips(tables, seed) -> None:
    res = colour_up_tables(tables, (25,), 100, seed)
    assert sum(sum(r.stacks) for r in res) == sum(map(sum, tables))
    for r, before in zip(res, tables):
        assert all(s % 100 == 0 and s >= 0 for s in r.stacks)
        for i, (b, a) in enumerate(zip(before, r.stacks)):
            if b > 0 and a == 0:
                assert i in r.raced_out
            if b >= 100:  # a player with a whole new chip never loses it
                assert a >= b - b % 100
        # a table's pot moves by less than one new chip
        assert abs(sum(r.stacks) - sum(before)) < 100
