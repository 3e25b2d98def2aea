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

from . import seating, sections
from .chips import ChipSet, ColourUp, RaceResult, chip_race, colour_up_tables
from .deals import Deal, chip_chop, icm_chop
from .errors import FieldError, StructureError
from .icm import MonteCarloICM, equity, icm_equity, icm_equity_mc, place_probabilities
from .levels import ANTE_BY, BETTING, GAMES, Break, Level, levels_for
from .payouts import PayoutRules, PayoutTable, award, places_paid, prize_pool, split_pool
from .placings import FinishingOrder, Placing, place_eliminations
from .points import PointsRules
from .seating import *  # noqa: F403  (seating.__all__)
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
                      "GAMES",
                      "Break",
                      "ChipSet",
                      "ColourUp",
                      "Deal",
                      "FieldError",
                      "FinishingOrder",
                      "Level",
                      "MonteCarloICM",
                      "PayoutRules",
                      "PayoutTable",
                      "Placing",
                      "PointsRules",
                      "RaceResult",
                      "Structure",
                      "StructureError",
                      "TournamentStructure",
                      "award",
                      "chip_chop",
                      "chip_race",
                      "colour_up_tables",
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
                      "split_pool",
]
__all__ += seating.__all__ + sections.__all__
