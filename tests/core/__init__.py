"""Tests of the evaluator core (issue 2): exhaustive counts, rule-sheet examples, cross-checks
against independent evaluators, bad input, Numba and import time."""
