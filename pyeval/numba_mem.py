"""Loads and stores by address, for the Numba kernels' inner helpers (binding layer: the
evaluation layer in :mod:`pyeval.numba_ext` and the equity kernels use them).

A Numba function inlined into a loop with numpy arrays among its arguments pays a reference
count increment and decrement (two calls into the runtime) per call, which costs more than
the table lookup it wraps. The kernels therefore hand their helpers plain addresses
(``arr.ctypes.data``, a uint64), and the helpers read and write through these intrinsics,
which compile to a single load or store. The caller guarantees that the address is live and
the index in bounds, exactly as in C.

>>> import numpy as np, numba
>>> a = np.arange(5, dtype=np.uint16) * 7
>>> @numba.njit
... def third(addr):
...     return ld16(addr, 3)
>>> int(third(np.uint64(a.ctypes.data)))
21
"""
from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

__all__ = [
    "INTERNAL",
    "borrow",
    "fetch_add",
    "keep_alive",
    "ld8",
    "ld16",
    "ld32",
    "ld64",
    "ldf",
    "ldi64",
    "st8",
    "st64",
    "stf",
    "sti64",
]


#: Numba versions whose code library below was checked against (its hooks are Numba's
#: ``CPUCodeLibrary`` internals); on any other version the :data:`INTERNAL` functions
#: compile as usual, only slower.
_CHECKED_NUMBA = ((0, 68),)


def numba_version_checked() -> bool:
    """True on a Numba version pyeval's hooks of Numba internals were checked against
    (this module's code library, :mod:`pyeval.numba_flags`)."""
    import numba

    return tuple(int(p) for p in numba.__version__.split(".")[:2]) in _CHECKED_NUMBA


def _numba_checked() -> bool:
    from numba.core import codegen

    lib = getattr(codegen, "JITCodeLibrary", None)
    return numba_version_checked() and all(
        hasattr(lib, name) for name in ("_optimize_functions", "_optimize_final_module",
                                        "_finalize_final_module",
                                        "_finalize_dynamic_globals", "_verify_declare_only_symbols",
                                        "_finalize_specific"))


def _link_only_pipeline() -> type | None:
    """The Numba compiler class (``pipeline_class``, a documented ``numba.njit`` option) of
    the :data:`INTERNAL` functions, whose code library is only linked into callers (see
    ``_LinkOnlyLibrary``); ``None`` on an unchecked Numba."""
    if not _numba_checked():
        return None
    import weakref

    from llvmlite import binding as ll
    from numba.core.codegen import JITCodeLibrary
    from numba.core.compiler import Compiler

    class _LinkOnlyLibrary(JITCodeLibrary):
        """The code library of a function only compiled code calls. Numba finalizes every
        function's library on its own: it links the libraries of its callees, runs the full
        optimisation pipeline over the whole linked module and makes machine code of it; a
        caller then links that module and optimises and emits it all again, so a kernel
        five calls deep is optimised and emitted five times. This library links its
        callees but neither optimises the module nor makes machine code of it: the first
        ordinary library above it does both, once. Its own functions get only the cheap
        (O1) function passes before linking, for the same reason. Only the function's
        environment pointer (a global Numba sets after compiling and after loading from the
        cache) becomes machine code, so the object code of its cache entry is that global;
        the cache entry's module for linking is what callers use."""

        def _optimize_functions(self, ll_module: Any) -> None:
            # The function passes at O1 (SROA, mem2reg, instcombine, simplifycfg), not
            # Numba's O3: this code is optimised again, at O3, inside the linked module of
            # the first ordinary library above it, so O3 here did most of its work twice.
            # Cold compile of the hold'em simulation 5 % less CPU (three interleaved pairs),
            # steady speed unchanged in hold'em, Omaha and equity, Irish +15 % (bench/RESULTS.md,
            # "The link-only functions' own passes at O1"); skipping the passes altogether
            # cost 13 % more (the module passes then start from Numba's raw IR).
            ll_module.data_layout = self._codegen._data_layout
            for func in ll_module.functions:
                fpm, pb = self._codegen._function_pass_manager(opt=1)
                with self._recorded_timings.record(f"Function passes on {func.name!r}", pb):
                    fpm.run(func, pb)

        def _optimize_final_module(self) -> None:
            pass

        def _finalize_final_module(self) -> None:
            self._finalize_dynamic_globals()
            self._verify_declare_only_symbols()
            env = self._codegen._create_empty_module(self.name + ".env")
            for gv in self._final_module.global_variables:
                if gv.name.startswith("_ZN08NumbaEnv") and not gv.is_declaration:
                    g = ir.GlobalVariable(env, cgutils.voidptr_t, name=gv.name)
                    g.linkage = "common"
                    g.initializer = ir.Constant(cgutils.voidptr_t, None)
            module = ll.parse_assembly(str(env))
            # the object-code hooks find the library by this attribute (as Numba's own
            # _finalize_final_module sets it on the final module)
            module._CPUCodeLibrary__library = weakref.proxy(self)
            self._codegen._add_module(module)
            self._finalize_specific()
            self._finalized = True

    class _LinkOnlyCompiler(Compiler):
        def compile_extra(self, func: Any) -> Any:
            if self.state.library is None:
                self.state.library = _LinkOnlyLibrary(self.state.targetctx.codegen(),
                                                      func.__qualname__)
                self.state.library.enable_object_caching()
            return super().compile_extra(func)

    return _LinkOnlyCompiler


#: ``numba.njit`` options of a function called only from other compiled functions: no
#: Python or C entry point (wrappers that unbox or box every argument, a sizeable part of
#: the compile of a function taking a dozen arrays); it cannot be called from Python. Its
#: code is optimised and made machine code only inside its callers (``_LinkOnlyLibrary``).
INTERNAL: dict[str, Any] = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}
_pipeline = _link_only_pipeline()
if _pipeline is not None:
    INTERNAL["pipeline_class"] = _pipeline


def _load(ret, llty):
    @intrinsic
    def load(typingctx, base, idx):
        if not isinstance(idx, types.Integer):
            return None
        sig = ret(types.uint64, idx)

        def codegen(context, builder, signature, args):
            b, i = args
            i64 = context.cast(builder, i, signature.args[1], types.int64)
            ptr = builder.inttoptr(b, ir.PointerType(llty))
            return builder.load(builder.gep(ptr, [i64]))

        return sig, codegen

    return load


def _store(valty, llty):
    @intrinsic
    def store(typingctx, base, idx, val):
        if not isinstance(idx, types.Integer):
            return None
        sig = types.void(types.uint64, idx, val)

        def codegen(context, builder, signature, args):
            b, i, v = args
            i64 = context.cast(builder, i, signature.args[1], types.int64)
            vv = context.cast(builder, v, signature.args[2], valty)
            ptr = builder.inttoptr(b, ir.PointerType(llty))
            builder.store(vv, builder.gep(ptr, [i64]))
            return context.get_dummy_value()

        return sig, codegen

    return store


ld8 = _load(types.uint8, ir.IntType(8))
ld16 = _load(types.uint16, ir.IntType(16))
ld32 = _load(types.uint32, ir.IntType(32))
ld64 = _load(types.uint64, ir.IntType(64))
ldi64 = _load(types.int64, ir.IntType(64))
ldf = _load(types.float64, ir.DoubleType())
st8 = _store(types.uint8, ir.IntType(8))
st64 = _store(types.uint64, ir.IntType(64))
sti64 = _store(types.int64, ir.IntType(64))
stf = _store(types.float64, ir.DoubleType())


@intrinsic
def fetch_add(typingctx, base, val):
    """Atomically adds ``val`` to the int64 at address ``base``; returns the old value.
    The parallel kernels hand out chunks of work with it, one at a time, to whichever
    thread asks next."""
    if not isinstance(val, types.Integer):
        return None
    sig = types.int64(types.uint64, val)

    def codegen(context, builder, signature, args):
        b, v = args
        vv = context.cast(builder, v, signature.args[1], types.int64)
        ptr = builder.inttoptr(b, ir.PointerType(ir.IntType(64)))
        return builder.atomic_rmw("add", ptr, vv, "monotonic")

    return sig, codegen


@njit(cache=True)
def keep_alive(*arrays):
    """Call after the last use of addresses taken from arrays made inside a jitted
    function, so that Numba does not free them after the last use of their name."""
    return len(arrays)


def _borrowed_array(context, builder, aty, value):
    src = context.make_array(aty)(context, builder, value)
    dst = context.make_array(aty)(context, builder)
    dst.meminfo = cgutils.get_null_value(dst.meminfo.type)
    dst.parent = cgutils.get_null_value(dst.parent.type)
    dst.nitems = src.nitems
    dst.itemsize = src.itemsize
    dst.data = src.data
    dst.shape = src.shape
    dst.strides = src.strides
    return dst._getvalue()


@intrinsic
def borrow(typingctx, arr):
    """The same array without its owner (a view whose meminfo is null), or a tuple with
    each of its arrays so borrowed (other items as they are): passing it to a compiled
    call, or taking views of it, costs no reference counting (otherwise an atomic add and
    sub per array per call, on a cache line that every thread using a shared table writes).
    The caller keeps the originals alive while the borrowed views are used.

    >>> import numpy as np, numba
    >>> @numba.njit
    ... def total(a):
    ...     b, n = borrow((a, 2))
    ...     return borrow(b)[n:].sum() + b.shape[0]
    >>> int(total(np.arange(4)))
    9
    """
    if isinstance(arr, types.Array):
        def codegen(context, builder, signature, args):
            return _borrowed_array(context, builder, signature.args[0], args[0])

        return arr(arr), codegen
    if isinstance(arr, types.BaseTuple) and all(
            isinstance(t, (types.Array, types.Number, types.Boolean)) for t in arr.types):
        def codegen_tuple(context, builder, signature, args):
            tty = signature.args[0]
            items = []
            for i, t in enumerate(tty.types):
                v = builder.extract_value(args[0], i)
                items.append(_borrowed_array(context, builder, t, v)
                             if isinstance(t, types.Array) else v)
            return context.make_tuple(builder, signature.return_type, items)

        return arr(arr), codegen_tuple
    return None
