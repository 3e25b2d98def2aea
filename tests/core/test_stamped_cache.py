"""The table kernels' cache stamp (pyeval.jit.stamped_cache): an index left by an older
pyeval (whose kernels' argument types lived in modules that have since moved, so that
Numba's unpickling of it raised ModuleNotFoundError) is dropped when the C tables are first
read (``import pyeval`` alone leaves it), and a matching stamp keeps the cache."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from pyeval.jit import stamped_cache as sc

_CHILD = textwrap.dedent("""
    from pathlib import Path
    import pyeval                             # defines things only
    from pyeval.jit import stamped_cache as sc
    mirror = [d for d in sc.numba_cache_dirs(sc.TABLE_KERNEL_FOLDERS)
              if d.name.startswith("equity_")][-1]
    stale = mirror / "_montecarlo._mc_work-1.py311.nbi"
    print(stale.exists())
    import pyeval.equity                      # reads the C tables (a kernel constant)
    stamp = (mirror / sc.TABLES_STAMP).read_text().strip()
    print(stale.exists(), stamp == sc.sources_digest(sc.table_kernel_sources()))
""")


def test_first_use_drops_an_older_pyevals_cache(tmp_path: Path):
    root = tmp_path / "numba"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(root))
    probe = subprocess.run(
        [sys.executable, "-c", "from pyeval.jit import stamped_cache as sc; "
         "print([d for d in sc.numba_cache_dirs(sc.TABLE_KERNEL_FOLDERS) "
         "if d.name.startswith('equity_')][-1])"],
        capture_output=True, text=True, env=env, check=True, cwd=tmp_path)
    mirror = Path(probe.stdout.strip())
    assert mirror.parent == root
    mirror.mkdir(parents=True)
    (mirror / "_montecarlo._mc_work-1.py311.nbi").write_bytes(b"an older pyeval's index")
    (mirror / sc.TABLES_STAMP).write_text("0" * 64)
    res = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                         env=env, timeout=300, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split("\n")[:2] == ["True", "False True"]


def test_a_matching_stamp_keeps_the_cache(tmp_path: Path):
    for name in ("k.nbi", "k.1.nbc", "notes.txt"):
        (tmp_path / name).write_text("x")
    sc.drop_stale([tmp_path], "a" * 64, "s.sha256")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "s.sha256"]
    (tmp_path / "k.nbi").write_text("x")
    sc.drop_stale([tmp_path], "a" * 64, "s.sha256")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.nbi", "notes.txt", "s.sha256"]


def test_the_stamp_covers_the_equity_kernels_and_the_binding():
    names = {(p.parent.name, p.name) for p in sc.table_kernel_sources()}
    for name in ("_montecarlo.py", "_dealing.py", "_showdown.py", "_omahamc.py"):
        assert ("equity", name) in names
    for name in ("numba_ext.py", "numba_rng.py", "stamped_cache.py"):
        assert ("jit", name) in names
    assert ("pyeval", "dealer.py") in names
