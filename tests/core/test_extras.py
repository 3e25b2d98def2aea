"""Packaging: every third-party module the benchmarks import is in pyproject's ``bench``
extra (or a runtime dependency), and every one the tests import is in the ``test``
extra; pytest-benchmark is in ``bench``. A missing peer would make ``pip install
".[bench]" && pytest bench/`` skip or fail on a fresh machine."""
from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# the project's own modules: packages and the helper modules of tests/ and bench/, which
# their scripts import by name (bench/ is on sys.path when one of its scripts runs)
# (and user_code, which tests/core/test_changes_nothing_outside.py writes for its probe)
LOCAL = {"pyeval", "tests", "bench", "core", "user_code"} | {
    p.stem for p in (*ROOT.glob("bench/*.py"), *ROOT.glob("tests/**/*.py"))}


def requirement_names(reqs: list[str]) -> set[str]:
    return {_norm(re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0]) for r in reqs}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def imported_modules(paths) -> set[str]:
    """Top-level modules imported by the files: import statements and importorskip("x")."""
    found = set()
    for p in paths:
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "importorskip"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value.split(".")[0])
    return {m for m in found if m not in sys.stdlib_module_names and m not in LOCAL}


def distributions(modules: set[str]) -> dict[str, set[str]]:
    by_module = metadata.packages_distributions()
    return {m: {_norm(d) for d in by_module.get(m, [m])} for m in modules}


@pytest.fixture(scope="module")
def project():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


@pytest.mark.parametrize("extra, folder", [("bench", "bench"), ("test", "tests")])
def test_extra_covers_what_is_imported(project, extra, folder):
    files = sorted((ROOT / folder).rglob("*.py"))
    if not files:
        pytest.skip(f"no files in {folder}")
    allowed = requirement_names(project["optional-dependencies"][extra]) | \
        requirement_names(project["dependencies"])
    missing = {m: sorted(d) for m, d in distributions(imported_modules(files)).items()
               if not d & allowed}
    assert not missing, f"imported in {folder} but not in the {extra!r} extra: {missing}"


def test_no_importorskip_of_pyeval_itself():
    """A broken import of pyeval's own modules fails its tests; ``importorskip`` would turn
    it into a skip (only optional third-party packages may be skipped)."""
    own = sorted(f"{p.relative_to(ROOT)}: {node.args[0].value}"
                 for folder in ("tests", "bench") for p in (ROOT / folder).rglob("*.py")
                 for node in ast.walk(ast.parse(p.read_text()))
                 if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "importorskip"
                 and node.args and isinstance(node.args[0], ast.Constant)
                 and str(node.args[0].value).split(".")[0] == "pyeval")
    assert own == []


def test_bench_extra_has_the_peers_and_the_plugin(project):
    bench = requirement_names(project["optional-dependencies"]["bench"])
    for name in ("pytest-benchmark", "eval7", "phevaluator", "treys", "pokerkit",
                 "poker-equity"):
        assert name in bench, f"{name} is not in the bench extra"
