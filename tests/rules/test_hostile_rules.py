"""The rules model and PHH against hostile input (issue 40): every example of the issue
refused with a clear error, and seeded fuzzers (tests/hostile.py's generators) that fail on
any call that neither returns nor refuses on purpose."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.cards import format_card
from pyeval.rules import Hand, Structure, phh

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fuzz_budget import within_budget
from hostile import PHH_HANDS, classify, phh_case, rules_case

NL = Structure.no_limit(1, 2)
STACKS = {0: 100, 1: 100}


@pytest.mark.parametrize("kw, kind, msg", [
    ({"seed": "x"}, TypeError, r"seed must be an integer from 0 to 2\*\*64 - 1, not str 'x'"),
    ({"seed": 2**64}, ValueError, r"seed must be an integer from 0 to 2\*\*64 - 1 \(18446744073709551615\)"),
    ({"seed": -1}, ValueError, "seed must be"),
    ({"seed": True}, TypeError, "seed must be"),
    ({"seed": 1.0}, TypeError, "seed must be"),
    ({"seed": 1, "odd_chip": "x"}, ValueError, "odd_chip must be one of 'left_of_button'"),
    ({"seed": 1, "hole": {0: 5}}, TypeError, "expected text, a sequence of cards"),
    ({"seed": 1, "hole": 5}, TypeError, "hole must map seats to cards"),
    ({"seed": 1, "board": 7}, TypeError, "expected text, a sequence of cards"),
    ({"seed": 1, "button": 1.0}, ValueError, "button must be a seat number"),
    ({"seed": 1, "button": "a"}, ValueError, "button must be a seat number"),
    ({"seed": 1, "posts": [1]}, TypeError, "a posts must map seats to chips"),
    ({"seed": 1, "showdown": ["auto"]}, ValueError, "showdown must be one of"),
])
def test_the_issues_hand_arguments_are_refused_clearly(kw, kind, msg) -> None:
    with pytest.raises(kind, match=msg):
        Hand("holdem", NL, STACKS, **kw)


@pytest.mark.parametrize("key", ["²", "１", "-1", " 1", "x", True, 1.0, None])
def test_a_seat_key_is_digits_or_a_whole_number(key) -> None:
    with pytest.raises(ValueError, match="stacks: seat"):
        Hand("holdem", NL, {key: 100, 5: 100}, seed=1)
    assert Hand("holdem", NL, {"0": 100, 1: 100}, seed=1).seats == (0, 1)


def test_cards_given_as_a_number_are_refused_where_they_are_used() -> None:
    h = Hand("five_card_draw", Structure.fixed_limit(2, 4), STACKS, seed=3)
    while h.phase == "betting":
        h.act("check" if "check" in h.legal().actions else "call")
    assert h.phase != "over"
    with pytest.raises(TypeError, match="expected text, a sequence of cards"):
        h.act("draw", cards=5)


def _replay(text: str) -> None:
    for rec in phh.loads(text, "t.phh"):
        phh.replay(rec)


@pytest.mark.parametrize("old, new, msg", ids=["finishing_stacks_5", "min_bet_empty", "min_bet_two",
                                               "nested_3000"], argvalues=[
    ("finishing_stacks = [5950.5, 3500, 2050]", "finishing_stacks = 5",
     r"the replay ends with stacks \['5950.5', '3500', '2050'\], the record says \['5', '5', '5'\]"),
    ("min_bet = 200", "min_bet = []", "field 'min_bet' must be one number, got"),
    ("min_bet = 200", "min_bet = [200, 300]", "field 'min_bet' must be one number"),
    ("actions = [", "actions = " + "[" * 3000 + "]" * 3000 + "\nx = [", "nested too deeply"),
])
def test_the_issues_phh_records_are_refused_clearly(old, new, msg) -> None:
    text = PHH_HANDS[0]
    assert old in text
    with pytest.raises(phh.PHHError, match=msg):
        _replay(text.replace(old, new, 1))


def test_a_long_action_list_is_refused_not_recursed() -> None:
    head = PHH_HANDS[0].split("actions")[0]
    text = head + "actions = [" + ", ".join(["'d dh p1 ????'"] * 20_000) + "]\n"
    with pytest.raises(phh.PHHError):
        _replay(text)


FAST = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
SLOW = settings(FAST, max_examples=5_000)


def _no_finding(gen, seed: int) -> None:
    case = gen(random.Random(seed))
    out = classify(case.fn, *case.args, **case.kwargs)
    assert out.kind != "finding", f"{out.detail}\n{case.label[:2000]}"


@FAST
@given(st.integers(0, 2**63))
@within_budget(4.0)
def test_fuzz_hand_and_actions(seed: int) -> None:
    _no_finding(rules_case, seed)


@FAST
@given(st.integers(0, 2**63))
@within_budget(3.0)
def test_fuzz_phh(seed: int) -> None:
    _no_finding(phh_case, seed)


@pytest.mark.slow
@SLOW
@given(st.integers(0, 2**63))
@within_budget(30.0)
def test_fuzz_hand_and_phh_larger_budget(seed: int) -> None:
    _no_finding(rules_case, seed)
    _no_finding(phh_case, seed)


def test_the_rules_fast_card_reader_is_the_tokenizers() -> None:
    """rules/deck.py reads two-letter card text without the general parser (speed): every
    card and every pair of cards reads as pyeval.cards reads it; anything else goes to it."""
    from pyeval.cards import cards
    from pyeval.rules.deck import UNKNOWN, _as_cards, _fast
    names = [format_card(c) for c in range(52)]
    for a in names:
        assert _fast(a, False) == cards(a).tolist()
        for b in names:
            if a != b:
                assert _fast(a + b, False) == cards(a + b).tolist()
    assert _fast("AsAs", False) is None and _fast("10h", False) is None
    assert _fast("As??", True) == [cards("As")[0], UNKNOWN] and _fast("As??", False) is None
    assert _as_cards("Ah 10d", "hole") == cards("Ah 10d").tolist()
