"""Every five-, six- and seven-card hand through the public batch API: category counts,
distinct values, and the ace-to-five counts of the issue. Chunks come from
:func:`hands.all_hands` (first cards fixed, the rest vectorised), so memory stays small.
Run with ``--durations`` (on by default) to see each test's time."""
from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

import pyeval
from pyeval.describe import CATEGORY_NAMES

from . import reference
from .hands import all_hands

# category counts, straight flush first (as the issue lists them)
HIGH5 = (40, 624, 3_744, 5_108, 10_200, 54_912, 123_552, 1_098_240, 1_302_540)
HIGH6 = (1_844, 14_664, 165_984, 205_792, 361_620, 732_160, 2_532_816, 9_730_740, 6_612_900)
HIGH7 = (41_584, 224_848, 3_473_184, 4_047_644, 6_180_020, 6_461_620, 31_433_400,
         58_627_800, 23_294_460)


def histogram(fn, k: int, prefix: int) -> np.ndarray:
    """How many k-card hands get each 16-bit value from the batch function ``fn``."""
    hist = np.zeros(1 << 16, dtype=np.int64)
    n = 0
    for chunk in all_hands(k, prefix):
        hist += np.bincount(fn(chunk), minlength=1 << 16)
        n += len(chunk)
    assert n == math.comb(52, k)
    return hist


def by_category(hist: np.ndarray) -> tuple[int, ...]:
    """Counts per category, straight flush first."""
    values = np.nonzero(hist)[0]
    cats = np.bincount(values >> 12, weights=hist[values], minlength=10).astype(np.int64)
    assert cats[0] == 0 and values.max() >> 12 <= 9, "a value outside categories 1..9"
    return tuple(int(c) for c in cats[9:0:-1])


def test_five_card_high_all_2598960():
    hist = histogram(pyeval.high_batch, 5, prefix=0)
    assert hist.sum() == 2_598_960
    assert by_category(hist) == HIGH5
    assert np.count_nonzero(hist) == 7_462
    # every class is described, and no two classes share a description
    values = np.nonzero(hist)[0]
    names = {pyeval.describe(int(v)) for v in values}
    assert len(names) == 7_462
    assert {pyeval.category_name(int(v)) for v in values} == set(CATEGORY_NAMES[1:]) | {
        "Royal Flush"}


@pytest.mark.slow
@pytest.mark.parametrize("k, prefix, hands, categories, classes", [
    (6, 1, 20_358_520, HIGH6, 6_075),
    (7, 2, 133_784_560, HIGH7, 4_824),
], ids=["six_card_20358520", "seven_card_133784560"])
def test_six_and_seven_card_high_all(k, prefix, hands, categories, classes):
    hist = histogram(pyeval.high_batch, k, prefix=prefix)
    assert hist.sum() == hands
    assert by_category(hist) == categories
    assert np.count_nonzero(hist) == classes


@pytest.mark.slow
def test_five_card_razz_and_low8_all_2598960():
    razz = histogram(pyeval.razz_batch, 5, prefix=0)
    assert np.count_nonzero(razz) == 6_175
    low8 = histogram(pyeval.low8_batch, 5, prefix=0)
    assert np.count_nonzero(low8[1:]) == 56
    assert np.nonzero(low8[1:])[0].tolist() == list(range(0, 56))   # values 1..56
    assert low8[1:].sum() == 57_344 == 56 * 4 ** 5
    # the unpaired classes: hands of five distinct ranks
    unpaired = set()
    for chunk in all_hands(5, prefix=0):
        ranks = np.sort(chunk >> 2, axis=1)
        distinct = np.all(ranks[:, 1:] != ranks[:, :-1], axis=1)
        unpaired |= set(np.unique(pyeval.razz_batch(chunk[distinct])).tolist())
    assert len(unpaired) == 1_287 == math.comb(13, 5)
    # the unpaired classes are exactly the 1,287 best razz values
    assert sorted(unpaired) == np.nonzero(razz)[0][-1_287:].tolist()


def reference_low_histogram(kind: str, k: int = 7) -> list[int]:
    """How many k-card hands have each ace-to-five value, by the plain-Python reference:
    lows ignore suits, so every rank multiset (at most four of a rank) stands for
    prod(C(4, count)) hands. Counts are listed from the worst low to the best (and, for
    low8, the hands without a low first)."""
    hist: Counter = Counter()
    for ranks in itertools.combinations_with_replacement(range(13), k):
        cnt = Counter(ranks)
        if max(cnt.values()) > 4:
            continue
        weight = math.prod(math.comb(4, c) for c in cnt.values())
        seen: Counter = Counter()
        hand = []
        for r in ranks:
            hand.append(4 * r + seen[r])
            seen[r] += 1
        hist[reference.best(hand, kind)] += weight
    none = hist.pop(None, 0)
    counts = [hist[key] for key in sorted(hist, reverse=True)]   # smaller key = better low
    return ([none] if kind == "low8" else []) + counts


def our_histogram(hist: np.ndarray, kind: str) -> list[int]:
    counts = hist[np.nonzero(hist)[0]]
    if kind == "low8":
        counts = np.concatenate([[hist[0]], hist[1:][np.nonzero(hist[1:])[0]]])
    return counts.tolist()


@pytest.mark.slow
def test_seven_card_razz_all_133784560():
    """The whole razz histogram of all seven-card hands (value by value, worst to best)
    equals the reference's, computed from the 50,000-odd rank multisets; and the wheel
    count equals inclusion-exclusion over the ranks A..5."""
    hist = histogram(pyeval.razz_batch, 7, prefix=2)
    ref = reference_low_histogram("razz")
    assert hist[0] == 0
    assert our_histogram(hist, "razz") == ref
    wheel = sum((-1) ** m * math.comb(5, m) * math.comb(52 - 4 * m, 7) for m in range(6))
    assert hist[np.nonzero(hist)[0][-1]] == wheel == ref[-1]


@pytest.mark.slow
def test_seven_card_low8_all_133784560():
    """24,530,944 hands make a low; and the whole histogram, value by value, equals the
    reference's (see reference_low_histogram)."""
    hist = histogram(pyeval.low8_batch, 7, prefix=2)
    assert hist.sum() == 133_784_560
    assert hist[1:].sum() == 24_530_944
    assert np.count_nonzero(hist[1:]) == 56 and hist[57:].sum() == 0
    assert our_histogram(hist, "low8") == reference_low_histogram("low8")
