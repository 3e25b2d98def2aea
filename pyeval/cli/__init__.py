"""The ``pyeval`` command (see :mod:`pyeval.cli.main`)."""
