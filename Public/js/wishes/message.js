// A wish's page: Delete asks first.
import { askBeforeDeleting } from './delete.js';

const form = document.querySelector('.wish-delete-form');
if (form) askBeforeDeleting(form, () => form.dataset.confirm, form.querySelector('button[type=submit]').textContent.trim());
