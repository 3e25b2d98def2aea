"""Behaviour statistics: exact counts on hand-made hands, the simulator's hands and the
shared real hands read by the same code."""
from __future__ import annotations

import tarfile
from dataclasses import replace
from pathlib import Path

import pytest

from pyeval.sim import simulate
from pyeval.sim.players.stats import Hand, between, from_record, measure
from pyeval.sim.players.stats_phh import PHHError, hand_from_toml, read_hands

PHH = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "phh" / "hands.tar.xz"


def H(actions, stacks=(1000, 1000, 1000, 1000), blinds=(5, 10, 0, 0), ante=0, after=None,
      level=1):
    n = len(stacks)
    return Hand(stacks=tuple(stacks), blinds=tuple(blinds), antes=(ante,) * n, big_blind=10,
                actions=tuple(actions), level=level, after=after)


# seats 0 SB, 1 BB, 2 UTG, 3 button
LIMPED = H([(0, 2, "call", 0), (0, 3, "call", 0), (0, 0, "call", 0), (0, 1, "call", 0),
            (1, 0, "call", 0), (1, 1, "raise", 20), (1, 2, "fold", 0), (1, 3, "call", 0),
            (1, 0, "fold", 0), (2, 1, "call", 0), (2, 3, "call", 0), (3, 1, "call", 0),
            (3, 3, "call", 0)])
RAISED = H([(0, 2, "raise", 30), (0, 3, "raise", 90), (0, 0, "fold", 0), (0, 1, "fold", 0),
            (0, 2, "call", 0), (1, 2, "call", 0), (1, 3, "raise", 100), (1, 2, "fold", 0)])
LIMP_CALL = H([(0, 2, "call", 0), (0, 3, "raise", 40), (0, 0, "fold", 0), (0, 1, "fold", 0),
               (0, 2, "call", 0), (1, 2, "call", 0), (1, 3, "raise", 50), (1, 2, "fold", 0)])
ALLIN = H([(0, 2, "raise", 300), (0, 3, "call", 0), (0, 0, "fold", 0), (0, 1, "fold", 0)],
          stacks=(1000, 1000, 300, 1000), after=(995, 990, 0, 1315))
WALK = H([(0, 2, "fold", 0), (0, 3, "fold", 0), (0, 0, "fold", 0)])


def test_exact_counts_on_made_hands():
    s = measure([LIMPED, RAISED, LIMP_CALL, ALLIN, WALK])["all"]
    c = s.count
    assert c["hands"] == 5 and c["player_hands"] == 20
    # VPIP: limped 4 (the BB's check is not), raised 2, limp-call 2, all-in 2
    assert c["vpip"] == 3 + 2 + 2 + 2
    assert c["pfr"] == 0 + 2 + 1 + 1
    assert c["limp"] == 3 + 0 + 1 + 0          # UTG, button, SB completes; the limp-caller
    assert c["limped_pots"] == 2
    assert (c["limp_raised"], c["limp_call"]) == (1, 1)
    # 3-bet chances: facing exactly one raise (RAISED: the button, who 3-bets, then the
    # blinds face two; LIMP_CALL: SB, BB, the limper; ALLIN: button, SB, BB)
    assert (c["three_bet_chance"], c["three_bet"]) == (7, 1)
    assert c["flops"] == 4 and c["flop_players"] == 4 + 2 + 2 + 2
    assert c["player_flops"] == 10
    # c-bets: RAISED, the 3-bettor bets (the opener had checked first: still a c-bet,
    # nobody bet before); LIMP_CALL, the raiser bets; LIMPED has no pre-flop raiser
    assert (c["cbet_chance"], c["cbet"]) == (2, 2)
    assert (c["cbet_faced"], c["fold_cbet"]) == (2, 2)
    assert c["showdowns"] == 2                 # LIMPED and the called all-in
    assert c["allin_called"] == 1
    assert s.players_per_flop() == 2.5
    # pots in big blinds: 4x1 + 2x2 (flop bet called) = 8; RAISED 0.5+1+9+9 = 19.5 (the
    # uncalled flop bet back); LIMP_CALL 0.5+1+4+4 = 9.5; ALLIN 0.5+1+30+30 = 61.5; WALK
    # 1 (the big blind's uncalled half back)
    assert sorted(s.pots) == [1.0, 8.0, 9.5, 19.5, 61.5]
    assert s.pot_median() == 9.5
    # open raises: RAISED to 3 BB, LIMP_CALL to 4 BB; ALLIN's all-in open is not one
    assert sorted(s.opens) == [3.0, 4.0] and s.open_median() == 3.5
    assert (c["hands_known_after"], c["eliminations"]) == (1, 1)
    assert s.hands_per_elimination() == 1.0
    assert s.rate("vpip") == 9 / 20 and s.rate("limp_call") == 1.0


def test_groups_by_depth_and_level():
    short = H([(0, 2, "raise", 120), (0, 3, "fold", 0), (0, 0, "fold", 0), (0, 1, "fold", 0)],
              stacks=(120, 120, 120, 120), level=3)
    by_bb = measure([short, RAISED], by="bb")
    assert set(by_bb) == {"10-15", "100-150"}
    assert by_bb["10-15"].count["pfr"] == 1 and by_bb["100-150"].count["pfr"] == 2
    by_m = measure([short], by="m")
    assert list(by_m) == ["5-10"]              # 120 / (5 + 10) = M 8
    assert list(measure([short, RAISED], by="level")) == ["3", "1"]
    with pytest.raises(ValueError, match="group by"):
        measure([short], by="stack")


def test_bad_hands_are_refused():
    with pytest.raises(ValueError, match="bad action"):
        H([(0, 7, "call", 0)])
    with pytest.raises(ValueError, match="big blind"):
        Hand((10, 10), (5, 10), (0, 0), 0, ())
    with pytest.raises(PHHError, match="TOML"):
        hand_from_toml("variant = ")


def test_phh_adapter_reads_as_hand_made():
    text = """
variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [5, 10, 0, 0]
starting_stacks = [1000, 1000, 1000, 1000]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 cbr 30',
           'p4 cbr 90', 'p1 f', 'p2 f', 'p3 cc', 'd db AcKd2h', 'p3 cc', 'p4 cbr 100',
           'p3 f']
"""
    h = hand_from_toml(text)
    assert h is not None and replace(h, level=1) == RAISED
    assert hand_from_toml("variant = 'FR'\nstarting_stacks = [1, 2]") is None


def test_simulator_records_measured():
    r = simulate("club_3000", n=3, seed=5, players=18, record_tournaments=3,
                 record_hands=400, field="balanced")
    hands = [from_record(row) for row in r.records]
    s = measure([h for h in hands if h is not None])["all"]
    c = s.count
    assert c["hands"] == len(r.records)
    # every tournament's 17 eliminations are among the recorded hands
    assert c["eliminations"] == 3 * 17
    assert 0 < c["pfr"] <= c["vpip"] < c["player_hands"]
    assert c["showdowns"] <= c["hands"]


@pytest.mark.skipif(not PHH.is_file(), reason="the shared real hands (../shared/data/phh) "
                    "are not here: a fresh clone without the shared data")
def test_real_online_hands(tmp_path):
    with tarfile.open(PHH) as t:
        members = [m for m in t.getmembers()
                   if m.name.removeprefix("./").startswith("handhq_copy/")]
        t.extractall(tmp_path, members=members, filter="data")
    hands = [h for p in sorted((tmp_path / "handhq_copy").glob("*.phhs"))
             for h in read_hands(p)]
    assert len(hands) == 2989
    s = measure(hands)["all"]
    c = s.count
    assert c["hands"] == 2989 and c["player_hands"] == 12661
    # 1000NL online, 2009 (many short-handed tables): measured 30.6 / 21.5, 11 % limped
    # pots, 38 % of hands seeing a flop, 13 % showdowns
    assert s.rate("vpip") == pytest.approx(0.306, abs=0.001)
    assert s.rate("pfr") == pytest.approx(0.215, abs=0.001)
    assert s.rate("limped_pots") == pytest.approx(0.110, abs=0.001)
    assert s.rate("flops") == pytest.approx(0.377, abs=0.001)
    assert s.rate("showdowns") == pytest.approx(0.131, abs=0.001)


def test_by_player_counts_each_players_own_decisions():
    from pyeval.sim.players.stats import PLAYER_RATES, by_player, combine

    # the same four players in every seat order: ann, bob, cy, dee (seats 0-3), then
    # rotated one seat in the second copy of each hand
    names = ("ann", "bob", "cy", "dee")
    rot = names[1:] + names[:1]
    hands = [replace(h, players=p) for h in (LIMPED, RAISED, LIMP_CALL, ALLIN, WALK)
             for p in (names, rot)]
    p = by_player(hands)
    assert sorted(p) == sorted(names)
    assert all(s.count["hands"] == s.count["player_hands"] == 10 for s in p.values())
    # seat 2 (UTG) is cy, then dee: cy limped (LIMPED), opened (RAISED), limp-called,
    # shoved; and as the seat-1 player of the rotation (BB) checked, folded, folded, folded
    cy = p["cy"].count
    assert (cy["vpip"], cy["pfr"], cy["limp"], cy["limp_call"]) == (4, 2, 2, 1)
    # the c-bets are the pre-flop raiser's: seat 3 in RAISED and LIMP_CALL (dee, then ann)
    assert (p["dee"].count["cbet_chance"], p["dee"].count["cbet"]) == (2, 2)
    assert (p["ann"].count["cbet_chance"], p["ann"].count["cbet"]) == (2, 2)
    # opens: UTG to 3 BB in RAISED (cy, then dee), the button to 4 BB in LIMP_CALL (dee,
    # then ann); the all-in is no open
    assert (p["cy"].opens, sorted(p["dee"].opens), p["ann"].opens) == ([3.0], [3.0, 4.0], [4.0])
    # every per-player count adds up to the table's counts of the same hands
    whole = measure(hands)["all"]
    pooled = combine(p.values())
    for k in PLAYER_RATES:
        assert pooled.rate(k) == whole.rate(k), k
    assert pooled.count["player_hands"] == whole.count["player_hands"] == 40
    # depth: the short stack of ALLIN (300 = 30 BB) is left out from 40 BB
    deep = by_player(hands, depth_from=40)
    assert sum(s.count["hands"] for s in deep.values()) == 40 - 2
    # hands that do not name their players are not anyone's
    assert by_player([LIMPED]) == {}
    with pytest.raises(ValueError, match="one player name per seat"):
        replace(LIMPED, players=("a", "b"))


def test_players_named_by_phh_and_the_simulator():
    text = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [5, 10, 0]\n"
            "starting_stacks = [1000, 1000, 1000]\nplayers = ['x', 'y', 'z']\n"
            "actions = ['p3 cbr 30', 'p1 f', 'p2 f']\n")
    assert hand_from_toml(text).players == ("x", "y", "z")
    with pytest.raises(PHHError, match="one name per seat"):
        hand_from_toml(text.replace("['x', 'y', 'z']", "['x']"))
    r = simulate("club_3000", n=1, seed=2, players=10, record_tournaments=1, record_hands=3)
    h = from_record(r.records[0])
    assert h.players is not None and len(set(h.players)) == len(h.stacks)
    assert all(x.startswith("entrant ") and 0 <= int(x.split()[1]) < 10 for x in h.players)


def test_called_allin_by_the_allin_players_own_depth():
    # ALLIN: the 30 BB seat shoves and the button calls; the hand's median effective stack
    # is 100 BB, so the per-hand count falls at 100-150 BB and the player's own at 30-40
    g = measure([LIMPED, RAISED, LIMP_CALL, ALLIN, WALK], by="bb")
    assert g["100-150"].count["allin_called"] == 1 and g["100-150"].count["allin_own"] == 0
    assert g["30-40"].count["allin_own"] == 1 and g["30-40"].count["player_hands"] == 1
    assert g["30-40"].rate("allin_own") == 1.0
    assert measure([LIMPED, RAISED, LIMP_CALL, ALLIN, WALK])["all"].rate(
        "allin_own") == 1 / 20
    # a shove nobody calls is no called all-in; nor is an all-in caller's own stack deeper
    uncalled = H([(0, 2, "raise", 300), (0, 3, "fold", 0), (0, 0, "fold", 0), (0, 1, "fold", 0)],
                 stacks=(1000, 1000, 300, 1000))
    assert measure([uncalled])["all"].count["allin_own"] == 0
    both = H([(0, 2, "raise", 300), (0, 3, "raise", 500), (0, 0, "fold", 0), (0, 1, "fold", 0),
              (0, 2, "call", 0)], stacks=(1000, 1000, 300, 500))
    c = measure([both], by="bb")
    assert (c["30-40"].count["allin_own"], c["40-70"].count["allin_own"]) == (1, 1)
    from pyeval.sim.players.stats import by_player
    p = by_player([replace(ALLIN, players=("a", "b", "c", "d"))])
    assert (p["c"].count["allin_own"], p["d"].count["allin_own"]) == (1, 0)


@pytest.mark.parametrize("name", ["pyeval.sim.players.stats", "pyeval.sim.players.stats_phh"])
def test_doctests_of_the_statistics(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_a_band_of_depths():
    """``between``: the groups from one edge to below another, as the presets' banded
    targets measure (the regular's own all-ins at 20-70 BB)."""
    from pyeval.sim.players.stats import at_least, between

    both = H([(0, 2, "raise", 300), (0, 3, "raise", 500), (0, 0, "fold", 0), (0, 1, "fold", 0),
              (0, 2, "call", 0)], stacks=(1000, 1000, 300, 500))
    g = measure([LIMPED, RAISED, LIMP_CALL, ALLIN, WALK, both], by="bb")
    assert between(g, 30, 40).count["allin_own"] == 2           # ALLIN's shover and `both`'s
    assert between(g, 30, 70).count["allin_own"] == 3
    assert between(g, 40).count["allin_own"] == 1
    assert between(g, 20).count == at_least(g, 20).count
    assert between(g, 20, 70).count["player_hands"] == sum(
        g[k].count["player_hands"] for k in ("20-30", "30-40", "40-70") if k in g)
    with pytest.raises(ValueError, match="35 is not a group edge"):
        between(g, 20, 35)


def test_stack_off_and_bust_counted_per_player_hand():
    # seat 2 shoves 1000, seat 0 calls with 1500 (500 behind: not stacked off) and wins,
    # seat 1 folds its big blind: seat 2 alone stacked off and busted
    h = Hand(stacks=(1500, 1000, 1000), blinds=(5, 10, 0), antes=(0, 0, 0), big_blind=10,
             actions=((0, 2, "raise", 1000), (0, 0, "call", 0), (0, 1, "fold", 0)),
             after=(2510, 990, 0))
    g = measure([h], by="depth")
    # effective stacks 1000, 1000, 1000 chips = 100 BB: group 70-130
    c = g["70-130"].count
    assert (c["player_hands"], c["stack_off"], c["player_hands_after"], c["bust"]) == (3, 1, 3, 1)
    assert g["70-130"].rate("bust") == pytest.approx(1 / 3)
    assert between(g, 70, 130).count["bust"] == 1


@pytest.mark.slow      # reads 10,000 Pluribus files: about 15-25 s
@pytest.mark.skipif(not PHH.is_file(), reason="the shared real hands (../shared/data/phh) "
                    "are not here: a fresh clone without the shared data")
def test_real_stack_offs_and_busts_by_depth(tmp_path):
    """The real rates the deep-stack models are held against (docs/players.md)."""
    with tarfile.open(PHH) as t:
        members = [m for m in t.getmembers() if m.name.removeprefix("./").startswith(
            ("handhq_copy/", "pluribus/"))]
        t.extractall(tmp_path, members=members, filter="data")
    online = measure([h for p in sorted((tmp_path / "handhq_copy").glob("*.phhs"))
                      for h in read_hands(p)], by="depth")
    assert {k: (g.count["player_hands"], g.count["stack_off"]) for k, g in online.items()} == {
        "0-20": (807, 46), "20-40": (1912, 69), "40-70": (1034, 11), "70-130": (2825, 20),
        "130-200": (999, 4), "200+": (5084, 0)}
    pluribus = measure([h for p in sorted((tmp_path / "pluribus").rglob("*.phh"))
                        for h in read_hands(p)], by="depth")
    c = pluribus["70-130"].count
    assert (c["player_hands"], c["stack_off"], c["player_hands_after"], c["bust"]) == (
        60000, 327, 60000, 155)
