"""The simulator's showdown values agree with the rules model's (pyeval.rules.showdown
.evaluate) on random deals of every game, exactly."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval.games import REGISTRY
from pyeval.rules.showdown import evaluate
from pyeval.sim.kernel.variants.facts import code_of
from pyeval.sim.kernel.variants.showdown import button_value, chicago_part, stud_value

BUTTON = [g.key for g in REGISTRY.family("holdem")]
STUD = [g.key for g in REGISTRY.family("stud")]
DEALS = 400


def _scratch() -> np.ndarray:
    return np.zeros(16, np.uint8)


# each game with the hole cards it shows down with, and those dealt before a discard (Irish
# and the Pineapples all in before it): button_value's pairs path for the second
@pytest.mark.parametrize("key,nh", sorted({(k, n) for k in BUTTON for g in [REGISTRY.game(k)]
                                            for n in (g.hole_cards, g.dealt_hole_cards)}))
def test_button_values_are_the_rules_models(key, nh):
    g = REGISTRY.game(key)
    rng = np.random.default_rng(11)
    code = code_of(key)
    for _ in range(DEALS):
        c = rng.permutation(52)[:nh + 5].astype(np.uint8)
        hole, board = c[:nh].copy(), c[nh:].copy()
        want = evaluate(g, [int(x) for x in hole], board=[int(x) for x in board]).high
        assert button_value(code, hole, nh, board, 5, _scratch()) == want, (key, hole, board)


def _split(g, cards):
    """Down and up cards of a stud hand in dealing order (after any discard)."""
    down = [int(c) for i, c in enumerate(cards) if i in g.down_positions]
    up = [int(c) for i, c in enumerate(cards) if i not in g.down_positions]
    return down, up


@pytest.mark.parametrize("key", STUD)
@pytest.mark.parametrize("community", [False, True])
def test_stud_values_are_the_rules_models(key, community):
    g = REGISTRY.game(key)
    code = code_of(key)
    n = g.hole_cards - (1 if community else 0)     # the last card is the community card
    rng = np.random.default_rng(5 + community)
    low_seen = 0
    for _ in range(DEALS):
        c = rng.permutation(52)[:n + 1].astype(np.uint8)
        if rng.random() < 0.2:      # the ace of spades somewhere (Chicago)
            k = int(rng.integers(n + 1))
            c[c == 51] = c[k]
            c[k] = 51
        cards = c[:n].copy()
        board = c[n:n + 1].copy() if community else np.zeros(1, np.uint8)
        nb = 1 if community else 0
        down, up = _split(g, cards)
        v = evaluate(g, down, up, [int(x) for x in board[:nb]])
        high, second = stud_value(code, cards, n, board, nb, _scratch())
        assert high == v.high, (key, cards, board[:nb])
        assert second == (v.low or 0), (key, cards, board[:nb])
        low_seen += second > 0
    if g.hi_lo:
        assert low_seen > 10        # both outcomes of the second part were checked


def test_chicago_counts_only_down_cards():
    code = code_of("chicago")
    # dealing order: down, down, up, up, up, up, down
    up_ace = pyeval.cards("2c3cAs4d5d6d7h")
    down_ace = pyeval.cards("2cAs3c4d5d6d7h")
    last_ace = pyeval.cards("2c3c4c4d5d6dAs")
    assert [chicago_part(code, h, 7) for h in (up_ace, down_ace, last_ace)] == [0, 1, 1]
    # six cards and a community ace of spades: nobody's down card
    board = pyeval.cards("As")
    high, second = stud_value(code, pyeval.cards("2c3c4c4d5d6d"), 6, board, 1, _scratch())
    assert second == 0 and high == pyeval.best_hand(pyeval.cards("2c3c4c4d5d6dAs"), "")


def test_buffalo_limits_the_first_three_down_cards():
    code = code_of("buffalo")
    # three aces down, then up cards and the last down card: only two of the first three
    cards = pyeval.cards("AcAdAh2s7s9dKc")
    high, _ = stud_value(code, cards, 7, np.zeros(1, np.uint8), 0, _scratch())
    assert high == pyeval.best_hand(pyeval.cards("AcAdAh"), pyeval.cards("2s7s9dKc"), 0, 2)
    assert pyeval.describe(int(high)).startswith("Pair of Aces")
