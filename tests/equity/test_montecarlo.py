"""Monte Carlo: agreement with exact enumeration within 4 standard errors for every game,
the same answer for the same seed whatever the thread count, symmetry, stopping rules."""
import numba
import numpy as np
import pytest

from pyeval.equity import equity

# one spot per game whose exact answer is quick to enumerate, sampled by Monte Carlo
SPOTS = [
    ("holdem", ["AhKh", "QsQd"], "", ""),
    ("holdem", ["AhKh", "QsQd", "7c6c"], "Kd 7h 2s", ""),
    ("holdem", ["Ah*", "QsQd"], "Kd 7h 2s", ""),
    ("holdem", ["AA,KK", "AKs,QQ+"], "2c 7d 9h", ""),          # overlapping ranges
    ("holdem", ["0.3(AA),KK,0.6(AKs)", "QQ+"], "2c 7d 9h", ""),  # weighted, overlapping
    ("irish", ["AhKh", "QsQd"], "Kd 7h 2s", "3c 4c"),
    ("pineapple", ["AhKh", "QsQd"], "Kd 7h 2s", "3c"),
    ("crazy-pineapple", ["AhKh", "QsQd"], "Kd 7h 2s", "3c"),
    ("omaha", ["AsAhKsKh", "9c8d7c6d"], "2c 7h Td", ""),
    ("omaha5", ["AsAhKsKh2c", "9c8d7c6d5s"], "2d 7h Td", ""),
    ("omaha6", ["AsAhKsKh2c3c", "9c8d7c6d5s4s"], "2d 7h Td", ""),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd", "4h5h6s7s"], "4c 8h Td", ""),
    ("omaha5-8", ["AsAh2s3hKd", "KcJsQcQd5c"], "4c 7h Td", ""),
    ("omaha6-8", ["AsAh2s3hKd9d", "KcJsQcQd5c6c"], "4c 7h Td", ""),
    ("super8", ["AhKh2c", "QsQdJd"], "Ks 7d 2d", ""),
    ("tahoe", ["AhKh2c", "QsQdJd"], "Ks 7d 2d", ""),
    ("stud", ["AsAh3d4c5d", "KcKdJs9s8s"], "", ""),
    ("stud8", ["As2h3d4c9d6c", "KcKdJs9s8s7s", "5h6h7h8dQhTc"], "", ""),
    ("razz", ["As2h3d4c9d", "KcKdJs9s8s"], "", ""),
    ("stud5", ["AsAh3d", "KcKdJs"], "", ""),
    ("australian", ["AsAh3d4c5d", "KcKdJs9s8s"], "", ""),
    ("buffalo", ["AsAhAd4c5d", "KcKdJs9s8s"], "", ""),
    ("crocodile", ["AsAh3d4c5d", "KcKdJs9s8s"], "", ""),
    ("chicago", ["**3d4c5d", "KcKdJs9s8s6h"], "", "2c 2d 2h 2s 3c 3h 3s 4d 4h 4s 5c 5h 5s 6c 6d"),
    ("draw5", ["AsAh3d", "KcKdJs9s"], "", ""),
]


@pytest.mark.parametrize("game, hands, board, dead", SPOTS,
                         ids=[f"{s[0]}-{i}" for i, s in enumerate(SPOTS)])
def test_monte_carlo_agrees_with_exact(game, hands, board, dead) -> None:
    ex = equity(game, hands, board, dead, exact=True)
    mc = equity(game, hands, board, dead, exact=False, samples=300_000, seed=11)
    assert ex.exact and not mc.exact and mc.samples == 300_000
    assert sum(mc.equities) == pytest.approx(1.0, abs=1e-12)
    assert sum(ex.equities) == pytest.approx(1.0, abs=1e-12)
    for e, m in zip(ex.players, mc.players):
        assert m.std_err > 0 or e.equity in (0.0, 1.0)
        assert abs(e.equity - m.equity) <= 4 * m.std_err + 1e-12, (e, m)
        # wins and ties too, within 4 standard errors of a proportion
        for a, b in ((e.win, m.win), (e.tie, m.tie), (e.low_win, m.low_win)):
            se = np.sqrt(max(a * (1 - a), 1e-12) / mc.samples)
            assert abs(a - b) <= 4 * se + 1e-9


@pytest.mark.parametrize("game, hands, board", [
    ("holdem", ["AhKh", "QsQd"], ""),
    ("holdem", ["AKs,QQ", "JJ+", "random"], ""),
    ("holdem", ["Ah*", "random", "QQ+"], "2c 3c"[:0]),
    ("omaha8", ["AsAh2s3h", "KcKd**"], ""),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd", "9c8d7c6d"], ""),           # the Omaha kernel
    ("holdem", ["AcAd", "KhKs", "QcQd", "JsTs"], ""),            # a one-row joint table
    ("stud8", ["**3d", "**Kd", "**9s"], ""),
    ("chicago", ["**", "**", "**"], ""),
])
def test_same_seed_same_answer_with_one_or_two_threads(game, hands, board) -> None:
    # 300,000 deals: the later rounds (more than 8 chunks) do run on two threads
    n = 300_000
    a = equity(game, hands, board, exact=False, samples=n, seed=42, threads=1)
    b = equity(game, hands, board, exact=False, samples=n, seed=42, threads=2)
    assert [p.equity for p in a.players] == [p.equity for p in b.players]
    assert [p.wins for p in a.players] == [p.wins for p in b.players]
    assert a.samples == b.samples == n and b.threads == min(2, numba.config.NUMBA_NUM_THREADS)
    c = equity(game, hands, board, exact=False, samples=n, seed=43, threads=2)
    assert [p.equity for p in c.players] != [p.equity for p in a.players]


def test_exact_the_same_with_one_or_two_threads() -> None:
    for g, hands in [("holdem", ["AA", "KK"]), ("omaha", ["AsAhKsKh", "9c8d7c6d"])]:
        a = equity(g, hands, exact=True, threads=1)
        b = equity(g, hands, exact=True, threads=2)
        assert a.equities == b.equities and a.samples == b.samples


@pytest.mark.parametrize("game, hands, board", [
    ("holdem", ["AhKh", "QsQd", "7c6c"], ""),
    ("holdem", ["AKs", "QQ", "JTs"], "2c 7d 9h"),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd", "4h5h6s7s"], "4c 8h Td"),
    ("chicago", ["As2c3d4h5c6c", "KcKdKhKsQs7c", "QhQd2d2h3c8c"], ""),
])
def test_permuting_seats_permutes_the_answer(game, hands, board) -> None:
    r = equity(game, hands, board, exact=True)
    for perm in ([1, 2, 0], [2, 0, 1], [0, 2, 1]):
        q = equity(game, [hands[i] for i in perm], board, exact=True)
        assert q.equities == pytest.approx([r.equities[i] for i in perm], abs=1e-12)
        assert [p.win for p in q.players] == pytest.approx([r.players[i].win for i in perm])


def test_identical_ranges_split_evenly() -> None:
    r = equity("holdem", ["QQ+", "QQ+"], samples=400_000, seed=5)
    assert abs(r.players[0].equity - 0.5) <= 4 * r.players[0].std_err
    assert r.acceptance < 1.0                                       # overlaps were thrown away


def test_stops_on_standard_error() -> None:
    r = equity("holdem", ["AhKh", "QsQd"], exact=False, std_err=0.002, seed=1)
    assert r.stopped == "std_err" and r.std_err <= 0.002
    assert r.samples % 8192 == 0


def test_stops_on_time_limit() -> None:
    r = equity("holdem", ["AhKh", "QsQd", "random", "random"], exact=False, std_err=1e-7,
               time_limit=0.3, seed=1)
    assert r.stopped == "time_limit" and 0.25 < r.elapsed < 5


@pytest.mark.parametrize("game, hands, board", [
    ("holdem", ["QQ+, AK"] * 6, "2c7d9h"),  # ranges that fit together once in ~7,000 tries
    ("holdem", ["AA,KK,QQ,JJ"] * 7, ""),    # once in ~1,400 tries, no joint table
    ("holdem", ["AcAd", "KhKs"], ""),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd", "random"], ""),
])
def test_time_limit_holds_within_ten_percent(game, hands, board) -> None:
    equity(game, hands, board, exact=False, samples=100, seed=1)       # compiled
    r = equity(game, hands, board, exact=False, std_err=1e-9, time_limit=1.5, seed=1)
    assert r.stopped == "time_limit" and 0.75 < r.elapsed <= 1.65, r.elapsed


def test_a_time_limit_that_does_not_bind_changes_nothing() -> None:
    a = equity("holdem", ["AhKh", "QsQd"], exact=False, samples=200_000, seed=3)
    b = equity("holdem", ["AhKh", "QsQd"], exact=False, samples=200_000, seed=3,
               time_limit=600)
    assert b.stopped == "samples" and a.players == b.players


def test_sample_count_is_exact() -> None:
    r = equity("razz", ["As2h3d", "KcQdJs"], samples=12_345, seed=1)
    assert r.samples == 12_345 and r.stopped == "samples"
    assert r.players[0].wins + r.players[0].ties + r.players[0].losses == 12_345


def test_progress_is_reported() -> None:
    seen = []
    equity("holdem", ["AhKh", "QsQd"], exact=False, samples=300_000, progress=seen.append)
    assert seen and seen[-1].samples == 300_000 and seen[-1].fraction == 1.0
    assert all(a.fraction <= b.fraction for a, b in zip(seen, seen[1:]))
    ex = []
    equity("holdem", ["AhKh", "QsQd"], progress=ex.append)
    assert ex[-1].exact and ex[-1].fraction == 1.0 and ex[-1].samples == 1_712_304
    assert len(ex) > 1


def test_auto_chooses_exact_when_cheap() -> None:
    assert equity("holdem", ["AhKh", "QsQd"]).exact
    assert equity("omaha8", ["AsAh2s3h", "KcKdQcQd"], board="2c 3d 9h").exact
    assert not equity("holdem", ["AhKh", "random", "random"], std_err=0.01).exact
    assert not equity("stud", ["AsAh3d", "KcKdJs"], std_err=0.01).exact


@pytest.mark.parametrize("game, hands, board", [
    ("omaha", ["AsAhKsKh", "9c8d7c6d"], ""),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd"], ""),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd"], "4c 8h Td"),
    ("omaha6", ["AsAhKsKh2c3c", "9c8d7c6d5s4s"], "2d 7h 9s 3d"),
])
def test_omaha_kernel_deals_the_general_kernels_boards(monkeypatch, game, hands, board) -> None:
    """The Omaha kernel (known hole cards: pyeval.equity._omahamc) uses the random words as
    the general kernel does, so a seed gives the same boards and, heads-up (every share a
    multiple of 1/4, summed exactly), the very same answer."""
    from pyeval.equity import _omahamc as OM
    fast = equity(game, hands, board, exact=False, samples=100_000, seed=9)
    monkeypatch.setattr(OM, "MAX_HIGH_PLAYERS", 0)
    monkeypatch.setattr(OM, "MAX_HILO_PLAYERS", 0)
    slow = equity(game, hands, board, exact=False, samples=100_000, seed=9)
    assert fast.players == slow.players


@pytest.mark.parametrize("hands", [["AcAd", "KhKs", "QcQd"], ["AcAd", "KhKs", "QcQd", "JsTs", "9h8h"]])
def test_known_multiway_hands_deal_the_general_kernels_boards(monkeypatch, hands) -> None:
    """Three or more known hold'em hands with a whole board to deal run the range kernel
    on a one-row table (pyeval.equity._rangemc), which uses the random words as the general
    kernel does: a seed gives the very same counts either way."""
    from pyeval.equity import _rangemc as RM
    fast = equity("holdem", hands, exact=False, samples=100_000, seed=9)
    monkeypatch.setattr(RM, "MAX_MASK_PLAYERS", 0)
    slow = equity("holdem", hands, exact=False, samples=100_000, seed=9)
    assert fast.players == slow.players


@pytest.mark.parametrize("hands, dead", [(["AcAd", "KhKs"], ""), (["7h2c", "8s8d"], "As Ks Qs"),
                                         (["AhKh", "QhJh"], "")])
def test_heads_up_kernel_deals_the_general_kernels_boards(monkeypatch, hands, dead) -> None:
    """Two known hold'em hands with a whole board to deal (pyeval.equity._montecarlo's
    _holdem_hu5) take their boards from the low half of one random word
    (_dealing.floyd_five), as the general kernel deals a whole board: a seed gives the very
    same counts on both, and both agree with exact enumeration (checked above for the
    other spots; here within 4.5 standard errors)."""
    from pyeval.equity import _montecarlo as MC
    fast = equity("holdem", hands, dead=dead, exact=False, samples=200_000, seed=9)
    monkeypatch.setattr(MC, "HU5_KERNEL", False)
    slow = equity("holdem", hands, dead=dead, exact=False, samples=200_000, seed=9)
    assert fast.players == slow.players and fast.samples == slow.samples == 200_000
    ex = equity("holdem", hands, dead=dead, exact=True)
    for e, m in zip(ex.players, fast.players):
        assert abs(e.equity - m.equity) <= 4.5 * m.std_err, (e, m)


def test_heads_up_kernel_refuses_a_chunk_past_its_counters() -> None:
    """_holdem_hu5 keeps both win counts in one 64-bit word: a chunk of 2**32 deals or more
    is refused with a clear error before anything is dealt (the engine's are 8,192)."""
    from pyeval.cards import cards
    from pyeval.equity import _montecarlo as MC
    from pyeval.equity._inputs import hand_keys, make_deal
    from pyeval.jit import numba_ext as nx
    T = nx.kernel_tables()
    h = [cards("AcAd"), cards("KhKs")]
    hk, hs = hand_keys(T, np.array(h))
    held = {int(c) for x in h for c in x}
    deck = np.array([c for c in range(52) if c not in held], np.uint8)
    kn = MC.HoldemKnown(hk, hs, np.uint64(nx.KEY_START), np.uint64(0))
    no_ranges = MC.Ranges(np.full(2, -1), np.zeros(1, np.int64), np.zeros((0, 2), np.uint8),
                          *[np.zeros(0, np.uint64)] * 3, np.zeros(0), np.zeros(0, np.int64))
    dl = make_deal(deck, MC.DEAL_INDEP, np.full(5, 2), np.arange(5))
    streams = MC.Streams(np.uint64(1), np.int64(0), np.array([10, MC.HU5_MAX_CHUNK]), 1000)
    with pytest.raises(ValueError, match="at most 4294967295 deals, got 4294967296"):
        MC.holdem_mc(kn, no_ranges, dl, streams, T.addrs)
