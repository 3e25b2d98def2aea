"""Omaha range notation (issue 37): every documented example's combination count, checked
against a brute force over all four- and five-card hands written here (rank and suit
counts of card arrays from itertools, not pyeval's masks), or a closed formula for six
cards; and the errors bad terms get."""
from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from pyeval.equity.omaha_ranges import parse_omaha_range
from pyeval.equity.ranges import RangeError

A, K, Q, J, T = 12, 11, 10, 9, 8


def _hands(n: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(52), n)), dtype=np.int64)


H4 = _hands(4)
R4 = H4 >> 2
S4 = H4 & 3
RC4 = np.stack([(r == R4).sum(1) for r in range(13)], axis=1)     # cards of each rank
SC4 = np.stack([(s == S4).sum(1) for s in range(4)], axis=1)      # cards of each suit


def _as_set(hands: np.ndarray) -> set[int]:
    return {sum(1 << int(c) for c in h) for h in hands}


def _pattern(sc: np.ndarray, twos: int) -> np.ndarray:
    return ((sc == 2).sum(1) == twos) & ((sc >= 3).sum(1) == 0)


def _suited_with(ranks_needed: tuple[int | None, ...]) -> np.ndarray:
    """Hands with distinct cards of one suit whose ranks are ``ranks_needed`` (None: any)."""
    ok = np.zeros(len(H4), dtype=bool)
    for s in range(4):
        in_s = s == S4
        named = [r for r in ranks_needed if r is not None]
        have = np.ones(len(H4), dtype=bool)
        for r in named:
            have &= ((r == R4) & in_s).any(1)
        have &= in_s.sum(1) >= len(ranks_needed)
        ok |= have
    return ok


FOUR_CARD = {
    "AsKsQhJh": (H4 == 51).any(1) & (H4 == 47).any(1) & (H4 == 42).any(1) & (H4 == 38).any(1),
    "AA**": RC4[:, A] >= 2,
    "AAxx": RC4[:, A] >= 2,
    "AA": RC4[:, A] >= 2,
    "AKQJ": (RC4[:, A] >= 1) & (RC4[:, K] >= 1) & (RC4[:, Q] >= 1) & (RC4[:, J] >= 1),
    "AAKKds": (RC4[:, A] == 2) & (RC4[:, K] == 2) & _pattern(SC4, 2),
    "JT98ss": (RC4[:, [J, T, 7, 6]] == 1).all(1) & _pattern(SC4, 1),
    "AKQJr": (RC4[:, [A, K, Q, J]] == 1).all(1) & _pattern(SC4, 0),
    "[AK]**": _suited_with((A, K)),
    "[A*]**": _suited_with((A, None)),
    "As***": (H4 == 51).any(1),
    "KK+": (RC4[:, K] >= 2) | (RC4[:, A] >= 2),
    "T987+": np.any([(RC4[:, [t, t - 1, t - 2, t - 3]] >= 1).all(1) for t in range(T, A + 1)],
                    axis=0),
    "QQ-99": (RC4[:, [Q, J, T, 7]] >= 2).any(1),
    "AA**!AAA*": RC4[:, A] == 2,
    "AA**ds": (RC4[:, A] >= 2) & _pattern(SC4, 2),
    "random": np.ones(len(H4), dtype=bool),
}

#: the counts docs/equity.md states
DOCUMENTED = {"AsKsQhJh": 1, "AA**": 6961, "AKQJ": 256, "AAKKds": 6, "JT98ss": 144,
              "AKQJr": 24, "[AK]**": 4 * 1225 - 6, "[A*]**": 45880, "As***": 20825,
              "KK+": 13886, "T987+": 1280, "QQ-99": 27628, "AA**!AAA*": 6768,
              "random": 270725}


@pytest.mark.parametrize("term", sorted(FOUR_CARD))
def test_four_card_term_is_the_brute_force_set(term):
    want = H4[FOUR_CARD[term]]
    r = parse_omaha_range(term, 4)
    assert len(r) == len(want)
    assert set(r.masks.tolist()) == _as_set(want)
    if term in DOCUMENTED:
        assert len(r) == DOCUMENTED[term]


def test_at_least_two_aces_is_6961_of_270725():
    r = parse_omaha_range("AA**", 4)
    assert len(r) == 6961 == int((RC4[:, A] >= 2).sum())
    assert r.share == pytest.approx(6961 / 270725, rel=1e-15)


@pytest.mark.slow
def test_five_card_terms_by_brute_force():
    h5 = _hands(5)
    rc = np.stack([((h5 >> 2) == r).sum(1) for r in (A, K)], axis=1)
    sc = np.stack([((h5 & 3) == s).sum(1) for s in range(4)], axis=1)
    assert len(parse_omaha_range("AA", 5)) == int((rc[:, 0] >= 2).sum()) == 108336
    want = (rc[:, 0] >= 2) & (rc[:, 1] >= 2) & _pattern(sc, 2)     # AAAKK counts too
    assert len(parse_omaha_range("AAKKds", 5)) == int(want.sum()) == 684
    assert len(parse_omaha_range("****ss", 5)) == int(_pattern(sc, 1).sum())


@pytest.mark.slow
def test_six_card_counts_by_formula_and_enumeration():
    at_least_two_aces = comb(52, 6) - comb(48, 6) - 4 * comb(48, 5)
    assert len(parse_omaha_range("AA", 6)) == at_least_two_aces == 1_237_792
    # exactly two aces and two kings, double suited (two suits of exactly two cards, none
    # of three): every such hand enumerated as two aces, two kings and two other cards
    others = [c for c in range(52) if c >> 2 not in (A, K)]
    n = 0
    for aces in itertools.combinations(range(4 * A, 4 * A + 4), 2):
        for kings in itertools.combinations(range(4 * K, 4 * K + 4), 2):
            for rest in itertools.combinations(others, 2):
                suits = [c & 3 for c in aces + kings + rest]
                cnt = sorted(suits.count(s) for s in range(4))
                n += cnt == [1, 1, 2, 2]
    r = parse_omaha_range("AAKKds!AAA*!KKK*", 6)
    assert len(r) == n


def test_weights_last_mention_and_brackets():
    r = parse_omaha_range("AA**, 0.25(AAA*)", 4)
    w = dict(zip(r.masks.tolist(), r.weights.tolist()))
    aaa = [m for m in w if bin(m & 0xF << 48).count("1") >= 3]
    assert len(aaa) == 193 and all(w[m] == 0.25 for m in aaa)
    assert r.total_weight == pytest.approx(6768 + 0.25 * 193)
    r = parse_omaha_range("0.5(KK+:0.5, AAKKds)", 4)
    assert r.total_weight == pytest.approx(0.25 * (13886 - 6) + 0.5 * 6)


@pytest.mark.parametrize("bad, says", [
    ("AAAAA", "5 cards named"), ("AsKs+", "cannot step"), ("QQ-9", "same shape"),
    ("zz", "not a rank"), ("[AsK]", "not cards with suits"), ("[A]", "two cards or more"),
    ("AA**!", "'!' takes hands out"), ("AA,,KK", "two commas"), ("0.5(AA", "unbalanced"),
    ("AA:-1", "weight"), ("top x%", "percentage"), ("AAts", "no 4-card hand is 'ts'"),
])
def test_bad_terms_say_what_is_allowed(bad, says):
    with pytest.raises(RangeError) as e:
        parse_omaha_range(bad, 4)
    assert says in str(e.value)


def test_suit_patterns_a_hand_size_cannot_have_are_refused():
    with pytest.raises(RangeError, match="suit patterns of 6 cards: ds, ts"):
        parse_omaha_range("AAss", 6)


@pytest.mark.parametrize("name", ["omaha_hands", "omaha_terms", "omaha_ranges", "omaha_percent",
                                  "omaha_equity", "_omaharange", "omaha_analysis"])
def test_omaha_docstring_examples(name):
    import doctest
    import importlib
    mod = importlib.import_module(f"pyeval.equity.{name}")
    res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert res.attempted > 0 and res.failed == 0


def test_a_range_read_again_is_the_kept_one_and_read_only():
    from pyeval.equity.omaha_ranges import _parse
    text = "AA**, 0.5(KK**)"
    r = parse_omaha_range(text, 4)
    assert parse_omaha_range(text, 4) is r
    assert parse_omaha_range(text, 4, True) is not r          # kept by text, size and order
    fresh = _parse(text, 4, False)
    assert np.array_equal(r.masks, fresh.masks) and np.array_equal(r.weights, fresh.weights)
    assert len(r) == 2 * 6961 - 36 and r.total_weight == 6961 - 36 + 0.5 * 6961   # AAKK: 0.5
    with pytest.raises(ValueError, match="read-only"):
        r.masks[0] = 0
    with pytest.raises(ValueError, match="read-only"):
        r.weights[:] = 1.0
    assert r.without(0) is r and r.normalised() is r           # nothing to take out or scale
    for k in range(9):                                         # the oldest ranges are let go
        parse_omaha_range(f"{'23456789T'[k]}{'23456789T'[k]}**", 4)
    again = parse_omaha_range(text, 4)
    assert again is not r and np.array_equal(again.masks, r.masks)


def test_ranges_read_from_several_threads_match_a_serial_read():
    """The cache of read ranges (8 kept) is shared by threads: 12 texts read by 4 threads
    at once, round and round so that the cache keeps evicting, give each text's own hands."""
    from concurrent.futures import ThreadPoolExecutor

    texts = [f"{r}{r}**" for r in "AKQJT98765432"[:12]]
    want = {t: len(parse_omaha_range(t, 4)) for t in texts}
    jobs = texts * 6
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda t: (t, len(parse_omaha_range(t, 4))), jobs))
    assert got == [(t, want[t]) for t in jobs]
    assert set(want.values()) == {comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1}
