// Kinetic's service worker, served at /sw.js so that it controls the whole site. The server
// fills in the first two lines: this release's version and the app shell every page needs.
// It keeps what a person has seen so that it still reads without a network:
// - the shell (stylesheet, the shell's scripts, icons, the offline page), cached at install;
// - every other fingerprinted file (`/assets/…`, never changed under its name) when a page
//   first uses it: from the cache after that;
// - each page, network first: the last good copy of a signed-in page is kept per account
//   (the `X-Kinetic-Account` header names it) and answered when the network fails, marked with
//   the time it was fetched (`data-offline-as-of` on <html>; the shell shows "as of 9:41" and
//   loads the page again when the network returns). A page for another account, or a signed-out
//   page (the sign-in page after signing out), deletes the copies kept for anyone else, so no
//   one sees the previous account's pages on a shared phone. A page that says `no-store` (one
//   showing a secret) is never kept.
const VERSION = '__KINETIC_VERSION__';
const SHELL = __KINETIC_SHELL__;
const OFFLINE_PAGE = '__KINETIC_OFFLINE_PAGE__';

const SHELL_CACHE = `kinetic-shell-${VERSION}`;
const ASSETS_CACHE = 'kinetic-assets';
const PAGES_PREFIX = 'kinetic-pages-';
const ACCOUNT_KEY = '/__kinetic/account';
const META_CACHE = 'kinetic-meta';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    await cache.addAll(SHELL.concat([OFFLINE_PAGE]));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('kinetic-shell-') && name !== SHELL_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fingerprinted(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(page(event));
  }
});

/** A fingerprinted file: from a cache once there, else fetched and kept. */
async function fingerprinted(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSETS_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** A page: from the network, keeping a signed-in page's copy as it arrives; the kept copy
 *  when offline. */
async function page(event) {
  const { request } = event;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    return (await keptPage(request)) ?? offlinePage();
  }
  event.waitUntil(keep(request, response.clone()));
  return response;
}

async function keep(request, response) {
  const isPage = response.status === 200 && (response.headers.get('Content-Type') || '').startsWith('text/html');
  if (!isPage) return;
  const account = response.headers.get('X-Kinetic-Account');
  const current = await currentAccount();
  if (account !== current) {
    await forgetPagesExcept(account);
    await rememberAccount(account);
  }
  if (!account || /no-store/.test(response.headers.get('Cache-Control') || '')) return;
  // The page as read, with only the headers that still describe it: the body is decoded
  // (no Content-Encoding) and grows when it is marked (no Content-Length).
  const body = await response.arrayBuffer();
  const headers = { 'Content-Type': response.headers.get('Content-Type'), 'X-Kinetic-Fetched-At': new Date().toISOString() };
  const cache = await caches.open(PAGES_PREFIX + account);
  await cache.put(request.url, new Response(body, { status: 200, headers }));
}

/** The kept copy of `request`'s page for the account last seen, marked as such. */
async function keptPage(request) {
  const account = await currentAccount();
  if (!account) return null;
  const cache = await caches.open(PAGES_PREFIX + account);
  const kept = await cache.match(request.url);
  if (!kept) return null;
  const fetchedAt = kept.headers.get('X-Kinetic-Fetched-At') || '';
  const html = (await kept.text()).replace('<html ', `<html data-offline-as-of="${fetchedAt}" `);
  return new Response(html, { status: 200, headers: { 'Content-Type': kept.headers.get('Content-Type') } });
}

async function offlinePage() {
  return (await caches.match(OFFLINE_PAGE)) ?? new Response('Offline', { status: 503, headers: { 'Content-Type': 'text/plain' } });
}

async function currentAccount() {
  const kept = await (await caches.open(META_CACHE)).match(ACCOUNT_KEY);
  return kept ? (await kept.text()) || null : null;
}

async function rememberAccount(account) {
  await (await caches.open(META_CACHE)).put(ACCOUNT_KEY, new Response(account || ''));
}

async function forgetPagesExcept(account) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES_PREFIX) && name !== PAGES_PREFIX + account) await caches.delete(name);
  }
}

// The shell asks for the files a page loaded before this worker controlled it, to keep them
// (they come from the browser's HTTP cache, so nothing is downloaded again).
self.addEventListener('message', (event) => {
  if (event.data?.kind !== 'keep-assets' || !Array.isArray(event.data.urls)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(ASSETS_CACHE);
    for (const url of event.data.urls) {
      if (typeof url !== 'string' || !url.startsWith(`${self.location.origin}/assets/`)) continue;
      if (await caches.match(url)) continue;
      try {
        const response = await fetch(url);
        if (response.ok) await cache.put(url, response);
      } catch (error) {
        // Offline now: the file is kept the next time a page uses it.
      }
    }
  })());
});
