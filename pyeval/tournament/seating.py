"""Seat draw, table balancing and table breaking, between hands.

Seats are numbered 1..size clockwise; tables 1..n. The rules of the sheets:

- **Draw**: seats are drawn at random (from a seed); tables start with player counts that
  differ by at most one, the players of a table spread evenly around it.
- **Balance**: when the fullest and the shortest table differ by ``balance_at_difference``
  players (2 on the sheets: "two or more", or "more than one", which is the same thing),
  one player moves from the fullest table to the shortest, by one of two named rules
  (``BalanceRule.balance_rule``):

  - ``worst_position`` (pyeval's convention): the player who would be big blind next at the
    fullest table moves into the *worst position* at the shortest (:func:`worst_seat`);
  - ``same_position`` (the first and third sheets): the player in the same position relative
    to the button at the fullest table moves into the eliminated player's seat
    (:func:`same_position_move`); several moves at once are made in the first sheet's order
    (the eliminated player at the lowest populated table, closest to the left of the button,
    first).

  Equally full tables give up a player by ``equal_tables``: the lowest number, or (the first
  sheet) a seeded draw of one card per table, the low card moving (:func:`card_draw`).
  Either way **a moved player is dealt in at once** with the obligations of the new seat
  (a blind if the button model gives it one), as the sheets say and as the simulator does.
- **Break**: when the players left fit on one table fewer, with at most ``merge_seats`` each
  (the table size unless the sheet merges earlier, e.g. two tables of 10 merging at 8
  players), a table breaks (the highest-numbered, or the one with the fewest players) and its
  players draw for the empty seats of the others, which fill as evenly as possible. Given
  the next hand's positions, the draw (the fourth sheet) never gives a seat that is due the
  big blind to a player who has just posted it, and seats nobody between the button and the
  small blind (dealt in without posting) while another seat is free (``break_draw =
  "fair_blinds"``; ``random`` is pyeval's convention).
- **Stop**: a table that is ``stop_when_short_by`` (3) or more players short of the fullest
  table stops dealing until a move reaches it (:func:`stopped_tables`).

Moves happen between hands. The button model of the rules layer says, for each table, where
the button, the small blind and the big blind of the next hand will be
(:class:`HandPositions`, the same fields as its ``Positions``); this module only reads them.

Example:
    >>> s = draw_seats(range(20), table_size=9, seed=1)
    >>> sorted(s.counts().values())
    [6, 7, 7]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from pyeval.cards import format_card

#: the seating names pyeval.tournament re-exports
__all__ = [
    "BREAK_DRAWS",
    "BalanceRule",
    "HandPositions",
    "Move",
    "Seating",
    "balance_move",
    "break_moves",
    "card_draw",
    "draw_seats",
    "rebalance",
    "same_position_move",
    "stopped_tables",
    "tables_to_break",
    "worst_seat",
]

Player = Hashable
BREAK_ORDERS: tuple[str, ...] = ("highest_number", "fewest_players")
#: Who moves when tables balance: the next big blind of the fullest table into the worst
#: position of the shortest (``worst_position``, pyeval's convention), or the player in the
#: same position relative to the button at the fullest table into the eliminated player's
#: seat (``same_position``, the first and third sheets).
BALANCE_RULES: tuple[str, ...] = ("worst_position", "same_position")
#: Which of several equally full tables gives up a player: the lowest-numbered, or the one
#: dealt the lowest card in a (seeded) draw of one card per table (the first sheet).
EQUAL_TABLES: tuple[str, ...] = ("lowest_number", "card_draw")
#: How a breaking table's players draw their new seats: at random among the free seats
#: (``random``, pyeval's convention), or (``fair_blinds``, the fourth sheet: "no back-to-back
#: big blind") so that nobody who has just posted the big blind gets the seat due the next
#: one and nobody is dealt in between the button and the small blind while another seat is
#: free (:func:`break_moves` with positions).
BREAK_DRAWS: tuple[str, ...] = ("random", "fair_blinds")
#: ``[tables] pace``: the pace presets a structure file may name (the simulator's
#: ``pyeval.sim.engine.pace.PACES``; a test ties the two); none named: the simulator's default.
PACES: tuple[str, ...] = ("dealer", "players", "online")


@dataclass(frozen=True)
class HandPositions:
    """Button, small blind and big blind seats of a table's next hand.

    ``small_blind`` is ``None`` when no small blind is posted (dead small blind). Any object
    with these three attributes works, such as the rules model's ``Positions``.

    Example:
        >>> HandPositions(button=3, small_blind=4, big_blind=6).big_blind
        6
    """

    button: int
    small_blind: int | None
    big_blind: int


@dataclass(frozen=True)
class BalanceRule:
    """How tables balance, break and stop.

    Example:
        >>> BalanceRule(table_size=10, merge_seats=8).seats_when_merging
        8
    """

    table_size: int
    balance_at_difference: int = 2
    stop_when_short_by: int = 3
    merge_seats: int | None = None
    break_order: str = "highest_number"
    balance_rule: str = "worst_position"
    equal_tables: str = "lowest_number"
    break_draw: str = "random"
    pace: str | None = None

    @property
    def seats_when_merging(self) -> int:
        """Players per table allowed when deciding whether a table can break."""
        return self.table_size if self.merge_seats is None else self.merge_seats

    def __post_init__(self) -> None:
        if self.table_size < 2:
            raise ValueError(f"a table seats at least 2 players, not {self.table_size}")
        if self.balance_at_difference < 2:
            raise ValueError("tables can only balance when they differ by 2 or more players")
        if self.stop_when_short_by < self.balance_at_difference:
            raise ValueError("stop_when_short_by must be at least balance_at_difference")
        if not 2 <= self.seats_when_merging <= self.table_size:
            raise ValueError(f"merge_seats must be between 2 and the table size ({self.table_size})")
        if self.break_order not in BREAK_ORDERS:
            raise ValueError(f"break_order must be one of {', '.join(BREAK_ORDERS)}")
        if self.balance_rule not in BALANCE_RULES:
            raise ValueError(f"balance_rule must be one of {', '.join(BALANCE_RULES)}")
        if self.equal_tables not in EQUAL_TABLES:
            raise ValueError(f"equal_tables must be one of {', '.join(EQUAL_TABLES)}")
        if self.break_draw not in BREAK_DRAWS:
            raise ValueError(f"break_draw must be one of {', '.join(BREAK_DRAWS)}")
        if self.pace is not None and self.pace not in PACES:
            raise ValueError(f"pace must be one of {', '.join(PACES)}")


@dataclass(frozen=True)
class Move:
    """One player changing seats between hands.

    ``reason`` is ``"balance"`` or ``"break"``. The player is dealt in at the next hand with
    the obligations of the new seat. ``free_hand`` is set when the seat lies between the
    next hand's button and small blind (or is a dead button seat): the player is dealt that
    hand without posting, which the rules avoid while another seat is free.

    Example:
        >>> Move("ann", 1, 5, 2, 7, "balance")
        Move(player='ann', from_table=1, from_seat=5, to_table=2, to_seat=7, reason='balance', free_hand=False)
    """

    player: Player
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    free_hand: bool = False

    @property
    def waits_for_button(self) -> bool:
        """Always ``False``: a moved player is dealt in at once (the old name of a flag that
        said otherwise; see ``free_hand``)."""
        return False


class Seating:
    """Who sits where: ``tables[table][seat] = player``.

    Example:
        >>> s = Seating(9, {1: {1: "a", 5: "b"}, 2: {3: "c"}})
        >>> s.counts(), s.seat_of("c"), s.empty_seats(2)[:3]
        ({1: 2, 2: 1}, (2, 3), [1, 2, 4])
    """

    def __init__(self, table_size: int, tables: Mapping[int, Mapping[int, Player]]) -> None:
        self.table_size = table_size
        self.tables: dict[int, dict[int, Player]] = {t: dict(s) for t, s in tables.items()}
        seen: set[Player] = set()
        for t, seats in self.tables.items():
            for seat, player in seats.items():
                if not 1 <= seat <= table_size:
                    raise ValueError(f"table {t} seat {seat} is outside seats 1..{table_size}")
                if player in seen:
                    raise ValueError(f"player {player!r} is seated twice")
                seen.add(player)

    def copy(self) -> Seating:
        """An independent copy."""
        return Seating(self.table_size, self.tables)

    def counts(self) -> dict[int, int]:
        """Players per table."""
        return {t: len(s) for t, s in self.tables.items()}

    def players(self) -> list[Player]:
        """Every seated player, table by table, seat by seat."""
        return [self.tables[t][s] for t in sorted(self.tables) for s in sorted(self.tables[t])]

    def seat_of(self, player: Player) -> tuple[int, int]:
        """``(table, seat)`` of a player."""
        for t, seats in self.tables.items():
            for seat, p in seats.items():
                if p == player:
                    return (t, seat)
        raise KeyError(f"player {player!r} is not seated")

    def empty_seats(self, table: int) -> list[int]:
        """Free seats of a table, in seat order."""
        taken = self.tables[table]
        return [s for s in range(1, self.table_size + 1) if s not in taken]

    def remove(self, player: Player) -> None:
        """Take an eliminated player out of their seat."""
        t, seat = self.seat_of(player)
        del self.tables[t][seat]

    def apply(self, moves: Iterable[Move]) -> None:
        """Carry out moves; a table left empty by a break disappears."""
        for m in moves:
            if self.tables[m.from_table].get(m.from_seat) != m.player:
                raise ValueError(f"{m.player!r} is not in table {m.from_table} seat {m.from_seat}")
            if m.to_seat in self.tables[m.to_table]:
                raise ValueError(f"table {m.to_table} seat {m.to_seat} is taken")
            del self.tables[m.from_table][m.from_seat]
            self.tables[m.to_table][m.to_seat] = m.player
            if m.reason == "break" and not self.tables[m.from_table]:
                del self.tables[m.from_table]


def spread_seats(players: int, table_size: int) -> list[int]:
    """Seats for ``players`` spread evenly around a table.

    Example:
        >>> spread_seats(3, 9), spread_seats(9, 9)
        ([1, 4, 7], [1, 2, 3, 4, 5, 6, 7, 8, 9])
    """
    return [i * table_size // players + 1 for i in range(players)]


def draw_seats(
    players: Iterable[Player], table_size: int, seed: int, tables: int | None = None
) -> Seating:
    """Random seat draw: as few tables as needed (or ``tables``), counts differing by <= 1.

    Example:
        >>> draw_seats("abcdef", 9, seed=3).tables
        {1: {1: 'a', 4: 'b', 5: 'c', 8: 'd', 7: 'e', 2: 'f'}}
    """
    field = list(players)
    n = len(field)
    if n < 2:
        raise ValueError("a tournament needs at least 2 players")
    need = -(-n // table_size)
    count = need if tables is None else tables
    if not need <= count <= n // 2:
        raise ValueError(f"{n} players need {need} to {n // 2} tables of {table_size}, not {count}")
    base, extra = divmod(n, count)
    cards = [
        (t, seat)
        for t in range(1, count + 1)
        for seat in spread_seats(base + (1 if t <= extra else 0), table_size)
    ]
    random.Random(seed).shuffle(cards)
    out: dict[int, dict[int, Player]] = {t: {} for t in range(1, count + 1)}
    for player, (t, seat) in zip(field, cards):
        out[t][seat] = player
    return Seating(table_size, out)


def _between(a: int, b: int, size: int) -> list[int]:
    """Seats strictly after ``a`` and strictly before ``b``, clockwise."""
    out = []
    s = a % size + 1
    while s != b:
        out.append(s)
        s = s % size + 1
    return out


def worst_seat(
    occupied: Collection[int], table_size: int, positions: HandPositions
) -> tuple[int, bool]:
    """The free seat a moved player takes under ``worst_position``: ``(seat, free_hand)``.

    The player is dealt in at the next hand with the obligations of the seat (the sheets'
    rule, and the simulator's). In order of preference, with the next hand's button B,
    small blind S and big blind G:

    1. a free seat between S and G (the first after S): the newcomer is due the big blind
       next hand (the big blind moves to the first player after the last one);
    2. a free seat between G and B, nearest after G: the big blind comes soonest;
    3. only if neither exists, the first free seat after the button, with ``free_hand``
       set: a seat between the button and the small blind (or a dead button or small blind
       seat) is dealt that hand without posting.

    Example (9 seats, players in 1, 2, 4, 6, 8; button 1, small blind 2, big blind 4):
        >>> worst_seat({1, 2, 4, 6, 8}, 9, HandPositions(1, 2, 4))
        (3, False)
        >>> worst_seat({1, 2, 3, 4, 6, 8}, 9, HandPositions(1, 2, 4))
        (5, False)
    """
    free = [s for s in range(1, table_size + 1) if s not in occupied]
    if not free:
        raise ValueError("the table has no free seat")
    b, sb, g = positions.button, positions.small_blind, positions.big_blind
    special = {b, g} | ({sb} if sb is not None else set())
    if sb is not None and sb != b:
        for s in _between(sb, g, table_size):
            if s not in occupied and s not in special:
                return (s, False)
    elif sb is not None:  # heads-up: the button posts the small blind
        for s in _between(b, g, table_size):
            if s not in occupied and s not in special:
                return (s, False)
    for s in _between(g, b, table_size):
        if s not in occupied and s not in special:
            return (s, False)
    for s in _between(b, b, table_size) + [b]:
        if s not in occupied:
            return (s, True)
    raise AssertionError("unreachable: a free seat exists")




def card_draw(tables: Iterable[int], seed: int) -> tuple[int, dict[int, str]]:
    """One card dealt to each table from a shuffled deck: ``(low card's table, cards)``.

    The first sheet settles "equally populated" tables this way: the low card table moves a
    player (the ace of spades is high). More than 52 tables draw from as many decks as they
    need, shuffled together (of equal low cards the first table in order's).

    Example:
        >>> card_draw([1, 2, 3], seed=4)
        (2, {1: 'Jd', 2: '7h', 3: 'Js'})
    """
    order = sorted(tables)
    if not order:
        raise ValueError("a card draw needs at least one table")
    decks = -(-len(order) // 52)
    deck = [c % 52 for c in range(52 * decks)]
    random.Random(seed).shuffle(deck)
    dealt = dict(zip(order, deck))
    low = min(order, key=lambda t: dealt[t])     # the first of equal low cards (min is stable)
    # the card numbers' order is the draw's: rank 2 lowest to ace highest, then suit clubs <
    # diamonds < hearts < spades (the first sheet: "ace of spades is high")
    return low, {t: format_card(c) for t, c in dealt.items()}


def _offset(button: int, seat: int, size: int) -> int:
    """Seats clockwise from the button to ``seat`` (1 = first left of the button; the button
    seat itself counts as ``size``, last)."""
    return (seat - button) % size or size


def _source_table(counts: Mapping[int, int], rule: BalanceRule, seed: int) -> int:
    most = max(counts.values())
    tied = [t for t, c in counts.items() if c == most]
    if len(tied) > 1 and rule.equal_tables == "card_draw":
        return card_draw(tied, seed)[0]
    return min(tied)


def _target(
    seating: Seating, positions: Mapping[int, HandPositions], rule: BalanceRule,
    vacated: Mapping[int, Sequence[int]],
) -> tuple[int, int | None]:
    """The shortest table that receives the next player and, under ``same_position``, the
    eliminated player's seat it fills: the first sheet's order, the lowest populated table
    first, then the vacated seat closest to the left of the button (tables without one last,
    then the lowest number)."""
    counts = seating.counts()
    least = min(counts.values())
    tied = sorted(t for t, c in counts.items() if c == least)
    if rule.balance_rule != "same_position":
        return tied[0], None
    best: tuple[int, int, int | None] | None = None
    for t in tied:
        free = [v for v in vacated.get(t, ()) if v not in seating.tables[t]]
        if not free:
            key: tuple[int, int, int | None] = (rule.table_size + 1, t, None)
        else:
            b = positions[t].button
            seat = min(free, key=lambda v: _offset(b, v, rule.table_size))
            key = (_offset(b, seat, rule.table_size), t, seat)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    return best[1], best[2]


def same_position_move(
    seating: Seating, source: int, target: int, seat: int, positions: Mapping[int, HandPositions]
) -> Move:
    """The sheets' balancing move: the player of ``source`` in the same position relative to
    the button as ``seat`` at ``target`` moves into ``seat``.

    The position is counted in seats clockwise from the next hand's button; when that seat
    of ``source`` is empty, the first player after it moves. The player is dealt in at once
    with the seat's obligations.

    Example (seat 4 of table 2 was emptied; both buttons on seat 1: seat 4 of table 1 moves):
        >>> s = Seating(9, {1: {i: f"a{i}" for i in range(1, 10)},
        ...                 2: {i: f"b{i}" for i in (1, 2, 3, 5, 6, 7, 9)}})
        >>> pos = {1: HandPositions(1, 2, 3), 2: HandPositions(1, 2, 3)}
        >>> same_position_move(s, 1, 2, 4, pos)
        Move(player='a4', from_table=1, from_seat=4, to_table=2, to_seat=4, reason='balance', free_hand=False)
    """
    size = seating.table_size
    if seat in seating.tables[target]:
        raise ValueError(f"table {target} seat {seat} is taken")
    d = _offset(positions[target].button, seat, size)
    want = (positions[source].button - 1 + d) % size + 1
    seats = seating.tables[source]
    if not seats:
        raise ValueError(f"table {source} has no players")
    while want not in seats:
        want = want % size + 1
    tp = positions[target]
    free = seat == tp.button or (tp.small_blind is not None and tp.small_blind != tp.button
                                 and seat in _between(tp.button, tp.small_blind, size))
    return Move(seats[want], source, want, target, seat, "balance", free)


def balance_move(
    seating: Seating,
    positions: Mapping[int, HandPositions],
    rule: BalanceRule,
    vacated: Mapping[int, Sequence[int]] | None = None,
    seed: int = 0,
) -> Move | None:
    """The next balancing move, or ``None`` when the tables are balanced.

    ``positions[t]`` are the next hand's positions at table ``t`` (only the fullest and the
    shortest tables are read). ``vacated[t]``: seats of ``t`` emptied by eliminations (the
    seats ``same_position`` fills; without one it falls back to the worst position).
    ``seed``: the card draw between equally full tables (``equal_tables = "card_draw"``).

    Example (table 1 has 9 players and its next big blind in seat 6; table 2 has 7):
        >>> s = Seating(9, {1: {i: f"a{i}" for i in range(1, 10)},
        ...                 2: {i: f"b{i}" for i in (1, 2, 3, 5, 6, 7, 9)}})
        >>> pos = {1: HandPositions(4, 5, 6), 2: HandPositions(1, 2, 3)}
        >>> balance_move(s, pos, BalanceRule(9))
        Move(player='a6', from_table=1, from_seat=6, to_table=2, to_seat=4, reason='balance', free_hand=False)
        >>> # the sheets: seat 8 of table 2 is 7 seats after its button (1); 7 after table 1's
        >>> # button (4) is seat 2
        >>> balance_move(s, pos, BalanceRule(9, balance_rule="same_position"), vacated={2: [8]})
        Move(player='a2', from_table=1, from_seat=2, to_table=2, to_seat=8, reason='balance', free_hand=False)
    """
    counts = seating.counts()
    if len(counts) < 2:
        return None
    if max(counts.values()) - min(counts.values()) < rule.balance_at_difference:
        return None
    source = _source_table(counts, rule, seed)
    target, seat = _target(seating, positions, rule, vacated or {})
    if seat is not None:
        return same_position_move(seating, source, target, seat, positions)
    g = positions[source].big_blind
    player = seating.tables[source].get(g)
    if player is None:
        raise ValueError(
            f"table {source}: the next big blind is seat {g}, which is empty; give the "
            "positions of the next hand with the players now seated"
        )
    to_seat, free = worst_seat(seating.tables[target].keys(), seating.table_size, positions[target])
    return Move(player, source, g, target, to_seat, "balance", free)


def tables_to_break(seating: Seating, rule: BalanceRule) -> list[int]:
    """Tables that break now, in order: while the players fit on one table fewer.

    Example (two tables of 10 merging at 8 players):
        >>> s = Seating(10, {1: {1: "a", 2: "b", 3: "c", 4: "d"}, 2: {1: "e", 2: "f", 3: "g", 4: "h"}})
        >>> tables_to_break(s, BalanceRule(10, merge_seats=8))
        [2]
    """
    counts = seating.counts()
    n = sum(counts.values())
    out: list[int] = []
    left = dict(counts)
    while len(left) > 1 and n <= (len(left) - 1) * rule.seats_when_merging:
        if rule.break_order == "highest_number":
            t = max(left)
        else:
            t = min(left, key=lambda k: (left[k], -k))
        out.append(t)
        del left[t]
    return out


def _break_seat_kinds(free: list[int], pos: HandPositions, size: int) -> tuple[set[int], set[int]]:
    """Of a table's free seats: those dealt the next hand without posting (between the
    button and the small blind, or the button seat) and those due the big blind (between
    the last big blind and the next)."""
    b, sb, g = pos.button, pos.small_blind, pos.big_blind
    if sb is None:             # dead small blind: the last big blind is unknown; avoid all
        gap = set(_between(b, g, size)) | {b}
        return gap & set(free), gap & set(free)
    start = b if sb == b else sb
    no_post = ({b} | (set(_between(b, sb, size)) if sb != b else set())) & set(free)
    return no_post, set(_between(start, g, size)) & set(free)


def break_moves(
    seating: Seating,
    table: int,
    seed: int,
    positions: Mapping[int, HandPositions] | None = None,
    last_big_blinds: Collection[Player] = (),
) -> list[Move]:
    """Moves that break ``table``: its players draw for seats at the other tables.

    Tables are filled as evenly as possible (each new player to the table with the fewest,
    lowest number on a tie); which seats and who gets which are drawn at random.

    Given ``positions`` (the next hand's, at the receiving tables), the draw follows the
    fourth sheet: no seat between the button and the small blind (dealt in without posting)
    while another is free, and a player in ``last_big_blinds`` (who posted the big blind in
    the last hand they were dealt) never gets the seat due the next big blind, so nobody posts it twice in a row.

    Example:
        >>> s = Seating(9, {1: {1: "a", 2: "b"}, 2: {1: "c", 2: "d"}, 3: {5: "e"}})
        >>> sorted((m.player, m.to_table) for m in break_moves(s, 3, seed=0))
        [('e', 1)]
    """
    rng = random.Random(seed)
    movers = [seating.tables[table][s] for s in sorted(seating.tables[table])]
    others = {t: len(s) for t, s in seating.tables.items() if t != table}
    if not others:
        raise ValueError("the last table cannot break")
    room = sum(seating.table_size - c for c in others.values())
    if room < len(movers):
        raise ValueError(f"table {table} cannot break: {len(movers)} players, {room} free seats")
    wanted = {t: 0 for t in others}
    for _ in movers:
        t = min(others, key=lambda k: (others[k] + wanted[k], k))
        wanted[t] += 1
    origin = {p: s for s, p in seating.tables[table].items()}
    if positions is None:
        cards = [
            (t, s)
            for t in sorted(wanted)
            for s in sorted(rng.sample(seating.empty_seats(t), wanted[t]))
        ]
        rng.shuffle(cards)
        return [Move(p, table, origin[p], t, s, "break") for p, (t, s) in zip(movers, cards)]
    size = seating.table_size
    cards, no_post, bb_due = [], set(), set()
    for t in sorted(wanted):
        if not wanted[t]:
            continue
        free = seating.empty_seats(t)
        bad, due = _break_seat_kinds(free, positions[t], size)
        good = [x for x in free if x not in bad]
        chosen = rng.sample(good, min(wanted[t], len(good)))
        chosen += rng.sample(sorted(bad), wanted[t] - len(chosen))
        no_post |= {(t, x) for x in chosen if x in bad}
        # the first chosen seat after the last big blind becomes the next big blind (with a
        # dead small blind the last big blind's seat is not known: any chosen seat may be)
        sb = positions[t].small_blind
        for x in _between(positions[t].button if sb is None else sb, positions[t].big_blind, size):
            if x in chosen and x in due:
                bb_due.add((t, x))
                if sb is not None:
                    break
        cards += [(t, x) for x in sorted(chosen)]
    rng.shuffle(cards)
    got = dict(zip(movers, cards))
    paid = [p for p in movers if p in last_big_blinds and got[p] in bb_due]
    for p in paid:
        swap = next((q for q in movers if q not in last_big_blinds and got[q] not in bb_due), None)
        if swap is not None:
            got[p], got[swap] = got[swap], got[p]
    return [Move(p, table, origin[p], got[p][0], got[p][1], "break", got[p] in no_post)
            for p in movers]


class _Lazy(Mapping[int, HandPositions]):
    """The next hand's positions of each table, asked of ``positions_of`` at each read with
    the players seated then (after a move, as the simulator reads them)."""

    def __init__(self, seating: Seating,
                 positions_of: Callable[[int, Mapping[int, Player]], HandPositions]) -> None:
        self.seating, self.positions_of = seating, positions_of

    def __getitem__(self, t: int) -> HandPositions:
        return self.positions_of(t, self.seating.tables[t])

    def __iter__(self) -> Iterator[int]:
        return iter(self.seating.tables)

    def __len__(self) -> int:
        return len(self.seating.tables)


def stopped_tables(seating: Seating, rule: BalanceRule) -> list[int]:
    """Tables that must stop dealing until balanced: ``stop_when_short_by`` or more short.

    Example:
        >>> s = Seating(9, {1: {i: f"a{i}" for i in range(1, 10)}, 2: {i: f"b{i}" for i in range(1, 7)}})
        >>> stopped_tables(s, BalanceRule(9))   # 9 against 6: table 2 is 3 short
        [2]
    """
    counts = seating.counts()
    if not counts:
        return []
    most = max(counts.values())
    return sorted(t for t, c in counts.items() if most - c >= rule.stop_when_short_by)


def rebalance(
    seating: Seating,
    rule: BalanceRule,
    positions_of: Callable[[int, Mapping[int, Player]], HandPositions],
    seed: int,
    vacated: Mapping[int, Sequence[int]] | None = None,
    last_big_blinds: Collection[Player] | None = None,
) -> list[Move]:
    """Everything that happens between two hands: break tables, then balance.

    ``positions_of(table, seats)`` gives the next hand's positions for a table with the
    players ``seats`` (seat -> player) now seated; wrap the rules model's button there. The
    moves are applied to ``seating`` and returned in the order they were made.
    ``vacated[t]``: the seats emptied by this hand's eliminations (``same_position`` fills
    them, in the first sheet's order). ``last_big_blinds``: the players who posted the big
    blind in the last hand they were dealt; given, or with ``rule.break_draw = "fair_blinds"``,
    a breaking table's players draw their seats by the fourth sheet (see :func:`break_moves`).

    Example (20 players on 3 tables of 9; table 1 loses 5 and table 3, the highest, breaks):
        >>> s = draw_seats(range(20), 9, seed=1)
        >>> for p in list(s.tables[1].values())[:5]: s.remove(p)
        >>> def nxt(t, seats):
        ...     occ = sorted(seats)
        ...     return HandPositions(occ[0], occ[1], occ[2 % len(occ)])
        >>> moves = rebalance(s, BalanceRule(9), nxt, seed=5)
        >>> sorted(s.counts().values())
        [7, 8]
    """
    rng = random.Random(seed)
    moves: list[Move] = []
    if last_big_blinds is None and rule.break_draw == "fair_blinds":
        last_big_blinds = ()
    for table in tables_to_break(seating, rule):
        if last_big_blinds is None:
            ms = break_moves(seating, table, rng.randrange(2**63))
        else:
            ms = break_moves(seating, table, rng.randrange(2**63), _Lazy(seating, positions_of),
                             last_big_blinds)
        seating.apply(ms)
        seating.tables.pop(table, None)
        moves.extend(ms)
    while True:
        counts = seating.counts()
        if len(counts) < 2 or max(counts.values()) - min(counts.values()) < rule.balance_at_difference:
            return moves
        move = balance_move(seating, _Lazy(seating, positions_of), rule, vacated,
                            rng.randrange(2**63))
        assert move is not None
        seating.apply([move])
        moves.append(move)
