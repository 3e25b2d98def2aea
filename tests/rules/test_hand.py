"""The hand state machine end to end: the rule sheets' examples with given cards, showdown
order and descriptions, discards and draws, deck edge cases, odd chips and histories."""
import json

import numpy as np
import pytest

from pyeval.rules import GAMES, DealersChoice, Hand, IllegalAction, OddChip, Structure, play_random


def check_down(h: Hand) -> Hand:
    """Call or check every decision until the hand ends (no folds, no raises)."""
    while not h.is_over:
        lg = h.legal()
        h.act("bring_in" if "bring_in" in lg.actions else
              "call" if "call" in lg.actions else "check")
    return h


# ------------------------------------------------------------------ the rule sheets' examples

def test_side_pot_example_as_a_hand():
    # A (seat 0) all-in for 5 against B's bet of 10, called by C, with 20 in the pot from
    # before the flop (D folds on the flop): main pot 20 + 15 = 35, side pot 10.
    h = Hand("Texas Hold'em", Structure.no_limit(5, 5), {0: 10, 1: 100, 2: 100, 3: 100},
             button=3, seed=1,
             hole={0: "AhAd", 1: "KhKd", 2: "QhQd", 3: "2c3c"}, board="7s8d9c4h2s")
    h.call(); h.call(); h.check(); h.check()           # C, D call; A, B check: 20 in
    assert h.street_name == "flop" and h.pot_total() == 20
    h.bet(5)                                           # A all-in for 5
    h.raise_to(10)                                     # B bets 10
    h.call()                                           # C calls
    h.fold()                                           # D folds
    check_down(h)
    r = h.result
    assert [(p.pot.amount, p.pot.eligible) for p in r.pots] == [(35, (0, 1, 2)), (10, (1, 2))]
    assert [p.awards for p in r.pots] == [{0: 35}, {1: 10}]
    assert r.stacks == {0: 35, 1: 95, 2: 85, 3: 95}
    assert r.net == {0: 25, 1: -5, 2: -15, 3: -5}


def test_board_straight_is_split():
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, seed=1,
             hole={0: "2c3d", 1: "2h4s"}, board="5c6d7h8s9c")
    check_down(h)
    r = h.result
    assert [sh.value.high_text for sh in r.shown] == ["Straight, Nine high"] * 2
    assert r.pots[0].awards == {1: 2, 0: 2} and r.stacks == {0: 100, 1: 100}


@pytest.mark.parametrize("hole, board, texts, stacks", [
    pytest.param({0: "9d2c", 1: "4h2h"}, "5c6d7h8sKc", {0: "Straight, Nine high", 1: "Straight, Eight high"},
                 {0: 102, 1: 98}, id="higher_straight_wins"),
    pytest.param({0: "Ah2c", 1: "6h2d"}, "3c4d5hKsKc", {0: "Straight, Five high", 1: "Straight, Six high"},
                 {0: 98, 1: 102}, id="wheel_loses_to_six_high_straight"),
])
def test_straights_compare(hole, board, texts, stacks):
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, seed=1,
             hole=hole, board=board)
    check_down(h)
    assert {sh.seat: sh.value.high_text for sh in h.result.shown} == texts
    assert h.result.stacks == stacks


@pytest.mark.parametrize("rule, stacks, carry", [
    ("left_of_button", {0: 100, 1: 99, 2: 101}, 0),    # seat 2 is the first winner after 0
    ("high_half", {0: 100, 1: 99, 2: 101}, 0),
    ("carry", {0: 100, 1: 99, 2: 100}, 1),
])
def test_split_pot_odd_chip(rule, stacks, carry):
    # pot 5 (button calls, small blind folds, big blind checks) split by seats 0 and 2
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
             seed=1, hole={0: "2c3d", 1: "KcKd", 2: "2h4s"}, board="5c6d7h8s9c",
             odd_chip=rule)
    h.call(); h.fold(); h.check()
    check_down(h)
    assert h.result.stacks == stacks and h.result.carry == carry


def test_carried_chip_goes_into_the_next_hand():
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, seed=1,
             carry_in=1, hole={0: "AhAd", 1: "2c7d"}, board="KsQsJd4c3h")
    check_down(h)
    assert h.result.pots[0].pot.amount == 5 and h.result.stacks == {0: 103, 1: 98}


def omaha8(odd_chip="left_of_button", board="2c5d7hKcQd"):
    h = Hand("Omaha Hi/Lo", Structure.pot_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
             seed=1, odd_chip=odd_chip, board=board,
             hole={0: "KsKd9h9s", 1: "JhJs8c8d", 2: "Ah3sJcTc"})
    h.call(); h.fold(); h.check()          # pot 5: seats 0 and 2 go to showdown
    return check_down(h)


@pytest.mark.parametrize("rule, awards, carried", [
    ("left_of_button", {2: 3, 0: 2}, 0),   # seat 2 (low) is first left of the button
    ("high_half", {2: 2, 0: 3}, 0),
    ("carry", {2: 2, 0: 2}, 1),
])
def test_hi_lo_with_a_qualifying_low(rule, awards, carried):
    h = omaha8(rule)
    pa = h.result.pots[0]
    assert pa.high == (0,) and pa.low == (2,)
    assert pa.awards == awards and pa.carried == carried
    texts = {sh.seat: (sh.value.high_text, sh.value.low_text) for sh in h.result.shown}
    assert texts[0] == ("Three of a Kind, Kings, Q-7 kickers", "No low")
    assert texts[2][1] == "7-5-3-2-A low"


def test_hi_lo_without_a_qualifying_low_high_takes_all():
    h = omaha8(board="KcQd5h5s2d")            # only two low ranks on the board
    pa = h.result.pots[0]
    assert pa.low == () and pa.awards == {0: 5} and pa.scoop
    assert {sh.seat: sh.value.low_text for sh in h.result.shown} == {0: "No low", 2: "No low"}


def chicago(hole):
    h = Hand("Chicago", Structure.stud(1, 2, 4), {0: 100, 1: 100}, button=1, seed=1, hole=hole)
    return check_down(h)


def test_chicago_ace_of_spades_in_the_hole_takes_half():
    # dealing order per seat: down, down, up, up, up, up, down
    h = chicago({0: "As4d 9c 9d Jc Qs 5h", 1: "KhKd Kc 2c 3c 7s 8c"})
    pa = h.result.pots[0]
    assert pa.pot.amount == 6 and pa.high == (1,) and pa.low == (0,)
    assert pa.awards == {0: 3, 1: 3}


def test_chicago_nobody_holds_the_ace_high_hand_takes_all():
    h = chicago({0: "Ah4d 9c 9d Jc As 5h", 1: "KhKd Kc 2c 3c 7s 8c"})   # ace of spades up
    pa = h.result.pots[0]
    assert pa.low == () and pa.awards == {1: 6}


# ------------------------------------------------------------------ showdown order

def test_last_aggressor_shows_first():
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
             seed=5)
    h.call(); h.call(); h.check()
    h.check(); h.check(); h.check()                   # flop
    h.check(); h.bet(4); h.call(); h.call()           # turn: seat 2 bets
    h.check(); h.check(); h.check()                   # river: nobody bets
    assert h.result.showdown_order == (1, 2, 0)       # river checked: first to act
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
             seed=5)
    h.call(); h.call(); h.check()
    for _ in range(6):
        h.check()
    h.check(); h.bet(6); h.call(); h.call()           # river: seat 2 bets
    assert h.result.showdown_order == (2, 0, 1)


def test_everybody_folds_no_showdown():
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
             seed=5)
    h.raise_to(10); h.fold(); h.fold()
    r = h.result
    assert r.showdown_order == () and r.shown == ()
    assert r.returned == {0: 8} and r.stacks == {0: 103, 1: 99, 2: 98}
    assert "uncalled 8 returned" in r.describe()


# ------------------------------------------------------------------ discards and draws

def test_irish_discards_two_after_the_flop_betting():
    h = Hand("Irish", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0, seed=4,
             hole={0: "AhAdKcKs", 1: "2c3c4c5c", 2: "7h8h9hTh"})
    h.call(); h.call(); h.check()
    assert len(h.board) == 3 and all(len(h.down[s]) == 4 for s in (0, 1, 2))
    h.check(); h.check(); h.check()
    lg = h.legal()
    assert h.phase == "discard" and lg.seat == 1 and lg.discard == 2
    with pytest.raises(IllegalAction, match="exactly 2 must be discarded"):
        h.discard("2c")
    with pytest.raises(IllegalAction, match="not among your down cards"):
        h.discard("2c Ah")
    with pytest.raises(IllegalAction, match="check is not allowed now: every player still in must discard"):
        h.check()
    h.discard("2c3c"); h.discard("7h8h"); h.discard("KcKs")
    assert h.street_name == "turn" and len(h.board) == 4
    assert {s: len(h.down[s]) for s in (0, 1, 2)} == {0: 2, 1: 2, 2: 2}
    check_down(h)
    assert all(len(sh.hole) == 4 for sh in h.result.shown)


def test_pineapple_discards_before_the_flop():
    h = Hand("Pineapple", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, seed=4)
    h.call(); h.check()
    assert h.phase == "discard" and h.board == []
    h.discard(h.down[h.to_act][:1]); h.discard(h.down[h.to_act][:1])
    assert len(h.board) == 3 and all(len(v) == 2 for v in h.down.values())


def test_crazy_pineapple_discards_after_the_flop():
    h = Hand("Crazy Pineapple", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, seed=4)
    h.call(); h.check(); h.check(); h.check()
    assert h.phase == "discard" and len(h.board) == 3
    h.discard(h.down[h.to_act][:1]); h.discard(h.down[h.to_act][:1])
    assert len(h.board) == 4


def test_australian_stud_discards_after_third_street():
    h = Hand("Australian", Structure.stud(1, 2, 4), {0: 100, 1: 100, 2: 100}, button=2, seed=4)
    assert all(len(h.down[s]) == 3 and len(h.up[s]) == 1 for s in (0, 1, 2))
    h.bring_in(); h.call(); h.call()
    assert h.phase == "discard"
    for _ in range(3):
        h.discard(h.down[h.to_act][:1])
    assert h.street_name == "fourth"
    check_down(h)
    assert all(len(sh.hole) == 6 and len(sh.up) == 8 for sh in h.result.shown)


def test_five_card_draw_draws_and_stands_pat():
    h = Hand("5 Card Draw", Structure.fixed_limit(2, 4), {0: 100, 1: 100, 2: 100}, button=0,
             seed=9)
    h.call(); h.call(); h.check()
    assert h.phase == "draw" and h.to_act == 1
    before = list(h.down[1])
    stranger = next(c for c in range(52) if c not in before)
    with pytest.raises(IllegalAction, match="not among your down cards"):
        h.draw([stranger])
    h.draw(before[:3])
    assert len(h.down[1]) == 5 and h.down[1][:2] == before[3:]
    h.draw()                                            # seat 2 stands pat
    h.draw(h.down[0])                                   # seat 0 draws five
    assert h.phase == "betting" and h.legal().choices == (4,)   # big bet after the draw
    check_down(h)


def test_draw_reshuffles_the_discards_when_the_deck_runs_out():
    h = Hand("5 Card Draw", Structure.no_limit(1, 2), {s: 100 for s in range(8)}, button=0,
             seed=2)
    while h.phase == "betting":
        h.act("call" if "call" in h.legal().actions else "check")
    while h.phase == "draw":
        h.draw(h.down[h.to_act])                        # everybody draws five
    assert h.deck.reshuffles >= 1
    held = [c for s in range(8) for c in h.down[s]]
    assert len(held) == len(set(held)) == 40
    check_down(h)


def test_seven_stud_eight_players_get_a_community_card():
    h = Hand("7 Card Stud", Structure.stud(1, 2, 4), {s: 500 for s in range(8)}, button=7,
             seed=3)
    check_down(h)
    assert len(h.board) == 1
    cards = h.board + [c for s in range(8) for c in h.down[s] + h.up[s]]
    assert len(cards) == len(set(cards)) == 1 + 8 * 6
    # two down cards and four up cards each (text), the seventh card is the community card
    assert all(len(sh.hole) == 4 and len(sh.up) == 8 for sh in h.result.shown)


# ------------------------------------------------------------------ set-up errors and data

def test_set_up_errors():
    nl = Structure.no_limit(1, 2)
    with pytest.raises(ValueError, match="pass seed="):
        Hand("Texas Hold'em", nl, {0: 100, 1: 100})
    with pytest.raises(ValueError, match="stack is a whole number of chips > 0"):
        Hand("Texas Hold'em", nl, {0: 100, 1: 0}, seed=1)
    with pytest.raises(ValueError, match="unknown game 'Blackjack'"):
        Hand("Blackjack", nl, {0: 100, 1: 100}, seed=1)
    with pytest.raises(ValueError, match="uses antes and a bring-in, not blinds"):
        Hand("Razz", nl, {0: 100, 1: 100}, seed=1)
    with pytest.raises(ValueError, match="takes at most 7 players"):
        Hand("6 Card Omaha", nl, {s: 100 for s in range(8)}, seed=1)
    with pytest.raises(ValueError, match="appears twice|given twice"):
        Hand("Texas Hold'em", nl, {0: 100, 1: 100}, seed=1, hole={0: "AhKh"}, board="AhQh2c")


def test_seeded_deals_repeat_and_differ():
    nl = Structure.no_limit(1, 2)
    a = Hand("Texas Hold'em", nl, {0: 100, 1: 100, 2: 100}, seed=11)
    b = Hand("Texas Hold'em", nl, {0: 100, 1: 100, 2: 100}, seed=11)
    c = Hand("Texas Hold'em", nl, {0: 100, 1: 100, 2: 100}, seed=12)
    assert a.down == b.down and a.down != c.down


def test_dealers_choice_picks_a_game_per_hand():
    dc = DealersChoice.holdem()
    # the first sheet's hold'em games, the only ones a dealer may choose there: 8, no 5- or
    # 6-card Omaha (a dealer's choice of those is DealersChoice.of(...))
    assert {g.family for g in dc.games} == {"holdem"} and len(dc.games) == 8
    assert "Irish" in {g.name for g in dc.games}
    assert not {"5 Card Omaha", "6 Card Omaha Hi/Lo"} & {g.name for g in dc.games}
    picks = [dc.pick(np.random.default_rng(5)).name for _ in range(3)]
    assert picks == [dc.pick(5).name] * 3
    names = [dc.rotation(i).name for i in range(9)]
    assert names[0] == names[8] == "Texas Hold'em" and len(set(names)) == 8
    stud = DealersChoice.stud()
    assert "Razz" in [g.name for g in stud.games] and stud.name == "Dealer's Choice Stud"
    with pytest.raises(ValueError, match="share a family"):
        DealersChoice.of("holdem", "razz")
    # a hand of the picked game with the event's structure
    h = Hand(dc.pick(3), Structure.pot_limit(1, 2), {0: 100, 1: 100}, seed=3)
    play_random(h, 3)
    assert sum(h.result.stacks.values()) == 200


# ------------------------------------------------------------------ histories

@pytest.mark.parametrize("name", list(GAMES))
def test_history_replays_exactly(name):
    g = GAMES[name]
    st = (Structure.stud(1, 2, 4) if g.family == "stud" else Structure.no_limit(1, 2, ante=1))
    n = min(g.max_players, 6)
    h = Hand(g, st, {s: 30 + 17 * s for s in range(n)}, button=2, seed=21,
             odd_chip=OddChip.CARRY)
    play_random(h, 21)
    text = h.to_json()
    r = Hand.replay(text)
    assert r.result.stacks == h.result.stacks and r.result.carry == h.result.carry
    assert r.events == h.events
    assert json.loads(r.to_json()) == json.loads(text)


def test_tampered_history_is_refused():
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, seed=4)
    h.raise_to(6); h.call(); h.call()
    check_down(h)
    d = h.history()
    d["actions"][0]["to"] = 3
    with pytest.raises(ValueError, match="action 0 .* is illegal: .*below the minimum raise"):
        Hand.replay(d)
    d = h.history()
    d["result"]["stacks"]["0"] += 1
    with pytest.raises(ValueError, match="replay ends with stacks"):
        Hand.replay(d)
    with pytest.raises(ValueError, match="not a hand history"):
        Hand.replay({"format": "something else"})


# ------------------------------------------------------------------ absent (late) players

def test_absent_player_posts_the_big_blind_and_is_dealt_nothing():
    # seat 2 (the big blind, 3 to 1 with the button on seat 0) has not arrived: it posts 2,
    # is folded before the deal; seat 0 calls, seat 1 completes, both check down, aces win.
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
             seed=3, hole={0: "AhAd", 1: "KhKd"}, board="7s8d9c4h2s", absent=[2])
    assert h.down[2] == [] and len(h.down[0]) == len(h.down[1]) == 2
    assert h.to_act == 0 and h.legal().describe() == "seat 0: fold, call 2, raise to 4..100"
    check_down(h)
    r = h.result
    assert 2 not in r.showdown_order
    assert r.stacks == {0: 104, 1: 98, 2: 98}
    assert [e["seat"] for e in h.events if e["event"] == "absent"] == [2]


def test_absent_players_in_stud_ante_and_leave_the_last_player_the_pot():
    # seven card stud, antes of 5: three seats absent, one there: the antes go to the player
    # there, no card is dealt and nothing is bet
    h = Hand("7 Card Stud", Structure.stud(5, 10, 20, 40), {0: 50, 1: 60, 2: 70, 3: 80},
             button=0, seed=1, absent=[0, 1, 3])
    assert h.is_over and h.result.stacks == {0: 45, 1: 55, 2: 85, 3: 75}
    assert all(h.down[s] == [] for s in (0, 1, 3))


def test_absent_is_kept_by_the_history_and_checked():
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
             seed=3, absent=[1])
    check_down(h)
    again = Hand.replay(json.loads(json.dumps(h.history())))
    assert again.absent == frozenset({1}) and again.result.stacks == h.result.stacks
    with pytest.raises(ValueError, match="absent: seat 7 is not dealt in"):
        Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, absent=[7])
    with pytest.raises(ValueError, match="at least one player must be at the table"):
        Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0,
             absent=[0, 1])
    with pytest.raises(TypeError, match="absent must be a collection of seat numbers"):
        Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, absent="0")
