"""Bounded fuzzing of hand histories: damaged JSON histories and damaged PHH records either
replay or raise the module's own error (HistoryError / PHHError) naming what was wrong;
never a KeyError, AttributeError, TypeError or any other error from inside.

Derandomized (a fixed seed) with a fixed number of examples and a fixed time budget per test
(tests/fuzz_budget.py), so the examples are the same every time and the run is bounded in
time.
"""
import copy
import json

import numpy as np
import pytest
from damage import damage
from fuzz_budget import within_budget
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.rules import Hand, Structure, phh
from pyeval.rules.hand import HistoryError
from pyeval.rules.play import play_random

FUZZ = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])
FUZZ_BUDGET_S = 15.0


def _played(game, structure, n, seed, **kw):
    h = Hand(game, structure, {s: 60 + 15 * s for s in range(n)}, button=n - 1, seed=seed, **kw)
    return play_random(h, np.random.default_rng(seed))


BASES = [
    _played("Texas Hold'em", Structure.no_limit(1, 2), 4, 1).history(),
    _played("Omaha Hi/Lo", Structure.fixed_limit(2, 4), 3, 2).history(),
    _played("7 Card Stud", Structure.stud(1, 2, 4, 8), 4, 3).history(),
    _played("5 Card Draw", Structure.fixed_limit(2, 4), 3, 4).history(),
    _played("Texas Hold'em", Structure.no_limit(5, 10, ante=10, ante_by="big_blind",
                                                straddles=(20,)), 4, 5,
            showdown="ask").history(),
]

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                 st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
                 st.lists(st.integers(-3, 60), max_size=4),
                 st.dictionaries(st.text(max_size=4), st.integers(-5, 5), max_size=3))


def _paths(d, prefix=()):
    out = [prefix] if prefix else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += _paths(v, prefix + (i,))
    return out


@st.composite
def damaged_json(draw):
    d = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(d)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        how = draw(st.sampled_from(["delete", "replace", "truncate"]))
        if how == "delete" or (how == "truncate" and not isinstance(parent[path[-1]], list)):
            del parent[path[-1]]
        elif how == "replace":
            parent[path[-1]] = draw(JUNK)
        else:
            lst = parent[path[-1]]
            del lst[draw(st.integers(0, max(0, len(lst) - 1))):]
    return d


@FUZZ
@given(damaged_json())
@pytest.mark.slow
@within_budget(FUZZ_BUDGET_S)
def test_damaged_json_histories_raise_only_the_modules_error(d):
    try:
        Hand.replay(d)
    except HistoryError as e:
        assert str(e).startswith("hand history: ")
    # anything else (KeyError, TypeError, AttributeError, ...) fails the test


@FUZZ
@given(st.sampled_from(BASES), st.floats(0, 0.99))
@within_budget(FUZZ_BUDGET_S)
def test_truncated_json_text(d, cut):
    text = json.dumps(d)
    with pytest.raises(HistoryError):
        Hand.replay(text[:int(len(text) * cut)])


PHH_BASES = [
    phh.dumps(_played("Texas Hold'em", Structure.no_limit(1, 2), 4, 1)),
    phh.dumps(_played("7 Card Stud Hi/Lo", Structure.stud(1, 2, 4, 8), 3, 6)),
    phh.dumps(_played("Omaha", Structure.pot_limit(5, 10, ante=10, ante_by="big_blind",
                                                   bb_ante_order="ante_first"), 3, 7)),
]
TOKENS = ["p1", "p9", "d", "dh", "db", "cc", "cbr", "f", "sm", "sd", "pb", "??", "Ah", "Ah",
          "1.5", "-3", "inf", "nan", "1e400", "x", "", "'", "[", "]", "#", "=", "0"]


def _replace_word(draw, lines, i):
    words = lines[i].split(" ")
    k = draw(st.integers(0, len(words) - 1))
    words[k] = draw(st.sampled_from(TOKENS))
    lines[i] = " ".join(words)


def _cut(draw, lines, i):
    lines[i] = lines[i][:draw(st.integers(0, len(lines[i])))]


@st.composite
def damaged_phh(draw):
    lines = draw(st.sampled_from(PHH_BASES)).splitlines()
    return "\n".join(damage(draw, lines, 3, {"token": _replace_word, "cut": _cut}))


@FUZZ
@given(damaged_phh())
@within_budget(FUZZ_BUDGET_S)
def test_damaged_phh_records_raise_only_the_modules_error(text):
    try:
        for rec in phh.loads(text, "fuzz.phh"):
            phh.replay(rec)
    except phh.PHHError as e:
        assert str(e).startswith("fuzz.phh") and e.kind in phh.CLASSES


def test_a_deck_too_short_for_the_hand_is_a_history_error():
    # found by the fuzz test above: a truncated deck ran out while dealing (RuntimeError)
    h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, seed=3)
    d = h.to_json() if isinstance(h.to_json(), dict) else json.loads(h.to_json())
    d["deck"]["order"] = d["deck"]["order"][:1]
    with pytest.raises(HistoryError, match="hand history: "):
        Hand.replay(d)
