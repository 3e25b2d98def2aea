"""Loads and stores by address, for the Numba kernels' inner helpers (binding layer: the
evaluation layer in :mod:`pyeval.jit.numba_ext` and the equity kernels use them).

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

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

__all__ = [
    "borrow",
    "fetch_add",
    "keep_alive",
    "ld8",
    "ld16",
    "ld32",
    "ld64",
    "ldf",
    "ldi64",
    "prefetch",
    "st8",
    "st64",
    "st64u",
    "stf",
    "sti64",
]


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
def st64u(typingctx, addr, val):
    """Stores the uint64 ``val`` at the byte address ``addr`` (any alignment)."""
    if not isinstance(addr, types.Integer) or not isinstance(val, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        ptr = builder.inttoptr(args[0], ir.IntType(64).as_pointer())
        builder.store(context.cast(builder, args[1], signature.args[1], types.uint64),
                      ptr, align=1)
        return context.get_dummy_value()

    return types.void(addr, val), codegen


@intrinsic
def prefetch(typingctx, addr):
    """Ask the processor to bring the cache line at ``addr`` closer (LLVM's prefetch: a
    hint, no fault on any address)."""
    if not isinstance(addr, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        i8p, i32 = ir.IntType(8).as_pointer(), ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [builder.inttoptr(args[0], i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return types.void(addr), codegen


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
