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


@pytest.mark.parametrize("key", ["omaha5", "omaha6_hilo"])
def test_the_fitted_equity_is_pyevals(key):
    """The equity the score is fitted to is pyeval's: the sampler's own equity of the hand
    it deals (``_sample``, one hand over 20,000 boards against a random hand each) agrees
    with :func:`pyeval.equity` of that hand against a random hand (Monte Carlo, four
    standard errors)."""
    from pyeval.equity import equity

    g = REGISTRY.game(key)
    nh, hilo, seed = g.hole_cards, int(g.hi_lo), 11
    feats, eq = O._sample(nh, hilo, 1, 20_000, seed)
    # the hand the sampler dealt first: its stream (seed + nh + 8 * hilo, hand 0) opens
    # with the hole cards; the features it recorded are that hand's
    st = np.empty(4, np.uint64)
    seed_stream(st, np.int64(seed + nh + 8 * hilo), np.int64(0))
    tmp = np.empty(2 * nh + 5, np.int64)
    deal_unused(st, np.int64(0), tmp, nh)
    hand = tmp[:nh].astype(np.uint8)
    assert np.array_equal(feats[0], np.array(O.omaha_features(hand, nh)))
    ref = equity(g.equity_key, [pyeval.format_cards(hand), "random"], samples=200_000,
                 seed=3).players[0].equity
    assert abs(eq[0] - ref) < 4 * math.sqrt(0.25 / 20_000) + 4 * math.sqrt(0.25 / 200_000)


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
