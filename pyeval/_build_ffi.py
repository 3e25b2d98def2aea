"""cffi build script: compiles csrc/ into the out-of-line API-mode module ``pyeval._pyeval_c``.

``setup.py`` names it in ``cffi_modules``, so ``pip install .`` runs it. The declarations
given to cffi are read from ``csrc/pyeval.h`` (everything between the include guards that
is not a preprocessor line), so the header stays the one place the C API is written.
"""
from __future__ import annotations

import os
import platform
import re
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
CSRC = HERE.parent / "csrc"
SOURCES = sorted(str(p.relative_to(HERE.parent)) for p in CSRC.glob("*.c"))


def _cdef() -> str:
    text = (CSRC / "pyeval.h").read_text()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("#")]
    return "\n".join(lines).replace("PE_API ", "")


def _cflags() -> list[str]:
    flags = ["-O3", "-std=c11", "-fno-strict-aliasing", "-fvisibility=hidden"]
    if platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-mpopcnt")  # every x86-64 CPU since 2008; makes popcount one instruction
    extra = os.environ.get("PYEVAL_CFLAGS")
    if extra:
        flags.extend(extra.split())
    return flags


ffibuilder = FFI()
ffibuilder.cdef(_cdef())
ffibuilder.set_source(
    "pyeval._pyeval_c",
    '#include "pyeval.h"',
    sources=SOURCES,
    include_dirs=[str(CSRC.relative_to(HERE.parent))],
    extra_compile_args=_cflags(),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
