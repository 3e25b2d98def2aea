"""The game registry: every game of the rule sheets, defined once.

Each entry holds what any layer needs to know about a game: a stable **key**, the display
**name** and the **aliases** users type, the **family** (``holdem``, ``stud``, ``draw``), the
deal (a tuple of :class:`Street` s: down, up and board cards, burns, discards, draws), the
showdown (how the pot splits, how many hole cards a hand may use and which down cards that
limit restricts), the most players a table seats, the simulator's numeric **code**, and the
key the equity engine has always used. The two Dealer's Choice entries are :class:`Choice` s:
one game of a family per hand.

Every other layer derives its view from :data:`REGISTRY` and imports nothing else of
another layer: the rules model (:mod:`pyeval.rules.games`) uses these :class:`Game` s as they
are, keyed by name; the equity engine (:mod:`pyeval.equity.games`) derives its evaluation
kinds and splits; tournaments (:mod:`pyeval.tournament.levels`) take the keys, split into
blind and stud games; the simulator (:mod:`pyeval.sim.kernel.layout`) takes the codes. A new game
is one entry here plus its tests.

**Keys** are lowercase ``snake_case`` words, the names structure files use
(``seven_card_stud``, ``omaha_hilo``, ``five_card_draw``); Omaha with more hole cards adds the
count (``omaha5``, ``omaha6``), an 8-or-better split ends in ``_hilo``, the two rotations are
``dealers_choice`` and ``dealers_choice_stud``. Keys and **codes** never change once
published (recorded hands store codes); a new game takes the next free code.

**Lookup** accepts a key, a name or an alias, ignoring case, spaces and punctuation
(``"Texas Hold'em"``, ``"holdem"``, ``"PLO8"``, ``"seven_card_stud"``, ``"7-card stud"``):

>>> lookup("PLO8").key, lookup("Omaha Hi/Lo").name, lookup("super8").key
('omaha_hilo', 'Omaha Hi/Lo', 'super_eight')
>>> g = lookup("tahoe")
>>> g.family, g.hole_cards, g.board_cards, g.min_hole, g.max_hole, g.parts
('holdem', 3, 5, 0, 2, ('high',))
>>> b = lookup("buffalo")
>>> b.max_hole, b.restricted, b.down_positions
(2, 3, (0, 1, 2, 6))
>>> tuple(s.name for s in lookup("5 card draw").streets)
('deal', 'draw')
>>> lookup("dealers_choice_stud").family, len(REGISTRY.choice_games(lookup("dealers_choice")))
('stud', 8)
>>> lookup("badugi")
Traceback (most recent call last):
...
pyeval.games.UnknownGameError: unknown game 'badugi'; known games: holdem, omaha, ...
>>> lookup("omha hi lo")
Traceback (most recent call last):
...
pyeval.games.UnknownGameError: unknown game 'omha hi lo'; ...; did you mean 'Omaha Hi/Lo'?

A registry with one more game (what a new entry gives every layer):

>>> mini = holdem("Mini Hold'em", 2, key="mini_holdem", code=99, max_players=6)
>>> reg = REGISTRY.extended(mini)
>>> reg.lookup("mini holdem").code, "mini_holdem" in REGISTRY
(99, False)
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

__all__ = [
    "FAMILIES",
    "FAMILY_CODES",
    "FIVE_DRAW",
    "FIVE_STUD",
    "PARTS",
    "REGISTRY",
    "SEVEN_STUD",
    "SPLIT_CHICAGO",
    "SPLIT_CODES",
    "SPLIT_LOW8",
    "SPLIT_NONE",
    "Choice",
    "Entry",
    "Game",
    "Registry",
    "Street",
    "UnknownGameError",
    "holdem",
    "lookup",
    "normalize",
    "stud",
]

FAMILIES = ("holdem", "stud", "draw")
#: The compiled kernels' code of each family (the equity and the simulator's): its place in
#: :data:`FAMILIES`.
FAMILY_CODES: dict[str, int] = {f: i for i, f in enumerate(FAMILIES)}
#: The compiled kernels' codes of how a pot splits: one way (high, or razz's low), an
#: 8-or-better low half, a Chicago half (the high spade in the hole).
SPLIT_NONE, SPLIT_LOW8, SPLIT_CHICAGO = 0, 1, 2
SPLIT_CODES: dict[str, int] = {"none": SPLIT_NONE, "low8": SPLIT_LOW8, "chicago": SPLIT_CHICAGO}
PARTS = ("high", "low8", "razz", "chicago")
DECK = 52
_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
_NOT_ALNUM = re.compile(r"[\W_]+")


def normalize(text: str) -> str:
    """The form names are compared in: lowercase letters and digits only.

    >>> normalize("Texas Hold'em"), normalize("seven_card_stud"), normalize("Omaha/8")
    ('texasholdem', 'sevencardstud', 'omaha8')
    """
    return _NOT_ALNUM.sub("", text.lower())


def _key_from_name(name: str) -> str:
    key = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return key if key[:1].isalpha() else f"game_{key}"


class UnknownGameError(ValueError):
    """A name that is no key, name or alias of the registry (a :class:`ValueError`)."""


# ------------------------------------------------------------------------------ the deal

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


# ------------------------------------------------------------------------------ a game

@dataclass(frozen=True)
class Game:
    """A game: family, streets and showdown, and its names in every layer.

    ``parts``: how a pot splits at showdown — ``("high",)``, ``("razz",)``,
    ``("high", "low8")`` (halves, the whole pot to high when no low qualifies) or
    ``("high", "chicago")`` (the ace of spades in the hole takes half). ``min_hole``/
    ``max_hole`` limit the hole cards a hand may use; in stud games they apply to the first
    ``restricted`` down cards (all other cards are free). ``low_opens``: the lowest hand
    showing acts first and the highest card brings in (razz). ``max_players``: the most a
    table seats. ``key``: the registry key (from the name when not given); ``code``: the
    simulator's number (-1: not registered); ``equity_key``: the equity engine's key (the
    ``key`` when not given); ``usage``: the showdown rule in words.

    >>> lookup("Tahoe").max_hole, lookup("Omaha Hi/Lo").hi_lo
    (2, True)
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
    key: str = ""
    code: int = -1
    equity_key: str = ""
    usage: str = field(default="", compare=False)

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
        if self.max_hole is not None and not 0 <= self.min_hole <= self.max_hole:
            raise ValueError(f"game {self.name!r}: hole-card limits need "
                             f"0 <= min_hole <= max_hole, got {self.min_hole}, {self.max_hole}")
        if sum(1 for s in self.streets if s.discard) > 1:
            raise ValueError(f"game {self.name!r}: at most one street may discard")
        if self.restricted is not None and self.family != "stud":
            raise ValueError(f"game {self.name!r}: only stud games restrict some down cards")
        if not self.key:
            object.__setattr__(self, "key", _key_from_name(self.name))
        if not _KEY.match(self.key):
            raise ValueError(f"game {self.name!r}: a key is lowercase snake_case "
                             f"(letters, digits, '_'), not {self.key!r}")
        if not self.equity_key:
            object.__setattr__(self, "equity_key", self.key)

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

    @property
    def blinds(self) -> bool:
        """True for games with blinds (hold'em and draw); stud has antes and a bring-in."""
        return self.family != "stud"

    @property
    def down_positions(self) -> tuple[int, ...]:
        """Stud: positions of the down cards in a hand written in dealing order (after any
        discard, which takes a down card of its street). Other families: ``()``.

        >>> lookup("seven_card_stud").down_positions, lookup("australian").down_positions
        ((0, 1, 6), (0, 1, 6))
        """
        if self.family != "stud":
            return ()
        order: list[bool] = []          # True: a down card
        for s in self.streets:
            street = [True] * (s.down - s.discard) + [False] * s.up
            order.extend(street)
        return tuple(i for i, down in enumerate(order) if down)

    @property
    def discard_street(self) -> int | None:
        """Index of the street after whose betting each player discards (``None``: no
        discard). Several discarding streets are refused at construction.

        >>> lookup("pineapple").discard_street, lookup("irish").discard_street
        (0, 1)
        >>> lookup("holdem").discard_street is None
        True
        """
        for i, s in enumerate(self.streets):
            if s.discard:
                return i
        return None

    @property
    def discards(self) -> int:
        """Down cards each player discards (0 in games without a discard).

        >>> lookup("irish").discards, lookup("australian").discards, lookup("tahoe").discards
        (2, 1, 0)
        """
        return sum(s.discard for s in self.streets)

    @property
    def community_last(self) -> bool:
        """Stud whose full table needs more cards than the deck holds: the last street's
        single card is then dealt once, face up, for everyone (the rule sheets' community
        card).

        >>> lookup("razz").community_last, lookup("five_card_stud").community_last
        (True, False)
        """
        return (self.family == "stud" and self.streets[-1].hole == 1
                and self.max_players * self.dealt_hole_cards > DECK)


@dataclass(frozen=True)
class Choice:
    """Dealer's Choice: one game of ``family`` per hand, the betting structure fixed for
    the event (the rules model's :class:`pyeval.rules.games.DealersChoice` plays it).

    >>> lookup("dealers choice").family
    'holdem'
    """

    key: str
    name: str
    family: str
    code: int = -1
    aliases: tuple[str, ...] = field(default=(), compare=False)
    #: the games the dealer chooses among, by key, when the event names none (the rule
    #: sheet's list); empty: every game of ``family``. An event may name any game of it.
    games: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"choice {self.name!r}: family must be one of {FAMILIES}, "
                             f"not {self.family!r}")
        if not _KEY.match(self.key):
            raise ValueError(f"choice {self.name!r}: a key is lowercase snake_case, "
                             f"not {self.key!r}")

    @property
    def blinds(self) -> bool:
        """True when the games it chooses from have blinds."""
        return self.family != "stud"


Entry = Game | Choice


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
           aliases: tuple[str, ...] = (), key: str = "", code: int = -1,
           equity_key: str = "", usage: str = "") -> Game:
    """A hold'em family game (blinds, flop, turn, river).

    >>> holdem("Omaha", 4, min_hole=2, max_hole=2).hole_cards
    4
    """
    return Game(name, "holdem", _holdem_streets(hole, discard_preflop, discard_flop), parts,
                min_hole, max_hole, None, False, max_players, aliases=aliases, key=key,
                code=code, equity_key=equity_key, usage=usage)


def stud(name: str, streets: Sequence[Street], *, parts: tuple[str, ...] = ("high",),
         low_opens: bool = False, min_hole: int = 0, max_hole: int | None = None,
         restricted: int | None = None, max_players: int = 8,
         aliases: tuple[str, ...] = (), key: str = "", code: int = -1,
         equity_key: str = "", usage: str = "") -> Game:
    """A stud family game (antes, bring-in, up and down cards).

    >>> stud("Mini", [Street("second", down=1, up=1, bring_in=True)]).family
    'stud'
    """
    return Game(name, "stud", tuple(streets), parts, min_hole, max_hole, restricted, low_opens,
                max_players, aliases=aliases, key=key, code=code, equity_key=equity_key,
                usage=usage)


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


# ------------------------------------------------------------------------------ the registry

class Registry:
    """An ordered, checked set of entries with lookup by key, name or alias.

    Refuses two entries with one key, one code or one spelling (after :func:`normalize`).

    >>> len(REGISTRY), REGISTRY.keys[:3]
    (23, ('holdem', 'omaha', 'omaha5'))
    >>> REGISTRY.codes()["razz"], REGISTRY.by_code(5).name
    (5, 'Razz')
    """

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries: tuple[Entry, ...] = tuple(entries)
        self._find: dict[str, Entry] = {}
        self._code: dict[int, Entry] = {}
        keys: set[str] = set()
        for e in self.entries:
            if not isinstance(e, (Game, Choice)):
                raise TypeError(f"a registry entry is a Game or a Choice, not {type(e).__name__}")
            if e.key in keys:
                raise ValueError(f"two entries have the key {e.key!r}")
            keys.add(e.key)
            if e.code < 0:
                raise ValueError(f"{e.name!r} needs a code >= 0 to be registered, not {e.code}")
            if e.code in self._code:
                raise ValueError(f"{e.name!r} and {self._code[e.code].name!r} share the code {e.code}")
            self._code[e.code] = e
            spellings = (e.key, e.name, *e.aliases) + ((e.equity_key,) if isinstance(e, Game) else ())
            for s in spellings:
                n = normalize(s)
                other = self._find.setdefault(n, e)
                if other is not e:
                    raise ValueError(f"{s!r} would name both {other.name!r} and {e.name!r}")
        for c in self.choices:
            if not self.family(c.family):
                raise ValueError(f"{c.name!r} chooses among {c.family} games; there are none")
            family = {g.key for g in self.family(c.family)}
            if not set(c.games) <= family:
                raise ValueError(f"{c.name!r} lists games outside its {c.family} family: "
                                 f"{', '.join(k for k in c.games if k not in family)}")

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and normalize(name) in self._find

    def __repr__(self) -> str:
        return f"Registry({', '.join(self.keys)})"

    @property
    def games(self) -> tuple[Game, ...]:
        """The games (every entry but the dealer's choices), in registry order."""
        return tuple(e for e in self.entries if isinstance(e, Game))

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The dealer's choice entries."""
        return tuple(e for e in self.entries if isinstance(e, Choice))

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key, in registry order."""
        return tuple(e.key for e in self.entries)

    def codes(self) -> dict[str, int]:
        """The simulator's code of every entry, by key."""
        return {e.key: e.code for e in self.entries}

    def by_code(self, code: int) -> Entry:
        """The entry with this code."""
        try:
            return self._code[code]
        except KeyError:
            raise UnknownGameError(f"no game has the code {code}; codes: "
                                   f"{', '.join(map(str, sorted(self._code)))}") from None

    def family(self, family: str) -> tuple[Game, ...]:
        """The games of one family, in registry order.

        >>> tuple(g.key for g in REGISTRY.family("draw"))
        ('five_card_draw',)
        """
        if family not in FAMILIES:
            raise ValueError(f"unknown family {family!r}; families: {', '.join(FAMILIES)}")
        return tuple(g for g in self.games if g.family == family)

    def choice_games(self, choice: Choice) -> tuple[Game, ...]:
        """The games a dealer's choice entry chooses among when the event names none: its
        ``games`` (the rule sheet's list), else every game of its family."""
        if choice.games:
            return tuple(self.game(k) for k in choice.games)
        return self.family(choice.family)

    def choice(self, key: str) -> Choice:
        """The dealer's choice entry of key ``key``.

        >>> [g.key for g in REGISTRY.choice_games(REGISTRY.choice("dealers_choice"))][:3]
        ['holdem', 'omaha', 'omaha_hilo']
        """
        for c in self.choices:
            if c.key == key:
                return c
        raise UnknownGameError(f"no dealer's choice {key!r}; choices: "
                               f"{', '.join(c.key for c in self.choices)}")

    def choice_allowed(self, choice: Choice) -> tuple[Game, ...]:
        """The games an event may name for a dealer's choice entry: every game of its
        family (:meth:`choice_games` are those it chooses among when it names none)."""
        return self.family(choice.family)

    def find(self, name: str) -> Entry | None:
        """The entry a key, name or alias names, or ``None``."""
        e = self._find.get(name)         # already in normal form ("holdem", "razz")
        return e if e is not None else self._find.get(normalize(name))

    def lookup(self, name: str, *, known: Sequence[str] | None = None) -> Entry:
        """The entry a key, name or alias names (case, spaces and punctuation ignored).

        ``known``: what the error lists as the allowed names (a layer's own view); the keys
        by default.
        """
        if not isinstance(name, str):
            raise TypeError(f"a game is named by a string, not {type(name).__name__}")
        e = self.find(name)
        if e is None:
            listing = ", ".join(self.keys if known is None else known)
            tail = ("; names and aliases work too (\"Texas Hold'em\", \"plo8\"), "
                    "case, spaces and punctuation ignored") if known is None else ""
            raise UnknownGameError(f"unknown game {name!r}; known games: {listing}{tail}"
                                   f"{self._suggest(name)}")
        return e

    def _suggest(self, name: str) -> str:
        close = difflib.get_close_matches(normalize(name), list(self._find), n=1, cutoff=0.75)
        return f"; did you mean {self._find[close[0]].name!r}?" if close else ""

    def game(self, name: str) -> Game:
        """The game a key, name or alias names; a dealer's choice entry is refused.

        >>> REGISTRY.game("stud8").name
        '7 Card Stud Hi/Lo'
        """
        e = self.lookup(name)
        if isinstance(e, Choice):
            raise UnknownGameError(f"{name!r} is {e.name}, a choice of one {e.family} game per "
                                   f"hand, not one game; its games: "
                                   f"{', '.join(g.key for g in self.choice_games(e))}")
        return e

    def extended(self, *entries: Entry) -> Registry:
        """A new registry with these entries added after the others (this one is unchanged)."""
        return Registry(self.entries + entries)


_OMAHA = "exactly 2 hole cards and 3 board cards"
_KEPT = "after the discard: any of the 2 kept cards"


def _entries() -> tuple[Entry, ...]:
    """Every game of the rule sheets. Codes 0-7 are the simulator's first games; the rest
    follow in order. Never renumber."""
    return (
        holdem("Texas Hold'em", 2, key="holdem", code=0, usage="any hole cards",
               aliases=("hold'em", "texas holdem", "nlhe", "he")),
        holdem("Omaha", 4, min_hole=2, max_hole=2, key="omaha", code=1, usage=_OMAHA,
               aliases=("omaha high", "plo", "omaha4")),
        holdem("5 Card Omaha", 5, min_hole=2, max_hole=2, max_players=8, key="omaha5", code=8,
               usage=_OMAHA, aliases=("five card omaha", "plo5")),
        holdem("6 Card Omaha", 6, min_hole=2, max_hole=2, max_players=7, key="omaha6", code=9,
               usage=_OMAHA, aliases=("six card omaha", "plo6")),
        holdem("Omaha Hi/Lo", 4, min_hole=2, max_hole=2, parts=("high", "low8"),
               key="omaha_hilo", code=2, equity_key="omaha8", usage=_OMAHA,
               aliases=("omaha hi-lo", "omaha/8", "plo8", "omaha8 hi/lo")),
        holdem("5 Card Omaha Hi/Lo", 5, min_hole=2, max_hole=2, parts=("high", "low8"),
               max_players=8, key="omaha5_hilo", code=10, equity_key="omaha5-8", usage=_OMAHA,
               aliases=("omaha5 hi/lo",)),
        holdem("6 Card Omaha Hi/Lo", 6, min_hole=2, max_hole=2, parts=("high", "low8"),
               max_players=7, key="omaha6_hilo", code=11, equity_key="omaha6-8", usage=_OMAHA,
               aliases=("omaha6 hi/lo",)),
        holdem("Irish", 4, discard_flop=2, max_hole=2, key="irish", code=12, usage=_KEPT),
        holdem("Super Eight", 3, key="super_eight", code=13, equity_key="super8",
               usage="any of the 3 hole cards (best five of eight)", aliases=("super 8",)),
        holdem("Tahoe", 3, max_hole=2, key="tahoe", code=14,
               usage="at most 2 of the 3 hole cards"),
        holdem("Pineapple", 3, discard_preflop=1, max_hole=2, key="pineapple", code=15,
               usage=_KEPT),
        holdem("Crazy Pineapple", 3, discard_flop=1, max_hole=2, key="crazy_pineapple",
               code=16, equity_key="crazy-pineapple", usage=_KEPT),
        stud("5 Card Stud", FIVE_STUD, max_players=10, key="five_card_stud", code=17,
             equity_key="stud5", usage="all five cards"),
        stud("7 Card Stud", SEVEN_STUD, key="seven_card_stud", code=3, equity_key="stud",
             usage="best five of seven", aliases=("stud7", "7stud")),
        stud("7 Card Stud Hi/Lo", SEVEN_STUD, parts=("high", "low8"),
             key="seven_card_stud_hilo", code=4, equity_key="stud8",
             usage="best five of seven, high and 8-or-better low",
             aliases=("stud hi/lo", "stud8 hi/lo")),
        stud("Razz", _seven_stud_streets(open_pair=False), parts=("razz",), low_opens=True,
             key="razz", code=5, usage="best ace-to-five low of seven"),
        stud("Australian", _seven_stud_streets(3, 1, discard_third=1), max_players=7,
             key="australian", code=18,
             usage="after the discard: best five of seven (7 Card Stud)",
             aliases=("australian stud",)),
        stud("Buffalo", _seven_stud_streets(3, 0), max_hole=2, restricted=3, key="buffalo",
             code=19, usage="at most 2 of the first 3 down cards", aliases=("buffalo stud",)),
        stud("Crocodile", _seven_stud_streets(2, 1, later_up=(True, True, True, True)),
             max_hole=1, restricted=2, key="crocodile", code=20,
             usage="at most 1 of the 2 down cards", aliases=("crocodile stud", "croc")),
        stud("Chicago", SEVEN_STUD, parts=("high", "chicago"), key="chicago", code=21,
             usage="best five of seven; the ace of spades in the hole takes half",
             aliases=("high chicago", "chicago stud")),
        Game("5 Card Draw", "draw", FIVE_DRAW, max_players=8, key="five_card_draw", code=22,
             equity_key="draw5",
             usage="all five cards (pat hands; missing cards are drawn at random)",
             aliases=("draw",)),
        # the first sheet: "Dealer's may only choose from the games listed above", the sheet's
        # hold'em games (not the 5- and 6-card Omahas, which no sheet names)
        Choice("dealers_choice", "Dealer's Choice", "holdem", code=6,
               games=("holdem", "omaha", "omaha_hilo", "irish", "super_eight", "tahoe",
                      "pineapple", "crazy_pineapple")),
        Choice("dealers_choice_stud", "Dealer's Choice Stud", "stud", code=7),
    )


REGISTRY = Registry(_entries())
"""Every game of the rule sheets and the two dealer's choices, in order."""


def lookup(name: str) -> Entry:
    """The registry entry a key, name or alias names (see the module notes).

    >>> lookup("Seven Card Stud Hi/Lo").key, lookup("omaha6-8").name
    ('seven_card_stud_hilo', '6 Card Omaha Hi/Lo')
    """
    return REGISTRY.lookup(name)
