"""One hand per call from Python: pyeval's single-hand functions beside eval7 (and
phevaluator's Python package when installed), the same 7-card hands, interleaved rounds,
CPU time per call.

    taskset -c 1 python bench/one_hand.py --rounds 9

Each round times every contender over the same 2,000 hands (a fixed seed), each hand in the
form the contender takes: pyeval ``high(tuple)``, ``high(list)``, ``high7(*ints)``,
``high(str)``, ``high(uint8 array)``; eval7 ``evaluate(list of Card)`` with the Cards made
beforehand (its fastest form) and ``evaluate([Card(s) ...])`` from text. The values of
every contender are checked to order the hands as pyeval's do.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
from benchlib import same_order

import pyeval


def _hands(n: int) -> np.ndarray:
    rng = np.random.default_rng(36)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def contenders(hands: np.ndarray) -> dict[str, tuple[Callable[[], list[int]], bool]]:
    """name -> (a function valuing every hand once, higher-is-better?)"""
    tuples = [tuple(int(c) for c in r) for r in hands]
    lists = [list(t) for t in tuples]
    texts = [pyeval.format_cards(t) for t in tuples]
    arrays = [r.copy() for r in hands]
    etexts_ = [[pyeval.format_card(c) for c in t] for t in tuples]
    high, high7 = pyeval.high, pyeval.high7
    out: dict[str, tuple[Callable[[], list[int]], bool]] = {
        "pyeval high(tuple)": (lambda: [high(t) for t in tuples], True),
        "pyeval high(list)": (lambda: [high(t) for t in lists], True),
        "pyeval high7(*ints)": (lambda: [high7(*t) for t in tuples], True),
        "pyeval high(text)": (lambda: [high(t) for t in texts], True),
        "pyeval high(array)": (lambda: [high(a) for a in arrays], True),
    }
    try:
        from phevaluator import evaluate_cards  # type: ignore[import-untyped]
        out["phevaluator ints"] = (lambda: [-evaluate_cards(*t) for t in tuples], True)
        out["phevaluator text"] = (lambda: [-evaluate_cards(*s) for s in etexts_], True)
    except ImportError:
        pass
    try:
        import eval7  # type: ignore[import-untyped]
    except ImportError:
        return out
    ecards = [[eval7.Card(pyeval.format_card(c)) for c in t] for t in tuples]
    etexts = [[pyeval.format_card(c) for c in t] for t in tuples]
    ev, Card = eval7.evaluate, eval7.Card
    out["eval7 evaluate(Cards)"] = (lambda: [ev(h) for h in ecards], True)
    out["eval7 evaluate(text)"] = (lambda: [ev([Card(s) for s in h]) for h in etexts], True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--hands", type=int, default=2000)
    args = ap.parse_args()
    hands = _hands(args.hands)
    cs = contenders(hands)
    ref = cs["pyeval high(tuple)"][0]()
    for name, (fn, _) in cs.items():
        assert same_order(ref, fn()), name
    times: dict[str, list[float]] = {name: [] for name in cs}
    names = list(cs)
    for r in range(args.rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            fn = cs[name][0]
            t = time.process_time()
            for _ in range(5):
                fn()
            times[name].append((time.process_time() - t) / (5 * args.hands) * 1e9)
    base = statistics.median(times.get("eval7 evaluate(Cards)", times["pyeval high(tuple)"]))
    print(f"{'contender':24s} {'median ns':>10s} {'best ns':>8s} {'/ eval7':>8s}")
    for name in names:
        med = statistics.median(times[name])
        print(f"{name:24s} {med:10.0f} {min(times[name]):8.0f} {med / base:8.2f}")


if __name__ == "__main__":
    main()
