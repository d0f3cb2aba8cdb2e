// Scheduled, Inbox and Sent: the next page loads as "Load more" scrolls into view (the link
// still works by itself); a cell swipes left onto Delete; in select mode the count of chosen
// wishes is announced and Trash deletes them; every delete asks first.
import { askBeforeDeleting } from './delete.js';
import { enableSwipe } from '../shared/swipe.js';

const form = document.getElementById('wish-list-form');
const list = document.getElementById('wish-list');

function setUpCell(cell) {
  const button = cell.querySelector('.wish-delete-button');
  if (!button) return;
  enableSwipe(cell, {
    revealWidth: 96,
    onCommit: () => new Promise((resolve) => {
      form.addEventListener('delete-answered', (event) => resolve(event.detail), { once: true });
      form.requestSubmit(button);
    }),
  });
}

function setUpSelection() {
  const count = document.getElementById('select-count');
  if (!count) return;
  const update = () => {
    const chosen = list.querySelectorAll('.wish-select-box:checked').length;
    count.textContent = chosen === 0 ? count.dataset.none : count.dataset.template.replace('%@', chosen.toLocaleString(document.documentElement.dataset.formatLocale));
    document.getElementById('trash-selected').disabled = chosen === 0;
  };
  list.addEventListener('change', update);
  update();
}

/** Loads the page the link names and adds its cells; the link then names the page after it. */
function setUpLoadMore() {
  let loading = false;
  const load = async (link) => {
    if (loading) return;
    loading = true;
    const label = link.textContent;
    link.textContent = link.dataset.loading;
    link.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(link.href, { headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(String(response.status));
      const next = new DOMParser().parseFromString(await response.text(), 'text/html');
      for (const cell of next.querySelectorAll('#wish-list > li')) {
        const adopted = document.adoptNode(cell);
        list.append(adopted);
        setUpCell(adopted);
      }
      const footer = next.querySelector('.load-more, .list-end');
      link.closest('.load-more').replaceWith(document.adoptNode(footer));
      watch();
    } catch {
      link.textContent = label;
      link.removeAttribute('aria-busy');
    } finally {
      loading = false;
    }
  };
  const observer = 'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => { for (const entry of entries) if (entry.isIntersecting) load(entry.target); }, { rootMargin: '400px 0px' })
    : null;
  const watch = () => {
    const link = document.getElementById('load-more');
    if (!link) return;
    link.addEventListener('click', (event) => { event.preventDefault(); load(link); });
    observer?.observe(link);
  };
  watch();
}

if (form && list) {
  askBeforeDeleting(form, (submitter) => {
    if (submitter?.name === 'ids[]') return form.dataset.confirmOne;
    return list.querySelector('.wish-select-box:checked') ? form.dataset.confirmMany : null;
  }, form.dataset.deleteLabel);
  list.querySelectorAll('.swipe-cell').forEach(setUpCell);
  setUpSelection();
  setUpLoadMore();
}
