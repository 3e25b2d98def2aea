"""Time-limited equity calls of issue 40, each at time_limit 0.3 s and 1.0 s after a warm-up
(the kernels loaded): prints the seconds each call took, whether it was exact, why it
stopped and how many deals it made; OVER marks a call past its limit by more than 10 % or
0.1 s.

    python bench/time_limits_equity.py
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pyeval.equity import equity

TEN = ["0.5(QQ+), AK", "0.3(TT+), AQs+", "random", "JJ+, 0.2(AK)", "KQs, 0.7(99)",
       "22+, 0.5(A2s+)", "top 20%", "0.4(top 30%)", "AhKh", "0.9(77-55)"]
CASES: list[tuple[str, Callable[[float], Any]]] = [
    ("stud random", lambda tl: equity("stud", ["6d9hKd4sJdQhKs", "random"], time_limit=tl)),
    ("stud 4unk", lambda tl: equity("stud", ["6d9hKd4sJdQhKs", "**Ah2c3d"], time_limit=tl)),
    ("10p weighted", lambda tl: equity("holdem", TEN, time_limit=tl)),
    ("5p ranges flop", lambda tl: equity("holdem", ["QQ+, AK"] * 3 + ["TT+, AQ+", "99+"],
                                         board="2c7d9h", time_limit=tl)),
    ("AhKh r r", lambda tl: equity("holdem", ["AhKh", "random", "random"], time_limit=tl)),
    ("6p QQ+AK", lambda tl: equity("holdem", ["QQ+, AK"] * 6, board="2c7d9h", time_limit=tl)),
    ("omaha8 3p", lambda tl: equity("omaha8", ["AsAh2s3h", "KcKdQcQd", "****"],
                                    time_limit=tl)),
]


def main() -> None:
    equity("holdem", ["AhKh", "QQ"], samples=1000)
    equity("holdem", ["AhKh", "QQ", "random"], samples=1000)
    equity("stud", ["6d9hKd4sJdQhKs", "random"], samples=1000)
    for name, f in CASES:
        for tl in (0.3, 1.0):
            t0 = time.perf_counter()
            try:
                r = f(tl)
                out: Any = (r.exact, r.stopped, r.samples)
            except (ValueError, TypeError) as e:
                out = f"{type(e).__name__}: {str(e)[:90]}"
            dt = time.perf_counter() - t0
            flag = "" if dt <= max(1.1 * tl, tl + 0.1) else "  OVER"
            print(f"{name:16s} tl={tl}: {dt:.2f}s {out}{flag}", flush=True)


if __name__ == "__main__":
    main()
