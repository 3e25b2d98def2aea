"""Reading and checking simulations: reports (``report``), the back-test against real
events (``backtest``), the ensemble of likely fields (``ensemble``), the replay of recorded
hands through the rules model (``replay``) and the structure-file writer the tuner and the
back-test use (``structure_toml``). See ``docs/sim-map.md``.
"""
