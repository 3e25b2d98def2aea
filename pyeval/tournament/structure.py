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
from .levels import BETTING, GAMES, Break, ClockEntry, Level, check_breaks, check_levels, clock
from .payouts import (
    ROUNDING_RULES,
    PayoutRules,
    PayoutTable,
    as_fraction,
    check_percentages,
    prize_pool,
)
from .points import PARTICIPATION_FOR, PointsRules
from .seating import BREAK_ORDERS, BalanceRule
from .toml_lines import key_lines, line_of, too_deep

EXAMPLES_DIR = FsPath(__file__).resolve().parent / "examples"
FORMATS: tuple[str, ...] = ("single_field", "table_winners")
#: The tables a structure file may have at its top level.
SECTIONS: tuple[str, ...] = ("tournament", "entrants", "buy_in", "rebuys", "add_on", "chips",
                             "level_defaults", "levels", "breaks", "tables", "final_stage",
                             "payouts", "points")
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

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); the last level goes on for ever.

        Example:
            >>> load_structure("club_3000").level(99).big_blind
            6000
        """
        if number < 1:
            raise ValueError(f"levels count from 1, got {number}")
        return self.levels[min(number, len(self.levels)) - 1]

    def prize_pool(self, entrants: int, rebuys: int = 0, add_ons: int = 0) -> int:
        """Money in the prize pool for a field of ``entrants`` with so many rebuys and add-ons."""
        return prize_pool(
            entrants,
            self.buy_in.to_pool,
            rebuys,
            self.rebuys.to_pool if self.rebuys else 0,
            add_ons,
            self.add_on.to_pool if self.add_on else 0,
        )

    def payouts(self, entrants: int, rebuys: int = 0, add_ons: int = 0) -> tuple[int, ...]:
        """Whole amounts for places 1, 2, ...; they add up to the prize pool exactly."""
        return self.payout_rules.amounts(self.prize_pool(entrants, rebuys, add_ons), entrants)

    def chips_in_play(self, entrants: int, rebuys: int = 0, add_ons: int = 0) -> int:
        """Total chips of the first stage: starting stacks plus rebuys and add-ons.

        Example:
            >>> load_structure("addon_3500").chips_in_play(20, add_ons=15)
            96250
        """
        return (
            entrants * self.starting_chips
            + rebuys * (self.rebuys.chips if self.rebuys else 0)
            + add_ons * (self.add_on.chips if self.add_on else 0)
        )

    def first_round_tables(self, entrants: int) -> int:
        """Tables at the start: also the size of the final table in the two-stage format."""
        return -(-entrants // self.tables.table_size)

    def clock(self) -> list[ClockEntry]:
        """Start and end minute of each level and break (levels timed in minutes)."""
        return clock(self.levels, self.breaks)


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
        )
        r.done()
        levels.append(level)
    return tuple(levels)


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
    per_player = s.starting_chips
    money = s.buy_in.price
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
    check_breaks(breaks, levels)

    c = doc.table("chips")
    if c is None:
        raise FieldError((), "missing [chips] table (starting, denominations)")
    starting = c.integer("starting", minimum=1)
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

    doc.done()
    s = TournamentStructure(
        name=name, file="", currency=currency, format=fmt, entrants=entrants, buy_in=buy_in,
        chips=chips, starting_chips=starting, levels=levels, breaks=tuple(breaks), tables=tables,
        payout_rules=payout_rules, antes_stop_heads_up=antes_stop, rebuys=rebuys, add_on=add_on,
        final_stage=final_stage, points=points, notes=notes,
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
