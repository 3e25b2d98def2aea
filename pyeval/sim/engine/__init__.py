"""From a call to a result: :func:`pyeval.sim.simulate` checks its options (``inputs``),
turns the structure into the kernel's arrays (``spec``, with the ``clock`` and the fitted
``pace``), runs the kernel in chunks on local threads or a Dask cluster (``engine``,
``distributed``) and reads its output into a :class:`~pyeval.sim.SimResult` (``results``);
``warmup``, ``compile_notice`` and ``_cache`` look after the compiled kernels.
See ``docs/sim-map.md``.
"""
