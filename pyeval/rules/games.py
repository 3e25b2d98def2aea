"""Every game of the rule sheets as data: streets, dealing, discards, draws and showdown rules.

A :class:`Game` is a tuple of :class:`Street` s plus the showdown: which evaluator decides
each part of the pot (``"high"``, ``"low8"`` for 8-or-better, ``"razz"``, ``"chicago"``) and
how many hole cards a hand may use. The hand state machine (:mod:`pyeval.rules.hand`) reads
nothing else, so a new game is new data, not new code.

The games are those of the game registry (:mod:`pyeval.games`, which defines :class:`Game`
and :class:`Street`); this module is the rules model's view of it: :data:`GAMES` by display
name, :func:`game` for lookups, and :class:`DealersChoice` to play one game per hand.

>>> g = GAMES["Omaha Hi/Lo"]
>>> g.hole_cards, g.min_hole, g.max_hole, g.parts
(4, 2, 2, ('high', 'low8'))
>>> tuple(s.name for s in GAMES["7 Card Stud"].streets)
('third', 'fourth', 'fifth', 'sixth', 'seventh')
>>> game("irish").streets[1].discard
2

Readings of the rule sheets that the data fixes (see docs/rules.md):

- Irish and Crazy Pineapple discard after the flop's betting round, Pineapple after the
  pre-flop betting round (before the flop is dealt), Australian stud after third street's
  betting round. Every player still in the hand discards, all-in players included.
- Australian stud deals three down cards and one up card on third street; each player then
  discards one down card and the hand goes on as 7 Card Stud (up, up, up, down).
- Buffalo stud deals three down cards on third street (no up card, so no bring-in: the first
  player left of the dealer opens), then up, up, up and a last down card; a hand uses at most
  two of the first three down cards.
- Crocodile stud deals two down cards and one up card, then four up cards; a hand uses at
  most one of the two down cards.
- An open pair on fourth street allows the big bet in the high stud games (7 Card Stud,
  7 Card Stud Hi/Lo, Chicago, Australian, Crocodile; third street in 5 Card Stud), not in
  razz, where a pair is a bad hand.
- Chicago is 7 Card Stud in which the ace of spades in the hole (a down card) takes half of
  each pot it is eligible for and the best high hand the other half; when nobody eligible
  holds it the high hand takes the whole pot.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pyeval.games import (
    FAMILIES,
    FIVE_DRAW,
    FIVE_STUD,
    PARTS,
    REGISTRY,
    SEVEN_STUD,
    Choice,
    Game,
    Registry,
    Street,
    holdem,
    stud,
)

__all__ = [
    "FAMILIES",
    "FIVE_DRAW",
    "FIVE_STUD",
    "GAMES",
    "HOLDEM_GAMES",
    "PARTS",
    "SEVEN_STUD",
    "STUD_GAMES",
    "DealersChoice",
    "Game",
    "Street",
    "catalogue",
    "game",
    "holdem",
    "stud",
]


def catalogue(registry: Registry = REGISTRY) -> dict[str, Game]:
    """The rules model's games: every game of ``registry`` by display name (the dealer's
    choice entries are :class:`DealersChoice` rotations, not games).

    >>> tuple(catalogue())[:3]
    ("Texas Hold'em", 'Omaha', '5 Card Omaha')
    """
    return {g.name: g for g in registry.games}


GAMES: dict[str, Game] = catalogue()
"""Every game of the rule sheets, by name."""
_KNOWN = tuple(GAMES)    # what an unknown name's error lists

HOLDEM_GAMES = tuple(n for n, g in GAMES.items() if g.family == "holdem")
STUD_GAMES = tuple(n for n, g in GAMES.items() if g.family == "stud")


def game(name: str | Game) -> Game:
    """Look a game up by name, key or alias (case, spaces and punctuation ignored).

    >>> game("razz").low_opens, game("OMAHA hi/lo").name, game("seven_card_stud_hilo").name
    (True, 'Omaha Hi/Lo', '7 Card Stud Hi/Lo')
    >>> game("dealers_choice")
    Traceback (most recent call last):
    ...
    ValueError: 'dealers_choice' is Dealer's Choice, a rotation of the holdem games: play it with DealersChoice
    """
    if isinstance(name, Game):
        return name
    e = REGISTRY.lookup(name, known=_KNOWN)
    if isinstance(e, Choice):
        raise ValueError(f"{name!r} is {e.name}, a rotation of the {e.family} games: "
                         f"play it with DealersChoice")
    return e


@dataclass(frozen=True)
class DealersChoice:
    """Dealer's Choice: one of the listed games per hand, the betting structure fixed for
    the event. ``pick(seed)`` draws a game at random (seeded); ``rotation(n)`` takes them in
    turn, hand ``n`` playing ``games[n % len(games)]``.

    >>> dc = DealersChoice.holdem()
    >>> dc.rotation(0).name, dc.rotation(1).name
    ("Texas Hold'em", 'Omaha')
    >>> dc.pick(7) == dc.pick(7)
    True
    """

    games: tuple[Game, ...]
    name: str = "Dealer's Choice"

    def __post_init__(self) -> None:
        if not self.games:
            raise ValueError("Dealer's Choice needs at least one game")
        fams = {g.family for g in self.games}
        if len(fams) > 1:
            raise ValueError(f"Dealer's Choice games must share a family (forced bets differ), "
                             f"got {sorted(fams)}")

    @classmethod
    def holdem(cls) -> DealersChoice:
        """Every hold'em family game."""
        return cls.of_choice("dealers_choice")

    @classmethod
    def stud(cls) -> DealersChoice:
        """Every stud family game (Dealer's Choice Stud)."""
        return cls.of_choice("dealers_choice_stud")

    @classmethod
    def of_choice(cls, name: str, registry: Registry = REGISTRY) -> DealersChoice:
        """A dealer's choice entry of the registry: the games it chooses among (the rule
        sheet's list, :meth:`pyeval.games.Registry.choice_games`), its name.

        >>> dc = DealersChoice.of_choice("Dealer's Choice Stud")
        >>> dc.name, len(dc.games), dc.games[0].name
        ("Dealer's Choice Stud", 8, '5 Card Stud')
        """
        e = registry.lookup(name, known=[c.key for c in registry.choices])
        if not isinstance(e, Choice):
            raise ValueError(f"{name!r} is one game, not a dealer's choice; choices: "
                             f"{', '.join(c.key for c in registry.choices)}")
        return cls(registry.choice_games(e), e.name)

    @classmethod
    def of(cls, *names: str) -> DealersChoice:
        """The listed games, by name.

        >>> DealersChoice.of("holdem", "omaha").games[1].name
        'Omaha'
        """
        return cls(tuple(game(n) for n in names))

    def pick(self, seed: int | np.random.Generator) -> Game:
        """The dealer's pick for one hand, drawn with a seeded generator."""
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        return self.games[int(rng.integers(len(self.games)))]

    def rotation(self, hand_number: int) -> Game:
        """The game of hand ``hand_number`` when the games are played in turn."""
        return self.games[hand_number % len(self.games)]
