"""Hostile inputs for the range and equity surfaces, and how each call is classified
(issue 40): the generators and the judge shared by the fuzz tests
(``tests/equity/test_fuzz_equity.py``) and the long run (``bench/fuzz_equity.py``).

A call ends in one of three ways:

- ``REFUSED``: a ValueError or TypeError raised on purpose by pyeval (the innermost frame
  of the traceback is a ``raise`` statement in pyeval) with a message;
- ``OK``: a valid result (a Range of distinct cards 0-51 with finite positive weights; an
  equity result whose equities are finite, in [0, 1] and sum to 1, whose standard errors
  are finite, and which came back within its time limit by 10 % or 0.1 s);
- anything else is a *finding*: ``CRASH`` (another exception, or one raised from inside
  Python, numpy or Numba rather than by a check), ``BAD`` (a result breaking the rules
  above), ``SLOW`` (over its time limit).

>>> import random
>>> classify(lambda: parse_range("QQ+, AKs")).kind, classify(lambda: parse_range("QQ++")).kind
('ok', 'refused')
>>> t = range_text(random.Random(1)); isinstance(t, str)
True
"""
from __future__ import annotations

import math
import random
import time
import traceback
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from pyeval.equity.ranges import Range, parse_range
from pyeval.equity.result import EquityResult

__all__ = ["BAD", "CRASH", "OK", "REFUSED", "SLOW", "EquityCall", "Verdict", "check_equity",
           "check_range", "classify", "equity_call", "range_text", "run_equity_call",
           "run_range_text"]

OK, REFUSED, CRASH, BAD, SLOW = "ok", "refused", "crash", "bad", "slow"
#: how far past its time limit a call may come back: 10 % or 0.1 s, whichever is larger
TIME_SLACK_SHARE, TIME_SLACK_SECONDS = 0.10, 0.10
#: a call this long by the wall clock is slow whatever its CPU time (a hang, a wait)
HANG_SECONDS = 10.0
#: tries of a call over its limit before it counts as slow (see :func:`run_equity_call`)
SLOW_TRIES = 3


class Verdict(NamedTuple):
    """How a call ended: its kind and a short note (the error or what was wrong)."""

    kind: str
    note: str = ""


def _on_purpose(e: BaseException) -> bool:
    """True when the innermost frame raising ``e`` is a ``raise`` statement of pyeval."""
    tb = traceback.extract_tb(e.__traceback__)
    if not tb:
        return False
    last = tb[-1]
    return ("pyeval" in last.filename.replace("\\", "/").split("/site-packages/")[-1]
            and (last.line or "").lstrip().startswith("raise") and bool(str(e)))


def check_range(r: Any) -> str:
    """What is wrong with a parsed range ("" when nothing)."""
    if not isinstance(r, Range):
        return f"not a Range: {type(r).__name__}"
    c, w = np.asarray(r.cards), np.asarray(r.weights)
    if c.ndim != 2 or c.shape[1] != 2 or len(w) != len(c):
        return f"shapes {c.shape} {w.shape}"
    if len(c) and (c.max() > 51 or np.any(c[:, 0] == c[:, 1])):
        return "a card outside 0-51 or used twice in a combination"
    if len(w) and not (np.all(np.isfinite(w)) and np.all(w > 0)):
        return "a weight not finite and positive"
    idx = {(int(a), int(b)) if a > b else (int(b), int(a)) for a, b in c}
    if len(idx) != len(c):
        return "a combination listed twice"
    return ""


def check_equity(r: Any, players: int, elapsed: float, time_limit: float | None) -> str:
    """What is wrong with an equity result ("" when nothing)."""
    if not isinstance(r, EquityResult):
        return f"not an EquityResult: {type(r).__name__}"
    eq = np.array(r.equities, dtype=np.float64)
    if len(eq) != players:
        return f"{len(eq)} equities for {players} players"
    if not np.all(np.isfinite(eq)) or eq.min() < 0 or eq.max() > 1:
        return f"equities {eq.tolist()}"
    if abs(eq.sum() - 1) > 1e-9:
        return f"equities sum to {eq.sum()!r}"
    se = [p.std_err for p in r.players]
    if not all(math.isfinite(x) and x >= 0 for x in se):
        return f"standard errors {se}"
    if not r.exact and r.samples < 1:
        return "no deal"
    return ""


def classify(call: Callable[[], Any], judge: Callable[[Any], str] = check_range,
             time_limit: float | None = None) -> Verdict:
    """Runs ``call`` and says how it ended (see the module docstring). Over its time limit
    means over it by the wall clock and by the CPU time the process spent in the call (on a
    shared machine the wall clock also counts the time the system gives other processes), or
    past :data:`HANG_SECONDS` by the wall clock."""
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        out = call()
    except (ValueError, TypeError) as e:
        if _on_purpose(e):
            return Verdict(REFUSED, f"{type(e).__name__}: {e}"[:200])
        return Verdict(CRASH, f"{type(e).__name__} from inside: {e}"[:200])
    except Exception as e:
        return Verdict(CRASH, f"{type(e).__name__}: {e}"[:200])
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    most = (max(time_limit * (1 + TIME_SLACK_SHARE), time_limit + TIME_SLACK_SECONDS)
            if time_limit is not None else math.inf)
    if elapsed > HANG_SECONDS or min(elapsed, cpu) > most:
        return Verdict(SLOW, f"{elapsed:.2f} s ({cpu:.2f} s of CPU) for time_limit={time_limit}")
    wrong = judge(out)
    return Verdict(BAD, wrong) if wrong else Verdict(OK)


# ---- generators: each takes a random.Random and gives one input ---------------------------

_TERMS = ["AA", "QQ+", "JJ-", "22-55", "AKs", "AKo", "AK", "A2s+", "KTo+", "JTs-76s",
          "A5s-", "Ax", "Kxs", "7xo", "AhKh", "random", "any", "**", "top 10%", "10-20%",
          "5% vs3", "top 12.5% ps", "T9s", "A10s", "K♠Q♠"]
_JUNK = ["", " ", ",", "(", ")", "((", "+", "-", ":", "%", "x", "1e308", "1e-320", "nan",
         "inf", "-1", "0", "0.5", "1e400", "Aſ", "𝐀𝐊", "\x00", "A\u0301K", "ＡＫ", "AAA",
         "top -5%", "top 1e999%", "101%", "20-10%", "vs9", "AKs:", ":0.5", "0(AA)",
         "AK+:2", "A2s-K2s", "22-AKs", "99-AA+", "AKs--", "Axx", "Ax+"]


def range_text(rng: random.Random) -> str:
    """A range text: real terms, junk and weights, mixed and nested."""
    parts = []
    for _ in range(rng.randint(1, 5)):
        t = rng.choice(_TERMS if rng.random() < 0.7 else _JUNK)
        roll = rng.random()
        if roll < 0.15:
            t = f"{rng.choice(['0.5', '2', '1e-3', '1e200', '-1', 'x', ''])}({t})"
        elif roll < 0.25:
            t = f"{t}:{rng.choice(['0.25', '1', '0', '1e-300', 'y'])}"
        parts.append(t)
    text = rng.choice([", ", ",", " , ", ";", " "]).join(parts)
    if rng.random() < 0.05:
        text = text * rng.randint(2, 50)
    if rng.random() < 0.03:
        text = "(" * rng.randint(1, 80) + text + ")" * rng.randint(0, 80)
    return text


_VALUES: list[Any] = [None, True, False, 0, 1, -1, 2, 100, 10_000, 2**31, 2**63, 2**64,
                      2**70, -2**64, 0.0, 0.3, 1e-9, -0.5, 1.5, float("nan"), float("inf"),
                      "1", "x", b"1", [1], {}, np.int64(5), np.float64(0.05), np.uint64(7),
                      np.bool_(True), 1e6, 3.5]
_HANDS = ["AhKh", "QQ+", "random", "AsAh", "KK", "Ah*", "**", "top 10% ps", "JJ-, Ax",
          "0.5(TT+), AQs", "22+", "AcAd", "7h2c", "Ks", "AhKhQh", "", None, 7, ["Ah", "Kh"],
          "Kx", "ZZ"]
_GAMES = ["holdem", "holdem", "holdem", "omaha", "stud", "razz", "omaha8", "nope", None, 3]


_FAIR_HANDS = ["AhKh", "QQ+", "random", "KK", "Ah*", "**", "top 10% ps", "JJ-, Ax",
               "0.5(TT+), AQs", "22+", "7h2c", "top 30%", "0.3(top 50%), AA", "Kxs",
               "A2s+, K9o+", "T9s-54s", "QsJs", "any"]
_FAIR: dict[str, list[Any]] = {
    "samples": [100, 1000, 50_000, 10**6], "std_err": [0.5, 0.01, 1e-3, 1e-6],
    "seed": [0, 1, 2**64 - 1, 12345], "threads": [1, 2, 64],
    "exact": [None, True, False]}


class EquityCall(NamedTuple):
    """One generated ``pyeval.equity`` call: its arguments and time limit (None: none)."""

    game: Any
    hands: Any
    kwargs: dict[str, Any]
    time_limit: float | None


def equity_call(rng: random.Random, budget: float = 0.3) -> EquityCall:
    """A generated call: hold'em hands and ranges mostly, hostile option values often.
    Every call carries a time limit of at most ``budget`` seconds unless the generated
    ``time_limit`` is itself hostile, so that a run of many calls stays bounded."""
    hostile = rng.random() < 0.4            # else: hands and options that may all be fine
    game = rng.choice(_GAMES) if hostile else rng.choice(["holdem"] * 3 + ["omaha", "stud"])
    n = rng.choice([0, 1, 2, 2, 2, 3, 3, 4, 6, 10] if hostile else [2, 2, 2, 3, 3, 4, 6, 10])
    if game == "holdem" and not hostile:
        hands: Any = [rng.choice(_FAIR_HANDS) for _ in range(n)]
    elif game == "holdem" or rng.random() < 0.5:
        hands = [rng.choice(_HANDS) if rng.random() < 0.5 else range_text(rng)
                 for _ in range(n)]
    else:
        hands = [rng.choice(["AsKsQsJs", "AhAd**", "random", "6d9hKd4sJdQhKs", "**Ah2c3d",
                             "As2h3d", "****"]) for _ in range(n)]
    if rng.random() < 0.03:
        hands = rng.choice(["AhKh QQ", None, 5, {"a": 1}, ("AhKh", "QQ")])
    kw: dict[str, Any] = {}
    if rng.random() < 0.3:
        kw["board"] = rng.choice(["Ks 7d 2c", "Ks7d2c4h", "Ks7d2c4h9s", "KsKs", "Xx", "", 5,
                                  ["Ks", "7d", "2c"], "Ah Kh Qh"])
    if rng.random() < 0.1:
        kw["dead"] = rng.choice(["2c", "AhAh", 3, "", ["2c", "3c"]])
    for name in ("samples", "std_err", "seed", "threads", "exact"):
        if rng.random() < (0.25 if hostile else 0.3):
            kw[name] = (rng.choice(_VALUES if name != "exact" else _VALUES + [None, True, False])
                        if hostile else rng.choice(_FAIR[name]))
    limit: float | None = round(rng.uniform(budget / 5, budget), 4)
    if hostile and rng.random() < 0.15:
        kw["time_limit"] = rng.choice(_VALUES)
        tl = kw["time_limit"]
        limit = (float(tl) if isinstance(tl, (int, float, np.floating, np.integer))
                 and not isinstance(tl, (bool, np.bool_)) and 0 < float(tl) <= budget
                 else None)
        if limit is None:
            # a time limit that may be refused; without one the call could run long
            kw.setdefault("samples", 1000)
    else:
        kw["time_limit"] = limit
    return EquityCall(game, hands, kw, limit)


def run_equity_call(c: EquityCall) -> Verdict:
    """Classifies one generated call. A call over its time limit is run again and counts as
    slow only if it is slow :data:`SLOW_TRIES` times: the first call of a kernel in a process
    compiles it or loads it from Numba's cache (seconds, cold), which no time limit can
    shorten, and a shared machine can stall a call; a time limit that does not hold is over
    it every time."""
    from pyeval.equity.engine import equity
    players = len(c.hands) if isinstance(c.hands, (list, tuple)) else 0
    for _ in range(SLOW_TRIES):
        v = classify(lambda: equity(c.game, c.hands, **c.kwargs),
                     lambda r: check_equity(r, players, 0.0, c.time_limit), c.time_limit)
        if v.kind != SLOW:
            break
    return v


def run_range_text(text: str, rng: random.Random) -> Verdict:
    """Classifies ``parse_range`` of one generated text (with hostile dead cards and orders
    now and then)."""
    kw: dict[str, Any] = {}
    if rng.random() < 0.1:
        kw["dead"] = rng.choice([[51, 50], [60], [-1], [True], "As Kd", "Zz", 5, [2**70],
                                 np.array([3, 4]), [1.5]])
    if rng.random() < 0.1:
        kw["order"] = rng.choice(["vs1", "vs3", "ps", "PokerStove", "vs2", None, 3])
    return classify(lambda: parse_range(text, **kw))
