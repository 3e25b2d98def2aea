"""Behaviour statistics of any button-game hands: the simulator's and real ones, one code.

Hands come in as :class:`Hand`, a small neutral record (stacks, forced bets, actions),
made by an adapter: :func:`from_record` for the simulator's recorded hands
(:mod:`pyeval.sim.analysis.replay`) and :mod:`pyeval.sim.players.stats_phh` for PHH files. :func:`measure`
plays the actions through a minimal chip ledger and counts, by group (stack depth in big
blinds or in M, or level):

- per player and hand: VPIP (chips put in voluntarily before the flop), PFR (a raise before
  the flop), limp (first voluntary action a call with no raise yet), limp-call (a limper
  calling a raise behind it, per limper facing one), 3-bet (a raise facing exactly one raise
  before the flop, per such decision), flops seen, called pre-flop all-in by the all-in
  player's own depth (``allin_own``: the player all-in before the flop and still
  facing another player at its end, per player-hand); continuation bet (the pre-flop raiser
  betting the flop before anyone else, per chance) and fold to it (per player facing it);
- per hand: limped pots, flops (with players per flop), showdowns, called pre-flop all-ins
  (someone all-in before the flop and still facing another player at its end), the pot in
  big blinds (mean and median; the uncalled part of the last bet is not pot), hands per
  elimination (when stacks after the hand are known), the open raise in big blinds (the
  first raise before the flop, when the raiser keeps chips behind; mean and median);
- per player and hand, for the depth of play: stacked off (the whole stack in the pot and
  still in at a showdown) and busted (no chips after the hand, per player-hand whose
  stacks after are known); group them ``by="depth"`` (20-40, 40-70, 70-130, 130-200, 200+
  big blinds of effective stack).

Per player (:func:`by_player`, for hands that name their players: PHH ``players``, the
simulator's entrants as ``"entrant N"``): the same per-player counts, each player's own.

Depth of a player: the effective stack (the smaller of theirs and the biggest other) in big
blinds, or as M (stack over the forced bets of the hand: blinds, straddles, antes). Depth of
a hand (for the per-hand counts): the median effective stack of the players dealt in.

Example:
    >>> h = Hand(stacks=(1000, 1000, 1000), blinds=(5, 10, 0), antes=(0, 0, 0),
    ...          big_blind=10, actions=((0, 2, "call", 0), (0, 0, "call", 0),
    ...                                 (0, 1, "call", 0), (1, 0, "call", 0),
    ...                                 (1, 1, "raise", 20), (1, 2, "fold", 0),
    ...                                 (1, 0, "fold", 0)))
    >>> s = measure([h])["all"]
    >>> s.count["vpip"], s.count["limp"], s.count["limped_pots"], s.pot_median()
    (2, 2, 1, 3.0)
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from statistics import median
from typing import Any

#: group edges: depth in big blinds and in M (a group is [edge, next edge))
BB_EDGES = (0, 5, 10, 15, 20, 30, 40, 70, 100, 150)
M_EDGES = (0, 1, 5, 10, 20, 40, 80)
#: the ``"depth"`` grouping (big blinds): the depths of the stack-off and bust rates
DEPTH_EDGES = (0, 20, 40, 70, 130, 200)
GROUPINGS = ("all", "bb", "m", "level", "depth")

#: each rate: (numerator, denominator) in :attr:`Stats.count`
RATES = {
    "vpip": ("vpip", "player_hands"),
    "pfr": ("pfr", "player_hands"),
    "limp": ("limp", "player_hands"),
    "limp_call": ("limp_call", "limp_raised"),
    "three_bet": ("three_bet", "three_bet_chance"),
    "flop_seen": ("player_flops", "player_hands"),
    "cbet": ("cbet", "cbet_chance"),
    "fold_to_cbet": ("fold_cbet", "cbet_faced"),
    "limped_pots": ("limped_pots", "hands"),
    "flops": ("flops", "hands"),
    "showdowns": ("showdowns", "hands"),
    "allin_called": ("allin_called", "hands"),
    "allin_own": ("allin_own", "player_hands"),
    "stack_off": ("stack_off", "player_hands"),
    "bust": ("bust", "player_hands_after"),
}
#: the rates of one player's own decisions (:func:`by_player`)
PLAYER_RATES = ("vpip", "pfr", "limp", "limp_call", "three_bet", "flop_seen", "cbet",
                "fold_to_cbet", "allin_own")


@dataclass(frozen=True)
class Hand:
    """One hand of a button game in seat order (any chip unit).

    ``stacks``: chips before the hand; ``blinds`` / ``antes``: forced bets of each seat
    (blinds and straddles count as this round's bets, antes as dead money);
    ``big_blind``: the unit of depth; ``actions``: ``(street, seat, kind, to)`` with street
    0 pre-flop .. 3 river, kind ``"fold"``, ``"call"`` (a check when nothing is owed) or
    ``"raise"`` (``to``: the seat's total bet of the round); ``after``: stacks after the
    hand, when known (for eliminations); ``level``: the level it was played at;
    ``players``: who sat in each seat, when known (for :func:`by_player`).
    """

    stacks: tuple[float, ...]
    blinds: tuple[float, ...]
    antes: tuple[float, ...]
    big_blind: float
    actions: tuple[tuple[int, int, str, float], ...]
    level: int = 0
    after: tuple[float, ...] | None = None
    players: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        n = len(self.stacks)
        if n < 2 or len(self.blinds) != n or len(self.antes) != n:
            raise ValueError("a hand needs two seats or more, and one blind and ante per seat")
        if self.players is not None and len(self.players) != n:
            raise ValueError(f"one player name per seat: {n} seats, {len(self.players)} names")
        if not self.big_blind > 0:
            raise ValueError(f"the big blind must be positive, got {self.big_blind}")
        for street, seat, kind, _to in self.actions:
            if kind not in ("fold", "call", "raise") or not 0 <= seat < n or not 0 <= street <= 3:
                raise ValueError(f"bad action {(street, seat, kind)}: streets 0-3, seats "
                                 f"0-{n - 1}, kinds fold, call, raise")


@dataclass
class Stats:
    """Counts of one group (see :data:`RATES`), the pots and the open raises in big
    blinds."""

    count: Counter = field(default_factory=Counter)
    pots: list[float] = field(default_factory=list)
    opens: list[float] = field(default_factory=list)

    def rate(self, name: str) -> float | None:
        """A rate of :data:`RATES` (None when it had no chance)."""
        num, den = RATES[name]
        d = self.count[den]
        return self.count[num] / d if d else None

    def players_per_flop(self) -> float | None:
        f = self.count["flops"]
        return self.count["flop_players"] / f if f else None

    def pot_mean(self) -> float | None:
        return sum(self.pots) / len(self.pots) if self.pots else None

    def pot_median(self) -> float | None:
        return float(median(self.pots)) if self.pots else None

    def open_median(self) -> float | None:
        """The median open raise (raised to, big blinds), None without one."""
        return float(median(self.opens)) if self.opens else None

    def hands_per_elimination(self) -> float | None:
        e = self.count["eliminations"]
        return self.count["hands_known_after"] / e if e else None

    def summary(self) -> dict[str, Any]:
        """Every rate (shares), players per flop, pot mean and median, hands per
        elimination and the counts of hands and player-hands."""
        out: dict[str, Any] = {k: self.rate(k) for k in RATES}
        out.update(players_per_flop=self.players_per_flop(), pot_mean=self.pot_mean(),
                   pot_median=self.pot_median(),
                   hands_per_elimination=self.hands_per_elimination(),
                   open_median=self.open_median(),
                   hands=self.count["hands"], player_hands=self.count["player_hands"])
        return out


def _group(value: float, edges: tuple[int, ...]) -> str:
    for lo, hi in zip(edges, edges[1:]):
        if value < hi:
            return f"{lo}-{hi}"
    return f"{edges[-1]}+"


class _Facts:
    """One hand played through a chip ledger: what each seat did."""

    def __init__(self, h: Hand) -> None:
        n = self.n = len(h.stacks)
        rem = [float(x) for x in h.stacks]
        put = [0.0] * n
        bet = [0.0] * n
        for s in range(n):
            a = min(h.antes[s], rem[s])
            rem[s] -= a
            put[s] += a
            b = min(h.blinds[s], rem[s])
            rem[s] -= b
            put[s] += b
            bet[s] = b
        no = [False] * n
        self.vpip, self.pfr, self.limp = no[:], no[:], no[:]
        self.limp_raised, self.limp_call = no[:], no[:]
        self.three_chance, self.three = no[:], no[:]
        self.cbet_faced, self.fold_cbet = no[:], no[:]
        self.cbet_chance = self.cbet = False
        self.cbet_seat = -1
        self.open_seat = -1
        self.open_to: float | None = None
        folded, acted = no[:], no[:]
        pre_folded: list[bool] | None = None
        pre_rem: list[float] | None = None
        cur = max(bet)
        street = raises = 0
        pf_aggr = -1
        cbet_live = flop_bet = False
        for st, s, kind, to in h.actions:
            if st != street:
                if street == 0:
                    pre_folded, pre_rem = folded[:], rem[:]
                bet = [0.0] * n
                cur = 0.0
                street = st
                raises = 0
            if street == 0:
                first = not acted[s]
                if self.limp[s] and not first and raises >= 1:
                    self.limp_raised[s] = True
                    self.limp_call[s] = self.limp_call[s] or kind == "call"
                if raises == 1:
                    self.three_chance[s] = True
                    self.three[s] = self.three[s] or kind == "raise"
                if kind == "raise":
                    self.pfr[s] = self.vpip[s] = True
                    pf_aggr = s
                elif kind == "call" and cur > bet[s]:
                    self.vpip[s] = True
                    if raises == 0 and first:
                        self.limp[s] = True
            elif street == 1:
                if not flop_bet and s == pf_aggr and not self.cbet_chance:
                    self.cbet_chance = True
                    self.cbet_seat = s
                    self.cbet = cbet_live = kind == "raise"
                elif cbet_live:
                    self.cbet_faced[s] = True
                    self.fold_cbet[s] = kind == "fold"
                    cbet_live = kind != "raise"
                flop_bet = flop_bet or kind == "raise"
            acted[s] = True
            if kind == "fold":
                folded[s] = True
                continue
            d = min((cur if kind == "call" else to) - bet[s], rem[s])
            if d > 0:
                rem[s] -= d
                put[s] += d
                bet[s] += d
            if kind == "raise":
                if street == 0 and raises == 0 and rem[s] > 0:
                    self.open_to = bet[s]
                    self.open_seat = s
                cur = max(cur, bet[s])
                raises += 1
        if pre_folded is None or pre_rem is None:
            pre_folded, pre_rem = folded[:], rem[:]
        in_flop = [not f for f in pre_folded]
        self.flop_players = sum(in_flop) if sum(in_flop) >= 2 else 0
        self.saw_flop = [x and self.flop_players > 0 for x in in_flop]
        self.showdown = n - sum(folded) >= 2
        self.allin_own = [self.flop_players > 0 and in_flop[s] and pre_rem[s] <= 0
                          for s in range(n)]
        self.allin_called = any(self.allin_own)
        # stacked off: the whole stack in the pot, still in at a showdown of two or more
        self.stack_off = [self.showdown and not folded[s] and rem[s] <= 0 < h.stacks[s]
                          for s in range(n)]
        top = sorted(put, reverse=True)
        self.pot = sum(put) - (top[0] - top[1])


#: per-player counts (:func:`_count_seat`) and the :class:`_Facts` list each is read from
_SEAT_COUNTS = (("vpip", "vpip"), ("pfr", "pfr"), ("limp", "limp"), ("limp_raised", "limp_raised"),
                ("limp_call", "limp_call"), ("three_bet_chance", "three_chance"),
                ("three_bet", "three"), ("player_flops", "saw_flop"), ("cbet_faced", "cbet_faced"),
                ("fold_cbet", "fold_cbet"), ("allin_own", "allin_own"), ("stack_off", "stack_off"))


def _count_seat(c: Counter, f: _Facts, s: int) -> None:
    """Count what seat ``s`` did in the hand into ``c`` (the per-player counts)."""
    c["player_hands"] += 1
    for count, fact in _SEAT_COUNTS:
        c[count] += getattr(f, fact)[s]


def _effective(h: Hand) -> list[float]:
    """Each seat's effective stack: the smaller of its own and the biggest other."""
    n = len(h.stacks)
    return [min(h.stacks[s], max(h.stacks[q] for q in range(n) if q != s)) for s in range(n)]


def _key(by: str, h: Hand, chips: float, forced: float) -> str:
    if by == "all":
        return "all"
    if by == "level":
        return str(h.level)
    if by == "bb":
        return _group(chips / h.big_blind, BB_EDGES)
    if by == "depth":
        return _group(chips / h.big_blind, DEPTH_EDGES)
    return _group(chips / forced if forced > 0 else float("inf"), M_EDGES)


def measure(hands: Iterable[Hand], by: str = "all") -> dict[str, Stats]:
    """Statistics of ``hands`` grouped ``by`` ``"all"``, ``"bb"`` (depth in big blinds),
    ``"m"`` (depth as M) or ``"level"``; group names like ``"40-70"`` (see the module
    notes). The ``"all"`` grouping has the one group ``"all"``."""
    if by not in GROUPINGS:
        raise ValueError(f"group by one of {', '.join(GROUPINGS)}, not {by!r}")
    out: dict[str, Stats] = {}

    def get(key: str) -> Stats:
        if key not in out:
            out[key] = Stats()
        return out[key]

    for h in hands:
        f = _Facts(h)
        n = f.n
        forced = sum(h.blinds) + sum(h.antes)
        eff = _effective(h)

        keys = [_key(by, h, chips, forced) for chips in eff]
        for s in range(n):
            _count_seat(get(keys[s]).count, f, s)
            if h.after is not None and h.stacks[s] > 0:
                get(keys[s]).count["player_hands_after"] += 1
                get(keys[s]).count["bust"] += h.after[s] <= 0
        g = get(_key(by, h, median(eff), forced))
        c = g.count
        c["hands"] += 1
        c["limped_pots"] += any(f.limp)
        c["flops"] += f.flop_players >= 2
        c["flop_players"] += f.flop_players if f.flop_players >= 2 else 0
        c["showdowns"] += f.showdown
        c["allin_called"] += f.allin_called
        c["cbet_chance"] += f.cbet_chance
        c["cbet"] += f.cbet
        g.pots.append(f.pot / h.big_blind)
        if f.open_to is not None:
            g.opens.append(f.open_to / h.big_blind)
        if h.after is not None:
            c["hands_known_after"] += 1
            c["eliminations"] += sum(1 for s in range(n) if h.stacks[s] > 0 and h.after[s] <= 0)
    return out


def by_player(hands: Iterable[Hand], depth_from: float = 0.0) -> dict[str, Stats]:
    """Each named player's statistics: the per-player counts of :func:`measure` over the
    hands the player was dealt in at an effective stack of ``depth_from`` big blinds or
    more, and the continuation bets (``cbet_chance``, ``cbet``) and open raises the player
    made as the pre-flop raiser. ``count["hands"]`` is the player's hands, so the rates of
    :data:`PLAYER_RATES` are the player's own. Hands without player names are left out.

    Example:
        >>> h = Hand((1000,) * 3, (5, 10, 0), (0,) * 3, 10,
        ...          ((0, 2, "raise", 30), (0, 0, "fold", 0), (0, 1, "call", 0),
        ...           (1, 1, "call", 0), (1, 2, "raise", 30), (1, 1, "fold", 0)),
        ...          players=("ann", "bob", "cy"))
        >>> p = by_player([h, h])
        >>> p["cy"].rate("pfr"), p["cy"].rate("cbet"), p["bob"].rate("fold_to_cbet")
        (1.0, 1.0, 1.0)
        >>> p["ann"].count["hands"], p["cy"].open_median()
        (2, 3.0)
    """
    out: dict[str, Stats] = {}
    for h in hands:
        if h.players is None:
            continue
        f = _Facts(h)
        for s, chips in enumerate(_effective(h)):
            if chips < depth_from * h.big_blind:
                continue
            g = out.setdefault(h.players[s], Stats())
            _count_seat(g.count, f, s)
            g.count["hands"] += 1
            if s == f.cbet_seat:
                g.count["cbet_chance"] += 1
                g.count["cbet"] += f.cbet
            if s == f.open_seat and f.open_to is not None:
                g.opens.append(f.open_to / h.big_blind)
    return out


def from_record(rec: Any) -> Hand | None:
    """A simulator hand (a :class:`pyeval.sim.analysis.replay.RecordedHand`, or a row of
    ``SimResult.records``) as a :class:`Hand`; None for stud (no blinds, no flop).

    Example:
        >>> from pyeval.sim import simulate
        >>> r = simulate("club_3000", n=1, seed=2, players=10, record_tournaments=1,
        ...              record_hands=5)
        >>> h = from_record(r.records[0])
        >>> h.big_blind, len(h.stacks) == len(h.blinds)
        (50.0, True)
    """
    from pyeval.sim.analysis.replay import RecordedHand, decode, is_stud

    h = rec if isinstance(rec, RecordedHand) else decode(rec)
    if is_stud(h):
        return None
    seats = sorted(h.players)
    index = {s: i for i, s in enumerate(seats)}
    blinds = [0.0] * len(seats)
    if h.small_blind_seat is not None:
        blinds[index[h.small_blind_seat]] = float(h.small_blind)
    blinds[index[h.big_blind_seat]] = float(h.big_blind)
    kinds = {"fold": "fold", "check": "call", "call": "call", "raise": "raise"}
    actions = tuple((st, index[s], kinds[a], float(to)) for st, s, a, to in h.actions)
    return Hand(stacks=tuple(float(h.stacks[s]) for s in seats), blinds=tuple(blinds),
                antes=tuple(float(h.ante) for _ in seats), big_blind=float(h.big_blind),
                actions=actions, level=h.level,
                after=tuple(float(h.after[s]) for s in seats),
                players=tuple(f"entrant {h.players[s]}" for s in seats))


def combine(groups: Iterable[Stats]) -> Stats:
    """One group of the counts and pots of several (e.g. every depth from 20 big blinds).

    Example:
        >>> a, b = Stats(), Stats()
        >>> a.count["hands"], b.count["hands"] = 2, 3
        >>> combine([a, b]).count["hands"]
        5
    """
    out = Stats()
    for g in groups:
        out.count.update(g.count)
        out.pots.extend(g.pots)
        out.opens.extend(g.opens)
    return out


def at_least(groups: dict[str, Stats], depth: float) -> Stats:
    """The groups of a ``"bb"`` or ``"m"`` grouping from ``depth`` up, combined.

    Example:
        >>> g = {"10-15": Stats(), "20-30": Stats()}
        >>> g["20-30"].count["hands"] = 4
        >>> at_least(g, 20).count["hands"]
        4
    """
    return combine(s for k, s in groups.items()
                   if float(k.split("-")[0].rstrip("+")) >= depth)


def between(groups: dict[str, Stats], low: float, high: float | None = None) -> Stats:
    """The groups of a ``"bb"`` or ``"m"`` grouping from ``low`` up to below ``high``
    (``None``: no upper end), combined; the edges must be group edges.

    Example:
        >>> g = {"10-15": Stats(), "20-30": Stats(), "30-40": Stats(), "40-70": Stats()}
        >>> for k, n in zip(g, (1, 2, 4, 8)):
        ...     g[k].count["hands"] = n
        >>> between(g, 20, 40).count["hands"], between(g, 30).count["hands"]
        (6, 12)
    """
    edges = set(BB_EDGES) | set(M_EDGES) | set(DEPTH_EDGES)
    for edge in (low,) if high is None else (low, high):
        if edge not in edges:
            raise ValueError(f"{edge} is not a group edge; edges: BB {BB_EDGES}, M {M_EDGES}, "
                             f"depth {DEPTH_EDGES}")
    out = []
    for k, st in groups.items():
        lo = float(k.split("-")[0].rstrip("+"))
        if lo >= low and (high is None or lo < high):
            out.append(st)
    return combine(out)



def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``k`` events in ``n`` trials (95 % by default): the
    interval the real rates by depth are given with (docs/players.md).

    Example:
        >>> [round(x, 5) for x in wilson(0, 5084)]
        [0.0, 0.00076]
    """
    if n < 0 or not 0 <= k <= max(n, 0):
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, c - h), min(1.0, c + h))
