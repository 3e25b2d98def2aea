"""The rules model: games, betting structures, a hand as a state machine, pots and the
button. It is the reference for what is legal and who gets which chips; the fast
simulation kernels are checked against it.

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Omaha", Structure.pot_limit(1, 2), {0: 200, 1: 200}, button=0, seed=5)
>>> h.legal().describe()
'seat 0: fold, call 1, raise to 4..6'

Modules: :mod:`~pyeval.rules.games` (every game as data), :mod:`~pyeval.rules.betting`
(structures and betting rounds), :mod:`~pyeval.rules.hand` (the state machine, built from
:mod:`~pyeval.rules.hand_state`, :mod:`~pyeval.rules.forced_bets` and
:mod:`~pyeval.rules.settle`, its arguments checked in :mod:`~pyeval.rules.hand_setup`, its
result in :mod:`~pyeval.rules.hand_result`),
:mod:`~pyeval.rules.history` (hand histories), :mod:`~pyeval.rules.pots` (side pots, splits, odd chips),
:mod:`~pyeval.rules.table` (button, dead button, heads-up), :mod:`~pyeval.rules.deck`,
:mod:`~pyeval.rules.showdown` (hand values, bring-in, who opens),
:mod:`~pyeval.rules.play` (seeded random legal play), :mod:`~pyeval.rules.phh` (PHH hand
histories in and out) and :mod:`~pyeval.rules.transcript` (a hand in words).
"""
from pyeval.rules.betting import Action, IllegalAction, Legal, Limit, Round, Structure
from pyeval.rules.deck import Deck
from pyeval.rules.games import GAMES, DealersChoice, Game, Street, game
from pyeval.rules.hand import Hand, HandResult, HistoryError, Shown
from pyeval.rules.play import play_random, random_action
from pyeval.rules.pots import OddChip, Pot, PotAward, award, build_pots, split
from pyeval.rules.table import ButtonState, Positions, first_hand

__all__ = [
    "GAMES",
    "Action",
    "ButtonState",
    "DealersChoice",
    "Deck",
    "Game",
    "Hand",
    "HandResult",
    "HistoryError",
    "IllegalAction",
    "Legal",
    "Limit",
    "OddChip",
    "Positions",
    "Pot",
    "PotAward",
    "Round",
    "Shown",
    "Street",
    "Structure",
    "award",
    "build_pots",
    "first_hand",
    "game",
    "play_random",
    "random_action",
    "split",
]
