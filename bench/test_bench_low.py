"""Seven-card razz and 8-or-better, random and sequential order. Peers: poker-equity's batch
``low_a5`` scorer (razz; text input) and pokerkit's RegularLowHand / EightOrBetterLowHand
(per hand, small n). No peer here has an 8-or-better batch."""
from __future__ import annotations

import numpy as np
import pytest
from benchlib import measure

import pyeval

ORDERS = ["random", "sequential"]
NAMES = [pyeval.format_card(c) for c in range(52)]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
@pytest.mark.parametrize("kind", ["razz", "low8"])
def test_pyeval_low_batch(benchmark, hands7, order, check, kind):
    a = hands7[order]
    fn = getattr(pyeval, f"{kind}_batch")
    measure(benchmark, lambda: fn(a, check=check), len(a), lambda v: v.sum(dtype=np.uint64),
            label=f"pyeval.{kind}_batch(check={check})", group=f"7-card {kind}, {order}",
            ours=check, rounds=25)


@pytest.mark.parametrize("order", ORDERS)
def test_poker_equity_razz(benchmark, hands7, order):
    pe = pytest.importorskip("poker_equity")
    hands = ["".join(NAMES[c] for c in r) for r in hands7[order][:1_000_000].tolist()]
    measure(benchmark, lambda: pe.score_batch("low_a5", hands), len(hands), sum,
            label="poker_equity.score_batch('low_a5', text)", group=f"7-card razz, {order}",
            rounds=5)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("kind, hand_type", [("razz", "RegularLowHand"),
                                             ("low8", "EightOrBetterLowHand")])
def test_pokerkit_low(benchmark, hands7, order, kind, hand_type):
    pokerkit = pytest.importorskip("pokerkit")
    make = getattr(pokerkit, hand_type).from_game
    hands = ["".join(NAMES[c] for c in r) for r in hands7[order][:2_000].tolist()]

    def run():
        out = []
        for h in hands:
            try:
                out.append(make(h).entry.index + 1)
            except ValueError:       # no qualifying low
                out.append(0)
        return out
    measure(benchmark, run, len(hands), sum, label=f"pokerkit.{hand_type}.from_game (per hand)",
            group=f"7-card {kind}, {order}", rounds=3)
