"""Fitness tests, tracked exercises and workout goals in headless Chromium: a test whose motion
is fed through the page as synthetic devicemotion events (Chromium dispatches them like a
phone's sensors) for the full 30 s, its result, level and Track / Untrack; a motion log file
uploaded instead, and a bad one refused; a 1 GB log refused before it is read; a finished
workout counted by a goal and its exercises tracked; goals added and removed; screenshots of
every page in each language and no axe violations."""
import datetime
import http.client
import json
import math
import random
import re
import tempfile
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, advance, api, assert_no_horizontal_overflow, install_page_clock, log_in, make_driver, screenshot, settle, wait
from test_workouts import JUMPS, LANGUAGES, player, tap

# Records what the page says and each vibration it asks for, kept across the page's reloads.
CUES_STUB = """
    window.__spoken = JSON.parse(sessionStorage.getItem('spoken') || '[]');
    window.SpeechSynthesisUtterance = function (text) { this.text = text; };
    Object.defineProperty(window, 'speechSynthesis', { value: {
      speak(utterance) { window.__spoken.push(utterance.text); sessionStorage.setItem('spoken', JSON.stringify(window.__spoken)); },
      cancel() {} } });
    window.__vibrations = [];
    navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };"""

# A phone in the hand swinging 45 times a minute, 50 times a second, as DeviceMotionEvents.
FEED_MOTION = """
const started = performance.now();
window.motionFeed = setInterval(() => {
  const t = (performance.now() - started) / 1000;
  const angle = 0.9 * (1 - Math.cos(2 * Math.PI * 0.75 * t)) / 2;
  const tremor = () => (Math.random() - 0.5) * 0.5;
  window.dispatchEvent(new DeviceMotionEvent('devicemotion', {
    accelerationIncludingGravity: { x: 9.81 * Math.sin(angle) + tremor(), y: 9.81 * Math.cos(angle) + tremor(), z: tremor() },
    rotationRate: { alpha: tremor() * 10, beta: 0.9 * Math.PI * 0.75 * Math.sin(2 * Math.PI * 0.75 * t) * 57.3 + tremor() * 10, gamma: tremor() * 10 },
    interval: 20,
  }));
}, 20);
"""


def motion_log(reps_per_minute=42, seconds=30, rate=50, samples=None):
    """A motion log in the API's format, as a desktop user would upload it."""
    count = samples or int(seconds * rate) + 1
    rows = []
    for index in range(count):
        t = index / rate
        angle = 0.9 * (1 - math.cos(2 * math.pi * reps_per_minute / 60 * t)) / 2
        rows.append({"t": round(t, 4), "ax": 9.81 * math.sin(angle) + random.uniform(-0.3, 0.3),
                     "ay": 9.81 * math.cos(angle) + random.uniform(-0.3, 0.3), "az": random.uniform(-0.3, 0.3)})
    return {"startedAt": "2027-01-15T08:00:00Z", "samples": rows}


def start_test(account, count=1, exercises=("Mountain_Climbers",)):
    status, test = api("POST", "/api/v1/fitness-tests", {"category": "plyometrics", "count": count, "exercises": list(exercises)},
                       token=account["token"])
    assert status == 201, test
    return test


def test_a_fitness_test_records_the_phones_motion_and_shows_rate_level_and_tracking(account):
    api("PUT", "/api/v1/tracked-exercises/Mountain_Climbers", {"tracked": True}, token=account["token"])
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CUES_STUB})
        install_page_clock(driver)  # the 30 s recorded pass in a moment
        log_in(driver, account)
        driver.get(BASE_URL + "/workouts/fitness")
        assert "Mountain Climbers" in driver.find_element(By.ID, "tracked").text
        tap(driver, driver.find_element(By.CSS_SELECTOR, "#fitness-start input[name=count][value='2'] + span"))
        tap(driver, driver.find_element(By.ID, "fitness-start-button"))
        wait(driver).until(EC.url_contains("/workouts/fitness/new?category=plyometrics&count=2"))
        tracked = driver.find_element(By.CSS_SELECTOR, "#tracked-field input[value=Mountain_Climbers]")
        tap(driver, tracked)
        tap(driver, driver.find_element(By.ID, "fitness-pick-button"))
        runner = wait(driver).until(EC.presence_of_element_located((By.ID, "fitness-runner")))
        assert driver.find_element(By.ID, "exercise-name").text == "Mountain Climbers"
        assert "1" in driver.find_element(By.CSS_SELECTOR, ".fitness-position").text
        begin = driver.find_element(By.ID, "fitness-begin")
        assert begin.is_enabled(), "127.0.0.1 is a secure context: the sensors are offered"
        driver.execute_script(FEED_MOTION)
        tap(driver, begin)
        # Counted in (3, 2, 1 in a full orange ring), then Go with a buzz and the ring runs down.
        advance(driver, 0.1)
        wait(driver).until(EC.visibility_of_element_located((By.ID, "fitness-countdown")))
        assert runner.get_attribute("data-phase") == "lead-in"
        assert driver.find_element(By.ID, "fitness-caption").text == "Get ready"
        assert driver.find_element(By.ID, "fitness-seconds").text == "3"
        advance(driver, 3)
        assert runner.get_attribute("data-phase") == "recording"
        assert int(driver.find_element(By.ID, "fitness-seconds").text) == 30
        # An empty utterance first: speech begun in the tap, which iOS needs to speak later.
        assert driver.execute_script("return window.__spoken") == ["", "3", "2", "1", "Go"]
        assert driver.execute_script("return window.__vibrations") == [200]
        advance(driver, 5)
        assert int(driver.find_element(By.ID, "fitness-seconds").text) == 25
        wait(driver).until(lambda d: 0.16 < float(d.execute_script(
            "return parseFloat(getComputedStyle(document.getElementById('fitness-ring')).strokeDashoffset)")) < 0.18)  # a sixth gone
        advance(driver, 25.2)
        wait(driver).until(EC.url_contains("done=Mountain_Climbers"))
        spoken = driver.execute_script("return window.__spoken")
        assert spoken[5:] == ["20 seconds left", "10 seconds left", "3", "2", "1", "Stop"], spoken
        driver.execute_script("clearInterval(window.motionFeed)")
        result = driver.find_element(By.CSS_SELECTOR, ".fitness-result[data-exercise=Mountain_Climbers]")
        rate = int("".join(ch for ch in result.find_element(By.CSS_SELECTOR, ".fitness-rate").text.split("a minute")[0] if ch.isdigit()))
        assert 43 <= rate <= 47, result.text  # fed at 45 a minute
        assert result.find_element(By.CSS_SELECTOR, "[role=meter]").get_attribute("aria-valuenow")
        # Untrack from the result, then the second exercise is next.
        tap(driver, result.find_element(By.CSS_SELECTOR, ".track-button"))
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".fitness-result .track-button").text == "Track")
        assert api("GET", "/api/v1/tracked-exercises", token=account["token"])[1] == []
        assert "2" in driver.find_element(By.CSS_SELECTOR, ".fitness-position").text
        tap(driver, driver.find_element(By.ID, "fitness-skip"))
        wait(driver).until(EC.url_contains("/results"))
        cards = driver.find_elements(By.CSS_SELECTOR, "article.fitness-result")
        assert len(cards) == 2 and "Skipped" in cards[1].text
        overall = driver.find_element(By.ID, "overall")
        assert overall.find_element(By.CSS_SELECTOR, "[role=meter]").get_attribute("aria-valuenow") == \
            result_level(account)
        assert "first level" in driver.find_element(By.ID, "overall-headline").text
    finally:
        driver.quit()


def result_level(account):
    tests = api("GET", "/api/v1/fitness-tests", token=account["token"])[1]
    return str(tests[0]["overallLevelAfter"])


def test_a_motion_log_file_is_uploaded_instead_and_a_bad_one_is_refused(account):
    test = start_test(account)
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/fitness/{test['id']}")
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as bad:
            json.dump(motion_log(samples=5), bad)
        driver.find_element(By.ID, "motion-log").send_keys(bad.name)
        tap(driver, driver.find_element(By.ID, "fitness-upload-button"))
        error = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".banner-error")))
        assert "too short" in error.text
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as good:
            json.dump(motion_log(42), good)
        driver.find_element(By.ID, "motion-log").send_keys(good.name)
        tap(driver, driver.find_element(By.ID, "fitness-upload-button"))
        wait(driver).until(EC.url_contains("/results"))
        assert "42 a minute" in driver.find_element(By.CSS_SELECTOR, ".fitness-rate").text
        # Mountain climbers (plyometrics, beginner) start at 40 a minute: 42 is 5 % faster, level 4
        # (each level is 15 % faster than the one below; the starting pace is level 4).
        assert driver.find_element(By.CSS_SELECTOR, "#overall [role=meter]").get_attribute("aria-valuenow") == "4"
        explained = driver.find_element(By.CSS_SELECTOR, ".fitness-result .level-meter-note").text
        assert re.fullmatch(r"[0-9]% faster than the starting pace|At the starting pace", explained), explained
    finally:
        driver.quit()


def test_a_one_gigabyte_motion_log_is_refused_before_it_is_read(account):
    host = urllib.parse.urlparse(BASE_URL)
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=20)
    connection.putrequest("POST", "/api/v1/fitness-tests/rate")
    connection.putheader("Authorization", "Bearer " + account["token"])
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Content-Length", str(1 << 30))
    connection.endheaders()
    try:
        connection.send(b'{"samples": [' + b" " * 65536)
    except (BrokenPipeError, ConnectionResetError):
        pass
    response = connection.getresponse()
    body = json.loads(response.read())
    assert response.status == 413
    assert body["error"]["code"] == "upload_too_large"


def test_a_finished_workout_counts_for_a_goal_and_its_exercises_can_be_tracked(account):
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    assert status == 201
    today = datetime.date.today().strftime("%A").lower()
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        # Add a goal through the form.
        driver.get(BASE_URL + "/workouts/goals")
        tap(driver, driver.find_element(By.ID, "goals-add"))
        driver.find_element(By.ID, "field-name").send_keys("Jump more")
        driver.find_element(By.ID, "field-description").send_keys("Plyometrics twice a week")
        times = driver.find_element(By.ID, "field-times")
        times.clear()
        times.send_keys("5")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "input[name='categories[]'][value=plyometrics] + span"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, "input[name=daysPerWeek][value='2'] + span"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, f"input[name='reminderDays[]'][value={today}] + span"))
        tap(driver, driver.find_element(By.ID, "goal-save"))
        wait(driver).until(EC.url_contains("done=added"))
        row = driver.find_element(By.CSS_SELECTOR, "#goal-list .goal-row")
        assert "Jump more" in row.text and "Plyometrics twice a week" in row.text and "0 of 5 workouts" in row.text
        assert "Today is a workout day" in row.text
        driver.get(BASE_URL + "/workouts")
        assert "Jump more: 0 of 2 days this week" in driver.find_element(By.ID, "goal-reminders").text

        # Play the workout to the end.
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running && p.state.holding"))
        # At accelerated time, to the end: all of it worked, so it counts. (The page's clock runs
        # fast, the server's does not: the playing lets go first, as one begun offline, so only
        # the plan bounds its end.)
        status, _ = api("DELETE", f"/api/v1/workouts/{workout['id']}/play?runId={player(driver, 'p.workout.runId')}",
                        token=account["token"])
        assert status == 204
        driver.execute_script(
            "const now = Date.now; Date.now = () => now() + arguments[0] * 1000;", workout["totalSeconds"] + 1)
        wait(driver).until(EC.url_contains("finished=1"))
        assert "Workout complete" in driver.find_element(By.ID, "finished").text
        first = driver.find_elements(By.CSS_SELECTOR, ".exercise-cell .track-button")[0]
        tap(driver, first)
        wait(driver).until(lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, ".exercise-cell .track-button")][:1] == ["Untrack"])
        tracked = api("GET", "/api/v1/tracked-exercises", token=account["token"])[1]
        trackable = [step["exercise"]["id"] for step in workout["exercises"] if step["exercise"]["category"] != "stretching"]
        assert [item["exercise"]["id"] for item in tracked] == trackable[:1]

        driver.get(BASE_URL + "/workouts/goals")
        row = driver.find_element(By.CSS_SELECTOR, "#goal-list .goal-row")
        assert "1 of 5 workouts" in row.text and "this week 1 of 2 days" in row.text
        assert "Today is a workout day" not in row.text, "done today: no reminder"

        # Edit shows Remove; removing asks first.
        tap(driver, driver.find_element(By.ID, "goals-edit"))
        tap(driver, wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "#goal-list .delete-form button"))))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog"))).find_element(By.CSS_SELECTOR, "button[value=confirm]").click()
        wait(driver).until(EC.url_contains("done=removed"))
        assert not driver.find_elements(By.CSS_SELECTOR, "#goal-list .goal-row")
        assert api("GET", "/api/v1/workout-goals", token=account["token"])[1] == []
    finally:
        driver.quit()


def finished_test(account):
    """A finished two-exercise test with a level, and an earlier one to compare with."""
    for rate in (36, 46):
        test = start_test(account, count=2, exercises=("Mountain_Climbers", "Knee_Tuck_Jump"))
        body = json.dumps(motion_log(rate)).encode()
        host = urllib.parse.urlparse(BASE_URL)
        connection = http.client.HTTPConnection(host.hostname, host.port, timeout=20)
        connection.request("POST", f"/api/v1/fitness-tests/{test['id']}/exercises/Mountain_Climbers", body,
                           {"Authorization": "Bearer " + account["token"], "Content-Type": "application/json"})
        assert connection.getresponse().status == 200
        api("POST", f"/api/v1/fitness-tests/{test['id']}/exercises/Knee_Tuck_Jump/skip", token=account["token"])
    api("PUT", "/api/v1/tracked-exercises/Mountain_Climbers", {"tracked": True}, token=account["token"])
    return test


def fitness_pages(account):
    test = finished_test(account)
    unfinished = start_test(account)
    status, goal = api("POST", "/api/v1/workout-goals", {
        "name": "Legs three times a week", "description": "Squats, lunges and jumps before the ski season.", "times": 30,
        "muscles": ["quadriceps", "glutes"], "minutes": 20, "daysPerWeek": 3,
        "reminderDays": [datetime.date.today().strftime("%A").lower()]}, token=account["token"])
    assert status == 201, goal
    return [("/workouts/fitness", "fitness"), ("/workouts/fitness/new?category=plyometrics&count=3", "fitness-pick"),
            (f"/workouts/fitness/{unfinished['id']}", "fitness-runner"), (f"/workouts/fitness/{test['id']}/results", "fitness-results"),
            ("/workouts/goals", "workout-goals"), ("/workouts/goals?edit=1", "workout-goals-edit"), ("/workouts/goals/new", "workout-goal-new"),
            (f"/workouts/goals/{goal['id']}", "workout-goal")]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_fitness_and_goals_page_in_each_language(account, code):
    pages = fitness_pages(account)
    driver = make_driver(LANGUAGES[code], width=375, still=True)
    try:
        log_in(driver, account)
        for path, name in pages:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            assert_no_horizontal_overflow(driver, path)
            screenshot(driver, f"{name}-{code}-375")
        driver.get(BASE_URL + "/workouts/fitness/new?category=plyometrics&count=3")
        assert_no_horizontal_overflow(driver, "320 px")
    finally:
        driver.quit()


@pytest.mark.parametrize("language", ["en-US", "de-DE"])
def test_fitness_and_goals_pages_have_no_axe_violations(account, language):
    from test_accessibility import violations
    pages = fitness_pages(account)
    driver = make_driver(language, still=True)
    try:
        log_in(driver, account)
        for path, _ in pages:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            settle(driver)
            assert violations(driver) == [], path
    finally:
        driver.quit()
