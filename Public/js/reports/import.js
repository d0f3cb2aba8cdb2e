// The report import: an import takes a while (every PDF is checked and its pages rendered), so
// the loading overlay shows until the page with the outcome arrives.

import { showLoading } from '../shared/dialogs.js';

document.getElementById('report-import-form')?.addEventListener('submit', (event) => {
  if (event.currentTarget.checkValidity()) showLoading();
});
