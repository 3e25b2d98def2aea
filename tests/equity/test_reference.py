"""Every game against the plain reference (tests/equity/reference.py): exact enumeration by
the kernels must equal brute force over the public C evaluators, to the last bit."""
import random

import pytest

import pyeval
from pyeval.equity import equity, game

from .reference import reference_equity

COMMUNITY = ["holdem", "irish", "pineapple", "crazy-pineapple", "omaha", "omaha5", "omaha6",
             "omaha8", "omaha5-8", "omaha6-8", "super8", "tahoe"]
STUD = ["stud", "stud8", "razz", "australian", "buffalo", "crocodile", "chicago", "stud5",
        "draw5"]


def _text(cs) -> str:
    return "".join("*" if c is None else pyeval.format_card(c) for c in cs)


def _spots(key: str, n: int, seed: int):
    """Random small spots of a game: known hands, a board short of one or two cards, an
    unknown card here and there."""
    rng = random.Random(f"{key}-{seed}")
    g = game(key)
    for _ in range(n):
        P = rng.choice([2, 3])
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(g.hole)] for _ in range(P)]
        dead = [deck.pop() for _ in range(rng.choice([0, 0, 2]))]
        if g.family == "holdem":
            board = [deck.pop() for _ in range(rng.choice([3, 4]))]
            if len(board) == 4 and rng.random() < 0.5:
                hands[rng.randrange(P)][rng.randrange(g.hole)] = None
        else:
            board = []
            for _ in range(rng.choice([1, 2])):
                hands[rng.randrange(P)][rng.randrange(g.hole)] = None
        yield hands, board, dead


@pytest.mark.parametrize("key", COMMUNITY + STUD)
@pytest.mark.slow
def test_against_reference(key: str) -> None:
    for hands, board, dead in _spots(key, 4, 1):
        want = reference_equity(key, hands, board, dead)
        r = equity(key, [_text(h) for h in hands], board, dead, exact=True)
        assert r.exact
        assert r.equities == pytest.approx(want, abs=1e-12), (hands, board, dead)


def test_hi_lo_without_a_low_gives_the_high_hand_the_pot() -> None:
    # no card below 9 on the board: no low is possible, the high hand takes everything
    hands = ["AsAh2s3h", "KcKdQcQd"]
    board = "9c 9d Th Js"
    hi_lo = equity("omaha8", hands, board)
    high = equity("omaha", hands, board)
    assert hi_lo.equities == pytest.approx(high.equities, abs=1e-15)
    assert sum(hi_lo.equities) == pytest.approx(1.0)
    assert all(p.low_win == 0 and p.low_tie == 0 for p in hi_lo.players)


def test_chicago_without_the_ace_of_spades_is_stud() -> None:
    hands = ["KsKh3d4c5d", "QcQdJs9s8s"]
    a = equity("chicago", hands, dead="As", exact=True)
    b = equity("stud", hands, dead="As", exact=True)
    assert a.equities == pytest.approx(b.equities, abs=1e-15)


def test_chicago_ace_of_spades_in_the_hole_takes_half() -> None:
    # As as the first (down) card: at least half the pot whatever happens
    r = equity("chicago", ["As2c3d4h5c6d", "KcKdKhKsQsQh"], exact=True)
    assert r.players[0].low_win == 1.0 and r.players[0].equity == pytest.approx(0.5)
    # As as an up card (position 2) is not in the hole
    r2 = equity("chicago", ["2cKdAs4h5c6d", "KcQdKhKsQsQh"], exact=True)
    assert r2.players[0].low_win == 0.0


def test_stud_with_eight_players_uses_a_community_card() -> None:
    rng = random.Random(8)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(6)] for _ in range(8)]
    want = reference_equity("stud", hands, [], n_players=8)
    r = equity("stud", [_text(h) for h in hands], exact=True)
    assert r.samples == 4 and r.equities == pytest.approx(want, abs=1e-12)
    board = pyeval.format_card(deck[0])
    r2 = equity("razz", [_text(h) for h in hands], board=board)
    assert r2.samples == 1 and r2.exact
