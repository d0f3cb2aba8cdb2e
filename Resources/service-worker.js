// Kinetic's service worker, served at /sw.js so that it controls the whole site. The server
// fills in the three constants below: this release's version, the app shell every signed-in
// page needs, and the offline page. It keeps what a person has seen so that it still reads
// without a network:
// - fingerprinted files (`/assets/…`, never changed under their name): the shell's when the
//   worker installs, every other one when a page first uses it; answered from the cache after
//   that. A new release keeps the files its kept pages still name and drops the rest.
// - each signed-in page, network first: its last good copy is kept per account (the
//   `X-Kinetic-Account` header names it; the 50 newest per account) and answered when the
//   network fails, marked with the time it was fetched (`data-offline-as-of` on <html>: the shell
//   shows "Offline · as of 9:41", keeps its forms shut and loads the page again once the server
//   answers). A page for another account, or a signed-out page, deletes every other account's
//   copies, and a page fetched before that switch is never kept, so no one sees the previous
//   account's pages on a shared phone; signing out clears the worker's storage too
//   (`Clear-Site-Data`). A page that says `no-store` (one showing a secret) is never kept, and
//   forgets an older copy of itself. A part of a page fetched by a page's script (a report in
//   its overlay) is kept and answered the same way.
// - the PDFs of the last reports opened in the reader, per account (the page asks: see the
//   `keep-report` message), with the report thumbnails seen and pdf.js itself, answered when the
//   network fails (a range of a kept PDF as pdf.js asks for it).
// - workouts kept on the phone (`keep-workout`, from the player): each in a cache of its own
//   with its pages, songs and body maps, the account's last three; their files are answered
//   from there first (a song's ranges as the audio element asks), so a workout plays whole
//   without a network, and a flaky one never stalls it.
// - a workout's progress and its end, sent while there is no network: kept in order in
//   IndexedDB (the outbox) and answered 202, then sent once the network is back (Background
//   Sync where there is one; else at the next page loaded, or when the shell asks before it
//   loads a kept page again), each with an `Idempotency-Key` of its own. The server takes each
//   once: by its key, and besides, progress is a place and an end carries its run's id.
// - a form filled in offline (a jump session, a contact, a wish: ``QUEUED_FORMS``): kept in the
//   same outbox with an `Idempotency-Key` of its own, the person sent to the page that lists it
//   as waiting, and sent in turn once the network is back (the server takes each key once). One
//   the server refuses stays, with the page the server answered (the form with its values and
//   what is wrong), until the person opens it at `/outbox/<key>` to fix it, or discards it.
const VERSION = '__KINETIC_VERSION__';
const SHELL = __KINETIC_SHELL__;
const OFFLINE_PAGE = '__KINETIC_OFFLINE_PAGE__';

const ASSETS_CACHE = 'kinetic-assets';
const OFFLINE_CACHE = `kinetic-offline-${VERSION}`;
const PAGES_PREFIX = 'kinetic-pages-';
const META_CACHE = 'kinetic-meta';
const ACCOUNT_KEY = '/__kinetic/account';
const PAGES_KEPT = 50;
const FILES_PREFIX = 'kinetic-files-';
const VENDOR_CACHE = 'kinetic-vendor';
const REPORTS_KEPT = 5;
const THUMBNAILS_KEPT = 200;
/** A larger PDF is read online only: five of these fit a phone's share of storage. */
const REPORT_LARGEST = 60 * 1024 * 1024;
const REPORT_PDF = /^\/reports\/[^/]+\/pdf$/;
const REPORT_THUMBNAIL = /^\/reports\/[^/]+\/thumbnail$/;
const WORKOUT_PREFIX = 'kinetic-workout-';
const WORKOUTS_KEPT = 3;
const WORKOUT_FILE = /^\/workouts\/(music\/[^/]+\/audio|body-map\/[^/]+)$/;
const QUEUED_POST = /^\/workouts\/[^/]+\/(progress|complete)$/;
/** The forms that may be filled in offline: the page that lists one waiting, and where it goes
 *  when that is not where it was posted. A wish's form goes to its preview online; offline it
 *  goes straight to Confirm, new or changed, with the send options the form carries. */
const QUEUED_FORMS = [
  { path: /^\/goals\/history$/, returnTo: '/goals/history' },
  { path: /^\/wishes\/contacts$/, returnTo: '/wishes/contacts' },
  { path: /^\/wishes(\/[^/]+\/edit)?$/, returnTo: '/wishes' },
  {
    path: /^\/wishes\/preview$/, returnTo: '/wishes',
    sendTo: (fields) => (fields.get('editing') ? `/wishes/${encodeURIComponent(fields.get('editing'))}/edit` : '/wishes'),
  },
];
const FIXING = /^\/outbox\/(\d+)$/;
const DOUBLE_TAP_MS = 30000;
/** The most of a refusal's page kept to show it again. */
const REFUSAL_LARGEST = 512 * 1024;
// The headers a kept copy is answered with: what describes it, and the page's security policy.
const KEPT_HEADERS = ['Content-Type', 'Content-Language', 'Content-Security-Policy', 'X-Content-Type-Options',
  'X-Frame-Options', 'Referrer-Policy', 'Permissions-Policy'];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    await (await caches.open(ASSETS_CACHE)).addAll(SHELL);
    await (await caches.open(OFFLINE_CACHE)).add(OFFLINE_PAGE);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('kinetic-offline-') && name !== OFFLINE_CACHE) await caches.delete(name);
      if (name.startsWith('kinetic-shell-')) await caches.delete(name);
    }
    await pruneAssets();
    // A page's request starts while the worker wakes up, instead of after it.
    await self.registration.navigationPreload?.enable();
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && QUEUED_POST.test(url.pathname)) {
    event.respondWith(sendOrQueue(request));
    return;
  }
  const form = request.method === 'POST' && request.mode === 'navigate' && QUEUED_FORMS.find((entry) => entry.path.test(url.pathname));
  if (form) {
    event.respondWith(sendFormOrQueue(request, form));
    return;
  }
  if (request.method !== 'GET') return;
  // Whether the server answers, as the worker (which sends the outbox) reaches it.
  if (url.pathname === '/healthz') {
    event.respondWith(fetch(request));
    return;
  }
  if (request.mode === 'navigate' && FIXING.test(url.pathname)) {
    event.respondWith(refusedForm(Number(FIXING.exec(url.pathname)[1])));
    return;
  }
  if (WORKOUT_FILE.test(url.pathname)) {
    event.respondWith(workoutFile(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') && !request.headers.has('Range')) {
    event.respondWith(fingerprinted(event));
  } else if (request.mode === 'navigate' || (request.destination === '' && (request.headers.get('Accept') || '').startsWith('text/html'))) {
    event.respondWith(page(event));
  } else if (REPORT_PDF.test(url.pathname)) {
    event.respondWith(reportPDF(request));
  } else if (REPORT_THUMBNAIL.test(url.pathname) || url.pathname.startsWith('/vendor/pdfjs/')) {
    event.respondWith(keptFile(event, url.pathname.startsWith('/vendor/') ? VENDOR_CACHE : null));
  }
});

/** A kept report's PDF when the network fails: whole, or the range asked for (206). */
async function reportPDF(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const { account } = await currentAccount();
    const kept = account && await (await caches.open(FILES_PREFIX + account)).match(request.url);
    if (!kept) throw error;
    return ranged(kept, request);
  }
}

/** `kept` as `request` asks for it: whole, or the range of its `Range` header (206; 416 past its end). */
async function ranged(kept, request) {
  const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.get('Range') || '');
  if (!range) return kept;
  const body = await kept.arrayBuffer();
  const start = Number(range[1]);
  const end = Math.min(range[2] ? Number(range[2]) : body.byteLength - 1, body.byteLength - 1);
  if (start > end) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${body.byteLength}` } });
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': kept.headers.get('Content-Type') || 'application/octet-stream',
      'Content-Range': `bytes ${start}-${end}/${body.byteLength}`, 'Accept-Ranges': 'bytes',
    },
  });
}

/** A song or body map of a kept workout from its copy, else from the network. */
async function workoutFile(request) {
  const { account } = await currentAccount();
  if (account) {
    for (const name of await caches.keys()) {
      if (!name.startsWith(`${WORKOUT_PREFIX}${account}-`) || name.endsWith('-building')) continue;
      const kept = await (await caches.open(name)).match(request.url);
      if (kept) return ranged(kept, request);
    }
  }
  return fetch(request);
}

/** A file from the network, keeping its copy (in `cacheName`, else the account's files, at most
 *  ``THUMBNAILS_KEPT`` of them); the copy when the network fails. */
async function keptFile(event, cacheName) {
  const { request } = event;
  const name = cacheName ?? await currentAccount().then(({ account }) => account && FILES_PREFIX + account);
  try {
    const response = await fetch(request);
    if (name && response.status === 200 && !request.headers.has('Range')) {
      const copy = response.clone();
      event.waitUntil(caches.open(name).then(async (cache) => {
        await cache.put(request.url, copy);
        if (!cacheName) await dropOldest(cache, (key) => REPORT_THUMBNAIL.test(new URL(key.url).pathname), THUMBNAILS_KEPT);
      }).catch(() => {}));
    }
    return response;
  } catch (error) {
    const kept = name && await (await caches.open(name)).match(request.url);
    if (kept) return kept;
    throw error;
  }
}

/** Deletes the oldest (first kept) entries of `cache` that `chosen` picks beyond the newest `count`. */
async function dropOldest(cache, chosen, count) {
  const keys = (await cache.keys()).filter(chosen);
  for (const key of keys.slice(0, Math.max(0, keys.length - count))) await cache.delete(key);
}

/** A fingerprinted file: from the cache once there, else fetched and kept (a full storage only
 *  means it is not kept). */
async function fingerprinted(event) {
  const kept = await caches.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(caches.open(ASSETS_CACHE).then((cache) => cache.put(event.request, copy)).catch(() => {}));
  }
  return response;
}

/** A page: from the network, keeping a signed-in page's copy once it has arrived; the kept copy
 *  when offline. */
async function page(event) {
  const { request } = event;
  const started = Date.now();
  let response;
  try {
    response = (await event.preloadResponse) || (await fetch(request));
  } catch (error) {
    return (await keptPage(request)) ?? offlinePage();
  }
  const type = response.headers.get('Content-Type') || '';
  if (response.status === 200 && type.startsWith('text/html')) {
    const copy = response.clone();
    event.waitUntil(inTurn(() => keep(request, copy, started)).then(sendQueued).catch(() => {}));
  }
  return response;
}

// Keeping is done one page at a time, in the order the pages arrive: which account is current
// is read and changed by one page only.
let turn = Promise.resolve();
function inTurn(work) {
  const next = turn.then(work, work);
  turn = next.catch(() => {});
  return next;
}

async function keep(request, response, started) {
  const account = response.headers.get('X-Kinetic-Account');
  const current = await currentAccount();
  if (account !== current.account) {
    // A page asked for before the last switch says nothing about who is signed in now.
    if (started < current.since) return;
    // Signed out (or the session ran out), the copies stay but none is answered; another
    // account signing in removes them (signing out itself clears everything: Clear-Site-Data).
    if (account) await forgetPagesExcept(account);
    // Another person signed in: the previous one's notifications stop coming to this phone
    // (the push service then answers 410, and the server forgets the device).
    if (account && current.account) await (await self.registration.pushManager?.getSubscription())?.unsubscribe();
    await rememberAccount(account);
  }
  if (!account) return;
  const cache = await caches.open(PAGES_PREFIX + account);
  if (/no-store/.test(response.headers.get('Cache-Control') || '')) {
    await cache.delete(request.url);
    return;
  }
  // The page as read: its body decoded (no Content-Encoding), and growing when it is marked.
  const body = await response.arrayBuffer();
  const headers = { 'X-Kinetic-Fetched-At': new Date().toISOString() };
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  await cache.put(request.url, new Response(body, { status: 200, headers }));
  const kept = await cache.keys();
  if (kept.length > PAGES_KEPT) {
    const ages = await Promise.all(kept.map(async (key) => [key, (await cache.match(key)).headers.get('X-Kinetic-Fetched-At')]));
    ages.sort((a, b) => a[1].localeCompare(b[1]));
    for (const [key] of ages.slice(0, kept.length - PAGES_KEPT)) await cache.delete(key);
  }
}

/** Fetches a page of this site the worker did not answer for (the first one, before it was in
 *  control) and keeps it as ``page`` would have. */
async function keepPageNow(address) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const request = new Request(url.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  const started = Date.now();
  const response = await fetch(request);
  if (response.status === 200 && (response.headers.get('Content-Type') || '').startsWith('text/html')) {
    await inTurn(() => keep(request, response, started));
  }
}

/** The kept copy of `request`'s page for the account last seen, marked as such. */
async function keptPage(request) {
  const { account } = await currentAccount();
  if (!account) return null;
  let kept = await (await caches.open(PAGES_PREFIX + account)).match(request.url);
  for (const name of kept ? [] : await caches.keys()) {
    if (name.startsWith(`${WORKOUT_PREFIX}${account}-`) && !name.endsWith('-building')) {
      kept = kept ?? await (await caches.open(name)).match(request.url);
    }
  }
  if (!kept) return null;
  const fetchedAt = kept.headers.get('X-Kinetic-Fetched-At') || '';
  const html = (await kept.text()).replace('<html ', `<html data-offline-as-of="${fetchedAt}" `);
  const headers = new Headers(kept.headers);
  headers.delete('X-Kinetic-Fetched-At');
  return new Response(html, { status: 200, headers });
}

async function offlinePage() {
  return (await caches.match(OFFLINE_PAGE)) ?? new Response('Offline', { status: 503, headers: { 'Content-Type': 'text/plain' } });
}

/** The account whose pages are kept, and since when (milliseconds). */
async function currentAccount() {
  const kept = await (await caches.open(META_CACHE)).match(ACCOUNT_KEY);
  return kept ? await kept.json() : { account: null, since: 0 };
}

async function rememberAccount(account) {
  const value = JSON.stringify({ account: account || null, since: Date.now() });
  await (await caches.open(META_CACHE)).put(ACCOUNT_KEY, new Response(value, { headers: { 'Content-Type': 'application/json' } }));
}

async function forgetPagesExcept(account) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES_PREFIX) && name !== PAGES_PREFIX + account) await caches.delete(name);
    if (name.startsWith(FILES_PREFIX) && name !== FILES_PREFIX + account) await caches.delete(name);
    if (name.startsWith(WORKOUT_PREFIX) && !name.startsWith(`${WORKOUT_PREFIX}${account}-`)) await caches.delete(name);
  }
  // What another account made offline stays, unseen, until that account signs in here again
  // (signing out clears it all: Clear-Site-Data).
}

/** Drops the fingerprinted files that neither the shell nor a kept page (nor a kept file) names:
 *  those of earlier releases. */
async function pruneAssets() {
  const named = new Set(SHELL.map((path) => new URL(path, self.location.origin).href));
  const addresses = /\/assets\/[^"'()\s<>]+/g;
  const read = async (response) => {
    for (const path of (await response.text()).match(addresses) || []) named.add(new URL(path, self.location.origin).href);
  };
  for (const name of await caches.keys()) {
    if (!name.startsWith(PAGES_PREFIX)) continue;
    const cache = await caches.open(name);
    for (const key of await cache.keys()) await read(await cache.match(key));
  }
  const assets = await caches.open(ASSETS_CACHE);
  const keys = await assets.keys();
  for (const key of keys) {
    if (named.has(key.url) && /\.(css|js)$/.test(new URL(key.url).pathname)) await read(await assets.match(key));
  }
  for (const key of keys) {
    if (!named.has(key.url)) await assets.delete(key);
  }
}

// The shell asks for the files a page loaded before this worker controlled it, to keep them
// (they come from the browser's HTTP cache, so nothing is downloaded again).
self.addEventListener('message', (event) => {
  if (event.data?.kind === 'keep-report') {
    event.waitUntil(inTurn(() => keepReport(event.data.url)).catch(() => {}));
    return;
  }
  if (event.data?.kind === 'keep-workout') {
    event.waitUntil(keepWorkout(event.data, event.source).catch(() => {
      event.source?.postMessage({ kind: 'workout-kept', id: event.data.id, ok: false });
    }));
    return;
  }
  if (event.data?.kind === 'forget-workout') {
    event.waitUntil(forgetWorkout(event.data.id));
    return;
  }
  if (event.data?.kind === 'forget-kept') {
    event.waitUntil(forgetKept().finally(() => event.ports[0]?.postMessage({ kind: 'forgot-kept' })));
    return;
  }
  if (event.data?.kind === 'send-queued') {
    event.waitUntil(sendQueued().catch(() => {}).then(async () => {
      event.ports[0]?.postMessage({ kind: 'sent-queued', waiting: (await waitingToSend()).length });
    }));
    return;
  }
  if (event.data?.kind === 'count-queued') {
    event.waitUntil((async () => {
      const { account } = await currentAccount();
      const waiting = (await queued()).filter((item) => item.account === account).length;
      event.ports[0]?.postMessage({ kind: 'counted-queued', waiting });
    })());
    return;
  }
  if (event.data?.kind === 'keep-page' && typeof event.data.url === 'string') {
    event.waitUntil(keepPageNow(event.data.url).catch(() => {}));
    return;
  }
  if (event.data?.kind === 'queued-forms') {
    event.waitUntil(queuedForms().then((items) => event.ports[0]?.postMessage({ kind: 'queued-forms', items })));
    return;
  }
  if (event.data?.kind === 'discard-queued') {
    event.waitUntil(discardForm(Number(event.data.key)).finally(() => event.ports[0]?.postMessage({ kind: 'discarded-queued' })));
    return;
  }
  if (event.data?.kind !== 'keep-assets' || !Array.isArray(event.data.urls)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(ASSETS_CACHE);
    for (const address of event.data.urls.slice(0, 100)) {
      let url;
      try {
        url = new URL(address);
      } catch (error) {
        continue;
      }
      if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/') || url.pathname.includes('..')) continue;
      if (await caches.match(url.href)) continue;
      try {
        const response = await fetch(url.href);
        if (response.status === 200) await cache.put(url.href, response);
      } catch (error) {
        // Offline now: the file is kept the next time a page uses it.
      }
    }
  })());
});

// Notifications (Web Push): the server sends JSON `{kind, title, body, url, tag, lang}`,
// encrypted for this browser. It is shown at once (a push that shows nothing costs the site
// its permission); a newer one with the same tag replaces the older. A tap opens its page, in
// the window already showing Kinetic when there is one.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    // Not JSON: shown with the app's name only.
  }
  const icon = SHELL.find((url) => url.includes('/icon-192'));
  const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
  event.waitUntil(self.registration.showNotification(String(message.title || 'Kinetic').slice(0, 120), {
    body: String(message.body || '').slice(0, 600),
    tag: typeof message.tag === 'string' ? message.tag : undefined,
    lang: typeof message.lang === 'string' ? message.lang : undefined,
    icon,
    badge: icon,
    data: { url, kind: message.kind },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      if (open.url !== target.href) await open.navigate(target.href).catch(() => self.clients.openWindow(target.href));
      return;
    }
    await self.clients.openWindow(target.href);
  })());
});

/** Keeps a report's PDF (`/reports/<id>/pdf?v=…`, just opened in the reader) for the current
 *  account: whole, unless it is larger than ``REPORT_LARGEST``; the account keeps its last
 *  ``REPORTS_KEPT``. Kept in turn with the pages, so an account switch cannot interleave. */
async function keepReport(address) {
  let url;
  try {
    url = new URL(address, self.location.origin);
  } catch (error) {
    return;
  }
  if (url.origin !== self.location.origin || !REPORT_PDF.test(url.pathname)) return;
  const { account } = await currentAccount();
  if (!account) return;
  const cache = await caches.open(FILES_PREFIX + account);
  const isPDF = (key) => REPORT_PDF.test(new URL(key.url).pathname);
  if (await cache.match(url.href)) {
    // Opened again: it becomes the newest.
    const copy = await cache.match(url.href);
    await cache.delete(url.href);
    await cache.put(url.href, copy);
    return;
  }
  const response = await fetch(url.href, { credentials: 'same-origin' });
  const announced = Number(response.headers.get('Content-Length') || 0);
  if (response.status !== 200 || announced > REPORT_LARGEST) return;
  const body = await response.arrayBuffer();
  if (body.byteLength > REPORT_LARGEST || (await currentAccount()).account !== account) return;
  await cache.put(url.href, new Response(body, {
    status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(body.byteLength), 'Accept-Ranges': 'bytes' },
  }));
  await dropOldest(cache, isPDF, REPORTS_KEPT);
}

self.addEventListener('sync', (event) => {
  if (event.tag === 'kinetic-outbox') event.waitUntil(sendQueued());
});

// --- Kept workouts ---------------------------------------------------------------------------

const WORKOUT_PAGE = /^\/workouts(\/[^/]+(\/play)?)?$/;

/** Keeps workout `id`'s pages and files (same-origin Workouts addresses only) in a cache of its
 *  own for the current account, telling `client` how far it has got; the account keeps its
 *  last ``WORKOUTS_KEPT``. A file that fails leaves nothing half kept. */
async function keepWorkout({ id, name: title, pages, files }, client) {
  const { account } = await currentAccount();
  if (!account || !/^[0-9A-Za-z-]{1,64}$/.test(String(id))) throw new Error('nothing to keep');
  const addresses = [...(pages || []), ...(files || [])].slice(0, 300).map((address) => new URL(address, self.location.origin))
    .filter((url) => url.origin === self.location.origin && (WORKOUT_PAGE.test(url.pathname) || WORKOUT_FILE.test(url.pathname)));
  const name = `${WORKOUT_PREFIX}${account}-${id}`;
  const building = `${name}-building`;
  try {
    const cache = await caches.open(building);
    let done = 0;
    for (const url of addresses) {
      const response = await fetch(url.href, { credentials: 'same-origin' });
      // A page must be the same account's (a sign-in elsewhere meanwhile keeps nothing).
      const owner = response.headers.get('X-Kinetic-Account');
      if (response.status !== 200 || (owner && owner !== account)) throw new Error(`${url.pathname}: ${response.status}`);
      const headers = { 'X-Kinetic-Fetched-At': new Date().toISOString() };
      for (const header of [...KEPT_HEADERS, 'Content-Length']) {
        const value = response.headers.get(header);
        if (value) headers[header] = value;
      }
      await cache.put(url.href, new Response(await response.arrayBuffer(), { status: 200, headers }));
      done += 1;
      client?.postMessage({ kind: 'workout-kept-part', id, done, total: addresses.length });
    }
    // Moved into place in turn with the pages kept, so an account switch cannot come between.
    await inTurn(async () => {
      if ((await currentAccount()).account !== account) throw new Error('another account');
      await caches.delete(name);
      const kept = await caches.open(name);
      for (const key of await cache.keys()) await kept.put(key, await cache.match(key));
      await kept.put('/__kinetic/kept-at', new Response(JSON.stringify({ at: Date.now(), name: String(title || '').slice(0, 200) })));
      // The account's oldest kept workouts go beyond the last few.
      const mine = [];
      for (const other of await caches.keys()) {
        if (!other.startsWith(`${WORKOUT_PREFIX}${account}-`) || other.endsWith('-building')) continue;
        const at = await (await caches.open(other)).match('/__kinetic/kept-at');
        mine.push([other, at ? (await at.json()).at : 0]);
      }
      mine.sort((a, b) => b[1] - a[1]);
      for (const [other] of mine.slice(WORKOUTS_KEPT)) await caches.delete(other);
    });
  } finally {
    await caches.delete(building);
  }
  client?.postMessage({ kind: 'workout-kept', id, ok: true });
}

async function forgetWorkout(id) {
  for (const name of await caches.keys()) {
    if (name.startsWith(WORKOUT_PREFIX) && (name.endsWith(`-${id}`) || name.endsWith(`-${id}-building`))) await caches.delete(name);
  }
}

// --- The outbox ------------------------------------------------------------------------------

function outbox(mode, work) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('kinetic-outbox', 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('requests', { keyPath: 'key', autoIncrement: true });
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction('requests', mode);
      const result = work(transaction.objectStore('requests'));
      transaction.oncomplete = () => { database.close(); resolve(result.value); };
      transaction.onerror = () => { database.close(); reject(transaction.error); };
    };
  });
}

function queued() {
  return outbox('readonly', (store) => {
    const result = { value: [] };
    store.getAll().onsuccess = (event) => { result.value = event.target.result; };
    return result;
  });
}

function dropQueued(chosen) {
  return queued().then((items) => outbox('readwrite', (store) => {
    for (const item of items.filter(chosen)) store.delete(item.key);
    return { value: null };
  }));
}

/** What the current account has waiting to be sent (not what the server refused: that waits
 *  for the person). */
async function waitingToSend() {
  const { account } = await currentAccount();
  return (await queued()).filter((item) => item.account === account && !item.refusal);
}

/** Sends `request` once what waits before it has gone; without a network (or behind earlier
 *  ones still waiting) kept in the outbox, in order, for the current account: `keep` makes its
 *  entry, and its answer is `queuedAnswer`. A form sent from a refusal's page (`/outbox/<key>`)
 *  replaces that refusal. */
async function sendOrKeep(request, keep, queuedAnswer) {
  const body = await request.clone().arrayBuffer();
  const { account } = await currentAccount();
  const fixing = FIXING.exec(request.referrer ? new URL(request.referrer).pathname : '');
  const replaced = () => (fixing ? dropQueued((item) => item.key === Number(fixing[1]) && item.account === account) : null);
  if ((await waitingToSend()).length > 0) await sendQueued();
  if ((await waitingToSend()).length === 0) {
    try {
      const response = await fetch(request);
      await replaced();
      return response;
    } catch (error) {
      // No network: kept below.
    }
  }
  const type = request.headers.get('Content-Type') || '';
  const item = { url: request.url, body, type, account, at: Date.now(), ...await keep(body, type) };
  // A form sent twice in a moment (a double tap) is kept once.
  const twin = item.signature && (await waitingToSend()).some((other) => other.signature === item.signature && item.at - other.at < DOUBLE_TAP_MS);
  if (!twin) await outbox('readwrite', (store) => { store.add(item); return { value: null }; });
  await replaced();
  await self.registration.sync?.register('kinetic-outbox').catch(() => {});
  return queuedAnswer(item);
}

/** A workout's progress or end: answered 202 with `X-Kinetic-Queued` when kept, and sent with
 *  an `Idempotency-Key` of its own (the server takes each once). */
function sendOrQueue(request) {
  return sendOrKeep(request, () => ({ id: crypto.randomUUID() }), () => new Response(null, { status: 202, headers: { 'X-Kinetic-Queued': '1' } }));
}

/** A form of ``QUEUED_FORMS``: when kept, the person goes to the page that lists it waiting,
 *  named by what the page's script put in its `_outbox` field. */
function sendFormOrQueue(request, form) {
  return sendOrKeep(request, async (body, type) => {
    const fields = await formFields(body, type);
    const url = new URL(form.sendTo?.(fields) ?? request.url, self.location.origin).href;
    // What the person filled in, whatever the token or a multipart body's boundary.
    const values = [...fields].filter(([name]) => !['_csrf', '_outbox'].includes(name))
      .map(([name, value]) => [name, typeof value === 'string' ? value : `${value.name}:${value.size}`]);
    return {
      url, id: crypto.randomUUID(), form: true, label: String(fields.get('_outbox') || '').slice(0, 200), returnTo: form.returnTo,
      signature: JSON.stringify([url, values]),
    };
  }, () => Response.redirect(new URL(form.returnTo, self.location.origin).href, 303));
}

function formFields(body, type) {
  return new Response(body, { headers: { 'Content-Type': type } }).formData();
}

/** The account's forms in the outbox, oldest first, for the pages to list. */
async function queuedForms() {
  const { account } = await currentAccount();
  return (await queued()).filter((item) => item.account === account && item.form).sort((a, b) => a.key - b.key)
    .map(({ key, label, returnTo, refusal }) => ({ key, label, returnTo, refusal: refusal ?? null }));
}

async function discardForm(key) {
  const { account } = await currentAccount();
  await dropQueued((item) => item.key === key && item.account === account && item.form);
}

/** A refused form's page as the server answered it (the form with its values and what is
 *  wrong), to fix and send again; the outbox's page when it is no longer there. */
async function refusedForm(key) {
  const { account } = await currentAccount();
  const item = (await queued()).find((entry) => entry.key === key && entry.account === account && entry.refusal);
  if (!item) return Response.redirect(new URL('/', self.location.origin).href, 303);
  return new Response(item.refusal, { status: 200, headers: item.refusalHeaders ?? { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** Sends what waits in the outbox, oldest first, for the account signed in, stopping at the
 *  first that cannot go yet: no network, the server failing (5xx), or no session (signed out,
 *  or sent to the sign-in page). One the server took (2xx) or refused for good (another 4xx)
 *  leaves the outbox. A token of an earlier session (403) is replaced by the current one, read
 *  from a page, once. One run at a time. */
let sending = null;
function sendQueued() {
  sending = sending ?? (async () => {
    try {
      const { account } = await currentAccount();
      if (!account) return;
      let token = null;
      for (const item of (await queued()).sort((a, b) => a.key - b.key)) {
        if (item.account !== account || item.refusal) continue;
        let answer = await post(item, token);
        if (answer?.status === 403) {
          token = token ?? await currentToken();
          answer = token ? await post(item, token) : answer;
        }
        const signedOut = answer && new URL(answer.url || item.url).pathname === '/login';
        if (!answer || answer.status >= 500 || answer.status === 401 || answer.status === 403 || signedOut) return;
        // Another account is signed in now: it waits for its own.
        if (answer.status === 409 && answer.headers.get('X-Kinetic-Other-Account')) return;
        // Its first sending is still running on the server (its key is taken): later. A
        // playing that another took over (`playing_elsewhere`) has nothing more to record.
        if (item.id && answer.status === 409 && answer.headers.get('X-Kinetic-Error') !== 'playing_elsewhere') return;
        if (item.form && answer.status >= 400) {
          // Refused (a mistake, a limit, a conflict): it waits for the person, with the page
          // that says why; the ones after it go on.
          const refusalHeaders = { 'Content-Type': answer.headers.get('Content-Type') || 'text/html; charset=utf-8' };
          const policy = answer.headers.get('Content-Security-Policy');
          if (policy) refusalHeaders['Content-Security-Policy'] = policy;
          const refusal = (await answer.text()).slice(0, REFUSAL_LARGEST);
          await outbox('readwrite', (store) => { store.put({ ...item, refusal, refusalHeaders }); return { value: null }; });
          continue;
        }
        await outbox('readwrite', (store) => { store.delete(item.key); return { value: null }; });
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** Posts a kept request (a form with its idempotency key), with `token` in place of its
 *  `_csrf` when given; null without a network. */
async function post(item, token) {
  let body = item.body;
  const headers = item.type ? { 'Content-Type': item.type } : {};
  if (item.id) headers['Idempotency-Key'] = item.id;
  // The server runs it only for the account it was made for (the session may have changed).
  if (item.account) headers['X-Kinetic-Sent-For'] = item.account;
  if (token && item.type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(typeof body === 'string' ? body : new TextDecoder().decode(body));
    form.set('_csrf', token);
    body = form.toString();
  } else if (token && item.type.startsWith('multipart/form-data')) {
    // Sent as a new multipart body: its boundary is the browser's to write.
    body = await formFields(body, item.type);
    body.set('_csrf', token);
    delete headers['Content-Type'];
  }
  try {
    return await fetch(item.url, { method: 'POST', body, headers, credentials: 'same-origin' });
  } catch (error) {
    return null;
  }
}

/** The session's CSRF token, as a signed-in page carries it (its sign-out form). */
async function currentToken() {
  try {
    const page = await (await fetch('/profile', { credentials: 'same-origin' })).text();
    return /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? null;
  } catch (error) {
    return null;
  }
}

/** Settings' Remove: every page, report and workout kept on this phone goes (what waits in the
 *  outbox stays, to be sent). */
async function forgetKept() {
  await inTurn(async () => {
    for (const name of await caches.keys()) {
      if ([PAGES_PREFIX, FILES_PREFIX, WORKOUT_PREFIX].some((prefix) => name.startsWith(prefix))) await caches.delete(name);
    }
  });
}
