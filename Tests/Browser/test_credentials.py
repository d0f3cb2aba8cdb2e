"""Settings → Password, Apps and automations and the time zone, by keyboard alone."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, log_in, log_in_with_form, screenshot, wait


def test_change_password_by_keyboard_signs_other_apps_out(driver, account):
    log_in_with_form(driver, account)
    driver.get(BASE_URL + "/settings")
    link = driver.find_element(By.CSS_SELECTOR, "a[href='/settings/password']")
    link.send_keys(Keys.ENTER)
    current = wait(driver).until(EC.presence_of_element_located((By.ID, "field-currentPassword")))
    current.send_keys("not-my-password")
    current.send_keys(Keys.TAB)
    driver.switch_to.active_element.send_keys("a-brand-new-secret", Keys.ENTER)
    error = wait(driver).until(EC.visibility_of_element_located((By.ID, "field-currentPassword-error")))
    assert error.text == "This is not your current password."
    assert driver.find_element(By.ID, "field-currentPassword").get_attribute("aria-invalid") == "true"
    screenshot(driver, "settings-password-error-en-375")

    driver.find_element(By.ID, "field-currentPassword").send_keys(account["password"])
    driver.find_element(By.ID, "field-newPassword").send_keys("a-brand-new-secret", Keys.ENTER)
    banner = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".banner-success")))
    assert "signed out" in banner.text
    assert api("GET", "/api/v1/profile", token=account["token"])[0] == 401
    status, _ = api("POST", "/api/v1/login", {"email": account["email"], "password": "a-brand-new-secret"})
    assert status == 200


def test_revoke_a_token_by_keyboard(driver, account):
    status, body = api("POST", "/api/v1/login", {"email": account["email"], "password": account["password"], "deviceName": "Plainfield kiosk"})
    assert status == 200
    kiosk = body["token"]
    log_in(driver, account)
    driver.get(BASE_URL + "/settings/tokens")
    rows = wait(driver).until(EC.presence_of_all_elements_located((By.CSS_SELECTOR, ".token-row")))
    assert len(rows) == 2
    screenshot(driver, "settings-tokens-list-en-375")
    button = driver.find_element(By.CSS_SELECTOR, "button[aria-label='Revoke Plainfield kiosk']")
    button.send_keys(Keys.ENTER)
    wait(driver).until(EC.url_contains("revoked=1"))
    assert len(driver.find_elements(By.CSS_SELECTOR, ".token-row")) == 1
    assert api("GET", "/api/v1/profile", token=kiosk)[0] == 401
    assert api("GET", "/api/v1/profile", token=account["token"])[0] == 200


def test_sign_up_takes_the_browsers_time_zone(driver):
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    driver.get(BASE_URL + "/signup")
    driver.find_element(By.ID, "field-name").send_keys("Aiko")
    email = f"tokyo-{int(time.time() * 1000)}@example.com"
    driver.find_element(By.ID, "field-email").send_keys(email)
    driver.find_element(By.ID, "field-password").send_keys("correct-horse-battery", Keys.ENTER)
    wait(driver).until(EC.url_contains("/settings/fitness?welcome=1"))
    assert driver.find_element(By.ID, "welcome-title").text == "Welcome to Kinetic, Aiko!"
    screenshot(driver, "settings-fitness-welcome-en-375")
    status, body = api("POST", "/api/v1/login", {"email": email, "password": "correct-horse-battery"})
    assert status == 200 and body["profile"]["timeZone"] == "Asia/Tokyo"
    driver.get(BASE_URL + "/settings")
    select = driver.find_element(By.ID, "field-timeZone")
    assert select.get_attribute("value") == "Asia/Tokyo"
    screenshot(driver, "settings-time-zone-en-375")
