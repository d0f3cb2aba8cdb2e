// The report import. The form sends the zip as the request's body with a progress bar (the page
// without script posts it as a form, up to the form limit), then opens the preview of what it
// would change; problems are listed on the page. Confirming an import takes a while (every new
// PDF's pages are rendered), so the loading overlay shows until the outcome arrives.
import { uploadFile } from '../shared/api.js';
import { showLoading } from '../shared/dialogs.js';
import { networkErrorMessage } from '../shared/strings.js';

function setUpUpload(form) {
  const input = form.querySelector('input[type=file]');
  const box = form.querySelector('.import-progress');
  const bar = form.querySelector('progress');
  const status = form.querySelector('.import-status');
  const button = form.querySelector('button[type=submit]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = input.files[0];
    if (!file) { input.focus(); return; }
    document.getElementById('import-problems')?.remove();
    box.hidden = false;
    button.disabled = true;
    bar.value = 0;
    status.textContent = '';
    try {
      const { ok, body, location } = await uploadFile(form.action, file, form.dataset.csrf, {
        onProgress: (share) => { bar.value = Math.round(share * 100); },
        onSent: () => {
          bar.removeAttribute('value'); // indeterminate while the server checks the library
          status.textContent = form.dataset.workingMessage;
        },
      });
      if (ok && location) { window.location.assign(location); return; }
      button.disabled = false;
      box.hidden = true;
      showProblems(form, body?.error ?? { message: form.dataset.errorMessage });
    } catch {
      button.disabled = false;
      status.textContent = networkErrorMessage() || form.dataset.errorMessage;
    }
  });
}

/** The banner the page without script shows too: the error's message, then each problem at its
 *  place in the library. */
function showProblems(form, error) {
  const banner = document.createElement('div');
  banner.className = 'banner banner-error';
  banner.id = 'import-problems';
  banner.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.textContent = error.message;
  banner.append(message);
  const fields = Object.entries(error.fields ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (fields.length) {
    const list = document.createElement('ul');
    for (const [path, text] of fields) {
      const item = document.createElement('li');
      const code = document.createElement('code');
      code.textContent = path;
      item.append(code, `: ${text}`);
      list.append(item);
    }
    banner.append(list);
  }
  form.before(banner);
}

const upload = document.getElementById('report-import-form');
if (upload) setUpUpload(upload);
document.getElementById('import-confirm-form')?.addEventListener('submit', () => showLoading());
