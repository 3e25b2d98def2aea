"""Results of a simulation run: per tournament, and summaries over the run.

:class:`SimResult` holds numpy arrays, one row per tournament (``duration``, ``hands``,
``level``, ``final_table``; per entrant ``elim_time``, ``place``, ``order`` ...), and answers
the director's questions: duration percentiles, the chance of finishing by a given time,
players left against the clock, stacks in big blinds and M by level, when the final table
forms, how often each level is reached, payouts. :meth:`SimResult.to_frame` gives a pandas
data frame.

Times are minutes on the tournament clock from the first hand, breaks included.

Example:
    >>> from pyeval.sim import simulate
    >>> r = simulate("club_3000", n=16, seed=2, players=20)
    >>> 0.0 <= r.chance_done_by(600) <= 1.0, len(r.players_left([0, 60]))
    (True, 2)
"""
from __future__ import annotations

import csv
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyeval.sim.kernel import layout

PERCENTILES = (5, 10, 25, 50, 75, 90, 95)


@dataclass
class SimResult:
    """The outcome of ``n`` simulated tournaments (see the module notes)."""

    spec: Any
    models: tuple
    seed: int
    duration: np.ndarray        # minutes, breaks included
    play_minutes: np.ndarray    # minutes of play, breaks excluded
    hands: np.ndarray           # table-hands dealt
    final_table_hands: np.ndarray
    level: np.ndarray           # level reached (1-based)
    final_table: np.ndarray     # minute the final table formed
    rebuys: np.ndarray
    addons: np.ndarray
    errors: np.ndarray
    winner: np.ndarray
    tables: np.ndarray
    elim_time: np.ndarray       # [n, players] minute each entrant finished (winner: the end)
    elim_hand: np.ndarray       # [n, players] table-hands dealt by then
    place: np.ndarray           # [n, players] finishing place (best of shared places)
    shares: np.ndarray          # [n, players] players sharing that place
    order: np.ndarray           # [n, players] entrant in each place, first place first
    level_stats: np.ndarray     # [n, levels, 4] players, chips, tables, start minute
    records: np.ndarray         # recorded hands (see pyeval.sim.kernel.layout REC_*)
    re_entries: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    late_entries: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))

    @classmethod
    def from_chunk(cls, c: Any, spec: Any, models: tuple, seed: int) -> SimResult:
        """Wrap the kernel's merged outputs."""
        rec = c.rec[c.rec[:, layout.REC_TOURN] >= 0] if c.rec.size else c.rec
        return cls(
            spec, tuple(models), seed,
            c.res_f[:, layout.RF_DURATION].copy(), c.res_f[:, layout.RF_PLAY_MINUTES].copy(),
            c.res_i[:, layout.R_HANDS].copy(), c.res_i[:, layout.R_FT_HANDS].copy(),
            c.res_i[:, layout.R_LEVEL].copy(), c.res_f[:, layout.RF_FT_TIME].copy(),
            c.res_i[:, layout.R_REBUYS].copy(), c.res_i[:, layout.R_ADDONS].copy(),
            c.res_i[:, layout.R_ERROR].copy(), c.res_i[:, layout.R_WINNER].copy(),
            c.res_i[:, layout.R_TABLES].copy(), c.elim_t, c.elim_h, c.place, c.shares, c.order,
            c.lstats, rec, c.res_i[:, layout.R_REENTRIES].copy(), c.res_i[:, layout.R_LATE_ENTRIES].copy(),
        )

    # ------------------------------------------------------------------ basics
    @property
    def n(self) -> int:
        """Tournaments simulated."""
        return int(self.duration.shape[0])

    @property
    def players(self) -> int:
        """Entrants per tournament (late entrants included; re-entries are entries of the
        same players: :meth:`entries`)."""
        return int(self.place.shape[1])

    def entries(self) -> np.ndarray:
        """Entries of each tournament: every player's first entry and the re-entries (what
        the prize pool counts)."""
        re = self.re_entries if self.re_entries.size else np.zeros(self.n, np.int64)
        return self.players + re

    def duration_percentiles(self, q: Sequence[float] = PERCENTILES) -> dict[float, float]:
        """Duration (minutes) at the given percentiles.

        Example:
            >>> from pyeval.sim import simulate
            >>> p = simulate("club_3000", n=8, seed=1, players=12).duration_percentiles([50])
            >>> list(p) == [50]
            True
        """
        v = np.percentile(self.duration, list(q))
        return {float(k): float(x) for k, x in zip(q, v)}

    def chance_done_by(self, minutes: float | Sequence[float]) -> Any:
        """Share of tournaments over by ``minutes`` on the clock (a float, or an array)."""
        m = np.asarray(minutes, float)
        out = (self.duration[None, :] <= m.reshape(-1, 1)).mean(axis=1)
        return float(out[0]) if m.ndim == 0 else out

    def time_for_chance(self, chance: float) -> float:
        """Minutes by which a share ``chance`` of the tournaments are over (a quantile).

        Example:
            >>> from pyeval.sim import simulate
            >>> r = simulate("club_3000", n=8, seed=1, players=12)
            >>> r.chance_done_by(r.time_for_chance(0.9)) >= 0.9
            True
        """
        if not 0 < chance <= 1:
            raise ValueError(f"chance must be in (0, 1], got {chance}")
        return float(np.quantile(self.duration, chance, method="higher"))

    def players_left_matrix(self, minutes: Sequence[float]) -> np.ndarray:
        """``int32[n, len(minutes)]``: players still in at each time (the winner until the
        end, nobody after it)."""
        m = np.asarray(minutes, float).ravel()
        srt = np.sort(self.elim_time, axis=1)
        P = srt.shape[1]
        out = np.empty((self.n, m.size), np.int32)
        for t in range(self.n):
            out[t] = P - np.searchsorted(srt[t], m, side="right")
        return out

    def players_left(self, minutes: Sequence[float], q: float | None = None) -> np.ndarray:
        """Mean players left at each time (or the ``q`` quantile across tournaments)."""
        left = self.players_left_matrix(minutes)
        if q is None:
            return left.mean(axis=0)
        return np.quantile(left, q, axis=0)

    def level_reached_frequencies(self) -> np.ndarray:
        """Share of tournaments that reached each level (index 0 = level 1)."""
        L = self.level_stats.shape[1]
        reached = self.level_stats[:, :, layout.LS_START] >= 0
        return reached.mean(axis=0)[:L]

    def final_level_frequencies(self) -> np.ndarray:
        """Share of tournaments that ended in each level (index 0 = level 1)."""
        L = self.level_stats.shape[1]
        return np.bincount(self.level - 1, minlength=L)[:L] / self.n

    def final_table_percentiles(self, q: Sequence[float] = PERCENTILES) -> dict[float, float]:
        """When the final table forms (minutes), at the given percentiles."""
        v = np.percentile(self.final_table, list(q))
        return {float(k): float(x) for k, x in zip(q, v)}

    # ------------------------------------------------------------------ by level
    def level_labels(self) -> list[str]:
        """Readable stakes of each level ("100/200 ante 25", "25/50 (limit 50/100)", stud
        "ante 25, bring-in 25, limits 50/100"), from the structure's levels.

        Example:
            >>> from pyeval.sim import simulate
            >>> simulate("club_3000", n=2, seed=1, players=12).level_labels()[:2]
            ['25/50', '50/100']
        """
        from pyeval.tournament.sheet import level_label

        L = int(self.level_stats.shape[1])
        levels = getattr(self.spec.structure, "levels", None)
        if levels is not None and len(levels) >= L:
            return [level_label(lv) for lv in levels[:L]]
        return list(self.spec.level_labels())

    def level_rows(self) -> list[dict[str, Any]]:
        """One dict per level: how often it is reached, when it starts, players left,
        average stack in chips, in big blinds (stud: small bets) and as M (the blinds, or the
        bring-in, and the antes of a table of the average size), at the start of the level.
        Plain Python, no pandas.

        Example:
            >>> from pyeval.sim import simulate
            >>> rows = simulate("club_3000", n=8, seed=1, players=12).level_rows()
            >>> rows[0]["level"], rows[0]["reached"], rows[0]["avg_bb"]
            (1, 1.0, 60.0)
        """
        ls = self.level_stats
        lv = self.spec.levels
        reached = ls[:, :, layout.LS_START] >= 0
        rows: list[dict[str, Any]] = []
        labels = self.level_labels()
        for i in range(ls.shape[1]):
            r = reached[:, i]
            k = int(r.sum())
            if k:
                players = ls[r, i, layout.LS_PLAYERS]
                chips = ls[r, i, layout.LS_CHIPS]
                tables = np.maximum(ls[r, i, layout.LS_TABLES], 1)
                avg = chips / np.maximum(players, 1)
                per_table = players / tables
                antes = per_table if lv[i, layout.LV_ANTE_BY] == layout.ANTE_EACH else 1   # one bb/button ante
                cost = (lv[i, layout.LV_SB] + lv[i, layout.LV_BB] + lv[i, layout.LV_BRING]
                        + lv[i, layout.LV_ANTE] * antes)
                unit = max(int(lv[i, layout.LV_BB]) or int(lv[i, layout.LV_SMALL_BET]), 1)
                rows.append(dict(level=i + 1, blinds=labels[i], reached=k / self.n,
                                 start_minute=float(ls[r, i, layout.LS_START].mean()),
                                 players=float(players.mean()), avg_stack=float(avg.mean()),
                                 avg_bb=float((avg / unit).mean()),
                                 avg_m=float((avg / np.maximum(cost, 1)).mean())))
            else:
                rows.append(dict(level=i + 1, blinds=labels[i], reached=0.0,
                                 start_minute=float("nan"), players=float("nan"),
                                 avg_stack=float("nan"), avg_bb=float("nan"),
                                 avg_m=float("nan")))
        return rows

    def stack_by_level(self) -> Any:
        """:meth:`level_rows` as a pandas data frame.

        Example:
            >>> from pyeval.sim import simulate
            >>> df = simulate("club_3000", n=8, seed=1, players=12).stack_by_level()
            >>> list(df.columns)[:4]
            ['level', 'blinds', 'reached', 'start_minute']
        """
        import pandas as pd

        return pd.DataFrame(self.level_rows())

    # ------------------------------------------------------------------ money
    def payouts(self) -> np.ndarray:
        """``int64[n, players]``: prize of each entrant in each tournament (the tournament
        layer's payout rules; shared places share their prizes).

        Example:
            >>> from pyeval.sim import simulate
            >>> r = simulate("club_3000", n=4, seed=1, players=20)
            >>> bool((r.payouts().sum(axis=1) == r.prize_pools()).all())
            True
        """
        from pyeval.tournament.payouts import award
        from pyeval.tournament.placings import Placing

        st = self.spec.structure
        P = self.players
        out = np.zeros((self.n, P), np.int64)
        cache: dict[tuple[int, int, int], np.ndarray] = {}
        re = self.entries() - P
        for t in range(self.n):
            key = (int(self.rebuys[t]), int(self.addons[t]), int(re[t]))
            if key not in cache:
                amounts = np.zeros(P + 1, np.int64)
                try:
                    a = st.payouts(P, key[0], key[1], key[2])
                except ValueError as e:
                    lo, hi = st.entrants.minimum, st.entrants.maximum
                    raise ValueError(f"{st.name} pays fields of {lo}-{hi} entrants; this "
                                     f"simulation has {P} players ({e})") from None
                amounts[: len(a)] = a
                cache[key] = amounts
            amounts = cache[key]
            if (self.shares[t] > 1).any():
                pl = [Placing(int(p), int(self.place[t, p]), int(self.shares[t, p]))
                      for p in self.order[t]]
                money = award(pl, tuple(int(x) for x in amounts[:P]))
                for p, v in money.items():
                    out[t, p] = v
            else:
                out[t] = amounts[self.place[t] - 1]
        return out

    def prize_pools(self) -> np.ndarray:
        """Prize pool of each tournament (every entry, re-entries, rebuys and add-ons
        included)."""
        st = self.spec.structure
        re = self.entries() - self.players
        return np.array([st.prize_pool(self.players, int(r), int(a), int(e))
                         for r, a, e in zip(self.rebuys, self.addons, re)], np.int64)

    # ------------------------------------------------------------------ frames
    def tournament_columns(self) -> dict[str, np.ndarray]:
        """One value per tournament, by column: duration, hands, level reached, final table,
        winner... (what :meth:`to_frame` and :meth:`write_csv` lay out)."""
        return {
            "duration_min": self.duration,
            "play_min": self.play_minutes,
            "hands": self.hands,
            "final_table_hands": self.final_table_hands,
            "level_reached": self.level,
            "final_table_min": self.final_table,
            "winner": self.winner,
            "rebuys": self.rebuys,
            "addons": self.addons,
            "entries": self.entries(),
        }

    def to_frame(self) -> Any:
        """One row per tournament (:meth:`tournament_columns`) as a pandas ``DataFrame``.

        Example:
            >>> from pyeval.sim import simulate
            >>> simulate("club_3000", n=4, seed=1, players=12).to_frame().shape[0]
            4
        """
        try:
            import pandas as pd
        except ImportError:
            raise RuntimeError("to_frame() needs pandas, which is not installed: "
                               "pip install 'pyeval[report]' (write_csv() needs nothing)") from None
        return pd.DataFrame(self.tournament_columns())

    def write_csv(self, path: str | os.PathLike[str]) -> None:
        """One row per tournament (:meth:`tournament_columns`, after a ``tournament`` index)
        into the CSV file ``path``, with Python's own csv module (no pandas needed).

        Example:
            >>> import tempfile, pathlib
            >>> from pyeval.sim import simulate
            >>> d = pathlib.Path(tempfile.mkdtemp())
            >>> simulate("club_3000", n=3, seed=1, players=12).write_csv(d / "t.csv")
            >>> lines = (d / "t.csv").read_text().splitlines()
            >>> len(lines), lines[0].split(",")[:3]
            (4, ['tournament', 'duration_min', 'play_min'])
        """
        cols = self.tournament_columns()
        with open(path, "w", newline="") as f:
            out = csv.writer(f, lineterminator="\n")
            out.writerow(["tournament", *cols])
            for i, row in enumerate(zip(*(c.tolist() for c in cols.values()))):
                out.writerow([i, *row])

    def eliminations_frame(self) -> Any:
        """One row per entrant per tournament: place, shared places, minute, hand."""
        import pandas as pd

        n, P = self.place.shape
        return pd.DataFrame({
            "tournament": np.repeat(np.arange(n), P),
            "player": np.tile(np.arange(P), n),
            "place": self.place.ravel(),
            "shares": self.shares.ravel(),
            "minute": self.elim_time.ravel(),
            "hand": self.elim_hand.ravel(),
        })

    def summary(self) -> dict[str, Any]:
        """Key figures of the run as a plain dict (what the CLI prints)."""
        p = self.duration_percentiles()
        return {
            "tournaments": self.n,
            "players": self.players,
            "duration_median_min": p[50.0],
            "duration_p10_min": p[10.0],
            "duration_p90_min": p[90.0],
            "hands_median": float(np.median(self.hands)),
            "final_table_median_min": float(np.median(self.final_table)),
            "level_reached_median": float(np.median(self.level)),
            "errors": int((self.errors != 0).sum()),
        }
