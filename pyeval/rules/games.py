"""Every game of the rule sheets as data: streets, dealing, discards, draws and showdown rules.

A :class:`Game` is a tuple of :class:`Street` s plus the showdown: which evaluator decides
each part of the pot (``"high"``, ``"low8"`` for 8-or-better, ``"razz"``, ``"chicago"``) and
how many hole cards a hand may use. The hand state machine (:mod:`pyeval.rules.hand`) reads
nothing else, so a new game is new data, not new code.

>>> g = GAMES["Omaha Hi/Lo"]
>>> g.hole_cards, g.min_hole, g.max_hole, g.parts
(4, 2, 2, ('high', 'low8'))
>>> [s.name for s in GAMES["7 Card Stud"].streets]
['third', 'fourth', 'fifth', 'sixth', 'seventh']
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

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

FAMILIES = ("holdem", "stud", "draw")
PARTS = ("high", "low8", "razz", "chicago")


@dataclass(frozen=True)
class Street:
    """One dealing step and the betting round after it.

    ``down``/``up``: cards dealt to each player face down / face up (stud deals the down
    cards first); ``board``: community cards; ``burn``: a card is burned first; ``draw``:
    before the betting each player may exchange up to ``Game.draw_max`` cards; ``discard``:
    after the betting each player discards exactly this many down cards; ``big_bet``: fixed
    limit uses the big bet; ``bring_in``: the stud bring-in street; ``open_pair``: fixed-limit
    stud street where an open pair allows the big bet.

    >>> Street("flop", board=3, burn=True).board
    3
    """

    name: str
    down: int = 0
    up: int = 0
    board: int = 0
    burn: bool = False
    draw: bool = False
    discard: int = 0
    big_bet: bool = False
    bring_in: bool = False
    open_pair: bool = False

    def __post_init__(self) -> None:
        for k in ("down", "up", "board", "discard"):
            if getattr(self, k) < 0:
                raise ValueError(f"street {self.name!r}: {k} must be >= 0, got {getattr(self, k)}")
        if self.draw and (self.down or self.up):
            raise ValueError(f"street {self.name!r}: a draw street deals no new hole cards")

    @property
    def hole(self) -> int:
        """Cards dealt to each player on this street."""
        return self.down + self.up


@dataclass(frozen=True)
class Game:
    """A game: family, streets and showdown.

    ``parts``: how a pot splits at showdown — ``("high",)``, ``("razz",)``,
    ``("high", "low8")`` (halves, the whole pot to high when no low qualifies) or
    ``("high", "chicago")``. ``min_hole``/``max_hole`` limit the hole cards a hand may use;
    in stud games they apply to the first ``restricted`` down cards (all other cards are
    free). ``low_opens``: the lowest hand showing acts first and the highest card brings
    in (razz).

    >>> GAMES["Tahoe"].max_hole
    2
    """

    name: str
    family: str
    streets: tuple[Street, ...]
    parts: tuple[str, ...] = ("high",)
    min_hole: int = 0
    max_hole: int | None = None
    restricted: int | None = None
    low_opens: bool = False
    max_players: int = 10
    draw_max: int = 5
    aliases: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"game {self.name!r}: family must be one of {FAMILIES}, "
                             f"not {self.family!r}")
        if not self.streets:
            raise ValueError(f"game {self.name!r}: needs at least one street")
        bad = [p for p in self.parts if p not in PARTS]
        if bad or not self.parts or self.parts[0] not in ("high", "razz") or len(self.parts) > 2:
            raise ValueError(f"game {self.name!r}: parts must be ('high',), ('razz',), "
                             f"('high', 'low8') or ('high', 'chicago'), not {self.parts}")
        if not 2 <= self.max_players <= 23:
            raise ValueError(f"game {self.name!r}: max_players must be 2..23")

    @property
    def hole_cards(self) -> int:
        """Hole cards each player holds at the end (after discards)."""
        n = sum(s.hole for s in self.streets)
        return n - sum(s.discard for s in self.streets)

    @property
    def dealt_hole_cards(self) -> int:
        """Hole cards dealt to each player (before discards)."""
        return sum(s.hole for s in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards dealt."""
        return sum(s.board for s in self.streets)

    @property
    def hi_lo(self) -> bool:
        """True when the pot splits in halves (8-or-better low or Chicago)."""
        return len(self.parts) == 2


# ------------------------------------------------------------------------------ builders

def _holdem_streets(hole: int, discard_preflop: int = 0, discard_flop: int = 0) -> tuple[Street, ...]:
    return (
        Street("preflop", down=hole, discard=discard_preflop),
        Street("flop", board=3, burn=True, discard=discard_flop),
        Street("turn", board=1, burn=True, big_bet=True),
        Street("river", board=1, burn=True, big_bet=True),
    )


def holdem(name: str = "Texas Hold'em", hole: int = 2, *, min_hole: int = 0,
           max_hole: int | None = None, parts: tuple[str, ...] = ("high",),
           discard_preflop: int = 0, discard_flop: int = 0, max_players: int = 10,
           aliases: tuple[str, ...] = ()) -> Game:
    """A hold'em family game (blinds, flop, turn, river).

    >>> holdem("Omaha", 4, min_hole=2, max_hole=2).hole_cards
    4
    """
    return Game(name, "holdem", _holdem_streets(hole, discard_preflop, discard_flop), parts,
                min_hole, max_hole, None, False, max_players, aliases=aliases)


def stud(name: str, streets: Sequence[Street], *, parts: tuple[str, ...] = ("high",),
         low_opens: bool = False, min_hole: int = 0, max_hole: int | None = None,
         restricted: int | None = None, max_players: int = 8,
         aliases: tuple[str, ...] = ()) -> Game:
    """A stud family game (antes, bring-in, up and down cards).

    >>> stud("Mini", [Street("second", down=1, up=1, bring_in=True)]).family
    'stud'
    """
    return Game(name, "stud", tuple(streets), parts, min_hole, max_hole, restricted, low_opens,
                max_players, aliases=aliases)


def _seven_stud_streets(third_down: int = 2, third_up: int = 1, *, discard_third: int = 0,
                        later_up: tuple[bool, bool, bool, bool] = (True, True, True, False),
                        open_pair: bool = True) -> tuple[Street, ...]:
    names = ("fourth", "fifth", "sixth", "seventh")
    out = [Street("third", down=third_down, up=third_up, discard=discard_third,
                  bring_in=third_up > 0)]
    for i, (nm, up) in enumerate(zip(names, later_up)):
        out.append(Street(nm, down=0 if up else 1, up=1 if up else 0, burn=True,
                          big_bet=i >= 1, open_pair=(open_pair and i == 0 and third_up > 0)))
    return tuple(out)


SEVEN_STUD = _seven_stud_streets()
FIVE_STUD = (
    Street("second", down=1, up=1, bring_in=True),
    Street("third", up=1, burn=True, open_pair=True),
    Street("fourth", up=1, burn=True, big_bet=True),
    Street("fifth", up=1, burn=True, big_bet=True),
)
FIVE_DRAW = (
    Street("deal", down=5),
    Street("draw", draw=True, burn=True, big_bet=True),
)


def _all_games() -> dict[str, Game]:
    gs = [
        holdem("Texas Hold'em", 2, aliases=("holdem", "hold'em", "texas holdem", "nlhe")),
        holdem("Omaha", 4, min_hole=2, max_hole=2, aliases=("omaha high", "plo")),
        holdem("5 Card Omaha", 5, min_hole=2, max_hole=2, max_players=8, aliases=("omaha5",)),
        holdem("6 Card Omaha", 6, min_hole=2, max_hole=2, max_players=7, aliases=("omaha6",)),
        holdem("Omaha Hi/Lo", 4, min_hole=2, max_hole=2, parts=("high", "low8"),
               aliases=("omaha8", "omaha hi-lo", "omaha/8", "plo8")),
        holdem("5 Card Omaha Hi/Lo", 5, min_hole=2, max_hole=2, parts=("high", "low8"),
               max_players=8, aliases=("omaha5 hi/lo",)),
        holdem("Irish", 4, discard_flop=2, max_hole=2),
        holdem("Super Eight", 3),
        holdem("Tahoe", 3, max_hole=2),
        holdem("Pineapple", 3, discard_preflop=1, max_hole=2),
        holdem("Crazy Pineapple", 3, discard_flop=1, max_hole=2),
        stud("5 Card Stud", FIVE_STUD, max_players=10, aliases=("five card stud", "stud5")),
        stud("7 Card Stud", SEVEN_STUD, aliases=("seven card stud", "stud", "stud7")),
        stud("7 Card Stud Hi/Lo", SEVEN_STUD, parts=("high", "low8"),
             aliases=("stud8", "stud hi/lo", "seven card stud hi/lo")),
        stud("Razz", _seven_stud_streets(open_pair=False), parts=("razz",), low_opens=True),
        stud("Australian", _seven_stud_streets(3, 1, discard_third=1), max_players=7,
             aliases=("australian stud",)),
        stud("Buffalo", _seven_stud_streets(3, 0), max_hole=2, restricted=3,
             aliases=("buffalo stud",)),
        stud("Crocodile", _seven_stud_streets(2, 1, later_up=(True, True, True, True)),
             max_hole=1, restricted=2, aliases=("crocodile stud",)),
        stud("Chicago", SEVEN_STUD, parts=("high", "chicago"), aliases=("high chicago",)),
        Game("5 Card Draw", "draw", FIVE_DRAW, max_players=8, aliases=("five card draw", "draw")),
    ]
    return {g.name: g for g in gs}


GAMES: dict[str, Game] = _all_games()
"""Every game of the rule sheets, by name."""

HOLDEM_GAMES = tuple(n for n, g in GAMES.items() if g.family == "holdem")
STUD_GAMES = tuple(n for n, g in GAMES.items() if g.family == "stud")


def _key(s: str) -> str:
    return "".join(ch for ch in s.lower() if ch.isalnum())


_LOOKUP = {_key(a): g for g in GAMES.values() for a in (g.name, *g.aliases)}


def game(name: str | Game) -> Game:
    """Look a game up by name or alias (case, spaces and punctuation ignored).

    >>> game("razz").low_opens, game("OMAHA hi/lo").name, game("seven_card_stud_hilo").name
    (True, 'Omaha Hi/Lo', '7 Card Stud Hi/Lo')
    """
    if isinstance(name, Game):
        return name
    g = _LOOKUP.get(_key(name))
    if g is None:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return g


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
        return cls(tuple(GAMES[n] for n in HOLDEM_GAMES))

    @classmethod
    def stud(cls) -> DealersChoice:
        """Every stud family game (Dealer's Choice Stud)."""
        return cls(tuple(GAMES[n] for n in STUD_GAMES), "Dealer's Choice Stud")

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
