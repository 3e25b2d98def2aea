"""The pace of play: how many seconds a hand takes, by the players dealt in, fitted to data.

Each preset is a power law ``seconds(k) = scale * k ** exponent`` of the players dealt in
``k`` (a hand with more players has more decisions, and each decision is slower with more
players still to act: both fits find an exponent a little above 1). The presets:

- ``players``: a home game where the players deal, fitted to every hand of seven real home
  tournaments (``home_game_hands.csv`` of the shared back-test data, 1,026 start-to-start
  gaps up to 300 s; ``home2`` left out: two tables' hands interleave in its log);
- ``online``: an online table, fitted to the mean seconds per hand by players dealt of
  ``online_tournament_pace.csv`` (2,139 gaps of real site hand histories), weighted by
  the gaps;
- ``dealer``: a casino table with a dealer. No hand timings with a dealer are in the data,
  so it rests on published figures: 25-35 hands an hour at a casino table and 30-40 at a
  WSOP table (claims gathered in the back-test data's README), whose middle, 32.5 hands an
  hour at a full table of nine, sets the scale; the exponent is the mean of the two fits
  above (an assumption: a dealer changes the fixed part of a hand, the data of neither
  kind has one). It was not fitted to any event's outcome.

Antes: none of the timed hands had antes, so no preset has an ante term (the published
claim "antes slow a hand down, a big-blind ante less so" gives no figure).

The fits, their residuals and the default are in ``docs/simulation.md`` ("The clock");
``tests/sim/test_pace.py`` refits the shipped constants from the shared data.

Example:
    >>> round(PACES["players"].seconds(7), 1), round(PACES["online"].hands_per_hour(9), 1)
    (114.9, 51.2)
    >>> round(PACES["dealer"].hands_per_hour(9), 1)
    32.5
"""
from __future__ import annotations

import csv
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np

#: The pace of a structure file that names none (``[tables] pace``), of ``simulate()`` and
#: the CLI without ``--pace`` or ``--hands-per-hour``: a dealt table, the setting structure
#: files describe (club and casino events).
DEFAULT_PACE = "dealer"


class Pace(NamedTuple):
    """Seconds per hand ``scale * k ** exponent`` with ``k`` players dealt in, and its source."""

    name: str
    scale: float
    exponent: float
    source: str

    def seconds(self, k: float) -> float:
        """Seconds a hand takes with ``k`` players dealt in.

        Example:
            >>> round(PACES["online"].seconds(2), 1)
            11.8
        """
        return float(self.scale * float(k) ** self.exponent)

    def hands_per_hour(self, k: float) -> float:
        """Hands an hour at a table of ``k`` players."""
        return 3600.0 / self.seconds(k)


#: Fitted by :func:`fit_power_law` to the shared data (``tests/sim/test_pace.py`` refits).
PLAYERS_SCALE, PLAYERS_EXPONENT = 11.844, 1.1678
ONLINE_SCALE, ONLINE_EXPONENT = 5.198, 1.1857
#: The published full-table dealt pace (hands an hour at nine players), see the notes.
DEALER_FULL_TABLE, DEALER_FULL_HPH = 9, 32.5
DEALER_EXPONENT = (PLAYERS_EXPONENT + ONLINE_EXPONENT) / 2

PACES: dict[str, Pace] = {
    "dealer": Pace("dealer", 3600.0 / DEALER_FULL_HPH / DEALER_FULL_TABLE ** DEALER_EXPONENT,
                   DEALER_EXPONENT,
                   "published dealt-table figures, not fitted to data"),
    "players": Pace("players", PLAYERS_SCALE, PLAYERS_EXPONENT,
                    "fitted to 1,026 hands of 7 real home games"),
    "online": Pace("online", ONLINE_SCALE, ONLINE_EXPONENT,
                   "fitted to 2,139 real online hands"),
}


def pace(name: str) -> Pace:
    """The preset called ``name`` (a clear error for any other).

    Example:
        >>> pace("casino")
        Traceback (most recent call last):
        ...
        ValueError: unknown pace 'casino': choose one of dealer, players, online
    """
    if name not in PACES:
        raise ValueError(f"unknown pace {name!r}: choose one of {', '.join(PACES)}")
    return PACES[name]


class PowerFit(NamedTuple):
    """A fitted ``seconds = scale * k ** exponent`` and its mean residual by ``k``."""

    scale: float
    exponent: float
    residuals: dict[int, float]     # mean seconds measured minus fitted, by players dealt


def fit_power_law(players: np.ndarray, mean_seconds: np.ndarray, weights: np.ndarray) -> PowerFit:
    """Weighted least squares of ``log(mean seconds)`` on ``log(players)``.

    Example:
        >>> f = fit_power_law(np.array([2, 4]), np.array([10.0, 20.0]), np.array([1, 1]))
        >>> round(f.scale, 6), round(f.exponent, 6)
        (5.0, 1.0)
    """
    k = np.asarray(players, dtype=float)
    y = np.asarray(mean_seconds, dtype=float)
    w = np.sqrt(np.asarray(weights, dtype=float))
    if k.shape != y.shape or k.shape != w.shape or k.size < 2 or (k < 1).any() or (y <= 0).any():
        raise ValueError("fit_power_law needs equal-length arrays of at least two player "
                         "counts (>= 1) with positive mean seconds")
    a = np.vstack([np.ones_like(k), np.log(k)]).T * w[:, None]
    coef = np.linalg.lstsq(a, np.log(y) * w, rcond=None)[0]
    scale, exponent = float(np.exp(coef[0])), float(coef[1])
    res = {int(kk): float(yy - scale * kk ** exponent) for kk, yy in zip(k, y)}
    return PowerFit(scale, exponent, res)


def hand_gaps(games: dict[str, list[tuple[float, int]]]) -> tuple[np.ndarray, np.ndarray]:
    """Start-to-start gaps (0 < gap <= 300 s) and the players dealt in the earlier hand,
    from each game's ``(start seconds, players dealt)`` in order (the home games' log).

    Example:
        >>> hand_gaps({"g": [(0.0, 3), (40.0, 3), (1000.0, 2), (1020.0, 2)]})
        (array([40., 20.]), array([3, 2]))
    """
    gaps: list[float] = []
    ks: list[int] = []
    for hands in games.values():
        for (s0, k0), (s1, _) in zip(hands, hands[1:]):
            if 0 < s1 - s0 <= MAX_GAP_SECONDS:
                gaps.append(s1 - s0)
                ks.append(k0)
    return np.array(gaps), np.array(ks, dtype=np.int64)


#: A longer gap between two hands is a pause (food, a break), not a hand's length.
MAX_GAP_SECONDS = 300.0
#: Home games left out of the fit: ``home2``'s log interleaves two tables' hands.
UNFIT_HOME_GAMES = ("home2",)


def read_home_hands(path: str | Path) -> dict[str, list[tuple[float, int]]]:
    """Each game's ``(start seconds, players dealt)`` by hand, from ``home_game_hands.csv``
    (columns ``game, hand, start_s, seconds, players_dealt, big_blind``)."""
    games: dict[str, list[tuple[float, int]]] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            games.setdefault(row["game"], []).append((float(row["start_s"]),
                                                      int(row["players_dealt"])))
    return games


def fit_players(path: str | Path) -> PowerFit:
    """The ``players`` preset's fit: per players dealt, the mean start-to-start gap of the
    home games (:func:`hand_gaps`, :data:`UNFIT_HOME_GAMES` left out), weighted by gaps."""
    games = {g: h for g, h in read_home_hands(path).items() if g not in UNFIT_HOME_GAMES}
    gaps, ks = hand_gaps(games)
    counts = np.unique(ks)
    means = np.array([gaps[ks == k].mean() for k in counts])
    return fit_power_law(counts, means, np.array([(ks == k).sum() for k in counts]))


def fit_online(path: str | Path) -> PowerFit:
    """The ``online`` preset's fit: the mean seconds by players dealt of
    ``online_tournament_pace.csv`` (``n_dealt, gaps, ..., mean_s``), weighted by gaps."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return fit_power_law(np.array([int(r["n_dealt"]) for r in rows]),
                         np.array([float(r["mean_s"]) for r in rows]),
                         np.array([int(r["gaps"]) for r in rows]))


def main(argv: list[str] | None = None) -> None:
    """``python -m pyeval.sim.engine.pace DATA_DIR``: refit the presets from the back-test data and
    print the parameters and residuals beside the shipped constants."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m pyeval.sim.engine.pace DATA_DIR (the back-test data folder)")
    d = Path(args[0])
    for name, fit, shipped in (("players", fit_players(d / "home_game_hands.csv"), PACES["players"]),
                               ("online", fit_online(d / "online_tournament_pace.csv"), PACES["online"])):
        print(f"{name}: seconds = {fit.scale:.3f} * k ** {fit.exponent:.4f} "
              f"(shipped {shipped.scale:.3f} * k ** {shipped.exponent:.4f})")
        print("  residual (measured - fitted mean seconds) by players dealt: "
              + ", ".join(f"{k}: {r:+.1f}" for k, r in fit.residuals.items()))


if __name__ == "__main__":
    main()
