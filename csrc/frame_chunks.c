/* Keep CPython's freed frame-stack chunks for reuse while Numba compiles (the one C file here
 * that talks to the interpreter; pyeval/frame_chunks.py switches it on and off).
 *
 * CPython 3.11+ keeps its frames on a stack of 16 KiB chunks, each mapped with mmap when a
 * call crosses into it and unmapped as soon as the call returns out of it. Numba's compiler
 * deep-copies its IR recursively, so the frame stack swings back and forth across the same
 * chunk border: a cold compile of the hold'em simulation kernel mapped and unmapped 790,000
 * chunks, 5.4 s of its 38 s of CPU in system time (mmap, munmap and a page fault per page;
 * bench/RESULTS.md, "The frame-stack chunks"). While switched on, the interpreter's arena
 * allocator is wrapped: a freed chunk goes to a small cache and the next chunk comes from it.
 * Everything else, and every block once the cache is full, goes to the allocator it wraps,
 * which frees what this one allocated and the reverse (both map and unmap whole blocks of the
 * size asked), so switching off while chunks are in use is safe. The arena allocator is only
 * called with the GIL held, and the switches take the GIL, so nothing here needs a lock.
 */
#include <Python.h>
#include "pyeval.h"

#define CHUNK 16384   /* CPython's DATA_STACK_CHUNK_SIZE (Python/pystate.c, 3.11 to 3.14) */
#define KEEP 16       /* the swings measured sit at one or two borders; 256 KiB at most */

static PyObjectArenaAllocator wrapped;
static void *kept[KEEP];
static int n_kept;
static int on;
static long long reused;

static void *chunk_alloc(void *ctx, size_t size)
{
    (void)ctx;
    if (size == CHUNK && n_kept > 0) {
        reused++;
        return kept[--n_kept];
    }
    return wrapped.alloc(wrapped.ctx, size);
}

static void chunk_free(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    if (size == CHUNK && n_kept < KEEP) {
        kept[n_kept++] = ptr;
        return;
    }
    wrapped.free(wrapped.ctx, ptr, size);
}

int pe_frame_chunks_keep(int keep)
{
#ifdef Py_GIL_DISABLED
    (void)keep;
    return -1;        /* the free-threaded build has no arena allocator to wrap this way */
#else
    int changed = 0;
    PyGILState_STATE gil = PyGILState_Ensure();   /* cffi calls release the GIL */
    if (keep && !on) {
        PyObjectArenaAllocator mine = {NULL, chunk_alloc, chunk_free};
        PyObject_GetArenaAllocator(&wrapped);
        PyObject_SetArenaAllocator(&mine);
        on = changed = 1;
    } else if (!keep && on) {
        PyObject_SetArenaAllocator(&wrapped);
        while (n_kept > 0) wrapped.free(wrapped.ctx, kept[--n_kept], CHUNK);
        on = 0;
        changed = 1;
    }
    PyGILState_Release(gil);
    return changed;
#endif
}

long long pe_frame_chunks_reused(void)
{
    return reused;
}
