// Keeping the workout on the phone (`#player-keep`): its pages, songs and body maps go to the
// service worker's cache (see /sw.js), so it plays whole without a network. Shown with its
// size; kept at once on Wi-Fi, on a tap elsewhere; a phone without room says how much it needs.
// The browser is asked to keep the site's storage for good (`navigator.storage.persist`).
import { fill, pageLocale } from '../shared/strings.js';

const card = document.getElementById('player-keep');
const workout = JSON.parse(document.getElementById('player-data').textContent);
const labels = card?.dataset ?? {};
const button = card?.querySelector('.player-keep-button');
const state = card?.querySelector('.player-keep-state');
const size = new Intl.NumberFormat(pageLocale(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
  .format(Math.max(0.1, workout.offline.bytes / 1e6));

const isKept = async () => (await caches.keys()).some((name) => name.startsWith('kinetic-workout-') && name.endsWith(`-${workout.id}`));

function show(kept) {
  state.textContent = kept ? labels.labelKept : '';
  button.textContent = kept ? labels.labelRemove : fill(labels.labelKeep, size);
  button.disabled = false;
  card.hidden = false;
  card.dataset.kept = kept ? 'true' : 'false';
}

async function keep(worker) {
  button.disabled = true;
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (estimate && estimate.quota - estimate.usage < workout.offline.bytes * 1.1) {
    state.textContent = fill(labels.labelNoRoom, size);
    button.disabled = false;
    return;
  }
  navigator.storage?.persist?.().catch(() => {});
  state.textContent = fill(labels.labelKeeping, '');
  worker.postMessage({ kind: 'keep-workout', id: workout.id, name: workout.name, pages: workout.offline.pages, files: workout.offline.files });
}

async function setUp() {
  if (!card || !('serviceWorker' in navigator) || !('caches' in window)) return;
  const registration = await navigator.serviceWorker.ready;
  const worker = () => navigator.serviceWorker.controller ?? registration.active;
  navigator.serviceWorker.addEventListener('message', (event) => {
    const message = event.data ?? {};
    if (message.id !== workout.id) return;
    if (message.kind === 'workout-kept-part') {
      state.textContent = fill(labels.labelKeeping, new Intl.NumberFormat(pageLocale(), { style: 'percent' }).format(message.done / message.total));
    } else if (message.kind === 'workout-kept') {
      if (message.ok) show(true); else { show(false); state.textContent = labels.labelFailed; }
    }
  });
  button.addEventListener('click', async () => {
    if (card.dataset.kept === 'true') {
      worker().postMessage({ kind: 'forget-workout', id: workout.id });
      show(false);
    } else {
      keep(worker());
    }
  });
  const kept = await isKept();
  show(kept);
  // On Wi-Fi the workout about to be played is kept without asking.
  if (!kept && navigator.onLine && navigator.connection?.type === 'wifi') keep(worker());
}

setUp();
