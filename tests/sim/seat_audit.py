"""Seat moves read back from the simulator's recorded hands: who moved, by a break or a
balance, and what their first hand at the new table asked of them.

Used by tests/sim/test_balancing_rules.py and, as a script, for the before / after counts in
bench/RESULTS.md::

    NUMBA_CACHE_DIR=... python tests/sim/seat_audit.py [n_per_structure] [--convention]

(``--convention``: every structure by pyeval's seating convention, which plays exactly as
the simulator did before the sheets' rules.)

Every hand of every tournament is recorded (stride 1); a player's *previous hand* is the
last recorded hand they were seated in. A player whose table changed arrived by a
**break** when the old table never deals again, else by a **balance** move. Counted per
arrival at a button game's table:

- ``bb_twice``: posted the big blind in the previous hand and posts it in the first hand at
  the new table (the fourth sheet: no back-to-back big blind);
- ``free_hand``: dealt the first hand in a seat that posts nothing and skips the blinds for
  an orbit: the button seat, a seat between the button and the small blind, or with a dead
  small blind a seat between the button and the big blind (the seats
  :func:`pyeval.tournament.seating.break_moves` avoids while another is free);
  ``free_avoidable``: ... while a seat that posts was still free at that hand;
- ``single_bust_same_player``: of the balance moves into a table that lost exactly one
  player in its last hand (``single_bust_moves``), those where the mover sat in the same
  position relative to the button (of the next hands) at the old table as the eliminated
  player's seat at the new one; ``single_bust_same_position``: ... and took that seat (the
  first and third sheets' move);
- ``multi_moves``: hands after which a table that lost two or more players received two or
  more balance moves; ``multi_moves_in_order``: ... where the eliminated players' seats
  filled are those closest to the left of the button (the first sheet's order).
"""
from __future__ import annotations

import dataclasses
import sys
import warnings
from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np

from pyeval.sim.kernel.layout import (
    REC_BB_SEAT,
    REC_BUTTON,
    REC_HAND,
    REC_HOLE,
    REC_PLAYER,
    REC_SB_SEAT,
    REC_SEATS,
    REC_TABLE,
    REC_TOURN,
)

#: The examples with more than one table (the two-stage event never moves a player).
STRUCTURES = ("club_3000", "club_final_4000_5000", "addon_3500", "limit_then_nolimit_2500",
              "hands_100k_holdem", "trust_a_mate_main_event")


def between(a: int, b: int, size: int) -> list[int]:
    """Seats strictly after ``a`` and before ``b`` clockwise (0-based seats).

    >>> between(7, 1, 9)
    [8, 0]
    """
    out, s = [], (a + 1) % size
    while s != b:
        out.append(s)
        s = (s + 1) % size
    return out


def free_seats_of(b: int, sb: int, g: int, size: int) -> set[int]:
    """Seats dealt a hand without posting that skip the blinds for an orbit.

    >>> sorted(free_seats_of(2, 5, 6, 9)), sorted(free_seats_of(2, -1, 6, 9))
    ([2, 3, 4], [2, 3, 4, 5])
    """
    if sb < 0:
        return {b, *between(b, g, size)}
    return {b} | (set(between(b, sb, size)) if sb != b else set())


def audit(records: np.ndarray) -> Counter[str]:
    """The counts of the module docstring over recorded hands (every hand recorded)."""
    out: Counter[str] = Counter()
    rows = records[records[:, REC_TOURN] >= 0]
    for tourn in np.unique(rows[:, REC_TOURN]):
        _audit_one(rows[rows[:, REC_TOURN] == tourn], out)
    return out


def _audit_one(rows: np.ndarray, out: Counter[str]) -> None:
    rows = rows[np.argsort(rows[:, REC_HAND], kind="stable")]
    last_hand_of_table: dict[int, int] = {}
    for i, row in enumerate(rows):
        last_hand_of_table[int(row[REC_TABLE])] = i
    prev: dict[int, tuple[int, int, bool]] = {}      # player -> (table, row index, posted BB)
    last_row_of_table: dict[int, int] = {}
    for i, row in enumerate(rows):
        t, size = int(row[REC_TABLE]), int(row[REC_SEATS])
        b, sb, g = int(row[REC_BUTTON]), int(row[REC_SB_SEAT]), int(row[REC_BB_SEAT])
        button = g >= 0          # stud and draw hands record no blind seats
        seats = {int(row[REC_PLAYER + s]): s for s in range(size) if row[REC_PLAYER + s] >= 0}
        arrivals = []
        for p, s in seats.items():
            if p in prev and prev[p][0] != t:
                old_t, old_i, posted = prev[p]
                kind = "break" if last_hand_of_table[old_t] == old_i else "balance"
                arrivals.append((p, s, kind, old_t, old_i))
                out[kind] += 1
                out[kind + "_dealt"] += bool(row[REC_HOLE + s * 7] >= 0)
                if button:
                    out[kind + "_bb_twice"] += posted and s == g
                    gap = free_seats_of(b, sb, g, size)
                    out[kind + "_free_hand"] += s in gap
                    # ... while a seat that posts stayed free
                    out[kind + "_free_avoidable"] += s in gap and any(
                        x not in gap and row[REC_PLAYER + x] < 0 for x in range(size))
        if button and t in last_row_of_table:
            _same_position(rows, last_row_of_table[t], row, arrivals, out)
        for p, s in seats.items():
            prev[p] = (t, i, button and s == g)
        last_row_of_table[t] = i


def _same_position(rows: np.ndarray, before_i: int, row: np.ndarray,
                   arrivals: Iterable[tuple[int, int, str, int, int]], out: Counter[str]) -> None:
    """Balance moves into a table that lost exactly one player in its previous hand."""
    size = int(row[REC_SEATS])
    before = rows[before_i]
    had = {int(before[REC_PLAYER + s]): s for s in range(size) if before[REC_PLAYER + s] >= 0}
    now = {int(row[REC_PLAYER + s]) for s in range(size) if row[REC_PLAYER + s] >= 0}
    moved = [a for a in arrivals if a[2] == "balance"]
    gone = [s for p, s in had.items() if p not in now]
    if len(moved) >= 2 and len(gone) >= 2 and not any(a[2] == "break" for a in arrivals):
        # several moves at once: the eliminated players' seats closest to the left of the
        # button first (the first sheet's order), so the seats filled are the nearest ones
        b = int(row[REC_BUTTON])
        filled = {a[1] for a in moved} & set(gone)
        nearest = sorted(gone, key=lambda v: (v - b) % size or size)[:len(filled)]
        out["multi_moves"] += 1
        out["multi_moves_in_order"] += filled == set(nearest)
    if len(moved) != 1 or len(gone) != 1 or len(now) != len(had):
        return
    p, seat, _kind, old_t, old_i = moved[0]
    out["single_bust_moves"] += 1
    (vacant,) = gone
    # the old table's next hand after the move: its button (the mover still counted)
    nxt = next((r for r in rows[old_i + 1:] if int(r[REC_TABLE]) == old_t), None)
    if nxt is None:
        return
    old_seats = {int(rows[old_i][REC_PLAYER + s]): s for s in range(size)
                 if rows[old_i][REC_PLAYER + s] >= 0}
    occupied = {s for s in range(size) if nxt[REC_PLAYER + s] >= 0} | {old_seats[p]}
    d = (vacant - int(row[REC_BUTTON])) % size or size
    want = (int(nxt[REC_BUTTON]) + d) % size
    while want not in occupied:
        want = (want + 1) % size
    out["single_bust_same_player"] += want == old_seats[p]
    out["single_bust_same_position"] += want == old_seats[p] and seat == vacant


def convention(structure: Any) -> Any:
    """The structure with pyeval's seating convention instead of its own seating rules
    (the simulator's results for it are bit-identical to those before the sheets' rules)."""
    tables = dataclasses.replace(structure.tables, balance_rule="worst_position",
                                 equal_tables="lowest_number", break_draw="random")
    return dataclasses.replace(structure, tables=tables)


def run(names: Iterable[str] = STRUCTURES, n: int = 100, batch: int = 10,
        seed: int = 2026, as_convention: bool = False) -> dict[str, Counter[str]]:
    """Audit ``n`` tournaments of each structure (every hand recorded, ``batch`` at a time),
    by its own seating rules or (``as_convention``) by pyeval's convention."""
    from pyeval.sim import simulate
    from pyeval.tournament.structure import load_structure

    out: dict[str, Counter[str]] = {}
    for name in names:
        s = load_structure(name)
        if as_convention:
            s = convention(s)
        c: Counter[str] = Counter()
        for k in range(0, n, batch):
            m = min(batch, n - k)
            probe = simulate(s, n=m, seed=seed + k, threads=1)
            r = simulate(s, n=m, seed=seed + k, threads=1, debug=True, record_tournaments=m,
                         record_hands=int(probe.hands.max()) + 1)
            assert (r.hands == probe.hands).all()
            c.update(audit(r.records))
            c["tournaments"] += m
        out[name] = c
    return out


KEYS = ("tournaments", "break", "break_dealt", "break_bb_twice", "break_free_hand",
        "break_free_avoidable", "balance", "balance_dealt", "balance_bb_twice", "balance_free_hand",
        "single_bust_moves", "single_bust_same_player", "single_bust_same_position", "multi_moves",
        "multi_moves_in_order")


def main(argv: list[str]) -> None:
    as_convention = "--convention" in argv
    argv = [a for a in argv if a != "--convention"]
    n = int(argv[0]) if argv else 100
    res = run(n=n, as_convention=as_convention)
    print("| structure | " + " | ".join(KEYS) + " |")
    print("|---" * (len(KEYS) + 1) + "|")
    total: Counter[str] = Counter()
    for name, c in res.items():
        total.update(c)
        print(f"| {name} | " + " | ".join(str(c[k]) for k in KEYS) + " |")
    print("| **all** | " + " | ".join(str(total[k]) for k in KEYS) + " |")


if __name__ == "__main__":
    warnings.simplefilter("ignore")    # the examples' simulator-gap notes
    main(sys.argv[1:])
