"""What a structure file tells the simulator through :func:`pyeval.sim.engine.spec.build_spec`:
dealer's choice weights (the file's ``choices``), each player's starting stack by rank (the
club sheet's final tournament), and the draw with antes only."""
from __future__ import annotations

import numpy as np
import pytest
from sheet_structures import CHOICE, DRAW

from pyeval.games import REGISTRY
from pyeval.sim import simulate
from pyeval.sim.engine.spec import build_spec, rotation_names, with_players
from pyeval.sim.kernel.layout import C_N_ROT_STUD, C_N_ROTATION, C_START, REC_GAME
from pyeval.tournament.structure import load_structure, parse_structure


def _choice(choices: str, game: str = "dealers_choice") -> str:
    return CHOICE.replace("{holdem = 3, omaha = 1, tahoe = 2}", choices)


def test_the_files_weights_are_the_rotation() -> None:
    s = parse_structure(CHOICE, "dc.toml")
    spec = build_spec(s, players=14)
    n = int(spec.cfg[C_N_ROTATION])
    assert rotation_names(spec)[0] == ("holdem", "tahoe", "holdem", "omaha", "tahoe", "holdem")
    assert spec.rotation[:n].tolist() == [REGISTRY.game(g).code for g in rotation_names(spec)[0]]
    assert rotation_names(with_players(spec, 8)) == rotation_names(spec)
    # an explicit rotation still wins; no choices: every hold'em game of the sheets
    assert rotation_names(build_spec(s, players=14, rotation=("omaha",)))[0] == ("omaha",)
    plain = parse_structure(CHOICE.replace("choices = {holdem = 3, omaha = 1, tahoe = 2}\n", ""),
                            "dc.toml")
    assert len(rotation_names(build_spec(plain, players=14))[0]) == 8
    # the registry's 5- and 6-card Omahas may be named (the sheet's list, the default, does
    # not name them); a game of another family is refused by the spec
    both = build_spec(parse_structure(_choice("{omaha5 = 1, holdem = 1}"), "dc.toml"), players=14)
    assert rotation_names(both)[0] == ("omaha5", "holdem")
    with pytest.raises(ValueError, match="dealer's choice rotates holdem, omaha, omaha5"):
        build_spec(s, players=14, rotation=("razz",))


def test_levels_of_one_choice_must_agree_for_the_simulator() -> None:
    text = CHOICE.replace("[[levels]]\nsmall_blind = 1000",
                          "[[levels]]\nchoices = {holdem = 1}\nsmall_blind = 1000")
    with pytest.raises(ValueError, match="levels 1 and 2: the simulator deals one dealers_choice "
                                         "rotation for the whole event"):
        build_spec(parse_structure(text, "dc.toml"), players=14)


def test_stud_choices_reach_the_stud_rotation() -> None:
    text = (CHOICE.replace('game = "dealers_choice"', 'game = "dealers_choice_stud"')
            .replace('"pot_limit"', '"fixed_limit"')
            .replace("choices = {holdem = 3, omaha = 1, tahoe = 2}", "choices = {razz = 1, "
                     "seven_card_stud = 2}")
            .replace("small_blind = 500\nbig_blind = 1000",
                     "ante = 100\nbring_in = 300\nsmall_bet = 600\nbig_bet = 1000")
            .replace("small_blind = 1000\nbig_blind = 2000",
                     "ante = 200\nbring_in = 500\nsmall_bet = 1000\nbig_bet = 2000"))
    spec = build_spec(parse_structure(text, "dcs.toml"), players=14)
    assert rotation_names(spec)[1] == ("seven_card_stud", "razz", "seven_card_stud")
    assert int(spec.cfg[C_N_ROT_STUD]) == 3


def test_the_weights_reach_the_simulation() -> None:
    """Every recorded hand's game follows the file's weights: 3 hold'em, 1 Omaha, 2 Omaha
    hi/lo in each cycle of six hands at a table."""
    text = (_choice("{holdem = 3, omaha = 1, omaha_hilo = 2}")
            .replace("hands = 6\n", "minutes = 30\n"))
    s = parse_structure(text, "dc.toml")
    r = simulate(s, n=2, seed=4, players=8, debug=True, record_tournaments=2,
                 record_hands=400, threads=1)
    assert (r.errors == 0).all() and (r.place.min(axis=1) == 1).all()
    games = [int(row[REC_GAME]) for row in r.records]
    counts = {g: games.count(REGISTRY.game(g).code) for g in ("holdem", "omaha", "omaha_hilo")}
    assert sum(counts.values()) == len(games) >= 120
    share = {g: c / len(games) for g, c in counts.items()}
    assert abs(share["holdem"] - 0.5) < 0.02 and abs(share["omaha"] - 1 / 6) < 0.02
    assert abs(share["omaha_hilo"] - 1 / 3) < 0.02


def test_each_player_gets_the_stack_of_their_rank() -> None:
    final = load_structure("club_final_4000_5000")
    spec = build_spec(final, players=12)
    assert spec.starting_stacks.tolist() == [5000, 4800, 4600, 4400, 4200] + [4000] * 7
    assert int(spec.starting_stacks.sum()) == final.chips_in_play(12) == 51000
    assert spec.stacks_by_rank and int(spec.cfg[C_START]) == 4000
    assert with_players(spec, 20).starting_stacks.tolist() == [
        final.starting_chips_for(r) for r in range(1, 21)]
    club = build_spec(load_structure("club_3000"), players=30)
    assert club.starting_stacks.tolist() == [3000] * 30 and not club.stacks_by_rank
    assert club.starting_stacks.dtype == np.int64
    # the kernel deals each player theirs: no gap said before a run
    assert not any("by rank" in g for g in final.simulator_gaps())


def test_the_kernel_deals_each_player_the_stack_of_their_rank() -> None:
    """Chips checked every hand (debug): 51,000 in play for 12 players, not 12 x 4,000; the
    level table starts from the same total; the results repeat on 1 and 2 threads."""
    import warnings

    from pyeval.sim import simulate

    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no gap warning: the stacks are simulated
        r = simulate("club_final_4000_5000", n=6, seed=5, players=12, debug=True, threads=1)
    assert (r.errors == 0).all() and (r.place.min(axis=1) == 1).all()
    assert r.level_stats[:, 0, 1].tolist() == [51000.0] * 6            # LS_CHIPS at level 1
    two = simulate("club_final_4000_5000", n=6, seed=5, players=12, debug=True, threads=2)
    assert (two.duration == r.duration).all() and (two.place == r.place).all()


def test_the_draw_with_antes_only_reaches_the_kernel_without_blinds() -> None:
    """The first sheet's draw levels: antes, the small and big bet, no blinds (the kernel's
    draw then opens left of the dealer, tests/sim/test_games_kernel.py plays it)."""
    from pyeval.sim.kernel.layout import LV_ANTE, LV_BB, LV_BIG_BET, LV_SB, LV_SMALL_BET

    spec = build_spec(parse_structure(DRAW, "draw.toml"), players=8)
    assert spec.levels[:, [LV_SB, LV_BB, LV_ANTE, LV_SMALL_BET, LV_BIG_BET]].tolist() == [
        [0, 0, 100, 600, 1000], [0, 0, 200, 1000, 2000], [0, 0, 400, 2000, 4000]]
    assert spec.level_labels() == ["a100 600/1000", "a200 1000/2000", "a400 2000/4000"]


def test_the_draw_with_antes_only_and_no_antes_heads_up_is_refused() -> None:
    text = DRAW.replace("[tournament]\nname = \"t\"\n",
                        "[tournament]\nname = \"t\"\nantes_stop_heads_up = true\n")
    assert text != DRAW
    with pytest.raises(ValueError, match=r"level 1: 5 Card Draw with antes only has no forced "
                                         r"bet heads-up when the antes stop there"):
        build_spec(parse_structure(text, "draw.toml"), players=8)


def test_build_spec_options_are_one_list_and_a_misspelt_one_is_refused() -> None:
    """``build_spec``'s keywords (the TypedDict mypy checks calls against) and their defaults
    (``RunOptions``) name the same options; a misspelt keyword is refused by name, never
    taken as its default; the defaults are the ones the options document."""
    from pyeval.sim.engine.spec import RunOptions, SpecOptions

    assert tuple(SpecOptions.__annotations__) == RunOptions._fields
    club = load_structure("club_3000")
    with pytest.raises(TypeError, match="unexpected keyword 'record_hand'"):
        build_spec(club, 14, record_hand=5)  # type: ignore[call-arg]
    plain = build_spec(club, 14)
    assert plain.cfg[C_START] == 3000 and plain.cfgf.tolist() == build_spec(
        club, 14, **RunOptions()._asdict()).cfgf.tolist()
