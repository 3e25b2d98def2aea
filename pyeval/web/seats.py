"""The clock page's seat draw and table moves, by the sheets' rules
(:mod:`pyeval.tournament.seating`): players are numbered 1..N, seats drawn from a seed; when
a player busts, the tables break and balance between hands (:func:`~pyeval.tournament.seating.rebalance`),
each table's next hand placed by the button seat the director gives (the blinds follow it,
:func:`pyeval.rules.table.first_hand`).

Example:
    >>> from pyeval.tournament import load_structure
    >>> room = Room(load_structure("club_3000").tables, players=20, seed=1)
    >>> sorted(room.seating.counts().values())
    [6, 7, 7]
    >>> for p in [room.seating.tables[1][s] for s in sorted(room.seating.tables[1])][:5]:
    ...     moves = room.bust(p, buttons={})
    >>> sorted(room.seating.counts().values()), room.busted
    ([7, 8], 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyeval.rules.table import first_hand
from pyeval.tournament.seating import BalanceRule, HandPositions, Move, draw_seats, rebalance


class Room:
    """The seating of one tournament on the night: drawn once, changed by each bust."""

    def __init__(self, rule: BalanceRule, *, players: int, seed: int) -> None:
        if players < 2:
            raise ValueError(f"a seat draw needs at least 2 players, got {players}")
        self.rule = rule
        self.seed = seed
        self.busted = 0
        self.seating = draw_seats(range(1, players + 1), rule.table_size, seed)

    def bust(self, player: int, buttons: Mapping[int, int]) -> list[Move]:
        """Take ``player`` out and make the moves the rules call for (returned in order).
        ``buttons[table]``: the seat of the button for the table's next hand (the lowest
        occupied seat when not given)."""
        try:
            table, seat = self.seating.seat_of(player)
        except KeyError:
            raise ValueError(f"player {player} is not seated; seated: "
                             f"{', '.join(sorted((str(p) for p in self.seating.players()), key=int))}") from None
        if len(self.seating.players()) <= 1:
            raise ValueError("the last player cannot bust")
        self.seating.remove(player)
        self.busted += 1

        def positions_of(t: int, seats: Mapping[int, Any]) -> HandPositions:
            occupied = sorted(seats)
            p = first_hand(occupied, buttons.get(t, occupied[0]))
            return HandPositions(p.button, p.small_blind, p.big_blind)

        if not self.seating.tables[table]:
            del self.seating.tables[table]
        vacated = {table: [seat]} if table in self.seating.tables else {}
        return rebalance(self.seating, self.rule, positions_of, self.seed + self.busted, vacated)

    def state(self) -> dict[str, Any]:
        """Tables as the page shows them: ``{"tables": [{"table", "seats": [[seat, player]]}]}``."""
        tables = self.seating.tables
        return {"tables": [{"table": t, "seats": [[s, tables[t][s]] for s in sorted(tables[t])]}
                           for t in sorted(tables)],
                "players": len(self.seating.players()), "busted": self.busted}


def move_text(m: Move) -> str:
    """A move as the director reads it out.

    Example:
        >>> move_text(Move(7, 3, 2, 1, 5, "break"))
        'player 7: table 3 seat 2 to table 1 seat 5 (table 3 breaks)'
    """
    why = f" (table {m.from_table} breaks)" if m.reason == "break" else " (balancing)"
    return f"player {m.player}: table {m.from_table} seat {m.from_seat} to table {m.to_table} seat {m.to_seat}{why}"
