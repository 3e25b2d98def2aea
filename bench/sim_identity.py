"""What the identity recordings keep of a ``simulate()`` result (bench/sim_identity_record.py,
bench/sim_identity_players.py; compared by bench/sim_identity_compare.py): every array, under
``structure|field|seed|name``, so that two trees' recordings compare bit for bit."""
from __future__ import annotations

from typing import Any

import numpy as np

RESULT_ARRAYS = ("duration", "play_minutes", "hands", "final_table_hands", "level", "final_table",
                 "rebuys", "addons", "errors", "winner", "tables", "elim_time", "elim_hand",
                 "place", "shares", "order", "level_stats", "records")


def keep(out: dict[str, np.ndarray], key: str, result: Any) -> None:
    """Put every array of ``result`` into ``out`` under ``key`` and say how many hands it
    played (a progress line)."""
    for name in RESULT_ARRAYS:
        out[f"{key}|{name}"] = np.asarray(getattr(result, name))
    print(key, int(result.hands.sum()), flush=True)
