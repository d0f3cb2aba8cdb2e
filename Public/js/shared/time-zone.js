// The browser's time zone, for the fields that ask for it: the hidden field of the sign-up form,
// and the Settings choice of a user who has none yet (preselected; saving stays the user's act).
export function fillBrowserTimeZone(root) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  for (const field of root.querySelectorAll('input[data-browser-time-zone]')) field.value = zone;
  for (const select of root.querySelectorAll('select[data-browser-default]')) {
    if ([...select.options].some((option) => option.value === zone)) select.value = zone;
  }
}

// Loaded by a page with a field that asks for it.
fillBrowserTimeZone(document);
