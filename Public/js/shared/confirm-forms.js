// Pages whose forms remove something (themes, workout goals, contacts, yearly wishes): each
// form with a data-confirm question asks it first.
import { confirmBeforeSubmitting } from './dialogs.js';

confirmBeforeSubmitting();
