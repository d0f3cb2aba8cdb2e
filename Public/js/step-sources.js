// Steps settings: moves sources up and down in place (buttons, so keyboards and screen
// readers can do it too), announces each move, and saves the order without a reload.
import { saveForm } from './forms.js';

const form = document.getElementById('sources-form');
const list = document.getElementById('source-list');
const status = document.getElementById('sources-status');
const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

const fill = (template, ...values) =>
  values.reduce((text, value, index) => text.replace(`%${index + 1}$@`, value), template);
const formatNumber = (value) => new Intl.NumberFormat(document.documentElement.lang || undefined).format(value);

/** Renumbers the rows, fixes each button's value and the buttons at the ends. */
function refresh() {
  const rows = [...list.children];
  rows.forEach((row, index) => {
    row.querySelector('.source-rank').textContent = formatNumber(index + 1);
    for (const button of row.querySelectorAll('.source-move')) {
      const up = button.dataset.direction === '-1';
      button.value = `${up ? 'up' : 'down'}:${index}`;
      button.disabled = up ? index === 0 : index === rows.length - 1;
    }
  });
}

function move(row, offset) {
  const rows = [...list.children];
  const index = rows.indexOf(row);
  const target = index + offset;
  if (target < 0 || target >= rows.length) return;
  if (offset < 0) list.insertBefore(row, rows[target]);
  else list.insertBefore(row, rows[target].nextSibling);
  refresh();
  if (!reduceMotion.matches) {
    row.classList.remove('is-moving');
    void row.offsetWidth; // restart the highlight
    row.classList.add('is-moving');
  }
  // Keep focus on the button that moved the row, or its twin once the row reaches an end.
  const same = row.querySelector(`.source-move[data-direction="${offset}"]`);
  const other = row.querySelector(`.source-move[data-direction="${-offset}"]`);
  (same.disabled ? other : same).focus();
  status.textContent = fill(form.dataset.movedMessage, row.dataset.source, formatNumber(target + 1), formatNumber(rows.length));
}

if (form && list) {
  form.addEventListener('click', (event) => {
    const button = event.target.closest('.source-move');
    if (!button) return;
    event.preventDefault();
    move(button.closest('.source-row'), Number(button.dataset.direction));
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // Saved: reload to show the saved order, its note and the confirmation.
    if (await saveForm(form)) window.location.replace(`${form.action}?saved=1`);
  });
}
