"""Every game of the rule sheets in the simulator: the button variants (Irish, Super Eight,
Tahoe, Pineapple, Crazy Pineapple), 5- and 6-card Omaha (high and hi/lo), every stud game
(5 Card Stud, 7 Card Stud, Hi/Lo, Razz, Australian with seven, Buffalo, Crocodile, Chicago,
with eight at a table) and 5 Card Draw, alone and in Dealer's Choice. Every hand's chips
are checked (debug), every tournament has one winner and a complete order, the same seed
gives the same result for any thread count, and sampled hands replay through the rules
model chip for chip, discards and draws included. The stud and draw tests share this
module so one worker compiles that family."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.games import REGISTRY
from pyeval.sim import simulate
from pyeval.sim.analysis.replay import replay_record
from pyeval.sim.analysis.structure_toml import LevelSpec
from pyeval.sim.engine.spec import SHEET_STUD_GAMES, build_spec, table_limit
from pyeval.sim.kernel.layout import A_DISCARD, A_DRAW, REC_ACT, REC_BOARD, REC_GAME, REC_NACT
from pyeval.sim.kernel.variants.replay import replay_variant

from .conftest import small_structure
from .test_kernel import check_complete

VARIANTS = [("irish", "pot_limit"), ("super_eight", "no_limit"), ("tahoe", "pot_limit"),
            ("pineapple", "no_limit"), ("crazy_pineapple", "fixed_limit")]
#: 5- and 6-card Omaha, pot limit as they are played
BIG_OMAHA = [("omaha5", "pot_limit"), ("omaha6", "pot_limit"), ("omaha5_hilo", "pot_limit"),
             ("omaha6_hilo", "pot_limit")]


def _players(row: np.ndarray) -> list[int]:
    from pyeval.sim.kernel.layout import REC_PLAYER
    return [int(p) for p in row[REC_PLAYER:REC_PLAYER + 10] if p >= 0]


def _discards(row: np.ndarray, code: int = A_DISCARD) -> int:
    n = min(int(row[REC_NACT]), 64)
    return sum(1 for i in range(n) if row[REC_ACT + 4 * i + 2] == code)


@pytest.mark.parametrize("game,betting", VARIANTS + BIG_OMAHA)
def test_variant_tournaments_replay_exactly(game, betting):
    s = small_structure(game, betting)
    r = simulate(s, n=6, seed=23, field="balanced", debug=True, record_tournaments=6,
                 record_hands=100, record_stride=2, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert len(r.records) > 60
    g = REGISTRY.game(game)
    showdowns = discards = 0
    for row in r.records:
        res = replay_variant(row)              # an illegal action would raise here
        assert res.matches, (res.hand, res.rules_stacks)
        h = res.hand
        assert all(len(cs) == g.dealt_hole_cards for cs in h.hole.values())
        if sum(1 for a in h.actions if a[2] == "fold") < len(h.players) - 1:
            showdowns += 1
        discards += _discards(row)
    assert showdowns > 0
    assert (discards > 0) == bool(g.discards)


def test_dealers_choice_over_the_button_games():
    """The default rotation: every hold'em game of the sheets, one a hand in turn."""
    from pyeval.sim.engine.spec import SHEET_BUTTON_GAMES

    games = SHEET_BUTTON_GAMES
    assert len(games) == 8
    s = small_structure("dealers_choice", "pot_limit")
    spec = build_spec(s, debug=True, record_tournaments=4, record_hands=200)
    r = simulate(s, n=4, seed=5, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    played = {int(row[REC_GAME]) for row in r.records}
    assert played == {REGISTRY.game(k).code for k in games}
    for row in r.records:
        res = replay_variant(row)
        assert res.matches, (res.hand, res.rules_stacks)


def _low_at_showdown(h) -> bool:
    """Whether a player still in at the showdown of recorded hand ``h`` holds an
    8-or-better low (the rules model's evaluation)."""
    from pyeval.rules.showdown import evaluate

    g = REGISTRY.game(h.game)
    folded = {seat for _st, seat, a, _to in h.actions if a == "fold"}
    live = [s for s, cs in h.hole.items() if cs and s not in folded]
    return len(live) > 1 and len(h.board) == 5 and any(
        evaluate(g, list(h.hole[s]), board=list(h.board)).low for s in live)


@pytest.mark.parametrize("game", ["omaha5_hilo", "omaha6_hilo"])
def test_big_omaha_hilo_splits_pots_as_the_rules_model(game):
    """Hi/lo with 5 and 6 hole cards: showdowns with a qualifying low (the pot split in
    halves) replay chip for chip, and so do the others (the whole pot to high)."""
    s = small_structure(game, "pot_limit")
    r = _simulate_checked(s, 7, hands=150, stride=1, field="loose_passive")
    lows = highs_only = 0
    for row in r.records:
        res = replay_variant(row)
        assert res.matches, (res.hand, res.rules_stacks)
        folded = sum(1 for a in res.hand.actions if a[2] == "fold")
        if folded < len([c for c in res.hand.hole.values() if c]) - 1:
            if _low_at_showdown(res.hand):
                lows += 1
            else:
                highs_only += 1
    assert lows >= 5 and highs_only >= 5


def test_dealers_choice_with_the_big_omahas():
    """A rotation the director gives may name 5- and 6-card Omaha (the registry's hold'em
    family); the default rotation is the first sheet's list, which does not."""
    from pyeval.sim.engine.spec import DEFAULT_ROTATION

    assert not {"omaha5", "omaha6", "omaha5_hilo", "omaha6_hilo"} & set(DEFAULT_ROTATION)
    rot = {"holdem": 1, "omaha5": 1, "omaha6_hilo": 1, "irish": 1}
    s = small_structure("dealers_choice", "pot_limit")
    spec = build_spec(s, rotation=rot, debug=True, record_tournaments=3, record_hands=150)
    r = simulate(s, n=3, seed=5, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert {int(row[REC_GAME]) for row in r.records} == {REGISTRY.game(k).code for k in rot}
    for row in r.records:
        res = replay_variant(row)
        assert res.matches, (res.hand, res.rules_stacks)
    # 6-card Omaha seats seven: a table of eight cannot deal it
    with pytest.raises(ValueError, match="omaha6_hilo seats at most 7"):
        build_spec(small_structure("dealers_choice", "pot_limit", table_size=8), rotation=rot)


def test_big_omaha_table_limits():
    assert (table_limit("omaha5"), table_limit("omaha6")) == (8, 7)
    with pytest.raises(ValueError, match="6 Card Omaha deals 6 cards each; the simulator "
                                         "seats at most 7"):
        build_spec(small_structure("omaha6", "pot_limit", table_size=8))


def test_dealers_choice_weights():
    s = small_structure("dealers_choice", "pot_limit")
    spec = build_spec(s, rotation={"holdem": 3, "irish": 1, "tahoe": 2})
    n = int(spec.cfg[21])                               # C_N_ROTATION
    codes = [REGISTRY.game(k).code for k in ("holdem", "tahoe", "holdem", "irish", "tahoe",
                                             "holdem")]
    assert spec.rotation[:n].tolist() == codes
    with pytest.raises(ValueError, match="dealer's choice rotates holdem, omaha"):
        build_spec(s, rotation=("holdem", "razz"))
    with pytest.raises(ValueError, match="weight is a whole number >= 1"):
        build_spec(s, rotation={"holdem": 1.5})


@pytest.mark.parametrize("game", ["pineapple", "omaha5", "omaha6", "omaha5_hilo",
                                  "omaha6_hilo"])
def test_same_seed_same_result_any_threads(game):
    s = small_structure(game, "no_limit" if game == "pineapple" else "pot_limit")
    a = simulate(s, n=8, seed=9, threads=1)
    b = simulate(s, n=8, seed=9, threads=2)
    assert np.array_equal(a.place, b.place) and np.array_equal(a.duration, b.duration)
    assert np.array_equal(a.hands, b.hands)


@pytest.mark.parametrize("game", ["seven_card_stud", "razz", "seven_card_stud_hilo"])
def test_stud_with_eight_at_a_table(game):
    from .conftest import stud_structure

    s = stud_structure(game, table_size=8, entrants=16)
    r = simulate(s, n=6, seed=31, field="loose_passive", debug=True, record_tournaments=6,
                 record_hands=400, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert len(r.records) > 200 and max(len(h) for h in map(_players, r.records)) == 8
    for row in r.records:
        res = replay_variant(row)       # the deck order: the rules model decides the deal
        assert res.matches, (res.hand, res.rules_stacks)


def test_stud_community_card_in_the_simulator():
    """Stacks of one ante: everybody is all-in before the cards and sees seventh street,
    where eight players need more cards than the deck holds."""
    from pyeval.sim.kernel.layout import REC_BOARD

    from .conftest import stud_structure

    s = stud_structure("seven_card_stud", table_size=8, entrants=8, starting=25)
    r = simulate(s, n=4, seed=2, debug=True, record_tournaments=4, record_hands=50,
                 threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    community = 0
    for row in r.records:
        res = replay_variant(row)
        assert res.matches, (res.hand, res.rules_stacks)
        community += row[REC_BOARD] >= 0
    assert community >= 4


# ---------------------------------------------------------------- stud games and the draw

NEW_STUD = ["five_card_stud", "australian", "buffalo", "crocodile", "chicago"]


def _simulate_checked(s, seed: int, n: int = 4, hands: int = 60, stride: int = 3,
                      field: str = "balanced"):
    """A debug run (chips checked every hand) of ``n`` tournaments that all end with one
    winner and a complete order, its sampled hands recorded."""
    r = simulate(s, n=n, seed=seed, field=field, debug=True, record_tournaments=n,
                 record_hands=hands, record_stride=stride, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    return r


def _replay_all(records) -> tuple[int, int]:
    """Replay every record (through replay_record, which every game takes); returns
    (hands, showdowns)."""
    showdowns = 0
    for row in records:
        res = replay_record(row)            # an illegal action would raise here
        assert res.matches, (res.hand, res.rules_stacks)
        h = res.hand
        if sum(1 for a in h.actions if a[2] == "fold") < len(h.players) - 1:
            showdowns += 1
    return len(records), showdowns


@pytest.mark.parametrize("game", NEW_STUD)
def test_stud_game_tournaments_replay_exactly(game):
    from .conftest import stud_structure

    g = REGISTRY.game(game)
    s = stud_structure(game, table_size=min(7, table_limit(game)))
    r = _simulate_checked(s, 41)
    hands, showdowns = _replay_all(r.records)
    assert hands > 80 and showdowns > 5
    assert {int(row[REC_GAME]) for row in r.records} == {g.code}
    kept = {len(replay_record(row).hand.hole[s_]) for row in r.records[:40]
            for s_ in replay_record(row).hand.hole}
    assert max(kept) == g.hole_cards          # Australian holds 7 after its discard
    assert (sum(_discards(row) for row in r.records) > 0) == bool(g.discards)


def test_five_card_stud_ten_at_a_table_deals_the_community_card():
    """Ten players of one ante each are all in before the cards: fifth street needs eleven
    cards (a burn and ten) of the ten left, so one community card is dealt."""
    from .conftest import stud_structure

    assert table_limit("five_card_stud") == 10 and table_limit("australian") == 7
    s = stud_structure("five_card_stud", table_size=10, entrants=10, starting=25)
    r = simulate(s, n=3, seed=2, debug=True, record_tournaments=3, record_hands=40,
                 threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    _replay_all(r.records)
    assert sum(int(row[REC_BOARD] >= 0) for row in r.records) >= 3


def test_australian_seven_at_a_table_deals_the_community_card_from_the_muck():
    """Seven players of one ante each are all in before the cards: after three rounds of
    seven and three burns no card is left for seventh street, and the rules model deals
    the community card from its reshuffled muck (the three burns and seven discards). The
    simulator draws it from the same cards: every hand replays chip for chip, with a
    discarded card in the middle in some hands and a burned one in others."""
    import dataclasses

    from pyeval.sim.kernel.variants.replay import cards_of_mask, stud_deck

    from .conftest import stud_structure

    g = REGISTRY.game("australian")
    s = stud_structure("australian", table_size=7, entrants=7, starting=25)
    r = _simulate_checked(s, 2, n=30, hands=5, stride=1)
    discarded = burned = 0
    for row in r.records:
        res = replay_record(row)
        assert res.matches, (res.hand, res.rules_stacks)
        h = res.hand
        gone = [c for _st, _s, a, to in h.actions if a == "discard" for c in cards_of_mask(to)]
        # 7 x 4 cards, a burn and 7 cards three times: the deck is dealt to its last card
        assert len(gone) == 7 and all(len(cs) == 6 for cs in h.hole.values())
        assert len(h.board) == 1
        order, _seed = stud_deck(g, h)
        burns = [order[28], order[36], order[44]]
        assert h.board[0] in gone + burns
        discarded += h.board[0] in gone
        burned += h.board[0] in burns
    assert len(r.records) == 30 and discarded >= 5 and burned >= 3
    # a card from outside the muck cannot be the community card: the replay refuses it
    h = replay_record(r.records[0]).hand
    held = h.hole[min(h.hole)][0]
    with pytest.raises(ValueError, match="is not in the muck"):
        replay_record(dataclasses.replace(h, board=[held]))


def test_australian_refuses_eight_at_a_table():
    from .conftest import stud_structure

    with pytest.raises(ValueError, match="Australian deals 8 cards each; the simulator seats "
                                         "at most 7"):
        build_spec(stud_structure("australian", table_size=8))


@pytest.mark.parametrize("betting", ["fixed_limit", "no_limit"])
def test_five_card_draw_tournaments_replay_exactly(betting):
    s = small_structure("five_card_draw", betting, table_size=6)
    r = _simulate_checked(s, 17)
    hands, showdowns = _replay_all(r.records)
    assert hands > 80 and showdowns > 10
    draws = [int(row[REC_ACT + 4 * i + 3]) for row in r.records
             for i in range(min(int(row[REC_NACT]), 64)) if row[REC_ACT + 4 * i + 2] == A_DRAW]
    # stand pat (mask 0) and one- to five-card draws all occur
    counts = {bin(m).count("1") for m in draws}
    assert {0, 1, 3} <= counts and max(counts) <= 5


#: the first sheet's draw: antes and the low / high limit, no blinds (small stacks: the
#: tournaments end in a few hundred hands)
DRAW_ANTES = [LevelSpec(0, 0, 25, small_bet=50, big_bet=100),
              LevelSpec(0, 0, 50, small_bet=100, big_bet=200),
              LevelSpec(0, 0, 100, small_bet=200, big_bet=400),
              LevelSpec(0, 0, 200, small_bet=400, big_bet=800)]


@pytest.mark.parametrize("betting", ["fixed_limit", "no_limit"])
def test_five_card_draw_with_antes_only_replays_exactly(betting):
    """No blinds: every hand opens with the first player left of the dealer, facing nothing
    (a check or a bet of the small bet), and replays through the rules model with
    ``Structure(..., small_blind=0, big_blind=0)`` chip for chip."""
    from pyeval.sim.kernel.layout import (
        A_CHECK,
        A_RAISE,
        REC_ANTE,
        REC_BB,
        REC_BUTTON,
        REC_PLAYER,
        REC_SB,
        REC_SMALL_BET,
        REC_STACK,
    )

    s = small_structure("five_card_draw", betting, table_size=6, levels=DRAW_ANTES)
    assert all(lv.antes_only for lv in s.levels)
    r = _simulate_checked(s, 19)
    hands, showdowns = _replay_all(r.records)
    assert hands > 80 and showdowns > 10
    opened = 0
    for row in r.records:
        assert row[REC_SB] == 0 and row[REC_BB] == 0
        behind = {q: int(row[REC_STACK + q]) - int(row[REC_ANTE]) for q in range(6)
                  if row[REC_PLAYER + q] >= 0}          # chips behind the ante
        b = int(row[REC_BUTTON])
        able = [q for q in sorted(behind) if behind[q] > 0]
        if len(able) < 2:
            continue
        left = min((q for q in able if q > b), default=able[0])
        street, seat, code, to = (int(x) for x in row[REC_ACT:REC_ACT + 4])
        assert street == 0 and seat == left and code in (A_CHECK, A_RAISE)
        if code == A_RAISE:          # the opening bet: the small bet (all-in for less)
            bet = min(int(row[REC_SMALL_BET]), behind[seat])
            assert to == bet if betting == "fixed_limit" else to >= bet
        opened += 1
    assert opened > 60


def test_stud_and_draw_same_seed_same_result_any_threads():
    from .conftest import stud_structure

    for s in (stud_structure("australian", table_size=7), small_structure("five_card_draw")):
        a = simulate(s, n=6, seed=9, threads=1)
        b = simulate(s, n=6, seed=9, threads=2)
        assert np.array_equal(a.place, b.place) and np.array_equal(a.duration, b.duration)


def test_dealers_choice_stud_over_every_stud_game():
    """The default rotation: every stud game of the sheets the table seats, one a hand."""
    from .conftest import stud_structure

    s = stud_structure("dealers_choice_stud", table_size=6)
    spec = build_spec(s, debug=True, record_tournaments=3, record_hands=120)
    r = simulate(s, n=3, seed=5, spec=spec, threads=1)
    assert (r.errors == 0).all()
    check_complete(r)
    assert {int(row[REC_GAME]) for row in r.records} == {REGISTRY.game(k).code
                                                         for k in SHEET_STUD_GAMES}
    _replay_all(r.records)
    # at seven a table Australian is in the default rotation, at eight it is left out
    spec7 = build_spec(stud_structure("dealers_choice_stud"))
    assert REGISTRY.game("australian").code in set(spec7.rotation.tolist())
    spec8 = build_spec(stud_structure("dealers_choice_stud", table_size=8))
    assert REGISTRY.game("australian").code not in set(spec8.rotation.tolist())
    with pytest.raises(ValueError, match="australian seats at most 7"):
        build_spec(stud_structure("dealers_choice_stud", table_size=8),
                   stud_rotation=("australian",))


@pytest.mark.parametrize("players", [8, 10, 14, 20, 28])
def test_stud_sheet_event_plays_the_levels_of_its_field(players):
    """The first sheet's stud event ("Levels Beyond This Only For 10+ Players" after level
    6), its levels counted in hands at each table: a field of 8 plays levels 1-6 and ends in
    the sixth, which goes on; fields of 10, 14, 20 and 28 play all eight and end past level
    6 (docs/simulation.md has the table of 100 tournaments a field)."""
    import warnings

    from pyeval.sim.engine.engine import SimulatorGapWarning
    from pyeval.tournament import load_structure

    s = load_structure("hands_100k_stud")
    levels = len(s.levels_for(players))
    assert levels == (6 if players < 10 else 8) and len(s.levels) == 8
    with warnings.catch_warnings():
        warnings.simplefilter("error", SimulatorGapWarning)     # simulated as written
        r = simulate(s, n=3, seed=1, players=players, debug=True)
    assert (r.errors == 0).all()
    check_complete(r)
    assert r.players == players and r.level_stats.shape[1] == levels
    if players < 10:
        assert r.level.tolist() == [6, 6, 6]
    else:
        assert r.level.min() >= 7 and r.level.max() == 8


def _late_raises(row: np.ndarray) -> int:
    """Bets and raises by a seat that had already acted in that betting round."""
    from pyeval.sim.kernel.layout import A_RAISE

    acted: set[tuple[int, int]] = set()
    n = 0
    for i in range(min(int(row[REC_NACT]), 64)):
        street, seat, code = (int(x) for x in row[REC_ACT + 4 * i:REC_ACT + 4 * i + 3])
        if code in (A_DISCARD, A_DRAW):
            continue
        if code == A_RAISE and (street, seat) in acted:
            n += 1
        acted.add((street, seat))
    return n


@pytest.mark.parametrize("betting", ["fixed_limit", "no_limit"])
def test_five_card_draw_no_raise_once_past_the_dealer(betting):
    """The first sheet's draw: "no Raises are permitted once the betting has passed around
    to the Dealer". With ``raises_first_turn_only`` nobody bets or raises on a second turn
    of a round, and every hand replays through the rules model with the rule on (which
    refuses such a raise); the same seed without the rule re-raises."""
    from pyeval.rules.betting import IllegalAction
    from pyeval.sim.kernel.layout import REC_FIRST_TURN

    on = small_structure("five_card_draw", betting, table_size=6, raises_first_turn_only=True)
    off = small_structure("five_card_draw", betting, table_size=6)
    assert on.raises_first_turn_only and not off.raises_first_turn_only
    r_on = _simulate_checked(on, 17)
    r_off = _simulate_checked(off, 17)
    assert (r_on.records[:, REC_FIRST_TURN] == 1).all()
    assert (r_off.records[:, REC_FIRST_TURN] == 0).all()
    hands, showdowns = _replay_all(r_on.records)
    assert hands > 80 and showdowns > 10
    assert sum(_late_raises(row) for row in r_on.records) == 0
    late = [row for row in r_off.records if _late_raises(row) > 0]
    assert len(late) >= 3
    assert not np.array_equal(r_on.place, r_off.place)
    # the replay reads the rule from the record: a re-raise is refused with it on
    for row in late[:3]:
        assert replay_record(row).matches
        strict = row.copy()
        strict[REC_FIRST_TURN] = 1
        with pytest.raises(IllegalAction, match="passed around to the dealer"):
            replay_record(strict)
