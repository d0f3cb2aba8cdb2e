"""Workouts in headless Chromium (autoplay allowed, muted): generate a workout, start it, the
countdown runs, pause stops timer and music, skip moves on, quit and resume at the second it
was left, the song's playbackRate locks its beat to the exercise, finishing leads to Save or
Quit, unsaving (button or swipe) removes the in-progress version; Music and Themes; and
screenshots of every page in each language."""
import json
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, assert_no_horizontal_overflow, log_in, make_driver, screenshot, settle, tap, tap_found, wait

LANGUAGES = {"en": "en-US", "de": "de-DE", "en-XA": "en-XA"}
JUMPS = {"categories": ["plyometrics"], "equipment": ["other", "medicine ball"], "difficulty": "beginner", "duration": 10}


def click_track(bpm, seconds=40):
    """An MP3 click track at `bpm`, made with ffmpeg."""
    with tempfile.NamedTemporaryFile(suffix=".mp3") as file:
        source = f"aevalsrc='if(lt(mod(t,{60 / bpm}),0.03),0.8*sin(2*PI*1000*t),0)':s=22050:d={seconds}"
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", source,
                        "-metadata", f"title=Click {bpm}", "-metadata", "artist=Metronome", file.name], check=True)
        return open(file.name, "rb").read()


def upload_song(account, bpm, seconds=40):
    request = urllib.request.Request(f"{BASE_URL}/api/v1/songs?filename=click.mp3", data=click_track(bpm, seconds), method="POST")
    request.add_header("Content-Type", "audio/mpeg")
    request.add_header("Authorization", "Bearer " + account["token"])
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def player(driver, expression):
    return driver.execute_script(f"const p = window.kineticPlayer; return {expression};")


def phase(driver):
    """The phase line as written (the page shows it in capitals)."""
    return driver.find_element(By.ID, "player-phase").get_attribute("textContent")


def countdown_seconds(driver):
    minutes, seconds = driver.find_element(By.ID, "countdown-time").text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_workout_plays_pauses_skips_quits_and_resumes_at_the_second_it_was_left(account):
    song = upload_song(account, 120)
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/workouts/new")
        for value in ("plyometrics", "other", "medicine ball"):
            tap(driver, driver.find_element(By.CSS_SELECTOR, f".chip input[value='{value}'] + span"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, "input[name=duration][value='10'] + span"))
        tap(driver, driver.find_element(By.ID, "get-workout-submit"))
        wait(driver).until(EC.presence_of_element_located((By.ID, "start-workout")))
        cells = driver.find_elements(By.CSS_SELECTOR, ".exercise-cell")
        assert len(cells) >= 5
        assert "Click 120" in cells[0].text
        tap(driver, driver.find_element(By.ID, "start-workout"))

        wait(driver).until(lambda d: player(d, "p.state.running && !p.audio.paused && p.audio.currentTime > 0.5"))
        step = player(driver, "p.workout.steps[0]")
        wait(driver).until(lambda d: countdown_seconds(d) < step["seconds"] - 1, "the countdown runs")
        target = step["targetBpm"]
        detected = song["bpm"]
        octave = 2 if detected < 90 else 0.5 if detected > 180 else 1
        expected_rate = target / (detected * octave)
        assert abs(player(driver, "p.audio.playbackRate") - expected_rate) < 1e-4
        assert player(driver, "p.audio.preservesPitch") is True

        tap(driver, driver.find_element(By.ID, "pause-button"))
        paused_at = countdown_seconds(driver)
        media_time = player(driver, "p.audio.currentTime")
        time.sleep(1.6)
        assert countdown_seconds(driver) == paused_at, "pause stops the timer"
        assert player(driver, "p.audio.paused") and abs(player(driver, "p.audio.currentTime") - media_time) < 0.05, "and the music"
        assert driver.find_element(By.ID, "pause-button").text == "Resume"

        tap(driver, driver.find_element(By.ID, "pause-button"))
        tap(driver, driver.find_element(By.ID, "skip-button"))
        wait(driver).until(lambda d: "Exercise 2 of" in phase(d))
        time.sleep(1.2)
        tap(driver, driver.find_element(By.ID, "pause-button"))
        left = countdown_seconds(driver)
        tap(driver, driver.find_element(By.ID, "quit-button"))
        wait(driver).until(EC.url_to_be(BASE_URL + "/workouts"))

        cell = driver.find_element(By.CSS_SELECTOR, "#in-progress-list .workout-cell")
        assert "Exercise 2 of" in cell.text
        tap(driver, cell.find_element(By.TAG_NAME, "a"))
        wait(driver).until(EC.url_contains("resume=1"))
        assert "Exercise 2 of" in phase(driver)
        assert countdown_seconds(driver) in (left, left - 1), "resumed at the second it was left"
    finally:
        driver.quit()


def skip_every_exercise(driver, workout):
    """Taps Skip once per exercise, each time waiting for the next exercise (and its body map)
    as the person sees it, until the Summary says the workout is finished."""
    count = len(workout["exercises"])
    for index in range(count):
        tap(driver, driver.find_element(By.ID, "skip-button"))
        if index + 1 < count:
            # A loaded machine (the whole suite) can take longer than 10 s to play the next phase in.
            wait(driver, 30).until(lambda d: player(d, "p.state.phase.kind") == "work" and player(d, "p.state.phase.index") == index + 1)
            # The body map follows: its views are the new exercise's, and they load.
            shown = driver.execute_script(
                "const i = document.querySelector('#player-body-map .body-map-front');"
                "return [i.getAttribute('src'), i.complete && i.naturalWidth > 0]")
            assert shown[0] == player(driver, "p.workout.steps[p.state.phase.index].bodyMapFront"), shown
    wait(driver, timeout=20).until(EC.url_contains("finished=1"))


def test_the_last_exercise_leads_back_to_the_summary_to_save_or_quit(account):
    upload_song(account, 125)
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    assert status == 201
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running"))
        skip_every_exercise(driver, workout)
        assert driver.switch_to.active_element.get_attribute("id") == "finished", "the result is read out"
        tap(driver, driver.find_element(By.ID, "save-workout"))
        wait(driver).until(EC.url_contains("done=saved"))
        assert len(driver.find_elements(By.CSS_SELECTOR, "#saved-list .workout-cell")) == 1
        assert not driver.find_elements(By.CSS_SELECTOR, "#in-progress-list"), "finished is not in progress"
    finally:
        driver.quit()


def saved_in_progress(account):
    """A saved workout paused at its second exercise."""
    status, workout = api("POST", "/api/v1/workouts", JUMPS, token=account["token"])
    assert status == 201
    status, _ = api("PUT", f"/api/v1/workouts/{workout['id']}/progress", {"exerciseIndex": 1, "secondsLeft": 17}, token=account["token"])
    assert status == 200
    return workout


def test_a_saved_workout_in_progress_asks_first_and_unsaving_removes_its_progress(account):
    workout = saved_in_progress(account)
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/workouts")
        tap_found(driver, "#saved-list .saved-link")
        dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "in-progress-dialog")))
        dialog.find_element(By.CSS_SELECTOR, "button[value=resume]").click()
        wait(driver).until(EC.url_contains("resume=1"))
        assert countdown_seconds(driver) == 17, "the paused second"
        driver.get(BASE_URL + "/workouts")
        tap_found(driver, "#saved-list .unsave-button")
        confirm = wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog")))
        confirm.find_element(By.CSS_SELECTOR, "button[value=confirm]").click()
        wait(driver).until(EC.url_contains("done=unsaved"))
        assert not driver.find_elements(By.CSS_SELECTOR, ".workout-cell")
        status, listing = api("GET", "/api/v1/workouts", token=account["token"])
        assert listing == {"inProgress": [], "saved": []}
        assert api("GET", f"/api/v1/workouts/{workout['id']}", token=account["token"])[0] == 404
    finally:
        driver.quit()


def test_swiping_a_saved_workout_left_unsaves_it(account):
    api("POST", "/api/v1/workouts", JUMPS, token=account["token"])
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/workouts")
        content = driver.find_element(By.CSS_SELECTOR, "#saved-list .swipe-content")
        ActionChains(driver).move_to_element_with_offset(content, 60, 0).click_and_hold() \
            .move_by_offset(-60, 0).move_by_offset(-120, 0).move_by_offset(-60, 0).release().perform()
        wait(driver).until(EC.url_contains("done=unsaved"))
        assert not driver.find_elements(By.CSS_SELECTOR, ".workout-cell")
    finally:
        driver.quit()


def test_music_uploads_a_song_and_corrects_its_tempo_an_octave(account):
    driver = make_driver()
    with tempfile.NamedTemporaryFile(suffix=".mp3", prefix="Warm up ") as file:
        file.write(click_track(140))
        file.flush()
        try:
            log_in(driver, account)
            driver.get(BASE_URL + "/workouts/music")
            driver.find_element(By.ID, "song-file").send_keys(file.name)
            tap(driver, driver.find_element(By.ID, "upload-button"))
            wait(driver, 30).until(EC.url_contains("done=added"))
            row = driver.find_element(By.CSS_SELECTOR, ".song-row")
            assert "Click 140" in row.text and "140" in row.find_element(By.CSS_SELECTOR, ".bpm-badge").text
            tap(driver, row.find_element(By.TAG_NAME, "summary"))
            tap(driver, row.find_element(By.CSS_SELECTOR, ".tempo-choices button[value='70.0']"))
            wait(driver).until(EC.url_contains("done=edited"))
            badge = driver.find_element(By.CSS_SELECTOR, ".bpm-badge")
            assert badge.text == "70 BPM" and "bpm-badge-set" in badge.get_attribute("class")
        finally:
            driver.quit()


def test_themes_are_added_from_the_library_and_removed(account):
    upload_song(account, 120)
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/workouts/themes")
        driver.find_element(By.ID, "field-name").send_keys("Tick tock")
        driver.find_element(By.CSS_SELECTOR, "#field-choice option[value='artist:Metronome']").click()
        tap(driver, driver.find_element(By.ID, "add-theme-button"))
        wait(driver).until(EC.url_contains("done=added"))
        row = driver.find_element(By.CSS_SELECTOR, ".theme-row")
        assert "Tick tock" in row.text and "Metronome" in row.text and "1 song now" in row.text
        tap(driver, row.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog"))).find_element(By.CSS_SELECTOR, "button[value=confirm]").click()
        wait(driver).until(EC.url_contains("done=removed"))
        assert not driver.find_elements(By.CSS_SELECTOR, ".theme-row")
    finally:
        driver.quit()


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("width", [375, 320])
def test_every_workouts_page_in_each_language(account, code, width):
    upload_song(account, 120)
    api("POST", "/api/v1/themes", {"name": "Tick tock", "kind": "artist", "value": "Metronome", "workouts": 4}, token=account["token"])
    workout = saved_in_progress(account)
    driver = make_driver(LANGUAGES[code], width=width, autoplay=True, still=True)
    try:
        log_in(driver, account)
        pages = [("/workouts", "workouts"), ("/workouts/new", "workouts-new"), (f"/workouts/{workout['id']}", "workouts-summary"),
                 (f"/workouts/{workout['id']}/play", "workouts-player"), ("/workouts/music", "workouts-music"),
                 ("/workouts/themes", "workouts-themes")]
        for path, name in pages:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            assert_no_horizontal_overflow(driver, path)
            screenshot(driver, f"{name}-{code}-{width}")
        driver.get(f"{BASE_URL}/workouts/{workout['id']}?finished=1")
        screenshot(driver, f"workouts-finished-{code}-{width}")
    finally:
        driver.quit()


@pytest.mark.parametrize("language", ["en-US", "de-DE"])
def test_workouts_pages_and_their_dialogs_have_no_axe_violations(account, language):
    from test_accessibility import violations
    upload_song(account, 120)
    api("POST", "/api/v1/themes", {"name": "Tick tock", "kind": "artist", "value": "Metronome", "workouts": 4}, token=account["token"])
    workout = saved_in_progress(account)
    driver = make_driver(language, autoplay=True, still=True)
    try:
        log_in(driver, account)
        for path in ["/workouts", "/workouts/new", f"/workouts/{workout['id']}", f"/workouts/{workout['id']}?finished=1",
                     f"/workouts/{workout['id']}/play", "/workouts/music", "/workouts/themes"]:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            if path.endswith("/play"):
                # A playing workout never rests (its ring and beat move on): checked as it plays.
                wait(driver).until(lambda d: player(d, "p.state.running"))
            else:
                settle(driver)
            assert violations(driver) == [], path
        driver.get(BASE_URL + "/workouts/music")
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".song-row summary"))
        assert violations(driver) == [], "an open song"
        driver.get(BASE_URL + "/workouts")
        tap_found(driver, "#saved-list .saved-link")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "in-progress-dialog")))
        assert violations(driver) == [], "the in-progress question"
        driver.get(BASE_URL + "/workouts")
        tap_found(driver, "#saved-list .unsave-button")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog")))
        assert violations(driver) == [], "the unsave question"
    finally:
        driver.quit()


def test_the_timer_catches_up_after_the_tab_slept(account):
    """Time comes from timestamps: when the clock jumps (a phone's tab asleep), the player is
    where the workout would be — through the rest and 10 s into the next exercise."""
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running"))
        first = workout["exercises"][0]["seconds"]
        left = countdown_seconds(driver)
        jump = left + workout["exercises"][0]["restSeconds"] + 10
        driver.execute_script(f"const now = Date.now; Date.now = () => now() + {jump * 1000};")
        wait(driver).until(lambda d: "Exercise 2 of" in phase(d))
        expected = workout["exercises"][1]["seconds"] - 10
        assert abs(countdown_seconds(driver) - expected) <= 2, (left, first, countdown_seconds(driver), expected)
    finally:
        driver.quit()


def test_a_player_left_before_it_started_saves_no_progress(account):
    upload_song(account, 120)
    status, workout = api("POST", "/api/v1/workouts", JUMPS, token=account["token"])
    driver = make_driver()  # autoplay refused: the player waits for Start
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "start-button")))
        time.sleep(1.2)
        assert countdown_seconds(driver) == workout["exercises"][0]["seconds"], "nothing counts before Start"
        driver.get(BASE_URL + "/workouts")
        assert not driver.find_elements(By.CSS_SELECTOR, "#in-progress-list")
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        tap(driver, wait(driver).until(EC.visibility_of_element_located((By.ID, "start-button"))))
        wait(driver).until(lambda d: player(d, "p.state.running && !p.audio.paused"))
        wait(driver).until(lambda d: countdown_seconds(d) < workout["exercises"][0]["seconds"] - 1, "Start starts the timer")
        assert not driver.find_element(By.ID, "player-start").is_displayed()
    finally:
        driver.quit()


def jump_clock(driver, seconds):
    """Moves the page's clock on by `seconds` (accelerated time: the player follows timestamps)."""
    driver.execute_script(
        "window.__skew = (window.__skew || 0) + arguments[0] * 1000;"
        "if (!window.__realNow) { window.__realNow = Date.now; Date.now = () => window.__realNow() + window.__skew; }", seconds)


def test_the_music_flows_across_exercises_and_rests_lowered_in_the_rests(account):
    """One song that fits every tempo: it never restarts, it keeps playing through a rest at a
    lower volume, and the next exercise takes it up where it is."""
    upload_song(account, 120, seconds=600)
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    assert status == 201
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running && !p.audio.paused && p.audio.currentTime > 0.3"))
        first = workout["exercises"][0]
        assert player(driver, "p.audio.volume") == 1
        # Into the rest after the first exercise: the same song goes on, lowered.
        jump_clock(driver, countdown_seconds(driver) + 2)
        wait(driver).until(lambda d: "Rest" in phase(d))
        wait(driver).until(lambda d: abs(player(d, "p.audio.volume") - 0.3) < 0.01, "the rest lowers the music")
        assert not player(driver, "p.audio.paused"), "and never stops it"
        in_rest = player(driver, "p.audio.currentTime")
        expected = player(driver, "(() => { const t = p.now(); const c = p.workout.soundtrack.filter((x) => x.at <= t).pop(); return c.from + (t - c.at) * c.rate; })()")
        assert abs(in_rest - expected) < 1.5, (in_rest, expected)
        assert in_rest > first["seconds"] * 0.8, "the song went on from the first exercise"
        # Into the second exercise: full volume, and the song carries on from where it was.
        jump_clock(driver, first["restSeconds"])
        wait(driver).until(lambda d: "Exercise 2 of" in phase(d))
        wait(driver).until(lambda d: player(d, "p.audio.volume") == 1)
        assert player(driver, "p.audio.currentTime") > in_rest, "not restarted at 0:00"
    finally:
        driver.quit()


def test_where_the_volume_is_fixed_as_on_an_iphone_a_gain_lowers_the_music_and_the_lock_screen_shows_it(account):
    """iOS keeps a media element's volume at 1: with an audio session of the playback kind (so
    it plays on when the phone locks) the song goes through a Web Audio gain that the rest
    lowers. The lock screen (Media Session) names the exercise and the song, with artwork."""
    upload_song(account, 120, seconds=600)
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            Object.defineProperty(HTMLMediaElement.prototype, 'volume', { get() { return 1; }, set(value) {} });
            Object.defineProperty(navigator, 'audioSession', { value: { type: 'auto' } });"""})
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running && !p.audio.paused && p.audio.currentTime > 0.3"))
        assert player(driver, "p.music.volumeIsFixed")
        wait(driver).until(lambda d: player(d, "navigator.audioSession.type") == "playback", "plays on when the phone locks")
        wait(driver).until(lambda d: player(d, "p.music.gain && Math.abs(p.music.gain.gain.value - 1) < 0.01"))
        first = workout["exercises"][0]
        metadata = player(driver, "(() => { const m = navigator.mediaSession.metadata; return { title: m.title, artist: m.artist, "
                                  "album: m.album, artwork: m.artwork.map((a) => a.sizes) }; })()")
        assert metadata["title"] == first["exercise"]["name"] and metadata["album"], metadata
        assert metadata["artist"] and metadata["artwork"] == ["192x192", "512x512"], metadata
        jump_clock(driver, countdown_seconds(driver) + 2)
        wait(driver).until(lambda d: "Rest" in phase(d))
        wait(driver).until(lambda d: abs(player(d, "p.music.gain.gain.value") - 0.3) < 0.02, "the rest lowers the music")
        assert not player(driver, "p.audio.paused")
        assert player(driver, "navigator.mediaSession.metadata.title").startswith("Next:")
    finally:
        driver.quit()


def test_without_a_song_that_fits_a_click_track_keeps_the_beat_and_the_page_says_so(account):
    song = upload_song(account, 90)
    status, theme = api("POST", "/api/v1/themes", {"name": "Slow", "kind": "song", "value": song["id"], "workouts": 1},
                        token=account["token"])
    assert status == 201, theme
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False, themes=[theme["id"]]), token=account["token"])
    assert status == 201
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}")
        assert "a click track keeps the beat" in driver.find_element(By.TAG_NAME, "main").text.lower()
        timed = next(index for index, step in enumerate(workout["exercises"]) if step["targetBpm"])
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play?exercise={timed}")
        wait(driver).until(lambda d: player(d, "p.state.running && p.click.active && p.click.beats >= 3"))
        assert player(driver, "p.click.bpm") == workout["exercises"][timed]["targetBpm"]
        assert driver.find_element(By.ID, "song-title").text == "Click track"
    finally:
        driver.quit()


def test_quitting_while_it_runs_saves_the_second_it_was_left_and_the_screen_stays_awake(account):
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=True), token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        # A stand-in for the Screen Wake Lock API that records what the page asks of it.
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__wakeLocks = 0;
            Object.defineProperty(navigator, 'wakeLock', { value: { request: async () => {
              window.__wakeLocks += 1;
              return { released: false, addEventListener() {}, release: async () => {} };
            } } });"""})
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running"))
        wait(driver).until(lambda d: d.execute_script("return window.__wakeLocks") >= 1, "the screen is kept awake")
        jump_clock(driver, 12)
        wait(driver).until(lambda d: countdown_seconds(d) <= workout["exercises"][0]["seconds"] - 12)
        left = countdown_seconds(driver)
        tap(driver, driver.find_element(By.ID, "quit-button"))
        wait(driver).until(EC.url_to_be(BASE_URL + "/workouts"))
        status, kept = api("GET", f"/api/v1/workouts/{workout['id']}", token=account["token"])
        assert kept["progress"]["exerciseIndex"] == 0
        assert kept["progress"]["secondsLeft"] in (left, left - 1), (kept["progress"], left)
    finally:
        driver.quit()


def test_skipping_everything_is_not_a_completed_workout(account):
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running"))
        skip_every_exercise(driver, workout)
        finished = driver.find_element(By.ID, "finished").text
        assert "Not counted this time" in finished and "half" in finished, finished
    finally:
        driver.quit()


def test_leaving_by_the_back_arrow_shows_the_place_in_progress_at_once(account):
    """The back arrow saves the second before the list is asked for; the list shows it, and its
    cell resumes there."""
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=True), token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running"))
        first = workout["exercises"][0]
        jump_clock(driver, first["seconds"] + first["restSeconds"] + 7)
        wait(driver).until(lambda d: "Exercise 2 of" in phase(d))
        left = countdown_seconds(driver)
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".top-bar a.icon-button"))
        wait(driver).until(EC.url_to_be(BASE_URL + "/workouts"))
        cell = driver.find_element(By.CSS_SELECTOR, "#in-progress-list .workout-cell")
        assert "Exercise 2 of" in cell.text, cell.text
        tap(driver, cell.find_element(By.TAG_NAME, "a"))
        wait(driver).until(lambda d: player(d, "p.state.phase !== null"))
        assert "Exercise 2 of" in phase(driver)
        assert countdown_seconds(driver) in (left, left - 1, left + 1), (countdown_seconds(driver), left)
    finally:
        driver.quit()


def test_the_browsers_back_button_shows_the_place_in_progress_too(account):
    """Leaving by the browser's Back (the page may come back from the back/forward cache): the
    player saves its place as the page is hidden, and the list shows it, not the place it had."""
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=True), token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts")
        tap(driver, driver.find_element(By.CSS_SELECTOR, f"a.saved-link[href='/workouts/{workout['id']}/play']"))
        wait(driver).until(lambda d: player(d, "p.state.running"))
        first = workout["exercises"][0]
        jump_clock(driver, first["seconds"] + first["restSeconds"] + 7)
        wait(driver).until(lambda d: "Exercise 2 of" in phase(d))
        driver.back()
        wait(driver).until(EC.url_to_be(BASE_URL + "/workouts"))
        wait(driver).until(lambda d: "Exercise 2 of" in d.find_element(By.CSS_SELECTOR, "#in-progress-list .workout-cell").text)
    finally:
        driver.quit()


SPEECH_STUB = """
    window.__spoken = [];
    window.SpeechSynthesisUtterance = function (text) { this.text = text; };
    Object.defineProperty(window, 'speechSynthesis', { value: {
      speak(utterance) { window.__spoken.push(utterance.text); }, cancel() {} } });"""


def test_voice_cues_say_whats_next_count_in_and_can_be_turned_off(account):
    upload_song(account, 120, seconds=600)
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SPEECH_STUB})
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running"))
        first, second = workout["exercises"][0], workout["exercises"][1]
        wait(driver).until(lambda d: d.execute_script("return window.__spoken")[:1] == ["Go"], "Go as it starts")
        # Into the rest: the next exercise is named with its length; then 3, 2, 1 and Go.
        jump_clock(driver, countdown_seconds(driver) + 1)
        wait(driver).until(lambda d: f"Next: {second['exercise']['name']}, {second['seconds']} seconds" in d.execute_script("return window.__spoken"))
        # Into each second of the count in turn, then just past the rest. The clock also runs on
        # by itself and the page reads it five times a second, so each jump aims at a second's
        # first part from the time left as last read, never past the next count.
        heard = len(driver.execute_script("return window.__spoken"))
        for count in (3, 2, 1):
            left = player(driver, "p.state.phase.left")
            jump_clock(driver, max(0, left - (count - 0.3)))
            wait(driver, 30).until(lambda d: str(count) in d.execute_script("return window.__spoken")[heard:], str(count))
        jump_clock(driver, player(driver, "p.state.phase.kind === 'rest' ? p.state.phase.left : 0") + 0.3)
        wait(driver, 30).until(lambda d: "Go" in d.execute_script("return window.__spoken")[heard:], "Go")
        spoken = driver.execute_script("return window.__spoken")
        assert spoken[-4:] == ["3", "2", "1", "Go"], spoken
        if second.get("repsPerMinute"):
            assert driver.find_element(By.ID, "player-reps").text.startswith("Rep ")
        # Off: nothing more is said, and it stays off on this device.
        tap(driver, driver.find_element(By.ID, "voice-button"))
        assert driver.find_element(By.ID, "voice-button").get_attribute("aria-pressed") == "false"
        count = len(driver.execute_script("return window.__spoken"))
        jump_clock(driver, countdown_seconds(driver) + 1)
        wait(driver).until(lambda d: "Rest" in phase(d))
        time.sleep(0.5)
        assert len(driver.execute_script("return window.__spoken")) == count
        driver.refresh()
        wait(driver).until(lambda d: d.find_element(By.ID, "voice-button").get_attribute("aria-pressed") == "false")
    finally:
        driver.quit()


def test_a_workout_plays_in_one_place_at_a_time_and_the_other_tab_can_take_it_over(account):
    """The audit's two tabs played at once and counted twice: the second now says the workout
    plays elsewhere and offers to play it here; taking it over stops the first at once (one
    browser) and the first then offers it back."""
    upload_song(account, 120)
    status, workout = api("POST", "/api/v1/workouts", JUMPS, token=account["token"])
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        first = driver.current_window_handle
        wait(driver).until(lambda d: player(d, "p.state.running && p.state.holding"))
        driver.switch_to.new_window("tab")
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        panel = wait(driver).until(EC.visibility_of_element_located((By.ID, "player-elsewhere")))
        assert "Playing on another device" in panel.text
        assert not player(driver, "p.state.running"), "it waits; the first plays on"
        assert driver.switch_to.active_element.get_attribute("id") == "play-here-button"
        screenshot(driver, "workouts-player-elsewhere")
        tap(driver, driver.find_element(By.ID, "play-here-button"))
        wait(driver).until(lambda d: player(d, "p.state.running && p.state.holding"))
        assert not driver.find_element(By.ID, "player-elsewhere").is_displayed()
        driver.switch_to.window(first)
        wait(driver).until(EC.visibility_of_element_located((By.ID, "player-elsewhere")))
        assert player(driver, "!p.state.running && p.audio.paused"), "taken over: the first stops"
        # Quitting the second lets go: the first plays again without taking it from anyone.
        second = [handle for handle in driver.window_handles if handle != first][0]
        driver.switch_to.window(second)
        tap(driver, driver.find_element(By.ID, "quit-button"))
        wait(driver).until(lambda d: d.current_url.endswith("/workouts"))
        driver.switch_to.window(first)
        status, _ = api("POST", f"/api/v1/workouts/{workout['id']}/play", {"runId": player(driver, "p.workout.runId")},
                        token=account["token"])
        assert status == 200, "nobody holds it once the second quit"
    finally:
        driver.quit()


def test_a_song_that_ends_crossfades_into_the_next_on_two_decks(account):
    """The audit heard a song that ended cut into the next mid-set. Two short songs that fit:
    where the first ends, the page plays both for the crossfade, the new one rising as the old
    one falls, then only the new one."""
    upload_song(account, 120, seconds=25)
    upload_song(account, 120, seconds=600)
    status, workout = api("POST", "/api/v1/workouts", dict(JUMPS, saved=False), token=account["token"])
    assert status == 201
    cues = [cue for step in workout["exercises"] for cue in step["music"]]
    fade = next(cue for cue in cues if cue.get("fadeIn", 0) > 0 and cue["song"])
    driver = make_driver(autoplay=True)
    try:
        log_in(driver, account)
        driver.get(f"{BASE_URL}/workouts/{workout['id']}/play")
        wait(driver).until(lambda d: player(d, "p.state.running && !p.audio.paused"))
        # Into the middle of the crossfade.
        jump_clock(driver, fade["at"] + fade["fadeIn"] / 2 - player(driver, "p.now()"))
        wait(driver).until(lambda d: player(d, "p.decks.every((deck) => !deck.paused)"), "both decks play")
        volumes = player(driver, "p.decks.map((deck) => deck.volume)")
        assert all(0.05 < volume < 0.95 for volume in volumes), volumes
        assert fade["song"]["id"].lower() in player(driver, "p.audio.src").lower(), "the new song is the one playing"
        # Past it: only the new song.
        jump_clock(driver, fade["fadeIn"])
        wait(driver).until(lambda d: player(d, "p.decks.filter((deck) => !deck.paused).length === 1"))
        wait(driver).until(lambda d: player(d, "p.audio.volume") in (1, 0.3))
    finally:
        driver.quit()
