"""Balancing and breaking driven by the rules model's button (pyeval.rules.table).

Whole fields are played down hand by hand with random eliminations: at every table the
rules model says who posts the blinds; between hands tables break and balance. Checked: the
player who moves is the one the model says would be big blind next, they are never seated
between the small blind and the button, a seat chosen between the blinds makes them the big
blind of the next hand, and nobody is lost on the way.
"""

import random

import pytest

from pyeval.rules import betting, games, table
from pyeval.tournament.seating import BalanceRule, balance_move, break_moves, draw_seats, tables_to_break

from .conftest import between


def play_down(players: int, rule: BalanceRule, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    seating = draw_seats(range(players), rule.table_size, seed=seed)
    states = {t: table.ButtonState(button=min(s)) for t, s in seating.tables.items()}
    stats = {"balance": 0, "break": 0, "big_blind_next": 0, "free_hand": 0}
    out: list[int] = []
    while len(seating.players()) > 1:
        # one hand at every table that can deal
        for t in sorted(seating.tables):
            seats = seating.tables[t]
            if len(seats) < 2:
                continue
            states[t].next_hand(seats.keys())
            if rng.random() < 0.35:
                gone = seats[rng.choice(sorted(seats))]
                seating.remove(gone)
                out.append(gone)
        for t in [t for t, s in seating.tables.items() if not s]:
            del seating.tables[t]
            del states[t]
        if len(seating.players()) <= 1:
            break
        # between hands: break, then balance one move at a time, asking the model
        for t in tables_to_break(seating, rule):
            moves = break_moves(seating, t, rng.randrange(2**32))
            seating.apply(moves)
            seating.tables.pop(t, None)
            del states[t]
            stats["break"] += len(moves)
        while True:
            pos = {t: states[t].peek(s.keys()) for t, s in seating.tables.items() if len(s) >= 2}
            counts = seating.counts()
            if len(counts) > 1 and min(counts.values()) < 2:
                pytest.fail("a table was left with one player")
            move = balance_move(seating, pos, rule)
            if move is None:
                break
            src, dst = move.from_table, move.to_table
            assert move.from_seat == states[src].big_blind_next(seating.tables[src].keys())
            seating.apply([move])
            stats["balance"] += 1
            if move.free_hand:           # no other seat: dealt in at once, without posting
                stats["free_hand"] += 1
                continue
            after = states[dst].peek(seating.tables[dst].keys())
            assert move.to_seat != after.button
            if after.small_blind is not None and after.small_blind != after.button:
                assert move.to_seat not in between(after.button, after.small_blind, rule.table_size)
                assert move.to_seat != after.small_blind
            before = pos[dst]
            if before.small_blind is not None and move.to_seat in between(
                    before.small_blind, before.big_blind, rule.table_size):
                assert after.big_blind == move.to_seat
                stats["big_blind_next"] += 1
        counts = seating.counts()
        assert max(counts.values()) - min(counts.values()) < rule.balance_at_difference
        assert sorted(seating.players() + out) == list(range(players))
    return stats


@pytest.mark.parametrize("seed", range(8))
def test_fields_play_down_with_the_rules_button(seed: int) -> None:
    stats = play_down(60, BalanceRule(9), seed)
    assert stats["balance"] > 0 and stats["break"] > 0


def test_two_tables_of_ten_merging_at_eight_with_the_rules_button() -> None:
    stats = play_down(20, BalanceRule(10, merge_seats=8), seed=5)
    assert stats["break"] > 0


def test_worst_seat_between_the_blinds_is_the_next_big_blind() -> None:
    seen = sum(play_down(60, BalanceRule(9), seed)["big_blind_next"] for seed in range(8))
    assert seen > 0


def test_game_and_betting_names_match_the_rules_model() -> None:
    from pyeval.tournament.levels import BETTING, GAMES, RULES_GAME, STUD_GAMES

    assert set(RULES_GAME) == GAMES
    for ours, theirs in RULES_GAME.items():
        if theirs is None:
            assert ours.startswith("dealers_choice")
            continue
        g = games.GAMES[theirs]
        assert (g.family == "stud") == (ours in STUD_GAMES), ours
    assert {m.value for m in betting.Limit} == BETTING
