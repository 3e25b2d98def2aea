"""Two level keys of the first rule sheet's "Stud & Other" and dealer's choice events:
``choices`` (the games a dealer's choice button may name, with weights) and 5 Card Draw
with antes only ("ante, one draw, the dealer's left opens")."""

from __future__ import annotations

import pytest
from sheet_structures import CHOICE, DRAW

from pyeval.tournament.errors import StructureError
from pyeval.tournament.levels import Level, check_level
from pyeval.tournament.structure import parse_structure


def test_draw_levels_with_antes_only() -> None:
    s = parse_structure(DRAW, "draw.toml")
    assert [(lv.ante, lv.small_blind, lv.big_blind, lv.small_bet, lv.big_bet) for lv in s.levels] == [
        (100, 0, 0, 600, 1000), (200, 0, 0, 1000, 2000), (400, 0, 0, 2000, 4000)]
    assert all(lv.antes_only for lv in s.levels)
    # blinds as before: not antes only
    blinds = parse_structure(DRAW.replace("ante = 100\n", "small_blind = 300\nbig_blind = 600\n"),
                             "d.toml")
    assert not blinds.levels[0].antes_only and blinds.levels[1].antes_only


@pytest.mark.parametrize("change, message", [
    ("ante = 100\n", "five_card_draw needs blinds, or an ante above 0"),    # nothing forced
    ("small_bet = 600\n", "with antes only needs small_bet above 0 .the opening bet"),
    ("ante = 100\n", "small_blind must be above 0"),                         # half a blind
])
def test_draw_without_blinds_needs_an_ante_and_a_bet(change: str, message: str) -> None:
    if message.startswith("small_blind"):
        text = DRAW.replace(change, "ante = 100\nbig_blind = 600\n", 1)
    else:
        text = DRAW.replace(change, "", 1)
    with pytest.raises(StructureError, match=message):
        parse_structure(text, "bad.toml")


def test_other_ante_only_levels_are_refused() -> None:
    no_limit = Level(1, "five_card_draw", "no_limit", ante=100, hands=6)
    with pytest.raises(Exception, match="with antes only needs small_bet above 0"):
        check_level(no_limit, 0)
    check_level(Level(1, "five_card_draw", "no_limit", ante=100, small_bet=600, hands=6), 0)
    with pytest.raises(Exception, match="every player antes"):
        check_level(Level(1, "five_card_draw", "fixed_limit", ante=100, small_bet=600,
                          big_bet=1000, ante_by="button", hands=6), 0)
    with pytest.raises(Exception, match="big_blind must be above 0"):      # hold'em: blinds
        check_level(Level(1, "holdem", "no_limit", ante=100, small_bet=600, hands=6), 0)


def test_dealers_choice_weights_from_the_file() -> None:
    s = parse_structure(CHOICE, "dc.toml")
    assert [lv.choices for lv in s.levels] == [(("holdem", 3), ("omaha", 1), ("tahoe", 2))] * 2
    listed = CHOICE.replace("choices = {holdem = 3, omaha = 1, tahoe = 2}",
                            'choices = ["holdem", "irish"]')
    assert parse_structure(listed, "dc.toml").levels[0].choices == (("holdem", 1), ("irish", 1))
    # a level's own choices replace the defaults
    own = CHOICE.replace("[[levels]]\nsmall_blind = 1000",
                         '[[levels]]\nchoices = {omaha_hilo = 1}\nsmall_blind = 1000')
    assert [lv.choices for lv in parse_structure(own, "dc.toml").levels] == [
        (("holdem", 3), ("omaha", 1), ("tahoe", 2)), (("omaha_hilo", 1),)]
    # without choices: every game of the family, as before
    plain = CHOICE.replace("choices = {holdem = 3, omaha = 1, tahoe = 2}\n", "")
    assert parse_structure(plain, "dc.toml").levels[0].choices == ()


@pytest.mark.parametrize("choices, message, line", [
    ("{holdem = 3, razz = 1}", "dealers_choice chooses among holdem, .*; not 'razz'", 0),
    ("{holdem = 0}", r"level_defaults.choices.holdem: a weight is a whole number of at least 1, "
                     r"got 0", 6),
    ("{holdem = 1.5}", "a weight is a whole number of at least 1, got 1.5", 6),
    ("{holdem = true}", "a weight is a whole number of at least 1, got True", 6),
    ('["holdem", "holdem"]', "names a game twice; give weights as a table", 6),
    ("[]", "names no game", 6),
    ("{}", "names no game", 6),
    ('"holdem"', "must be a table of game = weight, or a list of games", 6),
])
def test_bad_choices_are_refused(choices: str, message: str, line: int) -> None:
    text = CHOICE.replace("{holdem = 3, omaha = 1, tahoe = 2}", choices)
    with pytest.raises(StructureError, match=message) as err:
        parse_structure(text, "dc.toml")
    if line:
        assert err.value.line == text.splitlines().index(f"choices = {choices}") + 1


def test_choices_only_on_a_dealers_choice_level() -> None:
    text = CHOICE.replace('game = "dealers_choice"', 'game = "holdem"')
    with pytest.raises(StructureError, match="choices are for a dealer's choice level"):
        parse_structure(text, "dc.toml")
    stud = Level(1, "dealers_choice_stud", "fixed_limit", ante=25, bring_in=25, small_bet=50,
                 big_bet=100, hands=6, choices=(("razz", 2), ("holdem", 1)))
    with pytest.raises(Exception, match="dealers_choice_stud chooses among five_card_stud"):
        check_level(stud, 0)
