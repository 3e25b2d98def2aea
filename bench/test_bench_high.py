"""Seven-card high hands, random and sequential order: pyeval's batch (check=True and
check=False) against the evaluators a Python user would pick, each through its own Python API
(phevaluator, eval7, treys and pokerkit one hand per call; poker-equity's batch scorer with
its text input). Peers run a smaller n: the figure is their per-evaluation rate, measured,
not extrapolated beyond the rows they evaluated."""
from __future__ import annotations

import numpy as np
import pytest
from benchlib import measure

import pyeval

ORDERS = ["random", "sequential"]
NAMES = [pyeval.format_card(c) for c in range(52)]


def group(order: str) -> str:
    return f"7-card high, {order}"


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
def test_pyeval_high_batch(benchmark, hands7, order, check):
    a = hands7[order]
    measure(benchmark, lambda: pyeval.high_batch(a, check=check), len(a),
            lambda v: v.sum(dtype=np.uint64), label=f"pyeval.high_batch(check={check})",
            group=group(order), ours=check, rounds=25)


@pytest.mark.parametrize("order", ORDERS)
def test_phevaluator(benchmark, hands7, order):
    phevaluator = pytest.importorskip("phevaluator")
    rows = hands7[order][:200_000].tolist()
    ev = phevaluator.evaluate_cards

    def run():
        return [ev(*r) for r in rows]
    measure(benchmark, run, len(rows), sum, label="phevaluator.evaluate_cards (per hand)",
            group=group(order), rounds=5)


@pytest.mark.parametrize("order", ORDERS)
def test_eval7(benchmark, hands7, order):
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(n) for n in NAMES]
    hands = [[deck[c] for c in r] for r in hands7[order][:200_000].tolist()]
    ev = eval7.evaluate

    def run():
        return [ev(h) for h in hands]
    measure(benchmark, run, len(hands), sum, label="eval7.evaluate (per hand)",
            group=group(order), rounds=5)


@pytest.mark.parametrize("order", ORDERS)
def test_treys(benchmark, hands7, order):
    treys = pytest.importorskip("treys")
    deck = [treys.Card.new(n) for n in NAMES]
    hands = [([deck[c] for c in r[:2]], [deck[c] for c in r[2:]])
             for r in hands7[order][:50_000].tolist()]
    ev = treys.Evaluator().evaluate

    def run():
        return [ev(h, b) for h, b in hands]
    measure(benchmark, run, len(hands), sum, label="treys.Evaluator.evaluate (per hand)",
            group=group(order), rounds=3)


@pytest.mark.parametrize("order", ORDERS)
def test_pokerkit(benchmark, hands7, order):
    pokerkit = pytest.importorskip("pokerkit")
    hands = ["".join(NAMES[c] for c in r) for r in hands7[order][:2_000].tolist()]
    make = pokerkit.StandardHighHand.from_game

    def run():
        return [make(h) for h in hands]
    measure(benchmark, run, len(hands), lambda hs: sum(h.entry.index for h in hs),
            label="pokerkit.StandardHighHand.from_game (per hand)", group=group(order),
            rounds=3)


@pytest.mark.parametrize("order", ORDERS)
def test_poker_equity_batch(benchmark, hands7, order):
    pe = pytest.importorskip("poker_equity")
    hands = ["".join(NAMES[c] for c in r) for r in hands7[order][:1_000_000].tolist()]

    def run():
        return pe.score_batch("high", hands)
    measure(benchmark, run, len(hands), sum, label="poker_equity.score_batch('high', text)",
            group=group(order), rounds=5)
