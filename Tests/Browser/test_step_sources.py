"""Steps settings in a real browser: moving sources with the keyboard (focus stays on the
moved row, the move is announced), saving changes the daily totals, leaving with unsaved
changes asks first, and the page fits 320 px in every language."""
import datetime
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, assert_no_horizontal_overflow, discard_unsaved_changes, log_in, make_driver, screenshot, settle, wait

DAY = datetime.date.today().replace(day=1).isoformat()


def export_xml():
    """An iPhone and an Apple Watch counting the same five minutes, and an app on its own."""
    def record(source, start, end, value):
        return (f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="{source}" unit="count" '
                f'startDate="{DAY} {start} +0000" endDate="{DAY} {end} +0000" value="{value}"/>\n')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n'
            + record("Ana’s iPhone", "10:00:00", "10:10:00", 1000)
            + record("Ana’s Apple Watch", "10:05:00", "10:10:00", 600)
            + record("Pedometer++", "15:00:00", "15:10:00", 42)
            + "</HealthData>\n")


def import_export(account):
    request = urllib.request.Request(BASE_URL + "/api/v1/health/import", data=export_xml().encode(), method="POST")
    request.add_header("Authorization", "Bearer " + account["token"])
    with urllib.request.urlopen(request) as response:
        assert response.status == 200


def day_total(account):
    _, days = api("GET", f"/api/v1/steps/daily?from={DAY}&to={DAY}", token=account["token"])
    return days[0]["steps"]


def row_names(driver):
    """The rows' sources, read in one script call (no element can go stale while the page reloads)."""
    return driver.execute_script("return [...document.querySelectorAll('.source-row')].map((row) => row.dataset.source)")


def test_keyboard_moves_then_save_changes_the_totals(driver, account):
    import_export(account)
    assert day_total(account) == 500 + 600 + 42
    log_in(driver, account)
    driver.get(BASE_URL + "/steps/sources")
    assert row_names(driver) == ["Ana’s Apple Watch", "Ana’s iPhone", "Pedometer++"]
    screenshot(driver, "step-sources-en-375")

    up = driver.find_element(By.CSS_SELECTOR, "button[aria-label='Move Ana’s iPhone up']")
    up.send_keys(Keys.SPACE)
    assert row_names(driver) == ["Ana’s iPhone", "Ana’s Apple Watch", "Pedometer++"]
    # At the top the up button is disabled, so focus moves to the row's other button.
    focused = driver.switch_to.active_element
    assert focused.get_attribute("aria-label") == "Move Ana’s iPhone down"
    assert driver.find_element(By.ID, "sources-status").get_attribute("textContent") == "Ana’s iPhone is now number 1 of 3."
    assert driver.find_element(By.CSS_SELECTOR, "button[aria-label='Move Ana’s Apple Watch down']").get_attribute("value") == "down:1"

    save = driver.find_element(By.CSS_SELECTOR, "#save-order")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
    save.send_keys(Keys.ENTER)
    wait(driver).until(EC.url_contains("saved=1"))
    assert "Order saved" in driver.find_element(By.CSS_SELECTOR, ".banner-success").text
    assert row_names(driver) == ["Ana’s iPhone", "Ana’s Apple Watch", "Pedometer++"]
    assert day_total(account) == 1000 + 42
    _, listing = api("GET", "/api/v1/steps/sources", token=account["token"])
    assert listing["customOrder"] is True
    screenshot(driver, "step-sources-saved-en-375")

    reset = driver.find_element(By.CSS_SELECTOR, ".reset-form button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", reset)
    reset.click()
    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".reset-form"))
    assert row_names(driver) == ["Ana’s Apple Watch", "Ana’s iPhone", "Pedometer++"]
    assert day_total(account) == 500 + 600 + 42


def test_dragging_a_handle_reorders_like_the_buttons(driver, account):
    import_export(account)
    log_in(driver, account)
    driver.get(BASE_URL + "/steps/sources")
    rows = driver.find_elements(By.CSS_SELECTOR, ".source-row")
    handle = rows[2].find_element(By.CSS_SELECTOR, ".source-handle")
    assert handle.is_displayed()
    top = rows[0].rect
    ActionChains(driver).click_and_hold(handle).move_by_offset(0, -20) \
        .move_by_offset(0, int(top["y"] + top["height"] / 2 - handle.rect["y"] - handle.rect["height"] / 2) + 20) \
        .release().perform()
    assert row_names(driver) == ["Pedometer++", "Ana’s Apple Watch", "Ana’s iPhone"]
    assert driver.find_element(By.ID, "sources-status").get_attribute("textContent") == "Pedometer++ is now number 1 of 3."
    assert driver.find_element(By.CSS_SELECTOR, "button[aria-label='Move Pedometer++ up']").get_attribute("disabled")
    driver.find_element(By.ID, "save-order").click()
    wait(driver).until(EC.url_contains("saved=1"))
    _, listing = api("GET", "/api/v1/steps/sources", token=account["token"])
    assert [source["name"] for source in listing["sources"]] == ["Pedometer++", "Ana’s Apple Watch", "Ana’s iPhone"]


def test_leaving_with_an_unsaved_order_asks_first(driver, account):
    import_export(account)
    log_in(driver, account)
    driver.get(BASE_URL + "/steps/sources")
    driver.find_element(By.CSS_SELECTOR, "button[aria-label='Move Pedometer++ up']").click()
    driver.find_element(By.CSS_SELECTOR, ".top-bar a[href='/steps']").click()
    discard_unsaved_changes(driver)
    wait(driver).until(EC.url_to_be(BASE_URL + "/steps"))
    _, listing = api("GET", "/api/v1/steps/sources", token=account["token"])
    assert listing["customOrder"] is False


@pytest.mark.parametrize("code,language,width", [("en", "en-US", 320), ("de", "de-DE", 375), ("de", "de-DE", 320), ("en-XA", "en-XA", 320)])
def test_layout_in_each_language(account, code, language, width):
    import_export(account)
    driver = make_driver(language, width=width, still=True)
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/steps/sources")
        settle(driver)
        assert_no_horizontal_overflow(driver, "sources page")
        screenshot(driver, f"step-sources-{code}-{width}")
    finally:
        driver.quit()
