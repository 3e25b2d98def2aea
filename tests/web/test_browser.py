"""The workbench in a real browser (headless Chromium driven by Selenium): create from an
example, edit a level, see the check's error beside the bad level, simulate and read the
median, download and load back, run the clock to the next level. Screenshots of each page go
to the test's tmp dir.

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
from selenium.webdriver.support import expected_conditions as ec  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from pyeval.tournament import load_structure  # noqa: E402
from pyeval.web.app import create_app  # noqa: E402

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="needs Debian's chromium and chromium-driver (apt-get install -y "
                                       "chromium chromium-driver; .ci/run does)")
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


def set_value(field, value: str) -> None:
    field.clear()
    field.send_keys(value)


def test_workbench_in_a_browser(server: str, browser, tmp_path: Path) -> None:
    d, wait = browser, WebDriverWait(browser, WAIT)
    shot = lambda name: d.save_screenshot(str(tmp_path / f"{name}.png"))  # noqa: E731

    d.get(server + "/")
    shot("start")
    Select(d.find_element(By.ID, "example")).select_by_value("club_3000")
    d.find_element(By.ID, "create").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "status"), "valid"))
    assert d.find_element(By.ID, "status").text == ("club_3000.toml: valid: 10 levels, 4 breaks, "
                                                    "4:00 to the end of level 10")

    # a bad level: its big blind below its small blind, the check's words beside it
    set_value(d.find_element(By.NAME, "levels.3.big_blind"), "150")
    wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, '.msg[data-for="levels.3.big_blind"], '
                                                 '.msg[data-for="levels.3"]'), "smaller"))
    assert d.find_element(By.ID, "status").text == (
        "club_3000.toml:49: level 4: big_blind 150 is smaller than small_blind 200; the big blind must be "
        "at least the small blind")
    assert d.find_element(By.CSS_SELECTOR, '.msg[data-for="levels.3"]').text == (
        "level 4: big_blind 150 is smaller than small_blind 200; the big blind must be at least the small blind")
    assert d.find_element(By.ID, "simulate").get_attribute("disabled") is not None
    assert "bad" in d.find_element(By.NAME, "levels.3.big_blind").get_attribute("class")
    shot("editor_error")

    # fixed: level 4 becomes 200/500, valid again
    set_value(d.find_element(By.NAME, "levels.3.big_blind"), "500")
    wait.until(ec.text_to_be_present_in_element((By.ID, "status"), "valid"))

    # simulate: the median on the page is simulate()'s with the same seed
    set_value(d.find_element(By.ID, "players"), "20")
    set_value(d.find_element(By.ID, "runs"), "6")
    set_value(d.find_element(By.ID, "seed"), "3")
    d.find_element(By.ID, "simulate").click()
    WebDriverWait(d, SIM_WAIT).until(ec.presence_of_element_located((By.ID, "sim-median")))
    shown = float(d.find_element(By.ID, "sim-median").get_attribute("data-minutes"))
    shot("editor_simulated")

    # download and load back
    d.find_element(By.ID, "download").click()
    target = tmp_path / "downloads" / "club_3000.toml"
    deadline = time.monotonic() + WAIT
    while not target.is_file() and time.monotonic() < deadline:
        time.sleep(0.1)
    back = load_structure(target)
    original = load_structure("club_3000")
    want = [(lv.small_blind, lv.big_blind, lv.ante, lv.minutes) for lv in original.levels]
    want[3] = (200, 500, 0, 20)
    assert [(lv.small_blind, lv.big_blind, lv.ante, lv.minutes) for lv in back.levels] == want
    assert back.breaks == original.breaks

    from pyeval.sim import simulate
    assert shown == simulate(back, n=6, seed=3, players=20).duration_percentiles([50])[50.0]

    # the blind sheet shows the edited level
    d.find_element(By.LINK_TEXT, "blind sheet").click()
    wait.until(ec.presence_of_element_located((By.ID, "blind-sheet")))
    assert "200/500" in d.find_element(By.ID, "blind-sheet").text
    shot("sheet")
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})     # as printed: the table only
    assert not d.find_element(By.CSS_SELECTOR, "nav.top").is_displayed()
    assert d.find_element(By.ID, "blind-sheet").is_displayed()
    shot("sheet_print")
    pdf = d.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"]
    (tmp_path / "sheet.pdf").write_bytes(base64.b64decode(pdf))
    assert (tmp_path / "sheet.pdf").read_bytes()[:5] == b"%PDF-"
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    # the clock: level 1 now, 50/100 next; "next level" shows level 2 and 100/200 next
    d.find_element(By.LINK_TEXT, "clock").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "blinds-now"), "25/50"))
    assert d.find_element(By.ID, "blinds-next").text == "50/100"
    assert d.find_element(By.ID, "time-left").text == "20:00"
    d.find_element(By.ID, "bust").click()
    assert d.find_element(By.ID, "players-left").text == "39"
    assert d.find_element(By.ID, "average-stack").text == "3,077"     # 40 x 3,000 / 39
    d.find_element(By.ID, "next-level").click()
    assert d.find_element(By.ID, "phase").text == "Level 2"
    assert d.find_element(By.ID, "blinds-now").text == "50/100"
    assert d.find_element(By.ID, "blinds-next").text == "100/200"
    assert d.find_element(By.ID, "next-break").text == "after level 2, in 20 min"
    d.find_element(By.ID, "run").click()      # the clock runs in the page
    wait.until(lambda _: d.find_element(By.ID, "time-left").text == "19:59")
    d.find_element(By.ID, "run").click()
    assert d.find_element(By.ID, "run").text == "Resume"
    d.find_element(By.ID, "plus-minute").click()
    assert d.find_element(By.ID, "time-left").text in ("20:59", "20:58")
    shot("clock")
    for _ in range(21):                       # the level runs out: the break after level 2
        d.find_element(By.ID, "minus-minute").click()
    d.find_element(By.ID, "run").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "phase"), "Break after level 2"))
    assert d.find_element(By.ID, "blinds-next").text == "100/200"
    assert d.find_element(By.ID, "next-break").text == "after level 4, in 50 min"
    assert d.find_element(By.CSS_SELECTOR, ".now").text == "Break"
    shot("clock_break")

    # the seat draw for the 39 players left, then a bust at the short table: one move to it
    d.find_element(By.ID, "draw-seats").click()
    wait.until(ec.presence_of_element_located((By.ID, "table-5")))
    tables = d.find_elements(By.CSS_SELECTOR, ".table")
    counts = [len(t.find_elements(By.CSS_SELECTOR, "button.player")) for t in tables]
    assert counts == [8, 8, 8, 8, 7]
    victim = d.find_element(By.CSS_SELECTOR, "#table-5 button.player")
    number = victim.get_attribute("data-player")
    victim.click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "moves"), "busted"))
    moves = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#moves li")]
    assert moves[0] == f"player {number} busted" and len(moves) == 2
    assert re.fullmatch(r"player \d+: table [1-4] seat \d to table 5 seat \d \(balancing\)", moves[1])
    assert d.find_element(By.ID, "players-left").text == "38"
    shot("clock_seats")
