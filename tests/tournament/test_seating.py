"""Seat draw, balancing, breaking and stopping tables, then seating as the sheets write it
(same-position balancing, the card draw, breaks in the fourth sheet's order)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.cards import RANKS, SUITS
from pyeval.rules.table import ButtonState
from pyeval.tournament.seating import (
    BalanceRule,
    HandPositions,
    Move,
    Seating,
    balance_move,
    break_moves,
    card_draw,
    draw_seats,
    rebalance,
    stopped_tables,
    tables_to_break,
    worst_seat,
)

from .conftest import between


def simple_positions(table: int, seats) -> HandPositions:
    """A stand-in button model: button on the lowest occupied seat, blinds after it."""
    occ = sorted(seats)
    return HandPositions(occ[0], occ[1], occ[2 % len(occ)])


def full_tables(counts: dict[int, int], size: int = 9) -> Seating:
    return Seating(size, {t: {s: f"{t}-{s}" for s in range(1, c + 1)} for t, c in counts.items()})


# -- the draw ---------------------------------------------------------------------------

def test_draw_is_random_from_a_seed_and_balanced() -> None:
    a = draw_seats(range(30), 9, seed=11)
    assert a.tables == draw_seats(range(30), 9, seed=11).tables
    assert a.tables != draw_seats(range(30), 9, seed=12).tables
    assert sorted(a.counts().values()) == [7, 7, 8, 8]
    assert sorted(a.players()) == list(range(30))
    # a table of 7 at a 9-seat table uses evenly spread seats
    seven = next(t for t, c in a.counts().items() if c == 7)
    assert sorted(a.tables[seven]) == [1, 2, 3, 4, 6, 7, 8]


def test_draw_refuses_impossible_table_counts() -> None:
    with pytest.raises(ValueError, match="need 4 to 15 tables"):
        draw_seats(range(30), 9, seed=1, tables=3)
    with pytest.raises(ValueError, match="at least 2 players"):
        draw_seats([1], 9, seed=1)


# -- the worst position -----------------------------------------------------------------

def test_worst_position_is_the_next_big_blind_then_soonest_after_it() -> None:
    # 9 seats; button 1, small blind 2, big blind 5; free seats 3, 4, 7, 9
    pos = HandPositions(button=1, small_blind=2, big_blind=5)
    occupied = {1, 2, 5, 6, 8}
    assert worst_seat(occupied, 9, pos) == (3, False)           # between SB and BB: BB next
    assert worst_seat(occupied | {3, 4}, 9, pos) == (7, False)  # soonest after the BB
    assert worst_seat(occupied | {3, 4, 7}, 9, pos) == (9, False)


def test_never_between_the_small_blind_and_the_button() -> None:
    # only seat 2 is free: it lies between the button (1) and the small blind (3)
    pos = HandPositions(button=1, small_blind=3, big_blind=4)
    seat, waits = worst_seat({1, 3, 4, 5, 6, 7, 8, 9}, 9, pos)
    assert (seat, waits) == (2, True)
    # dead small blind: the seats from the button to the big blind are not used first
    pos = HandPositions(button=1, small_blind=None, big_blind=4)
    assert worst_seat({1, 4, 5, 6}, 9, pos) == (7, False)


# -- balancing sequence -----------------------------------------------------------------

def test_balancing_sequence_three_tables_of_nine() -> None:
    rule = BalanceRule(9)
    s = full_tables({1: 9, 2: 9, 3: 9})
    s.remove("2-4")
    s.remove("2-8")                      # 9 / 7 / 9: differ by two
    pos = {1: HandPositions(3, 4, 6), 2: HandPositions(1, 2, 3), 3: HandPositions(1, 2, 3)}
    move = balance_move(s, pos, rule)
    # table 1 (lowest-numbered fullest) sends its next big blind (seat 6) to table 2; no seat
    # is free between table 2's blinds (2, 3), so the soonest free seat after the big blind
    assert move == Move("1-6", 1, 6, 2, 4, "balance")
    s.apply([move])
    assert s.counts() == {1: 8, 2: 8, 3: 9}
    assert balance_move(s, pos, rule) is None   # differ by one: no move
    s.remove("2-1")                             # 8 / 7 / 9
    # table 2 next hand: button 7, small blind 9, big blind 2; seat 1 is free between the
    # blinds: the newcomer there is due the big blind next hand
    pos[2] = HandPositions(7, 9, 2)
    pos[3] = HandPositions(7, 8, 9)
    move = balance_move(s, pos, rule)
    assert move == Move("3-9", 3, 9, 2, 1, "balance")
    s.apply([move])
    assert s.counts() == {1: 8, 2: 8, 3: 8}
    assert stopped_tables(s, rule) == []


def test_sheets_that_balance_at_more_than_one_are_the_same_rule() -> None:
    # "differ by two or more" and "more than one" are both balance_at_difference = 2
    s = full_tables({1: 9, 2: 8})
    assert balance_move(s, {}, BalanceRule(9)) is None
    assert balance_move(s, {}, BalanceRule(9, balance_at_difference=3, stop_when_short_by=3)) is None


def test_balancing_needs_an_occupied_big_blind_seat() -> None:
    s = full_tables({1: 9, 2: 7})
    s.remove("1-6")
    s.remove("2-7")                         # 8 / 6
    with pytest.raises(ValueError, match="seat 6, which is empty"):
        balance_move(s, {1: HandPositions(4, 5, 6), 2: HandPositions(1, 2, 3)}, BalanceRule(9))


# -- breaking sequence ------------------------------------------------------------------

def test_breaking_sequence_27_players_to_a_final_table() -> None:
    rule = BalanceRule(9)
    s = full_tables({1: 9, 2: 9, 3: 9})
    for t in (1, 2, 3):
        for seat in (7, 8, 9):
            s.remove(f"{t}-{seat}")          # 6 / 6 / 6 = 18: they fit on two tables
    assert tables_to_break(s, rule) == [3]
    moves = rebalance(s, rule, simple_positions, seed=3)
    assert [m.reason for m in moves] == ["break"] * 6
    assert sorted(Counter(m.to_table for m in moves).values()) == [3, 3]
    assert s.counts() == {1: 9, 2: 9}
    assert sorted(s.players()) == sorted(f"{t}-{k}" for t in (1, 2, 3) for k in range(1, 7))
    for p in s.players()[:9]:
        s.remove(p)                          # 9 left: they fit on one table
    moves = rebalance(s, rule, simple_positions, seed=4)
    assert {m.from_table for m in moves} == {2}
    assert s.counts() == {1: 9}


def test_two_tables_of_ten_merge_at_eight() -> None:
    rule = BalanceRule(10, merge_seats=8)
    s = full_tables({1: 5, 2: 4}, size=10)   # 9 players: no break yet
    assert tables_to_break(s, rule) == []
    s.remove("1-5")                          # 8 players: the final table
    moves = rebalance(s, rule, simple_positions, seed=9)
    assert len(moves) == 4 and s.counts() == {1: 8}


def test_break_order_fewest_players() -> None:
    s = full_tables({1: 3, 2: 6, 3: 5})
    assert tables_to_break(s, BalanceRule(9)) == [3]
    assert tables_to_break(s, BalanceRule(9, break_order="fewest_players")) == [1]


def test_broken_table_fills_the_shortest_tables_first() -> None:
    s = full_tables({1: 8, 2: 5, 3: 3})
    moves = break_moves(s, 3, seed=2)
    assert Counter(m.to_table for m in moves) == {2: 3}
    assert moves == break_moves(s, 3, seed=2)


def test_a_table_three_short_stops() -> None:
    s = full_tables({1: 9, 2: 7, 3: 6})
    assert stopped_tables(s, BalanceRule(9)) == [3]


# -- properties -------------------------------------------------------------------------

@st.composite
def seatings(draw):
    size = draw(st.integers(2, 10))
    tables = draw(st.integers(1, 6))
    out = {}
    pid = 0
    for t in range(1, tables + 1):
        seats = draw(st.sets(st.integers(1, size), min_size=1, max_size=size))
        out[t] = {}
        for seat in sorted(seats):
            out[t][seat] = pid
            pid += 1
    merge = draw(st.integers(2, size))
    gap = draw(st.integers(2, 4))
    rule = BalanceRule(size, balance_at_difference=gap, stop_when_short_by=max(gap, 3),
                       merge_seats=merge, break_order=draw(st.sampled_from(["highest_number", "fewest_players"])))
    return Seating(size, out), rule


def any_positions(table: int, seats) -> HandPositions:
    occ = sorted(seats)
    if len(occ) == 1:
        return HandPositions(occ[0], occ[0], occ[0])
    k = (table * 7 + len(occ)) % len(occ)
    if len(occ) == 2:
        return HandPositions(occ[k], occ[k], occ[1 - k])
    return HandPositions(occ[k], occ[(k + 1) % len(occ)], occ[(k + 2) % len(occ)])


@settings(max_examples=300, deadline=None)
@given(seatings(), st.integers(0, 2**32))
def test_rebalancing_leaves_tables_within_the_rule(case, seed) -> None:
    seating, rule = case
    before = sorted(seating.players())
    n = len(before)
    if n < 2:
        return
    rebalance(seating, rule, any_positions, seed)
    counts = seating.counts()
    assert sorted(seating.players()) == before            # nobody lost, nobody added
    assert all(0 < c <= rule.table_size for c in counts.values())
    assert max(counts.values()) - min(counts.values()) < rule.balance_at_difference
    assert not (len(counts) > 1 and n <= (len(counts) - 1) * rule.seats_when_merging)


# -- seating as the sheets write it -----------------------------------------------------
#
# Seating as the sheets write it: same-position balancing, the card draw, moves in the
# first sheet's order, moved players dealt in at once, and table breaks that give nobody
# the big blind twice in a row (the fourth sheet). Exact seats from hand-made tables, then
# random play-downs with the rules model's button.

SHEETS = BalanceRule(9, balance_rule="same_position", equal_tables="card_draw")


def table(name: str, seats: list[int]) -> dict[int, str]:
    return {s: f"{name}{s}" for s in seats}


def test_same_position_fills_the_eliminated_seat_nearest_the_buttons_left() -> None:
    # table 2 lost seats 4 and 8 this hand; its button is seat 6, so seat 8 (2 to the
    # button's left) is filled first, by the player 2 seats left of table 1's button (3)
    s = Seating(9, {1: table("a", list(range(1, 10))), 2: table("b", [1, 2, 3, 5, 6, 7, 9])})
    pos = {1: HandPositions(3, 4, 5), 2: HandPositions(6, 7, 9)}
    move = balance_move(s, pos, SHEETS, vacated={2: [4, 8]})
    assert move == Move("a5", 1, 5, 2, 8, "balance", False)
    # the convention moves table 1's next big blind into the worst position instead
    assert balance_move(s, pos, BalanceRule(9), vacated={2: [4, 8]}) == Move(
        "a5", 1, 5, 2, 1 + 7, "balance", False)


def test_same_position_skips_an_empty_seat_to_the_next_player() -> None:
    s = Seating(9, {1: table("a", [1, 2, 3, 4, 6, 7, 8, 9]), 2: table("b", [1, 2, 3, 7, 9])})
    pos = {1: HandPositions(1, 2, 3), 2: HandPositions(1, 2, 3)}
    # seat 5 of table 2 is 4 to the button's left; seat 5 of table 1 is empty: seat 6 moves
    move = balance_move(s, pos, SHEETS, vacated={2: [5]})
    assert move is not None
    assert (move.player, move.from_seat, move.to_seat) == ("a6", 6, 5)


def test_several_moves_in_the_first_sheets_order_and_the_card_draw() -> None:
    # 9, 9 and 6: two players go to table 3, into seats 2 then 5 (2 and 5 after its button 9)
    s = Seating(9, {1: table("a", list(range(1, 10))), 2: table("b", list(range(1, 10))),
                    3: table("c", [1, 3, 4, 6, 8, 9])})
    buttons = {1: 1, 2: 4, 3: 9}

    def positions_of(t: int, seats: object) -> HandPositions:
        b = buttons[t]
        return HandPositions(b, b % 9 + 1, (b + 1) % 9 + 1)

    seed = 11
    moves = rebalance(s, SHEETS, positions_of, seed=seed, vacated={3: [7, 5, 2]})
    rng = random.Random(seed)
    first, cards = card_draw([1, 2], rng.randrange(2**63))
    assert [m.to_seat for m in moves] == [2, 5] and {m.to_table for m in moves} == {3}
    assert moves[0].from_table == first
    other = 3 - first
    # the same position: 2 seats after table `first`'s button, 5 after the other's
    assert moves[0].from_seat == (buttons[first] + 2 - 1) % 9 + 1
    assert (moves[1].from_table, moves[1].from_seat) == (other, (buttons[other] + 5 - 1) % 9 + 1)
    assert sorted(s.counts().values()) == [8, 8, 8]
    # the low card moved: rank first, then suit, the ace of spades highest
    key = {t: (RANKS.index(c[0]), SUITS.index(c[1])) for t, c in cards.items()}
    assert key[first] < key[other]


def test_the_card_draw_is_the_low_card_and_seeded() -> None:
    seen = set()
    for seed in range(200):
        low, cards = card_draw([4, 7, 9], seed)
        assert len(set(cards.values())) == 3
        key = {t: (RANKS.index(c[0]), SUITS.index(c[1])) for t, c in cards.items()}
        assert low == min(key, key=key.__getitem__)
        assert card_draw([4, 7, 9], seed) == (low, cards)
        seen.add(low)
    assert seen == {4, 7, 9}        # not the lowest number every time
    with pytest.raises(ValueError, match="at least one table"):
        card_draw([], 1)


def test_break_draw_never_seats_between_button_and_small_blind_nor_bb_twice() -> None:
    # table 1: players in 1, 3, 5, 7; next hand button 5, small blind 7, big blind 1. Free: 2,
    # 4, 6, 8, 9. Seat 6 is dealt without posting; 8 or 9 (the first taken) is due the big blind.
    s = Seating(9, {1: table("a", [1, 3, 5, 7]), 2: {1: "x", 2: "y"}})
    pos = {1: HandPositions(5, 7, 1)}
    due_seen = 0
    for seed in range(300):
        moves = break_moves(s, 2, seed, pos, last_big_blinds={"x"})
        seats = {m.player: m.to_seat for m in moves}
        assert 6 not in seats.values() and not any(m.free_hand for m in moves)
        due = next((x for x in (8, 9) if x in seats.values()), None)
        assert due is None or seats["x"] != due
        due_seen += due is not None
    assert due_seen > 0
    # only seats 6 and 8 free: y takes the big blind seat 8, x the seat dealt without posting
    s = Seating(9, {1: table("a", [1, 2, 3, 4, 5, 7, 9]), 2: {1: "x", 2: "y"}})
    for seed in range(20):
        got = {m.player: (m.to_seat, m.free_hand) for m in break_moves(s, 2, seed, pos, {"x"})}
        assert got == {"x": (6, True), "y": (8, False)}


def play_down(players: int, rule: BalanceRule, seed: int) -> dict[str, int]:
    """A field played down a round at a time (one hand at every table), busting players at
    random, breaking and balancing by ``rule`` with the rules model's button."""
    rng = random.Random(seed)
    seating = draw_seats(range(players), rule.table_size, seed=seed)
    states = {t: ButtonState(button=min(s)) for t, s in seating.tables.items()}
    last_bb: dict[object, bool] = {}      # did the player's last hand dealt have them post the BB
    stats = {"break": 0, "balance": 0, "bb_twice_after_break": 0, "bb_twice_after_balance": 0,
             "free_arrivals": 0, "rounds": 0}
    moved_by: dict[object, str] = {}
    while len(seating.players()) > 1:
        stats["rounds"] += 1
        vacated: dict[int, list[int]] = {}
        for t in sorted(seating.tables):
            seats = seating.tables[t]
            if len(seats) < 2:
                continue
            pos = states[t].next_hand(seats.keys())
            bb = seats[pos.big_blind]
            if last_bb.get(bb) and bb in moved_by:
                stats["bb_twice_after_" + moved_by[bb]] += 1
            for p in seats.values():
                last_bb[p] = p == bb
            may_bust = len(seats) - (1 if len(seating.tables) == 1 else 2)
            for seat in rng.sample(sorted(seats), rng.randint(0, max(0, min(2, may_bust)))):
                vacated.setdefault(t, []).append(seat)
                seating.remove(seats[seat])
        moved_by = {}
        before = {t: dict(s) for t, s in seating.tables.items()}
        pre = {t: states[t].peek(s.keys()) for t, s in seating.tables.items() if len(s) >= 2}
        posted = {p for p, was in last_bb.items() if was}
        moves = rebalance(seating, rule, lambda t, s: states[t].peek(s.keys()), rng.randrange(2**32),
                          vacated=vacated, last_big_blinds=posted)
        for t in list(states):
            if t not in seating.tables:
                del states[t]
        arrivals: dict[int, list[Move]] = {}
        for m in moves:
            stats[m.reason] += 1
            moved_by[m.player] = m.reason
            if m.reason == "break":
                stats["free_arrivals"] += m.free_hand
                arrivals.setdefault(m.to_table, []).append(m)
        for t, ms in arrivals.items():
            # a seat dealt without posting only when the other free seats ran out
            b, sb, g = pre[t].button, pre[t].small_blind, pre[t].big_blind
            gap = {b} | set(between(b, g if sb is None else sb, rule.table_size))
            good = [x for x in range(1, rule.table_size + 1) if x not in before[t] and x not in gap]
            assert sum(m.free_hand for m in ms) == max(0, len(ms) - len(good))
            assert all(m.free_hand == (m.to_seat in gap) for m in ms)
        counts = seating.counts()
        if len(counts) > 1:
            assert max(counts.values()) - min(counts.values()) < rule.balance_at_difference
            assert min(counts.values()) >= 2
        assert sum(len(s) for s in before.values()) == len(seating.players())
    return stats


@pytest.mark.parametrize("rule", [SHEETS, BalanceRule(9), BalanceRule(10, merge_seats=8,
                                                                       balance_rule="same_position")],
                         ids=["sheets", "worst_position", "ten_merging_at_eight"])
def test_play_downs_nobody_posts_the_big_blind_twice_after_a_break(rule: BalanceRule) -> None:
    total = {"break": 0, "balance": 0, "bb_twice_after_break": 0, "bb_twice_after_balance": 0,
             "free_arrivals": 0}
    for seed in range(12):
        stats = play_down(40, rule, seed)
        for k in total:
            total[k] += stats[k]
    assert total["break"] > 50 and total["balance"] > 0
    assert total["bb_twice_after_break"] == 0
    # free arrivals only where the free seats ran out: checked table by table in play_down


# -- the structure key and the rules model's break draw ---------------------------------

def test_break_draw_is_read_from_the_tables_section(club_text: str) -> None:
    from pyeval.tournament.errors import StructureError
    from pyeval.tournament.structure import load_structure, parse_structure

    assert load_structure("limit_then_nolimit_2500").tables.break_draw == "fair_blinds"
    assert load_structure("two_stage_table_winners").tables.break_draw == "random"
    plain = club_text.replace('break_draw = "fair_blinds"', "")
    assert parse_structure(plain, "club.toml").tables.break_draw == "random"
    bad = club_text.replace('break_draw = "fair_blinds"', 'break_draw = "fair"')
    with pytest.raises(StructureError, match="tables.break_draw is 'fair'; allowed: random, "
                       "fair_blinds") as err:
        parse_structure(bad, "club.toml")
    assert err.value.line == bad.splitlines().index("[tables]") + 1   # the section's line


def test_fair_blinds_rule_draws_by_the_fourth_sheet_without_a_poster_list() -> None:
    # the seats of test_break_draw_never_seats_between_button_and_small_blind_nor_bb_twice:
    # seat 6 of table 1 is dealt without posting; fair_blinds never gives it while others are
    # free, pyeval's random draw does for some seeds
    pos = HandPositions(5, 7, 1)
    rule = BalanceRule(9, merge_seats=6, break_draw="fair_blinds")
    random_rule = BalanceRule(9, merge_seats=6)
    seats_fair: set[int] = set()
    seats_random: set[int] = set()
    for seed in range(200):
        for r, got in ((rule, seats_fair), (random_rule, seats_random)):
            s = Seating(9, {1: table("a", [1, 3, 5, 7]), 2: {1: "x", 2: "y"}})
            moves = rebalance(s, r, lambda t, at: pos, seed)
            assert {m.player for m in moves} == {"x", "y"}
            got |= {m.to_seat for m in moves}
    assert 6 not in seats_fair and 6 in seats_random
    with pytest.raises(ValueError, match="break_draw must be one of random, fair_blinds"):
        BalanceRule(9, break_draw="sometimes")
