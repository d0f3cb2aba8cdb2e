"""Fitness Settings in a real browser: the ruler by drag and keyboard, saving, reloading,
the failed-save alert, and the unsaved-changes prompt."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, discard_unsaved_changes, log_in, screenshot, steady, wait


def open_fitness(driver, account):
    log_in(driver, account)
    driver.get(BASE_URL + "/settings/fitness")
    return wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=ruler-height]")))


def readout(driver):
    return driver.find_element(By.CSS_SELECTOR, ".ruler-readout").text


def stored_height(account):
    status, profile = api("GET", "/api/v1/profile", token=account["token"])
    assert status == 200
    return profile["fitness"]["height"]


def test_ruler_drag_sets_height_and_save_persists(driver, account):
    ruler = open_fitness(driver, account)
    assert readout(driver) == "Not set"
    # Drag the scale 60 px to the left, slowly, and hold still before lifting: 5 ticks up, no fling.
    actions = ActionChains(driver)
    actions.click_and_hold(ruler)
    for _ in range(10):
        actions.move_by_offset(-6, 0).pause(0.03)
    actions.pause(0.25).release().perform()
    wait(driver).until(lambda d: ruler.get_attribute("aria-valuenow") == "71")
    assert readout(driver) == "5 ft 11 in"
    assert ruler.get_attribute("aria-valuetext") == "5 ft 11 in"
    driver.find_element(By.CSS_SELECTOR, ".form-actions button[type=submit]").click()
    toast = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".toast")))
    assert toast.text == "Fitness settings saved."
    assert stored_height(account) == 71
    driver.refresh()
    wait(driver).until(lambda d: readout(d) == "5 ft 11 in")


def test_ruler_fling_glides_with_momentum(driver, account):
    ruler = open_fitness(driver, account)
    ActionChains(driver, duration=10).click_and_hold(ruler).move_by_offset(-30, 0).move_by_offset(-30, 0).release().perform()
    # The glide has ended: the scale is still (it moves frame by frame, its value set at the end).
    value = int(steady(driver, lambda d: (d.execute_script("return document.querySelector('.ruler-track').style.transform"),
                                          ruler.get_attribute("aria-valuenow")))[1])
    assert value > 71, f"a fast swipe should glide past the dragged distance, got {value}"
    assert value <= 96


def test_ruler_keyboard_and_body_type_then_reload(driver, account):
    ruler = open_fitness(driver, account)
    ruler.click()
    ruler.send_keys(Keys.ARROW_RIGHT)  # first key sets the shown value
    ruler.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert ruler.get_attribute("aria-valuenow") == "68"
    ruler.send_keys(Keys.PAGE_DOWN)
    assert ruler.get_attribute("aria-valuenow") == "56"
    ruler.send_keys(Keys.END)
    assert ruler.get_attribute("aria-valuenow") == "96"
    ruler.send_keys(Keys.ARROW_LEFT)
    assert readout(driver) == "7 ft 11 in"
    # Body type by keyboard: focus the first radio and move with the arrow keys.
    first = driver.find_element(By.ID, "body-type-0")
    driver.execute_script("arguments[0].focus()", first)
    first.send_keys(Keys.SPACE)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert driver.find_element(By.ID, "body-type-1").is_selected()
    driver.find_element(By.CSS_SELECTOR, ".form-actions button[type=submit]").click()
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".toast")))
    driver.refresh()
    wait(driver).until(lambda d: readout(d) == "7 ft 11 in")
    assert driver.find_element(By.ID, "body-type-1").is_selected()
    status, profile = api("GET", "/api/v1/profile", token=account["token"])
    assert profile["fitness"]["bodyType"] == 1 and profile["fitness"]["height"] == 95


def test_failed_save_shows_alert_and_keeps_edits(driver, account):
    ruler = open_fitness(driver, account)
    ruler.click()
    ruler.send_keys(Keys.HOME)
    # Make the stored value impossible so the server refuses it, as a broken request would.
    driver.execute_script("document.querySelector('input[name=height]').value = '5'")
    driver.find_element(By.CSS_SELECTOR, ".form-actions button[type=submit]").click()
    dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "alert-dialog")))
    assert "Height must be between" in dialog.text
    screenshot(driver, "fitness-save-error-en")
    dialog.find_element(By.CSS_SELECTOR, "button").click()
    assert readout(driver) == "3 ft 0 in"  # the edit is still on screen
    assert stored_height(account) is None


def test_leaving_with_unsaved_changes_asks_first(driver, account):
    open_fitness(driver, account)
    driver.find_element(By.CSS_SELECTOR, "label[for=body-type-2]").click()
    driver.find_element(By.CSS_SELECTOR, ".top-bar a.icon-button").click()
    dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
    assert "Save changes?" in dialog.text
    screenshot(driver, "fitness-unsaved-en")
    dialog.find_element(By.CSS_SELECTOR, "button[value=cancel]").click()
    assert driver.current_url.endswith("/settings/fitness")
    driver.find_element(By.CSS_SELECTOR, ".top-bar a.icon-button").click()
    dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "unsaved-dialog")))
    dialog.find_element(By.CSS_SELECTOR, "button[value=save]").click()
    wait(driver).until(EC.url_to_be(BASE_URL + "/settings"))
    status, profile = api("GET", "/api/v1/profile", token=account["token"])
    assert profile["fitness"]["bodyType"] == 2


def test_discarding_unsaved_changes_leaves_without_saving(driver, account):
    open_fitness(driver, account)
    driver.find_element(By.CSS_SELECTOR, "label[for=body-type-0]").click()
    driver.find_element(By.CSS_SELECTOR, ".top-bar a.icon-button").click()
    discard_unsaved_changes(driver)
    wait(driver).until(EC.url_to_be(BASE_URL + "/settings"))
    status, profile = api("GET", "/api/v1/profile", token=account["token"])
    assert profile["fitness"]["bodyType"] is None
