"""Betting rules through the hand state machine: minimums, pot limit, fixed-limit caps,
bring-in, reopening, order of action and the errors."""
import pytest

from pyeval.rules import Hand, IllegalAction, Positions, Structure

NL = Structure.no_limit(50, 100)
FL = Structure.fixed_limit(20, 40)
STUD = Structure.stud(ante=5, bring_in=10, small_bet=20, big_bet=40)


def holdem(stacks, structure=NL, button=0, **kw):
    return Hand("Texas Hold'em", structure, stacks, button=button, seed=kw.pop("seed", 1), **kw)


# ------------------------------------------------------------------ no limit

def test_minimum_raise_error_says_what_is_allowed():
    h = holdem({0: 1000, 1: 1000, 2: 1000})
    with pytest.raises(IllegalAction) as e:
        h.raise_to(150)
    msg = str(e.value)
    assert "raise to 150 is below the minimum raise to 200" in msg
    assert "allowed: fold, call 100, raise to 200..1000" in msg


def test_raise_must_be_at_least_the_previous_raise():
    h = holdem({0: 5000, 1: 5000, 2: 5000})
    h.raise_to(400)                         # a raise of 300
    lg = h.legal()
    assert (lg.seat, lg.call, lg.min_to, lg.max_to) == (1, 350, 700, 5000)
    with pytest.raises(IllegalAction, match="below the minimum raise to 700"):
        h.raise_to(600)
    h.raise_to(700)
    assert h.legal().min_to == 1000


def test_minimum_bet_after_the_flop_is_the_big_blind():
    h = holdem({0: 1000, 1: 1000, 2: 1000})
    h.call(); h.call(); h.check()
    assert h.street_name == "flop"
    lg = h.legal()
    assert lg.seat == 1 and lg.actions == ("check", "bet") and lg.min_to == 100
    with pytest.raises(IllegalAction, match="bet to 60 is below the minimum bet to 100"):
        h.bet(60)
    with pytest.raises(IllegalAction, match=r"above the maximum bet to 900 \(all-in\)"):
        h.bet(2000)


def test_all_in_for_less_is_allowed():
    h = holdem({0: 150, 1: 1000, 2: 1000})
    lg = h.legal()
    assert (lg.min_to, lg.max_to) == (150, 150)
    h.raise_to(150)
    assert h.legal().min_to == 250   # the all-in was short: full raise stays 100


def test_short_all_in_does_not_reopen_for_players_who_acted():
    # seats: button 0, sb 1, bb 2, 3 first to act pre-flop
    h = holdem({0: 5000, 1: 5000, 2: 5000, 3: 350})
    h.call(); h.call(); h.call(); h.check()
    assert h.street_name == "flop" and h.to_act == 1
    h.bet(100)                 # seat 1 bets 100
    h.call()                   # seat 2 calls
    h.raise_to(250)            # seat 3 all-in for 250 total: a raise of 150 >= 100 is full
    assert h.legal().raise_name == "raise"
    h.call()                   # seat 0 calls
    assert "raise" in h.legal().actions           # seat 1: full raise reopened
    h2 = holdem({0: 5000, 1: 5000, 2: 5000, 3: 280})
    h2.call(); h2.call(); h2.call(); h2.check()
    h2.bet(120); h2.call()
    h2.raise_to(180)           # seat 3 all-in: a raise of 60 < 120 (short)
    assert h2.legal().seat == 0 and h2.legal().min_to == 300   # seat 0 has not acted
    h2.call()
    lg = h2.legal()             # seat 1 acted (bet 120) and faces only a short raise
    assert lg.seat == 1 and lg.actions == ("fold", "call")
    with pytest.raises(IllegalAction, match="does not reopen the betting"):
        h2.raise_to(400)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen():
    h = holdem({0: 5000, 1: 5000, 2: 5000, 3: 260, 4: 320})
    for _ in range(4):
        h.call()
    h.check()
    assert h.street_name == "flop" and h.to_act == 1
    h.bet(100); h.call()           # seats 1, 2
    h.raise_to(160)                # seat 3 all-in: +60, short
    lg = h.legal()                 # seat 4 can only go all-in (a full raise is to 260)
    assert (lg.call, lg.min_to, lg.max_to) == (160, 220, 220)
    h.raise_to(220)                # seat 4 all-in: +60, short
    h.call()                       # seat 0
    lg = h.legal()
    assert lg.seat == 1 and "raise" in lg.actions   # 60 + 60 >= 100: reopened


def test_big_blind_all_in_for_part_of_the_blind():
    h = holdem({0: 1000, 1: 1000, 2: 60})
    lg = h.legal()
    assert lg.seat == 0 and lg.call == 100 and lg.min_to == 200   # as if the full blind
    h.call(); h.call()
    # the big blind is all in; the flop, turn and river are dealt without betting between
    # the two others only if they check it down
    while not h.is_over:
        h.check()
    r = h.result
    assert r.pots[0].pot.amount == 180 and r.pots[0].pot.eligible == (1, 2, 0)
    assert r.pots[1].pot.amount == 80 and r.pots[1].pot.eligible == (1, 0)
    assert sum(r.stacks.values()) == 2060


def test_no_raise_when_nobody_can_call_more():
    h = holdem({0: 5000, 1: 300, 2: 200})
    h.raise_to(5000)
    h.call(); h.call()
    assert h.is_over
    h = holdem({0: 300, 1: 5000, 2: 5000})
    h.raise_to(300)
    lg = h.legal()
    assert "raise" in lg.actions
    h.fold()
    assert h.legal().actions == ("fold", "call")   # only seat 0 (all-in) is left to call


def test_fold_refused_when_check_is_free():
    h = holdem({0: 1000, 1: 1000, 2: 1000})
    h.call(); h.call()
    with pytest.raises(IllegalAction, match="fold is not allowed when checking is free"):
        h.fold()


def test_wrong_seat_and_wrong_action_errors():
    h = holdem({0: 1000, 1: 1000, 2: 1000})
    with pytest.raises(IllegalAction, match="seat 2 cannot act: seat 0 is to act"):
        h.act("call", seat=2)
    with pytest.raises(IllegalAction, match="cannot check facing a bet of 100"):
        h.check()
    with pytest.raises(IllegalAction, match="unknown action 'limp'"):
        h.act("limp")
    with pytest.raises(IllegalAction, match="needs an amount"):
        h.act("raise")
    with pytest.raises(IllegalAction, match="cannot discard during a betting round"):
        h.act("discard", cards="AhKh")


# ------------------------------------------------------------------ order of action

def test_order_preflop_left_of_big_blind_later_left_of_button():
    h = holdem({1: 1000, 4: 1000, 6: 1000, 8: 1000}, button=4)   # sb 6, bb 8
    assert h.positions == Positions(4, 6, 8)
    assert h.to_act == 1
    h.call(); h.call(); h.call()
    assert h.to_act == 8          # big blind's option
    h.check()
    assert h.street_name == "flop" and h.to_act == 6


def test_heads_up_button_posts_small_blind_acts_first_then_last():
    h = holdem({2: 1000, 5: 1000}, button=5)
    assert h.positions == Positions(5, 5, 2)
    assert h.bets == {2: 100, 5: 50}
    assert h.to_act == 5
    h.call()
    assert h.to_act == 2           # big blind's option
    h.check()
    assert h.street_name == "flop" and h.to_act == 2    # button acts last after the flop


def test_dead_small_blind_and_dead_button_positions():
    h = holdem({0: 1000, 3: 1000, 4: 1000}, positions=Positions(1, None, 3), button=None)
    assert h.bets == {0: 0, 3: 100, 4: 0}
    assert h.to_act == 4
    h.call(); h.call(); h.check()
    assert h.to_act == 3           # first seat left of the (dead) button on seat 1


# ------------------------------------------------------------------ pot limit

def test_pot_limit_raise_sizes():
    h = Hand("Omaha", Structure.pot_limit(1, 2), {0: 500, 1: 500, 2: 500, 3: 500}, button=0,
             seed=3)
    lg = h.legal()                # seat 3 first: call 2, pot after calling 5 -> raise to 7
    assert (lg.call, lg.min_to, lg.max_to) == (2, 4, 7)
    h.raise_to(7)
    lg = h.legal()                # seat 0: call 7, pot 1+2+7+7 = 17 -> raise to 24
    assert (lg.call, lg.min_to, lg.max_to) == (7, 12, 24)
    with pytest.raises(IllegalAction, match=r"above the maximum raise to 24 \(pot limit\)"):
        h.raise_to(25)
    h.call(); h.call(); h.call()
    assert h.street_name == "flop"
    lg = h.legal()                # pot 28: bet 2..28
    assert (lg.min_to, lg.max_to) == (2, 28)


# ------------------------------------------------------------------ fixed limit

def test_fixed_limit_bet_and_three_raises_then_capped():
    h = holdem({0: 1000, 1: 1000, 2: 1000}, structure=FL)
    assert h.legal().choices == (40,)                 # the blind is the bet
    h.raise_to(40); h.raise_to(60); h.raise_to(80)    # three raises
    lg = h.legal()
    assert lg.actions == ("fold", "call") and lg.call == 80 - 40
    with pytest.raises(IllegalAction, match="capped at a bet and 3 raises"):
        h.raise_to(100)


def test_fixed_limit_no_cap_heads_up():
    h = holdem({0: 1000, 1: 1000}, structure=FL)
    for to in (40, 60, 80, 100, 120, 140):
        h.raise_to(to)
    assert h.legal().choices == (160,)


def test_fixed_limit_cap_lifts_when_only_two_players_are_left():
    h = holdem({0: 1000, 1: 1000, 2: 1000}, structure=FL)
    h.raise_to(40); h.raise_to(60); h.raise_to(80)
    h.fold()                                          # seat 0 folds: two players left
    assert h.legal().choices == (100,)


def test_fixed_limit_big_bet_on_turn_and_river():
    h = holdem({0: 1000, 1: 1000, 2: 1000}, structure=FL)
    h.call(); h.call(); h.check()
    assert h.legal().choices == (20,)
    h.check(); h.check(); h.check()
    assert h.street_name == "turn" and h.legal().choices == (40,)


def test_fixed_limit_half_bet_all_in_reopens():
    # postflop 20 bets: seat 1 bets 20, seat 2 calls, seat 0 all-in for 30 (+10 = half a bet)
    h = holdem({0: 50, 1: 1000, 2: 1000}, structure=FL)
    h.call(); h.call(); h.check()
    h.bet(20); h.call()
    assert h.legal().choices == (30,)
    h.raise_to(30)
    lg = h.legal()
    assert lg.seat == 1 and lg.choices == (50,)       # reopened; next raise 30 + 20
    h2 = holdem({0: 48, 1: 1000, 2: 1000}, structure=FL)
    h2.call(); h2.call(); h2.check()
    h2.bet(20); h2.call()
    h2.raise_to(28)                                   # +8: less than half a bet
    assert h2.legal().actions == ("fold", "call")


def test_fixed_limit_short_all_in_bet_can_be_completed():
    h = holdem({0: 1000, 1: 28, 2: 1000}, structure=FL)
    h.call(); h.call(); h.check()
    h.bet(8)                           # seat 1 all-in for 8 of a 20 bet (under half)
    lg = h.legal()
    assert lg.raise_name == "complete" and lg.choices == (20,)
    h.complete()
    assert h.bets[2] == 20


# ------------------------------------------------------------------ stud

def stud_hand(game, hole, button=None, structure=STUD, stacks=None):
    seats = sorted(hole)
    stacks = stacks or {s: 1000 for s in seats}
    return Hand(game, structure, stacks, button=seats[-1] if button is None else button,
                seed=2, hole=hole)


def test_bring_in_lowest_card_suit_breaks_ties():
    h = stud_hand("7 Card Stud", {0: "AhAd 2d", 1: "KsKd 2c", 2: "QsQd 5s"})
    lg = h.legal()
    assert lg.seat == 1 and lg.actions == ("bring_in", "complete")
    assert lg.bring_in == 10 and lg.choices == (20,)


def test_bring_in_aces_are_high_in_stud():
    h = stud_hand("7 Card Stud", {0: "2h3d Ac", 1: "KsKd 2s", 2: "QsQd 5s"})
    assert h.to_act == 1


def test_razz_bring_in_highest_card_spades_breaks_ties():
    h = stud_hand("Razz", {0: "AhAd Kh", 1: "2s3d Ks", 2: "4s5d Qs"})
    assert h.to_act == 1
    h = stud_hand("Razz", {0: "2h3d Ac", 1: "4s5d Qs", 2: "6s7d 9s"})
    assert h.to_act == 1          # the ace is low in razz: the queen brings in


def test_bring_in_must_be_posted_or_completed():
    h = stud_hand("7 Card Stud", {0: "AhAd 2d", 1: "KsKd 2c", 2: "QsQd 5s"})
    with pytest.raises(IllegalAction, match="the bring-in must be posted or completed"):
        h.fold()
    h.bring_in()
    lg = h.legal()
    assert lg.seat == 2 and lg.call == 10 and lg.raise_name == "complete"
    h.call(); h.call()
    assert h.street_name == "fourth"         # all called the bring-in: no option for it


def test_bring_in_player_may_raise_after_a_completion():
    h = stud_hand("7 Card Stud", {0: "AhAd 2d", 1: "KsKd 2c", 2: "QsQd 5s"})
    h.bring_in(); h.complete(); h.call()
    lg = h.legal()
    assert lg.seat == 1 and lg.call == 10 and lg.choices == (40,)


def test_stud_cap_counts_completion_as_the_bet():
    h = stud_hand("7 Card Stud", {0: "AhAd 2d", 1: "KsKd 2c", 2: "QsQd 5s"})
    h.bring_in(); h.complete(); h.raise_to(40); h.raise_to(60); h.raise_to(80)
    assert h.legal().actions == ("fold", "call")


def test_best_hand_showing_opens_later_streets():
    # fourth street up cards: seat 0 shows 2d 3h, seat 1 2c 9s, seat 2 5s Ts
    h = stud_hand("7 Card Stud", {0: "AhAd 2d 3h", 1: "KsKd 2c 9s", 2: "QsQd 5s Ts"})
    h.bring_in(); h.call(); h.call()
    assert h.street_name == "fourth" and h.to_act == 2
    # razz: 7d is the highest third-street card (seat 0 brings in); on fourth street the
    # lowest hand showing acts first: 7-3 (seat 0) before 9-2 (seat 1) and T-5 (seat 2)
    h = stud_hand("Razz", {0: "AhAd 7d 3h", 1: "KsKd 2c 9s", 2: "QsQd 5s Ts"})
    assert h.to_act == 0
    h.bring_in(); h.call(); h.call()
    assert h.street_name == "fourth" and h.to_act == 0
    h = stud_hand("Razz", {0: "AhAd 7d 9h", 1: "KsKd 2c 3s", 2: "QsQd 5s Ts"})
    h.bring_in(); h.call(); h.call()
    assert h.street_name == "fourth" and h.to_act == 1     # 3-2 showing


def test_open_pair_on_fourth_allows_the_big_bet():
    h = stud_hand("7 Card Stud", {0: "AhAd 2d 2h", 1: "KsKd 3c 9s", 2: "QsQd 5s Ts"})
    h.bring_in(); h.call(); h.call()
    lg = h.legal()
    assert lg.seat == 0 and lg.choices == (20, 40)   # pair of twos showing
    h.bet(40)
    assert h.legal().choices == (80,)                 # big bets from now on
    h2 = stud_hand("Razz", {0: "AhAd 9d 9h", 1: "KsKd Tc 8s", 2: "QsQd Js 7s"})
    h2.bring_in(); h2.call(); h2.call()
    assert h2.legal().choices == (20,)                # no open-pair option in razz


def test_bring_in_passes_on_when_the_low_card_is_all_in():
    h = stud_hand("7 Card Stud", {0: "AhAd 2d", 1: "KsKd 2c", 2: "QsQd 5s"},
                  stacks={0: 1000, 1: 5, 2: 1000})
    assert h.stacks[1] == 0
    assert h.to_act == 2 and "bring_in" in h.legal().actions


def test_draw_raises_only_on_a_players_first_turn_as_the_first_sheet_writes():
    # 5 Card Draw with antes of 5, 10/20: seat 1 (the dealer's left) checks, seat 2 bets, the
    # dealer raises; once the betting has passed the dealer, seats 1 and 2 may only call or fold
    def first_round(st: Structure) -> Hand:
        h = Hand("5 Card Draw", st, {0: 500, 1: 500, 2: 500}, button=0, seed=2)
        h.check(); h.bet(10); h.raise_to(20); h.call()
        return h

    sheet = Structure(limit="fixed_limit", ante=5, small_bet=10, big_bet=20,
                      raises_first_turn_only=True)
    h = first_round(sheet)
    assert h.legal().describe() == "seat 2: fold, call 10"
    with pytest.raises(IllegalAction, match="no raise once the betting has passed around to "
                                            "the dealer"):
        h.raise_to(30)
    h.call()
    assert h.phase == "draw" and h.pot_total() == 15 + 60
    assert Structure.from_dict(sheet.to_dict()) == sheet
    # without the rule the bettor may raise again
    assert first_round(Structure(limit="fixed_limit", ante=5, small_bet=10,
                                 big_bet=20)).legal().describe() == "seat 2: fold, call 10, raise to 30"
