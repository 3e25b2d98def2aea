"""The ``pyeval`` command's core subcommands, run through click's test runner."""
import json

from click.testing import CliRunner

from pyeval.cli.main import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_compare_straight_example() -> None:
    r = run("compare", "Jc Ks", "6c 7c", "--board", "8h 3s 9d Th Qc")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert "Straight, King high" in lines[1] and lines[1].rstrip().endswith("WINS")
    assert "Straight, Ten high" in lines[2] and "WINS" not in lines[2]


def test_compare_tie_json() -> None:
    r = run("compare", "Jc 3c", "Ks Js", "--board", "Kh Ts 9d Th Qc", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [h["wins"] for h in data["hands"]] == [True, True]
    assert data["hands"][0]["best"] == "Straight, King high"


def test_compare_hilo_without_low() -> None:
    r = run("compare", "Ks Kh Qs Qh", "Jc Jd Tc Td", "--board", "9c 9d 2h Kc 3c",
            "--game", "omaha-hilo", "--json")
    assert r.exit_code == 0, r.output
    hands = json.loads(r.output)["hands"]
    assert [h["wins_low"] for h in hands] == [False, False]
    assert [h["low"] for h in hands] == ["No low", "No low"]


def test_eval_low8() -> None:
    r = run("eval", "A♣ 8♠ 6♦ 4♠ 2♣", "--low", "8")
    assert r.exit_code == 0
    assert r.output.strip() == "Ac8s6d4s2c: 8-6-4-2-A low (29)"


def test_bad_card_is_a_clear_error() -> None:
    r = run("eval", "Ah Xx Kd")
    assert r.exit_code == 2
    assert "unknown card 'Xx'" in r.output


def test_repeated_card_is_a_clear_error() -> None:
    r = run("compare", "Ah Kd", "Ah Qc", "--board", "2c 3d 4h")
    assert r.exit_code == 2
    assert "'Ah'" in r.output and "twice" in r.output


def test_demo_runs() -> None:
    r = run("demo")
    assert r.exit_code == 0, r.output
    assert "Straight, King high" in r.output
    assert "AcAd: 81.2555%" in r.output and "KhKs: 18.7445%" in r.output
    # the club sheet's event, 20 players, 300 seeded runs (the same on any thread count):
    # the figures printed are those of a direct simulate() of the same event and seed
    from pyeval.sim import simulate
    from pyeval.tournament.timetext import hhmm
    s = simulate("club_3000", n=300, seed=1, players=20, threads=1)
    d = s.duration_percentiles((10, 50, 90))
    ft = s.final_table_percentiles((10, 50, 90))
    assert f"lasts {hhmm(d[50.0])} median (10-90%: {hhmm(d[10.0])}-{hhmm(d[90.0])})" in r.output
    assert (f"final table forms at {hhmm(ft[50.0])} median "
            f"(10-90%: {hhmm(ft[10.0])}-{hhmm(ft[90.0])})") in r.output
    assert "assumed: pace dealer: " in r.output
    assert 2 * 60 < d[50.0] < 4 * 60           # a club evening, not minutes or a day


def test_razz_descriptions_name_pairs_then_kickers() -> None:
    import pyeval
    assert pyeval.describe(pyeval.razz("Ac Ad 2c 2d 3c"), "razz") == "Two Pair, Twos and Aces, 3"
    assert pyeval.describe(pyeval.razz("Ac Ad 2c 5d 3c"), "razz") == "Pair of Aces, 5-3-2"
    assert pyeval.describe(pyeval.razz("Kc Kd Ks Qh Qc"), "razz") == "Full House, Kings full of Queens"
