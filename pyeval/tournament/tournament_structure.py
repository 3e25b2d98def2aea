"""The tournament structure as one validated object: what it pays, the levels a field
plays, a table's own level clock, the chips in play and what the simulator does not play.

Files are read into it by :func:`pyeval.tournament.structure.parse_structure` and
:func:`~pyeval.tournament.structure.load_structure`.

Example:
    >>> from pyeval.tournament import load_structure
    >>> s = load_structure("club_3000")
    >>> s.level(2).big_blind, s.first_round_tables(30)
    (100, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .chips import ChipSet
from .levels import Break, ClockEntry, Level, clock, levels_for
from .payouts import PayoutRules, prize_pool
from .points import PointsRules
from .seating import BalanceRule
from .sections import AddOn, BuyIn, Entrants, FinalStage, LatePlayers, LateRegistration, Rebuys, ReEntry, Schedule

FORMATS: tuple[str, ...] = ("single_field", "table_winners")


@dataclass(frozen=True)
class TournamentStructure:
    """A validated tournament structure (see ``docs/tournament.md`` for every field).

    Example:
        >>> from pyeval.tournament import load_structure
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
    schedule: Schedule = field(default_factory=Schedule)
    late_players: LatePlayers | None = None
    late_registration: LateRegistration | None = None
    re_entry: ReEntry | None = None
    #: a player may bet or raise only on their first turn of a betting round: once the
    #: betting has passed around to the dealer the others call or fold (the first sheet's
    #: 5 Card Draw; the rules' ``Structure.raises_first_turn_only``)
    raises_first_turn_only: bool = False

    def starting_chips_for(self, rank: int) -> int:
        """Starting stack of the player of tour rank ``rank`` (1 = best; ``starting`` when
        the structure gives no stacks by rank, or for ranks past the list).

        Example:
            >>> from pyeval.tournament import load_structure
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
            >>> from pyeval.tournament import load_structure
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
            >>> from pyeval.tournament import load_structure
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
            >>> from pyeval.tournament import load_structure
            >>> s = load_structure("hands_100k_stud").for_field(8)
            >>> len(s.levels), [b.after_level for b in s.breaks]
            (6, [2, 4])
        """
        levels = self.levels_for(entrants)
        n = len(levels)
        chips = replace(self.chips, colour_ups=tuple(cu for cu in self.chips.colour_ups
                                                     if cu.before_level <= n))
        return replace(self, levels=levels, chips=chips,
                       breaks=tuple(b for b in self.breaks if b.after_level < n))

    def simulator_gaps(self) -> list[str]:
        """In words, each feature this structure uses that the simulator does not play yet.

        The simulator (:mod:`pyeval.sim`) reads ``minutes`` per level, or ``hands`` when
        every level is counted in hands only (each table's own clock, re-aligned at breaks,
        or the hands dealt anywhere with ``hands_per = "tournament"``), blinds, antes (from
        every player, the big blind or the button), bring-ins and limits, levels only for
        larger fields (:meth:`for_field`), breaks, colour-ups, rebuys, add-ons, late and
        absent players (:mod:`pyeval.sim.kernel.arrivals`), late registration and re-entry
        (:mod:`pyeval.sim.kernel.entries`, one field) and the two-stage format; anything else is
        named here.

        Example:
            >>> from pyeval.tournament import load_structure
            >>> load_structure("club_3000").simulator_gaps()
            []
            >>> stud = load_structure("hands_100k_stud")      # the sheet's hands only
            >>> stud.simulator_gaps()
            []
            >>> from dataclasses import replace
            >>> timed = replace(stud, levels=tuple(replace(lv, minutes=15) for lv in stud.levels))
            >>> print(timed.simulator_gaps()[0][:60])
            levels counted in hands at each table (levels 1-8), re-align
        """
        gaps: list[str] = []
        counted = [lv.number for lv in self.levels if lv.hands is not None]
        timed = [lv.number for lv in self.levels if lv.minutes is not None]
        if counted and timed and self.schedule.hands_per == "table":
            # every level in hands only: each table's own clock (pyeval.sim.engine.spec.level_clock)
            how = ("the simulator plays the minutes equivalent"
                   if all(self.levels[i - 1].minutes is not None for i in counted)
                   else "the simulator counts hands at the busiest table")
            aligned = ", re-aligned at breaks" if self.schedule.align_at_breaks and self.breaks else ""
            gaps.append(f"levels counted in hands at each table ({_numbers(counted)}){aligned}: {how}")
        elif counted and any(self.levels[i - 1].minutes is not None for i in counted):
            gaps.append(f"levels counted in hands ({_numbers(counted)}): the simulator plays the "
                        "minutes equivalent")
        if self.late_registration is not None and self.format == "table_winners":
            gaps.append(f"late registration until level {self.late_registration.until_level}"
                        " in the two-stage format")
        if self.re_entry is not None and self.format == "table_winners":
            gaps.append(f"re-entry until level {self.re_entry.until_level} in the two-stage "
                        "format")
        return gaps

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); the last level goes on for ever.

        Example:
            >>> from pyeval.tournament import load_structure
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
            >>> from pyeval.tournament import load_structure
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
