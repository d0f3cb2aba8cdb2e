"""Settings → Password and Settings → Apps and automations, by keyboard alone."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, log_in, screenshot, wait


def test_change_password_by_keyboard_signs_other_apps_out(driver, account):
    log_in(driver, account)
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
