"""Stud dealing when the deck runs short: the rule sheets' single community card.

A stud street that deals one card to each player still in, when the deck cannot give one
to each (and the burn before it), deals one card face up in the middle instead, which
every player uses (the first rule sheet: with eight players at seventh street). The burn
is then made only when at least two cards are left. This is how the rules model deals
(:meth:`pyeval.rules.hand.Hand._deal_street`); the simulator counts every card it deals
and burns, so the two decide alike, and a test plays rules-model hands to check it.

:func:`street_plan` answers, for a street, whether it is the community card and whether a
card is burned first; :func:`cards_used` counts the cards a street takes from the deck.

>>> street_plan(51, 8, 1, True)      # 8 players at seventh street, one card left
(True, False)
>>> street_plan(45, 6, 1, True)      # six players, seven cards left: one each
(False, True)
>>> cards_used(45, 6, 1, True), cards_used(51, 8, 1, True)
(52, 52)
"""
from __future__ import annotations

import numba

DECK = 52


@numba.njit(cache=True, error_model="numpy")
def street_plan(used, n_live, each, burn):
    """``(community, burn_first)`` for a street dealing ``each`` cards to ``n_live``
    players, with ``used`` cards of the deck dealt or burned so far; ``burn``: the street
    burns a card first."""
    left = DECK - used
    need = n_live * each + (1 if burn else 0)
    if each == 1 and need > left:
        return True, burn and left >= 2
    return False, burn and left >= 1


@numba.njit(cache=True, error_model="numpy")
def cards_used(used, n_live, each, burn):
    """Cards dealt or burned after the street (see :func:`street_plan`)."""
    community, burn_first = street_plan(used, n_live, each, burn)
    used += 1 if burn_first else 0
    return used + (1 if community else n_live * each)
