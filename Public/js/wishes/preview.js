// The preview: Submit opens Send Options as a sheet (without the script it is a card below).
const dialog = document.getElementById('send-options');

if (dialog) {
  const showAgain = dialog.dataset.show === 'true';
  dialog.close();
  dialog.classList.add('send-options-modal');
  const cancel = document.getElementById('send-options-cancel');
  cancel.hidden = false;
  cancel.addEventListener('click', () => dialog.close());
  const confirm = document.getElementById('send-options-confirm');
  const first = dialog.querySelector('select, input:not([type=hidden]):not(:disabled)');
  for (const link of document.querySelectorAll('#preview-submit, #preview-submit-bottom')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      dialog.showModal();
      (first ?? confirm).focus();
    });
  }
  if (showAgain) dialog.showModal();
}
