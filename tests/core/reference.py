"""Reference evaluators for the cross-checks, written from the rule sheets' definitions and
independent of pyeval (nothing here imports it).

* ``high5_key``, ``razz5_key`` and ``low8_5_key`` order ONE five-card hand, in plain Python.
* ``best(cards, kind)`` and ``best_limited(hole, board, kind, min_hole, max_hole)`` try every
  allowed five-card subset with itertools (slow; for small samples and doctests).
* ``Eval5(kind)`` tabulates the dense rank of every five-card *class* (rank multiset x
  suited-or-not) with the plain-Python key, so that numpy can rank five-card hands by table
  lookup; ``best_of(hole, board, ev, min_hole, max_hole)`` then takes, row by row, the
  maximum over every allowed five-card subset. This is what the million-deal checks use.

Dense ranks are "higher is better" for all three kinds; for 8-or-better, 0 = no low.

>>> high5_key([48, 44, 40, 36, 32]) > high5_key([12, 8, 4, 0, 48])   # broadway > wheel
True
>>> razz5_key([48, 1, 6, 11, 15]) < razz5_key([1, 7, 8, 12, 16])    # A-2-3-4-5 < 2-3-4-5-6
True
>>> low8_5_key([24, 1, 2, 3, 4]) is None    # paired: no low
True
>>> ev = Eval5("high")
>>> import numpy as np
>>> ev.n_classes, int(ev(np.array([[48, 44, 40, 36, 32]]))[0])   # royal flush is the top
(7462, 7462)
>>> int(best_of(np.array([[48, 49]]), np.array([[50, 51, 0, 4, 9]]), ev)[0]) > ev.n_classes - 10 - 156
True
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(1, 10)
_SHAPE_CATEGORY = {(1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR,
                   (3, 1, 1): TRIPS, (3, 2): FULL_HOUSE, (4, 1): QUADS}
# ace-to-five: no pair is best, then one pair, two pair, trips, full house, quads
_LOW_SHAPE_ORDER = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
                    (3, 2): 4, (4, 1): 5}
WHEEL = (12, 3, 2, 1, 0)   # A-5-4-3-2 as ranks (2 = 0 ... A = 12)

Key = tuple


def _groups(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts, ranks) with the ranks ordered by how many of them, then by rank, both
    descending: 3-3-J-9-8 -> ((2, 1, 1, 1), (1, 9, 7, 6))."""
    cnt = Counter(ranks)
    order = sorted(cnt, key=lambda r: (cnt[r], r), reverse=True)
    return tuple(cnt[r] for r in order), tuple(order)


def high5_key(hand: Sequence[int]) -> Key:
    """Order of a five-card high hand: a larger key is a better hand, equal keys tie."""
    assert len(hand) == 5 and len(set(hand)) == 5, hand
    counts, order = _groups([c >> 2 for c in hand])
    flush = len({c & 3 for c in hand}) == 1
    top = None
    if counts == (1, 1, 1, 1, 1):
        if order[0] - order[4] == 4:
            top = order[0]
        elif order == WHEEL:
            top = 3   # the wheel is a five-high straight
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, (top,))
    if flush:
        return (FLUSH, order)
    return (_SHAPE_CATEGORY[counts], order)


def ace_low(rank: int) -> int:
    """Rank with aces low: A = 0, 2 = 1, ..., K = 12."""
    return 0 if rank == 12 else rank + 1


def razz5_key(hand: Sequence[int]) -> Key:
    """Ace-to-five order of five cards (razz): a SMALLER key is a better low. Straights and
    flushes do not count; pairs do: fewer and smaller groups first, then ranks from the top."""
    assert len(hand) == 5 and len(set(hand)) == 5, hand
    counts, order = _groups([ace_low(c >> 2) for c in hand])
    return (_LOW_SHAPE_ORDER[counts], order)


def low8_5_key(hand: Sequence[int]) -> Key | None:
    """8-or-better: five distinct ranks from A to 8, compared from the top down (SMALLER is
    better), or None when the five cards do not qualify."""
    assert len(hand) == 5 and len(set(hand)) == 5, hand
    ranks = sorted({ace_low(c >> 2) for c in hand}, reverse=True)
    if len(ranks) < 5 or ranks[0] > 7:
        return None
    return tuple(ranks)


def _better(kind: str) -> Callable[[Key, Key], bool]:
    if kind == "high":
        return lambda a, b: a > b
    return lambda a, b: a < b


KEYS = {"high": high5_key, "razz": razz5_key, "low8": low8_5_key}


def best_limited(hole: Sequence[int], board: Sequence[int], kind: str = "high",
                 min_hole: int = 0, max_hole: int | None = None) -> Key | None:
    """Best key of any five cards made of k hole cards and 5 - k board cards,
    min_hole <= k <= max_hole; None when no such hand (or, for low8, no qualifying low)."""
    key, better = KEYS[kind], _better(kind)
    mx = len(hole) if max_hole is None else max_hole
    best = None
    for k in range(min_hole, min(mx, 5) + 1):
        for h in itertools.combinations(hole, k):
            for b in itertools.combinations(board, 5 - k):
                v = key(h + b)
                if v is not None and (best is None or better(v, best)):
                    best = v
    return best


def best(cards: Sequence[int], kind: str = "high") -> Key | None:
    """Best key of any five of the cards."""
    return best_limited(tuple(cards), (), kind, 0, None)


# ------------------------------------------------------------------------ numpy by table

POW5 = 5 ** np.arange(13, dtype=np.int64)


def _class_ids(hands: np.ndarray) -> np.ndarray:
    """Class of each five-card row: 2 * (sum of 5^rank) + (all one suit)."""
    r = hands >> 2
    s = hands & 3
    rank_key = POW5[r].sum(axis=1)
    suited = np.all(s == s[:, :1], axis=1)
    return rank_key * 2 + suited


class Eval5:
    """Dense rank of every five-card hand of one kind ("high", "razz", "low8") by class,
    computed once with the plain-Python key. ``ev(hands)`` ranks an (N, 5) array."""

    def __init__(self, kind: str) -> None:
        key = KEYS[kind]
        reps: dict[int, tuple[int, ...]] = {}
        for ranks in itertools.combinations_with_replacement(range(13), 5):
            if max(Counter(ranks).values()) > 4:
                continue
            # one representative per class: suits 0, 1, 2, 3 within a rank (never a flush
            # unless all five ranks differ and we ask for it)
            used = Counter()
            plain = []
            for r in ranks:
                plain.append(4 * r + used[r])
                used[r] += 1
            if len(set(ranks)) == 5:
                plain[-1] = 4 * ranks[-1] + 1          # four clubs and a diamond
                reps[self._id(plain)] = tuple(plain)
                suited = [4 * r for r in ranks]     # all clubs
                reps[self._id(suited)] = tuple(suited)
            else:
                reps[self._id(plain)] = tuple(plain)
        keys = {cid: key(hand) for cid, hand in reps.items()}
        distinct = sorted({k for k in keys.values() if k is not None})
        if kind == "high":
            rank_of = {k: i + 1 for i, k in enumerate(distinct)}
        else:
            rank_of = {k: len(distinct) - i for i, k in enumerate(distinct)}
        self.kind = kind
        self.n_classes = len(distinct)
        self.ids = np.array(sorted(keys), dtype=np.int64)
        self.ranks = np.array([0 if keys[c] is None else rank_of[keys[c]] for c in self.ids],
                              dtype=np.int64)
        self.key_of_rank = {v: k for k, v in rank_of.items()}

    @staticmethod
    def _id(hand: Sequence[int]) -> int:
        return int(_class_ids(np.array([hand], dtype=np.int64))[0])

    def __call__(self, hands: np.ndarray) -> np.ndarray:
        ids = _class_ids(np.asarray(hands, dtype=np.int64))
        pos = np.searchsorted(self.ids, ids)
        pos = np.minimum(pos, len(self.ids) - 1)
        if not np.array_equal(self.ids[pos], ids):
            raise ValueError("Eval5: a row is not a five-card hand of distinct cards")
        return self.ranks[pos]


def best_of(hole: np.ndarray, board: np.ndarray | None, ev: Eval5, min_hole: int = 0,
            max_hole: int | None = None, chunk: int = 250_000) -> np.ndarray:
    """Row by row, the best dense rank over every five cards made of k hole and 5 - k board
    cards, min_hole <= k <= max_hole (0 where no such hand)."""
    hole = np.asarray(hole)
    if board is None:
        board = np.zeros((len(hole), 0), dtype=hole.dtype)
    board = np.asarray(board)
    nh, nb = hole.shape[1], board.shape[1]
    mx = nh if max_hole is None else max_hole
    splits = [(h, b) for k in range(min_hole, min(mx, 5) + 1)
              for h in itertools.combinations(range(nh), k)
              for b in itertools.combinations(range(nb), 5 - k)]
    out = np.zeros(len(hole), dtype=np.int64)
    for lo in range(0, len(hole), chunk):
        H, B = hole[lo:lo + chunk], board[lo:lo + chunk]
        best_ = out[lo:lo + chunk]
        for h, b in splits:
            five = np.concatenate([H[:, list(h)], B[:, list(b)]], axis=1)
            np.maximum(best_, ev(five), out=best_)
    return out
