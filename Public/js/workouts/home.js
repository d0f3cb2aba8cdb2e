// View Workouts: a saved workout already in progress asks first (resume or start over); a
// saved cell swipes left to unsave (its Unsave button does the same for keyboard and mouse),
// and unsaving one in progress asks first.
import { confirmBeforeSubmitting } from '../shared/dialogs.js';
import { enableSwipe } from '../shared/swipe.js';

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

setUpInProgressQuestion();
// Back from the player through the back/forward cache: show In Progress as it is now.
window.addEventListener('pageshow', (event) => { if (event.persisted) window.location.reload(); });
confirmBeforeSubmitting();
// Past 40 % a saved cell unsaves (the question first when it is in progress; a cancelled one brings it back).
document.querySelectorAll('.swipe-cell').forEach((cell) => {
  const form = cell.querySelector('.unsave-form');
  enableSwipe(cell, {
    onCommit: () => new Promise((resolve) => {
      form.requestSubmit(form.querySelector('button'));
      setTimeout(() => resolve(Boolean(form.dataset.confirmed || !form.dataset.confirm)), 400);
    }),
  });
});
