"""Blind levels, breaks and the clock of a tournament.

A :class:`Level` holds the forced bets and limits of one level, its game and betting
structure, and how long it lasts (minutes or hands). :func:`check_levels` refuses schedules
that cannot run: a big blind below the small blind, stakes that shrink from one level to the
next, a stud level without a bring-in, a level with no length.

Example:
    >>> lv = Level(1, "holdem", "no_limit", small_blind=25, big_blind=50, minutes=20)
    >>> lv.is_stud, lv.duration
    (False, (20, 'minutes'))
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..games import REGISTRY, Choice, Registry
from .errors import FieldError


class GameTables(NamedTuple):
    """The game names of structure files, as one registry gives them."""

    blind: frozenset[str]              # games with blinds (button games and the draw)
    stud: frozenset[str]               # games with an ante and a bring-in
    rules: dict[str, str | None]       # each one's name in the rules model


def game_tables(registry: Registry = REGISTRY) -> GameTables:
    """The structure-file game names: the keys of the game registry (:mod:`pyeval.games`).

    >>> t = game_tables()
    >>> "omaha_hilo" in t.blind, "razz" in t.stud, t.rules["seven_card_stud"]
    (True, True, '7 Card Stud')
    """
    return GameTables(frozenset(e.key for e in registry if e.blinds),
                      frozenset(e.key for e in registry if not e.blinds),
                      {e.key: None if isinstance(e, Choice) else e.name for e in registry})


_TABLES = game_tables()
#: Games with blinds (button games and the draw), as named in structure files.
BLIND_GAMES: frozenset[str] = _TABLES.blind
#: Games with an ante and a bring-in instead of blinds.
STUD_GAMES: frozenset[str] = _TABLES.stud
GAMES: frozenset[str] = BLIND_GAMES | STUD_GAMES
#: Games that may be played with antes only, no blinds (the draw: the dealer's left opens).
DRAW_GAMES: frozenset[str] = frozenset(g.key for g in REGISTRY.family("draw"))
#: The games each dealer's choice entry may name (every game of its family), by key.
CHOICE_GAMES: dict[str, tuple[str, ...]] = {
    c.key: tuple(g.key for g in REGISTRY.choice_allowed(c)) for c in REGISTRY.choices}

#: The name of each game in the rules model (``pyeval.rules.games.GAMES``); the two dealer's
#: choice entries map to ``None``: they are ``pyeval.rules.games.DealersChoice`` rotations.
RULES_GAME: dict[str, str | None] = _TABLES.rules
BETTING: frozenset[str] = frozenset({"no_limit", "pot_limit", "fixed_limit"})

#: Who pays a level's ante (the rules model's ``Structure.ANTE_BY``): every player dealt in,
#: the big blind for the whole table (the modern hold'em default), or the button.
ANTE_BY: tuple[str, ...] = ("each", "big_blind", "button")

#: The amounts compared between consecutive levels: none of them may shrink.
STAKES: tuple[str, ...] = ("small_blind", "big_blind", "bring_in", "small_bet", "big_bet")

#: Every chip amount of a level, in file order: the same fields, in the same order, as the
#: rules model's ``pyeval.rules.Structure`` declares (tests/tournament/test_levels.py ties them).
AMOUNTS: tuple[str, ...] = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet")

#: The old names of the fixed-limit stakes (the rule sheets' "low limit" and "high limit"
#: bet sizes), still accepted by :class:`Level` and in structure files, with a
#: ``DeprecationWarning``: the project calls them the small bet and the big bet everywhere.
DEPRECATED_STAKES: dict[str, str] = {"low_limit": "small_bet", "high_limit": "big_bet"}
#: When the old names stop being accepted (said in every warning).
DEPRECATED_STAKES_END = "pyeval 0.3.0 (not before 1 June 2027)"


def deprecated_stake(old: str, where: str = "Level", stacklevel: int = 3) -> str:
    """The new name of a deprecated stake name, after warning that ``old`` is deprecated.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as w:
    ...     warnings.simplefilter("always")
    ...     deprecated_stake("low_limit")
    'small_bet'
    >>> str(w[0].message)
    'Level: low_limit is deprecated and is removed in pyeval 0.3.0 (not before 1 June 2027); use small_bet'
    """
    new = DEPRECATED_STAKES[old]
    warnings.warn(f"{where}: {old} is deprecated and is removed in {DEPRECATED_STAKES_END}; "
                  f"use {new}", DeprecationWarning,
                  stacklevel=stacklevel)
    return new


@dataclass(frozen=True, init=False)
class Level:
    """One level: game, betting structure, forced bets, limits and length.

    Blind games use ``small_blind`` and ``big_blind`` (fixed limit also ``small_bet`` /
    ``big_bet``, by default the big blind and twice it). Stud games use ``ante``,
    ``bring_in``, ``small_bet`` (also the minimum bet in pot and no limit) and ``big_bet``
    (the rule sheets' "low limit" and "high limit" bet sizes; ``low_limit=`` and
    ``high_limit=`` are still accepted, deprecated). ``ante_by`` says who antes
    (:data:`ANTE_BY`; a big-blind or button ante is one ante for the table). A level lasts
    ``minutes`` or ``hands`` (hands dealt at each table); a level counted in hands may also
    give ``minutes``, the time it is taken to last where a clock is needed (the simulator
    reads ``minutes``). ``min_players``: the level is used only by fields of at least that
    many players (0: every field). ``choices``: for a dealer's choice level, the games the
    button may name and a whole-number weight each (how often it names them), as
    ``(game, weight)`` pairs in file order; empty: every game of the family, in turn.
    5 Card Draw may be played with antes only (no blinds; the first sheet's "ante, one
    draw, the dealer's left opens"): then ``small_bet`` is the opening bet.

    Example:
        >>> Level(5, "seven_card_stud", "fixed_limit", ante=1000, bring_in=2000,
        ...       small_bet=5000, big_bet=10000, hands=12).chip_amounts()
        (1000, 2000, 5000, 10000)
    """

    number: int
    game: str
    betting: str
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    minutes: int | None = None
    hands: int | None = None
    ante_by: str = "each"
    min_players: int = 0
    choices: tuple[tuple[str, int], ...] = ()

    def __init__(self, number: int, game: str, betting: str, small_blind: int = 0,
                 big_blind: int = 0, ante: int = 0, bring_in: int = 0, small_bet: int = 0,
                 big_bet: int = 0, minutes: int | None = None, hands: int | None = None,
                 ante_by: str = "each", min_players: int = 0, *,
                 choices: tuple[tuple[str, int], ...] = (),
                 low_limit: int | None = None, high_limit: int | None = None) -> None:
        if low_limit is not None:
            small_bet = _alias_value("low_limit", low_limit, small_bet)
        if high_limit is not None:
            big_bet = _alias_value("high_limit", high_limit, big_bet)
        values = (number, game, betting, small_blind, big_blind, ante, bring_in, small_bet,
                  big_bet, minutes, hands, ante_by, min_players, tuple(choices))
        for name, value in zip(_LEVEL_FIELDS, values):
            object.__setattr__(self, name, value)

    @property
    def low_limit(self) -> int:
        """Deprecated name of :attr:`small_bet`."""
        deprecated_stake("low_limit")
        return self.small_bet

    @property
    def high_limit(self) -> int:
        """Deprecated name of :attr:`big_bet`."""
        deprecated_stake("high_limit")
        return self.big_bet

    @property
    def is_stud(self) -> bool:
        """True for games played with an ante and bring-in rather than blinds."""
        return self.game in STUD_GAMES

    @property
    def antes_only(self) -> bool:
        """True for a draw level with antes and no blinds (the dealer's left opens).

        >>> Level(1, "five_card_draw", "fixed_limit", ante=100, small_bet=600, big_bet=1000,
        ...       hands=6).antes_only
        True
        """
        return (self.game in DRAW_GAMES and not self.small_blind and not self.big_blind
                and self.ante > 0)

    @property
    def duration(self) -> tuple[int, str]:
        """``(20, "minutes")`` or ``(6, "hands")`` (hands first when both are given)."""
        if self.hands is not None:
            return (self.hands, "hands")
        assert self.minutes is not None
        return (self.minutes, "minutes")

    def chip_amounts(self) -> tuple[int, ...]:
        """Every non-zero chip amount a player may have to put in at this level.

        Example:
            >>> Level(1, "holdem", "no_limit", small_blind=25, big_blind=50, minutes=20).chip_amounts()
            (25, 50)
        """
        return tuple(v for v in (getattr(self, name) for name in AMOUNTS) if v)


def _alias_value(old: str, value: int, new_value: int) -> int:
    new = deprecated_stake(old, stacklevel=4)
    if new_value and new_value != value:
        raise TypeError(f"Level got {new}={new_value} and its deprecated name {old}={value}; "
                        f"give {new} only")
    return value


_LEVEL_FIELDS = ("number", "game", "betting", "small_blind", "big_blind", "ante", "bring_in",
                 "small_bet", "big_bet", "minutes", "hands", "ante_by", "min_players", "choices")


@dataclass(frozen=True)
class Break:
    """A pause after a level (``after_level`` counts from 1).

    Example:
        >>> Break(after_level=2, minutes=10)
        Break(after_level=2, minutes=10)
    """

    after_level: int
    minutes: int


@dataclass(frozen=True)
class ClockEntry:
    """A stretch of the clock: a level or a break, with start and end in minutes.

    Example:
        >>> ClockEntry("level", 1, 0, 20)
        ClockEntry(kind='level', number=1, start=0, end=20)
    """

    kind: str  # "level" or "break"
    number: int  # level number (for a break: the level it follows)
    start: int
    end: int


def check_level(level: Level, index: int) -> None:
    """Raise :class:`FieldError` if one level on its own cannot be played.

    ``index`` is the level's 0-based position in the file (for the error path).

    Example:
        >>> check_level(Level(1, "holdem", "no_limit", small_blind=50, big_blind=40, minutes=20), 0)
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.FieldError: level 1: big_blind 40 is smaller than small_blind 50; the big ...
    """
    where = ("levels", index)
    n = level.number
    if level.game not in GAMES:
        raise FieldError(
            where + ("game",),
            f"level {n}: unknown game {level.game!r}; allowed: {', '.join(sorted(GAMES))}",
        )
    if level.betting not in BETTING:
        raise FieldError(
            where + ("betting",),
            f"level {n}: unknown betting {level.betting!r}; allowed: {', '.join(sorted(BETTING))}",
        )
    for name in AMOUNTS:
        if getattr(level, name) < 0:
            raise FieldError(where + (name,), f"level {n}: {name} must not be negative")
    if level.minutes is None and level.hands is None:
        raise FieldError(
            where, f"level {n} has no length: give minutes or hands (exactly one of minutes and "
            "hands sets the length; a level counted in hands may also give minutes, its time "
            "equivalent)"
        )
    for key in ("minutes", "hands"):
        length = getattr(level, key)
        if length is not None and length <= 0:
            raise FieldError(where + (key,), f"level {n}: {key} must be at least 1, got {length}")
    if level.ante_by not in ANTE_BY:
        raise FieldError(where + ("ante_by",),
                         f"level {n}: ante_by is {level.ante_by!r}; allowed: {', '.join(ANTE_BY)}")
    if level.ante_by != "each":
        if level.is_stud:
            raise FieldError(where + ("ante_by",),
                             f"level {n}: every player antes in {level.game}; ante_by "
                             f"{level.ante_by!r} is for blind games")
        if level.ante <= 0:
            raise FieldError(where + ("ante_by",),
                             f"level {n}: ante_by {level.ante_by!r} needs an ante above 0")
    if level.min_players < 0:
        raise FieldError(where + ("min_players",), f"level {n}: min_players must not be negative")
    if level.is_stud:
        for name in ("small_blind", "big_blind"):
            if getattr(level, name):
                raise FieldError(
                    where + (name,),
                    f"level {n}: {level.game} has no blinds; use ante, bring_in, small_bet, big_bet",
                )
        if level.bring_in <= 0:
            raise FieldError(where + ("bring_in",), f"level {n}: a stud level needs a bring_in above 0")
        _not_below(level, index, "small_bet", "bring_in", "the small bet must be at least the bring-in")
    elif level.antes_only:
        if level.bring_in:
            raise FieldError(where + ("bring_in",), f"level {n}: {level.game} has no bring-in")
        if level.ante_by != "each":
            raise FieldError(where + ("ante_by",), f"level {n}: {level.game} with antes only: "
                             f"every player antes (ante_by \"each\"), not {level.ante_by!r}")
        if level.small_bet <= 0:
            raise FieldError(where + ("small_bet",),
                             f"level {n}: {level.game} with antes only needs small_bet above 0 "
                             "(the opening bet; fixed limit also big_bet)")
    else:
        if level.bring_in:
            raise FieldError(where + ("bring_in",), f"level {n}: {level.game} has blinds, not a bring-in")
        if level.game in DRAW_GAMES and level.big_blind <= 0 and level.small_blind <= 0:
            raise FieldError(where + ("big_blind",),
                             f"level {n}: {level.game} needs blinds, or an ante above 0 to be "
                             "played with antes only")
        if level.big_blind <= 0:
            raise FieldError(where + ("big_blind",), f"level {n}: big_blind must be above 0")
        if level.small_blind <= 0:
            raise FieldError(where + ("small_blind",), f"level {n}: small_blind must be above 0")
        _not_below(level, index, "big_blind", "small_blind",
                   "the big blind must be at least the small blind")
        if level.small_bet:
            _not_below(level, index, "small_bet", "big_blind")
    check_choices(level, index)
    if level.betting == "fixed_limit":
        if level.small_bet <= 0 or level.big_bet <= 0:
            raise FieldError(where, f"level {n}: fixed limit needs small_bet and big_bet above 0")
    if level.big_bet:
        _not_below(level, index, "big_bet", "small_bet")


def _not_below(level: Level, index: int, name: str, floor: str, why: str = "") -> None:
    """Raise :class:`FieldError` at the level's ``name`` if that amount is smaller than its
    ``floor`` amount (``why``, if given, ends the message).

    Example:
        >>> _not_below(Level(1, "holdem", "no_limit", small_blind=50, big_blind=40, minutes=20),
        ...            0, "big_blind", "small_blind")
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.FieldError: level 1: big_blind 40 is smaller than small_blind 50
    """
    value, low = getattr(level, name), getattr(level, floor)
    if value < low:
        raise FieldError(("levels", index, name), f"level {level.number}: {name} {value} is "
                         f"smaller than {floor} {low}" + (f"; {why}" if why else ""))


def check_choices(level: Level, index: int) -> None:
    """Raise :class:`FieldError` unless a level's ``choices`` name games its dealer's choice
    may deal, once each, with whole-number weights of at least 1.

    Example:
        >>> lv = Level(1, "dealers_choice", "pot_limit", small_blind=1, big_blind=2, hands=6,
        ...            choices=(("holdem", 2), ("razz", 1)))
        >>> check_choices(lv, 0)
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.FieldError: level 1: dealers_choice chooses among holdem, ...
    """
    if not level.choices:
        return
    where = ("levels", index, "choices")
    n = level.number
    allowed = CHOICE_GAMES.get(level.game)
    if allowed is None:
        raise FieldError(where, f"level {n}: choices are for a dealer's choice level "
                         f"({', '.join(CHOICE_GAMES)}), not {level.game}")
    seen: set[str] = set()
    for game, weight in level.choices:
        if game not in allowed:
            raise FieldError(where, f"level {n}: {level.game} chooses among "
                             f"{', '.join(allowed)}; not {game!r}")
        if game in seen:
            raise FieldError(where, f"level {n}: {game} is named twice in choices; give it "
                             "one weight")
        seen.add(game)
        if isinstance(weight, bool) or not isinstance(weight, int) or weight < 1:
            raise FieldError(where, f"level {n}: the weight of {game} is a whole number of "
                             f"at least 1, not {weight!r}")


def check_levels(levels: Sequence[Level]) -> None:
    """Raise :class:`FieldError` unless every level is playable and no stake ever shrinks.

    A stake (small blind, big blind, bring-in, small or big bet) is compared with the same
    stake of the previous level when both levels have it; equal is allowed (a switch from
    limit to no limit at the same blinds is common).

    Example:
        >>> a = Level(1, "holdem", "no_limit", small_blind=50, big_blind=100, minutes=20)
        >>> b = Level(2, "holdem", "no_limit", small_blind=25, big_blind=50, minutes=20)
        >>> check_levels([a, b])
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.FieldError: level 2: small_blind 25 is smaller than 50 at level 1; blinds and ...
    """
    if not levels:
        raise FieldError(("levels",), "a structure needs at least one [[levels]] table")
    for index, level in enumerate(levels):
        check_level(level, index)
    if levels[0].min_players > 2:
        raise FieldError(("levels", 0, "min_players"),
                         "level 1 is played by every field; min_players belongs on later levels")
    for index in range(1, len(levels)):
        before, now = levels[index - 1], levels[index]
        if now.min_players < before.min_players:
            raise FieldError(
                ("levels", index, "min_players"),
                f"level {now.number}: min_players {now.min_players} is below "
                f"{before.min_players} at level {before.number}; a level for smaller fields "
                "cannot follow one for larger fields",
            )
        for name in STAKES:
            old, new = getattr(before, name), getattr(now, name)
            if old and new and new < old:
                raise FieldError(
                    ("levels", index, name),
                    f"level {now.number}: {name} {new} is smaller than {old} at level "
                    f"{before.number}; blinds and limits may not shrink",
                )


def levels_for(levels: Sequence[Level], players: int) -> tuple[Level, ...]:
    """The levels a field of ``players`` uses: those whose ``min_players`` it reaches.

    Levels with ``min_players`` come last (:func:`check_levels`), so this is a prefix; its
    last level goes on for ever.

    Example:
        >>> lv = [Level(i, "holdem", "no_limit", small_blind=i, big_blind=2 * i, hands=6,
        ...             min_players=(0, 0, 10, 20)[i - 1]) for i in (1, 2, 3, 4)]
        >>> [x.number for x in levels_for(lv, 8)], [x.number for x in levels_for(lv, 10)]
        ([1, 2], [1, 2, 3])
    """
    if players < 2:
        raise ValueError(f"a field has at least 2 players, got {players}")
    return tuple(lv for lv in levels if lv.min_players <= players)


def check_breaks(breaks: Sequence[Break], levels: Sequence[Level]) -> None:
    """Raise :class:`FieldError` for a break after a level that does not exist or is the last.

    Example:
        >>> lv = [Level(i, "holdem", "no_limit", small_blind=i, big_blind=2 * i, minutes=20) for i in (1, 2)]
        >>> check_breaks([Break(2, 10)], lv)
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.FieldError: a break after level 2 cannot be held: levels run from 1 to 2 and ...
    """
    seen: set[int] = set()
    for index, brk in enumerate(breaks):
        if not 1 <= brk.after_level < len(levels):
            raise FieldError(
                ("breaks", index, "after_level"),
                f"a break after level {brk.after_level} cannot be held: levels run from 1 to "
                f"{len(levels)} and the last level plays to the end",
            )
        if brk.after_level in seen:
            raise FieldError(
                ("breaks", index, "after_level"), f"two breaks after level {brk.after_level}"
            )
        seen.add(brk.after_level)
        if brk.minutes <= 0:
            raise FieldError(("breaks", index, "minutes"), "a break lasts at least 1 minute")


def clock(levels: Sequence[Level], breaks: Sequence[Break]) -> list[ClockEntry]:
    """Start and end minute of every level and break, for levels timed in minutes.

    The clock stops at the first level counted in hands (its length depends on play, even
    when it gives a minutes equivalent); the last
    level has no end and is given ``end = start`` + its nominal minutes.

    Example:
        >>> lv = [Level(i, "holdem", "no_limit", small_blind=i, big_blind=2 * i, minutes=20) for i in (1, 2, 3)]
        >>> [(e.kind, e.number, e.start, e.end) for e in clock(lv, [Break(2, 10)])]
        [('level', 1, 0, 20), ('level', 2, 20, 40), ('break', 2, 40, 50), ('level', 3, 50, 70)]
    """
    after = {b.after_level: b.minutes for b in breaks}
    out: list[ClockEntry] = []
    t = 0
    for level in levels:
        if level.minutes is None or level.hands is not None:
            break
        out.append(ClockEntry("level", level.number, t, t + level.minutes))
        t += level.minutes
        if level.number in after:
            out.append(ClockEntry("break", level.number, t, t + after[level.number]))
            t += after[level.number]
    return out
