"""One hand per call (csrc/single.c through pyeval.evaluate): the fast forms (a tuple or
list of ints, ASCII text, a uint8 array, high7's seven ints) give exactly the general
path's values and, when the C check refuses a hand, exactly the general path's error."""
from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval import evaluate
from pyeval._native import lib

KINDS = [(pyeval.high, lib.pe_high, None), (pyeval.razz, lib.pe_razz, "razz"),
         (pyeval.low8, lib.pe_low8, "8")]


def _outcome(fn, *args):
    try:
        return ("value", fn(*args))
    except (ValueError, TypeError) as e:
        return (type(e).__name__, str(e))


def test_every_fast_form_gives_the_general_paths_value() -> None:
    rng = np.random.default_rng(40)
    for n in range(1, 8):
        for _ in range(300):
            hand = rng.permutation(52)[:n].astype(np.uint8)
            ints = [int(c) for c in hand]
            text = pyeval.format_cards(ints, sep=" " if n % 2 else "")
            for fn, one, low in KINDS:
                want = evaluate._general(pyeval.format_cards(ints), one, low)
                got = [fn(tuple(ints)), fn(ints), fn(text), fn(text.lower()), fn(hand),
                       fn(hand.astype(np.int64)), fn(hand[::-1].copy()[::-1])]
                assert got == [want] * len(got), (fn.__name__, ints)
                if n == 7 and fn is pyeval.high:
                    assert pyeval.high7(*ints) == want
                    assert pyeval.high7(*hand) == want       # numpy ints


def test_known_values_through_each_form() -> None:
    royal = pyeval.high("As Ks Qs Js Ts")
    assert royal >> 12 == 9 and royal == pyeval.high((51, 47, 43, 39, 35))
    assert pyeval.high7(51, 47, 43, 39, 35, 0, 1) == pyeval.high("AsKsQsJsTs2c2d") == royal
    assert pyeval.high("10s Js,Qs;Ks\tAs") == royal
    assert pyeval.low8((48, 0, 4, 8, 12)) == 56 and pyeval.low8("8c 7d 6h 5s 4c") == 1
    assert pyeval.low8([36, 40, 44, 0, 4]) == 0


BAD = [
    ((51, 51, 3, 4, 5), r"appears twice"),
    ([52, 1, 2, 3, 4], r"outside 0\.\.51"),
    ((-1, 1, 2, 3, 4), r"outside 0\.\.51"),
    ((2**40, 1, 2, 3, 4), r"outside 0\.\.51"),
    ((2**40, 1, 2, 3, 4, 5, 6), r"outside 0\.\.51"),          # seven: the 7-int C call
    ([-2**31 - 1, 1, 2, 3, 4, 5, 6], r"outside 0\.\.51"),
    ((True, 5, 9, 13, 17, 21, 25), r"not bool"),
    ((51, 51, 1, 2, 3, 4, 5), r"appears twice"),
    ((51, 47.0, 1, 2, 3, 4, 5), r"not float"),
    ((True, 5, 9, 13, 17), r"not bool"),
    ([0, 5, 9, 13, False], r"not bool"),
    ((1, 5, 9, 13, np.True_), r"not bool"),
    ((1.0, 5, 9, 13, 17), r"not float"),
    ((), r"got 0"),
    ("", r"got 0"),
    ("AsAs", r"appears twice"),
    ("As Kx", r"unknown card"),
    ("As 1h", r"unknown card"),
    ("AhKh Qh", None),
    (np.array([51, 51], np.uint8), r"appears twice"),
    (np.array([[1, 2]], np.uint8), r"1-d array"),
    (None, r"expected text, a sequence of cards or an array, not NoneType"),
]


@pytest.mark.parametrize(("hand", "message"), BAD)
def test_refusals_are_the_general_paths(hand, message) -> None:
    for fn, one, low in KINDS:
        got = _outcome(fn, hand)
        assert got == _outcome(evaluate._general, hand, one, low)
        if message is not None:
            assert got[0] in ("ValueError", "TypeError") and re.search(message, got[1]), got


def test_more_than_seven_cards_take_the_best_five() -> None:
    eight = (51, 47, 43, 39, 35, 0, 1, 2)
    assert pyeval.high(eight) == pyeval.high(eight[:5])
    assert pyeval.high(pyeval.format_cards(eight)) == pyeval.high(eight[:5])


@pytest.mark.parametrize("args", [(51, 51, 1, 2, 3, 4, 5), (52, 1, 2, 3, 4, 5, 6),
                                  (-1, 1, 2, 3, 4, 5, 6), (2**70, 1, 2, 3, 4, 5, 6),
                                  (True, 5, 9, 13, 17, 21, 25), (1.5, 5, 9, 13, 17, 21, 25),
                                  (None, 5, 9, 13, 17, 21, 25),
                                  (np.array("n"), 5, 9, 13, 17, 21, 25)])
def test_high7_refuses_as_high_does(args) -> None:
    got = _outcome(pyeval.high7, *args)
    assert got[0] != "value" and got == _outcome(pyeval.high, args)


def test_high7_takes_what_high_takes() -> None:
    assert pyeval.high7("As", 47, 43, 39, 35, 0, 1) == pyeval.high("AsKsQsJsTs2c2d")


ASCII_HAND = st.text(alphabet="23456789TJQKAtjqka10cdhsCDHSxX ,;\t\n*", max_size=24)


@settings(max_examples=400, deadline=None)
@given(ASCII_HAND)
def test_the_c_text_reader_agrees_with_the_tokenizer(text: str) -> None:
    # the C reader (pe_one_text) is a copy of pyeval.cards.tokens for ASCII, kept for
    # speed: whatever it accepts must be what the tokenizer reads
    b = text.encode()
    for kind, (fn, one, low) in enumerate(KINDS):
        v = lib.pe_one_text(b, len(b), kind)
        general = _outcome(evaluate._general, text, one, low)
        if v >= 0:
            assert general == ("value", v), (text, kind)
        assert _outcome(fn, text) == general


OMAHA = [(pyeval.omaha_high, lib.pe_omaha_high), (pyeval.omaha_low8, lib.pe_omaha_low8)]


def _omaha_general(one, hole, board) -> int:
    h, b = evaluate._omaha_args(hole, board)
    return int(one(evaluate._ptr(h), len(h), evaluate._ptr(b), len(b)))


def test_omaha_fast_forms_give_the_general_paths_value() -> None:
    rng = np.random.default_rng(41)
    for nh in (4, 5, 6):
        for nb in (3, 4, 5):
            for _ in range(150):
                deal = [int(c) for c in rng.permutation(52)[:nh + nb]]
                hole, board = deal[:nh], deal[nh:]
                for fn, one in OMAHA:
                    want = _omaha_general(one, np.array(hole, np.uint8), np.array(board, np.uint8))
                    got = [fn(tuple(hole), tuple(board)), fn(hole, board),
                           fn(pyeval.format_cards(hole), pyeval.format_cards(board, sep=" ")),
                           fn(np.array(hole, np.uint8), np.array(board, np.uint8))]
                    assert got == [want] * 4, (fn.__name__, hole, board)


@pytest.mark.parametrize(("hole", "board", "message"), [
    ("As Ah Ks Qh", "As Kd Kc", r"both in the hole and on the board"),
    ((51, 50, 47, 42), (51, 45, 44), r"both in the hole and on the board"),
    ("As Ah Ks", "Ad Kd Kc", r"expected 4 or 5 or 6 cards, got 3"),
    ("As Ah Ks Qh", "Ad Kd", r"expected 3 or 4 or 5 cards, got 2"),
    ((51, 50, 47, 42, 1, 2, 3), (4, 5, 6), r"expected 4 or 5 or 6 cards, got 7"),
    ((51, 50, 47, True), (4, 5, 6), r"not bool"),
    ((51, 50, 47, 52), (4, 5, 6), r"outside 0\.\.51"),
    ((51, 50, 47, 0), [False, 5, 6], r"not bool"),
    ("As Ah Ks Qx", "Ad Kd Kc", r"unknown card"),
    ("A♠ A♥ K♠ Q♥", "Ad Kd Kc", None),
])
def test_omaha_refusals_are_the_general_paths(hole, board, message) -> None:
    for fn, one in OMAHA:
        got = _outcome(fn, hole, board)
        assert got == _outcome(_omaha_general, one, hole, board)
        if message is not None:
            assert got[0] in ("ValueError", "TypeError") and re.search(message, got[1]), got
