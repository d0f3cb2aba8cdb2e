"""Steps that sync themselves: a phone's key made in Settings at 375 px, in English and German,
copied with its address, then used as Health Auto Export uses it; the Steps page shows the day."""
import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, assert_no_horizontal_overflow, log_in, make_driver, screenshot, tap, wait
from test_accessibility import violations
from test_offline import LANGUAGES, new_account

WORDS = {
    "en": {"title": "Sync From iPhone", "added": "KEY FOR LÉA’S IPHONE", "synced": "1 step point", "counted": "counted",
           "steps": "4,321"},
    "de": {"title": "Vom iPhone synchronisieren", "added": "SCHLÜSSEL FÜR LÉA’S IPHONE", "synced": "1 Schrittwert",
           "counted": "gezählt", "steps": "4.321"},
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_phones_key_is_made_in_settings_and_health_auto_export_sends_its_steps_with_it(code):
    account = new_account("Léa Martin")
    driver = make_driver(LANGUAGES[code])
    words = WORDS[code]
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/settings")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "a[href='/settings/step-sync']"))
        assert wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".top-bar-title"))).text == words["title"]
        driver.find_element(By.NAME, "name").send_keys("Léa’s iPhone")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]"))
        title = wait(driver).until(EC.visibility_of_element_located((By.ID, "sync-added-title")))
        assert title.text == words["added"]
        assert driver.execute_script("return document.activeElement.id") == "sync-added-title"
        assert_no_horizontal_overflow(driver, "step sync")
        screenshot(driver, f"step-sync-added-{code}")
        address = driver.find_element(By.ID, "sync-url").get_attribute("value")
        header = driver.find_element(By.ID, "sync-header").get_attribute("value")
        assert address == BASE_URL + "/api/v1/health/auto-export" and header.startswith("Bearer kss_")

        # Health Auto Export's sync, as the steps above set it up.
        body = {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
            {"qty": 4321, "date": "2026-11-27 2:00:00\u202fPM +0000", "source": "Léa’s iPhone"}]}], "workouts": []}}
        request = urllib.request.Request(address, data=json.dumps(body).encode(), method="POST", headers={
            "Authorization": header, "Content-Type": "application/json", "automation-aggregation": "Hours",
            "automation-name": "Kinetic"})
        with urllib.request.urlopen(request) as answer:
            assert json.load(answer)["days"] == [{"date": "2026-11-27", "steps": 4321}]
        driver.get(BASE_URL + "/settings/step-sync")
        device = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".sync-device")))
        assert "Léa’s iPhone" in device.text and words["synced"] in device.text
        screenshot(driver, f"step-sync-list-{code}")

        # The day it sent, hour by hour: what the iPhone recorded, and that it counted.
        driver.get(BASE_URL + "/steps/day/2026-11-27")
        hour = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".day-hour")))
        assert "Léa’s iPhone" in hour.text and words["counted"] in hour.text and words["steps"] in hour.text
        assert violations(driver) == [], "a day's sources"
        assert_no_horizontal_overflow(driver, "a day's sources")
        screenshot(driver, f"step-day-{code}")
    finally:
        driver.quit()
