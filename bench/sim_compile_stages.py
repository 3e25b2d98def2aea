"""Where the first simulate() of one game spends its CPU, by Numba's own documented events
(``numba.core.event``: ``numba:compile``, ``numba:run_pass``), nothing of Numba patched: each
pass's self CPU (the compiles it triggers taken out), by pass and by function, how many
times each dispatcher compiled, and the process's page faults. Run with empty caches:

    NUMBA_CACHE_DIR=$(mktemp -d) PYEVAL_CACHE_DIR=$(mktemp -d) PYTHONPATH=<tree> \\
        python bench/sim_compile_stages.py club_3000 | game:seven_card_stud | ...

(labels as :mod:`sim_cold_game`). ``native_lowering`` includes LLVM: of the kernel's
top function (``run_serial``) it is LLVM's optimisation and machine code of the whole
linked kernel; of a link-only function, its lowering and cheap function passes.
"""
from __future__ import annotations

import pathlib
import resource
import sys
import time
from collections import defaultdict
from typing import Any

from numba.core import event

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

by_pass: dict[str, float] = defaultdict(float)
by_func: dict[str, float] = defaultdict(float)
n_compiles: dict[str, int] = defaultdict(int)
_open: list[list[Any]] = []      # [is_compile, name, start, nested compiles' CPU, function]


def _name(d: Any) -> str:
    return (getattr(d, "__qualname__", None)
            or getattr(getattr(d, "py_func", None), "__qualname__", None) or str(d))


class _Stages(event.Listener):
    def on_start(self, ev: event.Event) -> None:
        if ev.kind == "numba:compile":
            _open.append([True, _name(ev.data.get("dispatcher")), time.process_time(), 0.0, ""])
        else:
            func = next((o[1] for o in reversed(_open) if o[0]), "?")
            _open.append([False, ev.data["name"], time.process_time(), 0.0, func])

    def on_end(self, ev: event.Event) -> None:
        is_compile, name, t0, nested, func = _open.pop()
        total = time.process_time() - t0
        if is_compile:
            n_compiles[name] += 1
            if _open:                # the pass (or compile) that triggered it
                _open[-1][3] += total
            return
        by_pass[name] += total - nested
        by_func[func] += total - nested


def main() -> None:
    for kind in ("numba:compile", "numba:run_pass"):
        event.register(kind, _Stages())
    t = time.process_time()
    from sim_cold_game import structure

    import pyeval.sim
    t_import = time.process_time() - t
    label = sys.argv[1] if len(sys.argv) > 1 else "club_3000"
    t = time.process_time()
    pyeval.sim.simulate(structure(label), n=1, seed=1, threads=1)
    t_call = time.process_time() - t
    ru = resource.getrusage(resource.RUSAGE_SELF)
    print(f"{label}: import {t_import:.2f} s, simulate {t_call:.2f} s CPU (user "
          f"{ru.ru_utime:.1f} s, sys {ru.ru_stime:.1f} s, minor faults {ru.ru_minflt})")
    print("passes, self CPU s:")
    for k, v in sorted(by_pass.items(), key=lambda kv: -kv[1])[:20]:
        print(f"  {v:7.2f} {k}")
    print("functions, self CPU s in their passes (x compiles):")
    for k, v in sorted(by_func.items(), key=lambda kv: -kv[1])[:30]:
        print(f"  {v:7.2f} {k} x{n_compiles[k]}")
    many = {k: v for k, v in n_compiles.items() if v > 1}
    print(f"{sum(n_compiles.values())} compiles of {len(n_compiles)} dispatchers; more than "
          f"once: {many or 'none'}")


if __name__ == "__main__":
    main()
