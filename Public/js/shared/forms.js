// Saving a form in place (loading overlay, confirmation, error alert with the edits kept)
// and asking before leaving a form with unsaved changes.
import { showLoading, hideLoading, showAlert, showToast } from './ui.js';

const snapshot = (form) => new URLSearchParams(new FormData(form)).toString();

/** Posts the form with fetch; resolves true when it was saved. A second save of the same form
 *  while one is on its way is ignored (a double tap stores once). */
export async function saveForm(form) {
  if (form.dataset.saving) return false;
  form.dataset.saving = 'true';
  showLoading();
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form)),
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    const body = await response.json().catch(() => null);
    hideLoading();
    if (!response.ok) {
      const fields = body?.error?.fields ? Object.values(body.error.fields) : [];
      const message = [body?.error?.message, ...fields].filter(Boolean).join('\n');
      await showAlert(message || document.documentElement.dataset.networkError || '');
      return false;
    }
    markSaved(form);
    form.dispatchEvent(new CustomEvent('kinetic:saved', { detail: body }));
    if (form.dataset.savedMessage) showToast(form.dataset.savedMessage);
    return true;
  } catch {
    hideLoading();
    await showAlert(document.documentElement.dataset.networkError || '');
    return false;
  } finally {
    delete form.dataset.saving;
  }
}

export function submitWithoutReload(form) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    saveForm(form);
  });
}

/** Records the form's current values as saved, so it no longer counts as changed. */
export function markSaved(form) {
  form.dataset.savedState = snapshot(form);
}

export function isDirty(form) {
  return form.dataset.savedState !== undefined && form.dataset.savedState !== snapshot(form);
}

/** Asks whether to save before any link leaves the page while the form has unsaved changes. */
export function guardUnsavedChanges(form) {
  form.dataset.savedState = snapshot(form);
  const dialog = document.getElementById('unsaved-dialog');
  window.addEventListener('beforeunload', (event) => {
    if (isDirty(form)) { event.preventDefault(); event.returnValue = ''; }
  });
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a[href]');
    if (!link || !dialog || !isDirty(form) || link.getAttribute('href').startsWith('#')) return;
    if (link.id === 'menu-button' || link.classList.contains('side-menu-close')) return;
    event.preventDefault();
    dialog.returnValue = '';
    dialog.showModal();
    dialog.addEventListener('close', async () => {
      if (dialog.returnValue === 'save') {
        if (await saveForm(form)) window.location.assign(link.href);
      } else if (dialog.returnValue === 'discard') {
        form.dataset.savedState = snapshot(form);
        window.location.assign(link.href);
      }
    }, { once: true });
  });
  // A plain logout form also leaves the page.
  for (const other of document.querySelectorAll('form:not([data-guard-unsaved]):not([method="dialog"])')) {
    other.addEventListener('submit', (event) => {
      if (!dialog || !isDirty(form)) return;
      event.preventDefault();
      dialog.returnValue = '';
      dialog.showModal();
      dialog.addEventListener('close', async () => {
        if (dialog.returnValue === 'save' ? await saveForm(form) : dialog.returnValue === 'discard') {
          form.dataset.savedState = snapshot(form);
          other.submit();
        }
      }, { once: true });
    });
  }
}
