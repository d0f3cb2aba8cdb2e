// The loading overlay, the alert dialog and the confirmation toast, shared by every page.

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
