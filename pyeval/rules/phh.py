"""Hand histories in the PHH format (the TOML format pokerkit and the public hand datasets
use): read ``.phh`` (one hand) and ``.phhs`` (many, in tables ``[1]``, ``[2]``, ...), replay
them through the rules model, and write any pyeval hand as PHH.

Variants read (the games pyeval models): ``NT`` no-limit and ``FT`` fixed-limit Texas
Hold'em, ``PO`` pot-limit Omaha, ``FO/8`` fixed-limit Omaha Hi/Lo, ``F7S`` 7 Card Stud,
``F7S/8`` 7 Card Stud Hi/Lo and ``FR`` Razz (fixed limit). Other variants are refused by
name (:data:`REFUSED`).

How a record maps onto a :class:`~pyeval.rules.hand.Hand`: player ``p1`` is seat 0 and so on,
the last player has the button (heads-up: ``p2`` is the button and posts the small blind, as
pokerkit reads it). ``blinds_or_straddles``: small blind, big blind, then straddles under
the gun (or one by the button); a negative entry is a live post by a player out of position
(a player coming in posts the big blind); a lone first entry is a big blind with a dead
small blind. ``antes``: equal for everybody, or only the big blind's (a big-blind ante), or
only the button's. The big-blind ante is taken before the blind (PHH and pokerkit do that:
``bb_ante_order="ante_first"``). Amounts with decimals (online cash games) are replayed in
hundredths (or the finest unit the record uses): ``Replay.scale``. Cards nobody saw
(``????``) are unknown cards; a player whose cards are unknown at showdown mucks; shown
cards (``p1 sm AhKh``) fill in the unknown ones. The showdown follows the record (a player
who shows, one who mucks); a player the record does not mention shows what is known.

>>> text = '''variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 AhAd', 'd dh p2 ????', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 6', 'p2 f']
... finishing_stacks = [102, 98, 100]'''
>>> r = replay(loads(text)[0])
>>> r.hand.result.stacks
{0: 102, 1: 98, 2: 100}
>>> print(dumps(r.hand).splitlines()[0])
variant = 'NT'
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pyeval.rules.betting import MAX_CHIPS, Action, IllegalAction, Limit, Structure, order_from
from pyeval.rules.deck import UNKNOWN, Deck, format_known
from pyeval.rules.hand import Hand, HistoryError
from pyeval.rules.table import Positions

VARIANTS: dict[str, tuple[str, Limit]] = {
    "NT": ("Texas Hold'em", Limit.NO_LIMIT),
    "FT": ("Texas Hold'em", Limit.FIXED_LIMIT),
    "PO": ("Omaha", Limit.POT_LIMIT),
    "FO/8": ("Omaha Hi/Lo", Limit.FIXED_LIMIT),
    "F7S": ("7 Card Stud", Limit.FIXED_LIMIT),
    "F7S/8": ("7 Card Stud Hi/Lo", Limit.FIXED_LIMIT),
    "FR": ("Razz", Limit.FIXED_LIMIT),
}
"""PHH variant code -> (rules game name, limit)."""

REFUSED = {
    "NS": "no-limit short-deck (6+) hold'em",
    "N2L1D": "no-limit 2-7 lowball single draw",
    "F2L3D": "fixed-limit 2-7 lowball triple draw",
    "FB": "fixed-limit badugi",
}
"""PHH variants pyeval does not model, with their names."""

CLASSES = {
    "variant": "a variant pyeval does not model (REFUSED)",
    "incomplete": "the record is incomplete: it ends before the hand is over, or cards "
                  "needed at showdown are missing (board cards, or every contender's hole "
                  "cards so that who won is not recorded)",
    "forced_bets": "a layout of antes or blinds pyeval does not model (uneven antes, blinds "
                   "out of order)",
    "malformed": "the text is not a PHH record: bad TOML, a missing or mistyped field, an "
                 "unreadable action or card, cards that repeat",
    "illegal": "an action the rules do not allow at that point (the wrong player, an "
               "amount outside the limits)",
    "mismatch": "the replay ends with stacks other than the record's finishing_stacks",
}
"""Why a record is refused: :attr:`PHHError.kind` is one of these."""

_ACTION = re.compile(r"^(?:d (dh) p(\d+) (\S+)|d (db) (\S+)|p(\d+) (f|cc|cbr|pb|sm|sd)"
                     r"(?: (\S+))?)$")


class PHHError(HistoryError):
    """A PHH record that cannot be read or replayed. ``kind``: one of :data:`CLASSES`;
    the message names the hand (file and index), the action and what was expected."""

    def __init__(self, name: str, kind: str, message: str):
        super().__init__(f"{name}: {message}")
        self.kind = kind
        self.name = name
        self.message = message

    def __reduce__(self) -> tuple[type[PHHError], tuple[str, str, str]]:
        # picklable as it was made (replays are passed between processes)
        return (type(self), (self.name, self.kind, self.message))


@dataclass(frozen=True)
class Record:
    """One hand of a PHH file: ``name`` (``file`` or ``file:index``) and its fields as read
    (decimal amounts as :class:`~decimal.Decimal`)."""

    name: str
    fields: Mapping[str, Any]


@dataclass
class Replay:
    """A record replayed: the :class:`Hand`, ``scale`` (chips per PHH unit), the
    record's player names by seat and ``deep_seats``: seats whose stack the record does not
    know (``inf``), replayed deeper than every chip the record moves."""

    record: Record
    hand: Hand
    scale: int
    players: tuple[str, ...]
    deep_seats: frozenset[int] | set[int] = frozenset()

    def stacks(self) -> list[Decimal]:
        """Final stacks in the record's units, in player order."""
        assert self.hand.result is not None
        st = self.hand.result.stacks
        return [Decimal(st[s]) / self.scale for s in sorted(st)]


# ------------------------------------------------------------------------------ reading

def loads(text: str, name: str = "<text>") -> list[Record]:
    """Records from PHH text: one hand, or a ``.phhs`` collection of tables ``[1]``, ...

    >>> [r.name for r in loads("[1]\\nvariant = 'NT'\\n[2]\\nvariant = 'FT'", "x.phhs")]
    ['x.phhs:1', 'x.phhs:2']
    """
    if not isinstance(text, str):
        raise PHHError(name, "malformed", f"PHH text is a str, got {type(text).__name__}")
    try:
        d = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as e:
        raise PHHError(name, "malformed", f"not valid TOML: {e}") from None
    except RecursionError:       # tomllib reads nested arrays recursively
        raise PHHError(name, "malformed", "arrays or tables nested too deeply for a hand "
                                          "history") from None
    if d and all(isinstance(v, dict) for v in d.values()) and "variant" not in d:
        return [Record(f"{name}:{k}", v) for k, v in d.items()]
    return [Record(name, d)]


def load(path: str | Path) -> list[Record]:
    """Records from a ``.phh`` or ``.phhs`` file (UTF-8)."""
    p = Path(path)
    try:
        text = p.read_bytes().decode("utf-8")
    except OSError as e:
        raise PHHError(str(p), "malformed", f"cannot read the file: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise PHHError(str(p), "malformed", f"not UTF-8 text (byte {e.start}); PHH files are "
                                            "UTF-8") from None
    return loads(text, str(p))


def _field(rec: Record, key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in rec.fields:
        raise PHHError(rec.name, "malformed", f"missing field {key!r} ({what})")
    v = rec.fields[key]
    if not isinstance(v, kind) or isinstance(v, bool):
        raise PHHError(rec.name, "malformed", f"field {key!r} must be {what}, got {v!r}")
    return v


def _amounts(rec: Record, key: str, n: int | None, default: Any = None) -> list:
    if key not in rec.fields and default is not None:
        return list(default)
    v = _field(rec, key, (list, int, Decimal), "a number or a list of numbers")
    vals = v if isinstance(v, list) else [v] * (n or 1)
    for x in vals:
        if not isinstance(x, (int, Decimal)) or isinstance(x, bool):
            raise PHHError(rec.name, "malformed", f"field {key!r} holds {x!r}, not a number")
    if n is not None and len(vals) != n:
        raise PHHError(rec.name, "malformed", f"field {key!r} has {len(vals)} entries for "
                                              f"{n} players" if n != 1 else
                       f"field {key!r} must be one number, got {v!r}")
    return vals


def _scale(rec: Record, values: Sequence[Any]) -> int:
    k = 0
    for x in values:
        if isinstance(x, Decimal):
            if not x.is_finite():
                raise PHHError(rec.name, "malformed", f"an amount is {x}")
            e = x.normalize().as_tuple().exponent
            if isinstance(e, int) and e < 0:
                k = max(k, -e)
    if k > 4:
        raise PHHError(rec.name, "malformed", "amounts finer than 1/10000 of a chip")
    return 10 ** k


def _chips(rec: Record, x: Any, scale: int, what: str, allow_zero: bool = True) -> int:
    if type(x) is int and 0 < x * scale <= MAX_CHIPS:
        return x * scale
    try:
        v = Decimal(x) * scale
    except (InvalidOperation, TypeError, ValueError):
        raise PHHError(rec.name, "malformed", f"{what} must be a number, got {x!r}") from None
    if not v.is_finite() or v != v.to_integral_value() or abs(v) > MAX_CHIPS:
        raise PHHError(rec.name, "malformed", f"{what} {x} is not a whole amount in the "
                                              f"record's units (at most {MAX_CHIPS})")
    out = int(v)
    if out < 0 or (out == 0 and not allow_zero):
        raise PHHError(rec.name, "malformed", f"{what} must be > 0, got {x}")
    return out


@dataclass
class _Act:
    index: int
    text: str
    dealer: str | None      # "dh" / "db" / None
    seat: int | None
    code: str | None        # f cc cbr pb sm sd
    arg: str | None


def _parse_actions(rec: Record, n: int) -> list[_Act]:
    raw = _field(rec, "actions", list, "a list of action strings")
    out = []
    for i, a in enumerate(raw):
        if not isinstance(a, str):
            raise PHHError(rec.name, "malformed", f"action {i} is {a!r}, not a string")
        text = a.split("#", 1)[0].strip()
        m = _ACTION.match(" ".join(text.split()))
        if m is None:
            raise PHHError(rec.name, "malformed", f"action {i} {a!r}: expected 'd dh pN CARDS', "
                                                  f"'d db CARDS' or 'pN f|cc|cbr AMOUNT|pb|sm "
                                                  f"[CARDS]|sd [CARDS]'")
        if m.group(1):
            act = _Act(i, a, "dh", int(m.group(2)) - 1, None, m.group(3))
        elif m.group(4):
            act = _Act(i, a, "db", None, None, m.group(5))
        else:
            act = _Act(i, a, None, int(m.group(6)) - 1, m.group(7), m.group(8))
            if act.code in ("f", "cc", "pb") and act.arg is not None:
                raise PHHError(rec.name, "malformed", f"action {i} {a!r}: {act.code} takes "
                                                      f"no argument")
            if act.code == "cbr" and act.arg is None:
                raise PHHError(rec.name, "malformed", f"action {i} {a!r}: cbr needs an amount")
        if act.seat is not None and not 0 <= act.seat < n:
            raise PHHError(rec.name, "malformed", f"action {i} {a!r}: there are players p1.."
                                                  f"p{n}")
        out.append(act)
    return out


def _cards(rec: Record, act: _Act) -> list[int]:
    from pyeval.rules.deck import _as_cards
    try:
        return _as_cards(act.arg or "", "cards", unknown_ok=True) if act.arg != "-" else []
    except (TypeError, ValueError) as e:
        raise PHHError(rec.name, "malformed", f"action {act.index} {act.text!r}: {e}") from None


def _ante_layout(rec: Record, antes: list[int], n: int) -> tuple[int, str]:
    nz = [i for i, a in enumerate(antes) if a]
    if not nz:
        return 0, "each"
    if len(nz) == n and len(set(antes)) == 1:
        return antes[0], "each"
    if len(nz) == 1:
        i = nz[0]
        # heads-up pokerkit takes player i's ante from antes[not i]
        poster = (1 - i) if n == 2 else i
        bb = 0 if n == 2 else 1
        if poster == bb:
            return antes[i], "big_blind"
        if poster == n - 1:
            return antes[i], "button"
    raise PHHError(rec.name, "forced_bets", f"antes {antes}: pyeval models antes from every "
                                            f"player, from the big blind or from the button")


def _blind_layout(rec: Record, blinds: list[int], n: int
                  ) -> tuple[Positions, int, int, tuple[int, ...], bool, dict[int, int]]:
    """(positions, small blind, big blind, straddles, button straddle, posts)."""
    btn = n - 1
    if n == 2:
        if any(b < 0 for b in blinds):
            raise PHHError(rec.name, "forced_bets", "heads-up posts out of position")
        sb, bb = blinds[0], blinds[1]
        if bb <= 0 or sb > bb:
            raise PHHError(rec.name, "forced_bets", f"blinds {blinds}: heads-up needs a small "
                                                    f"blind <= big blind > 0")
        return Positions(1, 1 if sb else None, 0), sb, bb, (), False, {}
    posts = {i: -b for i, b in enumerate(blinds) if b < 0}
    pos = [i for i, b in enumerate(blinds) if b > 0]
    vals = [blinds[i] for i in pos]
    if pos == [0]:
        return Positions(btn, None, 0), 0, vals[0], (), False, posts
    if pos == [1]:
        return Positions(btn, None, 1), 0, vals[0], (), False, posts
    if len(pos) >= 2 and pos[:2] == [0, 1] and vals[0] <= vals[1]:
        rest = pos[2:]
        if rest == list(range(2, 2 + len(rest))) and rest and rest[-1] < btn:
            return Positions(btn, 0, 1), vals[0], vals[1], tuple(vals[2:]), False, posts
        if rest == [btn]:
            return Positions(btn, 0, 1), vals[0], vals[1], (vals[2],), True, posts
        if not rest:
            return Positions(btn, 0, 1), vals[0], vals[1], (), False, posts
    raise PHHError(rec.name, "forced_bets", f"blinds_or_straddles {blinds}: pyeval models a "
                                            f"small and a big blind, straddles after them and "
                                            f"live posts")


def _setup(rec: Record) -> tuple[Hand, int, list[_Act], dict[int, str], set[int]]:
    code = _field(rec, "variant", str, "a PHH variant code such as 'NT'")
    if code in REFUSED:
        raise PHHError(rec.name, "variant", f"variant {code!r} ({REFUSED[code]}) is not a game "
                                            f"pyeval models; readable: {', '.join(VARIANTS)}")
    if code not in VARIANTS:
        raise PHHError(rec.name, "variant", f"unknown variant {code!r}; readable: "
                                            f"{', '.join(VARIANTS)}")
    game_name, limit = VARIANTS[code]
    raw_stacks = _amounts(rec, "starting_stacks", None)
    n = len(raw_stacks)
    if not 2 <= n <= 10:
        raise PHHError(rec.name, "malformed", f"{n} players: a hand takes 2..10")
    stud = game_name in ("7 Card Stud", "7 Card Stud Hi/Lo", "Razz")
    antes_raw = _amounts(rec, "antes", n, [0] * n)
    blinds_raw = [] if stud else _amounts(rec, "blinds_or_straddles", n)
    bet_keys = ("bring_in", "small_bet", "big_bet") if (stud or limit == Limit.FIXED_LIMIT) \
        else ("min_bet",)
    bets_raw = {k: _amounts(rec, k, 1)[0] for k in bet_keys
                if k != "bring_in" or stud}
    acts = _parse_actions(rec, n)
    amounts = [a.arg for a in acts if a.code == "cbr"]
    try:
        dec = [Decimal(a or "x") for a in amounts]
    except InvalidOperation:
        bad = next(a for a in acts if a.code == "cbr" and not _is_number(a.arg))
        raise PHHError(rec.name, "malformed", f"action {bad.index} {bad.text!r}: the amount is "
                                              f"not a number") from None
    finishing = rec.fields.get("finishing_stacks")
    fin_vals = finishing if isinstance(finishing, list) else []
    known = [x for x in raw_stacks if not (isinstance(x, Decimal) and x == Decimal("inf"))]
    scale = _scale(rec, [*known, *antes_raw, *blinds_raw, *bets_raw.values(), *dec,
                         *[x for x in fin_vals if isinstance(x, Decimal)]])
    # a stack the record does not know (inf) is replayed as one deeper than every chip
    # the record moves, so that nobody is all-in
    deep = sum(abs(Decimal(x)) for x in [*known, *antes_raw, *blinds_raw, *dec]) + 1
    stacks = {i: _chips(rec, deep if x not in known else x, scale,
                        f"starting stack of p{i + 1}", False)
              for i, x in enumerate(raw_stacks)}
    deep_seats = {i for i, x in enumerate(raw_stacks) if x not in known}
    antes = [_chips(rec, x, scale, "an ante") for x in antes_raw]
    ante, ante_by = _ante_layout(rec, antes, n)
    bets = {k: _chips(rec, v, scale, k) for k, v in bets_raw.items()}
    kw: dict[str, Any] = {}
    if stud:
        if ante_by != "each":
            raise PHHError(rec.name, "forced_bets", f"stud antes {antes_raw} are not equal")
        structure = Structure.stud(ante, bets["bring_in"], bets["small_bet"], bets["big_bet"])
        kw["button"] = n - 1
    else:
        blinds = [(-1 if x < 0 else 1) * _chips(rec, abs(x), scale, "a blind")
                  for x in blinds_raw]
        positions, sb, bb, straddles, on_button, posts = _blind_layout(rec, blinds, n)
        if ante_by == "big_blind" and positions.big_blind != (0 if n == 2 else 1):
            raise PHHError(rec.name, "forced_bets", "the big-blind ante is not posted by the "
                                                    "big blind")
        sx: dict[str, Any] = {"ante": ante, "ante_by": ante_by, "bb_ante_order": "ante_first",
                              "straddles": straddles, "button_straddle": on_button}
        try:
            if limit == Limit.FIXED_LIMIT:
                structure = Structure.fixed_limit(bets["small_bet"], bets["big_bet"],
                                                  small_blind=sb, big_blind=bb, **sx)
            else:
                structure = Structure(limit, sb, bb, small_bet=bets["min_bet"] or bb, **sx)
        except ValueError as e:
            raise PHHError(rec.name, "forced_bets", f"forced bets: {e}") from None
        kw["positions"] = positions
        kw["posts"] = posts
    hole, board, decisions = _cards_of(rec, acts, n, game_name)
    try:
        given = set(board) | {c for cs in hole.values() for c in cs}
        deck = Deck([c for c in range(52) if c not in given], 0, hole, board)
        hand = Hand(game_name, structure, stacks, deck=deck, showdown="ask", **kw)
    except IllegalAction as e:
        raise PHHError(rec.name, "illegal", f"set-up: {e}") from None
    except ValueError as e:
        kind = "malformed" if "twice" in str(e) or "card" in str(e) else "forced_bets"
        raise PHHError(rec.name, kind, f"set-up: {e}") from None
    return hand, scale, acts, decisions, deep_seats


def _is_number(s: str | None) -> bool:
    try:
        Decimal(s or "x")
        return True
    except InvalidOperation:
        return False


def _cards_of(rec: Record, acts: list[_Act], n: int, game_name: str
              ) -> tuple[dict[int, list[int]], list[int], dict[int, str]]:
    """Hole cards by seat (unknown ones filled in from the cards shown), the board, and
    each seat's showdown decision ("show" or "muck")."""
    from pyeval.rules.games import game
    g = game(game_name)
    hole: dict[int, list[int]] = {s: [] for s in range(n)}
    board: list[int] = []
    shown: dict[int, list[int]] = {}
    decisions: dict[int, str] = {}
    for a in acts:
        if a.dealer == "dh":
            assert a.seat is not None
            hole[a.seat].extend(_cards(rec, a))
        elif a.dealer == "db":
            cs = _cards(rec, a)
            if UNKNOWN in cs:
                raise PHHError(rec.name, "incomplete", f"action {a.index} {a.text!r}: board "
                                                       f"cards must be known")
            board.extend(cs)
        elif a.code == "sd":
            raise PHHError(rec.name, "malformed", f"action {a.index} {a.text!r}: "
                                                  f"{game_name} has no draw")
        elif a.code == "sm":
            assert a.seat is not None
            every = _cards(rec, a)
            cs = [c for c in every if c != UNKNOWN]
            if cs:
                shown[a.seat] = cs
                decisions[a.seat] = "show"
            else:    # "sm": mucked; "sm ????": shown, but the record has not the cards
                decisions.setdefault(a.seat, "unseen" if every else "muck")
    for s, cs in shown.items():
        have = hole[s]
        missing = [c for c in cs if c not in have]
        for i, c in enumerate(have):
            if c == UNKNOWN and missing:
                have[i] = missing.pop(0)
        if missing:
            raise PHHError(rec.name, "malformed", f"p{s + 1} shows {format_known(cs)}, which "
                                                  f"is not the hand dealt {format_known(have)}")
    if g.family == "holdem":
        for s in hole:
            hole[s].extend([UNKNOWN] * max(0, g.dealt_hole_cards - len(hole[s])))
    return {s: cs for s, cs in hole.items() if cs}, board, decisions


def _answer_showdown(hand: Hand, decisions: Mapping[int, str]) -> None:
    while hand.phase == "showdown":
        s = hand.to_act
        assert s is not None
        want = decisions.get(s, "show")
        hand.act("show" if want == "show" and UNKNOWN not in hand.down[s] else "muck")


def replay(rec: Record, check: bool = True) -> Replay:
    """Replay one record. With ``check``, a record with ``finishing_stacks`` must end with
    them (:class:`PHHError` of kind ``mismatch`` otherwise)."""
    if not isinstance(rec, Record):
        raise TypeError(f"replay takes a Record (from load or loads), got {type(rec).__name__}")
    hand, scale, acts, decisions, deep_seats = _setup(rec)
    for a in acts:
        if a.dealer is not None or a.code == "sm":
            continue
        if hand.phase == "showdown":
            _answer_showdown(hand, decisions)
        if hand.is_over:
            raise PHHError(rec.name, "illegal", f"action {a.index} {a.text!r} comes after the "
                                                f"hand is over")
        where = f"action {a.index} {a.text!r} ({hand.street_name})"
        if hand.to_act != a.seat:
            raise PHHError(rec.name, "illegal", f"{where}: p{(hand.to_act or 0) + 1} is to "
                                                f"act, not p{(a.seat or 0) + 1}")
        try:
            if a.code == "f":
                hand.act(Action("fold", seat=a.seat))
            elif a.code == "cc":
                rnd = hand.round
                owe = rnd is not None and rnd.current > hand.bets[a.seat or 0]
                hand.act(Action("call" if owe else "check", seat=a.seat))
            elif a.code == "pb":
                hand.act(Action("bring_in", seat=a.seat))
            else:
                legal = hand.legal()
                to = _chips(rec, a.arg, scale, f"{where}: the amount")
                if legal.raise_name and legal.min_to is not None and to < legal.min_to:
                    # a bet recorded as what the other players can still call (pokerkit
                    # caps it there) moves the same chips as the full bet, whose excess
                    # comes back uncalled
                    reach = max(hand.bets[q] + hand.stacks[q] for q in hand.live() if q != a.seat)
                    if to >= reach:
                        to = legal.min_to
                hand.act(Action(legal.raise_name or "raise", to=to, seat=a.seat))
        except IllegalAction as e:
            raise PHHError(rec.name, "illegal", f"{where}: {e}") from None
    _answer_showdown(hand, decisions)
    if not hand.is_over:
        unknown = " (its stacks are unknown: likely an all-in it cannot show)" \
            if deep_seats else ""
        raise PHHError(rec.name, "incomplete", f"the record ends before the hand is over "
                                               f"(p{(hand.to_act or 0) + 1} to act on the "
                                               f"{hand.street_name}){unknown}")
    assert hand.result is not None
    res = hand.result
    seen = {sh.seat for sh in res.shown}
    unseen = [s for s in res.mucked if decisions.get(s) != "muck"]
    if unseen and any(w not in seen for pa in res.pots for w in pa.awards if len(pa.pot.eligible) > 1):
        raise PHHError(rec.name, "incomplete", f"the record gives no cards for "
                                               f"{', '.join(f'p{s + 1}' for s in unseen)} at "
                                               f"showdown and none that win: who won is not "
                                               f"recorded")
    given = sum(len(a.arg or "") // 2 for a in acts if a.dealer == "db")
    if hand.result.shown and len(hand.board) > given:
        raise PHHError(rec.name, "incomplete", f"the showdown needs {len(hand.board)} board "
                                               f"cards, the record gives {given}")
    names = rec.fields.get("players")
    players = tuple(str(p) for p in names) if isinstance(names, list) and \
        len(names) == len(hand.seats) else tuple(f"p{s + 1}" for s in hand.seats)
    out = Replay(rec, hand, scale, players, deep_seats)
    fin = rec.fields.get("finishing_stacks")
    if check and fin is not None and not deep_seats:
        want = [_chips(rec, x, scale, "a finishing stack") for x in
                _amounts(rec, "finishing_stacks", len(hand.seats))]
        got = [hand.result.stacks[s] for s in hand.seats]
        if want != got:
            raise PHHError(rec.name, "mismatch", f"the replay ends with stacks "
                                                 f"{[str(x) for x in out.stacks()]}, the record "
                                                 f"says {[str(Decimal(x) / scale) for x in want]}")
    return out


# ------------------------------------------------------------------------------ writing

def variant_code(hand: Hand) -> str:
    """The PHH variant of a hand's game and limit (:class:`PHHError` when PHH has none)."""
    for code, (name, limit) in VARIANTS.items():
        if name == hand.game.name and limit == hand.structure.limit:
            return code
    raise PHHError("<hand>", "variant", f"PHH has no variant for {hand.structure.limit.value} "
                                        f"{hand.game.name}; writable: "
                                        f"{', '.join(f'{n} {lim.value}' for n, lim in VARIANTS.values())}")


def _toml(v: Any) -> str:
    if isinstance(v, str):
        return "'" + v + "'" if "'" not in v and "\n" not in v else \
            '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return str(v)


def dumps(hand: Hand, players: Sequence[str] | None = None) -> str:
    """A hand (finished or not) as PHH text that pokerkit reads back to the same stacks.

    Players are written clockwise from the button's left, the button last."""
    code = variant_code(hand)
    st = hand.structure
    order = list(order_from(hand.seats, hand.button))
    idx = {s: i for i, s in enumerate(order)}
    n = len(order)

    def posted_by(seat: int) -> int:
        """The list index PHH reads the forced bet of ``seat`` from."""
        return 1 - idx[seat] if n == 2 else idx[seat]

    antes = [0] * n
    blinds = [0] * n
    for ev in hand.events:
        kind = ev["event"]
        if kind == "ante":
            antes[posted_by(ev["seat"])] = st.ante
        elif kind in ("small_blind", "big_blind", "straddle"):
            blinds[posted_by(ev["seat"])] = {"small_blind": st.small_blind, "big_blind":
                                             st.big_blind}.get(kind, ev["amount"])
        elif kind == "post":
            blinds[posted_by(ev["seat"])] = -hand.posts[ev["seat"]]
    if st.ante_by == "big_blind" and st.bb_ante_order == "blind_first" and hand.positions:
        bbs = hand.positions.big_blind
        if hand.start_stacks[bbs] < st.ante + st.big_blind:
            raise PHHError("<hand>", "forced_bets", "PHH takes the big-blind ante before the "
                                                    "blind; this big blind was short and paid "
                                                    "the blind first")
    # uneven antes (big blind, button) must not be trimmed to the smallest one
    lines = [f"variant = {_toml(code)}", f"ante_trimming_status = "
             f"{'true' if len(set(antes)) <= 1 else 'false'}",
             f"antes = {_toml(antes)}"]
    if hand.game.family == "stud":
        lines += [f"bring_in = {st.bring_in}", f"small_bet = {st.small_bet}",
                  f"big_bet = {st.big_bet}"]
    else:
        lines.append(f"blinds_or_straddles = {_toml(blinds)}")
        if st.limit == Limit.FIXED_LIMIT:
            lines += [f"small_bet = {st.small_bet}", f"big_bet = {st.big_bet}"]
        else:
            lines.append(f"min_bet = {st.small_bet}")
    lines.append(f"starting_stacks = {_toml([hand.start_stacks[s] for s in order])}")
    acts: list[str] = []
    dealt: dict[int, list[int]] = {s: [] for s in order}
    for ev in hand.events:
        kind = ev["event"]
        p = f"p{idx[ev['seat']] + 1}" if "seat" in ev else ""
        if kind == "hole":
            dealt[ev["seat"]].extend(ev["cards"])
            acts.append(f"d dh {p} {format_known(ev['cards'])}")
        elif kind == "board":
            acts.append(f"d db {format_known(ev['cards'])}")
        elif kind == "fold":
            acts.append(f"{p} f")
        elif kind in ("check", "call"):
            acts.append(f"{p} cc")
        elif kind in ("bet", "raise", "complete"):
            acts.append(f"{p} cbr {ev['to']}")
        elif kind == "bring_in":
            acts.append(f"{p} pb")
        elif kind == "show":       # every card the player holds, in dealing order
            acts.append(f"{p} sm {format_known(dealt[ev['seat']])}")
        elif kind == "muck":
            acts.append(f"{p} sm")
        elif kind in ("discard", "draw"):
            raise PHHError("<hand>", "variant", f"{hand.game.name} discards: not writable")
    lines.append("actions = [\n" + "".join(f"  {_toml(a)},\n" for a in acts) + "]")
    if players is not None:
        lines.append(f"players = {_toml([str(x) for x in players])}")
    if hand.result is not None:
        lines.append(f"finishing_stacks = {_toml([hand.result.stacks[s] for s in order])}")
    return "\n".join(lines) + "\n"


def replay_all(records: Sequence[Record], check: bool = True) -> list[Replay | PHHError]:
    """Replay every record; refused ones give their :class:`PHHError` in their place."""
    out: list[Replay | PHHError] = []
    for r in records:
        try:
            out.append(replay(r, check))
        except PHHError as e:
            out.append(e)
    return out


__all__ = ["CLASSES", "REFUSED", "VARIANTS", "PHHError", "Record", "Replay", "dumps", "load",
           "loads", "replay", "replay_all", "variant_code"]
