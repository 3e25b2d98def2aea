"""Functions only compiled code calls, compiled once into their callers (binding layer: the
simulator's and the equity kernels' helpers use it).

A Numba function normally gets a Python entry point (a wrapper that unboxes and boxes every
argument), its own optimised module and its own machine code, and each caller links that
module and optimises it all again. :func:`linked` compiles a function without the entry
point, and its module is only optimised and made machine code inside the first ordinary
function above it (``_LinkOnlyLibrary``). Called from Python (a test, a notebook), it runs a
second, ordinary compile of the same function, made on that first call and not cached, so it
can never be entered without an entry point.

This touches only the functions made with :func:`linked`: their library is chosen through
their own ``pipeline_class`` option (a documented ``numba.njit`` option), and nothing of
Numba is replaced, so every other function, a user's included, compiles as it would without
pyeval. On a Numba version the library was not checked against (:data:`_CHECKED_NUMBA`), the
same functions compile with Numba's own library: the same results, only a slower first
compile (both paths are tested in ``tests/core/test_numba_linked.py``).

``linked(apart=True)`` is for a step a kernel takes rarely (once a tournament, at a break, when
a table moves): it stays a function of its own in the machine code, never inlined into its
callers (LLVM's ``noinline``), so LLVM optimises and allocates registers for a smaller
tournament loop; without it every callee of a ``forceinline`` caller inherits that option and
is inlined into the loop. [speed] The stud example's first simulation: LLVM's part of it
about 1 s less (bench/RESULTS.md, "The stud example's first simulation").

>>> import numba
>>> @linked
... def twice(x):
...     return 2 * x
>>> @numba.njit
... def kernel(x):
...     return twice(x) + 1
>>> kernel(20), twice(21)
(41, 42)
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from llvmlite import ir
from numba.core import cgutils
from numba.core.registry import CPUDispatcher

__all__ = ["INTERNAL", "INTERNAL_APART", "LINKED_INLINE", "LinkedDispatcher", "linked",
           "numba_version_checked"]


#: Numba versions whose code library below was checked against (its hooks are Numba's
#: ``CPUCodeLibrary`` internals); on any other version the :data:`INTERNAL` functions
#: compile as usual, only slower.
_CHECKED_NUMBA = ((0, 68),)


def numba_version_checked() -> bool:
    """True on a Numba version this module's code library (``_LinkOnlyLibrary``, which
    overrides steps of Numba's own code library class) was checked against."""
    return tuple(int(p) for p in numba.__version__.split(".")[:2]) in _CHECKED_NUMBA


def _numba_checked() -> bool:
    from numba.core import codegen

    lib = getattr(codegen, "JITCodeLibrary", None)
    return numba_version_checked() and all(
        hasattr(lib, name) for name in ("add_ir_module", "_optimize_functions",
                                        "_optimize_final_module",
                                        "_finalize_final_module",
                                        "_finalize_dynamic_globals", "_verify_declare_only_symbols",
                                        "_finalize_specific"))


def _link_only_pipelines() -> tuple[type, type] | None:
    """The Numba compiler classes (``pipeline_class``, a documented ``numba.njit`` option) of
    the :data:`INTERNAL` functions, whose code library is only linked into callers (see
    ``_LinkOnlyLibrary``), and of the :data:`INTERNAL_APART` ones, never inlined into them
    (``_ApartLibrary``); ``None`` on an unchecked Numba."""
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

    class _ApartLibrary(_LinkOnlyLibrary):
        """The code library of a function a kernel calls rarely: as ``_LinkOnlyLibrary``, and
        the function is marked ``noinline`` (an ``alwaysinline`` inherited from a
        ``forceinline`` caller's compile dropped), so it stays a call in every caller."""

        def add_ir_module(self, ir_module: Any) -> None:
            for fn in ir_module.functions:
                if not fn.is_declaration:
                    fn.attributes.discard("alwaysinline")
                    fn.attributes.add("noinline")
            super().add_ir_module(ir_module)

    class _LinkOnlyCompiler(Compiler):
        library_class: type = _LinkOnlyLibrary

        def compile_extra(self, func: Any) -> Any:
            if self.state.library is None:
                self.state.library = self.library_class(self.state.targetctx.codegen(),
                                                        func.__qualname__)
                self.state.library.enable_object_caching()
            return super().compile_extra(func)

    class _ApartCompiler(_LinkOnlyCompiler):
        library_class = _ApartLibrary

    return _LinkOnlyCompiler, _ApartCompiler


#: The Numba options of a function called only from other compiled functions: no Python or
#: C entry point (wrappers that unbox or box every argument, a sizeable part of the compile
#: of a function taking a dozen arrays), and its code optimised and made machine code only
#: inside its callers (``_LinkOnlyLibrary``). Functions take them through :func:`linked`
#: (``numba.njit(**INTERNAL)`` alone would crash when called from Python), ``@overload``
#: implementations as ``jit_options``. (Typed ``Any``: Numba's stubs type ``jit_options`` as
#: a dict of its documented options only.)
INTERNAL: Any = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}
#: :data:`INTERNAL`, and never inlined into a caller (``linked(apart=True)``); on an unchecked
#: Numba the same as :data:`INTERNAL`
INTERNAL_APART: Any = dict(INTERNAL)
_pipelines = _link_only_pipelines()
if _pipelines is not None:
    INTERNAL["pipeline_class"], INTERNAL_APART["pipeline_class"] = _pipelines

#: ``jit_options`` of an ``@overload`` implementation that is :data:`INTERNAL` and inlined by
#: LLVM into its caller (``forceinline``, LLVM's alwaysinline): a switch that is one call in
#: the kernel, or a family's whole hand (:mod:`pyeval.sim.kernel.variants.hands`).
LINKED_INLINE: Any = {**INTERNAL, "forceinline": True}


class LinkedDispatcher(CPUDispatcher):
    """The dispatcher of a :func:`linked` function. Its compiled versions have no Python entry
    point, so none is entered in the table Python calls are dispatched on (Numba would call
    the missing entry point: a segmentation fault); a call from Python misses that table and
    runs :meth:`python_twin`'s compile instead."""

    def add_overload(self, cres: Any) -> None:
        # Numba's add_overload also enters cres.entry_point (here a null function) in the
        # C table of Python calls; compiled callers find the version in .overloads.
        self.overloads[tuple(cres.signature.args)] = cres

    def _compile_for_args(self, *args: Any, **kws: Any) -> Any:
        # Numba's C dispatcher calls this on a miss of its table (always, here) and calls
        # what it returns with the same arguments.
        return self.python_twin()

    def python_twin(self) -> Any:
        """The same function as an ordinary, uncached ``numba.njit`` function (a cache entry
        of its own would share the file name of this function's, whose index does not tell
        the two compiles apart)."""
        twin = self.__dict__.get("_twin")
        if twin is None:
            options = {k: v for k, v in self.targetoptions.items()
                       if k not in INTERNAL and k != "nopython"}
            twin = self._twin = numba.njit(**options)(self.py_func)
            PYTHON_TWINS.append(self.py_func.__qualname__)
        return twin


#: The functions :meth:`LinkedDispatcher.python_twin` compiled in this process, in order
#: (a test checks that a simulation from Python compiles none).
PYTHON_TWINS: list[str] = []


def linked(func: Callable[..., Any] | None = None, /, *, apart: bool = False,
           **options: Any) -> Any:
    """``numba.njit(**options)`` for a function only compiled code calls: no Python entry
    point, and its module optimised and made machine code only inside its callers (see
    the module notes). ``@linked`` or ``@linked(cache=True, error_model="numpy", ...)``;
    ``apart=True``: never inlined into a caller (a step taken rarely)."""

    def wrap(f: Callable[..., Any]) -> Any:
        disp = numba.njit(f, **{**(INTERNAL_APART if apart else INTERNAL), **options})
        # the dispatcher njit made, with Python calls routed as above (same layout: the
        # subclass adds only methods); with NUMBA_DISABLE_JIT njit returns f itself
        if type(disp) is CPUDispatcher:
            disp.__class__ = LinkedDispatcher
        return disp

    return wrap if func is None else wrap(func)
