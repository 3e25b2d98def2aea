"""Range notation: every form of the grammar, weights, dead cards and errors."""
import numpy as np
import pytest

import pyeval
from pyeval.cards import hand_kind
from pyeval.equity import RangeError, parse_range


def names(text: str) -> set[str]:
    return {pyeval.format_cards(c) for c in parse_range(text).cards}


@pytest.mark.parametrize("text, n", [
    ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("QQ+", 18), ("22+", 78),
    ("A2s+", 48), ("KTo+", 36), ("KT+", 48), ("22-55", 24), ("55-22", 24),
    ("JTs-76s", 20), ("76s-JTs", 20), ("A2s-A5s", 16), ("AhKh", 1), ("random", 1326),
    ("any", 1326), ("QQ+, AKs", 22), ("AKs,AKo", 16), ("aks", 4), ("AKS", 4), ("T9o", 12),
    ("AK+", 16), ("K2o+", 132),
])
def test_counts(text: str, n: int) -> None:
    r = parse_range(text)
    assert len(r) == n
    assert len({tuple(c) for c in r.cards.tolist()}) == n      # no combination twice
    assert (r.cards[:, 0] > r.cards[:, 1]).all()               # higher card first
    assert r.weights.tolist() == [1.0] * n


def test_members() -> None:
    assert names("QQ+") == names("QQ, KK, AA")
    assert names("JTs-76s") == names("JTs, T9s, 98s, 87s, 76s")
    assert names("KTo+") == names("KTo, KJo, KQo")
    assert names("A2s+") == names("A2s-AKs")
    assert names("AK") == names("AKs, AKo")
    assert names("AhKh") == {"AhKh"}
    assert names("KhAh") == {"AhKh"}
    assert all(a[1] == b for a, b in [(s[:2], s[3]) for s in names("AKs")])


def test_weights_and_last_mention() -> None:
    r = parse_range("0.5(QQ+, 0.5(AKs)), JJ:0.25")
    w = {pyeval.format_cards(c): x for c, x in zip(r.cards, r.weights)}
    assert w["AhAd"] == 0.5 and w["AsKs"] == 0.25 and w["JhJd"] == 0.25
    assert r.total_weight == pytest.approx(18 * 0.5 + 4 * 0.25 + 6 * 0.25)
    r2 = parse_range("QQ+, 0.25(AA)")
    w2 = {pyeval.format_cards(c): x for c, x in zip(r2.cards, r2.weights)}
    assert w2["AhAd"] == 0.25 and w2["KhKd"] == 1.0
    assert not r2.uniform and parse_range("QQ+").uniform


def test_dead_cards() -> None:
    r = parse_range("AA, AKs", dead=[pyeval.card("As")])
    assert len(r) == 3 + 3
    assert len(parse_range("AA").without(pyeval.mask("As Ah"))) == 1


@pytest.mark.parametrize("bad, says", [
    ("", "empty"), ("AKx", "cannot read"), ("QQs", "neither suited"), ("JTs-76o", "same kind"),
    ("JTs-85s", "share the top card"), ("22-AK", "pair cannot run"), ("AhAh", "twice"),
    ("0(AA)", "positive"), ("AA)", "unbalanced"), ("(AA", "unbalanced"), ("AA,,KK", "empty term"),
    ("AA(KK)", "weight goes before"), ("XX+", "cannot read"), ("AA:-1", "cannot read"),
])
def test_errors(bad: str, says: str) -> None:
    with pytest.raises(RangeError, match=says):
        parse_range(bad)


def test_error_lists_the_notation() -> None:
    with pytest.raises(RangeError, match="QQ\\+, AKs, AKo"):
        parse_range("AKx")
    with pytest.raises(TypeError):
        parse_range(["AA"])  # type: ignore[arg-type]


def test_cards_or_range_is_decided_in_one_place() -> None:
    assert hand_kind("QQ+") == "range" and hand_kind("0.5(AA)") == "range"
    assert hand_kind("Ah*") == "cards" and hand_kind("AsKsQs") == "cards"


def test_masks() -> None:
    r = parse_range("AhKh")
    assert int(r.masks[0]) == pyeval.mask("Ah Kh")
    assert r.masks.dtype == np.uint64
