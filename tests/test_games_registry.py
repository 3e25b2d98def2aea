"""The game registry (pyeval/games.py) and every layer's view of it.

Each layer (rules model, equity engine, tournament structure files, simulator codes) derives
its game table from :data:`pyeval.games.REGISTRY`; these tests check that every view agrees
with the registry on every game, that every name a layer accepted before the registry still
resolves, that the lookup errors say what is allowed, and that a new entry reaches every
layer. A cross-check plays complete deals of every game through both the rules model's
showdown (``pyeval.best_hand`` with the hole-card limits) and the equity kernels (their own
evaluation kinds), so the two readings of the hole limits and splits are tied together.
"""
from __future__ import annotations

import dataclasses
import doctest
import importlib
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

import pyeval.equity.games as eq
import pyeval.rules.games as rg
import pyeval.sim.engine.spec as spec
import pyeval.sim.kernel.layout as layout
import pyeval.tournament.levels as levels
from pyeval import format_cards
from pyeval.games import (
    REGISTRY,
    Choice,
    Game,
    Registry,
    Street,
    UnknownGameError,
    holdem,
    lookup,
    normalize,
    stud,
)
from pyeval.tournament.structure import parse_structure

ROOT = Path(__file__).resolve().parents[1]

# -------------------------------------------------------------------- the catalogue

#: key: (name, family, hole cards at showdown, dealt, board, min_hole, max_hole,
#:       restricted, parts, max players at a table, simulator code)
EXPECTED = {
    "holdem": ("Texas Hold'em", "holdem", 2, 2, 5, 0, None, None, ("high",), 10, 0),
    "omaha": ("Omaha", "holdem", 4, 4, 5, 2, 2, None, ("high",), 10, 1),
    "omaha5": ("5 Card Omaha", "holdem", 5, 5, 5, 2, 2, None, ("high",), 8, 8),
    "omaha6": ("6 Card Omaha", "holdem", 6, 6, 5, 2, 2, None, ("high",), 7, 9),
    "omaha_hilo": ("Omaha Hi/Lo", "holdem", 4, 4, 5, 2, 2, None, ("high", "low8"), 10, 2),
    "omaha5_hilo": ("5 Card Omaha Hi/Lo", "holdem", 5, 5, 5, 2, 2, None, ("high", "low8"), 8, 10),
    "omaha6_hilo": ("6 Card Omaha Hi/Lo", "holdem", 6, 6, 5, 2, 2, None, ("high", "low8"), 7, 11),
    "irish": ("Irish", "holdem", 2, 4, 5, 0, 2, None, ("high",), 10, 12),
    "super_eight": ("Super Eight", "holdem", 3, 3, 5, 0, None, None, ("high",), 10, 13),
    "tahoe": ("Tahoe", "holdem", 3, 3, 5, 0, 2, None, ("high",), 10, 14),
    "pineapple": ("Pineapple", "holdem", 2, 3, 5, 0, 2, None, ("high",), 10, 15),
    "crazy_pineapple": ("Crazy Pineapple", "holdem", 2, 3, 5, 0, 2, None, ("high",), 10, 16),
    "five_card_stud": ("5 Card Stud", "stud", 5, 5, 0, 0, None, None, ("high",), 10, 17),
    "seven_card_stud": ("7 Card Stud", "stud", 7, 7, 0, 0, None, None, ("high",), 8, 3),
    "seven_card_stud_hilo": ("7 Card Stud Hi/Lo", "stud", 7, 7, 0, 0, None, None,
                             ("high", "low8"), 8, 4),
    "razz": ("Razz", "stud", 7, 7, 0, 0, None, None, ("razz",), 8, 5),
    "australian": ("Australian", "stud", 7, 8, 0, 0, None, None, ("high",), 7, 18),
    "buffalo": ("Buffalo", "stud", 7, 7, 0, 0, 2, 3, ("high",), 8, 19),
    "crocodile": ("Crocodile", "stud", 7, 7, 0, 0, 1, 2, ("high",), 8, 20),
    "chicago": ("Chicago", "stud", 7, 7, 0, 0, None, None, ("high", "chicago"), 8, 21),
    "five_card_draw": ("5 Card Draw", "draw", 5, 5, 0, 0, None, None, ("high",), 8, 22),
}
CHOICES = {"dealers_choice": ("Dealer's Choice", "holdem", 6),
           "dealers_choice_stud": ("Dealer's Choice Stud", "stud", 7)}


def test_every_game_of_the_rule_sheets_with_its_facts() -> None:
    assert REGISTRY.keys == (*EXPECTED, *CHOICES)
    for key, want in EXPECTED.items():
        g = REGISTRY.game(key)
        got = (g.name, g.family, g.hole_cards, g.dealt_hole_cards, g.board_cards, g.min_hole,
               g.max_hole, g.restricted, g.parts, g.max_players, g.code)
        assert got == want, key
    for key, (name, family, code) in CHOICES.items():
        c = lookup(key)
        assert isinstance(c, Choice) and (c.name, c.family, c.code) == (name, family, code)


def test_deals_as_the_rule_sheets_write_them() -> None:
    def street_list(key: str) -> list[tuple[str, int, int, int, int]]:
        return [(s.name, s.down, s.up, s.board, s.discard) for s in REGISTRY.game(key).streets]
    assert street_list("irish") == [("preflop", 4, 0, 0, 0), ("flop", 0, 0, 3, 2),
                                    ("turn", 0, 0, 1, 0), ("river", 0, 0, 1, 0)]
    assert street_list("australian")[0] == ("third", 3, 1, 0, 1)
    assert street_list("buffalo")[0] == ("third", 3, 0, 0, 0)
    assert [s.up for s in REGISTRY.game("crocodile").streets] == [1, 1, 1, 1, 1]
    assert [(s.name, s.draw) for s in REGISTRY.game("five_card_draw").streets] == \
        [("deal", False), ("draw", True)]
    assert [s.burn for s in REGISTRY.game("seven_card_stud").streets] == \
        [False, True, True, True, True]
    downs = {k: REGISTRY.game(k).down_positions for k in
             ("seven_card_stud", "australian", "buffalo", "crocodile", "five_card_stud",
              "holdem", "five_card_draw")}
    assert downs == {"seven_card_stud": (0, 1, 6), "australian": (0, 1, 6),
                     "buffalo": (0, 1, 2, 6), "crocodile": (0, 1), "five_card_stud": (0,),
                     "holdem": (), "five_card_draw": ()}
    short = {g.key for g in REGISTRY.games if g.community_last}
    assert short == {"seven_card_stud", "seven_card_stud_hilo", "razz", "australian",
                     "buffalo", "crocodile", "chicago"}


def test_the_dealers_choices_cover_their_families() -> None:
    dc, dcs = (lookup(k) for k in CHOICES)
    assert isinstance(dc, Choice) and isinstance(dcs, Choice)
    # by default the first sheet's hold'em games ("Dealer's may only choose from the games
    # listed above": no 5- or 6-card Omaha); an event may name any game of the family
    assert [g.key for g in REGISTRY.choice_games(dc)] == [
        "holdem", "omaha", "omaha_hilo", "irish", "super_eight", "tahoe", "pineapple",
        "crazy_pineapple"]
    assert [g.key for g in REGISTRY.choice_allowed(dc)] == [k for k, v in EXPECTED.items()
                                                           if v[1] == "holdem"]
    assert REGISTRY.choice_games(dcs) == REGISTRY.choice_allowed(dcs) == REGISTRY.family("stud")
    assert len(REGISTRY.choice_games(dcs)) == 8
    assert REGISTRY.by_code(7) is dcs


# -------------------------------------------------------------------- every layer's view

def test_rules_view() -> None:
    assert list(rg.GAMES) == [g.name for g in REGISTRY.games]
    for g in REGISTRY.games:
        assert rg.GAMES[g.name] is g and rg.game(g.key) is g and rg.game(g.name) is g
    assert tuple(g.name for g in REGISTRY.family("holdem")) == rg.HOLDEM_GAMES
    assert tuple(g.name for g in REGISTRY.family("stud")) == rg.STUD_GAMES
    assert rg.Game is Game and rg.Street is Street
    assert rg.DealersChoice.holdem().games == REGISTRY.choice_games(REGISTRY.choice("dealers_choice"))
    assert rg.DealersChoice.stud().name == "Dealer's Choice Stud"


KINDS = {  # equity key: (evaluation kind, split, down positions, classes)
    "holdem": (eq.KIND_HOLDEM, "none", (), (0, 0)),
    "omaha": (eq.KIND_OMAHA, "none", (), (0,) * 4),
    "omaha5": (eq.KIND_OMAHA, "none", (), (0,) * 5),
    "omaha6": (eq.KIND_OMAHA, "none", (), (0,) * 6),
    "omaha8": (eq.KIND_OMAHA, "low8", (), (0,) * 4),
    "omaha5-8": (eq.KIND_OMAHA, "low8", (), (0,) * 5),
    "omaha6-8": (eq.KIND_OMAHA, "low8", (), (0,) * 6),
    "irish": (eq.KIND_HOLDEM, "none", (), (0, 0)),
    "super8": (eq.KIND_SUPER8, "none", (), (0,) * 3),
    "tahoe": (eq.KIND_TAHOE, "none", (), (0,) * 3),
    "pineapple": (eq.KIND_HOLDEM, "none", (), (0, 0)),
    "crazy-pineapple": (eq.KIND_HOLDEM, "none", (), (0, 0)),
    "stud5": (eq.KIND_FIVE, "none", (0,), (0,) * 5),
    "stud": (eq.KIND_STUD, "none", (0, 1, 6), (0,) * 7),
    "stud8": (eq.KIND_STUD, "low8", (0, 1, 6), (0,) * 7),
    "razz": (eq.KIND_RAZZ, "none", (0, 1, 6), (0,) * 7),
    "australian": (eq.KIND_STUD, "none", (0, 1, 6), (0,) * 7),
    "buffalo": (eq.KIND_BUFFALO, "none", (0, 1, 2, 6), (0, 0, 0, 1, 1, 1, 1)),
    "crocodile": (eq.KIND_CROC, "none", (0, 1), (0, 0, 1, 1, 1, 1, 1)),
    "chicago": (eq.KIND_STUD, "chicago", (0, 1, 6), (0, 0, 1, 1, 1, 1, 0)),
    "draw5": (eq.KIND_FIVE, "none", (), (0,) * 5),
}
#: the most players the equity engine deals (one deck), as before the registry
EQUITY_MAX = {"holdem": 23, "omaha": 11, "omaha5": 9, "omaha6": 7, "omaha8": 11,
              "omaha5-8": 9, "omaha6-8": 7, "irish": 23, "super8": 15, "tahoe": 15,
              "pineapple": 23, "crazy-pineapple": 23, "stud5": 10, "stud": 8, "stud8": 8,
              "razz": 8, "australian": 7, "buffalo": 8, "crocodile": 8, "chicago": 8,
              "draw5": 10}


def test_equity_view() -> None:
    assert list(eq.GAMES) == [g.equity_key for g in REGISTRY.games]
    assert set(eq.GAMES) == set(KINDS)
    for g in REGISTRY.games:
        e = eq.GAMES[g.equity_key]
        assert (e.name, e.family, e.hole, e.board, e.dealt) == \
            (g.name, g.family, g.hole_cards, g.board_cards, g.dealt_hole_cards), g.key
        assert (e.kind, e.split, e.down, e.classes) == KINDS[e.key], e.key
        assert e.max_players == EQUITY_MAX[e.key], e.key
        assert e.community_seventh == g.community_last and e.usage == g.usage
        assert eq.game(g.key) is e and eq.game(g.name) is e and eq.game(e.key) is e
        assert eq.game(g) is e and eq.game(rg.GAMES[g.name]) is e
        assert e.hi_lo == g.hi_lo


def test_equity_kinds_match_the_kernels() -> None:
    from pyeval.equity import _kernels as K
    assert (eq.KIND_HOLDEM, eq.KIND_OMAHA, eq.KIND_SUPER8, eq.KIND_TAHOE, eq.KIND_STUD,
            eq.KIND_RAZZ, eq.KIND_FIVE, eq.KIND_BUFFALO, eq.KIND_CROC) == \
        (K.K_HOLDEM, K.K_OMAHA, K.K_SUPER8, K.K_TAHOE, K.K_STUD, K.K_RAZZ, K.K_FIVE,
         K.K_BUFFALO, K.K_CROC)
    assert (eq.SPLIT_NONE, eq.SPLIT_LOW8, eq.SPLIT_CHICAGO) == (K.SP_NONE, K.SP_LOW8,
                                                                K.SP_CHICAGO)


def test_tournament_view() -> None:
    assert {k for k, v in EXPECTED.items() if v[1] != "stud"} | \
        {"dealers_choice"} == levels.BLIND_GAMES
    assert {k for k, v in EXPECTED.items() if v[1] == "stud"} | \
        {"dealers_choice_stud"} == levels.STUD_GAMES
    assert set(REGISTRY.keys) == levels.GAMES
    for key, name in levels.RULES_GAME.items():
        e = lookup(key)
        if isinstance(e, Choice):
            assert name is None
        else:
            assert name == e.name and rg.GAMES[name] is e
    # every game can be named in a level
    for key in REGISTRY.keys:
        lv = levels.Level(1, key, "fixed_limit", small_blind=5, big_blind=10, ante=1,
                          bring_in=2, small_bet=10, big_bet=20, minutes=20)
        assert lv.is_stud == (key in levels.STUD_GAMES)


def test_simulator_codes() -> None:
    assert REGISTRY.codes() == layout.GAME_CODES
    assert {e.code: e.key for e in REGISTRY} == layout.GAME_NAMES
    # the kernel's constants are the registry's codes (and the codes recorded hands hold)
    kernel_constants = {"holdem": layout.G_HOLDEM, "omaha": layout.G_OMAHA,
                        "omaha_hilo": layout.G_OMAHA8, "seven_card_stud": layout.G_STUD,
                        "seven_card_stud_hilo": layout.G_STUD8, "razz": layout.G_RAZZ,
                        "dealers_choice": layout.G_DEALERS_CHOICE,
                        "dealers_choice_stud": layout.G_DC_STUD}
    assert kernel_constants == {k: layout.GAME_CODES[k] for k in kernel_constants}
    assert kernel_constants == {"holdem": 0, "omaha": 1, "omaha_hilo": 2, "seven_card_stud": 3,
                                "seven_card_stud_hilo": 4, "razz": 5, "dealers_choice": 6,
                                "dealers_choice_stud": 7}
    assert set(layout.STUD_CODES) == {layout.GAME_CODES[k] for k in spec.STUD_GAMES
                                      if not k.startswith("dealers_choice")}
    assert set(spec.SIMULATED_GAMES) <= set(layout.GAME_CODES)
    assert set(spec.STUD_GAMES) <= levels.STUD_GAMES
    assert set(spec.DEFAULT_ROTATION) <= {g.key for g in REGISTRY.family("holdem")}
    assert set(spec.DEFAULT_STUD_ROTATION) <= {g.key for g in REGISTRY.family("stud")}


# -------------------------------------------------------------------- names and lookups

#: every spelling a layer accepted before the registry (the rules model's names and aliases,
#: the equity engine's keys and aliases, tournament structure files, the simulator and the
#: CLI's `compare --game`), by the game it names
SPELLINGS_BY_GAME = {
    "holdem": ("Texas Hold'em", "holdem", "hold'em", "texas holdem", "nlhe", "texas hold'em",
               "he"),
    "omaha": ("Omaha", "omaha high", "plo", "omaha4", "omaha"),
    "omaha5": ("5 Card Omaha", "omaha5", "5 card omaha", "five card omaha", "plo5"),
    "omaha6": ("6 Card Omaha", "omaha6", "6 card omaha", "six card omaha", "plo6"),
    "omaha_hilo": ("Omaha Hi/Lo", "omaha8", "omaha hi-lo", "omaha/8", "plo8", "omaha hi/lo",
                   "omaha hilo", "omaha-hilo", "omaha8 hi/lo", "omaha_hilo"),
    "omaha5_hilo": ("5 Card Omaha Hi/Lo", "omaha5 hi/lo", "omaha5-8", "5 card omaha hi/lo",
                    "omaha5-hilo"),
    "irish": ("Irish", "irish"),
    "super_eight": ("Super Eight", "super8", "super eight", "super 8", "supereight",
                    "super_eight"),
    "tahoe": ("Tahoe", "tahoe"),
    "pineapple": ("Pineapple", "pineapple"),
    "crazy_pineapple": ("Crazy Pineapple", "crazy-pineapple", "crazy pineapple", "crazypineapple",
                        "crazy_pineapple"),
    "five_card_stud": ("5 Card Stud", "five card stud", "stud5", "5 card stud", "five_card_stud"),
    "seven_card_stud": ("7 Card Stud", "seven card stud", "stud", "stud7", "7 card stud", "7stud",
                        "7-card stud", "seven_card_stud"),
    "seven_card_stud_hilo": ("7 Card Stud Hi/Lo", "stud8", "stud hi/lo", "seven card stud hi/lo",
                             "7 card stud hi/lo", "stud-hilo", "stud8 hi/lo",
                             "seven_card_stud_hilo"),
    "razz": ("Razz", "razz"),
    "australian": ("Australian", "australian stud", "australian"),
    "buffalo": ("Buffalo", "buffalo stud", "buffalo"),
    "crocodile": ("Crocodile", "crocodile stud", "crocodile", "croc"),
    "chicago": ("Chicago", "high chicago", "chicago", "chicago stud"),
    "five_card_draw": ("5 Card Draw", "five card draw", "draw", "draw5", "5 card draw",
                       "five_card_draw"),
    "omaha6_hilo": ("omaha6-8", "6 Card Omaha Hi/Lo", "6 card omaha hi/lo", "omaha6 hi/lo",
                    "omaha6-hilo"),
    "dealers_choice": ("dealers_choice",),
    "dealers_choice_stud": ("dealers_choice_stud",),
}
OLD_SPELLINGS = {s: key for key, spellings in SPELLINGS_BY_GAME.items() for s in spellings}


@pytest.mark.parametrize("spelling, key", OLD_SPELLINGS.items())
def test_every_old_spelling_resolves(spelling: str, key: str) -> None:
    assert lookup(spelling).key == key
    assert lookup(spelling.upper()).key == key and lookup(f" {spelling} ").key == key


def test_every_alias_in_the_registry_and_the_layers_resolves() -> None:
    for e in REGISTRY:
        for s in (e.key, e.name, *e.aliases):
            assert lookup(s) is e, s
    for g in eq.GAMES.values():
        for s in (g.key, g.name, *g.aliases):
            assert eq.game(s) is g, s
    for k in layout.GAME_CODES:
        assert lookup(k).code == layout.GAME_CODES[k]
    from pyeval.cli.eval_cmd import LEGACY_GAMES  # `pyeval compare --game` names of old
    for old, key in LEGACY_GAMES.items():
        assert eq.game(old) is eq.game(key), old


#: names the sources use on purpose for games the registry lacks: error examples (typos
#: included) and the hypothetical new games of the examples of extended registries
NOT_GAMES = {"badugi", "Mississippi", "Blackjack", "hold them", "PLO7", "mini holdem",
             "omha hi lo", "crazy pinapple", "seven card studd"}
_NAMED = re.compile(r"""(?:--game|-g) ([A-Za-z0-9_/'-]+)|"""
                    r"""\b(?:equity|make_spot|Hand|game|lookup|of)\("([^"]+)"|"""
                    r'^game = "([^"]+)"', re.M)


def test_every_game_named_in_the_sources_and_docs_resolves() -> None:
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for folder in ("pyeval", "tests", "bench"):
        paths += sorted((ROOT / folder).rglob("*.py")) + sorted((ROOT / folder).rglob("*.toml"))
    named: dict[str, str] = {}
    for p in paths:
        for m in _NAMED.finditer(p.read_text(encoding="utf-8")):
            named.setdefault(next(g for g in m.groups() if g), p.name)
    named = {n: f for n, f in named.items() if n not in NOT_GAMES}
    assert len(named) > 30
    unknown = {n: f for n, f in named.items() if n not in REGISTRY}
    assert not unknown


def test_the_shipped_structure_files_name_registry_games() -> None:
    files = sorted((ROOT / "pyeval" / "tournament" / "examples").glob("*.toml"))
    assert files, "no example structure files"
    seen = set()
    for f in files:
        named = [lv.get("game") for lv in tomllib.loads(f.read_text()).get("levels", [])]
        default = tomllib.loads(f.read_text()).get("level_defaults", {}).get("game")
        for g in {*named, default} - {None}:
            assert g in levels.GAMES and lookup(g).key == g, (f.name, g)
        parsed = {lv.game for lv in parse_structure(f.read_text(), f.name).levels}
        assert parsed <= levels.GAMES
        seen |= parsed
    assert {"holdem", "seven_card_stud"} <= seen


def test_lookup_errors_say_what_is_allowed() -> None:
    with pytest.raises(UnknownGameError) as err:
        lookup("badugi")
    msg = str(err.value)
    assert msg.startswith("unknown game 'badugi'; known games: holdem, omaha, omaha5, ")
    assert all(k in msg for k in REGISTRY.keys) and "names and aliases work too" in msg
    assert isinstance(err.value, ValueError) and "did you mean" not in msg
    with pytest.raises(UnknownGameError, match=r"ignored; did you mean 'Crazy Pineapple'\?$"):
        lookup("crazy pinapple")
    with pytest.raises(ValueError, match=r"known games: holdem, .*; did you mean '7 Card Stud'"):
        eq.game("seven card studd")
    with pytest.raises(TypeError, match="a game is named by a string, not int"):
        lookup(7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="known games: Texas Hold'em, Omaha, 5 Card Omaha"):
        rg.game("badugi")
    with pytest.raises(ValueError, match="'dealers_choice' is Dealer's Choice, a rotation"):
        rg.game("dealers_choice")
    with pytest.raises(ValueError, match="unknown game 'badugi'; known games: holdem, omaha, "):
        eq.game("badugi")
    with pytest.raises(ValueError, match="Dealer's Choice Stud picks one game per hand"):
        eq.game("dealers choice stud")
    with pytest.raises(ValueError, match="a choice of one stud game per hand"):
        REGISTRY.game("dealers_choice_stud")
    with pytest.raises(UnknownGameError, match="no game has the code 99; codes: 0, 1, 2"):
        REGISTRY.by_code(99)
    with pytest.raises(ValueError, match="'holdem' is one game, not a dealer's choice"):
        rg.DealersChoice.of_choice("holdem")
    with pytest.raises(ValueError, match="unknown family 'badugi'; families: holdem, stud, draw"):
        REGISTRY.family("badugi")


def test_normalize() -> None:
    assert normalize("  Seven_Card-Stud Hi/Lo ") == "sevencardstudhilo"
    assert normalize("Texas Hold'em") == normalize("texas holdem") == "texasholdem"


# -------------------------------------------------------------------- a new game

def test_a_new_game_reaches_every_layer() -> None:
    seven = holdem("7 Card Omaha", 7, min_hole=2, max_hole=2, max_players=6, key="omaha7",
                   code=23, aliases=("plo7",), usage="exactly 2 hole cards and 3 board cards")
    mini = stud("Mini Stud", [Street("second", down=1, up=1, bring_in=True),
                              Street("third", up=1, burn=True, big_bet=True)],
                key="mini_stud", code=24)
    reg = REGISTRY.extended(seven, mini)
    assert len(reg) == len(REGISTRY) + 2 and "omaha7" not in REGISTRY
    assert reg.lookup("PLO7") is seven and reg.codes()["omaha7"] == 23
    dc = reg.lookup("dealers_choice")
    assert isinstance(dc, Choice) and reg.choice_allowed(dc)[-1] is seven
    # rules model
    rules = rg.catalogue(reg)
    assert rules["7 Card Omaha"] is seven and rules["Mini Stud"] is mini
    # equity engine
    e = eq.catalogue(reg)["omaha7"]
    assert (e.name, e.hole, e.board, e.kind, e.split, e.max_players) == \
        ("7 Card Omaha", 7, 5, eq.KIND_OMAHA, "none", 6)
    assert "mini_stud" not in eq.catalogue(reg)      # no evaluator for 3-card stud: left out
    with pytest.raises(ValueError, match="no evaluator for Mini Stud: 3 hole cards"):
        eq.equity_game(mini)
    assert eq.game(seven) == e    # a game outside REGISTRY: its view, built on demand
    # tournament structure files
    t = levels.game_tables(reg)
    assert "omaha7" in t.blind and "mini_stud" in t.stud and t.rules["omaha7"] == "7 Card Omaha"
    assert "omaha7" not in levels.GAMES
    # simulator codes
    assert reg.by_code(24) is mini
    # and the rules model plays it
    from pyeval.rules import Hand, Structure
    h = Hand(seven, Structure.pot_limit(1, 2), {0: 100, 1: 100}, button=0, seed=3)
    assert len(h.down[0]) == 7


def test_the_registry_refuses_clashes() -> None:
    g = holdem("Twin", 2, key="twin", code=40)
    with pytest.raises(ValueError, match="two entries have the key 'holdem'"):
        REGISTRY.extended(holdem("Other", 2, key="holdem", code=41))
    with pytest.raises(ValueError, match="'Twin' and \"Texas Hold'em\" share the code 0"):
        REGISTRY.extended(holdem("Twin", 2, key="twin", code=0))
    with pytest.raises(ValueError, match="'PLO' would name both 'Omaha' and 'Twin'"):
        REGISTRY.extended(holdem("Twin", 2, key="twin", code=40, aliases=("PLO",)))
    with pytest.raises(ValueError, match="needs a code >= 0"):
        REGISTRY.extended(holdem("Twin", 2, key="twin"))
    with pytest.raises(ValueError, match="chooses among draw games; there are none"):
        Registry([g, Choice("dc_draw", "Draw Choice", "draw", code=41)])
    with pytest.raises(TypeError, match="a Game or a Choice, not str"):
        Registry(["holdem"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="a key is lowercase snake_case"):
        holdem("Twin", 2, key="Twin Game")
    with pytest.raises(ValueError, match="only stud games restrict"):
        Game("Twin", "holdem", REGISTRY.game("holdem").streets, restricted=2)
    assert holdem("Mini Hold'em").key == "mini_hold_em"


# -------------------------------------------------------------------- rules vs equity

def _rules_shares(g: Game, hands: list[list[int]], board: list[int]) -> list[float]:
    """Each player's share of one pot of a complete deal, from the rules model's showdown."""
    from pyeval.rules.showdown import evaluate
    down_pos = set(g.down_positions)
    vals = []
    for h in hands:
        if g.family == "stud":
            down = [c for i, c in enumerate(h) if i in down_pos]
            up = [c for i, c in enumerate(h) if i not in down_pos]
            vals.append(evaluate(g, down, up))
        else:
            vals.append(evaluate(g, h, board=board))
    n = len(hands)
    shares = [0.0] * n

    def give(amount: float, who: list[int]) -> None:
        for i in who:
            shares[i] += amount / len(who)

    best = max(v.high for v in vals)
    high = [i for i in range(n) if vals[i].high == best]
    lows = [v.low or 0 for v in vals]
    if g.hi_lo and max(lows) > 0:
        give(0.5, high)
        give(0.5, [i for i in range(n) if lows[i] == max(lows)])
    else:
        give(1.0, high)
    return shares


@pytest.mark.parametrize("key", list(EXPECTED))
def test_rules_and_equity_agree_on_complete_deals(key: str) -> None:
    """Both readings of a game's hole-card limits and split give every complete deal the
    same winners (the rules model through ``pyeval.best_hand``, equity through its kernels)."""
    from pyeval.equity import equity
    g = REGISTRY.game(key)
    e = eq.GAMES[g.equity_key]
    limited = g.min_hole > 0 or (g.max_hole is not None and g.max_hole < g.hole_cards)
    loose = dataclasses.replace(g, min_hole=0, max_hole=None, restricted=None)
    rng = np.random.default_rng(sum(map(ord, key)))
    splits = bound = 0
    for _ in range(60):
        deck = [int(c) for c in rng.permutation(52)]
        hands = [deck[i * e.hole:(i + 1) * e.hole] for i in range(3)]
        board = deck[3 * e.hole:3 * e.hole + e.board]
        if g.parts == ("high", "chicago") and 51 not in [c for h in hands for c in h]:
            hands[0][e.down[0]] = 51         # the ace of spades in a hole (not yet dealt)
        want = _rules_shares(g, hands, board)
        got = equity(e.key, [format_cards(h) for h in hands], board=format_cards(board))
        assert [p.equity for p in got.players] == pytest.approx(want, abs=1e-12), \
            (key, [format_cards(h) for h in hands], format_cards(board))
        splits += max(want) < 1
        bound += want != _rules_shares(loose, hands, board)
    if g.hi_lo:
        assert splits > 0, "no deal split the pot: the split was not exercised"
    if limited:   # some deal has another winner when any hole cards may play
        assert bound > 0, "the hole-card limit never decided a deal"


# -------------------------------------------------------------------- documentation

def test_docstring_examples() -> None:
    mod = importlib.import_module("pyeval.games")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20 and result.failed == 0


def test_docs_examples() -> None:
    doc = ROOT / "docs" / "games.md"
    result = doctest.testfile(str(doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0
