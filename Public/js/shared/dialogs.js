// The page's shared dialogs: the loading overlay, the alert, the unsaved-changes question and
// the confirmation toast. Their words come from the layout (and UnsavedChangesDialog).

/** Shows the loading overlay above everything, sheets included, and blocks the page under it. */
export function showLoading() {
  const overlay = document.getElementById('loading-overlay');
  if (!overlay || overlay.open) return;
  overlay.addEventListener('cancel', (event) => event.preventDefault());
  overlay.showModal();
}

export function hideLoading() {
  const overlay = document.getElementById('loading-overlay');
  if (overlay?.open) overlay.close();
}

/** Shows the page's alert dialog with a message; resolves when it is dismissed. */
export function showAlert(message) {
  const dialog = document.getElementById('alert-dialog');
  if (!dialog) return Promise.resolve();
  dialog.querySelector('.alert-message').textContent = message;
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(), { once: true }));
}

/** Shows a short confirmation at the top of the screen. */
export function showToast(message) {
  const toast = document.createElement('div');
  toast.className = 'toast';
  toast.setAttribute('role', 'status');
  toast.textContent = message;
  document.body.append(toast);
  requestAnimationFrame(() => toast.classList.add('show'));
  setTimeout(() => {
    toast.classList.remove('show');
    setTimeout(() => toast.remove(), 400);
  }, 2600);
}

/** Asks, in the page's unsaved-changes dialog, what to do with edits before leaving them.
 *  Resolves 'save', 'discard', or '' (stay). Without the dialog there is nothing to ask. */
export function askToSaveChanges() {
  const dialog = document.getElementById('unsaved-dialog');
  if (!dialog) return Promise.resolve('discard');
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue), { once: true }));
}

/** Asks before something that cannot be undone: `message`, with `actionLabel` on the
 *  destructive button. Resolves true when confirmed. */
export function confirmDestructive(message, actionLabel) {
  const dialog = document.getElementById('confirm-dialog');
  if (!dialog) return Promise.resolve(true);
  dialog.querySelector('.alert-message').textContent = message;
  if (actionLabel) dialog.querySelector('#confirm-action').textContent = actionLabel;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true }));
}

/** Forms with a non-empty `data-confirm` ask it first; their submit button names the action. */
export function confirmBeforeSubmitting(root = document) {
  for (const form of root.querySelectorAll('form[data-confirm]')) {
    form.addEventListener('submit', async (event) => {
      if (!form.dataset.confirm || form.dataset.confirmed === 'true') return;
      event.preventDefault();
      const button = form.querySelector('button[type=submit]');
      if (await confirmDestructive(form.dataset.confirm, button?.textContent.trim())) {
        form.dataset.confirmed = 'true';
        form.requestSubmit(button);
      }
    });
  }
}
