// The report import. The form sends the zip as the request's body with a progress bar (the page
// without script posts it as a form, up to the form limit), then opens the preview of what it
// would change; problems are listed on the page as the form lists them. A confirmed import runs
// in the background: while it does, its card is fetched again every second and a half (pages
// rendered, scanned pages recognised), and the page reloads to show how it ended.
import { uploadWithProgress } from '../shared/upload-form.js';

/** The banner the page without script shows too: the error's message, then each problem at its
 *  place in the library. */
function showProblems(form, error) {
  document.getElementById('import-problems')?.remove();
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
if (upload) {
  uploadWithProgress(upload, {
    onDone: ({ location }) => window.location.assign(location),
    onRefused: ({ body }) => {
      upload.querySelector('.import-progress').hidden = true;
      showProblems(upload, body?.error ?? { message: upload.dataset.errorMessage });
      return true;
    },
  });
}
const running = document.getElementById('import-running');
if (running) {
  const follow = async () => {
    try {
      const response = await fetch(running.dataset.statusUrl, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      const card = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById('import-running');
      if (!card) { window.location.assign(running.dataset.statusUrl); return; }
      card.querySelector('.import-running-refresh').hidden = true;
      running.replaceChildren(...card.childNodes);
    } catch { /* the next try may reach the server */ }
    setTimeout(follow, 1500);
  };
  running.querySelector('.import-running-refresh').hidden = true;
  setTimeout(follow, 1500);
}
