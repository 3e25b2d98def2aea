"""The analyses hold'em ranges have, for Omaha ranges: equity by hand class
(:func:`omaha_breakdown`), equity by next card and outs (:func:`omaha_runouts`) and hit
frequencies on a board (:func:`omaha_hits`).

A range's **hand classes** are those of :meth:`.OmahaRange.groups`: its highest pair
(``AA`` .. ``22``, ``trips+``, ``no pair``) and its suit pattern (``ds``, ``ss``, ``r``,
``ts``, ``3+``). A class's equity is the equity of the range cut to that class against the
other players as given (exact when small, else Monte Carlo, as :func:`pyeval.equity`).

>>> b = omaha_breakdown(["AAKK", "KsKdQsQd"], board="Qh 7c 2d", game="omaha")
>>> [(c.label, c.hands, round(c.equity, 4)) for c in b[0]]
[('AA ds', 1, 0.1683), ('AA ss', 4, 0.1402), ('AA r', 1, 0.1122)]
"""
from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np

import pyeval
from pyeval._checks import check_seconds
from pyeval.cards import format_card
from pyeval.describe import CATEGORY_NAMES
from pyeval.equity.omaha_equity import OmahaSpot, omaha_equity, omaha_spot
from pyeval.equity.omaha_ranges import OmahaRange
from pyeval.equity.ranges import Range
from pyeval.equity.result import TimeLimitError
from pyeval.equity.spot import HandLike

__all__ = ["ClassEquity", "OmahaHits", "OmahaRunouts", "breakdown_table", "hits_game_is_omaha",
           "omaha_breakdown", "omaha_hits", "omaha_runouts"]

#: Monte Carlo deals per hand class when a class is not small enough to enumerate
CLASS_SAMPLES = 100_000
#: the most hands :func:`omaha_hits` looks at (each against every next card)
MAX_HIT_HANDS = 100_000
#: straight outs that make a wrap (an open-ender has 8)
WRAP_OUTS = 9


class _Clock:
    """A call's ``time_limit`` shared among its steps: each equity run gets the time left
    divided by the runs left (so Monte Carlo stops early and exact enumeration is chosen
    only when its estimate fits), and a step that starts past the limit raises
    :class:`~pyeval.equity.result.TimeLimitError` naming ``what`` ran out.

    >>> _Clock(None, "x").share(3) is None
    True
    """

    def __init__(self, time_limit: float | None, what: str) -> None:
        if time_limit is not None:
            check_seconds(time_limit, "time_limit")
        self.limit = time_limit
        self.deadline = None if time_limit is None else time.perf_counter() + float(time_limit)
        self.what = what
        self._given: float | None = None          # the share of the run under way
        self._start, self._over, self._runs = 0.0, 0.0, 0

    def left(self) -> float | None:
        """The seconds left (None without a limit); raises when none are."""
        if self.deadline is None:
            return None
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise TimeLimitError(f"{self.what} ran out of its time_limit={self.limit:g} s; "
                                 f"give a longer time_limit, fewer samples or narrower "
                                 f"ranges")
        return left

    def share(self, runs_left: int) -> float | None:
        """The seconds for the next of ``runs_left`` runs (None without a limit): the time
        left over the runs left, less what each run took so far beyond its share (its
        setup, its last round)."""
        left = self.left()
        if left is None:
            return None
        now = time.perf_counter()
        if self._given is not None:
            self._over += max(now - self._start - self._given, 0.0)
            self._runs += 1
        n = max(runs_left, 1)
        over = self._over / self._runs if self._runs else 0.0
        self._start, self._given = now, max((left - n * over) / n, 1e-3)
        return self._given


def _parsed(spot: OmahaSpot, hands: Sequence[HandLike | OmahaRange]
            ) -> list[HandLike | OmahaRange]:
    """The hands with each range parsed (and cut to the cards left) once, for the many
    runs of an analysis."""
    return [h if r is None else r for r, h in zip(spot.ranges, hands)]


@dataclass(frozen=True)
class ClassEquity:
    """One hand class of a range: its hands, weight, equity (and standard error, 0 when
    exact) against the others."""

    label: str
    hands: int
    weight: float
    equity: float
    std_err: float
    exact: bool


def omaha_breakdown(hands: Sequence[HandLike | OmahaRange], board: HandLike = "",
                    dead: HandLike = "", *, game: str = "omaha", exact: bool | None = None,
                    samples: int | None = None, seed: int = 0,
                    threads: int | None = None,
                    time_limit: float | None = None) -> list[list[ClassEquity]]:
    """For each player, the equity of each hand class of its range (an empty list for a
    player of known or unknown cards). ``exact``: None = exact for a class of at most 2,000
    hands when cheap, True = exact (refused when too large), False = Monte Carlo with
    ``samples`` deals per class (default :data:`CLASS_SAMPLES`). ``time_limit`` (seconds)
    bounds the whole call: each class gets the time left over the classes left (fewer
    deals, or Monte Carlo instead of a long enumeration); a forced enumeration estimated
    above its share, or classes still to do when the time is up, raise
    :class:`~pyeval.equity.result.TimeLimitError`."""
    clock = _Clock(time_limit, "the breakdown")
    spot = omaha_spot(game, hands, board, dead)
    groups = [None if r is None else r.groups() for r in spot.ranges]
    hands = _parsed(spot, hands)
    runs = sum(len(g[0]) for g in groups if g is not None)
    out: list[list[ClassEquity]] = []
    for i, r in enumerate(spot.ranges):
        grp = groups[i]
        if r is None or grp is None:
            out.append([])
            continue
        names, idx = grp
        rows = []
        for g, label in enumerate(names):
            sel = idx == g
            sub = OmahaRange(r.hole, r.masks[sel], r.weights[sel])
            hs = list(hands)
            hs[i] = sub
            auto = samples is None and exact is not False and len(sub) <= 2000
            res = omaha_equity(game, hs, board, dead, exact=exact,
                               samples=None if auto else samples or CLASS_SAMPLES, seed=seed,
                               threads=threads, time_limit=clock.share(runs))
            runs -= 1
            p = res.players[i]
            rows.append(ClassEquity(label, len(sub), sub.total_weight, p.equity, p.std_err,
                                    res.exact))
        out.append(rows)
    return out


def breakdown_table(hands: Sequence[str], rows: list[list[ClassEquity]]) -> str:
    """The breakdown as text, one block per range player."""
    lines = []
    for i, cls in enumerate(rows):
        if not cls:
            continue
        lines.append(f"hand {i + 1} {hands[i]!r} by class:")
        lines.append(f"{'class':<12}{'hands':>9}{'weight':>11}{'equity':>10}{'+/-':>9}")
        for c in cls:
            se = "exact" if c.exact else f"{100 * c.std_err:.3f}%"
            lines.append(f"{c.label:<12}{c.hands:>9,}{c.weight:>11g}"
                         f"{100 * c.equity:>9.3f}%{se:>9}")
    return "\n".join(lines)


@dataclass(frozen=True)
class OmahaRunouts:
    """Equity by next card: the cards, each one's probability (uniform over the cards
    left, or in proportion to the weight of the holdings that do not use it), the players'
    equities after it, before it, and each player's outs (the cards after which it alone
    has the highest equity, for a player who did not before)."""

    cards: tuple[str, ...]
    prob: np.ndarray
    equities: np.ndarray
    before: tuple[float, ...]
    outs: tuple[tuple[str, ...], ...]
    exact: bool

    def table(self) -> str:
        P = len(self.before)
        head = f"{'card':<6}{'prob':>8}" + "".join(f"{'hand ' + str(i + 1):>10}" for i in range(P))
        rows = [f"{'before':<6}{'':>8}" + "".join(f"{100 * e:>9.2f}%" for e in self.before)]
        for c, p, e in zip(self.cards, self.prob, self.equities):
            rows.append(f"{c:<6}{100 * p:>7.3f}%" + "".join(f"{100 * x:>9.2f}%" for x in e))
        outs = [f"outs of hand {i + 1}: {' '.join(o) or '-'}" for i, o in enumerate(self.outs)]
        return "\n".join([head] + rows + outs)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps({"cards": list(self.cards), "prob": self.prob.tolist(),
                           "equities": self.equities.tolist(), "before": list(self.before),
                           "outs": [list(o) for o in self.outs], "exact": self.exact},
                          indent=indent)


def _card_weights(spot: OmahaSpot, live: list[int]) -> np.ndarray:
    """Each live card's probability of coming next: the weight of the joint holdings that
    do not use it (players' ranges and unknown cards, exact when the joint table fits;
    else by Monte Carlo draws of the holdings)."""
    from pyeval.equity.omaha_equity import _exact_plan
    plan = _exact_plan(spot)
    if plan is None:
        raise ValueError("runouts with ranges need the players' holdings to fit a table of "
                         "compatible choices; narrow the ranges")
    tuples, cards, w, _, _ = plan
    used = np.zeros((len(tuples), 52), dtype=bool)
    for p in range(tuples.shape[1]):
        used[np.arange(len(tuples))[:, None], cards[tuples[:, p]]] = True
    live_a = np.array(live)
    ww = (w[:, None] * ~used[:, live_a]).sum(axis=0)
    return ww / ww.sum()


def omaha_runouts(hands: Sequence[HandLike | OmahaRange], board: HandLike, dead: HandLike = "",
                  *, game: str = "omaha", samples: int | None = None,
                  seed: int = 0, time_limit: float | None = None) -> OmahaRunouts:
    """Equity by next card on a flop (3 cards) or turn (4); each card's run exact when
    small, else ``samples`` Monte Carlo deals (default: the engine's standard error).
    ``time_limit`` (seconds) bounds the whole call, shared among the runs as
    :func:`omaha_breakdown` shares it."""
    clock = _Clock(time_limit, "runouts")
    spot = omaha_spot(game, hands, board, dead)
    if len(spot.board) not in (3, 4):
        raise ValueError(f"runouts need a flop or a turn (the board has {len(spot.board)} "
                         f"cards)")
    P = len(spot.slots)
    km = spot.known_mask
    live = [c for c in range(52) if not km >> c & 1]
    prob = _card_weights(spot, live)
    runs = 1 + int((prob > 0).sum())
    hands = _parsed(spot, hands)
    before = omaha_equity(game, hands, board, dead, samples=samples, seed=seed,
                          time_limit=clock.share(runs))
    keep, eqs = [], []
    exact = before.exact
    for k, c in enumerate(live):
        if prob[k] <= 0:
            continue
        runs -= 1
        r = omaha_equity(game, hands, list(spot.board) + [c], dead, samples=samples, seed=seed,
                         time_limit=clock.share(runs))
        exact = exact and r.exact
        keep.append(k)
        eqs.append(r.equities)
    eq = np.array(eqs)
    pr = prob[keep] / prob[keep].sum()
    names = tuple(format_card(live[k]) for k in keep)
    b = tuple(before.equities)
    outs: list[tuple[str, ...]] = []
    for i in range(P):
        if all(b[i] > b[j] for j in range(P) if j != i):
            outs.append(())
            continue
        outs.append(tuple(n for n, e in zip(names, eq)
                          if all(e[i] > e[j] for j in range(P) if j != i)))
    return OmahaRunouts(names, pr, eq, b, tuple(outs), exact)


@dataclass(frozen=True)
class OmahaHits:
    """Weighted share of a range's hands (those that use no known card) in each made hand
    and draw on the board."""

    board: str
    hands: int
    made: dict[str, float]
    draws: dict[str, float]

    def table(self) -> str:
        lines = [f"{self.hands:,} hands on {self.board}"]
        for title, d in (("made", self.made), ("draws", self.draws)):
            lines.append(f"{title}:")
            lines += [f"  {k:<26}{100 * v:>8.2f}%" for k, v in d.items() if v > 0]
        return "\n".join(lines)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(asdict(self), indent=indent)


def _straight_outs(hole: np.ndarray, board: np.ndarray, live: np.ndarray,
                   cur: np.ndarray, clock: _Clock) -> np.ndarray:
    """Per hand: the live cards (not in the hand) after which its best high is a straight
    (category 5) when it is less than a straight now."""
    N, H = hole.shape
    outs = np.zeros(N, dtype=np.int64)
    for c in live.tolist():
        clock.left()
        ok = ~(hole == c).any(axis=1)
        b = np.concatenate([board, np.full((N, 1), c, np.uint8)], axis=1)
        v = np.zeros(N, dtype=np.int64)
        v[ok] = pyeval.omaha_high_batch(hole[ok], b[ok], check=False) >> 12
        outs += (v == 5) & (cur < 5)
    return outs


def hits_game_is_omaha(game: str) -> bool:
    """True for an Omaha game, False for hold'em (the games with hit frequencies); any
    other game is refused.

    >>> hits_game_is_omaha("plo8"), hits_game_is_omaha("nlhe")
    (True, False)
    """
    from pyeval.equity import _kernels as K
    from pyeval.equity.games import game as _game
    g = _game(game)
    if g.kind != K.K_OMAHA and g.key != "holdem":
        raise ValueError(f"hit frequencies are for hold'em and the Omaha games (omaha, omaha8, "
                         f"omaha5, omaha5-8, omaha6, omaha6-8), not {g.name}")
    return bool(g.kind == K.K_OMAHA)


def omaha_hits(range_: str | OmahaRange | Range, board: HandLike, dead: HandLike = "", *,
               game: str = "omaha", time_limit: float | None = None) -> OmahaHits:
    """Hit frequencies of an Omaha range on a flop, turn or river: the best high hand
    (exactly two hole and three board cards), sets, and on a flop or turn the draws:
    flush draws (two hole and two board cards of a suit, no flush yet; *nut* when the hand
    holds that suit's highest card not on the board), straight draws by their outs (a
    wrap has 9 or more cards that make a straight, an open-ender 8, a gutshot 4-7), and in
    hi/lo games the low: made, drawing (some next card makes one), drawing to the nut low
    (holding the two lowest ranks, ace low, that the board lacks). ``time_limit``
    (seconds): :class:`~pyeval.equity.result.TimeLimitError` when the work outlasts it
    (the clock is looked at before each next card's evaluation of the whole range)."""
    clock = _Clock(time_limit, "the hit frequencies")
    from pyeval.equity.games import game as _game
    from pyeval.equity.omaha_ranges import parse_omaha_range
    if not hits_game_is_omaha(game):
        raise ValueError(f"omaha_hits is for the Omaha games, not {game!r} (use "
                         f"pyeval.equity.hits.hits for hold'em)")
    if not isinstance(range_, (str, OmahaRange)):
        raise TypeError(f"an Omaha range is text or an OmahaRange, not "
                        f"{type(range_).__name__}")
    g = _game(game)
    r = range_ if isinstance(range_, OmahaRange) else parse_omaha_range(range_, g.hole, g.hi_lo)
    b = [int(c) for c in pyeval.cards(board, what="board")]
    if len(b) not in (3, 4, 5):
        raise ValueError(f"hit frequencies need a flop, turn or river (got {len(b)} cards)")
    known = pyeval.mask(b) | pyeval.mask(pyeval.cards(dead, what="dead cards"))
    r = r.without(known)
    if len(r) == 0:
        raise ValueError("every hand of the range uses a board or dead card")
    if len(r) > MAX_HIT_HANDS:
        raise ValueError(f"the range holds {len(r):,} hands; hit frequencies look at "
                         f"{MAX_HIT_HANDS:,} at most")
    hole = r.cards
    N = len(r)
    w = r.weights / r.weights.sum()
    bd = np.repeat(np.array([b], np.uint8), N, axis=0)
    cur = (pyeval.omaha_high_batch(hole, bd, check=False) >> 12).astype(np.int64)
    made = {CATEGORY_NAMES[k]: float(w[cur == k].sum()) for k in range(9, 0, -1)}
    hr, hsu = hole >> 2, hole & 3
    br = np.array(b) >> 2
    bsu = np.array(b) & 3
    pair_ranks = [(hr == x).sum(axis=1) >= 2 for x in range(13)]
    made["set (pair in the hole)"] = float(w[np.any(
        [pair_ranks[x] & (br == x).any() for x in range(13)], axis=0)].sum())
    draws: dict[str, float] = {}
    if len(b) < 5:
        live = np.array([c for c in range(52) if not known >> c & 1], np.uint8)
        outs = _straight_outs(hole, bd, live, cur, clock)
        draws[f"wrap ({WRAP_OUTS}+ straight outs)"] = float(w[outs >= WRAP_OUTS].sum())
        draws["open-ender (8 outs)"] = float(w[outs == 8].sum())
        draws["gutshot (4-7 outs)"] = float(w[(outs >= 4) & (outs < 8)].sum())
        fd = np.zeros(N, dtype=bool)
        nfd = np.zeros(N, dtype=bool)
        for s in range(4):
            if (bsu == s).sum() != 2:
                continue
            held = (hsu == s).sum(axis=1) >= 2
            top = max(x for x in range(13) if x not in set(br[bsu == s].tolist()))
            fd |= held & (cur < 6)
            nfd |= held & (cur < 6) & (hole == 4 * top + s).any(axis=1)
        draws["flush draw"] = float(w[fd].sum())
        draws["nut flush draw"] = float(w[nfd].sum())
    if g.hi_lo:
        low = pyeval.omaha_low8_batch(hole, bd, check=False) > 0
        made["low (8 or better)"] = float(w[low].sum())
        if len(b) < 5:
            lr = np.where(hr == 12, 0, hr + 1)               # ace 0, deuce 1 ... eight 7
            blr = set(np.where(br == 12, 0, br + 1).tolist())
            need = [x for x in range(8) if x not in blr][:2]
            has = [(lr == x).any(axis=1) for x in range(8)]
            ok_low = np.zeros(N, dtype=bool)
            for c in live.tolist():
                clock.left()
                nb = np.concatenate([bd, np.full((N, 1), c, np.uint8)], axis=1)
                fine = ~(hole == c).any(axis=1)
                v = np.zeros(N, dtype=bool)
                v[fine] = pyeval.omaha_low8_batch(hole[fine], nb[fine], check=False) > 0
                ok_low |= v
            drawing = ok_low & ~low
            draws["low draw"] = float(w[drawing].sum())
            nut = drawing & has[need[0]] & has[need[1]] if len(need) == 2 else drawing & False
            draws["nut low draw"] = float(w[nut].sum())
    return OmahaHits(pyeval.format_cards(b), N, made, draws)

