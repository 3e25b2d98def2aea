"""The variant replay reproduces hands of every game: rules-model hands played with a
shuffled deck, written down as the simulator records hands (cards in dealing order,
discards as card masks), replay through :func:`replay_variant` with the same cards, the
same community card and the same stacks."""
from __future__ import annotations

import numpy as np
import pytest
from lazy_table import lazy

from pyeval.games import REGISTRY
from pyeval.rules import Hand, Structure
from pyeval.sim.analysis.replay import RecordedHand
from pyeval.sim.kernel.variants.discard import keep_on_flop, keep_preflop, keep_third_street
from pyeval.sim.kernel.variants.replay import replay_variant, stud_deck_order
from pyeval.sim.players.preflop import preflop_tables

PF = lazy(preflop_tables)
SCRATCH = np.zeros(16, np.uint8)


def _discard_choice(h: Hand, seat: int) -> list[int]:
    """The simulator's discard rules, applied to a rules-model hand."""
    down = np.array(h.down[seat], np.uint8)
    g = h.game
    if g.family == "stud":
        keep = keep_third_street(down, 3, h.up[seat][0], SCRATCH)
    elif h.street == 0:
        keep = keep_preflop(down, len(down), PF.class_of, PF.top)
    else:
        keep = keep_on_flop(down, len(down), np.array(h.board, np.uint8), PF.class_of, PF.top,
                            SCRATCH)
    return [int(c) for i, c in enumerate(down) if not keep >> i & 1]


def _play(key: str, players: int, seed: int) -> tuple[Hand, RecordedHand]:
    g = REGISTRY.game(key)
    rng = np.random.default_rng(seed)
    stacks = {s: int(rng.integers(20, 400)) for s in range(players)}
    if g.family == "stud":
        st = Structure.stud(1, 2, 5, 10)
        h = Hand(g, st, stacks, button=players - 1, seed=seed)
    else:
        st = Structure.no_limit(1, 2)
        h = Hand(g, st, stacks, button=players - 1, seed=seed)
    street = 0
    acts: list[tuple[int, int, str, int]] = []
    n_events = 0
    fold_p = 0.0 if seed % 3 == 0 else 0.12
    while not h.is_over:
        for e in h.events[n_events:]:
            if e["event"] in ("hole", "board") and e.get("street"):
                street = [s.name for s in g.streets].index(e["street"])
        n_events = len(h.events)
        seat = h.to_act
        legal = h.legal()
        if "discard" in legal.actions:
            cs = _discard_choice(h, seat)
            h.act("discard", cards=cs)
            acts.append((street, seat, "discard", sum(1 << c for c in cs)))
            continue
        if "fold" in legal.actions and len(h.live()) > 2 and rng.random() < fold_p:
            name, to = "fold", 0
        elif legal.raise_name and rng.random() < 0.1:
            name, to = "raise", legal.min_to
        elif "check" in legal.actions:
            name, to = "check", 0
        elif "bring_in" in legal.actions:
            name, to = "bring_in", 0
        else:
            name, to = "call", 0
        if name == "raise":
            h.act(legal.raise_name, to=to)
        else:
            h.act(name)
        acts.append((street, seat, name, to if name == "raise" else 0))
    # the cards in dealing order, as the simulator records them
    hole = {s: [] for s in stacks}
    for e in h.events:
        if e["event"] == "hole":
            hole[e["seat"]].extend(e["cards"])
    gone = {s: a[3] for a in acts if a[2] == "discard" for s in [a[1]]}
    if g.family == "stud" and g.discards:
        hole = {s: [c for c in cs if not gone.get(s, 0) >> c & 1] for s, cs in hole.items()}
    rec = RecordedHand(0, seed, 1, key, 0 if g.family != "stud" else 2, st.small_blind,
                       st.big_blind, st.ante, st.small_bet, st.big_bet, st.bring_in,
                       h.button, h.positions.small_blind if h.positions else None,
                       h.positions.big_blind if h.positions else -1,
                       {s: s for s in stacks}, dict(stacks), hole, list(h.board), acts,
                       dict(h.result.stacks))
    return h, rec


#: every stud game with its most players: Australian's seven, who run the deck out before
#: seventh street when all stay in (the rules model deals their community card from its
#: reshuffled burns and discards, which the replay reproduces with the deck's seed)
STUD = [(g.key, g.max_players) for g in REGISTRY.family("stud")]
BUTTON = [(k, 6) for k in ("irish", "pineapple", "crazy_pineapple", "super_eight", "tahoe")]


@pytest.mark.parametrize("key,players", STUD + BUTTON)
def test_recorded_hands_replay_with_their_cards(key, players):
    community = 0
    for seed in range(40):
        h, rec = _play(key, players, seed)
        res = replay_variant(rec)
        assert res.matches, (key, seed, res.rules_stacks, rec.after)
        community += bool(h.board) and h.game.family == "stud"
    if key in ("seven_card_stud", "razz", "chicago", "five_card_stud", "buffalo", "crocodile",
               "australian"):
        assert community > 0      # the single community card was dealt and replayed


def test_stud_deck_order_deals_the_recorded_cards():
    h, rec = _play("seven_card_stud", 8, 3)       # nobody folds: a community card
    order = stud_deck_order(h.game, rec)
    assert sorted(order) == list(range(52)) and len(h.board) == 1
    again = Hand(h.game, Structure.stud(1, 2, 5, 10), rec.stacks, button=rec.button, deck=order)
    assert again.down[0] == h.down[0][:2] and again.up[0] == h.up[0][:1]
