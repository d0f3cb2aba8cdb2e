// A form that sends its one file as the request's body with a progress bar (Steps' export, the
// report library): it holds a file input, a hidden `.import-progress` box with a <progress> and
// an `.import-status` line, and `data-csrf`, `data-working-message` and `data-error-message`.
import { errorMessage, uploadFile } from './api.js';
import { networkErrorMessage } from './strings.js';

/** Sends the chosen file when `form` is submitted. `onDone(answer, status)` gets a successful
 *  answer (`{ ok, status, body, location }`) and the status line; `onRefused(answer)` any other
 *  and returns true when it told the user itself (else the status line shows the message). */
export function uploadWithProgress(form, { onDone, onRefused = () => false }) {
  const input = form.querySelector('input[type=file]');
  const box = form.querySelector('.import-progress');
  const bar = form.querySelector('progress');
  const status = form.querySelector('.import-status');
  const button = form.querySelector('button[type=submit]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = input.files[0];
    if (!file) { input.focus(); return; }
    box.hidden = false;
    button.disabled = true;
    bar.value = 0;
    status.textContent = '';
    try {
      const answer = await uploadFile(form.action, file, form.dataset.csrf, {
        onProgress: (share) => { bar.value = Math.round(share * 100); },
        onSent: () => {
          bar.removeAttribute('value'); // indeterminate while the server reads the file
          status.textContent = form.dataset.workingMessage;
        },
      });
      button.disabled = false;
      if (answer.ok) {
        bar.value = 100;
        onDone(answer, status);
      } else {
        bar.value = 0;
        if (!onRefused(answer)) status.textContent = answer.body?.error ? errorMessage(answer.body) : form.dataset.errorMessage;
      }
    } catch {
      button.disabled = false;
      status.textContent = networkErrorMessage() || form.dataset.errorMessage;
    }
  });
}
