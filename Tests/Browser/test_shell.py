"""The app shell in a real browser: logging in, the side menu and the radial menu."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import BASE_URL, api, log_in, make_driver, screenshot, wait


def test_login_form_signs_in_and_shows_profile(driver, account):
    log_in(driver, account)
    assert driver.find_element(By.CSS_SELECTOR, ".profile-name").text == "Jamie Rivera"
    assert account["email"] in driver.find_element(By.CSS_SELECTOR, ".profile-email").text


def test_wrong_password_shows_message(driver, account):
    driver.get(BASE_URL + "/login")
    driver.find_element(By.ID, "field-email").send_keys(account["email"])
    driver.find_element(By.ID, "field-password").send_keys("not-my-password")
    driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button[type=submit]").click()
    banner = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".banner-error")))
    assert "not correct" in banner.text


def test_side_menu_opens_closes_and_navigates(driver, account):
    log_in(driver, account)
    button = driver.find_element(By.ID, "menu-button")
    menu = driver.find_element(By.ID, "side-menu")
    assert not menu.is_displayed() or menu.rect["x"] + menu.rect["width"] <= 0
    button.click()
    wait(driver).until(lambda d: menu.get_attribute("class").find("open") >= 0)
    wait(driver).until(lambda d: menu.rect["x"] >= 0)
    assert button.get_attribute("aria-expanded") == "true"
    links = [link.text for link in menu.find_elements(By.CSS_SELECTOR, ".side-menu-link")]
    assert links == ["Goals", "Steps", "Workouts", "Reports", "Wishes", "Profile", "Settings", "Log out"]
    assert driver.switch_to.active_element.text == "Goals"  # focus moved into the menu
    screenshot(driver, "shell-side-menu-en")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver).until(lambda d: button.get_attribute("aria-expanded") == "false")
    button.click()
    wait(driver).until(lambda d: menu.rect["x"] >= 0)
    menu.find_element(By.LINK_TEXT, "Settings").click()
    wait(driver).until(EC.url_to_be(BASE_URL + "/settings"))


def wait_until_still(driver, element):
    """Waits for an element's fan-out transition to end, so a click lands where it is drawn."""
    last = None

    def still(_):
        nonlocal last
        current = (element.rect["x"], element.rect["y"])
        settled = current == last
        last = current
        return settled

    wait(driver).until(still)


def test_radial_menu_fans_out_into_the_modules(driver, account):
    log_in(driver, account)
    toggle = driver.find_element(By.CSS_SELECTOR, ".radial-toggle")
    items = driver.find_elements(By.CSS_SELECTOR, ".radial-item")
    assert not any(item.is_displayed() for item in items)
    toggle.click()
    wait(driver).until(lambda d: all(item.is_displayed() for item in items))
    assert toggle.get_attribute("aria-expanded") == "true"
    wait(driver).until(lambda d: items[2].rect["y"] < toggle.rect["y"] - 100)  # fanned out above the button
    wait_until_still(driver, items[0])
    screenshot(driver, "shell-radial-menu-en")
    driver.find_element(By.CSS_SELECTOR, ".radial-item-1 a").click()
    wait(driver).until(EC.url_to_be(BASE_URL + "/goals"))
    assert driver.find_element(By.CSS_SELECTOR, ".top-bar-title").text == "Goals"


def test_radial_menu_works_from_the_keyboard(driver, account):
    log_in(driver, account)
    toggle = driver.find_element(By.CSS_SELECTOR, ".radial-toggle")
    toggle.send_keys(Keys.ENTER)
    wait(driver).until(lambda d: toggle.get_attribute("aria-expanded") == "true")
    assert driver.switch_to.active_element.get_attribute("href").endswith("/goals")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver).until(lambda d: toggle.get_attribute("aria-expanded") == "false")


def test_logout_from_the_side_menu(driver, account):
    log_in(driver, account)
    driver.find_element(By.ID, "menu-button").click()
    logout = wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, ".side-menu-logout button")))
    logout.click()
    wait(driver).until(EC.url_contains("/login"))
    driver.get(BASE_URL + "/profile")
    # Signed out: the profile sends to the login page, which would return there.
    assert driver.current_url.endswith("/login?next=%2Fprofile")


COVERED_CONTROLS = """
const radial = document.getElementById('radial-menu');
const covered = [];
for (const details of document.querySelectorAll('main details')) details.open = true;
for (const control of document.querySelectorAll('main a[href], main button, main input:not([type=hidden]), main select, main textarea, main [tabindex="0"]')) {
  if (control.closest('dialog') || radial.contains(control)) continue;
  if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || control.closest('[inert]')) continue;
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: 'end' });  // the worst place: as low as scrolling puts it
  const moved = control.getBoundingClientRect();
  const x = moved.left + moved.width / 2, y = moved.top + moved.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (hit && radial.contains(hit)) covered.push((control.textContent || control.name || control.id).trim().slice(0, 40));
}
return covered;
"""


@pytest.mark.parametrize("language", ["en-US", "en-XA"])
def test_the_modules_button_never_covers_a_control(account, language):
    """Scrolled as low as it goes, no link, button or field lies under the modules button."""
    api("PUT", "/api/v1/profile", {"fitness": {"bodyType": 1, "height": 70, "jumpGoal": 30000}}, token=account["token"])
    driver = make_driver(language, width=320, height=568)
    try:
        log_in(driver, account)
        for page in ["/profile", "/settings", "/settings/fitness", "/settings/tokens", "/goals", "/goals/history", "/steps"]:
            driver.get(BASE_URL + page)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            assert driver.execute_script(COVERED_CONTROLS) == [], page
        icon = driver.find_element(By.CSS_SELECTOR, ".radial-toggle-open")
        assert icon.is_displayed()
    finally:
        driver.quit()


def test_open_menus_keep_keyboard_focus_inside(driver, account):
    log_in(driver, account)
    driver.find_element(By.ID, "menu-button").click()
    menu = driver.find_element(By.ID, "side-menu")
    wait(driver).until(lambda d: "open" in menu.get_attribute("class"))
    for _ in range(15):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        assert driver.execute_script("return arguments[0].contains(document.activeElement)", menu)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver).until(lambda d: d.switch_to.active_element.get_attribute("id") == "menu-button")

    toggle = driver.find_element(By.CSS_SELECTOR, ".radial-toggle")
    toggle.send_keys(Keys.ENTER)
    nav = driver.find_element(By.ID, "radial-menu")
    wait(driver).until(lambda d: toggle.get_attribute("aria-expanded") == "true")
    for _ in range(10):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        assert driver.execute_script("return arguments[0].contains(document.activeElement)", nav)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver).until(lambda d: toggle.get_attribute("aria-expanded") == "false")
    # Closed again, the page is reachable.
    assert driver.execute_script("return [...document.body.children].every((child) => !child.inert)")
