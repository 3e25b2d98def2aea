"""Hand histories: a hand as plain data (JSON), and a history played again exactly, with
errors naming the hand, the action and what was expected.

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("Texas Hold'em", Structure.no_limit(1, 2), {0: 100, 1: 100}, button=0, seed=1)
>>> h.fold()
>>> d = hand_history(h)
>>> d["format"], d["actions"], d["result"]["stacks"]
('pyeval.rules.hand/1', [{'seat': 0, 'action': 'fold'}], {'0': 99, '1': 101})
>>> replay_history(Hand, d, True, "h").result.stacks
{0: 99, 1: 101}
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyeval.rules.betting import Action, Structure
from pyeval.rules.deck import Deck, OutOfCards
from pyeval.rules.table import Positions

if TYPE_CHECKING:
    from pyeval.rules.hand import Hand

HISTORY_FORMAT = "pyeval.rules.hand/1"


class HistoryError(ValueError):
    """A hand history that cannot be read or replayed; the message names the hand, the
    action (or line) and what was expected."""



def hand_history(self: Hand) -> dict:
    """The hand as plain data (what :meth:`pyeval.rules.hand.Hand.history` returns)."""
    d: dict = {
        "format": HISTORY_FORMAT,
        "game": self.game.name,
        "structure": self.structure.to_dict(),
        "stacks": {str(s): v for s, v in self.start_stacks.items()},
        "button": self.button,
        "deck": self.deck.to_dict(),
        "odd_chip": self.odd_chip.value,
        "carry_in": self.carry_in,
        "actions": [a.to_dict() for a in self.actions],
    }
    if self.posts:
        d["posts"] = {str(k): v for k, v in self.posts.items()}
    if self.absent:
        d["absent"] = sorted(self.absent)
    if self.showdown != "auto":
        d["showdown"] = self.showdown
    if self.positions is not None:
        d["positions"] = {"button": self.positions.button,
                          "small_blind": self.positions.small_blind,
                          "big_blind": self.positions.big_blind}
    if self.result is not None:
        d["result"] = {"stacks": {str(s): v for s, v in self.result.stacks.items()},
                       "carry": self.result.carry}
    return d


def replay_history(cls: type[Hand], history: str | Mapping, check: bool = True,
                   name: str = "hand history") -> Hand:
    """Play ``history`` again as a ``cls`` (what :meth:`pyeval.rules.hand.Hand.replay` does)."""
    where = name

    def bad(msg: str) -> HistoryError:
        return HistoryError(f"{where}: {msg}")

    if isinstance(history, (str, bytes)):
        try:
            d = json.loads(history)
        except (ValueError, RecursionError) as e:
            raise bad(f"not JSON: {e}") from None
    elif isinstance(history, Mapping):
        d = dict(history)
    else:
        raise bad(f"a hand history is JSON text or a mapping, got {type(history).__name__}")
    if not isinstance(d, dict):
        raise bad(f"a hand history is a JSON object, got {type(d).__name__}")
    if d.get("format") != HISTORY_FORMAT:
        raise bad(f"not a hand history of format {HISTORY_FORMAT!r} "
                  f"(got {d.get('format')!r})")
    for key, kind, what in (("game", str, "a game name"),
                            ("structure", dict, "a table of structure fields"),
                            ("stacks", dict, "a table of seat: chips"),
                            ("deck", dict, "a table with the deck 'order'"),
                            ("actions", list, "a list of actions")):
        if key not in d:
            raise bad(f"missing {key!r} ({what})")
        if not isinstance(d[key], kind):
            raise bad(f"{key!r} must be {what}, got {d[key]!r}")
    pos = d.get("positions")
    kw: dict = {}
    try:
        if pos is not None:
            if not isinstance(pos, dict) or any(k not in pos for k in
                                                ("button", "small_blind", "big_blind")):
                raise bad("'positions' needs button, small_blind and big_blind")
            for k in ("button", "small_blind", "big_blind"):
                v = pos[k]
                if not (v is None and k == "small_blind") and (
                        not isinstance(v, int) or isinstance(v, bool)):
                    raise bad(f"positions {k} must be a seat number, got {v!r}")
            kw["positions"] = Positions(pos["button"], pos["small_blind"], pos["big_blind"])
        else:
            b = d.get("button")
            if b is not None and (not isinstance(b, int) or isinstance(b, bool)):
                raise bad(f"'button' must be a seat number, got {b!r}")
            kw["button"] = b
        posts = d.get("posts", {})
        if not isinstance(posts, dict):
            raise bad(f"'posts' must be a table of seat: chips, got {posts!r}")
        absent = d.get("absent", [])
        if not isinstance(absent, list):
            raise bad(f"'absent' must be a list of seats, got {absent!r}")
        h = cls(d["game"], Structure.from_dict(d["structure"]), d["stacks"],
                deck=Deck.from_dict(d["deck"]), odd_chip=d.get("odd_chip", "left_of_button"),
                carry_in=d.get("carry_in", 0), posts=posts,
                showdown=d.get("showdown", "auto"), absent=absent, **kw)
    except HistoryError:
        raise
    except (ValueError, TypeError, OutOfCards) as e:
        raise bad(f"set-up: {e}") from None
    for i, a in enumerate(d["actions"]):
        try:
            h.act(Action.from_dict(a))
        except OutOfCards as e:
            raise bad(f"action {i} ({a!r}): the history's deck is too short: {e}") from None
        except ValueError as e:
            raise bad(f"action {i} ({a!r}) is illegal: {e}") from None
    if check and "result" in d:
        res = d["result"]
        if not isinstance(res, dict) or not isinstance(res.get("stacks"), dict):
            raise bad("'result' must hold 'stacks' (seat: chips)")
        if not h.is_over:
            raise bad(f"the history ends before the hand is over (seat {h.to_act} to act)")
        assert h.result is not None
        try:
            want = {int(k): v for k, v in res["stacks"].items()}
        except (TypeError, ValueError):
            raise bad(f"result stacks must be seat: chips, got {res['stacks']!r}") from None
        if want != h.result.stacks or res.get("carry", 0) != h.result.carry:
            raise bad(f"replay ends with stacks {h.result.stacks}, the history says {want}")
    return h
