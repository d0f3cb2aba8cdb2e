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

/** Back from the player by the browser's Back: the player sent its place as it left, and
 *  this list may have been asked for first. Until In Progress shows that place, ask again:
 *  at most three times, within five seconds, while online. */
function showTheSavedPlace() {
  const key = 'kinetic.savedPlace';
  let note = null;
  try { note = JSON.parse(sessionStorage.getItem(key)); } catch { return; }
  if (!note) return;
  const shown = document.querySelector(`#in-progress-list .workout-cell[data-workout="${CSS.escape(String(note.id))}"]`);
  if (shown?.dataset.place === note.place || Date.now() - note.at > 5000 || note.tries >= 3 || !navigator.onLine) {
    sessionStorage.removeItem(key);
    return;
  }
  sessionStorage.setItem(key, JSON.stringify({ ...note, tries: note.tries + 1 }));
  setTimeout(() => window.location.reload(), 300 * (note.tries + 1));
}

setUpInProgressQuestion();
showTheSavedPlace();
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
