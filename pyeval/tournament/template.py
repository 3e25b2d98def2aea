"""A commented structure file to start from: ``pyeval tournament new``.

The template is a working no-limit hold'em freezeout for the numbers given (players,
starting chips, level length, start time): blinds that climb at most 1.5x a level after
the first (the smallest chip's multiples 1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 30...), a
big-blind ante from level 4, a 10-minute break about every 90 minutes of play, a chip set
that pays every level with colour-ups at the break once a chip is no longer needed, late
registration until the first break, a generated payout (about 15 % paid); rebuys and an add-on written
out but commented (remove the ``#`` to use them). Every section says what it means.

Example:
    >>> from pyeval.tournament.structure import parse_structure
    >>> text = structure_template(players=25, starting=5000, level_minutes=20, start="19:00")
    >>> st = parse_structure(text)
    >>> st.levels[0].small_blind, st.levels[0].big_blind, st.chips.denominations[:3]
    (25, 50, (25, 50, 100))
"""
from __future__ import annotations

from .timetext import clock_time, parse_clock

#: The smallest chip for a starting stack: the largest of these at most 1/200 of it (so
#: the first big blind leaves 100 big blinds).
SMALLEST_CHIPS = (1, 5, 10, 25, 50, 100, 250, 500, 1000, 5000)
#: Chip values a set is made of (multiples of the smallest chip are kept).
CHIP_VALUES = (1, 5, 10, 25, 50, 100, 500, 1000, 5000, 25000, 100000, 500000)
#: Chips in a set.
CHIPS_IN_SET = 5
#: Small blinds in units of the smallest chip, one decade; later decades are x10.
LADDER_DECADE = (1, 2, 3, 4, 6, 8)
LADDER_LATER = (10, 12, 16, 20, 30, 40, 50, 60, 80)
#: The first level with a big-blind ante.
ANTE_FROM_LEVEL = 4
#: Minutes of play between breaks (rounded to whole levels) and a break's length.
PLAY_BETWEEN_BREAKS = 90
BREAK_MINUTES = 10
#: Levels are written until the big blind is this share of all chips in play or more.
LAST_BB_SHARE = 1 / 8
#: Share of the field paid and each place's share of the place above (generated payout).
PAID_PERCENT = 15
PAYOUT_RATIO = 0.6


def _ladder(count: int) -> list[int]:
    """Small blinds in units of the smallest chip: 1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 30..."""
    out = list(LADDER_DECADE)
    scale = 1
    while len(out) < count:
        out += [scale * x for x in LADDER_LATER]
        scale *= 10
    return out[:count]


def chip_set(smallest: int) -> list[int]:
    """The chip set of a smallest chip: it and the next usual values it divides.

    Example:
        >>> chip_set(25), chip_set(10)
        ([25, 50, 100, 500, 1000], [10, 50, 100, 500, 1000])
    """
    return [smallest] + [v for v in CHIP_VALUES if v > smallest and v % smallest == 0][:CHIPS_IN_SET - 1]


def structure_template(players: int = 25, starting: int = 5000, level_minutes: int = 20,
                       start: str | None = None, name: str | None = None) -> str:
    """The text of a commented structure file for ``players`` entrants with ``starting``
    chips and levels of ``level_minutes`` (see the module's docstring).

    Example:
        >>> structure_template(players=1)
        Traceback (most recent call last):
        ...
        ValueError: players: at least 2 entrants, got 1
    """
    if not 2 <= players <= 10_000:
        raise ValueError(f"players: at least 2 entrants, got {players}" if players < 2
                         else f"players: at most 10,000 entrants, got {players}")
    if not 1 <= level_minutes <= 240:
        raise ValueError(f"level minutes: from 1 to 240, got {level_minutes}")
    if start is not None:
        parse_clock(start)
    if starting < 200:
        raise ValueError(f"starting chips: at least 200 (100 big blinds of the smallest chip "
                         f"pair), got {starting}")
    chip = max(c for c in SMALLEST_CHIPS if c <= starting / 200)
    if starting % chip:
        raise ValueError(f"starting chips: a multiple of the smallest chip ({chip}) so a stack "
                         f"can be paid out, got {starting:,}")
    chips = chip_set(chip)
    total = players * starting
    small = []
    for x in _ladder(200):
        small.append(x * chip)
        if 2 * x * chip >= total * LAST_BB_SHARE:
            break
    every = max(1, round(PLAY_BETWEEN_BREAKS / level_minutes))
    lo, hi = max(2, players * 2 // 3), max(players + players // 3, 3)
    late_until = min(every, len(small))
    colour = _colour_ups(small, chips, every)
    title = name or f"Hold'em, {starting:,} chips, {level_minutes}-minute levels"
    when = f" from {start}" if start else ""
    out = [
        f"# {title}: a structure written by `pyeval tournament new` for {players} players{when}.",
        "# Edit it, then: pyeval tournament check FILE; pyeval tournament show FILE"
        + (f" --start {start}" if start else "") + ";",
        "# pyeval tournament simulate FILE" + (f" --start {start}" if start else "")
        + " (how long it lasts). All amounts are chips unless said.",
        "",
        "[tournament]",
        f'name = "{title}"',
        'format = "single_field"            # one field played down to a winner',
        "",
        "[entrants]                          # the field sizes this structure is made for",
        f"min = {lo}",
        f"max = {hi}",
        "",
        "[buy_in]",
        "price = 20                          # what a player pays",
        "fee = 0                             # the part of the price kept by the house",
        "",
        "[chips]",
        f"starting = {starting}                    # each player's stack",
        f"denominations = {chips}   # the chip set, smallest first: every",
        "                                    # blind and ante must be a multiple of a chip in play",
    ]
    for before, removed in colour:
        out += ["", "[[chips.colour_up]]                 # the smallest chips leave play (race off)",
                f"before_level = {before}",
                f"remove = {removed}"]
    out += ["", "[level_defaults]                    # what every level has unless it says otherwise",
            'game = "holdem"', 'betting = "no_limit"',
            f"minutes = {level_minutes}                        # the level's length"]
    t = 0
    for i, sb in enumerate(small, start=1):
        at = f"  starts {clock_time(start, t)}" if start else f"  starts {t // 60}:{t % 60:02d}"
        out += ["", f"[[levels]]                          # level {i}:{at}",
                f"small_blind = {sb}", f"big_blind = {2 * sb}"]
        if i >= ANTE_FROM_LEVEL:
            out += [f"ante = {2 * sb}", 'ante_by = "big_blind"              # one ante for the '
                    "table, posted by the big blind"]
        t += level_minutes
        if i % every == 0 and i < len(small):
            t += BREAK_MINUTES
    for after in range(every, len(small), every):
        out += ["", "[[breaks]]                          # a break after this level",
                f"after_level = {after}", f"minutes = {BREAK_MINUTES}"]
    out += [
        "",
        "[late_registration]                 # new entries are taken ...",
        f"until_level = {late_until}                     # ... until the end of this level",
        "entries = 0                         # how many of the players you expect to come late",
        "                                    # (what a simulation assumes)",
        "",
        "# [rebuys]                          # a busted (or short) player may buy chips again",
        "# price = 20",
        f"# chips = {starting}",
        "# per_player = 1                    # leave out for unlimited",
        f"# until_level = {late_until}",
        "",
        "# [add_on]                          # everyone may buy extra chips once, at a break",
        "# price = 20",
        f"# chips = {starting}",
        f"# before_level = {late_until + 1}",
        "",
        "[tables]",
        "size = 9                            # seats at a table",
        "",
        "[payouts]                           # how the prize pool is shared",
        f"paid_percent = {PAID_PERCENT}                   # about this share of the field is paid,",
        f"ratio = {PAYOUT_RATIO}                         # each place this share of the place above",
        "# or tables by field size, e.g.:",
        "# [[payouts.table]]",
        f"# entrants = [{lo}, {hi}]",
        "# percent = [50, 30, 20]",
        "",
    ]
    return "\n".join(out)


def _colour_ups(small: list[int], chips: list[int], every: int) -> list[tuple[int, list[int]]]:
    """(before level, chips removed): each of the two smallest chips leaves at the first
    break (after every ``every`` levels) from which every blind and ante is a multiple of
    the next chip (two leaving at one break are one colour-up)."""
    out: dict[int, list[int]] = {}
    for k in range(min(2, len(chips) - 1)):
        nxt = chips[k + 1]
        for lv in range(every + 1, len(small) + 1, every):      # the level after a break
            if all(sb % nxt == 0 for sb in small[lv - 1:]):
                out.setdefault(lv, []).append(chips[k])
                break
    return sorted(out.items())
