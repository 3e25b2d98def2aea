"""Omaha, 4 hole + 5 board, random and sequential order (one hole hand against every board
in enumeration order): high alone, and high with 8-or-better low in one pass. Peers:
phevaluator's Omaha evaluator (high only, per hand) and pokerkit (per hand, tiny n)."""
from __future__ import annotations

import numpy as np
import pytest
from benchlib import measure

import pyeval

ORDERS = ["random", "sequential"]
NAMES = [pyeval.format_card(c) for c in range(52)]


def _pokerkit_rows(hole: np.ndarray, board: np.ndarray, n: int) -> list[tuple[str, str]]:
    """The first n rows as pokerkit reads them: (hole, board) card strings, made outside
    the timed region."""
    return [("".join(NAMES[c] for c in h), "".join(NAMES[c] for c in b))
            for h, b in zip(hole[:n].tolist(), board[:n].tolist())]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
def test_pyeval_omaha_high_batch(benchmark, omaha45, order, check):
    hole, board = omaha45[order]
    measure(benchmark, lambda: pyeval.omaha_high_batch(hole, board, check=check), len(hole),
            lambda v: v.sum(dtype=np.uint64), label=f"pyeval.omaha_high_batch(check={check})",
            group=f"Omaha 4+5 high, {order}", ours=check, rounds=25)


@pytest.mark.parametrize("order", ORDERS)
def test_phevaluator_omaha(benchmark, omaha45, order):
    phevaluator = pytest.importorskip("phevaluator")
    hole, board = omaha45[order]
    rows = [b + h for h, b in zip(hole[:100_000].tolist(), board[:100_000].tolist())]
    ev = phevaluator.evaluate_omaha_cards

    def run():
        return [ev(*r) for r in rows]
    measure(benchmark, run, len(rows), sum, label="phevaluator.evaluate_omaha_cards (per hand)",
            group=f"Omaha 4+5 high, {order}", rounds=5)


@pytest.mark.parametrize("order", ORDERS)
def test_pokerkit_omaha_high(benchmark, omaha45, order):
    pokerkit = pytest.importorskip("pokerkit")
    rows = _pokerkit_rows(*omaha45[order], 500)
    make = pokerkit.OmahaHoldemHand.from_game

    def run():
        return [make(h, b) for h, b in rows]
    measure(benchmark, run, len(rows), lambda hs: sum(h.entry.index for h in hs),
            label="pokerkit.OmahaHoldemHand.from_game (per hand)",
            group=f"Omaha 4+5 high, {order}", rounds=3)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
def test_pyeval_omaha_hilo_batch(benchmark, omaha45, order, check):
    hole, board = omaha45[order]

    def checksum(r):
        return int(r[0].sum(dtype=np.uint64)) * 100 + int(r[1].sum(dtype=np.uint64))
    measure(benchmark, lambda: pyeval.omaha_hilo_batch(hole, board, check=check), len(hole),
            checksum, label=f"pyeval.omaha_hilo_batch(check={check})",
            group=f"Omaha 4+5 hi+lo, {order}", ours=check, rounds=25)


@pytest.mark.parametrize("order", ORDERS)
def test_pokerkit_omaha_hilo(benchmark, omaha45, order):
    pokerkit = pytest.importorskip("pokerkit")
    rows = _pokerkit_rows(*omaha45[order], 300)
    hi, lo = pokerkit.OmahaHoldemHand.from_game, pokerkit.OmahaEightOrBetterLowHand.from_game

    def run():
        out = []
        for h, b in rows:
            try:
                low = lo(h, b).entry.index + 1
            except ValueError:
                low = 0
            out.append((hi(h, b).entry.index, low))
        return out
    measure(benchmark, run, len(rows), lambda r: sum(a * 100 + b for a, b in r),
            label="pokerkit Omaha high + 8-or-better low (per hand)",
            group=f"Omaha 4+5 hi+lo, {order}", rounds=3)
