"""pyeval.numba_flags: Numba's flags keep their values, hash and equality with the faster
``values()`` (the key of Numba's overload cache)."""
from __future__ import annotations

import itertools

import numba
import pytest
from numba.core.compiler import Flags

from pyeval import numba_flags
from pyeval.numba_linked import numba_version_checked


def _by_properties(f: Flags) -> dict:
    """Numba's own definition: every option read through its property."""
    return {k: getattr(f, k) for k in type(f).options}


def _settings() -> list[Flags]:
    out = [Flags()]
    bools = [k for k, o in Flags.options.items() if isinstance(o.default, bool)][:6]
    for n in (1, 2, 3):
        for names in itertools.combinations(bools, n):
            f = Flags()
            for k in names:
                setattr(f, k, not Flags.options[k].default)
            out.append(f)
    f = Flags()
    f.nrt = True
    f.error_model = "numpy"
    f.inline = "always"
    out.append(f)
    out.append(Flags(f))            # a copy
    return out


def test_installed_on_the_checked_numba() -> None:
    assert numba_flags.installed() == numba_version_checked()


@pytest.mark.parametrize("f", _settings(), ids=lambda f: str(sorted(f._values)))
def test_values_are_numbas_own(f: Flags) -> None:
    got = f.values()
    want = _by_properties(f)
    assert got == want
    assert list(got) == list(want)          # the same keys in the same order
    assert hash(f) == hash(tuple(sorted(want)))     # Numba's __hash__: of the sorted keys


def test_equal_flags_hash_alike_and_differ_when_an_option_differs() -> None:
    a, b = Flags(), Flags()
    a.nrt = True
    b.nrt = True
    assert a == b and hash(a) == hash(b)
    b.boundscheck = True
    assert a != b
    # an option set to its default equals one left unset (as Numba's own values() says)
    c = Flags()
    c.nrt = True
    c.boundscheck = Flags.options["boundscheck"].default
    assert c == a and hash(c) == hash(a)


def test_flags_of_two_classes_compare_by_their_values_as_numba_does() -> None:
    from numba.core.targetconfig import Option, TargetConfig

    class Other(TargetConfig):
        nrt = Option(type=bool, default=False, doc="a second class of flags")

    a, b = Flags(), Other()                 # nothing set in either, other options
    assert a != b and b != a                # Numba's values() differ: other keys
    c, d = Other(), Other()
    c.nrt = False                           # set to its default: still equal
    assert c == d and d == c


def test_values_do_not_share_state_between_calls() -> None:
    f = Flags()
    v = f.values()
    v["nrt"] = "changed"
    assert f.values()["nrt"] == Flags.options["nrt"].default
    assert numba.__version__      # the module under test imported Numba's own classes
