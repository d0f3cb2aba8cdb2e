// Talking to Kinetic's own endpoints from a page: JSON answers and their error messages.
import { networkErrorMessage } from './strings.js';

/** The message an error answer carries: its message and each field's, one per line. */
export function errorMessage(body) {
  const fields = body?.error?.fields ? Object.values(body.error.fields) : [];
  return [body?.error?.message, ...fields].filter(Boolean).join('\n') || networkErrorMessage();
}

/** Reads a response's text as JSON; null when it is not JSON. */
export function parseJSON(text) {
  try { return JSON.parse(text); } catch { return null; }
}

/** Posts a form's fields (the CSRF token is one of them) and asks for JSON. Resolves
 *  `{ ok, status, body }`; rejects only when the network failed. */
export async function postForm(form) {
  const response = await fetch(form.action, {
    method: 'POST',
    body: new URLSearchParams(new FormData(form)),
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  return { ok: response.ok, status: response.status, body: parseJSON(await response.text()) };
}

/** Sends `file` as the request body to `url` (with the page's CSRF token, asking for JSON),
 *  reporting the share sent (0–1) to `onProgress` and the moment it is all sent (the server
 *  then reads it) to `onSent`. Resolves `{ ok, status, body, location }` (`location`: the answer's
 *  Location header, when it has one); rejects when the network failed. */
export function uploadFile(url, file, csrf, { onProgress = () => {}, onSent = () => {} } = {}) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('X-CSRF-Token', csrf);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.addEventListener('progress', (progress) => {
      if (progress.lengthComputable) onProgress(progress.loaded / progress.total);
    });
    request.upload.addEventListener('load', onSent);
    request.addEventListener('load', () => resolve({
      ok: request.status >= 200 && request.status < 300, status: request.status, body: parseJSON(request.responseText),
      location: request.getResponseHeader('Location'),
    }));
    request.addEventListener('error', () => reject(new Error('network')));
    request.send(file);
  });
}
