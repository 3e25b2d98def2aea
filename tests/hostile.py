"""The classification of issue 40 for fuzz tests and ``bench/fuzz_surfaces.py``: a call
either returns, or refuses cleanly (a ValueError/TypeError, or pyeval's own error, raised on
purpose by a ``raise`` statement in pyeval with a message), or is a finding (any other
exception, or an error raised from inside: Python, numpy or a pyeval line that is not a
``raise``).

>>> classify(int, "12")
Outcome(kind='ok', detail='')
>>> classify(int, "x").kind          # int() raising from inside: a finding
'finding'
"""
from __future__ import annotations

import linecache
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

PYEVAL = str(Path(__file__).resolve().parents[1] / "pyeval")


class Outcome(NamedTuple):
    """``kind``: ok, refused or finding; ``detail``: the exception's type and message and
    the line that raised it (a finding's)."""

    kind: str
    detail: str


def _raised_on_purpose(e: BaseException) -> bool:
    tb = e.__traceback__
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    if last is None:
        return False
    frame = last.tb_frame
    path = frame.f_code.co_filename
    if not path.startswith(PYEVAL):
        # click's own usage errors are clean; anything else outside pyeval is not
        return type(e).__module__.startswith("click")
    line = linecache.getline(path, last.tb_lineno).strip()
    return line.startswith("raise ") or line == "raise"


def classify(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Outcome:
    """Call ``fn`` and classify what happened (see the module docstring)."""
    try:
        fn(*args, **kwargs)
    except (ValueError, TypeError) as e:
        if str(e) and _raised_on_purpose(e):
            return Outcome("refused", f"{type(e).__name__}: {e}")
        return Outcome("finding", _where(e))
    except Exception as e:
        if type(e).__module__.startswith("pyeval") and str(e) and _raised_on_purpose(e):
            return Outcome("refused", f"{type(e).__name__}: {e}")
        return Outcome("finding", _where(e))
    return Outcome("ok", "")


def _where(e: BaseException) -> str:
    frames = traceback.extract_tb(e.__traceback__)
    at = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(e).__name__}: {str(e)[:200]}{at}"


# ---- generated hostile inputs, one generator per surface (a case: a call to classify) ----

def hostile_values() -> list[Any]:
    """Values a careless script or an attacker passes where a number, text or a list is
    expected."""
    from decimal import Decimal
    from fractions import Fraction

    import numpy as np
    return [None, True, False, 0, -1, 1, 2, 3, 9, 10, 11, 2**31, 2**53 + 1, 2**63 - 1, 2**63,
            2**64 - 1, 2**64, -2**63, 10**30, 1.5, 0.0, -0.0, 2.0, float("nan"), float("inf"),
            -float("inf"), 1e308, 5e-324, "", "x", "²", "12", "１２", "-3", " 7 ", "AhKd", "??",
            b"12", [], [1], [1, 2], [[1]], {}, {"a": 1}, (1,), object(), np.int64(3),
            np.int64(-5), np.uint64(2**64 - 1), np.float64(2.0), np.float32(1.5), np.bool_(True),
            np.array([1, 2]), Fraction(1, 3), Fraction(10**20, 3), Decimal("1.5"),
            Decimal("NaN"), complex(1, 2), "\x00", "\udcff", "é" * 3, "A" * 10_000]


class Case(NamedTuple):
    """One generated call: ``fn(*args, **kwargs)``, and what it was (for the report)."""

    fn: Callable[..., Any]
    args: tuple
    kwargs: dict
    label: str


_NO_CARDS = object()


def rules_case(rng: Any) -> Case:
    """A :class:`~pyeval.rules.Hand` built from a few hostile arguments, then a few actions
    with hostile arguments."""
    from pyeval.rules import Hand, Structure
    values = hostile_values()
    pick = rng.choice
    games = ["holdem", "omaha", "seven_card_stud", "razz", "five_card_draw", "badugi", pick(values)]
    structures = [Structure.no_limit(1, 2), Structure.pot_limit(1, 2), Structure.fixed_limit(2, 4),
                  Structure.stud(ante=1, bring_in=2, small_bet=4, big_bet=8)]
    args: dict[str, Any] = {"game": pick(games), "structure": pick(structures),
                            "stacks": {0: 100, 1: 200, 2: 50}, "seed": rng.randrange(2**32)}
    keys = ["seed", "button", "odd_chip", "hole", "board", "deck", "carry_in", "posts",
            "showdown", "absent", "stacks", "structure", "game"]
    for _ in range(rng.randrange(0, 3)):
        k = pick(keys)
        v = pick(values)
        if k in ("stacks", "hole", "posts") and rng.random() < 0.6:
            v = {pick([0, 1, 2, "1", "²", -1, 1.0, True, "x", None]): pick(values),
                 1: pick([100, 0, "AhKd", 2.5, None])}
        args[k] = v
    acts = [(pick(["fold", "check", "call", "bet", "raise", "complete", "bring_in", "discard",
                   "draw", "show", "muck", pick(values)]),
             pick([None, pick(values), rng.randrange(0, 400)]),
             pick([_NO_CARDS, (), pick(values)])) for _ in range(rng.randrange(0, 6))]

    def run() -> None:
        h = Hand(args.pop("game"), args.pop("structure"), args.pop("stacks"), **args)
        for name, to, cards in acts:
            if h.is_over:
                break
            h.act(name, to, cards) if cards is not _NO_CARDS else h.act(name, to)
    return Case(run, (), {}, f"Hand({args}) then {acts}")


PHH_HANDS = [
    """variant = 'NT'
antes = [0, 300, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [5000, 4000, 2500.5]
actions = ['d dh p1 AhAd', 'd dh p2 ????', 'd dh p3 KcKd', 'p3 cbr 450.5', 'p1 cc', 'p2 f',
           'd db 2s3s4h', 'p1 cc', 'p3 cc', 'd db 9d', 'p1 cc', 'p3 cc', 'd db Tc', 'p1 cc',
           'p3 cc', 'p1 sm AhAd', 'p3 sm']
finishing_stacks = [5950.5, 3500, 2050]
""",
    """variant = 'F7S'
ante_trimming_status = true
antes = [5, 5]
bring_in = 5
small_bet = 10
big_bet = 20
starting_stacks = [100, 100]
actions = ['d dh p1 AhAd7c', 'd dh p2 KsKd2c', 'p2 pb', 'p1 f']
finishing_stacks = [95, 105]
""",
]
PHH_KEYS = ["variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions",
            "finishing_stacks", "bring_in", "small_bet", "big_bet", "players", "seats",
            "ante_trimming_status", "seat_count", "hand"]
TOML_VALUES = ["5", "[]", "[1]", "[1, 2, 3]", "'x'", "true", "-1", "0", "1e400", "nan", "inf",
               "-inf", "9223372036854775808", "18446744073709551616", "1.00001", "0.00001",
               "[[1]]", "{}", "{a = 1}", "'²'", "['p1 f']", "['d dh p1 AhAh']", "[5, 'x']",
               "[" * 200 + "]" * 200, "['p1 cbr 1e30', 'p2 cc']", "'NT'", "'FT'", "'FO/2'",
               "'F7S'", "'FR'", "'NS'", "['p9 f']", "['p0 cc']", "['d dh p1 ??????']",
               "[100000000000000000, 1]", "1979-05-27", "'\\u0000'"]


def phh_case(rng: Any) -> Case:
    """A PHH record with one or two fields replaced, dropped or duplicated, loaded and
    replayed."""
    from pyeval.rules import phh
    text = rng.choice(PHH_HANDS)
    lines = text.replace(",\n           ", ", ").splitlines()
    for _ in range(rng.randrange(1, 3)):
        r = rng.random()
        if r < 0.6:
            key = rng.choice(PHH_KEYS)
            lines = [ln for ln in lines if not ln.startswith(key + " ")]
            lines.append(f"{key} = {rng.choice(TOML_VALUES)}")
        elif r < 0.8 and lines:
            del lines[rng.randrange(len(lines))]
        elif lines:
            i = rng.randrange(len(lines))
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    body = "\n".join(lines)

    def run() -> None:
        for rec in phh.loads(body, "fuzz.phh"):
            phh.replay(rec)
    return Case(run, (), {}, body)
