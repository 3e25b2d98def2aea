"""Bad input on every public function (hypothesis): unknown tokens, repeated cards, wrong
counts, wrong dtypes, wrong shapes, cards above 51 in batch rows. Each must raise a
ValueError or TypeError whose message names the problem (and, in a batch, a row that really
has it), never anything else, never a crash; valid input must give the single-hand values.
``check=False`` must survive any uint8 array of an allowed shape."""
from __future__ import annotations

import re

import numpy as np
import pytest
from fuzz_budget import within_budget
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyeval

SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

TOKENS = r"unknown card ['\"].+['\"] in"
REPEAT = r"appears twice|repeats card|both in the hole and on the board|dealt twice"
RANGE = r"outside 0\.\.51"
COUNT = r"expected .*cards, got \d+|at most 16|needs 5 cards|expected 1 to 7 cards"
SHAPE = r"expected shape \(N, [\d|]+\), got \(.*\)|expected a 1-d array"
DTYPE = r"dtype|integers \(uint8\)|not \w+"
ROWS = r"\d+ hole rows but \d+ board rows"
LIMITS = r"min_hole <= max_hole|low must be|must be an integer"
PATTERNS = {"token": TOKENS, "repeat": REPEAT, "range": RANGE, "count": COUNT, "shape": SHAPE,
            "rows": ROWS, "limits": LIMITS, "dtype": DTYPE}


def raises_clean(fn, *args, allowed: str, **kw):
    """Call fn; if it raises, the error must be a ValueError/TypeError whose message
    matches ``allowed``. Returns the result, or the exception."""
    try:
        r = fn(*args, **kw)
    except (ValueError, TypeError) as e:
        assert re.search(allowed, str(e)), f"{fn.__name__}: unclear message {e!r}"
        kind = next((name for name, pat in PATTERNS.items() if re.search(pat, str(e))), "?")
        event(f"{fn.__name__}: {type(e).__name__} ({kind})")
        return e
    event(f"{fn.__name__}: valid")
    return r


def problems(cards: list[int]) -> set[str]:
    found = set()
    if any(not 0 <= c <= 51 for c in cards):
        found.add("range")
    if len({c for c in cards if 0 <= c <= 51}) < len([c for c in cards if 0 <= c <= 51]):
        found.add("repeat")
    return found


# ------------------------------------------------------------------ text and single cards

VALID_TOKENS = [r + s for r in ("2", "9", "T", "t", "10", "J", "q", "K", "A", "a")
                for s in ("c", "D", "h", "s", "♣", "♦", "♥", "♠")]
CARD_TEXT = st.text(alphabet="23456789TJQKAtjqka10cdhsCDHS♣♦♥♠ ,;xZ!é\t'\"", max_size=30) | \
    st.builds("".join, st.lists(st.sampled_from(VALID_TOKENS + [" ", ", ", ";", "\t"] * 4),
                                max_size=12))


@SETTINGS
@given(CARD_TEXT)
def test_cards_text(text):
    r = raises_clean(pyeval.cards, text, allowed=f"{TOKENS}|{REPEAT}")
    if isinstance(r, np.ndarray):
        assert r.dtype == np.uint8 and len(set(r.tolist())) == len(r)
        assert pyeval.cards(pyeval.format_cards(r)).tolist() == r.tolist()
        m = re.findall(r"(10|[2-9tjqka])([cdhs♣♦♥♠])", text, flags=re.I)
        assert len(m) == len(r)


@SETTINGS
@given(st.one_of(st.integers(), st.text(max_size=6), st.floats(), st.none(), st.booleans(),
                 st.lists(st.integers(0, 51), max_size=3), st.binary(max_size=3)))
def test_card(x):
    r = raises_clean(pyeval.card, x, allowed=f"{TOKENS}|{RANGE}|exactly one card|"
                                              r"a card is a string or an int")
    if isinstance(r, int):
        assert 0 <= r <= 51


@SETTINGS
@given(st.lists(st.integers(-300, 300), max_size=20), st.sampled_from(["list", "int64",
                                                                       "uint8", "strs"]))
def test_cards_sequences(vals, form):
    if form == "uint8":
        vals = [v % 256 for v in vals]
        spec = np.array(vals, dtype=np.uint8)
    elif form == "int64":
        spec = np.array(vals, dtype=np.int64)
    elif form == "strs":
        spec = [pyeval.format_card(v) if 0 <= v <= 51 else str(v) for v in vals]
    else:
        spec = vals
    r = raises_clean(pyeval.cards, spec, allowed=f"{RANGE}|{REPEAT}|{TOKENS}|"
                                                 "expected exactly one card")
    if isinstance(r, np.ndarray):
        assert r.tolist() == vals and not problems(vals)
    else:
        assert problems(vals) or form == "strs"


@SETTINGS
@given(hnp.arrays(st.sampled_from([np.float64, np.bool_, np.complex128, np.uint8]),
                  hnp.array_shapes(min_dims=0, max_dims=3, max_side=4)))
def test_cards_arrays_of_wrong_kind(arr):
    r = raises_clean(pyeval.cards, arr, allowed=f"{DTYPE}|{SHAPE}|{RANGE}|{REPEAT}")
    if isinstance(r, np.ndarray):
        assert arr.ndim == 1 and arr.dtype == np.uint8


# ------------------------------------------------------------------ single-hand evaluators

HAND = st.lists(st.integers(-3, 60), max_size=18) | st.builds(
    lambda p, n: p[:n], st.permutations(range(52)), st.integers(0, 18))


@SETTINGS
@given(HAND, st.sampled_from(["high", "razz", "low8"]))
def test_single_hand_evaluators(hand, kind):
    fn = getattr(pyeval, kind)
    r = raises_clean(fn, hand, allowed=f"{RANGE}|{REPEAT}|{COUNT}")
    bad = problems(hand)
    if isinstance(r, Exception):
        msg = str(r)
        assert bad or len(hand) == 0 or len(hand) > 16, msg
        if re.search(RANGE, msg):
            assert "range" in bad
        if re.search(REPEAT, msg):
            assert "repeat" in bad
        return
    assert not bad and 1 <= len(hand) <= 16
    assert isinstance(r, int) and r >= 0
    if len(hand) <= 7:
        batch = getattr(pyeval, f"{kind}_batch")
        assert r == int(batch(np.array([hand], dtype=np.uint8))[0])
    else:
        low = {"high": None, "razz": "razz", "low8": "8"}[kind]
        assert r == pyeval.best_hand(hand, "", low=low)


@SETTINGS
@given(st.lists(st.integers(-2, 55), max_size=8), st.lists(st.integers(-2, 55), max_size=7),
       st.sampled_from(["omaha_high", "omaha_low8"]), st.permutations(range(52)), st.booleans())
def test_omaha_single(hole, board, name, deck, valid):
    if valid:   # half the time: distinct cards, counts as drawn
        hole, board = deck[:len(hole)], deck[len(hole):len(hole) + len(board)]
    r = raises_clean(getattr(pyeval, name), hole, board, allowed=f"{RANGE}|{REPEAT}|{COUNT}")
    if not isinstance(r, Exception):
        assert len(hole) in (4, 5, 6) and len(board) in (3, 4, 5)
        assert not problems(hole + board)
        assert r == pyeval.best_hand(hole, board, 2, 2, low=None if name == "omaha_high" else "8")


@SETTINGS
@given(st.lists(st.integers(-2, 55), max_size=9), st.lists(st.integers(-2, 55), max_size=9),
       st.one_of(st.none(), st.integers(-2, 8)), st.one_of(st.none(), st.integers(-2, 8)),
       st.sampled_from([None, "razz", "8", "bad"]), st.permutations(range(52)), st.booleans())
def test_best_hand(hole, board, lo, hi, low, deck, valid):
    if valid:
        hole, board = deck[:len(hole)], deck[len(hole):len(hole) + len(board)]
    kw = {"low": low}
    if lo is not None:
        kw["min_hole"] = lo
    if hi is not None or lo is not None:
        kw["max_hole"] = hi
    r = raises_clean(pyeval.best_hand, hole, board,
                     allowed=f"{RANGE}|{REPEAT}|{COUNT}|{LIMITS}", **kw)
    if not isinstance(r, Exception):
        assert not problems(hole + board) and low != "bad" and len(hole) + len(board) >= 5
        assert isinstance(r, int) and 0 <= r < 1 << 16


# ------------------------------------------------------------------ batch forms

DTYPES = st.sampled_from([np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64,
                          np.uint64, np.float64, np.bool_, np.float32, np.dtype(">i4")])


@st.composite
def card_matrices(draw, widths=range(0, 10)):
    """(N, k) integer arrays of cards: all rows valid, or some rows with cards out of range
    or repeated; and, one time in ten, any array at all."""
    mode = draw(st.integers(0, 9))
    if mode == 0:
        return draw(hnp.arrays(DTYPES, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0,
                                                        max_side=8)))
    n = draw(st.integers(0, 6))
    k = draw(st.sampled_from(list(widths)))
    dtype = draw(st.sampled_from([np.uint8] * 4 + [np.int64, np.int16, np.uint16, np.int8]))
    rows = []
    for _ in range(n):
        if mode <= 5 or draw(st.booleans()):      # a valid row
            rows.append(draw(st.permutations(range(52)))[:k])
        else:
            lo = max(int(np.iinfo(dtype).min), -300)
            hi = min(int(np.iinfo(dtype).max), 300)
            rows.append(draw(st.lists(st.integers(lo, hi) | st.integers(0, 51),
                                      min_size=k, max_size=k)))
    arr = np.array(rows, dtype=dtype).reshape(n, k)
    if draw(st.booleans()) and n > 1:
        arr = arr[::-1]                  # not C-contiguous
    return arr


def check_batch_error(e: Exception, arrays: list[np.ndarray], widths: tuple) -> None:
    """The error names a real problem of the input."""
    msg = str(e)
    if isinstance(e, TypeError):
        assert any(a.dtype.kind not in "iu" for a in arrays), msg
        return
    m = re.search(r"row (\d+)", msg)
    if re.search(SHAPE, msg):
        assert any(a.ndim != 2 or a.shape[1] not in widths for a in arrays), msg
    elif re.search(ROWS, msg):
        assert len({a.shape[0] for a in arrays}) > 1
    elif m:
        i = int(m.group(1))
        row = [int(v) for a in arrays for v in a[i]]
        if re.search(RANGE, msg):
            assert "range" in problems(row), msg
        else:
            assert re.search(REPEAT, msg) and "repeat" in problems(row), msg
    elif re.search(RANGE, msg):
        assert any("range" in problems(a.ravel().tolist()) for a in arrays), msg
    else:
        assert re.search(COUNT, msg), msg


@SETTINGS
@given(card_matrices(), st.sampled_from(["high", "razz", "low8"]))
@pytest.mark.slow
def test_batch_evaluators(arr, kind):
    batch = getattr(pyeval, f"{kind}_batch")
    widths = tuple(range(1, 8))
    r = raises_clean(batch, arr, allowed=f"{RANGE}|{REPEAT}|{SHAPE}|{DTYPE}")
    if isinstance(r, Exception):
        check_batch_error(r, [np.asarray(arr)], widths)
        return
    assert arr.ndim == 2 and arr.shape[1] in widths
    assert r.shape == (arr.shape[0],)
    single = getattr(pyeval, kind)
    assert r.tolist() == [single([int(v) for v in row]) for row in arr]


@st.composite
def hole_board_pairs(draw, hole_widths, board_widths):
    """(hole, board) arrays: independent matrices, or whole deals split in two, sometimes
    with one card spoiled (out of range, or a copy of another card of the row)."""
    if draw(st.integers(0, 3)) == 0:
        return draw(card_matrices(hole_widths)), draw(card_matrices(board_widths))
    n = draw(st.integers(0, 5))
    nh, nb = draw(st.sampled_from(list(hole_widths))), draw(st.sampled_from(list(board_widths)))
    rows = [draw(st.permutations(range(52)))[:nh + nb] for _ in range(n)]
    d = np.array(rows, dtype=np.int64).reshape(n, nh + nb)
    if n and nh + nb > 1 and draw(st.booleans()):
        i, j, k = draw(st.integers(0, n - 1)), draw(st.integers(0, nh + nb - 1)), \
            draw(st.integers(0, nh + nb - 1))
        d[i, j] = draw(st.integers(52, 255)) if j == k else d[i, k]
    dtype = draw(st.sampled_from([np.uint8, np.uint8, np.int64, np.int16]))
    return d[:, :nh].astype(dtype), d[:, nh:].astype(dtype)


@SETTINGS
@given(hole_board_pairs([4, 5, 6] * 3 + [2, 3, 7], [3, 4, 5] * 3 + [2, 6]),
       st.sampled_from(["omaha_high_batch", "omaha_low8_batch", "omaha_hilo_batch"]))
@pytest.mark.slow
def test_omaha_batches(pair, name):
    hole, board = pair
    r = raises_clean(getattr(pyeval, name), hole, board,
                     allowed=f"{RANGE}|{REPEAT}|{SHAPE}|{DTYPE}|{ROWS}")
    if isinstance(r, Exception):
        h, b = np.asarray(hole), np.asarray(board)
        msg = str(r)
        if re.search(SHAPE, msg):
            which = h if "hole" in msg.split(":")[0] else b
            widths = (4, 5, 6) if which is h else (3, 4, 5)
            assert which.ndim != 2 or which.shape[1] not in widths, msg
        else:
            check_batch_error(r, [h, b], (4, 5, 6, 3))
        return
    for i in range(hole.shape[0]):
        h, b = [int(v) for v in hole[i]], [int(v) for v in board[i]]
        hi, lo = pyeval.omaha_high(h, b), pyeval.omaha_low8(h, b)
        got = r if name != "omaha_hilo_batch" else r[0]
        if name == "omaha_high_batch":
            assert got[i] == hi
        elif name == "omaha_low8_batch":
            assert got[i] == lo
        else:
            assert r[0][i] == hi and r[1][i] == lo


@SETTINGS
@given(hole_board_pairs(list(range(0, 10)) + [16, 17], list(range(0, 8)) + [16, 17]),
       st.booleans(), st.integers(-1, 6), st.one_of(st.none(), st.integers(-1, 8)),
       st.sampled_from([None, "razz", "8", "hi"]))
@pytest.mark.slow
def test_best_hand_batch(pair, no_board, lo, hi, low):
    hole, board = pair
    if no_board:
        hole, board = np.concatenate([hole, board], axis=1) if hole.ndim == board.ndim == 2 \
            and len(hole) == len(board) else hole, None
    r = raises_clean(pyeval.best_hand_batch, hole, board, lo, hi, low,
                     allowed=f"{RANGE}|{REPEAT}|{SHAPE}|{DTYPE}|{ROWS}|{COUNT}|{LIMITS}")
    if isinstance(r, Exception):
        return   # the messages are checked by pattern; rows are checked in the tests above
    b = np.zeros((hole.shape[0], 0), dtype=np.uint8) if board is None else board
    for i in range(hole.shape[0]):
        assert r[i] == pyeval.best_hand([int(v) for v in hole[i]], [int(v) for v in b[i]],
                                        lo, hi, low)


# ------------------------------------------------------------------ check=False

@SETTINGS
@given(st.integers(1, 7), st.binary(min_size=0, max_size=7 * 64))
def test_unchecked_batches_survive_any_bytes(k, raw):
    arr = np.frombuffer(raw[:len(raw) // k * k], dtype=np.uint8).reshape(-1, k)
    for batch in (pyeval.high_batch, pyeval.razz_batch, pyeval.low8_batch):
        out = batch(arr, check=False)
        assert out.shape == (len(arr),)


@SETTINGS
@given(st.sampled_from([4, 5, 6]), st.sampled_from([3, 4, 5]),
       st.binary(min_size=0, max_size=11 * 40))
def test_unchecked_omaha_survives_any_bytes(nh, nb, raw):
    n = len(raw) // (nh + nb)
    a = np.frombuffer(raw[:n * (nh + nb)], dtype=np.uint8).reshape(n, nh + nb)
    hole, board = a[:, :nh], a[:, nh:]
    hi, lo = pyeval.omaha_hilo_batch(hole, board, check=False)
    assert hi.shape == lo.shape == (n,)
    assert np.all(lo <= 56)


@SETTINGS
@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 5), st.integers(0, 9),
       st.sampled_from([None, "razz", "8"]), st.binary(min_size=0, max_size=18 * 20))
def test_unchecked_best_hand_survives_any_bytes(nh, nb, lo, hi, low, raw):
    assume(nh + nb >= 5 and lo <= hi)
    n = len(raw) // (nh + nb)
    a = np.frombuffer(raw[:n * (nh + nb)], dtype=np.uint8).reshape(n, nh + nb)
    if lo > nh:                                   # more hole cards required than dealt
        with pytest.raises(ValueError, match=LIMITS):
            pyeval.best_hand_batch(a[:, :nh], a[:, nh:], lo, hi, low, check=False)
        return
    out = pyeval.best_hand_batch(a[:, :nh], a[:, nh:], lo, hi, low, check=False)
    assert out.shape == (n,)


def test_extreme_bytes_and_big_unchecked_arrays():
    """Every byte value, all-equal rows (seven copies of one card, seven 255s) and a large
    random uint8 array: check=False survives; check=True names the first bad row."""
    rows = np.array([[b] * 7 for b in range(256)], dtype=np.uint8)
    for batch in (pyeval.high_batch, pyeval.razz_batch, pyeval.low8_batch):
        batch(rows, check=False)
        with pytest.raises(ValueError, match=r"row 0 repeats card '2c' \(0\)"):
            batch(rows)
        with pytest.raises(ValueError, match=r"row 0 has card 52, outside 0..51"):
            batch(rows[52:])
    rng = np.random.default_rng(0)
    junk = rng.integers(0, 256, size=(1_000_000, 7), dtype=np.uint8)
    for batch in (pyeval.high_batch, pyeval.razz_batch, pyeval.low8_batch):
        assert batch(junk, check=False).shape == (1_000_000,)
    hole, board = junk[:, :4].copy(), np.concatenate([junk[:, 4:], junk[:, :2]], axis=1)
    pyeval.omaha_hilo_batch(hole, board, check=False)
    pyeval.best_hand_batch(junk[:, :3], junk[:, 3:], 0, 2, check=False)


def test_empty_and_unusual_layouts():
    assert pyeval.high_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
    assert pyeval.omaha_hilo_batch(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8))[0] \
        .shape == (0,)
    d = np.arange(52, dtype=np.uint8)[:49].reshape(7, 7)
    assert np.array_equal(pyeval.high_batch(d.T), pyeval.high_batch(np.ascontiguousarray(d.T)))
    assert np.array_equal(pyeval.high_batch(d.astype(">i8")), pyeval.high_batch(d))
    ro = d.copy()
    ro.flags.writeable = False
    assert np.array_equal(pyeval.high_batch(ro), pyeval.high_batch(d))
    assert pyeval.high_batch(d.tolist()).tolist() == pyeval.high_batch(d).tolist()
    with pytest.raises(ValueError, match=r"expected shape \(N, 1\|2\|3\|4\|5\|6\|7\), got \(7,\)"):
        pyeval.high_batch(d[0])
    with pytest.raises(TypeError, match="dtype float64"):
        pyeval.high_batch(d.astype(float))
    with pytest.raises(ValueError, match="3 hole rows but 2 board rows"):
        pyeval.omaha_high_batch(d[:3, :4], d[:2, :5])


# ------------------------------------------------------------------ names, masks, winners

@SETTINGS
@given(st.integers(0, (1 << 16) - 1) | st.sampled_from([0, 1, 56, 57, 4096, 0x9000, 0xFFFF]),
       st.sampled_from(["high", "razz", "low8", "8", "low", "badugi"]))
def test_describe_any_16_bit_value(value, kind):
    r = raises_clean(pyeval.describe, value, kind,
                     allowed=r"is not a (high hand|razz) value|is not an 8-or-better value|"
                             r"kind must be")
    if isinstance(r, str):
        assert r
        if kind == "high":
            assert pyeval.category(value) == value >> 12
            assert pyeval.category_name(value) in pyeval.CATEGORY_NAMES + ("Royal Flush",)
    elif kind == "high":
        for fn in (pyeval.category, pyeval.category_name):
            raises_clean(fn, value, allowed=r"is not a high hand value")


@SETTINGS
@given(st.integers(-(1 << 70), 1 << 70) | st.integers(-5, 60))
def test_format_card_and_masks(x):
    r = raises_clean(pyeval.format_card, x, allowed=RANGE)
    if isinstance(r, str):
        assert pyeval.card(r) == x
    r = raises_clean(pyeval.from_mask, x, allowed=r"bits outside 0\.\.51")
    if isinstance(r, np.ndarray):
        assert pyeval.mask(r) == x


@SETTINGS
@given(st.lists(st.lists(st.integers(-1, 53), max_size=7), max_size=4),
       st.lists(st.integers(-1, 53), max_size=6),
       st.sampled_from(["high", "holdem", "razz", "low8", "omaha", "omaha_low8", "stud"]))
def test_winners(hands, board, rule):
    r = raises_clean(pyeval.winners, hands, board, rule=rule,
                     allowed=f"{RANGE}|{REPEAT}|{COUNT}|unknown rule|{LIMITS}|"
                             r"no hands given")
    if isinstance(r, list):
        assert all(0 <= i < len(hands) for i in r)


def test_winners_without_hands_names_the_problem():
    with pytest.raises(ValueError, match="hand"):
        pyeval.winners([], "2c 3c 4c 5c 7d")


# ------------------------------------------------------------------ issue 13 regressions

def test_huge_max_hole_means_every_hole_card() -> None:
    d = np.array([[51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8)
    hole, board = d[:, :2].copy(), d[:, 2:].copy()
    want = pyeval.best_hand_batch(hole, board, 0, None)
    assert np.array_equal(pyeval.best_hand_batch(hole, board, 0, 10**12), want)
    assert pyeval.best_hand("As Ks", "Qs Js Ts 2c 3d", 0, 10**30) == pyeval.high(
        "As Ks Qs Js Ts")
    with pytest.raises(ValueError, match="min_hole <= max_hole"):
        pyeval.best_hand_batch(hole, board, 10**12, None)


def test_more_hole_cards_required_than_dealt_is_refused() -> None:
    with pytest.raises(ValueError, match=r"min_hole=3 but there are only 2 hole cards"):
        pyeval.best_hand("As Ks", "Qs Js Ts 2c 3d", min_hole=3, max_hole=9)
    hole = np.array([[51, 47]], np.uint8)
    board = np.array([[43, 39, 35, 0, 5]], np.uint8)
    with pytest.raises(ValueError, match=r"min_hole=3 but there are only 2 hole cards"):
        pyeval.best_hand_batch(hole, board, 3, 9)
    # limits these cards cannot meet, but that are legal: no five-card hand, 0 (Crocodile,
    # at most one hole card, on a three-card board)
    assert pyeval.best_hand("As Ks", "Qs Js Ts", 0, 1) == 0


@pytest.mark.parametrize("bad", [1.5, "2", None])
def test_limits_must_be_integers(bad) -> None:
    if bad is None:      # None is allowed for max_hole only
        with pytest.raises(TypeError, match="min_hole must be an integer"):
            pyeval.best_hand("As Ks", "Qs Js Ts 2c", bad, 2)
        return
    with pytest.raises(TypeError, match="min_hole must be an integer"):
        pyeval.best_hand("As Ks", "Qs Js Ts 2c", bad, 2)
    with pytest.raises(TypeError, match="max_hole must be an integer or None"):
        pyeval.best_hand_batch(np.array([[51, 47]], np.uint8),
                               np.array([[43, 39, 35, 0]], np.uint8), 0, bad)
    assert pyeval.best_hand("As Ks", "Qs Js Ts 2c", np.int64(0), np.uint8(2)) == pyeval.high(
        "As Ks Qs Js Ts")


# ------------------------------------------------------------------ time-bounded fuzzing

FUZZ_BUDGET = 15.0          # seconds of the test's own time, whatever the example count

BATCH_FUNCS = {
    "high_batch": lambda a, b, lo, hi: pyeval.high_batch(a),
    "razz_batch": lambda a, b, lo, hi: pyeval.razz_batch(a),
    "low8_batch": lambda a, b, lo, hi: pyeval.low8_batch(a),
    "omaha_hilo_batch": lambda a, b, lo, hi: pyeval.omaha_hilo_batch(a, b),
    "best_hand_batch": lambda a, b, lo, hi: pyeval.best_hand_batch(a, b, lo, hi),
}


@settings(max_examples=800, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(BATCH_FUNCS)),
       st.sampled_from([np.uint8, np.int64, np.int8, np.float64, np.uint16, np.bool_]),
       hnp.arrays(np.int64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=9),
                  elements=st.integers(-3, 300)),
       hnp.arrays(np.int64, hnp.array_shapes(min_dims=2, max_dims=2, max_side=7),
                  elements=st.integers(-3, 60)),
       st.one_of(st.integers(-(2**70), 2**70), st.integers(-1, 6)),
       st.one_of(st.none(), st.integers(-(2**70), 2**70), st.integers(-1, 8)))
@pytest.mark.slow
@within_budget(FUZZ_BUDGET)
def test_batch_api_fuzz_within_a_time_budget(name, dtype, a, b, lo, hi) -> None:
    """Any array, shape, dtype and limit: a clean error or values equal to the single-hand
    functions (the budget bounds the test's time; the example count bounds hypothesis)."""
    a = a.astype(dtype)                     # wraps or truncates: any bytes at all
    try:
        r = BATCH_FUNCS[name](a, b, lo, hi)
    except (ValueError, TypeError) as e:
        assert re.search(f"{RANGE}|{REPEAT}|{SHAPE}|{DTYPE}|{ROWS}|{COUNT}|{LIMITS}", str(e)), e
        return
    vals = r if isinstance(r, tuple) else (r,)
    for v in vals:
        assert v.dtype == np.uint16 and v.shape == (a.shape[0],)
    for i in range(min(a.shape[0], 3)):
        row = [int(x) for x in a[i]]
        if name == "best_hand_batch":
            assert r[i] == pyeval.best_hand(row, [int(x) for x in b[i]], lo, hi)
        elif name == "omaha_hilo_batch":
            brow = [int(x) for x in b[i]]
            assert (r[0][i], r[1][i]) == (pyeval.omaha_high(row, brow),
                                          pyeval.omaha_low8(row, brow))
        else:
            single = {"high_batch": pyeval.high, "razz_batch": pyeval.razz,
                      "low8_batch": pyeval.low8}[name]
            assert r[i] == single(row)
