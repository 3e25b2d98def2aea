"""Stack-off and bust rates per player-hand by depth, real hands beside simulated ones.

    PYTHONPATH=. python bench/depth_rates.py PHH_DIR [FIELD ...]

``PHH_DIR``: the shared hands unpacked (``tar xJf ../shared/data/phh/hands.tar.xz -C DIR``).
Simulated: the WSOP 2019 Day 1 structure (60,000 chips, 300 big blinds deep at the start)
with 27 players, 40 tournaments, every hand recorded, and the home games' structure (100 big
blinds) with 8 players; rates per 1,000 player-hands with a 95 % (Wilson) interval.
"""
from __future__ import annotations

import glob
import sys

from pyeval.sim.analysis.backtest import EventDay, event_structure, home_structure, parse_levels
from pyeval.sim.players.presets import record_all
from pyeval.sim.players.stats import from_record, measure, wilson
from pyeval.sim.players.stats_phh import read_hands

WSOP = EventDay("WSOP 2019 Day 1 structure", 27, 0,
                parse_levels("100/200/0;100/200/200bb;200/300/300bb;200/400/400bb;300/500/500bb"),
                120, 60000, 9, False)
ORDER = ("20-40", "40-70", "70-130", "130-200", "200+")


def show(name: str, hands: list) -> None:
    g = measure(hands, by="depth")
    a = measure(hands)["all"]
    print(f"{name}: {len(hands)} hands, limped pots {100 * (a.rate('limped_pots') or 0):.1f} %")
    for k in ORDER:
        if k not in g:
            continue
        c = g[k].count
        so, ph = c["stack_off"], c["player_hands"]
        b, pa = c["bust"], c["player_hands_after"]
        lo, hi = wilson(so, ph)
        line = (f"  {k:>8}: player-hands {ph:6}  stack-off {1000 * so / ph:5.2f} "
                f"[{1000 * lo:5.2f}-{1000 * hi:5.2f}]")
        if pa:
            lo, hi = wilson(b, pa)
            line += f"  bust {1000 * b / pa:5.2f} [{1000 * lo:5.2f}-{1000 * hi:5.2f}] of {pa}"
        line += f"  limped {100 * (g[k].rate('limped_pots') or 0):4.1f} %"
        print(line)


def main() -> None:
    d = sys.argv[1]
    show("Pluribus (6-max, 100 BB)", [h for f in sorted(glob.glob(f"{d}/pluribus/**/*.phh", recursive=True))
                                      for h in read_hands(f)])
    show("online 1000NL", [h for f in sorted(glob.glob(f"{d}/handhq_copy/*.phhs")) for h in read_hands(f)])
    for field in sys.argv[2:] or ["live_tournament"]:
        r = record_all(event_structure(WSOP), 40, 1, 27, field)
        show(f"simulated {field}, WSOP structure", [h for h in map(from_record, r.records) if h])
        r = record_all(home_structure(8), 40, 1, 8, field)
        show(f"simulated {field}, home structure", [h for h in map(from_record, r.records) if h])


if __name__ == "__main__":
    main()
