// Swipe a list cell to the left (iOS style): past 40 % of its width it commits (`onCommit`);
// with `revealWidth`, a shorter swipe leaves it open on its red action, which a tap commits, and
// a tap elsewhere or a swipe back closes. Less springs back. Every cell also has a button doing
// the same for keyboard and mouse users.
import { prefersReducedMotion } from './motion.js';

export function enableSwipe(cell, { onCommit, revealWidth = 0 }) {
  const content = cell.querySelector('.swipe-content');
  const backdrop = cell.querySelector('.swipe-backdrop');
  let start = null;
  let offset = 0;
  let base = 0;
  let swiping = false;
  const settle = (to) => {
    base = to;
    content.style.transition = prefersReducedMotion() ? 'none' : 'transform 0.2s ease';
    content.style.transform = to ? `translateX(${to}px)` : '';
    cell.classList.toggle('swipe-open', to !== 0 && to > -cell.offsetWidth);
  };
  content.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0 || event.target.closest('button, input, label')) return;
    start = { x: event.clientX, y: event.clientY };
    offset = base;
    swiping = false;
  });
  content.addEventListener('pointermove', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!swiping) {
      if (Math.abs(dy) > 10 && Math.abs(dy) > Math.abs(dx)) { start = null; return; }
      if (Math.abs(dx) < 10 || (dx > 0 && base === 0)) return;
      swiping = true;
      content.setPointerCapture(event.pointerId);
      cell.classList.add('swiping');
    }
    offset = Math.min(0, base + dx);
    content.style.transition = 'none';
    content.style.transform = `translateX(${offset}px)`;
  });
  const end = () => {
    if (!start) return;
    start = null;
    cell.classList.remove('swiping');
    if (!swiping) { if (base !== 0) settle(0); return; }
    if (-offset > cell.offsetWidth * 0.4) {
      settle(-cell.offsetWidth);
      Promise.resolve(onCommit()).then((done) => { if (!done) settle(0); });
    } else if (revealWidth && -offset > revealWidth / 2) {
      settle(-revealWidth);
    } else {
      settle(0);
    }
  };
  content.addEventListener('pointerup', end);
  content.addEventListener('pointercancel', () => { start = null; settle(0); });
  // A swipe is not a tap: the link under the finger does not open.
  content.addEventListener('click', (event) => {
    if (swiping || base !== 0) { event.preventDefault(); event.stopPropagation(); swiping = false; if (base !== 0 && !event.target.closest('button')) settle(0); }
  }, true);
  if (revealWidth && backdrop) {
    backdrop.addEventListener('click', () => Promise.resolve(onCommit()).then((done) => { if (!done) settle(0); }));
  }
}
