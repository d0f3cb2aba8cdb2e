"""Notifications in a real browser: Settings › Notifications at 375 px in English and German
(axe, a screenshot), turning this phone on — the browser's push service is out of reach here, so
`PushManager.subscribe` answers with a device the push-service peer (scripts/peers/push_peer.py)
made, keys and all, as Chromium's would — then a wish sent to the account: the server encrypts
and signs the notification for the peer, the peer decrypts it, and the decrypted message goes
to the service worker as a push (`ServiceWorker.deliverPushMessage`), which shows it. The kinds
form, and turning the phone off again."""
import datetime
import json
import os
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, confirm_address, log_in, make_driver, screenshot, tap, wait
from test_accessibility import violations
from test_offline import Network, controlled, new_account

PUSH_PEER = os.environ.get("KINETIC_PUSH_PEER", "http://127.0.0.1:18091")

WORDS = {
    "en": {"title": "Notifications", "off": "Notifications are off for this device.", "on": "Notifications are on for this device.",
           "arrived": "Ann sent you a wish", "saved": "Saved."},
    "de": {"title": "Mitteilungen", "off": "Mitteilungen sind auf diesem Gerät aus.", "on": "Mitteilungen sind auf diesem Gerät an.",
           "arrived": "Ann hat dir einen Wunsch geschickt", "saved": "Gespeichert."},
}

# Stands in for the browser's push service, out of reach on this network, on every page the tab
# opens: a subscription the peer made for this server's key, with what a real one has
# (endpoint, keys, toJSON, unsubscribe), kept while the tab lives as the browser keeps its own.
FAKE_PUSH_SERVICE = """
(() => {
  const device = %s;
  const subscription = {
    endpoint: device.endpoint, expirationTime: null, toJSON: () => device,
    unsubscribe: async () => { sessionStorage.removeItem('kinetic-test-push'); return true; },
  };
  PushManager.prototype.subscribe = async function (options) {
    sessionStorage.setItem('kinetic-test-push', btoa(String.fromCharCode(...new Uint8Array(options.applicationServerKey))));
    return subscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return sessionStorage.getItem('kinetic-test-push') ? subscription : null;
  };
})();
"""


def peer(path, body=None):
    request = urllib.request.Request(PUSH_PEER + path, data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def pushes_to(endpoint):
    device = endpoint.rsplit("/", 1)[1]
    return [message for message in peer("/__messages") if message["device"] == device]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_phone_turned_on_is_told_when_a_wish_arrives_and_shows_it(language):
    words = WORDS[language]
    person = new_account("Bea")
    confirm_address(person)
    if language == "de":
        assert api("PUT", "/api/v1/profile", {"language": "de"}, token=person["token"])[0] == 200
    ann = new_account("Ann")
    driver = make_driver(language=f"{language}-{'US' if language == 'en' else 'DE'}", scale=2)
    devtools = Network(driver)  # the tab is given a stand-in push service: not handed to another test
    try:
        log_in(driver, person)
        controlled(driver)
        driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": BASE_URL, "permissions": ["notifications"]})
        driver.get(BASE_URL + "/settings")
        driver.find_element(By.CSS_SELECTOR, f"a[href='/settings/notifications']").click()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".push-state").text == words["off"])
        assert driver.find_element(By.CSS_SELECTOR, "h1").text == words["title"]
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
        # Every kind is on at first: wishes, reminders, failures, report imports and park requests.
        kinds = driver.find_elements(By.CSS_SELECTOR, ".push-kind input")
        assert len(kinds) == 6 and all(kind.is_selected() for kind in kinds)
        screenshot(driver, f"notifications-{language}-375")
        assert violations(driver) == [], "notifications settings"

        key = json.loads(urllib.request.urlopen(BASE_URL + "/api/v1/push/key").read())["publicKey"]
        device = peer("/__subscribe", {"applicationServerKey": key})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_PUSH_SERVICE % json.dumps(device)})
        driver.refresh()
        toggle = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".push-toggle:not([hidden])"))
        toggle.click()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".push-state").text == words["on"])
        asked = driver.execute_script("return sessionStorage.getItem('kinetic-test-push')")
        assert asked.replace("+", "-").replace("/", "_").rstrip("=") == key, "subscribed with the server's key"

        # Ann sends a wish in-app: the server pushes it to this phone's push service.
        at = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M")
        status, wish = api("POST", "/api/v1/wishes", {
            "occasion": "birthday", "subject": "Happy birthday, Bea", "message": "All the best!", "recipients": [person["email"]],
            "sendAt": at, "timeZone": "UTC", "channels": ["in-app"]}, token=ann["token"])
        assert status == 201, wish
        wait(driver, 30).until(lambda d: pushes_to(device["endpoint"]))
        message = pushes_to(device["endpoint"])[0]
        payload = message["payload"]
        assert payload["kind"] == "wishArrived" and payload["title"] == words["arrived"] and payload["body"] == "Happy birthday, Bea"
        assert payload["lang"] == language and payload["url"].startswith("/wishes/") and message["topic"] == payload["tag"]

        # The decrypted message, handed to the service worker as a push: it shows it.
        devtools.deliver_push(payload)
        # Read in the worker: the page's own getNotifications() made Chromium drop now and then
        # a notification it asked for before it was shown.
        wait(driver).until(lambda d: devtools.shown())
        assert devtools.shown() == [[words["arrived"], "Happy birthday, Bea", payload["tag"], payload["url"], language]]
        # Its page is the wish in the Inbox.
        driver.get(BASE_URL + payload["url"])
        assert "Happy birthday, Bea" in driver.find_element(By.TAG_NAME, "main").text

        # Arrivals off: the kinds form keeps it; then this phone off again.
        driver.get(BASE_URL + "/settings/notifications")
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".push-kind input[value='wishArrived']"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/settings/notifications'] button[type=submit]"))
        wait(driver).until(lambda d: words["saved"] in d.find_element(By.TAG_NAME, "main").text)
        assert not driver.find_element(By.CSS_SELECTOR, ".push-kind input[value='wishArrived']").is_selected()
        assert driver.find_element(By.CSS_SELECTOR, ".push-state").text == words["on"]
        driver.find_element(By.CSS_SELECTOR, ".push-toggle").click()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".push-state").text == words["off"])
        driver.refresh()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".push-state").text == words["off"])
        status, _ = api("DELETE", "/api/v1/push/subscriptions", {"endpoint": device["endpoint"]}, token=person["token"])
        assert status == 404, "the server forgot the phone"

        # On again, then signing out: the server forgets the phone at once, and the browser its
        # subscription (not only where it honours Clear-Site-Data).
        driver.find_element(By.CSS_SELECTOR, ".push-toggle").click()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".push-state").text == words["on"])
        driver.get(BASE_URL + "/profile")
        wait(driver).until(EC.element_to_be_clickable((By.ID, "menu-button"))).click()
        tap(driver, wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, ".side-menu-logout button"))))
        wait(driver).until(lambda d: "/login" in d.current_url or d.current_url.rstrip("/") == BASE_URL)
        status, _ = api("DELETE", "/api/v1/push/subscriptions", {"endpoint": device["endpoint"]}, token=person["token"])
        assert status == 404, "signing out made the server forget the phone"
    finally:
        devtools.close()
        driver.quit()
