"""pyeval's table cache computes a table once when several processes miss it at once."""
from __future__ import annotations

import os
import textwrap

from .races import race

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
    env = dict(os.environ, PYEVAL_CACHE_DIR=str(tmp_path / "cache"))
    assert race(_CHILD, tmp_path, env) == ["[0, 7, 14, 21, 28]"] * 3
    assert (tmp_path / "log.txt").read_text() == "computed\n"  # one process computed, two read its file
    assert (tmp_path / "cache" / "race_v1.npz").is_file()
