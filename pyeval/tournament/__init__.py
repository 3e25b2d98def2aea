"""Tournaments: structure files, seating and balancing, placings, payouts, points and ICM.

Everything a tournament director decides away from the cards, as exact Python. See
``docs/tournament.md`` for the structure file format.

Example:
    >>> from pyeval.tournament import load_structure, icm_equity
    >>> s = load_structure("two_stage_table_winners")
    >>> s.payouts(30)
    (375, 225, 150)
    >>> [round(x, 2) for x in icm_equity([50, 30, 20], [0.7, 0.3])]
    [0.45, 0.32, 0.23]
"""

from . import sections
from .chips import ChipSet, ColourUp, RaceResult, chip_race, colour_up_tables
from .deals import Deal, chip_chop, icm_chop
from .errors import FieldError, StructureError
from .icm import MonteCarloICM, equity, icm_equity, icm_equity_mc, place_probabilities
from .levels import ANTE_BY, BETTING, GAMES, Break, Level, levels_for
from .payouts import PayoutRules, PayoutTable, award, places_paid, prize_pool, split_pool
from .placings import FinishingOrder, Placing, place_eliminations
from .points import PointsRules
from .seating import (
                      BREAK_DRAWS,
                      BalanceRule,
                      HandPositions,
                      Move,
                      Seating,
                      balance_move,
                      break_moves,
                      card_draw,
                      draw_seats,
                      rebalance,
                      same_position_move,
                      stopped_tables,
                      tables_to_break,
                      worst_seat,
)
from .sections import *  # noqa: F403  (the parts of a structure: sections.__all__)
from .structure import (
                      Structure,
                      TournamentStructure,
                      example_names,
                      load_structure,
                      parse_structure,
)

__all__ = [
                      "ANTE_BY",
                      "BETTING",
                      "BREAK_DRAWS",
                      "GAMES",
                      "BalanceRule",
                      "Break",
                      "ChipSet",
                      "ColourUp",
                      "Deal",
                      "FieldError",
                      "FinishingOrder",
                      "HandPositions",
                      "Level",
                      "MonteCarloICM",
                      "Move",
                      "PayoutRules",
                      "PayoutTable",
                      "Placing",
                      "PointsRules",
                      "RaceResult",
                      "Seating",
                      "Structure",
                      "StructureError",
                      "TournamentStructure",
                      "award",
                      "balance_move",
                      "break_moves",
                      "card_draw",
                      "chip_chop",
                      "chip_race",
                      "colour_up_tables",
                      "draw_seats",
                      "equity",
                      "example_names",
                      "icm_chop",
                      "icm_equity",
                      "icm_equity_mc",
                      "levels_for",
                      "load_structure",
                      "parse_structure",
                      "place_eliminations",
                      "place_probabilities",
                      "places_paid",
                      "prize_pool",
                      "rebalance",
                      "same_position_move",
                      "split_pool",
                      "stopped_tables",
                      "tables_to_break",
                      "worst_seat",
]
__all__ += sections.__all__
