"""The state of a hand in progress that every stage reads and changes: the seats and the
button, stacks, this round's bets, what each seat has put in the pot, the cards, the phase
and the record of events and actions. :class:`~pyeval.rules.hand.Hand` is built on it from
:class:`~pyeval.rules.forced_bets.ForcedBets` (antes, blinds, straddles, posts) and
:class:`~pyeval.rules.settle.Settle` (showdown and the award of the pots).

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, button=0,
...          seed=1)
>>> h.deal_order, h.bets, h.phase
((1, 2, 0), {0: 0, 1: 1, 2: 2}, 'betting')
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pyeval.rules.betting import Action, Round, Structure, order_from
from pyeval.rules.deck import Deck
from pyeval.rules.games import Game
from pyeval.rules.pots import OddChip
from pyeval.rules.table import Positions

if TYPE_CHECKING:
    from pyeval.rules.hand_result import HandResult


class HandState:
    """The chips, cards and phase of one hand (set by :class:`~pyeval.rules.hand.Hand`)."""

    game: Game
    structure: Structure
    odd_chip: OddChip
    carry_in: int              # odd chips carried in from the last hand
    showdown: str              # "auto" or "ask"
    posts: dict[int, int]      # seat: chips posted out of turn
    seats: tuple[int, ...]
    start_stacks: dict[int, int]
    stacks: dict[int, int]
    button: int
    positions: Positions | None
    deck: Deck
    dead: int                  # dead money: big-blind and button antes
    mucked: list[int]
    contrib: dict[int, int]    # chips in the pot from earlier rounds
    bets: dict[int, int]       # chips bet this round
    folded: set[int]
    down: dict[int, list[int]]
    up: dict[int, list[int]]
    board: list[int]
    street: int
    phase: str                 # start, betting, discard, draw, showdown, over
    round: Round | None
    rounds: list[Round | None]
    waiting: list[int]         # seats still to discard, draw or show
    events: list[dict]
    actions: list[Action]
    result: HandResult | None

    @property
    def deal_order(self) -> tuple[int, ...]:
        """Seats clockwise from the first seat left of the button (dealer)."""
        key = (self.seats, self.button)
        if getattr(self, "_deal_order_key", None) != key:
            self._deal_order_key = key
            self._deal_order = order_from(self.seats, self.button)
        return self._deal_order

    def live(self) -> list[int]:
        """Seats still in the hand, clockwise from the button's left."""
        return [s for s in self.deal_order if s not in self.folded]

    def _pay(self, s: int, amount: int, into_bet: bool) -> int:
        amt = min(amount, self.stacks[s])
        self.stacks[s] -= amt
        if into_bet:
            self.bets[s] += amt
        else:
            self.contrib[s] += amt
        return amt


    def _collect(self) -> None:
        for s in self.seats:
            self.contrib[s] += self.bets[s]
            self.bets[s] = 0
        self.round = None
