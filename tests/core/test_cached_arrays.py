"""pyeval's table cache computes a table once when several processes miss it at once."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

_CHILD = textwrap.dedent("""
    import sys, time, numpy as np
    from pyeval.cached_arrays import cached_arrays
    log = sys.argv[1]
    def compute():
        with open(log, "a") as f:
            f.write("computed\\n")
        time.sleep(1.0)                       # long enough for the others to miss the file
        return {"a": np.arange(5) * 7}
    print(cached_arrays("race_v1", compute, {"a": (5,)})["a"].tolist())
""")


def test_processes_missing_the_same_table_compute_it_once(tmp_path):
    log = tmp_path / "log.txt"
    env = dict(os.environ, PYEVAL_CACHE_DIR=str(tmp_path / "cache"))
    # run outside the source tree, so that the children import the installed package (the
    # tree's pyeval/ has no built extension when CI installs with `pip install .`)
    procs = [subprocess.Popen([sys.executable, "-c", _CHILD, str(log)], env=env, cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [e for _, e in outs]
    assert [o.strip() for o, _ in outs] == ["[0, 7, 14, 21, 28]"] * 3
    assert log.read_text() == "computed\n"          # one process computed, two read its file
    assert (tmp_path / "cache" / "race_v1.npz").is_file()
