"""Player-model decisions in isolation: the pot odds of a covered caller."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.sim.kernel.layout import A_CALL, A_FOLD
from pyeval.sim.players.models import MODELS
from pyeval.sim.players.policy import decide, range_bucket, winnable_pot
from pyeval.sim.players.preflop import _combos_by_class, preflop_tables

BB = 100
NCOMBO = (_combos_by_class()[:, :, 0] >= 0).sum(axis=1)


def _model(name: str) -> tuple:
    r = MODELS[name].row()
    return (int(r[0]), r[1], r[2], r[3], r[5], r[6], r[7])


def bb_calls(name: str, shove_bb: float, bb_stack_bb: float, shove_range: float) -> np.ndarray:
    """The big blind's action per class facing a heads-up small-blind shove (no antes)."""
    pf = preflop_tables()
    model = _model(name)
    out = np.empty(169, np.int64)
    rem = int(bb_stack_bb * BB) - BB
    cur = int(shove_bb * BB)
    call = min(cur - BB, rem)
    depth = min(shove_bb, bb_stack_bb)
    for c in range(169):
        money = (rem, BB, cur, call, 0, 0, cur + BB, BB, cur)
        ctx = (False, 0, 1, 1, shove_range, False, float(depth), True)
        out[c] = decide(model, 0.0, 0.0, pf.eq_vs_top[c, range_bucket(shove_range)],
                        pf.eq_vs_top[c, 39], pf.top[c], 0, 0, False, money, ctx, 0.0)[0]
    return out


def test_winnable_pot_drops_the_uncalled_excess():
    assert winnable_pot(17, 16, 1, 7) == 9          # 16 BB shove, the big blind has 8 BB
    assert winnable_pot(17, 16, 1, 15) == 17        # the big blind covers: all of it counts
    assert winnable_pot(30, 10, 0, 10) == 30        # nothing above the call


@pytest.mark.parametrize("name", ["push_fold", "balanced"])
def test_covered_big_blind_decides_as_at_equal_stacks(name):
    """Facing a shove that covers it, the big blind can win only what it can match: its
    decision is exactly the one at equal stacks, and it calls far less than the 84 % the
    old pot odds gave at 8-16 big blinds."""
    shares = []
    for bb_d in (8, 10, 12):
        rng = float(MODELS["push_fold"].push_table()[1, bb_d * 4])
        even = bb_calls(name, bb_d, bb_d, rng)
        for sb_d in (bb_d + 2, 16):
            covered = bb_calls(name, sb_d, bb_d, rng)
            assert (covered == even).all()
            assert set(covered.tolist()) <= {A_CALL, A_FOLD}
            shares.append(NCOMBO[covered == A_CALL].sum() / 1326)
    assert max(shares) < 0.5 and min(shares) > 0.2, shares


@pytest.mark.parametrize("name", ["pyeval.sim.players.nash", "pyeval.sim.players.stats", "pyeval.sim.players.stats_phh",
                                  "pyeval.sim.players.presets", "pyeval.sim.players.policy"])
def test_doctests_of_the_player_modules(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def _tier_by_the_rules(hole: list[int], board: list[int]) -> tuple[int, bool]:
    """:func:`pyeval.sim.players.policy.tier` as its docstring words it, card by card, with the
    C evaluator's categories (``high >> 12``: 2 a pair, 3 two pair, 4 trips, 5 a straight)."""
    from pyeval.evaluate import high

    cb = high(board) >> 12
    top = max(c >> 2 for c in board)
    best, draw = 0, False
    for i, h0 in enumerate(hole):
        for h1 in hole[i + 1:]:
            cv = high([h0, h1, *board]) >> 12
            r0, r1 = h0 >> 2, h1 >> 2
            pair_made = (3 if r0 > top else 1) if r0 == r1 else (2 if top in (r0, r1) else 1)
            made = [   # (tier, when): the docstring's lines, the first that holds counts
                (4, cv >= 5 and cv > cb),            # a straight or better the board lacks
                (4 if r0 == r1 else 3, cv == 4 and cb < 4),   # a set, or trips
                (3, cv == 3 and cb < 2),             # two pair the board does not make
                (pair_made, cv >= 2 and cv > cb),    # a pair made with the hole cards
            ]
            best = max(best, next((tier for tier, when in made if when), 0))
            if len(board) < 5:
                for suit in {h0 & 3, h1 & 3}:
                    if sum((c & 3) == suit for c in (h0, h1, *board)) == 4:
                        draw = True
                ranks = {c >> 2 for c in (h0, h1, *board)}
                for lo in range(1, 9):
                    run = set(range(lo, lo + 4))
                    if (run <= ranks and (r0 in run or r1 in run)
                            and lo - 1 not in ranks and lo + 4 not in ranks):
                        draw = True
    return best, draw


def test_tier_reads_each_hand_by_its_rules():
    """The betting round's made-hand tiers and draws (the board read once a street,
    :func:`pyeval.sim.players.policy.board_facts`) against the rules read card by card with the
    evaluator: hold'em and Omaha hands on 600 random flops, turns and rivers."""
    from pyeval.sim.players.policy import board_facts, tier

    rng = np.random.default_rng(9)
    seen = set()
    for k in range(600):
        nh = 2 if k % 3 else 4
        nb = 3 + k % 3
        cards = rng.permutation(52)[:nh + nb].astype(np.uint8)
        hole, board = cards[:nh], cards[nh:]
        got = tier(hole, nh, nb, board_facts(board, nb))
        want = _tier_by_the_rules(hole.tolist(), board.tolist())
        assert (int(got[0]), bool(got[1])) == want, (hole, board)
        seen.add(want)
    assert {t for t, _ in seen} == {0, 1, 2, 3, 4} and (0, True) in seen


def test_category_is_the_evaluators():
    """:func:`pyeval.sim.players.policy.category` (the tiers' hand category, read without the
    evaluator's tables) is the evaluator's ``high >> 12`` for 3 to 7 cards: random hands,
    and hands dealt from one or two suits and few ranks (flushes, straight flushes, quads,
    full houses)."""
    import numba

    from pyeval.evaluate import high_batch
    from pyeval.sim.players.policy import add_card, category

    @numba.njit
    def categories(hands, n):
        out = np.empty(hands.shape[0], np.int64)
        for i in range(hands.shape[0]):
            cards = (0, 0, 0, 0, 0, 0)
            for k in range(n):
                cards = add_card(hands[i, k], cards)
            out[i] = category(cards)
        return out

    rng = np.random.default_rng(3)
    two_suits = np.array([r * 4 + s for r in (0, 1, 2, 3, 4, 8, 9, 10, 11, 12) for s in (0, 1)])
    three_ranks = np.array([r * 4 + s for r in (0, 5, 12) for s in range(4)])
    for n in range(3, 8):
        hands = np.array([rng.permutation(52)[:n] for _ in range(3000)]
                         + [rng.permutation(two_suits)[:n] for _ in range(3000)]
                         + [rng.permutation(three_ranks)[:n] for _ in range(1000)], np.uint8)
        want = high_batch(hands) >> 12
        assert (categories(hands, n) == want).all()
        assert set(want.tolist()) == {3: {1, 2, 4}, 4: {1, 2, 3, 4, 8}}.get(n, set(range(1, 10)))


def test_rank_key_orders_hands_as_the_evaluator():
    """:func:`pyeval.sim.players.policy.rank_key` behind :func:`category` orders every five-card
    hand (all 2,598,960) and every three-card hand (all 22,100) as the evaluator's high
    value does, ties included: sorted by value, the keys rise exactly where the value
    rises (what the discard rules of :mod:`pyeval.sim.kernel.variants.discard` compare)."""
    import itertools

    import numba

    from pyeval.evaluate import high_batch
    from pyeval.sim.players.policy import add_card, category, rank_key

    @numba.njit
    def keys(hands):
        out = np.empty(hands.shape[0], np.int64)
        for i in range(hands.shape[0]):
            cards = (0, 0, 0, 0, 0, 0)
            for k in range(hands.shape[1]):
                cards = add_card(hands[i, k], cards)
            cat = np.int64(category(cards))
            out[i] = (cat << 52) | rank_key(cards, cat)
        return out

    for n in (3, 5):
        hands = np.array(list(itertools.combinations(range(52), n)), np.uint8)
        want = high_batch(hands).astype(np.int64)
        got = keys(hands)
        order = np.argsort(want, kind="stable")
        w, k = want[order], got[order]
        assert ((np.diff(w) > 0) == (np.diff(k) > 0)).all()
        assert ((np.diff(w) == 0) == (np.diff(k) == 0)).all()
        assert (got >> 52 == want >> 12).all()
