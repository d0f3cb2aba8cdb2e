// The Goals page: the ring's three views (swipe, buttons, dots, arrow keys), the Jumps /
// Calories switcher with its slide, arcs animated from 12 o'clock on every refresh, and the
// Edit My Goals dialog with its detour into Fitness Settings.
import { saveForm, isDirty, markSaved } from '../shared/forms.js';
import { askToSaveChanges } from '../shared/dialogs.js';
import { prefersReducedMotion } from '../shared/motion.js';

const VIEWS = ['progress', 'lastSession', 'remaining'];
const visiblePanel = () => document.querySelector('[data-category-panel]:not([hidden])');

/** Records a choice in the address, and in the links and the month picker that keep it. */
function replaceQuery(name, value) {
  const url = new URL(window.location.href);
  url.searchParams.set(name, value);
  history.replaceState(null, '', url);
  for (const link of document.querySelectorAll('a[data-keeps-query]')) {
    const target = new URL(link.href);
    target.searchParams.set(name, value);
    link.href = target.pathname + target.search;
  }
  const picker = document.querySelector('form[data-month-picker]');
  if (!picker) return;
  let field = picker.querySelector(`input[type=hidden][name="${name}"]`);
  if (!field) {
    field = Object.assign(document.createElement('input'), { type: 'hidden', name });
    picker.append(field);
  }
  field.value = value;
}

/** Draws every visible arc of a panel, growing it from 12 o'clock to its place; a second lap
 *  (past 100 %) grows once the first is complete, and its shadowed cap appears at the end. A
 *  whole circle ends without a dash, so no seam shows at 12 o'clock. */
function animateArcs(panel) {
  for (const arc of panel.querySelectorAll('.ring-arc')) {
    if (arc.classList.contains('ring-arc-inner') && !arc.classList.contains('is-active')) continue;
    const start = Number(arc.dataset.start);
    const end = Number(arc.dataset.end);
    const whole = end - start >= 360;
    const final = { strokeDasharray: `${end - start} 360`, transform: `rotate(${start - 90}deg)` };
    arc.style.transform = final.transform;
    arc.style.strokeDasharray = whole ? 'none' : final.strokeDasharray;
    if (prefersReducedMotion()) continue;
    const secondLap = arc.classList.contains('ring-arc-overlap');
    const growing = arc.animate([{ strokeDasharray: '0 360', transform: 'rotate(-90deg)' }, final], {
      duration: 900, delay: secondLap ? 900 : 0, fill: 'backwards', easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
    });
    if (whole) growing.addEventListener('finish', () => { arc.style.strokeDasharray = 'none'; });
  }
  if (prefersReducedMotion()) return;
  for (const cap of panel.querySelectorAll('.ring-cap')) {
    cap.animate([{ opacity: 0 }, { opacity: 0, offset: 0.9 }, { opacity: 1 }], { duration: 1800 });
  }
}

function currentView() {
  return visiblePanel()?.querySelector('[data-ring]').dataset.view ?? 'progress';
}

/** Shows `view` in every panel (so a category switch keeps it) and animates the visible one;
 *  the address records it once the user has chosen a view. */
function showView(view, { recordInURL = true } = {}) {
  for (const panel of document.querySelectorAll('[data-category-panel]')) {
    panel.querySelector('[data-ring]').dataset.view = view;
    for (const arc of panel.querySelectorAll('.ring-arc-inner')) {
      arc.classList.toggle('is-active', arc.dataset.representation === view);
    }
    for (const dot of panel.querySelectorAll('.ring-dot')) dot.setAttribute('aria-pressed', String(dot.dataset.view === view));
    for (const caption of panel.querySelectorAll('.ring-caption')) caption.hidden = caption.dataset.view !== view;
    const index = VIEWS.indexOf(view);
    panel.querySelector('.ring-prev').disabled = index === 0;
    panel.querySelector('.ring-next').disabled = index === VIEWS.length - 1;
  }
  if (recordInURL) replaceQuery('view', view);
  animateArcs(visiblePanel());
}

function step(offset) {
  const index = VIEWS.indexOf(currentView()) + offset;
  if (index >= 0 && index < VIEWS.length) showView(VIEWS[index]);
}

function setUpRing(panel) {
  const ring = panel.querySelector('[data-ring]');
  let start = null;
  ring.addEventListener('pointerdown', (event) => { start = { x: event.clientX, y: event.clientY }; });
  ring.addEventListener('pointerup', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  });
  ring.addEventListener('pointercancel', () => { start = null; });
  ring.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') { step(1); event.preventDefault(); }
    if (event.key === 'ArrowLeft') { step(-1); event.preventDefault(); }
  });
  panel.querySelector('.ring-prev').addEventListener('click', () => step(-1));
  panel.querySelector('.ring-next').addEventListener('click', () => step(1));
  for (const dot of panel.querySelectorAll('.ring-dot')) dot.addEventListener('click', () => showView(dot.dataset.view));
}

function selectCategory(tab, { focus = false } = {}) {
  const tabs = [...document.querySelectorAll('[data-category-tab]')];
  const previous = tabs.findIndex((candidate) => candidate.classList.contains('is-selected'));
  const next = tabs.indexOf(tab);
  if (next === previous) return;
  for (const candidate of tabs) {
    const selected = candidate === tab;
    candidate.classList.toggle('is-selected', selected);
    candidate.setAttribute('aria-selected', String(selected));
    candidate.tabIndex = selected ? 0 : -1;
  }
  const category = tab.dataset.categoryTab;
  for (const panel of document.querySelectorAll('[data-category-panel]')) {
    const show = panel.dataset.categoryPanel === category;
    panel.hidden = !show;
    panel.classList.remove('slide-from-left', 'slide-from-right');
    if (show && !prefersReducedMotion()) {
      void panel.offsetWidth; // restart the animation
      panel.classList.add(next > previous ? 'slide-from-right' : 'slide-from-left');
    }
  }
  if (focus) tab.focus();
  replaceQuery('category', category);
  showView(currentView());
}

function setUpCategories() {
  const tabs = [...document.querySelectorAll('[data-category-tab]')];
  for (const tab of tabs) {
    tab.addEventListener('click', (event) => { event.preventDefault(); selectCategory(tab); });
    tab.addEventListener('keydown', (event) => {
      const index = tabs.indexOf(tab);
      const target = event.key === 'ArrowRight' ? tabs[index + 1] : event.key === 'ArrowLeft' ? tabs[index - 1] : null;
      if (target) { event.preventDefault(); selectCategory(target, { focus: true }); }
    });
  }
}

function setUpEditDialog() {
  const dialog = document.getElementById('edit-goals');
  const button = document.getElementById('edit-goals-button');
  const form = document.getElementById('edit-goals-form');
  if (!dialog || !button || !form) return;
  const views = dialog.querySelectorAll('[data-sheet-view]');
  const showSheetView = (name) => {
    for (const view of views) view.hidden = view.dataset.sheetView !== name;
    dialog.querySelector(`[data-sheet-view="${name}"] .icon-button`)?.focus();
  };
  const address = () => window.location.pathname + window.location.search;
  // Opening the sheet adds a history entry (#edit), so browser Back closes it — and asks first
  // when it holds unsaved edits — instead of leaving the page.
  const finish = () => {
    dialog.close();
    if (window.location.hash === '#edit') history.back();
  };
  const save = async () => {
    if (await saveForm(form)) {
      dialog.close();
      history.replaceState(null, '', address());
      window.location.reload();
    }
  };
  const requestClose = async () => {
    if (!isDirty(form)) { finish(); return; }
    const answer = await askToSaveChanges();
    if (answer === 'save') save();
    if (answer === 'discard') { form.reset(); finish(); }
  };
  const open = () => {
    showSheetView('goals');
    dialog.showModal();
    markSaved(form);
    if (window.location.hash !== '#edit') history.pushState(null, '', '#edit');
  };
  window.addEventListener('popstate', () => {
    if (!dialog.open || window.location.hash === '#edit') return;
    if (isDirty(form)) {
      history.pushState(null, '', '#edit');
      requestClose();
    } else {
      dialog.close();
    }
  });
  window.addEventListener('beforeunload', (event) => {
    if (dialog.open && isDirty(form)) { event.preventDefault(); event.returnValue = ''; }
  });
  button.addEventListener('click', open);
  dialog.querySelector('[data-close-sheet]').addEventListener('click', requestClose);
  dialog.addEventListener('cancel', (event) => { event.preventDefault(); requestClose(); });
  form.addEventListener('submit', (event) => { event.preventDefault(); save(); });
  dialog.querySelector('[data-open-fitness]')?.addEventListener('click', () => showSheetView('fitness'));
  dialog.querySelector('[data-sheet-back]')?.addEventListener('click', () => showSheetView('goals'));
  const fitnessForm = dialog.querySelector('[data-sheet-view="fitness"] form');
  fitnessForm?.addEventListener('kinetic:saved', (event) => {
    const fitness = event.detail?.fitness;
    if (fitness && fitness.bodyType !== null && fitness.height !== null) {
      dialog.querySelector('#calorie-section').disabled = false;
      dialog.querySelector('#calorie-locked').hidden = true;
      window.dispatchEvent(new Event('resize'));
    }
    showSheetView('goals');
  });
  if (window.location.hash === '#edit') open();
}

for (const panel of document.querySelectorAll('[data-category-panel]')) setUpRing(panel);
setUpCategories();
setUpEditDialog();
showView(currentView(), { recordInURL: false });
