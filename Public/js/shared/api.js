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
