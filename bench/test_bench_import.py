"""Start-up costs, each in fresh processes: ``import pyeval`` (including building the
tables), the tables' memory, and the first call of an ``@njit(cache=True)`` kernel that uses
pyeval.jit.numba_ext, with an empty cache (cold: compile) and with a warm cache (load).

Import time is taken inside the child (perf_counter around the import), median of 9 runs,
with the bytecode of pyeval already compiled (the state after any first run of an install);
the pytest-benchmark timing of these tests is the whole child process, interpreter start-up
included."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

from benchlib import record

IMPORT = """
import json, time
t = time.perf_counter()
import pyeval
dt = time.perf_counter() - t
print(json.dumps({"import_s": dt, "table_bytes": pyeval.table_bytes()}))
"""

NUMBA = """
import json, time
t0 = time.perf_counter()
import numba, numpy as np
import pyeval
from pyeval.jit import numba_ext as nx
t1 = time.perf_counter()

@numba.njit(cache=True)
def kernel(deals):
    s = 0
    for i in range(deals.shape[0]):
        r = deals[i]
        s += nx.high7(r[0], r[1], r[2], r[3], r[4], r[5], r[6])
    return s

deals = np.array([[51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8)
kernel(deals)
t2 = time.perf_counter()
print(json.dumps({"imports_s": t1 - t0, "first_call_s": t2 - t1, "total_s": t2 - t0,
                  "hits": sum(kernel.stats.cache_hits.values())}))
"""


def _child(code, env=None, cwd=None) -> dict:
    """Run ``code`` (source text, or a script path) in a fresh interpreter; its last line of
    output is JSON."""
    args = [str(code)] if isinstance(code, Path) else ["-c", code]
    p = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                       cwd=cwd, timeout=600)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_import_time_and_table_memory(benchmark):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    _child(IMPORT, env)                          # writes pyeval's bytecode if missing
    runs: list[dict] = []
    benchmark.group = "start-up"
    benchmark.pedantic(lambda: runs.append(_child(IMPORT, env)), rounds=9, iterations=1)
    med = statistics.median(r["import_s"] for r in runs)
    benchmark.extra_info.update({"label": "import pyeval (median of 9 fresh processes)",
                                 "import_pyeval_median_s": med,
                                 "table_bytes": runs[0]["table_bytes"]})
    record("start-up", "import pyeval (median of 9 fresh processes)", med, "s",
           f"min {min(r['import_s'] for r in runs):.3f} s, max "
           f"{max(r['import_s'] for r in runs):.3f} s")
    record("start-up", "lookup tables, total", runs[0]["table_bytes"] / 1024, "KiB",
           f"{runs[0]['table_bytes']:,} bytes (pyeval.table_bytes())")


def test_numba_first_call_cold_and_warm(benchmark, tmp_path: Path):
    script = tmp_path / "first_call.py"
    script.write_text(textwrap.dedent(NUMBA))
    cold, warm = [], []
    for i in range(3):
        env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / f"cache{i}"))
        cold.append(_child(script, env, cwd=tmp_path))
        warm.append(_child(script, env, cwd=tmp_path))
    assert all(r["hits"] == 0 for r in cold) and all(r["hits"] == 1 for r in warm)
    benchmark.group = "start-up"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache0"))
    benchmark.pedantic(lambda: _child(script, env, cwd=tmp_path), rounds=3, iterations=1)
    for name, runs in (("cold cache (compiles)", cold), ("warm cache (loads)", warm)):
        first = statistics.median(r["first_call_s"] for r in runs)
        total = statistics.median(r["total_s"] for r in runs)
        record("start-up", f"Numba kernel first call, {name}", first, "s",
               f"median of 3; imports before it {statistics.median(r['imports_s'] for r in runs):.2f} s,"
               f" process total {total:.2f} s")
        benchmark.extra_info[f"first_call_{name.split()[0]}_s"] = first
        benchmark.extra_info[f"process_total_{name.split()[0]}_s"] = total
    benchmark.extra_info["label"] = "Numba first call, fresh process"
