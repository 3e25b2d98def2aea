"""The simulated players: their decisions in Numba (``policy``), the models, presets and
fields (``models``, ``presets``), the pre-flop and push/fold tables they read
(``preflop``, ``nash``), and the behaviour statistics and fits that tie them to real hands
(``stats``, ``stats_phh``, ``fit``). See ``docs/players.md``.
"""
