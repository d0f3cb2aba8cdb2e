// The report reader: pdf.js (Debian's libjs-pdf, served under /vendor/pdfjs/) draws the PDF in
// place of the page images, sharp at any zoom and on any screen, with its text selectable; a
// page counter that goes to a page; zoom by buttons, pinch, Ctrl+wheel or keys (+, -, 0); and
// find in the document (Ctrl+F, Enter and Shift+Enter for next and previous). Opened at
// `?page=12&find=words` it starts at that page with the words highlighted. When pdf.js cannot
// open the PDF the page images stay, as they are without script.

import { prefersReducedMotion } from '../shared/motion.js';

const CSS_UNITS = 96 / 72;
const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
const ZOOM_STEP = 1.25;
/** The most canvas pixels of one page (Safari refuses bigger canvases). */
const MAX_CANVAS_PIXELS = 16_000_000;
/** Pages drawn at once; farther ones give their canvas back. */
const KEPT_PAGES = 12;

let pdfjsReady = null;

/** Loads pdf.js once (a classic script that defines `pdfjsLib`). */
function loadPdfjs(src) {
  if (!pdfjsReady) {
    pdfjsReady = new Promise((resolve, reject) => {
      if (window.pdfjsLib) { resolve(window.pdfjsLib); return; }
      const script = document.createElement('script');
      script.src = src;
      script.onload = () => (window.pdfjsLib ? resolve(window.pdfjsLib) : reject(new Error('pdf.js did not load')));
      script.onerror = () => { pdfjsReady = null; reject(new Error('pdf.js did not load')); };
      document.head.append(script);
    });
  }
  return pdfjsReady;
}

/** `text` lower-cased without diacritics and with each run of spaces as one, with where each
 *  of its characters came from. */
function fold(text) {
  let folded = '';
  const from = [];
  for (let index = 0; index < text.length; index++) {
    if (/\s/.test(text[index])) {
      if (!folded.endsWith(' ')) { folded += ' '; from.push(index); }
      continue;
    }
    const base = text[index].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const character of base) { folded += character; from.push(index); }
  }
  from.push(text.length);
  return { folded, from };
}

/** What to find in `text`: each "quoted phrase" whole, and each other word; folded, each once,
 *  longest first. */
export function findTerms(text) {
  const phrases = [...text.matchAll(/["“„”]([^"“„”]+)["“”]/g)].map((match) => match[1]);
  const words = text.replace(/["“„”][^"“„”]+["“”]/g, ' ').split(/\s+/).map((word) => word.replace(/^["'“„-]+|["'”]+$/g, ''));
  const terms = [...new Set([...phrases, ...words].map((term) => fold(term.trim()).folded).filter(Boolean))];
  return terms.sort((a, b) => b.length - a.length);
}

/** Where the `terms` are in `text`, each at the start of a word (as search finds words by
 *  their start: "eleve" finds "élève", not "relèvent"), as sorted, non-overlapping [start, end)
 *  ranges. */
export function matchRanges(text, terms) {
  if (!terms.length || !text) return [];
  const { folded, from } = fold(text);
  const ranges = [];
  for (const term of terms) {
    let at = folded.indexOf(term);
    while (at !== -1) {
      if (at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1])) ranges.push([from[at], from[at + term.length - 1] + 1]);
      at = folded.indexOf(term, at + 1);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** The element that scrolls `element`: the overlay's body, or the page. */
function scrollerOf(element) {
  return element.closest('.overlay-body') ?? document.scrollingElement;
}

/** Turns the viewer `article` into the reader; `url` is the address it was opened at. */
export async function startReader(article, url = location.href) {
  const controls = article.querySelector('.reader-controls');
  const fallback = article.querySelector('.report-pages');
  if (!controls || !fallback || !article.dataset.pdfjs || article.dataset.reader) return null;
  article.dataset.reader = 'opening';
  const params = new URL(url, location.href).searchParams;
  let pdfjs, pdf;
  try {
    pdfjs = await loadPdfjs(article.dataset.pdfjs);
    const base = article.dataset.pdfjs.replace(/build\/pdf\.js$/, '');
    pdfjs.GlobalWorkerOptions.workerSrc = `${base}build/pdf.worker.js`;
    pdf = await pdfjs.getDocument({
      url: article.dataset.pdf, cMapUrl: `${base}web/cmaps/`, cMapPacked: true,
      standardFontDataUrl: `${base}web/standard_fonts/`, isEvalSupported: false, disableAutoFetch: true,
    }).promise;
  } catch {
    article.dataset.reader = 'failed';
    const note = document.createElement('p');
    note.className = 'reader-failed';
    note.textContent = controls.dataset.failed;
    fallback.before(note);
    fallback.querySelector(`#page-${Number.parseInt(params.get('page') ?? '', 10)}`)?.scrollIntoView({ block: 'start' });
    return null;
  }
  if (!article.isConnected) { pdf.destroy(); return null; }
  // Read once, it is kept for reading without a network (the service worker keeps the last few).
  navigator.serviceWorker?.controller?.postMessage({ kind: 'keep-report', url: article.dataset.pdf });
  const reader = new Reader(article, controls, fallback, pdfjs, pdf);
  await reader.open(Number.parseInt(params.get('page') ?? '1', 10) || 1, params.get('find') ?? '');
  return reader;
}

class Reader {
  constructor(article, controls, fallback, pdfjs, pdf) {
    this.article = article;
    this.controls = controls;
    this.pdfjs = pdfjs;
    this.pdf = pdf;
    this.count = pdf.numPages;
    this.scroller = scrollerOf(article);
    this.zoom = 'fit';
    this.scale = 1;
    this.numbers = new Intl.NumberFormat(document.documentElement.lang || undefined);
    this.percent = new Intl.NumberFormat(document.documentElement.lang || undefined, { style: 'percent' });
    this.textContents = new Map();
    // What the reader listens to outside its own elements, let go by destroy().
    this.outside = new AbortController();
    this.drawn = new Set();
    this.hits = [];
    this.current = -1;
    this.terms = [];

    this.box = document.createElement('div');
    this.box.className = 'reader-pages';
    this.box.tabIndex = 0;
    this.box.setAttribute('aria-label', fallback.getAttribute('aria-label') ?? '');
    this.pages = [];
    for (let number = 1; number <= this.count; number++) {
      const page = document.createElement('section');
      page.className = 'reader-page';
      page.id = `reader-page-${number}`;
      page.dataset.page = String(number);
      page.setAttribute('aria-label', this.label(controls.dataset.pageLabel, number, this.count));
      this.box.append(page);
      this.pages.push({ element: page, number, width: 0, height: 0, scale: 0, task: null, proxy: null });
    }
    fallback.replaceWith(this.box);
    this.fallback = fallback;
    controls.hidden = false;
    article.dataset.reader = 'open';
    this.field = (name) => controls.querySelector(`[data-reader="${name}"]`);
    this.findForm = controls.querySelector('form.reader-find');
    this.wire();
  }

  /** Lets go of the PDF, its pages and every listener outside the reader (its overlay closed). */
  destroy() {
    this.outside.abort();
    this.observer?.disconnect();
    for (const view of this.pages) view.task?.cancel();
    this.pdf.destroy();
  }

  label(template, ...values) {
    return values.reduce((text, value, index) => text.replace(`%${index + 1}`, this.numbers.format(value)), template);
  }

  async open(page, words) {
    const first = await this.pdf.getPage(1);
    const size = first.getViewport({ scale: 1 });
    for (const view of this.pages) { view.width = size.width; view.height = size.height; }
    this.pages[0].proxy = first;
    this.layout();
    this.observe();
    this.goTo(Math.min(Math.max(page, 1), this.count), { smooth: false });
    if (words.trim()) {
      this.field('words').value = words;
      this.showFind(false);
      await this.find(words, page);
    }
  }

  // MARK: Layout and drawing

  fitScale() {
    const width = this.box.clientWidth - 16;
    return Math.max(MIN_SCALE, Math.min(MAX_SCALE, width / (this.pages[0].width * CSS_UNITS)));
  }

  /** Sizes every page for the current zoom; drawn pages are drawn again. */
  layout() {
    this.scale = this.zoom === 'fit' ? this.fitScale() : this.zoom;
    for (const view of this.pages) this.size(view);
    this.field('fit').textContent = this.percent.format(Math.round(this.scale * 100) / 100);
    const widest = Math.max(...this.pages.map((view) => view.width)) * CSS_UNITS * this.scale;
    this.box.classList.toggle('is-zoomed', widest + 16 > this.box.clientWidth + 1);
    for (const number of this.drawn) this.draw(this.pages[number - 1]);
  }

  size(view) {
    view.element.style.width = `${Math.floor(view.width * CSS_UNITS * this.scale)}px`;
    view.element.style.height = `${Math.floor(view.height * CSS_UNITS * this.scale)}px`;
  }

  observe() {
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) this.draw(this.pages[Number(entry.target.dataset.page) - 1]);
      }
    }, { root: this.scroller === document.scrollingElement ? null : this.scroller, rootMargin: '100% 0px' });
    for (const view of this.pages) this.observer.observe(view.element);
    const onScroll = () => {
      if (this.scrollFrame) return;
      this.scrollFrame = requestAnimationFrame(() => { this.scrollFrame = 0; this.showPageNumber(); });
    };
    (this.scroller === document.scrollingElement ? window : this.scroller)
      .addEventListener('scroll', onScroll, { passive: true, signal: this.outside.signal });
  }

  /** Draws `view` at the current scale: the canvas, then the text layer with any matches. */
  async draw(view) {
    if (view.scale === this.scale && view.element.querySelector('canvas')) return;
    view.task?.cancel();
    this.drawn.add(view.number);
    this.release();
    const scale = this.scale;
    view.scale = scale;
    try {
      view.proxy ??= await this.pdf.getPage(view.number);
      const natural = view.proxy.getViewport({ scale: 1 });
      if (natural.width !== view.width || natural.height !== view.height) this.resize(view, natural);
      const viewport = view.proxy.getViewport({ scale: scale * CSS_UNITS });
      const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      canvas.setAttribute('aria-hidden', 'true');
      view.task = view.proxy.render({
        canvasContext: canvas.getContext('2d', { alpha: false }), viewport, transform: ratio === 1 ? null : [ratio, 0, 0, ratio, 0, 0],
      });
      await view.task.promise;
      if (view.scale !== scale) return;
      const text = document.createElement('div');
      text.className = 'reader-text';
      // The page's words in the report's language, for screen readers and selection.
      if (this.article.dataset.language) text.lang = this.article.dataset.language;
      const textContent = await this.textOf(view.number);
      const textDivs = [];
      const strings = [];
      await this.pdfjs.renderTextLayer({ textContent, container: text, viewport, textDivs, textContentItemsStr: strings }).promise;
      if (view.scale !== scale) return;
      view.textDivs = textDivs;
      view.strings = strings;
      view.element.replaceChildren(canvas, text);
      view.element.classList.add('is-drawn');
      this.mark(view);
    } catch (error) {
      if (error?.name !== 'RenderingCancelledException') view.scale = 0;
    } finally {
      if (view.scale === scale) view.task = null;
    }
  }

  /** Gives back the canvases of the pages farthest from the one shown. */
  release() {
    if (this.drawn.size <= KEPT_PAGES) return;
    const shown = this.shownPage();
    const far = [...this.drawn].sort((a, b) => Math.abs(b - shown) - Math.abs(a - shown));
    for (const number of far.slice(0, this.drawn.size - KEPT_PAGES)) {
      const view = this.pages[number - 1];
      view.task?.cancel();
      view.element.replaceChildren();
      view.element.classList.remove('is-drawn');
      view.scale = 0;
      this.drawn.delete(number);
    }
  }

  /** A page of another size than the first: resized, keeping what is shown in place. */
  resize(view, natural) {
    const before = view.element.getBoundingClientRect();
    view.width = natural.width;
    view.height = natural.height;
    this.size(view);
    const after = view.element.getBoundingClientRect();
    if (before.bottom <= this.viewTop()) this.scroller.scrollTop += after.height - before.height;
  }

  viewTop() {
    return this.scroller === document.scrollingElement ? 0 : this.scroller.getBoundingClientRect().top;
  }

  async textOf(number) {
    if (!this.textContents.has(number)) {
      this.textContents.set(number, this.pdf.getPage(number).then((page) => page.getTextContent()));
    }
    return this.textContents.get(number);
  }

  // MARK: Pages

  /** The page across the line a little above the middle of the view. */
  shownPage() {
    const line = this.viewTop() + (this.scroller === document.scrollingElement ? window.innerHeight : this.scroller.clientHeight) * 0.45;
    let low = 0, high = this.pages.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.pages[middle].element.getBoundingClientRect().bottom < line) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  }

  showPageNumber() {
    const input = this.field('page');
    if (document.activeElement !== input) input.value = this.numbers.format(this.shownPage());
  }

  goTo(number, { smooth = true } = {}) {
    const view = this.pages[Math.min(Math.max(number, 1), this.count) - 1];
    const sticky = Number.parseFloat(getComputedStyle(this.controls).top) || 0;
    view.element.style.scrollMarginTop = `${Math.max(sticky, 0) + this.controls.getBoundingClientRect().height + 8}px`;
    view.element.scrollIntoView({ block: 'start', behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
    this.field('page').value = this.numbers.format(view.number);
  }

  // MARK: Zoom

  /** Zooms to `zoom` ('fit' or a scale), keeping the point at (`x`, `y`) in the view still. */
  zoomTo(zoom, x, y) {
    const box = this.box.getBoundingClientRect();
    const focusX = x ?? box.left + box.width / 2;
    const focusY = y ?? this.viewTop() + (this.scroller === document.scrollingElement ? window.innerHeight : this.scroller.clientHeight) / 2;
    const before = this.scale;
    const contentX = this.box.scrollLeft + focusX - box.left;
    const contentY = this.scroller.scrollTop + focusY - this.viewTop();
    this.zoom = zoom === 'fit' ? 'fit' : Math.min(MAX_SCALE, Math.max(MIN_SCALE, zoom));
    this.layout();
    const factor = this.scale / before;
    this.box.scrollLeft = contentX * factor - (focusX - box.left);
    this.scroller.scrollTop = contentY * factor - (focusY - this.viewTop());
  }

  // MARK: Find

  showFind(focus = true) {
    this.findForm.hidden = false;
    this.field('find').setAttribute('aria-expanded', 'true');
    if (focus) this.field('words').focus();
  }

  hideFind() {
    this.findForm.hidden = true;
    this.field('find').setAttribute('aria-expanded', 'false');
    this.field('find').focus();
    this.find('');
  }

  /** Finds `words` in every page; the first match at or after page `from` is the current. */
  async find(words, from = this.shownPage()) {
    const run = (this.findRun = (this.findRun ?? 0) + 1);
    this.terms = findTerms(words);
    this.hits = [];
    this.current = -1;
    const status = this.field('status');
    if (!this.terms.length) {
      status.textContent = '';
      for (const number of this.drawn) this.mark(this.pages[number - 1]);
      return;
    }
    status.textContent = this.controls.dataset.searching;
    const hits = [];
    for (let number = 1; number <= this.count; number++) {
      let content;
      try {
        content = await this.textOf(number);
      } catch {
        return; // the reader was closed (its PDF let go) while it looked
      }
      if (run !== this.findRun) return;
      content.items.forEach((item, index) => {
        for (const [start, end] of matchRanges(item.str ?? '', this.terms)) hits.push({ page: number, item: index, start, end });
      });
    }
    this.hits = hits;
    for (const number of this.drawn) this.mark(this.pages[number - 1]);
    if (!hits.length) { status.textContent = this.controls.dataset.noHits; return; }
    const next = hits.findIndex((hit) => hit.page >= from);
    this.select(next === -1 ? 0 : next);
  }

  /** Makes hit `index` the current one: its page shown, its match scrolled into view. */
  select(index) {
    if (!this.hits.length) return;
    this.current = (index + this.hits.length) % this.hits.length;
    const hit = this.hits[this.current];
    this.field('status').textContent = this.label(this.controls.dataset.hits, this.current + 1, this.hits.length);
    const view = this.pages[hit.page - 1];
    for (const number of this.drawn) this.mark(this.pages[number - 1]);
    const mark = view.element.querySelector('mark.is-current');
    if (mark) mark.scrollIntoView({ block: 'center', inline: 'center' });
    else {
      this.goTo(hit.page, { smooth: false });
      this.draw(view).then(() => view.element.querySelector('mark.is-current')?.scrollIntoView({ block: 'center', inline: 'center' }));
    }
  }

  /** Marks the matches in `view`'s text layer, the current one apart. */
  mark(view) {
    if (!view.textDivs) return;
    const current = this.hits[this.current];
    view.textDivs.forEach((div, index) => {
      const text = view.strings[index] ?? '';
      const ranges = matchRanges(text, this.terms);
      if (!ranges.length) {
        if (div.querySelector('mark')) div.textContent = text;
        return;
      }
      const parts = [];
      let at = 0;
      for (const [start, end] of ranges) {
        if (start > at) parts.push(document.createTextNode(text.slice(at, start)));
        const mark = document.createElement('mark');
        mark.className = 'reader-hit';
        if (current && current.page === view.number && current.item === index && current.start === start) mark.classList.add('is-current');
        mark.textContent = text.slice(start, end);
        parts.push(mark);
        at = end;
      }
      if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
      div.replaceChildren(...parts);
    });
  }

  // MARK: Controls

  wire() {
    const on = (name, handler) => this.field(name)?.addEventListener('click', handler);
    on('previous-page', () => this.goTo(this.shownPage() - 1));
    on('next-page', () => this.goTo(this.shownPage() + 1));
    on('zoom-in', () => this.zoomTo(this.scale * ZOOM_STEP));
    on('zoom-out', () => this.zoomTo(this.scale / ZOOM_STEP));
    on('fit', () => this.zoomTo('fit'));
    on('find', () => (this.findForm.hidden ? this.showFind() : this.hideFind()));
    on('previous-hit', () => this.select(this.current - 1));
    on('next-hit', () => this.select(this.current + 1));
    on('close-find', () => this.hideFind());

    const page = this.field('page');
    page.addEventListener('focus', () => page.select());
    page.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      const number = Number.parseInt(page.value.replace(/\D/g, ''), 10);
      if (number) this.goTo(number);
      else this.showPageNumber();
    });
    page.addEventListener('blur', () => this.showPageNumber());

    const words = this.field('words');
    let typing = 0;
    words.addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(() => this.find(words.value), 250);
    });
    this.findForm.addEventListener('submit', (event) => event.preventDefault());
    words.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        if (this.terms.join(' ') !== findTerms(words.value).join(' ')) this.find(words.value);
        else this.select(this.current + (event.shiftKey ? -1 : 1));
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.hideFind();
      }
    });

    this.article.addEventListener('keydown', (event) => this.key(event));
    if (this.scroller === document.scrollingElement) {
      document.addEventListener('keydown', (event) => { if (event.target === document.body) this.key(event); }, { signal: this.outside.signal });
    }
    window.addEventListener('resize', () => { if (this.zoom === 'fit') this.zoomTo('fit'); }, { signal: this.outside.signal });
    this.enablePinch();
  }

  key(event) {
    const typing = event.target.closest?.('input, textarea, select');
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      this.showFind();
      this.field('words').select();
      return;
    }
    if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
    const sideways = this.box.scrollWidth > this.box.clientWidth + 1;
    const actions = {
      '+': () => this.zoomTo(this.scale * ZOOM_STEP), '=': () => this.zoomTo(this.scale * ZOOM_STEP),
      '-': () => this.zoomTo(this.scale / ZOOM_STEP), '0': () => this.zoomTo('fit'),
      ArrowLeft: sideways ? null : () => this.goTo(this.shownPage() - 1),
      ArrowRight: sideways ? null : () => this.goTo(this.shownPage() + 1),
    };
    const action = actions[event.key];
    if (action) { event.preventDefault(); action(); }
  }

  /** Two fingers zoom: the pages follow the fingers, then are drawn again at the new scale. */
  enablePinch() {
    const pointers = new Map();
    let pinch = null;
    const distance = () => { const [a, b] = [...pointers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
    const middle = () => { const [a, b] = [...pointers.values()]; return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; };
    this.box.addEventListener('pointerdown', (event) => {
      if (event.pointerType !== 'touch') return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 2) {
        const at = middle();
        const box = this.box.getBoundingClientRect();
        pinch = { start: distance(), at, origin: `${at.x - box.left + this.box.scrollLeft}px ${at.y - box.top}px` };
        this.box.style.transformOrigin = pinch.origin;
        this.article.dataset.pinching = 'true';
      }
    });
    this.box.addEventListener('pointermove', (event) => {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && pointers.size === 2) {
        pinch.ratio = distance() / pinch.start;
        this.box.style.transform = `scale(${pinch.ratio})`;
      }
    });
    const end = (event) => {
      pointers.delete(event.pointerId);
      if (!pinch || pointers.size >= 2) return;
      const { ratio = 1, at } = pinch;
      pinch = null;
      this.box.style.transform = '';
      delete this.article.dataset.pinching;
      if (Math.abs(ratio - 1) > 0.02) this.zoomTo(this.scale * ratio, at.x, at.y);
    };
    this.box.addEventListener('pointerup', end);
    this.box.addEventListener('pointercancel', end);
    this.box.addEventListener('wheel', (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      this.zoomTo(this.scale * Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
    }, { passive: false });
  }
}
