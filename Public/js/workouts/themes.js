// Themes: removing one asks first.
import { confirmBeforeSubmitting } from '../shared/dialogs.js';

confirmBeforeSubmitting();
