"""Shared fixtures for Kinetic's browser tests: a headless Chromium at phone width, a fresh
account per test (created through the JSON API), and screenshots under .build/screenshots/."""
import http.cookiejar
import json
import os
import pathlib
import re
import time
import urllib.parse
import urllib.request
import uuid

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

BASE_URL = os.environ.get("KINETIC_URL", "http://127.0.0.1:8080")
# The folder the test server's SMTP peer writes what it receives to (scripts/peers/smtp_peer.py).
MAILBOX = pathlib.Path(os.environ.get("KINETIC_MAILBOX", "/nonexistent"))
# How often a wait looks again: Selenium's half a second is, on average, a quarter of a second
# lost on each of a run's thousand waits.
POLL = 0.05
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


def _launch(language, autoplay, network_log):
    """A new headless Chromium: `autoplay` lets media play without a tap (the player's tests),
    muted so CI stays quiet; `network_log` keeps DevTools' network events
    (`driver.get_log("performance")`), which count the bytes on the wire."""
    options = webdriver.ChromeOptions()
    if network_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", f"--lang={language}",
                     # Nothing in the background that a test does not ask for.
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-default-apps", "--no-first-run", "--disable-features=Translate,OptimizationHints,MediaRouter"):
        options.add_argument(argument)
    if autoplay:
        options.add_argument("--autoplay-policy=no-user-gesture-required")
        options.add_argument("--mute-audio")
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class BrowserPool:
    """Chromium sessions kept from one test to the next: a new one costs half a second of wall
    time and more of CPU, some 250 times a run. A session given back is reset to what a new one
    is: the test's tabs closed for a new one (with them their pages, history, sessionStorage,
    `window.name`, and whatever DevTools commands changed for them: scripts for new documents,
    emulation, network conditions), the site's cookies, storage, caches and service workers
    cleared, the WebDriver timeouts and held keys and buttons as they start. A session that was
    sent a command changing more than its tabs (a DevTools command of another domain, or one of
    `BROWSER_WIDE`), or that fails to reset, is closed instead."""

    # DevTools domains whose commands change a tab only.
    TAB_DOMAINS = {"Page", "Emulation", "Network", "Runtime", "DOM", "Input", "Log", "Performance"}
    # WebDriver commands that change the session beyond its tabs.
    BROWSER_WIDE = {"setNetworkConditions", "deleteNetworkConditions", "setPermissions", "launchApp", "setSinkToUse",
                    "startTabMirroring", "startDesktopMirroring", "stopCasting"}

    def __init__(self):
        self.idle = {}
        self.lent = []
        # What each browser given back during the running test showed last (address and text),
        # for the report of a test that fails.
        self.last_pages = []

    def take(self, language, autoplay, network_log):
        key = (language, autoplay, network_log)
        driver = self.idle.get(key, []).pop() if self.idle.get(key) else _launch(language, autoplay, network_log)
        driver._kinetic_key, driver._kinetic_keeps = key, not network_log
        send = type(driver).execute.__get__(driver)

        def execute(command, params=None):
            if command in self.BROWSER_WIDE or (
                    command == "executeCdpCommand" and (params or {}).get("cmd", "").split(".")[0] not in self.TAB_DOMAINS):
                driver._kinetic_keeps = False
            return send(command, params)

        driver.execute = execute
        driver.quit = lambda: self.give_back(driver)
        driver._kinetic_returned = False
        self.lent.append(driver)
        return driver

    def give_back(self, driver):
        if driver._kinetic_returned:
            return
        driver._kinetic_returned = True
        self.lent.remove(driver)
        try:
            self.last_pages.append(last_page(driver))
            self.reset(driver)
        except Exception:
            type(driver).quit(driver)
            return
        self.idle.setdefault(driver._kinetic_key, []).append(driver)

    def reset(self, driver):
        if not driver._kinetic_keeps:
            raise RuntimeError("changed beyond its tabs")
        ActionBuilder(driver).clear_actions()
        old = driver.window_handles
        driver.switch_to.new_window("tab")
        fresh = driver.current_window_handle
        for handle in old:
            driver.switch_to.window(handle)
            driver.execute_script("window.onbeforeunload = null")
            driver.close()
        driver.switch_to.window(fresh)
        driver.set_page_load_timeout(300)
        driver.set_script_timeout(30)
        driver.implicitly_wait(0)
        for command, params in [("Storage.clearDataForOrigin", {"origin": BASE_URL, "storageTypes": "all"}),
                                ("Network.clearBrowserCookies", {}), ("Network.clearBrowserCache", {})]:
            type(driver).execute_cdp_cmd(driver, command, params)

    def close(self):
        for driver in self.lent + [driver for drivers in self.idle.values() for driver in drivers]:
            type(driver).quit(driver)
        self.idle, self.lent = {}, []


POOL = BrowserPool()


def pytest_sessionfinish(session):
    POOL.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's report shows each of its browsers as it was: the address and the text of
    the page, and for one still open a screenshot (failed-<test>-<n>.png)."""
    report = (yield).get_result()
    if report.when == "setup":
        POOL.last_pages = []
    if report.when != "call" or not report.failed:
        return
    pages = POOL.last_pages + [last_page(driver, f"failed-{item.name}-{index}") for index, driver in enumerate(POOL.lent)]
    for index, page in enumerate(pages):
        report.sections.append((f"browser {index}", page))


def last_page(driver, name=None):
    """What `driver` shows: its address and the text of its page, and with a `name` a
    screenshot of it."""
    try:
        text = driver.execute_script("return (document.querySelector('main') || document.body)?.innerText.slice(0, 1500)")
        return f"{driver.current_url}\n{text}" + (f"\n(screenshot {screenshot(driver, name)})" if name else "")
    except Exception as error:
        return f"unreadable: {error}"


def make_driver(language="en-US", width=375, height=812, autoplay=False, network_log=False, scale=1, still=False):
    """A headless Chromium at phone size, as a fresh one (see ``BrowserPool``); `quit()` gives it
    back. `autoplay` lets media play without a tap, muted; `network_log` keeps DevTools' network
    events (`driver.get_log("performance")`); `scale` is its device pixels per CSS pixel: a
    phone's 2 for the screenshots meant to be looked at, else 1, which draws a quarter of the
    pixels (a fifth of the browser tests' CPU time). `still` asks for reduced motion, as a person
    can in their phone's settings: pages show their end state at once instead of animating to it,
    for the tests of layout in each language and width, which look at where things end up (the
    motion itself is the other tests' concern); it halves what such a test costs."""
    driver = POOL.take(language, autoplay, network_log)
    driver.set_window_size(width, height)
    # Make the viewport exactly `width` CSS pixels wide, as on a phone.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True})
    if still:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
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


def log_in_with_form(driver, account):
    """Signs in as a person does: the login page, typed, submitted; lands on the profile."""
    driver.get(BASE_URL + "/login")
    driver.find_element(By.ID, "field-email").send_keys(account["email"])
    driver.find_element(By.ID, "field-password").send_keys(account["password"])
    driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button[type=submit]").click()
    WebDriverWait(driver, 10, poll_frequency=POLL).until(EC.url_contains("/profile"))


def log_in(driver, account):
    """Signs the browser in and lands on the profile, as `log_in_with_form` does, without drawing
    the login page or typing into it: the same form is posted from here (its CSRF cookie and
    token first) and the session's cookies are handed to the browser. The form itself is used
    by `log_in_with_form` (test_credentials) and test_shell's wrong password."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(BASE_URL + "/login") as response:
        found = re.search(r'name="_csrf" value="([^"]+)"', response.read().decode())
        assert found, "the login page has no _csrf field to post back"
        token = found.group(1)
    form = urllib.parse.urlencode({"_csrf": token, "email": account["email"], "password": account["password"]}).encode()
    with opener.open(urllib.request.Request(BASE_URL + "/login", data=form, method="POST")) as response:
        assert response.url.endswith("/profile"), f"signing in as {account['email']} ended at {response.url}"
    for cookie in jar:
        attributes = {name.lower(): value for name, value in cookie._rest.items()}
        driver.execute_cdp_cmd("Network.setCookie", {
            "url": BASE_URL, "name": cookie.name, "value": cookie.value, "path": cookie.path, "secure": cookie.secure,
            "httpOnly": "httponly" in attributes, "sameSite": (attributes.get("samesite") or "Lax").capitalize(),
            **({"expires": cookie.expires} if cookie.expires else {})})
    driver.get(BASE_URL + "/profile")


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


def tap_found(driver, selector):
    """Finds `selector` and taps it (``tap``), finding it again while the page that was just
    opened is still being replaced under it."""
    wait(driver).until(lambda d: tap(d, d.find_element(By.CSS_SELECTOR, selector)) is None)


def wait(driver, timeout=10):
    """Waits for a condition, trying again while the page is being replaced under it (a form
    that reloads the page can detach the element a condition reads)."""
    return WebDriverWait(driver, timeout, poll_frequency=POLL, ignored_exceptions=(StaleElementReferenceException, WebDriverException))


def settle(driver, timeout=10):
    """Waits until the page is at rest as a person would see it once the motion stops: its web
    fonts loaded, nothing marked `aria-busy` (a page changing in steps says so) and no animation
    or transition of two seconds or less running: a sheet rising, arcs growing, bubbles moving.
    A longer one shows time passing (a spinner, a player's ring over an exercise) and is no
    motion to wait for. Read from the page (`document.getAnimations()`), so it waits exactly as
    long as it moves."""
    wait(driver, timeout).until(lambda d: d.execute_script(
        "return document.readyState === 'complete' && document.fonts.status === 'loaded' && "
        "!document.querySelector('[aria-busy=true]') && "
        "document.getAnimations().every(a => a.playState !== 'running' || !(a.effect?.getComputedTiming().endTime <= 2000))"))


def steady(driver, read, timeout=10, looks=5):
    """Waits until `read(driver)` gives the same value `looks` times in a row, a poll apart (a
    glide the page drives frame by frame, which `settle` cannot see); answers that value."""
    seen = []

    def still(d):
        seen.append(read(d))
        return len(seen) >= looks and all(value == seen[-1] for value in seen[-looks:])

    WebDriverWait(driver, timeout, poll_frequency=POLL).until(still)
    return seen[-1]


# A clock for the page that a test moves by hand, installed before the page's own scripts:
# `Date`, `performance.now()`, `setTimeout` and `setInterval` read and wait on it, and nothing
# happens on them until `advance(driver, seconds)` moves it. What the page awaits between two
# timers (its promises) settles before the next one fires, as it would in real time. Animation
# frames, CSS and the network keep real time.
PAGE_CLOCK = r"""
(() => {
  const realNow = performance.now.bind(performance);
  const RealDate = Date;
  const start = realNow(), startDate = RealDate.now();
  let elapsed = 0, nextId = 1;
  const timers = new Map();
  const schedule = (fn, ms, args, every) => {
    const id = nextId++;
    timers.set(id, { fn, at: elapsed + Math.max(every ? 1 : 0, Number(ms) || 0), every, args });
    return id;
  };
  window.setTimeout = (fn, ms, ...args) => schedule(fn, ms, args, 0);
  window.setInterval = (fn, ms, ...args) => schedule(fn, ms, args, Math.max(1, Number(ms) || 0));
  window.clearTimeout = window.clearInterval = (id) => { timers.delete(id); };
  performance.now = () => start + elapsed;
  window.Date = class extends RealDate {
    constructor(...values) { super(...(values.length ? values : [startDate + elapsed])); }
    static now() { return startDate + elapsed; }
  };
  // A task of its own (a message, which no timer nesting slows to 4 ms) after each timer.
  const channel = new MessageChannel();
  const settle = () => new Promise((resolve) => { channel.port1.onmessage = () => resolve(); channel.port2.postMessage(0); });
  window.__pageClock = {
    async advance(ms) {
      const end = elapsed + ms;
      await settle();
      for (;;) {
        let next = null;
        for (const [id, timer] of timers) if (timer.at <= end && (!next || timer.at < next[1].at)) next = [id, timer];
        if (!next) break;
        const [id, timer] = next;
        elapsed = Math.max(elapsed, timer.at);
        if (timer.every) timer.at += timer.every; else timers.delete(id);
        try { typeof timer.fn === 'function' ? timer.fn(...timer.args) : undefined; } catch (error) { console.error(error); }
        await settle();
      }
      elapsed = end;
      await settle();
    },
  };
})();
"""


def install_page_clock(driver):
    """Gives every page this driver opens from now on a clock the test moves (`PAGE_CLOCK`)."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PAGE_CLOCK})


def advance(driver, seconds, step=5):
    """Moves the page's clock on by `seconds`, at most `step` in one call."""
    left = seconds
    while left > 1e-9:
        move = min(step, left)
        driver.execute_async_script("window.__pageClock.advance(arguments[0]).then(arguments[arguments.length - 1])", move * 1000)
        left -= move


def assert_no_horizontal_overflow(driver, page):
    """The page fits the phone's width: nothing scrolls sideways."""
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page} overflows by {overflow}px"


def discard_unsaved_changes(driver):
    """Answers the unsaved-changes prompt with Don't Save."""
    dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
    dialog.find_element(By.CSS_SELECTOR, "button[value=discard]").click()
