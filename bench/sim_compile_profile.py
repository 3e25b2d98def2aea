"""Compile time per Numba function (self = its CPU time minus the compiles it triggers) of one
simulate() call, and the LLVM lock time: run with an empty NUMBA_CACHE_DIR.

    NUMBA_CACHE_DIR=$(mktemp -d) python bench/sim_compile_profile.py
"""
import sys
import time

from numba.core import event

stack = []
rows = []
class L(event.Listener):
    def on_start(self, ev):
        stack.append([ev.data['dispatcher'], time.process_time(), 0.0])
    def on_end(self, ev):
        d, t0, child = stack.pop()
        tot = time.process_time() - t0
        if stack:
            stack[-1][2] += tot
        rows.append((tot - child, tot, getattr(d, '__qualname__', str(d)), str(ev.data.get('args'))[:120]))
class LL(event.Listener):
    tot = 0.0
    def on_start(self, ev):
        self.t = time.process_time()

    def on_end(self, ev):
        LL.tot += time.process_time() - self.t
event.register("numba:compile", L())
event.register("numba:llvm_lock", LL())
t = time.process_time()
import pyeval.sim  # noqa: E402

print("import", time.process_time() - t, flush=True)
t = time.process_time()
pyeval.sim.simulate('club_3000', n=1, seed=0, players=30) if len(sys.argv) < 2 else eval(sys.argv[1])
print("call", time.process_time() - t, "llvm_lock", LL.tot, flush=True)
rows.sort(reverse=True)
for r in rows[:40]:
    print("{:7.2f} {:7.2f} {} {}".format(*r))
print("n compiles", len(rows))
