// Steps settings: moves sources up and down in place (buttons, so keyboards and screen
// readers can do it too, or by dragging a row's handle), announces each move, and saves the
// order without a reload.
import { saveForm } from '../shared/forms.js';
import { fill, formatNumber } from '../shared/strings.js';
import { prefersReducedMotion } from '../shared/motion.js';

const form = document.getElementById('sources-form');
const list = document.getElementById('source-list');
const status = document.getElementById('sources-status');

/** Fixes each button's value and disables the buttons at the ends. */
function refresh() {
  const rows = [...list.children];
  rows.forEach((row, index) => {
    for (const button of row.querySelectorAll('.source-move')) {
      const up = button.dataset.direction === '-1';
      button.value = `${up ? 'up' : 'down'}:${index}`;
      button.disabled = up ? index === 0 : index === rows.length - 1;
    }
  });
}

/** Flashes the row that moved and says where it is now. */
function announce(row) {
  const rows = [...list.children];
  if (!prefersReducedMotion()) {
    row.classList.remove('is-moving');
    void row.offsetWidth; // restart the highlight
    row.classList.add('is-moving');
  }
  status.textContent = fill(form.dataset.movedMessage, row.dataset.source, formatNumber(rows.indexOf(row) + 1), formatNumber(rows.length));
}

function move(row, offset) {
  const rows = [...list.children];
  const index = rows.indexOf(row);
  const target = index + offset;
  if (target < 0 || target >= rows.length) return;
  if (offset < 0) list.insertBefore(row, rows[target]);
  else list.insertBefore(row, rows[target].nextSibling);
  refresh();
  // Keep focus on the button that moved the row, or its twin once the row reaches an end.
  const same = row.querySelector(`.source-move[data-direction="${offset}"]`);
  const other = row.querySelector(`.source-move[data-direction="${-offset}"]`);
  (same.disabled ? other : same).focus();
  announce(row);
}

/** Drags a row by its handle: it takes the place of whichever row the pointer is over. */
function drag(event, row) {
  if (event.button !== 0) return;
  event.preventDefault();
  const handle = event.currentTarget;
  const startIndex = [...list.children].indexOf(row);
  handle.setPointerCapture(event.pointerId);
  row.classList.add('is-dragging');
  const follow = (moveEvent) => {
    const over = [...list.children].find((other) => {
      if (other === row) return false;
      const box = other.getBoundingClientRect();
      return moveEvent.clientY >= box.top && moveEvent.clientY <= box.bottom;
    });
    if (!over) return;
    const overIndex = [...list.children].indexOf(over);
    list.insertBefore(row, overIndex < [...list.children].indexOf(row) ? over : over.nextSibling);
    refresh();
  };
  const drop = () => {
    handle.removeEventListener('pointermove', follow);
    handle.removeEventListener('pointerup', drop);
    handle.removeEventListener('pointercancel', drop);
    row.classList.remove('is-dragging');
    if ([...list.children].indexOf(row) !== startIndex) announce(row);
  };
  handle.addEventListener('pointermove', follow);
  handle.addEventListener('pointerup', drop);
  handle.addEventListener('pointercancel', drop);
}

if (form && list) {
  for (const handle of list.querySelectorAll('.source-handle')) {
    handle.hidden = false;
    handle.addEventListener('pointerdown', (event) => drag(event, handle.closest('.source-row')));
  }
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
