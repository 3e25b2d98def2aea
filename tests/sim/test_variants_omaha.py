"""5- and 6-card Omaha's pre-flop strength (pyeval.sim.kernel.variants.omaha): the score is fitted to
pyeval's own equity and ranks hands by it, its table counts every starting hand, the
kernel's lookup is the table's, and the showdown is the rules model's."""
from __future__ import annotations

import math

import numpy as np
import pytest

import pyeval
from pyeval.games import REGISTRY
from pyeval.jit.numba_rng import deal_unused, seed_stream
from pyeval.rules.showdown import evaluate
from pyeval.sim.kernel.variants import omaha as O
from pyeval.sim.kernel.variants.facts import code_of
from pyeval.sim.kernel.variants.hooks import is_low8, is_variant
from pyeval.sim.kernel.variants.showdown import button_low, button_value

GAMES = list(O.GAMES)


def _rank_corr(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rank correlation (ties ranked in order; a few ties change it little)."""
    ra = np.argsort(np.argsort(a, kind="stable"), kind="stable")
    rb = np.argsort(np.argsort(b, kind="stable"), kind="stable")
    return float(np.corrcoef(ra, rb)[0, 1])


def test_tables_count_every_starting_hand():
    t = O.omaha_tables()
    assert t.weights.shape == (4, O.NF) and t.top.shape == (4, O.SCORES)
    for g, nh in enumerate((5, 6, 5, 6)):
        h = O._histogram(nh, t.weights[g])
        assert int(h.sum()) == math.comb(52, nh)
        assert np.allclose(t.top[g], np.cumsum(h[::-1])[::-1] / h.sum())
        assert t.top[g, 0] == 1.0 and (np.diff(t.top[g]) <= 0).all()
        # every score is used: the weights span 0 .. 99
        assert (h > 0).sum() >= 95
    assert (t.r2 > 0.65).all(), t.r2


@pytest.mark.parametrize("g", range(4))
def test_the_score_ranks_hands_by_their_equity(g):
    """On 1,000 hands the fit never saw (another seed), 2,000 deals each, the score follows
    the equity against a random hand: a rank correlation of 0.85 or more (measured: 0.95
    and 0.94 high, 0.89 and 0.90 hi/lo, where the deals' own noise costs a little)."""
    t = O.omaha_tables()
    nh, hilo = (5, 6, 5, 6)[g], (0, 0, 1, 1)[g]
    feats, eq = O._sample(nh, hilo, 1000, 2000, 777)
    score = feats @ t.weights[g]
    assert _rank_corr(score, eq) >= 0.85


@pytest.mark.parametrize("key,hand", [("omaha5", "AsAhKsKh2c"),
                                      ("omaha6_hilo", "As2s3dKdQh4c")])
def test_the_fitted_equity_is_pyevals(key, hand):
    """The equity the score is fitted to is pyeval's: the sampler's equity of one hand
    against a random hand agrees with :func:`pyeval.equity` (Monte Carlo, four standard
    errors)."""
    from pyeval.equity import equity

    g = REGISTRY.game(key)
    nh = g.hole_cards
    cards = np.array(pyeval.cards(hand), np.uint8)
    # the sampler's pot share, for this one hand against random hands and boards
    eq = _fixed_hand_equity(cards, nh, int(g.hi_lo), 20_000)
    ref = equity(g.equity_key, [hand, "random"], samples=200_000, seed=3).players[0].equity
    assert abs(eq - ref) < 4 * math.sqrt(0.25 / 20_000) + 4 * math.sqrt(0.25 / 200_000)


def _fixed_hand_equity(cards: np.ndarray, nh: int, hilo: int, trials: int) -> float:
    import numba

    @numba.njit
    def run(h, nh, hilo, trials):
        st = np.empty(4, np.uint64)
        seed_stream(st, 5, 0)
        used = np.int64(0)
        for k in range(nh):
            used |= np.int64(1) << h[k]
        o = np.empty(nh, np.uint8)
        board = np.empty(5, np.uint8)
        tmp = np.empty(nh + 5, np.int64)
        won = 0.0
        for _t in range(trials):
            deal_unused(st, used, tmp, nh + 5)
            for k in range(nh):
                o[k] = tmp[k]
            for k in range(5):
                board[k] = tmp[nh + k]
            hv = O.nx.omaha_high_addr(h.ctypes.data, nh, board.ctypes.data, 5)
            ov = O.nx.omaha_high_addr(o.ctypes.data, nh, board.ctypes.data, 5)
            share = 1.0 if hv > ov else (0.5 if hv == ov else 0.0)
            if hilo:
                hl = O.nx.omaha_low8_addr(h.ctypes.data, nh, board.ctypes.data, 5)
                ol = O.nx.omaha_low8_addr(o.ctypes.data, nh, board.ctypes.data, 5)
                if hl > 0 or ol > 0:
                    share = 0.5 * share + 0.5 * (1.0 if hl > ol else (0.5 if hl == ol else 0.0))
            won += share
        return won / trials

    return float(run(cards, nh, hilo, trials))


def test_kernel_lookup_is_the_table():
    """The kernel's lookup (the Omaha table's columns after 4-card Omaha's) gives each
    game's top share and class of the hand's score."""
    t = O.omaha_tables()
    omaha4 = np.stack([np.linspace(1, 0, O.SCORES), np.arange(O.SCORES)], axis=1)
    tab = O.kernel_table(omaha4)
    assert np.array_equal(tab[:O.SCORES, :2], omaha4)
    rng = np.random.default_rng(3)
    for g, key in enumerate(GAMES):
        code = code_of(key)
        nh = REGISTRY.game(key).hole_cards
        assert is_variant(code) and is_low8(code) == REGISTRY.game(key).hi_lo
        for _ in range(200):
            h = rng.permutation(52)[:nh].astype(np.uint8)
            s = O.omaha_score(h, nh, t.weights[g])
            top, cls = O.omaha_strength(code, h, nh, tab)
            assert top == t.top[g, s] and cls == int(t.cls[g, s])


def test_stronger_hands_score_higher():
    t = O.omaha_tables()
    for g, nh in enumerate((5, 6, 5, 6)):
        hilo = g >= 2
        good = "AsAhKsKh2c" if not hilo else "AsAh2s3h4c"
        bad = "Kc9d6h3s2c" if not hilo else "KcQdJh9s9c"
        extra = ["", "Td"][nh - 5]
        s_good = O.omaha_score(np.array(pyeval.cards(good + extra), np.uint8), nh, t.weights[g])
        s_bad = O.omaha_score(np.array(pyeval.cards(bad + extra), np.uint8), nh, t.weights[g])
        assert t.top[g, s_good] < 0.05 < 0.5 < t.top[g, s_bad], (GAMES[g], s_good, s_bad)


@pytest.mark.parametrize("key", ["omaha_hilo", "omaha5_hilo", "omaha6_hilo"])
def test_button_lows_are_the_rules_models(key):
    g = REGISTRY.game(key)
    rng = np.random.default_rng(17)
    nh = g.hole_cards
    code = code_of(key)
    lows = 0
    for _ in range(400):
        c = rng.permutation(52)[:nh + 5].astype(np.uint8)
        hole, board = c[:nh].copy(), c[nh:].copy()
        want = evaluate(g, [int(x) for x in hole], board=[int(x) for x in board])
        got = button_low(code, hole, nh, board, 5, np.zeros(16, np.uint8))
        assert got == (want.low or 0), (key, hole, board)
        assert button_value(code, hole, nh, board, 5, np.zeros(16, np.uint8)) == want.high
        lows += got > 0
    assert lows > 40


def test_rank_mask_features_equal_the_loop():
    """The whole-array rank-mask features (a constant of the compiled score) are the
    one-mask-at-a-time loop's, every one of the 8,192 masks."""
    from pyeval.sim.kernel.variants import omaha as om
    assert np.array_equal(om._rank_mask_features(), om._rank_mask_features_loop())
