// The month bar's picker: choosing a month with a pointer (or a phone's picker wheel) opens it at
// once; from the keyboard the arrow keys only choose, and the Show button (or Enter) opens it, so
// moving through the list never leaves the page under the user.

/** Enhances every month picker form in `root`. */
export function enhanceMonthPickers(root) {
  for (const form of root.querySelectorAll('form[data-month-picker]')) {
    const select = form.querySelector('select');
    if (!select) continue;
    // data-keyboard shows the Show button (see app.css) once the keyboard chooses.
    const setKeyboard = (on) => { if (on) form.dataset.keyboard = ''; else delete form.dataset.keyboard; };
    form.dataset.enhanced = '';
    select.addEventListener('keydown', (event) => {
      if (event.key === 'Tab' || event.key === 'Shift') return;
      setKeyboard(true);
      if (event.key === 'Enter') { event.preventDefault(); form.requestSubmit(); }
    });
    select.addEventListener('pointerdown', () => setKeyboard(false));
    select.addEventListener('change', () => { if (!('keyboard' in form.dataset)) form.requestSubmit(); });
  }
}

// Loaded by a page with a month bar: its picker.
enhanceMonthPickers(document);
