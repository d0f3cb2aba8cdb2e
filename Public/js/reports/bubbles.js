// Reports: the library as bubbles. The server lays each level out (KineticCore's BubbleLayout,
// in `data-x`… stage units); this places the bubbles, animates between levels (a tapped
// category moves to the centre while the others collapse into it, its children spread out;
// going back, they collapse into the centre and the parent's return), lets a bubble be pressed
// and held to drag it while the others make room, goes back a level on a pinch, Back or Escape,
// keeps every level at its own URL, and opens reports and lists in overlays.

import { prefersReducedMotion } from '../shared/motion.js';
import { relax } from './relax.js';
import { fetchPart, openOverlay, topOverlay } from './overlays.js';
import { startReader } from './reader.js';

const HOLD_MS = 350;
const MOVE_TOLERANCE = 8;
const PINCH_RATIO = 0.7;
const ANIMATION_MS = 450;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, prefersReducedMotion() ? 0 : ms));

/** The stage's bubbles with their places in stage units. */
class Stage {
  constructor(element) {
    this.element = element;
    this.height = Number(element.dataset.stageHeight) || 1.25;
    this.centreElement = element.querySelector('.bubble-centre');
    this.centre = Stage.read(this.centreElement);
    this.elements = [...element.querySelectorAll('.bubble-list .bubble')];
    this.home = this.elements.map(Stage.read);
    this.places = this.home.map((place) => ({ ...place }));
    this.yScale = 1;
  }

  static read(bubble) {
    const { x, y, w, h } = bubble.dataset;
    return { x: Number(x), y: Number(y), w: Number(w), h: Number(h) };
  }

  get width() { return this.element.clientWidth; }

  /** Sizes the stage for its width (at most the screen's height allows) and stretches it to
   *  the height left on the screen, then puts every bubble at its place. */
  layout() {
    const parent = this.element.parentElement;
    const style = getComputedStyle(parent);
    const inner = parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // What is left of the screen under the stage's top, above the toolbar and bottom bar.
    const top = this.element.getBoundingClientRect().top + window.scrollY;
    const available = window.innerHeight - top - 96 - 40 - 24;
    const width = Math.min(inner, 680, Math.max(280, available / Math.min(this.height, 1.25)));
    const height = Math.max(width * this.height, available);
    this.yScale = height / (width * this.height);
    this.element.style.width = `${width}px`;
    this.element.style.height = `${height}px`;
    this.element.classList.add('is-placed');
    this.put(this.centreElement, this.centre);
    this.elements.forEach((bubble, index) => this.put(bubble, this.places[index]));
  }

  /** Puts `bubble` at `place`, scaled by `scale`, with `opacity`. */
  put(bubble, place, scale = 1, opacity = 1) {
    const unit = this.width;
    bubble.style.width = `${place.w * unit}px`;
    bubble.style.height = `${place.h * unit}px`;
    bubble.style.transform = `translate(${(place.x - place.w / 2) * unit}px, ${place.y * this.yScale * unit - place.h / 2 * unit}px) scale(${scale})`;
    bubble.style.opacity = String(opacity);
  }

  /** Every bubble at the centre, small and transparent: where they spread from. */
  gather() {
    this.elements.forEach((bubble, index) => this.put(bubble, { ...this.places[index], x: this.centre.x, y: this.centre.y }, 0.2, 0));
  }

  spread() {
    this.elements.forEach((bubble, index) => this.put(bubble, this.places[index]));
  }

  recentre() {
    this.places = this.home.map((place) => ({ ...place }));
    this.spread();
  }

  index(bubble) { return this.elements.indexOf(bubble); }
}

let stage = null;
let busy = false;

function setUpStage() {
  const element = document.getElementById('bubble-stage');
  if (!element) return;
  stage = new Stage(element);
  stage.layout();
  requestAnimationFrame(() => element.classList.add('is-animated'));
  new ResizeObserver(() => { element.classList.remove('is-animated'); stage.layout(); requestAnimationFrame(() => element.classList.add('is-animated')); })
    .observe(element.parentElement);
  history.replaceState({ reports: 'level' }, '', location.href);
  watchPointers(element);
}

// MARK: Moving between levels

function levelDepth(page) {
  return page.querySelectorAll('#report-trail li').length + (page.querySelector('#bubble-stage')?.dataset.start === 'true' ? -1 : 0);
}

/** Shows the level at `url`. `tapped` is the category bubble that leads there (going down),
 *  or null going up or sideways. */
async function showLevel(url, { tapped = null, push = true } = {}) {
  if (busy || !stage) return;
  busy = true;
  try {
    const answer = await fetchPart(url, '#bubble-stage');
    if (!answer?.part) return;
    const goingDown = tapped !== null || levelDepth(answer.page) > levelDepth(document);
    await leave(goingDown ? tapped : null);
    swap(answer.page, answer.part);
    if (push) history.pushState({ reports: 'level' }, '', url);
    await arrive();
    announce();
  } finally {
    busy = false;
  }
}

/** The current bubbles go: into the tapped one, which moves to the centre, or into the centre. */
async function leave(tapped) {
  if (prefersReducedMotion()) return;
  const target = tapped ? stage.places[stage.index(tapped)] : stage.centre;
  stage.elements.forEach((bubble, index) => {
    if (bubble === tapped) stage.put(bubble, { ...stage.centre, w: stage.centre.w, h: stage.centre.h });
    else stage.put(bubble, { ...stage.places[index], x: target.x, y: target.y }, 0.2, 0);
  });
  if (tapped) stage.put(stage.centreElement, stage.centre, 0.6, 0);
  await wait(ANIMATION_MS * 0.8);
}

/** Puts the new page's stage, trail, title and controls in place of the old. */
function swap(page, newStage) {
  for (const selector of ['#report-trail', '.reports-dock', '#reports-toolbar', '#report-filter', '#report-filter-notice']) {
    const old = document.querySelector(selector), next = page.querySelector(selector);
    if (old && next) old.replaceWith(next);
    else if (old) old.remove();
    else if (next) document.getElementById('bubble-stage').after(next);
  }
  const bar = document.querySelector('.top-bar'), nextBar = page.querySelector('.top-bar');
  if (bar && nextBar) bar.replaceWith(nextBar);
  document.title = page.title;
  document.getElementById('bubble-stage').replaceWith(newStage);
  stage = new Stage(newStage);
  stage.layout();
  watchPointers(newStage);
  setUpDock();
}

/** The new bubbles spread out from the centre. */
async function arrive() {
  const element = stage.element;
  if (!prefersReducedMotion()) {
    stage.gather();
    element.getBoundingClientRect();
    element.classList.add('is-animated');
    requestAnimationFrame(() => stage.spread());
    await wait(ANIMATION_MS);
  } else {
    element.classList.add('is-animated');
  }
}

function announce() {
  const status = document.getElementById('reports-status');
  if (status) status.textContent = `${document.querySelector('.top-bar-title')?.textContent ?? ''}: ${stage.centreElement.querySelector('.bubble-meta')?.textContent ?? ''}`;
}

/** Up one level: the parent, or the start from the top level. */
function goUp() {
  if (!stage || stage.element.dataset.start === 'true') return;
  showLevel(stage.element.dataset.parent);
}

// MARK: Pointers: tap, press-and-hold drag, pinch

function watchPointers(element) {
  const pointers = new Map();
  let hold = null;
  let drag = null;
  let pinch = null;
  let suppressClick = false;

  element.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      clearTimeout(hold?.timer);
      hold = null;
      endDrag();
      const [a, b] = [...pointers.values()];
      pinch = { start: Math.hypot(a.x - b.x, a.y - b.y), done: false };
      return;
    }
    const bubble = event.target.closest('.bubble-list .bubble');
    if (!bubble || busy) return;
    hold = {
      bubble, id: event.pointerId, x: event.clientX, y: event.clientY,
      timer: setTimeout(() => startDrag(bubble, event.pointerId), HOLD_MS),
    };
  });

  element.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      if (!pinch.done && Math.hypot(a.x - b.x, a.y - b.y) < pinch.start * PINCH_RATIO) {
        pinch.done = true;
        goUp();
      }
      return;
    }
    if (hold && !drag && Math.hypot(event.clientX - hold.x, event.clientY - hold.y) > MOVE_TOLERANCE) {
      clearTimeout(hold.timer);
      hold = null;
    }
    if (drag && event.pointerId === drag.id) moveDrag(event);
  });

  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = pointers.size === 0 ? null : pinch;
    if (hold && hold.id === event.pointerId) { clearTimeout(hold.timer); hold = null; }
    if (drag && drag.id === event.pointerId) { endDrag(); suppressClick = true; }
  };
  element.addEventListener('pointerup', release);
  element.addEventListener('pointercancel', release);
  element.addEventListener('contextmenu', (event) => { if (event.target.closest('.bubble')) event.preventDefault(); });

  element.addEventListener('click', (event) => {
    const bubble = event.target.closest('.bubble');
    if (!bubble) return;
    if (suppressClick || pinch) { event.preventDefault(); suppressClick = false; return; }
    if (event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (bubble.classList.contains('bubble-centre')) {
      if (element.dataset.start === 'true') showLevel(bubble.href);
      else goUp();
    } else if (bubble.dataset.kind === 'category') {
      showLevel(bubble.href, { tapped: bubble });
    } else {
      openReport(bubble.href);
    }
  });

  function startDrag(bubble, id) {
    hold = null;
    const index = stage.index(bubble);
    const rect = element.getBoundingClientRect();
    drag = { bubble, id, index, rect };
    bubble.classList.add('is-dragging', 'is-held');
    try { bubble.setPointerCapture(id); } catch { /* the pointer already went */ }
    if (navigator.vibrate) navigator.vibrate(10);
  }

  function moveDrag(event) {
    const unit = stage.width;
    const place = stage.places[drag.index];
    place.x = Math.min(Math.max((event.clientX - drag.rect.left) / unit, place.w / 2), 1 - place.w / 2);
    place.y = Math.min(Math.max((event.clientY - drag.rect.top) / unit / stage.yScale, place.h / 2), stage.height - place.h / 2);
    relax(stage.places, stage.centre, stage.height, drag.index);
    stage.spread();
  }

  function endDrag() {
    if (!drag) return;
    drag.bubble.classList.remove('is-dragging', 'is-held');
    drag = null;
  }
}

// MARK: Overlays

async function openReport(url, { push = true } = {}) {
  const answer = await fetchPart(url, '#report-viewer-content');
  if (!answer?.part) return;
  const closeLabel = answer.page.querySelector('.top-bar a.icon-button')?.getAttribute('aria-label') ?? '';
  const returnTo = location.href;
  if (push) history.pushState({ reports: 'viewer', returnTo }, '', url);
  const viewer = openOverlay({
    id: 'report-viewer', title: answer.part.querySelector('.report-viewer-title')?.textContent ?? '',
    closeLabel, content: answer.part, swipeToClose: true,
    onRequestClose: () => (history.state?.reports === 'viewer' ? history.back() : viewer.close()),
  });
  startReader(answer.part, url);
  return viewer;
}

async function openList(url) {
  const answer = await fetchPart(url, '#report-list-content');
  if (!answer?.part) return;
  const closeLabel = answer.page.querySelector('.top-bar a.icon-button')?.getAttribute('aria-label') ?? '';
  openOverlay({ id: 'report-list', title: answer.page.querySelector('.top-bar-title')?.textContent ?? '', closeLabel, content: answer.part });
}

// Links to a report open the viewer over whatever is showing (the list, search results).
document.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-report]');
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  openReport(link.href);
});

window.addEventListener('popstate', (event) => {
  const overlay = topOverlay();
  if (overlay?.dialog.id === 'report-viewer' && event.state?.reports !== 'viewer') {
    overlay.close();
    return;
  }
  if (event.state?.reports === 'viewer') { openReport(location.href, { push: false }); return; }
  if (stage && event.state?.reports === 'level') showLevel(location.href, { push: false });
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || document.querySelector('dialog[open]') || !stage) return;
  if (event.target.closest?.('input, textarea, select')) return;
  event.preventDefault();
  goUp();
});

// MARK: The top bar's back arrow and the bottom navigation

function setUpDock() {
  const back = document.querySelector('.top-bar > a.icon-button[href]:not(#menu-button)');
  if (back && stage) back.addEventListener('click', (event) => { event.preventDefault(); goUp(); });
  document.getElementById('dock-top')?.addEventListener('click', (event) => {
    if (!stage) return;
    event.preventDefault();
    showLevel(event.currentTarget.href);
  });
  document.getElementById('dock-recentre')?.addEventListener('click', (event) => {
    if (!stage) return;
    event.preventDefault();
    stage.recentre();
  });
  document.getElementById('dock-list')?.addEventListener('click', (event) => {
    event.preventDefault();
    openList(event.currentTarget.href);
  });
  document.getElementById('dock-filter')?.addEventListener('click', (event) => {
    const dialog = document.getElementById('report-filter');
    if (!dialog) return;
    event.preventDefault();
    dialog.showModal();
  });
  document.getElementById('report-filter')?.addEventListener('click', (event) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  });
}

setUpStage();
setUpDock();
const ownViewer = document.querySelector('main #report-viewer-content');
if (ownViewer) startReader(ownViewer);
