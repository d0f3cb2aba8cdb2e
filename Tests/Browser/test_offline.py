"""Kinetic as an app on the phone: installable by Chromium's own criteria, with shortcuts; the
pages a person opened read without a network, marked with the time they were fetched, and load
again when the network returns; a page never opened says so; and another account signing in on
the same phone never sees the first one's pages."""
import json
import queue
import re
import threading
import urllib.request
import uuid

import pytest
import websocket
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, log_in, make_driver, screenshot, tap, wait

LANGUAGES = {"en": "en-US", "de": "de-DE"}
SEEN = ["/goals", "/steps", "/wishes/inbox", "/workouts"]


class Network:
    """DevTools' network emulation, as its Offline switch sets it: for the page, and for the
    service worker, whose requests are its own (the page's emulation does not reach them); and
    its push messages, as the Push button of its Service Workers pane sends them. Over
    the browser's own DevTools connection, since Selenium speaks to the page only; a thread reads
    everything the browser sends on it (a worker's network events left unread hold its requests
    back). The browser is not given back to the pool after it: it changed beyond its tabs."""

    def __init__(self, driver):
        self.driver = driver
        driver._kinetic_keeps = False
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version") as response:
            self.socket = websocket.create_connection(json.load(response)["webSocketDebuggerUrl"], timeout=10,
                                                      suppress_origin=True)
        self.sent = 0
        self.sessions = {}
        self.answers = queue.Queue()
        self.events = queue.Queue()
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        try:
            while True:
                message = json.loads(self.socket.recv())
                if "id" in message:
                    self.answers.put(message)
                else:
                    self.events.put(message)
        except (websocket.WebSocketException, OSError, ValueError):
            pass

    def send(self, method, params=None, session=None):
        self.sent += 1
        message = {"id": self.sent, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        answer = self.answers.get(timeout=10)
        assert answer["id"] == self.sent and "error" not in answer, answer
        return answer["result"]

    def offline(self, offline):
        conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
        workers = [target for target in self.send("Target.getTargets")["targetInfos"]
                   if target["type"] == "service_worker" and target["url"].startswith(BASE_URL)]
        assert workers, "no service worker to take offline"
        for worker in workers:
            # One session per worker: each session's conditions hold until it ends.
            if worker["targetId"] not in self.sessions:
                session = self.send("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": True})["sessionId"]
                self.send("Network.enable", session=session)
                self.sessions[worker["targetId"]] = session
            self.send("Network.emulateNetworkConditions", conditions, session=self.sessions[worker["targetId"]])

    def deliver_push(self, payload):
        """Hands `payload` (JSON) to the page's service worker as its push service would
        (`ServiceWorker.deliverPushMessage`, on a session of the page's own)."""
        # This driver's tab (its window handle is its target id): another tab of the browser may
        # be in another browser context, whose registration has the same id.
        session = self.send("Target.attachToTarget", {"targetId": self.driver.current_window_handle, "flatten": True})["sessionId"]
        self.send("ServiceWorker.enable", session=session)
        while True:
            event = self.events.get(timeout=10)
            registrations = event.get("params", {}).get("registrations", []) if event.get("method") == "ServiceWorker.workerRegistrationUpdated" else []
            registration = next((r for r in registrations if r["scopeURL"] == BASE_URL + "/" and not r.get("isDeleted")), None)
            if registration:
                break
        # A session on the worker itself, to read what it shows (``shown``).
        worker = next(target for target in self.send("Target.getTargets")["targetInfos"]
                      if target["type"] == "service_worker" and target["url"].startswith(BASE_URL))
        self.worker_session = self.send("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": True})["sessionId"]
        self.send("ServiceWorker.deliverPushMessage",
                  {"origin": BASE_URL, "registrationId": registration["registrationId"], "data": json.dumps(payload)}, session=session)

    def shown(self):
        """The notifications the worker shows: title, body, tag, url and language of each."""
        script = "self.registration.getNotifications().then((list) => list.map((n) => [n.title, n.body, n.tag, n.data.url, n.lang]))"
        answer = self.send("Runtime.evaluate", {"expression": script, "awaitPromise": True, "returnByValue": True}, session=self.worker_session)
        return answer["result"]["value"]

    def close(self):
        self.socket.close()


def controlled(driver):
    """Waits until the service worker is installed and answers for the page."""
    wait(driver, 20).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))


def new_account(name):
    email = f"offline-{uuid.uuid4().hex[:10]}@example.com"
    status, body = api("POST", "/api/v1/accounts", {"name": name, "email": email, "password": "correct-horse-battery"})
    assert status == 201, body
    return {"email": email, "password": "correct-horse-battery", "token": body["token"]}


def test_kinetic_is_installable_with_shortcuts_to_goals_workouts_and_wishes(account):
    driver = make_driver()
    try:
        log_in(driver, account)
        controlled(driver)
        assert driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
        manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["errors"] == [], manifest["errors"]
        data = json.loads(manifest["data"])
        assert [shortcut["url"] for shortcut in data["shortcuts"]] == ["/goals", "/workouts", "/wishes"]
        assert data["display"] == "standalone" and data["start_url"] == "/profile" and data["scope"] == "/"
        head = driver.execute_script(
            "return [...document.querySelectorAll('meta[name^=apple], link[rel=apple-touch-icon]')].map(e => e.name || e.rel)")
        assert head == ["apple-mobile-web-app-capable", "apple-mobile-web-app-status-bar-style", "apple-mobile-web-app-title",
                        "apple-touch-icon"]
        # Settings offers the browser's own install, since this browser offers it.
        driver.get(BASE_URL + "/settings")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".install-card .install-button")))
    finally:
        driver.quit()
    request = urllib.request.Request(BASE_URL + "/manifest.webmanifest", headers={"Accept-Language": "de-DE"})
    with urllib.request.urlopen(request) as response:
        assert [shortcut["name"] for shortcut in json.load(response)["shortcuts"]] == ["Ziele", "Workouts", "Grüße"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_pages_seen_open_offline_marked_with_their_time_and_load_again_online(account, code):
    driver = make_driver(LANGUAGES[code])
    network = None
    try:
        log_in(driver, account)
        controlled(driver)
        titles = {}
        for path in SEEN:
            driver.get(BASE_URL + path)
            titles[path] = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".top-bar-title"))).text
        network = Network(driver)
        network.offline(True)
        label = {"en": r"Offline · as of \d{1,2}:\d{2}\s?[AP]M", "de": r"Offline · Stand \d{1,2}:\d{2}"}[code]
        for path in SEEN:
            driver.get(BASE_URL + path)
            banner = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
            assert re.fullmatch(label, banner.text), banner.text
            assert driver.find_element(By.CSS_SELECTOR, ".top-bar-title").text == titles[path]
            # A kept copy's forms are shut: their token and values are as old as the copy (a
            # dialog's own buttons stay, and the forms the outbox keeps).
            assert driver.execute_script(
                "return [...document.querySelectorAll('main form')]"
                ".every(form => form.inert || form.method === 'dialog' || form.hasAttribute('data-offline-queue'))")
        assert driver.execute_script("return document.querySelectorAll('main form').length") > 0, "Workouts has no form?"
        screenshot(driver, f"offline-workouts-{code}")

        # A page never opened on this phone says so, in the page's language, and offers to try again.
        driver.get(BASE_URL + "/reports")
        heading = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-state h2")))
        assert heading.text == {"en": "You’re Offline", "de": "Du bist offline"}[code]
        screenshot(driver, f"offline-unseen-{code}")

        # Back online, a kept page loads again by itself, fresh from the server.
        driver.get(BASE_URL + "/goals")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
        network.offline(False)
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".offline-banner")
                           and d.execute_script("return document.readyState") == "complete")
        assert driver.find_element(By.CSS_SELECTOR, ".top-bar-title").text == titles["/goals"]
    finally:
        if network:
            network.close()
        driver.quit()


def test_the_first_page_opened_before_the_worker_answered_is_kept_too(account):
    driver = make_driver()
    network = None
    try:
        # Signing in lands on the profile before the worker is there to keep it.
        log_in(driver, account)
        controlled(driver)
        kept = """const done = arguments[0];
            (async () => { for (const name of await caches.keys()) {
              if (name.startsWith('kinetic-pages-') && await (await caches.open(name)).match('/profile')) return true; }
              return false; })().then(done);"""
        wait(driver, 20).until(lambda d: d.execute_async_script(kept))
        network = Network(driver)
        network.offline(True)
        driver.get(BASE_URL + "/profile")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
    finally:
        if network:
            network.close()
        driver.quit()


def test_another_account_on_the_same_phone_never_sees_the_first_ones_pages(account):
    driver = make_driver()
    network = None
    try:
        log_in(driver, account)
        controlled(driver)
        driver.get(BASE_URL + "/goals")
        kept = driver.execute_script("return caches.keys()")
        assert [name for name in kept if name.startswith("kinetic-pages-")], kept

        # Signing out lands on the sign-in page, which forgets every account's pages.
        tap(driver, driver.find_element(By.ID, "menu-button"))
        tap(driver, wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, ".side-menu-logout button"))))
        wait(driver).until(EC.url_contains("/login"))
        wait(driver).until(lambda d: not [name for name in d.execute_script("return caches.keys()")
                                          if name.startswith("kinetic-pages-")])

        # The second account, signed in on the same phone, finds only its own pages offline.
        second = new_account("Robin Second")
        log_in(driver, second)
        controlled(driver)
        driver.get(BASE_URL + "/steps")
        network = Network(driver)
        network.offline(True)
        driver.get(BASE_URL + "/goals")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-state")))
        driver.get(BASE_URL + "/steps")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
        assert "Robin Second" in driver.execute_script("return document.getElementById('side-menu').textContent")
        assert "Jamie Rivera" not in driver.page_source
        network.offline(False)

        # Signed in again as the first without signing out (a session swapped under the
        # browser): the first page served for it forgets the second's.
        log_in(driver, account)
        driver.get(BASE_URL + "/goals")
        wait(driver).until(lambda d: len([name for name in d.execute_script("return caches.keys()")
                                          if name.startswith("kinetic-pages-")]) == 1)
        network.offline(True)
        driver.get(BASE_URL + "/steps")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-state")))
    finally:
        if network:
            network.close()
        driver.quit()


KEPT_REPORT = """
const done = arguments[arguments.length - 1];
caches.keys().then(async (names) => {
  for (const name of names.filter((n) => n.startsWith('kinetic-files-'))) {
    const keys = await (await caches.open(name)).keys();
    if (keys.some((key) => key.url.includes(arguments[0]))) return done(true);
  }
  done(false);
});
"""


@pytest.mark.xdist_group("report-library")
@pytest.mark.parametrize("code", ["en"])
def test_the_last_report_read_opens_offline_in_the_reader_from_its_kept_pdf(account, code):
    driver = make_driver(LANGUAGES[code], scale=2)
    network = None
    drawn = "return document.querySelectorAll(arguments[0] + ' .reader-page canvas').length"
    try:
        log_in(driver, account)
        controlled(driver)
        driver.get(BASE_URL + "/reports/categories/business-finance")
        wait(driver).until(lambda d: "is-placed" in d.find_element(By.ID, "bubble-stage").get_attribute("class"))
        driver.get(BASE_URL + "/reports/review-q1")
        wait(driver, 20).until(lambda d: d.execute_script(drawn, "main") > 0)
        pages = driver.execute_script("return document.querySelectorAll('main .reader-page').length")
        wait(driver, 20).until(lambda d: d.execute_async_script(KEPT_REPORT, "/reports/review-q1/pdf"))

        # The browser's own cache is emptied, as a phone's is whenever it needs room: what reads
        # now is what the service worker kept.
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        network = Network(driver)
        network.offline(True)
        driver.get(BASE_URL + "/reports/review-q1")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
        wait(driver, 20).until(lambda d: d.execute_script(drawn, "main") > 0)
        assert driver.execute_script("return document.querySelectorAll('main .reader-page').length") == pages
        assert not driver.find_elements(By.CSS_SELECTOR, ".reader-failed"), "pdf.js read the kept PDF"
        screenshot(driver, f"offline-report-{code}")

        # The level seen online opens offline, and its report opens from it in the viewer.
        driver.get(BASE_URL + "/reports/categories/business-finance")
        wait(driver).until(lambda d: "is-placed" in d.find_element(By.ID, "bubble-stage").get_attribute("class"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, "#bubble-stage .bubble[data-id='review-q1']"))
        wait(driver, 20).until(lambda d: d.execute_script(drawn, "#report-viewer") > 0)
        # A report never read is not there without a network: the viewer says the network is missing.
    finally:
        if network:
            network.close()
        driver.quit()


OUTBOX_COUNT = """
const done = arguments[arguments.length - 1];
const opening = indexedDB.open('kinetic-outbox', 1);
opening.onupgradeneeded = () => opening.result.createObjectStore('requests', { keyPath: 'key', autoIncrement: true });
opening.onsuccess = () => {
  const request = opening.result.transaction('requests').objectStore('requests').count();
  request.onsuccess = () => { opening.result.close(); done(request.result); };
};
"""


KEPT_WORDS = {
    "de": {"keep": r"Auf diesem Telefon behalten · [\d,]+ MB", "kept": "Auf diesem Telefon: spielt auch ohne Netz.",
           "done": "Geschafft!", "later": "Es wird gespeichert, sobald dieses Telefon wieder online ist.",
           "home": "Zurück zu den Workouts", "workouts": "Workouts für unterwegs ohne Netz: 1 ({})",
           "used": r"Kinetic belegt [\d.,]+ MB auf diesem Telefon\.", "nothing": "Auf diesem Telefon ist noch nichts gespeichert."},
}


# The two longest journeys run in one language each (German here, English for the last report
# read): the journey is the same in every language, and every page is seen in each language by
# the screenshot tests.
@pytest.mark.parametrize("code", ["de"])
def test_a_kept_workout_plays_offline_and_its_end_reaches_the_server_once_back_online(account, code):
    words = KEPT_WORDS[code]
    from test_workouts import JUMPS, jump_clock, player, upload_song
    upload_song(account, 120)
    status, goal = api("POST", "/api/v1/workout-goals", {"name": "Jump more", "times": 10, "categories": ["plyometrics"],
                                                         "daysPerWeek": 3}, token=account["token"])
    assert status == 201, goal
    status, workout = api("POST", "/api/v1/workouts", JUMPS, token=account["token"])
    assert status == 201, workout
    driver = make_driver(LANGUAGES[code], autoplay=True)
    network = None
    try:
        log_in(driver, account)
        controlled(driver)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        workout_name = driver.find_element(By.CSS_SELECTOR, ".top-bar-title").text
        keep = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".player-keep-button")))
        assert re.fullmatch(words["keep"], keep.text), keep.text
        tap(driver, keep)
        wait(driver, 30).until(lambda d: d.find_element(By.ID, "player-keep").get_attribute("data-kept") == "true")
        assert driver.find_element(By.CSS_SELECTOR, ".player-keep-state").text == words["kept"]
        screenshot(driver, f"offline-workout-kept-{code}")
        driver.get(BASE_URL + "/workouts")

        # No network, and the browser's own cache emptied: the kept workout plays, its song and all.
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        network = Network(driver)
        network.offline(True)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".offline-banner")))
        wait(driver, 20).until(lambda d: player(d, "p.state.running && !p.audio.paused && p.audio.readyState >= 2 && p.audio.currentTime > 0.5"))
        heard = player(driver, "p.audio.currentTime")
        wait(driver).until(lambda d: player(d, "p.audio.currentTime") > heard + 0.5, "the song goes on")
        # To its end (the page's clock moved on), finished without a network: kept to be sent.
        # (The page's clock runs fast, the server's does not: whatever claim of this playing got
        # through is let go, as of one begun offline, so only the plan bounds its end.)
        api("DELETE", f"/api/v1/workouts/{workout['id']}/play?runId={player(driver, 'p.workout.runId')}", token=account["token"])
        jump_clock(driver, player(driver, "p.workout.steps.at(-1).start + p.workout.steps.at(-1).seconds") + 5)
        wait(driver).until(lambda d: d.find_element(By.ID, "player-exercise").text == words["done"])
        assert driver.find_element(By.ID, "player-facts").text == words["later"]
        assert driver.switch_to.active_element.text == words["home"]
        assert driver.execute_async_script(OUTBOX_COUNT) >= 1
        status, goals = api("GET", "/api/v1/workout-goals", token=account["token"])
        assert goals[0]["progress"]["total"] == 0, "nothing reached the server yet"
        screenshot(driver, f"offline-workout-finished-{code}")

        # Back online: the outbox is sent, in order, once.
        network.offline(False)
        wait(driver, 30).until(lambda d: d.execute_async_script(OUTBOX_COUNT) == 0)
        wait(driver, 30).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".offline-banner"), "the page stays, no longer marked")
        status, goals = api("GET", "/api/v1/workout-goals", token=account["token"])
        assert goals[0]["progress"]["total"] == 1, goals
        driver.get(BASE_URL + "/workouts")
        assert not driver.find_elements(By.CSS_SELECTOR, "#in-progress-list"), "finished is not in progress"

        # Settings says what the phone keeps, and removes it.
        driver.get(BASE_URL + "/settings")
        card = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".kept-card")))
        lines = [item.text for item in card.find_elements(By.CSS_SELECTOR, ".kept-list li")]
        assert lines[0] == words["workouts"].format(workout_name), lines
        assert re.fullmatch(words["used"], card.find_element(By.CSS_SELECTOR, ".kept-used").text)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
        screenshot(driver, f"settings-kept-{code}")
        tap(driver, card.find_element(By.CSS_SELECTOR, ".kept-remove"))
        wait(driver).until(lambda d: [item.text for item in d.find_elements(By.CSS_SELECTOR, ".kept-list li")]
                           == [words["nothing"]])
        assert not [name for name in driver.execute_script("return caches.keys()")
                    if name.startswith(("kinetic-workout-", "kinetic-files-", "kinetic-pages-"))]
    finally:
        if network:
            network.close()
        driver.quit()
