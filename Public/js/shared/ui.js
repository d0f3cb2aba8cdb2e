// The loading overlay, the alert dialog and the confirmation toast, shared by every page.

export function showLoading() {
  document.getElementById('loading-overlay')?.removeAttribute('hidden');
}

export function hideLoading() {
  document.getElementById('loading-overlay')?.setAttribute('hidden', '');
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
