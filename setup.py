"""Build the C evaluators as a cffi out-of-line API-mode extension (see pyeval/_build_ffi.py)."""
from setuptools import setup

setup(cffi_modules=["pyeval/_build_ffi.py:ffibuilder"])
