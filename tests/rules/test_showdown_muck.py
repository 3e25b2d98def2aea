"""Showdown as the rule sheets play it: order, showing or mucking, conceding, unknown cards,
an all-in showdown that shows every hand; and amounts refused when they are not whole."""
import math

import numpy as np
import pytest

from pyeval.rules import Hand, IllegalAction, Structure


def _river(showdown="ask", hole=None, stacks=None):
    hole = hole or {0: "AhAd", 1: "KcKd", 2: "7c2d"}
    h = Hand("holdem", Structure.no_limit(1, 2), stacks or {0: 100, 1: 100, 2: 100},
             button=2, hole=hole, board="2s3s4h9dTc", seed=1, showdown=showdown)
    h.call(); h.call(); h.check()          # pre-flop: 6 in the pot
    for _ in range(3):
        h.check(); h.check(); h.check()
    return h


def test_ask_mode_shows_in_order_and_a_loser_may_muck():
    h = _river()
    # nobody bet on the river: the first to act on it (seat 0) shows first
    assert h.street_name == "showdown" and h.to_act == 0
    assert h.legal().describe() == "seat 0: show, muck"
    h.act("show")
    h.act("muck")                  # seat 1 concedes to the aces
    h.act("muck")                  # seat 2 too
    r = h.result
    assert [s.seat for s in r.shown] == [0] and r.mucked == (1, 2)
    assert r.stacks == {0: 104, 1: 98, 2: 98}


def test_the_last_player_left_wins_without_showing():
    h = _river()
    h.act("muck"); h.act("muck")   # seats 0 and 1 concede: seat 2 wins with 7-2
    assert h.is_over and h.result.shown == () and h.result.mucked == (0, 1)
    assert h.result.stacks == {0: 98, 1: 98, 2: 104}


def test_a_player_must_show_to_win():
    h = _river()
    h.act("show")                  # aces
    h.act("show")                  # kings shown: they lose, cards speak
    h.act("muck")
    assert h.result.stacks == {0: 104, 1: 98, 2: 98}


def test_last_aggressor_shows_first():
    h = Hand("holdem", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=2,
             hole={0: "AhAd", 1: "KcKd", 2: "7c2d"}, board="2s3s4h9dTc", seed=1,
             showdown="ask")
    h.call(); h.call(); h.check()
    for _ in range(2):
        h.check(); h.check(); h.check()
    h.check(); h.bet(10); h.call(); h.call()   # seat 1 bets the river
    assert h.to_act == 1


def test_unknown_hole_cards_can_only_be_mucked():
    h = _river(showdown="auto", hole={0: "AhAd", 1: "KcKd", 2: "????"})
    # known hands are shown by themselves; the hand nobody saw is asked
    assert h.to_act == 2 and h.legal().describe() == "seat 2: muck"
    with pytest.raises(IllegalAction, match=r"unknown \(\?\?\): an unseen hand can only be "
                                            r"mucked"):
        h.act("show")
    h.act("muck")
    assert h.result.stacks == {0: 104, 1: 98, 2: 98}
    assert h.to_json().count('"????"') == 1     # the history keeps the unknown cards


def test_all_in_showdown_shows_every_hand():
    h = Hand("holdem", Structure.no_limit(1, 2), {0: 50, 1: 50}, button=1,
             hole={0: "AhAd", 1: "KcKd"}, board="2s3s4h9dTc", seed=1, showdown="ask")
    h.raise_to(50); h.call()
    assert h.is_over and {s.seat for s in h.result.shown} == {0, 1}
    assert h.result.stacks == {0: 100, 1: 0}


def test_all_in_player_tables_every_hand_and_the_side_pot_stays_apart():
    # seat 2 all-in for 20; seats 0 and 1 bet on, seat 1 folds the river: an all-in
    # showdown (every hand is shown face up), seat 0 keeps the side pot
    h = Hand("holdem", Structure.no_limit(1, 2), {0: 200, 1: 200, 2: 20}, button=2,
             hole={2: "AhAd", 0: "KcKd", 1: "7c2d"}, board="2s3s4h9dTc", seed=1,
             showdown="ask")
    h.raise_to(20); h.call(); h.call()       # seat 2 shoves, the blinds call
    h.bet(50); h.call()                       # flop
    h.check(); h.check()                      # turn
    h.bet(50); h.fold()                       # river: seat 0 bets, seat 1 folds
    assert h.is_over and {s.seat for s in h.result.shown} == {0, 2}
    assert h.result.returned == {0: 50}
    assert [(p.pot.amount, p.awards) for p in h.result.pots] == [(60, {2: 60}), (100, {0: 100})]
    assert h.result.stacks == {0: 230, 1: 130, 2: 60}


def test_replay_of_a_mucked_showdown():
    h = _river()
    h.act("show"); h.act("muck"); h.act("muck")
    again = Hand.replay(h.to_json())
    assert again.result.stacks == h.result.stacks and again.result.mucked == (1, 2)


# ------------------------------------------------------------------ amounts (issue 13)

def test_numpy_integer_stacks_are_accepted():
    h = Hand("holdem", Structure.no_limit(np.int64(1), np.int64(2)),
             {0: np.int64(100), 1: np.int32(100)}, button=1, seed=1)
    assert h.stacks == {0: 100, 1: 98} or h.stacks == {0: 98, 1: 99}
    assert all(type(v) is int for v in h.stacks.values())


@pytest.mark.parametrize("to", [4.5, float("nan"), float("inf"), True, "6", 10**30, -4])
def test_amounts_that_are_not_whole_chips_are_refused(to):
    h = Hand("holdem", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0, seed=1)
    before = (dict(h.stacks), dict(h.bets), len(h.actions))
    with pytest.raises(IllegalAction, match="whole number of chips"):
        h.act("raise", to=to)
    assert (dict(h.stacks), dict(h.bets), len(h.actions)) == before


def test_whole_float_amount_is_taken_as_chips():
    h = Hand("holdem", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0, seed=1)
    h.act("raise", to=6.0)
    assert h.bets[0] == 6 and h.actions[-1].to == 6 and type(h.actions[-1].to) is int


@pytest.mark.parametrize("stack", [4.5, math.nan, math.inf, True, 10**30, "100"])
def test_bad_stacks_are_refused(stack):
    with pytest.raises(ValueError, match="stack is a whole number of chips"):
        Hand("holdem", Structure.no_limit(1, 2), {0: stack, 1: 100}, seed=1)


@pytest.mark.parametrize("bad", [None, 3, object()])
def test_act_needs_an_action(bad):
    h = Hand("holdem", Structure.no_limit(1, 2), {0: 100, 1: 100}, seed=1)
    with pytest.raises(IllegalAction, match="an action is an Action or one of"):
        h.act(bad)
