"""The 7-card batch loop chosen by timing on this machine (pyeval/h7_loop.py): every loop
the CPU can run gives the scalar loop's values, forcing works (by call and by
$PYEVAL_H7_LOOP), bad names are refused with the allowed ones, and the choice is cached
per CPU model and build."""
from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import pyeval
from pyeval import h7_loop
from pyeval._native import lib


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setenv("PYEVAL_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv(h7_loop.ENV, raising=False)
    saved = h7_loop._chosen
    h7_loop._chosen = None
    yield
    lib.pe_h7_set_path(0)
    lib.pe_h7_set_auto(0)
    h7_loop._chosen = saved
    if saved is not None:
        lib.pe_h7_set_auto(h7_loop.LOOPS[saved])


def _hands(n: int) -> np.ndarray:
    rng = np.random.default_rng(36)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def test_every_loop_the_cpu_has_gives_the_scalar_values() -> None:
    a = _hands(20_000)
    h7_loop.force("scalar")
    want = pyeval.high_batch(a)
    assert np.array_equal(want[:200], [pyeval.high(r) for r in a[:200]])
    names = h7_loop.available()
    assert {"scalar", "general"} <= set(names)
    for name in names:
        h7_loop.force(name)
        assert h7_loop.current() == name
        assert lib.pe_h7_path() == h7_loop.LOOPS[name]
        assert np.array_equal(pyeval.high_batch(a), want), name
        assert np.array_equal(pyeval.high_batch(a, check=False), want), name
    h7_loop.force("auto")
    assert h7_loop.current() in names and lib.pe_h7_forced() == 0
    assert np.array_equal(pyeval.high_batch(a), want)


def test_the_first_batch_measures_caches_and_runs_the_fastest(tmp_path: Path) -> None:
    pyeval.high_batch(_hands(10))
    data = json.loads((tmp_path / h7_loop.CACHE_NAME).read_text())
    assert data["key"] == h7_loop._cache_key()
    assert set(data["ns_per_hand"]) == set(h7_loop.available())
    fastest = min(data["ns_per_hand"], key=data["ns_per_hand"].get)
    assert data["loop"] == fastest == h7_loop.current()


def test_a_cached_choice_is_read_back_and_a_stale_one_ignored(tmp_path: Path) -> None:
    path = tmp_path / h7_loop.CACHE_NAME
    path.write_text(json.dumps({"key": h7_loop._cache_key(), "loop": "general"}))
    assert h7_loop.choose() == "general" and h7_loop.current() == "general"
    for stale in ({"key": "another CPU", "loop": "general"}, "not json {",
                  {"key": h7_loop._cache_key(), "loop": "avx9000"}):
        path.write_text(stale if isinstance(stale, str) else json.dumps(stale))
        h7_loop._chosen = None
        got = h7_loop.choose()
        assert got in h7_loop.available()
        assert json.loads(path.read_text())["loop"] == got   # measured and rewritten


def test_the_environment_variable_forces_a_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(h7_loop.ENV, "general")
    pyeval.high_batch(_hands(10))
    assert h7_loop.current() == "general" and lib.pe_h7_forced() == 3


@pytest.mark.parametrize("bad", ["avx1024", "", "SCALAR", "3"])
def test_a_bad_loop_name_is_refused_with_the_allowed_names(monkeypatch: pytest.MonkeyPatch,
                                                            bad: str) -> None:
    if bad:
        monkeypatch.setenv(h7_loop.ENV, bad)
        with pytest.raises(ValueError, match=r"PYEVAL_H7_LOOP.*allowed: auto, .*scalar"):
            pyeval.high_batch(_hands(10))
    with pytest.raises(ValueError, match=r"unknown loop .*allowed: auto, .*general.*scalar"):
        h7_loop.force(bad)


def test_measuring_takes_well_under_a_second() -> None:
    t = time.process_time()   # CPU time: the machine may be shared
    timings = h7_loop.measure()
    assert time.process_time() - t < 0.5
    assert [t.loop for t in timings] != [] and set(t.loop for t in timings) == set(h7_loop.available())
    assert all(0 < t.ns_per_hand < 1000 for t in timings)
    assert timings == sorted(timings, key=lambda t: t.ns_per_hand)
