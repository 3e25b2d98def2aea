"""Seat draw, balancing, breaking and stopping tables."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.tournament.seating import (
    BalanceRule,
    HandPositions,
    Move,
    Seating,
    balance_move,
    break_moves,
    draw_seats,
    rebalance,
    stopped_tables,
    tables_to_break,
    worst_seat,
)


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
