"""Where a cold simulator compile spends its time, pass by pass: Numba's own front-end passes
(``metadata['pipeline_times']``: SSA, type inference, inlining, lowering ...) and LLVM's
(the per-function passes, the cheap and full module pipelines, machine code) for every
function compiled by one ``simulate()`` call, with its self CPU time (its compile minus the
compiles it triggers). Run with an empty Numba cache and LLVM pass timings on:

    NUMBA_CACHE_DIR=$(mktemp -d) NUMBA_LLVM_PASS_TIMINGS=1 python bench/sim_compile_passes.py
    NUMBA_CACHE_DIR=$(mktemp -d) NUMBA_LLVM_PASS_TIMINGS=1 python bench/sim_compile_passes.py \
        "pyeval.sim.simulate('hands_100k_stud', n=1, seed=0, players=10)"

Numba's pass times are read on the CPU clock here (a pass's time includes the compiles it
triggers, mostly in type inference); LLVM's are its wall clock (inflated on a loaded machine);
compare rows of one process, or runs side by side.
"""
from __future__ import annotations

import sys
import time
from collections import defaultdict

from benchlib import CompileClock

#: type inference rounds per function: Numba re-evaluates every constraint of a function
#: until no type changes, so its cost is (constraints) x (rounds)
rounds: list[tuple[str, int, int]] = []


def _count_rounds() -> None:
    from numba.core import typeinfer

    orig = typeinfer.TypeInferer.propagate

    def propagate(self, raise_errors=True):
        n = [0]
        inner = self.constraints.propagate

        def counted(ti):
            n[0] += 1
            return inner(ti)

        self.constraints.propagate = counted
        try:
            return orig(self, raise_errors)
        finally:
            self.constraints.propagate = inner
            rounds.append((self.func_id.func_qualname, n[0], len(self.constraints.constraints)))

    typeinfer.TypeInferer.propagate = propagate


def _cpu_pass_clock() -> None:
    """Numba's pass timer on the process's CPU clock (its wall clock counts the load)."""
    from numba.core import compiler_machinery

    class _T:
        default_timer = staticmethod(time.process_time)

    compiler_machinery.timeit = _T


_count_rounds()
_cpu_pass_clock()
clock = CompileClock().register()


def _name(d) -> str:
    return getattr(d, "__qualname__", None) or getattr(getattr(d, "py_func", None), "__qualname__", str(d))


def main() -> None:
    t = time.process_time()
    import pyeval.sim
    print(f"import {time.process_time() - t:.2f} s CPU", flush=True)
    t = time.process_time()
    if len(sys.argv) < 2:
        pyeval.sim.simulate("club_3000", n=1, seed=0, players=30)
    else:
        eval(sys.argv[1])
    print(f"call {time.process_time() - t:.2f} s CPU, llvm_lock {clock.lock_s:.2f} s, "
          f"{len(clock.compiles)} compiles", flush=True)
    by_pass: dict[str, float] = defaultdict(float)
    detail = []
    for self_t, tot, d, args in clock.compiles:
        cres = getattr(d, "overloads", {}).get(tuple(args))
        md = getattr(cres, "metadata", None) or {}
        passes: dict[str, float] = {}
        for _pl, times in md.get("pipeline_times", {}).items():
            for pname, tm in times.items():
                key = pname.split("_", 1)[-1] if pname[:1].isdigit() else pname
                passes[key] = passes.get(key, 0.0) + tm.init + tm.run + tm.finalize
        llvm = md.get("llvm_pass_timings")
        lv: dict[str, float] = {}
        if llvm is not None and not llvm.is_empty:
            for r in llvm:
                k = r.name
                if k.startswith("Function passes"):
                    k = "LLVM function passes"
                lv[k] = lv.get(k, 0.0) + r.timings.get_total_time()
        for k, v in passes.items():
            by_pass["numba: " + k] += v
        for k, v in lv.items():
            by_pass["llvm: " + k] += v
        detail.append((self_t, tot, _name(d), len(args), passes, lv, args))
    detail.sort(key=lambda r: -r[0])
    print("\nself CPU, total CPU, function (args): its largest passes (CPU s, with the compiles they trigger)")
    for self_t, tot, name, nargs, passes, lv, _a in detail[:25]:
        top = sorted(list(passes.items()) + [("LLVM " + k, v) for k, v in lv.items()],
                     key=lambda kv: -kv[1])[:6]
        print(f"{self_t:7.2f} {tot:7.2f} {name} ({nargs}): "
              + ", ".join(f"{k} {v:.2f}" for k, v in top))
    print("\nall functions, by pass (CPU s, nested compiles counted in their callers' passes too)")
    for k, v in sorted(by_pass.items(), key=lambda kv: -kv[1])[:25]:
        print(f"{v:8.2f} {k}")
    print("\ntype inference: function, rounds, constraints (the largest rounds x constraints)")
    for name, n, c in sorted(rounds, key=lambda r: -r[1] * r[2])[:15]:
        print(f"{n:4d} x {c:6d} {name}")
    counts: dict[str, int] = defaultdict(int)
    for _s, _t, name, *_ in detail:
        counts[name] += 1
    many = {k: v for k, v in counts.items() if v > 1}
    print("\nfunctions compiled more than once:", many or "none")
    for r in detail:
        if counts[r[2]] > 1 and not r[2].startswith(("ol_", "impl_", "array_")):
            print(f"  {r[2]} {r[0]:.2f} s: {r[6]}")


if __name__ == "__main__":
    main()
