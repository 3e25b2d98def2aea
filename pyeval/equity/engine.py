"""``equity()``: from hands, board and dead cards to each player's share of the pot.

A *spot* is what the caller knows: each player's hand (cards, cards with ``*`` for unknown
ones, or a range in two-card games), the board and the dead cards. Every deal consistent
with it is equally likely (weighted by range weights); overlapping ranges are dealt jointly,
so a combination that collides with another player's is never dealt, without bias.

Exact enumeration walks every such deal when that is cheap enough (or when forced with
``exact=True``); otherwise Monte Carlo samples deals until a standard-error target, a
sample count or a time limit is reached.

>>> r = equity("holdem", ["AcAd", "KhKs"])
>>> r.exact, r.samples, f"{r.players[0].equity:.6f}"
(True, 1712304, '0.812555')
>>> r = equity("omaha", ["AsAhKsKh", "9c8d7c6d"], samples=200_000, exact=False, seed=1)
>>> abs(r.players[0].equity - 0.600622) < 4 * r.players[0].std_err
True
"""
from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Union

import numpy as np

from pyeval.cards import cards as _cards
from pyeval.cards import format_card, format_cards, hand_kind, tokens
from pyeval.equity import _exact_classes as XC
from pyeval.equity import _exact_ranks as XR
from pyeval.equity import _kernels as K
from pyeval.equity import _rangemc as RM
from pyeval.equity.games import EquityGame
from pyeval.equity.games import game as _game
from pyeval.equity.ranges import Range, RangeError, parse_range
from pyeval.equity.result import EquityResult, PlayerEquity, Progress

__all__ = ["CHUNK", "EXACT_AUTO_COST", "EXACT_MAX_COST", "Spot", "equity", "make_spot"]

HandLike = Union[str, Sequence[int], Sequence[str], np.ndarray]

#: Monte Carlo deals per chunk (each chunk has its own random stream)
CHUNK = 8192
#: a round of Monte Carlo (the stopping rules and the progress callback are looked at
#: between rounds) starts at 4 chunks and grows fourfold up to about this many seconds of
#: one core, by an estimate that depends only on the spot (so that where a run stops never
#: depends on the machine): few rounds, since each one waits for every thread
ROUND_SECONDS = 0.25
#: exact enumeration is chosen automatically when its estimated cost is below this
#: (about a nanosecond per unit on one core: half a second)
EXACT_AUTO_COST = 5e8
#: beyond this, even a forced exact run is refused
EXACT_MAX_COST = 2e12
#: tasks an exact run is divided into (independent of the thread count)
EXACT_TASKS = 256
#: exact runs estimated below this cost (see exact_cost) run on one thread
SMALL_JOB = 2e7
#: default standard-error target when neither samples nor std_err is given
DEFAULT_STD_ERR = 2e-4
#: with a time limit, a round deals what the last round's speed says fits in this share of
#: the time left, so the rounds near the limit shrink geometrically and a round dealt twice
#: as slowly as the one before (another process taking the core) still ends in time. 0.9
#: overran the limit by more than 10 % when two test workers shared the cores; each extra
#: round costs one kernel call (well under a millisecond)
TIME_MARGIN = 0.5
#: cost of looking at one combination in the exact walk, in exact_cost units (calibrated:
#: six players on "QQ+, AK" with a 2c7d9h board)
WALK_STEP = 5.0
#: deals of the speed probe that runs before a time-limited Monte Carlo, on a stream of
#: its own (chunk index PROBE_STREAM, far beyond any real chunk)
PROBE_DEALS = 64
PROBE_STREAM = 1 << 60
#: range draws tried for one deal before giving up on ranges that (almost) never fit
MAX_ATTEMPTS = 10_000_000
#: default cap on Monte Carlo deals
DEFAULT_MAX_SAMPLES = 2_000_000_000

# cost of one evaluation in exact enumeration, by kind (about a nanosecond per unit)
_EVAL_COST = {K.K_HOLDEM: 1, K.K_OMAHA: 6, K.K_SUPER8: 8, K.K_TAHOE: 4, K.K_STUD: 2,
              K.K_RAZZ: 2, K.K_FIVE: 1.5, K.K_BUFFALO: 4, K.K_CROC: 3}


# ------------------------------------------------------------------------------ the spot

@dataclass
class Player:
    """One seat: known cards by position (None = to be dealt), or a range."""

    text: str
    slots: list[int | None]
    rng: Range | None = None


@dataclass
class Spot:
    """A checked question: the game as dealt to this many players, the seats, the known
    board and the dead cards."""

    game: EquityGame
    players: list[Player]
    board: list[int]
    dead: list[int]

    @property
    def known_mask(self) -> int:
        m = 0
        for c in self.board + self.dead:
            m |= 1 << c
        for p in self.players:
            for slot in p.slots:
                if slot is not None:
                    m |= 1 << slot
        return m

    @property
    def deck(self) -> list[int]:
        """Cards that can still be dealt (ranges' cards included)."""
        km = self.known_mask
        return [c for c in range(52) if not km >> c & 1]


def _hand_name(i: int, text: str) -> str:
    return f"hand {i + 1} {text!r}"


def _parse_player(i: int, hand: HandLike, g: EquityGame) -> Player:
    if isinstance(hand, str):
        text = hand.strip()
        if not text:
            raise ValueError(f"hand {i + 1} is empty; write its cards, * for unknown cards, "
                             f"or 'random'")
        kind = hand_kind(text, ranges=g.ranges_allowed)
        if kind == "random":
            return Player(text, [None] * g.hole)
        slots = tokens(text, wild=True) if kind == "cards" else None
        if slots is None:
            if not g.ranges_allowed:
                raise ValueError(
                    f"{_hand_name(i, text)}: not cards, and ranges are only for two-card "
                    f"hold'em games; in {g.name} write the cards, with * for an unknown card "
                    f"(e.g. {'As' + 'Kh' + '*' * max(0, g.hole - 2)!r})")
            try:
                rng = parse_range(text)
            except RangeError as e:
                raise ValueError(f"{_hand_name(i, text)}: {e}") from None
            return Player(text, [None, None], rng)
    else:
        arr = _cards(hand, what=f"hand {i + 1}")
        slots = [int(c) for c in arr]
        text = format_cards(arr)
    _check_count(i, text, len(slots), g)
    seen: set[int] = set()
    for c in slots:
        if c is not None:
            if c in seen:
                raise ValueError(f"card {format_card(c)!r} appears twice in "
                                 f"{_hand_name(i, text)}")
            seen.add(c)
    return Player(text, slots + [None] * (g.hole - len(slots)))


def _check_count(i: int, text: str, n: int, g: EquityGame) -> None:
    name = _hand_name(i, text)
    if g.dealt != g.hole and n > g.hole:
        what = ("each player keeps 2 of the hole cards" if g.family == "holdem"
                else "each player discards one down card on third street")
        raise ValueError(
            f"{name}: {g.name} equity is computed after the discard ({what}): give the "
            f"{g.hole} cards kept, not the {g.dealt} dealt; known discards go in dead=. "
            f"Before the discard the equity depends on what each player keeps.")
    if g.family == "holdem":
        if n != g.hole:
            raise ValueError(f"{name} has {n} card{'s' * (n != 1)}; {g.name} hands have "
                             f"{g.hole} hole cards (write * for an unknown card, e.g. "
                             f"{'Ah' + '*' * (g.hole - 1)!r})")
    elif n > g.hole:
        extra = ""
        if g.board == 1:
            extra = (f"; with this many players the seventh card is a single community "
                     f"card: give {g.hole} cards per player and the community card as board")
        raise ValueError(f"{name} has {n} cards; {g.name} hands have at most {g.hole}{extra}")


def _check_board(board: list[int], g: EquityGame) -> None:
    n = len(board)
    if g.family == "holdem":
        if n not in (0, 3, 4, 5):
            raise ValueError(f"board has {n} card{'s' * (n != 1)}; a {g.name} board is "
                             f"empty, a flop (3), a turn (4) or a river (5)")
    elif g.board == 1:
        if n > 1:
            raise ValueError(f"board has {n} cards; the community card of {g.name} with this "
                             f"many players is one card")
    elif n:
        raise ValueError(f"{g.name} has no board (got {n} board cards)"
                         + ("; with 8 players the seventh card is a community card"
                            if g.community_seventh else ""))


def make_spot(game: str | EquityGame, hands: Sequence[HandLike], board: HandLike = "",
              dead: HandLike = "") -> Spot:
    """Parses and checks a question (see :func:`equity` for the forms accepted).

    >>> s = make_spot("holdem", ["AhKh", "QQ+"], board="Ks 7d 2c")
    >>> [len(p.rng) if p.rng is not None else p.slots for p in s.players]
    [[50, 46], 10]
    """
    g = _game(game)
    if isinstance(hands, (str, bytes)):
        raise TypeError("hands is a list of hands, one per player, e.g. ['AhKh', 'QQ+']")
    hands = list(hands)
    if len(hands) < 2:
        raise ValueError(f"equity needs at least 2 players, got {len(hands)}")
    g = g.for_players(len(hands))
    if len(hands) > g.max_players:
        raise ValueError(f"{g.name} takes at most {g.max_players} players, got {len(hands)}")
    b = [int(c) for c in _cards(board, what="board")]
    _check_board(b, g)
    d = [int(c) for c in _cards(dead, what="dead cards")]
    players = [_parse_player(i, h, g) for i, h in enumerate(hands)]

    where: dict[int, str] = {}

    def claim(c: int, what: str) -> None:
        if c in where:
            raise ValueError(f"card {format_card(c)!r} is dealt twice: in {where[c]} and "
                             f"in {what}")
        where[c] = what

    for c in b:
        claim(c, "the board")
    for c in d:
        claim(c, "the dead cards")
    for i, p in enumerate(players):
        for slot in p.slots:
            if slot is not None:
                claim(slot, f"hand {i + 1}")
    spot = Spot(g, players, b, d)
    _settle_ranges(spot)
    need = len(players) * g.hole + g.board
    have = 52 - len(d)
    if need > have:
        raise ValueError(f"{len(players)} players of {g.name} need {need} cards; the deck has "
                         f"{have} without the dead cards")
    return spot


def _settle_ranges(spot: Spot) -> None:
    """Removes from each range the combinations that use known cards; turns a range of one
    combination into known cards (which may empty other ranges: repeated until settled) and
    a uniform range of every possible combination into two unknown cards."""
    changed = True
    while changed:
        changed = False
        km = spot.known_mask
        for i, p in enumerate(spot.players):
            if p.rng is None:
                continue
            r = p.rng.without(km).normalised()    # largest weight 1: no overflow
            if len(r) == 0:
                raise ValueError(
                    f"{_hand_name(i, p.text)} leaves no hand: every combination of the range "
                    f"uses a card that is on the board, dead or in another hand")
            p.rng = r
            if len(r) == 1:
                a, b2 = (int(x) for x in r.cards[0])
                p.slots = [a, b2]
                p.rng = None
                changed = True
                break
    live = 52 - bin(spot.known_mask).count("1")
    for p in spot.players:
        if p.rng is not None and p.rng.uniform and len(p.rng) == live * (live - 1) // 2:
            p.rng = None
            p.slots = [None, None]
    _check_ranges_fit(spot)


def _check_ranges_fit(spot: Spot, budget: int = 200_000) -> None:
    """Raises when the ranges cannot all be dealt at once (searches, within a budget)."""
    rs = [(i, p.rng.masks.tolist()) for i, p in enumerate(spot.players) if p.rng is not None]
    if len(rs) < 2:
        return
    rs.sort(key=lambda x: len(x[1]))
    nodes = 0

    def dfs(k: int, used: int) -> bool | None:
        nonlocal nodes
        if k == len(rs):
            return True
        for m in rs[k][1]:
            nodes += 1
            if nodes > budget:
                return None
            if not m & used:
                r = dfs(k + 1, used | m)
                if r is None or r:
                    return r
        return False

    if dfs(0, 0) is False:
        names = ", ".join(repr(spot.players[i].text) for i, _ in rs)
        raise ValueError(f"the ranges {names} cannot be dealt together: every choice of "
                         f"hands uses some card twice")


# ------------------------------------------------------------------------------ exact plan

def _player_combos(p: Player, g: EquityGame, deck: list[int]) -> list[tuple[list[int], float]]:
    """Every holding of a seat, with its weight: the range's combinations, or the known
    cards with each way of filling the unknown slots (interchangeable slots as one
    combination)."""
    if p.rng is not None:
        return [([int(a), int(b)], float(w)) for (a, b), w in zip(p.rng.cards, p.rng.weights)]
    by_class: dict[int, list[int]] = {}
    for j, c in enumerate(p.slots):
        if c is None:
            by_class.setdefault(g.classes[j], []).append(j)
    if not by_class:
        return [([int(c) for c in p.slots if c is not None], 1.0)]
    groups = list(by_class.values())
    out = []

    def fill(gi: int, cur: list[int | None], used: set[int]) -> None:
        if gi == len(groups):
            out.append(([int(c) for c in cur], 1.0))   # type: ignore[arg-type]
            return
        pos = groups[gi]
        avail = [c for c in deck if c not in used]
        for comb in itertools.combinations(avail, len(pos)):
            nxt = list(cur)
            for j, c in zip(pos, comb):
                nxt[j] = c
            fill(gi + 1, nxt, used | set(comb))

    fill(0, list(p.slots), set())
    return out


def _combo_count(p: Player, g: EquityGame, nd: int) -> float:
    if p.rng is not None:
        return float(len(p.rng))
    by_class: dict[int, int] = {}
    for j, c in enumerate(p.slots):
        if c is None:
            by_class[g.classes[j]] = by_class.get(g.classes[j], 0) + 1
    n, left = 1.0, nd
    for u in by_class.values():
        n *= math.comb(left, u)
        left -= u
    return n


def exact_cost(spot: Spot) -> float:
    """Estimated cost of exact enumeration, in units of about a nanosecond on one core
    (calibrated on the development machine): per board, each holding's evaluation and
    each choice of holdings across the players.

    >>> f"{exact_cost(make_spot('holdem', ['AcAd', 'KhKs'])):.2e}"
    '1.37e+07'
    """
    g = spot.game
    nd = len(spot.deck)
    k = g.board - len(spot.board)
    boards = math.comb(nd, k) if nd >= k else 0
    sizes = [_combo_count(p, g, nd) for p in spot.players]
    P = len(sizes)
    if all(s == 1 for s in sizes) and g.kind == K.K_HOLDEM and k == 5:
        return boards * (2 + 3 * P)
    evals = sum(sizes) * _EVAL_COST[g.kind] * (1.5 if g.split == "low8" else 1)
    per_tuple = 2 if (P == 2 and g.split == "none") else (8 if g.split == "none" else 15)
    tuples = math.prod(sizes)
    together = _compatible_tuples(spot) if P > 2 else None     # heads-up: two plain loops
    if together is not None:
        # only choices sharing no card are walked, each on the boards that avoid its cards
        n_rng, seen, free = together
        used = 2 * sum(1 for p in spot.players if p.rng is not None)
        share = math.comb(nd - used, k) / boards if boards and nd - used >= k else 0.0
        tuples = (n_rng + seen * WALK_STEP / per_tuple) * free * share
    return boards * (20 + evals + tuples * per_tuple)


def _compatible_tuples(spot: Spot,
                       max_states: int = 200_000) -> tuple[float, float, float] | None:
    """How many choices of one combination per range player share no card, how many
    combinations the exact walk looks at to find them (both counted by a walk over the
    players, in seat order as the kernel goes, that remembers per player the cards later
    players could still want), and the product of the other players' holding counts;
    None when the walk would take too long. Ranges that overlap, such as six players on ``QQ+, AK``, can be
    dealt together far more rarely than the product of their sizes says.

    >>> spot = make_spot("holdem", ["QQ+, AK"] * 6, "2c7d9h")
    >>> n, seen, free = _compatible_tuples(spot)
    >>> int(n), int(seen) > n, free
    (226800, True, 1.0)
    """
    g = spot.game
    masks = [[int(m) for m in p.rng.masks] for p in spot.players if p.rng is not None]
    if not masks:
        return None
    free = math.prod(_combo_count(p, g, len(spot.deck)) for p in spot.players
                     if p.rng is None)
    later = [0] * (len(masks) + 1)          # cards any later range player could hold
    for i in range(len(masks) - 1, -1, -1):
        u = 0
        for m in masks[i]:
            u |= m
        later[i] = later[i + 1] | u
    memo: dict[tuple[int, int], tuple[int, int]] = {}

    def count(i: int, used: int) -> tuple[int, int]:
        """(choices sharing no card, combinations looked at) from player i on."""
        if i == len(masks):
            return 1, 0
        key = (i, used & later[i])
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) > max_states:
            raise OverflowError
        n, seen = 0, len(masks[i])
        for m in masks[i]:
            if not m & used:
                a, b = count(i + 1, used | m)
                n += a
                seen += b
        memo[key] = (n, seen)
        return n, seen

    try:
        n, seen = count(0, 0)
    except (OverflowError, RecursionError):
        return None
    return float(n), float(seen), float(free)


# ------------------------------------------------------------------------------ running

def _threads(threads: int | None) -> int:
    import numba
    top: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    if threads is None:
        return top
    if not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ValueError(f"threads must be a positive integer, not {threads!r}")
    return int(min(threads, top))


class _Sums:
    """Running sums: per-player statistics, deals, weight, range attempts."""

    def __init__(self, P: int) -> None:
        self.st = np.zeros((P, K.NSTAT))
        self.deals = 0.0
        self.weight = 0.0
        self.attempts = 0
        self.acceptance: float | None = None     # known exactly (a joint range table)

    def add(self, st: np.ndarray, deals: np.ndarray, weights: np.ndarray) -> None:
        for i in range(st.shape[0]):        # in chunk order: the same for any thread count
            self.st += st[i]
            self.deals += float(deals[i])
            self.weight += float(weights[i])

    def std_errs(self, exact: bool) -> np.ndarray:
        P = self.st.shape[0]
        if exact or self.deals < 2:
            return np.zeros(P) if exact else np.full(P, np.inf)
        n = self.deals
        mean = self.st[:, K.S_SHARE] / n
        var = np.maximum(self.st[:, K.S_SHARE2] / n - mean * mean, 0.0)
        return np.sqrt(var / (n - 1))

    def equities(self) -> tuple[float, ...]:
        w = self.weight or 1.0
        return tuple(float(x) for x in self.st[:, K.S_SHARE] / w)


def _build_result(spot: Spot, sums: _Sums, exact: bool, seed: int | None, threads: int,
                  elapsed: float, stopped: str) -> EquityResult:
    g = spot.game
    W = sums.weight
    if W <= 0:
        raise ValueError("no deal is possible for these hands, board and dead cards")
    se = sums.std_errs(exact)
    n = sums.deals
    scale = n / W
    players = []
    for i, p in enumerate(spot.players):
        s = sums.st[i]
        win, tie = s[K.S_WIN] / W, s[K.S_TIE] / W
        hw, ht, lw, lt = (s[K.S_HWIN] / W, s[K.S_HTIE] / W, s[K.S_LWIN] / W, s[K.S_LTIE] / W)
        wins, ties = s[K.S_WIN] * scale, s[K.S_TIE] * scale
        players.append(PlayerEquity(
            hand=p.text, equity=float(s[K.S_SHARE] / W), win=float(win), tie=float(tie),
            std_err=float(se[i]), scoop=float(win), high_win=float(hw), high_tie=float(ht),
            low_win=float(lw), low_tie=float(lt), wins=float(wins), ties=float(ties),
            losses=float(n - wins - ties)))
    acc = 1.0
    if not exact and sums.acceptance is not None:
        acc = sums.acceptance
    elif not exact and sums.attempts:
        acc = float(n / sums.attempts)
    return EquityResult(
        game=g.name, players=tuple(players), board=format_cards(spot.board),
        dead=format_cards(spot.dead), samples=int(round(n)), exact=exact, hi_lo=g.hi_lo,
        seed=seed, threads=threads, elapsed=elapsed, acceptance=acc, stopped=stopped)


def _run_exact(spot: Spot, progress: Callable[[Progress], None] | None,
               threads: int = 1) -> _Sums:
    g = spot.game
    T = K.tables(omaha=g.kind == K.K_OMAHA)
    P = len(spot.players)
    deck = spot.deck
    sums = _Sums(P)
    k = g.board - len(spot.board)
    fixed = all(p.rng is None and None not in p.slots for p in spot.players)
    one_task = False
    n_parts = XR.PARTS
    bdeck = np.array(deck, dtype=np.uint8)
    plan = None
    if g.kind == K.K_HOLDEM and not (fixed and k == 5):
        # every tuple of holdings once, counted by rank patterns in classes of equal counts
        # (pyeval/equity/_exact_classes.py); None when there are too many to list. Known
        # hands pre-flop (the first call most users make) keep _exact_ranks' walk: as fast
        # as OMPEval and about half the cold compile of this kernel
        held = [_player_combos(p, g, deck) for p in spot.players]
        plan = XC.ExactPlan([[cs for cs, _ in h] for h in held],
                            [[w for _, w in h] for h in held], spot.board, spot.dead)
    if plan is not None and plan.tuples is not None:
        one_task = True
        n_parts = XC.PARTS
        xplan = plan

        def run(t0: int, t1: int):
            cw, n, w = xplan.run(t0, t1, threads)
            return _counts_to_stats(cw), n, w
    elif fixed and g.kind == K.K_HOLDEM and k == 5:
        hk = np.array([sum(int(T.ckey[c]) for c in p.slots) for p in spot.players],
                      dtype=np.uint64)
        hs = np.array([int(np.bitwise_or.reduce(T.csrm[np.array(p.slots)]))
                       for p in spot.players], dtype=np.uint64)
        TA = T.addrs
        # every board by rank patterns (pyeval/equity/_exact_ranks.py): a few thousand
        # lookups, so no threads, in XR.PARTS parts (for progress reports)
        one_task = True

        def run(t0: int, t1: int):
            cnt = XR.holdem_exact_ranks(hk, hs, bdeck, TA, t0, t1)
            n = _deals_of_counts(cnt)
            return _counts_to_stats(cnt), n, n
    else:
        combos = [_player_combos(p, g, deck) for p in spot.players]
        c_off = np.zeros(P + 1, dtype=np.int64)
        for i, cl in enumerate(combos):
            c_off[i + 1] = c_off[i] + len(cl)
        M = int(c_off[-1])
        H = g.hole
        c_cards = np.zeros((M, H), dtype=np.uint8)
        c_w = np.zeros(M)
        c_as = np.zeros(M, dtype=np.uint8)
        j = 0
        for cl in combos:
            for cs, w in cl:
                c_cards[j, :] = cs
                c_w[j] = w
                if g.split == "chicago":
                    c_as[j] = any(cs[q] == K.AS_CARD for q in g.down)
                j += 1
        c_key = T.ckey[c_cards].sum(axis=1, dtype=np.uint64)
        c_srm = np.bitwise_or.reduce(T.csrm[c_cards], axis=1).astype(np.uint64)
        c_low = np.bitwise_or.reduce(T.clow[c_cards], axis=1).astype(np.uint64)
        c_mask = np.bitwise_or.reduce(T.cbit[c_cards], axis=1).astype(np.uint64)
        TA = T.addrs
        if g.kind == K.K_HOLDEM:
            b = np.array(spot.board, dtype=np.int64)
            bk0 = np.uint64(K.KEY_START + T.ckey[b].sum(dtype=np.uint64))
            bs0 = np.uint64(np.bitwise_or.reduce(T.csrm[b]) if len(b) else 0)
            bm0 = np.uint64(np.bitwise_or.reduce(T.cbit[b]) if len(b) else 0)

            def run(t0: int, t1: int):
                cw, n, w = K.holdem_exact_combos(c_off, c_key, c_srm, c_mask, c_w, bk0, bs0,
                                                 bm0, k, bdeck, EXACT_TASKS, t0, t1, TA,
                                                 threads=threads)
                return _counts_to_stats(cw), n, w
        else:
            board0 = np.array(spot.board + [K.NONE] * k, dtype=np.uint8)

            def run(t0: int, t1: int):
                st, cw, n, w = K.exact_tasks(g.kind, g.split_code, P, H, g.board, board0,
                                             bdeck, c_off, c_cards, c_w, c_mask, c_key, c_srm,
                                             c_low, c_as, EXACT_TASKS, t0, t1, TA,
                                             threads=threads)
                return st + _counts_to_stats(cw), n, w

    tasks = n_parts if one_task else EXACT_TASKS
    step = tasks if progress is None else 1 if one_task else 32
    for t0 in range(0, tasks, step):
        t1 = min(tasks, t0 + step)
        st, deals, wts = run(t0, t1)
        sums.add(st, deals, wts)
        if progress is not None:
            progress(Progress(t1 / tasks, int(sums.deals), sums.equities(), 0.0, True))
    return sums


def _deals_of_counts(cnt: np.ndarray) -> np.ndarray:
    """Deals behind [tasks, P, P + 1] counts: each deal adds k to the pots counted k ways."""
    P = cnt.shape[1]
    k = np.arange(P + 1, dtype=np.float64)
    k[0] = 1.0
    return (cnt.sum(axis=1) / k).sum(axis=1)


def _round_cap(spot: Spot) -> int:
    """Chunks per Monte Carlo round at most: about ROUND_SECONDS of one core, by a rough
    cost per deal (dealing, then each player's evaluation), as a power of two in 16..4096.

    >>> _round_cap(make_spot("holdem", ["AhKh", "QsQd"]))
    1024
    """
    g = spot.game
    unknown = sum(p.slots.count(None) for p in spot.players) + g.board - len(spot.board)
    per_deal = 10 + 2 * unknown + len(spot.players) * 3 * _EVAL_COST[g.kind]
    if g.split != "none":
        per_deal *= 1.5
    chunks = ROUND_SECONDS / (per_deal * 1e-9 * CHUNK)
    cap = 16
    while cap * 2 <= min(chunks, 4096):
        cap *= 2
    return cap


def _round_sizes(cap: int, split_first: bool) -> Iterator[int]:
    """Chunks per Monte Carlo round: 4, 16, 64, ... up to ``cap``. With a time limit the
    first round is split into 1 + 3 chunks, so that the speed is known after one chunk;
    the chunks and the rounds' ends (where the standard error is checked) stay those of a
    run without a limit, so a limit that does not bind changes no result.

    >>> import itertools
    >>> list(itertools.islice(_round_sizes(64, False), 5)), list(itertools.islice(_round_sizes(64, True), 4))
    ([4, 16, 64, 64, 64], [1, 3, 16, 64])
    """
    if split_first:
        yield 1
        yield 3
    else:
        yield 4
    r = 4
    while True:
        r = min(r * 4, cap)
        yield r


def _chunk_sizes(deals: int) -> np.ndarray:
    """``deals`` split into chunks of CHUNK deals, the last one shorter.

    >>> _chunk_sizes(2 * CHUNK + 5).tolist() == [CHUNK, CHUNK, 5]
    True
    """
    n_ch = -(-deals // CHUNK)
    nsamp = np.full(n_ch, CHUNK, dtype=np.int64)
    nsamp[-1] = deals - CHUNK * (n_ch - 1)
    return nsamp


def _deal_method(D: int, U: int, taken: int) -> int:
    """How to deal U cards from D when ``taken`` of them may be held by ranges:
    independent draws, all redrawn on a repeat, while that succeeds at least 70% of the
    time (a board from a nearly full deck); a partial shuffle otherwise (measured: the
    draws win at 5 cards from 48, the shuffle at 8 from 46)."""
    ok = 1.0
    for i in range(U):
        ok *= max(D - taken - i, 0) / D
    return K.DEAL_INDEP if ok >= 0.7 else K.DEAL_SHUFFLE


def _counts_to_stats(cnt: np.ndarray) -> np.ndarray:
    """[chunks, P, P + 1] counts of wins shared k ways -> [chunks, P, NSTAT] sums."""
    nch, P, _ = cnt.shape
    st = np.zeros((nch, P, K.NSTAT))
    k = np.arange(P + 1, dtype=np.float64)
    k[0] = 1.0
    c = cnt.astype(np.float64)
    st[:, :, K.S_SHARE] = (c / k).sum(axis=2)
    st[:, :, K.S_SHARE2] = (c / (k * k)).sum(axis=2)
    st[:, :, K.S_WIN] = c[:, :, 1]
    st[:, :, K.S_TIE] = c[:, :, 2:].sum(axis=2)
    st[:, :, K.S_HWIN] = st[:, :, K.S_WIN]
    st[:, :, K.S_HTIE] = st[:, :, K.S_TIE]
    return st


def _suit_symmetry(spot: Spot) -> tuple[np.ndarray, np.ndarray]:
    """Groups of suits that play the same role for every player and the dead cards (each
    player holds the same ranks in them, and so do the dead cards): permuting them changes
    no result. Returns (pairs of neighbouring suits in each group, [m, s1, .., sm] rows).

    >>> make = lambda *h: make_spot("holdem", list(h))
    >>> _suit_symmetry(make("AcAd", "KhKs"))[1].tolist()
    [[2, 0, 1, -1, -1], [2, 2, 3, -1, -1]]
    >>> _suit_symmetry(make("AhKh", "QsQd"))[1].tolist()
    [[2, 1, 3, -1, -1]]
    """
    def profile(suit: int) -> tuple:
        rows = [p.slots for p in spot.players] + [spot.dead, spot.board]
        return tuple(frozenset(c >> 2 for c in r if c is not None and c & 3 == suit)
                     for r in rows)

    groups: dict[tuple, list[int]] = {}
    for suit in range(4):
        groups.setdefault(profile(suit), []).append(suit)
    chains = [g for g in groups.values() if len(g) > 1]
    pairs = np.array([(g[i], g[i + 1]) for g in chains for i in range(len(g) - 1)],
                     dtype=np.int64).reshape(-1, 2)
    rows = np.full((len(chains), 5), -1, dtype=np.int64)
    for i, g in enumerate(chains):
        rows[i, 0] = len(g)
        rows[i, 1:1 + len(g)] = g
    return pairs, rows


def _alias(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias tables for sampling index i with probability w[i] / sum(w)."""
    n = len(w)
    p = w * (n / w.sum())
    prob = np.ones(n)
    alias = np.arange(n, dtype=np.int64)
    small = [i for i in range(n) if p[i] < 1.0]
    large = [i for i in range(n) if p[i] >= 1.0]
    while small and large:
        s, lg = small.pop(), large.pop()
        prob[s] = p[s]
        alias[s] = lg
        p[lg] = (p[lg] + p[s]) - 1.0
        (small if p[lg] < 1.0 else large).append(lg)
    return prob, alias


def _joint_ranges(spot: Spot, rp: np.ndarray, r_off: np.ndarray, r_key: np.ndarray,
                  r_srm: np.ndarray, r_mask: np.ndarray, hk0: np.ndarray,
                  hs0: np.ndarray) -> tuple | None:
    """Hold'em with every hole card known or from a range: the joint table of compatible
    choices (:mod:`._rangemc`) as (keys [T, P], suit-rank masks [T, P], card masks [T],
    alias keep, alias, weighted, acceptance), or None when it would be too large."""
    players = [i for i in range(len(rp)) if rp[i] >= 0]
    sl = [slice(int(r_off[rp[i]]), int(r_off[rp[i] + 1])) for i in players]
    ws = [spot.players[i].rng.weights for i in players]     # type: ignore[union-attr]
    t = RM.joint_table([r_mask[s] for s in sl], ws)
    if t is None:
        return None
    idx, w, acc = t
    if len(w) == 0:
        raise ValueError("the ranges cannot be dealt together: every choice of hands uses "
                         "some card twice")
    T = len(w)
    tk = np.repeat(hk0[None, :].astype(np.uint64), T, axis=0)
    ts = np.repeat(hs0[None, :].astype(np.uint64), T, axis=0)
    tm = np.zeros(T, dtype=np.uint64)
    for col, (i, s) in enumerate(zip(players, sl)):
        j = idx[:, col] + s.start
        tk[:, i] += r_key[j]
        ts[:, i] |= r_srm[j]
        tm |= r_mask[j]
    weighted = not bool(np.all(w == w[0]))
    if weighted:
        keep, alias = RM.alias_u32(w)
    else:
        keep, alias = np.zeros(1, np.uint64), np.zeros(1, np.int64)
    return tk, ts, tm, keep, alias, weighted, acc


def _run_mc(spot: Spot, seed: int, samples: int | None, std_err: float | None,
            time_limit: float | None, progress: Callable[[Progress], None] | None,
            t_start: float, threads: int) -> tuple[_Sums, str]:
    g = spot.game
    T = K.tables(omaha=g.kind == K.K_OMAHA)
    P, H, NB = len(spot.players), g.hole, g.board
    hole0 = np.full((P, H), K.NONE, dtype=np.uint8)
    rp = np.full(P, -1, dtype=np.int64)
    offs, rc, rprob, ralias, rmask = [0], [], [], [], []
    unk_t, unk_s = [], []
    for i, p in enumerate(spot.players):
        if p.rng is not None:
            rp[i] = len(offs) - 1
            pr, al = _alias(p.rng.weights)
            rc.append(p.rng.cards)
            rprob.append(pr)
            ralias.append(al)
            rmask.append(p.rng.masks)
            offs.append(offs[-1] + len(p.rng))
            continue
        for j, c in enumerate(p.slots):
            if c is None:
                unk_t.append(i)
                unk_s.append(j)
            else:
                hole0[i, j] = c
    board0 = np.full(NB, K.NONE, dtype=np.uint8)
    board0[:len(spot.board)] = spot.board
    for j in range(len(spot.board), NB):
        unk_t.append(P)
        unk_s.append(j)
    r_off = np.array(offs, dtype=np.int64)
    r_cards = np.concatenate(rc).astype(np.uint8) if rc else np.zeros((0, 2), np.uint8)
    r_prob = np.concatenate(rprob) if rprob else np.zeros(0)
    r_alias = np.concatenate(ralias).astype(np.int64) if ralias else np.zeros(0, np.int64)
    r_mask = np.concatenate(rmask).astype(np.uint64) if rmask else np.zeros(0, np.uint64)
    deck = np.array(spot.deck, dtype=np.uint8)
    unk_t_a = np.array(unk_t, dtype=np.int64)
    unk_s_a = np.array(unk_s, dtype=np.int64)
    down_mask = sum(1 << j for j in g.down)
    seed_u = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
    # hold'em: keys of the known cards
    hk0 = T.ckey[hole0].sum(axis=1, dtype=np.uint64)
    hs0 = np.bitwise_or.reduce(T.csrm[hole0], axis=1).astype(np.uint64)
    bk0 = np.uint64(K.KEY_START + T.ckey[board0].sum(dtype=np.uint64))
    bs0 = np.uint64(np.bitwise_or.reduce(T.csrm[board0]) if NB else 0)
    method = _deal_method(len(deck), len(unk_t), 2 * int((rp >= 0).sum()))
    TA = T.addrs
    r_key = T.ckey[r_cards].sum(axis=1, dtype=np.uint64)
    r_srm = np.bitwise_or.reduce(T.csrm[r_cards], axis=1).astype(np.uint64)

    target = samples if samples is not None else DEFAULT_MAX_SAMPLES
    if samples is None and std_err is None:
        std_err = DEFAULT_STD_ERR
    sums = _Sums(P)
    chunk_no = 0
    joint = None
    if g.kind == K.K_HOLDEM and (rp >= 0).any() and all(t == P for t in unk_t):
        joint = _joint_ranges(spot, rp, r_off, r_key, r_srm, r_mask, hk0, hs0)
        if joint is not None:
            sums.acceptance = joint[-1]
            pools = RM.row_pools(deck, joint[2])

    def run(nsamp: np.ndarray, chunk0: int, run_threads: int):
        if joint is not None:
            tk, ts, tm, keep, alias, weighted, _ = joint
            cnt = RM.holdem_range_mc(tk, ts, tm, keep, alias, weighted, deck, pools, len(unk_t),
                                     bk0, bs0, seed_u, chunk0, nsamp, TA, threads=run_threads)
            none = np.zeros(len(nsamp), dtype=np.int64)
            return _counts_to_stats(cnt), none, none
        if g.kind == K.K_HOLDEM:
            cnt, att, failed = K.holdem_mc(P, hk0, hs0, bk0, bs0, rp, r_off, r_key, r_srm,
                                           r_prob, r_alias, r_mask, deck, method,
                                           unk_t_a, seed_u, chunk0, nsamp, MAX_ATTEMPTS,
                                           TA, threads=run_threads)
            return _counts_to_stats(cnt), att, failed
        return K.mc_chunks(g.kind, g.split_code, P, H, NB, hole0, board0, rp, r_off, r_cards,
                           r_prob, r_alias, r_mask, deck, method, unk_t_a, unk_s_a, down_mask,
                           seed_u, chunk0, nsamp, MAX_ATTEMPTS, TA, threads=run_threads)

    rounds = _round_sizes(_round_cap(spot), time_limit is not None)
    rate = None                      # deals per second in the last round (time limits)
    if time_limit is not None:
        # a few deals on a stream of their own, never counted: the speed before the first
        # chunk, which alone may outlast a short limit when the ranges rarely fit together
        t_probe = time.perf_counter()
        _, _, failed = run(np.array([PROBE_DEALS], dtype=np.int64), PROBE_STREAM, 1)
        rate = PROBE_DEALS / max(time.perf_counter() - t_probe, 1e-6)
        if failed.any():
            raise ValueError("the ranges almost never fit together (ten million tries "
                             "without a deal): widen them or remove overlaps")
    stopped = "samples"
    while True:
        left = target - int(sums.deals)
        if left <= 0:
            stopped = "samples"
            break
        nsamp = _chunk_sizes(min(next(rounds) * CHUNK, left))
        if time_limit is not None and rate is not None:
            # the limit binds when the round would not end in time: deal what fits
            remaining = t_start + time_limit - time.perf_counter()
            fit = int(rate * remaining * TIME_MARGIN)
            if fit < int(nsamp.sum()):
                if sums.deals == 0:                # the limit passed before any deal
                    fit = max(fit, min(int(nsamp.sum()), 4 * PROBE_DEALS))
                elif remaining < 0.02 * time_limit or fit < 1:
                    stopped = "time_limit"
                    break
                nsamp = _chunk_sizes(fit)
        n_ch = len(nsamp)
        t_round = time.perf_counter()
        # short rounds on one thread (see equity())
        st, att, failed = run(nsamp, chunk_no, 1 if n_ch <= 8 else threads)
        if failed.any():
            raise ValueError("the ranges almost never fit together (ten million tries "
                             "without a deal): widen them or remove overlaps")
        sums.add(st, nsamp, nsamp)
        sums.attempts += int(att.sum())
        chunk_no += n_ch
        rate = float(nsamp.sum()) / max(time.perf_counter() - t_round, 1e-6)
        se = float(sums.std_errs(False).max())
        if progress is not None:
            frac = sums.deals / target
            if std_err is not None and np.isfinite(se) and se > 0:
                frac = max(frac, min(1.0, sums.deals / (sums.deals * (se / std_err) ** 2)))
            progress(Progress(min(frac, 1.0), int(sums.deals), sums.equities(), se, False))
        if std_err is not None and sums.deals >= 2 * CHUNK and se <= std_err:
            stopped = "std_err"
            break
        if time_limit is not None and time.perf_counter() - t_start >= time_limit:
            stopped = "time_limit"
            break
    return sums, stopped


def equity(game: str | EquityGame, hands: Sequence[HandLike], board: HandLike = "",
           dead: HandLike = "", *, exact: bool | None = None,
           samples: int | None = None, std_err: float | None = None,
           time_limit: float | None = None, seed: int = 0,
           threads: int | None = None,
           progress: Callable[[Progress], None] | None = None) -> EquityResult:
    """Each player's share of the pot.

    ``game``: a name or alias (``"holdem"``, ``"omaha"``, ``"omaha8"``, ``"stud"``,
    ``"razz"``, ``"chicago"``, ... see :data:`pyeval.equity.GAMES`). ``hands``: one entry per
    player, in seat order: cards (``"AhKh"``, ``["Ah", "Kh"]``, an array), cards with ``*``
    for unknown ones (``"AsAh**"``; stud hands are written in dealing order, down cards
    first, and cards not yet dealt may be left off), ``"random"``, or in two-card games a
    range (``"QQ+, AKs"``, see :mod:`pyeval.equity.ranges`). ``board``, ``dead``: known
    cards.

    ``exact``: None chooses exact enumeration when it is cheap, True forces it, False forces
    Monte Carlo. Monte Carlo stops at ``samples`` deals, when every player's standard error
    is at most ``std_err``, or after ``time_limit`` seconds, whichever comes first (by
    default: standard error 0.0002). ``seed`` fixes the deals: the same seed gives the same
    answer with any number of ``threads`` (default: all cores), unless a time limit cuts
    the run. ``progress`` is called with a :class:`Progress` after each batch of work.

    >>> r = equity("omaha8", ["AsAh2s3h", "KcKdQcQd"])
    >>> f"{r.players[0].equity:.6f}", r.hi_lo
    ('0.678177', True)
    """
    t_start = time.perf_counter()
    spot = make_spot(game, hands, board, dead)
    if samples is not None and (not isinstance(samples, (int, np.integer)) or samples < 1):
        raise ValueError(f"samples must be a positive integer, not {samples!r}")
    if std_err is not None and not (std_err > 0):
        raise ValueError(f"std_err must be a positive number, not {std_err!r}")
    if time_limit is not None and not (time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
    nthreads = _threads(threads)
    cost = exact_cost(spot)
    if exact is None:
        do_exact = cost <= EXACT_AUTO_COST
    elif exact:
        if cost > EXACT_MAX_COST:
            raise ValueError(f"exact enumeration of this spot would take hours (about "
                             f"{cost / 1e9 / 3600:.1f} core-hours); use Monte Carlo "
                             f"(exact=False or None)")
        do_exact = True
    else:
        do_exact = False
    if do_exact:
        # a short job runs on one thread: on a busy machine, waiting for a second thread to
        # be scheduled costs more than the job (the answer is the same either way)
        sums = _run_exact(spot, progress, 1 if cost < SMALL_JOB else nthreads)
        stopped = "exact"
    else:
        sums, stopped = _run_mc(spot, int(seed), samples, std_err, time_limit, progress,
                                t_start, nthreads)
    return _build_result(spot, sums, do_exact, None if do_exact else int(seed), nthreads,
                         time.perf_counter() - t_start, stopped)
