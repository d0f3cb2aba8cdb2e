"""Writes made offline are never lost and never doubled: a jump session, a contact and a wish
filled in without a network wait on the phone, listed as waiting to send, and reach the server
once when it returns; one the server refuses stays, saying why, to be fixed or discarded."""
import datetime
import http.cookiejar
import re
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, log_in, make_driver, screenshot, steady, tap, wait
from test_offline import LANGUAGES, Network, controlled, new_account

WAITING = {"en": "Waiting to send: it goes when you’re online again.",
           "de": "Wartet auf Versand: geht raus, sobald du wieder online bist."}
NOT_SENT = {"en": "Not sent: ", "de": "Nicht gesendet: "}


def panel(driver):
    """What the page lists waiting: (name, state) of each."""
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-outbox]:not([hidden]) .outbox-item')]"
        ".map(item => [item.querySelector('.outbox-label').textContent, item.querySelector('.outbox-state').textContent])")


def type_into(driver, name, value, form="form[data-offline-queue]"):
    field = driver.find_element(By.CSS_SELECTOR, f"{form} [name='{name}']")
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                          field, value)


def enter_session(driver, day, park, jumps, start="10:00", end="11:00"):
    """Jump History's Add a session, filled in and sent on the kept page (offline)."""
    driver.get(BASE_URL + "/goals/history")
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
    driver.execute_script("document.querySelector('details.add-session').open = true")
    for name, value in [("date", day), ("parkName", park), ("startTime", start), ("endTime", end), ("numberOfJumps", jumps)]:
        type_into(driver, name, value)
    tap(driver, driver.find_element(By.CSS_SELECTOR, ".add-session-form button[type=submit]"))


def sessions(account):
    status, body = api("GET", "/api/v1/jump-sessions", token=account["token"])
    assert status == 200, body
    return sorted((session["parkName"], session["numberOfJumps"]) for session in body)


# Each journey runs in one language, English here and German for the wishes': the journey is the
# same in every language, and every page is seen in each language by the screenshot tests.
@pytest.mark.parametrize("code", ["en"])
def test_jump_sessions_entered_offline_go_once_online_and_a_refused_one_says_why_until_fixed(code):
    account = new_account("Jamie Rivera")
    driver = make_driver(LANGUAGES[code])
    network = None
    yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    try:
        log_in(driver, account)
        controlled(driver)
        driver.get(BASE_URL + "/goals/history")
        wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "form[data-offline-queue]")))
        network = Network(driver)
        network.offline(True)

        # A field left empty is said at once, offline too: nothing is kept for the server to refuse.
        enter_session(driver, yesterday, "", "")
        invalid = driver.execute_script("return document.querySelector('.add-session-form :invalid')?.name")
        assert invalid == "parkName", invalid
        assert panel(driver) == []
        enter_session(driver, yesterday, "Sky Park", "1234")
        wait(driver).until(lambda d: len(panel(d)) == 1)
        day = datetime.date.today() - datetime.timedelta(days=1)
        named = f"1,234 jumps at Sky Park on {day.strftime('%b')} {day.day}, {day.year}"
        assert panel(driver) == [[named, WAITING[code]]]
        # Where it went is where the person is now: the list it joined, read out by its heading.
        assert driver.execute_script("return document.activeElement.id") == "outbox-title"
        # The same session sent again at once (a double tap, an impatient second try): kept once.
        enter_session(driver, yesterday, "Sky Park", "1234")
        wait(driver).until(lambda d: len(panel(d)) >= 1)
        assert steady(driver, lambda d: len(panel(d))) == 1
        # Past what a session can hold: the server will refuse this one.
        enter_session(driver, yesterday, "Moon Park", "150000")
        wait(driver).until(lambda d: len(panel(d)) == 2)
        assert driver.find_element(By.CSS_SELECTOR, ".offline-banner").is_displayed()
        screenshot(driver, f"outbox-waiting-{code}")
        assert sessions(account) == [], "nothing reached the server while offline"

        # Online: the page sends what waits, loads again, and lists only what the server refused.
        network.offline(False)
        wait(driver, 40).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".offline-banner")
                               and len(panel(d)) == 1 and panel(d)[0][1].startswith(NOT_SENT[code]))
        label, state = panel(driver)[0]
        assert "Moon Park" in label and len(state) > len(NOT_SENT[code]) + 5, state
        assert sessions(account) == [("Sky Park", 1234)]
        screenshot(driver, f"outbox-refused-{code}")

        # Fix: the form as the server answered it, with its values and what is wrong; sent, it
        # replaces the refused one.
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".outbox-refused a"))
        error = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#session-numberOfJumps-error")))
        assert error.text and error.text in state
        # The field to fix is where the person is; the list no longer shows the one being fixed.
        wait(driver).until(lambda d: d.execute_script("return document.activeElement.name") == "numberOfJumps")
        assert steady(driver, panel) == []
        assert driver.find_element(By.NAME, "parkName").get_attribute("value") == "Moon Park"
        type_into(driver, "numberOfJumps", "2345", form=".add-session-form")
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".add-session-form button[type=submit]"))
        wait(driver).until(lambda d: "added=1" in d.current_url)
        wait(driver).until(lambda d: d.execute_script("return document.querySelector('[data-outbox]').hidden"))
        assert sessions(account) == [("Moon Park", 2345), ("Sky Park", 1234)]
    finally:
        if network:
            network.close()
        driver.quit()


@pytest.mark.parametrize("code", ["de"])
def test_a_contact_and_a_wish_made_offline_wait_then_reach_the_server_once(code):
    account = new_account("Jamie Rivera")
    driver = make_driver(LANGUAGES[code])
    network = None
    try:
        log_in(driver, account)
        controlled(driver)
        for path in ["/wishes", "/wishes/contacts", "/wishes/contacts/new", "/wishes/new"]:
            driver.get(BASE_URL + path)
            wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
        network = Network(driver)
        network.offline(True)

        driver.get(BASE_URL + "/wishes/contacts/new")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
        type_into(driver, "name", "Ann Example")
        type_into(driver, "email", "ann@example.com")
        tap(driver, driver.find_element(By.ID, "contact-save"))
        wait(driver).until(lambda d: d.current_url.endswith("/wishes/contacts") and len(panel(d)) == 1)
        assert panel(driver) == [["Neuer Kontakt: Ann Example", WAITING[code]]]

        driver.get(BASE_URL + "/wishes/new")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
        type_into(driver, "subject", "Happy birthday, Ann")
        type_into(driver, "message", "Have a wonderful day!")
        type_into(driver, "recipients", "ann@example.com")
        type_into(driver, "sendDate", (datetime.date.today() + datetime.timedelta(days=7)).isoformat())
        tap(driver, driver.find_element(By.ID, "compose-next"))
        wait(driver).until(lambda d: re.search(r"/wishes$", d.current_url) and len(panel(d)) == 2)
        wish = "Wunsch an ann@example.com: Happy birthday, Ann"
        assert [label for label, _ in panel(driver)] == [
            "Neuer Kontakt: Ann Example", wish]
        screenshot(driver, f"outbox-wishes-{code}")

        network.offline(False)
        wait(driver, 40).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".offline-banner") and panel(d) == [])
        status, contacts = api("GET", "/api/v1/wishes/contacts", token=account["token"])
        assert status == 200 and [c["email"] for c in contacts["items"]] == ["ann@example.com"], contacts
        status, scheduled = api("GET", "/api/v1/wishes?box=scheduled", token=account["token"])
        assert status == 200 and [w["subject"] for w in scheduled["items"]] == ["Happy birthday, Ann"], scheduled
        assert scheduled["items"][0]["message"] == "Have a wonderful day!"
    finally:
        if network:
            network.close()
        driver.quit()


def test_what_waits_for_one_account_is_never_sent_as_another_and_signing_out_asks_first():
    first, second = new_account("Robin Second"), new_account("Jamie Rivera")
    driver = make_driver()
    network = None
    yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    try:
        log_in(driver, first)
        controlled(driver)
        driver.get(BASE_URL + "/goals")
        wait(driver).until(EC.presence_of_element_located((By.ID, "menu-button")))
        driver.get(BASE_URL + "/goals/history")
        wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "form[data-offline-queue]")))
        network = Network(driver)
        network.offline(True)
        enter_session(driver, yesterday, "Swap Park", "111")
        wait(driver).until(lambda d: len(panel(d)) == 1)

        # Offline, signing out cannot be done: the page says so instead of failing.
        driver.get(BASE_URL + "/goals")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
        sign_out(driver)
        message = wait(driver).until(EC.visibility_of_element_located((By.ID, "alert-message")))
        assert message.text == "Signing out needs a connection. Try again when you’re online."
        driver.execute_script("document.querySelector('#alert-dialog .alert-button').click()")

        # The session changes to another account's while the phone is offline (a cookie of the
        # other's sign-in): back online, the waiting session is not run as theirs.
        mine = driver.get_cookies()
        set_cookies(driver, session_cookies(second))
        network.offline(False)
        driver.execute_script("navigator.serviceWorker.controller.postMessage({kind: 'send-queued'})")
        steady(driver, lambda d: (sessions(first), sessions(second)), timeout=15)
        assert sessions(second) == [] and sessions(first) == []

        # Its own account again: it goes, once.
        set_cookies(driver, mine)
        driver.get(BASE_URL + "/goals/history")
        wait(driver, 30).until(lambda d: sessions(first) == [("Swap Park", 111)])
        assert sessions(second) == []

        # Something made offline that did not go (refused, to fix): signing out asks first.
        network.offline(True)
        enter_session(driver, yesterday, "Late Park", "150000", start="12:00", end="13:00")
        wait(driver).until(lambda d: len(panel(d)) == 1)
        network.offline(False)
        wait(driver, 40).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".offline-banner")
                               and len(panel(d)) == 1 and panel(d)[0][1].startswith(NOT_SENT["en"]))
        driver.get(BASE_URL + "/goals")
        sign_out(driver)
        question = wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-message")))
        assert question.text == "One change made offline has not been sent yet. Signing out deletes it from this phone."
        driver.execute_script("document.getElementById('confirm-action').click()")
        wait(driver).until(lambda d: "/login" in d.current_url or d.current_url.rstrip("/") == BASE_URL)
    finally:
        if network:
            network.close()
        driver.quit()


def session_cookies(account):
    """The cookies of a session signed in as `account` (the login form posted from here)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(BASE_URL + "/login") as response:
        token = re.search(r'name="_csrf" value="([^"]+)"', response.read().decode()).group(1)
    form = urllib.parse.urlencode({"_csrf": token, "email": account["email"], "password": account["password"]}).encode()
    opener.open(urllib.request.Request(BASE_URL + "/login", data=form, method="POST")).close()
    return [{"name": cookie.name, "value": cookie.value, "path": cookie.path, "httpOnly": any(key.lower() == "httponly" for key in cookie._rest)} for cookie in jar]


def set_cookies(driver, cookies):
    """Puts these cookies (another browser's session) in the browser, as a sign-in would."""
    for cookie in cookies:
        driver.execute_cdp_cmd("Network.setCookie", {"url": BASE_URL, "name": cookie["name"], "value": cookie["value"],
                                                     "path": cookie.get("path", "/"), "httpOnly": cookie.get("httpOnly", False)})


def sign_out(driver):
    wait(driver).until(EC.element_to_be_clickable((By.ID, "menu-button"))).click()
    tap(driver, wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, ".side-menu-logout button"))))
