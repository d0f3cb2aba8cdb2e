// Saving a form in place (loading overlay, confirmation, error alert with the edits kept)
// and asking before leaving a form with unsaved changes.
import { showLoading, hideLoading, showAlert, showToast, askToSaveChanges } from './dialogs.js';
import { postForm, errorMessage } from './api.js';
import { networkErrorMessage } from './strings.js';

const snapshot = (form) => new URLSearchParams(new FormData(form)).toString();

/** Posts the form with fetch; resolves true when it was saved. A second save of the same form
 *  while one is on its way is ignored (a double tap stores once). */
export async function saveForm(form) {
  if (form.dataset.saving) return false;
  form.dataset.saving = 'true';
  showLoading();
  try {
    const { ok, body } = await postForm(form);
    hideLoading();
    if (!ok) {
      await showAlert(errorMessage(body));
      return false;
    }
    markSaved(form);
    form.dispatchEvent(new CustomEvent('kinetic:saved', { detail: body }));
    if (form.dataset.savedMessage) showToast(form.dataset.savedMessage);
    return true;
  } catch {
    hideLoading();
    await showAlert(networkErrorMessage());
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
  window.addEventListener('beforeunload', (event) => {
    if (isDirty(form)) { event.preventDefault(); event.returnValue = ''; }
  });
  /** Leaves by `go` once the edits are saved or discarded; stays when the user says so. */
  const leave = async (go) => {
    const answer = await askToSaveChanges();
    if (answer === 'save' ? await saveForm(form) : answer === 'discard') {
      markSaved(form);
      go();
    }
  };
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a[href]');
    if (!link || !isDirty(form) || link.getAttribute('href').startsWith('#')) return;
    if (link.id === 'menu-button' || link.classList.contains('side-menu-close')) return;
    event.preventDefault();
    leave(() => window.location.assign(link.href));
  });
  // A plain logout form also leaves the page.
  for (const other of document.querySelectorAll('form:not([data-guard-unsaved]):not([method="dialog"])')) {
    other.addEventListener('submit', (event) => {
      if (!isDirty(form)) return;
      event.preventDefault();
      leave(() => other.submit());
    });
  }
}

// Loaded by a page with such forms (or by a module that saves forms): every one of them.
for (const form of document.querySelectorAll('form[data-ajax]')) submitWithoutReload(form);
for (const form of document.querySelectorAll('form[data-guard-unsaved]')) guardUnsavedChanges(form);
