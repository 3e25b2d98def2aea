"""Record ``pyeval.equity`` results of fixed spots over every game (exact and Monte Carlo,
seeded, 1 and 2 threads) as JSON, for a bit-for-bit comparison of two trees:

    PYTHONPATH=<tree> python bench/equity_identity.py record out.json   (with each tree)
    python bench/equity_identity.py compare before.json after.json

Floats are stored with ``float.hex`` so the comparison is exact to the bit.
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict
from typing import Any

#: the seven-card stud games the records compare on the same hands
SEVEN_CARD_STUDS = ("stud", "stud8", "razz", "australian", "buffalo", "crocodile", "chicago")

SPOTS: list[tuple[str, list[str], dict[str, Any]]] = [
    ("holdem", ["AhKh", "QQ"], {}),
    ("holdem", ["AcAd", "KhKs"], {}),
    ("holdem", ["AhKh", "QsQd"], {"dead": "2c"}),
    ("holdem", ["AhKh", "QsQd", "7c7d"], {}),
    ("holdem", ["AcAd", "KhKs", "QcQd"], {"board": "2h7c9d"}),
    ("holdem", ["AK", "QQ+"], {}),
    ("holdem", ["AA,KK", "AK", "AQs+,KQs"], {}),
    ("holdem", ["AhKh", "QQ+", "random"], {"board": "Ks7d2c"}),
    ("holdem", ["AhKh", "Qs*"], {"board": "Ks7d2c"}),
    ("holdem", ["AhKh", "QdQc", "random"], {"dead": "2s"}),
    ("omaha", ["AsKsQsJs", "AhAd**"], {"board": "Kh7d2c4h"}),
    ("omaha", ["AsAhKsKh", "9c8d7c6d"], {"board": "Kd7d2c"}),
    ("omaha8", ["AsAh2s3h", "KcKdQcQd", "****"], {"board": "4c5d9h"}),
    ("omaha5", ["AsAhKsKhQd", "9c8d7c6d5s"], {"board": "Kd7d2c"}),
    ("omaha6-8", ["AsAhKsKh2d3d", "9c8d7c6d5s4s"], {"board": "Kd7d2c"}),
    ("irish", ["AsAh", "9c8d"], {"board": "Kd7d2c"}),
    ("super8", ["AsAhKs", "9c8d7c"], {"board": "Kd7d2c"}),
    ("tahoe", ["AsAhKs", "9c8d7c"], {"board": "Kd7d2c"}),
    ("pineapple", ["AsKs", "9c8d"], {"board": "Kd7d2c"}),
    ("crazy-pineapple", ["AsAh", "9c8c"], {"board": "Kd7d2c"}),
    ("stud", ["6d9hKd4sJdQh", "random"], {}),
    ("stud", ["6d9hKd4sJd", "**Ah2c3d"], {}),
    ("razz", ["As2h3d4c", "KcKdQs5h"], {}),
    ("stud5", ["AsKd", "QcQh"], {}),
    ("draw5", ["AsAhKdKc", "QcQhJsJd"], {}),
    # the same third-street hands in the other seven-card stud games (stud and razz have
    # spots of their own above)
    *[(g, ["As2h3d", "KcKdQs"], {}) for g in SEVEN_CARD_STUDS if g not in ("stud", "razz")],
    # late streets, where an exact run is cheap: the same sixth-street hands in every
    # seven-card stud game
    ("omaha8", ["AsAh2s3h", "KcKdQcQd"], {"board": "4c5d9h"}),
    ("stud5", ["AsKd7c2h", "QdQh3s4s"], {}),
    *[(g, ["6d9hKd4sJdQh", "AsAh2c3c4d5d"], {}) for g in SEVEN_CARD_STUDS],
]

MODES: list[dict[str, Any]] = [
    {"exact": False, "samples": 20_000, "seed": 3, "threads": 1},
    {"exact": False, "samples": 20_000, "seed": 11, "threads": 2},
    {"exact": True, "threads": 1},
]
MAX_EXACT_COST = 3e7
"""Exact runs are recorded only where :func:`pyeval.equity.cost.exact_cost` is at most this
(a few seconds each); the others are marked skipped, the same way in both records."""


def _result(r: Any) -> dict[str, Any]:
    return {"samples": r.samples, "exact": r.exact,
            "players": [{k: (float(v).hex() if isinstance(v, float) else v)
                         for k, v in asdict(p).items()} for p in r.players]}


def record(path: str) -> None:
    from pyeval.equity import equity
    from pyeval.equity.cost import exact_cost
    from pyeval.equity.engine import make_spot
    out: dict[str, Any] = {}
    for game, hands, kw in SPOTS:
        for mode in MODES:
            key = f"{game}|{','.join(hands)}|{sorted(kw.items())}|{sorted(mode.items())}"
            if mode["exact"]:
                cost = exact_cost(make_spot(game, hands, **kw))
                if cost > MAX_EXACT_COST:
                    out[key] = {"skipped": f"exact cost {cost:.3g}"}
                    continue
            try:
                out[key] = _result(equity(game, hands, **kw, **mode))
            except (ValueError, TypeError) as e:   # e.g. an exact run refused as too large
                out[key] = {"refused": f"{type(e).__name__}: {e}"}
    with open(path, "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
    print(f"{len(out)} results, {sum('refused' in v for v in out.values())} refused, "
          f"{sum('skipped' in v for v in out.values())} exact runs skipped -> {path}")


def compare(a: str, b: str) -> int:
    with open(a) as fa, open(b) as fb:
        ra, rb = json.load(fa), json.load(fb)
    bad = [k for k in sorted(set(ra) | set(rb)) if ra.get(k) != rb.get(k)]
    for k in bad[:20]:
        print("DIFFERS:", k, ra.get(k), rb.get(k))
    print(f"{len(ra)} vs {len(rb)} results, {len(bad)} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["record"]:
        record(sys.argv[2])
    elif sys.argv[1:2] == ["compare"]:
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
