"""Checks that span sections of a structure: every amount payable with the chips in play
at the time, and no total of chips or money past :data:`~.limits.MAX_AMOUNT`.

Example:
    >>> from pyeval.tournament import load_structure
    >>> check_chip_amounts(load_structure("club_3000")) is None
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import FieldError, Path
from .levels import AMOUNTS
from .limits import MAX_AMOUNT, UNLIMITED_REBUYS_COUNTED

if TYPE_CHECKING:
    from .tournament_structure import TournamentStructure


def check_chip_amounts(s: TournamentStructure) -> None:
    """Every amount must be payable with the chips in play at the time."""
    smallest = s.chips.smallest(1)
    if s.starting_chips % smallest:
        raise FieldError(("chips", "starting"),
                         f"starting chips {s.starting_chips} are not a multiple of the smallest chip, {smallest}")
    for index, level in enumerate(s.levels):
        unit = s.chips.smallest(level.number)
        for name in AMOUNTS:
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



def check_totals(s: TournamentStructure) -> None:
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


def check_like_check(s: TournamentStructure) -> None:
    """What ``pyeval tournament check`` computes, computed when the file is loaded: the
    payouts of the smallest and the largest field and the level clock. A structure that
    loads is a structure that checks (a simulation never fails late on the file)."""
    lo, hi = s.entrants.minimum, s.entrants.maximum
    for size in sorted({lo, hi}):
        try:
            s.payouts(size)
        except ValueError as e:
            raise FieldError(("payouts",), f"the field is {lo}-{hi} entrants, but {e}") from None
    try:
        s.clock()
    except ValueError as e:
        raise FieldError(("levels",), str(e)) from None
    check_held_at_breaks(s)


def check_held_at_breaks(s: TournamentStructure) -> None:
    """With every level counted in hands at each table (``[schedule] hands_per = "table"``),
    the tables meet only at the breaks: a colour-up or the add-on is held at one, so the
    level before it must be followed by a break (the simulator's rule, :func:`pyeval.sim.engine.spec.level_clock`,
    here when the file is loaded)."""
    if any(lv.minutes is not None for lv in s.levels) or not any(lv.hands for lv in s.levels):
        return
    if s.schedule is None or s.schedule.hands_per != "table":
        return
    breaks = sorted({b.after_level for b in s.breaks})
    held: list[tuple[Path, str, int]] = [
        (("chips", "colour_up", i, "before_level"), "a colour-up", cu.before_level)
        for i, cu in enumerate(s.chips.colour_ups)]
    if s.add_on is not None:
        held.append((("add_on", "before_level"), "the add-on", s.add_on.before_level))
    for path, what, before in held:
        if before - 1 not in breaks:
            raise FieldError(path, f"{what} before level {before}: with each table's own level "
                             f"clock (levels in hands, hands_per = \"table\") it is held at a "
                             f"break, where the tables meet; level {before - 1} is followed by "
                             f"none (breaks after levels {breaks or 'none'})")

