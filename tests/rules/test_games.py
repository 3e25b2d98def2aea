"""Games as data and the showdown rules they carry (hole-card limits, hi/lo, razz, Chicago)."""
import pytest

from pyeval import cards, category
from pyeval.rules import GAMES, Hand, Structure, game
from pyeval.rules.showdown import evaluate


def C(text):
    return [int(c) for c in cards(text)]


EXPECTED = {   # name: (family, hole cards at showdown, board cards, min_hole, max_hole, parts)
    "Texas Hold'em": ("holdem", 2, 5, 0, None, ("high",)),
    "Omaha": ("holdem", 4, 5, 2, 2, ("high",)),
    "5 Card Omaha": ("holdem", 5, 5, 2, 2, ("high",)),
    "6 Card Omaha": ("holdem", 6, 5, 2, 2, ("high",)),
    "Omaha Hi/Lo": ("holdem", 4, 5, 2, 2, ("high", "low8")),
    "5 Card Omaha Hi/Lo": ("holdem", 5, 5, 2, 2, ("high", "low8")),
    "6 Card Omaha Hi/Lo": ("holdem", 6, 5, 2, 2, ("high", "low8")),
    "Irish": ("holdem", 2, 5, 0, 2, ("high",)),
    "Super Eight": ("holdem", 3, 5, 0, None, ("high",)),
    "Tahoe": ("holdem", 3, 5, 0, 2, ("high",)),
    "Pineapple": ("holdem", 2, 5, 0, 2, ("high",)),
    "Crazy Pineapple": ("holdem", 2, 5, 0, 2, ("high",)),
    "5 Card Stud": ("stud", 5, 0, 0, None, ("high",)),
    "7 Card Stud": ("stud", 7, 0, 0, None, ("high",)),
    "7 Card Stud Hi/Lo": ("stud", 7, 0, 0, None, ("high", "low8")),
    "Razz": ("stud", 7, 0, 0, None, ("razz",)),
    "Australian": ("stud", 7, 0, 0, None, ("high",)),
    "Buffalo": ("stud", 7, 0, 0, 2, ("high",)),
    "Crocodile": ("stud", 7, 0, 0, 1, ("high",)),
    "Chicago": ("stud", 7, 0, 0, None, ("high", "chicago")),
    "5 Card Draw": ("draw", 5, 0, 0, None, ("high",)),
}


def test_every_game_of_the_rule_sheets_is_there():
    assert set(GAMES) == set(EXPECTED)
    for name, (fam, hole, board, lo, hi, parts) in EXPECTED.items():
        g = GAMES[name]
        assert (g.family, g.hole_cards, g.board_cards, g.min_hole, g.max_hole, g.parts) == \
            (fam, hole, board, lo, hi, parts), name


@pytest.mark.parametrize("name", list(EXPECTED))
def test_the_most_players_can_play_to_a_showdown(name):
    """Every live hand gets its cards from one deck (stud may end with a community card,
    draw games reshuffle the discards); no card is dealt twice."""
    g = GAMES[name]
    st = Structure.stud(1, 2, 4) if g.family == "stud" else Structure.no_limit(1, 2)
    h = Hand(g, st, {s: 1000 for s in range(g.max_players)}, seed=7)
    while not h.is_over:
        lg = h.legal()
        if "discard" in lg.actions:
            h.discard(h.down[lg.seat][:lg.discard])
        elif "draw" in lg.actions:
            h.draw(h.down[lg.seat][:3])
        else:
            h.act("bring_in" if "bring_in" in lg.actions else
                  "call" if "call" in lg.actions else "check")
    held = h.board + [c for s in h.seats for c in h.down[s] + h.up[s]]
    assert len(held) == len(set(held))
    assert len(h.result.shown) == g.max_players
    if g.family == "holdem":
        burns = sum(s.burn for s in g.streets)
        assert g.max_players * g.dealt_hole_cards + g.board_cards + burns <= 52


def test_discards_and_draws_where_the_rule_sheets_put_them():
    def where(name):
        return [(s.name, s.discard) for s in GAMES[name].streets if s.discard]
    assert where("Irish") == [("flop", 2)]
    assert where("Pineapple") == [("preflop", 1)]
    assert where("Crazy Pineapple") == [("flop", 1)]
    assert where("Australian") == [("third", 1)]
    assert [s.name for s in GAMES["5 Card Draw"].streets if s.draw] == ["draw"]


def test_fixed_limit_bet_sizes_per_street():
    big = {n: [s.big_bet for s in GAMES[n].streets] for n in ("Texas Hold'em", "7 Card Stud",
                                                             "5 Card Stud", "5 Card Draw")}
    assert big == {"Texas Hold'em": [False, False, True, True],
                   "7 Card Stud": [False, False, True, True, True],
                   "5 Card Stud": [False, False, True, True],
                   "5 Card Draw": [False, True]}


def test_lookup_by_alias():
    assert game("texas holdem").name == "Texas Hold'em"
    assert game("PLO8").name == "Omaha Hi/Lo"
    with pytest.raises(ValueError, match="known games: Texas Hold'em"):
        game("Mississippi")


# ------------------------------------------------------------------ hole-card limits

def test_holdem_may_play_the_board():
    v = evaluate(GAMES["Texas Hold'em"], C("2c3d"), board=C("AhKhQhJhTh"))
    assert v.high_text == "Royal Flush"


def test_omaha_uses_exactly_two_hole_cards():
    # four hearts in the hole and one on the board is no flush in Omaha
    v = evaluate(GAMES["Omaha"], C("AhKhQhJh"), board=C("2h7c8d9sTc"))
    assert category(v.high) != 6
    assert category(evaluate(GAMES["Texas Hold'em"], C("AhKh"), board=C("QhJh2h7c8d")).high) == 6


def test_tahoe_at_most_two_of_three_super_eight_any():
    hole, board = C("AhKhQh"), C("JhTh2c3d4s")
    assert evaluate(GAMES["Super Eight"], hole, board=board).high_text == "Royal Flush"
    assert category(evaluate(GAMES["Tahoe"], hole, board=board).high) == 1   # high card


def test_crocodile_at_most_one_of_two_down_cards():
    down, up = C("AsAd"), C("AcKcQc7h2h")
    assert category(evaluate(GAMES["Crocodile"], down, up).high) == 2      # a pair
    assert category(evaluate(GAMES["7 Card Stud"], down, up[:5]).high) == 4   # trips


def test_buffalo_at_most_two_of_the_first_three_down_cards():
    down, up = C("AsAdAh2c"), C("KcKd7s")          # 2c is the seventh-street down card
    assert category(evaluate(GAMES["Buffalo"], down, up).high) == 3         # two pair
    assert category(evaluate(GAMES["7 Card Stud"], down, up).high) == 7     # full house


def test_razz_and_stud_hi_lo_values():
    down, up = C("Ah2c9d"), C("3d4s5hKs")
    r = evaluate(GAMES["Razz"], down, up)
    assert r.high_text == "5-4-3-2-A low" and r.low is None
    s8 = evaluate(GAMES["7 Card Stud Hi/Lo"], down, up)
    assert s8.high_text == "Straight, Five high" and s8.low_text == "5-4-3-2-A low"
    no_low = evaluate(GAMES["7 Card Stud Hi/Lo"], C("AhKcQd"), C("9d9sJhTs"))
    assert no_low.low == 0 and no_low.low_text == "No low"


def test_chicago_marks_the_ace_of_spades_in_the_hole_only():
    assert evaluate(GAMES["Chicago"], C("As2c3d"), C("4h5h6h7h")).low == 1
    assert evaluate(GAMES["Chicago"], C("Ac2c3d"), C("As5h6h7h")).low == 0
