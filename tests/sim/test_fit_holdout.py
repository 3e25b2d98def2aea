"""The fit's held-out seed: the search's point replaces the start only if it is nearer the
hands on another seed too (no simulator here: the simulated statistics are functions of the
parameters, plus a seed's "noise")."""
from __future__ import annotations

from pyeval.sim.players.fit import FITTED, Fit, Observed, _fit_kind, distance
from pyeval.sim.players.models import MODELS, PlayerModel

OBS = Observed({"vpip": 0.30, "pfr": 0.10, "three_bet": 0.05},
               {"vpip": 20000, "pfr": 20000, "three_bet": 5000}, 2000, 20000, None)
START = MODELS["live_recreational"]           # loose 0.92, aggression 0.3


def stats(m: PlayerModel, offset: float) -> Observed:
    """VPIP follows ``loose``; the 3-bet rate follows ``aggression``, plus a seed's
    ``offset`` (sampling noise that a lower aggression would cancel)."""
    vpip = 0.30 + 0.2 * (m.loose - 1.1)
    three = 0.05 + offset + 0.05 * (m.aggression - 0.3)
    return Observed({"vpip": vpip, "pfr": 0.10, "three_bet": three},
                    dict(OBS.chances), 2000, 20000, None)


def test_a_search_that_follows_one_seeds_noise_goes_back_to_the_start() -> None:
    calls = {"search": 0, "check": 0}

    def evaluate(m: PlayerModel) -> Observed:
        calls["search"] += 1
        return stats(m, 0.0)                       # here only loose matters

    def check(m: PlayerModel) -> Observed:
        calls["check"] += 1
        return stats(m, 0.0)

    model, sim, dist, evals, held = _fit_kind(OBS, START, evaluate, 4, "x", check)
    # a real improvement (VPIP by loose) survives the other seed
    assert abs(model.loose - 1.1) < 0.05 and held["search"] < held["start"]
    assert evals == calls["search"] + calls["check"] and calls["check"] == 2
    assert dist == distance(OBS, sim) and dist < 0.5

    def noisy(m: PlayerModel) -> Observed:         # the search seed: 3-bets a point high
        return stats(replace_loose(m), 0.01)

    def clean(m: PlayerModel) -> Observed:         # the held-out seed has none
        return stats(replace_loose(m), 0.0)

    model, sim, dist, evals, held = _fit_kind(OBS, START, noisy, 4, "x", clean)
    assert held["search"] >= held["start"]        # worse on the other seed: not kept
    assert [getattr(model, k) for k in FITTED] == [getattr(START, k) for k in FITTED]
    assert dist == distance(OBS, noisy(START))
    # without a held-out check the search keeps what one seed's noise pulled it to
    model, _, _, _, held = _fit_kind(OBS, START, noisy, 4, "x")
    assert held == {} and abs(model.aggression - 0.1) < 0.02     # what the offset asks for


def replace_loose(m: PlayerModel) -> PlayerModel:
    """``m`` with the loose of the hands (so that only aggression is left to search)."""
    from dataclasses import replace

    return replace(m, loose=1.1)


def test_a_fit_records_its_held_out_distances() -> None:
    f = Fit(START, OBS, OBS, 0.1, {"limper": 0.1}, 3, "live_recreational",
            {"start": 0.4, "search": 0.3})
    assert f.notes()["held_out"] == {"start": 0.4, "search": 0.3}
    assert "held_out" not in Fit(START, OBS, OBS, 0.1, {}, 1).notes()
