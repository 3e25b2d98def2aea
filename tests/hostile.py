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
import math
import re
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pyeval

#: the folder of the pyeval that runs (site-packages under a non-editable install, not the
#: source tree beside these tests): a raise there is pyeval's own
PYEVAL = str(Path(pyeval.__file__).resolve().parent)


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
    with hostile arguments; or (one case in four) a :class:`~pyeval.rules.Structure`,
    :class:`~pyeval.rules.Positions` or seeded random play given hostile values."""
    from pyeval.rules import Hand, Positions, Structure, play_random
    values = hostile_values()
    pick = rng.choice
    if rng.random() < 0.25:
        a, b = pick(values), pick(values)
        which = rng.randrange(6)

        def other() -> None:
            if which == 0:
                Structure.no_limit(a, b)
            elif which == 1:
                Structure.fixed_limit(a, b)
            elif which == 2:
                Structure.stud(ante=a, bring_in=b, small_bet=4, big_bet=8)
            elif which == 3:
                Structure("no_limit", 1, 2, straddles=a, ante_by=b)
            elif which == 4:
                play_random(Hand("holdem", Structure.no_limit(1, 2), {0: 100, 1: 100}, seed=1), seed=a)
            else:
                Hand("holdem", Structure.no_limit(1, 2), {0: 100, 1: 100, 2: 100}, seed=1,
                     positions=Positions(a, b, 2))
        return Case(other, (), {}, f"case {which} with {a!r}, {b!r}")
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


#: a no-limit hold'em record with a big-blind ante, decimals, an unknown hand and a muck,
#: and a stud record ended by a fold to the bring-in
PHH_HANDS = [
    """variant = 'NT'
ante_trimming_status = false
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
               "[100000000000000000, 1]", "1979-05-27", "'\\u0000'", "[nan]", "[inf, 1]",
               "[1e400]", "[-0.0]"]


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


EXAMPLES = Path(__file__).resolve().parents[1] / "pyeval" / "tournament" / "examples"


def _example_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.toml"))]


def structure_case(rng: Any, texts: list[str] | None = None) -> Case:
    """An example structure file with one to three values replaced by hostile TOML values
    (or lines dropped or cut), parsed; a structure that loads must also pass everything
    ``pyeval tournament check`` computes (else the call raises a finding's AssertionError)."""
    from pyeval.tournament.structure import parse_structure
    text = rng.choice(texts or _example_texts())
    lines = text.splitlines()
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(lines))
        line = lines[i]
        r = rng.random()
        if "=" in line and r < 0.7:
            key = line.split("=", 1)[0]
            lines[i] = f"{key}= {rng.choice(TOML_VALUES + STRUCTURE_VALUES)}"
        elif r < 0.85:
            del lines[i]
        else:
            lines[i] = line[: rng.randrange(len(line) + 1)]
    body = "\n".join(lines)

    def run() -> None:
        st = parse_structure(body, "fuzz.toml")
        lo, hi = st.entrants.minimum, st.entrants.maximum
        st.clock()
        for size in sorted({lo, hi}):
            st.payouts(size)
            st.prize_pool(size)
        # a simulation of the structure's own field must not fail late on the file either
        # (its kernel is not run here: the options the simulator builds from the file)
        from pyeval.sim.engine.spec import build_spec
        try:
            build_spec(st, min(hi, 2000))
        except ValueError as e:
            if "simulator" not in str(e) and "simulated" not in str(e):
                raise AssertionError(f"loads, but the simulator refuses it: {e}") from None
    return Case(run, (), {}, body)


STRUCTURE_VALUES = ["1000000", "999999999999999", "1000000000000001", "0.5", "'1:30'", "'90m'",
                    "'abc'", "[100, 100]", "[0]", "[-5]", "['holdem']", "'omaha'", "'no_limit'",
                    "'fixed_limit'", "[2, 1]", "[1, 1000000]", "[100, 0]", "[50, 50, 50]",
                    "'nan'", "'inf'", "'1e400'", "'-0'", "'1/3'", "[33.4, 33.3, 33.3]"]


def icm_case(rng: Any) -> Case:
    """ICM of hostile stacks and prizes; when it answers, the equities must add up to the
    prizes paid (exactly with ``exact=True``; within float rounding otherwise)."""
    from fractions import Fraction

    from pyeval.tournament.icm import exact_prizes, icm_equity, icm_equity_mc
    values = hostile_values()
    n = rng.randrange(0, 9)
    stacks: Any = [rng.choice([rng.randrange(1, 10**6), rng.choice(values), 2**rng.randrange(70),
                               rng.random() * 10**rng.randrange(-5, 20)]) for _ in range(n)]
    prizes: Any = [rng.choice([rng.randrange(0, 10**6), rng.choice(values), 2**rng.randrange(70)])
                   for _ in range(rng.randrange(0, 5))]
    if rng.random() < 0.05:
        stacks = rng.choice(values)
    exact = rng.random() < 0.3
    mc = rng.random() < 0.1
    pool = rng.choice([None, None, rng.choice(values), 10**7])

    def run() -> None:
        if mc:
            icm_equity_mc(stacks, prizes, trials=rng.choice([100, 1000, 99, True]),
                          seed=rng.choice([0, 5, 2**64, -1, "x"]), pool=pool)
            return
        eq = icm_equity(stacks, prizes, exact=exact, pool=pool)
        total = sum(exact_prizes(prizes[: len(stacks)]), Fraction(0))
        if exact:
            assert sum(eq) == total, (sum(eq), total)
        else:
            assert all(math.isfinite(x) for x in eq), eq
            assert abs(sum(eq) - float(total)) <= 1e-9 * max(float(total), 1.0), (sum(eq), total)
    return Case(run, (), {}, f"stacks={stacks!r} prizes={prizes!r} exact={exact} pool={pool!r}")


def sim_case(rng: Any, structures: dict[str, Any] | None = None) -> Case:
    """The simulator's options (players, n, seed, threads, chances, records) with hostile
    values, checked by :func:`pyeval.sim.engine.spec.build_spec` and :func:`pyeval.sim.simulate`'s
    argument checks (the kernel is run for one case in 50, on a small field)."""
    from pyeval.sim import simulate
    from pyeval.sim.engine.spec import build_spec
    from pyeval.tournament.structure import load_structure
    structures = structures or {n: load_structure(n) for n in ("club_3000", "hands_100k_stud")}
    values = hostile_values()
    st = structures[rng.choice(sorted(structures))]
    kw: dict[str, Any] = {}
    for k in rng.sample(["players", "n", "seed", "threads", "chunk", "rebuy_chance",
                         "addon_chance", "record_tournaments", "record_hands", "record_stride",
                         "debug"], rng.randrange(1, 4)):
        kw[k] = rng.choice(values + [rng.randrange(2, 40), 2**64 - 1])
    run_kernel = rng.random() < 0.02

    def run() -> None:
        if run_kernel:
            small = {**kw, "players": rng.randrange(2, 30), "n": 1, "threads": 1}
            simulate(st, **small)
            return
        spec_kw = {k: v for k, v in kw.items() if k in ("rebuy_chance", "addon_chance", "debug",
                                                       "record_tournaments", "record_hands",
                                                       "record_stride")}
        build_spec(st, kw.get("players"), **spec_kw)
        simulate_args_only(simulate, st, kw)
    return Case(run, (), {}, f"{st.name}: {kw!r}")


def simulate_args_only(simulate: Any, st: Any, kw: dict[str, Any]) -> None:
    """:func:`pyeval.sim.simulate`'s argument checks without the kernel: a spec for a field
    of 0 tournaments is refused before any work, so pass what a call would and stop at the
    first refusal (an accepted set of options is not run here)."""
    from pyeval.sim.engine.inputs import MAX_PLAYER_ROWS, sim_count, sim_seed
    if "n" in kw:
        sim_count(kw["n"], "n (tournaments)", 1, MAX_PLAYER_ROWS)
    if "seed" in kw:
        sim_seed(kw["seed"])


CLI_ARGS = [
    ["icm", "{stacks}", "--payouts", "{payouts}"],
    ["icm", "{stacks}", "--payouts", "{payouts}", "--deal", "{deal}", "--leave", "{n}", "--unit", "{n}"],
    ["icm", "{stacks}", "--payouts", "{payouts}", "--pool", "{n}"],
    ["icm", "{stacks}", "--payouts", "{payouts}", "--mc", "{n}", "--seed", "{n}"],
    ["tournament", "check", "{file}"],
    ["tournament", "show", "{file}", "--players", "{n}", "--start", "{text}"],
    ["sim", "stats", "{file}", "--by", "{by}"],
    ["range", "{text}", "--html", "{path}"],
    ["tournament", "simulate", "{file}", "-n", "{n}", "--seed", "{n}", "--players", "{n}",
     "--threads", "{n}", "--no-report", "--no-progress", "--chunk", "{n}"],
]


def cli_case(rng: Any, files: list[str]) -> Case:
    """A pyeval command (through click's CliRunner) with hostile arguments; a traceback
    (an exception other than click's exit) is a finding. ``files``: paths of files to pass
    (valid and broken structures, PHH, latin-1 text, a directory, a missing path)."""
    from click.testing import CliRunner

    from pyeval.cli.main import cli
    numbers = ["0", "1", "2", "-1", "9", "65", "2000", "9223372036854775807", "18446744073709551616",
               "1e3", "1.5", "x", "", "nan", "1_000", "²"]
    fill = {
        "stacks": lambda: ",".join(rng.choice(numbers) for _ in range(rng.randrange(1, 5))),
        "payouts": lambda: rng.choice([",".join(rng.choice(numbers) for _ in range(rng.randrange(1, 11))),
                                       "50%,30%,20%", "1/3%", "%", "nan%"]),
        "deal": lambda: rng.choice(["icm", "chip", "x"]),
        "n": lambda: rng.choice(numbers),
        "file": lambda: rng.choice(files),
        "by": lambda: rng.choice(["all", "bb", "m", "level", "x"]),
        "text": lambda: rng.choice(["QQ+", "top 10%", "19:00", "25:99", "x", "", "²", "AK" * 500]),
        "path": lambda: rng.choice(["/nonexistent/dir/x.html", "/proc/x.html", "/tmp"]),
    }
    template = rng.choice(CLI_ARGS)
    args = [fill[a[1:-1]]() if a.startswith("{") else a for a in template]
    if "simulate" in args:
        if rng.random() < 0.9:      # refused before the work
            args[args.index("-n") + 1] = rng.choice(["0", "-1", "x", "1.5", ""])
        else:                       # a small run (bounded: one tournament of a small field)
            args[args.index("-n") + 1] = "1"
            args[args.index("--players") + 1] = rng.choice(["2", "9", "65", "x", "1"])

    def run() -> None:
        res = CliRunner().invoke(cli, args, catch_exceptions=True)
        if res.exception is not None and not isinstance(res.exception, SystemExit):
            raise AssertionError(f"traceback from {args}: {type(res.exception).__name__}: "
                                 f"{res.exception}")
        if "Traceback" in res.output:
            raise AssertionError(f"traceback printed by {args}")
    return Case(run, (), {}, " ".join(args))


def cli_files(folder: Path) -> list[str]:
    """Files the CLI fuzz passes: an example structure, a broken one, a PHH hand, latin-1
    text, an empty file, a folder and a missing path (made in ``folder``)."""
    folder.mkdir(parents=True, exist_ok=True)
    good = folder / "club.toml"
    good.write_text((EXAMPLES / "club_3000.toml").read_text(encoding="utf-8"), encoding="utf-8")
    broken = folder / "broken.toml"
    broken.write_text(good.read_text(encoding="utf-8").replace("[[levels]]", "[[levels]]\nx = ", 1),
                      encoding="utf-8")
    hand = folder / "hand.phh"
    hand.write_text(PHH_HANDS[0], encoding="utf-8")
    latin = folder / "latin1.toml"
    latin.write_bytes('name = "café"\n'.encode("latin-1"))
    empty = folder / "empty.phhs"
    empty.write_text("", encoding="utf-8")
    nested = folder / "nested.phh"
    nested.write_text("actions = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    return [str(p) for p in (good, broken, hand, latin, empty, nested)] + [
        str(folder), str(folder / "missing.toml"), "club_3000", "hands_100k_stud", ""]


# ---- the cards surface: every public function that takes cards, text, a rule or a kind ----

#: messages of errors raised from inside Python or numpy rather than on purpose
INSIDE_MESSAGES = re.compile(
    r"has no attribute|unhashable type|object is not (iterable|subscriptable|callable)"
    r"|not supported between|cannot be interpreted as|invalid literal for"
    r"|has no len\(\)|index out of range|takes \d+ positional|argument must be"
    r"|must be real number|object cannot be|can't convert|could not convert"
    r"|initializer for ctype|expected .*cdata")


def card_surface() -> dict[str, Callable[[Any], Any]]:
    """The cards surface, one function of one argument per entry point and argument."""
    import importlib

    import numpy as np
    C = importlib.import_module("pyeval.cards")
    b7 = np.arange(7, dtype=np.uint8)[None]
    return {
        "cards": C.cards, "card": C.card, "tokens": C.tokens, "hand_kind": C.hand_kind,
        "mask": C.mask, "from_mask": C.from_mask, "format_card": C.format_card,
        "format_cards": C.format_cards, "high": pyeval.high, "razz": pyeval.razz,
        "low8": pyeval.low8, "high7": lambda x: pyeval.high7(x, 1, 2, 3, 4, 5, 6),
        "describe": pyeval.describe, "category": pyeval.category,
        "category_name": pyeval.category_name,
        "winners hands": lambda x: pyeval.winners(x, "2c 7d 9h"),
        "winners board": lambda x: pyeval.winners(["AcAd", "KhKs"], x),
        "winners rule": lambda x: pyeval.winners(["AcAd", "KhKs"], "2c 7d 9h", x),
        "values hands": lambda x: pyeval.values(x),
        "best_hand hole": lambda x: pyeval.best_hand(x, "2c 7d 9h"),
        "best_hand board": lambda x: pyeval.best_hand("AcAd", x),
        "best_hand min_hole": lambda x: pyeval.best_hand("AcAd", "2c 7d 9h", x),
        "best_hand low": lambda x: pyeval.best_hand("AcAd", "2c 7d 9h", 0, None, x),
        "omaha_high hole": lambda x: pyeval.omaha_high(x, "2c 7d 9h"),
        "omaha_high board": lambda x: pyeval.omaha_high("AcAdKsKh", x),
        "high_batch": pyeval.high_batch,
        "high_batch out": lambda x: pyeval.high_batch(b7, out=x),
        "omaha_high_batch": lambda x: pyeval.omaha_high_batch(
            x, np.zeros((1, 5), np.uint8) + b7[:, :5]),
        "best_hand_batch": lambda x: pyeval.best_hand_batch(x, None),
        "best_hand_batch low": lambda x: pyeval.best_hand_batch(b7, None, low=x),
        "deal dead": lambda x: pyeval.deal(3, 2, dead=x),
        "deal seed": lambda x: pyeval.deal(3, 2, seed=x),
        "deal k": lambda x: pyeval.deal(3, x),
    }


#: one-number ranks the evaluators return (16 bits)
RANKED = ("high", "razz", "low8", "high7")
_CARDISH = ["As", "Kd", "10h", "t♥", "A", "Ahh", "**", "random", "AsAs", "As Kd Qh Jc Ts 9s 8s 7s",
            "high", "razz", "8", "", "AcAd", "2c 7d 9h", "AhKhQhJhTh", "Ks7d2c4h9s"]
_TEXT = "AKQJT98765432shdc♠♥*? ,x0\x00é²１\udcff"


def hostile_atom(rng: Any) -> Any:
    """One hostile leaf: a number, text, bytes, a card string or a numpy array."""
    import numpy as np
    r = rng.randrange(10)
    if r == 0:
        return rng.choice([None, True, False, object(), ..., float("nan"), float("inf"), -0.0])
    if r == 1:
        return rng.choice([rng.randrange(-3, 61), rng.randrange(-2**70, 2**70)])
    if r == 2:
        return rng.choice([rng.uniform(-60, 60), 2.0, 1e308])
    if r in (3, 4):
        return rng.choice(_CARDISH)
    if r == 5:
        return "".join(rng.choice(_TEXT) for _ in range(rng.randrange(13)))
    if r == 6:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(9)))
    shape = tuple(rng.randrange(9) for _ in range(rng.randrange(4)))
    dtype = rng.choice([np.uint8, np.int8, np.int64, np.uint64, np.float64, np.bool_, "<U2", object])
    size = int(np.prod(shape)) if shape else 1
    vals = [rng.choice([rng.randrange(-3, 60), 0, 51, 255]) for _ in range(size)]
    if dtype == "<U2":
        vals = [rng.choice(["As", "Kd", "x", "", "10"]) for _ in range(size)]
    if dtype in ("<U2", object):
        return np.array(vals, dtype=dtype).reshape(shape)
    return np.array(vals, dtype=np.int64).astype(dtype).reshape(shape)   # ints wrap


def hostile_value(rng: Any, depth: int = 0) -> Any:
    """A hostile value: a leaf, or (up to three deep) a list, tuple, dict or frozenset of
    them."""
    r = rng.random()
    if depth >= 3 or r < 0.55:
        return hostile_atom(rng)
    k = rng.randrange(10)
    if r < 0.8:
        return [hostile_value(rng, depth + 1) for _ in range(k)]
    if r < 0.88:
        return (hostile_value(rng, depth + 1), hostile_value(rng, depth + 1))
    if r < 0.95:
        return {"".join(rng.choice(_TEXT) for _ in range(rng.randrange(4))):
                hostile_value(rng, depth + 1) for _ in range(k % 4)}
    return frozenset(rng.randrange(-2, 61) for _ in range(k))


def cards_case(rng: Any, surface: dict[str, Callable[[Any], Any]] | None = None) -> Case:
    """One cards-surface function given one hostile value; an evaluator's rank must be a
    16-bit whole number, and a refusal's message must not be one from inside Python."""
    surface = surface or card_surface()
    name = rng.choice(sorted(surface))
    x = hostile_value(rng)
    fn = surface[name]

    def run() -> None:
        try:
            got = fn(x)
        except (ValueError, TypeError) as e:
            if INSIDE_MESSAGES.search(str(e)):
                raise AssertionError(f"an unclear {type(e).__name__}: {e}") from None
            raise
        if name in RANKED:
            assert isinstance(got, int) and 0 <= got < 1 << 16, got
    return Case(run, (), {}, f"{name}({x!r})"[:2000])


# ---- every surface, n generated inputs, in one process (the slow lane and the bench script) ----

#: the surfaces of issue 40's check, in its order
SURFACES = ("ranges", "rules", "phh", "structure", "cards", "equity", "icm", "cli", "sim")


class Tally(NamedTuple):
    """What ``n`` generated inputs of one surface gave: counts by kind (ok, refused,
    finding) and the first findings (the error and the input)."""

    counts: dict[str, int]
    findings: list[str]


def fuzz_surface(surface: str, n: int, seed: int, folder: Path, *,
                 equity_budget: float = 0.01, keep: int = 20) -> Tally:
    """Classify ``n`` inputs of ``surface`` generated from ``seed`` (the same inputs every
    run). ``folder``: where the CLI's files are written. ``equity_budget``: the longest time
    limit a generated equity call gets (seconds). Ranges and equity are judged by
    :mod:`pyeval.equity.fuzz` (a result's values, and its time limit), the others by
    :func:`classify`."""
    import random
    import warnings
    rng = random.Random(f"{seed}-{surface}")
    make = _case_maker(surface, folder)
    counts = {"ok": 0, "refused": 0, "finding": 0}
    findings: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(n):
            if surface in ("ranges", "equity"):
                kind, detail, label = _equity_surface(surface, rng, equity_budget)
            else:
                case = make(rng)
                out = classify(case.fn, *case.args, **case.kwargs)
                kind, detail, label = out.kind, out.detail, case.label
            counts[kind] += 1
            if kind == "finding" and len(findings) < keep:
                findings.append(f"{detail}\n    <- {label[:500]}")
    return Tally(counts, findings)


def _case_maker(surface: str, folder: Path) -> Callable[[Any], Case]:
    if surface == "cli":
        files = cli_files(folder)
        return lambda rng: cli_case(rng, files)
    if surface == "structure":
        texts = _example_texts()
        return lambda rng: structure_case(rng, texts)
    if surface == "sim":
        from pyeval.tournament.structure import load_structure
        structures = {n: load_structure(n) for n in ("club_3000", "hands_100k_stud")}
        return lambda rng: sim_case(rng, structures)
    if surface == "cards":
        cards = card_surface()
        return lambda rng: cards_case(rng, cards)
    if surface in ("ranges", "equity"):
        return lambda rng: Case(int, (), {}, "")    # judged by pyeval.equity.fuzz
    return {"rules": rules_case, "phh": phh_case, "icm": icm_case}[surface]


def _equity_surface(surface: str, rng: Any, budget: float) -> tuple[str, str, str]:
    from pyeval.equity import fuzz as F
    if surface == "ranges":
        text = F.range_text(rng)
        v, label = F.run_range_text(text, rng), text
    else:
        call = F.equity_call(rng, budget)
        v, label = F.run_equity_call(call), repr(call)
    kind = {F.OK: "ok", F.REFUSED: "refused"}.get(v.kind, "finding")
    return kind, f"{v.kind}: {v.note}", label
