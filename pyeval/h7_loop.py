"""Which loop the 7-card high batch runs, chosen by timing them on this machine.

The C core has several loops for ``high_batch`` on 7-card rows (``csrc/high7_batch.c``):
``scalar`` (any CPU), ``avx2``, ``avx512`` (F, BW, VBMI) and ``general`` (the big tables,
kept as a cross-check). Which is fastest depends on the CPU model more than on its flags
(the AVX-512 loop led on a Zen 4 and trailed on a Zen 5), so the first 7-card batch times
each loop the CPU can run on a small fixed workload (about 20 ms in all) and keeps the
fastest in ``<cache dir>/h7_loop.json`` under this CPU model, the loops it can run and this
build of pyeval; later processes read the choice back. ``pyeval warmup`` measures again.

``PYEVAL_H7_LOOP=<name>`` forces a loop (``auto`` = measure as above); a name this CPU
cannot run is refused with the allowed names.

>>> choose() in available()
True
>>> force("scalar"); current()
'scalar'
>>> force("auto")
>>> force("nonsense")
Traceback (most recent call last):
...
ValueError: PYEVAL_H7_LOOP / h7 loop: unknown loop 'nonsense'; allowed: auto, avx2, avx512, general, scalar
"""
from __future__ import annotations

import json
import os
import platform
import time
from pathlib import Path
from typing import NamedTuple

import numpy as np

from pyeval._native import LIBRARY_PATH, ffi, lib
from pyeval.cachedir import cache_dir

#: the loops of csrc/high7_batch.c by name, with the path number pe_h7_set_path takes
LOOPS: dict[str, int] = {"scalar": 1, "avx2": 2, "general": 3, "avx512": 4}
AUTO = "auto"
ENV = "PYEVAL_H7_LOOP"
CACHE_NAME = "h7_loop.json"

_ROWS = 1 << 14      # hands per timed call: 112 KB of cards, 0.05-0.1 ms a call
_ROUNDS = 15         # interleaved rounds; the best round of each loop counts
_chosen: str | None = None


class Timing(NamedTuple):
    """One loop's best time on the fixed workload."""

    loop: str
    ns_per_hand: float


def available() -> list[str]:
    """The loops this CPU can run, by name (sorted).

    >>> "scalar" in available() and "general" in available()
    True
    """
    forced = lib.pe_h7_forced()
    names = sorted(name for name, p in LOOPS.items() if lib.pe_h7_set_path(p) == p)
    lib.pe_h7_set_path(forced)
    return names


def _name_of(path: int) -> str:
    return next(name for name, p in LOOPS.items() if p == path)


def current() -> str:
    """The loop 7-card batches run now."""
    return _name_of(lib.pe_h7_path())


def force(name: str) -> None:
    """Run ``name`` from now on in this process (``"auto"``: measure, or read the cache).
    Raises ValueError for a name that is not a loop of this CPU."""
    global _chosen
    allowed = available()
    if not isinstance(name, str) or name not in allowed + [AUTO]:
        kind = "unknown loop" if name not in LOOPS else "this CPU cannot run the loop"
        raise ValueError(f"{ENV} / h7 loop: {kind} {name!r}; allowed: "
                         f"{', '.join(sorted(allowed + [AUTO]))}")
    if name == AUTO:
        lib.pe_h7_set_path(0)
        _chosen = None
        _choose_measured(False)
        return
    lib.pe_h7_set_path(LOOPS[name])
    _chosen = name


def _workload() -> np.ndarray:
    """The fixed hands every loop is timed on: random 7-card rows, the same every time."""
    rng = np.random.default_rng(20261207)
    return np.argsort(rng.random((_ROWS, 52)), axis=1)[:, :7].astype(np.uint8)


def measure(rounds: int = _ROUNDS) -> list[Timing]:
    """Each available loop's best time per hand on the fixed workload, loops interleaved
    round by round, fastest first (leaves the loop in effect unchanged)."""
    forced = lib.pe_h7_forced()
    hands = _workload()
    out = np.empty(_ROWS, np.uint16)
    src = ffi.cast("uint8_t *", ffi.from_buffer(hands))
    dst = ffi.cast("uint16_t *", ffi.from_buffer(out))
    names = available()
    best = {name: float("inf") for name in names}
    for _ in range(rounds):
        for name in names:
            lib.pe_h7_set_path(LOOPS[name])
            t = time.thread_time_ns()   # CPU time of this thread: other programs' turns
            lib.pe_h7_batch(src, _ROWS, dst, 1)   # on a shared machine do not count
            best[name] = min(best[name], (time.thread_time_ns() - t) / _ROWS)
    lib.pe_h7_set_path(forced)
    return sorted((Timing(n, best[n]) for n in names), key=lambda t: t.ns_per_hand)


def cpu_model() -> str:
    """The CPU's model as the OS names it (``/proc/cpuinfo`` on Linux), with family and
    model numbers where given: two CPUs with one brand string can differ."""
    fields: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if not line.strip():
                    break
                key, _, val = line.partition(":")
                fields[key.strip()] = val.strip()
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or platform.machine()
    return f"{name} (family {fields.get('cpu family', '?')}, model {fields.get('model', '?')})"


def _cache_key() -> str:
    from pyeval import __version__
    try:
        build = str(os.stat(LIBRARY_PATH).st_mtime_ns)
    except OSError:
        build = "?"
    return f"{cpu_model()} | loops {','.join(available())} | pyeval {__version__} build {build}"


def _cache_path() -> Path:
    return cache_dir() / CACHE_NAME


def _read_cache() -> str | None:
    try:
        data = json.loads(_cache_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != _cache_key():
        return None
    loop = data.get("loop")
    return loop if isinstance(loop, str) and loop in available() else None


def _write_cache(timings: list[Timing]) -> None:
    data = {"key": _cache_key(), "loop": timings[0].loop,
            "ns_per_hand": {t.loop: round(t.ns_per_hand, 3) for t in timings}}
    path = _cache_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass   # a read-only cache: the choice holds for this process only


def choose(remeasure: bool = False) -> str:
    """The loop for this process: ``$PYEVAL_H7_LOOP`` when set, else the cached choice for
    this CPU and build, else measured now (and cached); ``remeasure=True`` ignores the
    cache. Returns its name."""
    env = os.environ.get(ENV, "").strip()
    if env and env != AUTO:
        force(env)
        return env
    if _chosen is not None and not remeasure:
        return _chosen
    return _choose_measured(remeasure)


def _choose_measured(remeasure: bool) -> str:
    global _chosen
    loop = None if remeasure else _read_cache()
    if loop is None:
        timings = measure()
        _write_cache(timings)
        loop = timings[0].loop
    lib.pe_h7_set_auto(LOOPS[loop])   # a path forced by pe_h7_set_path still wins
    _chosen = loop
    return loop


def ensure_chosen() -> None:
    """Chooses the loop once per process (the 7-card batch calls this before its first run)."""
    if _chosen is None:
        choose()


__all__ = ["AUTO", "ENV", "LOOPS", "Timing", "available", "choose", "cpu_model", "current",
           "ensure_chosen", "force", "measure"]
