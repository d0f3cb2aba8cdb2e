// Keeps keyboard focus inside an open menu: everything on the page outside it (and outside
// `keep`, such as the scrim that closes it) becomes inert — no focus, no clicks, hidden from
// screen readers — and Tab wraps from its last control to its first (Shift+Tab the other way)
// instead of leaving the page, until the returned function is called.
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

export function isolate(element, keep = []) {
  const kept = [element, ...keep].filter(Boolean);
  const outside = [...document.body.children].filter((child) => !child.inert && !kept.some((node) => child.contains(node)));
  for (const child of outside) child.inert = true;
  const wrap = (event) => {
    if (event.key !== 'Tab') return;
    const controls = [...element.querySelectorAll(FOCUSABLE)].filter((control) => !control.closest('[inert]') && control.getClientRects().length > 0);
    if (controls.length === 0) return;
    const first = controls[0], last = controls[controls.length - 1];
    if (event.shiftKey && (document.activeElement === first || !element.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !element.contains(document.activeElement))) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', wrap);
  return () => {
    document.removeEventListener('keydown', wrap);
    for (const child of outside) child.inert = false;
  };
}
