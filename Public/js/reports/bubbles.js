// Reports: the library as bubbles. The server lays each level out (KineticCore's BubbleLayout,
// in `data-x`… stage units); this places the bubbles, animates between levels (a tapped
// category moves to the centre while the others collapse into it, its children spread out;
// going back, they collapse into the centre and the parent's return, where the user left them),
// lets a bubble be pressed and held to drag it while the others make room, goes back a level on
// a pinch, Back or Escape, pages through a crowded level (the pager, a sideways swipe, or the
// arrow keys past the last bubble), moves focus between bubbles with the arrow keys, keeps
// every level at its own URL, and opens reports and lists in overlays. With reduced motion,
// moves become cross-fades.

import { prefersReducedMotion } from '../shared/motion.js';
import { follow, relax } from './relax.js';
import { fetchPart, openOverlay, topOverlay } from './overlays.js';

const HOLD_MS = 350;
const MOVE_TOLERANCE = 8;
const PINCH_RATIO = 0.7;
const ANIMATION_MS = 450;

const FADE_MS = 180;
const SWIPE_DISTANCE = 60;
/** From this stage width (CSS pixels) a crowded level uses its wide layout (KineticCore's
 *  BubbleLayout.wideStage). */
const WIDE_STAGE = 560;
/** How long typing rests before the level is searched again. */
const FIND_DELAY_MS = 250;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, prefersReducedMotion() ? 0 : ms));
const fade = () => new Promise((resolve) => setTimeout(resolve, FADE_MS));

/** Where the user dragged a level's bubbles, kept for the tab's life by the level's address,
 *  so coming back to it (Back, a pinch, the trail) shows them as they were left. */
const Arrangements = {
  key: (url, wide) => `kinetic.reports.places:${wide ? 'wide:' : ''}${url.pathname}${url.search}`,
  save({ places, home, url, wide }) {
    try {
      const moved = places.some((place, index) => place.x !== home[index].x || place.y !== home[index].y);
      if (moved) sessionStorage.setItem(this.key(url, wide), JSON.stringify(places.map(({ x, y }) => [x, y])));
      else sessionStorage.removeItem(this.key(url, wide));
    } catch { /* storage full or off: the level starts as laid out */ }
  },
  restore(home, url, wide) {
    try {
      const saved = JSON.parse(sessionStorage.getItem(this.key(url, wide)) ?? 'null');
      if (Array.isArray(saved) && saved.length === home.length) {
        return home.map((place, index) => ({ ...place, x: Number(saved[index][0]), y: Number(saved[index][1]) }));
      }
    } catch { /* unreadable: as laid out */ }
    return home.map((place) => ({ ...place }));
  },
  forget(url, wide) {
    try { sessionStorage.removeItem(this.key(url, wide)); } catch { /* nothing kept */ }
  },
};

/** The stage's bubbles with their places in stage units, at the level's address `url`. A
 *  crowded level comes laid out twice, for a phone and for a wider screen (`data-wide-x`…). */
class Stage {
  constructor(element, url = location.href) {
    this.element = element;
    this.url = new URL(url, location.href);
    this.crowded = element.classList.contains('is-crowded');
    this.centreElement = element.querySelector('.bubble-centre');
    this.elements = [...element.querySelectorAll('.bubble-list .bubble')];
    this.read(this.isWide());
    this.yScale = 1;
  }

  /** Whether the wide layout fits the room the stage has: a crowded level's six columns, or a
   *  ring's landscape stage on a screen wider than tall. */
  isWide() {
    return Boolean(this.element.dataset.wideStageHeight) && this.room() >= WIDE_STAGE
      && (this.crowded || window.innerWidth > window.innerHeight);
  }

  /** The width the stage's parent gives it. */
  room() {
    const parent = this.element.parentElement;
    const style = getComputedStyle(parent);
    return parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  /** Reads the level's places for the narrow or `wide` layout, and where the person left them. */
  read(wide) {
    this.wide = wide;
    const prefix = wide ? 'wide' : '';
    this.height = Number(wide ? this.element.dataset.wideStageHeight : this.element.dataset.stageHeight) || 1.25;
    this.centre = Stage.read(this.centreElement, prefix);
    this.home = this.elements.map((bubble) => Stage.read(bubble, prefix));
    this.places = Arrangements.restore(this.home, this.url, wide);
  }

  static read(bubble, prefix = '') {
    const value = (name) => Number(bubble.dataset[prefix ? prefix + name.toUpperCase() : name]);
    return { x: value('x'), y: value('y'), w: value('w'), h: value('h') };
  }

  get width() { return this.element.clientWidth; }

  /** Sizes the stage for its width and puts every bubble at its place. A ring is at most as
   *  wide as the screen's height allows (a landscape one wider) and stretches to the height left
   *  on the screen; a crowded level takes the width and is as tall as its rows (the page scrolls). */
  layout() {
    if (this.isWide() !== this.wide) this.read(!this.wide);
    const inner = this.room();
    let width, height;
    if (this.crowded) {
      width = Math.min(inner, 900);
      height = width * this.height;
    } else {
      // What is left of the screen under the stage's top, above the toolbar and bottom bar.
      const top = this.element.getBoundingClientRect().top + window.scrollY;
      const pager = document.getElementById('bubble-pager')?.offsetHeight ?? 0;
      const available = window.innerHeight - top - 96 - 40 - 24 - pager;
      width = Math.min(inner, this.wide ? 1100 : 680, Math.max(280, available / this.height));
      height = Math.max(width * this.height, available);
    }
    this.yScale = height / (width * this.height);
    this.element.style.width = `${width}px`;
    this.element.style.height = `${height}px`;
    this.element.classList.add('is-placed');
    this.put(this.centreElement, this.centre);
    this.elements.forEach((bubble, index) => this.put(bubble, this.places[index]));
    this.fitTitles();
  }

  /** Makes each title's type smaller (to 10 px at least; 11 px in a crowded level, where the
   *  titles take the size the middle one needs, so the rows read evenly) until its longest
   *  word fits across its bubble, and the centre's until all its lines show (a level's name is
   *  never cut: "A categor…"); a word that fits at no size may then break. */
  fitTitles() {
    const titles = [...this.element.querySelectorAll('.bubble-title')];
    const smallest = this.crowded ? 11 : 10;
    const fit = (title, floor) => {
      title.style.fontSize = '';
      title.classList.remove('is-cramped');
      let size = parseFloat(getComputedStyle(title).fontSize);
      const whole = title.closest('.bubble-centre') !== null;
      while ((title.scrollWidth > title.clientWidth + 1 || (whole && title.scrollHeight > title.clientHeight + 1)) && size > floor) {
        size -= 1;
        title.style.fontSize = `${size}px`;
      }
      return size;
    };
    const sizes = titles.map((title) => fit(title, smallest));
    if (this.crowded) {
      // Most titles take the size the middle one needs; one that needs less keeps its own.
      const items = titles.map((title, index) => ({ title, size: sizes[index] })).filter(({ title }) => !title.closest('.bubble-centre'));
      const even = items.map(({ size }) => size).sort((a, b) => a - b)[Math.floor(items.length / 2)];
      for (const { title, size } of items) title.style.fontSize = `${Math.min(size, even)}px`;
    }
    for (const title of titles) if (title.scrollWidth > title.clientWidth + 1) title.classList.add('is-cramped');
  }

  /** Puts `bubble` at `place`, scaled by `scale`, with `opacity`. */
  put(bubble, place, scale = 1, opacity = 1) {
    const unit = this.width;
    bubble.style.width = `${place.w * unit}px`;
    bubble.style.height = `${place.h * unit}px`;
    // A circle's text keeps inside the square that fits in it.
    if (bubble.dataset.kind !== 'report' && place.w === place.h) bubble.style.padding = `${Math.round(place.w * unit * 0.13)}px`;
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
    Arrangements.forget(this.url, this.wide);
    this.spread();
  }

  /** Every bubble `offset` stage widths to the side, transparent: where a page slides from. */
  aside(offset) {
    this.elements.forEach((bubble, index) => this.put(bubble, { ...this.places[index], x: this.places[index].x + offset }, 1, 0));
  }

  index(bubble) { return this.elements.indexOf(bubble); }
}

let stage = null;
let busy = false;
/** A Back or Forward that came while a level was changing: shown once that change is done. */
let pendingHistory = null;
/** What was typed to find while the level was changing: searched once that change is done. */
let pendingRefresh = null;

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
  showCurrentCrumb();
}

/** On a phone the trail scrolls: its end, the current level, is what shows. */
function showCurrentCrumb() {
  const trail = document.getElementById('report-trail');
  if (trail) trail.scrollLeft = trail.scrollWidth;
}

// MARK: Moving between levels

function levelDepth(page) {
  return page.querySelectorAll('#report-trail li').length + (page.querySelector('#bubble-stage')?.dataset.start === 'true' ? -1 : 0);
}

/** Shows the level at `url`. `tapped` is the category bubble that leads there (going down),
 *  or null going up; `page` is 1 or -1 for the next or previous page of this level, which
 *  slides in from that side; `refresh` shows the same level found or ordered anew (the
 *  person is typing: no animation, the find field keeps its focus, history is replaced).
 *  After a change of level, focus goes to the new level's heading. */
async function showLevel(url, { tapped = null, push = true, page = 0, refresh = false } = {}) {
  if (busy || !stage) return;
  busy = true;
  // Assistive technology (and a test) waits for the new level rather than reading it half-built.
  const main = document.getElementById('main');
  main?.setAttribute('aria-busy', 'true');
  try {
    const answer = await fetchPart(url, '#bubble-stage');
    if (!answer?.part) return;
    if (refresh) {
      swap(answer.page, answer.part, url, { keepTools: true });
      history.replaceState({ reports: 'level' }, '', url);
      stage.element.classList.add('is-animated');
      announce(document.getElementById('level-find-status')?.textContent);
      return;
    }
    const goingDown = tapped !== null || levelDepth(answer.page) > levelDepth(document);
    Arrangements.save(stage);
    if (page) await slideOut(page);
    else await leave(goingDown ? tapped : null);
    swap(answer.page, answer.part, url);
    if (push) history.pushState({ reports: 'level' }, '', url);
    await (page ? slideIn(page) : arrive());
    announce();
    if (!page) focusHeading();
  } finally {
    busy = false;
    main?.removeAttribute('aria-busy');
    if (pendingHistory) {
      const next = pendingHistory;
      pendingHistory = null;
      showLevel(next, { push: false });
    } else if (pendingRefresh) {
      const next = pendingRefresh;
      pendingRefresh = null;
      showLevel(next, { refresh: true });
    }
  }
}

/** Focus on the level's heading, so a keyboard or screen-reader user carries on from there. */
function focusHeading() {
  const heading = document.querySelector('.top-bar-title');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** This page's bubbles slide away from the side the next comes from (fade with reduced motion). */
async function slideOut(direction) {
  if (prefersReducedMotion()) { await fadeOut(); return; }
  stage.aside(-direction * 0.6);
  await wait(ANIMATION_MS * 0.6);
}

async function slideIn(direction) {
  if (prefersReducedMotion()) { await fadeIn(); return; }
  const element = stage.element;
  stage.aside(direction * 0.6);
  element.getBoundingClientRect();
  element.classList.add('is-animated');
  requestAnimationFrame(() => stage.spread());
  await wait(ANIMATION_MS);
}

/** With reduced motion a change of level is a cross-fade: out, then in. */
async function fadeOut() {
  stage.element.classList.add('is-fading');
  stage.element.style.opacity = '0';
  await fade();
}

async function fadeIn() {
  const element = stage.element;
  element.classList.add('is-animated', 'is-fading');
  element.style.opacity = '0';
  element.getBoundingClientRect();
  element.style.opacity = '1';
  await fade();
  element.classList.remove('is-fading');
}

/** The current bubbles go: into the tapped one, which moves to the centre, or into the centre. */
async function leave(tapped) {
  if (prefersReducedMotion()) { await fadeOut(); return; }
  const target = tapped ? stage.places[stage.index(tapped)] : stage.centre;
  stage.elements.forEach((bubble, index) => {
    if (bubble === tapped) stage.put(bubble, { ...stage.centre, w: stage.centre.w, h: stage.centre.h });
    else stage.put(bubble, { ...stage.places[index], x: target.x, y: target.y }, 0.2, 0);
  });
  if (tapped) stage.put(stage.centreElement, stage.centre, 0.6, 0);
  await wait(ANIMATION_MS * 0.8);
}

/** Puts the new page's stage, trail, pager, title and controls in place of the old; `url` is
 *  the level's address (its kept arrangement is read under it). With `keepTools` the find
 *  field and order stay as the person is using them; only what they say is updated. */
function swap(page, newStage, url, { keepTools = false } = {}) {
  const parts = ['#report-trail', '#bubble-pager', '.reports-dock', '#reports-toolbar', '#report-filter', '#report-filter-notice'];
  const tools = document.getElementById('level-tools'), nextTools = page.getElementById('level-tools');
  if (keepTools && tools && nextTools) {
    document.getElementById('level-find-status').textContent = nextTools.querySelector('#level-find-status')?.textContent ?? '';
  } else {
    parts.unshift('#level-tools');
  }
  for (const selector of parts) {
    const old = document.querySelector(selector), next = page.querySelector(selector);
    if (old && next) old.replaceWith(next);
    else if (old) old.remove();
    else if (next && selector === '#level-tools') document.getElementById('bubble-stage').before(next);
    else if (next) document.getElementById('bubble-stage').after(next);
  }
  const bar = document.querySelector('.top-bar'), nextBar = page.querySelector('.top-bar');
  if (bar && nextBar) bar.replaceWith(nextBar);
  document.title = page.title;
  document.getElementById('bubble-stage').replaceWith(newStage);
  stage = new Stage(newStage, url);
  stage.layout();
  watchPointers(newStage);
  setUpDock();
  if (!keepTools) setUpTools();
  showCurrentCrumb();
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
    await fadeIn();
  }
}

/** Says `message`, or the level's name and what it holds, to assistive technology. */
function announce(message) {
  const status = document.getElementById('reports-status');
  if (status) status.textContent = message ?? `${document.querySelector('.top-bar-title')?.textContent ?? ''}: ${stage.centreElement.querySelector('.bubble-meta')?.textContent ?? ''}`;
}

// MARK: Finding and ordering within a crowded level

/** The find field searches as the person types (after a short rest) and the order applies at
 *  once, each by loading the level's address with `find` and `order`; without script the form
 *  is sent. */
function setUpTools() {
  const form = document.getElementById('level-tools');
  if (!form || !stage) return;
  let timer = null;
  const search = () => {
    clearTimeout(timer);
    const url = new URL(form.action, location.href);
    for (const [name, value] of new FormData(form)) if (String(value).trim()) url.searchParams.set(name, String(value).trim());
    if (url.searchParams.get('order') === 'library') url.searchParams.delete('order');
    const href = url.pathname + url.search;
    if (busy) pendingRefresh = href;
    else showLevel(href, { refresh: true });
  };
  // With script the tools apply as they change: the button that sends them without it goes.
  form.querySelector('.level-tools-submit')?.remove();
  form.addEventListener('submit', (event) => { event.preventDefault(); search(); });
  form.querySelector('#level-find')?.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(search, FIND_DELAY_MS); });
  form.querySelector('#level-order')?.addEventListener('change', search);
}

/** The next (1) or previous (-1) page of a crowded level, when there is one; whether there was.
 *  `focus` is the bubble to focus when it has arrived ('first' or 'last'). */
function turnPage(direction, focus = null) {
  const link = document.querySelector(`#bubble-pager a[data-pager="${direction > 0 ? 'next' : 'prev'}"]`);
  if (!link || busy) return false;
  showLevel(link.href, { page: direction }).then(() => {
    if (!focus) return;
    const bubbles = stage.elements;
    (focus === 'first' ? bubbles[0] : bubbles[bubbles.length - 1])?.focus();
  });
  return true;
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
  let swipe = null;
  let suppressClick = false;

  element.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    swipe = pointers.size === 1 ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
    // A new touch: whatever the last gesture was, it is over (not every drag ends in a click).
    if (pointers.size === 1) suppressClick = false;
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
    // One finger swept sideways (not dragging a bubble): the next or previous page.
    if (swipe?.id === event.pointerId && !drag && event.type === 'pointerup') {
      const dx = event.clientX - swipe.x, dy = event.clientY - swipe.y;
      if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy) * 1.5 && turnPage(dx < 0 ? 1 : -1)) suppressClick = true;
    }
    if (swipe?.id === event.pointerId) swipe = null;
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
    const from = { x: place.x, y: place.y };
    place.x = Math.min(Math.max((event.clientX - drag.rect.left) / unit, place.w / 2), 1 - place.w / 2);
    place.y = Math.min(Math.max((event.clientY - drag.rect.top) / unit / stage.yScale, place.h / 2), stage.height - place.h / 2);
    // The others move with it, the nearer the more (the seed: "in relation to the selected one"),
    // then make room.
    follow(stage.places, drag.index, place.x - from.x, place.y - from.y, stage.height);
    relax(stage.places, stage.centre, stage.height, drag.index);
    stage.spread();
  }

  function endDrag() {
    if (!drag) return;
    drag.bubble.classList.remove('is-dragging', 'is-held');
    drag = null;
    Arrangements.save(stage);
  }
}

// MARK: Overlays

async function openReport(url, { push = true } = {}) {
  // Where focus goes back to when the reader closes: what opened it, or its bubble.
  const opener = document.activeElement !== document.body ? document.activeElement : null;
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
  let reader = startReader(answer.part, url);
  // The reader goes on to another report's hits (one of its search's): it takes this one's place.
  let switching = 0;
  viewer.dialog.addEventListener('reader:open', async (event) => {
    event.preventDefault();
    // The last asked wins: a second Enter while the first report loads goes where it says.
    const asked = ++switching;
    const next = await fetchPart(event.detail.url, '#report-viewer-content');
    if (!next?.part || !viewer.dialog.isConnected || asked !== switching) return;
    (await reader)?.destroy();
    const title = viewer.dialog.querySelector('.overlay-title');
    title.textContent = next.part.querySelector('.report-viewer-title')?.textContent ?? '';
    const body = viewer.dialog.querySelector('.overlay-body');
    body.replaceChildren(next.part);
    body.scrollTop = 0;
    // Focus waits on the new report's title until its reader opens at the hit.
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
    if (history.state?.reports === 'viewer') history.replaceState(history.state, '', event.detail.url);
    url = event.detail.url;
    reader = startReader(next.part, url);
  });
  viewer.closed.then(async () => {
    (await reader)?.destroy();
    const path = new URL(url, location.href).pathname;
    const target = opener?.isConnected ? opener : document.querySelector(`.bubble-list a[href="${CSS.escape(path)}"]`);
    target?.focus({ preventScroll: !target.closest('.bubble-list') });
  });
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
  if (stage && event.state?.reports === 'level') {
    if (busy) pendingHistory = location.href;
    else showLevel(location.href, { push: false });
  }
});

/** In a crowded level's rows, the bubble in the row below (1) or above (-1) `bubble` nearest
 *  to it across; null in the last (first) row. */
function bubbleInNextRow(bubbles, bubble, direction) {
  const centre = (element) => { const box = element.getBoundingClientRect(); return { x: box.left + box.width / 2, y: box.top + box.height / 2 }; };
  const from = centre(bubble);
  const rows = bubbles.filter((other) => other !== bubble).map((element) => ({ element, ...centre(element) }))
    .filter((other) => (other.y - from.y) * direction > 4);
  if (!rows.length) return null;
  const nearestRow = Math.min(...rows.map((other) => Math.abs(other.y - from.y)));
  const row = rows.filter((other) => Math.abs(Math.abs(other.y - from.y) - nearestRow) < 4);
  return row.reduce((best, other) => (Math.abs(other.x - from.x) < Math.abs(best.x - from.x) ? other : best)).element;
}

// The arrow keys move between the level's bubbles in their order (past either end, to the
// next or previous page); in a crowded level's rows, Up and Down go a row up or down. Home and
// End go to the first and the last.
document.addEventListener('keydown', (event) => {
  const bubble = event.target.closest?.('.bubble-list .bubble');
  if (!bubble || !stage || event.altKey || event.ctrlKey || event.metaKey) return;
  const bubbles = stage.elements, index = bubbles.indexOf(bubble);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  const byRow = stage.crowded && (event.key === 'ArrowDown' || event.key === 'ArrowUp');
  let target = null;
  if (byRow) target = bubbleInNextRow(bubbles, bubble, step);
  else if (step) target = bubbles[index + step] ?? null;
  else if (event.key === 'Home') target = bubbles[0];
  else if (event.key === 'End') target = bubbles[bubbles.length - 1];
  else return;
  event.preventDefault();
  if (target) target.focus();
  else if (step) turnPage(step, step > 0 ? 'first' : 'last');
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
  for (const link of document.querySelectorAll('#bubble-pager a[data-pager]')) {
    link.addEventListener('click', (event) => {
      if (!stage || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      turnPage(link.dataset.pager === 'next' ? 1 : -1);
    });
  }
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
setUpTools();
const ownViewer = document.querySelector('main #report-viewer-content');
if (ownViewer) startReader(ownViewer);

/** The reader (its module comes when a report is first opened: the bubbles do without it). */
async function startReader(article, url) {
  const { startReader: start } = await import('./reader.js');
  return start(article, url);
}
