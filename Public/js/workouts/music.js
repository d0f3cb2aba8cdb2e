// Music: a song uploads as the request body with a progress line (the server then detects its
// tempo), and removing a song asks first.
import { confirmBeforeSubmitting } from '../shared/dialogs.js';
import { errorMessage, uploadFile } from '../shared/api.js';
import { fill, pageLocale } from '../shared/strings.js';

function setUpUpload() {
  const form = document.getElementById('song-upload');
  if (!form) return;
  const input = document.getElementById('song-file');
  const status = document.getElementById('upload-status');
  const button = document.getElementById('upload-button');
  const percent = new Intl.NumberFormat(pageLocale(), { style: 'percent', maximumFractionDigits: 0 });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = input.files[0];
    if (!file) { input.focus(); return; }
    button.disabled = true;
    status.classList.remove('upload-error');
    status.textContent = fill(form.dataset.uploading, percent.format(0));
    let answer = { ok: false, body: null };
    try {
      answer = await uploadFile(`${form.action}?filename=${encodeURIComponent(file.name)}`, file, form.dataset.csrf, {
        onProgress: (share) => { status.textContent = fill(form.dataset.uploading, percent.format(share)); },
        onSent: () => { status.textContent = form.dataset.analysing; },
      });
    } catch { /* the network failed: the message below says so */ }
    if (answer.ok) {
      // 202: still being analysed after the server's wait; it joins the library when done.
      window.location.assign(`${form.action}?done=${answer.status === 202 ? 'analysing' : 'added'}`);
      return;
    }
    button.disabled = false;
    status.classList.add('upload-error');
    status.textContent = errorMessage(answer.body);
  });
}

setUpUpload();
confirmBeforeSubmitting();
