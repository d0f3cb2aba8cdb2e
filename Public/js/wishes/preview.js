// The preview: Submit opens Send Options as a sheet (without the script it is a card below);
// Confirm needs at least one channel.
const dialog = document.getElementById('send-options');

if (dialog) {
  const showAgain = dialog.dataset.show === 'true';
  dialog.close();
  dialog.classList.add('send-options-modal');
  const cancel = document.getElementById('send-options-cancel');
  cancel.hidden = false;
  cancel.addEventListener('click', () => dialog.close());
  const confirm = document.getElementById('send-options-confirm');
  const boxes = [...dialog.querySelectorAll('.channel-box')];
  const update = () => { confirm.disabled = !boxes.some((box) => box.checked); };
  dialog.addEventListener('change', update);
  update();
  for (const link of document.querySelectorAll('#preview-submit, #preview-submit-bottom')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      dialog.showModal();
      (boxes.find((box) => !box.disabled) ?? confirm).focus();
    });
  }
  if (showAgain) dialog.showModal();
}
