// View Workouts: a saved workout already in progress asks first (resume or start over); a
// saved cell swipes left to unsave (its Unsave button does the same for keyboard and mouse),
// and unsaving one in progress asks first.
import { confirmBeforeSubmitting } from '../shared/dialogs.js';
import { prefersReducedMotion } from '../shared/motion.js';

function setUpInProgressQuestion() {
  const dialog = document.getElementById('in-progress-dialog');
  for (const link of document.querySelectorAll('.saved-link')) {
    link.addEventListener('click', (event) => {
      const cell = link.closest('.swipe-cell');
      if (cell.dataset.inProgress !== 'true' || !dialog) return;
      event.preventDefault();
      dialog.returnValue = '';
      dialog.showModal();
      dialog.addEventListener('close', () => {
        if (dialog.returnValue === 'resume') window.location.assign(cell.dataset.resumeUrl);
        if (dialog.returnValue === 'restart') window.location.assign(link.href);
      }, { once: true });
    });
  }
}

/** Swipe left on a saved cell past 40 % of its width to unsave it; less springs back. */
function setUpSwipe(cell) {
  const content = cell.querySelector('.swipe-content');
  const form = cell.querySelector('.unsave-form');
  let start = null;
  let offset = 0;
  let swiping = false;
  const settle = (to) => {
    content.style.transition = prefersReducedMotion() ? 'none' : 'transform 0.2s ease';
    content.style.transform = to ? `translateX(${to}px)` : '';
  };
  content.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0 || event.target.closest('button')) return;
    start = { x: event.clientX, y: event.clientY };
    offset = 0;
    swiping = false;
  });
  content.addEventListener('pointermove', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!swiping) {
      if (Math.abs(dy) > 10 && Math.abs(dy) > Math.abs(dx)) { start = null; return; }
      if (dx > -10) return;
      swiping = true;
      content.setPointerCapture(event.pointerId);
      cell.classList.add('swiping');
    }
    offset = Math.min(0, dx);
    content.style.transition = 'none';
    content.style.transform = `translateX(${offset}px)`;
  });
  const end = () => {
    if (!start) return;
    start = null;
    cell.classList.remove('swiping');
    if (!swiping) return;
    if (-offset > cell.offsetWidth * 0.4) {
      settle(-cell.offsetWidth);
      form.requestSubmit(form.querySelector('button'));
      // A cancelled question brings the cell back.
      setTimeout(() => { if (!form.dataset.confirmed && form.dataset.confirm) settle(0); }, 400);
    } else {
      settle(0);
    }
  };
  content.addEventListener('pointerup', end);
  content.addEventListener('pointercancel', () => { start = null; settle(0); });
  // A swipe is not a tap: the link under the finger does not open.
  content.addEventListener('click', (event) => { if (swiping) { event.preventDefault(); swiping = false; } }, true);
}

setUpInProgressQuestion();
confirmBeforeSubmitting();
document.querySelectorAll('.swipe-cell').forEach(setUpSwipe);
