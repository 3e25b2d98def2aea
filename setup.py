"""Build the C evaluators as a cffi out-of-line API-mode extension (see pyeval/_build_ffi.py).

Every build compiles every C file again (``force``): setuptools decides what to rebuild from
the timestamps of each object's own ``.c`` file and knows nothing of the headers, so a
second ``pip install .`` in the same tree once linked a fresh ``tables.o`` against an old
``phash.o`` (``undefined symbol: pe_phash_build``). A full compile takes a few seconds.
"""
from setuptools import setup
from setuptools.command.build_ext import build_ext


class FreshBuildExt(build_ext):
    """``build_ext`` that never reuses an object file from an earlier build."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.force = True


setup(cffi_modules=["pyeval/_build_ffi.py:ffibuilder"], cmdclass={"build_ext": FreshBuildExt})
