"""pyeval's 7-card high evaluator beside OMPEval and holdem-hand-evaluator (Rust), on the
same hands, interleaved, one core.

The peers are built outside the repository (never committed) from the drivers in
bench/peers/, built by hand, with their default flags and with -march=native;
pass its output folder. Each round
runs, one after another: OMPEval, the Rust evaluator, then pyeval's 7-card batch on every
loop it has (automatic, scalar, AVX2, the general tables, AVX-512 where the CPU has it; in
an order rotated by one each round), checked; each program reports
the best of its own inner rounds. The medians over the rounds and the ratios within each
round are printed, with checksums, and every peer's values must order the hands exactly as
pyeval's do.

Driver protocol: ``omp_drv FILE ROUNDS`` (and ``hhe_drv``) read FILE as rows of 7 card
bytes (4 * rank + suit), build each hand card by card, evaluate it, write the values as
uint16 to ``omp_out.bin`` (``hhe_out.bin``) beside FILE and print one line ending in
``best RATE M/s checksum SUM``; ``DRV enum ROUNDS`` enumerates all 133,784,560 hands in
nested loops adding one card per level. Every rate, the drivers' and pyeval's, is hands per
second of CPU time of the process (CLOCK_PROCESS_CPUTIME_ID, ``time.process_time``): the
machine is shared, and wall time would count the other programs' turns.

The nested loops run four ways on pyeval's side, every one over the same hands in the same
order with one card added per level: ``enumerate_all`` (``add`` at every level, ``value7``
per hand, Numba ``range`` loops), ``enumerate_all_while`` (the same with ``while`` loops,
the literal form of the peers' C ``for (c6 = c5 + 1; c6 < 52; c6++)``), and both again with
the six cards made ready once per six (``ready6``) and the seventh added by
``value7_with``. ``--enum-only`` runs the nested loops alone, ``--batch-only`` the batches
alone; ``--base TREE`` adds the ``range``-loop enumerations (plain and ready6) over another
tree's numba_hand (a subprocess with TREE on PYTHONPATH, compiled before it is timed), the
"before" of an A/B.

    # /tmp/peers: the drivers of bench/peers/ built by hand outside the repository
    # (default/ and native/ builds; the flags are in bench/RESULTS.md)
    taskset -c 1 python bench/peers_high7.py /tmp/peers --rounds 7 --n-seq 50000000
    taskset -c 0 python bench/peers_high7.py /tmp/peers-incr --enum-only --base /tmp/base
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numba
import numpy as np
from benchlib import print_rounds, same_order

import pyeval
from pyeval import h7_loop
from pyeval._native import ffi, lib
from pyeval.jit import numba_hand as nh

N = 10_000_000


def _random_hands(n: int, seed: int = 1) -> np.ndarray:
    return pyeval.deal(n, 7, seed=seed)


@numba.njit(cache=True)
def _sequential_hands(n):
    out = np.empty((n, 7), np.uint8)
    i = 0
    for c0 in range(52):
        for c1 in range(c0 + 1, 52):
            for c2 in range(c1 + 1, 52):
                for c3 in range(c2 + 1, 52):
                    for c4 in range(c3 + 1, 52):
                        for c5 in range(c4 + 1, 52):
                            for c6 in range(c5 + 1, 52):
                                if i == n:
                                    return out
                                out[i, 0], out[i, 1], out[i, 2] = c0, c1, c2
                                out[i, 3], out[i, 4], out[i, 5], out[i, 6] = c3, c4, c5, c6
                                i += 1
    return out


def _loop_lines(level: int, form: str, ready: bool) -> list[str]:
    """The source lines of card ``level``'s loop and the loops inside it: ``range`` or
    ``while`` loops as a person would write them, one card added per level; the seventh
    card by ``value7`` (or, with ``ready``, ``value7_with`` on the six made ready once)."""
    c, lo = f"c{level}", "0" if level == 0 else f"c{level - 1} + 1"
    if level == 6:
        body = (["total += nh.value7_with(r6, s5, c6)"] if ready
                else ["k6, s6 = nh.add(k5, s5, c6)", "total += nh.value7(k6, s6)"])
        body.append("count += 1")
    else:
        prev = "nh.EMPTY_KEY, nh.EMPTY_SRM" if level == 0 else f"k{level - 1}, s{level - 1}"
        body = [f"k{level}, s{level} = nh.add({prev}, {c})"]
        if level == 5 and ready:
            body.append("r6 = nh.ready6(k5, s5)")
        body += _loop_lines(level + 1, form, ready)
    inner = ["    " + line for line in body]
    if form == "range":
        return [f"for {c} in range({lo}, 52):", *inner]
    return [f"{c} = {lo}", f"while {c} < 52:", *inner, f"    {c} += 1"]


def _nested(form: str, ready: bool):
    """sum and count of the high values of all 133,784,560 seven-card hands in seven nested
    loops written out (``form``: ``range`` loops, or ``while`` loops, the form of the peers'
    C ``for (c6 = c5 + 1; c6 < 52; c6++)``, where Numba's ``range`` keeps a second counter
    per loop), one card added per level (pyeval.jit.numba_hand); with ``ready`` the six
    cards are made ready for the seventh once per six (``numba_hand.ready6``) and the
    seventh added by ``value7_with``: one lookup per six cards and one load per hand. The
    loops' text is made by :func:`_loop_lines`, the same code as typed out by hand. Not
    cached: it inlines numba_hand, and Numba's cache would keep running an older one."""
    source = "\n".join(["def enumerate_nested():", "    total = 0", "    count = 0",
                        *("    " + line for line in _loop_lines(0, form, ready)),
                        "    return total, count", ""])
    space: dict[str, object] = {"nh": nh}
    exec(compile(source, f"<{form} loops>", "exec"), space)
    return numba.njit(cache=False)(space["enumerate_nested"])


enumerate_all = _nested("range", ready=False)
enumerate_all_ready = _nested("range", ready=True)
enumerate_all_while = _nested("while", ready=False)
enumerate_all_ready_while = _nested("while", ready=True)


def _best_rate(fn, inner: int) -> tuple[float, int]:
    """best hands per CPU second of ``inner`` calls of an enumeration, and its checksum"""
    best, total = 0.0, 0
    for _ in range(inner):
        t = time.process_time()
        total, count = fn()
        best = max(best, count / (time.process_time() - t) / 1e6)
    return best, total


def _peer(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    line = subprocess.run(cmd, check=True, capture_output=True, text=True,
                          env=env).stdout.strip().splitlines()[-1]
    words = line.split()
    return float(words[words.index("best") + 1]), int(words[-1])


def _pyeval(a: np.ndarray, path: int, rounds: int,
            out: np.ndarray | None = None) -> tuple[float, int, np.ndarray]:
    """best rate of ``rounds`` calls; ``out`` (reused across calls, so that no call pays
    the first touch of fresh pages) receives the values"""
    assert lib.pe_h7_set_path(path) == path or path == 0
    if out is None:
        out = np.empty(len(a), np.uint16)
    pa = ffi.cast("uint8_t *", ffi.from_buffer(a))
    po = ffi.cast("uint16_t *", ffi.from_buffer(out))
    best = 0.0
    for _ in range(rounds):
        t = time.process_time()
        assert lib.pe_h7_batch(pa, len(a), po, 1) == -1
        best = max(best, len(a) / (time.process_time() - t) / 1e6)
    lib.pe_h7_set_path(0)
    return best, int(out.sum(dtype=np.int64)), out


FLAVORS = ("default", "native")
PEERS = {"OMPEval": ("omp_drv", "omp_out.bin"), "hhe": ("hhe_drv", "hhe_out.bin"),
         "phevaluator": ("phe_drv", "phe_out.bin")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("peers", type=Path, help="the folder of the built drivers (default/ and native/)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--inner", type=int, default=3)
    ap.add_argument("--n", type=int, default=N, help="random hands")
    ap.add_argument("--n-seq", type=int, default=N, help="sequential hands")
    ap.add_argument("--enum-only", action="store_true", help="only the nested loops")
    ap.add_argument("--batch-only", action="store_true", help="only the 7-card batches")
    ap.add_argument("--base", type=Path, help="a tree to run the nested loops of too (A/B)")
    args = ap.parse_args()
    omp, hhe = args.peers / "default/omp_drv", args.peers / "default/hhe_drv"
    if args.enum_only:
        _enum_rounds(args, omp, hhe)
        return
    files = {}
    for order, make, n in (("random", _random_hands, args.n), ("sequential", _sequential_hands, args.n_seq)):
        f = args.peers / f"{order}7_{n}.bin"
        if not f.exists():
            make(n).tofile(f)
        files[order] = f
    chosen = h7_loop.choose(remeasure=True)
    print(f"CPU: {h7_loop.cpu_model()}; loops timed: "
          + ", ".join(f"{t.loop} {t.ns_per_hand:.2f} ns" for t in h7_loop.measure())
          + f"; automatic (measured) loop: {chosen}")
    paths = {"auto": 0, **{name: h7_loop.LOOPS[name] for name in h7_loop.available()}}
    peers = [(f"{name} {fl}", args.peers / fl / drv, out) for fl in FLAVORS
             for name, (drv, out) in PEERS.items()]
    for order, f in files.items():
        a = np.fromfile(f, np.uint8).reshape(-1, 7)
        buf = np.zeros(len(a), np.uint16)
        mine = _pyeval(a, 0, 1, buf)[2].copy()
        for name, drv, out in peers:
            _peer([str(drv), str(f), "1"])
            theirs = np.fromfile(f.parent / out, np.uint16)
            print(f"{order}: {name} orders all {len(a):,} hands as pyeval: {same_order(mine, theirs)}")
        runs: dict[str, list[float]] = {}
        sums: dict[str, int] = {}
        for r in range(args.rounds):
            rates: dict[str, float] = {}
            # everything in an order rotated by one each round, so that no contender always
            # runs first after another's process
            jobs = [(name, "peer", drv) for name, drv, _ in peers] + [(n, "path", None) for n in paths]
            for name, kind, drv in jobs[r % len(jobs):] + jobs[:r % len(jobs)]:
                if kind == "peer":
                    rates[name], sums[name] = _peer([str(drv), str(f), str(args.inner)])
                else:
                    rates[name], sums[name], _ = _pyeval(a, paths[name], args.inner, buf)
            for name, _, _ in peers:
                rates[f"auto / {name}"] = rates["auto"] / rates[name]
            for k, v in rates.items():
                runs.setdefault(k, []).append(v)
        print(f"\n7-card high, {order}, {len(a):,} hands, checked, best of {args.inner} per "
              f"program per round, {args.rounds} rounds (M/s; ratios within a round)")
        print_rounds(runs, 28, sums)
    if not args.batch_only:
        _enum_rounds(args, omp, hhe)


def _enum_rounds(args: argparse.Namespace, omp: Path, hhe: Path) -> None:
    """all hands in nested loops: the peers, pyeval.jit.numba_hand (``range`` and ``while``
    loops) and, with ``--base``, the same enumeration in another tree (a subprocess with
    that tree first on PYTHONPATH: the before of an A/B), interleaved round by round"""
    enumerate_all()   # compile
    enumerate_all_while()
    enumerate_all_ready()
    enumerate_all_ready_while()
    enum_runs: dict[str, list[float]] = {}
    sums: dict[str, int] = {}
    for _ in range(args.rounds):
        er: dict[str, float] = {}
        er["OMPEval"], sums["OMPEval"] = _peer([str(omp), "enum", str(args.inner)])
        er["hhe"], sums["hhe"] = _peer([str(hhe), "enum", str(args.inner)])
        er["numba_hand"], sums["numba_hand"] = _best_rate(enumerate_all, args.inner)
        er["numba_hand while"], sums["numba_hand while"] = _best_rate(enumerate_all_while,
                                                                      args.inner)
        er["numba_hand ready6"], sums["numba_hand ready6"] = _best_rate(enumerate_all_ready,
                                                                        args.inner)
        er["ready6 while"], sums["ready6 while"] = _best_rate(enumerate_all_ready_while,
                                                              args.inner)
        if args.base:
            env = {**os.environ, "PYTHONPATH": str(args.base)}
            er["base tree"], sums["base tree"] = _peer(
                [sys.executable, __file__, "--enum-worker", str(args.inner)], env=env)
            er["base ready6"], sums["base ready6"] = _peer(
                [sys.executable, __file__, "--enum-worker", str(args.inner), "ready6"], env=env)
        for k in [k for k in er if not k.startswith(("OMP", "hhe"))]:
            er[f"{k} / OMPEval"] = er[k] / er["OMPEval"]
            er[f"{k} / hhe"] = er[k] / er["hhe"]
        for k, v in er.items():
            enum_runs.setdefault(k, []).append(v)
    print(f"\nall 133,784,560 hands, nested loops, best of {args.inner} per program per round, "
          f"{args.rounds} rounds (M/s per CPU second; ratios within a round)")
    print_rounds(enum_runs, 28, sums)
    print(f"tables: {pyeval.table_bytes():,} bytes (C core), numba_hand {nh.TABLE_BYTES:,} bytes")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--enum-worker"]:
        # the base tree's enumeration, for --base: this file's loops over that tree's
        # numba_hand (the import above resolved through PYTHONPATH)
        fn = enumerate_all_ready if sys.argv[3:4] == ["ready6"] else enumerate_all
        fn()   # compile
        rate, total = _best_rate(fn, int(sys.argv[2]))
        print(f"pyeval enum best {rate:.2f} M/s checksum {total}")
    else:
        main()
