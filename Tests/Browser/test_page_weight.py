"""What a phone downloads to open each main page, measured by Chromium's own network events:
every page's cold load (nothing cached, past the service worker) at most 35 KB on the wire,
headers included, with the manifest and the service worker's script counted; its
scripts all named in the page itself (each module a <script> or a modulepreload), so they
arrive in one round trip after the page, not one import level after another; text compressed;
and, loaded again, no file fetched twice (the fingerprinted files are kept for a year)."""
import json
import time
import urllib.request

import pytest

from conftest import BASE_URL, log_in, make_driver
from selenium.webdriver.common.by import By

# This file's tests read or replace the one report library every reader shares: run in
# parallel (pytest-xdist, `--dist loadgroup`), they go to one worker in turn, beside
# test_reports.py and test_page_weight.py, so no other test sees a library swapped for a moment.
pytestmark = pytest.mark.xdist_group("report-library")

BUDGET = 35 * 1024
DEMO = {"email": "demo@kinetic.app", "password": "demo-password"}
PAGES = ["/profile", "/goals", "/steps", "/workouts", "/workouts/music", "/reports", "/reports/search",
         "/wishes", "/wishes/inbox", "/settings", "/settings/fitness"]


@pytest.fixture(scope="module")
def browser():
    driver = make_driver(network_log=True)
    log_in(driver, DEMO)
    driver.execute_cdp_cmd("Network.enable", {})
    yield driver
    driver.quit()


def load(driver, path, cached):
    """Opens `path`; answers what came over the network: {url: (bytes on the wire, response)}."""
    driver.get_log("performance")  # what an earlier page left
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": not cached})
    # Cold, as on a first visit: past the service worker, which would answer from its own cache.
    driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": not cached})
    driver.get(BASE_URL + path)
    # The page's own requests (a bubble level's data, thumbnails) start at load: read DevTools'
    # events until every request begun has ended and none has begun for a quarter of a second.
    responses, sizes, pending = {}, {}, set()
    quiet_since, deadline = time.monotonic(), time.monotonic() + 20
    while time.monotonic() < deadline:
        entries = driver.get_log("performance")
        for entry in entries:
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message["method"] == "Network.requestWillBeSent" and not params["request"]["url"].startswith("data:"):
                pending.add(params["requestId"])
            elif message["method"] == "Network.responseReceived":
                responses[params["requestId"]] = params["response"]
            elif message["method"] in ("Network.loadingFinished", "Network.loadingFailed"):
                pending.discard(params["requestId"])
                sizes[params["requestId"]] = params.get("encodedDataLength", 0)
        if entries:
            quiet_since = time.monotonic()
        elif not pending and time.monotonic() - quiet_since > 0.25:
            break
        time.sleep(0.05)
    assert not pending, f"{path}: requests still open after 20 s"
    return {responses[key]["url"].replace(BASE_URL, ""): (sizes.get(key, 0), responses[key]) for key in responses}


def header(response, name):
    return next((value for key, value in response["headers"].items() if key.lower() == name), None)


def service_worker_bytes():
    """What the service worker's script weighs on the wire, its headers included: a first visit
    fetches it beside the page (the shell it keeps is the page's own files, from the HTTP cache)."""
    request = urllib.request.Request(BASE_URL + "/sw.js", headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request) as response:
        headers = sum(len(name) + len(value) + 4 for name, value in response.getheaders())
        return len(response.read()) + headers + len("HTTP/1.1 200 OK\r\n\r\n")


def test_every_main_page_loads_cold_within_the_budget_with_its_scripts_in_one_round_trip(browser):
    figures = []
    worker = service_worker_bytes()
    for path in PAGES:
        fetched = load(browser, path, cached=False)
        total = sum(size for size, _ in fetched.values()) + worker
        figures.append(f"{path}: {total:,} B in {len(fetched)} responses and the service worker's {worker:,} B")
        assert total <= BUDGET, f"{path} weighs {total:,} B cold: " + ", ".join(f"{url} {size}" for url, (size, _) in fetched.items())
        named = {element.get_attribute("src") for element in browser.find_elements(By.CSS_SELECTOR, "script[type=module][src]")}
        named |= {element.get_attribute("href") for element in browser.find_elements(By.CSS_SELECTOR, "link[rel=modulepreload]")}
        named = {url.replace(BASE_URL, "") for url in named}
        scripts = [url for url in fetched if url.endswith(".js")]
        assert scripts, path
        for url in scripts:
            assert url in named, f"{path} loads {url}, which it does not name: a second round trip of scripts"
        for url, (size, response) in fetched.items():
            kind = (header(response, "content-type") or "").split(";")[0]
            if kind in ("text/html", "text/css", "text/javascript") and response.get("encodedDataLength", size) and size > 2048:
                assert header(response, "content-encoding") in ("br", "gzip"), f"{url} on {path} is not compressed"
            if url.startswith("/assets/"):
                assert header(response, "cache-control") == "public, max-age=31536000, immutable", url
    print("\n".join(figures))


def test_a_page_opened_again_fetches_no_file_twice(browser):
    load(browser, "/goals", cached=True)
    load(browser, "/profile", cached=True)
    again = load(browser, "/goals", cached=True)
    fetched = [url for url, (size, _) in again.items() if url.startswith("/assets/") and size > 0]
    assert fetched == [], f"fetched again: {fetched}"
    # The page itself and the manifest are checked again: unchanged, each is a 304 of a few hundred bytes.
    total = sum(size for size, _ in again.values())
    assert total < 1024, {url: size for url, (size, _) in again.items()}
