// Forms whose answer takes a while (an address book read with its photos): once a form with
// data-busy is sent, its button says so (the text of data-busy, read out by screen readers)
// and cannot be pressed again until the answer comes, or the page is shown again from history.
for (const form of document.querySelectorAll('form[data-busy]')) {
  const button = form.querySelector('button[type=submit]');
  if (!button) continue;
  const label = button.textContent;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  form.append(status);
  form.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
    if (form.getAttribute('aria-busy') === 'true') { event.preventDefault(); return; }
    // After this turn, so that the button's own value is still sent with the form.
    setTimeout(() => {
      form.setAttribute('aria-busy', 'true');
      button.disabled = true;
      button.classList.add('is-busy');
      button.textContent = form.dataset.busy;
      status.textContent = form.dataset.busy;
    });
  });
  window.addEventListener('pageshow', () => {
    form.removeAttribute('aria-busy');
    button.disabled = false;
    button.classList.remove('is-busy');
    button.textContent = label;
    status.textContent = '';
  });
}
