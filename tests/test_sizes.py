"""The size limits of issue 39 (tools/sizes.py): no module over 700 lines, no function over
150 lines or 12 arguments outside the exception list, each exception with its reason,
over the whole package (``pyeval/sim`` included since its kernel's tournament loop was split)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("sizes", ROOT / "tools" / "sizes.py")
assert _spec is not None and _spec.loader is not None
sizes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sizes)

SKIP: tuple[str, ...] = ()


@pytest.fixture(scope="module")
def found() -> list:
    return sizes.offenders(ROOT, SKIP)


def test_no_offender_outside_the_exception_list(found: list) -> None:
    unlisted = [o for o in found if o.key not in sizes.EXCEPTIONS]
    assert unlisted == []


def test_every_exception_is_still_needed_and_has_a_reason(found: list) -> None:
    keys = {o.key for o in found}
    stale = sorted(k for k in sizes.EXCEPTIONS if k not in keys)
    assert stale == []
    assert all(len(reason) > 20 for reason in sizes.EXCEPTIONS.values())


def test_the_limits_catch_an_offender(tmp_path: Path) -> None:
    """The counting itself: a 13-argument function, a 151-line one and a 701-line module."""
    pkg = tmp_path / "pyeval"
    pkg.mkdir()
    args = ", ".join(f"a{i}" for i in range(13))
    body = "\n".join(f"        x{i} = {i}" for i in range(150))
    (pkg / "m.py").write_text(f"def wide({args}):\n    pass\n\n\nclass C:\n    def long(self):\n{body}\n"
                              + "\n" * 700)
    got = sorted((o.key, o.size) for o in sizes.offenders(tmp_path))
    assert got == [("pyeval/m.py::lines", 856), ("pyeval/m.py:C.long:lines", 151),
                   ("pyeval/m.py:wide:args", 13)]
