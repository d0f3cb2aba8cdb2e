"""axe-core (selenium-axe-python, axe 4.9) on every page and every open sheet, menu and dialog:
no violations of WCAG 2.x A/AA rules or axe's best practices."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium_axe_python import Axe

from selenium.webdriver.common.keys import Keys

from conftest import BASE_URL, api, log_in, make_driver, settle, upload_export, wait

SIGNED_OUT = ["/login", "/signup"]
SIGNED_IN = ["/profile", "/settings", "/settings/fitness", "/settings/password", "/settings/tokens", "/settings/step-sync",
             "/goals", "/goals?category=calories", "/goals/history", "/goals/days-off", "/settings/parks", "/steps", "/steps/sources", "/workouts"]


def violations(driver):
    """axe's violations on the page as it is, with what `no-autoplay-audio` asks checked here:
    axe would first wait up to 10 s for each audio element's media to load, and a player's
    `preload="none"` never loads, so no element may carry `autoplay` at all (the player starts
    its music from the script, once the person has tapped Start)."""
    autoplaying = driver.execute_script("return [...document.querySelectorAll('audio[autoplay], video[autoplay]')].map(e => e.outerHTML.slice(0, 80))")
    axe = Axe(driver)
    axe.inject()
    result = axe.run(options={"preload": {"assets": ["cssom"]}, "resultTypes": ["violations"]})
    return [("autoplay", "serious", autoplaying)] * bool(autoplaying) + \
        [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3]) for v in result["violations"]]


@pytest.mark.parametrize("language", ["en-US", "de-DE", "en-XA"])
def test_every_page_has_no_axe_violations(account, language):
    api("PUT", "/api/v1/profile", {"fitness": {"bodyType": 1, "height": 70, "jumpGoal": 30000, "calorieGoal": 1200}}, token=account["token"])
    api("POST", "/api/v1/jump-sessions", {"date": "2024-05-01", "numberOfJumps": 900, "parkName": "Plainfield",
                                          "startTime": "10:00", "endTime": "11:00"}, token=account["token"])
    driver = make_driver(language, still=True)
    try:
        for page in SIGNED_OUT:
            driver.get(BASE_URL + page)
            assert violations(driver) == [], page
        log_in(driver, account)
        for page in SIGNED_IN:
            driver.get(BASE_URL + page)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            assert violations(driver) == [], page
    finally:
        driver.quit()


def test_open_menus_and_sheets_have_no_axe_violations(account):
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/goals")
        driver.find_element(By.ID, "menu-button").click()
        wait(driver).until(lambda d: "open" in d.find_element(By.ID, "side-menu").get_attribute("class"))
        assert violations(driver) == [], "side menu"
        driver.get(BASE_URL + "/goals")
        driver.find_element(By.CSS_SELECTOR, ".radial-toggle").click()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".radial-toggle").get_attribute("aria-expanded") == "true")
        settle(driver)  # the items fanned out, so colours are measured as they rest
        assert violations(driver) == [], "modules menu"
        driver.get(BASE_URL + "/goals")
        driver.find_element(By.ID, "edit-goals-button").click()
        wait(driver).until(EC.visibility_of_element_located((By.ID, "edit-goals")))
        settle(driver)  # the sheet slid up: mid-animation its text measures faded
        assert violations(driver) == [], "Edit My Goals sheet"
    finally:
        driver.quit()


def test_alerts_prompts_pickers_and_the_import_summary_have_no_axe_violations(account):
    api("PUT", "/api/v1/profile", {"fitness": {"bodyType": 1, "height": 70, "jumpGoal": 20000}}, token=account["token"])
    api("POST", "/api/v1/jump-sessions", {"date": "2024-05-01", "numberOfJumps": 900, "parkName": "Plainfield",
                                          "startTime": "10:00", "endTime": "11:00"}, token=account["token"])
    imported = upload_export(account)
    driver = make_driver()
    try:
        log_in(driver, account)
        # The unsaved-changes prompt over the Edit My Goals sheet.
        driver.get(BASE_URL + "/goals")
        driver.find_element(By.ID, "edit-goals-button").click()
        ruler = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#edit-goals .ruler-viewport")))
        ruler.click()
        ruler.send_keys(Keys.ARROW_RIGHT)
        driver.find_element(By.CSS_SELECTOR, "#edit-goals [data-close-sheet]").click()
        wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
        assert violations(driver) == [], "unsaved-changes prompt"
        # The alert of a refused save.
        driver.get(BASE_URL + "/settings/fitness")
        driver.execute_script("document.querySelector('input[name=height]').value = '5'")
        driver.find_element(By.CSS_SELECTOR, ".form-actions button[type=submit]").click()
        wait(driver).until(EC.visibility_of_element_located((By.ID, "alert-dialog")))
        assert violations(driver) == [], "alert dialog"
        # The month picker with its Show button (keyboard focus), and the import's summary.
        driver.get(BASE_URL + f"/steps?month=2021-03&imported={imported['id']}")
        settle(driver)  # the badges animated in, so colours are measured as they rest
        assert violations(driver) == [], "steps after an import"
        select = driver.find_element(By.ID, "month-select")
        select.send_keys(Keys.ARROW_UP)
        select.send_keys(Keys.TAB)
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".month-go")))
        assert violations(driver) == [], "month picker with Show"
    finally:
        driver.quit()
