"""Reports in a real browser: the demo library (imported by `serve` before these run) as
bubbles — open the centre, tap through two levels, pinch back with two synthetic pointers,
press and hold to drag a bubble while its neighbours make room, the trail's links, Back and
Escape — the list overlay, the viewer overlay with its keywords closed by a swipe, search,
the reader (pdf.js) opened at a hit with its find, zoom and page number, the page images
without pdf.js, the keyword filter, the administrator's import page; axe and screenshots at
375 and 820 px."""
import re
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import BASE_URL, api, assert_no_horizontal_overflow, log_in, make_driver, screenshot, settle, tap, wait
from test_accessibility import violations
from test_workouts import LANGUAGES

# This file's tests read or replace the one report library every reader shares: run in
# parallel (pytest-xdist, `--dist loadgroup`), they go to one worker in turn, beside
# test_reports.py and test_page_weight.py, so no other test sees a library swapped for a moment.
pytestmark = pytest.mark.xdist_group("report-library")

DEMO = {"email": "demo@kinetic.app", "password": "demo-password"}


@pytest.fixture
def reader(account):
    driver = make_driver(scale=2)  # a phone's screen: the reader draws pages at two pixels per point
    log_in(driver, account)
    yield driver
    driver.quit()




def open_level(driver, path="/reports"):
    driver.get(BASE_URL + path)
    wait(driver).until(lambda d: "is-placed" in d.find_element(By.ID, "bubble-stage").get_attribute("class"))


def bubble(driver, data_id):
    return driver.find_element(By.CSS_SELECTOR, f"#bubble-stage .bubble[data-id='{data_id}']")


def trail(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#report-trail li")]


def place(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", element)


POINTER = """
const [target, type, id, x, y] = arguments;
target.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch', isPrimary: id === 1,
  clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0, buttons: type === 'pointerup' ? 0 : 1}));
"""


def pointer(driver, target, kind, pointer_id, x, y):
    driver.execute_script(POINTER, target, kind, pointer_id, x, y)


GESTURE = """
const [target, events] = arguments;
for (const [type, id, x, y] of events) {
  target.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch', isPrimary: id === 1,
    clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0, buttons: type === 'pointerup' ? 0 : 1}));
}
"""


def gesture(driver, target, events):
    """Dispatches `events` ((type, pointer id, x, y) each) in one go: a gesture that goes to
    another level may replace the page part-way, and later events then go to where it began,
    as a finger's would."""
    driver.execute_script(GESTURE, target, [list(event) for event in events])


def pinch(driver):
    """Two fingers on the stage moving towards each other."""
    stage = driver.find_element(By.ID, "bubble-stage")
    cx, cy = place(driver, stage)
    events = [("pointerdown", 1, cx - 120, cy), ("pointerdown", 2, cx + 120, cy)]
    for step in range(1, 7):
        events += [("pointermove", 1, cx - 120 + step * 16, cy), ("pointermove", 2, cx + 120 - step * 16, cy)]
    events += [("pointerup", 1, cx - 24, cy), ("pointerup", 2, cx + 24, cy)]
    gesture(driver, stage, events)


def test_the_centre_opens_the_library_then_two_levels_down_and_a_pinch_goes_back(reader):
    open_level(reader)
    assert reader.find_elements(By.CSS_SELECTOR, "#bubble-stage .bubble-list .bubble") == []
    tap(reader, reader.find_element(By.ID, "bubble-centre"))
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/root"))
    settle(reader)
    ids = [b.get_attribute("data-id") for b in reader.find_elements(By.CSS_SELECTOR, "#bubble-stage .bubble-list .bubble")]
    assert ids == ["parks", "fitness", "business", "welcome"]
    assert reader.find_element(By.CSS_SELECTOR, ".bubble[data-id='welcome']").get_attribute("data-kind") == "report"

    tap(reader, bubble(reader, "fitness"))
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/fitness"))
    settle(reader)
    assert trail(reader) == ["Library", "Fitness"]
    assert reader.find_element(By.CSS_SELECTOR, ".top-bar-title").text == "Fitness"
    tap(reader, bubble(reader, "fitness-programmes"))
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/fitness-programmes"))
    settle(reader)
    assert trail(reader) == ["Library", "Fitness", "Programmes"]

    pinch(reader)
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/fitness"))
    settle(reader)
    assert trail(reader) == ["Library", "Fitness"]
    # The bubbles that came back are in place and visible.
    assert reader.execute_script("return [...document.querySelectorAll('#bubble-stage .bubble-list .bubble')].every(b => b.style.opacity === '1')")

    # Escape goes up too, and the browser's Back returns to where the reader was.
    reader.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/root"))
    settle(reader)
    # Focus is on the new level's heading, not dropped to the top of the page.
    wait(reader).until(lambda d: "top-bar-title" in (d.switch_to.active_element.get_attribute("class") or ""))
    reader.back()
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/fitness"))
    wait(reader).until(lambda d: d.find_element(By.CSS_SELECTOR, ".top-bar-title").text == "Fitness")


def test_press_and_hold_drags_a_bubble_and_its_neighbours_make_room_until_recentred(reader):
    open_level(reader, "/reports/categories/root")
    settle(reader)
    dragged, neighbour = bubble(reader, "parks"), bubble(reader, "welcome")
    start, before = place(reader, dragged), place(reader, neighbour)
    others = {name: place(reader, bubble(reader, name)) for name in ("fitness", "business")}
    stage = reader.find_element(By.ID, "bubble-stage")
    pointer(reader, dragged, "pointerdown", 1, *start)
    time.sleep(0.6)  # press and hold
    assert "is-dragging" in dragged.get_attribute("class")
    steps = 12
    for step in range(1, steps + 1):
        x = start[0] + (before[0] - start[0]) * step / steps
        y = start[1] + (before[1] - start[1]) * step / steps
        pointer(reader, dragged, "pointermove", 1, x, y)
        time.sleep(0.03)
    pointer(reader, dragged, "pointerup", 1, *before)
    settle(reader)
    after_drag, after_neighbour = place(reader, dragged), place(reader, neighbour)
    assert abs(after_drag[0] - before[0]) < 30 and abs(after_drag[1] - before[1]) < 30, "the bubble follows the finger"
    assert abs(after_neighbour[0] - before[0]) + abs(after_neighbour[1] - before[1]) > 40, "the neighbour moved out of the way"
    # The seed: "all other bubbles on screen should move in relation to the selected one".
    for name, was in others.items():
        now = place(reader, bubble(reader, name))
        assert abs(now[0] - was[0]) + abs(now[1] - was[1]) > 3, (name, was, now)
    assert reader.current_url == BASE_URL + "/reports/categories/root", "a drag is not a tap"
    assert "is-dragging" not in dragged.get_attribute("class")

    reader.find_element(By.ID, "dock-recentre").click()
    settle(reader)
    assert max(abs(a - b) for a, b in zip(place(reader, dragged), start)) < 2
    assert max(abs(a - b) for a, b in zip(place(reader, neighbour), before)) < 2
    assert stage.is_displayed()


def test_the_trail_links_and_the_top_button_go_up(reader):
    open_level(reader, "/reports/categories/parks-north-safety")
    assert trail(reader) == ["Library", "Parks", "North", "Safety audits"]
    links = reader.find_elements(By.CSS_SELECTOR, "#report-trail a")
    assert [link.text for link in links] == ["Library", "Parks", "North"]
    tap(reader, links[1])
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/parks"))
    open_level(reader, "/reports/categories/parks-north-safety")
    reader.find_element(By.ID, "dock-top").click()
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/root"))
    settle(reader)
    assert trail(reader) == ["Library"]


def test_the_list_overlay_lists_every_report_below_the_level_and_opens_the_viewer_over_it(reader):
    open_level(reader, "/reports/categories/parks")
    reader.find_element(By.ID, "dock-list").click()
    overlay = wait(reader).until(EC.visibility_of_element_located((By.ID, "report-list")))
    rows = overlay.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert len(rows) == 11
    assert overlay.find_element(By.CSS_SELECTOR, ".overlay-title").text == "Reports in Parks"
    screenshot(reader, "reports-list-en-375")
    assert violations(reader) == [], "list overlay"
    rows[0].find_element(By.CSS_SELECTOR, "a").click()
    viewer = wait(reader).until(EC.visibility_of_element_located((By.ID, "report-viewer")))
    assert "/reports/openings-2025" in reader.current_url
    viewer.find_element(By.CSS_SELECTOR, ".overlay-close").click()
    wait(reader).until(EC.invisibility_of_element_located((By.ID, "report-viewer")))
    assert reader.find_element(By.ID, "report-list").is_displayed(), "the list is still there"


def test_a_report_opens_in_the_viewer_with_its_keywords_and_a_swipe_to_the_right_closes_it(reader):
    open_level(reader, "/reports/categories/business-finance")
    settle(reader)
    tap(reader, bubble(reader, "review-q1"))
    viewer = wait(reader).until(EC.visibility_of_element_located((By.ID, "report-viewer")))
    assert reader.current_url == BASE_URL + "/reports/review-q1"
    keywords = [k.text for k in viewer.find_elements(By.CSS_SELECTOR, ".report-keywords .keyword")]
    assert keywords == ["quarterly", "revenue", "Q1", "pipeline"]
    # pdf.js takes the page images' place: every page, drawn at the screen's 2 pixels a point.
    wait(reader, 20).until(lambda d: d.execute_script("return document.querySelector('#report-viewer .reader-page canvas') !== null"))
    assert len(viewer.find_elements(By.CSS_SELECTOR, ".reader-page")) == 4
    assert not viewer.find_elements(By.CSS_SELECTOR, ".report-page img")
    sharpness = reader.execute_script("const c = document.querySelector('#report-viewer .reader-page canvas'); return c.width / parseFloat(c.style.width)")
    assert sharpness == pytest.approx(2, abs=0.02)
    assert "/reports/review-q1/pdf?v=" in viewer.find_element(By.ID, "report-download").get_attribute("href")
    screenshot(reader, "reports-viewer-en-375")
    assert violations(reader) == [], "viewer overlay"

    body = viewer.find_element(By.CSS_SELECTOR, ".overlay-body")
    x, y = place(reader, body)
    swipe = [("pointermove", 1, x - 100 + step * 25, y + step) for step in range(1, 9)]
    gesture(reader, body, [("pointerdown", 1, x - 100, y), *swipe, ("pointerup", 1, x + 100, y + 8)])
    wait(reader).until(EC.invisibility_of_element_located((By.ID, "report-viewer")))
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/categories/business-finance"))
    assert reader.find_element(By.ID, "bubble-stage").is_displayed()
    # Focus is back on the bubble that opened the viewer.
    wait(reader).until(lambda d: d.switch_to.active_element.get_attribute("data-id") == "review-q1")

    # A keyword chip searches the library for its keyword.
    tap(reader, bubble(reader, "review-q1"))
    viewer = wait(reader).until(EC.visibility_of_element_located((By.ID, "report-viewer")))
    chip = viewer.find_element(By.CSS_SELECTOR, ".report-keywords a.keyword[href$='q=revenue']")
    reader.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
    chip.click()
    wait(reader).until(EC.url_to_be(BASE_URL + "/reports/search?q=revenue"))
    assert reader.find_elements(By.CSS_SELECTOR, "a.report-result[href^='/reports/review-q1']")


def test_search_finds_words_in_the_text_and_opens_the_viewer(reader):
    reader.get(BASE_URL + "/reports/categories/root")
    reader.find_element(By.ID, "reports-search-button").click()
    field = wait(reader).until(EC.visibility_of_element_located((By.ID, "report-search-query")))
    field.send_keys("inspectors springs")
    field.send_keys(Keys.ENTER)
    results = wait(reader).until(EC.presence_of_all_elements_located((By.CSS_SELECTOR, "#report-results .report-result")))
    titles = [r.find_element(By.CSS_SELECTOR, ".report-result-title").text for r in results]
    assert titles and all(t.startswith("Safety audit") for t in titles)
    marks = {m.text.lower() for m in reader.find_elements(By.CSS_SELECTOR, "#report-results mark")}
    assert marks & {"inspectors", "springs"}
    screenshot(reader, "reports-search-en-375")
    assert violations(reader) == [], "search results"
    results[0].click()
    wait(reader).until(EC.visibility_of_element_located((By.ID, "report-viewer")))


def reader_state(driver):
    return driver.execute_script("""
      const viewer = document.querySelector('#report-viewer-content');
      const current = viewer.querySelector('mark.is-current');
      const box = current?.getBoundingClientRect();
      return {
        page: viewer.querySelector('[data-reader=page]').value,
        status: viewer.querySelector('[data-reader=status]').textContent,
        zoom: viewer.querySelector('[data-reader=fit]').textContent,
        marks: viewer.querySelectorAll('mark.reader-hit').length,
        currentPage: current?.closest('.reader-page')?.dataset.page ?? null,
        currentText: current?.textContent ?? null,
        currentShown: !!box && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
        // Over its word on the page: its line sits where the text layer puts it, not slid by a
        // scroll of the layer (scrolling the mark into view once moved it lines away).
        currentInPlace: !current || (() => {
          const line = current.closest('span'), page = current.closest('.reader-page');
          return Math.abs(line.getBoundingClientRect().top - page.getBoundingClientRect().top - parseFloat(getComputedStyle(line).top)) < 2;
        })(),
        width: viewer.querySelector('.reader-page').getBoundingClientRect().width,
      };""")


@pytest.mark.parametrize("width", [375, 820])
def test_a_search_hit_opens_the_reader_at_its_page_with_the_words_highlighted(account, width):
    """Search names the pages of a hit; opening it lands the reader on that page with the words
    marked; next and previous match, go to a page, zoom and find in the document all work."""
    driver = make_driver(width=width, height=812 if width < 500 else 1180, scale=2)  # pages drawn sharp at 2x
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/reports/search?q=foam")
        result = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#report-results li")))
        page_label = result.find_element(By.CSS_SELECTOR, ".report-result-page").text
        assert re.fullmatch(r"Page \d+", page_label)
        hit_page = page_label.split()[1]
        assert [a.text for a in result.find_elements(By.CSS_SELECTOR, ".report-result-page-link")]
        result.find_element(By.CSS_SELECTOR, ".report-result").click()
        wait(driver).until(EC.visibility_of_element_located((By.ID, "report-viewer")))
        wait(driver, 20).until(lambda d: reader_state(d)["currentText"] is not None)
        state = reader_state(driver)
        assert state["page"] == hit_page and state["currentPage"] == hit_page, state
        assert state["currentText"].lower() == "foam" and state["currentShown"] and state["currentInPlace"], state
        # A word is found by its start, as search finds it: "eleve" in "élève", not in "relèvent".
        assert driver.execute_async_script("""
          const done = arguments[arguments.length - 1];
          const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
          import(loaded.find((name) => name.includes('/js/reports/reader') && name.endsWith('.js')))
            .then((reader) => done([
              reader.matchRanges('relèvent l’élève', reader.findTerms('eleve')),
              reader.matchRanges('die große\\nStraße', reader.findTerms('„grosse strasse“')),
            ]));""") == [[[11, 16]], [[4, 16]]]
        # The hits of every report the search found, in its order: "1 of 16 in 4 reports".
        hits, reports = map(int, re.fullmatch(r"1 of (\d+) hits in (\d+) reports", state["status"]).groups())
        assert hits >= 4 and reports >= 2, state
        screenshot(driver, f"reports-reader-hit-en-{width}")
        assert violations(driver) == [], "reader"

        driver.find_element(By.CSS_SELECTOR, "[data-reader=next-hit]").click()
        wait(driver).until(lambda d: reader_state(d)["status"] == f"2 of {hits} hits in {reports} reports")
        driver.find_element(By.CSS_SELECTOR, "[data-reader=previous-hit]").click()
        wait(driver).until(lambda d: reader_state(d)["status"] == f"1 of {hits} hits in {reports} reports")
        # Before the first hit is the last of the search's last report, opened in its place;
        # after it, the first again.
        first_report = driver.execute_script("return document.querySelector('#report-viewer-content').dataset.report")
        driver.find_element(By.CSS_SELECTOR, "[data-reader=previous-hit]").click()
        wait(driver, 20).until(lambda d: reader_state(d)["status"] == f"{hits} of {hits} hits in {reports} reports" and reader_state(d)["currentText"])
        last_report = driver.execute_script("return document.querySelector('#report-viewer-content').dataset.report")
        assert last_report != first_report and last_report in driver.current_url
        assert len(driver.find_elements(By.CSS_SELECTOR, "dialog#report-viewer")) == 1, "in place of the first, not over it"
        assert reader_state(driver)["currentText"].lower() == "foam" and reader_state(driver)["currentShown"]
        driver.switch_to.active_element.send_keys(Keys.ENTER)  # the find field has focus
        wait(driver, 20).until(lambda d: reader_state(d)["status"] == f"1 of {hits} hits in {reports} reports" and reader_state(d)["currentText"])
        assert driver.execute_script("return document.querySelector('#report-viewer-content').dataset.report") == first_report
        state = reader_state(driver)
        assert state["currentPage"] == hit_page, state

        # Go to a page by its number.
        number = driver.find_element(By.CSS_SELECTOR, "[data-reader=page]")
        number.click()
        number.send_keys("3", Keys.ENTER)
        wait(driver).until(lambda d: d.execute_script(
            "const p = document.getElementById('reader-page-3').getBoundingClientRect(); return Math.abs(p.top - document.querySelector('.reader-controls').getBoundingClientRect().bottom) < 20"))
        wait(driver).until(lambda d: reader_state(d)["page"] == "3")

        # Zoom in twice: wider pages drawn again as sharp; fit the width again.
        before = reader_state(driver)
        driver.find_element(By.CSS_SELECTOR, "[data-reader=zoom-in]").click()
        driver.find_element(By.CSS_SELECTOR, "[data-reader=zoom-in]").click()
        wait(driver).until(lambda d: reader_state(d)["width"] > before["width"] * 1.5)
        wait(driver, 15).until(lambda d: d.execute_script(
            "const c = document.querySelector('#reader-page-3 canvas'); return c && Math.abs(c.width / parseFloat(c.style.width) - 2) < 0.02 && parseFloat(c.style.width) > arguments[0] * 1.5", before["width"]))
        assert driver.execute_script("return document.querySelector('.reader-pages').classList.contains('is-zoomed')")
        driver.find_element(By.CSS_SELECTOR, "[data-reader=fit]").click()
        wait(driver).until(lambda d: reader_state(d)["zoom"] == before["zoom"])

        # Find in the document by keyboard; its text is there to select and read.
        driver.find_element(By.CSS_SELECTOR, ".reader-pages").send_keys(Keys.CONTROL, "f")
        words = driver.find_element(By.CSS_SELECTOR, "[data-reader=words]")
        assert driver.switch_to.active_element == words
        words.send_keys(Keys.CONTROL, "a")
        words.send_keys("marshals")
        # The first match from the page shown (3) on is the current one.
        wait(driver).until(lambda d: (reader_state(d)["currentText"] or "").lower() == "marshals")
        found = reader_state(driver)
        index, total, rest = re.fullmatch(r"(\d+) of (\d+)(.*)", found["status"]).groups()
        index, total = int(index), int(total)
        assert int(found["currentPage"]) >= 3 and found["currentShown"] and found["currentInPlace"], found
        words.send_keys(Keys.ENTER)
        wait(driver).until(lambda d: reader_state(d)["status"] == f"{index % total + 1} of {total}{rest}")
        assert "Marshals were present" in driver.execute_script("return document.querySelector('.reader-text').textContent + [...document.querySelectorAll('.reader-text')].map(t => t.textContent).join(' ')")
        # A quoted phrase is found whole, not word by word.
        words.send_keys(Keys.CONTROL, "a")
        words.send_keys('"marshals were present"')
        wait(driver).until(lambda d: (reader_state(d)["currentText"] or "").lower() == "marshals were present")
        phrase_total = int(re.match(r"\d+ of (\d+)", reader_state(driver)["status"]).group(1))
        assert phrase_total <= total, (phrase_total, total)
        words.send_keys(Keys.ESCAPE)
        wait(driver).until(lambda d: reader_state(d)["marks"] == 0)
        assert driver.find_element(By.ID, "report-viewer").is_displayed(), "Escape closes find, not the viewer"
    finally:
        driver.quit()


def test_the_readers_panel_lists_the_outline_the_pages_and_every_hit(account):
    """The panel under the reader's bar: the hits with their pages (opened first while finding),
    the PDF's outline with its nested entries, every page as a thumbnail; each goes to its place
    and, on a phone, closes the panel; tabs by arrow keys, Escape closes it."""
    driver = make_driver(width=375, height=812, scale=2)
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/reports/audit-york-2025?find=foam")
        wait(driver, 20).until(lambda d: re.fullmatch(r"1 of \d+", reader_state(d)["status"] or ""))
        hits = int(reader_state(driver)["status"].split()[-1])
        toggle = driver.find_element(By.CSS_SELECTOR, "[data-reader=panel]")
        toggle.click()
        panel = driver.find_element(By.ID, "reader-panel")
        assert panel.is_displayed() and toggle.get_attribute("aria-expanded") == "true"
        tab = driver.switch_to.active_element
        assert tab.get_attribute("data-tab") == "hit-list" and tab.get_attribute("aria-selected") == "true"
        entries = panel.find_elements(By.CSS_SELECTOR, ".reader-hits button")
        assert len(entries) == hits
        assert entries[0].get_attribute("aria-current") == "true"
        assert re.fullmatch(r"Page \d+", entries[1].find_element(By.CSS_SELECTOR, ".reader-hit-page").text)
        assert entries[1].find_element(By.TAG_NAME, "mark").text.lower() == "foam"
        screenshot(driver, "reports-reader-panel-hits-375")
        assert violations(driver) == [], "the list of hits"
        entries[1].click()
        wait(driver).until(lambda d: reader_state(d)["status"] == f"2 of {hits}")
        assert not panel.is_displayed(), "a phone sees the page chosen"

        # The outline: its top entries, a nested one behind its toggle; an entry goes to its page.
        toggle.click()
        driver.switch_to.active_element.send_keys(Keys.HOME)
        outline = wait(driver).until(EC.visibility_of_element_located((By.ID, "reader-outline")))
        assert driver.switch_to.active_element.get_attribute("data-tab") == "outline"
        wait(driver).until(lambda d: outline.find_elements(By.CSS_SELECTOR, ".reader-outline-entry"))
        titles = [entry.text for entry in outline.find_elements(By.CSS_SELECTOR, ".reader-outline-entry") if entry.is_displayed()]
        assert titles[0] == "Overview" and re.fullmatch(r"3\. \w+ at \w+", titles[3]), titles
        nested = outline.find_elements(By.CSS_SELECTOR, ".reader-outline-toggle")[0]
        assert nested.get_attribute("aria-expanded") == "false"
        nested.click()
        assert nested.get_attribute("aria-expanded") == "true"
        assert "Visitors and bookings" in [entry.text for entry in outline.find_elements(By.CSS_SELECTOR, ".reader-outline-entry") if entry.is_displayed()]
        screenshot(driver, "reports-reader-panel-outline-375")
        assert violations(driver) == [], "the outline"
        outline.find_elements(By.CSS_SELECTOR, ":scope > ul > li > .reader-outline-row .reader-outline-entry")[3].click()
        wait(driver).until(lambda d: reader_state(d)["page"] == "4")
        # The pages scroll there smoothly: wait until they stop.
        wait(driver).until(lambda d: d.execute_script(
            "const y = scrollY; return new Promise((done) => setTimeout(() => done(scrollY === y), 250))"))

        # The pages as thumbnails, drawn; the page shown is marked; one goes to its page.
        toggle.click()
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        thumbnails = wait(driver).until(EC.visibility_of_element_located((By.ID, "reader-thumbnails")))
        buttons = thumbnails.find_elements(By.CSS_SELECTOR, ".reader-thumb")
        assert len(buttons) == 4
        # The page shown is marked (page 4, or 3 once the pages scrolled it under the bar).
        wait(driver).until(lambda d: buttons[int(reader_state(d)["page"]) - 1].get_attribute("aria-current") == "page")
        assert reader_state(driver)["page"] in ("3", "4")
        wait(driver, 15).until(lambda d: d.execute_script("return document.querySelectorAll('.reader-thumb canvas').length") == 4)
        screenshot(driver, "reports-reader-panel-pages-375")
        assert violations(driver) == [], "the thumbnails"
        buttons[1].click()
        wait(driver).until(lambda d: reader_state(d)["page"] == "2")

        # Escape closes the panel and gives focus back to its button.
        toggle.click()
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait(driver).until(lambda d: not panel.is_displayed())
        assert driver.switch_to.active_element == toggle and toggle.get_attribute("aria-expanded") == "false"
    finally:
        driver.quit()


def test_without_pdfjs_the_viewer_shows_the_page_images(reader):
    reader.execute_cdp_cmd("Network.enable", {})
    reader.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/vendor/pdfjs/*"]})
    reader.get(BASE_URL + "/reports/review-q1?page=3")
    wait(reader, 15).until(lambda d: d.execute_script("return document.querySelector('#report-viewer-content').dataset.reader === 'failed'"))
    wait(reader).until(lambda d: d.execute_script("const i = document.querySelector('#page-1 img'); return i.complete && i.naturalWidth === 1240"))
    assert len(reader.find_elements(By.CSS_SELECTOR, ".report-page img")) == 4
    assert reader.find_element(By.CSS_SELECTOR, ".reader-failed").is_displayed()
    assert not reader.find_element(By.CSS_SELECTOR, ".reader-controls").is_displayed()


def test_the_filter_keeps_the_reports_with_a_keyword(reader):
    open_level(reader, "/reports/categories/business-finance")
    reader.find_element(By.ID, "dock-filter").click()
    dialog = wait(reader).until(EC.visibility_of_element_located((By.ID, "report-filter")))
    dialog.find_element(By.XPATH, ".//label[span='Q2']").click()
    dialog.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(reader).until(EC.url_contains("keyword=Q2"))
    wait(reader).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#bubble-stage .bubble-report")) == 1)
    assert bubble(reader, "review-q2").is_displayed()
    assert "4 reports hidden" in reader.find_element(By.ID, "report-filter-notice").text


def test_only_an_administrator_sees_the_import_and_a_bad_zip_changes_nothing(reader):
    reader.get(BASE_URL + "/reports/import")
    assert "Only an administrator" in reader.find_element(By.TAG_NAME, "body").text
    admin = make_driver()
    try:
        log_in(admin, DEMO)
        admin.get(BASE_URL + "/reports/import")
        assert "Kinetic report library" in admin.find_element(By.CSS_SELECTOR, ".page-intro").text
        admin.find_element(By.ID, "report-import-file").send_keys(str(__import__("pathlib").Path(__file__).resolve()))
        admin.find_element(By.CSS_SELECTOR, "#report-import-form button[type=submit]").click()
        problems = wait(admin).until(EC.visibility_of_element_located((By.ID, "import-problems")))
        assert "not a zip file" in problems.text
        assert violations(admin) == [], "import page with problems"
        screenshot(admin, "reports-import-en-375")
    finally:
        admin.quit()
    reader.get(BASE_URL + "/reports/categories/root")
    assert "30 reports" in reader.find_element(By.ID, "reports-toolbar").text


def fixture_library_zip(folder, name="ReportLibrary"):
    """One of the App tests' libraries (Tests/AppTests/Fixtures/<name>) as a zip: by default the
    three-report library."""
    import pathlib
    import zipfile
    source = pathlib.Path(__file__).resolve().parent.parent / "AppTests" / "Fixtures" / name
    target = pathlib.Path(folder) / f"{name}.zip"
    with zipfile.ZipFile(target, "w") as archive:
        for path in sorted(source.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(source).as_posix())
    return target


# In German only: the import is the same in every language, whose pages the tests above see.
@pytest.mark.parametrize("language", ["de-DE"])
def test_an_import_is_previewed_then_confirmed_and_undone(tmp_path, language):
    """The administrator uploads a three-report library over the 30-report demo: a progress bar,
    then the preview says 30 reports go for every reader, Cancel leaves the library as it was;
    uploaded again and imported, the library holds three; Bring It Back (asked first) brings the 30
    back."""
    zip_path = fixture_library_zip(tmp_path)
    admin = make_driver(language)
    try:
        log_in(admin, DEMO)
        for attempt in ("cancel", "import"):
            admin.get(BASE_URL + "/reports/import")
            admin.find_element(By.ID, "report-import-file").send_keys(str(zip_path))
            tap(admin, admin.find_element(By.CSS_SELECTOR, "#report-import-form button[type=submit]"))
            wait(admin, 60).until(EC.url_contains("/reports/import/"))
            removals = wait(admin).until(EC.visibility_of_element_located((By.ID, "import-preview-removals")))
            assert "30 Berichte" in removals.text
            details = admin.find_element(By.ID, "removed-reports")
            tap(admin, details.find_element(By.TAG_NAME, "summary"))
            assert "review-q1" in details.text
            assert admin.find_element(By.ID, "added-reports").find_element(By.TAG_NAME, "summary").text.endswith("3")
            screenshot(admin, f"reports-import-preview-{language}-375")
            assert_no_horizontal_overflow(admin, "import preview")
            assert violations(admin) == [], "import preview"
            buttons = admin.find_elements(By.CSS_SELECTOR, ".import-preview-actions button")
            tap(admin, buttons[0] if attempt == "cancel" else buttons[1])
            wait(admin, 120).until(EC.url_matches(r"/reports/import(/[^/]+/status)?$"))
            if attempt == "cancel":
                assert "30" in admin.find_element(By.CSS_SELECTOR, ".page-intro").text
        # The import runs in the background; its page follows it to what it did.
        summary = wait(admin, 120).until(EC.visibility_of_element_located((By.ID, "import-summary")))
        assert "3 hinzugefügt" in summary.text
        screenshot(admin, f"reports-import-done-{language}-375")
        assert violations(admin) == [], "import done"
        admin.get(BASE_URL + "/reports/categories/root")
        assert "Large library (3 reports)" in admin.find_element(By.ID, "reports-toolbar").text

        admin.get(BASE_URL + "/reports/import")
        undo = admin.find_element(By.CSS_SELECTOR, "#report-import-previous button[type=submit]")
        tap(admin, undo)
        dialog = wait(admin).until(EC.visibility_of_element_located((By.ID, "confirm-dialog")))
        dialog.find_element(By.ID, "confirm-action").click()
        restored = wait(admin, 60).until(EC.visibility_of_element_located((By.ID, "import-summary")))
        assert "30" in restored.text
        screenshot(admin, f"reports-import-undone-{language}-375")
    finally:
        # Whatever happened, the demo library is what the other tests read.
        admin.get(BASE_URL + "/reports/categories/root")
        if "30" not in admin.find_element(By.ID, "reports-toolbar").text:
            admin.get(BASE_URL + "/reports/import")
            forms = admin.find_elements(By.CSS_SELECTOR, "#report-import-previous form")
            if forms:
                admin.execute_script("arguments[0].dataset.confirmed = 'true'; arguments[0].requestSubmit()", forms[0])
                WebDriverWait(admin, 30, poll_frequency=0.5).until(demo_library_is_back)
        admin.quit()


def demo_library_is_back(driver):
    driver.get(BASE_URL + "/reports/categories/root")
    return "30" in driver.find_element(By.ID, "reports-toolbar").text


def test_a_signed_out_visitor_gets_no_pdf(driver):
    driver.get(BASE_URL + "/reports/review-q1/pdf")
    assert "/login" in driver.current_url


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", [375, 820])
def test_reports_pages_at_phone_and_ipad_widths_have_no_violations(account, language, width):
    driver = make_driver(LANGUAGES[language], width=width, height=812 if width < 600 else 1180, still=True)
    try:
        log_in(driver, account)
        for name, path in [("start", "/reports"), ("root", "/reports/categories/root"), ("level", "/reports/categories/fitness"),
                           ("viewer", "/reports/review-q1"), ("reader-hit", "/reports/review-q1?page=2&find=revenue"),
                           ("list", "/reports/categories/parks/reports"), ("search", "/reports/search?q=foam"),
                           ("search-typo", "/reports/search?q=marshls")]:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            if name.startswith(("viewer", "reader")):
                wait(driver, 20).until(lambda d: d.execute_script("return document.querySelector('.reader-page canvas') !== null"))
            settle(driver)
            screenshot(driver, f"reports-{name}-{language}-{width}")
            assert_no_horizontal_overflow(driver, path)
            assert violations(driver) == [], f"{path} in {language} at {width}"
    finally:
        driver.quit()


@pytest.mark.parametrize("size", [(1180, 820), (1280, 720)])
def test_a_ring_on_a_landscape_screen_lies_on_a_wide_stage_with_titles_a_person_can_read(account, size):
    """An iPad held sideways (a laptop): the ring's landscape layout fills the width the
    screen's height allows, its cards keep their thumbnails and their titles' type, none
    overlaps another or the centre, all above the bottom bar."""
    width, height = size
    driver = make_driver(width=width, height=height, still=True)
    try:
        log_in(driver, account)
        for path in ["/reports/categories/business-finance", "/reports/categories/parks-north", "/reports/categories/fitness"]:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#bubble-stage.is-placed")))
            settle(driver)
            shown = driver.execute_script("""
              const stage = document.getElementById('bubble-stage');
              const boxes = [...stage.querySelectorAll('.bubble-list .bubble')].map((b) => b.getBoundingClientRect());
              const centre = stage.querySelector('.bubble-centre').getBoundingClientRect();
              const apart = (a, b) => a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
              const bar = document.querySelector('.reports-toolbar')?.getBoundingClientRect().top ?? innerHeight;
              return {
                stage: stage.getBoundingClientRect().width,
                overlaps: boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => !apart(a, b))).length,
                onCentre: boxes.filter((b) => !apart(b, { left: centre.left + centre.width * 0.15, right: centre.right - centre.width * 0.15, top: centre.top + centre.height * 0.15, bottom: centre.bottom - centre.height * 0.15 })).length,
                below: boxes.filter((b) => b.bottom > bar || b.top < 0 || b.left < 0 || b.right > innerWidth).length,
                cramped: stage.querySelectorAll('.is-cramped').length,
                smallest: Math.min(...[...stage.querySelectorAll('.bubble-list .bubble-title')].map((t) => parseFloat(getComputedStyle(t).fontSize))),
                thumbnails: [...stage.querySelectorAll('.bubble-report img')].filter((i) => i.getBoundingClientRect().width > 0).length,
                reports: stage.querySelectorAll('.bubble-report').length,
              };""")
            screenshot(driver, f"reports-landscape-{path.rsplit('/', 1)[1]}-{width}")
            assert shown["stage"] > 700, (path, shown)
            assert shown["overlaps"] == 0 and shown["onCentre"] == 0 and shown["below"] == 0, (path, shown)
            assert shown["cramped"] == 0 and shown["smallest"] >= 14, (path, shown)
            assert shown["thumbnails"] == shown["reports"], (path, shown)
    finally:
        driver.quit()


def import_through_the_api(zip_path, token):
    """Uploads a library zip, confirms it and waits for the background import to end."""
    import urllib.request
    request = urllib.request.Request(BASE_URL + "/api/v1/reports/import", data=zip_path.read_bytes(), method="POST")
    request.add_header("Content-Type", "application/zip")
    request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as response:
        location = response.headers["Location"]
    status, body = api("POST", location + "/confirm", token=token)
    assert status == 202, body
    for _ in range(600):
        status, body = api("GET", location + "/status", token=token)
        if body["state"] != "importing":
            assert body["state"] == "imported", body
            return body
        time.sleep(0.2)
    raise AssertionError("the import did not end")


def turn_page(driver):
    """Scrolls to the pager under a crowded level's rows, as a person would, and taps Next: it
    must then stand clear of the bottom navigation."""
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    link = driver.find_element(By.CSS_SELECTOR, "#bubble-pager a[rel=next]")
    assert driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('a') === arguments[0]",
        link), "the pager is hidden under the bottom navigation"
    link.click()


@pytest.mark.parametrize("width", [375, 820])
def test_a_level_of_200_items_is_sixty_at_once_in_reading_order_found_by_typing_and_keeps_what_was_dragged(tmp_path, width):
    """The crowded library (a level of 200 items and an empty category) replaces the demo for the
    time of the test: sixty at once in rows under the level's name, every title inside its
    bubble and readable, none overlapping another or the centre, read left to right and top to
    bottom, no sideways scrolling; typing finds within the level (focus stays in the field);
    the order is the person's; the pager and the arrow keys turn pages; focus goes to the new
    level's heading, and back to the bubble after the reader closes; a dragged bubble is where
    it was left after a visit to a level below; the empty category says so. The demo comes
    back by undo."""
    status, login = api("POST", "/api/v1/login", DEMO)
    assert status == 200, login
    token = login["token"]
    import_through_the_api(fixture_library_zip(tmp_path, "CrowdedLibrary"), token)
    driver = make_driver(width=width, height=812 if width < 500 else 1180)
    try:
        log_in(driver, DEMO)
        open_level(driver, "/reports/categories/crowd")
        settle(driver)
        check = """
          const centre = document.getElementById('bubble-centre').getBoundingClientRect();
          const bubbles = [...document.querySelectorAll('.bubble-list .bubble')];
          const boxes = bubbles.map((bubble) => bubble.getBoundingClientRect());
          const outside = bubbles.filter((bubble, index) => {
            const b = boxes[index], t = bubble.querySelector('.bubble-title').getBoundingClientRect();
            return b.left < 0 || b.right > innerWidth || t.left < b.left - 1 || t.right > b.right + 1 || t.top < b.top - 1 || t.bottom > b.bottom + 1;
          }).map((bubble) => bubble.dataset.id);
          const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
          let overlaps = 0, outOfOrder = 0;
          boxes.forEach((a, i) => {
            if (meets(a, centre)) overlaps += 1;
            boxes.slice(i + 1).forEach((b) => { if (meets(a, b)) overlaps += 1; });
            const next = boxes[i + 1];
            if (next && !(Math.abs(next.top + next.height / 2 - a.top - a.height / 2) < 2 ? next.left > a.left : next.top > a.top)) outOfOrder += 1;
          });
          const sizes = bubbles.map((bubble) => parseFloat(getComputedStyle(bubble.querySelector('.bubble-title')).fontSize));
          return { count: bubbles.length, ids: bubbles.map((b) => b.dataset.id), outside, overlaps, outOfOrder,
                   smallest: Math.min(...sizes), pager: document.getElementById('bubble-pager')?.getAttribute('aria-label'),
                   status: document.getElementById('level-find-status')?.textContent,
                   titles: bubbles.map((b) => b.querySelector('.bubble-title').textContent.replaceAll('\u00AD', '')),
                   scrollX: document.documentElement.scrollWidth - document.documentElement.clientWidth };"""
        state = driver.execute_script(check)
        assert state["count"] == 60 and state["outside"] == [] and state["smallest"] >= 11, state
        assert state["overlaps"] == 0 and state["outOfOrder"] == 0 and state["scrollX"] <= 0, state
        assert state["ids"][:3] == ["site-001", "site-002", "site-003"] and state["pager"] == "1–60 of 200", state
        screenshot(driver, f"reports-crowded-en-{width}")
        assert violations(driver) == [], "crowded level"
        # The dock is two and two (search where there is nothing to filter); with script the
        # tools apply as they change, and no hidden button takes a Tab stop.
        assert len(driver.find_elements(By.CSS_SELECTOR, ".reports-dock .dock-button")) == 4
        assert not driver.find_elements(By.CSS_SELECTOR, "#level-tools .level-tools-submit")

        # Typing finds within the level, as a keyboard without umlauts spells it; the field keeps focus.
        find = driver.find_element(By.ID, "level-find")
        find.send_keys("dusseldorf")
        wait(driver).until(lambda d: "match" in (d.execute_script(check)["status"] or ""))
        state = driver.execute_script(check)
        assert 0 < state["count"] < 60 and all("Düsseldorf" in title for title in state["titles"]), state
        assert state["status"] == f"{state['count']} of 200 match" and state["overlaps"] == 0, state
        assert driver.switch_to.active_element.get_attribute("id") == "level-find"
        assert "find=dusseldorf" in driver.current_url
        screenshot(driver, f"reports-crowded-found-en-{width}")
        find.send_keys(Keys.CONTROL, "a")
        find.send_keys(Keys.BACKSPACE)
        wait(driver).until(lambda d: d.execute_script(check)["count"] == 60)

        # A to Z, the person's choice: the rows read alphabetically.
        Select(driver.find_element(By.ID, "level-order")).select_by_value("title")
        wait(driver).until(lambda d: "order=title" in d.current_url)
        wait(driver).until(lambda d: d.execute_script(check)["titles"][0].startswith("Emergency"))
        state = driver.execute_script(check)
        assert state["titles"] == sorted(state["titles"], key=str.casefold), state
        Select(driver.find_element(By.ID, "level-order")).select_by_value("library")
        wait(driver).until(lambda d: d.execute_script(check)["ids"][0] == "site-001")

        # The pager, then the arrow keys past the last bubble: pages 2 and 3, in order.
        turn_page(driver)
        wait(driver).until(lambda d: d.execute_script(check)["pager"] == "61–120 of 200")
        assert driver.current_url.endswith("/reports/categories/crowd?page=2")
        settle(driver)
        first = driver.find_element(By.CSS_SELECTOR, ".bubble-list .bubble")
        driver.execute_script("arguments[0].focus()", first)
        first.send_keys(Keys.ARROW_RIGHT)
        assert driver.switch_to.active_element.get_attribute("data-id") == "site-062"
        # Down and Up go a row down and up, to the bubble below and above.
        columns = 3 if width < 560 else 6
        driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
        assert driver.switch_to.active_element.get_attribute("data-id") == f"site-{62 + columns:03d}"
        driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
        assert driver.switch_to.active_element.get_attribute("data-id") == "site-062"
        # The bubble with focus is never under the top bar and trail, or the toolbar and dock.
        clear = """const box = document.activeElement.getBoundingClientRect();
                   const above = document.getElementById('report-trail').getBoundingClientRect().bottom;
                   const below = Math.min(document.querySelector('.reports-dock').getBoundingClientRect().top,
                                          document.getElementById('reports-toolbar').getBoundingClientRect().top);
                   return [Math.round(box.top), Math.round(box.bottom), Math.round(above), Math.round(below)];"""
        driver.switch_to.active_element.send_keys(Keys.END)
        assert driver.switch_to.active_element.get_attribute("data-id") == "site-120"
        top, bottom, above, below = driver.execute_script(clear)
        assert top >= above - 1 and bottom <= below + 1, (top, bottom, above, below)
        driver.switch_to.active_element.send_keys(Keys.HOME)
        top, bottom, above, below = driver.execute_script(clear)
        assert top >= above - 1 and bottom <= below + 1, (top, bottom, above, below)
        driver.switch_to.active_element.send_keys(Keys.END)
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        wait(driver).until(lambda d: d.switch_to.active_element.get_attribute("data-id") == "site-121")
        assert driver.execute_script(check)["pager"] == "121–180 of 200"
        settle(driver)

        # Drag a bubble: it follows the finger and a far one moves too; visit a level below
        # (focus on its heading), come back: it is where it was left.
        driver.execute_script("window.scrollTo(0, 0)")
        target, far = bubble(driver, "site-125"), bubble(driver, "site-150")
        before, far_before = place(driver, target), place(driver, far)
        pointer(driver, target, "pointerdown", 1, *before)
        time.sleep(0.5)
        for step in range(1, 6):
            pointer(driver, target, "pointermove", 1, before[0] - step * 8, before[1] + step * 10)
        pointer(driver, target, "pointerup", 1, before[0] - 40, before[1] + 50)
        settle(driver)
        dragged, far_after = place(driver, bubble(driver, "site-125")), place(driver, bubble(driver, "site-150"))
        assert abs(dragged[1] - before[1]) > 20, (before, dragged)
        assert abs(far_after[0] - far_before[0]) + abs(far_after[1] - far_before[1]) > 1, (far_before, far_after)
        tap(driver, bubble(driver, "site-126"))
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "bubble-empty"), "This category holds no reports yet."))
        wait(driver).until(lambda d: "top-bar-title" in (d.switch_to.active_element.get_attribute("class") or ""))
        assert driver.execute_script("const t = document.getElementById('report-trail'); return t.scrollLeft + t.clientWidth >= t.scrollWidth - 1")
        # The level's long name shows whole in its centre, none of its lines cut off.
        settle(driver)
        assert driver.execute_script(
            "const t = document.querySelector('#bubble-centre .bubble-title'); return t.scrollHeight <= t.clientHeight + 1 && t.scrollWidth <= t.clientWidth + 1")
        screenshot(driver, f"reports-empty-category-en-{width}")
        driver.back()
        wait(driver).until(lambda d: d.execute_script(check)["pager"] == "121–180 of 200")
        settle(driver)
        back = place(driver, bubble(driver, "site-125"))
        assert abs(back[0] - dragged[0]) < 3 and abs(back[1] - dragged[1]) < 3, (dragged, back)

        # A report opened from the keyboard and closed with Escape: focus is back on its bubble.
        turn_page(driver)
        wait(driver).until(lambda d: d.execute_script(check)["pager"] == "181–200 of 200")
        settle(driver)
        report = bubble(driver, "crowd-report-2")
        driver.execute_script("arguments[0].focus()", report)
        report.send_keys(Keys.ENTER)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "dialog#report-viewer[open]"))
        time.sleep(0.5)
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog#report-viewer"))
        wait(driver).until(lambda d: d.switch_to.active_element.get_attribute("data-id") == "crowd-report-2")
    finally:
        driver.quit()
        status, body = api("POST", "/api/v1/reports/import/undo", token=token)
        assert status == 200, body

