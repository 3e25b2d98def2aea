"""Every shipped example and every game of the simulator: chips checked every hand
(``debug=True``), one winner and a complete order, and the same results for one thread and
for two (issue 11, "Checks"). The examples are listed from the shipped files' names, the
games from the simulator's game list, so a new one is covered when it is added. Small
fields and few tournaments: the kernels are the ones the other simulator tests compile (the
hold'em kernel, and the stud-and-draw family for stud, draw and the button variants)."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.sim import simulate
from pyeval.sim.engine.spec import SHEET_BUTTON_GAMES, SHEET_STUD_GAMES, SIMULATED_GAMES, table_limit
from pyeval.tournament.structure import example_names, load_structure

from .conftest import small_structure, stud_structure
from .test_kernel import check_complete

#: what must not depend on the number of threads
SAME = ("duration", "play_minutes", "hands", "final_table_hands", "level", "final_table",
        "rebuys", "addons", "errors", "winner", "tables", "elim_time", "elim_hand", "place",
        "shares", "order", "level_stats", "records", "re_entries", "late_entries")


def assert_same(a, b) -> None:
    for name in SAME:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_the_examples_are_listed_from_the_shipped_files():
    names = example_names()
    assert len(names) >= 8 and {"club_3000", "hands_100k_stud", "hands_100k_holdem",
                                "trust_a_mate_main_event"} <= set(names)


@pytest.mark.parametrize("name", example_names())
def test_every_example_simulates_checked_and_thread_independent(name):
    """The structure's largest field (every level it has), chips checked after every
    hand; the result of one thread is the result of two."""
    s = load_structure(name)
    players = s.entrants.maximum
    one = simulate(s, n=4, seed=11, players=players, debug=True, threads=1)
    assert (one.errors == 0).all()
    check_complete(one)
    assert one.players == players and (one.hands > 0).all()
    assert (one.level >= 1).all() and (one.level <= len(s.levels_for(players))).all()
    two = simulate(s, n=4, seed=11, players=players, debug=True, threads=2)
    assert_same(one, two)


def game_structure(game: str):
    """A small event of ``game``: stud games fixed limit at tables they seat, the draw
    fixed limit at tables of six, the button games (and dealer's choice) pot limit."""
    if game == "five_card_draw":
        return small_structure(game, "fixed_limit", table_size=6)
    if game == "dealers_choice_stud":
        return stud_structure(game)
    if game in SHEET_STUD_GAMES:
        return stud_structure(game, table_size=min(7, table_limit(game)))
    return small_structure(game, "pot_limit")


def test_every_game_is_covered():
    assert set(SHEET_BUTTON_GAMES) | {"dealers_choice", "dealers_choice_stud",
                                      "five_card_draw"} <= set(SIMULATED_GAMES)
    # the games the first sheet names, every one of them in the list above
    assert {"holdem", "omaha", "omaha_hilo", "irish", "super_eight", "tahoe", "pineapple",
            "crazy_pineapple", "five_card_stud", "seven_card_stud", "seven_card_stud_hilo",
            "razz", "australian", "buffalo", "crocodile", "chicago"} <= set(SIMULATED_GAMES)


@pytest.mark.parametrize("game", SIMULATED_GAMES)
def test_every_game_same_results_for_one_thread_and_two(game):
    s = game_structure(game)
    one = simulate(s, n=4, seed=17, debug=True, record_tournaments=4, record_hands=30,
                   threads=1)
    assert (one.errors == 0).all()
    check_complete(one)
    two = simulate(s, n=4, seed=17, debug=True, record_tournaments=4, record_hands=30,
                   threads=2)
    assert_same(one, two)
