// Kinetic as an app on the phone: registers the service worker (served at /sw.js; what it keeps
// is said there), hands it the files this page loaded before it was in control, and marks a page
// the worker answered from its kept copy without a network: "Offline · as of 9:41", its forms
// shut (their token and values are as old as the copy) but those the outbox keeps, and the page
// loaded again once the server answers (after the service worker sent what was done offline; a
// page marked `data-offline-stays`, a workout playing, is left as it is): when the phone says it
// is online, when the page is looked at again, and every few seconds to a minute in between (a
// network can be up while the server is not).
import { confirmDestructive, showAlert } from './dialogs.js';
import { fill, pageLocale } from './strings.js';

const WORKER = '/sw.js';
const HEALTH = '/healthz';

export function setUpOffline() {
  markKeptCopy();
  forgetPushOnSignOut();
  if (!('serviceWorker' in navigator)) return;
  // The very first page (signing in) loads before the worker answers for it: kept once it does.
  const uncontrolled = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register(WORKER, { scope: '/' }).catch(() => {});
  navigator.serviceWorker.ready.then((registration) => {
    if (uncontrolled && document.documentElement.dataset.offlineLabel) {
      registration.active?.postMessage({ kind: 'keep-page', url: window.location.href });
    }
    const keep = () => {
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => new URL(url).pathname.startsWith('/assets/'));
      registration.active?.postMessage({ kind: 'keep-assets', urls });
    };
    if (document.readyState === 'complete') keep(); else window.addEventListener('load', keep, { once: true });
  });
}

/** Signing out: without a connection it cannot be done (the server ends the session), and the
 *  page says so; with changes made offline still unsent (they go with the phone's storage), it
 *  asks first. Then this phone's notifications stop at once: the server forgets the device and
 *  the browser its subscription (`Clear-Site-Data` does the second only where the browser
 *  honours it). A second and a half at most: signing out never waits on it. */
function forgetPushOnSignOut() {
  const form = document.querySelector('form[data-push-forget]');
  if (!form || !('serviceWorker' in navigator)) return;
  let leaving = false;
  form.addEventListener('submit', async (event) => {
    if (leaving) return;
    event.preventDefault();
    const reachable = await fetch(HEALTH, { cache: 'no-store' }).then((answer) => answer.ok, () => false);
    if (!reachable) {
      await showAlert(form.dataset.offlineMessage);
      return;
    }
    const unsent = await ask('count-queued');
    if (unsent > 0) {
      const question = fill(unsent === 1 ? form.dataset.unsentOne : form.dataset.unsentMany, String(unsent));
      if (!await confirmDestructive(question, form.dataset.unsentAction)) return;
    }
    leaving = true;
    const forget = (async () => {
      const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager?.getSubscription();
      if (!subscription) return;
      await fetch(form.dataset.pushForget, {
        method: 'POST', credentials: 'same-origin', body: JSON.stringify({ endpoint: subscription.endpoint }),
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': form.elements._csrf?.value ?? '', Accept: 'application/json' },
      }).catch(() => {});
      await subscription.unsubscribe();
    })().catch(() => {});
    Promise.race([forget, new Promise((resolve) => { setTimeout(resolve, 1500); })]).then(() => form.submit());
  });
}

function markKeptCopy() {
  const root = document.documentElement;
  const fetchedAt = new Date(root.dataset.offlineAsOf || NaN);
  if (Number.isNaN(fetchedAt.getTime())) return;
  const today = fetchedAt.toDateString() === new Date().toDateString();
  const when = new Intl.DateTimeFormat(pageLocale(), today ? { hour: 'numeric', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' })
    .format(fetchedAt);
  const banner = document.createElement('p');
  banner.className = 'offline-banner';
  banner.setAttribute('role', 'status');
  banner.textContent = fill(root.dataset.offlineLabel || '%@', when);
  const bar = document.querySelector('.top-bar');
  if (bar) bar.after(banner); else document.body.prepend(banner);
  // Signing out still works offline: its form only ends this browser's session. A form that
  // may be filled in offline (`data-offline-queue`) stays open: the worker keeps what it sends.
  document.querySelectorAll('form:not([data-offline-queue]):not([data-push-forget]):not([method="dialog"])').forEach((form) => { form.inert = true; });
  reloadWhenReachable();
}

/** Asks the service worker `kind` (with `extra` members) on a channel of its own; resolves with
 *  its answer, or null without one (no worker, or none after `timeout` ms). */
export function askWorker(kind, extra = {}, timeout = 10000) {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ kind, ...extra }, [channel.port2]);
    setTimeout(() => resolve(null), timeout);
  });
}

/** How much the worker's answer to `kind` says still waits (0 without an answer). */
const ask = async (kind) => (await askWorker(kind))?.waiting ?? 0;

/** Asks the service worker to send what waits in its outbox; resolves with how much still
 *  waits once it has tried. */
const sendQueued = () => ask('send-queued');

/** Loads the page again as soon as the server answers (`online` alone also fires for a network
 *  that does not reach it yet, and a reload then would only show the copy again). */
function reloadWhenReachable() {
  let wait = 5000;
  let timer = null;
  const look = async () => {
    clearTimeout(timer);
    try {
      const answer = await fetch(HEALTH, { cache: 'no-store' });
      // What was done offline goes first, so the page loaded again shows it; while some of it
      // still waits (the worker's own network may come back a moment later), look again soon.
      if (answer.ok && await sendQueued() === 0) {
        // A page that is in use (a workout playing) stays; it is only no longer marked.
        if (document.querySelector('[data-offline-stays]')) {
          document.querySelector('.offline-banner')?.remove();
          return;
        }
        window.location.reload();
        return;
      }
    } catch (error) {
      // Not yet.
    }
    timer = setTimeout(look, wait);
    wait = Math.min(wait * 2, 60000);
  };
  window.addEventListener('online', () => { wait = 5000; look(); });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') look(); });
  timer = setTimeout(look, wait);
}
