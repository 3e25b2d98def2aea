"""The equity kernels' inputs by name: NamedTuples of arrays and scalars grouped by meaning,
so that a worker takes ``(game, ranges, deal, streams, rows, TA, tally)`` instead of forty
positional arguments (as the simulator's kernel takes ``Tables``, ``Outs`` and ``Work``,
:mod:`pyeval.sim.kernel.work`). Numba passes a NamedTuple of arrays as a struct of its members: no
copy, and the loops read the same arrays as before.

- :class:`Game`: the game's showdown facts (evaluation kind, split, players, hole and
  board cards);
- :class:`Ranges`: the players' ranges (Monte Carlo), :class:`Combos`: every player's
  combinations (exact), :class:`ComboAddrs` the same by address;
- :class:`Deal`: how a Monte Carlo deal fills the unknown cards, :class:`Streams`: the
  chunks' random streams; :class:`ExactBoard`, :class:`HoldemBoard`: the known board and
  the cards left for it (exact), :class:`Units`: how the exact walk is cut into tasks;
- :class:`Tally`, :class:`ExactTally`: the outputs, one row per chunk or task;
- :class:`MCRows`, :class:`HoldemRows`, :class:`ExactRows`: a worker's scratch arena
  (one padded row of 8-byte words per chunk or task) and where each array starts in a
  row, :class:`ExactAddrs` one row by address.

>>> d = make_deal(np.arange(48, dtype=np.uint8), 2, np.full(5, 2), np.arange(5))
>>> int(d.ngroups), int(d.thr) == (1 << 32) % 48
(1, True)
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from pyeval.equity._dealing import deal_plan
from pyeval.equity._layout import evaluation, split_of


class Game(NamedTuple):
    """The showdown facts of the game a kernel plays: its evaluation and split as classes
    (:mod:`._layout`'s type-level switches: a kernel is compiled for one of each), players,
    hole and board cards (:func:`make_game`)."""

    ev: Any         # the evaluation (_layout.High, OmahaHigh, RazzLow, BestOfEight, DropOne)
    sp: Any         # how the pot is split (_layout.NoSplit, Low8, Chicago)
    P: int          # players
    H: int          # hole cards each
    NB: int         # board cards
    down: int       # the hole positions that are down cards, a bit each (Chicago)


def hand_keys(T: Any, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The evaluation key (sum of the cards' keys) and suit-rank mask of each row of
    ``cards`` [n, k] (card codes, an unknown slot ``NONE`` adding nothing), from the kernel
    tables ``T``: what the kernels add the dealt cards to.

    >>> from pyeval.jit import numba_ext as nx
    >>> from pyeval.cards import cards
    >>> hk, hs = hand_keys(nx.kernel_tables(), np.array([cards("AcAd"), cards("KhKs")]))
    >>> hk.dtype, hs.dtype, len(hk)
    (dtype('uint64'), dtype('uint64'), 2)
    """
    return (T.ckey[cards].sum(axis=1, dtype=np.uint64),
            np.bitwise_or.reduce(T.csrm[cards], axis=1).astype(np.uint64))

class KnownHands(NamedTuple):
    """Known hold'em hands as the kernels take them (:func:`known_hands`): the kernel
    tables, each hand's key and suit-rank mask (:func:`hand_keys`) and the cards left, in
    increasing order."""

    T: Any
    hk: np.ndarray
    hs: np.ndarray
    deck: np.ndarray


def known_hands(*hands: str) -> KnownHands:
    """The :class:`KnownHands` of hold'em hands given as text (the examples' and bench
    scripts' way to call a kernel directly).

    >>> T, hk, hs, deck = known_hands("AcAd", "KhKs")
    >>> len(hk), len(deck), int(deck[0]), int(deck[-1])
    (2, 48, 0, 51)
    """
    from pyeval.cards import cards
    from pyeval.jit import numba_ext as nx

    T = nx.kernel_tables()
    h = np.array([cards(x) for x in hands])
    held = set(h.ravel().tolist())
    hk, hs = hand_keys(T, h)
    return KnownHands(T, hk, hs, np.array([c for c in range(52) if c not in held], np.uint8))


def make_game(kind: int, split: int, P: int, H: int, NB: int, down: int) -> Game:
    """The :class:`Game` of an evaluation kind and split code (``_layout.K_*``, ``SP_*``).

    >>> make_game(4, 1, 2, 7, 0, 0b1000011)[:2]
    (High(n=0), Low8(code=1))
    """
    return Game(evaluation(kind, H), split_of(split), int(P), int(H), int(NB), int(down))


class HoldemKnown(NamedTuple):
    """The known cards of a hold'em Monte Carlo run by key: each player's hole cards (key
    and suit-rank mask) and the board's (the key with KEY_START)."""

    hk: np.ndarray      # uint64[P]
    hs: np.ndarray      # uint64[P]
    bk: np.uint64
    bs: np.uint64


class Known(NamedTuple):
    """The known cards of a Monte Carlo run of any game: NONE (255) in the slots to deal;
    their keys, suit-rank and low masks summed per player, the board's last (with
    KEY_START)."""

    hole0: np.ndarray   # uint8[P, H]
    board0: np.ndarray  # uint8[NB]
    key: np.ndarray     # uint64[P + 1]
    srm: np.ndarray     # uint64[P + 1]
    low: np.ndarray     # uint64[P + 1]


class Ranges(NamedTuple):
    """The players' ranges of a Monte Carlo run: range ``r`` is combinations
    ``off[r]:off[r + 1]``; each combination's two cards, their key, suit-rank mask and card
    mask, and the alias tables that draw one by weight."""

    rp: np.ndarray      # int64[P]: player p's range, -1 for none
    off: np.ndarray     # int64[ranges + 1]
    cards: np.ndarray   # uint8[M, 2]
    key: np.ndarray     # uint64[M]
    srm: np.ndarray     # uint64[M]
    mask: np.ndarray    # uint64[M]
    prob: np.ndarray    # float64[M]: alias probabilities
    alias: np.ndarray   # int64[M]: alias targets


class Deal(NamedTuple):
    """How the unknown cards of a Monte Carlo deal are dealt (:func:`make_deal`)."""

    deck: np.ndarray    # uint8[D]: the cards that can be dealt
    method: int         # _dealing.DEAL_SHUFFLE or DEAL_INDEP
    unk_t: np.ndarray   # int64[U]: the player of each card to deal (P for the board)
    unk_s: np.ndarray   # int64[U]: its slot in that player's hand or on the board
    ends: np.ndarray    # the groups of draws per random word (_dealing.deal_plan)
    gthr: np.ndarray    # their rejection thresholds
    ngroups: int        # how many groups
    thr: np.uint64      # 2**32 mod D: the rejection threshold of one independent draw


def make_deal(deck: np.ndarray, method: int, unk_t: np.ndarray, unk_s: np.ndarray) -> Deal:
    """The :class:`Deal` of ``deck``: the draw plan and thresholds computed once."""
    D = deck.shape[0]
    ends, gthr, ngroups = deal_plan(D, unk_t.shape[0])
    return Deal(deck, int(method), unk_t, unk_s, ends, gthr, int(ngroups),
                np.uint64((1 << 32) % max(D, 1)))


class Streams(NamedTuple):
    """The chunks of a Monte Carlo run: chunk ``i`` deals ``nsamp[i]`` hands on the random
    stream ``(seed, chunk0 + i)``; a range player is redrawn at most ``max_attempts`` times."""

    seed: np.uint64
    chunk0: np.int64
    nsamp: np.ndarray       # int64[chunks]
    max_attempts: int


class Tally(NamedTuple):
    """A Monte Carlo run's outputs, one row per chunk."""

    out: np.ndarray         # [chunks, P, P + 1] counts (hold'em) or [chunks, P, NSTAT] sums
    attempts: np.ndarray    # int64[chunks]: range draws
    failed: np.ndarray      # int64[chunks]: 1 when the ranges did not fit together


class Combos(NamedTuple):
    """Every player's combinations of an exact run: player p's are rows
    ``off[p]:off[p + 1]``; their cards, weights, card masks, keys, suit-rank and low masks,
    and whether the combination holds the ace of spades down (Chicago)."""

    off: np.ndarray     # int64[P + 1]
    cards: np.ndarray   # uint8[M, H]
    w: np.ndarray       # float64[M]
    mask: np.ndarray    # uint64[M]
    key: np.ndarray     # uint64[M]
    srm: np.ndarray     # uint64[M]
    low: np.ndarray     # uint64[M]
    ace: np.ndarray     # uint8[M]


class ComboAddrs(NamedTuple):
    """:class:`Combos` by address (:mod:`pyeval.jit.numba_mem` loads), for the per-board loops."""

    off: np.uint64
    cards: np.uint64
    w: np.uint64
    mask: np.uint64
    key: np.uint64
    srm: np.uint64
    low: np.uint64
    ace: np.uint64


class Units(NamedTuple):
    """How an exact walk is cut: unit u deals the board's first two unknown cards
    ``pa[u]``, ``pb[u]`` (:func:`._exact.board_units`); task ``ti`` of this call runs units
    ``t0 + ti``, ``t0 + ti + n_tasks``, ..."""

    pa: np.ndarray
    pb: np.ndarray
    n_tasks: int
    t0: int


class ExactBoard(NamedTuple):
    """The board of an exact run of any game: the known cards (NONE in the unknown
    slots), the cards left to complete it, the unknown slots and how many, the known
    cards' mask."""

    board0: np.ndarray  # uint8[NB]
    bdeck: np.ndarray   # uint8[D]
    slots: np.ndarray   # int64[NB]: the unknown slots first
    k: int              # unknown slots
    bmask0: np.uint64


class HoldemBoard(NamedTuple):
    """The board of an exact hold'em run: the known cards' key (with KEY_START), suit-rank
    and card masks; k cards to add from a deck given by key, suit-rank mask and card bit."""

    bk0: np.uint64
    bs0: np.uint64
    bmask0: np.uint64
    k: int
    kk: np.ndarray      # uint64[D]
    ks: np.ndarray      # uint64[D]
    kb: np.ndarray      # uint64[D]


class ExactTally(NamedTuple):
    """An exact run's outputs, one row per task."""

    st: np.ndarray      # float64[tasks, P, NSTAT]: split games' sums (empty for hold'em)
    cw: np.ndarray      # float64[tasks, P, P + 1]: weighted pots won shared k ways
    deals: np.ndarray   # float64[tasks]
    wts: np.ndarray     # float64[tasks]


class MCRows(NamedTuple):
    """The scratch arena of :func:`._montecarlo.mc_chunks`: per chunk the pool, the hole
    cards, the board, then the chunk's words (offsets in 8-byte words)."""

    arena: np.ndarray
    row: int
    cur: int
    curb: int
    w: int


class HoldemRows(NamedTuple):
    """The scratch arena of :func:`._montecarlo.holdem_mc`: per chunk the pool, then the
    chunk's words."""

    arena: np.ndarray
    row: int
    w: int


class ExactRows(NamedTuple):
    """The scratch arena of :func:`._exact.exact_tasks` and
    :func:`._exact.holdem_exact_combos`: where each array starts in a task's row (8-byte
    words; an array a kernel does not use may share another's start)."""

    arena: np.ndarray
    row: int
    bcur: int       # the board being walked (bytes)
    chi: int        # each combination's high value on it
    clo: int        # and low value
    valid: int      # whether it shares no card with the board (bytes)
    idx: int        # the walk over combinations: the choice of each player
    us: int         # the cards used up to each player
    ws: int         # the weight up to each player
    hi: int         # the values of one deal
    lo: int
    ix: int         # the walk over the board's last cards
    st: int         # the split games' sums
    acc: int        # weighted pots won shared k ways


class ExactAddrs(NamedTuple):
    """One task's row of :class:`ExactRows` by address."""

    bcur: np.uint64
    chi: np.uint64
    clo: np.uint64
    valid: np.uint64
    idx: np.uint64
    us: np.uint64
    ws: np.uint64
    hi: np.uint64
    lo: np.uint64
    ix: np.uint64
    st: np.uint64
    acc: np.uint64


class RankTuples(NamedTuple):
    """The tuples of an exact hold'em run by rank patterns (:func:`._exact_holdem.run`):
    row ``it`` of ``reps`` is one combination per player (rows of ``card``, rank pair
    ``pid``), weight ``wts[it]``; workers take blocks of ``blk`` tuples."""

    reps: np.ndarray    # int32[n, P]
    wts: np.ndarray     # float64[n]
    blk: int
    card: np.ndarray    # uint8[M, 2]
    pid: np.ndarray     # int64[M]


class RankBoard(NamedTuple):
    """The known cards of an exact hold'em run by rank patterns: ``k`` board cards to come,
    the cards left of each rank and the ranks left of each suit (board and dead cards
    out), the board's ranks and cards of each suit."""

    k: int
    avail: np.ndarray   # int64[13]
    amask: np.ndarray   # int64[4]
    bsm: np.ndarray     # int64[4]
    bcnt: np.ndarray    # int64[4]


class RankTables(NamedTuple):
    """The tables the rank-pattern steps read (:mod:`._exact_holdem`): the patterns'
    codes and the board's value table, the suit subsets, the patterns' index, the rank
    multisets of two other cards, binomials, the flush table."""

    codes: np.ndarray
    V: np.ndarray
    subs: np.ndarray
    soff: np.ndarray
    scnt: np.ndarray
    ioff: np.ndarray
    idx: np.ndarray
    o2a: np.ndarray
    o2b: np.ndarray
    comb: np.ndarray
    flush: np.ndarray


class JointTable(NamedTuple):
    """The players of a hold'em Monte Carlo run over a joint table
    (:func:`._rangemc.holdem_range_mc`): T rows of P hole keys, P suit-rank masks and a
    card mask each (``tab``, a row every ``2 * P + 1`` words), drawn uniformly or by
    weight through the alias tables ``keep``/``alias``."""

    P: np.int64
    T: np.int64
    tthr: np.uint64     # 2**32 mod T: the rejection threshold of a row's draw
    keep: np.ndarray    # uint32[T]
    alias: np.ndarray   # uint32[T]
    weighted: bool
    tab: np.ndarray     # uint64[T, 2 * P + 1]


class PoolDeal(NamedTuple):
    """The board of a joint-table run: U cards dealt from the shared ``deck`` or from each
    row's own pool (``pools`` [T, PD], PD 0 for none) onto the known board's key ``bk0``
    (with KEY_START) and suit-rank mask ``bs0``."""

    deck: np.ndarray
    thr: np.uint64      # 2**32 mod len(deck)
    pools: np.ndarray
    PD: np.int64
    pthr: np.uint64     # 2**32 mod PD
    U: np.int64
    bk0: np.uint64
    bs0: np.uint64


class JointAddrs(NamedTuple):
    """:class:`JointTable` by address, for the per-deal loops: the row count and draw
    threshold, the alias tables, the keys, masks and card masks of row 0 and the stride."""

    T: np.uint64
    tthr: np.uint64
    keep: np.uint64
    alias: np.uint64
    weighted: bool
    tk: np.uint64
    ts: np.uint64
    tm: np.uint64
    W: np.int64


class PoolAddrs(NamedTuple):
    """:class:`PoolDeal` by address."""

    dk: np.uint64
    D: np.int64
    thr: np.uint64
    pools: np.uint64
    PD: np.int64
    pthr: np.uint64
    U: np.int64
    bk0: np.uint64
    bs0: np.uint64


class OmahaHands(NamedTuple):
    """The players of an Omaha Monte Carlo run with every hole card known
    (:func:`._omahamc.omaha_mc`): each player's columns of the board rows' two-card table,
    hole key, suit-rank mask and low ranks; whether the low half is played."""

    cols: np.ndarray    # int64[P, W]
    hk: np.ndarray      # uint64[P]
    hs: np.ndarray      # uint64[P]
    hl: np.ndarray      # uint64[P]
    lows: bool


class OmahaBoard(NamedTuple):
    """The board of that run: the known cards' key (with KEY_START), suit-rank and low
    masks; U cards to deal from ``deck`` (threshold 2**32 mod its size)."""

    bk0: np.uint64
    bs0: np.uint64
    bl0: np.uint64
    deck: np.ndarray
    thr: np.uint64
    U: np.int64
