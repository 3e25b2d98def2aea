"""A played hand in words, street by street: forced bets, cards, actions with the pot after
each street, who showed what (and who mucked), the pots and the final stacks.

>>> from pyeval.rules import Hand, Structure
>>> h = Hand("holdem", Structure.no_limit(1, 2), {0: 50, 1: 50}, button=1,
...          hole={0: "AhAd", 1: "7c2d"}, seed=3)
>>> h.call(); h.check(); h.check(); h.check(); h.check(); h.check(); h.check(); h.check()
>>> print(transcript(h).splitlines()[0])
Texas Hold'em, no limit, blinds 1/2; button seat 1
"""
from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pyeval.rules.deck import format_known
from pyeval.rules.hand import Hand


def transcript(hand: Hand, scale: int = 1, players: Sequence[str] | None = None) -> str:
    """The hand in words. ``scale``: chips per unit shown (a PHH replay's ``scale``);
    ``players``: names by seat order (else "seat N")."""
    names = {s: (players[i] if players and i < len(players) else f"seat {s}")
             for i, s in enumerate(hand.seats)}

    def amt(x: int) -> str:
        return str(Decimal(x) / scale) if scale != 1 else str(x)

    st = hand.structure
    head = f"{hand.game.name}, {st.limit.value.replace('_', ' ')}"
    if hand.game.family == "stud":
        head += f", ante {amt(st.ante)}, bring-in {amt(st.bring_in)}, bets {amt(st.small_bet)}/" \
                f"{amt(st.big_bet)}"
    else:
        head += f", blinds {amt(st.small_blind)}/{amt(st.big_blind)}"
        if st.ante:
            who = {"each": "each", "big_blind": "big-blind", "button": "button"}[st.ante_by]
            head += f", {who} ante {amt(st.ante)}"
        if st.straddles:
            head += f", straddle{'s' if len(st.straddles) > 1 else ''} " + \
                "/".join(amt(x) for x in st.straddles) + (" (button)" if st.button_straddle else "")
    lines = [head + f"; button {names.get(hand.button, f'seat {hand.button}')}"]
    lines.append("stacks: " + ", ".join(f"{names[s]} {amt(hand.start_stacks[s])}"
                                        for s in hand.seats))
    pot = 0
    bets: dict[int, int] = {}
    street: str | None = None
    for ev in hand.events:
        kind = ev["event"]
        who = names.get(ev.get("seat", -1), "")
        if kind in ("ante", "small_blind", "big_blind", "straddle", "post"):
            pot += ev["amount"]
            if kind != "ante":
                bets[ev["seat"]] = ev["amount"]
            label = {"ante": "antes" + (" (dead)" if ev.get("dead") else ""),
                     "small_blind": "posts the small blind", "big_blind": "posts the big blind",
                     "straddle": "straddles", "post": "posts"}[kind]
            lines.append(f"  {who} {label} {amt(ev['amount'])}")
        elif kind in ("hole", "board"):
            if ev.get("street") != street:
                if street is not None:
                    bets = {}       # a new betting round (the blinds stay in the first)
                street = ev.get("street")
                lines.append(f"{street} (pot {amt(pot)}):")
            if kind == "hole":
                ups = ev.get("up", [])
                shown = "".join(f"[{format_known([c])}]" if u else format_known([c])
                                for c, u in zip(ev["cards"], ups))
                lines.append(f"  {who} is dealt {shown}")
            else:
                lines.append(f"  board {format_known(ev['cards'])}")
        elif kind in ("fold", "check", "call", "bet", "raise", "complete", "bring_in"):
            put = ev["to"] - bets.get(ev["seat"], 0)
            bets[ev["seat"]] = ev["to"]
            pot += put
            words = {"fold": "folds", "check": "checks", "call": f"calls {amt(put)}",
                     "bet": f"bets {amt(ev['to'])}", "raise": f"raises to {amt(ev['to'])}",
                     "complete": f"completes to {amt(ev['to'])}",
                     "bring_in": f"brings in for {amt(ev['to'])}"}[kind]
            allin = " (all-in)" if kind != "fold" and ev["stack"] == 0 else ""
            lines.append(f"  {who} {words}{allin}")
        elif kind in ("discard", "draw"):
            n = len(ev["cards"])
            lines.append(f"  {who} {'discards' if kind == 'discard' else 'draws'} {n}")
    res = hand.result
    if res is None:
        lines.append(f"(not over: {names.get(hand.to_act or -1, '')} to act, pot {amt(pot)})")
        return "\n".join(lines)
    if res.shown or res.mucked:
        lines.append(f"showdown (pot {amt(pot)}):")
        for sh in res.shown:
            v = sh.value
            low = f" / {v.low_text}" if v.low_text else ""
            up = f" [{sh.up}]" if sh.up else ""
            lines.append(f"  {names[sh.seat]} shows {sh.hole}{up}: {v.high_text}{low}")
        for s in res.mucked:
            lines.append(f"  {names[s]} mucks")
    for s, a in res.returned.items():
        lines.append(f"  uncalled {amt(a)} returned to {names[s]}")
    for i, pa in enumerate(res.pots):
        label = "main pot" if i == 0 else f"side pot {i}"
        won = ", ".join(f"{names[s]} {amt(a)}" for s, a in pa.awards.items())
        lines.append(f"  {label} {amt(pa.pot.amount)}: {won}")
    lines.append("stacks: " + ", ".join(f"{names[s]} {amt(res.stacks[s])} "
                                        f"({'+' if res.net[s] >= 0 else ''}{amt(res.net[s])})"
                                        for s in hand.seats))
    return "\n".join(lines)
