"""The stud models' reading of a street, tied to its definition: each player still in with
chips gets :func:`pyeval.sim.players.policy.stud_tier` of its cards against the best high category
and the most distinct low cards (eight or lower) that any *other* player still in shows.
The up cards are read once a street by :func:`pyeval.sim.kernel.variants.hands.showing` (as it
finds who acts first) and :func:`pyeval.sim.kernel.variants.stud_models._stud_tiers` takes the best of the
others from them; here both are checked against the cards read one by one in Python with
the C evaluator (``pyeval.high``) and the tier rules as ``stud_tier`` words them."""
from __future__ import annotations

import itertools

import numba
import numpy as np
import pytest

import pyeval
from pyeval.sim.engine.engine import _eval_tables
from pyeval.sim.kernel.slots import (
    B_DEALT,
    B_DRAW,
    B_FOLDED,
    B_ROWS,
    I_NCARD,
    I_REM,
    I_ROWS,
    I_TIER,
    I_UPCAT,
    I_UPLOW,
)
from pyeval.sim.kernel.variants.facts import DOWN_MASK, FACTS, code_of
from pyeval.sim.kernel.variants.hands import showing
from pyeval.sim.kernel.variants.stud_models import _stud_tiers


@numba.njit(cache=True)
def _read_street(game, hole, kind, SI, SB, ev):
    """What the stud hand does at a later street: ``showing`` for every player still in
    (the order's value returned), then the betting round's ``_stud_tiers`` (internal: only
    compiled code calls it)."""
    S = hole.shape[0]
    buf = np.zeros(16, np.uint8)
    vals = np.full(S, -1, np.int64)
    for q in range(S):
        if SB[B_DEALT, q] and not SB[B_FOLDED, q]:
            vals[q] = showing(game, hole, q, SI[I_NCARD, q], kind, buf, ev, SI)
    _stud_tiers(S, SI, SB, hole, kind, game, ev)
    return vals


def _razz_rank(c: int) -> int:
    r = (c >> 2) + 1
    return 0 if r == 13 else r


def _lows(cards: list[int]) -> int:
    return len({_razz_rank(c) for c in cards if _razz_rank(c) <= 7})


def _first(rules: list[tuple[int, bool]]) -> int:
    """The tier of the first rule that holds (the docstring's lines, best first), else 0."""
    return next((tier for tier, holds in rules if holds), 0)


def _tier(mine: list[int], up_cat: int, low_opp: int, kind: int) -> tuple[int, bool]:
    """``stud_tier`` as its docstring and rules read, card by card."""
    t_hi, draw = 0, False
    n = len(mine)
    if kind != 1:
        cat = pyeval.high(np.array(mine, np.uint8)) >> 12
        t_hi = _first([(4, cat >= 5 or cat >= up_cat + 2), (3, cat > up_cat and cat >= 2),
                       (2, cat == up_cat and cat >= 2), (1, cat >= 2)])
        if n < 7 and any(sum(1 for c in mine if c & 3 == s) == 4 for s in range(4)):
            draw = True
    t_lo = 0
    if kind != 0:
        k = _lows(mine)
        t_lo = _first([(4, k >= 5), (3, k >= n - 1 and k > low_opp),
                       (2, k >= low_opp and k >= 3), (1, k >= 3)])
        if k == 4 and n < 7:
            draw = True
    return max(t_hi, t_lo), draw


@pytest.mark.parametrize("key,kind", [("seven_card_stud", 0), ("razz", 1),
                                      ("seven_card_stud_hilo", 2)])
def test_each_player_is_read_against_the_best_the_others_show(key, kind):
    game = code_of(key)
    dm = int(FACTS[game, DOWN_MASK])
    ev = _eval_tables()
    rng = np.random.default_rng(7 + kind)
    checked = 0
    for _deal in range(300):
        S = int(rng.integers(2, 8))
        n = int(rng.integers(4, 8))          # fourth street to the river
        deck = rng.permutation(52).astype(np.uint8)
        hole = np.zeros((S, 16), np.uint8)
        hole[:, :n] = deck[:S * n].reshape(S, n)
        SI = np.zeros((I_ROWS, S), np.int64)
        SB = np.zeros((B_ROWS, S), np.bool_)
        SI[I_NCARD] = n
        SB[B_DEALT] = rng.random(S) < 0.9
        SB[B_FOLDED] = rng.random(S) < 0.25
        SI[I_REM] = rng.integers(0, 3, S)     # some all in: they are not read
        SI[I_TIER] = -7
        vals = _read_street(game, hole, kind, SI, SB, ev)
        live = [q for q in range(S) if SB[B_DEALT, q] and not SB[B_FOLDED, q]]
        up = {q: [int(c) for i, c in enumerate(hole[q, :n]) if not (dm >> i) & 1]
              for q in live}
        want = {q: (pyeval.razz(np.array(up[q], np.uint8)) if kind == 1
                    else pyeval.high(np.array(up[q], np.uint8))) for q in live}
        for q in live:
            for o in live:      # showing's keys order and tie the players as the values do
                assert (vals[q] > vals[o]) == (want[q] > want[o])
                assert (vals[q] == vals[o]) == (want[q] == want[o])
            assert SI[I_UPCAT, q] == pyeval.high(np.array(up[q], np.uint8)) >> 12
            assert SI[I_UPLOW, q] == _lows(up[q])
        for q in range(S):
            if q in live and SI[I_REM, q] > 0:
                others = [o for o in live if o != q]
                cat = max([0] + [pyeval.high(np.array(up[o], np.uint8)) >> 12 for o in others])
                low = max([0] + [_lows(up[o]) for o in others])
                assert (SI[I_TIER, q], bool(SB[B_DRAW, q])) == _tier(
                    [int(c) for c in hole[q, :n]], cat, low, kind), (key, q, hole[:, :n])
                checked += 1
            else:
                assert SI[I_TIER, q] == -7           # not read
    assert checked > 300


def _multisets(n: int):
    """Every rank multiset of ``n`` cards (at most four of a rank), as distinct cards."""
    for ranks in itertools.combinations_with_replacement(range(13), n):
        if all(ranks.count(r) <= 4 for r in set(ranks)):
            seen: dict[int, int] = {}
            cards = []
            for r in ranks:
                seen[r] = seen.get(r, -1) + 1
                cards.append(4 * r + seen[r])
            yield cards


@pytest.mark.parametrize("with_crocodile", [False, True])
def test_showing_orders_up_cards_as_the_evaluator(with_crocodile):
    """:func:`showing`'s key of one to four up cards (every rank multiset; read from rank
    masks, not the evaluator) orders and ties hands of one size as ``pyeval.high`` does,
    and in razz as ``pyeval.razz`` does, with the evaluator's category; Crocodile's five up
    cards (its last street) are read by the evaluator itself."""
    ev = _eval_tables()
    key = "crocodile" if with_crocodile else "seven_card_stud"
    game = code_of(key)
    dm = int(FACTS[game, DOWN_MASK])
    up_pos = [i for i in range(7) if not (dm >> i) & 1]
    sizes = [5] if with_crocodile else [1, 2, 3, 4]
    for n_up in sizes:
        hands = (list(_multisets(n_up)) if n_up < 5 else
                 [list(map(int, np.random.default_rng(n).permutation(52)[:5]))
                  for n in range(3000)])
        for kind in ((0,) if with_crocodile else (0, 1)):
            keys, want = [], []
            for cards in hands:
                hole = np.zeros((1, 16), np.uint8)
                for i, c in zip(up_pos, cards):
                    hole[0, i] = c
                n = up_pos[n_up - 1] + 1
                SI = np.zeros((I_ROWS, 1), np.int64)
                SB = np.zeros((B_ROWS, 1), np.bool_)
                SB[B_DEALT] = True
                SI[I_NCARD] = n
                keys.append(int(_read_street(game, hole, kind, SI, SB, ev)[0]))
                a = np.array(cards, np.uint8)
                want.append(pyeval.razz(a) if kind == 1 else pyeval.high(a))
                assert SI[I_UPCAT, 0] == pyeval.high(a) >> 12
            k = np.array(keys, dtype=object)
            w = np.array(want, np.int64)
            order = np.argsort(w, kind="stable")
            ks, ws = k[order], w[order]
            # sorted by value, the keys rise with it and are equal exactly when it is
            for i in range(1, len(ws)):
                assert (ks[i] > ks[i - 1]) == (ws[i] > ws[i - 1]), (n_up, kind)
                assert (ks[i] == ks[i - 1]) == (ws[i] == ws[i - 1]), (n_up, kind)
