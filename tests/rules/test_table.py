"""Button, dead button, dead small blind and heads-up (pyeval.rules.table)."""
import numpy as np
import pytest

from pyeval.rules.table import ButtonState, Positions, first_hand


def test_button_moves_one_seat_a_hand():
    st = ButtonState(button=2)
    seats = [0, 2, 4, 6]
    got = [st.next_hand(seats) for _ in range(5)]
    assert got == [
        Positions(2, 4, 6), Positions(4, 6, 0), Positions(6, 0, 2), Positions(0, 2, 4),
        Positions(2, 4, 6),
    ]


def test_dead_button_when_the_small_blind_busts():
    st = ButtonState(button=0)
    assert st.next_hand([0, 1, 2, 3, 4]) == Positions(0, 1, 2)
    # seat 1 (small blind) busts: the button moves onto the empty seat 1 (dead button)
    assert st.next_hand([0, 2, 3, 4]) == Positions(1, 2, 3)
    assert st.next_hand([0, 2, 3, 4]) == Positions(2, 3, 4)


def test_dead_small_blind_when_the_big_blind_busts():
    st = ButtonState(button=0)
    assert st.next_hand([0, 1, 2, 3, 4]) == Positions(0, 1, 2)
    # seat 2 (big blind) busts: seat 3 posts the big blind, nobody the small blind
    assert st.next_hand([0, 1, 3, 4]) == Positions(1, None, 3)
    assert st.next_hand([0, 1, 3, 4]) == Positions(2, 3, 4)   # dead button on seat 2


def test_two_players_bust_in_one_hand():
    st = ButtonState(button=0)
    st.next_hand([0, 1, 2, 3, 4, 5])                     # 0 / 1 / 2
    assert st.next_hand([0, 3, 4, 5]) == Positions(1, None, 3)


def test_switch_to_heads_up_big_blind_goes_to_whoever_was_due():
    st = ButtonState(button=0)
    assert st.next_hand([0, 1, 2]) == Positions(0, 1, 2)
    # seat 1 busts; seat 0 would have had the big blind next: it gets it, 2 has the button
    assert st.big_blind_next([0, 2]) == 0
    assert st.next_hand([0, 2]) == Positions(2, 2, 0)
    assert st.next_hand([0, 2]) == Positions(0, 0, 2)


def test_switch_to_heads_up_when_the_button_busts():
    st = ButtonState(button=0)
    st.next_hand([0, 1, 2])
    assert st.next_hand([1, 2]) == Positions(2, 2, 1)


def test_first_hand_heads_up_button_posts_small_blind():
    assert first_hand([3, 7], 3) == Positions(3, 3, 7)
    assert Positions(3, 3, 7).heads_up


def test_big_blind_next_does_not_move_the_button():
    st = ButtonState(button=1)
    seats = [1, 3, 5]
    assert st.big_blind_next(seats) == 5
    assert st.big_blind_next(seats) == 5
    st.next_hand(seats)
    assert st.big_blind_next(seats) == 1


def test_from_heads_up_back_to_three_players():
    st = ButtonState(button=0)
    st.next_hand([0, 4])                  # 0 button/sb, 4 bb
    pos = st.next_hand([0, 2, 4])         # a player sits in seat 2
    assert pos.big_blind == 0 and pos.button not in (pos.big_blind, pos.small_blind)


def test_round_trip_to_dict():
    st = ButtonState(button=0)
    st.next_hand([0, 1, 2, 3])
    st.next_hand([0, 2, 3])
    st2 = ButtonState.from_dict(st.to_dict())
    assert st2.next_hand([0, 2, 3]) == st.next_hand([0, 2, 3])


def test_needs_two_players():
    with pytest.raises(ValueError, match="at least two"):
        ButtonState().next_hand([3])


@pytest.mark.parametrize("seed", range(20))
def test_every_player_posts_the_big_blind_once_per_orbit(seed):
    """Random busts: the big blind never skips a player and nobody posts it twice in a row;
    the small blind, when live, is last hand's big blind."""
    rng = np.random.default_rng(seed)
    active = list(range(9))
    st = ButtonState(button=int(rng.integers(9)))
    last = None
    while len(active) >= 2:
        pos = st.next_hand(active)
        assert pos.big_blind in active
        if last is not None:
            assert pos.big_blind != last.big_blind
            # nobody active between last big blind and this one (nobody skipped)
            a, b = last.big_blind, pos.big_blind
            between = [s for s in active if (a < s < b if a < b else (s > a or s < b))]
            assert between == []
            if len(active) > 2 and pos.small_blind is not None:
                assert pos.small_blind == last.big_blind
        if len(active) == 2:
            assert pos.small_blind == pos.button
        else:
            assert pos.button != pos.big_blind
        last = pos
        if rng.random() < 0.3:
            active.remove(int(rng.choice(active)))
