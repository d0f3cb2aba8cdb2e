"""The Goals module in a real browser: month stepping, the category switch, swiping the ring's
three views with pointer events and the keyboard, arc angles against the API's data, Edit My
Goals (save, unsaved-changes prompt, the calorie section and its Fitness Settings detour), and
Jump History."""
import datetime

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, assert_no_horizontal_overflow, log_in, make_driver, screenshot, settle, wait


def month_of(date, back=0):
    year, month = date.year, date.month - back
    while month < 1:
        month += 12
        year -= 1
    return year, month


@pytest.fixture
def goals_account(account):
    """An account with fitness settings, goals, a session today and one two months ago."""
    token = account["token"]
    status, _ = api("PUT", "/api/v1/profile", {"fitness": {"bodyType": 1, "height": 70, "jumpGoal": 20000, "calorieGoal": 1500}}, token=token)
    assert status == 200
    today = datetime.date.today()
    year, month = month_of(today, 2)
    for date, jumps, calories in [(today.isoformat(), 5000, 300), (f"{year:04d}-{month:02d}-10", 3000, None)]:
        status, body = api("POST", "/api/v1/jump-sessions", {
            "date": date, "numberOfJumps": jumps, "numberOfCalories": calories,
            "parkName": "Plainfield", "startTime": "13:00", "endTime": "14:00"}, token=token)
        assert status == 201, body
    return account


def open_goals(driver, account, query=""):
    log_in(driver, account)
    driver.get(BASE_URL + "/goals" + query)
    return wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "[data-category-panel]:not([hidden]) [data-ring]")))


def visible_panel(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-category-panel]:not([hidden])")


def current_view(driver):
    return visible_panel(driver).find_element(By.CSS_SELECTOR, "[data-ring]").get_attribute("data-view")


def arc_angles(driver, selector):
    """(start, end) of an arc as drawn: its rotation and dash, read from the SVG element."""
    return driver.execute_script("""
        const arc = document.querySelector(arguments[0]);
        const value = arc.style.strokeDasharray || arc.getAttribute('stroke-dasharray');
        const dash = value === 'none' ? 360 : parseFloat(value);  // a whole circle is drawn undashed
        const rotation = parseFloat((arc.style.transform || '').replace('rotate(', '')) ;
        return [rotation + 90, rotation + 90 + dash];
    """, selector)


def test_month_stepping_never_reaches_the_future(driver, goals_account):
    open_goals(driver, goals_account)
    today = datetime.date.today()
    title = driver.find_element(By.CSS_SELECTOR, ".month-title")
    assert title.get_attribute("data-month") == f"{today.year:04d}-{today.month:02d}"
    assert driver.find_elements(By.CSS_SELECTOR, "a.month-next") == []  # no link into the future
    for back in (1, 2):
        driver.find_element(By.CSS_SELECTOR, "a.month-previous").click()
        year, month = month_of(today, back)
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".month-title").get_attribute("data-month") == f"{year:04d}-{month:02d}")
    assert driver.find_elements(By.CSS_SELECTOR, "a.month-previous") == []  # first active month
    assert "3,000 Jumps" in driver.find_element(By.CSS_SELECTOR, ".ring-center").text
    driver.find_element(By.CSS_SELECTOR, "a.month-next").click()
    wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".ring-center"), "No jumps in "))
    next_month = datetime.date(today.year + (today.month == 12), today.month % 12 + 1, 1)
    driver.get(BASE_URL + f"/goals?month={next_month.year:04d}-{next_month.month:02d}")
    assert driver.find_element(By.CSS_SELECTOR, ".month-title").get_attribute("data-month") == f"{today.year:04d}-{today.month:02d}"


def test_category_switch_slides_and_repopulates(driver, goals_account):
    open_goals(driver, goals_account)
    assert "5,000 Jumps" in visible_panel(driver).text
    tab = driver.find_element(By.CSS_SELECTOR, "[data-category-tab=calories]")
    tab.click()
    wait(driver).until(lambda d: visible_panel(d).get_attribute("data-category-panel") == "calories")
    panel = visible_panel(driver)
    assert "slide-from-right" in panel.get_attribute("class")
    # The panel slides in from transparent; its text reads as visible once it has.
    wait(driver).until(lambda d: "300 Calories" in panel.text)
    assert "Goal: 1,500 kcal" in panel.text
    assert tab.get_attribute("aria-selected") == "true"
    assert "category=calories" in driver.current_url
    tab.send_keys(Keys.ARROW_LEFT)
    wait(driver).until(lambda d: visible_panel(d).get_attribute("data-category-panel") == "jumps")
    assert "slide-from-left" in visible_panel(driver).get_attribute("class")


def test_switching_category_never_widens_the_page(driver, goals_account):
    open_goals(driver, goals_account)
    driver.execute_script("""
        window.widest = 0;
        const sample = () => { window.widest = Math.max(window.widest, document.documentElement.scrollWidth); requestAnimationFrame(sample); };
        sample();
    """)
    driver.find_element(By.CSS_SELECTOR, "[data-category-tab=calories]").click()
    settle(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-category-tab=jumps]").click()
    settle(driver)
    width = driver.execute_script("return document.documentElement.clientWidth")
    assert driver.execute_script("return window.widest") <= width


def test_changing_month_keeps_the_category_and_the_ring_view(driver, goals_account):
    open_goals(driver, goals_account)
    driver.find_element(By.CSS_SELECTOR, "[data-category-tab=calories]").click()
    wait(driver).until(lambda d: visible_panel(d).get_attribute("data-category-panel") == "calories")
    settle(driver)  # the panel slid in: a tap mid-slide lands beside the dot it aimed at
    visible_panel(driver).find_element(By.CSS_SELECTOR, ".ring-dot[data-view=lastSession]").click()
    wait(driver).until(lambda d: current_view(d) == "lastSession")
    driver.find_element(By.CSS_SELECTOR, "a.month-previous").click()
    wait(driver).until(EC.url_contains("month="))
    assert "category=calories" in driver.current_url and "view=lastSession" in driver.current_url
    assert current_view(driver) == "lastSession"
    tabs = driver.find_elements(By.CSS_SELECTOR, "[data-category-tab=calories]")
    if tabs:  # the month has a calorie goal too
        assert visible_panel(driver).get_attribute("data-category-panel") == "calories"


def swipe(driver, element, dx):
    actions = ActionChains(driver, duration=50)
    actions.click_and_hold(element).move_by_offset(dx // 2, 0).move_by_offset(dx - dx // 2, 0).release().perform()


def test_swiping_the_ring_through_the_three_views(driver, goals_account):
    ring = open_goals(driver, goals_account)
    assert current_view(driver) == "progress"
    swipe(driver, ring, -120)
    wait(driver).until(lambda d: current_view(d) == "lastSession")
    active = visible_panel(driver).find_element(By.CSS_SELECTOR, ".ring-arc-inner.is-active")
    assert active.get_attribute("data-representation") == "lastSession"
    assert visible_panel(driver).find_element(By.CSS_SELECTOR, ".ring-dot[data-view=lastSession]").get_attribute("aria-pressed") == "true"
    swipe(driver, ring, -120)
    wait(driver).until(lambda d: current_view(d) == "remaining")
    swipe(driver, ring, -120)  # already at the last view
    settle(driver)
    assert current_view(driver) == "remaining"
    swipe(driver, ring, 120)
    wait(driver).until(lambda d: current_view(d) == "lastSession")
    assert "view=lastSession" in driver.current_url


def test_keyboard_and_buttons_switch_views(driver, goals_account):
    ring = open_goals(driver, goals_account)
    ring.send_keys(Keys.ARROW_RIGHT)
    wait(driver).until(lambda d: current_view(d) == "lastSession")
    ring.send_keys(Keys.ARROW_RIGHT)
    wait(driver).until(lambda d: current_view(d) == "remaining")
    ring.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    wait(driver).until(lambda d: current_view(d) == "progress")
    visible_panel(driver).find_element(By.CSS_SELECTOR, ".ring-dot[data-view=remaining]").send_keys(Keys.ENTER)
    wait(driver).until(lambda d: current_view(d) == "remaining")
    assert "Remaining" in visible_panel(driver).find_element(By.CSS_SELECTOR, ".ring-caption:not([hidden])").text
    visible_panel(driver).find_element(By.CSS_SELECTOR, ".ring-prev").click()
    wait(driver).until(lambda d: current_view(d) == "lastSession")


def test_arc_end_angles_match_the_data(driver, goals_account):
    open_goals(driver, goals_account)
    status, months = api("GET", f"/api/v1/profile/{goals_account['customerId']}/goals", token=goals_account["token"])
    current = months[0]
    goal, progress = current["jump"]["goal"], current["jump"]["currentProgress"]
    last = current["lastSession"]["numberOfJumps"]
    blue_end = 360 * min(1, progress / goal)
    settle(driver)  # the arcs have grown from 12 o'clock
    start, end = arc_angles(driver, "#panel-jumps .ring-arc-progress")
    assert start == pytest.approx(0) and end == pytest.approx(blue_end, abs=0.01)
    start, end = arc_angles(driver, "#panel-jumps .ring-arc-remainder")
    assert start == pytest.approx(blue_end, abs=0.01) and end == pytest.approx(360)
    driver.find_element(By.CSS_SELECTOR, "#panel-jumps .ring-next").click()
    settle(driver)
    start, end = arc_angles(driver, "#panel-jumps .ring-arc-inner.is-active")
    assert end == pytest.approx(blue_end, abs=0.01)  # ends at the tail of the blue arc
    assert end - start == pytest.approx(360 * min(last / goal, progress / goal), abs=0.01)
    driver.find_element(By.CSS_SELECTOR, "#panel-jumps .ring-next").click()
    settle(driver)
    start, end = arc_angles(driver, "#panel-jumps .ring-arc-inner.is-active")
    assert start == pytest.approx(blue_end, abs=0.01) and end == pytest.approx(360)


def open_edit(driver):
    driver.find_element(By.ID, "edit-goals-button").click()
    return wait(driver).until(EC.visibility_of_element_located((By.ID, "edit-goals")))


def edit_jump_goal(driver, goals_account, *keys):
    """Opens the Goals page and its sheet, and moves the jump-goal ruler with `keys`."""
    open_goals(driver, goals_account)
    dialog = open_edit(driver)
    ruler = dialog.find_element(By.CSS_SELECTOR, "[data-testid=ruler-jumpGoal]")
    ruler.click()
    ruler.send_keys(*keys)
    return dialog, ruler


def test_edit_goals_save_and_unsaved_prompt(driver, goals_account):
    dialog, ruler = edit_jump_goal(driver, goals_account, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert "#edit" in driver.current_url
    assert ruler.get_attribute("aria-valuenow") == "22000"
    dialog.find_element(By.CSS_SELECTOR, "[data-close-sheet]").click()
    unsaved = wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
    screenshot(driver, "goals-edit-unsaved-en")
    unsaved.find_element(By.CSS_SELECTOR, "button[value=cancel]").click()
    assert dialog.is_displayed()
    dialog.find_element(By.CSS_SELECTOR, ".dialog-actions button[type=submit]").click()
    wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#panel-jumps .current-goal"), "Goal: 22,000 jumps"))
    assert not driver.find_element(By.ID, "edit-goals").is_displayed()
    status, profile = api("GET", "/api/v1/profile", token=goals_account["token"])
    assert profile["fitness"]["jumpGoal"] == 22000


def test_saving_goals_shows_the_overlay_above_the_sheet_and_saves_once(driver, goals_account):
    dialog, _ = edit_jump_goal(driver, goals_account, Keys.ARROW_RIGHT)
    driver.execute_script("""
        window.posts = 0;
        const original = window.fetch;
        window.fetch = (...args) => { window.posts += 1; return new Promise((done) => setTimeout(() => done(original(...args)), 1500)); };
    """)
    save = dialog.find_element(By.CSS_SELECTOR, ".dialog-actions button[type=submit]")
    save.click()
    on_top = driver.execute_script("""
        const overlay = document.getElementById('loading-overlay'), button = arguments[0];
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return overlay.open && !button.contains(hit) && overlay.getBoundingClientRect().width > 0;
    """, save)
    assert on_top, "the loading overlay covers the sheet while it saves"
    screenshot(driver, "goals-edit-saving-en")
    driver.execute_script("arguments[0].click(); arguments[0].click();", save)  # taps that get through anyway
    assert driver.execute_script("return window.posts") == 1
    wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#panel-jumps .current-goal"), "Goal: 21,000 jumps"))


def test_browser_back_asks_before_discarding_edits_in_the_sheet(driver, goals_account):
    dialog, _ = edit_jump_goal(driver, goals_account, Keys.ARROW_RIGHT)
    driver.back()
    unsaved = wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
    assert "/goals" in driver.current_url and dialog.is_displayed()
    unsaved.find_element(By.CSS_SELECTOR, "button[value=discard]").click()
    wait(driver).until(lambda d: not d.find_element(By.ID, "edit-goals").is_displayed())
    wait(driver).until(lambda d: "#edit" not in d.current_url)
    assert "/goals" in driver.current_url
    # Without edits, Back just closes the sheet.
    open_edit(driver)
    driver.back()
    wait(driver).until(lambda d: not d.find_element(By.ID, "edit-goals").is_displayed())
    assert "/goals" in driver.current_url
    status, profile = api("GET", "/api/v1/profile", token=goals_account["token"])
    assert profile["fitness"]["jumpGoal"] == 20000


def test_discarding_edits_keeps_the_goal(driver, goals_account):
    dialog, _ = edit_jump_goal(driver, goals_account, Keys.ARROW_LEFT)
    dialog.send_keys(Keys.ESCAPE)
    unsaved = wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
    unsaved.find_element(By.CSS_SELECTOR, "button[value=discard]").click()
    wait(driver).until(lambda d: not d.find_element(By.ID, "edit-goals").is_displayed())
    status, profile = api("GET", "/api/v1/profile", token=goals_account["token"])
    assert profile["fitness"]["jumpGoal"] == 20000


def test_calorie_section_needs_fitness_settings_and_detours_there(driver, account):
    open_goals(driver, account)
    assert driver.find_elements(By.CSS_SELECTOR, "[data-category-tab=calories]") == []
    dialog = open_edit(driver)
    section = dialog.find_element(By.ID, "calorie-section")
    assert section.get_attribute("disabled") is not None
    assert dialog.find_element(By.CSS_SELECTOR, "[data-testid=ruler-calorieGoal]").get_attribute("aria-disabled") == "true"
    screenshot(driver, "goals-edit-locked-en")
    dialog.find_element(By.CSS_SELECTOR, "[data-open-fitness]").click()
    fitness_view = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-sheet-view=fitness]")))
    fitness_view.find_element(By.CSS_SELECTOR, "label[for=body-type-2]").click()
    height = fitness_view.find_element(By.CSS_SELECTOR, "[data-testid=ruler-height]")
    height.click()
    height.send_keys(Keys.ARROW_RIGHT)
    screenshot(driver, "goals-edit-fitness-en")
    fitness_view.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-sheet-view=goals]")))
    wait(driver).until(lambda d: section.get_attribute("disabled") is None)
    calories = dialog.find_element(By.CSS_SELECTOR, "[data-testid=ruler-calorieGoal]")
    calories.click()
    calories.send_keys(Keys.PAGE_UP)
    assert calories.get_attribute("aria-valuenow") == "1000"
    dialog.find_element(By.CSS_SELECTOR, ".dialog-actions button[type=submit]").click()
    wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "[data-category-tab=calories]")))
    status, profile = api("GET", "/api/v1/profile", token=account["token"])
    assert profile["fitness"]["bodyType"] == 2 and profile["fitness"]["calorieGoal"] == 1000


def test_jump_history_lists_and_adds_sessions(driver, goals_account):
    open_goals(driver, goals_account)
    link = driver.find_element(By.CSS_SELECTOR, ".history-link")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait(driver).until(EC.url_to_be(BASE_URL + "/goals/history"))
    assert len(driver.find_elements(By.CSS_SELECTOR, ".history-month")) == 2
    driver.find_element(By.CSS_SELECTOR, ".add-session-summary").click()
    today = datetime.date.today()
    driver.execute_script("document.getElementById('session-date').value = arguments[0]", today.isoformat())
    driver.find_element(By.ID, "session-parkName").send_keys("Riverside")
    driver.execute_script("document.getElementById('session-startTime').value = '09:00';"
                          "document.getElementById('session-endTime').value = '10:00'")
    driver.find_element(By.ID, "session-numberOfJumps").send_keys("4321")
    driver.find_element(By.CSS_SELECTOR, ".add-session-form button[type=submit]").click()
    wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".banner-success"), "Session added."))
    first = driver.find_element(By.CSS_SELECTOR, ".session-row")
    assert "Riverside" in first.text or "Riverside" in driver.find_element(By.CSS_SELECTOR, ".session-list").text
    assert "4,321 jumps" in driver.find_element(By.CSS_SELECTOR, ".session-list").text
    screenshot(driver, "goals-history-en")


LANGUAGES = {"en": "en-US", "de": "de-DE", "en-XA": "en-XA"}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", [320, 375, 430])
def test_goals_screens_in_each_language_and_width(goals_account, code, width):
    driver = make_driver(LANGUAGES[code], width=width, still=True)
    try:
        log_in(driver, goals_account)
        for view in ("progress", "lastSession", "remaining"):
            driver.get(BASE_URL + f"/goals?view={view}")
            settle(driver)
            assert_no_horizontal_overflow(driver, f"goals ({view})")
            screenshot(driver, f"goals-{view}-{code}-{width}")
        open_edit(driver)
        settle(driver)
        screenshot(driver, f"goals-edit-{code}-{width}")
        driver.get(BASE_URL + "/goals/history")
        assert_no_horizontal_overflow(driver, "history")
        screenshot(driver, f"goals-history-{code}-{width}")
    finally:
        driver.quit()


def test_the_pace_on_the_ring_follows_rest_days_set_on_days_off(goals_account):
    """The ring's tick and "… a day to make it" under it; rest days set on Days Off (every day but
    today's weekday) leave as many jump days as today's weekday has left in the month."""
    today = datetime.date.today()
    driver = make_driver(width=375, scale=2, still=True)
    try:
        open_goals(driver, goals_account)
        pace = visible_panel(driver).find_element(By.CSS_SELECTOR, ".goal-pace")
        assert "a day to make it" in pace.text or "No jump days left" in pace.text
        if today.day > 1:
            assert driver.find_elements(By.CSS_SELECTOR, "[data-category-panel]:not([hidden]) .ring-pace-tick")
        screenshot(driver, "goals-pace-en-375")

        link = driver.find_element(By.LINK_TEXT, "Rest days and days off")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        wait(driver).until(EC.presence_of_element_located((By.ID, "rest-days-form")))
        assert_no_horizontal_overflow(driver, "days off")
        kept = today.strftime("%A").lower()
        for box in driver.find_elements(By.CSS_SELECTOR, "input[name='rest[]']"):
            if (box.get_attribute("value") != kept) != box.is_selected():
                driver.execute_script("arguments[0].click()", box)
        save = driver.find_element(By.CSS_SELECTOR, "#rest-days-form button[type=submit]")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
        save.click()
        wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".banner-success")))
        screenshot(driver, "goals-days-off-en-375")

        driver.get(BASE_URL + "/goals")
        left = sum(1 for day in range(today.day, 32)
                   if _valid(today.year, today.month, day) and datetime.date(today.year, today.month, day).weekday() == today.weekday())
        days = visible_panel(driver).find_element(By.CSS_SELECTOR, ".goal-pace-days").text
        assert days == (f"{left} jump day left" if left == 1 else f"{left} jump days left")
    finally:
        driver.quit()


def _valid(year, month, day):
    try:
        datetime.date(year, month, day)
        return True
    except ValueError:
        return False
