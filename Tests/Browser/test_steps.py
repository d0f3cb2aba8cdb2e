"""The Steps page in a real browser: uploading a generated Apple Health export with the
progress bar, the chart's points against the API's daily totals, badges appearing in order,
dates in the user's language, and the pseudo-locale at 320 px."""
import subprocess
import zipfile

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import BASE_URL, ROOT, api, assert_no_horizontal_overflow, log_in, make_driver, screenshot, settle, wait

GENERATOR = ROOT / "scripts" / "make-health-export"


@pytest.fixture(scope="module")
def export_zip(tmp_path_factory):
    """A 60-day export from scripts/make-health-export, from 1 January 2021, zipped as the
    Health app does with a broken export_cda.xml beside it."""
    folder = tmp_path_factory.mktemp("export")
    xml = folder / "export.xml"
    subprocess.run(["python3", str(GENERATOR), str(xml), "--days", "60", "--seed", "11", "--start", "2021-01-01"],
                   check=True, stdout=subprocess.DEVNULL)
    archive = folder / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.write(xml, "apple_health_export/export.xml")
        bundle.writestr("apple_health_export/export_cda.xml", "<ClinicalDocument><unclosed>")
    truth = {}
    for line in (folder / "export.xml.truth.csv").read_text().splitlines()[1:]:
        date, steps = line.split(",")
        truth[date] = int(steps)
    return archive, truth


def upload(driver, path):
    driver.get(BASE_URL + "/steps")
    driver.find_element(By.ID, "import-file").send_keys(str(path))
    button = driver.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait(driver).until(EC.visibility_of_element_located((By.ID, "import-progress")))
    wait(driver, 120).until(EC.presence_of_element_located((By.ID, "import-result")))


def test_upload_then_chart_matches_daily_totals_and_badges_appear_in_order(driver, account, export_zip):
    archive, truth = export_zip
    log_in(driver, account)
    driver.get(BASE_URL + "/steps")
    assert "No steps yet" in driver.page_source
    upload(driver, archive)
    driver.get(BASE_URL + "/steps?month=2021-01")
    points = driver.find_elements(By.CSS_SELECTOR, ".chart-point")
    assert len(points) == 31
    status, daily = api("GET", "/api/v1/steps/daily?from=2021-01-01&to=2021-01-31", token=account["token"])
    assert status == 200
    from_api = {row["date"]: row["steps"] for row in daily}
    for point in points:
        date = f"2021-01-{int(point.get_attribute('data-day')):02d}"
        assert int(point.get_attribute("data-steps")) == from_api.get(date, 0) == truth[date]
    badges = driver.find_elements(By.CSS_SELECTOR, ".badge")
    thresholds = [int(badge.get_attribute("data-threshold")) for badge in badges]
    assert thresholds == [10000 * (index + 1) for index in range(sum(truth[d] for d in truth if d.startswith("2021-01")) // 10000)]
    # They animate in one after another: the first is visible before the last has started.
    delays = [float(driver.execute_script("return parseFloat(getComputedStyle(arguments[0].parentElement).animationDelay)", badge)) for badge in badges[:4]]
    assert delays == sorted(delays) and delays[0] < delays[-1]
    settle(driver)
    # Every medal's number stays inside its white disc (radius 28 of 100), however long.
    overflowing = driver.execute_script("""
        return [...document.querySelectorAll('.badge svg')].filter((svg) => {
            const box = svg.querySelector('.badge-number').getBBox();
            return box.x < 22 || box.x + box.width > 78 || box.y < 22 || box.y + box.height > 78;
        }).length;
    """)
    assert overflowing == 0
    screenshot(driver, "steps-january-en")

    # A tap on a day reads its value out; the arrow keys move from there.
    readout = driver.find_element(By.ID, "chart-readout")
    assert "arrow keys" in readout.text
    chart = driver.find_element(By.CSS_SELECTOR, ".steps-chart")
    twelfth = driver.find_element(By.CSS_SELECTOR, ".chart-point[data-day='12']")
    ActionChains(driver).move_to_element(twelfth).click().perform()
    assert readout.text == f"Tue, Jan 12: {truth.get('2021-01-12', 0):,} steps"
    chart.send_keys(Keys.ARROW_RIGHT)
    assert readout.text == f"Wed, Jan 13: {truth.get('2021-01-13', 0):,} steps"
    chart.send_keys(Keys.HOME)
    assert readout.text.startswith("Fri, Jan 1:")
    screenshot(driver, "steps-chart-readout-en")


def test_after_import_the_latest_month_opens_with_a_summary_and_the_picker_reaches_any_month(driver, account, export_zip):
    archive, truth = export_zip
    log_in(driver, account)
    upload(driver, archive)
    days = sorted(date for date, steps in truth.items() if steps)
    latest = days[-1][:7]
    assert f"month={latest}" in driver.current_url and "imported=" in driver.current_url
    result = driver.find_element(By.ID, "import-result")
    assert driver.switch_to.active_element == result, "the summary takes focus so it is read out"
    figures = {row.find_element(By.TAG_NAME, "dt").text: row.find_element(By.TAG_NAME, "dd").text
               for row in result.find_elements(By.CSS_SELECTOR, ".detail-row")}
    assert figures["Days with steps"] == f"{len(days):,}"
    assert int(figures["Records read"].replace(",", "")) > len(days)
    assert figures["Dates"].startswith("Jan 1, 2021") or figures["Dates"].startswith("Dec 31, 2020")
    screenshot(driver, "steps-import-result-en")

    # The picker: a pointer choice opens the month at once.
    picker = Select(driver.find_element(By.ID, "month-select"))
    assert picker.first_selected_option.get_attribute("value") == latest
    picker.select_by_value("2021-01")
    wait(driver).until(lambda d: "month=2021-01" in d.current_url)
    assert driver.find_element(By.CSS_SELECTOR, ".month-title").get_attribute("data-month") == "2021-01"
    assert not driver.find_elements(By.ID, "import-result")

    # A Tab from the month, nothing chosen, goes on to Show and shows it (the focus is never lost).
    select = driver.find_element(By.ID, "month-select")
    driver.execute_script("arguments[0].focus()", select)
    select.send_keys(Keys.TAB)
    show = driver.switch_to.active_element
    assert show.get_attribute("class") == "month-go" and show.is_displayed() and show.size["width"] > 20
    driver.execute_script("arguments[0].focus()", select)

    # From the keyboard the arrows only choose; Show (then visible) opens the month.
    select.send_keys(Keys.ARROW_UP)
    assert "month=2021-01" in driver.current_url
    show = driver.find_element(By.CSS_SELECTOR, ".month-go")
    select.send_keys(Keys.TAB)
    assert driver.switch_to.active_element == show and show.is_displayed()
    chosen = Select(select).first_selected_option.get_attribute("value")
    show.send_keys(Keys.ENTER)
    wait(driver).until(lambda d: f"month={chosen}" in d.current_url)


def test_reimport_changes_nothing(driver, account, export_zip):
    archive, truth = export_zip
    log_in(driver, account)
    upload(driver, archive)
    upload(driver, archive)
    status, daily = api("GET", "/api/v1/steps/daily?from=2021-01-01&to=2021-03-31", token=account["token"])
    assert {row["date"]: row["steps"] for row in daily} == {date: steps for date, steps in truth.items() if steps}


@pytest.mark.parametrize("language,month_name", [("de-DE", "Januar 2021"), ("en-US", "January 2021")])
def test_dates_follow_the_locale(account, export_zip, language, month_name):
    archive, _ = export_zip
    status, _ = api("GET", "/api/v1/profile", token=account["token"])
    driver = make_driver(language)
    try:
        log_in(driver, account)
        upload(driver, archive)
        driver.get(BASE_URL + "/steps?month=2021-01")
        assert driver.find_element(By.CSS_SELECTOR, ".month-title").get_attribute("textContent") == month_name
        assert Select(driver.find_element(By.ID, "month-select")).first_selected_option.text == month_name
        screenshot(driver, f"steps-{language}-375")
    finally:
        driver.quit()


@pytest.mark.parametrize("code,language", [("en-XA", "en-XA"), ("de", "de-DE")])
def test_layout_at_320_px(account, export_zip, code, language):
    archive, _ = export_zip
    driver = make_driver(language, width=320, still=True)
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/steps")
        screenshot(driver, f"steps-empty-{code}-320")
        upload(driver, archive)
        driver.get(BASE_URL + "/steps?month=2021-02")
        settle(driver)
        assert_no_horizontal_overflow(driver, "steps")
        screenshot(driver, f"steps-{code}-320")
    finally:
        driver.quit()
