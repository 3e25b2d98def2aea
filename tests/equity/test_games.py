"""Games as data, and the checks on what a spot may contain."""
import pytest

from pyeval.equity import GAMES, equity, game, make_spot


def test_every_game_of_the_issue_is_there() -> None:
    names = {g.name for g in GAMES.values()}
    for n in ["Texas Hold'em", "Omaha", "5 Card Omaha", "6 Card Omaha", "Omaha Hi/Lo",
              "Super Eight", "Tahoe", "Irish", "Pineapple", "Crazy Pineapple", "7 Card Stud",
              "7 Card Stud Hi/Lo", "Razz", "5 Card Stud", "Buffalo", "Crocodile",
              "Australian", "Chicago", "5 Card Draw"]:
        assert n in names


@pytest.mark.parametrize("alias, key", [
    ("Texas Hold'em", "holdem"), ("NLHE", "holdem"), ("PLO", "omaha"), ("plo8", "omaha8"),
    ("Omaha Hi/Lo", "omaha8"), ("omaha-hilo", "omaha8"), ("7 Card Stud", "stud"),
    ("stud hi/lo", "stud8"), ("RAZZ", "razz"), ("five card draw", "draw5"),
    ("Super Eight", "super8"), ("crazy pineapple", "crazy-pineapple"), ("croc", "crocodile"),
])
def test_aliases(alias: str, key: str) -> None:
    assert game(alias).key == key


def test_shapes() -> None:
    assert (game("holdem").hole, game("holdem").board) == (2, 5)
    assert [game(k).hole for k in ("omaha", "omaha5", "omaha6")] == [4, 5, 6]
    assert game("omaha8").split == "low8" and game("stud8").split == "low8"
    assert game("chicago").split == "chicago" and game("chicago").down == (0, 1, 6)
    assert game("irish").dealt == 4 and game("pineapple").dealt == 3
    assert game("australian").dealt == 8 and game("australian").hole == 7
    assert game("buffalo").down == (0, 1, 2, 6)
    assert game("stud5").hole == 5 and game("draw5").family == "draw"


def test_stud_with_eight_players_takes_a_community_card() -> None:
    g = game("stud").for_players(8)
    assert (g.hole, g.board, g.down) == (6, 1, (0, 1))
    assert game("stud").for_players(7) is game("stud")
    assert game("stud5").for_players(10) is game("stud5")


def test_unknown_game() -> None:
    with pytest.raises(ValueError, match="unknown game 'badugi'; known games: holdem"):
        game("badugi")
    with pytest.raises(ValueError, match="unknown game"):
        equity("hold them", ["AhKh", "QQ"])


@pytest.mark.parametrize("g, hands, board, dead, says", [
    ("holdem", ["AhKh", "AhQd"], "", "", "'Ah' is dealt twice: in hand 1 and in hand 2"),
    ("holdem", ["AhKh", "QsQd"], "Ah 2c 3c", "", "dealt twice: in the board and in hand 1"),
    ("holdem", ["AhKh", "QsQd"], "", "Kh", "dealt twice"),
    ("holdem", ["AhKh", "QsQd"], "2c 3c", "", "a Texas Hold'em board is empty, a flop"),
    ("holdem", ["AhKh", "QsQd"], "2c 3c 4c 5c 6c 7c", "", "board has 6 cards"),
    ("holdem", ["AhKh", "QsQd"], "2c 2c 3d", "", "appears twice"),
    ("holdem", ["Ah", "QsQd"], "", "", "write \\* for an unknown card"),
    ("holdem", ["AhKhQh", "QsQd"], "", "", "has 3 cards"),
    ("holdem", ["AhAh", "QsQd"], "", "", "appears twice"),
    ("holdem", ["AhKh"], "", "", "at least 2 players"),
    ("holdem", ["AA", "AsAh", "AdAc"], "", "", "leaves no hand"),
    ("holdem", ["AhKh", "QQ"], "Qs Qd Qc", "", "leaves no hand"),
    ("holdem", ["AhKh", "AKx"], "", "", "hand 2 'AKx': cannot read"),
    ("holdem", ["AA", "AA", "AA"], "", "", "cannot be dealt together"),
    ("omaha", ["AsAhKsKh", "QQ+"], "", "", "ranges are only for two-card"),
    ("omaha", ["AsAhKs", "9c8d7c6d"], "", "", "Omaha hands have 4 hole cards"),
    ("irish", ["AsAhKsKh", "9c8d"], "", "", "Irish equity is computed after the discard"),
    ("pineapple", ["AsAhKs", "9c8d"], "", "", "give the 2 cards kept, not the 3 dealt"),
    ("crazy-pineapple", ["AsAhKs", "9c8d"], "", "", "after the discard"),
    ("australian", ["AsAhKs2c3c4c5c6c", "9c8d"], "", "", "discards one down card"),
    ("stud", ["AsAhKs2c3c4c5c6c", "9c8d"], "", "", "at most 7"),
    ("stud", ["AsAh"], "", "", "at least 2 players"),
    ("stud", ["AsAh", "KsKh"], "2c", "", "has no board"),
    ("razz", ["A23", "456"], "", "", "not cards"),
    ("holdem", ["AhKh", "QsQd"], "", "Zz", "unknown card"),
])
def test_bad_spots(g, hands, board, dead, says) -> None:
    with pytest.raises(ValueError, match=says):
        make_spot(g, hands, board, dead)


def test_too_many_players_and_cards() -> None:
    with pytest.raises(ValueError, match="at most 8 players"):
        make_spot("stud", ["**"] * 9)
    with pytest.raises(ValueError, match="at most 23 players"):
        make_spot("holdem", ["random"] * 24)
    with pytest.raises(ValueError, match="need 51 cards"):
        make_spot("holdem", ["random"] * 23, dead="2c 3c")
    with pytest.raises(ValueError, match="seventh card is a single community card"):
        make_spot("stud", ["AsAh3c4c5c6c7c"] + ["*"] * 7)


def test_argument_errors() -> None:
    with pytest.raises(TypeError, match="list of hands"):
        equity("holdem", "AhKh QsQd")
    with pytest.raises(ValueError, match="samples must be an integer from 100 to"):
        equity("holdem", ["AhKh", "QsQd"], samples=0)
    with pytest.raises(ValueError, match="std_err must be a finite number .* above 0"):
        equity("holdem", ["AhKh", "QsQd"], std_err=-1.0)
    with pytest.raises(ValueError, match="threads must be an integer from 1 to 4,096"):
        equity("holdem", ["AhKh", "QsQd"], threads=0)
    with pytest.raises(ValueError, match="would list 535,138,240 holdings .*at most 2,000,000"):
        equity("stud", ["**", "**", "**", "**"], exact=True)
    with pytest.raises(ValueError, match="would take hours"):
        equity("omaha", ["AsAh**", "KsKh**", "QsQh**", "JsJh**"], exact=True)


def test_hand_forms() -> None:
    s = make_spot("holdem", ["Ah Kh", ["Qs", "Qd"], "A♠ K♠"], dead="")
    assert [p.slots for p in s.players] == [[50, 46], [43, 41], [51, 47]]
    s = make_spot("omaha", ["AsAh**", "random"])
    assert s.players[0].slots == [51, 50, None, None] and s.players[1].slots == [None] * 4
    s = make_spot("stud", ["**7h", "?? 8c"])
    assert s.players[0].slots == [None, None, 22] + [None] * 4
    # a range of one combination is those cards; a range of every hand deals two cards
    s = make_spot("holdem", ["AhKh, AhKh", "random"])
    assert s.players[0].rng is None and s.players[0].slots == [50, 46]
    assert s.players[1].rng is None and s.players[1].slots == [None, None]
