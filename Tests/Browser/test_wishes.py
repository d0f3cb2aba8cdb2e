"""Wishes in the browser: compose → preview → Send Options → Scheduled; the lists' infinite
scroll; the message view's previous/next arrows; swipe-delete and bulk delete in the Inbox;
search with its history; accessibility and screenshots at 375 px in en, de and en-XA."""
import datetime
import time
import uuid

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import BASE_URL, api, assert_no_horizontal_overflow, confirm_address, log_in, mails_to, make_driver, open_mail, screenshot, settle, tap, wait
from test_accessibility import violations


def new_account(name="Jamie Rivera"):
    email = f"wishes-{uuid.uuid4().hex[:10]}@example.com"
    status, body = api("POST", "/api/v1/accounts", {"name": name, "email": email, "password": "correct-horse-battery"})
    assert status == 201, body
    return {"email": email, "password": "correct-horse-battery", "token": body["token"]}


def schedule(account, subject, minutes, recipients, occasion="birthday"):
    at = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M")
    status, body = api("POST", "/api/v1/wishes", {
        "occasion": occasion, "subject": subject, "message": f"All the best! ({subject})", "recipients": recipients,
        "sendAt": at, "timeZone": "UTC", "channels": ["in-app"], "photo": f"stock:{occasion}-1"}, token=account["token"])
    assert status == 201, body
    return body["id"]


def inbox_of(recipient, count):
    """Wishes sent to `recipient` now; waits until the scheduler delivered them all (in-app
    wishes reach an address once its owner confirmed it)."""
    confirm_address(recipient)
    sender = new_account("Mia Schmidt")
    for index in range(count):
        schedule(sender, f"Greeting {index:02d}", 0, [recipient["email"]], occasion=["birthday", "holiday", "thank-you"][index % 3])
    deadline = time.time() + 60
    while time.time() < deadline:
        status, counts = api("GET", "/api/v1/wishes/counts", token=recipient["token"])
        if counts["inbox"] == count:
            return
        time.sleep(0.5)
    raise AssertionError(f"the inbox has {counts['inbox']} of {count}")


def test_compose_preview_send_options_and_confirm_schedule_a_wish():
    account = new_account()
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes")
        driver.find_element(By.ID, "schedule-wish").click()
        wait(driver).until(EC.presence_of_element_located((By.ID, "compose-form")))
        subject = driver.find_element(By.ID, "field-subject")
        next_button = driver.find_element(By.ID, "compose-next")
        assert subject.get_attribute("value") == "Happy birthday!"
        assert not next_button.is_enabled(), "Next waits for the message and recipients"
        # Another occasion brings its subject and its texts; a text goes into the box, to edit.
        driver.find_element(By.CSS_SELECTOR, ".occasion-holiday").click()
        assert subject.get_attribute("value") != "Happy birthday!"
        texts = [t for t in driver.find_elements(By.CSS_SELECTOR, ".stock-text") if t.is_displayed()]
        assert len(texts) == 3 and all(t.get_attribute("data-occasion") == "holiday" for t in texts)
        texts[1].click()
        message = driver.find_element(By.ID, "field-message")
        assert message.get_attribute("value") == texts[1].text.strip()
        message.send_keys(" See you soon!")
        cards = [c for c in driver.find_elements(By.CSS_SELECTOR, ".photo-choice[data-occasion]") if c.is_displayed()]
        assert len(cards) == 6
        cards[2].click()
        driver.find_element(By.ID, "field-recipients").send_keys("sam@example.com, Kim@Example.com")
        assert next_button.is_enabled()
        screenshot(driver, "wishes-compose")
        tap(driver, next_button)

        wait(driver).until(EC.presence_of_element_located((By.ID, "preview-submit")))
        assert "See you soon!" in driver.find_element(By.CSS_SELECTOR, ".wish-message-text").text
        assert "kim@example.com\nIn their Kinetic inbox" in driver.find_element(By.CSS_SELECTOR, ".wish-deliveries").text
        assert driver.find_element(By.CSS_SELECTOR, ".wish-photo img").get_attribute("src").endswith("/images/wishes/cards/holiday-3.svg")
        assert not driver.find_element(By.ID, "send-options").is_displayed()
        driver.find_element(By.ID, "preview-submit").click()
        options = wait(driver).until(EC.visibility_of_element_located((By.ID, "send-options")))
        picker = options.find_element(By.ID, "reach-0")
        assert driver.switch_to.active_element == picker, "the sheet opens on the first recipient's choice"
        assert Select(picker).first_selected_option.get_attribute("value") == "in-app sam@example.com"
        email = picker.find_element(By.CSS_SELECTOR, "option[value='email sam@example.com']")
        assert not email.is_enabled(), "e-mail needs a confirmed address, and this one is not yet"
        assert "E-mail is not available to you" in options.text
        settle(driver)  # the sheet has risen
        screenshot(driver, "wishes-send-options")
        assert violations(driver) == []
        driver.find_element(By.ID, "send-options-confirm").click()

        wait(driver).until(EC.url_contains("done=scheduled"))
        assert driver.current_url.split("?")[0].endswith("/wishes"), "back where the sender started: Home"
        driver.find_element(By.ID, "box-scheduled").click()
        cell = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".wish-cell")))
        assert "sam@example.com" in cell.text
    finally:
        driver.quit()


def test_a_kinetic_user_and_an_outside_friend_each_get_one_copy_the_right_way(tmp_path):
    sender, bob = new_account("Ann Sender"), new_account("Bob Friend")
    confirm_address(sender)
    confirm_address(bob)
    friend = f"friend-{uuid.uuid4().hex[:8]}@outside.example"
    subject = f"Happy birthday {uuid.uuid4().hex[:6]}"
    driver = make_driver()
    try:
        log_in(driver, sender)
        driver.get(BASE_URL + "/wishes/new")
        subject_field = driver.find_element(By.ID, "field-subject")
        subject_field.clear()
        subject_field.send_keys(subject)
        driver.find_element(By.ID, "field-message").send_keys("Cake at five!")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "input[name=photo][value='stock:birthday-5']").find_element(By.XPATH, ".."))
        driver.find_element(By.ID, "field-recipients").send_keys(f"{bob['email']}, {friend}")
        # Now, on the form's own clock (a person picks the time; a test takes the current minute).
        zone = driver.find_element(By.CSS_SELECTOR, "input[name=timeZone]").get_attribute("value")
        now = datetime.datetime.now(datetime.timezone.utc)
        if zone not in ("UTC", "Etc/UTC", "GMT"):
            from zoneinfo import ZoneInfo
            now = now.astimezone(ZoneInfo(zone))
        driver.execute_script(
            "document.getElementById('field-sendDate').value = arguments[0];"
            "document.getElementById('field-sendTime').value = arguments[1];",
            now.strftime("%Y-%m-%d"), now.strftime("%H:%M"))
        tap(driver, driver.find_element(By.ID, "compose-next"))

        plan = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".wish-deliveries")))
        rows = [row.text for row in plan.find_elements(By.CSS_SELECTOR, ".wish-delivery")]
        assert rows == ["Bob Friend\nIn their Kinetic inbox", f"{friend}\nBy e-mail"], rows
        driver.find_element(By.ID, "preview-submit").click()
        options = wait(driver).until(EC.visibility_of_element_located((By.ID, "send-options")))
        assert "Has a Kinetic account" in options.find_element(By.CSS_SELECTOR, "label[for=reach-0]").text
        assert "No Kinetic account" in options.find_element(By.CSS_SELECTOR, "label[for=reach-1]").text
        assert Select(options.find_element(By.ID, "reach-1")).first_selected_option.text == "By e-mail"
        settle(driver)  # the sheet has risen
        screenshot(driver, "wishes-send-options-reach")
        assert violations(driver) == []
        driver.find_element(By.ID, "send-options-confirm").click()
        wait(driver).until(EC.url_contains("done=scheduled"))

        # It goes within its minute: one e-mail to the friend, one Inbox copy for Bob, no e-mail to him.
        deadline = time.time() + 90
        while time.time() < deadline:
            inbox = api("GET", "/api/v1/wishes?box=inbox", token=bob["token"])[1]["items"]
            mails = [m for m in mails_to(friend) if m["subject"] == subject]
            if inbox and mails:
                break
            time.sleep(0.5)
        assert [item["subject"] for item in inbox] == [subject]
        assert len(mails) == 1 and mails[0]["rcpt_tos"] == [friend]
        time.sleep(1)  # two of the scheduler's rounds (0.5 s): a second copy would be here by now
        assert [m for m in mails_to(bob["email"]) if m["subject"] == subject] == []
        assert len([m for m in mails_to(friend) if m["subject"] == subject]) == 1, "once"

        # The e-mail as the friend's phone shows it: who it is from, the subject, the card, the
        # words and a way to answer Ann, within the screen's width.
        open_mail(driver, mails[0], tmp_path)
        body = driver.find_element(By.TAG_NAME, "body").text
        assert body.startswith(f"A wish from Ann Sender\n{subject}\nCake at five!\n— Ann Sender\nReply to Ann Sender"), body
        card = driver.find_element(By.CSS_SELECTOR, "img[alt='Birthday card']")
        assert driver.execute_script("return arguments[0].naturalWidth > 0 && arguments[0].getBoundingClientRect().width <= 360", card)
        reply = driver.find_element(By.LINK_TEXT, "Reply to Ann Sender").get_attribute("href")
        assert reply.startswith(f"mailto:{sender['email']}?subject=Re%3A%20Happy%20birthday"), reply
        assert_no_horizontal_overflow(driver, "the e-mail")
        screenshot(driver, "wishes-email")

        driver.get(BASE_URL + "/wishes/sent")
        cell = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".wish-cell")))
        assert "2 delivered" in cell.text and "failed" not in cell.text.lower()
        cell.find_element(By.CSS_SELECTOR, ".wish-cell-link").click()
        rows = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".wish-deliveries")))
        outcomes = [row.text for row in rows.find_elements(By.CSS_SELECTOR, ".wish-delivery")]
        assert outcomes == ["Bob Friend\nIn their Kinetic inbox", f"{friend}\nDelivered by e-mail"], outcomes
        screenshot(driver, "wishes-sent-per-recipient")
        assert_no_horizontal_overflow(driver, "sent wish")
    finally:
        driver.quit()

    # Bob says thanks on the wish in his Inbox; it lands in Ann's.
    driver = make_driver()
    try:
        log_in(driver, bob)
        driver.get(BASE_URL + f"/wishes/{inbox[0]['id']}")
        note = wait(driver).until(EC.presence_of_element_located((By.ID, "wish-thanks-message")))
        note.send_keys("Thank you, Ann! See you at five.")
        screenshot(driver, "wishes-say-thanks")
        tap(driver, driver.find_element(By.ID, "wish-thanks-send"))
        wait(driver).until(EC.url_contains("done=thanked"))
        assert "You said thanks on" in driver.find_element(By.ID, "wish-thanked").text
        items = api("GET", "/api/v1/wishes?box=inbox", token=sender["token"])[1]["items"]
        assert [(i["subject"], i["message"], i["from"]["name"]) for i in items] == [
            (f"Re: {subject}", "Thank you, Ann! See you at five.", "Bob Friend")]
    finally:
        driver.quit()


def test_cancel_asks_first_and_next_names_every_problem_without_the_script_checks():
    account = new_account()
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/new?from=scheduled")
        driver.find_element(By.ID, "field-recipients").send_keys("x")
        tap(driver, driver.find_element(By.ID, "compose-cancel"))
        dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog")))
        dialog.find_element(By.CSS_SELECTOR, "button[value=cancel], button:not([value=confirm])").click()
        assert "/wishes/new" in driver.current_url
        tap(driver, driver.find_element(By.ID, "compose-cancel"))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog"))).find_element(By.ID, "confirm-action").click()
        wait(driver).until(EC.url_contains("/wishes/scheduled"))
    finally:
        driver.quit()


def test_a_stock_text_over_the_senders_own_words_asks_first_and_can_be_undone():
    account = new_account()
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/new")
        message = driver.find_element(By.ID, "field-message")
        own = "My own long heartfelt words that took ten minutes to write."
        message.send_keys(own)
        texts = [t for t in driver.find_elements(By.CSS_SELECTOR, ".stock-text") if t.is_displayed()]
        tap(driver, texts[1])
        dialog = wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog")))
        assert "Replace your words with this message?" in dialog.text
        dialog.find_element(By.CSS_SELECTOR, "button:not([value=confirm])").click()
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "input[name=stockText]:checked"))
        assert message.get_attribute("value") == own, "kept when the sender says no"
        tap(driver, texts[1])
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog"))).find_element(By.ID, "confirm-action").click()
        wait(driver).until(lambda d: message.get_attribute("value") == texts[1].text.strip())
        # Another stock text over a stock text asks nothing: no words of the sender's are lost.
        tap(driver, texts[2])
        assert message.get_attribute("value") == texts[2].text.strip()
        assert not driver.find_element(By.ID, "confirm-dialog").is_displayed()
        screenshot(driver, "wishes-compose-undo")
        tap(driver, driver.find_element(By.ID, "compose-undo"))
        assert message.get_attribute("value") == own
        assert not driver.find_elements(By.ID, "compose-undo")
    finally:
        driver.quit()


CONTACTS_VCF = "\r\n".join([
    "BEGIN:VCARD", "VERSION:3.0", "N:Núñez;Carla;;;", "FN:Carla Núñez", "EMAIL;type=INTERNET;type=pref:carla@example.com",
    "BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15", "END:VCARD",
    "BEGIN:VCARD", "VERSION:4.0", "FN:Ben Becker", "EMAIL:ben@example.com", "TZ:America/New_York", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:No Address", "END:VCARD", ""])


def test_contacts_import_after_a_preview_and_compose_picks_one_for_their_birthday_and_their_time(tmp_path):
    account = new_account()
    vcf = tmp_path / "contacts.vcf"
    vcf.write_text(CONTACTS_VCF, encoding="utf-8")
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes")
        tap(driver, driver.find_element(By.ID, "contacts-link"))
        wait(driver).until(EC.presence_of_element_located((By.ID, "import-contacts"))).click()
        driver.find_element(By.ID, "field-file").send_keys(str(vcf))
        tap(driver, driver.find_element(By.ID, "import-read"))
        summary = wait(driver).until(EC.presence_of_element_located((By.ID, "import-summary")))
        assert summary.text == "2 new contacts."
        assert "Line 14: “No Address” has no e-mail address and is left out." in driver.page_source
        assert "April 15" in driver.find_element(By.CSS_SELECTOR, ".contact-import-list").text
        status, listed = api("GET", "/api/v1/wishes/contacts", token=account["token"])
        assert listed["items"] == [], "nothing is kept before Import"
        screenshot(driver, "wishes-contacts-import-preview")
        tap(driver, driver.find_element(By.ID, "import-confirm"))
        wait(driver).until(EC.url_contains("done=imported"))
        rows = driver.find_element(By.CSS_SELECTOR, ".contacts-list").text
        assert "Carla Núñez" in rows and "Birthday April 15" in rows and "New York time" in rows
        screenshot(driver, "wishes-contacts")

        driver.get(BASE_URL + "/wishes/new")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "#compose-contacts summary"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".compose-contact[data-email='carla@example.com']"))
        to = driver.find_element(By.ID, "field-recipients")
        assert to.get_attribute("value") == "carla@example.com"
        # The stock texts greet her by her first name, and the one chosen goes into the box so.
        message = driver.find_element(By.ID, "field-message")
        first = next(t for t in driver.find_elements(By.CSS_SELECTOR, ".stock-text") if t.is_displayed())
        assert first.text.startswith("Happy birthday, Carla! I hope your day"), first.text
        tap(driver, first)
        assert message.get_attribute("value").startswith("Happy birthday, Carla! I hope your day")
        tap(driver, driver.find_element(By.ID, "quick-birthday"))
        today = datetime.datetime.now(datetime.timezone.utc).date()
        birthday = datetime.date(today.year, 4, 15)
        if birthday < today or (birthday == today and datetime.datetime.now(datetime.timezone.utc).hour >= 8):
            birthday = datetime.date(today.year + 1, 4, 15)
        assert driver.find_element(By.ID, "field-sendDate").get_attribute("value") == birthday.isoformat()
        assert driver.find_element(By.ID, "field-sendTime").get_attribute("value") == "08:00"
        assert "8:00" in driver.find_element(By.ID, "compose-quick-status").text
        # Their time: Ben lives in New York; the wish goes by his clock, and the page says so.
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".compose-contact[data-email='ben@example.com']"))
        assert to.get_attribute("value") == "carla@example.com, ben@example.com"
        # Two people: the words without a name, in the texts and in the box still untouched.
        assert first.text.startswith("Happy birthday! I hope your day"), first.text
        assert message.get_attribute("value").startswith("Happy birthday! I hope your day")
        tap(driver, driver.find_element(By.ID, "quick-their-time"))
        assert driver.find_element(By.NAME, "timeZone").get_attribute("value") == "America/New_York"
        assert driver.find_element(By.ID, "compose-zone").text == "Times are New York time."
        screenshot(driver, "wishes-compose-contacts")
        tap(driver, driver.find_element(By.ID, "compose-next"))
        wait(driver).until(EC.presence_of_element_located((By.ID, "preview-submit")))
        assert "New York time" in driver.find_element(By.TAG_NAME, "main").text
    finally:
        driver.quit()


def test_the_compose_page_says_when_the_device_is_in_another_zone_and_can_use_it():
    account = new_account()
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/London"})
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/new")
        zone = driver.find_element(By.NAME, "timeZone").get_attribute("value")
        assert zone != "Europe/London", zone
        warning = driver.find_element(By.ID, "compose-device-zone")
        assert warning.is_displayed()
        assert warning.text.startswith("This device is on London time; this wish goes by ")
        tap(driver, warning.find_element(By.TAG_NAME, "button"))
        assert driver.find_element(By.NAME, "timeZone").get_attribute("value") == "Europe/London"
        assert driver.find_element(By.ID, "compose-zone").text == "Times are London time."
        assert not warning.is_displayed()
    finally:
        driver.quit()


def tiny_png(path):
    """A 64×48 picture, standing in for a phone's photo (the smallest taken is 32 on each side)."""
    import struct
    import zlib
    rows = b"".join(b"\x00" + bytes([200, 120, 40]) * 64 for _ in range(48))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 48, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return path


def test_a_yearly_wish_on_a_leap_day_birthday_follows_the_birthday_and_a_picked_photo_shows_at_once(tmp_path):
    """On their birthday, then every year: the toggle names whose birthday, one born on
    29 February chooses 1 March for other years, and the Preview lists the next five on her clock
    and on the sender's; a photo picked from the phone is shown and chosen at once."""
    account = new_account()
    zoe = {"name": "Zoë Adams", "email": "zoe@example.com", "birthday": "1996-02-29", "timeZone": "Pacific/Auckland"}
    assert api("POST", "/api/v1/wishes/contacts", zoe, token=account["token"])[0] == 201
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/new")
        tap(driver, driver.find_element(By.CSS_SELECTOR, "#compose-contacts summary"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".compose-contact[data-email='zoe@example.com']"))
        tap(driver, next(text for text in driver.find_elements(By.CSS_SELECTOR, ".stock-text") if text.is_displayed()))
        tap(driver, driver.find_element(By.ID, "quick-birthday"))
        tap(driver, driver.find_element(By.ID, "field-repeatsYearly"))
        assert driver.find_element(By.ID, "compose-yearly-label").text == "Every year on Zoë Adams’s birthday"
        leap = driver.find_element(By.ID, "field-leapDay")
        assert leap.is_displayed()
        # Her clock or the sender's: hers is chosen with "On their birthday".
        clock = Select(driver.find_element(By.ID, "field-yearlyZone"))
        assert [option.text for option in clock.options] == ["Theirs: Auckland time", "Yours: UTC"]
        assert clock.first_selected_option.get_attribute("value") == "Pacific/Auckland"
        Select(leap).select_by_value("march1")
        # In a year without 29 February, the day shown is now 1 March.
        assert driver.find_element(By.ID, "field-sendDate").get_attribute("value")[5:] in ("03-01", "02-29")
        # The photo from the phone: shown among the cards, chosen; "No photo" no longer is.
        driver.find_element(By.ID, "field-photoFile").send_keys(str(tiny_png(tmp_path / "lake.png")))
        picked = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".photo-choice-picked")))
        assert picked.find_element(By.TAG_NAME, "input").is_selected()
        assert not driver.find_element(By.CSS_SELECTOR, ".photo-choices > .photo-choice:first-child input").is_selected()
        wait(driver).until(lambda d: d.execute_script("return document.querySelector('.photo-choice-picked img').naturalWidth") == 64)
        driver.execute_script("document.getElementById('compose-yearly').scrollIntoView({block: 'center'})")
        screenshot(driver, "wishes-compose-birthday-yearly")

        tap(driver, driver.find_element(By.ID, "compose-next"))
        title = wait(driver).until(EC.presence_of_element_located((By.ID, "preview-yearly-title")))
        assert title.text.upper() == "EVERY YEAR ON ZOË ADAMS’S BIRTHDAY: THE NEXT FIVE"
        shown = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".preview-yearly-dates li")]
        days = [text.split(" at ")[0] for text in shown]
        assert all(day.startswith(("Feb 29", "Mar 1,")) for day in days) and sum(day.startswith("Feb 29") for day in days) in (1, 2), days
        assert all("(Auckland time)" in text and "That is " in text and "(UTC)" in text for text in shown), shown
        assert driver.find_elements(By.CSS_SELECTOR, ".wish-photo img"), "the picked photo went with it"
        driver.execute_script("document.querySelector('.preview-yearly').scrollIntoView({block: 'center'})")
        screenshot(driver, "wishes-preview-birthday-yearly")
        driver.find_element(By.ID, "preview-submit").click()
        wait(driver).until(EC.visibility_of_element_located((By.ID, "send-options")))
        settle(driver)
        driver.find_element(By.ID, "send-options-confirm").click()
        wait(driver).until(EC.url_contains("done=scheduled"))
        yearly = api("GET", "/api/v1/wishes/yearly", token=account["token"])[1]["items"]
        assert [(item["day"], item["leapDay"], item["timeZone"]) for item in yearly] == [("--02-29", "march1", "Pacific/Auckland")]
        # Named as the sender knows her, in the list of what is scheduled.
        driver.get(BASE_URL + "/wishes/scheduled")
        assert "Zoë Adams" in driver.find_element(By.CSS_SELECTOR, ".wish-cell-people").text
    finally:
        driver.quit()


def test_a_yearly_wish_shows_its_next_five_dates_and_can_be_paused_resumed_and_ended():
    account = new_account()
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/new?from=scheduled")
        driver.find_element(By.ID, "field-message").send_keys("Happy birthday, Carla!")
        driver.find_element(By.ID, "field-recipients").send_keys("carla@example.com")
        driver.execute_script("document.getElementById('field-sendDate').value = '2031-04-15';"
                              "document.getElementById('field-sendTime').value = '08:00';")
        reminder = driver.find_element(By.ID, "compose-yearly-reminder")
        assert not reminder.is_displayed(), "the reminder's choice waits for the repeat"
        tap(driver, driver.find_element(By.ID, "field-repeatsYearly"))
        assert reminder.is_displayed()
        Select(driver.find_element(By.ID, "field-remindDaysBefore")).select_by_value("7")
        screenshot(driver, "wishes-compose-yearly")
        tap(driver, driver.find_element(By.ID, "compose-next"))
        dates = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".preview-yearly-dates")))
        shown = [d.text for d in dates.find_elements(By.TAG_NAME, "li")]
        assert [text.split(" at ")[0] for text in shown] == [f"Apr 15, {year}" for year in range(2031, 2036)], shown
        assert "You are reminded 7 days before each." in driver.find_element(By.CSS_SELECTOR, ".preview-yearly").text
        screenshot(driver, "wishes-preview-yearly")
        tap(driver, driver.find_element(By.ID, "preview-submit"))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "send-options-confirm"))).click()
        wait(driver).until(EC.url_contains("done=scheduled"))
        assert "Yearly" in driver.find_element(By.CSS_SELECTOR, ".wish-cell").text

        driver.get(BASE_URL + "/wishes")
        tap(driver, driver.find_element(By.ID, "yearly-link"))
        item = wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".yearly-item")))
        text = item.text.replace("\u202f", " ")  # the locale's narrow space before AM
        assert "Every year on April 15 at 8:00 AM, UTC" in text and "Next: Apr 15, 2031" in text, text
        screenshot(driver, "wishes-yearly")
        tap(driver, item.find_element(By.CSS_SELECTOR, "[id^=yearly-toggle-]"))
        wait(driver).until(EC.url_contains("done=paused"))
        assert driver.find_element(By.CSS_SELECTOR, ".yearly-status").text.startswith("Paused after the one of Apr 15, 2031")
        status, counts = api("GET", "/api/v1/wishes/counts", token=account["token"])
        assert counts["scheduled"] == 1, "the wish already scheduled stays"
        tap(driver, driver.find_element(By.CSS_SELECTOR, "[id^=yearly-toggle-]"))
        wait(driver).until(EC.url_contains("done=resumed"))
        assert "Next: Apr 15, 2031" in driver.find_element(By.CSS_SELECTOR, ".yearly-status").text
        tap(driver, driver.find_element(By.CSS_SELECTOR, "[id^=yearly-end-]"))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog"))).find_element(By.ID, "confirm-action").click()
        wait(driver).until(EC.url_contains("done=ended"))
        assert "No yearly wishes yet" in driver.find_element(By.TAG_NAME, "main").text
        status, counts = api("GET", "/api/v1/wishes/counts", token=account["token"])
        assert counts["scheduled"] == 0, "ending takes the waiting wish back"
    finally:
        driver.quit()


def test_scheduled_scrolls_on_to_the_next_page_and_the_arrows_walk_the_list():
    account = new_account()
    for index in range(25):
        schedule(account, f"Wish {index:02d}", 60 * (index + 1), ["sam@example.com"])
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/scheduled")
        assert len(driver.find_elements(By.CSS_SELECTOR, ".wish-cell")) == 20
        link = driver.find_element(By.ID, "load-more")
        assert "cursor=" in link.get_attribute("href")
        driver.execute_script("arguments[0].scrollIntoView()", link)
        wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".wish-cell")) == 25)
        assert driver.find_elements(By.CSS_SELECTOR, ".list-end")
        subjects = [c.find_element(By.CSS_SELECTOR, ".wish-cell-subject").text for c in driver.find_elements(By.CSS_SELECTOR, ".wish-cell")]
        assert subjects == [f"Wish {i:02d}" for i in range(25)], "soonest first, none twice"

        driver.execute_script("window.scrollTo(0, 0)")
        driver.find_elements(By.CSS_SELECTOR, ".wish-cell-link")[0].click()
        wait(driver).until(EC.presence_of_element_located((By.ID, "wish-subject")))
        assert driver.find_element(By.ID, "previous-wish").get_attribute("aria-disabled") == "true"
        driver.find_element(By.ID, "next-wish").click()
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "wish-subject"), "Wish 01"))
        driver.find_element(By.ID, "previous-wish").click()
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "wish-subject"), "Wish 00"))
        assert driver.find_element(By.ID, "edit-wish")
        screenshot(driver, "wishes-message")
    finally:
        driver.quit()


def test_inbox_highlights_new_wishes_swipes_to_delete_and_trashes_a_selection():
    account = new_account()
    inbox_of(account, 5)
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/inbox")
        assert len(driver.find_elements(By.CSS_SELECTOR, ".wish-unread")) == 5
        screenshot(driver, "wishes-inbox")
        # Opening one reads it.
        driver.find_elements(By.CSS_SELECTOR, ".wish-cell-link")[0].click()
        wait(driver).until(EC.presence_of_element_located((By.ID, "wish-subject")))
        driver.get(BASE_URL + "/wishes/inbox")
        assert len(driver.find_elements(By.CSS_SELECTOR, ".wish-unread")) == 4

        # Swipe left past the middle: asked, then gone.
        content = driver.find_elements(By.CSS_SELECTOR, ".swipe-content")[1]
        ActionChains(driver).move_to_element_with_offset(content, 60, 0).click_and_hold() \
            .move_by_offset(-60, 0).move_by_offset(-120, 0).move_by_offset(-60, 0).release().perform()
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog"))).find_element(By.ID, "confirm-action").click()
        wait(driver).until(EC.url_contains("done=deleted"))
        assert len(driver.find_elements(By.CSS_SELECTOR, ".wish-cell")) == 4

        # Select mode: two chosen, Trash, asked, gone.
        driver.find_element(By.ID, "select-toggle").click()
        boxes = wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".wish-select-box"))
        assert not driver.find_element(By.ID, "trash-selected").is_enabled()
        boxes[0].click()
        boxes[2].click()
        assert "2" in driver.find_element(By.ID, "select-count").text
        screenshot(driver, "wishes-select")
        driver.find_element(By.ID, "trash-selected").click()
        wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-dialog"))).find_element(By.ID, "confirm-action").click()
        wait(driver).until(EC.url_contains("done=deleted-2"))
        assert len(driver.find_elements(By.CSS_SELECTOR, ".wish-cell")) == 2
        _, counts = api("GET", "/api/v1/wishes/counts", token=account["token"])
        assert counts["inbox"] == 2
    finally:
        driver.quit()


def test_search_finds_by_text_and_occasion_and_remembers_the_last_five_phrases():
    account = new_account()
    inbox_of(account, 6)
    driver = make_driver()
    try:
        log_in(driver, account)
        driver.get(BASE_URL + "/wishes/inbox")
        driver.find_element(By.ID, "open-search").click()
        # The last: every word in any order, over the subject ("Greeting 01") and the sender (Mia).
        for phrase in ["greeting 01", "zzz", "greeting", "mia", "nothing", "01 MIA"]:
            field = wait(driver).until(EC.presence_of_element_located((By.ID, "wish-search")))
            field.clear()
            field.send_keys(phrase)
            field.submit()
            # The next page's field, not this one's: every address after the first holds "q=".
            wait(driver).until(EC.staleness_of(field))
            wait(driver).until(EC.url_contains("q="))
        assert len(driver.find_elements(By.CSS_SELECTOR, ".wish-cell")) == 1
        # With results shown the suggestions step aside: the first result is in view, above the bar.
        assert not driver.find_elements(By.CSS_SELECTOR, ".wishes-history, .wishes-occasion-search")
        assert driver.execute_script(
            "const cell = document.querySelector('.wish-cell').getBoundingClientRect();"
            "return cell.bottom <= document.querySelector('.bottom-bar').getBoundingClientRect().top")
        # Searching again, the last five phrases are offered, newest first.
        driver.get(BASE_URL + "/wishes/inbox?search=1")
        chips = [chip.text for chip in driver.find_elements(By.CSS_SELECTOR, ".wishes-history .chip")]
        assert chips == ["01 MIA", "nothing", "mia", "greeting", "zzz"]
        Select(driver.find_element(By.ID, "wish-occasion")).select_by_value("holiday")
        driver.find_element(By.ID, "wish-search").clear()
        driver.find_element(By.ID, "wish-search").submit()
        wait(driver).until(EC.url_contains("occasion=holiday"))
        assert len(driver.find_elements(By.CSS_SELECTOR, ".wish-cell")) == 2
        tap(driver, driver.find_elements(By.CSS_SELECTOR, ".wish-cell-link")[0])
        wait(driver).until(EC.presence_of_element_located((By.ID, "wish-subject")))
        assert driver.find_element(By.ID, "next-wish").get_attribute("href"), "the arrows walk the results"
        tap(driver, driver.find_element(By.ID, "next-wish"))
        wait(driver).until(EC.presence_of_element_located((By.ID, "wish-subject")))
        assert driver.find_element(By.ID, "next-wish").get_attribute("aria-disabled") == "true"
    finally:
        driver.quit()


@pytest.mark.parametrize("language", ["en-US", "de-DE", "en-XA"])
def test_wishes_pages_fit_the_phone_and_have_no_axe_violations(language):
    account = new_account()
    inbox_of(account, 3)
    wish = schedule(account, "Für Sam", 90, ["sam@example.com", "kim@example.com"], occasion="congratulations")
    status, body = api("POST", "/api/v1/wishes/contacts", {"name": "Carla Núñez", "email": "carla@example.com",
                                                           "birthday": "--04-15", "timeZone": "Europe/Lisbon"}, token=account["token"])
    assert status == 201, body
    contact = body["id"]
    driver = make_driver(language, still=True)
    try:
        log_in(driver, account)
        for name, path in [("home", "/wishes"), ("scheduled", "/wishes/scheduled"), ("inbox", "/wishes/inbox"),
                           ("search", "/wishes/inbox?search=1"), ("select", "/wishes/inbox?select=1"),
                           ("message", f"/wishes/{wish}"), ("compose", "/wishes/new"), ("edit", f"/wishes/{wish}/edit"),
                           ("contacts", "/wishes/contacts"), ("contact", f"/wishes/contacts/{contact}"),
                           ("new-contact", "/wishes/contacts/new"), ("import", "/wishes/contacts/import"),
                           ("yearly", "/wishes/yearly")]:
            driver.get(BASE_URL + path)
            wait(driver).until(EC.presence_of_element_located((By.ID, "main")))
            assert_no_horizontal_overflow(driver, path)
            assert violations(driver) == [], path
            screenshot(driver, f"wishes-{name}-{language}")
    finally:
        driver.quit()
