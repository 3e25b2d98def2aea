"""pyeval's Numba binding: what compiled code calls, and how it is compiled and cached.

- :mod:`pyeval.jit.numba_ext`: the C evaluators as external functions for ``@numba.njit``
  code (``cache=True`` works), and their tables;
- :mod:`pyeval.jit.numba_hand`: incremental 7-card high hands for kernels that deal a card
  at a time;
- :mod:`pyeval.jit.numba_rng`: the one random-number layer, streams seeded by
  ``(seed, stream)``;
- :mod:`pyeval.jit.numba_mem`: loads and stores by address for the kernels' inner helpers;
- :mod:`pyeval.jit.numba_linked`: functions only compiled code calls, compiled into their
  callers;
- :mod:`pyeval.jit.compile_once`: one compile per machine when several processes start
  cold;
- :mod:`pyeval.jit.stack_room`: a long compile run with room on CPython's frame stack.

Importing this package imports nothing of Numba; its modules do.
"""
