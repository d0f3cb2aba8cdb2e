// Composing a wish: choosing an occasion fills its default subject (unless the sender wrote
// their own) and shows its stock texts and cards; a chosen text goes into the message box, to
// edit (asking first when it would replace the sender's own words, with Undo after), greeting
// the recipient by first name while the wish goes to one contact with a name; a custom
// photo is chosen as the photo; contacts ticked go into To; the quick choices set the date,
// time and zone; the page says when the device is in another zone than the wish; Next is
// enabled once everything required is filled; Cancel asks first when something changed.
import { confirmDestructive } from '../shared/dialogs.js';
import { fill, pageLocale } from '../shared/strings.js';

const form = document.getElementById('compose-form');

/** The addresses in To as typed, in order. */
const typedRecipients = () => form.elements.recipients.value.split(/[\s,;]+/).filter(Boolean);

/** The contacts' data (`data-email`, `data-first-name`, `data-birthday`, …) of the addresses
 *  in To that are contacts, in To's order, each once. */
function recipientContacts() {
  const contacts = new Map([...form.querySelectorAll('.compose-contact')].map((label) => [label.dataset.email, label.dataset]));
  const listed = [...new Set(typedRecipients().map((address) => address.toLowerCase()))];
  return { count: listed.length, contacts: listed.map((address) => contacts.get(address)).filter(Boolean) };
}

function setUp() {
  const subjects = new Map(form.dataset.subjects.split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2)));
  const subject = form.elements.subject;
  const message = form.elements.message;
  const file = document.getElementById('field-photoFile');
  const nextButtons = document.querySelectorAll('.compose-next');
  const initial = new FormData(form);
  let changed = false;

  const occasion = () => form.querySelector('input[name=occasion]:checked')?.value;
  const showOccasion = (value) => {
    for (const item of form.querySelectorAll('.stock-text, .photo-choice[data-occasion]')) item.hidden = item.dataset.occasion !== value;
    const photo = form.querySelector('input[name=photo]:checked');
    if (photo?.closest('.photo-choice')?.hidden) form.querySelector('input[name=photo][value=""]').checked = true;
  };
  let previous = occasion();
  for (const radio of form.querySelectorAll('input[name=occasion]')) {
    radio.addEventListener('change', () => {
      const value = occasion();
      if (!subject.value.trim() || subject.value === subjects.get(previous)) subject.value = subjects.get(value) ?? subject.value;
      previous = value;
      showOccasion(value);
      update();
    });
  }
  setUpStockTexts(message, () => update());
  const yearly = document.getElementById('field-repeatsYearly');
  if (yearly) {
    const reminder = document.getElementById('compose-yearly-reminder');
    const show = () => { reminder.hidden = !yearly.checked; };
    yearly.addEventListener('change', show);
    show();
  }
  setUpContacts();
  setUpWhen();
  // A picked photo is shown at once, chosen, among the others; choosing another lets it go.
  const choices = form.querySelector('.photo-choices');
  const hint = file.closest('.photo-upload').querySelector('.field-hint');
  const hintText = hint.textContent;
  const letPickedGo = () => {
    const picked = choices.querySelector('.photo-choice-picked');
    if (picked) URL.revokeObjectURL(picked.querySelector('img').src);
    picked?.remove();
    file.closest('.photo-upload').classList.remove('photo-upload-chosen');
    hint.textContent = hintText;
  };
  file.addEventListener('change', () => {
    letPickedGo();
    if (!file.files.length) return;
    const tile = document.createElement('label');
    tile.className = 'photo-choice photo-choice-picked';
    const radio = Object.assign(document.createElement('input'), { type: 'radio', name: 'photo', value: '', checked: true });
    const frame = document.createElement('span');
    frame.className = 'photo-choice-frame';
    frame.append(Object.assign(document.createElement('img'), { src: URL.createObjectURL(file.files[0]), alt: '' }));
    const name = document.createElement('span');
    name.className = 'visually-hidden';
    name.textContent = file.files[0].name;
    tile.append(radio, frame, name);
    choices.firstElementChild.after(tile);
    file.closest('.photo-upload').classList.add('photo-upload-chosen');
    hint.textContent = file.files[0].name;
  });
  choices.addEventListener('change', (event) => {
    if (event.target.name !== 'photo' || event.target.closest('.photo-choice-picked')) return;
    file.value = '';
    letPickedGo();
  });
  const filled = () => Boolean(occasion()) && subject.value.trim() && message.value.trim() && form.elements.recipients.value.trim()
    && form.elements.sendDate.value && form.elements.sendTime.value;
  const update = () => {
    const ready = Boolean(filled());
    for (const button of nextButtons) {
      button.disabled = !ready;
      button.setAttribute('aria-disabled', String(!ready));
    }
  };
  form.addEventListener('input', () => { changed = true; update(); });
  form.addEventListener('change', () => { changed = true; update(); });
  form.addEventListener('submit', () => { changed = false; });
  for (const link of document.querySelectorAll('#compose-cancel, .top-bar a.icon-button')) {
    link.addEventListener('click', async (event) => {
      const now = new FormData(form);
      const same = [...now.keys()].every((key) => key === 'photoFile' || String(now.get(key)) === String(initial.get(key))) && !file.files.length;
      if (!changed || same) return;
      event.preventDefault();
      if (await confirmDestructive(form.dataset.cancelQuestion, form.dataset.cancelAction)) window.location.assign(link.href);
    });
  }
  showOccasion(occasion());
  update();
}

/** A stock text goes into the box; over words of the sender's own it asks first, and offers Undo. */
function setUpStockTexts(message, changed) {
  const stockTexts = () => [...form.querySelectorAll('.stock-text')].map((label) => label.textContent.trim());
  let chosen = form.querySelector('input[name=stockText]:checked');
  let undo = null;
  followRecipient(message, () => chosen);
  for (const radio of form.querySelectorAll('input[name=stockText]')) {
    radio.addEventListener('change', async () => {
      const text = radio.closest('.stock-text').textContent.trim();
      const own = message.value.trim();
      if (own && !stockTexts().includes(own)) {
        if (!(await confirmDestructive(form.dataset.replaceQuestion, form.dataset.replaceAction))) {
          radio.checked = false;
          if (chosen) chosen.checked = true;
          return;
        }
        showUndo(own);
      }
      chosen = radio;
      message.value = text;
      message.focus();
      changed();
    });
  }
  function showUndo(words) {
    undo?.remove();
    undo = document.createElement('p');
    undo.className = 'compose-undo';
    undo.setAttribute('role', 'status');
    const note = document.createElement('span');
    note.textContent = form.dataset.replaced;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button button-secondary button-small';
    button.id = 'compose-undo';
    button.textContent = form.dataset.undo;
    button.addEventListener('click', () => {
      message.value = words;
      if (chosen) chosen.checked = false;
      chosen = null;
      undo.remove();
      undo = null;
      message.focus();
      changed();
    });
    undo.append(note, button);
    message.insertAdjacentElement('afterend', undo);
  }
}

/** The stock texts greet the recipient by first name while To holds one address of a contact
 *  with a name, and go back to their words without one otherwise; the chosen text in the box,
 *  untouched since, follows. */
function followRecipient(message, chosen) {
  const firstName = () => {
    const { count, contacts } = recipientContacts();
    return count === 1 ? contacts[0]?.firstName || null : null;
  };
  form.elements.recipients.addEventListener('input', () => {
    const name = firstName();
    const before = chosen()?.closest('.stock-text').textContent.trim();
    for (const label of form.querySelectorAll('.stock-text')) {
      label.querySelector('span').textContent = name ? fill(label.dataset.named, name) : label.dataset.plain;
    }
    const after = chosen()?.closest('.stock-text').textContent.trim();
    if (before && message.value.trim() === before && after !== before) message.value = after;
  });
}

/** "Choose from contacts": a ticked contact is in To, an unticked one is not; the filter narrows the list. */
function setUpContacts() {
  const to = form.elements.recipients;
  const picker = document.getElementById('compose-contacts');
  if (!picker) return;
  const boxes = [...picker.querySelectorAll('input[name="contacts[]"]')];
  const sync = () => {
    const listed = new Set(typedRecipients().map((address) => address.toLowerCase()));
    for (const box of boxes) box.checked = listed.has(box.value);
  };
  for (const box of boxes) {
    box.addEventListener('change', () => {
      const others = typedRecipients().filter((address) => address.toLowerCase() !== box.value);
      to.value = (box.checked ? [...others, box.value] : others).join(', ');
      to.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
  to.addEventListener('input', sync);
  const filter = document.getElementById('compose-contacts-filter');
  filter.hidden = boxes.length < 8;
  const folded = (text) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  filter.addEventListener('input', () => {
    const words = folded(filter.value).split(/\s+/).filter(Boolean);
    for (const item of picker.querySelectorAll('.compose-contact')) {
      const text = folded(item.textContent);
      item.closest('li').hidden = !words.every((word) => text.includes(word));
    }
  });
  sync();
}

/**
 * "Every year" after "On their birthday" follows that contact's birthday: the toggle says whose,
 * and one born on 29 February chooses where it goes in other years. `contact` null: this day.
 */
function anchor(contact) {
  const field = document.getElementById('field-birthdayOf');
  if (!field) return;
  const leap = document.getElementById('field-leapDay');
  if (!leap.dataset.watched) {
    // Born on 29 February: in a year without it, the day shown follows the choice.
    leap.dataset.watched = 'true';
    leap.addEventListener('change', () => {
      const date = form.elements.sendDate;
      const year = date.value.slice(0, 4);
      if (!field.value) return;
      const before = date.value;
      if (leap.value === 'march1' && date.value === `${year}-02-28`) date.value = `${year}-03-01`;
      if (leap.value === 'february28' && date.value === `${year}-03-01`) date.value = `${year}-02-28`;
      // The quick choice's line named the day before.
      if (date.value !== before) document.getElementById('compose-quick-status').textContent = '';
    });
  }
  const label = document.getElementById('compose-yearly-label');
  field.value = contact ? contact.email : '';
  label.textContent = contact ? fill(label.dataset.birthday, contact.name) : label.dataset.plain;
  document.getElementById('compose-yearly-leap').hidden = !(contact && contact.leap);
  if (contact && contact.leap) leap.dispatchEvent(new Event('change'));
}

/** The quick choices, the zone the wish goes by, and a word when the device is elsewhere. */
function setUpWhen() {
  const zoneField = form.elements.timeZone;
  const zoneLine = document.getElementById('compose-zone');
  const status = document.getElementById('compose-quick-status');
  const city = (zone) => (zone.includes('/') && !zone.startsWith('Etc/') ? fill(form.dataset.zoneCity, zone.split('/').pop().replaceAll('_', ' ')) : zone);
  const zoneNames = new Map();
  const nameOf = (zone) => zoneNames.get(zone) ?? city(zone);
  zoneNames.set(zoneField.value, document.getElementById('compose-device-zone').dataset.zoneName);
  const setZone = (zone, name) => {
    if (name) zoneNames.set(zone, name);
    zoneField.value = zone;
    zoneLine.textContent = fill(zoneLine.dataset.template, nameOf(zone));
    warnAboutDevice();
  };
  const set = (date, zone, name) => {
    form.elements.sendDate.value = date;
    form.elements.sendTime.value = '08:00';
    setZone(zone, name);
    const shown = new Intl.DateTimeFormat(pageLocale(), { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
      .format(new Date(`${date}T12:00:00Z`));
    status.textContent = fill(form.dataset.quickSet, shown, form.dataset.timeLabel, nameOf(zone));
    form.dispatchEvent(new Event('change'));
  };
  // The first recipient who is a contact with what a choice needs.
  const recipientContact = (needs) => recipientContacts().contacts.find((data) => data[needs]);
  const quick = document.getElementById('compose-quick');
  quick.hidden = false;
  const tomorrow = document.getElementById('quick-tomorrow');
  tomorrow.addEventListener('click', () => set(tomorrow.dataset.date, tomorrow.dataset.zone, tomorrow.dataset.zoneName));
  for (const [id, needs] of [['quick-birthday', 'birthday'], ['quick-their-time', 'zone']]) {
    const button = document.getElementById(id);
    button.addEventListener('click', () => {
      const contact = recipientContact(needs);
      if (!contact) { status.textContent = button.dataset.missing; return; }
      if (needs === 'birthday') {
        set(contact.birthday, contact.birthdayZone, contact.zoneName);
        anchor(contact);
        offerClocks(contact);
      } else {
        set(contact.morning, contact.zone, contact.zoneName);
        anchor(null);
      }
    });
  }
  tomorrow.addEventListener('click', () => anchor(null));
  // A birthday wish for someone with a zone of their own goes on their clock or the sender's.
  const clocks = document.getElementById('compose-yearly-zone');
  const clock = document.getElementById('field-yearlyZone');
  function offerClocks(contact) {
    if (!clocks) return;
    const theirs = contact.zone && contact.zone !== tomorrow.dataset.zone;
    clocks.hidden = !theirs;
    if (!theirs) return;
    clock.replaceChildren(
      new Option(fill(clocks.dataset.theirs, contact.zoneName), contact.zone, true, true),
      new Option(fill(clocks.dataset.yours, tomorrow.dataset.zoneName), tomorrow.dataset.zone));
  }
  clock?.addEventListener('change', () => {
    const option = clock.selectedOptions[0];
    setZone(option.value, option.value === tomorrow.dataset.zone ? tomorrow.dataset.zoneName : undefined);
  });
  // A day or time changed by hand is no longer the quick choice: its line goes, and a day
  // changed is no longer the birthday a yearly wish would follow.
  form.elements.sendDate.addEventListener('input', () => {
    status.textContent = '';
    anchor(null);
    if (clocks) clocks.hidden = true;
  });
  form.elements.sendTime.addEventListener('input', () => { status.textContent = ''; });

  const warning = document.getElementById('compose-device-zone');
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const useDevice = warning.querySelector('button');
  useDevice.addEventListener('click', () => { setZone(device); zoneLine.focus?.(); });
  function warnAboutDevice() {
    // Only while the wish goes by the sender's own zone: one chosen for it (their time) is meant.
    const own = zoneField.value === tomorrow.dataset.zone;
    const elsewhere = own && Boolean(device) && device !== zoneField.value && city(device) !== nameOf(zoneField.value);
    warning.hidden = !elsewhere;
    if (!elsewhere) return;
    warning.querySelector('p').textContent = fill(warning.dataset.template, city(device), nameOf(zoneField.value));
    useDevice.textContent = fill(warning.dataset.use, city(device));
  }
  warnAboutDevice();
}

if (form) setUp();
