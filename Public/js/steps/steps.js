// The Steps page: uploading an export with a progress bar (then opening the month of its latest
// data with a summary), the chart's readout, and a reload when the day changes while the current
// month is open (the chart gains a new day).
import { uploadWithProgress } from '../shared/upload-form.js';

function setUpImport() {
  const form = document.getElementById('import-form');
  if (!form) return;
  uploadWithProgress(form, {
    onDone: ({ body }, status) => {
      status.textContent = form.dataset.doneMessage;
      // Opens the month of the latest imported data, where the page shows the import's summary.
      const next = new URL(form.dataset.page, window.location.href);
      if (body?.lastDate) next.searchParams.set('month', body.lastDate.slice(0, 7));
      if (body?.id) next.searchParams.set('imported', body.id);
      window.location.assign(next);
    },
  });
}

function reloadAtMidnight() {
  const page = document.getElementById('steps-page');
  if (page?.dataset.currentMonth !== 'true') return;
  const now = new Date();
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 5);
  setTimeout(() => window.location.reload(), midnight - now);
}

/** Reads a day of the chart out above it: by tapping or dragging across the chart, or with
 *  the arrow keys (Home and End for the first and last day) once it has focus. */
function setUpChartReadout() {
  const chart = document.querySelector('.steps-chart');
  const readout = document.getElementById('chart-readout');
  const points = [...document.querySelectorAll('.chart-point')];
  if (!chart || !readout || points.length === 0) return;
  const guide = chart.querySelector('.chart-guide');
  let selected = -1;
  const select = (index) => {
    selected = Math.max(0, Math.min(points.length - 1, index));
    const point = points[selected];
    for (const other of points) other.classList.toggle('is-selected', other === point);
    guide.setAttribute('x1', point.getAttribute('cx'));
    guide.setAttribute('x2', point.getAttribute('cx'));
    guide.hidden = false;
    readout.textContent = point.dataset.label;
  };
  const nearest = (clientX) => {
    const box = chart.getBoundingClientRect();
    const x = ((clientX - box.left) / box.width) * chart.viewBox.baseVal.width;
    let best = 0;
    points.forEach((point, index) => {
      if (Math.abs(point.cx.baseVal.value - x) < Math.abs(points[best].cx.baseVal.value - x)) best = index;
    });
    return best;
  };
  chart.addEventListener('pointerdown', (event) => { select(nearest(event.clientX)); });
  chart.addEventListener('pointermove', (event) => { if (event.buttons) select(nearest(event.clientX)); });
  chart.addEventListener('focus', () => { if (selected < 0) select(points.length - 1); });
  chart.addEventListener('keydown', (event) => {
    const moves = { ArrowLeft: selected - 1, ArrowRight: selected + 1, Home: 0, End: points.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]);
  });
}

/** Moves focus to the import's summary when the page opens with one, so it is read out. */
function focusImportResult() {
  document.getElementById('import-result')?.focus();
}

setUpImport();
focusImportResult();
setUpChartReadout();
reloadAtMidnight();
