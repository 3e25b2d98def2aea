"""``pyeval sim fit``: field files, recovering a preset from the simulator's own hands, and
the fit of the shared online hands."""
from __future__ import annotations

import tarfile
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyeval.cli.main import cli
from pyeval.sim import simulate
from pyeval.sim.players.fit import FITTED, TOLERANCE, fit_model, observe, simulated
from pyeval.sim.players.models import MODELS, PlayerModel, load_field, resolve_field, write_field

PHH = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "phh" / "hands.tar.xz"


def _online_files(tmp_path: Path) -> list[str]:
    """The shared online hands (the archive's handhq_copy/ .phhs files), extracted into
    tmp_path, sorted by name."""
    with tarfile.open(PHH) as t:
        members = [m for m in t.getmembers()
                   if m.name.removeprefix("./").startswith("handhq_copy/")]
        t.extractall(tmp_path, members=members, filter="data")
    return sorted(str(p) for p in (tmp_path / "handhq_copy").glob("*.phhs"))


def test_field_file_round_trip(tmp_path):
    mine = PlayerModel("limper", 1.21, 0.35, cbet=0.4, call_margin=0.95, open_size=3.0,
                       name="mine")
    p = write_field(tmp_path / "club.toml", {mine: 3, "nit": 1}, name="club",
                    notes={"hands": 12})
    field = load_field(p)
    assert field == {mine: 3.0, MODELS["nit"]: 1.0}
    models, assign, cum = resolve_field(str(p), 5)
    assert [m.name for m in models] == ["mine", "nit"]
    assert assign.tolist() == [-1] * 5 and cum.tolist() == [0.75, 1.0]
    assert tomllib.loads(p.read_text())["fit"] == {"hands": 12}
    # any name survives the file (quotes, backslashes, control characters)
    odd = PlayerModel(name='a"b\\c\nd\x7f\u00e9')
    assert list(load_field(write_field(tmp_path / "odd.toml", {odd: 1}, name="x\ty"))) == [odd]


@pytest.mark.parametrize("text, message", [
    ('format = "x"\nversion = 1', "not a pyeval field file"),
    ('format = "pyeval-field"\nversion = 1', "at least one"),
    ('format = "pyeval-field"\nversion = 1\n[[model]]\nlose = 1', "unknown key 'lose'"),
    ('format = "pyeval-field"\nversion = 1\n[[model]]\nloose = 9', "loose must be between"),
    ('format = "pyeval-field"\nversion = 1\n[[model]]\nweight = -1', "weight must be"),
    ('format = "pyeval-field"\nversion = 1\n[[model]]\npreset = "shark"', "unknown player model"),
    ('format = "pyeval-field"\nversion = 1\n[[model]]\nweight = 0', "all zero"),
    ("format = ", "not TOML"),
])
def test_bad_field_files_are_refused(tmp_path, text, message):
    p = tmp_path / "bad.toml"
    p.write_text(text)
    with pytest.raises(ValueError, match=message):
        resolve_field(str(p), 4)
    with pytest.raises(ValueError, match="cannot read the field file"):
        load_field(tmp_path / "absent.toml")
    with pytest.raises(ValueError, match="ends in .toml"):
        resolve_field(tmp_path / "club.txt", 4)


def test_simulate_and_the_tournament_command_take_a_field_file(tmp_path):
    p = write_field(tmp_path / "f.toml", {"nit": 1, "maniac": 1})
    a = simulate("club_3000", n=6, seed=2, players=12, field=str(p))
    b = simulate("club_3000", n=6, seed=2, players=12, field={"nit": 1, "maniac": 1})
    assert (a.duration == b.duration).all()
    res = CliRunner().invoke(cli, ["tournament", "simulate", "club_3000", "-n", "6",
                                   "--players", "12", "--field", str(p)])
    assert res.exit_code == 0, res.output


@pytest.mark.slow
def test_fit_recovers_presets_from_simulated_hands():
    """Hands the simulator played with each of three presets (seed 101) fitted back (other
    seeds): the preset's style and every fitted parameter within the stated tolerance.

    One test for the three so that they run in one process and share the simulations
    that do not depend on the hands (``fit.simulated`` keeps them): every fit simulates
    the same starting presets and the same first differences around the limper's and
    the station's, so the second and third fit cost about half the first."""
    for name in ("online_regular", "live_recreational", "calling_station"):
        want = MODELS[name]
        obs = simulated(want, n=12, seed=101)
        assert obs.hands > 1000, name
        f = fit_model(obs, n=8, seed=1)
        assert f.model.kind == want.kind, name
        for k in FITTED:
            assert abs(getattr(f.model, k) - getattr(want, k)) <= TOLERANCE[k], (name, k, f.model)
        assert abs(f.model.open_size - want.open_size) <= TOLERANCE["open_size"], name
        assert f.distance < 2.0, name             # as close as sampling allows, about
        # a range player and a limping style are far apart; the limper and the station are
        # near (the station calls more after the flop), but the right one is nearer
        raiser = want.kind == "ranges"
        assert min(v for k, v in f.by_kind.items() if (k == "ranges") != raiser) > 10.0, name
        assert f.by_kind[want.kind] == min(f.by_kind.values()), name


def test_simulated_statistics_are_kept():
    """``fit.simulated`` simulates the same arguments once (a model's name aside)."""
    from dataclasses import replace

    from pyeval.sim.players import fit

    a = simulated(MODELS["nit"], n=1, seed=11)
    size = len(fit._SIMULATED)
    assert simulated(replace(MODELS["nit"], name="other"), n=1, seed=11) is a
    assert len(fit._SIMULATED) == size
    b = fit._simulate_observed(MODELS["nit"], 1, 11, "club_3000", 30, False, ())
    assert (b.rates, b.chances, b.hands) == (a.rates, a.chances, a.hands)
    assert simulated(MODELS["nit"], n=1, seed=12) is not a
    # the hands recorded in less room are the same hands; a tournament that fills the room
    # is played again with more
    from pyeval.sim import Clock
    from pyeval.sim.players.presets import CALIBRATION_HANDS_PER_HOUR, record_all

    # record_all plays on the calibrations' clock (the single figure, 30 an hour)
    full = simulate("club_3000", n=2, seed=11, players=30, field="nit", record_tournaments=2,
                    record_hands=4000, clock=Clock(hands_per_hour=CALIBRATION_HANDS_PER_HOUR))
    assert (record_all("club_3000", 2, seed=11, players=30, field="nit").records
            == full.records).all()
    from pyeval.sim.players import presets

    room = presets.RECORD_ROOM
    try:
        presets.RECORD_ROOM = 50                # every tournament deals more: 50, 200, 800
        assert (record_all("club_3000", 2, 11, 30, "nit").records == full.records).all()
    finally:
        presets.RECORD_ROOM = room


def test_fit_refuses_bad_input(tmp_path):
    with pytest.raises(ValueError, match="no hands to fit"):
        fit_model([])
    obs = simulated(MODELS["nit"], n=1, seed=3)
    with pytest.raises(ValueError, match="styles to fit"):
        fit_model(obs, kinds=["shark"])
    bad = CliRunner().invoke(cli, ["sim", "fit", __file__, "-o", str(tmp_path / "x.txt")])
    assert bad.exit_code != 0 and "ends in .toml" in bad.output


@pytest.mark.skipif(not PHH.is_file(), reason="the shared real hands (../shared/data/phh) "
                    "are not here: a fresh clone without the shared data")
@pytest.mark.slow
def test_fit_the_shared_online_hands(tmp_path):
    files = _online_files(tmp_path)
    out = tmp_path / "online.toml"
    res = CliRunner().invoke(cli, ["sim", "fit", *files, "-n", "24", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "fitting to 939 hands (5433 player-hands)" in res.output
    (m, w), = load_field(out).items()
    notes = tomllib.loads(out.read_text())["fit"]
    # the 2009 1000NL regulars: a range player opening to 3 BB, at 24.8 VPIP / 16.0 PFR
    assert (m.kind, m.open_size, w) == ("ranges", 3.0, 1.0)
    assert abs(notes["fitted"]["vpip"] - 0.248) <= 0.03
    assert abs(notes["fitted"]["pfr"] - 0.160) <= 0.03
    assert abs(notes["fitted"]["flops"] - 0.474) <= 0.05
    assert abs(notes["fitted"]["showdowns"] - 0.179) <= 0.05
    assert notes["by_kind"]["ranges"] < min(notes["by_kind"]["limper"], notes["by_kind"]["station"])


def test_observe_counts_made_hands():
    from .test_stats import ALLIN, LIMP_CALL, RAISED

    o = observe([RAISED, LIMP_CALL, ALLIN], min_seats=4, depth_from=0)
    assert o.hands == 3 and o.player_hands == 12
    assert o.rates["pfr"] == 4 / 12 and o.open_size == 3.5     # opens to 3 and 4 BB


def test_doctests_of_the_fit():
    import doctest

    import pyeval.sim.players.fit

    result = doctest.testmod(pyeval.sim.players.fit, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_mixed_fields_by_name():
    from pyeval.sim.players.presets import FIELDS

    a = simulate("club_3000", n=4, seed=2, players=12, field="club_night")
    b = simulate("club_3000", n=4, seed=2, players=12, field=FIELDS["club_night"])
    assert (a.duration == b.duration).all()
    with pytest.raises(ValueError, match="may also be home_game, club_night, online or a .toml"):
        resolve_field("homegame", 4)


def test_fit_mix_recovers_a_mixed_field(tmp_path):
    """A field of 15 nits and 15 live recreational players (seed 7, 4 tournaments) fitted
    as a mix of 2 (candidates of 4 tournaments, at the nearest preset): every player in
    the right group, each group's weight its share of the player-hands, each group at its
    preset (style and every parameter)."""
    from pyeval.sim.players.fit import cluster, fit_mix, observe_players
    from pyeval.sim.players.stats import from_record

    field = ["nit", "live_recreational"] * 15
    r = simulate("club_3000", n=4, seed=7, players=30, field=field, record_tournaments=4,
                 record_hands=4000)
    players = observe_players(h for h in (from_record(x) for x in r.records) if h is not None)
    truth = {f"entrant {i}": m for i, m in enumerate(field)}
    assert sorted(players) == sorted(truth)
    assert min(s.count["hands"] for s in players.values()) >= 50
    mix = fit_mix(players, 2, n=4, seed=1, kinds=("ranges", "limper"), iterations=0)
    assert [sorted({truth[x] for x in g}) for g in mix.groups] == [["nit"], ["live_recreational"]]
    hands = {m: sum(s.count["player_hands"] for x, s in players.items() if truth[x] == m)
             for m in ("nit", "live_recreational")}
    assert mix.weights == [hands["nit"] / sum(hands.values()),
                           hands["live_recreational"] / sum(hands.values())]
    assert abs(mix.weights[0] - 0.5) < 0.05            # the nits last a little longer
    for f, want in zip(mix.fits, ("nit", "live_recreational")):
        m, pm = f.model, MODELS[want]
        assert (m.kind, f.start) == (pm.kind, want)
        for k in (*FITTED, "open_size"):
            assert abs(getattr(m, k) - getattr(pm, k)) <= TOLERANCE[k], (k, m)
    # the other style is far (a range player against a limper), the chosen one near
    assert mix.styles[0]["limper"] > 20 * mix.styles[0]["ranges"]
    assert mix.styles[1]["ranges"] > 20 * mix.styles[1]["limper"]
    # the field file holds both, by weight, and simulates
    p = write_field(tmp_path / "mix.toml", mix.as_field(), notes=mix.notes())
    assert list(load_field(p).values()) == mix.weights
    assert [g["players"] for g in tomllib.loads(p.read_text())["fit"]["groups"]] == [15, 15]
    assert simulate("club_3000", n=2, seed=1, players=12, field=str(p)).duration.size == 2
    # --mix auto's rule finds the two styles: one group strays from its rates 7.8 times as
    # far as sampling allows (measured), two groups about once
    from pyeval.sim.players.fit import HOMOGENEOUS, choose_k, dispersion

    assert dispersion(players, cluster(players, 1)) > 3 * HOMOGENEOUS
    assert dispersion(players, mix.groups) <= HOMOGENEOUS
    assert choose_k(players) == 2
    # the grouping is seeded and stable, and refuses what it cannot do
    assert cluster(players, 2, seed=5) == mix.groups
    assert len(cluster(players, 1)) == 1
    with pytest.raises(ValueError, match="at least one group"):
        cluster(players, 0)
    with pytest.raises(ValueError, match="no player has 10000 hands"):
        cluster(players, 2, min_hands=10000)


def _phhs(tmp_path, names):
    """A .phhs file of 60 six-seat folds to the big blind, players ``names`` (None: no
    ``players`` field)."""
    line = "" if names is None else f"players = {list(names)!r}\n"
    text = "".join(
        f"[{i}]\nvariant = 'NT'\nantes = [0, 0, 0, 0, 0, 0]\n"
        f"blinds_or_straddles = [5, 10, 0, 0, 0, 0]\nstarting_stacks = [1000, 1000, 1000, "
        f"1000, 1000, 1000]\n{line}actions = ['p3 f', 'p4 f', 'p5 f', 'p6 f', 'p1 f']\n\n"
        for i in range(1, 61))
    p = tmp_path / ("named.phhs" if names else "anonymous.phhs")
    p.write_text(text)
    return str(p)


def test_fit_mix_command_refuses_what_it_cannot_fit(tmp_path):
    out = str(tmp_path / "mix.toml")
    anonymous = _phhs(tmp_path, None)
    res = CliRunner().invoke(cli, ["sim", "fit", anonymous, "--mix", "0", "-o", out])
    assert res.exit_code != 0 and "from 1 to 8 models or auto, got '0'" in res.output
    res = CliRunner().invoke(cli, ["sim", "fit", anonymous, "--mix", "2", "-o", out])
    assert res.exit_code != 0 and "names its players" in res.output, res.output
    res = CliRunner().invoke(cli, ["sim", "fit", anonymous, "--mix", "auto", "--min-seats", "10",
                                   "-o", out])
    assert res.exit_code != 0 and "no player with 50+ hands named; one model" in res.output
    assert "nothing to fit" in res.output
    named = _phhs(tmp_path, ["a", "b", "c", "d", "e", "f"])
    # named players are read by name, 60 hands each (all folds: VPIP 0)
    players = observe_players_of(named)
    assert sorted(players) == list("abcdef")
    assert all(s.count["hands"] == 60 and s.rate("vpip") == 0 for s in players.values())


def observe_players_of(path):
    from pyeval.sim.players.fit import observe_players
    from pyeval.sim.players.stats_phh import read_hands

    return observe_players(read_hands(path))


@pytest.mark.skipif(not PHH.is_file(), reason="the shared real hands (../shared/data/phh) "
                    "are not here: a fresh clone without the shared data")
def test_fit_a_mix_to_the_shared_online_hands(tmp_path):
    """``--mix auto`` on the online hands, one tournament a candidate (about 6 s: the
    grouping is asserted, not the fitted figures; docs/players.md has the -n 24 fit)."""
    files = _online_files(tmp_path)
    out = tmp_path / "online_mix.toml"
    res = CliRunner().invoke(cli, ["sim", "fit", *files, "--mix", "auto", "-n", "1", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "--mix auto: 2 group(s)" in res.output
    assert "156 players, 5433 player-hands" in res.output
    field = load_field(out)
    notes = tomllib.loads(out.read_text())["fit"]
    groups = notes["groups"]
    assert len(field) == len(groups) == notes["mix"] == 2
    assert list(field.values()) == [3225 / 5433, 2208 / 5433]
    assert [g["weight"] for g in groups] == [0.5936, 0.4064]
    # a tight group of 67 players and a loose one of 89
    assert [(g["players"], g["player_hands"]) for g in groups] == [(67, 3225), (89, 2208)]
    assert [g["observed"]["vpip"] for g in groups] == [0.1833, 0.3419]
    assert [g["observed"]["limp"] for g in groups] == [0.0078, 0.0743]
