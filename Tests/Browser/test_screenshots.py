"""Login, profile and fitness settings in English, German and the pseudo-locale, saved as
screenshots at 375 px; at 320 px in the pseudo-locale nothing may overflow sideways."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, assert_no_horizontal_overflow, log_in, make_driver, screenshot, upload_export, wait

LANGUAGES = {"en": "en-US", "de": "de-DE", "en-XA": "en-XA"}
PAGES = ["/login", "/signup", "/profile", "/settings", "/settings/fitness", "/settings/password", "/settings/tokens", "/goals"]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", [375, 320])
def test_steps_after_an_import_and_the_month_pickers_in_each_language(account, code, width):
    """The pages this release touched: Steps opened by an import (its summary, the month picker
    with Show for the keyboard), Goals with its picker, Jump History and Steps settings."""
    api("PUT", "/api/v1/profile", {"fitness": {"bodyType": 1, "height": 70, "jumpGoal": 30000, "calorieGoal": 1500}}, token=account["token"])
    api("POST", "/api/v1/jump-sessions", {"date": "2025-02-03", "numberOfJumps": 4200, "parkName": "Plainfield",
                                          "startTime": "10:00", "endTime": "11:00"}, token=account["token"])
    imported = upload_export(account)
    driver = make_driver(LANGUAGES[code], width=width, scale=2, still=True)
    try:
        log_in(driver, account)
        views = [(f"/steps?month=2021-03&imported={imported['id']}", "steps-imported"), ("/goals", "goals-picker"),
                 ("/goals/history", "goals-history"), ("/goals/days-off", "goals-days-off"), ("/steps/sources", "steps-sources")]
        for path, name in views:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            assert_no_horizontal_overflow(driver, path)
            screenshot(driver, f"{name}-{code}-{width}")
        driver.get(BASE_URL + "/steps?month=2021-03")
        select = driver.find_element(By.ID, "month-select")
        select.send_keys(Keys.ARROW_UP)
        select.send_keys(Keys.TAB)
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".month-go")))
        assert_no_horizontal_overflow(driver, "month picker")
        screenshot(driver, f"steps-picker-keyboard-{code}-{width}")
    finally:
        driver.quit()


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", [375, 320])
def test_pages_in_each_language(account, code, width):
    api("PUT", "/api/v1/profile", {"fitness": {"bodyType": 1, "height": 70, "jumpGoal": 30000}}, token=account["token"])
    driver = make_driver(LANGUAGES[code], width=width, scale=2, still=True)
    try:
        for page in ["/login", "/signup"]:
            driver.get(BASE_URL + page)
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == code
            assert_no_horizontal_overflow(driver, page)
            screenshot(driver, f"{page.strip('/').replace('/', '-')}-{code}-{width}")
        log_in(driver, account)
        for page in PAGES[2:]:
            driver.get(BASE_URL + page)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            assert_no_horizontal_overflow(driver, page)
            screenshot(driver, f"{page.strip('/').replace('/', '-')}-{code}-{width}")
        if code == "en-XA":
            assert driver.find_element(By.CSS_SELECTOR, ".top-bar-title").text.startswith("[")
    finally:
        driver.quit()


def test_german_formats_height_in_centimetres(account):
    api("PUT", "/api/v1/profile", {"fitness": {"height": 71}}, token=account["token"])
    driver = make_driver("de-DE", scale=2)
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/settings/fitness")
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".ruler-readout").text == "180 cm")
        assert driver.find_element(By.CSS_SELECTOR, ".top-bar-title").text == "Fitness-Einstellungen"
    finally:
        driver.quit()
