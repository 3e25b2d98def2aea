"""The kernels' building blocks: inlined lookups equal the C evaluators, every way of
dealing is uniform, the alias tables sample range weights exactly."""
import math

import numba
import numpy as np
import pytest

import pyeval
from pyeval.equity import _kernels as K
from pyeval.equity._dealing import five_threshold, floyd_five
from pyeval.equity.engine import _alias, _deal_method
from pyeval.jit.numba_mem import keep_alive, ld8, ld16, ld64
from pyeval.jit.numba_rng import LOW32, next_word, word_stream

T = K.tables()
TA = T.addrs


@numba.njit(cache=False)
def _keys(cards, n, start, ckey, csrm, clow):
    """The rank key (counted from ``start``), suit mask and low-rank bits of the first n
    cards, one table load of each per card, as the kernels build them."""
    k = start
    s = np.uint64(0)
    lw = np.uint64(0)
    for j in range(n):
        c = cards[j]
        k += ld64(ckey, c)
        s |= ld64(csrm, c)
        lw |= np.uint64(ld16(clow, c))
    return k, s, lw


@numba.njit(cache=False)
def _values(hands, n, TA):
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    out = np.zeros((hands.shape[0], 3), dtype=np.uint64)
    for i in range(hands.shape[0]):
        k, s, lw = _keys(hands[i], n, K.KEY_START, ckey, csrm, clow)
        out[i, 0] = K.hv(k, s, disp, high, flush)
        out[i, 1] = K.razz_v(k, lw, disp, razz, razzm)
        out[i, 2] = ld16(low8m, lw & np.uint64(0xFF))
    return out


@pytest.mark.parametrize("n", [5, 6, 7])
def test_inlined_lookups_equal_the_c_evaluators(n: int) -> None:
    rng = np.random.default_rng(n)
    hands = np.argsort(rng.random((200_000, 52)), axis=1)[:, :n].astype(np.uint8)
    v = _values(hands, n, TA)
    assert (v[:, 0] == pyeval.high_batch(hands)).all()
    assert (v[:, 1] == pyeval.razz_batch(hands)).all()
    assert (v[:, 2] == pyeval.low8_batch(hands)).all()


def test_deal_plan_groups_draws_into_words() -> None:
    """Every pool size and count: each group of draws multiplies its pool sizes to a bound
    B below 2**62 that the next draw would pass (B >= 2**62 // its pool), with the threshold
    2**64 mod B."""
    from pyeval.equity._dealing import BATCH_BOUND
    for D in range(1, 53):
        for U in range(D + 1):
            ends, thr, n = K.deal_plan(D, U)
            start = 0
            for gi in range(n):
                end = int(ends[gi])
                size = math.prod(D - g for g in range(start, end))
                assert end > start and size < int(BATCH_BOUND)
                assert end == U or size >= int(BATCH_BOUND) // (D - end)
                assert int(thr[gi]) == 2**64 % size
                start = end
            assert start == U
    assert [int(e) for e in K.deal_plan(48, 5)[0][:1]] == [5]


@numba.njit(cache=False)
def _deal_many(method, n, U, deck, used, known, seed, ends, gthr, ng):
    counts = np.zeros(52, dtype=np.int64)
    pairs = np.zeros((52, 52), dtype=np.int64)
    D = deck.shape[0]
    thr = np.uint64(0x100000000) % np.uint64(D)
    dk = deck.copy()
    out = np.zeros(U + 1, dtype=np.int64)
    a_dk = np.uint64(dk.ctypes.data)
    a_out = np.uint64(out.ctypes.data)
    s = K.word_stream(seed, 0)
    bad = 0
    for _ in range(n):
        s = K.deal_any(s, method, a_dk, D, thr, np.uint64(ends.ctypes.data),
                       np.uint64(gthr.ctypes.data), ng, used, U, a_out)
        m = np.uint64(0)
        for q in range(U):
            c = out[q]
            counts[c] += 1
            b = np.uint64(1) << np.uint64(c)
            if m & b or used & b or known & b:
                bad += 1
            m |= b
        pairs[out[0], out[1]] += 1
    keep_alive(dk, out, ends, gthr)
    return counts, pairs, bad


@pytest.mark.parametrize("method", [K.DEAL_SHUFFLE, K.DEAL_INDEP])
def test_dealing_is_uniform(method: int) -> None:
    known = pyeval.mask("Ah Kh Qs Qd")
    used = pyeval.mask("2c 3c")                # e.g. cards a range draw took this deal
    deck = np.array([c for c in range(52) if not known >> c & 1], dtype=np.uint8)
    n, U = 400_000, 5
    counts, pairs, bad = _deal_many(method, n, U, deck, np.uint64(used), np.uint64(known), 7,
                                    *K.deal_plan(len(deck), U))
    assert bad == 0
    allowed = [c for c in range(52) if not (known | used) >> c & 1]
    assert counts.sum() == n * U and counts[[c for c in range(52) if c not in allowed]].sum() == 0
    # each allowed card: expected n * U / 46; chi-square with 45 degrees of freedom
    e = n * U / len(allowed)
    chi = ((counts[allowed] - e) ** 2 / e).sum()
    assert chi < 45 + 6 * np.sqrt(2 * 45)
    # ordered pairs of the first two cards: expected n / (46 * 45) each
    pa = pairs[np.ix_(allowed, allowed)]
    off = ~np.eye(len(allowed), dtype=bool)
    ep = n / (len(allowed) * (len(allowed) - 1))
    chi2 = ((pa[off] - ep) ** 2 / ep).sum()
    dof = off.sum() - 1
    assert chi2 < dof + 6 * np.sqrt(2 * dof) and pa[~off].sum() == 0


@numba.njit(cache=False)
def _floyd_many(n, deck, seed):
    """n boards of :func:`floyd_five` from ``deck``, as sets (bit masks of the cards)."""
    dk = np.uint64(deck.ctypes.data)
    nD = np.uint64(deck.shape[0])
    thr5 = five_threshold(deck.shape[0])
    out = np.zeros(n, dtype=np.uint64)
    s = word_stream(seed, 0)
    for i in range(n):
        s, x = next_word(s)
        s, c0, c1, c2, c3, c4 = floyd_five(s, x & LOW32, dk, nD, thr5)
        m = np.uint64(0)
        for c in (c0, c1, c2, c3, c4):
            m |= np.uint64(1) << np.uint64(c)
        out[i] = m
    return out


@pytest.mark.parametrize("D", [5, 9, 46])
def test_floyd_five_deals_every_board_equally_often(D: int) -> None:
    """The whole-board draw of the range kernel and the general hold'em kernel: five
    distinct cards of the pool, every 5-card set equally likely (chi-square over all
    C(9, 5) = 126 sets of a 9-card pool; over each card of a 46-card pool)."""
    assert int(five_threshold(D)) == 2**32 % math.prod(range(D - 4, D + 1))
    deck = np.array(sorted(range(52))[52 - D:], dtype=np.uint8)[::-1].copy()
    n = 200_000
    boards = _floyd_many(n, deck, 3)
    bits = (boards[:, None] >> deck[None, :].astype(np.uint64)) & np.uint64(1)
    assert (bits.sum(1) == 5).all() and int(np.bitwise_or.reduce(boards)) == sum(
        1 << int(c) for c in deck)
    if D <= 9:
        _, counts = np.unique(boards, return_counts=True)
        k = math.comb(D, 5)
        assert len(counts) == k
    else:
        counts = bits.sum(0)
        k = D
    e = counts.sum() / k
    chi = ((counts - e) ** 2 / e).sum()
    dof = max(k - 1, 1)
    assert chi < dof + 6 * np.sqrt(2 * dof), chi


def test_deal_method_choice() -> None:
    assert _deal_method(48, 5, 0) == K.DEAL_INDEP
    assert _deal_method(48, 5, 4) == K.DEAL_SHUFFLE        # measured: ranges shuffle faster
    assert _deal_method(46, 8, 0) == K.DEAL_SHUFFLE
    assert _deal_method(45, 40, 0) == K.DEAL_SHUFFLE


def test_alias_tables_sample_the_weights() -> None:
    w = np.array([0.5, 1.0, 0.25, 2.0, 0.25])
    prob, alias = _alias(w)
    # probability of index i = (prob[i] + sum over j with alias j == i of 1 - prob[j]) / n
    p = prob.copy()
    for j in range(len(w)):
        if prob[j] < 1.0:
            p[alias[j]] += 1.0 - prob[j]
    assert p / len(w) == pytest.approx(w / w.sum(), abs=1e-15)


def test_streams_differ_by_seed_and_chunk() -> None:
    s = {int(K.word_stream(np.uint64(a), b)) for a in range(20) for b in range(50)}
    assert len(s) == 1000


@numba.njit(cache=False)
def _omaha_values(holes, boards, TA):
    ckey, csrm, clow, cbit, disp, high, flush, razz, razzm, low8m = TA[:10]
    board_disp, board_id, om_high, om_low8, pair_id = TA[10:]
    n, H = holes.shape
    out = np.zeros((n, 2), dtype=np.uint64)
    for i in range(n):
        hk, hs, hl = _keys(holes[i], H, np.uint64(0), ckey, csrm, clow)
        bk, bs, bl = _keys(boards[i], 5, K.KEY_START, ckey, csrm, clow)
        out[i, 0] = K.omaha_v(np.uint64(holes.ctypes.data) + np.uint64(i * H), H, hk, hs, bk,
                              bs, flush, board_disp, board_id, om_high, pair_id)
        out[i, 1] = ld8(om_low8, ((bl & np.uint64(0xFF)) << np.uint64(8))
                          | (hl & np.uint64(0xFF)))
    return out


@pytest.mark.parametrize("h", [4, 5, 6])
def test_omaha_tables_equal_the_c_evaluators(h: int) -> None:
    TO = K.tables(omaha=True)
    rng = np.random.default_rng(h)
    d = np.argsort(rng.random((100_000, 52)), axis=1)[:, :h + 5].astype(np.uint8)
    # plenty of flushes: half the deals re-dealt from two suits
    two = np.array([c for c in range(52) if c % 4 < 2], dtype=np.uint8)
    d2 = two[np.argsort(rng.random((50_000, 26)), axis=1)[:, :h + 5]]
    d = np.concatenate([d, d2])
    holes, boards = np.ascontiguousarray(d[:, :h]), np.ascontiguousarray(d[:, h:])
    v = _omaha_values(holes, boards, TO.addrs)
    hi, lo = pyeval.omaha_hilo_batch(holes, boards)
    assert (v[:, 0] == hi).all()
    assert (v[:, 1] == lo).all()


@pytest.mark.parametrize("hands, dead", [
    (["AcAd", "KhKs"], ""), (["AsKs", "QsJs"], ""), (["AhKh", "QsQd", "7c6c"], ""),
    (["2c2d", "3h3s"], "4c"), (["AcKc", "AdKd"], "2h 2s"), (["9h8h", "7h6h"], ""),
    (["9h8h", "7h6h", "AdAs"], "5c"),
])
@pytest.mark.slow
def test_suit_symmetry_counts_every_board_once(hands, dead) -> None:
    from pyeval.equity.engine import _suit_symmetry, make_spot
    spot = make_spot("holdem", hands, dead=dead)
    hk = np.array([sum(int(T.ckey[c]) for c in p.slots) for p in spot.players], np.uint64)
    hs = np.array([int(np.bitwise_or.reduce(T.csrm[np.array(p.slots)])) for p in spot.players],
                  np.uint64)
    bdeck = np.array(sorted(spot.deck, reverse=True), dtype=np.uint8)
    pairs, chains = _suit_symmetry(spot)
    assert len(pairs) > 0
    sym = K.holdem_exact5(hk, hs, bdeck, pairs, chains, 16, 0, 16, TA).sum(axis=0)
    plain = K.holdem_exact5(hk, hs, bdeck, np.zeros((0, 2), np.int64),
                            np.zeros((0, 5), np.int64), 16, 0, 16, TA).sum(axis=0)
    assert (sym == plain).all()


@pytest.mark.parametrize("name", ["_dealing", "_exact", "_exact5", "_exact_ranks", "_inputs", "_layout", "_montecarlo",
                                  "_omahamc", "_rangemc", "_showdown", "_workers", "numba_rng"])
def test_kernel_modules_docstring_examples(name: str) -> None:
    import doctest
    import importlib
    mod = importlib.import_module(f"pyeval.jit.{name}" if name == "numba_rng"
                                  else f"pyeval.equity.{name}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_heads_up_board_walk_equals_the_general_one() -> None:
    """holdem_exact5 runs its own heads-up walk for two players: the general walk (any
    number of players) gives the same counts on the same spot."""
    from pyeval.equity import _exact, _exact5
    from pyeval.equity._workers import run_workers
    from pyeval.equity.engine import _suit_symmetry, make_spot
    spot = make_spot("holdem", ["AhKh", "QsQd"], dead="2c")
    hk = np.array([sum(int(T.ckey[c]) for c in p.slots) for p in spot.players], np.uint64)
    hs = np.array([int(np.bitwise_or.reduce(T.csrm[np.array(p.slots)])) for p in spot.players],
                  np.uint64)
    bdeck = np.array(sorted(spot.deck, reverse=True), dtype=np.uint8)
    pairs, chains = _suit_symmetry(spot)
    hu = K.holdem_exact5(hk, hs, bdeck, pairs, chains, 16, 0, 16, TA)
    pa, pb = _exact.board_units(len(bdeck), 2)
    row = ((2 + 6 + 7) // 8) * 8 + 8
    out = np.zeros((16, 2, 3), dtype=np.int64)
    run_workers(_exact5._exact5_work, 1, 16, hk, hs,
                _exact5.BoardDeck(T.ckey[bdeck], T.csrm[bdeck], (bdeck >> 2).astype(np.int64)),
                _exact5.SuitSym(pairs, chains), _exact5.Units(pa, pb, 16, 0),
                np.zeros(16 * row, np.uint64), row, 2, TA, out, None)
    assert (hu == out).all() and hu.sum() > 0


def _fixed_spot(hands, dead=()):
    from pyeval.cards import cards
    T = K.tables()
    h = [cards(x) for x in hands]
    used = {int(c) for x in h for c in x} | set(dead)
    hk = np.array([T.ckey[c].sum(dtype=np.uint64) for c in h], dtype=np.uint64)
    hs = np.array([np.bitwise_or.reduce(T.csrm[c]) for c in h], dtype=np.uint64)
    deck = np.array(sorted((c for c in range(52) if c not in used), reverse=True), np.uint8)
    return hk, hs, deck, T


@pytest.mark.parametrize("hands, dead", [
    (["AcAd", "KhKs"], ()),
    (["AhKh", "QsQd"], ()),
    (["7h6h", "5h4h"], (0, 5)),                       # suited connectors, dead cards
    (["AsKs", "QsJs", "Ts9s"], ()),                   # three players on one suit
    (["2c7d", "AhAs", "KdQh", "Jc9c"], (51,)),
    (["AcKc", "AdKd", "AhKh", "AsKs", "2c2d"], ()),
])
def test_rank_pattern_enumeration_equals_the_board_walk(hands, dead) -> None:
    """Every board counted by rank patterns (_exact_ranks) gives the counts of the plain
    five-loop board walk without suit symmetry (holdem_exact5), exactly."""
    from pyeval.equity._exact_ranks import holdem_exact_ranks
    hk, hs, deck, T = _fixed_spot(hands, dead)
    none_p, none_c = np.zeros((0, 2), np.int64), np.zeros((0, 5), np.int64)
    walk = K.holdem_exact5(hk, hs, deck, none_p, none_c, 64, 0, 64, T.addrs).sum(axis=0)
    ranks = holdem_exact_ranks(hk, hs, deck, T.addrs)[0]
    assert (ranks == walk).all()
    per_k = ranks.sum(axis=0)                  # pots shared k ways, counted k times
    assert sum(int(per_k[k]) // k for k in range(1, len(hands) + 1)) == math.comb(len(deck), 5)
