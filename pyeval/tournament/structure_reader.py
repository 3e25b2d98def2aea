"""The tables of a structure file read into a :class:`~.tournament_structure.TournamentStructure`,
one reader per section, each refusing what its section cannot hold.

Example:
    >>> from pyeval.tournament.toml_reader import TableReader
    >>> read_tables(TableReader({"tables": {"size": 9}}, ())).table_size
    9
"""

from __future__ import annotations

from typing import Any

from .chips import ChipSet, ColourUp
from .errors import FieldError, show_path
from .levels import (
    ANTE_BY,
    BETTING,
    DEPRECATED_STAKES,
    GAMES,
    Break,
    Level,
    check_breaks,
    check_levels,
    deprecated_stake,
)
from .limits import MAX_ENTRANTS
from .payouts import ROUNDING_RULES, PayoutRules, PayoutTable, as_fraction, check_percentages
from .points import PARTICIPATION_FOR, PointsRules
from .seating import BALANCE_RULES, BREAK_DRAWS, BREAK_ORDERS, EQUAL_TABLES, PACES, BalanceRule
from .sections import (
    ARRIVALS,
    HANDS_PER,
    AddOn,
    BuyIn,
    Entrants,
    FinalStage,
    LatePlayers,
    LateRegistration,
    Rebuys,
    ReEntry,
    Schedule,
)
from .structure_checks import check_chip_amounts, check_like_check, check_totals
from .toml_reader import MISSING, TableReader, is_int, kind
from .tournament_structure import FORMATS, TournamentStructure

#: The tables a structure file may have at its top level.
SECTIONS: tuple[str, ...] = ("tournament", "entrants", "buy_in", "rebuys", "add_on", "chips",
                             "level_defaults", "levels", "breaks", "schedule", "tables",
                             "final_stage", "payouts", "points", "late_players",
                             "late_registration", "re_entry")


def _range_pair(r: TableReader, key: str) -> tuple[int, int]:
    pair = r.integer_list(key)
    if len(pair) != 2 or pair[0] < 2 or pair[1] < pair[0]:
        raise FieldError(r.path + (key,),
                         f"{show_path(r.path + (key,))} must be [smallest, largest] field size, at least 2, got {pair}")
    return (pair[0], pair[1])


def _percent_tables(readers: list[TableReader]) -> tuple[PayoutTable, ...]:
    out: list[PayoutTable] = []
    for r in readers:
        low, high = _range_pair(r, "entrants")
        try:
            percents = tuple(as_fraction(p) for p in r.number_list("percent"))
        except ValueError as e:
            raise FieldError(r.path + ("percent",), str(e)) from None
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


def read_levels(doc: TableReader) -> tuple[Level, ...]:
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
        if d.has("choices"):
            defaults["choices"] = _choices(d)
        d.done()
    levels = []
    for index, r in enumerate(doc.tables("levels")):
        game = r.text("game", defaults.get("game", MISSING))
        betting = r.text("betting", defaults.get("betting", MISSING))
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
        small, big = _bet(r, "small_bet"), _bet(r, "big_bet")
        if betting == "fixed_limit" and bb and not small:
            small, big = bb, big or 2 * bb
        level = Level(
            number=index + 1, game=game, betting=betting, small_blind=sb, big_blind=bb,
            ante=r.integer("ante", 0), bring_in=r.integer("bring_in", 0), small_bet=small,
            big_bet=big, minutes=minutes, hands=hands,
            ante_by=r.text("ante_by", defaults.get("ante_by", "each"), ANTE_BY),
            min_players=r.integer("min_players", 0, maximum=MAX_ENTRANTS),
            choices=_choices(r) if r.has("choices") else defaults.get("choices", ()),
        )
        r.done()
        levels.append(level)
    return tuple(levels)


def _choices(r: TableReader) -> tuple[tuple[str, int], ...]:
    """A dealer's choice level's ``choices``: a table ``{game = weight}`` (how often the
    button names each game) or a list of games (each once, in turn), as ``(game, weight)``
    pairs; the games and weights are checked with the level (:func:`~.levels.check_choices`).

    >>> from pyeval.tournament.toml_reader import TableReader
    >>> _choices(TableReader({"choices": {"holdem": 3, "omaha": 1}}, ("levels", 0)))
    (('holdem', 3), ('omaha', 1))
    """
    value = r._get("choices", MISSING, "a table of game = weight, or a list of games",
                   lambda v: (isinstance(v, dict) and all(isinstance(k, str) for k in v))
                   or (isinstance(v, list) and all(isinstance(g, str) for g in v)))
    where = r.path + ("choices",)
    if not value:
        raise FieldError(where, f"{show_path(where)} names no game")
    if isinstance(value, list):
        if len(set(value)) != len(value):
            raise FieldError(where, f"{show_path(where)} names a game twice; give weights as "
                             "a table ({holdem = 2, omaha = 1})")
        return tuple((g, 1) for g in value)
    for game, weight in value.items():
        if not is_int(weight) or weight < 1:
            raise FieldError(where + (game,), f"{show_path(where + (game,))}: a weight is a "
                             f"whole number of at least 1, got {kind(weight)}")
    return tuple(value.items())


def _bet(r: TableReader, key: str) -> int:
    """A level's ``small_bet`` or ``big_bet``, also read under its deprecated name
    (``low_limit``, ``high_limit``: the rule sheets' words) with a ``DeprecationWarning``."""
    old = next(k for k, v in DEPRECATED_STAKES.items() if v == key)
    if not r.has(old):
        return r.integer(key, 0)
    deprecated_stake(old, f"structure file, [{show_path(r.path)}]")
    if r.has(key):
        raise FieldError(r.path + (old,), f"{show_path(r.path)} gives both {key} and {old} "
                         f"(its deprecated name); give {key} only")
    return r.integer(old, 0)


def _read_schedule(doc: TableReader, levels: tuple[Level, ...],
                   given: list[Break]) -> tuple[Schedule, list[Break]]:
    """The [schedule] table: hand counting, alignment, and breaks made by a rule."""
    r = doc.table("schedule")
    if r is None:
        return Schedule(), []
    schedule = Schedule(r.text("hands_per", "table", HANDS_PER), r.boolean("align_at_breaks", True))
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


def read_late_players(doc: TableReader) -> LatePlayers | None:
    """[late_players], if any."""
    return doc.section("late_players", _late_players)


def _late_players(r: TableReader) -> LatePlayers:
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
    return late


def check_sections(doc: TableReader) -> None:
    """Refuse an unknown top-level table before reading any, so a typo is named as one."""
    import difflib

    for key in doc.data:
        if key not in SECTIONS:
            close = difflib.get_close_matches(key, SECTIONS, n=1)
            hint = f"; did you mean [{close[0]}]?" if close else ""
            raise FieldError((key,), f"unknown section [{key}]{hint} allowed: {', '.join(SECTIONS)}")


def _required(doc: TableReader, key: str, what: str = "") -> TableReader:
    """The table ``key``, which every structure has (``what``: its main keys, for the error)."""
    r = doc.table(key)
    if r is None:
        raise FieldError((), f"missing [{key}] table" + (f" ({what})" if what else ""))
    return r


def _fee_within(r: TableReader, fee: int, price: int, fee_name: str, price_name: str) -> None:
    """Refuse a fee above its price (``fee_name``: "the rebuy fee", ``price_name``: "its price")."""
    if fee > price:
        raise FieldError(r.path + ("fee",), f"{fee_name} ({fee}) is more than {price_name} ({price})")


def _until_within(r: TableReader, until: int, n_levels: int, what: str) -> None:
    """Refuse an ``until_level`` past the last level (``what``: "rebuys", ...)."""
    if until > n_levels:
        raise FieldError(r.path + ("until_level",),
                         f"{what} until level {until}, but the structure has {n_levels} levels")


def read_tournament(doc: TableReader) -> tuple[str, str, str, bool, str, bool]:
    """[tournament]: name, currency, format, whether antes stop heads-up, notes, whether a
    player bets or raises on their first turn of a round only."""
    t = _required(doc, "tournament", "name, format, ...")
    name = t.text("name")
    currency = t.text("currency", "")
    fmt = t.text("format", "single_field", FORMATS)
    antes_stop = t.boolean("antes_stop_heads_up", False)
    notes = t.text("notes", "")
    first_turn = t.boolean("raises_first_turn_only", False)
    t.done()
    return name, currency, fmt, antes_stop, notes, first_turn


def read_entrants(doc: TableReader) -> Entrants:
    """[entrants]: a ``count``, or ``min`` and ``max``."""
    e = _required(doc, "entrants", "count, or min and max")
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
    return entrants


def read_buy_in(doc: TableReader) -> BuyIn:
    """[buy_in]: price, fee and what the fee is for."""
    b = _required(doc, "buy_in", "price, fee")
    buy_in = BuyIn(b.integer("price"), b.integer("fee", 0), b.text("fee_for", ""))
    _fee_within(b, buy_in.fee, buy_in.price, "the fee", "the price")
    b.done()
    return buy_in


def read_breaks(doc: TableReader, levels: tuple[Level, ...]) -> tuple[Schedule, tuple[Break, ...]]:
    """[[breaks]] and [schedule]: the breaks given and made by rule, in level order."""
    breaks = []
    for r in doc.tables("breaks"):
        breaks.append(Break(r.integer("after_level", minimum=1), r.integer("minutes", minimum=1)))
        r.done()
    check_breaks(breaks, levels)  # in the file's order first, so an error names the right line
    schedule, generated = _read_schedule(doc, levels, breaks)
    breaks = sorted(breaks + generated, key=lambda b: b.after_level)
    check_breaks(breaks, levels)
    return schedule, tuple(breaks)


def read_chips(doc: TableReader, n_levels: int) -> tuple[int, tuple[int, ...], ChipSet]:
    """[chips]: the starting stack, stacks by tour rank, denominations and colour-ups."""
    c = _required(doc, "chips", "starting, denominations")
    starting = c.integer("starting", minimum=1)
    by_rank = tuple(c.integer_list("starting_by_rank", []))
    for i, amount in enumerate(by_rank):
        if amount < 1:
            raise FieldError(c.path + ("starting_by_rank",),
                             f"chips.starting_by_rank: rank {i + 1} gets {amount}; stacks are at least 1")
        if amount < (by_rank[i + 1] if i + 1 < len(by_rank) else starting):
            raise FieldError(c.path + ("starting_by_rank",),
                             f"chips.starting_by_rank: rank {i + 1} gets {amount:,}, less than the "
                             "rank below it (or than chips.starting for the ranks not listed); a "
                             "better rank never starts with fewer chips")
    denominations = tuple(c.integer_list("denominations"))
    colour_ups = []
    for r in c.tables("colour_up"):
        colour_ups.append(ColourUp(r.integer("before_level", minimum=1), tuple(r.integer_list("remove"))))
        r.done()
    c.done()
    chips = ChipSet(denominations, tuple(colour_ups))
    chips.check(n_levels)
    return starting, by_rank, chips


def read_rebuys(doc: TableReader, starting: int, n_levels: int) -> Rebuys | None:
    """[rebuys], if any."""
    def read(rb: TableReader) -> Rebuys:
        rebuys = Rebuys(
            price=rb.integer("price"), chips=rb.integer("chips", minimum=1),
            until_level=rb.integer("until_level", minimum=1),
            fee=rb.integer("fee", 0), per_player=rb.integer("per_player", None, minimum=1),
            max_stack=rb.integer("max_stack", starting),
        )
        _until_within(rb, rebuys.until_level, n_levels, "rebuys")
        _fee_within(rb, rebuys.fee, rebuys.price, "the rebuy fee", "its price")
        return rebuys
    return doc.section("rebuys", read)


def read_add_on(doc: TableReader, n_levels: int) -> AddOn | None:
    """[add_on], if any: taken at a break before one of levels 2 to the last."""
    def read(a: TableReader) -> AddOn:
        add_on = AddOn(
            price=a.integer("price"), chips=a.integer("chips", minimum=1),
            before_level=a.integer("before_level", minimum=1),
            fee=a.integer("fee", 0), per_player=a.integer("per_player", 1, minimum=1),
        )
        if not 2 <= add_on.before_level <= n_levels:
            raise FieldError(
                a.path + ("before_level",),
                f"an add-on before level {add_on.before_level} cannot be taken: the structure "
                f"has {n_levels} levels, so it must come before one of levels 2 to {n_levels}",
            )
        _fee_within(a, add_on.fee, add_on.price, "the add-on fee", "its price")
        return add_on
    return doc.section("add_on", read)


def read_tables(doc: TableReader) -> BalanceRule:
    """[tables]: the table size and how tables are balanced and broken."""
    tb = _required(doc, "tables", "size, ...")
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
            break_draw=tb.text("break_draw", "random", BREAK_DRAWS),
            pace=tb.text("pace", None, PACES),
        )
    except ValueError as err:
        raise FieldError(tb.path, str(err)) from None
    tb.done()
    return tables


def read_final_stage(doc: TableReader, fmt: str, starting: int, entrants: Entrants,
                     size: int) -> FinalStage | None:
    """[final_stage] of the two-stage format (``table_winners``; refused for the others)."""
    f = doc.table("final_stage")
    if fmt != "table_winners":
        if f is not None:
            raise FieldError(f.path, '[final_stage] only applies to format = "table_winners"')
        return None
    final_stage = FinalStage(starting)
    if f is not None:
        final_stage = FinalStage(f.integer("starting_chips", starting, minimum=1), f.boolean("restart_levels", True))
        f.done()
    if entrants.minimum <= size:
        raise FieldError(("entrants",),
                         "the two-stage format needs more than one first-round table: "
                         f"at least {size + 1} entrants with tables of {size}")
    if entrants.maximum > size * size:
        raise FieldError(("entrants",),
                         f"{entrants.maximum} entrants make more than {size} table winners, too many for one final "
                         f"table of {size}")
    return final_stage


def read_payouts(doc: TableReader, entrants: Entrants) -> PayoutRules:
    """[payouts]: tables of percentages by field size, or a generated payout."""
    p = _required(doc, "payouts")
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
    rules = PayoutRules(
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
    return rules


def read_points(doc: TableReader) -> PointsRules | None:
    """[points], if any: the season's points rules."""
    return doc.section("points", lambda q: PointsRules(
        per_player_beaten=q.integer("per_player_beaten", 0),
        bonus_per_entrant=q.integer("bonus_per_entrant", 0),
        bonus_tables=_percent_tables(q.tables("bonus")),
        participation_award=q.integer("participation_award", 0),
        participation_for=q.text("participation_for", "scoreless", PARTICIPATION_FOR),
    ))


def read_late_registration(doc: TableReader, n_levels: int) -> LateRegistration | None:
    """[late_registration], if any."""
    def read(lr: TableReader) -> LateRegistration:
        late_reg = LateRegistration(lr.integer("until_level", minimum=1), lr.integer("entries", 0))
        _until_within(lr, late_reg.until_level, n_levels, "late registration")
        return late_reg
    return doc.section("late_registration", read)


def read_re_entry(doc: TableReader, starting: int, n_levels: int) -> ReEntry | None:
    """[re_entry], if any."""
    def read(re: TableReader) -> ReEntry:
        re_entry = ReEntry(price=re.integer("price"), chips=re.integer("chips", starting, minimum=1),
                           until_level=re.integer("until_level", minimum=1), fee=re.integer("fee", 0),
                           per_player=re.integer("per_player", None, minimum=1))
        _until_within(re, re_entry.until_level, n_levels, "re-entry")
        _fee_within(re, re_entry.fee, re_entry.price, "the re-entry fee", "its price")
        return re_entry
    return doc.section("re_entry", read)


def build_structure(doc: TableReader) -> TournamentStructure:
    """Every section of the document ``doc`` read, checked and put together (``file``
    left empty: :func:`~.structure.parse_structure` sets it)."""
    check_sections(doc)
    name, currency, fmt, antes_stop, notes, first_turn = read_tournament(doc)
    entrants = read_entrants(doc)
    buy_in = read_buy_in(doc)
    levels = read_levels(doc)
    check_levels(levels)
    n_levels = len(levels)
    schedule, breaks = read_breaks(doc, levels)
    starting, by_rank, chips = read_chips(doc, n_levels)
    rebuys = read_rebuys(doc, starting, n_levels)
    add_on = read_add_on(doc, n_levels)
    tables = read_tables(doc)
    final_stage = read_final_stage(doc, fmt, starting, entrants, tables.table_size)
    payout_rules = read_payouts(doc, entrants)
    points = read_points(doc)
    late_players = read_late_players(doc)
    late_reg = read_late_registration(doc, n_levels)
    re_entry = read_re_entry(doc, starting, n_levels)
    doc.done()
    s = TournamentStructure(
        name=name, file="", currency=currency, format=fmt, entrants=entrants, buy_in=buy_in,
        chips=chips, starting_chips=starting, levels=levels, breaks=breaks, tables=tables,
        payout_rules=payout_rules, antes_stop_heads_up=antes_stop, rebuys=rebuys, add_on=add_on,
        final_stage=final_stage, points=points, notes=notes, starting_by_rank=by_rank,
        schedule=schedule, late_players=late_players, late_registration=late_reg,
        re_entry=re_entry, raises_first_turn_only=first_turn,
    )
    check_totals(s)
    check_chip_amounts(s)
    check_like_check(s)
    return s
