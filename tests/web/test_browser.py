"""The workbench in a real browser (headless Chromium driven by Selenium): create from the
template, change a level, see the check's error beside a bad level (and bad rebuys), simulate
in a named setting and read the median, tune and take the proposal, download the file and
load it back (with load_structure and into the app), print the blind sheet, run the clock to
the next level, draw seats and bust a player. Screenshots of each page go to the
``screenshots`` folder of the test's tmp dir (printed; ``pytest -s`` shows it).

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them) and the
``selenium`` package; skipped, saying which, when one is missing.
"""

from __future__ import annotations

import base64
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("flask")
webdriver = pytest.importorskip("selenium.webdriver", reason="the browser test needs selenium (the test extra)")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support import expected_conditions as ec  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from pyeval.tournament import load_structure  # noqa: E402
from pyeval.tournament.sheet import level_label  # noqa: E402
from pyeval.tournament.timetext import hhmm  # noqa: E402
from pyeval.web.app import create_app  # noqa: E402

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = [pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                 reason="needs Debian's chromium and chromium-driver (apt-get install -y "
                                        "chromium chromium-driver; .ci/run does)"),
              pytest.mark.slow]      # about 25 s of wall time, 10 s of CPU (a browser, 70 simulated tournaments)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,1000")
#: seconds to wait for the page (the simulation's first compile may take a minute cold)
WAIT, SIM_WAIT = 20, 600


@pytest.fixture()
def server() -> Iterator[str]:
    srv = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()
    thread.join(10)


@pytest.fixture()
def browser(tmp_path: Path) -> Iterator[object]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    (tmp_path / "downloads").mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(tmp_path / "downloads")})
    try:
        yield driver
    finally:
        driver.quit()


def gone(element):
    """A wait condition: ``element``'s page was replaced. ``ec.staleness_of`` lets through
    chromedriver's "Node with given id does not belong to the document", raised when the
    check lands while the page is being replaced: either error means it is gone."""
    from selenium.common.exceptions import WebDriverException

    def check(_driver) -> bool:
        try:
            element.is_enabled()
        except WebDriverException:          # StaleElementReferenceException is one
            return True
        return False
    return check


def set_value(field, value: str) -> None:
    field.clear()
    field.send_keys(value)


def stakes(levels) -> list[tuple]:
    return [(lv.small_blind, lv.big_blind, lv.ante, lv.minutes) for lv in levels]


def download(d, folder: Path) -> Path:
    """Press the page's download link; the file the browser saved (the folder is emptied
    first: the browser saves a file of the same name over the last one)."""
    for old in folder.iterdir():
        old.unlink()
    d.find_element(By.ID, "download").click()
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        done = [p for p in folder.iterdir() if p.suffix == ".toml"]
        if done and not any(p.suffix == ".crdownload" for p in folder.iterdir()):
            return done[0]
        time.sleep(0.1)
    raise AssertionError(f"nothing downloaded into {folder}")


def page_levels(d) -> list[tuple]:
    """The levels as the editor's form shows them."""
    rows = d.find_elements(By.CSS_SELECTOR, "#levels tbody tr")
    return [tuple(int(r.find_element(By.NAME, f"levels.{i}.{k}").get_attribute("value"))
                  for k in ("small_blind", "big_blind", "ante", "length")) for i, r in enumerate(rows)]


def test_workbench_in_a_browser(server: str, browser, tmp_path: Path) -> None:
    d, wait = browser, WebDriverWait(browser, WAIT)
    shots = tmp_path / "screenshots"
    shots.mkdir()
    print(f"screenshots in {shots}")
    shot = lambda name: d.save_screenshot(str(shots / f"{name}.png"))  # noqa: E731
    full = lambda name: (d.set_window_size(1280, d.execute_script(  # noqa: E731
        "window.scrollTo(0, 0); return document.body.scrollHeight") + 120), shot(name), d.set_window_size(1280, 1000))
    folder = tmp_path / "downloads"

    # a structure from the template: 25 players, 5,000 chips, 20-minute levels from 19:00
    d.get(server + "/")
    shot("start")
    set_value(d.find_element(By.ID, "tpl-name"), "Friday hold'em")
    d.find_element(By.ID, "create-template").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "status"), "valid"))
    template = load_structure(EXAMPLE_TEMPLATE())
    assert page_levels(d) == [(lv.small_blind, lv.big_blind, lv.ante, lv.minutes) for lv in template.levels]
    assert d.find_element(By.ID, "status").text == (
        f"structure.toml: valid: {len(template.levels)} levels, {len(template.breaks)} breaks, "
        f"{hhmm(template.clock()[-1].end)} to the end of level {len(template.levels)}")
    full("editor")

    # a bad level: level 4's big blind below its small blind, the check's words beside it
    set_value(d.find_element(By.NAME, "levels.3.big_blind"), "50")
    wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, '.msg[data-for="levels.3"]'), "smaller"))
    words = "level 4: big_blind 50 is smaller than small_blind 100; the big blind must be at least the small blind"
    assert d.find_element(By.ID, "status").text.endswith(": " + words)
    assert d.find_element(By.CSS_SELECTOR, '.msg[data-for="levels.3"]').text == words
    assert d.find_element(By.ID, "simulate").get_attribute("disabled") is not None
    assert "bad" in d.find_element(By.NAME, "levels.3.big_blind").get_attribute("class")
    shot("editor_error")
    # a change: level 4 becomes 100/250 (valid again)
    set_value(d.find_element(By.NAME, "levels.3.big_blind"), "250")
    wait.until(ec.text_to_be_present_in_element((By.ID, "status"), "valid"))

    # rebuys switched on until a level past the end: refused beside the rebuys, then off again
    d.find_element(By.NAME, "rebuys.on").click()
    set_value(d.find_element(By.NAME, "rebuys.until_level"), "99")
    wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, '.msg[data-for="rebuys.until_level"], '
                                                 '.msg[data-for="rebuys"]'), "99"))
    assert "bad" in d.find_element(By.NAME, "rebuys.until_level").get_attribute("class")
    shot("editor_rebuys_error")
    d.find_element(By.NAME, "rebuys.on").click()
    # late registration: 4 of the players come late
    set_value(d.find_element(By.NAME, "late_registration.entries"), "4")
    wait.until(ec.text_to_be_present_in_element((By.ID, "status"), "valid"))

    # download, load back: the template with the edit and the late entrants
    back = load_structure(download(d, folder))
    want = stakes(template.levels)
    want[3] = (100, 250, want[3][2], 20)
    assert stakes(back.levels) == want
    assert back.breaks == template.breaks and back.late_registration.entries == 4 and back.rebuys is None

    # how it plays: a home game where players deal, 20 players; the median is simulate()'s
    d.find_element(By.ID, "tab-simulate").click()
    Select(d.find_element(By.ID, "setting")).select_by_value("home")
    set_value(d.find_element(By.ID, "players"), "20")
    set_value(d.find_element(By.ID, "runs"), "6")
    set_value(d.find_element(By.ID, "seed"), "3")
    d.find_element(By.ID, "simulate").click()
    WebDriverWait(d, SIM_WAIT).until(ec.presence_of_element_located((By.ID, "sim-median")))
    shown = float(d.find_element(By.ID, "sim-median").get_attribute("data-minutes"))
    from pyeval.sim import simulate
    mine = simulate(back, n=6, seed=3, players=20, field="home_game", pace="players")
    assert shown == mine.duration_percentiles([50])[50.0]
    summary = d.find_element(By.ID, "sim-summary").text
    for words in ("a club night with a dealer at each table", "a casino event with dealers",
                  "an online tournament", "money reached", "sampling error (95%)"):
        assert words in summary
    full("simulate")

    # fit it to the evening: done by 4:00 with 90 %; the proposal beside the current levels
    d.find_element(By.ID, "tab-tune").click()
    set_value(d.find_element(By.ID, "tune-runs"), "10")
    set_value(d.find_element(By.ID, "tune-fields"), "1")
    d.find_element(By.ID, "tune").click()
    WebDriverWait(d, SIM_WAIT).until(ec.visibility_of_element_located((By.ID, "tune-result")))
    assert "Done by 4:00 with 90%: " in d.find_element(By.ID, "tune-summary").text
    side = d.find_elements(By.CSS_SELECTOR, "#compare-levels tbody tr:not(.break)")
    assert [r.find_elements(By.TAG_NAME, "td")[1].text for r in side[:len(back.levels)]] == [
        level_label(lv) for lv in back.levels]
    proposed = [r.find_elements(By.TAG_NAME, "td")[3].text for r in side if r.find_elements(By.TAG_NAME, "td")[3].text]
    full("tune")
    old_page = d.find_element(By.ID, "status")
    d.find_element(By.ID, "take-proposal").click()
    wait.until(gone(old_page))                   # the editor again, with the proposal
    wait.until(ec.text_to_be_present_in_element((By.ID, "status"), "valid"))
    tuned = load_structure(download(d, folder))
    assert [level_label(lv) for lv in tuned.levels] == proposed
    assert page_levels(d) == stakes(tuned.levels)

    # the file loads back into the app: the same levels in the editor
    d.get(server + "/")
    d.find_element(By.ID, "file").send_keys(str(tuned.file))
    d.find_element(By.ID, "open-file").click()
    wait.until(ec.url_contains("/edit/"))
    wait.until(ec.text_to_be_present_in_element((By.ID, "status"), "valid"))
    assert page_levels(d) == stakes(tuned.levels)

    # the blind sheet from the evening's start time, as printed: the table only
    d.find_element(By.ID, "tab-simulate").click()
    set_value(d.find_element(By.ID, "start"), "19:00")
    d.find_element(By.LINK_TEXT, "blind sheet").click()
    wait.until(ec.presence_of_element_located((By.ID, "blind-sheet")))
    third = d.find_elements(By.CSS_SELECTOR, "#blind-sheet tbody tr")[2].text
    assert third.startswith(f"3 {level_label(tuned.levels[2])} 20 min 19:40 20:00"), third
    full("sheet")
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert not d.find_element(By.CSS_SELECTOR, "nav.top").is_displayed()
    assert d.find_element(By.ID, "blind-sheet").is_displayed()
    pdf = d.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"]
    (shots / "sheet.pdf").write_bytes(base64.b64decode(pdf))
    assert (shots / "sheet.pdf").read_bytes()[:5] == b"%PDF-"
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    # the clock: level 1 now, level 2's blinds next; "next level" shows level 2 and level 3 next
    lv = tuned.levels
    players = tuned.entrants.maximum
    d.find_element(By.LINK_TEXT, "clock").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "blinds-now"), level_label(lv[0])))
    assert d.find_element(By.ID, "blinds-next").text == level_label(lv[1])
    assert d.find_element(By.ID, "time-left").text == f"{lv[0].minutes}:00"
    d.find_element(By.ID, "bust").click()
    assert d.find_element(By.ID, "players-left").text == str(players - 1)
    assert d.find_element(By.ID, "average-stack").text == f"{round(tuned.starting_chips * players / (players - 1)):,}"
    d.find_element(By.ID, "next-level").click()
    assert d.find_element(By.ID, "phase").text == "Level 2"
    assert d.find_element(By.ID, "blinds-now").text == level_label(lv[1])
    assert d.find_element(By.ID, "blinds-next").text == level_label(lv[2])
    first_break = tuned.breaks[0].after_level
    assert d.find_element(By.ID, "next-break").text == (
        f"after level {first_break}, in {sum(x.minutes for x in lv[1:first_break])} min")
    d.find_element(By.ID, "run").click()      # the clock runs in the page
    wait.until(lambda _: d.find_element(By.ID, "time-left").text == f"{lv[1].minutes - 1}:59")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)     # the director's key: pause
    assert d.find_element(By.ID, "run").text == "Resume"
    assert d.find_element(By.ID, "paused").is_displayed()
    d.find_element(By.ID, "plus-minute").click()
    assert d.find_element(By.ID, "time-left").text in (f"{lv[1].minutes}:59", f"{lv[1].minutes}:58")
    shot("clock")

    # the seat draw for the players left, then a bust at the shortest table
    d.find_element(By.ID, "draw-seats").click()
    left = players - 1
    size = tuned.tables.table_size
    count = -(-left // size)
    wait.until(ec.presence_of_element_located((By.ID, f"table-{count}")))
    tables = d.find_elements(By.CSS_SELECTOR, ".table")
    seated = {t.get_attribute("id").split("-")[1]: len(t.find_elements(By.CSS_SELECTOR, "button.player"))
              for t in tables}
    counts = sorted(seated.values())
    assert counts == sorted([left // count + (i < left % count) for i in range(count)])   # balanced
    shot("clock_seats_drawn")
    short = min(tables, key=lambda t: len(t.find_elements(By.CSS_SELECTOR, "button.player")))
    short_id = short.get_attribute("id").split("-")[1]
    victim = short.find_element(By.CSS_SELECTOR, "button.player")
    number = victim.get_attribute("data-player")
    victim.click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "moves"), "busted"))
    moves = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#moves li")]
    assert moves[0] == f"player {number} busted"
    if left - 1 <= (count - 1) * size:        # the players left fit one table fewer: one breaks
        broken = re.match(r"player \d+: table (\d+) ", moves[1]).group(1)
        assert len(moves) - 1 == seated[broken] - (broken == short_id)
        assert all(m.endswith(f"(table {broken} breaks)") for m in moves[1:])
        assert len(d.find_elements(By.CSS_SELECTOR, ".table")) == count - 1
    elif max(counts) - (min(counts) - 1) >= tuned.tables.balance_at_difference:
        assert len(moves) == 2 and re.fullmatch(
            rf"player \d+: table \d+ seat \d+ to table {short_id} seat \d+ \(balancing\)", moves[1])
    assert d.find_element(By.ID, "players-left").text == str(left - 1)
    assert d.find_element(By.ID, "entries").text == str(players)       # the draw kept the entries
    assert d.find_element(By.ID, "average-stack").text == f"{round(tuned.starting_chips * players / (left - 1)):,}"
    full("clock_seats")


def EXAMPLE_TEMPLATE() -> Path:
    """The template the start page writes for its defaults and the name typed, as a file."""
    import tempfile

    from pyeval.tournament.template import structure_template
    path = Path(tempfile.mkdtemp()) / "template.toml"
    path.write_text(structure_template(players=25, starting=5000, level_minutes=20, start="19:00",
                                       name="Friday hold'em"), encoding="utf-8")
    return path
