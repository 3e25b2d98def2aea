"""The Numba kernel that plays whole tournaments card by card: the tournament loop
(``kernel``), its steps (``positions``, ``table_moves``, ``breaks``, ``places``,
``arrivals``, ``entries``, ``extras``), one hand (``hand``, ``hand_start``, ``betting``,
``pots``), the column and slot layouts of its arrays (``layout``, ``slots``, ``work``),
which games a kernel is compiled with (``kernel_games``) and the other games' hands
(``variants``). See ``docs/sim-map.md``.
"""
