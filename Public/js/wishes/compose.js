// Composing a wish: choosing an occasion fills its default subject (unless the sender wrote
// their own) and shows its stock texts and cards; a chosen text goes into the message box, to
// edit; a custom photo is chosen as the photo; Next is enabled once everything required is
// filled; Cancel asks first when something changed.
import { confirmDestructive } from '../shared/dialogs.js';

const form = document.getElementById('compose-form');

function setUp() {
  const subjects = new Map(form.dataset.subjects.split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2)));
  const subject = form.elements.subject;
  const message = form.elements.message;
  const file = document.getElementById('field-photoFile');
  const nextButtons = document.querySelectorAll('.compose-next');
  const initial = new FormData(form);
  let changed = false;

  const occasion = () => form.querySelector('input[name=occasion]:checked')?.value;
  const showOccasion = (value) => {
    for (const item of form.querySelectorAll('.stock-text, .photo-choice[data-occasion]')) item.hidden = item.dataset.occasion !== value;
    const photo = form.querySelector('input[name=photo]:checked');
    if (photo?.closest('.photo-choice')?.hidden) form.querySelector('input[name=photo][value=""]').checked = true;
  };
  let previous = occasion();
  for (const radio of form.querySelectorAll('input[name=occasion]')) {
    radio.addEventListener('change', () => {
      const value = occasion();
      if (!subject.value.trim() || subject.value === subjects.get(previous)) subject.value = subjects.get(value) ?? subject.value;
      previous = value;
      showOccasion(value);
      update();
    });
  }
  for (const radio of form.querySelectorAll('input[name=stockText]')) {
    radio.addEventListener('change', () => {
      message.value = radio.closest('.stock-text').textContent.trim();
      message.focus();
      update();
    });
  }
  file.addEventListener('change', () => {
    if (file.files.length) {
      const none = form.querySelector('input[name=photo][value=""]');
      none.checked = true;
      file.closest('.photo-upload').classList.add('photo-upload-chosen');
      file.closest('.photo-upload').querySelector('.field-hint').textContent = file.files[0].name;
    }
  });
  const filled = () => Boolean(occasion()) && subject.value.trim() && message.value.trim() && form.elements.recipients.value.trim()
    && form.elements.sendDate.value && form.elements.sendTime.value;
  const update = () => {
    const ready = Boolean(filled());
    for (const button of nextButtons) {
      button.disabled = !ready;
      button.setAttribute('aria-disabled', String(!ready));
    }
  };
  form.addEventListener('input', () => { changed = true; update(); });
  form.addEventListener('change', () => { changed = true; update(); });
  form.addEventListener('submit', () => { changed = false; });
  for (const link of document.querySelectorAll('#compose-cancel, .top-bar a.icon-button')) {
    link.addEventListener('click', async (event) => {
      const now = new FormData(form);
      const same = [...now.keys()].every((key) => key === 'photoFile' || String(now.get(key)) === String(initial.get(key))) && !file.files.length;
      if (!changed || same) return;
      event.preventDefault();
      if (await confirmDestructive(form.dataset.cancelQuestion, form.dataset.cancelAction)) window.location.assign(link.href);
    });
  }
  showOccasion(occasion());
  update();
}

if (form) setUp();
