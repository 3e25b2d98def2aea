"""Cards, masks and their text (the card index 4 * rank + suit and the text forms of `pyeval.cards`)."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval import card, cards, deck, format_card, format_cards, from_mask, mask


def test_index_is_four_rank_plus_suit():
    assert [card(t) for t in ("2c", "2d", "2h", "2s", "3c", "Ac", "As")] == [0, 1, 2, 3, 4, 48, 51]
    for r, rank in enumerate("23456789TJQKA"):
        for s, suit in enumerate("cdhs"):
            assert card(rank + suit) == 4 * r + s
            assert format_card(4 * r + s) == rank + suit


def test_text_forms():
    want = [50, 34, 34, 34]
    assert [card(t) for t in ("Ah", "Th", "th", "10h")] == want[:1] + want[1:]
    assert card("ah") == card("AH") == card("A♥") == card("a♡") == 50
    assert cards("A♣ 8♠ 6♦ 4♠ 2♣").tolist() == [48, 27, 17, 11, 0]
    assert format_cards(cards("A♣ 8♠ 6♦ 4♠ 2♣")) == "Ac8s6d4s2c"
    assert cards("A♣8♠6♦4♠2♣").tolist() == cards("Ac 8s 6d 4s 2c").tolist()
    assert cards("10h9h").tolist() == cards("Th 9h").tolist() == [34, 30]
    assert cards("Ah, Kd;Qs").tolist() == [50, 45, 43]
    assert cards(["Ah", "Kd"]).tolist() == cards([50, 45]).tolist() == [50, 45]
    assert cards("").tolist() == []
    assert format_cards([50, 45], sep=" ") == "Ah Kd"
    a = cards("Ah Kd")
    assert a.dtype == np.uint8 and a.ndim == 1


def test_masks_and_deck():
    assert mask("2c 2d") == 0b11
    assert mask("As") == 1 << 51
    assert from_mask(mask("Ah Kd 2c")).tolist() == [0, 45, 50]
    assert deck().tolist() == list(range(52)) and deck().dtype == np.uint8
    assert mask(deck()) == (1 << 52) - 1
    with pytest.raises(ValueError, match="outside 0..51"):
        from_mask(1 << 52)


@pytest.mark.parametrize("text, match", [
    ("Ax", r"unknown card 'Ax'"),
    ("1h", r"unknown card '1h'"),
    ("Ah Zz", r"unknown card 'Zz'"),
    ("11h", r"unknown card '11h'"),
    ("AhKd!", r"unknown card '!'"),
])
def test_unknown_tokens_are_named(text, match):
    with pytest.raises(ValueError, match=match) as e:
        cards(text)
    assert "rank 2-9, T (or 10), J, Q, K, A" in str(e.value)   # says what is allowed


def test_repeats_and_counts_are_named():
    with pytest.raises(ValueError, match="card 'Ah' appears twice"):
        cards("Ah Kd ah")
    with pytest.raises(ValueError, match="card 'Ah' appears twice"):
        cards([50, 50])
    with pytest.raises(ValueError, match="expected 2 cards, got 3"):
        cards("Ah Kd Qs", 2)
    with pytest.raises(ValueError, match="expected 4 or 5 or 6 cards, got 3"):
        pyeval.omaha_high("Ah Kd Qs", "2c 3c 4c 5c 6c")
    with pytest.raises(ValueError, match="expected exactly one card, got 2"):
        card("AhKd")
    with pytest.raises(ValueError, match="card 52 is outside 0..51"):
        card(52)
    with pytest.raises(ValueError, match="outside 0..51"):
        cards([0, 60])
    with pytest.raises(TypeError, match="a card is a string or an int"):
        card(1.5)
    with pytest.raises(TypeError, match="expected text, a sequence of cards or an array"):
        cards(3.0)


def test_one_tokenizer_with_wildcards_and_kinds():
    from pyeval.cards import hand_kind, tokens
    assert tokens("A♥ 10h, 9s;2c") == [50, 34, 31, 0]
    assert tokens("AsAh**", wild=True) == [51, 50, None, None]
    assert tokens("?? 8c", wild=True) == [None, None, 24]
    with pytest.raises(ValueError, match="unknown card '\\*'"):
        tokens("Ah*")                                   # wildcards only where allowed
    assert [hand_kind(t) for t in ("AhKh", "Ah Kh", "Ah, Kh", "AhKh, AsKs", "QQ+", "random",
                                   "ANY", "**", "top 10%", "A10s", "Ah10h")] == \
        ["cards", "cards", "cards", "range", "range", "random", "random", "cards", "range",
         "range", "cards"]
    assert hand_kind("AhKh, AsKs", ranges=False) == "cards"


@pytest.mark.parametrize("text", ["Aſ", "Kſ", "Aſ Kd", "AK", "A\u0455"])
def test_look_alike_suits_are_refused(text):
    with pytest.raises(ValueError, match="unknown card") as e:
        cards(text)
    assert "rank 2-9, T (or 10), J, Q, K, A" in str(e.value)


def test_from_mask_refuses_what_is_not_a_whole_number() -> None:
    # issue 13: from_mask(1.5) gave a raw operator error
    for bad in (1.5, float("nan"), True, "3", None):
        with pytest.raises(TypeError, match="a mask is a whole number with bits 0..51 set"):
            from_mask(bad)  # type: ignore[arg-type]
    assert from_mask(np.uint64(9)).tolist() == [0, 3]
