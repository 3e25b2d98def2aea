"""Tests of the equity engine (issue 3): exact values, Monte Carlo against exact, a plain
reference for every game, poker-equity cross-checks, ranges, games, determinism, the CLI."""
