"""Run by tests/core/test_changes_nothing_outside.py in fresh processes (not a test module).

``python outside_probe.py modules``: import pyeval and every module of it, print the Numba
and llvmlite modules that loaded, one a line.

``python outside_probe.py snapshot MODULE...``: import the given Numba and llvmlite modules,
take a snapshot of what pyeval must not change (every attribute object of those modules and
of their classes, ``gc``'s thresholds and callbacks, the interpreter's allocators, ``sys``
hooks, the environment, Numba's compile-event listeners), import pyeval and every module of
it, compile and run a few of pyeval's Numba functions, take the snapshot again and print
the differences as JSON.

``python outside_probe.py ir WITH_PYEVAL``: compile the user's functions of ``user_code.py``
(in the working folder), after importing pyeval and compiling some of its functions when
``WITH_PYEVAL`` is 1, and print Numba's typed IR, LLVM IR and assembly of them as JSON.
"""
from __future__ import annotations

import ctypes
import gc
import importlib
import json
import os
import pkgutil
import re
import sys
from typing import Any

#: modules that are not part of an import of pyeval: the cffi build script (reads csrc/)
SKIP = {"pyeval._build_ffi"}
#: ``sys`` attributes that Python itself changes as modules load
SYS_VOLATILE = {"modules", "path_importer_cache", "last_type", "last_value", "last_traceback",
                "last_exc", "_git", "exc_info"}


def import_all_of_pyeval() -> list[str]:
    """Import pyeval and every module of it; the names imported."""
    import pyeval
    names = ["pyeval"]
    for info in pkgutil.walk_packages(pyeval.__path__, "pyeval."):
        if info.name in SKIP:
            continue
        importlib.import_module(info.name)
        names.append(info.name)
    return names


def compile_some_of_pyeval() -> list[int]:
    """Compile and run a few of pyeval's Numba functions (a C evaluator called from Numba, a
    link-only function inside a caller, an inlined random stream); the kernel's value and
    the same computed from Python."""
    import numba
    import numpy as np

    import pyeval
    from pyeval.jit import numba_ext as nx
    from pyeval.jit import numba_rng
    from pyeval.jit.numba_linked import linked

    @linked
    def twice(x):
        return 2 * x

    @numba.njit
    def best_of(c, s):
        numba_rng.seed_stream(s, 7, 0)
        return twice(nx.high7(c[0], c[1], c[2], c[3], c[4], c[5], c[6])) + numba_rng.below(s, 10)

    c = pyeval.cards("As Ks Qs Js Ts 2c 3d")
    s = np.empty(4, np.uint64)
    kernel = int(best_of(c, s))
    numba_rng.seed_stream(s, 7, 0)
    return [kernel, 2 * int(pyeval.high(c)) + int(numba_rng.below(s, 10))]


class _ArenaAllocator(ctypes.Structure):
    _fields_ = [("ctx", ctypes.c_void_p), ("alloc", ctypes.c_void_p), ("free", ctypes.c_void_p)]


class _MemAllocator(ctypes.Structure):
    _fields_ = [("ctx", ctypes.c_void_p), ("malloc", ctypes.c_void_p),
                ("calloc", ctypes.c_void_p), ("realloc", ctypes.c_void_p),
                ("free", ctypes.c_void_p)]


def allocators() -> dict[str, list[int | None]]:
    """The interpreter's arena allocator and its raw, mem and object allocators (C API)."""
    api = ctypes.pythonapi
    arena = _ArenaAllocator()
    api.PyObject_GetArenaAllocator(ctypes.byref(arena))
    out: dict[str, list[int | None]] = {"arena": [arena.ctx, arena.alloc, arena.free]}
    for domain, name in enumerate(("raw", "mem", "obj")):
        a = _MemAllocator()
        api.PyMem_GetAllocator(ctypes.c_int(domain), ctypes.byref(a))
        out[name] = [a.ctx, a.malloc, a.calloc, a.realloc, a.free]
    return out


def module_objects(prefixes: tuple[str, ...]) -> dict[str, int]:
    """``id`` of every attribute of every loaded module named by ``prefixes``, and of every
    attribute of the classes those modules define (a method replaced shows here)."""
    out: dict[str, int] = {}
    for name, mod in list(sys.modules.items()):
        if mod is None or not name.startswith(prefixes):
            continue
        for attr, value in list(vars(mod).items()):
            out[f"{name}.{attr}"] = id(value)
            if isinstance(value, type) and value.__module__ == name:
                for cattr, cvalue in list(vars(value).items()):
                    out[f"{name}.{attr}.{cattr}"] = id(cvalue)
    return out


def snapshot(prefixes: tuple[str, ...]) -> dict[str, Any]:
    """Everything pyeval must leave as it found it."""
    from numba.core import config, event

    listeners = getattr(event, "_registered", {})
    return {
        "modules": module_objects(prefixes),
        "gc": {"threshold": list(gc.get_threshold()), "enabled": gc.isenabled(),
               "callbacks": [id(c) for c in gc.callbacks], "debug": gc.get_debug()},
        "allocators": allocators(),
        "sys": {"recursionlimit": sys.getrecursionlimit(),
                "switchinterval": sys.getswitchinterval(),
                "dlopenflags": sys.getdlopenflags(),
                "trace": id(sys.gettrace()), "profile": id(sys.getprofile()),
                "attributes": {k: id(v) for k, v in vars(sys).items() if k not in SYS_VOLATILE},
                "meta_path": [id(f) for f in sys.meta_path],
                "path_hooks": [id(f) for f in sys.path_hooks]},
        "environ": dict(os.environ),
        "numba_config": {k: repr(v) for k, v in vars(config).items()
                         if k.isupper() and not callable(v)},
        "compile_listeners": {str(k): [id(x) for x in v] for k, v in listeners.items()},
    }


def differences(before: Any, after: Any, path: str = "") -> list[str]:
    """The keys whose values differ (a key only in ``after``, a newly loaded module's
    attribute say, is not a difference: it was not there to change)."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for k, v in before.items():
            out += (differences(v, after[k], f"{path}/{k}") if k in after
                    else [f"{path}/{k} removed"])
        return out
    return [] if before == after else [f"{path}: {before!r} -> {after!r}"]


def normalised(text: str) -> str:
    """Numba's IR without the per-process parts: the unique number in each mangled function
    name (``B2v1`` is the first function this process compiled) and the length of the
    byte strings (one holds such a name), the number of an inlined closure's variables
    (``closure__locals__step_v4_k``) and addresses."""
    text = re.sub(r"B\d+v\d+", "Bv", text)
    text = re.sub(r"\[\d+ x i8\]", "[N x i8]", text)     # a string's length, where it is used too
    text = re.sub(r'(\.size\t"[^"]*Bv[^"]*"), \d+', r"\1, N", text)
    text = re.sub(r"(__locals__\w+?)_v\d+(?=_)", r"\1_vN", text)
    text = re.sub(r"0x[0-9a-f]{6,}", "0xADDR", text)
    return text


def user_ir(with_pyeval: bool) -> dict[str, str]:
    """Typed IR, LLVM IR and assembly of the functions of ``user_code``."""
    import io

    if with_pyeval:
        import_all_of_pyeval()
        compile_some_of_pyeval()
    sys.path.insert(0, os.getcwd())
    import numpy as np
    import user_code

    out = {}
    for name, args in (("user_loop", (np.arange(10.0),)), ("user_closure", (5,))):
        f = getattr(user_code, name)
        f(*args)
        sig = f.signatures[0]
        types = io.StringIO()
        f.inspect_types(file=types)
        out[f"{name} types"] = normalised(types.getvalue())
        out[f"{name} llvm"] = normalised(f.inspect_llvm(sig))
        out[f"{name} asm"] = normalised(f.inspect_asm(sig))
    return out


def numbas_own_first_compile() -> None:
    """A user's first compile, before the first snapshot: Numba sets up parts of itself
    lazily then (its entry points, its table of ufuncs), whoever compiles first."""
    import numba
    import numpy as np

    @numba.njit
    def first(a):
        return np.sin(a) + 1

    first(np.zeros(2))


def during_a_users_compile() -> dict[str, Any]:
    """``gc``'s thresholds and the interpreter's allocators as they are while Numba compiles
    a user's function (seen by a listener of Numba's compile event, registered after any
    that pyeval might have registered at import)."""
    import numba
    from numba.core import event

    seen: dict[str, Any] = {}

    class Look(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            seen.setdefault("threshold", list(gc.get_threshold()))
            seen.setdefault("enabled", gc.isenabled())
            seen.setdefault("allocators", allocators())

        def on_end(self, ev: event.Event) -> None:
            pass

    @numba.njit
    def user(x):
        return x * 3 + 1

    with event.install_listener("numba:compile", Look()):
        user(2)
    return seen


def main() -> None:
    mode = sys.argv[1]
    if mode == "modules":
        import_all_of_pyeval()
        print("\n".join(m for m in sys.modules if m.split(".")[0] in ("numba", "llvmlite")))
    elif mode == "snapshot":
        for name in sys.argv[2:]:
            importlib.import_module(name)
        numbas_own_first_compile()
        prefixes = ("numba", "llvmlite")
        before = snapshot(prefixes)
        imported = import_all_of_pyeval()
        values = compile_some_of_pyeval()
        after = snapshot(prefixes)
        inside = during_a_users_compile()
        after["gc"]["threshold while compiling"] = inside["threshold"]
        after["gc"]["enabled while compiling"] = inside["enabled"]
        after["allocators while compiling"] = inside["allocators"]
        before["gc"]["threshold while compiling"] = before["gc"]["threshold"]
        before["gc"]["enabled while compiling"] = before["gc"]["enabled"]
        before["allocators while compiling"] = before["allocators"]
        print(json.dumps({"differences": differences(before, after), "imported": imported,
                          "values": values, "attributes": len(before["modules"])}))
    elif mode == "ir":
        print(json.dumps(user_ir(sys.argv[2] == "1")))
    else:
        raise SystemExit(f"unknown mode {mode!r}: modules, snapshot or ir")


if __name__ == "__main__":
    main()
