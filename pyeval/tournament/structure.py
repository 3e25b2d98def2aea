"""Tournament structure files: TOML that a tournament director writes, loaded and validated.

A structure says everything decided away from the cards: who plays and for how much, the
chips, the levels and breaks, the tables, the format and what is paid. It is what bulk
simulation and structure tuning read. The format is documented with a complete example in
``docs/tournament.md``; the examples of the rule sheets ship in ``examples/``.

A structure that cannot run is refused with a :class:`~.errors.StructureError` naming the
file and the line: a big blind below the small blind, blinds that shrink, an add-on after
the last level, payouts that do not add up to 100 %, an unknown key, a value of the wrong
type.

Example:
    >>> s = load_structure("club_3000")
    >>> s.starting_chips, s.levels[0].big_blind, len(s.levels)
    (3000, 50, 10)
    >>> s.payouts(30)          # 30 entrants at $20
    (270, 162, 102, 66)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path as FsPath
from typing import Any

import tomllib

from .chips import ChipSet, ColourUp
from .errors import FieldError, Path, StructureError, show_path
from .levels import (
    ANTE_BY,
    BETTING,
    GAMES,
    Break,
    ClockEntry,
    Level,
    check_breaks,
    check_levels,
    clock,
    levels_for,
)
from .payouts import (
    ROUNDING_RULES,
    PayoutRules,
    PayoutTable,
    as_fraction,
    check_percentages,
    prize_pool,
)
from .points import PARTICIPATION_FOR, PointsRules
from .seating import BALANCE_RULES, BREAK_ORDERS, EQUAL_TABLES, BalanceRule
from .toml_lines import key_lines, line_of, too_deep

EXAMPLES_DIR = FsPath(__file__).resolve().parent / "examples"
FORMATS: tuple[str, ...] = ("single_field", "table_winners")
#: The tables a structure file may have at its top level.
SECTIONS: tuple[str, ...] = ("tournament", "entrants", "buy_in", "rebuys", "add_on", "chips",
                             "level_defaults", "levels", "breaks", "schedule", "tables",
                             "final_stage", "payouts", "points", "late_players",
                             "late_registration", "re_entry")
#: How hand-counted levels are counted: each table's own hands (the first sheet), or hands
#: dealt anywhere in the tournament.
HANDS_PER: tuple[str, ...] = ("table", "tournament")
#: Arrival-time distributions of late players.
ARRIVALS: tuple[str, ...] = ("uniform", "exponential")
#: Arrays and inline tables nest at most this deep (a structure needs 3).
MAX_NESTING = 16
#: Every whole number in a file, and every total of chips or money a field can put in play,
#: stays at or below this: 10^15 is exact as a float64 and leaves a margin of over 9,000 to
#: the int64 the simulator counts in.
MAX_AMOUNT = 10**15
#: The largest field a structure may name.
MAX_ENTRANTS = 1_000_000
#: Rebuys counted per player for the totals when a structure allows unlimited rebuys.
UNLIMITED_REBUYS_COUNTED = 100


@dataclass(frozen=True)
class Entrants:
    """The field: a fixed count (``minimum == maximum``) or a range to simulate over.

    Example:
        >>> Entrants(20, 40).sizes()
        range(20, 41)
    """

    minimum: int
    maximum: int

    def sizes(self) -> range:
        """Every field size the structure must handle."""
        return range(self.minimum, self.maximum + 1)


@dataclass(frozen=True)
class BuyIn:
    """Price of an entry; ``fee`` of it does not go to the prize pool (food, season fund).

    Example:
        >>> BuyIn(30, 5, "food").to_pool
        25
    """

    price: int
    fee: int = 0
    fee_for: str = ""

    @property
    def to_pool(self) -> int:
        """What each entry adds to the prize pool."""
        return self.price - self.fee


@dataclass(frozen=True)
class Rebuys:
    """Rebuys: price, fee, chips, how many per player (``None``: unlimited), until which level.

    A player may rebuy while their stack is at most ``max_stack`` (0: only when busted).

    Example:
        >>> Rebuys(price=20, chips=2000, until_level=4, per_player=2, max_stack=0).to_pool
        20
    """

    price: int
    chips: int
    until_level: int
    fee: int = 0
    per_player: int | None = None
    max_stack: int = 0

    @property
    def to_pool(self) -> int:
        """What each rebuy adds to the prize pool."""
        return self.price - self.fee


@dataclass(frozen=True)
class AddOn:
    """An add-on taken at the break before ``before_level`` (``per_player`` times at most).

    Example:
        >>> AddOn(price=25, chips=1750, before_level=5).to_pool
        25
    """

    price: int
    chips: int
    before_level: int
    fee: int = 0
    per_player: int = 1

    @property
    def to_pool(self) -> int:
        """What each add-on adds to the prize pool."""
        return self.price - self.fee


@dataclass(frozen=True)
class FinalStage:
    """The final table of the two-stage format: fresh chips, levels again from 1 or not.

    Example:
        >>> FinalStage(starting_chips=2000).restart_levels
        True
    """

    starting_chips: int
    restart_levels: bool = True


@dataclass(frozen=True)
class Schedule:
    """How hand-counted levels are counted and how tables meet again at breaks.

    ``hands_per = "table"``: each table runs its own level clock, counting its own hands
    (the first sheet's "6 hands, then 12"); ``"tournament"``: hands dealt anywhere.
    ``align_at_breaks``: a table that finishes the level before a break waits there until
    every table has, so all tables start the level after the break together.

    Example:
        >>> Schedule().hands_per, Schedule().align_at_breaks
        ('table', True)
    """

    hands_per: str = "table"
    align_at_breaks: bool = True


@dataclass(frozen=True)
class LatePlayers:
    """Players who have a seat and a stack but are not there yet (the first sheet).

    An absent player posts blinds and antes as if present and is dealt no cards until they
    arrive; one who has not arrived ``cut_off_minutes`` after the start never plays (the
    stack, less what the blinds and antes took, leaves play and they finish below everyone
    eliminated by then). ``chance``: the share of entrants who are late; arrival minutes
    after the start are ``uniform`` over ``[0, latest_minutes]`` or ``exponential`` with
    mean ``mean_minutes``.

    Example:
        >>> LatePlayers(cut_off_minutes=30, chance=0.5, arrival="uniform", latest_minutes=40
        ...             ).arrivals(6, seed=1)
        [33.9, None, 18.0, None, 1.1, None]
    """

    cut_off_minutes: int
    chance: float = 0.0
    arrival: str = "uniform"
    latest_minutes: float = 0.0
    mean_minutes: float = 0.0

    def arrivals(self, entrants: int, seed: int) -> list[float | None]:
        """Minute each entrant arrives (``None``: on time); past the cut-off: never plays."""
        import random

        rng = random.Random(seed)
        out: list[float | None] = []
        for _ in range(entrants):
            late = rng.random() < self.chance
            if self.arrival == "uniform":
                t = rng.uniform(0.0, self.latest_minutes)
            else:
                t = rng.expovariate(1.0 / self.mean_minutes) if self.mean_minutes > 0 else 0.0
            out.append(round(t, 1) if late else None)
        return out


@dataclass(frozen=True)
class LateRegistration:
    """New entries are taken until the end of level ``until_level``.

    Example:
        >>> LateRegistration(until_level=4).until_level
        4
    """

    until_level: int


@dataclass(frozen=True)
class ReEntry:
    """A busted player may buy a new entry (a new seat drawn, a new stack) until a level.

    Example:
        >>> ReEntry(price=50, chips=3500, until_level=4, fee=5).to_pool
        45
    """

    price: int
    chips: int
    until_level: int
    fee: int = 0
    per_player: int | None = None

    @property
    def to_pool(self) -> int:
        """What each re-entry adds to the prize pool."""
        return self.price - self.fee


@dataclass(frozen=True)
class TournamentStructure:
    """A validated tournament structure (see ``docs/tournament.md`` for every field).

    Example:
        >>> s = load_structure("two_stage_table_winners")
        >>> s.format, s.prize_pool(30), s.payouts(30)
        ('table_winners', 750, (375, 225, 150))
    """

    name: str
    file: str
    currency: str
    format: str
    entrants: Entrants
    buy_in: BuyIn
    chips: ChipSet
    starting_chips: int
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...]
    tables: BalanceRule
    payout_rules: PayoutRules
    antes_stop_heads_up: bool = False
    rebuys: Rebuys | None = None
    add_on: AddOn | None = None
    final_stage: FinalStage | None = None
    points: PointsRules | None = None
    notes: str = ""
    starting_by_rank: tuple[int, ...] = ()
    schedule: Schedule = Schedule()
    late_players: LatePlayers | None = None
    late_registration: LateRegistration | None = None
    re_entry: ReEntry | None = None

    def starting_chips_for(self, rank: int) -> int:
        """Starting stack of the player of tour rank ``rank`` (1 = best; ``starting`` when
        the structure gives no stacks by rank, or for ranks past the list).

        Example:
            >>> s = load_structure("club_final_4000_5000")
            >>> s.starting_chips_for(1), s.starting_chips_for(99)
            (5000, 4000)
        """
        if rank < 1:
            raise ValueError(f"ranks count from 1, got {rank}")
        by_rank = self.starting_by_rank
        return by_rank[rank - 1] if rank <= len(by_rank) else self.starting_chips

    def levels_for(self, entrants: int) -> tuple[Level, ...]:
        """The levels a field of ``entrants`` plays (levels with ``min_players`` above it
        left out); the last of them goes on for ever.

        Example:
            >>> s = load_structure("hands_100k_stud")
            >>> len(s.levels_for(8)), len(s.levels_for(10))
            (6, 8)
        """
        return levels_for(self.levels, entrants)

    def table_level(self, start_level: int, hands: int, entrants: int | None = None) -> tuple[int, bool]:
        """A table's own level clock for levels counted in hands (``schedule.hands_per =
        "table"``): the level it is in after dealing ``hands`` hands since level
        ``start_level`` began (the start, or a break where the tables re-aligned), and whether
        it has finished the level before a break and waits there for the other tables
        (``schedule.align_at_breaks``). ``entrants``: the field, for the levels it plays.

        Example (the stud sheet: 6 hands a level, a break after level 2):
            >>> s = load_structure("hands_100k_stud")
            >>> s.table_level(1, 5), s.table_level(1, 11), s.table_level(1, 12), s.table_level(3, 6)
            ((1, False), (2, False), (2, True), (4, False))
        """
        levels = self.levels if entrants is None else self.levels_for(entrants)
        if not 1 <= start_level <= len(levels):
            raise ValueError(f"start_level must be 1 to {len(levels)}, got {start_level}")
        if hands < 0:
            raise ValueError(f"hands must be at least 0, got {hands}")
        breaks = {b.after_level for b in self.breaks}
        done = 0
        for lv in levels[start_level - 1:-1]:
            if lv.hands is None:
                raise ValueError(f"level {lv.number} is timed in minutes, not counted in hands")
            done += lv.hands
            if hands < done:
                return lv.number, False
            if lv.number in breaks and self.schedule.align_at_breaks:
                return lv.number, True
        return levels[-1].number, False

    def for_field(self, entrants: int) -> TournamentStructure:
        """This structure with only the levels a field of ``entrants`` plays, and the
        breaks and colour-ups that fall between them (what a simulator of a fixed field can
        play without knowing ``min_players``).

        Example:
            >>> s = load_structure("hands_100k_stud").for_field(8)
            >>> len(s.levels), [b.after_level for b in s.breaks]
            (6, [2, 4])
        """
        from dataclasses import replace

        levels = self.levels_for(entrants)
        n = len(levels)
        chips = replace(self.chips, colour_ups=tuple(cu for cu in self.chips.colour_ups
                                                     if cu.before_level <= n))
        return replace(self, levels=levels, chips=chips,
                       breaks=tuple(b for b in self.breaks if b.after_level < n))

    def simulator_gaps(self) -> list[str]:
        """In words, each feature this structure uses that the simulator does not play yet.

        The simulator (:mod:`pyeval.sim`) reads ``minutes`` (or whole-tournament ``hands``)
        per level, blinds, antes from every player, bring-ins and limits, breaks,
        colour-ups, rebuys, add-ons and the two-stage format; anything else is named here.

        Example:
            >>> load_structure("club_3000").simulator_gaps()
            []
            >>> print(load_structure("hands_100k_stud").simulator_gaps()[1])
            levels only for larger fields (levels 7-8 for 10+ players): the simulator plays ...
        """
        gaps: list[str] = []
        counted = [lv.number for lv in self.levels if lv.hands is not None]
        if counted and self.schedule.hands_per == "table":
            how = ("the simulator plays the minutes equivalent"
                   if all(self.levels[i - 1].minutes is not None for i in counted)
                   else "the simulator counts hands over the whole tournament")
            aligned = ", re-aligned at breaks" if self.schedule.align_at_breaks and self.breaks else ""
            gaps.append(f"levels counted in hands at each table ({_numbers(counted)}){aligned}: {how}")
        elif counted and any(self.levels[i - 1].minutes is not None for i in counted):
            gaps.append(f"levels counted in hands ({_numbers(counted)}): the simulator plays the "
                        "minutes equivalent")
        sized = [lv for lv in self.levels if lv.min_players > 0]
        if sized:
            parts = sorted({lv.min_players for lv in sized})
            gaps.append("levels only for larger fields (" + ", ".join(
                f"{_numbers([lv.number for lv in sized if lv.min_players == m])} for {m}+ players"
                for m in parts) + "): the simulator plays every level (use for_field(n))")
        for who, what in (("big_blind", "big-blind antes"), ("button", "button antes")):
            numbers = [lv.number for lv in self.levels if lv.ante_by == who]
            if numbers:
                gaps.append(f"{what} ({_numbers(numbers)}): the simulator takes the ante from "
                            "every player")
        if self.late_players is not None:
            gaps.append(f"late and absent players (posting blinds and antes undealt, cut-off "
                        f"{self.late_players.cut_off_minutes} minutes)")
        if self.late_registration is not None:
            gaps.append(f"late registration until level {self.late_registration.until_level}")
        if self.re_entry is not None:
            gaps.append(f"re-entry until level {self.re_entry.until_level}")
        if self.tables.balance_rule == "same_position":
            gaps.append("balancing by the sheets' rule (the player in the same position "
                        "relative to the button moves into the eliminated player's seat): the "
                        "simulator moves the next big blind")
        if self.tables.equal_tables == "card_draw":
            gaps.append("equally full tables settled by a card draw: the simulator takes the "
                        "lowest-numbered table")
        if self.starting_by_rank:
            gaps.append(f"starting chips by rank ({self.starting_by_rank[0]:,} for rank 1 to "
                        f"{self.starting_chips:,}): the simulator gives everyone "
                        f"{self.starting_chips:,}")
        return gaps

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); the last level goes on for ever.

        Example:
            >>> load_structure("club_3000").level(99).big_blind
            6000
        """
        if number < 1:
            raise ValueError(f"levels count from 1, got {number}")
        return self.levels[min(number, len(self.levels)) - 1]

    def prize_pool(self, entrants: int, rebuys: int = 0, add_ons: int = 0,
                   re_entries: int = 0) -> int:
        """Money in the prize pool for a field of ``entrants`` with so many rebuys, add-ons
        and re-entries."""
        extra = re_entries * (self.re_entry.to_pool if self.re_entry else 0)
        return extra + prize_pool(
            entrants,
            self.buy_in.to_pool,
            rebuys,
            self.rebuys.to_pool if self.rebuys else 0,
            add_ons,
            self.add_on.to_pool if self.add_on else 0,
        )

    def payouts(self, entrants: int, rebuys: int = 0, add_ons: int = 0,
                re_entries: int = 0) -> tuple[int, ...]:
        """Whole amounts for places 1, 2, ...; they add up to the prize pool exactly."""
        return self.payout_rules.amounts(self.prize_pool(entrants, rebuys, add_ons, re_entries),
                                         entrants)

    def chips_in_play(self, entrants: int, rebuys: int = 0, add_ons: int = 0,
                      re_entries: int = 0) -> int:
        """Total chips of the first stage: starting stacks (by rank when the structure
        gives them, ranks 1..entrants) plus rebuys, add-ons and re-entries.

        Example:
            >>> load_structure("addon_3500").chips_in_play(20, add_ons=15)
            96250
        """
        return (
            sum(self.starting_chips_for(r) for r in range(1, entrants + 1))
            + re_entries * (self.re_entry.chips if self.re_entry else 0)
            + rebuys * (self.rebuys.chips if self.rebuys else 0)
            + add_ons * (self.add_on.chips if self.add_on else 0)
        )

    def first_round_tables(self, entrants: int) -> int:
        """Tables at the start: also the size of the final table in the two-stage format."""
        return -(-entrants // self.tables.table_size)

    def clock(self) -> list[ClockEntry]:
        """Start and end minute of each level and break (levels timed in minutes)."""
        return clock(self.levels, self.breaks)


def _numbers(numbers: list[int]) -> str:
    """"level 3", "levels 1-8" or "levels 2, 5, 6" for a sorted list of level numbers."""
    if len(numbers) == 1:
        return f"level {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"levels {numbers[0]}-{numbers[-1]}"
    return "levels " + ", ".join(str(n) for n in numbers)


#: The old name of :class:`TournamentStructure` (kept; ``pyeval.rules`` has a betting
#: ``Structure`` too, so new code uses the longer name).
Structure = TournamentStructure


# --------------------------------------------------------------------------------------
# reading


_MISSING = object()


class _Reader:
    """Typed access to one TOML table; remembers which keys were read."""

    def __init__(self, data: Any, path: Path) -> None:
        if not isinstance(data, dict):
            raise FieldError(path, f"[{show_path(path)}] must be a table, got {_kind(data)}")
        self.data = data
        self.path = path
        self.used: set[str] = set()

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        self.used.add(key)
        return self.data[key]

    def _get(self, key: str, default: Any, want: str, ok: Callable[[Any], bool]) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise FieldError(self.path, f"[{show_path(self.path) or 'top level'}] needs {key} ({want})")
            return default
        value = self.data[key]
        if not ok(value):
            raise FieldError(self.path + (key,), f"{show_path(self.path + (key,))} must be {want}, got {_kind(value)}")
        return value

    def integer(self, key: str, default: Any = _MISSING, *, minimum: int | None = 0,
            maximum: int = MAX_AMOUNT) -> Any:
        value = self._get(key, default, "a whole number", _is_int)
        where = show_path(self.path + (key,))
        if value is not default and minimum is not None and value < minimum:
            raise FieldError(self.path + (key,), f"{where} must be at least {minimum}, got {value}")
        if value is not default and value is not None and value > maximum:
            raise FieldError(self.path + (key,), f"{where} must be at most {maximum:,}, got {value:,}")
        return value

    def flag(self, key: str, default: Any = _MISSING) -> Any:
        return self._get(key, default, "true or false", lambda v: isinstance(v, bool))

    def text(self, key: str, default: Any = _MISSING, choices: tuple[str, ...] | None = None) -> Any:
        want = "text" if choices is None else "one of " + ", ".join(f'"{c}"' for c in choices)
        value = self._get(key, default, want, lambda v: isinstance(v, str))
        if choices is not None and value is not default and value not in choices:
            raise FieldError(self.path + (key,),
                             f"{show_path(self.path + (key,))} is {value!r}; allowed: {', '.join(choices)}")
        return value

    def number(self, key: str, default: Any = _MISSING) -> Any:
        return self._get(key, default, "a number", _is_number)

    def int_list(self, key: str, default: Any = _MISSING) -> Any:
        value = self._get(key, default, "a list of whole numbers",
                          lambda v: isinstance(v, list) and all(_is_int(x) for x in v))
        if isinstance(value, list) and any(abs(x) > MAX_AMOUNT for x in value):
            raise FieldError(self.path + (key,),
                             f"{show_path(self.path + (key,))}: every number must be at most {MAX_AMOUNT:,}")
        return value

    def number_list(self, key: str, default: Any = _MISSING) -> Any:
        return self._get(key, default, "a list of numbers",
                         lambda v: isinstance(v, list) and all(_is_number(x) for x in v))

    def table(self, key: str) -> _Reader | None:
        self.used.add(key)
        if key not in self.data:
            return None
        return _Reader(self.data[key], self.path + (key,))

    def tables(self, key: str) -> list[_Reader]:
        self.used.add(key)
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise FieldError(self.path + (key,),
                             f"{show_path(self.path + (key,))} must be a list of tables "
                             f"([[{show_path(self.path + (key,))}]]), got {_kind(value)}")
        return [_Reader(v, self.path + (key, i)) for i, v in enumerate(value)]

    def done(self) -> None:
        for key in self.data:
            if key not in self.used:
                where = f"[{show_path(self.path)}]" if self.path else "the top level"
                allowed = ", ".join(sorted(self.used))
                raise FieldError(self.path + (key,), f"unknown key {key!r} in {where}; allowed: {allowed}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _kind(v: Any) -> str:
    names = {bool: "true/false", int: "a whole number", float: "a decimal number", str: "text",
             list: "a list", dict: "a table"}
    return f"{v!r} ({names.get(type(v), type(v).__name__)})"


def _range_pair(r: _Reader, key: str) -> tuple[int, int]:
    pair = r.int_list(key)
    if len(pair) != 2 or pair[0] < 2 or pair[1] < pair[0]:
        raise FieldError(r.path + (key,),
                         f"{show_path(r.path + (key,))} must be [smallest, largest] field size, at least 2, got {pair}")
    return (pair[0], pair[1])


def _percent_tables(readers: list[_Reader]) -> tuple[PayoutTable, ...]:
    out: list[PayoutTable] = []
    for r in readers:
        low, high = _range_pair(r, "entrants")
        percents = tuple(as_fraction(p) for p in r.number_list("percent"))
        r.done()
        check_percentages(percents, r.path + ("percent",))
        if len(percents) > low:
            raise FieldError(r.path + ("percent",),
                             f"pays {len(percents)} places, but a field of {low} entrants has only {low} players")
        for other in out:
            if low <= other.max_entrants and other.min_entrants <= high:
                raise FieldError(r.path + ("entrants",),
                                 f"field sizes {low}-{high} overlap {other.min_entrants}-"
                                 f"{other.max_entrants} of another table")
        out.append(PayoutTable(low, high, percents))
    return tuple(out)


def _read_levels(doc: _Reader) -> tuple[Level, ...]:
    defaults: dict[str, Any] = {}
    d = doc.table("level_defaults")
    if d is not None:
        for key in ("game", "betting"):
            if d.has(key):
                defaults[key] = d.text(key)
        if d.has("ante_by"):
            defaults["ante_by"] = d.text("ante_by", choices=ANTE_BY)
        for key in ("minutes", "hands"):
            if d.has(key):
                defaults[key] = d.integer(key, minimum=1)
        d.done()
    levels = []
    for index, r in enumerate(doc.tables("levels")):
        game = r.text("game", defaults.get("game", _MISSING))
        betting = r.text("betting", defaults.get("betting", _MISSING))
        for key, value, allowed in (("game", game, GAMES), ("betting", betting, BETTING)):
            if value not in allowed:
                where = r.path + (key,) if r.has(key) else ("level_defaults", key)
                raise FieldError(where,
                                 f"level {index + 1}: unknown {key} {value!r}; allowed: {', '.join(sorted(allowed))}")
        minutes = r.integer("minutes", None, minimum=1)
        hands = r.integer("hands", None, minimum=1)
        if minutes is None and hands is None:
            minutes, hands = defaults.get("minutes"), defaults.get("hands")
            if minutes is None and hands is None:
                raise FieldError(r.path, f"level {index + 1} needs minutes or hands (here or in [level_defaults])")
        sb = r.integer("small_blind", 0)
        bb = r.integer("big_blind", 0)
        low = r.integer("low_limit", 0)
        high = r.integer("high_limit", 0)
        if betting == "fixed_limit" and bb and not low:
            low, high = bb, high or 2 * bb
        level = Level(
            number=index + 1, game=game, betting=betting, small_blind=sb, big_blind=bb,
            ante=r.integer("ante", 0), bring_in=r.integer("bring_in", 0), low_limit=low,
            high_limit=high, minutes=minutes, hands=hands,
            ante_by=r.text("ante_by", defaults.get("ante_by", "each"), ANTE_BY),
            min_players=r.integer("min_players", 0, maximum=MAX_ENTRANTS),
        )
        r.done()
        levels.append(level)
    return tuple(levels)


def _read_schedule(doc: _Reader, levels: tuple[Level, ...],
                   given: list[Break]) -> tuple[Schedule, list[Break]]:
    """The [schedule] table: hand counting, alignment, and breaks made by a rule."""
    r = doc.table("schedule")
    if r is None:
        return Schedule(), []
    schedule = Schedule(r.text("hands_per", "table", HANDS_PER), r.flag("align_at_breaks", True))
    every_levels = r.integer("break_every_levels", None, minimum=1)
    every_minutes = r.integer("break_every_minutes", None, minimum=1)
    minutes = r.integer("break_minutes", None, minimum=1)
    r.done()
    if every_levels is not None and every_minutes is not None:
        raise FieldError(r.path + ("break_every_minutes",),
                         "give break_every_levels or break_every_minutes, not both")
    if (every_levels is None and every_minutes is None) != (minutes is None):
        raise FieldError(r.path + ("break_minutes",),
                         "break_minutes goes with break_every_levels or break_every_minutes")
    assert minutes is not None or (every_levels is None and every_minutes is None)
    after: list[int] = []
    if every_levels is not None:
        after = list(range(every_levels, len(levels), every_levels))
    elif every_minutes is not None:
        played = 0
        for lv in levels[:-1]:
            if lv.minutes is None:
                raise FieldError(r.path + ("break_every_minutes",),
                                 f"breaks every {every_minutes} minutes need every level timed "
                                 f"in minutes; level {lv.number} gives none")
            before, played = played, played + lv.minutes
            if played // every_minutes > before // every_minutes:
                after.append(lv.number)
    taken = {b.after_level for b in given}
    for n in after:
        if n in taken:
            raise FieldError(r.path, f"[[breaks]] already has a break after level {n}, which "
                             "the [schedule] break rule makes too")
    return schedule, [Break(n, minutes) for n in after if minutes is not None]


def _read_late_players(doc: _Reader) -> LatePlayers | None:
    r = doc.table("late_players")
    if r is None:
        return None
    late = LatePlayers(
        cut_off_minutes=r.integer("cut_off_minutes", minimum=1),
        chance=float(r.number("chance", 0.0)),
        arrival=r.text("arrival", "uniform", ARRIVALS),
        latest_minutes=float(r.number("latest_minutes", 0.0)),
        mean_minutes=float(r.number("mean_minutes", 0.0)),
    )
    if not 0 <= late.chance <= 1:
        raise FieldError(r.path + ("chance",), f"late_players.chance is a share of the field, "
                         f"0 to 1, got {late.chance}")
    if late.arrival == "uniform" and not 0 <= late.latest_minutes <= 10_000:
        raise FieldError(r.path + ("latest_minutes",),
                         f"late_players.latest_minutes must be 0 to 10,000, got {late.latest_minutes}")
    if late.arrival == "exponential" and not 0 < late.mean_minutes <= 10_000:
        raise FieldError(r.path + ("mean_minutes",),
                         f"an exponential arrival needs mean_minutes above 0 (at most 10,000), "
                         f"got {late.mean_minutes}")
    r.done()
    return late


def _check_chip_amounts(s: TournamentStructure) -> None:
    """Every amount must be payable with the chips in play at the time."""
    smallest = s.chips.smallest(1)
    if s.starting_chips % smallest:
        raise FieldError(("chips", "starting"),
                         f"starting chips {s.starting_chips} are not a multiple of the smallest chip, {smallest}")
    for index, level in enumerate(s.levels):
        unit = s.chips.smallest(level.number)
        for name in ("small_blind", "big_blind", "ante", "bring_in", "low_limit", "high_limit"):
            amount = getattr(level, name)
            if amount % unit:
                raise FieldError(
                    ("levels", index, name),
                    f"level {level.number}: {name} {amount} cannot be paid with the chips in play "
                    f"(smallest {unit}); use a multiple of {unit} or colour up later",
                )
    given = [("chips", "starting", "starting chips", s.starting_chips)]
    given += [("chips", "starting_by_rank", f"rank {i + 1}'s starting stack", amount)
              for i, amount in enumerate(s.starting_by_rank)]
    if s.re_entry:
        given.append(("re_entry", "chips", "a re-entry", s.re_entry.chips))
    for table, key, what, amount in given[1:]:
        if amount % smallest:
            raise FieldError((table, key), f"{what} ({amount}) is not a multiple of the "
                             f"smallest chip, {smallest}")
    if s.rebuys:
        given.append(("rebuys", "chips", "a rebuy", s.rebuys.chips))
    if s.add_on:
        given.append(("add_on", "chips", "an add-on", s.add_on.chips))
    if s.final_stage:
        given.append(("final_stage", "starting_chips", "the final stage", s.final_stage.starting_chips))
    for index, cu in enumerate(s.chips.colour_ups):
        unit = s.chips.smallest(cu.before_level)
        for table, key, what, amount in given:
            if amount % unit:
                raise FieldError(
                    ("chips", "colour_up", index, "remove"),
                    f"after the colour-up before level {cu.before_level} the smallest chip is "
                    f"{unit}, but {what} gives {amount} chips, not a multiple of {unit}: the "
                    "chip race could not keep the chip total exact (keep a smaller chip, or "
                    f"make {table}.{key} a multiple of {unit})",
                )


def _check_sections(doc: _Reader) -> None:
    """Refuse an unknown top-level table before reading any, so a typo is named as one."""
    import difflib

    for key in doc.data:
        if key not in SECTIONS:
            close = difflib.get_close_matches(key, SECTIONS, n=1)
            hint = f"; did you mean [{close[0]}]?" if close else ""
            raise FieldError((key,), f"unknown section [{key}]{hint} allowed: {', '.join(SECTIONS)}")


def _check_totals(s: TournamentStructure) -> None:
    """Refuse fields whose chips or money could overflow: every total stays within MAX_AMOUNT."""
    field = s.entrants.maximum
    per_player = max((s.starting_chips,) + s.starting_by_rank)
    money = s.buy_in.price
    if s.re_entry:
        count = s.re_entry.per_player or UNLIMITED_REBUYS_COUNTED
        per_player += count * s.re_entry.chips
        money += count * s.re_entry.price
    where: tuple[Path, str] = (("chips", "starting"), "chips.starting")
    if s.rebuys:
        count = s.rebuys.per_player or UNLIMITED_REBUYS_COUNTED
        per_player += count * s.rebuys.chips
        money += count * s.rebuys.price
        where = (("rebuys", "chips"), "rebuys.chips")
    if s.add_on:
        per_player += s.add_on.per_player * s.add_on.chips
        money += s.add_on.per_player * s.add_on.price
    if s.final_stage:
        per_player = max(per_player, s.final_stage.starting_chips)
    if per_player * field > MAX_AMOUNT:
        raise FieldError(where[0], f"{field:,} entrants with {per_player:,} chips each put "
                         f"{per_player * field:,} chips in play; at most {MAX_AMOUNT:,} are allowed "
                         f"(lower {where[1]} or the field)")
    if money * field > MAX_AMOUNT:
        raise FieldError(("buy_in", "price"), f"{field:,} entrants paying up to {money:,} each make "
                         f"a pool of {money * field:,}; at most {MAX_AMOUNT:,} is allowed")


def _build(doc: _Reader) -> TournamentStructure:
    _check_sections(doc)
    t = doc.table("tournament")
    if t is None:
        raise FieldError((), "missing [tournament] table (name, format, ...)")
    name = t.text("name")
    currency = t.text("currency", "")
    fmt = t.text("format", "single_field", FORMATS)
    antes_stop = t.flag("antes_stop_heads_up", False)
    notes = t.text("notes", "")
    t.done()

    e = doc.table("entrants")
    if e is None:
        raise FieldError((), "missing [entrants] table (count, or min and max)")
    if e.has("count"):
        count = e.integer("count", minimum=2, maximum=MAX_ENTRANTS)
        entrants = Entrants(count, count)
    else:
        low = e.integer("min", minimum=2, maximum=MAX_ENTRANTS)
        high = e.integer("max", minimum=2, maximum=MAX_ENTRANTS)
        if high < low:
            raise FieldError(e.path + ("max",), f"entrants.max ({high}) is below entrants.min ({low})")
        entrants = Entrants(low, high)
    e.done()

    b = doc.table("buy_in")
    if b is None:
        raise FieldError((), "missing [buy_in] table (price, fee)")
    buy_in = BuyIn(b.integer("price"), b.integer("fee", 0), b.text("fee_for", ""))
    if buy_in.fee > buy_in.price:
        raise FieldError(b.path + ("fee",), f"the fee ({buy_in.fee}) is more than the price ({buy_in.price})")
    b.done()

    levels = _read_levels(doc)
    check_levels(levels)
    n_levels = len(levels)
    breaks = []
    for r in doc.tables("breaks"):
        breaks.append(Break(r.integer("after_level", minimum=1), r.integer("minutes", minimum=1)))
        r.done()
    schedule, generated = _read_schedule(doc, levels, breaks)
    breaks = sorted(breaks + generated, key=lambda b: b.after_level)
    check_breaks(breaks, levels)

    c = doc.table("chips")
    if c is None:
        raise FieldError((), "missing [chips] table (starting, denominations)")
    starting = c.integer("starting", minimum=1)
    by_rank = tuple(c.int_list("starting_by_rank", []))
    for i, amount in enumerate(by_rank):
        if amount < 1:
            raise FieldError(c.path + ("starting_by_rank",),
                             f"chips.starting_by_rank: rank {i + 1} gets {amount}; stacks are at least 1")
        if amount < (by_rank[i + 1] if i + 1 < len(by_rank) else starting):
            raise FieldError(c.path + ("starting_by_rank",),
                             f"chips.starting_by_rank: rank {i + 1} gets {amount:,}, less than the "
                             "rank below it (or than chips.starting for the ranks not listed); a "
                             "better rank never starts with fewer chips")
    denominations = tuple(c.int_list("denominations"))
    colour_ups = []
    for r in c.tables("colour_up"):
        colour_ups.append(ColourUp(r.integer("before_level", minimum=1), tuple(r.int_list("remove"))))
        r.done()
    c.done()
    chips = ChipSet(denominations, tuple(colour_ups))
    chips.check(n_levels)

    rebuys = None
    rb = doc.table("rebuys")
    if rb is not None:
        rebuys = Rebuys(
            price=rb.integer("price"), chips=rb.integer("chips", minimum=1),
            until_level=rb.integer("until_level", minimum=1),
            fee=rb.integer("fee", 0), per_player=rb.integer("per_player", None, minimum=1),
            max_stack=rb.integer("max_stack", starting),
        )
        if rebuys.until_level > n_levels:
            raise FieldError(rb.path + ("until_level",),
                             f"rebuys until level {rebuys.until_level}, but the structure has {n_levels} levels")
        if rebuys.fee > rebuys.price:
            raise FieldError(rb.path + ("fee",),
                             f"the rebuy fee ({rebuys.fee}) is more than its price ({rebuys.price})")
        rb.done()

    add_on = None
    a = doc.table("add_on")
    if a is not None:
        add_on = AddOn(
            price=a.integer("price"), chips=a.integer("chips", minimum=1),
            before_level=a.integer("before_level", minimum=1),
            fee=a.integer("fee", 0), per_player=a.integer("per_player", 1, minimum=1),
        )
        if not 2 <= add_on.before_level <= n_levels:
            raise FieldError(
                a.path + ("before_level",),
                f"an add-on before level {add_on.before_level} cannot be taken: the structure has "
                f"{n_levels} levels, so it must come before one of levels 2 to {n_levels}",
            )
        if add_on.fee > add_on.price:
            raise FieldError(a.path + ("fee",),
                             f"the add-on fee ({add_on.fee}) is more than its price ({add_on.price})")
        a.done()

    tb = doc.table("tables")
    if tb is None:
        raise FieldError((), "missing [tables] table (size, ...)")
    size = tb.integer("size", minimum=2)
    try:
        tables = BalanceRule(
            table_size=size,
            balance_at_difference=tb.integer("balance_at_difference", 2, minimum=2),
            stop_when_short_by=tb.integer("stop_when_short_by", 3, minimum=2),
            merge_seats=tb.integer("merge_seats", None, minimum=2),
            break_order=tb.text("break_order", "highest_number", BREAK_ORDERS),
            balance_rule=tb.text("balance_rule", "worst_position", BALANCE_RULES),
            equal_tables=tb.text("equal_tables", "lowest_number", EQUAL_TABLES),
        )
    except ValueError as err:
        raise FieldError(tb.path, str(err)) from None
    tb.done()

    final_stage = None
    f = doc.table("final_stage")
    if fmt == "table_winners":
        final_stage = FinalStage(starting)
        if f is not None:
            final_stage = FinalStage(f.integer("starting_chips", starting, minimum=1), f.flag("restart_levels", True))
            f.done()
        if entrants.minimum <= size:
            raise FieldError(("entrants",),
                             "the two-stage format needs more than one first-round table: "
                             f"at least {size + 1} entrants with tables of {size}")
        if entrants.maximum > size * size:
            raise FieldError(("entrants",),
                             f"{entrants.maximum} entrants make more than {size} table winners, too many for one final "
                             f"table of {size}")
    elif f is not None:
        raise FieldError(f.path, '[final_stage] only applies to format = "table_winners"')

    p = doc.table("payouts")
    if p is None:
        raise FieldError((), "missing [payouts] table")
    rounding = p.text("rounding", "largest_remainder", ROUNDING_RULES)
    unit = p.integer("unit", 1, minimum=1)
    paid_percent = p.number("paid_percent", None)
    ratio = p.number("ratio", None)
    if (paid_percent is None) != (ratio is None):
        raise FieldError(p.path, "give paid_percent and ratio together (a generated payout) or neither")
    if paid_percent is not None and not 0 < paid_percent <= 100:
        raise FieldError(p.path + ("paid_percent",),
                         f"paid_percent must be above 0 and at most 100, got {paid_percent}")
    if ratio is not None and not 0 < ratio <= 1:
        raise FieldError(p.path + ("ratio",), f"ratio must be above 0 and at most 1, got {ratio}")
    payout_tables = _percent_tables(p.tables("table"))
    p.done()
    payout_rules = PayoutRules(
        payout_tables,
        None if paid_percent is None else as_fraction(paid_percent),
        None if ratio is None else as_fraction(ratio),
        rounding,
        unit,
    )
    if paid_percent is None:
        for n in entrants.sizes():
            if not any(tab.covers(n) for tab in payout_tables):
                raise FieldError(p.path,
                                 f"no [[payouts.table]] covers a field of {n} entrants (entrants run "
                                 f"{entrants.minimum}-{entrants.maximum}); add one or give paid_percent and ratio")

    points = None
    q = doc.table("points")
    if q is not None:
        points = PointsRules(
            per_player_beaten=q.integer("per_player_beaten", 0),
            bonus_per_entrant=q.integer("bonus_per_entrant", 0),
            bonus_tables=_percent_tables(q.tables("bonus")),
            participation_award=q.integer("participation_award", 0),
            participation_for=q.text("participation_for", "scoreless", PARTICIPATION_FOR),
        )
        q.done()

    late_players = _read_late_players(doc)
    late_reg = None
    lr = doc.table("late_registration")
    if lr is not None:
        late_reg = LateRegistration(lr.integer("until_level", minimum=1))
        if late_reg.until_level > n_levels:
            raise FieldError(lr.path + ("until_level",),
                             f"late registration until level {late_reg.until_level}, but the "
                             f"structure has {n_levels} levels")
        lr.done()
    re_entry = None
    re = doc.table("re_entry")
    if re is not None:
        re_entry = ReEntry(price=re.integer("price"), chips=re.integer("chips", starting, minimum=1),
                           until_level=re.integer("until_level", minimum=1), fee=re.integer("fee", 0),
                           per_player=re.integer("per_player", None, minimum=1))
        if re_entry.until_level > n_levels:
            raise FieldError(re.path + ("until_level",),
                             f"re-entry until level {re_entry.until_level}, but the structure has "
                             f"{n_levels} levels")
        if re_entry.fee > re_entry.price:
            raise FieldError(re.path + ("fee",),
                             f"the re-entry fee ({re_entry.fee}) is more than its price ({re_entry.price})")
        re.done()

    doc.done()
    s = TournamentStructure(
        name=name, file="", currency=currency, format=fmt, entrants=entrants, buy_in=buy_in,
        chips=chips, starting_chips=starting, levels=levels, breaks=tuple(breaks), tables=tables,
        payout_rules=payout_rules, antes_stop_heads_up=antes_stop, rebuys=rebuys, add_on=add_on,
        final_stage=final_stage, points=points, notes=notes, starting_by_rank=by_rank,
        schedule=schedule, late_players=late_players, late_registration=late_reg,
        re_entry=re_entry,
    )
    _check_totals(s)
    _check_chip_amounts(s)
    return s


def parse_structure(text: str, file: str = "<structure>") -> TournamentStructure:
    """Read and validate a structure from TOML text; errors name ``file`` and the line.

    Example:
        >>> parse_structure("[tournament]\\nname = 1\\n", "bad.toml")
        Traceback (most recent call last):
        ...
        pyeval.tournament.errors.StructureError: bad.toml:2: tournament.name must be text, got 1 (a whole number)
    """
    deep = too_deep(text, MAX_NESTING)
    if deep is not None:
        raise StructureError(f"arrays or inline tables nested more than {MAX_NESTING} deep; a "
                             "structure file needs at most 3", file=file, line=deep)
    last = _last_line(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        msg = str(err)
        line: int | None = last if "at end of document" in msg else None
        if "(at line " in msg:
            try:
                line = int(msg.split("(at line ")[1].split(",")[0])
            except ValueError:
                line = last
        raise StructureError(f"not valid TOML: {msg}", file=file, line=line) from None
    try:
        structure = _build(_Reader(data, ()))
    except FieldError as err:
        line = line_of(key_lines(text), err.path)
        message = err.message
        if line is None:
            line = last
            message += " (not in the file; checked at its end)"
        raise StructureError(message, file=file, line=line, path=err.path) from None
    return _with_file(structure, file)


def _last_line(text: str) -> int:
    """The number of the file's last line (where a missing table would have to go)."""
    return max(1, text.count("\n") + (0 if text.endswith("\n") else 1))


def _with_file(s: TournamentStructure, file: str) -> TournamentStructure:
    from dataclasses import replace

    return replace(s, file=file)


def example_names() -> list[str]:
    """Names of the example structures shipped with pyeval.

    Example:
        >>> "club_3000" in example_names()
        True
    """
    return sorted(p.stem for p in EXAMPLES_DIR.glob("*.toml"))


def load_structure(path_or_name: str | os.PathLike[str]) -> TournamentStructure:
    """Load a structure file by path, or a shipped example by name (``"club_3000"``).

    Example:
        >>> load_structure("hands_100k_stud").levels[0].duration
        (6, 'hands')
    """
    path = FsPath(path_or_name)
    if not path.is_file():
        stem = path.name[:-5] if path.name.endswith(".toml") else path.name
        candidate = EXAMPLES_DIR / f"{stem}.toml"
        if str(path_or_name) in (stem, f"{stem}.toml") and candidate.is_file():
            path = candidate
        else:
            raise FileNotFoundError(
                f"no structure file {str(path_or_name)!r}; give a path or one of the examples: "
                + ", ".join(example_names())
            )
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise StructureError(f"the file is not UTF-8 text (byte 0x{data[err.start]:02x}); TOML "
                             "files are UTF-8: save it as UTF-8", file=str(path), line=line) from None
    return parse_structure(text, str(path))
