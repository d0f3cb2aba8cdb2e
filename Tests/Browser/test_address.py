"""Address ownership as a person meets it at 375 px, with the test server's real SMTP peer:
sign up → the link in the mail → confirmed; forgot password → the link → a new password;
an e-mailed wish's "no more e-mail" link. By keyboard where a person would type."""
import datetime
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, assert_no_horizontal_overflow, link_in_mail, log_in, mails_to, open_mail, screenshot, wait


def sign_up(driver, name, email, password):
    driver.get(BASE_URL + "/signup")
    driver.find_element(By.ID, "field-name").send_keys(name)
    driver.find_element(By.ID, "field-email").send_keys(email)
    driver.find_element(By.ID, "field-password").send_keys(password, Keys.ENTER)
    wait(driver).until(EC.url_contains("/settings/fitness?welcome=1"))


def test_a_new_address_is_confirmed_by_the_link_it_receives(driver, tmp_path):
    email = f"confirm-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(driver, "Noor Haddad", email, "correct-horse-battery")
    note = driver.find_element(By.CSS_SELECTOR, ".welcome-link-sent").text
    assert email in note
    screenshot(driver, "signup-link-sent-en-375")
    assert mails_to(email)[0]["subject"] == "Confirm your address for Kinetic"

    driver.get(BASE_URL + "/settings")
    card = driver.find_element(By.CSS_SELECTOR, "section[aria-label='E-mail address']")
    assert "Not confirmed" in card.text
    assert_no_horizontal_overflow(driver, "settings")
    screenshot(driver, "settings-address-unconfirmed-en-375")

    # The e-mail as a phone shows it; its button is the link.
    link_in_mail(email, "/address/")
    open_mail(driver, mails_to(email)[-1], tmp_path)
    assert_no_horizontal_overflow(driver, "the confirmation e-mail")
    screenshot(driver, "address-confirm-mail-en-375")
    driver.find_element(By.LINK_TEXT, "Confirm Address").click()
    button = driver.find_element(By.CSS_SELECTOR, "form[action^='/address/'] button[type=submit]")
    assert button.text == "Confirm my address"
    screenshot(driver, "address-confirm-en-375")
    button.send_keys(Keys.ENTER)
    wait(driver).until(EC.text_to_be_present_in_element((By.CLASS_NAME, "auth-subtitle"), "is confirmed as your address"))
    screenshot(driver, "address-confirmed-en-375")

    driver.get(BASE_URL + "/settings")
    assert "Confirmed" in driver.find_element(By.CSS_SELECTOR, "section[aria-label='E-mail address']").text
    assert driver.find_element(By.ID, "storage-words").text.endswith("used by your songs and photos")
    screenshot(driver, "settings-address-confirmed-en-375")


def test_forgot_password_sends_a_link_that_sets_a_new_one(driver, account):
    driver.get(BASE_URL + "/login")
    driver.find_element(By.LINK_TEXT, "Forgot your password?").send_keys(Keys.ENTER)
    wait(driver).until(EC.url_contains("/password/forgot"))
    driver.find_element(By.ID, "field-email").send_keys(account["email"], Keys.ENTER)
    banner = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".banner-success")))
    assert account["email"] in banner.text
    screenshot(driver, "password-forgot-sent-en-375")

    driver.get(link_in_mail(account["email"], "/password/reset/"))
    screenshot(driver, "password-reset-en-375")
    driver.find_element(By.ID, "field-password").send_keys("short", Keys.ENTER)
    error = wait(driver).until(EC.visibility_of_element_located((By.ID, "field-password-error")))
    assert "8 characters" in error.text
    driver.find_element(By.ID, "field-password").send_keys("a-new-secret-phrase", Keys.ENTER)
    wait(driver).until(EC.url_contains("/login?passwordReset=1"))
    assert "new password is saved" in driver.find_element(By.CSS_SELECTOR, ".banner-success").text
    assert api("GET", "/api/v1/profile", token=account["token"])[0] == 401, "every app was signed out"
    log_in(driver, {**account, "password": "a-new-secret-phrase"})


def test_an_emailed_wish_carries_a_one_click_way_out(driver, account):
    token = link_in_mail(account["email"], "/address/").rsplit("/", 1)[1]
    assert api("POST", "/api/v1/address/confirmations", {"token": token})[0] == 200
    friend = f"friend-{uuid.uuid4().hex[:8]}@outside.example"
    at = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M")
    status, wish = api("POST", "/api/v1/wishes", {
        "occasion": "birthday", "subject": "Happy birthday", "message": "All the best!", "recipients": [friend],
        "sendAt": at, "timeZone": "UTC", "channels": ["email"]}, token=account["token"])
    assert status == 201, wish
    stop = link_in_mail(friend, "/mail/stop/", timeout=30)
    message = mails_to(friend)[0]
    assert message["headers"]["From"] == "Jamie Rivera via Kinetic <wishes@kinetic.test>"
    assert message["headers"]["Reply-To"] == f"Jamie Rivera <{account['email']}>"
    driver.get(stop)
    screenshot(driver, "mail-stop-en-375")
    driver.find_element(By.CSS_SELECTOR, "form[action^='/mail/stop/'] button[type=submit]").send_keys(Keys.ENTER)
    wait(driver).until(EC.text_to_be_present_in_element((By.CLASS_NAME, "auth-subtitle"), "sends no more e-mail"))
    screenshot(driver, "mail-stopped-en-375")
