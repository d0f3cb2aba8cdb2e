// Kinetic as an app on the phone: registers the service worker (served at /sw.js; what it keeps
// is said there), hands it the files this page loaded before it was in control, and marks a page
// the worker answered from its kept copy without a network: "Offline · as of 9:41", then the
// page loads again when the server answers again.
import { fill, pageLocale } from './strings.js';

export function setUpOffline() {
  markKeptCopy();
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  navigator.serviceWorker.ready.then((registration) => {
    const keep = () => {
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.includes('/assets/'));
      registration.active?.postMessage({ kind: 'keep-assets', urls });
    };
    if (document.readyState === 'complete') keep(); else window.addEventListener('load', keep, { once: true });
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
  // Loaded again once the server answers: `online` also fires for a network that does not
  // reach it yet, and a reload then would only replace this copy with an error.
  const reloadWhenReachable = async () => {
    try {
      const answer = await fetch('/healthz', { cache: 'no-store' });
      if (answer.ok) {
        window.location.reload();
        return;
      }
    } catch (error) {
      // Still offline: the next `online` tries again.
    }
    window.addEventListener('online', reloadWhenReachable, { once: true });
  };
  window.addEventListener('online', reloadWhenReachable, { once: true });
}
