"""Every game of the rule sheets, as the equity engine sees it at showdown.

Equity only needs what decides the pot: hole cards per player, community cards, which hole
cards a hand may use, and how the pot splits. Games that differ only in their betting or in
a discard the players have already made are the same game here:

- **Irish**, **Pineapple** and **Crazy Pineapple**: after the discard each player holds two
  hole cards and may use any of them, which is Texas Hold'em. Their equity is computed after
  the discard; a 3- or 4-card hand is refused (what a player keeps is a decision, not a
  deal). Known discards go in ``dead``.
- **Australian** stud, after its third-street discard, is 7 Card Stud.
- **5 Card Draw** is equity for pat hands (five known cards each); a hand given with fewer
  cards draws the rest at random from the deck.

Splits:

- **Hi/Lo** (8 or better): half to the best high, half to the best qualifying low; when no
  hand makes a low, the high hand takes the whole pot.
- **Chicago**: the ace of spades in the hole (a down card) takes half, the best high hand the
  other half; when nobody holds it in the hole (it is an up card, unseen, dead or the
  community card) the high hand takes the whole pot.

The games are those of the game registry (:mod:`pyeval.games`): :func:`equity_game` derives
each one's evaluation kind, split, down-card positions and deck capacity from the registry's
showdown facts, and the keys are the ones this engine has always used (``holdem``,
``omaha8``, ``super8``, ``stud``, ``draw5``, ...; the registry keys, names and aliases work
too).

Stud with more players than the deck can serve seven cards (eight players in the seven-card
games): the seventh card is a single community card, used by everyone. It is then passed as
``board``, and each player holds six cards.

>>> g = game("omaha hi/lo")
>>> g.name, g.hole, g.board, g.split
('Omaha Hi/Lo', 4, 5, 'low8')
>>> game("irish").hole, game("irish").dealt
(2, 4)
>>> tuple(g.key for g in GAMES.values())[:4]
('holdem', 'omaha', 'omaha5', 'omaha6')
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pyeval.games import (
    DECK,
    REGISTRY,
    SPLIT_CHICAGO,
    SPLIT_CODES,
    SPLIT_LOW8,
    SPLIT_NONE,
    Choice,
    Game,
    Registry,
)

__all__ = [
    "GAMES",
    "KIND_BUFFALO",
    "KIND_CROC",
    "KIND_FIVE",
    "KIND_HOLDEM",
    "KIND_OMAHA",
    "KIND_RAZZ",
    "KIND_STUD",
    "KIND_SUPER8",
    "KIND_TAHOE",
    "SPLIT_CHICAGO",
    "SPLIT_LOW8",
    "SPLIT_NONE",
    "EquityGame",
    "catalogue",
    "equity_game",
    "game",
]

# evaluation kinds (the kernels branch on these)
KIND_HOLDEM = 0    # best five of hole + board, any hole cards
KIND_OMAHA = 1     # exactly two hole cards and three board cards
KIND_SUPER8 = 2    # three hole cards, any used: best five of eight
KIND_TAHOE = 3     # three hole cards, at most two used
KIND_STUD = 4      # best five of seven
KIND_RAZZ = 5      # ace-to-five low of seven
KIND_FIVE = 6      # five cards, as they are (5 card stud, 5 card draw)
KIND_BUFFALO = 7   # at most two of the first three down cards
KIND_CROC = 8      # at most one of the two down cards

#: the split codes are the registry's (:data:`pyeval.games.SPLIT_CODES`), the simulator's too
_SPLITS = SPLIT_CODES


@dataclass(frozen=True)
class EquityGame:
    """A game at showdown.

    ``hole``: hole cards per player (after any discard); ``board``: community cards;
    ``dealt``: hole cards dealt before a discard (equal to ``hole`` when there is none);
    ``split``: ``"none"``, ``"low8"`` or ``"chicago"``; ``down``: positions of the down
    cards in a stud hand written in dealing order; ``classes``: positions that play the same
    role (unknown cards in one class are interchangeable, which exact enumeration uses);
    ``community_seventh``: a stud game whose seventh card becomes a community card when the
    deck runs short.

    >>> game("buffalo").down, game("buffalo").classes
    ((0, 1, 2, 6), (0, 0, 0, 1, 1, 1, 1))
    """

    key: str
    name: str
    family: str
    hole: int
    board: int
    kind: int
    split: str = "none"
    dealt: int = 0
    down: tuple[int, ...] = ()
    classes: tuple[int, ...] = ()
    max_players: int = 10
    community_seventh: bool = False
    usage: str = "any hole cards"
    aliases: tuple[str, ...] = ()

    @property
    def split_code(self) -> int:
        return _SPLITS[self.split]

    @property
    def hi_lo(self) -> bool:
        """True when the pot is split in halves (8-or-better low or Chicago)."""
        return self.split != "none"

    @property
    def ranges_allowed(self) -> bool:
        """Range notation is for two-card hold'em games."""
        return self.family == "holdem" and self.hole == 2

    def for_players(self, n: int) -> EquityGame:
        """The game as dealt to ``n`` players: seven-card stud with eight players takes its
        seventh card from the board (a single community card).

        >>> g = game("stud").for_players(8)
        >>> g.hole, g.board, g.down
        (6, 1, (0, 1))
        """
        if not (self.community_seventh and n * self.hole > 52):
            return self
        hole = self.hole - 1
        return replace(self, hole=hole, board=1, dealt=self.dealt - 1,
                       down=tuple(p for p in self.down if p < hole),
                       classes=self.classes[:hole])


_SPLIT_OF_PART = {"high": "none", "razz": "none", "low8": "low8", "chicago": "chicago"}


def _kind(g: Game) -> int | None:
    """The evaluation kind of a game's showdown (what the kernels branch on), ``None`` when
    the kernels have none for it."""
    hole, board = g.hole_cards, g.board_cards
    free = g.min_hole == 0 and (g.max_hole is None or g.max_hole >= hole)
    if g.family == "holdem" and board == 5:
        if free and hole in (2, 3):
            return KIND_HOLDEM if hole == 2 else KIND_SUPER8
        if g.min_hole == g.max_hole == 2 and hole >= 4:
            return KIND_OMAHA
        if (g.min_hole, g.max_hole, hole) == (0, 2, 3):
            return KIND_TAHOE
    elif board == 0 and g.parts[0] == "razz":
        if free and hole == 7:
            return KIND_RAZZ
    elif board == 0 and free and hole == 5:
        return KIND_FIVE
    elif g.family == "stud" and board == 0 and hole == 7:
        if free:
            return KIND_STUD
        if (g.min_hole, g.max_hole, g.restricted) == (0, 2, 3):
            return KIND_BUFFALO
        if (g.min_hole, g.max_hole, g.restricted) == (0, 1, 2):
            return KIND_CROC
    return None


def _no_evaluator(g: Game) -> ValueError:
    return ValueError(f"the equity engine has no evaluator for {g.name}: {g.hole_cards} hole "
                      f"cards, {g.board_cards} board cards, hole cards used "
                      f"{g.min_hole}..{g.max_hole}"
                      f"{f' of the first {g.restricted} down cards' if g.restricted else ''}")


def _classes(g: Game, down: tuple[int, ...]) -> tuple[int, ...]:
    """Positions that play the same role at showdown: the restricted down cards (Buffalo,
    Crocodile) or the down cards where the ace of spades counts (Chicago) against the rest."""
    if g.restricted:
        marked = set(down[:g.restricted])
    elif "chicago" in g.parts:
        marked = set(down)
    else:
        return (0,) * g.hole_cards
    return tuple(0 if p in marked else 1 for p in range(g.hole_cards))


def _capacity(g: Game) -> int:
    """The most players one deck serves at showdown: hold'em counts the cards kept (equity
    is computed after a discard), stud every card dealt, with one community card when the
    last street can run the deck out."""
    if g.family == "holdem":
        return (DECK - g.board_cards) // g.hole_cards
    if g.community_last:
        return (DECK - 1) // (g.dealt_hole_cards - 1)
    return DECK // g.dealt_hole_cards


def equity_game(g: Game) -> EquityGame:
    """The equity engine's view of a registry game.

    >>> from pyeval.games import lookup
    >>> e = equity_game(lookup("crocodile"))
    >>> e.key, e.kind == KIND_CROC, e.down, e.classes, e.max_players
    ('crocodile', True, (0, 1), (0, 0, 1, 1, 1, 1, 1), 8)
    """
    kind = _kind(g)
    if kind is None:
        raise _no_evaluator(g)
    down = g.down_positions
    return EquityGame(g.equity_key, g.name, g.family, g.hole_cards, g.board_cards, kind,
                      _SPLIT_OF_PART[g.parts[-1]], g.dealt_hole_cards, down, _classes(g, down),
                      _capacity(g), g.community_last, g.usage or "any hole cards", g.aliases)


def catalogue(registry: Registry = REGISTRY) -> dict[str, EquityGame]:
    """Every game of ``registry`` as the equity engine sees it, by equity key (the dealer's
    choice entries are no single game, and a game the kernels have no evaluation kind for is
    left out: :func:`game` then says so).

    >>> tuple(catalogue())[4:7]
    ('omaha8', 'omaha5-8', 'omaha6-8')
    """
    return {g.equity_key: equity_game(g) for g in registry.games if _kind(g) is not None}


GAMES: dict[str, EquityGame] = catalogue()
"""Every game, by key."""
_KNOWN = tuple(GAMES)    # what an unknown name's error lists


def game(name: str | EquityGame | Game) -> EquityGame:
    """A game by key, name or alias (case, spaces and punctuation ignored), or the equity
    view of a registry :class:`~pyeval.games.Game` (the rules model's games).

    >>> game("Texas Hold'em").key, game("PLO8").name, game("7-card stud").key
    ('holdem', 'Omaha Hi/Lo', 'stud')
    >>> game("seven_card_stud_hilo").key, game("6 Card Omaha Hi/Lo").key
    ('stud8', 'omaha6-8')
    >>> from pyeval.rules import GAMES as RULES
    >>> game(RULES["Buffalo"]) is GAMES["buffalo"]
    True
    >>> game("badugi")
    Traceback (most recent call last):
    ...
    pyeval.games.UnknownGameError: unknown game 'badugi'; known games: holdem, omaha, ...
    """
    if isinstance(name, EquityGame):
        return name
    if isinstance(name, Game):
        known = GAMES.get(name.equity_key)
        return known if known is not None and REGISTRY.find(name.key) is name else equity_game(name)
    e = REGISTRY.lookup(name, known=_KNOWN)
    if isinstance(e, Choice):
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)} "
                         f"({e.name} picks one game per hand: compute each game's equity)")
    if e.equity_key not in GAMES:
        raise _no_evaluator(e)
    return GAMES[e.equity_key]
