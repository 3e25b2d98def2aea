"""Equity in Omaha and Omaha hi/lo (4, 5, 6 hole cards) when a player holds a range
(:mod:`pyeval.equity.omaha_ranges`): what :func:`pyeval.equity.equity` runs for such spots.

The other players may hold known cards, known cards and unknown ones (``AsKh**``) or a
random hand. Every range loses the hands that use a card that is known (board, dead cards,
another player's cards). Exact enumeration lists every choice of one hand per range that
shares no card (at most :data:`._rangemc.MAX_TUPLES`) and every board, each choice weighted
by the product of its hands' weights (a partly known hand counts as the range of its
completions); it is chosen when that is cheap. Monte Carlo draws each range by its weights and throws the whole
draw away when two hands share a card (so no range is favoured: the deal follows the
product of the weights over the hands that fit together), then deals the other cards from
what is left: several boards on one draw of the hands when the first round's deals show that
this gives a smaller standard error for the time (:func:`_boards_per_draw`; the standard
error is then that of a mean over the draws). Chunks of :data:`CHUNK` deals have their own
random streams, so the answer depends on the seed, never on the thread count.

>>> r = omaha_equity("omaha", ["AA**!AAA*", "KsKhQsQh"], board="7c 8d 2s", dead="Ad")
>>> r.exact, r.samples, f"{r.players[0].equity:.4f}"
(True, 1918800, '0.7974')
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from math import comb

import numpy as np

from pyeval.cards import cards as _cards
from pyeval.cards import format_card, format_cards, hand_kind, tokens
from pyeval.equity import _kernels as K
from pyeval.equity import _omaharange as OR
from pyeval.equity._omahamc import mask_stats
from pyeval.equity._rangemc import MAX_TUPLES, MAX_WORK, alias_u32, joint_table
from pyeval.equity.cost import _EVAL_COST, EXACT_AUTO_COST, EXACT_MAX_COST
from pyeval.equity.games import EquityGame
from pyeval.equity.games import game as _game
from pyeval.equity.omaha_hands import all_hands, hand_cards
from pyeval.equity.omaha_ranges import OmahaRange, parse_omaha_range
from pyeval.equity.ranges import RangeError
from pyeval.equity.result import EquityResult, Progress, TimeLimitError
from pyeval.equity.spot import HandLike, Player, Spot
from pyeval.equity.tally import _build_result, _Sums
from pyeval.jit import numba_ext as nx

__all__ = ["CHUNK", "OmahaSpot", "omaha_equity", "omaha_spot", "takes_ranges"]

#: Monte Carlo deals per chunk (each chunk its own random stream)
CHUNK = 8192
#: chunks per round at most (the stopping rules are looked at between rounds)
MAX_ROUND = 64
DEFAULT_STD_ERR = 2e-4
DEFAULT_MAX_SAMPLES = 2_000_000_000
#: the most players counted by winners' masks (2**P counters, 4**P for hi/lo)
MAX_PLAYERS, MAX_HILO_PLAYERS = 10, 6


def takes_ranges(game: str | EquityGame, hands: Sequence[HandLike | OmahaRange]) -> bool:
    """True when ``game`` is an Omaha game and some hand is written as a range (not cards,
    cards with ``*``, or random); such spots are answered by :func:`omaha_equity`.

    >>> takes_ranges("plo", ["AA**", "KKQQ"]), takes_ranges("plo", ["AsAh**", "random"])
    (True, False)
    """
    try:
        g = _game(game)
    except (ValueError, TypeError):
        return False
    if g.kind != K.K_OMAHA or not isinstance(hands, Sequence) or isinstance(hands, (str, bytes)):
        return False                     # the general path refuses what is not a list of hands
    return any(isinstance(h, OmahaRange) or (isinstance(h, str) and _is_range(h.strip(), g.hole))
               for h in hands)


def _is_range(text: str, hole: int) -> bool:
    kind = hand_kind(text, ranges=False)
    if kind == "range":
        return bool(text)
    # "AsKsQhJh, AdKdQcJc": more cards than a hand holds, split by commas, is a list
    return kind == "cards" and "," in text and len(tokens(text, wild=True)) > hole


class OmahaSpot:
    """A checked Omaha question: the game, each seat's known cards (None: to deal) or
    range, the board and the dead cards."""

    def __init__(self, g: EquityGame, texts: list[str], slots: list[list[int | None]],
                 ranges: list[OmahaRange | None], board: list[int], dead: list[int]) -> None:
        self.game, self.texts, self.slots, self.ranges = g, texts, slots, ranges
        self.board, self.dead = board, dead

    @property
    def known_mask(self) -> int:
        m = 0
        for c in self.board + self.dead + [c for s in self.slots for c in s if c is not None]:
            m |= 1 << c
        return m

    def spot(self) -> Spot:
        """The hold'em engine's :class:`Spot` view (for the result tables)."""
        return Spot(self.game, [Player(t, list(s)) for t, s in zip(self.texts, self.slots)],
                    self.board, self.dead)


def omaha_spot(game: str | EquityGame, hands: Sequence[HandLike | OmahaRange], board: HandLike = "",
               dead: HandLike = "") -> OmahaSpot:
    """Parses and checks an Omaha question with ranges (errors name the hand, from 1).

    >>> s = omaha_spot("omaha", ["AA**", "AsKs**"], board="Ah 7c 2d")
    >>> len(s.ranges[0])                # Ad Ac, the aces left, and two of the 45 others
    990
    """
    g0 = _game(game)
    if isinstance(hands, (str, bytes)):
        raise TypeError("hands is a list of hands, one per player, e.g. ['AA**', 'KKQQ']")
    hands = list(hands)
    if len(hands) < 2:
        raise ValueError(f"equity needs at least 2 players, got {len(hands)}")
    g = g0.for_players(len(hands))
    cap = min(g.max_players, MAX_HILO_PLAYERS if g.hi_lo else MAX_PLAYERS)
    if len(hands) > cap:
        raise ValueError(f"{g.name} with ranges takes at most {cap} players, got {len(hands)}")
    H = g.hole
    b = [int(c) for c in _cards(board, what="board")]
    if len(b) not in (0, 3, 4, 5):
        raise ValueError(f"board has {len(b)} cards; the board in {g.name} is empty, a flop "
                         f"(3), a turn (4) or a river (5)")
    d = [int(c) for c in _cards(dead, what="dead cards")]
    texts: list[str] = []
    slots: list[list[int | None]] = []
    ranges: list[OmahaRange | None] = []
    for i, h in enumerate(hands):
        name = f"hand {i + 1}"
        if isinstance(h, OmahaRange):                  # a parsed range (the analyses)
            if h.hole != H:
                raise ValueError(f"{name} is a range of {h.hole}-card hands; {g.name} hands "
                                 f"have {H} cards")
            texts.append(f"range of {len(h):,} hands")
            slots.append([None] * H)
            ranges.append(h)
            continue
        if isinstance(h, str) and _is_range(h.strip(), H):
            try:
                r = parse_omaha_range(h.strip(), H, g.hi_lo)
            except RangeError as e:
                raise ValueError(f"{name} {h.strip()!r}: {e}") from None
            texts.append(h.strip())
            slots.append([None] * H)
            ranges.append(r)
            continue
        got: list[int | None]
        if isinstance(h, str):
            t = h.strip()
            got = [None] * H if hand_kind(t, ranges=False) == "random" else tokens(t, wild=True)
        else:
            known = [int(c) for c in _cards(h, what=name)]
            got = list(known)
            t = format_cards(known)
        if len(got) > H or not got:
            raise ValueError(f"{name} {t!r} has {len(got)} cards; {g.name} hands have {H} "
                             f"hole cards (write * for an unknown card)")
        texts.append(t)
        slots.append(list(got) + [None] * (H - len(got)))
        ranges.append(None)
    where: dict[int, str] = {}
    for c, what in ([(c, "the board") for c in b] + [(c, "the dead cards") for c in d]
                    + [(c, f"hand {i + 1}") for i, s in enumerate(slots) for c in s
                       if c is not None]):
        if c in where:
            raise ValueError(f"card {format_card(c)!r} is dealt twice: in {where[c]} and in "
                             f"{what}")
        where[c] = what
    spot = OmahaSpot(g, texts, slots, ranges, b, d)
    km = spot.known_mask
    live = 52 - bin(km).count("1")
    for i, r0 in enumerate(ranges):
        if r0 is None:
            continue
        r = r0.without(km).normalised()
        if len(r) == 0:
            raise ValueError(f"hand {i + 1} {texts[i]!r} leaves no hand: every hand of the "
                             f"range uses a card that is on the board, dead or in another hand")
        # every hand of the cards left, equally weighted: a random hand, dealt as one
        ranges[i] = None if r.uniform and len(r) == comb(live, H) else r
    if len(hands) * H + 5 > 52 - len(d):
        raise ValueError(f"{len(hands)} players of {g.name} need {len(hands) * H + 5} cards; "
                         f"the deck has {52 - len(d)} without the dead cards")
    return spot


def _seats(spot: OmahaSpot) -> tuple[OR.RangeHands, OR.Seats]:
    """The kernels' view: every range, and every hand of known cards as a range of one
    hand; the other players' known cards, the known board, the deck."""
    g, P, H = spot.game, len(spot.slots), spot.game.hole
    T = nx.kernel_tables()
    rng = np.full(P, -1, dtype=np.int64)
    masks: list[np.ndarray] = []
    keep: list[tuple[int, np.ndarray, np.ndarray]] = []   # weighted: (start, keep, alias)
    weighted: list[bool] = []
    off = [0]
    hole0 = np.full((P, H), OR.NONE, dtype=np.uint8)
    for i, (r, sl) in enumerate(zip(spot.ranges, spot.slots)):
        if r is None and None in sl:
            hole0[i] = [OR.NONE if c is None else c for c in sl]
            continue
        m = r.masks if r is not None else np.array([sum(1 << c for c in sl if c is not None)],
                                                   np.uint64)
        w = r is not None and not r.uniform
        rng[i] = len(masks)
        masks.append(m)
        weighted.append(w)
        if w and r is not None:
            keep.append((off[-1], *alias_u32(r.weights)))
        off.append(off[-1] + len(m))
    allm = np.concatenate(masks) if masks else np.zeros(0, np.uint64)
    kept = np.zeros(len(allm), np.uint64)          # read for weighted ranges only
    aliases = np.zeros(len(allm), np.int64)
    for a, k, al in keep:
        kept[a:a + len(k)], aliases[a:a + len(k)] = k, al
    sizes = np.diff(np.array(off, dtype=np.int64))
    RH = OR.RangeHands(OR.seat_records(masks, H), allm, np.array(off, dtype=np.int64),
                       np.array([(1 << 32) % int(n) for n in sizes], dtype=np.uint64),
                       kept, aliases,
                       np.array(weighted, dtype=np.bool_))
    b = np.array(spot.board, dtype=np.int64)
    km = spot.known_mask
    deck = np.array([c for c in range(52) if not km >> c & 1], dtype=np.uint8)
    SE = OR.Seats(rng, hole0, np.uint64(nx.KEY_START + int(T.ckey[b].sum())),
                  np.uint64(np.bitwise_or.reduce(T.csrm[b]) if len(b) else 0),
                  np.uint64(np.bitwise_or.reduce(T.clow[b]) & 0xFF if len(b) else 0),
                  np.int64(5 - len(b)), deck, np.uint64(sum(1 << int(c) for c in deck)),
                  bool(g.split_code == K.SP_LOW8))
    return RH, SE


#: the most completions of a partly known hand listed for exact enumeration
MAX_COMPLETIONS = 20_000


def _choices(spot: OmahaSpot, i: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Player i's possible hands (masks, weights): its range, or every completion of its
    known cards from the cards left (None past :data:`MAX_COMPLETIONS`)."""
    r = spot.ranges[i]
    if r is not None:
        return r.masks, r.weights
    known = [c for c in spot.slots[i] if c is not None]
    k = len(spot.slots[i]) - len(known)
    left = 52 - bin(spot.known_mask).count("1")
    if comb(left, k) > MAX_COMPLETIONS:
        return None
    own = sum(1 << c for c in known)
    fills = all_hands(k)
    m = fills[(fills & np.uint64(spot.known_mask)) == 0] | np.uint64(own)
    return m, np.ones(len(m))


#: under a time limit, the joint table of compatible choices may take this share of it,
#: at :data:`PAIR_NS` a candidate pair (measured: 2-10 ns); past it the run is Monte Carlo
PLAN_SHARE, PAIR_NS = 0.1, 10.0


def _exact_plan(spot: OmahaSpot, time_limit: float | None = None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, float] | None:
    """(choices [T, P] as rows of the cards [N, H], the cards, the choices' weights, boards
    per choice, cost) when every player's possible hands fit a joint table (built within
    :data:`PLAN_SHARE` of ``time_limit``)."""
    P, H = len(spot.slots), spot.game.hole
    got = [_choices(spot, i) for i in range(P)]
    if any(g is None for g in got):
        return None
    ms = [g[0] for g in got]                                     # type: ignore[index]
    work = MAX_WORK if time_limit is None else min(
        MAX_WORK, int(PLAN_SHARE * time_limit * 1e9 / PAIR_NS))
    t = joint_table(ms, [g[1] for g in got], work)               # type: ignore[index]
    if t is None:
        return None
    idx, w, _ = t
    if len(w) == 0:
        raise ValueError("the ranges cannot be dealt together: every choice of hands uses "
                         "some card twice")
    off = np.cumsum([0] + [len(m) for m in ms])
    tuples = idx + off[:-1][None, :]
    cards = np.ascontiguousarray(hand_cards(np.concatenate(ms), H))
    left = 52 - bin(spot.known_mask).count("1") - H * sum(
        1 for i in range(P) if spot.ranges[i] is not None or None in spot.slots[i])
    boards = comb(left, 5 - len(spot.board))
    cost = len(w) * boards * P * _EVAL_COST[K.K_OMAHA] * 2.0
    return tuples, cards, w, boards, cost


def omaha_equity(game: str | EquityGame, hands: Sequence[HandLike | OmahaRange],
                 board: HandLike = "",
                 dead: HandLike = "", *, exact: bool | None = None,
                 samples: int | None = None, std_err: float | None = None,
                 time_limit: float | None = None, seed: int = 0,
                 threads: int | None = None,
                 progress: Callable[[Progress], None] | None = None) -> EquityResult:
    """:func:`pyeval.equity.equity` for an Omaha spot with ranges (the same arguments and
    result)."""
    from pyeval.equity.engine import _threads
    t0 = time.perf_counter()
    spot = omaha_spot(game, hands, board, dead)
    if samples is not None and (not isinstance(samples, (int, np.integer)) or samples < 1):
        raise ValueError(f"samples must be a positive integer, not {samples!r}")
    if std_err is not None and not (std_err > 0):
        raise ValueError(f"std_err must be a positive number, not {std_err!r}")
    if time_limit is not None and not (time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
    nthreads = _threads(threads)
    RH, SE = _seats(spot)
    P = len(spot.slots)
    # the joint table of compatible choices is only needed when the run may be exact (a
    # sample count asks for Monte Carlo): it cost 30-70 ms on two wide ranges
    plan = (_exact_plan(spot, None if exact else time_limit)
            if exact or (exact is None and samples is None) else None)
    if exact and (plan is None or plan[4] > EXACT_MAX_COST):
        raise ValueError(f"exact enumeration of this spot is refused: the compatible choices "
                         f"of hands are more than {MAX_TUPLES:,} (or a partly known hand "
                         f"has more than {MAX_COMPLETIONS:,} completions), or it would take "
                         f"hours; use Monte Carlo (exact=False or None)")
    if exact and time_limit is not None and plan is not None and plan[4] > time_limit * 1e9:
        raise TimeLimitError(
            f"exact enumeration of this spot is estimated at {plan[4] / 1e9:.2g} "
            f"core-seconds, more than time_limit={time_limit:g} s; give a longer "
            f"time_limit, or exact=None for Monte Carlo within it")
    do_exact = plan is not None and (bool(exact) or (
        exact is None and samples is None and plan[4] <= EXACT_AUTO_COST
        and (time_limit is None or plan[4] <= time_limit * 1e9)))
    sums = _GroupSums(P)
    if do_exact:
        assert plan is not None
        tuples, cards, w, boards, _ = plan
        out = OR.range_exact(tuples, w, cards, SE, nthreads)
        st = mask_stats(out, P)
        sums.add(st.sum(axis=0)[None], np.array([len(w) * boards]),
                 np.array([float(w.sum()) * boards]))
        stopped = "exact"
    else:
        stopped = _run_mc(RH, SE, sums, int(seed), samples, std_err, time_limit, progress,
                          t0, nthreads)
    return _build_result(spot.spot(), sums, do_exact, None if do_exact else int(seed),
                         nthreads, time.perf_counter() - t0, stopped)


#: Monte Carlo boards dealt on each draw of the hands in a run's first round; the spread of
#: its deals within and between draws chooses the rest (:func:`_boards_per_draw`)
PILOT_BOARDS = 2
#: the choices of boards a draw, the most last
BOARD_CHOICES = (1, 2, 4, 8, 16)
#: the time of a draw of the hands (range draws and clashes, their records, unknown hole
#: cards) as a share of a board's (its cards and the showdown): 0.36, 0.43 and 0.67 on
#: ``AA**`` vs ``QJT9``, ``top 10%`` vs ``KK**ds`` and the three-way spot (bench/RESULTS.md)
DRAW_COST = 0.5


def _boards_per_draw(st: np.ndarray, groups: np.ndarray, deals: float, k: int) -> int:
    """The boards to deal on each draw of the hands for the least time at a given standard
    error, from a round of ``deals`` deals dealt ``k`` a draw (its sums ``st`` [P, NSTAT]
    and group sums ``groups`` [P + 1, 2], :class:`._omaharange.RangeRun`). With rho the
    share of a deal's variance that lies between draws (estimated from the spread within and
    between the round's groups), a board costs 1 + DRAW_COST / b of time and b boards a draw
    multiply the variance by 1 + (b - 1) rho.

    >>> _boards_per_draw(np.zeros((2, 8)), np.array([[0., 0], [0, 0], [4, 16]]), 8.0, 2)
    16
    """
    P, g = st.shape[0], groups[-1, 0]
    if g < 2 or deals <= g:
        return k
    # each player's variance within a draw, and of the draws' means beyond it
    within = np.maximum(st[:, K.S_SHARE2] - groups[:P, 0] / k, 0.0) / (deals - g)
    mean = st[:, K.S_SHARE] / deals
    spread = (groups[:P, 0] / (k * k * g) - mean * mean) * g / (g - 1)
    between = float(np.maximum(spread - within / k, 0.0).sum())
    total = float(within.sum()) + between
    if total <= 0.0:                            # nothing varies: the cheapest deals
        return BOARD_CHOICES[-1]
    rho = between / total
    return min(BOARD_CHOICES, key=lambda b: (1.0 + DRAW_COST / b) * (1.0 + (b - 1) * rho))


class _GroupSums(_Sums):
    """:class:`._Sums` of deals dealt in groups of boards on one draw of the hands (the
    boards of a group are not independent: the standard error is that of a mean of group
    totals, each group weighing by its size; for groups of one deal it is the plain
    one)."""

    def __init__(self, P: int) -> None:
        super().__init__(P)
        self.groups = np.zeros((P + 1, 2))
        self.tries = 0

    def add_groups(self, run: OR.RangeRun, st: np.ndarray) -> None:
        """Adds a run's group sums (``st``: its sums by chunk, for runs of one board a
        draw, whose deals are their own groups)."""
        for i in range(run.groups.shape[0]):          # in chunk order
            g = run.groups[i]
            if g[-1, 0] == 0:
                n = float(run.wins[i].sum())
                g = np.array([[*st[i, :, K.S_SHARE2], n], [*st[i, :, K.S_SHARE], n]]).T
            self.groups += g
        self.tries += int(run.tries.sum())
        # the share of draws of the hands that fit (each draw dealt many boards)
        self.acceptance = float(self.groups[-1, 0] / max(self.tries, 1))

    def std_errs(self, exact: bool) -> np.ndarray:
        P = self.st.shape[0]
        g = self.groups[-1, 0]
        if exact:
            return super().std_errs(exact)
        if g < 2:
            return np.full(P, np.inf)
        n = self.deals
        mean = self.st[:, K.S_SHARE] / n
        sq, kx = self.groups[:P, 0], self.groups[:P, 1]
        # sum over groups of (group total - size * mean)**2, as sums kept by the kernel
        dev = np.maximum(sq - 2.0 * mean * kx + mean * mean * self.groups[-1, 1], 0.0)
        var = g / (g - 1) * dev / (n * n)
        q = 1.0 / (n + 2)                     # the plain floor (a share that never varied)
        return np.sqrt(np.maximum(var, q * (1 - q) / (n - 1)))


def _run_mc(RH: OR.RangeHands, SE: OR.Seats, sums: _GroupSums, seed: int, samples: int | None,
            std_err: float | None, time_limit: float | None,
            progress: Callable[[Progress], None] | None, t0: float, threads: int) -> str:
    """Rounds of 4, 16, 64, 64 ... chunks until the sample count, the standard error or the
    time limit; returns why it stopped."""
    P = SE.hole0.shape[0]
    target = samples if samples is not None else DEFAULT_MAX_SAMPLES
    if samples is None and std_err is None:
        std_err = DEFAULT_STD_ERR
    # under a time limit the first round is one chunk: the rate it measures sizes the rest
    chunk_no, size = 0, 4 if time_limit is None else 1
    boards = PILOT_BOARDS
    t_mc = time.perf_counter()
    while True:
        left = target - int(sums.deals)
        if left <= 0:
            return "samples"
        deals = min(size * CHUNK, left)
        if time_limit is not None and sums.deals > 0:
            # no round past the time limit: as many deals as the rate so far fits in it
            # (half of it: a second thread may wait for a core on a busy machine)
            rate = sums.deals / max(time.perf_counter() - t_mc, 1e-6)
            fits = 0.5 * rate * (t0 + time_limit - time.perf_counter())
            deals = max(min(deals, int(fits) // CHUNK * CHUNK), min(CHUNK, left))
        nsamp = np.full(-(-deals // CHUNK), CHUNK, dtype=np.int64)
        nsamp[-1] = deals - CHUNK * (len(nsamp) - 1)
        run = OR.range_mc(RH, SE, seed, chunk_no, nsamp, 1 if len(nsamp) <= 4 else threads,
                          boards)
        if (run.tries < 0).any():
            raise ValueError("the ranges almost never fit together (ten million draws "
                             "without a deal): widen them or remove overlaps")
        st = mask_stats(run.wins, P)
        sums.add(st, nsamp, nsamp.astype(np.float64))
        sums.add_groups(run, st)
        if chunk_no == 0:                 # the first round chooses the boards a draw
            boards = _boards_per_draw(st.sum(axis=0), run.groups.sum(axis=0),
                                      float(nsamp.sum()), boards)
        chunk_no += len(nsamp)
        size = min(size * 4, MAX_ROUND)
        se = float(sums.std_errs(False).max())
        if progress is not None:
            frac = sums.deals / target
            if std_err is not None and np.isfinite(se) and se > 0:
                frac = max(frac, min(1.0, (std_err / se) ** 2))
            progress(Progress(min(frac, 1.0), int(sums.deals), sums.equities(), se, False))
        if std_err is not None and sums.deals >= 2 * CHUNK and se <= std_err:
            return "std_err"
        if time_limit is not None and time.perf_counter() - t0 >= time_limit:
            return "time_limit"
