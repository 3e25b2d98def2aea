"""The simulator's stud dealing plan (the community card when the deck runs short) is the
rules model's: rules-model hands of 7 Card Stud and Razz with eight players and of 5 Card
Stud with ten, with random folds, deal exactly as :func:`street_plan` says."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.rules import Hand, Structure
from pyeval.sim.kernel.variants.deal import cards_used, street_plan


def _play(game: str, players: int, seed: int, fold_p: float) -> Hand:
    rng = np.random.default_rng(seed)
    h = Hand(game, Structure.stud(1, 2, 5, 10), {s: 10_000 for s in range(players)},
             button=0, seed=seed)
    while not h.is_over:
        acts = h.legal().actions
        live = len(h.live())
        if "fold" in acts and live > 2 and rng.random() < fold_p:
            h.act("fold")
        elif "check" in acts:
            h.act("check")
        elif "bring_in" in acts:
            h.act("bring_in")
        else:
            h.act("call")
    return h


@pytest.mark.parametrize("game,players", [("7 Card Stud", 8), ("Razz", 8),
                                          ("5 Card Stud", 10), ("Chicago", 8)])
def test_street_plan_is_the_rules_models(game, players):
    seen = {True: 0, False: 0}
    for seed in range(120):
        h = _play(game, players, seed, fold_p=0.0 if seed % 4 == 0 else 0.08)
        used = 0
        live = players
        folded_before: dict[int, int] = {}
        street = -1
        ev = h.events
        i = 0
        while i < len(ev):
            e = ev[i]
            if e["event"] in ("burn", "hole", "board"):
                # a street's deal: its burn (if any), then its cards
                street += 1
                live = players - sum(1 for k in folded_before.values() if k < street)
                each = h.game.streets[street].hole
                burn_flag = h.game.streets[street].burn
                community, burn_first = street_plan(used, live, each, burn_flag)
                burned = e["event"] == "burn"
                j = i + (1 if burned else 0)
                got_community = ev[j]["event"] == "board"
                assert (community, burn_first) == (got_community, burned), (game, seed, street)
                seen[community] += 1
                dealt = 1 if got_community else sum(
                    len(x["cards"]) for x in ev[j:j + live] if x["event"] == "hole")
                assert cards_used(used, live, each, burn_flag) == used + burned + dealt
                used += burned + dealt
                i = j + (1 if got_community else live)
                continue
            if e["event"] == "fold":
                folded_before[e["seat"]] = street
            i += 1
    assert seen[True] > 10 and seen[False] > 100
