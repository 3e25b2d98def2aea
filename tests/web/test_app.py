"""The workbench's routes through Flask's test client: the check messages are the CLI's,
the downloaded file loads back to the edited levels, a simulation's median is simulate()'s."""

from __future__ import annotations

import doctest
import importlib
import io
import json
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("flask")

from pyeval.cli.main import cli
from pyeval.sim.analysis.report import SPREAD_ROW, summary_rows
from pyeval.tournament import load_structure
from pyeval.tournament.chips import ColourUp
from pyeval.tournament.structure import EXAMPLES_DIR, example_names, parse_structure
from pyeval.tournament.toml_reader import read_toml
from pyeval.tournament.toml_writer import toml_text
from pyeval.web.app import clock_levels, create_app
from pyeval.web.editing import check_form, structure_form


@pytest.fixture()
def client():
    return create_app().test_client()


def new_draft(client, example: str = "club_3000") -> str:
    r = client.post("/new", data={"example": example})
    assert r.status_code == 302
    return r.location.rsplit("/", 1)[-1]


def stakes(levels) -> list[tuple]:
    return [(lv.small_blind, lv.big_blind, lv.ante, lv.minutes, lv.hands) for lv in levels]


@pytest.mark.parametrize("module", ["pyeval.web", "pyeval.web.editing", "pyeval.web.app", "pyeval.web.jobs",
                                    "pyeval.web.seats", "pyeval.web.reports"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", example_names())
def test_written_toml_reads_back_to_the_same_structure(name: str) -> None:
    text = (EXAMPLES_DIR / f"{name}.toml").read_text("utf-8")
    data = read_toml(text, name)
    written = toml_text(data)
    assert read_toml(written, name) == data
    assert parse_structure(written, name) == parse_structure(text, name)


@pytest.mark.parametrize("name", example_names())
def test_an_unchanged_form_writes_the_same_structure(name: str) -> None:
    text = (EXAMPLES_DIR / f"{name}.toml").read_text("utf-8")
    original = parse_structure(text, name)
    result = check_form(text, structure_form(original), name)
    assert result.message == ""
    assert result.structure == original     # levels timed in hands, stud, break rules: all kept


def test_toml_writer_refuses_what_toml_cannot_hold() -> None:
    with pytest.raises(TypeError, match="cannot write NoneType None as TOML"):
        toml_text({"a": None})
    with pytest.raises(ValueError, match="no value for inf"):
        toml_text({"a": float("inf")})


def test_start_page_lists_every_example(client) -> None:
    page = client.get("/").get_data(as_text=True)
    for name in example_names():
        assert f'value="{name}"' in page
    assert load_structure("club_3000").name.replace("'", "&#39;") in page


def test_editor_page_carries_the_structures_form(client) -> None:
    key = new_draft(client)
    page = client.get(f"/edit/{key}").get_data(as_text=True)
    data = re.search(r'<script id="form-data" type="application/json">(.*?)</script>', page, re.S)
    assert data is not None
    assert json.loads(data.group(1)) == structure_form(load_structure("club_3000"))


def test_check_gives_the_message_of_tournament_check(client, tmp_path: Path) -> None:
    key = new_draft(client)
    form = structure_form(load_structure("club_3000"))
    form["levels"][3]["small_blind"] = 500     # above its big blind, 400
    r = client.post(f"/api/check/{key}", json=form).get_json()
    assert r["ok"] is False and r["field"] == "levels.3.big_blind"
    # the same file through the command line: same line, same words
    from pyeval.web.editing import apply_form
    bad = tmp_path / "club_3000.toml"
    bad.write_text(apply_form((EXAMPLES_DIR / "club_3000.toml").read_text(), form), "utf-8")
    out = CliRunner().invoke(cli, ["tournament", "check", str(bad)])
    assert out.exit_code == 1
    cli_message = out.output.removeprefix("Error: ").strip()
    assert cli_message.removeprefix(str(bad)) == r["message"].removeprefix("club_3000.toml")
    assert r["message"] == ("club_3000.toml:49: level 4: big_blind 400 is smaller than small_blind 500; "
                            "the big blind must be at least the small blind")
    # a bad value in a break, and text where a number goes
    form["levels"][3]["small_blind"] = 200
    form["breaks"][0]["after_level"] = 99
    r = client.post(f"/api/check/{key}", json=form).get_json()
    assert r == {"ok": False, "field": "breaks.0.after_level", "message": "club_3000.toml:127: a break "
                 "after level 99 cannot be held: levels run from 1 to 10 and the last level plays to the end"}
    written = apply_form((EXAMPLES_DIR / "club_3000.toml").read_text(), form).splitlines()
    assert written[127 - 1] == "after_level = 99"    # the line named is the bad break's
    form["breaks"][0]["after_level"] = 2
    form["starting"] = "lots"
    r = client.post(f"/api/check/{key}", json=form).get_json()
    assert r == {"ok": False, "field": "starting", "message": "club_3000.toml:16: chips.starting must be "
                 "a whole number, got 'lots' (text)"}


def test_edited_structure_downloads_and_loads_back(client, tmp_path: Path) -> None:
    key = new_draft(client)
    original = load_structure("club_3000")
    form = structure_form(original)
    form["levels"][2].update(small_blind="100", big_blind="300", ante="0", length="25")
    form["levels"].append({"small_blind": 4000, "big_blind": 8000, "ante": 1000, "length": 20, "unit": "minutes"})
    form["breaks"].append({"after_level": 10, "minutes": 15})
    form["starting"] = "4,000"
    r = client.post(f"/api/check/{key}", json=form).get_json()
    assert r == {"ok": True, "field": "", "message": "club_3000.toml: valid",
                 "summary": "11 levels, 5 breaks, 4:40 to the end of level 11"}
    download = client.get(f"/download/{key}")
    assert download.headers["Content-Disposition"] == 'attachment; filename="club_3000.toml"'
    path = tmp_path / "club_3000.toml"
    path.write_bytes(download.data)
    back = load_structure(path)
    want = stakes(original.levels)
    want[2] = (100, 300, 0, 25, None)
    want.append((4000, 8000, 1000, 20, None))
    assert stakes(back.levels) == want
    assert [(b.after_level, b.minutes) for b in back.breaks] == [(2, 10), (4, 10), (6, 10), (8, 10), (10, 15)]
    assert back.starting_chips == 4000
    assert back.payout_rules == original.payout_rules and back.points == original.points
    assert back.chips == original.chips and back.tables == original.tables


def test_an_invalid_edit_keeps_the_last_valid_file(client) -> None:
    key = new_draft(client)
    form = structure_form(load_structure("club_3000"))
    form["levels"][0]["big_blind"] = 10
    assert client.post(f"/api/check/{key}", json=form).get_json()["ok"] is False
    assert client.get(f"/download/{key}").data == (EXAMPLES_DIR / "club_3000.toml").read_bytes()


def test_upload(client) -> None:
    text = (EXAMPLES_DIR / "hands_100k_stud.toml").read_bytes()
    r = client.post("/new", data={"file": (io.BytesIO(text), "mine.toml")}, content_type="multipart/form-data")
    assert r.status_code == 302
    key = r.location.rsplit("/", 1)[-1]
    form = json.loads(re.search(r'type="application/json">(.*?)</script>',
                                client.get(f"/edit/{key}").get_data(as_text=True), re.S).group(1))
    assert form == structure_form(load_structure("hands_100k_stud"))
    bad = client.post("/new", data={"file": (io.BytesIO(b"[tournament]\nname = 1\n"), "bad.toml")},
                      content_type="multipart/form-data")
    assert bad.status_code == 400
    assert "bad.toml:2: tournament.name must be text, got 1 (a whole number)" in bad.get_data(as_text=True)
    assert 'value="club_3000"' in bad.get_data(as_text=True)     # the examples still offered
    latin = client.post("/new", data={"file": (io.BytesIO(b"name = '\xe9'"), "l.toml")},
                        content_type="multipart/form-data")
    assert latin.status_code == 400 and "l.toml is not UTF-8 text" in latin.get_data(as_text=True)


def test_simulate_gives_simulates_median(client) -> None:
    from pyeval.sim import simulate
    key = new_draft(client)
    job = client.post(f"/api/simulate/{key}", json={"players": "20", "runs": "6", "seed": "11",
                                                    "compare": False}).get_json()["job"]
    deadline = time.monotonic() + 600
    while not (state := client.get(f"/api/job/{job}").get_json())["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert state["error"] == "" and state["done"] == state["total"] == 6
    # the default setting of a structure without a pace: a casino event with dealers
    direct = simulate(load_structure("club_3000"), n=6, seed=11, players=20, field="live_tournament", pace="dealer")
    p = direct.duration_percentiles([10, 50, 90])
    got = state["result"]
    assert {k: got[k] for k in ("runs", "players", "median", "p10", "p90")} == {
        "runs": 6, "players": 20, "median": p[50.0], "p10": p[10.0], "p90": p[90.0]}
    assert got["setting"] == "a casino event with dealers"
    reached = [row for row in direct.level_rows() if row["reached"] > 0]
    assert [cells[:3] for cells in got["levels"]] == [[str(r["level"]), r["blinds"], f"{100 * r['reached']:.0f}%"]
                                                      for r in reached]
    assert got["levels"][0][5] == f"{3000 / 50:.1f}"      # 60 big blinds deep at level 1
    assert got["rows"] == [list(row) for row in summary_rows(direct, field="live_tournament")]
    assert got["rows"][3] == ["field", "live_tournament: online_regular, live_recreational, nit"]
    assert not any(row[0] == SPREAD_ROW for row in got["rows"])          # compare switched off


def test_the_settings_come_first_by_default(client) -> None:
    """Without ``compare``, the page still gets the spread first: each setting named, the
    casino event (the default setting) being the run itself."""
    from pyeval.sim.analysis.spread import THIS_RUN
    from pyeval.sim.settings import SETTINGS
    key = new_draft(client)
    state = wait_job(client, client.post(f"/api/simulate/{key}", json={"players": 20, "runs": 5, "seed": 3})
                     .get_json()["job"])
    assert state["done"] == state["total"] == 5 + 3 * 5           # the casino setting is not run twice
    labels = [r[0] for r in state["result"]["rows"]]
    at = labels.index(SPREAD_ROW)
    assert at == 2 and labels[:2] == ["structure", "entrants"]      # the first figures on the page
    assert labels[at + 1: at + 5] == [f"  {s.words}" + (THIS_RUN if s.key == "casino" else "")
                                      for s in SETTINGS.values()]
    assert labels[-1] == "sampling error (95%)"
    # the page's first line: each setting's median (the casino one is the run's own)
    settings = state["result"]["settings"]
    assert [x["words"] for x in settings] == [label.strip() for label in labels[at + 1: at + 5]]
    assert settings[2]["median"] == state["result"]["median"] and settings[0]["runs"] == 5


def wait_job(client, job: str) -> dict:
    deadline = time.monotonic() + 600
    while not (state := client.get(f"/api/job/{job}").get_json())["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert state["error"] == ""
    return state


def test_simulate_in_a_setting_beside_the_others(client) -> None:
    """A home game where players deal: its field and pace; the other three settings named in
    the summary with their own medians; the progress counts every tournament."""
    from pyeval.sim import simulate
    from pyeval.sim.settings import SETTINGS
    key = new_draft(client)
    job = client.post(f"/api/simulate/{key}", json={"players": 20, "runs": 4, "seed": 2, "setting": "home",
                                                    "compare": True, "start": "19:00"}).get_json()["job"]
    state = wait_job(client, job)
    assert state["done"] == state["total"] == 4 + 3 * 4
    s = load_structure("club_3000")
    home = simulate(s, n=4, seed=2, players=20, field="home_game", pace="players")
    others = [(x.words + " (this run)", home) if x.key == "home" else
              (x.words, simulate(s, n=4, seed=3 + i, players=20, field=x.field, pace=x.pace))
              for i, x in enumerate(SETTINGS.values())]
    assert state["result"]["rows"] == [list(r) for r in summary_rows(home, start="19:00", spread=others,
                                                                     field="home_game")]
    assert state["result"]["setting"] == "a relaxed home game where players deal"
    labels = [r[0] for r in state["result"]["rows"]]
    assert "  a casino event with dealers" in labels and "  an online tournament" in labels
    r = client.post(f"/api/simulate/{key}", json={"setting": "pub"})
    assert r.status_code == 400 and "setting must be one of home, club, casino, online" in r.get_data(as_text=True)


def test_template_start(client) -> None:
    from pyeval.tournament.template import structure_template
    r = client.post("/new", data={"source": "template", "players": "25", "chips": "5,000", "level_minutes": "20",
                                  "start": "19:00", "name": "Friday"})
    key = r.location.rsplit("/", 1)[-1]
    assert client.get(f"/download/{key}").get_data(as_text=True) == structure_template(
        players=25, starting=5000, level_minutes=20, start="19:00", name="Friday")
    bad = client.post("/new", data={"source": "template", "players": "lots"})
    assert bad.status_code == 400 and "players: a whole number, got &#39;lots&#39;" in bad.get_data(as_text=True)
    bad = client.post("/new", data={"source": "template", "players": "25", "level_minutes": "500"})
    assert bad.status_code == 400 and "level minutes: from 1 to 240, got 500" in bad.get_data(as_text=True)


def test_rebuys_add_on_late_registration_and_payouts_in_the_form(client, tmp_path: Path) -> None:
    key = new_draft(client)
    form = structure_form(load_structure("club_3000"))
    assert form["rebuys"]["on"] is False and form["late_registration"]["on"] is False
    form["rebuys"].update(on=True, price="20", chips="3000", per_player="", until_level="4")
    form["add_on"].update(on=True, price="10", chips="2,000", before_level="5")
    form["late_registration"].update(on=True, until_level="4", entries="6")
    form["entrants"] = {"min": "20", "max": "30"}
    form["payouts"] = {"paid_percent": "", "ratio": "",
                       "tables": [{"low": "20", "high": "30", "percent": "50, 30, 20"}]}
    r = client.post(f"/api/check/{key}", json=form).get_json()
    assert r["ok"] is True, r
    path = tmp_path / "club.toml"
    path.write_bytes(client.get(f"/download/{key}").data)
    back = load_structure(path)
    rb = back.rebuys
    assert (rb.price, rb.chips, rb.per_player, rb.until_level) == (20, 3000, None, 4)
    assert (back.add_on.price, back.add_on.chips, back.add_on.before_level) == (10, 2000, 5)
    assert (back.late_registration.until_level, back.late_registration.entries) == (4, 6)
    assert (back.entrants.minimum, back.entrants.maximum) == (20, 30)
    assert back.payouts(30) == (back.prize_pool(30) // 2, back.prize_pool(30) * 3 // 10, back.prize_pool(30) // 5)
    assert structure_form(back)["payouts"]["tables"] == [{"low": 20, "high": 30, "percent": "50, 30, 20"}]
    # off again: the sections leave the file
    form["rebuys"]["on"] = False
    assert client.post(f"/api/check/{key}", json=form).get_json()["ok"] is True
    assert "[rebuys]" not in client.get(f"/download/{key}").get_data(as_text=True)
    # bad values: the command line's message, and the field it is about
    from pyeval.web.editing import apply_form
    last_valid = client.get(f"/download/{key}").get_data(as_text=True)     # what the form is written into
    for change, field in ((("late_registration", "until_level", "99"), "late_registration.until_level"),
                          (("add_on", "before_level", "1"), "add_on.before_level")):
        bad = json.loads(json.dumps(form))
        bad[change[0]][change[1]] = change[2]
        r = client.post(f"/api/check/{key}", json=bad).get_json()
        assert r["ok"] is False and r["field"] == field
        written = tmp_path / "club_3000.toml"
        written.write_text(apply_form(last_valid, bad), "utf-8")
        out = CliRunner().invoke(cli, ["tournament", "check", str(written)])
        assert out.output.removeprefix("Error: ").strip().removeprefix(str(written)) == \
            r["message"].removeprefix("club_3000.toml")
    bad = json.loads(json.dumps(form))
    bad["payouts"]["tables"][0]["percent"] = "50, 30, 30"
    r = client.post(f"/api/check/{key}", json=bad).get_json()
    assert r["field"] == "payouts.tables.0.percent"
    assert r["message"].endswith("percentages add up to 110, not 100: a payout table must pay out the whole pool")


def test_tune_proposes_beside_the_current_levels_and_the_proposal_can_be_taken(client) -> None:
    from pyeval.sim.tune import Asked, DirectorFile, Search, parse_target, tune
    from pyeval.web.reports import level_rows
    key = new_draft(client)
    job = client.post(f"/api/tune/{key}", json={"targets": ["done by 23:00 with 90%"], "start": "19:00",
                                                "runs": 10, "fields": 1, "players": 20,
                                                "setting": "home"}).get_json()["job"]
    got = wait_job(client, job)["result"]
    s = load_structure("club_3000")
    text = (EXAMPLES_DIR / "club_3000.toml").read_text("utf-8")
    direct = tune([parse_target("done within 4h with 90%")],
                  Asked(start_from=DirectorFile(text, "club_3000.toml"), players=20, pace="players",
                        name="Club hold'em, 3,000 chips (tuned)"),
                  search=Search(n=10, screen_n=4), ensemble_size=1, seed=1)
    assert got["toml"] == direct.toml and got["targets"] == ["done by 4:00 with 90%"]
    assert got["current"] == level_rows(s) and got["met"] == direct.met
    taken = client.post(f"/api/tune/{key}/take", json={"job": job}).get_json()
    assert taken == {"url": f"/edit/{key}"}
    assert client.get(f"/download/{key}").get_data(as_text=True) == direct.toml
    r = client.post(f"/api/tune/{key}", json={"targets": ["done by soon"]})
    assert r.status_code == 400 and r.get_json()["error"].startswith("cannot read the target 'done by soon'")


def test_taking_the_proposal_keeps_rebuys_add_on_late_registration_and_payouts(client) -> None:
    """The director's rebuys, add-on, late registration and payouts survive the proposal (and
    the tuner simulated with them); the levels, breaks and colour-ups are the proposal's."""
    key = new_draft(client)
    form = structure_form(load_structure("club_3000"))
    form["rebuys"] = {"on": True, "price": 20, "chips": 3000, "per_player": 2, "until_level": 4}
    form["add_on"] = {"on": True, "price": 10, "chips": 2000, "before_level": 5}
    form["late_registration"] = {"on": True, "until_level": 4, "entries": 6}
    form["payouts"] = {"paid_percent": "", "ratio": "", "tables": [
        {"low": 20, "high": 40, "percent": "40, 25, 15, 12, 8"}]}
    assert client.post(f"/api/check/{key}", json=form).get_json()["ok"]
    before = load_text(client, key)
    job = client.post(f"/api/tune/{key}", json={"targets": ["done within 4h with 90%"], "runs": 10,
                                                "fields": 1, "players": 30}).get_json()["job"]
    got = wait_job(client, job)["result"]
    assert client.post(f"/api/tune/{key}/take", json={"job": job}).status_code == 200
    after = load_text(client, key)
    proposal = parse_structure(got["toml"], "proposal.toml")
    for name in ("rebuys", "add_on", "late_registration", "payout_rules", "buy_in", "entrants", "tables"):
        assert getattr(after, name) == getattr(before, name), name
    assert after.rebuys.per_player == 2 and after.late_registration.entries == 6
    assert [t.percents for t in after.payout_rules.tables] == [(40, 25, 15, 12, 8)]
    assert after.levels == proposal.levels and after.breaks == proposal.breaks
    assert after.chips == proposal.chips and after.levels != before.levels
    # what was simulated is the file taken: rebuys and late entrants counted in the runs
    assert "rebuys, add-on, late registration as written" in got["explain"]


def load_text(client, key: str):
    return parse_structure(client.get(f"/download/{key}").get_data(as_text=True), "draft.toml")


def test_bad_requests_say_what_is_allowed(client) -> None:
    key = new_draft(client)
    r = client.post(f"/api/simulate/{key}", json={"players": 41})
    assert r.status_code == 400 and "players must be 2 to 40, got 41" in r.get_data(as_text=True)
    r = client.post(f"/api/simulate/{key}", json={"runs": "many"})
    assert r.status_code == 400 and "runs must be a whole number, got &#39;many&#39;" in r.get_data(as_text=True)
    assert client.post(f"/api/simulate/{key}", data="x").status_code == 400
    assert client.get("/edit/nope").status_code == 404
    assert client.get("/api/job/999").status_code == 404
    r = client.post("/new", data={"example": "nope"})
    assert r.status_code == 400 and "unknown example &#39;nope&#39;" in r.get_data(as_text=True)
    r = client.get(f"/sheet/{key}?start=25:99")
    assert r.status_code == 400


def test_blind_sheet_page(client) -> None:
    key = new_draft(client)
    page = client.get(f"/sheet/{key}?start=19:00").get_data(as_text=True)
    rows = re.findall(r"<tr[^>]*><td>(\d*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td>", page)
    assert rows[:3] == [("1", "25/50", "20 min", "19:00"), ("2", "50/100", "20 min", "19:20"),
                        ("", "break", "10 min", "19:40")]
    assert len(rows) == 14     # 10 levels and 4 breaks
    css = client.get("/static/app.css").get_data(as_text=True)
    assert "@media print" in css


def test_clock_page_carries_the_levels(client) -> None:
    key = new_draft(client)
    page = client.get(f"/clock/{key}").get_data(as_text=True)
    data = json.loads(re.search(r'<script id="clock-data" type="application/json">(.*?)</script>', page, re.S).group(1))
    s = load_structure("club_3000")
    assert data == {"levels": clock_levels(s), "starting": 3000, "players": 40,
                    "draw": f"/api/seats/{key}/draw", "bust": f"/api/seats/{key}/bust"}
    assert [lv["label"] for lv in data["levels"][:3]] == ["25/50", "50/100", "100/200"]
    assert [lv["break_after"] for lv in data["levels"]] == [0, 10, 0, 10, 0, 10, 0, 10, 0, 0]


def test_serve_without_flask_says_how_to_install(monkeypatch) -> None:
    import sys
    monkeypatch.setitem(sys.modules, "flask", None)
    out = CliRunner().invoke(cli, ["serve", "--port", "8765"])
    assert out.exit_code == 1
    assert "pip install 'pyeval[web]'" in out.output


def test_seat_draw_and_moves_follow_the_seating_rules(client) -> None:
    from pyeval.tournament.seating import draw_seats
    key = new_draft(client)
    room = client.post(f"/api/seats/{key}/draw", json={"players": 22, "seed": 4}).get_json()
    want = draw_seats(range(1, 23), 9, seed=4)
    assert {t["table"]: dict(map(tuple, t["seats"])) for t in room["tables"]} == want.tables
    assert [len(t["seats"]) for t in room["tables"]] == [8, 7, 7]
    table2 = [p for _, p in room["tables"][1]["seats"]]
    # a bust at table 2 leaves 6 there against 8 at table 1: one player moves from 1 to 2
    r = client.post(f"/api/seats/{key}/bust", json={"player": table2[0], "buttons": {"1": 1}}).get_json()
    assert len(r["moves"]) == 1
    assert re.fullmatch(r"player \d+: table 1 seat \d to table 2 seat \d \(balancing\)", r["moves"][0])
    assert [len(t["seats"]) for t in r["tables"]] == [7, 7, 7]
    seated = sorted(p for t in r["tables"] for _, p in t["seats"])
    assert seated == sorted(set(range(1, 23)) - {table2[0]}) and r["players"] == 21
    # down to 18 players: they fit on two tables of 9, the highest, table 3, breaks
    for _ in range(3):
        at_table3 = [p for _, p in r["tables"][2]["seats"]]
        r = client.post(f"/api/seats/{key}/bust", json={"player": r["tables"][0]["seats"][0][1]}).get_json()
    assert r["players"] == 18 and [t["table"] for t in r["tables"]] == [1, 2]
    assert [len(t["seats"]) for t in r["tables"]] == [9, 9]
    assert sorted(int(m.split(":")[0].split()[1]) for m in r["moves"]) == sorted(at_table3)
    assert all(m.endswith("(table 3 breaks)") for m in r["moves"])
    bad = client.post(f"/api/seats/{key}/bust", json={"player": table2[0]})
    assert bad.status_code == 400 and bad.get_json()["error"].startswith(f"player {table2[0]} is not seated")
    fresh = new_draft(client)
    assert client.post(f"/api/seats/{fresh}/bust", json={"player": 1}).status_code == 400


def test_colour_ups_in_the_form(client) -> None:
    key = new_draft(client)
    form = structure_form(load_structure("club_3000"))
    assert form["colour_ups"] == [{"before_level": 3, "remove": "25, 50"}, {"before_level": 7, "remove": "100"}]
    form["colour_ups"] = [{"before_level": "5", "remove": "25, 50"}]
    assert client.post(f"/api/check/{key}", json=form).get_json()["ok"] is True
    text = client.get(f"/download/{key}").get_data(as_text=True)
    assert parse_structure(text, "c.toml").chips.colour_ups == (ColourUp(5, (25, 50)),)
    form["colour_ups"][0]["remove"] = "30"
    r = client.post(f"/api/check/{key}", json=form).get_json()
    assert r["field"] == "colour_ups.0.remove" and r["message"].endswith(
        "colour-up before level 5 removes 30, which is not in play then; in play: 25, 50, 100, 500, 1000")
    form["colour_ups"] = []
    assert client.post(f"/api/check/{key}", json=form).get_json()["ok"] is True
    assert "colour_up" not in client.get(f"/download/{key}").get_data(as_text=True)


def test_one_job_computes_at_a_time() -> None:
    import threading

    from pyeval.web.jobs import Jobs
    jobs, go, order = Jobs(), threading.Event(), []

    def first(advance, say):
        order.append("first starts")
        assert go.wait(30)
        order.append("first ends")
        return {"n": 1}

    def second(advance, say):
        order.append("second starts")
        return {"n": 2}

    a = jobs.run(1, first)
    deadline = time.monotonic() + 30
    while not order and time.monotonic() < deadline:
        time.sleep(0.01)
    b = jobs.run(1, second)
    while jobs.get(b).message == "" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert jobs.get(b).state()["message"] == "waiting for the other simulation to finish"
    assert order == ["first starts"]
    go.set()
    assert jobs.get(b).wait(30).result == {"n": 2} and jobs.get(a).result == {"n": 1}
    assert order == ["first starts", "first ends", "second starts"]
