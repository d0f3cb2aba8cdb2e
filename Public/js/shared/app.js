// Kinetic's app shell: the side menu and the radial menu of a signed-in page. Every string
// comes from the page. A control's own module (a ruler, a month picker, a form sent without
// reloading) comes with the pages that have one and enhances them as it loads (see Layout.swift).
import { isolate } from './focus-trap.js';
import { setUpOffline } from './offline.js';

function setUpSideMenu() {
  const button = document.getElementById('menu-button');
  const menu = document.getElementById('side-menu');
  const scrim = document.getElementById('side-menu-scrim');
  if (!button || !menu) return;
  const close = menu.querySelector('.side-menu-close');
  let release = null;
  const setOpen = (open) => {
    menu.classList.toggle('open', open);
    scrim?.classList.toggle('open', open);
    button.setAttribute('aria-expanded', String(open));
    menu.inert = !open;
    release?.();
    release = open ? isolate(menu, [scrim]) : null;
    if (open) {
      menu.querySelector('.side-menu-link')?.focus();
    } else if (menu.contains(document.activeElement)) {
      button.focus();
    }
  };
  menu.inert = true;
  button.addEventListener('click', (event) => { event.preventDefault(); setOpen(!menu.classList.contains('open')); });
  close?.addEventListener('click', (event) => { event.preventDefault(); setOpen(false); });
  scrim?.addEventListener('click', () => setOpen(false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.classList.contains('open')) setOpen(false);
  });
}

function setUpRadialMenu() {
  const nav = document.getElementById('radial-menu');
  if (!nav) return;
  const toggle = nav.querySelector('.radial-toggle');
  const items = nav.querySelector('.radial-items');
  let release = null;
  const setOpen = (open) => {
    nav.classList.toggle('open', open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? toggle.dataset.labelClose : toggle.dataset.labelOpen);
    items.inert = !open;
    release?.();
    release = open ? isolate(nav) : null;
    if (open) items.querySelector('a')?.focus();
  };
  items.inert = true;
  toggle.addEventListener('click', () => setOpen(!nav.classList.contains('open')));
  nav.querySelector('.radial-scrim')?.addEventListener('click', () => setOpen(false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.classList.contains('open')) { setOpen(false); toggle.focus(); }
  });
}

setUpSideMenu();
setUpRadialMenu();
setUpOffline();
