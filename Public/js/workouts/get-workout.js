// Get Workout: only the chosen focus's list shows (categories or muscle groups, never both),
// at most five themes can be ticked, and the loading overlay covers the wait.
import { showLoading } from '../shared/dialogs.js';

const form = document.getElementById('get-workout-form');

function showChosenFocus() {
  const focus = form.querySelector('input[name=focus]:checked')?.value ?? 'categories';
  for (const fieldset of form.querySelectorAll('fieldset[data-focus]')) {
    fieldset.hidden = fieldset.dataset.focus !== focus;
    fieldset.disabled = fieldset.hidden;
  }
}

function limitThemes() {
  const field = document.getElementById('themes-field');
  if (!field) return;
  const maximum = Number(field.dataset.maximum);
  const boxes = [...field.querySelectorAll('input[type=checkbox]')];
  const update = () => {
    const full = boxes.filter((box) => box.checked).length >= maximum;
    for (const box of boxes) box.disabled = full && !box.checked;
  };
  boxes.forEach((box) => box.addEventListener('change', update));
  update();
}

if (form) {
  form.querySelectorAll('input[name=focus]').forEach((radio) => radio.addEventListener('change', showChosenFocus));
  showChosenFocus();
  limitThemes();
  form.addEventListener('submit', () => showLoading());
  window.addEventListener('pageshow', (event) => { if (event.persisted) document.getElementById('loading-overlay')?.close(); });
}
