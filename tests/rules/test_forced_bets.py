"""Big-blind antes, button antes, antes that stop heads-up, straddles and live posts: exact
chips in hand-made hands, and random hands replayed side by side with pokerkit."""
import pytest

from pyeval.rules import Hand, Structure

from .pokerkit_pair import Stats, play_pair

pytest.importorskip("pokerkit")


def test_big_blind_ante_is_dead_money_posted_by_the_big_blind():
    st = Structure.no_limit(50, 100, ante=100, ante_by="big_blind")
    h = Hand("holdem", st, {0: 1000, 1: 1000, 2: 1000}, button=0, seed=1)
    # seat 1 small blind, seat 2 big blind and the table's ante
    assert h.stacks == {0: 1000, 1: 950, 2: 800}
    assert h.pot_total() == 250 and h.dead == 100
    assert h.legal().describe() == "seat 0: fold, call 100, raise to 200..1000"
    h.fold(); h.fold()
    # the big blind wins the small blind and gets its own ante back with the pot
    assert h.result.stacks == {0: 1000, 1: 950, 2: 1050}


@pytest.mark.parametrize("order, stacks, pot", [
    # short big blind with 150 facing blind 100 + ante 100
    ("blind_first", {0: 900, 1: 900, 2: 350}, (100, 50)),    # blind 100, ante 50
    ("ante_first", {0: 1000, 1: 900, 2: 250}, (50, 100)),    # ante 100, blind 50
])
def test_short_big_blind_ante_house_rule(order, stacks, pot):
    st = Structure.no_limit(50, 100, ante=100, ante_by="big_blind", bb_ante_order=order)
    h = Hand("holdem", st, {0: 1000, 1: 1000, 2: 150}, button=0, hole={2: "AhAd", 0: "KcKd",
                                                                      1: "7c2d"},
             board="2s3s4h9dTc", seed=1)
    live_blind, dead = pot
    assert h.bets[2] == live_blind and h.dead == dead
    h.call(); h.call()          # seat 0 and the small blind call the full 100
    while not h.is_over:        # the big blind is all-in, the others check it down
        h.check()
    # the big blind (aces) wins the dead ante and its live part matched by each caller;
    # what the callers put in above its live blind is a side pot (kings win it)
    assert h.result.stacks == stacks


def test_button_ante():
    st = Structure.no_limit(1, 2, ante=3, ante_by="button")
    h = Hand("holdem", st, {0: 100, 1: 100, 2: 100}, button=2, seed=2)
    assert h.stacks == {0: 99, 1: 98, 2: 97}
    h.fold(); h.fold()
    assert h.result.stacks == {0: 99, 1: 104, 2: 97}


def test_antes_stop_heads_up_when_the_sheet_says_so():
    # rule sheet 003: antes from level 5, stopping heads-up
    on = Structure.no_limit(100, 200, ante=25)
    off = Structure.no_limit(100, 200, ante=25, ante_heads_up=False)
    three = {0: 5000, 1: 5000, 2: 5000}
    two = {0: 5000, 1: 5000}
    assert Hand("holdem", off, three, button=0, seed=1).pot_total() == 375
    assert Hand("holdem", on, two, button=0, seed=1).pot_total() == 350
    assert Hand("holdem", off, two, button=0, seed=1).pot_total() == 300


def test_under_the_gun_straddle_acts_last_with_the_option():
    st = Structure.no_limit(1, 2, straddles=(4,))
    h = Hand("holdem", st, {s: 100 for s in range(5)}, button=0, seed=3)
    # seat 1 small, 2 big, 3 straddles 4; seat 4 acts first; the minimum raise is to 8
    assert h.bets == {0: 0, 1: 1, 2: 2, 3: 4, 4: 0}
    assert h.legal().describe() == "seat 4: fold, call 4, raise to 8..100"
    for _ in range(3):
        h.call()                 # seats 4, 0, 1
    h.call()                     # big blind
    assert h.to_act == 3 and h.legal().describe() == "seat 3: check, raise to 8..100"
    h.check()
    assert h.street_name == "flop" and h.pot_total() == 20
    assert h.to_act == 1         # after the flop from the button's left as usual


def test_button_straddle_starts_with_the_small_blind():
    st = Structure.no_limit(1, 2, straddles=(4,), button_straddle=True)
    h = Hand("holdem", st, {s: 100 for s in range(4)}, button=3, seed=3)
    assert h.straddlers() == (3,) and h.to_act == 0
    assert h.legal().describe() == "seat 0: fold, call 3, raise to 8..100"


def test_live_post_out_of_position():
    h = Hand("holdem", Structure.no_limit(5, 10), {s: 500 for s in range(5)}, button=4,
             posts={3: 10}, seed=4)
    assert h.to_act == 2 and h.bets[3] == 10
    h.call(); h.check()          # seat 2 calls, seat 3 (posted) may check
    h.fold(); h.fold(); h.check()
    assert h.street_name == "flop" and h.pot_total() == 35


@pytest.mark.parametrize("bad, match", [
    (dict(ante_by="dealer"), "ante_by must be one of"),
    (dict(bb_ante_order="first"), "bb_ante_order must be one of"),
    (dict(straddles=(3,)), "at least twice the blind"),
    (dict(straddles=(4,), button_straddle=1), "button_straddle must be True or False"),
    (dict(straddles="4"), "straddles must be a sequence"),
])
def test_forced_bet_settings_are_checked(bad, match):
    with pytest.raises(ValueError, match=match):
        Structure.no_limit(1, 2, **bad)


def test_straddles_need_players():
    with pytest.raises(ValueError, match="straddle"):
        Hand("holdem", Structure.no_limit(1, 2, straddles=(4,)), {0: 50, 1: 50}, seed=1)


CASES = {
    "bb-ante": (Structure.no_limit(5, 10, ante=10, ante_by="big_blind",
                                   bb_ante_order="ante_first"), 2),
    "bb-ante-plo": (Structure.pot_limit(5, 10, ante=10, ante_by="big_blind",
                                        bb_ante_order="ante_first"), 2),
    "button-ante": (Structure.no_limit(5, 10, ante=5, ante_by="button"), 2),
    "no-ante-heads-up": (Structure.no_limit(5, 10, ante=2, ante_heads_up=False), 2),
    "straddle": (Structure.no_limit(5, 10, straddles=(20,)), 3),
    "two-straddles": (Structure.no_limit(5, 10, straddles=(20, 40)), 4),
    "button-straddle": (Structure.no_limit(5, 10, straddles=(20,), button_straddle=True), 3),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.slow
def test_forced_bets_match_pokerkit(case):
    st, min_players = CASES[case]
    game = "Omaha" if "plo" in case else "Texas Hold'em"
    stats = Stats()
    low = st.big_blind + st.ante + (st.straddles[-1] if st.straddles else 0) + 1
    for seed in range(150):
        play_pair(game, st, 5000 + seed, stats, max_players=6, stack_range=(low, 400),
                  min_players=min_players)
    assert stats.hands == 150
    assert stats.showdowns >= 40
    assert stats.decisions >= 600
