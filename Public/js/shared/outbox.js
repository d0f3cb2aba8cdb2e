// Forms filled in offline (see the service worker's outbox). A form marked `data-offline-queue`
// (a template from the String Catalog) names itself as it is sent, in its `_outbox` field, from
// the fields `data-offline-summary` lists ("numberOfJumps parkName date"; "name|email" takes the
// first filled in): what the worker keeps is then listed by that name. A page's `data-outbox`
// panel lists the module's forms waiting in the outbox: waiting to send, or refused with the
// server's reason, to fix (the refused form as the server answered it) or discard.
import { confirmDestructive } from './dialogs.js';
import { askWorker } from './offline.js';
import { fill, formatNumber, pageLocale } from './strings.js';

const WAITING_LOOK_MS = 10000;
const JUST_SENT = 'kinetic-outbox-just-sent';

function setUpNaming() {
  for (const form of document.querySelectorAll('form[data-offline-queue]')) {
    form.addEventListener('submit', (event) => {
      // Offline, what the server would refuse at once (a field left empty) is said now, not later.
      const offline = Boolean(document.documentElement.dataset.offlineAsOf) || !navigator.onLine;
      if (offline && !form.checkValidity()) {
        event.preventDefault();
        form.reportValidity();
        return;
      }
      // The page it leads to says where it went when it was kept (``setUpPanel``).
      sessionStorage.setItem(JUST_SENT, '1');
      let field = form.querySelector('input[name="_outbox"]');
      if (!field) {
        field = Object.assign(document.createElement('input'), { type: 'hidden', name: '_outbox' });
        form.append(field);
      }
      const values = (form.dataset.offlineSummary || '').split(/\s+/).filter(Boolean)
        .map((spec) => spec.split('|').map((name) => shown(form, name)).find(Boolean) || '');
      field.value = fill(form.dataset.offlineQueue, ...values);
    });
  }
}

/** A field's value as the person reads it: a choice's words, a date and a number the page's way. */
function shown(form, name) {
  const field = form.elements.namedItem(name);
  if (!field) return '';
  if (field instanceof HTMLSelectElement) return field.value ? field.selectedOptions[0]?.textContent.trim() ?? '' : '';
  const value = String(field.value ?? '').trim();
  if (!value) return '';
  if (field.type === 'date') {
    const [year, month, day] = value.split('-').map(Number);
    return new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'medium' }).format(new Date(year, month - 1, day));
  }
  if (field.type === 'number' && Number.isFinite(Number(value))) return formatNumber(Number(value));
  return value.length > 60 ? `${value.slice(0, 59)}…` : value;
}

/** What the server said is wrong, read from the page it answered: each field's message after
 *  its label ("Jumps: This field is required."), else the page's error. */
function reasons(refusal) {
  const page = new DOMParser().parseFromString(refusal, 'text/html');
  const fields = [...page.querySelectorAll('main .field-error')].map((node) => {
    const message = node.textContent.trim();
    const label = node.closest('.field, fieldset')?.querySelector('.field-label, legend')?.textContent.trim();
    return label && message && !message.startsWith(label) ? `${label}: ${message}` : message;
  }).filter(Boolean);
  if (fields.length > 0) return fields.join(' ');
  const banner = page.querySelector('main .banner-error, main .error-message, main p');
  return banner?.textContent.trim() ?? '';
}

function setUpPanel(panel) {
  const list = panel.querySelector('.outbox-items');
  const module = `/${panel.dataset.outbox}`;
  let timer = null;
  const show = async () => {
    clearTimeout(timer);
    const answer = await askWorker('queued-forms', {}, 5000);
    // Not the one being fixed on this page (`/outbox/<key>`).
    const fixing = /^\/outbox\/(\d+)$/.exec(window.location.pathname)?.[1];
    const items = (answer?.items ?? []).filter((item) => String(item.key) !== fixing
      && (item.returnTo === module || item.returnTo.startsWith(`${module}/`)));
    list.replaceChildren(...items.map((item) => row(item, show)));
    panel.hidden = items.length === 0;
    // A form just kept offline: the list it joined is where the person (and a screen reader) is.
    if (sessionStorage.getItem(JUST_SENT)) {
      sessionStorage.removeItem(JUST_SENT);
      if (items.length > 0 && document.documentElement.dataset.offlineAsOf) panel.querySelector('.outbox-title')?.focus();
    }
    if (items.some((item) => !item.refusal)) timer = setTimeout(show, WAITING_LOOK_MS);
  };
  const row = (item, refresh) => {
    const entry = document.createElement('li');
    entry.className = item.refusal ? 'outbox-item outbox-refused' : 'outbox-item';
    const label = Object.assign(document.createElement('p'), { className: 'outbox-label', textContent: item.label || panel.dataset.unnamed });
    const state = Object.assign(document.createElement('p'), {
      className: 'outbox-state',
      textContent: item.refusal ? fill(panel.dataset.refused, reasons(item.refusal)) : panel.dataset.waiting,
    });
    const actions = Object.assign(document.createElement('div'), { className: 'outbox-actions' });
    if (item.refusal) {
      actions.append(Object.assign(document.createElement('a'), {
        className: 'button button-primary button-small', href: `/outbox/${item.key}`, textContent: panel.dataset.fix,
      }));
    }
    const discard = Object.assign(document.createElement('button'), {
      type: 'button', className: 'button button-secondary button-small', textContent: panel.dataset.discard,
    });
    discard.setAttribute('aria-label', `${panel.dataset.discard}: ${label.textContent}`);
    discard.addEventListener('click', async () => {
      if (!await confirmDestructive(fill(panel.dataset.discardQuestion, label.textContent), panel.dataset.discard)) return;
      await askWorker('discard-queued', { key: item.key }, 5000);
      await refresh();
      panel.querySelector('.outbox-title')?.focus();
    });
    actions.append(discard);
    entry.append(label, state, actions);
    return entry;
  };
  window.addEventListener('online', show);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') show(); });
  navigator.serviceWorker?.ready.then(show);
}

/** The refused form opened to be fixed (`/outbox/<key>`): its first field in error, in view
 *  and focused (a closed section around it opened). */
function showWhatToFix() {
  if (!/^\/outbox\/\d+$/.test(window.location.pathname)) return;
  const field = document.querySelector('main [aria-invalid="true"]') ?? document.querySelector('main form[data-offline-queue] .field-input');
  if (!field) return;
  const section = field.closest('details');
  if (section) section.open = true;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

setUpNaming();
document.querySelectorAll('[data-outbox]').forEach(setUpPanel);
showWhatToFix();
