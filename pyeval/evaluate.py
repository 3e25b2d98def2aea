"""Hand values, one hand at a time or a numpy array at a time.

Every function returns an unsigned integer where **higher is better** and equal values tie.
High values carry their category in ``value >> 12`` (see :mod:`pyeval.describe`); razz and
8-or-better are ace-to-five lows, 8-or-better returning 0 when no low qualifies.

>>> high("As Ks Qs Js Ts") > high("9h 9d 9c 9s Ah")
True
>>> low8("Ah 2c 3d 4h 5s Kc Kd") == 56, low8("9c 9d Kh Qs Jc 2c 3d")
(True, 0)
"""
from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import cast

import numpy as np

from pyeval import h7_loop
from pyeval._native import ffi, lib
from pyeval.cards import CardsLike, cards, format_card

KINDS = {None: 0, "high": 0, "razz": 1, "low": 1, "8": 2, "low8": 2}

__all__ = [
    "best_hand",
    "best_hand_batch",
    "high",
    "high7",
    "high_batch",
    "low8",
    "low8_batch",
    "omaha_high",
    "omaha_high_batch",
    "omaha_high_loop",
    "omaha_hilo_batch",
    "omaha_low8",
    "omaha_low8_batch",
    "omaha_low8_loop",
    "razz",
    "razz_batch",
]


def _kind(low: object, what: str) -> int:
    """The evaluator code of ``low`` (None high, "razz"/"low" razz, "8"/"low8" 8-or-better)."""
    if (low is None or isinstance(low, str)) and low in KINDS:
        return KINDS[low]
    raise ValueError(f"{what}: low must be None, 'razz' or '8', not {_show(low)}")


def _show(x: object) -> str:
    r = repr(x)
    return r if len(r) <= 40 else r[:37] + "..."


def _ptr(a: np.ndarray):
    return ffi.cast("uint8_t *", ffi.from_buffer(a))


def _single(c: CardsLike, what: str, sizes: tuple[int, ...] = tuple(range(1, 8))) -> np.ndarray:
    return cards(c, sizes, what=what)


def _general(c: CardsLike, one, low: str | None) -> int:
    """One hand through the C function ``one`` (up to 7 cards) or the hole-limit search."""
    a = cards(c, what="hand")
    if len(a) == 0:
        raise ValueError("hand: expected 1 to 7 cards (or more, best five), got 0")
    if len(a) <= 7:
        return int(one(_ptr(a), len(a)))
    return best_hand(a, "", 0, None, low=low)


_LOW_CARDS = lib.PE_LOW_CARDS
_VALUE = _LOW_CARDS - 1
_ONE = lib.pe_one
_ONE_TEXT = lib.pe_one_text
_NDARRAY = np.ndarray


_CARD0 = lib.PE_CARD0
_CARD1 = lib.PE_CARD1


def _has_bool(c: tuple | list, v: int) -> bool:
    """Whether the cards C found valid (so no card twice) hold False or True read as card 0
    or 1 (flagged in ``v``)."""
    return bool((v & _CARD0 and c[c.index(0)] is False) or (v & _CARD1 and c[c.index(1)] is True))


def _one_hand(kind: int, seven) -> Callable[[Callable[[CardsLike], int]], Callable[[CardsLike], int]]:
    """Decorates the general single-hand function of one kind (0 high, 1 razz, 2 low8) with
    its fast path: 1 to 7 cards given as a tuple or list of ints, ASCII text or a uint8
    array are checked (count, range, repeats) and valued in one C call (csrc/single.c;
    ``seven`` takes seven ints); anything else, or anything that call refuses, runs the
    decorated function, which reads every other form (8 or more cards too) and words the
    error. The fast path is a closure, so that a call is one Python frame."""

    def wrap(general: Callable[[CardsLike], int]) -> Callable[[CardsLike], int]:
        def value(c: CardsLike) -> int:
            t = type(c)
            if t is tuple or t is list:
                try:  # seven ints as seven C ints, cheaper than bytes(c)
                    v = seven(*c) if len(c) == 7 else _ONE(bytes(c), len(c), kind)  # type: ignore[arg-type]
                except (TypeError, ValueError, OverflowError):
                    v = -1
                if 0 <= v < _LOW_CARDS or (v >= 0 and not _has_bool(c, v)):  # type: ignore[arg-type]
                    return v & _VALUE
            elif t is str:
                if c.isascii():  # type: ignore[union-attr]
                    v = _ONE_TEXT(c.encode(), len(c), kind)  # type: ignore[union-attr,arg-type]
                    if v >= 0:
                        return v
            elif t is _NDARRAY and c.ndim == 1 and c.dtype.char == "B":  # type: ignore[union-attr]
                v = _ONE(c.tobytes(), len(c), kind)  # type: ignore[union-attr,arg-type]
                if v >= 0:
                    return v & _VALUE
            return general(c)

        return functools.wraps(general)(value)

    return wrap


def high7(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int, c6: int) -> int:
    """High value of the seven cards given as ints, checked (0..51, no repeats) in one C
    call: the fastest way to value hands one at a time from Python; use it in loops.
    Anything else, or a bad card, gets :func:`high`'s answer or error.

    >>> high7(51, 47, 43, 39, 35, 0, 1) == high("As Ks Qs Js Ts 2c 2d")
    True
    """
    try:
        v = _HIGH7(c0, c1, c2, c3, c4, c5, c6)
    except (TypeError, ValueError, OverflowError):   # cffi's conversion: general path says
        v = -1
    if 0 <= v < _LOW_CARDS or (v >= 0 and not _has_bool((c0, c1, c2, c3, c4, c5, c6), v)):
        return v & _VALUE
    return high((c0, c1, c2, c3, c4, c5, c6))


_HIGH7 = lib.pe_high7_checked


@_one_hand(0, lib.pe_high7_checked)
def high(c: CardsLike) -> int:
    """High value of 1 to 7 cards (the best five; fewer than five rank as partial hands,
    e.g. stud up cards). 8 or more cards: best five of them. Cards as text, a tuple or list
    of ints, or a uint8 array; for seven ints in a loop, :func:`high7` is the fastest call.

    >>> high("Kc Qd Jh Th 9s") > high("Tc 9d 8h 7h 6s")
    True
    >>> high((51, 47, 43, 39, 35)) == high("As Ks Qs Js Ts")
    True
    """
    return _general(c, lib.pe_high, None)


@_one_hand(1, lib.pe_razz7_checked)
def razz(c: CardsLike) -> int:
    """Ace-to-five low of 1 to 7 cards (razz order: aces low, straights and flushes ignored,
    pairs count against; every hand has a value).

    >>> razz("2c 4d 5h 6s 7c") > razz("Ac 2d 4h 6s 8c")
    True
    """
    return _general(c, lib.pe_razz, "razz")


@_one_hand(2, lib.pe_low87_checked)
def low8(c: CardsLike) -> int:
    """Ace-to-five low with the 8-or-better qualifier: 0 = no low, 56 = A-2-3-4-5,
    1 = 8-7-6-5-4.

    >>> low8("8c 7d 6h 5s 4c"), low8("Ac 2d 3h 4s 5s")
    (1, 56)
    """
    return _general(c, lib.pe_low8, "8")


def _omaha_args(hole: CardsLike, board: CardsLike) -> tuple[np.ndarray, np.ndarray]:
    h = cards(hole, (4, 5, 6), what="Omaha hole cards")
    b = cards(board, (3, 4, 5), what="Omaha board")
    _no_overlap(h, b)
    return h, b


def _no_overlap(h: np.ndarray, b: np.ndarray) -> None:
    both = set(h.tolist()) & set(b.tolist())
    if both:
        c = format_card(min(both))
        raise ValueError(f"card {c!r} is both in the hole and on the board")


def _omaha(hole: CardsLike, board: CardsLike, low: int, general: Callable[..., int]) -> int:
    """Omaha high (``low`` 0) or 8-or-better low (1): ASCII text or tuples/lists of ints
    checked and valued in one C call; anything else, or anything that call refuses, by the
    checked general path and ``general``, its C function (``pe_omaha_high``/``_low8``)."""
    th, tb = type(hole), type(board)
    if th is str and tb is str:
        hs, bs = cast(str, hole), cast(str, board)
        if hs.isascii() and bs.isascii():
            v = int(_OMAHA_TEXT(hs.encode(), len(hs), bs.encode(), len(bs), low))
            if v >= 0:
                return v
    elif (th is tuple or th is list) and (tb is tuple or tb is list):
        hl, bl = cast(list, hole), cast(list, board)
        try:
            v = int(_OMAHA(bytes(hl), len(hl), bytes(bl), len(bl), low))
        except (TypeError, ValueError):
            v = -1
        # card 0 or 1 among them (rare): a scan for a bool, which the general path refuses
        if 0 <= v < _LOW_CARDS or (v >= 0 and not any(type(x) is bool for x in [*hl, *bl])):
            return v & _VALUE
    h, b = _omaha_args(hole, board)
    return int(general(_ptr(h), len(h), _ptr(b), len(b)))


_OMAHA = lib.pe_omaha_one
_OMAHA_TEXT = lib.pe_omaha_one_text
_OMAHA_HIGH = lib.pe_omaha_high
_OMAHA_LOW8 = lib.pe_omaha_low8


def omaha_high(hole: CardsLike, board: CardsLike) -> int:
    """Omaha high: exactly two of the 4, 5 or 6 hole cards and three of the board.

    >>> from pyeval import describe
    >>> describe(omaha_high("As Ah Ks Qh", "Ad Kd Kc 7s 9h"))
    'Full House, Aces full of Kings'
    """
    return _omaha(hole, board, 0, _OMAHA_HIGH)


def omaha_low8(hole: CardsLike, board: CardsLike) -> int:
    """Omaha 8-or-better low (two hole cards, three board cards); 0 = no low.

    >>> from pyeval import describe
    >>> describe(omaha_low8("As 2h Ks Kh", "3d 4d 8c 7s 9h"), "low8")
    '7-4-3-2-A low'
    """
    return _omaha(hole, board, 1, _OMAHA_LOW8)


def omaha_high_loop(hole: CardsLike, board: CardsLike) -> int:
    """Omaha high by trying every two-plus-three choice (reference for tests and benchmarks)."""
    h, b = _omaha_args(hole, board)
    return int(lib.pe_omaha_high_loop(_ptr(h), len(h), _ptr(b), len(b)))


def omaha_low8_loop(hole: CardsLike, board: CardsLike) -> int:
    """Omaha low by trying every two-plus-three choice (reference)."""
    h, b = _omaha_args(hole, board)
    return int(lib.pe_omaha_low8_loop(_ptr(h), len(h), _ptr(b), len(b)))


def _limits(min_hole: object, max_hole: object, nh: int, nb: int, what: str) -> tuple[int, int]:
    """Checks the hole-usage limits against nh hole cards (nb board cards); returns them
    with ``max_hole`` capped at nh (``None``, or any larger number, means every hole card).
    Requiring more hole cards than dealt is refused; limits the cards could meet with
    another board are not (no five-card hand then gives 0)."""
    try:
        lo = operator.index(min_hole)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what}: min_hole must be an integer, not {min_hole!r}") from None
    if max_hole is None:
        hi = nh
    else:
        try:
            hi = operator.index(max_hole)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{what}: max_hole must be an integer or None, "
                            f"not {max_hole!r}") from None
    if not 0 <= lo <= hi:
        raise ValueError(f"{what}: need 0 <= min_hole <= max_hole, got min_hole={min_hole}, "
                         f"max_hole={max_hole}")
    hi = min(hi, nh)
    if lo > nh:
        raise ValueError(f"{what}: min_hole={lo} but there are only {nh} hole cards "
                         f"(need 0 <= min_hole <= max_hole, min_hole <= {nh})")
    return lo, hi


def best_hand(hole: CardsLike, board: CardsLike = "", min_hole: int = 0,
              max_hole: int | None = None, low: str | None = None) -> int:
    """Best five-card hand from hole + board using at least ``min_hole`` and at most
    ``max_hole`` hole cards (``None``: all may be used). ``low``: ``None`` for high,
    ``"razz"`` for ace-to-five, ``"8"`` for 8-or-better. Returns 0 when no five-card hand
    satisfies the limits; requiring more hole cards than there are (``min_hole`` above the
    hole count) raises ``ValueError``, and a ``max_hole`` above it means every hole card.

    Tahoe (3 hole, at most 2): ``best_hand(hole, board, 0, 2)``; Crocodile: ``(0, 1)``;
    the high-hand pool: ``min_hole=1``; Omaha: ``(2, 2)``.

    >>> best_hand("As Ah Ad", "Ac Kc Kd 2h 3s", 0, 2) < high("As Ah Ad Ac Kc Kd 2h 3s")
    True
    >>> best_hand("As Ah", "Ac Kc Kd 2h 3s", 3, 9)
    Traceback (most recent call last):
    ...
    ValueError: best_hand: min_hole=3 but there are only 2 hole cards (need 0 <= min_hole <= max_hole, min_hole <= 2)
    """
    kind = _kind(low, "best_hand")
    h = cards(hole, what="hole cards")
    b = cards(board, what="board")
    _no_overlap(h, b)
    if len(h) > 16 or len(b) > 16:
        raise ValueError("at most 16 hole and 16 board cards")
    if len(h) + len(b) < 5:
        raise ValueError(f"a five-card hand needs 5 cards, got {len(h) + len(b)}")
    lo, mx = _limits(min_hole, max_hole, len(h), len(b), "best_hand")
    return int(lib.pe_best(_ptr(h), len(h), _ptr(b), len(b), lo, mx, kind))


# ---------------------------------------------------------------------------------- batch


def _matrix(arr, what: str, widths: tuple[int, ...]) -> np.ndarray:
    try:
        a = np.asarray(arr)
    except (ValueError, TypeError, OverflowError, UnicodeError):
        # ragged nesting, bytes that are not text, a number past 64 bits
        raise TypeError(f"{what}: expected an integer (uint8) array of cards, got a "
                        f"{type(arr).__name__} that is not one (rows of equal length of card "
                        "numbers 0-51)") from None
    if a.dtype.kind not in "iu":
        raise TypeError(f"{what}: expected an integer (uint8) array of cards, got dtype {a.dtype}")
    if a.ndim != 2 or a.shape[1] not in widths:
        want = "|".join(str(w) for w in widths)
        raise ValueError(f"{what}: expected shape (N, {want}), got {a.shape}")
    if a.dtype != np.uint8:
        if a.size and (a.min() < 0 or a.max() > 51):
            bad = a[(a < 0) | (a > 51)][0]
            raise ValueError(f"{what}: card {bad} is outside 0..51")
        a = a.astype(np.uint8)
    return np.ascontiguousarray(a)


def _raise_bad_row(what: str, i: int, *rows: np.ndarray) -> None:
    vals = [int(v) for r in rows for v in r]
    for v in vals:
        if v > 51:
            raise ValueError(f"{what}: row {i} has card {v}, outside 0..51")
    seen: set[int] = set()
    for v in vals:
        if v in seen:
            raise ValueError(f"{what}: row {i} repeats card {format_card(v)!r} ({v})")
        seen.add(v)
    raise ValueError(f"{what}: row {i} is not a valid hand")  # pragma: no cover


def _out(out: np.ndarray | None, n: int, what: str) -> np.ndarray:
    if out is None:
        return np.empty(n, dtype=np.uint16)
    if not isinstance(out, np.ndarray) or out.dtype != np.uint16 or out.shape != (n,) \
            or not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"{what}: out must be a writeable contiguous uint16 array of shape ({n},)")
    return out


def _batch(fn, arr, what: str, check: bool, out: np.ndarray | None) -> np.ndarray:
    a = _matrix(arr, what, tuple(range(1, 8)))
    if a.shape[1] == 7 and fn is lib.pe_high_batch:
        h7_loop.ensure_chosen()   # the fastest 7-card loop on this machine, once per process
    out = _out(out, a.shape[0], what)
    o = ffi.cast("uint16_t *", ffi.from_buffer(out))
    bad = fn(_ptr(a), a.shape[0], a.shape[1], o, int(bool(check)))
    if bad >= 0:
        _raise_bad_row(what, bad, a[bad])
    return out


def high_batch(arr: np.ndarray, check: bool = True,
               out: np.ndarray | None = None) -> np.ndarray:
    """High values of an (N, k) array of cards, k = 1..7 (5, 6, 7 for full hands), as uint16.

    ``check=False`` skips the per-row check for cards above 51 and repeats: bad rows then
    give meaningless values, but nothing is read outside a table. ``out``: a uint16 array of
    shape (N,) to write into (saves allocating one per call in a loop).

    >>> import numpy as np
    >>> high_batch(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8)) >> 12
    array([9, 5], dtype=uint16)
    """
    return _batch(lib.pe_high_batch, arr, "high_batch", check, out)


def razz_batch(arr: np.ndarray, check: bool = True,
               out: np.ndarray | None = None) -> np.ndarray:
    """Razz values of an (N, k) array of cards, k = 1..7."""
    return _batch(lib.pe_razz_batch, arr, "razz_batch", check, out)


def low8_batch(arr: np.ndarray, check: bool = True,
               out: np.ndarray | None = None) -> np.ndarray:
    """8-or-better low values of an (N, k) array of cards (0 = no low)."""
    return _batch(lib.pe_low8_batch, arr, "low8_batch", check, out)


def _omaha_batch(hole, board, want_high: bool, want_low: bool, check: bool,
                 what: str) -> tuple[np.ndarray | None, np.ndarray | None]:
    h = _matrix(hole, f"{what} hole", (4, 5, 6))
    b = _matrix(board, f"{what} board", (3, 4, 5))
    if h.shape[0] != b.shape[0]:
        raise ValueError(f"{what}: {h.shape[0]} hole rows but {b.shape[0]} board rows")
    n = h.shape[0]
    hi = np.empty(n, dtype=np.uint16) if want_high else None
    lo = np.empty(n, dtype=np.uint16) if want_low else None
    hp = ffi.cast("uint16_t *", ffi.from_buffer(hi)) if hi is not None else ffi.NULL
    lp = ffi.cast("uint16_t *", ffi.from_buffer(lo)) if lo is not None else ffi.NULL
    bad = lib.pe_omaha_batch(_ptr(h), h.shape[1], _ptr(b), b.shape[1], n, hp, lp, int(check))
    if bad >= 0:
        _raise_bad_row(what, bad, h[bad], b[bad])
    return hi, lo


def omaha_high_batch(hole: np.ndarray, board: np.ndarray, check: bool = True) -> np.ndarray:
    """Omaha high values for (N, 4|5|6) hole cards against (N, 3|4|5) boards."""
    hi = _omaha_batch(hole, board, True, False, check, "omaha_high_batch")[0]
    assert hi is not None
    return hi


def omaha_low8_batch(hole: np.ndarray, board: np.ndarray, check: bool = True) -> np.ndarray:
    """Omaha 8-or-better low values for (N, 4|5|6) hole cards against (N, 3|4|5) boards."""
    lo = _omaha_batch(hole, board, False, True, check, "omaha_low8_batch")[1]
    assert lo is not None
    return lo


def omaha_hilo_batch(hole: np.ndarray, board: np.ndarray,
                     check: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Omaha high and 8-or-better low values together, in one pass."""
    hi, lo = _omaha_batch(hole, board, True, True, check, "omaha_hilo_batch")
    return hi, lo  # type: ignore[return-value]


def omaha_hilo_batch_loop(hole: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Omaha high and low by the plain loop over every two-plus-three choice, in C: the
    reference the fast path is tested and benchmarked against (rows are not checked)."""
    h = _matrix(hole, "omaha_hilo_batch_loop hole", (4, 5, 6))
    b = _matrix(board, "omaha_hilo_batch_loop board", (3, 4, 5))
    if h.shape[0] != b.shape[0]:
        raise ValueError(f"{h.shape[0]} hole rows but {b.shape[0]} board rows")
    hi = np.empty(h.shape[0], dtype=np.uint16)
    lo = np.empty(h.shape[0], dtype=np.uint16)
    lib.pe_omaha_batch_loop(_ptr(h), h.shape[1], _ptr(b), b.shape[1], h.shape[0],
                            ffi.cast("uint16_t *", ffi.from_buffer(hi)),
                            ffi.cast("uint16_t *", ffi.from_buffer(lo)))
    return hi, lo


def best_hand_batch(hole: np.ndarray, board: np.ndarray | None, min_hole: int = 0,
                    max_hole: int | None = None, low: str | None = None,
                    check: bool = True) -> np.ndarray:
    """:func:`best_hand` over rows: (N, h) hole cards and (N, b) board cards."""
    kind = _kind(low, "best_hand_batch")
    h = _matrix(hole, "best_hand_batch hole", tuple(range(0, 17)))
    if board is None:
        board = np.zeros((h.shape[0], 0), dtype=np.uint8)
    b = _matrix(board, "best_hand_batch board", tuple(range(0, 17)))
    if h.shape[0] != b.shape[0]:
        raise ValueError(f"best_hand_batch: {h.shape[0]} hole rows but {b.shape[0]} board rows")
    if h.shape[1] + b.shape[1] < 5:
        raise ValueError("best_hand_batch: a five-card hand needs 5 cards per row")
    lo, mx = _limits(min_hole, max_hole, h.shape[1], b.shape[1], "best_hand_batch")
    out = np.empty(h.shape[0], dtype=np.uint16)
    bad = lib.pe_best_batch(_ptr(h), h.shape[1], _ptr(b), b.shape[1], h.shape[0],
                            lo, mx, kind,
                            ffi.cast("uint16_t *", ffi.from_buffer(out)), int(check))
    if bad >= 0:
        _raise_bad_row("best_hand_batch", bad, h[bad], b[bad])
    return out
