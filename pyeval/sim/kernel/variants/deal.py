"""Stud dealing when the deck runs short: the rule sheets' single community card.

A stud street that deals one card to each player still in, when the deck cannot give one
to each (and the burn before it), deals one card face up in the middle instead, which
every player uses (the first rule sheet: with eight players at seventh street). The burn
is then made only when at least two cards are left. This is how the rules model deals
(:meth:`pyeval.rules.hand.Hand._deal_street`); the simulator counts every card it deals
and burns, so the two decide alike, and a test plays rules-model hands to check it.

When no card is left at all (Australian with all seven players in at seventh street:
seven times four cards, three burns and three rounds of seven), the rules model deals the
community card from its muck, the burned and discarded cards, reshuffled
(:class:`pyeval.rules.deck.Deck`); :func:`community_card` draws it the same way, at random
among the burned cards (the cards the simulator has not dealt) and the discards.

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
import numpy as np

from pyeval.jit.numba_linked import linked
from pyeval.jit.numba_rng import below
from pyeval.sim.kernel.hand_start import draw_card

DECK = 52


@linked(cache=True, error_model="numpy")
def street_plan(used, n_live, each, burn):
    """``(community, burn_first)`` for a street dealing ``each`` cards to ``n_live``
    players, with ``used`` cards of the deck dealt or burned so far; ``burn``: the street
    burns a card first."""
    left = DECK - used
    need = n_live * each + (1 if burn else 0)
    if each == 1 and need > left:
        return True, burn and left >= 2
    return False, burn and left >= 1


@linked(cache=True, error_model="numpy")
def cards_used(used, n_live, each, burn):
    """Cards dealt or burned after the street (see :func:`street_plan`)."""
    community, burn_first = street_plan(used, n_live, each, burn)
    used += 1 if burn_first else 0
    return used + (1 if community else n_live * each)


@linked(cache=True, error_model="numpy")
def community_card(deck, pos, burns, muck, st):
    """The community card of a street (:func:`street_plan`) with ``pos`` cards of the
    partial shuffle ``deck`` dealt and ``burns`` burned: the next card of the stub, or, when
    every card is dealt or burned, a card drawn at random from the muck, the burned cards
    (the ``52 - pos`` cards not dealt) and the discards (the card mask ``muck``).

    >>> import numpy as np
    >>> from pyeval.jit.numba_rng import seed_stream
    >>> st = np.empty(4, np.uint64); seed_stream(st, 1, 0)
    >>> deck = np.arange(52, dtype=np.uint8)
    >>> int(community_card(deck, 40, 0, 0, st)) >= 40          # a card of the stub
    True
    >>> got = {int(community_card(np.arange(52, dtype=np.uint8), 49, 3, (1 << 3) | (1 << 7),
    ...                           st)) for _ in range(200)}
    >>> sorted(got)                   # the three burned cards and the two discards
    [3, 7, 49, 50, 51]
    """
    if DECK - pos - burns >= 1:
        return draw_card(deck, pos, st)
    undealt = DECK - pos
    n = undealt
    m = np.int64(muck)
    while m:
        m &= m - 1
        n += 1
    u = below(st, n)
    if u < undealt:
        return _take(deck, pos, pos + u)
    m = np.int64(muck)
    for _k in range(u - undealt):
        m &= m - 1
    c = 0
    while not (m >> c) & 1:
        c += 1
    return np.uint8(c)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _take(deck, pos, j):
    """Card ``j`` of the stub into place ``pos`` of the partial shuffle."""
    c = deck[j]
    deck[j] = deck[pos]
    deck[pos] = c
    return c
