"""The compile notice (said once, only when Numba compiles a pyeval kernel) and
``pyeval warmup`` (compiles ahead; afterwards nothing is compiled and nothing is said)."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap

import numba
import pytest
from click.testing import CliRunner

from pyeval.sim.engine import compile_notice as cn


def _fresh_function(module: str):
    """A new dispatcher whose Python function claims to live in ``module``."""
    def f(x):
        return x * 3 + 1
    f.__module__ = module
    return numba.njit(cache=False)(f)


def _said(*modules: str) -> str:
    """What the notice writes while a new function claiming to live in each of ``modules``
    compiles and runs (each must give 3 x + 1)."""
    err = io.StringIO()
    with cn.compile_notice(stream=err):
        for x, module in enumerate(modules):
            assert _fresh_function(module)(x) == 3 * x + 1
    return err.getvalue()


def test_notice_once_when_a_pyeval_function_compiles():
    cn.reset()
    # the second compile in the block adds nothing
    assert _said("pyeval.sim.example", "pyeval.sim.other") == cn.MESSAGE + "\n"
    assert cn.said()
    assert _said("pyeval.sim.third") == ""                         # once per process
    cn.reset()


def test_no_notice_for_other_packages_or_outside_the_block():
    cn.reset()
    assert _said("somebody_else") == ""
    assert _fresh_function("pyeval.sim.outside")(2) == 7           # no listener here
    assert not cn.said()                                           # nothing was said


_CHILD = textwrap.dedent("""
    import io, sys, numpy as np
    from pyeval.sim.engine.compile_notice import compile_notice
    from pyeval.jit.numba_rng import seed_stream, below
    with compile_notice():
        s = np.empty(4, np.uint64)
        seed_stream(s, 5, 1)
        print(int(below(s, 1000)))
""")


def _run_child(code: str, cache: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    os.makedirs(cache, exist_ok=True)
    # run outside the source tree, so that the child imports the installed package (the
    # tree's pyeval/ has no built extension when CI installs with `pip install .`)
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=600, cwd=cache)


def test_notice_only_with_a_cold_cache(tmp_path):
    """A fresh cache compiles (and says so); the next process loads it (and says nothing)."""
    cold = _run_child(_CHILD, str(tmp_path))
    warm = _run_child(_CHILD, str(tmp_path))
    assert cold.returncode == 0 and warm.returncode == 0, cold.stderr + warm.stderr
    assert cold.stdout == warm.stdout                 # the same draw from (seed 5, stream 1)
    assert cold.stderr.count(cn.MESSAGE) == 1
    assert cn.MESSAGE not in warm.stderr


_COLD_SIM = textwrap.dedent("""
    import sys, time
    from pyeval.sim import simulate
    t = time.process_time()
    r = simulate("club_3000", n=2, seed=3, players=12)
    print(repr(r.duration.tolist()))
    print(time.process_time() - t)
""")


@pytest.mark.slow
def test_warmup_command_reports_each_part_then_simulations_compile_nothing(tmp_path):
    """``pyeval warmup`` reports its parts; afterwards simulations of a button game, a stud
    game, the draw and a structure of several families compile nothing in this process, and
    a new process loads every kernel from the cache (a second or two of CPU, no notice) and
    repeats the results. (The cold side,
    a fresh cache compiling and saying so once, is test_notice_only_with_a_cold_cache: a
    second cold compile of every kernel here cost the test command about four minutes.)"""
    from pyeval.cli.main import cli
    from pyeval.sim import simulate
    from pyeval.sim.engine.spec import build_spec
    from pyeval.sim.engine.warmup import _structure

    res = CliRunner().invoke(cli, ["warmup", "--no-equity"])
    assert res.exit_code == 0, res.output
    # a kernel not compiled yet in this cache (the stud family, when the tests before only
    # simulated button games) is announced first
    # (and, when another test worker is compiling the same kernel at that moment, the
    # notice that this process waits for it: pyeval.jit.compile_once)
    lines = [line for line in res.output.splitlines() if line != cn.MESSAGE
             and not line.startswith("pyeval: another process is compiling ")]
    assert len(lines) == 2
    assert lines[0].startswith("simulation: ready in ")
    assert lines[1].startswith("done in ")
    assert "equity" not in res.output
    cn.reset()
    err = io.StringIO()
    with cn.compile_notice(stream=err):
        simulate("club_3000", n=2, seed=3, players=12)
        simulate("hands_100k_stud", n=1, seed=3, players=8)
        for name in ("hands_100k_stud:five_card_draw", "hands_100k_stud+draw"):  # draw, mixed
            simulate(_structure(name, 0), n=1, seed=3, players=8)
        simulate("two_stage_table_winners", n=1, seed=3)          # [extras]
        for name in ("club_3000", "hands_100k_stud"):             # [entries]
            late = _structure(name, 2)
            simulate(late, n=1, seed=3, spec=build_spec(late, 12, late_entries=2))
    assert err.getvalue() == "" and not cn.said()
    # new processes with this process's cache (NUMBA_CACHE_DIR, or Numba's default beside
    # the sources), run outside the source tree as _run_child does
    def child() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", _COLD_SIM], capture_output=True,
                              text=True, timeout=600, cwd=tmp_path)

    after = child()
    assert after.returncode == 0, after.stderr
    assert cn.MESSAGE not in after.stderr
    durations, cpu = after.stdout.splitlines()
    assert float(cpu) < 10.0                       # loading, not compiling
    again = child()
    assert again.stdout.splitlines()[0] == durations and cn.MESSAGE not in again.stderr


def test_warmup_is_listed_and_documented():
    from pyeval.cli.main import cli

    res = CliRunner().invoke(cli, ["--help"])
    assert "warmup" in res.output
    res = CliRunner().invoke(cli, ["warmup", "--help"])
    assert res.exit_code == 0 and "--no-equity" in res.output
