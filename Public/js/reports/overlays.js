// The overlays of Reports: the viewer over the bubbles, the list or search (closed by its
// top-left arrow, Escape or a swipe to the right), and the list of a level's reports. Each
// loads the content of the page it stands for, so it is the same with or without script.

import { isolate } from '../shared/focus-trap.js';
import { prefersReducedMotion } from '../shared/motion.js';
import { showAlert } from '../shared/dialogs.js';
import { networkErrorMessage } from '../shared/strings.js';

/** The element `selector` of the page at `url`, or null. */
export async function fetchPart(url, selector) {
  let response;
  try {
    response = await fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  } catch {
    await showAlert(networkErrorMessage());
    return null;
  }
  if (!response.ok) {
    await showAlert(networkErrorMessage());
    return null;
  }
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  return { part: page.querySelector(selector), page };
}

const stack = [];

/** An overlay with a back arrow labelled `closeLabel`, titled `title`, showing `content`.
 *  Resolves when it has closed. `onClose` runs first (the viewer goes back in history). */
export function openOverlay({ id, title, closeLabel, content, swipeToClose = false, onRequestClose }) {
  const dialog = document.createElement('dialog');
  dialog.className = 'report-overlay';
  dialog.id = id;
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  const bar = document.createElement('div');
  bar.className = 'overlay-bar';
  const back = document.createElement('button');
  back.type = 'button';
  back.className = 'icon-button overlay-close';
  back.setAttribute('aria-label', closeLabel);
  back.innerHTML = '<svg class="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M15 6l-6 6 6 6"/></svg>';
  const heading = document.createElement('h2');
  heading.className = 'overlay-title';
  heading.id = `${id}-title`;
  heading.textContent = title;
  bar.append(back, heading, document.createElement('span'));
  const body = document.createElement('div');
  body.className = 'overlay-body';
  body.append(content);
  dialog.append(bar, body);
  document.body.append(dialog);
  const release = isolate(dialog);
  dialog.showModal();
  back.focus();
  const entry = { dialog, close: null };
  const closed = new Promise((resolve) => {
    entry.close = () => {
      if (!dialog.isConnected) return;
      const finish = () => { release(); dialog.remove(); stack.splice(stack.indexOf(entry), 1); resolve(); };
      if (prefersReducedMotion()) { finish(); return; }
      dialog.classList.add('is-closing');
      setTimeout(finish, 240);
    };
  });
  const requestClose = () => (onRequestClose ? onRequestClose() : entry.close());
  back.addEventListener('click', requestClose);
  dialog.addEventListener('cancel', (event) => { event.preventDefault(); requestClose(); });
  if (swipeToClose) enableSwipe(dialog, requestClose);
  stack.push(entry);
  return { closed, close: () => entry.close(), dialog };
}

/** The overlay on top, if any. */
export const topOverlay = () => stack[stack.length - 1];

/** A swipe to the right (at least 80 px, mostly sideways) closes the overlay; the overlay
 *  follows the finger while it moves. */
function enableSwipe(dialog, close) {
  let start = null;
  dialog.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // A second finger is a pinch; a zoomed page pans sideways.
    if (start && event.pointerId !== start.id) { start = null; return; }
    if (event.target.closest('.reader-pages.is-zoomed, .reader-controls')) return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId, horizontal: null };
  });
  dialog.addEventListener('pointermove', (event) => {
    if (!start || event.pointerId !== start.id) return;
    if (dialog.querySelector('[data-pinching]')) { start = null; dialog.classList.remove('is-swiping'); dialog.style.transform = ''; return; }
    const dx = event.clientX - start.x, dy = event.clientY - start.y;
    if (start.horizontal === null && Math.hypot(dx, dy) > 10) start.horizontal = Math.abs(dx) > Math.abs(dy) * 1.5;
    if (start.horizontal && dx > 0) {
      dialog.classList.add('is-swiping');
      dialog.style.transform = `translateX(${dx}px)`;
    }
  });
  const end = (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const swiped = start.horizontal && dx > 80;
    start = null;
    dialog.classList.remove('is-swiping');
    dialog.style.transform = '';
    if (swiped) close();
  };
  dialog.addEventListener('pointerup', end);
  dialog.addEventListener('pointercancel', end);
}
