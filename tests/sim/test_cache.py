"""The stamp that keeps Numba's cache of the simulation kernels consistent with their
sources (:mod:`pyeval.sim.engine._cache`): checked on first use, never at import."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from pyeval.sim.engine import _cache

_CHILD = textwrap.dedent("""
    import sys
    from pathlib import Path
    import pyeval.sim.engine.engine             # defines things only
    from pyeval.sim.engine import _cache
    mirror = Path(_cache.cache_dirs()[-1])
    stale, stamp = mirror / "stale.nbi", mirror / "sim_sources.sha256"
    print(stale.exists(), stamp.read_text().strip())
    _cache.fresh_cache_once()                   # the first use drops the stale kernels
    print(stale.exists(), stamp.read_text().strip() == _cache.sources_digest())
""")


def test_import_leaves_the_cache_alone_and_first_use_drops_stale_kernels(tmp_path: Path):
    """A cache stamped for other sources keeps its files while ``pyeval.sim.engine.engine`` is
    imported, and loses them (and gets the current stamp) on the first use."""
    root = tmp_path / "numba"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(root))
    # a folder Numba mirrors a sim package's path to (as _cache.cache_dirs says)
    probe = subprocess.run([sys.executable, "-c", "from pyeval.sim.engine import _cache; "
                            "print(_cache.cache_dirs()[-1])"],
                           capture_output=True, text=True, env=env, check=True, cwd=tmp_path)
    mirror = Path(probe.stdout.strip())
    assert mirror.parent == root
    mirror.mkdir(parents=True, exist_ok=True)
    (mirror / "stale.nbi").write_bytes(b"compiled from older sources")
    (mirror / "sim_sources.sha256").write_text("0" * 64)
    res = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                         env=env, timeout=300, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split("\n")[:2] == ["True " + "0" * 64, "False True"]


def test_a_matching_stamp_keeps_the_cache(tmp_path: Path, monkeypatch):
    """With the current stamp nothing is deleted; with another one the .nbi/.nbc files go
    and other files stay."""
    monkeypatch.setattr(_cache, "cache_dirs", lambda: [tmp_path])
    for name in ("k.nbi", "k.1.nbc", "notes.txt"):
        (tmp_path / name).write_text("x")
    (tmp_path / "sim_sources.sha256").write_text(_cache.sources_digest())
    _cache.ensure_fresh_cache()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "k.1.nbc", "k.nbi", "notes.txt", "sim_sources.sha256"]
    (tmp_path / "sim_sources.sha256").write_text("f" * 64)
    _cache.ensure_fresh_cache()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "sim_sources.sha256"]
    assert (tmp_path / "sim_sources.sha256").read_text() == _cache.sources_digest()


def test_the_stamp_covers_every_module_the_kernels_compile_in():
    """The constants' modules (slots, layout, the variants' facts) and the modules of
    ``@njit`` and ``@linked`` functions are stamped, as well as the Numba code outside."""
    names = {(p.parent.name, p.name) for p in _cache.kernel_sources()}
    for name in ("slots.py", "layout.py", "breaks.py", "places.py", "kernel.py"):
        assert ("kernel", name) in names
    for name in ("facts.py", "draw.py", "strength.py", "hands.py"):
        assert ("variants", name) in names
    for name in ("numba_ext.py", "numba_linked.py", "numba_mem.py", "numba_rng.py"):
        assert ("jit", name) in names
    for name in ("engine.py", "policy.py", "report.py", "__init__.py"):
        assert any(parent != "jit" and n == name for parent, n in names)
    assert ("engine", "_cache.py") not in names
