"""Placings: last standing first, simultaneous eliminations by starting stack, shared places."""

import pytest

from pyeval.tournament.placings import FinishingOrder, Placing, place_eliminations


def test_last_standing_wins_and_order_counts_down() -> None:
    result = place_eliminations("ABCD", [{"D": 800}, {"B": 1500}, {"C": 300}])
    assert [(p.player, p.place) for p in result] == [("A", 1), ("C", 2), ("B", 3), ("D", 4)]


def test_more_chips_at_the_start_of_the_hand_places_higher() -> None:
    # six players; one hand knocks out E (started with 1,200) and F (started with 400)
    order = FinishingOrder("ABCDEF")
    assert order.eliminate({"F": 400, "E": 1200}) == (Placing("E", 5), Placing("F", 6))
    assert order.eliminate({"A": 50, "B": 900, "C": 500}) == (
        Placing("D", 1), Placing("B", 2), Placing("C", 3), Placing("A", 4))
    assert order.finished


def test_equal_stacks_share_places() -> None:
    order = FinishingOrder(range(1, 7))
    placed = order.eliminate({5: 600, 6: 600, 4: 900})
    assert placed == (Placing(4, 4), Placing(5, 5, 2), Placing(6, 5, 2))
    assert Placing(5, 5, 2).places == (5, 6) and Placing(5, 5, 2).last_place == 6
    # the last three: two go out with equal stacks, sharing 2nd and 3rd
    placed = order.eliminate({2: 300, 3: 300})
    assert placed == (Placing(1, 1), Placing(2, 2, 2), Placing(3, 2, 2))


def test_impossible_eliminations_are_refused() -> None:
    order = FinishingOrder("ABC")
    with pytest.raises(ValueError, match="at least one player must survive"):
        order.eliminate({"A": 1, "B": 1, "C": 1})
    with pytest.raises(ValueError, match="not in the tournament"):
        order.eliminate({"Z": 1})
    order.eliminate({"C": 1})
    with pytest.raises(ValueError, match="not in the tournament"):
        order.eliminate({"C": 1})
    with pytest.raises(ValueError, match="still in"):
        place_eliminations("ABC", [{"C": 5}])
