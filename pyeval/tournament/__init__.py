"""Tournaments: structure files, seating, placings, payouts, points and ICM."""
