// Settings › Sync From iPhone: each Copy button copies its field (the new phone's address or
// key) and says so in place; without the clipboard, the field is selected for the person to copy.
for (const button of document.querySelectorAll('[data-copy]')) {
  const field = document.getElementById(button.dataset.copy);
  const label = button.textContent;
  button.addEventListener('click', async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = button.dataset.copied;
      setTimeout(() => { button.textContent = label; }, 2000);
    } catch (error) {
      // The field stays selected.
    }
  });
}
document.getElementById('sync-added-title')?.focus();
