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

Stud with more players than the deck can serve seven cards (eight players in the seven-card
games): the seventh card is a single community card, used by everyone. It is then passed as
``board``, and each player holds six cards.

>>> g = game("omaha hi/lo")
>>> g.name, g.hole, g.board, g.split
('Omaha Hi/Lo', 4, 5, 'low8')
>>> game("irish").hole, game("irish").dealt
(2, 4)
>>> [g.key for g in GAMES.values()][:4]
['holdem', 'omaha', 'omaha5', 'omaha6']
"""
from __future__ import annotations

from dataclasses import dataclass, replace

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

SPLIT_NONE = 0
SPLIT_LOW8 = 1
SPLIT_CHICAGO = 2
_SPLITS = {"none": SPLIT_NONE, "low8": SPLIT_LOW8, "chicago": SPLIT_CHICAGO}


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


def _g(key: str, name: str, family: str, hole: int, board: int, kind: int, *,
       split: str = "none", dealt: int | None = None, down: tuple[int, ...] = (),
       classes: tuple[int, ...] | None = None, max_players: int = 10,
       community_seventh: bool = False, usage: str = "any hole cards",
       aliases: tuple[str, ...] = ()) -> EquityGame:
    return EquityGame(key, name, family, hole, board, kind, split,
                      hole if dealt is None else dealt, down,
                      classes if classes is not None else (0,) * hole, max_players,
                      community_seventh, usage, aliases)


_STUD7_DOWN = (0, 1, 6)


def _all() -> dict[str, EquityGame]:
    hp = 23   # (52 - 5) // 2 hold'em players fit the deck
    omaha = "exactly 2 hole cards and 3 board cards"
    gs = [
        _g("holdem", "Texas Hold'em", "holdem", 2, 5, KIND_HOLDEM, max_players=hp,
           aliases=("hold'em", "texas holdem", "texas hold'em", "nlhe", "he")),
        _g("omaha", "Omaha", "holdem", 4, 5, KIND_OMAHA, max_players=11, usage=omaha,
           aliases=("omaha high", "plo", "omaha4")),
        _g("omaha5", "5 Card Omaha", "holdem", 5, 5, KIND_OMAHA, max_players=9, usage=omaha,
           aliases=("5 card omaha", "five card omaha", "plo5")),
        _g("omaha6", "6 Card Omaha", "holdem", 6, 5, KIND_OMAHA, max_players=7, usage=omaha,
           aliases=("6 card omaha", "six card omaha", "plo6")),
        _g("omaha8", "Omaha Hi/Lo", "holdem", 4, 5, KIND_OMAHA, split="low8", max_players=11,
           usage=omaha, aliases=("omaha hi/lo", "omaha hi-lo", "omaha/8", "plo8",
                                 "omaha hilo", "omaha-hilo", "omaha8 hi/lo")),
        _g("omaha5-8", "5 Card Omaha Hi/Lo", "holdem", 5, 5, KIND_OMAHA, split="low8",
           max_players=9, usage=omaha, aliases=("5 card omaha hi/lo", "omaha5 hi/lo",
                                                "omaha5-hilo")),
        _g("omaha6-8", "6 Card Omaha Hi/Lo", "holdem", 6, 5, KIND_OMAHA, split="low8",
           max_players=7, usage=omaha, aliases=("6 card omaha hi/lo", "omaha6 hi/lo",
                                                "omaha6-hilo")),
        _g("irish", "Irish", "holdem", 2, 5, KIND_HOLDEM, dealt=4, max_players=hp,
           usage="after the discard: any of the 2 kept cards"),
        _g("pineapple", "Pineapple", "holdem", 2, 5, KIND_HOLDEM, dealt=3, max_players=hp,
           usage="after the discard: any of the 2 kept cards"),
        _g("crazy-pineapple", "Crazy Pineapple", "holdem", 2, 5, KIND_HOLDEM, dealt=3,
           max_players=hp, usage="after the discard: any of the 2 kept cards",
           aliases=("crazy pineapple", "crazypineapple")),
        _g("super8", "Super Eight", "holdem", 3, 5, KIND_SUPER8, max_players=15,
           usage="any of the 3 hole cards (best five of eight)",
           aliases=("super eight", "super 8", "supereight")),
        _g("tahoe", "Tahoe", "holdem", 3, 5, KIND_TAHOE, max_players=15,
           usage="at most 2 of the 3 hole cards"),
        _g("stud", "7 Card Stud", "stud", 7, 0, KIND_STUD, down=_STUD7_DOWN, max_players=8,
           community_seventh=True, usage="best five of seven",
           aliases=("7 card stud", "seven card stud", "stud7", "7stud")),
        _g("stud8", "7 Card Stud Hi/Lo", "stud", 7, 0, KIND_STUD, split="low8",
           down=_STUD7_DOWN, max_players=8, community_seventh=True,
           usage="best five of seven, high and 8-or-better low",
           aliases=("7 card stud hi/lo", "stud hi/lo", "stud-hilo", "seven card stud hi/lo",
                    "stud8 hi/lo")),
        _g("razz", "Razz", "stud", 7, 0, KIND_RAZZ, down=_STUD7_DOWN, max_players=8,
           community_seventh=True, usage="best ace-to-five low of seven"),
        _g("stud5", "5 Card Stud", "stud", 5, 0, KIND_FIVE, down=(0,), max_players=10,
           usage="all five cards", aliases=("5 card stud", "five card stud")),
        _g("australian", "Australian", "stud", 7, 0, KIND_STUD, dealt=8, down=_STUD7_DOWN,
           max_players=7, community_seventh=True,
           usage="after the discard: best five of seven (7 Card Stud)",
           aliases=("australian stud",)),
        _g("buffalo", "Buffalo", "stud", 7, 0, KIND_BUFFALO, down=(0, 1, 2, 6),
           classes=(0, 0, 0, 1, 1, 1, 1), max_players=8, community_seventh=True,
           usage="at most 2 of the first 3 down cards", aliases=("buffalo stud",)),
        _g("crocodile", "Crocodile", "stud", 7, 0, KIND_CROC, down=(0, 1),
           classes=(0, 0, 1, 1, 1, 1, 1), max_players=8, community_seventh=True,
           usage="at most 1 of the 2 down cards", aliases=("crocodile stud", "croc")),
        _g("chicago", "Chicago", "stud", 7, 0, KIND_STUD, split="chicago", down=_STUD7_DOWN,
           classes=(0, 0, 1, 1, 1, 1, 0), max_players=8, community_seventh=True,
           usage="best five of seven; the ace of spades in the hole takes half",
           aliases=("high chicago", "chicago stud")),
        _g("draw5", "5 Card Draw", "draw", 5, 0, KIND_FIVE, max_players=10,
           usage="all five cards (pat hands; missing cards are drawn at random)",
           aliases=("5 card draw", "five card draw", "draw")),
    ]
    return {g.key: g for g in gs}


GAMES: dict[str, EquityGame] = _all()
"""Every game, by key."""


def _norm(s: str) -> str:
    return "".join(ch for ch in s.lower() if ch.isalnum() or ch == "/")


_LOOKUP: dict[str, EquityGame] = {}
for _gm in GAMES.values():
    for _a in (_gm.key, _gm.name, *_gm.aliases):
        _LOOKUP.setdefault(_norm(_a), _gm)


def game(name: str | EquityGame) -> EquityGame:
    """A game by key, name or alias (case, spaces and punctuation ignored).

    >>> game("Texas Hold'em").key, game("PLO8").name, game("7-card stud").key
    ('holdem', 'Omaha Hi/Lo', 'stud')
    >>> game("badugi")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'badugi'; known games: holdem, omaha, ...
    """
    if isinstance(name, EquityGame):
        return name
    if not isinstance(name, str):
        raise TypeError(f"a game is named by a string, not {type(name).__name__}")
    g = _LOOKUP.get(_norm(name))
    if g is None:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return g
