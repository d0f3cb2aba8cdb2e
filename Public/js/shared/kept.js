// Settings' "On This Phone" card (`data-kept-on-phone`): what the service worker keeps for use
// without a network — the workouts kept, the reports read, the pages seen — with the room it
// takes, and the button that removes it all.
import { fill, pageLocale } from './strings.js';

async function summary() {
  const workouts = [];
  let reports = 0;
  let pages = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (name.startsWith('kinetic-workout-') && !name.endsWith('-building')) {
      const kept = await cache.match('/__kinetic/kept-at');
      workouts.push(kept ? (await kept.json()).name : '');
    } else if (name.startsWith('kinetic-files-')) {
      reports += (await cache.keys()).filter((key) => /\/pdf$/.test(new URL(key.url).pathname)).length;
    } else if (name.startsWith('kinetic-pages-')) {
      pages += (await cache.keys()).length;
    }
  }
  return { workouts, reports, pages };
}

async function setUp(card) {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  const { labelWorkouts, labelReports, labelPages, labelUsed, labelNothing } = card.dataset;
  const list = card.querySelector('.kept-list');
  const used = card.querySelector('.kept-used');
  const button = card.querySelector('.kept-remove');
  const number = new Intl.NumberFormat(pageLocale());
  const megabytes = new Intl.NumberFormat(pageLocale(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const show = async () => {
    const { workouts, reports, pages } = await summary();
    const lines = [];
    if (workouts.length) lines.push(fill(labelWorkouts, number.format(workouts.length), workouts.filter(Boolean).join(', ')));
    if (reports) lines.push(fill(labelReports, number.format(reports)));
    if (pages) lines.push(fill(labelPages, number.format(pages)));
    list.replaceChildren(...(lines.length ? lines : [labelNothing]).map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }));
    const estimate = await navigator.storage?.estimate?.().catch(() => null);
    used.textContent = estimate ? fill(labelUsed, megabytes.format(estimate.usage / 1e6)) : '';
    button.hidden = lines.length === 0;
    card.hidden = false;
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    const registration = await navigator.serviceWorker.ready;
    await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      (navigator.serviceWorker.controller ?? registration.active).postMessage({ kind: 'forget-kept' }, [channel.port2]);
    });
    button.disabled = false;
    await show();
    list.focus();
  });
  await show();
}

document.querySelectorAll('[data-kept-on-phone]').forEach((card) => { setUp(card); });
