// Music: a song uploads as the request body with a progress line (the server then detects its
// tempo), and removing a song asks first.
import { confirmBeforeSubmitting } from '../shared/dialogs.js';
import { errorMessage, parseJSON } from '../shared/api.js';
import { fill, pageLocale } from '../shared/strings.js';

function setUpUpload() {
  const form = document.getElementById('song-upload');
  if (!form) return;
  const input = document.getElementById('song-file');
  const status = document.getElementById('upload-status');
  const button = document.getElementById('upload-button');
  const percent = new Intl.NumberFormat(pageLocale(), { style: 'percent', maximumFractionDigits: 0 });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = input.files[0];
    if (!file) { input.focus(); return; }
    const request = new XMLHttpRequest();
    request.open('POST', `${form.action}?filename=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('X-CSRF-Token', form.dataset.csrf);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    button.disabled = true;
    status.classList.remove('upload-error');
    status.textContent = fill(form.dataset.uploading, percent.format(0));
    request.upload.addEventListener('progress', (progress) => {
      if (progress.lengthComputable) status.textContent = fill(form.dataset.uploading, percent.format(progress.loaded / progress.total));
    });
    request.upload.addEventListener('load', () => { status.textContent = form.dataset.analysing; });
    request.addEventListener('load', () => {
      const body = parseJSON(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        window.location.assign(`${form.action}?done=added`);
        return;
      }
      button.disabled = false;
      status.classList.add('upload-error');
      status.textContent = errorMessage(body);
    });
    request.addEventListener('error', () => {
      button.disabled = false;
      status.classList.add('upload-error');
      status.textContent = errorMessage(null);
    });
    request.send(file);
  });
}

setUpUpload();
confirmBeforeSubmitting();
