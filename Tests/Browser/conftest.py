"""Shared fixtures for Kinetic's browser tests: a headless Chromium at phone width, a fresh
account per test (created through the JSON API), and screenshots under .build/screenshots/."""
import json
import os
import pathlib
import time
import urllib.request
import uuid

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

BASE_URL = os.environ.get("KINETIC_URL", "http://127.0.0.1:8080")
# The folder the test server's SMTP peer writes what it receives to (scripts/peers/smtp_peer.py).
MAILBOX = pathlib.Path(os.environ.get("KINETIC_MAILBOX", "/nonexistent"))
ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / ".build" / "screenshots"


def api(method, path, body=None, token=None):
    """Calls the JSON API; returns (status, parsed body or None)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(BASE_URL + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else None


SMALL_EXPORT = """<?xml version="1.0" encoding="UTF-8"?>
<HealthData locale="en_US">
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s iPhone" unit="count" startDate="2021-03-01 10:00:00 -0800" endDate="2021-03-01 10:10:00 -0800" value="4200"/>
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s iPhone" unit="count" startDate="2021-03-02 10:00:00 -0800" endDate="2021-03-02 10:10:00 -0800" value="12500"/>
</HealthData>
"""


def upload_export(account, xml=SMALL_EXPORT):
    """Imports an Apple Health export through the API; returns the import's answer."""
    request = urllib.request.Request(BASE_URL + "/api/v1/health/import", data=xml.encode(), method="POST")
    request.add_header("Content-Type", "application/xml")
    request.add_header("Authorization", "Bearer " + account["token"])
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def make_driver(language="en-US", width=375, height=812, autoplay=False, network_log=False):
    """A headless Chromium at phone size; `autoplay` lets media play without a tap (the
    player's tests), muted so CI stays quiet; `network_log` keeps DevTools' network events
    (`driver.get_log("performance")`), which count the bytes on the wire."""
    options = webdriver.ChromeOptions()
    if network_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-device-scale-factor=2", f"--lang={language}"):
        options.add_argument(argument)
    if autoplay:
        options.add_argument("--autoplay-policy=no-user-gesture-required")
        options.add_argument("--mute-audio")
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(width, height)
    # Make the viewport exactly `width` CSS pixels wide, as on a phone.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    return driver


@pytest.fixture
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


@pytest.fixture
def account():
    """A new account with a known password, created through the API."""
    email = f"browser-{uuid.uuid4().hex[:10]}@example.com"
    password = "correct-horse-battery"
    status, body = api("POST", "/api/v1/accounts", {"name": "Jamie Rivera", "email": email, "password": password})
    assert status == 201, body
    return {"email": email, "password": password, "token": body["token"], "customerId": body["customerId"]}


def mails_to(address):
    """The e-mails the test server sent to `address`, oldest first (the SMTP peer's log)."""
    log = MAILBOX / "messages.jsonl"
    if not log.exists():
        return []
    return [message for message in map(json.loads, log.read_text().splitlines()) if address in message["rcpt_tos"]]


def open_mail(driver, message, folder):
    """Shows e-mail `message` (a line of the peer's log) as a mail app would: its HTML part,
    with the inline images it refers to by Content-ID, written to `folder` and opened."""
    import base64
    import email
    import email.policy
    parsed = email.message_from_bytes((MAILBOX / message["file"]).read_bytes(), policy=email.policy.default)
    html = parsed.get_body(preferencelist=("html",)).get_content()
    for part in parsed.walk():
        if part.get_content_maintype() == "image" and part.get("Content-ID"):
            data = base64.b64encode(part.get_content()).decode()
            html = html.replace("cid:" + part["Content-ID"].strip("<>"), f"data:{part.get_content_type()};base64,{data}")
    page = pathlib.Path(folder) / (message["file"] + ".html")
    page.write_text(html, encoding="utf-8")
    driver.get(page.as_uri())


def link_in_mail(address, path_prefix, timeout=15):
    """The last link to `path_prefix` (`/address/`) e-mailed to `address`, waiting for it."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for message in reversed(mails_to(address)):
            for word in (message.get("text") or "").split():
                if word.startswith(BASE_URL + path_prefix):
                    return word
        time.sleep(0.2)
    raise AssertionError(f"no link to {path_prefix} reached {address}")


def confirm_address(account):
    """Opens the link sign-up e-mailed to the account's address, as its owner would."""
    token = link_in_mail(account["email"], "/address/").rsplit("/", 1)[1]
    status, body = api("POST", "/api/v1/address/confirmations", {"token": token})
    assert status == 200 and body["emailVerified"], body


def log_in(driver, account):
    driver.get(BASE_URL + "/login")
    driver.find_element(By.ID, "field-email").send_keys(account["email"])
    driver.find_element(By.ID, "field-password").send_keys(account["password"])
    driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button[type=submit]").click()
    WebDriverWait(driver, 10).until(EC.url_contains("/profile"))


def screenshot(driver, name):
    """Saves what the phone's screen shows (the viewport, as a person sees it)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def tap(driver, element):
    """Clicks an element after bringing it to the middle of the screen (the bottom bar and the
    modules button cover the lowest part, as on a phone)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def wait(driver, timeout=10):
    """Waits for a condition, trying again while the page is being replaced under it (a form
    that reloads the page can detach the element a condition reads)."""
    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException, WebDriverException))


def assert_no_horizontal_overflow(driver, page):
    """The page fits the phone's width: nothing scrolls sideways."""
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page} overflows by {overflow}px"


def discard_unsaved_changes(driver):
    """Answers the unsaved-changes prompt with Don't Save."""
    dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
    dialog.find_element(By.CSS_SELECTOR, "button[value=discard]").click()


# Files whose tests read or replace the one report library every reader shares: run with
# pytest-xdist (`-n`), they go to one worker in turn, so no other test sees a library swapped
# for a moment (`--dist loadgroup`).
SHARED_LIBRARY_FILES = {"test_reports.py", "test_page_weight.py"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in SHARED_LIBRARY_FILES:
            item.add_marker(pytest.mark.xdist_group("report-library"))
