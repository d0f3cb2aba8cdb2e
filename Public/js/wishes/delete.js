// Deleting wishes asks first: the page's confirmation dialog, then the form goes with
// `confirmed=1`. (Without the script the server asks on a page of its own.)
import { confirmDestructive } from '../shared/dialogs.js';

/** Asks `question(submitter)` before `form` is sent; a null question sends nothing. */
export function askBeforeDeleting(form, question, label) {
  const confirmed = form.querySelector('.confirmed-field');
  form.addEventListener('submit', async (event) => {
    if (confirmed.value === '1') return;
    event.preventDefault();
    const submitter = event.submitter;
    const text = question(submitter);
    if (!text) return;
    if (await confirmDestructive(text, label)) {
      confirmed.value = '1';
      form.requestSubmit(submitter);
    }
    form.dispatchEvent(new CustomEvent('delete-answered', { detail: confirmed.value === '1' }));
  });
}
