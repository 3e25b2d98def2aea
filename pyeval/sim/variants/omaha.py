"""Pre-flop strength of 5- and 6-card Omaha, high and hi/lo, for the player models: a score
fitted to pyeval's own equity, and the share of starting hands at or above each score,
computed once with fixed seeds and cached.

The models read a starting hand's **top share** (the share of the game's starting hands at
least as strong) and the hold'em class whose top share is nearest, as for 4-card Omaha
(:func:`pyeval.sim.hand_start.omaha_score` and :func:`pyeval.sim.engine.omaha_table`).

**The score** of a hand is a weighted sum of :data:`NF` features of its cards
(:func:`omaha_features`: pairs and their ranks, trips, suits with two or more cards and
their highest card, an ace suited, cards beyond three of a suit, runs of three ranks, the
most ranks within five in a row, high and broadway cards, and the low cards hi/lo values:
distinct ranks ace to eight, an ace, ace-deuce, ace-trey), with weights **fitted by least
squares to the hand's equity against one random hand of the same game** (:data:`HANDS`
random hands, each played :data:`TRIALS` times to the river against a fresh random hand:
the high showdown of ``pyeval.numba_ext.omaha_high_addr``, and for hi/lo the pot share with
``omaha_low8_addr``'s 8-or-better low), then scaled so that the sample's weakest and
strongest predictions span 0 .. 99. **The table** counts every starting hand of the game
(all 2,598,960 five-card and 20,358,520 six-card hands) by score: ``top[s]`` is the share
scoring at least ``s``. One fit per game: :data:`GAMES`.

The kernel reads all of it from one array (:func:`kernel_table`, the engine's Omaha table
when a level deals one of these games): by score in rows ``0 .. 99``, columns ``0, 1``
4-card Omaha's table, then two columns per game of :data:`GAMES` (top share and hold'em
class); row ``100 + g`` the score's weights of game ``g``.

>>> import numpy as np, pyeval
>>> t = omaha_tables()
>>> aakk = np.array(pyeval.cards("AsAhKsKh2c"), np.uint8)
>>> junk = np.array(pyeval.cards("9c7d4h3s2c"), np.uint8)
>>> s_a, s_j = (omaha_score(h, 5, t.weights[0]) for h in (aakk, junk))
>>> float(t.top[0, s_a]) < 0.02, float(t.top[0, s_j]) > 0.8
(True, True)
"""
from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from pyeval import numba_ext as nx
from pyeval.cached_arrays import cached_arrays
from pyeval.numba_rng import deal_unused, seed_stream
from pyeval.sim.variants.facts import DEALT, FACTS, SPLIT, SPLIT_LOW8, code_of

#: the games of these tables, in the order of their columns
GAMES = ("omaha5", "omaha6", "omaha5_hilo", "omaha6_hilo")
#: scores 0 .. SCORES - 1
SCORES = 100
#: features of a hand (:func:`omaha_features`)
NF = 16
#: random hands fitted per game, and deals each against a random hand
HANDS = 20000
TRIALS = 500
_VERSION = 1
_SEED = 20261211
_HOLE = np.array([5, 6, 5, 6], np.int64)
_HILO = np.array([0, 0, 1, 1], np.int64)


class OmahaTables(NamedTuple):
    """``weights[g]`` (:data:`NF`): the score's weights of game ``GAMES[g]``; ``top[g, s]``:
    the share of its starting hands scoring at least ``s``; ``cls[g, s]``: the hold'em class
    with the nearest top share; ``r2[g]``: the share of the sample's equity variance the
    fitted score explains (before it is cut to whole scores)."""

    weights: np.ndarray
    top: np.ndarray
    cls: np.ndarray
    r2: np.ndarray


#: set bits of each byte (the features' counts of ranks, read from bit masks)
_POP = np.array([bin(i).count("1") for i in range(256)], np.int64)
#: ``r / 12.0`` of every rank, the same doubles the division gives (numpy divides as the
#: compiled code does, correctly rounded): the score's rank sums read them instead of
#: dividing (six to nine divisions a hand were the hottest instructions of a 6-card Omaha
#: kernel under perf)
_TWELFTHS = np.append(np.arange(13, dtype=np.float64) / 12.0, 0.0)
#: a bit past the ranks: ``trailing_zeros(x | _NO_RANK)`` is 13 (``_TWELFTHS``: 0.0) for x 0
_NO_RANK = np.int64(1) << 13


def _rank_mask_features() -> np.ndarray:
    """The features that depend only on the ranks held (a 13-bit mask, bit ``r`` for rank
    ``r``), packed 4 bits each: runs of three ranks, the most ranks within five in a row,
    broadway ranks, low ranks ace to eight, and the ace, ace-deuce and ace-trey bits."""
    out = np.zeros(1 << 13, np.int64)
    for m in range(1 << 13):
        ml = (m << 1) | ((m >> 12) & 1)     # bit 0 the ace low, bits 1 .. 13 deuce .. ace
        runs = bin(ml & (ml >> 1) & (ml >> 2)).count("1")
        best5 = max(bin((ml >> lo) & 31).count("1") for lo in range(10))
        broadway = bin(m >> 8).count("1")
        lows = bin(ml & 255).count("1")
        ace = (m >> 12) & 1
        out[m] = (runs | best5 << 4 | broadway << 8 | lows << 12 | ace << 16
                  | (ace & m) << 17 | (ace & (m >> 1)) << 18)
    return out


#: :func:`_rank_mask_features` of every rank mask (a constant of the compiled code, 64 KB:
#: the ten windows of five ranks and the counts read once, not per hand)
_RANKS = _rank_mask_features()


@numba.njit(cache=True, inline="always", error_model="numpy")
def omaha_features(hole, nh):
    """The :data:`NF` features of ``nh`` hole cards (a tuple of floats; the first is 1).

    Ranks are bit masks (held once, twice, three times or more), counts are read from a
    table of set bits and the features of the ranks held from :data:`_RANKS`: the simulator
    scores every player's hand of every 5- and 6-card Omaha deal (a first version that
    looped over ranks and windows took 101 ns a 6-card hand; a profile of 5-card Omaha
    put a fifth of the kernel's time in the score)."""
    # [speed] no branch on the cards: with random hands every such branch was a likely
    # misprediction (suits by rank masks, the maximum by the top bit, sums that add 0.0
    # where a branch skipped: the same doubles, tied to the definition by
    # tests/sim/test_omaha_features.py): a 6-card hand 37 -> 25 ns (micro-benchmark), the
    # 6-card Omaha kernel 5-6 % faster (bench/RESULTS.md, "5- and 6-card Omaha, again")
    m = np.int64(0)         # ranks held
    d2 = np.int64(0)        # ranks held twice or more
    d3 = np.int64(0)        # ranks held three times or more
    sm = np.int64(0)        # 16 bits per suit: the ranks held in it
    high = 0.0
    for i in range(nh):
        r = np.int64(hole[i]) >> 2
        bit = np.int64(1) << r
        d3 |= d2 & bit
        d2 |= m & bit
        m |= bit
        sm |= bit << ((np.int64(hole[i]) & 3) * 16)
        high += _TWELFTHS[r]
    two = d2 & ~d3          # ranks held exactly twice
    pair_rank = 0.0
    x = two
    for _ in range(3):      # at most three ranks held exactly twice in six cards
        pair_rank += _TWELFTHS[trailing_zeros(x | _NO_RANK)]   # 0.0 once none is left
        x &= x - 1
    pairs = float(_POP[two & 255] + _POP[two >> 8])
    trips = float(_POP[d3 & 255] + _POP[d3 >> 8])
    suited = 0.0
    suit_hi = 0.0
    ace_suited = 0.0
    over = 0.0
    for s in range(4):
        ms = (sm >> (16 * s)) & 0x1FFF
        k = _POP[ms & 255] + _POP[ms >> 8]
        two_plus = k >= 2
        suited += 1.0 if two_plus else 0.0
        suit_hi += _TWELFTHS[63 - leading_zeros(ms | 1)] if two_plus else 0.0
        ace_suited = 1.0 if two_plus and ms >> 12 else ace_suited
        over += float(k - 3) if k > 3 else 0.0
    rk = _RANKS[m]
    runs = float(rk & 15)
    best5 = (rk >> 4) & 15
    broadway = float((rk >> 8) & 15)
    lows = float((rk >> 12) & 15)
    ace = float((rk >> 16) & 1)
    a2 = float((rk >> 17) & 1)
    a3 = float((rk >> 18) & 1)
    return (1.0, pairs, pair_rank, trips, suited, suit_hi, ace_suited, over, runs,
            float(best5 - 1), high, broadway, lows, ace, a2, a3)


@numba.njit(cache=True, inline="always", error_model="numpy")
def _dot(f, w):
    """``sum(w[i] * f[i])`` over the :data:`NF` features, added in order, written out: a
    loop indexing the feature tuple cost 35 ns a hand, twice the features themselves."""
    return (w[0] * f[0] + w[1] * f[1] + w[2] * f[2] + w[3] * f[3] + w[4] * f[4]
            + w[5] * f[5] + w[6] * f[6] + w[7] * f[7] + w[8] * f[8] + w[9] * f[9]
            + w[10] * f[10] + w[11] * f[11] + w[12] * f[12] + w[13] * f[13]
            + w[14] * f[14] + w[15] * f[15])


@numba.njit(cache=True, inline="always", error_model="numpy")
def _clip(x):
    v = int(x)
    if v < 0:
        return 0
    if v > SCORES - 1:
        return SCORES - 1
    return v


@numba.njit(cache=True, error_model="numpy")
def omaha_score(hole, nh, weights):
    """The score of ``nh`` hole cards, 0 .. 99, by the fitted ``weights`` (:data:`NF`)."""
    return _clip(_dot(omaha_features(hole, nh), weights))


@numba.njit(cache=True, error_model="numpy")
def omaha_strength(game, hole, nh, tab):
    """``(top share, hold'em class)`` of a 5- or 6-card Omaha starting hand from the
    kernel's Omaha table ``tab`` (:func:`kernel_table`): the game's column pair after
    4-card Omaha's, by the registry's hole cards and split."""
    g = FACTS[game, DEALT] - 5 + (2 if FACTS[game, SPLIT] == SPLIT_LOW8 else 0)
    col = 2 + 2 * g
    v = _clip(_dot_row(omaha_features(hole, nh), tab, SCORES + g))
    return tab[v, col], np.int64(tab[v, col + 1])


@numba.njit(cache=True, inline="always", error_model="numpy")
def _dot_row(f, tab, r):
    """:func:`_dot` with the weights in row ``r`` of ``tab`` (read in place: a view of the
    row cost a reference count each call)."""
    return (tab[r, 0] * f[0] + tab[r, 1] * f[1] + tab[r, 2] * f[2] + tab[r, 3] * f[3]
            + tab[r, 4] * f[4] + tab[r, 5] * f[5] + tab[r, 6] * f[6] + tab[r, 7] * f[7]
            + tab[r, 8] * f[8] + tab[r, 9] * f[9] + tab[r, 10] * f[10] + tab[r, 11] * f[11]
            + tab[r, 12] * f[12] + tab[r, 13] * f[13] + tab[r, 14] * f[14]
            + tab[r, 15] * f[15])


@numba.njit(cache=True, error_model="numpy")
def _sample(nh, hilo, hands, trials, seed):
    """``(features[hands, NF], equity[hands])``: random hands of ``nh`` cards, each one's
    pot share against one random hand over ``trials`` boards (hi/lo: half the pot to the
    best high, half to the best qualifying low, the whole pot to high without one)."""
    feats = np.zeros((hands, NF))
    eq = np.zeros(hands)
    st = np.empty(4, np.uint64)
    h = np.empty(nh, np.uint8)
    o = np.empty(nh, np.uint8)
    board = np.empty(5, np.uint8)
    tmp = np.empty(2 * nh + 5, np.int64)
    for i in range(hands):
        seed_stream(st, seed + nh + 8 * hilo, i)
        used = deal_unused(st, np.int64(0), tmp, nh)
        for k in range(nh):
            h[k] = tmp[k]
        f = omaha_features(h, nh)
        for k in range(NF):
            feats[i, k] = f[k]
        won = 0.0
        for _t in range(trials):
            deal_unused(st, used, tmp, nh + 5)
            for k in range(nh):
                o[k] = tmp[k]
            for k in range(5):
                board[k] = tmp[nh + k]
            hv = nx.omaha_high_addr(h.ctypes.data, nh, board.ctypes.data, 5)
            ov = nx.omaha_high_addr(o.ctypes.data, nh, board.ctypes.data, 5)
            hi_share = 1.0 if hv > ov else (0.5 if hv == ov else 0.0)
            if hilo:
                hl = nx.omaha_low8_addr(h.ctypes.data, nh, board.ctypes.data, 5)
                ol = nx.omaha_low8_addr(o.ctypes.data, nh, board.ctypes.data, 5)
                if hl > 0 or ol > 0:
                    lo_share = 1.0 if hl > ol else (0.5 if hl == ol else 0.0)
                    hi_share = 0.5 * hi_share + 0.5 * lo_share
            won += hi_share
        eq[i] = won / trials
    return feats, eq


@numba.njit(cache=True, error_model="numpy")
def _histogram(nh, weights):
    """Every ``nh``-card hand counted by score."""
    out = np.zeros(SCORES, np.int64)
    h = np.empty(nh, np.uint8)
    idx = np.arange(nh)
    while True:
        for k in range(nh):
            h[k] = idx[k]
        out[omaha_score(h, nh, weights)] += 1
        # the next combination in lexicographic order
        k = nh - 1
        while k >= 0 and idx[k] == 52 - nh + k:
            k -= 1
        if k < 0:
            break
        idx[k] += 1
        for j in range(k + 1, nh):
            idx[j] = idx[j - 1] + 1
    return out


def fit_weights(feats: np.ndarray, eq: np.ndarray) -> tuple[np.ndarray, float]:
    """Least-squares weights of the features for the equity, scaled so that the weakest
    and strongest predictions of the sample span the scores 0 .. 99; and the fit's R²."""
    beta, *_ = np.linalg.lstsq(feats, eq, rcond=None)
    pred = feats @ beta
    r2 = 1.0 - float(((eq - pred) ** 2).sum() / ((eq - eq.mean()) ** 2).sum())
    lo, hi = float(pred.min()), float(pred.max())
    w = beta * (SCORES / (hi - lo))
    w[0] -= lo * SCORES / (hi - lo)
    return w, r2


def compute_omaha_tables(hands: int = HANDS, trials: int = TRIALS) -> OmahaTables:
    """Compute the tables (no cache); deterministic for given counts."""
    from pyeval.sim.variants.strength import _nearest_class

    weights = np.zeros((len(GAMES), NF))
    top = np.zeros((len(GAMES), SCORES))
    r2 = np.zeros(len(GAMES))
    for g in range(len(GAMES)):
        feats, eq = _sample(int(_HOLE[g]), int(_HILO[g]), hands, trials, _SEED)
        weights[g], r2[g] = fit_weights(feats, eq)
        h = _histogram(int(_HOLE[g]), weights[g]).astype(float)
        top[g] = np.cumsum(h[::-1])[::-1] / h.sum()
    cls = np.stack([_nearest_class(top[g]) for g in range(len(GAMES))])
    return OmahaTables(weights, top, cls, r2)


_TABLES: OmahaTables | None = None


def omaha_tables() -> OmahaTables:
    """The tables, from memory, the disk cache, or computed once (tens of seconds)."""
    global _TABLES
    if _TABLES is None:
        z = cached_arrays(f"omaha56_strength_v{_VERSION}_{HANDS}_{TRIALS}",
                          lambda: compute_omaha_tables()._asdict(),
                          {"weights": (len(GAMES), NF), "top": (len(GAMES), SCORES),
                           "cls": (len(GAMES), SCORES), "r2": (len(GAMES),)})
        _TABLES = OmahaTables(*(z[k] for k in OmahaTables._fields))
    return _TABLES


def kernel_table(omaha4: np.ndarray) -> np.ndarray:
    """``float64[SCORES + len(GAMES), 16]``: by score (rows ``0 .. SCORES - 1``), 4-card
    Omaha's table ``omaha4`` (column 0 the top share, 1 the class), then the top share and
    class of each game of :data:`GAMES` (columns ``2 + 2 g`` and ``3 + 2 g``); row
    ``SCORES + g``: the score's weights of game ``g``.

    >>> import numpy as np
    >>> kernel_table(np.zeros((SCORES, 2))).shape == (SCORES + len(GAMES), NF)
    True
    """
    t = omaha_tables()
    out = np.zeros((SCORES + len(GAMES), max(NF, 2 + 2 * len(GAMES))))
    out[:SCORES, :2] = omaha4
    for g in range(len(GAMES)):
        out[:SCORES, 2 + 2 * g] = t.top[g]
        out[:SCORES, 3 + 2 * g] = t.cls[g]
        out[SCORES + g, :NF] = t.weights[g]
    return out


#: the simulator codes of :data:`GAMES`
CODES = tuple(code_of(k) for k in GAMES)
