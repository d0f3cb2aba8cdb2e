// Pages whose forms remove something (themes, workout goals): each asks first.
import { confirmBeforeSubmitting } from '../shared/dialogs.js';

confirmBeforeSubmitting();
