"""Structure files of the first rule sheet's "Stud & Other" and dealer's choice events,
shared by the tests of the tournament layer (tests/tournament/test_structure_choices_draw.py)
and of the simulator's reading of them (tests/sim/test_spec_structure.py).

>>> from pyeval.tournament.structure import parse_structure
>>> [parse_structure(t, "t.toml").name for t in (DRAW, CHOICE)]
['t', 't']
"""
from __future__ import annotations

#: the tournament, entrants, chips, tables and payouts every structure here shares
HEAD = """
[tournament]
name = "t"
[entrants]
min = 8
max = 14
[buy_in]
price = 2
[chips]
starting = 100000
denominations = [100, 500, 1000, 2500, 10000, 20000]
[tables]
size = 7
[[payouts.table]]
entrants = [8, 14]
percent = [100]
"""

#: the first sheet's "Blinds For Stud Games & Other Games", levels 1-3, as a draw event
DRAW = HEAD + """
[level_defaults]
game = "five_card_draw"
betting = "fixed_limit"
hands = 6
[[levels]]
ante = 100
small_bet = 600
big_bet = 1000
[[levels]]
ante = 200
small_bet = 1000
big_bet = 2000
[[levels]]
ante = 400
small_bet = 2000
big_bet = 4000
"""

#: a dealer's choice event naming its games with weights
CHOICE = HEAD + """
[level_defaults]
game = "dealers_choice"
betting = "pot_limit"
hands = 6
choices = {holdem = 3, omaha = 1, tahoe = 2}
[[levels]]
small_blind = 500
big_blind = 1000
[[levels]]
small_blind = 1000
big_blind = 2000
"""
