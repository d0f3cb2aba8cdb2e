// The report reader: pdf.js (Debian's libjs-pdf, served under /vendor/pdfjs/) draws the PDF in
// place of the page images, sharp at any zoom and on any screen, with its text selectable; a
// page counter that goes to a page; zoom by buttons, pinch, Ctrl+wheel or keys (+, -, 0); and
// find in the document (Ctrl+F, Enter and Shift+Enter for next and previous), its hits listed
// by the server (every page, quickly, in a 5,000-page book) or, offline, found by pdf.js; a
// panel with the PDF's outline, its pages as thumbnails and the list of hits. Opened at
// `?page=12&find=words` it starts at that page with the words highlighted; from a search
// (`&search=`), the next hit after a report's last is the first of the search's next report
// ("3 of 17 hits in 5 reports"). When pdf.js cannot open the PDF the page images stay, as they are
// without script.

import { prefersReducedMotion } from '../shared/motion.js';
import { findTerms, matchRanges, pageMatches, spellingKey } from './find.js';

export { findTerms, matchRanges, pageMatches };

const CSS_UNITS = 96 / 72;
const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
const ZOOM_STEP = 1.25;
/** The most canvas pixels of one page (Safari refuses bigger canvases). */
const MAX_CANVAS_PIXELS = 16_000_000;
/** Pages drawn at once; farther ones give their canvas back. */
const KEPT_PAGES = 12;
/** A thumbnail's width in CSS pixels, and how many are kept drawn. */
const THUMB_WIDTH = 96;
const KEPT_THUMBS = 120;
/** Below this width the panel closes once a page is chosen (it covers the pages). */
const WIDE = 700;

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
  const reader = new Reader(article, controls, fallback, pdfjs, pdf, params.get('search') ?? '');
  await reader.open(Number.parseInt(params.get('page') ?? '1', 10) || 1, params.get('find') ?? '', params.get('hit'));
  return reader;
}

class Reader {
  constructor(article, controls, fallback, pdfjs, pdf, search) {
    this.article = article;
    /** The search the reader was opened from: its reports' hits follow this one's. */
    this.search = search;
    /** Every hit's count by report, in the search's order, when it found more than this one. */
    this.reports = [];
    this.total = 0;
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
    this.panel = controls.querySelector('.reader-panel');
    this.wire();
  }

  /** Lets go of the PDF, its pages and every listener outside the reader (its overlay closed). */
  destroy() {
    this.destroyed = true;
    this.findRun = (this.findRun ?? 0) + 1;
    clearTimeout(this.typing);
    cancelAnimationFrame(this.scrollFrame);
    this.asking?.abort();
    this.outside.abort();
    this.observer?.disconnect();
    this.thumbObserver?.disconnect();
    for (const view of this.pages) view.task?.cancel();
    this.pdf.destroy();
  }

  label(template, ...values) {
    return values.reduce((text, value, index) => text.replace(`%${index + 1}`, this.numbers.format(value)), template);
  }

  async open(page, words, hit) {
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
      await this.find(words, page, { hit });
      // Come from another report's hits: Enter goes on to the next.
      if (hit) this.field('words').focus({ preventScroll: true });
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
      view.eols = textContent.items.map((item) => item.hasEOL);
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

  /** The page across the line a little above the middle of what the bar leaves of the view (the
   *  last at the end). */
  shownPage() {
    // Scrolled to the end: the last page, which may never reach the line.
    const end = this.scroller === document.scrollingElement ? window.innerHeight : this.scroller.clientHeight;
    if (this.scroller.scrollTop > 0 && this.scroller.scrollTop + end >= this.scroller.scrollHeight - 2
      && this.pages[this.count - 1].element.getBoundingClientRect().top < this.viewTop() + end) return this.count;
    // What the sticky bar (and its open panel) leaves of the view.
    const top = Math.max(this.viewTop(), this.controls.getBoundingClientRect().bottom);
    const line = top + (this.viewTop() + end - top) * 0.45;
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
    const shown = this.shownPage();
    if (document.activeElement !== input) input.value = this.numbers.format(shown);
    this.markThumbnail(shown);
  }

  /** Marks page `number`'s thumbnail as the page shown. */
  markThumbnail(number) {
    if (!this.thumbnails || this.shownThumb === number) return;
    this.thumbnails[this.shownThumb - 1]?.removeAttribute('aria-current');
    this.thumbnails[number - 1]?.setAttribute('aria-current', 'page');
    this.shownThumb = number;
  }

  goTo(number, { smooth = true } = {}) {
    const view = this.pages[Math.min(Math.max(number, 1), this.count) - 1];
    const sticky = Number.parseFloat(getComputedStyle(this.controls).top) || 0;
    view.element.style.scrollMarginTop = `${Math.max(sticky, 0) + this.controls.getBoundingClientRect().height + 8}px`;
    view.element.scrollIntoView({ block: 'start', behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
    this.field('page').value = this.numbers.format(view.number);
    this.markThumbnail(view.number);
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

  /** Finds `words` in every page; the hit `hit` names ('first', 'last') or else the first at
   *  or after page `from` is the current. */
  async find(words, from = this.shownPage(), { hit = null } = {}) {
    if (this.destroyed) return;
    const run = (this.findRun = (this.findRun ?? 0) + 1);
    this.terms = findTerms(words);
    this.hits = [];
    this.reports = [];
    this.total = 0;
    this.current = -1;
    const status = this.field('status');
    if (!this.terms.length) {
      status.textContent = '';
      this.markDrawn();
      this.listHits();
      return;
    }
    status.textContent = this.controls.dataset.searching;
    let answer = await this.hitsFromServer(words);
    if (run !== this.findRun || this.destroyed) return;
    if (answer === 'failed') { status.textContent = this.controls.dataset.findFailed; return; }
    answer ??= await this.hitsInPDF(run);
    if (run !== this.findRun || !answer) return;
    const { hits, total, reports } = answer;
    this.hits = hits;
    this.total = total;
    this.reports = reports;
    this.words = words;
    this.markDrawn();
    this.listHits();
    if (!hits.length) { status.textContent = this.controls.dataset.noHits; return; }
    const next = hits.findIndex((found) => found.page >= from);
    this.select(hit === 'last' ? hits.length - 1 : hit === 'first' || next === -1 ? 0 : next);
  }

  /** The hits the server lists (every page of the report's indexed text, and the other reports
   *  of the search), each numbered on its page as the marks are, with their count and the
   *  search's reports; null without a network (pdf.js looks then), 'failed' when the server
   *  could not answer. A find begun after it cancels it. */
  async hitsFromServer(words, from = 0) {
    if (!this.article.dataset.hitList) return null;
    const url = new URL(this.article.dataset.hitList, location.href);
    url.searchParams.set('find', words);
    if (this.search) url.searchParams.set('search', this.search);
    if (from) url.searchParams.set('from', String(from));
    this.asking?.abort();
    const asking = (this.asking = new AbortController());
    let answer;
    try {
      const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal: asking.signal });
      if (!response.ok) return 'failed';
      answer = await response.json();
    } catch {
      return asking.signal.aborted ? 'failed' : null;
    }
    // Numbered on their pages on from the hits listed before.
    const onPage = new Map();
    if (from) for (const listed of this.hits) onPage.set(listed.page, listed.ordinal + 1);
    const hits = answer.hits.filter((found) => found.page >= 1 && found.page <= this.count).map((found) => {
      const ordinal = onPage.get(found.page) ?? 0;
      onPage.set(found.page, ordinal + 1);
      return { ...found, ordinal };
    });
    return { hits, total: answer.count, reports: answer.reports ?? [] };
  }

  /** The hits pdf.js finds in every page's text (without a network); null when the reader
   *  closed or another find began while it looked. */
  async hitsInPDF(run) {
    const hits = [];
    for (let number = 1; number <= this.count; number++) {
      let content;
      try {
        content = await this.textOf(number);
      } catch {
        return null; // the reader was closed (its PDF let go) while it looked
      }
      if (run !== this.findRun) return null;
      const strings = content.items.map((item) => item.str ?? '');
      pageMatches(strings, this.terms, content.items.map((item) => item.hasEOL)).forEach((parts, ordinal) => {
        const [item, start] = parts[0], [lastItem, , end] = parts[parts.length - 1];
        const match = parts.map(([part, from, to]) => strings[part].slice(from, to)).join('');
        hits.push({ page: number, ordinal, before: strings[item].slice(0, start), match, after: strings[lastItem].slice(end) });
      });
    }
    return { hits, total: hits.length, reports: [] };
  }

  /** Makes hit `index` the current one: its page shown, its match scrolled into view. Past the
   *  last (or before the first) of a search's report, the search's next (previous) report opens
   *  at its first (last) hit. */
  async select(index) {
    if (!this.hits.length) return;
    // Past the hits listed so far, the next batch is read first.
    if (index >= this.hits.length && this.hits.length < this.total && !(await this.readOn())) return;
    if (this.reports.length > 1 && (index < 0 || index >= this.hits.length)) {
      const at = this.reports.findIndex((report) => report.id === this.article.dataset.report);
      const step = index < 0 ? -1 : 1;
      this.openReport(this.reports[(at + step + this.reports.length) % this.reports.length], step < 0 ? 'last' : 'first');
      return;
    }
    this.current = (index + this.hits.length) % this.hits.length;
    const hit = this.hits[this.current];
    this.field('status').textContent = this.hitStatus();
    const view = this.pages[Math.min(Math.max(hit.page, 1), this.count) - 1];
    this.markDrawn();
    for (const button of this.panel.querySelectorAll('.reader-hits button[aria-current]')) button.removeAttribute('aria-current');
    this.panel.querySelector(`.reader-hits button[data-hit="${this.current}"]`)?.setAttribute('aria-current', 'true');
    const mark = view.element.querySelector('mark.is-current');
    if (mark) mark.scrollIntoView({ block: 'center', inline: 'center' });
    else {
      // Shown once its page is drawn (by whichever draw of it ends: scrolling there starts one).
      this.revealing = hit;
      this.goTo(hit.page, { smooth: false });
      this.draw(view);
    }
  }

  /** Lists the server's next batch of this report's hits; false when it could not. */
  async readOn() {
    if (this.readingOn) return this.readingOn;
    const run = this.findRun;
    this.readingOn = (async () => {
      const answer = await this.hitsFromServer(this.words, this.hits.length);
      if (run !== this.findRun || !answer || answer === 'failed' || !answer.hits.length) return false;
      this.hits = this.hits.concat(answer.hits);
      this.listHits();
      return true;
    })();
    try {
      return await this.readingOn;
    } finally {
      this.readingOn = null;
    }
  }

  /** "3 of 17", or across a search's reports "9 of 40 hits in 5 reports". */
  hitStatus() {
    const at = this.reports.findIndex((report) => report.id === this.article.dataset.report);
    if (this.reports.length > 1 && at !== -1) {
      const before = this.reports.slice(0, at).reduce((sum, report) => sum + report.count, 0);
      const all = this.reports.reduce((sum, report) => sum + report.count, 0);
      return this.label(this.controls.dataset.hitsAcross, before + this.current + 1, all, this.reports.length);
    }
    return this.label(this.controls.dataset.hits, this.current + 1, Math.max(this.total, this.hits.length));
  }

  /** Opens `report` (one of the search's) at its `hit` ('first' or 'last'): in place of this one
   *  where the viewer is an overlay (which listens for `reader:open`), else as a page. */
  openReport(report, hit) {
    const url = new URL(report.href, location.href);
    url.searchParams.set('hit', hit);
    const event = new CustomEvent('reader:open', { bubbles: true, cancelable: true, detail: { url: url.href } });
    if (this.article.dispatchEvent(event)) location.assign(url.href);
  }

  markDrawn() {
    for (const number of this.drawn) this.mark(this.pages[number - 1]);
  }

  /** Marks the matches in `view`'s text layer (a word may run over two of its items), the
   *  current one apart (by its number on the page). */
  mark(view) {
    if (!view.textDivs) return;
    const current = this.hits[this.current];
    const matches = pageMatches(view.strings, this.terms, view.eols);
    const currentOrdinal = current && current.page === view.number ? this.ordinalOnPage(current, matches, view) : -1;
    const byItem = new Map();
    matches.forEach((parts, ordinal) => {
      for (const [item, start, end] of parts) {
        if (!byItem.has(item)) byItem.set(item, []);
        byItem.get(item).push({ start, end, isCurrent: ordinal === currentOrdinal });
      }
    });
    view.textDivs.forEach((div, index) => {
      const text = view.strings[index] ?? '';
      const ranges = byItem.get(index);
      if (!ranges) {
        if (div.querySelector('mark')) div.textContent = text;
        return;
      }
      const parts = [];
      let at = 0;
      for (const { start, end, isCurrent } of ranges) {
        if (start > at) parts.push(document.createTextNode(text.slice(at, start)));
        const mark = document.createElement('mark');
        mark.className = isCurrent ? 'reader-hit is-current' : 'reader-hit';
        mark.textContent = text.slice(start, end);
        parts.push(mark);
        at = end;
      }
      if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
      div.replaceChildren(...parts);
    });
    if (this.revealing && this.revealing === current && current.page === view.number) {
      this.revealing = null;
      view.element.querySelector('mark.is-current')?.scrollIntoView({ block: 'center', inline: 'center' });
    }
  }

  /** Which of a page's marks (`matches`) is hit `hit`: its number on the page when the page
   *  has as many marks as the list has hits on it; else (pdf.js reads the page in another order
   *  or other words than the index: columns, a word split otherwise) the same numbered one among
   *  the marks of the same words. */
  ordinalOnPage(hit, matches, view) {
    const listed = this.hits.filter((other) => other.page === hit.page);
    if (listed.length === matches.length) return hit.ordinal;
    const key = (text) => spellingKey(text.replace(/[^\p{L}\p{N}]+/gu, ''));
    const words = key(hit.match);
    const before = listed.filter((other) => other.ordinal < hit.ordinal && key(other.match) === words).length;
    const same = matches.map((parts, ordinal) => ({ ordinal, words: key(parts.map(([item, from, to]) => view.strings[item].slice(from, to)).join('')) }))
      .filter((match) => match.words === words);
    return same[before]?.ordinal ?? same[same.length - 1]?.ordinal ?? Math.min(hit.ordinal, matches.length - 1);
  }

  // MARK: The panel: outline, thumbnails, hits

  togglePanel(open = this.panel.hidden) {
    this.panel.hidden = !open;
    this.field('panel').setAttribute('aria-expanded', String(open));
    if (open) this.showTab(this.tab ?? (this.hits.length ? 'hit-list' : 'outline'), { focus: true });
    else this.field('panel').focus({ preventScroll: true });
  }

  /** On a narrow screen the panel covers the pages: it closes once one is chosen. */
  chosen() {
    if (window.innerWidth < WIDE) this.togglePanel(false);
  }

  showTab(name, { focus = false } = {}) {
    this.tab = name;
    for (const tab of this.panel.querySelectorAll('[role="tab"]')) {
      const selected = tab.dataset.tab === name;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected && focus) tab.focus({ preventScroll: true });
    }
    for (const body of this.panel.querySelectorAll('[role="tabpanel"]')) body.hidden = body.id !== `reader-${name}`;
    if (name === 'outline') this.listOutline();
    if (name === 'thumbnails') {
      const shown = Number.parseInt(this.field('page').value.replace(/\D/g, ''), 10) || this.shownPage();
      this.listThumbnails();
      this.markThumbnail(shown);
      this.reveal(this.thumbnails[shown - 1]);
    }
    if (name === 'hit-list') this.reveal(this.panel.querySelector('.reader-hits button[aria-current]'));
  }

  /** Scrolls the panel's tab (only: scrollIntoView would scroll the pages too) to `element`. */
  reveal(element) {
    const box = element?.closest('[role="tabpanel"]');
    if (!box) return;
    const outer = box.getBoundingClientRect(), inner = element.getBoundingClientRect();
    if (inner.top < outer.top) box.scrollTop += inner.top - outer.top - 8;
    else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + 8;
  }

  panelBody(name) {
    return this.panel.querySelector(`#reader-${name}`);
  }

  /** The PDF's outline as nested lists: an entry goes to its page, one with entries under it
   *  opens and closes them (closed, unless the top has three entries or fewer). */
  async listOutline() {
    if (this.outlineListed) return;
    this.outlineListed = true;
    const box = this.panelBody('outline');
    let outline = null;
    try {
      outline = await this.pdf.getOutline();
    } catch {
      outline = null;
    }
    if (!outline?.length) {
      const note = document.createElement('p');
      note.className = 'reader-panel-note';
      note.textContent = this.controls.dataset.noOutline;
      box.replaceChildren(note);
      return;
    }
    const language = this.article.dataset.language;
    const list = (items, depth) => {
      const ul = document.createElement('ul');
      for (const item of items) {
        const li = document.createElement('li');
        const row = document.createElement('div');
        row.className = 'reader-outline-row';
        const go = document.createElement('button');
        go.type = 'button';
        go.className = 'reader-outline-entry';
        go.textContent = item.title;
        if (language) go.lang = language;
        go.addEventListener('click', () => this.goToDestination(item.dest));
        row.append(go);
        li.append(row);
        if (item.items?.length && depth < 8) {
          const children = list(item.items, depth + 1);
          // Closed, but for the chapters under the only few entries of the top (a book's title).
          children.hidden = depth > 0 || outline.length > 3;
          children.id = `reader-outline-${(this.outlineLists = (this.outlineLists ?? 0) + 1)}`;
          const toggle = document.createElement('button');
          toggle.type = 'button';
          toggle.className = 'reader-outline-toggle';
          toggle.setAttribute('aria-expanded', String(!children.hidden));
          toggle.setAttribute('aria-controls', children.id);
          toggle.setAttribute('aria-label', this.controls.dataset.outlineSections.replace('%1', item.title));
          toggle.addEventListener('click', () => {
            children.hidden = !children.hidden;
            toggle.setAttribute('aria-expanded', String(!children.hidden));
          });
          row.prepend(toggle);
          li.append(children);
        }
        ul.append(li);
      }
      return ul;
    };
    box.replaceChildren(list(outline, 0));
  }

  async goToDestination(destination) {
    try {
      const explicit = typeof destination === 'string' ? await this.pdf.getDestination(destination) : destination;
      if (!Array.isArray(explicit)) return;
      const index = typeof explicit[0] === 'number' ? explicit[0] : await this.pdf.getPageIndex(explicit[0]);
      this.goTo(index + 1);
      this.chosen();
    } catch {
      // A broken link in the outline goes nowhere.
    }
  }

  /** Every page as a thumbnail button, drawn when it comes into view (one at a time, at most
   *  ``KEPT_THUMBS`` kept). */
  listThumbnails() {
    if (this.thumbnails) return;
    const box = this.panelBody('thumbnails');
    const grid = document.createElement('ol');
    grid.className = 'reader-thumbs';
    const first = this.pages[0];
    this.thumbnails = this.pages.map((view) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'reader-thumb';
      button.dataset.page = String(view.number);
      button.setAttribute('aria-label', this.label(this.controls.dataset.pageLabel, view.number, this.count));
      const frame = document.createElement('span');
      frame.className = 'reader-thumb-frame';
      frame.style.aspectRatio = `${first.width} / ${first.height}`;
      const number = document.createElement('span');
      number.className = 'reader-thumb-number';
      number.setAttribute('aria-hidden', 'true');
      number.textContent = this.numbers.format(view.number);
      button.append(frame, number);
      button.addEventListener('click', () => { this.goTo(view.number); this.chosen(); });
      item.append(button);
      grid.append(item);
      return button;
    });
    box.replaceChildren(grid);
    this.visibleThumbs = new Set();
    this.drawnThumbs = [];
    this.thumbObserver = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) { this.visibleThumbs.add(entry.target); this.drawThumb(entry.target); }
        else this.visibleThumbs.delete(entry.target);
      }
    }, { root: box, rootMargin: '200px 0px' });
    for (const button of this.thumbnails) this.thumbObserver.observe(button);
  }

  drawThumb(button) {
    if (button.dataset.drawn) return;
    button.dataset.drawn = 'waiting';
    this.thumbQueue = (this.thumbQueue ?? Promise.resolve()).then(async () => {
      // Scrolled past before its turn: drawn when it comes back.
      if (this.destroyed || !this.visibleThumbs.has(button)) { delete button.dataset.drawn; return; }
      const page = await this.pdf.getPage(Number(button.dataset.page));
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (THUMB_WIDTH * Math.min(window.devicePixelRatio || 1, 2)) / natural.width });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.setAttribute('aria-hidden', 'true');
      await page.render({ canvasContext: canvas.getContext('2d', { alpha: false }), viewport }).promise;
      const frame = button.querySelector('.reader-thumb-frame');
      frame.style.aspectRatio = `${natural.width} / ${natural.height}`;
      frame.replaceChildren(canvas);
      button.dataset.drawn = 'drawn';
      this.drawnThumbs.push(button);
      while (this.drawnThumbs.length > KEPT_THUMBS) {
        const far = this.drawnThumbs.findIndex((drawn) => !this.visibleThumbs.has(drawn));
        if (far === -1) break;
        const [released] = this.drawnThumbs.splice(far, 1);
        released.querySelector('.reader-thumb-frame').replaceChildren();
        delete released.dataset.drawn;
      }
    }).catch(() => { delete button.dataset.drawn; });
  }

  /** The hits with their pages and words, and the search's other reports with their counts. */
  listHits() {
    const tab = this.panel.querySelector('[data-tab="hit-list"]');
    const box = this.panelBody('hit-list');
    tab.hidden = !this.terms.length;
    if (!this.terms.length && this.tab === 'hit-list') this.showTab('outline');
    box.replaceChildren();
    if (!this.terms.length) return;
    const language = this.article.dataset.language;
    const list = document.createElement('ol');
    list.className = 'reader-hits';
    this.hits.forEach((hit, index) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.hit = String(index);
      const page = document.createElement('span');
      page.className = 'reader-hit-page';
      page.textContent = this.label(this.controls.dataset.onPage, hit.page);
      const words = document.createElement('span');
      words.className = 'reader-hit-words';
      if (language) words.lang = language;
      const mark = document.createElement('mark');
      mark.textContent = hit.match;
      words.append(hit.before, mark, hit.after);
      button.append(page, words);
      button.addEventListener('click', () => { this.select(index); this.chosen(); });
      item.append(button);
      list.append(item);
    });
    let more = null;
    if (this.hits.length < this.total) {
      more = document.createElement('button');
      more.type = 'button';
      more.className = 'button reader-more-hits';
      more.textContent = this.label(this.controls.dataset.moreHits, Math.min(1000, this.total - this.hits.length));
      more.addEventListener('click', async () => {
        const first = this.hits.length;
        if (await this.readOn()) box.querySelector(`.reader-hits button[data-hit="${first}"]`)?.focus();
      });
    }
    const status = document.createElement('p');
    status.className = 'reader-panel-note';
    status.textContent = !this.hits.length ? this.controls.dataset.noHits
      : this.total > this.hits.length ? this.label(this.controls.dataset.listedFirst, this.hits.length, this.total)
        : this.label(this.controls.dataset.reportHits, this.hits.length);
    box.append(status, list);
    if (more) box.append(more);
    if (this.reports.length < 2) return;
    const heading = document.createElement('h3');
    heading.className = 'reader-panel-heading';
    heading.textContent = this.controls.dataset.otherReports;
    const others = document.createElement('ul');
    others.className = 'reader-hit-reports';
    for (const report of this.reports) {
      const item = document.createElement('li');
      const here = report.id === this.article.dataset.report;
      const entry = document.createElement(here ? 'span' : 'button');
      if (here) entry.setAttribute('aria-current', 'true');
      else {
        entry.type = 'button';
        entry.addEventListener('click', () => this.openReport(report, 'first'));
      }
      const title = document.createElement('span');
      title.className = 'reader-hit-report-title';
      title.textContent = report.title;
      if (report.language) title.lang = report.language;
      const count = document.createElement('span');
      count.className = 'reader-hit-page';
      count.textContent = this.label(this.controls.dataset.reportHits, report.count);
      entry.append(title, count);
      item.append(entry);
      others.append(item);
    }
    box.append(heading, others);
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
    on('panel', () => this.togglePanel());
    on('close-panel', () => this.togglePanel(false));
    for (const tab of this.panel.querySelectorAll('[role="tab"]')) tab.addEventListener('click', () => this.showTab(tab.dataset.tab));
    this.panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.togglePanel(false);
        return;
      }
      if (!event.target.matches('[role="tab"]') || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
      event.preventDefault();
      const tabs = [...this.panel.querySelectorAll('[role="tab"]:not([hidden])')];
      const at = tabs.indexOf(event.target);
      const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key];
      this.showTab(tabs[(next + tabs.length) % tabs.length].dataset.tab, { focus: true });
    });

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
    words.addEventListener('input', () => {
      clearTimeout(this.typing);
      this.typing = setTimeout(() => this.find(words.value), 250);
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
    // The panel's own keys (its tabs' arrows) are its own.
    if (event.defaultPrevented || event.target.closest?.('.reader-panel')) return;
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
