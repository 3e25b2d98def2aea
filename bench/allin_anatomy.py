"""Anatomy of the called pre-flop all-ins at 20-70 BB (the player's own effective stack,
tables of 6+): each all-in player's pre-flop actions with the raise count before each
(``raise@1``: a 3-bet), real or simulated, and the all-in rates by depth.

    python bench/allin_anatomy.py real DIR          # DIR holds handhq_copy/*.phhs
    python bench/allin_anatomy.py online_regular 1  # a preset and a seed (12 tournaments)
"""
import glob
import sys
from collections import Counter

from pyeval.sim.players.stats import _effective, _Facts, at_least, between, from_record, measure
from pyeval.sim.players.stats_phh import read_hands


def anatomy(hands, lo=20, hi=70, min_seats=6):
    """(player-hands at ``lo``-``hi`` BB, Counter of the all-in players' action lines)."""
    lines: Counter = Counter()
    total = 0
    for h in hands:
        if len(h.stacks) < min_seats:
            continue
        f = _Facts(h)
        eff = _effective(h)
        for s in range(f.n):
            if not lo <= eff[s] / h.big_blind < hi:
                continue
            total += 1
            if not f.allin_own[s]:
                continue
            raises = 0
            mine = []
            for street, q, kind, _to in h.actions:
                if street != 0:
                    break
                if q == s:
                    mine.append(f"{kind}@{raises}")
                if kind == "raise":
                    raises += 1
            lines[" ".join(mine)] += 1
    return total, lines


def main() -> None:
    which = sys.argv[1]
    if which == "real":
        hands = [h for p in sorted(glob.glob(sys.argv[2] + "/handhq_copy/*.phhs"))
                 for h in read_hands(p)]
    else:
        from pyeval.sim import simulate

        seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
        r = simulate("club_3000", n=12, seed=seed, players=30, field=which,
                     record_tournaments=12, record_hands=4000)
        hands = [h for h in (from_record(x) for x in r.records) if h is not None]
    total, lines = anatomy(hands)
    n = sum(lines.values())
    print(f"{which}: {total} player-hands at 20-70 BB, {n} own all-ins ({100 * n / max(total, 1):.2f} %)")
    for k, v in lines.most_common(20):
        print(f"  {v:4d}  {k}")
    g = measure(hands, by="bb")
    for band in ((20, 40), (40, 70), (20, 70), (70, None)):
        b = between(g, *band)
        print(band, "allin_own", b.rate("allin_own"), "of", b.count["player_hands"],
              "allin_called", b.rate("allin_called"), "of", b.count["hands"])
    a = at_least(g, 20)
    print("from 20 BB:", {k: round(a.rate(k), 4) for k in
                          ("vpip", "pfr", "flops", "showdowns", "allin_called", "three_bet")})


if __name__ == "__main__":
    main()
